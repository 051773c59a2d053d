"""Core service through the SearXNG replay: the contract's JSON shape and metadata."""

from __future__ import annotations

import json
import subprocess
import sys

from websearch import WebSearch


async def test_search_through_replay_has_contract_shape(searxng_replay) -> None:  # type: ignore[no-untyped-def]
    async with WebSearch() as ws:
        resp = await ws.search("python", max_results=5)
    assert resp.error is None
    assert [r.rank for r in resp.results] == [1, 2, 3, 4, 5]
    assert resp.results[0].url == "https://www.python.org/"
    assert resp.results[0].provider == "searxng"
    assert resp.metadata.provider == "searxng"
    assert resp.metadata.providers_tried == ["searxng"]
    data = resp.model_dump(mode="json")
    assert set(data) == {"query", "mode", "results", "metadata", "error"}
    assert set(data["metadata"]) >= {"provider", "providers_tried", "search_time_ms", "cached", "content_fetch_stats"}
    first = data["results"][0]
    for key in ("rank", "title", "url", "snippet", "provider", "published", "source", "image_url",
                "thumbnail_url", "width", "height", "duration", "embed_url", "publisher", "content"):
        assert key in first
    assert first["content"] is None
    req = searxng_replay.requests[0]
    assert req.query["q"] == "python" and req.query["format"] == "json"
    assert req.query["categories"] == "general" and req.query["safesearch"] == "1"


async def test_pages_further_when_one_page_is_short(searxng_replay) -> None:  # type: ignore[no-untyped-def]
    async with WebSearch() as ws:
        resp = await ws.search("python", max_results=25)
    assert resp.error is None
    assert len(resp.results) == 25
    assert len({r.url for r in resp.results}) == 25
    assert [r.query["pageno"] for r in searxng_replay.requests] == ["1", "2", "3"]


def test_cli_json_through_replay(searxng_replay) -> None:  # type: ignore[no-untyped-def]
    out = subprocess.run(
        [sys.executable, "-m", "websearch.cli", "search", "python", "-n", "3", "--json"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert len(data["results"]) == 3 and data["error"] is None

"""Arbitrary input at ``WebSearch.search``: always a valid response or a typed error."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.replay.searxng import searxng_server
from tests.replay.server import ReplayServer
from websearch import WebSearch
from websearch.models import SearchResponse

ERROR_TYPES = {
    "invalid_query", "rate_limited", "captcha_required", "timeout", "network_error", "auth_error",
    "quota_exceeded", "provider_error", "unsupported", "blocked_url", "fetch_error", "config_error",
}

anything = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.floats(allow_nan=True),
    st.text(max_size=60), st.lists(st.text(max_size=8), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
option_names = st.sampled_from([
    "mode", "max_results", "timelimit", "region", "language", "safesearch", "provider",
    "fetch_content", "max_content_chars", "bogus_option",
])
queries = st.one_of(
    st.text(max_size=700),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=490, max_size=520),
    st.sampled_from(["", "   ", "\x00", "\u202e rtl", "a" * 500, "a" * 501, "\n\t q \r\n"]),
    st.integers(), st.none(),
)


def _check(resp: SearchResponse) -> None:
    data = json.loads(resp.model_dump_json())
    assert set(data) == {"query", "mode", "results", "metadata", "error"}
    if resp.error is not None:
        assert resp.error.type in ERROR_TYPES
        assert resp.error.message
        assert "Traceback" not in resp.error.message
    else:
        assert all(r.url for r in resp.results)


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with searxng_server() as srv:
        yield srv


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])
@given(query=queries, options=st.dictionaries(option_names, anything, max_size=4))
def test_search_never_raises_on_arbitrary_input(
    server: ReplayServer, query: object, options: dict[str, object]
) -> None:
    async def run() -> SearchResponse:
        async with WebSearch(provider=["searxng"], searxng_url=server.url, search_timeout=5) as ws:
            return await ws.search(query, **options)  # type: ignore[arg-type]

    resp = asyncio.run(asyncio.wait_for(run(), 20))
    _check(resp)
    if not isinstance(query, str) or not " ".join(query.split()) or len(" ".join(query.split())) > 500:
        assert resp.error is not None
        assert resp.error.type == "invalid_query"


async def test_query_bounds_are_exact(searxng_replay) -> None:  # type: ignore[no-untyped-def]
    async with WebSearch() as ws:
        ok = await ws.search("  " + "a" * 500 + "  ")
        too_long = await ws.search("a" * 501)
        empty = await ws.search(" \n\t ")
    assert ok.error is None
    assert ok.query == "a" * 500
    assert too_long.error is not None and too_long.error.type == "invalid_query"
    assert "500" in too_long.error.message
    assert empty.error is not None and empty.error.type == "invalid_query"
    assert len(searxng_replay.requests) == 1  # bad input never reached the provider

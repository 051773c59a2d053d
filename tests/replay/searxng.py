"""SearXNG replay: ``GET /search?format=json`` answered with the real recorded response."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .server import ReplayServer, Reply, Request

DATA = Path(__file__).resolve().parent.parent / "data" / "searxng"
RECORDED: dict[str, Any] = json.loads((DATA / "search_json_python_openwebui.json").read_text("utf-8"))


def searxng_route(page_size: int = 10) -> Any:
    """Serve the recording in pages of ``page_size`` (SearXNG pages by ``pageno``)."""

    def route(req: Request) -> Reply:
        if req.query.get("format") != "json":
            return Reply(403, b"<html>403 Forbidden</html>", {"Content-Type": "text/html"})
        page = int(req.query.get("pageno", "1"))
        results = RECORDED["results"][(page - 1) * page_size : page * page_size]
        return Reply.json({**RECORDED, "query": req.query.get("q", ""), "results": results})

    return route


def searxng_server(*, delay: float = 0.0, page_size: int = 10) -> ReplayServer:
    return ReplayServer({"/search": searxng_route(page_size)}, delay=delay)

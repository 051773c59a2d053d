"""SearXNG (self-hosted metasearch): ``GET {SEARXNG_URL}/search?format=json``.

Modes map to SearXNG categories (text → general, news, videos, images); a request's
``category`` passes SearXNG's other categories through (it, science, files, music, map…).
JSON output is off by default in SearXNG (``search.formats`` in settings.yml): its 403
gets an error that says so.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..errors import AuthError, ProviderError
from ..models import Mode, SearchRequest, SearchResult
from ._http import check_status, json_body, send
from .base import BaseProvider

__all__ = ["SearxngProvider", "parse_results"]

NAME = "searxng"
_CATEGORY: dict[str, str] = {"text": "general", "news": "news", "videos": "videos", "images": "images"}
_TIME = {"d": "day", "w": "week", "m": "month", "y": "year"}
_SAFE = {"off": "0", "moderate": "1", "strict": "2"}
MAX_PAGES = 5


def _str(value: object) -> str | None:
    return str(value) if value not in (None, "") else None


def _dimensions(value: object) -> tuple[int | None, int | None]:
    # SearXNG reports image sizes as "1920 x 1080" (resolution) when it knows them.
    if isinstance(value, str) and "x" in value:
        w, _, h = value.replace(" ", "").partition("x")
        if w.isdigit() and h.isdigit():
            return int(w), int(h)
    return None, None


def parse_results(data: dict[str, Any], mode: Mode) -> list[SearchResult]:
    """SearXNG JSON → results (pure); ranks are positions in the answer."""
    out: list[SearchResult] = []
    for item in data.get("results") or []:
        if not isinstance(item, dict) or not item.get("url"):
            continue
        width, height = _dimensions(item.get("resolution"))
        score = item.get("score")
        out.append(
            SearchResult(
                rank=len(out) + 1,
                title=str(item.get("title") or item["url"]),
                url=str(item["url"]),
                snippet=" ".join(str(item.get("content") or "").split()),
                provider=NAME,
                published=_str(item.get("publishedDate")),
                source=_str(item.get("engine")),
                image_url=_str(item.get("img_src")) if mode == "images" else None,
                thumbnail_url=_str(item.get("thumbnail_src") or item.get("thumbnail")),
                width=width,
                height=height,
                duration=_str(item.get("length")),
                embed_url=_str(item.get("iframe_src")),
                publisher=_str(item.get("author")),
                score=float(score) if isinstance(score, (int, float)) else None,
            )
        )
    return out


class SearxngProvider(BaseProvider):
    name: ClassVar[str] = NAME
    modes: ClassVar[frozenset[Mode]] = frozenset({"text", "news", "videos", "images"})
    required_env: ClassVar[tuple[str, ...]] = ("SEARXNG_URL",)
    description: ClassVar[str] = "a SearXNG instance (SEARXNG_URL, optional SEARXNG_API_KEY)"

    def config_problem(self) -> str | None:
        if not self.settings.searxng_url:
            return "searxng needs the instance URL: set SEARXNG_URL (e.g. http://localhost:8888)"
        return None

    def params(self, request: SearchRequest, page: int) -> dict[str, str]:
        params = {
            "q": request.query,
            "format": "json",
            "categories": request.category or _CATEGORY[request.mode],
            "safesearch": _SAFE[request.safesearch],
            "pageno": str(page),
        }
        if request.timelimit:
            params["time_range"] = _TIME[request.timelimit]
        if request.language:
            params["language"] = request.language
        elif request.region != "wt-wt":
            country, _, lang = request.region.partition("-")
            params["language"] = f"{lang}-{country.upper()}"
        return params

    async def search(self, request: SearchRequest, *, timeout: float) -> list[SearchResult]:
        problem = self.config_problem()
        if problem:
            raise AuthError(problem, provider=NAME)
        self.check_mode(request)
        headers = {"Accept": "application/json"}
        if self.settings.searxng_api_key:
            headers["Authorization"] = f"Bearer {self.settings.searxng_api_key}"
        results: list[SearchResult] = []
        seen: set[str] = set()
        for page in range(1, MAX_PAGES + 1):
            resp = await send(
                self.http, "GET", f"{self.settings.searxng_url}/search", provider=NAME, timeout=timeout,
                params=self.params(request, page), headers=headers,
            )
            if resp.status_code == 403 and not self.settings.searxng_api_key:
                raise ProviderError(
                    "the SearXNG instance refused format=json (HTTP 403): JSON output is disabled by "
                    "default; add `json` to `search.formats` in its settings.yml (or set SEARXNG_API_KEY "
                    "if the instance wants a key)",
                    provider=NAME,
                )
            check_status(resp, provider=NAME, key_env="SEARXNG_API_KEY")
            fresh = [r for r in parse_results(json_body(resp, provider=NAME), request.mode) if r.url not in seen]
            for r in fresh:
                seen.add(r.url)
                results.append(r)
            if not fresh or len(results) >= request.max_results:
                break
        return results[: request.max_results]

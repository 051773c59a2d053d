"""DuckDuckGo through the maintained ``ddgs`` library, with its two flaws fixed.

Which seam and why: we use ``ddgs``'s own DuckDuckGo engine classes (its request building
and its XPath/JSON parsing stay the library's, so DuckDuckGo layout changes are fixed
upstream) and override one method, ``request``, to drive the engine's ``primp`` client
ourselves. ``ddgs``'s ``request`` throws the HTTP status away and returns ``None`` for
anything but 200, so its callers report DuckDuckGo's bot wall as "No results found.".
Driving ``primp`` directly gives us the status, the headers (``Retry-After``) and the body,
so we can tell:

* 202 (DuckDuckGo's bot wall) and 403/429 → ``RateLimited`` (``retry_after`` when sent);
* the anomaly/CAPTCHA challenge page (any status) → ``CaptchaRequired``;
* 5xx or another odd status → ``ProviderError``;
* a real 200 page with no results → zero results, no error.

The vqd token request of the news/videos/images endpoints goes through the same check.

Deadline: ``ddgs``'s timeout applies per request (and per wave of engines in
``backend="auto"``), so a search can take many times its timeout. We call the one
DuckDuckGo engine directly (no fan-out), run it in a bounded thread pool, and put one
overall deadline around the whole search with ``asyncio.wait_for``; the primp timeout is
set to that deadline too, so an abandoned thread ends soon after.

``WEB_SEARCH_PROXY`` and ``WEB_SEARCH_CA_BUNDLE`` are passed to primp (HTTP CONNECT proxy,
extra trust anchors), so a corporate TLS-inspecting proxy works unchanged.
"""

from __future__ import annotations

import asyncio
import math
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar

import httpx
import primp
from ddgs.engines.duckduckgo import Duckduckgo
from ddgs.engines.duckduckgo_images import DuckduckgoImages
from ddgs.engines.duckduckgo_news import DuckduckgoNews
from ddgs.engines.duckduckgo_videos import DuckduckgoVideos
from ddgs.exceptions import DDGSException
from ddgs.utils import _extract_vqd

from ..errors import (
    CaptchaRequired,
    NetworkError,
    ProviderError,
    RateLimited,
    SearchError,
    SearchTimeout,
)
from ..models import Mode, SearchRequest, SearchResult
from ..settings import Settings
from .base import BaseProvider

__all__ = ["DuckDuckGoProvider", "classify_response", "parse_retry_after"]

NAME = "duckduckgo"
MAX_PAGES = 5  # DuckDuckGo pages hold 10–30 text results; 5 pages always cover 50.

# Markers of DuckDuckGo's anomaly ("are you a bot?") challenge page.
_CHALLENGE_MARKERS = (b"anomaly-modal", b"challenge-form", b"bots use DuckDuckGo too", b"/anomaly.js")
_SAFE_TEXT = {"strict": "1", "moderate": "-1", "off": "-2"}


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header; dates and garbage give None, clamped to 1 h."""
    if not value:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        import datetime as _dt

        seconds = (when - _dt.datetime.now(_dt.timezone.utc)).total_seconds()
    if not math.isfinite(seconds):
        return None
    return min(max(seconds, 0.0), 3600.0)


def classify_response(status: int, headers: dict[str, str], body: bytes) -> None:
    """Raise the typed error a DuckDuckGo answer stands for; return for a usable 200."""
    lowered = {k.lower(): v for k, v in headers.items()}
    retry_after = parse_retry_after(lowered.get("retry-after"))
    head = body[:200_000]
    if any(marker in head for marker in _CHALLENGE_MARKERS) and status != 202:
        raise CaptchaRequired(
            "DuckDuckGo is asking for a CAPTCHA (bot protection). Wait a few minutes, reduce the "
            "request rate, or configure another provider (WEB_SEARCH_PROVIDER=duckduckgo,brave).",
            retry_after=retry_after,
            provider=NAME,
        )
    if status in (202, 403, 429):
        raise RateLimited(
            f"DuckDuckGo is rate limiting this client (HTTP {status}). Wait before retrying, or "
            "configure a fallback provider.",
            retry_after=retry_after,
            provider=NAME,
        )
    if status != 200:
        raise ProviderError(f"DuckDuckGo answered HTTP {status}", provider=NAME)


class _Checked:
    """Mixin for ddgs engines: every request goes through ``classify_response``."""

    http_client: Any

    def _raw(self, method: str, url: str, **kwargs: Any) -> bytes:
        try:
            resp = self.http_client.client.request(method, url, **kwargs)
            body: bytes = resp.content
            status: int = resp.status_code
            headers: dict[str, str] = dict(resp.headers)
        except primp.TimeoutError as exc:
            raise SearchTimeout("DuckDuckGo did not answer in time", provider=NAME) from exc
        except primp.PrimpError as exc:
            raise NetworkError(
                f"could not reach DuckDuckGo ({type(exc).__name__}); check the network or "
                "WEB_SEARCH_PROXY / WEB_SEARCH_CA_BUNDLE",
                provider=NAME,
            ) from exc
        classify_response(status, headers, body)
        return body

    def request(self, method: str, url: str, **kwargs: Any) -> str:
        return self._raw(method, url, **kwargs).decode("utf-8", errors="replace")

    def _get_vqd(self, query: str) -> str:
        body = self._raw("GET", "https://duckduckgo.com", params={"q": query})
        try:
            return _extract_vqd(body, query)
        except DDGSException as exc:
            raise ProviderError("DuckDuckGo answered without a search token (vqd)", provider=NAME) from exc


class _Text(_Checked, Duckduckgo):
    def build_payload(self, query: str, region: str, safesearch: str, timelimit: str | None,
                      page: int = 1, **kwargs: str) -> dict[str, Any]:
        payload = super().build_payload(query, region, safesearch, timelimit, page, **kwargs)
        payload["kp"] = _SAFE_TEXT.get(safesearch, "-1")
        return payload


class _News(_Checked, DuckduckgoNews):
    pass


class _Videos(_Checked, DuckduckgoVideos):
    pass


class _Images(_Checked, DuckduckgoImages):
    pass


_ENGINES: dict[Mode, type[Any]] = {"text": _Text, "news": _News, "videos": _Videos, "images": _Images}
# ddgs's safesearch words per mode: its text/news/videos tables say "on", not "strict".
_SAFE_DDGS = {"strict": "on", "moderate": "moderate", "off": "off"}


def _to_int(value: object) -> int | None:
    try:
        return int(str(value)) if value not in (None, "") else None
    except ValueError:
        return None


def _or_none(value: object) -> str | None:
    return str(value) if value not in (None, "") else None


def to_result(mode: Mode, item: Any, rank: int) -> SearchResult:
    """Map one ddgs result dataclass to our model (pure)."""
    if mode == "text":
        return SearchResult(rank=rank, title=item.title, url=item.href, snippet=item.body, provider=NAME)
    if mode == "news":
        return SearchResult(
            rank=rank, title=item.title, url=item.url, snippet=item.body or "", provider=NAME,
            published=_or_none(item.date), source=_or_none(item.source),
            image_url=_or_none(item.image),
        )
    if mode == "videos":
        images = item.images if isinstance(item.images, dict) else {}
        return SearchResult(
            rank=rank, title=item.title or "", url=item.content or "", snippet=item.description or "",
            provider=NAME, published=_or_none(item.published), duration=_or_none(item.duration),
            publisher=_or_none(item.publisher), embed_url=_or_none(item.embed_url),
            thumbnail_url=_or_none(images.get("medium") or images.get("small") or images.get("large")),
            source=_or_none(item.provider),
        )
    return SearchResult(
        rank=rank, title=item.title or "", url=item.url or item.image or "", snippet="", provider=NAME,
        image_url=_or_none(item.image), thumbnail_url=_or_none(item.thumbnail),
        width=_to_int(item.width), height=_to_int(item.height), source=_or_none(item.source),
    )


def region_for(request: SearchRequest) -> str:
    """DuckDuckGo has regions, not languages: ``pt-BR`` with no region becomes ``br-pt``."""
    if request.region == "wt-wt" and request.language and "-" in request.language:
        lang, country = request.language.split("-", 1)
        return f"{country.lower()}-{lang.lower()}"
    return request.region


class DuckDuckGoProvider(BaseProvider):
    name: ClassVar[str] = NAME
    modes: ClassVar[frozenset[Mode]] = frozenset({"text", "news", "videos", "images"})
    description: ClassVar[str] = "DuckDuckGo via ddgs; no API key"

    def __init__(self, settings: Settings, http: httpx.AsyncClient) -> None:
        super().__init__(settings, http)
        self._pool = ThreadPoolExecutor(max_workers=settings.ddg_threads, thread_name_prefix="websearch-ddg")
        self._local = threading.local()

    def _engine(self, mode: Mode) -> Any:
        # One engine (one primp client, one connection pool) per thread and mode: primp
        # clients are reused for keep-alive but never shared across threads. Their timeout
        # is the overall deadline, so a thread abandoned by ``wait_for`` ends soon after.
        engines: dict[Mode, Any] = self._local.__dict__.setdefault("engines", {})
        engine = engines.get(mode)
        if engine is None:
            engine = _ENGINES[mode](
                proxy=self.settings.proxy,
                timeout=max(1, math.ceil(self.settings.search_timeout)),
                verify=self.settings.ca_bundle or True,
            )
            engines[mode] = engine
        return engine

    def _search_sync(self, request: SearchRequest) -> list[SearchResult]:
        engine = self._engine(request.mode)
        seen: set[str] = set()
        out: list[SearchResult] = []
        for page in range(1, MAX_PAGES + 1):
            items = engine.search(
                request.query,
                region=region_for(request),
                safesearch=_SAFE_DDGS[request.safesearch],
                timelimit=request.timelimit,
                page=page,
            ) or []
            fresh = 0
            for item in items:
                result = to_result(request.mode, item, len(out) + 1)
                if not result.url or result.url in seen:
                    continue
                seen.add(result.url)
                out.append(result)
                fresh += 1
                if len(out) >= request.max_results:
                    return out
            if fresh == 0:  # a page with nothing new: DuckDuckGo has no more
                break
        return out

    async def search(self, request: SearchRequest, *, timeout: float) -> list[SearchResult]:
        self.check_mode(request)
        loop = asyncio.get_running_loop()
        call: Callable[[], list[SearchResult]] = lambda: self._search_sync(request)  # noqa: E731
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._pool, call), timeout)
        except asyncio.TimeoutError:
            raise SearchTimeout(
                f"DuckDuckGo did not answer within {timeout:.1f} s", provider=NAME
            ) from None
        except SearchError:
            raise
        except Exception as exc:  # a body ddgs could not parse (bad JSON, odd HTML)
            raise ProviderError(
                f"DuckDuckGo answer could not be read ({type(exc).__name__})", provider=NAME
            ) from exc

    async def aclose(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

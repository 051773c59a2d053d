"""``WebSearch``: validation, the provider chain, one deadline, metadata.

It never raises for search or fetch failures (they come back in ``.error``); it raises
``ConfigError`` only for programmer mistakes such as invalid settings.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import Any

import httpx
from pydantic import ValidationError

from .errors import ConfigError, InvalidQuery, SearchError, SearchTimeout, to_error_info
from .models import (
    ErrorInfo,
    PageFetchResponse,
    SearchMetadata,
    SearchRequest,
    SearchResponse,
    SearchResult,
)
from .providers import PROVIDERS, BaseProvider, provider_class
from .ratelimit import MemoryRateState, RateState
from .settings import Settings

__all__ = ["WebSearch", "describe_validation_error"]

log = logging.getLogger("websearch")

# Failures after which the chain moves on; invalid_query is the caller's to fix.
_NO_FALLBACK = frozenset({"invalid_query"})
# Failures that put a provider on cooldown.
_COOLDOWN = frozenset({"rate_limited", "captcha_required", "quota_exceeded"})


def describe_validation_error(exc: ValidationError) -> str:
    """One readable line per problem, no pydantic URLs or input echoes."""
    parts = []
    for err in exc.errors(include_url=False, include_input=False):
        loc = ".".join(str(p) for p in err.get("loc", ())) or "request"
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}")
    return "; ".join(parts)


def _ms(start: float) -> int:
    return int((time.monotonic() - start) * 1000)


class WebSearch:
    """The library's entry point; share one instance (one pool, one cache) per process."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        http_client: httpx.AsyncClient | None = None,
        rate_state: RateState | None = None,
        **overrides: Any,
    ) -> None:
        try:
            self.settings = settings.model_copy(update=overrides) if settings else Settings(**overrides)
        except ValidationError as exc:
            raise ConfigError(f"invalid settings: {describe_validation_error(exc)}") from exc
        self._own_http = http_client is None
        self.http = http_client or httpx.AsyncClient(
            proxy=self.settings.proxy,
            verify=self.settings.ca_bundle or True,
            timeout=httpx.Timeout(self.settings.search_timeout, connect=min(5.0, self.settings.search_timeout)),
            follow_redirects=False,
            headers={"User-Agent": "agent-websearch/0.1 (+https://pypi.org/project/agent-websearch/)"},
        )
        self.rate_state: RateState = rate_state or MemoryRateState()
        self._providers: dict[str, BaseProvider] = {}
        self._closed = False

    # -- lifecycle -----------------------------------------------------------------------
    async def __aenter__(self) -> WebSearch:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._closed:
            return
        self._closed = True
        for provider in self._providers.values():
            await provider.aclose()
        await self.rate_state.aclose()
        if self._own_http:
            await self.http.aclose()

    # -- providers -----------------------------------------------------------------------
    def provider(self, name: str) -> BaseProvider:
        """The provider instance for ``name`` (created on first use)."""
        if name not in self._providers:
            self._providers[name] = provider_class(name)(self.settings, self.http)
        return self._providers[name]

    def validate_chain(self, chain: Sequence[str] | None = None) -> list[str]:
        """Raise ``ConfigError`` if a provider of the chain is unknown or misconfigured.

        The CLI and the MCP server call this at start to fail fast; the library itself
        lets a misconfigured provider answer ``auth_error`` at search time instead.
        """
        names = list(chain or self.settings.provider)
        problems = []
        for name in names:
            if name not in PROVIDERS:
                problems.append(f"unknown provider {name!r} (known: {', '.join(sorted(PROVIDERS))})")
                continue
            problem = self.provider(name).config_problem()
            if problem:
                problems.append(problem)
        if problems:
            raise ConfigError("; ".join(problems))
        return names

    # -- search --------------------------------------------------------------------------
    async def search(self, query: str, **options: Any) -> SearchResponse:
        """Search; every failure is in ``.error``, never raised."""
        start = time.monotonic()
        try:
            request = SearchRequest(query=query, **options)
        except ValidationError as exc:
            return SearchResponse(
                query=query if isinstance(query, str) else str(query),
                mode=str(options.get("mode", "text")),
                metadata=SearchMetadata(search_time_ms=_ms(start)),
                error=InvalidQuery(describe_validation_error(exc)).info(),
            )
        except TypeError as exc:  # an unknown keyword argument
            return SearchResponse(
                query=str(query), error=InvalidQuery(str(exc)).info(), metadata=SearchMetadata()
            )
        try:
            return await self._search(request, start)
        except Exception as exc:  # the promise: never a stack trace for a search failure
            log.exception("unexpected failure in search")
            return SearchResponse(
                query=request.query,
                mode=request.mode,
                metadata=SearchMetadata(search_time_ms=_ms(start)),
                error=to_error_info(exc),
            )

    async def _search(self, request: SearchRequest, start: float) -> SearchResponse:
        chain = list(request.provider or self.settings.provider)
        unknown = [n for n in chain if n not in PROVIDERS]
        if unknown:
            return SearchResponse(
                query=request.query, mode=request.mode,
                metadata=SearchMetadata(search_time_ms=_ms(start)),
                error=ErrorInfo(
                    type="config_error",
                    message=f"unknown provider {unknown[0]!r}; known: {', '.join(sorted(PROVIDERS))}",
                ),
            )
        deadline = start + self.settings.search_timeout
        tried: list[str] = []
        failures: list[ErrorInfo] = []
        results: list[SearchResult] | None = None
        used: str | None = None
        for name in chain:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                failures.append(ErrorInfo(type="timeout", message="no time left", provider=name))
                break
            info = await self._try_provider(name, request, deadline, tried)
            if isinstance(info, list):
                results, used = info, name
                break
            failures.append(info)
            if info.type in _NO_FALLBACK:
                break
        metadata = SearchMetadata(provider=used, providers_tried=tried)
        if results is None:
            metadata.search_time_ms = _ms(start)
            return SearchResponse(
                query=request.query, mode=request.mode, metadata=metadata, error=_combine(failures)
            )
        for i, result in enumerate(results, 1):
            result.rank = i
        response = SearchResponse(query=request.query, mode=request.mode, results=results, metadata=metadata)
        if request.fetch_content and results:
            await self._fill_content(response, request)
        metadata.search_time_ms = _ms(start)
        return response

    async def _try_provider(
        self, name: str, request: SearchRequest, deadline: float, tried: list[str]
    ) -> list[SearchResult] | ErrorInfo:
        """One provider of the chain: results, or the typed reason it gave none."""
        try:
            provider = self.provider(name)
            provider.check_mode(request)
        except SearchError as exc:
            return to_error_info(exc, name)
        wait = await self.rate_state.cooldown_remaining(name)
        if wait > 0:
            return ErrorInfo(
                type="rate_limited",
                message=f"{name} is cooling down after a rate limit; skipped",
                retry_after=round(wait, 1),
                provider=name,
            )
        rate = self.settings.rate_limits.get(name)
        if rate and not await self.rate_state.acquire(name, rate, deadline):
            return ErrorInfo(
                type="rate_limited",
                message=f"{name}'s rate budget ({rate:g}/s) has no slot before the deadline",
                retry_after=round(1.0 / rate, 2),
                provider=name,
            )
        tried.append(name)
        remaining = deadline - time.monotonic()
        try:
            if remaining <= 0:
                raise SearchTimeout("the search deadline passed", provider=name)
            results = await asyncio.wait_for(
                provider.search(request, timeout=remaining), timeout=remaining
            )
        except asyncio.TimeoutError:
            return ErrorInfo(type="timeout", message=f"{name} did not answer within the deadline", provider=name)
        except Exception as exc:
            info = to_error_info(exc, name)
            if info.type in _COOLDOWN:
                await self.rate_state.start_cooldown(name, info.retry_after)
            return info
        await self.rate_state.record_success(name)
        return results[: request.max_results]

    async def _fill_content(self, response: SearchResponse, request: SearchRequest) -> None:
        """Fetch result pages (filled in by the page-fetching layer)."""
        return None

    async def fetch(self, url: str, query: str | None = None, max_chars: int | None = None) -> PageFetchResponse:
        """Fetch one page's main content; failures are in ``.error``."""
        return PageFetchResponse(
            url=url,
            error=ErrorInfo(type="unsupported", message="page fetching is not available yet"),
        )


def _combine(failures: list[ErrorInfo]) -> ErrorInfo:
    """One error for a chain where every provider failed; it says what each returned."""
    if not failures:
        return ErrorInfo(type="provider_error", message="no provider could answer")
    if len(failures) == 1:
        return failures[0]
    types = {f.type for f in failures}
    if types <= {"rate_limited", "captcha_required"}:
        kind = "captcha_required" if types == {"captcha_required"} else "rate_limited"
    else:
        kind = next((f.type for f in reversed(failures) if f.type != "unsupported"), failures[-1].type)
    waits = [f.retry_after for f in failures if f.retry_after is not None]
    detail = "; ".join(f"{f.provider or '?'}: {f.type} ({f.message})" for f in failures)
    return ErrorInfo(
        type=kind,
        message=f"all providers failed — {detail}",
        retry_after=min(waits) if waits else None,
        provider=failures[-1].provider,
    )

"""One error tree for the whole package.

Two audiences, two branches under one root::

    WebSearchError
    ├── ConfigError            programmer mistakes: bad settings, unknown provider (raised)
    └── SearchError            failures the *model* should read (returned in ``.error``)
        ├── InvalidQuery       invalid_query
        ├── RateLimited        rate_limited      (retry_after when known)
        ├── CaptchaRequired    captcha_required  (retry_after when known)
        ├── SearchTimeout      timeout
        ├── NetworkError       network_error
        ├── AuthError          auth_error        (message names the variable to set)
        ├── QuotaExceeded      quota_exceeded
        ├── ProviderError      provider_error
        ├── Unsupported        unsupported
        ├── BlockedURL         blocked_url
        └── FetchError         fetch_error

Providers and the fetcher raise ``SearchError`` subclasses; ``to_error_info`` is the one
place that turns *any* exception into the contract's typed ``ErrorInfo``. Vendor and
transport exceptions are classified by type, never by matching message text.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

import httpx

from .models import ErrorInfo, ErrorType

__all__ = [
    "AuthError",
    "BlockedURL",
    "CaptchaRequired",
    "ConfigError",
    "FetchError",
    "InvalidQuery",
    "NetworkError",
    "ProviderError",
    "QuotaExceeded",
    "RateLimited",
    "SearchError",
    "SearchTimeout",
    "Unsupported",
    "WebSearchError",
    "to_error_info",
]


class WebSearchError(Exception):
    """Root of every exception this package defines."""


class ConfigError(WebSearchError, ValueError):
    """A programmer mistake in settings; raised, never returned to a model."""

    error_type: ClassVar[ErrorType] = "config_error"


class SearchError(WebSearchError):
    """A failure reported to the caller as a typed ``ErrorInfo``."""

    error_type: ClassVar[ErrorType] = "provider_error"

    def __init__(
        self, message: str, *, retry_after: float | None = None, provider: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after
        self.provider = provider

    def info(self) -> ErrorInfo:
        return ErrorInfo(
            type=self.error_type,
            message=self.message,
            retry_after=self.retry_after,
            provider=self.provider,
        )


class InvalidQuery(SearchError):
    error_type: ClassVar[ErrorType] = "invalid_query"


class RateLimited(SearchError):
    error_type: ClassVar[ErrorType] = "rate_limited"


class CaptchaRequired(SearchError):
    error_type: ClassVar[ErrorType] = "captcha_required"


class SearchTimeout(SearchError):
    error_type: ClassVar[ErrorType] = "timeout"


class NetworkError(SearchError):
    error_type: ClassVar[ErrorType] = "network_error"


class AuthError(SearchError):
    error_type: ClassVar[ErrorType] = "auth_error"


class QuotaExceeded(SearchError):
    error_type: ClassVar[ErrorType] = "quota_exceeded"


class ProviderError(SearchError):
    error_type: ClassVar[ErrorType] = "provider_error"


class Unsupported(SearchError):
    error_type: ClassVar[ErrorType] = "unsupported"


class BlockedURL(SearchError):
    error_type: ClassVar[ErrorType] = "blocked_url"


class FetchError(SearchError):
    error_type: ClassVar[ErrorType] = "fetch_error"


def to_error_info(exc: BaseException, provider: str | None = None) -> ErrorInfo:
    """Classify any exception into the contract's typed error (the one mapping place)."""
    if isinstance(exc, SearchError):
        info = exc.info()
        if info.provider is None and provider is not None:
            info = info.model_copy(update={"provider": provider})
        return info
    if isinstance(exc, ConfigError):
        return ErrorInfo(type="config_error", message=str(exc), provider=provider)
    if isinstance(exc, (httpx.TimeoutException, asyncio.TimeoutError, TimeoutError)):
        return ErrorInfo(type="timeout", message="the request timed out", provider=provider)
    if isinstance(exc, httpx.TransportError):
        return ErrorInfo(
            type="network_error",
            message=f"network failure ({type(exc).__name__}): check the connection or proxy",
            provider=provider,
        )
    try:  # ddgs is a core dependency, but keep the mapping robust if it moves things.
        from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException

        if isinstance(exc, TimeoutException):
            return ErrorInfo(type="timeout", message="the request timed out", provider=provider)
        if isinstance(exc, RatelimitException):
            return ErrorInfo(type="rate_limited", message="rate limited by the provider", provider=provider)
        if isinstance(exc, DDGSException):
            return ErrorInfo(
                type="network_error", message=f"DuckDuckGo request failed: {exc}", provider=provider
            )
    except ImportError:  # pragma: no cover
        pass
    return ErrorInfo(
        type="provider_error",
        message=f"unexpected failure ({type(exc).__name__})",
        provider=provider,
    )

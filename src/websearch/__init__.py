"""websearch: reliable, fast, safe web search for LLM agents."""

from __future__ import annotations

from .errors import (
    AuthError,
    BlockedURL,
    CaptchaRequired,
    ConfigError,
    FetchError,
    InvalidQuery,
    NetworkError,
    ProviderError,
    QuotaExceeded,
    RateLimited,
    SearchError,
    SearchTimeout,
    Unsupported,
    WebSearchError,
)
from .models import (
    ContentFetchStats,
    ErrorInfo,
    PageContent,
    PageFetchResponse,
    SearchMetadata,
    SearchRequest,
    SearchResponse,
    SearchResult,
)
from .service import WebSearch
from .settings import Settings

__version__ = "0.1.0"

__all__ = [
    "AuthError",
    "BlockedURL",
    "CaptchaRequired",
    "ConfigError",
    "ContentFetchStats",
    "ErrorInfo",
    "FetchError",
    "InvalidQuery",
    "NetworkError",
    "PageContent",
    "PageFetchResponse",
    "ProviderError",
    "QuotaExceeded",
    "RateLimited",
    "SearchError",
    "SearchMetadata",
    "SearchRequest",
    "SearchResponse",
    "SearchResult",
    "SearchTimeout",
    "Settings",
    "Unsupported",
    "WebSearch",
    "WebSearchError",
    "__version__",
]

"""Typed request, result and response models: the contract's JSON shapes.

Everything that crosses a module boundary is one of these models, never a loose dict.
``model_dump(mode="json")`` of a response is exactly the shape in CONTRACT.md.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "MODES",
    "ContentFetchStats",
    "ErrorInfo",
    "ErrorType",
    "Mode",
    "PageContent",
    "PageFetchResponse",
    "SafeSearch",
    "SearchMetadata",
    "SearchRequest",
    "SearchResponse",
    "SearchResult",
    "TimeLimit",
]

Mode = Literal["text", "news", "videos", "images"]
MODES: tuple[Mode, ...] = ("text", "news", "videos", "images")
TimeLimit = Literal["d", "w", "m", "y"]
SafeSearch = Literal["off", "moderate", "strict"]
ErrorType = Literal[
    "invalid_query",
    "rate_limited",
    "captcha_required",
    "timeout",
    "network_error",
    "auth_error",
    "quota_exceeded",
    "provider_error",
    "unsupported",
    "blocked_url",
    "fetch_error",
    "config_error",
]

_REGION = re.compile(r"^(wt-wt|[a-z]{2}-[a-z]{2})$")
_LANGUAGE = re.compile(r"^[a-z]{2}(-[A-Z]{2})?$")
_PROVIDER_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
MAX_QUERY_CHARS = 500


class ErrorInfo(BaseModel):
    """A failure the caller (often a model) can act on: what, why, and when to retry."""

    model_config = ConfigDict(frozen=True)

    type: ErrorType
    message: str
    retry_after: float | None = None
    provider: str | None = None


class SearchRequest(BaseModel):
    """A validated search request; validation follows the contract's table exactly."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS)]
    mode: Mode = "text"
    max_results: Annotated[int, Field(ge=1, le=50)] = 10
    timelimit: TimeLimit | None = None
    region: str = "wt-wt"
    language: str | None = None
    safesearch: SafeSearch = "moderate"
    provider: tuple[str, ...] | None = None
    fetch_content: bool = False
    max_content_chars: Annotated[int, Field(ge=1, le=1_000_000)] = 4000
    # Provider-specific category (SearXNG's it, science, files, music, map); None = from mode.
    category: str | None = None

    @field_validator("query", mode="before")
    @classmethod
    def _trim(cls, value: object) -> object:
        # Whitespace runs collapse: "a \n b" and "a b" are the same question.
        return " ".join(value.split()) if isinstance(value, str) else value

    @field_validator("timelimit", "language", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("region")
    @classmethod
    def _region(cls, value: str) -> str:
        if not _REGION.match(value):
            raise ValueError("region must look like 'us-en', 'de-de' or be 'wt-wt'")
        return value

    @field_validator("language")
    @classmethod
    def _language(cls, value: str | None) -> str | None:
        if value is not None and not _LANGUAGE.match(value):
            raise ValueError("language must be ISO 639-1, optionally with a country: 'en', 'pt-BR'")
        return value

    @field_validator("provider", mode="before")
    @classmethod
    def _provider_chain(cls, value: object) -> object:
        if value is None:
            return None
        if isinstance(value, str):
            value = [part for part in (p.strip() for p in value.split(",")) if part]
        if isinstance(value, (list, tuple)):
            names = [str(v).strip().lower() for v in value]
            if not names:
                return None
            for name in names:
                if not _PROVIDER_NAME.match(name):
                    raise ValueError(f"invalid provider name {name!r}")
            return tuple(dict.fromkeys(names))  # drop repeats, keep order
        return value


class PageContent(BaseModel):
    """Main content of a fetched result page."""

    markdown: str | None = None
    word_count: int = 0
    fetch_time_ms: int = 0
    truncated: bool = False
    error: ErrorInfo | None = None


class SearchResult(BaseModel):
    """One result; mode-specific fields are present and null when unknown."""

    rank: int
    title: str
    url: str
    snippet: str = ""
    provider: str
    published: str | None = None
    source: str | None = None
    image_url: str | None = None
    thumbnail_url: str | None = None
    width: int | None = None
    height: int | None = None
    duration: str | None = None
    embed_url: str | None = None
    publisher: str | None = None
    score: float | None = None
    content: PageContent | None = None


class ContentFetchStats(BaseModel):
    attempted: int = 0
    successful: int = 0
    failed: int = 0
    total_time_ms: int = 0


class SearchMetadata(BaseModel):
    provider: str | None = None
    providers_tried: list[str] = Field(default_factory=list)
    search_time_ms: int = 0
    cached: bool = False
    content_fetch_stats: ContentFetchStats | None = None


class SearchResponse(BaseModel):
    query: str
    mode: str = "text"
    results: list[SearchResult] = Field(default_factory=list)
    metadata: SearchMetadata = Field(default_factory=SearchMetadata)
    error: ErrorInfo | None = None


class PageFetchResponse(BaseModel):
    url: str
    final_url: str | None = None
    status: int | None = None
    title: str | None = None
    markdown: str | None = None
    word_count: int = 0
    fetch_time_ms: int = 0
    truncated: bool = False
    error: ErrorInfo | None = None

"""The provider seam: one class per provider, facts as class attributes.

A provider turns a validated ``SearchRequest`` into ``SearchResult``s or raises one of the
``SearchError`` subclasses. It never retries, sleeps, caches or falls back: the service
does that, uniformly, for every provider.
"""

from __future__ import annotations

from typing import ClassVar, Protocol, runtime_checkable

import httpx

from ..errors import Unsupported
from ..models import Mode, SearchRequest, SearchResult
from ..settings import Settings

__all__ = ["BaseProvider", "Provider"]


@runtime_checkable
class Provider(Protocol):
    name: ClassVar[str]
    modes: ClassVar[frozenset[Mode]]

    def config_problem(self) -> str | None: ...

    async def search(self, request: SearchRequest, *, timeout: float) -> list[SearchResult]: ...

    async def aclose(self) -> None: ...


class BaseProvider:
    """Shared plumbing: settings, the shared HTTP client, mode checks."""

    name: ClassVar[str]
    modes: ClassVar[frozenset[Mode]] = frozenset({"text"})
    # Environment variables that must be set for the provider to work (named in errors).
    required_env: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""

    def __init__(self, settings: Settings, http: httpx.AsyncClient) -> None:
        self.settings = settings
        self.http = http

    def config_problem(self) -> str | None:
        """Why this provider cannot work as configured (names the variable), or None."""
        return None

    def check_mode(self, request: SearchRequest) -> None:
        if request.mode not in self.modes:
            can = ", ".join(m for m in ("text", "news", "videos", "images") if m in self.modes)
            raise Unsupported(
                f"{self.name} cannot search mode {request.mode!r}; it supports: {can}",
                provider=self.name,
            )

    async def search(self, request: SearchRequest, *, timeout: float) -> list[SearchResult]:
        raise NotImplementedError

    async def aclose(self) -> None:
        """Release what the provider itself opened (the shared HTTP client is not its own)."""

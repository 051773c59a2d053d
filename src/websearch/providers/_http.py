"""HTTP plumbing shared by the API providers: one request helper, one status mapping."""

from __future__ import annotations

import json
from typing import Any

import httpx

from ..errors import AuthError, NetworkError, ProviderError, RateLimited, SearchTimeout
from .duckduckgo import parse_retry_after

__all__ = ["check_status", "json_body", "send"]


async def send(
    http: httpx.AsyncClient, method: str, url: str, *, provider: str, timeout: float, **kwargs: Any
) -> httpx.Response:
    """Send one request; transport failures become typed errors."""
    try:
        return await http.request(method, url, timeout=timeout, **kwargs)
    except httpx.TimeoutException as exc:
        raise SearchTimeout(f"{provider} did not answer within {timeout:.1f} s", provider=provider) from exc
    except httpx.TransportError as exc:
        raise NetworkError(
            f"could not reach {provider} ({type(exc).__name__}); check the network, the URL and WEB_SEARCH_PROXY",
            provider=provider,
        ) from exc


def check_status(resp: httpx.Response, *, provider: str, key_env: str | None) -> None:
    """Map an HTTP error status to the contract's error types (the common cases)."""
    status = resp.status_code
    if status < 400:
        return
    if status in (401, 403):
        hint = f"; check {key_env}" if key_env else ""
        raise AuthError(f"{provider} rejected the request (HTTP {status}){hint}", provider=provider)
    if status == 429:
        raise RateLimited(
            f"{provider} is rate limiting (HTTP 429)",
            retry_after=parse_retry_after(resp.headers.get("retry-after")),
            provider=provider,
        )
    raise ProviderError(f"{provider} answered HTTP {status}", provider=provider)


def json_body(resp: httpx.Response, *, provider: str) -> dict[str, Any]:
    """The body as a JSON object, or ``ProviderError`` (truncated, HTML, not an object)."""
    try:
        data = json.loads(resp.content)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProviderError(f"{provider} answered with a body that is not JSON", provider=provider) from exc
    if not isinstance(data, dict):
        raise ProviderError(f"{provider} answered with JSON that is not an object", provider=provider)
    return data

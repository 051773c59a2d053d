"""The provider table: one line per provider, imported lazily.

Adding a provider touches one new module and one line here.
"""

from __future__ import annotations

import importlib

from ..errors import ConfigError
from .base import BaseProvider, Provider

__all__ = ["PROVIDERS", "BaseProvider", "Provider", "provider_class"]

PROVIDERS: dict[str, str] = {
    "duckduckgo": "websearch.providers.duckduckgo:DuckDuckGoProvider",
    "searxng": "websearch.providers.searxng:SearxngProvider",
}


def provider_class(name: str) -> type[BaseProvider]:
    try:
        target = PROVIDERS[name]
    except KeyError:
        known = ", ".join(sorted(PROVIDERS))
        raise ConfigError(f"unknown provider {name!r}; known providers: {known}") from None
    module_name, _, attr = target.partition(":")
    cls: type[BaseProvider] = getattr(importlib.import_module(module_name), attr)
    return cls

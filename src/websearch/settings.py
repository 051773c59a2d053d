"""Settings: explicit arguments → TOML file → environment → defaults.

The TOML file is ``$WEB_SEARCH_CONFIG`` or ``<user config dir>/websearch/config.toml``; its
keys are the field names below (``provider = ["brave", "duckduckgo"]``, ``brave_api_key = …``).
Environment variables are the contract's names (``WEB_SEARCH_PROVIDER``, ``TAVILY_API_KEY``…).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

from platformdirs import user_cache_dir, user_config_dir
from pydantic import AliasChoices, Field, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

__all__ = ["Settings", "default_cache_path", "default_config_path"]

APP = "websearch"


def default_config_path() -> Path:
    env = os.environ.get("WEB_SEARCH_CONFIG")
    return Path(env).expanduser() if env else Path(user_config_dir(APP)) / "config.toml"


def default_cache_path() -> Path:
    return Path(user_cache_dir(APP)) / "cache.sqlite3"


def _env(name: str, field: str) -> Any:
    # Accept the contract's env name and the plain field name (TOML keys, kwargs).
    return Field(validation_alias=AliasChoices(field, name))


def _split_csv(value: object) -> object:
    if isinstance(value, str):
        return [p.strip() for p in value.split(",") if p.strip()]
    return value


class Settings(BaseSettings):
    """Every knob in one place; see the README's configuration table."""

    model_config = SettingsConfigDict(
        extra="ignore", populate_by_name=True, case_sensitive=False, validate_default=True
    )

    provider: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["duckduckgo"],
        validation_alias=AliasChoices("provider", "WEB_SEARCH_PROVIDER"),
    )
    tavily_api_key: str | None = Field(None, validation_alias=AliasChoices("tavily_api_key", "TAVILY_API_KEY"))
    brave_api_key: str | None = Field(None, validation_alias=AliasChoices("brave_api_key", "BRAVE_API_KEY"))
    searxng_url: str | None = Field(None, validation_alias=AliasChoices("searxng_url", "SEARXNG_URL"))
    searxng_api_key: str | None = Field(
        None, validation_alias=AliasChoices("searxng_api_key", "SEARXNG_API_KEY")
    )
    tavily_base_url: str = Field(
        "https://api.tavily.com",
        validation_alias=AliasChoices("tavily_base_url", "WEB_SEARCH_TAVILY_BASE_URL"),
    )
    brave_base_url: str = Field(
        "https://api.search.brave.com",
        validation_alias=AliasChoices("brave_base_url", "WEB_SEARCH_BRAVE_BASE_URL"),
    )
    proxy: str | None = Field(None, validation_alias=AliasChoices("proxy", "WEB_SEARCH_PROXY"))
    ca_bundle: str | None = Field(None, validation_alias=AliasChoices("ca_bundle", "WEB_SEARCH_CA_BUNDLE"))
    fetch_allow_hosts: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        validation_alias=AliasChoices("fetch_allow_hosts", "WEB_SEARCH_FETCH_ALLOW_HOSTS"),
    )
    cache: str = Field("sqlite", validation_alias=AliasChoices("cache", "WEB_SEARCH_CACHE"))
    cache_ttl: float | None = Field(
        None, gt=0, validation_alias=AliasChoices("cache_ttl", "WEB_SEARCH_CACHE_TTL")
    )
    # Overall deadline of one search (every provider of the chain included), seconds.
    search_timeout: float = Field(
        10.0, gt=0, le=300, validation_alias=AliasChoices("search_timeout", "WEB_SEARCH_TIMEOUT")
    )
    # Deadline of one page fetch (DNS, connect, TLS, headers and body), seconds.
    fetch_timeout: float = Field(
        15.0, gt=0, le=300, validation_alias=AliasChoices("fetch_timeout", "WEB_SEARCH_FETCH_TIMEOUT")
    )
    fetch_concurrency: int = Field(
        8, ge=1, le=64, validation_alias=AliasChoices("fetch_concurrency", "WEB_SEARCH_FETCH_CONCURRENCY")
    )
    fetch_max_bytes: int = Field(
        5 * 1024 * 1024,
        ge=1024,
        validation_alias=AliasChoices("fetch_max_bytes", "WEB_SEARCH_FETCH_MAX_BYTES"),
    )
    # Requests per second per provider, "brave=1,tavily=5"; unlisted providers are unbounded.
    rate_limits: Annotated[dict[str, float], NoDecode] = Field(
        default_factory=dict, validation_alias=AliasChoices("rate_limits", "WEB_SEARCH_RATE_LIMITS")
    )
    # Threads that may run the synchronous ddgs client at once.
    ddg_threads: int = Field(8, ge=1, le=64, validation_alias=AliasChoices("ddg_threads", "WEB_SEARCH_DDG_THREADS"))

    @field_validator("provider", mode="before")
    @classmethod
    def _provider(cls, value: object) -> object:
        value = _split_csv(value)
        if isinstance(value, list):
            value = [str(v).strip().lower() for v in value if str(v).strip()]
            return value or ["duckduckgo"]
        return value

    @field_validator("fetch_allow_hosts", mode="before")
    @classmethod
    def _hosts(cls, value: object) -> object:
        return _split_csv(value)

    @field_validator("rate_limits", mode="before")
    @classmethod
    def _rates(cls, value: object) -> object:
        if isinstance(value, str):
            out: dict[str, float] = {}
            for part in value.split(","):
                if not part.strip():
                    continue
                name, sep, rate = str(part).partition("=")
                if not sep:
                    raise ValueError(f"WEB_SEARCH_RATE_LIMITS entry {part!r} must be name=requests_per_second")
                out[name.strip().lower()] = float(rate)
            return out
        return value

    @field_validator("searxng_url", "tavily_base_url", "brave_base_url")
    @classmethod
    def _base_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip().rstrip("/")
        if not value.startswith(("http://", "https://")):
            raise ValueError(f"{value!r} must be an http:// or https:// URL")
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        toml = TomlConfigSettingsSource(settings_cls, toml_file=default_config_path())
        return (init_settings, toml, env_settings)

"""Test-wide guards: no test may reach the internet."""

from __future__ import annotations

import ipaddress
import socket

import pytest

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _allowed(address: object) -> bool:
    if not isinstance(address, tuple):  # AF_UNIX paths and the like
        return True
    host = str(address[0])
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False  # a name: the guard refuses to let it be resolved implicitly


def _guarded(real):  # type: ignore[no-untyped-def]
    def connect(self: socket.socket, address: object):  # type: ignore[no-untyped-def]
        if not _allowed(address):
            raise AssertionError(f"test tried to open a connection to a non-loopback address: {address!r}")
        return real(self, address)

    return connect


@pytest.fixture(autouse=True)
def _no_internet(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail any test that connects a Python socket anywhere but loopback (``network`` tests excepted)."""
    if request.node.get_closest_marker("network") is None:
        monkeypatch.setattr(socket.socket, "connect", _guarded(_real_connect))
        monkeypatch.setattr(socket.socket, "connect_ex", _guarded(_real_connect_ex))


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests never read the developer's config file, keys or cache."""
    import os

    for name in list(os.environ):
        if name.startswith("WEB_SEARCH_") or name in (
            "TAVILY_API_KEY", "BRAVE_API_KEY", "SEARXNG_URL", "SEARXNG_API_KEY",
            "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy",
        ):
            monkeypatch.delenv(name, raising=False)
    cfg = tmp_path_factory.mktemp("cfg") / "config.toml"
    monkeypatch.setenv("WEB_SEARCH_CONFIG", str(cfg))
    monkeypatch.setenv("WEB_SEARCH_CACHE", "off")


@pytest.fixture
def searxng_replay(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A SearXNG replay server (real recorded JSON) configured as the only provider."""
    from tests.replay.searxng import searxng_server

    with searxng_server() as server:
        monkeypatch.setenv("SEARXNG_URL", server.url)
        monkeypatch.setenv("WEB_SEARCH_PROVIDER", "searxng")
        yield server

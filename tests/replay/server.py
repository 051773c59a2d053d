"""A small threaded HTTP replay server on 127.0.0.1 for wire-level tests and benchmarks.

Routes are plain callables ``(Request) -> Reply``; every request is recorded so tests can
assert exactly what a provider sent. Bounded: handlers must return, the server stops at
``close()`` (or the end of the ``with`` block).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes
    at: float

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": "application/json"})
    delay: float = 0.0

    @classmethod
    def json(cls, data: Any, status: int = 200, **headers: str) -> Reply:
        hdrs = {"Content-Type": "application/json", **{k.replace("_", "-"): v for k, v in headers.items()}}
        return cls(status=status, body=json.dumps(data).encode(), headers=hdrs)


Route = Callable[[Request], Reply]


class ReplayServer:
    def __init__(self, routes: dict[str, Route] | None = None, *, delay: float = 0.0) -> None:
        self.routes: dict[str, Route] = dict(routes or {})
        self.requests: list[Request] = []
        self.delay = delay
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                parts = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(min(length, 1_000_000)) if length else b""
                req = Request(
                    method=self.command,
                    path=parts.path,
                    query={k: v[-1] for k, v in parse_qs(parts.query, keep_blank_values=True).items()},
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=body,
                    at=time.monotonic(),
                )
                with server._lock:
                    server.requests.append(req)
                route = server.routes.get(parts.path)
                reply = route(req) if route else Reply(404, b'{"error":"not found"}')
                wait = reply.delay or server.delay
                if wait:
                    time.sleep(min(wait, 30.0))
                try:
                    self.send_response(reply.status)
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(reply.body)))
                    self.end_headers()
                    self.wfile.write(reply.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = _handle

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> ReplayServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

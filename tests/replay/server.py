"""A small threaded HTTP replay server on 127.0.0.1 for wire-level tests and benchmarks.

Routes are plain callables ``(Request) -> Reply``; every request is recorded so tests can
assert exactly what a provider sent. Bounded: handlers must return, the server stops at
``close()`` (or the end of the ``with`` block).
"""

from __future__ import annotations

import json
import socket
import struct
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
    # Misbehaviour for chaos tests: "reset" (RST before any byte), "truncate" (Content-Length
    # promises more than is sent, then close), "trickle" (body one byte every ``delay`` s).
    action: str | None = None

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
                if reply.action == "reset":
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.close_connection = True
                    return
                wait = reply.delay or server.delay
                if wait and reply.action != "trickle":
                    time.sleep(min(wait, 30.0))
                try:
                    self.send_response(reply.status)
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    length = len(reply.body) * (2 if reply.action == "truncate" else 1)
                    self.send_header("Content-Length", str(length))
                    self.end_headers()
                    if reply.action == "trickle":
                        deadline = time.monotonic() + 30.0
                        for i in range(len(reply.body)):
                            if time.monotonic() > deadline:
                                break
                            self.wfile.write(reply.body[i : i + 1])
                            self.wfile.flush()
                            time.sleep(reply.delay or 0.2)
                    else:
                        self.wfile.write(reply.body)
                    if reply.action == "truncate":
                        self.close_connection = True
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

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

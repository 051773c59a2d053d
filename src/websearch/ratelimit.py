"""Cooldowns and per-provider rate budgets behind one small interface.

``MemoryRateState`` serves one process. The cache issue adds a Redis implementation so
that many replicas share one budget; the service only sees ``RateState``.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Protocol, runtime_checkable

__all__ = ["MemoryRateState", "RateState", "backoff_seconds"]


@runtime_checkable
class RateState(Protocol):
    async def cooldown_remaining(self, provider: str) -> float:
        """Seconds until ``provider`` may be called again (0 when it may)."""
        ...

    async def start_cooldown(self, provider: str, retry_after: float | None) -> float:
        """Record a rate limit; returns the cooldown applied (backoff when none given)."""
        ...

    async def record_success(self, provider: str) -> None: ...

    async def acquire(self, provider: str, rate: float, deadline: float) -> bool:
        """Wait for a slot of ``rate`` calls/s; False if it would pass ``deadline`` (monotonic)."""
        ...

    async def aclose(self) -> None: ...


def backoff_seconds(failures: int, base: float = 5.0, cap: float = 300.0) -> float:
    """Exponential backoff with full jitter in its upper half: 5 s, 10 s, 20 s… ≤ 5 min."""
    ceiling = min(cap, base * 2 ** max(0, failures - 1))
    return float(ceiling / 2 + random.random() * ceiling / 2)


class MemoryRateState:
    """In-process state: cooldown deadlines and a virtual-time spacing scheduler."""

    def __init__(self) -> None:
        self._cooldown_until: dict[str, float] = {}
        self._failures: dict[str, int] = {}
        self._next_slot: dict[str, float] = {}
        self._lock = asyncio.Lock()

    async def cooldown_remaining(self, provider: str) -> float:
        return max(0.0, self._cooldown_until.get(provider, 0.0) - time.monotonic())

    async def start_cooldown(self, provider: str, retry_after: float | None) -> float:
        failures = self._failures.get(provider, 0) + 1
        self._failures[provider] = failures
        seconds = retry_after if retry_after is not None and retry_after > 0 else backoff_seconds(failures)
        self._cooldown_until[provider] = max(
            self._cooldown_until.get(provider, 0.0), time.monotonic() + seconds
        )
        return seconds

    async def record_success(self, provider: str) -> None:
        self._failures.pop(provider, None)

    async def acquire(self, provider: str, rate: float, deadline: float) -> bool:
        if rate <= 0:
            return True
        interval = 1.0 / rate
        async with self._lock:
            now = time.monotonic()
            slot = max(now, self._next_slot.get(provider, 0.0))
            if slot > deadline:
                return False
            self._next_slot[provider] = slot + interval
        delay = slot - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        return True

    async def aclose(self) -> None:
        return None

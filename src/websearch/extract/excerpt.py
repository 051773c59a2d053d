"""Query-focused excerpts (baseline: head cut; to be replaced by BM25 passage selection)."""

from __future__ import annotations

__all__ = ["focus"]


def focus(markdown: str, query: str | None, max_chars: int | None) -> tuple[str, bool]:
    """Return ``(text, truncated)``: the whole text when it fits, else at most ``max_chars``."""
    if max_chars is None or len(markdown) <= max_chars:
        return markdown, False
    return markdown[:max_chars], True

"""Baseline extractor: trafilatura's markdown output (to be measured and improved)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import trafilatura

__all__ = ["Extracted", "extract", "word_count"]

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Extracted:
    title: str | None
    markdown: str
    word_count: int


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def extract(html: str, url: str | None = None) -> Extracted:
    """Title and main content (markdown) of an HTML page; empty markdown when none is found."""
    markdown = trafilatura.extract(
        html, url=url, output_format="markdown", include_links=True, include_tables=True,
        include_formatting=True, include_comments=False, with_metadata=False,
    ) or ""
    meta = trafilatura.extract_metadata(html)
    title = meta.title if meta is not None else None
    return Extracted(title=title, markdown=markdown, word_count=word_count(markdown))

"""Main-content extraction: pure functions of HTML, no network I/O.

``extract(html, url)`` gives the page's title and main content as markdown;
``focus(markdown, query, max_chars)`` trims it to the passages that matter for a query.
"""

from __future__ import annotations

from .core import Extracted, extract
from .excerpt import focus

__all__ = ["Extracted", "extract", "focus"]

"""One machine-readable line per headline figure, so ``run_all.py`` can build one table.

A bench prints whatever it likes for people, and calls ``report`` for each headline
figure: ``BENCH<TAB>name<TAB>value<TAB>unit<TAB>baseline<TAB>ratio<TAB>target``.
"""

from __future__ import annotations

PREFIX = "BENCH\t"


def report(
    name: str,
    value: float,
    unit: str = "",
    *,
    baseline: float | None = None,
    ratio: float | None = None,
    target: str = "",
) -> None:
    if ratio is None and baseline:
        ratio = value / baseline
    cells = [
        name,
        f"{value:.4g}",
        unit,
        "" if baseline is None else f"{baseline:.4g}",
        "" if ratio is None else f"{ratio:.3f}",
        target,
    ]
    print(PREFIX + "\t".join(cells), flush=True)


def parse(line: str) -> list[str] | None:
    if not line.startswith(PREFIX):
        return None
    cells = line.rstrip("\n").split("\t")[1:]
    return (cells + [""] * 6)[:6]

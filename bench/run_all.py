"""Run every benchmark of the project and print one table of figures, baselines and ratios.

    python bench/run_all.py            # all benches
    python bench/run_all.py cache      # only bench/cache.py

Each bench is a standalone script that measures its own baseline in the same run and
reports its headline figures through ``_report.report``; this runner collects them.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import parse

HERE = Path(__file__).resolve().parent
TIMEOUT_S = 900


def main(argv: list[str]) -> int:
    scripts = sorted(p for p in HERE.glob("*.py") if not p.name.startswith("_") and p.name != "run_all.py")
    if argv:
        scripts = [p for p in scripts if p.stem in argv]
    rows: list[tuple[str, list[str]]] = []
    failed: list[str] = []
    for script in scripts:
        print(f"== {script.name}", flush=True)
        start = time.monotonic()
        try:
            proc = subprocess.run(
                [sys.executable, str(script)], capture_output=True, text=True, timeout=TIMEOUT_S, check=False
            )
        except subprocess.TimeoutExpired:
            failed.append(f"{script.name}: timed out after {TIMEOUT_S} s")
            continue
        for line in proc.stdout.splitlines():
            cells = parse(line)
            if cells is None:
                print(f"   {line}")
            else:
                rows.append((script.stem, cells))
        if proc.returncode != 0:
            failed.append(f"{script.name}: exit {proc.returncode}: {proc.stderr.strip()[-500:]}")
        print(f"   ({time.monotonic() - start:.1f} s)", flush=True)
    header = ("bench", "figure", "value", "unit", "baseline", "ratio", "target")
    table = [header] + [(bench, *cells) for bench, cells in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    print()
    for i, row in enumerate(table):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    for line in failed:
        print(f"FAILED {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

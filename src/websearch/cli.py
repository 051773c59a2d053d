"""The ``websearch`` command: readable on a terminal, plain when piped, JSON with --json.

Exit status: 0 when ``error`` is null (zero results included), 2 for invalid input
(bad query, option or configuration), 1 for any other error.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from .errors import ConfigError
from .formatting import format_error, format_search, to_json
from .models import ErrorInfo, SearchResponse
from .providers import PROVIDERS
from .service import WebSearch

app = typer.Typer(
    name="websearch",
    help="Web search for people and LLM agents: DuckDuckGo (no key), Tavily, Brave, SearXNG.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_INVALID = frozenset({"invalid_query", "config_error"})


def exit_code(error: ErrorInfo | None) -> int:
    if error is None:
        return 0
    return 2 if error.type in _INVALID else 1


def _console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _fail_config(exc: ConfigError) -> typer.Exit:
    _console(stderr=True).print(f"[red]Configuration error:[/red] {escape(str(exc))}")
    return typer.Exit(2)


def _render_search(response: SearchResponse, console: Console) -> None:
    if response.error is not None:
        _console(stderr=True).print(f"[red]{escape(format_error(response.error))}[/red]")
        return
    if not console.is_terminal:
        print(format_search(response))
        return
    if not response.results:
        console.print(f"No results found for: [bold]{escape(response.query)}[/bold]")
        return
    for result in response.results:
        text = escape(format_search(SearchResponse(query=response.query, results=[result])))
        first, _, rest = text.partition("\n")
        console.print(f"[bold]{first}[/bold]" + (f"\n{rest}" if rest else ""))
        console.print()
    meta = response.metadata
    console.print(
        f"[dim]{len(response.results)} results from {meta.provider} in {meta.search_time_ms} ms"
        + (" (cached)" if meta.cached else "")
        + "[/dim]"
    )


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to search for (1–500 characters).")],
    mode: Annotated[str, typer.Option("--mode", "-m", help="text, news, videos or images.")] = "text",
    max_results: Annotated[int, typer.Option("--max-results", "-n", help="1–50.")] = 10,
    timelimit: Annotated[
        str | None, typer.Option("--timelimit", "-t", help="d, w, m or y (day, week, month, year).")
    ] = None,
    region: Annotated[str, typer.Option("--region", "-r", help="us-en, de-de… or wt-wt.")] = "wt-wt",
    language: Annotated[str | None, typer.Option("--language", "-l", help="en, pt-BR…")] = None,
    safesearch: Annotated[str, typer.Option("--safesearch", help="off, moderate or strict.")] = "moderate",
    provider: Annotated[
        str | None, typer.Option("--provider", "-p", help="A provider, or a comma-separated fallback chain.")
    ] = None,
    fetch: Annotated[bool, typer.Option("--fetch", help="Fetch each result page's main content.")] = False,
    max_chars: Annotated[int, typer.Option("--max-chars", help="Content budget per page.")] = 4000,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not read the cache.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print the JSON response.")] = False,
) -> None:
    """Search the web."""
    options: dict[str, Any] = {
        "mode": mode, "max_results": max_results, "timelimit": timelimit, "region": region,
        "language": language, "safesearch": safesearch, "fetch_content": fetch,
        "max_content_chars": max_chars,
    }
    if provider:
        options["provider"] = provider
    if no_cache:
        options["cache"] = False

    async def run() -> SearchResponse:
        async with WebSearch() as ws:
            ws.validate_chain([p.strip() for p in provider.split(",")] if provider else None)
            return await ws.search(query, **options)

    try:
        response = asyncio.run(run())
    except ConfigError as exc:
        raise _fail_config(exc) from None
    if json_out:
        print(to_json(response))
    else:
        _render_search(response, _console())
    raise typer.Exit(exit_code(response.error))


@app.command()
def providers(json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List providers: configured or not, their modes, their cooldown state."""
    import json

    async def run() -> list[dict[str, Any]]:
        rows = []
        async with WebSearch() as ws:
            for name in PROVIDERS:
                prov = ws.provider(name)
                problem = prov.config_problem()
                rows.append({
                    "name": name,
                    "configured": problem is None,
                    "problem": problem,
                    "modes": sorted(prov.modes),
                    "in_chain": name in ws.settings.provider,
                    "cooldown_s": round(await ws.rate_state.cooldown_remaining(name), 1),
                    "rate_limit_per_s": ws.settings.rate_limits.get(name),
                })
        return rows

    try:
        rows = asyncio.run(run())
    except ConfigError as exc:
        raise _fail_config(exc) from None
    if json_out:
        print(json.dumps(rows, ensure_ascii=False))
        return
    for row in rows:
        state = "configured" if row["configured"] else f"not configured: {row['problem']}"
        chain = " (in chain)" if row["in_chain"] else ""
        cool = f", cooling down {row['cooldown_s']} s" if row["cooldown_s"] else ""
        print(f"{row['name']}{chain}: {state}; modes {', '.join(row['modes'])}{cool}")


def main() -> None:
    """Console-script entry point; keeps tracebacks away from users and agents."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()

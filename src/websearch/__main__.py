"""``python -m websearch`` runs the CLI."""

from .cli import main

main()

"""``mtgconf adapters``: list the adapters ``--adapter`` can name."""

from __future__ import annotations

import argparse

from rich.markup import escape

from ..adapters import available_adapters, resolve_adapter
from ..errors import AdapterError
from ._common import console, shown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no options


def run(args: argparse.Namespace) -> int:
    out = console()
    for name, target in sorted(available_adapters().items()):
        try:
            adapter = resolve_adapter(name)
            info = adapter.info()
            adapter.close()
            out.print(f"[bold]{shown(name)}[/bold] ({shown(target)}) {shown(info.version)}: "
                      f"eras {shown(', '.join(info.eras))}; {len(info.features)} features")
        except AdapterError as exc:
            out.print(f"[bold]{escape(name)}[/bold] ({escape(target)}): [yellow]unavailable"
                      f"[/yellow] ({escape(str(exc).splitlines()[0])})", soft_wrap=True)
    out.print("Also: --adapter module:Class, or --adapter 'cmd:<command line>' for an engine "
              "speaking the JSON-lines protocol (spec/schema/protocol.schema.json).")
    return 0

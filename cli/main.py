"""Entry point of the ``tractor`` command."""
from __future__ import annotations

import click

from tractor_analysis import __version__

CONTEXT = {"help_option_names": ["-h", "--help"]}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="tractor")
def main() -> None:
    """tractor-analysis: check, replay, store and report Tractor (升级 / 拖拉机) records."""


if __name__ == "__main__":  # pragma: no cover
    main()

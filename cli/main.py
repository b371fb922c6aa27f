"""Entry point of the ``tractor`` command: one registration per command module."""
from __future__ import annotations

import errno
import importlib
import os
import sys

import click

from tractor_analysis import __version__
from tractor_analysis.records.frozen import fewer_collections

from .common import CONTEXT, EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, echo_err
from .usage_errors import BilingualGroup

COMMANDS = {"check": "check", "replay": "replay_cmd", "convert": "convert", "rules": "rules_cmd",
            "report": "report_cmd", "simulate": "simulate_cmd", "ingest": "ingest_cmd", "stats": "stats_cmd",
            "ruling": "ruling_cmd", "analyse": "analyse_cmd", "standings": "standings_cmd",
            "ratings": "standings_cmd"}
"""Each command and the module of this package that defines it (under the command's name)."""


class LazyCommands(dict):
    """The group's commands by name, each module imported when its command is first asked for: a
    command imports only what it uses (``tractor check`` neither the solver nor the reports)."""

    def _command(self, name: str) -> click.Command:
        value = dict.__getitem__(self, name)
        if isinstance(value, str):
            value = getattr(importlib.import_module(f"{__package__}.{value}"), name)
            dict.__setitem__(self, name, value)
        return value

    def __getitem__(self, name: str) -> click.Command:
        return self._command(name)

    def get(self, name: str, default=None):
        return self._command(name) if name in self else default

    def values(self):
        return [self._command(n) for n in self]

    def items(self):
        return [(n, self._command(n)) for n in self]


class TractorGroup(BilingualGroup):
    """The command group; Ctrl-C in any command exits 130 (click alone would print "Aborted!" and exit 1);
    a closed output pipe (``tractor check | head``) exits 141 quietly (click alone would exit 1, the
    code of a violation found)."""

    def invoke(self, ctx: click.Context):
        fewer_collections()
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            echo_err("interrupted / 已中断")
            raise click.exceptions.Exit(EXIT_INTERRUPTED) from None
        except OSError as exc:
            if exc.errno != errno.EPIPE:
                raise
            _silence_stdout()
            raise click.exceptions.Exit(EXIT_BROKEN_PIPE) from None


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what is
    still buffered for the closed pipe neither fails nor prints "Exception ignored"."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):   # no real file descriptor (a test's captured output)
        pass


@click.group(cls=TractorGroup, context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="tractor")
def main() -> None:
    """tractor-analysis: check, replay, store and report Tractor (升级 / 拖拉机) records.

    \b
    Examples:
      tractor check sample_logs/            # verdict, points and outcome of every hand
      tractor replay sample_logs/disputed-trick.tgn
      tractor convert game.tgn --to json
      tractor rules tournament
      tractor ruling sample_logs/disputed-trick.tgn -o out/ruling.html

    Run 'tractor COMMAND -h' for a command's options and examples.
    """


main.commands = LazyCommands(COMMANDS)


if __name__ == "__main__":  # pragma: no cover
    main()

"""Entry point of the ``tractor`` command: one registration per command module."""
from __future__ import annotations

import errno
import os
import sys

import click

from tractor_analysis import __version__
from tractor_analysis.records.frozen import fewer_collections

from .analyse_cmd import analyse
from .check import check
from .common import CONTEXT, EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, BilingualGroup, echo_err
from .convert import convert
from .replay_cmd import replay
from .report_cmd import report
from .rules_cmd import rules
from .ruling_cmd import ruling
from .simulate_cmd import simulate
from .ingest_cmd import ingest
from .stats_cmd import stats
from .standings_cmd import ratings, standings


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


main.add_command(check)
main.add_command(replay)
main.add_command(convert)
main.add_command(rules)
main.add_command(report)
main.add_command(simulate)
main.add_command(ingest)
main.add_command(stats)
main.add_command(ruling)
main.add_command(analyse)
main.add_command(standings)
main.add_command(ratings)


if __name__ == "__main__":  # pragma: no cover
    main()

"""``tractor ingest``: parse and replay records into the Parquet dataset (``docs/dataset.md``)."""
from __future__ import annotations

import sys
import time

import click

from .common import CONTEXT, EXIT_OK, EXIT_UNREADABLE, RuleChoice, echo_err, expand_inputs, rules_options


class Progress:
    """A one-line progress bar on stderr: files done, hands, hands per second."""

    def __init__(self, enabled: bool, width: int = 24) -> None:
        self.enabled = enabled
        self.width = width
        self.start = time.perf_counter()
        self.last = 0.0
        self.tty = sys.stderr.isatty()

    def __call__(self, files: int, hands: int, total: int, final: bool = False) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if not final and now - self.last < (0.2 if self.tty else 2.0):
            return
        self.last = now
        rate = hands / (now - self.start) if now > self.start else 0.0
        done = int(self.width * files / total) if total else self.width
        bar = "#" * done + "-" * (self.width - done)
        line = f"[{bar}] {files}/{total} files  {hands} hands  {rate:,.0f} hands/s"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if final else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


@click.command("ingest", context_settings=CONTEXT)
@click.argument("inputs", nargs=-1, required=True, metavar="INPUT...")
@click.option("-o", "--output", "dataset", required=True, type=click.Path(file_okay=False),
              help="Dataset folder (created if missing; new files are added to it).")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes that parse and replay in parallel.")
@click.option("--flush-hands", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Write a part file every this many hands (bounds memory).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar (the summary line still prints).")
@rules_options
def ingest(inputs: tuple[str, ...], dataset: str, workers: int, flush_hands: int, quiet: bool,
           preset: str | None, rule_pairs: tuple) -> None:
    """Parse, replay and store records in a Parquet dataset.

    INPUT may be files, folders (searched recursively), globs and .gz files.
    Files already in the dataset (same content hash) are skipped, so running
    the same command twice adds nothing.  A file that cannot be read or parsed
    is stored as rows of the 'errors' table and the batch goes on.

    Exit status: 0 every file read cleanly; 2 some files had errors.

    \b
    Examples:
      tractor ingest logs/ -o data/
      tractor ingest 'archive/**/*.tgn.gz' more.jsonl -o data/ --workers 4
      duckdb -c "select code, count(*) from read_parquet('data/violations/*.parquet') group by 1"
    """
    from tractor_analysis.ingest import ingest as run

    paths = list(dict.fromkeys(expand_inputs(inputs)))
    choice = RuleChoice(preset, rule_pairs)
    label = None
    if choice.overrides:
        label = " ".join(([preset] if preset else []) + [f"{k}={v}" for k, v in rule_pairs])
    progress = Progress(not quiet)
    try:
        summary = run(paths, dataset, workers=workers, choice=choice if choice.overrides else None,
                      label=label, flush_hands=flush_hands, progress=progress)
    except OSError as exc:
        raise click.ClickException(f"cannot write the dataset {dataset}: {exc} / 无法写入数据集")
    progress(summary.files, summary.hands, summary.files, final=True)
    failed = summary.with_errors or summary.unreadable
    status = "errors" if failed else "ok"
    echo_err(f"ingested {summary.added} files ({summary.skipped} already in the dataset), "
             f"{summary.matches} matches, {summary.hands} hands, {summary.violations} violations, "
             f"{summary.errors} errors in {summary.with_errors} files; "
             f"{summary.hands_per_second:,.0f} hands/s; {status}")
    sys.exit(EXIT_UNREADABLE if failed else EXIT_OK)

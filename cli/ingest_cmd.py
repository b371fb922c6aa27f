"""``tractor ingest``: parse and replay records into the Parquet dataset (``docs/dataset.md``)."""
from __future__ import annotations

import functools
import os
import signal
import sys
import time

import click

from . import may_end_quickly
from .common import (CONTEXT, EXIT_OK, EXIT_UNREADABLE, NO_RECORD_FILES, RuleChoice, echo_err, expand_inputs, idle_with,
                     idle_without, located, max_bytes_option, options_given, passed_over_note, record_text, refuse_idle,
                     rules_options, say_encoding, unreadable)


def hands_rate(rate: float) -> str:
    """Hands per second as printed: one decimal below 10 (``--analyse`` runs at a fraction of a hand
    a second, which printed as 0), whole numbers with thousands separators above."""
    return f"{rate:,.1f}" if rate < 9.95 else f"{rate:,.0f}"      # 9.95 and up round to 10 and more


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
        line = f"[{bar}] {files}/{total} files  {hands} hands  {hands_rate(rate)} hands/s"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if final else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


SHOWN_ERRORS = 20
"""How many of this run's problems ``ingest`` prints; all of them are rows of the errors table."""


def show_errors(dataset: str, batches: tuple[str, ...], unreadable_again: tuple[tuple[str, str], ...] = (),
                limit: int = SHOWN_ERRORS) -> None:
    """Print the first problems of this run, as ``path:line:column: message``, in the order of
    file, line and column (a missing value last): the ``errors`` rows of the batches it committed
    (``batches``, :attr:`~tractor_analysis.dataset.committer.IngestSummary.batches`: every batch,
    a big file's first batches too, whose ``files`` part is empty), and the inputs it could not
    read that an earlier ingest stored as unreadable already (``unreadable_again``: ``(path,
    message)``, not stored twice)."""
    errors = [{"source_file": path, "line": None, "column": None, "message": message}
              for path, message in unreadable_again]
    try:
        from tractor_analysis.dataset import read_table

        if batches:
            errors += read_table(dataset, "errors", columns=["source_file", "line", "column", "message"],
                                 batches=set(batches)).to_pylist()
    except Exception:        # the summary line below still says how many there were
        pass
    errors.sort(key=_error_order)
    for e in errors[:limit]:
        line = e["line"] or 0
        echo_err(record_text(f"{e['source_file']}:{line}:{e['column'] or 0}: {e['message']}" if line > 0
                             else f"{e['source_file']}: {e['message']}"))
    if len(errors) > limit:
        echo_err(f"… and {len(errors) - limit} more: every problem is a row of the errors table "
                 f"({os.path.join(dataset, 'errors')}) / 其余 {len(errors) - limit} 条见数据集的 errors 表")


def _error_order(e: dict) -> tuple:
    """An errors row's place: by file, line and column, a null after every value (as pandas'
    ``sort_values`` put it, which this replaces: no pandas in ``ingest``)."""
    path, line, column = e["source_file"], e["line"], e["column"]
    return path is None, path or "", line is None, line or 0, column is None, column or 0


def show_encodings(dataset: str, batches: tuple[str, ...], limit: int = SHOWN_ERRORS) -> None:
    """Say which legacy encoding (GBK or Big5) each file this run committed (in ``batches``) was
    read with, and why (the first ``limit``; all of them are in the files table's ``encoding_note``)."""
    if not batches:
        return
    try:
        from tractor_analysis.dataset.reading import read_files_rows

        files = read_files_rows(dataset, ["source_file", "encoding_note"], set(batches)).to_pylist()
    except Exception:        # the files table says it; the summary line still comes
        return
    noted = sorted((f["source_file"], f["encoding_note"]) for f in files if f["encoding_note"])
    for path, note in noted[:limit]:
        say_encoding(path, note)
    if len(noted) > limit:
        echo_err(f"… and {len(noted) - limit} more files read as GBK or Big5: the files table's encoding and "
                 f"encoding_note columns say which / 其余 {len(noted) - limit} 个按 GBK 或 Big5 读取的文件见 files 表的 "
                 f"encoding 与 encoding_note 列")


def show_copies(copies: tuple[tuple[str, str], ...], limit: int = SHOWN_ERRORS) -> None:
    """Name the inputs whose bytes equal those of an earlier input of this run (``(path, first
    path)``): their content is stored once, as the first."""
    for path, first in copies[:limit]:
        echo_err(record_text(f"{path}: same content as another input, {first}: not stored twice / "
                             f"{path}：与另一输入 {first} 内容相同，未重复存入"))
    if len(copies) > limit:
        echo_err(f"… and {len(copies) - limit} more inputs with the same content as an earlier input / "
                 f"其余 {len(copies) - limit} 个输入与更早的输入内容相同")


ROW_OPTIONS = ("preset", "rule_pairs", "max_bytes", "analyse_last", "analyse_every", "analyse_budget",
               "analyse_nodes", "view", "samples", "seed", "precision")
"""The options of ``ingest`` that change the rows a file is stored with (its ruleset, what is read
of it, its analysis columns); a file already in the dataset is not read again, so they do not
change its rows."""


def row_options_given(ctx: click.Context) -> list[str]:
    """The names of the :data:`ROW_OPTIONS` given on the command line (or by the environment), in
    the command's order."""
    return options_given(ctx, ROW_OPTIONS)


def say_rows_kept(options: list[str], skipped: int) -> None:
    """``options`` (:func:`row_options_given`) given while ``skipped`` files were skipped as
    already in the dataset: those files keep the rows an earlier ingest stored."""
    if not options or not skipped:
        return
    named = ", ".join(options)
    echo_err(f"{skipped} files already in the dataset keep the rows an earlier ingest stored: {named} "
             f"{'changes' if len(options) == 1 else 'change'} only the files this run adds (to store those files with {named}, ingest them into a "
             f"new dataset) / 已在数据集中的 {skipped} 个文件保留此前导入时存储的数据：{named} 只作用于本次新导入"
             f"的文件（如需按 {named} 存储这些文件，请导入到新的数据集）")


def _inside(path: str, folder: str) -> bool:
    """``path`` is ``folder`` or under it (both real absolute paths)."""
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:       # another drive (Windows)
        return False


def mixed_with_records(inputs: tuple[str, ...], paths: list[str], dataset: str) -> tuple[str, str] | None:
    """(English, 中文) of why the dataset folder ``dataset`` would mix its tables with the records:
    it is an input folder, or holds an input folder or an input file (``paths``: the files found);
    ``None`` when it does none of these.

    A dataset folder *inside* an input folder (``tractor ingest . -o data`` in the records' folder)
    is not refused: the dataset holds only its tables, and scanning the input folder again picks
    up record files only (``RECORD_SUFFIXES``), never a part of the dataset — unless the dataset
    folder's own name is a record file's (``-o logs/data.json``): that is refused, the scan would
    name it as an unreadable record on every run."""
    from tractor_analysis.records.input_files import RECORD_SUFFIXES

    out = os.path.realpath(dataset)
    for arg in inputs:
        if not arg or not os.path.isdir(arg):
            continue
        folder = os.path.realpath(arg)
        if out == folder:
            return f"is the input folder {arg}", f"就是输入文件夹 {arg}"
        if _inside(out, folder) and os.path.basename(out).lower().endswith(RECORD_SUFFIXES):
            return (f"is inside the input folder {arg} and named as a record file (the folder scan would read it)",
                    f"位于输入文件夹 {arg} 之中且名称像记录文件（扫描文件夹时会被当作记录读取）")
        if _inside(folder, out):
            return f"holds the input folder {arg}", f"包含输入文件夹 {arg}"
    checked: dict[str, bool] = {}
    for p in paths:
        if not p:
            continue
        parent = os.path.dirname(os.path.abspath(p))
        if parent not in checked:
            checked[parent] = _inside(os.path.realpath(parent), out)
        if checked[parent]:
            return f"holds the input file {p}", f"包含输入文件 {p}"
    return None


EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT, as shells report it)."""


def interrupted(dataset: str, progress: Progress) -> None:
    """Ctrl-C: say what the dataset holds (every file committed before it, no partial rows).
    A second Ctrl-C meanwhile is ignored (it would print a traceback or click's "Aborted!")."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if progress.enabled and progress.tty:
        sys.stderr.write("\n")
    try:
        from tractor_analysis.dataset import read_table

        held = f"{read_table(dataset, 'files').num_rows} files"
        held_zh = held.replace(" files", " 个文件")
    except Exception:                       # the dataset is read again by the next command anyway
        held, held_zh = "the files", "的文件"
    echo_err(f"interrupted: the dataset {dataset} holds {held} committed before Ctrl-C and no partial "
             f"rows; run the same command again to add the rest / 已中断：数据集保留中断前已提交的 {held_zh}，"
             f"没有残缺的行；再次运行同一命令即可补上其余文件")
    sys.exit(EXIT_INTERRUPTED)


def fail(message: str) -> None:
    """``Error: message`` on stderr, exit status 2 (the dataset could not be written or read)."""
    exc = click.ClickException(message)
    exc.exit_code = EXIT_UNREADABLE
    raise exc


def _interrupt_in_parent_only():
    """Ctrl-C reaches the whole foreground process group: the ingest process stops the
    workers itself, so a forked worker (which inherits this handler) ignores it rather
    than printing a traceback of its own."""
    parent = os.getpid()

    def on_interrupt(signum, frame):
        if os.getpid() == parent:
            raise KeyboardInterrupt

    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.default_int_handler:
        signal.signal(signal.SIGINT, on_interrupt)
    return previous


def _runner(scheduler: str | None, task_files: int | None, local):
    """The ingest to run: ``local`` (:func:`tractor_analysis.dataset.pipeline.ingest`), or on the
    Dask cluster ``scheduler`` names (:mod:`tractor_analysis.dataset.dask_ingest`)."""
    if scheduler is None:
        return local
    try:
        from tractor_analysis.dataset.dask_ingest import ingest_dask, parse_scheduler

        import distributed  # noqa: F401  (the optional extra)
    except ImportError:
        raise click.UsageError("--scheduler needs Dask: pip install 'tractor-analysis[dask]' / "
                               "--scheduler 需要安装 Dask：pip install 'tractor-analysis[dask]'") from None
    try:
        parse_scheduler(scheduler)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--scheduler") from None

    def on_cluster(paths, dataset, *, workers, **options):
        return ingest_dask(paths, dataset, scheduler, files_per_task=task_files, **options)

    return on_cluster


ANALYSE_OPTIONS = ("analyse_every", "analyse_budget", "analyse_nodes", "view")
"""The options of ``ingest`` that refine ``--analyse K``: without it nothing is analysed."""
VIEW_OPTIONS = ("samples", "seed", "precision")
"""The options of ``ingest`` that refine ``--view``."""


def refuse_idle_options(ctx: click.Context, analysing: bool, viewing: bool, on_cluster: bool) -> None:
    """A usage error (exit 2, before anything is read or written) when an option was given that would
    do nothing (found by click's parameter source, :func:`~.common.options_given`, so an option given
    with its default value counts): one of :data:`ANALYSE_OPTIONS` without ``--analyse K``
    (``analysing``), of :data:`VIEW_OPTIONS` without ``--view`` (``viewing``), ``--task-files``
    without ``--scheduler`` (``on_cluster``), ``--workers`` with it (the cluster's workers parse)."""
    refuse_idle(idle_without(ctx, ANALYSE_OPTIONS, "--analyse K", analysing)
                + idle_without(ctx, VIEW_OPTIONS, "--view", viewing)
                + idle_without(ctx, ("task_files",), "--scheduler", on_cluster)
                + idle_with(ctx, ("workers",), "--scheduler", on_cluster,
                            ("the cluster's workers parse and replay (local:N starts N of them)",
                             "由集群的工作进程解析与重放（local:N 启动 N 个）")))


def _analyse_option(last: int | None, seconds: float, nodes: int, view: bool = False,
                    samples: int | None = None, seed: int | None = None, precision: float | None = None,
                    every_position: bool = False) -> dict:
    """The ingest's ``analyse`` argument for ``--analyse K`` (nothing without it; the options that
    refine it, given without it, are refused before: :func:`refuse_idle_options`)."""
    if last is None:
        return {}
    from tractor_analysis.analysis.batch import AnalyseOptions
    from tractor_analysis.analysis.view import DEFAULT_SAMPLES

    return {"analyse": AnalyseOptions(last, seconds, nodes, view,
                                      DEFAULT_SAMPLES if samples is None else samples, 0 if seed is None else seed,
                                      precision, every_position)}


@click.command("ingest", context_settings=CONTEXT)
@click.argument("inputs", nargs=-1, required=True, metavar="INPUT...")
@click.option("-o", "--output", "dataset", required=True, type=click.Path(file_okay=False),
              help="Dataset folder (created if missing; new files are added to it).")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes that parse and replay in parallel (a big uncompressed JSON Lines file is split "
                   "among them).  Not with --scheduler: the cluster's workers do it.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT | local[:N]",
              help="Parse and replay on a Dask cluster: a running scheduler's address, or local[:N] to start "
                   "N local worker processes.  The dataset folder must be the same path on every worker. "
                   "Needs the dask extra: pip install 'tractor-analysis[dask]'.")
@click.option("--task-files", type=click.IntRange(min=1), default=None,
              help="With --scheduler: files per Dask task (default: about 4 tasks per worker, at most 64 files).")
@click.option("--flush-hands", type=click.IntRange(min=1), default=2000, show_default=True,
              help="Write a part file every this many hands (bounds memory).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar (problems and the summary line still print).")
@click.option("--analyse", "analyse_last", type=click.IntRange(min=1), default=None, metavar="K",
              help="Also analyse the last K tricks of every hand with the endgame solver (as 'tractor analyse "
                   "--last K'): fills the plays columns value_before, value_after, cost and best (null where "
                   "not solved within the budget, and before it: the positions are searched from the hand's end "
                   "backward, and the first not solved ends the search).  Slow: a few searches for each of the "
                   "4K plays of a hand (see docs/dataset.md).  Files already in the dataset are not read "
                   "again: they keep their stored columns.")
@click.option("--analyse-every-position", "analyse_every", is_flag=True,
              help="With --analyse: search every position, also those before one not solved (more CPU, "
                   "few more values: see docs/dataset.md).")
@click.option("--analyse-budget", type=click.FloatRange(min=0.01), default=2.0, show_default=True,
              metavar="SECONDS", help="With --analyse: search time allowed per position.")
@click.option("--analyse-nodes", type=click.IntRange(min=1), default=400_000, show_default=True, metavar="N",
              help="With --analyse: plays tried per position at most.")
@click.option("--view", is_flag=True,
              help="With --analyse: also judge each analysed play from its player's seat, over the deals of "
                   "the unseen cards that player could not rule out (as 'tractor analyse --view'): fills the "
                   "plays columns view_deals, view_exact, view_value, view_value_best, view_best, view_cost "
                   "and view_stderr.  Many times slower than --analyse alone.")
@click.option("--samples", type=click.IntRange(min=1), default=None, metavar="N",
              help="With --view: deals per play (default 200; all of them, exactly, when they are at most N).")
@click.option("--seed", type=int, default=None, help="With --view: the sampler's seed (default 0).")
@click.option("--precision", type=click.FloatRange(min=0, min_open=True), default=None, metavar="POINTS",
              help="With --view: stop drawing deals for a play once every choice's cost is known within POINTS "
                   "(standard error); view_deals says how many were used.  Default: all --samples deals.")
@functools.partial(max_bytes_option, stored=True)
@functools.partial(rules_options, stored=True)
def ingest(inputs: tuple[str, ...], dataset: str, workers: int, scheduler: str | None, task_files: int | None,
           flush_hands: int, quiet: bool, analyse_last: int | None, analyse_budget: float, analyse_nodes: int,
           analyse_every: bool, view: bool, samples: int | None, seed: int | None, precision: float | None, max_bytes: int, preset: str | None, rule_pairs: tuple) -> None:
    """Parse, replay and store records in a Parquet dataset.

    INPUT may be files, folders (searched recursively), globs and .gz files.
    Files already in the dataset (same content hash) are skipped, so running
    the same command twice adds nothing; they keep the rows an earlier ingest
    stored: --rules, --rule, --max-bytes and --analyse (with its options)
    change only the files a run adds (said on stderr; ingest into a new
    dataset to store the others with them).  An option given that would do
    nothing (--analyse-budget without --analyse, --samples without --view,
    --task-files without --scheduler …) is refused (exit 2).  An input with
    the same bytes as an earlier one of the run is stored once, and named.  A file that cannot
    be read or parsed is stored as rows of the 'errors' table and the batch
    goes on.  The dataset folder may not be an input folder, nor hold an input.

    Exit status: 0 every file read cleanly; 2 some files had errors (a file
    skipped as already stored counts with the errors an earlier ingest stored
    for it: a re-run names those files and exits 2 again), or the
    dataset could not be written or is damaged (the message names the part or
    the files not stored); 130 interrupted (Ctrl-C): the files committed so
    far stay, readable, and running the same command again adds the rest.

    \b
    Examples:
      tractor ingest logs/ -o data/
      tractor ingest 'archive/**/*.tgn.gz' more.jsonl -o data/ --workers 4
      tractor ingest /shared/logs -o /shared/data --scheduler tcp://10.0.0.5:8786
      tractor ingest logs/ -o data/ --analyse 4 --workers 2
      tractor ingest logs/ -o data/ --analyse 2 --view --samples 50 --seed 1
      duckdb -c "select code, count(*) from read_parquet('data/violations/*.parquet') group by 1"
    """
    ctx = click.get_current_context()
    refuse_idle_options(ctx, analyse_last is not None, view, scheduler is not None)
    more = _analyse_option(analyse_last, analyse_budget, analyse_nodes, view, samples, seed, precision, analyse_every)
    progress = Progress(not quiet)
    previous = _interrupt_in_parent_only()
    row_options = row_options_given(ctx)
    try:         # Ctrl-C anywhere (listing the inputs, ingesting, printing the summary): exit 130
        status = _ingest(inputs, dataset, workers, scheduler, task_files, flush_hands, progress, max_bytes,
                         preset, rule_pairs, more, row_options)
    except KeyboardInterrupt:
        interrupted(dataset, progress)
    finally:
        if previous is signal.default_int_handler:
            signal.signal(signal.SIGINT, previous)
    if scheduler is None:       # every part written and committed, every file closed: no teardown needed
        may_end_quickly()
    sys.exit(status)


def arrow_without_numpy() -> None:
    """Import pyarrow now, without numpy, unless something imported either already.

    pyarrow imports numpy when it can (``try: import numpy``) and works without it; ``ingest`` does
    not use numpy: the Arrow columns are built by the compiled buffers (``dataset/_arrow_core.c``), and
    what they decline goes to ``pa.array`` (``dataset.arrow_columns``, whose numpy code is kept for a
    process with numpy).  numpy's import is ≈ 0.08 CPU-s of every ingest process (bench/README.md,
    issue 27, tenth pass).  numpy stays out of the process for good (``sys.modules["numpy"] = None``:
    importing it raises :class:`ImportError`): numpy imported after pyarrow would find pyarrow's
    numpy support not set up (a crash in ``to_pandas``).  Not with ``TRACTOR_PURE_PYTHON=1`` (the
    numpy code is the reference then) nor when pandas, numpy or pyarrow is imported already.

    cloudpickle, when installed (Dask brings it), is kept out of pyarrow's import the same way:
    pyarrow takes it for pickling its extension types if it can (``try: import cloudpickle as pickle``,
    else the standard ``pickle``), and its import (with ``logging``) is ≈ 0.012 CPU-s of every ingest
    process; ingest pickles nothing through pyarrow.  Unlike numpy it may be imported later as usual
    (nothing of pyarrow's depends on which one it took)."""
    from tractor_analysis.records.compiled import pure_python_forced

    if pure_python_forced() or any(m in sys.modules for m in ("numpy", "pyarrow", "pandas")):
        return
    sys.modules["numpy"] = None     # type: ignore[assignment]
    blocked = "cloudpickle" not in sys.modules
    if blocked:
        sys.modules["cloudpickle"] = None     # type: ignore[assignment]
    try:
        import pyarrow  # noqa: F401
    finally:
        if blocked and sys.modules.get("cloudpickle", 0) is None:
            del sys.modules["cloudpickle"]


def _ingest(inputs: tuple[str, ...], dataset: str, workers: int, scheduler: str | None, task_files: int | None,
            flush_hands: int, progress: Progress, max_bytes: int, preset: str | None, rule_pairs: tuple,
            more: dict, row_options: list[str] = ()) -> int:
    """Run the ingest and print its summary; the exit status.  ``more``: the ``--analyse`` keywords;
    ``row_options``: the options given that change stored rows (:func:`row_options_given`)."""
    if scheduler is None:       # (Dask's workers and client may want numpy)
        arrow_without_numpy()
    from tractor_analysis.dataset import DatasetError
    from tractor_analysis.dataset.commit import DatasetReadOnly
    from tractor_analysis.dataset.pipeline import IngestError, ingest as run

    passed_over: list[str] = []
    paths = list(dict.fromkeys(expand_inputs(inputs, passed_over)))
    empty = folders_without_records(inputs, paths)
    paths = [p for p in paths if p not in empty]
    mixed = mixed_with_records(inputs, paths, dataset)
    if mixed is not None:
        fail(record_text(f"the dataset folder {dataset} {mixed[0]}: its tables would be mixed with the records; "
                         f"write the dataset to a folder outside the inputs / 数据集文件夹 {dataset} {mixed[1]}："
                         f"数据表会与记录文件混在一起；请把数据集写到输入之外的文件夹"))
    choice = RuleChoice(preset, rule_pairs)
    label = None
    if choice.overrides:
        label = " ".join(([preset] if preset else []) + [f"{k}={v}" for k, v in rule_pairs])
    runner = _runner(scheduler, task_files, run)
    try:
        summary = runner(paths, dataset, workers=workers, choice=choice if choice.overrides else None,
                         label=label, flush_hands=flush_hands, progress=progress, max_bytes=max_bytes, **more)
    except DatasetReadOnly as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write the dataset {dataset}: {exc} / 无法写入数据集 {dataset}")
    except IngestError as exc:
        fail(f"{dataset}: {exc}")
    except DatasetError as exc:
        fail(f"the dataset {dataset} is damaged: {exc} / 数据集 {dataset} 已损坏，未导入任何文件")
    progress(summary.files, summary.hands, summary.files, final=True)
    if summary.errors or summary.unreadable_again:
        show_errors(dataset, summary.batches, summary.unreadable_again)
    show_encodings(dataset, summary.batches)
    show_copies(summary.copies)
    from tractor_analysis.dataset.reading import superseded_files, superseded_note
    for s in superseded_files(dataset, summary.batches):     # a path stored again with other content
        echo_err(superseded_note(s))
    if summary.matches:         # a match stored again under other rules: counted twice, said so
        from tractor_analysis.dataset.rules_copies import note, other_rules_copies
        for c in other_rules_copies(dataset, summary.batches):
            echo_err(note(c))
    stored_bad = summary.skipped_with_errors      # skipped now, stored with errors by an earlier run
    if stored_bad:
        shown = ", ".join(stored_bad[:SHOWN_ERRORS]) + (f" and {len(stored_bad) - SHOWN_ERRORS} more"
                                                        if len(stored_bad) > SHOWN_ERRORS else "")
        echo_err(f"{len(stored_bad)} of the {summary.skipped} files already in the dataset have errors stored by an "
                 f"earlier ingest (not read again): {shown}; their problems are rows of the errors table "
                 f"({os.path.join(dataset, 'errors')}), their status in the files table ({os.path.join(dataset, 'files')}) / "
                 f"已在数据集中的 "
                 f"{summary.skipped} 个文件中有 {len(stored_bad)} 个在此前导入时有错误（本次未重读）：{shown}；"
                 f"问题见数据集的 errors 表，状态见 files 表")
    say_rows_kept(list(row_options), summary.skipped)
    for folder in empty:
        echo_err(located(unreadable(folder, NO_RECORD_FILES), folder))
    note = passed_over_note(passed_over)    # (the dataset folder inside an input folder: left out)
    if note is not None:
        echo_err(note)
    failed = summary.with_errors or summary.unreadable or stored_bad or empty
    status = "errors" if failed else "ok"
    not_read_en, not_read_zh = _not_read(summary, len(empty))
    found = summary.record_findings     # said only when there are some, as check's summary line does
    found_en = f"{found} record finding{'s' if found != 1 else ''}, " if found else ""
    found_zh = f"{found} 处记录问题，" if found else ""
    echo_err(f"ingested {summary.added} files ({not_read_en}), "
             f"{summary.matches} matches, {summary.hands} hands, {summary.violations} violations, {found_en}"
             f"{summary.errors} errors in {summary.with_errors} files; "
             f"{hands_rate(summary.hands_per_second)} hands/s; {status} / 导入 {summary.added} 个文件"
             f"（{not_read_zh}），{summary.matches} 场比赛，{summary.hands} 局，"
             f"{summary.violations} 处违规，{found_zh}{summary.errors} 个错误")
    return EXIT_UNREADABLE if failed else EXIT_OK


def folders_without_records(inputs: tuple[str, ...], paths: list[str]) -> list[str]:
    """The folders named by ``inputs`` in which :func:`~.common.expand_inputs` found no record file
    (it passes such an argument on unchanged, ``paths``): no file to store, said as ``check`` says it
    (``no record files in this folder``), an error of the run (exit 2) but no ``files`` row.  A folder
    a scan or a glob found under a record's name (``x.tgn/``) is a file that cannot be read: not here."""
    named = set(inputs)
    return [p for p in paths if p in named and os.path.isdir(p)]


def _not_read(summary, empty_folders: int = 0) -> tuple[str, str]:
    """(English, 中文) of the inputs the summary line counts as not added: already in the dataset,
    the same content as another input of the run, unreadable and stored as such by an earlier ingest,
    folders without a record file (``empty_folders``)."""
    en, zh = [f"{summary.skipped} already in the dataset"], [f"{summary.skipped} 个已在数据集中"]
    if empty_folders:
        en.append(f"{empty_folders} folder(s) with no record files")
        zh.append(f"{empty_folders} 个文件夹中没有记录文件")
    if summary.copies:
        en.append(f"{len(summary.copies)} same content as another input")
        zh.append(f"{len(summary.copies)} 个与另一输入内容相同")
    if summary.unreadable_again:
        en.append(f"{len(summary.unreadable_again)} unreadable, stored as such by an earlier ingest")
        zh.append(f"{len(summary.unreadable_again)} 个无法读取（此前的导入已如此记录）")
    return ", ".join(en), "，".join(zh)

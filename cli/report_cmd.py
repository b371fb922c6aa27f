"""``tractor report``: the HTML report folder (hand, match and index pages).

The building is :mod:`tractor_analysis.reports.build`'s; this module only reads
the command line, reports problems on stderr and prints where the report is.
"""
from __future__ import annotations

import click

from .common import (CONTEXT, EXIT_OK, EXIT_UNREADABLE, RuleChoice, echo_err, passed_over_note, record_text,
                     rules_options, say_encoding)
from .standings_cmd import award_options, parse_award_options, parse_scoring, scoring_options, selection_options

MAX_WORKERS = 8


def default_workers() -> int:
    """The CPUs this process may use, at most :data:`MAX_WORKERS`."""
    import os

    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, MAX_WORKERS))


def counted_once(model) -> dict:
    """The matches the index counts once (a later record of a match recorded twice → the first),
    found as the index finds them (``reports.build.render_index``): the same match kept in two
    files (:func:`~tractor_analysis.reports.facts.duplicate_matches`), and a re-typed copy the
    event's standings count once (:attr:`~tractor_analysis.reports.event_report.EventReport.copies`)."""
    from tractor_analysis.reports import facts
    from tractor_analysis.reports.event_report import build_event

    dups = facts.duplicate_matches(model)
    if not any(f.event is not None and f.match not in dups for f in model.match_facts):
        return dups                 # no event: no re-typed copy to find
    return {**dups, **{k: first for k, (first, _) in build_event(model, dups).copies.items()}}


def summary_line(model, pages: int | None, index) -> str:
    """The stderr line of a report written: its matches and hands as its index counts them (a
    match recorded twice once: :func:`counted_once`), the hand pages written when not every
    hand's (``pages``), and where the index is."""
    once = counted_once(model)
    matches = len(model.match_facts) - len(once)
    hands = sum(h.match not in once for h in model.hand_facts)
    twice_en = f" ({len(once)} recorded twice, counted once)" if once else ""
    twice_zh = f"（{len(once)} 场重复记录，只计一次）" if once else ""
    pages_en = "" if pages is None else f" ({pages} hand page(s))"
    pages_zh = "" if pages is None else f"（{pages} 个牌局页）"
    return (f"report: {matches} match(es){twice_en}, {hands} hand(s){pages_en} / "
            f"报告：{matches} 场比赛{twice_zh}，{hands} 局{pages_zh} → {index}")


@click.command("report", context_settings=CONTEXT)
@click.argument("inputs", nargs=-1, required=True, metavar="INPUT...")
@click.option("-o", "--out", "out", default="out/report", show_default=True, metavar="DIR",
              type=click.Path(file_okay=False, writable=True),
              help="Folder to write.  An existing one is replaced only when it is an earlier report "
                   "(it holds a .tractor-report file) or empty; any other is refused (exit 2).")
@click.option("--title", default="Tractor report / 升级比赛报告", show_default=True,
              help="Title of the index page.")
@click.option("--no-charts", is_flag=True, help="Leave the charts out (faster for large corpora).")
@click.option("--hand-pages", "hand_pages", type=click.Choice(["all", "violations", "none"]), default="all",
              show_default=True,
              help="Which hands get a page: every hand, only hands with a violation (the match "
                   "page lists the others without a link), or none (index and match pages only).")
@click.option("-j", "--workers", type=click.IntRange(min=1), default=None,
              help="Processes that draw a dataset's matches and write their pages (the pages are the "
                   "same with any number).  [default: the CPUs this process may use, at most 8]")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@selection_options
@scoring_options
@award_options
@rules_options
def report(inputs: tuple[str, ...], out: str, title: str, no_charts: bool, hand_pages: str, workers: int | None,
           quiet: bool, event: str | None, after_round: int | None, points_text: str, tiebreak_text: str,
           byes: tuple, walkovers: tuple, awards_file: str | None, preset: str | None,
           rule_pairs: tuple[tuple[str, str], ...]) -> None:
    """Write an HTML report: one static folder that opens from disk (no server, no network).

    INPUT is a dataset folder (written by 'tractor ingest'), record files
    (.tgn, .json, .jsonl, .ndjson, gzipped too), folders of records, or a
    quoted pattern ('event/*.tgn', expanded as check and ingest expand it).  The folder gets
    index.html (standings, statistics, charts), one page per match (hands,
    levels and points charts) and one page per hand (the referee's
    step-through: ←/→ keys, violations explained, points breakdown).  A
    2-deck hand page is ~40 KB: for thousands of hands, --hand-pages
    violations writes only the pages a referee needs.
    Records that cannot be read are listed on the index page and on stderr.

    The report is written to a temporary folder and renamed into place.  An
    existing -o folder is replaced whole only when it is an earlier report
    (every report holds a .tractor-report marker file) or empty; refused
    before anything is read, and left as it is: a folder holding other files,
    a folder that is or holds an input or the current folder, or one inside an
    input dataset.

    Exit status: 0 the report was written, 2 an input could not be read or a
    match of a dataset could not be drawn (named on stderr; the report is still
    written from the rest) or the -o folder was refused or could not be
    written.  A dataset draws its matches from the record text it stores, so it
    needs no record file; a match it cannot draw is still counted from its rows,
    as 'tractor standings' counts it, and the index says why it has no page.
    With --rules or --rule, every match is judged again under them, a
    dataset's drawn from its records: a dataset with a match that cannot be
    drawn again is refused (exit 2, nothing written, the match named), as that
    match could only be counted from its rows, judged under the ingest's rules.

    \b
    Examples:
      tractor report sample_logs/ -o out/report
      tractor report disputed.tgn -o out/disputed
      tractor report data/ --rules tournament
      tractor report data/ --hand-pages violations -o out/cup
      tractor report data/ -j 1                 # one process
      tractor report event/ --points win=3,loss=1 --after-round 2

    The event's standings, team and player pages and ratings count what
    'tractor standings' counts with the same --event, --after-round, --points,
    --tiebreak, --bye, --walkover and --awards (the index says which).  The
    index's match list and statistics count the rounds up to --after-round as
    well ("after round 4": rounds 1-4 everywhere) and every [Event]; the match
    and hand pages cover every input.
    """
    from tractor_analysis.reports.build import ReportError, build_report, hands_with_pages, write_report
    from tractor_analysis.reports.dataset_input import MixedRules

    from tractor_analysis.reports.event_report import EventOptions

    choice = RuleChoice(preset.lower() if preset else None, rule_pairs)
    points, tiebreaks = parse_scoring(points_text, tiebreak_text)
    awards = parse_award_options(byes, walkovers, awards_file)
    try:
        model = build_report(list(inputs), title=title,
                             rules=choice.for_match if choice.overrides else None,
                             charts_on=not no_charts, workers=workers or default_workers())
        model.event_options = EventOptions(event, after_round, points, tiebreaks, awards)     # read by build_event
        path = write_report(model, out, hand_pages=hand_pages)
    except (ReportError, MixedRules) as exc:      # (MixedRules: --rules on a dataset it cannot all draw)
        echo_err(record_text(f"tractor report: {exc}"))     # (it may name a record file)
        click.get_current_context().exit(EXIT_UNREADABLE)
    for p in model.problems:
        echo_err(record_text(f"{p.path}:{p.line}:{p.column}: {p.message}" if p.line > 0 else f"{p.path}: {p.message}"))
    for shown, note in model.encodings:
        say_encoding(shown, note)
    said = passed_over_note(model.passed_over)      # a notice, as check and ingest say it: the exit status as it is
    if said is not None:
        echo_err(said)
    if not quiet:           # (-q: nothing but errors — neither the summary nor where the index is)
        pages = None if hand_pages == "all" else sum(len(hands_with_pages(m, hand_pages)) for m in model.matches)
        echo_err(summary_line(model, pages, path / "index.html"))
        click.echo(str(path / "index.html"))
    click.get_current_context().exit(EXIT_UNREADABLE if model.problems else EXIT_OK)

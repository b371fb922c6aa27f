"""``tractor standings`` and ``tractor ratings``: an event's standings and its players' ratings
(:mod:`tractor_analysis.dataset.standings`, :mod:`tractor_analysis.dataset.ratings`).

The table and the notes on stderr are for people: record text in them (a team's, a player's, an
event's, a file's name) is shown through :func:`~.common.record_text`.  ``--format csv`` and
``--format json`` are data for programs: the names exactly as the records write them."""
from __future__ import annotations

import csv
import io
import json

import click

from .common import CONTEXT, EXIT_UNREADABLE, csv_text, echo_err, passed_over_note, record_text
from .tables import table as render_table
from .outputs import refuse_inputs, write_output

_HEADERS = {"rank": "rank / 名次", "team": "team / 队伍", "players": "players / 选手", "played": "played / 场次",
            "won": "won / 胜", "lost": "lost / 负", "match_points": "match points / 积分",
            "level_diff": "level diff / 级差", "byes": "byes / 轮空", "head_to_head": "head-to-head / 相互胜负",
            "opponents": "opponents / 对手分"}


def _fail(message: str, code: int = 2):
    # it may quote the records (an event's name, a file's): each line through record_text
    error = click.ClickException("\n".join(map(record_text, message.split("\n"))))
    error.exit_code = code
    raise error


def selection_options(command):
    """``--after-round`` and ``--event``: which matches of the inputs an event's standings count (``tractor
    standings``, ``ratings`` and ``report``, with the same meaning)."""
    command = click.option("--after-round", "after_round", type=click.IntRange(min=0), default=None,
                           help="Only the rounds up to this one ([Round] a whole number).")(command)
    command = click.option("--event", default=None, metavar="NAME",
                           help="Only the matches whose [Event] is NAME exactly (default: every match); a NAME no "
                                "match has is an error naming the events the inputs hold.")(command)
    return command


def _event_options(command):
    command = selection_options(command)
    command = click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table",
                           show_default=True, help="table for people, csv / json for programs.")(command)
    return command


def scoring_options(command):
    """``--points`` and ``--tiebreak``: how an event's standings score and order its teams (``tractor
    standings`` and ``report``, with the same meaning; read by :func:`parse_scoring`)."""
    command = click.option("--tiebreak", "tiebreak_text", default="level_diff,head_to_head,opponents",
                           show_default=True,
                           help="Tie-breaks after match points, in order (any of level_diff, head_to_head, "
                                "opponents; '' for none).")(command)
    command = click.option("--points", "points_text", default="win=2,loss=0,forfeit=0", show_default=True,
                           help="Match points of a win, a loss, a forfeit (to the side that forfeited), and a bye "
                                "(bye=N; by default a win's: --bye).")(command)
    return command


def award_options(command):
    """``--bye ROUND TEAM``, ``--walkover ROUND WINNER LOSER`` and ``--awards FILE``: round results no record holds,
    as the organiser states them (``tractor standings`` and ``report``; read by :func:`parse_award_options`)."""
    return _award_options(command, (
        "In round ROUND, team WINNER won without play: LOSER did not play (a win for WINNER, a loss and the forfeit "
        "points for LOSER; no levels).  Repeatable."), (
        "In round ROUND, TEAM had no opponent: the bye's match points (--points bye=, by default a win's), no match "
        "played.  Repeatable."))


def rating_award_options(command):
    """:func:`award_options` for ``tractor ratings``: the same options, read by the same parser
    (:func:`parse_award_options`), with the same meaning — a bye or a walkover is no match played, so it changes
    no rating; stated, it is not called missing from its round."""
    return _award_options(command, (
        "In round ROUND, team WINNER won without play: LOSER did not play.  No game was played, so no rating "
        "changes; stated, the round's note does not call the teams missing.  Repeatable."), (
        "In round ROUND, TEAM had no opponent: no game played, so no rating changes; stated, the round's note does "
        "not call it missing.  Repeatable."))


def _award_options(command, walkover_help: str, bye_help: str):
    command = click.option("--awards", "awards_file", type=click.Path(exists=True, dir_okay=False), default=None,
                           metavar="FILE",
                           help="Byes and walkovers from a CSV file (UTF-8): the header round,team,opponent, then "
                                "a row each (opponent empty for a bye; for a walkover the team that did not play); "
                                "with --bye and --walkover.")(command)
    command = click.option("--walkover", "walkovers", nargs=3, multiple=True, metavar="ROUND WINNER LOSER",
                           help=walkover_help)(command)
    command = click.option("--bye", "byes", nargs=2, multiple=True, metavar="ROUND TEAM", help=bye_help)(command)
    return command


def parse_award_options(byes, walkovers, awards_file=None):
    """The :class:`~tractor_analysis.dataset.awards.Award` values of ``--bye``, ``--walkover`` and the rows of
    ``--awards FILE`` (after them); a file that cannot be read, or a statement that contradicts itself, is a usage
    error (exit 2) saying what (and where in the file)."""
    from tractor_analysis.dataset.awards import parse_awards, read_awards

    try:
        more_byes, more_walkovers = read_awards(awards_file) if awards_file else ([], [])
        return parse_awards([*byes, *more_byes], [*walkovers, *more_walkovers])
    except (ValueError, OSError) as exc:
        raise click.BadParameter(str(exc)) from None


def parse_scoring(points_text: str, tiebreak_text: str):
    """``(Points, tie-breaks)`` of ``--points`` and ``--tiebreak`` (:func:`scoring_options`); a bad value is
    a usage error (exit 2) saying what is wrong."""
    from tractor_analysis.dataset.standings import parse_points, parse_tiebreaks

    try:
        return parse_points(points_text), parse_tiebreaks(tiebreak_text)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _inputs(ctx, param, values):
    """``INPUT...``: each a file, a folder (a dataset, or one of records) or a pattern that the shell
    left as written (``'event/*.tgn'``), which is expanded as ``tractor check`` and ``ingest`` expand it
    (:func:`~tractor_analysis.records.input_files.iter_inputs`; a dataset among what it matches is read
    as one: :func:`~tractor_analysis.dataset.event.datasets_named`).  A name that is neither, or a
    pattern that matches nothing, is an error (exit 2) before anything is read."""
    import glob
    import os

    for v in values:
        if os.path.exists(v):
            continue
        if glob.has_magic(v):
            if not glob.glob(v, recursive=True):
                raise click.BadParameter(f"{v!r}: no file or folder matches this pattern / "
                                         f"{v!r}：没有匹配此模式的文件或文件夹", ctx=ctx, param=param)
            continue
        raise click.BadParameter(f"{v!r}: no such file or folder / {v!r}：找不到文件或文件夹",
                                 ctx=ctx, param=param)
    return values


def _note(note: str) -> None:
    """A note on stderr (it names teams, players, events and files: through record_text)."""
    echo_err(record_text(note))


class Event(tuple):
    """:func:`read_event`'s answer: ``(matches, chosen, unread)`` — every match read, the selected ones, and
    whether a record could not be read — with :attr:`unread_notes` and :attr:`unread_records` (the notes on
    the records not read and their paths: the printable page lists them)."""
    unread_notes: list
    unread_records: list


def read_event(inputs, event, after_round, purpose: str = "standings", awards=()) -> Event:
    """The selected matches of ``inputs`` and whether a record (or part of one) could not be read
    (the command then exits 2 after its output, as ``tractor report`` does); notes on stderr (``awards``:
    the byes and walkovers counted, which the notes on rounds take into account); exit 2 at once when an
    input cannot be read at all."""
    from tractor_analysis.dataset import DatasetError
    from tractor_analysis.dataset.event import read_inputs
    from tractor_analysis.dataset.event_unread import UnreadNote, unread_in_rounds
    from tractor_analysis.dataset.event_warnings import warnings
    from tractor_analysis.dataset.event_model import player_name_notes, same_event
    from tractor_analysis.dataset.provisional import pending
    from tractor_analysis.dataset.standings import select

    passed_over: list[str] = []
    try:
        matches, notes, unread = read_inputs(inputs, passed_over)
    except (DatasetError, OSError) as exc:
        _fail(f"cannot read the input: {exc} / 无法读取输入")
    said = passed_over_note(passed_over)        # a notice, as check and ingest say it: the exit status as it is
    if said is not None:
        echo_err(said)
    if event is not None and not any(same_event(m.event, event) for m in matches):
        for note in unread + notes:         # (a record not read may be the one that holds it)
            _note(note)
        _fail(_no_such_event(event, matches))
    chosen, left_out = select(matches, event, after_round, purpose)
    records = [n for n in unread if isinstance(n, UnreadNote)]      # the records not read, by path
    # the matches not decided too: a damaged second record of a counted match, a player at two tables
    checks = (warnings(chosen, matches, awards, event, pending(matches, event, after_round, awards), after_round)
              + player_name_notes(chosen))
    for note in unread + notes + left_out + unread_in_rounds(checks, records):
        _note(note)
    if not chosen:
        echo_err("no match to count (check --event and --after-round) / 没有可计入的比赛（请检查 --event 与 "
                 "--after-round）")
    out = Event((matches, chosen, bool(unread)))
    out.unread_notes, out.unread_records = unread, [n.path for n in records]
    return out


def _no_such_event(event: str, matches) -> str:
    """The error of an ``--event`` that no match's ``[Event]`` is exactly: the events the inputs hold (each name
    quoted as every note quotes it: :func:`~tractor_analysis.dataset.event_model.quoted`)."""
    from tractor_analysis.dataset.event_model import quoted

    held = sorted({m.event for m in matches if m.event is not None})
    untagged = sum(m.event is None for m in matches)
    names = "; ".join(quoted(n) for n in held)
    if not matches:
        en, zh = "the inputs hold no match", "输入中没有比赛"
    else:
        en = "the inputs hold " + "; ".join(
            ([f"[Event] {names}"] if held else []) + ([f"{untagged} match(es) without [Event]"] if untagged else []))
        zh = "输入中有 " + "；".join(
            ([f"[Event] {names}"] if held else []) + ([f"{untagged} 场没有 [Event] 的比赛"] if untagged else []))
    return (f"--event {quoted(event)}: no match has this [Event] (--event takes the name exactly); {en} / "
            f"--event {quoted(event)}：没有 [Event] 为此名称的比赛（--event 按名称精确匹配）；{zh}")


def _csv_cell(value, text: str) -> str:
    """A CSV cell of record text (a team's or players' names: ``value`` a string or a list) as
    :func:`~.common.csv_text` writes it (``'`` before a formula's start); numbers and every other cell as they are.
    The CSV only: the JSON output keeps the names exact (docs/standings.md)."""
    return csv_text(text) if isinstance(value, (str, list)) else text


def _emit(rows: list[dict], columns: list[str], fmt: str) -> None:
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    flat = [[("; ".join(v) if isinstance(v, list) else "" if v is None else
              (f"{v:.3f}" if fmt == "table" else repr(v)) if isinstance(v, float) else str(v))
             for v in (r[c] for c in columns)] for r in rows]
    if fmt == "csv":            # (a name that starts like a formula: kept text in a spreadsheet)
        flat = [[_csv_cell(r[c], cell) for c, cell in zip(columns, row)] for r, row in zip(rows, flat)]
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(flat)
        click.echo(buf.getvalue(), nl=False)
    elif flat:                  # (the table shows each cell through record_text; csv and json do not)
        click.echo(render_table(flat, [_HEADERS.get(c, c) for c in columns]))


@click.command("standings", context_settings=CONTEXT)
@click.argument("inputs", nargs=-1, required=True, callback=_inputs)
@_event_options
@scoring_options
@award_options
@click.option("--html", "html_out", type=click.Path(dir_okay=False), default=None,
              help="Also write a printable page (A4, one page per round) to this file (replaced atomically; "
                   "missing folders are made).  One of the inputs is refused (exit 2).")
def standings(inputs, fmt, event, after_round, points_text, tiebreak_text, byes, walkovers, awards_file,
              html_out) -> None:
    """Standings of an event: teams ranked by match points, then tie-breaks.

    INPUT is a dataset folder (tractor ingest) or record files and folders,
    or a quoted pattern ('event/*.tgn').  A team is its [TeamNS] / [TeamEW]
    name, else its two players.  A win is 2 match points, a loss 0 (--points).  Equal match points are broken by
    the level difference (final level minus the opponent's, summed), then
    head-to-head (match points among exactly the teams still tied), then
    the opponents' match points (--tiebreak); teams equal on every one
    share a rank (1, 1, 3).  A tie-break value not known (a level difference
    over a match whose final levels are unknown) leaves its tied group on one
    shared rank, undecided, later tie-breaks not applied: a note on stderr
    says whose value and from which match (--format json: "undecided").
    A rank a match not decided (counted for nobody) may change, once it is
    decided, is provisional: "2*" with a note saying which match (--format
    json and csv: "provisional").
    Matches left out (no winner, no round number
    with --after-round or while other matches have one, a team not known, the
    same team on both sides, a second record of a match) are named on stderr,
    and so is what to check
    (team names differing only in case, a pair under two team names, a
    table or a team twice in a round, a player named in two seats).  A bye or
    a walkover leaves no record: --bye and --walkover state them (a bye: its
    match points, no match played; a walkover: a win and a loss, no levels), or
    --awards FILE (CSV: round,team,opponent).

    \b
    Examples:
      tractor standings event/
      tractor standings event/ --after-round 2
      tractor standings data/ --event "Spring Cup" --format json
      tractor standings event/ --tiebreak head_to_head,level_diff --points win=3,loss=1
      tractor standings event/ --html standings.html
      tractor standings event/ --bye 3 "Red Lanterns" --walkover 4 "Jade" "Pines"
    """
    from tractor_analysis.dataset.standings import standings as compute
    from tractor_analysis.dataset.standings import undecided_notes
    from tractor_analysis.dataset.provisional import mark, pending, provisional_notes

    from tractor_analysis.dataset.awards import awards_upto

    points, tiebreaks = parse_scoring(points_text, tiebreak_text)
    awards = parse_award_options(byes, walkovers, awards_file)
    refuse_inputs("--html", [html_out], inputs)       # before anything is read
    counted = awards_upto(awards, after_round)
    read = read_event(inputs, event, after_round, awards=counted)
    everything, chosen, unread = read
    computed = compute(chosen, points, tiebreaks, counted)
    # a rank a match not decided may change is provisional ("2*"), never printed as final
    computed = mark(computed, chosen, pending(everything, event, after_round, counted), points, tiebreaks, counted)
    for note in undecided_notes(computed):      # a shared rank an unknown tie-break value leaves undecided
        _note(note)
    footnotes = [f"* {note}" for note in provisional_notes(computed)]
    if fmt != "table":          # (the table prints them under itself)
        for note in footnotes:
            _note(note)
    rows = [s.as_dict() for s in computed]
    if html_out:
        from tractor_analysis.reports.event_pages import write_standings_page
        write_output("standings", html_out, lambda: write_standings_page(
            html_out, everything, event=event, after_round=after_round, points=points, tiebreaks=tiebreaks,
            unread=read.unread_notes, unread_records=read.unread_records, awards=awards))
    if fmt == "json":
        _emit(rows, [], fmt)
        if unread:
            click.get_current_context().exit(EXIT_UNREADABLE)
        return
    for r in rows:
        for name in tiebreaks:
            r[name] = r["tiebreaks"].get(name)
        span = r["level_diff_span"]     # the CSV: JSON's level_diff_span in two columns, empty but where known as a range
        r["level_diff_min"], r["level_diff_max"] = (None, None) if span is None else span
        if fmt == "table" and r["level_diff"] is None and span is not None:
            r["level_diff"] = "{}..{}".format(*span)    # known only as a range
        if fmt == "table" and r["provisional"]:
            r["rank"] = f"{r['rank']}*"                 # provisional: the footnote under the table says why
        r["provisional"] = "true" if r["provisional"] else "false"
    columns = ["rank", "team", "players", "played", "won", "lost", "match_points", "level_diff",
               *(["level_diff_min", "level_diff_max"] if fmt == "csv" else []),
               *(["byes"] if any(a.bye for a in counted) else []), *[t for t in tiebreaks if t != "level_diff"],
               *(["provisional"] if fmt == "csv" else [])]
    _emit(rows, columns, fmt)
    if fmt == "table" and rows:
        for note in footnotes:
            click.echo(record_text(note))
    if unread:
        click.get_current_context().exit(EXIT_UNREADABLE)


@click.command("ratings", context_settings=CONTEXT)
@click.argument("inputs", nargs=-1, required=True, callback=_inputs)
@_event_options
@rating_award_options
@click.option("--html", "html_out", type=click.Path(dir_okay=False), default=None,
              help="Also write a printable page of the ratings (the same rows in the same order, then the "
                   "matches not rated) to this file (replaced atomically; missing folders are made).  One of "
                   "the inputs is refused (exit 2).")
def ratings(inputs, fmt, event, after_round, byes, walkovers, awards_file, html_out) -> None:
    """Player ratings over an event's decided matches (openskill, Plackett-Luce).

    INPUT is a dataset folder (tractor ingest) or record files and folders,
    or a quoted pattern ('event/*.tgn').  Each decided match is rated once,
    in the order of the date [Date] states (2026-06-06, 2026/06/06, 2026.06.06, 2026.06.?? and 2026年6月6日
    read alike; a date not read is named on stderr and rated after the
    dated matches), [Round], [Table], then the order the matches are read
    in (a dataset's as ingest committed them, then the files in the order
    given, as tractor report rates them): N and S against E and W, ranked by the
    match's winner, with openskill's PlackettLuce model and its default
    parameters.  Rows: player, mu, sigma, ordinal (mu - 3 sigma, the
    order), matches.  A rating after a few matches is mostly uncertainty
    (sigma), not a measured skill: see docs/standings.md.  A match is not
    rated when the standings leave it out, a player is not named, or one
    name sits in two seats: each is named on stderr, with why.  A bye or a
    walkover leaves no record: --bye, --walkover and --awards FILE state them
    as for tractor standings (the same meaning and file); no game was played,
    so no rating changes, and a team stated so is not called missing from
    that round.

    \b
    Examples:
      tractor ratings event/
      tractor ratings data/ --event "Spring Cup" --after-round 2 --format json
      tractor ratings event/ --html ratings.html
      tractor ratings event/ --walkover 3 Pines Owls
    """
    from tractor_analysis.dataset.ratings import order_notes
    from tractor_analysis.dataset.ratings import ratings as compute
    from tractor_analysis.dataset.event_model import player_name_notes
    from tractor_analysis.dataset.standings import select

    from tractor_analysis.dataset.awards import awards_upto

    awards = parse_award_options(byes, walkovers, awards_file)
    refuse_inputs("--html", [html_out], inputs)       # before anything is read
    # the byes and walkovers stated: no game played, so no rating; the notes on rounds take them into account
    read = read_event(inputs, event, after_round, "ratings", awards=awards_upto(awards, after_round))
    _, chosen, unread = read
    rows, _, notes = compute(chosen)
    for note in order_notes(chosen) + notes:
        _note(note)
    if html_out:
        from tractor_analysis.reports.event_pages import write_ratings_page

        left_out = select(read[0], event, after_round, "ratings")[1]
        said = [*read.unread_notes, *left_out, *order_notes(chosen), *notes, *player_name_notes(chosen)]
        write_output("ratings", html_out, lambda: write_ratings_page(
            html_out, rows, said, event=event, after_round=after_round,
            players=[p for m in chosen for p in m.players if p], matches=read[0], rated=chosen, awards=awards))
    _emit([r.as_dict() for r in rows], ["player", "mu", "sigma", "ordinal", "matches"], fmt)
    if unread:
        click.get_current_context().exit(EXIT_UNREADABLE)

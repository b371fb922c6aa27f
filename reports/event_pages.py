"""An event's pages: the standings after each round with the round's results (the report's index
and the printable sheet of ``tractor standings --html``), and a page per team and per player.

:func:`event_rounds` works the rounds out (:mod:`tractor_analysis.dataset.standings`);
:func:`render_standings_page` draws the printable sheet — one A4 page per round for up to 32
teams, no table split across pages (``standings_print.html``, ``standings_print.css``).
The player and team pages are :mod:`.event_people`.
"""
from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from importlib import resources
from typing import Sequence

from tractor_analysis.dataset.awards import Award, awards_upto
from tractor_analysis.dataset.event_unread import unread_in_rounds
from tractor_analysis.dataset.event_warnings import warnings
from tractor_analysis.dataset.event_copies import distinct
from tractor_analysis.dataset.event_model import (EventMatch, folded_name, player_name_notes, quoted, round_number,
                                                   rounds_of, same_event)
from tractor_analysis.dataset.provisional import in_rounds, mark, pending
from tractor_analysis.dataset.standings import DEFAULT_TIEBREAKS, Points, Standing, select, standings
from tractor_analysis.engine.explain_hand import forfeit_reason_text, match_decision_text
from tractor_analysis.records.safe_write import write_text_atomic

__all__ = ["ResultRow", "RoundView", "EventView", "event_view", "render_standings_page", "write_standings_page",
           "show_spaces", "render_ratings_page", "write_ratings_page", "event_title", "ratings_heading"]

TIEBREAK_HEADS = {"level_diff": ("级差", "level diff"), "head_to_head": ("相互胜负", "head-to-head"),
                  "opponents": ("对手分", "opponents")}


@dataclass(frozen=True)
class ResultRow:
    """One match of a round, as the results table shows it."""
    table: str
    ns: str
    ew: str
    levels: str
    """``"5 : 3"`` (N–S : E–W); a side known only as a range as ``3..5`` (:attr:`EventMatch.levels_text`)."""
    winner: str | None
    how_en: str
    how_zh: str
    match_id: str
    winner_side: int | None = None
    """0 N–S, 1 E–W, ``None``."""
    short_en: str = ""
    short_zh: str = ""
    """How it was decided, in a few words (the printed sheet)."""
    note: str = ""
    """The standings' note on how it was decided that an organiser should check (bilingual, as the index's
    "please check" list words it: :func:`~tractor_analysis.dataset.event_warnings.decision_note` — cut short inside
    a hand, or won on a derived result); empty for any other match.  The team pages show it on the match's row."""
    levels_note: str = ""
    """Why a final level in :attr:`levels` is a range (bilingual: :attr:`EventMatch.levels_note`), else empty."""


@dataclass(frozen=True)
class RoundView:
    round: int | None
    """``None``: every match (the records give no round numbers)."""
    standings: tuple[Standing, ...]
    results: tuple[ResultRow, ...]


@dataclass(frozen=True)
class EventView:
    event: str | None
    rounds: tuple[RoundView, ...]
    tiebreaks: tuple[str, ...]
    points: Points
    notes: tuple[str, ...]
    """The matches not counted, and why (:func:`~tractor_analysis.dataset.standings.select`)."""
    warnings: tuple[str, ...] = ()
    """What is counted as recorded but should be checked (:func:`~tractor_analysis.dataset.event_warnings.warnings`)."""
    spaced: tuple[str, ...] = ()
    """Event names (and ``--event``) and player names written two ways that differ only in letter case or
    spacing: where a note quotes one, the page shows its spaces (:func:`show_spaces`)."""
    awards: tuple[Award, ...] = ()
    """The byes and walkovers stated and counted (:mod:`~tractor_analysis.dataset.awards`): the page lists them."""

    @property
    def byes(self) -> bool:
        """A bye is stated among :attr:`awards`: the scoring line then gives a bye's points (it lists what was
        stated: a walkover alone is scored as a win and a forfeit, which the line gives anyway)."""
        return any(a.bye for a in self.awards)


def _result(m: EventMatch) -> ResultRow:
    side = None if m.winner is None else m.teams[m.winner]
    en, zh = match_decision_text(side, m.decided_by, m.forfeit_reasons)
    if side is not None:      # "<team> won the match: how" → the how alone (the winner has its column)
        en, zh = en.split(": ", 1)[-1], zh.split("：", 1)[-1]
    # the wording points to the match's "derived" entry, which a match page and tractor check show and these
    # pages (results, team pages, the printable sheet) do not: the pointer is left out, the levels note says why
    en, zh = en.replace(_DERIVED_POINTER[0], ""), zh.replace(_DERIVED_POINTER[1], "")
    short_zh, short_en = _SHORT.get(m.decided_by, (zh, en))
    reason = next((r for r in m.forfeit_reasons if r is not None), None)
    if m.decided_by == "forfeit" and reason is not None:      # why, where the match says it
        reason_en, reason_zh = forfeit_reason_text(reason)
        short_zh, short_en = f"对方{reason_zh}累计判负", f"the other side forfeited ({reason_en})"
    return ResultRow(table=m.table or "—", ns=m.teams[0] or "?", ew=m.teams[1] or "?",
                     levels=m.levels_text, winner=side, how_en=en, how_zh=zh, match_id=m.match_id,
                     winner_side=m.winner, short_en=short_en, short_zh=short_zh, levels_note=m.levels_note)


_DERIVED_POINTER = (" (see the match's derived winner)", "（见比赛的“推出”）")
"""How ``match_decision_text`` points to the match's derived winner (a winner the same under every reading)."""

_SHORT = {"passed A": ("打过A", "passed A"), "higher level": ("级数高", "higher level"),
          "holding the deal": ("同级，坐庄", "equal, held deal"), "forfeit": ("对方判负", "the other side forfeited"),
          "both forfeit": ("双方判负，无胜方", "both forfeit, no winner")}


def _award_row(a: Award) -> ResultRow:
    """A bye or a walkover (:mod:`~tractor_analysis.dataset.awards`) in its round's results: no table, no levels,
    no record to link to, no side (the team is in the first column; the printable sheet names the winner)."""
    if a.opponent is None:
        return ResultRow(table="—", ns=a.team, ew="—", levels="—", winner=a.team, how_en="a bye (no opponent)",
                         how_zh="轮空（无对手）", match_id="", winner_side=None, short_en="a bye", short_zh="轮空")
    return ResultRow(table="—", ns=a.team, ew=a.opponent, levels="—", winner=a.team,
                     how_en=f"a walkover: {quoted(a.opponent)} did not play", how_zh=f"不战而胜：{quoted(a.opponent)} 未出场",
                     match_id="", winner_side=None, short_en="walkover", short_zh="不战而胜")


def _table_key(m: EventMatch) -> tuple:
    """A result's place in its round: by table; two matches at one table keep the order they were read in
    (the same for ``tractor standings --html`` and ``tractor report``, whose match ids differ)."""
    t = round_number(m.table)
    return (t is None, t or 0, m.table or "")


def event_view(matches: Sequence[EventMatch], event: str | None = None, after_round: int | None = None,
               points: Points = Points(), tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
               purpose: str = "standings", unread: Sequence[str] = (),
               unread_records: Sequence[str] = (), awards: Sequence[Award] = ()) -> EventView:
    """The standings after each round up to ``after_round`` and each round's results; one view of
    every match when no match has a round number.  The last round's standings are the text
    standings' (``select`` leaves out a match it cannot place in a round, with a note); a round's
    results list its matches, a second record of a match left out.  ``purpose``: :func:`select`'s
    (``event``: the report's event pages, whose ratings leave out what the standings do).  ``unread``: the
    notes on records (or parts of them) that could not be read (:func:`~tractor_analysis.dataset.event.read_inputs`),
    listed first among those not counted; ``unread_records``: their paths, which a round's note on teams
    with no match counted names (:func:`~tractor_analysis.dataset.event_unread.unread_in_rounds`); ``awards``: the byes and
    walkovers stated (:mod:`~tractor_analysis.dataset.awards`), counted in the standings after their round and listed
    among its results (after the matches)."""
    chosen, notes = select(matches, event, after_round, purpose)
    in_event = _in_event(matches, event)
    awards = awards_upto(awards, after_round)
    numbers = sorted({*(r for r in rounds_of(chosen) if after_round is None or r <= after_round),
                      *(a.round for a in awards if rounds_of(chosen))})
    open_ = pending(matches, event, after_round, awards)      # matches not decided: the ranks they may change are provisional

    def table(upto: Sequence[EventMatch], r: int | None, stated: Sequence[Award]) -> tuple[Standing, ...]:
        rows = standings(upto, points, tiebreaks, stated)
        return tuple(mark(rows, upto, in_rounds(open_, r), points, tiebreaks, stated))

    views = []
    if not numbers:
        views.append(RoundView(None, table(chosen, None, awards),
                               tuple([*(_result(m) for m in sorted(in_event, key=_table_key)),
                                      *map(_award_row, awards)])))
    for r in numbers:
        upto = [m for m in chosen if (round_number(m.round) or 0) <= r and round_number(m.round) is not None]
        played = sorted((m for m in in_event if round_number(m.round) == r), key=_table_key)
        views.append(RoundView(r, table(upto, r, [a for a in awards if a.round <= r]),
                               tuple([*(_result(m) for m in played), *(_award_row(a) for a in awards if a.round == r)])))
    title = event_title(in_event, event)
    checks = unread_in_rounds(warnings(chosen, matches, awards, event, open_) + player_name_notes(chosen),
                              unread_records)
    players = {p for m in chosen for p in m.players if p}
    return EventView(title, tuple(views), tuple(tiebreaks), points, tuple(dict.fromkeys([*unread, *notes])),
                     tuple(checks), _spaced({m.event for m in matches if m.event} | ({event} if event else set()))
                     + _spaced(players), tuple(awards))


def _in_event(matches: Sequence[EventMatch], event: str | None) -> list[EventMatch]:
    """The matches of ``event`` (every match when ``None``), a second record of a match left out: those a
    page's rounds list, and whose ``[Event]`` names its heading (:func:`event_title`)."""
    return distinct([m for m in matches if event is None or same_event(m.event, event)])[0]


def event_title(matches: Sequence[EventMatch], event: str | None = None) -> str | None:
    """The event's name a page's heading gives: ``--event``'s NAME when given, else the one ``[Event]`` the
    matches (those of the selection, a second record of a match left out) state, when they state exactly one
    name; ``None`` (no name shown) when they state none or several: never one chosen among them."""
    if event is not None:
        return event
    names = {m.event for m in matches if m.event}
    return next(iter(names)) if len(names) == 1 else None


def _spaced(names: set[str]) -> tuple[str, ...]:
    """The names of ``names`` another of which differs from them only in letter case or spacing
    (:func:`~tractor_analysis.dataset.event_model.folded_name`): the names the notes on such names quote."""
    by_folded: dict[str, set[str]] = {}
    for n in names:
        by_folded.setdefault(folded_name(n), set()).add(n)
    return tuple(sorted(n for group in by_folded.values() if len(group) > 1 for n in group))


_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
"""A name as a note quotes it (:func:`~tractor_analysis.dataset.event_model.quoted`: between double quotes, a
backslash or a double quote inside it escaped)."""


def show_spaces(note: str, names: Sequence[str] = ()):
    """``note`` as markup (escaped, isolated like any record text: :func:`.bidi.isolate`), each name it quotes
    (``"name"``, as :func:`~tractor_analysis.dataset.event_model.quoted` writes it) isolated too, as the table's
    cells isolate a name: a name in right-to-left letters cannot reorder the words and numbers the note puts after
    it.  Each of ``names`` it quotes is drawn with
    every run of spaces in it drawn as a dotted box around the spaces themselves (``<span class="ws">``,
    ``white-space: pre``): a browser collapses a run of spaces into one and draws a no-break or ideographic
    space like any other, so the very difference a note on names "that differ only in letter case or spacing"
    is about would not show.  The spaces are kept as
    written (a copy of the name is the record's); a run holding anything but U+0020 gets a solid box
    (``ws other``), and each box names its characters' code points in its title."""
    from markupsafe import Markup, escape

    from .bidi import isolate

    spaced = {quoted(name) for name in names}
    text, out, at = isolate(note), [], 0
    for found in _QUOTED.finditer(text):
        out.append(str(escape(text[at:found.start()])))
        name, at = found.group(), found.end()
        shown = isolate(name)       # FSI … PDI around the name when it needs them, as around a cell's
        lead, trail = shown.split(name, 1) if shown != name else ("", "")
        out.append(lead + (_boxed(name) if name in spaced else str(escape(name))) + trail)
    out.append(str(escape(text[at:])))
    return Markup("".join(out))


def _boxed(name: str) -> str:
    """A quoted name as markup, each run of spaces in it a box (:func:`show_spaces`)."""
    from markupsafe import Markup, escape

    shown = []
    for part in re.split(r"(\s+)", name):
        if part and part.isspace():
            kind = "ws" if set(part) == {" "} else "ws other"
            title = " ".join(f"U+{ord(c):04X}" for c in part)
            shown.append(str(Markup('<span class="{}" title="{}">{}</span>').format(kind, title, part)))
        else:
            shown.append(str(escape(part)))
    return "".join(shown)


def render_standings_page(view: EventView, links: dict | None = None) -> str:
    """The printable sheet: one A4 page per round (standings after it, then its results)."""
    from tractor_analysis import __version__

    from markupsafe import Markup

    return _environment().get_template("standings_print.html").render(
        view=view, heads=TIEBREAK_HEADS, css=Markup(_static("standings_print.css")), version=__version__,
        links=links or {})


@functools.cache
def _environment():
    """The sheet's own jinja2 environment (autoescape on, like :func:`.build.environment`, which
    this module does not import: the report's build imports it)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined

    from .bidi import finalize

    # finalize: record text (team and player names) isolated from its neighbours' direction (:mod:`.bidi`)
    env = Environment(loader=PackageLoader("tractor_analysis.reports", "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, finalize=finalize)
    env.filters["show_spaces"] = show_spaces
    return env


@functools.cache
def _static(name: str) -> str:
    return resources.files("tractor_analysis.reports").joinpath("static", name).read_text("utf-8")


def write_standings_page(path: str | os.PathLike, matches: Sequence[EventMatch], *, event: str | None = None,
                         after_round: int | None = None, points: Points = Points(),
                         tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS, unread: Sequence[str] = (),
                         unread_records: Sequence[str] = (), awards: Sequence[Award] = ()) -> None:
    """``tractor standings --html``: the sheet, written atomically (``unread``, ``unread_records``: the
    records that could not be read; ``awards``: the byes and walkovers stated, :func:`event_view`)."""
    write_text_atomic(path, render_standings_page(event_view(matches, event, after_round, points, tiebreaks,
                                                             unread=unread, unread_records=unread_records,
                                                             awards=awards)))


def render_ratings_page(rows: Sequence, notes: Sequence[str] = (), *, event: str | None = None,
                        after_round: int | None = None, spaced: Sequence[str] = (),
                        awards: Sequence[Award] = ()) -> str:
    """The printable ratings page of ``tractor ratings --html``: the rows (``ratings.PlayerRating``) in the
    order the text prints them, the byes and walkovers stated (``awards``: no game played, so no rating changes;
    listed as the standings sheet lists them), then the notes on stderr's matches not rated and the rating order
    (``spaced``: names whose spaces a note shows, :func:`show_spaces`); escaped as the standings sheet."""
    from tractor_analysis import __version__

    from markupsafe import Markup

    return _environment().get_template("event_ratings.html").render(
        rows=list(rows), notes=list(notes), event=event, after_round=after_round, spaced=tuple(spaced),
        awards=list(awards), css=Markup(_static("standings_print.css")), version=__version__)


def ratings_heading(matches: Sequence[EventMatch], rated: Sequence[EventMatch], event: str | None = None,
                    after_round: int | None = None) -> tuple[str | None, int | None]:
    """``(event, round)`` a ratings page's heading names, as the standings sheet derives its own
    (:func:`event_view`): the event's name from the records (:func:`event_title` over ``matches``, every match
    read, of ``event`` when given) and the last round of the matches rated from (``rated``:
    :func:`~tractor_analysis.dataset.standings.select`'s), else ``after_round`` as given (the matches state no
    round number), else none."""
    rounds = rounds_of(rated)
    return event_title(_in_event(matches, event), event), (rounds[-1] if rounds else after_round)


def write_ratings_page(path: str | os.PathLike, rows: Sequence, notes: Sequence[str] = (), *,
                       event: str | None = None, after_round: int | None = None,
                       players: Sequence[str] = (), matches: Sequence[EventMatch] | None = None,
                       rated: Sequence[EventMatch] = (), awards: Sequence[Award] = ()) -> None:
    """``tractor ratings --html``: the page, written atomically (``players``: the names rated, whose
    spaces a note on names written two ways shows).  ``matches``: every match read, and ``rated`` the matches
    selected (``--event``, ``--after-round``), from which its heading names the event and the round
    (:func:`ratings_heading`); ``None``: the heading names ``event`` and ``after_round`` as given.  ``awards``: the
    byes and walkovers stated, those up to ``after_round`` listed (as the standings sheet, :func:`event_view`)."""
    awards = awards_upto(awards, after_round)
    if matches is not None:
        event, after_round = ratings_heading(matches, rated, event, after_round)
    write_text_atomic(path, render_ratings_page(rows, notes, event=event, after_round=after_round,
                                                spaced=_spaced(set(players)), awards=awards))

"""The index page's fact rows: one per match, hand and violation, and each file problem.

A violation is one of the play (a player's or the table's): a finding about the record alone (the scorer's
copy proven wrong, docs/rules.md §13.1) is no player's violation — it has no :class:`ViolationFact`, and
no count, table or standing of violations holds it; the hand and the match count it apart
(``record_findings``).

Built from a replayed match (:func:`facts_from_result`) or from a dataset's rows
(:func:`~.dataset_input.add_dataset`); the index's tables and standings (:mod:`.facts`) count them.
Views of whole pages are :mod:`.hand_page`'s and :mod:`.match_page`'s.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tractor_analysis.dataset.event import from_result
from tractor_analysis.dataset.event_copies import distinct
from tractor_analysis.dataset.event_model import EventMatch, match_named
from tractor_analysis.dataset.hand_values import is_score_sheet
from tractor_analysis.engine.scoring import CUT_SHORT, decide_match
from tractor_analysis.engine.verdicts import MatchResult
from tractor_analysis.records.cards import SEAT_TOKENS, team_of
from tractor_analysis.records.model import Match

from .card_display import seat_label
from .bidi import isolate
from .hand_page import player_names
from .match_page import CopyView, pair_hands


@dataclass(frozen=True, slots=True)
class HandFact:
    """One hand as the index's statistics see it (one row of the dataset's hands table)."""

    match: str
    hand: int
    dealer: str
    defenders_team: int | None
    """The dealer's team (0 NS, 1 EW), ``None`` when the record does not tell the sides."""
    level: int | None
    trump: str
    decks: int
    attackers_points: int | None
    attackers_total: int | None
    bottom_multiplier: int | None
    bottom_bonus: int | None
    """``None`` where the record leaves it unknown (or undecided: the record ends before the bottom)."""
    outcome: str | None
    """``attackers`` / ``defenders`` / ``None`` (incomplete)."""
    levels: int
    violations: int
    """Violations of the play in the hand (not the findings about the record alone: :attr:`record_findings`)."""
    defender_seats: frozenset[str] | None = None
    """The seats of the dealer's side as the engine resolved them (``"N"`` …): in friend mode the
    dealer and the called partner, never the seat opposite; ``None`` when not known."""
    final: bool | None = None
    """The attackers' total is the hand's own: the hand was played out, or it is a score sheet's
    recorded total (a replayed hand's ``complete`` or score sheet; a dataset row's ``complete`` or
    ``result_only``).  ``False``: the points so far of a hand the record ends inside (a miscount can
    decide such a hand); ``None``: not known (a dataset row that says neither)."""
    outcome_reason: str | None = None
    """Why the outcome is what it is (:attr:`.verdicts.Outcome.reason`: ``points``, ``miscount``, or
    ``match_points`` — Botzone's 0–3 points a seat, no levels); ``None`` without an outcome."""
    record_findings: int | None = 0
    """Findings about the record alone in the hand (docs/rules.md §13.1: the scorer's copy proven wrong, no
    player's violation); ``None``: not known (a dataset row written before its ``record_findings``, whose
    ``violations`` count them)."""


@dataclass(frozen=True, slots=True)
class ViolationFact:
    """One violation of the play (a player's or the table's), never a finding about the record alone."""

    match: str
    hand: int
    trick: int | None
    seat: str
    player: str
    code: str
    named: bool = True
    """The record names the seat's player (``False``: ``player`` is the seat's fallback name, not a
    person — no table by player counts it)."""


@dataclass(frozen=True, slots=True)
class MatchFact:
    match: str
    title: str
    filename: str | None
    teams: tuple[str, str]
    """Player names per team: ``"North & South"``, ``"East & West"``."""
    hands: int
    levels_final: tuple[int, int]
    winner: int | None
    """Team that won the match (``engine.scoring.decide``: passed the winning level, the other side
    forfeited, or the levels or the deal where the ruleset decides a match cut short), else ``None``."""
    leader: int | None
    """Team ahead at the end (:func:`ahead_of`): the winner, else the higher final level."""
    violations: int
    """Violations of the play in the match (its hands' and its own problems), not the findings about the
    record alone (:attr:`record_findings`)."""
    tags: tuple[str, ...] = ()
    """The record's own match tags (event, site, date, round, table) and starting levels: with the
    players and the hands they tell a match kept twice (as .tgn and .json) from two matches —
    the title would not, as it falls back to the file name."""
    event: EventMatch | None = None
    """The match as the event's standings, ratings and player pages see it (keyed by ``match``)."""
    team_tags: bool = False
    """The record names a team (``[TeamNS]`` / ``[TeamEW]``): the report then shows the event."""
    friend: bool = False
    """Friend mode (找朋友): the sides change every hand, so there are no teams and no team levels."""
    player_levels_final: tuple | None = None
    """Friend mode: each player's own final level, N, E, S, W (``None`` where unknown); else ``None``."""
    players: tuple[str, ...] = ()
    """The players' names, N, E, S, W (a seat token where the record names none)."""
    copy_of: str | None = None
    """The key (:attr:`match`) of the copy that counts when the dataset this match was read from
    marks it a copy of that one (its ``duplicate_of``), else ``None``."""
    unread: str | None = None
    """The bilingual note of ``tractor standings`` when part of the match's record file could not be read
    and the matches read from it are not counted (:func:`~tractor_analysis.dataset.event_unread.unread_notes`:
    a hand skipped, the file cut short — which match lost it, or its result, is not known), else
    ``None``: the event's standings and ratings leave the match out, as the standings do."""
    not_drawn: tuple[str, str] | None = None
    """Why the match has no page (English, 中文) — a dataset's match that could not be drawn again
    (:func:`~.dataset_input.add_dataset`: counted from the dataset's rows) —, else ``None``."""
    record_findings: int | None = 0
    """Findings about the record alone in the match (docs/rules.md §13.1), apart from :attr:`violations`;
    ``None``: not known (a dataset row written before its ``record_findings``)."""


def match_tags(*values) -> tuple[str, ...]:
    """:attr:`MatchFact.tags` from a record or a dataset row (missing values as ``""``)."""
    return tuple("" if v is None or v != v else str(v) for v in values)


def ahead_of(winner: int | None, levels: tuple, undecided: bool) -> int | None:
    """The index's "ahead / 领先": the team that won the match, else — a finished match no rule
    decides (``undecided``: not a forfeit of both, not a position alone) — the team higher in final
    levels, when both are known and differ; ``None`` otherwise.  The one rule for a match drawn
    from its record and from a dataset (:mod:`.inputs`)."""
    if winner is not None or not undecided or None in levels or levels[0] == levels[1]:
        return winner
    return 0 if levels[0] > levels[1] else 1


def facts_from_result(match: Match, result: MatchResult, key: str, title: str,
                      filename: str | None, where: str | None = None):
    """(MatchFact, [HandFact], [ViolationFact]) for one replayed match (the violations of the play: a finding
    about the record alone is counted apart, :attr:`HandFact.record_findings`); ``where`` (the record's
    path, ``path#n`` for the n-th match of a file holding several, as ``tractor standings`` names
    it) is the standings' :attr:`~EventMatch.source`: the notes name the record by it and a match
    recorded twice keeps the copy ``tractor standings`` keeps (default: the title)."""
    names = player_names(match)
    hands, violations = [], []
    for _, r in pair_hands(match, result):
        hands.append(HandFact(
            match=key, hand=r.number, dealer="?" if r.dealer is None else SEAT_TOKENS[r.dealer],
            defenders_team=(team_of(r.dealer) if r.dealer is not None
                            else team_of(min(r.defenders)) if r.defenders else None), level=r.level,
            trump=("NT" if r.trump is None else "SHDC"[r.trump]) if r.trump_known else "?", decks=r.rules.decks,
            attackers_points=r.attackers_points, attackers_total=r.attackers_total,
            bottom_multiplier=r.bottom_multiplier, bottom_bonus=r.bottom_bonus,
            outcome=None if r.outcome is None else r.outcome.winner,
            outcome_reason=None if r.outcome is None else r.outcome.reason,
            levels=0 if r.outcome is None else r.outcome.levels, violations=len(r.play_violations),
            defender_seats=frozenset(SEAT_TOKENS[s] for s in r.defenders) if r.defenders else None,
            final=r.complete or is_score_sheet(r), record_findings=len(r.record_findings)))
        for v in r.play_violations:
            violations.append(ViolationFact(
                match=key, hand=r.number, trick=v.trick, seat=seat_label(v.seat),
                player="" if v.seat is None else names[v.seat], code=v.code,
                named=v.seat is None or bool(match.players[v.seat])))
    for v in result.problems:               # the match's own (hand -1, as the dataset's rows read back)
        if v.of_record:
            continue
        violations.append(ViolationFact(match=key, hand=-1, trick=None, seat="—", player="", code=v.code))
    winner, how = decide_match(result)      # a pass, a forfeit, or the levels where the ruleset says so
    lf = result.levels_final
    friend = bool(result.hands and result.hands[0].rules.friend)
    if friend:
        lf = (None, None)           # friend mode: no side's level (check --json's levels_final is null)
    leader = ahead_of(winner, lf, how == CUT_SHORT)
    # two names in one string: each isolated (:mod:`.bidi`), so one's right-to-left text keeps to itself
    teams = (f"{isolate(names[0])} & {isolate(names[2])}", f"{isolate(names[1])} & {isolate(names[3])}")
    fact = MatchFact(match=key, title=title, filename=filename, teams=teams,
                     hands=len(result.hands), levels_final=(lf[0], lf[1]), winner=winner,
                     leader=leader, violations=len(violations),
                     tags=match_tags(match.event, match.site, match.date, match.round, match.table,
                                     *match.start_levels),
                     event=from_result(key, match, result, where or title),
                     # friend mode: a team tag names no side (the sides change every hand)
                     team_tags=not friend and any(t is not None for t in match.teams), friend=friend,
                     player_levels_final=tuple(result.player_levels_final) if friend else None,
                     players=tuple(names),
                     record_findings=sum(h.record_findings for h in hands) + sum(v.of_record for v in result.problems))
    return fact, hands, violations


def note_of(m: EventMatch, notes) -> str | None:
    """The note of ``notes`` on ``m`` (each begins with the record's source, or with
    :func:`~tractor_analysis.dataset.event_model.match_named`'s name of it)."""
    heads = tuple(f"{where}{colon}" for where in (m.source, match_named(m)) for colon in (":", "："))
    return next((n for n in notes if n.startswith(heads) and m.source), None)


def copies_among(matches: list[EventMatch]) -> dict[str, tuple[EventMatch, str]]:
    """Each match of ``matches`` that the standings' :func:`~tractor_analysis.dataset.event_copies.distinct`
    leaves out as a second record of another (``matches`` in the order the copy that counts is chosen
    in: the order ``tractor ingest`` commits) → (the match counted in its place, the standings' note
    on it): the one the dataset marked (:attr:`~EventMatch.copy_of`), else the first with its key,
    else the first with its re-typed key (:attr:`~EventMatch.same`)."""
    once, notes = distinct(matches)
    counted = {m.match_id for m in once}
    by_id = {m.match_id: m for m in reversed(matches) if m.copy_of is None}     # as distinct reads the marks
    by_key: dict[str, EventMatch] = {}
    by_same: dict[str, EventMatch] = {}
    for m in once:
        if m.key is not None:
            by_key.setdefault(m.key, m)
        if m.same is not None:
            by_same.setdefault(m.same, m)
    out = {}
    for m in matches:
        if m.match_id in counted:
            continue
        first = ((by_id.get(m.copy_of) if m.copy_of is not None else None)
                 or (by_key.get(m.key) if m.key is not None else None)
                 or (by_same.get(m.same) if m.same is not None else None))
        note = note_of(m, notes)
        if first is not None and note is not None:
            out[m.match_id] = (first, note)
    return out


class CopyFinder:
    """The matches read so far that count, to tell as a match is read whether it is a second record
    of one of them (its page says so as it is written).  The rule is the standings' own
    (:func:`~tractor_analysis.dataset.event_copies.distinct`, asked of the match and each one it could be
    a copy of: the dataset's mark, the same key, the same re-typed key); the matches come in the order
    ``tractor ingest`` commits them (a dataset's first, in its own order; then the record files in the
    order of the inputs), so the copy that counts is always read before its copies."""

    def __init__(self) -> None:
        self._by_id: dict[str, tuple[EventMatch, CopyView]] = {}
        self._by_key: dict[str, tuple[EventMatch, CopyView]] = {}
        self._by_same: dict[str, tuple[EventMatch, CopyView]] = {}

    def copy_of(self, m: EventMatch, seen_as: CopyView) -> CopyView | None:
        """The match ``m`` is a second record of (as its page names it), or ``None``: ``m`` counts,
        and is kept (as ``seen_as``) for the matches read after it."""
        candidates = [table[k] for table, k in ((self._by_id, m.copy_of), (self._by_key, m.key),
                                                (self._by_same, m.same)) if k is not None and k in table]
        for first, view in candidates:
            once, _ = distinct([first, m])
            if all(x.match_id != m.match_id for x in once):
                return view
        self._by_id.setdefault(m.match_id, (m, seen_as))
        if m.key is not None:
            self._by_key.setdefault(m.key, (m, seen_as))
        if m.same is not None:
            self._by_same.setdefault(m.same, (m, seen_as))
        return None

    def without_pages(self, filenames: set[str]) -> None:
        """The matches kept whose pages (``filenames``) were not drawn after all: a later record of one
        names it in text, without a link to a page that does not exist."""
        for table in (self._by_id, self._by_key, self._by_same):
            for k, (m, view) in table.items():
                if view.filename in filenames:
                    table[k] = (m, dataclasses.replace(view, filename=None))


@dataclass(frozen=True, slots=True)
class FileProblem:
    """A record file's parse diagnostic, for the index's 'files with errors' list."""

    path: str
    line: int
    column: int
    code: str
    message: str



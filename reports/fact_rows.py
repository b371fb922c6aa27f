"""The index page's fact rows: one per match, hand and violation, and each file problem.

Built from a replayed match (:func:`facts_from_result`) or from a dataset's rows
(:func:`~.inputs.add_dataset`); the index's tables and standings (:mod:`.facts`) count them.
Views of whole pages are :mod:`.hand_page`'s and :mod:`.match_page`'s.
"""
from __future__ import annotations

from dataclasses import dataclass

from tractor_analysis.dataset.event import from_result
from tractor_analysis.dataset.standings import EventMatch
from tractor_analysis.engine.scoring import CUT_SHORT, decide_match
from tractor_analysis.engine.verdicts import MatchResult
from tractor_analysis.records.cards import SEAT_TOKENS, team_of
from tractor_analysis.records.model import Match

from .card_display import seat_label
from .bidi import isolate
from .hand_page import player_names
from .match_page import pair_hands


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
    defender_seats: frozenset[str] | None = None
    """The seats of the dealer's side as the engine resolved them (``"N"`` …): in friend mode the
    dealer and the called partner, never the seat opposite; ``None`` when not known."""


@dataclass(frozen=True, slots=True)
class ViolationFact:
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
    """(MatchFact, [HandFact], [ViolationFact]) for one replayed match; ``where`` (the record's
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
            levels=0 if r.outcome is None else r.outcome.levels, violations=len(r.violations),
            defender_seats=frozenset(SEAT_TOKENS[s] for s in r.defenders) if r.defenders else None))
        for v in r.violations:
            violations.append(ViolationFact(
                match=key, hand=r.number, trick=v.trick, seat=seat_label(v.seat),
                player="" if v.seat is None else names[v.seat], code=v.code,
                named=v.seat is None or bool(match.players[v.seat])))
    for v in result.problems:               # the match's own (hand -1, as the dataset's rows read back)
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
                     players=tuple(names))
    return fact, hands, violations


@dataclass(frozen=True, slots=True)
class FileProblem:
    """A record file's parse diagnostic, for the index's 'files with errors' list."""

    path: str
    line: int
    column: int
    code: str
    message: str



"""The record's own referee against the engine: ``Referee:…`` tags compared with a replay.

A record imported from another table (:mod:`tractor_analysis.records.fen80_reader`) keeps
that table's verdicts as tags — trick winners, the attackers' trick points, the bottom and
its multiplier, penalties, the outcome, the levels after the hand, the next dealer, and the
match winner.  Like ``[Claim]`` (``claim_mismatch``), each verdict that differs from the
engine's is a ``referee_mismatch`` finding that names both values, so ``check`` lists every
place where the engine under the chosen rules does not reach the table's verdict.
Tags that are missing or unreadable are not compared.
"""
from __future__ import annotations

from ..records.cards import SEAT_TOKENS, TEAMS
from ..records.model import Hand, Match
from . import explain_hand
from .verdicts import HandResult, MatchResult, Violation

__all__ = ["hand_findings", "match_findings", "tag_value"]

_SEAT = {t: i for i, t in enumerate(SEAT_TOKENS)}
_TEAM = {t: i for i, t in enumerate(TEAMS)}


def tag_value(tags, name: str) -> str | None:
    """The last value of tag ``name`` (``None`` when absent)."""
    out = None
    for n, v in tags:
        if n == name:
            out = v
    return out


def _finding(verdict: str, theirs: str, ours: str, trick: int | None = None,
             seat: int | None = None) -> Violation:
    zh, en = explain_hand.referee_mismatch(verdict, theirs, ours, trick)
    return Violation("referee_mismatch", trick, seat, (), (), zh, en)


def _ints(text: str | None, n: int) -> list[int] | None:
    if text is None:
        return None
    try:
        out = [int(x) for x in text.split()]
    except ValueError:
        return None
    return out if len(out) == n else None


def hand_findings(hand: Hand, result: HandResult) -> list[Violation]:
    """Every ``Referee:…`` verdict of ``hand`` the replay ``result`` does not reach."""
    tags = hand.tags
    if not any(n.startswith("Referee:") for n, _ in tags):
        return []
    out: list[Violation] = []
    winners = tag_value(tags, "Referee:Winners")
    if winners is not None:
        theirs = [_SEAT.get(t) for t in winners.split()]
        ours = [t.winner for t in result.tricks]
        if len(theirs) != len(ours):
            out.append(_finding("tricks", str(len(theirs)), str(len(ours))))
        for t, w in zip(result.tricks, theirs):
            if w is not None and w != t.winner:
                out.append(_finding("winner", SEAT_TOKENS[w], SEAT_TOKENS[t.winner], t.number, t.winner))
    if result.attackers_points is None:      # withheld (the sides are unknown): nothing to compare
        return out
    points = _ints(tag_value(tags, "Referee:Points"), 1)
    if points is not None and points[0] != result.attackers_points:
        out.append(_finding("points", str(points[0]),
                            str(result.attackers_points)))
    out.extend(_bottom(tag_value(tags, "Referee:Bottom"), result))
    pen = _ints(tag_value(tags, "Referee:Penalty"), 2)
    if pen is not None and (any(pen) != bool(result.penalties)):
        out.append(_finding("penalty", f"{pen[0]} {pen[1]}", str(result.penalties)))
    o = result.outcome
    outcome = tag_value(tags, "Referee:Outcome")
    if outcome is not None:
        ours = "incomplete" if o is None else f"{o.winner} +{o.levels}"
        if outcome.strip() != ours:
            out.append(_finding("outcome", outcome.strip(), ours))
    levels = _ints(tag_value(tags, "Referee:Levels"), 2)
    if levels is not None and o is not None:
        ours_l = [str(x) for x in result.levels_after]
        for team in (0, 1):
            if levels[team] > 14 and o.match_over and o.team == team:
                ours_l[team] = str(levels[team])
        if ours_l != [str(x) for x in levels]:
            out.append(_finding("levels", " ".join(map(str, levels)),
                                " ".join(ours_l) + (" (match over)" if o.match_over else "")))
    nxt = tag_value(tags, "Referee:NextDealer")
    if nxt is not None and o is not None and _SEAT.get(nxt.strip()) != o.next_dealer:
        out.append(_finding("next_dealer", nxt.strip(),
                            "bid for" if o.next_dealer is None else SEAT_TOKENS[o.next_dealer]))
    return out


def _bottom(text: str | None, result: HandResult) -> list[Violation]:
    parts = text.split() if text else []
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].startswith("x") \
            or not parts[1][1:].isdigit() or parts[2] not in ("attackers", "defenders"):
        return []
    pts, mult, side = int(parts[0]), int(parts[1][1:]), parts[2]
    out = []
    if pts != result.bottom_points:
        out.append(_finding("bottom_points", str(pts), str(result.bottom_points)))
    if result.complete and result.tricks:
        last = result.tricks[-1].winner
        ours_side = "defenders" if last in result.defenders else "attackers"
        if ours_side != side:
            out.append(_finding("last_trick", side, ours_side))
        elif side == "attackers" and mult != result.bottom_multiplier:
            out.append(_finding("multiplier", f"x{mult}", f"x{result.bottom_multiplier}"))
    return out


def match_findings(match: Match, result: MatchResult) -> list[Violation]:
    """The match winner of the record's referee (``Referee:Winner``) against the replay's."""
    theirs = tag_value(match.tags, "Referee:Winner")
    if theirs is None or theirs.strip() not in _TEAM:
        return []
    if result.winner == _TEAM[theirs.strip()]:
        return []
    ours = "nobody yet" if result.winner is None else TEAMS[result.winner]
    return [_finding("match_winner", theirs.strip(), ours)]

"""A deal line its seat's own plays contradict: no verdict rests on it.

A hand-written deal line is often miscopied: N's line gives ♥J where N held ♥7.  The hand then
shows it twice: N plays ♥7, which the line does not give (``not_in_hand``), and after the last
trick N still holds ♥J (``deal_mismatch``).  Either the line or a play is wrong, and nothing says
which; but every verdict that rests on N holding ♥J ("N still held hearts and did not follow")
rests on the wrong one or the other.  So (docs/rules.md §1.6, §14.1): the two inconsistencies are
reported as they are, and everything else is judged again on N's line less the cards N still
holds at the end — the cards both its line and its plays give: no follow verdict rests on a card
of the line that N never plays (nor on the card N plays that the line does not give).  The outcome stays as the first judgement left it (the hand is not played
out as its deal says: no outcome); the level penalties (wrong follows, docs/rules.md §10) are counted
from the violations that stand after judging again, never from the first judgement's.  A seat dealt too many cards, all its plays in its line, is a
real misdeal (多少牌), not a contradiction: it is judged on its line.
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

from ..records.model import Hand
from . import explain_contradicted
from .outcome import offenders, team_counts
from .verdicts import HandResult, Unknown, Violation

SHOWN_BY = frozenset({"not_in_hand", "deal_mismatch"})
"""The two violations that together show a deal line wrong (or a play on it)."""


def contradicted(hand: Hand, result: HandResult) -> frozenset[int]:
    """The seats whose deal line the plays contradict: each played a card its line does not give
    and held cards after the last trick."""
    if hand.setup or hand.deal is None or not result.violations:
        return frozenset()
    left = {v.seat for v in result.violations if v.code == "deal_mismatch" and v.trick is None}
    if not left:
        return frozenset()
    unheld = {v.seat for v in result.violations if v.code == "not_in_hand" and v.trick is not None}
    return frozenset(s for s in left & unheld if s is not None and hand.deal[s])


def _kept(v: Violation, seats: frozenset[int]) -> bool:
    """A finding of the first judgement kept as it is: every one of the hand's own (deal, bury,
    declarations, claim: on the deal as the record gives it), the contradicted seats' ``not_in_hand``;
    the tricks' other verdicts are judged again."""
    return v.trick is None or (v.seat in seats and v.code in SHOWN_BY)


def _without(line: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...] | None:
    rest = list(line)
    for k in cards:
        if k not in rest:
            return None
        rest.remove(k)
    return tuple(rest)


def rejudge(hand: Hand, result: HandResult, seats: frozenset[int],
            replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` with every verdict but the contradiction itself judged again on the deal lines
    of ``seats`` less the cards each still holds after the last trick — the cards both its line and
    its plays give (``replay``: one hand judged; ``order``: the violations' sort key).  A card left
    that the line does not give (the dealer's, from the bottom): ``result`` as it is."""
    deal = list(hand.deal or ())
    bottom = hand.bottom
    for v in result.violations:
        if v.code == "deal_mismatch" and v.seat in seats and v.trick is None:
            line = _without(deal[v.seat], v.played)
            if line is None and v.seat == hand.dealer and bottom is not None:
                # the dealer's cards are its line and the bottom, less the bury: a card left that its
                # line does not give came from the bottom (a Buried: line miscopied)
                in_line = tuple(k for k in v.played if k in deal[v.seat])
                line, bottom = _without(deal[v.seat], in_line), _without(bottom, tuple(
                    k for k in v.played if k not in deal[v.seat]))
                if line is None or bottom is None:
                    return result
            if line is None:
                return result
            deal[v.seat] = line
    again = replay(dataclasses.replace(hand, deal=tuple(deal), bottom=bottom))
    shown = [v for v in result.violations if _kept(v, seats)]
    violations = sorted([*shown, *(v for v in again.violations if not _kept(v, seats))], key=order)
    by_trick: dict[int, list[Violation]] = {}
    for v in violations:
        if v.trick is not None:
            by_trick.setdefault(v.trick, []).append(v)
    tricks = tuple(dataclasses.replace(t, violations=tuple(by_trick.get(t.number, ()))) for t in result.tricks)
    counts, what = _counts_again(hand, result, again, violations)
    unknown = Unknown("deal", what, *explain_contradicted.deal_line_contradicted(tuple(sorted(seats)), what,
                                                                                     hand.dealer))
    return dataclasses.replace(result, violations=tuple(violations), tricks=tricks, legality_known=False,
                               **counts, unknowns=result.unknowns + (unknown,))


def _counts_again(hand: Hand, result: HandResult, again: HandResult,
                  violations: Sequence[Violation]) -> tuple[dict, tuple[str, ...]]:
    """What ``result`` counts from its violations, counted again from ``violations`` (the ones that
    stand after judging again; ``again``: the hand judged again), as ``dataclasses.replace`` changes,
    and what the rejudged hand withholds (:data:`~.verdicts.WITHHELD` words).

    The level penalties (docs/rules.md §10): a wrong follow judged away costs no level, nor counts
    towards a forfeit; the levels after the first judgement's outcome, which had its penalties, are
    withheld if the count changes.  The failed-throw penalties (§4.6; a throw written as if it stood
    is charged from its ``throw_failed``): ``again``'s, whose tricks give the violations that stand —
    withheld with the points when ``again`` withholds them or gives other sides."""
    revokers, takers = offenders(hand, result.rules, violations)
    counts = {"revoke_levels": team_counts(result.rules, revokers),
              "takeback_levels": team_counts(result.rules, takers)}
    what: list[str] = ["legality"]
    after = result.player_levels_after
    if ((counts["revoke_levels"], counts["takeback_levels"]) != (result.revoke_levels, result.takeback_levels)
            and any(x is not None for x in after)):
        counts.update(player_levels_after=(None,) * 4, levels_after=(None, None))
        what.append("levels")
    first = tuple(i for i in result.items if i.kind == "throw_penalty")
    charged = tuple(i for i in again.items if i.kind == "throw_penalty")
    if first == charged or result.penalties is None:
        return counts, tuple(what)
    if again.penalties is None or again.defenders != result.defenders:
        counts.update(penalties=None, attackers_total=None,
                      items=tuple(i for i in result.items if i.kind != "throw_penalty"))
        what.append("points")
        return counts, tuple(what)
    items = (*(i for i in result.items if i.kind != "throw_penalty"), *charged)
    counts.update(items=items, penalties=sum(i.points for i in charged))
    if result.attackers_total is not None:
        counts["attackers_total"] = sum(i.points for i in items)
    return counts, tuple(what)

__all__ = ["SHOWN_BY", "contradicted", "rejudge"]

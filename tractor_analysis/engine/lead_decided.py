"""Who was due to lead a trick: the trick before it, its winner, and the later plays equal to the winning one.

A lead out of turn (``out_of_turn`` at a trick's first play, docs/rules.md §4.1) rests on who won the trick before.
Where a later play of that trick is equal to the winning one (the same cards' strengths in the same shapes: two
off-suit level cards, docs/rules.md §2.5), neither beats the other and the first played keeps the lead — the point
a player who led after it disputes.  :func:`lead_decided` gives the trick that decided the lead and those plays,
for the ruling page to show with the rule.  Where the rules replace that trick as written — a failed throw shown as
played, its forced play written wrong, or a throw written failed that would have stood (docs/rules.md §4.5,
:func:`.lead_after_throw.replaced_throw`) — what decided the lead is the trick the rules require (its winner the one
due, :mod:`.lead_after_throw`), not the one written: :attr:`LeadDecided.replaced` says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from . import explain
from .lead_after_throw import replaced_throw
from .legal import analyse_lead
from .tricks import HandContext, trick_winner
from .verdicts import TrickResult, Violation, trick_place


@dataclass(frozen=True, slots=True)
class LeadDecided:
    """The trick before a lead out of turn: its number, its winner (the seat due to lead next) and the seats whose
    play after the winner's is equal to it (docs/rules.md §2.5: they do not beat it)."""

    trick: int
    winner: int
    winning: tuple[int, ...]
    """The winning play's cards."""
    place: int
    """The trick's place in the hand's tricks (from 0): a record may write two tricks with one number
    (``trick_sequence``), and the trick is told by its place, not :attr:`trick`."""
    equal: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """``(seat, cards)`` of each later play equal to the winning one, in play order."""
    replaced: Violation | None = None
    """The verdict of the trick's throw (``throw_failed``, ``wrong_forced_play``) where the rules replace the trick
    as written: the lead was decided by the trick the rules require — :attr:`winner` wins it —, so
    :attr:`winning` and :attr:`equal` (the written trick's) are empty."""
    shown: tuple[int, ...] = ()
    """With :attr:`replaced`: the throw as shown (the leader's play as written, or its ``attempted``)."""
    written: str = ""
    """With :attr:`replaced`: how the record writes the trick (:data:`.lead_after_throw.SHOWN`, ``WRONG_FORCED``,
    ``STOOD``)."""


def _tie_with_lead(ctx: HandContext, lead_cards: Sequence[int], cards: Sequence[int]) -> bool:
    """``cards`` (a follow) equal to the lead ``lead_cards``: of its group, the same units at the same strengths."""
    lead, other = analyse_lead(ctx, tuple(lead_cards)), analyse_lead(ctx, tuple(cards))
    if lead.mixed or other.mixed or lead.is_throw or other.group != lead.group:
        return False
    return [(u.shape, u.top) for u in lead.units] == [(u.shape, u.top) for u in other.units]


def equal_plays(ctx: HandContext, trick: TrickResult) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The plays of ``trick`` made after its winning one and equal to it (neither beats the other: docs/rules.md
    §2.5) — a follower's: placed before the winning play it would win instead; the lead's: the same units of the
    led group at the same strengths.  ``()`` when the trick does not hold four plays or none is equal."""
    plays = trick.plays
    if len(plays) != 4 or not plays[0].cards:
        return ()
    pairs = [(p.seat, tuple(p.cards)) for p in plays]
    lead = analyse_lead(ctx, pairs[0][1])
    if lead.mixed or not lead.units:
        return ()
    w, _ = trick_winner(ctx, lead, pairs)
    out = []
    for j in range(w + 1, 4):
        if w == 0:
            tied = _tie_with_lead(ctx, pairs[0][1], pairs[j][1])
        else:
            swapped = list(pairs)
            swapped[w], swapped[j] = pairs[j], pairs[w]
            tied = trick_winner(ctx, lead, swapped)[0] == w
        if tied:
            out.append(pairs[j])
    return tuple(out)


def lead_decided(ctx: HandContext | None, tricks: Sequence[TrickResult], v: Violation) -> LeadDecided | None:
    """For ``v``, a lead out of turn (``out_of_turn`` at a trick's first play, docs/rules.md §4.1) after another
    trick: the trick before it that decided who was due to lead (its winner), and the plays in it equal to the
    winning one (``ctx``: the hand's; ``None`` — trump or level not known — names none).  ``None`` for any other
    finding, when the trick before has no winner known, or when ``v``'s words do not name that winner as due (a
    lead after a trick the rules replace whose winner as the rules require it is another seat, or open:
    :mod:`.lead_after_throw`).  A trick the rules replace whose written winner is the one due (the words name it:
    the rules' trick gives it alone) is given with :attr:`LeadDecided.replaced`: it is the rules' trick that
    decided the lead, not the plays written."""
    if v.code != "out_of_turn" or v.trick is None or not v.played:
        return None
    i = trick_place(tricks, v)      # by its place: two tricks may have one number
    if i is None or i == 0 or not tricks[i].plays or tricks[i].plays[0].seat != v.seat:
        return None
    before = tricks[i - 1]
    if before.winner is None or (v.message_zh, v.message_en) != explain.out_of_turn(v.seat, before.winner):
        return None     # its words name no seat, or another, as due: the trick as written did not decide the lead
    found = replaced_throw(before)
    if found is not None:       # the rules' trick decided the lead: its winning play is not the one written
        throw, shown, written = found
        return LeadDecided(before.number, before.winner, (), i - 1, (), throw, shown, written)
    winning = next((tuple(p.cards) for p in before.plays if p.seat == before.winner), ())
    equal = equal_plays(ctx, before) if ctx is not None else ()
    return LeadDecided(before.number, before.winner, winning, i - 1, equal)


__all__ = ["LeadDecided", "equal_plays", "lead_decided"]

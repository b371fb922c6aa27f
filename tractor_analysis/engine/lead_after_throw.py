"""The lead after a failed throw shown as played: a lead out of turn the trick as the rules require may not make.

A record that writes a failed throw as it was shown — the whole throw, and follows of its size (docs/rules.md
§4.5) — keeps the trick as written: its winner is the written trick's.  But the table plays the forced unit, each
follower following *that*, and the winner of that trick (:func:`.required_trick.required_trick`) leads the next.
A next trick led by a seat the rules' trick gives as its winner is then no lead out of turn the record proves
(§4.1): where the rules' trick has that seat as its only winner, it led in turn — no ``out_of_turn``; where the
winner is open between it and others (the followers' choices decide), or not derived, whether it led out of turn
is open too — not ruled (an ``order`` unknown, :func:`leads_after_throws`).  A lead by a seat that cannot win
the rules' trick stays out of turn.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import Counts
from ..records.model import Trick
from .required_trick import required_trick, throw_decision
from .tricks import HandContext
from .verdicts import TrickResult


@dataclass(frozen=True, slots=True)
class OpenLead:
    """A lead whose turn rests on the trick before as the rules require it: open between ``winners``."""

    trick: int
    """The trick led (its number)."""
    seat: int
    """Its leader, as written."""
    before: int
    """The trick before: a failed throw shown as played."""
    recorded: int
    """Its winner as written."""
    winners: tuple[int, ...]
    """The seats that can win it as the rules require (``()``: not derived)."""


def _shown_throw(t: TrickResult):
    """``t``'s ``throw_failed`` of its leader when the record writes the throw as shown (no ``->``), else None."""
    if not t.plays or t.plays[0].attempted is not None:
        return None
    return next((v for v in t.violations if v.code == "throw_failed" and v.seat == t.leader and v.trick == t.number),
                None)


def _hands_at(start: Sequence[Counts], tricks: Sequence[Trick], i: int) -> tuple[Counts, ...]:
    """The seats' counts at the start of trick ``i`` (its results kept no hands: ``hands_before=False``)."""
    held = [list(h) for h in start]
    for t in tricks[:i]:
        for p in t.plays:
            for k in p.cards:
                held[p.seat][k] -= 1
    return tuple(tuple(h) for h in held)


def leads_after_throws(ctx: HandContext, recorded: Sequence[Trick], tricks: Sequence[TrickResult],
                       start: Sequence[Counts], known: Sequence[bool]
                       ) -> tuple[tuple[TrickResult, ...], tuple[OpenLead, ...]]:
    """``tricks`` (judged from ``recorded``, the hands ``start``; ``known[s]``: seat ``s``'s hand known whole)
    with each ``out_of_turn`` lead right after a failed throw shown as played dropped where the seat can win
    that trick as the rules require it, and the leads whose turn that leaves open (more than one seat can win
    it, or its winner is not derived)."""
    out = list(tricks)
    open_: list[OpenLead] = []
    for i in range(1, len(tricks)):
        before, t = tricks[i - 1], tricks[i]
        v = _shown_throw(before)
        if v is None or not t.plays:
            continue
        seat = t.plays[0].seat
        late = [w for w in t.violations if w.code == "out_of_turn" and w.seat == seat and w.played
                and w.trick == t.number]
        if not late or seat == before.winner:
            continue
        shown = tuple(before.plays[0].cards)
        hands = before.hands_before or _hands_at(start, recorded, i - 1)
        req = required_trick(ctx, before.leader, shown, hands, known, throw_decision(v, shown))
        winners = tuple(req.winners) if req.lead else ()
        if winners and seat not in winners:
            continue            # it cannot win the trick either way: out of turn
        out[i] = dataclasses.replace(t, violations=tuple(w for w in t.violations if w not in late))
        if winners != (seat,):
            open_.append(OpenLead(t.number, seat, before.number, before.winner, winners))
    return tuple(out), tuple(open_)


__all__ = ["OpenLead", "leads_after_throws"]

"""The lead after a trick whose recorded play the rules replace: a lead out of turn the trick as the rules require
may not make.

A record that writes a failed throw as it was shown — the whole throw, and follows of its size (docs/rules.md
§4.5) —, or writes its forced play wrong (``attempted -> forced``, the forced play not the one the rules require:
``wrong_forced_play``, a throw that would have stood too), keeps the trick as written: its winner is the written
trick's.  But the table plays the forced unit the rules require (the throw itself where it stands), each follower
following *that*, and the winner of that trick (:func:`.required_trick.required_trick`) leads the next.
A next trick led by a seat the rules' trick gives as its winner is then no lead out of turn the record proves
(§4.1): where the rules' trick has that seat as its only winner, it led in turn — no ``out_of_turn``; where the
winner is open between it and others (the followers' choices decide), or not derived, whether it led out of turn
is open too — not ruled (an ``order`` unknown, :func:`leads_after_throws`).  A lead by a seat that cannot win
the rules' trick stays out of turn: one its winners leave out, or, the winner not derived, a follower whose hand
is known and no legal follow of which beats the forced play (:func:`_cannot_win`).  Where the rules leave the
forced play open between equal units (§2.5, §4.5), the seats that can win are those of every one of them.

Where the verdict of the throw itself rests on a seat whose cards are read from its plays (:mod:`.unsure_throws`
withholds it: the trick as written may be the one the rules require, or not), the lead is judged under each
reading the throw check gives — that seat holding just the cards it plays, then every card placed nowhere — and
only what every reading gives is kept: an ``out_of_turn`` stays where each reading keeps it, and is dropped where
one reading's trick may give the lead, the turn then open (:data:`UNSURE`).  The two bounds suffice: a reading
whose trick the rules replace has that seat among the followers, whose duties are not derived, so its winner is
not derived and the turn open whatever a hand between the bounds gives — unless the seat leading cannot win it:
a hand between the bounds may force another unit of the throw than either bound, so that seat is held to every
single card of the throw as well (:func:`_cannot_win`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..records.cards import Counts
from ..records.model import Trick
from . import explain
from .legal import analyse_lead, legal_follows
from .required_trick import MAX_FOLLOWS, follow_candidates, required_trick, throw_decision
from .tricks import HandContext, trick_winner
from .verdicts import TrickResult, Violation


@dataclass(frozen=True, slots=True)
class OpenLead:
    """A lead whose turn rests on the trick before as the rules require it: open between ``winners``."""

    trick: int
    """The trick led (its number)."""
    seat: int
    """Its leader, as written."""
    before: int
    """The trick before: a failed throw shown as played, or with its forced play written wrong."""
    recorded: int
    """Its winner as written."""
    winners: tuple[int, ...]
    """The seats that can win it as the rules require (``()``: not derived)."""
    written: str = "shown"
    """How the record writes the trick before (:data:`SHOWN`, :data:`WRONG_FORCED`, :data:`STOOD`, :data:`UNSURE`)."""
    unsure: tuple[int, ...] = ()
    """:data:`UNSURE`: the seats read from their plays the verdict of the throw before rests on."""


SHOWN, WRONG_FORCED, STOOD, UNSURE = "shown", "wrong_forced", "stood", "unsure"
"""How the record writes a trick whose play the rules replace: the failed throw shown as played; ``attempted ->
forced`` with a forced play the rules do not require; ``attempted -> forced`` of a throw that would have stood;
a throw whose verdict rests on a seat read from its plays, the rules replacing the trick as written under some
reading of that seat's cards and not under another (:mod:`.unsure_throws`)."""


def replaced_throw(t: TrickResult) -> tuple[Violation, tuple[int, ...], str] | None:
    """``t``'s verdict of its leader's throw, the throw as shown and how the record writes it, when the rules
    replace the trick's recorded play: a ``throw_failed`` of a throw written as shown (no ``->``), or a
    ``wrong_forced_play`` of ``attempted -> forced``; else None."""
    if not t.plays:
        return None
    first = t.plays[0]
    code = "throw_failed" if first.attempted is None else "wrong_forced_play"
    v = next((v for v in t.violations if v.code == code and v.seat == t.leader and v.trick == t.number), None)
    if v is None:
        return None
    if first.attempted is None:
        return v, tuple(first.cards), SHOWN
    shown = tuple(first.attempted)
    return v, shown, STOOD if throw_decision(v, shown).stands else WRONG_FORCED


def _winners(ctx: HandContext, before: TrickResult, shown: tuple[int, ...], hands: Sequence[Counts],
             known: Sequence[bool], v: Violation) -> tuple[int, ...]:
    """The seats that can win ``before`` as the rules require it (``()``: not derived for some forced play): every
    forced play the rules leave open between equal units (``v.better_choices``) weighed, never one picked."""
    decision = throw_decision(v, shown)
    leads = [decision.lead] if decision.stands or len(v.better_choices) < 2 else list(v.better_choices)
    found: set[int] = set()
    for lead in leads:
        req = required_trick(ctx, before.leader, shown, hands, known, dataclasses.replace(decision, lead=tuple(lead)))
        if not req.lead or not req.winners:
            return ()
        found.update(req.winners)
    return tuple(sorted(found, key=lambda s: (s - before.leader) & 3))


def _cannot_win(ctx: HandContext, before: TrickResult, shown: tuple[int, ...], hands: Sequence[Counts],
                known: Sequence[bool], v: Violation, seat: int, unsure: bool) -> bool:
    """Whether ``seat`` cannot win ``before`` as the rules require it whatever the others play, where its winner
    is not derived (a follower's hand not known, or a limit): ``seat`` a follower whose hand is known whole, no
    legal follow of it (:func:`legal.legal_follows`, from its hand at the trick's start) beating the forced
    play — each the rules leave open (``v.better_choices``), and, ``unsure`` (a reading of a throw whose forced
    play rests on a seat read from its plays: a hand between the bounds may force another unit of the throw),
    every single card of the throw too: the forced play is a unit of the throw or one card of one (docs/rules.md
    §4.5), and a follow that beats a unit of the throw (higher of its group, or trumps when void) has a card
    that, alone, beats the throw's lowest card.  A play that does not beat the lead never wins the trick, whatever
    the others play (:func:`trick_winner` lets a play win only over the best so far, the lead first).  In doubt —
    the seat the leader, its hand not known, the forced play withheld or of two groups, its follows past
    :data:`.required_trick.MAX_FOLLOWS` or none of the lead's size — False: it may win."""
    if seat == before.leader or not known[seat]:
        return False
    decision = throw_decision(v, shown)
    leads = [decision.lead] if decision.stands or len(v.better_choices) < 2 else list(v.better_choices)
    if unsure:
        leads += [(k,) for k in sorted(set(shown))]
    for cards in leads:
        lead = analyse_lead(ctx, tuple(cards)) if cards else None
        if lead is None or lead.mixed or not lead.units or follow_candidates(ctx, lead, hands[seat]) > MAX_FOLLOWS:
            return False
        plays = list(legal_follows(ctx, lead, hands[seat]))
        if not plays or any(trick_winner(ctx, lead, ((before.leader, lead.cards), (seat, p)))[0] == 1
                            for p in plays):
            return False
    return True


def _may_win(ctx: HandContext, before: TrickResult, shown: tuple[int, ...], hands: Sequence[Counts],
              known: Sequence[bool], v: Violation, unsure: bool) -> tuple[int, ...]:
    """The seats that may win ``before`` as the rules require it where its winner is not derived: every seat but
    those :func:`_cannot_win` proves cannot (its leader always may), in play order from its leader."""
    return tuple(s for s in ((before.leader + k) & 3 for k in range(4))
                 if not _cannot_win(ctx, before, shown, hands, known, v, s, unsure))


def _late_words(t: TrickResult, before: TrickResult, seat: int, w: Violation, due: tuple[int, ...],
                unsure: bool) -> Violation:
    """``w``, ``seat``'s lead of ``t`` out of turn kept after ``before`` (a trick the rules replace, or may:
    ``unsure``), worded on ``due`` — the seats that may win ``before`` as the rules require it (or as written,
    where a reading keeps it): the words name a seat as due only where ``due`` is that one seat; they stay as they
    are where it is the written winner the words name (docs/rules.md §4.1)."""
    if due == (before.winner,) or (w.message_zh, w.message_en) != explain.out_of_turn(seat, before.winner):
        return w
    zh, en = explain.lead_after_replaced(seat, t.number, before.number, before.winner, due, unsure)
    return dataclasses.replace(w, message_zh=zh, message_en=en)


def _hands_at(start: Sequence[Counts], tricks: Sequence[Trick], i: int) -> tuple[Counts, ...]:
    """The seats' counts at the start of trick ``i`` (its results kept no hands: ``hands_before=False``)."""
    held = [list(h) for h in start]
    for t in tricks[:i]:
        for p in t.plays:
            for k in p.cards:
                held[p.seat][k] -= 1
    return tuple(tuple(h) for h in held)


def leads_after_throws(ctx: HandContext, recorded: Sequence[Trick], tricks: Sequence[TrickResult],
                       start: Sequence[Counts], known: Sequence[bool],
                       readings: Mapping[int, Sequence[TrickResult]] | None = None,
                       unsure: frozenset[int] = frozenset()
                       ) -> tuple[tuple[TrickResult, ...], tuple[OpenLead, ...]]:
    """``tricks`` (judged from ``recorded``, the hands ``start``; ``known[s]``: seat ``s``'s hand known whole)
    with each ``out_of_turn`` lead right after a trick whose recorded play the rules replace (a failed throw
    shown as played, or its forced play written wrong) dropped where the seat can win that trick as the rules
    require it, and the leads whose turn that leaves open (more than one seat can win it, or its winner is not
    derived).  ``readings``: per trick whose throw verdict was withheld (:class:`.unsure_throws.Unsure`), the trick
    judged under each reading of the seats ``unsure`` read from their plays — the lead after it judged under each,
    only what all give kept."""
    out = list(tricks)
    open_: list[OpenLead] = []
    for i in range(1, len(tricks)):
        before, t = tricks[i - 1], tricks[i]
        found = replaced_throw(before)
        ways = (readings or {}).get(before.number) if found is None else None
        if (found is None and not ways) or not t.plays:
            continue
        seat = t.plays[0].seat
        late = [w for w in t.violations if w.code == "out_of_turn" and w.seat == seat and w.played
                and w.trick == t.number]
        if not late or seat == before.winner:
            continue
        hands = before.hands_before or _hands_at(start, recorded, i - 1)
        if ways:
            verdicts = [_lead_verdict(ctx, way, seat, hands, known, True) for way in ways]
            written, seats = UNSURE, tuple(s for s in ((before.leader + k) & 3 for k in (1, 2, 3)) if s in unsure)
        else:
            verdicts, written, seats = [_lead_verdict(ctx, before, seat, hands, known)], found[2], ()
        kinds = {v for v, _, _ in verdicts}
        winners = () if any(v == "open" and not w for v, w, _ in verdicts) else tuple(
            sorted({s for _, w, _ in verdicts for s in w}, key=lambda s: (s - before.leader) & 3))
        if kinds == {"late"}:   # it cannot win the trick either way: out of turn, worded on who may be due
            due = () if any(not d for _, _, d in verdicts) else tuple(   # (): not derived under some reading
                sorted({s for _, _, d in verdicts for s in d}, key=lambda s: (s - before.leader) & 3))
            out[i] = dataclasses.replace(t, violations=tuple(
                _late_words(t, before, seat, w, due, bool(ways)) if w in late else w for w in t.violations))
            continue
        out[i] = dataclasses.replace(t, violations=tuple(w for w in t.violations if w not in late))
        if kinds != {"in_turn"}:
            open_.append(OpenLead(t.number, seat, before.number, before.winner, winners, written, seats))
    return tuple(out), tuple(open_)


def _kind(seat: int, winners: tuple[int, ...]) -> str:
    """What the trick before, as the rules require it, makes of ``seat``'s lead: ``"late"`` (it cannot win that
    trick), ``"in_turn"`` (its only winner), ``"open"`` (one of its winners, or the winner not derived)."""
    if winners and seat not in winners:
        return "late"
    return "in_turn" if winners == (seat,) else "open"


def _lead_verdict(ctx: HandContext, before: TrickResult, seat: int, hands: Sequence[Counts],
                  known: Sequence[bool], unsure: bool = False) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """:func:`_kind` of ``seat``'s lead after ``before`` as one reading judged it, and the seats that can win
    ``before`` as the rules require it: ``"late"`` where that reading keeps the trick as written (its lead
    stays out of turn), or where the winner of the rules' trick is not derived but ``seat`` cannot win it
    whatever the others play (:func:`_cannot_win`; ``unsure``: ``before`` one reading of a throw whose verdict
    rests on a seat read from its plays) — and the seats that may win ``before`` as that reading has it, the one
    due to lead next among them: its written winner where the reading keeps it, the winners where derived, else
    every seat :func:`_may_win` leaves."""
    found = replaced_throw(before)
    if found is None:
        return "late", (), (() if before.winner is None else (before.winner,))
    v, shown, _ = found
    winners = _winners(ctx, before, shown, hands, known, v)
    if not winners and _cannot_win(ctx, before, shown, hands, known, v, seat, unsure):
        return "late", (), _may_win(ctx, before, shown, hands, known, v, unsure)
    return _kind(seat, winners), winners, winners


__all__ = ["OpenLead", "leads_after_throws", "replaced_throw", "SHOWN", "WRONG_FORCED", "STOOD", "UNSURE"]

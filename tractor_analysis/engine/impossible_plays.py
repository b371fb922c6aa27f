"""A play the record proves impossible: one slip, not a cascade of faults.

``3. W: D7, N: DA DA, E: D8, S: D5`` with two decks, N's deal line giving one ♦A and S's the other: N cannot
have played two ♦A — the decks hold two, and the other is S's (its line gives it, and S plays it).  The play as
written is not what N played (a card miscopied, or one written twice).  Judged as written it makes N's slip a
cascade: N "played 2 cards to a lead of 1" (``wrong_count``), a 2-card follow cannot win, so E is taken as the
winner and N's next lead is ``out_of_turn`` — every one of them resting on a play the record itself rules out.

So (docs/rules.md §1.6): a play of a seat whose cards are known (its deal line, the dealer's with the bottom and
a known bury) holding more copies of a card than that seat can hold — its own cards, with every other copy the
record places beyond doubt in the other seats' cards (their lines give it and they play it) or the bury (a
``Buried:`` line the dealer's line, the bottom and its plays bear out), one rule with :mod:`.deal_lines`'
(:mod:`.deck_proof`) — is one fault, the ``not_in_hand`` the replay finds, its words saying the play cannot be what was played.  The hand is
then judged as if that play could not be read (:attr:`~..records.model.Hand.plays_unread`: a play made, its cards
not known): :mod:`.record_gaps` fills it in over every way the seat could have played and keeps what all ways
give — the trick's winner, the other seats' follows judged against it when it is the lead, who leads the next
trick — else withholds it (an ``unknown``, tag ``play``).

Only in a hand played out whose seat, having played that play, is left holding no card (it played more cards
than its cards: the play holds one too many, or a copy too many) and the record leaves no other play out; a seat
still holding cards after the last trick is :mod:`.deal_lines`' (its line or a play miscopied), a record that
stops short likewise (:func:`.deal_lines.stops_short`), and a seat whose line is missing, not read whole or
short is read from its plays or bounded there.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable

from ..records.model import Hand
from . import explain_gaps
from .deal_lines import contradicted
from .deck_proof import placed_copies
from .declarations import bottom_takers
from .played_cards import Played, counts
from .starting_hands import starting_hands
from .verdicts import HandResult, Violation, as_record_finding


@dataclass(frozen=True, slots=True)
class Slip:
    """A play the record gives that its seat cannot have made."""

    index: int
    """The trick's place in the hand's recorded tricks."""
    trick: int
    """The trick's number."""
    seat: int
    place: int
    """The play's place in its trick's recorded plays."""
    cards: tuple[int, ...]
    """The kinds of which the play holds more copies than the seat can hold (each once)."""
    most: tuple[int, ...]
    """For each of :attr:`cards`, the most copies the seat can hold."""
    again: tuple[int, ...] = ()
    """A follow holding the copy written too many (:func:`_copy_too_many`): the other tricks in which the seat
    plays that card; ``()`` for a play holding more copies than the seat can hold."""


def find_slips(hand: Hand, result: HandResult) -> tuple[Slip, ...]:
    """The plays of ``hand`` (``result``: judged as recorded) that the record proves impossible (see the module's
    words); ``()`` for every hand without a ``not_in_hand``, at once."""
    unheld = {(v.trick, v.seat) for v in result.violations if v.code == "not_in_hand" and v.trick is not None}
    if not unheld or hand.setup or hand.deal is None or not all(hand.deal) or not result.complete:
        return ()
    if result.dealer is None or result.contradicted or any(len(t.plays) != 4 for t in hand.tricks):
        return ()
    played = Played(hand)
    start = starting_hands(hand, result.rules, result.dealer, played)
    if start.buried is None or start.from_plays or start.disputed or start.legality_withheld:
        return ()
    left = contradicted(hand, result) | {v.seat for v in result.violations
                                         if v.code == "deal_mismatch" and v.trick is None and v.played}
    decks = result.rules.decks
    takers = bottom_takers(result.dealer, hand.declarations)
    # the copies placed beyond doubt, one rule with .deal_lines' (a line the deck proves short read made whole)
    placed = placed_copies(hand, result.dealer, [None if t in takers else start.hands[t] for t in range(4)])
    out = []
    for i, trick in enumerate(hand.tricks):
        for j, play in enumerate(trick.plays):
            s = play.seat
            if ((trick.number, s) not in unheld or s in left or play.attempted is not None
                    or sum(played[s]) <= sum(start.hands[s])):
                continue
            mine = counts(play.cards)
            over, most = [], []
            for k, n in enumerate(mine):
                if not n or n <= start.hands[s][k]:
                    continue
                elsewhere = placed.elsewhere(s, k)
                if start.hands[s][k] + elsewhere > decks:
                    return ()           # the deal itself places too many copies: not a play's slip alone
                cap = decks - elsewhere
                if n > cap:
                    over.append(k)
                    most.append(cap)
            if over:
                out.append(Slip(i, trick.number, s, j, tuple(over), tuple(most)))
    if not out:
        for s in sorted({s for _, s in unheld} - left - set(takers)):
            slip = _copy_too_many(hand, s, start.hands[s], played[s], placed.elsewhere, decks)
            if slip is not None:
                out.append(slip)
    return tuple(out)


def _copy_too_many(hand: Hand, seat: int, held: tuple[int, ...], plays: tuple[int, ...],
                   elsewhere: Callable[[int, int], int], decks: int) -> Slip | None:
    """A seat's plays that are its cards (``held``) and one copy more of a card the decks leave it no room for
    (every other copy of it placed beyond doubt ``elsewhere``), that copy in a follow one card longer than its lead
    — ``8. S: S3, W: DQ, N: D9 S4, E: SK`` with N's line giving one ♦9, S's line giving and S playing the other,
    and N playing ♦9 again in trick 15 —, each other play of the seat of its lead's size: the copy written too many
    is that follow's, which the record proves — any other copy taken out leaves a play of another size than its
    lead, or the seat holding a card it never plays (docs/rules.md §1.6).  The follow as a :class:`Slip` (its
    other tricks playing the card as :attr:`Slip.again`); ``None`` otherwise."""
    over = [k for k, (p, h) in enumerate(zip(plays, held)) if p != h]
    if len(over) != 1:
        return None
    kind = over[0]
    if plays[kind] != held[kind] + 1 or held[kind] + elsewhere(seat, kind) != decks:
        return None
    found = None
    for i, trick in enumerate(hand.tricks):
        n = len(trick.plays[0].cards)
        for j, play in enumerate(trick.plays[1:], 1):
            if play.seat != seat or len(play.cards) == n:
                continue
            if found is not None or len(play.cards) != n + 1 or kind not in play.cards:
                return None         # another play of another size than its lead: more than one slip
            found = (i, trick.number, j)
    if found is None:
        return None
    again = tuple(t.number for t in hand.tricks if t.number != found[1]
                  and any(p.seat == seat and kind in p.cards for p in t.plays))
    if not again:       # (every copy in that follow: the play itself holds too many, found above)
        return None
    return Slip(found[0], found[1], seat, found[2], (kind,), (held[kind],), again)


def as_unread(hand: Hand, slips: tuple[Slip, ...]) -> Hand:
    """``hand`` with each slip's play taken out of its trick and noted as a play that could not be read
    (:attr:`~..records.model.Hand.plays_unread`: the seat played, what is not known)."""
    tricks = list(hand.tricks)
    unread = list(hand.plays_unread)
    for slip in slips:
        trick = tricks[slip.index]
        plays = trick.plays
        tricks[slip.index] = dataclasses.replace(trick, plays=plays[:slip.place] + plays[slip.place + 1:])
        unread.append((slip.trick, slip.seat, slip.place))
    return dataclasses.replace(hand, tricks=tuple(tricks), plays_unread=tuple(unread))


def judge(hand: Hand, recorded: HandResult, slips: tuple[Slip, ...],
          gaps_judged: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``hand`` judged with its ``slips`` read as plays not read (``gaps_judged``: the hand judged, a play left
    out filled in, :mod:`.record_gaps`), each slip's ``not_in_hand`` of ``recorded`` (the hand judged as
    recorded) kept, worded as a play the record proves impossible."""
    again = gaps_judged(as_unread(hand, slips))
    by_play = {(s.trick, s.seat): s for s in slips}
    kept = []
    for v in recorded.violations:
        slip = by_play.get((v.trick, v.seat))
        if slip is not None and slip.again and v.code == "wrong_count":
            led = len(hand.tricks[slip.index].plays[0].cards)
            zh, en = explain_gaps.copy_written_too_many(slip.seat, v.played, led, slip.cards[0], slip.most[0],
                                                        recorded.rules.decks, slip.again)
            # the decks and the seat's other plays prove the copy written too many: the record's slip (§13.1), no
            # play owed named (the play is derived or unknown)
            kept.append(as_record_finding(dataclasses.replace(v, better=(), message_zh=zh, message_en=en)))
        elif v.code == "not_in_hand" and slip is not None and not slip.again:
            zh, en = explain_gaps.play_impossible(slip.seat, slip.cards, slip.most, recorded.rules.decks)
            # the decks prove the play as written impossible: the record's slip, no seat's act (docs/rules.md §13.1)
            kept.append(as_record_finding(dataclasses.replace(v, message_zh=v.message_zh + zh,
                                                              message_en=v.message_en + en)))
    violations = sorted([*again.violations, *kept], key=order)
    tricks = tuple(dataclasses.replace(t, violations=tuple(sorted(
        [*t.violations, *(v for v in kept if v.trick == t.number)], key=order))) for t in again.tricks)
    return dataclasses.replace(again, violations=tuple(violations), tricks=tricks)


__all__ = ["Slip", "as_unread", "find_slips", "judge"]

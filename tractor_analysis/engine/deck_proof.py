"""The copies of a card the record places beyond doubt in another seat's cards or in the bury: what the decks' proof
rests on (docs/rules.md §1.6).

Two parts of the engine prove from the decks' copies that a seat cannot hold the copies it plays or its line gives:
:mod:`.impossible_plays` (a play of more copies than the seat can hold) and :mod:`.deal_lines` (a card played beyond
the line: the line proven right, or the line proven miscopied).  Each proof excludes a reading in which some part of
the record is miscopied, so it may rest only on copies that no single miscopied line or play can move.  One rule,
read by both (:func:`placed_copies`):

- A seat's copies: those its deal line gives (the dealer's, its line with the ``Bottom:`` line: the cards it held
  before burying) *and* its plays show — the lesser of the two counts.  A copy the line alone gives (the seat never
  plays it) may be the line's slip; one its plays alone show (the line does not give it) may be the play's slip; in
  :mod:`.deal_lines` the other seat's own line or play may itself be the miscopy, and a proof on it would exclude
  the reading in which it is.  Each play is a card of its own, so copies counted so in two seats are never one card.
  The bury does not enter the dealer's count: a copy its line with the bottom gives and it plays was in its cards,
  whatever the ``Buried:`` line says.
- The bury's copies: those of the ``Buried:`` line, only when the dealer's line with the bottom gives exactly the
  cards it plays and those the line buries (every kind, as many) — three lines then agree on every card of the
  dealer's, and no one of them miscopied leaves them agreeing.  Checked for the whole hand, not card by card: a
  ``Buried:`` line naming ♦A for the ♦4 buried may still agree on ♦A with a dealer whose line or plays are out on
  another card.  Not counted for a proof about the dealer itself (it is its own plays the proof questions), after
  炒地皮 (each taker's bury passes to the next: the ``Bottom:`` line is no one taker's, so it counts for none, and the
  takers' copies are those their own lines give and they play), nor where the ``Bottom:`` or ``Buried:`` line has a
  card that could not be read.

Before this, :mod:`.impossible_plays` counted a copy the other seat's line *or* plays showed and a bury's copies
always, and :mod:`.deal_lines` never counted the bury: the same record facts proved different things.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..records.cards import NUM_KINDS
from ..records.model import Hand
from .declarations import bottom_takers
from .played_cards import counts
from .starting_hands import aside_unread


@dataclass(frozen=True, slots=True)
class PlacedCopies:
    """The copies of each kind (counts per kind, 54 a row) the record places beyond doubt."""

    seats: tuple[tuple[int, ...], ...]
    """Per seat (N, E, S, W): the copies its line (the dealer's with the bottom) gives and its plays show."""
    buried: tuple[int, ...]
    """The ``Buried:`` line's copies where the dealer's line with the bottom, its plays and that line agree on
    every card (else none)."""
    dealer: int | None
    """The seat whose bury :attr:`buried` is (not counted for a proof about that seat)."""

    def elsewhere(self, seat: int, kind: int) -> int:
        """The copies of ``kind`` placed beyond doubt outside ``seat``'s cards: in the other seats' and the bury."""
        placed = sum(row[kind] for t, row in enumerate(self.seats) if t != seat)
        return placed + (self.buried[kind] if seat != self.dealer else 0)


def placed_copies(hand: Hand, dealer: int | None, dealt: Sequence[Sequence[int] | None] = ()) -> PlacedCopies:
    """The copies ``hand``'s record places beyond doubt (see the module's words), ``dealer`` the seat that took the
    bottom.  ``dealt``: per seat, the cards dealt to it (counts per kind) where the deal's own check made its line
    whole (a line the deck proves short: :mod:`.starting_hands`, derived and said); ``None`` or absent: its line."""
    zero = (0,) * NUM_KINDS
    played = [[0] * NUM_KINDS for _ in range(4)]
    for trick in hand.tricks:
        for play in trick.plays:
            row = played[play.seat]
            for k in play.cards:
                row[k] += 1
    aside = aside_unread(hand)
    bottom = hand.bottom if "bottom" not in aside else None
    buried = hand.buried if "buried" not in aside else None
    chain = dealer is None or len(bottom_takers(dealer, hand.declarations)) > 1 or bool(hand.earlier_buries)
    lines: list[tuple[int, ...]] = []
    for seat in range(4):
        given = dealt[seat] if seat < len(dealt) and dealt[seat] is not None else None
        if given is None:
            line = hand.deal[seat] if hand.deal is not None and hand.deal[seat] else ()
            given = counts(line) if line else zero
        if seat == dealer and not chain and bottom is not None:
            given = tuple(a + b for a, b in zip(given, counts(bottom)))
        lines.append(tuple(given))
    seats = tuple(tuple(map(min, line, row)) for line, row in zip(lines, played))
    bury = zero
    if not chain and bottom is not None and buried is not None and hand.deal is not None and hand.deal[dealer]:
        row = counts(buried)
        if all(g == p + b for g, p, b in zip(lines[dealer], played[dealer], row)):
            bury = tuple(row)
    return PlacedCopies(seats, bury, dealer)


__all__ = ["PlacedCopies", "placed_copies"]

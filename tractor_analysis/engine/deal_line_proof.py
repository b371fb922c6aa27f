"""The decks' proof that a deal line its seat's plays contradict, or a play on it, is the one miscopied (docs/rules.md §1.6).

Where the copies of a card the seat plays beyond its line that the record places beyond doubt elsewhere (the other
seats' lines give them and they play them, or a ``Buried:`` line borne out buries them: :mod:`.deck_proof`) leave it
fewer than it plays, the line is right and a play is miscopied (:func:`lines_proven`); where the line gives a card the
seat never plays of which the copies placed elsewhere leave it fewer than the line gives, the line is miscopied
(:func:`lines_disproven`).  The cards a seat's line gives it for the tricks (:func:`line_gives`: a taker's of the
bottom with the bottom it took, less its bury, after 炒地皮 too; a position's dealer as any seat, :func:`line_taker`), and the words said of a finding either proof
settles.  Judging the hand on what a proof leaves is :mod:`.deal_lines`'.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..records.cards import NUM_KINDS
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_readings
from .declarations import bottom_takers
from .deck_proof import placed_copies
from .played_cards import held_from_plays, played_rows
from .verdicts import HandResult, Violation, as_record_finding


SHOWN_BY = frozenset({"not_in_hand", "deal_mismatch"})
"""The two violations that together show a deal line wrong (or a play on it)."""


def line_taker(hand: Hand) -> int | None:
    """The seat whose cards for the tricks are its deal line with the bottom, less the bury: a full hand's dealer.
    None in a position (``[SetUp]``): its lines are the cards each seat holds where it starts, the bury made
    before (docs/rules.md §14.1), so the dealer's line is read as any seat's (docs/rules.md §1.6)."""
    return None if hand.setup else hand.dealer


def bottom_takes(hand: Hand) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] | None:
    """Each take of the bottom in turn where the record writes the chain whole: ``(taker, the bottom it took, its
    bury)`` — the dealer takes the ``Bottom:`` line, after 炒地皮 each rebidder the bury of the taker before it
    (docs/rules.md §1.5, §9.5), one bury written for each take (``Buried: dealer's || rebidder's``).  ``None`` where
    the ``Bottom:`` or ``Buried:`` line is not given, or fewer buries are written than takes (the takers' cards are
    then read from their plays, §14.1), and in a position or a hand whose dealer is not known."""
    dealer = line_taker(hand)
    if dealer is None or hand.bottom is None or hand.buried is None:
        return None
    takers = bottom_takers(dealer, hand.declarations)
    buries = (*hand.earlier_buries, hand.buried)
    if len(buries) != len(takers):
        return None
    return tuple(zip(takers, (hand.bottom, *buries[:-1]), buries))


def takers_of(hand: Hand) -> frozenset[int]:
    """The seats that took the bottom (:func:`.declarations.bottom_takers`: the dealer, after 炒地皮 each rebidder),
    whose cards for the tricks are their line with the bottom taken, less their bury; none in a position or where
    the dealer is not known."""
    dealer = line_taker(hand)
    return frozenset() if dealer is None else frozenset(bottom_takers(dealer, hand.declarations))


def line_gives(hand: Hand, seat: int) -> Counter | None:
    """The cards ``seat``'s deal line gives it for the tricks: the line; a taker's of the bottom (the dealer, after
    炒地皮 each rebidder) with the bottom it took, less its bury, each take in turn (:func:`bottom_takes`) — ``None``
    where the record does not write that chain whole (the ``Bottom:`` or ``Buried:`` line not given, fewer buries
    than takes: then only its ``not_in_hand`` shows a card played beyond it)."""
    held = Counter(hand.deal[seat] if hand.deal is not None else ())
    if seat not in takers_of(hand):
        return held
    chain = bottom_takes(hand)
    if chain is None:
        return None
    for taker, taken, bury in chain:
        if taker == seat:
            held = held + Counter(taken) - Counter(bury)
    return held


def taker_cards_known(hand: Hand, seat: int | None = None) -> bool:
    """The cards for the tricks of ``seat`` (default: the dealer), a taker of the bottom (:func:`line_gives`: its
    line with the bottom it took, less its bury), are known exactly, as exactly as any seat's from its line: the
    chain written whole (:func:`bottom_takes`: the ``Bottom:`` line and one bury a take — after 炒地皮 too,
    docs/rules.md §1.5, §9.5), each taker's deal line given and those lines read whole; each bury of the bottom's
    size and one its taker could make (each buried card among its cards and the bottom it took: no ``bad_bury``);
    and no taker's plays disputing its bury (no card it plays beyond its cards is one its bury buries: the bury may
    be the line miscopied, :func:`.bottom_exchange.disputed_bury`).  ``False`` for a seat that took no bottom, and
    in a position (no seat takes the bottom there)."""
    chain = bottom_takes(hand)
    if seat is None:
        seat = line_taker(hand)
    if (chain is None or hand.deal is None or seat not in takers_of(hand) or any(n for _, n in hand.aside_unread)
            or any(s in takers_of(hand) for s, _ in hand.deal_unread)):
        return False
    held = [Counter(line) for line in hand.deal]
    for taker, taken, bury in chain:
        pool = held[taker] + Counter(taken)
        if not hand.deal[taker] or len(bury) != len(hand.bottom) or Counter(bury) - pool:
            return False
        held[taker] = pool - Counter(bury)
    played = [Counter() for _ in range(4)]
    for trick in hand.tricks:
        for p in trick.plays:
            played[p.seat].update(p.cards)
    return not any((played[taker] - held[taker]) & Counter(bury) for taker, _, bury in chain)


def bottom_borne_out(hand: Hand, rules: RuleSet) -> bool:
    """The ``Bottom:`` line is borne out by the decks: the four deal lines and the ``Bottom:`` line are given, each
    read whole (none in doubt), a hand's and a bottom's number of cards, and together give every card exactly as
    many times as the decks hold it.  A card of the ``Bottom:`` line miscopied would then leave the decks one copy
    too many and one too few unless a deal line were miscopied too: not one slip (docs/rules.md §1.6)."""
    if (hand.setup or hand.deal is None or hand.bottom is None or hand.deal_unread or hand.deal_in_doubt
            or any(n for kind, n in hand.aside_unread if kind == "bottom") or len(hand.bottom) != rules.bottom_size
            or any(len(line) != rules.hand_size for line in hand.deal)):
        return False
    total = Counter(hand.bottom)
    for line in hand.deal:
        total.update(line)
    return len(total) == NUM_KINDS and set(total.values()) == {rules.decks}


def _others_in_doubt(result: HandResult, seats: frozenset[int], deck: bool) -> bool:
    """Whether a line other than those of ``seats``, or the bury, is in doubt itself (``result``): another seat's
    own ``not_in_hand`` / ``deal_mismatch`` (``deck``: the deck's own mismatch too), or a ``bad_bury`` that is not the
    record's own finding with the bury read from the dealer's plays (see the module's words)."""
    return any((v.code in SHOWN_BY and v.seat not in seats and (deck or v.seat is not None))
               or (v.code == "bad_bury" and not v.of_record) for v in result.violations)


def lines_proven(hand: Hand, result: HandResult, seats: frozenset[int],
                  decks: int) -> dict[int, tuple[tuple[int, int], ...]] | None:
    """Per seat of ``seats``, the cards it plays beyond its line that the decks prove it cannot hold, each with the
    most copies it can hold: the copies the record places beyond doubt elsewhere (:func:`.deck_proof.placed_copies`:
    the other seats' lines give them and they play them, or a ``Buried:`` line the dealer's line, the bottom and its
    plays bear out buries them) leave it fewer than it plays.  Its line is then right and a play on it is the
    miscopy (docs/rules.md §1.6).  ``None`` unless every seat of ``seats`` has such a card (a seat without one may
    still have its line miscopied: that reading stands), and where another seat's line, the deck or the bury is in
    doubt itself (:func:`_others_in_doubt`: the readings kept would not judge that doubt, see the module's words)."""
    if _others_in_doubt(result, seats, True):
        return None
    played = [Counter() for _ in range(4)]
    for trick in hand.tricks:
        for p in trick.plays:
            played[p.seat].update(p.cards)
    gives = [line_gives(hand, t) or Counter() for t in range(4)]
    placed = placed_copies(hand, line_taker(hand))
    out = {}
    for seat in sorted(seats):
        line = gives[seat]
        proven = []
        for k in sorted(played[seat] - line):
            elsewhere = placed.elsewhere(seat, k)
            if played[seat][k] + elsewhere > decks:
                proven.append((k, max(0, decks - elsewhere)))
        if not proven:
            return None
        out[seat] = tuple(proven)
    return out


def next_lead_against(result: HandResult, readings: Sequence[HandResult]) -> bool:
    """Some play reading leads a trick out of turn where the hand as recorded (``result``) does not: the play read in
    place of the one written wins a trick the record's next lead says another seat won.  The record's next lead
    speaks against that reading as much as the decks speak for it — more than one slip —, so the decks' proof is not
    taken alone: the hand is read both ways (docs/rules.md §1.6), never a seat's lead faulted on the play read."""
    recorded = {(v.trick, v.seat) for v in result.violations if v.code == "out_of_turn"}
    return any(v.code == "out_of_turn" and (v.trick, v.seat) not in recorded for r in readings for v in r.violations)


@dataclass(frozen=True, slots=True)
class LineDisproven:
    """A deal line the decks prove miscopied (:func:`lines_disproven`)."""

    written: tuple[int, ...]
    """The cards its line gives and the seat never plays (those it holds after the last trick)."""
    dealt: tuple[int, ...]
    """The cards the seat plays beyond its line: the ones dealt in their place."""
    proof: tuple[tuple[int, int], ...]
    """The cards of ``written`` the decks leave the seat fewer copies of than its line gives, each with the most
    copies it can hold."""


def lines_disproven(hand: Hand, result: HandResult, seats: frozenset[int], left: Mapping[int, tuple[int, ...]],
                     decks: int) -> dict[int, LineDisproven] | None:
    """The mirror of :func:`lines_proven`: per seat of ``seats``, its deal line proven miscopied — a card its line
    gives and it never plays (one it holds after the last trick, ``left``) of which the copies placed beyond doubt
    elsewhere (:func:`.deck_proof.placed_copies`, the same rule) leave it fewer than its line gives.  Every reading of a play miscopied makes it play that card (it plays its line's cards), so the plays are
    right and the line is the miscopy (docs/rules.md §1.6).  ``None`` unless every seat of ``seats`` has such a
    card, plays as many cards beyond its line as it holds at the end, took no bottom (a taker's cards are its line
    with the bottom it took, less its bury) and shows no card in a failed throw that it does not play from that trick on.  A
    failed throw's shown cards were held (§15) and its forced play is played, so a throw whose shown cards the seat
    all plays later changes nothing here; one showing a card the seat never plays after it leaves the proof open: a
    card of ``left`` it shows is a copy its line and the throw agree it held — the proof would need both miscopied —
    and any other is a card neither reading of its line accounts for.  ``None`` too where another seat's line or the
    bury is in doubt itself (:func:`_others_in_doubt`; the deck's own mismatch is :func:`.deal_lines._line_only`'s to check)."""
    if hand.deal is None or _others_in_doubt(result, seats, False):
        return None
    played = [Counter() for _ in range(4)]
    for trick in hand.tricks:
        for p in trick.plays:
            played[p.seat].update(p.cards)
    rows = played_rows(hand)
    shown = held_from_plays(hand, rows)     # a failed throw's cards: held when shown (docs/rules.md §15)
    placed = placed_copies(hand, line_taker(hand))
    out = {}
    for seat in sorted(seats):
        line = Counter(hand.deal[seat])
        beyond, rest = played[seat] - line, line - played[seat]
        if seat in takers_of(hand) or not beyond or rest != Counter(left.get(seat, ())) or \
                sum(beyond.values()) != sum(rest.values()) or shown[seat] != rows[seat]:
            return None
        proof = []
        for k in sorted(rest):
            elsewhere = placed.elsewhere(seat, k)
            if line[k] + elsewhere > decks:
                proof.append((k, max(0, decks - elsewhere)))
        if not proof:
            return None
        out[seat] = LineDisproven(tuple(sorted(rest.elements())), tuple(sorted(beyond.elements())), tuple(proof))
    return out


def disproven_said(v: Violation, w: LineDisproven, decks: int) -> Violation:
    """The contradiction (a card played beyond the line, cards left) of a seat whose line the decks prove
    miscopied: the record's finding (the line miscopied, docs/rules.md §13.1), its words saying so."""
    zh, en = explain_readings.line_disproven(v.seat, w.proof, decks)
    return as_record_finding(dataclasses.replace(v, message_zh=v.message_zh + zh, message_en=v.message_en + en))


def proven_said(v: Violation, proof: Mapping[int, tuple[tuple[int, int], ...]], decks: int,
                hand: Hand | None = None) -> Violation:
    """The contradiction (a card played beyond the line, cards left) of a seat whose line the decks prove right:
    the record's finding (a play on the line miscopied, docs/rules.md §13.1), its words saying so — of a taker of
    ``hand``'s bottom, that its cards (its line with the bottom it took, less its bury) are right."""
    taker = hand is not None and v.seat in takers_of(hand)
    zh, en = explain_readings.line_proven(v.seat, proof[v.seat], decks, taker,
                                          taker and len(bottom_takes(hand) or ()) > 1)
    return as_record_finding(dataclasses.replace(v, message_zh=v.message_zh + zh, message_en=v.message_en + en))

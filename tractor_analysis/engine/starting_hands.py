"""The cards each seat holds before the first trick: the deal, the bottom and the bury.

A deal line gives a seat's hand; the dealer's hand is deal + bottom − buried, the bottom the
``Bottom:`` line or what four whole deal lines leave, the bury the ``Buried:`` line when the dealer
could make it or what its plays leave when they are a whole hand (derived, and said), else unknown
(docs/rules.md §1.5, §14.1).  After 炒地皮 each rebidder took the bottom in turn and buried again
(seed 000): the same rule for each take (:func:`.bottom_exchange.rebid_chain`).  A seat whose cards no line gives is
read from its plays (``Start.from_plays``: its legality withheld).  The deal, the bottom and the
bury are checked on the way (``deal_mismatch``, ``bad_bury``).  The bottom's exchange itself is
:mod:`.bottom_exchange`, the counting of the cards played :mod:`.played_cards`.  Used by :mod:`.replay`.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import chain
from operator import add, sub
from typing import Sequence

from ..records.cards import NUM_KINDS, SEAT_TOKENS, TOKEN, Card
from ..records.deal_checks import copies_places_words, copies_shown, partial_over, seats_without_line, unread_lines
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_bury, explain_deal_lines, explain_copies, explain_hand
from .bottom_exchange import (Start, bottom_from_deal, bury_beyond_decks, bury_from_plays, bury_not_read,
                              bury_size, dealer_exchange, new_start, rebid_chain)
from .declarations import bottom_takers
from .played_cards import Played, card_list, counts
from .verdicts import ABOUT_RECORD, Derived, Unknown, Violation, as_record_finding, hand_violation


def starting_hands(hand: Hand, rules: RuleSet, dealer: int | None, played: Played, left_out: bool = True) -> Start:
    """:func:`_starting_hands` of ``hand``, a ``Bottom:`` or ``Buried:`` line with cards that could not be read
    (:attr:`~..records.model.Hand.aside_unread`) not used: it is not known to be whole, nor the order of its
    cards (docs/rules.md §14.1: a card not read is not known, never taken as absent), so no verdict rests on it
    — the bottom or the bury is what the rest of the record gives (derived, and said), else not known (and
    what rests on it withheld, as for a line not given).  Said in one ``unknown`` (tag ``Bottom`` or
    ``Buried``, withholding nothing itself) per such line."""
    aside = aside_unread(hand)
    if not aside:
        return _starting_hands(hand, rules, dealer, played, left_out)
    dropped = replace(hand, bottom=None if "bottom" in aside else hand.bottom,
                      buried=None if "buried" in aside else hand.buried,
                      earlier_buries=() if "buried" in aside else hand.earlier_buries)
    out = _starting_hands(dropped, rules, dealer, played, left_out)
    notes = tuple(Unknown(kind.capitalize(), (), *explain_bury.aside_line_unread(kind, n)) for kind, n in aside.items())
    return replace(out, unknowns=(*out.unknowns, *notes))


def aside_unread(hand: Hand) -> dict[str, int]:
    """The ``Bottom:`` (``"bottom"``) and ``Buried:`` (``"buried"``) lines with cards that could not be read,
    and how many (:attr:`~..records.model.Hand.aside_unread`)."""
    return {kind: n for kind, n in hand.aside_unread if n > 0 and
            (hand.bottom if kind == "bottom" else hand.buried) is not None}


def _starting_hands(hand: Hand, rules: RuleSet, dealer: int | None, played: Played, left_out: bool = True) -> Start:
    """Each seat's cards before the first trick, the bottom as buried, whether a deal was given,
    and the seats whose cards had to be read from their plays (their exchange is unknown).

    Without deal lines the hands are the cards each seat played, and the ``Buried:`` line is checked
    against them (:func:`_plays_start`).
    With them, the dealer's hand is deal + bottom − buried, and the deal, the bottom and
    the bury are checked (``deal_mismatch``, ``bad_bury``).  After 炒地皮 each rebidder took
    the bottom in turn and buried again (seed 000): see :func:`rebid_chain`.  A line one card (or more)
    short whose missing cards the rest of the deal proves is made whole, and said (:func:`_line_left_out`;
    not when ``left_out`` is false: a line set aside less the cards its seat held at the end,
    :mod:`.deal_lines`, is judged as it is).  A hand giving some deal lines whose every seat played a whole
    hand has the bury the cards nobody played when nothing else gives it (:func:`_bury_all_played`).
    """
    if hand.deal is None or (dealer is None and not hand.setup):
        # no deal, or nobody known to have taken the bottom: each seat's cards are its plays
        if hand.setup:
            return _position_start(hand, rules, dealer, played.held(), False, frozenset(range(4)))
        return _plays_start(hand, rules, dealer, played.held())
    start = [counts(cards) if cards else None for cards in hand.deal]
    if None in start:       # a seat without its line: the cards its plays show it held
        held = played.held()
        start = [row if row is not None else list(held[s]) for s, row in enumerate(start)]
    unread = unread_lines(hand)
    if hand.setup:          # a seat without its line: its hand is not known, only its plays
        out = _position_start(hand, rules, dealer, tuple(map(tuple, start)), True,
                              frozenset(seats_without_line(hand)))
        return _lines_not_whole(hand, rules, out, played, unread) if unread else out
    given = [bool(cards) for cards in hand.deal]
    from_plays = frozenset(s for s in range(4) if not given[s])
    checks = _check_deal(hand, rules, start, unread) if all(given) else []
    takers = bottom_takers(dealer, hand.declarations)
    short = _line_left_out(hand, rules, played, takers) if all(given) and left_out else None
    if short is not None:       # a line the deck proves short: the cards it leaves out are the seat's
        start[short[0]] = list(map(add, start[short[0]], counts(short[1])))
        checks = [_said_short(v, hand, rules, *short) for v in checks]
    buries = (*hand.earlier_buries, hand.buried) if hand.buried is not None else ()
    if len(takers) > 1 or len(buries) > 1:
        out = rebid_chain(hand, rules, start, played, takers, buries, given, from_plays, checks)
    else:
        if dealer in unread and hand.buried is not None and hand.bottom is not None:
            start[dealer] = bury_not_read(hand, rules, dealer, start, unread[dealer])
        out = dealer_exchange(hand, rules, dealer, start, played, given, from_plays, checks)
    if short is not None:
        out = replace(out, derived=(_left_out_derived(*short, unread.get(short[0], 0) == len(short[1])), *out.derived))
    if out.buried is None and not all(given):
        out = _bury_all_played(hand, rules, out, played)
    if not all(given):          # the copies the record shows, whatever the lines not given: the record's finding
        out = replace(out, violations=(*out.violations, *shown_beyond_decks(hand, rules, dealer)))
    if short is not None:       # the cards the deck proves are the ones not read: the line is whole
        unread.pop(short[0], None)
    if out.disputed:
        out = _disputes_placed(hand, out, checks, unread, short is None and all(given))
    return _lines_not_whole(hand, rules, out, played, unread) if unread else out


def _disputes_placed(hand: Hand, out: Start, checks: Sequence[Violation], unread: dict[int, int],
                     lines_whole: bool) -> Start:
    """``out`` with its disputed buries (:class:`Disputed`) told whether the deal lines and the ``Bottom:``
    line place every card of the decks (``lines_whole``: every line given, none made whole from the rest;
    the pack checked whole, :func:`_check_deal`, and no card of a line not read): then a card changed in one
    of them would leave one copy too many and one too few, so neither is the miscopy.  A taker whose own
    line has cards not read is not disputed (its hand is not known card for card)."""
    whole = (lines_whole and hand.bottom is not None and not unread
             and not any(v.code == "deal_mismatch" for v in checks))
    kept = tuple(replace(d, pack_whole=whole) for d in out.disputed if d.seat not in unread)
    return replace(out, disputed=kept)


def _lines_not_whole(hand: Hand, rules: RuleSet, start: Start, played: Played, unread: dict[int, int]) -> Start:
    """``start`` with the deal lines of ``unread`` (seat: the cards of its line that could not be read; the
    rest of the deal does not prove them, :func:`_line_left_out`) not taken as whole (docs/rules.md §14.1: a
    card not read is not known, never taken as absent).  Each such seat surely held the cards of its line
    read and the cards it played: those it played beyond its starting cards that the decks leave room for
    (each may be a card not read) are added to its cards — no ``not_in_hand`` rests on the line being whole;
    a card the decks have no room for is still not held.  In a full hand its cards are then a lower bound,
    as a seat read from its plays (``from_plays``): legality withheld, 多少牌 by the cards it played
    (docs/rules.md §10.3), a throw against it judged only where those cards prove it (:mod:`.unsure_throws`),
    and the cards left after the last trick not judged while its count is short (``deal_given``).  A
    position's seat keeps its line (no 多少牌 there); whether it played out its hand is then not known, and
    what rests on that (whether the hand ended: the bottom's points, the outcome, the levels) is withheld when
    it may still hold a card not read and every seat has played all the cards it surely held — while one
    still holds one the hand has not ended, whatever the card not read.  Said in one ``unknown`` (tag
    ``deal``) per seat."""
    rows = [list(row) for row in start.hands]
    room = [rules.decks - sum(col) for col in zip(*rows)]
    for k in start.buried or ():
        room[k] -= 1
    unknowns: list[Unknown] = []
    whole = True
    for s in sorted(unread):
        n = unread[s]
        extra = [min(max(0, p - h), max(0, r)) for p, h, r in zip(played[s], rows[s], room)]
        rows[s] = list(map(add, rows[s], extra))
        room = list(map(sub, room, extra))
        beyond = card_list(extra)
        short = len(beyond) < n
        whole = whole and not short
        if hand.setup:      # the hand's end (the bottom's points, the outcome) rests on it only if all else is out
            ends = short and all(sum(rows[o]) <= sum(played[o]) for o in range(4))
            what: tuple[str, ...] = ("legality", "throw_check") + (("points", "outcome", "levels") if ends else ())
        else:
            what = ("legality",)
        unknowns.append(Unknown("deal", what, *explain_deal_lines.line_unread(
            s, n, beyond, what, hand.setup, short and hand.setup)))
    from_plays = start.from_plays if hand.setup else start.from_plays | frozenset(unread)
    return replace(start, hands=tuple(map(tuple, rows)), from_plays=from_plays,
                   deal_given=start.deal_given and (whole or hand.setup), unknowns=(*start.unknowns, *unknowns))


def _line_left_out(hand: Hand, rules: RuleSet, played: Played,
                   takers: Sequence[int]) -> tuple[int, tuple[Card, ...]] | None:
    """A full hand's deal line that the rest of the deal proves short: ``(seat, the cards it leaves
    out)``.  Every card of the decks was dealt (docs/rules.md §1.1), so when the three other lines
    hold a hand each, the ``Bottom:`` line a bottom's number of cards, and this line fewer than a
    hand, and the four lines and the bottom hold no card more often than the decks and lack exactly
    as many cards as this line is short, those cards — the only ones of the decks the record places
    nowhere — were dealt to this seat (a card it could not read, or one miscopied away); its own
    plays bear it out when it played them, each beyond the copies its line gives (a seat that takes
    no bottom: what it plays is what it was dealt).  ``None`` otherwise (no ``Bottom:`` line, another
    line of the wrong size, a card over the decks' copies: nothing proves where a card went; a taker
    of the bottom, which may have buried it; a seat that does not play it — a line set aside less the
    cards its seat still held, :mod:`.deal_lines`, is one)."""
    if hand.setup or hand.deal is None or hand.bottom is None or len(hand.bottom) != rules.bottom_size:
        return None
    size = rules.hand_size
    short = [s for s, cards in enumerate(hand.deal) if len(cards) != size]
    if len(short) != 1 or len(hand.deal[short[0]]) > size or short[0] in takers:
        return None
    seat = short[0]
    total = counts([*hand.bottom, *chain.from_iterable(hand.deal)])
    rest = [rules.decks - n for n in total]
    if min(rest) < 0 or sum(rest) != size - len(hand.deal[seat]):
        return None
    line, plays = counts(hand.deal[seat]), played[seat]
    if any(rest[k] and plays[k] < line[k] + rest[k] for k in range(NUM_KINDS)):
        return None
    return seat, tuple(card_list(rest))


def _said_short(v: Violation, hand: Hand, rules: RuleSet, seat: int, cards: tuple[Card, ...]) -> Violation:
    """A ``deal_mismatch`` of a line the deck proves short (:func:`_line_left_out`) worded as the record's fault: the
    line written short, the pack short of the cards it leaves out — not a seat dealt too few (docs/rules.md §1.6)."""
    if v.code != "deal_mismatch" or hand.deal is None:
        return v
    if v.seat == seat:
        zh, en = explain_hand.line_written_short(seat, len(hand.deal[seat]), rules.hand_size, cards)
    elif v.seat is None and not v.played:
        zh, en = explain_hand.pack_short_of_line(rules.decks, seat, cards)
    else:
        return v
    # the record's own slip, not a seat's act: no ruling against a player (docs/rules.md §1.6, §13)
    return replace(v, message_zh=zh, message_en=en, about=ABOUT_RECORD)


def _left_out_derived(seat: int, cards: tuple[Card, ...], unread: bool = False) -> Derived:
    """The cards a deal line leaves out, derived (:func:`_line_left_out`), said from what (``unread``: as
    many cards of the line could not be read)."""
    return Derived("deal", f"{SEAT_TOKENS[seat]}: {' '.join(TOKEN[k] for k in cards)}",
                   "the deal lines and the bottom (the only cards of the decks they place nowhere) and the seat's plays",
                   *explain_bury.line_left_out(seat, cards, unread))


def _bury_all_played(hand: Hand, rules: RuleSet, start: Start, played: Played) -> Start:
    """``start`` of a full hand that gives deal lines but not every seat's, whose bury is not known
    (no ``Buried:`` line, or one not used): when every seat played a whole hand the bottom as buried
    is the decks' cards nobody played — derived as without any deal line (:func:`_plays_start`), and
    said: a seat without a line that played a whole hand leaves the record no less sure than no lines
    at all (docs/rules.md §1.5, §14.1).  ``start`` as it is otherwise, and when the dealer's plays contradict
    its line and the bottom (an ``unknown`` ``Buried``: :func:`.bottom_exchange._take`)."""
    if any(u.tag == "Buried" for u in start.unknowns) or any(sum(played[s]) != rules.hand_size for s in range(4)):
        return start        # (the dealer's plays are not a whole hand out of its line and the bottom: contradicted)
    rest = bottom_from_deal(rules, played.all())
    if rest is None:
        return start
    return replace(start, buried=rest, derived=(*start.derived, bury_from_plays(rest, rules, hand.buried is not None)))


def _position_start(hand: Hand, rules: RuleSet, dealer: int | None, rows: tuple[tuple[int, ...], ...],
                    deal_given: bool, from_plays: frozenset[int]) -> Start:
    """A position (``[SetUp]``): each seat holds ``rows`` (its line, or its plays).  Its plays start
    after the bury, so they cannot rebuild it (docs/rules.md §14.1): a ``Buried:`` line the dealer
    could not have made — the wrong number of cards for the bottom, or cards of which it and the
    position's hands hold more copies than the decks have (§1.5) — is ``bad_bury`` and not used, and
    the bury is unknown (its points withheld where they count: :func:`.setting.bottom_unknown`).  Copies
    beyond the decks no dealer can bury: the line or a seat's line is miscopied, so that ``bad_bury`` is the
    record's finding, no seat's act (§13.1), and names no seat; the wrong number of cards stays the dealer's
    ``bad_bury``."""
    buried = hand.buried
    held = _held_beyond_decks(rows, rules)
    if buried is None:
        return new_start(rows, None, deal_given, from_plays, held)
    found = bury_size(buried, dealer, rules) + [as_record_finding(v)     # (no seat's act: none named)
                                                for v in bury_beyond_decks(buried, None, rows, rules)]
    return new_start(rows, None if found else buried, deal_given, from_plays, (*held, *found))


def _held_beyond_decks(rows: Sequence[Sequence[int]], rules: RuleSet) -> tuple[Violation, ...]:
    """A position whose seats' cards (``rows``: their lines, or the plays of a seat without one) hold more
    copies of a card than the decks of the rules used have (docs/rules.md §1.1): the record's finding, a
    ``deal_mismatch`` naming the cards (a card miscopied, or the record judged under rules with fewer decks,
    ``--rules``) — the reader counts the copies against the record's own ruleset before any ``--rules``
    is known, so the replay, which has the rules used, counts them again."""
    total = [sum(col) for col in zip(*rows)]
    over = [k for k, n in enumerate(total) if n > rules.decks]
    if not over:
        return ()
    return (as_record_finding(hand_violation("deal_mismatch", None,
                                             explain_hand.position_beyond_decks(over, total, rules.decks))),)


def shown_beyond_decks(hand: Hand, rules: RuleSet, dealer: int | None) -> tuple[Violation, ...]:
    """A full hand giving deal lines for some seats only whose record shows more copies of a card than the decks of
    the rules used have — its lines given, the bottom and the plays of the seats without a line that cannot be those
    cards (:func:`..records.deal_checks.partial_over`; ``dealer`` who took the bottom) —: one copy is miscopied, whatever
    the lines not given hold — the record's finding, a ``deal_mismatch`` naming no seat and every place a copy is
    (docs/rules.md §1.6), as a position's (:func:`_held_beyond_decks`).  The reader counts against the record's own
    ruleset (``too_many_copies`` at the copy counted last); the replay, which has the rules used, counts again."""
    over = partial_over(hand, rules.decks, dealer)
    if not over:
        return ()
    shown = copies_shown(hand, dealer)
    listed = []
    for k, excess in over:
        places = [c for c in shown if c[0] == k]
        listed.append((k, rules.decks + excess, *copies_places_words(places, False)))
    return (as_record_finding(hand_violation("deal_mismatch", None,
                                             explain_copies.hand_shown_beyond_decks(listed, rules.decks))),)


def _plays_start(hand: Hand, rules: RuleSet, dealer: int | None, rows: tuple[tuple[int, ...], ...]) -> Start:
    """A full hand whose seats' cards are read from their plays (``rows``: no deal lines, or no dealer
    known to have taken the bottom).  Without a ``Buried:`` line the bury is the decks' cards nobody
    played when every seat played a whole hand (derived, and said), else unknown.  A ``Buried:`` line the dealer could not have made — the wrong
    number of cards for the bottom, or cards of which it and the cards played hold more copies than
    the decks have (no dealer can bury those: the record's finding, naming no seat, §13.1) — is ``bad_bury``
    and not used (docs/rules.md §1.5, §14.1).  The bury is then the
    decks' cards nobody played when every seat played a whole hand (derived, and said: a right-size
    line that differs from them names a card all of whose copies were played, so it is caught above),
    else unknown (its points withheld where they count: :func:`.setting.bottom_unknown`).  A line
    that passes is the bury, as recorded."""
    buried = hand.buried
    if buried is None:      # no Buried: line: the decks' cards nobody played, when every seat played a whole hand
        rest = bottom_from_deal(rules, rows)
        if rest is None:
            return new_start(rows, None, False, frozenset(range(4)))
        return new_start(rows, rest, False, frozenset(range(4)), (), (bury_from_plays(rest, rules, False),))
    seat = bottom_takers(dealer, hand.declarations)[-1] if dealer is not None else None     # who buried last
    # copies beyond the decks no dealer can bury: a card of the line or of a play miscopied, the record's finding
    # (docs/rules.md §13.1), naming no seat, whether or not every card was played
    found = bury_size(buried, seat, rules) + [as_record_finding(v) for v in bury_beyond_decks(
        buried, None, rows, rules, explain_bury.played_bury_beyond_decks)]
    if not found:
        return new_start(rows, buried, False, frozenset(range(4)))
    rest = bottom_from_deal(rules, rows)       # the decks' cards none played, when each seat played a whole hand
    if rest is None:        # not every card played: the bury is not known
        return new_start(rows, None, False, frozenset(range(4)), tuple(found))
    # every seat played a whole hand: the dealer buried the bottom's number of cards, those nobody played — the
    # line is the record's slip, not the dealer's act (docs/rules.md §1.5, §13)
    if len(buried) != rules.bottom_size:        # bury_size's finding (the first): worded as the line's error
        zh, en = explain_bury.line_wrong_size(seat, len(buried), rules.bottom_size, True)
        found[0] = replace(found[0], message_zh=zh, message_en=en)
    return new_start(rows, rest, False, frozenset(range(4)), tuple(map(as_record_finding, found)),
                     (bury_from_plays(rest, rules),))


def _check_deal(hand: Hand, rules: RuleSet, dealt: Sequence[Sequence[int]],
                unread: dict[int, int] | None = None) -> list[Violation]:
    """Deal sizes and the whole pack: ``hand_size`` each, ``bottom_size`` left, every card ``decks`` times
    (``dealt``: the counts of the four deal lines).  ``unread``: the lines with cards that could not be
    read (:func:`unread_lines`; one card a token): a line whose cards not read may make it a hand is not
    judged short, nor is the pack when the cards not read may be all it lacks (none over the decks)."""
    unread = unread or {}
    found = [hand_violation("deal_mismatch", s, explain_hand.dealt_wrong_size(s, len(cards), rules.hand_size))
             for s, cards in enumerate(hand.deal) if len(cards) != rules.hand_size
             and not len(cards) < rules.hand_size <= len(cards) + unread.get(s, 0)]
    if hand.bottom is None:
        return found
    if len(hand.bottom) != rules.bottom_size:
        found.append(hand_violation("deal_mismatch", None,
                                     explain_hand.bottom_wrong_size(len(hand.bottom), rules.bottom_size)))
    total = counts([*hand.bottom, *chain.from_iterable(hand.deal)])
    if total.count(rules.decks) == NUM_KINDS:       # every kind ``decks`` times: the whole pack
        return found
    if unread and max(total) <= rules.decks and rules.decks * NUM_KINDS - sum(total) <= sum(unread.values()):
        return found        # what the pack lacks may be the cards not read
    wrong = [k for k in range(NUM_KINDS) if total[k] != rules.decks]
    pack = hand_violation("deal_mismatch", None, explain_hand.deal_not_full_decks(rules.decks, wrong, total))
    # a card more times than the decks hold cannot have been dealt: the record's own error (docs/rules.md §13.1)
    found.append(as_record_finding(pack) if max(total) > rules.decks else pack)
    return found

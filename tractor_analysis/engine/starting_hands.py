"""The cards each seat holds before the first trick: the deal, the bottom and the bury.

A deal line gives a seat's hand; the dealer's hand is deal + bottom − buried, the bottom the
``Bottom:`` line or what four whole deal lines leave, the bury the ``Buried:`` line when the dealer
could make it or what its plays leave when they are a whole hand (derived, and said), else unknown
(docs/rules.md §1.5, §14.1).  After 炒地皮 each rebidder took the bottom in turn and buried again
(seed 000): the same rule for each take (:func:`_rebid_chain`).  A seat whose cards no line gives is
read from its plays (``Start.from_plays``: its legality withheld).  The deal, the bottom and the
bury are checked on the way (``deal_mismatch``, ``bad_bury``).  Used by :mod:`.replay`.
"""
from __future__ import annotations

from collections import Counter

from dataclasses import dataclass, replace
from itertools import chain
from operator import add, gt, sub
from typing import Callable, Sequence

from ..records.cards import NUM_KINDS, SEAT_TOKENS, TOKEN, Card
from ..records.frozen import fast_init
from ..records.deal_checks import seats_without_line
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_bury, explain_contradicted, explain_hand
from .declarations import bottom_takers
from .explain import Message
from .tricks import COUNTS as _C_COUNTS
from .verdicts import Derived, Unknown, Violation, new_violation


@dataclass(frozen=True, slots=True)
class Disputed:
    """A bury of the ``Buried:`` line (the ``index``-th, 0 the first) that ``seat`` could make from what it
    held, but that its plays contradict: it plays a card the line buries and that it held (its hand and the
    bottom it took) — ``excess``: those cards, played beyond the hand the line leaves it — and the line leaves
    it ``unplaced``, cards it does not play (in the record).  Either the line or those plays are miscopied
    (docs/rules.md §1.5).  ``bury``: the bury the plays leave when they are a whole hand out of what it held;
    ``None`` when they are not (a record cut short, a play left out or not held): the line miscopied, which
    cards it buried instead of ``excess`` is then not known.  ``pack_whole``: every deal line and the
    ``Bottom:`` line are given and place each card of the decks as often as the decks hold it, so neither is
    the line miscopied."""
    index: int
    seat: int
    line: tuple[Card, ...]
    bury: tuple[Card, ...] | None
    excess: tuple[Card, ...]
    unplaced: tuple[Card, ...]
    pack_whole: bool


@dataclass(frozen=True, slots=True)
class Start:
    """The cards each seat holds before the first trick (counts per kind, N, E, S, W)."""
    hands: tuple[tuple[int, ...], ...]
    buried: tuple[Card, ...] | None
    """The bottom as buried (given, or derived from the dealer's plays), ``None`` when unknown."""
    deal_given: bool
    """Every hand that matters for the end-of-hand check came from a deal line."""
    from_plays: frozenset[int]
    """Seats whose cards were read from their plays (their exchange is unknown)."""
    violations: tuple[Violation, ...] = ()
    derived: tuple[Derived, ...] = ()
    """The bottom or the bury derived (:func:`_dealer_exchange`), said with the hand's other facts."""
    unknowns: tuple[Unknown, ...] = ()
    """The bury not known, a deal line not known to be whole, and what that withholds."""
    disputed: tuple[Disputed, ...] = ()
    """Buries of the ``Buried:`` line its taker could make that its plays contradict (it plays a card the
    line buries and it held: :func:`_disputed`): the line is used here; :mod:`.bury_readings` judges the
    other reading too."""

    @property
    def legality_withheld(self) -> bool:
        """An unknown of the start withholds the legality (a deal line with cards that could not be read, the
        bury not known): the hand is then never shown legal, whatever its counts (a position's lines each
        with a card not read may still hold as many cards each)."""
        return any("legality" in u.withheld for u in self.unknowns)


new_start = fast_init(Start)


def counts(cards: Sequence[Card]) -> list[int]:
    """Counts per kind of ``cards`` (a new list): in C when the trick core is built."""
    if _C_COUNTS is not None:
        c = _C_COUNTS(cards)
        if c is not None:
            return c
    return counts_python(cards)


def counts_python(cards: Sequence[Card]) -> list[int]:
    """:func:`counts` in Python (the reference)."""
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def card_list(per_kind: Sequence[int]) -> list[Card]:
    """The cards of counts per kind, in kind order."""
    return [k for k in range(NUM_KINDS) for _ in range(per_kind[k])]


def hand_violation(code: str, seat: int | None, message: Message,
                    played: tuple[Card, ...] = (), better: tuple[Card, ...] = ()) -> Violation:
    return new_violation(code=code, trick=None, seat=seat, played=played, better=better,
                     message_zh=message[0], message_en=message[1])


def _multiset_minus(a: Sequence[int], b: Sequence[int]) -> tuple[list[int], list[Card]]:
    """``a - b`` clamped at 0, and the kinds of ``b`` that ``a`` lacks (with multiplicity)."""
    out = list(map(sub, a, b))
    if min(out) >= 0:                   # b within a: nothing missing (the common case, in one pass)
        return out, []
    out = list(a)
    missing: list[Card] = []
    for k in range(NUM_KINDS):
        if b[k]:
            if out[k] >= b[k]:
                out[k] -= b[k]
            else:
                missing.extend([k] * (b[k] - out[k]))
                out[k] = 0
    return out, missing


class Played:
    """:func:`_played` of a hand, counted the first time a seat's row is asked for (a hand dealt
    in full with its bottom and bury needs it only for the miscount rule): indexes and iterates
    like the tuple of four rows."""
    __slots__ = ("hand", "rows", "one")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.rows: tuple[tuple[int, ...], ...] | None = None
        self.one: dict[int, tuple[int, ...]] = {}       # a seat's row asked for alone (the dealer's, mostly)

    def all(self) -> tuple[tuple[int, ...], ...]:
        if self.rows is None:
            self.rows = _played(self.hand)
        return self.rows

    def __getitem__(self, seat: int) -> tuple[int, ...]:
        if self.rows is not None:
            return self.rows[seat]
        row = self.one.get(seat)
        if row is None:
            row = self.one[seat] = tuple(counts([k for t in self.hand.tricks for p in t.plays if p.seat == seat
                                                 for k in p.cards]))
        return row

    def held(self) -> tuple[tuple[int, ...], ...]:
        """The cards each seat is shown by the plays to have held when play began: those it played, and the
        cards it showed in a failed throw (held then: docs/rules.md §15) that it does not play from that trick
        on (the record may end, or be left unread, before it plays them).  Not where a trick leaves a play out: a
        card shown may then be the play left out (:mod:`.record_gaps`, which says so), and counted as held it would
        stay in the seat's hand to the end, a wrong follow on a guess."""
        rows = self.all()
        tricks = self.hand.tricks
        if not any(p.attempted for t in tricks for p in t.plays) or any(len(t.plays) < 4 for t in tricks):
            return rows
        return _held_from_plays(self.hand, rows)

    def __iter__(self):
        return iter(self.all())

    def __len__(self) -> int:
        return 4


def _played(hand: Hand) -> tuple[tuple[int, ...], ...]:
    """The cards each seat played in the whole hand (counts per kind; each seat's cards gathered, then
    counted at once: :func:`counts`)."""
    cards: tuple[list[Card], ...] = ([], [], [], [])
    for trick in hand.tricks:
        for play in trick.plays:
            cards[play.seat].extend(play.cards)
    return tuple(tuple(counts(seat_cards)) for seat_cards in cards)


def _held_from_plays(hand: Hand, rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """:meth:`Played.held`: ``rows`` (the cards played) with, per seat and kind, the most copies a failed
    throw of that seat showed beyond those it plays from that trick on."""
    extra = [[0] * NUM_KINDS for _ in range(4)]
    later = [[0] * NUM_KINDS for _ in range(4)]        # the cards each seat plays from the trick on
    for trick in reversed(hand.tricks):
        for play in trick.plays:
            for k in play.cards:
                later[play.seat][k] += 1
        for play in trick.plays:
            if play.attempted:
                row, ahead = extra[play.seat], later[play.seat]
                for k, n in Counter(play.attempted).items():
                    if n - ahead[k] > row[k]:
                        row[k] = n - ahead[k]
    return tuple(tuple(a + b for a, b in zip(rows[s], extra[s])) for s in range(4))


# --- the cards each seat starts with: the deal, the bottom, the bury chain ---------------

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
    the bottom in turn and buried again (seed 000): see :func:`_rebid_chain`.  A line one card (or more)
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
        out = _rebid_chain(hand, rules, start, played, takers, buries, given, from_plays, checks)
    else:
        if dealer in unread and hand.buried is not None and hand.bottom is not None:
            start[dealer] = _bury_not_read(hand, rules, dealer, start, unread[dealer])
        out = _dealer_exchange(hand, rules, dealer, start, played, given, from_plays, checks)
    if short is not None:
        out = replace(out, derived=(_left_out_derived(*short, unread.get(short[0], 0) == len(short[1])), *out.derived))
    if out.buried is None and not all(given):
        out = _bury_all_played(hand, rules, out, played)
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


def _disputed(pool: Sequence[int], after: Sequence[int], bury: tuple[Card, ...], index: int, seat: int,
              plays: Sequence[int], rules: RuleSet) -> Disputed | None:
    """A bury ``seat`` could make (``after``: the hand it leaves of ``pool``) that its plays (``plays``, all it
    plays after the bury) contradict: it plays a card the bury holds and it held, beyond ``after``
    (:class:`Disputed`; the bury the plays leave only when they are a whole hand out of ``pool``); ``None``
    when it plays none.  (A card played beyond ``pool`` is held in no reading: its ``not_in_hand`` stands.)"""
    if not any(map(gt, plays, after)):         # (it plays no card beyond its hand: no dispute — every hand, fast)
        return None
    held = [max(0, min(p, q) - a) for p, q, a in zip(plays, pool, after)]
    if not any(held):
        return None
    left, missing = _multiset_minus(pool, plays)
    bury_left = None if missing or sum(left) != rules.bottom_size else tuple(card_list(left))
    unplaced = tuple(card_list([max(0, a - p) for p, a in zip(plays, after)]))
    return Disputed(index, seat, tuple(bury), bury_left, tuple(card_list(held)), unplaced, False)


def _bury_not_read(hand: Hand, rules: RuleSet, dealer: int, dealt: Sequence[Sequence[int]], unread: int) -> list[int]:
    """The dealer's deal row (counts; ``dealt``: the four rows) with the buried cards its line and the bottom
    do not give, up to ``unread`` (the cards of its line that could not be read) and as many as the decks
    have room for: each may be a card not read, so burying it is no ``bad_bury`` (the line stays not known
    to be whole: :func:`_lines_not_whole`)."""
    bottom = counts(hand.bottom or ())
    have = list(map(add, dealt[dealer], bottom))
    room = [rules.decks - sum(col) - b for col, b in zip(zip(*dealt), bottom)]
    extra = [0] * NUM_KINDS
    left = unread
    for k, b in enumerate(counts(hand.buried or ())):
        extra[k] = min(max(0, b - have[k]), max(0, room[k]), left)
        left -= extra[k]
    return list(map(add, dealt[dealer], extra))


def unread_lines(hand: Hand) -> dict[int, int]:
    """The seats whose deal line has cards that could not be read (:attr:`~..records.model.Hand.deal_unread`),
    and how many: a line with no card read is no line (its seat's cards are its plays)."""
    if hand.deal is None:
        return {}
    return {s: n for s, n in hand.deal_unread if n > 0 and hand.deal[s]}


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
        unknowns.append(Unknown("deal", what, *explain_contradicted.line_unread(
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
    return replace(v, message_zh=zh, message_en=en)


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
    its line and the bottom (an ``unknown`` ``Buried``: :func:`_take`)."""
    if any(u.tag == "Buried" for u in start.unknowns) or any(sum(played[s]) != rules.hand_size for s in range(4)):
        return start        # (the dealer's plays are not a whole hand out of its line and the bottom: contradicted)
    rest = _bottom_from_deal(rules, played.all())
    if rest is None:
        return start
    return replace(start, buried=rest, derived=(*start.derived, _bury_from_plays(rest, rules, hand.buried is not None)))


def _position_start(hand: Hand, rules: RuleSet, dealer: int | None, rows: tuple[tuple[int, ...], ...],
                    deal_given: bool, from_plays: frozenset[int]) -> Start:
    """A position (``[SetUp]``): each seat holds ``rows`` (its line, or its plays).  Its plays start
    after the bury, so they cannot rebuild it (docs/rules.md §14.1): a ``Buried:`` line the dealer
    could not have made — the wrong number of cards for the bottom, or cards of which it and the
    position's hands hold more copies than the decks have (§1.5) — is ``bad_bury`` and not used, and
    the bury is unknown (its points withheld where they count: :func:`.setting.bottom_unknown`)."""
    buried = hand.buried
    if buried is None:
        return new_start(rows, None, deal_given, from_plays)
    found = _bury_size(buried, dealer, rules) + _bury_beyond_decks(buried, dealer, rows, rules)
    return new_start(rows, None if found else buried, deal_given, from_plays, tuple(found))


def _bury_beyond_decks(buried: tuple[Card, ...], dealer: int | None, rows: Sequence[Sequence[int]],
                       rules: RuleSet,
                       words: Callable[[int | None, Sequence[int], int], Message]
                       = explain_hand.position_bury_beyond_decks) -> list[Violation]:
    """A position's bury naming a card of which it and the seats' cards (``rows``) hold more copies
    than the decks: ``bad_bury`` (``words``: its message; a full hand's rows are the cards played)."""
    total = counts(buried)
    over = [k for k in range(NUM_KINDS) if total[k] and total[k] + sum(row[k] for row in rows) > rules.decks]
    if not over:
        return []
    return [hand_violation("bad_bury", dealer, words(dealer, over, rules.decks), tuple(buried))]


def _plays_start(hand: Hand, rules: RuleSet, dealer: int | None, rows: tuple[tuple[int, ...], ...]) -> Start:
    """A full hand whose seats' cards are read from their plays (``rows``: no deal lines, or no dealer
    known to have taken the bottom).  Without a ``Buried:`` line the bury is the decks' cards nobody
    played when every seat played a whole hand (derived, and said), else unknown.  A ``Buried:`` line the dealer could not have made — the wrong
    number of cards for the bottom, or cards of which it and the cards played hold more copies than
    the decks have — is ``bad_bury`` and not used (docs/rules.md §1.5, §14.1).  The bury is then the
    decks' cards nobody played when every seat played a whole hand (derived, and said: a right-size
    line that differs from them names a card all of whose copies were played, so it is caught above),
    else unknown (its points withheld where they count: :func:`.setting.bottom_unknown`).  A line
    that passes is the bury, as recorded."""
    buried = hand.buried
    if buried is None:      # no Buried: line: the decks' cards nobody played, when every seat played a whole hand
        rest = _bottom_from_deal(rules, rows)
        if rest is None:
            return new_start(rows, None, False, frozenset(range(4)))
        return new_start(rows, rest, False, frozenset(range(4)), (), (_bury_from_plays(rest, rules, False),))
    seat = bottom_takers(dealer, hand.declarations)[-1] if dealer is not None else None     # who buried last
    found = _bury_size(buried, seat, rules) + _bury_beyond_decks(buried, seat, rows, rules,
                                                                 explain_hand.played_bury_beyond_decks)
    if not found:
        return new_start(rows, buried, False, frozenset(range(4)))
    rest = _bottom_from_deal(rules, rows)       # the decks' cards none played, when each seat played a whole hand
    if rest is None:        # not every card played: the bury is not known
        return new_start(rows, None, False, frozenset(range(4)), tuple(found))
    return new_start(rows, rest, False, frozenset(range(4)), tuple(found), (_bury_from_plays(rest, rules),))


def _bury_from_plays(rest: tuple[int, ...], rules: RuleSet, line_wrong: bool = True) -> Derived:
    """The bury derived as the decks' cards nobody played (every seat played a whole hand), the
    ``Buried:`` line being wrong (``line_wrong``) or missing."""
    return Derived("buried", " ".join(TOKEN[k] for k in rest), "the cards played (every seat a whole hand)",
                   *explain_hand.buried_from_all_plays(rest, rules.decks, rules.hand_size, line_wrong))


def _dealer_exchange(hand: Hand, rules: RuleSet, dealer: int, dealt: list[list[int]],
                     played: Played, given: list[bool], from_plays: frozenset[int],
                     checks: list[Violation]) -> Start:
    """No rebid: the dealer took the bottom and buried once.  The bottom is the ``Bottom:`` line, or
    — every deal line given, none for it — the cards of the decks not dealt (derived, and said).  A
    ``Buried:`` line the dealer could make (its size, cards held) gives the dealer's hand; a line it
    could not (``bad_bury``) is not used, nor is a missing one: the bury is then what the dealer's
    plays leave over from deal + bottom when they are a whole hand (derived, and said: the dealer's
    hand is then exactly its plays), else unknown — the dealer's hand is read from its plays and the
    legality withheld, said in an ``unknown`` item (docs/rules.md §1.5, §14.1).  The rows of ``dealt``
    are never changed in place (a row replaced is a new list)."""
    start = list(dealt)
    buried = hand.buried
    aside = dict(hand.aside_unread)         # a line not read whole, not used (:func:`starting_hands`)
    if not given[dealer]:
        found = _bury_size(buried, dealer, rules) + _bury_held_by_others(buried, dealer, dealt, given, rules) \
            if buried is not None else []
        return new_start(tuple(map(tuple, start)), None if found else buried,
                          all(given[s] for s in range(4) if s != dealer), from_plays, (*checks, *found))
    bottom, derived = hand.bottom, ()
    if bottom is None and all(given):
        bottom = _bottom_from_deal(rules, dealt)
        if bottom is not None:
            derived = (Derived("bottom", " ".join(TOKEN[k] for k in bottom), "the four deal lines",
                               *explain_bury.bottom_from_deal(bottom, rules.decks, aside.get("bottom", 0))),)
    if bottom is None:
        found = _bury_size(buried, dealer, rules) if buried is not None else []
        start[dealer] = list(played.held()[dealer])        # its plays, and the cards a failed throw of it showed
        what = ("legality",)
        # every line given, yet no bottom: said where a card not read is why (a line wrong: its deal_mismatch)
        said = (Unknown("Bottom", what, *explain_bury.bottom_not_known(dealer, aside.get("bottom", 0), what)),) \
            if all(given) and (aside.get("bottom") or unread_lines(hand)) else ()
        return new_start(tuple(map(tuple, start)), None if found else buried, all(given), from_plays | {dealer},
                          (*checks, *found), derived, said)
    pool = list(map(add, dealt[dealer], counts(bottom)))      # dealt: the deal's counts
    start[dealer], left, how, found = _take(pool, buried, dealer, played[dealer], rules, False, True)
    if how == "given":
        dispute = None if found else _disputed(pool, start[dealer], buried, 0, dealer, played[dealer], rules)
        return new_start(tuple(map(tuple, start)), buried, all(given), from_plays, (*checks, *found), derived,
                         (), () if dispute is None else (dispute,))
    bad = buried is not None
    if how == "derived":
        buried = tuple(card_list(left))
        derived += (Derived("buried", " ".join(TOKEN[k] for k in buried),
                            "the bottom, the dealer's deal line and its plays",
                            *explain_bury.buried_from_plays(dealer, buried, bad, hand.bottom is None,
                                                            aside.get("buried", 0))),)
        return new_start(tuple(map(tuple, start)), buried, all(given), from_plays, (*checks, *found), derived)
    what = ("legality",)
    start[dealer] = list(played.held()[dealer])         # read from its plays, and the cards a failed throw showed
    unknown = Unknown("Buried", what, *explain_bury.bury_not_known(dealer, bad, what, aside.get("buried", 0)))
    return new_start(tuple(map(tuple, start)), None, all(given), from_plays | {dealer}, (*checks, *found), derived,
                      (unknown,))


def _take(pool: list[int], bury: tuple[Card, ...] | None, seat: int, plays: Sequence[int], rules: RuleSet,
          rebid: bool, plays_are_its_hand: bool) -> tuple[list[int], list[int] | None, str, list[Violation]]:
    """One take of the bottom, the rule of the dealer's and of each rebidder's (docs/rules.md §1.5,
    §14.1): ``seat`` holds ``pool`` (its hand and the bottom it took) and the record says it buried
    ``bury`` (``None``: not said); ``plays``: its plays (counts), the whole of its hand after the bury
    when ``plays_are_its_hand`` (it takes the bottom no more).  ``(its hand, the bury, how, bad_bury
    found)`` — how ``given``: a bury it could make, or one of the wrong size its plays bear out (it
    buried that many: its count is wrong, §10.3); ``derived``: the bury is what its plays, a whole
    hand, leave of the pool; ``unknown``: its hand is read from its plays, the bury ``None``."""
    found: list[Violation] = []
    if bury is not None:
        after, found = _bury_from(pool, bury, seat, rebid, rules)
        if not found or (plays_are_its_hand and not _multiset_minus(pool, counts(bury))[1]
                         and after == list(plays)):
            return after, counts(bury), "given", found
    if plays_are_its_hand:
        left, missing = _multiset_minus(pool, plays)
        if not missing and sum(left) == rules.bottom_size:     # a whole hand out of the pool
            return list(plays), left, "derived", found
    return list(plays), None, "unknown", found


def _bottom_from_deal(rules: RuleSet, dealt: Sequence[Sequence[int]]) -> tuple[Card, ...] | None:
    """The bottom a whole deal leaves: the cards of the decks in no deal line, when every line holds a
    hand's number of cards and they leave a bottom's (``None`` otherwise: a line is wrong)."""
    if any(sum(row) != rules.hand_size for row in dealt):
        return None
    rest = [rules.decks - sum(col) for col in zip(*dealt)]
    if min(rest) < 0 or sum(rest) != rules.bottom_size:
        return None
    return tuple(card_list(rest))


def _rebid_chain(hand: Hand, rules: RuleSet, dealt: list[list[int]], played: Played,
                 takers: list[int], buries: tuple[tuple[Card, ...], ...], given: list[bool],
                 from_plays: frozenset[int], checks: list[Violation]) -> Start:
    """After 炒地皮 each rebidder took the bottom in turn and buried again (seed 000).  With every
    bury recorded (one per taker: ``bad_bury`` otherwise) the chain is followed and checked, each
    taker's bury as :func:`_dealer_exchange` takes the dealer's (:func:`_chain_take`); with only
    the last one, the takers' hands come from their plays."""
    start = [row[:] for row in dealt]
    violations = list(checks)
    if len(buries) > 1 and len(buries) != len(takers):
        violations.append(hand_violation("bad_bury", None,
                                          explain_hand.bury_count_mismatch(len(buries), len(takers))))
    if not (hand.bottom is not None and len(buries) == len(takers) and all(given[t] for t in takers)):
        # the exchanges are not all known: take the takers' hands from their plays
        for t in set(takers):
            start[t] = list(played[t])
        if buries:
            violations += _bury_size(buries[-1], takers[-1], rules)
        return new_start(tuple(map(tuple, start)), hand.buried, all(given), from_plays | set(takers),
                      tuple(violations))
    taken: list[int] | None = counts(hand.bottom)     # the bottom the next taker takes; None: not known
    unsure: set[int] = set()                            # takers whose hand is read from their plays
    derived: list[Derived] = []
    unknowns: list[Unknown] = []
    disputed: list[Disputed] = []
    for i, t in enumerate(takers):
        taken, found = _chain_take(rules, start, played, takers, buries, i, taken, unsure, derived, unknowns,
                                   disputed)
        violations += found
    # the bottom as buried: the last bury as recorded, or derived from the last taker's plays, or not known
    buried = None if taken is None else hand.buried if taken == counts(hand.buried) else tuple(card_list(taken))
    return new_start(tuple(map(tuple, start)), buried, all(given), from_plays | unsure, tuple(violations),
                      tuple(derived), tuple(unknowns), tuple(disputed))


def _chain_take(rules: RuleSet, start: list[list[int]], played: Played, takers: list[int],
                buries: tuple[tuple[Card, ...], ...], i: int, taken: list[int] | None, unsure: set[int],
                derived: list[Derived], unknowns: list[Unknown],
                disputed: list[Disputed]) -> tuple[list[int] | None, list[Violation]]:
    """Taker ``i`` of the chain takes ``taken`` (the bottom, or the bury before; ``None``: not known)
    and buries ``buries[i]``: the bury the next taker takes, and the ``bad_bury`` found.  The rule
    of one take is the dealer's (:func:`_take`): a bury the taker could make gives its hand; a bad
    one is not used, the bury is then what its plays leave (derived, said), else not known — its
    hand is read from its plays (``unsure``: legality withheld for it), said in an ``unknown``, and
    so is the hand of the next taker, who took that bury.  A taker that takes the bottom again
    later is left its plays only at its last take (they are its hand after the last bury).  A bury it
    could make that its plays contradict is used, and put in ``disputed`` (:func:`_disputed`).
    ``start``, ``unsure``, ``derived``, ``unknowns`` and ``disputed`` are updated in place."""
    t, bury = takers[i], buries[i]
    last, again = i == len(takers) - 1, t in takers[i + 1:]
    what = ("legality",)
    if taken is None or t in unsure:        # what it held when it buried is not known
        found = _bury_size(bury, t, rules)
        if t not in unsure:
            unknowns.append(Unknown("Buried", what, *explain_bury.rebid_taken_not_known(t, takers[i - 1], what)))
        start[t] = list(played[t])
        unsure.add(t)
        return (None if found else counts(bury)), found
    pool = list(map(add, start[t], taken))
    start[t], left, how, found = _take(pool, bury, t, played[t], rules, i > 0, not again)
    if how == "given" and not again and not found:
        dispute = _disputed(pool, start[t], bury, i, t, played[t], rules)
        if dispute is not None:
            disputed.append(dispute)
    if how == "derived":
        cards = card_list(left)
        derived.append(Derived("buried" if last else "earlier_bury", " ".join(TOKEN[k] for k in cards),
                               "the bottom taken, the hand it was added to and the plays",
                               *explain_bury.rebid_bury_from_plays(t, cards, i + 1)))
    elif how == "unknown":
        unsure.add(t)
        unknowns.append(Unknown("Buried", what, *explain_bury.rebid_bury_not_known(t, i + 1, last, what)))
    return left, found


def _bury_from(pool: list[int], buried: tuple[Card, ...], seat: int, rebid: bool,
               rules: RuleSet) -> tuple[list[int], list[Violation]]:
    """The hand left when ``seat`` buries ``buried`` from ``pool`` (its hand plus the bottom it
    took); cards not in the pool and a bury of the wrong size are ``bad_bury``."""
    after, missing = _multiset_minus(pool, counts(buried))
    found = []
    if missing:
        found.append(hand_violation("bad_bury", seat, explain_hand.buried_not_held(seat, missing, rebid),
                                     tuple(buried)))
    return after, found + _bury_size(buried, seat, rules)


def _bury_held_by_others(buried: tuple[Card, ...], dealer: int, dealt: Sequence[Sequence[int]],
                         given: Sequence[bool], rules: RuleSet) -> list[Violation]:
    """The dealer's deal line not given: a bury that holds a card whose every copy the other seats'
    lines already hold (with the copies buried) could not be the dealer's (its hand and the bottom
    are the cards of no other seat): ``bad_bury``, and the line is not used."""
    others = [sum(dealt[s][k] for s in range(4) if s != dealer and given[s]) for k in range(NUM_KINDS)]
    over = [k for k, n in enumerate(counts(buried)) if n and n + others[k] > rules.decks]
    if not over:
        return []
    return [hand_violation("bad_bury", dealer, explain_hand.buried_held_by_others(dealer, over, rules.decks),
                           tuple(buried))]


def _bury_size(buried: tuple[Card, ...], seat: int | None, rules: RuleSet) -> list[Violation]:
    if len(buried) == rules.bottom_size:
        return []
    return [hand_violation("bad_bury", seat, explain_hand.bury_wrong_size(seat, len(buried), rules.bottom_size),
                            tuple(buried))]


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
    found.append(hand_violation("deal_mismatch", None, explain_hand.deal_not_full_decks(rules.decks, wrong, total)))
    return found

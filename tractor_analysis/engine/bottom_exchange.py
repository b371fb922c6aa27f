"""The bottom's exchange: the dealer takes the bottom (底牌) and buries as many cards; after 炒地皮
each rebidder takes it in turn and buries again (seed 000) — one rule for each take (:func:`_take`).

:func:`dealer_exchange` (no rebid) and :func:`rebid_chain` (the takers in turn) give the cards each seat
holds before the first trick as a :class:`Start`: the bottom the ``Bottom:`` line or what a whole deal
leaves (:func:`bottom_from_deal`), the bury the ``Buried:`` line when its taker could make it, or what
its plays leave when they are a whole hand (derived, and said), else unknown — the taker's hand read
from its plays and the legality withheld (docs/rules.md §1.5, §14.1).  A bury its taker could not make
is ``bad_bury`` (:func:`bury_size`, :func:`_bury_from`, :func:`_bury_held_by_others`,
:func:`bury_beyond_decks`); one it could make that its plays contradict is used and kept as
:class:`Disputed` (:func:`disputed_bury`; :mod:`.bury_readings` judges the other reading).  Used by
:mod:`.starting_hands`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from operator import add, gt
from typing import Callable, Sequence

from ..records.cards import NUM_KINDS, TOKEN, Card
from ..records.deal_checks import unread_lines
from ..records.frozen import fast_init
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_bury
from .explain import Message
from .played_cards import Played, card_list, counts, multiset_minus
from .verdicts import Derived, Unknown, Violation, as_record_finding, hand_violation


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
    """The bottom or the bury derived (:func:`dealer_exchange`), said with the hand's other facts."""
    unknowns: tuple[Unknown, ...] = ()
    """The bury not known, a deal line not known to be whole, and what that withholds."""
    disputed: tuple[Disputed, ...] = ()
    """Buries of the ``Buried:`` line its taker could make that its plays contradict (it plays a card the
    line buries and it held: :func:`disputed_bury`): the line is used here; :mod:`.bury_readings` judges the
    other reading too."""

    @property
    def legality_withheld(self) -> bool:
        """An unknown of the start withholds the legality (a deal line with cards that could not be read, the
        bury not known): the hand is then never shown legal, whatever its counts (a position's lines each
        with a card not read may still hold as many cards each)."""
        return any("legality" in u.withheld for u in self.unknowns)


new_start = fast_init(Start)

Lines = Sequence[tuple[int, Sequence[int], Hand]]
"""Deal lines as ``(seat, counts, hand)``: the hand whose plays of that seat the words of a finding read."""


def disputed_bury(pool: Sequence[int], after: Sequence[int], bury: tuple[Card, ...], index: int, seat: int,
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
    left, missing = multiset_minus(pool, plays)
    bury_left = None if missing or sum(left) != rules.bottom_size else tuple(card_list(left))
    unplaced = tuple(card_list([max(0, a - p) for p, a in zip(plays, after)]))
    return Disputed(index, seat, tuple(bury), bury_left, tuple(card_list(held)), unplaced, False)


def bury_not_read(hand: Hand, rules: RuleSet, dealer: int, dealt: Sequence[Sequence[int]], unread: int) -> list[int]:
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


def bury_from_plays(rest: tuple[int, ...], rules: RuleSet, line_wrong: bool = True) -> Derived:
    """The bury derived as the decks' cards nobody played (every seat played a whole hand), the
    ``Buried:`` line being wrong (``line_wrong``) or missing."""
    return Derived("buried", " ".join(TOKEN[k] for k in rest), "the cards played (every seat a whole hand)",
                   *explain_bury.buried_from_all_plays(rest, rules.decks, rules.hand_size, line_wrong))


def dealer_exchange(hand: Hand, rules: RuleSet, dealer: int, dealt: list[list[int]],
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
        found = bury_size(buried, dealer, rules) + _bury_held_by_others(
            counts(buried), buried, _others(hand, dealer, dealt, given), rules) if buried is not None else []
        return new_start(tuple(map(tuple, start)), None if found else buried,
                          all(given[s] for s in range(4) if s != dealer), from_plays, (*checks, *found))
    bottom, derived = hand.bottom, ()
    if bottom is None and all(given):
        bottom = bottom_from_deal(rules, dealt)
        if bottom is not None:
            derived = (Derived("bottom", " ".join(TOKEN[k] for k in bottom), "the four deal lines",
                               *explain_bury.bottom_from_deal(bottom, rules.decks, aside.get("bottom", 0))),)
    if bottom is None:
        found = bury_size(buried, dealer, rules) if buried is not None else []
        start[dealer] = list(played.held()[dealer])        # its plays, and the cards a failed throw of it showed
        what = ("legality",)
        # every line given, yet no bottom: said where a card not read is why (a line wrong: its deal_mismatch)
        said = (Unknown("Bottom", what, *explain_bury.bottom_not_known(dealer, aside.get("bottom", 0), what)),) \
            if all(given) and (aside.get("bottom") or unread_lines(hand)) else ()
        return new_start(tuple(map(tuple, start)), None if found else buried, all(given), from_plays | {dealer},
                          (*checks, *found), derived, said)
    pool = list(map(add, dealt[dealer], counts(bottom)))      # dealt: the deal's counts
    start[dealer], left, how, found = _take(pool, buried, dealer, played[dealer], rules, False, True,
                                            _others(hand, dealer, dealt, given))
    if how == "given":
        dispute = None if found else disputed_bury(pool, start[dealer], buried, 0, dealer, played[dealer], rules)
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
          rebid: bool, plays_are_its_hand: bool, others: Lines | None = None
          ) -> tuple[list[int], list[int] | None, str, list[Violation]]:
    """One take of the bottom, the rule of the dealer's and of each rebidder's (docs/rules.md §1.5,
    §14.1): ``seat`` holds ``pool`` (its hand and the bottom it took) and the record says it buried
    ``bury`` (``None``: not said); ``plays``: its plays (counts), the whole of its hand after the bury
    when ``plays_are_its_hand`` (it takes the bottom no more).  ``(its hand, the bury, how, bad_bury
    found)`` — how ``given``: a bury it could make, or one of the wrong size its plays bear out (it
    buried that many: its count is wrong, §10.3); ``derived``: the bury is what its plays, a whole
    hand, leave of the pool; ``unknown``: its hand is read from its plays, the bury ``None``.  ``others``: the
    other seats' deal lines (counts, the dealer's take only): a buried card the pool lacks whose copies they hold
    is the record's finding (:func:`_bury_held_by_others`)."""
    found: list[Violation] = []
    if bury is not None:
        after, found = _bury_from(pool, bury, seat, rebid, rules, others)
        if not found or (plays_are_its_hand and not multiset_minus(pool, counts(bury))[1]
                         and after == list(plays)):
            return after, counts(bury), "given", found
    if plays_are_its_hand:
        left, missing = multiset_minus(pool, plays)
        if not missing and sum(left) == rules.bottom_size:     # a whole hand out of the pool
            # its plays prove the bury it made, of the bottom's size, from what it held: a bad_bury of the line
            # is the record's slip, not the taker's act (docs/rules.md §1.5, §13)
            return list(plays), left, "derived", _line_miscopied(found, pool, bury, seat, rebid, rules, others)
    return list(plays), None, "unknown", found


def _line_miscopied(found: list[Violation], pool: list[int], bury: tuple[Card, ...] | None, seat: int, rebid: bool,
                    rules: RuleSet, others: Lines | None = None) -> list[Violation]:
    """The ``bad_bury`` of :func:`_bury_from` (cards not held, then the wrong size) where the taker's plays prove
    the bury it made: findings about the record alone, worded as the line's error (:mod:`.explain_bury`); the
    cards the other seats' lines hold (``others``) are the record's finding already, kept as found."""
    if bury is None or not found:
        return found
    held = [v for v in found if v.of_record]        # (:func:`_bury_held_by_others`: the record's already)
    found = [v for v in found if not v.of_record]
    missing = _not_held(pool, bury, others, rules)[1]
    words = ([explain_bury.line_not_held(seat, missing, rebid)] if missing else []) + (
        [explain_bury.line_wrong_size(seat, len(bury), rules.bottom_size)] if len(bury) != rules.bottom_size else [])
    if len(words) != len(found):        # (not the findings of _bury_from: kept as found, about the record)
        return held + list(map(as_record_finding, found))
    return held + [as_record_finding(replace(v, message_zh=zh, message_en=en)) for v, (zh, en) in zip(found, words)]


def bottom_from_deal(rules: RuleSet, dealt: Sequence[Sequence[int]]) -> tuple[Card, ...] | None:
    """The bottom a whole deal leaves: the cards of the decks in no deal line, when every line holds a
    hand's number of cards and they leave a bottom's (``None`` otherwise: a line is wrong)."""
    if any(sum(row) != rules.hand_size for row in dealt):
        return None
    rest = [rules.decks - sum(col) for col in zip(*dealt)]
    if min(rest) < 0 or sum(rest) != rules.bottom_size:
        return None
    return tuple(card_list(rest))


def rebid_chain(hand: Hand, rules: RuleSet, dealt: list[list[int]], played: Played,
                 takers: list[int], buries: tuple[tuple[Card, ...], ...], given: list[bool],
                 from_plays: frozenset[int], checks: list[Violation]) -> Start:
    """After 炒地皮 each rebidder took the bottom in turn and buried again (seed 000).  With every
    bury recorded (one per taker: ``bad_bury`` otherwise) the chain is followed and checked, each
    taker's bury as :func:`dealer_exchange` takes the dealer's (:func:`_chain_take`); with only
    the last one, the takers' hands come from their plays."""
    start = [row[:] for row in dealt]
    violations = list(checks)
    if len(buries) > 1 and len(buries) != len(takers):
        violations.append(hand_violation("bad_bury", None,
                                          explain_bury.bury_count_mismatch(len(buries), len(takers))))
    if not (hand.bottom is not None and len(buries) == len(takers) and all(given[t] for t in takers)):
        # the exchanges are not all known: take the takers' hands from their plays
        for t in set(takers):
            start[t] = list(played[t])
        if buries:
            violations += bury_size(buries[-1], takers[-1], rules)
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
    could make that its plays contradict is used, and put in ``disputed`` (:func:`disputed_bury`).
    ``start``, ``unsure``, ``derived``, ``unknowns`` and ``disputed`` are updated in place."""
    t, bury = takers[i], buries[i]
    last, again = i == len(takers) - 1, t in takers[i + 1:]
    what = ("legality",)
    if taken is None or t in unsure:        # what it held when it buried is not known
        found = bury_size(bury, t, rules)
        if t not in unsure:
            unknowns.append(Unknown("Buried", what, *explain_bury.rebid_taken_not_known(t, takers[i - 1], what)))
        start[t] = list(played[t])
        unsure.add(t)
        return (None if found else counts(bury)), found
    pool = list(map(add, start[t], taken))
    start[t], left, how, found = _take(pool, bury, t, played[t], rules, i > 0, not again)
    if how == "given" and not again and not found:
        dispute = disputed_bury(pool, start[t], bury, i, t, played[t], rules)
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
               rules: RuleSet, others: Lines | None = None) -> tuple[list[int], list[Violation]]:
    """The hand left when ``seat`` buries ``buried`` from ``pool`` (its hand plus the bottom it
    took); cards not in the pool and a bury of the wrong size are ``bad_bury`` — cards not in the pool whose
    copies the other seats' lines (``others``) hold the record's finding, first (:func:`_bury_held_by_others`)."""
    after, missing, over = _not_held(pool, buried, others, rules)
    found = _bury_held_by_others(over, buried, others, rules) if over else []
    if missing:
        found.append(hand_violation("bad_bury", seat, explain_bury.buried_not_held(seat, missing, rebid),
                                     tuple(buried)))
    return after, found + bury_size(buried, seat, rules)


def _not_held(pool: Sequence[int], buried: tuple[Card, ...], others: Lines | None,
              rules: RuleSet) -> tuple[list[int], list[Card], list[int]]:
    """What burying ``buried`` out of ``pool`` leaves, the buried cards the pool lacks but those of ``over``, and
    ``over``: the buried cards (counts) the pool lacks of which the other seats' lines (``others``) hold every copy,
    or with the bury more than the decks have (:func:`_bury_held_by_others`; none when ``others`` is ``None``)."""
    after, missing = multiset_minus(pool, counts(buried))
    if not missing or others is None:
        return after, missing, []
    lacked = counts(missing)
    over = [n if lacked[k] and n + _copies(others, k) > rules.decks else 0 for k, n in enumerate(counts(buried))]
    return after, [k for k in missing if not over[k]], over


def _others(hand: Hand, dealer: int, dealt: Sequence[Sequence[int]], given: Sequence[bool]) -> Lines:
    """The other seats' deal lines, those given, each with ``hand`` (whose plays the words of a finding read: only
    then — building every seat's plays on every hand cost the replay some 8 %)."""
    return tuple((s, dealt[s], hand) for s in range(4) if s != dealer and given[s])


def _copies(lines: Lines, kind: int) -> int:
    return sum(row[kind] for _, row, _ in lines)


def _bury_held_by_others(buried: Sequence[int], line: tuple[Card, ...], others: Lines,
                         rules: RuleSet) -> list[Violation]:
    """A bury (``buried``: counts of the cards to check, of the ``Buried:`` line ``line``) that holds a card whose
    every copy the other seats' lines (``others``) hold, or with the copies buried more than the decks
    have, could not be the dealer's — the dealer's deal line not given (its hand and the bottom are the cards of no
    other seat), or given and with the bottom lacking the card: ``bad_bury``, and the line is not used.  No dealer
    can bury it: the line or another seat's line is miscopied, so it is the record's finding, no seat's act
    (docs/rules.md §13.1), naming no seat; its words name the lines that hold the copies, and the tricks in which
    those seats played them.  Where the copies those seats played, each within its line's, with the copies buried
    are more than the decks have, their plays bear their lines out and no such line miscopied alone could be the
    error: the words say the ``Buried:`` line is miscopied (:func:`.explain_bury.buried_held_by_others`)."""
    over = [k for k, n in enumerate(buried) if n and n + _copies(others, k) > rules.decks]
    if not over:
        return []
    holders = [[_holder(s, row[k], hand, k) for s, row, hand in others if row[k]] for k in over]
    shown = [sum(min(h.played, h.copies) for h in held) + buried[k] > rules.decks for k, held in zip(over, holders)]
    return [as_record_finding(hand_violation("bad_bury", None, explain_bury.buried_held_by_others(
        over, holders, rules.decks, shown), tuple(line)))]


def _holder(seat: int, copies: int, hand: Hand, kind: int) -> explain_bury.Holder:
    """``seat``'s line holding ``copies`` of ``kind``, with the copies it played in ``hand`` and in which tricks."""
    tricks = [t.number for t in hand.tricks for p in t.plays if p.seat == seat for k in p.cards if k == kind]
    return explain_bury.Holder(seat, copies, len(tricks), tuple(sorted(set(tricks))))


def bury_size(buried: tuple[Card, ...], seat: int | None, rules: RuleSet) -> list[Violation]:
    if len(buried) == rules.bottom_size:
        return []
    return [hand_violation("bad_bury", seat, explain_bury.bury_wrong_size(seat, len(buried), rules.bottom_size),
                            tuple(buried))]


def bury_beyond_decks(buried: tuple[Card, ...], dealer: int | None, rows: Sequence[Sequence[int]],
                       rules: RuleSet,
                       words: Callable[[int | None, Sequence[int], int], Message]
                       = explain_bury.position_bury_beyond_decks) -> list[Violation]:
    """A position's bury naming a card of which it and the seats' cards (``rows``) hold more copies
    than the decks: ``bad_bury`` (``words``: its message; a full hand's rows are the cards played)."""
    total = counts(buried)
    over = [k for k in range(NUM_KINDS) if total[k] and total[k] + sum(row[k] for row in rows) > rules.decks]
    if not over:
        return []
    return [hand_violation("bad_bury", dealer, words(dealer, over, rules.decks), tuple(buried))]

"""A deal line holding a copy the decks lack: no verdict rests on that copy being held.

Two decks hold two ♥5.  When the deal lines (and the ``Bottom:`` line) give three — N's line gives one, E's
two, and the reader says ``too_many_copies`` — one of those copies is miscopied, and the record does not say
which.  A copy a seat's line gives and the seat never plays may be that one: judged as held, N "still held hearts
and did not follow with ♥5" is a ruling on a card N may never have held.  So (docs/rules.md §1.6) the hand is
judged as recorded and once more for each seat that may hold the copy too many (its line gives more copies than
it plays — not the dealer, whose cards are its line with the bottom, less the bury), without it; only what every
reading gives is kept (:func:`.agreement.agree`): a fault resting on the copy is withheld, not ruled, and said in
an ``unknown`` (tag ``deal``) naming the line and the card.  The hand's own findings (the line's size, the deal
not being whole, cards left after the last trick) stand as the record gives them.

Where no such seat is found — every copy is played (S's line and the bottom give ♦5, the dealer plays the bottom's,
S its own, E the third its line gives), or the dealer's line or the bottom holds a copy it does not play — any of
the places that give a copy may be the miscopied one (a copy played, miscopied with its play): the hand is judged
once more for each place (a seat's line, the bottom; :data:`BOTTOM`) without its copy (:func:`every_place`), and
only what every reading gives is kept the same way.  The play of a copy its place no longer gives is a
``not_in_hand`` of that reading only: never kept (no reading but that one gives it), never reported.

Where the lines and the bottom lack a card exactly as many times as they give copies too many (W's ♦Q written ♥8
in its line and its play), the copy too many is that card miscopied, and its play with it: each reading reads one
copy as the card lacking in its place's line and in one play of it (:func:`every_swap`), so nothing resting on the
card played — the suit led, the winner, the others' follows — is taken as certain.  Past :data:`MAX_READINGS`, or
where they do not pair, nothing resting on those plays is ruled.  The hands shown before a trick count the doubtful
copy as held, not known which (``held_open``), never a hand without the card it plays.

A full hand with no deal line, or not every seat's, whose plays alone — or with the ``Buried:`` line — show a copy
too many is :mod:`.plays_beyond_decks`' (it reads them with this module's steps: :func:`_regrouped`,
:func:`_doubtful_plays`).
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Callable, Sequence

from ..records.cards import POINTS
from ..records.model import Hand, Play
from . import explain_copies
from .explain_hand import cards_left
from .agreement import agree
from .played_cards import Played, counts

from .verdicts import HandResult, Unknown, Violation, as_record_finding

MAX_READINGS = 8
"""The most readings without a copy too many (one per seat and card, every combination) judged."""

BOTTOM = 4
"""The place of a copy the ``Bottom:`` line gives (a way's ``seat`` 0–3 is that seat's deal line)."""


def extra_copies(hand: Hand, result: HandResult) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The ways to read ``hand``'s deal lines without the copies the decks lack: each a tuple of
    ``(place, kind, copies)`` to take out of that place (a seat's line, or the bottom: :data:`BOTTOM`).  ``()``
    when the lines place no more copies of a card than the decks hold (every hand, at once).  Where the copies
    too many can all be among cards a non-dealer seat's line gives and it never plays, those seats' lines
    (:func:`never_played`) — in a hand played out only: where the record stops early a copy not yet played is no
    sign of the miscopied one —; else every place that gives a copy (:func:`every_place`)."""
    if hand.setup or hand.deal is None or not all(hand.deal) or result.dealer is None:
        return ()
    decks = result.rules.decks
    total = counts([k for line in hand.deal for k in line] + list(hand.bottom or ()))
    over = [(k, n - decks) for k, n in enumerate(total) if n > decks]
    if not over:
        return ()
    lines = [counts(line) for line in hand.deal]
    short = [(k, decks - n) for k, n in enumerate(total) if n < decks]
    if short:               # a card the lines lack: the copy too many may be it, miscopied (with its play)
        return every_swap(hand, result, over, short, lines) or every_place(hand, over, lines)
    if not result.complete and not cards_left(result.violations):   # the record stops early: a copy not played
        return every_place(hand, over, lines)                         # in the tricks recorded is no evidence
    return never_played(hand, result, over, lines) or every_place(hand, over, lines)


def never_played(hand: Hand, result: HandResult, over: Sequence[tuple[int, int]], lines: Sequence[Sequence[int]]
                 ) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The ways of :func:`extra_copies` (``over``: each kind and its copies too many; ``lines``: each line's
    counts) taking the copies out of the lines of non-dealer seats that never play them; ``()`` where the copies
    too many cannot all be such cards (a play, the dealer or the bottom may be the miscopied one), or past
    :data:`MAX_READINGS`."""
    played = Played(hand)
    per_kind = []
    for k, excess in over:
        if lines[result.dealer][k] + (hand.bottom or ()).count(k) > played[result.dealer][k]:
            return ()                   # the dealer's line or the bottom may be the one: every_place's
        seats = [s for s in range(4) if s != result.dealer and lines[s][k] - played[s][k] >= excess]
        if not seats:
            return ()
        per_kind.append([(s, k, excess) for s in seats])
    ways = 1
    for options in per_kind:
        ways *= len(options)
    if ways > MAX_READINGS:
        return ()
    return tuple(itertools.product(*per_kind))


def every_place(hand: Hand, over: Sequence[tuple[int, int]], lines: Sequence[Sequence[int]]
                ) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The ways of :func:`extra_copies` taking the copies too many out of any of the places that give them (a
    seat's line, the bottom), played or not: every way to take as many as the decks lack of each kind, every
    combination of kinds — past :data:`MAX_READINGS`, once per place instead, as many of each kind as the decks
    lack (or the place gives) out of it: a fault resting on a copy of one place is withheld all the same."""
    bottom = counts(hand.bottom or ())
    given = {k: [*(line[k] for line in lines), bottom[k]] for k, _ in over}     # per place (BOTTOM last)
    per_kind = []
    for k, excess in over:
        places = [p for p, n in enumerate(given[k]) if n]
        per_kind.append([tuple((p, k, r) for p, r in zip(places, taken) if r)
                         for taken in _taken(excess, [given[k][p] for p in places])])
    ways = 1
    for options in per_kind:
        ways *= len(options)
    if ways <= MAX_READINGS:
        return tuple(tuple(part for way in combo for part in way) for combo in itertools.product(*per_kind))
    places = sorted({p for k, _ in over for p, n in enumerate(given[k]) if n})
    return tuple(tuple((p, k, min(excess, given[k][p])) for k, excess in over if given[k][p]) for p in places)


BURY = (-1, -1)
"""A swap's ``where`` position of the dealer's bury (``Hand.buried``), not of a trick's play."""


def every_swap(hand: Hand, result: HandResult, over: Sequence[tuple[int, int]], short: Sequence[tuple[int, int]],
               lines: Sequence[Sequence[int]]) -> tuple[tuple[tuple, ...], ...]:
    """The ways of :func:`extra_copies` when the lines and the bottom lack a card (``short``: each kind and how many)
    exactly as many times as they give copies too many (``over``), every line as long: a copy too many is a
    miscopied card the pack lacks, and its play (written as the copy) with it.  Each way a tuple of ``(place,
    kind, 1, to, where)``: one copy of ``kind`` in ``place``'s line (a seat's, or the bottom: :data:`BOTTOM`) read
    as ``to``, and so the play of it — ``where``: ``((trick index, play index),)`` or ``(BURY,)``, the dealer's
    plays and bury being of its line and the bottom alike — or ``()``, a copy the seat does not play.  Every place,
    every play of it, every pairing of the kinds; ``()`` past :data:`MAX_READINGS` or where the counts do not pair
    (then :func:`judge` withholds everything resting on those plays)."""
    if sum(n for _, n in over) != sum(n for _, n in short) or len({len(line) for line in hand.deal}) != 1:
        return ()
    per_kind = [_swap_slots(hand, result.dealer, k, lines) for k, _ in over]
    units = []              # per kind: every choice of as many slots as it has copies too many
    for (k, excess), slots in zip(over, per_kind):
        units.append(sorted({tuple(sorted(slots[i] for i in c))
                             for c in itertools.combinations(range(len(slots)), excess)}))
    targets = sorted(set(itertools.permutations([k for k, n in short for _ in range(n)])))
    ways: list[tuple[tuple, ...]] = []
    for chosen in itertools.product(*units):
        picked = [(k, slot) for (k, _), slots in zip(over, chosen) for slot in slots]
        for to in targets:
            way = tuple(sorted((place, k, 1, j, where) for (k, (place, where)), j in zip(picked, to)))
            if way not in ways and _fits(hand, way):
                ways.append(way)
            if len(ways) > MAX_READINGS:
                return ()
    return tuple(ways)


def _fits(hand: Hand, way: Sequence[tuple]) -> bool:
    """No play (nor the bury) of ``way`` read with more copies changed than it holds (the dealer's line and the
    bottom name the same plays)."""
    uses: dict[tuple[tuple[int, int], int], int] = {}
    for _, kind, _, _, where in way:
        for pos in where:
            uses[pos, kind] = uses.get((pos, kind), 0) + 1
    return all(n <= (hand.buried or () if pos == BURY else hand.tricks[pos[0]].plays[pos[1]].cards).count(kind)
               for (pos, kind), n in uses.items())


def _swap_slots(hand: Hand, dealer: int, kind: int, lines: Sequence[Sequence[int]]) -> list[tuple[int, tuple]]:
    """Where a copy of ``kind`` may be the miscopied one: ``(place, where)`` (:func:`every_swap`), once per copy —
    each play of it by the seat whose line (for the dealer, or the bottom: the dealer's line and the bottom alike)
    gives it, or ``()`` for each copy the place gives beyond those plays."""
    bottom = (hand.bottom or ()).count(kind)
    out: list[tuple[int, tuple]] = []
    for place in [*range(4), BOTTOM]:
        given = bottom if place == BOTTOM else lines[place][kind]
        if not given:
            continue
        seat = dealer if place == BOTTOM else place
        plays = [((ti, pi),) for ti, t in enumerate(hand.tricks) for pi, p in enumerate(t.plays)
                 if p.seat == seat for _ in range(p.cards.count(kind))]
        if seat == dealer:
            plays += [(BURY,)] * (hand.buried or ()).count(kind)
        held = given + (bottom if place == dealer else lines[dealer][kind] if place == BOTTOM else 0)
        out += [(place, w) for w in plays] + [(place, ())] * min(given, max(0, held - len(plays)))
    return out


def _taken(excess: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to take ``excess`` copies from places holding ``caps`` copies (how many from each), the first
    places' first."""
    if not caps:
        return [()] if excess == 0 else []
    return [(r, *rest) for r in range(min(excess, caps[0]), -1, -1) for rest in _taken(excess - r, caps[1:])]


def _without(hand: Hand, way: Sequence[tuple[int, int, int]]) -> Hand:
    deal = [list(line) for line in hand.deal]
    bottom = list(hand.bottom or ())
    for place, kind, n in way:
        if place == BOTTOM:
            bottom = _first_dropped(bottom, kind, n)
        else:
            deal[place] = _first_dropped(deal[place], kind, n)
    return dataclasses.replace(hand, deal=tuple(tuple(line) for line in deal),
                               bottom=tuple(bottom) if hand.bottom is not None else None)


def _first_dropped(line: list[int], kind: int, n: int) -> list[int]:
    """``line`` without its first ``n`` copies of ``kind``, in one pass (a ``list.remove`` a copy was quadratic: a
    hostile deal line of two million cards took the fuzzer's 60 CPU-seconds, seed 20261220 case 1104)."""
    out = []
    for k in line:
        if k == kind and n > 0:
            n -= 1
            continue
        out.append(k)
    return out


def _swapped(hand: Hand, way: Sequence[tuple]) -> Hand:
    """``hand`` read with each copy of ``way`` (:func:`every_swap`) as the card it names, in its line and its play."""
    deal = [list(line) for line in hand.deal]
    bottom = list(hand.bottom or ())
    tricks = [[p for p in t.plays] for t in hand.tricks]
    buried = list(hand.buried or ())
    for place, kind, _, to, where in way:
        line = bottom if place == BOTTOM else deal[place]
        line[line.index(kind)] = to
        for pos in where:
            if pos == BURY:
                buried[buried.index(kind)] = to
                continue
            tricks[pos[0]][pos[1]] = _play_swapped(tricks[pos[0]][pos[1]], kind, to)
    return dataclasses.replace(
        hand, deal=tuple(tuple(line) for line in deal), bottom=tuple(bottom) if hand.bottom is not None else None,
        buried=tuple(buried) if hand.buried is not None else None,
        tricks=tuple(dataclasses.replace(t, plays=tuple(ps)) for t, ps in zip(hand.tricks, tricks)))


def _play_swapped(play: Play, kind: int, to: int) -> Play:
    """``play`` with its first copy of ``kind`` read as ``to`` (and in the cards a failed throw shows, if there)."""
    cards = list(play.cards)
    cards[cards.index(kind)] = to
    attempted = play.attempted
    if attempted is not None and kind in attempted:
        attempted = list(attempted)
        attempted[attempted.index(kind)] = to
        attempted = tuple(attempted)
    return dataclasses.replace(play, cards=tuple(cards), attempted=attempted)


def _reading(hand: Hand, way: Sequence[tuple]) -> Hand:
    return _swapped(hand, way) if way and len(way[0]) == 5 else _without(hand, way)


def judge(hand: Hand, result: HandResult, ways: Sequence[Sequence[tuple[int, int, int]]],
          replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` (``hand`` judged as recorded) and ``hand`` judged once for each of ``ways`` (:func:`extra_copies`;
    ``replay``: one hand judged) merged: the hand's own findings as recorded, every other verdict only where every
    reading gives it; an ``unknown`` (tag ``deal``) says which copies may not be held and what is withheld."""
    results = [result, *(replay(_reading(hand, w)) for w in ways)]
    changes, what = agree(results, [t.plays for t in hand.tricks],
                          lambda v: explain_copies.fault_whichever_copy(v.seat, v.code))
    changes["held_open"] = _held_as_recorded(result, changes["tricks"])
    swaps = bool(ways) and len(ways[0][0]) == 5
    lacking = _lacking(hand, result.rules.decks)
    if lacking and not swaps:           # a card the pack lacks, not paired with the copies too many (or past the
        _rest_on_plays(hand, result, changes, what)     # cap): nothing resting on their plays is ruled
    # a line the decks prove holds a copy too many: its seat's deal_mismatch (its count, the copy left over) and the
    # pack's (the copies over the decks) are the record's findings, no seat's act (docs/rules.md §13.1); a line
    # whose copy is played (every_place) has no card left over: a deal_mismatch of its seat is not that copy's
    unplayed = _never_played_places(hand, result, ways)
    lines = {p for p, _ in unplayed}
    own = [as_record_finding(v) if v.code == "deal_mismatch" and (v.seat is None or v.seat in lines) else v
           for v in result.violations if v.trick is None]
    # (no outcome as recorded — cards left after the last trick —: none to withhold)
    what = _regrouped(result, changes, own, what, order)
    if not what:
        return dataclasses.replace(result, **changes)
    held = sorted({(item[0], item[1]) for w in ways for item in w})
    # a record that stops before the hand's end (no cards left after its last trick): a copy not played is not
    # played in the tricks recorded, not never played
    stopped = not result.complete and not cards_left(result.violations)
    if swaps or lacking:
        words = explain_copies.copy_for_card_lacking(_places(hand, held), lacking, result.rules.decks, swaps,
                                                           what, stopped)
    elif set(held) <= unplayed:
        words = explain_copies.copy_maybe_not_held(held, result.rules.decks, what, stopped)
    else:
        words = explain_copies.copy_miscopied_somewhere(_places(hand, held), result.rules.decks, what, stopped)
    unknown = Unknown("deal", tuple(what), *words)
    return dataclasses.replace(result, **changes, unknowns=result.unknowns + (unknown,))


def _lacking(hand: Hand, decks: int) -> tuple[int, ...]:
    """The kinds the deal lines and the bottom give fewer copies of than the ``decks`` hold, once per copy lacking."""
    total = counts([k for line in hand.deal for k in line] + list(hand.bottom or ()))
    return tuple(k for k, n in enumerate(total) for _ in range(max(0, decks - n)))


def _held_as_recorded(result: HandResult, tricks: Sequence) -> tuple:
    """Per trick, how many cards each seat holds as recorded (``result``) beyond the cards every reading gives it
    (``tricks``' ``hands_before``): shown held, not known which (``HandResult.held_open``) — a card played from a
    hand is never shown as not in it."""
    out = []
    for t, r in zip(tricks, result.tricks):
        if not t.hands_before or not r.hands_before:
            continue
        open_ = result.cards_open(r.number)
        extra = tuple(max(0, sum(r.hands_before[s]) + open_[s] - sum(t.hands_before[s])) for s in range(4))
        if any(extra):
            out.append((t.number, extra))
    return tuple(out)


def _rest_on_plays(hand: Hand, result: HandResult, changes: dict, what: list[str]) -> None:
    """The readings that take a copy out do not read it as the card the pack lacks (:func:`every_swap` found no
    pairing within :data:`MAX_READINGS`): withheld, every verdict of a play (the suit led, the winner, the follows
    all rest on the copies played), and where a card taken or lacking counts points, the points and what rests on
    them."""
    changes["violations"] = tuple(v for v in changes["violations"] if v.trick is None)
    over = {k for k, n in enumerate(counts([k for line in hand.deal for k in line] + list(hand.bottom or ())))
            if n > result.rules.decks}
    worth = any(POINTS[k] for k in (*over, *_lacking(hand, result.rules.decks)))
    doubtful = {t.number for t in hand.tricks if any(k in over for p in t.plays for k in p.cards)}
    changes["tricks"] = tuple(dataclasses.replace(t, violations=(), winner=None if t.number in doubtful else t.winner,
                                                  points=None if worth and t.number in doubtful else t.points)
                              for t in changes["tricks"])
    changes["legality_known"] = False
    words = ["legality", *(["trick_winner"] if doubtful else []), *(["trick_points"] if worth and doubtful else [])]
    if worth:
        words += _points_withheld(changes)
    what.extend(w for w in words if w not in what)


def _never_played_places(hand: Hand, result: HandResult, ways: Sequence[Sequence[tuple[int, int, int]]]
                         ) -> set[tuple[int, int]]:
    """The ``(seat, kind)`` of ``ways`` whose copies taken out are cards a non-dealer seat's line gives and it never
    plays (:func:`never_played`'s)."""
    played = Played(hand)
    return {(p, k) for w in ways for p, k, n, *_ in w
            if p != BOTTOM and p != result.dealer and hand.deal[p].count(k) - played[p][k] >= n}


def _places(hand: Hand, held: Sequence[tuple[int, int]]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each ``(place, kind)`` of ``held`` with the tricks in which a seat's line's copy is played by that seat
    (``()``: never played, or the bottom's)."""
    return [(p, k, () if p == BOTTOM else tuple(t.number for t in hand.tricks for play in t.plays
                                                  if play.seat == p and k in play.cards))
            for p, k in held]




def position_over(hand: Hand, decks: int) -> tuple[tuple[int, int], ...]:
    """A position's (``[SetUp]``) kinds of which its seats' cards — their lines, or the plays of a seat without one
    (as :func:`.starting_hands.starting_hands` reads them) — hold more copies than ``decks`` have, each with how
    many copies too many; ``()`` for a full hand, or a position within the decks."""
    if not hand.setup:
        return ()
    held = Played(hand).held()
    rows = [counts(line) if line else list(held[s]) for s, line in enumerate(hand.deal or ((),) * 4)]
    return tuple((k, n - decks) for k, n in enumerate(sum(col) for col in zip(*rows)) if n > decks)


def judge_partial(hand: Hand, result: HandResult, over: Sequence[tuple[int, int]],
                  replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` of a full hand giving deal lines for some seats only whose record shows copies the decks lack
    (``over``: :func:`..records.deal_checks.partial_over`; the record's finding, :func:`.starting_hands.shown_beyond_decks`): one copy —
    a line's, the bottom's or a play's — is miscopied, and the record does not say which, whatever the lines not
    given hold.  Judged as recorded and once without each place's copy (:func:`every_place`), only what every
    reading gives kept; a copy played may be miscopied with its play, what card it stands for not known, so
    nothing resting on those plays is ruled (:func:`_doubtful_plays`): the follows and throws of the tricks they
    are in and of the trick after each (led by its winner), those tricks' winners and, where the points rest on
    them, the points and what follows (and the claim's check: ``claim_mismatch`` with them); and no fault of a seat
    whose line gives such a copy or that plays one (its hand is not known card for card) — but a play out of turn
    stands where the trick's leader rests on no doubtful trick (the order of play is no card's: the first trick led
    by another seat than the dealer weighs the dealer, :func:`.contradictions.questioned`).  The other verdicts
    stand.  Said in an ``unknown`` (tag ``deal``) naming
    the cards and the tricks (docs/rules.md §1.6)."""
    lines = [counts(line) for line in hand.deal or ((),) * 4]
    results = [result, *(replay(_without(hand, w)) for w in every_place(hand, over, lines))]
    changes, what = agree(results, [t.plays for t in hand.tricks],
                          lambda v: explain_copies.fault_whichever_copy(v.seat, v.code))
    changes["held_open"] = _held_as_recorded(result, changes["tricks"])
    kinds = {k for k, _ in over}
    doubtful = [t.number for t in hand.tricks if any(k in kinds for p in t.plays for k in p.cards)]
    if doubtful:
        seats = ({s for s, line in enumerate(hand.deal or ()) if kinds & set(line)}
                 | {p.seat for t in hand.tricks for p in t.plays if kinds & set(p.cards)})
        near = {*doubtful, *(n + 1 for n in doubtful)}
        _doubtful_plays(hand, result, kinds, doubtful, changes, what,
                        lambda v: (v.code == "out_of_turn" and v.trick - 1 not in doubtful)  # (the order: no card's)
                        or (v.trick not in near and v.seat not in seats))
    withheld = changes["attackers_total"] is None and result.attackers_total is not None    # (no claim finding then)
    own = [v for v in result.violations if v.trick is None and not (withheld and v.code in ON_THE_TOTAL)]
    what = _regrouped(result, changes, own, what, order)
    if not what:
        return dataclasses.replace(result, **changes)
    words = explain_copies.hand_copy_miscopied(over, result.rules.decks, doubtful, what)
    return dataclasses.replace(result, **changes, unknowns=result.unknowns + (Unknown("deal", tuple(what), *words),))


def judge_position(hand: Hand, result: HandResult, over: Sequence[tuple[int, int]],
                   replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult:
    """``result`` of a position whose seats hold copies the decks lack (``over``: :func:`position_over`; the
    record's finding, :func:`.starting_hands._held_beyond_decks`): one copy is miscopied, and the record does not
    say which, nor what card it stands for (the cards played before the position are not in the record).  A full
    hand is judged again without the copy (:func:`judge`); so is a position: once without each line's copy
    (:func:`every_place`), only what every reading gives kept.  A copy played may be miscopied with its play, the
    card it stands for not known: nothing resting on those plays is ruled — the follows (``legality``), the tricks'
    winners and, where the trick's points or who takes them (the last trick: the bottom) rest on it, the points and
    what follows from them.  Said in an ``unknown`` (tag ``deal``) naming the cards (docs/rules.md §1.6)."""
    decks = result.rules.decks
    lines = [counts(line) for line in hand.deal] if hand.deal is not None else None
    ways = every_place(hand, over, lines) if lines is not None else ()
    results = [result, *(replay(_without(hand, w)) for w in ways)]
    changes, what = agree(results, [t.plays for t in hand.tricks],
                          lambda v: explain_copies.fault_whichever_copy(v.seat, v.code))
    # (the hands shown before each trick stay the position's lines as recorded, the copies too many with them: the
    # record's finding names them, and the analysis refuses positions that cannot exist by them)
    changes["tricks"] = tuple(dataclasses.replace(t, hands_before=r.hands_before)
                              for t, r in zip(changes["tricks"], result.tricks))
    changes["held_open"] = ()
    kinds = {k for k, _ in over}
    doubtful = [t.number for t in hand.tricks if any(k in kinds for p in t.plays for k in p.cards)]
    if doubtful:
        _doubtful_plays(hand, result, kinds, doubtful, changes, what)
    what = _regrouped(result, changes, [v for v in result.violations if v.trick is None], what, order)
    if not what:
        return dataclasses.replace(result, **changes)
    words = explain_copies.position_copy_miscopied(over, decks, doubtful, what)
    return dataclasses.replace(result, **changes, unknowns=result.unknowns + (Unknown("deal", tuple(what), *words),))


ON_THE_TOTAL = frozenset({"claim_mismatch", "referee_mismatch"})
"""The hand's own findings that compare the record with the verdicts on its plays (the total, the winners …): kept
only where every reading gives them (:func:`judge_partial`, :func:`.plays_beyond_decks.judge_plays`)."""


def _regrouped(result: HandResult, changes: dict, own: Sequence[Violation], what: list[str],
               order: Callable[[Violation], tuple]) -> list[str]:
    """``changes`` (the readings' agreement) with the hand's own findings ``own`` and the tricks' violations every
    reading gives, each trick holding its own, ``complete`` left as the hand's; and of ``what`` the items the
    hand as recorded gives at all (an outcome, points), the rest having nothing to withhold; ``order``: the
    violations' sort key."""
    violations = sorted([*own, *(v for v in changes["violations"] if v.trick is not None)], key=order)
    by_trick: dict[int, list[Violation]] = {}
    for v in violations:
        if v.trick is not None:
            by_trick.setdefault(v.trick, []).append(v)
    changes["tricks"] = tuple(dataclasses.replace(t, violations=tuple(by_trick.get(t.number, ())))
                              for t in changes["tricks"])
    changes["violations"] = tuple(violations)
    changes.pop("complete", None)
    return [w for w in what if (w not in ("outcome", "levels") or result.outcome is not None)
            and (w not in ("points", "bottom") or result.attackers_total is not None)]

def _doubtful_plays(hand: Hand, result: HandResult, kinds: set[int], doubtful: Sequence[int], changes: dict,
                    what: list[str], kept: Callable[[Violation], bool] = lambda v: False,
                    lacking: Sequence[int] | None = None) -> None:
    """:func:`judge_position`'s copies played (in tricks ``doubtful``): the card each stands for is not known — any
    the position's cards and bury do not hold every copy of, a card counting points among them — so the follows, those
    tricks' winners and points, and (where they carry points, or decide who takes the bottom) the attackers' points
    and what rests on them, are withheld in ``changes`` (:func:`agree`'s) and named in ``what``.  ``kept``: the
    tricks' violations (every reading's) that rest on none of those plays (a position's: none).  ``lacking``: the cards a copy may
    stand for (:func:`_stands_for`), else any the seats' cards and the bury hold fewer copies of than the decks."""
    if lacking is None:
        held = Played(hand).held()
        rows = [counts(line) if line else list(held[s]) for s, line in enumerate(hand.deal or ((),) * 4)]
        seen = [sum(col) for col in zip(*rows, counts(hand.buried or ()))]
        lacking = [k for k, n in enumerate(seen) if n < result.rules.decks]
    worth = any(POINTS[k] for k in kinds) or any(POINTS[k] for k in lacking)
    last = hand.tricks[-1].number if hand.tricks else None
    tricks = changes["tricks"]
    counted = worth or any(t.points or t.number == last for t in tricks if t.number in doubtful)
    changes["violations"] = tuple(v for v in changes["violations"] if v.trick is None or kept(v))
    changes["tricks"] = tuple(dataclasses.replace(t, violations=(), winner=None if t.number in doubtful else t.winner,
                                                  points=None if worth and t.number in doubtful else t.points)
                              for t in tricks)
    changes["legality_known"] = False
    words = ["legality", "trick_winner", *(["trick_points"] if worth else [])]
    if counted:
        words += _points_withheld(changes)
    what.extend(w for w in words if w not in what)


def _points_withheld(changes: dict) -> list[str]:
    """``changes`` with the attackers' points, the bottom's, the penalties, the outcome and the levels after
    withheld; the withheld items' names."""
    for name in ("attackers_points", "bottom_points", "bottom_multiplier", "bottom_bonus", "penalties",
                 "attackers_total"):
        changes[name] = None
    changes.update(outcome=None, levels_after=(None, None), player_levels_after=(None,) * 4)
    return ["points", "outcome", "levels"]


__all__ = ["BOTTOM", "BURY", "MAX_READINGS", "ON_THE_TOTAL", "every_place", "every_swap", "extra_copies", "judge",
           "judge_partial", "judge_position", "never_played", "position_over"]

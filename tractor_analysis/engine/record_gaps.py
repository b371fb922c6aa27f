"""A play the record leaves out inside a trick: every way to fill it in, judged; what holds in all is kept.

A hand-written record often misses one card: ``3. W: D7, E: D8, S: D5`` gives no play of N, yet
the record goes on to trick 4.  Every seat plays in every trick, so the record is short, and
nothing says N did not play: calling N ``out_of_turn`` ("did not play"), and judging the trick,
its winner and every later trick as if N's card were still in N's hand, would rest verdicts on
a gap in the record.  So (docs/rules.md §4.1 and §14.1):

- a **gap** is a trick of 1–3 plays, each seat at most once, in turn order from its first play,
  that leaves out a seat before its last recorded play, or any seat when a trick follows it, or
  when each seat left out has a play written there that could not be read (``Hand.plays_unread``:
  the seat played); a last trick that only stops early is :mod:`.unfinished`;
- the hand is judged once for every way the missing seats could have played, legal or not — the
  seat may have played wrongly, the very thing a referee is asked to judge: every play of as many cards
  as the lead from the cards it held when the trick began and does not play later (:func:`_seat_plays`:
  a way that plays a card it plays later is ruled out by that later play; when the record's later plays
  take more than it held, every play of those it held), each gap in turn — a way of the earlier gaps
  after which a seat left out plays a card it does not hold is dropped before the next gap's ways are
  added (:func:`_gap_by_gap`: whatever that seat played later, it is ruled out).  A seat whose cards then
  less those it plays later are just as many as the lead has one way: its play is derived, legal or not
  (an illegal one is judged as played: its fault stands);
- an illegal way is judged as such: its wrong follow is a violation of that way, kept only when every
  way has it, and the most wrong follows a way gives count towards the match's forfeit
  (:func:`.agreement.agree`, ``penalties_open``);
- what every such judgement gives is kept: a violation found in all of them (with its named
  better play and words, when those are the same in all: else with words that say the fault is
  certain and what it owed is not), a trick's winner and points, the attackers' points, the
  outcome and the levels; a gap's trick winner and points so kept are derived facts
  (``trick_winner``, ``trick_points``: from the cards of the seats the record leaves out).  What differs is unknown (``"unknown"`` tag ``play``: the trick's
  winner, the points, the outcome, the levels, the legality), never taken from one of them.

The missing seat's cards must be known card for card (:func:`_cards_known`): another seat's need
not be — one without a deal line, or the dealer with its bury not known, leaves the hand's legality
unknown, and so it stays in every way, but the ways come from the missing seat's cards alone.

A missing seat that holds fewer cards than the lead then (it played too many before: 多少牌) had
nothing to play: the hand is judged as recorded.  Past :data:`MAX_VARIANTS` ways at a gap, or when the
missing seat's cards are not known, or its play may be the lead itself (the seat due to lead is the one
missing), the gap is not filled in: :func:`.unfilled_gaps.not_judged` withholds what rests on the play left
out and keeps what rests on none of it.
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from ..records.cards import SEAT_TOKENS, TOKEN
from ..records.deal_checks import uneven_position
from ..records.model import Hand, Play, Trick
from . import explain_gaps, explain_held
from .deal_lines import SHOWN_BY, contradicted, stops_short
from .legal import analyse_lead
from .played_cards import Played
from .starting_hands import starting_hands
from .tricks import HandContext
from .agreement import agree, shared_facts
from .kept_result import GAP_WAYS
from .unfilled_gaps import not_judged, plays_fixed
from .verdicts import Derived, HandResult, Unknown, Violation

MAX_VARIANTS = 256
"""Ways of filling in a hand's gaps (at each gap, those of the earlier gaps that stand times its own:
:func:`_gap_by_gap`) beyond which they are not filled in (:func:`not_judged`): each way is a replay of
the whole hand."""


@dataclass(frozen=True, slots=True)
class Gap:
    """A trick the record leaves a play out of, though the record goes on."""

    index: int
    """The trick's place in the hand's recorded tricks."""
    trick: int
    """The trick's number."""
    missing: tuple[int, ...]
    """The seats the record gives no play for, in turn order from the trick's first play."""
    written: bool = False
    """The hand's last trick, its plays left out written after the ones read but unreadable
    (:func:`_written`): where they cannot be filled in, the record is judged as stopping there
    (:func:`_unfilled`), as one that gives no such play."""
    lead: bool = False
    """The first seat of :attr:`missing` led the trick: its play, written first, could not be read
    (:func:`_unread_lead`).  Filled in as any play of as many cards as the plays read (legal or not); where
    it cannot be, what rests on it is withheld (:func:`.unfilled_gaps.not_judged`), never the next seat
    faulted for leading."""
    miscopied: bool = False
    """The plays left out are written, but the record proves them impossible (:mod:`.impossible_plays`): taken
    out and filled in as plays not read, and said so (not "the record leaves out")."""


def find_gaps(hand: Hand) -> tuple[Gap, ...]:
    """The hand's tricks that leave a play out (see the module's words)."""
    for trick in hand.tricks:
        if len(trick.plays) != 4:
            break
    else:
        return ()                                    # (every replay asks: the common case first)
    out = []
    last = len(hand.tricks) - 1
    for i, trick in enumerate(hand.tricks):
        plays = trick.plays
        n = len(plays)
        if not 1 <= n <= 3:
            continue
        led = _unread_lead(hand, trick, i == last)
        if led is not None:
            seen = {p.seat for p in plays}
            out.append(Gap(i, trick.number, tuple((led + k) & 3 for k in range(4) if (led + k) & 3 not in seen),
                           i == last, True))
            continue
        first = plays[0].seat
        offsets = [(p.seat - first) & 3 for p in plays]
        if any(b <= a for a, b in zip(offsets, offsets[1:])):
            continue                                 # a seat twice, or out of order: judged as it is
        written = offsets[-1] == n - 1 and i == last
        if written and not _written(hand, trick, first, n):
            continue                                 # the record just ends in this trick (unfinished)
        seen = set(offsets)
        out.append(Gap(i, trick.number, tuple((first + k) & 3 for k in range(4) if k not in seen), written))
    return tuple(out)


def _unread_lead(hand: Hand, trick: Trick, last: bool) -> int | None:
    """The seat whose play ``trick``'s line writes first and that could not be read (``N: ?, E: D8, …``;
    :attr:`~..records.model.Hand.plays_unread`), when the plays read follow it in turn order, each of the
    same number of cards: that play is the trick's lead (docs/format.md: a play dropped for its cards is still
    a play the seat made) — the hand's last trick only when every seat it lacks has a play written there
    (else the record may stop inside the trick).  ``None`` otherwise, and where another trick line of the
    hand has the same number (whose unread plays those are is then not known)."""
    if not hand.plays_unread:
        return None
    unread = [(seat, before) for number, seat, before in hand.plays_unread if number == trick.number]
    firsts = [seat for seat, before in unread if before == 0]
    if len(firsts) != 1 or sum(t.number == trick.number for t in hand.tricks) != 1:
        return None
    led = firsts[0]
    offsets = [(p.seat - led) & 3 for p in trick.plays]
    if 0 in offsets or any(b <= a for a, b in zip(offsets, offsets[1:])):
        return None
    if len({len(p.cards) for p in trick.plays}) != 1:
        return None
    if last and len(unread) + len(trick.plays) != 4:
        return None
    return led


def _written(hand: Hand, trick: Trick, first: int, n: int) -> bool:
    """The hand's last trick, whose ``n`` plays from seat ``first`` on leave out the seats after them, gives
    those a play it could not read (:attr:`~..records.model.Hand.plays_unread`), written after the ``n`` read,
    in turn: the seats played and the record does not stop there — a gap, as inside the hand.  Not when an
    unread play is written before a read one (it may be the lead: the trick's order is then not the one
    read), nor when another trick line of the hand has the same number (whose unread plays those are is then
    not known)."""
    if not hand.plays_unread:
        return False
    unread = [(seat, before) for number, seat, before in hand.plays_unread if number == trick.number]
    return (unread == [((first + k) & 3, n) for k in range(n, 4)]
            and sum(t.number == trick.number for t in hand.tricks) == 1)


def _filled(hand: Hand, gap: Gap, fills: dict[int, tuple[int, ...]]) -> Hand:
    trick = hand.tricks[gap.index]
    first = gap.missing[0] if gap.lead else trick.plays[0].seat
    plays = sorted([*trick.plays, *(Play(s, c) for s, c in fills.items())], key=lambda p: (p.seat - first) & 3)
    tricks = list(hand.tricks)
    tricks[gap.index] = dataclasses.replace(trick, plays=tuple(plays))
    return dataclasses.replace(hand, tricks=tuple(tricks))


def _hands_at(hands: Sequence[Sequence[int]], tricks: Sequence[Trick]) -> list[list[int]]:
    """``hands`` less every card played in ``tricks`` (a card not held is not taken twice)."""
    now = [list(h) for h in hands]
    for t in tricks:
        for p in t.plays:
            h = now[p.seat]
            for k in p.cards:
                if h[k] > 0:
                    h[k] -= 1
    return now


def _plays_from(cards: Sequence[int], n: int) -> int:
    """How many plays of ``n`` cards ``cards`` (copies per kind) hold: one per multiset of kinds."""
    ways = [1] + [0] * n
    for m in cards:
        if m:
            ways = [sum(ways[k - j] for j in range(min(m, k) + 1)) for k in range(n + 1)]
    return ways[n]


def _each_play(cards: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every play of ``n`` cards ``cards`` (copies per kind) hold, its kinds in order."""
    kinds = [(k, m) for k, m in enumerate(cards) if m]
    after = [0] * (len(kinds) + 1)                  # the copies of the kinds from each one on
    for i in range(len(kinds) - 1, -1, -1):
        after[i] = after[i + 1] + kinds[i][1]

    def rest(i: int, need: int) -> Iterator[tuple[int, ...]]:
        if need == 0:
            yield ()
            return
        if after[i] < need:
            return
        k, m = kinds[i]
        for j in range(min(m, need), -1, -1):
            for tail in rest(i + 1, need - j):
                yield (k,) * j + tail

    yield from rest(0, n)


def _played_after(hand: Hand, gap: Gap, seat: int, size: int) -> list[int]:
    """Per kind, the copies ``seat`` plays in the record's tricks after ``gap``'s."""
    out = [0] * size
    for t in hand.tricks[gap.index + 1:]:
        for p in t.plays:
            if p.seat == seat:
                for k in p.cards:
                    out[k] += 1
    return out


@dataclass(slots=True)
class Drawn:
    """What the ways of filling in a hand's gaps were drawn from (:func:`_seat_plays`), noted as they are listed."""

    open_only: bool = True
    """Every seat's ways were of the cards it held then and does not play later (else, the record's later plays
    taking more than a seat held, of all it held)."""
    exact: bool = True
    """Every seat held then, and does not play later, just as many cards as the lead: its play pinned."""


def _seat_plays(hand: Hand, gap: Gap, seat: int, held: Sequence[int], n: int,
                drawn: Drawn) -> list[tuple[int, ...]] | None:
    """Every way ``seat`` could have played ``n`` cards (as many as the lead) in ``gap``'s trick, legal or
    not: from the cards it held then (``held``) and does not play later — a way that plays a card it plays
    later leaves it without that card there, and the record's later play rules it out —, else (the record's
    later plays take more than it held: every way is ruled out all the same) from all it held then, and
    ``drawn.open_only`` is set ``False``.  Just as many cards held and not played later: the one way, the
    play pinned by the seat's deal line and later plays (else ``drawn.exact`` is set ``False``).  ``None``:
    none, or past :data:`MAX_VARIANTS`."""
    later = _played_after(hand, gap, seat, len(held))
    kept = [max(0, h - m) for h, m in zip(held, later)]
    if sum(kept) < n:
        kept = list(held)
        drawn.open_only = False
    if sum(kept) != n:
        drawn.exact = False
    if sum(kept) < n or _plays_from(kept, n) > MAX_VARIANTS:
        return None
    return list(_each_play(kept, n))


def _fills(ctx: HandContext, hand: Hand, trick: Trick, gap: Gap, hands: Sequence[Sequence[int]],
           drawn: Drawn) -> list[dict] | None:
    """Every combination of the missing seats' ways to play (:func:`_seat_plays`; ``hands``: the cards
    each held when the trick began).  ``None``: not enumerable."""
    if gap.lead:            # the lead not read: any play of as many cards as the plays read (:func:`_unread_lead`)
        count = len(trick.plays[0].cards)
    else:
        lead = analyse_lead(ctx, tuple(trick.plays[0].cards))
        if lead.mixed or not lead.units:
            return None
        count = lead.count
    per_seat = []
    for s in gap.missing:
        plays = _seat_plays(hand, gap, s, hands[s], count, drawn)
        if plays is None:
            return None
        per_seat.append(plays)
    combos = 1
    for f in per_seat:
        combos *= len(f)
        if combos > MAX_VARIANTS:
            return None
    return [dict(zip(gap.missing, c)) for c in itertools.product(*per_seat)]


def variants(hand: Hand, ctx: HandContext, start: Sequence[Sequence[int]], gaps: Sequence[Gap],
             drawn: Drawn | None = None) -> list[Hand] | None:
    """Every way to fill in ``gaps`` (``start``: the hands when the first gap's trick began;
    ``drawn``: see :func:`_seat_plays`), ``None`` past :data:`MAX_VARIANTS` or where a gap's lead is
    not one the rules define."""
    done = [hand]
    drawn = drawn if drawn is not None else Drawn()
    for gap in gaps:
        nxt = []
        for h in done:
            now = _hands_at(start, h.tricks[gaps[0].index:gap.index])
            fills = _fills(ctx, hand, h.tricks[gap.index], gap, now, drawn)
            if fills is None:
                return None
            nxt.extend(_filled(h, gap, f) for f in fills)
            if len(nxt) > MAX_VARIANTS:
                return None
        done = nxt
    return done


def _plays_unheld(result: HandResult, gaps: Sequence[Gap]) -> bool:
    """A seat the record leaves out plays, after the first gap's trick, a card it does not hold
    (``not_in_hand``) in ``result`` — a way of filling in some of ``gaps``, the later ones left out.
    Whatever that seat played in a later gap (a follow, or a lead the record leaves out), it would hold
    fewer cards still, never more: every way that goes on from this one plays that card unheld too, and
    the record's later plays rule them all out (:func:`_contradicted`)."""
    first = gaps[0].trick
    missing = {s for g in gaps for s in g.missing}
    return any(v.code == "not_in_hand" and v.seat in missing and v.trick is not None and v.trick > first
               for v in result.violations)


def _gap_by_gap(hand: Hand, ctx: HandContext, start: Sequence[Sequence[int]], gaps: Sequence[Gap],
                drawn: Drawn, recorded: HandResult,
                replay: Callable[[Hand, bool], HandResult]) -> tuple[list[Hand], list[HandResult], bool] | str | None:
    """The ways to fill in ``gaps``, one gap after another (``start``, ``drawn``: as :func:`variants`;
    ``recorded``: the hand judged as recorded): each way of the gaps so far is judged,
    and those after which a seat left out plays a card it does not hold (:func:`_plays_unheld`) are
    dropped before the next gap's ways are added to the rest — so two gaps each settled by the seats'
    later plays are not judged as every way of one times every way of the other.  Before a later gap's
    ways are added, the seat due to lead its trick in each way kept (the trick before's winner) must not
    be one it leaves out (the play left out may be the lead itself).  Returns every way of every gap that
    is left, their judgements, and whether some were dropped on the way; ``"ways"`` past
    :data:`MAX_VARIANTS` ways at a gap, ``"lead"`` (see above); ``None`` when every way of a gap is dropped
    (the record contradicts itself whatever was played: every way is judged, :func:`variants`)."""
    heads, judged = [hand], [recorded]
    dropped = False
    for n, gap in enumerate(gaps):
        if n and any(_lead_left_out(hand, r, gap) for r in judged):
            return "lead"
        ways = []
        for h in heads:
            fills = _fills(ctx, hand, h.tricks[gap.index], gap,
                           _hands_at(start, h.tricks[gaps[0].index:gap.index]), drawn)
            if fills is None:
                return "ways"
            ways.extend(_filled(h, gap, f) for f in fills)
            if len(ways) > MAX_VARIANTS:
                return "ways"
        results = [replay(h, True) for h in ways]
        if n == len(gaps) - 1:
            return ways, results, dropped
        kept = [i for i, r in enumerate(results) if not _plays_unheld(r, gaps)]
        if not kept:
            return None
        dropped = dropped or len(kept) < len(results)
        heads, judged = [ways[i] for i in kept], [results[i] for i in kept]
    return None


@dataclass(frozen=True, slots=True)
class Tried:
    """The ways of filling in a hand's gaps that were judged (:func:`_seat_plays`: each a play of as many
    cards as the lead from the cards the seat held then, legal or not)."""

    ways: int
    """How many were judged."""
    open_only: bool = True
    """Each played only cards the seat does not play later (else, the record's later plays taking more
    than a seat held, some were of all the cards it held)."""
    exact: bool = False
    """Each seat held then, and does not play later, just as many cards as the lead (:attr:`Drawn.exact`)."""
    dropped: bool = False
    """Ways of the earlier gaps were dropped before the later gaps' were added (:func:`_gap_by_gap`):
    they are not counted in :attr:`ways`."""


def _faulty(result: HandResult, gaps: Sequence[Gap]) -> list[tuple[int, int]]:
    """The plays ``result``, a way of filling in ``gaps``, fills in and finds a fault in (a wrong follow), as
    ``(trick, seat)``."""
    return sorted({(v.trick, v.seat) for g in gaps for v in result.violations
                   if v.trick == g.trick and v.seat in g.missing})


def _faults_whatever_played(results: Sequence[HandResult], gaps: Sequence[Gap]) -> Sequence[HandResult]:
    """``results`` with a fault of a play the record leaves out that every way finds, each with another play
    (the seat revoked whatever it played: it kept a card it plays later), said of no play: the fault stands,
    the cards played are not known (``played`` empty) — else no way would share it with another."""
    filled = {(g.trick, s) for g in gaps for s in g.missing}
    per = [{(v.code, v.trick, v.seat): v.played for v in r.violations if (v.trick, v.seat) in filled} for r in results]
    vary = {k for k in set(per[0]).intersection(*per[1:]) if len({p[k] for p in per}) > 1}
    if not vary:
        return results
    return [dataclasses.replace(r, violations=tuple(
        dataclasses.replace(v, played=()) if (v.code, v.trick, v.seat) in vary else v for v in r.violations))
        for r in results]


def merge(hand: Hand, gaps: Sequence[Gap], results: Sequence[HandResult], ways: Sequence[Hand],
          tried: int | Tried) -> HandResult:
    """One result from the judgements of the ways to fill in ``gaps`` (``ways``, the filled-in
    hands, of ``tried``: the others are ruled out by the record's later plays): what they agree on."""
    if isinstance(tried, int):
        tried = Tried(tried)
    fitted = len(ways) < tried.ways or tried.dropped
    results = _faults_whatever_played(results, gaps)
    r0 = results[0]
    by_index = {g.index: g for g in gaps}
    pairs = [(g.trick, g.missing) for g in gaps]
    miscopied = any(g.miscopied for g in gaps)
    changes, what = agree(results, [hand.tricks[i].plays if i in by_index else None for i in range(len(r0.tricks))],
                          lambda v: explain_gaps.fault_whatever_gap(v.seat, v.code, pairs))
    tricks = changes["tricks"]
    unknowns, derived = shared_facts(results, GAP_WAYS, explain_held.ways_filled_in(pairs, len(ways)))
    for g in gaps if len(ways) > 1 else ():     # (one way: the play itself is derived, below)
        t = tricks[g.index]
        if t.winner is not None:
            derived.append(Derived("trick_winner", SEAT_TOKENS[t.winner], "the cards of the seats the record leaves out",
                                   *explain_gaps.gap_winner_derived(g.trick, t.winner, g.missing, fitted,
                                                                       tried.open_only)))
        if t.points is not None:    # the trick's points count the play left out: every way gives them
            derived.append(Derived("trick_points", str(t.points), "the cards of the seats the record leaves out",
                                   *explain_gaps.gap_points_derived(g.trick, t.points, g.missing, fitted,
                                                                       tried.open_only)))
    if len(ways) == 1:              # one way fits the rest of the record: the plays left out are derived
        filled = ways[0].tricks
        shown = [(g.trick, s, next(p.cards for p in filled[g.index].plays if p.seat == s))
                 for g in gaps for s in g.missing]
        derived.append(Derived("play", "; ".join(f"{g}: {SEAT_TOKENS[s]} {' '.join(TOKEN[k] for k in c)}"
                                                 for g, s, c in shown),
                               "the cards the seat plays later and its deal line",
                               *explain_gaps.gap_play_derived(shown, tried.ways, tried.open_only, fitted,
                                                                 tried.exact, _faulty(r0, gaps), miscopied)))
        # the plays themselves, with their tricks: the dataset stores each (plays.derived)
        changes["derived_plays"] = r0.derived_plays + tuple(
            (g.trick, p) for g in gaps for p in filled[g.index].plays if p.seat in g.missing)
    if len(ways) > 1:
        unknowns.append(Unknown("play", tuple(what), *explain_gaps.record_leaves_out(
            pairs, what, len(ways), tried.ways, tried.open_only, tried.dropped, miscopied)))
    changes["derived"], changes["unknowns"] = tuple(derived), tuple(unknowns)
    return dataclasses.replace(r0, **changes)


def _due_to_lead(hand: Hand, result: HandResult, gap: Gap) -> int | None:
    """The seat due to lead the gap's trick in ``result``: the trick before's winner, the first
    trick's the dealer (a position's: its first play as written)."""
    if gap.index:
        return result.tricks[gap.index - 1].winner
    return None if hand.setup else result.dealer


def _lead_left_out(hand: Hand, result: HandResult, gap: Gap) -> bool:
    """The seat due to lead the gap's trick in ``result`` is one it leaves out, and not the one whose unread
    play the line writes first (:attr:`Gap.lead`: that play is the lead, filled in as such)."""
    due = _due_to_lead(hand, result, gap)
    return due in gap.missing and not (gap.lead and due == gap.missing[0])


def _cards_known(hand: Hand, gaps: Sequence[Gap], result: HandResult) -> bool:
    """Whether the cards of every seat ``gaps`` leave out are known, card for card, in a hand whose
    legality is not (``result``: the hand judged as recorded) — another seat's read from its plays (no
    deal line, or the dealer's with the bury not known): the ways to fill a gap in come from the missing
    seat's cards alone, so they are judged (what rests on the other seat stays withheld in each way, as
    in the hand as recorded).  Not known: no deal, the seat's own line missing or its cards read from its
    plays (:func:`.starting_hands.starting_hands`: the dealer with the bury not known, a taker of the
    bottom after 炒地皮, a full hand whose dealer is not known — nobody known to have taken the bottom),
    its line contradicted by its plays (:mod:`.deal_lines`), a position's uneven lines, a tag the rest
    of the record contradicts (:mod:`.contradictions`: the hand judged under several values), or any seat's
    line contradicted in a record that stops before the hand's end (:func:`.deal_lines.stops_short`, or a
    ``Buried:`` line its taker's plays contradict there, :attr:`.bottom_exchange.Start.disputed`): a line or a
    play is miscopied, and no hand's end checks the missing seat's cards — a play of a card its line does not
    give, never one of the ways, would show only as a card it still held after the last trick.  Nor, in any
    record, the cards of the taker of a bury its plays contradict: the line miscopied, which cards it buried
    is not known, and ways built on the line as written could leave its true play out."""
    if hand.deal is None or result.contradicted or uneven_position(hand) is not None:
        return False
    if not hand.setup and result.dealer is None:
        return False
    if stops_short(hand, result):
        return False
    seats = {s for g in gaps for s in g.missing}
    start = starting_hands(hand, result.rules, result.dealer, Played(hand))
    if start.disputed and not result.complete:      # a Buried: line or a play miscopied, the record short
        return False
    disputed = {d.seat for d in start.disputed}     # the line miscopied: what its taker buried is not known
    return not (seats & (start.from_plays | disputed) or seats & contradicted(hand, result))


def judge(hand: Hand, gaps: Sequence[Gap], replay: Callable[[Hand, bool], HandResult],
          context: Callable[[HandResult], HandContext | None], recorded: HandResult | None = None) -> HandResult:
    """``hand`` judged over every way to fill in its ``gaps``: ``replay(h, hands_before)`` judges
    one hand; ``context(result)`` the trick context of the hand as recorded (``None``: not judged);
    ``recorded``: that judgement, when made already."""
    recorded = recorded if recorded is not None else replay(hand, True)
    ctx = context(recorded)
    first = gaps[0]
    if (ctx is None or len(recorded.tricks) <= first.index or not recorded.tricks[first.index].hands_before
            or not (recorded.legality_known or _cards_known(hand, gaps, recorded))):
        return _unfilled(hand, gaps, recorded, replay, context, "cards")
    for g in gaps:
        before = recorded.tricks[g.index].hands_before if g.index < len(recorded.tricks) else ()
        size = len(hand.tricks[g.index].plays[0].cards)
        if before and any(sum(before[s]) < size for s in g.missing):
            if any(g.lead for g in gaps):       # (a play written there: it played, what is not known)
                return _unfilled(hand, gaps, recorded, replay, context, "cards")
            return recorded     # a seat out of cards (多少牌): the record shows why it did not play
    for g in gaps:
        if g.lead:
            continue
        lead = analyse_lead(ctx, tuple(hand.tricks[g.index].plays[0].cards))
        if lead.mixed or not lead.units:
            return _unfilled(hand, gaps, recorded, replay, context, "bad_lead")
    found = _ways_judged(hand, ctx, recorded.tricks[first.index].hands_before, gaps, recorded, replay)
    if isinstance(found, str):
        return _unfilled(hand, gaps, recorded, replay, context, found)
    ways, results, tried = found
    fit = [i for i, r in enumerate(results) if not _contradicted(r, gaps)]
    if fit and len(fit) < len(results):         # the ways the record's later plays rule out are dropped
        return merge(hand, gaps, [results[i] for i in fit], [ways[i] for i in fit], tried)
    return merge(hand, gaps, results, ways, tried)


def _unfilled(hand: Hand, gaps: Sequence[Gap], recorded: HandResult, replay: Callable[[Hand, bool], HandResult],
              context: Callable[[HandResult], HandContext | None], why: str) -> HandResult:
    """``gaps`` not filled in (``why``: :func:`not_judged`).  The last trick's unread plays (:attr:`Gap.written`)
    then say no more than a record stopping there: the hand is judged as one that gives no such play (the
    trick it ends in, :mod:`.unfinished`) — its other gaps as ever."""
    if gaps[-1].written and not gaps[-1].lead:
        return judge(hand, gaps[:-1], replay, context, recorded) if len(gaps) > 1 else recorded
    if why == "lead":       # the play left out may be the lead: where the deal fixes it, judged with each leader
        led = _lead_readings(hand, gaps, recorded, replay)
        if led is not None:
            return led
    result = not_judged(hand, gaps, recorded, why)
    return _played_out(hand, gaps, recorded, result, replay) if why == "lead" and not result.complete else result


MAX_LEAD_READINGS = 16
"""Readings of who led the tricks whose play left out the deal fixes (:func:`_lead_readings`) beyond which they are
not judged: each is a replay of the whole hand."""


def _lead_readings(hand: Hand, gaps: Sequence[Gap], recorded: HandResult,
                   replay: Callable[[Hand, bool], HandResult]) -> HandResult | None:
    """``hand`` whose play left out may be the lead (the seat due to lead a gap's trick is one it leaves out),
    judged with each leader where the deal fixes every play left out (:func:`.unfilled_gaps.plays_fixed`): the
    play is then known, only who led its trick is not — the seat due, its play first and the others in turn after
    it, or the seat the record writes first (leading out of turn), the seats left out playing after the last one
    written (docs/rules.md §4.1, §14.1).  Each reading is judged (``replay``) and only what every one gives is kept
    (:func:`.agreement.agree`: a trick's winner and points, the violations, the points, the outcome, the levels,
    the penalties — the most a reading gives kept for the match's forfeit count); whether the trick was led out of
    turn, and what differs, withheld (``"unknown"`` tag ``order``).  ``None`` (the gaps not filled in,
    :func:`not_judged`): a play left out the deal does not fix, a seat due whose lead would put the plays written
    out of their written order, who was due not known, a reading the record's later plays rule out, past
    :data:`MAX_LEAD_READINGS`, a play left out written there and not read or dropped (:attr:`Hand.plays_unread`,
    :attr:`Hand.throws_after_lead`: the seat played something the record shows), or the hand already read in more
    orders than one (an ``order`` unknown, :mod:`.play_order`)."""
    if any(u.tag == "order" and u.withheld != ("turn",) for u in recorded.unknowns):
        return None     # (who led each trick already read more ways than one: :mod:`.play_order`)
    written = {(t, s) for t, s, _ in hand.plays_unread} | {(t, p.seat) for t, p in hand.throws_after_lead}
    if any((g.trick, s) in written for g in gaps for s in g.missing):
        return None     # (a play written there and not read, or dropped: not one the record leaves out)
    fixed = plays_fixed(hand, gaps, recorded)
    if len(fixed) != sum(len(g.missing) for g in gaps):
        return None
    fills = {g.trick: {s: cards for t, s, cards in fixed if t == g.trick} for g in gaps}
    heads: list[tuple[Hand, tuple[tuple[int, int, int], ...]]] = [(hand, ())]
    for n, g in enumerate(gaps):
        nxt = []
        for h, led in heads:
            written = _filled(h, g, fills[g.trick])
            nxt.append((written, led))
            if g.lead:                  # (its unread play written first: the lead, filled in as such)
                continue
            whole = written
            for later in gaps[n + 1:]:
                whole = _filled(whole, later, fills[later.trick])
            due = _due_to_lead(hand, replay(whole, True), g)
            if due is None or due not in g.missing:
                continue
            plays = hand.tricks[g.index].plays
            if sorted(plays, key=lambda p: (p.seat - due) & 3) != list(plays):
                return None             # the seat due leading would put the plays written out of their order
            trick = h.tricks[g.index]
            both = [*trick.plays, *(Play(s, c) for s, c in fills[g.trick].items())]
            tricks = list(h.tricks)
            tricks[g.index] = dataclasses.replace(trick, plays=tuple(sorted(both, key=lambda p: (p.seat - due) & 3)))
            nxt.append((dataclasses.replace(h, tricks=tuple(tricks)), (*led, (g.trick, due, plays[0].seat))))
        heads = nxt
        if len(heads) > MAX_LEAD_READINGS:
            return None
    leads = list(dict.fromkeys(x for _, led in heads for x in led))
    if not leads:
        return None
    results = [replay(h, True) for h, _ in heads]
    if any(_contradicted(r, gaps) for r in results):
        return None
    return _leads_merged(hand, gaps, fixed, leads, results)


def _leads_merged(hand: Hand, gaps: Sequence[Gap], fixed: Sequence[tuple[int, int, tuple[int, ...]]],
                  leads: Sequence[tuple[int, int, int]], results: Sequence[HandResult]) -> HandResult:
    """The judgements of :func:`_lead_readings` (``results``, the first with every trick led by the seat written
    first; ``leads``: ``(trick, due, written first)`` of each trick whose lead they differ on) merged: what all
    give kept, the tricks shown as recorded, the plays left out derived (``fixed``)."""
    r0 = results[0]
    at = {g.index for g in gaps}
    changes, what = agree(results, [hand.tricks[i].plays if i in at else None for i in range(len(r0.tricks))],
                          lambda v: explain_gaps.fault_whoever_led(v.seat, v.code))
    per = [{(v.code, v.trick, v.seat) for v in r.violations} for r in results]
    odd = set().union(*per) - set(per[0]).intersection(*per[1:])
    if "legality" in what and all(c == "out_of_turn" and t in {x[0] for x in leads} for c, t, _ in odd):
        what[what.index("legality")] = "turn"       # (the readings differ on the lead out of turn alone)
    unknowns, derived = shared_facts(results)
    derived.insert(0, Derived("play", "; ".join(f"{t}: {SEAT_TOKENS[s]} {' '.join(TOKEN[k] for k in c)}"
                                                for t, s, c in fixed),
                              "the cards the seat plays later and its deal line",
                              *explain_gaps.gap_play_lead_open(fixed, leads)))
    tricks = changes["tricks"]
    for number, due, first in leads:
        t = next(t for t in tricks if t.number == number)
        if t.winner is not None:
            derived.append(Derived("trick_winner", SEAT_TOKENS[t.winner], "the cards of the seats the record leaves out",
                                   *explain_gaps.gap_lead_winner(number, t.winner, due, first)))
        if t.points is not None:
            derived.append(Derived("trick_points", str(t.points), "the cards of the seats the record leaves out",
                                   *explain_gaps.gap_lead_points(number, t.points, due)))
    what = ["lead", *what] if what else ["lead", "turn"]     # (who led: the order of its plays, which analyses rest on)
    unknowns.append(Unknown("order", tuple(what), *explain_gaps.gap_lead_open(leads, what)))
    changes["derived"], changes["unknowns"] = tuple(derived), tuple(unknowns)
    return dataclasses.replace(r0, **changes)


def _played_out(hand: Hand, gaps: Sequence[Gap], recorded: HandResult, result: HandResult,
                replay: Callable[[Hand, bool], HandResult]) -> HandResult:
    """``result`` (``gaps`` not filled in, the play left out may be the lead: :func:`not_judged`) complete where
    the hand is played out: each play left out is one the deal fixes (:func:`.unfilled_gaps.plays_fixed`: the
    cards its seat held then and does not play later, as many as the trick's other plays), and with them filled
    in every seat plays all its cards in every reading the judgement makes (``replay``) — as a hand whose play
    left out is filled in is.  Its end is then reached: its penalties are due there (docs/rules.md §10.1), never
    read as those of a hand the record stops inside (:func:`.stopped_match.record_stops_inside`).  Who led the
    trick stays unknown, and all that rests on it withheld, as :func:`not_judged` says."""
    fixed = plays_fixed(hand, gaps, recorded)
    if len(fixed) != sum(len(g.missing) for g in gaps):
        return result
    filled = hand
    for g in gaps:
        filled = _filled(filled, g, {s: cards for t, s, cards in fixed if t == g.trick})
    return dataclasses.replace(result, complete=True) if replay(filled, True).complete else result


def _ways_judged(hand: Hand, ctx: HandContext, start: Sequence[Sequence[int]], gaps: Sequence[Gap],
                 recorded: HandResult,
                 replay: Callable[[Hand, bool], HandResult]) -> tuple[list[Hand], list[HandResult], Tried] | str:
    """The ways to fill in ``gaps`` judged (gap by gap, :func:`_gap_by_gap`; else every way at once,
    :func:`variants`), and what was tried (:class:`Tried`); or why they are not judged (:func:`not_judged`:
    ``ways``, ``lead``)."""
    drawn = Drawn()
    found = None if recorded.contradicted else _gap_by_gap(hand, ctx, start, gaps, drawn, recorded, replay)
    if isinstance(found, str):
        return found
    if found is not None and found[2] and all(_contradicted(r, gaps) for r in found[1]):
        found = None                            # ways dropped gap by gap, and the rest do not fit either
    if found is None:                           # every way at once (the record contradicts itself whatever)
        drawn = Drawn()
        ways = variants(hand, ctx, start, gaps, drawn)
        if ways is None:
            return "ways"
        results = [replay(h, True) for h in ways]
        dropped = False
    else:
        ways, results, dropped = found
    for g in gaps:                              # the seat due to lead is missing: its play may be the lead
        if any(_lead_left_out(hand, r, g) for r in results):
            return "lead"
    return ways, results, Tried(len(results), drawn.open_only, drawn.exact, dropped)


def _contradicted(result: HandResult, gaps: Sequence[Gap]) -> bool:
    """A way of filling in ``gaps`` after which a missing seat plays a card it no longer holds, or ends
    the hand with cards left (:data:`.deal_lines.SHOWN_BY`: the record's plays against the cards a seat
    is given), is ruled out by the record itself (its later plays and the deal)."""
    first = gaps[0].trick
    missing = {s for g in gaps for s in g.missing}
    return any(v.code in SHOWN_BY and v.seat in missing and (v.trick is None or v.trick > first)
               for v in result.violations)


def play_left_out(v: Violation, result: HandResult) -> bool:
    """``v`` is about a play the record leaves out of its trick (its seat has no play there as
    recorded): the play ``v`` names was filled in (:func:`judge`), derived — never "played".  Not a
    ``not_in_hand``: a way filled in is drawn from the cards its seat held, so such a fault is of the play the
    record gives, taken out of its trick as one it proves impossible (:mod:`.impossible_plays`); nor a finding
    about the record (a follow holding a copy written too many, there too: the play as written)."""
    if v.trick is None or v.seat is None or not v.played or v.code == "not_in_hand" or v.of_record:
        return False
    trick = next((t for t in result.tricks if t.number == v.trick), None)
    return trick is not None and bool(trick.plays) and all(p.seat != v.seat for p in trick.plays)


__all__ = ["Gap", "MAX_VARIANTS", "Tried", "find_gaps", "judge", "merge", "not_judged", "play_left_out", "variants"]

"""A play the record leaves out inside a trick: every way to fill it in, judged; what holds in all is kept.

A hand-written record often misses one card: ``3. W: D7, E: D8, S: D5`` gives no play of N, yet
the record goes on to trick 4.  Every seat plays in every trick, so the record is short, and
nothing says N did not play: calling N ``out_of_turn`` ("did not play"), and judging the trick,
its winner and every later trick as if N's card were still in N's hand, would rest verdicts on
a gap in the record.  So (docs/rules.md §4.1 and §14.1):

- a **gap** is a trick of 1–3 plays, each seat at most once, in turn order from its first play,
  that leaves out a seat before its last recorded play, or any seat when a trick follows it (a
  last trick that only stops early is :mod:`.unfinished`);
- the hand is judged once for every way the missing seats could legally have played (from the
  cards they held when the trick began, :func:`.legal.legal_follows`), each gap in turn — a way of the
  earlier gaps after which a seat left out plays a card it does not hold is dropped before the next
  gap's ways are added (:func:`_gap_by_gap`: whatever that seat played later, it is ruled out);
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
missing), the gap is not filled in (:func:`not_judged`): what rests on the play left out is withheld —
the gap's trick (its winner; its points ``None``, never the recorded cards', unless no card the missing
seats could have held carries any: derived ``trick_points``; its verdicts, unless the record gives its
lead), from it on what rests on the missing seats' cards (their wrong follows but those the cards they
play later prove; a throw's verdict but where it does not rest on them: :func:`_judged_after`), who was
to lead the trick after it, the attackers' points, the outcome, the levels —, and what rests on none of
it stands: the other seats' verdicts that rest on their own cards and the lead recorded
(:data:`KEPT_AFTER_GAP`, in the gap's trick too when its lead is recorded: :func:`_lead_recorded`), the
later whole tricks' winners and points, the hand's own findings, the level penalties found.  The missing seat's cards after the gap are those it surely holds,
the others counted as held, not known which (:func:`_held_after_gaps`).
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Callable, Sequence

from ..records.cards import NUM_KINDS, POINTS, SEAT_TOKENS, TOKEN, team_of
from ..records.deal_checks import uneven_position
from ..records.model import Hand, Play, Trick
from ..records.rulesets import RevokePenalty, RuleSet, ThrowPenaltyCards
from . import explain_gaps, explain_hand
from .deal_lines import SHOWN_BY, contradicted
from .legal import analyse_lead, legal_follows
from .outcome import REVOKE_CODES, offenders, team_counts
from .required_trick import MAX_FOLLOWS, follow_candidates
from .starting_hands import Played, starting_hands
from .tricks import HandContext, hand_context, judge_trick, turn_order
from .unfinished import ENDS_BEFORE
from .agreement import agree
from .unsure_throws import recheck, throw_judged
from .verdicts import Derived, HandResult, TrickResult, Unknown, Violation, new_violation

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
        first = plays[0].seat
        offsets = [(p.seat - first) & 3 for p in plays]
        if any(b <= a for a, b in zip(offsets, offsets[1:])):
            continue                                 # a seat twice, or out of order: judged as it is
        if offsets[-1] == n - 1 and i == last:
            continue                                 # the record just ends in this trick (unfinished)
        seen = set(offsets)
        out.append(Gap(i, trick.number, tuple((first + k) & 3 for k in range(4) if k not in seen)))
    return tuple(out)


def _filled(hand: Hand, gap: Gap, fills: dict[int, tuple[int, ...]]) -> Hand:
    trick = hand.tricks[gap.index]
    first = trick.plays[0].seat
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


def _seat_follows(ctx: HandContext, lead, gap: Gap, seat: int, held: Sequence[int],
                  left: dict[int, tuple[int, ...]], extra: set | None = None) -> list[tuple[int, ...]] | None:
    """``seat``'s legal follows to ``lead`` from ``held``, and the cards it is left holding at the end
    (``left``, see :func:`_fills`) when they are no legal follow; ``None``: too many to list."""
    if follow_candidates(ctx, lead, held) > MAX_FOLLOWS:
        return None
    follows = list(itertools.islice(legal_follows(ctx, lead, held), MAX_VARIANTS + 1))
    rest = left.get(seat)
    if rest is not None and len(rest) == lead.count and tuple(sorted(rest)) not in follows \
            and all(held[k] >= rest.count(k) for k in rest):
        follows.append(tuple(sorted(rest)))
        if extra is not None:
            extra.add((gap.trick, seat, tuple(sorted(rest))))
    if not follows or len(follows) > MAX_VARIANTS:
        return None
    return follows


def _fills(ctx: HandContext, trick: Trick, gap: Gap, hands: Sequence[Sequence[int]],
           left: dict[int, tuple[int, ...]], extra: set | None = None) -> list[dict] | None:
    """Every combination of the missing seats' legal follows, and of the cards a seat is left
    holding at the end (``left``: a seat missing from one gap only, whose leftover cards are as
    many as the lead and held then: what it may have played, legal or not; ``extra`` gets each
    such candidate that is not a legal follow, as ``(trick, seat, cards)``).  ``None``: not
    enumerable."""
    lead = analyse_lead(ctx, tuple(trick.plays[0].cards))
    if lead.mixed or not lead.units:
        return None
    per_seat = []
    for s in gap.missing:
        follows = _seat_follows(ctx, lead, gap, s, hands[s], left, extra)
        if follows is None:
            return None
        per_seat.append(follows)
    combos = 1
    for f in per_seat:
        combos *= len(f)
        if combos > MAX_VARIANTS:
            return None
    return [dict(zip(gap.missing, c)) for c in itertools.product(*per_seat)]


def variants(hand: Hand, ctx: HandContext, start: Sequence[Sequence[int]], gaps: Sequence[Gap],
             left: dict[int, tuple[int, ...]] | None = None, extra: set | None = None) -> list[Hand] | None:
    """Every way to fill in ``gaps`` (``start``: the hands when the first gap's trick began;
    ``left``, ``extra``: see :func:`_fills`), ``None`` past :data:`MAX_VARIANTS` or where a gap's
    lead is not one the rules define."""
    done = [hand]
    for gap in gaps:
        nxt = []
        for h in done:
            now = _hands_at(start, h.tricks[gaps[0].index:gap.index])
            fills = _fills(ctx, h.tricks[gap.index], gap, now, left or {}, extra)
            if fills is None:
                return None
            nxt.extend(_filled(h, gap, f) for f in fills)
            if len(nxt) > MAX_VARIANTS:
                return None
        done = nxt
    return done


COUNT_BUDGET = 4096
"""Lists of a seat's follows (:func:`_seat_ways`) beyond which the ways of filling in a hand's gaps are not
counted (:func:`_count_ways`): each is cheap, but one gap's ways multiply the next one's."""


def _seat_held(held: Sequence[int], tricks: Sequence[Trick], seat: int) -> list[int]:
    """``held`` less ``seat``'s plays in ``tricks`` (a card not held is not taken twice: :func:`_hands_at`)."""
    now = list(held)
    for t in tricks:
        for p in t.plays:
            if p.seat == seat:
                for k in p.cards:
                    if now[k] > 0:
                        now[k] -= 1
    return now


def _seat_ways(hand: Hand, ctx: HandContext, since: int, held: Sequence[int], mine: Sequence[Gap], seat: int,
               left: dict[int, tuple[int, ...]], budget: list[int]) -> tuple[int, int] | None:
    """How many ways ``seat`` has over its gaps ``mine`` (``held``: its cards when the trick at index
    ``since`` began), and how many of them are legal follows only; ``None``: a gap with too many follows,
    or ``budget`` spent."""
    budget[0] -= 1
    if budget[0] < 0:
        return None
    gap = mine[0]
    now = _seat_held(held, hand.tricks[since:gap.index], seat)
    extra: set = set()
    follows = _seat_follows(ctx, analyse_lead(ctx, tuple(hand.tricks[gap.index].plays[0].cards)), gap, seat, now,
                            left, extra)
    if follows is None:
        return None
    if len(mine) == 1:
        return len(follows), len(follows) - len(extra)
    total = legal = 0
    for f in follows:
        after = list(now)
        for k in f:
            after[k] -= 1
        got = _seat_ways(hand, ctx, gap.index + 1, after, mine[1:], seat, left, budget)
        if got is None:
            return None
        total, legal = total + got[0], legal + got[1]
    return total, legal


def _count_ways(hand: Hand, ctx: HandContext, start: Sequence[Sequence[int]], gaps: Sequence[Gap],
                left: dict[int, tuple[int, ...]]) -> tuple[int, int] | None:
    """How many ways there are in all to fill in ``gaps`` — what :func:`variants` lists, none of them
    judged — and how many of them are legal follows only (:class:`Tried`).  A seat's follows rest on its
    own cards alone, so the seats' ways combine freely: per seat, its gaps' ways in turn.  ``None``: a gap
    with too many follows, or more than :data:`COUNT_BUDGET` lists to make."""
    budget = [COUNT_BUDGET]
    total = legal = 1
    for seat in sorted({s for g in gaps for s in g.missing}):
        got = _seat_ways(hand, ctx, gaps[0].index, start[seat], [g for g in gaps if seat in g.missing], seat,
                         left, budget)
        if got is None:
            return None
        total, legal = total * got[0], legal * got[1]
    return total, legal


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
                left: dict[int, tuple[int, ...]], extra: set, recorded: HandResult,
                replay: Callable[[Hand, bool], HandResult]) -> tuple[list[Hand], list[HandResult], bool] | str | None:
    """The ways to fill in ``gaps``, one gap after another (``start``, ``left``, ``extra``: as
    :func:`variants`; ``recorded``: the hand judged as recorded): each way of the gaps so far is judged,
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
        if n and any(_due_to_lead(hand, r, gap) in gap.missing for r in judged):
            return "lead"
        ways = []
        for h in heads:
            fills = _fills(ctx, h.tricks[gap.index], gap, _hands_at(start, h.tricks[gaps[0].index:gap.index]),
                           left, extra)
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
    """The ways of filling in a hand's gaps that were judged: how many in all, how many of them are
    legal follows only (the others play the cards a seat is left holding at the end, legal or not:
    those are no legal way, and never called one)."""

    ways: int
    legal: int
    left: tuple[int, ...] = ()
    """The seats whose cards left at the end were tried besides their legal follows."""
    extra: frozenset = frozenset()
    """Those candidates, as ``(trick, seat, cards)``."""

    @property
    def cards(self) -> int:
        """How many cards each such candidate is (the lead's)."""
        return max((len(c) for _, _, c in self.extra), default=1)

    def illegal(self, way: Hand, gaps: Sequence[Gap]) -> bool:
        """``way`` fills a gap with a seat's cards left that are not a legal follow."""
        return bool(self.extra) and any(
            (g.trick, p.seat, tuple(sorted(p.cards))) in self.extra
            for g in gaps for p in way.tricks[g.index].plays if p.seat in g.missing)


def merge(hand: Hand, gaps: Sequence[Gap], results: Sequence[HandResult], ways: Sequence[Hand],
          tried: int | Tried) -> HandResult:
    """One result from the judgements of the ways to fill in ``gaps`` (``ways``, the filled-in
    hands, of ``tried``: the others are ruled out by the record's later plays): what they agree on."""
    if isinstance(tried, int):
        tried = Tried(tried, tried)
    kept_illegal = [tried.illegal(w, gaps) for w in ways]
    r0 = results[0]
    by_index = {g.index: g for g in gaps}
    pairs = [(g.trick, g.missing) for g in gaps]
    changes, what = agree(results, [hand.tricks[i].plays if i in by_index else None for i in range(len(r0.tricks))],
                          lambda v: explain_gaps.fault_whatever_gap(v.seat, v.code, pairs))
    tricks = changes["tricks"]
    derived = [d for d in r0.derived if all(d in r.derived for r in results[1:])]
    for g in gaps if len(ways) > 1 else ():     # (one way: the play itself is derived, below)
        t = tricks[g.index]
        if t.winner is not None:
            derived.append(Derived("trick_winner", SEAT_TOKENS[t.winner], "the cards of the seats the record leaves out",
                                   *explain_gaps.gap_winner_derived(g.trick, t.winner, g.missing,
                                                                       len(ways) < tried.ways, any(kept_illegal))))
        if t.points is not None:    # the trick's points count the play left out: every way gives them
            derived.append(Derived("trick_points", str(t.points), "the cards of the seats the record leaves out",
                                   *explain_hand.gap_points_derived(g.trick, t.points, g.missing,
                                                                    len(ways) < tried.ways, any(kept_illegal))))
    if len(ways) == 1:              # one way fits the rest of the record: the plays left out are derived
        filled = ways[0].tricks
        shown = [(g.trick, s, next(p.cards for p in filled[g.index].plays if p.seat == s))
                 for g in gaps for s in g.missing]
        derived.append(Derived("play", "; ".join(f"{g}: {SEAT_TOKENS[s]} {' '.join(TOKEN[k] for k in c)}"
                                                 for g, s, c in shown),
                               "the cards the seat plays later and its deal line",
                               *explain_gaps.gap_play_derived(shown, tried.ways, tried.legal, tried.left,
                                                                 kept_illegal[0], tried.cards)))
        # the plays themselves, with their tricks: the dataset stores each (plays.derived)
        changes["derived_plays"] = r0.derived_plays + tuple(
            (g.trick, p) for g in gaps for p in filled[g.index].plays if p.seat in g.missing)
    unknowns = [u for u in r0.unknowns if all(u in r.unknowns for r in results[1:])]
    if len(ways) > 1:
        unknowns.append(Unknown("play", tuple(what), *explain_gaps.record_leaves_out(
            pairs, what, len(ways), tried.ways, tried.legal, tried.left, tried.cards)))
    changes["derived"], changes["unknowns"] = tuple(derived), tuple(unknowns)
    return dataclasses.replace(r0, **changes)


def _cards_could_hold(hand: Hand, result: HandResult, gap: Gap) -> list[int] | None:
    """Per kind, the copies a seat missing from ``gap`` could have held when its trick began — at
    most: every copy of the decks less those the record places elsewhere then (played in an earlier
    trick, played in this one by another seat, or in another seat's hand as ``result`` replays it).
    A copy in the bottom, or held by the seat itself, is not placed elsewhere: it counts as one it
    could have held.  ``None``: the hands then are not known (not replayed), or the record places a
    card where the replay finds it was not (``not_in_hand``, ``deal_mismatch``: a deal line or a play is
    wrong, so what it places elsewhere may not be), or more copies than the decks hold."""
    i = gap.index
    if i >= len(result.tricks) or result.tricks[i].number != gap.trick or not result.tricks[i].hands_before:
        return None
    if any(v.code in SHOWN_BY for v in result.violations):
        return None
    before = result.tricks[i].hands_before
    placed = [0] * NUM_KINDS
    for t in hand.tricks[:i]:
        for p in t.plays:
            for k in p.cards:
                placed[k] += 1
    for s in range(4):
        if s in gap.missing:
            continue
        played = [0] * NUM_KINDS
        for p in hand.tricks[i].plays:
            if p.seat == s:
                for k in p.cards:
                    played[k] += 1
        for k in range(NUM_KINDS):      # a card it played that the replay did not find in its hand is placed too
            placed[k] += max(before[s][k], played[k])
    if any(n > result.rules.decks for n in placed):
        return None
    return [result.rules.decks - n for n in placed]


def _proven_points(hand: Hand, result: HandResult, gap: Gap) -> int | None:
    """The points of ``gap``'s trick when the plays left out cannot carry any — no card the missing
    seats could have held then is a 5, a 10 or a K (:func:`_cards_could_hold`): the recorded cards'
    points are then the trick's, proven; else ``None`` (a play left out may hold points: never the
    recorded cards' points)."""
    could = _cards_could_hold(hand, result, gap)
    if could is None or any(n and POINTS[k] for k, n in enumerate(could)):
        return None
    return sum(POINTS[k] for p in hand.tricks[gap.index].plays for k in p.cards)


KEPT_AFTER_GAP = frozenset({"not_in_hand", "wrong_count", "mixed_lead", "out_of_turn", *REVOKE_CODES})
"""The verdicts of a trick after a gap not filled in (:func:`not_judged`) that still stand — on a seat
the record leaves out of no trick before, in a trick that leaves out none: each rests on the seat's own
cards (its deal line, or its plays, less its own recorded plays: :func:`.tricks.judge_trick` takes no
other seat's card out of its hand) and on the trick's lead as recorded (its first play), never on a card
the record leaves out — a card played and not held, a play of another number of cards than the lead, a
wrong follow (docs/rules.md §5), a lead mixing suit groups, the turn order (who was to lead a trick
right after a gap rests on that gap's winner: only the rest of the turn order is kept there).  In the
gap's own trick, when the record gives its lead, the same but the turn order (a seat left out there
would read as not playing).  Not a throw's verdict (``throw_failed``, ``wrong_forced_play``): it rests on
what the three other seats held, one of them possibly a seat the record leaves out — judged again on
what that seat surely held (:func:`_judged_after`); nor the record's own referee (it compares winners,
points, outcome)."""

HAND_FINDINGS_KEPT = frozenset({"bad_bury", "deal_mismatch", "dealer_mismatch", "level_mismatch", "bad_declaration"})
"""The hand's own findings (no trick) that stand after a gap not filled in: the setting, the deal and the
bury rest on no play — but cards left after the last trick (``deal_mismatch`` naming them) by a seat the
record leaves out of a trick: they may be the play left out.  The claim (the total) and the record's
referee are not kept."""


def _turn_order_only(number: int, plays: Sequence[Play]) -> frozenset[tuple]:
    """The ``out_of_turn`` verdicts of a trick that do not rest on who was to lead it (a seat twice, out
    of rotation, or not playing: :func:`.tricks.turn_order` without the seat due to lead), as keys."""
    found: list[Violation] = []
    turn_order(number, plays, None, found)
    return frozenset((v.code, v.seat, v.played, v.message_en) for v in found)


@dataclass(frozen=True, slots=True)
class _Unfilled:
    """Gaps not filled in, as the tricks from the first on see them (:func:`not_judged`)."""

    first: int
    """The first gap's trick number."""
    gap_at: dict[int, Gap]
    """The gaps, by trick number."""
    missing_by: dict[int, frozenset[int]]
    """Per trick from the first gap's on, the seats left out of a trick before it."""
    after_gap: dict[int, frozenset[tuple]]
    """Per trick right after a gap, its ``out_of_turn`` verdicts that rest on no leader (:func:`_turn_order_only`)."""
    left_out: frozenset[int]
    """Every seat left out of a gap's trick."""
    led: frozenset[int] = frozenset()
    """The gaps' tricks whose lead the record gives (:func:`_lead_recorded`): the other seats' follows
    there rest on their own cards and that lead, never on the play left out."""

    def stands(self, v: Violation, judged: bool) -> bool:
        """Whether ``v``, found in the hand judged as recorded, stands (``judged``: the tricks were judged
        — else the hand's own findings are ``hand_replay``'s to keep, but the cards left).  A verdict on a
        seat left out of a trick before ``v``'s, or a throw's, may still stand when judged again on what
        that seat surely held (:func:`_judged_after`)."""
        if v.trick is None:
            if v.code == "deal_mismatch" and v.played:         # cards left after the last trick
                return v.seat is not None and v.seat not in self.left_out
            return judged and v.code in HAND_FINDINGS_KEPT
        if v.trick < self.first:
            return True
        if v.code not in KEPT_AFTER_GAP or v.seat in self.missing_by.get(v.trick, ()):
            return False
        gap = self.gap_at.get(v.trick)
        if gap is not None:         # the gap's own trick: the follows recorded, when its lead is
            return v.trick in self.led and v.code != "out_of_turn" and v.seat not in gap.missing
        keys = self.after_gap.get(v.trick)
        return v.code != "out_of_turn" or keys is None or (v.code, v.seat, v.played, v.message_en) in keys


def _unfilled(gaps: Sequence[Gap], tricks: Sequence[TrickResult], led: frozenset[int] = frozenset()) -> _Unfilled:
    """:class:`_Unfilled` of ``gaps``, over ``tricks`` (the hand judged as recorded); ``led``: the gaps'
    tricks whose lead the record gives."""
    first = gaps[0].trick
    gap_at = {g.trick: g for g in gaps}
    missing_by: dict[int, frozenset[int]] = {}
    after_gap: dict[int, frozenset[tuple]] = {}
    seen: frozenset[int] = frozenset()
    for before, t in zip((None, *tricks), tricks):
        if t.number < first:
            continue
        missing_by[t.number] = seen
        if t.number in gap_at:
            seen |= frozenset(gap_at[t.number].missing)
            continue
        if before is not None and before.number in gap_at and t.plays:
            after_gap[t.number] = _turn_order_only(t.number, t.plays)
    return _Unfilled(first, gap_at, missing_by, after_gap, frozenset(s for g in gaps for s in g.missing), led)


def _lead_recorded(hand: Hand, gaps: Sequence[Gap], result: HandResult) -> frozenset[int]:
    """The gaps' tricks whose lead the record gives (``result``: the hand judged as recorded): the seat
    due to lead is known and not one the gap leaves out — the trick before's winner, when that trick is
    not a gap's (its winner stands: read from its plays), the first trick's the dealer, a position's its
    first play as written (docs/rules.md §4.1) —, or, that seat not known, every seat left out plays
    between two recorded plays (the record's order says the first recorded play came before it)."""
    at = {g.trick for g in gaps}
    out = []
    for g in gaps:
        plays = hand.tricks[g.index].plays
        first = plays[0].seat
        if g.index == 0:
            due = first if hand.setup else result.dealer
        else:
            before = result.tricks[g.index - 1]
            due = None if before.number in at else before.winner
        if due is not None:
            if due not in g.missing:
                out.append(g.trick)
        elif all((s - first) & 3 < (plays[-1].seat - first) & 3 for s in g.missing):
            out.append(g.trick)
    return frozenset(out)


THROW_CODES = frozenset({"throw_failed", "wrong_forced_play"})
"""A throw's verdicts: on its leader, resting on what the three other seats held."""


@dataclass(frozen=True, slots=True)
class _After:
    """What is judged again after gaps not filled in, on the cards each seat left out surely held then
    (:func:`_judged_after`)."""

    violations: tuple[Violation, ...]
    """The wrong follows of seats left out of a trick before that their own plays prove, and the throws'
    verdicts that rest on no card a seat left out may or may not have held."""
    counts: dict[int, int | None]
    """Per trick whose throw was so judged, its ``cards_not_thrown`` (``None``: not known)."""
    settled: frozenset[tuple[int, int]]
    """``(trick, seat)``: the follows of seats left out of a trick before that were judged — proven wrong,
    legal even with the seat's cards at most, or a seat read from its plays judged on them as ever; the
    others' legality is not known."""


def _free(rules: RuleSet, start) -> list[int]:
    """Per kind, the copies the record places nowhere: the decks' copies less the starting hands (a seat
    read from its plays: those plays) and the bottom buried (as the replay's throw check counts them)."""
    placed = [sum(col) for col in zip(*start.hands)]
    for k in start.buried or ():
        placed[k] += 1
    return [max(0, rules.decks - n) for n in placed]


def _bounds(rest: Sequence[Trick], before: Sequence[Sequence[int]], out: frozenset[int], read: frozenset[int],
            unsure: frozenset[int], free: Sequence[int]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Each seat's cards when the first trick of ``rest`` began, at least and at most (``before``: as the
    hand judged as recorded holds them).  A seat left out of a trick before (``out``) with a deal line
    holds at most ``before`` (which never took out the cards it played in its gaps) and at least the
    cards it plays from here on; a seat read from its plays (``read``) holds at least those plays and,
    when not known to be all it held (``unsure``, or left out), at most those and every copy the record
    places nowhere (``free``, :mod:`.unsure_throws`).  Any other seat: exactly ``before``."""
    low = [tuple(h) for h in before]
    high = list(low)
    for s in range(4):
        if s in read:
            if s in unsure or s in out:
                high[s] = tuple(a + f for a, f in zip(before[s], free))
        elif s in out:
            low[s] = tuple(min(a, b) for a, b in zip(before[s], _cards_of(rest, s)))
    return low, high


def _judged_after(hand: Hand, gaps: Sequence[Gap], result: HandResult, unfilled: _Unfilled) -> _After | None:
    """The verdicts after gaps not filled in that rest on a seat left out (``result``: the hand judged as
    recorded, which holds that seat's play left out as never made) judged again on what that seat surely
    held (:func:`_bounds`), in each trick whose lead the record gives from the first gap's on (docs/rules.md
    §14.1).  A wrong follow of a seat left out stands where the cards it plays later prove it — a seat read
    from its plays is judged on them as ever —, naming the play owed only where its cards at most owe the
    same; else, when its cards at most make the follow wrong, its legality is not known (counted in the
    most the verdicts withheld can add: :func:`_hidden_follows`).  A throw is judged against the seats'
    cards at least and at most (:func:`.unsure_throws.recheck`): it fails when a seat beats it whatever the
    seat left out held, the play it forced named only where that does not rest on the seat left out.
    ``None``: not judged again (the trick context not known, or the hand judged under several values of a
    tag or with a deal line set aside): what rests on a seat left out stays withheld."""
    if (not result.tricks_judged or result.level is None or not result.trump_known or result.contradicted
            or contradicted(hand, result)):
        return None
    rules = result.rules
    ctx = hand_context(rules, result.level, result.trump)
    start = starting_hands(hand, rules, result.dealer, Played(hand))
    read = start.from_plays
    played = _cards_played(hand)
    unsure = read if hand.setup else frozenset(s for s in read if played[s] < rules.hand_size)
    free = _free(rules, start)
    found: list[Violation] = []
    counts: dict[int, int | None] = {}
    settled: set[tuple[int, int]] = set()
    for i, t in enumerate(result.tricks):
        if t.number < unfilled.first or i >= len(hand.tricks) or t.number != hand.tricks[i].number:
            continue
        trick = hand.tricks[i]
        if not trick.plays or not t.hands_before or (t.number in unfilled.gap_at and t.number not in unfilled.led):
            continue
        out = unfilled.missing_by.get(t.number, frozenset())
        leader = trick.plays[0].seat
        others = frozenset((leader + k) & 3 for k in (1, 2, 3))
        follows = [p.seat for p in trick.plays[1:] if p.seat in out]
        throw = t.lead_kind == "throw" or t.throw_failed or bool(t.cards_not_thrown) or throw_judged(t)
        if not follows and not (throw and out & others):
            if throw:           # the seats it was checked against are known (or the replay's unsure_throws had them)
                found += [v for v in t.violations if v.seat == leader and v.code in THROW_CODES]
                counts[t.number] = t.cards_not_thrown
            continue
        low, high = _bounds(hand.tricks[i:], t.hands_before, out, read, unsure, free)
        lo = judge_trick(ctx, trick, [list(h) for h in low], None)
        if throw:
            got = recheck(ctx, trick, lo, low, high, frozenset(s for s in others if low[s] != high[s]))
            judged = lo if got is None else got[0]
            found += [v for v in judged.violations if v.seat == leader and v.code in THROW_CODES]
            counts[t.number] = judged.cards_not_thrown
        for s in follows:
            mine = [v for v in t.violations if v.seat == s and v.code in REVOKE_CODES]
            if s in read:       # judged on its plays, as a seat read from them always is: nothing rests on the gap
                found += mine
                settled.add((t.number, s))
                continue
            proven = [v for v in lo.violations if v.seat == s and v.code in REVOKE_CODES]
            if not proven:      # legal even with its cards at most; else not known (those it surely held: legal)
                if not mine:
                    settled.add((t.number, s))
                continue
            settled.add((t.number, s))
            v = proven[0]
            same = next((r for r in mine if r.code == v.code and sorted(r.better) == sorted(v.better)), None)
            if same is None:    # certain, but the play owed rests on the card left out: not named
                left = [(g.trick, (s,)) for g in gaps if s in g.missing and g.trick < t.number]
                same = new_violation(v.code, v.trick, s, v.played, (),
                                     *explain_gaps.fault_whatever_gap(s, v.code, left))
            found.append(same)
    return _After(tuple(found), counts, frozenset(settled))


def _cards_played(hand: Hand) -> list[int]:
    """Per seat, how many cards it plays in the record."""
    out = [0, 0, 0, 0]
    for t in hand.tricks:
        for p in t.plays:
            out[p.seat] += len(p.cards)
    return out


def _hidden_follows(rules: RuleSet, tricks: Sequence[TrickResult], gaps: _Unfilled,
                    after: _After | None = None) -> tuple[int, int]:
    """The most wrong follows (docs/rules.md §10.1) the verdicts withheld after gaps not filled in can
    hide, by team (N–S, E–W), each follow at most one: in a gap's trick whose lead the record does not
    give (a seat left out may have led it), every follow — one for the team that led and two for the
    other, or two each when the seat that led is not known —; in one whose lead it gives, the follows of
    the seats left out there (the others' rest on their own cards and that lead: judged); and in a later
    trick, each follow of a seat left out of a trick before that ``after`` (:func:`_judged_after`) did not
    settle (without it, each such follow).  ``(0, 0)`` where wrong follows cost nothing (not under
    ``revoke_penalty = level``).  In friend mode, which keeps no count by team, by the team of each seat
    all the same: the match's one count (:mod:`.replay`) adds both."""
    if rules.revoke_penalty is not RevokePenalty.LEVEL:
        return 0, 0
    by_team = [0, 0]
    settled = after.settled if after is not None else frozenset()
    for t in tricks:
        g = gaps.gap_at.get(t.number)
        if g is not None and t.plays and t.number not in gaps.led:
            leaders = {team_of(t.plays[0].seat), *(team_of(s) for s in g.missing)}
            for team in (0, 1):
                by_team[team] += 1 if leaders == {team} else 2
            continue
        if g is not None:
            for s in g.missing:
                by_team[team_of(s)] += 1
        for p in t.plays[1:]:
            if p.seat in gaps.missing_by.get(t.number, ()) and (t.number, p.seat) not in settled:
                by_team[team_of(p.seat)] += 1
    return by_team[0], by_team[1]


def _cards_of(tricks: Sequence[Trick], seat: int) -> list[int]:
    """Per kind, the cards ``seat`` plays in ``tricks``."""
    out = [0] * NUM_KINDS
    for t in tricks:
        for p in t.plays:
            if p.seat == seat:
                for k in p.cards:
                    out[k] += 1
    return out


def _surely_held(hand: Hand, gaps: Sequence[Gap], seat: int,
                 tricks: Sequence[TrickResult]) -> dict[int, tuple[tuple[int, ...], int]]:
    """Per trick index after ``seat``'s first gap not filled in, the cards it surely holds before the trick
    and how many more it holds, not known which.  ``tricks``' ``hands_before`` (the hand judged as
    recorded) never took the cards it played in its gaps out; those are as many as each gap's lead, and
    any of the cards it held then but for those it plays later in the record (a way that plays one of
    them is ruled out by the record itself, as when the gap is filled in: :func:`_contradicted`), or any
    it held at all if the record leaves it too few such cards.  So it surely holds the cards it plays
    later, and of each other kind the copies beyond what its gaps so far could have taken."""
    mine = [g for g in gaps if seat in g.missing]
    i0 = mine[0].index
    if i0 >= len(tricks) or not tricks[i0].hands_before:
        return {}
    size = {g.index: len(hand.tricks[g.index].plays[0].cards) for g in mine}
    later = _cards_of(hand.tricks[i0:], seat)
    free = [max(0, a - b) for a, b in zip(tricks[i0].hands_before[seat], later)]
    trusted = sum(free) >= sum(size.values())   # else the record's later plays leave too few: not used
    out: dict[int, tuple[tuple[int, ...], int]] = {}
    for j in range(i0 + 1, len(tricks)):
        before = tricks[j].hands_before
        if not before:
            continue
        gone = sum(n for i, n in size.items() if i < j)
        held = before[seat]
        if trusted:
            still = _cards_of(hand.tricks[j:], seat)
            sure = tuple(min(h, p + max(0, f - gone)) for h, p, f in zip(held, still, free))
        else:
            sure = tuple(max(0, h - gone) for h in held)
        out[j] = sure, max(0, sum(held) - gone - sum(sure))
    return out


def _held_after_gaps(hand: Hand, gaps: Sequence[Gap], result: HandResult,
                     tricks: tuple[TrickResult, ...]) -> tuple[tuple[TrickResult, ...], tuple]:
    """``tricks`` (of ``result``, the hand judged as recorded) with the cards of each seat left out of a
    gap not filled in, from the trick after the gap on, as :func:`_surely_held` gives them — never the
    card it played there still shown in its hand — and ``result.held_open`` with how many more it holds,
    not known which (shown ``+1 ?``).  A seat whose cards are read from its plays (no deal line of its
    own: :func:`.starting_hands.starting_hands`) is left as it is: its hand is not known (only the cards
    it plays are), and the pages say so."""
    read = starting_hands(hand, result.rules, result.dealer, Played(hand)).from_plays
    seats = sorted({s for g in gaps for s in g.missing} - read)
    per_seat = {s: _surely_held(hand, gaps, s, tricks) for s in seats}
    if not any(per_seat.values()):
        return tricks, result.held_open
    out = list(tricks)
    opened = {n: list(c) for n, c in result.held_open}
    for s, by_index in per_seat.items():
        for j, (sure, more) in by_index.items():
            t = out[j]
            out[j] = dataclasses.replace(t, hands_before=tuple(sure if x == s else h
                                                               for x, h in enumerate(t.hands_before)))
            if more:
                opened.setdefault(t.number, [0, 0, 0, 0])[s] += more
    held_open = tuple((n, tuple(c)) for n, c in sorted(opened.items()) if any(c))
    return tuple(out), held_open


def not_judged(hand: Hand, gaps: Sequence[Gap], result: HandResult, why: str) -> HandResult:
    """``result`` (the hand judged as recorded) with what rests on the plays left out withheld: the gaps
    could not be filled in (``why``: ``cards`` not known, ``lead`` — the seat due to lead is missing —,
    ``bad_lead`` — the trick's lead is not one the rules define — or ``ways``, too many).  Withheld: each
    gap's trick (its winner, its verdicts — but, when the record gives its lead, the other seats'
    follows: :func:`_lead_recorded` —, and its points — ``None``: never the recorded cards',
    docs/format.md — unless the plays left out cannot carry any: :func:`_proven_points`, derived and said
    from what), from it on every verdict that rests on the cards of the seats left out (a wrong follow
    of theirs stands where the cards they play later prove it, a throw's verdict where it rests on no
    card they may or may not have held: :func:`_judged_after`), who was to lead the trick after a gap,
    the attackers' points, the outcome and the levels.  What rests on none of that stands (docs/rules.md
    §14, §14.1): the verdicts before the first gap, the hand's own findings (:data:`HAND_FINDINGS_KEPT`),
    every other seat's verdicts of :data:`KEPT_AFTER_GAP` in the later tricks, the winners and points of
    the later tricks the record gives whole (a winner is read from the trick's plays alone:
    :func:`.tricks.trick_winner`), the wrong follows found and the take-backs (their level penalties; the
    most the verdicts withheld can add is ``penalties_open``: :func:`_hidden_follows`).  The seats left
    out hold, from the trick after a gap on, the cards they surely hold, the others counted as held, not
    known which (``held_open``: :func:`_held_after_gaps`), never the card played there as if still held."""
    first = gaps[0].trick
    unfilled = _unfilled(gaps, result.tricks, _lead_recorded(hand, gaps, result))
    kept = tuple(v for v in result.violations if unfilled.stands(v, result.tricks_judged))
    after = _judged_after(hand, gaps, result, unfilled)
    if after is not None and after.violations:
        kept = tuple(sorted((*kept, *after.violations), key=_in_play_order(hand)))
    points = {g.trick: _proven_points(hand, result, g) for g in gaps}
    derived = [Derived("trick_points", str(points[g.trick]), "the cards of the seats the record leaves out",
                       *explain_gaps.gap_points_no_point_cards(g.trick, points[g.trick], g.missing))
               for g in gaps if points[g.trick] is not None]
    fixed = _plays_fixed(hand, gaps, result) if why == "lead" else ()
    if fixed:       # the deal fixes the play left out, though not who led its trick: the play itself is derived
        derived.append(Derived("play", "; ".join(f"{t}: {SEAT_TOKENS[s]} {' '.join(TOKEN[k] for k in c)}"
                                                 for t, s, c in fixed),
                               "the cards the seat plays later and its deal line", *explain_gaps.gap_play_fixed(fixed)))
    unknowns = list(result.unknowns)
    u = result.unfinished
    if u is not None and u.trick >= first and result.tricks and result.tricks[-1].number == u.trick:
        # the record then ends in a trick after the gap: its winner and points are not judged either (what
        # the replay derived of them rests on the judgement of the plays), but for points no card of the
        # seats it ends before could carry
        end = Gap(len(result.tricks) - 1, u.trick, u.missing)
        proven = _proven_points(hand, result, end) if len(hand.tricks) == len(result.tricks) else None
        points[u.trick] = proven
        u = dataclasses.replace(u, winner=None, points=proven, possible=None)
        derived = [d for d in result.derived if d.source != ENDS_BEFORE] + derived
        unknowns = [x for x in unknowns if x.tag != "play"]      # (the replay's words for that trick: replaced)
        open_ = ["trick_winner"] + (["trick_points"] if proven is None else [])
        unknowns.append(Unknown("play", tuple(open_), *explain_gaps.record_ends_in_trick(u.trick, u.missing, open_)))
        if proven is not None:
            derived.append(Derived("trick_points", str(proven), ENDS_BEFORE, *explain_gaps.gap_points_no_point_cards(
                u.trick, proven, u.missing, ends=True)))
    else:
        derived = list(result.derived) + derived
    by_trick: dict[int, list[Violation]] = {}
    for v in kept:
        if v.trick is not None:
            by_trick.setdefault(v.trick, []).append(v)
    counted = result.rules.throw_penalty_cards is ThrowPenaltyCards.FAILING_UNITS
    tricks = tuple(t if t.number < first else dataclasses.replace(
        t, violations=tuple(by_trick.get(t.number, ())),
        # a later trick the record gives whole: its winner rests on its plays alone (trick_winner reads the
        # cards played and the trump, no seat's hand; a failed throw is judged with the cards as played);
        # the trick the record ends in was withheld above
        winner=None if t.number in unfilled.gap_at or (u is not None and t.number == u.trick) else t.winner,
        plays=hand.tricks[i].plays, points=points.get(t.number, t.points),
        # the cards a throw's check beat (failing_units) rest on the three other seats' hands: kept where
        # judged again on what the seats left out surely held (_judged_after)
        cards_not_thrown=after.counts[t.number] if after is not None and t.number in after.counts
        else None if counted and (t.lead_kind == "throw" or t.throw_failed or t.cards_not_thrown)
        else t.cards_not_thrown)
        for i, t in enumerate(result.tricks))
    what = ["trick_winner"]
    if any(points[g.trick] is None for g in gaps):
        what.append("trick_points")
    what += ["legality", "points", "outcome", "levels"]
    unknowns.append(Unknown("play", tuple(what), *explain_gaps.gaps_not_judged(
        [(g.trick, g.missing) for g in gaps], what, why, result.tricks_judged,
        sorted(unfilled.led) if result.tricks_judged else (), after is not None)))
    revokers, takers = offenders(hand, result.rules, kept)
    revokes, takebacks = team_counts(result.rules, revokers), team_counts(result.rules, takers)
    hidden = _hidden_follows(result.rules, result.tricks, unfilled, after) if result.tricks_judged else (0, 0)
    most = (revokes[0] + hidden[0], revokes[1] + hidden[1])
    tricks, held_open = _held_after_gaps(hand, gaps, result, tricks)
    return dataclasses.replace(
        result, tricks=tricks, held_open=held_open, violations=kept, attackers_points=None, attackers_total=None,
        bottom_multiplier=None,
        bottom_bonus=None, penalties=None, items=(), outcome=None, levels_after=(None, None),
        player_levels_after=(None,) * 4, revoke_levels=revokes, takeback_levels=takebacks, legality_known=False,
        penalties_open=(most, takebacks) if most != revokes else None,
        unfinished=u, derived=tuple(derived), unknowns=tuple(unknowns))


def _plays_fixed(hand: Hand, gaps: Sequence[Gap], result: HandResult) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """``(trick, seat, cards)`` of each play left out that the deal fixes (``result``: the hand judged as
    recorded, the seats' cards known card for card): the seat is left out of that gap only, and of the
    cards it held when the trick began, those it does not play later are just as many as each recorded
    play of the trick — they are its play there, whoever led the trick (the record's later plays all
    held then)."""
    once = [s for g in gaps for s in g.missing]
    out = []
    for g in gaps:
        if g.index >= len(result.tricks) or not result.tricks[g.index].hands_before:
            continue
        size = len(hand.tricks[g.index].plays[0].cards)
        if any(len(p.cards) != size for p in hand.tricks[g.index].plays):
            continue
        for s in g.missing:
            if once.count(s) != 1:
                continue
            held = result.tricks[g.index].hands_before[s]
            later = _cards_of(hand.tricks[g.index:], s)
            if any(b > a for a, b in zip(held, later)):
                continue                # a card played later and not held then: the record contradicts itself
            left = [a - b for a, b in zip(held, later)]
            if sum(left) == size:
                out.append((g.trick, s, tuple(k for k, n in enumerate(left) for _ in range(n))))
    return tuple(out)


def _in_play_order(hand: Hand) -> Callable[[Violation], tuple[bool, int, int]]:
    """The order of a hand's violations: the hand's own first, then by trick and, in a trick, by the
    place of the seat's play in it (a stable sort: a seat's verdicts keep their order)."""
    place = {t.number: {p.seat: i for i, p in enumerate(t.plays)} for t in hand.tricks}

    def key(v: Violation) -> tuple[bool, int, int]:
        return v.trick is not None, v.trick or 0, place.get(v.trick, {}).get(v.seat, 4)
    return key


def _left(hand: Hand, gaps: Sequence[Gap], recorded: HandResult) -> dict[int, tuple[int, ...]]:
    """The cards each seat missing from one gap only holds after the hand's last recorded trick."""
    once = [s for g in gaps for s in g.missing]
    last = recorded.tricks[-1]
    if not last.hands_before:
        return {}
    now = _hands_at(last.hands_before, hand.tricks[-1:])
    return {s: tuple(k for k, m in enumerate(now[s]) for _ in range(m)) for s in set(once) if once.count(s) == 1}


def _due_to_lead(hand: Hand, result: HandResult, gap: Gap) -> int | None:
    """The seat due to lead the gap's trick in ``result``: the trick before's winner, the first
    trick's the dealer (a position's: its first play as written)."""
    if gap.index:
        return result.tricks[gap.index - 1].winner
    return None if hand.setup else result.dealer


def _cards_known(hand: Hand, gaps: Sequence[Gap], result: HandResult) -> bool:
    """Whether the cards of every seat ``gaps`` leave out are known, card for card, in a hand whose
    legality is not (``result``: the hand judged as recorded) — another seat's read from its plays (no
    deal line, or the dealer's with the bury not known): the ways to fill a gap in come from the missing
    seat's cards alone, so they are judged (what rests on the other seat stays withheld in each way, as
    in the hand as recorded).  Not known: no deal, the seat's own line missing or its cards read from its
    plays (:func:`.starting_hands.starting_hands`: the dealer with the bury not known, a taker of the
    bottom after 炒地皮, a full hand whose dealer is not known — nobody known to have taken the bottom),
    its line contradicted by its plays (:mod:`.deal_lines`), a position's uneven lines, or a tag the rest
    of the record contradicts (:mod:`.contradictions`: the hand judged under several values)."""
    if hand.deal is None or result.contradicted or uneven_position(hand) is not None:
        return False
    if not hand.setup and result.dealer is None:
        return False
    seats = {s for g in gaps for s in g.missing}
    start = starting_hands(hand, result.rules, result.dealer, Played(hand))
    return not (seats & start.from_plays or seats & contradicted(hand, result))


def judge(hand: Hand, gaps: Sequence[Gap], replay: Callable[[Hand, bool], HandResult],
          context: Callable[[HandResult], HandContext | None]) -> HandResult:
    """``hand`` judged over every way to fill in its ``gaps``: ``replay(h, hands_before)`` judges
    one hand; ``context(result)`` the trick context of the hand as recorded (``None``: not judged)."""
    recorded = replay(hand, True)
    ctx = context(recorded)
    first = gaps[0]
    if (ctx is None or len(recorded.tricks) <= first.index or not recorded.tricks[first.index].hands_before
            or not (recorded.legality_known or _cards_known(hand, gaps, recorded))):
        return not_judged(hand, gaps, recorded, "cards")
    for g in gaps:
        before = recorded.tricks[g.index].hands_before if g.index < len(recorded.tricks) else ()
        size = len(hand.tricks[g.index].plays[0].cards)
        if before and any(sum(before[s]) < size for s in g.missing):
            return recorded     # a seat out of cards (多少牌): the record shows why it did not play
    for g in gaps:
        lead = analyse_lead(ctx, tuple(hand.tricks[g.index].plays[0].cards))
        if lead.mixed or not lead.units:
            return not_judged(hand, gaps, recorded, "bad_lead")
    found = _ways_judged(hand, ctx, recorded.tricks[first.index].hands_before, gaps, _left(hand, gaps, recorded),
                         recorded, replay)
    if isinstance(found, str):
        return not_judged(hand, gaps, recorded, found)
    ways, results, tried = found
    fit = [i for i, r in enumerate(results) if not _contradicted(r, gaps)]
    if fit and len(fit) < len(results):         # the ways the record's later plays rule out are dropped
        return merge(hand, gaps, [results[i] for i in fit], [ways[i] for i in fit], tried)
    return merge(hand, gaps, results, ways, tried)


def _ways_judged(hand: Hand, ctx: HandContext, start: Sequence[Sequence[int]], gaps: Sequence[Gap],
                 left: dict[int, tuple[int, ...]], recorded: HandResult,
                 replay: Callable[[Hand, bool], HandResult]) -> tuple[list[Hand], list[HandResult], Tried] | str:
    """The ways to fill in ``gaps`` judged (gap by gap, :func:`_gap_by_gap`; else every way at once,
    :func:`variants`), and what was tried (:class:`Tried`: every way there is, also those dropped gap by
    gap, :func:`_count_ways`); or why they are not judged (:func:`not_judged`: ``ways``, ``lead``)."""
    extra: set = set()
    found = None if recorded.contradicted else _gap_by_gap(hand, ctx, start, gaps, left, extra, recorded, replay)
    if isinstance(found, str):
        return found
    counted = None
    if found is not None and found[2]:          # ways dropped gap by gap: the rest must fit, and be counted
        counted = _count_ways(hand, ctx, start, gaps, left)
        if counted is None or all(_contradicted(r, gaps) for r in found[1]):
            found = None
    if found is None:                           # every way at once (the record contradicts itself whatever)
        extra, counted = set(), None
        ways = variants(hand, ctx, start, gaps, left, extra)
        if ways is None:
            return "ways"
        results = [replay(h, True) for h in ways]
    else:
        ways, results, _ = found
    for g in gaps:                              # the seat due to lead is missing: its play may be the lead
        if any(_due_to_lead(hand, r, g) in g.missing for r in results):
            return "lead"
    extra = frozenset(extra)
    tried = Tried(len(results), 0, tuple(sorted({s for _, s, _ in extra})), extra)
    if counted is not None:
        return ways, results, dataclasses.replace(tried, ways=counted[0], legal=counted[1])
    return ways, results, dataclasses.replace(tried, legal=sum(not tried.illegal(w, gaps) for w in ways))


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
    recorded): the play ``v`` names was filled in (:func:`judge`), derived — never "played"."""
    if v.trick is None or v.seat is None or not v.played:
        return False
    trick = next((t for t in result.tricks if t.number == v.trick), None)
    return trick is not None and bool(trick.plays) and all(p.seat != v.seat for p in trick.plays)


__all__ = ["Gap", "MAX_VARIANTS", "Tried", "find_gaps", "judge", "merge", "not_judged", "play_left_out", "variants"]

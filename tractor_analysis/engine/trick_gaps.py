"""A trick the record gives no readable play of, in the middle of a hand — or its last trick line, where the seats'
cards fix it (:func:`last_fixed`) —: a gap of all four seats, filled in from the deal and the record's other plays —
every way judged, what holds in all kept (docs/rules.md §14.1, §8.5).

Every seat plays in every trick (§5.4), so when the record gives the deal lines and the tricks around it, each
seat's cards in the trick left out are among those it held then and does not play later (§1.6, §4.1):

- its leader is the trick before's winner (the first trick's: the dealer), as the replay of the tricks before
  finds it; every seat plays as many cards as the lead;
- when every seat holds just as many cards it does not play later (``m``, the same for all), those are its play
  there, legal or not — the one way, the plays derived (a trick of fewer cards would leave every seat holding
  cards after the record's last trick: the hand played out is the reading that fits the record as it stands);
  else the lead's size is open, from 1 to the fewest such cards a seat holds, and each way is a lead of that
  many cards the leader could have made and a follow of as many from what each follower held and does not play
  later, legal or not (:func:`_ways`);
- each way is the whole hand judged (``replay``); the ways the record's later plays and deal rule out (a seat
  plays a card it no longer holds, or ends with cards left) are dropped, and so are those whose winner is not
  the next trick's recorded leader — the winner leads the next trick, and the record says who did — unless
  none fits (the recorded lead is then judged in each way as it stands: out of turn where it is);
- a failed throw (甩牌失败) the record cannot show: where the rules charge one in points (``throw_penalty =
  per_card``) and some way's lead could have been the forced play of a throw that failed (:func:`_may_have_failed`),
  the points, the outcome and the levels are withheld and the words say why;
- past :data:`~.record_gaps.MAX_VARIANTS` ways, or where the seats' cards are not known card for card (no deal
  lines, a line the plays contradict, a seat read from its plays, the bury in doubt) or the trick is not the one
  such trick of a hand whose other tricks are whole, nothing is filled in: :func:`.unread_tricks.unread_from`
  withholds everything from the trick on, as before.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Callable, Sequence

from ..records.cards import NUM_KINDS, SEAT_TOKENS, TOKEN
from ..records.deal_checks import uneven_position
from ..records.model import Hand, Play, Trick
from ..records.rulesets import MixedThrow, ThrowPenalty
from . import explain_held, explain_unread
from .agreement import agree, shared_facts
from .kept_result import RESULT_SOURCES, TRICK_WAYS
from .deal_lines import SHOWN_BY, contradicted
from .explain_gaps import fault_whatever_gap
from .legal import analyse_lead
from .record_gaps import MAX_VARIANTS, _each_play, _hands_at, _plays_from, find_gaps
from .played_cards import Played
from .starting_hands import starting_hands
from .tricks import HandContext, hand_context, throw_as_seen
from .verdicts import Derived, HandResult, Unknown

THROW_TRIES = 512
"""Throws tried for a lead that may be a failed throw's forced play (:func:`_may_have_failed`); past it the lead
is taken as one that may be (the points withheld): never read as no failed throw for want of trying."""

FAILED_WITHHELD = ("points", "outcome", "levels")
"""What a failed throw the record cannot show withholds where the rules charge it in points."""


def unread_index(hand: Hand) -> int | None:
    """The place of ``hand``'s one trick line without a play, when the tricks around it are whole (four plays
    each; the last may be one the record ends in) — it may be the hand's last trick line (:func:`fill_unread`
    says when that one is filled in); else ``None``."""
    empty = [i for i, t in enumerate(hand.tricks) if not t.plays]
    if len(empty) != 1 or find_gaps(hand):
        return None
    return empty[0]


def _later(hand: Hand, k: int, seat: int) -> list[int]:
    out = [0] * NUM_KINDS
    for t in hand.tricks[k + 1:]:
        for p in t.plays:
            if p.seat == seat:
                for c in p.cards:
                    out[c] += 1
    return out


def _held(hand: Hand, result: HandResult, k: int) -> list[list[int]] | None:
    """Each seat's cards when trick ``k`` began (``result``: the tricks before it judged), when known card for
    card and the record's later plays all among them; else ``None``."""
    if (not result.tricks_judged or result.level is None or not result.trump_known or result.contradicted
            or hand.deal is None or not all(hand.deal) or uneven_position(hand) is not None
            or (not hand.setup and result.dealer is None) or len(result.tricks) != k or result.unfinished is not None
            or any(v.code in SHOWN_BY for v in result.violations) or contradicted(hand, result)):
        return None
    start = starting_hands(hand, result.rules, result.dealer, Played(hand))
    if start.from_plays or start.disputed or start.legality_withheld:
        return None
    held = _hands_at(start.hands, hand.tricks[:k])
    for s in range(4):
        if any(b > a for a, b in zip(held[s], _later(hand, k, s))):
            return None             # a later play not held: a line or a play is miscopied
    return held


def _leader(hand: Hand, result: HandResult, k: int) -> int | None:
    if k:
        return result.tricks[k - 1].winner
    return None if hand.setup else result.dealer


def _ways(hand: Hand, k: int, leader: int, left: Sequence[Sequence[int]]) -> tuple[list[Hand], bool] | None:
    """Every way to fill trick ``k`` in (``left``: per seat, the cards it held then and does not play later), and
    whether its size is fixed (every seat holds just as many such cards); ``None`` past :data:`MAX_VARIANTS`."""
    sizes = [sum(c) for c in left]
    fixed = len(set(sizes)) == 1
    counts = [sizes[0]] if fixed else range(1, min(sizes) + 1)
    total = 0
    for n in counts:
        ways = 1
        for s in range(4):
            ways *= _plays_from(left[s], n)
            if ways > MAX_VARIANTS:
                return None
        total += ways
        if total > MAX_VARIANTS:
            return None
    order = [(leader + i) & 3 for i in range(4)]
    trick = hand.tricks[k]
    out = []
    for n in counts:
        for combo in itertools.product(*(list(_each_play(left[s], n)) for s in order)):
            plays = tuple(Play(s, c) for s, c in zip(order, combo))
            tricks = list(hand.tricks)
            tricks[k] = dataclasses.replace(trick, plays=plays)
            out.append(dataclasses.replace(hand, tricks=tuple(tricks)))
    return out, fixed


def _may_have_failed(ctx: HandContext, lead: Sequence[int], leader: int, held: Sequence[Sequence[int]]) -> bool:
    """Whether ``leader``'s ``lead`` could have been the forced play of a throw that failed (§4.4, §4.5): a throw
    of more cards it held (``held``: the seats' cards when the trick began), the lead among them, that another
    seat beats and whose forced play the rules make the lead (:func:`.tricks.throw_as_seen`).  Past
    :data:`THROW_TRIES` throws, or where the rules let a throw mix suit groups, ``True``: not ruled out."""
    mine = list(held[leader])
    for c in lead:
        mine[c] -= 1
    if any(n < 0 for n in mine):
        return False
    if getattr(ctx.rules, "mixed_throw", None) is MixedThrow.SAME_LETTER:
        return any(mine)
    group = ctx.order.group
    g = group[lead[0]]
    extra = [n if group[c] == g else 0 for c, n in enumerate(mine)]
    most = sum(extra)
    if not most:
        return False
    if sum(_plays_from(extra, n) for n in range(1, most + 1)) > THROW_TRIES:
        return True
    others = [((leader + i) & 3, held[(leader + i) & 3]) for i in (1, 2, 3)]
    return any(throw_as_seen(ctx, (*lead, *more), lead, True, others)
               for n in range(1, most + 1) for more in _each_play(extra, n))


def _ruled_out(results: Sequence[HandResult], number: int) -> list[int]:
    """The ways the record's later plays and deal rule out: a seat plays a card it no longer holds after the trick,
    or ends the hand with cards left."""
    return [i for i, r in enumerate(results)
            if any(v.code in SHOWN_BY and (v.trick is None or v.trick > number) for v in r.violations)]


def fill_unread(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult]) -> HandResult | int | None:
    """``hand`` (its tricks as the record numbers them, one line giving no play: :func:`unread_index`) judged over
    every way to fill that trick in (``result``: the hand judged on the tricks before it; ``replay``: one whole
    hand judged).  ``None``: not filled in (the seats' cards not known card for card, the leader not known, the
    trick not such a one); an ``int``: the ways are more than :data:`MAX_VARIANTS` (that many at least).

    The hand's last trick line (no trick line follows it) is filled in only where its plays are fixed
    (:func:`last_fixed`): nothing after it says how many cards its lead was, nor that the hand ended with it."""
    k = unread_index(hand)
    if k is None:
        return None
    last = k == len(hand.tricks) - 1
    held = _held(hand, result, k)
    leader = _leader(hand, result, k) if held is not None else None
    if held is None or leader is None:
        return None
    left = [[a - b for a, b in zip(held[s], _later(hand, k, s))] for s in range(4)]
    if min(sum(c) for c in left) < 1:
        return None                 # a seat the record leaves no card for this trick: it contradicts itself
    if last and not last_fixed(hand, left):
        return None
    found = _ways(hand, k, leader, left)
    if found is None:
        return MAX_VARIANTS + 1
    ways, fixed = found
    results = [replay(h) for h in ways]
    number = hand.tricks[k].number
    tried = len(results)
    keep = list(range(tried))
    bad = set(_ruled_out(results, number))
    if bad and len(bad) < tried:
        keep = [i for i in keep if i not in bad]
    by_deal = tried - len(keep)
    nxt = None if last else hand.tricks[k + 1].plays[0].seat     # (the last trick leads to no trick)
    fit = keep if last else [i for i in keep if results[i].tricks[k].winner == nxt]
    by_lead = len(keep) - len(fit) if fit else 0
    if fit:
        keep = fit
    merged = _merge(hand, k, leader, [ways[i] for i in keep], [results[i] for i in keep], fixed,
                    (tried, by_deal, by_lead, None if fit else nxt), held)
    if last and sum(left[0]) > 1 and (merged.attackers_total is None or merged.attackers_total != hand.claim
                                      or any(v.trick == number for v in merged.violations)):
        return None                 # not the reading the [Claim] bears out, or one that faults a seat there
    return merged


def last_fixed(hand: Hand, left: Sequence[Sequence[int]]) -> bool:
    """Whether the plays of ``hand``'s last trick line, which gives no play, may be fixed (``left``: per seat, the
    cards it held then — none is played later): every seat holds just as many (``m``), and either ``m`` is 1 —
    each seat's one card is its play, however the hand went — or the record gives the hand's ``[Claim]``: the
    hand went on to its end, and its trick lines end with this one, so each seat played those ``m`` cards there
    (the reading the record as it stands gives, as for a line inside the hand) — taken only where that reading
    gives the attackers the very total the claim states and faults no seat in the trick (:func:`fill_unread`:
    nothing numbers the tricks after it, so a record that leaves out the hand's last trick lines, or is written
    up to a trick that is not the hand's last, is not read as one trick of ``m`` cards a seat against the claim,
    nor a fault found on that reading alone).
    Else the line is where the record stops, damaged (:func:`.unread_tricks.unread_from`)."""
    sizes = {sum(c) for c in left}
    return len(sizes) == 1 and (sizes == {1} or hand.claim is not None)


def _merge(hand: Hand, k: int, leader: int, ways: Sequence[Hand], results: Sequence[HandResult], fixed: bool,
           counts: tuple[int, int, int, int | None], held: Sequence[Sequence[int]]) -> HandResult:
    """One result from the ways kept: what they all give (:func:`.agreement.agree`), with the words."""
    number = hand.tricks[k].number
    r0 = results[0]
    plays: list = [None] * len(r0.tricks)
    plays[k] = ()                   # the trick as recorded: no play read
    changes, what = agree(results, plays, lambda v: fault_whatever_gap(v.seat, v.code, [(number, (0, 1, 2, 3))]))
    unknowns, derived = shared_facts(results, TRICK_WAYS, explain_held.trick_ways_filled_in(number, len(ways)))
    t = changes["tricks"][k]
    tried, by_deal, by_lead, nxt = counts
    if len(ways) == 1:              # the plays derived: the cards each seat held then and does not play later
        shown = [(p.seat, p.cards) for p in ways[0].tricks[k].plays]
        derived.append(Derived("play", "; ".join(f"{number}: {SEAT_TOKENS[s]} {' '.join(TOKEN[c] for c in cs)}"
                                                 for s, cs in shown),
                               "the deal lines and the cards each seat plays in the record's other tricks",
                               *explain_unread.unread_play_derived(number, leader, shown, fixed, counts,
                                                                   k == len(hand.tricks) - 1)))
        changes["derived_plays"] = r0.derived_plays + tuple((number, p) for p in ways[0].tricks[k].plays)
    else:
        if t.winner is not None:
            derived.append(Derived("trick_winner", SEAT_TOKENS[t.winner], "the deal lines and the record's other plays",
                                   *explain_unread.unread_winner_derived(number, t.winner, len(ways))))
        if t.points is not None:
            derived.append(Derived("trick_points", str(t.points), "the deal lines and the record's other plays",
                                   *explain_unread.unread_points_derived(number, t.points, len(ways))))
        sizes = sorted({len(w.tricks[k].plays[0].cards) for w in ways})
        unknowns.append(Unknown("play", tuple(what), *explain_unread.unread_trick_ways(
            number, leader, sizes, len(ways), counts, what)))
    rules = r0.rules
    if rules.throw_penalty is ThrowPenalty.PER_CARD:
        ctx = hand_context(rules, r0.level, r0.trump)
        lead = next((w.tricks[k].plays[0].cards for w in ways
                     if _may_have_failed(ctx, w.tricks[k].plays[0].cards, leader, held)), None)
        if lead is not None:        # a failed throw the record cannot show: its penalty
            gone = list(FAILED_WITHHELD)
            violations = changes["violations"]
            if hand.claim is not None:      # the claim is checked against a total not known
                violations = tuple(v for v in violations if v.code != "claim_mismatch")
                changes["legality_known"] = False
                gone.append("legality")
            tricks = list(changes["tricks"])
            tricks[k] = dataclasses.replace(tricks[k], cards_not_thrown=None)
            changes.update(tricks=tuple(tricks), violations=violations, attackers_total=None, penalties=None,
                           items=(), outcome=None, levels_after=(None, None), player_levels_after=(None,) * 4)
            derived = [d for d in derived if d.source not in RESULT_SOURCES]     # (the result they gave: withheld)
            unknowns.append(Unknown("play", tuple(gone), *explain_unread.unread_failed_throw(
                number, leader, len(ways) == 1, gone)))
    changes["derived"], changes["unknowns"] = tuple(derived), tuple(unknowns)
    return dataclasses.replace(r0, **changes)


__all__ = ["FAILED_WITHHELD", "THROW_TRIES", "fill_unread", "last_fixed", "unread_index"]

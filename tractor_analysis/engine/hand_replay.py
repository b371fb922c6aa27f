"""Replaying one hand over every reading of what its record leaves open.

:func:`replay_hand` judges a hand through one pipeline (:func:`_judged`), each step a judgement of the hand as
recorded (:func:`.recorded_hand.replay_recorded`: the cards each seat starts with, the tricks, the points, the
outcome): as recorded, then a ``Buried:`` line its taker's plays contradict read both ways
(:mod:`.bury_readings`), a deal line its own plays contradict set aside (:mod:`.deal_lines`), then a tag the
rest of the record contradicts judged under each value (:mod:`.contradictions`); a play left out inside a trick
is judged over every way to fill it in (:mod:`.record_gaps`), each way through the same pipeline, and tricks
the record gives no play of are withheld or filled in (:mod:`.unread_tricks`).  The match — the levels and
dealers carried from hand to hand, forfeits, the decision — is :mod:`.replay`'s.

Everything is a pure function of the record and the ruleset: replaying the same
record twice gives equal results.
"""
from __future__ import annotations

import dataclasses

from ..records.deal_checks import partial_over
from ..records.model import Hand
from ..records.rulesets import RuleSet
from . import explain_hand, explain_stopped
from .outcome import gain_capped, gain_open, gain_words, offenders, takebacks_unknown, team_counts
from .played_cards import card_list
from .tricks import HandContext, hand_context
from .bury_readings import disputes, judge as judge_readings
from .claimed_end import SOURCES
from .contradictions import judge as judge_contradicted, questioned
from .dealer_seats import judge as judge_seats
from .play_order import judge as judge_order, judge_swapped, judge_thrown, lines_swapped, seat_ordered, thrown_leads
from .platform_leads import judge as judge_leaders, seated_from_winners
from .doubted_lines import judged_each_line, line_readings, said
from .deal_lines import Bounds, contradicted, holds_another_trick, rejudge, stops_short
from .record_gaps import find_gaps, judge as judge_gaps
from .impossible_plays import find_slips, judge as judge_slips
from .slip_readings import find_long_follow, judge as judge_long_follow
from .extra_copies import extra_copies, judge as judge_extra, judge_partial, judge_position, position_over
from .plays_beyond_decks import bury_counted, judge_plays, plays_over
from .unfinished import missing_seats
from .recorded_hand import hand_first, replay_recorded
from .setup_tag import full_hand_shown, said as setup_said
from .line_from_decks import line_filled, said as decks_said
from .setting import hand_setting
from .tricks import forget_judged
from .unread_tricks import follows_bound, tricks_numbered, tricks_read, unread_from
from .verdicts import BOUNDS_SOURCE, RECORDED_TOTAL, Derived, HandResult, Unknown


def replay_hand(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...] = (2, 2),
                expected_dealer: int | None = None, *, first_of_match: bool = True,
                levels_known: bool = False, chain: str | None = None, hands_before: bool = True,
                first_hand: bool = True, forfeit_open: bool = True) -> HandResult:
    """Replay and score one hand.

    ``levels`` are the levels carried into the hand: per team (N–S, E–W), or per player
    (N, E, S, W — friend mode, where each player keeps a level of their own), ``None`` where
    not known; ``expected_dealer`` the dealer the previous hand's outcome named (``None`` when
    unknown); ``chain`` ``skipped`` / ``no_result`` when the hand before broke the chain;
    ``hands_before=False``: the tricks' ``hands_before`` left empty (:func:`replay_match`);
    ``first_hand``: the record's first hand (its levels are the record's start, ``[Levels]``);
    ``forfeit_open``: whether a side forfeited the match is still to be decided after this hand (not
    when the match was decided before it, or the forfeit count was lost earlier: :func:`replay_match`).

    What the record does not state is derived or unknown (:mod:`.setting`); whatever rests on
    an unknown is withheld (``None``), never defaulted (docs/rules.md "What the record must state").
    The tricks judged in reading the hand several ways are kept while it is replayed, and let go after
    (:data:`.tricks.JUDGED_MEMO`).
    """
    try:
        return _replay_hand(hand, rules, levels, expected_dealer, first_of_match, levels_known, chain, hands_before,
                            first_hand, forfeit_open)
    finally:
        forget_judged()


def _replay_hand(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], expected_dealer: int | None,
                 first_of_match: bool, levels_known: bool, chain: str | None, hands_before: bool,
                 first_hand: bool, forfeit_open: bool) -> HandResult:
    if len(levels) == 2:
        levels = (levels[0], levels[1], levels[0], levels[1])
    full = full_hand_shown(hand, rules)
    if full is not None:        # [SetUp "1"] the hand's own cards set aside: judged as the full hand, said
        return setup_said(replay_hand(full, rules, levels, expected_dealer, first_of_match=first_of_match,
                                      levels_known=levels_known, chain=chain, hands_before=hands_before,
                                      first_hand=first_hand, forfeit_open=forfeit_open), hand, rules)
    filled = line_filled(hand, rules, lambda h: hand_setting(h, rules, levels, expected_dealer, first_of_match,
                                                             levels_known, chain, first_hand).dealer)
    if filled is not None:      # one deal line left out, the decks less the others and the bottom: derived, said
        return decks_said(replay_hand(filled[0], rules, levels, expected_dealer, first_of_match=first_of_match,
                                      levels_known=levels_known, chain=chain, hands_before=hands_before,
                                      first_hand=first_hand, forfeit_open=forfeit_open), *filled)
    args = (rules, levels, expected_dealer, first_of_match, levels_known, chain)
    result = _claim_kept(_replayed(hand, args, hands_before, first_hand, forfeit_open))
    if hand.deal_in_doubt:      # a seat's deal line written twice with different cards: which is read, said
        what: tuple[str, ...] = ()
        readings = line_readings(hand)
        if readings != []:      # none proven: the hand judged under each line too, what every reading gives kept
            result, what = judged_each_line(hand, result, None if readings is None else [
                _claim_kept(_replayed(h, args, hands_before, first_hand, forfeit_open)) for h in readings])
        proven, open_ = said(hand, what)
        result = dataclasses.replace(result, derived=(*proven, *result.derived), unknowns=(*open_, *result.unknowns))
    # the dealer's side known, not its seat: the result judged with each seat dealing gives, kept (:mod:`.dealer_seats`)
    return judge_seats(hand, result, lambda h: replay_hand(
        h, rules, levels, expected_dealer, first_of_match=first_of_match, levels_known=levels_known, chain=chain,
        hands_before=hands_before, first_hand=first_hand, forfeit_open=forfeit_open),
        lambda h: _judged_lines(h, args, hands_before, first_hand))


def _claim_kept(result: HandResult) -> HandResult:
    """``result`` without an outcome taken from ``[Claim]`` or the cards left (:mod:`.claimed_end`) that the judgements of the hand
    did not keep: where they differ (a contradicted tag judged each way) the outcome is withheld, and so is the
    fact that would have given it."""
    if result.outcome is None and any(d.source in SOURCES for d in result.derived):
        return dataclasses.replace(result, derived=tuple(d for d in result.derived if d.source not in SOURCES))
    if (result.outcome is not None and result.outcome.reason == "points" and not result.complete
            and not any(i.kind == RECORDED_TOTAL for i in result.items)
            and not any(d.fact == "outcome" for d in result.derived)):
        # every judgement of the hand gives this result, each from the cards left or the claim, in words of its
        # own (their totals differ): said once for all
        said = Derived("outcome", "", BOUNDS_SOURCE, *explain_stopped.outcome_every_reading())
        return dataclasses.replace(result, derived=(*result.derived, said))
    return result


def _replayed(hand: Hand, args: tuple, hands_before: bool, first_hand: bool, forfeit_open: bool) -> HandResult:
    """:func:`replay_hand` with its ``args`` (:func:`replay_recorded`'s from ``rules`` to ``chain``)."""
    if not hand.tricks and not hand.result_only and not hand.plays_unread:
        return _no_trick(_replay_read(hand, args, hands_before, first_hand, forfeit_open))
    tricks, skips = tricks_numbered(hand, args[0])
    if not all(t.plays for t in tricks):   # a trick with no play read (or skipped): where the record ends, or unread
        read, unread = tricks_read(tricks)
        # (the tricks read before one that is not: not where the record stops, so no result from [Claim] there,
        # :mod:`.claimed_end`; the claim is shown and checked on the whole hand as before)
        part = dataclasses.replace(hand, tricks=read, claim=None) if unread and not hand.result_only else \
            dataclasses.replace(hand, tricks=read)
        result = _replay_read(part, args, hands_before, first_hand, forfeit_open, unread)
        if not unread:
            return result
        if part.claim != hand.claim:
            result = dataclasses.replace(result, claim=hand.claim)
        skipped = not any(unread[0] is t for t in hand.tricks)     # (the first trick put in for a skip)
        return unread_from(result, unread, skips[0] if skipped else None, hand=None if skips else hand,
                           replay=lambda h: _replay_read(h, args, True, first_hand, forfeit_open))
    return _replay_read(hand, args, hands_before, first_hand, forfeit_open)


def _no_trick(result: HandResult) -> HandResult:
    """``result`` of a hand (not a score sheet's) whose record gives no trick line at all: nothing of its play is
    judged, so it is not shown legal — said in an ``unknown`` (tag ``play``; a scorer's tester found such a hand,
    between two played ones, ``legal ✓``)."""
    said = Unknown("play", ("legality",), *explain_hand.no_trick_recorded())
    return dataclasses.replace(result, legality_known=False, unknowns=(*result.unknowns, said))


def _replay_read(hand: Hand, args: tuple, hands_before: bool, first_hand: bool, forfeit_open: bool,
                 later: tuple = ()) -> HandResult:
    """:func:`replay_hand` of a hand whose tricks each give a play (:func:`tricks_read`'s ``read``).
    ``args``: :func:`replay_recorded`'s from ``rules`` to ``chain``; ``later``: the tricks after, not read."""
    # (each way of filling a play left out is judged with a disputed bury read both ways too, :mod:`.bury_readings`;
    # the disputed taker's own play left out is not filled in: :func:`.record_gaps._cards_known`)
    result = _gaps_judged(hand, args[0], lambda h, b: _judged(h, args, b, first_hand, later=later), hands_before)
    # a take-back whose seat is not known, punished by a level: the levels after, where they rest on it
    return takebacks_unknown(hand, args[0], result, forfeit_open)


def _gaps_judged(hand: Hand, rules: RuleSet, judged, hands_before: bool, way=None,
                 miscopied: frozenset[tuple[int, int]] = frozenset()) -> HandResult:
    """``hand`` judged (``judged(h, hands_before)``: one hand that leaves no play out), a play left out
    inside a trick over every way to fill it in (:mod:`.record_gaps`; each judged by ``way``, default ``judged``),
    and a play the record proves impossible judged as one not read (:mod:`.impossible_plays`; ``miscopied``: the
    ``(trick, seat)`` of those taken out so, their gaps said so)."""
    gaps = find_gaps(hand) if hand.tricks else ()
    if miscopied:
        gaps = tuple(dataclasses.replace(g, miscopied=True) if any((g.trick, s) in miscopied for s in g.missing)
                     else g for g in gaps)
    if gaps:                # a play left out inside a trick: judged over every way to fill it in
        recorded: list[HandResult] = []       # (the hand as recorded, the first judgement judge_gaps makes)
        result = judge_gaps(hand, gaps, way or judged, lambda r: recorded.append(r) or context_of(r))
        if not result.tricks_judged and recorded:   # no trump or level: no way to fill a gap in is judged
            result = _before_the_plays(result, recorded[0])
        follow = find_long_follow(hand, result, gaps) if result.tricks_judged else None
        if follow is not None:  # a follow a card too long, its seat's play left out: which card is too many is open
            result = judge_long_follow(hand, result, follow,
                                       lambda h: _gaps_judged(h, rules, judged, hands_before, way, miscopied),
                                       hand_first)
    else:
        result = judged(hand, hands_before)
        slips = find_slips(hand, result)
        if slips:           # a play the record proves impossible: judged as a play not read, one fault
            taken = frozenset((s.trick, s.seat) for s in slips)
            result = judge_slips(hand, result, slips,
                                 lambda h: _gaps_judged(h, rules, judged, hands_before, way, taken), hand_first)
    if "verdicts" in result.withheld:       # plays not judged (from a gap on): the penalties the record gives
        result = _penalties_not_judged(hand, rules, result, gaps[0].trick if gaps and result.tricks_judged else None)
    return result


def _penalties_not_judged(hand: Hand, rules: RuleSet, result: HandResult, first: int | None) -> HandResult:
    """``result`` of a hand whose plays were not judged — the trump or the level not known, or (``first``)
    from the trick of a play the record leaves out on (:func:`.unfilled_gaps.not_judged`) — with the level
    penalties the record still gives (docs/rules.md §10.1, §10.2): its take-backs, which ``[Takebacks]``
    states and no judgement decides, and the wrong follows of the tricks judged (those that stand); never
    dropped.  The wrong follows of the tricks not judged are not known: at most one per follow
    (:func:`follows_bound`), kept as :attr:`~.verdicts.HandResult.follows_unjudged` for the match's
    forfeit count (:mod:`.replay`)."""
    revokers, takers = offenders(hand, rules, result.violations)
    bound = follows_bound(hand.tricks, first)
    return dataclasses.replace(result, revoke_levels=team_counts(rules, revokers),
                               takeback_levels=team_counts(rules, takers),
                               follows_unjudged=bound if any(bound) else None)


def _judged(hand: Hand, args: tuple, hands_before: bool, first_hand: bool, readings: bool = True,
            later: tuple = ()) -> HandResult:
    """A hand whose tricks leave no play out, judged: as recorded, a deal line its seat's plays
    contradict set aside (:mod:`.deal_lines`), then a tag the rest of the record contradicts judged
    under each value (:mod:`.contradictions`) — each way a gap is filled in goes through this too —, then
    trick lines that may be written in seat order also read in turn (:mod:`.play_order`).
    ``args``: :func:`replay_recorded`'s from ``rules`` to ``chain``."""
    result = _judged_tags(hand, args, hands_before, first_hand, readings, later)
    one = lambda h: _judged_tags(h, args, hands_before, first_hand, readings, later)      # noqa: E731
    if seated_from_winners(hand):       # an 80fen log: a trick seated from a winner the rules do not give
        plain = lambda h: _judged_lines(h, args, hands_before, first_hand, readings, later)   # noqa: E731
        return judge_leaders(hand, result, one, plain, hand_first)
    if seat_ordered(hand, result):
        return judge_order(hand, result, one, hand_first)
    thrown = thrown_leads(hand, result)
    if thrown:              # a failed throw written after another play, whose seat may have led
        return judge_thrown(hand, result, thrown, one, hand_first)
    swapped = lines_swapped(hand, result, one)
    if swapped:
        return judge_swapped(hand, result, swapped, hand_first)
    return result


def _judged_tags(hand: Hand, args: tuple, hands_before: bool, first_hand: bool, readings: bool = True,
                 later: tuple = ()) -> HandResult:
    """:func:`_judged` but for the reading of the trick lines in seat order."""
    result = _judged_lines(hand, args, hands_before, first_hand, readings, later)
    again = lambda h: _judged_lines(h, args, hands_before, first_hand, readings, later)   # noqa: E731
    lead, choice, other = questioned(hand, result, again)     # [Dealer] alone names the dealer; another led trick 1
    if lead is not None:
        result = dataclasses.replace(result, contradicted=choice)
    if result.contradicted:     # a tag the rest of the record contradicts: judged under each value
        made = {frozenset(choice): other} if other is not None else None
        return judge_contradicted(hand, result, again, hand_first, lead is not False, lead is not None, made)
    return result


def _judged_lines(hand: Hand, args: tuple, hands_before: bool, first_hand: bool, readings: bool = True,
                  later: tuple = ()) -> HandResult:
    """:func:`replay_recorded`, a ``Buried:`` line its taker's plays contradict judged under each reading
    (:mod:`.bury_readings`; not within a reading: ``readings`` false), and a deal line its seat's plays
    contradict set aside — in a record that stops before the hand's end too (:func:`.deal_lines.stops_short`)."""
    result = replay_recorded(hand, *args, hands_before, first_hand)
    found = disputes(hand, result, later) if readings else ()      # (later: the tricks after, not read)
    if found:
        def one(h: Hand, before: bool = hands_before) -> HandResult:
            return _judged_lines(h, args, before, first_hand, False)
        return judge_readings(hand, found, one, lambda h: _gaps_judged(h, args[0], one, hands_before),
                              lambda: _lines_set_aside(hand, args, hands_before, first_hand, result), hand_first,
                              later)
    return _lines_set_aside(hand, args, hands_before, first_hand, result)


def _lines_set_aside(hand: Hand, args: tuple, hands_before: bool, first_hand: bool, result: HandResult) -> HandResult:
    """``result`` (``hand`` judged as recorded) with a deal line its seat's plays contradict set aside."""
    seats = _cards_left_seats(result, contradicted(hand, result))
    if seats:               # nothing else rests on that line
        # (its line less the cards left, judged as it is: no card the deck lacks put back, docs/rules.md §1.6)
        return rejudge(hand, result, seats,
                       lambda h: replay_recorded(h, *args, hands_before, first_hand, left_out=False), hand_first)
    seats = stops_short(hand, result)
    if seats:
        return _stops_short(hand, args, first_hand, result, seats)
    ways = extra_copies(hand, result)
    if ways:                # a copy the decks lack, in a line whose seat never plays it: maybe not held
        return judge_extra(hand, result, ways, lambda h: replay_recorded(h, *args, hands_before, first_hand), hand_first)
    over = position_over(hand, result.rules.decks)
    if over:                # a position holding a copy the decks lack: which one, and what card it is, not known
        return judge_position(hand, result, over, lambda h: replay_recorded(h, *args, hands_before, first_hand),
                              hand_first)
    over = partial_over(hand, result.rules.decks, result.dealer)
    if over:                # a full hand's lines given and plays showing a copy the decks lack, whatever the lines not
        return judge_partial(hand, result, over,      # given: which one, and what card a copy played is, not known
                             lambda h: replay_recorded(h, *args, hands_before, first_hand), hand_first)
    over = plays_over(hand, result.rules.decks, bury_counted(hand, result))
    if over:                # a full hand's plays (and bury) showing a copy the decks lack, no line proving which: read as
        return judge_plays(hand, result, over,        # each card the record lacks, or not ruled on
                           lambda h: replay_recorded(h, *args, hands_before, first_hand), hand_first)
    return result


def _stops_short(hand: Hand, args: tuple, first_hand: bool, result: HandResult, seats: frozenset[int]) -> HandResult:
    """``result`` of a hand whose ``seats`` played a card their lines do not give (:func:`.deal_lines.stops_short`),
    judged again when the record stops before the hand's end (every seat still holds a card for another
    trick): on the cards both each line and its plays give, a throw's verdict resting on the seat not holding
    a card it may hold withheld (:func:`.deal_lines.rejudge`).  Else ``result`` as it is."""
    full = result if result.tricks and result.tricks[0].hands_before else replay_recorded(hand, *args, True, first_hand)
    if not full.tricks_judged or not full.tricks or not full.tricks[-1].hands_before or full.level is None:
        return result
    last, trick = full.tricks[-1], hand.tricks[-1]
    held = [list(h) for h in last.hands_before]
    for p in trick.plays:
        for k in p.cards:
            if held[p.seat][k] > 0:
                held[p.seat][k] -= 1
    missing = missing_seats(trick) or ()
    if not holds_another_trick(held, missing, len(trick.plays[0].cards)):
        return result
    start = full.tricks[0].hands_before
    free = [max(0, result.rules.decks - sum(col)) for col in zip(*start)]    # placed nowhere (the bury: counted too)
    bounds = Bounds(hand_context(result.rules, full.level, full.trump),
                    {s: tuple(a + b for a, b in zip(held[s], free)) for s in seats})
    return rejudge(hand, result, seats, lambda h: replay_recorded(h, *args, True, first_hand, left_out=False),
                   hand_first, {s: tuple(card_list(held[s])) for s in seats}, bounds)


def _cards_left_seats(result: HandResult, seats: frozenset[int]) -> frozenset[int]:
    """Of ``seats`` (:func:`.deal_lines.contradicted`), those still holding cards after the last trick
    (a ``deal_mismatch`` naming them: :func:`.recorded_hand._cards_left`) — not a line of the wrong size alone, which
    says nothing of cards left (docs/rules.md §1.6)."""
    if not seats:
        return seats
    return frozenset(v.seat for v in result.violations
                     if v.code == "deal_mismatch" and v.trick is None and v.played and v.seat in seats)


def _before_the_plays(result: HandResult, recorded: HandResult) -> HandResult:
    """A hand with a play left out whose trump or level is not known: ``result``, nothing judged
    from the gap on (:func:`.unfilled_gaps.not_judged`), with the hand's own findings of ``recorded``
    (the hand judged as recorded) that no play decides — the setting, the deal, the bury, the
    record's referee — kept: they rest neither on the trump nor on the play left out (the cards
    left after the last trick do rest on that play: not kept)."""
    lost = [v for v in recorded.violations if v.trick is None and not (v.code == "deal_mismatch" and v.played)]
    if not lost:
        return result
    return dataclasses.replace(result, violations=tuple(sorted([*lost, *result.violations], key=hand_first)))


def context_of(result: HandResult) -> HandContext | None:
    """The trick context a judged hand was played in (``None``: its level or trump not known)."""
    if result.level is None or not result.trump_known:
        return None
    return hand_context(result.rules, result.level, result.trump)


def describe_outcome(result: HandResult) -> tuple[str, str]:
    """Bilingual one-line outcome: who won, levels (and what capped the gain: :func:`gain_capped`),
    next dealer."""
    zh, en = explain_hand.outcome(result.outcome)
    if gain_capped(result) is None and not gain_open(result):
        return zh, en
    o = result.outcome
    head_zh, head_en = explain_hand.describe_levels(o.winner, o.levels, o.reason)
    # the cap follows the levels gained, before the next dealer (a gain a cap may stop short: said as a most)
    new_zh, new_en = gain_words(result, (head_zh, head_en))
    zh = zh.replace(head_zh, new_zh, 1) if head_zh in zh else zh + new_zh[len(head_zh):]
    en = en.replace(head_en, new_en, 1) if head_en in en else en + new_en[len(head_en):]
    return zh, en



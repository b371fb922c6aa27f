"""Replaying a match: the levels and the dealer carried from hand to hand (rules.md §8), the
penalties that forfeit a match, hands recorded after it was decided, and the decision.

Each hand is replayed by :func:`.hand_replay.replay_hand`; this module chains them: what each hand
hands on (levels after, the next dealer, whether the next deal is bid for), where the record's
chain breaks (a hand skipped, a number missing, a record beginning later or cut by damage; a hand written more than once carries on only what every copy
hands on, :mod:`.hand_copies`), the
wrong follows and take-backs counted towards a forfeit — with what the record leaves open of them
(:mod:`.forfeit_count`: plays not judged or left out, take-backs whose seats are not known), followed through
every reading of it and decided where every reading agrees: who forfeited, and in
which hand and why where those agree too (:class:`.forfeit_count.ForfeitCount`) —, the levels the readings of take-backs given
as ``?``, or of plays left out, leave open (checked against the next ``[Level]``: :func:`_level_readings`, its words
naming what of the hands before leaves it open: :mod:`.carried_ranges`), and the match's winner
(:func:`.scoring.decide_match`, by the levels where every reading gives the same one).

Everything is a pure function of the record and the ruleset: replaying the same
record twice gives equal results.
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

from ..records.cards import RANK_TOKENS, TEAMS
from ..records.frozen import gc_paused, settle_as_old
from ..records.hand_numbers import unplaced
from ..records.model import Hand, Match
from ..records.rulesets import RuleSet, build_ruleset
from . import explain_final_levels, explain_hand, explain_readings, explain_stopped, explain_unknown, referee
from .carried_ranges import LEFT_OPEN, RangeCause, range_causes
from .forfeit_count import ForfeitCount, ForfeitEnd
from .hand_copies import (MAX_COPIES, Carry, CopiesDiffer, copies_of, final_copies, final_unknown, next_copies,
                          numbered, over_copies, with_copies_unknown)
from .hand_replay import replay_hand
from .table_course import NO_COURSE, advanced, checked
from .stopped_match import (forfeit_at_stop, record_stops_inside, stop_forfeit_withheld, stop_levels, stop_ranges,
                            stop_spans, stopped_at, stopped_words, void_stop)
from .explain import Message
from .outcome import levels_after_span, team_spans
from .verdicts import hand_violation
from .setting import DEALER_OPEN, PREVIOUS_HAND, dealer_unread
from .scoring import (ENGINE_DECIDED_BY, EVERY_READING, STOPPED_NOT_KNOWN, by_levels, deal_holder, decide_match,
                      match_facts, reading_decisions, stop_decides, stops_void)
from .verdicts import Derived, HandResult, MatchResult, ReadingEnd, Unknown, Violation, hands_before_dropped


def ruleset_of(match: Match) -> RuleSet:
    """The ruleset a record asks for (problems in it are the parser's diagnostics)."""
    return build_ruleset(match.ruleset, match.rules)[0]


def replay_match(match: Match, rules: RuleSet | None = None, *, hands_before: bool = True,
                 keep_hands_before: bool = True) -> MatchResult:
    """Replay every hand of ``match`` in order, carrying levels and the deal; ``rules`` overrides the
    record's own ``[Ruleset]`` / ``[Rule:…]`` (the CLI's ``--rules``).  ``hands_before=False``: every
    trick's ``hands_before`` is ``()``, the rest the same (:func:`.tricks.judge_tricks`; for a caller
    that never reads them, as ``ingest``'s rows) but what the judgement reads of them: a hand's
    ``held_open`` (:mod:`.agreement`) is then ``()``.  ``keep_hands_before=False``: they are built and read
    while each hand is judged, and dropped from its result once it is (:func:`.verdicts.hands_before_dropped`):
    the full replay with every trick's ``hands_before`` ``()`` — a long match does not hold them all (four
    tuples of 54 counts a trick: ``check``, which never reads them)."""
    with gc_paused:                 # the results built here are acyclic (see records.frozen)
        result = _replay_match(match, rules, hands_before, keep_hands_before)
        settle_as_old()         # the result goes to the caller: no young collection walks it
    return result


def _chain_break(hands: Sequence[Hand], index: int) -> str:
    """How hand ``index``'s number breaks the chain from the hand before it: ``repeated`` (an
    earlier hand has the same number: duplicate_hand), ``gap`` (the hand numbered one less is not
    in the record), ``misplaced`` (it is, but elsewhere) or ``out_of_order`` (a later number
    comes before it); ``number_unplaced`` (the hand gives no number and its place gives none:
    :mod:`..records.hand_numbers`), ``after_unplaced`` (the hand before is such a hand)."""
    if unplaced(hands, index):
        return "number_unplaced"
    if unplaced(hands, index - 1):
        return "after_unplaced"
    number = hands[index].number
    if any(h.number == number for h in hands[:index]):
        return "repeated"
    if number < hands[index - 1].number:
        return "out_of_order"
    return "misplaced" if any(h.number == number - 1 for h in hands) else "gap"


def _replay_match(match: Match, rules: RuleSet | None, hands_before: bool = True,
                  keep_hands_before: bool = True) -> MatchResult:
    rules = rules if rules is not None else ruleset_of(match)
    kept = hands_before and keep_hands_before       # each hand's result holds its tricks' hands_before
    levels: tuple[int, ...] = match.start_levels * 2   # per player N, E, S, W
    spans: tuple | None = None      # where a level is None for want of knowing whose a "?" take-back was: its span
    pairs: tuple | None = None      # where those spans bound both sides together: the (N–S, E–W) each reading gives
    expected_dealer: int | None = None
    count = ForfeitCount(rules)         # the wrong follows and take-backs counted towards a forfeit, under every reading
    decided = False         # a side passed the winning level, or forfeited (every reading): later hands decide nothing
    final: tuple | None = None      # the levels the deciding hand left (later hands count for nothing)
    final_spans: tuple | None = None
    decided_at: int | None = None   # the index of the deciding hand
    passed_in: tuple[int, int | None] | None = None     # the hand a side passed the winning level in, and the side
    after: list[int] = []           # hands recorded after the match was decided
    # a match that is one hand (score_table = botzone, docs/rules.md §8.1) ends with its first hand, hand 1: any
    # hand after it is recorded after the match ended (§8.4) — where the record shows that hand 1 is its first
    one_hand = bool(not rules.score_table.moves_levels and match.hands and match.hands[0].number == 1
                    and match.hands[0].number_known and not match.hands[0].follows_skipped)
    one_hand_end = False            # the match ended with that one hand
    results: list[HandResult] = []
    # the first hand (unless its dealer was fixed before the deal: [DealerFixed "yes"]), and after
    # both sides miscounted (多少牌): 抢庄
    bid_for_deal = not (match.hands and referee.tag_value(match.hands[0].tags, "DealerFixed") == "yes")
    chain: str | None = None     # how the hand before broke the chain of levels and dealers
    first = match.hands[0] if match.hands else None
    if first is not None and (first.number > 1 or not first.number_known) and not first.follows_skipped:
        # the record begins at hand N > 1 (or at a hand whose number it does not give) — a position
        # too (docs/rules.md §14): the hands before may not be in it, so its first hand is not known
        # to be the match's first deal (bid for only when it says so) and, without [Levels], the
        # levels carried into it are not known (a side's is learned again from [Level])
        chain, bid_for_deal = ("begins_later" if first.number_known else "number_unknown"), False
        if match.levels is None:
            levels = (None,) * 4
    carried_in: list[Carry | None] = []     # per hand, what was carried into it (before its own tags)
    handed_on: list[Carry | None] = []      # per hand, what it handed on
    copies_memo: dict[tuple[int, bool], Carry] = {}
    copy_results: dict[int, HandResult] = {}

    def copy_result(j: int, first: int) -> HandResult:
        """Copy ``j`` of a hand written more than once judged as the record's hand of that number: carried in
        what its first copy ``first`` was (:mod:`.hand_copies`; the first copy: its own result)."""
        if j == first:
            return results[first]
        if j not in copy_results:
            copy_results[j] = _replay_carried(match.hands[j], rules, carried_in[first],
                                              levels_known=first > 0 or match.levels is not None,
                                              first_hand=first == 0, hands_before=hands_before, kept=kept,
                                              earlier=(match.hands[:first], results[:first]))
        return copy_results[j]

    def reading(j: int, first: int, last: bool = False) -> Carry:
        """What copy ``j`` of a hand written more than once hands on, carried in what its first copy ``first``
        was (:mod:`.hand_copies`); ``last``: nothing follows it."""
        if (j, last) not in copies_memo:
            copies_memo[j, last] = _handed_on(match.hands[j], copy_result(j, first), not last)[0]
        return copies_memo[j, last]

    next_results: dict[int, HandResult] = {}
    next_memo: dict[tuple[int, bool], Carry] = {}

    def next_result(j: int, first: int) -> HandResult:
        """A later copy ``j`` that may be the next hand misnumbered (:func:`.hand_copies.may_be_next`) judged as
        the hand after its first copy ``first``: carried in what that copy hands on."""
        if j not in next_results:
            next_results[j] = _replay_carried(match.hands[j], rules, handed_on[first], levels_known=True,
                                              first_hand=False, hands_before=hands_before, kept=kept,
                                              earlier=(match.hands[:first + 1], results[:first + 1]))
        return next_results[j]

    def next_reading(j: int, first: int, last: bool = False) -> Carry:
        """What copy ``j`` hands on read as the hand after its first copy ``first`` (``last``: nothing follows)."""
        if (j, last) not in next_memo:
            next_memo[j, last] = _handed_on(match.hands[j], next_result(j, first), not last)[0]
        return next_memo[j, last]

    copies_open: CopiesDiffer | None = None
    courses, course_from = NO_COURSE, 0     # the sides off the rules' course (table_course), since which hand
    places: dict[int, list[int]] | None = numbered(match.hands)
    if len(places) == len(match.hands):
        places = None               # no hand number written twice: no copies to read
    for index, hand in enumerate(match.hands):
        copies_open = None
        if hand.follows_skipped:  # the reader skipped the hand before: nothing is carried over it
            chain, expected_dealer, bid_for_deal = "skipped", None, False
            levels, spans, pairs = (None,) * 4, None, None
        elif index and hand.number != match.hands[index - 1].number + 1:
            # a hand number missing (or out of order): a hand not in the record may lie between,
            # so nothing is carried over the gap, as over a hand the reader skipped
            chain = _chain_break(match.hands, index)
            expected_dealer, bid_for_deal, levels, spans, pairs = None, False, (None,) * 4, None, None
        elif index and not rules.score_table.moves_levels and not decided:
            # a match that is one hand (score_table = botzone, docs/rules.md §8.1): a hand's outcome carries no
            # levels nor dealer on to the next, whatever the numbers — its [Level] and [Dealer] not checked
            expected_dealer, bid_for_deal, levels, spans, pairs, chain = None, False, (None,) * 4, None, None, ONE_HAND
        elif index:
            # the hand before is written more than once: what every copy of it hands on (hand_copies)
            over = (over_copies(match.hands, index - 1, carried_in, handed_on, reading, rules.friend, places,
                                next_reading) if places is not None else None)
            if over is not None:
                carry, copies_open = over
                levels, spans, expected_dealer, bid_for_deal, chain = carry.fields()
                pairs = carry.pairs
        carried_in.append(Carry(levels, spans, expected_dealer, bid_for_deal, chain, pairs))
        run = copies_of(match.hands, index, places) if places is not None else [index]
        if len(run) > MAX_COPIES:
            run = [index]       # too many copies to read one by one (hand_copies.MAX_COPIES): each as written
        ended_before = decided and not (run[0] < index and decided_at is not None and run[0] <= decided_at)
        if ended_before:
            after.append(hand.number)       # (a later copy of a hand up to the deciding one is a reading of it)
        result = _replay_carried(hand, rules, carried_in[-1], levels_known=(index > 0 or match.levels is not None),
                                 first_hand=index == 0, hands_before=hands_before, kept=kept,
                                 forfeit_open=not decided and count.forfeit_open, earlier=(match.hands, results))
        if ended_before and any(v.code in _CHAIN_CHECKS for v in result.violations):
            # the match ended before it (it counts for nothing: after_match_end says so, once): its [Level] or
            # [Dealer] against what a finished match carries is no second finding — judged with nothing carried
            # in, the check said not made
            result = _replay_carried(hand, rules, Carry((None,) * 4, None, None, False, AFTER_END),
                                     levels_known=True, first_hand=False, hands_before=hands_before, kept=kept,
                                     forfeit_open=False, earlier=(match.hands, results))
        if copies_open is not None:
            result = with_copies_unknown(hand, result, copies_open)
        elif results and results[-1].outcomes_open:
            result = _dealer_every_reading(result, results[-1].number, dealer_unread(hand))
        if results and results[-1].scored_by_claim and carried_in[-1].chain is None:
            result = _carried_from_claim(result, results[-1])
        if carried_in[-1].chain is not None or ended_before or len(run) > 1 or copies_open is not None:
            courses, course_from = NO_COURSE, index + 1     # nothing carried in, or more than one reading of it
        else:       # a [Level] kept to the table's course since a level_mismatch is no new finding (§13.1)
            result, courses = checked(hand, result, courses, (match.hands[course_from:index],
                                                              results[course_from:index]))
        if unplaced(match.hands, index):       # no number said from its place: it is not known (hand_numbers)
            result = _number_unplaced(match.hands, index, result)
        results.append(result)
        carry, stops = _handed_on(hand, result, index + 1 < len(match.hands))
        handed_on.append(carry)
        levels, spans, expected_dealer, bid_for_deal, chain = carry.fields()
        pairs = carry.pairs
        if not decided and run[0] == index:     # (a later copy of a hand is one more reading of its first copy)
            copies = tuple((match.hands[j], copy_result(j, index),
                            _handed_on(match.hands[j], copy_result(j, index), j + 1 < len(match.hands))[1])
                           for j in run[1:])
            nexts = tuple((j, match.hands[j], next_result(j, index),
                           _handed_on(match.hands[j], next_result(j, index), j + 1 < len(match.hands))[1])
                          for j in (next_copies(match.hands, run) if len(run) > 1 else ()))
            results[-1] = result = count.add(index, hand, result, stops, copies, nexts)
            courses = advanced(hand, result, courses)
            if result.outcome is not None and result.outcome.match_over and all(
                    r.outcome is not None and r.outcome.match_over and r.outcome.team == result.outcome.team
                    for _, r, _ in copies):     # (not when every reading forfeits; under every copy)
                passed_in = (hand.number, result.outcome.team)
            # every reading has ended the match (a forfeit, or a pass), or a side passed the winning level, or the
            # match is one hand (Botzone) and this is it
            one_hand_end = one_hand and index == 0
            decided = count.ended or passed_in is not None or one_hand_end
        if decided and final is None:
            final, final_spans, decided_at = levels, spans, index
    tail_copies = (final_copies(match.hands, handed_on, reading, rules.friend, places, next_reading)
                   if final is None and places is not None else None)
    tail_ends: tuple[ReadingEnd, ...] = ()
    copied_end = tail_copies is not None
    if tail_copies is not None:     # the record ends with a hand written more than once: every copy's end
        (levels, spans, *_), tail_copies = tail_copies[0].fields(), tail_copies[1]
        if tail_copies is not None and tail_copies.readings:      # they differ: each copy going on is one end
            first = len(match.hands) - tail_copies.copies
            tail_ends = _copy_ends(rules, results, count.copies_alive.get(first), tail_copies.readings,
                                   [copy_result(j, first) for j in range(first, len(match.hands))]
                                   + [next_result(j, first) for j in next_copies(match.hands,
                                                                                 list(range(first, len(match.hands))))])
    end = count.finish(match.hands, results)
    stop_forfeit = forfeit_at_stop(match, rules, end)
    if stop_forfeit is not None:
        end = stop_forfeit_withheld(match.hands[-1].number, rules, end)
    results = end.results
    forfeits = end.forfeits
    problems: tuple[Violation, ...] = ()
    if after and (end.forfeit_at or end.ended_at or passed_in or one_hand_end):
        # the match ended first: they count for nothing
        levels, spans = final, final_spans
        problems = (hand_violation("after_match_end", None,
                                   _after_words(after, end, passed_in, match.hands, one_hand_end)),)
    unknowns = end.unknowns + ((final_unknown(tail_copies),) if tail_copies is not None else ())
    if (not problems and not end.forfeit_at and not end.ended_at and not end.levels_open and passed_in is None
            and stopped_at(match.hands, results) is not None):
        if stops_void(rules):
            # [Rule:stopped_hand "void"]: the hand the record stops inside does not count, nor a result the cards
            # left give it — the match ends at the levels that hand was played at (docs/rules.md §8.5), a level
            # carried in as a range (take-backs given as "?", §10.2) kept as that range
            levels, spans = results[-1].player_levels_before, carried_in[-1].spans
        else:
            # not stated whether that hand was stopped there (void) or played out: the final levels are known only
            # where every reading gives the same, else bounded by them (docs/rules.md §8.5)
            levels, spans = stop_levels(stop_ranges(match.hands[-1], results[-1], carried_in[-1]))
            if copied_end:      # copies of that hand, each with readings of its own not followed here: no bound
                levels, spans = (None,) * 4, None
    # the readings that go on to the record's end (no forfeit, no pass) end it at these levels
    going_on = ((levels[0], levels[1]), team_spans(rules, levels, spans))
    if end.levels_open:
        # a side may have forfeited, or did in a hand not known, or may have passed the winning level in a hand
        # whose result is not known: the match may have ended at unknown levels
        levels, spans = (None,) * 4, None
    if match.truncated and results and (decided_at is None
                                        or (decided_at == len(results) - 1 and not results[-1].complete)):
        # the file is damaged (truncated_file): the record stops at the damage, not where the match
        # ended — unless a hand read whole decided it, who won and the final levels are not known (a
        # forfeit reached in the hand the damage cuts: whether the other side reached it too is not known)
        levels, spans = (None,) * 4, None
        what = ("result",) if decided_at is None else ("result", "forfeit")
        if decided_at is not None:
            forfeits, end = (None, None), dataclasses.replace(end, reason_open=(False, False), forfeit_at=())
        unknowns += (Unknown("truncated_file", what, *explain_unknown.record_cut_by_damage(
            match.hands[-1].number, what)),)
    result = MatchResult(hands=tuple(results), levels_final=(levels[0], levels[1]),
                         player_levels_final=tuple(levels), forfeit_reasons=forfeits, problems=problems,
                         unknowns=unknowns, after_end=tuple(after) if problems else (),
                         forfeit_open_at=end.open_at if end.open_at is not None and any(
                             "forfeit" in u.withheld for u in unknowns) else None,
                         forfeit_reason_open=end.reason_open,
                         end_open=(min(end.forfeit_at), max(end.forfeit_at)) if len(end.forfeit_at) > 1
                         else end.end_between,
                         levels_final_span=team_spans(rules, levels, spans),
                         reading_ends=_with_going_on(end, going_on, tail_ends),
                         stopped_at=stopped_at(match.hands, results),
                         stop_spans=stop_spans(rules, match.hands, results, carried_in), stop_forfeit=stop_forfeit)
    # who won, and how: the one decision the standings make too (scoring.decide: a forfeit, a
    # side passing the winning level, else seed 001 rule 十一 where the ruleset says so)
    team, how = decide_match(result)
    decided_by = ENGINE_DECIDED_BY.get(how, "passed" if how.startswith("passed") else None)
    if team is not None or decided_by is not None:
        result = dataclasses.replace(result, winner=team, decided_by=decided_by)
    if team is not None and result.reading_ends:
        # the readings end the match differently, but every one gives it to the same team
        hows = [h for _, h in reading_decisions(result)]
        source = "how the match ends under every reading of what the record leaves open"
        if tail_ends or any(u.tag == "Hand" for u in result.unknowns):
            source += " (each copy of a hand the record writes more than once one reading)"
        result = dataclasses.replace(result, derived=(Derived(
            "winner", TEAMS[team], source,
            *explain_readings.winner_every_reading(team, result.reading_ends, hows)),))
    elif stop_decides(match_facts(result)) and (team is not None or how == STOPPED_NOT_KNOWN):
        # the record stops inside its last hand, no result from its [Claim]: void or played out (docs/rules.md §8.5)
        result = stopped_words(result, team)
    elif team is not None and None in result.levels_final and how in ("higher level", "holding the deal",
                                                                       EVERY_READING):
        # decided by levels the readings of "?" take-backs, or of plays the record leaves out, leave open: the same
        # winner under every reading (docs/rules.md §10.2)
        result = _range_winner(result, team, how)
    found = referee.match_findings(match, result)        # the record's own referee, when it has one
    return dataclasses.replace(result, problems=result.problems + tuple(found)) if found else result


def _range_winner(result: MatchResult, team: int, how: str) -> MatchResult:
    """``result`` decided by ``how`` for ``team`` though a final level is known only as a range (the readings of
    take-backs given as ``?``, or of what the record leaves open in a hand judged once for each way of it: plays it
    leaves out …): its ``derived`` ``winner``, saying from what."""
    ranges = tuple(s if s is not None else (v, v) for v, s in zip(result.levels_final, result.levels_final_span))
    left_open = explain_final_levels.levels_left_open(result)
    takebacks = any(u.tag == "Takebacks" and "levels" in u.withheld for h in result.hands for u in h.unknowns)
    if not left_open and how != EVERY_READING:
        return dataclasses.replace(result, derived=(Derived(
            "winner", TEAMS[team], "the final levels under every reading of the take-backs given as \"?\"",
            *explain_readings.winner_by_levels(team, how, ranges)),))
    hows = sorted({h for _, h in (by_levels(ns, ew, match_facts(result).holder)
                                  for ns in range(ranges[0][0], ranges[0][1] + 1)
                                  for ew in range(ranges[1][0], ranges[1][1] + 1))})
    source = "the final levels under every reading of what the record leaves open" + (
        " (plays it leaves out, or more, in hand " + ", ".join(map(str, left_open)) + ")" if left_open else "") + (
        " and of the take-backs given as \"?\"" if takebacks else "")
    return dataclasses.replace(result, derived=(Derived(
        "winner", TEAMS[team], source,
        *explain_final_levels.winner_by_level_ranges(team, hows, ranges, takebacks, left_open)),))


def _replay_carried(hand: Hand, rules: RuleSet, carry: Carry, *, levels_known: bool, first_hand: bool,
                    hands_before: bool, kept: bool = True, forfeit_open: bool = True,
                    earlier: tuple[Sequence[Hand], Sequence[HandResult]] = ((), ())) -> HandResult:
    """:func:`.hand_replay.replay_hand` of ``hand`` with what is carried into it (``carry``), as its own tags
    leave it: a deal the record says was bid for carries no dealer; one not known to be bid for, none
    checked.  A level carried as a range (a "?", plays left out …) is checked against every reading
    (:func:`_level_readings`; ``earlier``: the hands before and their results, whose open facts it rests on).
    ``kept=False``: the tricks' ``hands_before`` dropped from the result once it is judged (:func:`replay_match`'s
    ``keep_hands_before``; nothing in the match's chain reads them)."""
    levels, spans, expected_dealer, bid_for_deal, chain = carry.fields()
    if hand.bid_for:          # the record says this deal was bid for: no dealer carried over
        bid_for_deal, expected_dealer = True, None
    elif not hand.bid_for_known and expected_dealer is not None:
        # whether the deal was bid for is not known (an 80fen round without "redeals"): the
        # dealer carried over is not checked, nor taken (the levels carried are known)
        chain, expected_dealer = chain or "bid_for_unknown", None
    result = replay_hand(hand, rules, levels, expected_dealer, first_of_match=bid_for_deal,
                         levels_known=levels_known, chain=chain, hands_before=hands_before,
                         first_hand=first_hand, forfeit_open=forfeit_open)
    if spans is not None and chain in (None, DEALER_OPEN):     # a level carried as a range: checked against every reading
        picked = _pairs_picked(hand, result, levels, spans, carry.pairs, earlier)
        if picked is not None:
            levels, spans, derived = picked
        if picked is not None and derived is not None:
            # the [Level] fits the readings that give the other side one level: it is played at that level
            result = replay_hand(hand, rules, levels, expected_dealer, first_of_match=bid_for_deal,
                                 levels_known=levels_known, chain=chain, hands_before=hands_before,
                                 first_hand=first_hand, forfeit_open=forfeit_open)
            result = dataclasses.replace(result, derived=result.derived + (derived,))
        result = _level_readings(hand, result, levels, spans, earlier)
    if not hand.number_known:       # the record gives no number: the one it is numbered by, said
        said = Derived("number", str(hand.number), NUMBER_SOURCE, *explain_unknown.number_from_place(hand.number,
                                                                                                      first_hand))
        result = dataclasses.replace(result, derived=(said, *result.derived))
    return result if kept else hands_before_dropped(result)


def _number_unplaced(hands: Sequence[Hand], index: int, result: HandResult) -> HandResult:
    """Hand ``index``, which gives no number and whose place gives none (:func:`..records.hand_numbers.unplaced`):
    its number is not known — not derived from its place —, the hand before's and the number its place would give
    said (the hand of the record that has that number, or the hand before without a number either)."""
    before = hands[index - 1] if index else None
    place = before.number + 1 if before is not None else 1
    after = hands[index + 1] if index + 1 < len(hands) else None
    clash = (None if index and unplaced(hands, index - 1)
             else "after" if after is not None and after.number_known and after.number == place else "elsewhere")
    zh, en = explain_unknown.number_not_placed(hands[index].number, None if before is None else before.number,
                                                place, clash)
    return dataclasses.replace(result, derived=tuple(d for d in result.derived if d.fact != "number"),
                               unknowns=(Unknown("Hand", (), zh, en), *result.unknowns))


NUMBER_SOURCE = "its place in the record"
"""The ``from`` of the number of a hand whose record gives none (``[Hand "?"]``, a JSON hand without ``"number"``)."""


PAIRED_READINGS = "[Level] and the levels the readings of the hands before give both sides together"
"""The ``from`` of a side's level derived from the other side's ``[Level]`` where the readings of take-backs given as
``?`` left both sides open together (docs/rules.md §10.2): the readings that ``[Level]`` fits give it one level."""


def _pairs_picked(hand: Hand, result: HandResult, levels: Sequence[int | None], spans: Sequence,
                  pairs: Sequence[tuple[int, int]] | None, earlier: tuple[Sequence[Hand], Sequence[HandResult]]
                  ) -> tuple[tuple[int | None, ...], tuple, Derived | None] | None:
    """Where the levels carried into ``hand`` are open for both sides together (``pairs``: the (N–S, E–W) levels each
    reading gives, docs/rules.md §10.2) and its ``[Level]`` learns the dealer's side's: the readings it fits give the
    other side one level — the levels and spans carried in with that level known, and the ``derived`` fact
    ``levels`` saying so —, or several (a side at 2 under more than one reading): its span narrowed to them, nothing
    derived; ``None`` otherwise (no pairs, or the tag fits none of them: checked against the spans as before)."""
    if pairs is None or result.rules.friend or hand.level is None:
        return None
    seat = result.dealer if result.dealer is not None else min(result.defenders, default=None)
    if seat is None or any(lv is not None for lv in levels):
        return None
    if any(spans[t] is None or spans[t] != spans[t + 2] or spans[t] != (min(p[t] for p in pairs),
                                                                         max(p[t] for p in pairs)) for t in (0, 1)):
        return None     # (not the readings these spans were carried from: nothing picked)
    team = seat & 1
    fits = {p[1 - team] for p in pairs if p[team] == hand.level}
    if not fits:
        return None
    if len(fits) > 1:
        narrowed = (min(fits), max(fits))
        return tuple(levels), tuple(narrowed if s & 1 != team else spans[s] for s in range(4)), None
    other = fits.pop()
    picked = tuple(other if s & 1 != team else None for s in range(4))
    kept = tuple(None if s & 1 != team else spans[s] for s in range(4))
    causes = range_causes(*earlier, seat) or _hand_before_open(earlier[1])
    words = explain_final_levels.level_from_paired_readings(1 - team, other, team, hand.level, causes)
    return picked, kept, Derived("levels", f"{TEAMS[1 - team]} {RANK_TOKENS[other]}", PAIRED_READINGS, *words)


AFTER_END = "after_end"
"""The ``chain`` of a hand recorded after the match ended (``after_match_end``) whose ``[Level]`` or ``[Dealer]``
differs from what the finished match carries: judged with nothing carried into it."""

ONE_HAND = "one_hand"
"""The ``chain`` of a hand after another under a score table whose match is one hand (``score_table = botzone``,
docs/rules.md §8.1), not recorded after the match ended: nothing is carried into it, its ``[Level]`` and ``[Dealer]``
not checked against the hand before."""

_CHAIN_CHECKS = frozenset({"level_mismatch", "dealer_mismatch"})
"""The findings of a hand's tags against what the hands before carry into it (docs/rules.md §8.2, §8.3)."""


PREVIOUS_READINGS = "every outcome the readings of the previous hand give"
"""The ``from`` of a dealer derived from the hand before whose readings give different outcomes, every one naming it
(docs/rules.md §10.2, §14.1)."""


def _dealer_every_reading(result: HandResult, before: int, unread: bool = False) -> HandResult:
    """``result`` of the hand after hand ``before``, whose readings give different outcomes, each known
    (:attr:`.verdicts.HandResult.outcomes_open`): its dealer derived from them says so — every one names it."""
    derived = tuple(Derived("dealer", d.value, PREVIOUS_READINGS, *explain_unknown.dealer_from_every_reading(
        result.dealer, before, unread)) if d.fact == "dealer" and d.source == PREVIOUS_HAND and result.dealer is not None
        else d for d in result.derived)
    return dataclasses.replace(result, derived=derived) if derived != result.derived else result


_CARRIED = frozenset({"level_mismatch", "dealer_mismatch"})
"""The findings of a hand checked against what the hand before handed on (its levels and next dealer)."""


def _carried_from_claim(result: HandResult, before: HandResult) -> HandResult:
    """``result`` with its findings against what the hand before handed on (:data:`_CARRIED`) saying that it
    rests on that hand's ``[Claim]`` (``before``: its result the claim gives, docs/rules.md §7.4) — the claim may be
    what is wrong as well as the tag (a regression tester: the next hand's right ``[Level]`` was faulted on an
    impossible claim, and nothing said where the level carried came from)."""
    if not any(v.code in _CARRIED and not v.of_record for v in result.violations):
        return result
    zh, en = explain_stopped.carried_from_claim(before.number, before.claim)
    violations = tuple(dataclasses.replace(v, message_zh=v.message_zh + zh, message_en=v.message_en + en)
                       if v.code in _CARRIED and not v.of_record else v for v in result.violations)
    return dataclasses.replace(result, violations=violations)


def _handed_on(hand: Hand, result: HandResult, has_next: bool) -> tuple[Carry, bool]:
    """What ``hand`` (replayed: ``result``) hands on to the next hand (``has_next``: one follows in the record),
    and whether the record stops inside it (its last hand)."""
    levels, spans, pairs = result.player_levels_after, result.levels_after_span, result.levels_after_pairs
    chain, stops = None, False
    # (the outcomes its readings give, each known, differing: the levels kept or bounded, docs/rules.md §10.2)
    if not result.outcomes and has_next:
        # no result: the levels it leaves are not known to the next hand (nor checked there)
        chain, levels, spans, pairs = "no_result", (None,) * 4, None, None
    elif not result.outcomes and record_stops_inside(hand, result):
        # the record (the match) stops inside its last hand: that hand changed no level, so the
        # levels when the record ends are the ones it was played at (docs/rules.md §8.5) — nor do its
        # penalties count towards the forfeit (they apply at the hand's end: ForfeitCount.add)
        levels, spans, pairs, stops = result.player_levels_before, None, None, True
    elif not has_next and void_stop(hand, result):
        # [Rule:stopped_hand "void"]: the hand the record ends inside, its last — its last trick too —, does not
        # count: neither a result derived from the cards left nor its penalties, a forfeit reached at its end
        # among them (docs/rules.md §8.5)
        levels, spans, pairs, stops = result.player_levels_before, None, None, True
    known, expected_dealer, bid_for_deal = result.next_dealer_known
    if result.outcomes_open and not known and chain is None and has_next:
        chain = DEALER_OPEN     # its readings name different next dealers: none is carried, nor checked
    return Carry(tuple(levels), spans, expected_dealer, bid_for_deal, chain, pairs), stops


def _copy_ends(rules: RuleSet, results: Sequence[HandResult], alive: Sequence[bool] | None,
               readings: Sequence[Carry], copies: Sequence[HandResult]) -> tuple[ReadingEnd, ...]:
    """The record ends with copies of one hand that differ (``readings``: what each hands on as the record's last
    hand; ``copies``: each judged as that hand): the match going on to the record's end under each copy under
    which some reading does (``alive``, :attr:`.forfeit_count.ForfeitCount.copies_alive`; ``None``: not followed,
    every copy), each an end at that copy's final levels (docs/rules.md §14.1).  On levels that may be equal the
    side holding the deal decides (:func:`.scoring.decide`): the copy's own (:attr:`.verdicts.ReadingEnd.holder`
    where it is not the record's last hand's) — a copy that leaves no dealer known leaves its levels not known
    there, never another copy's holding taken for it.  No end when every copy gives the same one (the match's own);
    the one end of the only copy under which the match goes on, where under the others it ended."""
    last = results[-1]
    holder = deal_holder(last.outcome.next_dealer if last.outcome else None, last.dealer,
                         last.outcome.winner if last.outcome else None)
    ends: dict[ReadingEnd, None] = {}
    for k, (carry, r) in enumerate(zip(readings, copies)):
        if alive is not None and not alive[k]:
            continue
        levels = (carry.levels[0], carry.levels[1])
        spans = team_spans(rules, carry.levels, carry.spans)
        own = deal_holder(r.outcome.next_dealer if r.outcome else None, r.dealer, r.outcome.winner if r.outcome else None)
        mine = None
        if own != holder and not (None not in levels and levels[0] != levels[1]):
            if own is None:             # who holds the deal under this copy is not known: nor are its levels' winner
                levels, spans = (None, None), (None, None)
            else:
                mine = own
        ends[ReadingEnd("none", levels=levels, level_spans=spans, holder=mine)] = None
    ended = alive is not None and not all(alive[:len(readings)])
    return tuple(ends) if len(ends) > 1 or (ends and ended) else ()


def _with_going_on(end: ForfeitEnd, going_on: tuple, tail_ends: tuple[ReadingEnd, ...]) -> tuple[ReadingEnd, ...]:
    """:attr:`MatchResult.reading_ends`: the count's (:meth:`.forfeit_count.ForfeitCount.finish`), the match going
    on to the record's end at ``going_on``'s levels — or, the record ending with copies of a hand that differ,
    at each copy's (``tail_ends``: :func:`_copy_ends`), where whether a side forfeited is known and no side
    forfeited under every reading."""
    out: list[ReadingEnd] = []
    for e in end.reading_ends:
        if e.forfeit == "none" and not e.hands:
            out += tail_ends or [dataclasses.replace(e, levels=going_on[0], level_spans=going_on[1])]
        else:
            out.append(e)
    if not end.reading_ends and tail_ends and end.known and not end.forfeit_at and not end.ended_at:
        out += tail_ends
    return tuple(out)


def _after_words(after: Sequence[int], end: ForfeitEnd, passed_in: tuple[int, int | None] | None,
                 hands: Sequence[Hand], one_hand_end: bool = False) -> Message:
    """The words of the problem ``after_match_end``: the hands ``after`` recorded after the match ended — by a
    forfeit in one hand, the side known (:func:`.explain_hand.after_match_end`), by a forfeit in a hand or by a
    side the readings do not agree on (:func:`.explain_readings.after_match_end_open`), by a pass, or
    (``one_hand_end``) with its one hand, hand 1 (``score_table = botzone``:
    :func:`.explain_hand.after_one_hand_match`)."""
    if end.forfeit_at:
        numbers = [hands[i].number for i in end.forfeit_at]
        sides = tuple(t for t in (0, 1) if end.forfeits[t] is not None or end.reason_open[t])
        if len(numbers) == 1:
            return explain_hand.after_match_end(after, numbers[0], sides[0] if len(sides) == 1 else None, True)
        return explain_readings.after_match_end_open(after, numbers, sides)
    if end.ended_at:
        return explain_readings.after_match_end_open(after, [hands[i].number for i in end.ended_at], None)
    if one_hand_end and passed_in is None:
        return explain_hand.after_one_hand_match(after)
    number, team = passed_in if passed_in is not None else (hands[0].number, None)
    return explain_hand.after_match_end(after, number, team, False)


def _level_readings(hand: Hand, result: HandResult, levels: Sequence[int | None],
                    spans: Sequence[tuple[int, int] | None],
                    earlier: tuple[Sequence[Hand], Sequence[HandResult]] = ((), ())) -> HandResult:
    """``result`` of a hand played after take-backs given as ``?``, or plays left out (a hand judged once for each
    way of them), left a side's level not known (``levels`` carried in, ``spans`` their lowest and highest under
    every reading, docs/rules.md §10.2, §14.1): a ``[Level]`` of the dealer's side that none of them gives is a
    ``level_mismatch`` (the side's level after the hand is not learned from it); a level not stated, and so not
    known, names what of the hands before (``earlier``: their records and results) leaves it open
    (:func:`.carried_ranges.range_causes`); the level after of a side not learned again is bounded by the same
    readings (:func:`.outcome.levels_after_span`), each side apart (the pairs of levels carried in,
    :func:`_pairs_picked`, are not carried on past it)."""
    rules = result.rules
    if rules.friend:
        return result
    seat = result.dealer if result.dealer is not None else min(result.defenders, default=None)
    if seat is not None and levels[seat] is None and spans[seat] is not None:
        team, span = seat & 1, spans[seat]
        causes = range_causes(*earlier, seat) or _hand_before_open(earlier[1])
        if hand.level is None and result.level is None:
            unknowns = tuple(Unknown("Level", u.withheld, *explain_final_levels.level_unknown_carried(
                team, span, causes, u.withheld)) if u.tag == "Level" else u for u in result.unknowns)
            return dataclasses.replace(result, unknowns=unknowns)
        if hand.level is not None and not span[0] <= hand.level <= span[1] and not any(
                v.code == "level_mismatch" for v in result.violations):
            problem = hand_violation("level_mismatch", None,
                                     explain_final_levels.level_fits_no_reading(hand.level, team, span, causes))
            after = tuple(None if s & 1 == team else lv for s, lv in enumerate(result.player_levels_after))
            before = tuple(None if s & 1 == team else lv for s, lv in enumerate(result.player_levels_before))
            result = dataclasses.replace(result, violations=(problem,) + result.violations, player_levels_after=after,
                                         levels_after=(after[0], after[1]), player_levels_before=before,
                                         levels_before=(before[0], before[1]), levels_after_pairs=None)
    # a side whose level is still not known: its level after, bounded by every level it may have carried in
    own = result.levels_after_span or (None,) * 4
    bounded = tuple(levels_after_span(hand, result, s, spans[s])
                    if result.player_levels_before[s] is None and spans[s] is not None else own[s] for s in range(4))
    return dataclasses.replace(result, levels_after_span=bounded if any(bounded) else None)


def _hand_before_open(results: Sequence[HandResult]) -> tuple[RangeCause, ...]:
    """Where :func:`.carried_ranges.range_causes` names no hand: what the hand before leaves open, said as such."""
    return (RangeCause(results[-1].number, LEFT_OPEN),) if results else ()


def record_pairs(match: Match, result: MatchResult) -> list[tuple[Hand | None, HandResult]]:
    """Each replayed hand with its record.  :func:`replay_match` keeps the record's order, so
    hands pair by place (a hand number written twice still finds its own hand); a result
    not made from this match pairs by number, ``None`` when there is none."""
    if len(match.hands) == len(result.hands):
        return list(zip(match.hands, result.hands))
    by_number: dict[int, Hand] = {}
    for h in match.hands:
        by_number.setdefault(h.number, h)
    return [(by_number.get(r.number), r) for r in result.hands]


def rules_of(result: MatchResult) -> RuleSet | None:
    """The ruleset a replayed match was judged under (its hands'), ``None`` for a match with no hand."""
    return result.hands[0].rules if result.hands else None



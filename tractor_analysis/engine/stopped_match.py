"""A match whose record stops inside its last hand: whether it does, the readings of that hand, and what they decide.

The record of a match cut short may end inside its last hand — between tricks, or inside the last trick with the
plays left out forced — with no ``[Claim]`` giving that hand its result.  The record does not say whether the clock
stopped the hand there (void) or the record merely stops (the hand played out), so the match is decided only where
both give the same winner, its final levels stated only where every reading gives the same (docs/rules.md §8.5;
``[Rule:stopped_hand "void"]``: the ruleset says the hand does not count).  :mod:`.replay` chains the hands and asks
this module: :func:`stopped_at`, :func:`void_stop`, the readings' levels (:func:`stop_ranges`, :func:`stop_levels`,
:func:`stop_spans`), the words of the decision (:func:`stopped_words`), and a forfeit reached at such a stop
(:func:`forfeit_at_stop`, :func:`stop_forfeit_withheld`).
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

from ..records.cards import TEAMS
from ..records.model import Hand, Match
from ..records.rulesets import RuleSet
from . import explain_readings, explain_stopped
from .explain import Message
from .doubted_lines import line_readings
from .forfeit_count import ForfeitEnd
from .hand_copies import Carry
from .outcome import levels_after_span, team_spans
from .played_cards import how_many_played
from .scoring import match_facts, stopped_decisions, stops_void
from .unread_tricks import tricks_numbered, tricks_read
from .verdicts import Derived, HandResult, MatchResult, Unknown


def stopped_at(hands: Sequence[Hand], results: Sequence[HandResult]) -> int | None:
    """:attr:`MatchResult.stopped_at`: the record's last hand where the record is known to stop inside it and no
    ``[Claim]`` gives that hand its result (:func:`record_stops_inside`); ``None`` otherwise."""
    if not hands or len(hands) != len(results):
        return None
    last = results[-1]
    if last.scored_by_claim:
        return None
    return (len(results) - 1 if record_stops_inside(hands[-1], last) or last_trick_stop(hands[-1], last)
            else None)


def void_stop(hand: Hand, result: HandResult) -> bool:
    """Under ``[Rule:stopped_hand "void"]`` (:func:`.scoring.stops_void`), the record ends inside ``hand`` with no
    result from its ``[Claim]``: it stops inside it (:func:`record_stops_inside`), or inside its last trick
    (:func:`last_trick_stop`) — under ``void`` the hand in progress when the record ends does not count, its result
    derived from the cards left (§7.4) nor its penalties (docs/rules.md §8.5)."""
    if not stops_void(result.rules) or result.scored_by_claim or hand.result_only or hand.setup or not hand.tricks:
        return False
    return record_stops_inside(hand, result) or last_trick_stop(hand, result)


def last_trick_stop(hand: Hand, result: HandResult) -> bool:
    """Under a ruleset deciding a match cut short by the levels (``decide_by_levels``: rounds the clock stops, under
    either ``stopped_hand`` setting), the record ends inside ``hand``'s last trick — a seat the record ends before still
    holding the card of its play there, which docs/rules.md §10.1 reads as the hand's end reached (the plays left out
    forced) — and no ``[Claim]`` settles the hand (none, or one the total the cards give does not match): the clock
    may have stopped the hand there (void), or the record merely leaves the forced plays out (played out: the total
    the cards give), docs/rules.md §8.5.  Not a position, a score sheet's hand, a record the hand stops inside
    between tricks (:func:`record_stops_inside`), or one stopping at a trick line it could not read (damage,
    :func:`.unread_tricks.tricks_read`)."""
    rules = result.rules
    if (not rules.decide_by_levels or result.scored_by_claim or result.claim_matches or hand.result_only
            or hand.setup or not hand.tricks or result.complete or record_stops_inside(hand, result)
            or tricks_read(tricks_numbered(hand, rules)[0])[1]):
        return False
    if result.forced_last is not None:      # just before the forced last trick, one card a seat left: as inside it
        return True
    if result.unfinished is None:
        # (no seat the record ends before holds a card — a misdeal's seat short of cards, §10.3)
        return False
    played = how_many_played(hand)
    size = rules.hand_size
    return len(hand.tricks[-1].plays) < 4 and max(played) == size and min(played) < size


def stop_ranges(hand: Hand, last: HandResult, carried: Carry | None) -> list[tuple]:
    """The readings of the record's last hand ``hand`` (``last``), which the record stops inside with no result from its
    ``[Claim]`` (:attr:`MatchResult.stopped_at`): per reading — the hand void (the levels it was played at), then
    played out to each result the cards left allow (:attr:`HandResult.finishes`, the one result derived from them among
    them; one reading of levels not known where the results are not known) — the lowest and highest level per player
    (a level known: itself; ``None``: not known, not bounded).  A level carried into the hand as a range (take-backs
    given as ``?``, ``carried``, docs/rules.md §10.2) is that range void, and bounds the level each result leaves
    (:func:`.outcome.levels_after_span`)."""
    carried_spans = carried.spans if carried is not None and carried.spans is not None else (None,) * 4
    before = last.player_levels_before
    readings = [tuple((lv, lv) if lv is not None else carried_spans[s] for s, lv in enumerate(before))]
    if last.finishes is None:
        return readings + [(None,) * 4]        # played out: to results not known
    for outcome, after in last.finishes:
        played = dataclasses.replace(last, outcome=outcome)
        readings.append(tuple((lv, lv) if lv is not None else levels_after_span(hand, played, s, carried_spans[s])
                              if before[s] is None and carried_spans[s] is not None else None
                              for s, lv in enumerate(after)))
    return readings


def stop_levels(readings: Sequence[tuple]) -> tuple[tuple[int | None, ...], tuple | None]:
    """The final levels per player, and their spans, of a match whose record stops inside its last hand with no result
    from its ``[Claim]`` (:attr:`MatchResult.stopped_at`) where the ruleset does not say that hand is void
    (``stopped_hand = open``, or no ``decide_by_levels``): every reading of it (``readings``: :func:`stop_ranges`)
    giving a player the same level, that level; else ``None``, with the lowest and highest the readings give where
    each bounds it (none where the results the cards left allow are not known: not bounded).  Never the void reading
    alone (docs/rules.md §8.5)."""
    levels: list[int | None] = []
    spans: list[tuple[int, int] | None] = []
    for s in range(4):
        ranges = [r[s] for r in readings]
        if None in ranges:
            levels.append(None)
            spans.append(None)
            continue
        low, high = min(lo for lo, _ in ranges), max(hi for _, hi in ranges)
        levels.append(low if low == high else None)
        spans.append(None if low == high else (low, high))
    return tuple(levels), (tuple(spans) if any(spans) else None)


def stop_spans(rules: RuleSet, hands: Sequence[Hand], results: Sequence[HandResult], carried_in: Sequence[Carry | None]
                ) -> tuple:
    """:attr:`MatchResult.stop_spans`: per reading of the hand the record stops inside (:func:`stop_ranges`), the
    range of each team's level where that reading leaves it not known but bounded; ``()`` where the record does not
    stop inside its last hand, or every level of every reading is known."""
    if stopped_at(hands, results) is None or len(carried_in) != len(results):
        return ()
    out = []
    for r in stop_ranges(hands[-1], results[-1], carried_in[-1]):
        levels = tuple(x[0] if x is not None and x[0] == x[1] else None for x in r)
        spans = tuple(None if x is None or x[0] == x[1] else x for x in r)
        out.append(team_spans(rules, levels, spans))
    return tuple(out) if any(any(t) for t in out) else ()


def stopped_words(result: MatchResult, team: int | None) -> MatchResult:
    """``result`` decided by the levels though its record stops inside its last hand (:attr:`MatchResult.stopped_at`):
    the ``derived`` ``winner`` every reading of that hand gives (void, or played out to each result the cards left
    allow), or the ``"unknown"`` (tag ``Claim``, withholding ``winner``) saying why no team is credited."""
    facts = match_facts(result)
    void, *rest = facts.stop_readings
    forced = result.hands[result.stopped_at].forced_last if result.stopped_at is not None else None
    decisions = stopped_decisions(facts) if facts.finishes_known else ()
    if result.stop_forfeit is not None and decisions:     # played out, a side forfeits at the hand's end
        words = explain_stopped.winner_forfeit_or_void(team, facts.stopped, (void.levels, void.holder, decisions[0][0]),
                                                       _forfeit_words((result.hands[0].rules if result.hands else None), result.stop_forfeit),
                                                       void.level_spans)
        if team is not None:
            return dataclasses.replace(result, derived=result.derived + (Derived(
                "winner", TEAMS[team], "both ways the record's last hand may have ended: stopped there (void) or played "
                "out to a forfeit at its end", *words),))
        return dataclasses.replace(result, unknowns=result.unknowns + (Unknown("Claim", ("winner",), *words),))
    if facts.stopped_void and team is not None:
        last = result.hands[-1]
        words = explain_stopped.winner_hand_void(team, facts.stopped, (void.levels, void.holder),
                                                 last.outcome is not None, result.levels_final_span)
        return dataclasses.replace(result, derived=result.derived + (Derived(
            "winner", TEAMS[team], "the ruleset: the hand the record stops inside does not count ([Rule:stopped_hand "
            "\"void\"]) — the levels it was played at, the dealer's side holding the deal", *words),))
    if team is not None:
        words = explain_stopped.winner_every_finish(team, facts.stopped, (void.levels, void.holder),
                                                    tuple((r.levels, r.holder, r.passed) for r in rest),
                                                    tuple(r.level_spans for r in facts.stop_readings), forced)
        return dataclasses.replace(result, derived=result.derived + (Derived(
            "winner", TEAMS[team], "every way the record's last hand may have ended: stopped there (void) or played "
            "out to each result the cards left allow", *words),))
    if facts.finishes_known:
        words = explain_stopped.winner_not_known(
            facts.stopped, (void.levels, void.holder, decisions[0][0]),
            tuple((r.levels, r.holder, r.passed, d[0]) for r, d in zip(rest, decisions[1:])),
            tuple(r.level_spans for r in facts.stop_readings), forced)
    else:
        words = explain_stopped.winner_not_known(facts.stopped, None, None, forced=forced)
    return dataclasses.replace(result, unknowns=result.unknowns + (Unknown("Claim", ("winner",), *words),))


def record_stops_inside(hand: Hand, result: HandResult) -> bool:
    """The record is known to end inside ``hand`` (its plays stop before the hand does): not a score
    sheet's hand, not a hand played out whose result is unknown, nor one that may have been (a hand
    whose plays were not judged, a seat whose cards are not known: ``complete`` is then false for
    want of knowing).  Known when no seat played a whole hand, or — a position giving every seat's
    line — a seat is left holding cards; never when the record goes on past a trick it gives no play of
    (:func:`.unread_tricks.tricks_read`; or a trick number it skips where a trick may be left out,
    :func:`.unread_tricks.tricks_numbered`): how many cards each seat played there is not known, so neither is
    whether the hand was played out — nor when it stops at such a trick line (damage, not a match stopped by
    the clock: docs/rules.md §8.5).  A position's seat given deal lines with different cards, its plays proving
    none (:func:`.doubted_lines.line_readings`): known where a seat is left holding cards under each of them — the
    hand's penalties then count under none, as with one line (docs/rules.md §10.1)."""
    if (hand.result_only or result.complete or result.forced_last is not None
            or tricks_read(tricks_numbered(hand, result.rules)[0])[1]):
        return False
    played = how_many_played(hand)
    if not hand.setup:
        return max(played) < result.rules.hand_size
    readings = line_readings(hand) if hand.deal_in_doubt else []
    deals = [hand.deal] if readings == [] else [] if readings is None else [h.deal for h in readings]
    return bool(deals) and all(deal is not None and all(deal) and any(len(deal[s]) > played[s] for s in range(4))
                               for deal in deals)


def forfeit_at_stop(match: Match, rules: RuleSet, end: ForfeitEnd) -> str | None:
    """:attr:`MatchResult.stop_forfeit`: under ``stopped_hand = open`` (``decide_by_levels``), the sides (``NS``,
    ``EW``, ``both``) every reading of the count forfeits at the end of the record's last hand, the record ending inside
    that hand's last trick (:func:`last_trick_stop`, no result from its ``[Claim]``) — that forfeit is the hand played
    out's only: void, its wrong follows and take-backs do not count (docs/rules.md §8.5, §10.1).  ``None`` otherwise
    (``void``: the hand's penalties are not counted at all, :func:`.replay._handed_on`; a damaged file: ``truncated_file``)."""
    results = end.results
    if (stops_void(rules) or match.truncated or not results or len(results) != len(match.hands) or not end.known
            or end.forfeit_at != (len(results) - 1,) or not last_trick_stop(match.hands[-1], results[-1])
            or stopped_at(match.hands, results) != len(results) - 1):
        return None
    sides = [t for t in (0, 1) if end.forfeits[t] is not None or end.reason_open[t]]
    return "both" if len(sides) == 2 else TEAMS[sides[0]] if sides else None


def _forfeit_words(rules: RuleSet | None, side: str) -> Message:
    """Who forfeits at the end of the stopped hand played out (:attr:`MatchResult.stop_forfeit` ``side``), the reason
    not said (the match's ``"unknown"`` withholding ``forfeit`` says it, and the hand's own findings)."""
    limit = rules.revoke_forfeit if rules is not None else None
    return explain_stopped.forfeit_reached((0, 1) if side == "both" else (TEAMS.index(side),), limit)


def stop_forfeit_withheld(number: int, rules: RuleSet, end: ForfeitEnd) -> ForfeitEnd:
    """``end`` with the forfeit reached at the end of the record's last hand ``number``, which it ends inside the last
    trick of (:func:`forfeit_at_stop`), made that hand's played-out reading's: no side forfeits the match
    outright, whether one did is withheld (the match's ``"unknown"`` tag ``Claim``, withholding ``forfeit``) from that
    hand on, and the hand's own ``derived`` ``forfeit`` (the count's, every reading of it played out) is dropped — the
    match is decided by :func:`.scoring.stopped_decisions` (docs/rules.md §8.5, §10.1)."""
    results = list(end.results)
    last = results[-1]
    results[-1] = dataclasses.replace(last, derived=tuple(d for d in last.derived if d.fact != "forfeit"))
    words = explain_readings.forfeit_message(end.forfeits, end.reason_open, rules.revoke_forfeit)
    unknown = Unknown("Claim", ("forfeit",), *explain_stopped.forfeit_at_stop_withheld(number, words))
    kept = tuple(u for u in end.unknowns if set(u.withheld) - {"forfeit_reason"})
    return dataclasses.replace(end, results=results, forfeits=(None, None), reason_open=(False, False), forfeit_at=(),
                               open_at=len(results) - 1, unknowns=kept + (unknown,))


__all__ = ["forfeit_at_stop", "last_trick_stop", "record_stops_inside", "stop_forfeit_withheld", "stop_levels", "stop_ranges", "stop_spans", "stopped_at", "stopped_words", "void_stop"]

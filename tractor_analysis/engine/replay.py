"""Replaying a hand and a match: the hand loop, scoring, levels and the next dealer.

The trick-by-trick judgement lives in :mod:`tractor_analysis.engine.tricks`; this module
rebuilds each player's cards (from the deal and the dealer's exchange, or from
the plays themselves), feeds every trick to :func:`~tractor_analysis.engine.tricks.judge_trick` (through `judge_tricks`),
checks what the record says beyond the plays (declarations, bury, deal, claim,
``[Level]``, ``[Dealer]``), scores the hand as itemised entries (rules.md §7) and
carries the team levels through the match (§8).  Its bilingual messages are made in
:mod:`tractor_analysis.engine.explain_hand`.

:func:`replay_hand` runs the steps of a hand in order: the setting (dealer, level, trump:
:func:`.setting.hand_setting`), the cards each seat starts with (:func:`_starting_hands`, the bury
chain), the partners (:func:`_defenders`), the tricks (:func:`_play_tricks`), the points
(:func:`_score`), the claim, the outcome and the level penalties (:mod:`.outcome`).

Everything is a pure function of the record and the ruleset: replaying the same
record twice gives equal results.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import chain
from operator import add, sub
from typing import Sequence

from ..records.cards import NUM_KINDS, POINTS, TOKEN, Card, next_seat, partner, team_of
from ..records.frozen import fast_init, gc_paused, settle_as_old
from ..records.deal_checks import seats_without_line, uneven_position
from ..records.model import Hand, Match, Trick
from ..records.rulesets import Miscount, RevokePenalty, RuleSet, ThrowPenalty, build_ruleset
from . import explain_hand, explain_unknown, referee, score_sheet
from .declarations import bottom_takers
from .explain import Message
from .outcome import hand_outcome, level_penalties
from .scoring import bottom_multiplier, failed_throw_penalty
from .setting import (Setting, bottom_unknown, claim_unknown, friend_unknown, hand_seats_unknown, hand_setting,
                      position_seats_unknown, throws_unknown)
from .tricks import COUNTS as _C_COUNTS, HandContext, hand_context, judge_tricks
from .unsure_throws import unsure_throws
from .unfinished import Unfinished, unfinished_setting, unfinished_trick, won_by_attackers
from .verdicts import (BOTH_FORFEIT, FORFEIT_BOTH_COUNTS, FORFEIT_TAKEBACKS, FORFEIT_WRONG_FOLLOWS, Derived,
                       HandResult, MatchResult, ScoreItem, TrickResult, Unknown, Violation, new_hand_result,
                       new_score_item, new_violation)

def ruleset_of(match: Match) -> RuleSet:
    """The ruleset a record asks for (problems in it are the parser's diagnostics)."""
    return build_ruleset(match.ruleset, match.rules)[0]


def replay_match(match: Match, rules: RuleSet | None = None, *, hands_before: bool = True) -> MatchResult:
    """Replay every hand of ``match`` in order, carrying levels and the deal; ``rules`` overrides the
    record's own ``[Ruleset]`` / ``[Rule:…]`` (the CLI's ``--rules``).  ``hands_before=False``: every
    trick's ``hands_before`` is ``()``, the rest the same (:func:`.tricks.judge_tricks`; for a caller
    that never reads them, as ``ingest``'s rows)."""
    with gc_paused:                 # the results built here are acyclic (see records.frozen)
        result = _replay_match(match, rules, hands_before)
        settle_as_old()         # the result goes to the caller: no young collection walks it
    return result


def _chain_break(hands: Sequence[Hand], index: int) -> str:
    """How hand ``index``'s number breaks the chain from the hand before it: ``repeated`` (an
    earlier hand has the same number: duplicate_hand), ``gap`` (the hand numbered one less is not
    in the record), ``misplaced`` (it is, but elsewhere) or ``out_of_order`` (a later number
    comes before it)."""
    number = hands[index].number
    if any(h.number == number for h in hands[:index]):
        return "repeated"
    if number < hands[index - 1].number:
        return "out_of_order"
    return "misplaced" if any(h.number == number - 1 for h in hands) else "gap"


def _replay_match(match: Match, rules: RuleSet | None, hands_before: bool = True) -> MatchResult:
    rules = rules if rules is not None else ruleset_of(match)
    levels: tuple[int, ...] = match.start_levels * 2   # per player N, E, S, W
    expected_dealer: int | None = None
    revokes = [0, 0]
    takebacks = [0, 0]
    winner: int | None = None
    forfeit: int | None = None
    forfeits: tuple[str | None, str | None] = (None, None)      # why each side forfeited (MatchResult)
    results: list[HandResult] = []
    # the first hand (unless its dealer was fixed before the deal: [DealerFixed "yes"]), and after
    # both sides miscounted (多少牌): 抢庄
    bid_for_deal = not (match.hands and referee.tag_value(match.hands[0].tags, "DealerFixed") == "yes")
    chain: str | None = None     # how the hand before broke the chain of levels and dealers
    first = match.hands[0] if match.hands else None
    if first is not None and first.number > 1 and not first.follows_skipped and not first.setup:
        # the record begins at hand N > 1: the hands before are not in it, so its first hand was
        # not the match's first deal (bid for only when it says so) and, without [Levels], the
        # levels carried into it are not known (a side's is learned again from [Level])
        chain, bid_for_deal = "begins_later", False
        if match.levels is None:
            levels = (None,) * 4
    for index, hand in enumerate(match.hands):
        if hand.follows_skipped:  # the reader skipped the hand before: nothing is carried over it
            chain, expected_dealer, bid_for_deal = "skipped", None, False
            levels = (None,) * 4
        elif index and hand.number != match.hands[index - 1].number + 1:
            # a hand number missing (or out of order): a hand not in the record may lie between,
            # so nothing is carried over the gap, as over a hand the reader skipped
            chain = _chain_break(match.hands, index)
            expected_dealer, bid_for_deal, levels = None, False, (None,) * 4
        if hand.bid_for:          # the record says this deal was bid for: no dealer carried over
            bid_for_deal, expected_dealer = True, None
        result = replay_hand(hand, rules, levels, expected_dealer,
                             first_of_match=bid_for_deal,
                             levels_known=(index > 0 or match.levels is not None), chain=chain,
                             hands_before=hands_before, first_hand=index == 0)
        results.append(result)
        levels = result.player_levels_after
        chain = None
        if result.outcome is None and index + 1 < len(match.hands):
            # no result: the levels it leaves are not known to the next hand (nor checked there)
            chain, levels = "no_result", (None,) * 4
        elif result.outcome is None and record_stops_inside(hand, result):
            # the record (the match) stops inside its last hand: that hand changed no level, so the
            # levels when the record ends are the ones it was played at (docs/rules.md §8.5)
            levels = result.player_levels_before
        for team in (0, 1):
            revokes[team] += result.revoke_levels[team]
            takebacks[team] += result.takeback_levels[team]
        bid_for_deal = result.outcome is not None and result.outcome.winner == "neither"
        if result.outcome is not None:
            expected_dealer = result.outcome.next_dealer
            if result.outcome.match_over and winner is None:
                winner = result.outcome.team
        else:
            expected_dealer = None
        if rules.revoke_forfeit and forfeits == (None, None) and winner is None:
            # seed 001, rules 五 and 七: three wrong follows, or three take-backs, forfeit the match;
            # both sides reaching it at the end of the same hand: both forfeit, no team wins (the
            # rules are silent: the project's reading, docs/rules.md §10.1)
            forfeits = (_forfeit_reason(rules, revokes[0], takebacks[0]),
                        _forfeit_reason(rules, revokes[1], takebacks[1]))
            if forfeits.count(None) == 1:
                forfeit = 0 if forfeits[0] is not None else 1
                winner = 1 - forfeit
    decided_by = None
    if None not in forfeits:
        decided_by = BOTH_FORFEIT
    elif forfeit is not None:
        decided_by = "forfeit"
    elif winner is not None:
        decided_by = "passed"
    elif rules.decide_by_levels and results and not rules.friend and None not in levels[:2] and (
            expected_dealer is not None or bid_for_deal):
        # seed 001, rule 十一: 比赛结束时升级高者获胜，同级时台上一方获胜 (after both sides
        # miscounted nobody holds the deal: only the levels can decide)
        if levels[0] != levels[1]:
            winner, decided_by = (0 if levels[0] > levels[1] else 1), "levels"
        elif expected_dealer is not None:
            winner, decided_by = team_of(expected_dealer), "deal"
    result = MatchResult(hands=tuple(results), winner=winner, forfeit=forfeit, decided_by=decided_by,
                         levels_final=(levels[0], levels[1]), player_levels_final=tuple(levels),
                         forfeit_reasons=forfeits)
    found = referee.match_findings(match, result)        # the record's own referee, when it has one
    return dataclasses.replace(result, problems=tuple(found)) if found else result


def _forfeit_reason(rules: RuleSet, revokes: int, takebacks: int) -> str | None:
    """Why a side with ``revokes`` wrong follows and ``takebacks`` take-backs punished by a level
    so far in the match forfeits it (``revoke_forfeit`` of either), ``None`` when it does not."""
    wrong = rules.revoke_penalty is RevokePenalty.LEVEL and revokes >= rules.revoke_forfeit
    taken = rules.takeback_penalty is RevokePenalty.LEVEL and takebacks >= rules.revoke_forfeit
    return (FORFEIT_BOTH_COUNTS if wrong and taken else FORFEIT_WRONG_FOLLOWS if wrong
            else FORFEIT_TAKEBACKS if taken else None)


def record_stops_inside(hand: Hand, result: HandResult) -> bool:
    """The record is known to end inside ``hand`` (its plays stop before the hand does): not a score
    sheet's hand, not a hand played out whose result is unknown, nor one that may have been (a hand
    whose plays were not judged, a seat whose cards are not known: ``complete`` is then false for
    want of knowing).  Known when no seat played a whole hand, or — a position giving every seat's
    line — a seat is left holding cards."""
    if hand.result_only or result.complete:
        return False
    played = [0, 0, 0, 0]
    for trick in hand.tricks:
        for p in trick.plays:
            played[p.seat] += len(p.cards)
    if not hand.setup:
        return max(played) < result.rules.hand_size
    return hand.deal is not None and all(hand.deal) and any(len(hand.deal[s]) > played[s] for s in range(4))


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


# --- the steps of a hand, and what they hand on ----------------------------------------

@dataclass(frozen=True, slots=True)
class _Start:
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
    """The bury not known and what that withholds."""


@dataclass(frozen=True, slots=True)
class _Play:
    """The tricks judged, whether they emptied every hand, and what was wrong in them."""
    tricks: tuple[TrickResult, ...]
    complete: bool
    violations: tuple[Violation, ...]
    unfinished: Unfinished | None = None
    """The last recorded trick, when the record ends in it (:mod:`.unfinished`)."""
    throws_withheld: tuple[int, ...] = ()
    """Tricks whose leader's throw verdict rests on a seat's cards not known (:mod:`.unsure_throws`)."""
    penalty_unknown: frozenset[int] = frozenset()
    """Tricks whose failed-throw penalty count is not known (withheld with the attackers' points)."""
    unsure_seats: frozenset[int] = frozenset()
    """The seats whose cards are read from their plays and not known to be all they held."""


@dataclass(frozen=True, slots=True)
class _Score:
    """The attackers' points as itemised entries, and the parts a hand result keeps."""
    items: tuple[ScoreItem, ...]
    attackers_points: int
    """Trick points (plus a position's points before it)."""
    bottom_points: int | None
    """``None`` when the record gives no bottom (it then counts for nothing only if the defenders
    take the last trick: else the points are withheld, :func:`.setting.bottom_unknown`)."""
    multiplier: int
    bonus: int
    penalties: int

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)


_new_start, _new_play, _new_score = map(fast_init, (_Start, _Play, _Score))


def replay_hand(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...] = (2, 2),
                expected_dealer: int | None = None, *, first_of_match: bool = True,
                levels_known: bool = False, chain: str | None = None, hands_before: bool = True,
                first_hand: bool = True) -> HandResult:
    """Replay and score one hand.

    ``levels`` are the levels carried into the hand: per team (N–S, E–W), or per player
    (N, E, S, W — friend mode, where each player keeps a level of their own), ``None`` where
    not known; ``expected_dealer`` the dealer the previous hand's outcome named (``None`` when
    unknown); ``chain`` ``skipped`` / ``no_result`` when the hand before broke the chain;
    ``hands_before=False``: the tricks' ``hands_before`` left empty (:func:`replay_match`);
    ``first_hand``: the record's first hand (its levels are the record's start, ``[Levels]``).

    What the record does not state is derived or unknown (:mod:`.setting`); whatever rests on
    an unknown is withheld (``None``), never defaulted (docs/rules.md "What the record must state").
    """
    if len(levels) == 2:
        levels = (levels[0], levels[1], levels[0], levels[1])
    setting = hand_setting(hand, rules, tuple(levels), expected_dealer, first_of_match, levels_known, chain,
                           first_hand)
    levels = setting.levels
    if not setting.judged:
        return _not_judged(hand, rules, setting)
    withheld = setting.withheld
    dealer = setting.dealer
    played = _Played(hand)
    start = _starting_hands(hand, rules, dealer, played)
    if start.derived or start.unknowns:     # the bottom or the bury derived, or the bury not known
        setting = dataclasses.replace(setting, derived=setting.derived + start.derived,
                                      unknowns=setting.unknowns + start.unknowns)
        withheld = setting.withheld
    if hand.setup and start.from_plays:     # seats of a position given no deal line: not known
        setting = position_seats_unknown(setting, start.from_plays)
        withheld = setting.withheld
    elif hand.deal is not None and not hand.setup and not all(hand.deal):   # a full hand missing a deal line
        setting = hand_seats_unknown(setting, frozenset(s for s, cards in enumerate(hand.deal) if not cards))
        withheld = setting.withheld
    defenders = _defenders(hand, rules, setting, start)
    if rules.friend and setting.dealer is not None and not hand.result_only and not defenders:
        setting = friend_unknown(hand, setting)     # the partner cannot be found: the sides are unknown
        withheld = setting.withheld
    play = _play_tricks(hand, rules, hand_context(rules, setting.level, setting.trump), start, dealer,
                        hands_before)
    if play.throws_withheld:              # a throw verdict rested on cards a seat may have held
        setting = throws_unknown(setting, play.unsure_seats, play.throws_withheld,
                                 bool(play.penalty_unknown) and rules.throw_penalty is ThrowPenalty.PER_CARD,
                                 hand.setup)
        withheld = setting.withheld
    sides_known = "sides" not in withheld
    if play.unfinished is not None:                # the record ends in its last trick: what that leaves open
        setting = unfinished_setting(setting, play.unfinished, defenders if sides_known else None)
        withheld = setting.withheld
    if (sides_known and play.complete and start.buried is None and not hand.result_only
            and play.tricks[-1].winner not in defenders):
        setting = bottom_unknown(setting)          # the attackers took the last trick: its bottom counts
        withheld = setting.withheld
    if hand.result_only and hand.claim is None:    # a score sheet's hand without its total
        setting = claim_unknown(setting)
        withheld = setting.withheld
    if hand.result_only:                  # a score sheet: its recorded total, nothing played
        score = _recorded(hand) if sides_known else None
    else:
        score = _score(hand, rules, play, start.buried, defenders) if sides_known else None
    violations = [*setting.violations, *start.violations, *play.violations]
    total_known = score is not None and "points" not in withheld
    if total_known:
        violations += _check_claim(hand, play.complete, score.total)
    miscount = (_miscounted(hand, rules, played, start, violations, play.tricks)
                if rules.miscount is Miscount.LEVEL and sides_known else ())
    scored = (play.complete or (hand.result_only and hand.claim is not None)) and "outcome" not in withheld
    outcome, after = (hand_outcome(rules, levels, setting, defenders, miscount, scored, score.total)
                      if score is not None else (None, levels))
    revoke_levels, takeback_levels, after = level_penalties(hand, rules, defenders, violations, after)
    if "levels" in withheld or outcome is None:     # no result: the levels it leaves are not known
        after = (None,) * 4
    if len(violations) > 1:
        violations.sort(key=_hand_first)
    result = new_hand_result(
        number=hand.number, dealer=dealer, level=setting.level, trump=setting.trump, rules=rules,
        defenders=defenders, tricks=play.tricks, violations=tuple(violations),
        attackers_points=score.attackers_points if total_known else None,
        bottom_points=None if score is None else score.bottom_points,
        bottom_multiplier=None if score is None else score.multiplier,
        bottom_bonus=None if score is None else score.bonus,
        penalties=None if score is None or (play.penalty_unknown and rules.throw_penalty is ThrowPenalty.PER_CARD)
        else score.penalties,
        attackers_total=score.total if total_known else None,
        items=() if score is None else score.items if total_known else tuple(
            i for i in score.items if i.kind != "setup_points"),
        outcome=outcome,
        levels_before=(levels[0], levels[1]), levels_after=(after[0], after[1]), claim=hand.claim,
        setup=hand.setup, complete=play.complete, revoke_levels=revoke_levels,
        takeback_levels=takeback_levels, player_levels_before=levels, player_levels_after=after,
        derived=setting.derived, unknowns=setting.unknowns, unfinished=play.unfinished,
        # legal ✓ only on everything the rules need: every seat's cards (a deal line each, sizes
        # that agree in a position) and, in a full hand, who led the first trick
        legality_known=(not start.from_plays and (hand.setup or dealer is not None)
                        and uneven_position(hand) is None))
    found = referee.hand_findings(hand, result)           # the record's own referee, when it has one
    kept = referee.excused(hand, violations)              # what a judge's early end explains
    if not found and kept is violations:
        return result
    violations = [*kept, *found]
    violations.sort(key=_hand_first)
    return dataclasses.replace(result, violations=tuple(violations))


def _hand_first(v: Violation) -> tuple[bool, int]:
    """The order of a hand's violations: the hand's own first, then by trick (a stable sort)."""
    return (v.trick is not None, v.trick or 0)


def _not_judged(hand: Hand, rules: RuleSet, setting: Setting) -> HandResult:
    """A hand whose plays cannot be judged (no trump, no level):
    no trick verdict, no points, no outcome; only what the record says about its setting."""
    levels = setting.levels
    return new_hand_result(
        number=hand.number, dealer=setting.dealer, level=setting.level, trump=setting.trump, rules=rules,
        defenders=frozenset(), tricks=(), violations=setting.violations, attackers_points=None,
        bottom_points=None, bottom_multiplier=None, bottom_bonus=None, penalties=None, attackers_total=None,
        items=(), outcome=None, levels_before=(levels[0], levels[1]), levels_after=(None, None),
        claim=hand.claim, setup=hand.setup, complete=False, revoke_levels=(0, 0), takeback_levels=(0, 0),
        player_levels_before=levels, player_levels_after=(None,) * 4, derived=setting.derived,
        unknowns=setting.unknowns, legality_known=False)


# --- small helpers ---------------------------------------------------------------------

def _counts(cards: Sequence[Card]) -> list[int]:
    """Counts per kind of ``cards`` (a new list): in C when the trick core is built."""
    if _C_COUNTS is not None:
        c = _C_COUNTS(cards)
        if c is not None:
            return c
    return _counts_python(cards)


def _counts_python(cards: Sequence[Card]) -> list[int]:
    """:func:`_counts` in Python (the reference)."""
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def _cards(counts: Sequence[int]) -> list[Card]:
    return [k for k in range(NUM_KINDS) for _ in range(counts[k])]


def _hand_violation(code: str, seat: int | None, message: Message,
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


class _Played:
    """:func:`_played` of a hand, counted the first time a seat's row is asked for (a hand dealt
    in full with its bottom and bury needs it only for the miscount rule): indexes and iterates
    like the tuple of four rows."""
    __slots__ = ("hand", "rows")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.rows: tuple[tuple[int, ...], ...] | None = None

    def all(self) -> tuple[tuple[int, ...], ...]:
        if self.rows is None:
            self.rows = _played(self.hand)
        return self.rows

    def __getitem__(self, seat: int) -> tuple[int, ...]:
        return self.all()[seat]

    def __iter__(self):
        return iter(self.all())

    def __len__(self) -> int:
        return 4


def _played(hand: Hand) -> tuple[tuple[int, ...], ...]:
    """The cards each seat played in the whole hand (counts per kind)."""
    played = [[0] * NUM_KINDS for _ in range(4)]
    for trick in hand.tricks:
        for play in trick.plays:
            row = played[play.seat]
            for k in play.cards:
                row[k] += 1
    return tuple(tuple(row) for row in played)


# --- the cards each seat starts with: the deal, the bottom, the bury chain ---------------

def _starting_hands(hand: Hand, rules: RuleSet, dealer: int | None, played: _Played) -> _Start:
    """Each seat's cards before the first trick, the bottom as buried, whether a deal was given,
    and the seats whose cards had to be read from their plays (their exchange is unknown).

    Without deal lines the hands are the cards each seat played (every card is played).
    With them, the dealer's hand is deal + bottom − buried, and the deal, the bottom and
    the bury are checked (``deal_mismatch``, ``bad_bury``).  After 炒地皮 each rebidder took
    the bottom in turn and buried again (seed 000): see :func:`_rebid_chain`.
    """
    if hand.deal is None or (dealer is None and not hand.setup):
        # no deal, or nobody known to have taken the bottom: each seat's cards are its plays
        return _new_start(played.all(), hand.buried, False, frozenset(range(4)))
    start = [(_counts(cards) if cards else list(played[s])) for s, cards in enumerate(hand.deal)]
    if hand.setup:          # a seat without its line: its hand is not known, only its plays
        return _new_start(tuple(map(tuple, start)), hand.buried, True, frozenset(seats_without_line(hand)))
    given = [bool(cards) for cards in hand.deal]
    from_plays = frozenset(s for s in range(4) if not given[s])
    checks = _check_deal(hand, rules, start) if all(given) else []
    takers = bottom_takers(dealer, hand.declarations)
    buries = (*hand.earlier_buries, hand.buried) if hand.buried is not None else ()
    if len(takers) > 1 or len(buries) > 1:
        return _rebid_chain(hand, rules, start, played, takers, buries, given, from_plays, checks)
    return _dealer_exchange(hand, rules, dealer, start, played, given, from_plays, checks)


def _dealer_exchange(hand: Hand, rules: RuleSet, dealer: int, dealt: list[list[int]],
                     played: _Played, given: list[bool], from_plays: frozenset[int],
                     checks: list[Violation]) -> _Start:
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
    if not given[dealer]:
        found = _bury_size(buried, dealer, rules) if buried is not None else []
        return _new_start(tuple(map(tuple, start)), None if found else buried,
                          all(given[s] for s in range(4) if s != dealer), from_plays, (*checks, *found))
    bottom, derived = hand.bottom, ()
    if bottom is None and all(given):
        bottom = _bottom_from_deal(rules, dealt)
        if bottom is not None:
            derived = (Derived("bottom", " ".join(TOKEN[k] for k in bottom), "the four deal lines",
                               *explain_unknown.bottom_from_deal(bottom, rules.decks)),)
    if bottom is None:
        found = _bury_size(buried, dealer, rules) if buried is not None else []
        start[dealer] = list(played[dealer])
        return _new_start(tuple(map(tuple, start)), None if found else buried, all(given), from_plays | {dealer},
                          (*checks, *found), derived)
    pool = list(map(add, dealt[dealer], _counts(bottom)))      # dealt: the deal's counts
    found = []
    if buried is not None:
        after, found = _bury_from(pool, buried, dealer, False, rules)
        if not found or (not _multiset_minus(pool, _counts(buried))[1] and after == list(played[dealer])):
            # a line the dealer could make, or one of the wrong size that its plays bear out (it buried that
            # many: its count is wrong, §10.3): the dealer's hand is deal + bottom − buried
            start[dealer] = after
            return _new_start(tuple(map(tuple, start)), buried, all(given), from_plays, (*checks, *found), derived)
    left, missing = _multiset_minus(pool, played[dealer])
    bad = buried is not None
    if not missing and sum(left) == rules.bottom_size:    # the dealer played a whole hand out of deal + bottom
        buried = tuple(_cards(left))
        start[dealer] = list(played[dealer])
        derived += (Derived("buried", " ".join(TOKEN[k] for k in buried),
                            "the bottom, the dealer's deal line and its plays",
                            *explain_unknown.buried_from_plays(dealer, buried, bad, hand.bottom is None)),)
        return _new_start(tuple(map(tuple, start)), buried, all(given), from_plays, (*checks, *found), derived)
    start[dealer] = list(played[dealer])
    what = ("legality",)
    unknown = Unknown("Buried", what, *explain_unknown.bury_not_known(dealer, bad, what))
    return _new_start(tuple(map(tuple, start)), None, all(given), from_plays | {dealer}, (*checks, *found), derived,
                      (unknown,))


def _bottom_from_deal(rules: RuleSet, dealt: Sequence[Sequence[int]]) -> tuple[Card, ...] | None:
    """The bottom a whole deal leaves: the cards of the decks in no deal line, when every line holds a
    hand's number of cards and they leave a bottom's (``None`` otherwise: a line is wrong)."""
    if any(sum(row) != rules.hand_size for row in dealt):
        return None
    rest = [rules.decks - sum(col) for col in zip(*dealt)]
    if min(rest) < 0 or sum(rest) != rules.bottom_size:
        return None
    return tuple(_cards(rest))


def _rebid_chain(hand: Hand, rules: RuleSet, dealt: list[list[int]], played: _Played,
                 takers: list[int], buries: tuple[tuple[Card, ...], ...], given: list[bool],
                 from_plays: frozenset[int], checks: list[Violation]) -> _Start:
    """After 炒地皮 each rebidder took the bottom in turn and buried again (seed 000).  With every
    bury recorded (one per taker: ``bad_bury`` otherwise) the chain is followed and checked, each
    taker's bury as :func:`_dealer_exchange` takes the dealer's (:func:`_chain_take`); with only
    the last one, the takers' hands come from their plays."""
    start = [row[:] for row in dealt]
    violations = list(checks)
    if len(buries) > 1 and len(buries) != len(takers):
        violations.append(_hand_violation("bad_bury", None,
                                          explain_hand.bury_count_mismatch(len(buries), len(takers))))
    if not (hand.bottom is not None and len(buries) == len(takers) and all(given[t] for t in takers)):
        # the exchanges are not all known: take the takers' hands from their plays
        for t in set(takers):
            start[t] = list(played[t])
        if buries:
            violations += _bury_size(buries[-1], takers[-1], rules)
        return _new_start(tuple(map(tuple, start)), hand.buried, all(given), from_plays | set(takers),
                      tuple(violations))
    taken: list[int] | None = _counts(hand.bottom)     # the bottom the next taker takes; None: not known
    unsure: set[int] = set()                            # takers whose hand is read from their plays
    derived: list[Derived] = []
    unknowns: list[Unknown] = []
    for i, t in enumerate(takers):
        taken, found = _chain_take(rules, start, played, takers, buries, i, taken, unsure, derived, unknowns)
        violations += found
    # the bottom as buried: the last bury as recorded, or derived from the last taker's plays, or not known
    buried = None if taken is None else hand.buried if taken == _counts(hand.buried) else tuple(_cards(taken))
    return _new_start(tuple(map(tuple, start)), buried, all(given), from_plays | unsure, tuple(violations),
                      tuple(derived), tuple(unknowns))


def _chain_take(rules: RuleSet, start: list[list[int]], played: _Played, takers: list[int],
                buries: tuple[tuple[Card, ...], ...], i: int, taken: list[int] | None, unsure: set[int],
                derived: list[Derived], unknowns: list[Unknown]) -> tuple[list[int] | None, list[Violation]]:
    """Taker ``i`` of the chain takes ``taken`` (the bottom, or the bury before; ``None``: not known)
    and buries ``buries[i]``: the bury the next taker takes, and the ``bad_bury`` found.  As for the
    dealer alone (:func:`_dealer_exchange`), a bury the taker could make (its cards held, its size
    right or borne out by its plays) gives its hand; a bad one is not used: the bury is then what
    its plays leave of what it held when they are a whole hand (derived, said), else not known —
    its hand is read from its plays (``unsure``: legality withheld for it), said in an ``unknown``,
    and so is the hand of the next taker, who took that bury.  A taker that takes the bottom again
    later is left its plays only at its last take (they are its hand after the last bury).
    ``start``, ``unsure``, ``derived`` and ``unknowns`` are updated in place."""
    t, bury = takers[i], buries[i]
    last, again = i == len(takers) - 1, t in takers[i + 1:]
    what = ("legality",)
    if taken is None or t in unsure:        # what it held when it buried is not known
        found = _bury_size(bury, t, rules)
        if t not in unsure:
            unknowns.append(Unknown("Buried", what, *explain_unknown.rebid_taken_not_known(t, takers[i - 1], what)))
        start[t] = list(played[t])
        unsure.add(t)
        return (None if found else _counts(bury)), found
    pool = list(map(add, start[t], taken))
    after, found = _bury_from(pool, bury, t, i > 0, rules)
    if not found or (not again and not _multiset_minus(pool, _counts(bury))[1] and after == list(played[t])):
        start[t] = after            # a bury it could make (a wrong size its plays bear out: its count is wrong)
        return _counts(bury), found
    left, missing = _multiset_minus(pool, played[t])
    if not again and not missing and sum(left) == rules.bottom_size:   # its plays: a whole hand of what it held
        start[t] = list(played[t])
        cards = _cards(left)
        derived.append(Derived("buried" if last else "earlier_bury", " ".join(TOKEN[k] for k in cards),
                               "the bottom taken, the hand it was added to and the plays",
                               *explain_unknown.rebid_bury_from_plays(t, cards, i + 1)))
        return left, found
    start[t] = list(played[t])
    unsure.add(t)
    unknowns.append(Unknown("Buried", what, *explain_unknown.rebid_bury_not_known(t, i + 1, last, what)))
    return None, found


def _bury_from(pool: list[int], buried: tuple[Card, ...], seat: int, rebid: bool,
               rules: RuleSet) -> tuple[list[int], list[Violation]]:
    """The hand left when ``seat`` buries ``buried`` from ``pool`` (its hand plus the bottom it
    took); cards not in the pool and a bury of the wrong size are ``bad_bury``."""
    after, missing = _multiset_minus(pool, _counts(buried))
    found = []
    if missing:
        found.append(_hand_violation("bad_bury", seat, explain_hand.buried_not_held(seat, missing, rebid),
                                     tuple(buried)))
    return after, found + _bury_size(buried, seat, rules)


def _bury_size(buried: tuple[Card, ...], seat: int, rules: RuleSet) -> list[Violation]:
    if len(buried) == rules.bottom_size:
        return []
    return [_hand_violation("bad_bury", seat, explain_hand.bury_wrong_size(seat, len(buried), rules.bottom_size),
                            tuple(buried))]


def _check_deal(hand: Hand, rules: RuleSet, dealt: Sequence[Sequence[int]]) -> list[Violation]:
    """Deal sizes and the whole pack: ``hand_size`` each, ``bottom_size`` left, every card ``decks`` times
    (``dealt``: the counts of the four deal lines)."""
    found = [_hand_violation("deal_mismatch", s, explain_hand.dealt_wrong_size(s, len(cards), rules.hand_size))
             for s, cards in enumerate(hand.deal) if len(cards) != rules.hand_size]
    if hand.bottom is None:
        return found
    if len(hand.bottom) != rules.bottom_size:
        found.append(_hand_violation("deal_mismatch", None,
                                     explain_hand.bottom_wrong_size(len(hand.bottom), rules.bottom_size)))
    total = _counts([*hand.bottom, *chain.from_iterable(hand.deal)])
    if total.count(rules.decks) == NUM_KINDS:       # every kind ``decks`` times: the whole pack
        return found
    wrong = [k for k in range(NUM_KINDS) if total[k] != rules.decks]
    found.append(_hand_violation("deal_mismatch", None, explain_hand.deal_not_full_decks(rules.decks, wrong, total)))
    return found


def _defenders(hand: Hand, rules: RuleSet, setting: Setting, begin: _Start) -> frozenset[int]:
    """The dealer's side (empty when unknown; a side derived without its dealer's seat: both
    partners).  Friend mode (rules.md §11, seed 001 挑选对家): the first player after the
    dealer, in play order, who holds the named card is the partner; a dealer holding every
    copy plays alone (一打三).  There the side is known only when ``[Friend]`` names the card
    and every copy of it is found — in the hands as the record starts them or in the bottom
    buried, or the four hands are a whole deal given (a copy none holds is then in the bottom);
    a position whose hands lack a copy (played before it?) leaves the partner unknown (empty)."""
    dealer = setting.dealer
    if dealer is None:
        return frozenset() if setting.side is None else frozenset({setting.side, setting.side + 2})
    if not rules.friend:
        return frozenset({dealer, partner(dealer)})
    card, start = hand.friend, begin.hands
    if card is None or hand.result_only:
        return frozenset()
    found = sum(start[s][card] for s in range(4)) + (begin.buried.count(card) if begin.buried is not None else 0)
    if found < rules.decks and (hand.setup or begin.from_plays):
        return frozenset()
    if start[dealer][card] >= rules.decks:
        return frozenset({dealer})
    seat = next_seat(dealer)
    while seat != dealer:
        if start[seat][card]:
            return frozenset({dealer, seat})
        seat = next_seat(seat)
    return frozenset({dealer})


# --- tricks, points, claim ---------------------------------------------------------------

def _play_tricks(hand: Hand, rules: RuleSet, ctx: HandContext, start: _Start, dealer: int | None,
                 hands_before: bool = True) -> _Play:
    """Every trick judged in turn from the starting hands (the dealer leads the first, then each
    winner; a position, or a hand whose dealer is unknown, accepts its recorded leader).  Cards
    left in a hand dealt in full after the last trick are a ``deal_mismatch``.  The hand is
    complete when the tricks empty every hand — for a seat whose cards are known only from its
    plays, when it played a whole hand (a record of one trick is not a hand played out)."""
    hands = list(map(list, start.hands))
    violations: list[Violation] = []
    leader: int | None = None if hand.setup else dealer
    tricks = judge_tricks(ctx, hand.tricks, hands, leader, hands_before)
    unfinished = unfinished_trick(ctx, hand.tricks[-1], tricks[-1], hands, start.from_plays) if tricks else None
    if unfinished is not None:
        # the record ends in this trick: its missing seats did not fail to play (no violation), and
        # its winner and points are what their plays leave certain (None where they do not)
        last = tricks[-1]
        gone = set(unfinished.missing)
        tricks = [*tricks[:-1], dataclasses.replace(
            last, winner=unfinished.winner,
            points=unfinished.points if unfinished.points is not None else last.points,
            violations=tuple(v for v in last.violations
                             if not (v.code == "out_of_turn" and not v.played and v.seat in gone)))]
    empty = not any(map(any, hands))
    unsure: frozenset[int] = frozenset()
    if hand.setup and start.from_plays:     # a position's seat with no deal line: its cards are not all known,
        empty = False                       # so whether the hand ended is not known either
        unsure = start.from_plays
    elif start.from_plays:
        counts = [0, 0, 0, 0]
        for trick in hand.tricks:
            for p in trick.plays:
                counts[p.seat] += len(p.cards)
        empty = empty and all(counts[s] >= rules.hand_size for s in start.from_plays)
        unsure = frozenset(s for s in start.from_plays if counts[s] < rules.hand_size)
    checked = unsure_throws(ctx, hand.tricks, tricks, start.hands, unsure, _free(rules, start)) if unsure else None
    if checked is not None and checked.withheld:
        tricks = list(checked.tricks)
    for result in tricks:
        if result.violations:
            violations.extend(result.violations)
    if (not hand.setup and start.deal_given and tricks and not empty
            and not _ends_early(hands, unfinished, hand.tricks[-1])):      # (the record just ends early)
        for s in range(4):
            cards = _cards(hands[s])
            if cards:
                violations.append(_hand_violation(
                    "deal_mismatch", s, explain_hand.cards_left_after_last_trick(s, cards), tuple(cards)))
    if checked is None or not checked.withheld:
        return _new_play(tuple(tricks), bool(tricks) and empty and unfinished is None, tuple(violations), unfinished)
    return _new_play(tuple(tricks), bool(tricks) and empty and unfinished is None, tuple(violations), unfinished,
                     checked.withheld, checked.penalty_unknown, unsure)


def _free(rules: RuleSet, start: _Start) -> list[int]:
    """Per kind, the copies the record places nowhere: the decks' copies less the starting hands
    (a seat read from its plays: those plays) and the bottom buried."""
    placed = [sum(col) for col in zip(*start.hands)]
    if start.buried is not None:
        for k in start.buried:
            placed[k] += 1
    return [max(0, rules.decks - n) for n in placed]


def _ends_early(hands: Sequence[Sequence[int]], unfinished: Unfinished | None, last: Trick) -> bool:
    """The cards still held are just what a record that stops early leaves: every seat holds as
    many (the seats the record ends before: one lead's worth more).  They are then no sign of a
    wrong deal (``deal_mismatch``): the hand is incomplete, and says so."""
    left = [sum(h) for h in hands]
    if unfinished is not None:
        size = len(last.plays[0].cards)
        for s in unfinished.missing:
            left[s] -= size
    return len(set(left)) == 1 and left[0] >= 0


def _score(hand: Hand, rules: RuleSet, play: _Play, buried: tuple[Card, ...] | None,
           defenders: frozenset[int]) -> _Score:
    """The attackers' points (rules.md §7): a position's earlier points, their trick points,
    the bottom when they won the last trick of a complete hand, and failed-throw penalties."""
    trick_points = sum(t.points for t in play.tricks if t.winner is not None and t.winner not in defenders)
    u = play.unfinished
    if u is not None and play.tricks[-1].winner is None and won_by_attackers(u, defenders):
        trick_points += play.tricks[-1].points      # a winner not known, but of the attackers either way
    items: list[ScoreItem] = []
    if hand.setup and hand.points:
        items.append(new_score_item("setup_points", hand.points, *explain_hand.setup_points(hand.points)))
    items.append(new_score_item("tricks", trick_points, *explain_hand.trick_points(trick_points)))
    bottom_points = sum(map(POINTS.__getitem__, buried)) if buried is not None else None
    mult = bonus = 0
    if play.complete and buried is not None and play.tricks[-1].winner not in defenders:
        last = play.tricks[-1]
        mult = bottom_multiplier(rules, last.winning_shape, last.lead_shapes)
        bonus = bottom_points * mult
        items.append(new_score_item("bottom", bonus, *explain_hand.bottom_bonus(bottom_points, mult, bonus)))
    penalties = _throw_penalties(rules, play.tricks, defenders, play.penalty_unknown)
    return _new_score(items=(*items, *penalties),
                  attackers_points=trick_points + (hand.points if hand.setup else 0),
                  bottom_points=bottom_points, multiplier=mult, bonus=bonus,
                  penalties=sum(i.points for i in penalties))


def _recorded(hand: Hand) -> _Score:
    """A result-only hand (a score sheet, :mod:`.score_sheet`): the recorded total, nothing played."""
    items = score_sheet.recorded_items(hand)
    return _new_score(items=items, attackers_points=0, bottom_points=0, multiplier=0, bonus=0, penalties=0)


def _throw_penalties(rules: RuleSet, tricks: Sequence[TrickResult], defenders: frozenset[int],
                     unknown: frozenset[int] = frozenset()) -> list[ScoreItem]:
    """``throw_penalty = per_card``: each card of a failed throw not played (``throw_penalty_cards =
    failing_units``: each card of a beaten unit) costs its side ``throw_penalty_points`` (the
    attackers lose them, the defenders give them away).  A trick in ``unknown`` (its count rests on
    cards a seat may have held: :mod:`.unsure_throws`) is left out: the points are then withheld."""
    if rules.throw_penalty is not ThrowPenalty.PER_CARD:
        return []
    items = []
    for t in tricks:
        if t.number in unknown:
            continue
        n = t.cards_not_thrown
        if not t.throw_failed and not n:         # a failed throw the record wrote as if it stood
            n = sum(len(v.played) - len(v.better) for v in t.violations
                    if v.code == "throw_failed" and v.seat == t.leader)
        if n > 0:
            items.append(new_score_item(
                "throw_penalty", failed_throw_penalty(rules, n, t.leader in defenders),
                *explain_hand.throw_penalty(t.number, t.leader, n, rules.throw_penalty_points), t.number))
    return items


def _check_claim(hand: Hand, complete: bool, total: int) -> list[Violation]:
    """A claimed score (``[Claim]``) other than the plays give: ``claim_mismatch``."""
    if hand.claim is not None and complete and hand.claim != total:
        return [_hand_violation("claim_mismatch", None, explain_hand.claim_mismatch(hand.claim, total))]
    return []


# --- the miscount that decides a hand, and the outcome's words ---------------------------

def _miscounted(hand: Hand, rules: RuleSet, played: Sequence[Sequence[int]], start: _Start,
                violations: Sequence[Violation], tricks: Sequence[TrickResult]) -> tuple[int, ...]:
    """Seats with too many or too few cards (多少牌) once the hand has ended.

    The hand has ended when some seat played a whole hand (``hand_size`` cards) or, with
    its deal line, every card it started with.  Then a seat miscounted when it started with
    another number of cards than a hand holds (its deal line, or the dealer's or a
    rebidder's hand after burying: known only with the deal lines), or when it played a
    wrong number of cards to a trick (``wrong_count``: it ends short or long).  A seat whose
    play is simply missing from the record, with nothing else wrong, is a record cut short,
    not a miscount; so is a record that stops before anyone played a whole hand."""
    if hand.setup or not tricks:
        return ()
    n = rules.hand_size
    totals = [sum(row) for row in played]
    known = [s not in start.from_plays for s in range(4)]     # a start read from the plays proves nothing
    sizes = [sum(row) for row in start.hands]
    if max(totals) < n and not any(known[s] and totals[s] >= sizes[s] for s in range(4)):
        return ()
    out = {v.seat for v in violations if v.code == "wrong_count" and v.seat is not None}
    out |= {s for s in range(4) if known[s] and sizes[s] != n}
    return tuple(sorted(out))


def describe_outcome(result: HandResult) -> tuple[str, str]:
    """Bilingual one-line outcome: who won, levels, next dealer."""
    return explain_hand.outcome(result.outcome)

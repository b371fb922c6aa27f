"""Replaying a match: the levels and the dealer carried from hand to hand (rules.md §8), the
penalties that forfeit a match, hands recorded after it was decided, and the decision.

Each hand is replayed by :func:`.hand_replay.replay_hand`; this module chains them: what each hand
hands on (levels after, the next dealer, whether the next deal is bid for), where the record's
chain breaks (a hand skipped, a number missing, a record beginning later or cut by damage), the
wrong follows and take-backs counted towards a forfeit — with what the record leaves open of them
(:class:`_Tally`: plays not judged or left out, take-backs whose seats are not known), decided only where
every reading agrees —, and the match's winner (:func:`.scoring.decide_match`).

Everything is a pure function of the record and the ruleset: replaying the same
record twice gives equal results.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import TEAMS
from ..records.frozen import gc_paused, settle_as_old
from ..records.model import Hand, Match
from ..records.rulesets import RevokePenalty, RuleSet, build_ruleset
from . import explain_forfeit, explain_hand, explain_unknown, referee
from .hand_replay import replay_hand
from .explain import Message
from .outcome import offenders, takeback_seats_open, takeback_seats_unknown, takebacks_punished_unknown
from .starting_hands import hand_violation
from .scoring import ENGINE_DECIDED_BY, decide_match
from .verdicts import (FORFEIT_BOTH_COUNTS, FORFEIT_TAKEBACKS, FORFEIT_WRONG_FOLLOWS, Derived, HandResult,
                       MatchResult, Unknown, Violation)


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
    tally = _Tally()                # the wrong follows and take-backs counted towards a forfeit, by team
    decided = False         # a side passed the winning level, or forfeited: later hands decide nothing
    final: tuple | None = None      # the levels the deciding hand left (later hands count for nothing)
    decided_at: int | None = None   # the index of the deciding hand
    decided_in: tuple[int, int | None, bool] | None = None     # its number, the side, and whether a forfeit
    after: list[int] = []           # hands recorded after the match was decided
    forfeits: tuple[str | None, str | None] = (None, None)      # why each side forfeited (MatchResult)
    count_lost: int | None = None   # the hand from which the take-backs a side made are not known
    count_open: tuple[_Open, ...] | None = None     # what leaves open whether a side forfeited (from a hand on)
    open_at: int | None = None      # the index of the hand from whose end on that is not known
    offences = [0, 0]               # friend mode: the match's wrong follows, take-backs, punished by a level
    friend_open: tuple[int, int] | None = None      # friend mode: (hand, count) from which a forfeit is not known
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
        elif not hand.bid_for_known and expected_dealer is not None:
            # whether the deal was bid for is not known (an 80fen round without "redeals"): the
            # dealer carried over is not checked, nor taken (the levels carried are known)
            chain, expected_dealer = chain or "bid_for_unknown", None
        if decided:
            after.append(hand.number)
        result = replay_hand(hand, rules, levels, expected_dealer,
                             first_of_match=bid_for_deal,
                             levels_known=(index > 0 or match.levels is not None), chain=chain,
                             hands_before=hands_before, first_hand=index == 0,
                             forfeit_open=(not decided and forfeits == (None, None) and count_lost is None
                                           and friend_open is None and count_open is None))
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
        tally.add(hand, result, rules)
        bid_for_deal = result.outcome is not None and result.outcome.winner == "neither"
        expected_dealer = result.outcome.next_dealer if result.outcome is not None else None
        counting = bool(rules.revoke_forfeit) and forfeits == (None, None) and not decided and count_lost is None
        if counting and takebacks_punished_unknown(hand, rules):
            # a word of [Takebacks] that is no seat (not sure to be one take-back): from this hand on each
            # side's count is not known, so no forfeit is decided on the count of the readable ones
            count_lost = hand.number
        if rules.friend and rules.revoke_forfeit and not decided and count_lost is None and friend_open is None:
            friend_open = _friend_count(hand, rules, result, offences)
        if counting and count_lost is None and count_open is None and friend_open is None:
            # wrong follows not judged, take-backs whose seats are not known ("?"), a play left out whose ways
            # differ: where the count's fewest and its most give different sides forfeiting, whether a side
            # forfeited (by this hand, and so later) is not known (docs/rules.md §10.1, §10.2)
            count_open = tally.open_here(rules, offences)
            if count_open is not None and any(o.kind == "Takebacks" and o.number == hand.number for o in count_open):
                results[-1] = result = _forfeit_withheld(hand, rules, result)
        if open_at is None and (count_lost is not None or count_open is not None or friend_open is not None):
            open_at = index         # whether a side forfeited is not known from the end of this hand on
        if counting and count_lost is None and count_open is None and not rules.friend:
            # seed 001, rules 五 and 七: three wrong follows, or three take-backs, forfeit the match;
            # both sides reaching it at the end of the same hand: both forfeit, no team wins; a side
            # reaching it in the hand it passes the winning level forfeits all the same — the count
            # is read before the pass (the rules are silent: the project's readings, docs/rules.md §10.1)
            forfeits = tally.reasons(rules)
            decided = forfeits != (None, None)
            fact = tally.every_reading(rules, hand.number, forfeits)
            if fact is not None:        # the same under every reading of what the count leaves open: said
                results[-1] = result = dataclasses.replace(result, derived=result.derived + (fact,))
            if decided and result.outcome is not None and result.outcome.match_over:
                # the forfeit, not the pass, ends the match: the hand does not say it won it
                results[-1] = dataclasses.replace(
                    result, outcome=dataclasses.replace(result.outcome, match_over=False))
            if decided and decided_in is None:
                one = [t for t in (0, 1) if forfeits[t] is not None]
                decided_in = (hand.number, one[0] if len(one) == 1 else None, True)
        if not decided and result.outcome is not None and result.outcome.match_over:
            decided, decided_in = True, (hand.number, result.outcome.team, False)
        if decided and final is None:
            final, decided_at = levels, index
    if after and decided_in is not None:      # the match ended first: those hands count for nothing
        levels = final
        problems: tuple[Violation, ...] = (hand_violation(
            "after_match_end", None, explain_hand.after_match_end(after, *decided_in)),)
    else:
        problems = ()
    unknowns: tuple[Unknown, ...] = ()
    if friend_open is not None:     # friend mode: someone may have forfeited, the match ended at unknown levels
        levels = (None,) * 4
        unknowns += (Unknown("friend", ("forfeit",), *explain_hand.friend_forfeit_unknown(
            *friend_open, rules.revoke_forfeit, ("forfeit",))),)
    if count_open is not None:      # a side may have forfeited: the match may have ended at unknown levels
        levels = (None,) * 4
        unknowns += _open_unknowns(rules, count_open)
    if count_lost is not None:      # a side may have forfeited: the match may have ended at unknown levels
        levels = (None,) * 4
        unknowns += (Unknown("Takebacks", ("forfeit",), *explain_forfeit.takebacks_forfeit_unknown(
            count_lost, rules.revoke_forfeit, ("forfeit",))),)
    if match.truncated and results and (decided_at is None
                                        or (decided_at == len(results) - 1 and not results[-1].complete)):
        # the file is damaged (truncated_file): the record stops at the damage, not where the match
        # ended — unless a hand read whole decided it, who won and the final levels are not known (a
        # forfeit reached in the hand the damage cuts: whether the other side reached it too is not known)
        levels = (None,) * 4
        what = ("result",) if decided_at is None else ("result", "forfeit")
        if decided_at is not None:
            forfeits = (None, None)
        unknowns += (Unknown("truncated_file", what, *explain_unknown.record_cut_by_damage(
            match.hands[-1].number, what)),)
    result = MatchResult(hands=tuple(results), levels_final=(levels[0], levels[1]),
                         player_levels_final=tuple(levels), forfeit_reasons=forfeits, problems=problems,
                         unknowns=unknowns, after_end=tuple(after) if problems else (),
                         forfeit_open_at=open_at if open_at is not None and any(
                             "forfeit" in u.withheld for u in unknowns) else None)
    # who won, and how: the one decision the standings make too (scoring.decide: a forfeit, a
    # side passing the winning level, else seed 001 rule 十一 where the ruleset says so)
    team, how = decide_match(result)
    decided_by = ENGINE_DECIDED_BY.get(how, "passed" if how.startswith("passed") else None)
    if team is not None or decided_by is not None:
        result = dataclasses.replace(result, winner=team, decided_by=decided_by)
    found = referee.match_findings(match, result)        # the record's own referee, when it has one
    return dataclasses.replace(result, problems=result.problems + tuple(found)) if found else result


def _friend_count(hand: Hand, rules: RuleSet, result: HandResult, offences: list[int]) -> tuple[int, int] | None:
    """Friend mode (找朋友): ``offences`` (the match's wrong follows and take-backs punished by a level so
    far) with ``hand``'s added; ``(hand number, count)`` once either reaches ``revoke_forfeit``.  Seed 001
    rules 五 and 七 forfeit the match of the side that reaches the count, but the sides change every
    hand there and nothing says whose count it is (docs/rules.md §10.1, §11): below the count no reading
    forfeits anyone; from it, whether the match was forfeited, and by whom, is not known — withheld,
    never pinned on a fixed partnership."""
    revokers, takers = offenders(hand, rules, result.violations)
    offences[0] += len(revokers)
    offences[1] += len(takers) + takeback_seats_open(hand, rules)     # a "?" is one take-back: counted
    reached = [n for n in offences if n >= rules.revoke_forfeit]
    return (hand.number, max(reached)) if reached else None


@dataclass(frozen=True, slots=True)
class _Open:
    """A hand that leaves the match's count of penalties open: how many more than the fewest it may add."""

    number: int
    """The hand's number."""
    kind: str
    """``play`` (a play left out whose ways give different counts: :attr:`.HandResult.penalties_open`),
    ``unjudged`` (plays not judged: :attr:`.HandResult.follows_unjudged`), ``Takebacks`` (take-backs whose
    seats are not known, ``?``), ``contradicted`` (a tag the rest of the record contradicts, the hand judged
    under each value: they give different counts)."""
    revokes: tuple[int, int]
    """The most wrong follows it may add, by team (N–S, E–W)."""
    takebacks: tuple[int, int]
    """The most take-backs it may add, by team."""
    why: str = ""
    """``unjudged``: the tag whose value not known left the plays not judged (``Trump``, ``Level``, ``play``);
    ``contradicted``: the tag contradicted (``Level``, ``Dealer``, ``Trump``)."""


@dataclass(slots=True)
class _Tally:
    """The match's wrong follows and take-backs punished by a level, by team (N–S, E–W), so far: the fewest
    the record gives (those it states or the judgement finds: ``revokes``, ``takebacks``) and each hand that
    leaves some open (``open``), by how many more.  A side's reaching the forfeit count rises with its own
    counts alone, and each hand's most can fall on each side, so the fewest and the most (every hand's
    most) bound every reading: where they give the same sides forfeiting, so does every reading."""

    revokes: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    takebacks: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    open: list[_Open] = dataclasses.field(default_factory=list)
    added: bool = False
    """The last hand added changed the count (a penalty, or one left open)."""

    def add(self, hand: Hand, result: HandResult, rules: RuleSet) -> None:
        """Count ``hand`` (``result``: its judgement) in."""
        before = len(self.open)
        for t in (0, 1):
            self.revokes[t] += result.revoke_levels[t]
            self.takebacks[t] += result.takeback_levels[t]
        if result.penalties_open is not None:       # the ways of filling a play left out differ
            (most_r, most_t) = result.penalties_open
            more_r = tuple(most_r[t] - result.revoke_levels[t] for t in (0, 1))
            more_t = tuple(most_t[t] - result.takeback_levels[t] for t in (0, 1))
            if any(more_r) or any(more_t):
                # the judgements merged are the ways of filling a play left out, or (no play left out) the
                # values of a tag the rest of the record contradicts (docs/rules.md §14.1): named as such
                tags = [t[:1].upper() + t[1:] for t, _ in result.contradicted]     # as the hand's unknown: Level
                if tags and not any(u.tag == "play" for u in result.unknowns):
                    self.open.append(_Open(hand.number, "contradicted", more_r, more_t, tags[0]))
                else:
                    self.open.append(_Open(hand.number, "play", more_r, more_t))
        if result.follows_unjudged is not None and rules.revoke_penalty is RevokePenalty.LEVEL:
            why = next((u.tag for u in result.unknowns if "verdicts" in u.withheld), "play")
            self.open.append(_Open(hand.number, "unjudged", result.follows_unjudged, (0, 0), why))
        seats = takeback_seats_open(hand, rules)
        if seats and not rules.friend:      # each may be either side's (friend mode counts them all: exact)
            self.open.append(_Open(hand.number, "Takebacks", (0, 0), (seats, seats)))
        self.added = len(self.open) > before or any(result.revoke_levels) or any(result.takeback_levels)

    def most(self, kinds: frozenset[str] | None = None) -> tuple[list[int], list[int]]:
        """The most wrong follows and take-backs by team: the fewest, and what the hands of ``kinds`` (all:
        ``None``) leave open."""
        revokes, takebacks = list(self.revokes), list(self.takebacks)
        for o in self.open:
            if kinds is None or o.kind in kinds:
                for t in (0, 1):
                    revokes[t] += o.revokes[t]
                    takebacks[t] += o.takebacks[t]
        return revokes, takebacks

    def reasons(self, rules: RuleSet, kinds: frozenset[str] | None = frozenset()) -> tuple[str | None, str | None]:
        """Why each side forfeits on the count (:func:`_forfeit_reason`): the fewest, or the most of ``kinds``."""
        revokes, takebacks = self.most(kinds)
        return _forfeit_reason(rules, revokes[0], takebacks[0]), _forfeit_reason(rules, revokes[1], takebacks[1])

    def open_here(self, rules: RuleSet, offences: Sequence[int]) -> tuple[_Open, ...] | None:
        """What leaves open whether a side forfeited by now, ``None`` when the count decides it whatever the
        open hands hide: the hands of the kinds that alone make the fewest and the most disagree (all open
        hands when none alone does).  Friend mode: the match's count (``offences``, the known wrong follows
        and take-backs) and the most its open hands add, below ``revoke_forfeit`` or not (docs/rules.md §11)."""
        if not self.open:
            return None
        if rules.friend:
            revokes, takebacks = self.most()
            more = (sum(revokes) - sum(self.revokes), sum(takebacks) - sum(self.takebacks))
            reach = [rules.revoke_penalty is RevokePenalty.LEVEL, rules.takeback_penalty is RevokePenalty.LEVEL]
            if any(reach[i] and offences[i] < rules.revoke_forfeit <= offences[i] + more[i] for i in (0, 1)):
                return tuple(self.open)
            return None
        fewest = _sides(self.reasons(rules))
        if _sides(self.reasons(rules, None)) == fewest:
            return None
        kinds = list(dict.fromkeys(o.kind for o in self.open))
        alone = [k for k in kinds if _sides(self.reasons(rules, frozenset((k,)))) != fewest]
        return tuple(o for o in self.open if o.kind in (alone or kinds))

    def every_reading(self, rules: RuleSet, number: int, forfeits: tuple[str | None, str | None]) -> Derived | None:
        """Whether a side forfeited the match by the end of hand ``number`` as a derived fact, when the hand
        changed the count and the count leaves some open (:meth:`open_here` found every reading agree)."""
        if not self.open or not self.added:
            return None
        value = ("none" if forfeits == (None, None) else "both" if None not in forfeits
                 else TEAMS[0] if forfeits[0] is not None else TEAMS[1])
        return Derived("forfeit", value, "the match's wrong follows and take-backs, under every reading",
                       *explain_forfeit.forfeit_every_reading(value, rules.revoke_forfeit, _clauses(self.open, rules)))


def _sides(reasons: tuple[str | None, str | None]) -> tuple[bool, bool]:
    """Which sides forfeit (a reason each: :func:`_forfeit_reason`)."""
    return reasons[0] is not None, reasons[1] is not None


def _clauses(opened: Sequence[_Open], rules: RuleSet) -> list[Message]:
    """What leaves the count open, one clause per kind (:func:`.explain_forfeit.open_count_words`)."""
    out = []
    for kind in dict.fromkeys(o.kind for o in opened):
        mine = [o for o in opened if o.kind == kind]
        numbers = list(dict.fromkeys(o.number for o in mine))
        extra = (sum(o.revokes[0] for o in mine), sum(o.revokes[1] for o in mine))
        out.append(explain_forfeit.open_count_words(kind, numbers, extra, [o.why for o in mine], rules.friend))
    return out


def _open_unknowns(rules: RuleSet, opened: Sequence[_Open]) -> tuple[Unknown, ...]:
    """The match's ``Unknown`` when whether a side forfeited is not known for what ``opened`` leaves open: a
    play left out alone keeps its own words (tag ``play``, :func:`.explain_forfeit.gap_forfeit_unknown`);
    else one naming every cause, tagged as the first (``Takebacks``: take-backs whose seats are not known;
    plays not judged: the tag whose value is not known, ``Trump`` or ``Level`` — ``play`` from a play left
    out on)."""
    what = ("forfeit",)
    if {o.kind for o in opened} == {"play"}:
        return (Unknown("play", what, *explain_forfeit.gap_forfeit_unknown(opened[0].number, rules.revoke_forfeit,
                                                                            what)),)
    first = opened[0]
    tag = first.why if first.kind in ("unjudged", "contradicted") else first.kind
    return (Unknown(tag, what, *explain_forfeit.count_open_unknown(_clauses(opened, rules), rules.revoke_forfeit,
                                                                   what)),)


def _forfeit_withheld(hand: Hand, rules: RuleSet, result: HandResult) -> HandResult:
    """``result`` whose take-backs whose seats are not known leave open whether a side forfeited the match
    (:meth:`_Tally.open_here`): its ``Takebacks`` unknown withholds that too."""
    unknowns = tuple(u if u.tag != "Takebacks" or "forfeit" in u.withheld
                     else takeback_seats_unknown(takeback_seats_open(hand, rules), rules, (*u.withheld, "forfeit"),
                                                 _kept(result))
                     for u in result.unknowns)
    return dataclasses.replace(result, unknowns=unknowns)


def _kept(result: HandResult) -> tuple[str, ...]:
    """The sides the hand's derived ``levels_after`` keeps at 2 (:func:`.outcome.takebacks_unknown`)."""
    return tuple(w.split(":")[0] for d in result.derived if d.fact == "levels_after" for w in d.value.split())


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

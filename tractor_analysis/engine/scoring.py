"""Scoring a hand: the bottom multiplier, the score table, level changes.

Pure functions of the ruleset and numbers; :mod:`tractor_analysis.engine.replay`
applies them to a replayed hand.  rules.md §7 (bottom) and §8 (levels).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import RANK_TOKENS, TEAMS
from ..records.rulesets import BottomMultiplier, RuleSet, ScoreTable, StoppedHand, ThrowPenalty, ThrowPenaltyCards
from .verdicts import BOTH_FORFEIT

ACE = 14


def bottom_multiplier(rules: RuleSet, shape: tuple[int, int],
                      shapes: tuple[tuple[int, int], ...] = ()) -> int:
    """Multiplier of the bottom's points when the attackers win the last trick.

    ``shape`` is ``(copies, length)`` of the largest unit of the winning play as it
    counts against the lead: single (1, 1), pair (2, 1), tractor of k pairs (2, k),
    triple (3, 1), titanic of k triples (3, k); ``shapes`` are all the lead's units
    (a throw has several), when known.

    - ``size_power``: 2 ** cards in that unit (single x2, pair x4, 2-pair tractor x16);
      seed 001: "2 的 2 次方为 4 倍"; a throw counts its largest unit
      ("如果最后一圈为甩只根据甩中的最大型计算抠底倍數").
    - ``pair_doubling``: single x2, pair x4, tractor of k pairs x2**(k+1); seed 001 rule 九
      "单扣N=2 双扣N=4，拖拉机扣N=8以此类推".  Triples (3 decks) count as in ``ourgame``.
    - ``ourgame``: seed 000 扣底, checked in this order, "且不再计算其他牌型" (and no other
      shape counts): a titanic 2*3**len; a triple (三对) x6; a tractor 2*2**len; a pair x4;
      otherwise x2.  So a captured ``991010JJJ`` counts its triple: x6, not the tractor's x8.
    - ``unit_times``: 2 x cards in the unit (rbtying/shengji's default).
    - ``flat``: always x2.
    - ``last_trick_cards``: 2 x the cards each player put on the last trick, whatever their
      shape (80fen: a single x2, a pair x4, a throw of three cards x6); the lead's size, from
      ``shapes`` (every unit of the lead), else from ``shape``.
    """
    copies, length = shape
    cards = copies * length
    kind = rules.bottom_multiplier
    if kind is BottomMultiplier.LAST_TRICK_CARDS:
        return 2 * (sum(c * n for c, n in shapes) if shapes else cards)
    if kind is BottomMultiplier.LEAD_SIZE:
        return _lead_size(shapes or (shape,))
    if kind is BottomMultiplier.SIZE_POWER:
        return 2 ** cards
    if kind is BottomMultiplier.UNIT_TIMES:
        return 2 * cards
    if kind is BottomMultiplier.FLAT:
        return 2
    # PAIR_DOUBLING and OURGAME: the seed's order titanic > triple > tractor > pair > single
    units = shapes or (shape,)
    titanic = max((n for c, n in units if c >= 3 and n >= 2), default=0)
    if titanic:
        return 2 * 3 ** titanic
    if any(c >= 3 for c, _ in units):
        return 6
    tractor = max((n for c, n in units if c == 2 and n >= 2), default=0)
    if tractor:
        return 2 * 2 ** tractor
    if any(c == 2 for c, _ in units):
        return 4
    return 2


def _lead_size(shapes: tuple[tuple[int, int], ...]) -> int:
    """``lead_size`` (Botzone): a lead of one unit multiplies by its cards (single x1, pair x2,
    tractor of k pairs x2k); a throw by 2 x the cards of its largest unit when that is a
    tractor, else x4 with a pair, x2 of singles."""
    if len(shapes) == 1:
        return shapes[0][0] * shapes[0][1]
    largest = max(c * n for c, n in shapes)
    return 2 * largest if largest >= 4 else 4 if largest >= 2 else 2


def level_change(rules: RuleSet, total: int) -> tuple[str, int]:
    """``(winner, levels)`` for the attackers' total: who wins the hand and how many levels they go up.

    ``winner`` is ``"defenders"`` (they keep the deal) or ``"attackers"`` (they take it;
    ``levels`` may be 0).  Bands scale with ``step = total points / 5`` (40 for 2 decks).
    """
    step = rules.step
    s = total
    table = rules.score_table
    if table is ScoreTable.ONE_DECK:
        # seed 000 (一副牌): 0 → 庄家方连升 2 级; <40 → 升 1 级; 40–75 → 不升级，轮换庄家;
        # 80–95 → 抓分方升一级; 100 → 升两级.  In step units (step = 20 for one deck).
        if s <= 0:
            return "defenders", 2
        if s < 2 * step:
            return "defenders", 1
        if s < 4 * step:
            return "attackers", 0
        return "attackers", 1 + (s - 4 * step) // step
    if table is ScoreTable.BOTZONE:
        return botzone_points(total, step)
    if s <= 0:
        return "defenders", 3
    if s < step:
        return "defenders", 2
    if s < 2 * step:
        return "defenders", 1
    if table is ScoreTable.OURGAME:
        # seed 000 first text: 80 ≤ s < 120 → 抓分方升 1 级; each further 40 → one more.
        return "attackers", 1 + (s - 2 * step) // step
    # standard: 2·step take the deal (上台), each further full step +1.
    return "attackers", (s - 2 * step) // step


def botzone_points(total: int, step: int = 40) -> tuple[str, int]:
    """``score_table = botzone``: one hand a match, 0-3 points for each seat of the winning side
    (Botzone's judge, EndGame): 0 or less the defenders 3, below one step 2, below two 1; below
    three steps the attackers 1, below four 2, else 3.  The losing side scores 0."""
    if total <= 0:
        return "defenders", 3
    if total < 2 * step:
        return ("defenders", 2) if total < step else ("defenders", 1)
    if total < 3 * step:
        return "attackers", 1
    return ("attackers", 2) if total < 4 * step else ("attackers", 3)


def advance(level: int, gain: int, must_play: tuple[int, ...] = (), win_level: int = ACE,
            playing: bool = True, stop_at_win_level: bool = True) -> tuple[int, bool]:
    """The level after going up ``gain`` levels, and whether the team passed ``win_level``.

    A team never skips a ``must_play`` rank (逢10必打) nor the winning level (A, or 10 under
    the tournament's "先过10为胜"): the gain stops there, and the team must then win a hand as
    defenders *playing* that level (``playing``: they were the dealer's side) to pass it and
    win the match.  With ``stop_at_win_level`` off (80fen) the winning level is no stop: a
    gain that goes past it wins the match at once, whichever side gained (the ``must_play``
    ranks still stop it).  The level returned never exceeds ``win_level``.
    """
    if gain <= 0:
        return level, False
    if stop_at_win_level and level >= win_level:
        if playing:
            return level, True
        return level, False
    if level in must_play and not playing:
        return level, False         # 逢10必打: a team sitting at 10 must play it before going on
    target = level + gain
    stops = set(must_play) | {win_level} if stop_at_win_level else set(must_play)
    for stop in sorted(stops):
        if level < stop < target:
            return stop, False
    return min(target, win_level), (not stop_at_win_level and target > win_level)


def lose_level(level: int, levels: int = 1) -> int:
    """A level penalty (tournament revoke rule): down, never below 2."""
    return max(2, level - levels)


# --- who won the match, in one wording ----------------------------------------------

NO_RESULT = ("no finished hand", "friend mode (no fixed partnerships)")
"""``decided_by`` values of a match that credits no team (the standings leave it out)."""


def passed_text(win_level: int | str | None) -> str:
    """``decided_by`` of a match won by passing the winning level, named from the ruleset
    (``passed A``; the tournament's 先过10为胜: ``passed 10``)."""
    if isinstance(win_level, int):
        win_level = RANK_TOKENS.get(win_level, str(win_level))
    return f"passed {win_level}" if win_level else "passed the winning level"


MATCH_POINTS = "match points"
""":func:`decide`'s ``decided_by`` of a match that is one hand scored in match points (``score_table = botzone``,
docs/rules.md §8.1): the side whose seats scored them won it — never "cut short" (it is played to its end)."""
CUT_SHORT = "cut short"
"""``decided_by`` of a match whose record ends before a side passes the winning level, under a
ruleset that does not decide such a match (``decide_by_levels`` off): no team wins it."""

FORFEIT_NOT_KNOWN = "forfeit not known"
"""``decided_by`` of a match in which whether a side forfeited is not known (a take-back whose seat
cannot be read, under a ruleset where take-backs count towards a forfeit): no team is credited."""

EVERY_READING = "every reading"
"""``decided_by`` of a match whose record leaves open how it ended — who forfeited or whether a side did, or
whether a side passed the winning level in a hand whose result is not known — but whose every reading gives
the same winner, in different ways (:func:`decide_match`; the match's ``derived`` ``winner`` says from what)."""

MATCH_END_NOT_KNOWN = "match end not known"
"""``decided_by`` of a match in which no side is known to have forfeited, but a side may have passed the
winning level in a hand whose result is not known, and the readings give different winners: no team is
credited (the match's ``"unknown"`` withholding ``match_end`` says why)."""

RECORD_CUT = "record cut by damage"
"""``decided_by`` of a match whose file is damaged (``truncated_file``): the record stops at the damage,
not where the match ended, and no hand read whole decided it — no team is credited, the final levels are
not known (``MatchResult.decided_by`` ``None``, ``"unknown"`` tag ``truncated_file``)."""

ONE_HAND_NOT_KNOWN = "one hand not known"
"""``decided_by`` of a match that is one hand scored in match points (``score_table = botzone``, docs/rules.md
§8.1: :attr:`MatchFacts.one_hand`) whose one hand gives no side match points that the record makes known — its
result not known, or more than one hand that may be it (hands numbered from other than 1, copies of it): no team is
credited, never one taken from the levels or the deal."""

STOPPED_NOT_KNOWN = "stopped hand not known"
"""``decided_by`` of a match decided by the levels (``decide_by_levels``) whose record stops inside its last hand,
no result from its ``[Claim]`` (:attr:`MatchFacts.stopped`): whether that hand counts as stopped there (void) or
was played out the record does not say, and those readings — the hand void, each result the cards left allow —
give different winners, or the results the cards left allow are not known: no team is credited (the match's
``"unknown"`` tag ``Claim`` withholding ``winner`` says why; docs/rules.md §8.5)."""

NOBODY_HOLDS = "nobody"
""":attr:`MatchFacts.holder` after both sides miscounted (多少牌): the deal is bid for, nobody holds it."""


@dataclass(frozen=True)
class StopReading:
    """One way the record's last hand, which it stops inside, may have ended (:attr:`MatchFacts.stopped`): void
    (stopped there: the levels it was played at, the dealer's side holding the deal) or played out to a result the
    cards left allow (the levels after it, the side its outcome leaves holding the deal, or a side passing the
    winning level)."""

    levels: tuple[int | None, int | None]
    """The final levels N–S, E–W under this reading (``None``: not known)."""
    holder: int | str | None
    """The team holding the deal under it (:func:`deal_holder`)."""
    passed: int | None = None
    """The team that passed the winning level in that finish, else ``None``."""
    level_spans: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)
    """Per team whose level in :attr:`levels` is ``None`` for want of knowing whose take-backs given as ``?`` before
    the hand were: the lowest and highest it is under this reading (:attr:`~.verdicts.MatchResult.stop_spans`)."""
    forfeit: int | str | None = None
    """Played out: the side (0 N–S, 1 E–W) that reaches the forfeit count at the hand's end, or ``"both"``
    (:attr:`~.verdicts.MatchResult.stop_forfeit`) — that reading's end, read before a pass (docs/rules.md §10.1);
    ``None``: none."""


@dataclass(frozen=True)
class MatchFacts:
    """What deciding a match reads: the one decision (:func:`decide`) is made from these, whether
    they come from a replayed match (:func:`match_facts`) or from a dataset's rows
    (``dataset.stats.decide_results``)."""

    finished: bool
    """A hand of the match was finished (a position alone decides nothing)."""
    friend: bool = False
    """Friend mode (找朋友): no fixed partnerships."""
    forfeit: int | str | None = None
    """The side (0 N–S, 1 E–W) that forfeited alone, ``"both"``, or ``None``."""
    passed: int | None = None
    """The team that passed the ruleset's winning level, else ``None``."""
    win_level: int | str | None = None
    """The ruleset's winning level (names ``passed A``)."""
    levels: tuple[int | None, int | None] = (None, None)
    """Final levels N–S, E–W; ``None`` where the record leaves one unknown."""
    holder: int | str | None = None
    """The team holding the deal when the record ends; :data:`NOBODY_HOLDS`; ``None`` when not known."""
    decide_by_levels: bool = False
    """The ruleset decides a match cut short by the levels (seed 001, rule 十一)."""
    forfeit_known: bool = True
    """Whether a side forfeited is known (``False``: the count towards a forfeit is not all known — a
    take-back whose seat cannot be read or is ``?``, wrong follows of plays not judged or left out — and
    its readings differ: :attr:`~.verdicts.MatchResult.forfeit_known`)."""
    whole: bool = True
    """``False``: the file is damaged and the record stops at the damage before a hand read whole
    decided the match (:data:`RECORD_CUT`)."""
    level_spans: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)
    """Per team whose final level in :attr:`levels` is ``None`` for want of knowing whose take-backs given as
    ``?`` were: the lowest and highest it is under those readings
    (:attr:`~.verdicts.MatchResult.levels_final_span`); ``None`` otherwise."""
    match_points: int | None = None
    """A match that is one hand scored in match points (``score_table = botzone``, docs/rules.md §8.1): the team
    whose seats scored them in its one finished hand; ``None`` otherwise."""
    one_hand: bool = False
    """The ruleset's match is one hand scored in match points (``score_table = botzone``, docs/rules.md §8.1): only
    :attr:`match_points` decides it — never the levels nor the deal (no level moves)."""
    stopped: int | None = None
    """The number of the record's last hand where the record stops inside it and its ``[Claim]`` gives it no
    result (:attr:`~.verdicts.MatchResult.stopped_at`): a decision by the levels reads :attr:`stop_readings`;
    ``None`` otherwise."""
    stop_readings: tuple[StopReading, ...] = ()
    """With :attr:`stopped`: the hand void first, then each result the cards left allow (:attr:`finishes_known`)."""
    finishes_known: bool = True
    """With :attr:`stopped`: the results the cards left allow that hand are known (``False``: what they rest on is
    withheld, or the rules do not make the result rest on the total alone — the void reading alone decides
    nothing)."""
    stopped_void: bool = False
    """With :attr:`stopped`: the ruleset says the hand in progress when time is called does not count
    (``stopped_hand = void`` with ``decide_by_levels``, docs/rules.md §8.5) — :attr:`stop_readings` holds the hand
    void alone, and a result derived from the cards left (a pass too) does not count either."""


def decide(f: MatchFacts) -> tuple[int | None, str]:
    """``(team, decided_by)``: a forfeit (both sides forfeiting at the end of the same hand: no
    team, :data:`~.verdicts.BOTH_FORFEIT`); a match that is one hand (``score_table = botzone``) by that hand's
    match points alone (:data:`MATCH_POINTS`; none known: :data:`ONE_HAND_NOT_KNOWN`); a team that passed the
    ruleset's winning level
    (``passed A``, the tournament's ``passed 10``: :func:`passed_text`); otherwise the record ends
    before that, and only a ruleset that decides such a match (``decide_by_levels``: seed 001, rule
    十一) gives it to the higher final level, with equal levels to the side holding the deal — under
    any other no team wins (:data:`CUT_SHORT`: the record does not say the round was stopped by a
    rule that decides it; no guess).  A record with no finished hand, or in friend mode, credits no
    team (:data:`NO_RESULT`); nor do final levels, or the holder of the deal on equal levels, that
    the record leaves unknown — but a final level bounded by the readings of take-backs given as ``?``
    or by the readings of plays the record leaves out (:attr:`MatchFacts.level_spans`) decides where every level in
    the spans gives the same winner (``decided_by`` the rule when one rule gives it everywhere — the higher level,
    or the deal —, else :data:`EVERY_READING`) —, nor a match in which whether a side forfeited is not known
    (:data:`FORFEIT_NOT_KNOWN`: the forfeit may have come before any pass, whoever it fell on), nor one
    whose damaged file stops before a hand read whole decided it (:data:`RECORD_CUT`)."""
    if not f.whole:
        return None, RECORD_CUT
    if not f.forfeit_known and not f.friend:
        return None, FORFEIT_NOT_KNOWN
    if not f.finished and f.forfeit is None:
        return None, NO_RESULT[0]
    if f.friend:
        return None, NO_RESULT[1]
    if f.forfeit == "both":
        return None, BOTH_FORFEIT
    if f.forfeit is not None:
        return 1 - int(f.forfeit), "forfeit"
    if f.match_points is not None:          # one hand a match (Botzone): the side that scored its points
        return f.match_points, MATCH_POINTS
    if f.one_hand:                          # ... and nothing else decides it: no level moves, the deal is no tiebreak
        return None, ONE_HAND_NOT_KNOWN
    if f.passed is not None:
        return f.passed, passed_text(f.win_level)
    if not f.decide_by_levels:
        return None, CUT_SHORT
    if f.stopped is not None:
        return _stopped_decision(f)
    spans = [(level, level) if level is not None else span for level, span in zip(f.levels, f.level_spans)]
    if None in spans:                       # the record leaves the final levels unknown: no guess
        return None, "levels not known"
    # every pair of final levels the readings allow (a level known: itself): decided where all agree
    decisions = [by_levels(ns, ew, f.holder) for ns in range(spans[0][0], spans[0][1] + 1)
                 for ew in range(spans[1][0], spans[1][1] + 1)]
    if len(set(decisions)) == 1:
        return decisions[0]
    return _every_reading(decisions) or (None, "levels not known")


def _every_reading(decisions: Sequence[tuple[int | None, str]]) -> tuple[int, str] | None:
    """The team every reading's decision (``(team, how)``) credits — ``how`` where all say the same, else
    :data:`EVERY_READING` (by the higher level in some, the deal in others …) —; ``None`` where they credit
    different teams or one credits none (docs/rules.md §8.5, §10.2)."""
    teams = {t for t, _ in decisions}
    if len(teams) != 1 or None in teams:
        return None
    hows = {h for _, h in decisions}
    return teams.pop(), hows.pop() if len(hows) == 1 else EVERY_READING


def stop_decides(f: MatchFacts) -> bool:
    """:func:`decide` reads :attr:`MatchFacts.stop_readings`: the record stops inside its last hand (no result from
    its ``[Claim]``) and nothing before decides the match — no damage, forfeit, pass or match points — under a
    ruleset deciding a match cut short by the levels."""
    return (f.stopped is not None and f.whole and (f.forfeit_known or f.friend) and f.finished and not f.friend
            and f.forfeit is None and f.match_points is None and f.passed is None and f.decide_by_levels
            and not f.one_hand)


def stopped_decisions(f: MatchFacts) -> tuple[tuple[int | None, str], ...]:
    """:func:`decide` under each of :attr:`MatchFacts.stop_readings`, in order (the hand void first): a finish in
    which a side passes the winning level is a pass; else the levels and the holder of the deal that reading
    leaves; a finish at whose end a side forfeits (:attr:`StopReading.forfeit`), that forfeit."""
    plain = dataclasses.replace(f, stopped=None, stop_readings=(), level_spans=(None, None))
    # (a level carried into the hand as a range, §10.2: each reading bounded so, void or played out, open or void)
    return tuple(((None, BOTH_FORFEIT) if r.forfeit == "both" else (1 - int(r.forfeit), "forfeit"))
                 if r.forfeit is not None else (r.passed, passed_text(f.win_level)) if r.passed is not None
                 else decide(dataclasses.replace(plain, levels=r.levels, holder=r.holder, level_spans=r.level_spans))
                 for r in f.stop_readings)


def _stopped_decision(f: MatchFacts) -> tuple[int | None, str]:
    """A match decided by the levels whose record stops inside its last hand, no result from its ``[Claim]``
    (docs/rules.md §8.5; under ``stopped_hand = void`` the hand void is the one reading): the team every reading — the hand void, and played out to each result the cards left
    allow — gives, ``decided_by`` how when all say the same, else :data:`EVERY_READING`; no team where the hand
    void decides nothing (its reason: ``levels not known``, ``deal not known`` …), and where the readings differ
    or the results the cards allow are not known (:data:`STOPPED_NOT_KNOWN`)."""
    decisions = stopped_decisions(f) if f.finishes_known else stopped_decisions(
        dataclasses.replace(f, stop_readings=f.stop_readings[:1]))
    if decisions[0][0] is None:             # the hand void decides nothing already: why, as any match
        return decisions[0]
    if not f.finishes_known:
        return None, STOPPED_NOT_KNOWN
    return _every_reading(decisions) or (None, STOPPED_NOT_KNOWN)


def by_levels(ns: int, ew: int, holder: int | str | None) -> tuple[int | None, str]:
    """``decide_by_levels`` (seed 001, rule 十一) at final levels ``ns`` and ``ew``: the higher level; equal
    levels, the side holding the deal (``holder``: :attr:`MatchFacts.holder`)."""
    if ns != ew:
        return (0 if ns > ew else 1), "higher level"
    if holder == NOBODY_HOLDS:
        return None, "holding the deal"     # after both sides miscounted nobody holds it
    if holder is None:                      # equal levels, and who holds the deal is not known: no guess
        return None, "deal not known"
    return int(holder), "holding the deal"


ENGINE_DECIDED_BY = {"forfeit": "forfeit", BOTH_FORFEIT: BOTH_FORFEIT, "higher level": "levels",
                     "holding the deal": "deal", EVERY_READING: EVERY_READING, MATCH_POINTS: "match_points"}
""":func:`decide`'s wording as ``MatchResult.decided_by`` (``tractor check --json``) says it; any
``passed …`` is ``passed``; a match no team wins has ``decided_by`` ``None`` there (but both forfeit)."""


def deal_holder(next_dealer: int | None, dealer: int | None, outcome: str | None) -> int | str | None:
    """:attr:`MatchFacts.holder` after a match's last hand — the one rule, for a replayed match and
    for a dataset's rows (``dataset.stats.holder_of``): the next dealer's team (the dealer's when the
    next dealer is not known: the record stops inside the hand); :data:`NOBODY_HOLDS` after both
    sides miscounted (``outcome`` ``neither``: the deal is bid for); ``None`` when no dealer is known."""
    if outcome == "neither":
        return NOBODY_HOLDS
    seat = next_dealer if next_dealer is not None else dealer
    return None if seat is None else seat & 1


def match_facts(result) -> MatchFacts:
    """The :class:`MatchFacts` of a replayed match (a :class:`~.verdicts.MatchResult`; its own
    ``winner`` and ``decided_by`` are not read: they are this decision's)."""
    hands = result.hands
    rules = hands[0].rules if hands else None
    stop = _stopped_facts(result, rules)
    # the stopped last hand (no result from its [Claim]) passes the winning level in one reading at most — played out
    # to a result the cards left allow (its stop reading) —, never outright: void, it counts nothing (§8.5)
    counted = hands[:-1] if stop else hands
    passed = next((h.outcome.team for h in counted if h.outcome is not None and h.outcome.match_over), None)
    last = hands[-1] if hands else None
    outcome = last.outcome if last is not None else None
    holder = deal_holder(outcome.next_dealer if outcome is not None else None,
                         last.dealer if last is not None else None,
                         outcome.winner if outcome is not None else None)
    if outcome is None and last is not None and last.outcomes_open:
        # its readings' outcomes differ (docs/rules.md §10.2): the holder every one gives, else not known
        holders = {deal_holder(o.next_dealer, last.dealer, o.winner) for o in last.outcomes_open}
        holder = holders.pop() if len(holders) == 1 else None
    if stop.get("stopped_void"):
        holder = stop["stop_readings"][0].holder
    forfeit = "both" if result.both_forfeit else result.forfeit
    # a hand the record stops inside, its last, counts as played for the decision by the levels (void, it leaves the
    # levels it was played at: docs/rules.md §8.5) — even where no hand before it was finished; a position never does
    played = any(h.outcomes for h in hands) or bool(stop and not hands[result.stopped_at].setup)
    return MatchFacts(finished=played, friend=bool(rules and rules.friend),
                      forfeit=forfeit, passed=passed, win_level=rules.win_level if rules else None,
                      levels=(result.levels_final[0], result.levels_final[1]), holder=holder,
                      decide_by_levels=bool(rules and rules.decide_by_levels),
                      # (a forfeit reached at the end of the stopped hand is its played-out reading's: a stop reading)
                      forfeit_known=result.forfeit_known or bool(stop and getattr(result, "stop_forfeit", None)),
                      whole=not any("result" in u.withheld for u in result.unknowns),
                      level_spans=result.levels_final_span, match_points=_match_points(hands, result.after_end),
                      one_hand=bool(rules and not rules.score_table.moves_levels), **stop)


def stops_void(rules: RuleSet | None) -> bool:
    """The ruleset says a hand the record stops inside, its last, no result from its ``[Claim]``, does not count
    for the decision by the levels (``stopped_hand = void`` with ``decide_by_levels``, docs/rules.md §8.5)."""
    return bool(rules and rules.decide_by_levels and rules.stopped_hand is StoppedHand.VOID)


def _stopped_facts(result, rules: RuleSet | None = None) -> dict:
    """:attr:`MatchFacts.stopped`, :attr:`~MatchFacts.stop_readings`, :attr:`~MatchFacts.finishes_known` and
    :attr:`~MatchFacts.stopped_void` of a replayed match whose record stops inside its last hand with no result
    from its ``[Claim]`` (:attr:`~.verdicts.MatchResult.stopped_at`); nothing otherwise.  Under ``stopped_hand =
    void`` (:func:`stops_void`) the hand void is the one reading."""
    at = result.stopped_at
    if at is None:
        return {}
    hand = result.hands[at]
    spans = getattr(result, "stop_spans", ()) or ()
    spans = list(spans) + [(None, None)] * (1 + len(hand.finishes or ()) - len(spans))
    void = StopReading((hand.levels_before[0], hand.levels_before[1]), deal_holder(None, hand.dealer, None),
                       level_spans=spans[0])
    if stops_void(rules):
        return {"stopped": hand.number, "stop_readings": (void,), "finishes_known": True, "stopped_void": True}
    readings = [void]
    # a forfeit reached at the hand's end (the record ending inside its last trick, stopped_hand = open): every finish's
    # end, whatever its total — so one reading where the totals are not known (docs/rules.md §8.5, §10.1)
    side = getattr(result, "stop_forfeit", None)
    forfeit = None if side is None else side if side == "both" else TEAMS.index(side)
    for (outcome, after), span in zip(hand.finishes or (), spans[1:]):
        readings.append(StopReading((after[0], after[1]), deal_holder(outcome.next_dealer, hand.dealer, outcome.winner),
                                    outcome.team if outcome.match_over else None, span, forfeit))
    if forfeit is not None and hand.finishes is None:
        readings.append(StopReading((None, None), None, forfeit=forfeit))
    return {"stopped": hand.number, "stop_readings": tuple(readings),
            "finishes_known": hand.finishes is not None or forfeit is not None}


def _match_points(hands, after_end: Sequence[int] = ()) -> int | None:
    """:attr:`MatchFacts.match_points` of a match's replayed hands: its one finished hand scored in match points
    (outcome reason ``match_points``), the team whose seats scored more than none; ``None`` otherwise (no such
    hand, or more than one finished hand: which decides is not said).  The hands numbered in ``after_end``
    (:attr:`~.verdicts.MatchResult.after_end`: recorded after the match ended with its one hand) count for nothing."""
    finished = [h for h in hands if h.outcome is not None and h.number not in after_end]
    if len(finished) != 1 or finished[0].outcome.reason != "match_points":
        return None
    o = finished[0].outcome
    return o.team if o.levels > 0 and o.team is not None else None


def decide_match(result) -> tuple[int | None, str]:
    """``(team, decided_by)`` of a replayed match (a :class:`~.verdicts.MatchResult`) as the
    standings count it: :func:`decide` of its :func:`match_facts` (``dataset.stats.match_results``
    decides from the dataset's rows through the same :func:`decide`) — unless the readings of what the
    record leaves open end the match differently (:attr:`~.verdicts.MatchResult.reading_ends`: who forfeited
    or whether a side did, a pass possible in a hand whose result is not known): then each end is decided
    (:func:`reading_decisions`), and the match goes to the team every one gives — ``decided_by`` how, when
    they all say the same, else :data:`EVERY_READING` —; no team where they differ (:data:`FORFEIT_NOT_KNOWN`
    when whether a side forfeited is not known, else :data:`MATCH_END_NOT_KNOWN`).  A damaged file's
    :data:`RECORD_CUT` stands first."""
    facts = match_facts(result)
    team, how = decide(facts)
    if not result.reading_ends or how == RECORD_CUT or facts.friend:
        return team, how
    decisions = reading_decisions(result, facts)
    teams = {t for t, _ in decisions}
    if len(teams) == 1 and None not in teams:
        hows = {h for _, h in decisions}
        return teams.pop(), hows.pop() if len(hows) == 1 else EVERY_READING
    return None, FORFEIT_NOT_KNOWN if not facts.forfeit_known else MATCH_END_NOT_KNOWN


def reading_decisions(result, facts: MatchFacts | None = None) -> tuple[tuple[int | None, str], ...]:
    """:func:`decide` under each end of :attr:`~.verdicts.MatchResult.reading_ends`, in its order: a forfeit
    (both sides: :data:`~.verdicts.BOTH_FORFEIT`), a pass of the winning level, or the match going on to the
    record's end — decided there as any match is, at the final levels under those readings (and with the side
    holding the deal under them, where they give their own: :attr:`~.verdicts.ReadingEnd.holder`)."""
    facts = facts if facts is not None else match_facts(result)
    out: list[tuple[int | None, str]] = []
    for end in result.reading_ends:
        if end.forfeit == "both":
            out.append((None, BOTH_FORFEIT))
        elif end.forfeit != "none":
            out.append((1 - TEAMS.index(end.forfeit), "forfeit"))
        elif end.hands:
            out.append((end.passed, passed_text(facts.win_level)))
        elif facts.stopped is not None and (end.holder is not None or end.levels not in (
                facts.levels, facts.stop_readings[0].levels if facts.stop_readings else facts.levels)):
            # the record stops inside its last hand, and this reading's own levels or holder are not the ones that
            # hand's readings start from (the hand void) nor the match's final levels under them (a copy of it): how
            # it may have ended is not followed there — no guess
            out.append((None, STOPPED_NOT_KNOWN))
        else:
            holder = end.holder if end.holder is not None else facts.holder     # (None: the last hand's)
            out.append(decide(dataclasses.replace(facts, forfeit_known=True, forfeit=None, passed=None,
                                                  levels=end.levels, level_spans=end.level_spans, holder=holder)))
    return tuple(out)


def failed_throw_penalty(rules: RuleSet, not_thrown: int | None, leader_defends: bool) -> int | None:
    """What a failed throw adds to the attackers' total (``throw_penalty = per_card``): each card not
    thrown costs the leader's side ``throw_penalty_points`` — the attackers lose them, the
    defenders give them away; 0 under ``throw_penalty = none``.  ``None`` when ``not_thrown`` is
    not known (``None``: :func:`throw_cards_charged`) under ``per_card``: never charged as 0."""
    if rules.throw_penalty is not ThrowPenalty.PER_CARD:
        return 0
    if not_thrown is None:
        return None
    if not_thrown <= 0:
        return 0
    return (1 if leader_defends else -1) * not_thrown * rules.throw_penalty_points


def throw_cards_charged(rules: RuleSet, trick) -> int | None:
    """The cards the failed throw led in ``trick`` (a :class:`~.verdicts.TrickResult`) is charged for
    under ``throw_penalty = per_card`` (docs/rules.md §4.6): the cards attempted less the cards of the
    forced play the rules require — whether the record writes the throw as it failed (``attempted ->
    forced``) or as if it stood (its ``throw_failed`` names the forced play).  A record whose forced play
    is not the one the rules require (``wrong_forced_play``) is charged from the one they require (a
    throw that would have stood: nothing), never from the cards it wrote; with ``throw_penalty_cards =
    failing_units`` the cards of every beaten unit, whatever was played (``cards_not_thrown``).
    ``None`` where the charge rests on a ``cards_not_thrown`` that is not known (``None``: the
    judgements merged give different counts, :mod:`.agreement`, or it rests on cards read from plays,
    :mod:`.unsure_throws`): the penalty is then not known, and withheld with the points as the
    agreement withholds a penalty that differs, never charged as 0."""
    n = trick.cards_not_thrown
    lead = trick.plays[0] if trick.plays else None
    if rules.throw_penalty_cards is ThrowPenaltyCards.FAILING_UNITS:
        return n
    if trick.throw_failed and lead is not None and lead.attempted is not None:
        owed = next((v.better for v in trick.violations if v.code == "wrong_forced_play" and v.seat == trick.leader), None)
        return n if owed is None else max(0, len(lead.attempted) - len(owed))
    if not trick.throw_failed and n == 0:        # a failed throw the record wrote as if it stood
        n = sum(len(v.played) - len(v.better) for v in trick.violations
                if v.code == "throw_failed" and v.seat == trick.leader)
    return n

"""The end of a hand: who won it, the player levels after it and the next dealer (rules.md §8), a
miscount deciding it (seed 001, rule 八), and the levels lost to wrong follows and take-backs under
the tournament's penalties (rules 五 and 七).  Pure functions of the ruleset, the sides and the
levels; :mod:`.replay` calls them once a hand is scored.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import SEAT_TOKENS, TEAMS as TEAM_TOKENS, next_seat, partner, team_of
from ..records.model import Hand
from ..records.rulesets import RevokePenalty, RuleSet
from .scoring import advance, level_change, lose_level
from .setting import Setting
from . import explain, explain_forfeit
from .explain import Message
from .kept_result import RESULT_SOURCES
from .verdicts import Derived, HandResult, Outcome, Unknown, Violation, new_outcome

REVOKE_CODES = frozenset({"follow_suit", "follow_pair", "follow_tractor", "follow_triple"})
"""Wrong follows (跟牌错误) that the tournament's revoke penalty punishes (seed 001, rule 五)."""


def hand_outcome(rules: RuleSet, levels: tuple[int, ...], setting: Setting, defenders: frozenset[int],
             miscount: tuple[int, ...], scored: bool, total: int) -> tuple[Outcome | None, tuple[int, ...]]:
    """Who won the hand, and the player levels after it (before penalties).  A miscount
    decides the hand (seed 001, rule 八); else a complete hand goes by the score table."""
    sides = (defenders, frozenset(range(4)) - defenders)
    if miscount:
        # seed 001, rule 八: 若台上多少自动下台，且台下升一级；若台下多少台上升一级，且台上继续打；
        # 若双方均出现多少情况双方不升降级，且下把双方抢庄
        on_top, below = any(s in defenders for s in miscount), any(s not in defenders for s in miscount)
        if on_top and below:
            return new_outcome(winner="neither", levels=0, next_dealer=None, team=None,
                           reason="miscount", miscount=miscount), levels
        return level_outcome(rules, "attackers" if on_top else "defenders", 1, sides, levels, setting, miscount)
    if scored:
        winner, gain = level_change(rules, total)
        return level_outcome(rules, winner, gain, sides, levels, setting)
    return None, levels


def level_outcome(rules: RuleSet, winner: str, gain: int, sides: tuple[frozenset[int], frozenset[int]],
                   levels: tuple[int, ...], setting: Setting, miscount: tuple[int, ...] = ()
                   ) -> tuple[Outcome, tuple[int, ...]]:
    """``winner``'s side goes up ``gain`` levels (the score table's: a rank it may not skip stops each
    player's, :func:`gain_caps`), and the next dealer.  Under a score table that moves no level
    (``score_table = botzone``: ``ScoreTable.moves_levels``) ``gain`` is the match points each seat of
    the side scores, and no level changes: a match is one hand (docs/rules.md §8.1)."""
    dealer = setting.dealer
    up = sides[0] if winner == "defenders" else sides[1]
    moves = rules.score_table.moves_levels
    after = list(levels)
    over = False
    climbed = _climb(rules, winner, gain, up, levels, setting.level) if moves else {}
    for seat, (reached, passed) in climbed.items():
        after[seat] = reached
        over = over or passed
    if winner == "defenders":
        next_dealer = partner(dealer) if not rules.friend else min(sides[0] - {dealer}, default=dealer)
    else:
        next_dealer = next_seat(dealer)
    # the side's team: the dealer's when the dealer is on it, else its lowest seat's
    team = team_of(dealer if dealer in up else min(up)) if up else team_of(dealer)
    # a table that moves no level scores match points instead (Botzone)
    return new_outcome(winner=winner, levels=gain, next_dealer=next_dealer, team=team, match_over=over,
                   reason="miscount" if miscount else "points" if moves else "match_points",
                   miscount=miscount), tuple(after)


def _climb(rules: RuleSet, winner: str, gain: int, up: frozenset[int], levels: Sequence[int | None],
           level: int | None) -> dict[int, tuple[int, bool]]:
    """Each seat of ``up`` (the side that won the hand, ``level`` the hand's) whose level is known:
    ``(its level after going up gain, whether it passed the winning level)`` (:func:`.scoring.advance`).
    A seat whose level is not known (the chain was broken before this hand) is left out: it stays unknown."""
    out: dict[int, tuple[int, bool]] = {}
    done: dict[tuple[int, bool], tuple[int, bool]] = {}     # partners at one level go up alike
    for seat in sorted(up):
        before = levels[seat]
        if before is None:
            continue
        # only the dealer's side, playing its own level, can pass the winning level
        playing = winner == "defenders" and before == level
        step = done.get((before, playing))
        if step is None:
            step = done[before, playing] = advance(before, gain, rules.must_play, rules.win_level, playing=playing,
                                                   stop_at_win_level=rules.stop_at_win_level)
        out[seat] = step
    return out


@dataclass(frozen=True, slots=True)
class GainCap:
    """Players of the side that won a hand whose gain a rank they may not skip stopped (rules.md §8.4):
    they went up fewer levels than the score table's (``Outcome.levels``)."""

    seats: tuple[int, ...]
    """The players, in seat order (N E S W): those of the side at one level before the hand."""
    before: int
    """Their level before the hand."""
    rank: int
    """The rank that stopped them: their level after (before any penalty)."""
    must_play: bool
    """``rank`` is a ``must_play`` rank (逢10必打)."""
    win_level: bool
    """``rank`` is the winning level, a stop (``stop_at_win_level``)."""

    @property
    def gained(self) -> int:
        """The levels they really went up: 0 when they sat at ``rank`` and did not play it."""
        return self.rank - self.before


def gain_caps(result: HandResult) -> tuple[GainCap, ...]:
    """Where the levels ``result``'s outcome gives (the score table's ``Outcome.levels``) are more than
    its side went up (rules.md §8.4): one :class:`GainCap` per level the side's players stood at before
    the hand that a rank stopped, in seat order — players at different levels each get their own, never
    one taken for the side's.  ``()`` when nothing stopped the gain, when the table moves no level
    (Botzone), and for a player whose level before is not known (its level after is not known either).
    The one fact ``tractor check`` says, in its text and in ``check --json`` (``outcome.capped``)."""
    o, rules = result.outcome, result.rules
    if (o is None or not rules.score_table.moves_levels or o.winner not in ("attackers", "defenders")
            or o.levels <= 0 or not result.defenders):
        return ()
    up = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
    levels = result.player_levels_before
    groups: dict[tuple[int, int], list[int]] = {}
    for seat, (reached, passed) in _climb(rules, o.winner, o.levels, up, levels, result.level).items():
        if not passed and reached < levels[seat] + o.levels:
            groups.setdefault((levels[seat], reached), []).append(seat)
    return tuple(GainCap(tuple(seats), before, reached, reached in rules.must_play,
                         rules.stop_at_win_level and reached == rules.win_level)
                 for (before, reached), seats in groups.items())


def gain_capped(result: HandResult) -> Message | None:
    """:func:`gain_caps` in both languages, to follow :func:`.explain_hand.describe_levels`: what
    stopped the gain and the levels really gained, e.g. " (capped: EW may not skip 10 (must_play,
    win_level), so they go up 2 levels, not 3)"; ``None`` when nothing capped it."""
    caps = gain_caps(result)
    if not caps:
        return None
    rules, gain = result.rules, result.outcome.levels
    # a partnership is named when both its players stopped alike; else (friend mode, or partners at
    # different levels) the players are, each group with its own gain
    parts = [explain.gain_capped(c.seats, team_of(c.seats[0]) if not rules.friend and len(c.seats) == 2 else None,
                                 c.gained, gain, c.rank, c.must_play, c.win_level) for c in caps]
    return "".join(p[0] for p in parts), "".join(p[1] for p in parts)


@dataclass(frozen=True, slots=True)
class GainOpen:
    """Players of the side that won a hand whose level before it is not known (a record begun mid-match): a
    rank they may not skip would stop their gain short from some of the levels they may be at (rules.md §8.4),
    so the score table's gain is the most they went up, not a fact."""

    seats: tuple[int, ...]
    """The players, in seat order (N E S W)."""
    ranks: tuple[int, ...]
    """The ranks that would stop them, from one level or another they may be at, in order."""


def gain_open(result: HandResult) -> tuple[GainOpen, ...]:
    """The players of ``result``'s winning side whose level before the hand is not known and whose gain (the
    score table's ``Outcome.levels``) a rank they may not skip would stop short from some level they may be at
    (every rank from 2 to the winning level: the record leaves it open) — one :class:`GainOpen` for them all
    (the same ranks stop each: :func:`.scoring.advance` of the level alone); ``()`` when their gain is the
    score table's from every such level, when every level is known, and where :func:`gain_caps` gives nothing
    (no gain, a table that moves no level, the sides not known)."""
    o, rules = result.outcome, result.rules
    if (o is None or not rules.score_table.moves_levels or o.winner not in ("attackers", "defenders")
            or o.levels <= 0 or not result.defenders):
        return ()
    up = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
    seats = tuple(s for s in sorted(up) if result.player_levels_before[s] is None)
    if not seats:
        return ()
    ranks = set()
    for before in range(2, rules.win_level + 1):
        climbed = _climb(rules, o.winner, o.levels, frozenset(seats[:1]), (before,) * 4, result.level)
        reached, passed = climbed[seats[0]]
        if not passed and reached < before + o.levels:
            ranks.add(reached)
    return (GainOpen(seats, tuple(sorted(ranks))),) if ranks else ()


def gain_words(result: HandResult, head: Message) -> Message:
    """``head`` — the words of the levels ``result``'s outcome gains (:func:`.explain_hand.describe_levels`, or a
    page's own words of them) — with what stopped the gain (:func:`gain_capped`), and, where the level before of
    the whole winning side is not known and a rank may stop it (:func:`gain_open`), the figure said as the most
    they went up ("up at most 2 levels") with why it is not known (``explain.gain_open``); for some of the side
    only (friend mode), those players named after it.  ``head`` unchanged when nothing stops or may stop it."""
    zh, en = head
    capped = gain_capped(result)
    if capped is not None:
        zh, en = zh + capped[0], en + capped[1]
    opened = gain_open(result)
    if not opened:
        return zh, en
    o, rules = result.outcome, result.rules
    up = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
    g = opened[0]
    whole = set(g.seats) == set(up)
    n = o.levels
    most = explain.gain_at_most((zh, en), n) if whole else None
    figure = most is None
    if most is not None:
        zh, en = most
    team = team_of(g.seats[0]) if not rules.friend and len(g.seats) == 2 else None
    words = explain.gain_open(g.seats, team, n, g.ranks, figure)
    return zh + words[0], en + words[1]


def offenders(hand: Hand, rules: RuleSet, violations: Sequence[Violation]) -> tuple[list[int], list[int]]:
    """The seats a level penalty falls on (seed 001, rules 五 and 七): one entry per wrong follow
    (跟牌错误) among ``violations`` under ``revoke_penalty = level``, one per take-back (悔牌) whose
    seat is known under ``takeback_penalty = level``.  The one count: the hand's penalties and, after
    a hand is judged again (:mod:`.deal_lines`), the penalties of the violations that stand."""
    revokers = ([v.seat for v in violations if v.code in REVOKE_CODES and v.seat is not None]
                if rules.revoke_penalty is RevokePenalty.LEVEL else [])
    # a take-back whose seat is not known (None: "?", or a word that is no seat) costs a level nobody can
    # place: the caller reads it (takebacks_unknown, and the match's count); the known seats' are counted
    takers = ([s for s in hand.takebacks if s is not None]
              if rules.takeback_penalty is RevokePenalty.LEVEL else [])
    return revokers, takers


def follows_at_most(led_by: int | None) -> tuple[int, int]:
    """The most wrong follows (跟牌错误, docs/rules.md §10.1) one trick whose follows were not judged can hide, by
    team (N–S, E–W): its lead is no wrong follow and each follow is at most one — one for the team that led
    (``led_by``), two for the other; two each when which team led is not known (``None``)."""
    return (1 if led_by == 0 else 2), (1 if led_by == 1 else 2)


def team_counts(rules: RuleSet, seats: Sequence[int]) -> tuple[int, int]:
    """How many of the penalties on ``seats`` fall on each team (N–S, E–W).  Friend mode (找朋友)
    has no teams — the side an offender is on changes every hand (docs/rules.md §11) —, so no team
    counts one: ``(0, 0)`` (the levels are still lost, by the hand's side: :func:`punish`)."""
    by_team = [0, 0]
    if not rules.friend:
        for seat in seats:
            by_team[team_of(seat)] += 1
    return by_team[0], by_team[1]


def level_penalties(hand: Hand, rules: RuleSet, defenders: frozenset[int], violations: Sequence[Violation],
                     levels: tuple[int, ...]) -> tuple[tuple[int, int], tuple[int, int], tuple[int, ...]]:
    """Seed 001, rules 五 and 七: under ``revoke_penalty`` / ``takeback_penalty = level`` each
    wrong follow (跟牌错误) and each take-back (悔牌) costs the offender's side one level at
    the end of the hand.  ``(revokes by team, take-backs by team, player levels after)`` (friend
    mode: no team, ``(0, 0)``: :func:`team_counts`)."""
    revokers, takers = offenders(hand, rules, violations)
    levels = punish(revokers, defenders, levels)[1]
    levels = punish(takers, defenders, levels)[1]
    return team_counts(rules, revokers), team_counts(rules, takers), levels


def pass_after_penalties(rules: RuleSet, outcome: Outcome | None, defenders: frozenset[int],
                         reached: Sequence[int | None], after: Sequence[int | None]) -> tuple[Outcome | None, Derived | None]:
    """``outcome`` as the hand's level penalties leave it (``reached``: the levels its result gave, ``after``: with
    the penalties at its end, :func:`level_penalties`): a side that passed the winning level and lost a level to a
    penalty in the same hand has not passed it — the penalty is counted before the pass, as the forfeit count is
    (docs/rules.md §8.4, §10.1: the rules do not order them; the project's reading) —, so the match is not over, and a
    ``derived`` fact says why.  Else ``(outcome, None)``."""
    if outcome is None or not outcome.match_over:
        return outcome, None
    up = defenders if outcome.winner == "defenders" else frozenset(range(4)) - defenders
    lost = sorted(s for s in up if reached[s] is not None and after[s] is not None and after[s] < reached[s])
    if not lost:
        return outcome, None
    zh, en = explain_forfeit.pass_undone(lost, rules.win_level, min(after[s] for s in lost))
    return dataclasses.replace(outcome, match_over=False), Derived("match_over", "false", "the level penalty at the "
                                                                   "hand's end", zh, en)


SidePenalty = tuple[tuple[int, ...] | None, int, int]
"""A side's level penalties in a hand: its seats (``None``: friend mode, the sides not known), the
levels its wrong follows cost it, the levels its take-backs cost it (:func:`side_penalties`)."""


def side_penalties(hand: Hand, result: HandResult) -> tuple[SidePenalty, ...]:
    """The sides that lost levels in ``hand`` (``result``: its judgement) to the tournament's penalties
    (docs/rules.md §10.1, §10.2), each with the levels its wrong follows and its take-backs cost it.
    A side is the offender's side in that hand: the fixed partnership (N–S, E–W: ``result``'s
    ``revoke_levels`` and ``takeback_levels``); in friend mode (找朋友, §11), where no team keeps a
    level, the hand's side as resolved — the dealer's side or the others — counted from the wrong
    follows that stand and the take-backs whose seats are known (``None`` for the seats when the
    sides are not known).  What ``tractor check`` words the penalty by (``explain_hand.level_penalty_text``)."""
    rules = result.rules
    if not rules.friend:
        return tuple(((t, t + 2), result.revoke_levels[t], result.takeback_levels[t]) for t in (0, 1)
                     if result.revoke_levels[t] or result.takeback_levels[t])
    revokers, takers = offenders(hand, rules, result.violations)
    if not revokers and not takers:
        return ()
    if not result.defenders:
        return ((None, len(revokers), len(takers)),)
    out = []
    for side in (result.defenders, frozenset(range(4)) - result.defenders):
        lost = sum(s in side for s in revokers), sum(s in side for s in takers)
        if any(lost):
            out.append((tuple(sorted(side)), *lost))
    return tuple(out)


def takebacks_punished_unknown(hand: Hand, rules: RuleSet) -> bool:
    """``hand``'s ``[Takebacks]`` holds a word that is no seat (:attr:`~..records.model.Hand.takebacks_unread`)
    and take-backs cost a level (``takeback_penalty = level``): whether it is one take-back, and whose, is not
    known — so neither is how many take-backs each side made."""
    return rules.takeback_penalty is RevokePenalty.LEVEL and not hand.takebacks_counted


def takeback_seats_open(hand: Hand, rules: RuleSet) -> int:
    """How many take-backs ``hand`` gives as ``?`` (one each, its seat not known) that cost a level
    (``takeback_penalty = level``): each costs one side a level, not known which (docs/rules.md §10.2)."""
    return hand.takeback_seats_unknown if rules.takeback_penalty is RevokePenalty.LEVEL else 0


def takebacks_unknown(hand: Hand, rules: RuleSet, result: HandResult, forfeit_open: bool = True) -> HandResult:
    """``result`` of a hand whose take-backs are not all placed, under ``takeback_penalty = level``
    (docs/rules.md §10.2, §14.1), never the known seats' penalty taken as all of it:

    * a word that is no seat (:func:`takebacks_punished_unknown`): not sure to be one take-back — the levels
      after the hand are withheld (``None``), and, where take-backs count towards a forfeit still to be
      decided (``forfeit_open``), whether a side forfeited (:func:`.replay.replay_match`);
    * ``?`` take-backs only (:func:`takeback_seats_open`): each costs one side a level, not known which — a
      side's level after is kept where every reading gives it (a side at 2 loses no level:
      :func:`.scoring.lose_level`; derived, said so), else withheld — its lowest and highest kept
      (:attr:`~.verdicts.HandResult.levels_after_span`) for the match's decision by the levels; whether a side
      forfeited is the match's to decide (:func:`.replay.replay_match`, from the count under every reading).

    Either way an ``Unknown`` of tag ``Takebacks`` says what is withheld (possibly nothing)."""
    count = takeback_seats_open(hand, rules)
    if count or takebacks_punished_unknown(hand, rules):
        # the levels every way of a play left out gave (:mod:`.kept_result`) rest on the take-backs too: said below
        result = dataclasses.replace(result, derived=tuple(
            d for d in result.derived if not (d.fact == "levels_after" and d.source in RESULT_SOURCES)))
    if takebacks_punished_unknown(hand, rules):
        what = ("levels", "forfeit") if rules.revoke_forfeit and forfeit_open else ("levels",)
        return dataclasses.replace(
            result, levels_after=(None, None), player_levels_after=(None,) * 4,
            unknowns=result.unknowns + (Unknown("Takebacks", what, *explain_forfeit.takebacks_unknown(what)),))
    if not count:
        return result
    # each take-back may cost either side a level: a level stays the same under every reading only at the
    # floor, 2 (lose_level); a level not known stays not known
    after = tuple(None if level is None or lose_level(level, count) != level else level
                  for level in result.player_levels_after)
    # what every reading bounds: a side loses from none to all of them (the match's decision reads it)
    span = tuple(None if level is None or known is not None else (lose_level(level, count), level)
                 for level, known in zip(result.player_levels_after, after))
    kept = _kept_names(rules, result.player_levels_after)
    what = ("levels",) if after != result.player_levels_after else ()
    unknown = takeback_seats_unknown(count, rules, what, kept)
    derived = ((Derived("levels_after", " ".join(f"{k}:2" for k in kept),
                        "[Takebacks] and the levels: a side at 2 loses no level",
                        *explain_forfeit.takeback_levels_derived(kept)),) if kept else ())
    levels = result.player_levels_after
    # both sides open together (each reading: k of the take-backs N–S's, the rest E–W's): the pairs they give
    pairs = (tuple(sorted({(lose_level(levels[0], k), lose_level(levels[1], count - k)) for k in range(count + 1)}))
             if not rules.friend and all(span) and levels[0] == levels[2] and levels[1] == levels[3] else None)
    return dataclasses.replace(result, levels_after=(after[0], after[1]), player_levels_after=after,
                               derived=result.derived + derived, unknowns=result.unknowns + (unknown,),
                               levels_after_span=span if any(span) else None, levels_after_pairs=pairs)


def levels_after_span(hand: Hand, result: HandResult, seat: int, span: tuple[int, int]) -> tuple[int, int] | None:
    """The lowest and highest level after ``result``'s hand of ``seat``'s side (a fixed partnership), whose
    level before is not known but one of ``span`` under every reading of take-backs given as ``?`` before
    (docs/rules.md §10.2): the hand's outcome from each (:func:`side_climb`, the hand played at its own level),
    then the side's penalties of the hand and its own ``?``.  ``None`` when the outcome is not known, when
    the side may pass the winning level from one of them (the match would end there), or in friend mode."""
    team = seat & 1
    lost = result.revoke_levels[team] + result.takeback_levels[team]
    unknown = takeback_seats_open(hand, result.rules)
    after: list[int] = []
    for level in range(span[0], span[1] + 1):
        step = side_climb(result, seat, level)
        if step is None or step[1]:
            return None
        after.append(lose_level(step[0], lost))
    return lose_level(min(after), unknown), max(after)


def side_climb(result: HandResult, seat: int, level: int) -> tuple[int, bool] | None:
    """``seat``'s level after ``result``'s hand had its side (a fixed partnership) carried ``level`` into it, before
    the hand's level penalties, and whether the side passed the winning level there: the outcome's climb
    (:func:`_climb`, the hand played at its own level).  ``None`` when the outcome is not known, or in friend
    mode."""
    rules, o = result.rules, result.outcome
    if rules.friend or o is None or o.winner not in ("attackers", "defenders", "neither"):
        return None
    if o.winner == "neither" or not rules.score_table.moves_levels:
        return level, False
    up = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
    levels = tuple(level if s & 1 == seat & 1 else None for s in range(4))
    return _climb(rules, o.winner, o.levels, up, levels, result.level).get(seat, (level, False))


def seat_climb(result: HandResult, seat: int, level: int) -> tuple[int, bool] | None:
    """Friend mode (找朋友, docs/rules.md §11): ``seat``'s own level after ``result``'s hand had it carried ``level``
    into it, before the hand's level penalties, and whether it passed the winning level there — its side the hand's
    (the dealer's side, ``result.defenders``, or the others): the outcome's climb (:func:`_climb`, the hand played at
    its own level).  ``None`` when the outcome is not known, the hand's sides are not known, or not in friend mode."""
    rules, o = result.rules, result.outcome
    if not rules.friend or o is None or o.winner not in ("attackers", "defenders", "neither") or not result.defenders:
        return None
    if o.winner == "neither" or not rules.score_table.moves_levels:
        return level, False
    up = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
    if seat not in up:
        return level, False
    levels = tuple(level if s == seat else None for s in range(4))
    return _climb(rules, o.winner, o.levels, up, levels, result.level).get(seat, (level, False))


def takeback_seats_unknown(count: int, rules: RuleSet, what: tuple[str, ...], kept: Sequence[str] = ()) -> Unknown:
    """The ``Unknown`` (tag ``Takebacks``) of a hand with ``count`` take-backs whose seat is not known (``?``):
    ``what`` it withholds (``levels``, ``forfeit``, or nothing), ``kept`` the sides whose level after is
    decided all the same (:func:`takebacks_unknown`)."""
    return Unknown("Takebacks", what, *explain_forfeit.takeback_seats_unknown(count, rules.friend, what, kept))


def _kept_names(rules: RuleSet, after: Sequence[int | None]) -> tuple[str, ...]:
    """The sides (``NS``, ``EW``; friend mode: the players, ``N`` …) whose level after a hand is 2 — the same
    whichever side a take-back whose seat is not known costs a level."""
    if rules.friend:
        return tuple(SEAT_TOKENS[s] for s in range(4) if after[s] == 2)
    return tuple(TEAM_TOKENS[t] for t in (0, 1) if after[t] == 2 and after[t + 2] == 2)


def punish(offenders: Sequence[int], defenders: frozenset[int], levels: tuple[int, ...]
            ) -> tuple[tuple[int, int], tuple[int, ...]]:
    """Each offender's side (levels are kept per player) loses one level; the count by team."""
    by_team = [0, 0]
    after = list(levels)
    for seat in offenders:
        by_team[team_of(seat)] += 1
        for s in (defenders if seat in defenders else frozenset(range(4)) - defenders):
            if after[s] is not None:
                after[s] = lose_level(after[s])
    return (by_team[0], by_team[1]), tuple(after)


def team_spans(rules: RuleSet, levels: Sequence[int | None], spans: Sequence | None
                ) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """:attr:`MatchResult.levels_final_span` from the final levels per player and their spans
    (:attr:`HandResult.levels_after_span`): a team's where its level is not known and both its players'
    spans are the same (not in friend mode, where no team keeps a level)."""
    if spans is None or rules.friend:
        return None, None
    return tuple(spans[t] if levels[t] is None and levels[t + 2] is None and spans[t] == spans[t + 2] else None
                 for t in (0, 1))  # type: ignore[return-value]


__all__ = ["team_spans", "REVOKE_CODES", "GainCap", "GainOpen", "gain_open", "gain_words", "SidePenalty", "gain_capped", "gain_caps", "hand_outcome", "level_outcome",
           "level_penalties", "levels_after_span", "offenders", "punish", "seat_climb", "side_climb", "side_penalties", "takeback_seats_open",
           "takeback_seats_unknown", "takebacks_punished_unknown", "takebacks_unknown", "team_counts"]

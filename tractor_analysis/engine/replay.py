"""Replaying a hand and a match: the hand loop, scoring, levels and the next dealer.

The trick-by-trick judgement lives in :mod:`tractor_analysis.engine.tricks`; this module
rebuilds each player's cards (from the deal and the dealer's exchange, or from
the plays themselves), feeds every trick to :func:`~tractor_analysis.engine.tricks.judge_trick`,
checks what the record says beyond the plays (declarations, bury, deal, claim,
``[Level]``, ``[Dealer]``), scores the hand as itemised entries (rules.md §7) and
carries the team levels through the match (§8).

Everything is a pure function of the record and the ruleset: replaying the same
record twice gives equal results.
"""
from __future__ import annotations

from ..records.cards import (NUM_KINDS, POINTS, PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_NAMES_ZH,
                    SUIT_TOKENS, TEAMS, TOKEN, Card,
                    next_seat, partner, team_of)
from .declarations import bottom_takers, check_declarations, trump_without_declaration
from ..records.model import Hand, Match
from ..records.rulesets import Miscount, NoDeclaration, RevokePenalty, RuleSet, ThrowPenalty, build_ruleset
from .scoring import advance, bottom_multiplier, describe_levels, level_change, lose_level, rank_name
from .tricks import hand_context, judge_trick
from .verdicts import HandResult, MatchResult, Outcome, ScoreItem, TrickResult, Violation

REVOKE_CODES = frozenset({"follow_suit", "follow_pair", "follow_tractor", "follow_triple"})
"""Wrong follows (跟牌错误) that the tournament's revoke penalty punishes (seed 001, rule 五)."""


def ruleset_of(match: Match) -> RuleSet:
    """The ruleset a record asks for (problems in it are the parser's diagnostics)."""
    return build_ruleset(match.ruleset, match.rules)[0]


def replay_match(match: Match, rules: RuleSet | None = None) -> MatchResult:
    """Replay every hand of ``match`` in order, carrying levels and the deal.

    ``rules`` overrides the record's own ``[Ruleset]`` / ``[Rule:…]`` (the CLI's ``--rules``).
    """
    rules = rules if rules is not None else ruleset_of(match)
    levels: tuple[int, ...] = match.start_levels * 2   # per player N, E, S, W
    expected_dealer: int | None = None
    revokes = [0, 0]
    takebacks = [0, 0]
    winner: int | None = None
    forfeit: int | None = None
    results: list[HandResult] = []
    bid_for_deal = True       # the first hand, and after both sides miscounted (多少牌): 抢庄
    for index, hand in enumerate(match.hands):
        result = replay_hand(hand, rules, levels, expected_dealer,
                             first_of_match=bid_for_deal,
                             levels_known=(index > 0 or match.levels is not None))
        results.append(result)
        levels = result.player_levels_after
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
        if rules.revoke_forfeit and forfeit is None and winner is None:
            # seed 001, rules 五 and 七: three wrong follows, or three take-backs, forfeit the match
            for team in (0, 1):
                if ((rules.revoke_penalty is RevokePenalty.LEVEL and revokes[team] >= rules.revoke_forfeit)
                        or (rules.takeback_penalty is RevokePenalty.LEVEL
                            and takebacks[team] >= rules.revoke_forfeit)):
                    forfeit, winner = team, 1 - team
                    break
    decided_by = None
    if forfeit is not None:
        decided_by = "forfeit"
    elif winner is not None:
        decided_by = "passed"
    elif rules.decide_by_levels and results and not rules.friend and (
            expected_dealer is not None or bid_for_deal):
        # seed 001, rule 十一: 比赛结束时升级高者获胜，同级时台上一方获胜 (after both sides
        # miscounted nobody holds the deal: only the levels can decide)
        if levels[0] != levels[1]:
            winner, decided_by = (0 if levels[0] > levels[1] else 1), "levels"
        elif expected_dealer is not None:
            winner, decided_by = team_of(expected_dealer), "deal"
    return MatchResult(hands=tuple(results), winner=winner, forfeit=forfeit, decided_by=decided_by,
                       levels_final=(levels[0], levels[1]), player_levels_final=tuple(levels))


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


def _counts(cards) -> list[int]:
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def _show(cards) -> str:
    return " ".join(PRETTY[c] for c in cards)


def _hand_violation(code: str, seat: int | None, zh: str, en: str,
                    played: tuple[Card, ...] = (), better: tuple[Card, ...] = ()) -> Violation:
    return Violation(code=code, trick=None, seat=seat, played=played, better=better,
                     message_zh=zh, message_en=en)


def _multiset_minus(a: list[int], b: list[int]) -> tuple[list[int], list[Card]]:
    """``a - b`` clamped at 0, and the kinds of ``b`` that ``a`` lacks (with multiplicity)."""
    out = a[:]
    missing: list[Card] = []
    for k in range(NUM_KINDS):
        if b[k]:
            if out[k] >= b[k]:
                out[k] -= b[k]
            else:
                missing.extend([k] * (b[k] - out[k]))
                out[k] = 0
    return out, missing


def replay_hand(hand: Hand, rules: RuleSet, levels: tuple[int, ...] = (2, 2),
                expected_dealer: int | None = None, *, first_of_match: bool = True,
                levels_known: bool = False) -> HandResult:
    """Replay and score one hand.

    ``levels`` are the levels carried into the hand: per team (N–S, E–W), or per player
    (N, E, S, W — friend mode, where each player keeps a level of their own);
    ``expected_dealer`` the dealer the previous hand's outcome named (``None`` when unknown).
    """
    if len(levels) == 2:
        levels = (levels[0], levels[1], levels[0], levels[1])
    violations: list[Violation] = []
    played = [[0] * NUM_KINDS for _ in range(4)]
    for trick in hand.tricks:
        for play in trick.plays:
            row = played[play.seat]
            for k in play.cards:
                row[k] += 1

    # --- dealer, declarations, trump, level ------------------------------------
    dealer = hand.dealer
    first_declarer = None
    if hand.declarations and (dealer is None or (first_of_match and expected_dealer is None)):
        guess = hand.level if hand.level is not None else levels[0]
        first_declarer = check_declarations(hand.declarations, guess, rules, hand.deal)[2]
    if dealer is None:
        dealer = expected_dealer if expected_dealer is not None else (
            first_declarer if first_declarer is not None else 0)
    elif not hand.setup:
        if expected_dealer is not None and dealer != expected_dealer:
            violations.append(_hand_violation(
                "dealer_mismatch", dealer,
                f"记录的庄家是{SEAT_NAMES_ZH[dealer]}，按上一局结果应由{SEAT_NAMES_ZH[expected_dealer]}坐庄",
                f"the record names {SEAT_TOKENS[dealer]} as dealer; the previous hand's outcome "
                f"makes {SEAT_TOKENS[expected_dealer]} the dealer"))
        elif expected_dealer is None and first_of_match and first_declarer is not None \
                and dealer != first_declarer:
            violations.append(_hand_violation(
                "dealer_mismatch", dealer,
                f"第一局应由最先亮主的{SEAT_NAMES_ZH[first_declarer]}坐庄，记录为{SEAT_NAMES_ZH[dealer]}",
                f"the first hand's dealer is the first to declare, {SEAT_TOKENS[first_declarer]}; "
                f"the record names {SEAT_TOKENS[dealer]}"))
    team = team_of(dealer)
    carried = levels[dealer]
    level = hand.level if hand.level is not None else carried
    if hand.level is not None and levels_known and hand.level != carried:
        violations.append(_hand_violation(
            "level_mismatch", dealer,
            f"记录的级牌是 {rank_name(hand.level)}，但{TEAMS[team]}方按前面各局应打 {rank_name(carried)}",
            f"[Level] is {rank_name(hand.level)} but {TEAMS[team]} carry level "
            f"{rank_name(carried)} from the earlier hands"))
    declared, declared_trump, _, problems = check_declarations(
        hand.declarations, level, rules, hand.deal, dealer) if hand.declarations else (False, None, None, [])
    for p in problems:
        violations.append(_hand_violation("bad_declaration", p.seat, p.message_zh, p.message_en, p.cards))
    trump = hand.trump
    if declared and declared_trump != trump:
        violations.append(_hand_violation(
            "bad_declaration", None,
            f"亮主定的主是 {_trump_name(declared_trump)}，记录的主却是 {_trump_name(trump)}",
            f"the declarations fix trump {_trump_en(declared_trump)} but the record says {_trump_en(trump)}"))
    if not hand.declarations and not hand.setup:
        violations.extend(_check_no_declaration(hand, rules, trump))
    ctx = hand_context(rules, level, trump)

    # --- the cards each player starts with ---------------------------------------
    start, buried, deal_given, from_plays = _starting_hands(hand, rules, dealer, played, violations)

    # --- partners ---------------------------------------------------------------
    defenders = _defenders(hand, rules, dealer, start)

    # --- tricks -----------------------------------------------------------------
    hands = [row[:] for row in start]
    tricks: list[TrickResult] = []
    leader: int | None = None if hand.setup else dealer
    for trick in hand.tricks:
        result = judge_trick(ctx, trick, hands, leader)
        tricks.append(result)
        violations.extend(result.violations)
        leader = result.winner
    empty = all(not any(row) for row in hands)
    complete = bool(tricks) and empty
    if not hand.setup and deal_given and tricks and not empty:
        left = [(s, [k for k in range(NUM_KINDS) for _ in range(hands[s][k])]) for s in range(4)]
        for s, cards in left:
            if cards:
                violations.append(_hand_violation(
                    "deal_mismatch", s,
                    f"{SEAT_NAMES_ZH[s]}打完最后一墩后手里还剩 {_show(cards)}",
                    f"{SEAT_TOKENS[s]} still holds {' '.join(TOKEN[c] for c in cards)} after the last trick",
                    tuple(cards)))

    # --- points -----------------------------------------------------------------
    trick_points = sum(t.points for t in tricks if t.winner not in defenders)
    items: list[ScoreItem] = []
    if hand.setup and hand.points:
        items.append(ScoreItem("setup_points", hand.points, f"此前已得 {hand.points} 分",
                               f"{hand.points} points before this position"))
    items.append(ScoreItem("tricks", trick_points, f"闲家墩内得分 {trick_points}",
                           f"attackers' trick points {trick_points}"))
    bottom_pts = sum(POINTS[c] for c in buried) if buried is not None else 0
    mult = 0
    bonus = 0
    if complete and buried is not None and tricks[-1].winner not in defenders:
        mult = bottom_multiplier(rules, tricks[-1].winning_shape, tricks[-1].lead_shapes)
        bonus = bottom_pts * mult
        items.append(ScoreItem("bottom", bonus, f"抠底 {bottom_pts} 分 × {mult} = {bonus}",
                               f"bottom {bottom_pts} × {mult} = {bonus}"))
    penalties = 0
    if rules.throw_penalty is ThrowPenalty.PER_CARD:
        for t in tricks:
            n = t.cards_not_thrown
            if not t.throw_failed:
                n = sum(len(v.played) - len(v.better) for v in t.violations
                        if v.code == "throw_failed" and v.seat == t.leader)
            if n > 0:
                sign = -1 if t.leader not in defenders else 1
                amount = sign * n * rules.throw_penalty_points
                penalties += amount
                who = SEAT_TOKENS[t.leader]
                items.append(ScoreItem(
                    "throw_penalty", amount,
                    f"第 {t.number} 墩{SEAT_NAMES_ZH[t.leader]}甩牌失败 {n} 张 × {rules.throw_penalty_points}",
                    f"trick {t.number}: {who}'s failed throw, {n} card{'s' if n != 1 else ''} × "
                    f"{rules.throw_penalty_points}", t.number))
    attackers_points = trick_points + (hand.points if hand.setup else 0)
    total = sum(i.points for i in items)

    # --- claim ------------------------------------------------------------------
    if hand.claim is not None and complete and hand.claim != total:
        violations.append(_hand_violation(
            "claim_mismatch", None,
            f"记录的闲家得分为 {hand.claim}，按出牌计算应为 {total}",
            f"the record claims {hand.claim} for the attackers; the plays give {total}"))

    # --- outcome and levels --------------------------------------------------------
    # Levels are kept per player; with fixed partners both partners always share one.
    sides = (frozenset(defenders), frozenset(range(4)) - frozenset(defenders))
    after = list(levels)
    outcome = None
    miscount = _miscounted(hand, rules, played, start, from_plays, violations, tricks) \
        if rules.miscount is Miscount.LEVEL else ()
    if miscount:
        # seed 001, rule 八: 若台上多少自动下台，且台下升一级；若台下多少台上升一级，且台上继续打；
        # 若双方均出现多少情况双方不升降级，且下把双方抢庄
        on_top, below = any(s in defenders for s in miscount), any(s not in defenders for s in miscount)
        if on_top and below:
            outcome = Outcome(winner="neither", levels=0, next_dealer=None, team=None,
                              reason="miscount", miscount=miscount)
        else:
            outcome = _level_outcome(rules, "attackers" if on_top else "defenders", 1, sides, levels, level,
                                     dealer, defenders, team, after, miscount)
    elif complete and (not hand.setup or buried is not None):
        winner, gain = level_change(rules, total)
        outcome = _level_outcome(rules, winner, gain, sides, levels, level, dealer, defenders, team, after)
    # seed 001, rules 五 and 七: each wrong follow (跟牌错误) and each take-back (悔牌) costs the
    # offender's side one level at the end of the hand
    def punish(offenders: list[int]) -> list[int]:
        by_team = [0, 0]
        for seat in offenders:
            by_team[team_of(seat)] += 1
            for s in (sides[0] if seat in defenders else sides[1]):
                after[s] = lose_level(after[s])
        return by_team

    revoke_levels = punish([v.seat for v in violations if v.code in REVOKE_CODES and v.seat is not None]
                           if rules.revoke_penalty is RevokePenalty.LEVEL else [])
    takeback_levels = punish(list(hand.takebacks) if rules.takeback_penalty is RevokePenalty.LEVEL else [])
    team_before = (levels[0], levels[1])
    team_after = (after[0], after[1])

    violations.sort(key=lambda v: (v.trick is not None, v.trick or 0))
    return HandResult(
        number=hand.number, dealer=dealer, level=level, trump=trump, rules=rules,
        defenders=frozenset(defenders), tricks=tuple(tricks), violations=tuple(violations),
        attackers_points=attackers_points, bottom_points=bottom_pts, bottom_multiplier=mult,
        bottom_bonus=bonus, penalties=penalties, attackers_total=total, items=tuple(items),
        outcome=outcome, levels_before=team_before, levels_after=team_after, claim=hand.claim,
        setup=hand.setup, complete=complete, revoke_levels=tuple(revoke_levels),
        takeback_levels=tuple(takeback_levels),
        player_levels_before=tuple(levels), player_levels_after=tuple(after))


def _trump_name(trump: int | None) -> str:
    return "无主" if trump is None else SUIT_NAMES_ZH[trump]


def _trump_en(trump: int | None) -> str:
    return "NT" if trump is None else SUIT_TOKENS[trump]


def _check_no_declaration(hand: Hand, rules: RuleSet, trump: int | None) -> list[Violation]:
    """Nobody declared (rules.md §9 ``no_declaration``, :func:`declarations.trump_without_declaration`).
    Judged only when the record has the whole deal: then an empty declaration list means nobody
    declared, not that none was noted."""
    if hand.deal is None or not all(hand.deal):
        return []
    expected, redeal, known = trump_without_declaration(rules, hand.bottom)
    if redeal:
        return [_hand_violation(
            "bad_declaration", None, "无人亮主，按规则应重新发牌，本局不应开打",
            "nobody declared: under no_declaration = redeal the cards are dealt again, "
            "so this hand should not have been played")]
    if not known or trump == expected:
        return []
    if rules.no_declaration is NoDeclaration.THIRD_BOTTOM_CARD:
        third = hand.bottom[2]
        why_zh, why_en = f"底牌第三张 {PRETTY[third]}", f"the bottom's third card {TOKEN[third]}"
    else:
        why_zh, why_en = "无人亮主时打无主", "nobody declared, so the hand is played without trump"
    return [_hand_violation(
        "bad_declaration", None,
        f"无人亮主：{why_zh}定主为 {_trump_name(expected)}，记录的主却是 {_trump_name(trump)}",
        f"nobody declared: {why_en} fixes trump {_trump_en(expected)}, but the record says {_trump_en(trump)}")]



def _level_outcome(rules: RuleSet, winner: str, gain: int, sides, levels, level: int, dealer: int,
                   defenders, team: int, after: list[int], miscount: tuple[int, ...] = ()) -> Outcome:
    """``winner``'s side goes up ``gain`` levels (written into ``after``), and the next dealer."""
    up = sides[0] if winner == "defenders" else sides[1]
    over = False
    for seat in sorted(up):
        # only the dealer's side, playing its own level, can pass the winning level
        after[seat], passed = advance(levels[seat], gain, rules.must_play, rules.win_level,
                                      playing=(winner == "defenders" and levels[seat] == level))
        over = over or passed
    if winner == "defenders":
        friends = sorted(defenders - {dealer})
        next_dealer = partner(dealer) if not rules.friend else (friends[0] if friends else dealer)
    else:
        next_dealer = next_seat(dealer)
    return Outcome(winner=winner, levels=gain, next_dealer=next_dealer,
                   team=team_of(min(up, key=lambda x: (x != dealer, x))) if up else team, match_over=over,
                   reason="miscount" if miscount else "points", miscount=miscount)


def _miscounted(hand: Hand, rules: RuleSet, played: list[list[int]], start: list[list[int]],
                from_plays: frozenset[int], violations: list[Violation], tricks) -> tuple[int, ...]:
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
    known = [s not in from_plays for s in range(4)]     # a start read from the plays proves nothing
    sizes = [sum(row) for row in start]
    if max(totals) < n and not any(known[s] and totals[s] >= sizes[s] for s in range(4)):
        return ()
    out = {v.seat for v in violations if v.code == "wrong_count" and v.seat is not None}
    out |= {s for s in range(4) if known[s] and sizes[s] != n}
    return tuple(sorted(out))


def _starting_hands(hand: Hand, rules: RuleSet, dealer: int, played: list[list[int]],
                    violations: list[Violation]
                    ) -> tuple[list[list[int]], tuple[Card, ...] | None, bool, frozenset[int]]:
    """Each seat's cards before the first trick, the bottom as buried, whether a deal was given,
    and the seats whose cards had to be read from their plays (their exchange is unknown).

    Without deal lines the hands are the cards each seat played (every card is played).
    With them, the dealer's hand is deal + bottom − buried, and the deal, the bottom and
    the bury are checked (``deal_mismatch``, ``bad_bury``).  After 炒地皮 each rebidder took
    the bottom in turn and buried again (seed 000): with every bury recorded the chain is
    followed and checked; with only the last one, the takers' hands come from their plays.
    """
    buried = hand.buried
    if hand.deal is None:
        return [row[:] for row in played], buried, False, frozenset(range(4))
    start = [(_counts(cards) if cards else played[s][:]) for s, cards in enumerate(hand.deal)]
    if hand.setup:
        return start, buried, True, frozenset()
    given = [bool(cards) for cards in hand.deal]
    from_plays = {s for s in range(4) if not given[s]}
    if all(given):
        _check_deal(hand, rules, violations)
    takers = bottom_takers(dealer, hand.declarations)
    buries = (*hand.earlier_buries, buried) if buried is not None else ()
    if len(buries) > 1 and len(buries) != len(takers):
        violations.append(_hand_violation(
            "bad_bury", None,
            f"记录了 {len(buries)} 次埋底，但拿过底牌的有 {len(takers)} 人（庄家和每次炒地皮的人），应记 "
            f"{len(takers)} 次",
            f"the record gives {len(buries)} buries but {len(takers)} player(s) took the bottom (the dealer, "
            f"then each rebid after the bottom, 炒地皮): expected {len(takers)}"))
    if len(takers) > 1 or len(buries) > 1:
        chain = hand.bottom is not None and len(buries) == len(takers) and all(given[t] for t in takers)
        if not chain:
            # the exchanges are not all known: take the takers' hands from their plays
            for t in set(takers):
                start[t] = played[t][:]
            if buries:
                _bury_size(buries[-1], takers[-1], rules, violations)
            return start, buried, all(given), frozenset(from_plays | set(takers))
        pool = [a + b for a, b in zip(start[dealer], _counts(hand.bottom))]
        for i, t in enumerate(takers):
            if i:
                pool = [a + b for a, b in zip(start[t], _counts(buries[i - 1]))]
            start[t] = _bury_from(pool, buries[i], t, i > 0, rules, violations)
        return start, buried, all(given), frozenset(from_plays)
    if not given[dealer]:
        return start, buried, all(given[s] for s in range(4) if s != dealer), frozenset(from_plays)
    if hand.bottom is None:
        # the exchange is unknown: take the dealer's hand from the plays
        start[dealer] = played[dealer][:]
        return start, buried, all(given), frozenset(from_plays | {dealer})
    pool = [a + b for a, b in zip(_counts(hand.deal[dealer]), _counts(hand.bottom))]
    if buried is None:
        derived, missing = _multiset_minus(pool, played[dealer])
        if not missing and sum(derived) == rules.bottom_size:
            buried = tuple(k for k in range(NUM_KINDS) for _ in range(derived[k]))
        start[dealer] = played[dealer][:] if missing else [p - d for p, d in zip(pool, derived)]
        return start, buried, all(given), frozenset(from_plays | {dealer})
    start[dealer] = _bury_from(pool, buried, dealer, False, rules, violations)
    return start, buried, all(given), frozenset(from_plays)


def _bury_from(pool: list[int], buried: tuple[Card, ...], seat: int, rebid: bool, rules: RuleSet,
               violations: list[Violation]) -> list[int]:
    """The hand left when ``seat`` buries ``buried`` from ``pool`` (its hand plus the bottom it
    took); cards not in the pool and a bury of the wrong size are ``bad_bury``."""
    after, missing = _multiset_minus(pool, _counts(buried))
    if missing:
        who_zh = f"{SEAT_NAMES_ZH[seat]}炒地皮后" if rebid else SEAT_NAMES_ZH[seat]
        whose = f"{SEAT_TOKENS[seat]}'s hand nor in the bottom {SEAT_TOKENS[seat]} took" if rebid \
            else "the dealer's hand nor in the bottom"
        violations.append(_hand_violation(
            "bad_bury", seat,
            f"{who_zh}扣的底牌 {_show(missing)} 既不在手中也不在底牌里",
            f"{SEAT_TOKENS[seat]} buried {' '.join(TOKEN[c] for c in missing)}"
            f"{' after the rebid (炒地皮)' if rebid else ''}, which were neither in {whose}",
            tuple(buried)))
    _bury_size(buried, seat, rules, violations)
    return after


def _bury_size(buried: tuple[Card, ...], seat: int, rules: RuleSet, violations: list[Violation]) -> None:
    if len(buried) != rules.bottom_size:
        violations.append(_hand_violation(
            "bad_bury", seat,
            f"{SEAT_NAMES_ZH[seat]}扣了 {len(buried)} 张底牌，应扣 {rules.bottom_size} 张",
            f"{SEAT_TOKENS[seat]} buried {len(buried)} cards; the bottom holds {rules.bottom_size}",
            tuple(buried)))


def _check_deal(hand: Hand, rules: RuleSet, violations: list[Violation]) -> None:
    """Deal sizes and the whole pack: ``hand_size`` each, ``bottom_size`` left, every card ``decks`` times."""
    for s, cards in enumerate(hand.deal):
        if len(cards) != rules.hand_size:
            violations.append(_hand_violation(
                "deal_mismatch", s,
                f"{SEAT_NAMES_ZH[s]}发到 {len(cards)} 张牌，应为 {rules.hand_size} 张",
                f"{SEAT_TOKENS[s]} was dealt {len(cards)} cards; each player gets {rules.hand_size}"))
    if hand.bottom is None:
        return
    if len(hand.bottom) != rules.bottom_size:
        violations.append(_hand_violation(
            "deal_mismatch", None,
            f"底牌有 {len(hand.bottom)} 张，应为 {rules.bottom_size} 张",
            f"the bottom has {len(hand.bottom)} cards; it should have {rules.bottom_size}"))
    total = _counts(hand.bottom)
    for cards in hand.deal:
        for k in cards:
            total[k] += 1
    wrong = [k for k in range(NUM_KINDS) if total[k] != rules.decks]
    if wrong:
        listed = ", ".join(f"{TOKEN[k]}×{total[k]}" for k in wrong[:8]) + (" …" if len(wrong) > 8 else "")
        violations.append(_hand_violation(
            "deal_mismatch", None,
            f"发牌与底牌合起来不是 {rules.decks} 副完整的牌：{listed}",
            f"the deal and the bottom are not {rules.decks} full deck(s) "
            f"({54 * rules.decks} cards, each card {rules.decks}×): {listed}"))


def _defenders(hand: Hand, rules: RuleSet, dealer: int, start: list[list[int]]) -> set[int]:
    """The dealer's side.  Friend mode (rules.md §11, seed 001 挑选对家): the first player after
    the dealer, in play order, who holds the named card is the partner; a dealer holding every
    copy plays alone (一打三)."""
    if not (rules.friend and hand.friend is not None):
        return {dealer, partner(dealer)}
    card = hand.friend
    if start[dealer][card] >= rules.decks:
        return {dealer}
    seat = next_seat(dealer)
    while seat != dealer:
        if start[seat][card]:
            return {dealer, seat}
        seat = next_seat(seat)
    return {dealer}


def describe_outcome(result: HandResult) -> tuple[str, str]:
    """Bilingual one-line outcome: who won, levels, next dealer."""
    o = result.outcome
    if o is None:
        return "本局未打完", "hand not complete"
    zh, en = describe_levels(o.winner, o.levels)
    if o.next_dealer is None:
        zh += "，下一局双方抢庄"
        en += "; the next deal is bid for (抢庄)"
    else:
        zh += f"，下一局{SEAT_NAMES_ZH[o.next_dealer]}坐庄"
        en += f"; next dealer {SEAT_TOKENS[o.next_dealer]}"
    if o.reason == "miscount":
        zh = f"{'、'.join(SEAT_NAMES_ZH[s] for s in o.miscount)}多少牌：" + zh
        en = f"wrong number of cards (多少牌) for {' '.join(SEAT_TOKENS[s] for s in o.miscount)}: " + en
    if o.match_over:
        zh += f"；{TEAMS[o.team]}方获胜"
        en += f"; {TEAMS[o.team]} win the match"
    return zh, en

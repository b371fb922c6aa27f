"""One hand judged as recorded: the cards each seat starts with, the tricks, the points, the outcome.

:func:`replay_recorded` is one judgement of a hand whose tricks each give a play and leave none out: the
setting (dealer, level, trump: :func:`.setting.hand_setting`), the cards each seat starts with
(:func:`.starting_hands.starting_hands`, the bury chain), the partners (:func:`.partners.dealer_side`), the
tricks (:func:`_play_tricks`, each through :func:`~tractor_analysis.engine.tricks.judge_trick`), the points as
itemised entries (:func:`_score`, rules.md §7), the claim, the outcome and the level penalties (:mod:`.outcome`),
and what the record says beyond the plays (declarations, bury, deal, claim, ``[Level]``, ``[Dealer]``) checked
on the way.  Its bilingual messages are made in :mod:`tractor_analysis.engine.explain_hand`.
:mod:`.hand_replay` runs it over every reading of what the record leaves open (a play left out, a deal line
or a tag contradicted, a disputed bury, tricks not read).

A pure function of the record and the ruleset: replaying the same record twice gives equal results.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import POINTS, SEAT_TOKENS, TOKEN, Card
from ..records.frozen import fast_init
from ..records.deal_checks import uneven_position
from ..records.model import Hand
from ..records.rulesets import Miscount, RuleSet, ThrowPenalty
from . import (explain_deal_lines, explain_hand, explain_readings, explain_held, explain_stopped, referee,
               score_sheet)
from .claimed_end import (SINGLE, ForcedLast, bounded_end, claimed_end, finish_totals, forced_end, forced_last,
                          last_trick_multiplier)
from .partners import dealer_side, friend_partner
from .outcome import hand_outcome, level_penalties, pass_after_penalties
from .scoring import failed_throw_penalty, throw_cards_charged
from .setting import (Setting, bottom_unknown, claim_unknown, friend_unknown, hand_seats_unknown, hand_setting,
                      position_seats_unknown, throws_unknown)
from .bottom_exchange import Start
from .played_cards import Played, card_list, counts, how_many_played
from .starting_hands import starting_hands
from .verdicts import BOUNDS_SOURCE, as_record_finding, hand_violation
from .tricks import HandContext, hand_context, judge_tricks, plain_checks
from .owed_plays import unsure_follows
from .unsure_throws import unsure_throws
from .throw_arrows import read_with_arrows
from .lead_after_throw import OpenLead, leads_after_throws
from .unfinished import Unfinished, missing_seats, unfinished_setting, unfinished_trick, won_by_attackers
from .unplaced import unplaced_copies
from .wrong_line import wrong_line, wrong_line_moves
from .verdicts import (Derived, HandResult, ScoreItem, TrickResult, Unknown, Violation, new_hand_result,
                       new_score_item, new_trick_result)


# --- the steps of a hand, and what they hand on ----------------------------------------

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
    open_leads: tuple[OpenLead, ...] = ()
    """Leads after a failed throw shown as played whose turn the trick as the rules require leaves open
    (:mod:`.lead_after_throw`)."""


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


_new_play, _new_score = map(fast_init, (_Play, _Score))


def replay_recorded(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], expected_dealer: int | None,
                 first_of_match: bool, levels_known: bool, chain: str | None, hands_before: bool,
                 first_hand: bool, *, left_out: bool = True) -> HandResult:
    """:func:`.hand_replay.replay_hand` of a hand whose tricks leave no play out, one judgement of it as recorded
    (``left_out``: the cards a deal line the deck proves short leaves out derived,
    :func:`.starting_hands.starting_hands`); a failed throw written without ``->`` whose followers' counts show
    the forced play read with it (:mod:`.throw_arrows`, docs/rules.md §4.5)."""
    args = (rules, levels, expected_dealer, first_of_match, levels_known, chain, hands_before, first_hand)
    result = _replay_once(hand, *args, left_out=left_out)
    if any(v.code == "throw_failed" for v in result.violations):
        result = read_with_arrows(hand, result, lambda h: _replay_once(h, *args, left_out=left_out), hand_first)
    moves = wrong_line_moves(hand, rules, result) if left_out else ()
    if moves:       # a card a long line gives that a short line's seat plays: maybe written in the wrong line
        return wrong_line(hand, result, moves, lambda h: replay_recorded(h, *args, left_out=False), hand_first)
    return result


def _replay_once(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], expected_dealer: int | None,
                 first_of_match: bool, levels_known: bool, chain: str | None, hands_before: bool,
                 first_hand: bool, *, left_out: bool = True) -> HandResult:
    """:func:`replay_recorded`, each trick as written."""
    setting = hand_setting(hand, rules, tuple(levels), expected_dealer, first_of_match, levels_known, chain,
                           first_hand)
    levels = setting.levels
    if not setting.judged and hand.result_only:
        return _not_judged(hand, rules, setting)
    withheld = setting.withheld
    dealer = setting.dealer
    played = Played(hand)
    start = starting_hands(hand, rules, dealer, played, left_out)
    if start.derived or start.unknowns:     # the bottom or the bury derived, or the bury not known
        setting = dataclasses.replace(setting, derived=setting.derived + start.derived,
                                      unknowns=setting.unknowns + start.unknowns)
        withheld = setting.withheld
    whole: frozenset[int] = frozenset()     # seats without a line whose plays are a whole hand: derived
    if hand.setup and start.from_plays:     # seats of a position given no deal line: not known
        if _stops_before_end(hand, start, played):     # the lines show the hand not played out: no outcome
            setting = dataclasses.replace(setting, unknowns=setting.unknowns + (Unknown(
                "deal", ("legality",), *explain_held.position_seats_unknown(tuple(sorted(start.from_plays)),
                                                                              ("legality",))),))
        else:
            setting = position_seats_unknown(setting, start.from_plays)
        withheld = setting.withheld
    elif hand.deal is not None and not hand.setup and not all(hand.deal):   # a full hand missing a deal line
        bare = frozenset(s for s, cards in enumerate(hand.deal) if not cards)
        whole = _whole_hands(hand, rules, start, played, bare)
        setting = dataclasses.replace(setting, derived=setting.derived + tuple(
            Derived("deal", f"{SEAT_TOKENS[s]}: {' '.join(TOKEN[k] for k in card_list(played[s]))}",
                    "the seat's plays (a whole hand)", *explain_held.hand_from_plays(s, s == dealer, rules.hand_size))
            for s in sorted(whole)))
        if bare - whole:
            setting = hand_seats_unknown(setting, bare - whole)
        withheld = setting.withheld
    defenders = dealer_side(hand, rules, setting, start)
    if rules.friend and setting.dealer is not None and not hand.result_only:
        if defenders:       # the partner found (no tag states it): derived, and said from what
            setting = dataclasses.replace(setting, derived=setting.derived + (
                friend_partner(hand, rules, setting.dealer, defenders, start),))
        else:
            setting = friend_unknown(hand, setting)     # the partner cannot be found: the sides are unknown
            withheld = setting.withheld
    if not setting.judged:      # no trump or no level: the tricks as recorded, none judged (docs/rules.md §14)
        return _not_judged(hand, rules, setting, start, defenders, hands_before)
    ctx = hand_context(rules, setting.level, setting.trump)
    play = _play_tricks(hand, rules, ctx, start, dealer, hands_before)
    if play.throws_withheld:              # a throw verdict rested on cards a seat may have held
        n, seats = len(setting.unknowns), sorted(play.unsure_seats)
        setting = throws_unknown(setting, play.unsure_seats, play.throws_withheld,
                                 bool(play.penalty_unknown) and rules.throw_penalty is ThrowPenalty.PER_CARD,
                                 hand.setup)
        kept = [s for s in seats if hand.deal is not None and hand.deal[s]]   # a deal line, the bury not known
        if kept and len(setting.unknowns) > n:      # the item made for them: not "no deal line" for those
            u = setting.unknowns[-1]
            setting = dataclasses.replace(setting, unknowns=(*setting.unknowns[:-1], Unknown("deal", u.withheld, *(
                explain_held.throws_against_unknown(seats, play.throws_withheld, u.withheld, kept)))))
        withheld = setting.withheld
    if play.open_leads:     # a lead after a trick whose play the rules replace: its turn rests on the rules' trick
        setting = dataclasses.replace(setting, unknowns=setting.unknowns + tuple(
            Unknown("order", ("turn",), *explain_readings.lead_after_throw(o.trick, o.seat, o.before, o.recorded,
                                                                         o.winners, o.written, o.unsure))
            for o in play.open_leads))
        withheld = setting.withheld
    sides_known = "sides" not in withheld
    if play.unfinished is not None:                # the record ends in its last trick: what that leaves open
        setting = unfinished_setting(setting, play.unfinished, defenders if sides_known else None,
                                     start.buried is not None)
        withheld = setting.withheld
    if (sides_known and play.complete and start.buried is None and not hand.result_only
            and play.tricks[-1].winner not in defenders):
        # the attackers took the last trick: its bottom counts (a Buried: line given was a bad_bury)
        setting = bottom_unknown(setting, hand.buried is not None
                                 and any(v.code == "bad_bury" for v in start.violations))
        withheld = setting.withheld
    if hand.result_only and hand.claim is None:    # a score sheet's hand without its total
        setting = claim_unknown(setting)
        withheld = setting.withheld
    if hand.result_only:                  # a score sheet: its recorded total, nothing played
        score = _recorded(hand) if sides_known else None
    else:
        score = _score(hand, rules, play, start.buried, defenders) if sides_known else None
    violations = [*setting.violations, *start.violations, *play.violations]
    total_known = score is not None and not {"points", "bottom"} & withheld
    if total_known:
        violations += _check_claim(hand, play.complete, score.total)
    miscount = (_miscounted(hand, rules, played, start, violations, play.tricks)
                if rules.miscount is Miscount.LEVEL and sides_known else ())
    scored = (play.complete or (hand.result_only and hand.claim is not None)) and "outcome" not in withheld
    # (a result from the claim or the cards left: where nothing it rests on is withheld — the tag checks a record
    # begun mid-match leaves open are not among them)
    open_ = bool(withheld & _RESULT_NEEDS)
    stopped = total_known and not scored and not open_ and _stops_between_tricks(hand, start, play, defenders)
    # one card a seat left: the last trick is forced, its winner and points the cards' — the hand's end is reached
    # under any rules, as a record ending inside its last trick (claimed_end.forced_last, docs/rules.md §7.4, §10.1)
    last = forced_last(hand, ctx, start.hands, play.tricks[-1].winner, defenders, start.buried) if stopped else None
    if last is not None:
        score = _with_forced_last(score, rules, last, defenders)
        if hand.claim is not None and hand.claim != score.total:    # the cards give the total
            words = explain_stopped.claim_against_forced(hand.claim, score.total, last.number - 1)
            violations.append(as_record_finding(hand_violation("claim_mismatch", None, words)))
        if rules.miscount is Miscount.LEVEL:        # counted at the hand's end, which the forced trick reaches
            miscount = _miscounted(hand, rules, played, start, violations, play.tricks, ended=True)
        stopped = False
    claimed = _claimed(hand, rules, ctx, start, play, defenders, score.total) if stopped else None
    if isinstance(claimed, Violation):      # a claim the cards left cannot give: the record's fault
        violations.append(claimed)
    elif claimed is not None:               # the record stops between tricks: the table's total is the result
        setting = dataclasses.replace(setting, derived=setting.derived + (claimed,))
    by_claim = isinstance(claimed, Derived)
    # no claim taken: the result every total the cards left allow gives alike, where there is one
    bound = (bounded_end(hand, rules, ctx, start.hands, play.tricks[-1].winner, defenders, score.total, start.buried)
             if stopped and not by_claim else None)
    if (bound is None and total_known and not scored and not open_ and play.unfinished is not None
            and play.unfinished.last and not start.from_plays and defenders):
        # the record ends in the hand's last trick, every play it leaves out forced: the total the cards give
        bound = forced_end(hand, rules, play.unfinished, defenders, score.total, start.buried)
        if bound is not None and hand.claim is not None and hand.claim != bound[1]:    # the cards give the total
            violations.append(_claim_mismatch(hand.claim, bound[1]))
        if bound is not None and hand.setup:    # a position the record stops inside: its total, no result (§8.5)
            setting = dataclasses.replace(setting, derived=setting.derived + (bound[0],))
            bound = None
    if last is not None:
        bound = (Derived("outcome", str(score.total), BOUNDS_SOURCE,
                         *explain_stopped.outcome_from_bounds(score.total, score.total, last.number - 1, forced=True)),
                 score.total)
    if bound is not None:
        setting = dataclasses.replace(setting, derived=setting.derived + (bound[0],))
    total = hand.claim if by_claim else bound[1] if bound is not None else score.total if score is not None else 0
    outcome, after = (hand_outcome(rules, levels, setting, defenders, miscount,
                                   scored or by_claim or bound is not None, total)
                      if score is not None else (None, levels))
    reached = after
    revoke_levels, takeback_levels, after = level_penalties(hand, rules, defenders, violations, after)
    outcome, undone = pass_after_penalties(rules, outcome, defenders, reached, after)   # a pass a penalty undoes
    if undone is not None:
        setting = dataclasses.replace(setting, derived=setting.derived + (undone,))
    if "levels" in withheld or outcome is None:     # no result: the levels it leaves are not known
        after = (None,) * 4
    # the record stops before the hand's end and no claim gives its result: each way it may end played out
    # (the match's decision by the levels reads them where the record stops inside its last hand: scoring)
    finishes = ((outcome, after),) if bound is not None and outcome is not None else None
    if finishes is None and stopped and not by_claim and score is not None:
        totals = finish_totals(hand, rules, ctx, start.hands, play.tricks[-1].winner, defenders, score.total,
                               start.buried)
        finishes = None if totals is None or "levels" in withheld else tuple(
            hand_outcome(rules, levels, setting, defenders, miscount, True, t) for t in totals)
    if len(violations) > 1:
        violations.sort(key=hand_first)
    short = _lines_short_of_plays(hand, start, played, violations)     # a line its seat's plays show short
    if short:
        setting = dataclasses.replace(setting, unknowns=setting.unknowns + short)
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
        # (a position's earlier points stay when the record states them, though the total is withheld: the
        # analysis of a hand whose end it derives counts from them)
        items=() if score is None else score.items if total_known else tuple(
            i for i in score.items if i.kind != "setup_points" or (hand.points_known and not any(
                u.tag == "Points" for u in setting.unknowns))),
        outcome=outcome,
        levels_before=(levels[0], levels[1]), levels_after=(after[0], after[1]), claim=hand.claim,
        setup=hand.setup, complete=play.complete, revoke_levels=revoke_levels,
        takeback_levels=takeback_levels, player_levels_before=levels, player_levels_after=after,
        derived=setting.derived, unknowns=setting.unknowns, unfinished=play.unfinished,
        contradicted=setting.contradicted, questioned=setting.questioned,
        finishes=finishes, forced_last=None if last is None else last.number,
        # legal ✓ only on everything the rules need: every seat's cards (a deal line each, sizes
        # that agree in a position) and, in a full hand, who led the first trick
        legality_known=(not start.from_plays - whole and (hand.setup or dealer is not None) and not play.open_leads
                        and uneven_position(hand) is None and not short and not start.legality_withheld))
    return _with_referee(hand, result, violations)


def _whole_hands(hand: Hand, rules: RuleSet, start: Start, played: Played, bare: frozenset[int]) -> frozenset[int]:
    """The seats of ``bare`` (a full hand's seats given no deal line) whose plays are a whole hand: ``hand_size``
    cards, and no card a failed throw of theirs showed beyond them (:meth:`.Played.held`).  Such a seat held
    exactly the cards it played (the dealer: after its bury), so its follows and throws are judged in full on
    them (docs/rules.md §14.1, the deal: derived, and said) — unless the seats' cards so read, with the other lines
    and the bury, hold more copies of a card than the decks have: the record is wrong somewhere, none is derived."""
    buried = counts(start.buried) if start.buried is not None else [0] * len(start.hands[0])
    if any(sum(col) > rules.decks for col in zip(buried, *start.hands)):
        return frozenset()
    return frozenset(s for s in bare if sum(played[s]) == rules.hand_size and tuple(start.hands[s]) == played[s])


def _stops_before_end(hand: Hand, start: Start, played: Played) -> bool:
    """A position giving some seats no deal line whose lines show the record stops before the hand's end: the
    lines of one size, each read whole, and every seat given one still holding cards after the last trick, each
    of its plays a card of its line, every trick with its four plays — so the hand was not played out, and has
    no outcome, as when every line is given (docs/rules.md §1.6, §14.1)."""
    lined = [s for s in range(4) if s not in start.from_plays]
    if (not lined or not hand.tricks or uneven_position(hand) is not None or any(n for _, n in hand.deal_unread)
            or any(len(t.plays) != 4 for t in hand.tricks)):
        return False
    return all(all(p <= h for p, h in zip(played[s], start.hands[s])) and sum(start.hands[s]) > sum(played[s])
               for s in lined)


def _lines_short_of_plays(hand: Hand, start: Start, played: Played,
                          violations: Sequence[Violation]) -> tuple[Unknown, ...]:
    """A full hand's seat that played more cards than it starts with — every one of them and cards its
    deal line does not give (``not_in_hand``), none left after the last trick (else :mod:`.deal_lines`):
    its line leaves cards out or a play is miscopied, and the record does not say which (docs/rules.md
    §1.6).  Its count is the cards it played (:func:`_miscounted`); its follows are judged on its line,
    so legality is withheld (``"unknown"`` tag ``deal``).  A line the deck proves short is whole already
    (:func:`.starting_hands.starting_hands`)."""
    if hand.setup or hand.deal is None:
        return ()
    unheld = sorted({v.seat for v in violations if v.code == "not_in_hand" and v.trick is not None
                     and v.seat is not None and v.seat not in start.from_plays and hand.deal[v.seat]})
    left = {v.seat for v in violations if v.code == "deal_mismatch" and v.trick is None and v.played}
    out = []
    for s in unheld:
        held, plays = start.hands[s], played[s]
        over = card_list([max(0, p - h) for p, h in zip(plays, held)])
        if s not in left and over and all(p >= h for p, h in zip(plays, held)):
            out.append(Unknown("deal", ("legality",), *explain_deal_lines.line_short_of_plays(
                s, sum(held), sum(plays), over, ("legality",), s == hand.dealer)))
    return tuple(out)


def hand_first(v: Violation) -> tuple[bool, int]:
    """The order of a hand's violations: the hand's own first, then by trick (a stable sort)."""
    return (v.trick is not None, v.trick or 0)


def _not_judged(hand: Hand, rules: RuleSet, setting: Setting, start: Start | None = None,
                defenders: frozenset[int] = frozenset(), hands_before: bool = True) -> HandResult:
    """A hand whose plays cannot be judged (no trump, no level): no trick verdict, no points, no
    outcome.  What does not rest on which cards are trump still stands (docs/rules.md §14): the
    tricks as recorded (``start``: the cards each seat starts with; :func:`_recorded_tricks`), the
    sides (``defenders``), whether every seat played its whole hand (``complete``), and every
    violation no trump decides — the deal and the bury (``start.violations``: ``deal_mismatch``,
    ``bad_bury``), a card played and not held, the turn order, a play of the wrong number of cards,
    cards left after the last trick (:func:`_recorded_tricks`) —; and the verdicts of the record's
    own referee that rest on none of that (:mod:`.referee`: the number of tricks); and the tags the
    rest of the record contradicts or nothing else names (``setting.contradicted``, ``setting.questioned``),
    so that the hand is judged under their other values too (:mod:`.contradictions`): a ``[Level]`` at which
    the declarations fix no trump, ``[Trump]`` not stated, is weighed against the level ``[Levels]`` states,
    at which they may (docs/rules.md §14.1), never left standing alone."""
    play = None
    if start is not None:
        play = _recorded_tricks(hand, rules, start, setting.dealer, hands_before)
        if play.unfinished is not None:     # the record ends in its last trick: the seats it ends before
            setting = unfinished_setting(setting, play.unfinished, None)
    violations = list(setting.violations)
    if start is not None and play is not None:         # (the one is there when the other is)
        violations += [*start.violations, *play.violations]
    if len(violations) > 1:
        violations.sort(key=hand_first)
    levels = setting.levels
    result = new_hand_result(
        number=hand.number, dealer=setting.dealer, level=setting.level, trump=setting.trump, rules=rules,
        defenders=defenders, tricks=() if play is None else play.tricks, violations=tuple(violations),
        attackers_points=None, bottom_points=None, bottom_multiplier=None, bottom_bonus=None, penalties=None,
        attackers_total=None, items=(), outcome=None, levels_before=(levels[0], levels[1]),
        levels_after=(None, None), claim=hand.claim, setup=hand.setup,
        complete=play is not None and play.complete, revoke_levels=(0, 0), takeback_levels=(0, 0),
        player_levels_before=levels, player_levels_after=(None,) * 4, derived=setting.derived,
        unknowns=setting.unknowns, unfinished=None if play is None else play.unfinished, legality_known=False,
        tricks_judged=False, contradicted=setting.contradicted, questioned=setting.questioned)
    return _with_referee(hand, result, violations)      # (a hand not judged: what no trump decides)


def _with_referee(hand: Hand, result: HandResult, violations: list[Violation]) -> HandResult:
    """``result`` with the record's own referee's findings (:func:`.referee.hand_findings`, when the
    record has one) added to ``violations`` and what a judge's early end explains left out
    (:func:`.referee.excused`)."""
    found = referee.hand_findings(hand, result)
    kept = referee.excused(hand, violations)
    if not found and kept is violations:
        return result
    violations = [*kept, *found]
    violations.sort(key=hand_first)
    return dataclasses.replace(result, violations=tuple(violations))


def _plain_kind(cards: Sequence[Card]) -> str | None:
    """A lead's kind where no trump decides it: one card a ``single``, two or three copies of one card
    a ``pair`` or a ``triple``; ``None`` otherwise (a tractor, a throw or a mixed lead: which cards are
    trump decides)."""
    if len(cards) == 1:
        return "single"
    if 2 <= len(cards) <= 3 and len(set(cards)) == 1:
        return "pair" if len(cards) == 2 else "triple"
    return None


def _recorded_tricks(hand: Hand, rules: RuleSet, start: Start, dealer: int | None,
                     hands_before: bool = True) -> _Play:
    """The tricks of a hand not judged (:func:`_not_judged`), as the record gives them: each trick's
    leader (its first play), plays and card points (the cards on the table: no trump decides them);
    its winner ``None``, a throw failed only where the record writes ``attempted -> forced``, and
    the violations no trump decides (:func:`.tricks.plain_checks`).  Also whether the hand was played out —
    the hands emptied, as :func:`_play_tricks` decides it (a seat read from its plays: it played a
    whole hand) —, the trick the record ends in, if it does (:mod:`.unfinished`: its winner and
    points not known), and, as :func:`_play_tricks` finds them, the cards a hand dealt in full
    still holds after the last trick (``deal_mismatch``).  A trick with no play (the reader's error
    says so) has no leader to keep: it is left out.  The first trick's leader is checked against
    the dealer (a full hand); a later one is the trick before's winner, which the trump decides."""
    hands = [list(h) for h in start.hands]
    counts = [0, 0, 0, 0]
    out = []
    leader = None if hand.setup else dealer
    for i, trick in enumerate(hand.tricks):
        plays = trick.plays
        if not plays:
            continue
        before = tuple(map(tuple, hands)) if hands_before else ()
        vs = plain_checks(trick, hands, leader if i == 0 else None)
        for p in plays:
            counts[p.seat] += len(p.cards)
        lead = plays[0]
        points = sum(POINTS[k] for p in plays for k in p.cards)
        out.append(new_trick_result(trick.number, lead.seat, plays, None, points, before, tuple(vs),
                                    _plain_kind(lead.cards), lead.attempted is not None))
    missing = missing_seats(hand.tricks[-1]) if out and hand.tricks[-1].plays else None
    unfinished = None if missing is None else Unfinished(
        out[-1].number, missing, None, None, out[-1].points, None)
    if unfinished is not None and out[-1].violations:   # the seats the record ends before did not fail to play
        out[-1] = dataclasses.replace(out[-1], violations=tuple(
            v for v in out[-1].violations if not (v.code == "out_of_turn" and not v.played and v.seat in missing)))
    empty = not any(map(any, hands))
    if hand.setup and start.from_plays:         # a position's seat with no deal line: not known
        empty = False
    elif start.from_plays:
        empty = empty and all(counts[s] >= rules.hand_size for s in start.from_plays)
    violations = [v for t in out for v in t.violations]
    if out and not empty:
        violations += _cards_left(hand, start, hands, unfinished,
                                  frozenset(s for s in start.from_plays if counts[s] < rules.hand_size))
    return _new_play(tuple(out), bool(out) and empty and unfinished is None, tuple(violations), unfinished)


def _cards_left(hand: Hand, start: Start, hands: list[list[int]], unfinished: Unfinished | None,
                unsure: frozenset[int]) -> list[Violation]:
    """``deal_mismatch`` for each seat of a full hand dealt in full (``start.deal_given``), or of a position whose
    seats each have a line read whole, all of one size (docs/rules.md §1.6: its lines are weighed as a full hand's),
    that still holds cards (``hands``) after the last trick recorded — unless the record just ends early
    (:func:`_ends_early`), or the seat is one the record ends before holding just the cards of its play not
    recorded.  The caller asks only when some trick was played and a hand is not empty."""
    if (hand.setup and (start.from_plays or hand.deal_unread or uneven_position(hand) is not None)) \
            or not start.deal_given \
            or _ends_early(hand, hands, unfinished, unsure):
        return []
    # a seat the record ends before holding just the lead's count: those are its play not recorded
    owed = (frozenset(s for s in unfinished.missing if sum(hands[s]) == len(hand.tricks[-1].plays[0].cards))
            if unfinished is not None else frozenset())
    return [hand_violation("deal_mismatch", s, explain_hand.cards_left_after_last_trick(s, cards), tuple(cards))
            for s in range(4) if s not in owed and (cards := card_list(hands[s]))]


# --- tricks, points, claim ---------------------------------------------------------------

def _play_tricks(hand: Hand, rules: RuleSet, ctx: HandContext, start: Start, dealer: int | None,
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
        counts = how_many_played(hand)
        empty = empty and all(counts[s] >= rules.hand_size for s in start.from_plays)
        unsure = frozenset(s for s in start.from_plays if counts[s] < rules.hand_size)
    checked = unsure_throws(ctx, hand.tricks, tricks, start.hands, unsure, unplaced_copies(rules, start)) if unsure else None
    if checked is not None and checked.withheld:
        tricks = list(checked.tricks)
    if unsure:      # the play owed by a seat read from its plays: named only where its cards at most owe the same
        tricks = list(unsure_follows(ctx, hand.tricks, tricks, start.hands, unsure, unplaced_copies(rules, start)))
    open_leads: tuple[OpenLead, ...] = ()
    readings = dict(checked.readings) if checked is not None else {}
    if readings or any(v.code in ("throw_failed", "wrong_forced_play") for t in tricks for v in t.violations):
        # a lead out of turn after a failed throw shown as played, or its forced play written wrong: the rules'
        # trick may give that lead; after a throw whose verdict rests on a seat read from its plays, judged under
        # each reading of that seat's cards
        tricks, open_leads = leads_after_throws(ctx, hand.tricks, tricks, start.hands,
                                                [s not in start.from_plays for s in range(4)], readings, unsure)
        tricks = list(tricks)
    for result in tricks:
        if result.violations:
            violations.extend(result.violations)
    if tricks and not empty:
        violations += _cards_left(hand, start, hands, unfinished, unsure)
    # a count the judgement could not make (None) leaves its penalty unknown, as unsure_throws' do
    uncounted = frozenset(t.number for t in tricks if t.cards_not_thrown is None)
    if checked is None or not checked.withheld:
        if not uncounted and not open_leads:
            return _new_play(tuple(tricks), bool(tricks) and empty and unfinished is None, tuple(violations), unfinished)
        return _new_play(tuple(tricks), bool(tricks) and empty and unfinished is None, tuple(violations), unfinished,
                         (), uncounted, frozenset(), open_leads)
    return _new_play(tuple(tricks), bool(tricks) and empty and unfinished is None, tuple(violations), unfinished,
                     checked.withheld, checked.penalty_unknown | uncounted, unsure, open_leads)


def _ends_early(hand: Hand, hands: Sequence[Sequence[int]], unfinished: Unfinished | None,
                unsure: frozenset[int]) -> bool:
    """The cards still held are just what a record that stops early leaves (docs/rules.md §14.1): every
    seat holds as many (the seats the record ends before: one lead's worth more), or every seat still holds
    a card for another trick — what the tricks it does not give would have played is not known, so the
    cards held prove no wrong deal, however many each holds (a seat that played a card not held,
    ``not_in_hand``, holds more: :mod:`.deal_lines` judges its line).  A seat of ``unsure`` (read from its
    plays — no deal line, a line not read whole, the dealer or a taker whose bury is not known — and not a
    whole hand of them) holds at least what is left (the dealer's: nothing, by construction), maybe more."""
    left = [sum(h) for h in hands]
    if unfinished is not None:
        for s in unfinished.missing:
            left[s] -= len(hand.tricks[-1].plays[0].cards)
    known = [left[s] for s in range(4) if s not in unsure]
    return not known or min(known) > 0 or (set(known) == {0} and all(left[s] <= 0 for s in unsure))


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
    shapes = None       # the last trick's lead, where the attackers take the bottom with it
    if play.complete and buried is not None and play.tricks[-1].winner not in defenders:
        shapes = play.tricks[-1].lead_shapes
    elif u is not None and u.bottom_fixed and buried is not None and won_by_attackers(u, defenders):
        # the record ends in the last trick, which the attackers surely take, every play it leaves out forced: the
        # bottom is theirs at the multiplier its lead fixes (unfinished.unfinished_setting, claimed_end.forced_end)
        shapes = u.lead_shapes
    if shapes is not None and bottom_points is not None:
        mult = last_trick_multiplier(rules, shapes)
        bonus = bottom_points * mult
        items.append(new_score_item("bottom", bonus, *explain_hand.bottom_bonus(bottom_points, mult, bonus)))
    penalties = _throw_penalties(rules, play.tricks, defenders, play.penalty_unknown)
    return _new_score(items=(*items, *penalties),
                  attackers_points=trick_points + (hand.points if hand.setup else 0),
                  bottom_points=bottom_points, multiplier=mult, bonus=bonus,
                  penalties=sum(i.points for i in penalties))


def _with_forced_last(score: _Score, rules: RuleSet, last: ForcedLast, defenders: frozenset[int]) -> _Score:
    """``score`` of a record stopping before its forced last trick (:func:`.claimed_end.forced_last`) with that
    trick counted: its points, and the bottom at a single's multiplier, the attackers' when they take it."""
    if last.winner in defenders or score.bottom_points is None:
        return score
    points = score.attackers_points + last.points
    mult = last_trick_multiplier(rules, SINGLE)
    bonus = score.bottom_points * mult
    items = [new_score_item("tricks", i.points + last.points, *explain_hand.trick_points(i.points + last.points))
             if i.kind == "tricks" else i for i in score.items if i.kind != "throw_penalty"]
    items.append(new_score_item("bottom", bonus, *explain_hand.bottom_bonus(score.bottom_points, mult, bonus)))
    return _new_score(items=(*items, *(i for i in score.items if i.kind == "throw_penalty")),
                      attackers_points=points, bottom_points=score.bottom_points, multiplier=mult, bonus=bonus,
                      penalties=score.penalties)


def _recorded(hand: Hand) -> _Score:
    """A result-only hand (a score sheet, :mod:`.score_sheet`): the recorded total, nothing played.
    The sheet records the total alone, so its trick points, bottom and penalties are not known: ``None``
    (never a working 0), with ``[Claim]`` or without (docs/format.md "Score sheets")."""
    items = score_sheet.recorded_items(hand)
    return _new_score(items=items, **score_sheet.NOT_RECORDED)


def _throw_penalties(rules: RuleSet, tricks: Sequence[TrickResult], defenders: frozenset[int],
                     unknown: frozenset[int] = frozenset()) -> list[ScoreItem]:
    """``throw_penalty = per_card``: each card of a failed throw beyond the forced play the rules require
    (:func:`.scoring.throw_cards_charged`, however the record writes it; ``throw_penalty_cards =
    failing_units``: each card of a beaten unit) costs its side ``throw_penalty_points`` (the
    attackers lose them, the defenders give them away).  A trick in ``unknown`` (its count rests on
    cards a seat may have held: :mod:`.unsure_throws`) is left out: the points are then withheld."""
    if rules.throw_penalty is not ThrowPenalty.PER_CARD:
        return []
    items = []
    for t in tricks:
        if t.number in unknown:
            continue
        n = throw_cards_charged(rules, t)       # from the forced play the rules require (rules.md §4.6)
        if n is None:                           # not known: in ``unknown`` already (_play_tricks)
            continue
        if n > 0:
            items.append(new_score_item(
                "throw_penalty", failed_throw_penalty(rules, n, t.leader in defenders),
                *explain_hand.throw_penalty(t.number, t.leader, n, rules.throw_penalty_points), t.number))
    return items


_RESULT_NEEDS = frozenset({"sides", "points", "bottom", "outcome", "levels", "trick_winner", "trick_points", "legality"})
"""What a stopped record's result from its claim or the cards left rests on: withheld, no such result."""


def _stops_between_tricks(hand: Hand, start: Start, play: _Play, defenders: frozenset[int]) -> bool:
    """A full hand (not a position, not a score sheet's) whose record stops between two tricks, every seat's cards
    known from its deal line and the sides known: where :mod:`.claimed_end` may give its result."""
    return not (hand.setup or hand.result_only or not hand.tricks or play.unfinished is not None
                or start.from_plays or play.unsure_seats or not defenders)


def _claimed(hand: Hand, rules: RuleSet, ctx: HandContext, start: Start, play: _Play, defenders: frozenset[int],
             taken: int) -> Derived | Violation | None:
    """:func:`.claimed_end.claimed_end` of a record that stops between tricks (:func:`_stops_between_tricks`); a
    claim the cards left cannot give is a finding about the record (:func:`_claim_mismatch`)."""
    if hand.claim is None:
        return None
    found = claimed_end(hand, rules, ctx, start.hands, play.tricks[-1].winner, defenders, taken, start.buried)
    return as_record_finding(found) if isinstance(found, Violation) else found


def _claim_mismatch(claim: int, total: int) -> Violation:
    """``[Claim]`` other than the total the cards give: the table's count or the score sheet is wrong, no play —
    a finding about the record (``about`` record: :attr:`.HandResult.legal` stays, :attr:`.HandResult.claim_matches`
    is false; docs/rules.md §7.4, §13.1)."""
    return as_record_finding(hand_violation("claim_mismatch", None, explain_hand.claim_mismatch(claim, total)))


def _check_claim(hand: Hand, complete: bool, total: int) -> list[Violation]:
    """A claimed score (``[Claim]``) other than the plays give: ``claim_mismatch`` (:func:`_claim_mismatch`)."""
    if hand.claim is not None and complete and hand.claim != total:
        return [_claim_mismatch(hand.claim, total)]
    return []


# --- the miscount that decides a hand, and the outcome's words ---------------------------

def _miscounted(hand: Hand, rules: RuleSet, played: Sequence[Sequence[int]], start: Start,
                violations: Sequence[Violation], tricks: Sequence[TrickResult], ended: bool = False) -> tuple[int, ...]:
    """Seats with too many or too few cards (多少牌) once the hand has ended.

    The hand has ended when some seat played a whole hand (``hand_size`` cards) or, with
    its deal line, every card it started with.  Then a seat miscounted when it started with
    another number of cards than a hand holds (its deal line, or the dealer's or a
    rebidder's hand after burying: known only with the deal lines), or when it played a
    wrong number of cards to a trick (``wrong_count``: it ends short or long).  A seat whose
    play is simply missing from the record, with nothing else wrong, is a record cut short,
    not a miscount; so is a record that stops before anyone played a whole hand.

    A start its seat's plays contradict — it played a card its cards do not give (``not_in_hand``) —
    proves no count: the seat is then counted by what it played, as docs/rules.md §10.3 counts (its
    ``wrong_count``), never by the size of its line (§1.6: the line or a play is miscopied, and the
    tricks record each play it made).  ``ended``: the record stops just before the forced last trick, one card a
    seat left (:func:`.claimed_end.forced_last`), which ends the hand."""
    if hand.setup or not tricks:
        return ()
    n = rules.hand_size
    totals = [sum(row) for row in played]
    known = [s not in start.from_plays for s in range(4)]     # a start read from the plays proves nothing
    sizes = [sum(row) for row in start.hands]
    if not ended and max(totals) < n and not any(known[s] and totals[s] >= sizes[s] for s in range(4)):
        return ()
    out = {v.seat for v in violations if v.code == "wrong_count" and v.seat is not None}
    unheld = {v.seat for v in violations if v.code == "not_in_hand" and v.trick is not None}
    out |= {s for s in range(4) if known[s] and sizes[s] != n and s not in unheld}
    return tuple(sorted(out))

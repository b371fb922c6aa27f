"""The printed ruling (``tractor ruling``): one A4 page per violation that a referee signs.

Each page says where and when (event, round, table, date, players), the hand (dealer,
level, trump, rules), the trick with the four hands before it and the cards played, the
violation with the rule quoted from ``docs/rules.md`` in Chinese and English
(:mod:`tractor_analysis.engine.rule_refs`), the better play the player held, what the
record's ruleset makes of it (penalty points or levels, the corrected score), and a
decision block (upheld / not upheld, referee, time, signatures).

:func:`ruling_pages` picks the violations (every one, or those matching ``hand`` /
``trick`` / ``seat``); :func:`render_rulings` makes one HTML document of them, one page
each (``break-after: page``); :func:`write_ruling` writes it atomically.
"""
from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from tractor_analysis import __version__
from tractor_analysis.engine.explain_hand import cards_left, not_scored
from tractor_analysis.engine.explain import cards_text, lead_decided as lead_words, lead_decided_by_rules
from tractor_analysis.engine.hand_replay import context_of
from tractor_analysis.engine.lead_decided import lead_decided
from tractor_analysis.engine.outcome import REVOKE_CODES
from tractor_analysis.engine.owed_plays import led_group_held
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.engine.record_gaps import find_gaps
from tractor_analysis.engine.required_trick import throw_decision
from tractor_analysis.engine.replay import record_pairs
from tractor_analysis.engine.rule_refs import RuleRef, rule_ref
from tractor_analysis.engine.verdicts import RECORDED_TOTAL, HandResult, MatchResult, Violation
from tractor_analysis.records.cards import Card, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_SYMBOLS, team_of
from tractor_analysis.records.diagnostics import Diagnostic
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.records.safe_write import write_text_atomic

from .card_display import display_order
from .hand_page import (HandView, ScoreLine, TrickView, ViolationView, hand_view, player_names,
                        violation_view)
from .hands_known import DEAL, PLAYS, hand_sources
from .ruling_consequences import consequences, derived_play, penalty_known
from .ruling_fit import fit_level
from tractor_analysis.engine.derived_in_place import derived_in_place
from .ruling_throw import THROW_CODES, RequiredView, required_view

@dataclass(frozen=True, slots=True)
class RulingPage:
    """One violation, as the printed page shows it."""

    source: str
    """The record file, as given on the command line."""
    event: str
    site: str
    date: str
    round: str
    table: str
    hand: HandView
    trick: TrickView | None
    """The trick of the violation (``None`` for a hand-level finding: bury, deal, claim …)."""
    violation: ViolationView
    ref: RuleRef | None
    consequences: tuple[tuple[str, str], ...]
    """What the ruleset makes of it: (中文, English) lines."""
    score: tuple[tuple[str, str, str], ...]
    """(中文 label, English label, value) lines of the hand's score as the engine computes it."""
    referee: str
    """The referee named by the record (``[Referee]`` of the hand or the match), else empty."""
    record_problems: tuple[str, ...] = ()
    """The record's problems as the page quotes them, Chinese first (:func:`problem_line`)."""
    required: RequiredView | None = None
    """A failed throw: the trick as the rules require it (:mod:`.ruling_throw`)."""
    derived_play: tuple[str, str] | None = None
    """(中文, English): the violation's play is one the record leaves out, derived — and from what
    (:func:`derived_play`); the trick table shows the trick as recorded."""
    trump_note: tuple[str, str] | None = None
    """(中文, English): the trump suit or the level is not known, so the hands shade as trumps only the
    cards that are trumps whatever it is (:func:`trump_note`); ``None`` when both are known."""
    evidence: tuple[tuple[str, str], ...] = ()
    """(中文, English): what proves the cards the violation says a seat held when the record does not give
    that seat's hand whole — its own later plays (:func:`evidence`, docs/rules.md §14.1)."""
    sides: tuple[str, ...] = ()
    """N, E, S, W: ``defenders`` / ``attackers`` / ``unknown`` in this hand, as far as known
    (:func:`seat_sides`: the dealer is on the dealer's side even when its friend is not known)."""
    signers: tuple["Signer", ...] = ()
    """Who signs beside the referee (:func:`signers`): the teams, or friend mode's sides, or its seats."""
    played_derived: tuple[Card, ...] | None = None
    """The play the engine derived in place of the one the record writes (a play the decks prove miscopied:
    :func:`~tractor_analysis.engine.derived_in_place.derived_in_place`): what was played; the violation's ``played`` is then the play
    as written.  ``None``: the violation's play is the record's (or :attr:`derived_play`'s, one left out)."""
    lead_trick: TrickView | None = None
    """A lead out of turn: the trick before it, whose winner was due to lead (:func:`lead_note`) — as written."""
    lead_note: tuple[str, str] | None = None
    """(中文, English): who won :attr:`lead_trick` and so was due to lead — with the plays in it equal to the
    winning one and the rule that the first played keeps the lead (docs/rules.md §2.5), the point in dispute; where
    the rules replace that trick as written (a failed throw, §4.5), that the written one was replaced and the
    trick the rules require decided the lead."""
    lead_required: RequiredView | None = None
    """Where the rules replace :attr:`lead_trick` as written (a failed throw shown as played, its forced play
    written wrong, or a throw written failed that would have stood: §4.5): that trick as the rules require it —
    the one that decided the lead (:func:`lead_note`); the page shows it, and the trick as written as replaced."""
    better_example: bool = False
    """The violation's ``better`` is one example of the plays that meet the duty, not the only one (its words say
    "for example / 例如", as ``tractor check`` prints them: :attr:`~tractor_analysis.engine.verdicts.Violation.better_example`)."""


@dataclass(frozen=True, slots=True)
class Signer:
    """One signature line beside the referee's: its label, and the players who sign on it."""

    zh: str
    en: str
    players: tuple[tuple[str, str], ...] = ()
    """(seat, name) of each player the line is for; empty for a team (N–S, E–W)."""


def _tag(tags: Iterable[tuple[str, str]], name: str) -> str:
    for key, value in tags:
        if key.lower() == name.lower():
            return value
    return ""


def _revokes_before(result: MatchResult | None, hand_index: int, team: int) -> int:
    """Wrong follows punished by a level for ``team`` in the match's earlier hands."""
    if result is None:
        return 0
    return sum(h.revoke_levels[team] for h in result.hands[:hand_index])


def trump_note(result: HandResult) -> tuple[str, str] | None:
    """(中文, English) for the trick table when the record does not give the trump suit or the level:
    the cards shaded as trumps are only those that are trumps whatever the unknown is (the jokers,
    the level's cards when the level is known, the trump suit when it is known, the 2s where they
    are always trumps); a level not known is no rank's: its cards are laid out in their suits
    (:func:`~.card_display.display_order`).  ``None`` when both are known."""
    if result.level is None:
        return _levelless_note(result)
    if result.trump_known:
        return None
    if result.rules.constant_twos and result.level != 2:
        return ("主牌花色未知：只把王、级牌和 2 标为主牌", "trump suit not known: only the jokers, the level cards "
                "and the 2s are marked as trumps")
    return "主牌花色未知：只把王和级牌标为主牌", "trump suit not known: only the jokers and level cards are marked as trumps"


def _levelless_note(result: HandResult) -> tuple[str, str]:
    """:func:`trump_note` of a hand whose level is not known."""
    twos = result.rules.constant_twos          # the 2s: level cards at 2, constant twos at any other
    if result.trump_known and result.trump is not None:
        symbol = SUIT_SYMBOLS[result.trump]
        zh = f"王{'、2 ' if twos else ''}和主牌花色 {symbol} "
        en = f"the jokers{', the 2s' if twos else ''} and the trump suit {symbol}"
    else:
        zh, en = ("王和 2 " if twos else "王"), ("the jokers and the 2s" if twos else "the jokers")
    head_zh, head_en = ("级别未知", "level not known") if result.trump_known else (
        "主牌花色与级别未知", "trump suit and level not known")
    return (f"{head_zh}：只把{zh}标为主牌，级牌照花色排列",
            f"{head_en}: only {en} are marked as trumps, the level's cards are shown in their suits")


def seat_sides(result: HandResult) -> tuple[str, str, str, str]:
    """N, E, S, W: each seat's side in the hand (``defenders``, ``attackers``, ``unknown``).  When the
    sides are not known but the dealer is — friend mode (找朋友) with the friend not known — the dealer
    is still on the dealer's side (docs/rules.md §11); every other seat's side is unknown."""
    if result.defenders:
        return tuple("defenders" if s in result.defenders else "attackers" for s in range(4))  # type: ignore[return-value]
    return tuple("defenders" if s == result.dealer else "unknown" for s in range(4))  # type: ignore[return-value]


def signers(result: HandResult, names: Sequence[str | None]) -> tuple[Signer, ...]:
    """The signature lines beside the referee's (``names``: the record's players, N E S W, ``None`` or
    empty where it names none).  Fixed partnerships: the teams (南北方 N–S, 东西方 E–W).  Friend mode has
    no teams (docs/rules.md §11): the hand's sides when known — the dealer's side, the dealer first, and
    the attackers —, else each seat (the dealer's line so named when it is known)."""
    if not result.rules.friend:
        return Signer("南北方", "N–S"), Signer("东西方", "E–W")

    def who(seats: Iterable[int]) -> tuple[tuple[str, str], ...]:
        return tuple((SEAT_TOKENS[s], names[s] or "") for s in seats)

    dealer = result.dealer
    if result.defenders and dealer is not None:
        side = [dealer] + sorted(result.defenders - {dealer})
        return (Signer("庄家方", "Dealer's side", who(side)),
                Signer("闲家", "Attackers", who(sorted(set(range(4)) - result.defenders))))
    return tuple(Signer("庄家", "Dealer", who([s])) if s == dealer
                 else Signer(SEAT_NAMES_ZH[s], ("North", "East", "South", "West")[s], who([s]))
                 for s in range(4))


def _held_claim(v: Violation, required: RequiredView | None) -> tuple[int | None, tuple[Card, ...]]:
    """The seat a violation says held some cards, and those cards: a wrong follow's (or a follow of the
    wrong size's) play it held and did not play; a failed throw's beating unit, and its holder."""
    if v.code in THROW_CODES:
        if required is None or required.holder is None:
            return None, ()
        return required.holder, required.beater
    if v.code in REVOKE_CODES or v.code == "wrong_count":
        rest = list(v.better)
        for k in v.played:
            if k in rest:
                rest.remove(k)
        return v.seat, tuple(rest)
    return None, ()


def evidence(v: Violation, record: Hand, result: HandResult,
             required: RequiredView | None = None) -> tuple[tuple[str, str], ...]:
    """(中文, English): what proves the cards ``v`` says a seat held, when the record does not give that
    seat's hand whole (no deal line: its cards are read from its plays, and it is judged only where
    its own plays prove the fault, docs/rules.md §14.1) — the trick in which it played each, from the
    violation's on ("S played ♥8 in trick 22, so S held it here").  ``()`` when the seat's hand is
    given, or when some card is not found among its plays in the record (nothing is then said).  A seat
    whose deal line is given but whose play in an earlier trick the record leaves out, not derived, holds
    cards not known from then on: a fault of it stands only on its later plays (:mod:`.record_gaps`), and
    they are named the same way."""
    if v.trick is None:
        return ()
    seat, cards = _held_claim(v, required)
    if not cards and v.code in REVOKE_CODES and result.level is not None and result.trump_known:
        # the play owed not named (the seat's cards read from its plays): the cards of the led group it surely
        # held are what its own plays prove it held
        seat, cards = v.seat, led_group_held(hand_context(result.rules, result.level, result.trump), result, v)
    source = hand_sources(record, result)[seat] if seat is not None else DEAL
    derived = {(n, p.seat) for n, p in result.derived_plays}
    gap = next((g.trick for g in find_gaps(record) if seat in g.missing and g.trick < v.trick
                and (g.trick, seat) not in derived), None) if seat is not None else None
    if seat is None or not cards or (source == DEAL and gap is None):
        return ()
    need = list(cards)
    found: list[tuple[int, list[Card]]] = []
    for t in result.tricks:
        if t.number < v.trick or not need:
            continue
        for play in t.plays:
            if play.seat != seat or (t.number == v.trick and seat == v.seat):
                continue        # the violation's own play is what it did not play
            took = []
            for k in play.cards:
                if k in need:
                    need.remove(k)
                    took.append(k)
            if took:
                found.append((t.number, took))
    if need:
        return ()
    zh_seat, en_seat = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    zh = "、".join(f"在第 {n} 轮打出 {cards_text(ks)}" for n, ks in found)
    en = " and ".join(f"{cards_text(ks)} in trick {n}" for n, ks in found)
    many = len(cards) > 1
    if source == PLAYS:         # a whole hand's cards played: its hand is read from them
        why_zh, why_en = f"{zh_seat}的手牌由其出牌推出", f"{en_seat}'s hand is read from its plays"
    elif source == DEAL:        # its deal line given, its play in an earlier trick left out of the record
        why_zh = f"记录缺少{zh_seat}在第 {gap} 轮的出牌，此后其手牌不全知道"
        why_en = f"the record leaves out {en_seat}'s play in trick {gap}, so its hand is not known whole from then on"
    else:
        why_zh, why_en = f"记录未给出{zh_seat}的完整手牌", f"the record does not give {en_seat}'s hand whole"
    return ((f"证据：{zh_seat}{zh}，可见本轮时持有{'这些牌' if many else '该牌'}（{why_zh}，docs/rules.md §14.1）",
             f"evidence: {en_seat} played {en}, so {en_seat} held {'them' if many else 'it'} here ({why_en}, "
             f"docs/rules.md §14.1)"),)


def lead_note(v: Violation, result: HandResult) -> tuple[int, tuple[str, str], Violation | None] | None:
    """A lead out of turn ``v``: the place in the hand (from 0) of the trick before it, whose winner was due to
    lead — by its place, not its number: two tricks may have one number (``trick_sequence``) —, (中文,
    English) why (:func:`~tractor_analysis.engine.lead_decided.lead_decided`: equal plays in it named with
    docs/rules.md §2.5), and — where the rules replace that trick as written (a failed throw, §4.5) — the verdict
    of its throw: the words then say the trick as written was replaced by the one the rules require, which decided
    the lead; ``None`` for any other finding."""
    decided = lead_decided(context_of(result), result.tricks, v)
    if decided is None:
        return None
    throw = decided.replaced
    place = decided.place
    if throw is None:
        return place, lead_words(decided.trick, v.trick, decided.winner, decided.winning, decided.equal), None
    lead = result.tricks[place].leader
    decision = throw_decision(throw, decided.shown)
    forced = ((decided.shown,) if decision.stands else tuple(throw.better_choices) if len(throw.better_choices) > 1
              else (decision.lead,) if decision.lead else ())
    return place, lead_decided_by_rules(decided.trick, v.trick, decided.winner, lead, decided.shown, forced,
                                        decided.written), throw


def outcome_line(hand: HandView, result: HandResult) -> str:
    """The score table's outcome: who won and the levels the score table gives, and — when a rank
    the side may not skip stopped it (docs/rules.md §8.4) — what stopped it and the levels really
    gained, the one fact ``tractor check`` says (:func:`~tractor_analysis.engine.outcome.gain_capped`)."""
    o = hand.outcome        # (the hand view's words already hold the cap: hand_page._outcome_view)
    return f"{o.zh} / {o.en}"


SCORE_LABELS = {
    "tricks": ("闲家各轮得分", "attackers' trick points"),
    "setup_points": ("此前已得分", "points before this position"),
    RECORDED_TOTAL: ("记分表记录的闲家总分（未记出牌）", "attackers' total as the score sheet records it (no play recorded)"),
}
"""The score table's labels of the items whose words (the engine's, for ``tractor check``) hold the
value itself: the table gives the value in its own cell, once."""


def score_label(line: ScoreLine, result: HandResult) -> tuple[str, str]:
    """(中文, English): the score table's label of one score item — a label, its value in the next cell
    (the engine's words ``闲家各轮得分 5`` would say it twice); the bottom keeps its points × multiplier
    (how the value comes), a penalty its trick, seat and count; another item its own words."""
    if line.kind in SCORE_LABELS:
        return SCORE_LABELS[line.kind]
    if line.kind == "bottom":
        points, mult = result.bottom_points, result.bottom_multiplier
        if points is not None and mult and points * mult == line.points:
            return f"抠底 {points} 分 × {mult}", f"bottom {points} × {mult}"
        return "抠底", "bottom"
    return line.zh, line.en


def score_lines(hand: HandView, result: HandResult) -> tuple[tuple[str, str, str], ...]:
    """The hand's score as the engine computes it, with the recorded claim beside it."""
    out: list[tuple[str, str, str]] = []
    if result.attackers_total is None:      # withheld: what it rests on is not known (the sides, the bottom …)
        # the failed-throw penalties stand when their count and sign are known (check's penalty lines)
        if penalty_known(result):
            out.extend((line.zh, line.en, f"{line.points:+d}") for line in hand.score
                       if line.kind == "throw_penalty")
        out.append(("闲家得分：不予判定（见“未知”）", "the attackers' points: withheld (see unknown)", "?"))
        return tuple(out)
    for line in hand.score:
        zh, en = score_label(line, result)
        out.append((zh, en, f"{line.points:+d}" if line.kind == "throw_penalty" else str(line.points)))
    if not result.complete:
        # why, in the words ``tractor check`` uses (explain_hand.not_scored): a seat left holding cards
        # the record does not show it play (the deal and the plays disagree), or a record that stops
        # first; a position not played out says so
        if result.scored_by_claim:      # the record stops between tricks: the table's [Claim] is the result
            out.append(("记录在本局打完之前结束，闲家已得", "the record stops before the hand's end: the attackers' "
                        "points so far", f"{result.attackers_total} 已得 / so far"))
            out.append(("本局结果按记录的得分 [Claim] 计（在余牌可得范围内）", "the hand's result from the recorded "
                        "score [Claim] (within what the cards left allow)", f"{result.claim}"))
        elif result.setup and not cards_left(result.violations):
            out.append(("残局未打完，未计分", "the position is not played out: not scored",
                        f"{result.attackers_total} 已得 / so far"))
        elif cards_left(result.violations):
            zh, en = not_scored(result.violations)
            out.append((f"{zh}，未计分", f"{en}: not scored",
                        f"{result.attackers_total} 已记各轮所得 / in the recorded tricks"))
        elif result.scored_by_bounds:   # every total the cards left allow gives one result
            out.append(("记录在本局打完之前结束，闲家已得", "the record stops before the hand's end: the attackers' "
                        "points so far", f"{result.attackers_total} 已得 / so far"))
            span = next(d.value for d in result.derived if d.fact == "outcome")
            out.append(("余下的牌可能给出的闲家总分（每个都得出同一结果）", "the attackers' totals the cards left allow "
                        "(each gives the same result)", span.replace("-", "–")))
        else:
            zh, en = not_scored(result.violations, result.tricks, True)
            out.append((f"{zh}，未计分", f"{en}: not scored", f"{result.attackers_total} 已得 / so far"))
        if hand.outcome is None:
            return tuple(out)
    else:
        out.extend(_recorded_score(result))
    if hand.outcome is not None:
        out.append(("结果", "outcome", outcome_line(hand, result)))
    if hand.player_levels:      # 找朋友: each player keeps a level of their own, no team has one
        out.append(("各人级别（打前 → 打后）", "each player's level (before → after)",
                    " · ".join(f"{seat} {before} → {after}" for seat, _, before, after in hand.player_levels)))
    else:
        out.append(("级别（打前 → 打后）", "levels (before → after)",
                    f"N–S {hand.levels_before[0]} → {hand.levels_after[0]} · "
                    f"E–W {hand.levels_before[1]} → {hand.levels_after[1]}"))
    return tuple(out)


def _recorded_score(result: HandResult) -> list[tuple[str, str, str]]:
    """The score table's total of a hand played out, and its recorded score checked against it."""
    out = [("闲家总分（按出牌计算）", "attackers' total (computed)", str(result.attackers_total))]
    if result.claim is not None:
        if result.claim == result.attackers_total:
            out.append(("记录的得分", "recorded score", f"{result.claim} ✓"))
        else:
            out.append(("记录的得分 → 更正为", "recorded score → corrected to",
                        f"{result.claim} → {result.attackers_total}"))
    return out


_SEPARATOR = " / "
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+")
"""A run of Chinese script and its punctuation (the full-width colon and comma of the Chinese half)."""


def chinese_first(message: str) -> str:
    """A diagnostic's message (``English / 中文``, :func:`~tractor_analysis.records.diagnostics.bilingual`)
    as ``中文 / English``: the same two halves, word for word, the Chinese one first as on the rest of
    the ruling.  Record text quoted in a message may hold ``" / "`` itself, so the separator is the
    last ``" / "`` before which the English half holds an English word and no Chinese but what the
    Chinese half quotes too (each run of Chinese in it found in the Chinese half), the Chinese half
    holding Chinese.  A message with no such place (no Chinese half) is kept as it stands, both
    languages in it — never cut at a guessed place."""
    for found in reversed(list(re.finditer(re.escape(_SEPARATOR), message))):
        en, zh = message[:found.start()], message[found.end():]
        if (_CJK.search(zh) and re.search(r"[A-Za-z]", en)
                and all(run in zh for run in _CJK.findall(en))):
            return f"{zh}{_SEPARATOR}{en}"
    return message


def problem_line(d: Diagnostic, source: str) -> str:
    """One of the record's problems as the ruling's box quotes it: ``path:line:column: 中文 / English``
    (:meth:`~tractor_analysis.records.diagnostics.Diagnostic.located` with the message Chinese first,
    :func:`chinese_first`); the terminal keeps ``tractor check``'s line, English first."""
    return dataclasses.replace(d, message=chinese_first(d.message)).located(source)


def _selected(v: Violation, hand: int | None, trick: int | None, seat: int | None, number: int) -> bool:
    return ((hand is None or number == hand) and (trick is None or v.trick == trick)
            and (seat is None or v.seat == seat))


SCORE_RULINGS = frozenset({"claim_mismatch"})
"""Findings about the record alone that still get a ruling page: the recorded score (``[Claim]``) the cards prove
wrong — the referee rules the hand's score (docs/rules.md §7.4, §13.1), against no seat."""


def ruling_pages(matches: Sequence[tuple[Match, MatchResult]], *, source: str = "",
                 hand: int | None = None, trick: int | None = None, seat: int | None = None,
                 record_problems: Sequence[str] = ()) -> list[RulingPage]:
    """One page per violation of the replayed ``matches`` (every hand's, in order, and the match's
    ``after_match_end`` with the first hand it names), keeping those of hand number ``hand``, trick
    ``trick`` and seat ``seat`` (0..3) when given.  A finding about the record alone (the scorer's copy
    proven wrong: :attr:`~tractor_analysis.engine.verdicts.Violation.of_record`) gets no page — a referee
    never signs a ruling against a player for it (:func:`record_findings` lists them) — but a miscounted
    ``[Claim]`` (:data:`SCORE_RULINGS`): no player's fault either, but the score the table wrote decides the
    levels, and the referee rules what it is (the page names no seat: "Whole hand", the score corrected)."""
    pages: list[RulingPage] = []
    for match, result in matches:
        names = player_names(match)
        for index, (record, h) in enumerate(record_pairs(match, result)):
            found = h.violations
            if result.after_end and h.number == result.after_end[0]:
                # the match's own finding that the hands from this one on count for nothing (§8.4): its page is
                # the first such hand's (tractor check prints it with the match)
                found = (*found, *(p for p in result.problems if p.code == "after_match_end"))
            chosen = [v for v in found if (not v.of_record or v.code in SCORE_RULINGS)
                      and _selected(v, hand, trick, seat, h.number)]
            if not chosen:
                continue
            rec = record if record is not None else Hand(number=h.number)
            view = hand_view(match, rec, h, index=index, match_title=match.event or source)
            referee = _tag(rec.tags, "Referee") or _tag(match.tags, "Referee")
            earlier = (_revokes_before(result, index, 0), _revokes_before(result, index, 1))
            # the record holds the match from its first hand (else the wrong follows before it are not known)
            from_first = bool(match.hands) and match.hands[0].number == 1 and match.hands[0].number_known
            sides, signing = seat_sides(h), signers(h, match.players)
            for v in chosen:
                team = team_of(v.seat) if v.seat is not None else 0
                required = required_view(rec, h, v, names)
                lead = lead_note(v, h)
                lead_required = required_view(rec, h, lead[2], names) if lead and lead[2] else None
                pages.append(RulingPage(
                    source=source, event=match.event or "", site=match.site or "", date=match.date or "",
                    round=match.round or "", table=match.table or "", hand=view,
                    trick=_trick_of(view, h, v),
                    violation=violation_view(v, names, violation_position(record, v, h)),
                    ref=rule_ref(v.code, friend=h.rules.friend, one_hand=not h.rules.score_table.moves_levels),
                    consequences=consequences(v, h, earlier[team], rec.takebacks.count(None), from_first,
                                              stopped=result.stopped_at == index),
                    score=score_lines(view, h), referee=referee,
                    record_problems=tuple(record_problems), required=required,
                    derived_play=derived_play(v, h), trump_note=trump_note(h),
                    evidence=evidence(v, rec, h, required), sides=sides, signers=signing,
                    played_derived=_in_display_order(derived_in_place(v, h), h),
                    lead_trick=view.tricks[lead[0]] if lead and lead[0] < len(view.tricks) else None,
                    lead_note=lead[1] if lead else None,
                    lead_required=lead_required,
                    better_example=v.better_example))
    return pages


def _trick_of(view: HandView, result: HandResult, v: Violation) -> TrickView | None:
    """The trick of the hand page ``view`` that ``v`` is about, by its place in the hand (two tricks written with
    one number are two tricks: :meth:`~tractor_analysis.engine.verdicts.HandResult.trick_index`)."""
    index = result.trick_index(v)
    return view.tricks[index] if index is not None and index < len(view.tricks) else None


def _in_display_order(cards: tuple[Card, ...] | None, result: HandResult) -> tuple[Card, ...] | None:
    """``cards`` in the order the trick table draws them (:func:`~.card_display.display_order`)."""
    return None if cards is None else display_order(cards, result.level, result.trump, result.rules.constant_twos)


def record_findings(matches: Sequence[tuple[Match, MatchResult]], *, hand: int | None = None,
                    trick: int | None = None, seat: int | None = None
                    ) -> list[tuple[int, int | None, Violation]]:
    """The findings about the record alone (no ruling page: :func:`ruling_pages`) of hand ``hand``, trick
    ``trick`` and seat ``seat`` when given, each as ``(match, hand, finding)`` — the match's place in
    ``matches`` (from 0), the hand's number, ``None`` for the match's own (a ``referee_mismatch`` on its winner:
    kept only when no hand is asked for) after its hands —, in order."""
    found: list[tuple[int, int | None, Violation]] = []
    for index, (_, result) in enumerate(matches):
        found += [(index, h.number, v) for h in result.hands for v in h.record_findings
                  if v.code not in SCORE_RULINGS and _selected(v, hand, trick, seat, h.number)]
        if hand is None:
            found += [(index, None, v) for v in result.problems
                      if v.of_record and v.code not in SCORE_RULINGS and _selected(v, None, trick, seat, 0)]
    return found


def render_rulings(pages: Sequence[RulingPage], *, title: str = "Ruling / 裁决书") -> str:
    """One HTML document: every page on its own A4 sheet when printed."""
    from markupsafe import Markup

    from .build import _static, environment

    # the stylesheet is the package's own file, not record text: marked safe so its quotes stay
    return environment().get_template("ruling.html").render(
        pages=pages, title=title, css=Markup(_static("ruling.css")), version=__version__,
        seats=SEAT_TOKENS, fits=[fit_level(p) for p in pages], owed_codes=frozenset(REVOKE_CODES) | {"wrong_count"})


def write_ruling(html: str, out: str | os.PathLike) -> None:
    """Write the ruling atomically (a temporary file, then a rename); ``OSError`` when it cannot."""
    write_text_atomic(out, html)

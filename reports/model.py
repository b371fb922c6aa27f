"""The report model: plain frozen values every renderer reads.

One model, several renderers (diff-cover's idea): :func:`hand_view` turns a
record's :class:`~tractor_analysis.records.model.Hand` and the engine's
:class:`~tractor_analysis.engine.verdicts.HandResult` into a :class:`HandView`;
:func:`match_view` does the same for a whole match.  The index page reads
the fact rows of :mod:`.fact_rows` (one per match, hand and violation), built from
results or from a dataset's tables (:mod:`.inputs`).

Nothing here is HTML: strings are user text (escaped by the templates);
cards stay kinds (ints) and are drawn by the ``cards`` template filter.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from operator import itemgetter, mul
from typing import Callable, Sequence

from tractor_analysis.records.cards import (
    NUM_KINDS, RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_OF, SUIT_NAMES_EN, SUIT_NAMES_ZH,
    SUIT_SYMBOLS, Card, Rank, Seat, Suit, team_of)
from tractor_analysis.engine.declarations import bottom_takers
from tractor_analysis.records.locate import violation_position
from tractor_analysis.engine.replay import record_pairs
from tractor_analysis.engine.explain_hand import forfeit_text, match_decision_text
from tractor_analysis.engine.scoring import decide_match
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.engine.rule_refs import rule_ref
from tractor_analysis.engine.unfinished import ends_record_text, taken_by_attackers
from tractor_analysis.engine.verdicts import HandResult, MatchResult, Violation
from tractor_analysis.dataset.hand_values import hand_values, is_score_sheet

from .analysis_view import AnalysedPlayView, AnalysisView, FromSeatView  # noqa: F401  (the hand view holds them)
from .hands_known import ends_hand, hand_sources

TEAM_NAMES = ("N–S", "E–W")
TEAM_NAMES_ZH = ("南北", "东西")


# --- cards for people -------------------------------------------------------
_GROUP_SLOT = (1, 2, 4, 3, 0)
"""Display position of each suit group: trumps first, then S H C D (colours alternate)."""
_KEY_CACHE: dict[tuple[Rank | None, Suit | None, bool], tuple[int, ...]] = {}


def _display_keys(level: Rank | None, trump: Suit | None, constant_twos: bool) -> tuple[int, ...]:
    """Sort key of every kind, as a player holds a hand: trumps first, then suit by
    suit, strongest first (the engine's :func:`~tractor_analysis.engine.order.order`)."""
    from tractor_analysis.engine.order import order

    o = order(level if level is not None and 2 <= level <= 14 else 2, trump, constant_twos)
    return tuple(_GROUP_SLOT[o.group[k]] * 1000 + (99 - o.strength[k]) * 8 + SUIT_OF[k]
                 for k in range(NUM_KINDS))


def display_order(cards, level: Rank | None, trump: Suit | None,
                  constant_twos: bool = False) -> tuple[Card, ...]:
    """``cards`` sorted as a player holds them: trumps first, then suit by suit."""
    table = _KEY_CACHE.get((level, trump, constant_twos))
    if table is None:
        table = _KEY_CACHE[(level, trump, constant_twos)] = _display_keys(level, trump, constant_twos)
    return tuple(sorted(cards, key=table.__getitem__))


_HELD_CACHE: dict[tuple[Rank | None, Suit | None, bool], "Callable[[Sequence[int]], tuple[Card, ...]]"] = {}


def held_in_display_order(level: Rank | None, trump: Suit | None,
                          constant_twos: bool = False) -> "Callable[[Sequence[int]], tuple[Card, ...]]":
    """A function: count vector → its cards in :func:`display_order` (the same tuple as
    ``display_order(cards_of(counts), …)``, without sorting: the kinds are walked in
    display order once, each repeated as often as held)."""
    fn = _HELD_CACHE.get((level, trump, constant_twos))
    if fn is None:
        table = _KEY_CACHE.get((level, trump, constant_twos))
        if table is None:
            table = _KEY_CACHE[(level, trump, constant_twos)] = _display_keys(level, trump, constant_twos)
        perm = tuple(sorted(range(NUM_KINDS), key=table.__getitem__))
        take = itemgetter(*perm)
        chars = tuple(map(chr, perm))           # each kind as one character (kinds < 256)

        def fn(counts: Sequence[int]) -> tuple[Card, ...]:
            # each kind's character repeated as often as held, joined and read back as the
            # kinds: the work is done in C (a tuple of repeat objects was twice as slow)
            return tuple("".join(map(mul, chars, take(counts))).encode("latin-1"))

        _HELD_CACHE[(level, trump, constant_twos)] = fn
    return fn


def display_groups(level: Rank | None, trump: Suit | None,
                   constant_twos: bool = False) -> tuple[int, ...]:
    """Display group of every kind in one hand: 0 trumps, then 1 S, 2 H, 3 C, 4 D
    (the order :func:`display_order` lists them in)."""
    table = _KEY_CACHE.get((level, trump, constant_twos))
    if table is None:
        table = _KEY_CACHE[(level, trump, constant_twos)] = _display_keys(level, trump, constant_twos)
    return tuple(key // 1000 for key in table)


def trump_label(trump: Suit | None) -> str:
    return "NT 无主" if trump is None else f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES_ZH[trump]} {SUIT_NAMES_EN[trump]}"


def level_label(level: Rank | None) -> str:
    return "?" if level is None else RANK_TOKENS.get(level, str(level))


def seat_label(seat: Seat | None) -> str:
    return "—" if seat is None else SEAT_TOKENS[seat]


# --- hand page ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatView:
    seat: str
    """``N`` ``E`` ``S`` ``W``."""
    name: str
    """Player name as recorded (user text), or the seat's Chinese name."""
    team: int
    side: str
    """``defenders`` / ``attackers`` in this hand."""


@dataclass(frozen=True, slots=True)
class ViolationView:
    code: str
    trick: int | None
    seat: str
    player: str
    message_zh: str
    message_en: str
    rule: str
    played: tuple[Card, ...]
    better: tuple[Card, ...]
    line: int = 0
    """Where the play or tag is in the record (1-based; 0 when the record does not say)."""
    column: int = 0


@dataclass(frozen=True, slots=True)
class PlayView:
    seat: str
    player: str
    cards: tuple[Card, ...]
    attempted: tuple[Card, ...] | None
    notes: tuple[str, ...]
    winner: bool
    leader: bool
    faulty: bool
    """The play has a violation at this trick."""


@dataclass(frozen=True, slots=True)
class TrickView:
    number: int
    leader: str
    winner: str
    winner_name: str
    winner_side: str
    points: int
    attackers_before: int
    attackers_after: int
    lead_kind: str
    trumped: bool
    throw_failed: bool
    plays: tuple[PlayView, ...]
    """In play order."""
    plays_by_seat: tuple[PlayView | None, ...]
    """N, E, S, W (``None`` when the seat did not play)."""
    hands_before: tuple[tuple[Card, ...], ...]
    """N, E, S, W, sorted for display."""
    played_marks: tuple[tuple[bool, ...], ...]
    """N, E, S, W: for each card of ``hands_before``, whether that copy is played in this trick."""
    violations: tuple[ViolationView, ...]
    notes: tuple[str, ...]
    last: bool
    """The trick emptied every hand (末轮), every hand being known (:func:`.hands_known.ends_hand`)."""
    ends_record: tuple[str, str] | None = None
    """The record ends in this trick before every seat played (zh, en): then ``winner`` is ``?``
    where the missing plays decide it, and ``points`` with ``points_open`` the least it holds."""
    points_open: bool = False
    held_known: tuple[bool, bool, bool, bool] = (True, True, True, True)
    """N, E, S, W: the record gives the seat's cards (:func:`.hands_known.hand_sources`).  ``False``:
    ``hands_before`` holds only the cards it is seen to play from here — not its hand, which the
    pages then show as not known."""


@dataclass(frozen=True, slots=True)
class ScoreLine:
    kind: str
    points: int
    zh: str
    en: str


@dataclass(frozen=True, slots=True)
class OutcomeView:
    winner: str
    """``attackers`` / ``defenders``."""
    zh: str
    en: str
    levels: int
    team: str
    next_dealer: str
    next_dealer_name: str
    match_over: bool


@dataclass(frozen=True, slots=True)
class HandView:
    index: int
    """Position in the match, 0-based (hand numbers may repeat in a damaged record)."""
    number: int
    filename: str
    match_title: str
    match_filename: str | None
    rules_name: str
    decks: int
    dealer: str
    dealer_name: str
    level: str
    trump: str
    seats: tuple[SeatView, SeatView, SeatView, SeatView]
    declarations: tuple[tuple[str, str, tuple[Card, ...], bool], ...]
    """(seat, player, cards, after the bottom — 炒地皮)."""
    bottom: tuple[Card, ...] | None
    buried: tuple[Card, ...] | None
    buries: tuple[tuple[str, str, tuple[Card, ...]], ...]
    """Every bury in order, (seat, player, cards): the dealer's, then each rebidder's (炒地皮);
    seat and player are empty where the record does not say who buried."""
    setup: bool
    setup_points: int
    notes: tuple[str, ...]
    tricks: tuple[TrickView, ...]
    hand_violations: tuple[ViolationView, ...]
    """Violations not tied to a trick (bury, deal, declaration, claim)."""
    violation_count: int
    score: tuple[ScoreLine, ...]
    attackers_points: int | None
    """``None`` (as the next five): withheld, the record not saying which side is which; not known on a
    score sheet (:attr:`score_sheet`); the bottom's multiplier and bonus also while not decided (the
    record ends before the hand does) or not known (the attackers took a bottom the record does not
    give: :func:`tractor_analysis.dataset.hand_values.hand_values`)."""
    bottom_points: int | None
    bottom_multiplier: int | None
    bottom_bonus: int | None
    penalties: int | None
    attackers_total: int | None
    threshold: int
    """The score that takes the deal: 40 × decks (80 for 2 decks)."""
    claim: int | None
    claim_matches: bool | None
    outcome: OutcomeView | None
    levels_before: tuple[str, str]
    levels_after: tuple[str, str]
    complete: bool
    score_sheet: bool = False
    """A score sheet's hand (``[ResultOnly]``): its total alone is recorded; trick points, bottom and
    penalties are not known (``None``)."""
    bottom_captured: bool | None = None
    """The attackers won the last trick of a hand played out; ``None``: not decided (the record ends
    first) or not known."""
    prev_filename: str | None = None
    next_filename: str | None = None
    variant: "VariantView | None" = None
    """The rules of the hand: preset, decks, options changed, friend mode, revoke penalty."""
    friend: Card | None = None
    """Friend mode: the card the dealer named."""
    partner: str = ""
    """Friend mode: the resolved partner (``E 李娜``), or that the dealer plays alone."""
    player_levels: tuple[tuple[str, str, str, str], ...] = ()
    """Friend mode: (seat, name, level before, level after) of each player."""
    groups: tuple[int, ...] = ()
    """Display group of every kind (0 trumps; :func:`display_groups`): where a held hand's
    runs break.  Empty: runs break at each suit only."""
    revoke: tuple[int, int] = (0, 0)
    """Wrong follows punished by a level in this hand, N–S and E–W (tournament rule)."""
    takeback: tuple[int, int] = (0, 0)
    """Take-backs (悔牌) punished by a level in this hand, N–S and E–W (tournament rule)."""
    analysis: "AnalysisView | None" = None
    """The endgame analysis of the hand's last tricks (a dataset written by ``ingest --analyse``)."""
    setting_notes: tuple[tuple[str, str, str], ...] = ()
    """What the record does not state: (``derived`` / ``unknown``, 中文, English) — a fact derived
    and from what, or unknown and what it withholds (docs/rules.md "What the record must state")."""
    ruling_notes: tuple[tuple[str, str, str], ...] = ()
    """The :attr:`setting_notes` a printed ruling gives: all but the sides' levels derived for a hand
    that is not complete (its page shows no levels and no outcome: nothing on it rests on them)."""


@dataclass(frozen=True, slots=True)
class VariantView:
    """Which rules judged a hand or a match, for people."""

    name: str
    """The ruleset's name (a preset; ``+`` when options were changed)."""
    preset: str
    decks: int
    changed: tuple[tuple[str, str, str], ...]
    """Options that differ from the preset: (name, value, the preset's value)."""
    friend: bool
    revoke_penalty: bool
    """Wrong follows cost the side a level (the tournament rule, docs/rules.md §10)."""
    revoke_forfeit: int
    win_level: str


def variant_view(rules) -> VariantView:
    """The variant of a :class:`~tractor_analysis.records.rulesets.RuleSet`: its preset and what differs."""
    from tractor_analysis.records.rulesets import PRESETS, RevokePenalty

    preset = rules.name.rstrip("+")
    base = PRESETS.get(preset, PRESETS["standard"])
    mine, theirs = rules.options(), base.options()
    changed = tuple((k, v, theirs.get(k, "")) for k, v in mine.items() if theirs.get(k) != v)
    return VariantView(name=rules.name, preset=preset, decks=rules.decks, changed=changed,
                       friend=rules.friend, revoke_penalty=rules.revoke_penalty is RevokePenalty.LEVEL,
                       revoke_forfeit=rules.revoke_forfeit,
                       win_level=RANK_TOKENS.get(rules.win_level, str(rules.win_level)))


def rule_line(code: str) -> str:
    """The rule a violation code enforces, for a violation box: ``docs/rules.md §5.3 · 中文 / English``."""
    ref = rule_ref(code)
    return ref.line if ref is not None else ""


def violation_view(v: Violation, names: tuple[str, ...], at: tuple[int, int] = (0, 0)) -> ViolationView:
    return ViolationView(
        code=v.code, trick=v.trick, seat=seat_label(v.seat),
        player="" if v.seat is None else names[v.seat],
        message_zh=v.message_zh, message_en=v.message_en, rule=rule_line(v.code),
        played=tuple(v.played), better=tuple(v.better), line=at[0], column=at[1])


def _outcome_view(result: HandResult, names: tuple[str, ...]) -> OutcomeView | None:
    o = result.outcome
    if o is None:
        return None
    team = "" if o.team is None else TEAM_NAMES[o.team]
    team_zh = "" if o.team is None else TEAM_NAMES_ZH[o.team]
    if result.rules.friend and result.defenders and o.winner in ("attackers", "defenders"):
        # 找朋友: no fixed teams — the side that won is its players, each keeping a level of their own
        side = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
        team = ", ".join(f"{SEAT_TOKENS[x]} {names[x]}" for x in sorted(side))
        team_zh = "、".join(f"{SEAT_TOKENS[x]} {names[x]}" for x in sorted(side))
    if o.winner == "neither":
        zh, en = "双方均多少牌，不升不降，下局抢庄", "both sides miscounted: no level changes; the next deal is bid for"
    elif o.winner == "attackers":
        if o.levels:
            zh = f"闲家上台，{team_zh}升{o.levels}级"
            en = f"attackers take the deal; {team} go up {o.levels} level{'s' * (o.levels != 1)}"
        else:
            zh = f"闲家上台（{team_zh}不升级）"
            en = f"attackers take the deal; {team} stay at their level"
    else:
        zh = f"庄家守住，{team_zh}升{o.levels}级"
        en = f"defenders hold; {team} go up {o.levels} level{'s' * (o.levels != 1)}"
    if o.match_over:
        zh += "，赢得比赛"
        en += " and win the match"
    if o.reason == "miscount":    # seed 001, rule 八
        zh = f"{'、'.join(names[s] or SEAT_TOKENS[s] for s in o.miscount)}多少牌：{zh}"
        en = f"wrong number of cards (多少牌) for {', '.join(names[s] or SEAT_TOKENS[s] for s in o.miscount)}: {en}"
    nd = o.next_dealer
    return OutcomeView(winner=o.winner, zh=zh, en=en, levels=o.levels, team=team,
                       next_dealer="bid for / 抢庄" if nd is None else SEAT_TOKENS[nd],
                       next_dealer_name="" if nd is None else names[nd], match_over=o.match_over)


def played_marks(held: tuple[Card, ...], played) -> tuple[bool, ...]:
    """Which copies of ``held`` go to the table in ``played`` (one mark per card played
    that was held; a card played but not held marks nothing)."""
    marks = [False] * len(held)
    after: dict[Card, int] = {}          # where to look for the next copy of a kind
    for k in played:
        try:
            i = held.index(k, after.get(k, 0))
        except ValueError:
            continue
        marks[i] = True
        after[k] = i + 1
    return tuple(marks)


def player_names(match: Match) -> tuple[str, str, str, str]:
    """Names of N, E, S, W, falling back to the seat's name (北家 …)."""
    return tuple((p if p else f"{SEAT_NAMES_ZH[i]} {SEAT_TOKENS[i]}")  # type: ignore[return-value]
                 for i, p in enumerate(match.players))



def _buries(hand: Hand, dealer: int | None, names, ordered) -> tuple[tuple[str, str, tuple[Card, ...]], ...]:
    """Each bury with who made it: the dealer, then each rebidder after the bottom (炒地皮)."""
    if hand.buried is None:
        return ()
    buries = (*hand.earlier_buries, hand.buried)
    if dealer is None:                # who buried is not known
        return tuple(("", "", ordered(b)) for b in buries)
    takers = bottom_takers(dealer, hand.declarations)
    if len(buries) == len(takers):
        who: list[int | None] = list(takers)
    elif len(buries) == 1:
        who = [takers[-1]]
    else:
        who = [None] * len(buries)
    return tuple(("" if s is None else SEAT_TOKENS[s], "" if s is None else names[s], ordered(b))
                 for s, b in zip(who, buries))


def hand_view(match: Match, hand: Hand, result: HandResult, *, index: int = 0,
              filename: str = "hand.html", match_title: str = "",
              match_filename: str | None = None) -> HandView:
    """The hand page's model: the record's hand as the engine judged it."""
    names = player_names(match)
    level, trump = result.level, result.trump
    twos = result.rules.constant_twos

    def ordered(cards) -> tuple[Card, ...]:
        return display_order(cards, level, trump, twos)

    held_ordered = held_in_display_order(level, trump, twos)
    defenders = result.defenders

    def side(seat: Seat) -> str:
        if not defenders:         # the record does not say who deals: the sides are unknown
            return "unknown"
        return "defenders" if seat in defenders else "attackers"

    seats = tuple(SeatView(SEAT_TOKENS[s], names[s], team_of(s), side(s)) for s in range(4))
    violations_by_trick: dict[int, list[ViolationView]] = {}
    hand_violations: list[ViolationView] = []
    for v in result.violations:
        vv = violation_view(v, names, violation_position(hand, v, result))
        if v.trick is None:
            hand_violations.append(vv)
        else:
            violations_by_trick.setdefault(v.trick, []).append(vv)
    record_tricks = {t.number: t for t in hand.tricks}

    setup_points = hand.points if hand.setup else 0
    running: int | None = setup_points if defenders else None
    tricks: list[TrickView] = []
    sources = hand_sources(hand, result)
    held_known = tuple(bool(x) for x in sources)
    for t in result.tricks:
        before = running
        taken = taken_by_attackers(result, t)
        u = result.unfinished if t is result.tricks[-1] else None
        if running is not None:         # withheld once a trick's share to the attackers is not known
            open_points = u is not None and u.points is None
            running = (None if (taken is None and t.points) or (taken and open_points)
                       else running + (t.points if taken else 0))
        trick_violations = tuple(violations_by_trick.pop(t.number, ()))
        faulty_seats = {v.seat for v in trick_violations}
        plays = tuple(PlayView(
            seat=SEAT_TOKENS[p.seat], player=names[p.seat],
            cards=ordered(p.cards),
            attempted=None if p.attempted is None else ordered(p.attempted),
            notes=tuple(p.notes), winner=p.seat == t.winner, leader=j == 0,
            faulty=SEAT_TOKENS[p.seat] in faulty_seats) for j, p in enumerate(t.plays))
        by_seat: list[PlayView | None] = [None] * 4
        for p in plays:
            by_seat[SEAT_TOKENS.index(p.seat)] = p
        rec = record_tricks.get(t.number)
        held = tuple(map(held_ordered, t.hands_before))
        tricks.append(TrickView(
            number=t.number, leader=SEAT_TOKENS[t.leader], winner="?" if t.winner is None else SEAT_TOKENS[t.winner],
            winner_name="未知 not known" if t.winner is None else names[t.winner],
            winner_side="unknown" if taken is None else "attackers" if taken else "defenders", points=t.points,
            attackers_before=before, attackers_after=running, lead_kind=t.lead_kind,
            trumped=t.trumped, throw_failed=t.throw_failed, plays=plays,
            plays_by_seat=tuple(by_seat),
            hands_before=held,
            played_marks=tuple(played_marks(held[x], by_seat[x].cards if by_seat[x] else ())
                               for x in range(4)),
            violations=trick_violations, notes=tuple(rec.notes) if rec else (),
            last=ends_hand(t, sources),
            ends_record=None if u is None else ends_record_text(u),
            points_open=u is not None and u.points is None,
            held_known=held_known))
    # violations naming a trick the engine did not return (defensive): show them on the hand
    for rest in violations_by_trick.values():
        hand_violations.extend(rest)

    score = tuple(ScoreLine(i.kind, i.points, i.zh, i.en) for i in result.items)
    dealer = result.dealer
    friend_mode = result.rules.friend
    partner = ""
    if friend_mode and dealer is None:
        partner = "unknown: the record does not say who deals / 未知：记录未写明庄家"
    elif friend_mode:
        others = sorted(defenders - {dealer}, key=lambda x: (x - dealer) & 3)
        partner = (", ".join(f"{SEAT_TOKENS[x]} {names[x]}" for x in others) if others else
                   "none: the dealer plays alone / 无对家，庄家一打三")
    player_levels = tuple(
        (SEAT_TOKENS[x], names[x], level_label(result.player_levels_before[x]),
         level_label(result.player_levels_after[x])) for x in range(4)) if friend_mode else ()
    values = hand_values(result)       # None where not known or not decided, not the engine's working 0
    return HandView(
        index=index, number=result.number, filename=filename, match_title=match_title,
        match_filename=match_filename, rules_name=result.rules.name, decks=result.rules.decks,
        dealer="?" if dealer is None else SEAT_TOKENS[dealer], dealer_name="" if dealer is None else names[dealer],
        level=level_label(level), groups=display_groups(level, trump, twos),
        trump=trump_label(trump) if result.trump_known else "?", seats=seats,  # type: ignore[arg-type]
        declarations=tuple((SEAT_TOKENS[d.seat], names[d.seat], tuple(d.cards), d.after_bottom)
                           for d in hand.declarations),
        bottom=None if hand.bottom is None else ordered(hand.bottom),
        buried=None if hand.buried is None else ordered(hand.buried),
        buries=_buries(hand, dealer, names, ordered),
        setting_notes=tuple([("derived", d.message_zh, d.message_en) for d in result.derived]
                            + [("unknown", u.message_zh, u.message_en) for u in result.unknowns]),
        ruling_notes=tuple([("derived", d.message_zh, d.message_en) for d in result.derived
                            if result.complete or d.fact != "levels"]
                           + [("unknown", u.message_zh, u.message_en) for u in result.unknowns]),
        setup=hand.setup, setup_points=setup_points, notes=tuple(hand.notes),
        tricks=tuple(tricks), hand_violations=tuple(hand_violations),
        violation_count=len(result.violations), score=score,
        attackers_points=values.attackers_points, bottom_points=values.bottom_points,
        bottom_multiplier=values.bottom_multiplier, bottom_bonus=values.bottom_bonus,
        penalties=values.penalties, attackers_total=result.attackers_total,
        threshold=40 * result.rules.decks, claim=result.claim,
        claim_matches=values.claim_matches, outcome=_outcome_view(result, names),
        levels_before=(level_label(result.levels_before[0]), level_label(result.levels_before[1])),
        levels_after=(level_label(result.levels_after[0]), level_label(result.levels_after[1])),
        complete=result.complete, variant=variant_view(result.rules),
        friend=hand.friend if friend_mode else None, partner=partner, player_levels=player_levels,
        revoke=tuple(result.revoke_levels), takeback=tuple(result.takeback_levels), score_sheet=is_score_sheet(result), bottom_captured=values.bottom_captured)


# --- match page ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class MatchView:
    key: str
    """Slug used in file names."""
    filename: str
    title: str
    source: str
    """The record file (as given)."""
    tags: tuple[tuple[str, str], ...]
    players: tuple[str, str, str, str]
    notes: tuple[str, ...]
    hands: tuple[HandView, ...]
    levels_start: tuple[str, str]
    levels_final: tuple[str, str]
    winner: str | None
    """``N–S`` / ``E–W`` when a team won (passed A or the other forfeited)."""
    forfeit: str | None
    """The one side that forfeited (``None`` when none did, or both: see ``forfeit_note``)."""
    problems: tuple[ViolationView, ...]
    level_series: tuple[tuple[int, ...], ...]
    """Team levels (N–S, E–W) before hand 1, then after each hand; in friend mode each
    player's own level (N, E, S, W)."""
    charts: tuple[str, ...] = ()
    """Inline SVG (trusted markup produced by :mod:`charts`)."""
    variant: VariantView | None = None
    """The rules of the first hand (every hand of a match shares the record's ruleset)."""
    player_levels_final: tuple[str, str, str, str] = ("2", "2", "2", "2")
    revokes: tuple[int, int] = (0, 0)
    """Wrong follows punished in the match, N–S and E–W (tournament: three forfeit it)."""
    result_text: str = ""
    """Who won and how, bilingual, in the standings' wording (``explain_hand.match_decision_text``)."""
    forfeit_note: str = ""
    """Who forfeited the match and why, bilingual (``explain_hand.forfeit_text``: one side or both;
    wrong follows or take-backs); empty when no side forfeited."""


_SLUG_RE = re.compile(r"[^A-Za-z0-9_-]+")


def slugify(text: str, taken: set[str]) -> str:
    """A file-name-safe, unique key for ``text`` (records named in Chinese get a number)."""
    base = _SLUG_RE.sub("-", text).strip("-")[:60] or "match"
    slug, i = base, 2
    while slug.lower() in taken:
        slug, i = f"{base}-{i}", i + 1
    taken.add(slug.lower())
    return slug


def match_title(match: Match, fallback: str) -> str:
    parts = [p for p in (match.event, match.round and f"round {match.round}",
                         match.table and f"table {match.table}", match.date) if p]
    return " · ".join(parts) if parts else fallback


def pair_hands(match: Match, result: MatchResult) -> list[tuple[Hand, HandResult]]:
    """The record's hand for each replayed hand (:func:`~tractor_analysis.engine.replay.record_pairs`;
    an empty record of that number where there is none)."""
    return [(h if h is not None else Hand(number=r.number), r) for h, r in record_pairs(match, result)]


def match_view(match: Match, result: MatchResult, *, key: str, source: str = "",
               title: str | None = None, with_match_page: bool = True) -> MatchView:
    title = title or match_title(match, key)
    filename = f"m-{key}.html"
    pairs = pair_hands(match, result)
    names = player_names(match)
    views = [hand_view(match, h, r, index=i, filename=f"m-{key}-h{i + 1}.html",
                       match_title=title, match_filename=filename if with_match_page else None)
             for i, (h, r) in enumerate(pairs)]
    linked = []
    for i, v in enumerate(views):
        linked.append(_replace(v, prev_filename=views[i - 1].filename if i else None,
                               next_filename=views[i + 1].filename if i + 1 < len(views) else None))
    start = match.start_levels
    if result.hands and result.hands[0].rules.friend:    # each player keeps their own level
        series = [tuple(pairs[0][1].player_levels_before)] + [tuple(r.player_levels_after) for _, r in pairs]
    else:
        series = [tuple(start)] + [tuple(r.levels_after) for _, r in pairs]
    winner = None if result.winner is None else TEAM_NAMES[result.winner]
    forfeit = None if result.forfeit is None else TEAM_NAMES[result.forfeit]
    team, how = decide_match(result)
    en, zh = match_decision_text(None if team is None else TEAM_NAMES[team], how, result.forfeit_reasons)
    forfeit_note = ""
    if result.forfeited:
        fen, fzh = forfeit_text(result.forfeit_reasons,
                                result.hands[0].rules.revoke_forfeit if result.hands else None, TEAM_NAMES)
        forfeit_note = f"{fen} / {fzh}"
    tags = tuple((k, v) for k, v in (("Event", match.event), ("Site", match.site),
                                     ("Date", match.date), ("Round", match.round),
                                     ("Table", match.table), ("Ruleset", match.ruleset)) if v)
    tags += tuple((f"Rule:{k}", v) for k, v in match.rules) + tuple(match.tags)
    return MatchView(
        key=key, filename=filename, title=title, source=source, tags=tags, players=names,
        notes=tuple(match.notes), hands=tuple(linked),
        levels_start=(level_label(start[0]), level_label(start[1])),
        levels_final=(level_label(result.levels_final[0]), level_label(result.levels_final[1])),
        winner=winner, forfeit=forfeit,
        problems=tuple(violation_view(v, names) for v in result.problems),
        level_series=tuple(series),  # type: ignore[arg-type]
        variant=variant_view(result.hands[0].rules) if result.hands else None,
        player_levels_final=tuple(level_label(x) for x in result.player_levels_final),  # type: ignore[arg-type]
        revokes=(sum(r.revoke_levels[0] for r in result.hands),
                 sum(r.revoke_levels[1] for r in result.hands)),
        result_text=f"{en} / {zh}", forfeit_note=forfeit_note)


def _replace(obj, **changes):
    import dataclasses
    return dataclasses.replace(obj, **changes)


_ROWS = ("matches", "match_facts", "hand_facts", "violation_facts", "problems", "sources", "standings",
         "stats", "replayed", "tables", "encodings")


def _row_field(name: str, doc: str) -> property:
    def get(self: "ReportModel"):
        if self.pending is not None:
            self.settle()
        return self._rows[name]

    def put(self: "ReportModel", value) -> None:
        if self.pending is not None:
            self.settle()
        self._rows[name] = value

    return property(get, put, doc=doc)


class ReportModel:
    """Everything one report folder shows.

    A model from :func:`~tractor_analysis.reports.build.build_report` is *pending*: it
    names its inputs and has read nothing yet.  :func:`~tractor_analysis.reports.build.write_report`
    then reads, replays and writes the records one match at a time (so memory is bounded by
    one record file, not by the corpus) and keeps only what the index needs: the fact rows,
    and each match's view with its hands' summaries (no tricks, no charts).  Reading any of
    the rows below before writing builds the whole model in memory instead (:meth:`settle`):
    every hand's full view, as a renderer of one page wants.
    """

    matches = _row_field("matches", "Match views, in input order (summaries only once written).")
    match_facts = _row_field("match_facts", "One :class:`MatchFact` per match.")
    hand_facts = _row_field("hand_facts", "One :class:`HandFact` per hand.")
    violation_facts = _row_field("violation_facts", "One :class:`ViolationFact` per violation.")
    problems = _row_field("problems", "File problems (:class:`FileProblem`) met on the way.")
    sources = _row_field("sources", "The inputs read, as shown on the index.")
    encodings = _row_field("encodings", "(path, note) of each record file read as a legacy encoding (GBK or "
                           "Big5): which one and why.")
    standings = _row_field("standings", "The ``stats.standings`` table "
                           "(:class:`~tractor_analysis.reports.facts.StatTable`).")
    stats = _row_field("stats", "The other ``stats`` tables (summary, points, bottom, violations by player).")
    replayed = _row_field("replayed", "(path, sha256, matches, results) of every record file read "
                          "(for the stats tables).")
    tables = _row_field("tables", "Rows of the replayed records' dataset tables, fed file by file "
                        "as they are read (a ``dataset.TableBuilder``), or ``None``.")

    def __init__(self, title: str, matches=None, match_facts=None, hand_facts=None,
                 violation_facts=None, problems=None, sources=None, charts_on: bool = True,
                 standings: object = None, stats: tuple = (), replayed=None, tables=None,
                 pending: object = None) -> None:
        self.title = title
        self.charts_on = charts_on
        self._rows = {"matches": list(matches or ()), "match_facts": list(match_facts or ()),
                      "hand_facts": list(hand_facts or ()), "violation_facts": list(violation_facts or ()),
                      "problems": list(problems or ()), "sources": list(sources or ()),
                      "standings": standings, "stats": stats, "replayed": list(replayed or ()),
                      "tables": tables, "encodings": []}
        self.pending = pending
        """Inputs not read yet (:class:`~tractor_analysis.reports.inputs.Pending`), else ``None``."""

    def settle(self) -> None:
        """Read a pending model's inputs now, keeping every view in memory."""
        if self.pending is not None:
            pending, self.pending = self.pending, None
            pending.read(self)

    def __repr__(self) -> str:
        state = "pending" if self.pending is not None else f"{len(self._rows['matches'])} match(es)"
        return f"ReportModel(title={self.title!r}, {state})"

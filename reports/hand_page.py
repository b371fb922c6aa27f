"""The hand page's model: plain frozen values its renderers read.

:func:`hand_view` turns a record's :class:`~tractor_analysis.records.model.Hand` and the engine's
:class:`~tractor_analysis.engine.verdicts.HandResult` into a :class:`HandView` (part of the report
model, :mod:`.model`; the match page's views are :mod:`.match_page`'s).

Nothing here is HTML: strings are user text (escaped by the templates);
cards stay kinds (ints) and are drawn by the ``cards`` template filter.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tractor_analysis.records.cards import RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, Card, Seat, team_of
from tractor_analysis.engine.declarations import bottom_takers
from tractor_analysis.engine.outcome import gain_words
from tractor_analysis.engine.explain_hand import cards_left, describe_levels
from tractor_analysis.engine.explain_stopped import legal_so_far
from tractor_analysis.engine.explain_readings import leader_open
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.model import Hand, Match, Play
from tractor_analysis.records.hand_numbers import hand_names
from tractor_analysis.engine.record_gaps import find_gaps
from tractor_analysis.engine.rule_refs import rule_ref
from tractor_analysis.engine.unfinished import ends_record_text, taken_by_attackers
from tractor_analysis.engine.verdicts import HandResult, Violation, record_note
from tractor_analysis.dataset.hand_values import hand_values, is_score_sheet

from .analysis_view import AnalysedPlayView, AnalysisView, FromSeatView  # noqa: F401  (the hand view holds them)
from .card_display import (display_groups, display_order, held_in_display_order, level_label, seat_label,
                           trump_label)
from .bidi import isolate
from .hands_known import PLAYS, ends_hand, hand_sources
from tractor_analysis.engine.derived_in_place import derived_in_place, play_fact

TEAM_NAMES = ("N–S", "E–W")
LEAD_KIND_ZH = {"single": "单张", "pair": "对子", "triple": "三同张", "tractor": "拖拉机", "titanic": "泰坦尼克",
                "throw": "甩牌", "?": "未知"}
"""A trick's lead shape (:attr:`TrickView.lead_kind`, docs/rules.md §0.1 "unit", "throw") in Chinese."""
TEAM_NAMES_ZH = ("南北", "东西")


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
    record: bool = False
    """A finding about the record alone (the scorer's copy proven wrong, ``check --json`` ``"about": "record"``):
    shown apart from a player's violation — no penalty, no ruling against a seat."""
    note: str = ""
    """What a finding about the record alone is (``English / 中文``; empty for a player's violation): the record's own
    error, to be corrected, or a platform referee's verdict other than the engine's (``referee_mismatch``: the log
    is not shown wrong) — :func:`~tractor_analysis.engine.verdicts.record_note`."""
    played_derived: tuple[Card, ...] | None = None
    """The play the engine derived in place of the one the record writes (the decks prove it miscopied:
    :func:`~tractor_analysis.engine.derived_in_place.derived_in_place`): what was played, :attr:`played` then the
    cards as written; ``None`` when the record's play is what was played."""
    better_choices: tuple[tuple[Card, ...], ...] = ()
    """The equal plays the rules leave open (a failed throw's forced unit, docs/rules.md §4.5; a wrong follow's
    equal plays, §2.5): every one, shown as
    the choice (:attr:`better` the first only); ``()`` when :attr:`better` is the one play named."""


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
    derived: tuple[str, str] | None = None
    """(中文, English): the record leaves this play out and the engine derived it (one way to play it
    fits the rest of the record, :mod:`~tractor_analysis.engine.record_gaps`) — the hand's ``play``
    :class:`~tractor_analysis.engine.verdicts.Derived` fact, which says from what.  ``None``: recorded."""
    written: tuple[Card, ...] | None = None
    """A derived play in place of the one the record writes (a play the decks prove miscopied,
    :mod:`~tractor_analysis.engine.deal_lines`): the cards as written.  ``None``: none written."""


def derived_plays_in(result: HandResult, number: int) -> tuple[tuple[Play, tuple[str, str]], ...]:
    """The plays of trick ``number`` the record leaves out that the engine derived
    (``result.derived_plays``), each with the ``play`` :class:`~tractor_analysis.engine.verdicts.Derived`
    fact naming it ((中文, English): what it follows from).  A derived play no such fact names is not
    returned (nothing is shown without its reason)."""
    out = []
    for n, play in result.derived_plays:
        if n != number:
            continue
        fact = play_fact(result, n, play.seat)
        if fact is not None:
            out.append((play, (fact.message_zh, fact.message_en)))
    return tuple(out)


def with_derived(plays: tuple[Play, ...], leader: int,
                 derived: tuple[tuple[Play, tuple[str, str]], ...]) -> tuple[tuple[Play, tuple[str, str] | None], ...]:
    """A trick's recorded ``plays`` with its ``derived`` ones (:func:`derived_plays_in`) put in turn
    order from ``leader``, each with its reason (``None``: recorded); the plays as recorded when none
    is derived.  A play derived in place of the seat's recorded one (a play the decks prove miscopied,
    :mod:`tractor_analysis.engine.deal_lines`) is shown instead of it."""
    if not derived:
        return tuple((p, None) for p in plays)
    read = {p.seat for p, _ in derived}
    return tuple(sorted([(p, None) for p in plays if p.seat not in read] + list(derived),
                        key=lambda x: (x[0].seat - leader) & 3))


@dataclass(frozen=True, slots=True)
class TrickView:
    number: int
    leader: str
    winner: str
    winner_name: str
    winner_side: str
    points: int | None
    """``None``: not known (the ways a play the record leaves out could be filled in disagree)."""
    attackers_before: int | None
    attackers_after: int | None
    """The attackers' points before and after this trick (with the position's ``[Points]``); ``None``: not
    known — the sides unknown, a trick's share not known, or a position that does not state the points
    before it (:attr:`from_position_after` then gives the points from the position on)."""
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
    anchor: str
    """The page's ``id`` of the trick (:func:`trick_anchors`): two tricks the record writes with one number each
    have their own."""
    written_as: tuple[str, str] | None = None
    """(zh, en) where another trick of the hand is written with this one's number (``trick_sequence``): which of
    those it is, and its place among the hand's tricks in the record (:func:`same_number_words`) — the heading's
    number alone does not say which trick it is."""
    ends_record: tuple[str, str] | None = None
    """The record ends in this trick before every seat played (zh, en): then ``winner`` is ``?``
    where the missing plays decide it, and ``points`` with ``points_open`` the least it holds."""
    points_open: bool = False
    lead_kind_zh: str = ""
    """:attr:`lead_kind` in Chinese (:data:`LEAD_KIND_ZH`: ``单张`` ``对子`` … ``甩牌``; ``未知`` for ``?``)."""
    held_known: tuple[bool, bool, bool, bool] = (True, True, True, True)
    """N, E, S, W: the record gives the seat's cards (:func:`.hands_known.hand_sources`).  ``False``:
    ``hands_before`` holds only the cards it is seen to play from here — not its hand, which the
    pages then show as not known."""
    held_from_plays: tuple[bool, bool, bool, bool] = (False, False, False, False)
    """N, E, S, W: ``hands_before`` is derived from the seat's plays (no deal line, a whole hand played:
    :data:`.hands_known.PLAYS`), not given by the record: the ruling page marks it so."""
    held_open: tuple[int, int, int, int] = (0, 0, 0, 0)
    """N, E, S, W: cards the seat held beyond ``hands_before``, not known which (the ways a play the
    record leaves out could be filled in disagree, or it was not filled in and the seat's cards after it
    are those it surely holds: ``HandResult.cards_open``); shown as ``+1 ?``."""
    from_position_before: int | None = None
    from_position_after: int | None = None
    """A position that does not state the attackers' points before it (no ``[Points]``, the engine's
    ``Points`` unknown): their points from the position on, before and after this trick — known where
    each trick's share is, while the totals (:attr:`attackers_after`) are not.  ``None`` otherwise."""
    leader_open: tuple[str, str] | None = None
    """(中文, English): who led the trick is not known — the readings of the record give it different leaders
    (``HandResult.leads_of``: trick lines written in seat order or in turn, an 80fen trick seated from another
    winner …) — and which reading gives which seat; :attr:`leader` is then ``?``, no play is shown leading,
    :attr:`lead_kind` is ``?`` where the readings' leads differ in shape and :attr:`trumped` false where they differ on
    a trump-in (not said).  ``None``: the leader is known."""
    left_out: tuple[bool, bool, bool, bool] = (False, False, False, False)
    """N, E, S, W: the record leaves the seat's play out of this trick though it goes on past it
    (:func:`~tractor_analysis.engine.record_gaps.find_gaps`), and the engine did not derive it: the play
    is not in the record and not known — never "no play" (docs/rules.md §4.1: the seat is not judged as
    not playing); so too a seat the record ends before in the trick it ends in (:mod:`.unfinished`, §14.1).
    Its ``plays_by_seat`` entry is ``None``."""


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
    setup_points: int | None
    """A position's points before its first trick (``[Points]``), 0 for a full hand; ``None``: the position
    does not state them (the engine's ``Points`` unknown) — never taken as 0."""
    notes: tuple[str, ...]
    tricks: tuple[TrickView, ...]
    hand_violations: tuple[ViolationView, ...]
    """Violations not tied to a trick (bury, deal, declaration, claim)."""
    violation_count: int
    """Violations of the table's play (a player's or the table's): not the findings about the record alone."""
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
    played_out_unknown: tuple[str, ...] = ()
    """The seats (``W`` …) of a position that gives them no deal line: their cards are not known, so
    neither is whether the hand was played out (as ``tractor check`` says, docs/rules.md §14.1) —
    ``complete`` is then false, but the page never says the hands are not emptied.  Empty: known."""
    scored_by_bounds: str | None = None
    """The record stops between tricks before the hand's end and every total the cards left allow gives one
    result (docs/rules.md §7.4): those totals, ``"55-75"``; ``None`` otherwise."""
    scored_by_claim: bool = False
    """The record stops between tricks before the hand's end and its result is the table's ``[Claim]``
    (docs/rules.md §7.4): :attr:`attackers_total` is the points so far, :attr:`claim` the hand's result."""
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
    """Take-backs (悔牌) punished by a level in this hand, N–S and E–W (tournament rule): those whose
    seat is read (see :attr:`takeback_unread`)."""
    takeback_unread: int = 0
    """Take-backs of this hand that cost a level but whose seat the record does not let be read (the
    engine's ``Takebacks`` unknown): which side they cost is not known, so neither is their cost."""
    analysis: "AnalysisView | None" = None
    """The endgame analysis of the hand's last tricks (a dataset written by ``ingest --analyse``)."""
    not_analysed: str = ""
    """Why ``ingest --analyse`` did not analyse the hand (the dataset's ``analysis_reason``), ``English / 中文``
    as ``tractor analyse`` says it; empty when it was analysed, or no analysis was asked for."""
    deal_mismatch: bool = False
    """Cards are left after the last trick: the hand is open because its deal and plays do not
    agree, not because the record ends first."""
    setting_notes: tuple[tuple[str, str, str], ...] = ()
    """What the record does not state: (``derived`` / ``unknown``, 中文, English) — a fact derived
    and from what, or unknown and what it withholds (docs/rules.md "What the record must state")."""
    ruling_notes: tuple[tuple[str, str, str], ...] = ()
    """The :attr:`setting_notes` a printed ruling gives: all but the sides' levels derived for a hand
    that is not complete (its page shows no levels and no outcome: nothing on it rests on them)."""
    record_count: int = 0
    """Findings about the record alone (:attr:`ViolationView.record`), counted apart from :attr:`violation_count`
    (which counts the violations of the table's play only)."""
    legal_so_far: str = ""
    """A hand with no violation of the play found whose record stops before the hand's end (``complete`` false):
    legal as far as it is recorded and where it stops, ``English / 中文`` — the words ``tractor check`` shows
    (:func:`~tractor_analysis.engine.explain_stopped.legal_so_far`); empty otherwise (a hand played out: a plain
    "none", a hand with a violation or not fully judged)."""
    title_en: str = ""
    """The hand named in titles, English: "Hand 3", or, its number not known (``[Hand "?"]`` where another hand has
    its place number), by its place: "The 3rd hand in the file" — never the number it is stored under, which the
    record does not give it (:func:`~tractor_analysis.records.hand_numbers.hand_names`, as ``tractor check``)."""
    title_zh: str = ""
    """:attr:`title_en` in Chinese: "第3局", "文件中第3手"."""
    by_place: bool = False
    """The hand is named by its place (:attr:`title_en`): its number is not known."""


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
    takeback_penalty: bool = False
    """Take-backs (悔牌) cost the side a level (the tournament rule, docs/rules.md §10.2)."""


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
                       win_level=RANK_TOKENS.get(rules.win_level, str(rules.win_level)),
                       takeback_penalty=rules.takeback_penalty is RevokePenalty.LEVEL)


def rule_line(code: str, friend: bool = False, one_hand: bool = False) -> str:
    """The rule a violation code enforces, for a violation box: ``docs/rules.md §5.3 · 中文 / English`` (``friend``:
    of a hand played in friend mode; ``one_hand``: under a score table whose match is one hand,
    :func:`~tractor_analysis.engine.rule_refs.rule_ref`)."""
    ref = rule_ref(code, friend, one_hand)
    return ref.line if ref is not None else ""


def violation_view(v: Violation, names: tuple[str, ...], at: tuple[int, int] = (0, 0),
                   result: HandResult | None = None) -> ViolationView:
    """A violation's box; with its hand's ``result``, the play the engine derived in place of the one written
    (:attr:`ViolationView.played_derived`, in the order the cards are drawn)."""
    derived = None if result is None else derived_in_place(v, result)
    if derived is not None:
        derived = display_order(derived, result.level, result.trump, result.rules.constant_twos)
    return ViolationView(
        code=v.code, trick=v.trick, seat=seat_label(v.seat),
        player="" if v.seat is None else names[v.seat],
        message_zh=v.message_zh, message_en=v.message_en,
        rule=rule_line(v.code, result is not None and result.rules.friend,
                       result is not None and not result.rules.score_table.moves_levels),
        played=tuple(v.played), better=tuple(v.better), line=at[0], column=at[1], record=v.of_record,
        note=" / ".join(record_note(v.code)) if v.of_record else "", played_derived=derived,
        better_choices=tuple(tuple(c) for c in v.better_choices))


def _outcome_view(result: HandResult, names: tuple[str, ...]) -> OutcomeView | None:
    o = result.outcome
    if o is None:
        return None
    team = "" if o.team is None else TEAM_NAMES[o.team]
    team_zh = "" if o.team is None else TEAM_NAMES_ZH[o.team]
    if result.rules.friend and result.defenders and o.winner in ("attackers", "defenders"):
        # 找朋友: no fixed teams — the side that won is its players, each keeping a level of their own
        side = result.defenders if o.winner == "defenders" else frozenset(range(4)) - result.defenders
        team = ", ".join(f"{SEAT_TOKENS[x]} {isolate(names[x])}" for x in sorted(side))
        team_zh = "、".join(f"{SEAT_TOKENS[x]} {isolate(names[x])}" for x in sorted(side))
    if o.reason == "match_points":      # one hand a match (Botzone): match points, no level changes
        zh, en = describe_levels(o.winner, o.levels, o.reason)
    elif o.winner == "neither":
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
    # a rank the side may not skip stopped the gain, or may have (its level before not known): rules.md §8.4, as
    # check says
    zh, en = gain_words(result, (zh, en))
    if o.match_over:
        zh += "，赢得比赛"
        en += " and win the match"
    if o.reason == "miscount":    # seed 001, rule 八
        zh = f"{'、'.join(isolate(names[s]) or SEAT_TOKENS[s] for s in o.miscount)}多少牌：{zh}"
        en = (f"wrong number of cards (多少牌) for "
              f"{', '.join(isolate(names[s]) or SEAT_TOKENS[s] for s in o.miscount)}: {en}")
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


def trick_anchors(numbers: Sequence[int]) -> tuple[str, ...]:
    """The hand page's ``id`` of each trick, numbered ``numbers`` in play order: ``trick-N``; a later trick the
    record writes with a number already used (``trick_sequence``) ``trick-N-K``, the K-th numbered N — the first
    keeps ``trick-N``, so the links to it stay."""
    seen: dict[int, int] = {}
    out = []
    for n in numbers:
        seen[n] = seen.get(n, 0) + 1
        out.append(f"trick-{n}" if seen[n] == 1 else f"trick-{n}-{seen[n]}")
    return tuple(out)


_ORDINALS = (("一", "first"), ("二", "second"), ("三", "third"), ("四", "fourth"), ("五", "fifth"))


def same_number_words(numbers: Sequence[int]) -> tuple[tuple[str, str] | None, ...]:
    """For each trick, numbered ``numbers`` in the record's order: ``None`` where no other trick has its number,
    else (zh, en) saying which of the tricks written with that number it is, and its place among the hand's
    tricks in the record — "the second trick written 8 (the 9th in the hand's record)"."""
    total: dict[int, int] = {}
    for n in numbers:
        total[n] = total.get(n, 0) + 1
    seen: dict[int, int] = {}
    out: list[tuple[str, str] | None] = []
    for place, n in enumerate(numbers, 1):
        seen[n] = seen.get(n, 0) + 1
        if total[n] < 2:
            out.append(None)
            continue
        zh, en = _ORDINALS[seen[n] - 1] if seen[n] <= len(_ORDINALS) else (str(seen[n]), f"{seen[n]}th")
        out.append((f"第{zh}个记作第 {n} 轮的（本局记录中的第 {place} 轮）",
                    f"the {en} trick written {n} (the {_nth(place)} in the hand's record)"))
    return tuple(out)


def _nth(n: int) -> str:
    """``n`` as an English ordinal: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


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
    # by the trick's place in the hand: two tricks the record writes with one number are two tricks
    violations_by_trick: dict[int | None, list[ViolationView]] = {}
    hand_violations: list[ViolationView] = []
    for v in result.violations:
        vv = violation_view(v, names, violation_position(hand, v, result), result)
        if v.trick is None:
            hand_violations.append(vv)
        else:
            violations_by_trick.setdefault(result.trick_index(v), []).append(vv)
    record_tricks = {t.number: t for t in hand.tricks}

    # a position without [Points]: the points before it are not known (docs/format.md "Positions"), so
    # neither is any total after it — only the points from the position on
    # (a [SetUp "1"] the hand's cards set aside is judged as a full hand: result.setup off, engine.setup_tag)
    position = hand.setup and result.setup
    unstated = position and any(u.tag == "Points" for u in result.unknowns)
    setup_points = None if unstated else hand.points if position else 0
    running: int | None = (0 if unstated else setup_points) if defenders else None
    tricks: list[TrickView] = []
    anchors = trick_anchors([t.number for t in result.tricks])
    written_as = same_number_words([t.number for t in result.tricks])
    sources = hand_sources(hand, result)
    held_known = tuple(bool(x) for x in sources)
    gap_seats = {g.trick: g.missing for g in find_gaps(hand)}    # plays the record leaves out, by trick
    for i, t in enumerate(result.tricks):
        before = running
        taken = taken_by_attackers(result, t)
        u = result.unfinished if t is result.tricks[-1] else None
        if running is not None:         # withheld once a trick's share to the attackers is not known
            open_points = (u is not None and u.points is None) or t.points is None    # None: not known
            running = (None if (taken is None and t.points != 0) or (taken and open_points)
                       else running + (t.points if taken else 0))
        # who led it is open (the readings of the record give different leaders): no seat shown leading, the
        # lead's shape and a trump-in only where every reading gives the same, and words saying which reading
        # gives which seat
        leads = result.leads_of(t.number)
        kind = t.lead_kind if len({lead[1] for lead in leads}) < 2 else "?"
        trumped = t.trumped and len({lead[2] for lead in leads}) < 2
        trick_violations = tuple(violations_by_trick.pop(i, ()))
        faulty_seats = {v.seat for v in trick_violations}
        # a play the record leaves out that the engine derived is shown in its place, marked derived
        # (the trick's points count it): never as "no play"
        plays = tuple(PlayView(
            seat=SEAT_TOKENS[p.seat], player=names[p.seat],
            cards=ordered(p.cards),
            attempted=None if p.attempted is None else ordered(p.attempted),
            notes=tuple(p.notes), winner=p.seat == t.winner, leader=j == 0 and not leads,
            faulty=SEAT_TOKENS[p.seat] in faulty_seats, derived=why,
            written=next((ordered(q.cards) for q in t.plays if q.seat == p.seat), None) if why else None)
            for j, (p, why) in enumerate(with_derived(t.plays, t.leader, derived_plays_in(result, t.number))))
        by_seat: list[PlayView | None] = [None] * 4
        for p in plays:
            by_seat[SEAT_TOKENS.index(p.seat)] = p
        rec = (hand.tricks[i] if i < len(hand.tricks) and hand.tricks[i].number == t.number
               else record_tricks.get(t.number))
        held = tuple(map(held_ordered, t.hands_before))
        tricks.append(TrickView(
            number=t.number, leader="?" if leads else SEAT_TOKENS[t.leader],
            leader_open=leader_open(t.plays[0].seat if t.plays else None, leads) if leads else None,
            winner="?" if t.winner is None else SEAT_TOKENS[t.winner],
            winner_name="未知 not known" if t.winner is None else names[t.winner],
            winner_side="unknown" if taken is None else "attackers" if taken else "defenders",
            # the trick the record ends in, its points open: the least they can be, the plays recorded (as the note
            # under it says, "at least"), even where the trick's points are not known (a play left out before it)
            points=u.recorded_points if u is not None and u.points is None and t.points is None else t.points,
            attackers_before=None if unstated else before, attackers_after=None if unstated else running,
            from_position_before=before if unstated else None, from_position_after=running if unstated else None,
            lead_kind="?" if kind is None else kind,     # None: the trump decides it, not known
            lead_kind_zh=LEAD_KIND_ZH.get("?" if kind is None else kind, ""),
            trumped=trumped, throw_failed=t.throw_failed, plays=plays,
            plays_by_seat=tuple(by_seat),
            hands_before=held,
            played_marks=tuple(played_marks(held[x], by_seat[x].cards if by_seat[x] else ())
                               for x in range(4)),
            violations=trick_violations, notes=tuple(rec.notes) if rec else (),
            last=ends_hand(t, sources), anchor=anchors[i], written_as=written_as[i],
            ends_record=None if u is None else ends_record_text(u),
            points_open=u is not None and u.points is None,
            held_known=held_known, held_open=result.cards_open(t.number),
            held_from_plays=tuple(x == PLAYS for x in sources),
            # a play the record leaves out, or one after the record's last (it ends inside this trick): not
            # in the record, never "no play" (docs/rules.md §14.1: nothing says the seat did not play)
            left_out=tuple((x in gap_seats.get(t.number, ()) or (u is not None and x in u.missing))
                           and by_seat[x] is None for x in range(4))))
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
        partner = (", ".join(f"{SEAT_TOKENS[x]} {isolate(names[x])}" for x in others) if others else
                   "none: the dealer plays alone / 无对家，庄家一打三")
    player_levels = tuple(
        (SEAT_TOKENS[x], names[x], level_label(result.player_levels_before[x]),
         level_label(result.player_levels_after[x])) for x in range(4)) if friend_mode else ()
    values = hand_values(result)       # None where not known or not decided, not the engine's working 0
    name_en, name_zh = hand_names(match.hands, hand, result.number)
    return HandView(
        title_en=name_en[0].upper() + name_en[1:], title_zh=name_zh, by_place=name_en != f"hand {result.number}",
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
        setup=position, setup_points=setup_points, notes=tuple(hand.notes),
        tricks=tuple(tricks), hand_violations=tuple(hand_violations),
        violation_count=len(result.play_violations), record_count=len(result.record_findings), score=score,
        attackers_points=values.attackers_points, bottom_points=values.bottom_points,
        bottom_multiplier=values.bottom_multiplier, bottom_bonus=values.bottom_bonus,
        penalties=values.penalties, attackers_total=result.attackers_total,
        threshold=40 * result.rules.decks, claim=result.claim,
        claim_matches=values.claim_matches, outcome=_outcome_view(result, names),
        levels_before=(level_label(result.levels_before[0]), level_label(result.levels_before[1])),
        levels_after=(level_label(result.levels_after[0]), level_label(result.levels_after[1])),
        complete=result.complete, variant=variant_view(result.rules),
        played_out_unknown=tuple(SEAT_TOKENS[x] for x in range(4) if position and not sources[x]),
        friend=hand.friend if friend_mode else None, partner=partner, player_levels=player_levels,
        revoke=tuple(result.revoke_levels), takeback=tuple(result.takeback_levels),
        takeback_unread=hand.takebacks.count(None) if any(u.tag == "Takebacks" for u in result.unknowns) else 0,
        score_sheet=is_score_sheet(result), scored_by_claim=result.scored_by_claim,
        scored_by_bounds=next((d.value for d in result.derived if d.fact == "outcome"), None)
        if result.scored_by_bounds else None,
        bottom_captured=values.bottom_captured,
        deal_mismatch=cards_left(result.violations),
        legal_so_far=_legal_so_far(result))


def _legal_so_far(result: HandResult) -> str:
    """:attr:`HandView.legal_so_far`: the words of a hand legal so far (no violation of the play, the record
    stopping before the hand's end), ``English / 中文``; empty for any other hand."""
    words = legal_so_far(result) if result.legal else None
    return "" if words is None else f"{words[1]} / {words[0]}"

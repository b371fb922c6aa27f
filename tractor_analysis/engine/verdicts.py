"""Typed results of the rule engine: violations, tricks, hand results, match results.

The engine (:mod:`tractor_analysis.engine.tricks` judges one trick,
:mod:`tractor_analysis.engine.replay` a hand and a match) returns these immutable
records; the CLI, the Parquet dataset and the HTML reports only read them.

Violation codes are stable (the ``check --json`` field names and codes of
``docs/format.md``); :data:`VIOLATION_CODES` documents each one with the rule it enforces,
from :mod:`tractor_analysis.engine.rule_refs` (the section of ``docs/rules.md``).
"""
from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..records.cards import Card, Counts, Rank, Seat, Suit, PRETTY, TOKEN
from ..records.frozen import fast_init
from ..records.model import Play
from ..records.rulesets import RuleSet
from .rule_refs import RULE_REFS

if TYPE_CHECKING:                       # (unfinished imports this module: the name for the annotation only)
    from .unfinished import Unfinished

CLAIM_SOURCE = "[Claim] (the record stops before the hand's end)"
"""The ``from`` of an outcome taken from ``[Claim]`` (:func:`.claimed_end.claimed_end`)."""
BOUNDS_SOURCE = "the cards left (the record stops before the hand's end)"
"""The ``from`` of an outcome every total the cards left allow gives alike (:func:`.claimed_end.bounded_end`)."""

RECORDED_TOTAL = "recorded_total"
"""The kind of the one score item of a result-only hand (:mod:`.score_sheet`)."""

VIOLATION_CODES: dict[str, str] = {
    code: f"{ref.cite}: {ref.en}" for code, ref in RULE_REFS.items()}
"""Every stable violation code → where its rule is written and the rule in English
(``docs/rules.md §5.3: …``); :mod:`tractor_analysis.engine.rule_refs` has the Chinese too."""


def show(cards: tuple[Card, ...] | list[Card], pretty: bool = True) -> str:
    table = PRETTY if pretty else TOKEN
    return " ".join(table[c] for c in cards)


ABOUT_PLAY = "play"
"""A finding about what the table did, as the record gives it (a seat's play, the bury, the deal …)."""
ABOUT_RECORD = "record"
"""A finding about the record alone — the scorer's copy proven wrong by the rest of the record (a deal
line the deck proves short, a ``Buried:`` line the dealer's plays prove miscopied, a tag the hand's own
cards set aside, a ``[Claim]`` other than the total the cards give): no seat's fault, no penalty, no ruling
against a player (docs/rules.md §13)."""

RECORD_NOTE = ("the record's own error, not a player's violation: no penalty, no ruling against a seat; the record "
               "is to be corrected", "记录本身的错误，不是任何一家的违规：不罚，不对任何一家作裁决；记录须更正")
"""What a finding about the record alone is (English, Chinese): the scorer's copy is wrong (docs/rules.md §13.1)."""
REFEREE_NOTE = ("a verdict of the platform's own referee other than the engine's: the platform may be right under its "
                "own rules, or its verdict is miscopied — the record of the play is not shown wrong; not a player's "
                "violation: no penalty, no ruling against a seat",
                "平台自己的裁判与本引擎的判定不同：平台按其自身规则可能无误，或其判定抄写有误——出牌记录并未被证明有误；"
                "不是任何一家的违规：不罚，不对任何一家作裁决")
"""What a ``referee_mismatch`` is (English, Chinese): a platform's judge (Botzone's, 80fen's) judged otherwise, or
its verdict is miscopied (docs/rules.md §7.5, §13.1) — nothing shows the log wrong, so no "to be corrected"."""


def record_note(code: str) -> tuple[str, str]:
    """The note (English, Chinese) shown with a finding about the record alone of ``code``: a platform referee's
    different verdict (:data:`REFEREE_NOTE`), else the record's own error, to be corrected (:data:`RECORD_NOTE`)."""
    return REFEREE_NOTE if code == "referee_mismatch" else RECORD_NOTE


@dataclass(frozen=True, slots=True)
class Violation:
    """One illegal play (or record inconsistency), with what the player should have done."""

    code: str
    """Stable code from :data:`VIOLATION_CODES`."""
    trick: int | None
    """Trick number (``None`` for hand-level checks: bury, deal, declaration, claim)."""
    seat: Seat | None
    played: tuple[Card, ...] = ()
    better: tuple[Card, ...] = ()
    """A play the player held that meets the duty (empty when none applies)."""
    message_zh: str = ""
    message_en: str = ""
    about: str = ABOUT_PLAY
    """:data:`ABOUT_PLAY`, or :data:`ABOUT_RECORD`: the record alone is what is wrong (:attr:`of_record`)."""
    better_choices: tuple[tuple[Card, ...], ...] = ()
    """Where the rules leave the choice open between equal plays (a failed throw's forced unit and the throw's other
    units of the same shape and top, docs/rules.md §2.5, §4.5; a wrong follow's plays that meet the duty where they are
    all equal — the same play made of equal cards the seat held, §2.5, §5.5): every one, :attr:`better` the first;
    ``()`` when :attr:`better` is the one play named (a wrong follow's: the only play that meets the duty, or one
    example of plays not all equal that do, which its message says)."""
    better_example: bool = False
    """:attr:`better` is one example of plays not all equal that meet a wrong follow's duty (docs/rules.md §5.5): the
    message says "for example", and every place that shows :attr:`better` says it too."""

    @property
    def of_record(self) -> bool:
        """A finding about the record alone (:data:`ABOUT_RECORD`), not about any seat's or the table's act."""
        return self.about == ABOUT_RECORD

    @property
    def rule(self) -> str:
        return VIOLATION_CODES.get(self.code, "")

    @property
    def message(self) -> str:
        """Bilingual explanation: ``中文 / English``."""
        if self.message_zh and self.message_en:
            return f"{self.message_zh} / {self.message_en}"
        return self.message_zh or self.message_en

    def explain(self, lang: str = "both") -> str:
        return {"zh": self.message_zh, "en": self.message_en}.get(lang, self.message)


@dataclass(frozen=True, slots=True)
class TrickResult:
    """One trick judged: who won it, its points, what was illegal."""

    number: int
    leader: Seat
    plays: tuple[Play, ...]
    winner: Seat
    points: int | None
    """Card points in the trick (5s, 10s, Ks); ``None`` when not known: the judgements merged
    (:mod:`.agreement`) give it different points (a play the record leaves out, :mod:`.record_gaps`)."""
    hands_before: tuple[Counts, Counts, Counts, Counts]
    """Each seat's cards (counts per kind) before the trick, N, E, S, W."""
    violations: tuple[Violation, ...] = ()
    lead_kind: str = "single"
    """``single``, ``pair``, ``triple``, ``tractor``, ``titanic`` or ``throw``."""
    throw_failed: bool = False
    """The leader attempted a throw that failed (``attempted -> forced`` was recorded)."""
    cards_not_thrown: int | None = 0
    """Failed throw: attempted minus played, as recorded; with ``throw_penalty_cards = failing_units``
    the cards of every unit another player could beat (also when the record wrote the throw as if
    it stood).  What ``throw_penalty`` charges is :func:`.scoring.throw_cards_charged`: under
    ``not_thrown``, attempted minus the forced play the rules require (docs/rules.md §4.6), which
    differs from this count after a wrong forced play.  ``None`` when not known: the judgements
    merged (:mod:`.agreement`: a play the record leaves out, a contradicted tag) give different
    counts, or (``failing_units``) the count rests on a seat whose cards are read from its plays
    (:mod:`.unsure_throws`); the penalty charged from it is then not known either."""
    trumped: bool = False
    """The winner trumped in on a plain-suit lead."""
    lead_shapes: tuple[tuple[int, int], ...] = ()
    """Every unit of the lead as (copies, length), most significant first: the shapes the
    winning play matched (the ``ourgame`` bottom multiplier looks at all of them)."""

    @property
    def winning_shape(self) -> tuple[int, int]:
        """Largest unit of the winning play as it counts against the lead: (copies, length);
        single (1, 1), pair (2, 1), 3-pair tractor (2, 3), triple (3, 1), titanic of 2 (3, 2).
        The winner matched the lead's shape, so this is the lead's most significant unit."""
        return self.lead_shapes[0] if self.lead_shapes else (1, 1)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of the points breakdown; the attackers' total is the sum of the items."""

    kind: str
    """``tricks``, ``bottom``, ``throw_penalty``, ``setup_points``."""
    points: int
    zh: str
    en: str
    trick: int | None = None
    """The trick a ``throw_penalty`` is for (its number), else ``None``."""


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str
    """``attackers`` (they take the deal) or ``defenders``; ``neither`` when both sides
    miscounted (多少牌, ``miscount = level``)."""
    levels: int
    """Levels the score table gives the winning side (0 when the attackers only take the deal); a rank it
    may not skip may stop its players short (:func:`.outcome.gain_caps`)."""
    next_dealer: Seat | None
    """``None`` only after ``neither``: the next deal is bid for (抢庄), as in a first hand."""
    team: int | None
    """The team that goes up or holds: 0 for N–S, 1 for E–W (``None`` after ``neither``)."""
    match_over: bool = False
    """A team passed A: the match is won."""
    reason: str = "points"
    """``points`` (the score table), ``miscount`` (多少牌 decided the hand) or ``match_points``
    (``score_table = botzone``: ``levels`` are the 0-3 points each seat of the winning side scores)."""
    miscount: tuple[Seat, ...] = ()
    """The seats that played more or fewer cards than a hand holds (with ``miscount = level``)."""


@dataclass(frozen=True, slots=True)
class Derived:
    """A fact the record does not state but that follows from what it does (docs/rules.md
    "What the record must state"): the verdict says so, and from what."""

    fact: str
    """``dealer``, ``dealer_side``, ``level``, ``trick_winner``, ``trick_points``, ``play`` (a play the
    record leaves out, :mod:`.record_gaps`) …: the ``check --json`` ``fact``."""
    value: str
    """The fact as ``check --json`` writes it: ``"E"``, ``"EW"``, ``"7"``."""
    source: str
    """What it follows from, as the record names it: ``[Level] and [Levels]``."""
    message_zh: str
    message_en: str


@dataclass(frozen=True, slots=True)
class Unknown:
    """A fact the record does not state and nothing else fixes: what rests on it is withheld."""

    tag: str
    """The tag that would state it: ``Dealer``, ``Trump``, ``Level``, ``deal``, ``Levels``."""
    withheld: tuple[str, ...]
    """What is withheld for want of it, in :data:`WITHHELD` words."""
    message_zh: str
    message_en: str

    @property
    def message(self) -> str:
        return f"{self.message_zh} / {self.message_en}"


WITHHELD = {
    "verdicts": ("每一轮的判定（合法与否、赢家、分数）", "every trick's verdict (legality, winner, points)"),
    "dealer": ("庄家是谁", "who the dealer is"),
    "sides": ("庄家方与闲家方", "which side defends and which attacks"),
    "points": ("闲家得分（含底分）", "the attackers' points (and the bottom)"),
    "bottom": ("底分（因而闲家总分）", "the bottom's points (and so the attackers' total)"),    # the tricks' points known
    "penalties": ("罚分的归属（正负号）", "which side a penalty counts for (its sign)"),
    "level_check": ("[Level] 的核对", "the check of [Level]"),
    "dealer_check": ("[Dealer] 的核对", "the check of [Dealer]"),
    "outcome": ("结果（升级、下庄）", "the outcome (levels gained, next dealer)"),
    "levels": ("本局后的级别", "the levels after the hand"),
    "legality": ("跟牌与甩牌是否合法", "whether follows and throws were legal"),
    "turn": ("该轮是否未按顺序首出", "whether that trick was led out of turn"),
    "lead": ("该轮由谁首出（因而按顺序的各手出牌）", "who led that trick (and so the order of its plays)"),
    "first_leader": ("第一轮该谁出牌", "who was to lead the first trick"),
    "trick_winner": ("各轮的赢家", "the tricks' winners"),       # (naming no trick; one or several named:
    "trick_points": ("各轮的分数", "the tricks' points"),        # explain_unknown.ONE_TRICK, SEVERAL_TRICKS)
    "throw_check": ("甩牌判定中依赖某家没有某些牌的部分（甩牌是否成立或本可成立、应改出哪一手、被管住的张数）",
                    "the parts of a throw's verdict that rest on a seat not holding a card (whether it stood or "
                    "would have stood, which play it forced, how many cards were beaten)"),
    "forfeit": ("是否有一方累计判负（因而比赛的胜负与最终级别）",
                "whether a side forfeited the match (and so who won it, and the final levels)"),
    "result": ("比赛的胜负与最终级别", "who won the match, and the final levels"),
    "winner": ("比赛的胜负", "who won the match"),
    "match_end": ("比赛结束于哪一局（因而最终级别，以及其后各局是否在比赛结束之后）",
                  "which hand the match ended in (and so the final levels, and whether the hands between were "
                  "recorded after it ended)"),
    "forfeit_reason": ("判负的原因（跟牌错误还是悔牌）", "why the side forfeited (wrong follows or take-backs)"),
    "declaration_check": ("主牌与亮主的核对（无人亮主时的定主）",
                          "the check of the trump against the declarations (or, if nobody declared, the rule for that)"),
}
"""What a missing fact can withhold, in Chinese and English (the words of an :class:`Unknown`)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand replayed and scored.

    A fact the record does not state is derived (:attr:`derived` says from what) or unknown
    (:attr:`unknowns` names the missing tag and what was withheld); a withheld value is
    ``None`` — never a default (docs/rules.md "What the record must state")."""

    number: int
    dealer: Seat | None
    """``None`` when the record does not say who deals and nothing fixes it."""
    level: Rank | None
    """``None`` when neither ``[Level]`` nor the carried levels say it: nothing is then judged."""
    trump: Suit | None
    rules: RuleSet
    defenders: frozenset[Seat]
    """The dealer's side (庄家方): dealer and partner (friend mode: as resolved); empty when
    the side is unknown."""
    tricks: tuple[TrickResult, ...]
    violations: tuple[Violation, ...]
    """Every violation of the hand, trick ones and hand-level ones, in order."""
    attackers_points: int | None
    """Points in tricks won by attackers (plus ``[Points]`` of a position); ``None`` when the
    sides are unknown."""
    bottom_points: int | None
    bottom_multiplier: int | None
    """0 when the defenders won the last trick (or no bottom is scored)."""
    bottom_bonus: int | None
    penalties: int | None
    """Points added to the attackers' total by penalties (negative when they lose points)."""
    attackers_total: int | None
    items: tuple[ScoreItem, ...]
    outcome: Outcome | None
    """``None`` when the hand is incomplete (a position that does not empty the hands)."""
    levels_before: tuple[Rank, Rank]
    """Team levels N–S, E–W (friend mode: the levels of N and of E)."""
    levels_after: tuple[Rank, Rank]
    claim: int | None = None
    setup: bool = False
    complete: bool = True
    revoke_levels: tuple[int, int] = (0, 0)
    """Wrong follows punished under ``revoke_penalty = level``, by team (N–S, E–W)."""
    takeback_levels: tuple[int, int] = (0, 0)
    """Take-backs (悔牌) punished under ``takeback_penalty = level``, by team (N–S, E–W)."""
    player_levels_before: tuple[Rank, Rank, Rank, Rank] = (2, 2, 2, 2)
    """Each player's level (N, E, S, W); partners share one unless in friend mode."""
    player_levels_after: tuple[Rank, Rank, Rank, Rank] = (2, 2, 2, 2)
    """A level is ``None`` where it is not known (after a hand that was skipped or gave no result)."""
    derived: tuple[Derived, ...] = ()
    """Facts the record does not state, derived from what it does."""
    unknowns: tuple[Unknown, ...] = ()
    """Facts the record does not state and nothing fixes: one per missing tag, with what was withheld."""
    unfinished: Unfinished | None = None
    """The last recorded trick when the record ends in it before every seat played
    (:mod:`.unfinished`): its missing seats are no violation; its ``winner`` is ``None`` (and its
    points the recorded ones, the least) where their plays leave it open."""
    legality_known: bool = True
    """``False`` when the plays could not all be judged (no deal: a seat's cards are known only
    from its plays; no trump or level: nothing judged; a full hand's first leader unknown), so
    a hand without a violation is still not shown legal."""
    contradicted: tuple[tuple[str, int | None], ...] = field(default=(), compare=False, repr=False)
    """Tags the rest of the record contradicts, with the value it gives (``Setting.contradicted``):
    :mod:`.contradictions` judges the hand under each."""
    questioned: tuple[tuple[str, int | None], ...] = field(default=(), compare=False, repr=False)
    """Tags nothing else in the record names, with the other value (``Setting.questioned``): weighed against it
    by :func:`.contradictions.questioned` when the cards or the table's acts speak against the tag."""
    miscopied: tuple[tuple[str, int], ...] = field(default=(), compare=False, repr=False)
    """The copies the decks prove miscopied in a line (docs/rules.md §1.6): ``(line key, card)`` each, the key
    ``dealN`` … ``dealW`` (:mod:`.deal_lines`, a line the decks prove miscopied) — where the ``check`` points the
    ``too_many_copies`` of that card."""
    derived_plays: tuple[tuple[int, Play], ...] = ()
    """Plays the record leaves out that the engine derived (one way alone fits the rest of the record:
    :mod:`.record_gaps`, ``derived`` fact ``play``), each with its trick's number: used in that trick's
    winner and points, though not in its ``plays`` (which are the record's).  Also a play the decks prove
    miscopied, read from its seat's deal line (:mod:`.deal_lines`): in place of that seat's recorded play."""
    tricks_judged: bool = True
    """``False`` when the tricks are the record's, not judged (the trump or the level not known): each
    keeps its leader, plays and card points; its winner is ``None`` and its lead kind, throw and
    trump-in verdicts are not known (``lead_kind`` ``None`` unless a single, pair or triple)."""
    held_open: tuple[tuple[int, tuple[int, int, int, int]], ...] = ()
    """Cards a seat held before a trick that its ``hands_before`` does not show: the judgements
    merged (:mod:`.agreement`) give it as many cards there, but not the same ones (which card a play
    the record leaves out took, :mod:`.record_gaps`); ``hands_before`` keeps the cards every
    judgement gives; or, for a seat left out of a gap not filled in (:func:`.unfilled_gaps.not_judged`),
    from the trick after it on: the cards it surely holds in ``hands_before``, the rest counted here.
    ``(trick number, (N, E, S, W))``: how many more each seat held, not known which; only the tricks
    with some (:meth:`cards_open`)."""
    penalties_open: tuple[tuple[int, int], tuple[int, int]] | None = None
    """When the ways of filling a play the record leaves out give the teams different numbers of level
    penalties (:mod:`.agreement`; :attr:`revoke_levels` and :attr:`takeback_levels` then hold the
    fewest): the most any way gives, ``(revokes by team, take-backs by team)``; else ``None``.  A
    match's forfeit count then rests on the play left out (:mod:`.replay`).  In friend mode (no count by
    team, :attr:`revoke_levels` ``(0, 0)``): the most wrong follows a way adds beyond those every way
    gives, by the team of each seat."""
    follows_unjudged: tuple[int, int] | None = None
    """A hand whose plays were not judged — the trump or the level not known (:attr:`tricks_judged` false),
    or nothing judged from a play the record leaves out on (:mod:`.record_gaps`) —: its wrong follows
    there are not known, so :attr:`revoke_levels` counts only those of the tricks judged.  The most they
    can be, by team (N–S, E–W): one per follow the team's players made, or were due to make, in those
    tricks (a follow is at most one wrong follow, and a lead none: docs/rules.md §10.1).  ``None`` when
    every trick played was judged (a score sheet's hand has none)."""
    levels_after_span: tuple[tuple[int, int] | None, ...] | None = None
    """Take-backs whose seat is not known (``?``, docs/rules.md §10.2): per player (N, E, S, W), the lowest and
    the highest level after the hand under the readings of whose they were, where :attr:`player_levels_after`
    is ``None`` for want of knowing it (``None`` for a player whose level after is known, or not bounded so);
    ``None`` when the hand has no such take-back (:func:`.outcome.takebacks_unknown`)."""
    finishes: tuple[tuple[Outcome, tuple[Rank, ...]], ...] | None = None
    """A full hand whose record stops before its end with no result from ``[Claim]``: each way it may end if it
    was played out — the outcome and the player levels after it, one per result of the score table the totals the
    cards left allow give (:func:`.claimed_end.finish_totals`; the one result where that result is derived,
    :attr:`scored_by_bounds`) — read by the match's decision by the levels when the record stops inside its last
    hand (docs/rules.md §8.5); ``None`` for any other hand, and where the cards left prove nothing of it."""
    forced_last: int | None = None
    """The number of the hand's last trick where the record stops just before it with one card a seat left
    (:func:`.claimed_end.forced_last`): each play of it forced, its winner and points the cards' and counted in the
    points (the bottom too, at a single's multiplier, when the attackers take it) — the hand's end is reached, as
    where the record ends inside its last trick (docs/rules.md §7.4, §10.1); ``None`` otherwise."""
    outcomes_open: tuple[Outcome, ...] = ()
    """A hand judged once for each way of what the record leaves open (:mod:`.agreement`: plays left out, a
    contradicted tag …) whose ways give different outcomes, every one known and none ending the match: each outcome
    they give, :attr:`outcome` being ``None`` (withheld).  The levels after are then kept where every way gives the
    same, else bounded (:attr:`levels_after_span`), and the next hand is dealt by the dealer every way names
    (docs/rules.md §10.2, §14.1); ``()`` otherwise."""
    passes_open: tuple[int, ...] = ()
    """A hand judged once for each way of what the record leaves open (:mod:`.agreement`) whose ways give different
    outcomes, some passing the winning level (the match ends there under them, not under the others, or with
    another side winning it): the teams (0 N–S, 1 E–W) that pass it under some way, :attr:`outcome` being ``None``
    (withheld) — the match may have ended in the hand, followed through every reading by :mod:`.forfeit_count`
    (docs/rules.md §10.2, §14.1); ``()`` otherwise."""
    levels_after_pairs: tuple[tuple[int, int], ...] | None = None
    """Where :attr:`levels_after_span` bounds both sides' levels after the hand under the same readings (take-backs
    given as ``?``, docs/rules.md §10.2): the levels (N–S, E–W) each reading gives both sides together, so a later
    ``[Level]`` that learns one side's selects the readings it fits (:mod:`.replay`); ``None`` otherwise (friend mode,
    a side's level known or not bounded, ways whose readings are not all so given)."""
    leads_open: tuple[tuple[int, tuple[tuple[Seat, str | None, bool], ...]], ...] = ()
    """Tricks whose leader the record leaves open: the judgements merged (:mod:`.agreement`: the trick lines read
    as written or in turn, an 80fen trick seated from another winner, a play left out …) give the trick different
    leaders.  ``(trick number, ((leader, lead kind, trumped), …))``: each leader, lead kind and trump-in
    (:attr:`TrickResult.trumped`) a judgement gives, in the order of the judgements, the first the one the
    :class:`TrickResult` keeps (it seats the plays shown, not a fact: docs/rules.md §14.1); only such tricks
    (:meth:`leads_of`)."""

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """Every outcome the hand may have had: its own, else :attr:`outcomes_open` (``()``: not known)."""
        return (self.outcome,) if self.outcome is not None else self.outcomes_open

    @property
    def next_dealer_known(self) -> tuple[bool, Seat | None, bool]:
        """``(known, next dealer, bid for)``: whether every outcome the hand may have had (:attr:`outcomes`) names
        the same next deal — its dealer (``None`` after ``neither``: the deal is bid for) and whether it is bid for;
        ``(False, None, False)`` where they differ or none is known."""
        deals = {(o.next_dealer, o.winner == "neither") for o in self.outcomes}
        if len(deals) != 1:
            return False, None, False
        dealer, bid_for = deals.pop()
        return True, dealer, bid_for

    def cards_open(self, number: int) -> tuple[int, int, int, int]:
        """How many cards each seat N, E, S, W held before trick ``number`` beyond its
        ``hands_before``, not known which (:attr:`held_open`); ``(0, 0, 0, 0)`` when every card is."""
        return next((c for n, c in self.held_open if n == number), (0, 0, 0, 0))

    def trick_index(self, v: Violation) -> int | None:
        """The place in :attr:`tricks` of the trick ``v`` is about: the one whose verdicts hold ``v``, else the first
        numbered ``v.trick`` — a record may write two tricks with one number (``trick_sequence``), and the trick
        is told by its place in the hand, not its number; ``None`` for a hand-level finding or no such trick."""
        return trick_place(self.tricks, v)

    def leads_of(self, number: int) -> tuple[tuple[Seat, str | None, bool], ...]:
        """The leaders (with their lead kinds and trump-ins) the judgements give trick ``number`` when they differ
        (:attr:`leads_open`): who led it is not known; ``()`` when its leader is known."""
        return next((c for n, c in self.leads_open if n == number), ())

    @property
    def claim_matches(self) -> bool | None:
        """The recorded score equals the computed total; ``None`` when there is no claim, no total, or
        the hand was not played out in the record (the claim is the hand's total, the record's only
        a part of it: not checked) — a score sheet's hand, whose total is its claim, excepted."""
        if self.claim is None:
            return None
        if any(v.code == "claim_mismatch" for v in self.violations):    # (a stopped record's claim the cards
            return False                                                  # left cannot give: docs/rules.md §7.4)
        if self.attackers_total is None:
            return None
        if not self.complete and not any(i.kind == RECORDED_TOTAL for i in self.items):
            # the record ends in its last trick, every play left out forced: the total is the cards' (claimed_end)
            forced = next((d.value for d in self.derived if d.fact == "attackers_total"       # (a position's)
                           or (d.fact == "outcome" and d.source == BOUNDS_SOURCE)), None)
            if not (self.bottom_decided and forced == str(self.attackers_total)):
                return None
        return self.claim == self.attackers_total

    @property
    def bottom_decided(self) -> bool:
        """Who takes the bottom, and at what multiplier, is decided: the hand is played out, or its record ends in
        the last trick, its multiplier fixed (:attr:`.unfinished.Unfinished.bottom_fixed`), whose winner the plays
        left out cannot change (:mod:`.unfinished`), or just before it, one card a seat left (:attr:`forced_last`)."""
        u = self.unfinished
        return (self.complete or (u is not None and u.bottom_fixed and u.winner is not None)
                or self.forced_last is not None)

    @property
    def scored_by_claim(self) -> bool:
        """The record stops before the hand's end and its result (outcome, levels after) is the table's
        ``[Claim]`` (:mod:`.claimed_end`: the derived fact ``outcome``); :attr:`attackers_total` stays the points
        of the tricks recorded."""
        return self.outcome is not None and any(d.fact == "outcome" and d.source == CLAIM_SOURCE
                                                for d in self.derived)

    @property
    def scored_by_bounds(self) -> bool:
        """The record stops before the hand's end and its result is the one every total the cards left allow
        gives (:func:`.claimed_end.bounded_end`); :attr:`attackers_total` is the points of the tricks recorded."""
        return self.outcome is not None and any(d.fact == "outcome" and d.source == BOUNDS_SOURCE
                                                for d in self.derived)

    @property
    def legal(self) -> bool | None:
        """``False`` with a violation of the table's play; ``None`` when the rules' needs were not all met
        (:attr:`legality_known`: no deal, no trump, no level, the first leader unknown); else ``True`` — a
        finding about the record alone (:attr:`Violation.of_record`: a miscounted ``[Claim]`` too) is no
        illegal play.  Of a record that stops before the hand's end (:attr:`complete` false) ``True`` is on the plays recorded."""
        if any(not v.of_record for v in self.violations):
            return False
        return True if self.legality_known else None

    @property
    def play_violations(self) -> tuple[Violation, ...]:
        """The violations of the table's play (a player's or the table's), not the record's own findings."""
        return tuple(v for v in self.violations if not v.of_record)

    @property
    def record_findings(self) -> tuple[Violation, ...]:
        """The findings about the record alone (:attr:`Violation.of_record`): the scorer's copy is wrong."""
        return tuple(v for v in self.violations if v.of_record)

    @property
    def trump_known(self) -> bool:
        """``trump`` is what the record states (``None`` is then no trump, NT), not unknown."""
        return all(u.tag != "Trump" for u in self.unknowns)

    @property
    def withheld(self) -> frozenset[str]:
        """Everything withheld for want of a fact (:data:`WITHHELD` words)."""
        return frozenset(w for u in self.unknowns for w in u.withheld)


FORFEIT_WRONG_FOLLOWS = "wrong follows"
"""A :attr:`MatchResult.forfeit_reasons` value: the side reached ``revoke_forfeit`` wrong follows
(跟牌错误, seed 001 rule 五)."""
FORFEIT_TAKEBACKS = "take-backs"
"""The side reached ``revoke_forfeit`` take-backs (悔牌, seed 001 rule 七)."""
FORFEIT_BOTH_COUNTS = "wrong follows and take-backs"
"""The side reached both counts at the end of the same hand."""
FORFEIT_REASONS = (FORFEIT_WRONG_FOLLOWS, FORFEIT_TAKEBACKS, FORFEIT_BOTH_COUNTS)
BOTH_FORFEIT = "both forfeit"
"""``decided_by`` of a match both sides forfeited at the end of the same hand: no team wins it."""


@dataclass(frozen=True, slots=True)
class ReadingEnd:
    """How some readings of what the record leaves open end the match, where the readings end it differently
    (docs/rules.md §10.1): a forfeit, a pass of the winning level — sure, or possible in a hand whose result is
    not known —, or none by the record's end.  One per such end (:attr:`MatchResult.reading_ends`)."""

    forfeit: str
    """``NS``, ``EW``, ``both`` (the sides that forfeited), or ``none``."""
    hands: tuple[int, ...] = ()
    """The numbers of the hands at whose end the match ended under them (a forfeit, or :attr:`passed`);
    ``()``: the match goes on to the record's end."""
    passed: int | None = None
    """``forfeit`` ``none`` with :attr:`hands`: the team (0 N–S, 1 E–W) that passed the winning level."""
    levels: tuple[Rank, Rank] = (None, None)
    """The match going on to the record's end: its final levels N–S, E–W under those readings (``None``: not
    known), as the match's decision by the levels reads them."""
    level_spans: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)
    """The match going on: :attr:`MatchResult.levels_final_span` under those readings."""
    holder: int | str | None = None
    """The match going on: the team holding the deal at the record's end under those readings (or
    ``scoring.NOBODY_HOLDS``), where it is not the one the record's last hand gives (copies of the last hand
    that leave the deal with different sides: :func:`.replay._copy_ends`); ``None``: the last hand's."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Where a match stands after its last hand.

    **Forfeits** (seed 001, rules 五 and 七: ``revoke_forfeit`` wrong follows, or as many
    take-backs, by one side in a match forfeit it; counted at the end of each hand, when the
    level penalties apply).  :attr:`forfeit_reasons` says, for each side, whether it forfeited
    and why (one of :data:`FORFEIT_REASONS`, ``None`` for a side that did not):

    * one side forfeited: ``forfeit`` is that side, ``winner`` the other, ``decided_by`` ``forfeit``;
    * both sides reached the count at the end of the same hand (:attr:`both_forfeit`): the
      rules do not say what then; the project's reading (docs/rules.md §10.1) is that both
      forfeit and no team wins: ``forfeit`` and ``winner`` are ``None`` (no one side is named)
      and ``decided_by`` is :data:`BOTH_FORFEIT`;
    * nobody forfeited: ``forfeit_reasons == (None, None)``, ``forfeit`` ``None``.
    """
    hands: tuple[HandResult, ...]
    winner: int | None = None
    """Team that won the match (0 N–S, 1 E–W; see ``decided_by``), else ``None``."""
    decided_by: str | None = None
    """How ``winner`` was decided: ``passed`` (a team passed the winning level), ``forfeit``,
    ``levels`` or ``deal`` (``decide_by_levels``: higher level, or equal levels and holding the deal);
    :data:`BOTH_FORFEIT` when both sides forfeited (``winner`` is then ``None``)."""
    levels_final: tuple[Rank, Rank] = (2, 2)
    player_levels_final: tuple[Rank, Rank, Rank, Rank] = (2, 2, 2, 2)
    problems: tuple[Violation, ...] = field(default=())
    """Match-level findings (e.g. a ruleset option problem)."""
    forfeit_reasons: tuple[str | None, str | None] = (None, None)
    """Why each side (N–S, E–W) forfeited: :data:`FORFEIT_WRONG_FOLLOWS`, :data:`FORFEIT_TAKEBACKS`
    or :data:`FORFEIT_BOTH_COUNTS`; ``None`` for a side that did not forfeit (or, when
    :attr:`forfeit_known` is false, for want of knowing), and for a side that forfeited under every reading
    for reasons that differ between them (:attr:`forfeit_reason_open`)."""
    after_end: tuple[int, ...] = ()
    """The numbers of the hands recorded after the match was decided (docs/rules.md §8.4: they count
    for nothing; the problem ``after_match_end`` says so); empty when none was, or when whether the
    match ended is not known (an unknown withholding ``forfeit``: :attr:`forfeit_known`)."""
    forfeit_open_at: int | None = None
    """When whether a side forfeited is not known for what the count leaves open (an unknown below
    withholding ``forfeit``, not a damaged file's), the index in :attr:`hands` of the hand from whose end
    on it is not known: no hand up to it was recorded after the match ended (it could end there at the
    earliest); each later one may have been.  ``None`` otherwise."""
    unknowns: tuple[Unknown, ...] = ()
    """Facts the record does not state that the match's result rests on: an unknown withholding
    ``forfeit`` — whether a side forfeited, so the winner and the final levels (``None``) — where the
    count towards a forfeit is not all known and its readings differ (docs/rules.md §10.1, §10.2): tag
    ``Takebacks`` (a word of ``[Takebacks]`` that is no seat, or take-backs given as ``?``), ``Trump`` /
    ``Level`` (wrong follows of plays not judged), ``play`` (a play left out), ``friend`` (friend mode).  Where
    every reading gives the same side(s) forfeiting but not the same hand (or not the same reason), the unknown
    withholds ``match_end`` (:attr:`end_open`) and ``forfeit_reason`` (:attr:`forfeit_reason_open`) instead."""
    forfeit_reason_open: tuple[bool, bool] = (False, False)
    """Per side (N–S, E–W): it forfeited the match under every reading of what the count leaves open, but why —
    its wrong follows, its take-backs, or both — differs between the readings (its :attr:`forfeit_reasons`
    entry is then ``None``: not known, never guessed; docs/rules.md §10.1)."""
    end_open: tuple[int, int] | None = None
    """Where every reading gives the same side(s) forfeiting, but at the end of different hands: the indices
    in :attr:`hands` of the first and the last hand the match may have ended in (the final levels are then
    ``None``; the hands after the first up to the last may or may not have been recorded after the match
    ended, those after the last were: :attr:`after_end`).  Likewise where no side forfeits under any reading but
    a side may have passed the winning level in a hand whose result is not known (:attr:`reading_ends`): the
    last is then the record's last hand when some readings go on to its end.  ``None`` otherwise."""
    levels_final_span: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)
    """Per team (N–S, E–W) whose final level is ``None`` for want of knowing whose take-backs given as ``?``
    were: the lowest and the highest it is under those readings (the last hand's
    :attr:`HandResult.levels_after_span`); ``None`` otherwise.  The decision by the levels reads it
    (:func:`.scoring.decide`): where every level in the spans gives the same winner by the same rule, it is
    derived (:attr:`derived`)."""
    derived: tuple[Derived, ...] = ()
    """Facts of the match the record does not state but every reading of it gives (``winner``: decided by
    the levels though a final level is not known, from the spans of :attr:`levels_final_span`)."""
    reading_ends: tuple[ReadingEnd, ...] = ()
    """Where the readings of what the record leaves open end the match differently — who forfeited or whether
    a side did, a side passing the winning level in a hand whose result is not known, or the hand the match
    ended in — each end they give (:class:`ReadingEnd`); ``()`` otherwise.  The match's decision reads them
    (:func:`.scoring.decide_match`): the winner is given where every end gives the same one."""
    stopped_at: int | None = None
    """The index in :attr:`hands` of the record's last hand where the record is known to stop inside it
    (:func:`.replay.record_stops_inside`) and its ``[Claim]`` gives it no result: whether that hand counts as
    stopped there (void: the levels it was played at, the dealer's side holding the deal) or was played out (each
    of its :attr:`HandResult.finishes`) the record does not say; a match decided by the levels
    (``decide_by_levels``) is decided only where every one gives the same winner (docs/rules.md §8.5,
    :func:`.scoring.decide`).  ``None`` otherwise."""
    stop_spans: tuple[tuple[tuple[int, int] | None, tuple[int, int] | None], ...] = ()
    """With :attr:`stopped_at`: per reading of that hand — void first, then each of its :attr:`HandResult.finishes`
    — the lowest and highest level per team (N–S, E–W) that reading leaves where its level is not known for want of
    knowing whose take-backs given as ``?`` before it were (docs/rules.md §10.2; ``None``: known, or not bounded);
    ``()`` otherwise.  The decision by the levels reads them (:func:`.scoring.decide`)."""
    stop_forfeit: str | None = None
    """With :attr:`stopped_at` under ``stopped_hand = open``, the record ending inside that hand's last trick: the
    sides (``NS``, ``EW``, ``both``) that reach the forfeit count at its end (docs/rules.md §10.1) — the forfeit of the
    hand played out only, not the match's (void, its wrong follows and take-backs do not count, §8.5): the match's
    ``"unknown"`` (tag ``Claim``) withholds ``forfeit``, and the decision reads it as that reading's
    (:func:`.scoring.stopped_decisions`).  ``None`` otherwise."""

    @property
    def forfeit_known(self) -> bool:
        """Whether a side forfeited is known (no :attr:`unknowns` withholds ``forfeit``)."""
        return not any("forfeit" in u.withheld for u in self.unknowns)

    @property
    def forfeit(self) -> int | None:
        """The one team that forfeited (0 N–S, 1 E–W); ``None`` when no team did, and when both did
        (:attr:`both_forfeit`): read from :attr:`forfeit_reasons`, never stored beside them."""
        forfeited = self.forfeited
        return forfeited[0] if len(forfeited) == 1 else None

    @property
    def both_forfeit(self) -> bool:
        """Both sides forfeited at the end of the same hand: no team wins the match."""
        return len(self.forfeited) == 2

    @property
    def forfeit_reason(self) -> str | None:
        """Why :attr:`forfeit` (the one side that forfeited) forfeited; ``None`` when no one side did."""
        return None if self.forfeit is None else self.forfeit_reasons[self.forfeit]

    @property
    def forfeited(self) -> tuple[int, ...]:
        """The sides that forfeited: ``()``, one side, or ``(0, 1)`` — a side whose reason is not known
        (:attr:`forfeit_reason_open`) among them."""
        return tuple(t for t in (0, 1) if self.forfeit_reasons[t] is not None or self.forfeit_reason_open[t])


# the engine's constructors of its hot results: the same objects, built faster (records.frozen)
new_violation = fast_init(Violation)
new_trick_result = fast_init(TrickResult)
new_score_item = fast_init(ScoreItem)
new_outcome = fast_init(Outcome)
new_hand_result = fast_init(HandResult)

def _field_setter(cls: type, build: Callable[..., Any], name: str) -> Callable[[Any, Any], Any]:
    """``set(obj, value)``: ``dataclasses.replace(obj, name=value)`` for a ``cls`` built by ``build``
    (:func:`~..records.frozen.fast_init`), a tenth of its time: the engine's results are many."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    values, at = operator.attrgetter(*names), names.index(name)

    def set_field(obj, value):
        v = values(obj)
        return build(*v[:at], value, *v[at + 1:])
    return set_field


_trick_held = _field_setter(TrickResult, new_trick_result, "hands_before")
_hand_tricks = _field_setter(HandResult, new_hand_result, "tricks")


def hands_before_dropped(result: HandResult) -> HandResult:
    """``result`` with every trick's ``hands_before`` ``()``, everything else as it is (``held_open`` too: the
    judgement's, made from them) — for a caller that never reads them once the hand is judged
    (:func:`.replay.replay_match`'s ``keep_hands_before``); ``result`` itself when no trick holds them."""
    if not any(t.hands_before for t in result.tricks):
        return result
    return _hand_tricks(result, tuple(_trick_held(t, ()) if t.hands_before else t for t in result.tricks))


def trick_place(tricks: Sequence[TrickResult], v: Violation) -> int | None:
    """The place in ``tricks`` (a hand's, in play order) of the trick ``v`` is about: the one whose verdicts hold
    ``v``, else the first numbered ``v.trick`` (:meth:`HandResult.trick_index`); ``None`` for a hand-level finding
    or no such trick."""
    if v.trick is None:
        return None
    held = next((i for i, t in enumerate(tricks) if any(x is v for x in t.violations)), None)
    return held if held is not None else next((i for i, t in enumerate(tricks) if t.number == v.trick), None)


def as_record_finding(v: Violation) -> Violation:
    """``v`` as a finding about the record alone (:data:`ABOUT_RECORD`): the rest of the record proves the
    line or tag it is about miscopied, not any seat's act."""
    return v if v.of_record else new_violation(v.code, v.trick, v.seat, v.played, v.better, v.message_zh,
                                               v.message_en, ABOUT_RECORD, v.better_choices,
                                               v.better_example)


def hand_violation(code: str, seat: int | None, message: tuple[str, str],
                   played: tuple[Card, ...] = (), better: tuple[Card, ...] = ()) -> Violation:
    """A violation of the hand as a whole (no trick: the deal, the bottom, the bury, the count),
    ``message`` (Chinese, English)."""
    return new_violation(code=code, trick=None, seat=seat, played=played, better=better,
                         message_zh=message[0], message_en=message[1])

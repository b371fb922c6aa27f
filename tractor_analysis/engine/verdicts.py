"""Typed results of the rule engine: violations, tricks, hand results, match results.

The engine (:mod:`tractor_analysis.engine.tricks` judges one trick,
:mod:`tractor_analysis.engine.replay` a hand and a match) returns these immutable
records; the CLI, the Parquet dataset and the HTML reports only read them.

Violation codes are stable (the ``check --json`` field names and codes of
``docs/format.md``); :data:`VIOLATION_CODES` documents each one with the rule it enforces,
from :mod:`tractor_analysis.engine.rule_refs` (the section of ``docs/rules.md``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..records.cards import Card, Counts, Rank, Seat, Suit, PRETTY, TOKEN
from ..records.frozen import fast_init
from ..records.model import Play
from ..records.rulesets import RuleSet
from .rule_refs import RULE_REFS

VIOLATION_CODES: dict[str, str] = {
    code: f"{ref.cite}: {ref.en}" for code, ref in RULE_REFS.items()}
"""Every stable violation code → where its rule is written and the rule in English
(``docs/rules.md §5.3: …``); :mod:`tractor_analysis.engine.rule_refs` has the Chinese too."""


def show(cards: tuple[Card, ...] | list[Card], pretty: bool = True) -> str:
    table = PRETTY if pretty else TOKEN
    return " ".join(table[c] for c in cards)


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
    points: int
    """Card points in the trick (5s, 10s, Ks)."""
    hands_before: tuple[Counts, Counts, Counts, Counts]
    """Each seat's cards (counts per kind) before the trick, N, E, S, W."""
    violations: tuple[Violation, ...] = ()
    lead_kind: str = "single"
    """``single``, ``pair``, ``triple``, ``tractor``, ``titanic`` or ``throw``."""
    throw_failed: bool = False
    """The leader attempted a throw that failed (``attempted -> forced`` was recorded)."""
    cards_not_thrown: int = 0
    """Failed throw: attempted minus played (for ``throw_penalty``); with ``throw_penalty_cards =
    failing_units`` the cards of every unit another player could beat (also when the record wrote
    the throw as if it stood)."""
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
    """Levels the winning team goes up (0 when the attackers only take the deal)."""
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
class HandResult:
    """One hand replayed and scored."""

    number: int
    dealer: Seat
    level: Rank
    trump: Suit | None
    rules: RuleSet
    defenders: frozenset[Seat]
    """The dealer's side (庄家方): dealer and partner (friend mode: as resolved)."""
    tricks: tuple[TrickResult, ...]
    violations: tuple[Violation, ...]
    """Every violation of the hand, trick ones and hand-level ones, in order."""
    attackers_points: int
    """Points in tricks won by attackers (plus ``[Points]`` of a position)."""
    bottom_points: int
    bottom_multiplier: int
    """0 when the defenders won the last trick (or no bottom is scored)."""
    bottom_bonus: int
    penalties: int
    """Points added to the attackers' total by penalties (negative when they lose points)."""
    attackers_total: int
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

    @property
    def claim_matches(self) -> bool | None:
        return None if self.claim is None else self.claim == self.attackers_total

    @property
    def legal(self) -> bool:
        return not self.violations


@dataclass(frozen=True, slots=True)
class MatchResult:
    hands: tuple[HandResult, ...]
    winner: int | None = None
    """Team that passed A (0 N–S, 1 E–W), else ``None``."""
    forfeit: int | None = None
    """Team that forfeited (three wrong follows under the tournament rule)."""
    decided_by: str | None = None
    """How ``winner`` was decided: ``passed`` (a team passed the winning level), ``forfeit``,
    ``levels`` or ``deal`` (``decide_by_levels``: higher level, or equal levels and holding the deal)."""
    levels_final: tuple[Rank, Rank] = (2, 2)
    player_levels_final: tuple[Rank, Rank, Rank, Rank] = (2, 2, 2, 2)
    problems: tuple[Violation, ...] = field(default=())
    """Match-level findings (e.g. a ruleset option problem)."""


# the engine's constructors of its hot results: the same objects, built faster (records.frozen)
new_violation = fast_init(Violation)
new_trick_result = fast_init(TrickResult)
new_score_item = fast_init(ScoreItem)
new_outcome = fast_init(Outcome)
new_hand_result = fast_init(HandResult)

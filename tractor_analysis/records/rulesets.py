"""The ruleset: one frozen object holding every option of ``docs/rules.md``.

Every disagreement between the seed texts is an option; the five named presets
of rules.md §12 fix them all.  A record's ``[Ruleset "…"]`` tag (JSON
``ruleset``) picks a preset and ``[Rule:name "value"]`` tags (JSON ``rules``)
set options one by one on top of it: :func:`build_ruleset`.  New options always
get defaults so old records and old datasets still load.
"""
from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .cards import RANK_TOKENS, parse_rank
from .limits import whole_number

MAX_POINTS_OPTION = 9999
"""Largest value of a whole-number rule option (points, counts): larger is refused, as the engine
never needs more."""


class _Doc(enum.Enum):
    """Enum whose members carry a one-line ``doc``."""

    def __new__(cls, value: str, doc: str = ""):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.doc = doc
        return obj

    def __str__(self) -> str:
        return self.value


class BottomMultiplier(_Doc):
    """How the bottom's points are multiplied when the attackers win the last trick (rules.md §7)."""

    SIZE_POWER = ("size_power", "2 ** cards in the largest unit of the winning play: single x2, pair x4, 2-pair tractor x16 (QQ; seed 001)")
    PAIR_DOUBLING = ("pair_doubling", "single x2, pair x4, tractor of k pairs x2**(k+1) (tournament; seed 004)")
    OURGAME = ("ourgame", "as pair_doubling, triple x6, titanic 2*3**len (ourgame 3-deck rules; seeds 000/001)")
    UNIT_TIMES = ("unit_times", "2 x cards in the largest unit: single x2, pair x4, 2-pair tractor x8 (rbtying/shengji default)")
    FLAT = ("flat", "always x2 (at least doubled, 至少要加倍)")
    LAST_TRICK_CARDS = ("last_trick_cards", "2 x the cards each player put on the last trick, whatever their shape: "
                                            "single x2, pair x4, a 3-card throw x6 (80fen)")
    LEAD_SIZE = ("lead_size", "the last lead's size: single x1, pair x2, tractor of k pairs x2k; a throw x2 of "
                              "singles, x4 with a pair, x2 x the cards of its largest tractor (Botzone)")


class ScoreTable(_Doc):
    """How the attackers' total turns into level changes (rules.md §8)."""

    STANDARD = ("standard", "0: defenders +3; <step +2; <2 step +1; 2 step take the deal; each further step attackers +1 (QQ, Baidu; seeds 000/001/004)")
    OURGAME = ("ourgame", "0: +3; <40 +2; <80 +1; 80 take the deal and +1; each further 40 +1 more (联众; seed 000)")
    ONE_DECK = ("one_deck", "0: defenders +2; <40 +1; 40-75 take the deal; 80-95 attackers +1; 100 +2 (1 deck; seed 000)")
    BOTZONE = ("botzone", "one hand a match, 0-3 points a seat: 0 or less defenders 3; <40 2; <80 1; <120 "
                          "attackers 1; <160 2; else 3 (the losing side 0; Botzone)")

    @property
    def moves_levels(self) -> bool:
        """The table's result moves the players' levels.  ``False``: a match is one hand, scored in
        match points for each seat of the winning side, and no level changes (``botzone``, rules.md §8.1)."""
        return self is not ScoreTable.BOTZONE


class ThrowPenalty(_Doc):
    """Penalty for a failed throw (甩牌失败, rules.md §4)."""

    NONE = ("none", "no penalty: the forced play is the only consequence")
    PER_CARD = ("per_card", "throw_penalty_points for each card that could not be thrown (tournament: 10; seed 001)")


class RevokePenalty(_Doc):
    """Penalty for a wrong follow (跟牌错误) found afterwards (rules.md §10)."""

    NONE = ("none", "no penalty: the violation is only reported")
    LEVEL = ("level", "the offending side loses one level at the end of the hand; revoke_forfeit such in a match forfeit it")


class Miscount(_Doc):
    """A player found with too many or too few cards at the end of the hand (多少牌, seed 001 rule 八)."""

    NONE = ("none", "no special rule: wrong counts and deal mismatches are reported, the hand is scored by its points")
    LEVEL = ("level", "多少牌: the defenders' side steps down and the attackers go up one level; the attackers' "
                      "side: the defenders go up one level and keep the deal; both: no change, the next deal is bid for (seed 001)")


class NoDeclaration(_Doc):
    """What happens when nobody declares trump during the deal (rules.md §9)."""

    NO_TRUMP = ("no_trump", "the hand is played without a trump suit")
    THIRD_BOTTOM_CARD = ("third_bottom_card", "the suit of the bottom's third card; a joker means no trump (seed 003)")
    REDEAL = ("redeal", "the cards are dealt again")
    DRAWN = ("drawn", "the referee draws the trump suit (and a dealer if none) at random: the record's own "
                      "trump stands (Botzone's judge, from its seed)")


class DeclareTiebreak(_Doc):
    """How equal overcalls are ordered (rules.md §9)."""

    NONE = ("none", "an equal declaration cannot overcall; the first stands")
    SUIT_ORDER = ("suit_order", "tournament order for equal overcalls: BJ, LJ, S, H, D, C (seed 001)")


class TrumpIn(_Doc):
    """When a trump play on a plain-suit lead counts, and which counting trump-in wins (rules.md §6)."""

    COVERS = ("covers", "it holds at least the lead's tractors and pairs; trump-ins compare by the top of the "
                        "lead's most significant unit (seed 003)")
    EXACT = ("exact", "it splits into exactly the lead's units (same singles, pairs, tractors); the counting "
                      "play with the highest card wins, and on a throw a follow of the led suit of the same "
                      "units with a higher card too (80fen)")


class ThrowForced(_Doc):
    """What the leader must play when a throw fails (甩牌失败, rules.md §4)."""

    LARGEST_SHAPE = ("largest_shape", "the smallest unit of the largest shape that could be beaten (seed 003)")
    LOWEST_UNIT = ("lowest_unit", "the unit with the lowest top card of the whole throw, pairs and tractors "
                                  "before singles on a tie, whichever unit was beaten (80fen)")
    LOWEST_CARD = ("lowest_card", "every unit is tested on its own (a tractor beaten only by a run wholly above "
                                  "its top); one card is played: the lowest card of the beaten unit whose top is "
                                  "lowest (Botzone)")


class BidDealer(_Doc):
    """Who deals a deal that is bid for (抢庄: the first hand, and deals marked bid for; rules.md §9)."""

    FIRST = ("first", "the first to declare; declarations are judged at the hand's level")
    LAST = ("last", "the final standing declarer; each seat declares with its own team's level and the hand "
                    "is played at the dealer's (80fen)")


class StoppedHand(_Doc):
    """A match decided by the levels (``decide_by_levels``) whose record stops inside its last hand, no result
    from that hand's ``[Claim]``: the event's rule for the hand in progress when time is called (rules.md §8.5)."""

    OPEN = ("open", "not stated: decided only where the hand void and played out to each result the cards left "
                    "allow give the same winner")
    VOID = ("void", "the hand does not count (the levels it was played at, the dealer's side holding the deal), "
                    "nor a result derived from the cards left: only a [Claim] giving its result counts")


# --- Botzone's conventions (issue 25): the options its preset sets ----------------------------

class ThrowPenaltyCards(_Doc):
    """Which cards of a failed throw ``throw_penalty = per_card`` charges (rules.md §4)."""

    NOT_THROWN = ("not_thrown", "each card that was shown but not played (tournament)")
    FAILING_UNITS = ("failing_units", "each card of every unit someone could beat, at once (Botzone)")


class ThrowFollow(_Doc):
    """What a throw (甩牌) obliges its followers to (rules.md §5)."""

    UNITS = ("units", "the led group, then its pairs and tractors, as for any lead")
    SUIT = ("suit", "only the led group: as many of its cards as the throw has, or all of them (Botzone)")


class ForeignUnit(_Doc):
    """A pair (tractor) lead, a follower holding cards of the led group but no pair (tractor)
    there, who plays a pair (tractor) of another suit or of trumps (rules.md §5)."""

    REFUSED = ("refused", "the plain reading: the led group must be followed first: follow_suit")
    ACCEPTED = ("accepted", "as Botzone's judge accepts it (its checkRes defect): the unit stands, and a "
                            "trump one can win; for re-refereeing its records exactly")


class MixedThrow(_Doc):
    """A lead of a plain card followed by off-suit level cards of the same printed suit (rules.md §4)."""

    REFUSED = ("refused", "the plain reading: cards of two groups, mixed_lead")
    SAME_LETTER = ("same_letter", "as Botzone's judge accepts it when the first card is plain (it checks the "
                                  "printed suit only): a throw of the first card's suit; for re-refereeing")


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """Every rule option of one hand.  Build with :func:`build_ruleset` or ``dataclasses.replace``."""

    name: str = "standard"
    """Preset this ruleset started from (with ``+`` when options were changed)."""
    decks: int = 2
    """Number of decks: 1 (打百分), 2 (拖拉机/80分) or 3 (泰坦尼克)."""
    constant_twos: bool = False
    """2 为常主: every 2 is trump, ranked below the level cards."""
    bottom_multiplier: BottomMultiplier = BottomMultiplier.SIZE_POWER
    score_table: ScoreTable = ScoreTable.STANDARD
    throw_penalty: ThrowPenalty = ThrowPenalty.NONE
    throw_penalty_points: int = 10
    """Points per card not thrown when ``throw_penalty`` is ``per_card``."""
    revoke_penalty: RevokePenalty = RevokePenalty.NONE
    revoke_forfeit: int = 3
    """With ``revoke_penalty = level``: this many wrong follows by one side in a match forfeit it."""
    takeback_penalty: RevokePenalty = RevokePenalty.NONE
    """悔牌 (take-back) recorded in ``[Takebacks]``: ``level`` — the side loses one level at the end
    of the hand for each, and ``revoke_forfeit`` take-backs in a match forfeit it (seed 001, rule 七:
    "比赛时，不得悔…此种情况…出现一次，等打完当把后悔一方罚降一级，累计三次直接被判负")."""
    miscount: Miscount = Miscount.NONE
    """多少牌 (seed 001, rule 八: "若台上多少自动下台，且台下升一级；若台下多少台上升一级，且台上继续打；
    若双方均出现多少情况双方不升降级，且下把双方抢庄"): with ``level`` a hand that ends with a player
    having played more or fewer cards than a hand holds is decided by who miscounted, not by points."""
    must_play: tuple[int, ...] = ()
    """Level ranks a team cannot skip (逢10必打: ``(10,)``); a gain stops there."""
    no_declaration: NoDeclaration = NoDeclaration.NO_TRUMP
    declare_tiebreak: DeclareTiebreak = DeclareTiebreak.NONE
    rebid_after_bottom: bool = False
    """炒地皮: overcalls allowed after the dealer buried (tournament: before the bottom is turned)."""
    protect_triples: bool = False
    """3 decks: a follower is never forced to break a triple to supply a pair."""
    friend: bool = False
    """找朋友: the dealer names a card after taking the bottom; its holder is the partner (rules.md §11)."""
    decide_by_levels: bool = False
    """A match that ends before a team passes ``win_level`` (the tournament's 1-hour round) goes
    to the higher level, equal levels to the side holding the deal ("比赛结束时升级高者获胜，
    同级时台上一方获胜", seed 001, rule 十一)."""
    stopped_hand: StoppedHand = StoppedHand.OPEN
    """With ``decide_by_levels``: the event's rule for the hand in progress when time is called, where the record
    stops inside its last hand and that hand's ``[Claim]`` gives no result — ``open`` (the seeds do not say: every
    reading must agree) or ``void`` (the hand does not count; rules.md §8.5)."""
    win_level: int = 14
    """A team that goes up from this level wins the match: A by default; the tournament's
    "先过10为胜" (seed 001, rule 三) is 10."""
    stop_at_win_level: bool = True
    """A gain stops at ``win_level`` and the team must then hold it as dealer to win; ``off``
    (80fen): a side whose level goes past it by any result wins the match at once."""
    trump_in: TrumpIn = TrumpIn.COVERS
    throw_forced: ThrowForced = ThrowForced.LARGEST_SHAPE
    throw_tractor_duty: bool = True
    """A throw's tractors oblige followers to tractors; ``off`` (80fen): a throw obliges them
    only to its pairs (tractor duty stays for a lead that is one tractor)."""
    short_tractor_duty: bool = False
    """A lead that is one tractor, when the follower holds no tractor that long: ``on`` (80fen)
    — the longest shorter tractor held (two pairs or more) must be played; ``off`` — pairs only."""
    bid_dealer: BidDealer = BidDealer.FIRST
    overcall_own: bool = True
    """A seat may overcall its own declaration with a stronger one; ``off`` (80fen): never its
    own, except turning its single into the pair of that suit."""
    # Botzone (issue 25)
    throw_penalty_cards: ThrowPenaltyCards = ThrowPenaltyCards.NOT_THROWN
    level_tractors: bool = True
    """Level cards and jokers chain into tractors with the trumps next to them; ``off``
    (Botzone): never, except exactly small-small-big-big jokers."""
    throw_follow: ThrowFollow = ThrowFollow.UNITS
    foreign_unit: ForeignUnit = ForeignUnit.REFUSED
    mixed_throw: MixedThrow = MixedThrow.REFUSED

    @property
    def total_points(self) -> int:
        """Points in all the decks: 100 each."""
        return 100 * self.decks

    @property
    def step(self) -> int:
        """One score step: total / 5 (40 for 2 decks)."""
        return self.total_points // 5

    @property
    def bottom_size(self) -> int:
        return {1: 6, 2: 8, 3: 6}[self.decks]

    @property
    def hand_size(self) -> int:
        return {1: 12, 2: 25, 3: 39}[self.decks]

    def options(self) -> dict[str, str]:
        """Every option as its text value (the form ``[Rule:name "value"]`` takes)."""
        out = {f.name: format_value(getattr(self, f.name))
               for f in dataclasses.fields(self) if f.name != "name"}
        out["win_level"] = RANK_TOKENS[self.win_level]
        return out


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return ",".join(RANK_TOKENS[r] for r in value) if value else "none"
    return str(value)


OPTION_DOCS: dict[str, str] = {
    "decks": "1, 2 or 3 decks",
    "constant_twos": "on/off: 2 为常主, every 2 is trump below the level cards",
    "bottom_multiplier": " | ".join(m.value for m in BottomMultiplier),
    "score_table": " | ".join(m.value for m in ScoreTable),
    "throw_penalty": "none | per_card (optionally 'per_card 10')",
    "throw_penalty_points": "points per card not thrown (default 10)",
    "revoke_penalty": "none | level",
    "takeback_penalty": "none | level: a take-back (悔牌) costs the side a level; revoke_forfeit of them forfeit",
    "revoke_forfeit": "wrong follows by one side in a match that forfeit it (default 3; 0 never)",
    "miscount": "none | level: 多少牌 decides the hand (defenders step down / attackers' side: defenders +1; both: the deal is bid for)",
    "must_play": "level ranks that cannot be skipped, e.g. '10' or '10,K'; 'none'",
    "no_declaration": " | ".join(m.value for m in NoDeclaration),
    "declare_tiebreak": " | ".join(m.value for m in DeclareTiebreak),
    "rebid_after_bottom": "on/off: 炒地皮",
    "protect_triples": "on/off: 3 decks, never break a triple to supply a pair",
    "friend": "on/off: 找朋友, the dealer names a card and its holder is the partner",
    "win_level": "the level a team must pass to win the match (default A; tournament 10)",
    "decide_by_levels": "on/off: a match cut short goes to the higher level, ties to the side holding the deal",
    "stopped_hand": "open | void: with decide_by_levels, a last hand the record stops inside, no result from its "
                    "[Claim] — open: decided where void and played out agree; void: the hand does not count",
    "stop_at_win_level": "on/off: a gain stops at the winning level, held as dealer to win (off: passing it by any result wins at once)",
    "trump_in": " | ".join(m.value for m in TrumpIn),
    "throw_forced": " | ".join(m.value for m in ThrowForced),
    "throw_tractor_duty": "on/off: a throw's tractors oblige followers to tractors (off: only to its pairs)",
    "short_tractor_duty": "on/off: a tractor lead with none that long held obliges the longest shorter tractor (off: pairs)",
    "bid_dealer": " | ".join(m.value for m in BidDealer),
    "overcall_own": "on/off: a seat may overcall its own declaration (off: only turn its single into a pair)",
}

_STANDARD = RuleSet()
PRESETS: dict[str, RuleSet] = {
    "standard": _STANDARD,
    "ourgame": dataclasses.replace(
        _STANDARD, name="ourgame", bottom_multiplier=BottomMultiplier.OURGAME,
        score_table=ScoreTable.OURGAME, no_declaration=NoDeclaration.THIRD_BOTTOM_CARD),
    "tournament": dataclasses.replace(
        _STANDARD, name="tournament", bottom_multiplier=BottomMultiplier.PAIR_DOUBLING,
        throw_penalty=ThrowPenalty.PER_CARD, throw_penalty_points=10,
        revoke_penalty=RevokePenalty.LEVEL, takeback_penalty=RevokePenalty.LEVEL, miscount=Miscount.LEVEL,
        must_play=(10,), win_level=10, decide_by_levels=True,
        declare_tiebreak=DeclareTiebreak.SUIT_ORDER, rebid_after_bottom=True),
    "one-deck": dataclasses.replace(
        _STANDARD, name="one-deck", decks=1, bottom_multiplier=BottomMultiplier.FLAT,
        score_table=ScoreTable.ONE_DECK),
    "three-deck": dataclasses.replace(
        _STANDARD, name="three-deck", decks=3, bottom_multiplier=BottomMultiplier.OURGAME),
    "80fen": dataclasses.replace(
        _STANDARD, name="80fen", bottom_multiplier=BottomMultiplier.LAST_TRICK_CARDS,
        must_play=(2, 5, 10, 13), stop_at_win_level=False, trump_in=TrumpIn.EXACT,
        throw_forced=ThrowForced.LOWEST_UNIT, throw_tractor_duty=False, short_tractor_duty=True,
        bid_dealer=BidDealer.LAST,
        overcall_own=False),
}
"""The named presets of rules.md §12."""

PRESET_DOCS = {
    "standard": "QQ / Baidu / 遇乐 rules, 2 decks (seeds 000, 001, 004)",
    "ourgame": "联众 (ourgame) rules, 2 decks (seed 000)",
    "tournament": "tournament regulation, 2 decks (seed 001): revoke -1 level, throw penalty, 逢10必打, 多少牌",
    "one-deck": "打百分 / 40分, 1 deck (seed 000)",
    "three-deck": "泰坦尼克, 3 decks with triples and titanics (seed 000)",
    "80fen": "the 80fen web game's contest table (上海规则), 2 decks: gates 2, 5, 10, K, no stop at A, "
             "bid-for deals to the last declarer, exact trump-ins",
}

_TRUE = {"on", "true", "yes", "1", "y"}
_FALSE = {"off", "false", "no", "0", "n"}


class RuleValueError(ValueError):
    """A value a rule option does not take: ``str()`` says it in English, :attr:`zh` in Chinese (the same)."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.zh = zh


def _shown(t: str, width: int = 20) -> str:
    """A value as a message quotes it: cut at ``width`` characters with ``…`` when longer."""
    return repr(t if len(t) <= width else t[:width] + "…")


def _levels_option(name: str, t: str) -> tuple[int, ...]:
    """The levels of a list option (``must_play``: ``"5 10 K"``); :class:`RuleValueError` at a word that is
    no level."""
    out = set()
    for p in t.replace(",", " ").split():
        try:
            out.add(parse_rank(p))
        except ValueError:
            raise RuleValueError(f"option {name}: unknown level {_shown(p)} (expected 2..10, J, Q, K or A)",
                                 f"规则选项 {name}：无法识别的级别 {_shown(p)}（应为 2..10、J、Q、K 或 A）") from None
    return tuple(sorted(out))


def parse_option(name: str, text: str) -> dict[str, Any]:
    """The field values ``[Rule:name "text"]`` sets; ``KeyError`` (unknown option) or
    :class:`RuleValueError` (a ``ValueError``, with its Chinese)."""
    fields = {f.name: f for f in dataclasses.fields(RuleSet)}
    if name not in fields or name == "name":
        raise KeyError(name)
    t = str(text).strip()
    low = t.lower()
    default = getattr(_STANDARD, name)
    if isinstance(default, bool):
        if low in _TRUE:
            return {name: True}
        if low in _FALSE:
            return {name: False}
        raise RuleValueError(f"option {name} takes on or off, not {_shown(t)}",
                             f"规则选项 {name} 应为 on 或 off，而不是 {_shown(t)}")
    if isinstance(default, enum.Enum):
        if name == "throw_penalty":
            parts = low.replace(":", " ").split()
            if parts and parts[0] == "per_card" and len(parts) == 2:
                points = whole_number(parts[1])
                if points is None or points < 0 or points > MAX_POINTS_OPTION:
                    raise RuleValueError(
                        f"throw_penalty per_card takes a number of points 0..{MAX_POINTS_OPTION}, not {_shown(parts[1])}",
                        f"throw_penalty per_card 应为 0..{MAX_POINTS_OPTION} 的分数，而不是 {_shown(parts[1])}")
                return {"throw_penalty": ThrowPenalty.PER_CARD, "throw_penalty_points": points}
        try:
            return {name: type(default)(low)}
        except ValueError:
            values = [m.value for m in type(default)]
            raise RuleValueError(f"option {name} takes one of {', '.join(values)}, not {_shown(t)}",
                                 f"规则选项 {name} 应为 {'、'.join(values)} 之一，而不是 {_shown(t)}") from None
    if isinstance(default, tuple):
        if low in ("", "none", "-", "—"):
            return {name: ()}
        return {name: _levels_option(name, t)}
    if name == "win_level":
        try:
            return {name: parse_rank(t)}
        except ValueError:
            raise RuleValueError(f"option win_level: unknown level {_shown(t)} (expected 2..10, J, Q, K or A)",
                                 f"规则选项 win_level：无法识别的级别 {_shown(t)}（应为 2..10、J、Q、K 或 A）") from None
    if isinstance(default, int):
        value = whole_number(t)
        if value is None or value > MAX_POINTS_OPTION:
            raise RuleValueError(f"option {name} takes a whole number 0..{MAX_POINTS_OPTION}, not {_shown(t)}",
                                 f"规则选项 {name} 应为 0..{MAX_POINTS_OPTION} 的整数，而不是 {_shown(t)}")
        if name == "decks" and value not in (1, 2, 3):
            raise RuleValueError(f"option decks takes 1, 2 or 3, not {_shown(t)}",
                                 f"规则选项 decks 应为 1、2 或 3，而不是 {_shown(t)}")
        if value < 0:
            raise RuleValueError(f"option {name} takes a number >= 0, not {_shown(t)}",
                                 f"规则选项 {name} 应为不小于 0 的数，而不是 {_shown(t)}")
        return {name: value}
    raise KeyError(name)  # pragma: no cover - every field type is handled above


def build_ruleset(preset: str | None = None,
                  rules: Iterable[tuple[str, str]] | Mapping[str, str] = ()
                  ) -> tuple[RuleSet, list[tuple[str, str, str]]]:
    """The ruleset of a preset plus options; problems as ``(code, name, message)``.

    Problems never stop the build: an unknown preset falls back to ``standard``,
    an unknown option or a bad value is skipped.  Codes: ``unknown_preset``,
    ``unknown_rule``, ``bad_rule_value``.  :func:`rule_problems` gives each message in Chinese too.
    """
    ruleset, problems = _build(preset, rules)
    return ruleset, [(code, name, en) for code, name, en, _ in problems]


def rule_problems(preset: str | None = None, rules: Iterable[tuple[str, str]] | Mapping[str, str] = ()
                  ) -> list[tuple[str, str, str, str]]:
    """The problems :func:`build_ruleset` finds, as ``(code, name, English, Chinese)`` (the two say the same)."""
    return _build(preset, rules)[1]


def _build(preset, rules) -> tuple[RuleSet, list[tuple[str, str, str, str]]]:
    problems: list[tuple[str, str, str, str]] = []
    key = (preset or "standard").strip().lower()
    base = PRESETS.get(key)
    if base is None:
        problems.append(("unknown_preset", preset or "",
                         f"unknown ruleset {preset!r} (expected one of {', '.join(PRESETS)})",
                         f"未知的规则预设 {preset!r}（应为 {'、'.join(PRESETS)} 之一）"))
        base = _STANDARD
    items = rules.items() if isinstance(rules, Mapping) else rules
    changes: dict[str, Any] = {}
    for name, text in items:
        try:
            changes.update(parse_option(name, text))
        except KeyError:
            problems.append(("unknown_rule", name,
                             f"unknown rule option {name!r} (expected one of {', '.join(OPTION_DOCS)})",
                             f"未知的规则选项 {name!r}（应为 {'、'.join(OPTION_DOCS)} 之一）"))
        except RuleValueError as exc:
            problems.append(("bad_rule_value", name, str(exc), exc.zh))
    if changes:
        changed = {k: v for k, v in changes.items() if getattr(base, k) != v}
        if changed:
            base = dataclasses.replace(base, name=base.name.rstrip("+") + "+", **changes)
    return base, problems


# --- Botzone (issue 25) --------------------------------------------------------------------------
OPTION_DOCS.update({
    "throw_penalty_cards": " | ".join(m.value for m in ThrowPenaltyCards),
    "level_tractors": "on/off: level cards and jokers chain into tractors (off: only small-small-big-big jokers)",
    "throw_follow": " | ".join(m.value for m in ThrowFollow),
    "foreign_unit": " | ".join(m.value for m in ForeignUnit),
    "mixed_throw": " | ".join(m.value for m in MixedThrow),
})
PRESETS["botzone"] = dataclasses.replace(
    _STANDARD, name="botzone", bottom_multiplier=BottomMultiplier.LEAD_SIZE, score_table=ScoreTable.BOTZONE,
    throw_penalty=ThrowPenalty.PER_CARD, throw_penalty_points=10,
    throw_penalty_cards=ThrowPenaltyCards.FAILING_UNITS, throw_forced=ThrowForced.LOWEST_CARD,
    no_declaration=NoDeclaration.DRAWN, bid_dealer=BidDealer.LAST, level_tractors=False,
    throw_follow=ThrowFollow.SUIT, foreign_unit=ForeignUnit.ACCEPTED, mixed_throw=MixedThrow.SAME_LETTER)
PRESET_DOCS["botzone"] = ("Botzone's Tractor (双升) judge, one hand a match scored 0-3 a seat: lead-size bottom "
                          "multiplier, 10 a card of every beaten unit of a failed throw, one card forced, throws "
                          "oblige only the suit, no level-card tractors; accepts what its judge accepts")

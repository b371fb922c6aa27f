"""Where each violation code's rule is written: its section of ``docs/rules.md`` and the rule
in one line of Chinese and one of English, quoted word for word from that section.

The check output, the HTML report's violation boxes and the printed ruling
(``tractor ruling``) cite rules through :func:`rule_ref`; ``tests/test_rule_refs.py`` keeps
every code's section present in ``docs/rules.md`` and both lines identical with it.
"""
from __future__ import annotations

from dataclasses import dataclass

RULES_DOC = "docs/rules.md"
"""The project's rules reference (in the repository, not installed with the package)."""


@dataclass(frozen=True, slots=True)
class RuleRef:
    """One violation code's rule."""

    code: str
    section: str
    """``§5.3``: a section heading of docs/rules.md."""
    title_en: str
    title_zh: str
    en: str
    """The rule in English, as docs/rules.md writes it."""
    zh: str
    """The rule in Chinese, as docs/rules.md writes it."""

    @property
    def cite(self) -> str:
        """``docs/rules.md §5.3``."""
        return f"{RULES_DOC} {self.section}"

    @property
    def line(self) -> str:
        """One line for a violation box: ``docs/rules.md §5.3 · 中文 / English``."""
        return f"{self.cite} · {self.zh} / {self.en}"


def _ref(code: str, section: str, title_en: str, title_zh: str, en: str, zh: str) -> RuleRef:
    return RuleRef(code, section, title_en, title_zh, en, zh)


RULE_REFS: dict[str, RuleRef] = {r.code: r for r in (
    _ref("not_in_hand", "§1.4", "Only cards held", "只能出手中的牌",
         "a player can only play cards they hold at that moment.",
         "只能打出此时手中持有的牌。"),
    _ref("bad_bury", "§1.5", "The bury", "扣底",
         "the dealer buries as many cards as the bottom holds, taken from hand plus bottom.",
         "庄家拿底牌后须扣回同样张数的牌，且只能扣手牌和底牌中的牌。"),
    _ref("deal_mismatch", "§1.6", "Every card accounted for", "发牌与出牌一致",
         "each player plays exactly the cards dealt to them (after the bury).",
         "每位玩家打出的牌须正好是发到手的牌（扣底之后）。"),
    _ref("out_of_turn", "§4.1", "Who leads, and turn order", "出牌顺序",
         "the winner of the previous trick leads, then each player plays once in the order N, E, S, W.",
         "上一轮的赢家首先出牌，然后按北、东、南、西的顺序每人出一次。"),
    _ref("mixed_lead", "§4.2", "One suit group", "首出须同一门",
         "a lead is all of one suit group — one plain suit, or trumps only.",
         "首家出牌必须是同一门花色（主牌算一门）。"),
    _ref("throw_failed", "§4.4", "The throw check", "甩牌检查",
         "a throw that another player could beat with a higher unit of the same shape fails and must be "
         "replaced by the forced play.",
         "甩牌时若其他玩家有同门同牌型更大的牌，甩牌失败，须改出被管住的牌。"),
    _ref("wrong_forced_play", "§4.5", "The forced play", "甩牌失败后的出牌",
         "after a failed throw the leader plays the smallest unit of the largest shape that was beaten.",
         "甩牌失败时，须出被管住的最大牌型中最小的那一组牌。"),
    _ref("follow_suit", "§5.1", "Follow the suit group", "跟同门牌",
         "follow the led suit group while you hold it; fill up with other cards only when it runs out.",
         "有首家所出的那门牌就必须跟出，张数不够时才可以用其他牌补足。"),
    _ref("follow_tractor", "§5.2", "Follow a tractor", "跟拖拉机",
         "when the lead holds a tractor, a follower holding a tractor of that suit group of the same "
         "length must play it.",
         "首家出拖拉机时，有同门同长度的拖拉机必须跟出拖拉机。"),
    _ref("follow_triple", "§5.2", "Follow triples (3 decks)", "跟三同张（三副牌）",
         "when the lead holds triples or a titanic, a follower holding triples of that suit group must "
         "play them.",
         "首家出三同张或泰坦尼克时，有同门的三同张（泰坦尼克）必须跟出。"),
    _ref("follow_pair", "§5.3", "Follow pairs", "跟对",
         "when the lead holds pairs, a follower holding pairs of that suit group must play them (pairs "
         "inside tractors count).",
         "首家出牌中有对子时，有同门的对子必须跟对（拖拉机中的对子也算）。"),
    _ref("wrong_count", "§5.4", "As many cards as the lead", "跟牌张数",
         "every follower plays as many cards as the lead.",
         "跟牌的张数必须与首家出牌的张数相同。"),
    _ref("claim_mismatch", "§7.4", "The recorded score", "记录的得分",
         "the recorded attackers' total must equal the total computed from the plays.",
         "记录的闲家得分须与按出牌计算的得分一致。"),
    _ref("referee_mismatch", "§7.5", "The record's own referee", "原裁判的判定",
         "each verdict the record's own referee wrote must equal the engine's under the chosen rules.",
         "导入记录中原裁判的判定须与按所选规则复算的结果一致。"),
    _ref("dealer_mismatch", "§8.2", "The next dealer", "轮庄",
         "the dealer follows from the previous hand (partner if the defenders held, the next player if "
         "the attackers took the deal); the first hand's dealer is the first to declare.",
         "庄家方守住时由庄家的对家坐庄，闲家上台时由庄家的下家坐庄；第一局由最先亮主者坐庄。"),
    _ref("level_mismatch", "§8.3", "Levels carried through a match", "级别延续",
         "a hand's level is the level the dealer's side carries from the earlier hands.",
         "每局的级牌是庄家一方按前面各局结果所打到的级。"),
    _ref("after_match_end", "§8.4", "Ranks that cannot be skipped, and winning the match", "必打级与获胜",
         "the side that passes the winning rank wins the match, and the match ends there.",
         "先升过胜利级的一方赢得比赛，比赛到此结束。"),
    _ref("bad_declaration", "§9.1", "Declaring and overcalling", "亮主与反主",
         "a declaration shows level cards (or identical jokers) and must overcall the standing one.",
         "亮主须亮出级牌（或成对的王），且必须压过已亮的主。"),
)}
"""Every violation code → its rule (the codes of :data:`~tractor_analysis.engine.verdicts.VIOLATION_CODES`)."""


FRIEND_RULE_REFS: dict[str, RuleRef] = {r.code: r for r in (
    _ref("level_mismatch", "§11", "Friend mode", "找朋友",
         "in friend mode each player keeps a level of their own; a hand's level is the level the dealer carries from "
         "the earlier hands.",
         "找朋友时各家各打各的级，每局的级牌是庄家本人按前面各局结果所打到的级。"),
)}
"""The codes whose rule friend mode (找朋友, docs/rules.md §11) words otherwise: there no side keeps a level."""


ONE_HAND_RULE_REFS: dict[str, RuleRef] = {r.code: r for r in (
    _ref("after_match_end", "§8.1", "The score table", "计分表",
         "under the botzone score table a match is one hand: it ends with its hand 1, and a hand recorded after it "
         "counts for nothing.",
         "botzone 计分一局一场：比赛在第 1 局结束，此后记录的各局不计入比赛。"),
)}
"""The codes whose rule a match that is one hand (``score_table = botzone``, docs/rules.md §8.1) words otherwise:
there no side passes a winning rank, the match ends with its one hand."""


def rule_ref(code: str, friend: bool = False, one_hand: bool = False) -> RuleRef | None:
    """The rule a violation code enforces (``None`` for a code this table does not know); ``friend``: in a hand
    played in friend mode, where :data:`FRIEND_RULE_REFS` words it otherwise; ``one_hand``: under a score table whose
    match is one hand (:data:`ONE_HAND_RULE_REFS`)."""
    return ((FRIEND_RULE_REFS.get(code) if friend else None) or (ONE_HAND_RULE_REFS.get(code) if one_hand else None)
            or RULE_REFS.get(code))

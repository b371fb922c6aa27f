"""Bilingual messages about a hand tag the record gives that the rest of it, or the rules in force, leave
without a use: a ``[SetUp "1"]`` whose deal lines are a whole deal the dealer's plays bear out
(:mod:`.setup_tag`), ``[Points]`` on a full hand, and ``[Friend]`` under rules with fixed partners
(:mod:`.setting`) — docs/rules.md §13.1, §14.1.  Nothing a record gives is dropped unsaid.

Each function returns ``(message_zh, message_en)``, saying the same in both languages.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message
from .explain_unknown import unknown_fact


def _pretty(cards: Sequence[int]) -> str:
    return " ".join(PRETTY[c] for c in cards)



def setup_set_aside(dealer: int, hand_size: int, bottom_given: bool, buried_given: bool,
                    beyond: Sequence[int]) -> Message:
    """``[SetUp "1"]`` (the deal lines are the hands at a position) that the hand's own cards set aside
    (:func:`.setup_tag.full_hand_shown`): every line holds a whole hand (``hand_size``), the lines and the bottom
    are the decks (``bottom_given``: the ``Bottom:`` line; else the cards in no line), and the dealer plays
    ``beyond``, cards its line does not give, that its line and the bottom (less the ``Buried:`` line,
    ``buried_given``) do give.  Read as a position, the dealer would play cards it does not hold (and the bury
    would hold more copies than the decks have); read as the full hand its lines show, nothing is against it.
    The record's slip: no seat's act, nothing to rule."""
    dz, de = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
    bottom_zh, bottom_en = ("连同 Bottom: 一行", "with the Bottom: line") if bottom_given else \
        ("连同不在任何发牌行中的底牌", "with the cards in no line as the bottom")
    bury_zh, bury_en = ("减去 Buried: 一行扣下的牌", "less the cards the Buried: line buries") if buried_given else \
        ("减去所扣的牌", "less a bury")
    aside_zh = "；若按残局，庄家打出的是其手中没有的牌" + ("，所扣底牌连同各家的牌也超过牌数" if buried_given else "")
    aside_en = (", so read as a position the dealer plays cards it does not hold"
                + (" and the bury holds more copies than the decks have" if buried_given else ""))
    return (f"[SetUp \"1\"] 说发牌行是残局时各家手中的牌，但每行都是整手 {hand_size} 张，{bottom_zh}正好是全部牌；"
            f"{dz}打出的 {_pretty(beyond)} 不在其发牌行中，却在其发牌行加底牌{bury_zh}之中{aside_zh}。"
            f"发牌行是发到手的牌（扣底之前）：[SetUp] 是记录的笔误，不予采用，本局按发牌行所示的整局判定"
            "（由发牌行、底牌与庄家的出牌推出）",
            f"[SetUp \"1\"] says the deal lines are the hands at a position, but each holds a whole hand of "
            f"{hand_size} cards and, {bottom_en}, they are every card of the decks; {de} plays {_pretty(beyond)}, "
            f"which its line does not give but its line and the bottom, {bury_en}, do{aside_en}. The lines are the "
            "deal (before the bury): [SetUp] is the record's slip and is not used; the hand is judged as the full "
            "hand its lines show (derived from the deal lines, the bottom and the dealer's plays)")


def setup_full_hand(dealer: int) -> Message:
    """The derived fact of :func:`setup_set_aside`: the hand judged as a full hand, and from what."""
    return (f"整局（非残局）：发牌行为整副发牌，{SEAT_NAMES_ZH[dealer]}（庄家）的出牌正是其发牌行加底牌减去所扣的牌"
            "（[SetUp \"1\"] 不予采用）",
            f"a full hand, not a position: the deal lines are a whole deal and the dealer {SEAT_TOKENS[dealer]}'s "
            "plays are its line and the bottom less its bury ([SetUp \"1\"] not used)")


def points_on_full_hand(points: int) -> Message:
    """``[Points]`` (the attackers' points before a position) on a hand that is no position (no ``[SetUp
    "1"]``): a full hand is played from the deal, so no point was taken before it; the tag is not used."""
    return (f"本局是整局（没有 [SetUp \"1\"]），从发牌打起，此前闲家未得分：0；[Points \"{points}\"] 只用于残局，"
            "不予采用",
            f"0 before the hand: it is a full hand (no [SetUp \"1\"]), played from the deal, so no points were "
            f"taken before it; [Points \"{points}\"] is for positions and is not used")


def friend_without_friend_mode(card: int, ruleset: str, what: Sequence[str]) -> Message:
    """``[Friend]`` (the card a dealer calls in 找朋友) in a hand judged under rules with fixed partners: the
    record says the table called a partner, the rules say the partner sits opposite — the sides, and all that
    rests on them, are withheld (``what``), never taken from either alone."""
    zh, en = unknown_fact(
        f"记录写了 [Friend] 标签（找朋友叫的牌 {PRETTY[card]}），但所用规则（{ruleset}）是固定对家：记录"
        "表明此桌可能打的是找朋友，规则却说对家坐对面，两者矛盾；谁在庄家一方决定得分、结果与级别，两者都不采信。"
        "若此桌打的是找朋友，请按找朋友的规则判定（--rules）；若此标签是笔误，请删去",
        f"the record gives a [Friend] tag ({PRETTY[card]}, the card called in 找朋友, friend mode), but the rules in force "
        f"({ruleset}) have fixed partners: the record says the table may have called a partner, the rules that "
        "partners sit opposite each other. Who is on the dealer's side decides the points, the outcome and the "
        "levels, so neither is taken. If the table played friend mode, judge the record under friend-mode rules "
        "(--rules); if the tag is a slip, remove it", what)
    return zh, en

"""The words of a record that stops before its hand's end and of the result it may still give (docs/rules.md §7.4,
:mod:`.claimed_end`): a ``[Claim]`` the cards prove impossible, the result from the claim or from the cards left,
and what it hands on to the next hand.  (:mod:`.explain_hand` keeps the words of a hand played out.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .explain import Message

if TYPE_CHECKING:                       # (the annotation only: the words take the result's fields)
    from .verdicts import HandResult


def _claim_wrong(claim: int, last: int, why_zh: str, why_en: str) -> Message:
    """A stopped record's ``[Claim]`` the cards prove wrong (:mod:`.claimed_end`), ``why`` in each language."""
    return (f"记录在第 {last} 轮之后、本局打完之前结束，[Claim] 记录闲家得分 {claim}，但{why_zh}：记录有误，不以此为本局结果",
            f"the record stops after trick {last}, before the hand's end, and [Claim] gives the attackers {claim}, but "
            f"{why_en}: the record is wrong, and the claim is not taken as the hand's result")


def claim_below_taken(claim: int, taken: int, last: int) -> Message:
    return _claim_wrong(claim, last, f"已记录的各轮中闲家已得 {taken} 分（本规则没有罚分，之后的牌不会使其减少）",
                        f"the tricks recorded already give them {taken} (these rules charge no penalty in points: "
                        f"nothing later takes points back)")


def claim_not_multiple(claim: int, last: int) -> Message:
    return _claim_wrong(claim, last, "得分总是 5 的倍数（分牌为 5 或 10 分，底分乘以整数倍，本规则没有罚分）",
                        "every total is a multiple of 5 (cards count 5 or 10, the bottom a whole multiple; these rules "
                        "charge no penalty in points)")


def claim_above_reach(claim: int, taken: int, most: int, last: int) -> Message:
    return _claim_wrong(claim, last, f"闲家已得 {taken} 分，此后至多还能得到余下手牌中的分和余牌可能给出的最大倍数的底分，"
                        f"共计最多 {most} 分",
                        f"they have {taken} and could add at most the points still held and the bottom at the largest "
                        f"multiplier the cards left allow: {most} at most")


def claim_not_reachable(claim: int, taken: int, last: int) -> Message:
    return _claim_wrong(claim, last, f"闲家已得 {taken} 分，余下手牌中的分牌与底牌（乘以余牌可能给出的倍数）无论怎样分配，"
                        f"都不能使闲家再得 {claim - taken} 分",
                        f"they have {taken}, and no way of taking the counting cards still held and the bottom (at a "
                        f"multiplier the cards left allow) adds {claim - taken}")


def claim_against_forced(claim: int, total: int, last: int) -> Message:
    return (f"记录在第 {last} 轮之后结束，每家只剩一张牌，最后一轮的出牌是确定的，闲家总得分应为 {total}，"
            f"但 [Claim] 记录 {claim}：记录有误，不以此为本局结果",
            f"the record stops after trick {last} with one card a seat left, so the last trick is forced and gives "
            f"the attackers {total}, but [Claim] gives {claim}: the record is wrong, and the claim is not taken as "
            f"the hand's result")


def outcome_from_claim(claim: int, last: int) -> Message:
    return (f"本局结果由 [Claim] 推出：记录在第 {last} 轮之后、本局打完之前结束（认输或其余各轮未抄录），"
            f"牌桌记录闲家总得分 {claim}（在余下的牌可能给出的范围内；余下各轮未逐一推演，结果以牌桌所记为准），"
            f"据此按计分表定升级与下庄；各轮得分只计已记录的部分",
            f"the hand's result from [Claim]: the record stops after trick {last}, before the hand's end (a "
            f"concession, or the rest not copied), and the table recorded the attackers' total as {claim} (within "
            f"what the cards left can give; the tricks left are not played out here: it rests on the table's word): "
            f"the score table gives the levels and the next dealer from it; the "
            f"trick points count the recorded tricks only")


def carried_from_claim(number: int, claim: int | None) -> Message:
    """The clause of a finding against what hand ``number`` handed on, when that hand's result is its ``[Claim]``."""
    return (f"（带入的级别与庄家来自第 {number} 局的 [Claim] {claim}：该局记录在打完之前结束，也可能是该 [Claim] 记错了）",
            f" (the levels and the dealer carried in come from hand {number}'s [Claim] {claim}: its record stops "
            f"before its end, and the claim may be what is wrong)")


def outcome_every_reading() -> Message:
    return ("本局结果由余下的牌或记录的得分推出：记录在本局打完之前结束，对记录的各种读法各自推出的总分不尽相同，"
            "但计分表给出同一结果",
            "the hand's result from the cards left or the recorded score: the record stops before the hand's end, "
            "and each reading of it gives a total of its own, but the score table gives them all the same result")


def outcome_from_last_trick(total: int, trick: int) -> Message:
    return (f"本局结果由余下的牌推出：记录在最后一轮（第 {trick} 轮）中途结束，未记录出牌的各家都只剩一张牌，必须打出，"
            f"该轮的赢家与得分因而确定，闲家总得分为 {total} 分",
            f"the hand's result from the cards left: the record ends inside the last trick (trick {trick}), and each "
            f"seat it ends before holds one card, which it must play: the trick's winner and points follow, and the "
            f"attackers' total is {total}")


def outcome_from_bounds(lo: int, hi: int, last: int) -> Message:
    if lo == hi:            # one card a seat left: the last trick is forced
        return (f"本局结果由余下的牌推出：记录在第 {last} 轮之后结束，每家只剩一张牌，最后一轮的出牌是确定的，闲家总得分为 {lo} 分",
                f"the hand's result from the cards left: the record stops after trick {last} with one card a seat "
                f"left, so the last trick is forced and gives the attackers {lo}")
    return (f"本局结果由余下的牌推出：记录在第 {last} 轮之后、本局打完之前结束，闲家总得分必在 {lo} 至 {hi} 分之间"
            f"（已得分，加上余下手牌中的分与余牌可能给出的最大倍数的底分），而计分表对这一范围内的每个总分都给出同一结果",
            f"the hand's result from the cards left: the record stops after trick {last}, before the hand's end, and "
            f"the attackers' total must be between {lo} and {hi} (the points they have, and at most the points still "
            f"held and the bottom at the largest multiplier the cards left allow); the score table gives every total "
            f"in that range the same result")


def legal_so_far(result: HandResult) -> Message | None:
    """The legal mark of a hand whose record stops before the hand's end (``result.complete`` false): legal as
    far as it is recorded, and where it stops — after its last trick, inside it before every seat played
    (:attr:`.verdicts.HandResult.unfinished`), or with no trick at all; the plays it leaves out were never judged.
    ``None`` for a hand played out (its mark is a plain ✓).  For a hand with no violation of the play found
    (:attr:`.verdicts.HandResult.legal` true): ``tractor check`` and the report's pages show the same words."""
    if result.complete:
        return None
    if not result.tricks:
        return "至此合规 ✓（记录中没有一墩）", "legal so far ✓ (the record holds no trick)"
    u = result.unfinished
    if u is not None:       # the record ends inside its last trick, before every seat played
        return (f"至第{u.trick}墩为止合规 ✓（记录止于第{u.trick}墩中途）",
                f"legal so far ✓ (the record stops inside trick {u.trick}, before every seat played)")
    last = result.tricks[-1].number
    return f"至第{last}墩为止合规 ✓（记录止于第{last}墩）", f"legal so far ✓ (the record stops after trick {last})"

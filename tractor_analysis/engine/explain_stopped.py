"""The words of a record that stops before its hand's end and of the result it may still give (docs/rules.md §7.4,
:mod:`.claimed_end`): a ``[Claim]`` the cards prove impossible, the result from the claim or from the cards left,
and what it hands on to the next hand.  (:mod:`.explain_hand` keeps the words of a hand played out.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..records.cards import RANK_TOKENS
from .explain import Message
from .explain_final_levels import final_levels_text, stop_words

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
                        f"multiplier the cards left allow: {most} in all at most")


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


def _forced_last_trick(trick: int, size: int, multiplier: int | None) -> tuple[str, str]:
    """Why a record ending inside its last trick ``trick``, led by ``size`` cards, gives the total: every play it
    leaves out is forced; ``multiplier``: the bottom's, the attackers taking it, else ``None``."""
    held_zh = "一张牌" if size == 1 else f" {size} 张牌（正是该轮要出的牌数）"
    held_en = "one card, which it must play" if size == 1 else (
        f"just the {size} cards of its play there, which it must play all")
    mz = f"；闲家赢得该轮，底分按首家出牌的牌型乘以 {multiplier} 倍（docs/rules.md §7.2）" if multiplier else ""
    me = (f"; the attackers take it, and the bottom at ×{multiplier}, the lead's units deciding the multiplier "
          f"(docs/rules.md §7.2)") if multiplier else ""
    # said for what every reading of the record knows: which card a seat holds may not be (a play left out before,
    # filled in more than one way), but whichever it holds, the winner is the same and so is the attackers' take
    return (f"记录在最后一轮（第 {trick} 轮）中途结束，未记录出牌的各家都只剩{held_zh}，必须打出；无论是哪些牌，"
            f"该轮的赢家都相同，闲家从该轮所得也相同{mz}",
            f"the record ends inside the last trick (trick {trick}), and each seat it ends before holds {held_en}: "
            f"whichever cards those are, the trick's winner is the same, and so is what the attackers take from "
            f"it{me}")


def outcome_from_last_trick(total: int, trick: int, size: int = 1, multiplier: int | None = None) -> Message:
    """The result of a record ending inside its last trick ``trick``, led by ``size`` cards, every play it leaves
    out forced (:func:`.claimed_end.forced_end`); ``multiplier``: the bottom's, the attackers taking it (the lead's
    units decide it, docs/rules.md §7.2), else ``None``."""
    zh, en = _forced_last_trick(trick, size, multiplier)
    return (f"本局结果由余下的牌推出：{zh}，闲家总得分为 {total} 分",
            f"the hand's result from the cards left: {en}, and the attackers' total is {total}")


def total_from_last_trick(total: int, trick: int, size: int = 1, multiplier: int | None = None) -> Message:
    """A position's total (its ``[Points]`` and what the tricks give) where its record ends inside its last trick,
    every play it leaves out forced — its total, not a result: the record stops inside the position (docs/rules.md
    §7.4, §8.5).  Its arguments as :func:`outcome_from_last_trick`'s."""
    zh, en = _forced_last_trick(trick, size, multiplier)
    return (f"闲家总得分由余下的牌推出：{zh}，闲家总得分为 {total} 分（残局记录在中途结束，不计升级）",
            f"the attackers' total from the cards left: {en}, and the attackers' total is {total} (the position's "
            f"record stops before it ends: no result from it)")


def outcome_from_bounds(lo: int, hi: int, last: int, *, forced: bool) -> Message:
    """The hand's result from the cards left, the record stopping after trick ``last``: the attackers' total is
    between ``lo`` and ``hi``, every total giving one result — ``forced``: one card a seat left, the last trick
    forced (its total ``lo``); else, ``lo`` equal to ``hi``, the cards left can add no point (none in the cards
    held, none from the bottom: :func:`.claimed_end.gains_allowed`)."""
    if lo == hi and not forced:     # several cards a seat, none of them worth a point, the bottom giving none
        return (f"本局结果由余下的牌推出：记录在第 {last} 轮之后、本局打完之前结束，余下的牌不能再给闲家任何分"
                f"（各家手中的牌都没有分，底牌也不给分），闲家总得分为 {lo} 分",
                f"the hand's result from the cards left: the record stops after trick {last}, before the hand's "
                f"end, and the cards left can give the attackers no more points (no card still held is worth any, "
                f"and the bottom gives none), so their total is {lo}")
    if forced:              # one card a seat left: the last trick is forced
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
        return "至此合规 ✓（记录中没有一轮）", "legal so far ✓ (the record holds no trick)"
    u = result.unfinished
    if u is not None:       # the record ends inside its last trick, before every seat played
        return (f"至第{u.trick}轮为止合规 ✓（记录止于第{u.trick}轮中途）",
                f"legal so far ✓ (the record stops inside trick {u.trick}, before every seat played)")
    last = result.tricks[-1].number
    return f"至第{last}轮为止合规 ✓（记录止于第{last}轮）", f"legal so far ✓ (the record stops after trick {last})"


# --- a match whose record stops inside its last hand, decided by the levels (docs/rules.md §8.5) ----------------

_SIDE_EN, _SIDE_ZH = ("N–S", "E–W"), ("南北", "东西")


def _rank(level: int | None) -> str:
    return "?" if level is None else RANK_TOKENS.get(level, str(level))


def _reading(levels: tuple[int | None, int | None], holder: int | str | None, passed: int | None,
             spans: tuple = (None, None)) -> Message:
    """One reading of the stopped hand: the side passing the winning level, or the levels N–S : E–W it leaves (a level
    known only as a range, ``spans``: that range, docs/rules.md §10.2) and, on levels that are or may be equal, who
    holds the deal."""
    if passed is not None:
        return f"{_SIDE_ZH[passed]}方打过获胜级别", f"{_SIDE_EN[passed]} pass the winning level"
    zh = en = final_levels_text(levels, spans) if any(spans) else f"{_rank(levels[0])} : {_rank(levels[1])}"
    if any(spans) or levels[0] is not None and levels[0] == levels[1]:
        if isinstance(holder, int):
            zh, en = f"{zh}，{_SIDE_ZH[holder]}方坐庄", f"{en}, {_SIDE_EN[holder]} holding the deal"
        elif holder is None:
            zh, en = f"{zh}，不知谁坐庄", f"{en}, who holds the deal not known"
        else:
            zh, en = f"{zh}，无人坐庄（重新抢庄）", f"{en}, nobody holding the deal (it is bid for)"
    return zh, en


def _winner(team: int | None) -> Message:
    return ("无胜方", "no team") if team is None else (f"{_SIDE_ZH[team]}方胜", f"{_SIDE_EN[team]} win")


def winner_every_finish(team: int, number: int, void: tuple, finishes: tuple, spans: tuple = (),
                        forced: int | None = None) -> Message:
    """The match's ``derived`` ``winner``: the record stops inside its last hand ``number``, no result from its
    ``[Claim]``, and the hand void (``void``: its levels N–S, E–W and the holder of the deal) and played out to each
    result the cards left allow (``finishes``: levels, holder, the side passing the winning level or ``None``) all
    give ``team`` the match (docs/rules.md §8.5); ``spans``: per reading (void first) the ranges of levels not known
    (:attr:`.scoring.StopReading.level_spans`), ``()``: none; ``forced``: as :func:`.explain_final_levels.stop_words`'."""
    spans = tuple(spans) or ((None, None),) * (1 + len(finishes))
    vz, ve = _reading(void[0], void[1], None, spans[0])
    fz = "；".join(_reading(*f, sp)[0] for f, sp in zip(finishes, spans[1:]))
    fe = "; ".join(_reading(*f, sp)[1] for f, sp in zip(finishes, spans[1:]))
    (sz, se), (rz, re) = stop_words(number, forced)
    return (f"{_SIDE_ZH[team]}方获胜：{sz}，该局没有 [Claim] 给出的结果；无论该局按中止计（不计结果："
            f"以该局所打的级数，南北 : 东西 {vz}）还是按打完计（{rz}：{fz}），每种结局的胜方都是"
            f"{_SIDE_ZH[team]}方（docs/rules.md §8.5）",
            f"{_SIDE_EN[team]} won the match: whether the stopped hand {number} counts or is played out, every finish "
            f"gives {_SIDE_EN[team]} the match — {se}, no result from a [Claim]; void "
            f"(stopped there: the levels it was played at, N–S : E–W {ve}) and played out to {re} "
            f"({fe}) (docs/rules.md §8.5)")


def winner_not_known(number: int, void: tuple | None, finishes: tuple | None, spans: tuple = (),
                     forced: int | None = None) -> Message:
    """The match's ``"unknown"`` (tag ``Claim``, withholding ``winner``): the record stops inside its last hand
    ``number``, no result from its ``[Claim]``, and whether the hand counts as stopped there or was played out
    changes the winner — ``void`` and ``finishes`` (each reading, as :func:`winner_every_finish`'s, with the team it
    gives, or ``None``), or ``finishes`` ``None``: the results the cards left allow are not known (docs/rules.md
    §8.5); ``forced``: as :func:`.explain_final_levels.stop_words`'."""
    (sz, se), (rz, re) = stop_words(number, forced)
    if forced is None:
        sz, se = f"记录在第 {number} 局（最后一局）中途结束", f"the record stops inside hand {number}, its last"
    head_zh = f"{sz}，该局没有 [Claim] 给出的结果；记录没有说明该局是被中止（不计结果）还是已经打完"
    head_en = (f"{se}, and no [Claim] gives that hand a result; the record does not say whether the hand was stopped "
               f"there (void) or was played out")
    if finishes is None:
        return (f"{head_zh}，而余下的牌可能给出哪些结果无法推出（某家的牌、双方或得分未知，记录停在一轮中途，或本规则下未记录"
                f"各轮中的罚分、降级或多少牌可能决定该局）：只按中止计不足以定胜负，比赛胜负不予判定（docs/rules.md §8.5）",
                f"{head_en}, and the results the cards left allow are not known (a seat's cards, the sides or the "
                f"points not known, the record stopping inside a trick, or rules under which a penalty, a level lost "
                f"or a 多少牌 in the tricks not recorded could decide the hand): the hand void alone decides nothing, "
                f"and who won the match is withheld (docs/rules.md §8.5)")
    spans = tuple(spans) or ((None, None),) * (1 + len(finishes))
    vz, ve = _reading(void[0], void[1], None, spans[0])
    wz, we = _winner(void[2])
    fz = "；".join(f"{_reading(*f[:3], sp)[0]}：{_winner(f[3])[0]}" for f, sp in zip(finishes, spans[1:]))
    fe = "; ".join(f"{_reading(*f[:3], sp)[1]}: {_winner(f[3])[1]}" for f, sp in zip(finishes, spans[1:]))
    if forced is None:
        rz = "余下的牌可能给出的各种结果"
    return (f"{head_zh}，而两种读法的胜方不同——按中止计（南北 : 东西 {vz}）：{wz}；按打完计，{rz}：{fz}"
            f"——比赛胜负不予判定（docs/rules.md §8.5）",
            f"{head_en}, and the readings give different winners — void (N–S : E–W {ve}): {we}; played out, {re}: "
            f"{fe} — so who won the match is withheld (docs/rules.md §8.5)")


def winner_hand_void(team: int, number: int, void: tuple, derived_result: bool,
                     spans: tuple = (None, None)) -> Message:
    """The match's ``derived`` ``winner`` under ``[Rule:stopped_hand "void"]``: the record stops inside its last
    hand ``number``, no result from its ``[Claim]``, and the ruleset says that hand does not count — the levels it
    was played at and, on equal levels, the side that dealt it holding the deal (``void``: levels N–S, E–W and the
    holder) give ``team`` the match; ``derived_result``: the hand has a result derived from the cards left, which
    does not count either (docs/rules.md §8.5); ``spans``: a level not known there, carried in as a range (take-backs
    given as ``?``, docs/rules.md §10.2), shown as that range (:func:`.explain_final_levels.level_range`)."""
    vz, ve = _reading(void[0], void[1], None)
    if any(spans):
        vz = ve = final_levels_text(void[0], spans)
    if void[0][0] is not None and void[0][0] == void[0][1] and isinstance(void[1], int):
        vz, ve = f"{vz}（该局庄家一方）", f"{ve} (the side that dealt it)"
    rz = "；由余下的牌推出的该局结果也不计" if derived_result else ""
    re = "; the result the cards left give it does not count either" if derived_result else ""
    return (f"{_SIDE_ZH[team]}方获胜：第 {number} 局被中止，不计（[Rule:stopped_hand \"void\"]）——记录在该局中途结束，"
            f"该局没有 [Claim] 给出的结果，按本规则该局不计：以该局所打的级数，南北 : 东西 {vz}{rz}（docs/rules.md §8.5）",
            f"{_SIDE_EN[team]} won the match: hand {number} stopped, not counted ([Rule:stopped_hand \"void\"]) — the "
            f"record stops inside hand {number}, no result from a [Claim], and under this rule the hand does not count: "
            f"the levels it was played at, N–S : E–W {ve}{re} (docs/rules.md §8.5)")


def match_line_every_finish(team: str, number: int, how: str, void: bool) -> Message:
    """The match's line (``tractor check``) of a match decided by the levels though its record stops inside its last
    hand ``number``, no result from its ``[Claim]`` (:attr:`~.verdicts.MatchResult.stopped_at`): ``team`` (``NS`` /
    ``EW``) won by ``how`` (``higher level`` / ``holding the deal``, :func:`.scoring.decide`) under every reading of
    that hand — void and played out to each result the cards left allow — or, ``void``, by the levels it was played
    at, the ruleset saying it does not count (docs/rules.md §8.5).  (en, zh), as
    :func:`.explain_hand.match_decision_text`."""
    deal = how == "holding the deal"
    if void:
        hz = "级数相同，该局庄家一方坐庄" if deal else "级数高"
        he = "equal levels, the side that dealt it holding the deal" if deal else "higher level"
        return (f"{team} won the match: {he} at the levels hand {number} was played at — the record stops inside it, "
                f"and under [Rule:stopped_hand \"void\"] it does not count (see the match's derived winner, "
                f"docs/rules.md §8.5)",
                f"{team} 方获胜：以第 {number} 局所打的级数，{hz}——记录在该局中途结束，按 [Rule:stopped_hand \"void\"] "
                f"该局不计（见比赛的“推出”，docs/rules.md §8.5）")
    hz = "级数相同时坐庄" if deal else "级数高"
    he = "equal levels, holding the deal" if deal else "higher level"
    return (f"{team} won the match: {he} under every reading of hand {number}, which the record stops inside — void "
            f"(stopped there) or played out to each result the cards left allow (see the match's derived winner, "
            f"docs/rules.md §8.5)",
            f"{team} 方获胜：记录在第 {number} 局中途结束，无论该局按中止计还是按打完计（余下的牌可能给出的每种结果），"
            f"都是{hz}（见比赛的“推出”，docs/rules.md §8.5）")


# --- a forfeit reached at the end of the hand the record ends inside the last trick of (docs/rules.md §8.5, §10.1) --

def _played_out_forfeit(forfeit: Message) -> Message:
    """The played-out reading of such a hand: ``forfeit`` (zh, en: :func:`.explain_readings.forfeit_words`' words,
    who forfeits and why) at its end."""
    return (f"按打完计（未记录的出牌是确定的；该局结束时{forfeit[0]}）",
            f"played out (the plays left out forced), at its end {forfeit[1]}")


def forfeit_at_stop_withheld(number: int, forfeit: Message) -> Message:
    """The match's ``"unknown"`` (tag ``Claim``, withholding ``forfeit``): the record ends inside the last trick of
    its last hand ``number``, no result from its ``[Claim]``, under ``stopped_hand = open``, and a side reaches the
    forfeit count at that hand's end (``forfeit``, zh and en) — played out it forfeits, void that hand's wrong follows
    and take-backs do not count (docs/rules.md §8.5, §10.1)."""
    pz, pe = _played_out_forfeit(forfeit)
    return (f"记录在第 {number} 局（最后一局）的最后一轮中途结束，该局没有 [Claim] 给出的结果，记录也没有说明该局是被中止"
            f"还是已经打完：{pz}；按中止计（不计该局），该局的跟牌错误与悔牌都不计，无人判负——是否有一方判负不予判定"
            f"（docs/rules.md §8.5、§10.1）",
            f"the record ends inside the last trick of hand {number}, its last, no [Claim] gives that hand a result, "
            f"and the record does not say whether the hand was stopped there (void) or played out: {pe}; void, that "
            f"hand's wrong follows and take-backs do not count, and nobody forfeits — so whether a side forfeited is "
            f"withheld (docs/rules.md §8.5, §10.1)")


def winner_forfeit_or_void(team: int | None, number: int, void: tuple, forfeit: Message,
                           spans: tuple = (None, None)) -> Message:
    """The match's ``derived`` ``winner`` (``team``), or its ``"unknown"`` (tag ``Claim``, withholding ``winner``;
    ``team`` ``None``): the record ends inside the last trick of its last hand ``number``, no result from its
    ``[Claim]``, a side reaching the forfeit count at its end (``forfeit``, zh and en) — played out that side forfeits,
    void the levels the hand was played at decide (``void``: its levels N–S, E–W, the holder of the deal and the team
    they give, ``None`` for none; ``spans``: a level carried in as a range) — both readings giving ``team`` the
    match, or different winners (docs/rules.md §8.5, §10.1)."""
    vz, ve = _reading(void[0], void[1], None, spans)
    wz, we = _winner(void[2])
    pz, pe = _played_out_forfeit(forfeit)
    if team is not None:
        return (f"{_SIDE_ZH[team]}方获胜：记录在第 {number} 局（最后一局）的最后一轮中途结束，该局没有 [Claim] 给出的结果；"
                f"无论该局按中止计（不计该局：以该局所打的级数，南北 : 东西 {vz}：{wz}）还是{pz}，胜方都是"
                f"{_SIDE_ZH[team]}方（docs/rules.md §8.5、§10.1）",
                f"{_SIDE_EN[team]} won the match: whether the stopped hand {number} counts or is played out, both "
                f"give {_SIDE_EN[team]} the match — the record ends inside its last trick, no result from a [Claim]; "
                f"void (stopped there: the levels it was played at, N–S : E–W {ve}): {we}; {pe} (docs/rules.md §8.5, "
                f"§10.1)")
    return (f"记录在第 {number} 局（最后一局）的最后一轮中途结束，该局没有 [Claim] 给出的结果，记录没有说明该局是被中止"
            f"还是已经打完，而两种读法的胜方不同——按中止计（南北 : 东西 {vz}）：{wz}；{pz}——比赛胜负不予判定"
            f"（docs/rules.md §8.5、§10.1）",
            f"the record ends inside the last trick of hand {number}, its last, no [Claim] gives that hand a result, "
            f"and the record does not say whether the hand was stopped there (void) or played out, and the readings "
            f"give different winners — void (N–S : E–W {ve}): {we}; {pe} — so who won the match is withheld "
            f"(docs/rules.md §8.5, §10.1)")


def forfeit_reached(teams: tuple[int, ...], limit: int | None) -> Message:
    """The sides ``teams`` reaching the forfeit count (``limit``: the ruleset's ``revoke_forfeit``) at a hand's end:
    one side forfeits the match, both: no team wins (docs/rules.md §10.1)."""
    nz = f"（一场累计 {limit} 次跟牌错误或 {limit} 次悔牌）" if limit else ""
    ne = f" ({limit} wrong follows, or {limit} take-backs, in a match)" if limit else ""
    if len(teams) == 2:
        return f"双方均达到判负次数{nz}，均判负，无胜方", f"both sides reach the forfeit count{ne}: both forfeit, no team wins"
    t = teams[0]
    return f"{_SIDE_ZH[t]}方达到判负次数{nz}，判负", f"{_SIDE_EN[t]} reach the forfeit count{ne} and forfeit the match"

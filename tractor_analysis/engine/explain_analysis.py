"""Bilingual (中文 / English) words of the endgame analysis (``tractor analyse``, ``ingest --analyse``): why a hand
is not analysed (a play not known, the bottom or a winner not known, cards beyond the decks), a play derived,
why a play's value before is withheld, and which cards a play judged from its seat took as unseen.  Each function
returns ``(message_zh, message_en)``.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
from ..records.diagnostics import decks_en


def _pretty(cards: Sequence[int]) -> str:
    return " ".join(PRETTY[k] for k in cards)


def analysis_inconsistent() -> tuple[str, str]:
    """``(zh, en)``: plays the positions cannot be rebuilt from (a play the record leaves out is
    :func:`analysis_play_not_known`, never this)."""
    return ("记录中有出牌不按次序、所出的牌不在手中或张数不对：无法还原局面",
            "plays out of turn, not held or of a wrong number of cards: the positions cannot be rebuilt")


def analysis_play_not_known(gaps: Sequence[tuple[int, Sequence[int]]]) -> tuple[str, str]:
    """``(zh, en)``: plays the record leaves out (``gaps``: each trick's number and the seats left
    out of it) and the engine could not derive (more than one way to play them fits the record, or
    the ways were not judged): the positions from the first such trick on are not known."""
    zh = "；".join(f"第 {t} 轮缺少{'、'.join(SEAT_NAMES_ZH[s] for s in seats)}的出牌，记录无法推出是哪一手"
                  for t, seats in gaps)
    whose = [" and ".join(f"{SEAT_TOKENS[s]}'s" for s in seats) for _, seats in gaps]
    en = "; ".join(f"a play left out in trick {t}: {w} play is not known" for (t, _), w in zip(gaps, whose))
    first = gaps[0][0]
    return (f"{zh}：自第 {first} 轮起的局面无法还原（缺出牌不按未出牌判定）",
            f"{en}: the positions from trick {first} on cannot be rebuilt (a play left out is not judged "
            "as not playing)")


def analysis_play_derived(trick: int, seat: int, cards: Sequence[int]) -> tuple[str, str]:
    """``(zh, en)``: a play the record leaves out, derived by the engine (one way to play it fits the
    record's later plays and the deal: :mod:`.record_gaps`), which the analysis uses."""
    return (f"第 {trick} 轮{SEAT_NAMES_ZH[seat]}的出牌由记录推出：{_pretty(cards)}",
            f"{SEAT_TOKENS[seat]}'s play in trick {trick} derived: {_pretty(cards)}")


def analysis_withheld() -> tuple[str, str]:
    """``(zh, en)``: the sides, the level or the attackers' points are not known and no
    :class:`~.verdicts.Unknown` says why (:func:`analysis_unknown` names the tag when one does).
    The caller prints "not analysed 未分析" before it: not repeated here."""
    return "庄闲两方、级牌或闲家得分未知", "the sides, the level or the attackers' points are not known"


def analysis_unknown(messages: Sequence[tuple[str, str]]) -> tuple[str, str]:
    """``(zh, en)``: the facts the record does not state that the analysis needs, from each
    :class:`~.verdicts.Unknown`'s own ``(message_zh, message_en)`` (the missing tag and what was
    withheld), in order."""
    return "。".join(zh for zh, _ in messages), ". ".join(en for _, en in messages)


def analysis_play_outside(legal: bool | None, bounded: bool, mixed: bool = False) -> tuple[str, str]:
    """``(zh, en)``: the play made is not among the plays the endgame search generates for its position, so
    the search's value before it is not the best over every play: its value before, its cost and the best
    plays are withheld.  ``bounded``: a throw beyond the bounded set of throws searched there; ``legal``
    ``None``: the replay could not judge the hand's plays (it may break a rule); else an internal error
    (a play judged legal that the search does not generate: a defect to report).  ``mixed``: a lead of a plain
    suit with level cards of its printed suit, which ``mixed_throw = same_letter`` (Botzone's judge) lets stand
    and the search does not make."""
    what_zh = "因此不给出其出牌前的数值、代价与最佳出牌"
    what_en = "so its value before, its cost and the best plays are withheld"
    if mixed and legal:
        return (f"所出的牌是副牌与同一花色字母的级牌混出的首攻，规则选项 mixed_throw = same_letter（Botzone 裁判程序，"
                f"docs/rules.md §4.2）允许，但搜索不生成这种出牌：{what_zh}",
                f"the play made is a lead of a plain suit with level cards of the same printed suit, which the rules' "
                f"option mixed_throw = same_letter lets stand (Botzone's judge, docs/rules.md §4.2) and the search "
                f"does not make: {what_en}")
    if bounded:
        return (f"所出的牌是一手甩牌，不在此处搜索的有限甩牌组之内：{what_zh}",
                f"the play made is a throw outside the bounded set of throws searched here: {what_en}")
    if legal is None:
        return (f"所出的牌不在此处规则允许的出牌之中（本局出牌未能判定是否合法）：{what_zh}",
                f"the play made is not among the plays the rules allow here (the hand's plays could not be judged "
                f"legal): {what_en}")
    return (f"内部错误：所出的牌已判定合法，却不在搜索为此局面生成的出牌之中：{what_zh}（请报告此问题）",
            f"internal error: the play made, judged legal, is not among the plays the search generates for this "
            f"position: {what_en} (please report this)")


def analysis_beyond_decks(kinds: Sequence[int], counts: Sequence[int], decks: int) -> tuple[str, str]:
    """``(zh, en)``: the hands the analysis would rebuild hold more copies of ``kinds`` (``counts`` per kind)
    than the decks of the rules used have: the positions cannot be real, and nothing is valued in them."""
    listed_zh = "、".join(f"{counts[k]} 张 {PRETTY[k]}" for k in kinds)
    listed_en = ", ".join(f"{counts[k]} copies of {PRETTY[k]}" for k in kinds)
    return (f"各家的牌中有 {listed_zh}，而所用规则的 {decks} 副牌每种只有 {decks} 张：这样的局面不可能存在，不予分析",
            f"the seats' hands hold {listed_en}, but the {decks_en(decks)} of the rules used {'holds' if decks == 1 else 'hold'} only {decks} of each: "
            "such positions cannot exist, and none is valued")


def analysis_bottom_unknown() -> tuple[str, str]:
    """``(zh, en)``: the record gives no bottom it can use (no ``Buried:``, or one that is a
    ``bad_bury``; none derived), so its points are unknown, and any line in which the attackers may
    take the last trick counts them."""
    return ("记录未给出可用的底牌（没有 Buried:，或 Buried: 一行有误），底分未知：凡闲家可能赢得最后一轮的变化，"
            "其值都取决于底分，不按 0 分计",
            "the record does not give a bottom that can be used (no Buried:, or a Buried: line that is wrong), so "
            "its points are unknown: every line in which the attackers may take the last trick depends on them, "
            "and they are not taken as 0")


def analysis_winner_unknown(trick: int) -> tuple[str, str]:
    """``(zh, en)``: a trick whose winner is not known: which side its points went to is not known."""
    return (f"第 {trick} 轮的赢家未知，该轮的分归哪一方也未知",
            f"trick {trick}'s winner is not known, so neither is which side its points went to")


def view_declarations_unused() -> tuple[str, str]:
    """``(zh, en)``: a position's ``[Declarations]`` the view does not use (docs/rules.md §15 item 5): the declared
    cards may have been played in the tricks before the position, which the record does not give."""
    return ("残局未使用 [Declarations]：所亮的牌可能已在残局之前的各轮中打出，而记录没有这些轮，"
            "因此座位视角的牌局不要求亮牌者仍持有它们",
            "[Declarations] not used in a position: the declared cards may have been played in the tricks before "
            "it, which the record does not give, so the view's deals do not require the declarer to hold them")


def view_burier_unknown(seats: Sequence[int]) -> tuple[str, str]:
    """``(zh, en)``: why a play is not judged from its seat (``analyse --view``, docs/rules.md §15 item 3): the
    bottom's cards are known, but not which seat buried them — the record does not fix the dealer's seat — and
    this seat is one of ``seats``, those that may have (the dealer's side's, and any rebidder after the bottom):
    whether it saw the bottom is not known."""
    names_zh = "、".join(SEAT_NAMES_ZH[s] for s in seats)
    names_en = " or ".join(SEAT_TOKENS[s] for s in seats) if len(seats) < 3 else \
        ", ".join(SEAT_TOKENS[s] for s in seats[:-1]) + " or " + SEAT_TOKENS[seats[-1]]
    return (f"不知是哪一家扣的底（记录定不了庄家是哪一家）：扣底者是{names_zh}之一，且知道底牌；本座位是否知道底牌也就未知，"
            "不按其座位评判",
            f"which seat buried the bottom is not known (the record does not fix the dealer's seat): it was {names_en}, "
            "and the seat that buried it knew its cards; whether this seat did is not known, so the play is not "
            "judged from it")


def view_unseen(dealt: int, own: bool, points: int | None, dealer: int | None,
                last_taker: int | None = None, earlier: int = 0, later: Sequence[int] = ()) -> tuple[str, str]:
    """``(zh, en)``: the cards a play judged from its seat (``analyse --view``) was judged unseen, as its deals
    had them (docs/rules.md §15 item 3): the other hands, and the bottom's ``dealt`` cards (0: not among them) —
    known to the seat when it buried the bottom as it lies (``own``: the ``dealer``, or after 炒地皮 the
    ``last_taker``, the rebidder that buried last when it is not the dealer), else not in the record (no
    ``Buried:`` line, none derived: its ``points`` counted in every deal), else a bottom of no card.
    ``earlier``: 炒地皮, the cards this seat buried before the last bury, kept in every deal with the seats
    that took the bottom after it (``later``; the seat's own name when it took it again) or in the bottom."""
    if dealt:
        zh = f"未见：其余三家的手牌与底牌 {dealt} 张"
        en = f"unseen: the other hands and the bottom's {dealt} card{'' if dealt == 1 else 's'}"
    elif own and last_taker is None:
        zh, en = "未见：其余三家的手牌；底牌已知：是本座位（庄家）扣的", \
            "unseen: the other hands; the bottom known: this seat, the dealer, buried it"
    elif own:
        zh, en = "未见：其余三家的手牌；底牌已知：是本座位炒地皮后最后扣的", \
            "unseen: the other hands; the bottom known: this seat took it after the dealer (炒地皮) and buried it last"
    elif points is not None:
        zh, en = (f"未见：其余三家的手牌；底牌不在其中（记录没有 Buried: 一行，也推不出）：每种牌局都按由记录推出的底分 "
                  f"{points} 分计",
                  f"unseen: the other hands; the bottom's cards not among them (the record gives no Buried: line, "
                  f"nor can they be derived): its {points} points, derived from the record, counted in every deal")
    else:
        zh, en = "未见：其余三家的手牌；底牌无牌", "unseen: the other hands; the bottom holds no card"
    if last_taker is not None and not own:
        zh += f"（炒地皮：最后扣底的是{SEAT_NAMES_ZH[last_taker]}）"
        en += f" (炒地皮: {SEAT_TOKENS[last_taker]} buried it last)"
    if earlier:
        zh += (f"；本座位先前扣下的 {earlier} 张，每种牌局都在{'、'.join(SEAT_NAMES_ZH[s] for s in later)}"
               f"手中（或已由其打出）或底牌中")
        en += (f"; the {earlier} card{'' if earlier == 1 else 's'} this seat buried before, in every deal with "
               f"{', '.join(SEAT_TOKENS[s] for s in later)} (held or played since) or in the bottom")
    return zh, en


def analysis_failed_throw(points: int, cards: int | None, per_card: int | None,
                          attackers_gain: bool | None = None) -> tuple[str, str]:
    """``(zh, en)``: why a failed throw's line carries the penalty the replay counted for it (the play is valued
    as the forced play plus that penalty, docs/rules.md §4.6): ``points`` the penalty (unsigned), ``cards`` the
    cards charged and ``per_card`` the points a card (``throw_penalty = per_card``); ``per_card`` ``None``: the
    rules charge no penalty (``throw_penalty = none``), the forced play alone is valued.  ``attackers_gain``: the
    penalty goes to the attackers' total (a defender threw) or off it (an attacker threw), said; ``None``: not said."""
    if per_card is None:
        return ("甩牌失败：此规则不罚分（throw_penalty = none，docs/rules.md §4.6），按被迫出的牌计值",
                "failed throw: no penalty under these rules (throw_penalty = none, docs/rules.md §4.6): valued as "
                "the forced play")
    plural = "" if cards == 1 else "s"
    side_zh = "" if attackers_gain is None else ("，计入闲家得分" if attackers_gain else "，从闲家得分中扣除")
    side_en = "" if attackers_gain is None else ("; the attackers gain it" if attackers_gain
                                                 else "; taken off the attackers' total")
    return (f"甩牌失败：罚 {points} 分（{cards} 张 × {per_card}，docs/rules.md §4.6）{side_zh}",
            f"failed throw: {points} points' penalty ({cards} card{plural} × {per_card}, docs/rules.md §4.6){side_en}")


def analysis_last_trick_bottom(bottom: int, multiplier: int, attackers: bool, lead: Sequence[int]) -> tuple[str, str]:
    """``(zh, en)``: what the hand's last trick, led with ``lead``, does with the bottom's ``bottom`` points
    (docs/rules.md §7.2): the attackers take it (``attackers``) at the ``multiplier`` the lead fixes, or the
    defenders win the trick and the bottom does not count for the attackers."""
    if attackers:
        return (f"末轮抠底：{bottom} × {multiplier} = {bottom * multiplier}（首家出 {_pretty(lead)}，按其牌型计倍数，"
                f"docs/rules.md §7.2）",
                f"the last trick takes the bottom: {bottom} × {multiplier} = {bottom * multiplier} with "
                f"{_pretty(lead)} led (the lead fixes the multiplier, docs/rules.md §7.2)")
    return (f"末轮由庄家方赢得：底牌 {bottom} 分不计入闲家得分（docs/rules.md §7.2）",
            f"the defenders take the last trick: the bottom's {bottom} points do not count for the attackers "
            f"(docs/rules.md §7.2)")

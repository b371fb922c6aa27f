"""The words of a side's levels (friend mode, 找朋友 §11: a player's) where the table left the rules' course
(docs/rules.md §13.1, "a difference carried"): why a hand's ``level_mismatch`` is there, where the record shows it
(a level penalty of the hands before not applied, on the rules' course or on the table's), a later ``[Level]`` that
departs from the table's course too, and the ``derived`` note of a later ``[Level]`` that keeps to it
(:mod:`.table_course`).  Each function returns ``(message_zh, message_en)``, saying the same in both languages."""
from __future__ import annotations

from typing import Sequence

from ..records.cards import RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message
from .explain_unknown import SIDE_EN, SIDE_ZH


def _rank(level: int) -> str:
    return RANK_TOKENS.get(level, str(level))


def _who(holder: int, friend: bool) -> tuple[str, str]:
    """Whose level: ``(English, 中文)`` — a side (``N–S``, ``南北方``), in friend mode a player (``W``, ``西家``)."""
    return (SEAT_TOKENS[holder], SEAT_NAMES_ZH[holder]) if friend else (SIDE_EN[holder], f"{SIDE_ZH[holder]}方")


def _side(seats: Sequence[int], friend: bool) -> tuple[str, str]:
    """A side a penalty fell on: a fixed partnership (``N–S``, ``南北``), in friend mode the hand's players
    (``E+W``, ``东家、西家``)."""
    if friend:
        return "+".join(SEAT_TOKENS[s] for s in seats), "、".join(SEAT_NAMES_ZH[s] for s in seats)
    return SIDE_EN[seats[0] & 1], SIDE_ZH[seats[0] & 1]


def penalties_not_applied(holder: int, friend: bool, skipped: Sequence[tuple[int, Sequence[int], int, int]],
                          level: int, on_table_course: bool = False) -> Message:
    """The clause of a ``level_mismatch`` whose ``[Level]`` (``level``) is the level ``holder`` (a side; friend mode
    a player) carries with the level penalties of the hands before left out: ``skipped``, each ``(hand, the side's
    seats, revoke levels, take-back levels)`` — on the rules' course, or (``on_table_course``) on the table's course
    the ``[Level]`` left as well: a second penalty the table did not apply."""
    zh: list[str] = []
    en: list[str] = []
    for hand, seats, revoke, takeback in skipped:
        side_en, side_zh = _side(seats, friend)
        kinds_zh = ([f"跟牌错误罚级（{side_zh} −{revoke}）"] if revoke else []) + (
            [f"悔牌罚级（{side_zh} −{takeback}）"] if takeback else [])
        kinds_en = ([f"revoke penalty ({side_en} −{revoke})"] if revoke else []) + (
            [f"take-back penalty ({side_en} −{takeback})"] if takeback else [])
        zh.append(f"第 {hand} 局的" + "与".join(kinds_zh))
        en.append(f"hand {hand}'s " + " and ".join(kinds_en))
    lv = _rank(level)
    who_en, who_zh = _who(holder, friend)
    one = len(en) == 1
    if on_table_course:
        return (f"；牌桌在其进程上{'、'.join(zh)}也未执行：不计此罚级，按牌桌的进程{who_zh}应打 {lv}，正是 [Level] 所记",
                f"; on it, {' and '.join(en)} {'was' if one else 'were'} not applied either: without "
                f"{'it' if one else 'them'} the table's course gives {who_en} {lv}, the level [Level] gives")
    return (f"；{'、'.join(zh)}未执行：不计此罚级，{who_zh}应打 {lv}，正是 [Level] 所记",
            f"; {' and '.join(en)} {'was' if one else 'were'} not applied: without "
            f"{'it' if one else 'them'} {who_en} would carry {lv}, the level [Level] gives")


def off_table_course(holder: int, friend: bool, level: int, since: int) -> Message:
    """The clause of a ``level_mismatch`` whose ``[Level]`` departs from the table's course as well: ``holder`` (a
    side; friend mode a player) at ``level`` on it since hand ``since``'s ``[Level]``."""
    lv = _rank(level)
    who_en, who_zh = _who(holder, friend)
    return (f"；也不是按牌桌的进程（第 {since} 局的 [Level] 及其后各局结果）{who_zh}应打的 {lv}",
            f"; nor is it {lv}, the level the table's course (hand {since}'s [Level] and the results since) gives "
            f"{who_en}")


def difference_carried(holder: int, friend: bool, level: int, carried: int, since: int, began: int) -> Message:
    """The ``derived`` note of a ``[Level]`` (``level``) that keeps to the table's course: ``holder``'s level (a
    side's; friend mode a player's) left the rules' course at hand ``since`` (its ``[Level]`` ``began``, a
    ``level_mismatch`` there), and the rules' course carries ``carried`` into this hand."""
    lv, rv, bv = _rank(level), _rank(carried), _rank(began)
    who_en, who_zh = _who(holder, friend)
    return (f"[Level] 记为 {lv}，沿着牌桌的进程：{who_zh}的级别自第 {since} 局起偏离规则进程（该局 [Level] 记为 "
            f"{bv}，已报 level_mismatch），第 {since} 局的 [Level] 及其后各局结果给{who_zh} {lv}，规则进程为 "
            f"{rv}；不另作发现。本工具所记各局的级别与比赛的终局级别仍按规则进程",
            f"[Level] {lv} keeps to the table's course, on which {who_en}'s level has been since it left the "
            f"rules' course at hand {since} ([Level] {bv} there, its level_mismatch): hand {since}'s [Level] and the "
            f"results since give {who_en} {lv}, the rules' course {rv}; no new finding. The levels this tool "
            f"carries, each hand's and the match's final levels, stay the rules' course")

"""The words of a side's levels where the table left the rules' course (docs/rules.md §13.1, "a difference
carried"): why a hand's ``level_mismatch`` is there, where the record shows it (a level penalty of the hands before
not applied), a later ``[Level]`` that departs from the table's course too, and the ``derived`` note of a later
``[Level]`` that keeps to it (:mod:`.table_course`).  Each function returns ``(message_zh, message_en)``, saying the
same in both languages."""
from __future__ import annotations

from typing import Sequence

from ..records.cards import RANK_TOKENS
from .explain import Message
from .explain_unknown import SIDE_EN, SIDE_ZH


def _rank(level: int) -> str:
    return RANK_TOKENS.get(level, str(level))


def penalties_not_applied(team: int, skipped: Sequence[tuple[int, int, int]], level: int) -> Message:
    """The clause of a ``level_mismatch`` whose ``[Level]`` (``level``) is the level side ``team`` carries with the
    level penalties of the hands before left out: ``skipped``, each ``(hand, revoke levels, take-back levels)``."""
    zh: list[str] = []
    en: list[str] = []
    for hand, revoke, takeback in skipped:
        kinds_zh = ([f"跟牌错误罚级（{SIDE_ZH[team]} −{revoke}）"] if revoke else []) + (
            [f"悔牌罚级（{SIDE_ZH[team]} −{takeback}）"] if takeback else [])
        kinds_en = ([f"revoke penalty ({SIDE_EN[team]} −{revoke})"] if revoke else []) + (
            [f"take-back penalty ({SIDE_EN[team]} −{takeback})"] if takeback else [])
        zh.append(f"第 {hand} 局的" + "与".join(kinds_zh))
        en.append(f"hand {hand}'s " + " and ".join(kinds_en))
    lv = _rank(level)
    return (f"；{'、'.join(zh)}未执行：不计此罚级，{SIDE_ZH[team]}方应打 {lv}，正是 [Level] 所记",
            f"; {' and '.join(en)} {'was' if len(en) == 1 else 'were'} not applied: without "
            f"{'it' if len(en) == 1 else 'them'} {SIDE_EN[team]} would carry {lv}, the level [Level] gives")


def off_table_course(team: int, level: int, since: int) -> Message:
    """The clause of a ``level_mismatch`` whose ``[Level]`` departs from the table's course as well: side ``team`` at
    ``level`` on it since hand ``since``'s ``[Level]``."""
    lv = _rank(level)
    return (f"；也不是按牌桌的进程（第 {since} 局的 [Level] 及其后各局结果）{SIDE_ZH[team]}方应打的 {lv}",
            f"; nor is it {lv}, the level the table's course (hand {since}'s [Level] and the results since) gives "
            f"{SIDE_EN[team]}")


def difference_carried(team: int, level: int, carried: int, since: int, began: int) -> Message:
    """The ``derived`` note of a ``[Level]`` (``level``) that keeps to the table's course: side ``team``'s level left
    the rules' course at hand ``since`` (its ``[Level]`` ``began``, a ``level_mismatch`` there), and the rules'
    course carries ``carried`` into this hand."""
    lv, rv, bv = _rank(level), _rank(carried), _rank(began)
    return (f"[Level] 记为 {lv}，沿着牌桌的进程：{SIDE_ZH[team]}方的级别自第 {since} 局起偏离规则进程（该局 [Level] 记为 "
            f"{bv}，已报 level_mismatch），第 {since} 局的 [Level] 及其后各局结果给{SIDE_ZH[team]}方 {lv}，规则进程为 "
            f"{rv}；不另作发现。本工具所记各局的级别与比赛的终局级别仍按规则进程",
            f"[Level] {lv} keeps to the table's course, on which {SIDE_EN[team]}'s level has been since it left the "
            f"rules' course at hand {since} ([Level] {bv} there, its level_mismatch): hand {since}'s [Level] and the "
            f"results since give {SIDE_EN[team]} {lv}, the rules' course {rv}; no new finding. The levels this tool "
            f"carries, each hand's and the match's final levels, stay the rules' course")

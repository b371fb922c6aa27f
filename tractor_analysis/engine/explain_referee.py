"""The words of a record's own referee compared with the engine's (``referee_mismatch``, docs/rules.md §7.5):
values named by side and by seat, the engine's penalties, and a throw the two judge differently — every
message text of :mod:`.referee` (engine modules other than the ``explain*`` ones write no message)."""
from __future__ import annotations

from typing import Sequence

from ..records.cards import SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import cards_text

SIDE_EN, SIDE_ZH = ("N–S", "E–W"), ("南北", "东西")
MATCH_OVER = (" (match over)", "（比赛结束）")


def by_side(values, more: tuple[str, str] = ("", "")) -> tuple[str, str]:
    """Two values, N–S's and E–W's, with the sides named: ``N–S 2, E–W 3`` / ``南北 2，东西 3`` (``more``
    after them, ``(en, zh)``)."""
    return (", ".join(f"{SIDE_EN[t]} {v}" for t, v in enumerate(values)) + more[0],
            "，".join(f"{SIDE_ZH[t]} {v}" for t, v in enumerate(values)) + more[1])


def by_seat(values) -> tuple[str, str]:
    """Four values, N E S W's, with the seats named: ``N 1, E -3, S 1, W 0`` / ``北家 1，东家 -3 …``."""
    return (", ".join(f"{SEAT_TOKENS[s]} {v}" for s, v in enumerate(values)),
            "，".join(f"{SEAT_NAMES_ZH[s]} {v}" for s, v in enumerate(values)))


def penalties(points: int, attackers: int | None) -> tuple[str, str]:
    """The engine's penalties (what they add to the attackers' total), the attackers' side (``attackers``: its
    team, ``None`` when not known) named."""
    if not points:
        return "no penalty", "无罚分"
    side_en, side_zh = ("", "") if attackers is None else (f" ({SIDE_EN[attackers]})", f"（{SIDE_ZH[attackers]}）")
    return f"{points:+d} to the attackers'{side_en} total", f"闲家{side_zh}总分 {points:+d}"


def throw_judged(seat: int, shown: Sequence[int], judge_failed: bool, forced: Sequence[int], points: int
                 ) -> tuple[tuple[str, str], tuple[str, str]]:
    """``(theirs, ours)``: a throw of ``seat`` (``shown``) the record's referee and the engine judge differently —
    ``judge_failed``: the referee forced ``forced`` and charged ``points``, the engine finds it standing; else the
    referee let it stand, the engine forces ``forced`` (empty: not named) and charges ``points``."""
    name_en, name_zh, cards = SEAT_TOKENS[seat], SEAT_NAMES_ZH[seat], cards_text(shown)
    failed = (f"{name_en}'s throw {cards} fails, ", f"{name_zh}甩牌 {cards} 不成立，")
    if judge_failed:
        theirs = (failed[0] + f"forced to {cards_text(forced)}: {points:+d} to the attackers' total",
                  failed[1] + f"被迫改出 {cards_text(forced)}：闲家总分 {points:+d}")
        stood = (f"{name_en}'s throw {cards} stands (no one could beat any of its units): no penalty",
                 f"{name_zh}甩牌 {cards} 成立（无人能管上其中任何一手）：不罚分")
        return theirs, stood
    ours = (failed[0] + (f"forced to {cards_text(forced)}: " if forced else "") + f"{points:+d} to the attackers' total",
            failed[1] + (f"应改出 {cards_text(forced)}：" if forced else "") + f"闲家总分 {points:+d}")
    return (f"{name_en}'s throw {cards} stands: no penalty", f"{name_zh}甩牌 {cards} 成立：不罚分"), ours

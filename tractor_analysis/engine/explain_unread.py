"""The words of a trick the record gives no play of (a trick line without a play, every play of it
dropped, or a trick number the record skips where a trick may be left out) before a trick that has one:
docs/rules.md §14.1, docs/format.md "Trick lines" (:func:`.unread_tricks.unread_from`)."""
from __future__ import annotations

from typing import Sequence

from .explain import Message
from .explain_unknown import seat_list, unknown_fact


def _partial(partial: tuple[int, Sequence[int]] | None) -> Message:
    """The trick before the one not read, when the record leaves some seats' plays out there."""
    if partial is None:
        return "", ""
    szh, sen = seat_list(partial[1])
    return (f"；记录也缺少第 {partial[0]} 轮{szh}的出牌，故该轮的赢家与分数亦未知",
            f"; nor does it give {sen}'s play{'s' if len(partial[1]) > 1 else ''} in trick {partial[0]}, so "
            "that trick's winner and points are not known either")


_AFTER_ZH = "不判任何一家在该轮未出牌；其赢家与分数、下一轮该由谁首出以及此后各家的手牌均未知，故自该轮起各轮一概不予判定"
_AFTER_EN = ("no seat is faulted for not playing in it; its winner and points, who was to lead the trick after it "
             "and the cards each seat held from it on are not known, so no trick from it on is judged")


def trick_unread(first: int, last: int, partial: tuple[int, Sequence[int]] | None,
                 withheld: Sequence[str]) -> Message:
    """The record gives no play of trick ``first`` and goes on to trick ``last`` (:func:`.unread_tricks.unread_from`);
    ``partial``: the trick before it and the seats it leaves out there."""
    more_zh, more_en = _partial(partial)
    return unknown_fact(
        f"记录中第 {first} 轮没有可读的出牌（各家的出牌都缺失，首出亦然），而记录延续到第 {last} 轮：{_AFTER_ZH}{more_zh}",
        f"the record gives no play of trick {first} that could be read (every seat's play is left out, the lead "
        f"too) and goes on to trick {last}: {_AFTER_EN}{more_en}", withheld)


def numbers_skip(written: int | None, following: int, first: int, missing: int, last: int,
                 partial: tuple[int, Sequence[int]] | None, withheld: Sequence[str]) -> Message:
    """The record's trick numbers skip from ``written`` to ``following`` (``written`` ``None``: its first trick
    line is numbered ``following``, the hand's first trick being ``first``), and the seats' cards leave room
    for ``missing`` of the tricks skipped (:func:`.unread_tricks.tricks_numbered`): trick ``first`` may be left
    out or the numbers mistyped, so nothing from it on is judged; the record goes on to trick ``last``.
    ``partial``: the trick before it and the seats it leaves out there."""
    more_zh, more_en = _partial(partial)
    if written is None:
        head_zh = f"本局记录的第一行出牌编号为第 {following} 轮，本局却应从第 {first} 轮起（[FirstTrick]）"
        head_en = f"the hand's first trick line is numbered {following}, where its first trick is {first} ([FirstTrick])"
    else:
        head_zh = f"记录中的墩号从第 {written} 轮跳到第 {following} 轮"
        head_en = f"the record's trick numbers skip from {written} to {following}"
    if following - first == 1:
        room_zh, room_en = f"第 {first} 轮", f"trick {first}"
    else:
        most_zh = "" if missing == following - first else f"，至多 {missing} 轮"
        most_en = "" if missing == following - first else f", at most {missing} of them,"
        room_zh, room_en = f"第 {first} 至 {following - 1} 轮{most_zh}", f"tricks {first} to {following - 1}{most_en}"
    return unknown_fact(
        f"{head_zh}，而各家的牌数仍容得下所跳过的出牌：{room_zh}可能漏记，也可能只是编号写错，记录无从判断；"
        f"故第 {first} 轮的出牌（首出亦然）未知，而记录延续到第 {last} 轮：{_AFTER_ZH}{more_zh}",
        f"{head_en}, and the seats' cards leave room for the plays skipped: {room_en} may be left out, or the "
        f"numbers mistyped — the record does not say which; so no play of trick {first} is known (the lead "
        f"neither), and the record goes on to trick {last}: {_AFTER_EN}{more_en}", withheld)

"""The words of a trick the record gives no play of (a trick line without a play, or every play of it
dropped) before a trick that has one: docs/rules.md §14.1, docs/format.md "Trick lines"
(:func:`.hand_replay._unread_from`)."""
from __future__ import annotations

from typing import Sequence

from .explain import Message
from .explain_unknown import seat_list, unknown_fact



def trick_unread(first: int, last: int, partial: tuple[int, Sequence[int]] | None,
                 withheld: Sequence[str]) -> Message:
    """The record gives no play of trick ``first`` and goes on to trick ``last`` (:func:`.hand_replay._unread_from`);
    ``partial``: the trick before it and the seats it leaves out there."""
    more_zh = more_en = ""
    if partial is not None:
        szh, sen = seat_list(partial[1])
        more_zh = f"；记录也缺少第 {partial[0]} 轮{szh}的出牌，故该轮的赢家与分数亦未知"
        more_en = (f"; nor does it give {sen}'s play{'s' if len(partial[1]) > 1 else ''} in trick {partial[0]}, so "
                   "that trick's winner and points are not known either")
    return unknown_fact(
        f"记录中第 {first} 轮没有可读的出牌（各家的出牌都缺失，首出亦然），而记录延续到第 {last} 轮：不判任何一家"
        f"在该轮未出牌；其赢家与分数、下一轮该由谁首出以及此后各家的手牌均未知，故自该轮起各轮一概不予判定{more_zh}",
        f"the record gives no play of trick {first} that could be read (every seat's play is left out, the lead "
        f"too) and goes on to trick {last}: no seat is faulted for not playing in it; its winner and points, who "
        f"was to lead the trick after it and the cards each seat held from it on are not known, so no trick from "
        f"it on is judged{more_en}", withheld)

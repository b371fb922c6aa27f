"""The bilingual words of a seat's deal line written twice with different cards (:mod:`.doubted_lines`): the
line its plays prove, or neither taken."""
from __future__ import annotations

from typing import Sequence

from ..records.cards import SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message, cards_text
from .explain_unknown import unknown_fact
from .explain_held import fault_owed_open

Line = tuple[tuple[int, ...], int, int]
"""A deal line as the record writes it: ``(cards, line, column)``."""


def _where(line: Line) -> Message:
    return f"第 {line[1]} 行第 {line[2]} 列", f"line {line[1]}, column {line[2]}"


def _lines(lines: Sequence[Line]) -> Message:
    """Each line, where it is and its cards: "line 16, column 1: ♥A ♥3 ♠A; line 20, column 1: …"."""
    zh = "；".join(f"{_where(ln)[0]}：{cards_text(ln[0])}" for ln in lines)
    en = "; ".join(f"{_where(ln)[1]}: {cards_text(ln[0])}" for ln in lines)
    return zh, en


def line_proven(seat: int, chosen: Line, others: Sequence[Line], shown: Sequence[int],
                beyond: Sequence[tuple[Line, Sequence[int]]], played: Sequence[int] | None = None) -> Message:
    """``seat``'s deal line given as ``chosen`` and as ``others`` (different cards), its plays proving ``chosen``:
    it played ``shown`` (the cards ``chosen`` gives that the others do not), and each other line lacks cards
    it played (``beyond``: the line and those cards).  ``played``: the cards the seat plays in the record's tricks
    (``None``: every card of ``shown`` and ``beyond`` among them); a card of ``shown`` or of one line's ``beyond``
    past them it only showed in a failed throw (shown, returned to its hand, not played) — said shown, never
    played.  Each list is split against ``played`` on its own: the same card may be in both."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    lzh, len_ = _lines([chosen, *others])
    wzh, wen = _where(chosen)
    against_zh = "；".join(f"{_where(ln)[0]}的一行没有{z}{_did(cards, played)[0]}的 {cards_text(cards)}"
                          for ln, cards in beyond)
    against_en = "; ".join(f"the line at {_where(ln)[1]} lacks {cards_text(cards)}, which {e} "
                           f"{_did(cards, played)[1]}" for ln, cards in beyond)
    put, seen = _split(shown, played)
    if not seen:
        did_zh, did_en, every_zh, every_en = (f"打出了该行所有的 {cards_text(shown)}", f"played {cards_text(shown)}",
                                              "其所出的牌", f"every card {e} played")
    else:
        did_zh = "、".join([*([f"打出了该行所有的 {cards_text(put)}"] if put else []),
                           f"甩牌时亮出了该行所有的 {cards_text(seen)}"])
        did_en = " and ".join([*([f"played {cards_text(put)}"] if put else []),
                               f"showed {cards_text(seen)} in a failed throw"])
        every_zh, every_en = "其所出及甩牌时亮出的牌", f"every card {e} played or showed"
    return (f"{z}的发牌行按{wzh}的一行（{cards_text(chosen[0])}）读取：记录给出{z}几行不同的发牌（{lzh}），"
            f"{z}的出牌证明是这一行——各行不同之处，{z}{did_zh}，{every_zh}都在该行中；"
            f"{against_zh}",
            f"{e}'s deal line read as the one at {wen} ({cards_text(chosen[0])}): the record gives {e} deal lines "
            f"with different cards ({len_}), and {e}'s plays prove this one — where the lines differ, {e} {did_en}, "
            f"which it gives, and {every_en} is in it; {against_en}")


def _split(cards: Sequence[int], played: Sequence[int] | None) -> tuple[list[int], list[int]]:
    """``cards`` split: those among ``played`` (as many copies as it holds; ``None``: all of them), and the rest
    (shown in a failed throw, not played)."""
    if played is None:
        return list(cards), []
    left = list(played)
    put, seen = [], []
    for k in cards:
        if k in left:
            left.remove(k)
            put.append(k)
        else:
            seen.append(k)
    return put, seen


def _did(cards: Sequence[int], played: Sequence[int] | None) -> Message:
    """What the seat did with ``cards``: played them, showed them in a failed throw, or both."""
    put, seen = _split(cards, played)
    if not seen:
        return "打出", "played"
    if not put:
        return "甩牌时亮出", "showed in a failed throw"
    return "打出或甩牌时亮出", "played or showed in a failed throw"


def lines_open(seat: int, lines: Sequence[Line], position: bool, what: Sequence[str] = ()) -> Message:
    """``seat``'s deal line given as ``lines`` (different cards), its plays proving none of them: neither is
    taken, the seat is judged as one the record gives no line for (``position``: a position's seat), and the hand
    is judged under each line as well, only what every reading gives kept (``what``: what they withhold,
    :data:`~.verdicts.WITHHELD` keys)."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    lzh, len_ = _lines(lines)
    what_zh = "残局中没有发牌行的座位" if position else "没有发牌行的座位"
    what_en = "a seat of the position given no deal line" if position else "a seat given no deal line"
    zh = (f"记录给出{z}几行不同的发牌（{lzh}），未说明实际发的是哪一行，{z}的出牌也不能证明是其中哪一行："
          f"不按其在记录中的位置取其一，各行都不采用，{z}按{what_zh}判定；本局也按其中每一行各判定一次，"
          f"只保留各种判定都得出的结论")
    en = (f"the record gives {e} deal lines with different cards ({len_}) and does not say which the table "
          f"dealt, nor do {e}'s plays prove one of them: none is taken by its place in the record, and {e} is "
          f"judged as {what_en}; the hand is also judged under each of the lines, and only what every reading "
          f"gives is kept")
    if not what:
        return zh, en
    return unknown_fact(zh + "（各种判定结果不同）", en + " (the readings differ)", what)


def fault_whichever_line(seat: int | None, code: str) -> Message:
    """A violation found under every reading of a seat's deal lines none of which its plays prove
    (:func:`.doubted_lines.judged_each_line`), whose owed play (or words) differs between them."""
    return fault_owed_open(seat, code, ("无论按哪一行发牌判定都违例，但应出哪一手取决于实际发的是哪一行",
                                        "whichever of the seat's differing deal lines the table dealt; the play "
                                        "owed depends on which"))

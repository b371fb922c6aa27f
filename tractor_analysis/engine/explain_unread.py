"""The words of a trick the record gives no play of (a trick line without a play, every play of it
dropped, or a trick number the record skips where a trick may be left out) before a trick that has one:
docs/rules.md §14.1, docs/format.md "Trick lines" (:func:`.unread_tricks.unread_from`)."""
from __future__ import annotations

from typing import Sequence

from ..records.cards import PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
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


def _after(first: int, room: Message) -> Message:
    """What a trick ``first`` not read leaves open, the tricks of ``room`` (``第 6 至 12 轮`` / ``tricks 6 to 12``, or
    trick ``first`` alone) named where no seat is faulted for not playing — never "it", which could be read as the
    trick the record goes on to (a referee tester, session 22)."""
    return (f"不判任何一家在{room[0]}未出牌；第 {first} 轮的赢家与分数、下一轮该由谁首出以及此后各家的手牌均未知，"
            f"故自第 {first} 轮起各轮一概不予判定",
            f"no seat is faulted for not playing in {room[1]}; the winner and points of trick {first}, who was to "
            f"lead the trick after it and the cards each seat held from trick {first} on are not known, so no trick "
            f"from trick {first} on is judged")


def trick_unread(first: int, last: int, partial: tuple[int, Sequence[int]] | None,
                 withheld: Sequence[str], many: int | None = None) -> Message:
    """The record gives no play of trick ``first`` and goes on to trick ``last`` (:func:`.unread_tricks.unread_from`);
    ``partial``: the trick before it and the seats it leaves out there; ``many``: the ways to fill it in from the
    deal (:mod:`.trick_gaps`) are more than ``many - 1``, so none is judged."""
    more_zh, more_en = _partial(partial)
    many_zh, many_en = ("", "") if many is None else (
        f"（由发牌与其他各轮的出牌可推的出法超过 {many - 1} 种，未逐一判定）",
        f" (the ways the deal and the other tricks leave for its plays are more than {many - 1}: too many to judge "
        "each)")
    after_zh, after_en = _after(first, (f"第 {first} 轮", f"trick {first}"))
    return unknown_fact(
        f"记录中第 {first} 轮没有可读的出牌（各家的出牌都缺失，首出亦然）{many_zh}，而记录延续到第 {last} 轮：{after_zh}{more_zh}",
        f"the record gives no play of trick {first} that could be read (every seat's play is left out, the lead "
        f"too){many_en} and goes on to trick {last}: {after_en}{more_en}", withheld, several=False)


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
        head_zh = f"记录中的轮次从第 {written} 轮跳到第 {following} 轮"
        head_en = f"the record's trick numbers skip from {written} to {following}"
    if following - first == 1:
        room_zh, room_en = f"第 {first} 轮", f"trick {first}"
    else:
        most_zh = "" if missing == following - first else f"，至多 {missing} 轮"
        most_en = "" if missing == following - first else f", at most {missing} of them,"
        room_zh, room_en = f"第 {first} 至 {following - 1} 轮{most_zh}", f"tricks {first} to {following - 1}{most_en}"
    skipped = (f"第 {first} 轮", f"trick {first}") if following - first == 1 else (
        f"第 {first} 至 {following - 1} 轮", f"tricks {first} to {following - 1}")
    after_zh, after_en = _after(first, skipped)
    return unknown_fact(
        f"{head_zh}，而各家的牌数仍容得下所跳过的出牌：{room_zh}可能漏记，也可能只是编号写错，记录无从判断；"
        f"故第 {first} 轮的出牌（首出亦然）未知，而记录延续到第 {last} 轮：{after_zh}{more_zh}",
        f"{head_en}, and the seats' cards leave room for the plays skipped: {room_en} may be left out, or the "
        f"numbers mistyped — the record does not say which; so no play of trick {first} is known (the lead "
        f"neither), and the record goes on to trick {last}: {after_en}{more_en}", withheld, several=False)


# --- a trick with no play read, filled in from the deal (:mod:`.trick_gaps`) -------------------------------------

_HEAD_ZH = "记录中第 {t} 轮没有可读的出牌（记录在其后仍继续，不判任何一家在该轮未出牌）"
_HEAD_EN = "the record gives no play of trick {t} that could be read (it goes on after, so no seat is faulted for not playing in it)"


def _ruled(number: int, counts: tuple[int, int, int, int | None]) -> Message:
    """What ruled ways out (:func:`.trick_gaps.fill_unread`'s ``counts``: tried, ruled out by the later plays and
    the deal, ruled out by the next trick's recorded leader, that leader when no way gives it the trick)."""
    _, by_deal, by_lead, nxt = counts
    zh, en = "", ""
    if by_deal:
        zh += f"；其中 {by_deal} 种与记录后面的出牌或发牌不符（某家其后打出已不在手中的牌，或终局仍有余牌），不予考虑"
        en += (f"; {by_deal} of them do not fit the record's later plays or the deal (a seat would play a card it no "
               "longer holds, or end the hand with cards left) and are ruled out")
    if by_lead:
        zh += (f"；另有 {by_lead} 种的赢家不是记录中第 {number + 1} 轮的首出者（每轮由上一轮的赢家首出，"
               f"记录写明该轮由谁首出），不予考虑")
        en += (f"; {by_lead} more are ruled out because their winner is not the seat the record says led trick "
               f"{number + 1} (the winner of a trick leads the next)")
    if nxt is not None:
        zh += (f"；没有一种出法让{SEAT_NAMES_ZH[nxt]}赢得该轮，而记录写明第 {number + 1} 轮由{SEAT_NAMES_ZH[nxt]}首出："
               f"各种出法都保留，该首出在每一种出法下照记录判定（不是上一轮赢家则为出牌顺序错误）")
        en += (f"; no way gives {SEAT_TOKENS[nxt]} the trick, though the record says {SEAT_TOKENS[nxt]} led trick "
               f"{number + 1}: every way is kept, and that lead is judged as recorded in each (out of turn where it is "
               "not the winner's)")
    return zh, en


def unread_trick_ways(number: int, leader: int, sizes: Sequence[int], ways: int,
                      counts: tuple[int, int, int, int | None], what: Sequence[str]) -> Message:
    """Trick ``number``, which the record gives no readable play of, judged once for each of the ``ways`` its plays
    could have been (:func:`.trick_gaps.fill_unread`): led by ``leader``, of ``sizes`` cards a seat."""
    lo, hi = sizes[0], sizes[-1]
    size_zh = f"{lo} 张" if lo == hi else f"{lo} 至 {hi} 张（各家当时所持且其后未打出的牌数不同，张数未定）"
    size_en = (f"{lo} card{'s' if lo > 1 else ''}" if lo == hi else
               f"{lo} to {hi} cards (the seats hold different numbers of cards they do not play later, so how many "
               "is open)")
    rz, re_ = _ruled(number, counts)
    head_zh = (f"{_HEAD_ZH.format(t=number)}：该轮由{SEAT_NAMES_ZH[leader]}首出（上一轮的赢家），每家出 {size_zh}；"
               f"按各家当时所持且其后未打出的牌能出的每一种出法（首出与跟牌，不论合法与否）各判定一次，共 {counts[0]} 种{rz}；"
               f"所余 {ways} 种只保留每种都相同的判定")
    head_en = (f"{_HEAD_EN.format(t=number)}: {SEAT_TOKENS[leader]} led it (the winner of the trick before), each seat "
               f"playing {size_en}; the hand was judged once for each way the four seats could have played — every "
               f"lead and follow of that many cards from those each seat held then and does not play later, legal or "
               f"not —, {counts[0]} in all{re_}; of the {ways} left, only what all give is kept")
    if not what:
        return head_zh + "；所有判定都相同", head_en + "; they all give the same"
    return unknown_fact(head_zh, head_en, what, several=False)      # (one trick named: "that trick's")


def unread_play_derived(number: int, leader: int, shown: Sequence[tuple[int, Sequence[int]]], fixed: bool,
                        counts: tuple[int, int, int, int | None], last: bool = False) -> Message:
    """The plays of trick ``number``, which the record gives no readable play of, derived (:func:`.trick_gaps.fill_unread`):
    ``fixed``, every seat held then just as many cards it does not play later — those are its play —, else one way
    alone of those tried fits the rest of the record.  ``last``: the hand's last trick line (the seats' cards fix
    it: :func:`.trick_gaps.last_fixed`)."""
    zh = "、".join(f"{SEAT_NAMES_ZH[s]}出 {' '.join(PRETTY[k] for k in c)}" for s, c in shown)
    en = ", ".join(f"{SEAT_TOKENS[s]} {' '.join(PRETTY[k] for k in c)}" for s, c in shown)
    if last:
        return _last_play_derived(number, leader, len(shown[0][1]), zh, en)
    if fixed:
        n = len(shown[0][1])
        why_zh = (f"各家当时所持的牌中，其后未打出的恰好都是 {n} 张：该轮每家出 {n} 张，所出即为这些牌，"
                  f"本局打完于记录的最后一轮（少出则各家在记录的最后一轮之后仍有余牌，记录却到此为止）")
        why_en = (f"of the cards each seat held then, exactly {n} are ones it does not play later, the same for every "
                  f"seat: each played {n} card{'s' if n > 1 else ''} there, those cards, and the hand ends with the "
                  "record's last trick (a smaller trick would leave every seat holding cards after it, where the "
                  "record stops)")
    else:
        rz, re_ = _ruled(number, counts)
        why_zh = f"按各家当时所持且其后未打出的牌能出的每一种出法（不论合法与否）共 {counts[0]} 种{rz}，只余这一种"
        why_en = (f"of the {counts[0]} ways the four seats could have played it (every lead and follow from the cards "
                  f"each held then and does not play later, legal or not){re_}, only this one is left")
    return (f"{_HEAD_ZH.format(t=number)}，其出牌由发牌与其他各轮的出牌推出：由{SEAT_NAMES_ZH[leader]}首出（上一轮的赢家），"
            f"{zh}——{why_zh}；照此判定（合法与否照出牌判定）",
            f"{_HEAD_EN.format(t=number)}; its plays are derived from the deal and the other tricks' plays: "
            f"{SEAT_TOKENS[leader]} led (the winner of the trick before), {en} — {why_en}; judged as played, legal "
            "or not")


_LAST_HEAD_ZH = "本局记录的最后一行出牌（第 {t} 轮）没有可读的出牌（记录在这一行损坏，并非在其之前结束；不判任何一家在该轮未出牌）"
_LAST_HEAD_EN = ("the hand's last trick line, trick {t}, gives no play that could be read (the record is damaged there, "
                 "not ended before it; no seat is faulted for not playing in it)")


def _last_play_derived(number: int, leader: int, n: int, zh: str, en: str) -> Message:
    """:func:`unread_play_derived` of the hand's last trick line: each seat held then ``n`` cards, none played in
    the record's other tricks (``zh``, ``en``: the plays named)."""
    if n == 1:
        why_zh = "各家当时都只剩 1 张牌（记录的其他各轮都没有打出）：所出即为这张牌，本局于该轮打完"
        why_en = ("each seat held then just one card, which it plays in none of the record's other tricks: that card "
                  "is its play there, and the hand ends with this trick")
    else:
        why_zh = (f"各家当时所持的牌都没有在记录的其他各轮打出，且恰好都是 {n} 张；记录写有本局的 [Claim]，本局已打完，"
                  f"而记录的出牌行到这一轮为止：该轮每家出 {n} 张，所出即为这些牌（少出则各家在记录的最后一轮之后仍有余牌），"
                  f"照此闲家的得分正是 [Claim] 所记的总分，且该轮无人违规")
        why_en = (f"each seat held then exactly {n} cards, none of which it plays in the record's other tricks; the "
                  f"record gives the hand's [Claim], so the hand went on to its end, and its trick lines end with "
                  f"this one: each played those {n} cards there (a smaller trick would leave every seat holding cards "
                  "after the record's last trick), the reading that gives the attackers the very total the [Claim] "
                  "states, with no seat faulted in the trick")
    return (f"{_LAST_HEAD_ZH.format(t=number)}，其出牌由发牌与其他各轮的出牌推出：由{SEAT_NAMES_ZH[leader]}首出"
            f"（上一轮的赢家），{zh}——{why_zh}；照此判定（合法与否照出牌判定）",
            f"{_LAST_HEAD_EN.format(t=number)}; its plays are derived from the deal and the other tricks' plays: "
            f"{SEAT_TOKENS[leader]} led (the winner of the trick before), {en} — {why_en}; judged as played, legal "
            "or not")


def last_line_unread(first: int, last: int, partial: tuple[int, Sequence[int]] | None,
                     withheld: Sequence[str]) -> Message:
    """The hand's last trick lines, ``first`` to ``last`` (one line: the same), give no play that could be read,
    and the record does not fix their plays (:func:`.unread_tricks.unread_from`): the record stops at damage, not
    where the hand (or the match) did — the tricks before stand, its end is not known.  ``partial``: the trick
    before them and the seats the record leaves out there."""
    more_zh, more_en = _partial(partial)
    lines_zh = f"第 {first} 轮" if first == last else f"第 {first} 至 {last} 轮"
    lines_en = f"line, trick {first}, gives" if first == last else f"lines, tricks {first} to {last}, give"
    return unknown_fact(
        f"本局记录的最后{'一行' if first == last else '几行'}出牌（{lines_zh}）没有可读的出牌：记录在无法读取之处中断——"
        f"这是记录损坏，并非记录到此结束，也不是因时间到而中止的比赛——而记录定不出其出牌（只有各家当时所持的牌张张已知、"
        f"张数相同，且各剩 1 张，或各剩多张而记录写有本局的 [Claim]、照各家在该轮出尽这些牌算得的总分正与之相符且该轮无人"
        f"违规，才由发牌与其他各轮的出牌推出）；不判任何一家在该处未出牌，此前各轮照判，但本局在何处、如何结束均未知"
        f"（若为记录的最后一局，比赛也不按记录结束时的级别判定胜负）{more_zh}",
        f"the hand's last trick {lines_en} no play that could be read: the record stops at what it could not read — "
        f"damage, not a record that ends there, nor a match stopped by the clock — and it does not fix the plays "
        f"there (the deal and the other tricks' plays fix them only where every seat's cards are known card for card "
        f"and each holds just as many: one each, or more where the hand's [Claim] states the very total each playing "
        f"all of them there gives, no seat faulted in it); no seat is faulted for not playing there and the tricks "
        f"before stand as judged, but where and how the hand ended is not known (if it is the record's last hand, "
        f"nothing decides the match by the levels when the record ends){more_en}",
        withheld)


def unread_winner_derived(number: int, winner: int, ways: int) -> Message:
    """Trick ``number``, which the record gives no readable play of, won by ``winner`` in each of the ``ways`` kept."""
    return (f"第 {number} 轮由{SEAT_NAMES_ZH[winner]}赢：记录中该轮没有可读的出牌，但由发牌与其他各轮的出牌可推的 {ways} 种出法都是"
            f"{SEAT_NAMES_ZH[winner]}赢",
            f"trick {number} won by {SEAT_TOKENS[winner]}: the record gives no play of it that could be read, but in "
            f"each of the {ways} ways the deal and the other tricks leave for its plays, {SEAT_TOKENS[winner]} wins it")


def unread_points_derived(number: int, points: int, ways: int) -> Message:
    """Trick ``number``, which the record gives no readable play of, holding ``points`` in each of the ``ways`` kept."""
    return (f"第 {number} 轮共 {points} 分：记录中该轮没有可读的出牌，但由发牌与其他各轮的出牌可推的 {ways} 种出法分数都相同",
            f"trick {number} holds {points} points: the record gives no play of it that could be read, but each of "
            f"the {ways} ways the deal and the other tricks leave for its plays gives the same")


def unread_failed_throw(number: int, leader: int, one: bool, what: Sequence[str]) -> Message:
    """Trick ``number``'s lead (the record gives no readable play of the trick) may have been the forced play of a
    failed throw the record cannot show, and the rules charge one in points (:func:`.trick_gaps.fill_unread`;
    ``one``: its plays are derived)."""
    it_zh, it_en = ("推出的", "derived ") if one else ("", "")
    return unknown_fact(
        f"记录中第 {number} 轮没有可读的出牌：{SEAT_NAMES_ZH[leader]}{it_zh}首出的牌也可能是一次甩牌失败后被迫改出的牌"
        f"（甩了更多的牌而被管住，记录无从显示），按本规则甩牌失败按甩不出去的张数罚分，罚多少记录未给出",
        f"the record gives no play of trick {number} that could be read: {SEAT_TOKENS[leader]}'s {it_en}lead may have "
        "been the forced play after a failed throw (甩牌失败: more cards shown and beaten), which the record cannot "
        "show; these rules charge a failed throw in points for the cards not thrown, and how many is not given",
        what)

"""Bilingual messages about a copy of a card the record shows once too many (``too_many_copies`` read by
:mod:`.extra_copies`): a copy that may not have been held, one miscopied somewhere the record does not say, one that
stands for a card a seat lacks, and a fault found whichever copy is the miscopied one (docs/rules.md §1.6).

Each function returns ``(message_zh, message_en)``, saying the same in both languages; the wording of an unknown is
:func:`.explain_unknown.unknown_fact`'s.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message
from .explain_unknown import unknown_fact
from .explain_held import fault_owed_open


def fault_whichever_copy(seat: int | None, code: str) -> Message:
    """A violation found whether or not a seat holds a copy its line gives that the decks lack, whose owed play (or
    words) differs between the readings (:mod:`.extra_copies`)."""
    return fault_owed_open(seat, code, ("无论多出的那张牌是否真在其手中都违例，但应出哪一手取决于此",
                                        "whether or not the copy the decks lack was held; the play owed depends on "
                                        "which"))


def _not_played(stopped: bool) -> Message:
    """A copy its seat does not play: never, of a record of the whole hand; of a record that stops before the
    hand's end, not in the tricks it gives (the seat may play it after)."""
    return ("在已记录的各轮中未打出", "not played in the tricks recorded") if stopped else ("未打出", "never played")


def _places_words(places: Sequence[tuple[int, int, tuple[int, ...]]], stopped: bool) -> tuple[list[str], list[str]]:
    """Each ``(place, kind, tricks)`` of :func:`copy_miscopied_somewhere` named, and where its seat plays it (or
    not: :func:`_not_played`), in each language."""
    zh, en = [], []
    for p, k, tricks in places:
        if p >= 4:
            zh.append(f"底牌中的 {PRETTY[k]}")
            en.append(f"{PRETTY[k]} in the Bottom line")
            continue
        played_zh, played_en = (
            (f"第 {'、'.join(map(str, tricks))} 轮打出",
             f"played in trick{'s' if len(tricks) > 1 else ''} {', '.join(map(str, tricks))}") if tricks
            else _not_played(stopped))
        zh.append(f"{SEAT_NAMES_ZH[p]}的发牌行中的 {PRETTY[k]}（{played_zh}）")
        en.append(f"{PRETTY[k]} in {SEAT_TOKENS[p]}'s deal line ({played_en})")
    return zh, en


def copy_maybe_not_held(held: Sequence[tuple[int, int]], decks: int, what: Sequence[str],
                        stopped: bool = False) -> Message:
    """The deal lines give more copies of a card than the ``decks`` hold, and each ``(seat, kind)`` of ``held``
    gives one its seat never plays (:mod:`.extra_copies`): that copy may be the miscopied one, so the hand is
    judged with and without it, and only what both give is kept.  ``stopped``: the record stops before the
    hand's end — the copy is not played in the tricks recorded (:func:`_not_played`)."""
    not_zh, not_en = _not_played(stopped)
    not_zh = not_zh if stopped else "从" + not_zh         # (a record of the whole hand: 从未打出, as ever)
    zh = "、".join(f"{SEAT_NAMES_ZH[s]}的发牌行中的 {PRETTY[k]}" for s, k in held)
    en = ", ".join(f"{PRETTY[k]} in {SEAT_TOKENS[s]}'s deal line" for s, k in held)
    return unknown_fact(f"发牌行中这张牌的张数多于 {decks} 副牌所有（too_many_copies），必有一张记错：{zh}"
                        f" {not_zh}，可能正是记错的那张，故按持有与未持有各判定一次，只保留两者相同的判定",
                        f"the deal lines give more copies of a card than {decks} deck{'s' if decks > 1 else ''} hold "
                        f"(too_many_copies), so one is miscopied: {en}, {not_en}, may be that one, so the hand "
                        f"is judged with it held and without, and only what both give is kept", what)


def copy_miscopied_somewhere(places: Sequence[tuple[int, int, tuple[int, ...]]], decks: int,
                             what: Sequence[str], stopped: bool = False) -> Message:
    """The deal lines and the bottom give more copies of a card than the ``decks`` hold, and no line of a seat that
    never plays them holds them all (:func:`.extra_copies.every_place`): each of ``places`` — ``(place, kind,
    tricks)``, a seat's line (the tricks in which that seat plays the card, ``()`` for none) or the bottom (place
    4) — may be the miscopied one, so the hand is judged once without each, and only what all give is kept.
    ``stopped``: the record stops before the hand's end (a copy not played is so in the tricks recorded)."""
    zh, en = _places_words(places, stopped)
    return unknown_fact(f"发牌行与底牌中这张牌的张数多于 {decks} 副牌所有（too_many_copies），必有一张记错，而记录未说明是哪一张："
                        f"{'、'.join(zh)} 都可能是记错的那张（打出的那张可能连同其出牌一起记错），"
                        f"故对每一处各按未持有那张判定一次，只保留各种判定都相同的结论",
                        f"the deal lines and the bottom give more copies of a card than {decks} "
                        f"deck{'s' if decks > 1 else ''} hold (too_many_copies), so one is miscopied, and the record "
                        f"does not say which: {', '.join(en)} — each may be that one (a copy played, miscopied with "
                        f"its play), so the hand is judged once without each, and only what every reading gives is "
                        f"kept", what)


def copy_for_card_lacking(places: Sequence[tuple[int, int, tuple[int, ...]]], lacking: Sequence[int], decks: int,
                          read: bool, what: Sequence[str], stopped: bool = False) -> Message:
    """The deal lines and the bottom give more copies of a card than the ``decks`` hold and fewer of the ``lacking``
    (once per copy lacking): a copy too many — each of ``places`` (as :func:`copy_miscopied_somewhere`'s) may be
    it — is that card miscopied, and its play with it.  ``read``: the hand is judged once with each read as the
    card lacking (:func:`.extra_copies.every_swap`); else (not paired, or too many ways) nothing resting on their
    plays is judged.  ``stopped``: as :func:`copy_miscopied_somewhere`'s."""
    zh, en = _places_words(places, stopped)
    short = sorted(set(lacking))
    short_zh = "、".join(f"{PRETTY[k]}" + (f"（少 {lacking.count(k)} 张）" if lacking.count(k) > 1 else "") for k in short)
    short_en = ", ".join(f"{PRETTY[k]}" + (f" ({lacking.count(k)} short)" if lacking.count(k) > 1 else "")
                         for k in short)
    how_zh = ("故对每一处各按那张读作所缺的牌（连同其出牌）判定一次，只保留各种判定都相同的结论" if read else
              "可能的读法过多或无法一一对应，故凡依据这些出牌的判定（首引花色、赢家、各家跟牌）一律不予判定")
    how_en = ("so the hand is judged once with each read as the card lacking (and its play too), and only what "
              "every reading gives is kept" if read else
              "too many ways to read them, or they do not pair, so nothing resting on their plays (the suit led, the "
              "winner, the follows) is judged")
    return unknown_fact(f"发牌行与底牌中这张牌的张数多于 {decks} 副牌所有（too_many_copies），而缺少 {short_zh}："
                        f"多出的一张必是所缺之牌记错，而记录未说明是哪一张：{'、'.join(zh)} 都可能是它"
                        f"（打出的那张连同其出牌一起记错），{how_zh}",
                        f"the deal lines and the bottom give more copies of a card than {decks} "
                        f"deck{'s' if decks > 1 else ''} hold (too_many_copies) and lack {short_en}: a copy too many "
                        f"is the card lacking, miscopied, and the record does not say which: {', '.join(en)} — each "
                        f"may be it (a copy played, miscopied with its play), {how_en}", what)


EITHER_SEATING: Message = ("无论下一轮按记录的赢家还是按规则判出的赢家排座都违例，但应出哪一手取决于是哪一种",
                           "whether the next trick is seated from the winner the record names or from the "
                           "winner by the rules; the play owed depends on which")


def position_copy_miscopied(over: Sequence[tuple[int, int]], decks: int, tricks: Sequence[int],
                            what: Sequence[str]) -> Message:
    """A position's seats hold more copies of each kind of ``over`` (``(kind, copies too many)``) than the ``decks``
    have (:func:`.extra_copies.judge_position`): one is miscopied, the record does not say which, nor — the cards
    played before the position not being in the record — what card it stands for.  ``tricks``: where a copy is
    played (nothing resting on those plays is ruled); each line's copy also judged as not held."""
    cards_zh = "、".join(PRETTY[k] for k, _ in over)
    cards_en = ", ".join(PRETTY[k] for k, _ in over)
    s = "s" if decks > 1 else ""
    these = "这几轮" if len(tricks) > 1 else "该轮"
    played_zh = (f"；第 {'、'.join(map(str, tricks))} 轮打出了这张牌，打出的那张可能连同其出牌一起记错，而它原是哪张牌记录中看不出"
                 f"（残局之前打出的牌不在记录中），故{these}的跟牌、赢家及依赖于此的分数都不判定" if tricks else "")
    played_en = (f"; it is played in trick{'s' if len(tricks) > 1 else ''} {', '.join(map(str, tricks))}, where the "
                 "copy played may be miscopied with its play, and the record does not show what card it stands for "
                 "(the cards played before the position are not in the record), so nothing resting on those plays "
                 "— the follows, the winner, the points that rest on it — is ruled" if tricks else "")
    return unknown_fact(f"残局各家的牌中 {cards_zh} 的张数多于 {decks} 副牌所有（或所用规则的副数少于记录的规则），必有一张记错，"
                        f"而记录未说明是哪一张：对每一家发牌行中的这张牌各按未持有判定一次，只保留各种判定都相同的结论{played_zh}",
                        f"the position's seats hold more copies of {cards_en} than {decks} deck{s} have (or the rules "
                        f"used have fewer decks than the record's), so one copy is miscopied, and the record does not "
                        f"say which: the position is judged once without each line's copy, and only what every "
                        f"reading gives is kept{played_en}", what,
                        None if not tricks else len(tricks) > 1)


def hand_shown_beyond_decks(over: Sequence[tuple[int, int, str, str]], decks: int) -> Message:
    """A full hand giving deal lines for some seats only whose record shows more copies of a card than the ``decks``
    hold — ``over``: ``(kind, copies shown, where in English, where in Chinese)`` each, the places
    :func:`..records.deal_checks.copies_places_words` names: the lines given, the bottom, the plays of the seats
    without a line that cannot be those cards (:func:`.starting_hands.shown_beyond_decks`).  The record's finding,
    whatever the lines not given hold (a card miscopied, or rules with fewer decks than the record's)."""
    zh = "；".join(f"{n} 张 {PRETTY[k]}（{where_zh}）" for k, n, _, where_zh in over)
    en = "; ".join(f"{n} copies of {PRETTY[k]} ({where_en})" for k, n, where_en, _ in over)
    s = "s" if decks > 1 else ""
    return (f"记录中有 {zh}，多于 {decks} 副牌所有（每种 {decks} 张）：无论未给出的发牌行是什么，记录都有误（某张牌记错，"
            "或所用规则的副数少于记录的规则），记录未说明是哪一张",
            f"the record shows {en}: more copies than {decks} deck{s} hold ({decks} of each) — whatever the deal lines "
            "not given hold, the record is wrong (a card miscopied, or the rules used have fewer decks than the "
            "record's), and it does not say which copy")


def hand_copy_miscopied(over: Sequence[tuple[int, int]], decks: int, tricks: Sequence[int],
                        what: Sequence[str]) -> Message:
    """A full hand giving deal lines for some seats only whose record shows more copies of each kind of ``over``
    (``(kind, copies too many)``) than the ``decks`` have (:func:`.extra_copies.judge_partial`): one is miscopied,
    the record does not say which, nor what card a copy played stands for.  ``tricks``: where a copy is played."""
    cards_zh = "、".join(PRETTY[k] for k, _ in over)
    cards_en = ", ".join(PRETTY[k] for k, _ in over)
    s = "s" if decks > 1 else ""
    t_zh = "、".join(map(str, tricks))
    t_en = f"trick{'s' if len(tricks) > 1 else ''} {', '.join(map(str, tricks))}"
    played_zh = (f"；第 {t_zh} 轮打出了这张牌，打出的那张可能连同其出牌一起记错，而它原是哪张牌记录中看不出（没有发牌行的各家持牌未知），"
                 f"故{'这些轮' if len(tricks) > 1 else '该轮'}及其下一轮的跟牌与甩牌、{'这些轮' if len(tricks) > 1 else '该轮'}的赢家及依赖于此的分数都不判定，持有或打出这张牌的各家的违例也不判定"
                 if tricks else "")
    these = "those tricks" if len(tricks) > 1 else "that trick"
    played_en = (f"; it is played in {t_en}, where the copy played may be miscopied with its play, and the record "
                 "does not show what card it stands for (the seats without a deal line may have held any), so "
                 f"nothing resting on those plays is ruled — the follows and throws of {these} and of the trick "
                 f"after {'each' if len(tricks) > 1 else 'it'}, {'their winners' if len(tricks) > 1 else 'its winner'}, the points that rest on them, and any fault of a seat whose line gives "
                 "or who plays such a copy" if tricks else "")
    return unknown_fact(f"记录中 {cards_zh} 的张数多于 {decks} 副牌所有（发牌行、底牌与没有发牌行的各家所出的牌合计，"
                        f"或所用规则的副数少于记录的规则），必有一张记错，而记录未说明是哪一张：对发牌行或底牌中的每一张各按不存在判定一次，"
                        f"只保留各种判定都相同的结论{played_zh}",
                        f"the record shows more copies of {cards_en} than {decks} deck{s} have (its deal lines, the "
                        f"bottom and the plays of the seats without a line together, or the rules used have fewer "
                        f"decks than the record's), so one copy is miscopied, and the record does not say which: the "
                        f"hand is judged once without each line's or the bottom's copy, and only what every reading "
                        f"gives is kept{played_en}", what, None if not tricks else len(tricks) > 1)


def _copies_words(shown: Sequence[tuple[int, int]], buried: int) -> tuple[str, str]:
    """The copies ``shown`` — ``(trick, seat)`` each — and ``buried`` of the ``Buried:`` line named, in each language:
    "N's in trick 7, the Buried: line's"."""
    each = {play: sum(1 for p in shown if p == play) for play in shown}
    zh = "、".join([*(f"第 {t} 轮{SEAT_NAMES_ZH[seat]}所出" + (f"（{n} 张）" if n > 1 else "")
                      for (t, seat), n in each.items()),
                    *(["Buried: 一行所记" + (f"（{buried} 张）" if buried > 1 else "")] if buried else [])])
    en = ", ".join([*(f"{SEAT_TOKENS[seat]}'s in trick {t}" + (f" ({n} copies)" if n > 1 else "")
                      for (t, seat), n in each.items()),
                    *(["the Buried: line's" + (f" ({buried} copies)" if buried > 1 else "")] if buried else [])])
    return zh, en


PLACED: Message = ("各该家的发牌行（庄家的连同 Bottom: 一行）都有这张牌且该家打出了它：若读作别的牌，其发牌行与出牌须都记错——"
                   "两处笔误，而一处即可解释",
                   "each such seat's deal line — the dealer's with the Bottom: line — gives the card and the seat "
                   "plays it: read as another card, both its line and its play would be miscopied — two slips, where "
                   "one will do")
"""Why a copy its seat's line gives and the seat plays is not the miscopied one (docs/rules.md §1.6)."""


def played_copy_miscopied(over: Sequence[tuple[int, int]], decks: int, shown: Sequence[tuple[int, int]],
                          lacking: Sequence[int], read: bool, what: Sequence[str], several: bool,
                          buried: int = 0, placed: Sequence[tuple[int, int]] = (), placed_buried: int = 0,
                          alike: bool = False) -> Message:
    """A full hand whose plays alone — or with the ``Buried:`` line, ``buried`` its copies of them — show more
    copies of each kind of ``over`` (``(kind, copies too many)``) than the ``decks`` have, no deal line proving
    which (:func:`.plays_beyond_decks.judge_plays`): each copy played — ``shown``, ``(trick, seat)`` each — or buried may
    be the one miscopied (with its play), standing for a card of ``lacking`` (those the plays and the bury lack).
    ``placed`` (plays) and ``placed_buried``: the copies the deal lines place beyond doubt, not the miscopied one
    (one slip, not two: :data:`PLACED`); ``alike``: the lines place every copy so (each one read all the same).
    ``read``: the hand is judged once with each read as each such card; else nothing resting on those plays is
    ruled.  ``several``: the copies are played in more than one trick."""
    cards_zh = "、".join(PRETTY[k] for k, _ in over)
    cards_en = ", ".join(PRETTY[k] for k, _ in over)
    s = "s" if decks > 1 else ""
    plays_zh, plays_en = _copies_words(shown, buried)
    one = len(shown) + buried == 1
    if len(lacking) <= 8:
        which_zh = f"出牌与扣底中少于 {decks} 张的牌之一（{'、'.join(PRETTY[k] for k in lacking)}）"
        which_en = (f"one of the cards the plays and the bury hold fewer than {decks} of "
                    f"({', '.join(PRETTY[k] for k in lacking)})")
    else:
        which_zh = f"出牌与扣底中少于 {decks} 张的任何一张牌"
        which_en = f"any card the plays and the bury hold fewer than {decks} of"
    these_zh, these_en = ("这几轮", "those tricks' winners") if several else ("该轮", "that trick's winner")
    how_zh = (("故按它读作每一种可能的牌各判定一次" if one else "故按每一张各读作每一种可能的牌判定一次")
              + "，只保留各种判定都相同的结论" if read else
              f"可能的读法过多，故凡依据这些出牌的判定（跟牌、{these_zh}的赢家及依赖于此的分数）一律不予判定")
    how_en = (("so the hand is judged once with it read as each such card" if one else
               "so the hand is judged once with each read as each such card")
              + ", and only what every reading gives is kept" if read else
              f"too many ways to read them, so nothing resting on those plays is ruled (the follows, {these_en} "
              "and the points that rest on them)")
    if buried or placed_buried:
        head_zh = f"出牌与 Buried: 一行合起来 {cards_zh} 的张数多于 {decks} 副牌所有（bad_bury，记录问题）"
        head_en = (f"the plays and the Buried: line together show more copies of {cards_en} than {decks} deck{s} "
                   "hold (bad_bury, the record's finding)")
        copy_zh, copy_en = "都可能记错（出牌中的连同其出牌一起）", "may be the one miscopied (a play's, with its play)"
        one_zh, one_en = ("一处笔误" if buried else "一处笔误，连同其出牌一起"), ("one slip" if buried else
                                                                     "one slip, with its play")
    else:
        head_zh = f"出牌中 {cards_zh} 的张数多于 {decks} 副牌所有（too_many_copies）"
        head_en = f"the plays show more copies of {cards_en} than {decks} deck{s} hold (too_many_copies)"
        copy_zh, copy_en = "都可能连同其出牌一起记错", "may be the one miscopied with its play"
        one_zh, one_en = "一处笔误，连同其出牌一起", "one slip, with its play"
    rest_zh = f"记录也未说明它原是哪张牌——只知是{which_zh}，{how_zh}"
    rest_en = f"and the record does not say what card it stands for, only that it is {which_en}, {how_en}"
    if placed or placed_buried:
        sure_zh, sure_en = _copies_words(placed, placed_buried)
        which_copy_zh = (f"记错的是 {plays_zh}的那一张（{one_zh}）" if one else
                         f"记错的是其余各张之一（一处笔误）：{plays_zh}的每一张{copy_zh}")
        which_copy_en = (f"the copy miscopied is {plays_en} ({one_en})" if one else
                         f"one of the others is miscopied (one slip): each — {plays_en} — {copy_en}")
        return unknown_fact(f"{head_zh}；记录确证了{sure_zh}的那张（{PLACED[0]}），故{which_copy_zh}，{rest_zh}",
                            f"{head_en}; the record places {sure_en} beyond doubt ({PLACED[1]}), so "
                            f"{which_copy_en}, {rest_en}", what, several)
    proof_zh, proof_en = (("记录也不能证明记错的是哪一张：各张都同样由其所在一家的发牌行（庄家的连同 Bottom: 一行）给出并由该家打出",
                           "the record does not prove which is miscopied: it places every copy alike (each seat's "
                           "deal line — the dealer's with the Bottom: line — gives it and the seat plays it)") if alike
                          else
                          ("没有发牌行能证明记错的是哪一张", "no deal line proves which is miscopied"))
    return unknown_fact(f"{head_zh}，而{proof_zh}：{plays_zh}的每一张{copy_zh}，{rest_zh}",
                        f"{head_en}, and {proof_en}: each copy — {plays_en} — {copy_en}, {rest_en}",
                        what, several)


def bury_and_plays_beyond_decks(listed: Sequence[tuple[int, int, int, Sequence[tuple[int, int]]]],
                                decks: int, named: tuple | None = None, lacking: Sequence[int] = ()) -> Message:
    """A full hand without every deal line whose ``Buried:`` line and plays hold together more copies of a card
    than the ``decks`` have (:func:`.plays_beyond_decks.judge_plays`) — ``listed``: ``(kind, copies, copies buried,
    (trick, seat) of each copy played)`` each.  The buried cards were in the hand and are never played: one copy,
    of the line or of a play, is miscopied — the record's finding (docs/rules.md §1.6, §13.1), no seat's act.
    ``named``: where the deal lines place some copies beyond doubt, ``(plays, buried, plays placed, buried
    placed)`` — the copies that may be the miscopied one and those placed (:data:`PLACED`): which it is, then said,
    and ``lacking`` the cards it may stand for (those the plays and the bury lack)."""
    zh, en = [], []
    for k, n, buried, plays in listed:
        each = {play: sum(1 for p in plays if p == play) for play in plays}
        many_zh, many_en = (f"（{buried} 张）", f" ({buried})") if buried > 1 else ("", "")
        where_zh = "、".join([f"Buried: 一行{many_zh}", *(f"第 {t} 轮{SEAT_NAMES_ZH[seat]}的出牌"
                                                          + (f"（{m} 张）" if m > 1 else "")
                                                          for (t, seat), m in each.items())])
        where_en = ", ".join([f"the Buried: line{many_en}", *(f"{SEAT_TOKENS[seat]}'s play in trick {t}"
                                                               + (f" ({m})" if m > 1 else "")
                                                               for (t, seat), m in each.items())])
        zh.append(f"{n} 张 {PRETTY[k]}（{where_zh}）")
        en.append(f"{n} copies of {PRETTY[k]} ({where_en})")
    s = "s" if decks > 1 else ""
    which_zh, which_en = "记录未说明是哪一张", "and the record does not say which"
    if named is not None:
        shown, buried, placed, placed_buried = named
        maybe_zh, maybe_en = _copies_words(shown, buried)
        sure_zh, sure_en = _copies_words(placed, placed_buried)
        one = len(shown) + buried == 1
        kinds = sorted(set(lacking))
        stands_zh = (f"，它原是出牌与扣底中少于 {decks} 张的牌之一（{'、'.join(PRETTY[k] for k in kinds)}）"
                     if len(kinds) <= 8 else f"，它原是出牌与扣底中少于 {decks} 张的任何一张牌")
        stands_en = (f", standing for a card the plays and the bury hold fewer than {decks} of "
                     + (f"({', '.join(PRETTY[k] for k in kinds)})" if len(kinds) <= 8 else "(any such card)"))
        if not kinds:           # (none lacking: the rules used have fewer decks than the record's)
            stands_zh = stands_en = ""
        which_zh = (f"记录确证了{sure_zh}的那张（{PLACED[0]}），故记错的"
                    + (f"是 {maybe_zh}的那一张" if one else f"是其余各张之一（{maybe_zh}），记录未说明是哪一张")
                    + stands_zh)
        which_en = (f"and the record places {sure_en} beyond doubt ({PLACED[1]}), so the copy miscopied is "
                    + (maybe_en if one else f"one of the others ({maybe_en}), the record does not say which")
                    + stands_en)
    return (f"Buried: 一行与各家打出的牌合起来共有 {'；'.join(zh)}，多于 {decks} 副牌所有（每种 {decks} 张）：扣底的牌也是本局的牌，"
            f"且扣下后不再打出，故该行或某一手出牌有一张记错（或所用规则的副数少于记录的规则），{which_zh}",
            f"the Buried: line and the cards played hold together {'; '.join(en)}: more than {decks} deck{s} hold "
            f"({decks} of each) — the buried cards are cards of the hand, never played after, so one copy, of the line "
            "or of a play, is miscopied (or the rules used have fewer decks than the record's), " + which_en)


def claim_every_reading(claim: int | None, totals: Sequence[int]) -> Message:
    """``[Claim]`` (``claim``) that no reading of a copy played too many gives (:func:`.plays_beyond_decks.judge_plays`):
    the readings' attackers' totals ``totals`` differ from each other and from it."""
    zh = "、".join(map(str, totals))
    en = ", ".join(map(str, totals))
    return (f"记录的闲家得分为 {claim}，而无论多出的那张牌是哪一张、原是哪张牌，按出牌计算都不是此数（各种读法分别为 {zh}）",
            f"the record claims {claim} for the attackers; whichever copy played too many is miscopied, and "
            f"whatever card it stands for, the plays do not give it (the readings give {en})")

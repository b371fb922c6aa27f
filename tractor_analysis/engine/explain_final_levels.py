"""The words of a match's final levels where the record leaves a side's known only as a range: the lowest and highest
the readings of what it leaves open give (``MatchResult.levels_final_span``; a dataset's ``level_<side>_final_low`` /
``_high``) — whether the hand the record stops inside counts or is played out (docs/rules.md §8.5), whose take-backs
given as ``?`` were (docs/rules.md §10.2).  One wording for ``tractor check``, the report's pages and the standings:
a range is shown as ``3..5``, as the standings give it.  Likewise the level a hand's dealer's side carries in as such a
range (:func:`level_unknown_carried`, :func:`level_fits_no_reading`), naming what of the hands before leaves it open
(:mod:`.carried_ranges`: the ``?`` take-backs, the plays left out, trick by trick)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..records.cards import RANK_TOKENS
from .carried_ranges import PLAYS_LEFT_OUT, TAKEBACKS, RangeCause
from .explain import Message
from .explain_readings import level_span
from .explain_unknown import SIDE_EN, SIDE_ZH, seat_list, unknown_fact
from .scoring import stops_void

if TYPE_CHECKING:                       # (the annotation only)
    from .verdicts import MatchResult

_SIDE_EN, _SIDE_ZH = ("N–S", "E–W"), ("南北", "东西")


def level_range(level: int | None, span: tuple[int, int] | None) -> str:
    """A side's final level as a page or a line gives it: the level (``7``, ``A``), else the lowest and highest the
    readings allow (``3..5``), else ``?`` (not known, not bounded)."""
    if level is not None:
        return RANK_TOKENS.get(level, str(level))
    if span is None:
        return "?"
    return f"{RANK_TOKENS.get(span[0], str(span[0]))}..{RANK_TOKENS.get(span[1], str(span[1]))}"


def final_levels_text(levels: Sequence[int | None], spans: Sequence[tuple[int, int] | None]) -> str:
    """``N–S : E–W`` final levels, each as :func:`level_range` gives it (``3..5 : 2``)."""
    return " : ".join(level_range(v, s) for v, s in zip(levels, spans))


def stop_words(number: int, forced: int | None) -> tuple[Message, Message]:
    """Where the record stops in its last hand ``number`` and what its played-out reading is, ``((zh, en) of the stop,
    (zh, en) of the reading)``: inside the hand, played out to each result the cards left allow; or — ``forced``, the
    number of the hand's last trick, which the record stops just before with one card a seat left
    (:attr:`.verdicts.HandResult.forced_last`) — before that trick, played out to the one result it gives, the
    hand's own derived result (docs/rules.md §7.4, §8.5)."""
    if forced is None:
        return ((f"记录在第 {number} 局中途结束", f"the record stops inside hand {number}"),
                ("余下的牌可能给出的每种结果", "each result the cards left allow"))
    return ((f"记录在第 {number} 局第 {forced} 轮（最后一轮，每家只剩一张牌，出牌是确定的）之前结束",
             f"the record stops in hand {number} just before its last trick {forced} (one card a seat left, each play "
             f"of it forced)"),
            ("确定的最后一轮只有一种结果，即该局推出的结果", "the one result its forced last trick gives, the hand's derived "
             "result"))


def final_levels_note(levels: Sequence[int | None], spans: Sequence[tuple[int, int] | None],
                      stopped: int | None, left_open: Sequence[int] = (), forced: int | None = None) -> Message | None:
    """Why a side's final level is given as a range (:func:`level_range`): not known, the readings of what the record
    leaves open giving it differently — among them, where the record stops inside its last hand ``stopped`` with no
    result from a ``[Claim]``, that hand void or played out (docs/rules.md §8.5), else — ``left_open``: the hands in
    which the record leaves open what their levels after rest on other than take-backs (plays it leaves out, a trick
    it gives no play of …: :func:`levels_left_open`) — the ways of filling those in, else whose take-backs given as
    ``?`` were (docs/rules.md §10.2); ``None`` where no side's is (known, or not bounded).  ``forced``: the stopped
    hand's last trick, which the record stops just before, forced (:func:`stop_words`)."""
    sides = [t for t in (0, 1) if levels[t] is None and spans[t] is not None]
    if not sides:
        return None
    ranges = [level_range(None, spans[t]) for t in sides]
    if len(sides) == 1:
        who_en = f"{_SIDE_EN[sides[0]]}'s final level is known only as {ranges[0]}"
        who_zh = f"{_SIDE_ZH[sides[0]]}方终局级数仅知在 {ranges[0]} 之间"
    else:
        who_en = f"the final levels are known only as N–S {ranges[0]}, E–W {ranges[1]}"
        who_zh = f"终局级数仅知南北方在 {ranges[0]} 之间、东西方在 {ranges[1]} 之间"
    if stopped is not None:
        (sz, se), (rz, re) = stop_words(stopped, forced)
        return (f"{who_zh}（取各种读法的最低与最高）：{sz}，该局没有 [Claim] 给出的结果；记录未定之处的"
                f"各种读法——其中该局按中止计（不计结果，以该局所打的级数）或按打完计（{rz}）——给出的级数"
                f"不同，不予猜测（docs/rules.md §8.5）",
                f"{who_en} (the lowest and highest the readings give): {se} with no "
                f"result from a [Claim], and the readings of what the record leaves open — among them that hand void "
                f"(stopped there: the levels it was played at) or played out to {re} — give "
                f"it differently; not guessed (docs/rules.md §8.5)")
    if left_open:
        zh, en = _left_open_words(left_open)
        return (f"{who_zh}（取各种读法的最低与最高）：{zh}，各种读法给出的级数不同，不予猜测（docs/rules.md §10.2、§14.1）",
                f"{who_en} (the lowest and highest the readings give): {en}, and the readings give it differently; not "
                f"guessed (docs/rules.md §10.2, §14.1)")
    return (f"{who_zh}（取各种读法的最低与最高）：记录中有座位未知的悔牌（\"?\"），按其属于哪一方的各种读法给出的级数不同，不予猜测"
            f"（docs/rules.md §10.2）",
            f"{who_en} (the lowest and highest the readings give): the record gives take-backs whose seat is not known "
            f"(\"?\"), and the readings of whose they were give it differently; not guessed (docs/rules.md §10.2)")


def match_final_levels(result: MatchResult) -> tuple[tuple[str, str], Message | None]:
    """A replayed match's final levels N–S, E–W as :func:`level_range` gives them, and :func:`final_levels_note` on
    them — the hand the record stops inside named where its ``[Claim]`` gives it no result
    (:attr:`~.verdicts.MatchResult.stopped_at`); in friend mode (no team has a level) the levels alone, no note."""
    spans = result.levels_final_span
    if result.hands and result.hands[0].rules.friend:
        spans = (None, None)
    stopped = result.hands[result.stopped_at].number if result.stopped_at is not None else None
    if stopped is not None and stops_void(result.hands[0].rules):
        stopped = None      # the hand void, the one reading (§8.5): a range is one carried into it (§10.2)
    levels = result.levels_final
    forced = result.hands[result.stopped_at].forced_last if stopped is not None else None
    return ((level_range(levels[0], spans[0]), level_range(levels[1], spans[1])),
            final_levels_note(levels, spans, stopped, levels_left_open(result), forced))


def levels_left_open(result: MatchResult) -> tuple[int, ...]:
    """The numbers of ``result``'s hands whose levels after the record leaves open for a reason other than take-backs
    given as ``?`` or the hand the record stops inside — plays it leaves out, a trick it gives no play of, any
    fact it leaves open that the hand was judged once for each way of (their ``"unknown"`` withholding ``levels``,
    tag other than ``Takebacks``)."""
    return tuple(h.number for h in result.hands
                 if any("levels" in u.withheld and u.tag not in ("Takebacks", "Claim") for u in h.unknowns))


def _hands(numbers: Sequence[int]) -> tuple[str, str]:
    listed = ", ".join(str(n) for n in numbers)
    return (f"第 {'、'.join(str(n) for n in numbers)} 局",
            f"hand {listed}" if len(numbers) == 1 else f"hands {listed}")


def _left_open_words(numbers: Sequence[int]) -> tuple[str, str]:
    """``(zh, en)``: the record leaves open in hands ``numbers`` what their levels after rest on (:func:`levels_left_open`)."""
    zh, en = _hands(numbers)
    return (f"记录在{zh}中留有本局后级别所依据的未定之处（所缺的出牌等，见该局的“未知”），按其每种可能各判定一次",
            f"the record leaves open what the levels after {en} rest on (plays it leaves out, or more: see that "
            f"hand's unknown), judged once for each way it may be")


def winner_by_level_ranges(team: int, hows: Sequence[str], spans: Sequence[tuple[int, int]], takebacks: bool,
                           left_open: Sequence[int]) -> Message:
    """The match's ``derived`` ``winner`` decided by the levels though a final level is known only as a range
    (``spans``: N–S's and E–W's lowest and highest) — by the readings of what the record leaves open in hands
    ``left_open`` (:func:`levels_left_open`) and, ``takebacks``, of whose take-backs given as ``?`` were: every level
    in the ranges gives ``team`` the match, by the rules ``hows`` (``higher level``, ``holding the deal``)."""
    causes_zh, causes_en = [], []
    if left_open:
        zh, en = _left_open_words(left_open)
        causes_zh.append(zh)
        causes_en.append(en)
    if takebacks:
        causes_zh.append("记录中有座位未知的悔牌（\"?\"）")
        causes_en.append("the record gives take-backs whose seat is not known (\"?\")")
    rules_zh = "，".join({"higher level": "有的读法级数高", "holding the deal": "有的读法级数相同而坐庄"}[h] for h in hows)
    rules_en = ", ".join({"higher level": "in some readings by the higher level",
                          "holding the deal": "in some on equal levels, holding the deal"}[h] for h in hows)
    if len(hows) == 1:
        rules_zh = {"higher level": "每种读法都是级数高", "holding the deal": "每种读法都是级数相同而坐庄"}[hows[0]]
        rules_en = {"higher level": "by the higher level in every reading",
                    "holding the deal": "on equal levels, holding the deal, in every reading"}[hows[0]]
    ranges = " : ".join(level_range(lo, None) if lo == hi else level_range(None, (lo, hi)) for lo, hi in spans)
    return (f"{_SIDE_ZH[team]}方获胜：{'；'.join(causes_zh)}，最终级别仅知南北 : 东西 {ranges}，但其中每一种级别都由"
            f"{_SIDE_ZH[team]}方获胜（{rules_zh}；docs/rules.md §8.5、§10.2）",
            f"{_SIDE_EN[team]} won the match: {'; '.join(causes_en)}, so the final levels are known only as "
            f"N–S : E–W {ranges}, but every level in them gives {_SIDE_EN[team]} the match ({rules_en}; docs/rules.md "
            f"§8.5, §10.2)")



def range_cause_words(causes: Sequence[RangeCause]) -> tuple[str, str]:
    """``(zh, en)``: what of the hands before a level carried as a range rests on (:func:`.carried_ranges.range_causes`)
    — per hand, its take-backs given as ``?``, the plays the record leaves out (trick and seats), or another fact it
    leaves open (its ``"unknown"`` says which)."""
    if not causes:
        return "记录留有上一局后级别所依据的未定之处", "the record leaves open what the levels after the hand before rest on"
    zh, en = [], []
    for c in causes:
        if c.kind == TAKEBACKS:
            zh.append(f"第 {c.hand} 局 [Takebacks] 中有座位未知的悔牌（\"?\"），不知罚了哪一方")
            en.append(f"hand {c.hand} gives take-backs whose seat is not known (\"?\"), not known which side they cost")
        elif c.kind == PLAYS_LEFT_OUT:
            plays_zh = "、".join(f"第 {t} 轮{seat_list(m)[0]}的出牌" for t, m in c.gaps)
            plays_en = ", ".join(f"{seat_list(m)[1]}'s play{'s' if len(m) > 1 else ''} in trick {t}" for t, m in c.gaps)
            zh.append(f"第 {c.hand} 局记录缺少{plays_zh}，按其每种可能出法判定，本局后的级别不同")
            en.append(f"the record leaves out {plays_en} of hand {c.hand}, and the ways they could have been played give "
                      f"different levels after it")
        else:
            zh.append(f"第 {c.hand} 局记录留有本局后级别所依据的未定之处（见该局的“未知”），按其每种可能判定，级别不同")
            en.append(f"the record leaves open what the levels after hand {c.hand} rest on (see that hand's unknown), "
                      f"and the ways it may be give different levels")
    return "；".join(zh), "; ".join(en)


def level_fits_no_reading(level: int, team: int, span: tuple[int, int], causes: Sequence[RangeCause]) -> Message:
    """A ``level_mismatch``: ``[Level]`` says ``level`` for the dealer's side ``team``, whose level carried in is known
    only as ``span`` (the readings of what the hands before leave open: ``causes``) — and ``level`` is none of them."""
    s, lv = level_span(span), RANK_TOKENS.get(level, level)
    why_zh, why_en = range_cause_words(causes)
    return (f"[Level] 记为 {lv}，但{SIDE_ZH[team]}方带入本局的级别是 {s}（{why_zh}），无论哪种读法都不是 {lv}；"
            f"{SIDE_ZH[team]}方本局后的级别不予判定",
            f"[Level] says {lv}, but the level {SIDE_EN[team]} carry into this hand is {s} ({why_en}): under no "
            f"reading is it {lv}; {SIDE_EN[team]}'s level after the hand is withheld")


def level_from_paired_readings(other: int, other_level: int, team: int, level: int,
                               causes: Sequence[RangeCause]) -> Message:
    """A side's level carried in derived: the dealer's side ``team``'s ``[Level]`` says ``level``, and the readings of
    what the hands before leave open (``causes``), which give both sides' levels together, give side ``other``
    ``other_level`` wherever ``team`` is at ``level``."""
    lv, olv = RANK_TOKENS.get(level, level), RANK_TOKENS.get(other_level, other_level)
    why_zh, why_en = range_cause_words(causes)
    return (f"{SIDE_ZH[other]}方打 {olv}：{why_zh}，两方的级别随读法一同而定；[Level] 记{SIDE_ZH[team]}方为 {lv}，"
            f"凡{SIDE_ZH[team]}方为 {lv} 的读法，{SIDE_ZH[other]}方都是 {olv}",
            f"{SIDE_EN[other]} at {olv}: {why_en}, and each reading gives both sides' levels together; [Level] puts "
            f"{SIDE_EN[team]} at {lv}, and every reading with {SIDE_EN[team]} at {lv} has {SIDE_EN[other]} at {olv}")


def level_unknown_carried(team: int, span: tuple[int, int], causes: Sequence[RangeCause],
                          what: Sequence[str]) -> Message:
    """The level of a hand is not known: ``[Level]`` is not stated, and the dealer's side ``team`` carries in a level
    known only as ``span`` (the lowest and highest under the readings of what the hands before leave open:
    ``causes``) — not guessed; ``what`` withheld."""
    s = level_span(span)
    why_zh, why_en = range_cause_words(causes)
    return unknown_fact(f"级牌未写明（[Level] 缺少），而庄家方{SIDE_ZH[team]}方带入本局的级别未知：{why_zh}，"
                        f"{SIDE_ZH[team]}方为 {s} 之一，不作猜测",
                        f"the level is not stated ([Level] missing), and the level the dealer's side {SIDE_EN[team]} "
                        f"carries in is not known: {why_en}, so {SIDE_EN[team]} are at one of {s}, not known which, "
                        f"and it is not guessed", what)

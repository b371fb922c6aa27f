"""Bilingual messages about what every reading of a record gives where the record leaves something open:
the match's forfeit count (wrong follows of plays not judged, take-backs whose seat is not known, a play
left out), followed through every reading — who forfeited, in which hand, why — and the final levels
(docs/rules.md §10.1, §10.2, §14.1).  The words of a level carried into a hand as a range are
:mod:`.explain_final_levels`'.

Each function returns ``(message_zh, message_en)``, saying the same in both languages; the wording of an
unknown is :func:`.explain_unknown.unknown_fact`'s, the clauses naming what leaves the count open
:func:`.explain_forfeit.open_count_words`'.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..records.cards import RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message, cards_text, lead_kind_words
from .explain_unknown import SIDE_EN, SIDE_ZH, seat_list, unknown_fact
from .explain_held import fault_owed_open

_OUTCOME = {"NS": (f"{SIDE_ZH[0]}方判负", f"{SIDE_EN[0]} forfeit"), "EW": (f"{SIDE_ZH[1]}方判负", f"{SIDE_EN[1]} forfeit"),
            "both": ("双方均判负", "both sides forfeit"), "none": ("无人判负", "no side forfeits")}
"""A reading's result as a ``derived`` ``forfeit`` value words it."""
_REASON = {"wrong follows": ("跟牌错误", "wrong follows"), "take-backs": ("悔牌", "take-backs"),
           "wrong follows and take-backs": ("跟牌错误与悔牌", "wrong follows and take-backs")}


def _joined(clauses: Sequence[Message]) -> Message:
    return "、".join(c[0] for c in clauses), "; and ".join(c[1] for c in clauses)


def hands_words(numbers: Sequence[int]) -> Message:
    """``第2或3局`` / ``hand 2 or 3`` (``hand 2``; ``hand 2, 3 or 5``)."""
    numbers = sorted(dict.fromkeys(numbers))
    if len(numbers) == 1:
        return f"第{numbers[0]}局", f"hand {numbers[0]}"
    head = ", ".join(map(str, numbers[:-1]))
    return "第" + "、".join(map(str, numbers[:-1])) + f"或{numbers[-1]}局", f"hand {head} or {numbers[-1]}"


def _sides(sides: Sequence[int]) -> Message:
    if len(sides) == 2:
        return "双方", "both sides"
    return f"{SIDE_ZH[sides[0]]}方", SIDE_EN[sides[0]]


def count_differs(clauses: Sequence[Message], limit: int, outcomes: Sequence[tuple[str, Sequence[int]]],
                  what: Sequence[str], passes: Sequence[tuple[int | None, Sequence[int]]] = (),
                  going_on: bool = True) -> Message:
    """Whether a side forfeited the match is not known: the readings of ``clauses`` (what leaves the count
    open) give different results — ``outcomes``, one per result (``NS``, ``EW``, ``both``, ``none``) with the
    numbers of the hands at whose end it falls (none for ``none``).  Says what differs: which side, when every
    reading forfeits one; whether one did, when some reading forfeits none — and, where readings that forfeit
    no side end the match by a pass of the winning level (``passes``: the team and the numbers of the hands),
    that too (``going_on``: whether others go on to the record's end)."""
    zh, en = _joined(clauses)
    parts_zh, parts_en = [], []
    for value, hands in outcomes:
        if value == "none" and passes:
            for team, numbers in passes:
                pz, pe = _end_words(_Passed(team, tuple(numbers)))
                parts_zh.append(pz)
                parts_en.append(pe)
            if not going_on:
                continue
        oz, oe = _OUTCOME[value]
        if hands:
            hz, he = hands_words(hands)
            oz, oe = f"{hz}结束时{oz}", f"{oe} at the end of {he}"
        parts_zh.append(oz)
        parts_en.append(oe)
    alts_zh = "，".join(f"按有的读法{p}" for p in parts_zh)
    alts_en = ", ".join(f"under {'some readings' if i == 0 else 'others'} {p}" for i, p in enumerate(parts_en))
    if any(value == "none" for value, _ in outcomes):
        q_zh, q_en = "不知是否有一方已被判负", "whether a side forfeited the match is not known"
    else:
        q_zh, q_en = ("每种读法都有一方判负，但不知是哪一方", "under every reading a side forfeits, but which one is not known")
    return unknown_fact(f"本场的跟牌错误与悔牌次数不全知道——{zh}，各种读法结果不同（累计 {limit} 次判负）：{alts_zh}；"
                        f"{q_zh}，不作猜测",
                        f"the match's count of wrong follows and take-backs is not all known — {en}, the readings give "
                        f"different results ({limit} in a match forfeit it): {alts_en}; so {q_en}, and it is not "
                        "guessed", what)


def forfeit_every_reading_open(sides: Sequence[int], limit: int, clauses: Sequence[Message], hands: Sequence[int],
                               reasons: Sequence[Sequence[str]], what: Sequence[str]) -> Message:
    """Every reading of ``clauses`` gives ``sides`` (0 N–S, 1 E–W) forfeiting the match, and no other side —
    but not at the end of the same hand (``hands``: the numbers of those it may have ended in, one when the
    hand is the same) or not for the same reason (``reasons``: per side in ``sides``, the reasons the readings
    give, more than one where it differs).  ``what``: what is withheld (``match_end``, ``forfeit_reason``)."""
    zh, en = _joined(clauses)
    sz, se = _sides(sides)
    other = [] if len(sides) == 2 else [1 - sides[0]]
    not_zh = f"，{SIDE_ZH[other[0]]}方都没有" if other else ""
    not_en = f" and {SIDE_EN[other[0]]} do not" if other else ""
    hz, he = hands_words(hands)
    when_zh = f"于{hz}结束时" if len(hands) == 1 else f"在{hz}结束时（不知是哪一局）"
    when_en = f"at the end of {he}" if len(hands) == 1 else f"at the end of {he} (not known which)"
    why_zh, why_en = [], []
    for side, given in zip(sides, reasons):
        if len(given) > 1:
            alts = [_REASON.get(r, (r, r)) for r in given]
            why_zh.append(f"{SIDE_ZH[side]}方判负的原因按读法不同（{'或'.join(a[0] for a in alts)}）")
            why_en.append(f"why {SIDE_EN[side]} forfeited differs between the readings ({' or '.join(a[1] for a in alts)})")
    tail_zh = ("；" + "；".join(why_zh)) if why_zh else ""
    tail_en = ("; " + "; ".join(why_en)) if why_en else ""
    return unknown_fact(f"本场的跟牌错误与悔牌次数不全知道——{zh}，{sz}都累计达到 {limit} 次{not_zh}：无论哪种读法，"
                        f"{sz}都{when_zh}判负，胜负已定{tail_zh}",
                        f"the match's count of wrong follows and take-backs is not all known — {en}, {se} reach the "
                        f"count of {limit}{not_en}: under every reading {se} forfeited the match {when_en}, so who won "
                        f"is decided{tail_en}", what)


def forfeit_by_this_hand(value: str, limit: int, clauses: Sequence[Message], hands: Sequence[int]) -> Message:
    """A hand's ``derived`` ``forfeit``: by the end of this hand every reading of ``clauses`` gives ``value``
    (``NS``, ``EW``, ``both``) forfeiting, at the end of one of ``hands`` (this one or an earlier one: which,
    the readings do not agree)."""
    zh, en = _joined(clauses)
    hz, he = hands_words(hands)
    if value == "both":
        return (f"到本局结束时双方均已被判负（在{hz}结束时，不知是哪一局）：{zh}，双方都累计达到 {limit} 次",
                f"both sides forfeited the match by the end of this hand (at the end of {he}, not known which): "
                f"{en}, both reach the count of {limit}")
    team = 0 if value == "NS" else 1
    return (f"到本局结束时{SIDE_ZH[team]}方已被判负（在{hz}结束时，不知是哪一局）：{zh}，{SIDE_ZH[team]}方都累计达到 "
            f"{limit} 次，{SIDE_ZH[1 - team]}方都没有",
            f"{SIDE_EN[team]} forfeited the match by the end of this hand (at the end of {he}, not known which): "
            f"{en}, {SIDE_EN[team]} reach the count of {limit} and {SIDE_EN[1 - team]} do not")


def after_match_end_open(after: Sequence[int], hands: Sequence[int], sides: Sequence[int] | None) -> Message:
    """Hands ``after`` recorded after the match ended under every reading at the end of one of ``hands`` (not
    known which, when more than one): a forfeit by ``sides``; ``None``: how differs between the readings
    (which side forfeited, or whether one did or a side passed the winning level — who won is the match's
    result's to say: the same under every reading, or not known).  Their plays are judged; they count for
    nothing."""
    runs: list[list[int]] = []
    for n in after:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    spans = [str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs]
    many = len(after) > 1
    hz, he = hands_words(hands)
    when_zh = f"在{hz}结束时" + ("，不知是哪一局" if len(hands) > 1 else "")
    when_en = f"at the end of {he}" + (", not known which" if len(hands) > 1 else "")
    if sides is None:
        how_zh, how_en = (f"无论哪种读法，比赛都{when_zh}结束，但各种读法的结束方式不同（胜负见比赛结果）",
                          f"under every reading the match ended {when_en}, though how differs between the readings "
                          "(who won: see the match's result)")
    else:
        (who_zh, who_en) = _sides(sides)
        how_zh, how_en = f"{who_zh}{when_zh}判负", f"{who_en} forfeited {when_en}"
    return (f"第 {'、'.join(spans)} 局记录在比赛结束之后（{how_zh}）：其出牌照常判定，但不计入比赛",
            f"hand{'s' if many else ''} {', '.join(spans)} {'are' if many else 'is'} recorded after the match ended "
            f"({how_en}): {'their' if many else 'its'} plays are judged, but "
            f"{'they count' if many else 'it counts'} for nothing")


def level_span(span: tuple[int, int]) -> str:
    """A side's level known as the range ``span`` (lowest, highest), as the words write it: ``5`` or ``5–7``."""
    lo, hi = (RANK_TOKENS.get(x, str(x)) for x in span)
    return lo if lo == hi else f"{lo}–{hi}"


def winner_by_levels(team: int, how: str, spans: Sequence[tuple[int, int]]) -> Message:
    """The match's ``derived`` ``winner``: decided by the levels (``how``: ``higher level`` or ``holding the
    deal``) under every reading of the take-backs given as ``?``, though a final level is not known —
    ``spans``: N–S's and E–W's lowest and highest final level under those readings."""
    ns, ew = level_span(spans[0]), level_span(spans[1])
    rule_zh, rule_en = (("级数高者胜", "the higher level wins") if how == "higher level"
                        else ("级数相同则坐庄方胜", "on equal levels the side holding the deal wins"))
    return (f"{SIDE_ZH[team]}方获胜：[Takebacks] 中座位未知的悔牌（\"?\"）使最终级别未知——南北方 {ns}、东西方 {ew}，"
            f"但无论是哪一方的悔牌，按“{rule_zh}”胜方都是{SIDE_ZH[team]}方",
            f"{SIDE_EN[team]} won the match: take-backs whose seat is not known (\"?\") leave the final levels not known "
            f"— N–S {ns}, E–W {ew} — but whichever side they were, {rule_en}, and that is {SIDE_EN[team]} under every "
            "reading")


def forfeit_words(reasons: Sequence[str | None], reason_open: Sequence[bool], limit: int | None,
                  teams: Sequence[str] = ("NS", "EW"), teams_zh: Sequence[str] | None = None) -> tuple[str, str]:
    """``(en, zh)``: who forfeited the match and why, where a side forfeited under every reading for reasons
    that differ between them (``reason_open``; its ``reasons`` entry ``None``): its reason said not known.
    A match whose every side's reason is known is :func:`.explain_hand.forfeit_text`'s.  ``teams`` names the
    sides (``teams_zh``: in Chinese, ``方`` included; ``None``: ``teams``' names followed by `` 方``) — the
    match's line of ``tractor check`` and its page name them so; a message, as :func:`forfeit_message`."""
    from .explain_hand import forfeit_text
    if not any(reason_open):
        return forfeit_text(reasons, limit, teams, teams_zh)
    names_zh = teams_zh if teams_zh is not None else [f"{t} 方" for t in teams]
    count_en = f": {limit} in a match forfeit it" if limit else ""
    n = f" {limit} " if limit else ""
    parts = []
    for t in (0, 1):
        if reason_open[t]:
            parts.append((f"{teams[t]} wrong follows or take-backs, which not known",
                          f"{names_zh[t]}累计{n}次跟牌错误或悔牌（不知是哪一种）"))
        elif reasons[t] is not None:
            rz = _REASON.get(reasons[t], (reasons[t], reasons[t]))[0]
            parts.append((f"{teams[t]} {reasons[t]}", f"{names_zh[t]}{rz}累计{n}次"))
    sides = [t for t in (0, 1) if reason_open[t] or reasons[t] is not None]
    if len(sides) == 2:
        return (f"both sides forfeit the match, no team wins ({'; '.join(p[0] for p in parts)}{count_en})",
                f"双方均判负，无胜方（{'；'.join(p[1] for p in parts)}）")
    t = sides[0]
    return (f"{teams[t]} forfeit the match ({parts[0][0]}{count_en})", f"{parts[0][1]}，判负")


def forfeit_message(reasons: Sequence[str | None], reason_open: Sequence[bool], limit: int | None) -> Message:
    """``(zh, en)``: :func:`forfeit_words` as a message (an ``unknown``'s or a ``derived`` fact's words) says it,
    naming the sides as every message does — ``N–S`` / ``南北方`` —, never the JSON values ``NS`` / ``EW``."""
    en, zh = forfeit_words(reasons, reason_open, limit, SIDE_EN, [f"{z}方" for z in SIDE_ZH])
    return zh, en


def forfeit_not_known_result() -> tuple[str, str]:
    """``(en, zh)``: the match's result where whether a side forfeited, or which, is not known (``decided_by``
    ``forfeit not known``): worded for both — the match's unknown says which differs."""
    return ("not decided: the match's count of wrong follows and take-backs towards a forfeit is not all known "
            "(see the match's unknown), so who, if anyone, forfeited the match is not known",
            "未分胜负：本场计入累计判负的跟牌错误与悔牌次数不全知道（见比赛的“未知”），不知是否有一方已被判负、是哪一方")


@dataclass(frozen=True)
class _Passed:
    """A pass of the winning level by ``passed`` in ``hands``, as :func:`_end_words` reads a ReadingEnd."""
    passed: int | None
    hands: tuple[int, ...]
    forfeit: str = "none"


def _end_words(end, how: str | None = None) -> Message:
    """One way the readings end the match (a :class:`.verdicts.ReadingEnd`), as a clause; ``how``: for the match
    going on to the record's end, how it is decided there (:func:`.scoring.decide`'s ``higher level``,
    ``holding the deal``)."""
    if end.forfeit != "none":
        oz, oe = _OUTCOME[end.forfeit]
        hz, he = hands_words(end.hands)
        return f"{hz}结束时{oz}", f"{oe} at the end of {he}"
    if end.hands:
        hz, he = hands_words(end.hands)
        if end.passed is None:
            return f"一方在{hz}打过获胜级别", f"a side passed the winning level in {he}"
        return f"{SIDE_ZH[end.passed]}方在{hz}打过获胜级别", f"{SIDE_EN[end.passed]} passed the winning level in {he}"
    at_zh, at_en = "", ""
    levels = getattr(end, "levels", (None, None))
    if None not in levels:      # the final levels of these readings, where known
        ns, ew = (RANK_TOKENS.get(x, str(x)) for x in levels)
        at_zh, at_en = f"（{SIDE_ZH[0]}方 {ns}、{SIDE_ZH[1]}方 {ew}）", f" at {SIDE_EN[0]} {ns}, {SIDE_EN[1]} {ew}"
    if how == "higher level":
        return (f"比赛一直进行到记录结束{at_zh}，按级数高者胜",
                f"the match goes on to the record's end{at_en}, where the higher level wins")
    if how == "holding the deal":
        holder = getattr(end, "holder", None)       # the side a copy of the last hand leaves holding the deal
        if holder in (0, 1):
            return (f"比赛一直进行到记录结束{at_zh}，级数相同，坐庄方（按这一读法为{SIDE_ZH[holder]}方）胜",
                    f"the match goes on to the record's end{at_en}, where the levels are equal and the side holding "
                    f"the deal (under these readings {SIDE_EN[holder]}) wins")
        return (f"比赛一直进行到记录结束{at_zh}，级数相同，坐庄方胜",
                f"the match goes on to the record's end{at_en}, where the levels are equal and the side holding the "
                "deal wins")
    return f"比赛一直进行到记录结束{at_zh}", f"the match goes on to the record's end{at_en}"


def _alternatives(ends, hows: Sequence[str | None] = ()) -> Message:
    parts = [_end_words(e, hows[i] if i < len(hows) else None) for i, e in enumerate(ends)]
    return ("，".join(f"按有的读法{p[0]}" for p in parts),
            ", ".join(f"under {'some readings' if i == 0 else 'others'} {p[1]}" for i, p in enumerate(parts)))


def match_end_differs(passes: Sequence[Message], limit: int, ends, what: Sequence[str],
                      counted: Sequence[Message] = ()) -> Message:
    """The match's ``Unknown`` where a side may have passed the winning level in a hand whose result is not known
    (``passes``: :func:`.explain_forfeit.may_pass_words`, one a hand) — with ``counted``, what leaves the count
    of wrong follows and take-backs open (:func:`.explain_forfeit.open_count_words`), when it does too — and so
    the readings end the match differently (``ends``: :class:`.verdicts.ReadingEnd`).  ``what``: ``forfeit``
    (whether a side forfeited differs) or ``match_end`` (no reading forfeits a side; the hand the match ended
    in differs)."""
    pz, pe = "；".join(p[0] for p in passes), "; and ".join(p[1] for p in passes)
    if counted:
        cz, ce = _joined(counted)
        pz += f"；本场的跟牌错误与悔牌次数也不全知道——{cz}"
        pe += f"; and the match's count of wrong follows and take-backs is not all known either — {ce}"
    az, ae = _alternatives(ends)
    count_zh, count_en = (f"（累计 {limit} 次跟牌错误或悔牌判负）", f" ({limit} wrong follows or take-backs in a match "
                          "forfeit it)") if limit else ("", "")
    going_on = any(e.forfeit == "none" and not e.hands for e in ends)
    if "forfeit" in what:
        qz, qe = "不知是否有一方已被判负", "whether a side forfeited the match is not known"
    else:
        qz = "不知比赛结束于哪一局" + ("（或是否在记录中结束）" if going_on else "")
        qe = "which hand the match ended in" + (" (or whether it ended in the record)" if going_on else "") + " is not known"
        if limit:
            qz, qe = f"无论哪种读法都无人判负，但{qz}", f"no side forfeits under any reading, but {qe}"
    return unknown_fact(f"比赛何时结束不全知道——{pz}：各种读法结束比赛的方式不同{count_zh}：{az}；{qz}，不作猜测",
                        f"what ends the match is not all known — {pe}: the readings end it differently{count_en}: "
                        f"{ae}; so {qe}, and it is not guessed", what)


def winner_every_reading(team: int, ends, hows: Sequence[str]) -> Message:
    """The match's ``derived`` ``winner``: the readings of what the record leaves open end the match differently
    (``ends``: :class:`.verdicts.ReadingEnd`, each decided by ``hows``' entry: ``forfeit``, ``passed …``,
    ``higher level``, ``holding the deal``), but every one gives ``team`` the match."""
    az, ae = _alternatives(ends, hows)
    return (f"{SIDE_ZH[team]}方获胜：各种读法结束比赛的方式不同——{az}——但无论哪种读法，胜方都是{SIDE_ZH[team]}方",
            f"{SIDE_EN[team]} won the match: the readings of what the record leaves open end it differently — {ae} — "
            f"but under every one {SIDE_EN[team]} won it")



def copies_differ(number: int, readings: Sequence, level_seats: Sequence[int], dealer_open: bool, friend: bool,
                  what: Sequence[str], final: bool = False, unread: int = 0, misnumbered: int = 0) -> Message:
    """Hand ``number`` is written more than once and its copies hand on different things (``readings``: per
    copy, a :class:`.hand_copies.Carry`): the next dealer (``dealer_open``) and the level of ``level_seats`` —
    per side, or per player in friend mode (``friend``).  The record does not say which copy is right, so
    where they differ what the next hand carries in is not known (``final``: the record's final levels, its
    last hand being the copies); ``what``: what is withheld for it (may be empty).  ``misnumbered``: the last as
    many of ``readings`` are a later copy read as the next hand, its number miswritten
    (:func:`.explain_forfeit.misnumbered_words`)."""
    from ..records.cards import SEAT_NAMES_ZH, SEAT_TOKENS
    from .explain_forfeit import misnumbered_words
    if unread:          # more copies than are read one by one (hand_copies.MAX_COPIES): none compared
        what_zh, what_en = ("最终级别", "the final levels") if final else ("带入本局的级别与庄家",
                                                                      "the levels and the dealer carried into this hand")
        zh = (f"{'最终级别未知' if final else '未核对'}（第{number}局在记录中写了 {unread} 次，多到不逐份比较）："
              f"记录未说明哪一份是对的，{what_zh}未知，不作猜测")
        en = (f"{'the final levels are not known' if final else 'not checked'} (hand {number} is written {unread} "
              f"times, too many copies to compare one by one): the record does not say which copy is right, so "
              f"{what_en} are not known, and they are not guessed")
        return unknown_fact(zh, en, what) if what else (zh, en)
    parts_zh, parts_en = [], []
    if dealer_open:     # (the record's last hand: who holds the deal, which decides on equal levels)
        def seat(r) -> Message:
            if r.bid_for:
                return "重新抢庄", "bid for"
            return (SEAT_NAMES_ZH[r.dealer], SEAT_TOKENS[r.dealer]) if r.dealer is not None else ("未知", "?")
        alts = [seat(r) for r in readings]
        parts_zh.append("下庄为" + "或".join(dict.fromkeys(a[0] for a in alts)))
        parts_en.append("next dealer " + " or ".join(dict.fromkeys(a[1] for a in alts)))
    shown = sorted({s if friend else s & 1 for s in level_seats})
    for who in shown:
        vals = dict.fromkeys("?" if r.levels[who] is None else RANK_TOKENS.get(r.levels[who], str(r.levels[who]))
                             for r in readings)
        name_zh, name_en = (SEAT_NAMES_ZH[who], SEAT_TOKENS[who]) if friend else (f"{SIDE_ZH[who]}方", SIDE_EN[who])
        parts_zh.append(f"{name_zh}为 {' 或 '.join(vals)} 级")
        parts_en.append(f"{name_en} at {' or '.join(vals)}")
    copies = len(readings) - misnumbered
    times_zh = "两次" if copies == 2 else f"{copies} 次"
    times_en = "twice" if copies == 2 else f"{copies} times"
    if misnumbered:
        mz, me = misnumbered_words(number, misnumbered)
        times_zh, times_en = times_zh + mz, times_en + me
    diff_zh, diff_en = "；".join(parts_zh), "; ".join(parts_en)
    give_zh, give_en = ("各种读法结果不同", "the readings give") if misnumbered else ("各份记录结果不同", "the copies give")
    if final:
        head_zh = f"最终级别未全知道（第{number}局在记录中写了{times_zh}，{give_zh}：{diff_zh}）"
        head_en = (f"the final levels are not all known (hand {number} is written {times_en}, and {give_en} "
                   f"different results: {diff_en})")
        tail_zh, tail_en = "各份记录不同之处，最终级别未知", "so where they differ the final levels are not known"
    else:
        head_zh = f"未核对（第{number}局在记录中写了{times_zh}，{give_zh}：{diff_zh}）"
        head_en = f"not checked (hand {number} is written {times_en}, and {give_en} different results: {diff_en})"
        tail_zh, tail_en = ("各份记录不同之处，带入本局的级别与庄家未知",
                            "so where they differ the levels and the dealer carried into this hand are not known")
    which_zh, which_en = (("哪一份是对的（也未说明是否有一份是下一局）", "which copy is right (nor whether one is the next hand)")
                          if misnumbered else ("哪一份是对的", "which copy is right"))
    zh = f"{head_zh}：记录未说明{which_zh}，{tail_zh}，不作猜测"
    en = f"{head_en}: the record does not say {which_en}, {tail_en}, and they are not guessed"
    if not what:
        return zh, en
    return unknown_fact(zh, en, what)


def fault_either_order(seat: int | None, code: str) -> Message:
    """A violation found both with the trick lines read leader first and read in seat order, whose owed play (or
    words) differs between them (:mod:`.play_order`)."""
    return fault_owed_open(seat, code, ("无论各轮按首出顺序还是按座位顺序记录都违例，但应出哪一手取决于是哪一种",
                                        "whether the trick lines are written leader first or in seat order; the "
                                        "play owed depends on which"))


ORDER_THROW = {"throw_check": ("失败的甩牌甩不出去几张（因而罚分；取决于各轮由谁首出及各手出牌的先后，各种读法于此不同）",
                               "how many cards a failed throw did not get out (and so its penalty; it rests on who "
                               "led each trick and in what order the plays came, which the readings differ on)")}
"""The words of ``throw_check`` withheld by an ``order`` unknown: the readings differ on who led, not on a seat's
cards (:data:`~.verdicts.WITHHELD`'s words are those of a seat whose cards are not known)."""


def _thrown_check(thrown: Sequence[tuple[int, int, int]]) -> dict:
    """``throw_check``'s words where failed throws written after another play (``thrown``: the trick, the throw's
    seat, the seat written first) are read as a follow and as the lead: whether each was a failed throw at all."""
    zh = "及".join(f"第 {t} 轮{SEAT_NAMES_ZH[s]}的出牌" for t, s, _ in thrown)
    en = " and ".join(f"{SEAT_TOKENS[s]}'s play in trick {t}" for t, s, _ in thrown)
    led_zh = "及".join(f"第 {t} 轮" for t, _, _ in thrown)
    led_en = " and ".join(f"trick {t}" for t, _, _ in thrown)
    return {"throw_check": (f"{zh}是否为甩牌失败以及甩不出去几张（因而罚分；只有首家的出牌才可能是甩牌失败，而{led_zh}由谁首出，"
                            "两种读法不同）",
                            f"whether {en} was a failed throw, and how many cards it did not get out (and so its "
                            f"penalty; only a lead can be one, and the readings differ on who led {led_en})")}


def seat_order_readings(first: int, late: Sequence[int], found: int | None, what: Sequence[str]) -> Message:
    """Every trick line written from ``first`` in seat order, and so ``late`` (trick numbers) led out of turn when
    read leader first (:mod:`.play_order`): judged both ways (``found``: the violations read in turn; ``None``: it
    could not be read in turn, a seat due to lead not known), what both give kept."""
    tricks = "、".join(str(n) for n in late), ", ".join(str(n) for n in late)
    zh = (f"每轮都从{SEAT_NAMES_ZH[first]}起按座位顺序记录；按格式（首出者在前）读，{SEAT_NAMES_ZH[first]}在第 {tricks[0]} "
          f"轮未按顺序首出，而记分表按座位分栏抄录时也会这样写，记录未说明是哪一种")
    en = (f"every trick line is written from {SEAT_TOKENS[first]} in seat order; read leader first (as the format "
          f"writes a trick), {SEAT_TOKENS[first]} led tricks {tricks[1]} out of turn, but a score sheet with a column "
          f"per seat, copied line by line, is written so too, and the record does not say which")
    if found is None:
        zh += "；按座位顺序读时无法确定应由谁首出（庄家或上一轮的赢家未知，或该轮有一手出牌无法读取），因此依赖首出者的结论均不予判定"
        en += ("; read in seat order, who was due to lead is not known (the dealer or a trick's winner, or a play of the "
               "trick that could not be read), so nothing that rests on who led is judged")
    else:
        zh += (f"：本局按两种读法各判定一次（按座位顺序、由应首出者首出读时有 {found} 处违规），只保留两种判定都相同的结论；"
               "请按出牌顺序（首出者在前）记录各轮，以便完整判定")
        en += (f": the hand was judged both ways (read in seat order, each trick led by the seat due, it has {found} "
               "violation(s)), and only what both give is kept; write each trick leader first for a full judgement")
    return unknown_fact(zh, en, what, len(late) > 1, ORDER_THROW)


def thrown_lead_readings(thrown: Sequence[tuple[int, int, int]], found: int, what: Sequence[str]) -> Message:
    """Failed throws written after another play (``thrown``: the trick, the throw's seat, the seat written first),
    whose seat may have led (:func:`.play_order.thrown_leads`): judged read leader first and with each throw read as
    its trick's lead (``found``: the violations read so), what both give kept."""
    zh_parts, en_parts, zh_lead, en_lead = [], [], [], []
    for trick, seat, first in thrown:
        zh_parts.append(f"第 {trick} 轮{SEAT_NAMES_ZH[seat]}的出牌写成甩牌失败（'->'），写在{SEAT_NAMES_ZH[first]}之后")
        en_parts.append(f"trick {trick}'s line writes {SEAT_TOKENS[seat]}'s play as a failed throw ('->') after "
                        f"{SEAT_TOKENS[first]}'s")
        zh_lead.append(f"第 {trick} 轮由{SEAT_NAMES_ZH[first]}首出、{SEAT_NAMES_ZH[seat]}的出牌不予读取")
        en_lead.append(f"{SEAT_TOKENS[first]} led trick {trick} and {SEAT_TOKENS[seat]}'s play is not read")
    leads_zh = "、".join(f"第 {t} 轮由{SEAT_NAMES_ZH[s]}" for t, s, _ in thrown)
    leads_en = ", ".join(f"{SEAT_TOKENS[s]} led trick {t}" for t, s, _ in thrown)
    zh = ("；".join(zh_parts) + "。只有首家的出牌才可能是甩牌失败：按格式（首出者在前）读，" + "、".join(zh_lead)
          + f"；按 '->' 读，{leads_zh}首出（甩牌），其余各家依次跟牌；记录未说明是哪一种：本局按两种读法各判定一次"
          f"（按甩牌者首出读时有 {found} 处违规），只保留两种判定都相同的结论；请按出牌顺序（首出者在前）记录各轮，以便完整判定")
    en = ("; ".join(en_parts) + ", and only a lead can be a failed throw: read leader first (as the format writes a "
          "trick), " + "; ".join(en_lead) + f"; read as the '->' says, {leads_en} (the throw), the others "
          f"following in turn; the record does not say which: the hand was judged both ways (read with the thrower "
          f"leading, it has {found} violation(s)), and only what both give is kept; write each trick leader first for "
          "a full judgement")
    return unknown_fact(zh, en, what, len(thrown) > 1, _thrown_check(thrown))


def lead_after_throw(trick: int, seat: int, before: int, recorded: int, winners: Sequence[int],
                     written: str = "shown", unsure: Sequence[int] = ()) -> Message:
    """``seat`` leads ``trick`` after ``before``, a trick whose recorded play the rules replace — ``written``: a
    failed throw the record shows as played (the whole throw and follows of its size, ``"shown"``), one whose
    forced play it writes wrong (``"wrong_forced"``), or a throw that would have stood written failed
    (``"stood"``) — won by ``recorded`` as written; as the rules require it (the forced unit, or the throw that
    stands, each follower following that) it can be won by ``winners`` (``()``: not derived), ``seat`` among
    them or maybe: whether ``seat`` led out of turn is not known (:mod:`.lead_after_throw`).  ``"unsure"``: the
    verdict of the throw in ``before`` rests on the seats ``unsure`` read from their plays, and some reading of
    their cards replaces the trick as written (:func:`lead_after_unsure_throw`)."""
    if written == "unsure":
        return lead_after_unsure_throw(trick, seat, before, recorded, unsure)
    if winners:
        wz = "或".join(SEAT_NAMES_ZH[s] for s in winners)
        we = " or ".join(SEAT_TOKENS[s] for s in winners)
        open_zh, open_en = f"赢家未定：{wz}", f"its winner is open: {we}"
    else:
        open_zh, open_en = "赢家无法推出", "its winner is not derived"
    how_zh, how_en, rule_zh, rule_en = _AS_WRITTEN.get(written, _AS_WRITTEN["shown"])
    zh = (f"第 {trick} 轮由{SEAT_NAMES_ZH[seat]}首出；按记录，第 {before} 轮（{how_zh}）"
          f"由{SEAT_NAMES_ZH[recorded]}赢得，但按规则（{rule_zh}，docs/rules.md §4.5），第 {before} 轮"
          f"{open_zh}，因此{SEAT_NAMES_ZH[seat]}是否未按顺序首出（§4.1）不能确定，不予裁定")
    en = (f"{SEAT_TOKENS[seat]} leads trick {trick}; as written, trick {before} ({how_en}) was won by "
          f"{SEAT_TOKENS[recorded]}, but as the rules require it ({rule_en}, docs/rules.md §4.5) {open_en}, so "
          f"whether {SEAT_TOKENS[seat]} led out of turn (§4.1) is not known and not ruled")
    return unknown_fact(zh, en, ("turn",))


def lead_after_unsure_throw(trick: int, seat: int, before: int, recorded: int, unsure: Sequence[int]) -> Message:
    """``seat`` leads ``trick``, led out of turn as ``before`` is written (won by ``recorded``); but the verdict of
    the throw led in ``before`` rests on the cards of ``unsure``, seats whose cards the record does not give
    whole: whether the trick as written is the one the rules require depends on those cards, and where it is not,
    who wins the one they require — ``seat`` or another — is not known: neither is whether ``seat`` led out of
    turn (:mod:`.lead_after_throw`)."""
    who_zh, who_en = seat_list(unsure)
    s_zh, s_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    zh = (f"第 {trick} 轮由{s_zh}首出；按记录，第 {before} 轮由{SEAT_NAMES_ZH[recorded]}赢得，但第 {before} 轮的"
          f"甩牌判定依赖{who_zh}的牌，而记录没有完整给出其持牌（只知其所出的牌确为其所持）：甩牌是否成立、应改出哪一手不能确定"
          f"（docs/rules.md §4.4、§4.5、§14.1），因此记录所写的这一轮是否就是规则要求的那一轮也不能确定；若不是，"
          f"规则要求的那一轮由{s_zh}还是另一家赢得也不能确定，因此{s_zh}是否未按顺序首出（§4.1）不能确定，不予裁定")
    en = (f"{s_en} leads trick {trick}; as written, trick {before} was won by {SEAT_TOKENS[recorded]}, but the "
          f"verdict of the throw in trick {before} rests on the cards of {who_en}, which the record does not give "
          f"whole (only the cards played are known to have been held): whether the throw stood, and which play it "
          f"forced, is not known (docs/rules.md §4.4, §4.5, §14.1), so neither is whether the trick as written is "
          f"the one the rules require; where it is not, whether {s_en} or another seat wins the one they require is "
          f"not known either, so whether {s_en} led out of turn (§4.1) is not known and not ruled")
    return unknown_fact(zh, en, ("turn",))


_AS_WRITTEN = {
    "shown": ("甩牌失败，记录写的是整手甩牌及同样张数的跟牌", "a failed throw the record shows as played: the whole "
              "throw and follows of its size", "首家改出被迫出的牌，各家跟这手牌", "the forced play, each follower "
              "following that"),
    "wrong_forced": ("甩牌失败，记录所写的改出的牌不是规则要求的那一手", "a failed throw whose forced play the record "
                     "writes is not the one the rules require", "首家改出规则要求的牌，各家跟这手牌",
                     "the forced play the rules require, each follower following that"),
    "stood": ("记录写作甩牌失败，但这手甩牌本可成立", "written as a failed throw, though the throw would have stood",
              "甩牌成立，首家出整手甩牌，各家跟这手牌", "the throw stands: the whole throw, each follower following "
              "that"),
}
"""How the record writes the trick before, and the trick the rules require instead (Chinese, English each):
:data:`.lead_after_throw.SHOWN`, ``WRONG_FORCED``, ``STOOD``."""


def lines_swapped_readings(late: Sequence[int], pairs: Sequence[tuple[int, int]], found: int,
                           what: Sequence[str]) -> Message:
    """Tricks ``late`` each led out of turn as written, and each trick led by the seat due with the plays of one of
    ``pairs`` exchanged (:func:`.play_order.lines_swapped`): judged every way (``found``: the fewest violations of
    an exchange), what all give kept."""
    lzh = "、".join(str(t) for t in late)
    len_ = ", ".join(str(t) for t in late[:-1]) + f" and {late[-1]}"
    pzh = "或".join(f"第 {x}、{y} 轮" for x, y in pairs)
    pen = " or ".join(f"tricks {x} and {y}" for x, y in pairs)
    zh = (f"第 {lzh} 轮按记录都未按顺序首出，而{pzh}两行出牌互换后各轮都由应首出者首出，记录未说明是两行抄错了位置"
          f"还是牌桌犯规：本局按每种读法各判定一次（互换后最少有 {found} 处违规），只保留各种判定都相同的结论")
    en = (f"tricks {len_} were each led out of turn as written, and with the plays of {pen} exchanged every trick "
          f"is led by the seat due; the record does not say whether two lines were copied in each other's place or "
          f"the table led out of turn: the hand was judged each way (exchanged, the fewest violations are {found}), "
          f"and only what all give is kept")
    return unknown_fact(zh, en, what, True, ORDER_THROW)    # (two or three tricks led out of turn, two exchanged)


def leader_open(recorded: int | None, leads: Sequence[tuple[int, str | None, bool]]) -> Message:
    """Who led a trick is not known: the readings of the record give it the leaders (with their lead kinds) of
    ``leads`` (``HandResult.leads_of``).  ``recorded``: the seat of the trick line's first play (``None``: no
    play), the one the line as recorded leads with — said "as recorded"; every other "in another reading"."""
    by_seat: dict[int, dict[str | None, None]] = {}
    for seat, kind, _ in leads:
        by_seat.setdefault(seat, {})[kind] = None
    parts_zh, parts_en = [], []
    for i, (seat, kinds) in enumerate(by_seat.items()):
        kinds_zh = "或".join(lead_kind_words(k)[0] for k in kinds)
        kinds_en = " or ".join(lead_kind_words(k)[1] for k in kinds)
        if seat == recorded:
            how_zh, how_en = "按记录", "as recorded"
        elif i == 0 and recorded not in by_seat:
            how_zh, how_en = "按一种读法", "in one reading"
        else:
            how_zh, how_en = "按另一种读法", "in another reading"
        parts_zh.append(f"{how_zh}为{SEAT_NAMES_ZH[seat]}（{kinds_zh}）")
        parts_en.append(f"{SEAT_TOKENS[seat]} {how_en} ({kinds_en})")
    return ("首家未知：记录的各种读法由不同的一家首出，" + "，".join(parts_zh) + "（见“未知”）",
            "leader not known: the readings of the record give different seats the lead, "
            + ", ".join(parts_en) + " (see unknown)")


def copies_placed(decks: int) -> Message:
    """Where the decks' other copies are, in a proof that a seat cannot hold a card (:mod:`.deck_proof`: one rule
    for :mod:`.deal_lines` and :mod:`.impossible_plays`)."""
    whose = "1 deck's" if decks == 1 else f"{decks} decks'"
    return (f"{decks} 副牌中其余的这种牌确定在别处（在其他各家手中：其发牌行给出且已打出；或在扣底中：庄家的发牌行、"
            f"底牌与其出牌都与扣底行相符）",
            f"the {whose} other copies are placed beyond doubt elsewhere (in the "
            f"other seats' cards: their lines give them and they play them; or in the bury, the dealer's line, the "
            f"bottom and its plays bearing the Buried: line out)")


def _holds_at_most(seat: int, cards: Sequence[tuple[int, int]], decks: int) -> Message:
    """What the decks prove of ``seat`` (:func:`line_proven`, :func:`line_disproven`): the copies placed beyond doubt
    elsewhere, so it holds at most so many of each of ``cards``."""
    zh_cards = "、".join(f"{n} 张 {cards_text([k])}" for k, n in cards)
    en_cards = ", ".join(f"{n} {cards_text([k])}" for k, n in cards)
    placed_zh, placed_en = copies_placed(decks)
    return (f"{placed_zh}，{SEAT_NAMES_ZH[seat]}最多持有 {zh_cards}",
            f"{placed_en}, so {SEAT_TOKENS[seat]} holds at most {en_cards}")


def line_proven(seat: int, cards: Sequence[tuple[int, int]], decks: int, taker: bool = False,
                chain: bool = False) -> Message:
    """Added to the ``not_in_hand`` / ``deal_mismatch`` of a seat whose deal line the decks prove right
    (:mod:`.deal_lines`): it cannot hold the copies it plays of ``cards`` (each with the most it can hold), so a
    play on its line is miscopied.  ``taker``: the seat took the bottom, its cards its deal line with the bottom,
    less the bury — those are right (``chain``: after 炒地皮, the bottom it took, less its own bury)."""
    (zh_most, en_most), s_zh, s_en = _holds_at_most(seat, cards, decks), SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    if taker:
        tz, te = (("发牌行加上所取的底牌、减去自己所扣的牌", "its deal line with the bottom it took, less its bury")
                  if chain else ("发牌行加底牌、减去所扣的牌", "its deal line with the bottom, less the bury"))
        return (f"——{zh_most}：{s_zh}的牌（{tz}）无误，是其出牌有一处记错（把{s_zh}打出的其牌中没有的牌换成其剩下的牌，"
                "各种换法都判定，只保留各种换法都相同的结论）",
                f" — {en_most}: its cards ({te}) are right and a play of {s_en}'s is miscopied (each card {s_en} plays "
                f"beyond its cards read as a card it holds after the last trick, every way judged, and only what "
                f"every way gives kept)")
    return (f"——{zh_most}：发牌行无误，"
            f"是其出牌有一处记错（把{s_zh}打出的发牌行中没有的牌换成其剩下的牌，各种换法都判定，只保留各种换法都相同的结论）",
            f" — {en_most}: its deal line is right and a play on it is "
            f"miscopied (each card {s_en} plays beyond its line read as a card it holds after the last trick, every "
            f"way judged, and only what every way gives kept)")


def line_disproven(seat: int, cards: Sequence[tuple[int, int]], decks: int) -> Message:
    """Added to the ``not_in_hand`` / ``deal_mismatch`` of a seat whose deal line the decks prove miscopied
    (:mod:`.deal_lines`): it cannot hold the copies its line gives of ``cards`` (each with the most it can hold),
    so its plays are right and its line is miscopied."""
    (zh_most, en_most), s_zh, s_en = _holds_at_most(seat, cards, decks), SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"——{zh_most}："
            f"出牌无误，是其发牌行有一处记错（本局按{s_zh}的发牌行以其打出的发牌行中没有的牌换下其剩下的牌判定）",
            f" — {en_most}: its plays are right and its deal line is "
            f"miscopied (the hand judged on its line with the cards {s_en} plays beyond it in place of those it "
            f"holds after the last trick)")


def line_read_from_plays(seat: int, written: Sequence[int], dealt: Sequence[int]) -> Message:
    """The cards of a deal line the decks prove miscopied, read from its seat's plays (:mod:`.deal_lines`)."""
    s_zh, s_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{s_zh}的发牌行写作 {cards_text(written)} 之处实为 {cards_text(dealt)}：记录的发牌行不可能是实际发牌"
            f"（各副牌的其余同样的牌确定在别处：其他各家手中或扣底中），出牌无误，{s_zh}打出的发牌行中没有的牌就是发到的牌",
            f"{s_en} was dealt {cards_text(dealt)} where its deal line writes {cards_text(written)}: the line as "
            f"written cannot be what was dealt (the decks' other copies are placed beyond doubt elsewhere: the other seats' cards or the bury), the plays are right, "
            f"and the cards {s_en} plays beyond its line are the ones dealt")


def fault_whichever_play(seat: int | None, code: str) -> Message:
    """A violation found whichever play on a deal line the decks prove right is the miscopied one, whose owed play
    (or words) differs between the ways (:mod:`.deal_lines`)."""
    return fault_owed_open(seat, code, ("无论记错的是哪一手出牌都违例，但应出哪一手取决于是哪一手记错",
                                        "whichever play on the deal line is the miscopied one; the play owed "
                                        "depends on which"))


def play_read_from_line(shown: Sequence[tuple[int, int, Sequence[int]]]) -> Message:
    """The plays on a deal line the decks prove right, read with the cards its seat holds after the last trick
    (:mod:`.deal_lines`): every way of reading them gives these cards."""
    zh = "、".join(f"第 {t} 轮{SEAT_NAMES_ZH[s]}出 {cards_text(c)}" for t, s, c in shown)
    en = ", ".join(f"{SEAT_TOKENS[s]} played {cards_text(c)} in trick {t}" for t, s, c in shown)
    return (f"{zh}：记录的这手出牌不可能是实际出牌（各副牌的其余同样的牌确定在别处：其他各家手中或扣底中），发牌行无误，"
            f"最后一轮后剩下的牌就是实际打出的牌",
            f"{en}: the play as written cannot be what was played (the decks' other copies are placed beyond doubt elsewhere: the other seats' cards or the bury), "
            f"the deal line is right, and the cards left after the last trick are the ones played")


def which_play_miscopied(seats: Sequence[int], what: Sequence[str]) -> Message:
    """Deal lines the decks prove right, a play on each miscopied (:mod:`.deal_lines`): which play, or which
    cards were played, differs between the ways of reading them; what they do not agree on is withheld."""
    zh, en = seat_list(seats)
    zh = (f"{zh}的发牌行无误（各副牌的其余同样的牌确定在别处：其他各家手中或扣底中），其出牌有一处记错，但不知是哪一手：各种读法都判定，"
          f"只保留各种读法都相同的结论")
    en = (f"{en}'s deal line is right (the decks' other copies are placed beyond doubt elsewhere: the other seats' cards or the bury) and a play on it is miscopied, "
          f"but which one is not known: every way of reading it is judged, and only what every way gives is kept")
    if not what:
        return f"{zh}（各种读法的判定都相同）", f"{en} (every way gives the same verdicts)"
    return unknown_fact(zh, en, what)


def fact_every_reading(fact: str, value: str) -> Message:
    """A derived fact every reading of the record gives with one value, each from something of its own
    (:func:`.agreement.shared_facts`): said once, without any one reading's grounds."""
    return (f"{fact} = {value}：记录的每一种读法都推出这一结论（各读法的依据不同，不逐一列出）",
            f"{fact} = {value}: every reading of the record gives it (each on grounds of its own, not repeated here)")

"""Bilingual messages about take-backs and the match's forfeit count that the record leaves open:
a ``[Takebacks]`` word that is no seat, a take-back whose seat is not known (``?``) and the levels it
decides all the same, and whether a side forfeited the match when the count of wrong follows and
take-backs is not all known (docs/rules.md §10, §14.1).

Each function returns ``(message_zh, message_en)``, saying the same in both languages; the wording
of an unknown is :func:`.explain_unknown.unknown_fact`'s.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message
from .explain_unknown import SIDE_EN, SIDE_ZH, unknown_fact


def takebacks_unknown(what: Sequence[str]) -> Message:
    """A hand's ``[Takebacks]`` holds a word that is no seat (``unknown_seat``), under ``takeback_penalty =
    level``: not sure to be one take-back, so neither whose nor how many take-backs there were is known."""
    return unknown_fact("[Takebacks] 中有无法识别的词（不是座位）：按规则每次悔牌该方降一级，但不知这个词算不算一次悔牌、"
                        "该罚哪一方（也不知各方共悔牌几次），不作猜测",
                        "[Takebacks] holds a word that is no seat: each take-back costs its side a level, but whether the "
                        "word is one take-back, and which side it costs (so how many take-backs each side made), is not "
                        "known, so it is not guessed", what)


def _kept_names(kept: Sequence[str]) -> Message:
    """Sides (``NS``, ``EW``) or, in friend mode, players (``N`` …) named in both languages."""
    names = [(SIDE_ZH[("NS", "EW").index(k)] + "方", SIDE_EN[("NS", "EW").index(k)]) if k in ("NS", "EW")
             else (SEAT_NAMES_ZH[SEAT_TOKENS.index(k)], k) for k in kept]
    return "、".join(n[0] for n in names), " and ".join(n[1] for n in names)


def takeback_seats_unknown(count: int, friend: bool, what: Sequence[str], kept: Sequence[str] = ()) -> Message:
    """A hand's ``[Takebacks]`` gives ``count`` take-backs whose seat is not known (``?``), under
    ``takeback_penalty = level``: each costs one side a level — N–S or E–W (``friend``: the hand's dealer's
    side or the others) —, not known which.  ``kept``: the sides (or players) whose level after the hand is
    the same whichever side it falls on (2: a side at 2 loses no level), decided; ``what``: what is withheld."""
    sides_zh, sides_en = ("本局庄家方或闲家方", "the hand's dealer's side or the others") if friend else \
        ("南北方或东西方", "N–S or E–W")
    n_zh, n_en = (f"{count} 次悔牌", f"{count} take-backs") if count > 1 else ("一次悔牌", "a take-back")
    zh = f"[Takebacks] 中有{n_zh}的座位未知（\"?\"）：每次悔牌罚{sides_zh}一级，罚哪一方未知，不作猜测"
    en = (f"[Takebacks] gives {n_en} whose seat is not known (\"?\"): each costs {sides_en} a level, not known "
          f"which, so it is not guessed")
    if kept:
        kz, ke = _kept_names(kept)
        zh += f"；{kz}本局后为 2 级，无论罚哪一方都一样（在 2 级的一方不再降级），已推出"
        en += f"; {ke} at 2 after the hand whichever side it falls on (a side at 2 loses no level): derived"
    if what:
        return unknown_fact(zh, en, what)
    return zh + "；本局后的级别不因此而不予判定", en + "; no level after the hand is withheld for it"


def takeback_levels_derived(kept: Sequence[str]) -> Message:
    """The sides (or players) ``kept`` stay at 2 after a hand whose take-back's seat is not known: a side
    at 2 loses no level (docs/rules.md §10.2), so their level after is the same whichever side it costs."""
    kz, ke = _kept_names(kept)
    return (f"{kz}本局后为 2 级：[Takebacks] 中有座位未知的悔牌，但无论罚哪一方，在 2 级的一方不再降级",
            f"{ke} at 2 after the hand: [Takebacks] gives a take-back whose seat is not known, but whichever "
            "side it costs, a side at 2 loses no level")


def takebacks_forfeit_unknown(number: int, limit: int, what: Sequence[str]) -> Message:
    """The match's forfeit count is not known from hand ``number`` on (its ``[Takebacks]`` holds a word that
    is no seat); ``limit`` take-backs by a side forfeit the match."""
    return unknown_fact(f"第{number}局的 [Takebacks] 中有无法识别的词：此后各方的悔牌次数未知"
                        f"（累计 {limit} 次判负），不知是否有一方已被判负，不作猜测",
                        f"hand {number}'s [Takebacks] holds a word that is no seat: from then on how many take-backs "
                        f"each side made is not known ({limit} in a match forfeit it), so whether a side forfeited the "
                        f"match is not known and not guessed", what)


def _hands(numbers: Sequence[int]) -> Message:
    """``第1、3局`` / ``hands 1, 3`` (``hand 1``)."""
    zh = "第" + "、".join(map(str, numbers)) + "局"
    return zh, ("hand " if len(numbers) == 1 else "hands ") + ", ".join(map(str, numbers))


_NOT_JUDGED_WHY = {"Trump": ("主牌未知", "the trump is not known"), "Level": ("级牌未知", "the level is not known"),
                   "play": ("记录缺少一次出牌，自该轮起未判定", "a play left out, nothing judged from its trick on")}


def _bound(bound: Sequence[int], friend: bool) -> Message:
    """At most ``bound`` wrong follows (by team N–S, E–W; ``friend``: in all)."""
    if friend:
        return f"至多 {sum(bound)} 次", f"at most {sum(bound)}"
    return (f"南北方至多 {bound[0]} 次、东西方至多 {bound[1]} 次",
            f"at most {bound[0]} by N–S and {bound[1]} by E–W")


def open_count_words(kind: str, numbers: Sequence[int], extra: Sequence[int] = (0, 0), tags: Sequence[str] = (),
                     friend: bool = False) -> Message:
    """What leaves the match's count of wrong follows and take-backs open, as a clause: ``kind`` ``Takebacks``
    (take-backs whose seat is not known in hands ``numbers``), ``unjudged`` (plays not judged there — ``tags``:
    why, ``Trump``, ``Level`` or ``play`` —, ``extra`` the most wrong follows they hide by team), ``play`` (hands
    judged under readings that give different counts — ``tags``: one cause, ``play`` a play left out, ``deal``,
    ``order``, ``leader`` the readings of that tag, ``arrow`` a throw written without its ``->``, none named: the
    readings the hands' unknowns name),
    ``contradicted`` (a tag the rest of the record contradicts — ``tags`` —, the hand judged under each value)."""
    hz, he = _hands(numbers)
    if kind == "Takebacks":
        return (f"无论{hz} [Takebacks] 中的 \"?\"（座位未知的悔牌）是哪一方的",
                f"whoever took back the plays {he}'s [Takebacks] gives as \"?\" (seat not known)")
    if kind == "unjudged":
        why = [_NOT_JUDGED_WHY.get(t, (t, t)) for t in dict.fromkeys(tags)]
        bz, be = _bound(extra, friend)
        return (f"无论{hz}未判定的跟牌（{'、'.join(w[0] for w in why)}）中有几次跟牌错误（{bz}，每次跟牌至多一次）",
                f"however many of the follows of {he}, not judged ({'; '.join(w[1] for w in why)}), were wrong ({be}, "
                "one per follow)")
    if kind == "contradicted":      # a tag (Level, Dealer, Trump), or the Buried: line a play contradicts
        named = list(dict.fromkeys(tags))
        parts = []
        if any(t != "Buried" for t in named):
            shown = " ".join(f"[{t}]" for t in named if t != "Buried")
            parts.append((f"无论{hz}按其被记录其余部分否定的 {shown} 的哪个值判定",
                          f"whichever value of {he}'s {shown}, which the rest of the record contradicts, it is judged "
                          "under"))
        if "Buried" in named:
            parts.append((f"无论{hz}的 Buried: 一行与同它矛盾的出牌哪一个记错了",
                          f"whichever of {he}'s Buried: line and the play that contradicts it is miscopied"))
        return "、".join(p[0] for p in parts), "; and ".join(p[1] for p in parts)
    zh, en = _READINGS_WORDS.get(tags[0] if tags else "", _READINGS_WORDS[""])
    return zh.format(hz=hz), en.format(he=he, its="its" if len(numbers) == 1 else "their")


_READINGS_WORDS = {
    "play": ("无论{hz}记录缺少的出牌是什么", "whatever the play {he} leaves out was"),
    "deal": ("无论{hz}的发牌行与出牌按哪种读法判定（其 [deal] 未知项所列的读法）",
             "whichever reading of {he}'s deal lines and plays it is judged under (the readings {its} [deal] unknown "
             "names)"),
    "order": ("无论{hz}的出牌按哪种顺序读（其 [order] 未知项所列的读法）",
              "whichever order {he}'s plays are read in (the readings {its} [order] unknown names)"),
    "leader": ("无论{hz}各轮按记录所写的赢家还是按规则的赢家排座（其 [leader] 未知项所列的读法）",
               "whether {he}'s tricks are seated from the winners the record names or from those the rules give (the "
               "readings {its} [leader] unknown names)"),
    "arrow": ("无论{hz}中没写 '->' 的甩牌按哪种读法判定——按所写，或按甩牌失败、改出规则允许的各种出法"
              "（其 [play] 未知项所列的读法）",
              "whichever way {he}'s throw written without its '->' is read — as written, or as failed, to each forced "
              "play the rule allows (the readings {its} [play] unknown names)"),
    "": ("无论{hz}按哪种读法判定（其未知项所列的读法）", "whichever reading of {he} it is judged under (the readings {its} "
         "unknowns name)"),
}
"""What :func:`open_count_words` says of hands judged under readings (kind ``play``), by the cause its ``tags``
name (:func:`.forfeit_readings.readings_causes`): a play left out, the readings of the deal lines, of the order of
the plays, of the seats tricks are seated from, of a throw written without its arrow; none named (``""``)."""


def count_open_unknown(clauses: Sequence[Message], limit: int, what: Sequence[str]) -> Message:
    """Whether a side forfeited the match is not known: under some readings of ``clauses`` (what leaves the
    count open: :func:`open_count_words`) a side reaches ``limit`` wrong follows or take-backs — the count
    that forfeits the match — and under others it does not (or not in the same hand)."""
    zh = "；".join(c[0] for c in clauses)
    en = "; ".join(c[1] for c in clauses)
    return unknown_fact(f"本场的跟牌错误与悔牌次数不全知道——{zh}，结果不同：按有的读法一方累计达到 {limit} 次而判负，"
                        "按有的读法没有（或不在同一局）；不知是否有一方已被判负，不作猜测",
                        f"the match's count of wrong follows and take-backs is not all known — {en}, it differs: with "
                        f"some readings a side reaches the {limit} in a match that forfeit it, with others not (or not in "
                        "the same hand), so whether a side forfeited the match is not known and not guessed", what)


def forfeit_every_reading(value: str, limit: int, clauses: Sequence[Message]) -> Message:
    """Whether a side forfeited the match by the end of this hand — ``value``: ``none``, ``NS``, ``EW`` or
    ``both`` — is the same under every reading of what leaves the count open (``clauses``:
    :func:`open_count_words`); ``limit``: the wrong follows, or take-backs, by a side that forfeit the match."""
    zh = "、".join(c[0] for c in clauses)
    en = "; and ".join(c[1] for c in clauses)
    if value == "none":
        return (f"到本局结束无人被判负：{zh}，都没有一方累计达到 {limit} 次跟牌错误或 {limit} 次悔牌",
                f"nobody forfeited the match by the end of this hand: {en}, no side reaches {limit} wrong follows or "
                f"{limit} take-backs")
    if value == "both":
        return (f"双方均在本局结束时被判负：{zh}，双方都累计达到 {limit} 次",
                f"both sides forfeited the match at the end of this hand: {en}, both reach the count of {limit}")
    team = 0 if value == "NS" else 1
    return (f"{SIDE_ZH[team]}方在本局结束时被判负：{zh}，{SIDE_ZH[team]}方都累计达到 {limit} 次，{SIDE_ZH[1 - team]}方都没有",
            f"{SIDE_EN[team]} forfeited the match at the end of this hand: {en}, {SIDE_EN[team]} reach the count of "
            f"{limit} and {SIDE_EN[1 - team]} do not")


def gap_forfeit_unknown(number: int, limit: int, what: Sequence[str]) -> Message:
    """Hand ``number`` leaves a play out, and the ways of filling it in give a side different numbers of
    level penalties: with some a side reaches the ``limit`` that forfeits the match, with others not."""
    return unknown_fact(f"第{number}局记录缺少一次出牌：按不同的补法，一方的跟牌错误（或悔牌）次数不同，有的补法达到"
                        f"累计 {limit} 次判负，有的没有；不知是否有一方已被判负，不作猜测",
                        f"hand {number} leaves a play out, and the ways of filling it in give a side different numbers "
                        f"of wrong follows (or take-backs): with some it reaches the {limit} in a match that forfeit it, "
                        f"with others not, so whether a side forfeited the match is not known and not guessed", what)


def may_pass_words(number: int, teams: Sequence[int], why: str, win_level: int) -> Message:
    """A clause: hand ``number``'s result is not known (``why``: the tag whose value not known withheld it —
    ``Trump``, ``Level``, ``play`` …), and ``teams`` (0 N–S, 1 E–W) may have passed the winning level
    ``win_level`` in it (docs/rules.md §8.4): the match may have ended there."""
    wz, we = _NOT_JUDGED_WHY.get(why, (f"[{why}] 未知", f"[{why}] is not known"))
    sz = "或".join(f"{SIDE_ZH[t]}方" for t in teams)
    se = " or ".join(SIDE_EN[t] for t in teams)
    level = RANK_TOKENS.get(win_level, str(win_level))
    return (f"第{number}局结果未知（{wz}），{sz}可能在该局打过了获胜级别 {level}",
            f"hand {number}'s result is not known ({we}), and {se} may have passed the winning level ({level}) in it")


def penalties_not_reached(revokes: int, takebacks: int, hidden: bool) -> Message:
    """The record stops inside this hand: its ``revokes`` wrong follows and ``takebacks`` take-backs (``hidden``:
    and the wrong follows its plays not judged may hide) cost their side a level at the end of the hand (seed
    001 rules 五, 七: after the hand is played out), which the record does not reach — so, when it ends, no level
    is lost for them and they do not count towards the forfeit (docs/rules.md §10.1)."""
    zh, en = [], []
    if revokes:
        zh.append(f"{revokes} 次跟牌错误")
        en.append(f"{revokes} wrong follow{'s' if revokes > 1 else ''}")
    if takebacks:
        zh.append(f"{takebacks} 次悔牌")
        en.append(f"{takebacks} take-back{'s' if takebacks > 1 else ''}")
    if hidden:
        zh.append("未判定的出牌中可能有的跟牌错误")
        en.append("any wrong follows of its plays not judged")
    return (f"记录在本局中途结束：跟牌错误与悔牌按规则在本局打完后才罚降一级并计入累计判负，记录未到该时——记录结束时本局的"
            f"{'、'.join(zh)}不降级，也不计入累计判负",
            "the record stops inside this hand: a wrong follow or a take-back costs its side a level, and counts "
            "towards the forfeit, at the end of the hand, which the record does not reach — so when the record ends "
            f"no level is lost and nothing is counted towards the forfeit for this hand's {' and '.join(en)}")


def misnumbered_words(number: int, misnumbered: int) -> Message:
    """A clause: ``misnumbered`` later copies of hand ``number`` cannot be the same deal as the first as written
    (another ``[Dealer]``, other deal lines or plays: :func:`.hand_copies.may_be_next`), so each may instead be
    the next hand with its number miswritten — one more reading each (docs/rules.md §14.1)."""
    if misnumbered == 1:
        return (f"；其中后一份与第一份不可能是同一副牌——庄家、发牌或出牌不同——，也可能是误写了局号的下一局，即第{number + 1}局",
                f"; a later copy cannot be the same deal as the first — its dealer, deal or plays differ —, so it may "
                f"instead be the next hand, hand {number + 1}, with its number miswritten")
    return (f"；其中后 {misnumbered} 份与第一份不可能是同一副牌——庄家、发牌或出牌不同——，每一份也可能是误写了局号的下一局，"
            f"即第{number + 1}局",
            f"; {misnumbered} later copies cannot be the same deal as the first — their dealer, deal or plays "
            f"differ —, so each may instead be the next hand, hand {number + 1}, with its number miswritten")


def copies_words(number: int, copies: int, teams: Sequence[int] = (), win_level: int | None = None,
                 misnumbered: int = 0) -> Message:
    """A clause: hand ``number`` is written ``copies`` times (``duplicate_hand``) and the record does not say which
    copy is right — each copy is one reading of the hand, counted once (docs/rules.md §14.1); ``misnumbered``
    later copies may instead be the next hand (:func:`misnumbered_words`), one more reading each —, and the
    readings give different counts of wrong follows and take-backs, or ``teams`` (0 N–S, 1 E–W) pass the winning
    level ``win_level`` under some and not under another."""
    times_zh = "两次" if copies == 2 else f"{copies} 次"
    times_en = "twice" if copies == 2 else f"{copies} times"
    zh = f"无论第{number}局的哪一份记录是对的（该局在记录中写了{times_zh}，记录未说明哪一份对"
    en = f"whichever copy of hand {number} is right (it is written {times_en}, and the record does not say which"
    if misnumbered:
        mz, me = misnumbered_words(number, misnumbered)
        zh, en = zh + mz, en + me
    if teams:
        level = RANK_TOKENS.get(win_level, str(win_level))
        sz = "或".join(f"{SIDE_ZH[t]}方" for t in teams)
        se = " or ".join(SIDE_EN[t] for t in teams)
        zh += f"；按有的一份{sz}在该局打过了获胜级别 {level}，按另一份没有"
        en += f"; under some copy {se} passed the winning level ({level}) in it, under another not"
        if misnumbered:     # (the next hand's reading: a pass in it, or the first copy's)
            zh += "（或在其后的下一局）"
            en += " (or in the next hand after it)"
    return zh + "）", en + ")"


def pass_undone(seats: Sequence[int], win_level: int, after: int) -> Message:
    """(中文, English) of a side that passed the winning level by a hand's result but lost a level to a penalty at
    the hand's end (a wrong follow, a take-back: docs/rules.md §8.4, §10.1): the penalty is counted before the pass,
    as the forfeit count is — the side ends below the winning level and has not passed it (a forfeit the same hand
    reaches still ends the match: not said here)."""
    level, now = RANK_TOKENS.get(win_level, str(win_level)), RANK_TOKENS.get(after, str(after))
    side = {(0, 2): ("N–S", "南北"), (1, 3): ("E–W", "东西")}.get(tuple(sorted(seats)))
    who = side[0] if side else " ".join(SEAT_TOKENS[s] for s in seats)
    who_zh = side[1] if side else "、".join(SEAT_NAMES_ZH[s] for s in seats)
    return (f"本局结果使{who_zh}越过 {level}，但本局结束时的罚级（跟牌错误或悔牌）使其降到 {now}：罚级先于过级计算（与判负的"
            f"累计次数相同，docs/rules.md §8.4、§10.1），不算打过 {level}，本局不因此结束比赛",
            f"the hand's result takes {who} past {level}, but the level penalty at the hand's end (a wrong follow or a "
            f"take-back) takes them to {now}: the penalty is counted before the pass, as the forfeit count is "
            f"(docs/rules.md §8.4, §10.1) — {level} is not passed, and the hand does not end the match by it")

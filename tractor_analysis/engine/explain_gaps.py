"""Bilingual messages about a record that ends inside a hand or leaves plays out (:mod:`.unfinished`,
:mod:`.record_gaps`): what is derived from the plays the record does give (a trick's winner and points,
a play left out), and what is withheld for want of the rest — docs/rules.md §14.1.

Each function returns ``(message_zh, message_en)``, saying the same in both languages.  The
other facts a record does not state are worded in :mod:`.explain_unknown`.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import SEAT_NAMES_ZH, SEAT_TOKENS, TOKEN
from .explain import Message
from .explain_unknown import seat_list, unknown_fact
from .rule_refs import rule_ref


def _s(seats: Sequence[int]) -> str:
    """The verb's ending after the seats (one seat: "S plays"; more: "S, W play")."""
    return "s" if len(seats) == 1 else ""


def record_ends_in_trick(trick: int, missing: Sequence[int], what: Sequence[str]) -> Message:
    """The record ends in a trick before ``missing`` played (:mod:`.unfinished`)."""
    zh, en = seat_list(missing)
    if "trick_winner" not in what:      # the winner stands (derived): only the points rest on the plays missing
        return unknown_fact(f"记录在第 {trick} 轮{zh}出牌之前结束，该墩的分数取决于{zh}出什么（赢家则不受影响），"
                            f"不按已记录的出牌计分",
                            f"the record ends in trick {trick} before {en} played: the trick's points depend on "
                            f"what {en} play{_s(missing)} (its winner does not), so they are not counted from the "
                            f"plays recorded", what)
    return unknown_fact(f"记录在第 {trick} 轮{zh}出牌之前结束，该墩的结果取决于{zh}出什么，不按已记录的出牌判定",
                        f"the record ends in trick {trick} before {en} played: what the trick gives depends on "
                        f"what {en} play{_s(missing)}, so it is not judged from the plays recorded", what)


def _gaps(gaps: Sequence[tuple[int, Sequence[int]]]) -> Message:
    """The plays a record leaves out: "第 3 轮北家的出牌" / "N's play in trick 3"."""
    zh = "、".join(f"第 {t} 轮{seat_list(m)[0]}的出牌" for t, m in gaps)
    en = ", ".join(f"{seat_list(m)[1]}'s play{'s' if len(m) > 1 else ''} in trick {t}" for t, m in gaps)
    return zh, en


def _left_holding(left: Sequence[int], cards: int = 1) -> Message:
    """The cards ``left`` seats are left holding at the end, tried as their play (legal or not)."""
    zh, en = seat_list(left)
    what = "card" if cards == 1 and len(left) == 1 else "cards"
    return f"{zh}最后剩下的牌", f"the {what} {en} {'is' if len(left) == 1 else 'are'} left holding at the end"


def _tried(tried: int, legal: int | None, left: Sequence[int], cards: int = 1, total: bool = True) -> Message:
    """What was tried for the plays left out: "the 3 legal ways and the card E is left holding at
    the end" — never an illegal play counted among the legal ways."""
    if legal is None or legal == tried or not left:
        return f"{tried} 种合法出法", f"{tried} legal way{'s' if tried != 1 else ''}"
    lz, le = _left_holding(left, cards)
    tz, te = (f"（共 {tried} 种）", f" ({tried} in all)") if total else ("", "")
    return f"{legal} 种合法出法及{lz}{tz}", f"{legal} legal way{'s' if legal != 1 else ''} and {le}{te}"


def record_leaves_out(gaps: Sequence[tuple[int, Sequence[int]]], what: Sequence[str], ways: int,
                      tried: int, legal: int | None = None, left: Sequence[int] = (), cards: int = 1) -> Message:
    """The record goes on past a trick without a seat's play (:mod:`.record_gaps`): the hand was
    judged once for each of the ``tried`` ways that seat could have played — its ``legal`` ways
    (all of them when ``None``), and the cards the ``left`` seats are left holding at the end,
    legal or not (``cards`` of them) —, ``ways`` of them fitting the rest of the record."""
    zh, en = _gaps(gaps)
    tz, te = _tried(tried, legal, left, cards)
    if ways == tried and (legal is None or legal == tried or not left):
        fit_zh, fit_en = f"按其所有 {ways} 种合法出法", f"for each of the {ways} legal ways to play it"
    elif ways == tried:
        fit_zh, fit_en = f"按其 {tz}", f"for each of its {te}"
    else:
        fit_zh = f"按其 {tz}中与记录后面的出牌相符的 {ways} 种"
        fit_en = f"for each of the {ways} of its {te} that fit the record's later plays"
    head_zh = f"记录缺少{zh}（记录在其后仍继续，不按未出牌判定）：{fit_zh}各判定一次，只保留每种出法下都相同的判定"
    head_en = (f"the record leaves out {en} (it goes on after, so this is not judged as not playing): the hand "
               f"was judged once {fit_en}, and only what all of them give is kept")
    if not what:
        return head_zh + "；所有判定都相同", head_en + "; they all give the same"
    return unknown_fact(head_zh, head_en, what)


def gap_play_derived(shown: Sequence[tuple[int, int, Sequence[int]]], tried: int, legal: int | None = None,
                     left: Sequence[int] = (), illegal: bool = False, cards: int = 1) -> Message:
    """The plays a record leaves out, derived: of the ``tried`` ways, one fits the rest.  ``legal``:
    how many of them are legal ways (all when ``None``), the others the cards the ``left`` seats are
    left holding at the end (``cards`` of them); ``illegal``: the one that fits is such cards, and no
    legal play."""
    zh = "、".join(f"第 {t} 轮{SEAT_NAMES_ZH[s]}出 {' '.join(TOKEN[k] for k in c)}" for t, s, c in shown)
    en = ", ".join(f"{SEAT_TOKENS[s]} played {' '.join(TOKEN[k] for k in c)} in trick {t}" for t, s, c in shown)
    if legal is not None and legal != tried and left:
        tz, te = _tried(tried, legal, left, cards, total=False)
        if illegal:
            one = cards == 1 and len(left) == 1
            why_zh = f"{tz}中，只有剩下的牌与记录后面的出牌相符——那不是合法出法"
            why_en = (f"of the {te}, only {'that card fits' if one else 'those cards fit'} the record's later "
                      f"plays — {'it is' if one else 'they are'} not a legal play")
        else:
            why_zh = f"{tz}中只有这一种与记录后面的出牌相符"
            why_en = f"of the {te}, only this one fits the record's later plays"
    elif tried == 1:
        why_zh, why_en = "这是唯一的合法出法", "the only legal way"
    else:
        why_zh, why_en = (f"{tried} 种合法出法中只有这一种与记录后面的出牌相符",
                          f"of the {tried} legal ways, only this one fits the record's later plays")
    return (f"记录缺少的出牌由其后的出牌与发牌推出：{zh}（{why_zh}）",
            f"the play{'s' if len(shown) > 1 else ''} the record leaves out, from the later plays and the deal: {en} "
            f"({why_en})")


def gap_play_fixed(shown: Sequence[tuple[int, int, Sequence[int]]]) -> Message:
    """The plays a record leaves out, derived from the deal alone though their tricks are not judged (the
    play left out may be the lead itself, :func:`.unfilled_gaps.not_judged`): of the cards each seat held
    then, those are the only ones it does not play later."""
    zh = "、".join(f"第 {t} 轮{SEAT_NAMES_ZH[s]}出 {' '.join(TOKEN[k] for k in c)}" for t, s, c in shown)
    en = ", ".join(f"{SEAT_TOKENS[s]} played {' '.join(TOKEN[k] for k in c)} in trick {t}" for t, s, c in shown)
    many = len(shown) > 1
    return (f"记录缺少的出牌由其后的出牌与发牌推出：{zh}（当时所持的牌中，只有{'这些' if many else '这一手'}其后没有打出）；"
            f"但不知{'各' if many else '该'}轮是否由其首出，故{'这几' if many else '该'}轮仍不判定",
            f"the play{'s' if many else ''} the record leaves out, from the later plays and the deal: {en} (of the "
            f"cards {'each seat' if many else 'the seat'} held then, the only "
            f"{'one' if sum(len(c) for _, _, c in shown) == 1 else 'ones'} it does not play later); whether "
            f"{'each' if many else 'it'} led {'its' if many else 'that'} trick is not known, so "
            f"{'those tricks are' if many else 'the trick is'} still not judged")


GAP_NOT_JUDGED = {
    "cards": ("缺出牌的一方当时持有哪些牌未知", "the cards the seat without a play held then are not known"),
    "lead": ("缺的可能正是首出（该首出的一家没有出牌记录）", "the play left out may be the lead itself (the seat due "
             "to lead has none)"),
    "bad_lead": ("该轮的首出不合规则，跟牌的出法无从列举", "the trick's lead is not one the rules define, so the ways "
                 "to follow it cannot be listed"),
    "ways": ("可能的出法太多，无法逐一判定", "there are too many ways it could have been played to judge each"),
}
"""Why the ways a record's missing play could have been made are not judged (:func:`.unfilled_gaps.not_judged`)."""


def gaps_not_judged(gaps: Sequence[tuple[int, Sequence[int]]], what: Sequence[str], why: str,
                    judged: bool = True, led: Sequence[int] = (), again: bool = False) -> Message:
    """The record leaves out a play, and its ways cannot all be judged (:func:`.unfilled_gaps.not_judged`):
    what is not judged from its trick on, and (``judged``: the hand's tricks are judged — its trump and
    level known) what still is.  ``led``: the gaps' tricks whose lead the record gives (the other seats'
    follows there are judged); ``again``: the verdicts on the seats left out and on throws were judged
    again on the cards those seats surely held (:func:`.unfilled_gaps._judged_after`), so they stand where
    those cards prove them — else they are withheld from the first gap on."""
    zh, en = _gaps(gaps)
    wzh, wen = GAP_NOT_JUDGED[why]
    seats = sorted({s for _, m in gaps for s in m})
    szh, sen = seat_list(seats)
    one = len(gaps) == 1
    plays = "play" if sum(len(m) for _, m in gaps) == 1 else "plays"
    if all(t in led for t, _ in gaps):
        tzh, ten = (f"{'该轮' if one else '这几轮'}的赢家与所缺的出牌无从判定",
                    ("that trick's winner" if one else "those tricks' winners") + f" and the {plays} left out "
                    "are not judged")
    elif one or not led:
        tzh, ten = (f"{'该轮' if one else '这几轮'}的赢家与出牌是否合法无从判定",
                    f"{'that trick is' if one else 'those tricks are'} not judged (winner, verdicts)")
    else:
        tzh, ten = ("这几轮的赢家与所缺的出牌无从判定，首出未记录的各轮出牌是否合法也无从判定",
                    "those tricks' winners and the plays left out are not judged, nor the verdicts of those whose "
                    "lead the record does not give")
    nzh, nen = ("其后一轮", "the trick after it") if one else ("每处后一轮", "the trick after each")
    if again:
        head_zh = f"记录缺少{zh}（记录在其后仍继续）：{wzh}，{tzh}，{nzh}该由谁首出也不判定"
        head_en = f"the record leaves out {en} (it goes on after): {wen}, so {ten}, nor who was to lead {nen}"
        head_zh += (f"；自缺牌那一轮起，{szh}的出牌只在其后来打出的牌证明跟牌有错时判定，甩牌只在其余各家确知持有的牌"
                    f"能管上时判定失败（应改出哪一手取决于{szh}持牌时不予指明）")
        head_en += (f"; from the trick that leaves {sen} out on, {sen}'s plays are judged only where the cards "
                    f"{sen} play{_s(seats)} later prove a wrong follow, and a throw is judged failed only where cards "
                    f"a seat surely held beat it (the play it forced named only where it does not rest on what "
                    f"{sen} held)")
    elif one:
        head_zh = f"记录缺少{zh}（记录在其后仍继续）：{wzh}，{tzh}，自该轮起{szh}的出牌、每次甩牌以及{nzh}该由谁首出也不判定"
        head_en = (f"the record leaves out {en} (it goes on after): {wen}, so {ten}, nor, from it on, {sen}'s "
                   f"plays, any throw, or who was to lead {nen}")
    else:
        head_zh = (f"记录缺少{zh}（记录在其后仍继续）：{wzh}，{tzh}，自第一处起每次甩牌、{szh}各自自缺牌那一轮起的出牌，"
                   f"以及{nzh}该由谁首出也不判定")
        head_en = (f"the record leaves out {en} (it goes on after): {wen}, so {ten}, nor any throw from the first "
                   f"on, nor {sen}'s plays from the trick that leaves each out on, nor who was to lead {nen}")
    if judged:
        where_zh = "，缺牌那一轮首出已记录时该轮亦然" if led else ""
        where_en = ", in a trick that leaves a play out too when its lead is recorded" if led else ""
        head_zh += (f"；其他各家的跟牌（只取决于各自的牌与所记录的首出{where_zh}）以及此后完整记录的各轮的赢家"
                    f"（只取决于该轮的出牌）照常判定")
        head_en += (f"; the other seats' follows (which rest on their own cards and the lead recorded{where_en}) and "
                    "the winners of the later tricks the record gives whole (which rest on their plays alone) are judged")
    return unknown_fact(head_zh, head_en, what)


def gap_points_no_point_cards(trick: int, points: int, missing: Sequence[int], ends: bool = False) -> Message:
    """A trick whose play by ``missing`` the record leaves out (``ends``: the trick the record ends in,
    before they played), not judged (:func:`.unfilled_gaps.not_judged`), but whose points are proven: no
    card those seats could have held then carries points."""
    zh, en = seat_list(missing)
    one = len(missing) == 1
    plays_en = f"play{'' if one else 's'}"
    if ends:
        head_zh, head_en = (f"记录在{zh}出牌之前结束", f"the record ends before {en} played, "
                            f"but {'its' if one else 'their'} {plays_en} count")
    else:
        head_zh, head_en = f"含记录所缺{zh}的那一手", f"counting {en}'s {plays_en} the record leaves out"
    return (f"第 {trick} 轮共 {points} 分（{head_zh}）：除去此前已出的牌与其他各家当时持有的牌，"
            f"{zh}当时可能持有的牌中没有 5、10 或 K，{zh}的那一手不带分",
            f"trick {trick} holds {points} points ({head_en}): the cards {en} could have held then (none played "
            f"before, none in another seat's hand) include no 5, 10 or K, so {en}'s {plays_en} carr"
            f"{'ies' if one else 'y'} no points")


def gap_winner_derived(trick: int, winner: int, missing: Sequence[int], fitted: bool, left: bool = False) -> Message:
    """A trick whose play by ``missing`` the record leaves out, won by ``winner`` whatever they
    played (``fitted``: of the plays that fit the record's later plays; ``left``: those include the
    cards a seat is left holding at the end, which are no legal play)."""
    zh, en = seat_list(missing)
    fz, fe = ("（在与记录后面的出牌相符的出法中）", " (of those that fit the record's later plays)") if fitted else ("", "")
    if left:
        return (f"第 {trick} 轮由{SEAT_NAMES_ZH[winner]}赢：记录缺少{zh}的出牌，但无论{zh}出的是某种合法出法还是最后剩下的牌{fz}，"
                f"都是{SEAT_NAMES_ZH[winner]}赢",
                f"trick {trick} won by {SEAT_TOKENS[winner]}: the record leaves out {en}'s play, but whether {en} made "
                f"a legal play or played the cards left at the end{fe}, {SEAT_TOKENS[winner]} wins it")
    return (f"第 {trick} 轮由{SEAT_NAMES_ZH[winner]}赢：记录缺少{zh}的出牌，但无论{zh}怎样合法出牌{fz}，都是{SEAT_NAMES_ZH[winner]}赢",
            f"trick {trick} won by {SEAT_TOKENS[winner]}: the record leaves out {en}'s play, but whatever legal "
            f"{'play' if len(missing) == 1 else 'plays'} {en} made{fe}, {SEAT_TOKENS[winner]} wins it")


def fault_whatever_gap(seat: int | None, code: str, gaps: Sequence[tuple[int, Sequence[int]]]) -> Message:
    """A violation found whatever the plays a record leaves out were, but whose owed play (or
    words) depends on them (:mod:`.record_gaps`)."""
    zh, en = _gaps(gaps)
    ref = rule_ref(code)
    rzh, ren = (ref.zh, ref.en) if ref is not None else (code, code)
    who_zh = SEAT_NAMES_ZH[seat] if seat is not None else ""
    who_en = SEAT_TOKENS[seat] if seat is not None else "the record"
    return (f"{who_zh}违反规则（{rzh}）：无论记录所缺的{zh}是什么都违例，但应出哪一手取决于那一手，不予指明",
            f"{who_en} broke the rule ({ren}) whatever {en} was, which the record leaves out; the play owed "
            "depends on it, so it is not named")


def trick_winner_derived(trick: int, winner: int, missing: Sequence[int]) -> Message:
    zh, en = seat_list(missing)
    return (f"第 {trick} 轮由{SEAT_NAMES_ZH[winner]}赢：记录在{zh}出牌之前结束，但无论{zh}怎样合法出牌，都是{SEAT_NAMES_ZH[winner]}赢",
            f"trick {trick} won by {SEAT_TOKENS[winner]}: the record ends before {en} played, but whatever legal "
            f"{'play' if len(missing) == 1 else 'plays'} {en} make{_s(missing)}, {SEAT_TOKENS[winner]} wins it")


def trick_points_derived(trick: int, points: int, missing: Sequence[int]) -> Message:
    zh, en = seat_list(missing)
    return (f"第 {trick} 轮共 {points} 分：记录在{zh}出牌之前结束，但无论{zh}怎样合法出牌，分数都相同",
            f"trick {trick} holds {points} points: the record ends before {en} played, but whatever legal "
            f"{'play' if len(missing) == 1 else 'plays'} {en} make{_s(missing)}, the points are the same")


def ends_record(missing: Sequence[int], winner_known: bool, points: int | None, least: int) -> Message:
    """A trick the record ends in, said on its own: whether its winner and points stand whatever
    the missing seats play (``points``: ``None`` when they do not; ``least``: the recorded ones)."""
    zh, en = seat_list(missing)
    mzh, men = f"记录在{zh}出牌之前结束", f"the record ends before {en} played"
    if winner_known:
        mzh, men = mzh + f"，无论{zh}出什么，赢家不变", men + f"; whatever {en} play{_s(missing)}, the winner stands"
    else:
        mzh, men = mzh + f"，赢家取决于{zh}的出牌", men + f"; the winner depends on what {en} play{_s(missing)}"
    if points is not None:
        mzh, men = mzh + f"，本墩共 {points} 分", men + f"; the trick holds {points} points"
    else:
        mzh, men = mzh + f"，分数至少 {least}", men + f"; at least {least} points"
    return mzh, men

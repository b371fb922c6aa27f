"""Bilingual messages about a record that ends inside a hand or leaves plays out (:mod:`.unfinished`,
:mod:`.record_gaps`): what is derived from the plays the record does give (a trick's winner and points,
a play left out), and what is withheld for want of the rest — docs/rules.md §14.1.

Each function returns ``(message_zh, message_en)``, saying the same in both languages.  The
other facts a record does not state are worded in :mod:`.explain_unknown`.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message, cards_text
from .explain_readings import copies_placed
from .explain_unknown import seat_list, unknown_fact
from .explain_held import fault_owed_open
from .rule_refs import rule_ref


def _s(seats: Sequence[int]) -> str:
    """The verb's ending after the seats (one seat: "S plays"; more: "S, W play")."""
    return "s" if len(seats) == 1 else ""


def record_ends_in_trick(trick: int, missing: Sequence[int], what: Sequence[str]) -> Message:
    """The record ends in a trick before ``missing`` played (:mod:`.unfinished`)."""
    zh, en = seat_list(missing)
    if "trick_winner" not in what:      # the winner stands (derived): only the points rest on the plays missing
        return unknown_fact(f"记录在第 {trick} 轮{zh}出牌之前结束，该轮的分数取决于{zh}出什么（赢家则不受影响），"
                            f"不按已记录的出牌计分",
                            f"the record ends in trick {trick} before {en} played: the trick's points depend on "
                            f"what {en} play{_s(missing)} (its winner does not), so they are not counted from the "
                            f"plays recorded", what, several=False)      # (one trick named: "that trick's")
    return unknown_fact(f"记录在第 {trick} 轮{zh}出牌之前结束，该轮的结果取决于{zh}出什么，不按已记录的出牌判定",
                        f"the record ends in trick {trick} before {en} played: what the trick gives depends on "
                        f"what {en} play{_s(missing)}, so it is not judged from the plays recorded", what,
                        several=False)


def record_ends_in_last_trick(trick: int, missing: Sequence[int], fixed: bool = False, taken: bool = False,
                              bottom_known: bool = True) -> Message:
    """The record ends in the hand's last trick before ``missing`` played, and the attackers may take it
    (:func:`.unfinished.unfinished_setting`): the bottom counts, at a multiplier their plays decide — or, ``fixed``
    (every play left out forced: :attr:`.unfinished.Unfinished.bottom_fixed`), at the multiplier its lead fixes;
    ``taken``: they surely take the trick; ``bottom_known``: the bury is known — what is not known is said (who
    takes the trick, the multiplier, the bottom)."""
    zh, en = seat_list(missing)
    if fixed and taken:
        zh_, en_ = ("闲家赢得该轮而抠底，底牌的倍数由该轮首出确定",
                    "the attackers take it and the bottom with it, at the multiplier its lead fixes")
    elif fixed:
        zh_, en_ = ("闲家可能赢得该轮而抠底（底牌的倍数由该轮首出确定），谁赢取决于该轮的出牌",
                    "the attackers may take it and the bottom with it (at the multiplier its lead fixes): who takes it "
                    "depends on the trick's plays")
    else:
        zh_, en_ = ("闲家可能赢得该轮而抠底，底牌的倍数取决于该轮的出牌",
                    "the attackers may take it and the bottom with it, at a multiplier the trick's plays decide")
    if not bottom_known:
        zh_ += "，" + ("但" if fixed and taken else "且") + "底牌不详（记录未给出扣底，也无法推出）"
        en_ += (", but" if fixed and taken else ", and") + (" the bottom is not known (the record does not give "
                                                           "the bury, nor can it be derived)")
    return unknown_fact(f"记录在本副牌的最后一轮（第 {trick} 轮）{zh}出牌之前结束：{zh_}",
                        f"the record ends in trick {trick}, the hand's last, before {en} played: {en_}", ("points",))


def _plays_shown(shown: Sequence[tuple[int, int, Sequence[int]]]) -> Message:
    """``(trick, seat, cards)`` plays as the words list them: "第 3 轮东家出 ♠5" / "E played ♠5 in trick 3"."""
    return ("、".join(f"第 {t} 轮{SEAT_NAMES_ZH[s]}出 {cards_text(c)}" for t, s, c in shown),
            ", ".join(f"{SEAT_TOKENS[s]} played {cards_text(c)} in trick {t}" for t, s, c in shown))


def _gaps(gaps: Sequence[tuple[int, Sequence[int]]]) -> Message:
    """The plays a record leaves out: "第 3 轮北家的出牌" / "N's play in trick 3"."""
    zh = "、".join(f"第 {t} 轮{seat_list(m)[0]}的出牌" for t, m in gaps)
    en = ", ".join(f"{seat_list(m)[1]}'s play{'s' if len(m) > 1 else ''} in trick {t}" for t, m in gaps)
    return zh, en


def _ways_are(seats: Sequence[int], open_only: bool = True) -> Message:
    """What each way tried for the plays ``seats`` left out is: as many cards as the lead, from those the
    seats held then (``open_only``: and do not play later), legal or not."""
    zh, en = seat_list(seats)
    if open_only:
        return (f"从{zh}当时所持且其后未打出的牌中取与首出同样张数的牌，不论合法与否",
                f"as many cards as the lead, of those {en} held then and do{'es' if len(seats) == 1 else ''} not "
                "play later, legal or not")
    return f"从{zh}当时所持的牌中取与首出同样张数的牌，不论合法与否", f"as many cards as the lead, of those {en} held then, legal or not"


def _seats(gaps: Sequence[tuple[int, Sequence[int]]]) -> list[int]:
    return sorted({s for _, m in gaps for s in m})


def record_leaves_out(gaps: Sequence[tuple[int, Sequence[int]]], what: Sequence[str], ways: int,
                      tried: int, open_only: bool = True, dropped: bool = False, miscopied: bool = False) -> Message:
    """The record goes on past a trick without a seat's play (:mod:`.record_gaps`): the hand was
    judged once for each of the ``tried`` ways that seat could have played — every play of as many cards
    as the lead from those it held then (``open_only``: and does not play later), legal or not —, ``ways``
    of them fitting the rest of the record (``dropped``: others were dropped before they were all listed,
    so how many there were in all is not said).  ``miscopied``: the plays are written but the record proves
    them impossible (:mod:`.impossible_plays`), so they are read as plays not read."""
    zh, en = _gaps(gaps)
    az, ae = _ways_are(_seats(gaps), open_only)
    it = "it" if sum(len(m) for _, m in gaps) == 1 else "they"
    if ways == tried and not dropped:
        fit_zh, fit_en = f"按其所有 {ways} 种可能的出法（{az}）", f"for each of the {ways} ways {it} could have been played ({ae})"
    elif dropped:
        fit_zh = f"按其可能的出法（{az}）中与记录后面的出牌相符的 {ways} 种"
        fit_en = f"for each of the {ways} ways {it} could have been played ({ae}) that fit the record's later plays"
    else:
        fit_zh = f"按其 {tried} 种可能的出法（{az}）中与记录后面的出牌相符的 {ways} 种"
        fit_en = f"for each of the {ways} of its {tried} possible ways ({ae}) that fit the record's later plays"
    head_zh = f"记录缺少{zh}（记录在其后仍继续，不按未出牌判定）：{fit_zh}各判定一次，只保留每种出法下都相同的判定"
    head_en = (f"the record leaves out {en} (it goes on after, so this is not judged as not playing): the hand "
               f"was judged once {fit_en}, and only what all of them give is kept")
    if miscopied:
        head_zh = (f"记录的{zh}不可能是实际出牌（见该手出牌的记录问题），按无法读取的出牌处理：{fit_zh}各判定一次，"
                   "只保留每种出法下都相同的判定")
        head_en = (f"{en} as written cannot be what was played (see the record's finding at it), so it is read as a "
                   f"play not read: "
                   f"the hand was judged once {fit_en}, and only what all of them give is kept")
    if not what:
        return head_zh + "；所有判定都相同", head_en + "; they all give the same"
    return unknown_fact(head_zh, head_en, what, len({t for t, _ in gaps}) > 1)


def gap_play_derived(shown: Sequence[tuple[int, int, Sequence[int]]], tried: int, open_only: bool = True,
                     fitted: bool = False, exact: bool = False, illegal: Sequence[tuple[int, int]] = (),
                     miscopied: bool = False) -> Message:
    """The plays a record leaves out, derived: of the ``tried`` ways (every play of as many cards as the
    lead from those the seat held then — ``open_only``: and does not play later —, legal or not), one fits
    the rest (``fitted``: others were tried and the record's later plays rule them out; ``exact``: the seat
    held then, and does not play later, just those cards); ``illegal``: the plays among them, as ``(trick,
    seat)``, that are no legal play — judged as played, their fault found; ``miscopied``: the plays are written
    but the record proves them impossible (:mod:`.impossible_plays`), read as plays not read."""
    zh, en = _plays_shown(shown)
    seats = sorted({s for _, s, _ in shown})
    one_seat = len(seats) == 1
    cards = sum(len(c) for _, _, c in shown)
    if tried == 1 and not fitted and open_only and exact:   # its deal line less its later plays: these alone
        who_zh, who_en = (SEAT_NAMES_ZH[seats[0]], SEAT_TOKENS[seats[0]]) if one_seat else ("各家", "each seat")
        why_zh = f"{who_zh}当时所持的牌中，只有{'这一手' if len(shown) == 1 else '这些'}其后没有打出"
        why_en = f"of the cards {who_en} held then, the only {'one' if cards == 1 else 'ones'} it does not play later"
    elif tried == 1 and not fitted:
        szh, sen = seat_list(seats)
        az, ae = _ways_are(seats, open_only)
        why_zh, why_en = f"可能的出法（{az}）只有这一种", f"the only way {sen} could have played ({ae})"
    else:
        az, ae = _ways_are(seats, open_only)
        n_zh, n_en = ("", "") if fitted and tried == 1 else (f" {tried} 种", f" {tried}")
        why_zh = f"可能的{n_zh}出法（{az}）中只有这一种与记录后面的出牌相符"
        why_en = (f"of the{n_en} ways {'it' if len(shown) == 1 else 'they'} could have been played ({ae}), only this "
                  "one fits the record's later plays")
    if illegal and len(shown) == 1:
        why_zh += "；这不是合法出牌，按其判定违例"
        why_en += "; it is no legal play, and judged as played"
    for t, s in illegal if len(shown) > 1 else ():
        why_zh += f"；第 {t} 轮{SEAT_NAMES_ZH[s]}的出牌不是合法出牌，按其判定违例"
        why_en += f"; {SEAT_TOKENS[s]}'s play in trick {t} is no legal play, and judged as played"
    if miscopied:
        return (f"记录的这手出牌不可能是实际出牌（见该手出牌的记录问题），实际出牌由其后的出牌与发牌推出：{zh}（{why_zh}）",
                f"the play{'s' if len(shown) > 1 else ''} as written cannot be what was played (see the record's "
                f"finding at it); "
                f"what was played, from the later plays and the deal: {en} ({why_en})")
    return (f"记录缺少的出牌由其后的出牌与发牌推出：{zh}（{why_zh}）",
            f"the play{'s' if len(shown) > 1 else ''} the record leaves out, from the later plays and the deal: {en} "
            f"({why_en})")


def gap_play_fixed(shown: Sequence[tuple[int, int, Sequence[int]]]) -> Message:
    """The plays a record leaves out, derived from the deal alone though their tricks are not judged (the
    play left out may be the lead itself, :func:`.unfilled_gaps.not_judged`): of the cards each seat held
    then, those are the only ones it does not play later."""
    zh, en = _plays_shown(shown)
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
    return unknown_fact(head_zh, head_en, what, not one)


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


def gap_winner_derived(trick: int, winner: int, missing: Sequence[int], fitted: bool,
                       open_only: bool = True) -> Message:
    """A trick whose play by ``missing`` the record leaves out, won by ``winner`` whatever they
    played, legal or not (``fitted``: of the plays that fit the record's later plays; ``open_only``: the
    ways tried are of the cards held then and not played later)."""
    zh, en = seat_list(missing)
    az, ae = _ways_are(missing, open_only)
    fz, fe = ("（在与记录后面的出牌相符的出法中）", " (of those that fit the record's later plays)") if fitted else ("", "")
    return (f"第 {trick} 轮由{SEAT_NAMES_ZH[winner]}赢：记录缺少{zh}的出牌，但无论{zh}怎样出（{az}）{fz}，"
            f"都是{SEAT_NAMES_ZH[winner]}赢",
            f"trick {trick} won by {SEAT_TOKENS[winner]}: the record leaves out {en}'s play, but whatever "
            f"{en} played ({ae}){fe}, {SEAT_TOKENS[winner]} wins it")


def gap_points_derived(trick: int, points: int, missing: Sequence[int], fitted: bool,
                       open_only: bool = True) -> Message:
    """A trick whose play by ``missing`` the record leaves out holds ``points`` whatever they played, legal
    or not (:mod:`.record_gaps`: every way to fill it in gives them; ``fitted``, ``open_only``: as
    :func:`gap_winner_derived`)."""
    zh, en = seat_list(missing)
    az, ae = _ways_are(missing, open_only)
    fz, fe = ("（在与记录后面的出牌相符的出法中）", " (of those that fit the record's later plays)") if fitted else ("", "")
    return (f"第 {trick} 轮共 {points} 分（含记录所缺{zh}的那一手）：无论{zh}怎样出（{az}）{fz}，分数都相同",
            f"trick {trick} holds {points} points, counting {en}'s play the record leaves out: whatever {en} "
            f"played ({ae}){fe}, the points are the same")


def fault_whatever_gap(seat: int | None, code: str, gaps: Sequence[tuple[int, Sequence[int]]]) -> Message:
    """A violation found whatever the plays a record leaves out were, but whose owed play (or
    words) depends on them (:mod:`.record_gaps`)."""
    zh, en = _gaps(gaps)
    return fault_owed_open(seat, code, (f"无论记录所缺的{zh}是什么都违例，但应出哪一手取决于那一手",
                                        f"whatever {en} was, which the record leaves out; the play owed depends on it"))


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
        mzh, men = mzh + f"，本轮共 {points} 分", men + f"; the trick holds {points} points"
    else:
        mzh, men = mzh + f"，分数至少 {least}", men + f"; at least {least} points"
    return mzh, men


def play_impossible(seat: int, cards: Sequence[int], most: Sequence[int], decks: int) -> Message:
    """Added to the ``not_in_hand`` of a play the record proves impossible (:mod:`.impossible_plays`): ``seat``
    can hold at most ``most`` copies of each of ``cards`` (the decks' other copies are placed beyond doubt elsewhere), so the
    play as written cannot be what it played; it is judged as a play not read, filled in where the rest of the
    record allows (unknown or derived ``play``)."""
    zh_cards = "、".join(f"{n} 张 {cards_text([k])}" for k, n in zip(cards, most))
    en_cards = ", ".join(f"{n} {cards_text([k])}" for k, n in zip(cards, most))
    placed_zh, placed_en = copies_placed(decks)
    return (f"——{placed_zh}，{SEAT_NAMES_ZH[seat]}最多持有 {zh_cards}，"
            f"记录的这手出牌不可能是其实际出牌（记错）：按无法读取的出牌判定（实际出了什么见 play 项：推出或未知），"
            f"该轮的赢家、对它的跟牌与下一轮由谁首出都不据记录的这手牌判定",
            f" — {placed_en}, so {SEAT_TOKENS[seat]} holds at most {en_cards}: the play as written cannot be what "
            f"{SEAT_TOKENS[seat]} played (miscopied); it is judged as a play that could not be read (what it was: "
            f"see play, derived or unknown), and neither the trick's winner, the follows to it nor who leads the "
            f"next trick rests on it as written")


def copy_written_too_many(seat: int, written: Sequence[int], led: int, kind: int, most: int, decks: int,
                          again: Sequence[int]) -> Message:
    """The ``wrong_count`` of a follow ``written`` one card longer than its lead (``led`` cards) that holds a copy of
    ``kind`` the seat cannot hold (:mod:`.impossible_plays`: its plays are its cards and that copy more, the decks'
    other copies placed beyond doubt elsewhere), the seat playing ``kind`` again in the tricks ``again``, each of its
    other plays of its lead's size, worded as the record's finding: the copy here is the one written too many, not a
    card played too many; the play is judged as a play not read (derived or unknown ``play``)."""
    card, who_zh, who_en = cards_text([kind]), SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    placed_zh, placed_en = copies_placed(decks)
    tricks_zh = "、".join(f"第 {t} 轮" for t in again)
    tricks_en = ", ".join(f"trick {t}" for t in again)
    return (f"{who_zh}的出牌记为 {len(written)} 张（{cards_text(written)}），首家出了 {led} 张——{placed_zh}，"
            f"{who_zh}最多持有 {most} 张 {card}，其出牌却比所持的牌多一张 {card}；{who_zh}在{tricks_zh}也打出 {card}，"
            f"其他各手出牌张数都与首家相同：多写的 {card} 是这手出牌中的这一张（记录的错误，不是{who_zh}多出了牌），"
            f"按无法读取的出牌判定（实际出了什么见 play 项：推出或未知）",
            f"{who_en}'s play is written with {len(written)} cards ({cards_text(written)}) to a lead of {led} — "
            f"{placed_en}, so {who_en} holds at most {most} {card}, yet its plays hold one {card} more than its cards; "
            f"{who_en} plays {card} in {tricks_en} too, and each of its other plays has as many cards as the lead: "
            f"the {card} written too many is this one (the record's slip, not a card {who_en} played too many); the "
            f"play is judged as one that could not be read (what it was: see play, derived or unknown)")


def _left_out_filled(seat: int, left_out: Sequence[int], fills: Sequence[Sequence[int]] | None) -> Message:
    """The plays of ``seat`` the record leaves out (in the tricks ``left_out``) as one reading fills them in: "其
    第 15 轮的出牌即为 ♦9" / "its play in trick 15 then ♦9" (``fills`` ``None``: more ways than one fit)."""
    if fills is None:
        return ("其记录缺少的出牌有不止一种可能", "its plays the record leaves out open between several ways")
    return ("，".join(f"其第 {t} 轮的出牌即为 {cards_text(c)}" for t, c in zip(left_out, fills)),
            ", ".join(f"its play in trick {t} then {cards_text(c)}" for t, c in zip(left_out, fills)))


def _its_cards(taker: bool) -> Message:
    """What a seat's cards are, said after "one card more than": its deal line's, or — a taker of the bottom (the
    dealer, a rebidder after 炒地皮) — its deal line's with the bottom it took, less its bury."""
    if taker:
        return ("其所持的牌（发牌行加上所取的底牌，减去所扣的牌）", "it held (its deal line with the bottom it took, less "
                                                                 "its bury)")
    return "其发牌行给出的牌", "its deal line gives"


def _long_follow(seat: int, trick: int, written: Sequence[int], led: int, left_out: Sequence[int],
                 taker: bool) -> Message:
    """A follow one card longer than its lead, its seat's plays (with those the record leaves out) one card more
    than its cards (:mod:`.slip_readings`; ``taker``: the seat took the bottom)."""
    who_zh, who_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    tz = "、".join(f"第 {t} 轮" for t in left_out)
    te = ", ".join(f"trick {t}" for t in left_out)
    cz, ce = _its_cards(taker)
    return (f"{who_zh}第 {trick} 轮的出牌记为 {len(written)} 张（{cards_text(written)}），首家出了 {led} 张；"
            f"连同记录缺少的{tz}的出牌，{who_zh}的出牌比{cz}多一张",
            f"{who_en}'s play in trick {trick} is written with {len(written)} cards ({cards_text(written)}) to a lead "
            f"of {led}; with its play{'s' if len(left_out) > 1 else ''} the record leaves out ({te}), {who_en}'s "
            f"plays hold one card more than {ce}")


def _seat_faults(seat: int, faults: Sequence[tuple[str, int | None]]) -> Message:
    """A reading's faults of ``seat`` (``(code, trick)``), or none, as a clause."""
    who_zh, who_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    if not faults:
        return f"{who_zh}没有违规", f"no fault of {who_en}'s"
    zh, en = [], []
    for c, t in faults:
        ref = rule_ref(c)
        rzh, ren = (f"{ref.title_zh}，{c}", f"{ref.title_en}, {c}") if ref is not None else (c, c)
        zh.append(f"{who_zh}{f'第 {t} 轮' if t is not None else ''}违反规则（{rzh}）")
        en.append(f"{who_en} broke the rule ({ren}){f' in trick {t}' if t is not None else ''}")
    return "、".join(zh), ", ".join(en)


def slip_readings_open(seat: int, trick: int, written: Sequence[int], led: int,
                       each: Sequence[tuple[int, Sequence[Sequence[int]] | None, Sequence[tuple[str, int | None]]]],
                       left_out: Sequence[int], as_written: tuple[int | tuple[int, ...], Sequence[int]] | None,
                       what: Sequence[str], taker: bool = False, unread: bool = True) -> Message:
    """A follow ``written`` one card longer than its lead (``led`` cards) whose card written too many the record does
    not prove (:mod:`.slip_readings`): each reading of ``each`` — the card taken as the one written too many, the
    plays left out it then fills in, and the seat's faults it finds —, and the follow as played (``as_written``:
    the trick and cards of the seat's later play that is then written where it held no such card, cards empty: a
    play written there and not read where it held no card left; the trick a tuple: the tricks one of whose plays
    is so written, which one resting on the play written and not read), every one
    judged; else (``None``) the follow as written is ruled out.  ``what``: withheld; ``taker``: the seat took the
    bottom (its cards said as its deal line with the bottom it took, less its bury); ``unread``: the plays left out
    are written and could not be read (``?``), else not written at all (said as the record leaving the play out)."""
    head_zh, head_en = _long_follow(seat, trick, written, led, left_out, taker)
    who_zh, who_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    rz, re_ = [], []
    for kind, fills, faults in each:
        fz, fe = _left_out_filled(seat, left_out, fills)
        vz, ve = _seat_faults(seat, faults)
        rz.append(f"多写的是 {cards_text([kind])}（{fz}；{vz}）")
        re_.append(f"{cards_text([kind])} written too many ({fe}; {ve})")
    if as_written is not None:
        t, cards = as_written
        if isinstance(t, tuple):
            gz = "、".join(f"第 {n} 轮" for n in left_out)
            ge = ", ".join(f"trick {n}" for n in left_out)
            tz = "、".join(str(n) for n in t)
            te = ", ".join(str(n) for n in t)
            pz, pe = (("记有但无法读取的出牌", "its play written (not read)") if unread else
                      ("出牌（记录缺少这一手，而其当时仍有牌）", "its play the record leaves out (it still held cards)"))
            rz.append(f"或照记录{who_zh}确实出了 {len(written)} 张（多少牌），则无论其{gz}{pz}是什么，"
                      f"记录中其第 {tz} 轮中的一轮（取决于那一手）都打出了当时已不在手中的牌，该手出牌不可能是实际出牌")
            re_.append(f"or, as written, {who_en} did play {len(written)} cards (多少牌), and whatever {pe} in {ge} "
                       f"was, the record then has it play a card it no longer held in one of tricks {te} (which one "
                       f"rests on that play): that play cannot be what it played")
        elif cards:
            rz.append(f"或照记录{who_zh}确实出了 {len(written)} 张（多少牌），则记录中其第 {t} 轮打出了当时已不在手中的牌，"
                      f"该手出牌不可能是实际出牌")
            re_.append(f"or, as written, {who_en} did play {len(written)} cards (多少牌), and the record then has it play "
                       f"a card in trick {t} it no longer held: that play cannot be what it played")
        else:
            rz.append(f"或照记录{who_zh}确实出了 {len(written)} 张（多少牌），则其第 {t} 轮记有但无法读取的出牌"
                      f"不可能有过（{who_zh}当时已无牌可出）")
            re_.append(f"or, as written, {who_en} did play {len(written)} cards (多少牌), and the play written (not "
                       f"read) for it in trick {t} cannot have been made ({who_en} had no card left)")
        out_zh = out_en = ""
    else:
        out_zh = f"；照记录读（{who_zh}确实出了 {len(written)} 张）则还需另一处记录错误，被记录后面的出牌排除"
        out_en = (f"; read as written ({who_en} played {len(written)} cards), the record would hold another slip "
                  f"besides: its later plays rule that out")
    zh = (f"{head_zh}：记录无法证明多写的是哪一张——{'；'.join(rz)}{out_zh}。按每种读法各判定一次，"
          f"只保留每种读法下都相同的判定，不以其中任何一种为准")
    en = (f"{head_en}: the record does not prove which card is written too many — {'; '.join(re_)}{out_en}.  The hand "
          f"was judged once for each reading, and only what all of them give is kept, none taken for the one")
    if not what:
        return zh + "；所有判定都相同", en + "; they all give the same"
    return unknown_fact(zh, en, what)


def slip_reading_proven(seat: int, written: Sequence[int], led: int, kind: int,
                        fills: Sequence[Sequence[int]] | None, left_out: Sequence[int], taker: bool = False) -> Message:
    """The ``wrong_count`` of a follow ``written`` one card longer than its lead, its seat's plays with those the
    record leaves out one card more than its cards, one reading alone fitting the record's later plays
    (:mod:`.slip_readings`): ``kind`` is the card written too many — the record's slip, not a card played too many
    (``taker``: the seat took the bottom)."""
    card, who_zh, who_en = cards_text([kind]), SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    cz, ce = _its_cards(taker)
    tz = "、".join(f"第 {t} 轮" for t in left_out)
    te = ", ".join(f"trick {t}" for t in left_out)
    fz, fe = _left_out_filled(seat, left_out, fills)
    return (f"{who_zh}的出牌记为 {len(written)} 张（{cards_text(written)}），首家出了 {led} 张；连同记录缺少的{tz}的"
            f"出牌，{who_zh}的出牌比{cz}多一张：只有把这手中的 {card} 读作多写的一张（{fz}），"
            f"{who_zh}其后才不会打出不在手中的牌——多写的 {card} 是这手出牌中的这一张（记录的错误，不是{who_zh}多出了牌）",
            f"{who_en}'s play is written with {len(written)} cards ({cards_text(written)}) to a lead of {led}; with "
            f"its play{'s' if len(left_out) > 1 else ''} the record leaves out ({te}), {who_en}'s plays hold one card "
            f"more than {ce}: only with this {card} read as the card written too many ({fe}) does "
            f"{who_en} not later play a card it does not hold — the {card} written too many is this one (the "
            f"record's slip, not a card {who_en} played too many)")


def slip_play_derived(trick: int, seat: int, cards: Sequence[int]) -> Message:
    """The play of a follow written one card too long, the card too many proven (:func:`slip_reading_proven`)."""
    return (f"记录的这手出牌多写了一张（见该手出牌的记录问题），实际出牌由其后的出牌与发牌推出：第 {trick} 轮"
            f"{SEAT_NAMES_ZH[seat]}出 {cards_text(cards)}",
            f"the play as written holds a card too many (see the record's finding at it); what was played, from the "
            f"later plays and the deal: {SEAT_TOKENS[seat]} played {cards_text(cards)} in trick {trick}")


def fault_whichever_card(seat: int | None, code: str) -> Message:
    """A violation every reading of a follow written one card too long gives (:mod:`.slip_readings`), whose owed
    play (or words) differs between them."""
    return fault_owed_open(seat, code, ("无论多写的是哪一张牌都违例，但应出哪一手取决于此",
                                        "whichever card of the long follow was written too many; the play owed "
                                        "depends on which"))


def _leads_text(leads: Sequence[tuple[int, int, int]]) -> Message:
    """Each trick whose lead is open between the seat left out that was due to lead it and the seat written first
    (``(trick, due, written first)``), as a clause."""
    zh = "；".join(f"第 {t} 轮由{SEAT_NAMES_ZH[d]}首出，还是由记录中先写的{SEAT_NAMES_ZH[f]}未按顺序首出"
                  f"（{SEAT_NAMES_ZH[d]}最后出）" for t, d, f in leads)
    en = "; ".join(f"whether {SEAT_TOKENS[d]} led trick {t}, or {SEAT_TOKENS[f]}, written first, led it out of turn "
                   f"({SEAT_TOKENS[d]} playing last)" for t, d, f in leads)
    return zh, en


def gap_play_lead_open(shown: Sequence[tuple[int, int, Sequence[int]]],
                       leads: Sequence[tuple[int, int, int]]) -> Message:
    """The plays a record leaves out, derived from the deal (of the cards each seat held then, the only ones it does
    not play later), the seat left out being due to lead its trick (``leads``: ``(trick, due, written first)``):
    who led it is not known, so the hand is judged with each leader (:func:`.record_gaps.judge`), what every
    reading gives kept."""
    zh, en = _plays_shown(shown)
    many = len(shown) > 1
    lz, le = _leads_text(leads)
    return (f"记录缺少的出牌由其后的出牌与发牌推出：{zh}（当时所持的牌中，只有{'这些' if many else '这一手'}其后没有打出）；"
            f"但不知{lz}：按每种首出各判定一次，只保留都相同的判定",
            f"the play{'s' if many else ''} the record leaves out, from the later plays and the deal: {en} (of the "
            f"cards {'each seat' if many else 'the seat'} held then, the only "
            f"{'one' if sum(len(c) for _, _, c in shown) == 1 else 'ones'} it does not play later); not known: {le} — "
            "the hand was judged with each leader, and what every reading gives is kept")


def gap_lead_open(leads: Sequence[tuple[int, int, int]], what: Sequence[str]) -> Message:
    """The ``order`` unknown of a hand whose play left out is derived but whose seat was due to lead its trick
    (``leads``: ``(trick, due, written first)``): judged with each leader, what differs withheld (``what``)."""
    lz, le = _leads_text(leads)
    zh = f"记录缺少该首出一家的出牌，不知{lz}；按每种首出各判定一次，只保留都相同的判定"
    en = (f"the record leaves out the play of a seat due to lead; not known: {le}; the hand was judged with each "
          "leader, and only what every reading gives is kept")
    return unknown_fact(zh, en, what, len(leads) > 1)


def gap_lead_winner(trick: int, winner: int, due: int, first: int) -> Message:
    """``trick``, whose play by ``due`` (due to lead it) the record leaves out, derived, won by ``winner`` whether
    ``due`` or ``first`` (written first) led it."""
    return (f"第 {trick} 轮由{SEAT_NAMES_ZH[winner]}赢：无论由{SEAT_NAMES_ZH[due]}还是{SEAT_NAMES_ZH[first]}首出，"
            f"都是{SEAT_NAMES_ZH[winner]}赢",
            f"trick {trick} won by {SEAT_TOKENS[winner]}: whether {SEAT_TOKENS[due]} or {SEAT_TOKENS[first]} led it, "
            f"{SEAT_TOKENS[winner]} wins it")


def gap_lead_points(trick: int, points: int, due: int) -> Message:
    """``trick`` holds ``points``, counting ``due``'s play the record leaves out (derived), whoever led it."""
    return (f"第 {trick} 轮共 {points} 分（含记录所缺、由发牌推出的{SEAT_NAMES_ZH[due]}的那一手），无论由谁首出",
            f"trick {trick} holds {points} points, counting {SEAT_TOKENS[due]}'s play the record leaves out (derived "
            "from the deal), whoever led it")


def fault_whoever_led(seat: int | None, code: str) -> Message:
    """A violation found whoever led a trick whose lead a play left out leaves open, its owed play (or words)
    depending on who did (:mod:`.record_gaps`)."""
    return fault_owed_open(seat, code, ("无论记录所缺出牌的那一轮由谁首出都违例，但应出哪一手取决于由谁首出",
                                        "whoever led the trick the record leaves a play out of; the play owed "
                                        "depends on who did"))

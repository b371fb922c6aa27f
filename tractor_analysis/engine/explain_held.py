"""Bilingual messages about the cards a record does not give a seat, and about a record judged every way.

The seats a record gives no deal line for (a position's or a full hand's: what is known of their cards, the throws
judged against them), a seat's hand derived from its plays or its line from the decks (and the faults found on
that line), the play owed by a seat whose cards are not all known, a fault or record finding that rests on them;
and the readings of a record that leaves a play open — each way it can be filled in, what every way gives (the
result, the levels).  Each function returns ``(message_zh, message_en)``, saying the same in both languages; an
unknown is worded by :func:`.explain_unknown.unknown_fact`.  Split out of :mod:`.explain_unknown` (which keeps
the hand's setting, the chain of hands and a record cut by damage) when it passed 830 lines.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message, cards_text
from .explain_unknown import seat_list, unknown_fact
from .rule_refs import rule_ref


def _throws(seats: Sequence[int], tricks: Sequence[int]) -> Message:
    """The clause on throws judged against ``seats`` (withheld in ``tricks``: :mod:`.unsure_throws`)."""
    zh, en = seat_list(seats)
    nums = ", ".join(map(str, tricks))
    return (f"对{zh}的甩牌只在其出牌证明能管上时判定（第 {'、'.join(map(str, tricks))} 轮的甩牌判定依赖{zh}没有某些牌，不予判定）",
            f"the throws against {en} are judged only where {'its' if len(seats) == 1 else 'their'} plays prove "
            f"them beaten (trick{'s' if len(tricks) > 1 else ''} {nums}: the verdict of the throw rests on "
            f"{en} not holding some card{'s' if len(tricks) > 1 else ''}, so it is withheld)")


def throws_against_unknown(seats: Sequence[int], tricks: Sequence[int], what: Sequence[str],
                           kept: Sequence[int] = ()) -> Message:
    """A full hand whose ``seats`` did not play a whole hand in the record, their cards known only from their
    plays: the throw verdicts of ``tricks`` rest on what they held (:func:`.setting.throws_unknown`).  A seat
    of ``kept`` has a deal line but what it kept after the bury is not known (the dealer whose bury is not
    known, a rebid's taker of a bottom not known); the others have no deal line."""
    zh, en = seat_list(seats)
    tzh, ten = _throws(seats, tricks)
    bare = [s for s in seats if s not in kept]
    lined = [s for s in seats if s in kept]
    heads_zh, heads_en = [], []
    if bare:
        bzh, ben = seat_list(bare)
        heads_zh.append(f"{bzh}没有发牌行")
        heads_en.append(f"{ben} {'has' if len(bare) == 1 else 'have'} no deal line")
    if lined:
        lined_zh, lined_en = seat_list(lined)
        heads_zh.append(f"{lined_zh}扣底后留下哪些牌未知")
        heads_en.append(f"what {lined_en} kept after the bury is not known")
    they = "it" if len(seats) == 1 else "they"
    return unknown_fact(f"{'，'.join(heads_zh)}，记录中也未出完整手牌：{zh}持牌只知其所出的牌（可能还有别的牌）；{tzh}",
                        f"{' and '.join(heads_en)} and the record ends before {they} played a whole hand: "
                        f"what {en} held is known only from {'its' if len(seats) == 1 else 'their'} plays "
                        f"(it may have held more); {ten}", what)


def position_seats_unknown(seats: Sequence[int], what: Sequence[str], throws: Sequence[int] = ()) -> Message:
    """A position giving no deal line for ``seats`` (:func:`.setting.position_seats_unknown`); ``throws``:
    the tricks whose throw verdict against them was withheld (:func:`.setting.throws_unknown`)."""
    zh, en = seat_list(seats)
    its = "its" if len(seats) == 1 else "their"
    if len(seats) == 4:
        head_zh, head_en = "残局没有发牌行", "the position gives no deal lines"
    else:
        head_zh, head_en = f"残局有发牌行，却没有{zh}的", f"the position gives deal lines, but none for {en}"
    tzh, ten = _throws(seats, throws) if throws else ("", "")
    if "outcome" in what:
        end_zh, end_en = "也不知本局是否打完", "and whether the hand was played out is not known"
    else:       # the seats given a line still hold cards after the last trick (:func:`.recorded_hand._stops_before_end`)
        end_zh, end_en = ("给出发牌行的各家在最后一轮后仍有牌，本局未打完，不计结果",
                          "the seats given a line still hold cards after the last trick, so the hand was not "
                          "played out: no outcome")
    return unknown_fact(f"{head_zh}：{zh}持牌未知（不按无牌计，也不按其所出的牌计），其跟牌只在其自己的出牌证明有错时判定，"
                        f"{end_zh}" + (f"；{tzh}" if throws else ""),
                        f"{head_en}: what {en} held is not known (not taken as nothing, nor as the cards {its} plays "
                        f"show), so {its} follows are judged only where {its} own plays prove a fault, {end_en}"
                        + (f"; {ten}" if throws else ""), what)


def hand_seats_unknown(seats: Sequence[int], what: Sequence[str], throws: Sequence[int] = ()) -> Message:
    """A full hand giving deal lines for some seats but not for ``seats`` (:func:`.setting.hand_seats_unknown`)."""
    zh, en = seat_list(seats)
    its = "its" if len(seats) == 1 else "their"
    tzh, ten = _throws(seats, throws) if throws else ("", "")
    return unknown_fact(f"本局有发牌行，却没有{zh}的：{zh}持牌只知其所出的牌，其跟牌只在其自己的出牌证明有错时判定，"
                        f"只有{zh}出完整手牌时本局才算打完" + (f"；{tzh}" if throws else ""),
                        f"the hand gives deal lines, but none for {en}: what {en} held is known only from {its} plays, "
                        f"so {its} follows are judged only where {its} own plays prove a fault, and the hand counts "
                        f"as played out only when {en} played a whole hand" + (f"; {ten}" if throws else ""), what)


def hand_from_plays(seat: int, dealer: bool, size: int) -> Message:
    """A full hand's seat given no deal line whose plays are a whole hand (``size`` cards): what it held (the
    dealer: after its bury) is derived, the cards it played (:func:`.recorded_hand._whole_hands`)."""
    zh, en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{zh}没有发牌行，但打出了完整的一手牌（{size} 张）：其{'扣底后的' if dealer else ''}持牌就是其所出的牌，"
            f"其跟牌与甩牌按这些牌完整判定",
            f"{en} has no deal line but played a whole hand ({size} cards): what it held"
            f"{' after the bury' if dealer else ''} is the cards it played, and its follows and throws are judged "
            f"in full on them")


def line_from_decks(seat: int, cards: Sequence[int], dealer: bool) -> Message:
    """A full hand's one seat given no deal line whose line the decks give (:mod:`.line_from_decks`): the three
    other lines and the ``Bottom:`` line, each whole, leave just a hand of the decks' cards, ``cards``, and every
    card the seat plays is among them (``dealer``: among them and the bottom it took)."""
    zh, en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{zh}没有发牌行，但其余三家的发牌行与底牌行都完整：整副牌减去这三行和底牌，恰好剩下一手牌，"
            f"就是{zh}的发牌：{cards_text(cards)}；{zh}所出的每张牌都在其中{'（或在其所拿的底牌中）' if dealer else ''}，"
            f"其跟牌与甩牌按这手牌完整判定",
            f"{en} has no deal line, but the three other deal lines and the Bottom: line are each whole: the decks "
            f"less those lines and the bottom leave just a hand, which is {en}'s deal: {cards_text(cards)}; every "
            f"card {en} plays is among them{' (or in the bottom it took)' if dealer else ''}, and its follows and "
            f"throws are judged in full on them")


def on_line_from_decks(seat: int, own: bool) -> Message:
    """The words added to a verdict that rests on ``seat``'s cards, which its deal line derived from the decks
    gives (:func:`line_from_decks`): the seat's own fault (``own``), or a throw judged against the cards the
    other seats held, ``seat``'s among them."""
    zh, en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    if own:
        return (f"（{zh}的持牌来自由整副牌推出的发牌行，见“推出”）",
                f" ({en}'s cards are its deal line derived from the decks: see derived)")
    return (f"（判定所依据的各家持牌中，{zh}的来自由整副牌推出的发牌行，见“推出”）",
            f" (judged on the cards the other seats held, {en}'s from its deal line derived from the decks: "
            f"see derived)")


def owed_play_unknown(seat: int, code: str) -> Message:
    """A wrong follow of ``seat``, whose cards are known only from its plays, that those plays prove, but
    whose play owed rests on the seat holding nothing more (:mod:`.owed_plays`): the fault without naming
    the play (the words of :func:`throws_against_unknown` and :func:`.explain_gaps.fault_whatever_gap`)."""
    ref = rule_ref(code)
    rzh, ren = (ref.zh, ref.en) if ref is not None else (code, code)
    return (f"{SEAT_NAMES_ZH[seat]}违反规则（{rzh}）：其所出的牌已证明违例；但{SEAT_NAMES_ZH[seat]}持牌只知其所出的牌"
            f"（可能还有别的牌），应出哪一手取决于此，不予指明",
            f"{SEAT_TOKENS[seat]} broke the rule ({ren}), as its own plays prove; but what {SEAT_TOKENS[seat]} held "
            f"is known only from its plays (it may have held more), and the play owed depends on it, so it is not named")


def fault_owed_open(seat: int | None, code: str, why: Message) -> Message:
    """A violation every reading of the record gives, whose owed play (or words) depends on the reading: "N broke
    the rule (…) {why}, so it is not named" — ``why`` says which readings, and that the play owed depends on
    them (:mod:`.record_gaps`, :mod:`.bury_readings`, :mod:`.contradictions`)."""
    ref = rule_ref(code)
    rzh, ren = (ref.zh, ref.en) if ref is not None else (code, code)
    who_zh = SEAT_NAMES_ZH[seat] if seat is not None else ""
    who_en = SEAT_TOKENS[seat] if seat is not None else "the record"
    if code not in _PLAY_OWED:     # (no play owed: a claim, a deal, a bury … — its figures or cards depend on it)
        zh, en = why[0].replace("应出哪一手", "具体内容"), why[1].replace("the play owed depends", "its details depend")
        return f"{who_zh}违反规则（{rzh}）：{zh}，不予列出", f"{who_en} broke the rule ({ren}) {en}, so they are not given"
    return f"{who_zh}违反规则（{rzh}）：{why[0]}，不予指明", f"{who_en} broke the rule ({ren}) {why[1]}, so it is not named"


def record_finding_open(seat: int | None, code: str) -> Message:
    """A finding about the record (:attr:`~.verdicts.Violation.of_record`) every reading of the record gives, whose
    cards or words depend on the reading: said as the record's, never as a seat's breach (no "N broke the rule")."""
    ref = rule_ref(code)
    rzh, ren = (ref.zh, ref.en) if ref is not None else (code, code)
    who_zh = f"{SEAT_NAMES_ZH[seat]}：" if seat is not None else ""
    who_en = f"{SEAT_TOKENS[seat]}: " if seat is not None else ""
    return (f"{who_zh}记录与规则不符（{rzh}）：各种读法都有此不符，但其具体内容取决于是哪一处记错，不予列出",
            f"{who_en}the record is at odds with the rule ({ren}) under every reading of it, but the details depend on "
            "which part of the record is miscopied, so they are not given")


_PLAY_OWED = frozenset({"follow_suit", "follow_pair", "follow_tractor", "follow_triple", "wrong_forced_play", "wrong_count",
                        "throw_failed"})
"""The violations whose words name a play owed (:func:`fault_owed_open`); the others' words give figures or cards."""


EVERY_READING_WORDS = ("记录的每一种读法", "every reading of the record")
"""The judgements of a hand that :func:`result_every_way` and :func:`levels_every_way` speak of, when they are the
readings of the record (a tag it contradicts, a ``Buried:`` line, a deal line, the order of the plays …)."""


def ways_filled_in(pairs: Sequence[tuple[int, Sequence[int]]], ways: int) -> Message:
    """The judgements of a hand whose plays left out (``pairs``: per trick, the seats) were filled in ``ways`` ways
    (:mod:`.record_gaps`), as :func:`result_every_way` names them."""
    zh = "、".join(f"第 {t} 轮{seat_list(s)[0]}的出牌" for t, s in pairs)
    en = ", ".join(f"{seat_list(s)[1]}'s play in trick {t}" for t, s in pairs)
    return (f"记录所缺出牌（{zh}）的全部 {ways} 种可能出法（不论合法与否）",
            f"each of the {ways} ways the plays the record leaves out ({en}) could be filled in (legal or not)")


def trick_ways_filled_in(number: int, ways: int) -> Message:
    """The judgements of a hand whose trick ``number`` the record gives no play of, filled in ``ways`` ways
    (:mod:`.trick_gaps`), as :func:`result_every_way` names them."""
    return (f"记录未给出任何出牌的第 {number} 轮的全部 {ways} 种可能出法",
            f"each of the {ways} ways trick {number}, of which the record gives no play, could be filled in")


def result_every_way(result: Message, totals: tuple[int, int] | None, ways: Message) -> Message:
    """The hand's result (``result``: the outcome line) kept though the attackers' points are withheld: every one of
    ``ways`` (:func:`ways_filled_in`, :data:`EVERY_READING_WORDS` …) gives it; ``totals``: the lowest and the
    highest total they give the attackers (``None``: some gives none — its points not known)."""
    if totals is None:
        tzh, ten = "（其中有的闲家得分不详）", " (in some of them the attackers' points are not known)"
    elif totals[0] == totals[1]:
        tzh, ten = f"，闲家总分都是 {totals[0]} 分", f", the attackers' total {totals[0]} in each"
    else:
        tzh, ten = (f"，闲家总分在 {totals[0]} 到 {totals[1]} 分之间",
                    f", the attackers' total from {totals[0]} to {totals[1]}")
    return (f"本局结果（{result[0]}）是推出的：闲家得分不予判定，但{ways[0]}都得出同一结果{tzh}",
            f"the hand's result ({result[1]}) is derived: the attackers' points are withheld, but {ways[1]} gives "
            f"this same result{ten}")


def levels_every_way(kept: Sequence[tuple[str, str, str]], withheld: Sequence[tuple[str, str]], ways: Message) -> Message:
    """The levels after the hand that every one of ``ways`` gives (``kept``: per side or player, its name in Chinese
    and English and the level), while the others' (``withheld``: names) differ between them and are withheld."""
    kzh = "、".join(f"{zh} {level} 级" for zh, _, level in kept)
    ken = ", ".join(f"{en} at {level}" for _, en, level in kept)
    wzh = "、".join(zh for zh, _ in withheld)
    wen = ", ".join(en for _, en in withheld)
    tail_zh = f"；{wzh}的级别在各种情形下不同，不予判定" if withheld else ""
    tail_en = f"; {wen}'s level differs between them: withheld" if withheld else ""
    return (f"本局后的级别：{kzh}——{ways[0]}都是如此{tail_zh}",
            f"the levels after the hand: {ken} — {ways[1]} gives the same{tail_en}")

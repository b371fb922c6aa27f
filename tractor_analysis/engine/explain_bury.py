"""Bilingual messages about the bottom and the bury that the record does not state: the bottom a
whole deal leaves, the cards a deal line short of a hand leaves out (the only ones the deal and the bottom
place nowhere), a bury derived from the dealer's plays or not known, each bury after 炒地皮 (the
rebid), the bottom's points when the attackers take the last trick, and the bottom's third card that
fixes the trump when nobody declared (docs/rules.md §14.1); and a ``Buried:`` line no dealer can have made
(``bad_bury``: its size, cards not held, a card every copy of which other seats' lines hold, §1.5, §13.1).

Each function returns ``(message_zh, message_en)``, saying the same in both languages; the wording
of an unknown is :func:`.explain_unknown.unknown_fact`'s.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..records.cards import PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
from ..records.diagnostics import decks_en
from .explain import Message, cards_text
from .explain_unknown import seat_list, unknown_fact
from .explain_held import fault_owed_open


def bottom_unknown(what: Sequence[str], bad_line: bool = False, unread: bool = False) -> Message:
    """``bad_line``: the record's ``Buried:`` line is a ``bad_bury`` and nothing else fixes the bury;
    ``unread``: its ``Buried:`` line has cards that could not be read (not used)."""
    if unread:
        return unknown_fact("闲家赢得最后一轮，底牌要计入，但 Buried: 一行有无法识别的牌（不采用），也无从推出扣底，底分未知，不按 0 分计",
                            "the attackers won the last trick, so the bottom counts, but the Buried: line has cards that "
                            "could not be read (not used) and nothing else in the record fixes the bury, so its points "
                            "are not known (not taken as 0)", what)
    if bad_line:
        return unknown_fact("闲家赢得最后一轮，底牌要计入，但 Buried: 一行有误（不采用），也无从推出扣底，底分未知，不按 0 分计",
                            "the attackers won the last trick, so the bottom counts, but the Buried: line is wrong (not "
                            "used) and nothing else in the record fixes the bury, so its points are not known (not taken "
                            "as 0)", what)
    return unknown_fact("闲家赢得最后一轮，底牌要计入，但记录未给出底牌（Buried:），不按 0 分计",
                        "the attackers won the last trick, so the bottom counts, but the record does not give it "
                        "(Buried:), so it is not taken as 0 points", what)


def third_bottom_card_unknown(what: Sequence[str], line_given: bool, whole_deal: bool, unread: int = 0,
                              refused: bool = False) -> Message:
    """Nobody declared under ``no_declaration = third_bottom_card`` (``refused``: declarations are recorded, but
    none of them stands), and the record does not give the bottom in the order it lay: its third card, which
    fixes the trump, is not known.  ``line_given``: a ``Bottom:`` line too short to have a third card;
    ``whole_deal``: the four deal lines give the bottom's cards (derived), but not their order."""
    none_zh, none_en = ("无人亮主成立", "no declaration stands") if refused else ("无人亮主", "nobody declared")
    head_zh = f"{none_zh}，按规则（no_declaration = third_bottom_card）以底牌第三张的花色定主"
    head_en = f"{none_en}, and under no_declaration = third_bottom_card the suit of the bottom's third card fixes the trump"
    if unread:
        return unknown_fact(f"{head_zh}，但 Bottom: 一行有 {unread} 张牌无法识别：不知其第三张是哪张牌，底牌第三张未知",
                            f"{head_en}, but the Bottom: line has {unread} card{'s' if unread > 1 else ''} that could not "
                            f"be read, so which card lay third is not known", what)
    if line_given:
        return unknown_fact(f"{head_zh}，但 Bottom: 一行不足三张，底牌第三张未知",
                            f"{head_en}, but the Bottom: line holds fewer than three cards, so the third card is not known",
                            what)
    if whole_deal:
        return unknown_fact(f"{head_zh}，但记录没有 Bottom: 一行：由四家发牌行推出的只是底牌有哪些牌，不是其顺序，"
                            f"底牌第三张未知",
                            f"{head_en}, but the record gives no Bottom: line: the four deal lines give which cards the "
                            f"bottom held, not their order, so its third card is not known", what)
    return unknown_fact(f"{head_zh}，但记录没有 Bottom: 一行，底牌第三张未知",
                        f"{head_en}, but the record gives no Bottom: line, so the bottom's third card is not known", what)


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join(PRETTY[k] for k in cards)


def bottom_from_deal(bottom: Sequence[int], decks: int, unread: int = 0) -> Message:
    """The bottom a whole deal leaves (no ``Bottom:`` line; ``unread``: one with as many cards that could not
    be read, not used)."""
    zh, en = _not_stated("Bottom", unread)
    return (f"底牌 {_cards_text(bottom)}，由四家发牌行推出（{decks} 副牌中不在任何发牌行里的牌；{zh}）",
            f"bottom {_cards_text(bottom)}, from the four deal lines (the cards of {decks} deck{'s' if decks > 1 else ''} "
            f"in no deal line; {en})")


def _not_stated(label: str, unread: int) -> Message:
    """``Bottom: 未写明`` / ``Bottom: not stated``, or a line of ``label`` with ``unread`` cards not read."""
    if not unread:
        return f"{label}: 未写明", f"{label}: not stated"
    return (f"{label}: 一行有 {unread} 张牌无法识别，不采用",
            f"the {label}: line has {unread} card{'s' if unread > 1 else ''} that could not be read, so it is not used")


def aside_line_unread(kind: str, unread: int) -> Message:
    """A ``Bottom:`` (``kind`` ``bottom``) or ``Buried:`` (``buried``) line with ``unread`` cards that could not
    be read (:func:`.starting_hands.starting_hands`): not used.  Withholds nothing itself: what the line
    would fix is derived from the rest of the record, or said unknown with what it withholds."""
    label, zh_what = ("Bottom", "底牌") if kind == "bottom" else ("Buried", "扣底")
    s = "s" if unread > 1 else ""
    return (f"{label}: 一行有 {unread} 张牌无法识别（未计入该行）：该行不知是否完整，也不知各牌的顺序，不予采用，"
            f"不作依据该行的判定；{zh_what}按记录其余部分推出（另有说明），否则未知",
            f"the {label}: line has {unread} card{s} that could not be read (left out of the line): the line "
            f"is not known to be whole, nor the order of its cards, so it is not used and no verdict rests "
            f"on it; the {'bottom' if kind == 'bottom' else 'bury'} is what the rest of the record gives "
            f"(said), else not known")


def bottom_not_known(dealer: int, unread: int, what: Sequence[str]) -> Message:
    """Every deal line given, but no bottom: the ``Bottom:`` line has ``unread`` cards not read (not used) or is
    not given, and the deal lines (a line with cards not read among them) do not give it."""
    z, e = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
    said_zh, said_en = (_not_stated("Bottom", unread) if unread else ("记录没有 Bottom: 一行", "the record gives no Bottom: line"))
    return unknown_fact(f"{said_zh}，四家发牌行也推不出底牌（发牌行不知是否完整）：{z}拿底、扣底后的手牌只按其所出的牌计，"
                        f"其跟牌只在其自己的出牌证明有错时判定",
                        f"{said_en}, and the four deal lines do not give the bottom (they are not known to be whole): "
                        f"{e}'s hand after taking the bottom and burying is read from its plays, its follows judged only "
                        f"where its own plays prove a fault", what)


def line_left_out(seat: int, cards: Sequence[int], unread: bool = False) -> Message:
    """A deal line short of a hand, the cards it leaves out derived: the only cards of the decks that
    the deal lines and the ``Bottom:`` line place nowhere, which the seat played.  ``unread``: the line
    has as many cards that could not be read (they are these cards)."""
    z, e, n = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat], len(cards)
    these = "这些牌" if n > 1 else "这张牌"
    if unread:
        return (f"{z}的发牌行有 {n} 张牌无法识别：{z}持有 {_cards_text(cards)}，由四家发牌行和底牌推出（整副牌中唯有{these}既不在任何"
                f"发牌行里，也不在底牌里），且{z}打出了{these}",
                f"{e}'s deal line has {n} card{'s' if n > 1 else ''} that could not be read: {e} held {_cards_text(cards)}, "
                f"from the four deal lines and the bottom (the only card{'s' if n > 1 else ''} of the decks in no deal line "
                f"and not in the bottom), and played {'them' if n > 1 else 'it'}")
    return (f"{z}的发牌行少 {n} 张：{z}持有 {_cards_text(cards)}，由四家发牌行和底牌推出（整副牌中唯有{these}既不在任何发牌行里，"
            f"也不在底牌里），且{z}打出了{these}",
            f"{e}'s deal line is {n} card{'s' if n > 1 else ''} short: {e} held {_cards_text(cards)}, from the four "
            f"deal lines and the bottom (the only card{'s' if n > 1 else ''} of the decks in no deal line and not in the "
            f"bottom), and played {'them' if n > 1 else 'it'}")


def buried_from_plays(dealer: int, buried: Sequence[int], bad_line: bool, bottom_derived: bool,
                      unread: int = 0) -> Message:
    """The bury derived: what the dealer's plays (a whole hand) leave of its deal line and the bottom
    (``unread``: the ``Buried:`` line has as many cards that could not be read, not used)."""
    said_zh = "Buried: 一行有误，不采用" if bad_line else _not_stated("Buried", unread)[0]
    said_en = "the Buried: line is wrong, so it is not used" if bad_line else _not_stated("Buried", unread)[1]
    of_zh = "推出的底牌" if bottom_derived else "底牌"
    of_en = "the bottom derived" if bottom_derived else "the bottom"
    return (f"扣底 {_cards_text(buried)}，由{of_zh}、{SEAT_NAMES_ZH[dealer]}的发牌行及其出牌推出（其所出正是一整手牌，"
            f"扣底后的手牌即其所出的牌；{said_zh}）",
            f"buried {_cards_text(buried)}, from {of_en}, {SEAT_TOKENS[dealer]}'s deal line and "
            f"{SEAT_TOKENS[dealer]}'s plays (a whole hand: its hand after the bury is the cards it played; "
            f"{said_en})")


def _taker(seat: int | None) -> tuple[str, str]:
    return ("庄家", "the dealer") if seat is None else (SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat])


def line_wrong_size(seat: int | None, written: int, bottom_size: int, all_plays: bool = False) -> Message:
    """``bad_bury`` of a ``Buried:`` line of the wrong size whose taker's plays (``all_plays``: every seat's,
    each a whole hand) prove the bury it made, of the bottom's size: the line's error, the record's
    (``about`` record) — not a wrong number buried by the seat (docs/rules.md §1.5, §13)."""
    z, e = _taker(seat)
    by_zh, by_en = ("各家打出的牌（每家一整手）", "the cards played (every seat a whole hand)") if all_plays else (
        f"{z}的出牌（正是一整手牌）", f"{e}'s plays (a whole hand)")
    return (f"记录的 Buried: 一行有 {written} 张牌，应扣 {bottom_size} 张：由{by_zh}可知{z}扣了 {bottom_size} 张（见“推出”）；"
            f"是记录抄错了这一行，不是{z}扣错了张数",
            f"the Buried: line as written has {written} cards; the bottom holds {bottom_size}: {by_en} show {e} buried "
            f"{bottom_size} (see derived); the record's error in that line, not a wrong number of cards buried by {e}")


def line_not_held(seat: int, cards: Sequence[int], rebid: bool) -> Message:
    """``bad_bury`` of a ``Buried:`` line naming cards its taker did not hold, whose plays (a whole hand) prove
    the bury it made: the line's error, the record's (``about`` record) — not a card buried without holding it."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    took_zh, took_en = ("其炒地皮后所拿的底牌", "the bottom it took after the rebid (炒地皮)") if rebid else ("底牌", "the bottom")
    return (f"记录的 Buried: 一行有 {_cards_text(cards)}，既不在{z}手中也不在{took_zh}里：{z}的出牌（正是一整手牌）表明了"
            f"其实际扣底（见“推出”）；是记录抄错了这一行，不是{z}扣了没有的牌",
            f"the Buried: line as written names {_cards_text(cards)}, neither in {e}'s hand nor in {took_en}: {e}'s "
            f"plays (a whole hand) show the bury {e} made (see derived); the record's error in that line, not a card "
            f"{e} buried without holding it")


def _bury_from_plays_not_known(seat: int) -> Message:
    """``(zh, en)``: ``seat``'s plays do not fix its bury, so its hand after it is read from its plays."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{z}的出牌也不是一整手牌，无从推出：{z}扣底后的手牌只按其所出的牌计，其跟牌只在其自己的出牌证明有错时判定",
            f"{e}'s plays are not a whole hand to derive it from: {e}'s hand after the bury is read from its "
            f"plays, its follows judged only where its own plays prove a fault")


def bury_not_known(dealer: int, bad_line: bool, what: Sequence[str], unread: int = 0) -> Message:
    """Neither a usable ``Buried:`` line nor the dealer's plays fix the bury (``unread``: the line has as many
    cards that could not be read, not used)."""
    said_zh = "Buried: 一行有误（不采用）" if bad_line else "记录未写明扣底（Buried:）"
    said_en = "the Buried: line is wrong (not used)" if bad_line else "the record does not give the bury (Buried:)"
    if unread and not bad_line:
        said_zh, said_en = _not_stated("Buried", unread)
    zh, en = _bury_from_plays_not_known(dealer)
    return unknown_fact(f"{said_zh}，{zh}，底牌分数也未知", f"{said_en}, and {en}, and the bottom's points are not known",
                        what)


def _nth_zh(n: int) -> str:
    return f"第{n}次扣底"


def _nth_en(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def rebid_bury_from_plays(seat: int, buried: Sequence[int], n: int) -> Message:
    """After 炒地皮: taker ``seat``'s bury (the ``n``-th of the ``Buried:`` line, which is wrong)
    derived from what it held (its hand and the bottom it took) and its plays, a whole hand."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{z}的扣底 {_cards_text(buried)}，由{z}拿底时的手牌、所拿的底牌及其出牌推出（其所出正是一整手牌，"
            f"扣底后的手牌即其所出的牌；Buried: 中的{_nth_zh(n)}有误，不采用）",
            f"{e}'s bury {_cards_text(buried)}, from the hand {e} held, the bottom {e} took and {e}'s plays "
            f"(a whole hand: its hand after the bury is the cards it played; the {_nth_en(n)} bury of the "
            f"Buried: line is wrong, so it is not used)")


def rebid_bury_not_known(seat: int, n: int, last: bool, what: Sequence[str]) -> Message:
    """After 炒地皮: taker ``seat``'s bury (the ``n``-th of the ``Buried:`` line) is wrong and its
    plays do not fix it; ``last``: it is the bottom that lies during play."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    then_zh = "底牌分数也未知" if last else "下一个拿底的人拿到的底牌也未知"
    then_en = "the bottom's points are not known" if last else "the bottom the next taker took is not known"
    zh, en = _bury_from_plays_not_known(seat)
    return unknown_fact(f"Buried: 中{z}的扣底（{_nth_zh(n)}）有误（不采用），{zh}，{then_zh}",
                        f"{e}'s bury (the {_nth_en(n)} of the Buried: line) is wrong (not used), and {en}, and "
                        f"{then_en}", what)


def rebid_buries_not_given(takers: Sequence[int], buries: int, no_bottom: bool, what: Sequence[str]) -> Message:
    """After 炒地皮 (``takers``: the dealer, then each rebidder, who took the bottom in turn) the record
    does not give one bury per taker (it gives ``buries``), or (``no_bottom``) gives no ``Bottom:``
    line: what each taker held after its bury is not known, so its hand is read from its plays."""
    seats = list(dict.fromkeys(takers))
    zh, en = seat_list(seats)
    n = len(takers)
    if no_bottom:
        said_zh, said_en = "记录没有底牌（Bottom: 一行）", "the record gives no bottom (no Bottom: line)"
    elif n == 1:
        said_zh = f"Buried: 写了 {buries} 次扣底（以 || 分开），而没有人炒地皮，只扣过一次底"
        said_en = f"the Buried: line gives {buries} buries (separated by ||), and nobody rebid: the bottom was buried once"
    elif buries == 0:
        said_zh = f"记录未写明扣底（没有 Buried: 一行），而炒地皮后共扣底 {n} 次"
        said_en = f"the record does not give the buries (no Buried: line), and after the rebid (炒地皮) there were {n}"
    else:
        said_zh = f"Buried: 写了 {buries} 次扣底，而炒地皮后共扣底 {n} 次（每个拿底的人一次，以 || 分开）"
        said_en = (f"the Buried: line gives {buries} bur{'y' if buries == 1 else 'ies'}, and after the rebid "
                   f"(炒地皮) there were {n} (one per taker of the bottom, separated by ||)")
    return unknown_fact(f"{said_zh}：拿过底的{zh}扣底后的手牌无从得知，只按其所出的牌计，其跟牌只在其自己的出牌证明有错时判定",
                        f"{said_en}: what {en} (who took the bottom) held after the bury is not known — read from the "
                        f"plays, follows judged only where the seat's own plays prove a fault", what)


def rebid_taken_not_known(seat: int, before: int, what: Sequence[str]) -> Message:
    """After 炒地皮: ``seat`` took the bottom ``before`` buried, and that bury is not known."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    bz, be = SEAT_NAMES_ZH[before], SEAT_TOKENS[before]
    return unknown_fact(f"{z}炒地皮后拿到的底牌是{bz}扣下的牌，而{bz}的扣底未知：{z}扣底后的手牌只按其所出的牌计，"
                        f"其跟牌只在其自己的出牌证明有错时判定",
                        f"{e} took, after the rebid (炒地皮), the bottom {be} buried, and {be}'s bury is not known: "
                        f"{e}'s hand after its bury is read from its plays, its follows judged only where its own "
                        f"plays prove a fault", what)


def _kinds_text(cards: Sequence[int]) -> str:
    """Each card of ``cards`` once, with suit symbols."""
    return cards_text(sorted(set(cards)))


def _tricks_words(tricks: Sequence[int]) -> Message:
    """``第3、7轮`` / ``tricks 3, 7`` (``trick 14`` for one)."""
    zh = "第" + "、".join(str(t) for t in tricks) + "轮"
    en = ("trick " if len(tricks) == 1 else "tricks ") + ", ".join(str(t) for t in tricks)
    return zh, en


def _which_bury(seat: int, index: int, takes: int, line: Sequence[int] = ()) -> Message:
    """``东家在 Buried: 中的扣底`` / ``E's bury on the Buried: line`` (after 炒地皮: the ``index``-th of ``takes``),
    with its cards ``line`` when given."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    cz, ce = (f"：{_cards_text(line)}", f": {_cards_text(line)}") if line else ("", "")
    if takes > 1:
        return (f"Buried: 中{z}的扣底（{_nth_zh(index + 1)}{cz}）",
                f"{e}'s bury (the {_nth_en(index + 1)} of the Buried: line{ce})")
    if line:
        return f"{z}在 Buried: 中的扣底（{_cards_text(line)}）", f"{e}'s bury on the Buried: line ({_cards_text(line)})"
    return f"{z}在 Buried: 中的扣底", f"{e}'s bury on the Buried: line"


def bury_disputed(seat: int, index: int, takes: int, line: Sequence[int], excess: Sequence[int],
                  unplaced: Sequence[int], tricks: Sequence[int], bury: Sequence[int] | None) -> Message:
    """``bad_bury``: a bury of the ``Buried:`` line (``line``) that ``seat`` could make, but that its plays
    contradict — it plays ``excess`` (in ``tricks``), which the line buries and it held, and never plays
    ``unplaced``, which the line leaves it; its plays are a whole hand out of what it held, leaving ``bury``
    (``None``: they are not — the record stops short, or leaves a play out — and only the cards played beyond
    what the line leaves are named).  The line or those plays are miscopied, and the record does not say
    which (:mod:`.bury_readings`)."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    wz, we = _which_bury(seat, index, takes, line)
    tz, te = _tricks_words(tricks)
    if bury is None:
        return (f"{wz}与其出牌不符：{z}打出了 {cards_text(excess)}（{tz}），多于该行留给{z}的张数——该行把它扣下了，"
                f"而{z}拿底后确实持有：Buried: 一行与这些出牌必有一处记错，记录未说明是哪一处",
                f"{we} disagrees with {e}'s plays: {e} plays {cards_text(excess)} ({te}) beyond the copies the line "
                f"leaves {e} — the line buries {'it' if len(excess) == 1 else 'them'}, and {e} held "
                f"{'it' if len(excess) == 1 else 'them'} after taking the bottom: the Buried: line or those plays are "
                f"miscopied, and the record does not say which")
    return (f"{wz}与其出牌不符：{z}打出了该行扣下的 {cards_text(excess)}（{tz}），"
            f"却从未打出该行留在其手中的 {cards_text(unplaced)}；{z}所出正是其拿底后所持牌中的一整手牌，余下的扣底为 "
            f"{_cards_text(bury)}：Buried: 一行与这些出牌必有一处记错，记录未说明是哪一处",
            f"{we} disagrees with {e}'s plays: {e} plays {cards_text(excess)} ({te}), which "
            f"the line buries, and never plays {cards_text(unplaced)}, which the line leaves {e}; {e}'s plays are a "
            f"whole hand out of what it held after taking the bottom, leaving the bury {_cards_text(bury)}: the "
            f"Buried: line or those plays are miscopied, and the record does not say which")


def bury_readings(disputes: Sequence[tuple[int, int, int, Sequence[int] | None, Sequence[int], Sequence[int],
                                           Sequence[int], bool]],
                  lines_too: bool, what: Sequence[str]) -> Message:
    """The ``unknown`` (tag ``Buried``) of a hand whose ``Buried:`` line its takers' plays contradict, judged
    under each reading (:mod:`.bury_readings`).  Per dispute ``(seat, index, takes, bury the plays leave,
    excess, unplaced, tricks, forced)``: reading A, the line miscopied (the bury is what the plays leave; bury
    ``None``: they leave none, which cards were buried instead is not known);
    reading B, those plays miscopied (``forced``: the cards the seat held and never played take the excess
    cards' places; else those plays are not known, judged over every way they could go).  ``lines_too``: the
    deal lines and the ``Bottom:`` line do not place every card of the decks, so one of them may be the
    miscopy (judged on the cards both the line and the plays give).  ``what``: what the readings do not all
    give (empty: they give the same verdicts)."""
    az, ae, bz, be = [], [], [], []
    for seat, index, takes, bury, excess, unplaced, tricks, forced in disputes:
        z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
        wz, we = _which_bury(seat, index, takes)
        tz, te = _tricks_words(tricks)
        if bury is None:
            az.append(f"{wz}记错，{z}并未扣下 {cards_text(excess)}，但其出牌不是拿底后所持牌中的一整手牌（记录中途而止或漏记出牌），"
                      f"改扣了哪些牌未知：{z}的牌按其出牌计，底牌未知")
            ae.append(f"{we} is miscopied: {e} did not bury {cards_text(excess)}, but {e}'s plays are not a whole hand "
                      f"out of what it held (the record stops short or leaves a play out), so which cards it buried "
                      f"instead is not known: {e}'s cards are read from its plays, the bottom not known")
        else:
            az.append(f"{wz}记错，实为 {_cards_text(bury)}（其出牌余下的牌）")
            ae.append(f"{we} is miscopied, and was {_cards_text(bury)} (what {e}'s plays leave)")
        if forced:
            bz.append(f"{z}{tz}的出牌记错：{cards_text(unplaced)} 记成了 {cards_text(excess)}（{z}持有而从未打出的牌只有这些）")
            be.append(f"{e}'s play in {te} is miscopied: {cards_text(excess)} written for {cards_text(unplaced)} "
                      f"(the only cards {e} held and never played)")
        else:
            uz, ue = (f"{cards_text(unplaced)} ", cards_text(unplaced)) if bury is not None else \
                (f"{z}所持而未打出的牌", f"cards {e} held and does not play")
            bz.append(f"{z}{tz}（打出 {_kinds_text(excess)} 的各手）中有出牌记错：{uz}记成了 "
                      f"{cards_text(excess)}，无从确定各在哪一手：这几手出牌未知，按其一切可能的出法判定")
            be.append(f"some of {e}'s plays in {te} (those with {_kinds_text(excess)}) are miscopied: "
                      f"{ue} written as {cards_text(excess)}, and which went where is not known: "
                      f"those plays are not known, judged over every way they could go")
    n_zh, n_en = ("三", "three") if lines_too else ("两", "two")
    head_zh = (f"Buried: 一行与出牌不符，有{n_zh}种读法，分别判定：（甲）{'；'.join(az)}；（乙）Buried: 一行无误，{'；'.join(bz)}")
    head_en = (f"the Buried: line and the plays disagree, and the record allows {n_en} readings, each judged: (A) "
               f"{'; '.join(ae)}; (B) the Buried: line is right, and {'; '.join(be)}")
    if lines_too:
        head_zh += "；（丙）发牌行或 Bottom: 一行记错（各副牌并非每张都已落实，按发牌行与出牌都有的牌判定）"
        head_en += ("; (C) a deal line or the Bottom: line is miscopied (they do not place every card of the decks: "
                    "judged on the cards both the line and the plays give)")
    if not what:
        return (f"{head_zh}：各种读法的判定相同，予以保留", f"{head_en}: every reading gives the same verdicts, kept")
    return unknown_fact(f"{head_zh}：只保留各种读法都给出的判定", f"{head_en}: only what every reading gives is kept",
                        what)


def fault_either_reading(seat: int | None, code: str) -> Message:
    """A violation found under every reading of a ``Buried:`` line its taker's plays contradict, whose owed
    play (or words) differs between them (:mod:`.bury_readings`)."""
    return fault_owed_open(seat, code, ("无论 Buried: 一行还是与之不符的出牌记错都违例，但应出哪一手取决于是哪一处记错",
                                        "whichever of the Buried: line and the plays that disagree with it is "
                                        "miscopied; the play owed depends on which"))


# --- a bury no dealer can have made (bad_bury), and the bury derived from the plays (moved from explain_hand) ---

def _pretty(cards: Sequence[int]) -> str:
    return " ".join(PRETTY[c] for c in cards)



def bury_count_mismatch(buries: int, takers: int) -> Message:
    """One bury recorded per player who took the bottom (the dealer, then each 炒地皮)."""
    return (f"记录了 {buries} 次埋底，但拿过底牌的有 {takers} 人（庄家和每次炒地皮的人），应记 {takers} 次",
            f"the record gives {buries} buries but {takers} player(s) took the bottom (the dealer, "
            f"then each rebid after the bottom, 炒地皮): expected {takers}")


def buried_not_held(seat: int, missing: Sequence[int], rebid: bool) -> Message:
    """Buried cards neither in the hand nor in the bottom taken (``rebid``: after 炒地皮)."""
    who_zh = f"{SEAT_NAMES_ZH[seat]}炒地皮后" if rebid else SEAT_NAMES_ZH[seat]
    whose = f"{SEAT_TOKENS[seat]}'s hand nor in the bottom {SEAT_TOKENS[seat]} took" if rebid \
        else "the dealer's hand nor in the bottom"
    return (f"{who_zh}扣的底牌 {_pretty(missing)} 既不在手中也不在底牌里",
            f"{SEAT_TOKENS[seat]} buried {_pretty(missing)}"
            f"{' after the rebid (炒地皮)' if rebid else ''}, which {'was' if len(missing) == 1 else 'were'} neither in "
            f"{whose}")


@dataclass(frozen=True, slots=True)
class Holder:
    """A deal line holding copies of a buried card (:func:`buried_held_by_others`): its seat, the copies it holds,
    the copies the seat played and the tricks it played them in."""
    seat: int
    copies: int
    played: int
    tricks: tuple[int, ...]


def buried_held_by_others(kinds: Sequence[int], holders: Sequence[Sequence[Holder]], decks: int,
                          shown: Sequence[bool] = ()) -> Message:
    """A bury naming cards the dealer's hand and the bottom lack (or its line not given) of which the other seats'
    deal lines — ``holders``: for each of ``kinds``, every line holding it — hold every copy, or with the bury more
    than the decks have: no dealer can bury them, so the ``Buried:`` line or one of those lines is miscopied — the
    record's finding, worded as the record's: no seat said to have buried anything, the lines that hold the copies
    named, and the tricks in which their seats played them.  ``shown``: for each of ``kinds``, whether those plays
    (each within its line's copies) with the bury are more copies than the decks have — the plays bear the lines
    out, so the ``Buried:`` line is the one miscopied (else a line and its plays both would be)."""
    shown = list(shown) or [False] * len(kinds)
    every = all(sum(h.copies for h in held) >= decks for held in holders)
    where = [_holder_words(k, h) for k, held in zip(kinds, holders) for h in held]
    open_seats = sorted({h.seat for held, sure in zip(holders, shown) if not sure for h in held})
    whose_zh = "或".join(SEAT_NAMES_ZH[s] for s in open_seats)
    whose_en = " or ".join(f"{SEAT_TOKENS[s]}'s" for s in open_seats)
    held_zh = (f"其他各家的发牌行已有其全部 {decks} 张" if every
               else f"其他各家的发牌行与该行合起来，其张数超过 {decks} 副牌所有（每种 {decks} 张）")
    held_en = (f"the other seats' deal lines hold every copy of it ({decks})" if every
               else f"the other seats' deal lines and the line hold together more copies of it than "
                    f"{decks_en(decks, 'have')} ({decks} of each)")
    if not any(shown):
        end_zh = f"Buried: 一行或{whose_zh}的发牌行记错（不知是哪一处），不采用该埋底行"
        end_en = (f"the Buried: line or {whose_en} deal line is miscopied (not known which), and the Buried: line is "
                  "not used")
    else:
        sure = [k for k, ok in zip(kinds, shown) if ok]
        end_zh = (f"所打出的{_pretty(sure)}与其发牌行相符：Buried: 一行记错（否则发牌行与出牌都记错了），不采用该埋底行"
                  + (f"；{whose_zh}的发牌行是否也记错，不得而知" if open_seats else ""))
        end_en = (f"the plays of {_pretty(sure)} bear those lines out: the Buried: line is miscopied (else a deal line "
                  "and its plays both would be), and it is not used"
                  + (f"; whether {whose_en} deal line is miscopied as well is not known" if open_seats else ""))
    return (f"Buried: 一行有 {_pretty(kinds)}，但{held_zh}：{'；'.join(z for z, _ in where)}——庄家不可能扣下；{end_zh}",
            f"the Buried: line names {_pretty(kinds)}, but {held_en}: {'; '.join(e for _, e in where)} — no dealer can "
            f"have buried it; {end_en}")


def _holder_words(kind: int, h: Holder) -> Message:
    """``北家的发牌行有 2 张♦J，北家打出了这 2 张（第2轮）`` / ``N's line holds 2 of DJ, and N played both (trick 2)``."""
    zh, en = f"{SEAT_NAMES_ZH[h.seat]}的发牌行有 {h.copies} 张{_pretty([kind])}", \
        f"{SEAT_TOKENS[h.seat]}'s line holds {h.copies} of {PRETTY[kind]}"
    if not h.played:
        return zh, en
    n = min(h.played, h.copies)
    all_zh = f"这 {n} 张" if n == h.copies and n > 1 else ("这张" if n == h.copies else f"其中 {n} 张")
    all_en = ("both copies" if n == h.copies == 2 else f"all {n} copies" if n == h.copies > 1
              else "it" if n == h.copies else f"{n} of them")
    t_zh = "第" + "、".join(map(str, h.tricks)) + "轮"
    t_en = ("trick " if len(h.tricks) == 1 else "tricks ") + ", ".join(map(str, h.tricks))
    return (f"{zh}，{SEAT_NAMES_ZH[h.seat]}打出了{all_zh}（{t_zh}）",
            f"{en}, and {SEAT_TOKENS[h.seat]} played {all_en} ({t_en})")


def bury_wrong_size(seat: int | None, buried: int, bottom_size: int) -> Message:
    """``seat`` ``None``: a position whose dealer is not known (the line is still the dealer's)."""
    who_zh, who_en = ("庄家", "the dealer") if seat is None else (SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat])
    # (the line's count: whether the seat buried that many or the line is miscopied, the record may not show —
    # a referee's tester read "E buried 7 cards" as a fact the plays had not proven)
    return (f"Buried: 一行记{who_zh}扣了 {buried} 张底牌，应扣 {bottom_size} 张",
            f"the Buried: line gives {who_en} burying {buried} cards; the bottom holds {bottom_size}")


def position_bury_beyond_decks(seat: int | None, kinds: Sequence[int], decks: int) -> Message:
    """A position's ``Buried:`` line naming cards of which it and the position's hands (the seats' lines,
    or the plays of a seat without one) hold more copies than the decks have: no bury can hold them, so the
    line or a seat's line is miscopied — the record's finding, worded as the record's: no seat (``seat``, the
    signature :func:`.bottom_exchange.bury_beyond_decks` calls, is not named) said to have buried anything."""
    return (f"Buried: 一行与残局各家的牌合起来，{_pretty(kinds)} 的张数超过 {decks} 副牌所有（每种 {decks} 张）："
            "记录有一处记错（不知是哪一处），不采用该埋底行",
            f"the Buried: line and the position's hands hold together more copies of {_pretty(kinds)} than "
            f"{decks_en(decks, 'have')} ({decks} of each): the record is miscopied somewhere (not known where), and "
            "the Buried: line is not used")


def played_bury_beyond_decks(seat: int | None, kinds: Sequence[int], decks: int) -> Message:
    """A full hand read from its plays (no deal lines): a ``Buried:`` line naming cards of which it and
    the cards played hold more copies than the decks have: no bury can hold them, so a card of the line or
    of a play is miscopied — the record's finding, worded as the record's: no seat (``seat``, the signature
    :func:`.bottom_exchange.bury_beyond_decks` calls, is not named) said to have buried anything."""
    return (f"Buried: 一行与各家打出的牌合起来，{_pretty(kinds)} 的张数超过 {decks} 副牌所有（每种 {decks} 张）："
            "该行或某一手出牌有牌记错（不知是哪一处），不采用该埋底行",
            f"the Buried: line and the cards played hold together more copies of {_pretty(kinds)} than "
            f"{decks_en(decks, 'have')} ({decks} of each): a card of the line or of a play is miscopied (not known "
            "which), and the Buried: line is not used")


def buried_from_all_plays(buried: Sequence[int], decks: int, hand_size: int, line_wrong: bool = True) -> Message:
    """The bury derived in a full hand without deal lines whose ``Buried:`` line is wrong
    (``line_wrong``) or missing: every seat played a whole hand, so the bottom is the decks' cards
    none played."""
    zh_line, en_line = (("；Buried: 一行有误，不采用", "; the Buried: line is wrong, so it is not used") if line_wrong
                        else ("；记录未写 Buried:", "; the record gives no Buried: line"))
    return (f"扣底 {_pretty(buried)}，由各家出牌推出（各家都打出整手 {hand_size} 张牌，{decks} 副牌中无人打出的牌"
            f"即是底牌{zh_line}）",
            f"buried {_pretty(buried)}, from the cards played (every seat played a whole hand of {hand_size} "
            f"cards, so the bottom is the cards of {decks} deck{'s' if decks > 1 else ''} nobody played"
            f"{en_line})")


# --- points (the score items) and the claim --------------------------------------------

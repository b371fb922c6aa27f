"""Bilingual messages about a deal line the rest of the record contradicts: one its seat's plays contradict
(:mod:`.deal_lines`: the line or a play miscopied, judged both ways), one they show short (a seat that plays every
card of its line and more), one not read whole, the seats and leaders the doubted lines leave open, and a card the
plays place in another seat's line (a misdeal's card) — docs/rules.md §1.6, §14.  Split out of
:mod:`.explain_contradicted` (which keeps the tags the record contradicts) when it passed 700 lines.

Each function returns ``(message_zh, message_en)``, saying the same in both languages; the wording of an unknown is
:func:`.explain_unknown.unknown_fact`'s.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
from .explain import Message, cards_text
from .explain_held import fault_owed_open
from .explain_unknown import seat_list, unknown_fact


LINE, BOTTOM_LINE, EITHER_LINE, BOTTOM_BORNE_OUT, BURY_LINE = "line", "bottom", "either", "bottom_borne_out", "bury"
"""Which line the dealer's cards left after the last trick come from (:func:`.deal_lines.dealer_line_in_doubt`): its
deal line, the ``Bottom:`` line (its deal line gives none of them), or either (both give them: which of the two is
miscopied the record does not say); or the ``Bottom:`` line where the decks bear it out (its deal line does not give
them all): the dealer's cards known exactly, a play is the one miscopied (``BOTTOM_BORNE_OUT``), else the
``Buried:`` line or a play (``BURY_LINE``: the dealer's cards rest on a bury not known exactly)."""

TAKEN_LINE = "taken"
"""A rebidder's cards left after the last trick (炒地皮) not all given by its deal line: a card came with the bottom it
took, the bury of the taker before it (:func:`.deal_line_readings.rebid_left_taken`) — its cards, its line with that
bottom less its own bury, rest on its deal line and the ``Buried:`` line, either of which, or a play, is miscopied."""

_BORNE_OUT = ("底牌行与四家发牌行合起来正好是整副牌（每张牌都恰好是牌副数那么多张），底牌行无误",
              "the Bottom: line is borne out by the decks (with the four deal lines, each whole, it gives every card "
              "exactly as many times as the decks hold it)")


def line_or_play(seat: int, place: str = LINE) -> Message:
    """Added to a ``not_in_hand`` / ``deal_mismatch`` of a seat whose deal line its plays contradict (:mod:`.deal_lines`);
    for the dealer, ``place`` names the line its cards left come from (:data:`LINE`, :data:`BOTTOM_LINE`,
    :data:`EITHER_LINE`, :data:`BOTTOM_BORNE_OUT`, :data:`BURY_LINE`); for a rebidder after 炒地皮 left with a card of
    the bottom it took, :data:`TAKEN_LINE`."""
    s_zh, s_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    if place == TAKEN_LINE:
        return (f"——{s_zh}剩下的牌并非都由其发牌行给出，有的是炒地皮时所取的底牌（前一个取底者所扣的牌）：{s_zh}的牌（发牌行加上所取的"
                f"底牌、减去自己所扣的牌）与其出牌不符，{s_zh}的发牌行、扣底行（Buried:）或出牌有一处记错，记录未说明是哪一处"
                "（见未知项 [deal]）",
                f" — the cards {s_en} is left with are not all its deal line's: some came with the bottom it took after "
                f"炒地皮 (the bury of the taker before it); {s_en}'s cards (its line with the bottom it took, less its "
                f"bury) and its plays disagree: {s_en}'s deal line, the Buried: line or a play is miscopied, and the "
                "record does not say which (unknown [deal])")
    if place == BOTTOM_BORNE_OUT:
        return (f"——{s_zh}剩下的牌是底牌行（Bottom:）给出的（其发牌行并未全部给出）；{_BORNE_OUT[0]}：不是底牌行，"
                f"而是{s_zh}的出牌有一处记错（见未知项 [deal]）",
                f" — the cards {s_en} is left with are the Bottom: line's (its deal line does not give them all), and "
                f"{_BORNE_OUT[1]}: not the Bottom: line but a play of {s_en}'s is miscopied (unknown [deal])")
    if place == BURY_LINE:
        return (f"——{s_zh}剩下的牌是底牌行（Bottom:）给出的（其发牌行并未全部给出）；{_BORNE_OUT[0]}，而{s_zh}的牌取决于"
                f"扣底行（Buried:），不能确知：不是底牌行，而是扣底行或{s_zh}的出牌有一处记错（见未知项 [deal]）",
                f" — the cards {s_en} is left with are the Bottom: line's (its deal line does not give them all), and "
                f"{_BORNE_OUT[1]}, while {s_en}'s cards rest on the Buried: line, not known exactly: not the Bottom: "
                f"line but the Buried: line or a play of {s_en}'s is miscopied (unknown [deal])")
    if place == BOTTOM_LINE:
        return (f"——底牌行（Bottom:）与{s_zh}的出牌不符（{s_zh}剩下的牌是底牌行给出的，其发牌行并无此牌）：底牌行或出牌有一处记错"
                "（见未知项 [deal]）",
                f" — the Bottom: line and {s_en}'s plays disagree (the cards {s_en} is left with are the Bottom: "
                f"line's; its deal line does not give them): the Bottom: line or a play is miscopied (unknown [deal])")
    if place == EITHER_LINE:
        return (f"——{s_zh}的发牌行与底牌行（Bottom:）合起来与其出牌不符（{s_zh}剩下的牌两行都给出）：{s_zh}的发牌行、底牌行"
                "或出牌有一处记错，记录未说明是两行中的哪一行（见未知项 [deal]）",
                f" — {s_en}'s deal line with the Bottom: line and its plays disagree (both lines give the cards "
                f"{s_en} is left with): {s_en}'s deal line, the Bottom: line or a play is miscopied, and the record "
                "does not say which of the two lines (unknown [deal])")
    return (f"——{s_zh}的发牌行与其出牌不符：发牌行或出牌有一处记错（见未知项 [deal]）",
            f" — {s_en}'s deal line and its plays disagree: the line or a play is miscopied (unknown [deal])")


def shown_in_throw_before(seat: int, throws: Sequence[tuple[int, Sequence[int]]]) -> Message:
    """Added to the ``not_in_hand`` of a seat whose deal line the decks prove miscopied, at its play of a card its
    failed throws of ``throws`` (``(trick, the cards shown that its line does not give)`` each) showed before: the
    same copy, shown, returned to its hand and played there — one slip, found once (:mod:`.deal_lines`)."""
    s_zh, s_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    zh = "、".join(f"第 {t} 轮甩牌失败时亮出的 {cards_text(c)} " for t, c in throws)
    en = ", ".join(f"the {cards_text(c)} shown in its failed throw of trick {t}" for t, c in throws)
    return (f"；{s_zh}{zh}也是这同一张牌（亮出后退回手中，在此打出）：同一处记错（发牌行），只记一次",
            f"; {en} {'is' if len(throws) == 1 else 'are'} this same copy (shown, returned to {s_en}'s hand and "
            f"played here): one slip, the line's, found once")


def shown_then_played(seat: int, throws: Sequence[tuple[int, Sequence[int]]]) -> Message:
    """Added to the ``not_in_hand`` of a seat whose deal line or plays are miscopied (which, the record does not
    say), at its play of a card its failed throws of ``throws`` (``(trick, the cards shown that its line does not
    give)`` each) showed before: the record writes the same card at both places — the one it held, shown, returned
    to its hand and played there, whichever is miscopied —, found once (:mod:`.deal_lines`)."""
    s_zh, s_en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    zh = "、".join(f"第 {t} 轮甩牌失败时亮出的 {cards_text(c)} " for t, c in throws)
    en = ", ".join(f"the {cards_text(c)} {s_en} showed in its failed throw of trick {t}" for t, c in throws)
    return (f"；{s_zh}{zh}也是这同一张牌（亮出后退回手中，在此打出）：无论记错的是发牌行还是出牌，两处写的都是同一张牌，"
            "只记一次",
            f"; {en} {'is' if len(throws) == 1 else 'are'} this same card (shown, returned to {s_en}'s hand and "
            f"played here): whichever is miscopied, the line or the plays, both places write the one card, found once")


def fault_whichever_line(seat: int | None, code: str) -> Message:
    """A violation found whether a deal line or a play on it is miscopied, whose owed play (or words) differs
    between the two (:mod:`.deal_lines`)."""
    return fault_owed_open(seat, code, ("无论是发牌行还是与之不符的出牌记错都违例，但应出哪一手取决于是哪一处记错",
                                        "whichever of the deal line and the play that disagrees with it is "
                                        "miscopied; the play owed depends on which"))


DEALER_NOT_KNOWN, PLAYS_NOT_READ = "dealer", "other"
"""Why the hand is not judged with the plays miscopied (:func:`deal_line_contradicted`'s ``unread``): the dealer, one
of the seats, has cards not known exactly (:func:`.deal_line_proof.taker_cards_known`); or the ways are too many, a
failed throw is among such plays, or the seat's cards left are not as many as those it plays beyond its line."""


def deal_line_contradicted(seats: Sequence[int], what: Sequence[str], dealer: int | None = None,
                           stops: bool = False, plays: bool = False, place: str = LINE, read: bool = False,
                           unread: str = "", unknown_taker: int | None = None,
                           rebidders: Sequence[int] = ()) -> Message:
    """A hand (a full hand or a position) whose ``seats``' deal lines their plays contradict (:mod:`.deal_lines`);
    the ``dealer``'s cards are its line with the bottom, less the bury (a full hand's).  ``stops``: the record stops
    before the hand's end (no cards left after the last trick to show which cards of the line were not held).
    ``plays``: the hand is also judged with the plays miscopied instead (each card played beyond the line
    replaced by a card left); ``read``: with the line miscopied, read from the seat's plays; only what every
    reading gives is kept.  ``place``: the line the ``dealer``'s cards left come from, when it is the one seat
    (:func:`line_or_play`): the ``Bottom:`` line, or either of the two, named so.  ``unread``: why the plays are not
    read miscopied (:data:`DEALER_NOT_KNOWN`, :data:`PLAYS_NOT_READ`; ``""`` where they are): said, with what that
    withholds — never words claiming that reading made; ``unknown_taker``: the taker of the bottom whose cards are
    not known exactly (default the ``dealer``).  ``rebidders``: the seats of ``seats`` that took the bottom after
    炒地皮, their cards their line with the bottom they took, less their bury."""
    zh, en = seat_list(seats)
    if not stops and place != LINE and dealer is not None and list(seats) == [dealer]:
        return _dealer_lines_contradicted(dealer, what, plays, place, read, unread)
    one = len(seats) == 1
    its = "its" if one else "their"
    nz = ne = ""
    if dealer in seats:
        dz, de = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
        nz, ne = f"（{dz}的牌是其发牌行加底牌、减去所扣的牌）", f" ({de}'s cards being its line and the bottom, less the bury)"
    if rebidders:
        rz, re_ = seat_list(rebidders)
        nz += f"（{rz}的牌是其发牌行加上所取的底牌、减去自己所扣的牌）"
        whose = "its" if len(rebidders) == 1 else "each one's"
        ne += f" ({re_}'s cards being {whose} line with the bottom it took, less its bury)"
    pz, pe = _other_readings(zh, en, one, stops, plays, read)
    if unread and not plays:
        uz, ue = _plays_not_read(zh, en, one, dealer if unknown_taker is None else unknown_taker, unread,
                                 unknown_taker is not None and unknown_taker != dealer)
        pz, pe = pz + uz, pe + ue
    if stops:
        them = "it" if one else "them"
        return unknown_fact(
            f"{zh}打出了发牌行中没有的牌，而记录在本副牌打完之前就结束了，发牌行与出牌必有一处记错，"
            f"但看不出发牌行中哪些牌{zh}并未持有：{zh}的跟牌（以及对其的甩牌）只按发牌行与已记录的出牌都有的牌判定{nz}；"
            f"甩牌是否成立、应出的牌若取决于{zh}没有某张牌，则不判定{pz}",
            f"{en} {'plays' if one else 'play'} a card {its} deal line does not give, and the record stops before "
            f"the hand's end, so the line or a play is miscopied and which cards of {its} line {en} did not hold "
            f"is not known: {its} follows (and throws against {them}) are judged only on the cards both {its} "
            f"line and {its} recorded plays give{ne}; whether a throw stood, or the forced play due, is not judged "
            f"where it rests on {en} not holding a card{pe}", what)
    return unknown_fact(f"{zh}的发牌行与其出牌不符（打出了发牌行中没有的牌，最后一轮后仍有剩牌），发牌行与出牌必有一处记错："
                        f"{zh}的跟牌（以及对其的甩牌）只按发牌行与出牌都有的牌判定{nz}{pz}",
                        (f"{en}'s deal line disagrees with its plays ({en} plays a card the line does not give and "
                     f"still holds cards after the last trick)" if one else
                     f"the deal lines of {en} disagree with their plays (each plays a card its line does not give "
                     f"and still holds cards after the last trick)") +
                    f", so the line or a play is miscopied: {its} follows (and throws against "
                    f"{'it' if one else 'them'}) are judged only on the cards both {its} line and {its} plays give{ne}"
                    f"{pe}", what)


def _dealer_lines_contradicted(dealer: int, what: Sequence[str], plays: bool, place: str, read: bool = False,
                               unread: str = "") -> Message:
    """:func:`deal_line_contradicted` of the dealer alone, the cards it is left with given by the ``Bottom:`` line
    alone (``place`` :data:`BOTTOM_LINE`; :data:`BOTTOM_BORNE_OUT` where the decks bear that line out: a play is
    miscopied) or by both its deal line and the ``Bottom:`` line (:data:`EITHER_LINE`); ``read``: the hand also judged with the lines miscopied, read from its plays (:func:`_other_readings`)."""
    zh, en = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
    # what the dealer's plays do against its cards (the Bottom: line borne out or not)
    sz = f"{zh}打出了其发牌行与底牌行都没有的牌，最后一轮后仍剩有底牌行给出、其发牌行并无的牌"
    se = (f"{en} plays a card neither its deal line nor the Bottom: line gives, and still holds after the last trick "
          f"cards the Bottom: line gives and its deal line does not")
    if place == BOTTOM_BORNE_OUT:
        hz = f"{zh}的出牌与其牌不符（{sz}）；{_BORNE_OUT[0]}，是{zh}的出牌有一处记错"
        he = f"{en}'s plays disagree with its cards ({se}); {_BORNE_OUT[1]}, so a play of {en}'s is miscopied"
    elif place == BURY_LINE:
        hz = (f"{zh}的出牌与其牌不符（{sz}）；"
              f"{_BORNE_OUT[0]}，而{zh}的牌取决于扣底行（Buried:），不能确知：是扣底行或{zh}的出牌有一处记错")
        he = (f"{en}'s plays disagree with its cards ({se}); {_BORNE_OUT[1]}, while {en}'s cards rest on the "
              f"Buried: line, not known exactly: so the Buried: line or a play of {en}'s is miscopied")
    elif place == BOTTOM_LINE:
        hz = f"底牌行（Bottom:）与{zh}的出牌不符（{sz}），底牌行与出牌必有一处记错"
        he = f"the Bottom: line disagrees with {en}'s plays ({se}), so the Bottom: line or a play is miscopied"
    else:
        hz = (f"{zh}的发牌行与底牌行（Bottom:）合起来与其出牌不符（{zh}打出了两行都没有的牌，最后一轮后仍剩有两行都给出的牌），"
              f"{zh}的发牌行、底牌行与出牌必有一处记错，记录未说明是两行中的哪一行")
        he = (f"{en}'s deal line with the Bottom: line disagrees with its plays ({en} plays a card neither line gives, "
              f"and still holds after the last trick cards both lines give), so {en}'s deal line, the Bottom: line or "
              f"a play is miscopied, and the record does not say which of the two lines")
    pz = pe = ""
    if read:
        pz, pe = _other_readings(zh, en, True, False, plays, read)
    elif plays:
        pz = (f"；若是出牌记错（把{zh}所出的两行中没有的牌换成其剩下的牌），本局也照此判定，各轮由谁赢、得分与违例只保留"
              "两种判定都相同的结论")
        pe = (f"; the hand is also judged with the plays miscopied instead (each card {en} plays that the lines do not "
              f"give read as a card {en} holds after the last trick), and a trick's winner, its points and a fault are "
              "kept only where both give them")
    if unread and not plays:
        uz, ue = _plays_not_read(zh, en, True, dealer, unread)
        pz, pe = pz + uz, pe + ue
    return unknown_fact(f"{hz}：{zh}的跟牌（以及对其的甩牌）只按两行与出牌都有的牌判定（{zh}的牌是其发牌行加底牌、减去所扣的牌）{pz}",
                        f"{he}: its follows (and throws against it) are judged only on the cards both the lines and its "
                        f"plays give ({en}'s cards being its line and the bottom, less the bury){pe}", what)


def _plays_not_read(zh: str, en: str, one: bool, dealer: int | None, why: str, rebid: bool = False) -> Message:
    """The words of :func:`deal_line_contradicted` where the hand is not judged with the plays miscopied (``why``:
    :data:`DEALER_NOT_KNOWN` — the ``dealer``'s cards not known exactly —, else :data:`PLAYS_NOT_READ`): that reading
    not made, and what is withheld for it (:func:`.deal_lines._winners_open`); ``rebid``: ``dealer`` is a rebidder
    that took the bottom after 炒地皮."""
    its = "its" if one else "their"
    if why == DEALER_NOT_KNOWN and dealer is not None and rebid:
        dz, de = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
        rz = (f"{dz}的牌（发牌行加上炒地皮时所取的底牌、减去自己所扣的牌）不能确知：扣底行（Buried:）未逐次给出或未读全、"
              f"所扣的牌不是能扣的，或出牌与扣底行不符")
        re_ = (f"{de}'s cards — its line with the bottom it took after 炒地皮, less its bury — are not known exactly: "
               f"the Buried: line not giving each bury or not read whole, a bury its taker could not make, or its "
               f"taker's plays disputing it")
    elif why == DEALER_NOT_KNOWN and dealer is not None:
        dz, de = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
        rz = (f"{dz}的牌（发牌行加底牌、减去所扣的牌）不能确知：底牌行或扣底行（Buried:）未给出或未读全（炒地皮时未逐次给出每次所扣的牌）、所扣的牌"
              f"不是{dz}能扣的，或{dz}的出牌与扣底行不符")
        re_ = (f"{de}'s cards — its line with the bottom, less the bury — are not known exactly: the Bottom: or "
               f"Buried: line not given or not read whole (after 炒地皮, not one bury written for each take), a bury {de} could "
               f"not make, or its plays disputing the Buried: line")
    else:
        rz = "换法超过 24 种、此类出牌中有甩牌失败，或剩牌与所出发牌行中没有的牌张数不同"
        re_ = ("more than 24 ways, a failed throw among such plays, or not as many cards left as cards played beyond "
               "the line")
    return (f"；未按出牌记错判定（{rz}），故{zh}打出发牌行中没有的牌的各轮，由谁赢、得分及其中的违例都不判定，"
            f"其下一轮的领出是否轮到也不判定",
            f"; the hand is not judged with a play miscopied ({re_}), so the winner, the points and the faults of "
            f"each trick in which {en} {'plays' if one else 'play'} a card beyond {its} line are withheld, and "
            f"whether the next trick's lead was in turn")


def _other_readings(zh: str, en: str, one: bool, stops: bool, plays: bool, read: bool) -> Message:
    """The words of :func:`deal_line_contradicted` on the other readings the hand is judged under: the plays
    miscopied (``plays``), the line miscopied and read from the plays (``read``)."""
    its = "its" if one else "their"
    pz = pe = ""
    if plays:
        at_z, at_e = ("记录结束时", "where the record stops") if stops else ("", "after the last trick")
        pz = f"；若是出牌记错（把{zh}所出的发牌行中没有的牌换成其{at_z}剩下的牌），本局也照此判定"
        pe = (f"; the hand is also judged with the plays miscopied instead (each card {en} "
              f"{'plays' if one else 'play'} that {its} line does not give read as a card {en} "
              f"{'holds' if one else 'hold'} {at_e})")
    if read:
        pz += (f"；若是发牌行记错（{zh}的牌就是其打出的牌：以其所出的发牌行中没有的牌换下其剩下的牌），本局也照此判定，"
               f"对{zh}的甩牌不以{zh}没有其打出的牌为据")
        pe += (f"{' and' if plays else '; the hand is also judged'} with the line miscopied instead ({en}'s cards "
               f"being those {en} {'plays' if one else 'play'}: the cards played beyond {its} line in place of those "
               f"left after the last trick), so no throw against {'it' if one else 'them'} is judged on {en} not "
               f"holding a card {en} {'plays' if one else 'play'}")
    if plays or read:
        n = "两种" if not (plays and read) else "各种"
        pz += f"，各轮由谁赢、得分与违例只保留{n}判定都相同的结论"
        pe += (", and a trick's winner, its points and a fault are kept only where "
               f"{'every reading gives' if plays and read else 'both give'} them")
    return pz, pe


def line_short_of_plays(seat: int, dealt: int, played: int, unheld: Sequence[int], what: Sequence[str],
                        dealer: bool = False) -> Message:
    """A full hand's deal line giving ``seat`` ``dealt`` cards, fewer than it played (``played``), every
    card of the line among them and ``unheld`` not in it, nothing left after the last trick
    (``hand_replay``): the line leaves cards out, or a play is miscopied — the count played decides
    多少牌 (docs/rules.md §10.3), the follows are judged on the line.  ``dealer``: its cards are its line
    with the bottom, less the bury."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    cards = " ".join(PRETTY[k] for k in unheld)
    nz, ne = ("（发牌行加底牌、减去所扣的牌）", " (its line and the bottom, less the bury)") if dealer else ("", "")
    return unknown_fact(f"{z}的发牌行只给{z} {dealt} 张牌{nz}，{z}却打出 {played} 张：这些牌每张都打出了，此外还打出了 {cards}——"
                        f"发牌行漏记了牌，或某次出牌记错，记录未说明是哪一处：{z}是否多少牌按其实际打出的牌数判定，"
                        f"其跟牌（以及对其的甩牌）只按发牌行判定",
                        f"{e}'s deal line gives {e} {dealt} cards{ne}, but {e} played {played}: every one of them, and "
                        f"besides them {cards} — the line leaves cards out or a play is miscopied, and "
                        f"the record does not say which: whether {e} miscounted (多少牌) goes by the cards it played, its "
                        f"follows (and throws against it) are judged on its line", what)


def line_unread(seat: int, unread: int, beyond: Sequence[int], what: Sequence[str], position: bool,
                played_out_unknown: bool) -> Message:
    """A deal line with ``unread`` cards that could not be read (:attr:`~tractor_analysis.records.model.Hand.
    deal_unread`), the rest of the deal not proving them (:mod:`.starting_hands`): the line is not known to
    be whole.  ``beyond``: the cards ``seat`` played that the line does not give and the decks leave room for
    (each may be a card not read: taken as held, no ``not_in_hand``); ``position``: a position's line (no
    多少牌 to judge); ``played_out_unknown``: the seat may still hold a card not read after the last trick."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    s = "s" if unread > 1 else ""
    head_zh, head_en = _unread_head(seat, unread)
    cards = " ".join(PRETTY[k] for k in beyond)
    if not beyond:
        held_zh, held_en = "", ""
    elif len(beyond) <= unread:
        held_zh = f"；{z}打出了该行没有的 {cards}，可能正是无法识别的牌，不判为打出手中没有的牌"
        held_en = (f"; {e} played {cards}, which the line does not give and may be the card{s} not read, so that is "
                   f"not judged a card not held")
    else:
        held_zh = (f"；{z}打出了该行没有的 {cards}，比无法识别的多：其中至少 {len(beyond) - unread} 张不是{z}所持，"
                   f"但不知是哪几张，均不判为打出手中没有的牌")
        held_en = (f"; {e} played {cards}, which the line does not give, more than could not be read: at least "
                   f"{len(beyond) - unread} of them were not held, but which is not known, so none is judged a card not held")
    if position:
        rest_zh = "；残局各家牌数的核对不予采信，其跟牌（以及对其的甩牌）只在其确有的牌（可读的牌与打出的牌）证明有错时判定"
        rest_en = ("; the count of the position's cards is not taken as proof, and its follows (and throws against it) are "
                   "judged only where the cards it surely held (those read and those played) prove a fault")
    else:
        rest_zh = (f"；发牌张数与整副牌的核对不予判定，{z}是否多少牌按其实际打出的牌数判定，其跟牌（以及对其的甩牌）"
                   f"只在其确有的牌（可读的牌与打出的牌）证明有错时判定")
        rest_en = (f"; the deal's size and the check of the decks are not judged, whether {e} miscounted (多少牌) goes by "
                   f"the cards it played, and its follows (and throws against it) are judged only where the cards it "
                   f"surely held (those read and those played) prove a fault")
    if played_out_unknown:
        rest_zh += f"，也不知{z}是否已出完手牌"
        rest_en += f", and whether {e} played out its hand is not known"
    return unknown_fact(head_zh + held_zh + rest_zh, head_en + held_en + rest_en, what)


def _unread_head(seat: int, unread: int) -> Message:
    """How :func:`line_unread` begins (:func:`unread_line_seat` knows its words by it)."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{z}的发牌行有 {unread} 张牌无法识别（未计入该行）：该行不知是否完整",
            f"{e}'s deal line has {unread} card{'s' if unread > 1 else ''} that could not be read (left out of the "
            f"line): the line is not known to be whole")


def unread_line_seat(message: Message) -> int | None:
    """The seat whose line :func:`line_unread` made ``message`` (``(message_zh, message_en)``) about, or
    ``None``: another message."""
    zh, en = message
    for seat in range(4):
        lead = f"{SEAT_TOKENS[seat]}'s deal line has "
        if not en.startswith(lead):
            continue
        digits = en[len(lead):].split(" ", 1)[0]
        if digits.isdigit() and int(digits) > 0:
            head_zh, head_en = _unread_head(seat, int(digits))
            if en.startswith(head_en) and zh.startswith(head_zh):
                return seat
    return None


def line_unread_throws(message: Message, before: Sequence[str], seats: Sequence[int], tricks: Sequence[int],
                       what: Sequence[str]) -> Message:
    """``message``, a :func:`line_unread` unknown that withheld ``before``, once the verdict of a throw
    against ``seats`` (their cards not known to be all they held: this seat among them) was withheld in
    ``tricks`` (:func:`.setting.throws_unknown`): it says so, and withholds ``what``."""
    old_zh, old_en = unknown_fact("", "", before)
    zh, en = message
    if not (zh.endswith(old_zh) and en.endswith(old_en)):
        raise ValueError("not an unknown's words withholding " + ", ".join(before))
    szh, sen = seat_list(seats)
    n = len(tricks)
    return unknown_fact(f"{zh[:-len(old_zh)]}；第 {'、'.join(map(str, tricks))} 轮的甩牌判定依赖{szh}没有某些牌，不予判定",
                        f"{en[:-len(old_en)]}; trick{'s' if n > 1 else ''} {', '.join(map(str, tricks))}: the verdict "
                        f"of the throw rests on {sen} not holding some card{'s' if n > 1 else ''}, so it is withheld",
                        what)


# --- a failed throw written without its arrow (:mod:`.throw_arrows`) ------------------------------------------

def seats_from_winners_doubted(doubts: Sequence[tuple[int, int, int]], weighed: Sequence[int], made: int, complete: bool,
                               most: int, what: Sequence[str]) -> Message:
    """Why the seats of the tricks in ``doubts`` (``(trick, seat w names, winner by the rules)``) are not known, and
    how the hand was judged: the tricks ``weighed`` seated both ways, ``made`` readings (:mod:`.platform_leads`;
    ``most``: the re-seatings it makes at most)."""
    zh = "；".join(f"第 {n - 1} 轮记录的赢家（w）为{SEAT_NAMES_ZH[s]}，第 {n} 轮的出牌由{SEAT_NAMES_ZH[s]}起依次排座，"
                  f"而按规则（各轮按记录排座）第 {n - 1} 轮由{SEAT_NAMES_ZH[w]}赢得" for n, s, w in doubts)
    en = "; ".join(f"the record names {SEAT_TOKENS[s]} the winner (w) of trick {n - 1} and seats trick {n}'s plays "
                   f"from {SEAT_TOKENS[s]}, but by the rules (each trick seated as recorded) {SEAT_TOKENS[w]} won "
                   f"trick {n - 1}" for n, s, w in doubts)
    zh += ("。记录只给出各轮的出牌顺序，不给座位，发牌也由如此排座的出牌还原；记录未说明是 w 抄错了（各家出牌因而归错了座位），"
           "还是平台的裁判判法与本规则不同")
    en += (". The record gives each trick's plays in order, not their seats, and the deal is rebuilt from the plays so "
           "seated; it does not say whether w is miscopied (the plays then sit with the wrong seats) or the platform's "
           "referee judged the trick otherwise")
    tzh, ten = "、".join(map(str, weighed)), ", ".join(map(str, weighed))
    if complete:
        zh += (f"：本局将第 {tzh} 轮分别按记录的赢家和按规则判出的赢家排座，每种读法各判定一次（共 {made} 种，发牌随之还原），"
               "只保留各种判定都相同的结论")
        en += (f": the hand was judged with trick(s) {ten} seated from either winner, the record's or the rules' "
               f"({made} readings, the deal rebuilt with each), and only what all give is kept")
    else:
        zh += (f"，而这些读法无法全部判定（须重新排座的轮超过 {most} 次，或某种读法中按规则的赢家随之改变），"
               "因此依赖座位的结论均不予判定")
        en += (f", and these readings cannot all be judged (more than {most} tricks to seat again, or a winner "
               "by the rules that changes with the reading), so nothing that rests on the seats is kept")
    return unknown_fact(zh, en, what)


def leader_from_rules(trick: int, seat: int) -> Message:
    """Why trick ``trick`` is seated from ``seat``: the record's ``w`` of the trick before is unreadable or left
    out (hand tag ``80fen:seats-from-rules``), and by the rules ``seat`` won it (:mod:`.platform_leads`)."""
    s, sz = SEAT_TOKENS[seat], SEAT_NAMES_ZH[seat]
    return (f"记录未给出第 {trick - 1} 轮的赢家（字段 'w' 无法读取或缺失），故未说明第 {trick} 轮由谁首出：按规则（按牌判定）"
            f"第 {trick - 1} 轮由{sz}赢得，第 {trick} 轮的出牌由{sz}起依次排座，发牌随之还原",
            f"the record does not give the winner of trick {trick - 1} (its field 'w' unreadable or left out), so it "
            f"does not say who led trick {trick}: by the rules (from the cards) {s} won trick {trick - 1}, and trick "
            f"{trick}'s plays are seated from {s}, the deal rebuilt with them")


def leader_not_derived(tricks: Sequence[int], what: Sequence[str]) -> Message:
    """Why the seats of ``tricks`` are not known: the record's ``w`` of the trick before each is unreadable or left
    out, and the rules give no one seat that won it (its winner withheld, or a winner that moves with the seating
    of the trick after) (``what``: what is withheld)."""
    zh = "、".join(str(n) for n in tricks)
    en = ", ".join(str(n) for n in tricks)
    return unknown_fact(f"记录未给出第 {zh} 轮各自前一轮的赢家（字段 'w' 无法读取或缺失），故未说明这几轮由谁首出；按规则也"
                        "定不出唯一的赢家（该轮赢家不予判定，或随后一轮的排座而改变），因此依赖座位的结论均不予判定",
                        f"the record does not give the winner of the trick before trick(s) {en} (field 'w' unreadable "
                        "or left out), so it does not say who led them, and the rules give no one seat that won it "
                        "(its winner withheld, or one that changes with the seating of the trick after), so nothing "
                        "that rests on the seats is kept", what)


def seats_from_bottom_doubted(against: Sequence[tuple[int, int, int]], what: Sequence[str]) -> Message:
    """Why the seats of the tricks in ``against`` (each ``(trick, seat the bottom seats it from, winner of the
    trick before by the rules)``: :mod:`.platform_leads`) are not known: the bottom says one seat led, the rules give
    the trick before to another (``what``: what is withheld)."""
    zh = "；".join(f"第 {n} 轮的出牌由{SEAT_NAMES_ZH[s]}起排座（庄家留下未埋的一张底牌在该轮打出，故由底牌定座，"
                  f"而非第 {n - 1} 轮记录的赢家 w），而按规则（各轮按记录排座）第 {n - 1} 轮由{SEAT_NAMES_ZH[w]}赢得"
                  for n, s, w in against)
    en = "; ".join(f"trick {n}'s plays are seated from {SEAT_TOKENS[s]}, as a card of the bottom the dealer kept "
                   f"(not buried) is played in it (seated from the bottom, not from the w of trick {n - 1}), but by "
                   f"the rules (each trick seated as recorded) {SEAT_TOKENS[w]} won trick {n - 1}"
                   for n, s, w in against)
    zh += ("。记录自相矛盾：未说明是底牌或该轮的出牌抄错了，还是平台的裁判判法与本规则不同；此外别无可行的排座"
           "（其他排座都会把那张底牌归给从未持有它的一家），因此依赖座位的结论均不予判定")
    en += (". The record contradicts itself: it does not say whether the bottom or the trick's cards are miscopied, "
           "or the platform's referee judged the trick otherwise; no other seating is a reading (it would put that "
           "card with a seat that never held it), so nothing that rests on the seats is kept")
    return unknown_fact(zh, en, what)


def misdeal_card_elsewhere(moves: Sequence[tuple[int, int, int]], miscount: Sequence[int]) -> Message:
    """The ``"unknown"`` (tag ``deal``, withholding ``outcome`` and ``levels``) of a hand whose result — a misdeal
    (多少牌) of the seats ``miscount``, or other — rests on a card a line gives too many that may be another seat's,
    written in the wrong line: ``moves`` ``(card, the long line's seat, the seat playing it beyond its own line)``
    (docs/rules.md §1.6, §10.3)."""
    cards = "、".join(PRETTY[k] for k, _, _ in moves)
    cards_en = ", ".join(PRETTY[k] for k, _, _ in moves)
    fz = "、".join(dict.fromkeys(f"{SEAT_TOKENS[m]} 的牌行多出的 {PRETTY[k]} 可能是 {SEAT_TOKENS[t]} 的牌（{SEAT_TOKENS[t]} 打出了它，"
                                 f"而其牌行没有），抄错了行" for k, m, t in moves))
    fe = "; ".join(dict.fromkeys(f"the {PRETTY[k]} too many in {SEAT_TOKENS[m]}'s line may be {SEAT_TOKENS[t]}'s "
                                 f"({SEAT_TOKENS[t]} plays it and its own line, itself in doubt, lacks it), written in "
                                 f"the wrong line" for k, m, t in moves))
    if miscount:
        who = "、".join(SEAT_TOKENS[s] for s in miscount)
        rz, re_ = f"多少牌（{who}）", f"a misdeal (多少牌) of {', '.join(SEAT_TOKENS[s] for s in miscount)}"
    else:
        rz, re_ = "本局结果", "the hand's result"
    return (f"{fz}；那样就没有多发的牌（{cards}），本局另有结局：{rz}不予判定，本局结果与局后级数一并不予判定"
            f"（docs/rules.md §1.6、§10.3）",
            f"{fe}; then no card ({cards_en}) was dealt too many and the hand ends otherwise: {re_} is not decided — "
            f"the hand's result and the levels after it are withheld (docs/rules.md §1.6, §10.3)")


def _moves_words(moves: Sequence[tuple[int, int, int]]) -> tuple[str, str]:
    """``moves`` ``(card, the long line's seat, the short line's seat)`` named: "S 的牌行中的 ♥2 是北家的" / "the H2 in S's
    line is N's" (one clause a move, in order)."""
    zh = "；".join(dict.fromkeys(f"{SEAT_NAMES_ZH[m]}发牌行中多出的 {cards_text((k,))} 实为{SEAT_NAMES_ZH[t]}的牌"
                                 for k, m, t in moves))
    en = "; ".join(dict.fromkeys(f"the {cards_text((k,))} too many in {SEAT_TOKENS[m]}'s line is {SEAT_TOKENS[t]}'s"
                                 for k, m, t in moves))
    return zh, en


def card_in_wrong_line(moves: Sequence[tuple[int, int, int]]) -> Message:
    """The ``derived`` ``deal`` of cards the record proves written in the wrong deal line (:mod:`.recorded_hand`):
    ``moves`` ``(card, the long line's seat, the short line's seat)`` — the long line's seat never plays them, the
    short line's seat plays them beyond its own line, and with them moved every line is a hand and the decks whole
    (docs/rules.md §1.6, §10.3)."""
    zh, en = _moves_words(moves)
    return (f"{zh}，抄错了行：多出牌的一家始终没有打出这张牌，少牌的一家打出了它，且这张牌移回后四家各一手牌、"
            f"整副牌齐全，每张牌都已打出——所以没有人多发或少发牌（不判多少牌）",
            f"{en}, written in the wrong line: the seat whose line is too long never plays it, the seat whose line is "
            f"short plays it, and with it moved back every line is a hand and the decks are whole, every card "
            f"played — so no seat was dealt too many or too few cards (no 多少牌)")


def card_in_wrong_line_said(moves: Sequence[tuple[int, int, int]]) -> Message:
    """Added to a ``deal_mismatch`` / ``not_in_hand`` of a seat whose line, or another's, the record proves holds a
    card written in the wrong line (:func:`card_in_wrong_line`): the record's finding, not a seat's act."""
    zh, en = _moves_words(moves)
    return (f"——记录的发牌行抄错：{zh}（见推定项 [deal]）",
            f" — the deal lines are miscopied: {en} (derived [deal])")


def card_maybe_in_wrong_line(moves: Sequence[tuple[int, int, int]], what: Sequence[str]) -> Message:
    """The ``"unknown"`` (tag ``deal``) of a hand whose long line gives cards a short line's seat plays beyond its
    own line (``moves`` ``(card, long line's seat, short line's seat)``) where the record does not prove them
    moved: either a seat was dealt a wrong number of cards (多少牌) or the card was written in the wrong line;
    what the two readings differ on is withheld (docs/rules.md §1.6, §10.3)."""
    zh = "；".join(dict.fromkeys(f"{SEAT_NAMES_ZH[m]}发牌行中多出的 {cards_text((k,))} 可能是{SEAT_NAMES_ZH[t]}的牌（{SEAT_NAMES_ZH[t]}"
                                 f"打出了它而其发牌行少牌），抄错了行" for k, m, t in moves))
    en = "; ".join(dict.fromkeys(f"the {cards_text((k,))} too many in {SEAT_TOKENS[m]}'s line may be {SEAT_TOKENS[t]}'s "
                                 f"({SEAT_TOKENS[t]} plays it and its own line is short), written in the wrong line"
                                 for k, m, t in moves))
    return unknown_fact(f"{zh}；记录不足以说明是多发（少发）了牌（多少牌），还是牌抄错了行：按两种读法判定，只保留两者一致的结论"
                        f"（docs/rules.md §1.6、§10.3）",
                        f"{en}; the record does not prove whether a seat was dealt a wrong number of cards (多少牌) or "
                        f"the card was written in the wrong line: the hand is judged both ways and only what both give "
                        f"is kept (docs/rules.md §1.6, §10.3)", what)


def fault_whichever_line_holds(seat: int | None, code: str) -> Message:
    """A violation found whether a card a long deal line gives is its seat's or a short line's seat's, whose owed
    play (or words) differs between the two readings (:mod:`.recorded_hand`)."""
    return fault_owed_open(seat, code, ("无论那张牌是多出牌的一家的还是抄错了行都违例，但应出哪一手取决于是哪一种",
                                        "whether the card too many in a deal line was that seat's or written in the "
                                        "wrong line; the play owed depends on which"))

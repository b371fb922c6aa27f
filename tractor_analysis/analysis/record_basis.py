"""What the endgame analysis rests on in the record, before any search: whether a hand can be analysed (and why
not, naming what the record leaves unknown: :func:`_unplayable`), the plays the record leaves out that the engine
derived (:func:`derived_plays`) or that a record ending in the hand's last trick forces (:func:`end_plays`), the
plays the decks prove miscopied, which the engine read from the seat's deal line (:func:`plays_in_place`), put
into the hand (:func:`with_derived_plays`), the seats whose cards are read from their plays
(:func:`seats_without_line`, :func:`no_deal_lines`), and the facts the analysis derives itself, said as
``check --json`` says a derived fact (:func:`analysis_derived`).  The search is :mod:`.hand_analysis`'s.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..engine import explain_analysis
from ..engine.derived_in_place import play_fact
from ..engine.legal import analyse_lead
from ..engine.line_from_decks import seats_derived
from ..engine.tricks import hand_context, trick_winner
from ..engine.verdicts import Derived, HandResult, Unknown
from ..records.cards import POINTS, PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS, TOKEN
from ..records.model import Hand, Play

if TYPE_CHECKING:                   # (hand_analysis imports this module: the name for the annotation only)
    from .hand_analysis import HandAnalysis


ANALYSIS_NEEDS = frozenset({"verdicts", "sides", "points", "bottom", "legality", "trick_winner", "lead"})
"""What an analysis rests on, in :data:`~tractor_analysis.engine.verdicts.WITHHELD` words: the
plays judged, the sides, the attackers' points (or the bottom's alone), the cards each seat held, each trick's winner,
who led each trick (the order of its plays).  An
:class:`~tractor_analysis.engine.verdicts.Unknown` withholding any of them withholds the analysis."""


def unplayable(h: HandResult, end: bool = False) -> tuple[str, str] | None:
    """Why ``h`` cannot be analysed (``(zh, en)``, naming what the record leaves unknown), or ``None``.

    Never a guess: the facts the record does not state that the analysis needs (the hand's
    unknowns, each naming its tag; a play the record leaves out and the engine did not derive, by
    its trick and seat: every later position rests on it), then a hand not played out, the sides, level or points
    missing, a trick's winner not known (:func:`.hand_analysis.trick_bases`), and the bottom's points not known:
    without ``Buried:`` (or a bottom derived from the record) any line in which the attackers may
    take the last trick would count a bottom nobody knows — the engine needs it only when they took
    it, the analysis whenever they might (docs/rules.md §14.1).

    A position that does not state the attackers' points before it (``[Points]``, :func:`points_unstated`)
    is analysed: a line's total is those points plus the points from the position on, so each play's
    cost and best plays are the same whatever they were; only the totals are not known
    (:attr:`.hand_analysis.HandAnalysis.points_before` ``None``).

    ``end``: the record ends in the hand's last trick and the plays it ends before were derived
    (:func:`end_plays`, already put into ``h``'s last trick): the hand's end is then known, and so
    are that trick's winner and points (the ``play`` unknown of the plays after the record's end, and
    the attackers' total the engine withholds for want of them, are not what the analysis rests on)."""
    beyond = beyond_decks(h)
    if beyond is not None:                  # the positions cannot be real: nothing is valued in them
        return beyond
    gaps = _gaps(h)
    needed = []
    unstated = points_unstated(h)
    for u in h.unknowns:
        if u is unstated:                   # the points before the position: no cost, no best play rests on them
            continue
        if u.tag == "play" and gaps:        # a play left out and not derived: every later position rests on it
            words = explain_analysis.analysis_play_not_known(gaps)
            if words not in needed:
                needed.append(words)
        elif u.tag == "play" and end:       # the plays after the record's end: derived
            continue
        elif u.tag == "deal" and h.complete and ANALYSIS_NEEDS.intersection(u.withheld) == {"legality"}:
            continue        # a seat's cards read from its plays, a whole hand played: each position is its plays
        elif ANALYSIS_NEEDS.intersection(u.withheld):
            needed.append((u.message_zh, u.message_en))
    if needed:
        return explain_analysis.analysis_unknown(needed)
    if not h.complete and not end:
        return _incomplete(h)
    if h.level is None or (h.attackers_total is None and not end and unstated is None) or not h.defenders:
        return explain_analysis.analysis_withheld()
    unknown = next((t.number for t in h.tricks if t.winner is None), None)
    if unknown is not None:
        return explain_analysis.analysis_winner_unknown(unknown)
    if h.bottom_points is None:
        return explain_analysis.analysis_bottom_unknown()
    return None


def beyond_decks(h: HandResult) -> tuple[str, str] | None:
    """``(zh, en)`` when the hands before some trick, as the engine replayed them, hold more copies of a card
    than the decks of the rules used (``h.rules``: ``--rules`` included) have — a position's lines giving two
    ♥A under one deck, say: such positions cannot exist, and a value found in them is no value (the search
    would even find the play made better than every play it generates); else ``None``."""
    decks = h.rules.decks
    for t in h.tricks:
        if not t.hands_before:
            continue
        total = [sum(col) for col in zip(*t.hands_before)]
        over = [k for k, n in enumerate(total) if n > decks]
        if over:
            return explain_analysis.analysis_beyond_decks(over, total, decks)
    return None


def points_unstated(h: HandResult) -> Unknown | None:
    """The engine's unknown of a position that does not state the attackers' points before it
    (``[Points]`` missing or unreadable, and not derived from whole hands: docs/rules.md §14.1), or
    ``None``.  Only the totals rest on them: the solver values a line as the points before the
    position plus the points from it on (each trick the attackers win, the bottom times its
    multiplier in the last trick, the throw penalties), searching only the points to come
    (:class:`~tractor_analysis.analysis.solver.Solver`), so a play's cost (a difference of two
    values) and the best plays do not depend on them."""
    if not h.setup:
        return None
    return next((u for u in h.unknowns if u.tag == "Points"), None)


def points_before(h: HandResult) -> int | None:
    """The attackers' points before the record's first trick: a position's ``[Points]`` (the
    engine's ``setup_points`` item; 0 when it states 0, or when its hands are a whole deal, derived),
    0 for a full hand; ``None`` when the position does not state them (:func:`points_unstated`)."""
    if points_unstated(h) is not None:
        return None
    return sum(i.points for i in h.items if i.kind == "setup_points")


def _incomplete(h: HandResult) -> tuple[str, str]:
    """``(zh, en)``: why a hand the record does not play to its end is not analysed, naming the
    tricks it does record: the analysis values a hand's last tricks as played, against the hand's
    result; a record that ends in the hand's last trick is analysed when the plays it ends before
    are forced (:func:`end_plays`), so this says why they are not."""
    if not h.tricks:
        return "记录中没有出牌，无可分析", "the record has no trick: nothing to analyse"
    t = h.tricks[-1]
    u = h.unfinished
    done = t.number - 1 if u is not None and u.trick == t.number else t.number
    first = h.tricks[0].number
    if done >= first:
        span_en = f"trick {first}" if done == first else f"tricks {first}–{done}"
        span_zh = f"第 {first} 轮" if done == first else f"第 {first}–{done} 轮"
        kept_en = f"; {span_en} {'is' if done == first else 'are'} recorded whole, but the hand's last tricks and its result are not"
        kept_zh = f"；{span_zh}已完整记录，但本局最后几轮和结果没有记录"
    else:
        kept_en = kept_zh = ""
    held = [sum(c) for c in t.hands_before] if t.hands_before else []
    plural = "s" if held and max(held) != 1 else ""
    if u is not None and u.trick == t.number:
        who_en = " and ".join(SEAT_TOKENS[s] for s in u.missing)
        who_zh = "、".join(SEAT_NAMES_ZH[s] for s in u.missing)
        last = bool(held) and len(set(held)) == 1 and held[0] == len(t.plays[0].cards)
        if last and not h.legality_known:
            why_en = (f"in the hand's last trick, but {who_en}'s cards are read from the plays (no deal line): "
                      "the cards left, so the play, are not known")
            why_zh = f"这是本局最后一轮，但{who_zh}的持牌只从出牌得知（没有发牌行）：所剩的牌、因而其出牌都未知"
        elif last:
            why_en = "in the hand's last trick, but the cards left are not known card for card, so the play is not"
            why_zh = "这是本局最后一轮，但所剩的牌并非张张已知，其出牌也就未知"
        else:
            most = max(held) if held else "?"
            why_en = f"before the hand's last trick (a seat held {most} card{plural} before it)"
            why_zh = f"尚未到本局最后一轮（此轮之前有座位持 {most} 张牌）"
        at_en = f"the record ends in trick {t.number}, before {who_en} played, {why_en}"
        at_zh = f"记录在第 {t.number} 轮{who_zh}出牌之前结束，{why_zh}"
    else:
        left = [a - sum(len(p.cards) for p in t.plays if p.seat == s) for s, a in enumerate(held)]
        at_en = f"the record ends after trick {t.number}, before the hand's end"
        at_zh = f"记录在第 {t.number} 轮之后、本局打完之前结束"
        if left and max(left) > 0:
            at_en += f" (a seat still held {max(left)} card{'s' if max(left) != 1 else ''})"
            at_zh += f"（仍有座位持 {max(left)} 张牌）"
    return (f"{at_zh}；此后的出牌没有记录，而分析评的是一局最后几轮的实际出牌，因此一轮也不分析{kept_zh}",
            f"{at_en}; the plays after it are not recorded, and the analysis values a hand's last tricks as "
            f"played, so no trick is analysed{kept_en}")


def _left_out(t) -> tuple[int, ...]:
    """The seats a trick of 1–3 recorded plays leaves out, in turn order from its leader (a trick with no
    play the record could read, its leader known: all four, :mod:`~tractor_analysis.engine.trick_gaps`)."""
    if not t.plays:
        return tuple((t.leader + i) & 3 for i in range(4)) if t.leader is not None else ()
    if len(t.plays) > 3:
        return ()
    seats = {p.seat for p in t.plays}
    return tuple((t.leader + i) & 3 for i in range(4) if (t.leader + i) & 3 not in seats)


def _gaps(h: HandResult) -> list[tuple[int, tuple[int, ...]]]:
    """``(trick number, seats left out)`` of each trick the record leaves a play out of, though it
    goes on (the last trick of a record that ends in it, :attr:`HandResult.unfinished`, is not one)."""
    last = h.unfinished.trick if h.unfinished is not None else None
    return [(t.number, seats) for t in h.tricks if t.number != last and (seats := _left_out(t))]


def derived_plays(h: HandResult) -> dict[tuple[int, int], tuple[int, ...]]:
    """The plays the record leaves out that the engine derived, by ``(trick number, seat)``: empty
    unless a ``play`` :class:`~tractor_analysis.engine.verdicts.Derived` says one way to play them
    fits the rest of the record (:mod:`~tractor_analysis.engine.record_gaps`; docs/rules.md §4.1).

    Each play is the cards its seat held before the trick and not after it, in the replay of that
    one way (the hands before the next trick; after the last, none), checked against the derived
    fact's own value (``14: E CJ``): anything that does not agree is not filled in (never a guess:
    the hand is then not analysed).  A ``play`` fact naming a play the record gives (one the decks
    prove miscopied) is :func:`plays_in_place`'s."""
    facts = [d for d in h.derived if d.fact == "play"]
    if not facts:
        return {}
    stated: dict[tuple[int, str], list[str]] = {}
    for d in facts:
        for part in d.value.split("; "):
            trick, _, rest = part.partition(": ")
            seat, *cards = rest.split()
            if not trick.strip().isdigit():
                return {}
            stated[(int(trick), seat)] = sorted(cards)
    for t in h.tricks:                      # a play derived in place of one the record gives: plays_in_place'
        for p in t.plays:
            stated.pop((t.number, SEAT_TOKENS[p.seat]), None)
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    for i, t in enumerate(h.tricks):
        for s in _left_out(t):
            if (t.number, SEAT_TOKENS[s]) not in stated:
                continue
            cards = _taken(h, i, s)
            lead = (t.plays[0].cards if t.plays                 # (a trick with no play read: its derived lead)
                    else stated.get((t.number, SEAT_TOKENS[t.leader]), ()))
            if (cards is None or len(cards) != len(lead)
                    or sorted(TOKEN[k] for k in cards) != stated[(t.number, SEAT_TOKENS[s])]):
                return {}
            out[(t.number, s)] = cards
    return out if len(out) == len(stated) else {}


def _taken(h: HandResult, i: int, s: int) -> tuple[int, ...] | None:
    """The cards seat ``s`` held before trick ``i`` (0-based) and not after it (after the last trick,
    none), in the engine's replay; ``None`` when the hands before either trick are not known, or
    the seat holds a card after the trick that it did not hold before it."""
    t = h.tricks[i]
    nxt = h.tricks[i + 1].hands_before if i + 1 < len(h.tricks) else None
    if not t.hands_before or (nxt is not None and not nxt):
        return None
    after = nxt[s] if nxt is not None else [0] * len(t.hands_before[s])
    left = [a - b for a, b in zip(t.hands_before[s], after)]
    if any(n < 0 for n in left):
        return None
    return tuple(k for k, n in enumerate(left) for _ in range(n))


def plays_in_place(h: HandResult) -> dict[tuple[int, int], tuple[int, ...]]:
    """The plays the decks prove miscopied, each as the engine read it from its seat's deal line in
    place of the play the record writes, by ``(trick number, seat)``: ``h.derived_plays`` of a seat
    whose play the trick records, named by a ``play``
    :class:`~tractor_analysis.engine.verdicts.Derived` fact (``2: N DJ DA``, "the decks and the
    seat's deal line": :mod:`~tractor_analysis.engine.deal_lines`, docs/rules.md §1.6).

    Each checked against the replay the engine judged the hand on: the cards its seat held before the
    trick and not after it are the derived play's.  Anything that does not agree is not put in
    (never a guess: the hand is then analysed as written, and not at all where the play as written
    is not held, :func:`.hand_analysis.analyse_hand`)."""
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    for n, play in h.derived_plays:
        i = next((i for i, t in enumerate(h.tricks) if t.number == n), None)
        if i is None or all(p.seat != play.seat for p in h.tricks[i].plays) or play_fact(h, n, play.seat) is None:
            continue                        # (a play the record leaves out: derived_plays')
        cards = _taken(h, i, play.seat)
        if cards is None or sorted(cards) != sorted(play.cards):
            return {}
        out[(n, play.seat)] = tuple(play.cards)
    return out


def end_plays(h: HandResult) -> dict[tuple[int, int], tuple[int, ...]]:
    """The plays after the record's last one, when they are forced, by ``(trick number, seat)``:
    the record ends in the hand's last trick (every seat held as many cards as its lead before it)
    and each seat it ends before holds, card for card, only the cards it has to play — its deal line
    less what it played (docs/rules.md §14.1).  Empty otherwise: a record that ends earlier, or a
    seat whose cards are read from its plays (:attr:`HandResult.legality_known` false), or cards held
    not known card for card (:meth:`HandResult.cards_open`) — never a guess."""
    u = h.unfinished
    if u is None or not h.tricks or not h.legality_known or not h.tricks_judged:
        return {}
    t = h.tricks[-1]
    if t.number != u.trick or not t.plays or len(t.hands_before) != 4 or any(h.cards_open(t.number)):
        return {}
    if any(p.seat in u.missing for p in t.plays):
        return {}
    n = len(t.plays[0].cards)
    if t.plays[0].attempted is not None or any(sum(c) != n for c in t.hands_before):
        return {}                           # not the hand's last trick (or a failed throw: cards left)
    return {(t.number, s): tuple(k for k, c in enumerate(t.hands_before[s]) for _ in range(c)) for s in u.missing}


def analysed_plays(h: HandResult) -> dict[tuple[int, int], tuple[int, ...]]:
    """Every play the analysis puts into ``h`` that is not the record's: :func:`derived_plays`,
    :func:`plays_in_place` and :func:`end_plays`, by ``(trick number, seat)``."""
    return {**derived_plays(h), **plays_in_place(h), **end_plays(h)}


def with_derived_plays(h: HandResult, plays: dict[tuple[int, int], tuple[int, ...]] | None = None) -> HandResult:
    """``h`` with the plays :func:`analysed_plays` gives (or ``plays``) put into their tricks, in
    turn order — a play derived in place of the one written (:func:`plays_in_place`) replacing it:
    the positions the analysis (and ``--view``) rebuild then hold them.
    A trick the record ends in, filled so, gets the winner and points of its plays when the engine
    left them unknown (:func:`~tractor_analysis.engine.tricks.trick_winner`, the engine's rule)."""
    plays = analysed_plays(h) if plays is None else plays
    if not plays:
        return h
    last = h.unfinished.trick if h.unfinished is not None else None
    tricks = []
    for t in h.tricks:
        added = [Play(s, c) for (n, s), c in plays.items() if n == t.number]
        if added:
            kept = tuple(p for p in t.plays if (t.number, p.seat) not in plays)
            turn = sorted(kept + tuple(added), key=lambda p, lead=t.leader: (p.seat - lead) & 3)
            t = dataclasses.replace(t, plays=tuple(turn))
            if t.number == last and len(turn) == 4 and (t.winner is None or t.points is None):
                t = _judged_end(h, t)
        tricks.append(t)
    return dataclasses.replace(h, tricks=tuple(tricks))


def _judged_end(h: HandResult, t):
    """The trick the record ends in, its plays filled in (:func:`end_plays`): its winner and points."""
    ctx = hand_context(h.rules, h.level, h.trump)
    i, _ = trick_winner(ctx, analyse_lead(ctx, tuple(t.plays[0].cards)), [(p.seat, p.cards) for p in t.plays])
    points = sum(POINTS[k] for p in t.plays for k in p.cards)
    return dataclasses.replace(t, winner=t.plays[i].seat if t.winner is None else t.winner,
                               points=points if t.points is None else t.points)


def held_as_analysed(t, v) -> bool:
    """``v`` (a violation of trick ``t``) is a ``not_in_hand`` that is the record's finding
    (:attr:`~tractor_analysis.engine.verdicts.Violation.of_record`: the decks prove the seat's deal line,
    or its play as written, miscopied — docs/rules.md §1.6, §13) and the seat's play in ``t`` as the
    analysis has it (the play derived in its place, :func:`with_derived_plays`; or the play as written,
    its line read with it) is held, card for card, in the hands before the trick the engine judged the
    hand on: the finding is about the record, not about the play analysed (no fault of it, and the
    positions rebuilt from it are real)."""
    if v.code != "not_in_hand" or not v.of_record or not t.hands_before:
        return False
    play = next((p for p in t.plays if p.seat == v.seat), None)
    if play is None or play.attempted is not None:
        return False
    held = t.hands_before[v.seat]
    return all(held[k] >= play.cards.count(k) for k in set(play.cards))


def seats_without_line(record: Hand | None) -> tuple[int, ...]:
    """The seats of a full hand (not a position) whose record gives deal lines for some seats but none for
    these: their cards are read from their plays (docs/rules.md §14.1) — analysed only when the hand was played
    out (each then played a whole hand: its cards before a trick are those it plays from then on)."""
    if record is None or record.setup or not any(record.deal or ()):
        return ()
    return tuple(s for s, cards in enumerate(record.deal) if not cards)


def no_deal_lines(record: Hand | None) -> bool:
    """A full hand (not a position) whose record gives no deal line: each seat's cards are read from
    its plays (docs/rules.md §14.1), and none of its follows or throws is judged legal."""
    return record is not None and not record.setup and not any(record.deal or ())


def analysis_derived(h: HandResult, record: Hand | None, a: HandAnalysis) -> tuple[Derived, ...]:
    """The facts the analysis ``a`` of ``h`` rests on that neither the record nor the engine states
    (:attr:`HandResult.derived` lists those): in a full hand without deal lines, the hands before the
    analysed tricks, taken from the cards each seat played (it played a whole hand, or the hand
    would not be analysed); the plays after the record's end that were forced (:func:`end_plays`).
    Each as ``check --json`` writes a derived fact (``fact``, ``value``, ``from``, both languages)."""
    if a.reason is not None or not a.tricks:
        return ()
    out = []
    if no_deal_lines(record):
        n = a.first_trick
        out.append(Derived(
            "hands", f"before trick {n}", "the cards each seat played",
            f"第 {n} 轮起各轮之前各家的手牌由各家此后打出的牌推出：记录没有发牌行，而各家都打完了整手牌"
            "（分析据此还原局面；跟牌与甩牌未判定是否合法）",
            f"the hands before trick {n} and each trick after it are the cards each seat played from then on: "
            "the record gives no deal lines, and every seat played a whole hand (the analysis rebuilds the "
            "positions from them; follows and throws are not judged legal)"))
    # (a seat whose line the engine derived from the decks is judged and analysed on it: not read from its plays)
    seats = tuple(s for s in seats_without_line(record) if s not in seats_derived(h))
    if seats:
        n = a.first_trick
        names_en = " and ".join(SEAT_TOKENS[s] for s in seats)
        names_zh = "、".join(SEAT_NAMES_ZH[s] for s in seats)
        # the engine derived each such seat's hand from its whole hand of plays (docs/rules.md §14.1, the deal) and
        # judged the hand in full (check's legal ✓ or a violation), or it could not: said as check has it
        judged_zh, judged_en = (("check 按这些牌完整判定了其跟牌与甩牌", "check judged those follows and throws in full on them")
                                if h.legality_known else
                                ("其跟牌与甩牌未判定是否合法", "those follows and throws are not judged legal"))
        out.append(Derived(
            "hands", f"{' '.join(SEAT_TOKENS[s] for s in seats)} before trick {n}", "the cards the seat played",
            f"第 {n} 轮起各轮之前{names_zh}的手牌由其此后打出的牌推出：记录没有{names_zh}的发牌行，而其打完了整手牌"
            f"（分析据此还原局面；{judged_zh}）",
            f"{names_en}'s hand before trick {n} and each trick after it is the cards {names_en} played from then on: "
            f"the record gives no deal line for {names_en}, who played a whole hand (the analysis rebuilds the "
            f"positions from them; {judged_en})"))
    for (trick, seat), cards in end_plays(h).items():
        tokens = " ".join(TOKEN[k] for k in cards)
        what = "this is the last card" if len(cards) == 1 else "these are the last cards"
        out.append(Derived(
            "play", f"{trick}: {SEAT_TOKENS[seat]} {tokens}", "the cards the seat still held (its deal line and its plays)",
            f"第 {trick} 轮{SEAT_NAMES_ZH[seat]}的出牌由记录推出：{' '.join(PRETTY[k] for k in cards)}——记录在其出牌之前"
            "结束，而这是其最后所剩的牌（发牌行减去已出的牌），只能这样出",
            f"{SEAT_TOKENS[seat]}'s play in trick {trick} derived: {tokens} — the record ends before it played, and {what} "
            "it held (its deal line less the cards it played), the only play it had"))
    return tuple(out)


__all__ = ["ANALYSIS_NEEDS", "analysed_plays", "analysis_derived", "beyond_decks", "derived_plays", "end_plays", "held_as_analysed",
           "no_deal_lines",
           "plays_in_place", "points_before", "points_unstated", "seats_without_line", "unplayable",
           "with_derived_plays"]

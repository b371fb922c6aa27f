"""A deal line its seat's own plays contradict: no verdict rests on it.

A hand-written deal line is often miscopied: N's line gives ♥J where N held ♥7.  The hand then
shows it twice: N plays ♥7, which the line does not give (``not_in_hand``), and after the last
trick N still holds ♥J (``deal_mismatch``).  Either the line or a play is wrong, and nothing says
which; but every verdict that rests on N holding ♥J ("N still held hearts and did not follow")
rests on the wrong one or the other.  So (docs/rules.md §1.6, §14.1): the two inconsistencies are
reported as they are, and everything else is judged again on N's line less the cards N still
holds at the end — the cards both its line and its plays give: no follow verdict rests on a card
of the line that N never plays (nor on the card N plays that the line does not give).  The hand as recorded is not played out (a seat
holds cards after the last trick): its outcome, the levels after and the claim's check are those every reading of the
line or a play miscopied gives, where each is made and plays the hand out (:func:`_played_out`), else none; the level penalties (wrong follows, docs/rules.md §10) are counted
from the violations that stand after judging again, never from the first judgement's.  A seat dealt too many cards, all its plays in its line, is a
real misdeal (多少牌), not a contradiction: it is judged on its line.  A position's lines (``[SetUp]``) are read
the same way, the dealer's as any seat's (:func:`.deal_line_proof.line_taker`: the bury was made before the position starts).

Where the decks prove the line right — the copies of a card the seat plays beyond it that the record places
beyond doubt elsewhere (the other seats' lines give them and they play them, or a ``Buried:`` line borne out buries
them: :mod:`.deck_proof`) leave it fewer than it plays (:func:`.deal_line_proof.lines_proven`) — the line reading is none: the hand is judged
over the ways of reading a play on the line miscopied alone, and what every way gives is kept, the outcome too
(:func:`_plays_only`); the play every way reads goes into ``derived_plays`` in place of the one written (the
dataset's ``plays`` row, marked derived).  The mirror: where the decks prove the line miscopied — it gives a card
the seat never plays of which the copies placed beyond doubt elsewhere leave it fewer than the line gives
(:func:`.deal_line_proof.lines_disproven`) — the play readings are none: the hand is judged on the line read with the cards the
seat plays beyond it (:func:`_line_only`).

Both proofs count only copies two parts of the record agree on (:mod:`.deck_proof`), and no one slip that explains
another seat's doubt (a line giving a card its seat never plays, a play of a card the line does not give, a
``Buried:`` line out of step with the dealer's plays) moves such a copy: the count would stand.  Yet each still
stops where another seat's line is in doubt itself (its own ``not_in_hand`` / ``deal_mismatch``; for the line
proven right, the deck not whole): the one reading kept after the proof, outcome and all, is judged by one replay
(``replay``), which gives that other seat's doubt none of its own treatment — no card derived into a line the deck
proves short, no copy the decks lack set aside (:mod:`.extra_copies`), no line or play of its own read miscopied.
E's line one card short, which alone the deck makes whole (its ♠5 derived, no fault), would stand against E as
its ``not_in_hand`` beside an outcome; S's line one card long (♠K three times in the deal) would be judged a
misdeal (多少牌), where alone its ♠K is a copy the decks lack and the outcome withheld.  A ``bad_bury`` that is the
record's own finding (the ``Buried:`` line miscopied, the bury read from the dealer's whole hand of plays:
:mod:`.starting_hands`) stops neither: the replay itself reads that bury, as it does for the hand alone, and the
proof never rests on the bury then (its ``Buried:`` line is not borne out: not counted).
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from ..records.cards import SEAT_TOKENS, TOKEN
from ..records.model import Hand
from ..records.rulesets import RuleSet, ThrowPenalty
from . import explain_deal_lines, explain_readings
from .agreement import agree, regrouped, shared_facts
from .deal_line_proof import (SHOWN_BY, LineDisproven, bottom_borne_out, disproven_said, line_gives, line_taker,
                              lines_disproven, lines_proven, next_lead_against, proven_said, taker_cards_known,
                              takers_of)
from .deal_line_readings import (chain_flattened, line_from_plays, line_without, plays_miscopied, rebid_left_taken,
                                 written_elsewhere)
from .outcome import offenders, team_counts
from .played_cards import how_many_played
from .unsure_throws import recheck
from .verdicts import Derived, HandResult, Unknown, Violation, as_record_finding

def contradicted(hand: Hand, result: HandResult) -> frozenset[int]:
    """The seats whose deal line the plays contradict: each played a card its line does not give
    and held cards after the last trick."""
    if hand.deal is None or not result.violations:
        return frozenset()
    left = {v.seat for v in result.violations if v.code == "deal_mismatch" and v.trick is None}
    if not left:
        return frozenset()
    unheld = {v.seat for v in result.violations if v.code == "not_in_hand" and v.trick is not None}
    return frozenset(s for s in left & unheld if s is not None and hand.deal[s])


def stops_short(hand: Hand, result: HandResult) -> frozenset[int]:
    """The seats of a hand (a full hand or a position), every deal line given, that played a card their line
    does not give (``not_in_hand``) when no seat is found holding cards after the last trick (no ``deal_mismatch``
    naming cards) and the hand is not played out: in a record that stops before the hand's end their
    lines are contradicted, though which of their cards they did not hold is not known (the caller
    checks the record stops early, :func:`holds_another_trick`)."""
    if hand.deal is None or not all(hand.deal) or result.complete or not result.violations:
        return frozenset()
    if any(v.code == "deal_mismatch" and v.trick is None and v.played for v in result.violations):
        return frozenset()
    return frozenset(v.seat for v in result.violations
                     if v.code == "not_in_hand" and v.trick is not None and v.seat is not None)


def holds_another_trick(held: Sequence[Sequence[int]], missing: Sequence[int], size: int) -> bool:
    """Whether every seat still holds a card for another trick after the record's last play (``held``:
    counts per kind; the seats ``missing`` from the trick the record ends in, ``size`` the lead's
    cards, still to play it): the record stops before the hand's end."""
    return all(sum(h) - (size if s in missing else 0) > 0 for s, h in enumerate(held))


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a seat whose line is contradicted in a record that stops short may hold besides the cards
    both its line and its plays give (:func:`rejudge`)."""

    ctx: object
    """The tricks' context (:func:`.tricks.hand_context`)."""
    more: Mapping[int, Sequence[int]]
    """Per seat, counts per kind: its line's cards not played when the record stops, with every copy
    the record places nowhere."""


def _kept(v: Violation, seats: frozenset[int]) -> bool:
    """A finding of the first judgement kept as it is: every one of the hand's own (deal, bury,
    declarations, claim: on the deal as the record gives it), the contradicted seats' ``not_in_hand``;
    the tricks' other verdicts are judged again."""
    return v.trick is None or (v.seat in seats and v.code in SHOWN_BY)


def rejudge(hand: Hand, result: HandResult, seats: frozenset[int],
            replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple],
            left: Mapping[int, tuple[int, ...]] | None = None, bounds: Bounds | None = None) -> HandResult:
    """``result`` with every verdict but the contradiction itself judged again on the deal lines
    of ``seats`` less the cards each still holds after the last trick — the cards both its line and
    its plays give (``replay``: one hand judged; ``order``: the violations' sort key).  A card left
    that the line does not give: the dealer's, from the bottom, read out of the ``Bottom:`` line; a rebidder's after
    炒地皮, from the bury it took, read out of its cards with the chain of takes flattened (each taker's cards one
    pool: :func:`.deal_line_readings.chain_flattened`, docs/rules.md §1.6) — never out of the bury it took, which
    would change the cards of the taker before it or the bury's size.  Where the chain cannot be so read (not
    written whole, a bury its taker could not make, the last bury of another size than the bottom's): ``result`` as
    it is.  ``left``: the
    cards each seat holds when the record stops (default: those its ``deal_mismatch`` names), and
    ``bounds`` what else it may hold there, a record that stops short (``replay`` then gives each
    trick's ``hands_before``): a throw's verdict that rests on its absence is withheld."""
    if left is None:
        left = {v.seat: v.played for v in result.violations
                if v.code == "deal_mismatch" and v.seat in seats and v.trick is None}
    deal = list(hand.deal or ())
    bottom = hand.bottom
    base = hand
    taken = rebid_left_taken(hand, left)
    if taken:
        # a rebidder left with a card of the bottom it took (炒地皮): no line gives it that card alone — its cards
        # are one pool, its line with the bottom it took, less its bury, read less the cards it is left with
        flat = chain_flattened(hand, left, result.rules.bottom_size)
        if flat is None:
            return result
        base, deal, bottom = flat, list(flat.deal or ()), flat.bottom
    for seat, cards in left.items():
        if base is not hand and seat in takers_of(hand):
            continue        # (its pool less the cards it is left with: :func:`.deal_line_readings.chain_flattened`)
        line = line_without(deal[seat], cards)
        if line is None and seat == line_taker(hand) and bottom is not None:
            # the dealer's cards are its line and the bottom, less the bury: a card left that its
            # line does not give came from the bottom (a Buried: line miscopied)
            in_line = tuple(k for k in cards if k in deal[seat])
            line, bottom = line_without(deal[seat], in_line), line_without(bottom, tuple(
                k for k in cards if k not in deal[seat]))
            if line is None or bottom is None:
                return result
        if line is None:
            return result
        deal[seat] = line
    plays = plays_miscopied(hand, seats, left)
    proof = lines_proven(hand, result, seats, result.rules.decks) if plays and bounds is None else None
    wrong = lines_disproven(hand, result, seats, left, result.rules.decks) if bounds is None else None
    readings = [_as_recorded(hand, h, replay(h)) for h in plays] if proof and not wrong else []
    if readings and not next_lead_against(result, readings):
        # the decks rule the line reading out: the play readings alone are the hand's
        return _plays_only(hand, result, plays, readings, seats, proof, order)
    if wrong and not proof:     # the decks rule the play readings out: the line reading alone is the hand's
        judged = _line_only(hand, result, seats, wrong, replay, order)
        if judged is not None:
            return judged
    base = dataclasses.replace(base, deal=tuple(deal), bottom=bottom)
    again = replay(base)
    count_unknown = False
    if bounds is not None:
        again, count_unknown = _throws_bounded(hand, again, seats, bounds)
    place = dealer_line_in_doubt(hand, left, result.rules)
    shown = _shown_folded(hand, [_either_said(v, place if v.seat == line_taker(hand) else
                                              explain_deal_lines.TAKEN_LINE if v.seat in taken else
                                              explain_deal_lines.LINE)
                                 if v.code in SHOWN_BY and v.seat in seats else v
                                 for v in result.violations if _kept(v, seats)],
                          seats, explain_deal_lines.shown_then_played)
    violations = sorted([*shown, *(v for v in again.violations if not _kept(v, seats))], key=order)
    tricks = regrouped(result.tricks, violations)
    counts, what = _counts_again(hand, result, again, violations, count_unknown)
    judged = dataclasses.replace(result, violations=tuple(violations), tricks=tricks, legality_known=False, **counts)
    # a card another seat's line gives too many (a misdeal, 多少牌) that may be one a seat of ``seats`` plays beyond
    # its own line, written in the wrong line: one more reading, that other seat's doubt given its handling
    moved = written_elsewhere(hand, result, seats, base) if bounds is None else None
    elsewhere = [_as_recorded(hand, moved[0], replay(moved[0]))] if moved is not None else []
    # the line miscopied: read from the seat's plays (the cards it plays beyond it in place of those it keeps) — a
    # throw against it judged on the cards both give would rest on its not holding a card it plays
    read = line_from_plays(hand, seats, base) if bounds is None else None
    from_plays = [replay(read)] if read is not None else []
    others = [*(_as_recorded(hand, h, replay(h)) for h in plays), *elsewhere, *from_plays]
    if others:              # the other way round: the line right, a play miscopied — what all give
        judged, what = _either(hand, judged, others, seats, what, order, bool(plays) and bool(from_plays))
    if not plays:           # (those readings not made: no trick's winner rests on a card played beyond a line)
        judged, what = _winners_open(hand, judged, _tricks_beyond(hand, seats, result), what)
    if bounds is None and _whole_lines_played(hand, result):
        judged, what = _position_played_out(judged, others, what)
    # the plays not read miscopied: said why — a taker's cards (the dealer's first) not known exactly, else the ways
    # or their counts
    takers = takers_of(hand)
    unknown_taker = next((t for t in sorted(seats & takers, key=lambda t: t != line_taker(hand))
                          if not taker_cards_known(hand, t)), None)
    unread = "" if plays else (explain_deal_lines.DEALER_NOT_KNOWN if unknown_taker is not None
                               else explain_deal_lines.PLAYS_NOT_READ)
    unknown = Unknown("deal", what, *explain_deal_lines.deal_line_contradicted(
        tuple(sorted(seats)), what, line_taker(hand), bounds is not None, bool(plays), place, bool(from_plays),
        unread, unknown_taker, tuple(sorted(seats & takers - {line_taker(hand)}))))
    unknowns = (unknown,)
    if elsewhere and judged.outcome is not None and elsewhere[0].outcome != judged.outcome:
        # the result (a misdeal, 多少牌) rests on the card being the long line's seat's: not decided (docs/rules.md
        # §1.6, §10.3)
        miscount = judged.outcome.miscount if judged.outcome.reason == "miscount" else ()
        judged = dataclasses.replace(judged, outcome=None, levels_after=(None, None), player_levels_after=(None,) * 4,
                                     levels_after_span=None)
        unknowns += (Unknown("deal", ("outcome", "levels"), *explain_deal_lines.misdeal_card_elsewhere(
            moved[1], miscount)),)
    return dataclasses.replace(judged, unknowns=result.unknowns + unknowns)


def dealer_line_in_doubt(hand: Hand, left: Mapping[int, tuple[int, ...]], rules: RuleSet | None = None) -> str:
    """Which line the dealer's cards ``left`` after the last trick come from — its cards are its deal line with the
    ``Bottom:`` line, less the bury: :data:`.explain_deal_lines.BOTTOM_LINE` where its deal line gives none of
    them and the ``Bottom:`` line gives them all (the ``Bottom:`` line, not its deal line, is the one its plays
    contradict), :data:`~.explain_deal_lines.EITHER_LINE` where both lines give one of them (which of the two is
    miscopied the record does not say: both named, never one picked), else :data:`~.explain_deal_lines.LINE`.
    Where the decks bear the ``Bottom:`` line out (:func:`.deal_line_proof.bottom_borne_out`, ``rules`` given) it
    is not the one miscopied: :data:`~.explain_deal_lines.LINE` where its deal line gives every card left; else,
    the dealer's cards known exactly (:func:`.deal_line_proof.taker_cards_known`),
    :data:`~.explain_deal_lines.BOTTOM_BORNE_OUT` (neither its deal line nor the bury can leave it a card only the
    bottom gives while it plays a card neither line gives: a play is miscopied), and where they are not (a bury it
    could not make or its plays dispute, a ``Buried:`` line not read whole)
    :data:`~.explain_deal_lines.BURY_LINE`: the ``Buried:`` line or a play is miscopied, never the ``Bottom:``
    line."""
    taker = line_taker(hand)
    cards = Counter(left.get(taker, ())) if taker is not None else Counter()
    if not cards or hand.deal is None or hand.bottom is None:
        return explain_deal_lines.LINE
    line, bottom = Counter(hand.deal[taker]), Counter(hand.bottom)
    if not any(bottom[k] for k in cards):
        return explain_deal_lines.LINE
    if rules is not None and bottom_borne_out(hand, rules):
        if not +(cards - line):
            return explain_deal_lines.LINE
        return explain_deal_lines.BOTTOM_BORNE_OUT if taker_cards_known(hand) else explain_deal_lines.BURY_LINE
    if not any(line[k] for k in cards) and not +(cards - bottom):
        return explain_deal_lines.BOTTOM_LINE
    return explain_deal_lines.EITHER_LINE


def _either_said(v: Violation, place: str = "line") -> Violation:
    """The contradiction itself (a card played beyond the line, cards left) worded as what it shows: the line or a
    play on it is miscopied — not a fault the record proves of the player (a referee's tester signed "N played ♥Q,
    not held" beside the ``deal`` unknown that says either may be wrong).  ``place``: the dealer's line in doubt
    (:func:`dealer_line_in_doubt`)."""
    zh, en = explain_deal_lines.line_or_play(v.seat, place)
    # whichever is miscopied, the record is wrong: a seat cannot play a card it does not hold — the record's finding,
    # no seat's violation, no ruling page (docs/rules.md §1.6, §13.1)
    return as_record_finding(dataclasses.replace(v, message_zh=v.message_zh + zh, message_en=v.message_en + en))


def _tricks_beyond(hand: Hand, seats: frozenset[int], result: HandResult) -> list[int]:
    """The tricks (indexes) in which a seat of ``seats`` plays a card its line does not give — a ``not_in_hand`` of
    it, or any play of a card it plays more often than its line gives (which of them is the miscopied one is not
    known)."""
    beyond: dict[int, Counter] = {}
    for seat in seats:
        held = line_gives(hand, seat)
        beyond[seat] = Counter() if held is None else \
            Counter(k for t in hand.tricks for p in t.plays if p.seat == seat for k in p.cards) - held
    unheld = {(v.trick, v.seat) for v in result.violations if v.code == "not_in_hand" and v.seat in seats}
    return [i for i, t in enumerate(hand.tricks)
            if any((t.number, p.seat) in unheld or (p.seat in seats and any(beyond[p.seat][k] for k in p.cards))
                   for p in t.plays)]


def _winners_open(hand: Hand, judged: HandResult, tricks: Sequence[int], what: tuple[str, ...]
                  ) -> tuple[HandResult, tuple[str, ...]]:
    """``judged`` with what may rest on a play miscopied in each of ``tricks`` (:func:`_tricks_beyond`) withheld:
    the trick's winner and points (so the attackers' points, and for the last trick the bottom's), who was to lead
    the trick after it (its lead out of turn), and the faults found in it (a lead, a follow to it) but the card
    played beyond the line itself and a play out of turn (which rests on the trick before)."""
    open_ = [i for i in tricks if i < len(judged.tricks)]
    if not open_:
        return judged, what
    numbers = {judged.tricks[i].number for i in open_}
    after = {judged.tricks[i + 1].number: judged.tricks[i + 1] for i in open_ if i + 1 < len(judged.tricks)}

    def resting(v: Violation) -> bool:
        if v.trick in numbers:          # (who plays when rests on the trick before, not on a card of this one)
            return v.code not in SHOWN_BY and v.code != "out_of_turn"
        t = after.get(v.trick)
        return v.code == "out_of_turn" and t is not None and bool(t.plays) and v.seat == t.plays[0].seat
    violations = tuple(v for v in judged.violations if not resting(v))
    tricks_ = tuple(dataclasses.replace(t, violations=tuple(v for v in t.violations if not resting(v)),
                                        **({"winner": None, "points": None} if t.number in numbers else {}))
                    for t in judged.tricks)
    last = len(judged.tricks) - 1 in open_
    items = tuple(i for i in judged.items if i.kind != "tricks" and not (last and i.kind == "bottom"))
    changes = dict(tricks=tricks_, violations=violations, attackers_points=None, attackers_total=None, items=items)
    if last:
        changes.update(bottom_multiplier=None, bottom_bonus=None)
    counts, levels = _counts_again(hand, judged, judged, violations)     # (the level penalties that stand)
    changes.update(counts)
    more = ("trick_winner", "trick_points", "points", *levels)
    return dataclasses.replace(judged, **changes), (*what, *(w for w in more if w not in what))


def _as_recorded(hand: Hand, read: Hand, result: HandResult) -> HandResult:
    """``result`` (``read`` judged: ``hand`` with some plays read otherwise, :func:`.deal_line_readings.plays_miscopied`) with each
    violation of such a play naming the cards the record gives, so that the same fault of the same play is one
    fault in every reading (its words, which name the cards, kept only where the same)."""
    moved = {(t.number, p.seat): (q.cards, p.cards) for t, r in zip(hand.tricks, read.tricks)
             for p, q in zip(t.plays, r.plays) if p.cards != q.cards}
    if not moved:
        return result
    def named(v: Violation) -> Violation:
        was = moved.get((v.trick, v.seat))
        return dataclasses.replace(v, played=was[1]) if was is not None and v.played == was[0] else v
    return dataclasses.replace(result, violations=tuple(map(named, result.violations)), tricks=tuple(
        dataclasses.replace(t, violations=tuple(map(named, t.violations))) for t in result.tricks))


def _either(hand: Hand, judged: HandResult, others: Sequence[HandResult], seats: frozenset[int],
            what: tuple[str, ...], order: Callable[[Violation], tuple],
            every: bool = False) -> tuple[HandResult, tuple[str, ...]]:
    """``judged`` (the lines of ``seats`` miscopied: judged on the cards both line and plays give) merged with
    ``others`` (a play miscopied instead: :func:`.deal_line_readings.plays_miscopied`): the contradiction itself and the hand's own
    findings as ``judged`` gives them, every other verdict — a trick's winner and points, who was to lead the
    next, a fault — only where every reading gives it (docs/rules.md §1.6).  ``every``: ``others`` are every
    reading of the hand (each play miscopied, and the line read from the plays): where each of them is played out,
    the hand is, and its outcome and the levels after are what they all give (:func:`_played_out`)."""
    results = [judged, *others]
    changes, more = agree(results, [t.plays for t in hand.tricks],
                          lambda v: explain_deal_lines.fault_whichever_line(v.seat, v.code))
    kept = [v for v in judged.violations if _kept(v, seats)]
    violations = sorted([*kept, *(v for v in changes["violations"] if not _kept(v, seats))], key=order)
    changes["tricks"] = regrouped(changes["tricks"], violations)
    changes["violations"] = tuple(violations)
    changes["legality_known"] = False
    changes.pop("complete", None)
    if not changes.get("items", True):      # the items every reading gives (a failed throw's penalty, …)
        changes["items"] = tuple(i for i in judged.items if all(i in r.items for r in others))
    if every and all(r.complete for r in others):
        return _played_out(hand, judged, others, changes, more, what)
    for name in ("outcome", "levels_after", "player_levels_after"):
        changes[name] = getattr(judged, name)      # (none: the hand is not played out as its deal says)
    more = [w for w in more if w not in ("outcome", "levels") or judged.outcome is not None]
    return dataclasses.replace(judged, **changes), (*what, *(w for w in more if w not in what))


_RESULT_KEPT = ("outcome", "levels_after", "player_levels_after", "levels_after_span", "outcomes_open", "passes_open")
"""What a hand's result is (:func:`_played_out`): kept where every reading of the line or a play miscopied gives it."""


def _played_out(hand: Hand, judged: HandResult, others: Sequence[HandResult], changes: dict, more: Sequence[str],
                what: tuple[str, ...]) -> tuple[HandResult, tuple[str, ...]]:
    """``judged`` with ``changes`` (:func:`_either`'s: what ``judged`` and every reading give) where every reading
    (``others``: each play miscopied, the line read from the plays) is played out: so is the hand, whichever is
    miscopied — the hand as recorded leaves a seat holding cards only because it reads neither —, and its outcome,
    the levels after (a side's level where every reading gives it), the bottom (so the attackers' total) and the claim
    are judged on what they all give (docs/rules.md §1.6: only what every reading gives is kept; ``outcome``,
    ``levels``, ``bottom`` withheld where they differ) — the bottom where ``judged`` and the readings give the same
    points from the tricks and penalties."""
    result, said = agree(others, [t.plays for t in hand.tricks],
                         lambda v: explain_deal_lines.fault_whichever_line(v.seat, v.code))
    for name in _RESULT_KEPT:
        changes[name] = result.get(name, getattr(others[0], name))
    changes["complete"] = True
    kept = ("outcome", "levels")
    if "points" not in (*what, *more, *said):
        # the bottom too (who took the last trick, the bury, the multiplier: so the total and the claim) is what the
        # readings give — ``judged``, a seat left holding cards, takes none of it (a referee's tester: N took the
        # last trick in every reading, its 10 × 2 withheld)
        for name in ("bottom_points", "bottom_multiplier", "bottom_bonus", "attackers_total"):
            changes[name] = result[name]
        changes["items"] = tuple(i for i in others[0].items if all(i in r.items for r in others))
        kept = ("outcome", "levels", "bottom")
    more = [*(w for w in more if w not in kept), *(w for w in said if w in kept)]
    return dataclasses.replace(judged, **changes), (*what, *(w for w in more if w not in what))


def _whole_lines_played(hand: Hand, result: HandResult) -> bool:
    """A position (``[SetUp]``, every seat's line given) each of whose seats plays as many cards as its line gives,
    the record ending with no trick short: played out whichever of a line or a play on it is miscopied (a card
    written for another)."""
    if not hand.setup or hand.deal is None or not all(hand.deal) or result.unfinished is not None:
        return False
    return how_many_played(hand) == [len(line) for line in hand.deal]


_BOTTOM_KEPT = ("bottom_multiplier", "bottom_bonus", "attackers_total", "items")
"""What the bottom's capture changes in a hand's score (:func:`_position_played_out`)."""


def _position_played_out(judged: HandResult, others: Sequence[HandResult],
                         what: tuple[str, ...]) -> tuple[HandResult, tuple[str, ...]]:
    """``judged`` of a position played out (:func:`_whole_lines_played`) whose line its seat's plays contradict: no
    outcome rests on which is miscopied (docs/rules.md §1.6) — where the readings do not all give one
    (:func:`_played_out`) it is withheld for the deal (``what`` with ``outcome`` and ``levels``), never said to be a
    position not played out.  Where the readings
    of the line or a play miscopied are made (``others``) and each is played out, the hand is complete, and the
    bottom is what every one of them gives (who took the last trick, at what multiplier), else withheld
    (``bottom``): the hand as recorded, a seat left holding cards, took no last trick's bottom."""
    if judged.outcome is None:      # (the outcome every reading gives is kept: :func:`_played_out`)
        what = (*what, *(w for w in ("outcome", "levels") if w not in what))
    if not others or not all(r.complete for r in others):
        return judged, what
    changes: dict = {"complete": True}
    same = {name: all(getattr(r, name) == getattr(others[0], name) for r in others) for name in _BOTTOM_KEPT}
    if same["bottom_multiplier"] and same["bottom_bonus"]:
        changes["bottom_multiplier"], changes["bottom_bonus"] = others[0].bottom_multiplier, others[0].bottom_bonus
        if "points" not in what and all(same.values()) and judged.attackers_points is not None:
            changes["attackers_total"], changes["items"] = others[0].attackers_total, others[0].items
            what = tuple(w for w in what if w != "bottom")
    else:
        changes["bottom_multiplier"] = changes["bottom_bonus"] = None
        if "points" not in what and "bottom" not in what:
            what = (*what, "bottom")
    return dataclasses.replace(judged, **changes), what


def _plays_only(hand: Hand, result: HandResult, ways: Sequence[Hand], readings: Sequence[HandResult],
                seats: frozenset[int], proof: Mapping[int, tuple[tuple[int, int], ...]],
                order: Callable[[Violation], tuple]) -> HandResult:
    """``hand`` whose ``seats``' lines the decks prove right (``proof``: :func:`.deal_line_proof.lines_proven`): judged over the
    ways of reading a play on each line miscopied (``ways``, :func:`.deal_line_readings.plays_miscopied`; ``readings``: their
    judgements), every verdict — a fault, a trick's winner and points, the outcome and the levels — kept where
    every way gives it (:func:`.agreement.agree`); the line reading is no reading (it would give the seat more
    copies of a card than the decks hold).  The contradiction itself (``result``: the hand as recorded) is the
    record's finding, its words saying what the decks prove; the play every way reads is derived, else which
    play is miscopied is unknown (tag ``deal``) with what the ways do not agree on."""
    decks = result.rules.decks
    changes, what = agree(readings, [t.plays for t in hand.tricks],
                          lambda v: explain_readings.fault_whichever_play(v.seat, v.code))
    own = [proven_said(v, proof, decks, hand) if v.code in SHOWN_BY and v.seat in seats else v
           for v in result.violations if _kept(v, seats)]
    seen = {(v.code, v.trick, v.seat) for v in own}
    violations = sorted([*own, *(v for v in changes["violations"] if (v.code, v.trick, v.seat) not in seen)],
                        key=order)
    changes["tricks"] = regrouped(changes["tricks"], violations)
    changes["violations"] = tuple(violations)
    unknowns, derived = shared_facts(readings)
    read = [{(t.number, p.seat): q.cards for t, r in zip(hand.tricks, way.tricks)
             for p, q in zip(t.plays, r.plays) if p.cards != q.cards} for way in ways]
    same = {frozenset((k, tuple(sorted(c))) for k, c in r.items()) for r in read}
    if len(same) == 1:      # every way reads the same cards (in some order): the plays are derived
        shown = [(t, s, cards) for (t, s), cards in sorted(read[0].items())]
        derived.append(Derived("play", "; ".join(f"{t}: {SEAT_TOKENS[s]} {' '.join(TOKEN[k] for k in c)}"
                                                 for t, s, c in shown),
                               "the decks and the seat's deal line", *explain_readings.play_read_from_line(shown)))
        # the plays themselves, with their tricks, in place of the ones written: the dataset stores each as derived
        # (plays.derived), as it stores a play the record leaves out (.record_gaps)
        changes["derived_plays"] = readings[0].derived_plays + tuple(
            (t.number, q) for t, r in zip(hand.tricks, ways[0].tricks) for p, q in zip(t.plays, r.plays)
            if p.cards != q.cards)
    if what or len(same) > 1:
        unknowns.append(Unknown("deal", tuple(what), *explain_readings.which_play_miscopied(sorted(seats), what)))
    changes["derived"], changes["unknowns"] = tuple(derived), tuple(unknowns)
    return dataclasses.replace(readings[0], **changes)


def _line_only(hand: Hand, result: HandResult, seats: frozenset[int], wrong: Mapping[int, LineDisproven],
               replay: Callable[[Hand], HandResult], order: Callable[[Violation], tuple]) -> HandResult | None:
    """``hand`` whose ``seats``' lines the decks prove miscopied (``wrong``: :func:`.deal_line_proof.lines_disproven`), judged on
    each line read with the cards its seat plays beyond it in place of those it never plays — the one reading left
    (``replay``): its verdicts, outcome and levels kept.  The contradiction itself (``result``: the hand as
    recorded) is the record's finding (docs/rules.md §13.1), its words saying what the decks prove, with the
    record's own findings about the deal as written (the deck not whole); the line's cards are derived (``deal``).
    ``None`` where the line so read does not account for every card (the reading still finds a card not held,
    cards left, a deck not whole or a bury in doubt — but the ``bad_bury`` the record's own finding that the hand
    as recorded has too, the bury read from the dealer's plays): the decks prove nothing then."""
    deal = list(hand.deal or ())
    for seat, w in wrong.items():
        line = line_without(deal[seat], w.written)
        if line is None:
            return None
        deal[seat] = line + w.dealt
    again = replay(dataclasses.replace(hand, deal=tuple(deal)))
    read_bury = {v.seat for v in result.violations if v.code == "bad_bury" and v.of_record}
    if any(v.code in SHOWN_BY or (v.code == "bad_bury" and not (v.of_record and v.seat in read_bury))
           for v in again.violations):
        return None
    decks = result.rules.decks
    seen = {(v.code, v.trick, v.seat) for v in again.violations}
    own = [disproven_said(v, wrong[v.seat], decks) if v.seat in wrong else v for v in result.violations
           if v.code in SHOWN_BY and (v.seat in seats or (v.seat is None and v.trick is None and v.of_record))
           and (v.code, v.trick, v.seat) not in seen]
    violations = sorted([*_shown_folded(hand, own, wrong, explain_deal_lines.shown_in_throw_before),
                         *again.violations], key=order)
    shown = [(seat, w.written, w.dealt) for seat, w in sorted(wrong.items())]
    facts = [Derived("deal", f"{SEAT_TOKENS[seat]}: {' '.join(TOKEN[k] for k in dealt)}",
                     "the decks and the seat's plays", *explain_readings.line_read_from_plays(seat, written, dealt))
             for seat, written, dealt in shown]
    proven = tuple(("deal" + SEAT_TOKENS[seat], k) for seat, w in sorted(wrong.items()) for k, _ in w.proof)
    return dataclasses.replace(again, violations=tuple(violations), tricks=regrouped(again.tricks, violations),
                               derived=again.derived + tuple(facts), miscopied=again.miscopied + proven)


def _shown_folded(hand: Hand, found: Sequence[Violation], seats: Iterable[int],
                  said: Callable[[int, Sequence[tuple[int, tuple[int, ...]]]], tuple[str, str]]) -> list[Violation]:
    """``found`` (the contradiction of ``seats``, whose lines their plays contradict) with the ``not_in_hand`` of a
    failed throw that shows a card its line does not give, returned to its hand and played by it in a later trick
    (its own ``not_in_hand`` there), folded into that later one: one copy, shown in the throw and then played —
    one slip, found once, at the play, its words (``said``: the seat and the throws folded into it, ``(trick,
    cards)`` each) naming the throw too.  Where the decks prove the line miscopied (:func:`_line_only`) the copy was
    dealt in place of the card the line writes, and the proof counts it at the play (:attr:`LineDisproven.dealt`);
    where the line or the plays may be miscopied (:func:`rejudge`) the record writes the same card at both places
    whichever it is — the card the seat held, shown, returned and played.  A throw showing a card the seat does not
    play later, or whose forced play is itself not held, stays its own finding (its words say the card shown)."""
    unheld = {(v.trick, v.seat): v for v in found if v.code == "not_in_hand" and v.trick is not None}
    into: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}      # later play -> (throw's trick, cards)
    for seat in seats:
        held = line_gives(hand, seat) if hand.deal is not None else None
        if held is None:
            continue
        throws: list[tuple[int, Counter]] = []        # each throw's shown cards not held, returned to the hand
        for trick in hand.tricks:
            for p in trick.plays:
                if p.seat != seat:
                    continue
                missing = Counter(p.cards) - held
                for number, cards in list(throws):
                    if missing and not +(cards - missing) and (trick.number, seat) in unheld:
                        into.setdefault((trick.number, seat), []).append((number, tuple(sorted(cards.elements()))))
                        throws.remove((number, cards))
                if p.attempted is not None and not missing and (trick.number, seat) in unheld:
                    shown = Counter(p.attempted) - held
                    if shown and not +(shown - (Counter(p.attempted) - Counter(p.cards))):
                        throws.append((trick.number, shown))
                held -= Counter(p.cards)
    if not into:
        return list(found)
    gone = {(number, seat) for (_, seat), folded in into.items() for number, _ in folded}
    out = []
    for v in found:
        if (v.trick, v.seat) in gone and v.code == "not_in_hand":
            continue
        folded = into.get((v.trick, v.seat)) if v.code == "not_in_hand" else None
        if folded:
            zh, en = said(v.seat, folded)
            v = dataclasses.replace(v, message_zh=v.message_zh + zh, message_en=v.message_en + en)
        out.append(v)
    return out


def _throws_bounded(hand: Hand, again: HandResult, seats: frozenset[int],
                    bounds: Bounds) -> tuple[HandResult, bool]:
    """``again`` (``seats`` judged on the cards both line and plays give, each trick's ``hands_before``
    given) with each throw verdict that rests on a seat of ``seats`` not holding a card withheld: judged
    again with it holding ``bounds.more`` too (:func:`.unsure_throws.recheck`); and whether a failed
    throw's penalty count rests on it (not known: the points withheld, :func:`_counts_again`)."""
    if not again.tricks_judged:
        return again, False
    tricks, unknown = [], False
    for trick, t in zip(hand.tricks, again.tricks):
        low = t.hands_before
        if not low or not trick.plays:
            tricks.append(t)
            continue
        high = [tuple(a + b for a, b in zip(low[s], bounds.more[s])) if s in seats else low[s] for s in range(4)]
        changed = recheck(bounds.ctx, trick, t, low, high, seats)
        if changed is None:
            tricks.append(t)
            continue
        tricks.append(changed[0])
        unknown = unknown or changed[1]
    if all(a is b for a, b in zip(tricks, again.tricks)):
        return again, False
    violations = (*(v for v in again.violations if v.trick is None), *(v for t in tricks for v in t.violations))
    return (dataclasses.replace(again, tricks=tuple(tricks), violations=violations),
            unknown and again.rules.throw_penalty is ThrowPenalty.PER_CARD)


def _counts_again(hand: Hand, result: HandResult, again: HandResult, violations: Sequence[Violation],
                  count_unknown: bool = False) -> tuple[dict, tuple[str, ...]]:
    """What ``result`` counts from its violations, counted again from ``violations`` (the ones that
    stand after judging again; ``again``: the hand judged again), as ``dataclasses.replace`` changes,
    and what the rejudged hand withholds (:data:`~.verdicts.WITHHELD` words).

    The level penalties (docs/rules.md §10): a wrong follow judged away costs no level, nor counts
    towards a forfeit; the levels after the first judgement's outcome, which had its penalties, are
    withheld if the count changes.  The failed-throw penalties (§4.6; a throw written as if it stood
    is charged from its ``throw_failed``): ``again``'s, whose tricks give the violations that stand —
    withheld with the points when ``again`` withholds them or gives other sides, or (``count_unknown``) a
    failed throw's count rests on a card a seat may have held (:func:`_throws_bounded`)."""
    revokers, takers = offenders(hand, result.rules, violations)
    counts = {"revoke_levels": team_counts(result.rules, revokers),
              "takeback_levels": team_counts(result.rules, takers)}
    what: list[str] = ["legality"]
    after = result.player_levels_after
    if ((counts["revoke_levels"], counts["takeback_levels"]) != (result.revoke_levels, result.takeback_levels)
            and any(x is not None for x in after)):
        counts.update(player_levels_after=(None,) * 4, levels_after=(None, None))
        what.append("levels")
    first = tuple(i for i in result.items if i.kind == "throw_penalty")
    charged = tuple(i for i in again.items if i.kind == "throw_penalty")
    if result.penalties is None or (first == charged and not count_unknown):
        return counts, tuple(what)
    if count_unknown or again.penalties is None or again.defenders != result.defenders:
        counts.update(penalties=None, attackers_total=None,
                      items=tuple(i for i in result.items if i.kind != "throw_penalty"))
        what.append("points")
        return counts, tuple(what)
    items = (*(i for i in result.items if i.kind != "throw_penalty"), *charged)
    counts.update(items=items, penalties=sum(i.points for i in charged))
    if result.attackers_total is not None:
        counts["attackers_total"] = sum(i.points for i in items)
    return counts, tuple(what)

__all__ = ["SHOWN_BY", "Bounds", "contradicted", "holds_another_trick", "rejudge", "stops_short"]

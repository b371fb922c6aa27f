"""Tricks a hand's record gives no play of: a trick line without a readable play, or a trick number the
record skips while the seats' cards leave room for a trick left out (docs/rules.md §14.1, docs/format.md
"Trick lines").  :func:`tricks_numbered` puts in a trick for each such skip, :func:`tricks_read` splits the
hand's tricks at the first one without a play, and :func:`unread_from` withholds what rests on the plays left
out; :func:`follows_bound` is the most wrong follows tricks not judged can hide (also used for a hand whose
plays were not judged).  The hand's replay (:mod:`.hand_replay`) calls them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Sequence

from ..records.cards import team_of
from ..records.model import Hand, Trick
from ..records.rulesets import RuleSet
from .explain_gaps import record_ends_in_trick
from .explain_unread import last_line_unread, numbers_skip, trick_unread
from .outcome import follows_at_most
from .trick_gaps import fill_unread
from .unfinished import ENDS_BEFORE_SOURCES
from .verdicts import HandResult, Unknown


def follows_bound(tricks: Sequence[Trick], first: int | None = None) -> tuple[int, int]:
    """The most wrong follows (跟牌错误) ``tricks`` not judged can hide, by team (N–S, E–W): each trick (from
    number ``first`` on, all when ``None``) is judged against its lead, which is no wrong follow, and each
    follow is at most one (:func:`.tricks.judge_trick`); so, in a trick the record gives whole (its first
    play the lead), one for the team that led it and two for the other — and two each in a trick it does
    not (a play left out, or the record ending in it: the seat left out may be the one that led).  The
    trump decides which follows were wrong, so no closer bound is sound without it."""
    bound = [0, 0]
    for trick in tricks:
        if trick.plays and (first is None or trick.number >= first):
            most = follows_at_most(team_of(trick.plays[0].seat) if len(trick.plays) >= 4 else None)
            bound[0] += most[0]
            bound[1] += most[1]
    return bound[0], bound[1]


def tricks_read(tricks: Sequence[Trick]) -> tuple[tuple[Trick, ...], tuple[Trick, ...]]:
    """``(read, unread)``: a hand's tricks up to the first one the record gives no play of (its line holds
    none the reader could read — each play unreadable, or none written: the reader's error says so, at its
    line and column), and the tricks from it on: to the last one with a play when the record goes on past
    it, else to the end (the hand's last trick lines, none with a play).  ``unread`` is ``()`` only when
    every trick gives a play.  Such a trick shows no seat's play, so no seat failed to play in it
    (docs/rules.md §14.1).  Before a trick with a play, every play of it is left out, its lead too, and the
    record goes on: what rests on those plays is not known (:func:`unread_from`).  After the last one, the
    record of the hand stops at a line it could not read — damage, not a record that simply ends (one that
    gives no such line: nothing is unread), so not a match stopped by the clock (§8.5): the trick is filled in
    from the deal where the seats' cards fix it, else the hand is judged as the tricks before it give, its end
    and the levels after not known (:func:`unread_from`)."""
    first = next((i for i, t in enumerate(tricks) if not t.plays), len(tricks))
    last = max((i for i, t in enumerate(tricks) if t.plays), default=-1)
    return tuple(tricks[:first]), tuple(tricks[first:last + 1] if first < last else tricks[first:])


@dataclass(frozen=True, slots=True)
class Skip:
    """Trick numbers the record skips (``trick_sequence``) where its plays leave room for a trick left out
    (:func:`tricks_numbered`)."""
    written: int | None
    """The number of the trick line before the skip; ``None``: the skip is before the hand's first trick
    line (numbered past ``[FirstTrick]``, 1 by default)."""
    following: int
    """The number of the trick line after the skip."""
    first: int
    """The number the first trick left out would have: ``written + 1``, or ``[FirstTrick]``."""
    missing: int
    """How many tricks may be left out there: the numbers skipped, at most as many as the seats' cards leave
    room for (each seat plays at least one card in every trick; the skips before counted)."""


def tricks_numbered(hand: Hand, rules: RuleSet) -> tuple[tuple[Trick, ...], tuple[Skip, ...]]:
    """``hand``'s tricks, with a trick that gives no play put in for each number the record skips (a trick
    line numbered past the one before it + 1, the first past ``[FirstTrick]``: ``trick_sequence``) where a
    trick may be left out, and those skips.  Whether one may is read from the record, never guessed: every
    seat plays at least one card in every trick (docs/rules.md §5.4), so when a seat has no card left for one
    more trick — its plays, and one card at least for each trick whose line gives no play of it, use all the
    cards it held (a whole hand, :attr:`RuleSet.hand_size`; in a position its line, and at most a whole hand
    without one, §1.1) — no trick is left out: the numbers are mistyped and the tricks are judged as
    consecutive (the reader's ``trick_sequence`` stays).  Otherwise the skip is judged as the trick lines it
    skips given with no play (:func:`tricks_read`): the record does not say whether a trick was left out or
    a number mistyped."""
    if not hand.tricks:
        return hand.tricks, ()
    before = hand.first_trick - 1
    for trick in hand.tricks:           # (the common hand numbers its tricks in turn: nothing to count)
        if trick.number != before + 1:
            break
        before = trick.number
    else:
        return hand.tricks, ()
    room = _room(hand, rules)
    if room <= 0:
        return hand.tricks, ()
    tricks: list[Trick] = []
    skips: list[Skip] = []
    before = hand.first_trick - 1
    for trick in hand.tricks:
        skipped = trick.number - before - 1
        if skipped > 0 and room > 0:
            missing = min(skipped, room)
            skips.append(Skip(before if tricks else None, trick.number, before + 1, missing))
            tricks.extend(Trick(before + 1 + k, ()) for k in range(missing))
            room -= missing
        tricks.append(trick)
        before = trick.number
    return tuple(tricks), tuple(skips)


def _room(hand: Hand, rules: RuleSet) -> int:
    """The fewest tricks more than ``hand``'s trick lines show that a seat could still have played (see
    :func:`tricks_numbered`): the cards it held — a whole hand; in a position its line, or at most a whole
    hand when it has none — less its plays' cards and one for each trick before the last with a play
    whose line gives no play of it."""
    lines = hand.deal if hand.setup and hand.deal is not None else ((),) * 4
    sizes = [len(cards) if cards else rules.hand_size for cards in lines]
    last = max((i for i, t in enumerate(hand.tricks) if t.plays), default=-1)
    used = [0, 0, 0, 0]
    for trick in hand.tricks[:last + 1]:
        seen = [False] * 4
        for play in trick.plays:
            used[play.seat] += len(play.cards) if not seen[play.seat] else 0
            seen[play.seat] = True
        for seat in range(4):
            used[seat] += 0 if seen[seat] else 1
    return min(size - used[seat] for seat, size in enumerate(sizes))


UNREAD_WITHHELD = ("trick_winner", "trick_points", "legality", "points", "outcome", "levels")
"""What a trick the record gives no play of, while it goes on past it, withholds (:func:`unread_from`)."""

DAMAGED_END_WITHHELD = ("outcome", "levels")
"""What the hand's last trick line giving no play withholds where the record does not fix its plays
(:func:`unread_from`): where and how the hand ended, so its outcome and the levels after (and, the record's
last hand, the match's final levels: no decision by the levels when the record ends, docs/rules.md §8.5)."""


def unread_from(result: HandResult, unread: Sequence[Trick], skip: Skip | None = None, *, hand: Hand | None = None,
                replay: Callable[[Hand], HandResult] | None = None) -> HandResult:
    """``result``, the hand judged on its tricks before ``unread`` (:func:`tricks_read`: the first of them
    gives no play, and the record goes on to the last), with what the plays left out decide withheld: the
    winner and points of that trick, who was to lead the next, the cards each seat held from it on — so
    no trick from it on is judged (none is given: their verdicts, winners and points would rest on cards a
    seat may have played in the trick left out) —, the attackers' points, the outcome and the levels after
    (docs/rules.md §14, §14.1).  A trick before it that gives only some plays is no trick the record ends
    in (:mod:`.unfinished`: the record goes on): its winner and points are withheld, never derived from
    what the seats left out could play as if nothing followed.  What rests on none of it stands: the
    tricks before and their verdicts, the hand's own findings (but cards left after the last trick judged:
    they may be the plays left out), the level penalties found.  The wrong follows the tricks not judged
    may hide are at most one per follow (:func:`follows_bound`; a trick with no play: three follows, its
    leader not known), kept in :attr:`~.verdicts.HandResult.follows_unjudged` for the match's forfeit count.
    ``skip``: the first trick of ``unread`` is one the record's numbers skip (:func:`tricks_numbered`), and
    the words say so.

    ``hand`` (the whole hand, its trick numbers skipping none) and ``replay`` (one whole hand judged): the trick
    line without a play is filled in from the deal and the other tricks' plays where they leave few enough ways
    (:func:`.trick_gaps.fill_unread`, docs/rules.md §14.1) — every way judged, what all give kept; the above only
    where it is not (no deal lines, the seats' cards not known card for card, too many ways: the words say so).

    ``unread`` may be the hand's last trick lines, none giving a play (:func:`tricks_read`): the record stops at a
    line it could not read.  It is filled in where the seats' cards fix its plays (:func:`.trick_gaps.last_fixed`);
    else the tricks before stand as ``result`` judges them, but not as a record that simply ends there: the
    outcome and the levels after are not known (:data:`DAMAGED_END_WITHHELD`; so the record is not known to stop
    inside the hand, :func:`.replay.record_stops_inside`, and a match it ends is not decided by its levels there).
    """
    many = None
    if hand is not None and replay is not None and skip is None:
        filled = fill_unread(hand, result, replay)
        if isinstance(filled, HandResult):
            return filled
        many = filled
    if not unread[-1].plays:
        return _damaged_end(result, unread)
    bound, kept, tricks, derived, unknowns, partial = _not_the_end(result, unread)
    words = (trick_unread(unread[0].number, unread[-1].number, partial, UNREAD_WITHHELD, many) if skip is None else
             numbers_skip(skip.written, skip.following, skip.first, skip.missing, unread[-1].number, partial,
                          UNREAD_WITHHELD))
    return dataclasses.replace(
        result, tricks=tricks, violations=kept, attackers_points=None, attackers_total=None, bottom_multiplier=None,
        bottom_bonus=None, penalties=None, items=(), outcome=None, levels_after=(None, None),
        player_levels_after=(None,) * 4, levels_after_span=None, complete=False, legality_known=False,
        follows_unjudged=bound, unfinished=None, derived=derived,
        unknowns=(*unknowns, Unknown("play", UNREAD_WITHHELD, *words)))


def _not_the_end(result: HandResult, unread: Sequence[Trick]) -> tuple:
    """What the record going on past its last trick read (``result``'s) changes: the wrong follows ``unread`` may
    hide added to the bound, the cards left after the last trick no ``deal_mismatch`` (they may be the plays left
    out), and a last trick read that gives only some plays no trick the record ends in (:mod:`.unfinished`): its
    winner and points withheld.  ``(bound, violations, tricks, derived, unknowns, partial)``."""
    seen = follows_bound(unread)
    most = follows_at_most(None)
    empty = sum(1 for t in unread if not t.plays)
    before = result.follows_unjudged or (0, 0)
    bound = (before[0] + seen[0] + empty * most[0], before[1] + seen[1] + empty * most[1])
    kept = tuple(v for v in result.violations if not (v.trick is None and v.code == "deal_mismatch" and v.played))
    tricks, derived, unknowns, u = result.tricks, result.derived, result.unknowns, result.unfinished
    if u is not None and tricks and tricks[-1].number == u.trick:      # plays left out there too, not the record's end
        tricks = (*tricks[:-1], dataclasses.replace(tricks[-1], winner=None, points=None))
        derived = tuple(d for d in derived if d.source not in ENDS_BEFORE_SOURCES)
        unknowns = tuple(x for x in unknowns if not (
            x.tag == "play" and (x.message_zh, x.message_en) == record_ends_in_trick(u.trick, u.missing, x.withheld)))
    return bound, kept, tricks, derived, unknowns, None if u is None else (u.trick, u.missing)


def _damaged_end(result: HandResult, unread: Sequence[Trick]) -> HandResult:
    """``result`` (the hand judged on its tricks before ``unread``, the hand's last trick lines, none giving a
    play, their plays not fixed by the record: :func:`unread_from`) with the hand's end not known: the record
    stops there at damage, not where the hand or the match did (docs/rules.md §8.5, §14.1)."""
    bound, kept, tricks, derived, unknowns, partial = _not_the_end(result, unread)
    words = last_line_unread(unread[0].number, unread[-1].number, partial, DAMAGED_END_WITHHELD)
    return dataclasses.replace(
        result, tricks=tricks, violations=kept, outcome=None, levels_after=(None, None),
        player_levels_after=(None,) * 4, levels_after_span=None, complete=False, follows_unjudged=bound,
        unfinished=None, derived=derived, unknowns=(*unknowns, Unknown("play", DAMAGED_END_WITHHELD, *words)))


__all__ = ["DAMAGED_END_WITHHELD", "Skip", "UNREAD_WITHHELD", "follows_bound", "tricks_numbered", "tricks_read",
           "unread_from"]

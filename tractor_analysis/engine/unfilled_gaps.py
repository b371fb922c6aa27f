"""A play the record leaves out that cannot be filled in (:mod:`.record_gaps`): what rests on it is withheld, the
rest stands (docs/rules.md §14, §14.1).

:func:`not_judged` takes the hand judged as recorded and withholds the gap's trick (its winner; its points
``None``, never the recorded cards', unless no card the missing seats could have held carries any: derived
``trick_points``, :func:`_proven_points`; its verdicts, unless the record gives its lead: :func:`_lead_recorded`),
from it on what rests on the missing seats' cards (their wrong follows but those the cards they play later prove;
a throw's verdict but where it does not rest on them: :func:`_judged_after`), who was to lead the trick after it,
the attackers' points, the outcome and the levels.  What rests on none of it stands: the other seats' verdicts
that rest on their own cards and the lead recorded (:data:`KEPT_AFTER_GAP`), the later whole tricks' winners and
points, the hand's own findings, the level penalties found, and the most wrong follows the verdicts withheld can
add (:func:`_hidden_follows`).  The missing seat's cards after the gap are those it surely holds, the others
counted as held, not known which (:func:`_held_after_gaps`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from ..records.cards import NUM_KINDS, POINTS, SEAT_TOKENS, TOKEN, team_of
from ..records.model import Hand, Play, Trick
from ..records.rulesets import RevokePenalty, RuleSet, ThrowPenaltyCards
from . import explain_gaps
from .deal_lines import SHOWN_BY, contradicted, stops_short
from .outcome import REVOKE_CODES, follows_at_most, offenders, team_counts
from .played_cards import Played, how_many_played
from .starting_hands import starting_hands
from .tricks import hand_context, judge_trick, turn_order
from .unfinished import ENDS_BEFORE_CARDS, ENDS_BEFORE_SOURCES
from .unplaced import unplaced_copies
from .unsure_throws import recheck, throw_judged
from .verdicts import Derived, HandResult, TrickResult, Unknown, Violation, new_violation

if TYPE_CHECKING:                       # (record_gaps imports this module: the name for the annotations only)
    from .record_gaps import Gap

def _cards_could_hold(hand: Hand, result: HandResult, gap: Gap) -> list[int] | None:
    """Per kind, the copies a seat missing from ``gap`` could have held when its trick began — at
    most: every copy of the decks less those the record places elsewhere then (played in an earlier
    trick, played in this one by another seat, or in another seat's hand as ``result`` replays it).
    A copy in the bottom, or held by the seat itself, is not placed elsewhere: it counts as one it
    could have held.  ``None``: the hands then are not known (not replayed), or the record places a
    card where the replay finds it was not (``not_in_hand``, ``deal_mismatch``: a deal line or a play is
    wrong, so what it places elsewhere may not be), or more copies than the decks hold."""
    i = gap.index
    if i >= len(result.tricks) or result.tricks[i].number != gap.trick or not result.tricks[i].hands_before:
        return None
    if any(v.code in SHOWN_BY for v in result.violations):
        return None
    before = result.tricks[i].hands_before
    placed = [0] * NUM_KINDS
    for t in hand.tricks[:i]:
        for p in t.plays:
            for k in p.cards:
                placed[k] += 1
    for s in range(4):
        if s in gap.missing:
            continue
        played = [0] * NUM_KINDS
        for p in hand.tricks[i].plays:
            if p.seat == s:
                for k in p.cards:
                    played[k] += 1
        for k in range(NUM_KINDS):      # a card it played that the replay did not find in its hand is placed too
            placed[k] += max(before[s][k], played[k])
    if any(n > result.rules.decks for n in placed):
        return None
    return [result.rules.decks - n for n in placed]


def _proven_points(hand: Hand, result: HandResult, gap: Gap) -> int | None:
    """The points of ``gap``'s trick when the plays left out cannot carry any — no card the missing
    seats could have held then is a 5, a 10 or a K (:func:`_cards_could_hold`): the recorded cards'
    points are then the trick's, proven; else ``None`` (a play left out may hold points: never the
    recorded cards' points)."""
    could = _cards_could_hold(hand, result, gap)
    if could is None or any(n and POINTS[k] for k, n in enumerate(could)):
        return None
    return sum(POINTS[k] for p in hand.tricks[gap.index].plays for k in p.cards)


KEPT_AFTER_GAP = frozenset({"not_in_hand", "wrong_count", "mixed_lead", "out_of_turn", *REVOKE_CODES})
"""The verdicts of a trick after a gap not filled in (:func:`not_judged`) that still stand — on a seat
the record leaves out of no trick before, in a trick that leaves out none: each rests on the seat's own
cards (its deal line, or its plays, less its own recorded plays: :func:`.tricks.judge_trick` takes no
other seat's card out of its hand) and on the trick's lead as recorded (its first play), never on a card
the record leaves out — a card played and not held, a play of another number of cards than the lead, a
wrong follow (docs/rules.md §5), a lead mixing suit groups, the turn order (who was to lead a trick
right after a gap rests on that gap's winner: only the rest of the turn order is kept there).  In the
gap's own trick, when the record gives its lead, the same but the turn order (a seat left out there
would read as not playing).  Not a throw's verdict (``throw_failed``, ``wrong_forced_play``): it rests on
what the three other seats held, one of them possibly a seat the record leaves out — judged again on
what that seat surely held (:func:`_judged_after`); nor the record's own referee (it compares winners,
points, outcome)."""

HAND_FINDINGS_KEPT = frozenset({"bad_bury", "deal_mismatch", "dealer_mismatch", "level_mismatch", "bad_declaration"})
"""The hand's own findings (no trick) that stand after a gap not filled in: the setting, the deal and the
bury rest on no play — but cards left after the last trick (``deal_mismatch`` naming them) by a seat the
record leaves out of a trick: they may be the play left out.  The claim (the total) and the record's
referee are not kept."""


def _turn_order_only(number: int, plays: Sequence[Play]) -> frozenset[tuple]:
    """The ``out_of_turn`` verdicts of a trick that do not rest on who was to lead it (a seat twice, out
    of rotation, or not playing: :func:`.tricks.turn_order` without the seat due to lead), as keys."""
    found: list[Violation] = []
    turn_order(number, plays, None, found)
    return frozenset((v.code, v.seat, v.played, v.message_en) for v in found)


@dataclass(frozen=True, slots=True)
class _Unfilled:
    """Gaps not filled in, as the tricks from the first on see them (:func:`not_judged`)."""

    first: int
    """The first gap's trick number."""
    gap_at: dict[int, Gap]
    """The gaps, by trick number."""
    missing_by: dict[int, frozenset[int]]
    """Per trick from the first gap's on, the seats left out of a trick before it."""
    after_gap: dict[int, frozenset[tuple]]
    """Per trick right after a gap, its ``out_of_turn`` verdicts that rest on no leader (:func:`_turn_order_only`)."""
    left_out: frozenset[int]
    """Every seat left out of a gap's trick."""
    led: frozenset[int] = frozenset()
    """The gaps' tricks whose lead the record gives (:func:`_lead_recorded`): the other seats' follows
    there rest on their own cards and that lead, never on the play left out."""

    def stands(self, v: Violation, judged: bool) -> bool:
        """Whether ``v``, found in the hand judged as recorded, stands (``judged``: the tricks were judged
        — else the hand's own findings are ``hand_replay``'s to keep, but the cards left).  A verdict on a
        seat left out of a trick before ``v``'s, or a throw's, may still stand when judged again on what
        that seat surely held (:func:`_judged_after`)."""
        if v.trick is None:
            if v.code == "deal_mismatch" and v.played:         # cards left after the last trick
                return v.seat is not None and v.seat not in self.left_out
            return judged and v.code in HAND_FINDINGS_KEPT
        if v.trick < self.first:
            return True
        if v.code not in KEPT_AFTER_GAP or v.seat in self.missing_by.get(v.trick, ()):
            return False
        gap = self.gap_at.get(v.trick)
        if gap is not None:         # the gap's own trick: the follows recorded, when its lead is
            return v.trick in self.led and v.code != "out_of_turn" and v.seat not in gap.missing
        keys = self.after_gap.get(v.trick)
        return v.code != "out_of_turn" or keys is None or (v.code, v.seat, v.played, v.message_en) in keys


def _unfilled(gaps: Sequence[Gap], tricks: Sequence[TrickResult], led: frozenset[int] = frozenset()) -> _Unfilled:
    """:class:`_Unfilled` of ``gaps``, over ``tricks`` (the hand judged as recorded); ``led``: the gaps'
    tricks whose lead the record gives."""
    first = gaps[0].trick
    gap_at = {g.trick: g for g in gaps}
    missing_by: dict[int, frozenset[int]] = {}
    after_gap: dict[int, frozenset[tuple]] = {}
    seen: frozenset[int] = frozenset()
    for before, t in zip((None, *tricks), tricks):
        if t.number < first:
            continue
        missing_by[t.number] = seen
        if t.number in gap_at:
            seen |= frozenset(gap_at[t.number].missing)
            continue
        if before is not None and before.number in gap_at and t.plays:
            after_gap[t.number] = _turn_order_only(t.number, t.plays)
    return _Unfilled(first, gap_at, missing_by, after_gap, frozenset(s for g in gaps for s in g.missing), led)


def _lead_recorded(hand: Hand, gaps: Sequence[Gap], result: HandResult) -> frozenset[int]:
    """The gaps' tricks whose lead the record gives (``result``: the hand judged as recorded): the seat
    due to lead is known and not one the gap leaves out — the trick before's winner, when that trick is
    not a gap's (its winner stands: read from its plays), the first trick's the dealer, a position's its
    first play as written (docs/rules.md §4.1) —, or, that seat not known, every seat left out plays
    between two recorded plays (the record's order says the first recorded play came before it).  A seat
    the record leaves out of a trick is read as playing in its turn (docs/rules.md §14.1: a seat skipped,
    or the seats after the last one): a lead by a seat left out — out of turn, or a position's first play
    written nowhere — is no reading of the record."""
    at = {g.trick for g in gaps}
    out = []
    for g in gaps:
        plays = hand.tricks[g.index].plays
        first = plays[0].seat
        if g.index == 0:
            due = first if hand.setup else result.dealer
        else:
            before = result.tricks[g.index - 1]
            due = None if before.number in at else before.winner
        if due is not None:
            if due not in g.missing:
                out.append(g.trick)
        elif all((s - first) & 3 < (plays[-1].seat - first) & 3 for s in g.missing):
            out.append(g.trick)
    return frozenset(out)


THROW_CODES = frozenset({"throw_failed", "wrong_forced_play"})
"""A throw's verdicts: on its leader, resting on what the three other seats held."""


@dataclass(frozen=True, slots=True)
class _After:
    """What is judged again after gaps not filled in, on the cards each seat left out surely held then
    (:func:`_judged_after`)."""

    violations: tuple[Violation, ...]
    """The wrong follows of seats left out of a trick before that their own plays prove, and the throws'
    verdicts that rest on no card a seat left out may or may not have held."""
    counts: dict[int, int | None]
    """Per trick whose throw was so judged, its ``cards_not_thrown`` (``None``: not known)."""
    settled: frozenset[tuple[int, int]]
    """``(trick, seat)``: the follows of seats left out of a trick before that were judged — proven wrong,
    legal even with the seat's cards at most, or a seat read from its plays judged on them as ever; the
    others' legality is not known."""


def _bounds(rest: Sequence[Trick], before: Sequence[Sequence[int]], out: frozenset[int], read: frozenset[int],
            unsure: frozenset[int], free: Sequence[int]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Each seat's cards when the first trick of ``rest`` began, at least and at most (``before``: as the
    hand judged as recorded holds them).  A seat left out of a trick before (``out``) with a deal line
    holds at most ``before`` (which never took out the cards it played in its gaps) and at least the
    cards it plays from here on; a seat read from its plays (``read``) holds at least those plays and,
    when not known to be all it held (``unsure``, or left out), at most those and every copy the record
    places nowhere (``free``, :mod:`.unsure_throws`).  Any other seat: exactly ``before``."""
    low = [tuple(h) for h in before]
    high = list(low)
    for s in range(4):
        if s in read:
            if s in unsure or s in out:
                high[s] = tuple(a + f for a, f in zip(before[s], free))
        elif s in out:
            low[s] = tuple(min(a, b) for a, b in zip(before[s], _cards_of(rest, s)))
    return low, high


def _judged_after(hand: Hand, gaps: Sequence[Gap], result: HandResult, unfilled: _Unfilled) -> _After | None:
    """The verdicts after gaps not filled in that rest on a seat left out (``result``: the hand judged as
    recorded, which holds that seat's play left out as never made) judged again on what that seat surely
    held (:func:`_bounds`), in each trick whose lead the record gives from the first gap's on (docs/rules.md
    §14.1).  A wrong follow of a seat left out stands where the cards it plays later prove it — a seat read
    from its plays is judged on them as ever —, naming the play owed only where its cards at most owe the
    same; else, when its cards at most make the follow wrong, its legality is not known (counted in the
    most the verdicts withheld can add: :func:`_hidden_follows`).  A throw is judged against the seats'
    cards at least and at most (:func:`.unsure_throws.recheck`): it fails when a seat beats it whatever the
    seat left out held, the play it forced named only where that does not rest on the seat left out.
    ``None``: not judged again (the trick context not known, or the hand judged under several values of a
    tag or with a deal line set aside — in a record that stops short too, :func:`.deal_lines.stops_short`):
    what rests on a seat left out stays withheld."""
    if (not result.tricks_judged or result.level is None or not result.trump_known or result.contradicted
            or contradicted(hand, result) or stops_short(hand, result)):
        return None
    rules = result.rules
    ctx = hand_context(rules, result.level, result.trump)
    start = starting_hands(hand, rules, result.dealer, Played(hand))
    read = start.from_plays
    played = how_many_played(hand)
    unsure = read if hand.setup else frozenset(s for s in read if played[s] < rules.hand_size)
    free = unplaced_copies(rules, start)
    found: list[Violation] = []
    counts: dict[int, int | None] = {}
    settled: set[tuple[int, int]] = set()
    for i, t in enumerate(result.tricks):
        if t.number < unfilled.first or i >= len(hand.tricks) or t.number != hand.tricks[i].number:
            continue
        trick = hand.tricks[i]
        if not trick.plays or not t.hands_before or (t.number in unfilled.gap_at and t.number not in unfilled.led):
            continue
        out = unfilled.missing_by.get(t.number, frozenset())
        leader = trick.plays[0].seat
        others = frozenset((leader + k) & 3 for k in (1, 2, 3))
        follows = [p.seat for p in trick.plays[1:] if p.seat in out]
        throw = t.lead_kind == "throw" or t.throw_failed or bool(t.cards_not_thrown) or throw_judged(t)
        if not follows and not (throw and out & others):
            if throw:           # the seats it was checked against are known (or the replay's unsure_throws had them)
                found += [v for v in t.violations if v.seat == leader and v.code in THROW_CODES]
                counts[t.number] = t.cards_not_thrown
            continue
        low, high = _bounds(hand.tricks[i:], t.hands_before, out, read, unsure, free)
        lo = judge_trick(ctx, trick, [list(h) for h in low], None)
        if throw:
            got = recheck(ctx, trick, lo, low, high, frozenset(s for s in others if low[s] != high[s]))
            judged = lo if got is None else got[0]
            found += [v for v in judged.violations if v.seat == leader and v.code in THROW_CODES]
            counts[t.number] = judged.cards_not_thrown
        for s in follows:
            mine = [v for v in t.violations if v.seat == s and v.code in REVOKE_CODES]
            if s in read:       # judged on its plays, as a seat read from them always is: nothing rests on the gap
                found += mine
                settled.add((t.number, s))
                continue
            proven = [v for v in lo.violations if v.seat == s and v.code in REVOKE_CODES]
            if not proven:      # legal even with its cards at most; else not known (those it surely held: legal)
                if not mine:
                    settled.add((t.number, s))
                continue
            settled.add((t.number, s))
            v = proven[0]
            same = next((r for r in mine if r.code == v.code and sorted(r.better) == sorted(v.better)), None)
            if same is None:    # certain, but the play owed rests on the card left out: not named
                left = [(g.trick, (s,)) for g in gaps if s in g.missing and g.trick < t.number]
                same = new_violation(v.code, v.trick, s, v.played, (),
                                     *explain_gaps.fault_whatever_gap(s, v.code, left))
            found.append(same)
    return _After(tuple(found), counts, frozenset(settled))


def _hidden_follows(rules: RuleSet, tricks: Sequence[TrickResult], gaps: _Unfilled,
                    after: _After | None = None) -> tuple[int, int]:
    """The most wrong follows (docs/rules.md §10.1) the verdicts withheld after gaps not filled in can
    hide, by team (N–S, E–W), each follow at most one: in a gap's trick whose lead the record does not
    give (a seat left out may have led it), every follow — one for the team that led and two for the
    other, or two each when the seat that led is not known —; in one whose lead it gives, the follows of
    the seats left out there (the others' rest on their own cards and that lead: judged); and in a later
    trick, each follow of a seat left out of a trick before that ``after`` (:func:`_judged_after`) did not
    settle (without it, each such follow).  ``(0, 0)`` where wrong follows cost nothing (not under
    ``revoke_penalty = level``).  In friend mode, which keeps no count by team, by the team of each seat
    all the same: the match's one count (:mod:`.replay`) adds both."""
    if rules.revoke_penalty is not RevokePenalty.LEVEL:
        return 0, 0
    by_team = [0, 0]
    settled = after.settled if after is not None else frozenset()
    for t in tricks:
        g = gaps.gap_at.get(t.number)
        if g is not None and t.plays and t.number not in gaps.led:
            leaders = {team_of(t.plays[0].seat), *(team_of(s) for s in g.missing)}
            most = follows_at_most(leaders.pop() if len(leaders) == 1 else None)
            by_team[0] += most[0]
            by_team[1] += most[1]
            continue
        if g is not None:
            for s in g.missing:
                by_team[team_of(s)] += 1
        for p in t.plays[1:]:
            if p.seat in gaps.missing_by.get(t.number, ()) and (t.number, p.seat) not in settled:
                by_team[team_of(p.seat)] += 1
    return by_team[0], by_team[1]


def _proof_left_out(hand: Hand, gaps: Sequence[Gap], result: HandResult,
                    kept: Sequence[Violation]) -> tuple[int, int]:
    """The most wrong follows, by team, that a seat whose cards are read from its plays (no deal line) may
    have made before its last gap, proven only by the play left out: its cards before a trick are the ones it
    plays from that trick on, so the card left out may be one of the led group it held when it followed off
    it, or pair one it held — a wrong follow the whole record proves and the record as given cannot.  Each
    earlier follow of such a seat not already found wrong counts one, but a follow of one card of the led
    group to a single card, right whatever the seat held (:func:`_hidden_follows` counts the gap's own trick
    and after)."""
    if result.rules.revoke_penalty is not RevokePenalty.LEVEL:
        return 0, 0
    last: dict[int, int] = {}
    for g in gaps:
        for seat in g.missing:
            last[seat] = max(last.get(seat, 0), g.trick)
    read = set(last) & starting_hands(hand, result.rules, result.dealer, Played(hand)).from_plays if last else set()
    if not read:
        return 0, 0
    found = {(v.trick, v.seat) for v in kept if v.code in REVOKE_CODES}
    group = hand_context(result.rules, result.level, result.trump).order.group
    by_team = [0, 0]
    for t in result.tricks:
        if not t.plays:
            continue
        lead = t.plays[0].cards
        for p in t.plays[1:]:
            if p.seat not in read or t.number >= last[p.seat] or (t.number, p.seat) in found:
                continue
            # a follow of one card of the led group to a lead of one card is right whatever else it held
            if len(lead) > 1 or any(group[k] != group[lead[0]] for k in p.cards):
                by_team[team_of(p.seat)] += 1
    return by_team[0], by_team[1]


def _cards_of(tricks: Sequence[Trick], seat: int) -> list[int]:
    """Per kind, the cards ``seat`` plays in ``tricks``."""
    out = [0] * NUM_KINDS
    for t in tricks:
        for p in t.plays:
            if p.seat == seat:
                for k in p.cards:
                    out[k] += 1
    return out


def _surely_held(hand: Hand, gaps: Sequence[Gap], seat: int,
                 tricks: Sequence[TrickResult]) -> dict[int, tuple[tuple[int, ...], int]]:
    """Per trick index after ``seat``'s first gap not filled in, the cards it surely holds before the trick
    and how many more it holds, not known which.  ``tricks``' ``hands_before`` (the hand judged as
    recorded) never took the cards it played in its gaps out; those are as many as each gap's lead, and
    any of the cards it held then but for those it plays later in the record (a way that plays one of
    them is ruled out by the record itself, as when the gap is filled in: :func:`_contradicted`), or any
    it held at all if the record leaves it too few such cards.  So it surely holds the cards it plays
    later, and of each other kind the copies beyond what its gaps so far could have taken."""
    mine = [g for g in gaps if seat in g.missing]
    i0 = mine[0].index
    if i0 >= len(tricks) or not tricks[i0].hands_before:
        return {}
    size = {g.index: len(hand.tricks[g.index].plays[0].cards) for g in mine}
    later = _cards_of(hand.tricks[i0:], seat)
    free = [max(0, a - b) for a, b in zip(tricks[i0].hands_before[seat], later)]
    trusted = sum(free) >= sum(size.values())   # else the record's later plays leave too few: not used
    out: dict[int, tuple[tuple[int, ...], int]] = {}
    for j in range(i0 + 1, len(tricks)):
        before = tricks[j].hands_before
        if not before:
            continue
        gone = sum(n for i, n in size.items() if i < j)
        held = before[seat]
        if trusted:
            still = _cards_of(hand.tricks[j:], seat)
            sure = tuple(min(h, p + max(0, f - gone)) for h, p, f in zip(held, still, free))
        else:
            sure = tuple(max(0, h - gone) for h in held)
        out[j] = sure, max(0, sum(held) - gone - sum(sure))
    return out


def _held_after_gaps(hand: Hand, gaps: Sequence[Gap], result: HandResult,
                     tricks: tuple[TrickResult, ...]) -> tuple[tuple[TrickResult, ...], tuple]:
    """``tricks`` (of ``result``, the hand judged as recorded) with the cards of each seat left out of a
    gap not filled in, from the trick after the gap on, as :func:`_surely_held` gives them — never the
    card it played there still shown in its hand — and ``result.held_open`` with how many more it holds,
    not known which (shown ``+1 ?``).  A seat whose cards are read from its plays (no deal line of its
    own: :func:`.starting_hands.starting_hands`) is left as it is: its hand is not known (only the cards
    it plays are), and the pages say so."""
    read = starting_hands(hand, result.rules, result.dealer, Played(hand)).from_plays
    seats = sorted({s for g in gaps for s in g.missing} - read)
    per_seat = {s: _surely_held(hand, gaps, s, tricks) for s in seats}
    if not any(per_seat.values()):
        return tricks, result.held_open
    out = list(tricks)
    opened = {n: list(c) for n, c in result.held_open}
    for s, by_index in per_seat.items():
        for j, (sure, more) in by_index.items():
            t = out[j]
            out[j] = dataclasses.replace(t, hands_before=tuple(sure if x == s else h
                                                               for x, h in enumerate(t.hands_before)))
            if more:
                opened.setdefault(t.number, [0, 0, 0, 0])[s] += more
    held_open = tuple((n, tuple(c)) for n, c in sorted(opened.items()) if any(c))
    return tuple(out), held_open


def not_judged(hand: Hand, gaps: Sequence[Gap], result: HandResult, why: str) -> HandResult:
    """``result`` (the hand judged as recorded) with what rests on the plays left out withheld: the gaps
    could not be filled in (``why``: ``cards`` not known, ``lead`` — the seat due to lead is missing —,
    ``bad_lead`` — the trick's lead is not one the rules define — or ``ways``, too many).  Withheld: each
    gap's trick (its winner, its verdicts — but, when the record gives its lead, the other seats'
    follows: :func:`_lead_recorded` —, and its points — ``None``: never the recorded cards',
    docs/format.md — unless the plays left out cannot carry any: :func:`_proven_points`, derived and said
    from what), from it on every verdict that rests on the cards of the seats left out (a wrong follow
    of theirs stands where the cards they play later prove it, a throw's verdict where it rests on no
    card they may or may not have held: :func:`_judged_after`), who was to lead the trick after a gap,
    the attackers' points, the outcome and the levels.  What rests on none of that stands (docs/rules.md
    §14, §14.1): the verdicts before the first gap, the hand's own findings (:data:`HAND_FINDINGS_KEPT`),
    every other seat's verdicts of :data:`KEPT_AFTER_GAP` in the later tricks, the winners and points of
    the later tricks the record gives whole (a winner is read from the trick's plays alone:
    :func:`.tricks.trick_winner`), the wrong follows found and the take-backs (their level penalties; the
    most the verdicts withheld can add is ``penalties_open``: :func:`_hidden_follows`).  The seats left
    out hold, from the trick after a gap on, the cards they surely hold, the others counted as held, not
    known which (``held_open``: :func:`_held_after_gaps`), never the card played there as if still held."""
    first = gaps[0].trick
    unfilled = _unfilled(gaps, result.tricks, _lead_recorded(hand, gaps, result))
    kept = tuple(v for v in result.violations if unfilled.stands(v, result.tricks_judged))
    # (with the trick lines perhaps written in seat order, :mod:`.play_order`, who led each later trick is in
    # doubt, and every follow the later plays would prove rests on it: none is judged again)
    order_open = any(u.tag == "order" for u in result.unknowns)
    after = None if order_open else _judged_after(hand, gaps, result, unfilled)
    if after is not None and after.violations:
        kept = tuple(sorted((*kept, *after.violations), key=_in_play_order(hand)))
    kept = _read_seats_left_out(hand, gaps, result, kept)
    points = {g.trick: _proven_points(hand, result, g) for g in gaps}
    derived = [Derived("trick_points", str(points[g.trick]), "the cards of the seats the record leaves out",
                       *explain_gaps.gap_points_no_point_cards(g.trick, points[g.trick], g.missing))
               for g in gaps if points[g.trick] is not None]
    fixed = plays_fixed(hand, gaps, result) if why == "lead" else ()
    if fixed:       # the deal fixes the play left out, though not who led its trick: the play itself is derived
        derived.append(Derived("play", "; ".join(f"{t}: {SEAT_TOKENS[s]} {' '.join(TOKEN[k] for k in c)}"
                                                 for t, s, c in fixed),
                               "the cards the seat plays later and its deal line", *explain_gaps.gap_play_fixed(fixed)))
    unknowns = list(result.unknowns)
    u = result.unfinished
    if u is not None and u.trick >= first and result.tricks and result.tricks[-1].number == u.trick:
        # the record then ends in a trick after the gap: its winner and points are not judged either (what
        # the replay derived of them rests on the judgement of the plays), but for points no card of the
        # seats it ends before could carry
        end = dataclasses.replace(gaps[0], index=len(result.tricks) - 1, trick=u.trick, missing=u.missing)
        proven = _proven_points(hand, result, end) if len(hand.tricks) == len(result.tricks) else None
        points[u.trick] = proven
        u = dataclasses.replace(u, winner=None, points=proven, possible=None)
        derived = [d for d in result.derived if d.source not in ENDS_BEFORE_SOURCES] + derived
        unknowns = [x for x in unknowns if x.tag != "play"]      # (the replay's words for that trick: replaced)
        open_ = ["trick_winner"] + (["trick_points"] if proven is None else [])
        unknowns.append(Unknown("play", tuple(open_), *explain_gaps.record_ends_in_trick(u.trick, u.missing, open_)))
        if proven is not None:
            derived.append(Derived("trick_points", str(proven), ENDS_BEFORE_CARDS, *explain_gaps.gap_points_no_point_cards(
                u.trick, proven, u.missing, ends=True)))
    else:
        derived = list(result.derived) + derived
    by_trick: dict[int, list[Violation]] = {}
    for v in kept:
        if v.trick is not None:
            by_trick.setdefault(v.trick, []).append(v)
    counted = result.rules.throw_penalty_cards is ThrowPenaltyCards.FAILING_UNITS
    tricks = tuple(t if t.number < first else dataclasses.replace(
        t, violations=tuple(by_trick.get(t.number, ())),
        # a later trick the record gives whole: its winner rests on its plays alone (trick_winner reads the
        # cards played and the trump, no seat's hand; a failed throw is judged with the cards as played);
        # the trick the record ends in was withheld above
        winner=None if t.number in unfilled.gap_at or (u is not None and t.number == u.trick) else t.winner,
        plays=hand.tricks[i].plays, points=points.get(t.number, t.points),
        # the cards a throw's check beat (failing_units) rest on the three other seats' hands: kept where
        # judged again on what the seats left out surely held (_judged_after)
        cards_not_thrown=after.counts[t.number] if after is not None and t.number in after.counts
        else None if t.number in unfilled.gap_at and t.number not in unfilled.led      # its lead not known
        else None if counted and (t.lead_kind == "throw" or t.throw_failed or t.cards_not_thrown)
        else t.cards_not_thrown)
        for i, t in enumerate(result.tricks))
    what = ["trick_winner"]
    if any(points[g.trick] is None for g in gaps):
        what.append("trick_points")
    what += ["legality", "points", "outcome", "levels"]
    unknowns.append(Unknown("play", tuple(what), *explain_gaps.gaps_not_judged(
        [(g.trick, g.missing) for g in gaps], what, why, result.tricks_judged and not order_open,
        sorted(unfilled.led) if result.tricks_judged else (), after is not None)))
    revokers, takers = offenders(hand, result.rules, kept)
    revokes, takebacks = team_counts(result.rules, revokers), team_counts(result.rules, takers)
    hidden = _hidden_follows(result.rules, result.tricks, unfilled, after) if result.tricks_judged else (0, 0)
    proof = _proof_left_out(hand, gaps, result, kept) if result.tricks_judged else (0, 0)
    most = (revokes[0] + hidden[0] + proof[0], revokes[1] + hidden[1] + proof[1])
    tricks, held_open = _held_after_gaps(hand, gaps, result, tricks)
    return dataclasses.replace(
        result, tricks=tricks, held_open=held_open, violations=kept, attackers_points=None, attackers_total=None,
        bottom_multiplier=None,
        bottom_bonus=None, penalties=None, items=(), outcome=None, levels_after=(None, None),
        player_levels_after=(None,) * 4, revoke_levels=revokes, takeback_levels=takebacks, legality_known=False,
        penalties_open=(most, takebacks) if most != revokes else None,
        unfinished=u, derived=tuple(derived), unknowns=tuple(unknowns))


def _read_seats_left_out(hand: Hand, gaps: Sequence[Gap], result: HandResult,
                         kept: tuple[Violation, ...]) -> tuple[Violation, ...]:
    """``kept`` (the verdicts that stand after ``gaps``, ``result`` the hand judged as recorded) less what rests
    on the play left out of a seat whose cards are read from its plays (:func:`.starting_hands.starting_hands`):
    before that play, its cards are its recorded plays and that play, not known — so a card it shows and does not
    play later (a failed throw's cards shown, ``not_in_hand``) may be the play left out, and of a wrong follow its
    own plays prove (it stands) the play owed is named from its recorded plays alone: kept without naming it."""
    seats = {s for g in gaps for s in g.missing}
    read = seats & starting_hands(hand, result.rules, result.dealer, Played(hand)).from_plays if seats else set()
    if not read or not any(v.seat in read for v in kept):
        return kept
    out = []
    for v in kept:
        if v.seat not in read or v.trick is None or not any(g.trick > v.trick for g in gaps if v.seat in g.missing):
            out.append(v)       # (from its gap on, its cards are its later plays: the play left out is gone)
        elif v.code == "not_in_hand":
            continue
        elif v.code in REVOKE_CODES and v.better:
            left = [(g.trick, (v.seat,)) for g in gaps if v.seat in g.missing]
            out.append(new_violation(v.code, v.trick, v.seat, v.played, (),
                                     *explain_gaps.fault_whatever_gap(v.seat, v.code, left)))
        else:
            out.append(v)
    return tuple(out)


def plays_fixed(hand: Hand, gaps: Sequence[Gap], result: HandResult) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """``(trick, seat, cards)`` of each play left out that the deal fixes (``result``: the hand judged as
    recorded, the seats' cards known card for card): the seat is left out of that gap only, and of the
    cards it held when the trick began, those it does not play later are just as many as each recorded
    play of the trick — they are its play there, whoever led the trick (the record's later plays all
    held then)."""
    once = [s for g in gaps for s in g.missing]
    out = []
    for g in gaps:
        if g.index >= len(result.tricks) or not result.tricks[g.index].hands_before:
            continue
        size = len(hand.tricks[g.index].plays[0].cards)
        if any(len(p.cards) != size for p in hand.tricks[g.index].plays):
            continue
        for s in g.missing:
            if once.count(s) != 1:
                continue
            held = result.tricks[g.index].hands_before[s]
            later = _cards_of(hand.tricks[g.index:], s)
            if any(b > a for a, b in zip(held, later)):
                continue                # a card played later and not held then: the record contradicts itself
            left = [a - b for a, b in zip(held, later)]
            if sum(left) == size:
                out.append((g.trick, s, tuple(k for k, n in enumerate(left) for _ in range(n))))
    return tuple(out)


def _in_play_order(hand: Hand) -> Callable[[Violation], tuple[bool, int, int]]:
    """The order of a hand's violations: the hand's own first, then by trick and, in a trick, by the
    place of the seat's play in it (a stable sort: a seat's verdicts keep their order)."""
    place = {t.number: {p.seat: i for i, p in enumerate(t.plays)} for t in hand.tricks}

    def key(v: Violation) -> tuple[bool, int, int]:
        return v.trick is not None, v.trick or 0, place.get(v.trick, {}).get(v.seat, 4)
    return key

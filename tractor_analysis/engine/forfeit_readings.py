"""What each reading of a match's record counts towards a forfeit (docs/rules.md §10.1, §10.2), hand by hand.

A hand may leave the count of wrong follows and take-backs open (:class:`Open`: plays not judged, a play left out —
or its deal lines, the order of its plays, its leaders, a throw's arrow — whose readings differ, a contradicted tag,
take-backs given as ``?``, copies of a hand that differ); :class:`Tally` keeps the fewest the record gives and each
open hand's most, and :class:`Readings` follows every reading of them — each ``?`` to one side, the ways of a hand
per side — to where each ends the match.  What the match's count decides from them, and its words, is
:mod:`.forfeit_count`'s.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import SEAT_TOKENS, TEAMS
from ..records.model import Hand
from ..records.rulesets import RevokePenalty, RuleSet
from .outcome import takeback_seats_open
from .record_gaps import find_gaps
from .trick_gaps import unread_index
from .verdicts import FORFEIT_BOTH_COUNTS, FORFEIT_TAKEBACKS, FORFEIT_WRONG_FOLLOWS, HandResult, ReadingEnd

READINGS_BOUND = 200_000
"""The most readings times ways of a hand the forfeit count is followed through in one hand (:class:`Readings`):
past it whether a side forfeited is withheld from that hand on, as where the readings differ.  With a count of
3 (the tournament's) it is never reached: at most 3**4 readings run, and a hand has at most 4**4 ways."""

Count = tuple[int, int, int, int]
"""Wrong follows N–S, E–W, take-backs N–S, E–W, punished by a level so far in the match (one reading's)."""

Branch = tuple
"""One copy of a hand written more than once, as :meth:`Readings.step` takes it: ``(known, opened, passes, passer,
may_pass)``, and for a later copy read as the next hand misnumbered (:func:`.hand_copies.may_be_next`) a sixth,
its index: that reading goes on from the first copy's readings that go on past it, and ends at that index."""


def count_ways(known: Sequence[int], opened: Sequence[Open], cap: int) -> set[Count]:
    """The counts one hand (one copy of it) may add: ``known`` its penalties the record gives, each of ``opened``
    from none to its most (each ``?`` take-back to one side), each capped at ``cap``."""
    ways = {tuple(min(cap, n) for n in known)}
    for o in opened:
        if o.kind == "Takebacks":       # each "?" is one side's: j to N–S, the others to E–W
            n = o.takebacks[0]
            ways = {(w[0], w[1], min(cap, w[2] + j), min(cap, w[3] + n - j)) for w in ways for j in range(n + 1)}
            continue
        for c, most in enumerate((*o.revokes, *o.takebacks)):
            ways = {w[:c] + (min(cap, w[c] + k),) + w[c + 1:] for w in ways for k in range(min(most, cap) + 1)}
    return ways  # type: ignore[return-value]


@dataclass(slots=True)
class Readings:
    """Every reading of what the record leaves open of the match's forfeit count, followed hand by hand
    (docs/rules.md §10.1).  A reading fixes each open hand's hidden counts — per team, the wrong follows a hand
    not judged may hide and what a play left out (or a contradicted tag) may add, each from none to its most
    (:class:`Open`); each take-back given as ``?`` to one side —, and the match ends at the end of the first
    hand where, under it, some side reaches the count (the sides at or over it forfeit; the count is read before
    a pass) or a side passes the winning level.  The readings running are kept as the distinct counts they
    reach (each capped at the count, which decides the same beyond it), so they stay few.  The ways of one
    hand are taken per team and per kind independently: more readings than the record allows, never fewer — so
    what every one of them gives, every reading gives."""

    alive: set[Count] = dataclasses.field(default_factory=lambda: {(0, 0, 0, 0)})
    """The counts of the readings under which the match goes on."""
    ended: set[tuple[int, tuple[str | None, str | None]]] = dataclasses.field(default_factory=set)
    """The readings that ended the match: (the hand's index, why each side forfeited — ``(None, None)``: a side
    passed the winning level)."""
    passers: dict[int, set[int | None]] = dataclasses.field(default_factory=dict)
    """By the index of a hand in which readings ended the match by a pass: the teams that pass there (one,
    sure; or, the hand's result not known, each that may have)."""
    over: bool = False
    """Past :data:`READINGS_BOUND`: no longer followed."""
    copy_alive: list[bool] = dataclasses.field(default_factory=list)
    """After the last hand stepped: per copy of it (one when it is written once), whether some reading under
    that copy still runs (:meth:`step`)."""

    def step(self, index: int, known: Count, opened: Sequence[Open], rules: RuleSet, passes: bool,
             passer: int | None = None, may_pass: Sequence[int] = (), copies: Sequence[Branch] = ()) -> bool:
        """The hand of ``index`` ends: ``known`` its penalties the record gives (the fewest), ``opened`` what it
        leaves open, ``passes`` whether a side (``passer``) passes the winning level in it — or, its result not
        known, ``may_pass`` the teams that may have (then each reading still running both ends there by each
        such pass and goes on).  ``copies``: the hand is written more than once (:mod:`.hand_copies`), each later
        copy one more reading of it, the same five values each — every reading still running goes on under each
        copy (:attr:`copy_alive` says under which some still runs) —, and a later copy that may be the next hand
        misnumbered one more, from the first copy's readings that go on past it (a sixth value: its index, where
        what it ends falls).  Whether every reading still running forfeited in it under the first copy (then the
        forfeit, not the pass, ends the match)."""
        cap = rules.revoke_forfeit
        branches = [(known, opened, passes, passer, may_pass), *copies]
        ways = [count_ways(b[0], b[1], cap) for b in branches]
        total = sum(map(len, ways))
        if total > 1 and len(self.alive) * total > READINGS_BOUND:     # (one way: no more readings)
            self.over = True
            return False
        alive: set[Count] = set()
        forfeited = False
        self.copy_alive = []
        past_first: set[Count] = set()     # the readings going on past the first copy
        for b, (branch, ways_b) in enumerate(zip(branches, ways)):
            passes_b, passer_b, may_pass_b = branch[2:5]
            at, start = (index, self.alive) if len(branch) < 6 else (branch[5], past_first)
            mine: set[Count] = set()
            for a in start:
                for w in ways_b:
                    c = tuple(min(cap, x + y) for x, y in zip(a, w))
                    reasons = forfeit_reason(rules, c[0], c[2]), forfeit_reason(rules, c[1], c[3])
                    if reasons != (None, None):
                        self.ended.add((at, reasons))
                    else:
                        mine.add(c)    # type: ignore[arg-type]
            if b == 0:
                forfeited = bool(self.alive) and not mine
            if passes_b and mine:
                self.ended.add((at, (None, None)))
                self.passers.setdefault(at, set()).add(passer_b)
                mine = set()
            elif may_pass_b and mine:    # the hand's result not known: the readings end by each pass, or go on
                self.ended.add((at, (None, None)))
                self.passers.setdefault(at, set()).update(may_pass_b)
            if b == 0:
                past_first = set(mine)
            self.copy_alive.append(bool(mine))
            alive |= mine
        self.alive = alive
        return forfeited

    def outcomes(self) -> dict[str, set[int]]:
        """What the readings give by now — ``none`` (the match goes on, or a side passed the winning level),
        ``NS``, ``EW``, ``both`` (forfeited) — each with the indices of the hands at whose end the forfeit falls."""
        out: dict[str, set[int]] = {}
        for index, reasons in self.ended:
            value = forfeit_value(reasons)
            out.setdefault(value, set()).update(() if value == "none" else (index,))
        if self.alive:
            out.setdefault("none", set())
        return out

    def reasons(self, side: int) -> list[str]:
        """Why ``side`` forfeited under the readings under which it did, each reason once."""
        return sorted({r[side] for _, r in self.ended if r[side] is not None})

    def ends(self, numbers: dict[int, int]) -> tuple[ReadingEnd, ...]:
        """Each way the readings end the match (:class:`.verdicts.ReadingEnd`): the sides forfeiting, each team
        passing the winning level, each with the numbers (``numbers``: by index) of the hands it falls at the
        end of; and, when some readings run to the record's end, the match going on (its levels filled in by
        :func:`.replay.replay_match`).  In the order N–S, E–W, both forfeiting, a pass by N–S, by E–W, going on."""
        forfeits: dict[str, set[int]] = {}
        passes: dict[int | None, set[int]] = {}
        for index, reasons in self.ended:
            value = forfeit_value(reasons)
            if value != "none":
                forfeits.setdefault(value, set()).add(numbers[index])
            for team in (self.passers.get(index, ()) if value == "none" else ()):
                passes.setdefault(team, set()).add(numbers[index])
        out = [ReadingEnd(v, tuple(sorted(forfeits[v]))) for v in ("NS", "EW", "both") if v in forfeits]
        out += [ReadingEnd("none", tuple(sorted(passes[t])), t) for t in sorted(passes, key=lambda t: (t is None, t))]
        return tuple(out) + ((ReadingEnd("none"),) if self.alive else ())


def forfeit_value(reasons: tuple[str | None, str | None]) -> str:
    """``none``, ``NS``, ``EW`` or ``both``: the sides forfeiting for ``reasons``."""
    sides = forfeiting(reasons)
    return "both" if all(sides) else TEAMS[0] if sides[0] else TEAMS[1] if sides[1] else "none"


@dataclass(frozen=True, slots=True)
class Open:
    """A hand that leaves the match's count of penalties open: how many more than the fewest it may add."""

    number: int
    """The hand's number."""
    kind: str
    """``play`` (a hand judged under readings of its record that give different counts:
    :attr:`.HandResult.penalties_open` — the ways of filling a play left out, or the readings :attr:`why` names),
    ``copies`` (a hand written more than once whose copies give different counts, or pass the winning level
    under some and not others: :meth:`.forfeit_count.ForfeitCount.add`),
    ``unjudged`` (plays not judged: :attr:`.HandResult.follows_unjudged`), ``Takebacks`` (take-backs whose
    seats are not known, ``?``), ``contradicted`` (a tag the rest of the record contradicts, the hand judged
    under each value: they give different counts)."""
    revokes: tuple[int, int]
    """The most wrong follows it may add, by team (N–S, E–W)."""
    takebacks: tuple[int, int]
    """The most take-backs it may add, by team."""
    why: str = ""
    """``play``: what the readings read each way (:func:`readings_causes`), space-separated — ``play`` (a play left
    out), ``deal``, ``order``, ``leader`` (the hand's readings of that tag), ``arrow`` (a throw written without its
    ``->``), empty when none is named; ``unjudged``: the tag whose value not known left the plays not judged
    (``Trump``, ``Level``, ``play``);
    ``contradicted``: the tag contradicted (``Level``, ``Dealer``, ``Trump``); ``pass``: the tag whose value not
    known withheld the hand's outcome (``Trump``, ``Level``, ``Claim`` …)."""
    teams: tuple[int, ...] = ()
    """``pass`` (a hand whose result is not known, in which a side may have passed the winning level:
    :func:`.forfeit_count._may_pass`): the teams that may have; ``copies``: the teams that pass it under some copy,
    not all."""
    copies: int = 0
    """``copies`` (a hand written more than once whose copies give different counts or passes: each copy one
    reading, docs/rules.md §14.1): how many copies."""
    nexts: int = 0
    """``copies``: how many later copies may be the next hand misnumbered (one more reading each)."""


@dataclass(slots=True)
class Tally:
    """The match's wrong follows and take-backs punished by a level, by team (N–S, E–W), so far: the fewest
    the record gives (those it states or the judgement finds: ``revokes``, ``takebacks``) and each hand that
    leaves some open (``open``), by how many more.  A side's reaching the forfeit count rises with its own
    counts alone, and each hand's most can fall on each side, so the fewest and the most (every hand's
    most) bound every reading: where they give the same sides forfeiting, so does every reading."""

    revokes: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    takebacks: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    open: list[Open] = dataclasses.field(default_factory=list)
    added: bool = False
    """The last hand added changed the count (a penalty, or one left open)."""

    def add(self, hand: Hand, result: HandResult, rules: RuleSet) -> list[Open]:
        """Count ``hand`` (``result``: its judgement) in; what it leaves open."""
        before = len(self.open)
        for t in (0, 1):
            self.revokes[t] += result.revoke_levels[t]
            self.takebacks[t] += result.takeback_levels[t]
        if result.penalties_open is not None:       # the ways of filling a play left out differ
            (most_r, most_t) = result.penalties_open
            more_r = tuple(most_r[t] - result.revoke_levels[t] for t in (0, 1))
            more_t = tuple(most_t[t] - result.takeback_levels[t] for t in (0, 1))
            if any(more_r) or any(more_t):
                # the judgements merged are the ways of filling a play left out, or (no play left out) the
                # values of a tag the rest of the record contradicts (docs/rules.md §14.1), or the readings of a
                # Buried: line a play contradicts (.bury_readings, its unknown Buried): named as such
                tags = [t[:1].upper() + t[1:] for t, _ in result.contradicted] or (   # as the hand's unknown: Level
                    ["Buried"] if any(u.tag == "Buried" and u.withheld for u in result.unknowns) else [])
                if tags and not any(u.tag == "play" for u in result.unknowns):
                    self.open.append(Open(hand.number, "contradicted", more_r, more_t, tags[0]))
                else:
                    self.open.append(Open(hand.number, "play", more_r, more_t, " ".join(readings_causes(hand, result))))
        if result.follows_unjudged is not None and rules.revoke_penalty is RevokePenalty.LEVEL:
            why = next((u.tag for u in result.unknowns if "verdicts" in u.withheld), "play")
            self.open.append(Open(hand.number, "unjudged", result.follows_unjudged, (0, 0), why))
        seats = takeback_seats_open(hand, rules)
        if seats and not rules.friend:      # each may be either side's (friend mode counts them all: exact)
            self.open.append(Open(hand.number, "Takebacks", (0, 0), (seats, seats)))
        self.added = len(self.open) > before or any(result.revoke_levels) or any(result.takeback_levels)
        return self.open[before:]

    def most(self, kinds: frozenset[str] | None = None) -> tuple[list[int], list[int]]:
        """The most wrong follows and take-backs by team: the fewest, and what the hands of ``kinds`` (all:
        ``None``) leave open."""
        revokes, takebacks = list(self.revokes), list(self.takebacks)
        for o in self.open:
            if kinds is None or o.kind in kinds:
                for t in (0, 1):
                    revokes[t] += o.revokes[t]
                    takebacks[t] += o.takebacks[t]
        return revokes, takebacks

    def reasons(self, rules: RuleSet, kinds: frozenset[str] | None = frozenset()) -> tuple[str | None, str | None]:
        """Why each side forfeits on the count (:func:`forfeit_reason`): the fewest, or the most of ``kinds``."""
        revokes, takebacks = self.most(kinds)
        return forfeit_reason(rules, revokes[0], takebacks[0]), forfeit_reason(rules, revokes[1], takebacks[1])

    def open_here(self, rules: RuleSet, offences: Sequence[int]) -> tuple[Open, ...] | None:
        """What leaves open whether a side forfeited by now, ``None`` when the count decides it whatever the
        open hands hide: the hands of the kinds that alone make the fewest and the most disagree (all open
        hands when none alone does).  Friend mode: the match's count (``offences``, the known wrong follows
        and take-backs) and the most its open hands add, below ``revoke_forfeit`` or not (docs/rules.md §11)."""
        opened = self.counted()
        if not opened:
            return None
        if rules.friend:
            revokes, takebacks = self.most()
            more = (sum(revokes) - sum(self.revokes), sum(takebacks) - sum(self.takebacks))
            reach = [rules.revoke_penalty is RevokePenalty.LEVEL, rules.takeback_penalty is RevokePenalty.LEVEL]
            if any(reach[i] and offences[i] < rules.revoke_forfeit <= offences[i] + more[i] for i in (0, 1)):
                return opened
            return None
        fewest = forfeiting(self.reasons(rules))
        if forfeiting(self.reasons(rules, None)) == fewest:
            return None
        kinds = list(dict.fromkeys(o.kind for o in opened))
        alone = [k for k in kinds if forfeiting(self.reasons(rules, frozenset((k,)))) != fewest]
        return tuple(o for o in opened if o.kind in (alone or kinds))

    def counted(self) -> tuple[Open, ...]:
        """The open hands that leave the count open (not a pass possible in a hand whose result is not known, nor
        copies of a hand that give the same count but pass the winning level under some, not all)."""
        return tuple(o for o in self.open if o.kind != "pass" and (o.kind != "copies" or any(o.revokes)
                                                                   or any(o.takebacks)))


READINGS_TAGS = ("deal", "order", "leader")
"""The tags of the ``unknown`` items of the merges that judge a hand under readings of its record other than a play
left out (docs/rules.md §14.1): its deal lines and plays (:mod:`.deal_lines`, :mod:`.wrong_line`,
:mod:`.extra_copies`, a seat's two deal lines), the order of its plays (:mod:`.play_order`), the seats its tricks
are seated from (:mod:`.platform_leads`)."""


def readings_causes(hand: Hand, result: HandResult) -> tuple[str, ...]:
    """Why the judgements merged into ``result`` (``hand``'s: :attr:`.HandResult.penalties_open`) may give different
    counts, each once, as :class:`Open` ``play`` keeps them (its :attr:`Open.why`): ``play`` where the record leaves
    a play out (:func:`.record_gaps.find_gaps` finds a gap — not one whose plays left out ``result`` derives, one way
    each: :func:`_plays_derived` —, :func:`.trick_gaps.unread_index` a trick line without a play, or a trick line
    gives none); ``order``, ``leader`` where the hand has such an ``unknown`` item (each is a
    reading's, but one withholding only whether a trick was led out of turn: :mod:`.lead_after_throw`, no reading);
    ``arrow``, no play left out, where its ``play`` item is of a throw written without its ``->`` read each way
    (:mod:`.throw_arrows`); ``deal`` where none of those is and it has a ``deal`` item (that tag also says a line
    missing or not read, no reading: not named beside another cause).  ``()`` when none is named: none is guessed."""
    tags = [u.tag for u in result.unknowns if u.withheld != ("turn",)]
    gaps, derived = find_gaps(hand), _plays_derived(result)
    left_out = bool(hand.plays_unread or any(not t.plays for t in hand.tricks) or unread_index(hand) is not None
                    or (gaps and not (derived and all((g.trick, s) in derived for g in gaps for s in g.missing))))
    causes = ["play"] if left_out else []
    causes += [t for t in dict.fromkeys(tags) if t in ("order", "leader")]
    if not left_out and "play" in tags and _unmarked_throw(hand):
        causes.append("arrow")
    if not causes and "deal" in tags:
        causes.append("deal")
    return tuple(causes)


def _plays_derived(result: HandResult) -> set[tuple[int, int]]:
    """The ``(trick, seat)`` of each play left out that ``result`` derives (its ``derived`` fact ``play``, ``"24: W
    HQ"``): one way, so no cause of counts that differ — a play left out whose seat was due to lead its trick
    is then judged with each leader (:mod:`.record_gaps`), the readings named by their ``order`` unknown."""
    out = set()
    for d in result.derived:
        if d.fact == "play":
            for part in d.value.split("; "):
                trick, _, rest = part.partition(": ")
                seat = rest.split()[0] if rest.split() else ""
                if trick.strip().isdigit() and len(seat) == 1 and seat in SEAT_TOKENS:
                    out.add((int(trick), SEAT_TOKENS.index(seat)))
    return out


def _unmarked_throw(hand: Hand) -> bool:
    """Some trick of ``hand`` is led by a throw written without ``->`` that a follower written follows with fewer
    cards (none left out): a throw :mod:`.throw_arrows` may read as failed."""
    return any(t.plays[0].attempted is None and any(0 < len(p.cards) < len(t.plays[0].cards) for p in t.plays[1:])
               for t in hand.tricks if t.plays)


def forfeiting(reasons: tuple[str | None, str | None]) -> tuple[bool, bool]:
    """Which sides forfeit (a reason each: :func:`forfeit_reason`)."""
    return reasons[0] is not None, reasons[1] is not None


def forfeit_reason(rules: RuleSet, revokes: int, takebacks: int) -> str | None:
    """Why a side with ``revokes`` wrong follows and ``takebacks`` take-backs punished by a level
    so far in the match forfeits it (``revoke_forfeit`` of either), ``None`` when it does not (and always
    where ``revoke_forfeit`` is 0: no count forfeits a match)."""
    if not rules.revoke_forfeit:
        return None
    wrong = rules.revoke_penalty is RevokePenalty.LEVEL and revokes >= rules.revoke_forfeit
    taken = rules.takeback_penalty is RevokePenalty.LEVEL and takebacks >= rules.revoke_forfeit
    return (FORFEIT_BOTH_COUNTS if wrong and taken else FORFEIT_WRONG_FOLLOWS if wrong
            else FORFEIT_TAKEBACKS if taken else None)

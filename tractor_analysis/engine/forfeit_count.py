"""The match's count of wrong follows and take-backs towards a forfeit (docs/rules.md §10.1, §10.2), followed
through every reading of what the record leaves open of it.

:class:`ForfeitCount` is fed each hand of a match in turn (:mod:`.replay`): the penalties the record gives (the
fewest), and what a hand leaves open (:class:`.forfeit_readings.Tally`, :class:`.forfeit_readings.Open`: plays
not judged, a play left out — or other readings of a hand — whose ways differ, a contradicted tag, take-backs
given as ``?``).
:class:`.forfeit_readings.Readings` follows every reading of those hand by hand — each ``?`` to one side, the ways
of a hand per side — and the match's forfeit is decided where every reading agrees: who forfeited, and in which
hand and why where those agree too (:class:`ForfeitEnd`).  Friend mode keeps one count for the match
(:func:`_friend_count`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import TEAMS, team_of
from ..records.model import Hand
from ..records.rulesets import RevokePenalty, RuleSet
from . import explain_forfeit, explain_hand, explain_readings
from .explain import Message
from .outcome import offenders, takeback_seats_open, takeback_seats_unknown, takebacks_punished_unknown
from .scoring import advance
from .forfeit_readings import READINGS_TAGS, Branch, Open, Readings, Tally
from .verdicts import Derived, HandResult, ReadingEnd, Unknown

@dataclass(frozen=True, slots=True)
class ForfeitEnd:
    """How the match's forfeit count ends (:meth:`ForfeitCount.finish`)."""

    results: list[HandResult]
    """The hands' results, the hand from which the readings differ told so where its "?" is a cause."""
    forfeits: tuple[str | None, str | None] = (None, None)
    """:attr:`MatchResult.forfeit_reasons`."""
    reason_open: tuple[bool, bool] = (False, False)
    """:attr:`MatchResult.forfeit_reason_open`."""
    forfeit_at: tuple[int, ...] = ()
    """Where every reading gives the same side(s) forfeiting: the indices of the hands the match may have ended
    in (one: known)."""
    known: bool = True
    """Whether a side forfeited is known."""
    ended_at: tuple[int, ...] = ()
    """Where every reading ended the match but who forfeited (or whether one did) is not known: the indices of
    the hands it may have ended in."""
    unknowns: tuple[Unknown, ...] = ()
    open_at: int | None = None
    """:attr:`MatchResult.forfeit_open_at`: the hand from whose end on whether a side forfeited is not known."""
    reading_ends: tuple[ReadingEnd, ...] = ()
    """:attr:`MatchResult.reading_ends`: where the readings end the match differently (who forfeited, or
    whether a side did; a pass possible in a hand whose result is not known), each end they give."""
    end_between: tuple[int, int] | None = None
    """Where whether a side forfeited is known but the hand the match ended in is not, for a pass possible in
    a hand whose result is not known: the indices of the first hand it may have ended in and of the last (the
    record's last when some readings go on to its end) — :attr:`MatchResult.end_open`."""

    @property
    def levels_open(self) -> bool:
        """The final levels are not known: whether a side forfeited is not, or the hand the match ended in."""
        return not self.known or len(self.forfeit_at) > 1 or bool(self.reading_ends)


@dataclass(slots=True)
class ForfeitCount:
    """The match's count of wrong follows and take-backs towards a forfeit (docs/rules.md §10.1, §10.2), with
    what the record leaves open of it: decided where every reading agrees — who forfeited, in which hand, why —,
    the rest withheld.  Friend mode keeps its one count (:func:`_friend_count`); a word of ``[Takebacks]`` that
    is no seat loses the count (``count_lost``)."""

    rules: RuleSet
    tally: Tally = dataclasses.field(default_factory=lambda: Tally())
    readings: Readings = dataclasses.field(default_factory=lambda: Readings())
    offences: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    """Friend mode: the match's wrong follows, take-backs, punished by a level."""
    friend_open: tuple[int, int] | None = None
    """Friend mode: (hand, count) from which a forfeit is not known."""
    count_lost: int | None = None
    """The hand from which the take-backs a side made are not known (a word that is no seat)."""
    count_open: tuple[Open, ...] | None = None
    """Friend mode, or past :data:`.forfeit_readings.READINGS_BOUND`: what leaves open whether a side forfeited,
    from a hand on."""
    first_differ: int | None = None
    """The index of the first hand by whose end the readings differ."""
    causes: tuple[Open, ...] = ()
    """What leaves the count open at that hand (:meth:`Tally.open_here`)."""
    differ_len: int = 0
    """How many open hands the count held at that hand (the later ones were opened after)."""
    count_caused: bool = False
    """At that hand the count itself is open (:meth:`Tally.open_here`), not only whether the match ended before
    it by a pass possible in a hand whose result is not known."""
    open_at: int | None = None
    ended: bool = False
    """Every reading has ended the match (a forfeit, or a side passing the winning level)."""
    numbers: dict[int, int] = dataclasses.field(default_factory=dict)
    """The number of the hand of each index counted."""
    copies_alive: dict[int, tuple[bool, ...]] = dataclasses.field(default_factory=dict)
    """By the index of the first copy of a hand written more than once (counted through every reading): per copy,
    whether some reading under it goes on past the hand (:attr:`Readings.copy_alive`)."""

    @property
    def forfeit_open(self) -> bool:
        """Whether a side forfeited is still to be decided, and nothing yet leaves it open."""
        return (self.count_lost is None and self.friend_open is None and self.count_open is None
                and self.first_differ is None)

    @property
    def reading(self) -> bool:
        """The match's end is followed through every reading (not friend mode, the count kept, not past the
        bound): the count where ``revoke_forfeit`` forfeits a match, and under any ruleset a pass of the
        winning level possible in a hand whose result is not known (:func:`_may_pass`)."""
        return (not self.rules.friend and self.count_lost is None and self.count_open is None
                and not self.readings.over)

    def add(self, index: int, hand: Hand, result: HandResult, stops: bool = False,
            copies: Sequence[tuple[Hand, HandResult, bool]] = (),
            nexts: Sequence[tuple[int, Hand, HandResult, bool]] = ()) -> HandResult:
        """Count ``hand`` in (the match not decided before it); ``result`` with what every reading gives by its
        end (a ``derived`` ``forfeit``), and without its pass when every reading forfeits in it.  ``stops``: the
        record stops inside the hand — it never reaches its end, where its penalties apply (docs/rules.md
        §10.1): they are neither counted nor lost (:func:`_not_reached`), as the levels when the record ends
        are the ones the hand began at (:func:`.replay.replay_match`).  ``copies``: the hand is written more
        than once (``duplicate_hand``) and these are its later copies, each ``(hand, its judgement as the
        record's hand of that number, whether the record stops inside it)``: each copy is one reading of the
        hand, so each reading counts one copy (docs/rules.md §14.1) — the later copies are not counted again
        where the record writes them.  ``nexts``: of those, each that may be the next hand misnumbered
        (:func:`.hand_copies.may_be_next`) — ``(its index, hand, its judgement as the hand after this one, whether
        the record stops inside it)`` —, one more reading: this hand, then that one (docs/rules.md §14.1)."""
        rules = self.rules
        self.numbers[index] = hand.number
        for j, h, _, _ in nexts:
            self.numbers[j] = h.number
        if stops and not copies:
            return _not_reached(hand, result, rules)
        if copies:
            opened, may_pass, more = self._copies(hand, result, stops, copies, nexts)
        else:
            opened, more = self.tally.add(hand, result, rules), ()
            may_pass = _may_pass(result, rules) if self.reading else ()
            if may_pass:        # its result not known: a side may have passed the winning level in it
                self.tally.open.append(_pass_open(hand, result, may_pass))
                opened = [*opened, self.tally.open[-1]]
        counting = bool(rules.revoke_forfeit) and self.count_lost is None
        if counting and any(takebacks_punished_unknown(h, rules) for h in (hand, *(c[0] for c in copies))):
            # a word of [Takebacks] that is no seat (not sure to be one take-back): from this hand on each
            # side's count is not known, so no forfeit is decided on the count of the readable ones
            self.count_lost = hand.number
        if rules.friend and rules.revoke_forfeit and self.count_lost is None and self.friend_open is None:
            self.friend_open = _friend_copies(((hand, result, stops), *copies), rules, self.offences,
                                              [(h, r, st) for _, h, r, st in nexts])
            if self.friend_open is None and self.count_open is None and counting:
                self.count_open = self.tally.open_here(rules, self.offences)
        elif self.reading:
            result = self._read(index, hand, result, opened, may_pass, more)
        if self.open_at is None and (self.count_lost is not None or self.count_open is not None
                                     or self.friend_open is not None):
            self.open_at = index
        return result

    def _copies(self, hand: Hand, result: HandResult, stops: bool, copies: Sequence[tuple[Hand, HandResult, bool]],
                nexts: Sequence[tuple[int, Hand, HandResult, bool]] = ()
                ) -> tuple[list[Open], tuple[int, ...], tuple[Branch, ...]]:
        """:meth:`add` of a hand written more than once: each copy's penalties, what it leaves open and its pass
        (a :data:`Branch` each; ``nexts``, a later copy read as the next hand, one more after the first copy's);
        the match's tally takes the fewest any reading gives, every copy's open hands and, where the readings
        give different counts or passes, a ``copies`` open hand (so that the fewest and the most still bound every
        reading).  The first copy's open hands and possible passes, and the later copies' branches."""
        rules, branches = self.rules, []
        for k, (h, r, st) in enumerate(((hand, result, stops), *copies, *((h, r, st) for _, h, r, st in nexts))):
            own = Tally()
            opened = [] if st else own.add(h, r, rules)
            may = _may_pass(r, rules) if self.reading and not st else ()
            if may:
                opened.append(_pass_open(h, r, may))
            passes = not st and r.outcome is not None and r.outcome.match_over
            branches.append(((*own.revokes, *own.takebacks), opened, passes, r.outcome.team if passes else None,
                             may) + ((nexts[k - 1 - len(copies)][0],) if k > len(copies) else ()))
        before = len(self.tally.open)
        # the count and the end each reading gives: a next hand's is the first copy's and its own
        first = branches[0]
        counts = [b[0] if len(b) < 6 else tuple(x + y for x, y in zip(first[0], b[0])) for b in branches]
        fewest = [min(c[k] for c in counts) for k in range(4)]
        extra = [max(c[k] for c in counts) - fewest[k] for k in range(4)]
        for t in (0, 1):
            self.tally.revokes[t] += fewest[t]
            self.tally.takebacks[t] += fewest[2 + t]
        for b in branches:
            self.tally.open += b[1]
        ends = {(first[2], first[3]) if len(b) == 6 and first[2] else (b[2], b[3]) for b in branches}
        teams = tuple(sorted({e[1] for e in ends if e[0]})) if len(ends) > 1 else ()
        if any(extra) or teams:
            self.tally.open.append(Open(hand.number, "copies", (extra[0], extra[1]), (extra[2], extra[3]), "Hand",
                                         teams, len(branches) - len(nexts), len(nexts)))
        self.tally.added = len(self.tally.open) > before or any(fewest)
        return branches[0][1], branches[0][4], tuple(branches[1:])

    def _read(self, index: int, hand: Hand, result: HandResult, opened: Sequence[Open],
              may_pass: tuple[int, ...] = (), copies: Sequence[Branch] = ()) -> HandResult:
        """:meth:`add` through every reading (:class:`Readings`); ``copies``: the later copies of the hand."""
        rules, readings = self.rules, self.readings
        passes = result.outcome is not None and result.outcome.match_over
        known = (*result.revoke_levels, *result.takeback_levels)
        if not opened and not any(known) and not passes and not self.tally.added and not copies:
            return result       # (the common hand: nothing counted, nothing open, no pass — every reading as before)
        passer = result.outcome.team if passes else None
        forfeited = readings.step(index, known, opened, rules, passes, passer, may_pass, copies)
        if readings.over:           # past the bound: withheld from this hand on
            self.count_open = self.tally.open_here(rules, self.offences) or self.tally.counted()
            return result
        if copies:
            self.copies_alive[index] = tuple(readings.copy_alive)
        now = readings.outcomes()
        if len(now) > 1 and self.first_differ is None:
            self.first_differ, self.differ_len = index, len(self.tally.open)
            caused = self.tally.open_here(rules, self.offences)
            self.causes, self.count_caused = caused or tuple(self.tally.open), caused is not None
        elif len(now) == 1 and self.tally.counted() and self.tally.added and rules.revoke_forfeit:
            # the same under every reading of what the count leaves open: said
            ((value, at),) = now.items()
            result = dataclasses.replace(result, derived=result.derived + (self._fact(value, hand, at),))
        if forfeited and passes:    # the forfeit, not the pass, ends the match: the hand does not say it won it
            result = dataclasses.replace(result, outcome=dataclasses.replace(result.outcome, match_over=False))
        self.ended = not readings.alive
        return result

    def _fact(self, value: str, hand: Hand, at: set[int]) -> Derived:
        """The ``derived`` ``forfeit`` of ``hand``: ``value`` by its end under every reading, at the end of the
        hands of indices ``at``."""
        rules = self.rules
        clauses = _clauses(self.tally.counted(), rules)
        if len(at) > 1:
            numbers = sorted({self.numbers[i] for i in at})
            message = explain_readings.forfeit_by_this_hand(value, rules.revoke_forfeit, clauses, numbers)
        else:
            message = explain_forfeit.forfeit_every_reading(value, rules.revoke_forfeit, clauses)
        return Derived("forfeit", value, "the match's wrong follows and take-backs, under every reading", *message)

    def finish(self, hands: Sequence[Hand], results: list[HandResult]) -> ForfeitEnd:
        """What the count gives once the record ends (docs/rules.md §10.1)."""
        rules = self.rules
        unknowns: tuple[Unknown, ...] = ()
        if self.friend_open is not None:    # friend mode: someone may have forfeited, at unknown levels
            unknowns += (Unknown("friend", ("forfeit",), *explain_hand.friend_forfeit_unknown(
                *self.friend_open, rules.revoke_forfeit, ("forfeit",))),)
        if self.count_open is not None:
            unknowns += _open_unknowns(rules, self.count_open)
        if self.count_lost is not None:
            unknowns += (Unknown("Takebacks", ("forfeit",), *explain_forfeit.takebacks_forfeit_unknown(
                self.count_lost, rules.revoke_forfeit, ("forfeit",))),)
        if rules.friend:
            return ForfeitEnd(results, known=not unknowns, unknowns=unknowns, open_at=self.open_at)
        now = self.readings.outcomes()
        opened = self._named()
        ended_at = () if self.readings.alive or unknowns else tuple(sorted({i for i, _ in self.readings.ended}))
        if len(now) > 1 and self.count_open is None:
            # the readings differ (from the first hand they did on): whether (or which) side forfeited is not known
            i = self.first_differ if self.first_differ is not None else len(results) - 1
            if any(o.kind == "Takebacks" and o.number == hands[i].number for o in opened):
                results[i] = _forfeit_withheld(hands[i], rules, results[i])
            ends = () if unknowns else self.readings.ends(self.numbers)
            # no hand before the first by whose end a reading ended the match was recorded after it ended
            first = min((i, *(j for j, _ in self.readings.ended), *((self.open_at,) if self.open_at is not None else ())))
            return ForfeitEnd(results, known=False, unknowns=self._differs(now, opened, hands) + unknowns,
                              open_at=first, ended_at=ended_at, reading_ends=ends)
        if unknowns:
            return ForfeitEnd(results, known=False, unknowns=unknowns, open_at=self.open_at)
        ((value, at),) = now.items()
        if value == "none":
            ends = self.readings.ends(self.numbers)
            if len(ends) > 1 or any(len(e.hands) > 1 for e in ends):
                return self._end_open(results, ends, ended_at)
            return ForfeitEnd(results)
        sides = [t for t in (0, 1) if value in (TEAMS[t], "both")]
        given = [self.readings.reasons(t) for t in sides]
        forfeits = tuple(given[sides.index(t)][0] if t in sides and len(given[sides.index(t)]) == 1 else None
                         for t in (0, 1))
        reason_open = tuple(t in sides and forfeits[t] is None for t in (0, 1))
        what = (("match_end",) if len(at) > 1 else ()) + (("forfeit_reason",) if any(reason_open) else ())
        if what:
            first = opened[0]
            tag = _tag(first)
            numbers = sorted({hands[i].number for i in at})
            unknowns = (Unknown(tag, what, *explain_readings.forfeit_every_reading_open(
                sides, rules.revoke_forfeit, _clauses(opened, rules), numbers, given, what)),)
        return ForfeitEnd(results, forfeits=forfeits, reason_open=reason_open,  # type: ignore[arg-type]
                    forfeit_at=tuple(sorted(at)), unknowns=unknowns)

    def _end_open(self, results: list[HandResult], ends: tuple[ReadingEnd, ...], ended_at: tuple[int, ...]
                  ) -> ForfeitEnd:
        """No reading forfeits a side, but a side may have passed the winning level in a hand whose result is not
        known (:func:`_may_pass`): the readings end the match in different hands, or some go on to the record's
        end — which hand it ended in (and so the final levels, and whether the later hands were recorded after
        it) is not known: the match's ``Unknown`` withholds ``match_end``; the winner is decided where every end
        gives the same one (:func:`.scoring.decide_match`)."""
        rules, what = self.rules, ("match_end",)
        passes = [o for o in self._named() if _ends_it(o)]
        first = min(i for i, _ in self.readings.ended)
        message = explain_readings.match_end_differs(_clauses(passes, rules), _limit(rules), ends, what)
        return ForfeitEnd(results, unknowns=(Unknown(passes[0].why, what, *message),), ended_at=ended_at,
                          reading_ends=ends, end_between=(first, max(ended_at) if ended_at else len(results) - 1))

    def _named(self) -> tuple[Open, ...]:
        """What leaves the count open, as the match's unknown names it: the causes at the hand from which the
        readings differ and what later hands left open; every open hand when they never differed."""
        named = tuple(self.tally.open) if self.first_differ is None else \
            self.causes + tuple(self.tally.open[self.differ_len:])
        # a pass possible in a hand whose result is not known is named where some reading ended the match by it
        passed = {self.numbers[i] for i, teams in self.readings.passers.items()}
        return tuple(o for o in named if o.kind != "pass" or o.number in passed)

    def _differs(self, now: dict[str, set[int]], opened: Sequence[Open], hands: Sequence[Hand]
                 ) -> tuple[Unknown, ...]:
        """The match's ``Unknown`` when the readings give different results (``now``)."""
        rules, what = self.rules, ("forfeit",)
        passes = [o for o in opened if _ends_it(o)]
        if passes:      # a pass possible in a hand whose result is not known: the ends named, with what leaves it open
            counted = [o for o in opened if not _ends_it(o)] if self.count_caused else []
            first = (counted or passes)[0]
            tag = _tag(first, True)
            return (Unknown(tag, what, *explain_readings.match_end_differs(
                _clauses(passes, rules), _limit(rules), self.readings.ends(self.numbers), what,
                _clauses(counted, rules))),)
        if _left_out(opened) and "none" in now:
            return _open_unknowns(rules, opened)
        first = opened[0]
        tag = _tag(first)
        order = ("NS", "EW", "both", "none")
        outcomes = [(v, sorted({hands[i].number for i in now[v]})) for v in order if v in now]
        ends = self.readings.ends(self.numbers)
        passes = [(e.passed, e.hands) for e in ends if e.forfeit == "none" and e.hands]
        return (Unknown(tag, what, *explain_readings.count_differs(_clauses(opened, rules), rules.revoke_forfeit,
                                                                   outcomes, what, passes, bool(self.readings.alive))),)


def _pass_open(hand: Hand, result: HandResult, may_pass: tuple[int, ...]) -> Open:
    """The open hand ``pass``: ``hand``'s result is not known, and the teams ``may_pass`` may have passed the winning
    level in it (:func:`_may_pass`), named with the tag whose value not known withheld its outcome."""
    why = next((u.tag for u in result.unknowns if "outcome" in u.withheld), "outcome")
    return Open(hand.number, "pass", (0, 0), (0, 0), why, may_pass)


def _friend_copies(copies: Sequence[tuple[Hand, HandResult, bool]], rules: RuleSet, offences: list[int],
                   nexts: Sequence[tuple[Hand, HandResult, bool]] = ()) -> tuple[int, int] | None:
    """:func:`_friend_count` of a hand and its later copies (one, when it is written once): each copy one
    reading, the match's count takes the most any copy adds (a count that may reach ``revoke_forfeit`` leaves the
    forfeit not known; the fewest would decide it on one copy); ``nexts``: later copies that may be the next hand
    misnumbered, each judged as it — the first copy's and its own added, one more reading each."""
    if len(copies) == 1:
        hand, result, _ = copies[0]
        return _friend_count(hand, rules, result, offences)
    adds = []
    for hand, result, stops in copies:
        own = [0, 0]
        if not stops:
            _friend_count(hand, rules, result, own)
        adds.append(own)
    for hand, result, stops in nexts:
        own = list(adds[0])
        if not stops:
            _friend_count(hand, rules, result, own)
        adds.append(own)
    offences[0] += max(a[0] for a in adds)
    offences[1] += max(a[1] for a in adds)
    reached = [n for n in offences if n >= rules.revoke_forfeit]
    return (copies[0][0].number, max(reached)) if reached else None


def _friend_count(hand: Hand, rules: RuleSet, result: HandResult, offences: list[int]) -> tuple[int, int] | None:
    """Friend mode (找朋友): ``offences`` (the match's wrong follows and take-backs punished by a level so
    far) with ``hand``'s added; ``(hand number, count)`` once either reaches ``revoke_forfeit``.  Seed 001
    rules 五 and 七 forfeit the match of the side that reaches the count, but the sides change every
    hand there and nothing says whose count it is (docs/rules.md §10.1, §11): below the count no reading
    forfeits anyone; from it, whether the match was forfeited, and by whom, is not known — withheld,
    never pinned on a fixed partnership."""
    revokers, takers = offenders(hand, rules, result.violations)
    offences[0] += len(revokers)
    offences[1] += len(takers) + takeback_seats_open(hand, rules)     # a "?" is one take-back: counted
    reached = [n for n in offences if n >= rules.revoke_forfeit]
    return (hand.number, max(reached)) if reached else None


def _tag(first: Open, passes: bool = False) -> str:
    """The tag of the match's ``Unknown`` whose first cause is ``first``: the tag whose value is not known
    (plays not judged, a tag contradicted; ``passes``: a hand whose result is not known), ``Hand`` for a hand
    written more than once, for a hand's readings the tag they read each way (``deal``, ``order``, ``leader``; else
    ``play``: a play left out, a throw's arrow), else the kind (``Takebacks``)."""
    kinds = ("unjudged", "contradicted", "copies") + (("pass",) if passes else ())
    if first.kind == "play":    # a hand's readings: their first cause's tag (a throw's arrow, none named: play)
        cause = _causes(first)[0]
        return cause if cause in READINGS_TAGS else "play"
    return first.why if first.kind in kinds else first.kind


def _ends_it(o: Open) -> bool:
    """``o`` may end the match by a pass under some readings and not others: a hand whose result is not known, or
    the copies of a hand written more than once that pass the winning level under some copy, not all."""
    return o.kind == "pass" or (o.kind == "copies" and bool(o.teams))


def _clauses(opened: Sequence[Open], rules: RuleSet) -> list[Message]:
    """What leaves the count open, one clause per kind (:func:`.explain_forfeit.open_count_words`)."""
    out = []
    for kind in dict.fromkeys(o.kind for o in opened):
        mine = [o for o in opened if o.kind == kind]
        if kind == "pass":      # one clause a hand: its teams and why its result is not known
            out += [explain_forfeit.may_pass_words(o.number, o.teams, o.why, rules.win_level) for o in mine]
            continue
        if kind == "copies":    # one clause a hand written more than once
            out += [explain_forfeit.copies_words(o.number, o.copies, o.teams, rules.win_level, o.nexts) for o in mine]
            continue
        if kind == "play":      # one clause a cause: a play left out, or the readings of a tag (Open.why)
            for cause in dict.fromkeys(c for o in mine for c in _causes(o)):
                numbers = list(dict.fromkeys(o.number for o in mine if cause in _causes(o)))
                out.append(explain_forfeit.open_count_words(kind, numbers, tags=[cause]))
            continue
        numbers = list(dict.fromkeys(o.number for o in mine))
        extra = (sum(o.revokes[0] for o in mine), sum(o.revokes[1] for o in mine))
        out.append(explain_forfeit.open_count_words(kind, numbers, extra, [o.why for o in mine], rules.friend))
    return out


def _causes(o: Open) -> tuple[str, ...]:
    """What the readings of the open hand ``o`` (kind ``play``) read each way (:attr:`Open.why`); ``("",)``: none
    named."""
    return tuple(o.why.split()) or ("",)


def _left_out(opened: Sequence[Open]) -> bool:
    """Every hand of ``opened`` is one whose readings are the ways of filling a play left out, and only those."""
    return bool(opened) and all(o.kind == "play" and _causes(o) == ("play",) for o in opened)


def _open_unknowns(rules: RuleSet, opened: Sequence[Open]) -> tuple[Unknown, ...]:
    """The match's ``Unknown`` when whether a side forfeited is not known for what ``opened`` leaves open: a
    play left out alone keeps its own words (tag ``play``, :func:`.explain_forfeit.gap_forfeit_unknown`);
    else one naming every cause, tagged as the first (``Takebacks``: take-backs whose seats are not known;
    plays not judged: the tag whose value is not known, ``Trump`` or ``Level`` — ``play`` from a play left
    out on; a hand's readings: the tag of their first cause, :func:`_tag`)."""
    what = ("forfeit",)
    if _left_out(opened):
        return (Unknown("play", what, *explain_forfeit.gap_forfeit_unknown(opened[0].number, rules.revoke_forfeit,
                                                                            what)),)
    first = opened[0]
    tag = _tag(first)
    return (Unknown(tag, what, *explain_forfeit.count_open_unknown(_clauses(opened, rules), rules.revoke_forfeit,
                                                                   what)),)


def _forfeit_withheld(hand: Hand, rules: RuleSet, result: HandResult) -> HandResult:
    """``result`` whose take-backs whose seats are not known leave open whether a side forfeited the match
    (:meth:`Tally.open_here`): its ``Takebacks`` unknown withholds that too."""
    unknowns = tuple(u if u.tag != "Takebacks" or "forfeit" in u.withheld
                     else takeback_seats_unknown(takeback_seats_open(hand, rules), rules, (*u.withheld, "forfeit"),
                                                 _kept(result))
                     for u in result.unknowns)
    return dataclasses.replace(result, unknowns=unknowns)


def _kept(result: HandResult) -> tuple[str, ...]:
    """The sides the hand's derived ``levels_after`` keeps at 2 (:func:`.outcome.takebacks_unknown`)."""
    return tuple(w.split(":")[0] for d in result.derived if d.fact == "levels_after" for w in d.value.split())


def _limit(rules: RuleSet) -> int:
    """The wrong follows, or take-backs, by a side that forfeit the match; 0 where none does (no count, or
    neither costs a level)."""
    counts = RevokePenalty.LEVEL in (rules.revoke_penalty, rules.takeback_penalty)
    return rules.revoke_forfeit if counts else 0


_MOST_GAIN = 99
"""More levels than any hand gains: whether a gain passes the winning level rises with it (:func:`_may_pass`)."""


def _may_pass(result: HandResult, rules: RuleSet) -> tuple[int, ...]:
    """The teams (0 N–S, 1 E–W) that may have passed the winning level in the hand of ``result`` whose result is
    not known (its outcome withheld: the plays not judged, the points or the sides not known): a team whose
    level before is known and that passes it with the largest gain of the side it may be — with
    ``stop_at_win_level`` only the dealer's side playing its own level does (:func:`.scoring.advance`, as
    :func:`.outcome._climb` judges a hand whose result is known).  ``()`` for a hand with a result, one the
    record gives no result for otherwise (not scored for a violation), one whose readings give different outcomes,
    each known and none ending the match (:attr:`~.verdicts.HandResult.outcomes_open`), friend mode (no team keeps a
    level), and a score table that moves no level.  Where the hand's judgements give outcomes that differ, each
    known, some passing it (:attr:`~.verdicts.HandResult.passes_open`): the teams that pass it under some — a level
    before they differ on is no bar (docs/rules.md §10.2, §14.1)."""
    if result.passes_open and not result.outcomes and not rules.friend:
        return result.passes_open
    if (result.outcomes or rules.friend or not rules.score_table.moves_levels
            or "outcome" not in result.withheld):
        return ()
    before = result.player_levels_before
    dealers = team_of(min(result.defenders)) if result.defenders else None
    teams = []
    for t in (0, 1):
        level = before[t]
        if level is None or before[t + 2] != level:
            continue
        for defends in ((True, False) if dealers is None else (dealers == t,)):
            playing = defends and (result.level is None or result.level == level)
            if advance(level, _MOST_GAIN, rules.must_play, rules.win_level, playing=playing,
                       stop_at_win_level=rules.stop_at_win_level)[1]:
                teams.append(t)
                break
    return tuple(teams)


def _not_reached(hand: Hand, result: HandResult, rules: RuleSet) -> HandResult:
    """``result`` of the hand the record stops inside: the wrong follows and take-backs it records (or leaves
    open) cost their level at the end of the hand (seed 001 rules 五, 七: 等打完当把后; docs/rules.md §10.1),
    which the record does not reach — so, when the record ends, they are neither lost (the levels are the ones
    the hand began at) nor counted towards the forfeit: said as a ``derived`` ``penalties_due``."""
    revokers, takers = offenders(hand, rules, result.violations)
    unknown = takeback_seats_open(hand, rules) + (1 if takebacks_punished_unknown(hand, rules) else 0)
    hidden = ((result.follows_unjudged is not None and rules.revoke_penalty is RevokePenalty.LEVEL)
              or result.penalties_open is not None)
    if not (revokers or takers or unknown or hidden):
        return result
    value = f"wrong_follows:{len(revokers)}{'+' if hidden else ''} takebacks:{len(takers) + unknown}"
    fact = Derived("penalties_due", value, "the record stops inside the hand: a penalty applies at its end",
                   *explain_forfeit.penalties_not_reached(len(revokers), len(takers) + unknown, hidden))
    return dataclasses.replace(result, derived=result.derived + (fact,))

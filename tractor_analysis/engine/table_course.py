"""A side's levels as the table carried them, where a hand's ``[Level]`` left the rules' course (docs/rules.md §13.1,
"a difference carried"); in friend mode (找朋友, §11), where each player keeps a level of their own, a player's.

A ``[Level]`` the hand bears out (it stands: the hand is judged at it) that is not the level the rules carry for the
dealer's side (friend mode: for the dealer) is a ``level_mismatch`` — the table played that hand at another level,
e.g. it did not apply a level penalty (§10.1).  The table then played on from there: its course is that ``[Level]``,
moved by each later hand's result as the rules move a level (:func:`.outcome.side_climb`; friend mode
:func:`.outcome.seat_climb`, the player's side the hand's), then by the hand's level penalties.  A later ``[Level]``
of that side (that player) that keeps to the table's course is no new finding: the ``level_mismatch`` becomes a
``derived`` fact ``table_course`` naming the hand where the difference began.  One that departs from both courses is
a new finding, as before — its words naming the level penalties of the hands since that the table's course, without
them, gives it (a second penalty not applied) — and the table's course starts again at it.  The rules' course is
what this tool carries — each hand's levels and the match's final levels do not change.  Where the record leaves
the table's course not known (a result not known, ``?`` take-backs, the side passing the winning rank on it, a chain
broken, a hand written more than once, a ``[Level]`` the hand's cards set aside or leave open, a ``[Dealer]``
contradicted too, friend mode's sides of a hand not known) or it meets the rules' course again, no course is
carried on.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import RANK_TOKENS, SEAT_TOKENS, TEAMS
from ..records.model import Hand
from . import explain_table_course
from .outcome import seat_climb, side_climb, side_penalties, takeback_seats_open
from .scoring import lose_level
from .verdicts import Derived, HandResult, Violation


@dataclass(frozen=True, slots=True)
class TableCourse:
    """One side's (friend mode: one player's) level on the table's course, where it differs from the rules'."""
    level: int
    """The level the table's course carries into the next hand."""
    since: int
    """The number of the hand whose ``[Level]`` began the difference (a ``level_mismatch`` there)."""
    began: int
    """That hand's ``[Level]``."""


Courses = tuple["TableCourse | None", "TableCourse | None", "TableCourse | None", "TableCourse | None"]
"""Each holder's table course, by :func:`level_holder`: N–S, E–W (the last two unused); friend mode N, E, S, W."""
NO_COURSE: Courses = (None, None, None, None)
"""No side (no player) off the rules' course."""

SOURCE = "hand {since}'s [Level] and the results since"
"""The ``from`` of the ``derived`` fact ``table_course`` (``since``: the hand where the difference began)."""

Skipped = tuple[int, tuple[int, ...], int, int]
"""A hand's level penalties on a holder's side: ``(hand, the side's seats, revoke levels, take-back levels)``."""


def level_holder(result: HandResult) -> int | None:
    """Whose level ``result``'s hand is played at (docs/rules.md §8.3, §11): the dealer's side (0 N–S, 1 E–W), in
    friend mode the dealer (its seat) — also the index of that holder's level in ``player_levels_*``; ``None`` when
    not known."""
    if result.rules.friend:
        return result.dealer
    if result.dealer is not None:
        return result.dealer & 1
    return min(result.defenders) & 1 if result.defenders else None


def _tag_against_carried(hand: Hand, result: HandResult, holder: int) -> Violation | None:
    """The hand's ``level_mismatch`` where ``[Level]`` stands (the hand judged at it) against the level the rules
    carry for ``holder`` (:func:`level_holder`; known, one level): the table played another level.  ``None``
    otherwise — also where it is the record's finding (the tag set aside), where the hand leaves the level open
    (judged at both, an ``"unknown"`` tag ``Level``) or the dealer is contradicted too."""
    carried = result.player_levels_before[holder]
    if hand.level is None or result.level != hand.level or carried is None or carried == hand.level:
        return None
    if any(v.code == "dealer_mismatch" for v in result.violations) or any(u.tag == "Level" for u in result.unknowns):
        return None         # (the dealer contradicted too, or the hand judged at both levels: the tag not borne out)
    found = [v for v in result.violations if v.code == "level_mismatch"]
    return found[0] if len(found) == 1 and not found[0].of_record else None


def _token(result: HandResult, holder: int) -> str:
    return SEAT_TOKENS[holder] if result.rules.friend else TEAMS[holder]


def checked(hand: Hand, result: HandResult, courses: Courses,
            earlier: tuple[Sequence[Hand], Sequence[HandResult]]) -> tuple[HandResult, Courses]:
    """``result`` with its ``[Level]`` judged against the table's course of the dealer's side (friend mode: of the
    dealer), and the courses after that check (not yet carried over the hand: :func:`advanced`).  ``earlier``: the
    hands before, and their results, since the chain of levels was last broken (for the words of why a difference
    began)."""
    holder = level_holder(result)
    if holder is None or hand.level is None:
        return result, courses
    friend = result.rules.friend
    found = _tag_against_carried(hand, result, holder)
    course = courses[holder]
    if found is None:       # at the rules' level, or not known to be off it: no course carried on
        return result, _set(courses, holder, None)
    if course is not None and course.level == hand.level:
        note = Derived("table_course", f"{_token(result, holder)} {RANK_TOKENS[hand.level]}",
                       SOURCE.format(since=course.since),
                       *explain_table_course.difference_carried(holder, friend, hand.level,
                                                                result.player_levels_before[holder],
                                                                course.since, course.began))
        return dataclasses.replace(result, violations=tuple(v for v in result.violations if v is not found),
                                   derived=result.derived + (note,)), courses
    if course is not None:
        zh, en = explain_table_course.off_table_course(holder, friend, course.level, course.since)
        skipped = _penalties_skipped(holder, hand.level, *earlier, on_table_course=True)
        if skipped:     # the table did not apply a second penalty, on its own course
            more = explain_table_course.penalties_not_applied(holder, friend, skipped, hand.level, on_table_course=True)
            zh, en = zh + more[0], en + more[1]
    else:
        skipped = _penalties_skipped(holder, hand.level, *earlier)
        zh, en = (explain_table_course.penalties_not_applied(holder, friend, skipped, hand.level) if skipped
                  else ("", ""))
    if zh:
        clause = dataclasses.replace(found, message_zh=found.message_zh + zh, message_en=found.message_en + en)
        result = dataclasses.replace(result, violations=tuple(clause if v is found else v for v in result.violations))
    return result, _set(courses, holder, TableCourse(hand.level, hand.number, hand.level))


def advanced(hand: Hand, result: HandResult, courses: Courses) -> Courses:
    """Each table course carried over ``hand`` (``result``): its result moving the level as the rules move one
    (friend mode: the player's, its side the hand's), then the level penalties of the hand on the holder's side.  A
    course ends where that is not known (no result, ``?`` take-backs, the rules' level not known, friend mode's sides
    of the hand not known) or passes the winning rank, and where it meets the rules' course."""
    out: list[TableCourse | None] = list(courses)
    after = result.player_levels_after
    for holder, course in enumerate(courses):
        if course is None:
            continue
        out[holder] = None
        if after[holder] is None or takeback_seats_open(hand, result.rules):
            continue
        if not result.rules.friend and after[holder] != after[holder + 2]:
            continue
        step = _climb(result, holder, course.level)
        lost = _lost(hand, result, holder)
        if step is None or step[1] or lost is None:
            continue
        level = lose_level(step[0], lost[2] + lost[3])
        if level != after[holder]:
            out[holder] = dataclasses.replace(course, level=level)
    return out[0], out[1], out[2], out[3]


def _climb(result: HandResult, holder: int, level: int) -> tuple[int, bool] | None:
    return seat_climb(result, holder, level) if result.rules.friend else side_climb(result, holder, level)


def _lost(hand: Hand, result: HandResult, holder: int) -> Skipped | None:
    """The level penalties of ``hand`` on ``holder``'s side (a fixed partnership; friend mode the hand's side of
    that player); ``None`` when the hand's sides are not known and its penalties cost some side levels."""
    if not result.rules.friend:
        return result.number, (holder, holder + 2), result.revoke_levels[holder], result.takeback_levels[holder]
    for seats, revoke, takeback in side_penalties(hand, result):
        if seats is None:
            return None
        if holder in seats:
            return result.number, seats, revoke, takeback
    return result.number, (holder,), 0, 0


def _set(courses: Courses, holder: int, course: TableCourse | None) -> Courses:
    out = list(courses)
    out[holder] = course
    return out[0], out[1], out[2], out[3]


def _penalties_skipped(holder: int, level: int, hands: Sequence[Hand], results: Sequence[HandResult],
                       on_table_course: bool = False) -> tuple[Skipped, ...]:
    """The hands since ``holder``'s level was last checked (its last deal, that hand included) whose level
    penalties cost its side levels, where its course over those hands without them gives ``level`` (the ``[Level]``
    that left it); ``()`` otherwise — never a cause guessed.  The course is the rules' (from the level the rules
    carried into that deal) or, ``on_table_course``, the table's (from that deal's ``[Level]``, which kept to it)."""
    window: list[tuple[Hand, HandResult]] = []
    dealt = False
    for hand, result in zip(reversed(hands), reversed(results)):
        window.append((hand, result))
        if level_holder(result) == holder:
            dealt = True
            break
    if not window or (on_table_course and not dealt):
        return ()
    window.reverse()
    reached = window[0][0].level if on_table_course else window[0][1].player_levels_before[holder]
    skipped: list[Skipped] = []
    for hand, result in window:
        if reached is None or takeback_seats_open(hand, result.rules):
            return ()
        step = _climb(result, holder, reached)
        lost = _lost(hand, result, holder)
        if step is None or step[1] or lost is None:
            return ()
        reached = step[0]
        if lost[2] or lost[3]:
            skipped.append(lost)
    return tuple(skipped) if reached == level else ()

"""A side's levels as the table carried them, where a hand's ``[Level]`` left the rules' course (docs/rules.md §13.1,
"a difference carried").

A ``[Level]`` the hand bears out (it stands: the hand is judged at it) that is not the level the rules carry for the
dealer's side is a ``level_mismatch`` — the table played that hand at another level, e.g. it did not apply a level
penalty (§10.1).  The table then played on from there: its course is that ``[Level]``, moved by each later hand's
result as the rules move a level (:func:`.outcome.side_climb`, then the hand's level penalties).  A later ``[Level]``
of that side that keeps to the table's course is no new finding: the ``level_mismatch`` becomes a ``derived`` fact
``table_course`` naming the hand where the difference began.  One that departs from both courses is a new
finding, as before, and the table's course starts again at it.  The rules' course is what this tool carries — each
hand's levels and the match's final levels do not change.  Where the record leaves the table's course not known
(a result not known, ``?`` take-backs, the side passing the winning rank on it, a chain broken, a hand written more
than once, a ``[Level]`` the hand's cards set aside or leave open, a ``[Dealer]`` contradicted too) or it meets the
rules' course again, no course is carried on.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from ..records.cards import RANK_TOKENS, TEAMS
from ..records.model import Hand
from . import explain_table_course
from .outcome import side_climb, takeback_seats_open
from .scoring import lose_level
from .verdicts import Derived, HandResult, Violation


@dataclass(frozen=True, slots=True)
class TableCourse:
    """One side's level on the table's course, where it differs from the rules'."""
    level: int
    """The side's level the table's course carries into the next hand."""
    since: int
    """The number of the hand whose ``[Level]`` began the difference (a ``level_mismatch`` there)."""
    began: int
    """That hand's ``[Level]``."""


Courses = tuple["TableCourse | None", "TableCourse | None"]
NO_COURSE: Courses = (None, None)
"""No side off the rules' course (N–S, E–W)."""

SOURCE = "hand {since}'s [Level] and the results since"
"""The ``from`` of the ``derived`` fact ``table_course`` (``since``: the hand where the difference began)."""


def dealing_team(result: HandResult) -> int | None:
    """The dealer's side of ``result``'s hand (0 N–S, 1 E–W), ``None`` when not known or in friend mode."""
    if result.rules.friend:
        return None
    if result.dealer is not None:
        return result.dealer & 1
    return min(result.defenders) & 1 if result.defenders else None


def _tag_against_carried(hand: Hand, result: HandResult, team: int) -> Violation | None:
    """The hand's ``level_mismatch`` where ``[Level]`` stands (the hand judged at it) against the level the rules
    carry for the dealer's side ``team`` (known, one level): the table played another level.  ``None`` otherwise —
    also where it is the record's finding (the tag set aside), where the hand leaves the level open (judged at both,
    an ``"unknown"`` tag ``Level``) or the dealer is contradicted too."""
    carried = result.player_levels_before[team]
    if hand.level is None or result.level != hand.level or carried is None or carried == hand.level:
        return None
    if any(v.code == "dealer_mismatch" for v in result.violations) or any(u.tag == "Level" for u in result.unknowns):
        return None         # (the dealer contradicted too, or the hand judged at both levels: the tag not borne out)
    found = [v for v in result.violations if v.code == "level_mismatch"]
    return found[0] if len(found) == 1 and not found[0].of_record else None


def checked(hand: Hand, result: HandResult, courses: Courses,
            earlier: tuple[Sequence[Hand], Sequence[HandResult]]) -> tuple[HandResult, Courses]:
    """``result`` with its ``[Level]`` judged against the table's course of the dealer's side, and the courses
    after that check (not yet carried over the hand: :func:`advanced`).  ``earlier``: the hands before, and their
    results, since the chain of levels was last broken (for the words of why a difference began)."""
    team = dealing_team(result)
    if team is None or hand.level is None:
        return result, courses
    found = _tag_against_carried(hand, result, team)
    course = courses[team]
    if found is None:       # at the rules' level, or not known to be off it: no course carried on
        return result, _set(courses, team, None)
    if course is not None and course.level == hand.level:
        note = Derived("table_course", f"{TEAMS[team]} {RANK_TOKENS[hand.level]}", SOURCE.format(since=course.since),
                       *explain_table_course.difference_carried(team, hand.level, result.player_levels_before[team],
                                                                course.since, course.began))
        return dataclasses.replace(result, violations=tuple(v for v in result.violations if v is not found),
                                   derived=result.derived + (note,)), courses
    if course is not None:
        zh, en = explain_table_course.off_table_course(team, course.level, course.since)
    else:
        skipped = _penalties_skipped(team, hand.level, *earlier)
        zh, en = explain_table_course.penalties_not_applied(team, skipped, hand.level) if skipped else ("", "")
    if zh:
        clause = dataclasses.replace(found, message_zh=found.message_zh + zh, message_en=found.message_en + en)
        result = dataclasses.replace(result, violations=tuple(clause if v is found else v for v in result.violations))
    return result, _set(courses, team, TableCourse(hand.level, hand.number, hand.level))


def advanced(hand: Hand, result: HandResult, courses: Courses) -> Courses:
    """Each side's table course carried over ``hand`` (``result``): its result moving the level as the rules move one,
    then the side's level penalties of the hand.  A side's course ends where that is not known (no result, ``?``
    take-backs, the side's rules level not known) or passes the winning rank, and where it meets the rules' course."""
    out: list[TableCourse | None] = list(courses)
    for team, course in enumerate(courses):
        if course is None:
            continue
        out[team] = None
        after = result.player_levels_after
        if after[team] is None or after[team] != after[team + 2] or takeback_seats_open(hand, result.rules):
            continue
        step = side_climb(result, team, course.level)
        if step is None or step[1]:
            continue
        level = lose_level(step[0], result.revoke_levels[team] + result.takeback_levels[team])
        if level != after[team]:
            out[team] = dataclasses.replace(course, level=level)
    return out[0], out[1]


def _set(courses: Courses, team: int, course: TableCourse | None) -> Courses:
    return (course, courses[1]) if team == 0 else (courses[0], course)


def _penalties_skipped(team: int, level: int, hands: Sequence[Hand], results: Sequence[HandResult]
                       ) -> tuple[tuple[int, int, int], ...]:
    """The hands since side ``team``'s level was last checked (its last deal, that hand included) whose level
    penalties cost it levels, each ``(hand, revoke levels, take-back levels)``, where the rules' course of the side
    over those hands without them gives ``level`` (the ``[Level]`` that left it); ``()`` otherwise — never a cause
    guessed."""
    window: list[tuple[Hand, HandResult]] = []
    for hand, result in zip(reversed(hands), reversed(results)):
        window.append((hand, result))
        if dealing_team(result) == team:
            break
    if not window:
        return ()
    window.reverse()
    reached = window[0][1].player_levels_before[team]
    skipped: list[tuple[int, int, int]] = []
    for hand, result in window:
        if reached is None or takeback_seats_open(hand, result.rules):
            return ()
        step = side_climb(result, team, reached)
        if step is None or step[1]:
            return ()
        reached = step[0]
        if result.revoke_levels[team] or result.takeback_levels[team]:
            skipped.append((result.number, result.revoke_levels[team], result.takeback_levels[team]))
    return tuple(skipped) if reached == level else ()

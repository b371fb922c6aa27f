"""Ranks that rest on a match not decided: provisional.

A match on record between two known teams that no team won for a reason a decision may still settle — not
decided: the final levels not known, the record cut short, a forfeit count not known … (every reason of
:attr:`~.event_model.EventMatch.counts` false but friend mode, which has no teams to credit) — counts for
nobody (:func:`.standings.select`).  The standings without it are not final: once it is decided, ranks may
change.  A rank resting on it is **provisional** (docs/standings.md "Provisional ranks"):

* a team's rank is provisional when some way of deciding the matches not decided gives it another place —
  another rank, or a place in a group whose order is not decided (:attr:`.standings.Standing.undecided`)
  other than the one it is in;
* the ways of deciding a match: a win for either side, by play (the loser ``loss`` points) or, when
  ``forfeit`` points differ from ``loss``, by the other side's forfeit; both sides forfeiting; or left
  uncounted — each match independently, every combination; its record's final levels as they are (a level
  not known: the range the readings allow, or any value: :func:`.standings.standings`' reading);
* :func:`mark` works it out by recomputing the standings under every combination (at most
  :data:`MAX_COMBINATIONS`; beyond that, every rank is provisional) — the tie-breaks as they are, so a rank a
  tie-break over other teams' results could change (the opponents' match points, head-to-head) is found too;
* the matches a rank rests on: those whose result alone, the others fixed, can move it (each provisional
  rank rests on at least one).
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Iterable, Sequence

from ..engine.scoring import NO_RESULT
from ..engine.verdicts import BOTH_FORFEIT
from .awards import Award, ruled_by
from .event_model import EventMatch, match_named, round_number
from .standings import DEFAULT_TIEBREAKS, Points, Standing, select, standings

__all__ = ["MAX_COMBINATIONS", "pending", "mark", "provisional_note", "provisional_notes", "in_rounds", "shares_counted"]

MAX_COMBINATIONS = 256
"""The most combinations of results :func:`mark` recomputes the standings under (four matches not decided
under the default points); more matches not decided: every rank is provisional."""


def pending(matches: Iterable[EventMatch], event: str | None = None,
            after_round: int | None = None, awards: Sequence[Award] = ()) -> list[EventMatch]:
    """The matches :func:`.standings.select` leaves out as not decided, and only those (each once, its round
    up to ``after_round``, two known teams that are not one team): the records ``select`` would count, had
    they a winner.  Friend mode's matches are not among them (no team result to decide), nor a match the
    organiser ruled with a walkover between its two teams in its round (``awards``: :func:`~.awards.ruled_by`;
    the walkover counts, the record for nobody, whatever it would give), nor a dataset's copy of a match stored
    under other rules (:attr:`~.event_model.EventMatch.rules_copy_of`: the same record, named by its own note)."""
    matches = list(matches)
    open_ = {id(m) for m in matches if not m.counts and m.decided_by != NO_RESULT[1]}
    as_won = [dataclasses.replace(m, winner=0) if id(m) in open_ else m for m in matches]
    back = {id(w): m for w, m in zip(as_won, matches) if id(m) in open_}
    kept, _ = select(as_won, event, after_round)
    return [back[id(w)] for w in kept if id(w) in back and ruled_by(back[id(w)], awards) is None
            and back[id(w)].rules_copy_of is None]


def _outcomes(m: EventMatch, points: Points) -> list[EventMatch | None]:
    """Each way ``m`` may be decided, as the match the standings would count; ``None``: left uncounted."""
    out: list[EventMatch | None] = [None]
    for side in (0, 1):
        out.append(dataclasses.replace(m, winner=side, forfeit=None))
        if points.forfeit != points.loss:
            out.append(dataclasses.replace(m, winner=side, forfeit=1 - side))
    out.append(dataclasses.replace(m, winner=None, forfeit=None, decided_by=BOTH_FORFEIT))
    return out


def _places(rows: Sequence[Standing]) -> dict[str, tuple]:
    """Each team's place: its rank, and the teams of the group whose order is not decided it is in."""
    return {s.team: (s.rank, None if s.undecided is None else frozenset(s.undecided["teams"])) for s in rows}


def provisional_note(names: Sequence[str], shared: Sequence[tuple[str, str]] = ()) -> str:
    """The bilingual note of a rank resting on the matches ``names`` (:func:`~.event_model.match_named`); ``shared``:
    what :func:`shares_counted` says of those of them that share a round's table or team with a counted match."""
    en, zh = "; ".join(names), "；".join(names)
    one = len(names) == 1
    more_en = "".join(f"; {e}" for e, _ in shared)
    more_zh = "".join(f"；{z}" for _, z in shared)
    return (f"provisional: rests on {'the match' if one else 'the matches'} {en}, not decided (counted for nobody): "
            f"{'its result' if one else 'their results'} may change this rank{more_en} / 暂定：取决于未分胜负（未计入）的"
            f"比赛 {zh}：其结果可能改变此名次{more_zh}")


def shares_counted(m: EventMatch, counted: Sequence[EventMatch]) -> tuple[str, str] | None:
    """What the note of a rank resting on ``m`` (a match not decided) says when ``m`` shares its round's table, or
    one of its teams, with a match of ``counted`` (English, 中文): a second record of one match, cut short or damaged,
    may be what makes the rank provisional (the round's note names both: ``event_warnings``); ``None`` when not."""
    r = round_number(m.round)
    if r is None:
        return None
    table = (m.table or "").strip()
    teams = set(m.teams) - {None}
    same = [c for c in counted if round_number(c.round) == r
            and ((table and (c.table or "").strip() == table) or set(c.teams) & teams)]
    if not same:
        return None
    others = "; ".join(match_named(c) for c in same)
    return (f"{match_named(m)} shares round {r}'s table or a team with {others}, which is counted: a second record of "
            f"one match, cut short or damaged? (the note on round {r} names them)",
            f"{match_named(m)} 与已计入的 {others} 同在第 {r} 轮、同桌或有相同队伍：是否为同一场比赛的第二份记录（不完整或有损）？"
            f"（第 {r} 轮的说明列出了它们）")


def mark(rows: Sequence[Standing], matches: Sequence[EventMatch], open_matches: Sequence[EventMatch],
         points: Points = Points(), tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
         awards: Sequence[Award] = ()) -> list[Standing]:
    """``rows`` (:func:`.standings.standings` over ``matches``, ``points``, ``tiebreaks`` and ``awards``) with
    :attr:`~.standings.Standing.provisional_on` and :attr:`~.standings.Standing.provisional_note` set on each
    rank the matches not decided ``open_matches`` (:func:`pending`) may change."""
    if not open_matches:
        return list(rows)
    names = [match_named(m) for m in open_matches]
    choices = [_outcomes(m, points) for m in open_matches]
    count = 1
    for c in choices:
        count *= len(c)
    rests: dict[str, set[int]] = {s.team: set() for s in rows}
    if count > MAX_COMBINATIONS:        # too many to try: none of the ranks is known to be final
        rests = {team: set(range(len(names))) for team in rests}
    else:
        places: dict[tuple, dict[str, tuple]] = {}
        for pick in itertools.product(*(range(len(c)) for c in choices)):
            extra = [c[i] for c, i in zip(choices, pick) if c[i] is not None]
            places[pick] = (_places(rows) if not extra else
                            _places(standings([*matches, *extra], points, tiebreaks, awards)))
        for pick, place in places.items():
            for k, i in enumerate(pick):
                if i == 0:
                    continue
                other = places[pick[:k] + (0,) + pick[k + 1:]]     # the same, but this match left uncounted
                for team in rests:
                    if place.get(team) != other.get(team):
                        rests[team].add(k)
    shared = [shares_counted(m, matches) for m in open_matches]
    out = []
    for s in rows:
        on = tuple(names[k] for k in sorted(rests[s.team]))
        said = [shared[k] for k in sorted(rests[s.team]) if shared[k] is not None]
        out.append(dataclasses.replace(s, provisional_on=on, provisional_note=provisional_note(on, said)) if on else s)
    return out


def provisional_notes(rows: Iterable[Standing]) -> list[str]:
    """Each provisional rank's note once, in rank order."""
    return list(dict.fromkeys(s.provisional_note for s in rows if s.provisional_note is not None))


def in_rounds(open_matches: Sequence[EventMatch], upto: int | None) -> list[EventMatch]:
    """The matches of ``open_matches`` of the rounds up to ``upto`` (all when ``None``)."""
    return [m for m in open_matches if upto is None or (round_number(m.round) or 0) <= upto]

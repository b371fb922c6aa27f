"""An event's standings: teams ranked by match points, then tie-breaks, ranks shared on a full tie.

Pure functions over :class:`EventMatch` values — one per match, what the standings need of it
(where it sits in the event, its two teams and four players, the final levels and who won) —
built from replayed records or from a dataset by :mod:`.event`.

* **Match points**: a win ``win`` (default 2), a loss ``loss`` (0); a forfeit gives the side
  that forfeited ``forfeit`` (0) and the other side a win (:class:`Points`).
* **Order**: match points, then each tie-break of ``tiebreaks`` in turn (:data:`TIEBREAKS`):
  ``level_diff`` — the sum over the team's matches of its final level minus its opponent's
  (``levels_final`` as ``tractor check --json`` reports them, J=11 … A=14);
  ``head_to_head`` — the match points the team won in the matches played among exactly the
  teams still tied at that point; ``opponents`` — the sum of its opponents' match points
  (an opponent met twice counts twice).  Each tie-break splits the group still tied once;
  teams equal on every one share a rank (1, 1, 3).
* A match no team won (no finished hand, friend mode: :data:`~tractor_analysis.engine.scoring.NO_RESULT`)
  and a match whose team is unknown count for nobody; :func:`select` says which, and why.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

__all__ = ["EventMatch", "Points", "Standing", "TIEBREAKS", "DEFAULT_TIEBREAKS", "parse_points",
           "parse_tiebreaks", "round_number", "select", "standings", "rounds_of", "team_name"]

TIEBREAKS = ("level_diff", "head_to_head", "opponents")
"""The tie-breaks ``--tiebreak`` may name, in any order."""
DEFAULT_TIEBREAKS = TIEBREAKS


@dataclass(frozen=True)
class EventMatch:
    """One match as the standings and ratings see it."""

    match_id: str
    event: str | None
    date: str | None
    round: str | None
    table: str | None
    teams: tuple[str | None, str | None]
    """The N–S and E–W teams (:func:`team_name`), ``None`` for a side that is not a known team."""
    players: tuple[str | None, str | None, str | None, str | None]
    """N, E, S, W as recorded."""
    levels: tuple[int | None, int | None]
    """Final levels N–S, E–W (``levels_final``); ``None`` where the record leaves one unknown."""
    winner: int | None
    """0 N–S, 1 E–W, ``None`` when the match credits no team."""
    decided_by: str
    """How (``engine.scoring.decide_match``): ``passed A``, ``higher level``, ``holding the deal``,
    ``forfeit`` — or why not (``no finished hand`` …)."""
    forfeit: int | None = None
    """The side that forfeited, else ``None``."""
    source: str = field(default="", compare=False)
    """Where the match came from (a file, a dataset's match id), for notes."""


def team_name(name: str | None, a: str | None, b: str | None) -> str | None:
    """A side's team: its ``[TeamNS]``/``[TeamEW]`` name when given, else its two players' names
    sorted (``"A / B"``: partners who swap seats stay one team), else ``None`` (not known)."""
    if name is not None and name.strip():
        return name
    if a and b:
        x, y = sorted((a, b))
        return f"{x} / {y}"
    return None


@dataclass(frozen=True)
class Points:
    """Match points of a win, a loss, and a forfeit (to the side that forfeited)."""

    win: int = 2
    loss: int = 0
    forfeit: int = 0


def parse_points(text: str) -> Points:
    """``"win=2,loss=0"`` (any of ``win``, ``loss``, ``forfeit``; the rest keep their defaults);
    :class:`ValueError` naming the bad part (bilingual)."""
    values = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, eq, number = part.partition("=")
        name = name.strip()
        if name not in ("win", "loss", "forfeit") or not eq:
            raise ValueError(f"bad --points part {part.strip()!r} (expected e.g. win=2,loss=0,forfeit=0) / "
                             f"--points 的 {part.strip()!r} 不正确（应为例如 win=2,loss=0,forfeit=0）")
        try:
            values[name] = int(number.strip())
        except ValueError:
            raise ValueError(f"--points {name} takes a whole number, not {number.strip()!r} / "
                             f"--points {name} 应为整数，而不是 {number.strip()!r}") from None
    return Points(**values)


def parse_tiebreaks(text: str) -> tuple[str, ...]:
    """``"level_diff,head_to_head,opponents"`` → the tuple (each known, none twice); ``""``: none."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    for n in names:
        if n not in TIEBREAKS:
            raise ValueError(f"unknown tie-break {n!r} (expected some of {', '.join(TIEBREAKS)}) / "
                             f"未知的破同分规则 {n!r}（可用：{', '.join(TIEBREAKS)}）")
    if len(set(names)) != len(names):
        raise ValueError(f"a tie-break is named twice in {text!r} / 破同分规则重复：{text!r}")
    return names


def round_number(text: str | None) -> int | None:
    """``[Round]`` as a whole number, ``None`` when absent or not one."""
    if text is None:
        return None
    t = text.strip()
    return int(t) if t.isdigit() and len(t) <= 9 else None


def select(matches: Iterable[EventMatch], event: str | None = None, after_round: int | None = None
           ) -> tuple[list[EventMatch], list[str]]:
    """The matches of ``event`` (every match when ``None``) up to round ``after_round``, and a
    bilingual note for each match left out for a reason other than the selection itself."""
    kept: list[EventMatch] = []
    notes: list[str] = []
    for m in matches:
        if event is not None and m.event != event:
            continue
        if after_round is not None:
            r = round_number(m.round)
            if r is None:
                notes.append(f"{m.source or m.match_id}: [Round] {m.round!r} is not a round number, so it cannot "
                             f"be placed before or after round {after_round}; left out / [Round] {m.round!r} "
                             f"不是轮次编号，无法判断是否在第 {after_round} 轮之前；未计入")
                continue
            if r > after_round:
                continue
        if m.winner is None:
            notes.append(f"{m.source or m.match_id}: no team won ({m.decided_by}); counted for nobody / "
                         f"无胜方（{m.decided_by}）；不计入排名")
            continue
        if m.teams[0] is None or m.teams[1] is None:
            notes.append(f"{m.source or m.match_id}: a side has neither a team tag nor both players' names, so "
                         "its team is not known; counted for nobody / 有一方既无队名标签也无两名选手姓名，"
                         "无法确定队伍；不计入排名")
            continue
        kept.append(m)
    return kept, notes


def rounds_of(matches: Iterable[EventMatch]) -> list[int]:
    """The round numbers the matches were played in, in order (matches without one left out)."""
    return sorted({r for r in (round_number(m.round) for m in matches) if r is not None})


@dataclass(frozen=True)
class Standing:
    """One team's row."""

    rank: int
    team: str
    players: tuple[str, ...]
    """Everyone who played for the team, in the order they first did (substitutes too)."""
    played: int
    won: int
    lost: int
    match_points: int
    level_diff: int | None
    """Levels above the opponents' at the end, summed; ``None`` when a match's final levels are unknown."""
    tiebreaks: dict
    """Each tie-break's value: ``level_diff`` and ``opponents`` always; ``head_to_head`` the
    team's points among the teams tied with it when that tie-break was applied, ``None`` when
    it was not tied with any team at that point."""

    def as_dict(self) -> dict:
        return {"rank": self.rank, "team": self.team, "players": list(self.players), "played": self.played,
                "won": self.won, "lost": self.lost, "match_points": self.match_points,
                "level_diff": self.level_diff, "tiebreaks": dict(self.tiebreaks)}


@dataclass
class _Tally:
    players: list = field(default_factory=list)
    played: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    level_diff: int | None = 0
    opponents: list = field(default_factory=list)


def _order_key(m: EventMatch) -> tuple:
    r = round_number(m.round)
    t = round_number(m.table)
    return (r is None, r or 0, t is None, t or 0, m.table or "", m.match_id)


def _side_points(m: EventMatch, side: int, points: Points) -> int:
    if m.winner == side:
        return points.win
    return points.forfeit if m.forfeit == side else points.loss


def standings(matches: Sequence[EventMatch], points: Points = Points(),
              tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS) -> list[Standing]:
    """The standings over ``matches`` (already :func:`select`-ed: each has a winner and two known
    teams), best first; teams sharing a rank are in name order."""
    tally: dict[str, _Tally] = defaultdict(_Tally)
    ordered = sorted(matches, key=_order_key)
    for m in ordered:
        for side in (0, 1):
            team, other = m.teams[side], m.teams[1 - side]
            t = tally[team]
            for p in (m.players[side], m.players[side + 2]):
                if p and p not in t.players:
                    t.players.append(p)
            t.played += 1
            t.won += m.winner == side
            t.lost += m.winner != side
            t.points += _side_points(m, side, points)
            if t.level_diff is not None:          # unknown once one match's final levels are
                t.level_diff = None if None in m.levels else t.level_diff + m.levels[side] - m.levels[1 - side]
            t.opponents.append(other)
    opponents = {team: sum(tally[o].points for o in t.opponents) for team, t in tally.items()}
    values: dict[str, dict] = {team: {} for team in tally}
    for team in tally:
        for name in tiebreaks:
            values[team][name] = (tally[team].level_diff if name == "level_diff" else
                                  opponents[team] if name == "opponents" else None)

    def split(group: list[str], criteria: Sequence[str]) -> list[list[str]]:
        if len(group) <= 1 or not criteria:
            return [sorted(group)]
        name = criteria[0]
        if name == "head_to_head":
            inside = set(group)
            score = {team: 0 for team in group}
            for m in ordered:
                if m.teams[0] in inside and m.teams[1] in inside:
                    for side in (0, 1):
                        score[m.teams[side]] += _side_points(m, side, points)
            for team in group:
                values[team][name] = score[team]
        else:
            score = {team: values[team][name] for team in group}
        if None in score.values():               # an unknown value cannot order the group: next tie-break
            return split(group, criteria[1:])
        out: list[list[str]] = []
        for value in sorted(set(score.values()), reverse=True):
            out.extend(split([t for t in group if score[t] == value], criteria[1:]))
        return out

    by_points: dict[int, list[str]] = defaultdict(list)
    for team, t in tally.items():
        by_points[t.points].append(team)
    rows: list[Standing] = []
    for mp in sorted(by_points, reverse=True):
        for group in split(by_points[mp], tuple(tiebreaks)):
            rank = len(rows) + 1
            for team in group:
                t = tally[team]
                rows.append(Standing(rank, team, tuple(t.players), t.played, t.won, t.lost, t.points,
                                     t.level_diff, dict(values[team])))
    return rows

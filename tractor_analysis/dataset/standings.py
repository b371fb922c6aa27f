"""An event's standings: teams ranked by match points, then tie-breaks, ranks shared on a full tie.

Pure functions over :class:`~.event_model.EventMatch` values — one per match, what the standings need
of it (where it sits in the event, its two teams and four players, the final levels and who won) —
built from replayed records or from a dataset by :mod:`.event`.

* **Match points**: a win ``win`` (default 2), a loss ``loss`` (0); a forfeit gives the side
  that forfeited ``forfeit`` (0) and the other side a win (:class:`Points`).  Both sides
  forfeiting at the end of the same hand (``decided_by`` ``both forfeit``): each gets
  ``forfeit`` and a loss, nobody a win (the rules are silent: the project's reading,
  docs/rules.md §10.1).
* **Order**: match points, then each tie-break of ``tiebreaks`` in turn (:data:`TIEBREAKS`):
  ``level_diff`` — the sum over the team's matches of its final level minus its opponent's
  (``levels_final`` as ``tractor check --json`` reports them, J=11 … A=14);
  ``head_to_head`` — the match points the team won in the matches played among exactly the
  teams still tied at that point; ``opponents`` — the sum of its opponents' match points
  (an opponent met twice counts twice).  Each tie-break splits the group still tied once;
  teams equal on every one share a rank (1, 1, 3).
* **An unknown tie-break value** (``level_diff`` of a team one of whose matches has unknown final
  levels) is the range the records allow.  A team is above another only when it is in every reading:
  its range wholly above, or never below and meeting the other's at one value where the later tie-breaks
  put it above whichever teams may be tied then (:func:`_touching_blocks`).  Teams left unordered keep
  one shared rank — a lower tie-break decides only where the higher one ties, so it never orders what
  another reading orders otherwise — and each of their rows carries :attr:`Standing.undecided`: which
  tie-break, whose value is unknown, from which matches, and a bilingual note saying so
  (:func:`undecided_notes`).
* A match no team won (no finished hand, friend mode: :data:`~tractor_analysis.engine.scoring.NO_RESULT`)
  and a match whose team is unknown count for nobody; :func:`select` says which, and why.
* A match recorded twice counts once (:func:`~.event_copies.distinct`: ingest's copies and re-typed
  copies, with a note naming both records and what differs between them).
* What the standings count but an organiser should look at (:func:`~.event_warnings.warnings`): team names that
  differ only in case, one pair of players under two team names, a table or a team twice in a
  round, teams with no match in a round the others played, a match whose record ends inside a hand
  decided by the rule for a match cut short (docs/rules.md §8.5).
"""
from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..engine.explain_hand import match_decision_text
from .awards import Award
from .event_copies import distinct
from .event_model import EventMatch, folded_name, match_named, quoted, round_number, same_event

__all__ = ["Points", "Standing", "TIEBREAKS", "DEFAULT_TIEBREAKS", "parse_points", "parse_tiebreaks", "select",
           "standings", "undecided_notes", "TIEBREAK_NAMES", "LEFT_OUT", "same_team_note"]


TIEBREAKS = ("level_diff", "head_to_head", "opponents")
"""The tie-breaks ``--tiebreak`` may name, in any order."""
DEFAULT_TIEBREAKS = TIEBREAKS
TIEBREAK_NAMES = {"level_diff": ("level difference", "级差"), "head_to_head": ("head-to-head", "相互胜负"),
                  "opponents": ("opponents' match points", "对手分")}
"""Each tie-break's name in a note (English, 中文)."""


@dataclass(frozen=True)
class Points:
    """Match points of a win, a loss, a forfeit (to the side that forfeited), and a bye (:mod:`.awards`)."""

    win: int = 2
    loss: int = 0
    forfeit: int = 0
    bye: int | None = None
    """``None``: as many as a win (``--points`` without ``bye=``)."""

    @property
    def bye_points(self) -> int:
        return self.win if self.bye is None else self.bye


def parse_points(text: str) -> Points:
    """``"win=2,loss=0"`` (any of ``win``, ``loss``, ``forfeit``, ``bye``, each at most once; the rest keep their
    defaults, a bye as many as a win); :class:`ValueError` naming the bad part, or the key given twice (bilingual)."""
    values = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, eq, number = part.partition("=")
        name = name.strip()
        if name not in ("win", "loss", "forfeit", "bye") or not eq:
            raise ValueError(f"bad --points part {part.strip()!r} (expected e.g. win=2,loss=0,forfeit=0,bye=2) / "
                             f"--points 的 {part.strip()!r} 不正确（应为例如 win=2,loss=0,forfeit=0,bye=2）")
        if name in values:          # which one is meant is not said: never the last one silently
            raise ValueError(f"--points gives {name} twice ({text.strip()!r}): give each of win, loss, forfeit, "
                             f"bye at most once / --points 中 {name} 出现了两次（{text.strip()!r}）：win、loss、"
                             "forfeit、bye 每项最多给一次")
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


LEFT_OUT = {"standings": ("counted for nobody", "不计入排名"), "ratings": ("not rated", "不计入等级分"),
            "event": ("counted for nobody and not rated", "不计入排名，也不计入等级分")}
"""What a note says of a match left out, by what it is left out of (:func:`select`'s ``purpose``):
``event`` for the event pages of ``tractor report``, whose ratings are over the matches their
standings count (a match left out of the one is left out of the other)."""


def same_team_note(m: EventMatch, purpose: str = "standings") -> str | None:
    """The bilingual note on a match whose two sides are one team (:func:`~.event_model.team_name`: the
    same ``[TeamNS]`` and ``[TeamEW]``, or, untagged, the same two players on both sides), naming it by
    :func:`~.event_model.match_named`; ``None`` when its sides are two teams or a side's team is not known."""
    if m.teams[0] is None or m.teams[0] != m.teams[1]:
        return None
    out_en, out_zh = LEFT_OUT[purpose]
    where, team = match_named(m), quoted(m.teams[0])
    return (f"{where}: both sides are the team {team} (N–S and E–W): a team cannot play itself; check [TeamNS] "
            f"and [TeamEW]; {out_en} / {where}：南北与东西双方都是队伍 {team}：队伍不能与自己比赛；请核对 [TeamNS] "
            f"与 [TeamEW]；{out_zh}")


def select(matches: Iterable[EventMatch], event: str | None = None, after_round: int | None = None,
           purpose: str = "standings") -> tuple[list[EventMatch], list[str]]:
    """The matches of ``event`` (every match when ``None``) up to round ``after_round``, each
    match once, and a bilingual note for each match left out for a reason other than the
    selection itself: a round it cannot be placed in (``after_round`` given, or other matches of
    the event have round numbers: the standings by round and the overall standings then count
    the same matches), a second record of a match (:func:`~.event_copies.distinct`: ingest's rule, so ``matches``
    come in the order they were read), no winner (but a match
    both sides forfeited counts: each side a forfeit), a team not known, the same team on both
    sides (:func:`same_team_note`: named with its round and table), and (``event`` given) an
    ``[Event]`` differing from ``event`` only in letter case or spacing.  ``purpose`` (a key of
    :data:`LEFT_OUT`) words what the match is left out of: the standings, the ratings, or both
    (the event pages)."""
    out_en, out_zh = LEFT_OUT[purpose]
    matches = list(matches)
    inside = [m for m in matches if event is None or same_event(m.event, event)]
    notes: list[str] = []
    if event is not None:       # --event takes the name exactly: say so of a name written another way
        for m in matches:
            if not same_event(m.event, event) and m.event is not None and folded_name(m.event) == folded_name(event):
                where = m.source or m.match_id
                notes.append(f"{where}: [Event] {quoted(m.event)} differs from --event {quoted(event)} only in "
                             f"letter case or spacing; --event takes the name exactly: not counted / {where}："
                             f"[Event] {quoted(m.event)} 与 --event {quoted(event)} 仅大小写或空格不同；"
                             "--event 按名称精确匹配：未计入")
    numbered = any(round_number(m.round) is not None for m in inside)
    placed: list[EventMatch] = []
    for m in inside:
        r = round_number(m.round)
        if r is None and (after_round is not None or numbered):
            notes.append(_unplaced(m, after_round))
        elif after_round is None or r <= after_round:
            placed.append(m)
    once, twice = distinct(placed)
    notes.extend(twice)
    kept: list[EventMatch] = []
    for m in once:
        where = match_named(m)      # its record, [Round] and [Table], as the notes around it name a match
        if not m.counts:
            en, zh = match_decision_text(None, m.decided_by, m.forfeit_reasons)
            notes.append(f"{where}: {en}; {out_en} / {where}：{zh}；{out_zh}")
        elif m.teams[0] is None or m.teams[1] is None:
            notes.append(f"{where}: a side has neither a team tag nor both players' names (a name written \"?\" "
                         f"names nobody), so its team is not known; {out_en} / {where}：有一方既无队名标签也无两名选手姓名"
                         f"（写作“?”的名字不指任何人），"
                         f"无法确定队伍；{out_zh}")
        elif m.teams[0] == m.teams[1]:
            notes.append(same_team_note(m, purpose))
        else:
            kept.append(m)
    return kept, notes


def _unplaced(m: EventMatch, after_round: int | None) -> str:
    """The note of a match whose round cannot be placed."""
    where = m.source or m.match_id
    en, zh = (("has no [Round]", "没有 [Round] 标签") if m.round is None and m.round_unread is None else
              ("its [Round] tag could not be read (line {}, column {}: see 'tractor check')".format(*m.round_unread),
               "其 [Round] 标签无法读取（第 {} 行第 {} 列：见 tractor check）".format(*m.round_unread))
              if m.round is None else
              (f"[Round] {quoted(m.round)} is not a round number (a whole number 1, 2, … in the digits 0–9)",
               f"[Round] {quoted(m.round)} 不是轮次编号（轮次应为用数字 0–9 写的正整数 1、2……）"))
    if after_round is not None:
        return (f"{where}: {en}, so it cannot be placed before or after round {after_round}; not counted / "
                f"{where}：{zh}，无法判断是否在第 {after_round} 轮之前；未计入")
    return (f"{where}: {en}, while the event's other matches have round numbers: it cannot be placed in a round; "
            f"not counted (neither by round nor overall) / {where}：{zh}，而本赛事其他比赛都写了轮次：无法排入任何一轮；"
            "未计入（各轮与总排名都不计）")


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
    it was not tied with any team at that point, or was not applied (:attr:`undecided`)."""
    undecided: dict | None = None
    """``None`` unless the team shares its rank because a tie-break's value is unknown (the order
    of its group is not decided, not equal): ``{"tiebreak": name, "teams": [the group, by name],
    "unknown": {team: [the matches whose final levels are unknown]}, "ranges": {team: [lowest, highest]
    its value may be, ``None``: not bounded}, "note": bilingual text}``."""
    level_diff_span: tuple[int, int] | None = None
    """:attr:`level_diff` not known (``None``) but bounded: the lowest and the highest it may be (each
    match's final levels within :attr:`EventMatch.level_spans`); ``None`` otherwise."""
    ranked_by_range: str | None = None
    """The bilingual note of a team placed by a tie-break whose value is known only as a range that lies
    wholly above or below every other tied team's (its place is derived, the same under every reading);
    ``None`` otherwise (:func:`undecided_notes` gives it too)."""
    byes: int = 0
    """The rounds the team had a bye (:mod:`.awards`): match points, not a match played."""
    provisional_on: tuple[str, ...] = ()
    """The matches not decided (counted for nobody) whose result may change this rank, each named by
    :func:`~.event_model.match_named`; ``()``: the rank is final (:func:`.provisional.mark`)."""
    provisional_note: str | None = None
    """The bilingual note of a provisional rank (:func:`.provisional.provisional_note`), else ``None``."""

    @property
    def provisional(self) -> bool:
        """The rank rests on a match not decided (:attr:`provisional_on`)."""
        return bool(self.provisional_on)

    def as_dict(self) -> dict:
        return {"rank": self.rank, "team": self.team, "players": list(self.players), "played": self.played,
                "won": self.won, "lost": self.lost, "match_points": self.match_points,
                "level_diff": self.level_diff, "byes": self.byes, "tiebreaks": dict(self.tiebreaks),
                "level_diff_span": None if self.level_diff_span is None else list(self.level_diff_span),
                "undecided": None if self.undecided is None else
                {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, (list, tuple)) else v)
                 for k, v in self.undecided.items()},
                "provisional": self.provisional, "provisional_on": list(self.provisional_on)}


@dataclass
class _Tally:
    players: list = field(default_factory=list)
    played: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    level_diff: int | None = 0
    low: float = 0
    high: float = 0
    """The bounds of the level difference (``level_diff`` when known; ``-inf`` / ``inf``: not bounded)."""
    unknown_levels: list = field(default_factory=list)
    """The matches (source, else match id) whose final levels are unknown."""
    opponents: list = field(default_factory=list)
    byes: int = 0


def _order_key(m: EventMatch) -> tuple:
    """A match's place by round and table; matches with the same round and table keep the order they
    are given in (the order they were read: the same for ``tractor standings`` and ``tractor report``,
    whose match ids differ)."""
    r = round_number(m.round)
    t = round_number(m.table)
    return (r is None, r or 0, t is None, t or 0, m.table or "")


def _side_points(m: EventMatch, side: int, points: Points) -> int:
    if m.winner == side:
        return points.win
    return points.forfeit if m.forfeited(side) else points.loss


@dataclass(frozen=True)
class _Result:
    """One team's result against another: of a match (``side`` its side in ``match``) or of a walkover
    (``match`` ``None``: no levels, no players).  The one statement of "a result" the tally and head-to-head
    both read."""

    team: str
    other: str
    won: bool
    points: int
    match: EventMatch | None = None
    side: int = 0


def _results(ordered: Sequence[EventMatch], awards: Sequence[Award], points: Points) -> list[_Result]:
    """Each side's result of every match (in ``ordered``'s order) and of every walkover (a win for its winner,
    ``forfeit`` points for the team that did not play; :mod:`.awards`).  Byes are no result against anyone."""
    out = [_Result(m.teams[side], m.teams[1 - side], m.winner == side, _side_points(m, side, points), m, side)
           for m in ordered for side in (0, 1)]
    for a in awards:
        if a.opponent is not None:
            out.append(_Result(a.team, a.opponent, True, points.win))
            out.append(_Result(a.opponent, a.team, False, points.forfeit))
    return out


def standings(matches: Sequence[EventMatch], points: Points = Points(),
              tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS, awards: Sequence[Award] = ()) -> list[Standing]:
    """The standings over ``matches`` (already :func:`select`-ed: each has a winner, or both sides
    forfeited it, and two known teams) and the byes and walkovers ``awards`` (:mod:`.awards`, already
    within the rounds counted), best first; teams sharing a rank are in name order."""
    tally: dict[str, _Tally] = defaultdict(_Tally)
    results = _results(sorted(matches, key=_order_key), awards, points)
    for r in results:
        t = tally[r.team]
        t.played += 1
        t.won += r.won
        t.lost += not r.won
        t.points += r.points
        t.opponents.append(r.other)
        m = r.match
        if m is None:       # a walkover: no players named, no levels (nothing to the level difference)
            continue
        for p in (m.players[r.side], m.players[r.side + 2]):
            if p and p not in t.players:
                t.players.append(p)
        if None in m.levels:                  # unknown once one match's final levels are
            t.level_diff = None
            t.unknown_levels.append(m.source or m.match_id)
        elif t.level_diff is not None:
            t.level_diff += m.levels[r.side] - m.levels[1 - r.side]
        low, high = _diff_bounds(m, r.side)
        t.low, t.high = t.low + low, t.high + high
    for a in awards:
        if a.opponent is None:
            tally[a.team].byes += 1
            tally[a.team].points += points.bye_points
    opponents = {team: sum(tally[o].points for o in t.opponents) for team, t in tally.items()}
    values: dict[str, dict] = {team: {} for team in tally}
    for team in tally:
        for name in tiebreaks:
            values[team][name] = (tally[team].level_diff if name == "level_diff" else
                                  opponents[team] if name == "opponents" else None)

    undecided: dict[str, dict] = {}
    ranked: dict[str, str] = {}
    bounds = {team: (float(t.level_diff),) * 2 if t.level_diff is not None else (t.low, t.high)
              for team, t in tally.items()}

    def scores(name: str, group: Sequence[str]) -> dict:
        """Each team's value of tie-break ``name`` within ``group`` (head-to-head: among its teams)."""
        return _head_to_head(group, results) if name == "head_to_head" else {t: values[t][name] for t in group}

    def undecided_entry(block: list[str], name: str, ranges: dict, before, after, open_tie=()) -> None:
        unknown = sorted(t for t in (*block, *open_tie) if ranges[t][0] != ranges[t][1])
        entry = {"tiebreak": name, "teams": sorted(block),
                 "unknown": {t: list(tally[t].unknown_levels) for t in unknown},
                 "ranges": {t: _range(ranges[t]) for t in sorted({*block, *open_tie})}}
        entry["note"] = _undecided_note(entry, tally[block[0]].points, before, after)
        for team in block:
            undecided[team] = entry

    def split(group: list[str], criteria: Sequence[str], before: tuple[str, ...] = ()) -> list[list[str]]:
        if len(group) <= 1 or not criteria:
            return [sorted(group)]
        name = criteria[0]
        score = scores(name, group)
        if name == "head_to_head":
            for team in group:
                values[team][name] = score[team]
        ranges = {t: (bounds[t] if name == "level_diff" and score[t] is None else (score[t], score[t]))
                  for t in group}
        out: list[list[str]] = []
        for part in _apart(ranges):
            if all(score[t] is not None for t in part):     # every value known: one value, the next tie-break
                out.extend(split(part, criteria[1:], before + (name,)))
                continue
            if len(part) == 1:          # its range is above or below every other team's: its place is derived
                ranked[part[0]] = _ranked_note(part[0], name, ranges[part[0]], tally[part[0]].unknown_levels)
                out.append(part)
                continue
            # values known only as ranges that overlap: a team is above another only where every reading puts
            # it there — its range never below the other's and, where the two may be equal, the later
            # tie-breaks placing it above whichever teams may be tied with them then (:func:`_touching_blocks`)
            blocks = _touching_blocks(part, ranges, criteria[1:], scores)
            if len(blocks) > 1:
                note = _derived_order_note(blocks, name, ranges, tally[part[0]].points, before, criteria[1:])
                for team in part:
                    ranked[team] = note
            for block in blocks:
                v = ranges[block[0]][0]
                tied = [t for t in part if t not in block and ranges[t][0] <= v <= ranges[t][1]]
                if len(block) == 1:
                    out.append(block)
                elif all(score[t] is not None for t in block) and not tied:   # one value, no one else's
                    out.extend(split(block, criteria[1:], before + (name,)))
                else:   # the order is not decided: a later tie-break must not decide what this one cannot
                    # all known and equal: the teams whose range holds that value may be tied with them
                    maybe = [t for t in tied if ranges[t][0] != ranges[t][1]]
                    undecided_entry(block, name, ranges, before, criteria[1:],
                                    maybe if all(score[t] is not None for t in block) else ())
                    out.append(sorted(block))
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
                span = _range(bounds[team]) if t.level_diff is None else None
                rows.append(Standing(rank, team, tuple(t.players), t.played, t.won, t.lost, t.points,
                                     t.level_diff, dict(values[team]), undecided.get(team),
                                     None if span is None else tuple(span), ranked.get(team), t.byes))
    return rows


def _diff_bounds(m: EventMatch, side: int) -> tuple[float, float]:
    """The lowest and the highest a match adds to ``side``'s level difference: its final level minus the
    opponent's, each level known, or within its :attr:`EventMatch.level_spans` (every level of each span
    taken as possible: a range never narrower than the readings allow); ``-inf`` / ``inf`` where a level
    is neither known nor bounded."""
    spans = []
    for s in (side, 1 - side):
        level, span = m.levels[s], m.level_spans[s]
        spans.append((level, level) if level is not None else span)
    if None in spans:
        return float("-inf"), float("inf")
    (own_low, own_high), (other_low, other_high) = spans
    return own_low - other_high, own_high - other_low


def _head_to_head(group: Sequence[str], results: Sequence[_Result]) -> dict[str, int]:
    """The match points each team of ``group`` won in the matches (and walkovers) among them."""
    inside = set(group)
    score = {team: 0 for team in group}
    for r in results:       # a match or a walkover between two of them
        if r.team in inside and r.other in inside:
            score[r.team] += r.points
    return score


def _exact_order(group: Sequence[str], criteria: Sequence[str], scores) -> list[list[str]]:
    """``group`` in order by ``criteria`` whose values ``scores(name, group)`` gives, best first, teams equal
    on every one together; a value not known keeps the group together (its order not decided)."""
    if len(group) <= 1 or not criteria:
        return [sorted(group)]
    score = scores(criteria[0], group)
    if any(v is None for v in score.values()):
        return [sorted(group)]
    return [part for v in sorted(set(score.values()), reverse=True)
            for part in _exact_order([t for t in group if score[t] == v], criteria[1:], scores)]


_MAX_OPEN = 8
"""At most this many teams that may or may not be tied at a value are tried every way (2 ** n groups); with
more, two teams whose ranges meet there are not ordered (not decided, never guessed)."""


def _above_where_equal(a: str, b: str, ranges: dict, after: Sequence[str], scores) -> bool:
    """Whether ``a`` is above ``b`` in every reading in which both take the value where ``a``'s range meets
    ``b``'s from above: the later tie-breaks ``after`` order whichever teams are tied then — ``a``, ``b``,
    every team known to have that value, and any of those whose range holds it — and put ``a`` above
    ``b`` in each of those groups."""
    v = ranges[a][0]
    if not after or v in (float("inf"), float("-inf")):
        return False
    others = [t for t in ranges if t not in (a, b) and ranges[t][0] <= v <= ranges[t][1]]
    always = [t for t in others if ranges[t][0] == ranges[t][1]]
    maybe = [t for t in others if ranges[t][0] != ranges[t][1]]
    if len(maybe) > _MAX_OPEN:
        return False
    for k in range(len(maybe) + 1):
        for extra in combinations(maybe, k):
            order = _exact_order([a, b, *always, *extra], after, scores)
            place = {t: i for i, part in enumerate(order) for t in part}
            if place[a] >= place[b]:
                return False
    return True


def _touching_blocks(part: Sequence[str], ranges: dict, after: Sequence[str], scores) -> list[list[str]]:
    """``part`` (teams whose ranges of a tie-break's values overlap, :func:`_apart`) in blocks, best first:
    every team of a block is above every team of the blocks below in every reading — its range never
    below the other's (lowest ≥ the other's highest) and, where both may take the same value, the later
    tie-breaks putting it above (:func:`_above_where_equal`).  A block of more than one team: their order is
    not decided (or, all known and equal, left to the later tie-breaks)."""
    memo: dict[tuple[str, str], bool] = {}

    def above(a: str, b: str) -> bool:
        if (a, b) not in memo:
            low, high = ranges[a][0], ranges[b][1]
            memo[a, b] = low > high or (low == high and _above_where_equal(a, b, ranges, after, scores))
        return memo[a, b]

    blocks: list[list[str]] = []
    left = sorted(part, key=lambda t: (-ranges[t][1], -ranges[t][0], t))
    while left:
        top = [t for t in left if not any(above(o, t) for o in left if o != t)]
        block = top[:1] or list(left)       # a team no other is above (the relation has no cycle)
        grown = True
        while grown:                        # with every team one of the block is not above
            grown = False
            for y in left:
                if y not in block and any(not above(x, y) for x in block):
                    block.append(y)
                    grown = True
        blocks.append(sorted(block))
        left = [t for t in left if t not in block]
    return blocks


def _range(bounds: tuple[float, float]) -> list[int] | None:
    """Bounds as a JSON value: ``[lowest, highest]``, ``None`` when not bounded."""
    low, high = bounds
    return None if low == float("-inf") or high == float("inf") else [int(low), int(high)]


def _apart(ranges: dict[str, tuple[float, float]]) -> list[list[str]]:
    """The teams of a tied group in order, best first, split where a tie-break's values tell them apart:
    a team is above another when every value its range allows is above every value of the other's
    (``ranges``: each team's ``(lowest, highest)``, a known value ``(v, v)``).  Teams whose ranges overlap,
    directly or through others (2–4, 3–6, 5–7), stay together: their order is not decided."""
    parts: list[list[str]] = []
    floor = float("inf")
    for team in sorted(ranges, key=lambda t: (-ranges[t][1], -ranges[t][0], t)):
        low, high = ranges[team]
        if parts and high >= floor:         # overlaps the part above: could stand level with it
            parts[-1].append(team)
            floor = min(floor, low)
        else:
            parts.append([team])
            floor = low
    return parts


def _ranked_note(team: str, name: str, bounds: tuple[float, float], where: Sequence[str]) -> str:
    """The note of a team whose place in its tied group a range of a tie-break's values decides."""
    en_name, zh_name = TIEBREAK_NAMES[name]
    low, high = (int(b) for b in bounds)
    team = quoted(team)         # a name a note quotes (docs/standings.md)
    return (f"{team}: {en_name} known only as {low} to {high} (final levels not known in {', '.join(where)}); "
            f"every value in that range is above or below every other tied team's, so its place is derived, the "
            f"same whatever the records left open / {team}：{zh_name}仅知在 {low} 至 {high} 之间（{'、'.join(where)} "
            f"的终局级数未知）；该范围内的任何取值都高于或低于其他同分队伍的取值，因此名次可以推出，无论记录未写明的内容如何都相同")


def _undecided_note(entry: dict, match_points: int, before: Sequence[str], after: Sequence[str]) -> str:
    """The bilingual note of a group whose order an unknown tie-break value leaves undecided."""
    en_name, zh_name = TIEBREAK_NAMES[entry["tiebreak"]]
    teams_en, teams_zh = ", ".join(map(quoted, entry["teams"])), "、".join(map(quoted, entry["teams"]))
    tied_en = " and ".join([f"match points ({match_points})"] + [TIEBREAK_NAMES[b][0] for b in before])
    tied_zh = "、".join([f"积分（{match_points}）"] + [TIEBREAK_NAMES[b][1] for b in before])
    why_en, why_zh = [], []
    ranges = entry.get("ranges", {})
    for team, where in entry["unknown"].items():
        span = ranges.get(team)
        known_en = "unknown" if span is None else f"known only as {span[0]} to {span[1]}"
        known_zh = "未知" if span is None else f"仅知在 {span[0]} 至 {span[1]} 之间"
        if where:
            why_en.append(f"{quoted(team)}'s {en_name} is {known_en} (final levels not known in {', '.join(where)})")
            why_zh.append(f"{quoted(team)} 的{zh_name}{known_zh}（{'、'.join(where)} 的终局级数未知）")
        else:
            why_en.append(f"{quoted(team)}'s {en_name} is {known_en}")
            why_zh.append(f"{quoted(team)} 的{zh_name}{known_zh}")
    known = [(t, r) for t, r in ranges.items() if t not in entry["unknown"] and r is not None]
    if known and len(known) < len(ranges):
        why_en.append("; ".join(f"{quoted(t)}'s is {r[0]}" for t, r in known))
        why_zh.append("；".join(f"{quoted(t)} 的为 {r[0]}" for t, r in known))
    overlap_en = ", whose possible values overlap," if any(r is not None for r in ranges.values()) else ""
    overlap_zh = f"，{zh_name}可能的取值相互重叠" if overlap_en else ""
    after_en, after_zh = ", ".join(TIEBREAK_NAMES[a][0] for a in after), "、".join(TIEBREAK_NAMES[a][1] for a in after)
    rest_en = (f"; the later tie-breaks ({after_en}) rank below it: they order teams only where its values are "
               f"equal, which does not give one order in every reading" if after else "")
    rest_zh = (f"；其后的破同分规则（{after_zh}）优先级更低，只在其取值相等时排序，无法在每种读法下给出同一名次"
               if after else "")
    outside = [t for t in ranges if t not in entry["teams"]]
    if outside:         # equal and known, but whether another team is tied with them then is not
        out_en, out_zh = ", ".join(map(quoted, outside)), "、".join(map(quoted, outside))
        return (f"{teams_en}: tied on {tied_en} and {en_name} ({ranges[entry['teams'][0]][0]}); {'; '.join(why_en)}: "
                f"whether {out_en} is tied with them is not known, and the later tie-breaks ({after_en}) order them "
                f"differently with and without it: their order is not decided and they share one rank / "
                f"{teams_zh}：{tied_zh}及{zh_name}（{ranges[entry['teams'][0]][0]}）相同；{'；'.join(why_zh)}：不知 "
                f"{out_zh} 是否与其同分，而其后的破同分规则（{after_zh}）在两种情况下排序不同：名次无法确定，暂列同一名次")
    return (f"{teams_en}: tied on {tied_en}; {'; '.join(why_en)}, so the {en_name}{overlap_en} cannot order "
            f"them{rest_en}: their order is not decided and they share one rank / "
            f"{teams_zh}：{tied_zh}相同；{'；'.join(why_zh)}{overlap_zh}，无法按{zh_name}排序{rest_zh}：名次无法确定，暂列同一名次")


def _derived_order_note(blocks: Sequence[Sequence[str]], name: str, ranges: dict, match_points: int,
                        before: Sequence[str], after: Sequence[str]) -> str:
    """The bilingual note of teams whose tie-break values overlap only where their ranges meet, placed in
    ``blocks`` (best first) because there the later tie-breaks ``after`` order them the same in every
    reading (:func:`_touching_blocks`)."""
    en_name, zh_name = TIEBREAK_NAMES[name]
    teams = [t for b in blocks for t in b]
    tied_en = " and ".join([f"match points ({match_points})"] + [TIEBREAK_NAMES[b][0] for b in before])
    tied_zh = "、".join([f"积分（{match_points}）"] + [TIEBREAK_NAMES[b][1] for b in before])

    def value(t: str, to: str) -> str:
        low, high = ranges[t]
        if low == high:
            return f"{int(low)}"
        if float("-inf") in (low, high) or float("inf") in (low, high):
            return "unknown" if to == "en" else "未知"
        return f"{int(low)} to {int(high)}" if to == "en" else f"{int(low)} 至 {int(high)}"

    values_en = "; ".join(f"{quoted(t)} {value(t, 'en')}" for t in teams)
    values_zh = "；".join(f"{quoted(t)} {value(t, 'zh')}" for t in teams)
    order_en = ", then ".join(" and ".join(map(quoted, b)) for b in blocks)
    order_zh = "，其次".join("、".join(map(quoted, b)) for b in blocks)
    after_en, after_zh = ", ".join(TIEBREAK_NAMES[a][0] for a in after), "、".join(TIEBREAK_NAMES[a][1] for a in after)
    return (f"{', '.join(map(quoted, teams))}: tied on {tied_en}; {en_name} {values_en}: no value their ranges "
            f"allow puts a team below one placed above it, and where two may be equal the later tie-breaks "
            f"({after_en}) put the same one above in every reading, so the order — {order_en} — is derived, the same "
            f"whatever the records left open / {'、'.join(map(quoted, teams))}：{tied_zh}相同；{zh_name}：{values_zh}；"
            f"其范围内的任何取值都不会使一支队伍低于排在其上的队伍，而在两队取值可能相等之处，其后的破同分规则（{after_zh}）"
            f"在每种读法下都把同一队排在上面，因此名次——{order_zh}——可以推出，无论记录未写明的内容如何都相同")


def undecided_notes(rows: Iterable[Standing]) -> list[str]:
    """Each undecided group's note once (:attr:`Standing.undecided`), and each team's placed by a range of
    a tie-break's values (:attr:`Standing.ranked_by_range`), in rank order."""
    seen: list[str] = []
    for s in rows:
        for note in (s.undecided["note"] if s.undecided is not None else None, s.ranked_by_range):
            if note is not None and note not in seen:
                seen.append(note)
    return seen

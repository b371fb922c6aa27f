"""An event's matches as :class:`~.standings.EventMatch` values: from replayed records, or from a
dataset's ``matches`` and ``hands`` tables.

Both ways decide a match alike: ``engine.scoring.decide_match`` for a replayed record,
``stats.match_results`` (the same decision from the stored rows) for a dataset; the tests
check that a record and its dataset give the same values.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Sequence

from ..engine.scoring import decide_match
from ..engine.verdicts import MatchResult
from ..records.model import Match
from .standings import EventMatch, team_name

__all__ = ["from_result", "from_dataset", "from_inputs", "is_dataset", "matches_of"]


def from_result(match_id: str, match: Match, result: MatchResult, source: str = "") -> EventMatch:
    """The event's view of one replayed match."""
    winner, how = decide_match(result)
    p = match.players
    teams = (team_name(match.teams[0], p[0], p[2]), team_name(match.teams[1], p[1], p[3]))
    return EventMatch(match_id=match_id, event=match.event, date=match.date, round=match.round,
                      table=match.table, teams=teams, players=p,
                      levels=(_level(result.levels_final[0]), _level(result.levels_final[1])), winner=winner,
                      decided_by=how, forfeit=result.forfeit, source=source or match_id)


def _level(v) -> int | None:
    """A final level, ``None`` when the record leaves it unknown (``None``, or a dataset's null)."""
    return None if v is None or v != v else int(v)


def _text(v) -> str | None:
    return v if isinstance(v, str) else None


def from_dataset(ds) -> list[EventMatch]:
    """Every match of a dataset folder (each match once: a later copy, ``duplicate_of``, left out),
    in the order the dataset stores them."""
    from .reading import read_table
    from .stats import match_results

    results = match_results(ds)
    cols = ["match_id", "source_file", "match_index", "date", "player_n", "player_e", "player_s", "player_w",
            "team_ns", "team_ew", "forfeit"]
    table = read_table(ds, "matches")
    present = [c for c in cols if c in table.column_names]
    rows = {r["match_id"]: r for r in table.select(present).to_pylist()}
    out = []
    for r in results.to_dict(orient="records"):
        row = rows.get(r["match_id"], {})
        players = tuple(_text(row.get(f"player_{s}")) for s in "nesw")
        teams = (team_name(_text(row.get("team_ns")), players[0], players[2]),
                 team_name(_text(row.get("team_ew")), players[1], players[3]))
        winner = {"NS": 0, "EW": 1}.get(r["winner"]) if isinstance(r["winner"], str) else None
        forfeit = {"NS": 0, "EW": 1}.get(row.get("forfeit")) if isinstance(row.get("forfeit"), str) else None
        source = f"{row.get('source_file')}#{row.get('match_index')}" if row else r["match_id"]
        out.append(EventMatch(match_id=r["match_id"], event=_text(r["event"]), date=_text(row.get("date")),
                              round=_text(r["round"]), table=_text(r["table"]), teams=teams, players=players,
                              levels=(_level(r["level_ns"]), _level(r["level_ew"])), winner=winner,
                              decided_by=r["decided_by"], forfeit=forfeit, source=source))
    return out


def matches_of(pairs: Iterable[tuple[str, Match, MatchResult, str]]) -> list[EventMatch]:
    """:func:`from_result` of each ``(match_id, match, result, source)``."""
    return [from_result(mid, m, r, src) for mid, m, r, src in pairs]


def is_dataset(path: str | os.PathLike) -> bool:
    """A folder written by ``tractor ingest`` (it has a ``files`` table)."""
    return Path(path).is_dir() and (Path(path) / "files").is_dir()


def from_inputs(inputs: Sequence[str | os.PathLike]) -> tuple[list[EventMatch], list[str]]:
    """The matches of datasets and record files or folders (like ``tractor report``), and a
    bilingual note per input that could not be read whole (a record read with problems still
    counts: its verdicts are ``tractor check``'s)."""
    from ..engine.replay import replay_match
    from ..records.sources import iter_inputs, load_file

    out: list[EventMatch] = []
    notes: list[str] = []
    files: list[str | os.PathLike] = []
    for raw in inputs:
        if is_dataset(raw):
            out.extend(from_dataset(str(raw)))
        else:
            files.append(raw)
    for path in iter_inputs(files):
        source = load_file(path)
        if source.diagnostics:
            notes.append(f"{path}: {len(source.diagnostics)} problem(s) in the record (see 'tractor check') / "
                         f"记录中有 {len(source.diagnostics)} 个问题（见 tractor check）")
        for i, match in enumerate(source.matches):
            where = f"{path}#{i + 1}" if len(source.matches) > 1 else str(path)
            out.append(from_result(f"{source.sha256[:16]}-{i}", match, replay_match(match), where))
    return out, notes

"""An event's matches as :class:`~.standings.EventMatch` values: from replayed records, or from a
dataset's ``matches`` and ``hands`` tables.

Both ways decide a match alike: ``engine.scoring.decide_match`` for a replayed record,
``stats.match_results`` (the same decision from the stored rows) for a dataset; the tests
check that a record and its dataset give the same values.

Both ways also give each match the key ``tractor ingest`` recognises a match recorded twice by
(``rows.match_key``, from the rows ingest writes: the match's tags, players, starting levels,
ruleset and every hand) and the same key without ``[Site]`` and ``[Date]``, so that
:func:`~.standings.select` counts a match recorded twice once whatever form it is read in.
"""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Sequence

from ..engine.scoring import decide_match
from ..engine.verdicts import MatchResult
from ..records.model import Match
from .schema import SCHEMAS
from .standings import EventMatch, team_name

__all__ = ["from_result", "from_dataset", "from_inputs", "is_dataset", "matches_of"]


_MATCH_COLUMNS = tuple(f.name for f in SCHEMAS["matches"])
_RETYPED = ("site", "date")
"""What a re-typed copy of a match may differ in and still be the same match (:attr:`EventMatch.same`)."""


def _keys(row: dict, hands: dict[str, list], n: int) -> tuple[str, str]:
    """``(match_key, same)`` of a ``matches`` row (a dict by column) whose ``n`` hands are the last
    rows of ``hands`` (columns of the ``hands`` table): ingest's own ``rows.match_key``, and the
    same with ``[Site]`` and ``[Date]`` left out."""
    from .rows import match_key

    exact = match_key(tuple(row.get(c) for c in _MATCH_COLUMNS), hands, n)
    same = match_key(tuple(None if c in _RETYPED else row.get(c) for c in _MATCH_COLUMNS), hands, n)
    return exact, same


def _keys_of_match(match: Match, result: MatchResult) -> tuple[str, str]:
    """:func:`_keys` of a replayed match, from the rows ``tractor ingest`` would write for it."""
    from .rows import TableBuilder

    builder = TableBuilder("standings", records=False)
    builder.add_matches("", "0" * 16, 0, [match], [result])
    row = {c: values[-1] for c, values in builder.cols["matches"].items()}
    return _keys(row, builder.cols["hands"], len(result.hands))


def from_result(match_id: str, match: Match, result: MatchResult, source: str = "") -> EventMatch:
    """The event's view of one replayed match."""
    winner, how = decide_match(result)
    p = match.players
    teams = (team_name(match.teams[0], p[0], p[2]), team_name(match.teams[1], p[1], p[3]))
    key, same = _keys_of_match(match, result)
    # friend mode: no side has a level (levels_final holds N's and E's own), as the dataset stores it
    levels = ((None, None) if result.hands and result.hands[0].rules.friend else
              (_level(result.levels_final[0]), _level(result.levels_final[1])))
    return EventMatch(match_id=match_id, event=match.event, date=match.date, round=match.round,
                      table=match.table, teams=teams, players=p,
                      levels=levels, winner=winner,
                      decided_by=how, forfeit=result.forfeit, forfeit_reasons=tuple(result.forfeit_reasons),
                      source=source or match_id, key=key, same=same,
                      site=match.site)


def _level(v) -> int | None:
    """A final level, ``None`` when the record leaves it unknown (``None``, or a dataset's null)."""
    return None if v is None or v != v else int(v)


def _text(v) -> str | None:
    return v if isinstance(v, str) else None


def _reasons(text) -> tuple[str | None, str | None]:
    """The matches table's ``forfeit_reason`` (JSON by side) as ``(N–S's, E–W's)``; a dataset written
    before the column (null) or a value not read as such: not known, ``(None, None)``."""
    import json

    try:
        by_side = json.loads(text) if isinstance(text, str) else {}
    except ValueError:
        by_side = {}
    if not isinstance(by_side, dict):
        return None, None
    return tuple(v if isinstance(v, str) else None for v in (by_side.get("NS"), by_side.get("EW")))


def _dataset_keys(ds, rows: dict[str, dict]) -> dict[str, tuple[str, str]]:
    """:func:`_keys` of every match of a dataset, from its stored ``matches`` and ``hands`` rows."""
    from .reading import read_table
    from .rows import _SAME_HAND       # the hand columns rows.match_key reads

    table = read_table(ds, "hands")
    present = [c for c in ("match_id", *_SAME_HAND) if c in table.column_names]
    by_match: dict[str, list[dict]] = {}
    for h in table.select(present).to_pylist():
        by_match.setdefault(h["match_id"], []).append(h)
    out = {}
    for mid, row in rows.items():
        hands = by_match.get(mid, [])
        out[mid] = _keys(row, {c: [h.get(c) for h in hands] for c in _SAME_HAND}, len(hands))
    return out


def from_dataset(ds) -> list[EventMatch]:
    """Every match of a dataset folder, in the order the dataset stores them: a later copy of a
    match recorded twice (``stats.duplicate_matches``) as the first copy read from its own
    source, so that :func:`~.standings.select` leaves it out with a note."""
    from .reading import read_table
    from .stats import duplicate_matches, match_results, source

    with source(ds) as src:
        results = match_results(src)
        copies = duplicate_matches(src)
    table = read_table(ds, "matches")
    rows = {r["match_id"]: r for r in table.to_pylist()}
    keys = _dataset_keys(ds, rows)
    out = []
    for r in results.to_dict(orient="records"):
        row = rows.get(r["match_id"], {})
        players = tuple(_text(row.get(f"player_{s}")) for s in "nesw")
        teams = (team_name(_text(row.get("team_ns")), players[0], players[2]),
                 team_name(_text(row.get("team_ew")), players[1], players[3]))
        winner = {"NS": 0, "EW": 1}.get(r["winner"]) if isinstance(r["winner"], str) else None
        # "both" (both sides forfeited) names no one side: decided_by says it ("both forfeit")
        forfeit = {"NS": 0, "EW": 1}.get(row.get("forfeit")) if isinstance(row.get("forfeit"), str) else None
        source = f"{row.get('source_file')}#{row.get('match_index')}" if row else r["match_id"]
        key, same = keys.get(r["match_id"], (None, None))
        out.append(EventMatch(match_id=r["match_id"], event=_text(r["event"]), date=_text(row.get("date")),
                              round=_text(r["round"]), table=_text(r["table"]), teams=teams, players=players,
                              levels=(_level(r["level_ns"]), _level(r["level_ew"])), winner=winner,
                              decided_by=r["decided_by"], forfeit=forfeit, source=source, key=key, same=same,
                              site=_text(row.get("site")), forfeit_reasons=_reasons(row.get("forfeit_reason"))))
    first = {m.match_id: m for m in out}
    for later, kept in copies.items():
        row = rows.get(later)
        if kept in first and row is not None:    # the copy: the same match, from its own record
            out.append(replace(first[kept], match_id=later, source=f"{row.get('source_file')}#{row.get('match_index')}",
                               date=_text(row.get("date")), site=_text(row.get("site")),
                               key=keys[later][0], same=keys[later][1]))
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

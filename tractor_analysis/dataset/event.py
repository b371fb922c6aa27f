"""An event's matches as :class:`~.event_model.EventMatch` values: from replayed records, or from a
dataset's ``matches`` and ``hands`` tables.

Both ways decide a match alike: ``engine.scoring.decide_match`` for a replayed record,
``stats.match_results`` (the same decision from the stored rows) for a dataset; the tests
check that a record and its dataset give the same values.

Both ways also give each match the key ``tractor ingest`` recognises a match recorded twice by
(``match_identity.match_key``, from the rows ingest writes: the match's tags, players, starting levels,
ruleset and every hand), the same key without ``[Site]`` and ``[Date]`` and with ``[Event]`` read
letter case and spacing aside (a re-typed copy: the same event, round, table, players and hands
cannot be two matches), and a dataset's match the copy ingest marked it a copy of
(``duplicate_of``), so that :func:`~.standings.select` counts a match recorded twice once whatever
form it is read in.  The re-typed key is made here, where the standings decide copies, not in
``match_key`` itself: a stored dataset's keys stay what later ingests compare new matches with.

What the key leaves out, two records of one match may still differ in: each match also carries its
hands' claims, the digest of its canonical record text (the ``records`` table's text) and of that text
without the tags a note on copies names one by one (:func:`body_digest`) — from a dataset read only for
the matches that share a key, or a re-typed key, with another —, and the hand its record is known to
end inside, for the standings' notes.
"""
from __future__ import annotations

import glob
import os
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..engine.scoring import decide_match, stops_void
from ..engine.verdicts import MatchResult
from ..records.json_origin import record_line
from ..records.model import Match
from .schema import SCHEMAS
from .event_unread import UnreadNote, _round_unread, dataset_unread, problems_note, round_tag_unread, unread_notes
from .event_model import (EventMatch, folded_name, levels_left_open_entry, one_form, player_name, round_number,
                          team_name)

__all__ = ["from_result", "from_dataset", "from_inputs", "read_inputs", "is_dataset", "datasets_named", "matches_of",
           "body_digest", "record_name", "dataset_record_names"]


_MATCH_COLUMNS = tuple(f.name for f in SCHEMAS["matches"])
_RETYPED = ("site", "date")
"""What a re-typed copy of a match may differ in and still be the same match (:attr:`EventMatch.same`)."""


def _keys(row: dict, hands: dict[str, list], n: int) -> tuple[str, str]:
    """``(match_key, same)`` of a ``matches`` row (a dict by column) whose ``n`` hands are the last
    rows of ``hands`` (columns of the ``hands`` table): ingest's own ``match_identity.match_key``, and the
    same with ``[Site]`` and ``[Date]`` left out, ``[Event]`` folded (:func:`~.event_model.folded_name`:
    letter case and spacing aside) and ``[Round]`` and ``[Table]`` compared as the numbers the tool reads
    them as (:func:`_as_number`: ``"02"`` is round 2) — :attr:`EventMatch.same`."""
    from .match_identity import match_key

    event = row.get("event")
    folded = {**row, "event": folded_name(event) if isinstance(event, str) else event,
              "round": _as_number(row.get("round")), "table": _as_number(row.get("table"))}
    exact = match_key(tuple(row.get(c) for c in _MATCH_COLUMNS), hands, n)
    same = match_key(tuple(None if c in _RETYPED else folded.get(c) for c in _MATCH_COLUMNS), hands, n)
    return exact, same


def _as_number(value):
    """A ``[Round]`` or ``[Table]`` as :attr:`EventMatch.same` compares it: the number the tool reads it as
    (:func:`~.event_model.round_number`: ``"02"`` and ``" 2"`` are 2, written ``"2"``), a value that is no
    number as written (``"2a"`` stays ``"2a"``, never a guess at a number)."""
    n = round_number(value) if isinstance(value, str) else None
    return value if n is None else str(n)


def _hand_facts(hands: dict[str, list], n: int, void: bool = False) -> dict:
    """What the standings read of the hands of a match whose ``n`` hands are the last rows of ``hands`` (columns
    of the ``hands`` table), by :class:`~.event_model.EventMatch` field: each hand's ``[Claim]`` by hand number
    (``claims``), the hand the record is known to end inside (its last, ``stopped``: ``ends_inside``), the hands whose
    result is derived from a record that stops before their end (``derived`` naming ``outcome``, with the claim
    it rests on where ``claim_matches`` is null: ``derived_results``) and the hand in which a side passed the
    winning level (``match_over``: ``passed_in``), the hands whose levels after the record leaves open for a reason
    other than take-backs given as ``?`` or the hand it stops inside (``unknown``: ``levels_left_open``) and whether
    the hand it ends inside is void (``stopped_void``, ``void`` below).  A column a dataset written before it lacks gives nothing.
    ``void``: the match's ruleset says the hand its record stops inside does not count (``stopped_hand = void``
    with ``decide_by_levels``, docs/rules.md §8.5): a result derived from the cards left in that hand counts for
    nothing — not a derived result of the match's (its final levels are those the hand was played at)."""
    total = len(hands["hand_no"])
    numbered = [(j, int(hands["hand_no"][j])) for j in range(total - n, total) if hands["hand_no"][j] is not None]
    claim, stopped = hands.get("claim"), hands.get("stopped")
    derived, matches, over = hands.get("derived"), hands.get("claim_matches"), hands.get("match_over")
    unknown = hands.get("unknown")
    claims = tuple(sorted((h, None if claim is None or claim[j] is None else int(claim[j])) for j, h in numbered))
    # (a hand stopped early and followed by others is not where the record ends: its last hand is)
    last = max(numbered, key=lambda jh: (jh[1], jh[0]), default=None)
    inside = last is not None and stopped is not None and stopped[last[0]] is True
    results = tuple((h, None if claim is None or claim[j] is None or matches is None or matches[j] is not None
                     else int(claim[j]))
                    for j, h in numbered if derived is not None and derived[j] is not None and "outcome" in derived[j])
    if void and inside:
        results = tuple(r for r in results if r != (last[1], None))
    passed = [h for j, h in numbered if over is not None and over[j] is True]
    # the hands whose levels after the record leaves open for a reason other than take-backs given as "?" or the hand
    # it stops inside (an unknown withholding levels, tag other than Takebacks / Claim: explain_final_levels)
    left_open = tuple(sorted({h for j, h in numbered if unknown is not None and unknown[j] is not None
                              and any(levels_left_open_entry(e) for e in unknown[j])}))
    return {"claims": claims, "ends_inside": last[1] if inside else None, "derived_results": results,
            "passed_in": passed[0] if passed else None, "levels_left_open": left_open,
            "stopped_void": bool(void and inside)}


def _digest(text) -> str | None:
    """:attr:`~.event_model.EventMatch.digest` of a canonical record text (``None``: no text)."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() if isinstance(text, str) else None


_NAMED_ONE_BY_ONE = re.compile(r'^\[(?:Event|Site|Date|Round|Table|Claim) "[^\n]*\n?', re.MULTILINE)
"""The lines of a canonical ``.tgn`` text (``tgn_writer.format_tgn``: one tag, note or trick a line, a
value's line breaks escaped) that :func:`body_digest` leaves out."""


def body_digest(text) -> str | None:
    """:attr:`~.event_model.EventMatch.body` of a canonical record text: the digest of the text without its
    ``[Event]``, ``[Site]``, ``[Date]``, ``[Round]``, ``[Table]`` and ``[Claim]`` tags — what a note on two records of one match names
    one by one (:func:`~.event_copies.distinct`) —, so that two records whose bodies differ differ in something
    else too (a note, a tag the match key does not compare); ``None``: no text."""
    return _digest(_NAMED_ONE_BY_ONE.sub("", text)) if isinstance(text, str) else None


def _keys_of_match(match: Match, result: MatchResult) -> dict:
    """:func:`_keys` of a replayed match, from the rows ``tractor ingest`` would write for it, with its
    claims, the hand it ends inside (:func:`_hand_facts`) and the digest of its canonical record text
    (the ``records`` row ingest would store): :class:`~.event_model.EventMatch`'s fields by name."""
    from ..records.tgn_writer import format_tgn
    from .rows import TableBuilder
    from .schema import printable

    builder = TableBuilder("standings", records=False)
    builder.add_matches("", "0" * 16, 0, [match], [result])
    row = {c: values[-1] for c, values in builder.cols["matches"].items()}
    hands = builder.cols["hands"]
    key, same = _keys(row, hands, len(result.hands))
    void = result.stopped_at is not None and bool(result.hands) and stops_void(result.hands[0].rules)
    try:                    # the text ingest stores in ``records`` (rows.TableBuilder: printable(format_tgn))
        text = printable(format_tgn(match))
    except Exception:       # .tgn cannot hold it (Unwritable), or the writer fails: not known, and said so
        text = None
    return {"key": key, "same": same, **_hand_facts(hands, len(result.hands), void), "digest": _digest(text),
            "body": body_digest(text)}


def from_result(match_id: str, match: Match, result: MatchResult, source: str = "") -> EventMatch:
    """The event's view of one replayed match."""
    winner, how = decide_match(result)
    p = tuple(player_name(name) for name in match.players)     # read once, here: every command alike
    teams = (team_name(match.teams[0], p[0], p[2]), team_name(match.teams[1], p[1], p[3]))
    facts = _keys_of_match(match, result)
    # friend mode: no side has a level (levels_final holds N's and E's own), as the dataset stores it
    friend = bool(result.hands and result.hands[0].rules.friend)
    levels = (None, None) if friend else (_level(result.levels_final[0]), _level(result.levels_final[1]))
    spans = (None, None) if friend else tuple(_span(level, span) for level, span in
                                              zip(levels, result.levels_final_span))
    return EventMatch(match_id=match_id, event=match.event, date=match.date, round=match.round,
                      table=match.table, teams=teams, players=p,
                      levels=levels, level_spans=spans, winner=winner,
                      decided_by=how, forfeit=result.forfeit, forfeit_reasons=tuple(result.forfeit_reasons),
                      source=source or match_id, site=match.site,
                      ruleset=result.hands[0].rules.name if result.hands else match.ruleset,
                      rule_changes=_rule_changes(result, match), stop_forfeit=result.stop_forfeit, **facts)


def _rule_changes(result: MatchResult, match: Match) -> tuple[tuple[str, str], ...] | None:
    """:attr:`~.event_model.EventMatch.rule_changes` of a replayed match: its first hand's ruleset's options that
    differ from its preset; with no hand, none when ``[Ruleset]`` names a preset as it is, else not known."""
    from .match_identity import rules_changed

    if result.hands:
        rules = result.hands[0].rules
        return rules_changed(rules.name, rules.options())
    return rules_changed(match.ruleset, None)


def _level(v) -> int | None:
    """A final level, ``None`` when the record leaves it unknown (``None``, or a dataset's null)."""
    return None if v is None or v != v else int(v)


def _span(level: int | None, span) -> tuple[int, int] | None:
    """:attr:`~.event_model.EventMatch.level_spans`' entry of a side: its final level's range where the level
    is not known (``None``) and the readings bound it (both bounds known), else ``None``."""
    if level is not None or span is None or None in span:
        return None
    low, high = (_level(v) for v in span)
    return None if low is None or high is None else (low, high)


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


def _dataset_keys(ds, rows: dict[str, dict]) -> dict[str, dict]:
    """:func:`_keys` of every match of a dataset, from its stored ``matches`` and ``hands`` rows, with
    its claims and the hand it ends inside (:func:`_hand_facts`), by :class:`~.event_model.EventMatch`
    field."""
    from .reading import read_table
    from .match_identity import SAME_HAND       # the hand columns match_key reads

    table = read_table(ds, "hands")
    wanted = (*SAME_HAND, "claim", "stopped", "derived", "claim_matches", "match_over", "unknown")
    present = [c for c in ("match_id", *wanted) if c in table.column_names]
    by_match: dict[str, list[dict]] = {}
    for h in table.select(present).to_pylist():
        by_match.setdefault(h["match_id"], []).append(h)
    out = {}
    void = _void_stops(table)
    for mid, row in rows.items():
        hands = by_match.get(mid, [])
        columns = {c: [h.get(c) for h in hands] for c in wanted}
        key, same = _keys(row, columns, len(hands))
        out[mid] = {"key": key, "same": same, **_hand_facts(columns, len(hands), mid in void)}
    return out


def _void_stops(table) -> set[str]:
    """The matches of a dataset's ``hands`` table ``table`` whose ruleset says the hand the record stops inside does
    not count (the ``rules`` of a hand the record stops inside: ``stopped_hand`` ``void`` with ``decide_by_levels``
    on, docs/rules.md §8.5; :func:`_hand_facts`'s ``void``).  A dataset written before those columns: none."""
    import json

    if "stopped" not in table.column_names or "rules" not in table.column_names:
        return set()
    stopped = table.filter(table["stopped"].fill_null(False)).select(["match_id", "rules"])
    out = set()
    for mid, text in zip(stopped["match_id"].to_pylist(), stopped["rules"].to_pylist()):
        try:
            options = json.loads(text) if isinstance(text, str) else {}
        except ValueError:
            options = {}
        if isinstance(options, dict) and options.get("stopped_hand") == "void" and options.get(
                "decide_by_levels") == "on":
            out.add(mid)
    return out


def _dataset_digests(ds, ids: set[str]) -> dict[str, tuple[str, str]]:
    """:attr:`~.event_model.EventMatch.digest` and :attr:`~.event_model.EventMatch.body` of the matches ``ids``
    of a dataset, from its ``records`` table (a match without a records row — a dataset written before
    the table, a record ``.tgn`` cannot hold — has none).  Read for those alone: the table holds every
    match's whole text."""
    if not ids:
        return {}
    import pyarrow.dataset as pads

    from .reading import read_table

    table = read_table(ds, "records", columns=["match_id", "record"], filter=pads.field("match_id").isin(sorted(ids)))
    out = {}
    for mid, text in zip(table["match_id"].to_pylist(), table["record"].to_pylist()):
        if mid in ids and isinstance(text, str):
            out.setdefault(mid, (_digest(text), body_digest(text)))
    return out


def record_name(path, index: int, several: bool) -> str:
    """How a note names a match by its record (:attr:`~.event_model.EventMatch.source`): the file's path, and
    ``#n`` (``n`` the match's place in the file, counted from 1: ``match_index`` + 1) only when the file
    holds several matches — one form whether the match is read from its record file or from a dataset."""
    return f"{path}#{index + 1}" if several else str(path)


def dataset_record_names(rows: Iterable[tuple], in_file: Mapping[str, int] | None = None) -> list[str]:
    """:func:`record_name` of each of a dataset's ``matches`` rows ``rows`` (``(source_file, source_sha256,
    match_index)``), in their order, with ``in_file``: the matches read from each file by its SHA-256 (the
    ``files`` table's ``matches``, a match the engine failed on included, as a record file read counts it).
    A file holds several when it says so, when more than one of its matches is stored, or when one stored is
    not its first (its count not known: no ``files`` row given)."""
    rows = [(path, sha, int(index)) for path, sha, index in rows]
    in_file = in_file or {}
    stored = Counter(sha for _, sha, _ in rows)
    return [record_name(path, index, in_file.get(sha, 0) > 1 or stored[sha] > 1 or index > 0)
            for path, sha, index in rows]


def _names_of(ds, rows: dict[str, dict]) -> dict[str, str]:
    """:func:`dataset_record_names` of the matches ``rows`` (``matches`` rows by ``match_id``) of the dataset
    folder ``ds``, with the counts of its ``files`` table."""
    from .reading import read_table

    files = read_table(ds, "files", columns=["source_sha256", "matches"])
    in_file = {sha: n for sha, n in zip(files["source_sha256"].to_pylist(), files["matches"].to_pylist())
               if sha is not None and n is not None}
    names = dataset_record_names(((r.get("source_file"), r.get("source_sha256"), r.get("match_index") or 0)
                                  for r in rows.values()), in_file)
    return dict(zip(rows, names))


def from_dataset(ds) -> list[EventMatch]:
    """Every match of a dataset folder: the matches that count for ingest (``duplicate_of`` null;
    ``stats.duplicate_matches``) in the order ingest committed them as far as the dataset tells it
    (:func:`_commit_order`), which decides among the copies ingest does not mark
    (:attr:`EventMatch.same`), then each copy ingest marked, as the copy that counts read from its
    own record, naming it (:attr:`EventMatch.copy_of`), so that :func:`~.standings.select` leaves it
    out with a note."""
    from .match_identity import rules_changed
    from .reading import read_table
    from .stats import duplicate_matches, match_results, source

    with source(ds) as src:
        results = match_results(src)
        copies = duplicate_matches(src)
        # the options of each match whose ruleset's name says they were changed: its first hand's (the hand whose
        # ruleset name the matches table stores); a dataset that stores none (written before the column): not known
        options = dict(src.rows("select match_id, arg_min(rules, hand_no) from raw_hands where ruleset like '%+%' "
                                "and rules is not null group by match_id"))
    table = read_table(ds, "matches")
    rows = {r["match_id"]: r for r in table.to_pylist()}
    keys = _dataset_keys(ds, rows)
    names = _names_of(ds, rows)
    out = []
    for r in results.to_dict(orient="records"):
        row = rows.get(r["match_id"], {})
        players = tuple(player_name(_text(row.get(f"player_{s}"))) for s in "nesw")
        teams = (team_name(_text(row.get("team_ns")), players[0], players[2]),
                 team_name(_text(row.get("team_ew")), players[1], players[3]))
        winner = {"NS": 0, "EW": 1}.get(r["winner"]) if isinstance(r["winner"], str) else None
        # "both" (both sides forfeited) names no one side: decided_by says it ("both forfeit")
        forfeit = {"NS": 0, "EW": 1}.get(row.get("forfeit")) if isinstance(row.get("forfeit"), str) else None
        source = names.get(r["match_id"], r["match_id"])
        facts = keys.get(r["match_id"], {})
        out.append(EventMatch(match_id=r["match_id"], event=_text(r["event"]), date=_text(row.get("date")),
                              round=_text(r["round"]), table=_text(r["table"]), teams=teams, players=players,
                              levels=(_level(r["level_ns"]), _level(r["level_ew"])), winner=winner,
                              level_spans=tuple(_span(_level(r[f"level_{side}"]),
                                                      (row.get(f"level_{side}_final_low"),
                                                       row.get(f"level_{side}_final_high")))
                                                for side in ("ns", "ew")),
                              decided_by=r["decided_by"], forfeit=forfeit, source=source,
                              site=_text(row.get("site")), ruleset=_text(row.get("ruleset")),
                              rule_changes=rules_changed(_text(row.get("ruleset")), options.get(r["match_id"])),
                              forfeit_reasons=_reasons(row.get("forfeit_reason")),
                              stop_forfeit=_text(row.get("stop_forfeit")), **facts))
    order = _commit_order(ds, rows)
    out.sort(key=lambda m: order.get(m.match_id, (True, 0)))
    first = {m.match_id: m for m in out}
    for later, kept in sorted(copies.items(), key=lambda c: order.get(c[0], (True, 0))):
        row = rows.get(later)
        if kept in first and row is not None:    # the copy: the same match, from its own record
            out.append(replace(first[kept], match_id=later, source=names.get(later, later),
                               date=_text(row.get("date")), site=_text(row.get("site")), event=_text(row.get("event")),
                               copy_of=kept, **keys[later]))
    return out


def _commit_order(ds, rows: dict[str, dict]) -> dict[str, tuple]:
    """A sort key per match of a dataset: its batch's ``ingested_at`` (``files``: when the batch was
    written), then the order the dataset stores its rows in (``rows``: a batch's rows are in the
    order ingest read its inputs).  The dataset does not record the order its batches were committed
    in: batches written in the same millisecond keep the order the dataset stores them in (their
    parts by name), and a batch whose time is not stored comes last."""
    import pyarrow as pa

    from .reading import read_table

    files = read_table(ds, "files", columns=["batch", "ingested_at"])
    written: dict[str, int] = {}
    for batch, at in zip(files["batch"].to_pylist(), files["ingested_at"].cast(pa.int64()).to_pylist()):
        if batch is not None and at is not None:
            written[batch] = min(at, written.get(batch, at))
    out = {}
    for i, (mid, row) in enumerate(rows.items()):
        at = written.get(row.get("batch"))
        out[mid] = (at is None, at or 0, i)
    return out


def matches_of(pairs: Iterable[tuple[str, Match, MatchResult, str]]) -> list[EventMatch]:
    """:func:`from_result` of each ``(match_id, match, result, source)``."""
    return [from_result(mid, m, r, src) for mid, m, r, src in pairs]


_MADE_BY_INGEST = ("files", "matches", "hands")
"""Table folders every dataset holds: ``tractor ingest`` makes a dataset's folder with all its table
folders at once (``commit.ensure_dataset``), and these three from the first version on."""


def is_dataset(path: str | os.PathLike) -> bool:
    """A folder written by ``tractor ingest``: it holds the ``files``, ``matches`` and ``hands`` table
    folders (:data:`_MADE_BY_INGEST`).  A folder of records with one subfolder named like a table
    (``event/matches/r1.tgn``) is not a dataset; an empty path names nothing (``Path("")`` would be
    the current folder).  The one test of every command that reads datasets and records alike
    (``tractor standings``, ``ratings``, ``report``)."""
    if not os.fspath(path):
        return False
    p = Path(path)
    return p.is_dir() and all((p / t).is_dir() for t in _MADE_BY_INGEST)


def datasets_named(raw: str | os.PathLike) -> list[str]:
    """The dataset folders an input names: itself when it is one (:func:`is_dataset`); when it is a
    pattern naming no file or folder as written (``'data/*'``, quoted so that the shell left it), the
    datasets among what it matches, in sorted order — the record files it matches are read as every
    command reads a pattern (:func:`~tractor_analysis.records.input_files.iter_inputs`, which finds no
    record file inside a dataset); else none."""
    if is_dataset(raw):
        return [os.fspath(raw)]
    text = os.fspath(raw)
    if not text or os.path.lexists(text) or not glob.has_magic(text):
        return []
    return [hit for hit in sorted(glob.glob(text, recursive=True)) if is_dataset(hit)]


def from_inputs(inputs: Sequence[str | os.PathLike]) -> tuple[list[EventMatch], list[str]]:
    """The matches of datasets and record files or folders (like ``tractor report``), and a
    bilingual note per input that could not be read whole (:func:`read_inputs`: its notes, then
    those of what could not be read)."""
    matches, notes, unread = read_inputs(inputs)
    return matches, notes + unread


def read_inputs(inputs: Sequence[str | os.PathLike], passed_over: list[str] | None = None,
                ) -> tuple[list[EventMatch], list[str], list[str]]:
    """The matches of datasets and record files or folders (like ``tractor report``); a bilingual
    note per record read with problems whose matches still count (their verdicts are ``tractor
    check``'s: a problem the engine cannot judge past leaves the result unknown, and :func:`select`
    says so); and a bilingual note per record, or part of one, that could not be read and is not
    counted (:func:`unread_notes`, naming file:line:column; each an :class:`UnreadNote`, knowing the path) — a
    command exits 2 when there is one.  ``passed_over`` (a list, added to) gets the files a folder scan found
    and did not read, their names being no record file's, each once (:func:`passed_over_of`), for the
    caller to name (docs/dataset.md, "nothing found is skipped unsaid").  A team or player name written in two
    Unicode forms (composed and decomposed: canonically equivalent) is one name, in the form first read
    (:func:`~.event_model.one_form`)."""
    from ..engine.replay import replay_match
    from ..records.input_files import iter_inputs, scan_refusal
    from ..records.sources import load_file
    from .stats import rules_copy_notes, superseded_notes

    out: list[EventMatch] = []
    notes: list[str] = []
    unread: list[str] = []
    files: list[str | os.PathLike] = []
    datasets: list[tuple[str, int, int]] = []      # a dataset and the slice of ``out`` read from it
    for raw in inputs:
        for ds in datasets_named(raw):
            kept, said, _ = dataset_unread(ds, from_dataset(ds), notes)
            kept = _rules_copies_marked(ds, kept)
            datasets.append((ds, len(out), len(out) + len(kept)))
            out.extend(kept)
            unread.extend(said)
            notes.extend(superseded_notes(ds))      # an earlier version of a file, not counted: named (as stats does)
            notes.extend(rules_copy_notes(ds))      # one record stored twice under two rulesets: named (as ingest does)
        if not is_dataset(raw):         # a pattern's record files too
            files.append(raw)
    seen: set[str] = set()
    skipped: list = []
    for path in iter_inputs(files, seen=seen, passed_over=skipped):
        try:
            source = load_file(path)
        except OSError as exc:              # a file that cannot be read (a pipe a scan found …): said, not counted
            en, zh = scan_refusal(path) or (exc.strerror or str(exc),) * 2
            unread.append(UnreadNote(f"{path}: cannot read: {en}; not counted / {path}：无法读取：{zh}；未计入", path))
            continue
        problems = [(d.line, d.column, d.code, d.message, d.hand) for d in source.diagnostics]
        read: list[EventMatch] = []
        lines: list[int | None] = []        # each match's line in a JSON Lines file (record_line)
        for i, match in enumerate(source.matches):
            where = record_name(path, i, len(source.matches) > 1)
            try:
                result = replay_match(match)
            except Exception as exc:        # the engine must not take the standings down: said, not counted
                problems.append((0, 0, "engine_error", f"match {i + 1}: the rule engine failed ({type(exc).__name__}: "
                                 f"{exc}) / 规则引擎出错", None))
                continue
            read.append(from_result(f"{source.sha256[:16]}-{i}", match, result, where))
            lines.append(record_line(match))
        said, left = unread_notes(str(path), problems, len(read), lines, source.format == "jsonl")
        unread.extend(UnreadNote(n, path) for n in said)
        out.extend(_round_unread([m for i, m in enumerate(read) if i not in left], round_tag_unread(problems)))
        if problems and not said:
            notes.extend(problems_note(str(path), problems))
    if passed_over is not None:
        passed_over.extend(passed_over_of(skipped, seen))
    return one_form(_with_digests(out, datasets)), notes, unread


def _rules_copies_marked(ds, matches: list[EventMatch]) -> list[EventMatch]:
    """``matches`` (of the dataset ``ds``) with :attr:`~.event_model.EventMatch.rules_copy_of` set on each match of a
    pair that is one record stored under two rulesets (:func:`~.rules_copies.other_rules_copies`), naming the other
    (both: which is "later" in stored order does not decide which one counts)."""
    from .rules_copies import other_rules_copies

    of = {}
    for c in other_rules_copies(str(ds)):
        of.setdefault(c.later, c.earlier)
        of.setdefault(c.earlier, c.later)
    return [replace(m, rules_copy_of=of[m.match_id]) if m.match_id in of else m for m in matches] if of else matches


def passed_over_of(skipped: Sequence[str | os.PathLike], seen: set[str]) -> list[str]:
    """The files of ``skipped`` (the ``passed_over`` of :func:`~tractor_analysis.records.input_files.iter_inputs`)
    not read all the same (``seen``: the keys of the files it yielded — one named by another argument is read),
    each once."""
    out: dict[str, str] = {}
    for p in skipped:
        key = os.path.normcase(os.path.abspath(p))
        if key not in seen:
            out.setdefault(key, str(p))
    return list(out.values())


def _with_digests(matches: list[EventMatch], datasets: Sequence[tuple[str, int, int]]) -> list[EventMatch]:
    """``matches`` with the :attr:`~.event_model.EventMatch.digest` and :attr:`~.event_model.EventMatch.body`
    of each dataset match that shares its ``match_key``, or its re-typed key (:attr:`~.event_model.EventMatch.same`),
    with another match (its copies are compared: :func:`~.event_copies.distinct`), read from that dataset's
    ``records`` table (``datasets``: each dataset's path and slice of ``matches``)."""
    shared = Counter(m.key for m in matches if m.key is not None)
    shared_same = Counter(m.same for m in matches if m.same is not None)
    out = list(matches)
    for ds, start, stop in datasets:
        ids = {m.match_id for m in out[start:stop] if m.digest is None
               and (shared[m.key] > 1 or shared_same[m.same] > 1)}
        digests = _dataset_digests(ds, ids)
        for i in range(start, stop):
            if out[i].match_id in digests:
                whole, body = digests[out[i].match_id]
                out[i] = replace(out[i], digest=whole, body=body)
    return out

"""The report's inputs: record files and dataset folders read, replayed and added to the model.

:func:`read_inputs` is what a pending :class:`~.model.ReportModel` runs when it is written or
read: each record file — a folder's found as every other command finds them
(:func:`~tractor_analysis.records.input_files.iter_inputs`) — is loaded
(:mod:`tractor_analysis.records.sources`), replayed
(:mod:`tractor_analysis.engine.replay`) and added match by match (:func:`add_match`: the view,
then its fact rows); a dataset folder adds its rows (:func:`add_dataset`) and draws every
match from the record text the dataset stores (``records``), so a dataset stands alone.  The statistics tables
come last (:func:`add_stats`), from the rows a dataset stores — or, when the report is given rules of its own
(``--rules`` / ``--rule``), from the rows of its matches replayed under them, as a record file's are.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tractor_analysis.dataset.event import datasets_named, is_dataset, passed_over_of
from tractor_analysis.records.json_origin import record_line
from tractor_analysis.records.model import Match
from tractor_analysis.records.input_files import iter_inputs, named_keys, scan_refusal

from . import facts
from .fact_rows import CopyFinder, FileProblem
from .model import ReportModel
from .dataset_input import add_dataset, record_names
from .match_drawing import MatchSink, RulesFor, add_match


@dataclass(frozen=True)
class Pending:
    """What a pending :class:`ReportModel` will read: its inputs and the rules to judge by."""

    inputs: tuple[str | os.PathLike, ...]
    rules: RulesFor | None = None
    workers: int = 1
    """Processes that draw a dataset's matches (:func:`_draw_dataset_matches`); 1: this one."""

    def read(self, model: ReportModel, sink: MatchSink | None = None) -> None:
        """Read every input into ``model`` (:func:`read_inputs`)."""
        read_inputs(model, self, sink)


def read_inputs(model: ReportModel, pending: Pending, sink: MatchSink | None = None) -> None:
    """Read, replay and add every input of ``pending`` to ``model``, then the stats tables;
    each match's view goes through ``sink`` (see :func:`add_match`)."""
    rules, charts_on = pending.rules, model.charts_on
    taken: set[str] = set()
    datasets = []
    copies = CopyFinder()       # which record of a match recorded twice counts: the first committed
    # the datasets first, as the standings read them (the copy already stored counts), then the record
    # files in the order of the inputs (a folder's in sorted path order): the order ingest commits
    for raw in pending.inputs:
        for folder in datasets_named(raw):      # (the datasets a quoted pattern matches too)
            ds = add_dataset(model, Path(folder), taken, rules=rules, charts_on=charts_on, sink=sink,
                             workers=pending.workers, copies=copies)
            if ds is not None:
                datasets.append(ds)
    named, seen, skipped = named_keys(pending.inputs), set(), []
    for raw in pending.inputs:
        if is_dataset(raw):
            continue
        why = _names_nothing(raw)
        if why is not None:
            model.problems.append(FileProblem(why[0], 0, 0, "unreadable_file", why[1]))
            continue
        for path in iter_inputs([raw], named, seen, passed_over=skipped):
            add_record_file(model, path, taken, rules=rules, charts_on=charts_on, sink=sink, copies=copies)
    model.passed_over = passed_over_of(skipped, seen)      # no record's name: not read, for the command to say
    add_stats(model, datasets)


def _names_nothing(raw: str | os.PathLike) -> tuple[str, str] | None:
    """``(shown, message)`` for an input that names no file or folder (an empty one, one that does not
    exist, a pattern that matches nothing), else ``None``: then its record files are those the other
    commands read (:func:`~tractor_analysis.records.input_files.iter_inputs`: a named file whatever it
    is, a folder's by the project's rules on suffixes, links and files that are no regular file, a
    pattern the shell left as written — ``'event/*.tgn'`` — expanded as ``tractor check`` expands it)."""
    import glob

    if not os.fspath(raw):
        return '""', "empty path (an unset shell variable?) / 空路径（shell 变量未设置？）"
    if Path(raw).exists():
        return None
    if glob.has_magic(os.fspath(raw)):
        if glob.glob(os.fspath(raw), recursive=True):
            return None
        return str(raw), "no file or folder matches this pattern / 没有匹配此模式的文件或文件夹"
    return str(raw), "no such file or folder / 找不到文件或文件夹"


def add_stats(model: ReportModel, datasets: Sequence = ()) -> None:
    """The ``stats`` module's tables over every input — but the rounds after ``--after-round`` — (each dataset's tables, :func:`add_dataset`'s: the
    rows it stores, or with rules given the rows of its matches' replays under them; the replayed record
    files'), a second record of a match (:func:`_second_records`) left out as the event pages leave it out."""
    second = _second_records(model)
    # --after-round: the later rounds' matches are left out of the statistics too (facts.outside_rounds)
    outside = facts.outside_rounds(model)
    second |= {f.event.source for f in model.match_facts if f.match in outside and f.event.source}
    parts = [_without(ds, second) for ds in datasets]
    if model.replayed or model.tables is not None:
        parts.append(_without(facts.dataset_of(model.replayed, model.tables), second))
    ds = facts.concat_datasets(parts)
    if ds is not None and len(ds.hands):
        model.standings, model.stats = facts.stats_tables(ds)


def _second_records(model: ReportModel) -> set[str]:
    """The records (:attr:`~tractor_analysis.dataset.event_model.EventMatch.source`) of matches recorded
    twice that the standings' :func:`~tractor_analysis.dataset.event_copies.distinct` leaves out (a
    re-typed copy: ``[Site]`` or ``[Date]`` differ) and :func:`.facts.duplicate_matches` does not."""
    from tractor_analysis.dataset.event_copies import distinct

    dups = facts.duplicate_matches(model)
    events = [f.event for f in model.match_facts if f.event is not None and f.match not in dups]
    once = {m.match_id for m in distinct(events)[0]}
    return {m.source for m in events if m.match_id not in once}


def _without(ds, second: set[str]):
    """``ds`` without the rows of the matches of ``second`` (named as :func:`draw_match`'s ``where``:
    ``path``, or ``path#n`` for a file of several matches, :func:`~.dataset_input.record_names` — the
    replayed record files' rows and a dataset's alike)."""
    if not second or ds is None or not len(ds.matches):
        return ds
    m = ds.matches
    gone = set(m.loc[[name in second for name in record_names(ds)], "match_id"])
    if not gone:
        return ds
    return dataclasses.replace(ds, **{t: getattr(ds, t)[~getattr(ds, t)["match_id"].isin(gone)]
                                      for t in ds.__dataclass_fields__
                                      if "match_id" in getattr(getattr(ds, t), "columns", ())})


def _replay(model: ReportModel, match: Match, rules: RulesFor | None, source: str, index: int):
    """The match replayed, or ``None`` with a ``replay_failed`` problem: the engine must not take
    the whole report down."""
    from tractor_analysis.engine.replay import replay_match

    try:
        return replay_match(match, rules(match) if rules else None)
    except Exception as exc:
        model.problems.append(FileProblem(source, 0, 0, "replay_failed", f"match {index + 1}: the rule engine failed "
                                          f"on it ({type(exc).__name__}: {exc}); not drawn, not counted / 第 {index + 1} "
                                          f"场比赛：规则引擎出错（{type(exc).__name__}: {exc}）；未生成页面，未计入"))
        return None


def _mark_unread(model: ReportModel, start: int, shown: str, diagnostics, failed: int,
                 lines: list[int | None] | None = None, jsonl: bool = False) -> None:
    """The facts of a record file's matches (``model.match_facts[start:]``) marked not counted, with
    ``tractor standings``' note, when part of the file could not be read so that the result of the
    matches read from it is not known (:func:`~tractor_analysis.dataset.event_unread.unread_notes`, over the
    reader's ``diagnostics`` and the ``failed`` matches the engine could not replay; ``lines``: each
    fact's match's line in a JSON Lines file, where only the matches of the lines a problem names are; ``jsonl``: the
    file is one, each match it lost whole said in a note of its own).  The notes are kept for the index
    (:attr:`~.model.ReportModel.unread`)."""
    from tractor_analysis.dataset.event_unread import round_tag_unread, unread_notes

    problems = [(d.line, d.column, d.code, d.message, d.hand) for d in diagnostics]
    where = round_tag_unread(problems)       # a [Round] tag not read: the note on its round says so
    if where is not None:
        model.match_facts[start:] = [
            dataclasses.replace(f, event=dataclasses.replace(f.event, round_unread=where))
            if f.event is not None and f.event.round is None else f for f in model.match_facts[start:]]
    problems += [(0, 0, "engine_error", "", None)] * failed
    said, out = unread_notes(shown, problems, len(model.match_facts) - start, lines, jsonl)
    model.unread[shown] = said
    if out and said:
        model.match_facts[start:] = [dataclasses.replace(f, unread=said[0]) if i in out else f
                                     for i, f in enumerate(model.match_facts[start:])]


def add_record_file(model: ReportModel, path: Path, taken: set[str], *,
                    rules: RulesFor | None = None, charts_on: bool = True,
                    collect: bool = True, sink: MatchSink | None = None,
                    copies: CopyFinder | None = None) -> None:
    """Read, replay and add one record file (``collect``: also count it in the stats tables;
    ``sink``, ``copies``: see :func:`add_match`).  The file's replayed matches are held until its rows
    are added to ``model.tables``, then let go."""
    from tractor_analysis.dataset import printable
    from tractor_analysis.records.sources import load_file

    shown = printable(str(path))      # a name that is not UTF-8 (GBK from a Windows zip) shows its bytes
    model.sources.append(shown)
    refused = scan_refusal(path)
    if refused is not None:           # a pipe, socket or device a folder scan found: never opened
        model.problems.append(FileProblem(shown, 0, 0, "unreadable_file",
                                          f"cannot read: {refused[0]} / 无法读取：{refused[1]}"))
        return
    try:
        source = load_file(path)
    except OSError as exc:
        model.problems.append(FileProblem(shown, 0, 0, "unreadable_file",
                                          f"cannot read / 无法读取: {exc.strerror or exc}"))
        return
    for d in source.diagnostics:
        model.problems.append(FileProblem(shown, d.line, d.column, d.code, d.message))
    if source.encoding_note:
        model.encodings.append((shown, source.encoding_note))
    stem = printable(path.name).split(".")[0] or "record"
    several = len(source.matches) > 1
    replayed: tuple[list, list] = ([], [])
    start, failed = len(model.match_facts), 0
    lines: list[int | None] = []        # each drawn match's line in a JSON Lines file
    for i, match in enumerate(source.matches):
        result = _replay(model, match, rules, shown, i)
        if result is None:
            failed += 1
            continue
        lines.append(record_line(match))
        add_match(model, match, result, source=shown,
                  fallback_title=f"{stem}-{i + 1}" if several else stem, taken=taken,
                  charts_on=charts_on, sink=sink, where=f"{shown}#{i + 1}" if several else shown, copies=copies)
        if collect:
            replayed[0].append(match)
            replayed[1].append(result)
    _mark_unread(model, start, shown, source.diagnostics, failed, lines, source.format == "jsonl")
    if collect and replayed[0]:
        if model.tables is None:
            model.tables = facts.table_builder()
        facts.add_file_rows(model.tables, shown, source.sha256, replayed[0], replayed[1])

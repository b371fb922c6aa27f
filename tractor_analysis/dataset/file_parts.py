"""One input file of an ingest as parts of whole matches, read and replayed (and analysed with
``ingest --analyse``): what a worker turns into rows (:mod:`.pipeline` batches them, :mod:`.rows`
builds the rows).  Never raises for the content: problems are diagnostics."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import BinaryIO, Iterator

from ..records.diagnostics import Diagnostic
from ..records.limits import DEFAULT_MAX_BYTES
from ..records.input_files import NotRegularFile, open_regular as _open_regular, os_reason

_INT16 = 32767
"""``hand_no`` is an int16 column: a hand number beyond it cannot be stored."""


def _unstorable_hand(match) -> Diagnostic | None:
    """A ``bad_value`` for the first hand whose number does not fit ``hand_no`` (else ``None``)."""
    for h in match.hands:
        if not -_INT16 - 1 <= h.number <= _INT16:
            n = str(h.number) if abs(h.number) < 10 ** 12 else str(h.number)[:12] + "…"
            return Diagnostic("bad_value", f"hand {n}: the hand number does not fit the dataset (hand_no holds "
                              f"{-_INT16 - 1}..{_INT16}); the match is not stored / 局号 {n} 超出数据集 hand_no 列的"
                              f"范围（{-_INT16 - 1}..{_INT16}）；该比赛未存入", h.line, 1 if h.line else 0)
    return None


EMPTY_KEY = "empty:"
"""The start of an empty file's manifest key (:func:`empty_file_key`)."""


def empty_file_key(opened: str | os.PathLike) -> str:
    """The manifest key (``source_sha256``) of a file of 0 bytes: ``empty:<absolute path>``, in place of
    its content hash.  Every empty file has the SHA-256 of no bytes: keyed by it, a second empty file
    would be taken for a copy of the first (or for a file already in the dataset) and not stored,
    though it copies no record.  Keyed by its path (as an unreadable path is), each empty file gets
    its own ``files`` row and ``empty_file`` error, and a re-run skips it as already stored."""
    return EMPTY_KEY + os.path.abspath(opened)


def holds_no_text(opened: str | os.PathLike) -> bool:
    """Whether the gzip file ``opened`` (its bytes begin with the gzip magic) is sound and holds no byte of text:
    the readers' ``empty_file`` (:func:`~tractor_analysis.records.sources.empty_diag`, "the gzip data holds 0
    bytes of text"), as a file of 0 bytes is — its key is then its path too (:func:`empty_file_key`): two such
    files are byte for byte alike (no name, the same second), yet neither copies a record.  Decompressed as
    the streaming reader does (every member, trailing bytes after the last ignored), up to the first byte of
    text only; a gzip cut short or corrupt is not empty (``truncated_file``: its bytes are the content)."""
    from ..records.streaming import _Raw

    try:
        with open_regular(opened) as fh:
            raw = _Raw(fh, True)
            for _ in raw.chunks():
                return False
            return raw.problem is None
    except (OSError, ValueError):
        return False


def open_regular(opened: str | os.PathLike) -> BinaryIO:
    """:func:`~tractor_analysis.records.input_files.open_regular`, unbuffered (ingest reads into its own
    buffers): a named pipe, a socket or a device is refused (:class:`NotRegularFile`), never waited on."""
    return _open_regular(opened, buffering=0)


@dataclass(slots=True)
class _Part:
    """Whole matches of one file (``first``: the index of the first in the file), replayed, and the
    diagnostics that came with them; the file's last part has ``end`` set."""

    first: int
    matches: list
    results: list
    diags: list[Diagnostic]
    end: tuple | None = None
    """``(format, matches in the file, encoding, encoding note)`` on the last part."""


def read_and_replay(path: str, opened: str | os.PathLike, choice, max_bytes: int = DEFAULT_MAX_BYTES,
                    analyse=None) -> Iterator[_Part]:
    """The parts of one file, read (:class:`~tractor_analysis.records.streaming.StreamedFile`: a
    big JSON Lines file a line at a time, anything else whole) and replayed; never raises for
    the content.  Memory is bounded by one part: one match of a streamed file, one file else."""
    from ..records.streaming import StreamedFile

    try:
        source = StreamedFile(opened, None, max_bytes)
    except NotRegularFile as exc:   # (a path become a pipe or a device since it was looked at)
        yield _Part(0, [], [], [Diagnostic("unreadable_file", f"cannot read {path}: {exc.words[0]} / "
                                                              f"无法读取文件 {path}：{exc.words[1]}")],
                    end=(None, 0, None, None))
        return
    except OSError as exc:
        en, zh = os_reason(exc, path)
        yield _Part(0, [], [], [Diagnostic("unreadable_file", f"cannot read {path}: {en} / 无法读取文件 {path}：{zh}")],
                    end=(None, 0, None, None))
        return
    except Exception as exc:  # a reader bug must not stop the batch: record it
        yield _Part(0, [], [], [Diagnostic(
            "read_error", f"cannot read {path}: {type(exc).__name__}: {exc} / 无法读取文件 {path}（{type(exc).__name__}）")],
            end=(None, 0, None, None))
        return
    if source.whole is not None:      # read whole: one part
        matches, diags = list(source.whole.matches), list(source.whole.diagnostics)
        yield _Part(0, matches, _replay(matches, 0, choice, diags, analyse), diags,
                    end=(source.format, len(matches), source.encoding, source.encoding_note))
        return
    n = [0]
    try:
        yield from _pieces(source, n, choice, analyse)
    except Exception as exc:  # a reader bug in the middle of a stream: what was read stays
        source.close()
        yield _Part(n[0], [], [], [Diagnostic(
            "read_error", f"cannot read {path} past match {n[0]}: {type(exc).__name__}: {exc} / "
                          f"无法读取文件 {path}（{type(exc).__name__}）")], end=(source.format, n[0], None, None))
        return
    yield _Part(n[0], [], [], source.leading + source.trailing,
                end=(source.format, n[0], source.encoding, source.encoding_note))


class Unsplittable(Exception):
    """A segment of a file that is not to be read in segments after all (the reading would not
    stream it): the file is read at once instead."""


def read_segment(path: str, opened: str | os.PathLike, choice, max_bytes: int, analyse, segment,
                 first: int) -> Iterator[_Part]:
    """The parts of one segment of a big JSON Lines file (:class:`.segments.Segment`), read from its
    start to its end (:class:`~tractor_analysis.records.streaming.StreamedFile` with ``segment``)
    and replayed, numbered from ``first`` (the index in the file of the segment's first match, as
    the planning guessed it); the last part has ``end = (format, matches, encoding, encoding note,
    segment end)`` and no rows.  Raises :class:`Unsplittable`, or what the reader raised: the
    caller then reads the file at once."""
    from ..records.streaming import StreamedFile

    source = StreamedFile(opened, None, max_bytes, segment=(segment.start, segment.end, segment.first_line,
                                                            segment.last))
    if not source.splittable:
        raise Unsplittable(path)
    n = [first]
    try:
        yield from _pieces(source, n, choice, analyse)
    finally:
        source.close()
    yield _Part(n[0], [], [], [], end=(source.format, n[0] - first, source.encoding, source.encoding_note,
                                       source.segment_end))


def _pieces(source, n: list[int], choice, analyse) -> Iterator[_Part]:
    """The parts of a streamed source, a piece (one line's matches) at a time, replayed; ``n[0]``
    is the index in the file of the next match (numbered from its value on entry, kept up to
    date, so that the caller knows where a failing reader stopped)."""
    for piece in source:
        matches = list(piece.matches)
        diags = list(piece.diagnostics)
        yield _Part(n[0], matches, _replay(matches, n[0], choice, diags, analyse), diags)
        n[0] += len(matches)


def _replay(matches: list, first: int, choice, diags: list[Diagnostic], analyse=None) -> list:
    """The replays of ``matches`` (``None`` for one that cannot be stored or replayed, with a
    diagnostic added to ``diags``)."""
    from ..engine.replay import replay_match

    results = []
    for i, match in enumerate(matches, first):
        bad = _unstorable_hand(match)
        if bad is not None:
            results.append(None)
            diags.append(bad)
            continue
        try:
            rules = choice.for_match(match) if choice is not None else None
            # the tricks' hands_before: read by the endgame analysis only, never by the rows
            results.append(replay_match(match, rules=rules, hands_before=analyse is not None))
        except Exception as exc:  # an engine bug must not stop the batch: record it
            results.append(None)
            first_line = match.hands[0].line if match.hands else 0
            diags.append(Diagnostic(
                "replay_error", f"match {i + 1}: the engine failed ({type(exc).__name__}: {exc}) / "
                                f"复盘失败", first_line, 0))
    return _analyse(results, analyse, matches)


def _analyse(results: list, options, matches: list | None = None) -> list:
    """``ingest --analyse``: the endgame analysis of every replayed hand, carried with the results
    to the ``plays`` rows (:mod:`.analysis`); ``results`` as they are without the option.  The
    options (:class:`tractor_analysis.analysis.batch.AnalyseOptions`, from the CLI) run the solver:
    the dataset does not know it."""
    if options is None:
        return results
    return options.analyse_results(results, matches)

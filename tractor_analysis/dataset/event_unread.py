"""What of a record file an event reads could not be read, and which of its matches are left out for it.

From the reader's diagnostics (record files) or a dataset's ``errors`` rows: the bilingual notes naming the first such
problem by file:line:column (:func:`unread_notes`, :class:`UnreadNote`), which matches read from the file are left out
(a hand skipped or the file cut short: every match read from it, or in JSON Lines the match of the line named),
a ``[Round]`` tag that could not be read (:func:`round_tag_unread`), the notes on files read with problems that cost
no match (:func:`problems_note`), and the rounds in which a team has no match counted for a record not read
(:func:`unread_in_rounds`).  Split out of :mod:`.event` (which makes an event's matches) when it passed 700 lines.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from .event_model import EventMatch

__all__ = ["NOT_READ", "UnreadNote", "dataset_unread", "problems_note", "round_tag_unread", "unread_in_rounds",
           "unread_notes"]


NOT_READ = frozenset({"invalid_json", "json_shape", "too_deep", "too_large", "truncated_file", "decode_error",
                      "binary_file", "empty_file", "unreadable_file", "engine_error", "replay_error",
                      "store_error"})
"""Diagnostic codes that mean part of a record was not read: a match or a hand skipped
(``json_shape``: "the hand is skipped" / "the match is skipped"), the file cut short or not
text, the engine failing on it.  A match that lost a hand to one has no known result."""


def _located(path: str, line: int, column: int) -> str:
    return f"{path}:{line}:{column}" if line > 0 and column > 0 else f"{path}:{line}" if line > 0 else str(path)


_ROUND_TAG = re.compile(r'^(?:unclosed tag \[Round:|malformed tag "\[Round\b)')
"""The message of a reader's diagnostic on a ``[Round]`` tag it could not read (``unclosed_tag``: the value not
followed by ``]``; ``syntax_error``: a malformed tag), which leaves the match without a round."""


def round_tag_unread(problems: Sequence[tuple[int, int, str, str, int | None]]) -> tuple[int, int] | None:
    """``(line, column)`` of the first of ``problems`` (as :func:`unread_notes` takes them) that is a ``[Round]``
    tag the reader could not read (:data:`_ROUND_TAG`), else ``None``."""
    for line, column, code, message, _ in problems:
        if code in ("unclosed_tag", "syntax_error") and _ROUND_TAG.match(message):
            return line, column
    return None


def problems_note(path: str, problems: Sequence[tuple[int, int, str, str, int | None]]) -> list[str]:
    """The notes on a record read with problems that did not cost it a match (those :func:`unread_notes` says
    nothing of): a ``[Round]`` tag that could not be read, named by file:line:column (the match is read without
    it); and, for any other problem, how many, the first named: counted on what could be read."""
    notes = []
    at = round_tag_unread(problems)
    if at is not None:
        where = _located(path, *at)
        notes.append(f"{where}: the [Round] tag could not be read (see 'tractor check'); the match is read without "
                     f"a round / {where}：[Round] 标签无法读取（见 tractor check）；该场比赛按没有轮次读取")
    rest = [p for p in problems if not (p[2] in ("unclosed_tag", "syntax_error") and _ROUND_TAG.match(p[3]))]
    if rest:
        first = _located(path, rest[0][0], rest[0][1])
        notes.append(f"{first}: {len(rest)} problem(s) in the record (see 'tractor check'); counted on what could be "
                     f"read / {first}：记录中有 {len(rest)} 个问题（见 tractor check）；按可读取的部分计入")
    return notes


def _lost_part(p: tuple) -> bool:
    """A problem (as :func:`unread_notes` takes them) that cost a match read part of it: a hand skipped (a problem
    in a hand but the engine's), or the file cut short."""
    return (p[4] is not None and p[2] not in ("engine_error", "replay_error")) or p[2] == "truncated_file"


def _left_out(unread: Sequence[tuple], lines: Sequence[int | None] | None, n_matches: int) -> frozenset[int]:
    """Which of the ``n_matches`` matches read from a file are left out for the part lost (``unread``: the problems
    :func:`_lost_part` says so of): every one, unless the file is JSON Lines (``lines``: each match's line, as
    :func:`record_line` gives it) and each problem names its line — the file not cut short (where a cut stream
    ends is not known to be a line's end) —: then the matches of those lines, and any whose line is not known."""
    lost = [p for p in unread if _lost_part(p)]
    if not lost:
        return frozenset()
    if (lines is None or len(lines) != n_matches or any(p[2] == "truncated_file" or p[0] <= 0 for p in lost)):
        return frozenset(range(n_matches))
    damaged = {p[0] for p in lost}
    return frozenset(i for i, line in enumerate(lines) if line is None or line in damaged)


def _lost_lines(unread: Sequence[tuple], lines: Sequence[int | None] | None, n_matches: int,
                jsonl: bool) -> dict[int, list[tuple]]:
    """The lines of a JSON Lines file whose match was lost whole (a line not JSON, a match skipped, the engine failing
    on it), each with its problems of ``unread`` in order: the lines of those problems no match read is on (``lines``,
    as :func:`unread_notes` takes them) and no problem that cost a read match a part (:func:`_lost_part`) names.
    Empty unless the file is known to hold one match a line (``jsonl``, or a match read whose line is known) and is
    not cut short (where a cut stream ends is not known to be a line's end)."""
    if (lines is None or len(lines) != n_matches or not (jsonl or any(line is not None for line in lines))
            or any(p[2] == "truncated_file" for p in unread)):
        return {}
    taken = {line for line in lines if line is not None} | {p[0] for p in unread if _lost_part(p)}
    out: dict[int, list[tuple]] = {}
    for p in unread:
        if p[0] > 0 and p[0] not in taken:
            out.setdefault(p[0], []).append(p)
    return dict(sorted(out.items()))


def _line_lost_note(path: str, line: int, problems: Sequence[tuple], counted: int) -> str:
    """The note on the match of JSON Lines ``line`` lost whole (its ``problems``, the first named by file:line:column
    and quoted), ``counted`` the matches read from the file that count."""
    first = problems[0]
    where = _located(path, first[0], first[1])
    more = len(problems) - 1
    also_en = f" (and {more} more on this line: see 'tractor check')" if more else ""
    also_zh = f"（此行另有 {more} 处：见 tractor check）" if more else ""
    rest_en = (f"the other {counted} match(es) read from this record are counted" if counted else
               "no other match of this record is counted")
    rest_zh = f"此记录中读出的其余 {counted} 场比赛照常计入" if counted else "此记录中没有其他比赛计入"
    return (f"{where}: the match on line {line} could not be read{also_en}; not counted (one match a line: "
            f"{rest_en}) / {where}：第 {line} 行的比赛无法读取{also_zh}；未计入（每行一场比赛：{rest_zh}） — "
            f"{first[3]}")


def unread_notes(path: str, problems: Sequence[tuple[int, int, str, str, int | None]],
                 n_matches: int, lines: Sequence[int | None] | None = None,
                 jsonl: bool = False) -> tuple[list[str], frozenset[int]]:
    """What of one record file could not be read, from its problems ``(line, column, code, message,
    hand)`` (the reader's diagnostics, or a dataset's ``errors`` rows) and the number of matches read
    from it: bilingual "not counted" notes naming the first such problem by file:line:column, and
    which of the matches read from it (their indexes, in the order read) must be left out too (a hand
    was skipped, or the file cut short: the result of the match that lost it is not known).  Which
    match lost it is not known unless the file holds one match, or is JSON Lines (``lines``: each
    match's line, :func:`record_line`; one match a line, so the problem's line names it): otherwise
    every match read from the file is left out.  A match skipped whole, or one the engine failed on,
    is not among those read: only it is named — in a JSON Lines file (a match read with its line known, or
    ``jsonl``: the file's format is) each such match in a note of its own naming its line (:func:`_lost_lines`),
    after the note on the matches read that are left out, which is the first note whenever there is one."""
    unread = [p for p in problems if p[2] in NOT_READ]
    if not problems or (n_matches and not unread):
        return [], frozenset()
    lost = _lost_lines(unread, lines, n_matches, jsonl)
    rest = [p for p in unread if p[0] not in lost]
    out = _left_out(rest, lines, n_matches)
    each = [_line_lost_note(path, line, ps, n_matches - len(out)) for line, ps in lost.items()]
    if lost and not rest:
        return each, out
    first = (rest or list(problems))[0]
    where = _located(path, first[0], first[1])
    message = first[3]
    more = len(rest or problems) - 1
    also_en = f" (and {more} more: see 'tractor check')" if more else ""
    also_zh = f"（另有 {more} 处：见 tractor check）" if more else ""
    if not n_matches:
        return [f"{where}: no match could be read from this record{also_en}; not counted / "
                f"此记录中没有可读取的比赛{also_zh}；未计入 — {message}", *each], out
    # a hand skipped (or the file cut short) belongs to some match read: its result is not known;
    # a match skipped whole, or one the engine failed on, is simply not among those read
    if len(out) == n_matches:
        return [f"{where}: part of a match could not be read{also_en}, so its result is not known; the "
                f"{n_matches} match(es) read from this record are not counted / 比赛有部分内容无法读取{also_zh}，"
                f"结果未知；此记录中读出的 {n_matches} 场比赛均未计入 — {message}", *each], out
    if out:
        named = sorted({line for i, line in enumerate(lines or ()) if i in out and line is not None})
        known = sum(1 for i, line in enumerate(lines or ()) if i in out and line is not None)
        unknown = len(out) - known      # each match left out counted once: on a line named, or its line unknown
        at_en = f"{known} match(es) on line {', '.join(map(str, named))}" if known else ""
        at_zh = f"第 {'、'.join(map(str, named))} 行的 {known} 场比赛" if known else ""
        if unknown:
            at_en += (", and " if known else "") + f"{unknown} match(es) whose line is not known (no hand read)" + (
                "," if known else "")
            at_zh += ("，另有 " if known else "") + f"{unknown} 场不知在哪一行的比赛（未读出任何一局）"
        return [f"{where}: part of a match could not be read{also_en}, so its result is not known; the {at_en} "
                f"are not counted (one match a line: the other {n_matches - len(out)} "
                f"match(es) read from this record are) / 比赛有部分内容无法读取{also_zh}，结果未知；"
                f"{at_zh}未计入（每行一场比赛：此记录中读出的其余 {n_matches - len(out)} "
                f"场比赛照常计入） — {message}", *each], out
    return [f"{where}: a match in this record could not be read{also_en}; not counted (the {n_matches} "
            f"match(es) read from it are) / 此记录中有比赛无法读取{also_zh}；未计入（其中读出的 {n_matches} "
            f"场比赛照常计入） — {message}", *each], out


class UnreadNote(str):
    """A note on a record (or part of one) that could not be read (:func:`unread_notes`), knowing the
    record's path (:attr:`path`: :func:`unread_in_rounds` names it); it reads as its text everywhere."""

    path: str = ""

    def __new__(cls, text: str, path: str) -> "UnreadNote":
        note = super().__new__(cls, text)
        note.path = str(path)
        return note


def _round_unread(matches: Sequence[EventMatch], where: tuple[int, int] | None) -> list[EventMatch]:
    """``matches`` (those read from one record) with :attr:`~.event_model.EventMatch.round_unread` ``where`` on each
    without a ``[Round]``, when a ``[Round]`` tag of the record could not be read (``where`` not ``None``)."""
    if where is None:
        return list(matches)
    return [replace(m, round_unread=where) if m.round is None else m for m in matches]


def dataset_unread(ds, matches: list[EventMatch], problem_notes: list[str] | None = None,
                   ) -> tuple[list[EventMatch], list[str], dict[str, str]]:
    """:func:`unread_notes` of each file of a dataset from its ``errors`` table: the matches kept, the
    notes (:class:`UnreadNote`), and each match left out (its ``match_id``) → the note saying why (``tractor
    report`` leaves them out alike) — a file's every match, or in a JSON Lines file the matches of the lines
    a problem names (the ``matches`` column ``jsonl_line``; null, as in a dataset written before it: not known),
    each match a JSON Lines file lost whole in a note of its own (the ``files`` column ``format``).  ``problem_notes`` (a list, added to) gets the notes
    on the files read with problems that cost them no match (:func:`problems_note`), as record files get them;
    a match whose ``[Round]`` tag could not be read gets :attr:`~.event_model.EventMatch.round_unread`."""
    from .reading import read_table

    table = read_table(ds, "errors")
    if not table.num_rows:
        return matches, [], {}
    stored = read_table(ds, "matches", columns=["match_id", "source_file", "jsonl_line"])
    file_of = dict(zip(stored["match_id"].to_pylist(), map(str, stored["source_file"].to_pylist())))
    line_of = dict(zip(stored["match_id"].to_pylist(), stored["jsonl_line"].to_pylist()))
    files = read_table(ds, "files", columns=["source_file", "format"])
    jsonl = {str(f) for f, fmt in zip(files["source_file"].to_pylist(), files["format"].to_pylist()) if fmt == "jsonl"}
    by_file: dict[str, list] = {}
    for e in table.to_pylist():
        by_file.setdefault(str(e.get("source_file")), []).append(
            (int(e.get("line") or 0), int(e.get("column") or 0), str(e.get("code")), str(e.get("message")),
             e.get("hand_no")))
    ids: dict[str, list[str]] = {}
    for m in matches:
        ids.setdefault(file_of.get(m.match_id, ""), []).append(m.match_id)
    notes, dropped, rounds = [], {}, {}
    for path, problems in by_file.items():
        read = ids.get(path, [])
        said, out = unread_notes(path, problems, len(read), [line_of.get(mid) for mid in read], path in jsonl)
        notes.extend(UnreadNote(n, path) for n in said)
        if out and said:
            dropped.update((read[i], said[0]) for i in out)
        if problems and not said and problem_notes is not None:
            problem_notes.extend(problems_note(path, problems))
        rounds[path] = round_tag_unread(problems)
    return ([_round_unread([m], rounds.get(file_of.get(m.match_id)))[0] for m in matches
             if m.match_id not in dropped], notes, dropped)


_ROUND_ASKS = ("a record missing, a bye or a withdrawal?", "缺少记录、轮空还是退赛？")
"""What the note on a round some teams have no match counted in asks (``event_warnings``'
``_missing_from_rounds``), English and 中文: :func:`unread_in_rounds` adds the records not read to it."""


def unread_in_rounds(notes: Sequence[str], records: Sequence[str]) -> list[str]:
    """``notes`` (:func:`~.event_warnings.warnings`) with each round's note on teams with no match counted
    saying, when some records could not be read (``records``: their paths, or the :class:`UnreadNote` of
    :func:`read_inputs`), that a record could not be read and naming each: the missing match may be in one
    (which round a record that could not be read holds is not known: never guessed)."""
    named = list(dict.fromkeys(r.path if isinstance(r, UnreadNote) else str(r) for r in records))
    if not named:
        return list(notes)
    en_ask, zh_ask = _ROUND_ASKS
    en = (f"a record missing, a bye or a withdrawal? {len(named)} record(s) could not be read "
          f"({', '.join(named)}): the match may be in one;")
    zh = f"缺少记录、轮空还是退赛？有 {len(named)} 份记录无法读取（{'、'.join(named)}）：该场比赛可能在其中；"
    return [n.replace(en_ask, en, 1).replace(zh_ask, zh, 1) if en_ask in n and zh_ask in n else n for n in notes]

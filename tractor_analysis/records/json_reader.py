"""JSON records: ``.json`` (one match object, or a list of them) and ``.jsonl`` (one match per line).

Field names are the fixed ones of ``docs/format.md``, where the extensions are
written up too:

* a trick is a list of plays, or — when it carries annotations or a number other
  than the next one — an object ``{"number": 3, "plays": [...], "notes": [...]}``;
* a play may carry ``"notes"``; ``"rules"`` may be a list of ``[name, value]``
  pairs when a name repeats;
* fields this module does not know (top level, and in a hand) are kept in the
  record's ``tags``: a string value as it is, any other value as its JSON text
  under the name ``<field>:json``; they are written back as they came
  (:mod:`.json_writer`).  Tags that cannot be written as fields (a name that is a
  known field, or repeats) go to a ``"tags"`` list of ``[name, value]`` pairs instead.

This module reads a match and holds the entry points; the pieces it puts together:
:mod:`.json_decode` (text → values, never raising), :mod:`.json_document` (a match's hands decoded one
at a time), :mod:`.json_problems` (where a problem is, and the cap on how many a file lists),
:mod:`.json_fields` (checking and converting field values), :mod:`.json_hands` (hands, tricks and plays)
and :mod:`.json_layout` (the known fields).

Diagnostics: a decoder error has the decoder's line:column; a problem inside a
match has the hand number and trick number and the line:column of the value
concerned (found by :func:`~.json_problems.value_positions`, run only when a record has a problem).  A hand
of the wrong shape is skipped with a ``json_shape`` diagnostic; the other hands
are kept.  A file lists its first :data:`~.diagnostics.MAX_DIAGNOSTICS` problems, then
how many more there were.  JSON nested too deeply for the decoder is ``invalid_json``
at 1:1; a lone UTF-16 surrogate escape (``"\\ud800"``) is read as U+FFFD with a
``decode_error`` at the escape.  Nothing here raises for bad content.
"""
from __future__ import annotations

import dataclasses

import json
from typing import Any

from .diagnostics import MAX_DIAGNOSTICS, Diagnostic, bilingual, clip_at
from .frozen import gc_paused, settle_as_old
from .json_decode import split_lines, surrogate_diags
from .json_document import HandValues, decode_lazily
from .json_fields import (Shape, as_notes, as_players, as_rules, as_tags, as_teams, as_text, shape_zh, type_name,
                          zh_type)
from .json_hands import HandReader
from .json_layout import MATCH_FIELDS
from .hand_numbers import by_place, place_numbers
from .json_origin import JsonFile, JsonOrigin, mark_hands
from .json_problems import JsonText, ProblemBudget
from .model import Hand, Match
from .rulesets import build_ruleset, rule_problems

__all__ = ["parse_json", "parse_jsonl", "match_from_dict", "JsonlReading"]



def other_platform(obj: dict) -> tuple[str, str, str, str] | None:
    """``(what, its logs, 中文, 中文)`` when ``obj`` has the shape of another platform's record the tool reads from a file
    of its own (a Botzone match log: ``log`` list and ``initdata``; an 80fen contest match: ``rounds`` list with ``a``
    / ``b`` / ``aTeam``), else ``None``: named as such, not taken apart as one of ours with misleading field errors."""
    if isinstance(obj.get("log"), list) and "initdata" in obj:
        return "a Botzone match log", "Botzone logs", " Botzone 对局日志", " Botzone 日志"
    if isinstance(obj.get("rounds"), list) and any(k in obj for k in ("aTeam", "a", "b")) and "hands" not in obj:
        return "an 80fen contest log", "80fen logs", " 80fen 比赛日志", " 80fen 日志"
    return None

class _Reader(HandReader):
    """One match object, into a :class:`~.model.Match`."""

    def match(self, obj: Any) -> Match | None:
        """The match of ``obj`` (``None`` with a ``json_shape`` diagnostic when its shape is wrong)."""
        if not isinstance(obj, dict):
            self.diag("json_shape", f"a match should be a JSON object, not {type_name(obj)}",
                      f"比赛记录应为 JSON 对象，而不是{zh_type(obj)}")
            return None
        if not any(k in obj for k in MATCH_FIELDS):
            keys = [json.dumps(k, ensure_ascii=False) for k in list(obj)[:5]]
            shown, shown_zh = ", ".join(keys) or "none", "、".join(keys) or "无"
            self.diag("json_shape", f"not a match record: the object has none of a match's fields (\"hands\", "
                      f"\"players\", \"event\", …; its fields: {shown}); the object is skipped",
                      f"不是比赛记录：对象中没有任何比赛字段（\"hands\"、\"players\"、\"event\" 等；其字段：{shown_zh}）；"
                      "已跳过该对象")
            return None
        other = other_platform(obj)
        if other is not None:       # a line of another platform's log among ours (a file is read in one format)
            self.diag("json_shape", f"this is {other[0]}, not one of our match records: a file is read in the format of "
                      f"its first record (ours, here); put the {other[1]} in a file of their own, which tractor reads "
                      "by their shape; the object is skipped",
                      f"这是{other[2]}，不是本工具的比赛记录：一个文件按其第一条记录的格式读取（此处为本工具的格式）；"
                      f"请把{other[3]}另存为单独的文件（tractor 按结构识别）；已跳过该对象")
            return None
        try:
            players = as_players(obj.get("players"))
            teams = as_teams(obj.get("teams"))
            ruleset = as_text(obj.get("ruleset"), "\"ruleset\"", "ruleset")
            rules = as_rules(obj.get("rules"))
            levels = self.levels(obj.get("levels"))
            hands_v = obj.get("hands", [])
            if not isinstance(hands_v, (list, HandValues)):
                raise Shape(f"\"hands\" should be a list, not {type_name(hands_v)}", "hands",
                            zh=f"\"hands\" 应为列表，而不是{zh_type(hands_v)}")
            texts = {k: as_text(obj.get(k), f"\"{k}\"", k) for k in ("event", "site", "date", "round", "table")}
            notes = as_notes(obj.get("notes"), "\"notes\"", "notes")
            tags = as_tags(obj, MATCH_FIELDS, "match")
        except Shape as exc:
            self.path = self.prefix + exc.at
            self.diag("json_shape", f"{exc}; the match is skipped", f"JSON 结构错误（{shape_zh(exc)}）；该比赛记录已跳过")
            self.path = self.prefix
            return None
        self.check_ruleset(ruleset, rules)
        self.typed_tags(obj, tags)
        drafts = self.hands(hands_v)
        hands = place_numbers(drafts)
        self.diags[:] = by_place(self.diags, drafts, hands)
        return Match(event=texts["event"], site=texts["site"], date=texts["date"], round=texts["round"],
                     table=texts["table"], players=tuple(players), teams=teams, ruleset=ruleset, rules=rules,
                     levels=levels, hands=hands, notes=notes, tags=tags)

    def check_ruleset(self, ruleset: str | None, rules: tuple[tuple[str, str], ...]) -> None:
        """Report an unknown preset or a bad rule option; take the number of decks from them."""
        for code, _, en, zh in rule_problems(ruleset, ()):
            self.diag(code, en, zh, "ruleset")
        for name, value in rules:
            for code, _, en, zh in rule_problems(None, [(name, value)]):
                self.path = self.prefix + ("rules",)
                self.diag(code, en, zh, name)
                self.path = self.prefix
        self.decks = build_ruleset(ruleset, rules)[0].decks

    def hands(self, hands_v: list) -> list[Hand]:
        """The hands of the match that can be read, a repeated number reported."""
        hands: list[Hand] = []
        numbers: set[int] = set()
        skipped = False
        for i, hv in enumerate(hands_v):
            self.path = self.prefix + ("hands", i)
            hand = self.hand_of(hv, i, hands[-1].number if hands else 0, i + 1 < len(hands_v))
            self.hand = self.trick = None
            if hand is None:
                skipped = True
                continue
            if skipped:     # the chain of levels and dealers is broken: the engine does not check them
                hand = dataclasses.replace(hand, follows_skipped=True)
                skipped = False
            # (a hand numbered by its place, not by the record, is no copy of one it numbers: hand_numbers)
            if hand.number_known and hand.number in numbers:
                self.hand = hand.number
                self.path = self.prefix + ("hands", i)
                self.diag("duplicate_hand", f"hand number {hand.number} appears twice",
                          f"第 {hand.number} 局重复出现", "number")
                self.hand = None
            self.path = self.prefix
            if hand.number_known:
                numbers.add(hand.number)
            hands.append(hand)
        return hands


def match_from_dict(obj: Any, line: int = 0, column: int = 0, text: str | None = None,
                    prefix: tuple = ()) -> tuple[Match | None, list[Diagnostic]]:
    """One match from a decoded JSON value (``None`` when its shape is wrong) and the problems found.

    With ``text`` (the JSON the value came from) problems get their line:column; ``prefix`` is the
    match's path in it (``(3,)`` for the fourth match of a list)."""
    reader = _Reader(line, column, text, prefix)
    return reader.match(obj), reader.diags


def parse_json(text: str, file: JsonFile | None = None) -> tuple[list[Match], list[Diagnostic]]:
    """Matches of a ``.json`` text: one match object, or a list of them.  ``file``: the file the text is
    (each hand's ``positions`` then names it and its match: :class:`~.json_origin.JsonOrigin`)."""
    with gc_paused:                 # values and records built here are acyclic (see .frozen)
        out = _parse_json(text, file)
        settle_as_old()         # the matches live on: no young collection walks them (see .frozen)
    return out


def _parse_json(text: str, file: JsonFile | None) -> tuple[list[Match], list[Diagnostic]]:
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        return [], [Diagnostic("empty_file", bilingual("empty file: no JSON value (expected a match object)",
                                                       "空文件：没有 JSON 内容（应为一个比赛对象）"), 1, 1)]
    data, problem, fixed = decode_lazily(text)       # (each match's hands decoded as they are read)
    if problem is not None:
        msg, zh, line, column, code = problem
        if code == "too_deep":
            return [], [Diagnostic(code, bilingual(msg, zh), line, column)]
        return [], [Diagnostic("invalid_json", bilingual(f"invalid JSON: {msg} (expected a match object "
                                                         "{\"hands\": [...]} or a list of them)",
                                                         f"JSON 格式错误：{zh}（应为一个比赛对象 {{\"hands\": [...]}} "
                                                         "或其列表）"), line, column)]
    budget = ProblemBudget()
    source = JsonText(text)
    diags: list[Diagnostic] = []
    if fixed:
        diags.extend(surrogate_diags(text, fixed, source.line_column, budget))
    items = data if isinstance(data, list) else [data]
    matches: list[Match] = []
    for i, obj in enumerate(items):
        reader = _Reader(0, 0, source, (i,) if isinstance(data, list) else (), budget)
        m = reader.match(obj)
        diags.extend(reader.diags)
        if m is not None:
            if file is not None:
                mark_hands(m.hands, JsonOrigin(file, (i,) if isinstance(data, list) else (), len(text)))
            matches.append(m)
    diags.extend(budget.more(text.count("\n") + 1))
    return matches, diags


def parse_jsonl(text: str, file: JsonFile | None = None) -> tuple[list[Match], list[Diagnostic]]:
    """Matches of a ``.jsonl`` text: one match object per line (lines end at ``\\n``, ``\\r\\n``
    or ``\\r``), blank lines skipped.  The streaming reader (:mod:`.streaming`) feeds the
    same :class:`JsonlReading` one line at a time, so both read a line alike.  ``file``: as
    :func:`parse_json`'s."""
    with gc_paused:                 # once for the file, not after each line (see .frozen)
        out = _parse_jsonl(text, file)
        settle_as_old()         # the matches live on: no young collection walks them (see .frozen)
    return out


def _parse_jsonl(text: str, file: JsonFile | None) -> tuple[list[Match], list[Diagnostic]]:
    if text.startswith("\ufeff"):
        text = text[1:]
    matches: list[Match] = []
    diags: list[Diagnostic] = []
    reading = JsonlReading(file)
    lines = split_lines(text)
    for i, line in enumerate(lines):
        m, found = reading.line(line, i + 1)
        diags.extend(found)
        if m is not None:
            matches.append(m)
    diags.extend(reading.finish(len(lines)))
    return matches, diags


class JsonlReading:
    """One ``.jsonl`` text read line by line: :meth:`line` for each line (numbered from 1),
    then :meth:`finish`.  Holds only the problem budget of the file, never its lines; ``file``: the
    file read (each hand's ``positions`` then names it: :class:`~.json_origin.JsonOrigin`)."""

    __slots__ = ("budget", "any_line", "file")

    def __init__(self, file: JsonFile | None = None) -> None:
        self.budget = ProblemBudget()
        self.any_line = False
        self.file = file

    def take(self) -> bool:
        """Whether one more problem of the file may be listed (see :class:`ProblemBudget`)."""
        return self.budget.take()

    def line(self, line: str, lineno: int) -> tuple[Match | None, list[Diagnostic]]:
        """The match of line ``lineno`` (``None`` for a blank or bad line) and its problems."""
        if not line.strip():
            return None, []
        self.any_line = True
        budget = self.budget
        if budget.used >= MAX_DIAGNOSTICS and line.lstrip()[:1] not in "{[" and "\\" not in line:
            # The file's list is full, and this line is one problem however it reads: not an object
            # or a list, it is invalid JSON, too deep, or a scalar (json_shape); with no backslash, no
            # escape can add a decode_error.  It is counted, as take() would, without decoding it.
            budget.dropped += 1
            return None, []
        with gc_paused:             # values and records built here are acyclic (see .frozen)
            out = self._read(line, lineno)
            settle_as_old()         # the line's match lives on: no young collection walks it
        return out

    def _read(self, line: str, lineno: int) -> tuple[Match | None, list[Diagnostic]]:
        budget = self.budget
        diags: list[Diagnostic] = []
        obj, problem, fixed = decode_lazily(line)
        if problem is not None:
            msg, zh, _, colno, code = problem
            if budget.take():
                if code != "too_deep":
                    msg, zh = (f"invalid JSON: {msg} (expected one match object per line)",
                               f"JSON 格式错误：{zh}（应为每行一个比赛对象）")
                diags.append(Diagnostic(code, bilingual(msg, zh), lineno, colno,
                                        text=clip_at(line, colno)))
            return None, diags
        if fixed:
            diags.extend(surrogate_diags(line, fixed, lambda off, n=lineno: (n, off + 1), budget))
        col = len(line) - len(line.lstrip()) + 1
        reader = _Reader(lineno, col, line, (), budget)
        m = reader.match(obj)
        diags.extend(reader.diags)
        if m is not None and self.file is not None:
            mark_hands(m.hands, JsonOrigin(self.file, None, len(line)))
        return m, diags

    def finish(self, lines: int) -> list[Diagnostic]:
        """The closing problems of a text of ``lines`` lines: ``empty_file`` when no line held
        anything, "N more problems" when some were left out."""
        diags = []
        if not self.any_line:
            diags.append(Diagnostic("empty_file", bilingual(
                "empty file: no JSON line (expected one match per line)", "空文件：没有 JSON 行（应为每行一场比赛）"), 1, 1))
        diags.extend(self.budget.more(lines))
        return diags

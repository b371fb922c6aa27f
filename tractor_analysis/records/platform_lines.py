"""The line loop shared by the readers of other platforms' logs (Botzone, 80fen): one JSON match per
non-blank line; a line nested too deep or not JSON is a diagnostic at its line and column, and the
file goes on; a file with neither a match nor a problem is ``empty_file``."""
from __future__ import annotations

import json
from typing import Any, Callable

from .diagnostics import Diagnostic, bilingual, clip_at
from .json_decode import decoder_reason
from .limits import MAX_DEPTH, json_too_deep
from .model import Match

MatchOf = Callable[[Any, int, str], tuple[Match | None, list[Diagnostic]]]
"""``match_of(decoded line, line number, raw line)``: a platform's match and its problems."""


def parse_lines(text: str, match_of: MatchOf) -> tuple[list[Match], list[Diagnostic]]:
    """Every match of ``text`` (one per non-blank line, read by ``match_of``) and the diagnostics."""
    matches: list[Match] = []
    diags: list[Diagnostic] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        lead = len(raw) - len(raw.lstrip())     # the columns are the line's as written, its leading spaces counted
        deep = json_too_deep(line)
        if deep is not None:
            diags.append(Diagnostic("too_deep", bilingual(
                f"line {n}: JSON nested more than {MAX_DEPTH} levels deep; the line is skipped",
                f"第 {n} 行 JSON 嵌套超过 {MAX_DEPTH} 层，已跳过该行"), line=n, column=lead + deep + 1, text=clip_at(raw, lead + deep + 1)))
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            en, zh = decoder_reason(exc)        # the whole reason, in both languages
            col = lead + exc.colno if isinstance(exc, json.JSONDecodeError) else 0
            diags.append(Diagnostic("invalid_json", bilingual(
                f"line {n} is not JSON ({en})", f"第 {n} 行不是合法的 JSON（{zh}）"),
                line=n, column=col, text=clip_at(raw, col)))
            continue
        match, ds = match_of(obj, n, raw)
        diags.extend(ds)
        if match is not None:
            matches.append(match)
    if not matches and not diags:
        diags.append(Diagnostic("empty_file", bilingual("the file holds no match", "文件中没有比赛记录")))
    return matches, diags


__all__ = ["MatchOf", "parse_lines"]

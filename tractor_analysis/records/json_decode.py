"""Decoding JSON text into values, never raising: a decoder error becomes a message and its
line:column; JSON nested more than 64 deep is ``too_deep`` at the bracket past the limit, found
before the decoder runs (:func:`~.limits.json_too_deep`); a lone UTF-16 surrogate
escape (``"\\ud800"``) is read as U+FFFD with a ``decode_error`` at the escape; ``.jsonl``
text is split at ``\\n``, ``\\r\\n`` or ``\\r``."""
from __future__ import annotations

import json
import re
import sys
from typing import Any

from . import compiled
from .diagnostics import Diagnostic, bilingual
from .json_problems import ProblemBudget
from .limits import MAX_DEPTH, json_too_deep

__all__ = ["decode", "depth_problem", "decoder_reason", "split_lines", "may_hold_surrogates", "scrub",
           "surrogate_diags"]


def decode(text: str) -> tuple[Any, tuple[str, str, int, int, str] | None]:
    """``(value, None)``, or ``(None, (message, Chinese message, line, column, code))`` when ``text`` is
    not JSON we can read: ``too_deep`` when it nests deeper than :data:`~.limits.MAX_DEPTH` (found by an
    iterative scan before the decoder, which recurses, sees it), else ``invalid_json``."""
    deep = depth_problem(text)
    if deep is not None:
        return None, deep
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, (*decoder_reason(exc), exc.lineno, exc.colno, "invalid_json")
    except RecursionError:          # not reached below MAX_DEPTH; kept as a guard
        return None, ("nested too deeply for the decoder", "嵌套过深", 1, 1, "invalid_json")
    except (ValueError, MemoryError) as exc:   # e.g. an integer of more than 4,300 digits
        return None, (*decoder_reason(exc), 1, 1, "invalid_json")


def depth_problem(text: str) -> tuple[str, str, int, int, str] | None:
    """:func:`decode`'s ``too_deep`` problem of ``text`` (``None``: it nests no deeper than the limit)."""
    deep = _too_deep(text, MAX_DEPTH) if _too_deep is not None else None if _shallow(text) else json_too_deep(text)
    if deep is None:
        return None
    line = text.count("\n", 0, deep) + 1
    return (f"JSON nested too deeply: more than {MAX_DEPTH} levels of [ ] and {{ }} here (a record "
            "needs 6: match, hands, hand, tricks, trick, play); nothing of this record was read",
            f"JSON 嵌套过深：此处超过 {MAX_DEPTH} 层 [ ] 与 {{ }}（记录只需 6 层：比赛、hands、牌局、tricks、"
            "一轮、出牌）；此记录未读取",
            line, deep - (text.rfind("\n", 0, deep) + 1) + 1, "too_deep")


_DIGITS = sys.get_int_max_str_digits()
"""The most digits the decoder reads in a whole number (Python's limit, 4,300 unless the process changed it)."""

_DECODER_REASONS = (
    ("Expecting value", "a value was expected here (a number, a string in double quotes, true, false, null, "
     "an object { } or a list [ ])", "此处应为一个值（数字、双引号中的字符串、true、false、null、对象 { } 或列表 [ ]）"),
    ("Expecting property name enclosed in double quotes", "a key in double quotes was expected here (a key in "
     "single quotes or none, or a comma before the closing }, is not JSON)",
     "此处应为双引号中的键名（单引号或不加引号的键名、右花括号 } 前多余的逗号都不是合法的 JSON）"),
    ("Expecting ':' delimiter", "a colon ':' was expected here, after the key",
     "此处应为键名之后的冒号 ':'"),
    ("Expecting ',' delimiter", "a comma ',' between two items, or the closing ] or }, was expected here",
     "此处应为两项之间的逗号 ','，或右括号 ] 或 }"),
    ("Unterminated string starting at", "the string that starts here has no closing double quote",
     "此处开始的字符串没有结束它的双引号"),
    ("Invalid control character", "a control character (a tab, a line break …) stands unescaped inside a "
     "string here (it is written \\t, \\n …)", "字符串中此处有未转义的控制字符（制表符、换行等；应写作 \\t、\\n 等）"),
    ("Invalid \\uXXXX escape", "the \\u escape here is not \\u and four hexadecimal digits",
     "此处的 \\u 转义不是 \\u 加四位十六进制数字"),
    ("Invalid \\escape", "the escape here is not one of JSON's (a backslash is followed by one of \" \\ / b f n "
     "r t u)", "此处的转义不是 JSON 的转义（反斜杠之后只能是 \" \\ / b f n r t u 之一）"),
    ("Extra data", "more text follows the end of the JSON value here",
     "JSON 值在此已经结束，其后还有多余的内容"),
    ("Illegal trailing comma before end of object", "a comma before the closing } is not JSON",
     "右花括号 } 之前多余的逗号不是合法的 JSON"),
    ("Illegal trailing comma before end of array", "a comma before the closing ] is not JSON",
     "右方括号 ] 之前多余的逗号不是合法的 JSON"),
    ("Exceeds the limit", f"a whole number in it has more digits than the decoder reads ({_DIGITS:,})",
     f"其中有整数的位数超过解码器可读的上限（{_DIGITS} 位）"),
)
"""Python's JSON decoder messages (``JSONDecodeError.msg``, which may end with what follows ``at``: the
position, given apart as the line and column), each by how it begins, as a whole reason in English and in
Chinese, saying the same."""


def decoder_reason(exc: BaseException) -> tuple[str, str]:
    """Why the JSON decoder refused a text, ``(English, Chinese)``, saying the same, of its error ``exc``: a
    :class:`json.JSONDecodeError` (its ``msg``: the position is the diagnostic's line and column) or another
    :class:`ValueError` (an integer too long).  A message not in :data:`_DECODER_REASONS` (another Python's
    wording) is given as the decoder wrote it, in both halves."""
    msg = getattr(exc, "msg", None) or str(exc) or type(exc).__name__
    for start, en, zh in _DECODER_REASONS:
        if msg.startswith(start):
            return en, zh
    return msg, msg


def _core_too_deep():
    """``json_too_deep`` in C (``_json_core.too_deep``, the same answer on any text), or ``None``."""
    core = compiled.load("tractor_analysis.records._json_core", "JSON reader core", "JSON 读取核心")
    return getattr(core, "too_deep", None)


_too_deep = _core_too_deep()
"""``too_deep(text, limit)``: :func:`~.limits.json_too_deep` in one C pass per step, or ``None`` (then
:func:`_shallow` and :func:`~.limits.json_too_deep`, the reference)."""

_NOT_QUOTE_OR_BRACKET = bytes(c for c in range(256) if c not in b'"[]{}')
"""Every byte but ``"``, ``[``, ``]``, ``{`` and ``}``, deleted by :func:`_shallow` (in UTF-8 no other
character holds these bytes)."""


def _shallow(text: str) -> bool:
    """``True`` when ``text`` surely nests no deeper than :data:`~.limits.MAX_DEPTH` (``False``: not
    known, :func:`~.limits.json_too_deep` decides).  The common record, at C speed, with no string
    made per JSON string: with no backslash, its strings run from one quote to the next; of its
    UTF-8 bytes only quotes and brackets are kept, and every ``""`` taken out.  When no quote is
    left, the quotes went in pairs, each string's own two (the only way to pair off the first quote
    is with the second, and so on), so no string held a bracket and what is left is the brackets
    outside the strings.  These must vanish when ``[]`` and ``{}`` are taken out ``MAX_DEPTH // 2``
    times (each time takes off at most two levels)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:   # no deeper than its opening brackets
        return True
    if "\\" in text:
        return False
    brackets = text.encode("utf-8", "surrogatepass").translate(None, _NOT_QUOTE_OR_BRACKET).replace(b'""', b"")
    if b'"' in brackets:                      # a bracket in a string, or an open string
        return False
    for _ in range(MAX_DEPTH // 2):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"").replace(b"{}", b"")
    return not brackets


def split_lines(text: str) -> list[str]:
    """Lines ended by ``\\n``, ``\\r\\n`` or ``\\r``."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


_SURROGATE = re.compile("[\ud800-\udfff]")
_LONE_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*+(\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                          r"|(?<![uU][dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2})")
"""A ``\\uD800``-``\\uDFFF`` escape that is not half of a surrogate pair (group 1)."""


def may_hold_surrogates(text: str) -> bool:
    """Whether ``text`` has an escape that may decode to a surrogate (a cheap test before :func:`scrub`)."""
    return "\\" in text and ("\\ud" in text or "\\uD" in text or "\\Ud" in text or "\\UD" in text)


def scrub(obj: Any) -> tuple[Any, int]:
    """``obj`` with every lone surrogate in its strings (keys too) replaced by U+FFFD, and how many
    strings held one.  Iterative: the value may be nested as deep as the decoder allows."""
    fixed = 0
    if isinstance(obj, str):
        return (_SURROGATE.sub("\ufffd", obj), 1) if _SURROGATE.search(obj) else (obj, 0)
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, list):
            for i, v in enumerate(o):
                if isinstance(v, str):
                    if _SURROGATE.search(v):
                        o[i] = _SURROGATE.sub("\ufffd", v)
                        fixed += 1
                elif isinstance(v, (list, dict)):
                    stack.append(v)
        else:
            items = list(o.items())
            if any(_SURROGATE.search(k) for k, _ in items):
                fixed += sum(1 for k, _ in items if _SURROGATE.search(k))
                o.clear()
                o.update((_SURROGATE.sub("\ufffd", k), v) for k, v in items)
            for k, v in o.items():
                if isinstance(v, str):
                    if _SURROGATE.search(v):
                        o[k] = _SURROGATE.sub("\ufffd", v)
                        fixed += 1
                elif isinstance(v, (list, dict)):
                    stack.append(v)
    return obj, fixed


def surrogate_diags(text: str, fixed: int, where, budget: ProblemBudget) -> list[Diagnostic]:
    """``decode_error`` at each lone surrogate escape of ``text`` (``where(offset)`` gives its
    line and column); at 1:1 when the escapes cannot be told apart from escaped backslashes."""
    out = []
    found = False
    for m in _LONE_ESCAPE.finditer(text):
        found = True
        if not budget.take():
            continue
        line, column = where(m.start(1))
        esc = m.group(1)
        out.append(Diagnostic("decode_error", bilingual(
            f"lone UTF-16 surrogate escape {esc} in a JSON string (expected a character, or a surrogate "
            "pair such as \\ud83d\\ude00); read as '\ufffd'",
            f"JSON 字符串中有不成对的 UTF-16 代理项转义 {esc}（应为一个字符，或成对的代理项如 \\ud83d\\ude00）；"
            "已按 '\ufffd' 读取"), line, column))
    if fixed and not found and budget.take():
        out.append(Diagnostic("decode_error", bilingual(
            f"{fixed} JSON string(s) hold a lone UTF-16 surrogate escape (expected a character, or a "
            "surrogate pair); read as '\ufffd'",
            f"{fixed} 个 JSON 字符串中有不成对的 UTF-16 代理项转义（应为一个字符，或成对的代理项）；已按 '\ufffd' 读取"), 1, 1))
    return out

"""Why a JSON text or line could not be read (session 19, task F): the message gave the decoder's words cut off
before the position (``line 4 is not JSON (Unterminated string starting at)``), and its Chinese half repeated
that English fragment.  Now each reason the decoder gives is said whole, in English and in Chinese (the position
is the diagnostic's line and column); a reason not known is kept as the decoder wrote it, in both halves.

Each test fails on the code before.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.json_decode import decode, decoder_reason
from tractor_analysis.records.json_reader import parse_json, parse_jsonl

SAMPLE = Path(__file__).parent / "data" / "botzone" / "sample.ndjson.gz"
_CJK = re.compile(r"[\u4e00-\u9fff]")
BAD = ['{"hands": [', '{"hands"', '{"hands": [] x', '{"hands": [1 2]}', "{'hands': []}", '{"hands": []',
       '{"a": "tab\there"}', '{"a": "\\q"}', '{"a": "\\u12"}', '{"a": "open', '{"a": 1,}', "[1,]", "",
       '{"n": ' + "9" * 5000 + "}"]


def _raw(text: str) -> str:
    with pytest.raises(ValueError) as info:
        json.loads(text)
    return getattr(info.value, "msg", str(info.value))


@pytest.mark.parametrize("text", BAD)
def test_each_reason_is_whole_and_said_in_both_languages(text):
    _, problem = decode(text)
    en, zh, line, column, code = problem
    raw = _raw(text)
    assert code == "invalid_json" and line >= 1 and column >= 1
    assert not en.endswith(" at") and raw.split(" at")[0] not in en, en         # the decoder's words are not it
    assert _CJK.search(zh) and not re.search(r"[A-Z][a-z]+ing|Unterminated|Invalid|Extra|Exceeds", zh), zh
    assert (en, zh) == decoder_reason(ValueError(raw)) or raw.startswith("Exceeds")


def test_a_reason_not_known_is_kept_as_written_in_both_halves():
    assert decoder_reason(ValueError("Some new wording at")) == ("Some new wording at", "Some new wording at")


def test_a_botzone_line_cut_inside_a_string_says_so_whole():
    lines = gzip.decompress(SAMPLE.read_bytes()).decode("utf-8").splitlines()
    cut = lines[2][:lines[2].index('"', 200) + 5]          # inside a string: no closing quote
    _, diags = parse_botzone("\n".join([lines[0], lines[1], cut]) + "\n")
    (d,) = [d for d in diags if d.code == "invalid_json"]
    assert d.line == 3 and cut[d.column - 1] == '"' and '"' not in cut[d.column:]      # the string left open
    assert d.message == ("line 3 is not JSON (the string that starts here has no closing double quote) / "
                         "第 3 行不是合法的 JSON（此处开始的字符串没有结束它的双引号）"), d.message


def test_our_json_and_json_lines_say_the_same_reason():
    (d,) = parse_json('{"hands": [\n  {"dealer": "N",}\n]}')[1]
    assert d.code == "invalid_json" and (d.line, d.column) == (2, 18)
    assert "a key in double quotes was expected here" in d.message and "此处应为双引号中的键名" in d.message
    diags = parse_jsonl('{"hands": []}\n{"hands": [] junk\n')[1]
    (d,) = [d for d in diags if d.code == "invalid_json"]
    assert d.line == 2 and "a comma ',' between two items, or the closing ] or }, was expected here" in d.message
    assert "此处应为两项之间的逗号" in d.message and "Expecting" not in d.message

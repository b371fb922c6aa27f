"""What ``tractor convert`` says (docs/format.md, ``convert --help``).

* A JSON field ``.tgn`` cannot name (``"a b"``, a hand's ``"Dealer"``, a ``"tags"`` pair): the refusal
  gives the field's line:column, as every other problem of a JSON record does (before: the path alone).
* What a clean record holds that no format keeps is said on stderr, bilingual: the ``;`` comments of a
  ``.tgn`` (how many lines, which), the 80fen fields no record keeps (their names) — before, dropped
  without a word.
* A record with problems is not converted, and the message and ``--help`` say why.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records.json_problems import tag_position
from tractor_analysis.records.tgn_lines import comment_lines, physical_lines

ROOT = Path(__file__).resolve().parent.parent
FEN80 = ROOT / "tests" / "data" / "80fen" / "sample-plays.ndjson.gz"


def _convert(*args):
    return CliRunner().invoke(main, ["convert", *map(str, args)], catch_exceptions=False)


BAD = '{"event": "x", "a b": "v", "hands": [{"number": 1, "dealer": "N", "trump": "S", "level": "2", ' \
      '"Dealer": "E", "tricks": []}]}'


def test_the_refusal_of_a_field_name_says_where_it_is(tmp_path):
    path = tmp_path / "badname.json"
    path.write_text(BAD, encoding="utf-8")
    r = _convert(path, "--to", "tgn")
    assert r.exit_code == 2 and r.stdout == ""
    assert f"{path}:1:16: not converted: the field 'a b' cannot be a .tgn tag" in r.stderr
    assert " / 字段 'a b' 无法写成 .tgn 标签" in r.stderr
    good = BAD.replace('"a b": "v", ', "")
    path.write_text(good, encoding="utf-8")       # now the hand's "Dealer"
    r = _convert(path, "--to", "tgn")
    column = good.index('"Dealer"') + 1
    assert r.exit_code == 2 and f"{path}:1:{column}: not converted: the field 'Dealer'" in r.stderr


def test_tag_position_in_json_jsonl_and_tags_lists():
    text = '{"event": "x",\n  "tags": [["ok", "1"], ["a b", "v"]],\n  "hands": [{"number": 1, "q\\"x": 2}]}'
    assert tag_position(text, False, 0, None, 1) == (2, 25)          # the second pair of "tags"
    assert tag_position(text, False, 0, 0, 0) == (3, 27)             # the hand's field "q\"x", at its key
    assert tag_position("[" + text + "]", False, 0, 0, 0) == (3, 27)  # a list of one match
    line = text.replace("\n", " ")
    assert tag_position("\n\n" + line + "\n", True, 0, 0, 0) == (3, line.index('"q') + 1)
    assert tag_position(text, False, 0, 0, 5) is None                 # no such tag: no position


def test_tgn_comments_are_counted(tmp_path):
    text = ('; a comment\n[Event "x;y"] ; trailing\n[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n{a note; kept\n'
            'over two lines}\n')
    assert comment_lines(physical_lines(text)) == [1, 2]
    path = tmp_path / "c.tgn"
    path.write_text(text, encoding="utf-8")
    r = _convert(path, "--to", "json")
    assert r.exit_code == 0
    assert "the ';' comments on 2 lines (lines 1, 2) are not carried over" in r.stderr
    assert "2 行中的 ';' 注释（第 1, 2 行）未转换" in r.stderr
    path.write_text(text.replace("; a comment\n", "").replace(" ; trailing", ""), encoding="utf-8")
    r = _convert(path, "--to", "json")
    assert r.exit_code == 0 and "note" not in r.stderr                 # nothing to say: nothing said


def test_the_80fen_fields_not_kept_are_named(tmp_path):
    with gzip.open(FEN80, "rt", encoding="utf-8") as f:
        line = f.readline()
    path = tmp_path / "one.ndjson"
    path.write_text(line, encoding="utf-8")
    r = _convert(path, "--to", "jsonl")
    assert r.exit_code == 0
    names = [k for k in json.loads(line)["rounds"][0] if k in ("declTeam", "gateHeld", "gateStopped", "played")]
    assert names
    for name in names:
        assert f"rounds[].{name}" in r.stderr
    assert "these 80fen fields are not carried over" in r.stderr and "以下 80fen 字段未转换" in r.stderr


def test_a_record_with_problems_is_not_converted_and_says_why(tmp_path):
    path = tmp_path / "nodeal.tgn"
    path.write_text('[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n1. N: SA, E: S3, S: S4, W: S5\n',
                    encoding="utf-8")
    r = _convert(path, "--to", "json")
    assert r.exit_code == 2 and r.stdout == ""
    assert "convert copies only a record read without one" in r.stderr
    assert "convert 只转换读取时没有任何问题的记录" in r.stderr
    help_text = CliRunner().invoke(main, ["convert", "--help"]).stdout
    assert "Only a record read without any problem is converted" in " ".join(help_text.split())
    assert "comments" in help_text and "80fen" in help_text

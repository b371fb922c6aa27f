"""Issue 15: hostile input never crashes, hangs or exhausts memory — one test per class fixed.

Limits (``records/limits.py``) are diagnostics with positions; the ``.tgn`` writer never writes what
its reader refuses; every command keeps to the exit-code table of the README.
"""
from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json, load_bytes, load_file
from tractor_analysis.records.diagnostics import CODES
from tractor_analysis.records.limits import DEFAULT_MAX_BYTES, MAX_DEPTH, json_too_deep, parse_size, whole_number
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import Unwritable, format_tgn

ROOT = Path(__file__).resolve().parents[1]
TGN = ROOT / "sample_logs" / "spring-cup-r2t5.tgn"
JSON = ROOT / "sample_logs" / "spring-cup-r2t5.json"


def codes(src) -> list[str]:
    return [d.code for d in src.diagnostics]


def test_new_codes_are_listed():
    assert {"too_large", "too_deep"} <= set(CODES)


# --- bytes: the file limit and gzip bombs -------------------------------------------

def test_a_gzip_bomb_stops_at_the_limit():
    member = gzip.compress(b"\n" * (1 << 20))
    bomb = member * 40                       # 40 MiB of newlines in 40 KB
    src = load_bytes(bomb, "bomb.tgn.gz", max_bytes=4 << 20)
    assert codes(src) == ["too_large"] and src.matches == () and src.compressed
    d = src.diagnostics[0]
    assert d.line == (4 << 20) + 1 and d.column == 1       # where the limit falls
    assert "--max-bytes" in d.message and "解压后" in d.message


def test_a_small_gzip_under_the_limit_is_read():
    src = load_bytes(gzip.compress(TGN.read_bytes()), "x.tgn.gz", max_bytes=1 << 20)
    assert src.ok and len(src.matches) == 1


def test_a_file_past_the_limit_is_too_large_and_hashed_whole(tmp_path):
    big = tmp_path / "big.tgn"
    data = TGN.read_bytes() * 3
    big.write_bytes(data)
    src = load_file(big, max_bytes=len(data) - 1)
    assert codes(src) == ["too_large"] and src.matches == ()
    assert src.sha256 == hashlib.sha256(data).hexdigest()
    assert str(len(data)) in src.diagnostics[0].message and src.diagnostics[0].line > 1
    assert "too_large" not in codes(load_file(big, max_bytes=len(data)))


def test_max_bytes_option_on_check_convert_replay(tmp_path):
    r = CliRunner().invoke(main, ["check", "--json", "--max-bytes", "1k", str(TGN)])
    assert r.exit_code == 2
    (f,) = json.loads(r.stdout)["files"]
    assert [e["code"] for e in f["errors"]] == ["too_large"]
    assert CliRunner().invoke(main, ["check", "--max-bytes", "1M", str(TGN)]).exit_code == 0
    assert CliRunner().invoke(main, ["convert", str(TGN), "--to", "json", "--max-bytes", "2k"]).exit_code == 2
    assert CliRunner().invoke(main, ["replay", str(TGN), "--max-bytes", "2k"]).exit_code == 2
    bad = CliRunner().invoke(main, ["check", "--max-bytes", "lots", str(TGN)])
    assert bad.exit_code == 2 and "--max-bytes" in bad.output


def test_parse_size():
    assert parse_size("64M") == 64 << 20 and parse_size("1G") == 1 << 30 and parse_size("500") == 500
    assert parse_size("2kb") == 2048 and parse_size("3MiB") == 3 << 20
    for bad in ("", "0", "-1", "1.5M", "9" * 40, "M"):
        with pytest.raises(ValueError):
            parse_size(bad)
    assert DEFAULT_MAX_BYTES == 8 << 20


def test_a_file_of_blank_lines_is_empty():
    src = load_bytes(b"; note\n" + b"\n" * 200_000 + b"   \n", "blank.tgn")
    assert codes(src) == ["empty_file"]


# --- nesting ---------------------------------------------------------------------------

def test_json_nested_inside_a_hand_field_is_too_deep_at_its_bracket():
    head = '{"hands": [{"number": 1, "notes": '           # 3 levels open
    text = head + "[" * 5000 + "]" * 5000 + "}]}"
    src = load_bytes(text.encode(), "deep.json")
    assert codes(src) == ["too_deep"] and src.matches == ()
    d = src.diagnostics[0]
    # the bracket that opens level MAX_DEPTH + 1 is the (MAX_DEPTH + 1 - 3)th of the notes
    assert (d.line, d.column) == (1, len(head) + MAX_DEPTH + 1 - 3)


def test_json_depth_scan_skips_strings_and_is_exact():
    assert json_too_deep('["' + "[" * 500 + '"]') is None
    assert json_too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH) is None
    assert json_too_deep("[" * (MAX_DEPTH + 1)) == MAX_DEPTH
    assert json_too_deep('{"a\\"[": ' + "{" * 70) is not None


def test_a_deep_jsonl_line_is_skipped_and_the_others_read():
    good = JSON.read_text(encoding="utf-8")
    one = json.dumps(json.loads(good), ensure_ascii=False)
    text = one + "\n" + '{"hands": ' + "[" * 100_000 + "\n" + one + "\n"
    src = load_bytes(text.encode(), "x.jsonl")
    assert codes(src) == ["too_deep"] and src.diagnostics[0].line == 2 and len(src.matches) == 2


def test_check_of_deep_json_exits_2_without_a_traceback(tmp_path):
    p = tmp_path / "deep.json"
    p.write_text('{"hands": [{"deal": {"N": ' + "[" * 200_000 + "]}}]}")
    r = CliRunner().invoke(main, ["check", "--json", str(p)])
    assert r.exit_code == 2 and r.exception is None or isinstance(r.exception, SystemExit)
    assert json.loads(r.stdout)["files"][0]["errors"][0]["code"] == "too_deep"


# --- numbers -----------------------------------------------------------------------------

def test_whole_number():
    assert whole_number(" 42 ") == 42 and whole_number("-7") == -7 and whole_number("+3") == 3
    for bad in ("", "9" * 10, "9" * 5000, "1e3", "١٢", "１２", "2_0", "0x10", "1.5", "--1"):
        assert whole_number(bad) is None, bad


@pytest.mark.parametrize("tag, value", [("Hand", "9" * 5000), ("Hand", "9" * 4000), ("Hand", "١٢"),
                                        ("Hand", "2_000"), ("Points", "9" * 5000), ("Claim", "-" + "9" * 30),
                                        ("FirstTrick", "١٢")])
def test_huge_or_odd_numbers_in_tags_are_bad_value_at_the_value(tag, value):
    text = TGN.read_text(encoding="utf-8")
    at = text.index(f'[{tag} "') if f'[{tag} "' in text else None
    if at is None:
        text = text.replace('[Hand "1"]', f'[Hand "1"]\n[{tag} "{value}"]', 1)
    else:
        end = text.index('"]', at)
        text = text[:at] + f'[{tag} "{value}' + text[end:]
    matches, diags = parse_tgn(text)
    bad = [d for d in diags if d.code == "bad_value"]
    assert bad and bad[0].line > 0 and bad[0].column > 1
    assert matches and all(abs(h.number) < 10 ** 9 for h in matches[0].hands)
    format_tgn(matches[0])                         # every number can be written again


@pytest.mark.parametrize("option", ["throw_penalty=per_card " + "9" * 5000, "revoke_forfeit=" + "9" * 5000,
                                    "revoke_forfeit=99999", "decks=" + "9" * 50])
def test_huge_rule_options_are_bad_rule_value(option):
    name, value = option.split("=")
    text = TGN.read_text(encoding="utf-8").replace("[Ruleset", f'[Rule:{name} "{value}"]\n[Ruleset', 1)
    matches, diags = parse_tgn(text)
    assert [d.code for d in diags] == ["bad_rule_value"]
    r = CliRunner().invoke(main, ["check", "--rule", f"{name}={value}", str(TGN)])
    assert r.exit_code == 2 and r.exception is None or isinstance(r.exception, SystemExit)


# --- the writer never writes what its reader refuses --------------------------------------

@pytest.mark.parametrize("text", ["a\x00b", "\x01\x07\x1b\x7f", "tab\there", "\\u0041 kept",
                                  "}{\"\\", "line\nbreak\r", "\x85\u2028\ufeff"])
def test_odd_characters_round_trip_through_tgn(text):
    (m,), diags = parse_tgn(TGN.read_text(encoding="utf-8"))
    m2 = m.__class__(**{**{f: getattr(m, f) for f in m.__dataclass_fields__}, "event": text,
                        "notes": (text,), "tags": (("Extra", text),)})
    out = format_tgn(m2)
    assert "\x00" not in out and "\x7f" not in out
    data = out.encode("utf-8")                      # no lone surrogate reaches the bytes
    src = load_bytes(data, "rt.tgn")
    assert src.ok and src.matches == (m2,)


def test_a_lone_surrogate_is_written_escaped_and_read_as_replacement_character():
    """No reader makes a lone surrogate (JSON reads its escape as U+FFFD; bytes never decode to
    one); a match built with one is still written as valid UTF-8."""
    (m,), _ = parse_tgn(TGN.read_text(encoding="utf-8"))
    m2 = m.__class__(**{**{f: getattr(m, f) for f in m.__dataclass_fields__}, "event": "a\ud800b"})
    out = format_tgn(m2)
    assert "\\ud800" in out
    src = load_bytes(out.encode("utf-8"), "rt.tgn")
    assert src.ok and src.matches[0].event == "a\ufffdb"


@pytest.mark.parametrize("field", ["a b", 'x"]', "Dealer", "rule:decks", "", "a;b", "{x}"])
def test_a_field_tgn_cannot_name_is_refused_not_mangled(tmp_path, field):
    obj = json.loads(JSON.read_text(encoding="utf-8"))
    obj[field] = "v"
    src = load_bytes(json.dumps(obj, ensure_ascii=False).encode(), "x.json")
    assert src.ok
    with pytest.raises(Unwritable):
        format_tgn(src.matches[0])
    p = tmp_path / "x.json"
    p.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    r = CliRunner().invoke(main, ["convert", str(p), "--to", "tgn"])
    assert r.exit_code == 2 and r.stdout == "" and "cannot be a .tgn tag" in r.output
    again = load_bytes(format_json(src.matches[0]).encode(), "y.json")   # JSON keeps it
    assert again.ok and again.matches == src.matches


# --- exit codes ----------------------------------------------------------------------------

def test_ctrl_c_exits_130_in_any_command(monkeypatch):
    import tractor_analysis.cli.check as check

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(check, "check_file", interrupted)
    r = CliRunner().invoke(main, ["check", str(TGN)])
    assert r.exit_code == 130 and "interrupted" in r.output
    import tractor_analysis.cli.convert as convert

    monkeypatch.setattr(convert, "load", interrupted)
    assert CliRunner().invoke(main, ["convert", str(TGN), "--to", "json"]).exit_code == 130


def test_usage_errors_keep_2():
    assert CliRunner().invoke(main, ["check"]).exit_code == 2
    assert CliRunner().invoke(main, ["convert", str(TGN), "--to", "xml"]).exit_code == 2
    assert CliRunner().invoke(main, ["nosuchcommand"]).exit_code == 2


def test_stats_of_a_folder_that_is_not_a_dataset_exits_2(tmp_path):
    r = CliRunner().invoke(main, ["stats", str(tmp_path)])
    assert r.exit_code == 2 and "not a dataset" in r.output


# --- JSON numbers -------------------------------------------------------------------------

def _json_with(mutate) -> bytes:
    obj = json.loads(JSON.read_text(encoding="utf-8"))
    mutate(obj)
    return json.dumps(obj, ensure_ascii=False).encode()


@pytest.mark.parametrize("number", ["9" * 5000, "9" * 12, 10 ** 15, -(10 ** 15), "١٢"])
def test_a_json_hand_number_out_of_range_is_bad_value_not_a_crash(number):
    src = load_bytes(_json_with(lambda o: o["hands"][0].__setitem__("number", number)), "x.json")
    bad = [d for d in src.diagnostics if d.code in ("bad_value", "json_shape")]
    assert bad and "engine_error" not in codes(src) and bad[0].line > 0
    for m in src.matches:
        assert all(abs(h.number) < 10 ** 9 for h in m.hands)
        format_tgn(m)


def test_a_json_hand_number_given_as_a_short_string_is_read():
    src = load_bytes(_json_with(lambda o: o["hands"][0].__setitem__("number", " 1 ")), "x.json")
    assert src.ok and src.matches[0].hands[0].number == 1


def test_the_json_writer_escapes_a_lone_surrogate():
    (m,), _ = parse_tgn(TGN.read_text(encoding="utf-8"))
    m2 = m.__class__(**{**{f: getattr(m, f) for f in m.__dataclass_fields__}, "event": "a\ud800b\x00"})
    text = format_json(m2)
    text.encode("utf-8")                             # valid UTF-8: no raw surrogate
    again = load_bytes(text.encode("utf-8"), "x.json")
    assert again.matches[0].event == "a\ufffdb\x00"


def test_deep_json_is_too_deep_whether_or_not_it_could_be_80fen():
    """The 80fen shape check and reader decode lines too: they must not recurse on deep nesting
    (found when the 80fen reader and the depth limit met)."""
    from tractor_analysis.records.fen80_reader import looks_like_80fen, parse_80fen

    deep = '{"rounds": ' + "[" * 100_000
    assert looks_like_80fen(deep) is False
    assert [(d.code, d.line) for d in parse_80fen(deep + "\n")[1]] == [("too_deep", 1)]
    src = load_bytes(deep.encode(), "contest.ndjson")
    assert codes(src) == ["too_deep"] and src.matches == ()

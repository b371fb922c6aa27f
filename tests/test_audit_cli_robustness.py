"""Audit: every command against hostile and sloppy input.

An analyst with thousands of messy logs and a referee typing at the table: truncated,
empty and binary files, bad encodings, broken tags, wrong JSON types, bad options,
output paths that cannot be written, damaged datasets, names with HTML in them.

The promise under test (README): a bilingual error naming file and position and what
was expected; a bad file never stops a batch; nothing silently dropped; nothing
half-written left behind; never a Python traceback; exit codes as documented
(check/replay 0 legal, 1 violation, 2 unreadable or bad command line).

Tests marked ``xfail(strict=True)`` show a bug found by the audit: each one asserts
the promised behaviour and fails today.  Every command runs as a real process
(``.venv/bin/tractor``) so that tracebacks, exit codes and stdout encoding are what a
user sees.
"""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TRACTOR = str(Path(sys.executable).parent / "tractor")
SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
DISPUTED = (SAMPLES / "disputed-trick.tgn").read_text(encoding="utf-8")
SPRING_TGN = (SAMPLES / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
SPRING_JSON = json.loads((SAMPLES / "spring-cup-r2t5.json").read_text(encoding="utf-8"))
TRICK_20 = ("20. W: HQ HQ, N: H9 H3 {北家拆对：应跟 ♥9 ♥9 / North broke the pair: should have "
            "followed ♥9 ♥9}, E: H5 H2, S: HA H10")
assert TRICK_20 in DISPUTED


def run(*args, cwd=None, timeout=60):
    """``(exit code, stdout, stderr)`` of ``tractor ARGS`` as a real process."""
    p = subprocess.run([TRACTOR, *map(str, args)], cwd=cwd, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def assert_no_traceback(out: str, err: str) -> None:
    assert "Traceback" not in out and "Traceback" not in err, (out + err)[-3000:]


def has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def leftovers(folder: Path) -> list[str]:
    """Hidden temporary files or folders a command may have left (``.tractor-*``, ``.name.*``, ``*.tmp``)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.name.startswith(".") or p.name.endswith(".tmp"))


def check_json(*args, cwd=None):
    code, out, err = run("check", "--json", *args, cwd=cwd)
    assert_no_traceback(out, err)
    return code, json.loads(out)


# ---------------------------------------------------------------------------------------
# check: unreadable and not-a-record files, one batch
# ---------------------------------------------------------------------------------------

def test_check_batch_of_broken_files_reports_each_and_keeps_going(tmp_path):
    """Empty, binary, a folder named like a file, a missing file, a truncated .gz, a .gz
    that is not gzip and a symlink loop: each is named with a position, the good record in
    the middle of them still gets its verdict, exit 2, valid JSON."""
    (tmp_path / "empty.tgn").write_bytes(b"")
    (tmp_path / "binary.tgn").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4)
    (tmp_path / "folder.tgn").mkdir()
    (tmp_path / "good.tgn").write_text(DISPUTED, encoding="utf-8")
    (tmp_path / "cut.tgn.gz").write_bytes(gzip.compress(SPRING_TGN.encode())[:700])
    (tmp_path / "notgzip.tgn.gz").write_bytes(b"PK\x03\x04 this is a zip, not gzip\x00\x00")
    os.symlink("loop-b.tgn", tmp_path / "loop-a.tgn")
    os.symlink("loop-a.tgn", tmp_path / "loop-b.tgn")
    names = ["empty.tgn", "binary.tgn", "folder.tgn", "good.tgn", "missing.tgn", "cut.tgn.gz",
             "notgzip.tgn.gz", "loop-a.tgn"]
    code, doc = check_json(*names, cwd=tmp_path)
    assert code == 2
    files = {f["path"]: f for f in doc["files"]}
    assert list(files) == names
    assert [e["code"] for e in files["empty.tgn"]["errors"]] == ["empty_file"]
    assert [e["code"] for e in files["binary.tgn"]["errors"]] == ["binary_file"]
    assert files["binary.tgn"]["errors"][0]["line"] == 1
    assert "truncated_file" in [e["code"] for e in files["cut.tgn.gz"]["errors"]]
    for name in ("folder.tgn", "missing.tgn", "loop-a.tgn"):
        assert [e["code"] for e in files[name]["errors"]] == ["unreadable_file"], name
    for f in doc["files"]:
        for e in f["errors"]:
            assert " / " in e["message"] and has_chinese(e["message"]), e
    good = files["good.tgn"]
    assert good["errors"] == [] and [v["code"] for h in good["hands"] for v in h["violations"]] == ["follow_pair"]


def test_check_text_names_path_line_column(tmp_path):
    (tmp_path / "nul.tgn").write_bytes(DISPUTED.encode()[:300] + b"\x00" + DISPUTED.encode()[300:])
    code, out, err = run("check", "nul.tgn", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2
    first = out.splitlines()[0]
    assert first.startswith("nul.tgn:10:4: binary file") and "二进制" in first


ENCODINGS = {
    "utf16-bom.tgn": lambda t: t.encode("utf-16"),
    "crlf.tgn": lambda t: t.replace("\n", "\r\n").encode(),
    "cr.tgn": lambda t: t.replace("\n", "\r").encode(),               # old Mac line ends
    "utf8-bom.tgn": lambda t: b"\xef\xbb\xbf" + t.encode(),
    "gb18030.tgn": lambda t: t.encode("gb18030"),                   # GBK / GB18030
}


def test_check_encodings_and_line_ends_read_the_same(tmp_path):
    for name, transform in ENCODINGS.items():
        (tmp_path / name).write_bytes(transform(DISPUTED))
    code, doc = check_json(*ENCODINGS, cwd=tmp_path)
    assert code == 1
    for f in doc["files"]:
        assert f["errors"] == [], f["path"]
        [violation] = [v for h in f["hands"] for v in h["violations"]]
        assert (violation["code"], violation["line"], violation["column"]) == ("follow_pair", 28, 15), f["path"]


def test_check_mixed_encoding_names_the_bad_byte(tmp_path):
    data = DISPUTED.encode("utf-8") + "\n; 注释注释\n".encode("gbk")
    (tmp_path / "mixed.tgn").write_bytes(data)
    code, doc = check_json("mixed.tgn", cwd=tmp_path)
    [err] = doc["files"][0]["errors"]
    assert code == 2 and err["code"] == "decode_error" and err["line"] == 31
    # 注 (GBK d7 a2) happens to be valid UTF-8; 释 (ca cd) is the first bad byte
    assert f"byte offset {data.index(bytes([0xca]))}" in err["message"] and "0xca" in err["message"]
    assert len(doc["files"][0]["hands"]) == 1          # the rest is still judged


def test_check_utf16_without_bom_says_utf16(tmp_path):
    (tmp_path / "u16.tgn").write_bytes(DISPUTED.encode("utf-16-le"))
    code, doc = check_json("u16.tgn", cwd=tmp_path)
    [err] = doc["files"][0]["errors"]
    assert code == 2 and "UTF-16" in err["message"]


# ---------------------------------------------------------------------------------------
# check: .tgn syntax a referee gets wrong
# ---------------------------------------------------------------------------------------

BROKEN_TGN = {
    "unclosed-quote": (DISPUTED.replace('[Event "Spring Cup 2026 春季杯"]', '[Event "Spring Cup 2026'),
                       "unclosed_quote", 3),
    "unclosed-bracket": (DISPUTED.replace('[Event "Spring Cup 2026 春季杯"]', '[Event "Spring Cup" '),
                         "unclosed_tag", 3),
    "annotation-never-closes": (DISPUTED.replace("{裁判：", "{裁判 never closed ").replace(
        "a pair must be followed by a pair).}", "a pair must be followed by a pair)."),
        "unclosed_annotation", 29),
    "five-plays": (DISPUTED.replace(TRICK_20, "20. W: HQ HQ, N: H9 H3, E: H5 H2, S: HA H10, W: D5 D5"),
                   "duplicate_seat", 28),
    "seat-repeated": (DISPUTED.replace(TRICK_20, "20. W: HQ HQ, N: H9 H3, N: H5 H2, S: HA H10"),
                      "duplicate_seat", 28),
    "trick-out-of-order": (DISPUTED.replace(TRICK_20, "21. W: HQ HQ, N: H9 H9, E: H5 H2, S: HA H10"),
                           "trick_sequence", 28),
    "four-decks-of-HQ": (DISPUTED.replace("N: H9 H9 H3 SA D6 C4", "N: H9 H9 H3 SA D6 C4" + " HQ" * 7),
                         "too_many_copies", 23),
    "unknown-ruleset-option": (DISPUTED.replace('[Ruleset "standard"]', '[Ruleset "standard"]\n[Rule:nonsense "1"]'),
                               "unknown_rule", 13),
    "bad-rule-value": (DISPUTED.replace('[Ruleset "standard"]', '[Ruleset "standard"]\n[Rule:decks "banana"]'),
                       "bad_rule_value", 13),
    "unknown-preset": (DISPUTED.replace('[Ruleset "standard"]', '[Ruleset "weird"]'), "unknown_preset", 12),
    "unknown-card": (DISPUTED.replace("E: H5 H2, S: HA H10", "E: H5 H11, S: HA H10"), "unknown_card", 28),
}


def test_check_broken_tgn_is_positioned_and_rest_judged(tmp_path):
    """Each mistake is reported with its code at its line (bilingual), the hand is still judged,
    and the files are checked in one batch."""
    for name, (text, _, _) in BROKEN_TGN.items():
        (tmp_path / f"{name}.tgn").write_text(text, encoding="utf-8")
    code, doc = check_json(*(f"{name}.tgn" for name in BROKEN_TGN), cwd=tmp_path)
    assert code == 2
    for f, (name, (_, code_expected, line)) in zip(doc["files"], BROKEN_TGN.items(), strict=True):
        hits = [e for e in f["errors"] if e["code"] == code_expected]
        assert hits, (name, f["errors"])
        assert hits[0]["line"] == line and hits[0]["column"] >= 1, name
        assert " / " in hits[0]["message"] and has_chinese(hits[0]["message"]), name
        assert len(f["hands"]) == 1, name                     # the hand is still judged


def test_check_very_long_lines(tmp_path):
    """A 2 MB comment line and a 1 MB tag value do not choke the reader."""
    (tmp_path / "long.tgn").write_text(DISPUTED + "\n; " + "x" * 2_000_000 + "\n", encoding="utf-8")
    (tmp_path / "tag.tgn").write_text('[Site "' + "y" * 1_000_000 + '"]\n' + DISPUTED, encoding="utf-8")
    code, doc = check_json("long.tgn", "tag.tgn", cwd=tmp_path)
    assert code == 2                               # tag.tgn: [Site] given twice
    assert doc["files"][0]["errors"] == []
    assert [e["code"] for e in doc["files"][1]["errors"]] == ["duplicate_tag"]


# ---------------------------------------------------------------------------------------
# check: JSON and JSONL
# ---------------------------------------------------------------------------------------

WRONG_TYPES = [1.5, True, None, "x", [1, 2], {"a": [1]}, 10 ** 30]


def test_check_json_wrong_type_in_every_field(tmp_path):
    """Every match and hand field given every wrong JSON type: json_shape (or another
    positioned code), never a traceback, exit 2 or 1, one file each in one batch."""
    names = []
    for key in ("event", "players", "ruleset", "rules", "levels", "hands", "notes", "tags"):
        for i, bad in enumerate(WRONG_TYPES):
            m = json.loads(json.dumps(SPRING_JSON)); m[key] = bad
            names.append(f"m-{key}-{i}.json"); (tmp_path / names[-1]).write_text(json.dumps(m))
    for key in ("number", "dealer", "trump", "level", "declarations", "deal", "bottom", "buried",
                "setup", "points", "first_trick", "tricks", "claim", "notes"):
        for i, bad in enumerate(WRONG_TYPES):
            m = json.loads(json.dumps(SPRING_JSON)); m["hands"][0][key] = bad
            names.append(f"h-{key}-{i}.json"); (tmp_path / names[-1]).write_text(json.dumps(m))
    code, doc = check_json(*names, cwd=tmp_path)
    assert code == 2 and len(doc["files"]) == len(names)
    for f in doc["files"]:
        for e in f["errors"]:
            assert e["code"] and " / " in e["message"], (f["path"], e)


def test_check_jsonl_one_bad_line_among_good(tmp_path):
    line = json.dumps(SPRING_JSON, ensure_ascii=False)
    (tmp_path / "m.jsonl").write_text("\n".join([line, '{"event": "cut", "hands": [', line, line]) + "\n",
                                      encoding="utf-8")
    code, doc = check_json("m.jsonl", cwd=tmp_path)
    f = doc["files"][0]
    assert code == 2
    assert [(e["code"], e["line"]) for e in f["errors"]] == [("invalid_json", 2)]
    assert sorted({h["match"] for h in f["hands"]}) == [0, 1, 2] and len(f["hands"]) == 15


def test_check_json_not_an_object(tmp_path):
    for name, text in {"n.json": "42", "s.json": '"hi"', "z.json": "null", "l.json": "[1, null]"}.items():
        (tmp_path / name).write_text(text)
    code, doc = check_json("n.json", "s.json", "z.json", "l.json", cwd=tmp_path)
    assert code == 2
    for f in doc["files"]:
        assert f["errors"] and all(e["code"] == "json_shape" and e["line"] == 1 for e in f["errors"])


def test_check_deeply_nested_json_does_not_stop_the_batch(tmp_path):
    (tmp_path / "a-deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "b-good.tgn").write_text(DISPUTED, encoding="utf-8")
    code, out, err = run("check", "--json", "a-deep.json", "b-good.tgn", cwd=tmp_path)
    assert_no_traceback(out, err)
    doc = json.loads(out)
    assert code == 2 and [f["path"] for f in doc["files"]] == ["a-deep.json", "b-good.tgn"]
    assert doc["files"][0]["errors"] and doc["files"][1]["hands"]


def test_replay_deeply_nested_json(tmp_path):
    (tmp_path / "deep.json").write_text('{"hands": [{"notes": ' + "[" * 5000 + "]" * 5000 + "}]}")
    code, out, err = run("replay", "deep.json", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2 and "deep.json" in err


def test_check_json_lone_surrogate(tmp_path):
    (tmp_path / "s.json").write_text('{"event": "\\ud800 cup", "hands": []}')
    (tmp_path / "t.tgn").write_text(DISPUTED, encoding="utf-8")
    code, out, err = run("check", "s.json", "t.tgn", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code in (1, 2) and "t.tgn" in out


def test_ingest_json_lone_surrogate(tmp_path):
    m = json.loads(json.dumps(SPRING_JSON)); m["event"] = "PLACEHOLDER"
    (tmp_path / "s.json").write_text(json.dumps(m).replace("PLACEHOLDER", "\\ud800"))
    (tmp_path / "t.tgn").write_text(DISPUTED, encoding="utf-8")
    code, out, err = run("ingest", "s.json", "t.tgn", "-o", "ds", "-q", cwd=tmp_path)
    assert_no_traceback(out, err)
    from tractor_analysis.dataset import read_table
    stored = read_table(str(tmp_path / "ds"), "files", columns=["source_file"]).column("source_file").to_pylist()
    assert "t.tgn" in stored


def test_check_json_problem_cap(tmp_path):
    (tmp_path / "many.json").write_text(json.dumps({"hands": [{"number": i} for i in range(1500)]}))
    code, doc = check_json("many.json", cwd=tmp_path)
    assert code == 2 and len(doc["files"][0]["errors"]) <= 501


def test_check_jsonl_cr_line_ends(tmp_path):
    line = json.dumps(SPRING_JSON, ensure_ascii=False)
    (tmp_path / "m.jsonl").write_bytes((line + "\r" + line + "\r").encode())
    code, doc = check_json("m.jsonl", cwd=tmp_path)
    assert doc["files"][0]["errors"] == [] and len(doc["files"][0]["hands"]) == 10


# ---------------------------------------------------------------------------------------
# command line: bad options, bad paths
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["check", "replay", "ingest", "report", "simulate"])
def test_bad_rule_is_refused_before_reading(tmp_path, monkeypatch, command):
    from click.testing import CliRunner
    from tractor_analysis.cli.main import main

    extra = {"check": ["nothing.tgn"], "replay": ["nothing.tgn"], "ingest": ["nothing.tgn", "-o", "ds"],
             "report": ["nothing.tgn", "-o", "rep"], "simulate": ["-o", "sim"]}[command]
    monkeypatch.chdir(tmp_path)
    for rule in ("decks=banana", "=x", "decks", "nonsense=1", "decks=0", "decks=99999999999999",
                 "win_level=Z", "throw_penalty_points=-5"):
        result = CliRunner().invoke(main, [command, *extra, "--rule", rule])
        assert result.exception is None or isinstance(result.exception, SystemExit), rule
        assert result.exit_code == 2 and "--rule" in result.output and has_chinese(result.output), rule
        assert "nothing.tgn" not in result.output and os.listdir(".") == [], rule


def test_check_empty_argument_is_not_the_current_folder(tmp_path):
    (tmp_path / "other.tgn").write_text(DISPUTED, encoding="utf-8")
    code, doc = check_json("", cwd=tmp_path)
    assert code == 2 and [f["path"] for f in doc["files"]] == [""]


def test_convert_with_errors_writes_nothing(tmp_path):
    (tmp_path / "bad.tgn").write_text(BROKEN_TGN["unknown-card"][0], encoding="utf-8")
    (tmp_path / "out.json").write_text("previous", encoding="utf-8")
    code, out, err = run("convert", "bad.tgn", "-o", "out.json", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2 and "bad.tgn:28:" in err and "未转换" in err
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == "previous"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("target", ["afile/sub/x.json", "afile/x.json", "/proc/x.json"])
def test_convert_unwritable_output(tmp_path, target):
    (tmp_path / "afile").write_text("")
    code, out, err = run("convert", str(SAMPLES / "disputed-trick.tgn"), "-o", target, cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code != 0 and "cannot write" in err and "无法写入" in err
    assert leftovers(tmp_path) == []


def test_convert_output_symlink_is_not_replaced(tmp_path):
    os.symlink(os.devnull, tmp_path / "sink.json")
    code, out, err = run("convert", str(SAMPLES / "disputed-trick.tgn"), "-o", "sink.json", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert os.path.islink(tmp_path / "sink.json")


def test_simulate_unwritable_output(tmp_path):
    (tmp_path / "afile").write_text("")
    code, out, err = run("simulate", "-n", "1", "--max-hands", "1", "-o", "afile/sim", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code != 0 and "afile/sim" in err


def test_outputs_that_are_the_wrong_kind_are_usage_errors(tmp_path):
    (tmp_path / "afile").write_text("")
    (tmp_path / "adir.json").mkdir()
    src = str(SAMPLES / "disputed-trick.tgn")
    for args in (["convert", src, "-o", "adir.json"], ["replay", src, "--html", "adir.json"],
                 ["report", src, "-o", "afile"], ["ingest", src, "-o", "afile"],
                 ["simulate", "-n", "1", "-o", "afile"], ["stats", "afile"]):
        code, out, err = run(*args, cwd=tmp_path)
        assert_no_traceback(out, err)
        assert code == 2 and "Error" in err, args


def test_replay_html_failure_leaves_nothing(tmp_path):
    (tmp_path / "out-3.html").mkdir()               # the third hand page cannot be written
    code, out, err = run("replay", str(SAMPLES / "spring-cup-r2t5.tgn"), "--html", "out.html", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2 and has_chinese(err)
    assert not (tmp_path / "out.html").exists() and not (tmp_path / "out-2.html").exists()


# ---------------------------------------------------------------------------------------
# report
# ---------------------------------------------------------------------------------------

def test_report_escapes_names_with_html(tmp_path):
    xss = "<script>alert(1)</script>"
    text = (DISPUTED.replace('[North "张伟"]', f'[North "{xss}"]')
            .replace('[Event "Spring Cup 2026 春季杯"]', '[Event "</script><script>alert(2)</script>"]')
            .replace("{裁判：", "{<img src=x onerror=alert(3)>裁判："))
    (tmp_path / "x.tgn").write_text(text, encoding="utf-8")
    bad = tmp_path / "<img src=x onerror=alert(4)>.tgn"
    bad.write_text("garbage", encoding="utf-8")
    code, out, err = run("report", "x.tgn", bad.name, "--title", "<b onmouseover=alert(5)>t</b>", "-o", "rep",
                         cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2                                  # the garbage file
    pages = list((tmp_path / "rep").glob("*.html"))
    assert len(pages) >= 3
    blob = "".join(p.read_text(encoding="utf-8") for p in pages)
    assert "alert(1)" in blob and "alert(4)" in blob and "alert(5)" in blob   # the names are shown …
    for raw in ("<script>alert", "<img src=x", "<b onmouseover"):
        assert raw not in blob                                                # … escaped


def test_report_unwritable_output_leaves_nothing(tmp_path):
    (tmp_path / "afile").write_text("")
    code, out, err = run("report", str(SAMPLES / "disputed-trick.tgn"), "-o", "afile/rep", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2 and "cannot write" in err
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("where", ["input-folder", "current-folder"])
def test_report_does_not_delete_a_folder_that_is_not_a_report(tmp_path, monkeypatch, where):
    from click.testing import CliRunner
    from tractor_analysis.cli.main import main

    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "game.tgn").write_text(DISPUTED, encoding="utf-8")
    (logs / "notes.txt").write_text("precious", encoding="utf-8")
    if where == "input-folder":              # tractor report logs -o logs
        monkeypatch.chdir(tmp_path)
        args = ["report", "logs", "-o", "logs", "-q", "--no-charts"]
    else:                                    # cd logs; tractor report game.tgn -o .
        monkeypatch.chdir(logs)
        args = ["report", "game.tgn", "-o", ".", "-q", "--no-charts"]
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert (logs / "game.tgn").exists() and (logs / "notes.txt").exists()


# ---------------------------------------------------------------------------------------
# ingest and stats
# ---------------------------------------------------------------------------------------

def _stored(ds: Path) -> list[str]:
    from tractor_analysis.dataset import read_table
    return sorted(read_table(str(ds), "files", columns=["source_file"]).column("source_file").to_pylist())


def test_ingest_bad_files_become_error_rows(tmp_path):
    (tmp_path / "empty.tgn").write_bytes(b"")
    (tmp_path / "bin.tgn").write_bytes(b"\x00\x01\x02" * 100)
    (tmp_path / "cut.tgn.gz").write_bytes(gzip.compress(SPRING_TGN.encode())[:700])
    (tmp_path / "deep.json").write_text("[" * 50_000 + "]" * 50_000)
    (tmp_path / "good.tgn").write_text(DISPUTED, encoding="utf-8")
    code, out, err = run("ingest", "empty.tgn", "bin.tgn", "cut.tgn.gz", "deep.json", "good.tgn", "missing.tgn",
                         "-o", "ds", "-q", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2
    assert _stored(tmp_path / "ds") == sorted(["empty.tgn", "bin.tgn", "cut.tgn.gz", "deep.json", "good.tgn",
                                               "missing.tgn"])
    from tractor_analysis.dataset import read_table
    errors = read_table(str(tmp_path / "ds"), "errors", columns=["source_file", "code"]).to_pylist()
    codes = {(e["source_file"], e["code"]) for e in errors}
    assert {("empty.tgn", "empty_file"), ("bin.tgn", "binary_file"), ("cut.tgn.gz", "truncated_file"),
            ("missing.tgn", "unreadable_file")} <= codes
    assert leftovers(tmp_path / "ds") == []


@pytest.mark.parametrize("edit", [
    ('[Hand "11"]', '[Hand "40000"]'),
    ('[Points "65"]', '[Points "40000"]'),
], ids=["hand", "points"])
def test_ingest_out_of_range_numbers_do_not_stop_the_batch(tmp_path, edit):
    text = DISPUTED.replace(*edit)
    (tmp_path / "big.tgn").write_text(text, encoding="utf-8")
    (tmp_path / "good.tgn").write_text(SPRING_TGN, encoding="utf-8")
    code, out, err = run("ingest", "big.tgn", "good.tgn", "-o", "ds", "-q", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 2 and "good.tgn" in _stored(tmp_path / "ds")


def test_check_accepts_out_of_range_numbers(tmp_path):
    """The same record is fine for check (so the ingest failure above is the writer's)."""
    (tmp_path / "big.tgn").write_text(DISPUTED.replace('[Hand "11"]', '[Hand "40000"]'), encoding="utf-8")
    code, doc = check_json("big.tgn", cwd=tmp_path)
    assert code == 1 and doc["files"][0]["hands"][0]["hand"] == 40000


@pytest.mark.parametrize("command", ["ingest", "report"])
def test_non_utf8_file_name(tmp_path, command):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "good.tgn").write_text(DISPUTED, encoding="utf-8")
    with open(os.path.join(bytes(logs), b"\xc7\xef\xbc\xbe.tgn"), "wb") as fh:    # 秋季 in GBK
        fh.write((SAMPLES / "gbk-club-night.tgn").read_bytes())
    out_dir = "ds" if command == "ingest" else "rep"
    code, out, err = run(command, "logs", "-o", out_dir, "-q", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code in (0, 2)


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("ds")
    code, out, err = run("ingest", str(SAMPLES), "-o", str(root / "ds"), "-q")
    assert code == 0, err
    return root / "ds"


def _copy(ds: Path, to: Path) -> Path:
    import shutil
    shutil.copytree(ds, to)
    return to


def test_stats_on_empty_and_non_datasets(tmp_path):
    (tmp_path / "plain").mkdir()
    code, out, err = run("stats", "plain", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code != 0 and "not a dataset" in err and "不是数据集" in err
    code, out, err = run("ingest", "nothing.tgn", "-o", "empty", "-q", cwd=tmp_path)   # a dataset of one error row
    assert_no_traceback(out, err)
    assert code == 2 and "nothing.tgn" in err
    code, out, err = run("stats", "empty", "--format", "json", cwd=tmp_path)
    assert_no_traceback(out, err)
    assert code == 0 and json.loads(out)["summary"] == []


def test_stats_truncated_part(tmp_path, dataset):
    ds = _copy(dataset, tmp_path / "ds")
    part = sorted((ds / "hands").glob("*.parquet"))[0]
    part.write_bytes(part.read_bytes()[:100])
    code, out, err = run("stats", str(ds))
    assert_no_traceback(out, err)
    assert code != 0 and part.name in err


def test_ingest_into_dataset_with_truncated_manifest_part(tmp_path, dataset):
    ds = _copy(dataset, tmp_path / "ds")
    for part in (ds / "files").glob("*.parquet"):
        part.write_bytes(part.read_bytes()[:50])
    code, out, err = run("ingest", str(SAMPLES / "disputed-trick.tgn"), "-o", str(ds), "-q")
    assert_no_traceback(out, err)
    assert code != 0


def test_stats_missing_part_is_reported(tmp_path, dataset):
    ds = _copy(dataset, tmp_path / "ds")
    for part in (ds / "hands").glob("*.parquet"):
        part.unlink()
    code, out, err = run("stats", str(ds))
    assert_no_traceback(out, err)
    assert code != 0 and "hands" in err


def test_report_on_damaged_dataset_says_so(tmp_path, dataset):
    ds = _copy(dataset, tmp_path / "ds")
    part = sorted((ds / "hands").glob("*.parquet"))[0]
    part.write_bytes(part.read_bytes()[:100])
    code, out, err = run("report", str(ds), "-o", str(tmp_path / "rep"), "-q")
    assert_no_traceback(out, err)
    assert code == 2 and part.name in err

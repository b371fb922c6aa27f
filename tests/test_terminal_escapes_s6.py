"""Every command's terminal output shows the controls a record's text holds escaped (session 6, Q2).

``tractor check`` showed record text (names, event, file names, messages quoting the record) through
``record_text`` (``\\u202e`` for U+202E RIGHT-TO-LEFT OVERRIDE, ``\\x1b`` for an escape) since
tests/test_display_fixes_s6.py; the other commands printed it as it is: a player's name holding U+202E
reversed the rest of a ``replay`` / ``analyse`` line, a team's name the rest of a ``standings`` row,
and an escape sequence in a record's note could rewrite the terminal line.  ``record_text`` now lives
in ``cli/common.py`` and is applied where record text enters a line: the seat label, ``path:line:
column: message``, the encoding note, the table printer (every cell), and the commands' own notes.

JSON and CSV are data for programs: they keep the record's text exactly (tested below too).

Each test of an escape failed before the change (the controls were printed as they are; an escape
sequence was dropped by click outside a terminal, and written to the terminal inside one).
"""
from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SPRING = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text("utf-8")
DISPUTED = (ROOT / "sample_logs" / "disputed-trick.tgn").read_text("utf-8")
GBK = ROOT / "sample_logs" / "gbk-club-night.tgn"
EVENT = ROOT / "tests" / "data" / "event"

RLO, LRI, PDI, FSI = "\u202e", "\u2066", "\u2069", "\u2068"
CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                     "\x1b\x9b\r\u2028\u2029")
"""What must not reach a terminal line from a record (a line break ends a line; it is not checked)."""


def _raw(text: str) -> list[str]:
    """The lines of ``text`` that hold a control of :data:`CONTROLS` (none may)."""
    return [line for line in text.splitlines() if CONTROLS & set(line)]


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, "utf-8")
    return path


def _invoke(*args: str, color: bool = False):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False, color=color)


def _first_hand(text: str) -> str:
    return text[:text.index('[Hand "2"]')]


def _named(text: str) -> str:
    """A record with every player's name holding a bidi control."""
    return (text.replace('[North "张伟"]', f'[North "张伟{RLO}"]').replace('[East "李娜"]', f'[East "{LRI}李娜"]')
            .replace('[South "王芳"]', f'[South "王芳{RLO}"]').replace('[West "刘洋"]', f'[West "刘{LRI}洋"]'))


def _disputed(folder: Path, name: str = f"d{RLO}.tgn") -> Path:
    """The disputed trick with controls in the names and in the notes (a hand's, a play's, a trick's:
    a TGN annotation writes them as ``\\u202e``, ``\\u001b``)."""
    text = (_named(DISPUTED).replace("{东家申诉：", "{东家\\u202e申诉\\u001b[2K：")
            .replace("{北家拆对：", "{北家\\u202e拆对：").replace("{裁判：", "{裁判\\u2066："))
    return _write(folder, name, text)


# --- the shared helpers ------------------------------------------------------------------------------

def test_record_text_is_the_common_helper_and_verdict_text_keeps_it():
    from tractor_analysis.cli import common, verdict_text
    assert verdict_text.record_text is common.record_text
    assert common.record_text(f"张{RLO}伟\x1b[2K") == "张\\u202e伟\\x1b[2K"


def test_seat_label_and_located_escape_the_record_s_text(tmp_path):
    from tractor_analysis.cli.common import load, located, seat_label
    from tractor_analysis.records.diagnostics import Diagnostic

    match = load(str(_disputed(tmp_path))).matches[0]
    assert [seat_label(s, match) for s in range(4)] == ["N 张伟\\u202e", "E \\u2066李娜", "S 王芳\\u202e",
                                                       "W 刘\\u2066洋"]
    assert seat_label(None, match) == "?" and seat_label(2) == "S"
    d = Diagnostic("bad_tag", f"unknown tag [X{RLO}] / 未知标签", 3, 4)
    assert located(d, f"cup{LRI}.tgn") == "cup\\u2066.tgn:3:4: unknown tag [X\\u202e] / 未知标签"
    assert located(Diagnostic("unreadable_file", "x\x1b[2Ky", 0, 0), "a.tgn") == "a.tgn: x\\x1b[2Ky"


def test_say_encoding_escapes_the_file_s_name(capsys):
    from tractor_analysis.cli.common import say_encoding

    say_encoding(f"club{RLO}.tgn", "GBK (not UTF-8) / GBK 编码")
    err = capsys.readouterr().err
    assert err == "club\\u202e.tgn: encoding 编码: GBK (not UTF-8) / GBK 编码\n"


def test_the_table_printer_escapes_every_cell_and_aligns_what_it_shows():
    from tractor_analysis.cli.common import strong
    from tractor_analysis.cli.tables import table, width

    text = table([[f"张{RLO}伟", "12"], ["李娜", "3"], [f"x\x1b[8my", "4"]], ["player / 选手", "n"], max_width=200)
    assert not _raw(text), text
    lines = text.splitlines()
    assert lines[2].startswith("张\\u202e伟") and lines[4].startswith("x\\x1b[8my")
    # the second column starts at one display column in every line: the width is the escape's
    starts = {width(line[:line.index(n)]) for line, n in zip(lines[2:], ("12", "3", "4"))}
    assert len(starts) == 1 and starts == {width(lines[0][:lines[0].index("n")])}, text
    # the tool's own styles (tractor rules' bold preset names) stay styles, not escapes
    styled = table([[strong("standard"), "the default"]], max_width=200)
    assert "\x1b[1mstandard\x1b[0m" in styled and "\\x1b" not in styled


# --- replay --------------------------------------------------------------------------------------------

def test_replay_escapes_names_and_notes(tmp_path):
    r = _invoke("replay", _disputed(tmp_path))
    assert "dealer 庄 N 张伟\\u202e  level 级 7" in r.output, r.output
    assert "* defenders 庄家方: N 张伟\\u202e S 王芳\\u202e" in r.output
    assert "leader 首家 W 刘\\u2066洋" in r.output
    assert "  {东家\\u202e申诉\\x1b[2K：北家" in r.output            # the hand's note (the escape too)
    assert "{北家\\u202e拆对：应跟 ♥9 ♥9 / North broke the pair: should have followed ♥9 ♥9}  — N 张伟\\u202e" in r.output
    assert "     {裁判\\u2066：跟牌错误成立" in r.output
    assert "winner 赢家 W 刘\\u2066洋 (attackers 闲家)" in r.output
    assert re.search(r"plays 出牌  W 刘\\u2066洋: ♥Q ♥Q   N 张伟\\u202e: ♥9 ♥3", r.output), r.output
    assert not _raw(r.output), _raw(r.output)


def test_replay_s_seat_column_is_as_wide_as_the_escaped_names(tmp_path):
    from tractor_analysis.cli.tables import width

    out = _invoke("replay", _disputed(tmp_path)).output
    held = [line for line in out.splitlines() if re.match(r"  [* ][NESW] ", line)]
    assert len(held) == 4, out
    assert len({width(line[:re.search("[主♥]", line).start()]) for line in held}) == 1, held   # the cards start in one column


def test_replay_in_a_terminal_writes_no_escape_sequence_from_the_record(tmp_path):
    """click drops escape sequences outside a terminal (``color=False``); in one it writes them."""
    r = _invoke("replay", _disputed(tmp_path), color=True)
    assert "\x1b[2K" not in r.output and "\\x1b[2K" in r.output


def test_replay_s_messages_on_stderr_escape_the_file_s_name(tmp_path):
    gbk = tmp_path / f"club{RLO}.tgn"
    shutil.copy(GBK, gbk)
    r = _invoke("replay", gbk)
    assert "club\\u202e.tgn: encoding 编码: " in r.stderr, r.stderr
    assert not _raw(r.stderr)
    bad = _write(tmp_path, f"bad{LRI}.tgn", DISPUTED.replace('[Referee "陈静 Chen Jing"]', '[Bogus "x" y'))
    r = _invoke("replay", bad)
    assert f"bad\\u2066.tgn:22:1: unclosed tag [Bogus" in r.stderr, r.stderr
    assert not _raw(r.stderr)
    r = _invoke("replay", _disputed(tmp_path), "--hand", "3")
    assert r.exit_code == 2 and "no hand 3 in " in r.stderr and "d\\u202e.tgn" in r.stderr, r.stderr
    assert not _raw(r.stderr)


def test_replay_s_html_pages_keep_the_record_s_text_for_the_page_to_isolate(tmp_path):
    bad = _write(tmp_path, f"bad{RLO}.tgn", _named(DISPUTED).replace('[Referee "陈静 Chen Jing"]', '[Bogus "x" y'))
    _invoke("replay", bad, "--html", tmp_path / "hand.html")
    page = (tmp_path / "hand.html").read_text("utf-8")
    assert f"{FSI}{bad}:22:1: unclosed tag [Bogus" in page and "\\u202e" not in page


# --- analyse -------------------------------------------------------------------------------------------

def test_analyse_escapes_the_names_of_its_plays_and_hands(tmp_path):
    record = _write(tmp_path, f"s{RLO}.tgn", _named(_first_hand(SPRING)))
    r = _invoke("analyse", record, "--last", "2", "--budget", "2", "--show-hands")
    assert re.search(r"\n    W 刘\\u2066洋 +♥2 +60 → 60", r.output), r.output
    assert re.search(r"\n    N 张伟\\u202e +♠ J │ ♦ 9", r.output), r.output        # --show-hands
    assert not _raw(r.output), _raw(r.output)


def test_analyse_json_keeps_the_record_s_text(tmp_path):
    record = _write(tmp_path, f"s{RLO}.tgn", _named(_first_hand(SPRING)))
    r = _invoke("analyse", record, "--last", "2", "--budget", "2", "--json")
    assert json.loads(r.stdout)["file"] == str(record)
    assert f"s{RLO}.tgn" in r.stdout and "\\u202e" not in r.stdout


# --- ruling --------------------------------------------------------------------------------------------

def test_ruling_s_terminal_lines_escape_and_its_page_isolates_as_before(tmp_path):
    bad = _write(tmp_path, f"e{RLO}.tgn", _named(DISPUTED).replace('[Referee "陈静 Chen Jing"]', '[Bogus "x" y'))
    out = tmp_path / "ruling.html"
    r = _invoke("ruling", bad, "-o", out)
    assert r.exit_code == 0, r.output
    assert "e\\u202e.tgn:22:1: unclosed tag [Bogus" in r.stderr and not _raw(r.stderr), r.stderr
    page = out.read_text("utf-8")
    # the page's own isolation, unchanged; the problem quoted Chinese first, as the rest of the page
    assert f"<div>{FSI}{bad}:22:1: 标签未闭合" in page and " / unclosed tag [Bogus" in page
    assert "\\u202e" not in page and "\\u2066" not in page


def test_ruling_s_notes_on_stderr_escape_the_file_s_name(tmp_path):
    clean = _write(tmp_path, f"clean{RLO}.tgn", _named(_first_hand(SPRING)))
    r = _invoke("ruling", clean, "-o", tmp_path / "none.html")
    assert r.exit_code == 1 and "no violation found in " in r.stderr and "clean\\u202e.tgn" in r.stderr, r.stderr
    assert not _raw(r.stderr)
    gbk = tmp_path / f"club{LRI}.tgn"
    shutil.copy(GBK, gbk)
    r = _invoke("ruling", gbk, "-o", tmp_path / "gbk.html")
    assert "club\\u2066.tgn: encoding 编码: " in r.stderr and not _raw(r.stderr), r.stderr


# --- standings and ratings -----------------------------------------------------------------------------

def _event(tmp_path: Path, *, copy: bool = False) -> Path:
    """The 8-team event with the event's name, a team's and a player's holding a bidi control (and, with
    ``copy``, a second record of r1t1 under a name holding one)."""
    folder = tmp_path / "event"
    folder.mkdir()
    for f in sorted(EVENT.glob("*.tgn")):
        text = (f.read_text("utf-8").replace('"Lantern Cup 2026"', f'"Lantern{RLO} Cup 2026"')
                .replace('"Red Lanterns"', f'"Red{RLO} Lanterns"').replace('"李娜"', f'"李{LRI}娜"'))
        _write(folder, f.name, text)
    if copy:        # (a comment more: not the same file, which ingest would skip, but the same match)
        _write(folder, f"copy{RLO}.tgn", "; typed again\n" + (folder / "r1t1.tgn").read_text("utf-8"))
    return folder


def _plain_to_controls(text: str) -> str:
    return (text.replace("Lantern Cup 2026", f"Lantern{RLO} Cup 2026").replace("Red Lanterns", f"Red{RLO} Lanterns")
            .replace("李娜", f"李{LRI}娜"))


def test_standings_table_escapes_the_team_s_and_players_names(tmp_path):
    r = _invoke("standings", _event(tmp_path))
    assert r.exit_code == 0, r.output
    row = next(line for line in r.stdout.splitlines() if line.startswith("1 "))
    assert re.fullmatch(r"1 +Red\\u202e Lanterns +李\\u2066娜; 王芳 +3 +3 +0 +6 +5 +12", row), row
    assert not _raw(r.output), _raw(r.output)


def test_ratings_table_escapes_the_player_s_name(tmp_path):
    r = _invoke("ratings", _event(tmp_path))
    assert r.exit_code == 0, r.output
    assert re.search(r"\n李\\u2066娜 +30\.772", r.stdout), r.stdout
    assert not _raw(r.output)


@pytest.mark.parametrize("command", ["standings", "ratings"])
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_standings_and_ratings_data_keep_the_record_s_text_exactly(tmp_path, command, fmt):
    plain = _invoke(command, EVENT, "--format", fmt)
    r = _invoke(command, _event(tmp_path), "--format", fmt)
    assert r.exit_code == plain.exit_code == 0
    assert r.stdout == _plain_to_controls(plain.stdout)           # byte for byte, the names as recorded
    assert RLO in r.stdout or LRI in r.stdout
    if fmt == "csv":
        cells = {c for row in csv.reader(io.StringIO(r.stdout)) for c in row}
        assert (f"Red{RLO} Lanterns" in cells) is (command == "standings")
        assert (f"李{LRI}娜" in cells) is (command == "ratings")
    else:
        json.loads(r.stdout)


def test_standings_notes_and_errors_escape_the_record_s_text(tmp_path):
    folder = _event(tmp_path, copy=True)
    r = _invoke("standings", folder)
    notes = [line for line in r.stderr.splitlines() if "copy" in line]
    assert notes and all("copy\\u202e.tgn" in n for n in notes), r.stderr
    assert not _raw(r.stderr), _raw(r.stderr)
    r = _invoke("standings", folder, "--event", "nope")
    assert r.exit_code == 2 and '[Event] "Lantern\\u202e Cup 2026"' in r.stderr, r.stderr
    assert not _raw(r.stderr)


# --- stats ---------------------------------------------------------------------------------------------

@pytest.fixture()
def dataset(tmp_path) -> Path:
    out = tmp_path / "data"
    r = _invoke("ingest", _event(tmp_path, copy=True), "-o", out)
    assert r.exit_code == 0, r.output
    return out


def test_stats_tables_escape_names_and_file_names(dataset):
    r = _invoke("stats", dataset, "--by", "team", "--table", "standings")
    assert re.search(r"\n1 +Red\\u202e Lanterns +3 +3 +0", r.stdout), r.stdout
    assert not _raw(r.stdout)
    r = _invoke("stats", dataset, "--by", "player", "--table", "summary")
    assert re.search(r"\n李\\u2066娜 +\d", r.stdout), r.stdout
    assert not _raw(r.stdout)
    # the note on the match recorded twice names its file
    assert "copy\\u202e.tgn" in r.stderr and not _raw(r.stderr), r.stderr


def test_stats_by_match_shows_a_file_s_name_escaped(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    _write(folder, f"cup{RLO}.tgn", _named(_first_hand(SPRING)))
    out = tmp_path / "data"
    assert _invoke("ingest", folder, "-o", out).exit_code == 0
    r = _invoke("stats", out, "--by", "match", "--table", "summary")
    assert re.search(r"\ncup\\u202e\.tgn \(r2 t5\) +1 ", r.stdout), r.stdout
    assert not _raw(r.stdout)
    r = _invoke("stats", out, "--by", "match", "--table", "summary", "--format", "csv")
    assert next(csv.reader(io.StringIO(r.stdout.splitlines()[1])))[0] == f"cup{RLO}.tgn (r2 t5)"


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_stats_data_keep_the_record_s_text_exactly(tmp_path, dataset, fmt):
    plain_data = tmp_path / "plain"
    assert _invoke("ingest", EVENT, "-o", plain_data).exit_code == 0
    for by in ("team", "player"):
        plain = _invoke("stats", plain_data, "--by", by, "--table", "summary", "--format", fmt)
        r = _invoke("stats", dataset, "--by", by, "--table", "summary", "--format", fmt)
        assert r.stdout == _plain_to_controls(plain.stdout), by      # the copy is counted once
        assert (RLO if by == "team" else LRI) in r.stdout and "\\u" not in r.stdout


# --- check --json ----------------------------------------------------------------------------------------

def test_check_json_keeps_the_record_s_file_name(tmp_path):
    record = _write(tmp_path, f"cup{RLO}.tgn", _named(_first_hand(SPRING)))
    r = _invoke("check", record, "--json")
    assert f'{{"path": "{record}", ' in r.stdout, r.stdout[:300]       # the character itself, as JSON writes it
    assert "\\u202e" not in r.stdout
    assert json.loads(r.stdout)["files"][0]["path"] == str(record)

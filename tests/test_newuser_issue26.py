"""What tripped a new user (issue 26), the CLI and dataset part: a failed throw stored as a
throw, ``stats --by match`` keyed the same for people and programs, reversed card tokens
suggested, every command that reads a legacy encoding saying so, tables that fit the terminal
stderr shows when stdout is piped.  (The pages: tests/test_browser_issue26.py.)"""
from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import termios
import unicodedata
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, read_table
from tractor_analysis.dataset.schema import SCHEMAS
from tractor_analysis.records import cards as card_module
from tractor_analysis.records.cards import parse_card
from tractor_analysis.records.sources import load_bytes

from test_newuser_issue10 import big5_record

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "sample_logs"


def cli(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False, env=env)


# --- 6. a failed throw is stored as the throw it was ------------------------------------

@pytest.fixture(scope="module")
def samples_dataset(tmp_path_factory):
    data = tmp_path_factory.mktemp("ds") / "data"
    assert cli("ingest", SAMPLES, "-o", data).exit_code == 0
    return data


def test_a_failed_throw_is_stored_with_lead_kind_throw_and_the_forced_unit_beside_it(samples_dataset):
    tricks = load(str(samples_dataset), tables=["tricks"]).tricks
    failed = tricks[tricks["throw_failed"].astype(bool)]
    assert len(failed) >= 1                                  # spring-cup hand 3 (in .tgn and .json)
    assert set(failed["lead_kind"]) == {"throw"}
    assert set(failed["forced_kind"]) == {"single"}
    assert (failed["lead_cards"] > 1).all() and (failed["cards_not_thrown"] >= 1).all()
    assert tricks.loc[~tricks["throw_failed"].astype(bool), "forced_kind"].isna().all()
    # lead_kind = 'throw' finds every failed throw (it found none before)
    assert set(failed.index) <= set(tricks[tricks["lead_kind"] == "throw"].index)
    # the Parquet part itself holds it (a DuckDB query sees the same)
    part = next((samples_dataset / "tricks").glob("*.parquet"))
    raw = pq.read_table(part).to_pylist()
    assert {(r["lead_kind"], r["forced_kind"]) for r in raw if r["throw_failed"]} == {("throw", "single")}


def test_a_dataset_written_before_forced_kind_reads_as_the_new_one(samples_dataset, tmp_path):
    import shutil

    old = tmp_path / "old"
    shutil.copytree(samples_dataset, old)
    for part in (old / "tricks").glob("*.parquet"):      # as the code before forced_kind wrote it
        t = pq.read_table(part)
        kinds = [f if f is not None else k for k, f in zip(t.column("lead_kind").to_pylist(),
                                                           t.column("forced_kind").to_pylist())]
        t = t.drop_columns(["forced_kind"])
        t = t.set_column(t.column_names.index("lead_kind"), "lead_kind",
                         pa.array(kinds, pa.string()).dictionary_encode())
        pq.write_table(t, part)
    assert "forced_kind" not in pq.read_schema(next((old / "tricks").glob("*.parquet"))).names
    new_rows = read_table(str(samples_dataset), "tricks").to_pylist()
    old_rows = read_table(str(old), "tricks").to_pylist()
    assert old_rows == new_rows
    only = read_table(str(old), "tricks", columns=["lead_kind"]).column_names
    assert only == ["lead_kind"]
    assert read_table(str(old), "tricks", columns=["lead_kind"]).column("lead_kind").to_pylist() == \
        [r["lead_kind"] for r in new_rows]


def test_forced_kind_is_documented_in_docs_dataset_md():
    doc = (ROOT / "docs" / "dataset.md").read_text("utf-8")
    tricks = doc.split("### `tricks`", 1)[1].split("### ", 1)[0]
    assert "| `forced_kind` |" in tricks and "`lead_kind` is `throw`" in tricks
    assert "forced_kind" in SCHEMAS["tricks"].names


# --- 7. stats --by match: one readable key, the id beside it -----------------------------

def test_stats_by_match_csv_and_json_show_the_tables_key_and_the_id(samples_dataset):
    table = cli("stats", samples_dataset, "--by", "match", "--table", "summary", env={"COLUMNS": "400"}).stdout
    csv = cli("stats", samples_dataset, "--by", "match", "--format", "csv").stdout.splitlines()
    assert csv[0].startswith("match,match_id,")
    ids = set(load(str(samples_dataset), tables=["matches"]).matches["match_id"])
    rows = [line.split(",") for line in csv[1:]]
    assert rows and all(r[1] in ids for r in rows)
    for key, _ in ((r[0], r[1]) for r in rows):
        assert key.endswith((".tgn", ".json", ")")) and key in table       # the key the table shows
    import json
    doc = json.loads(cli("stats", samples_dataset, "--by", "match", "--format", "json").stdout)
    for name, records in doc.items():
        for rec in (records if name != "standings" else ()):          # standings rank teams
            assert list(rec)[:2] == ["match", "match_id"] and rec["match_id"] in ids, name
            assert rec["match"] in table


# --- 8. a card written the other way round: the card meant is suggested -----------------

@pytest.mark.parametrize("token, meant", [("QH", "HQ"), ("Q♥", "HQ"), ("10H", "H10"), ("qh", "HQ"),
                                          ("AS", "SA"), ("10♣", "C10"), ("K黑桃", "SK"), ("ＱＨ", "HQ")])
def test_a_reversed_card_token_suggests_the_card_meant(token, meant):
    assert card_module.card_meant(token) == meant
    with pytest.raises(ValueError, match=f"did you mean {meant}"):
        parse_card(token)


@pytest.mark.parametrize("token", ["S11", "X5", "HH", "1H", "BJJ"])
def test_no_suggestion_for_a_token_that_is_no_card_either_way(token):
    assert card_module.card_meant(token) is None


@settings(max_examples=300, deadline=None)
@given(token=st.text(max_size=8))
def test_a_suggestion_is_always_a_card_and_never_for_a_card(token):
    meant = card_module.card_meant(token)
    try:
        parse_card(token)
        is_card = True
    except ValueError:
        is_card = False
    if meant is not None:
        assert card_module.TOKEN[parse_card(meant)] == meant and not is_card


@pytest.mark.parametrize("kind", range(54))
def test_every_card_written_rank_first_is_suggested_back(kind):
    token = card_module.TOKEN[kind]
    if kind >= 52:
        assert card_module.card_meant(token) is None
        return
    reversed_token = token[1:] + token[0]
    assert card_module.card_meant(reversed_token) == token
    assert card_module.card_meant(reversed_token.lower()) == token


def test_every_reader_suggests_the_card_meant(tmp_path):
    text = (SAMPLES / "disputed-trick.tgn").read_text("utf-8")
    bad = text.replace("N: H9 H3 {", "N: 9H H3 {", 1).replace("N: H9 H9 H3", "N: H9 Q♥ H3", 1)
    assert bad != text
    (tmp_path / "rev.tgn").write_text(bad, "utf-8")
    r = cli("check", tmp_path / "rev.tgn")
    assert "unknown card '9H' (did you mean H9? the suit comes first)" in r.output
    assert "unknown card 'Q♥' (did you mean HQ? the suit comes first)" in r.output
    assert "（是否为 HQ？花色在前）" in r.output
    # JSON
    import json
    doc = json.loads(cli("convert", SAMPLES / "disputed-trick.tgn", "--to", "json").stdout)
    assert doc["hands"][0]["deal"]["N"][0] == "H9"
    doc["hands"][0]["deal"]["N"][0] = "10H"
    (tmp_path / "rev.json").write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
    r = cli("check", tmp_path / "rev.json")
    assert "unknown card '10H' in" in r.output and "(did you mean H10? the suit comes first)" in r.output
    # a [Friend] tag
    friend = text.replace('[Hand "11"]', '[Hand "11"]\n[Friend "AS"]', 1)
    src = load_bytes(friend.encode("utf-8"), "f.tgn")
    assert any("did you mean SA?" in d.message for d in src.diagnostics), [d.message for d in src.diagnostics]


# --- 9. every command that reads a legacy encoding says which -----------------------------

@pytest.mark.parametrize("args", [
    ("check", "{f}"), ("convert", "{f}", "--to", "json"), ("replay", "{f}"),
    ("ruling", "{f}", "-o", "{tmp}/r.html"), ("analyse", "{f}", "--last", "2"),
    ("report", "{f}", "-o", "{tmp}/rep"), ("ingest", "{f}", "-o", "{tmp}/ds"),
])
def test_every_command_that_reads_a_big5_record_says_so(tmp_path, args):
    path = tmp_path / "taipei.tgn"
    path.write_bytes(big5_record())
    r = cli(*[a.format(f=path, tmp=tmp_path) for a in args])
    said = r.output + (r.stderr if r.stderr_bytes is not None else "")
    assert f"{path}: encoding 编码: not UTF-8; read as Big5" in said, said[-600:]
    assert "按 Big5（繁体） 读取" in said


def test_the_report_index_names_the_encoding_too(tmp_path):
    path = tmp_path / "taipei.tgn"
    path.write_bytes(big5_record())
    assert cli("report", path, SAMPLES / "gbk-club-night.tgn", "-o", tmp_path / "rep").exit_code in (0, 1)
    html = (tmp_path / "rep" / "index.html").read_text("utf-8")
    assert 'id="encodings"' in html and "read as Big5" in html and "read as GB18030" in html


def test_ingest_says_it_once_per_file_and_not_again_for_files_it_skips(tmp_path):
    path = tmp_path / "taipei.tgn"
    path.write_bytes(big5_record())
    first = cli("ingest", path, "-o", tmp_path / "ds")
    assert first.stderr.count("encoding 编码") == 1
    again = cli("ingest", path, "-o", tmp_path / "ds")
    assert "encoding 编码" not in again.stderr


# --- 10. piped tables fit the terminal the person reads them on, and say so --------------

def _run_with_a_terminal_on_stderr(args: list[str], columns: int) -> tuple[str, str]:
    """``tractor ARGS`` with stdout piped and stderr an 80-column pseudo-terminal (as
    ``tractor stats data | less`` in a terminal), no COLUMNS set."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    try:
        proc = subprocess.run([sys.executable, "-c", "from tractor_analysis.cli import run; run()", *args], stdout=subprocess.PIPE,
                              stderr=slave, stdin=subprocess.DEVNULL, env=env, timeout=300, cwd=ROOT)
        os.close(slave)
        slave = -1
        err = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            err += chunk
    finally:
        if slave >= 0:
            os.close(slave)
        os.close(master)
    return proc.stdout.decode("utf-8"), err.decode("utf-8", "replace")


def _display_width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


@pytest.mark.parametrize("args", [("stats", "{data}"), ("stats", "{data}", "--by", "match"), ("rules",)])
def test_a_piped_table_fits_the_terminal_on_stderr_and_says_so(samples_dataset, args):
    out, _ = _run_with_a_terminal_on_stderr([a.format(data=samples_dataset) for a in args], 80)
    lines = out.splitlines()
    assert lines and max(_display_width(ln) for ln in lines) <= 80, max(lines, key=_display_width)
    assert "(fitted to 80 columns:" in out and "按 80" in out


def test_without_any_terminal_the_table_keeps_one_line_a_row(samples_dataset):
    r = cli("stats", samples_dataset, "--table", "summary")            # CliRunner: no terminal at all
    assert "fitted to" not in r.stdout
    assert max(_display_width(ln) for ln in r.stdout.splitlines()) > 100

"""``tractor ingest`` end to end: simulate → ingest → load, re-ingest, corrupt files, SIGKILL, DuckDB."""
from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pyarrow.dataset as pads
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.simulate import simulate, write_matches

TRACTOR = [sys.executable, "-m", "tractor_analysis.cli.main"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """6 matches as .tgn files and 4 as one .jsonl, with injected violations."""
    root = tmp_path_factory.mktemp("corpus")
    tgn = list(simulate(6, 41, violation_rate=0.05, max_hands=4))
    jl = list(simulate(4, 42, violation_rate=0.05, max_hands=3))
    write_matches(tgn, str(root / "tgn"), "tgn")
    write_matches(jl, str(root / "jl"), "jsonl", per_file=10)
    return root, tgn + jl


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_simulate_ingest_load_round_trip(corpus, tmp_path):
    root, matches = corpus
    out = tmp_path / "ds"
    res = run("ingest", root, "-o", out, "--quiet")
    assert res.exit_code == 0, res.output
    assert "ingested 7 files" in res.output
    ds = load(str(out))
    assert len(ds.matches) == len(matches) == 10
    assert len(ds.hands) == sum(len(m.hands) for m in matches)
    assert len(ds.tricks) == sum(len(h.tricks) for m in matches for h in m.hands)
    assert len(ds.plays) == 4 * len(ds.tricks)
    assert ds.errors.empty
    assert set(ds.matches.player_n) | set(ds.matches.player_e) == \
        {m.players[0] for m in matches} | {m.players[1] for m in matches}
    # the source file and its content hash on every match
    for row in ds.matches.itertuples():
        data = Path(row.source_file).read_bytes()
        assert row.source_sha256 == hashlib.sha256(data).hexdigest()
        assert row.match_id == f"{row.source_sha256[:16]}-{row.match_index}"
    # the simulator's records say that its cap decides a match by the levels: an option changed
    assert set(ds.hands.ruleset) == {"standard+"}
    assert all('"decide_by_levels": "on"' in r for r in ds.hands.rules)
    assert all('"decks": "2"' in r for r in ds.hands.rules)
    assert (ds.hands.claim == ds.hands.attackers_total).all()


def test_injected_violations_are_found_exactly(corpus, tmp_path):
    root, _ = corpus
    out = tmp_path / "ds"
    ingest([str(p) for p in sorted(root.rglob("*.*"))], str(out))
    ds = load(str(out))
    truth = set()
    for r in ds.plays.itertuples():
        for note in (r.notes if r.notes is not None else []):
            if note.startswith("injected: "):
                truth.add((r.match_id, r.hand_no, r.trick_no, r.seat, note.split(": ")[1]))
    got = {(r.match_id, r.hand_no, r.trick_no, r.seat, r.code) for r in ds.violations.itertuples()}
    assert truth and got == truth


def test_reingest_adds_nothing_and_new_files_add_rows(corpus, tmp_path):
    root, _ = corpus
    out = tmp_path / "ds"
    first = run("ingest", root / "tgn", "-o", out, "-q")
    assert first.exit_code == 0
    before = {t: len(load(str(out))[t]) for t in ("matches", "hands", "plays", "files")}
    again = run("ingest", root / "tgn", "-o", out, "-q")
    assert again.exit_code == 0 and "ingested 0 files (6 already in the dataset)" in again.output
    assert {t: len(load(str(out))[t]) for t in before} == before
    # the same content under another name is the same file
    copy = tmp_path / "copy.tgn"
    shutil.copy(next((root / "tgn").iterdir()), copy)
    assert "ingested 0 files" in run("ingest", copy, "-o", out, "-q").output
    more = run("ingest", root / "jl", "-o", out, "-q")
    assert "ingested 1 files" in more.output
    assert len(load(str(out)).matches) == before["matches"] + 4


def test_corrupt_files_give_error_rows_and_exit_2_while_good_files_land(corpus, tmp_path):
    root, matches = corpus
    inputs = tmp_path / "in"
    shutil.copytree(root / "tgn", inputs)
    good = sorted(inputs.iterdir())
    text = good[0].read_text(encoding="utf-8")
    (inputs / "bad-card.tgn").write_text(text.replace("1. ", "1. N: S11, ", 1).replace("[Event \"", "[Event \"x", 1),
                                         encoding="utf-8")
    (inputs / "garbage.tgn").write_bytes(b"\x00\x01\x02binary\x00" * 10)
    (inputs / "empty.tgn").write_bytes(b"")
    with gzip.open(inputs / "good.tgn.gz", "wb") as fh:
        fh.write(good[1].read_bytes().replace(b"Simulated", b"Gzipped"))
    (inputs / "cut.tgn.gz").write_bytes(gzip.compress(good[2].read_bytes())[:200])
    out = tmp_path / "ds"
    res = run("ingest", inputs, "-o", out, "-q")
    assert res.exit_code == 2, res.output
    ds = load(str(out))
    bad = set(ds.files[ds.files.status != "ok"].source_file.map(lambda p: Path(p).name))
    assert bad == {"bad-card.tgn", "garbage.tgn", "empty.tgn", "cut.tgn.gz"}
    assert len(ds.files) == 6 + 5
    landed = set(ds.files[ds.files.status == "ok"].source_file.map(lambda p: Path(p).name))
    assert {p.name for p in good} | {"good.tgn.gz"} == landed
    assert set(ds.errors.code) >= {"unknown_card", "binary_file", "empty_file", "truncated_file"}
    card = ds.errors[ds.errors.code == "unknown_card"].iloc[0]
    assert card.line > 0 and card.column > 0 and "S11" in card.text and "S11" in card.message
    assert Path(card.source_file).name == "bad-card.tgn"


def test_a_missing_input_is_an_error_row_and_exit_2(tmp_path):
    res = run("ingest", tmp_path / "nope.tgn", "-o", tmp_path / "ds", "-q")
    assert res.exit_code == 2
    ds = load(str(tmp_path / "ds"))
    assert list(ds.errors.code) == ["unreadable_file"]


def test_two_workers_store_the_same_rows_as_one(corpus, tmp_path):
    root, _ = corpus
    paths = [str(p) for p in sorted(root.rglob("*.*"))]
    one = ingest(paths, str(tmp_path / "one"), workers=1)
    two = ingest(paths, str(tmp_path / "two"), workers=2)
    assert (one.hands, one.matches, one.violations) == (two.hands, two.matches, two.violations)
    a, b = load(str(tmp_path / "one")), load(str(tmp_path / "two"))
    for t in ("matches", "hands", "tricks", "plays", "violations"):
        key = [c for c in ("match_id", "hand_no", "trick_no", "seat", "code") if c in a[t].columns]
        x = a[t].drop(columns="batch").sort_values(key).reset_index(drop=True)
        y = b[t].drop(columns="batch").sort_values(key).reset_index(drop=True)
        assert x.astype(str).equals(y.astype(str)), t


def test_two_ingests_at_once_store_every_file_once(corpus, tmp_path):
    root, matches = corpus
    out = tmp_path / "ds"
    procs = [subprocess.Popen(TRACTOR + ["ingest", str(root), "-o", str(out), "-q", "--flush-hands", "5"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    for p in procs:
        p.wait(timeout=120)
        assert p.returncode == 0, p.stderr.read()
    ds = load(str(out))
    assert len(ds.files) == 7 and ds.files.source_sha256.is_unique
    assert len(ds.matches) == 10 and ds.matches.match_id.is_unique
    assert len(ds.plays) == 4 * len(ds.tricks)


@pytest.fixture(scope="module")
def many(tmp_path_factory) -> Path:
    """40 simulated matches, one .tgn file each (read only by the tests that use them)."""
    src = tmp_path_factory.mktemp("many") / "many"
    write_matches(simulate(40, 77, max_hands=3), str(src), "tgn")
    return src


@pytest.mark.parametrize("workers", [1, 2])
def test_a_killed_ingest_leaves_a_readable_dataset_of_whole_matches(many, tmp_path, workers):
    src = many
    out = tmp_path / "ds"
    proc = subprocess.Popen(TRACTOR + ["ingest", str(src), "-o", str(out), "-q", "--flush-hands", "3",
                                       "--workers", str(workers)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            if len(list((out / "files").glob("part-*.parquet"))) >= 2:
                break
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    ds = load(str(out))
    assert 0 < len(ds.files) < 40, "the kill came too late to test anything"
    # whole matches only: every match has all its hands, every hand all its tricks and plays
    per_match = ds.hands.groupby("match_id").size()
    assert (per_match.reindex(ds.matches.match_id).to_numpy() == ds.matches.hands.to_numpy()).all()
    assert ds.tricks.groupby(["match_id", "hand_no"]).size().sum() == ds.hands.tricks.sum()
    assert len(ds.plays) == 4 * len(ds.tricks)
    assert set(ds.plays.match_id) <= set(ds.matches.match_id)
    # DuckDB sees no partial rows either once the next ingest has recovered, and finishing adds the rest
    res = run("ingest", src, "-o", out, "-q")
    assert res.exit_code == 0
    ds = load(str(out))
    assert len(ds.files) == 40 and ds.files.source_sha256.is_unique and len(ds.matches) == 40
    con = duckdb.connect()
    assert con.execute(f"select count(*) from read_parquet('{out}/plays/*.parquet')").fetchone()[0] == len(ds.plays)


def test_duckdb_and_pyarrow_read_the_tables_and_agree(corpus, tmp_path):
    root, _ = corpus
    out = tmp_path / "ds"
    ingest([str(p) for p in sorted(root.rglob("*.*"))], str(out), flush_hands=6)
    con = duckdb.connect()
    counts = {}
    for t in ("files", "matches", "hands", "tricks", "plays", "violations", "errors"):
        duck = con.execute(f"select count(*) from read_parquet('{out}/{t}/*.parquet')").fetchone()[0]
        arrow = pads.dataset(str(out / t), format="parquet").count_rows()
        assert duck == arrow, t
        counts[t] = duck
    assert counts["plays"] == 4 * counts["tricks"]
    assert counts["tricks"] == con.execute(
        f"select sum(tricks) from read_parquet('{out}/hands/*.parquet')").fetchone()[0]
    joined = con.execute(f"""
        select count(*) from read_parquet('{out}/plays/*.parquet') p
        join read_parquet('{out}/hands/*.parquet') h using (match_id, hand_no)
        join read_parquet('{out}/matches/*.parquet') m using (match_id)""").fetchone()[0]
    assert joined == counts["plays"]
    by_code = dict(con.execute(
        f"select code, count(*) from read_parquet('{out}/violations/*.parquet') group by 1").fetchall())
    assert sum(by_code.values()) == counts["violations"] > 0
    assert len(list((out / "plays").glob("*.parquet"))) > 1     # flushed in several parts


def test_globs_and_a_rules_override_are_recorded(corpus, tmp_path):
    root, _ = corpus
    out = tmp_path / "ds"
    res = run("ingest", f"{root}/tgn/*-0000[12].tgn", "-o", out, "-q", "--rules", "tournament")
    assert res.exit_code == 0, res.output
    ds = load(str(out))
    assert sorted(Path(p).name for p in ds.files.source_file) == ["match-00001.tgn", "match-00002.tgn"]
    assert set(ds.files.rules_override) == {"tournament"}
    assert set(ds.hands.ruleset) == {"tournament"} and set(ds.matches.ruleset) == {"tournament"}
    assert all('"must_play": "10"' in r for r in ds.hands.rules)


def test_an_unwritable_dataset_is_a_clear_error(corpus, tmp_path):
    root, _ = corpus
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    res = CliRunner().invoke(main, ["ingest", str(root / "tgn"), "-o", str(blocker / "ds"), "-q"])
    assert res.exit_code != 0 and "Traceback" not in res.output
    assert "cannot write the dataset" in res.output

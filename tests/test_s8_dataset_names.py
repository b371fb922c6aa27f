"""One name per record: a note names a match's record alike whether it was read from its file or from a dataset.

``tractor standings`` (and ``ratings``, ``report``) name a match's record in their notes: its path, and
``path#n`` (``n`` counted from 1) for the n-th match of a file holding several.  Read from a dataset the same
match was named ``path#i``, ``i`` its ``match_index`` counted from 0, whatever the file held: ``fk.tgn#0``
beside ``fk.tgn``, and ``two.jsonl#0`` for the match its file names ``two.jsonl#1``.  Now both name it
alike (:func:`~tractor_analysis.dataset.event.record_name`): the ``#n`` only where a file holds several
matches, counted from 1.  The stored keys (``match_id``, ``match_index``) are as they were.
"""
from __future__ import annotations

import json
import os
import re
import shutil

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import ingest, read_table
from tractor_analysis.dataset.event import dataset_record_names, from_dataset, from_inputs, record_name

ZERO_BOTTOM = "C3 C3 C4 C4 C6 C6 C7 C7"


def hand(number: int, dealer: str, takebacks: str = "") -> str:
    """A position of one trick (the dealer's ♠A wins it, no points), ``[Takebacks "…"]`` when given."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    cards = ("SA", "S7", "S8", "S9")
    deal = "\n".join(f"{s}: {cards[seats.index(s)]}" for s in "NESW")
    tb = f'[Takebacks "{takebacks}"]\n' if takebacks else ""
    return (f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "H"]\n{tb}[SetUp "1"]\n[Points "0"]\n'
            f'{deal}\nBuried: {ZERO_BOTTOM}\n1. ' + ", ".join(f"{s}: {c}" for s, c in zip(seats, cards)) + "\n")


def head(event: str, rnd: int) -> str:
    return (f'[Event "{event}"]\n[Round "{rnd}"]\n[Table "1"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n'
            '[West "Di"]\n[Ruleset "tournament"]\n')


OPEN = head("Name Cup", 1) + hand(1, "N", "N S E W") + hand(2, "S", "?")
"""Not decided (each side at two take-backs, the third ``?``: who forfeited is not known): the standings
name it in a note."""
WON = head("Name Cup", 2) + hand(1, "N", "E W") + hand(2, "S", "E")
"""E–W forfeit: N–S win."""
TWICE = head("Name Cup", 2).replace("[Table", '[Site "Hall"]\n[Table') + hand(1, "N", "E W") + hand(2, "S", "E")
"""``WON`` typed again with a ``[Site]``: a second record of it, which the standings name in a note."""


def cli(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def jsonl(*texts: str) -> str:
    """The records ``texts`` as JSON Lines (``tractor convert --to jsonl`` of each)."""
    lines = []
    for i, text in enumerate(texts):
        path = f"._part{i}.tgn"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        r = cli("convert", path, "--to", "jsonl")
        assert r.exit_code == 0, r.output
        lines.append(r.stdout.strip())
        os.remove(path)
    return "\n".join(lines) + "\n"


def event_folder(tmp_path):
    """``tmp_path`` (the current folder) holding ``rec/one.tgn`` (one match) and ``rec/two.jsonl`` (two: the
    second a re-typed copy of ``rec/won.tgn``'s match), and their dataset ``ds``."""
    os.chdir(tmp_path)
    os.mkdir("rec")
    with open("rec/one.tgn", "w", encoding="utf-8") as f:
        f.write(OPEN)
    with open("rec/won.tgn", "w", encoding="utf-8") as f:
        f.write(WON)
    text = jsonl(OPEN.replace("Round \"1\"", "Round \"3\""), TWICE)
    with open("rec/two.jsonl", "w", encoding="utf-8") as f:
        f.write(text)
    r = cli("ingest", "rec", "-o", "ds")      # in the order a folder's files are read: one, two, won
    assert r.exit_code == 0, r.output


def test_the_dataset_names_each_record_as_its_file_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    event_folder(tmp_path)
    files, _ = from_inputs(["rec"])
    stored = from_dataset("ds")
    assert sorted(m.source for m in files) == sorted(m.source for m in stored) == [
        "rec/one.tgn", "rec/two.jsonl#1", "rec/two.jsonl#2", "rec/won.tgn"]
    assert {m.match_id: m.source for m in files} == {m.match_id: m.source for m in stored}
    # the stored keys are as they were: the index counted from 0
    rows = read_table("ds", "matches", columns=["match_id", "source_file", "match_index"]).to_pylist()
    assert sorted((r["source_file"], r["match_index"]) for r in rows) == [
        ("rec/one.tgn", 0), ("rec/two.jsonl", 0), ("rec/two.jsonl", 1), ("rec/won.tgn", 0)]


def test_the_standings_notes_of_the_dataset_are_those_of_the_records(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    event_folder(tmp_path)
    by_record, by_dataset = cli("standings", "rec"), cli("standings", "ds")
    assert by_record.exit_code == by_dataset.exit_code == 0, by_dataset.output
    # (each named with its [Round] and [Table] when the record gives them, as the other notes name a match)
    assert re.search(r"rec/one\.tgn( \[Round \S+\])?( \[Table \S+\])?: not decided", by_dataset.stderr)
    assert re.search(r"rec/two\.jsonl#1( \[Round \S+\])?( \[Table \S+\])?: not decided", by_dataset.stderr)
    # the re-typed copy (read after the record that counts), named in its note
    assert "rec/won.tgn: " in by_dataset.stderr and "rec/two.jsonl#2" in by_dataset.stderr
    assert not re.search(r"#0\b", by_dataset.stderr), by_dataset.stderr
    assert by_dataset.stderr == by_record.stderr
    assert by_dataset.stdout == by_record.stdout


def test_a_file_whose_match_is_left_out_is_named_alike_whatever_its_name_holds(tmp_path, monkeypatch):
    """A file part of whose match could not be read (a hand skipped): its matches are left out, from the
    dataset as from the file — also when its name holds a ``#``."""
    monkeypatch.chdir(tmp_path)
    os.mkdir("rec")
    with open("rec/won.tgn", "w", encoding="utf-8") as f:
        f.write(WON)
    record = json.loads(cli("convert", "rec/won.tgn", "--to", "json").stdout)
    record["round"] = "5"
    record["hands"].append(5)                        # not a hand: skipped (json_shape)
    with open("rec/bad#1.json", "w", encoding="utf-8") as f:
        json.dump(record, f)
    with open("rec/one.tgn", "w", encoding="utf-8") as f:
        f.write(OPEN)
    os.remove("rec/won.tgn")
    ingest(["rec/bad#1.json", "rec/one.tgn"], "ds")
    by_record, by_dataset = cli("standings", "rec/bad#1.json", "rec/one.tgn"), cli("standings", "ds")
    assert "rec/bad#1.json:1:" in by_dataset.stderr and "not counted" in by_dataset.stderr
    assert by_dataset.stderr == by_record.stderr and by_dataset.exit_code == by_record.exit_code


def test_the_report_of_the_dataset_names_the_records_as_the_report_of_the_files(tmp_path, monkeypatch):
    """The event's pages (players, the index's notes) name each record alike, from the dataset and from
    the files — also with the record files gone."""
    monkeypatch.chdir(tmp_path)
    event_folder(tmp_path)
    assert cli("report", "rec", "-o", "direct").exit_code == 0
    shutil.rmtree("rec")
    r = cli("report", "ds", "-o", "out")
    assert r.exit_code == 0, r.output
    pages = sorted(p for p in os.listdir("direct") if p.startswith("player-"))
    assert pages and pages == sorted(p for p in os.listdir("out") if p.startswith("player-"))
    for name in pages:
        direct = open(os.path.join("direct", name), encoding="utf-8").read()
        drawn = open(os.path.join("out", name), encoding="utf-8").read()
        assert "rec/two.jsonl#1" in drawn and not re.search(r"(\.tgn|\.jsonl)#0\b", drawn), name
        assert drawn == direct, name


# --- the rule ---------------------------------------------------------------------------------------

FILES = st.lists(st.tuples(st.integers(1, 4), st.integers(0, 15)), min_size=1, max_size=5)
"""Files: the matches each holds, and which of them a dataset stores (a bit mask: the engine may have
failed on the others)."""


@given(files=FILES)
def test_a_dataset_names_each_match_as_its_file_read_would(files):
    """Invariant: :func:`dataset_record_names` gives each stored match the name a record file read gives it
    (:func:`record_name` with the file's count of matches), with or without the ``files`` table's counts
    when every match of a file is stored; the names of one file's matches differ."""
    rows, expected, in_file = [], [], {}
    for f, (n, mask) in enumerate(files):
        sha, path = f"{f:064x}", f"logs/f{f}.jsonl"
        in_file[sha] = n
        kept = [i for i in range(n) if mask >> i & 1] or [0]
        for i in kept:
            rows.append((path, sha, i))
            expected.append(record_name(path, i, n > 1))
        if len(kept) == n:                      # all stored: the rows alone tell how many the file holds
            assert dataset_record_names([(path, sha, i) for i in kept]) == expected[-len(kept):]
    names = dataset_record_names(rows, in_file)
    assert names == expected
    assert len(set(names)) == len(names)
    assert all(("#" in name) == (in_file[sha] > 1) for name, (_, sha, _) in zip(names, rows))
    assert all(name.endswith(f"#{i + 1}") for name, (_, sha, i) in zip(names, rows) if in_file[sha] > 1)

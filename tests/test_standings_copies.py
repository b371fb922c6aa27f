"""The standings' (and ratings') notion of "the same match recorded twice": the matches ``tractor
ingest`` gives one ``match_key`` (a dataset: its ``duplicate_of``), plus a re-typed copy that differs
only in ``[Site]``, ``[Date]`` or the letter case or spacing of ``[Event]`` (the same event, round,
table, players and hands cannot be two matches); the copy that counts is the one ingest keeps (the
first in input order, the copy a dataset already stores).  Each record here is tests/data/event/r1t1.tgn (Red Lanterns v Jade
Dragons, round 1) with one line changed the way an organiser's copy would differ."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
from event_helpers import EVENT, EVENT_TAG, SITE_TAG, event_match, run_cli

from tractor_analysis.dataset.event import read_inputs
from tractor_analysis.dataset.event_copies import distinct
from tractor_analysis.dataset.event_model import EventMatch
from tractor_analysis.dataset.standings import select

R1T1 = EVENT / "r1t1.tgn"
TEXT = R1T1.read_text("utf-8")


def _write(folder: Path, name: str, old: str | None = None, new: str | None = None, comment: str = "") -> Path:
    """r1t1.tgn as ``folder/name``, ``old`` replaced by ``new``; ``comment`` a first ``;`` line (another
    file, so another content hash, with the same match in it)."""
    text = TEXT if old is None else TEXT.replace(old, new, 1)
    assert old is None or text != TEXT
    path = folder / name
    path.write_text((f"; {comment}\n" if comment else "") + text, "utf-8")
    return path


def _ingest(out: Path, *inputs: Path) -> Path:
    run_cli("ingest", *map(str, inputs), "-o", str(out))
    return out


def _stored(ds: Path) -> dict[str, str | None]:
    """A dataset's ``source_file`` (its name) → the ``source_file`` name of the copy it is a copy of."""
    t = pq.read_table(str(ds / "matches"), columns=["match_id", "source_file", "duplicate_of"]).to_pylist()
    name = {r["match_id"]: Path(r["source_file"]).name for r in t}
    return {Path(r["source_file"]).name: name.get(r["duplicate_of"]) for r in t}


def _counted(*inputs: Path, purpose: str = "standings") -> tuple[list[str], list[str]]:
    matches, _, unread = read_inputs([str(i) for i in inputs])
    assert not unread
    kept, notes = select(matches, purpose=purpose)
    return sorted(Path(m.source.rpartition("#")[0] or m.source).name for m in kept), notes


def test_the_copy_that_counts_is_the_first_in_input_order_as_ingest_keeps_it(tmp_path):
    z = _write(tmp_path, "z-first.tgn", comment="kept first")
    a = _write(tmp_path, "a-second.tgn", comment="typed again")
    assert _stored(_ingest(tmp_path / "ds", z, a)) == {"z-first.tgn": None, "a-second.tgn": "z-first.tgn"}
    kept, notes = _counted(z, a)
    assert kept == ["z-first.tgn"]
    note = next(n for n in notes if "recorded twice" in n)
    assert note.startswith(f"{a}: the same match as {z}") and "只计一次" in note.split(" / ", 1)[1]
    # the same from the dataset: its duplicate_of, not the copy whose file name sorts first
    kept, notes = _counted(tmp_path / "ds")
    assert kept == ["z-first.tgn"]
    assert any(n.startswith(f"{a}: the same match as {z}") for n in notes)


def test_a_dataset_s_duplicate_of_decides_across_runs(tmp_path):
    z = _write(tmp_path, "z-stored.tgn", comment="the first run")
    a = _write(tmp_path, "a-later.tgn", comment="a later run")
    ds = _ingest(tmp_path / "ds", z)
    _ingest(ds, a)
    assert _stored(ds) == {"z-stored.tgn": None, "a-later.tgn": "z-stored.tgn"}
    for purpose in ("standings", "ratings"):
        kept, notes = _counted(ds, purpose=purpose)
        assert kept == ["z-stored.tgn"], purpose
        assert [n.split(":", 1)[0] for n in notes if "recorded twice" in n] == [f"{a}"]
    # the dataset and a record file of the same match: the copy already stored counts
    kept, notes = _counted(tmp_path / "a-later.tgn", ds)
    assert kept == ["z-stored.tgn"]


def test_a_retyped_copy_differing_in_site_or_date_counts_once_from_files_and_from_a_dataset(tmp_path):
    first = _write(tmp_path, "r1t1.tgn")
    site = _write(tmp_path, "r1t1-hall2.tgn", SITE_TAG, '[Site "Harbour Club, hall 2"]')
    date = _write(tmp_path, "r1t1-date.tgn", '[Date "2026-05-16"]', '[Date "2026-05-17"]')
    stored = _stored(_ingest(tmp_path / "ds", first, site, date))
    assert stored == {"r1t1.tgn": None, "r1t1-hall2.tgn": None, "r1t1-date.tgn": None}   # ingest's key: 3
    for inputs, names in (((first, site, date), (site, date)), ((tmp_path / "ds",), (f"{site}", f"{date}"))):
        matches, _, _ = read_inputs([str(i) for i in inputs])
        kept, notes = select(matches)
        assert [Path(m.source.rpartition("#")[0] or m.source).name for m in kept] == ["r1t1.tgn"]
        twice = [n for n in notes if "recorded twice" in n]
        assert [n.split(": ", 1)[0] for n in twice] == list(map(str, names))
        en, zh = twice[0].split(" / ", 1)
        assert '[Site] "Harbour Club, hall 2" against "Harbour Club"' in en and "check which record is right" in en
        assert '[Site] "Harbour Club, hall 2" 与 "Harbour Club"' in zh and "只计一次" in zh and "请核对" in zh
        assert '[Date] "2026-05-17" against "2026-05-16"' in twice[1]


def test_an_event_written_in_another_case_or_spacing_is_a_copy_counted_once(tmp_path):
    first = _write(tmp_path, "r1t1.tgn")
    retyped = _write(tmp_path, "r1t1-retyped.tgn", EVENT_TAG, '[Event "lantern  CUP 2026"]')
    for inputs, left in (((first, retyped), str(retyped)), ((retyped, first), str(first))):
        kept, notes = _counted(*inputs)
        assert kept == [Path(inputs[0]).name]                     # the first in input order
        note = next(n for n in notes if "recorded twice" in n)
        en, zh = note.split(" / ", 1)
        assert en.startswith(f"{left}: ") and '"Lantern Cup 2026"' in en and '"lantern  CUP 2026"' in en
        assert "[Event]" in en and "counted once" in en and "[Site]" not in en
        assert "[Event]" in zh and "只计一次" in zh
    # from their dataset too (ingest stores both: its match_key compares [Event] as written)
    ds = _ingest(tmp_path / "ds", first, retyped)
    assert _stored(ds) == {"r1t1.tgn": None, "r1t1-retyped.tgn": None}
    kept, notes = _counted(ds)
    assert kept == ["r1t1.tgn"] and any(n.startswith(f"{retyped}: ") and "[Event]" in n for n in notes)
    # ingested in two runs: the copy stored first counts, though the later one's file sorts first
    later = _write(tmp_path, "a-retyped.tgn", EVENT_TAG, '[Event "LANTERN CUP 2026 "]')
    ds2 = _ingest(tmp_path / "ds2", first)
    _ingest(ds2, later)
    kept, notes = _counted(ds2)
    assert kept == ["r1t1.tgn"] and any(n.startswith(f"{later}: ") and "[Event]" in n for n in notes)
    # and the ratings rate it once
    rated = json.loads(run_cli("ratings", str(first), str(retyped), "--format", "json").stdout)
    assert {p["player"]: p["matches"] for p in rated}["李娜"] == 1


def test_an_event_differing_in_more_than_case_or_spacing_is_another_match(tmp_path):
    first = _write(tmp_path, "r1t1.tgn")
    other = _write(tmp_path, "r1t1-other.tgn", EVENT_TAG, '[Event "Lantern Cup 2027"]')
    kept, notes = _counted(first, other)
    assert kept == ["r1t1-other.tgn", "r1t1.tgn"] and not any("recorded twice" in n for n in notes)


def _m(mid: str, source: str, key: str, copy_of: str | None = None) -> EventMatch:
    return event_match(match_id=mid, event="E", teams=("A", "B"), players=("n", "e", "s", "w"), decided_by="passed A",
                       source=source, key=key, same=key, copy_of=copy_of)


def test_distinct_follows_copy_of_whatever_the_order_and_keeps_the_order_given():
    kept, stored_later = _m("k", "z.tgn", "K"), _m("c", "a.tgn", "K", copy_of="k")
    once, notes = distinct([stored_later, kept])
    assert [m.match_id for m in once] == ["k"]
    assert len(notes) == 1 and notes[0].startswith("a.tgn: the same match as z.tgn")
    # no copy_of: the first given counts, not the first by name
    once, notes = distinct([_m("1", "z.tgn", "K"), _m("2", "a.tgn", "K"), _m("3", "m.tgn", "L")])
    assert [m.match_id for m in once] == ["1", "3"] and notes[0].startswith("a.tgn: the same match as z.tgn")
    # a copy whose kept copy is not among the matches (left out before) is compared by its key
    once, _ = distinct([_m("c", "a.tgn", "K", copy_of="gone")])
    assert [m.match_id for m in once] == ["c"]

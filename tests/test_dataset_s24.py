"""An organiser's findings (session 24): a damaged copy whose dealer or level could not be read is not the same match
as the full record (its ``content_digest`` says what it does not know, as it says an unknown trump); a whole match
lost from a JSON Lines file gets a note of its own, naming its line; an ``[Event]`` written in two Unicode forms
(NFC, NFD) is one event; player names that differ only in an invisible character are noted, as names that differ
only in letter case or spacing are (docs/dataset.md, docs/standings.md)."""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from event_helpers import EVENT, bilingual, copy_event, edit_record, event_match, run_cli

from tractor_analysis.dataset.event_model import player_name_notes
from tractor_analysis.dataset.event_unread import unread_notes
from tractor_analysis.dataset.match_identity import content_digest
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


# --- 1. a copy whose dealer or level could not be read is another match -------------------------------------------

DAMAGE = {"dealer": ('[Dealer "W"]', '[Dealer "X"]'), "level": ('[Level "3"]', '[Level "Z"]'),
          "trump": ('[Trump "NT"]', '[Trump "Q"]')}
"""Hand 2's tag of the simulated match (seed 3, match 4) written so that the reader cannot read it."""


@pytest.fixture(scope="module")
def text() -> str:
    return format_tgn(simulate_match(3, 4, max_hands=3))


def _damaged(text: str, what: str) -> str:
    old, new = DAMAGE[what]
    at = text.index(old, text.index('[Hand "2"]'))
    return text[:at] + new + text[at + len(old):]


def _digest(text: str) -> str:
    (match,), _ = parse_tgn(text)
    return content_digest(match, replay_match(match))


@pytest.mark.parametrize("what", sorted(DAMAGE))
def test_a_copy_whose_tag_could_not_be_read_has_another_digest(text, what):
    (match,), diags = parse_tgn(_damaged(text, what))
    assert diags                                        # the tag could not be read: said
    hand = match.hands[1]
    assert (hand.dealer is None, hand.level is None, not hand.trump_known) == (
        what == "dealer", what == "level", what == "trump")
    result = replay_match(match)
    (full,), _ = parse_tgn(text)
    whole = replay_match(full)
    if what != "trump":     # the engine derives what was lost, so the columns match_key compares are the full record's
        assert (result.hands[1].dealer, result.hands[1].level) == (whole.hands[1].dealer, whole.hands[1].level)
    # before: the dealer's and the level's copies hashed as the full record (only the trump's did not)
    assert content_digest(match, result) != content_digest(full, whole)


def test_each_fact_not_known_is_its_own_digest(text):
    digests = {what: _digest(_damaged(text, what)) for what in DAMAGE}
    assert len(set(digests.values())) == 3                              # before: dealer's = level's
    both = _damaged(_damaged(text, "dealer"), "level")
    assert _digest(both) not in digests.values()


@pytest.mark.parametrize("what", ["dealer", "level"])
def test_the_json_copy_of_a_damaged_record_shares_its_digest(text, what):
    damaged = _damaged(text, what)
    (match,), _ = parse_tgn(damaged)
    (copy,), _ = parse_json(format_json(match))        # written "?" or left out: read back as not known
    assert content_digest(copy, replay_match(copy)) == _digest(damaged)
    assert _digest(format_tgn(match)) == _digest(damaged)


@pytest.mark.parametrize("what", ["dealer", "level"])
def test_ingest_keeps_a_damaged_copy_a_match_of_its_own(tmp_path, text, what):
    # the damaged copy ingested first: before, it was counted and the full record marked its copy
    (tmp_path / "a.tgn").write_text(_damaged(text, what), "utf-8")
    (tmp_path / "b.tgn").write_text(text, "utf-8")
    run_cli("ingest", str(tmp_path / "a.tgn"), str(tmp_path / "b.tgn"), "-o", str(tmp_path / "ds"), code=2)
    rows = pq.read_table(tmp_path / "ds" / "matches", columns=["source_file", "match_key", "duplicate_of"]).to_pylist()
    assert len(rows) == 2
    assert rows[0]["match_key"] != rows[1]["match_key"]
    assert [r["duplicate_of"] for r in rows] == [None, None]


# --- 2. a whole JSON Lines match lost: a note of its own -----------------------------------------------------------

def _match(tmp_path: Path, table: int) -> dict:
    out = tmp_path / f"r1t{table}.json"
    run_cli("convert", str(EVENT / f"r1t{table}.tgn"), "-o", str(out))
    return json.loads(out.read_text("utf-8"))


def _jsonl(tmp_path: Path, hand_lost: bool = True) -> Path:
    """Round 1's four tables a line each: line 2's hand 2 of the wrong shape (``hand_lost``), line 3 cut inside (not
    JSON), line 4's hands not a list (the match skipped)."""
    matches = [_match(tmp_path, t) for t in (1, 2, 3, 4)]
    if hand_lost:
        matches[1]["hands"][1]["tricks"] = "lost"
    matches[3]["hands"] = "lost"
    lines = [json.dumps(m, ensure_ascii=False) for m in matches]
    lines[2] = lines[2][:200]
    path = tmp_path / "round1.jsonl"
    path.write_text("".join(line + "\n" for line in lines), "utf-8")
    return path


def _unread(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "could not be read" in line]


@pytest.mark.parametrize("source", ["file", "dataset"])
def test_each_whole_match_lost_from_a_jsonl_file_has_its_own_note(tmp_path, source):
    path = _jsonl(tmp_path)
    if source == "dataset":
        run_cli("ingest", str(path), "-o", str(tmp_path / "ds"), code=2)
    r = run_cli("standings", str(path if source == "file" else tmp_path / "ds"), "--format", "json", code=2)
    notes = _unread(r.stderr)
    # before: one note, on line 2, "(and 2 more: see 'tractor check')"
    assert len(notes) == 3, notes
    assert notes[0].startswith(f"{path}:2:") and "more" not in notes[0]
    assert "the 1 match(es) on line 2 are not counted" in notes[0]
    for line, lost in ((3, "invalid JSON"), (4, '"hands" should be a list')):
        note = next(n for n in notes if n.startswith(f"{path}:{line}:"))
        en, zh = bilingual(note.split(" — ")[0])
        assert f"the match on line {line} could not be read; not counted" in en
        assert f"第 {line} 行的比赛无法读取" in zh and "未计入" in zh
        assert lost in note.split(" — ", 1)[1]
    assert {row["team"] for row in json.loads(r.stdout)} == {"Red Lanterns", "Jade Dragons"}


def test_whole_matches_lost_alone_each_have_a_note(tmp_path):
    path = _jsonl(tmp_path, hand_lost=False)
    r = run_cli("standings", str(path), "--format", "json", code=2)
    notes = _unread(r.stderr)
    # before: "a match in this record could not be read (and 1 more …)" on line 3 alone
    assert [n.split(":")[1] for n in notes] == ["3", "4"], notes
    assert all("the other 2 match(es) read from this record are counted" in n for n in notes)


def test_unread_notes_names_each_lost_line_and_folds_nothing():
    problems = [(2, 5, "json_shape", "hand 2 skipped", 2), (3, 201, "invalid_json", "invalid JSON", None),
                (3, 250, "invalid_json", "invalid JSON again", None), (5, 1, "json_shape", "match skipped", None)]
    notes, out = unread_notes("m.jsonl", problems, 3, [1, 2, 4])
    assert out == frozenset({1})
    assert [n.split(": ")[0] for n in notes] == ["m.jsonl:2:5", "m.jsonl:3:201", "m.jsonl:5:1"]
    assert "more" not in notes[0] and "on line 2" in notes[0]
    assert "(and 1 more on this line: see 'tractor check')" in notes[1]
    # a .json document of several matches (no match's line known): one note, as before
    notes, out = unread_notes("m.json", problems, 3, [None, None, None])
    assert len(notes) == 1 and out == frozenset({0, 1, 2}) and "(and 3 more" in notes[0]
    # every line lost, known one match a line: a note each
    notes, _ = unread_notes("m.jsonl", problems[1:], 0, [], jsonl=True)
    assert [n.split(": ")[0] for n in notes] == ["m.jsonl:3:201", "m.jsonl:5:1"]
    assert all("no match could be read from this record" not in n for n in notes)


# --- 3. an [Event] in two Unicode forms is one event ---------------------------------------------------------------

EVENT_NFC = "Coupe Café 2026"
EVENT_NFD = unicodedata.normalize("NFD", EVENT_NFC)


def _cafe_event(tmp_path):
    """The event named ``EVENT_NFC`` — but r3t1.tgn and r3t2.tgn write it decomposed (NFD)."""
    folder = copy_event(tmp_path)
    for f in folder.glob("*.tgn"):
        edit_record(f, '[Event "Lantern Cup 2026"]',
                    f'[Event "{EVENT_NFD if f.name in ("r3t1.tgn", "r3t2.tgn") else EVENT_NFC}"]')
    return folder


def _played(stdout: str) -> int:
    return sum(row["played"] for row in json.loads(stdout))


@pytest.mark.parametrize("event", [None, EVENT_NFC, EVENT_NFD])
def test_an_event_name_in_two_unicode_forms_is_one_event(tmp_path, event):
    folder = _cafe_event(tmp_path)
    assert EVENT_NFC != EVENT_NFD
    whole = run_cli("standings", str(EVENT), "--format", "json")
    r = run_cli("standings", str(folder), "--format", "json", *(("--event", event) if event else ()))
    # before: no --event, a note on event names that differ (and 2 events counted together); --event, the
    # matches of the other form left out ("differs from --event only in letter case or spacing")
    assert _played(r.stdout) == _played(whole.stdout)
    assert "event" not in r.stderr.lower(), r.stderr


def test_the_report_counts_an_event_in_two_unicode_forms_as_one(tmp_path):
    folder = _cafe_event(tmp_path)
    out = tmp_path / "report"
    r = run_cli("report", str(folder), "-o", str(out), "--event", EVENT_NFD)
    assert "no match has this [Event]" not in r.stderr
    pages = {page.name: page.read_text("utf-8") for page in out.glob("*.html")}
    assert "index.html" in pages and "standings-print.html" in pages
    # before: the matches of the composed name left out of the standings, the pages saying each "differs from
    # --event only in letter case or spacing"
    assert not [name for name, text in pages.items() if "differs from --event" in text]


# --- 4. player names that differ in an invisible character: noted ------------------------------------------------

def test_player_names_that_differ_in_a_zero_width_space_are_noted(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r3t1.tgn", '[North "李娜"]', '[North "李娜\u200b"]')
    r = run_cli("standings", str(folder), "--format", "json")
    players = {p for row in json.loads(r.stdout) for p in row["players"]}
    assert {"李娜", "李娜\u200b"} <= players                        # not merged: different text
    notes = [n for n in r.stderr.splitlines() if n.startswith("player names that differ")]
    assert len(notes) == 1, r.stderr                                # before: none
    en, zh = bilingual(notes[0])
    assert '"李娜\\u200b"' in en and '"李娜\\u200b"' in zh and "\u200b" not in notes[0]
    assert "invisible character" in en and "不可见字符" in zh
    assert "counted as 2 players" in en


def test_the_note_on_letter_case_or_spacing_alone_is_as_before():
    a = event_match(match_id="a", players=("Zhang Wei", "b", "c", "d"))
    b = event_match(match_id="b", players=("zhang  wei", "b", "c", "d"))
    c = event_match(match_id="c", players=("Zhang\u2060 Wei", "b", "c", "d"))
    (note,) = player_name_notes([a, b])
    assert note.startswith("player names that differ only in letter case or spacing: ")
    (note,) = player_name_notes([a, b, c])
    assert note.startswith("player names that differ only in letter case, spacing or an invisible character: ")
    assert '"Zhang\\u2060 Wei"' in note and "counted as 3 players" in note

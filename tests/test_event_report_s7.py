"""The organiser's event report and standings agree, and say what they leave out (probe s7, task D).

* A dataset's match that cannot be drawn again (no record text stored, its record file gone) vanished
  from the report's event and player pages while ``tractor standings`` counted it: now it is counted
  alike, listed, and a bilingual note says its page could not be drawn, and why.
* A second record's page linked to the page of the copy that counts even when that page was not drawn.
* ``rating_order`` broke ties on the match id, which the report and the CLI make differently.
* A re-typed copy's note said "only [Site] … differ" when a note in the record differed too.
* A player named in two seats was not rated, while the standings counted the match without a warning.
* ``tractor report`` (and ``tractor standings``) did not expand a quoted pattern, and the report and the
  standings decided "is this a dataset?" each its own way.

Each test fails on the code before.
"""
from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
from pathlib import Path

import pytest
from event_helpers import EVENT, bilingual, invoke_cli

from tractor_analysis.dataset import ingest
from tractor_analysis.dataset.event import from_inputs, is_dataset
from tractor_analysis.dataset.standings import select
from tractor_analysis.reports import inputs as report_inputs
from tractor_analysis.reports.build import build_report
from tractor_analysis.reports.event_report import build_event
from tractor_analysis.reports.facts import duplicate_matches



def _cli_json(command: str, *inputs) -> list:
    r = invoke_cli(command, *map(str, inputs), "--format", "json")
    assert r.exit_code in (0, 2), r.output
    return json.loads(r.stdout)


def _event_of(inputs):
    model = build_report([str(i) for i in inputs])
    model.settle()
    return model, build_event(model, duplicate_matches(model))


def _text(html_text: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", html_text)))


def _json_without_tgn(folder: Path, name: str) -> Path:
    """``name`` of the event as a ``.json`` record holding a field ``.tgn`` cannot hold (so ingest stores
    no record text of it: the report must draw it from the file)."""
    r = invoke_cli("convert", str(EVENT / f"{name}.tgn"), "--to", "json", "-o", str(folder / f"{name}.json"))
    assert r.exit_code == 0, r.output
    record = json.loads((folder / f"{name}.json").read_text("utf-8"))
    record["judge note"] = "signed by the table judge"      # a name with a space: no .tgn tag
    (folder / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    return folder / f"{name}.json"


@pytest.fixture(scope="module")
def undrawable(tmp_path_factory):
    """The event ingested with round 1 table 1 as such a ``.json`` record, which is then moved away: the
    dataset counts it, and the report cannot draw it again.  Built once for the module: the tests only
    read it (their reports are written to their own ``tmp_path``)."""
    tmp_path = tmp_path_factory.mktemp("undrawable")
    records = tmp_path / "records"
    records.mkdir()
    for p in EVENT.glob("*.tgn"):
        if p.stem != "r1t1":
            shutil.copy(p, records / p.name)
    moved = _json_without_tgn(records, "r1t1")
    ingest(sorted(str(p) for p in records.iterdir()), str(tmp_path / "ds"))
    moved.rename(tmp_path / "elsewhere.json")
    return tmp_path / "ds"


# --- 1. a dataset's match that cannot be drawn --------------------------------------------------------

def test_a_match_that_cannot_be_drawn_is_counted_by_the_report_as_by_the_standings(undrawable):
    model, event = _event_of([undrawable])
    assert any(p.code == "cannot_draw" for p in model.problems)      # the situation this test is about
    report_standings = [s.as_dict() for s in event.view.rounds[-1].standings]
    assert report_standings == _cli_json("standings", undrawable)
    assert [r.as_dict() for r in event.ratings] == _cli_json("ratings", undrawable)
    red = next(s for s in report_standings if s["team"] == "Red Lanterns")
    assert red["played"] == 3                                       # before: 2, round 1 table 1 left out
    round_1 = next(rv for rv in event.view.rounds if rv.round == 1)
    assert "1" in [r.table for r in round_1.results]                # listed among the round's results


def test_the_event_page_says_which_match_has_no_page_and_why(undrawable, tmp_path):
    out = tmp_path / "report"
    r = invoke_cli("report", str(undrawable), "-o", str(out), "-q")
    assert r.exit_code == 2                                         # a match not drawn: named, exit 2
    index = (out / "index.html").read_text("utf-8")
    assert 'id="event-no-page"' in index
    note = _text(index.split('id="event-no-page"', 1)[1].split("<li>", 1)[1].split("</li>", 1)[0]).strip()
    en, zh = bilingual(note, once=False)
    assert "r1t1.json" in en and "could not be drawn" in en and "gone or changed" in en
    assert "r1t1.json" in zh and "无法生成比赛页" in zh
    # the player's page lists the match, without a link, saying it has no page
    player = next(p for p in out.glob("player-*.html") if "李娜" in p.read_text("utf-8"))
    page = player.read_text("utf-8")
    assert "no page / 无比赛页" in page
    assert len(re.findall(r'<td class="num">1</td><td class="num">', page)) >= 1


def test_a_match_that_lost_a_hand_to_the_reader_is_left_out_by_the_report_as_by_the_standings(tmp_path):
    """A record whose hand 3 is skipped ("tricks" that is no list): its result is not known, and
    ``tractor standings`` leaves it out; the report counted it."""
    records = tmp_path / "records"
    records.mkdir()
    for p in EVENT.glob("r1t*.tgn"):
        if p.stem != "r1t2":
            shutil.copy(p, records / p.name)
    bad = _json_without_tgn(records, "r1t2")
    record = json.loads(bad.read_text("utf-8"))
    record["hands"][2]["tricks"] = 5       # (a json_shape: the hand skipped — a dealer of a wrong type is now read as not known)
    bad.write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    ingest(sorted(str(p) for p in records.iterdir()), str(tmp_path / "ds"))
    for inputs in ([records], [tmp_path / "ds"]):
        cli = _cli_json("standings", *inputs)
        assert "Plum & Bamboo <梅竹>" not in [s["team"] for s in cli]      # round 1 table 2 is not counted
        _, event = _event_of(inputs)
        assert [s.as_dict() for s in event.view.rounds[-1].standings] == cli
        assert [r.as_dict() for r in event.ratings] == _cli_json("ratings", *inputs)
        (note,) = [n for n in event.view.notes if "r1t2.json" in n]
        en, zh = bilingual(note, once=False)
        assert "not counted" in en and "未计入" in zh


# --- 2. a copy's page links only to a page that exists -------------------------------------------------

def _copy_of_dd(page: str) -> str:
    return page.split('id="copy-of">', 1)[1].split("</dd>", 1)[0]


def test_a_later_records_page_names_an_undrawn_match_that_counts_without_a_link(undrawable, tmp_path):
    out = tmp_path / "report"
    r = invoke_cli("report", str(undrawable), str(EVENT / "r1t1.tgn"), "-o", str(out), "-q")
    assert r.exit_code == 2, r.output
    copies = [p for p in out.glob("m-*.html") if 'id="copy-of"' in p.read_text("utf-8")]
    assert len(copies) == 1
    dd = _copy_of_dd(copies[0].read_text("utf-8"))
    assert "r1t1.json" in dd                                        # named in text
    for href in re.findall(r'href="([^"]+)"', dd):                  # before: a link to m-r1t1.html, never written
        assert (out / href).is_file(), href
    assert "<a " not in dd


def test_a_copy_in_the_same_dataset_names_an_undrawn_match_that_counts_without_a_link(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    first = _json_without_tgn(records, "r1t1")
    ingest([str(first)], str(tmp_path / "ds"))
    later = tmp_path / "later"
    later.mkdir()
    shutil.copy(EVENT / "r1t1.tgn", later / "r1t1.tgn")
    ingest([str(later / "r1t1.tgn")], str(tmp_path / "ds"))        # ingest marks it a copy of the first
    first.rename(tmp_path / "elsewhere.json")
    out = tmp_path / "report"
    r = invoke_cli("report", str(tmp_path / "ds"), "-o", str(out), "-q", "-j", "1")
    assert r.exit_code == 2, r.output
    copies = [p for p in out.glob("m-*.html") if 'id="copy-of"' in p.read_text("utf-8")]
    assert len(copies) == 1
    dd = _copy_of_dd(copies[0].read_text("utf-8"))
    assert "r1t1.json" in dd and "<a " not in dd


# --- 3. one tie-break for the report and the CLI --------------------------------------------------------

def _tied_pair(folder: Path) -> list[Path]:
    """Two matches with the same date, round and table, 李娜 in both (so the order they are rated in
    changes her rating), named so that the report's match ids (its pages' names: the file names) and
    the CLI's (a digest of each file) put them in opposite orders."""
    one = (EVENT / "r1t1.tgn").read_text("utf-8")
    two = (EVENT / "r1t2.tgn").read_text("utf-8").replace('[Table "2"]', '[Table "1"]')
    two = re.sub(r'\[North "[^"]*"\]', '[North "李娜"]', two)
    assert '[Date "2026-05-16"]' in one and '[Date "2026-05-16"]' in two
    low, high = sorted((one, two), key=lambda t: hashlib.sha256(t.encode("utf-8")).hexdigest())
    folder.mkdir()
    (folder / "a.tgn").write_text(high, "utf-8")       # read first, and first in the report's ids
    (folder / "b.tgn").write_text(low, "utf-8")        # first in the CLI's ids
    return [folder / "a.tgn", folder / "b.tgn"]


def test_the_report_and_the_cli_rate_a_tie_on_date_round_and_table_alike(tmp_path):
    files = _tied_pair(tmp_path / "tie")
    _, event = _event_of(files)
    cli = _cli_json("ratings", *files)
    assert [r.as_dict() for r in event.ratings] == cli
    _, event = _event_of([tmp_path / "tie"])
    assert [r.as_dict() for r in event.ratings] == cli
    ingest([str(f) for f in files], str(tmp_path / "ds"))
    _, event = _event_of([tmp_path / "ds"])
    assert [r.as_dict() for r in event.ratings] == _cli_json("ratings", tmp_path / "ds") == cli


# --- 4. a re-typed copy's note names what differs -------------------------------------------------------

def _retyped(folder: Path, note: bool) -> list[Path]:
    folder.mkdir()
    text = (EVENT / "r1t1.tgn").read_text("utf-8")
    copy = text.replace('[Site "Harbour Club"]', '[Site "Harbor Club"]')
    if note:
        copy = copy.replace("\n1. ", "\n{recount asked by E–W}\n1. ", 1)
    (folder / "a.tgn").write_text(text, "utf-8")
    (folder / "b.tgn").write_text(copy, "utf-8")
    return [folder / "a.tgn", folder / "b.tgn"]


def _copy_note(inputs) -> str:
    matches, _ = from_inputs(inputs)
    _, notes = select(matches)
    (note,) = [n for n in notes if "recorded twice" in n]
    return note


def test_a_retyped_copy_that_differs_in_a_note_too_is_not_said_to_differ_only_in_its_site(tmp_path):
    files = _retyped(tmp_path / "r", note=True)
    ingest([str(f) for f in files], str(tmp_path / "ds"))
    for inputs in (files, [tmp_path / "ds"]):
        en, zh = bilingual(_copy_note(inputs), once=False)
        assert '[Site] "Harbor Club" against "Harbour Club"' in en
        assert "only" not in en and "只有" not in zh                   # before: "only [Site] … differ"
        assert "something else" in en and "a note" in en and "其他内容" in zh


def test_a_retyped_copy_that_differs_in_its_site_alone_says_only(tmp_path):
    files = _retyped(tmp_path / "r", note=False)
    ingest([str(f) for f in files], str(tmp_path / "ds"))
    for inputs in (files, [tmp_path / "ds"]):
        en, zh = bilingual(_copy_note(inputs), once=False)
        assert 'only [Site] "Harbor Club" against "Harbour Club" differ' in en and "只有" in zh


# --- 5. a player named on both sides ---------------------------------------------------------------------

def test_a_player_named_on_both_sides_is_warned_about_on_stderr_and_on_the_index(tmp_path):
    folder = tmp_path / "e"
    shutil.copytree(EVENT, folder, ignore=shutil.ignore_patterns("*.py"))
    text = (folder / "r2t3.tgn").read_text("utf-8")
    west = re.search(r'\[West "([^"]*)"\]', text).group(1)
    north = re.search(r'\[North "([^"]*)"\]', text).group(1)
    (folder / "r2t3.tgn").write_text(text.replace(f'[West "{west}"]', f'[West "{north}"]'), "utf-8")
    r = invoke_cli("standings", str(folder))
    assert r.exit_code == 0, r.output
    (warning,) = [line for line in r.stderr.splitlines() if "two seats" in line and "not rated" in line]
    en, zh = bilingual(warning, once=False)
    assert "r2t3.tgn" in en and '[Round "2"] [Table "3"]' in en and f'"{north}"' in en
    assert "[North] and [West]" in en and "both sides" in en
    assert "r2t3.tgn" in zh and f'"{north}"' in zh and "不计入等级分" in zh
    _, event = _event_of([folder])
    assert any("two seats" in w and north in w for w in event.view.warnings)
    out = tmp_path / "report"
    assert invoke_cli("report", str(folder), "-o", str(out), "-q").exit_code == 0
    check = (out / "index.html").read_text("utf-8").split("Please check / 请核对", 1)[1].split("</ul>", 1)[0]
    assert "two seats" in html.unescape(check) and north in html.unescape(check)


# --- 6. patterns, and one test of what a dataset is ------------------------------------------------------

def test_report_and_standings_expand_a_quoted_pattern(tmp_path, monkeypatch):
    folder = tmp_path / "e"
    shutil.copytree(EVENT, folder, ignore=shutil.ignore_patterns("*.py"))
    monkeypatch.chdir(tmp_path)
    r = invoke_cli("report", "e/r1*.tgn", "-o", "out")
    assert r.exit_code == 0, r.output
    assert "report: 4 match(es)" in r.stderr
    assert len(list((tmp_path / "out").glob("m-r1t?.html"))) == 4
    st = invoke_cli("standings", "e/r1*.tgn", "--format", "json")
    assert st.exit_code == 0, st.output
    assert sum(s["played"] for s in json.loads(st.stdout)) == 8
    nothing = invoke_cli("report", "e/*.zz", "-o", "out2")
    assert nothing.exit_code == 2 and "no file or folder matches this pattern" in nothing.stderr


def test_a_quoted_pattern_matching_a_dataset_reads_the_dataset(tmp_path, monkeypatch):
    ingest(sorted(str(p) for p in EVENT.glob("r1*.tgn")), str(tmp_path / "data-r1"))
    monkeypatch.chdir(tmp_path)
    st = invoke_cli("standings", "data-*", "--format", "json")
    assert st.exit_code == 0, st.output
    assert sum(s["played"] for s in json.loads(st.stdout)) == 8
    r = invoke_cli("report", "data-*", "-o", "out")
    assert r.exit_code == 0 and "report: 4 match(es)" in r.stderr, r.output


@pytest.mark.parametrize("table", ["matches", "files"])
def test_a_folder_of_records_with_a_subfolder_named_like_a_table_is_read_as_records(tmp_path, table):
    folder = tmp_path / "event"
    shutil.copytree(EVENT, folder / table, ignore=shutil.ignore_patterns("*.py"))    # event/matches/r1t1.tgn …
    st = invoke_cli("standings", str(folder), "--format", "json")
    assert st.exit_code == 0, st.output
    assert sum(s["played"] for s in json.loads(st.stdout)) == 24    # before ("files"): read as a dataset
    model, event = _event_of([folder])
    assert len(model.match_facts) == 12                              # before ("matches"): read as a dataset
    assert [s.as_dict() for s in event.view.rounds[-1].standings] == json.loads(st.stdout)
    assert not is_dataset(folder) and not report_inputs.is_dataset(folder)          # one test, in dataset/
    assert report_inputs.is_dataset is is_dataset

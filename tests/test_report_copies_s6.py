"""``tractor report``: which copy of a match recorded twice counts, and totals that are not final (probe s6).

* A report from a dataset chose the copy whose source file sorts first, not the one the dataset
  counts (``duplicate_of``; a re-typed copy: the order ingest committed them): the index named the
  other copy as counted, counted its violations, and the player pages' ratings were not
  ``tractor ratings``'.  A copy that falls in another chunk of the report's own rows was counted twice
  by its statistics tables.
* The index's attackers' points summed a hand whose total is withheld (a crash) and averaged the
  points so far of a hand the record ends inside; ``tractor stats`` averaged them too, and put a
  withheld total in its top band.
* An exact copy was not listed under "Not counted" on the index and the printable standings, and a
  copy's own match page did not say it is a copy.

Each test fails on the code before.
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from record_builders import event_of, hand_played_out, hand_so_far, hand_total_withheld
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.reports import facts
from tractor_analysis.reports.build import build_report, write_report
from tractor_analysis.reports.event_report import build_event
from tractor_analysis.simulate import simulate_match
from tractor_analysis.records import format_json
from tractor_analysis.records.tgn_writer import format_tgn

pytestmark = pytest.mark.xdist_group("test_report_copies_s6")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

EVENT = Path(__file__).parent / "data" / "event"


def cli(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    return r


def _bilingual(note: str) -> tuple[str, str]:
    en, sep, zh = note.partition(" / ")
    assert sep and re.search(r"[\u4e00-\u9fff]", zh), note
    assert " / " not in zh and not re.search(r"[\u4e00-\u9fff]", en), note
    return en, zh


# --- the event, a copy of two of its matches typed again ------------------------------------------

def _copies(folder: Path) -> None:
    """r2t2 typed again (another [Site], and a [Date] mistyped: a re-typed copy, rated on another day),
    r1t2 kept by a second scorer with one hand's [Claim] 5 points off (ingest's copy: the same key)."""
    text = (folder / "r2t2.tgn").read_text("utf-8")
    (folder / "r2t2-retyped.tgn").write_text(
        text.replace('[Site "Harbour Club"]', '[Site "Harbour club (2F)"]')
            .replace('[Date "2026-05-16"]', '[Date "2026-05-17"]'), "utf-8")
    text = (folder / "r1t2.tgn").read_text("utf-8")
    assert '[Claim "100"]' in text
    (folder / "r1t2-scorer2.tgn").write_text(text.replace('[Claim "100"]', '[Claim "105"]', 1), "utf-8")


@pytest.fixture(scope="module")
def two_ingests(tmp_path_factory) -> tuple[Path, Path]:
    """The event ingested, then the two copies in a second ingest: the dataset counts r2t2 and r1t2,
    whose source files sort after their copies'."""
    root = tmp_path_factory.mktemp("copies")
    ev = root / "ev"
    shutil.copytree(EVENT, ev, ignore=shutil.ignore_patterns("*.py"))
    ds = root / "ds"
    assert cli("ingest", ev, "-o", ds, "-q").exit_code == 0
    _copies(ev)
    r = cli("ingest", ev / "r2t2-retyped.tgn", ev / "r1t2-scorer2.tgn", "-o", ds, "-q")
    assert r.exit_code == 0, r.output
    return ds, ev


@pytest.fixture(scope="module")
def dataset_report(two_ingests) -> Path:
    ds, _ = two_ingests
    out = ds.parent / "rep"
    r = cli("report", ds, "-o", out, "--hand-pages", "none")
    assert r.exit_code == 0, r.output
    return out


def _counted_rows(index: str) -> list[str]:
    """The match pages the index's match list links as counted (not the "also kept as" lines)."""
    section = index.split('id="matches"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<tr>\s*<td class="title"><a href="([^"]+)">', section)


def _not_counted(page: str) -> list[str]:
    """The notes a page lists under "Not counted" (unescaped)."""
    at = page.find("Not counted")
    assert at >= 0, "no Not counted list"
    body = page[at:]
    body = body[:body.index("</ul>")]
    return [html.unescape(re.sub(r"<[^>]+>", "", n)) for n in re.findall(r"<li>(.*?)</li>", body, re.S)]


def test_the_dataset_marks_the_copies_these_tests_rest_on(two_ingests):
    ds, _ = two_ingests
    m = load(str(ds), tables=["matches"]).matches
    name = {mid: Path(f).name for mid, f in zip(m["match_id"], m["source_file"])}
    marked = {name[a]: name[b] for a, b in zip(m["match_id"], m["duplicate_of"]) if isinstance(b, str)}
    assert marked == {"r1t2-scorer2.tgn": "r1t2.tgn"}
    # the copies' files sort first: a choice by source file picks them
    assert sorted(["r1t2.tgn", "r1t2-scorer2.tgn"])[0] == "r1t2-scorer2.tgn"
    assert sorted(["r2t2.tgn", "r2t2-retyped.tgn"])[0] == "r2t2-retyped.tgn"


def test_a_dataset_report_counts_the_copies_the_dataset_and_its_standings_count(two_ingests, dataset_report):
    ds, _ = two_ingests
    index = (dataset_report / "index.html").read_text("utf-8")
    counted = _counted_rows(index)
    assert "m-r2t2.html" in counted and "m-r1t2.html" in counted              # before: the copies
    assert "m-r2t2-retyped.html" not in counted and "m-r1t2-scorer2.html" not in counted
    text = html.unescape(index)
    assert "counted once (as Lantern Cup 2026 · round 2 · table 2 · 2026-05-16 (" in text
    assert "counted once (as Lantern Cup 2026 · round 2 · table 2 · 2026-05-17" not in text
    # the violation of the copy that does not count (its wrong [Claim]) is not counted
    summary = index.split('id="summary"', 1)[1].split("</section>", 1)[0]
    assert "<dt>Matches / 比赛</dt><dd>12</dd>" in summary and "<dt>Violations / 违规</dt><dd>0</dd>" in summary
    # the standings say the same of which copy counts
    _, ev = two_ingests
    r = cli("standings", ds, "--format", "json")
    assert f"counted once (as {ev / 'r2t2.tgn'})" in r.stderr


def test_the_player_pages_ratings_are_tractor_ratings_of_the_same_dataset(two_ingests, dataset_report):
    ds, _ = two_ingests
    r = cli("ratings", ds, "--format", "json")
    assert r.exit_code == 0, r.output
    expected = {row["player"]: (round(row["mu"], 6), round(row["sigma"], 6), row["matches"])
                for row in json.loads(r.stdout)}
    model = build_report([ds])
    model.settle()
    event = build_event(model, facts.duplicate_matches(model))
    got = {x.player: (round(x.mu, 6), round(x.sigma, 6), x.matches) for x in event.ratings}
    assert got == expected                                                    # before: r2t2 rated on 05-17
    for name, (mu, sigma, _) in expected.items():
        page = (dataset_report / event.players[name].filename).read_text("utf-8")
        assert f"μ {mu:.2f}, σ {sigma:.2f}" in page


def _match_page_copy(page: str) -> str | None:
    """The copy's note on a match page (``id="copy-of"``), as text with its link's target, or ``None``."""
    m = re.search(r'<dd id="copy-of">(.*?)</dd>', page, re.S)
    if m is None:
        return None
    links = re.findall(r'href="([^"]+)"', m.group(1))
    return " ".join(links) + " | " + html.unescape(re.sub(r"<[^>]+>", "", m.group(1)))


@pytest.mark.parametrize("copy, first", [("m-r1t2-scorer2.html", "m-r1t2.html"),
                                         ("m-r2t2-retyped.html", "m-r2t2.html")])
def test_a_copys_match_page_says_it_is_a_copy_of_the_match_that_counts(dataset_report, copy, first):
    said = _match_page_copy((dataset_report / copy).read_text("utf-8"))
    assert said is not None                                                   # before: nothing
    target, _, text = said.partition(" | ")
    assert target.split() == [first, first]                                   # linked, in either language
    en, zh = _bilingual(text.strip())
    assert "not counted" in en and "未计入" in zh
    assert _match_page_copy((dataset_report / first).read_text("utf-8")) is None


def test_every_page_lists_an_exact_copy_under_not_counted_with_the_standings_note(dataset_report):
    for page in ("index.html", "standings-print.html"):
        notes = _not_counted((dataset_report / page).read_text("utf-8"))
        exact = [n for n in notes if "r1t2-scorer2.tgn" in n]
        assert len(exact) == 1, page                                          # before: left out
        en, zh = _bilingual(exact[0])
        assert "the same match as" in en and "r1t2.tgn" in en and '[Claim] "105" against "100"' in en
        assert "只计一次" in zh
        assert any("r2t2-retyped.tgn" in n for n in notes), page


def test_a_report_of_record_files_counts_the_first_in_input_order_as_ingest(two_ingests, tmp_path):
    _, ev = two_ingests
    for files, copy, first in (((ev / "r1t2.tgn", ev / "r1t2-scorer2.tgn"), "m-r1t2-scorer2.html", "m-r1t2.html"),
                               ((ev / "r1t2-scorer2.tgn", ev / "r1t2.tgn"), "m-r1t2.html", "m-r1t2-scorer2.html")):
        out = tmp_path / copy
        assert cli("report", *files, "-o", out, "--hand-pages", "none").exit_code == 0
        assert _counted_rows((out / "index.html").read_text("utf-8")) == [first]
        said = _match_page_copy((out / copy).read_text("utf-8"))
        assert said is not None and said.startswith(f"{first} {first} | ")    # before: nothing
        assert _match_page_copy((out / first).read_text("utf-8")) is None


def test_a_copy_in_another_chunk_of_the_reports_rows_is_counted_once_by_its_statistics(tmp_path, monkeypatch):
    m = simulate_match(3, 0, max_hands=4)
    (tmp_path / "a.tgn").write_text(format_tgn(m), "utf-8")
    (tmp_path / "b.json").write_text(format_json(m), "utf-8")
    monkeypatch.setattr(facts.ReportRows, "FLUSH", 1)                         # each file its own chunk
    model = build_report([tmp_path / "a.tgn", tmp_path / "b.json"])
    model.settle()
    summary = next(t for t in model.stats if t.key == "by-player-summary")
    hands = {row[0]: row[1] for row in summary.rows}
    assert hands == {name: len(m.hands) for name in m.players if name}        # before: twice as many


# --- totals that are not final --------------------------------------------------------------------

@pytest.fixture(scope="module")
def three(tmp_path_factory) -> tuple[Path, int, int]:
    """Rounds 1–3 of one event: a hand played out, one decided with the points so far, one decided
    with its total withheld; and the totals of the first two."""
    folder, totals = event_of(tmp_path_factory.mktemp("totals") / "ev",
                              hand_played_out, hand_so_far, hand_total_withheld)
    played, so_far, withheld = totals
    assert played.complete and not so_far.complete and so_far.outcome is not None
    assert withheld.outcome is not None and withheld.attackers_total is None and so_far.attackers_total
    return folder, played.attackers_total, so_far.attackers_total


def _points_table(index: str) -> tuple[list[str], str]:
    section = index.split('id="stats-points"', 1)[1].split("</section>", 1)[0]
    cells = [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", section, re.S)]
    note = re.search(r'<p class="small muted table-note">(.*?)</p>', section, re.S)
    return cells, html.unescape(note.group(1)) if note else ""


def _check_points(index: str, played: int) -> None:
    cells, note = _points_table(index)
    assert cells[:2] == ["1", f"{played:.1f}"]                               # the played-out hand alone
    en, zh = _bilingual(note)
    assert "2 finished hand(s)" in en and "1 whose total is withheld" in en and "1 not played out" in en
    assert "2 局" in zh


def test_the_index_counts_only_known_and_final_totals(three, tmp_path):
    folder, played, _ = three
    out = tmp_path / "rep"
    write_report(build_report([folder]), out, hand_pages="none")            # before: TypeError (int + None)
    _check_points((out / "index.html").read_text("utf-8"), played)


def test_a_dataset_match_with_no_page_knows_whether_its_totals_are_final(three, tmp_path):
    folder, played, so_far = three
    work = tmp_path / "work"
    shutil.copytree(folder, work)
    ds = tmp_path / "ds"
    assert cli("ingest", work, "-o", ds, "-q").exit_code == 0
    shutil.rmtree(ds / "records")                                             # no record text stored ...
    shutil.rmtree(work)                                                       # ... and the files gone
    model = build_report([ds])
    model.settle()
    assert not model.matches and len(model.hand_facts) == 3                  # counted from the rows alone
    known = {h.attackers_total: h.final for h in model.hand_facts if h.attackers_total is not None}
    assert known == {played: True, so_far: False}                           # from complete / result_only
    out = tmp_path / "rep"
    write_report(build_report([ds]), out, hand_pages="none")                  # before: TypeError
    _check_points((out / "index.html").read_text("utf-8"), played)


def test_tractor_stats_average_only_final_totals_and_say_so(three, tmp_path):
    folder, played, _ = three
    ds = tmp_path / "ds"
    assert cli("ingest", folder, "-o", ds, "-q").exit_code == 0
    frames = load(str(ds))
    for by in ("player", "match", "ruleset"):
        for impl, src in ((stats, ds), (stats_reference, frames)):
            summary = impl.summary(src, by)
            points = impl.points_distribution(src, by)
            if by == "player":
                row = summary.set_index("player").loc["Zhao"]
                assert row["attack_points_mean"] == played and row["attack_points_median"] == played
                assert row["as_attacker"] == 3 and row["hold_rate"] != row["hold_rate"]   # Zhao never defended
                assert int(points.set_index("player").loc["Zhao"].sum()) == 1     # before: 3 (the withheld in 5+)
            elif by == "ruleset":
                assert summary["attack_points_mean"].tolist() == [played]
                assert int(points.drop(columns="ruleset").to_numpy().sum()) == 1
            else:
                assert sorted(summary["attack_points_mean"].fillna(-1).tolist()) == [-1, -1, played]
    en, zh = _bilingual(stats.totals_note(ds))
    assert "2 finished hand(s)" in en and "1 whose total is withheld" in en and "1 not played out" in en
    assert "2 局" in zh
    model = build_report([ds])
    model.settle()
    table = next(t for t in model.stats if t.key == "by-player-summary")
    assert table.note.startswith(stats.totals_note(ds))                      # the report says it too


def test_a_dataset_whose_totals_are_all_final_says_nothing(tmp_path):
    m = simulate_match(3, 0, max_hands=3)
    (tmp_path / "a.tgn").write_text(format_tgn(m), "utf-8")
    assert cli("ingest", tmp_path / "a.tgn", "-o", tmp_path / "ds", "-q").exit_code == 0
    assert stats.totals_note(tmp_path / "ds") == ""

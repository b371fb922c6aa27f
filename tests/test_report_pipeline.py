"""The HTML report through the real pipeline (simulated records with injected violations, datasets,
the sample logs, through the `tractor` command), and the pages of rule variants (deal line per
preset, decks, friend mode, tournament penalties)."""
from __future__ import annotations

import functools
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner
from report_builders import (
    ESCAPED_EVIL,
    Page,
    check_links,
)
from tractor_analysis.cli.main import main as tractor
from tractor_analysis.reports import build, match_drawing
from tractor_analysis.reports.facts import index_stats
from tractor_analysis.reports.match_page import match_view
from tractor_analysis.reports.model import ReportModel

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import RANK_TOKENS, TOKEN
from tractor_analysis.records.rulesets import PRESETS

# --------------------------------------------------------------- the real pipeline


SAMPLE_LOGS = Path(__file__).resolve().parent.parent / "sample_logs"
INJECTED_RE = re.compile(r"injected: (\w+)")


def run(*args):
    result = CliRunner().invoke(tractor, [str(a) for a in args], catch_exceptions=False)
    return result


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """Simulated matches with injected violations ({injected: CODE} on the illegal play)."""
    root = tmp_path_factory.mktemp("sim")
    r = run("simulate", "-n", 2, "--seed", 11, "--violation-rate", 0.05, "--max-hands", 6,
            "-o", root / "records")
    assert r.exit_code == 0, r.output
    return root


@pytest.fixture(scope="module")
def full_report(simulated):
    """``tractor report records -o report`` of the simulated records (every hand page), written once: the
    tests below read it and write nothing into it.  The run's result and the report's folder."""
    out = simulated / "report"
    r = run("report", simulated / "records", "-o", out)
    assert r.exit_code == 0, r.output
    return r, out


def test_report_of_a_simulated_corpus_shows_every_injected_violation_at_its_trick(full_report):
    r, out = full_report
    assert r.stdout.strip().endswith("index.html")
    injected = 0
    for page in sorted(out.glob("m-*-h*.html")):
        html = page.read_text("utf-8")
        for section in re.findall(r'<section class="trick.*?</section>', html, re.S):
            for code in INJECTED_RE.findall(section):
                injected += 1
                assert f'data-code="{code}"' in section, f"{page.name}: injected {code} not shown"
    assert injected > 0, "the simulator injected no violation: raise --violation-rate"
    index = (out / "index.html").read_text("utf-8")
    assert "stats-by-player-violations" in index and "Violations by code" in index


def test_report_hand_pages_violations_writes_the_pages_of_exactly_the_hands_with_one(simulated, full_report):
    full = full_report[1]
    with_violation = sorted(p.name for p in full.glob("m-*-h*.html")
                            if 'class="violation"' in p.read_text("utf-8"))
    assert 0 < len(with_violation) < len(list(full.glob("m-*-h*.html")))
    out = simulated / "report-violations"
    r = run("report", simulated / "records", "-o", out, "--hand-pages", "violations")
    assert r.exit_code == 0, r.output
    assert f"({len(with_violation)} hand page(s))" in r.stderr
    assert sorted(p.name for p in out.glob("m-*-h*.html")) == with_violation
    for name in with_violation:   # the same page, but for previous / next
        strip = functools.partial(re.sub, r'<nav class="crumbs">.*?</nav>', "", flags=re.S)
        assert strip((out / name).read_text("utf-8")) == strip((full / name).read_text("utf-8"))
    check_links(out)
    none = simulated / "report-none"
    r = run("report", simulated / "records", "-o", none, "--hand-pages", "none")
    assert r.exit_code == 0 and "(0 hand page(s))" in r.stderr
    assert not list(none.glob("m-*-h*.html")) and check_links(none) > 0
    r = run("report", simulated / "records", "-o", none, "--hand-pages", "some")
    assert r.exit_code == 2 and "'some' is not one of" in r.stderr


def test_report_of_a_dataset_folder_draws_hand_pages_from_its_records(simulated, full_report):
    data = simulated / "data"
    r = run("ingest", simulated / "records", "-o", data)
    assert r.exit_code == 0, r.output
    out = simulated / "report-ds"
    r = run("report", data, "-o", out)
    assert r.exit_code == 0, r.output
    from_records = sorted(p.name for p in (simulated / "report").glob("*.html")) \
        if (simulated / "report").exists() else None
    names = sorted(p.name for p in out.glob("*.html"))
    assert len([n for n in names if "-h" in n]) > 2
    if from_records is not None:
        assert names == from_records


def test_report_of_a_dataset_without_its_records_still_has_every_page(simulated, full_report, tmp_path):
    """The dataset stands alone: its records table holds each match's record text."""
    import shutil
    records = tmp_path / "records"
    shutil.copytree(simulated / "records", records)
    data = tmp_path / "data"
    assert run("ingest", records, "-o", data).exit_code == 0
    shutil.rmtree(records)
    out = tmp_path / "report"
    r = run("report", data, "-o", out)
    assert r.exit_code == 0, r.output
    from_records = full_report[1]                      # the report of the record files themselves
    assert sorted(p.name for p in out.glob("*.html")) == sorted(p.name for p in from_records.glob("*.html"))
    index = (out / "index.html").read_text("utf-8")
    assert "Distribution of attackers" in index and "Standings" in index


def test_report_of_an_old_dataset_without_records_or_files_has_statistics_and_exits_2(simulated, tmp_path):
    """A dataset written before the records table, its record files gone: the statistics
    are there, each match that cannot be drawn is named on stderr, and the exit is 2."""
    import shutil
    records = tmp_path / "records"
    shutil.copytree(simulated / "records", records)
    data = tmp_path / "data"
    assert run("ingest", records, "-o", data).exit_code == 0
    shutil.rmtree(records)
    shutil.rmtree(data / "records")           # as written before the records table existed
    out = tmp_path / "report"
    r = run("report", data, "-o", out)
    assert r.exit_code == 2, r.output
    # the matches not drawn are counted from the dataset's rows: their players get pages, no match page
    assert sorted(p.name for p in out.glob("*.html") if not p.name.startswith("player")) == ["index.html"]
    assert r.stderr.count("no record text in the dataset") == 2 and "无法生成比赛页和牌局页" in r.stderr
    index = (out / "index.html").read_text("utf-8")
    assert "Distribution of attackers" in index and "Standings" in index
    assert "no matches" not in index


def test_hostile_names_and_annotations_in_a_record_are_shown_as_text(simulated, tmp_path):
    source = sorted((simulated / "records").glob("*.tgn"))[0].read_text("utf-8")
    hostile = re.sub(r'\[North "[^"]*"\]', '[North "<script>alert(1)</script>"]', source, count=1)
    hostile = re.sub(r"^(1\. .*)$", r"\1 {<img src=x onerror=alert(3)> & <b>bold</b>}", hostile,
                     count=1, flags=re.M)
    (tmp_path / "hostile.tgn").write_text(hostile, "utf-8")
    out = tmp_path / "report"
    assert run("report", tmp_path / "hostile.tgn", "-o", out).exit_code == 0
    for page in out.glob("*.html"):
        html = page.read_text("utf-8")
        assert "<script>alert" not in html and "<img src=x" not in html and "<b>bold" not in html
    hand = (out / "m-hostile-h1.html").read_text("utf-8")
    assert ESCAPED_EVIL in hand and "&lt;img src=x onerror=alert(3)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in hand


def test_report_command_errors_are_clear(tmp_path):
    r = run("report", tmp_path / "missing.tgn", "-o", tmp_path / "out")
    assert r.exit_code == 2 and "missing.tgn: no such file" in r.stderr
    bad = tmp_path / "bad.tgn"
    bad.write_text('[Event "x"]\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n1. N: S11\n', "utf-8")
    r = run("report", bad, "-o", tmp_path / "out")
    assert r.exit_code == 2
    assert re.search(r"bad\.tgn:\d+:\d+: .*S11", r.stderr)
    index = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert "Unreadable records" in index and "S11" in index


@pytest.mark.skipif(not any(SAMPLE_LOGS.glob("*.*")), reason="sample_logs/ is empty")
def test_report_of_the_sample_logs(tmp_path):
    out = tmp_path / "report"
    r = run("report", SAMPLE_LOGS, "-o", out)
    assert r.exit_code in (0, 2), r.output
    pages = list(out.glob("*.html"))
    assert (out / "index.html").is_file() and len(pages) > 1
    for page in pages:
        for _, link in Page(page.read_text("utf-8")).links:
            target = urlsplit(link).path
            assert not target or (page.parent / unquote(target)).is_file(), (page.name, link)


# --- variants on the pages ---------------------------------------------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_deal_line_is_where_the_engine_gives_the_attackers_the_deal(preset):
    """The points chart's line (40 × decks) is the first total at which the score table
    hands the deal to the attackers (rules.md §8), for every preset."""
    from tractor_analysis.engine.scoring import level_change
    from tractor_analysis.simulate import simulate_match

    rules = PRESETS[preset]
    match = simulate_match(4, 0, rules=rules, max_hands=2)
    view = match_drawing.with_match_charts(match_view(match, replay_match(match), key="m"))
    line = view.hands[0].threshold
    assert line == 40 * rules.decks
    assert level_change(rules, line)[0] == "attackers"
    assert level_change(rules, line - 5)[0] == "defenders"
    assert f"{line} points: attackers take the deal" in view.charts[1]


def test_index_draws_one_points_distribution_per_deck_count(tmp_path):
    from tractor_analysis.simulate import simulate_match

    model = ReportModel(title="t")
    taken: set[str] = set()
    for i, preset in enumerate(("standard", "three-deck")):
        m = simulate_match(6, i, rules=PRESETS[preset], max_hands=2)
        match_drawing.add_match(model, m, replay_match(m), source="x", fallback_title=preset, taken=taken)
    stats = index_stats(model)
    joined = "".join(stats.charts)
    assert "80: attackers take the deal" in joined and "120: attackers take the deal" in joined
    rows = next(t for t in stats.tables if t.key == "points").rows      # one row per deck count: (decks, hands, mean, …)
    assert [r[0] for r in rows] == [2, 3]
    for decks, hands, _, at_least, *_ in rows:
        facts = [h for h in model.hand_facts if h.outcome and h.decks == decks]
        assert (hands, at_least) == (len(facts), sum(h.attackers_total >= 40 * decks for h in facts))


def _friend_match(preset="standard", seed=8, index=1, hands=6, rate=0.0):
    import dataclasses

    from tractor_analysis.simulate import simulate_match
    rules = dataclasses.replace(PRESETS[preset], friend=True, name=preset + "+")
    return simulate_match(seed, index, rules=rules, max_hands=hands, violation_rate=rate)


def test_hand_page_shows_the_variant_friend_card_partner_and_each_players_level(tmp_path):
    match = _friend_match()
    result = replay_match(match)
    view = match_view(match, result, key="f")
    for hv, hr, rec in zip(view.hands, result.hands, match.hands):
        html = build.render_hand(hv)
        text = " ".join(Page(html).text)
        assert "standard+" in text and "friend" in text and "(standard: off)" in text
        assert 'id="friend"' in html and f'title="{TOKEN[rec.friend]}"' in html.split('id="friend"')[1][:400]
        others = sorted(hr.defenders - {hr.dealer})
        partner = html.split('id="partner">')[1].split("</dd>")[0]
        if others:
            assert partner.startswith("NESW"[others[0]] + " ")
        else:
            assert "plays alone" in partner
        levels = html.split('id="player-levels-after">')[1].split("</dd>")[0]
        for seat in range(4):
            before = RANK_TOKENS[hr.player_levels_before[seat]]
            after = RANK_TOKENS.get(hr.player_levels_after[seat], "A+")
            assert f"{'NESW'[seat]} " in levels and f"{before} → {after}" in levels
    match_html = build.render_match(match_drawing.with_match_charts(view))
    assert "Each player&#39;s level" in match_html or "Each player's level" in match_html
    assert "friend / 朋友" in match_html


def test_tournament_pages_show_revoke_penalties_and_the_forfeit():
    from tractor_analysis.simulate import simulate_match

    for i in range(40):
        match = simulate_match(77, i, rules=PRESETS["tournament"], max_hands=8, violation_rate=0.05)
        result = replay_match(match)
        if result.forfeit is not None:
            break
    else:
        pytest.fail("no forfeit in 40 simulated tournament matches")
    view = match_view(match, result, key="t")
    html = build.render_match(view)
    revokes = html.split('id="revokes">')[1].split("</dd>")[0]
    ns = sum(h.revoke_levels[0] for h in result.hands)
    ew = sum(h.revoke_levels[1] for h in result.hands)
    assert f"N–S {ns} · E–W {ew}" in revokes and max(ns, ew) >= 3
    assert "forfeited" in html.split('id="result">')[1].split("</dd>")[0]
    assert "pair_doubling" not in html.split('id="variant">')[1].split("</dd>")[0]   # the preset as it is
    hit = next(h for h, r in zip(view.hands, result.hands) if any(r.revoke_levels))
    hand_html = build.render_hand(hit)
    assert "bad-text" in hand_html.split('id="revoke">')[1].split("</dd>")[0]



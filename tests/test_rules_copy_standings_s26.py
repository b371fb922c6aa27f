"""One record stored twice under two rulesets (its ``.json`` copy ingested with ``--rules standard``): ingest said
"both counted in the statistics and standings", but under ``standard`` the copies are not decided and the
standings count them for nobody, and the standings read from the dataset did not name the pair at all (each
copy looked "a second record of one match, cut short or damaged?").  An organiser's tester."""
from __future__ import annotations

from event_helpers import EVENT, run_cli


def test_the_standings_name_the_copy_under_other_rules_and_ingest_says_what_counts(tmp_path):
    ds, js = tmp_path / "ds", tmp_path / "json"
    js.mkdir()
    run_cli("convert", str(EVENT / "r1t1.tgn"), "--to", "json", "-o", str(js / "r1t1.json"))
    run_cli("ingest", str(EVENT / "r1t1.tgn"), "-o", str(ds))
    r = run_cli("ingest", str(js), "-o", str(ds), "--rules", "standard")
    assert "both counted in the statistics — the match counts twice — and in the standings each as its rules " \
           "decide it" in r.output
    assert "统计中都计入" in r.output and "排名中各按其规则判定" in r.output
    r = run_cli("standings", str(ds))
    assert "r1t1.json" in r.output and "the same record as" in r.output and "judged under other rules" in r.output


def test_the_copy_under_other_rules_is_no_second_record_and_keeps_no_rank_provisional(tmp_path):
    """Its own note names the pair: the round notes did not ("plays 2 matches … a second record of one match, cut
    short or damaged?"), and every rank was provisional on copies that can never change it."""
    import shutil

    ds, js, ev = tmp_path / "ds", tmp_path / "json", tmp_path / "ev"
    js.mkdir()
    shutil.copytree(EVENT, ev, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    for p in sorted(ev.glob("r1t*.tgn")):
        run_cli("convert", str(p), "--to", "json", "-o", str(js / (p.stem + ".json")))
    run_cli("ingest", str(ev), "-o", str(ds))
    run_cli("ingest", str(js), "-o", str(ds), "--rules", "standard")
    r = run_cli("standings", str(ds))
    assert "a second record of one match" not in r.output and "judged under other rules" in r.output
    assert "provisional" not in r.output

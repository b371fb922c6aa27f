"""One Chinese word for a trick: 轮, as docs/rules.md uses it (round 19, task C, item 6).

Lines of one output said a trick two ways — ``trick 2 第2轮`` beside ``至第13\u58a9为止合规`` — and a reader may take
them for two things.  docs/rules.md says 轮 (上一轮的赢家, 两轮之间); every message now does (rewritten by the
session's script /tmp/s19/c_words.py, which keeps 轮 meaning a turn as it is).  The other word is written as its
escape here, so that the script leaves this test as it is.
"""
from __future__ import annotations

from pathlib import Path

from cli_runs import run_in
from test_derived_play_pages import RECORD
from test_readings_agree_s18d import PAIR

OTHER = "\u58a9"        # the word docs/rules.md does not use for a trick
ROOT = Path(__file__).resolve().parent.parent


def test_docs_rules_uses_one_word_for_a_trick():
    rules = (ROOT / "docs" / "rules.md").read_text("utf-8")
    assert "上一轮的赢家" in rules and OTHER not in rules


def test_no_source_or_template_writes_the_other_word():
    found = [str(p.relative_to(ROOT)) for folder in ("tractor_analysis", "cli", "reports")
             for p in sorted((ROOT / folder).rglob("*")) if p.suffix in {".py", ".html", ".c", ".h", ".md"}
             and OTHER in p.read_text("utf-8")]
    assert found == []


def test_check_says_a_trick_one_way_in_a_stopped_record(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(RECORD[:RECORD.index("14. W")], "utf-8")
    out = run_in("check", path).stdout
    assert "至第13轮为止合规 ✓（记录止于第13轮）" in out and OTHER not in out      # before: "至第13\u58a9为止合规"


def test_check_says_a_trick_one_way_beside_a_trick_number(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(PAIR, "utf-8")
    out = run_in("check", path).stdout
    assert "trick 2 第2轮" in out and "最后一轮后" in out and OTHER not in out      # before: "最后一\u58a9后"

"""A referee's tester (round 17): under tournament rules S's wrong follow costs N–S a level, but N–S were at 2 — the
ruling said "N–S lose one level" beside "levels N–S 2 → 2" with no word why.  The page now says a side at 2 stays
at 2 (docs/rules.md §10.1: no level penalty goes below 2)."""
from __future__ import annotations

import html
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def _revoke() -> str:
    text = SAMPLE.replace('[Ruleset "standard"]', '[Ruleset "tournament"]', 1)
    text = text.replace("13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: D9, W: C4, N: C5", 1)
    text = text.replace("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: D9, E: S5, S: H4", 1)
    assert text.count("S: D9, W: C4") == 1 and "E: S5, S: H4" in text
    return text


def test_a_level_penalty_at_level_two_says_the_side_stays_at_two(tmp_path):
    f = tmp_path / "revoke.tgn"
    f.write_text(_revoke(), encoding="utf-8")
    r = CliRunner().invoke(main, ["ruling", str(f), "--hand", "1", "-o", str(tmp_path / "r.html")])
    assert r.exit_code == 0, r.output
    page = html.unescape((tmp_path / "r.html").read_text("utf-8"))
    assert "N–S lose one level" in page
    assert "a side at 2 stays at 2 (docs/rules.md §10.1)" in page and "在 2 级的一方仍为 2 级" in page


def test_a_record_begun_after_the_first_hand_does_not_count_the_wrong_follows_before_it(tmp_path):
    """A fourth regression tester: a record holding hand 4 of a tournament match alone gave "their wrong follow
    no. 1 in the match", where the whole match had two before it and the fourth forfeited it. Numbered from 2, the
    record's wrong follows before it are not known: the page says "at least", and does not rule on the forfeit."""
    text = _revoke()
    for k in (5, 4, 3, 2, 1):
        text = text.replace(f'[Hand "{k}"]', f'[Hand "{k + 1}"]', 1)
    f = tmp_path / "later.tgn"
    f.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["ruling", str(f), "--hand", "2", "-o", str(tmp_path / "r.html")])
    assert r.exit_code == 0, r.output
    page = html.unescape((tmp_path / "r.html").read_text("utf-8"))
    assert "how many wrong follows came before is not known: at least no. 1" in page
    assert "此前的跟牌错误次数未知：至少是第 1 次" in page
    assert "whether this one reaches it the record does not show" in page
    assert "no. 1 in the match" not in page

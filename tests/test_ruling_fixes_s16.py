"""The printed ruling, round 16 (a referee's tester): a failed throw's penalty is ruled on when only the
bottom is unknown (what rests on the unknown alone is withheld), and the score table gives each value
once, in its own cell (the label is a label)."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

# tournament rules, a position: defender N throws ♠A ♠Q while E holds ♠K (throw_failed, 1 card × 10);
# the attackers (E–W) win the last trick, and no Buried: line gives the bottom
THROW_NO_BOTTOM = """[Event "Probe throw by defender"]
[North "Zhang"]
[East "Li"]
[South "Wang"]
[West "Liu"]
[Ruleset "tournament"]
[Levels "NS:2 EW:2"]

[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "0"]
N: SA SQ D3
E: SK S3 D4
S: S4 S5 D5
W: S6 S7 D6
1. N: SA SQ, E: SK S3, S: S4 S5, W: S6 S7
2. N: D3, E: D4, S: D5, W: D6
[Claim "15"]
"""

THROW_WITH_BOTTOM = THROW_NO_BOTTOM.replace(
    "W: S6 S7 D6\n", "W: S6 S7 D6\nBuried: C5 C6 C7 C8 C9 C10 CJ CQ\n").replace('[Claim "15"]', '[Claim "45"]')


def _write(tmp_path: Path, text: str, name: str = "r.tgn") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def _ruling(path: Path, tmp_path: Path) -> str:
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out.read_text("utf-8")


def _consequence(page: str) -> str:
    return html.unescape(page[page.index('class="consequence"'):page.index('class="decision"')])


def _score_rows(page: str) -> list[tuple[str, str]]:
    """(label, value) of each row of the page's score table, the tags stripped."""
    table = re.search(r'<table class="score">(.*?)</table>', page, re.S).group(1)
    rows = re.findall(r"<tr><th>(.*?)</th><td>(.*?)</td></tr>", table, re.S)
    plain = lambda s: html.unescape(re.sub(r"<[^>]+>", "", s)).strip()     # noqa: E731
    return [(plain(th), plain(td)) for th, td in rows]


def test_a_failed_throw_penalty_is_ruled_on_when_only_the_bottom_is_unknown(tmp_path):
    """Fix 1: check gives the penalty (+10, check --json ``penalties`` 10) though the total waits on the
    bottom; the page said only 'not ruled on: the attackers' points … rests on [Buried]'."""
    path = _write(tmp_path, THROW_NO_BOTTOM)
    r = CliRunner().invoke(main, ["check", str(path), "--json"])
    hand = json.loads(r.stdout)["files"][0]["hands"][0]
    assert hand["penalties"] == 10 and hand["attackers_total"] is None
    consequence = _consequence(_ruling(path, tmp_path))
    assert "failed-throw penalty: trick 1: N's failed throw, 1 card × 10 = +10 to the attackers' total" in consequence
    assert "甩牌失败罚分：第 1 轮北家甩牌失败 1 张 × 10，计入闲家得分 +10" in consequence
    # what rests on the bottom alone is still withheld, and said so
    assert "not ruled on: the attackers' points (and the bottom) — it rests on [Buried]" in consequence
    rows = _score_rows(_ruling(path, tmp_path))
    assert ("第 1 轮北家甩牌失败 1 张 × 10 trick 1: N's failed throw, 1 card × 10", "+10") in rows
    assert rows[-1][1] == "?"


def test_the_score_table_gives_each_value_once_in_its_own_cell(tmp_path):
    """Fix 2: '闲家各轮得分 5 attackers' trick points 5 | 5' — the label repeated the value."""
    rows = _score_rows(_ruling(_write(tmp_path, THROW_WITH_BOTTOM), tmp_path))
    assert ("闲家各轮得分 attackers' trick points", "5") in rows
    assert ("抠底 15 分 × 2 bottom 15 × 2", "30") in rows
    assert ("第 1 轮北家甩牌失败 1 张 × 10 trick 1: N's failed throw, 1 card × 10", "+10") in rows
    assert ("闲家总分（按出牌计算） attackers' total (computed)", "45") in rows
    for label, value in rows:           # no label ends with the value its own cell gives
        assert not label.endswith(f" {value}") and f"= {value} " not in f"{label} ", (label, value)

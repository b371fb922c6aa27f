"""`tractor replay`: hands before each trick grouped by suit (trumps first), plays, winner, running points."""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.records.cards import counts_of, parse_cards
from tractor_analysis.cli.main import main
from tractor_analysis.cli.replay_cmd import hand_groups
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.sources import load_file

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"
MATCH = str(SAMPLES / "spring-cup-r2t5.tgn")
DISPUTED = str(SAMPLES / "disputed-trick.tgn")


def run(*args: str):
    return CliRunner().invoke(main, ["replay", *args])


def test_hand_groups_put_trumps_first_strongest_first():
    # level 7, spades trump: BJ LJ ♠7 (trump-suit level) ♥7 (off-suit level) ♠A ♠3, then plain suits
    cards = counts_of(parse_cards("S3 H9 BJ C4 H7 SA LJ S7 HA H9 D10 C7"))
    assert hand_groups(cards, 7, 0) == "主 大王 小王 ♠7 ♥7 ♣7 ♠A ♠3 │ ♥ A 9 9 │ ♦ 10 │ ♣ 4"


def test_hand_groups_in_no_trump_and_empty():
    cards = counts_of(parse_cards("S2 H2 BJ SA S3"))
    assert hand_groups(cards, 2, None) == "主 大王 ♠2 ♥2 │ ♠ A 3"
    assert hand_groups(counts_of(()), 2, None) == "—"


def test_disputed_trick_shows_hands_plays_winner_points_and_the_violation():
    r = run(DISPUTED)
    assert r.exit_code == 1
    out = r.stdout
    assert "trick 20 第20轮" in out and "leader 首家 W 刘洋" in out
    assert re.search(r"\*N 张伟\s+主 ♠A │ ♥ 9 9 3 │ ♦ 6 │ ♣ 4", out)      # defenders marked *
    assert re.search(r" W 刘洋\s+♥ K Q Q │ ♦ 5 5 │ ♣ 8", out)
    assert "W 刘洋: ♥Q ♥Q   N 张伟: ♥9 ♥3   E 李娜: ♥5 ♥2   S 王芳: ♥A ♥10" in out
    assert "{北家拆对：应跟 ♥9 ♥9" in out                                   # the annotation
    assert "winner 赢家 W 刘洋 (attackers 闲家) · 15 points 分 · attackers so far 闲家累计 80" in out
    assert "follow_pair" in out and re.search(r"better 应出\s+♥9 ♥9", out)
    assert "earlier 此前 65 + tricks 抓分 15" in out


def test_running_points_end_at_the_trick_points_of_every_hand():
    result = replay_match(load_file(MATCH).matches[0])
    out = run(MATCH).stdout
    running = [int(x) for x in re.findall(r"attackers so far 闲家累计 (\d+)", out)]
    assert len(running) == sum(len(h.tricks) for h in result.hands)
    start = 0
    for h in result.hands:
        segment = running[start:start + len(h.tricks)]
        assert segment == sorted(segment)                 # points only ever accumulate
        assert segment[-1] == h.attackers_points
        start += len(h.tricks)


def test_one_hand_with_a_failed_throw_and_the_bottom_capture():
    r = run(MATCH, "--hand", "4")
    assert r.exit_code == 0
    assert "hand 4 第4局" in r.stdout and "hand 3 第3局" not in r.stdout
    assert "bottom 抠底 10×2=20" in r.stdout and "扣底 10" not in r.stdout     # captured: 抠底 (扣底 is burying)
    assert "bottom 底牌" in r.stdout and "buried 扣底" in r.stdout
    r = run(MATCH)
    assert re.search(r"N 张伟: ♠J ♠8 → ♠8 \(throw failed 甩牌失败\)", r.stdout)


def test_unknown_hand_is_a_usage_error():
    r = run(MATCH, "--hand", "99")
    assert r.exit_code == 2
    assert "no hand 99" in r.output
    assert "(its hands: 1, 2, 3, 4, 5)" in r.output and "中没有第 99 局" in r.output


def test_missing_file_exits_2_on_stderr(tmp_path):
    r = run(str(tmp_path / "x.tgn"))
    assert r.exit_code == 2
    assert "cannot read" in r.stderr and r.stdout == ""


def test_replay_takes_the_ruleset_options():
    r = run(MATCH, "--hand", "4", "--rule", "score_table=ourgame")
    assert "rules 规则 standard+" in r.stdout
    assert "attackers take the deal and go up 1 level" in r.stdout


def test_replay_html_writes_the_hand_page_with_the_violation(tmp_path):
    out = tmp_path / "disputed.html"
    result = run(DISPUTED, "--html", str(out))
    assert result.exit_code == 1, result.output         # the disputed trick holds a violation
    page = out.read_text(encoding="utf-8")
    assert "follow_pair" in page and "did not follow the pair" in page
    assert "<script>alert" not in page


def test_replay_html_one_page_per_hand(tmp_path):
    out = tmp_path / "match.html"
    result = run(MATCH, "--html", str(out), "--hand", "1", "--hand", "2")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match-2.html", "match.html"]


def test_replay_html_tells_the_referee_what_could_not_be_read(tmp_path):
    typo = tmp_path / "typo.tgn"
    typo.write_text(Path(DISPUTED).read_text(encoding="utf-8")
                    .replace("20. W: HQ HQ, N: H9 H3", "20. W: HQ HQ N: H9 H3"), encoding="utf-8")
    out = tmp_path / "typo.html"
    r = run(str(typo), "--html", str(out))
    assert r.exit_code == 2
    page = out.read_text(encoding="utf-8")
    box = page[page.index('id="record-problems"'):page.index('id="summary"')]
    assert f"{typo}:28:14: missing &#39;,&#39; before &#39;N:&#39;" in box and "记录中的问题" in box
    assert "follow_pair" in page                      # the play after the missing comma was read
    clean = tmp_path / "clean.html"
    assert run(DISPUTED, "--html", str(clean)).exit_code == 1
    assert 'id="record-problems"' not in clean.read_text(encoding="utf-8")

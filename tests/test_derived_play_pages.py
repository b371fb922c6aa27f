"""A play the record leaves out that the engine derived is shown in its place, marked derived, and
from what — on the hand page and in ``tractor replay`` — never as "no play" while the trick's points
count it (docs/rules.md §4.1, §14.1; engine/record_gaps.py; reports/hand_page.py, cli/replay_cmd.py).

The record is ``tractor simulate --seed 5``'s first hand with ``E: SK`` taken out of trick 14: one way
alone fits the rest of the record, so ``check`` derives "E played ♠K in trick 14" and the trick counts
15 points with it.  Before, the hand page showed E "no play / 未出" at trick 14 beside "points / 分 15",
and ``replay`` left E out of the trick's "plays 出牌" line.  Each test fails on the code before.
"""
from __future__ import annotations

import html
import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main

RECORD = """[Event "Simulated 5"]
[Site "tractor simulate"]
[Date "2026.01.01"]
[Round "1"]
[Table "1"]
[North "Ma Jun"]
[East "陈静"]
[South "孙丽"]
[West "刘洋"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[Declarations "N: S2 | N: S2 S2"]
N: BJ LJ S2 S2 SA S9 S7 S3 HA HK HQ HJ H8 H3 DA DK DJ D9 D5 CA CK CQ CJ C6 C4
E: D2 D2 C2 C2 SA SK SQ SJ S10 S6 HJ H7 H5 H4 D10 D10 D9 D8 D7 D6 D3 CK C10 C9 C3
S: H2 S9 S8 S8 S7 S5 HA H6 H5 H3 DA DK DQ D8 D5 D4 D3 CA CQ C9 C8 C8 C7 C4 C3
W: BJ LJ H2 SQ SJ S10 S6 S4 S4 HK HQ H9 H9 H8 H7 H4 DQ DJ D7 D6 D4 CJ C10 C7 C5
Bottom: H6 H10 SK H10 C5 S3 C6 S5
Buried: DA DJ D9 D5 CQ CJ C5 C4
1. N: H10 H10, E: H7 H4, S: H5 H3, W: H9 H9
2. N: S3 S3, E: D2 D2, S: S8 S8, W: S4 S4
3. E: D10 D10, S: D4 D3, W: D6 D4, N: H3 DK
4. E: C3, S: C3, W: C10, N: CA
5. N: H6, E: HJ, S: H6, W: HK
6. W: H7, N: HA, E: H5, S: HA
7. N: C6 C6, E: C10 C9, S: C8 C8, W: CJ C7
8. S: DA DK, W: DJ D7, N: HK CK, E: D6 D3
9. S: C4, W: C5, N: H8, E: CK
10. E: D9, S: DQ, W: DQ, N: HJ
11. S: CA CQ C9 C7, W: S6 HQ H8 H4, N: SK S7 S5 HQ, E: SQ SJ S10 S6
12. E: C2 C2, S: S9 S7, W: SJ S10, N: S2 S2
13. N: S9, E: SA, S: H2, W: BJ
14. W: LJ, N: SA, S: S5
15. W: SQ, N: BJ, E: D7, S: D5
16. N: LJ, E: D8, S: D8, W: H2
[Claim "95"]
"""

# the hand's own `play` Derived fact (engine/explain_gaps.gap_play_derived): what the play follows from —
# E's deal line less its later plays, not a guess that E followed legally (before: "the only legal way")
WHY_EN = ("the play the record leaves out, from the later plays and the deal: E played ♠K in trick 14 "
          "(of the cards E held then, the only one it does not play later)")
WHY_ZH = "记录缺少的出牌由其后的出牌与发牌推出：第 14 轮东家出 ♠K（东家当时所持的牌中，只有这一手其后没有打出）"


def _record(tmp_path):
    path = tmp_path / "leftout.tgn"
    path.write_text(RECORD, "utf-8")
    return path


def _trick(page: str, number: int) -> str:
    start = page.index(f'id="trick-{number}"')
    return page[start:page.index("</section>", start)]


def _seat(trick: str, seat: str) -> str:
    start = trick.index(f'<div class="seat {seat} ')
    return trick[start:trick.index('<div class="held', start)]


def test_the_hand_page_shows_the_derived_play_in_its_place_marked_derived(tmp_path):
    out = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(_record(tmp_path)), "-o", str(out)])
    assert r.exit_code == 0, r.output
    (page_path,) = [p for p in out.glob("*-h1.html")]
    trick = _trick(page_path.read_text("utf-8"), 14)
    east = _seat(trick, "E")
    # before: '<span class="none">no play / 未出</span>' beside "points / 分 15"
    assert "no play / 未出" not in east
    assert 'title="SK"' in east and "derived / 推出" in east and "not in the record / 记录未写" in east
    assert "<strong>15</strong>" in trick                       # the points count it, as before
    # what it follows from: the tag's tooltip and the trick's footnote, English then Chinese
    text = html.unescape(trick)
    assert f'title="{WHY_EN} / {WHY_ZH}"' in text
    assert f"derived / 推出: {WHY_EN} / {WHY_ZH}" in text
    # in turn order (W leads, then N, E, S); the held ♠K is boxed as played in this trick
    assert [m for m in re.findall(r'<div class="seat ([NESW]) ', trick)] == ["N", "E", "S", "W"]
    held = trick[trick.index('<div class="seat E '):]
    held = held[held.index('<div class="held'):held.index("</div>", held.index('<div class="held'))]
    assert "<mark>K</mark>" in held
    # a recorded play is not marked derived
    assert "derived" not in _seat(trick, "N") and "derived" not in _trick(page_path.read_text("utf-8"), 13)


def test_the_hand_page_names_the_lead_shape_in_chinese_too(tmp_path):
    out = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(_record(tmp_path)), "-o", str(out)])
    assert r.exit_code == 0, r.output
    (page_path,) = [p for p in out.glob("*-h1.html")]
    page = page_path.read_text("utf-8")
    assert "leader / 首家 <strong>W</strong> · single / 单张</div>" in _trick(page, 14)   # before: "· single"
    assert "· pair / 对子</div>" in _trick(page, 1)
    assert "· throw / 甩牌</div>" in _trick(page, 11)


def test_replay_shows_the_derived_play_in_the_plays_line_and_what_it_follows_from(tmp_path):
    r = CliRunner().invoke(main, ["replay", str(_record(tmp_path)), "--hand", "1"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    start = lines.index(next(x for x in lines if x.startswith("trick 14 第14轮")))
    trick = lines[start:lines.index("", start)]
    (plays,) = [x for x in trick if x.strip().startswith("plays 出牌")]
    # before: "plays 出牌  W 刘洋: 小王   N Ma Jun: ♠A   S 孙丽: ♠5" — E left out, with 15 points
    assert plays.split("plays 出牌", 1)[1].split("   ") == [
        "  W 刘洋: 小王", "N Ma Jun: ♠A", "E 陈静: ♠K (derived 推出)", "S 孙丽: ♠5"]
    assert f"     derived 推出  {WHY_EN} / {WHY_ZH}" in trick
    assert any("15 points 分" in x for x in trick)
    # a trick with every play recorded has no derived mark
    start13 = lines.index(next(x for x in lines if x.startswith("trick 13 第13轮")))
    assert not any("derived" in x for x in lines[start13:lines.index("", start13)])


def test_the_ruling_trick_table_says_a_derived_play_is_not_in_the_record(tmp_path):
    """The hand page's model also draws the printed ruling's trick table: the derived play there
    reads "记录未写 not in the record" and "推出 derived", never as a play the record holds."""
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records import parse_tgn
    from tractor_analysis.reports.build import environment
    from tractor_analysis.reports.hand_page import hand_view

    (match,), _ = parse_tgn(RECORD)
    result = replay_match(match).hands[0]
    view = hand_view(match, match.hands[0], result)
    (trick,) = [t for t in view.tricks if t.number == 14]
    east = trick.plays_by_seat[1]
    assert east is not None and east.derived == (WHY_ZH, WHY_EN)
    assert [p.seat for p in trick.plays] == ["W", "N", "E", "S"]
    row = environment().from_string(
        '{% set pl = t.plays_by_seat[1] %}'
        + environment().loader.get_source(environment(), "ruling.html")[0].split(
            '<td class="played">', 1)[1].split("</td>", 1)[0]).render(t=trick, p=None, v=None)
    assert "记录未写 not in the record" in row and "推出 derived" in row and "未出 no play" not in row

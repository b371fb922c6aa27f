"""The printed ruling of a failed throw (issue 21 case 6): the trick as played AND as the rules
require — the forced unit, what the follow duties fix, what they leave open — in 中文 and
English; nothing resting on a hand the record does not give; "last trick" only when the
hands are emptied.  The records are referee's positions (tests/test_required_trick.py)."""
from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.build import write_hand_pages
from tractor_analysis.simulate import simulate_match
from tractor_analysis.records.tgn_writer import format_tgn

from test_required_trick import CERTAIN, HEAD, ISSUE, OPEN, VOID

ROOT = Path(__file__).resolve().parent.parent


def ruling_html(tmp_path: Path, text: str, name: str = "throw") -> str:
    record = tmp_path / f"{name}.tgn"
    record.write_text(text, "utf-8")
    out = tmp_path / f"{name}.html"
    r = CliRunner().invoke(main, ["ruling", str(record), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_text("utf-8")


def required_section(page: str) -> str:
    """The "as the rules require" block, as text (tags dropped, entities decoded)."""
    found = re.search(r'<section class="required">(.*?)</section>', page, re.S)
    assert found, "the page has no 'as the rules require' section"
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", found.group(1))))


def rows(page: str) -> dict[str, list[str]]:
    """The "as the rules require" table by seat: [seat cell, must play, chooses, can win with, points]."""
    found = re.search(r'<section class="required">(.*?)</section>', page, re.S)
    assert found
    out = {}
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", found.group(1), re.S)[1:]:
        cells = [re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", "", td))).strip()
                 for td in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        out[cells[0][0]] = cells
    return out


def record(deal: str, ruleset: str = "standard") -> str:
    return HEAD.format(ruleset=ruleset) + deal


def test_the_issues_example_says_the_forced_pair_north_must_win_and_what_is_open(tmp_path):
    page = ruling_html(tmp_path, record(ISSUE))
    text = required_section(page)
    for zh, en in [
        ("西家须改出 ♥Q ♥Q", "W must play ♥Q ♥Q"),
        ("throw_forced = largest_shape：被管住的最大牌型中最小的一组", "throw_forced = largest_shape: the smallest unit "
                                                                  "of the largest shape that could be beaten"),
        ("赢家确定：北家，南北方（庄家方）得本轮的分", "the winner is certain: N, so N–S (defenders) take the trick"),
        ("本轮 20–30 分，确定的是至少 20 分，确切分数取决于东家的替换牌",
         "the trick holds 20 to 30 points, 20 certain: the exact points depend on E's replacement cards"),
        ("闲家本轮得分按实际出牌 30 分，按规则 0 分", "the attackers' points from this trick: 30 as played, 0 under the rules"),
        ("其余 ♥A 留在手中", "the rest (♥A) stays in its hand"),
        ("手牌按记录", "hands from the deal lines"),
    ]:
        assert zh in text, zh
        assert en in text, en
    r = rows(page)
    assert r["W"][1] == "♥Q Q" and "首出 leads" in r["W"][0]
    assert r["N"][1] == "♥K K" and "赢 wins" in r["N"][0] and r["N"][4] == "20"      # must play it, and wins
    assert r["E"][1] == "—" and r["E"][2] == "2 张 cards: ♥10 3 2" and r["E"][4] == "0–10"
    assert r["S"][1] == "♥8 6" and r["S"][4] == "0"                                  # ♥7 is a level card: a trump
    assert "赢 wins" not in r["E"][0] + r["S"][0] + r["W"][0]
    # every hand still holds 2 cards after the trick: not the last trick
    assert "末轮" not in page and "(last)" not in page


def test_points_certain_when_every_follow_is_forced(tmp_path):
    page = ruling_html(tmp_path, record(CERTAIN))
    text = required_section(page)
    assert "本轮分数确定：30 分" in text and "the trick's points are certain: 30" in text
    assert rows(page)["E"][1] == "♥10 3" and rows(page)["E"][2] == "—"
    assert "替换牌" not in text and "replacement cards" not in text


def test_winner_open_says_who_can_win_by_whose_choice_and_each_sides_points(tmp_path):
    page = ruling_html(tmp_path, record(OPEN))
    text = required_section(page)
    assert "赢家未定：北家或东家或南家，取决于北家、东家的选择" in text
    assert "the winner is open: N or E or S, depending on N's and E's choices" in text
    assert "南北方（庄家方）赢则得 20–25 分，东西方（闲家）赢则得 20 分" in text
    assert "N–S (defenders) take 20–25 if they win it, E–W (attackers) take 20 if they win it" in text
    r = rows(page)
    assert r["N"][3] == "♠4 4" and r["E"][3] == "♠9 9"                              # the plays that can win
    assert r["S"][1] == "♥K K" and "赢 wins" not in r["S"][0]
    assert "按规则 0 或 20 分" in text and "0 or 20 under the rules" in text
    assert "the winner is certain" not in text and "赢家确定" not in text


def test_void_followers_may_discard_or_trump_by_the_engines_rules(tmp_path):
    page = ruling_html(tmp_path, record(VOID))
    r = rows(page)
    assert "任意 2 张 any 2 of its cards" in r["N"][2]
    assert "没有红桃，可垫牌或用主牌毙" in r["N"][2] and "no hearts left, so may discard or trump" in r["N"][2]
    assert "无论出什么都赢不了本轮（§6.2）" in r["N"][2] and "no play of its can win the trick (§6.2)" in r["N"][2]
    assert "没有红桃，只能垫牌" in r["E"][2] and "no hearts left, so discards" in r["E"][2]
    text = required_section(page)
    assert "赢家确定：南家" in text and "the winner is certain: S" in text


def test_a_pair_owed_binds_the_choice(tmp_path):
    # S holds ♥K ♥K and other heart pairs: any heart pair may follow, but it must be a pair
    deal = OPEN.replace("S: HK HK H5 C9 D9", "S: HK HK H5 H5 D9").replace("S: HK HK H5", "S: HK HK H5")
    r = rows(ruling_html(tmp_path, record(deal)))
    assert r["S"][2].startswith("2 张 cards: ♥K K 5 5")
    assert "自选的牌须含 1 对" in r["S"][2] and "the cards chosen holding 1 pair" in r["S"][2]


def test_a_hand_the_record_does_not_give_withholds_what_depends_on_it(tmp_path):
    no_south = "\n".join(line for line in ISSUE.splitlines() if not line.startswith("S: ")) + "\n"
    page = ruling_html(tmp_path, record(no_south))
    text = required_section(page)
    assert "西家须改出 ♥Q ♥Q" in text                                # the pair is the throw's largest shape
    r = rows(page)
    assert "手牌不详（记录没有其完整手牌）：应出的牌无法推出" in r["S"][2]
    assert "hand not known (the record does not give it whole): what it must play is not derived" in r["S"][2]
    assert r["S"][4] == "?"
    assert r["N"][1] == "♥K K"                                       # N's duty does not depend on S
    assert "赢家无法推出：南家的手牌不详；本轮至少 20 分，归谁未定" in text
    assert "the winner is not derived: S's hand is not known; the trick holds at least 20 points" in text
    assert "赢家确定" not in text and "the winner is certain" not in text and "赢 wins" not in page.split(
        '<section class="required">')[1]

    no_deal = "\n".join(line for line in ISSUE.splitlines() if line[:2] not in ("N:", "E:", "S:", "W:")) + "\n"
    page = ruling_html(tmp_path, record(no_deal), "nodeal")
    text = required_section(page)
    assert "the hands of N, E, S are not known" in text and "北家、东家、南家的手牌不详" in text
    assert all(rows(page)[s][4] == "?" for s in "NES")
    assert "the winner is certain" not in text and "the winner is open" not in text


# Three cards each, the whole hand thrown: as played the trick empties every hand.
LAST = """N: HK HK H4
E: H10 H3 H2
S: H8 H6 D9
W: HA HQ HQ
18. W: HA HQ HQ, N: HK HK H4, E: H10 H3 H2, S: H8 H6 D9
"""


def test_last_trick_only_when_the_trick_empties_every_hand(tmp_path):
    page = ruling_html(tmp_path, record(LAST))
    assert "(末轮 last)" in page
    assert "其余 ♥A 留在手中" in required_section(page)
    disputed = tmp_path / "d.html"
    r = CliRunner().invoke(main, ["ruling", str(ROOT / "sample_logs" / "disputed-trick.tgn"), "-o", str(disputed)])
    assert r.exit_code == 0, r.output
    assert "末轮" not in disputed.read_text("utf-8")               # 6 cards each, a trick of 2
    # a position without deal lines: the hands are only the cards played, the end is not known
    no_deal = "\n".join(line for line in LAST.splitlines() if line[:2] not in ("N:", "E:", "S:", "W:")) + "\n"
    assert "末轮" not in ruling_html(tmp_path, record(no_deal), "nodeal")


def test_the_hand_page_marks_the_last_trick_of_a_full_hand_and_not_of_a_cut_position(tmp_path):
    match = simulate_match(4, 0, preset="standard", max_hands=1)
    result = replay_match(match)
    out = tmp_path / "hand.html"
    write_hand_pages(out, [(match, result)], hands=[result.hands[0].number])
    text = out.read_text("utf-8")
    assert text.count("(last / 末轮)") == 1
    n = len(result.hands[0].tricks)
    assert re.search(rf"Trick {n} / 第{n}轮 \(last / 末轮\)", text)
    matches, _ = parse_tgn(record(ISSUE))
    cut = replay_match(matches[0])
    out2 = tmp_path / "cut.html"
    write_hand_pages(out2, [(matches[0], cut)], hands=[4])
    assert "末轮" not in out2.read_text("utf-8")


def test_other_findings_have_no_required_trick_section(tmp_path):
    r = CliRunner().invoke(main, ["ruling", str(ROOT / "sample_logs" / "disputed-trick.tgn"),
                                  "-o", str(tmp_path / "d.html")])
    assert r.exit_code == 0
    assert '<section class="required">' not in (tmp_path / "d.html").read_text("utf-8")


def test_record_text_in_the_section_is_escaped(tmp_path):
    evil = "<script>alert(1)</script>"
    text = record(ISSUE).replace('[North "张伟"]', f'[North "{evil}"]').replace('[Ruleset "standard"]',
                                                                              '[Ruleset "standard"]')
    page = ruling_html(tmp_path, text, "evil")
    assert evil not in page and "<script" not in page


def test_a_simulated_match_round_trips_through_the_ruling_unchanged(tmp_path):
    """Pages of other violations still build (nothing of the new block is asked of them)."""
    match = simulate_match(3, 0, preset="standard", violation_rate=0.05)
    path = tmp_path / "sim.tgn"
    path.write_text(format_tgn(match), "utf-8")
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(tmp_path / "sim.html")])
    assert r.exit_code == 0, r.output


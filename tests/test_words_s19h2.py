"""Session 19, task H2: the words a referee and an analyst read.

1. The ruling page said 推定 ("presumed") where the tool means derived (推出 everywhere else); and the referee
   tester's record (v12_seat_order: all four deal lines, the bottom and the bury given) had its "trick as the rules
   require" say "hands derived from each seat's plays": the dealer, who took the bottom, played a whole hand, so its
   hand was counted as read from its plays though the engine has it from its deal line with the bottom, less the
   bury.  Now the block says the hands rest on the deal lines, the dealer's with the bottom, less the bury.
2. ``tractor replay`` printed "? points 分 (not known)" for the trick a record ends in whose points are known only
   as a floor (the hand page's "≥ 0"): now "≥ N".
3. A position without ``[Points]``: the unknown said "withheld: the attackers' points (and the bottom)" while the
   hand page shows the bottom (its points and multiplier known): the unknown now withholds the attackers' total.
4. A record ending in its last trick, every play left out forced (the multiplier fixed) but the bottom not known:
   the unknown said "at a multiplier the trick's plays decide"; it now says the bottom is what is not known.
5. A platform line (Botzone, 80fen) that is not JSON: the column counted from the stripped line, off by its leading
   spaces; now the column in the line as written.
6. docs/format.md lists the derived fact ``attackers_total``.
7. ``tractor ratings --html`` lists the byes and walkovers stated, escaped.

Each test fails on the code before this change (checked against a worktree of the commit before).
"""
from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.botzone_reader import parse_botzone
from tractor_analysis.records.fen80_reader import parse_80fen
from tractor_analysis.records.limits import MAX_DEPTH
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.hands_known import DEAL, PLAYS, hand_sources
from tractor_analysis.reports.ruling_throw import _SOURCE

from event_helpers import copy_event, invoke_cli, run_cli
from test_forced_last_trick_s19b2 import PAIR, _text
from test_ruling_throw import ISSUE, record, required_section, ruling_html

ROOT = Path(__file__).resolve().parent.parent

# The referee tester's record (/tmp/probe19_referee/v12_seat_order.tgn): every deal line, the bottom and the bury
# given; N leads trick 5 out of turn, N's throw fails in trick 14.
V12 = """[Event "Spring Cup 2026 春季杯"]
[Round "2"]
[Table "5"]
[North "张伟"]
[East "李娜"]
[South "王芳"]
[West "刘洋"]
[Ruleset "tournament"]
[Rule:decide_by_levels "on"]
[Levels "NS:2 EW:2"]

[Hand "1"]
[Dealer "W"]
[Trump "C"]
[Level "2"]
[Declarations "W: C2 | W: C2 C2"]
N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7
E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4
S: BJ LJ CA CK CJ C7 C6 SA SA S9 S4 S3 HQ H9 H9 H6 H4 H4 H3 DA DQ D9 D5 D4 D3
W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK SQ S5 S3 HA HJ H10 H10 H7 H3 DK DK DQ D7 D6
Bottom: D3 D5 C6 D6 S2 D8 HQ HK
Buried: SQ S3 HA HQ HJ H7 H3 D3
1. W: C2 C2 S2 S2, N: CQ CJ C7 C3, E: C8 C8 C4 C3, S: CA CJ C7 C6
2. W: DK DK, N: DJ DJ, E: D10 D4, S: D4 D3
3. W: D7, N: DA, E: D8, S: D5
4. N: S7 S7, E: S8 S6, S: SA SA, W: SK S5
5. N: D10 D7, E: CK C10, S: DA DQ, W: D6 D6
6. E: HA HK, S: H4 H3, W: H10 H10, N: H7 H6
7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8
8. S: S3, W: DQ, N: S4, E: SK
9. E: S9, S: S4, W: D5, N: SQ
10. N: S6, E: SJ, S: S9, W: C10
11. W: C9 C9, N: H2 CA, E: LJ D2, S: BJ LJ
12. W: C5, N: D2, E: BJ, S: CK
13. E: H8, S: H4, W: C4, N: C5
14. N: SJ S8 -> S8, E: S10, S: H6, W: C6
15. W: H2, N: D9, E: S5, S: D9
16. W: CQ, N: SJ, E: HJ, S: HQ
"""

IN_TURN = ("5. N: D10 D7, E: CK C10, S: DA DQ, W: D6 D6", "5. S: DA DQ, W: D6 D6, N: D10 D7, E: CK C10")

# /tmp/probe19_referee/v09_revoke.tgn without its deal lines: E does not follow diamonds in trick 3 (plays ♠5),
# then plays ♦8 in trick 15 — its hand read from its plays (a whole hand of them).
V09_NO_DEAL = "\n".join(line for line in V12.replace(*IN_TURN).replace("3. W: D7, N: DA, E: D8", "3. W: D7, N: DA, E: S5")
                        .replace("15. W: H2, N: D9, E: S5", "15. W: H2, N: D9, E: D8").splitlines()
                        if line[:2] not in ("N:", "E:", "S:", "W:") and not line.startswith(("Bottom", "Buried"))) + "\n"

# /tmp/probe19_player/c2_q15_end.tgn: E's play in trick 15 left out, the record ending inside trick 16 (the last).
C2_END = (V12.replace('[Ruleset "tournament"]', '[Ruleset "standard"]').replace(*IN_TURN)
          .replace("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: D9, E: ?, S: D9")
          .replace("16. W: CQ, N: SJ, E: HJ, S: HQ", "16. W: CQ, N: SJ"))

# /tmp/probe19_player/p1np.tgn: a position without [Points], the bottom known (Buried:), the last trick a single.
P1NP = """[Event "probe"]
[Ruleset "standard"]

[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[FirstTrick "15"]
N: DK C3
E: H3 D5
S: H4 C4
W: HA DQ
Buried: D10 C5 C6 C7 C8 C9 CJ CQ
15. W: HA, N: DK, E: H3, S: H4
16. W: DQ, N: C3, E: D5, S: C4
"""


def _page_text(page: str) -> str:
    page = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", page)))


def _hand(text: str):
    matches, errors = parse_tgn(text)
    assert not [e for e in errors if "unknown card" not in e.message], errors
    return matches[0].hands[0], replay_match(matches[0]).hands[0]


# --- 1. the ruling page: 推出, and what the hands rest on --------------------------------------------------------

def test_the_dealers_hand_with_its_bottom_and_bury_rests_on_the_deal_lines():
    hand, result = _hand(V12)
    assert hand_sources(hand, result) == (DEAL,) * 4       # before: W "plays" (it played a whole hand)


def test_the_testers_ruling_says_the_hands_rest_on_the_deal_lines(tmp_path):
    text = required_section(ruling_html(tmp_path, V12, "v12"))
    assert "hands from the deal lines (W: its line with the bottom, less the bury)" in text
    assert "手牌按记录的发牌行（西家的是其发牌行加底牌、减去所扣的牌）" in text
    assert "derived from each seat's plays" not in text and "打出的牌推" not in text


def test_the_ruling_says_derived_never_presumed(tmp_path):
    page = ruling_html(tmp_path, V09_NO_DEAL, "v09")
    text = _page_text(page)
    assert "推定" not in page
    # the revoke's evidence: E's hand read from its plays
    assert "东家的手牌由其出牌推出" in text and "E's hand is read from its plays" in text
    # the basis of a failed throw's "as the rules require" block, a hand read from the plays
    assert _SOURCE[PLAYS] == ("手牌由各家在记录中打出的牌推出", "hands derived from each seat's plays in the record")
    no_south = "\n".join(line for line in ISSUE.splitlines() if not line.startswith("S: ")) + "\n"
    page = ruling_html(tmp_path, record(no_south), "nos")
    assert "推定" not in page
    assert "应出的牌无法推出" in page and "赢家无法推出" in required_section(page)


# --- 2. replay: a trick's points known only as a floor -----------------------------------------------------------

def test_replay_gives_the_floor_of_the_points_of_the_trick_the_record_ends_in(tmp_path):
    path = tmp_path / "c2.tgn"
    path.write_text(C2_END, "utf-8")
    out = invoke_cli("replay", str(path)).stdout
    lines = [line for line in out.splitlines() if "winner 赢家" in line]
    assert "≥ 0 points 分" in lines[-1], lines[-1]       # before: "? points 分 (not known 未知)"
    assert "not known" not in lines[-1]
    assert "? points 分 (not known 未知)" in lines[-2]    # trick 15: E's play left out, its points withheld


# --- 3. a position without [Points]: the bottom is not what it withholds ----------------------------------------

def test_a_position_without_points_withholds_the_total_not_the_bottom(tmp_path):
    hand, result = _hand(P1NP)
    (u,) = [u for u in result.unknowns if u.tag == "Points"]
    assert "points" in u.withheld                                   # (check --json's names unchanged)
    assert "the bottom" not in u.message_en and "底分" not in u.message_zh
    assert "withheld: the attackers' total;" in u.message_en and "因此不判定：闲家总分、" in u.message_zh
    assert result.bottom_multiplier == 2 and result.bottom_bonus == 30      # what the hand page shows
    out = invoke_cli("report", str(_write(tmp_path, "p1np", P1NP)), "-o", str(tmp_path / "site"))
    page = _page_text(next((tmp_path / "site").glob("*-h1.html")).read_text("utf-8"))
    assert "Bottom / 底分 15 × 2 = 30" in page and "the attackers' points (and the bottom)" not in page, out.output


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.tgn"
    path.write_text(text, "utf-8")
    return path


# --- 4. the last trick's multiplier fixed, the bottom not known ---------------------------------------------------

def test_a_fixed_multiplier_and_no_bottom_says_the_bottom_is_not_known(tmp_path):
    text = _text(PAIR).replace("Buried: SK SK S10 S10 S5 S5 D5 D10\n", "")
    _, result = _hand(text)
    (u,) = [u for u in result.unknowns if u.tag == "play" and "points" in u.withheld]
    assert "at a multiplier the trick's plays decide" not in u.message_en
    assert "底牌的倍数取决于该轮的出牌" not in u.message_zh
    assert "the attackers take it and the bottom with it, at the multiplier its lead fixes, but the bottom is not " \
           "known" in u.message_en
    assert "闲家赢得该轮而抠底，底牌的倍数由该轮首出确定，但底牌不详" in u.message_zh
    # the bottom known: no such unknown (the total derived, as before)
    _, known = _hand(_text(PAIR))
    assert not [u for u in known.unknowns if "points" in u.withheld]


# --- 5. a platform line that is not JSON: its column as written --------------------------------------------------

def test_the_column_of_a_line_not_json_counts_its_leading_spaces():
    for parse in (parse_botzone, parse_80fen):
        _, diags = parse('    {"a": tru}\n')
        (d,) = diags
        assert d.code == "invalid_json" and (d.line, d.column) == (1, 11)      # the "t", 11th of the line
        _, diags = parse('\t  ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n")
        (d,) = diags
        assert d.code == "too_deep" and d.column == 3 + MAX_DEPTH + 1          # the bracket too deep, as written
        _, diags = parse('{"a": tru}\n')                                        # no indent: as before
        assert diags[0].column == 7


# --- 6. docs/format.md lists the derived attackers_total -------------------------------------------------------

def test_format_lists_the_derived_attackers_total():
    doc = (ROOT / "docs" / "format.md").read_text("utf-8")
    assert '`{"fact": "attackers_total", "value": "300", "from": "the legal plays of the seats the record\n  ends ' \
           'before"}`' in doc
    _, result = _hand(_text(PAIR))
    (d,) = [d for d in result.derived if d.fact == "attackers_total"]
    assert (d.value, d.source) == ("300", "the legal plays of the seats the record ends before")


# --- 7. the ratings page lists the byes and walkovers stated ----------------------------------------------------

def test_the_ratings_page_lists_the_byes_and_walkovers_stated(tmp_path):
    folder = copy_event(tmp_path)
    (folder / "r3t4.tgn").unlink()          # Iron Oxen against Tea House 茶馆
    out = tmp_path / "ratings.html"
    run_cli("ratings", str(folder), "--html", str(out), "--walkover", "3", "Tea House 茶馆", "Iron Oxen",
            "--bye", "2", "<b>Owls & Co</b>")
    page = out.read_text("utf-8")
    text = _page_text(page)
    assert "round 3: a walkover, \"Tea House 茶馆\" over \"Iron Oxen\"" in text
    assert "第 3 轮：\"Tea House 茶馆\" 对 \"Iron Oxen\" 不战而胜" in text
    assert "&lt;b&gt;Owls &amp; Co&lt;/b&gt;" in page and "<b>Owls" not in page      # escaped
    assert "no game played, so no rating changes" in text
    run_cli("ratings", str(folder), "--html", str(out), "--after-round", "2", "--walkover", "3", "Tea House 茶馆",
            "Iron Oxen")
    assert "walkover" not in _page_text(out.read_text("utf-8"))      # a later round's: left out, as the standings

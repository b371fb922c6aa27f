"""``tractor ruling``: why a hand is not scored, in the words ``tractor check`` uses.

A hand whose deal line and plays disagree (a seat still holds cards after the last trick,
``deal_mismatch``) was said on every ruling page to be "本局未完，未计分 the hand is not complete:
not scored 150 so far" — though every trick is recorded — where ``check`` says "the deal and the
plays do not agree (cards left after the last trick …), no outcome".  The ruling now gives check's
reason (:func:`tractor_analysis.engine.explain_hand.not_scored`), in both languages.
"""
from __future__ import annotations

import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.explain_hand import not_scored
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.reports.hand_page import hand_view
from tractor_analysis.reports.ruling import score_lines

BASE = """[Event "Simulated 3"]
[Site "tractor simulate"]
[Date "2026.01.01"]
[Round "1"]
[Table "1"]
[North "He Ping"]
[East "李娜"]
[South "Guo Ying"]
[West "张伟"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "1"]
[Dealer "S"]
[Trump "C"]
[Level "2"]
[Declarations "S: H2 | W: C2 C2"]
N: LJ S2 H2 CJ SA S9 S8 S7 S6 S3 S3 HQ H9 H8 H7 H7 H4 H3 DA DJ DJ D9 D7 D7 D3
E: LJ S2 CA CJ C10 C8 C7 C6 C4 SQ SJ S7 S5 S5 S4 HA HK HJ HJ H9 H6 H5 D10 D10 D9
S: H2 D2 CK CQ C6 C5 C5 C3 SA SK SJ S10 S10 S9 S8 HA H10 H8 H6 H4 H3 DK DQ D6 D5
W: BJ BJ C2 C2 CA CK CQ C10 C9 C9 C7 C4 C3 SQ S4 HK HQ H10 DK DQ D8 D6 D5 D4 D3
Bottom: S6 D4 DA D8 SK C8 H5 D2
Buried: H8 H6 H4 H3 DQ D8 D6 D4
1. S: SA SK SK, W: SQ S4 D3, N: S6 S3 S3, E: S5 S5 S4
2. S: DA, W: D4, N: D3, E: D9
3. S: D2 D2, W: C9 C9, N: S2 CJ, E: C6 C4
4. S: HA H10 H5 -> H5, W: HQ, N: H3, E: HK
5. E: HA HJ HJ, S: S6 HA H10, W: HK H10 DK, N: H7 H7 H4
6. E: D10 D10, S: DK D5, W: D6 D5, N: D7 D7
7. E: S7, S: S8, W: D8, N: S7
8. S: C5 C5, W: BJ BJ, N: LJ H2, E: C10 C7
9. W: DQ, N: DA, E: H6, S: S10
10. N: DJ DJ D9, E: SQ SJ H9, S: SJ S10 S9, W: C2 C2 C3
11. W: C7, N: S8, E: C8, S: H2
12. S: C8, W: C4, N: H8, E: LJ
13. E: H5, S: C3, W: C10, N: H9
14. W: CQ, N: S9, E: CJ, S: CK
15. S: C6, W: CA, N: HQ, E: CA
16. W: CK, N: SA, E: S2, S: CQ
[Claim "150"]
"""

DEAL_BAD = BASE.replace("HQ H9 H8", "HQ HJ H8")
"""N's deal line names HJ where N played H9: the deal and the plays do not agree."""

NOT_COMPLETE = "本局未完"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_deal_and_plays_disagree_ruling_says_so(tmp_path):
    assert DEAL_BAD != BASE
    f = tmp_path / "dealbad.tgn"
    f.write_text(DEAL_BAD, encoding="utf-8")
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(f), "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = _text(out.read_text("utf-8"))
    zh, en = not_scored(["deal_mismatch"])
    assert text.count(en) >= 1 and text.count(zh) >= 1
    assert text.count(en) == text.count(zh)                 # both languages on every page
    assert NOT_COMPLETE not in text and "the hand is not complete" not in text
    # check says the same
    c = CliRunner().invoke(main, ["check", str(f)])
    assert en in c.output and zh in c.output


def test_record_that_stops_early_score_lines_say_so():
    """A record that stops before the hand ends: "the record ends before the hand does", as check says."""
    text = BASE.split("15. S: C6")[0] + "15. S: C6, W: CA\n"
    (match,), _ = parse_tgn(text)
    result = replay_match(match)
    (h,) = result.hands
    assert not h.complete
    view = hand_view(match, match.hands[0], h, index=0, match_title="t")
    lines = score_lines(view, h)
    zh, en = not_scored([v.code for v in h.violations])
    assert en == "the record ends before the hand does"
    assert any(line[0].startswith(zh) and line[1].startswith(en) for line in lines), lines
    assert not any(NOT_COMPLETE in line[0] for line in lines)

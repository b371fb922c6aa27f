"""``tractor analyse`` and the facts the record does not state (docs/rules.md §4.1, §14, §14.1).

- A play the record leaves out (``14. W: CQ, N: S9, S: CK``: E's left out) that the engine derived
  (one way to play it fits the record's later plays and the deal: a ``derived`` fact ``play``) was
  refused as "plays out of turn …" though ``check`` derived it: the analysis now uses the derived
  play and says so, in both languages, in the text and in ``--json``.
- A play left out that is not derived (several ways fit) is not analysed, and the reason names it
  ("a play left out in trick 15: N's play is not known"), not "out of turn".
- The hand's derived facts (dealer, level, bury, play …) are listed, in ``check``'s words, in the
  text and as ``derived`` in ``--json``; before, ``analyse`` never said it rested on them.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.explain_hand import analysis_inconsistent

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


SKIP14 = BASE.replace("14. W: CQ, N: S9, E: CJ, S: CK", "14. W: CQ, N: S9, S: CK")
"""E's play in trick 14 left out: only CJ fits E's later plays and deal line (derived)."""

SKIP_N_15_16 = (BASE.replace("15. S: C6, W: CA, N: HQ, E: CA", "15. S: C6, W: CA, E: CA")
                .replace("16. W: CK, N: SA, E: S2, S: CQ", "16. W: CK, E: S2, S: CQ"))
"""N's plays in tricks 15 and 16 left out: HQ and SA fit either way round (not derived)."""

DEALER_W = BASE.replace('[Dealer "S"]', '[Dealer "W"]')
"""[Dealer] contradicted by the record: the engine derives S."""

OUT_OF_TURN = "plays out of turn"


def _run(tmp_path, text: str, *args: str):
    assert text != BASE
    f = tmp_path / "record.tgn"
    f.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["analyse", str(f), "--last", "3", "--budget", "5", *args])


def _check(tmp_path, text: str) -> str:
    f = tmp_path / "record.tgn"
    f.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(f)]).output


def test_derived_play_is_analysed_and_said_in_text(tmp_path):
    r = _run(tmp_path, SKIP14)
    assert r.exit_code == 0, r.output
    assert OUT_OF_TURN not in r.output and "not analysed" not in r.output
    assert "last 3 tricks" in r.output
    assert "E's play in trick 14 derived: CJ" in r.output
    assert "第 14 轮东家的出牌由记录推出：♣J" in r.output
    # the derived fact itself, as check words it
    assert "E played CJ in trick 14" in r.output and "第 14 轮东家出 CJ" in r.output


def test_derived_play_in_json(tmp_path):
    r = _run(tmp_path, SKIP14, "--json")
    assert r.exit_code == 0, r.output
    (h,) = json.loads(r.output)["hands"]
    assert h["reason"] is None and h["tricks"] == 3 and len(h["plays"]) == 12
    (play,) = [p for p in h["plays"] if p["derived"]]
    assert (play["trick"], play["seat"], play["cards"]) == (14, "E", ["CJ"])
    assert play["derived"] == "E's play in trick 14 derived: CJ / 第 14 轮东家的出牌由记录推出：♣J"
    assert all(p["derived"] is None for p in h["plays"] if p is not play)
    facts = {d["fact"]: d for d in h["derived"]}
    assert facts["play"]["value"] == "14: E CJ"
    assert h["plays"][-1]["value_after"] == h["result"] == 150


def test_play_not_derived_names_the_gap(tmp_path):
    r = _run(tmp_path, SKIP_N_15_16)
    assert r.exit_code == 0, r.output
    assert OUT_OF_TURN not in r.output
    assert "not analysed" in r.output
    assert "a play left out in trick 15: N's play is not known" in r.output
    assert "第 15 轮缺少北家的出牌，记录无法推出是哪一手" in r.output
    assert "a play left out in trick 16: N's play is not known" in r.output
    r = _run(tmp_path, SKIP_N_15_16, "--json")
    (h,) = json.loads(r.output)["hands"]
    assert h["plays"] == [] and "N's play is not known" in h["reason"] and OUT_OF_TURN not in h["reason"]


def test_inconsistent_message_says_the_same_in_both_languages():
    zh, en = analysis_inconsistent()
    assert "not held" in en and "不在手中" in zh
    assert "out of turn" in en and "次序" in zh


def test_derived_dealer_is_listed(tmp_path):
    checked = _check(tmp_path, DEALER_W)
    line = next(x.strip() for x in checked.splitlines() if "derived 推出  dealer S" in x)
    r = _run(tmp_path, DEALER_W)
    assert r.exit_code == 0, r.output
    assert line in r.output                 # check's own words
    assert "real result" in r.output
    r = _run(tmp_path, DEALER_W, "--json")
    (h,) = json.loads(r.output)["hands"]
    dealer = [d for d in h["derived"] if d["fact"] == "dealer"]
    assert [d["value"] for d in dealer] == ["S"]
    assert dealer[0]["message_en"] in line and dealer[0]["message_zh"] in line and dealer[0]["from"]


def test_derived_bury_is_listed_and_nothing_derived_is_an_empty_list(tmp_path):
    nobury = "".join(x for x in BASE.splitlines(keepends=True) if not x.startswith("Buried:"))
    r = _run(tmp_path, nobury, "--json")
    (h,) = json.loads(r.output)["hands"]
    assert "buried" in {d["fact"] for d in h["derived"]} and h["reason"] is None
    stated = BASE.replace('[Rule:decide_by_levels "on"]', '[Rule:decide_by_levels "on"]\n[Levels "NS:2 EW:2"]')
    r = _run(tmp_path, stated, "--json")
    (h,) = json.loads(r.output)["hands"]
    assert h["derived"] == [] and h["reason"] is None
    r = _run(tmp_path, stated)
    assert "derived 推出" not in r.output

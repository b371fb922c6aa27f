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

from pathlib import Path

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.explain_analysis import analysis_inconsistent

BASE = (Path(__file__).parent / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")
"""``tractor simulate -n 1 --seed 3``'s first hand (tests/data/seed3)."""


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
    assert "E's play in trick 14 derived: ♣J" in r.output
    assert "第 14 轮东家的出牌由记录推出：♣J" in r.output
    # the derived fact itself, as check words it
    assert "E played ♣J in trick 14" in r.output and "第 14 轮东家出 ♣J" in r.output


def test_derived_play_in_json(tmp_path):
    r = _run(tmp_path, SKIP14, "--json")
    assert r.exit_code == 0, r.output
    (h,) = json.loads(r.output)["hands"]
    assert h["reason"] is None and h["tricks"] == 3 and len(h["plays"]) == 12
    (play,) = [p for p in h["plays"] if p["derived"]]
    assert (play["trick"], play["seat"], play["cards"]) == (14, "E", ["CJ"])
    assert play["derived"] == "E's play in trick 14 derived: ♣J / 第 14 轮东家的出牌由记录推出：♣J"
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

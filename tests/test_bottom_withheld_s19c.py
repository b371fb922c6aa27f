"""Readings that differ in the bottom alone withhold ``bottom``, not the attackers' points (round 19, task C, item 5).

The spring-cup sample's hand 4 with its ``Buried:`` line miscopied (``… C4 C5``; E plays ♣5 in trick 14, never ♣3)
is judged two ways (engine/bury_readings.py): the line miscopied, or the play.  The attackers' points from the tricks
are the same in both (80); only the bottom differs (100 or 110 in all).  The unknown said "withheld: … the attackers'
points (and the bottom)" (``points``) and the ruling page "not ruled on: the attackers' points (and the bottom)" —
a referee reads that the 80 is in doubt.  It now withholds ``bottom`` (docs/format.md's unknown tags): "the
bottom's points (and so the attackers' total) / 底分（因而闲家总分）".  What rests on the total reads either tag: the
JSON's bottom multiplier and bonus stay null, the total withheld, no claim check.
"""
from __future__ import annotations

import dataclasses
import html
import json

from cli_runs import run_in
from test_s10_bury import BURIED, SAMPLE, _hand4, _readings
from tractor_analysis.engine.verdicts import WITHHELD

MISCOPIED = SAMPLE.replace(BURIED, BURIED[:-2] + "C5")


def test_the_readings_withhold_the_bottom_alone():
    h = _hand4(MISCOPIED)
    (u,) = _readings(h)
    assert "bottom" in u.withheld and "points" not in u.withheld          # before: "points"
    assert h.attackers_points == 80 and h.bottom_points is None and h.attackers_total is None
    zh, en = WITHHELD["bottom"]
    assert en in u.message_en and zh in u.message_zh
    assert WITHHELD["points"][1] not in u.message_en and WITHHELD["points"][0] not in u.message_zh


def test_check_json_names_the_tag_and_still_withholds_what_rests_on_the_bottom(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(MISCOPIED, "utf-8")
    doc = json.loads(run_in("check", "--json", path).stdout)
    hand = doc["files"][0]["hands"][3]
    assert [u["withheld"] for u in hand["unknown"] if u["tag"] == "Buried"] == [
        ["trick_winner", "trick_points", "bottom", "legality"]]
    assert (hand["attackers_points"], hand["bottom_points"], hand["bottom_multiplier"], hand["bottom_bonus"],
            hand["attackers_total"]) == (80, None, None, None, None)
    assert not [v for v in hand["violations"] if v["code"] == "claim_mismatch"]


def test_the_ruling_page_says_the_bottom_is_not_ruled_on(tmp_path):
    path, out = tmp_path / "r.tgn", tmp_path / "ruling.html"
    # (a call that does not overcall, N's ♥5 after E's ♦5: a violation to rule on — the bad_bury itself is the
    # record's finding since s19, no page)
    path.write_text(MISCOPIED.replace('[Declarations "E: D5"]', '[Declarations "E: D5 | N: H5"]'), "utf-8")
    assert run_in("ruling", path, "-o", out).returncode == 0
    page = html.unescape(out.read_text("utf-8"))
    assert "not ruled on: the bottom's points (and so the attackers' total) — it rests on [Buried]" in page
    assert "不予裁定：底分（因而闲家总分）" in page and "not ruled on: the attackers' points" not in page


def test_control_readings_that_differ_in_the_attackers_points_still_withhold_points():
    from tractor_analysis.engine.agreement import agree
    h = _hand4(SAMPLE)
    other = dataclasses.replace(h, attackers_points=h.attackers_points + 5, attackers_total=h.attackers_total + 5)
    _, what = agree([h, other], [], lambda v: ("", ""))
    assert "points" in what and "bottom" not in what
    bottom = dataclasses.replace(h, bottom_points=h.bottom_points + 5, attackers_total=h.attackers_total + 10)
    _, what = agree([h, bottom], [], lambda v: ("", ""))
    assert "bottom" in what and "points" not in what

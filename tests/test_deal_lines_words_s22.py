"""A referee tester's findings on deal lines left out and on words (session 22; records in tests/data/referee_s22/).

* A full hand giving deal lines for N and E only, S and W each playing a whole hand (``v3c_two_clean.tgn``): each
  held exactly the cards it played, so no other reading is left — yet the hand stayed "legality not fully judged"
  (exit 3, ``"legal": null``).  Now each such seat's hand is derived from its plays, said (``derived`` ``deal``),
  and the hand is judged in full (docs/rules.md §14.1, the deal).  The ruling page marks such a seat's "hand
  before the trick" as derived from its plays.
* A position giving only N's and W's lines, both still holding cards after its last trick (``v15_pos2.tgn``): the
  hand was certainly not played out, but the verdict said "whether the hand was played out is not known" and
  withheld the outcome.  Now: not played out, no outcome, as the position with every line says.
* Words: "no seat is faulted for not playing in it" (``it`` read as the trick the record goes on to) names the
  tricks; a ruling page's "N–S −0" is left out; "100 at most" said of the total reads "100 in all at most".

Each test but the guards (marked) fails on the code before this change.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.ruling import render_rulings, ruling_pages

DATA = Path(__file__).parent / "data" / "referee_s22"
MARK = "推出 derived：由其在本局打出的牌推出 from the cards it plays in the hand"


def _check(name: str, *args: str) -> dict:
    out = CliRunner().invoke(main, ["check", str(DATA / name), "--json", *args], catch_exceptions=False)
    return json.loads(out.output)["files"][0]["hands"][0]


def _replay(text: str):
    (match,), _ = parse_tgn(text)
    return match, replay_match(match)


def test_seats_without_a_line_that_played_whole_hands_are_derived_and_the_hand_judged_in_full():
    h = _check("v3c_two_clean.tgn")
    assert h["legal"] is True and "unknown" not in h                  # before: null, an unknown deal item
    derived = {d["value"].split(":")[0]: d for d in h["derived"] if d["fact"] == "deal"}
    assert sorted(derived) == ["S", "W"]
    assert all(d["from"] == "the seat's plays (a whole hand)" for d in derived.values())
    assert len(derived["S"]["value"].split()) == 26                   # "S:" and its 25 cards
    assert "W has no deal line but played a whole hand (25 cards): what it held after the bury" \
        in derived["W"]["message_en"] and "西家没有发牌行" in derived["W"]["message_zh"]
    out = CliRunner().invoke(main, ["check", str(DATA / "v3c_two_clean.tgn")], catch_exceptions=False)
    assert out.exit_code == 0 and "legal 合规 ✓" in out.output


def test_faults_of_seats_read_from_whole_hands_stand_and_the_hand_is_judged_in_full():
    h = _check("v3b_two.tgn")
    assert [(v["trick"], v["seat"]) for v in h["violations"]] == [(3, "E"), (4, "W"), (5, "E"), (8, "W")]
    assert h["legal"] is False and "unknown" not in h


def test_copies_beyond_the_decks_leave_the_seats_read_from_their_plays_unknown():
    # guard (the same before): S plays a third ♠Q (N's line gives one, W buried one): the record is wrong somewhere,
    # so S's plays are not taken as what it held
    text = (DATA / "v3c_two_clean.tgn").read_text(encoding="utf-8").replace(
        "8. S: S3, W: DQ, N: S4, E: SK", "8. S: SQ, W: DQ, N: S4, E: SK", 1)
    _, r = _replay(text)
    h = r.hands[0]
    assert h.legal is None and not [d for d in h.derived if d.fact == "deal"]
    # (session 24: the third ♠Q is the Buried: line's with two played — the record's bad_bury, and the copies read
    # each way, what rests on them withheld: tests/test_bury_beyond_decks_s24.py)
    assert [u.withheld for u in h.unknowns if u.tag == "deal"][0] == ("legality",)
    assert [(v.code, v.seat) for v in h.violations if v.of_record] == [("bad_bury", None)]


def test_the_ruling_page_marks_a_hand_before_the_trick_derived_from_the_plays():
    match, r = _replay((DATA / "v3b_two.tgn").read_text(encoding="utf-8"))
    pages = ruling_pages([(match, r)])
    assert len(pages) == 4
    html = render_rulings(pages)
    assert html.count(MARK) == 2 * 4                 # S's and W's cells on each page, never N's or E's (lines given)
    for page in pages:
        assert page.trick.held_from_plays == (False, False, True, True)
    # guard: every line given, nothing is marked
    full, rf = _replay((Path(__file__).parent.parent / "sample_logs" / "disputed-trick.tgn").read_text(
        encoding="utf-8"))
    assert MARK not in render_rulings(ruling_pages([(full, rf)]))


def test_a_position_whose_lined_seats_still_hold_cards_was_not_played_out():
    h = _check("v15_pos2.tgn")
    assert h["outcome"] is None and h["complete"] is False and h["legal"] is False
    [u] = h["unknown"]
    assert u["tag"] == "deal" and u["withheld"] == ["legality"]        # before: outcome, levels withheld too
    assert "not played out: no outcome" in u["message_en"] and "本局未打完，不计结果" in u["message_zh"]
    assert "whether the hand was played out is not known" not in u["message_en"]
    out = CliRunner().invoke(main, ["check", str(DATA / "v15_pos2.tgn")], catch_exceptions=False)
    assert "incomplete position, no outcome / 残局未打完，不计升级" in out.output


def test_a_position_whose_lined_seats_are_played_out_leaves_the_end_open():
    # guard (the same before): one card each, N's and W's lines played out — E and S may still hold cards
    text = (DATA / "v15_pos2.tgn").read_text(encoding="utf-8")
    text = text.replace("N: H9 H9 H3 SA D6 C4", "N: H9 H3").replace("W: HQ HQ HK D5 D5 C8", "W: HQ HQ")
    _, r = _replay(text)
    h = r.hands[0]
    [u] = [u for u in h.unknowns if u.tag == "deal"]
    assert set(u.withheld) == {"legality", "outcome", "levels"} and "is not known" in u.message_en


def test_the_tricks_no_seat_is_faulted_for_are_named():
    h = _check("v1_partial.tgn")
    [u] = [u for u in h["unknown"] if u["tag"] == "play"]
    assert "no seat is faulted for not playing in tricks 6 to 12;" in u["message_en"]
    assert "the winner and points of trick 6" in u["message_en"] and "not playing in it" not in u["message_en"]
    assert "不判任何一家在第 6 至 12 轮未出牌" in u["message_zh"] and "在该轮未出牌" not in u["message_zh"]


def test_a_ruling_page_names_no_zero_level_penalty():
    (match,), _ = parse_tgn((DATA / "fault.tgn").read_text(encoding="utf-8"))
    r = replay_match(match, PRESETS["tournament"])
    assert r.hands[0].revoke_levels == (0, 2)
    html = render_rulings(ruling_pages([(match, r)]))
    assert "本局另有跟牌错误罚级：东西 −2" in html and "wrong follows in this hand cost E–W −2 level(s)" in html
    assert "−0" not in html                                        # before: "南北 −0，东西 −2" / "N–S −0, E–W −2"


def test_the_most_a_stopped_record_could_reach_is_said_as_the_total():
    h = _check("v14d.tgn")
    [v] = [v for v in h["violations"] if v["code"] == "claim_mismatch"]
    assert "they have 55 and could add at most" in v["message_en"] and ": 100 in all at most:" in v["message_en"]
    assert "共计最多 100 分" in v["message_zh"]

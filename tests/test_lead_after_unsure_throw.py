"""The lead after a throw whose verdict rests on a seat read from its plays (docs/rules.md §4.1, §4.4, §14.1).

A tournament position without E's deal line: W throws ♥A ♥K ♥3.  If E holds no heart above ♥3 the throw
stands and W, its winner, leads the next trick; if E holds ♥4 (and followed with diamonds) the throw failed, W
owed ♥3 alone, E owed its ♥4 and won that trick, and E leads the next in turn.  :mod:`.unsure_throws` withholds
the throw's verdict; the lead after it was still judged against the trick as written — E "out of turn" in trick
24 (shown as played), or W "out of turn" after ``-> ♥3`` that S won with a trump, though the throw may have stood.
Now the lead is judged under each reading of E's cards (:mod:`.lead_after_throw`), only what all give kept: the
turn is open (``order`` unknown, withheld ``turn``).  The same position with E's line given each way shows the
two verdicts the position without it cannot choose between.

Each test marked "fails before" fails on the parent commit (an ``out_of_turn`` stated, no ``order`` item); the
controls pass on both.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

HEAD = """[Event "Club night"]
[Ruleset "{rules}"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
"""
"""N deals (N–S defend), spades trump at 7, 40 points taken before trick 23; W (an attacker) leads."""

SHOWN = ("23. W: HA HK H3, N: H2 D6 D2, E: {e} D4 D5, S: C3 D8 D9", "24. E: D7, S: C5, W: C6, N: C4")
"""The throw shown as played (no ``->``), E leading trick 24."""
ARROW = ("23. W: HA HK H3 -> H3, N: H2, E: D3, S: S4", "24. W: HA, N: D6, E: D4, S: D8")
"""The throw written failed, ``-> ♥3``, S trumping it; W, the thrower, leading trick 24."""


def position(lines, plays, rules: str = "tournament") -> str:
    return HEAD.format(rules=rules) + "\n".join([*lines, *plays]) + "\n"


def replay(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def check_json(tmp_path, text: str) -> dict:
    path = tmp_path / "p.tgn"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False)
    return json.loads(out.output)["files"][0]["hands"][0]


def late(h) -> list[tuple[int, int]]:
    return [(v.trick, v.seat) for v in h.violations if v.code == "out_of_turn"]


def turn_items(h):
    return [u for u in h.unknowns if u.tag == "order" and u.withheld == ("turn",)]


# --- the two readings, each with E's line given -------------------------------------------------------------

def test_e_line_given_each_way_gives_two_verdicts():
    """Control (the reasoning above): E holding no heart, the throw stands and E leads out of turn; E holding
    ♥4, the throw failed (shown as played), E wins the rules' trick and leads in turn."""
    void = replay(position(["N: H2 D6 D2 C4", "E: D3 D4 D5 D7", "S: C3 D8 D9 C5", "W: HA HK H3 C6"],
                           (SHOWN[0].format(e="D3"), SHOWN[1])))
    assert late(void) == [(24, 1)] and not turn_items(void)
    heart = replay(position(["N: H2 D6 D2 C4", "E: H4 D4 D5 D7", "S: C3 D8 D9 C5", "W: HA HK H3 C6"],
                            (SHOWN[0].format(e="H4"), SHOWN[1])))
    assert "throw_failed" in [v.code for v in heart.violations]
    assert late(heart) == [] and not turn_items(heart)


# --- E read from its plays: the turn is open --------------------------------------------------------------

def test_a_lead_after_a_throw_e_may_have_beaten_is_not_ruled_out_of_turn(tmp_path):
    """Fails before: E "out of turn" in trick 24 (W won trick 23 as written), though E may have held ♥4."""
    text = position(["N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6"], (SHOWN[0].format(e="D3"), SHOWN[1]))
    h = replay(text)
    assert late(h) == []
    [u] = turn_items(h)
    assert "E leads trick 24" in u.message_en and "trick 23 was won by W" in u.message_en
    assert "rests on the cards of E" in u.message_en and "not known and not ruled" in u.message_en
    assert "第 24 轮由东家首出" in u.message_zh and "第 23 轮的甩牌判定依赖东家的牌" in u.message_zh
    assert "不予裁定" in u.message_zh
    assert not h.legality_known
    doc = check_json(tmp_path, text)
    assert not [v for v in doc["violations"] if v["code"] == "out_of_turn"]
    [d] = [x for x in doc["unknown"] if x["tag"] == "order"]
    assert d["withheld"] == ["turn"] and " / " in d["message"]


def test_a_lead_after_a_throw_written_failed_that_may_have_stood_is_not_ruled_out_of_turn(tmp_path):
    """Fails before: W "out of turn" in trick 24 (S trumped the forced ♥3 as written), though with E holding no
    heart above ♥3 the throw would have stood (its ``wrong_forced_play`` is withheld) and W may have won it."""
    text = position(["N: H2 D6 D2 C4", "S: S4 D8 D9 C5", "W: HA HK H3 C6"], ARROW)
    h = replay(text)
    assert late(h) == [] and not [v for v in h.violations if v.code == "wrong_forced_play"]
    [u] = turn_items(h)
    assert "W leads trick 24" in u.message_en and "trick 23 was won by S" in u.message_en
    assert "rests on the cards of E" in u.message_en
    assert "第 24 轮由西家首出" in u.message_zh and "由南家赢得" in u.message_zh
    doc = check_json(tmp_path, text)
    assert not [v for v in doc["violations"] if v["code"] == "out_of_turn"]
    assert [x["withheld"] for x in doc["unknown"] if x["tag"] == "order"] == [["turn"]]


def test_a_full_hand_without_e_line_leaves_the_lead_after_the_throw_open():
    """Fails before (E "out of turn" in trick 2): a full hand whose record ends before E played a whole hand, W
    dealing and throwing ♥A ♥K ♥3 in trick 1 (every heart above ♥3 but W's is placed nowhere), E leading trick 2."""
    text = FULL + "2. E: D3, S: D8, W: SA, N: D2\n"
    h = replay(text)
    assert (2, 1) not in late(h)
    [u] = turn_items(h)
    assert "E leads trick 2" in u.message_en and "trick 1 was won by W" in u.message_en


FULL = """[Event "Club night"]
[Ruleset "tournament"]
[Levels "NS:2 EW:7"]

[Hand "2"]
[Dealer "W"]
[Trump "S"]
[Level "7"]
N: H2 H2 D6 D2 S3 S3 S2 S2 CA CA CK CK CQ CQ CJ CJ C10 C10 C9 C9 C8 C8 C7 C7 C6
S: H3 C3 D8 D9 C6 C5 C5 C4 C4 C3 C2 C2 D2 D5 D6 D7 D7 D8 D9 D10 D10 DJ DJ DQ DQ
W: HA HK H3 SA SA SK SK SQ SQ SJ SJ S10 S10 S9 S9 S8 S8 S7 S7 S6 S6 S5 S5 S4 S4
Bottom: DK DK DA DA LJ LJ BJ BJ
Buried: DK DK DA DA LJ LJ BJ BJ
1. W: HA HK H3, N: H2 H2 D6, E: D3 D4 D5, S: H3 C3 D8
"""


# --- controls: every reading agrees, the verdict stays stated ---------------------------------------------

def test_every_reading_keeping_the_trick_as_written_keeps_the_out_of_turn():
    """Control: under Botzone's rules (``lowest_card``, ``failing_units``) N's ♥4 beats the ♥3 whatever E holds,
    so the forced ♥3 is the rule's either way; only the count of beaten cards rests on E (a second ♥A beats the
    ♥K).  Both readings keep the trick as written, S won it with a trump: W's lead of trick 24 is out of turn."""
    h = replay(position(["N: H4 D6 C4", "S: S4 D8 C5", "W: HA HK H3 C6"],
                        ("23. W: HA HK H3 -> H3, N: H4, E: D3, S: S4", "24. W: HA, N: D6, E: D4, S: D8"), "botzone"))
    assert h.tricks[0].cards_not_thrown is None             # the verdict's count withheld: trick 23 is unsure
    assert late(h) == [(24, 3)] and not turn_items(h)


def test_a_throw_no_card_placed_nowhere_can_beat_keeps_the_out_of_turn():
    """Control: ♥A ♥A ♥K — both ♥A are W's, so nothing E may hold beats a unit of it: the throw stood, W won
    trick 23, and E's lead of trick 24 is out of turn."""
    h = replay(position(["N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HA HK C6"],
                        ("23. W: HA HA HK, N: H2 D6 D2, E: D3 D4 D5, S: C3 D8 D9", SHOWN[1])))
    assert late(h) == [(24, 1)] and not turn_items(h)


def test_the_thrower_leading_after_its_unsure_throw_shown_as_stood_is_not_touched():
    """Control: W, trick 23's winner as written, leads trick 24: no ``out_of_turn`` as written, nothing to
    withhold (:mod:`.lead_after_throw` only judges a lead written out of turn)."""
    h = replay(position(["N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6"],
                        (SHOWN[0].format(e="D3"), "24. W: C6, N: C4, E: D7, S: C5")))
    assert late(h) == [] and not turn_items(h)

"""A throw that stood, judged against a seat whose cards the record does not give (docs/rules.md §4.4,
§4.6, §14.1).

The referee's probe (p12): a tournament position without E's deal line; W throws ♥A ♥K ♥3 and E
follows ♦3 ♦4 ♦5.  The throw was judged to stand and charged nothing: ``penalties`` 0, the attackers'
points 40 + 15 = 55.  But that rests on E holding no heart above ♥3, and the record does not prove it:
a follow off the led suit group proves no void — a seat that held a heart and followed with diamonds
made a wrong follow, and its heart beat the throw all the same (§4.4: the check is against the hands
held when the trick starts, not against the follows).  The same position with E's line given, holding
♥4 and discarding, shows the engine rules exactly that: ``throw_failed`` and ``follow_suit``, −20.
So the count of cards not thrown (0 or 2) is not known; the penalty and the attackers' points are
withheld, and the ``deal`` item names the trick and ``throw_check``.

Before the fix only a throw *recorded* as failed, or already judged failed, was judged again with the
seat holding every card the record places nowhere (:mod:`tractor_analysis.engine.unsure_throws`); a
throw judged to stand was not.  Each test marked so fails on the code before the fix (checked by
switching the fix off in unsure_throws.py); the controls pass on both.
"""
from __future__ import annotations

import json
import random

from click.testing import CliRunner
from hypothesis import example, given, settings, strategies as st

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

LINES = ["N: H2 D6 D2", "S: C3 D8 D9", "W: HA HK H3"]
TRICK = "23. W: HA HK H3, N: H2 D6 D2, E: D3 D4 D5, S: C3 D8 D9"


def position(lines=LINES, plays=(TRICK,), rules: str = "tournament") -> str:
    return HEAD.format(rules=rules) + "\n".join([*lines, *plays]) + "\n"


def replay(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def deal_item(hand):
    [u] = [u for u in hand.unknowns if u.tag == "deal"]
    return u


def check_json(tmp_path, text: str) -> dict:
    path = tmp_path / "p.tgn"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False)
    return json.loads(out.output)["files"][0]["hands"][0]


# --- the probe's position -----------------------------------------------------------------------

def test_a_throw_an_unknown_seat_may_have_beaten_is_not_charged_0(tmp_path):
    """Fails before: penalties 0, attackers_total 55, and no ``throw_check`` in the ``deal`` item."""
    h = replay(position())
    assert [v.code for v in h.violations] == []          # not shown failed: E's plays prove nothing
    assert h.penalties is None and h.attackers_total is None and h.attackers_points is None
    assert not [i for i in h.items if i.kind == "throw_penalty"]
    u = deal_item(h)
    assert {"throw_check", "points", "outcome", "levels"} <= set(u.withheld)
    assert "trick 23: the verdict of the throw rests on E not holding some card" in u.message_en
    assert "第 23 轮的甩牌判定依赖东家没有某些牌" in u.message_zh
    doc = check_json(tmp_path, position())
    assert doc["penalties"] is None and doc["attackers_total"] is None
    [d] = [x for x in doc["unknown"] if x["tag"] == "deal"]
    assert "throw_check" in d["withheld"] and "points" in d["withheld"]


def test_a_follow_off_the_suit_proves_no_void_the_same_hand_known():
    """Control (the reasoning above): E's line given, holding ♥4 and following ♦3 ♦4 ♦5 (trick 24 shows
    the ♥4): the throw failed *and* E followed wrongly — −20, the −20 the position without E's line may
    hide.  With E holding only the diamonds it plays, the throw stands: 0."""
    lines = ["N: H2 D6 D2 C4", "E: H4 D3 D4 D5", "S: C3 D8 D9 C5", "W: HA HK H3 C6"]
    h = replay(position(lines, (TRICK, "24. W: C6, N: C4, E: H4, S: C5")))
    assert sorted(v.code for v in h.violations) == ["follow_suit", "throw_failed"]
    assert h.penalties == -20
    h = replay(position(["N: H2 D6 D2", "E: D3 D4 D5", "S: C3 D8 D9", "W: HA HK H3"]))
    assert h.violations == () and h.penalties == 0
    assert not [u for u in h.unknowns if "throw_check" in u.withheld]


def test_a_throw_no_card_placed_nowhere_can_beat_stands_and_is_charged_nothing():
    """Control: ♥A ♥A ♥K — both ♥A are W's, so no card E may hold beats a unit of it: 0, 55."""
    h = replay(position(["N: H2 D6 D2", "S: C3 D8 D9", "W: HA HA HK"],
                        ("23. W: HA HA HK, N: H2 D6 D2, E: D3 D4 D5, S: C3 D8 D9",)))
    assert h.penalties == 0 and h.attackers_total == 55
    assert "throw_check" not in deal_item(h).withheld


def test_a_throw_the_unknown_seats_later_play_proves_beaten_is_charged():
    """Control: E plays ♥4 in trick 24, so it held it in trick 23: the throw failed, every unit a single,
    so the forced play ♥3 and the −20 whatever else E held; the points stand (40 + 20 − 20)."""
    lines = ["N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6"]
    h = replay(position(lines, (TRICK, "24. W: C6, N: C4, E: H4, S: C5")))
    assert "throw_failed" in [v.code for v in h.violations]
    assert h.penalties == -20 and h.attackers_total == 40


def test_a_record_that_ends_before_the_unknown_seat_plays(tmp_path):
    """Fails before (penalties 0): E and S never play to the trick; E may hold anything not placed."""
    h = replay(position(plays=("23. W: HA HK H3, N: H2 D6 D2",)))
    assert h.penalties is None and h.attackers_total is None
    assert "throw_check" in deal_item(h).withheld


def test_without_a_throw_penalty_only_the_throw_check_is_withheld():
    """Fails before (no ``throw_check``): under ``standard`` nothing is charged for a failed throw, so
    the points stand (55); only the verdict that the throw stood is withheld."""
    h = replay(position(rules="standard"))
    assert h.penalties == 0 and h.attackers_total == 55
    u = deal_item(h)
    assert "throw_check" in u.withheld and "points" not in u.withheld


def test_failing_units_count_of_a_throw_that_may_have_failed_is_unknown():
    """Fails before (0): under botzone's ``failing_units`` the trick's count itself is the beaten cards."""
    h = replay(position(rules="botzone"))
    assert h.tricks[0].cards_not_thrown is None
    assert h.penalties is None and h.attackers_total is None


def test_a_mixed_lead_is_withheld_as_the_engine_charges_it_when_the_hands_are_known():
    """Fails before (45): a mixed lead ♥A ♠A ♥3 is checked as a throw too — with E's line holding ♥4 the
    engine charges −20 — so without E's line the penalty is not known either."""
    trick = "23. W: HA SA H3, N: H2 D6 D2, E: {e}, S: C3 D8 D9"
    known = replay(position(["N: H2 D6 D2", "E: H4 D4 D5", "S: C3 D8 D9", "W: HA SA H3"],
                            (trick.format(e="H4 D4 D5"),)))
    assert known.penalties == -20
    h = replay(position(["N: H2 D6 D2", "S: C3 D8 D9", "W: HA SA H3"], (trick.format(e="D3 D4 D5"),)))
    assert "mixed_lead" in [v.code for v in h.violations]
    assert h.penalties is None and h.attackers_total is None


# --- a full hand whose record ends before E played a whole hand --------------------------------

FULL = """[Event "Club night"]
[Ruleset "tournament"]
[Levels "NS:2 EW:7"]

[Hand "2"]
[Dealer "W"]
[Trump "S"]
[Level "7"]
N: H2 H2 D6 D2 S3 S3 S2 S2 CA CA CK CK CQ CQ CJ CJ C10 C10 C9 C9 C8 C8 C7 C7 C6
{east}S: H3 C3 D8 D9 C6 C5 C5 C4 C4 C3 C2 C2 D2 D5 D6 D7 D7 D8 D9 D10 D10 DJ DJ DQ DQ
W: HA HK H3 SA SA SK SK SQ SQ SJ SJ S10 S10 S9 S9 S8 S8 S7 S7 S6 S6 S5 S5 S4 S4
Bottom: DK DK DA DA LJ LJ BJ BJ
Buried: DK DK DA DA LJ LJ BJ BJ
1. W: HA HK H3, N: H2 H2 D6, E: D3 D4 D5, S: H3 C3 D8
"""
"""W deals (E–W defend) and throws ♥A ♥K ♥3; every heart above ♥3 but W's is E's, which discards."""
EAST = "E: HA HK HQ HQ HJ HJ H10 H10 H9 H9 H8 H8 H7 H7 H6 H6 H5 H5 H4 H4 D3 D3 D4 D4 D5\n"


def test_full_hand_seat_without_its_line_may_have_beaten_the_throw():
    """Fails before (penalties 0, attackers_total 0): with E's line the defender W's failed throw gives
    the attackers 20; without it, the record cut after trick 1, E is read from its plays."""
    known = replay(FULL.format(east=EAST))
    assert "throw_failed" in [v.code for v in known.violations] and known.penalties == 20
    h = replay(FULL.format(east=""))
    assert h.penalties is None and h.attackers_total is None
    u = deal_item(h)
    assert {"throw_check", "points"} <= set(u.withheld) and "trick 1" in u.message_en


# --- the invariant ------------------------------------------------------------------------------

_POOL = [s + r for s in "HD" for r in ("2", "3", "4", "5", "6", "8", "9", "10", "J", "Q", "K", "A")] * 2
"""Hearts and diamonds (no level card), two decks' copies."""


@st.composite
def positions(draw):
    """A one-trick position, every seat's line given: W leads several of its hearts, each other seat
    plays any cards of its own of that number (legal or not — a seat may keep a heart and discard: E
    keeps its highest heart half the time, the case a follow cannot show)."""
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    n = draw(st.integers(2, 5))
    cards = rnd.sample(_POOL, 4 * n)
    hands = {seat: cards[i * n:(i + 1) * n] for i, seat in enumerate("NESW")}
    hearts = [c for c in hands["W"] if c[0] == "H"]
    k = draw(st.integers(2, n))
    if len(hearts) < k:
        hearts = hearts + [c for c in hands["W"] if c[0] != "H"]     # a mixed lead, now and then
    lead = hearts[:k]
    plays = {"W": lead, **{s: rnd.sample(hands[s], k) for s in "NES"}}
    e_hearts = sorted((c for c in hands["E"] if c[0] == "H"), key=_POOL.index)
    if e_hearts and n > k and draw(st.booleans()):      # E keeps its highest heart and plays the rest
        rest = list(hands["E"])
        rest.remove(e_hearts[-1])
        plays["E"] = rnd.sample(rest, k)
    lines = [f"{s}: {' '.join(hands[s])}" for s in "NESW"]
    trick = "23. " + ", ".join(f"{s}: {' '.join(plays[s])}" for s in "WNES")
    return lines, trick


@settings(max_examples=200, deadline=None)
@given(positions())
@example((["N: H2 D6 D2 C4", "E: H4 D3 D4 D5", "S: C3 D8 D9 C5", "W: HA HK H3 C6"], TRICK))   # the probe's
def test_the_penalty_said_without_a_seats_line_is_the_one_its_line_gives(case):
    """Whatever E held, a penalty the engine states without E's line is the one E's real line gives; a
    throw shown failed without it is failed with it.  Fails before (the probe's case: E keeps a heart
    that beats the throw and discards, and the penalty without E's line was 0)."""
    lines, trick = case
    full = replay(position(lines, (trick,)))
    blind = replay(position([ln for ln in lines if not ln.startswith("E:")], (trick,)))
    if blind.penalties is not None:
        assert blind.penalties == full.penalties, (lines, trick)
    failed = [v.seat for v in blind.violations if v.code == "throw_failed"]
    assert set(failed) <= {v.seat for v in full.violations if v.code == "throw_failed"}

"""Take-backs given as ``?`` leave both sides' levels open together: a later ``[Level]`` learning one side's picks the
readings it fits, and the other side's level follows from them (docs/rules.md §10.2).

An analyst's tester: ``tractor simulate -n 2 --seed 11 --rules tournament`` with ``[Takebacks "?"]`` added to a hand
N–S won as defenders (N–S 3→4, E–W at 5): N–S took it back (N–S 3, E–W 5) or E–W did (N–S 4, E–W 4).  The next
hand's ``[Level "4"]`` (N–S deal) fits only the second reading, so E–W are at 4 — yet the one after it (E–W deal,
attackers having taken the deal) says ``[Level "5"]``.  Before, each side's level was carried as a range of its own:
4 learned for N–S from one tag, 5 for E–W from the other, each inside its own side's range, and ``check`` found
nothing though no reading gives that pair.  Now the readings' levels are carried as pairs: the tag no remaining
reading gives is the ``level_mismatch`` the same tag gets when the take-back's seat is written (E–W)."""
from __future__ import annotations

import json

import pytest

from event_helpers import invoke_cli
from tractor_analysis.engine.replay import PAIRED_READINGS, replay_match
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

HEAD = '[Event "Club"]\n[North "a"]\n[East "b"]\n[South "c"]\n[West "d"]\n[Ruleset "tournament"]\n'


def sheet(levels: str, hands) -> str:
    """Score-sheet hands (no play recorded) from ``[Levels "levels"]``: per hand ``(dealer, level, claim,
    takebacks)``, a level or take-backs of ``None`` not written."""
    text = HEAD + f'[Levels "{levels}"]\n'
    for i, (dealer, level, claim, takebacks) in enumerate(hands, 1):
        text += (f'\n[Hand "{i}"]\n' + (f'[Takebacks "{takebacks}"]\n' if takebacks else '')
                 + f'[Dealer "{dealer}"]\n[Trump "S"]\n' + (f'[Level "{level}"]\n' if level else '')
                 + f'[ResultOnly "yes"]\n[Claim "{claim}"]\n')
    return text


def tb10(second: str, third: str, takebacks: str = "?") -> str:
    """Hand 1: N deals at 3, N–S defend (55: up one), a take-back ``takebacks``; hand 2: S deals at ``second``, E–W
    take the deal (115); hand 3: W deals at ``third`` (50)."""
    return sheet("NS:3 EW:5", [("N", "3", 55, takebacks), ("S", second, 115, None), ("W", third, 50, None)])


def _replay(text: str):
    (m,), problems = parse_tgn(text)
    assert not problems
    return replay_match(m)


def _mismatches(result) -> list[int]:
    return [h.number for h in result.hands for v in h.violations if v.code == "level_mismatch"]


def test_the_hand_with_the_question_mark_carries_the_levels_each_reading_gives_both_sides():
    h1 = _replay(tb10("4", "4")).hands[0]
    assert h1.player_levels_after == (None,) * 4
    assert h1.levels_after_pairs == ((3, 5), (4, 4))   # N–S took it back; E–W did


def test_a_later_tag_no_remaining_reading_gives_is_a_level_mismatch():
    r = _replay(tb10("4", "5"))
    assert _mismatches(r) == [3]                        # as where the record writes the take-back as E–W's
    assert _mismatches(_replay(tb10("4", "5", takebacks="E"))) == [3]
    (v,) = [v for v in r.hands[2].violations if v.code == "level_mismatch"]
    assert "EW carry level 4" in v.message_en
    # hand 2: N–S's 4 learned, E–W's 4 derived from it (every reading with N–S at 4 has E–W at 4), said so
    h2 = r.hands[1]
    assert h2.player_levels_before == (4, 4, 4, 4) and not h2.violations
    (d,) = [d for d in h2.derived if d.source == PAIRED_READINGS]
    assert d.fact == "levels" and d.value == "EW 4"
    assert "hand 1" in d.message_en and "E–W at 4" in d.message_en and "第 1 局" in d.message_zh


def test_the_other_reading_picked_makes_the_other_tag_the_mismatch():
    r = _replay(tb10("3", "4"))                         # hand 2 says N–S at 3: N–S took it back, E–W stay at 5
    assert _mismatches(r) == [3]
    assert r.hands[1].player_levels_before == (3, 5, 3, 5)


@pytest.mark.parametrize("second, third, before", [("4", "4", (4, 4, 4, 4)), ("3", "5", (3, 5, 3, 5))])
def test_tags_that_agree_with_one_reading_are_learned_with_no_finding(second, third, before):
    r = _replay(tb10(second, third))
    assert _mismatches(r) == [] and not any(h.violations for h in r.hands)
    assert r.hands[1].player_levels_before == before
    assert r.hands[2].player_levels_before == before
    assert [d.value for d in r.hands[1].derived if d.source == PAIRED_READINGS] == [f"EW {before[1]}"]


def floor(third: str) -> str:
    """Hand 1: N deals at 2 (E–W at 4), N–S defend (55: up to 3), two take-backs ``?``: the readings give (N–S, E–W)
    (3, 2), (2, 3) or (2, 4); hand 2: S deals at 2 — a level two readings give (N–S at the floor: E–W at 3 or 4) —,
    E–W take the deal (115); hand 3: W deals at ``third``."""
    return sheet("NS:2 EW:4", [("N", "2", 55, "? ?"), ("S", "2", 115, None), ("W", third, 50, None)])


@pytest.mark.parametrize("third", ["3", "4"])
def test_a_tag_two_readings_give_is_learned_and_leaves_the_other_side_open_between_them(third):
    r = _replay(floor(third))
    assert r.hands[0].levels_after_pairs == ((2, 3), (2, 4), (3, 2))
    h2 = r.hands[1]
    assert not h2.violations and h2.player_levels_before[0] == 2 and h2.player_levels_before[1] is None
    assert not [d for d in h2.derived if d.source == PAIRED_READINGS]      # E–W's level not derived: 3 or 4
    assert h2.levels_after_span[1] == (3, 4)
    assert _mismatches(r) == [] and r.hands[2].player_levels_before == (2, int(third)) * 2


def test_a_later_tag_outside_the_readings_the_first_tag_leaves_is_a_level_mismatch():
    # E–W at 2 is a reading of hand 1 (N–S took neither back), but not one with N–S at 2 as hand 2 says
    r = _replay(floor("2"))
    assert _mismatches(r) == [3]


def test_check_json_gives_the_finding_and_the_derived_level(tmp_path):
    path = tmp_path / "tb10.tgn"
    path.write_text(tb10("4", "5"), encoding="utf-8")
    out = invoke_cli("check", str(path)).output
    assert "Traceback" not in out and "level_mismatch" in out
    doc = json.loads(invoke_cli("check", "--json", str(path)).output)
    hands = doc["files"][0]["hands"]
    assert [h["levels_before"] for h in hands[1:]] == [{"NS": "4", "EW": "4"}] * 2
    assert [v["code"] for v in hands[2]["violations"]] == ["level_mismatch"]
    assert [d["value"] for d in hands[1]["derived"] if d["from"] == PAIRED_READINGS] == ["EW 4"]

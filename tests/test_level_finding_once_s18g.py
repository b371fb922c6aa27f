"""A ``[Level]`` wrong under both possible dealers is one ``level_mismatch`` (docs/rules.md §14.1).

The round's hand 2 with ``[Dealer "N"]`` (the hand before makes W the dealer: a ``dealer_mismatch``) and
``[Level "5"]``: N–S carry 2, E–W carry 3 — the tag fits neither side.  Before s18 the hand had two
``level_mismatch`` findings, "[Level] is 5 but NS carry level 2" (at the recorded dealer) and "… but EW carry
level 3" (at the dealer the record's other hands name), one fact said twice; a score sheet's hand said only the
first.  Now one finding says what the tag gives and what the match's levels give, in both languages."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)

R1T1 = (Path(__file__).resolve().parent / "data" / "event" / "r1t1.tgn").read_text(encoding="utf-8")
TWO_HANDS = R1T1.split('[Hand "3"]')[0]
ONE_FINDING_EN = "[Level] is 5 but N–S carry 2 and E–W 3 from the earlier hands: wrong whether N or W deals"
ONE_FINDING_ZH = "记录的级牌是 5，但按前面各局南北打 2、东西打 3：无论北家还是西家坐庄都不符"


def _second(dealer: str, level: str) -> str:
    """Hands 1 and 2 of the round, hand 2 with ``[Dealer]`` and ``[Level]`` as given (W and 3 in the record)."""
    text, n = re.subn(r'\[Hand "2"\]\n\[Dealer "W"\]\n\[Trump "S"\]\n\[Level "3"\]',
                      f'[Hand "2"]\\n[Dealer "{dealer}"]\\n[Trump "S"]\\n[Level "{level}"]', TWO_HANDS)
    assert n == 1
    return text


def _sheet(dealer: str, level: str) -> str:
    """Hand 1 of the round, then hand 2 as a score sheet's."""
    return (TWO_HANDS.split('[Hand "2"]')[0] + f'[Hand "2"]\n[Dealer "{dealer}"]\n[Level "{level}"]\n[Trump "S"]\n'
            '[ResultOnly "yes"]\n[Claim "105"]\n')


def _hand2(text: str):
    (match,), diags = parse_tgn(text)
    assert not diags
    return replay_match(match).hands[1]


def _levels(h) -> list[tuple[str, str]]:
    return [(v.message_en, v.message_zh) for v in h.violations if v.code == "level_mismatch"]


def test_a_level_neither_side_plays_under_a_contradicted_dealer_is_one_finding():
    h = _hand2(_second("N", "5"))
    assert [v.code for v in h.violations] == ["dealer_mismatch", "level_mismatch"]
    assert _levels(h) == [(ONE_FINDING_EN, ONE_FINDING_ZH)]
    bilingual(f"{ONE_FINDING_EN} / {ONE_FINDING_ZH}")


def test_the_dealer_on_the_other_seat_of_that_side_too():
    h = _hand2(_second("S", "5"))
    assert _levels(h) == [(ONE_FINDING_EN.replace("N or W", "S or W"), ONE_FINDING_ZH.replace("北家还是", "南家还是"))]


def test_a_score_sheet_s_hand_names_both_sides_too():
    h = _hand2(_sheet("N", "5"))
    assert _levels(h) == [(ONE_FINDING_EN, ONE_FINDING_ZH)]


def test_check_json_has_one_level_mismatch_at_the_level_tag(tmp_path):
    path = tmp_path / "r.tgn"
    text = _second("N", "5")
    path.write_text(text, "utf-8")
    hand = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]["hands"][1]
    (found,) = [v for v in hand["violations"] if v["code"] == "level_mismatch"]
    assert found["message_en"] == ONE_FINDING_EN and found["message_zh"] == ONE_FINDING_ZH
    out = run_cli("check", str(path), code=1).stdout
    assert out.count("level_mismatch") == 1


@pytest.mark.parametrize("dealer, level, expected", [
    ("W", "5", ["[Level] is 5 but EW carry level 3 from the earlier hands"]),     # the dealer stands: one side
    ("N", "2", ["[Level] is 2 but EW carry level 3 from the earlier hands"]),     # N–S play 2: not neither side
    ("N", "3", []),                                                               # E–W play 3 under W: standing
])
def test_controls_a_level_one_side_plays_or_a_dealer_not_contradicted(dealer, level, expected):
    assert [en for en, _ in _levels(_hand2(_second(dealer, level)))] == expected

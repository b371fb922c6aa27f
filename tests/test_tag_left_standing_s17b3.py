"""A ``[Level]`` contradicted only under a ``[Dealer]`` the hand's cards set aside is no finding (docs/rules.md §13.1,
§14.1; a referee's tester, round 17).  The sample's hand 2 with ``[Dealer "N"]`` (or ``"S"``) for E: the dealer E is
derived and ``[Level "3"]`` is right under it (E–W carry 3), yet the hand also showed "✎ record level_mismatch:
[Level] is 3 but NS carry level 2 … the record is to be corrected" — a scorer fixing ``[Level]`` would break the
record.  Now only the tag set aside is a finding, as with ``[Dealer "W"]`` (E's own side); a ``[Level]`` the kept
judgement still finds contradicted stays one."""
from __future__ import annotations

import json

import pytest

from event_helpers import run_cli
from test_questioned_dealer import SAMPLE
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

E = 1


pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _second(dealer: str, level: str = "3") -> str:
    head, sep, rest = SAMPLE.partition('[Hand "2"]\n[Dealer "E"]\n[Trump "D"]\n[Level "3"]')
    assert sep
    return f'{head}[Hand "2"]\n[Dealer "{dealer}"]\n[Trump "D"]\n[Level "{level}"]{rest}'


def _hand2(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[1]


@pytest.mark.parametrize("dealer", ["N", "S", "W"])
def test_a_miscopied_dealer_is_the_only_finding_the_level_it_leaves_standing_is_none(dealer, tmp_path):
    h = _hand2(_second(dealer))
    assert h.dealer == E and h.level == 3
    assert [(v.code, v.of_record) for v in h.violations] == [("dealer_mismatch", True)]
    assert [d.fact for d in h.derived] == ["dealer"]        # the level is the record's own: nothing derived
    assert not h.unknowns and h.legal is True
    path = tmp_path / "r.tgn"
    path.write_text(_second(dealer), "utf-8")
    doc = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]["hands"][1]
    assert [(v["code"], v["about"]) for v in doc["violations"]] == [("dealer_mismatch", "record")]
    out = run_cli("check", str(path), code=1).stdout
    assert "level_mismatch" not in out and "1 record finding" in out


def test_a_level_wrong_under_the_dealer_derived_too_stays_a_finding():
    # [Dealer "N"] and [Level "4"]: under the derived dealer E, E–W carry 3 — [Level] is contradicted there too
    h = _hand2(_second("N", "4"))
    # (one finding, naming both sides' levels: s18 said it once, not once per dealer)
    assert [v.message_en for v in h.violations if v.code == "level_mismatch"] == [
        "[Level] is 4 but N–S carry 2 and E–W 3 from the earlier hands: wrong whether N or E deals"]
    assert [d.fact for d in h.derived] == ["dealer", "level"]

"""A failed throw written without ``->`` (a club scorer's tester, session 17).

``N: SJ S8, E: S10, S: H6, W: C6``: the engine proves the throw fails (E holds ♠10) and each follower written
plays one card, the forced play's count (docs/rules.md §4.5) — the record shows the throw failed and to what.
Before, the followers got ``wrong_count``, the leader ``not_in_hand`` for a card the throw returned, the points
and the claim disagreed.  Now the trick is read as ``SJ S8 -> S8`` (a derived ``failed_throw`` fact saying so),
as the same record written with the arrow is judged; followers of the whole throw's count keep today's reading;
equal units leaving the rule's choice open are not picked — compiled trick core and pure Python alike."""
from __future__ import annotations

from pathlib import Path

import pytest

from tractor_analysis.engine import tricks
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

from engine_helpers import position, replay_position

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE.split('[Hand "2"]')[0]
ARROW = "14. N: SJ S8 -> S8 {甩牌失败，按规则改出最小的被管住的牌型 / failed throw, forced to play the smallest beaten unit}"


@pytest.fixture(params=["compiled", "pure"])
def path(request, monkeypatch):
    if request.param == "pure":
        monkeypatch.setattr(tricks, "_CLEAN_TRICK", None)
        monkeypatch.setattr(tricks, "_JUDGE_TRICKS", None)
    return request.param


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _verdict(h):
    return (h.attackers_total, h.outcome, h.legal, sorted((v.code, v.trick, v.seat) for v in h.violations),
            [(t.winner, t.points, t.throw_failed, t.cards_not_thrown) for t in h.tricks])


def test_followers_of_the_forced_count_read_the_throw_as_failed(path):
    assert ARROW in HAND_1
    written = _hand(HAND_1)
    h = _hand(HAND_1.replace(ARROW, "14. N: SJ S8"))
    assert _verdict(h) == _verdict(written)
    assert h.attackers_total == 60 and h.legal is True and not h.violations
    (fact,) = [d for d in h.derived if d.fact == "failed_throw"]
    assert fact.value == "14: N SJ S8 -> S8"
    assert "followers' counts" in fact.source and "throw_forced = largest_shape" in fact.source
    assert "written without '->'" in fact.message_en and "记录未写“->”" in fact.message_zh
    lead = h.tricks[13].plays[0]
    assert lead.cards == written.tricks[13].plays[0].cards and lead.attempted is not None


def test_followers_of_the_whole_throw_keep_todays_judgement(path):
    # the followers play two cards each: the throw is judged as it stands written (throw_failed), nothing read
    text = HAND_1.replace(ARROW, "14. N: SJ S8").replace("E: S10, S: H6, W: C6", "E: S10 S5, S: H6 D9, W: C6 H2")
    h = _hand(text)
    assert not any(d.fact == "failed_throw" for d in h.derived)
    assert ("throw_failed", 14, 0) in {(v.code, v.trick, v.seat) for v in h.violations}
    assert not any(v.code == "wrong_count" and v.trick == 14 for v in h.violations)


# --- equal units: the rule leaves the forced play open -----------------------------------------------------
# Trump ♣ at level 2: ♠2 and ♥2 are equal trumps (docs/rules.md §2.5).  N throws ♠2 ♥2, E's black joker beats a
# single: the forced play is the lower single of ♠2 ♥2, ♠2 or ♥2 — the rule does not choose, the record does not say.

HANDS = {"N": "S2 H2 CA", "E": "BJ C3 C4", "S": "D3 D4 D5", "W": "H3 H4 H5"}


def _equal_units(second_n: str):
    return replay_position(position("N: S2 H2, E: BJ, S: D3, W: H3", level="2", trump="C", ruleset="standard",
                                    hands=HANDS, extra=f"2. E: C3, S: D4, W: H4, N: {second_n}"))


def test_equal_units_leave_the_forced_play_open_and_nothing_rests_on_it(path):
    h = _equal_units("CA")
    assert not h.violations
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert u.withheld == ()
    assert "the equal units ♠2, ♥2" in u.message_en and "♠2、♥2" in u.message_zh
    assert not any(d.fact == "failed_throw" for d in h.derived)


def test_equal_units_withhold_what_rests_on_the_choice(path):
    # N plays ♠2 in trick 2: not held if ♠2 was the forced play, held if ♥2 was — neither picked
    h = _equal_units("S2")
    assert not any(v.code in ("not_in_hand", "wrong_count") for v in h.violations)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert "legality" in u.withheld and h.legal is None

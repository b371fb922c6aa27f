"""The sample logs are a golden corpus: they parse clean, replay as recorded, and agree with each other."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from tractor_analysis.records.cards import N, W, parse_cards
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.sources import load_file

SAMPLES = Path(__file__).resolve().parent.parent / "sample_logs"
MATCH_TGN = SAMPLES / "spring-cup-r2t5.tgn"
MATCH_JSON = SAMPLES / "spring-cup-r2t5.json"
DISPUTED = SAMPLES / "disputed-trick.tgn"
GBK = SAMPLES / "gbk-club-night.tgn"
RECORDS = [MATCH_TGN, MATCH_JSON, DISPUTED, GBK]


def only_match(path: Path):
    source = load_file(path)
    assert source.diagnostics == ()
    assert len(source.matches) == 1
    return source.matches[0]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_sample_parses_clean(path):
    source = load_file(path)
    assert list(source.diagnostics) == []
    assert len(source.matches) == 1 and source.matches[0].hands


def test_the_sample_folder_holds_exactly_the_documented_records():
    records = sorted(p.name for p in SAMPLES.iterdir() if p.suffix in (".tgn", ".json", ".jsonl"))
    assert records == sorted(p.name for p in RECORDS)


def test_full_match_replays_with_zero_violations_and_every_claim_matches():
    result = replay_match(only_match(MATCH_TGN))
    assert len(result.hands) >= 4
    for hand in result.hands:
        assert hand.violations == (), (hand.number, [v.message for v in hand.violations])
        assert hand.complete and hand.outcome is not None
        assert hand.claim is not None and hand.claim_matches


def test_full_match_has_a_level_change_a_change_of_dealer_team_and_a_bottom_capture():
    result = replay_match(only_match(MATCH_TGN))
    assert any(h.levels_after != h.levels_before for h in result.hands)
    dealer_teams = [h.dealer & 1 for h in result.hands]
    assert len(set(dealer_teams)) == 2
    assert any(h.outcome.winner == "attackers" for h in result.hands[:-1])
    captures = [h for h in result.hands if h.bottom_multiplier]
    assert captures and any(h.bottom_points > 0 and h.bottom_bonus == h.bottom_points * h.bottom_multiplier
                            for h in captures)


def test_full_match_uses_every_optional_section():
    text = MATCH_TGN.read_text(encoding="utf-8")
    match = only_match(MATCH_TGN)
    assert all(name and any("\u4e00" <= ch <= "\u9fff" for ch in name) for name in match.players)
    assert match.levels == (2, 2) and match.ruleset == "standard"
    assert match.tags, "an unknown match tag is kept"
    assert any(h.tags for h in match.hands), "an unknown hand tag is kept"
    for hand in match.hands:
        assert hand.deal is not None and all(len(cards) == 25 for cards in hand.deal)
        assert hand.bottom is not None and len(hand.bottom) == 8
        assert hand.buried is not None and len(hand.buried) == 8
        assert hand.level is not None and hand.claim is not None
    assert any(h.declarations for h in match.hands)
    assert any(t.notes or any(p.notes for p in t.plays) for h in match.hands for t in h.tricks)
    assert any(p.attempted is not None for h in match.hands for t in h.tricks for p in t.plays)
    for section in ("[Declarations ", "[Level ", "[Claim ", "Bottom:", "Buried:", "\nN: ", "{"):
        assert section in text


def test_tgn_and_json_samples_are_the_same_match():
    assert only_match(MATCH_TGN) == only_match(MATCH_JSON)


def test_disputed_trick_reports_the_pair_north_did_not_follow():
    match = only_match(DISPUTED)
    hand = match.hands[0]
    assert hand.setup and hand.first_trick == 20 and hand.points == 65
    assert any("follow" in note or "跟" in note for t in hand.tricks for note in t.notes)
    result = replay_match(match)
    (violation,) = result.hands[0].violations
    assert violation.code == "follow_pair"
    assert violation.trick == 20 and violation.seat == N
    assert sorted(violation.better) == sorted(parse_cards("H9 H9"))
    assert sorted(violation.played) == sorted(parse_cards("H9 H3"))
    (trick,) = result.hands[0].tricks
    assert trick.winner == W and trick.points == 15
    assert result.hands[0].attackers_total == 80          # 65 before the position + 15
    assert result.hands[0].outcome is None                 # the hands are not emptied


def test_gbk_sample_is_gbk_bytes_and_reads_as_the_same_text():
    raw = GBK.read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    match = only_match(GBK)
    assert match.players == ("赵磊", "黄敏", "孙丽", "吴昊")
    assert match.event == "周五俱乐部之夜"
    assert "周五俱乐部之夜" in raw.decode("gbk")
    result = replay_match(match)
    assert all(h.legal and h.claim_matches for h in result.hands)


def test_compose_script_rewrites_the_samples_byte_for_byte(tmp_path):
    spec = importlib.util.spec_from_file_location("compose", SAMPLES / "compose.py")
    compose = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(compose)
    assert compose.main(str(tmp_path)) == 0
    for path in RECORDS:
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name
    assert sorted(os.listdir(tmp_path)) == sorted(p.name for p in RECORDS)

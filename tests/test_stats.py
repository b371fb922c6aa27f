"""Statistics: exact figures on a hand-made dataset, invariants on a simulated one, the CLI output."""
from __future__ import annotations

import dataclasses
import io
import json
from types import SimpleNamespace

import pandas as pd
import pytest
from click.testing import CliRunner

from tractor_analysis.dataset import stats
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate, write_matches


def hand(mid, no, dealer, total, outcome, up_team, gained, captured=False, mult=0, bonus=0,
         tricks=2, failed=0, violations=0, ruleset="standard"):
    defenders = "NS" if dealer in "NS" else "EW"
    attackers = "EW" if defenders == "NS" else "NS"
    return dict(match_id=mid, hand_no=no, dealer=dealer, defenders=defenders, attackers=attackers,
                ruleset=ruleset, decks=2, outcome=outcome, up_team=up_team, levels_gained=gained,
                attackers_total=total, bottom_captured=captured, bottom_multiplier=mult,
                bottom_bonus=bonus, tricks=tricks, failed_throws=failed, violations=violations,
                next_dealer=None, trump="S", level=2, complete=True,
                # the Cup decides a match cut short by the levels (seed 001, rule 十一)
                rules='{"decide_by_levels": "on"}')


@pytest.fixture
def tiny():
    """Two matches.  m1: Ann/Bob (N-S) v Cid/Dan (E-W); m2: the same four, Ann/Bob now E-W."""
    matches = pd.DataFrame([
        dict(match_id="m1", event="Cup", round="1", table="1", player_n="Ann", player_e="Cid",
             player_s="Bob", player_w="Dan", hands=2, level_ns_start=2, level_ew_start=2,
             level_ns_final=5, level_ew_final=3, winner=None, forfeit=None),
        dict(match_id="m2", event="Cup", round="2", table="1", player_n="Cid", player_e="Ann",
             player_s="Dan", player_w="Bob", hands=1, level_ns_start=2, level_ew_start=2,
             level_ns_final=2, level_ew_final=2, winner=None, forfeit=None),
    ])
    hands = pd.DataFrame([
        hand("m1", 1, "N", 0, "defenders", "NS", 3, tricks=2),
        hand("m1", 2, "S", 125, "attackers", "EW", 1, captured=True, mult=4, bonus=40, tricks=2,
             failed=1, violations=1),
        hand("m2", 1, "E", 45, "defenders", "EW", 1, captured=True, mult=2, bonus=10, tricks=1),
    ])
    hands.loc[2, "next_dealer"] = "W"     # m2: the deal stays with E-W (Ann / Bob)
    tricks = pd.DataFrame([
        dict(match_id="m1", hand_no=1, leader="N", winner="N", throw_failed=False),
        dict(match_id="m1", hand_no=1, leader="N", winner="S", throw_failed=False),
        dict(match_id="m1", hand_no=2, leader="S", winner="E", throw_failed=False),
        dict(match_id="m1", hand_no=2, leader="E", winner="W", throw_failed=True),
        dict(match_id="m2", hand_no=1, leader="E", winner="N", throw_failed=False),
    ])
    violations = pd.DataFrame([
        dict(match_id="m1", hand_no=2, trick_no=2, seat="N", code="follow_suit"),
    ])
    return SimpleNamespace(matches=matches, hands=hands, tricks=tricks, violations=violations)


def row(df, col, key):
    return df[df[col] == key].iloc[0]


def test_player_figures_from_each_players_point_of_view(tiny):
    s = stats.summary(tiny, "player")
    ann, dan = row(s, "player", "Ann"), row(s, "player", "Dan")
    assert (ann.hands, ann.as_dealer, ann.as_attacker) == (3, 2, 0)   # dealt m1 h1 (N), m2 h1 (E)
    assert ann.hold_rate == pytest.approx(2 / 3)          # held m1 h1 and m2 h1, lost m1 h2
    assert ann.tricks_won == 1 and ann.violations == 1 and ann.violations_per_100 == pytest.approx(100 / 3)
    # the matches' final levels minus their start, as the standings: m1 N-S 2 -> 5, m2 E-W 2 -> 2 (the
    # final levels this frame gives m2, though its hand row, written without the levels, says E-W went up 1)
    assert ann.levels_gained == 3 + 0
    assert (dan.as_attacker, dan.failed_throws, dan.tricks_won) == (3, 0, 1)
    assert row(s, "player", "Cid").failed_throws == 1     # E led the failed throw in m1 h2
    assert dan.attack_points_mean == pytest.approx((0 + 125 + 45) / 3)
    assert dan.bottom_captures == 2 and dan.levels_gained == 1
    assert s["hands"].sum() == 4 * 3


def test_team_figures_join_partners_across_seats(tiny):
    s = stats.summary(tiny, "team")
    assert set(s.team) == {"Ann / Bob", "Cid / Dan"}
    ab = row(s, "team", "Ann / Bob")
    assert (ab.hands, ab.as_dealer, ab.as_attacker, ab.tricks_won) == (3, 3, 0, 2)
    assert ab.levels_gained == 3 and ab.violations == 1        # the standings' levels gained (below)


def test_ruleset_and_match_figures_are_over_all_hands(tiny):
    r = stats.summary(tiny, "ruleset").iloc[0]
    assert (r.hands, r.bottom_captures, r.levels_gained, r.tricks_won, r.failed_throws) == (3, 2, 5, 5, 1)
    assert r.hold_rate == pytest.approx(2 / 3)
    m = stats.summary(tiny, "match")
    assert list(m.match) == ["m1", "m2"] and list(m.hands) == [2, 1]


def test_points_fall_in_score_bands(tiny):
    d = stats.points_distribution(tiny, "ruleset").iloc[0]
    assert (d["0"], d["1-2 steps"], d["3-4 steps"]) == (1, 1, 1)
    assert d[list(stats.POINT_BANDS)].sum() == 3


def test_bottom_captures_by_multiplier(tiny):
    b = stats.bottom_captures(tiny, "ruleset")
    assert b[["multiplier", "captures", "bonus_points"]].values.tolist() == [[2, 1, 10], [4, 1, 40]]
    p = stats.bottom_captures(tiny, "player")
    # both captures were made by Cid / Dan (attacking in m1 h2 as E-W and in m2 h1 as N-S)
    assert p.values.tolist() == [["Cid", 2, 1, 10], ["Cid", 4, 1, 40], ["Dan", 2, 1, 10], ["Dan", 4, 1, 40]]


def test_violation_rates_per_100_hands_by_code(tiny):
    v = stats.violation_rates(tiny, "player")
    assert v.values.tolist() == [["Ann", "follow_suit", 1, 3, pytest.approx(100 / 3)]]
    r = stats.violation_rates(tiny, "ruleset")
    assert r.per_100_hands.tolist() == [pytest.approx(100 / 3)]


def test_standings_by_matches_won_then_levels(tiny):
    res = stats.match_results(tiny)
    assert res.winner.tolist() == ["NS", "EW"]
    assert res.decided_by.tolist() == ["higher level", "holding the deal"]
    st = stats.standings(tiny)
    assert st.team.tolist() == ["Ann / Bob", "Cid / Dan"]
    assert st[["won", "lost", "levels_gained"]].values.tolist() == [[2, 0, 3], [0, 2, 1]]


def test_unknown_grouping_is_refused():
    with pytest.raises(ValueError, match="unknown grouping"):
        stats.summary(SimpleNamespace(), "seat")


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    root = tmp_path_factory.mktemp("st")
    write_matches(simulate(4, 55, violation_rate=0.05, max_hands=5), str(root / "in"))
    ingest([str(p) for p in sorted((root / "in").iterdir())], str(root / "ds"))
    return str(root / "ds")


@pytest.mark.parametrize("by", stats.BY)
def test_simulated_dataset_invariants(simulated, by):
    ds = load(simulated)
    s = stats.summary(ds, by)
    per_hand = {"player": 4, "team": 2, "match": 1, "ruleset": 1}[by]
    assert s.hands.sum() == per_hand * len(ds.hands)
    tricks = len(ds.tricks) if by in ("player", "team") else ds.hands.tricks.sum()
    assert s.tricks_won.sum() == tricks
    assert s.violations.sum() == len(ds.violations)
    if by in ("player", "team"):
        assert s.as_dealer.sum() == len(ds.hands) * (1 if by == "player" else 1)
        assert s.as_attacker.sum() == len(ds.hands) * (2 if by == "player" else 1)
    d = stats.points_distribution(ds, by)
    assert d[list(stats.POINT_BANDS)].to_numpy().sum() == len(ds.hands) * (2 if by == "player" else 1)
    v = stats.violation_rates(ds, by)
    assert v.violations.sum() == len(ds.violations)
    st = stats.standings(ds)
    assert st.matches.sum() == 2 * len(ds.matches) and st.won.sum() == len(ds.matches)


def test_cli_prints_tables_csv_and_json(simulated):
    r = CliRunner().invoke(main, ["stats", simulated])
    assert r.exit_code == 0 and "Summary" in r.output and "Standings" in r.output
    c = CliRunner().invoke(main, ["stats", simulated, "--by", "ruleset", "--format", "csv"])
    frame = pd.read_csv(io.StringIO(c.output))
    # every simulated record says the cap decides a match by the levels (simulate.py)
    assert frame.ruleset.tolist() == ["standard+decide_by_levels=on"]
    j = CliRunner().invoke(main, ["stats", simulated, "--by", "team", "--format", "json"])
    data = json.loads(j.output)
    assert set(data) == {"summary", "points", "bottom", "violations", "standings"}
    assert data["standings"][0]["rank"] == 1
    bad = CliRunner().invoke(main, ["stats", simulated + "/nope"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


# --- friend mode and variants ----------------------------------------------------------

@pytest.fixture
def friendly(tiny):
    """m1 as in ``tiny``; m3 is a friend-mode match (Ann N, Cid E, Bob S, Dan W):
    h1 N deals, names a card E holds: N+E defend and hold (+2);
    h2 E deals alone (一打三) and the attackers N, S, W take the deal +1."""
    import json as _json

    friend_rules = _json.dumps({"friend": "on", "decks": "2"})
    m3 = dict(tiny.matches.iloc[0])
    m3.update(match_id="m3", round="3", hands=2)
    matches = pd.concat([tiny.matches.iloc[[0]], pd.DataFrame([m3])], ignore_index=True)
    h1 = hand("m3", 1, "N", 30, "defenders", "NS", 2, ruleset="standard+")
    h1.update(defender_seats=["N", "E"], rules=friend_rules, friend="SA")
    h2 = hand("m3", 2, "E", 120, "attackers", "NS", 1, captured=True, mult=2, bonus=20,
              ruleset="standard+")
    h2.update(defender_seats=["E"], rules=friend_rules, friend="HA")
    old = tiny.hands[tiny.hands.match_id == "m1"].to_dict("records")
    for h in old:
        h.update(defender_seats=None, rules=None, friend=None)   # written before the columns
    hands = pd.DataFrame(old + [h1, h2])
    tricks = pd.concat([tiny.tricks[tiny.tricks.match_id == "m1"], pd.DataFrame([
        dict(match_id="m3", hand_no=1, leader="N", winner="E", throw_failed=False),
        dict(match_id="m3", hand_no=2, leader="E", winner="S", throw_failed=False)])], ignore_index=True)
    return SimpleNamespace(matches=matches, hands=hands, tricks=tricks, violations=tiny.violations)


def test_friend_mode_players_attack_and_defend_with_the_resolved_partner(friendly):
    s = stats.summary(friendly, "player")
    ann, cid, bob, dan = (row(s, "player", n) for n in ("Ann", "Cid", "Bob", "Dan"))
    # m1 (old rows, dealer's team): Ann and Bob defend both hands; m3: h1 N+E defend, h2 E alone
    assert (ann.hands, ann.as_attacker, ann.as_dealer) == (4, 1, 2)
    assert (cid.as_attacker, cid.as_dealer) == (2, 1)            # m1 twice; defended m3 h1 and h2
    assert (bob.as_attacker, dan.as_attacker) == (2, 4)
    assert cid.hold_rate == pytest.approx(1 / 2)                 # held m3 h1, lost m3 h2 alone
    assert ann.hold_rate == pytest.approx(2 / 3)                 # m1 h1 held, m1 h2 lost, m3 h1 held
    # levels: m3 h1 the defenders N+E go up 2; m3 h2 the attackers N, S, W go up 1
    assert ann.levels_gained == 3 + 2 + 1 and cid.levels_gained == 1 + 2
    assert bob.levels_gained == 3 + 1 and dan.levels_gained == 1 + 1
    assert s.as_attacker.sum() == 2 * 2 + (4 - 2) + (4 - 1)
    # attackers' points: Dan attacked all four hands; Cid never attacked in m3
    assert dan.attack_points_mean == pytest.approx((0 + 125 + 30 + 120) / 4)
    assert cid.attack_points_mean == pytest.approx((0 + 125) / 2)
    b = stats.bottom_captures(friendly, "player")
    assert sorted(b[b.multiplier == 2].player) == ["Ann", "Bob", "Dan"]


def test_friend_mode_teams_are_split_when_partners_sit_on_both_sides(friendly):
    s = stats.summary(friendly, "team")
    ab, cd = row(s, "team", "Ann / Bob"), row(s, "team", "Cid / Dan")
    # m3 h1: N (Ann) and E (Cid) defend → both partnerships defend; h2: only E defends
    assert (ab.as_attacker, cd.as_attacker) == (1, 2)
    assert ab.levels_gained == 3 + 2 + 1 and cd.levels_gained == 1 + 2 + 1


def test_by_ruleset_separates_the_variants(friendly):
    s = stats.summary(friendly, "ruleset")
    assert s.ruleset.tolist() == ["standard", "standard+friend=on"]
    assert s.hands.tolist() == [2, 2]
    v = stats.variant("standard+", '{"friend": "on", "decks": "2", "win_level": "A"}')
    assert v == "standard+friend=on"
    assert stats.variant("tournament", None) == "tournament"


@pytest.fixture(scope="module")
def simulated_friend(tmp_path_factory):
    root = tmp_path_factory.mktemp("stf")
    rules = dataclasses.replace(PRESETS["one-deck"], friend=True, name="one-deck+")
    write_matches(simulate(4, 56, rules=rules, violation_rate=0.05, max_hands=6), str(root / "in"))
    write_matches(simulate(2, 57, max_hands=3), str(root / "in2"))
    ingest([str(p) for d in ("in", "in2") for p in sorted((root / d).iterdir())], str(root / "ds"))
    return str(root / "ds")


def test_simulated_friend_dataset_invariants(simulated_friend):
    ds = load(simulated_friend)
    friend = ds.hands[ds.hands.friend.notna()]
    assert len(friend) and len(friend) < len(ds.hands)
    s = stats.summary(ds, "player")
    defenders = sum(len(x) for x in ds.hands.defender_seats)
    assert s.as_attacker.sum() == 4 * len(ds.hands) - defenders
    assert s.as_dealer.sum() == len(ds.hands)
    r = stats.summary(ds, "ruleset")
    assert set(r.ruleset) == {"standard+decide_by_levels=on", "one-deck+decide_by_levels=on,friend=on"}
    assert r.hands.sum() == len(ds.hands)
    c = CliRunner().invoke(main, ["stats", simulated_friend, "--by", "ruleset", "--format", "csv"])
    assert sorted(pd.read_csv(io.StringIO(c.output)).ruleset) == ["one-deck+decide_by_levels=on,friend=on",
                                                                   "standard+decide_by_levels=on"]


def test_every_column_people_read_has_a_bilingual_header(friendly):
    import re
    for by in stats.BY:
        for name, frame in stats.all_tables(friendly, by).items():
            for column in frame.columns:
                h = stats.header(str(column))
                assert re.search(r"[\u4e00-\u9fff]", h) and re.search(r"[A-Za-z0-9]", h), (name, column, h)
    r = CliRunner().invoke(main, ["stats", "--help"])
    assert r.exit_code == 0

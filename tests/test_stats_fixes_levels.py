"""Levels gained in ``tractor stats``' summary: over the hands that count, and per player in friend mode.

Before: the summary added ``level_after − level_before`` over every hand of a side, hands recorded after
the match was decided included (docs/rules.md §8.4: they count for nothing; the match's final levels are
those the deciding hand left), so a side's levels gained disagreed with the standings' (final − start);
``--by match`` / ``ruleset`` added those hands' awards too.  In friend mode ``--by team`` followed N's (or
E's) own level only (``level_ns_*`` holds N's own there), not "going up when one of its players did".

Now the dataset marks the hands recorded after the match ended (``hands.after_match_end``) and the
summary leaves them out; a friend-mode partnership moves as the greater of its two players' moves."""
from __future__ import annotations

import re
from collections import Counter
import dataclasses
from types import SimpleNamespace

import pandas as pd
import pytest

from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records.rulesets import PRESETS, build_ruleset
from tractor_analysis.simulate import simulate, write_matches

IMPLS = {"sql": stats, "reference": stats_reference}
SEATS = "NESW"


def _dataset(root, name: str, matches) -> str:
    rec = root / name
    write_matches(list(matches), str(rec))
    ingest(sorted(str(p) for p in rec.iterdir()), str(root / f"{name}-ds"))
    return str(root / f"{name}-ds")


@pytest.fixture(scope="module")
def tour(tmp_path_factory) -> str:
    """Tournament matches with injected wrong follows, recorded past the forfeit that ends each: simulated
    with no forfeit count (the simulator stops at a forfeit), then recorded as tournament matches, whose
    count forfeits them — the hands after it were recorded after the match ended."""
    root = tmp_path_factory.mktemp("levels")
    played_on = dataclasses.replace(PRESETS["tournament"], revoke_forfeit=0)
    matches = simulate(4, 5, rules=played_on, violation_rate=0.03, max_hands=12)
    return _dataset(root, "tour", (dataclasses.replace(m, rules=tuple(r for r in m.rules if r[0] != "revoke_forfeit"))
                                   for m in matches))


@pytest.fixture(scope="module")
def friend(tmp_path_factory) -> str:
    root = tmp_path_factory.mktemp("levels-friend")
    rules = build_ruleset("standard", {"friend": "on"})[0]
    return _dataset(root, "friend", simulate(3, 9, rules=rules, violation_rate=0.02, max_hands=14))


def test_hands_recorded_after_the_match_end_are_marked(tour):
    ds = load(tour)
    h, m, v = ds.hands, ds.matches.set_index("match_id"), ds.violations
    assert h["after_match_end"].notna().all()
    marked = 0
    for mid, g in h.sort_values("hand_no").groupby("match_id"):
        flags = g["after_match_end"].astype(bool).tolist()
        assert flags == sorted(flags)                       # the hands after the deciding one
        counting = g[~g["after_match_end"].astype(bool)]
        if not all(flags[:1]) and any(flags):
            last = counting.iloc[-1]
            # the match's final levels are those the deciding hand left, and check names that hand
            assert (last["level_ns_after"], last["level_ew_after"]) == (m.at[mid, "level_ns_final"],
                                                                      m.at[mid, "level_ew_final"])
            (words,) = v[(v["match_id"] == mid) & (v["code"] == "after_match_end")]["message_en"]
            assert words.endswith(f"the final levels are those after hand {last['hand_no']}")
            marked += 1
    assert marked >= 2


def _moved(h: pd.DataFrame, who: str) -> pd.Series:
    return h[f"level_{who}_after"].astype(int) - h[f"level_{who}_before"].astype(int)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("by", ["player", "team"])
def test_a_sides_levels_gained_are_its_final_level_minus_its_start(tour, impl, by):
    ds = load(tour)
    exp, every_hand = Counter(), Counter()
    for m in ds.matches.itertuples():
        for team, seats in (("NS", "NS"), ("EW", "EW")):
            gained = int(getattr(m, f"level_{team.lower()}_final")) - int(getattr(m, f"level_{team.lower()}_start"))
            moved = int(_moved(ds.hands[ds.hands["match_id"] == m.match_id], team.lower()).sum())
            names = ([getattr(m, f"player_{s.lower()}") for s in seats] if by == "player"
                     else [" / ".join(sorted(getattr(m, f"player_{s.lower()}") for s in seats))])
            for name in names:
                exp[name] += gained
                every_hand[name] += moved
    assert exp != every_hand            # the hands after the end moved levels: the corpus tells them apart
    got = IMPLS[impl].summary(ds, by).set_index(by)["levels_gained"]
    assert {k: int(x) for k, x in got.items()} == dict(exp)


def test_the_summary_agrees_with_the_standings(tour):
    ds = load(tour)
    summary = stats.summary(ds, "team").set_index("team")["levels_gained"]
    standings = stats.standings(ds).set_index("team")["levels_gained"]
    assert {k: int(x) for k, x in summary.items()} == {k: int(x) for k, x in standings.items()}


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("by", ["match", "ruleset"])
def test_match_and_ruleset_add_the_awards_of_the_hands_that_count(tour, impl, by):
    ds = load(tour)
    h = ds.hands
    counting = h[~h["after_match_end"].astype(bool) & h["outcome"].notna()]
    key = "match_id" if by == "match" else "ruleset"
    exp = counting.groupby(key)["levels_gained"].sum().astype(int).to_dict()
    everything = h[h["outcome"].notna()].groupby(key)["levels_gained"].sum().astype(int).to_dict()
    assert exp != everything
    got = IMPLS[impl].summary(ds, by).set_index(by)["levels_gained"]
    assert {k: int(x) for k, x in got.items()} == {k: exp.get(k, 0) for k in got.index}


# --- friend mode: a partnership goes up when one of its players does ------------------------------

def _friend_frames() -> SimpleNamespace:
    """One friend-mode match, two hands: N with E (the friend) hold and go up 1; then S with W hold
    and go up 2.  N–S's partnership went up in both hands (1 + 2), as did E–W's."""
    matches = pd.DataFrame([dict(match_id="f", event="Club", round="1", table="1", player_n="Ann",
                                 player_e="Bob", player_s="Cid", player_w="Dan", hands=2, level_ns_start=2,
                                 level_ew_start=2, level_ns_final=None, level_ew_final=None, winner=None,
                                 forfeit=None)])
    levels = {1: ((2, 2, 2, 2), (3, 3, 2, 2)), 2: ((3, 3, 2, 2), (3, 3, 4, 4))}

    def hand(no, dealer, seats, gained):
        before, after = levels[no]
        row = dict(match_id="f", hand_no=no, dealer=dealer, defenders="NS" if dealer in "NS" else "EW",
                   attackers="EW" if dealer in "NS" else "NS", ruleset="standard+", decks=2,
                   rules='{"friend": "on"}', friend="SA", defender_seats=list(seats), outcome="defenders",
                   up_team=None, levels_gained=gained, attackers_total=40, tricks=0, failed_throws=0,
                   bottom_captured=False, bottom_multiplier=0, bottom_bonus=0,
                   violations=0, trump="S", level=before[SEATS.index(dealer)], next_dealer=None,
                   match_over=False, result_only=False, judged=True, complete=True, stopped=False,
                   revoke_ns=0, after_match_end=False,
                   # friend mode: the side columns hold N's and E's own levels
                   level_ns_before=before[0], level_ns_after=after[0], level_ew_before=before[1],
                   level_ew_after=after[1])
        for i, s in enumerate("nesw"):
            row[f"level_{s}_before"], row[f"level_{s}_after"] = before[i], after[i]
        return row

    hands = pd.DataFrame([hand(1, "N", "NE", 1), hand(2, "S", "SW", 2)])
    empty = pd.DataFrame(columns=["match_id", "hand_no", "leader", "winner", "throw_failed"])
    return SimpleNamespace(matches=matches, hands=hands, tricks=empty,
                           violations=pd.DataFrame(columns=["match_id", "hand_no", "seat", "code"]))


@pytest.mark.parametrize("impl", IMPLS)
def test_a_friend_partnership_goes_up_when_either_player_does(impl):
    team = IMPLS[impl].summary(_friend_frames(), "team").set_index("team")["levels_gained"]
    assert team.to_dict() == {"Ann / Cid": 3, "Bob / Dan": 3}       # before: 1 and 1 (N's, E's own levels)
    player = IMPLS[impl].summary(_friend_frames(), "player").set_index("player")["levels_gained"]
    assert player.to_dict() == {"Ann": 1, "Bob": 1, "Cid": 2, "Dan": 2}


@pytest.mark.parametrize("impl", IMPLS)
def test_friend_partnerships_over_simulated_matches(friend, impl):
    ds = load(friend)
    h, m = ds.hands, ds.matches.set_index("match_id")
    counting = h[~h["after_match_end"].astype(bool)]
    exp, own = Counter(), Counter()
    for team, (a, b) in (("NS", "ns"), ("EW", "ew")):
        greater = pd.concat([_moved(counting, a), _moved(counting, b)], axis=1).max(axis=1)
        first = _moved(counting, team.lower())                   # N's (E's) own level in friend mode
        for mid, g, f in zip(counting["match_id"], greater, first):
            name = " / ".join(sorted((m.at[mid, f"player_{a}"], m.at[mid, f"player_{b}"])))
            exp[name] += int(g)
            own[name] += int(f)
    assert exp != own
    got = IMPLS[impl].summary(ds, "team").set_index("team")["levels_gained"]
    assert {k: int(x) for k, x in got.items()} == dict(exp)

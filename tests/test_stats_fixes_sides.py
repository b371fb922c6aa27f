"""A hand whose sides the engine withheld is no one's attack or defence, in the rows and in the stats.

Before: a score sheet's hand whose ``[Dealer]`` the previous hand contradicts (judged both ways, "withheld:
which side defends and which attacks") kept ``defenders`` / ``attackers`` (the named dealer's team) beside a
null ``defender_seats``, and ``tractor stats`` — falling back to ``defenders`` whenever ``defender_seats`` is
null — counted it as an attack by N and S.  docs/dataset.md: a hand whose sides are not known has
``defenders`` and ``defender_seats`` null and is "no one's attack or defence"."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pandas as pd
import pytest

from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records import format_tgn
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate_match

SHEET = """[Event "Club sheet"]
[North "A"]
[East "B"]
[South "C"]
[West "D"]
[Ruleset "standard"]

[Hand "1"]
[Dealer "N"]
[Level "2"]
[Trump "H"]
[ResultOnly "yes"]
[Claim "55"]

[Hand "2"]
[Dealer "E"]
[Level "2"]
[ResultOnly "yes"]
[Claim "30"]

[Hand "3"]
[Dealer "S"]
[Level "3"]
[Trump "S"]
[ResultOnly "yes"]

[Hand "4"]
[Dealer "S"]
[Level "3"]
[Trump "C"]
[ResultOnly "yes"]
[Claim "125"]
"""
"""Hand 2 says E deals, but hand 1's outcome makes S the dealer: the sides are withheld."""

IMPLS = {"sql": stats, "reference": stats_reference}


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> str:
    root = tmp_path_factory.mktemp("sides")
    (root / "sheet.tgn").write_text(SHEET, "utf-8")
    ingest([str(root / "sheet.tgn")], str(root / "ds"))
    return str(root / "ds")


def _friend_partner_unknown(tmp) -> str:
    friend = build_ruleset("standard", {"friend": "on"})[0]
    text = format_tgn(simulate_match(33, 0, rules=friend, max_hands=2))
    head, first, *rest = re.split(r'(?m)^(?=\[Hand ")', text)
    first = re.sub(r'(?m)^\[Friend "[^"]*"\]\n', "", first)
    (tmp / "friend.tgn").write_text(head + first + "".join(rest), "utf-8")
    ingest([str(tmp / "friend.tgn")], str(tmp / "fds"))
    return str(tmp / "fds")


def test_defenders_are_null_exactly_where_the_dealers_team_is_not_known(sheet, tmp_path):
    h = load(sheet).hands.set_index("hand_no")
    assert h.at[2, "dealer"] == "E"                          # the seat the record names stays
    assert h.at[2, "defender_seats"] is None
    assert pd.isna(h.at[2, "defenders"]) and pd.isna(h.at[2, "attackers"])      # before: EW / NS
    assert (h.loc[[1, 3, 4], "defenders"] == "NS").all() and (h.loc[[1, 3, 4], "attackers"] == "EW").all()
    # friend mode, the partner unknown ([Friend] dropped): the sides are unknown, the dealer's team is not
    f = load(_friend_partner_unknown(tmp_path)).hands.sort_values("hand_no").iloc[0]
    assert f["defender_seats"] is None
    assert f["defenders"] == ("NS" if f["dealer"] in "NS" else "EW")


@pytest.mark.parametrize("impl", IMPLS)
def test_a_hand_whose_sides_are_withheld_is_no_ones_attack(sheet, impl):
    ds = load(sheet)
    player = IMPLS[impl].summary(ds, "player").set_index("player")
    assert player.loc[["A", "C"], "as_attacker"].tolist() == [0, 0]      # before: 1 and 1
    assert player.loc[["B", "D"], "as_attacker"].tolist() == [3, 3]
    assert player.at["B", "as_dealer"] == 1                                # E is the dealer the record names
    team = IMPLS[impl].summary(ds, "team").set_index("team")
    assert team.at["A / C", "as_attacker"] == 0 and team.at["B / D", "as_attacker"] == 3
    assert team.at["A / C", "as_dealer"] == 3 and team.at["B / D", "as_dealer"] == 1
    if impl == "sql":                               # the SQL and the pandas reference agree throughout
        for by in ("player", "team", "match", "ruleset"):
            pd.testing.assert_frame_equal(stats.summary(ds, by), stats_reference.summary(ds, by),
                                          check_dtype=False)


@pytest.mark.parametrize("impl", IMPLS)
def test_rows_a_dataset_wrote_before_the_fix_read_the_same(sheet, impl):
    """A dataset written before ``defenders`` was made null kept the dealer's team beside a null
    ``defender_seats``: the stats read ``defender_seats`` for every row written with it (the variant
    columns, ``revoke_ns`` among them, filled); rows written before it still take the dealer's team."""
    ds = load(sheet)
    hands = ds.hands.copy()
    hands.loc[hands["hand_no"] == 2, ["defenders", "attackers"]] = ["EW", "NS"]
    kept = SimpleNamespace(matches=ds.matches, hands=hands, tricks=ds.tricks, violations=ds.violations,
                           plays=ds.plays)
    player = IMPLS[impl].summary(kept, "player").set_index("player")
    assert player.loc[["A", "C"], "as_attacker"].tolist() == [0, 0]       # before: 1 and 1
    variant = ["defender_seats", "revoke_ns", "revoke_ew", "friend"] + [
        f"level_{s}_{w}" for s in "nesw" for w in ("before", "after")]
    oldest = SimpleNamespace(matches=ds.matches, hands=hands.drop(columns=variant), tricks=ds.tricks,
                             violations=ds.violations, plays=ds.plays)
    player = IMPLS[impl].summary(oldest, "player").set_index("player")
    assert player.loc[["A", "C"], "as_attacker"].tolist() == [1, 1]
    assert player.loc[["B", "D"], "as_attacker"].tolist() == [3, 3]

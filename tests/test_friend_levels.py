"""Friend mode (找朋友, docs/rules.md §11): each player keeps a level of their own and no team has
one, so ``check`` (text and ``--json``) and the printed ruling give the four players' levels, never
"N–S" / "E–W" levels (before: the levels of N and of E shown as the teams', so a hand in which N and
S stood at different levels named one of them the team's)."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate_match, write_matches

FRIEND, _ = build_ruleset("standard", {"friend": "on"})
LEVEL = {str(n): n for n in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}


@pytest.fixture(scope="module")
def friend_record(tmp_path_factory):
    """A simulated friend-mode match in which partners stand at different levels in some hand."""
    root = tmp_path_factory.mktemp("friend")
    for index in range(40):
        match = simulate_match(5, index, rules=FRIEND, max_hands=6, violation_rate=0.05)
        result = replay_match(match)
        split = [h for h in result.hands if h.player_levels_after[0] != h.player_levels_after[2]
                 or h.player_levels_after[1] != h.player_levels_after[3]]
        if split and any(h.violations for h in result.hands):
            write_matches([match], str(root))
            (path,) = root.glob("*.tgn")
            return path, result
    pytest.fail("no friend-mode match with partners at different levels in 40 simulated")


def test_check_text_gives_each_players_level(friend_record):
    path, result = friend_record
    out = CliRunner().invoke(main, ["check", str(path)]).output
    lines = [line for line in out.splitlines() if "levels 级" in line]
    assert len(lines) == sum(h.outcome is not None for h in result.hands)
    for line, hand in zip(lines, [h for h in result.hands if h.outcome is not None]):
        shown = line.split("levels 级 ", 1)[1]
        assert "NS" not in shown and "EW" not in shown
        for seat, token in enumerate("NESW"):
            found = re.search(rf"\b{token} (\w+)(?:→(\w+))?", shown)
            assert found, (token, shown)
            before, after = found.group(1), found.group(2) or found.group(1)
            assert (LEVEL[before], LEVEL[after]) == (hand.player_levels_before[seat], hand.player_levels_after[seat])


def test_check_json_gives_each_players_level_and_no_team_level(friend_record):
    path, result = friend_record
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    (file,) = doc["files"]
    for h, hand in zip(file["hands"], result.hands):
        assert h["levels_before"] is None and h["levels_after"] is None
        assert h["outcome"] is None or h["outcome"]["team"] is None    # no team goes up: players do
        assert {s: LEVEL[v] for s, v in h["player_levels_before"].items()} == dict(zip("NESW", hand.player_levels_before))
        assert {s: LEVEL[v] for s, v in h["player_levels_after"].items()} == dict(zip("NESW", hand.player_levels_after))
    (m,) = file["matches"]
    assert m["levels_final"] is None
    assert {s: LEVEL[v] for s, v in m["player_levels_final"].items()} == dict(zip("NESW", result.player_levels_final))


def test_a_fixed_partnership_record_keeps_its_team_levels(tmp_path):
    """The control: outside friend mode the team levels stay as format.md gives them."""
    match = simulate_match(5, 0, preset="standard", max_hands=2)
    write_matches([match], str(tmp_path))
    (path,) = tmp_path.glob("*.tgn")
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    h = doc["files"][0]["hands"][0]
    assert set(h["levels_before"]) == {"NS", "EW"} and "player_levels_before" not in h
    assert "player_levels_final" not in doc["files"][0]["matches"][0]


def test_the_ruling_gives_each_players_level(friend_record, tmp_path):
    path, result = friend_record
    out = tmp_path / "ruling.html"
    run = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)])
    assert run.exit_code == 0, run.output
    page = out.read_text(encoding="utf-8")
    assert "each player&#39;s level (before → after)" in page and "各人级别（打前 → 打后）" in page
    rows = re.findall(r"each player&#39;s level \(before → after\)</span></th><td>([^<]*)</td>", page)
    assert rows and all(re.fullmatch(r"N \S+ → \S+ · E \S+ → \S+ · S \S+ → \S+ · W \S+ → \S+", r) for r in rows)
    assert "levels (before → after)</span></th><td>N–S" not in page

"""An outcome whose gain a rank that cannot be skipped stopped (docs/rules.md §8.4): ``check --json``'s
``outcome.levels`` stays the score table's gain, and ``outcome.capped`` says, for each group of the
side's players, the levels they really went up, at which rank and by which option — never one seat's
gain taken for the side's; ``tractor check``'s text reads the same fact (``outcome.gain_caps``).  And
a score table that moves no level (``botzone``, §8.1) says so itself (``ScoreTable.moves_levels``)."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from click.testing import CliRunner

from record_builders import CAPPED_AT_5, CAPPED_AT_10
from tractor_analysis.cli.main import main
from tractor_analysis.engine import outcome as outcome_mod
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.setting import Setting
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import PRESETS, ScoreTable

DATA = Path(__file__).resolve().parent / "data"

def _friend_text() -> str:
    """Friend mode (找朋友), the attackers E (at 5, a must-play rank) and S (at 2): +1 by the ourgame
    table (110 points) — S goes up 1, E stays at 5."""
    text = (DATA / "declaration_fixes" / "friend_c5.tgn").read_text(encoding="utf-8")
    return text.replace('[Rule:decide_by_levels "on"]', '[Rule:decide_by_levels "on"]\n[Rule:score_table "ourgame"]\n'
                        '[Rule:must_play "5"]\n[Levels "NS:2 EW:5"]')


def _run(tmp_path: Path, text: str, *args: str) -> str:
    path = tmp_path / "rec.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", *args, str(path)], catch_exceptions=False).output


def _outcomes(tmp_path: Path, text: str, *args: str) -> list[dict]:
    doc = json.loads(_run(tmp_path, text, "--json", *args))
    return [h["outcome"] for f in doc["files"] for h in f["hands"]]


def _results(text: str, preset: str | None = None):
    [match], _ = parse_tgn(text)
    return replay_match(match, PRESETS[preset] if preset else None).hands


def test_json_says_the_levels_really_gained_below_ten(tmp_path):
    first, second = _outcomes(tmp_path, CAPPED_AT_10)
    assert first["levels"] == 3                         # the score table's, as documented (rules.md §8.4)
    assert first["capped"] == [{"seats": ["E", "W"], "gained": 2, "rank": "10", "by": ["must_play", "win_level"]}]
    assert second["levels"] == 1 and "capped" not in second      # 9 → 10: nothing skipped


def test_json_says_a_side_standing_at_a_must_play_rank_gained_nothing(tmp_path):
    [o] = _outcomes(tmp_path, CAPPED_AT_5, "--rules", "80fen")
    assert o["levels"] == 1
    assert o["capped"] == [{"seats": ["E", "W"], "gained": 0, "rank": "5", "by": ["must_play"]}]


def test_friend_mode_names_the_player_whose_gain_was_stopped(tmp_path):
    [o] = _outcomes(tmp_path, _friend_text())
    assert o["winner"] == "attackers" and o["levels"] == 1
    # E stayed at 5, S went up the table's 1: said per player, not one seat's gain for the side
    assert o["capped"] == [{"seats": ["E"], "gained": 0, "rank": "5", "by": ["must_play"]}]


def test_players_at_different_levels_each_get_their_own_gain():
    hand = _results(CAPPED_AT_10)[0]
    # E at 8 and W at 9 (the side's players apart): +3 stops both at 10, after 2 and after 1
    apart = dataclasses.replace(hand, player_levels_before=(9, 8, 9, 9))
    caps = outcome_mod.gain_caps(apart)
    assert [(c.seats, c.gained, c.rank, c.must_play, c.win_level) for c in caps] == [
        ((1,), 2, 10, True, True), ((3,), 1, 10, True, True)]
    zh, en = outcome_mod.gain_capped(apart)
    assert "E may not skip 10" in en and "go up 2 levels, not 3" in en
    assert "W may not skip 10" in en and "go up 1 level, not 3" in en
    assert "东家" in zh and "西家" in zh


def test_caps_agree_with_the_levels_after():
    """The levels after (no penalty in these hands) move by ``gained`` for a capped player, by the
    table's ``levels`` for the others of the side."""
    for hands in (_results(CAPPED_AT_10), _results(CAPPED_AT_5, "80fen"), _results(_friend_text())):
        for h in hands:
            o = h.outcome
            capped = {s: c.gained for c in outcome_mod.gain_caps(h) for s in c.seats}
            up = h.defenders if o.winner == "defenders" else frozenset(range(4)) - h.defenders
            for seat in up:
                moved = h.player_levels_after[seat] - h.player_levels_before[seat]
                assert moved == capped.get(seat, o.levels), (h.number, seat)


def test_text_and_json_read_the_same_fact(tmp_path):
    for text, args in ((CAPPED_AT_10, ()), (CAPPED_AT_5, ("--rules", "80fen")), (_friend_text(), ())):
        outcomes = _outcomes(tmp_path, text, *args)
        lines = [x for x in _run(tmp_path, text, *args).splitlines() if "outcome 结果" in x]
        assert len(lines) == len(outcomes)
        for line, o in zip(lines, outcomes):
            said = [int(n) for n in re.findall(r"go up (\d+) levels?, not", line)]
            assert said == [c["gained"] for c in o.get("capped", [])], line


def test_a_score_table_says_whether_it_moves_levels():
    assert [t for t in ScoreTable if not t.moves_levels] == [ScoreTable.BOTZONE]


def test_a_table_that_moves_no_level_keeps_them_and_scores_points():
    setting = Setting(dealer=0, side=0, level=5, trump=None, judged=True, levels=(5,) * 4, violations=(),
                      derived=(), unknowns=())
    sides = (frozenset({0, 2}), frozenset({1, 3}))
    for name in ("botzone", "standard"):
        rules = PRESETS[name]
        o, after = outcome_mod.level_outcome(rules, "defenders", 3, sides, (5, 5, 5, 5), setting)
        moves = rules.score_table.moves_levels
        assert (after != (5, 5, 5, 5)) is moves
        assert o.reason == ("points" if moves else "match_points") and o.levels == 3

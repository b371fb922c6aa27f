"""Four findings of a probe by a referee and an analyst (each fails on the code before).

* ``[Levels "NS:2 EW:2 EW:4"]`` names a side twice: it was read without a word, the last value
  taken (four ``level_mismatch`` and E–W's final level 7); now it is ``bad_value``, both unknown.
* ``[Declarations "X: C2 | W: C2 C2"]`` (the first declarer unreadable) and no ``[Dealer]``: the dealer
  was "derived from the first declarer" — the one that could be read; now it is not derived.
* A blank player or team name (``[North " "]``, ``"players": {"N": " "}``) counted as a name: a team
  made of it was ranked and a blank player rated; now it names nobody.
* Friend mode in the dataset: ``up_team`` named a side that does not exist there (players go up),
  while ``check --json`` says null; now null.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_json, parse_tgn

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def test_levels_naming_a_side_twice_is_a_bad_value():
    (match,), diags = parse_tgn(SAMPLE.replace('[Levels "NS:2 EW:2"]', '[Levels "NS:2 EW:2 EW:4"]'))
    assert match.levels == (None, None)
    assert [d.code for d in diags] == ["bad_value"] and "it names EW twice" in diags[0].message
    assert (diags[0].line, diags[0].column) == (13, 10)       # the value of [Levels]
    assert not [v for h in replay_match(match).hands for v in h.violations if v.code == "level_mismatch"]


def test_a_first_declarer_that_cannot_be_read_derives_no_dealer():
    text = SAMPLE.replace('[Dealer "W"]\n', "", 1).replace('[Declarations "W: C2 | W: C2 C2"]',
                                                        '[Declarations "X: C2 | W: C2 C2"]')
    (match,), diags = parse_tgn(text)
    assert any(d.code == "unknown_seat" for d in diags) and not match.hands[0].declarations_known
    h = replay_match(match).hands[0]
    # no dealer from the declarations (the first one cannot be read); since s22 the hand's own cards fix W (its deal
    # line with the bottom alone can make the bury, and W leads the first trick: 5c6965e), and say so
    (d,) = [d for d in h.derived if d.fact == "dealer"]
    assert h.dealer == 3 and d.source == "the hand's deal lines, Bottom: and Buried: lines and first lead"
    assert "Declarations" not in d.source


def test_a_blank_name_names_nobody():
    (match,), _ = parse_tgn(SAMPLE.replace('[North "张伟"]', '[North " "]'))
    assert match.players[0] is None
    doc = json.loads((ROOT / "sample_logs" / "spring-cup-r2t5.json").read_text(encoding="utf-8"))
    doc["players"]["N"] = "  "
    doc["teams"] = {"NS": " ", "EW": "Foxes"}
    (match,), _ = parse_json(json.dumps(doc))
    assert match.players[0] is None and match.teams == (None, "Foxes")


def test_friend_mode_stores_no_up_team(tmp_path):
    out = tmp_path / "sim"
    r = CliRunner().invoke(main, ["simulate", "-n", "1", "--seed", "9", "--rule", "friend=on", "--max-hands", "3",
                                  "-o", str(out), "-q"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["ingest", str(out), "-o", str(tmp_path / "ds")])
    assert r.exit_code == 0, r.output
    import pyarrow.parquet as pq
    hands = pq.read_table(tmp_path / "ds" / "hands").to_pandas()
    assert hands.up_team.isna().all() and hands.outcome.notna().any()


def test_the_player_page_takes_the_sides_the_engine_resolved_in_friend_mode():
    """Before: each player's hands on the player page were 'defender' or 'attacker' by the seat
    opposite, a guess friend mode forbids (the partner is whoever holds the called card)."""
    from tractor_analysis.engine.replay import replay_match as replay
    from tractor_analysis.records.rulesets import PRESETS
    from tractor_analysis.reports.event_report import build_event
    from tractor_analysis.reports.match_drawing import add_match
    from tractor_analysis.reports.model import ReportModel
    from tractor_analysis.simulate import simulate_match
    import dataclasses

    rules = dataclasses.replace(PRESETS["standard"], friend=True, name="standard+")
    model = ReportModel("t")
    checked = 0
    for i in range(4):
        match = dataclasses.replace(simulate_match(9, i, rules=rules, max_hands=4), event="Cup")
        result = replay(match)
        add_match(model, match, result, source=f"m{i}", fallback_title=f"m{i}", taken=set())
        for h in result.hands:
            if h.defenders and h.defenders != {h.dealer, (h.dealer + 2) % 4}:
                checked += 1
    assert checked, "no hand whose partner is not the seat opposite"
    report = build_event(model, {})
    wrong = 0
    for page in report.players.values():
        for ph in page.hands:
            fact = next(f for f in model.hand_facts if f.hand == ph.hand and f.match in {m.match for m in model.match_facts
                                                                                        if m.title == ph.title})
            assert ph.defending == (ph.seat in fact.defender_seats)
            wrong += ph.defending != ("NESW".index(ph.seat) % 2 == "NESW".index(ph.dealer) % 2)
    assert wrong                                   # some hands differ from the seat-opposite guess

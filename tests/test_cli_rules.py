"""`tractor rules`, `--help` / `--version` everywhere, and the ruleset options parsed by click."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st
from click.testing import CliRunner

from tractor_analysis import __version__
from tractor_analysis.cli.common import RuleChoice
from tractor_analysis.cli.tables import table, width
from tractor_analysis.cli.main import main
from tractor_analysis.records.model import Match
from tractor_analysis.records.rulesets import OPTION_DOCS, PRESETS, BottomMultiplier, ScoreTable


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_version_prints_the_package_version():
    r = run("--version")
    assert r.exit_code == 0
    assert __version__ in r.output


@pytest.mark.parametrize("command", [[]] + [[name] for name in sorted(main.commands)])
@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_every_command_has_help_with_examples(command, flag):
    r = run(*command, flag)
    assert r.exit_code == 0
    assert "Usage:" in r.output
    assert "Examples:" in r.output
    assert "tractor " in r.output.split("Examples:")[1]


def test_the_four_record_commands_are_registered():
    assert {"check", "replay", "convert", "rules"} <= set(main.commands)


def test_rules_table_lists_every_preset_and_option_with_its_value():
    r = run("rules")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    header = lines[0].split()
    for name in PRESETS:
        assert name in header
    for option in PRESETS["standard"].options():
        row = next(line for line in lines if line.split() and line.split()[0] == option)
        cells = row.split()
        for i, name in enumerate(PRESETS, start=1):
            assert cells[i] == PRESETS[name].options()[option]


def test_rules_one_preset_shows_its_values():
    r = run("rules", "tournament")
    assert r.exit_code == 0
    row = next(line for line in r.output.splitlines() if line.startswith("bottom_multiplier"))
    assert row.split()[1] == "pair_doubling"


def test_rules_json_is_the_options_as_text_plus_name():
    r = run("rules", "tournament", "--json")
    assert r.exit_code == 0
    doc = json.loads(r.output)
    assert doc == {"name": "tournament", **PRESETS["tournament"].options()}
    assert doc["must_play"] == "10" and doc["throw_penalty"] == "per_card"


def test_rules_json_with_an_option_changed():
    doc = json.loads(run("rules", "standard", "--rule", "bottom_multiplier=flat", "--json").output)
    assert doc["bottom_multiplier"] == "flat"
    assert doc["name"] == "standard+"


def test_rules_json_of_all_presets():
    doc = json.loads(run("rules", "--json").output)
    assert [p["name"] for p in doc["presets"]] == list(PRESETS)
    assert set(doc["options"]) == set(OPTION_DOCS)


def test_unknown_preset_is_a_usage_error():
    r = CliRunner().invoke(main, ["rules", "casual"])
    assert r.exit_code == 2
    assert "casual" in r.output


@pytest.mark.parametrize("bad, expected", [
    ("bottom_multiplier=triple", "bottom_multiplier"),
    ("nonsense=1", "unknown rule option 'nonsense'"),
    ("decks", "not name=value"),
    ("decks=7", "decks takes 1, 2 or 3"),
])
@pytest.mark.parametrize("command", [["check", "x.tgn"], ["replay", "x.tgn"], ["rules", "standard"]])
def test_bad_rule_value_is_a_usage_error_before_any_file_is_read(command, bad, expected):
    r = CliRunner().invoke(main, command + ["--rule", bad])
    assert r.exit_code == 2
    assert expected in r.output
    assert "Traceback" not in r.output


def test_bad_rules_preset_on_check_is_a_usage_error():
    r = CliRunner().invoke(main, ["check", "x.tgn", "--rules", "casual"])
    assert r.exit_code == 2
    assert "casual" in r.output


def test_rule_choice_keeps_the_record_ruleset_when_nothing_is_given():
    assert RuleChoice().for_match(Match(ruleset="tournament")) is None


def test_rule_choice_adds_options_to_the_record_preset_and_its_own_options():
    m = Match(ruleset="tournament", rules=(("score_table", "ourgame"),))
    rs = RuleChoice(None, (("bottom_multiplier", "flat"),)).for_match(m)
    assert rs.bottom_multiplier is BottomMultiplier.FLAT
    assert rs.score_table is ScoreTable.OURGAME          # the record's option stays
    assert rs.must_play == (10,)                         # the record's preset stays


def test_rules_preset_replaces_the_record_ruleset_and_its_options():
    m = Match(ruleset="tournament", rules=(("score_table", "ourgame"),))
    rs = RuleChoice("standard", (("decks", "3"),)).for_match(m)
    assert rs.score_table is ScoreTable.STANDARD
    assert rs.must_play == ()
    assert rs.decks == 3


def test_table_aligns_by_display_width_with_chinese_text():
    out = table([["张伟", "x"], ["ab", "y"]], header=["name", "v"])
    header, rule, first, second = out.splitlines()
    assert width(first[:first.index("x")]) == width(second[:second.index("y")]) == width(header[:header.index("v")])
    assert rule == "----  -"


_SETTINGS = [(p, o, v) for p, rs in PRESETS.items() for o, v in rs.options().items()]


@settings(max_examples=40, deadline=None)
@given(target=st.sampled_from(list(PRESETS)), setting=st.sampled_from(_SETTINGS))
def test_any_preset_value_set_with_rule_reads_back_from_rules_json(target, setting):
    _source, option, value = setting
    doc = json.loads(run("rules", target, "--rule", f"{option}={value}", "--json").output)
    assert doc[option] == value
    others = {k: v for k, v in doc.items() if k not in (option, "name", "throw_penalty_points")}
    expected = {k: v for k, v in PRESETS[target].options().items() if k not in (option, "throw_penalty_points")}
    assert others == expected

"""``tractor ratings`` and byes and walkovers (session 19, task F): it warned "round 3: no match counted for …
a record missing, a bye or a withdrawal?" as ``tractor standings`` does, but had no ``--walkover`` (nor ``--bye``,
``--awards``) to state it.  Now it takes the same options, read by the same parser with the same meaning
(docs/standings.md "Byes and walkovers"): a team stated so is not called missing; no game was played, so no
rating changes.

Each test fails on the code before (the options did not exist: a usage error).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from event_helpers import copy_event, run_cli

WALKOVER = ("--walkover", "3", "Tea House 茶馆", "Iron Oxen")


@pytest.fixture
def event_without_r3t4(tmp_path):
    folder = copy_event(tmp_path)
    (folder / "r3t4.tgn").unlink()          # Iron Oxen against Tea House 茶馆
    return folder


def test_a_stated_walkover_is_not_called_missing_and_changes_no_rating(event_without_r3t4):
    plain = run_cli("ratings", str(event_without_r3t4), "--format", "json")
    assert "a bye or a withdrawal?" in plain.stderr and "Iron Oxen" in plain.stderr
    stated = run_cli("ratings", str(event_without_r3t4), "--format", "json", *WALKOVER)
    assert "a bye or a withdrawal?" not in stated.stderr
    assert json.loads(stated.stdout) == json.loads(plain.stdout)      # no game played: no rating, no match counted
    byes = run_cli("ratings", str(event_without_r3t4), "--format", "json",
                   "--bye", "3", "Tea House 茶馆", "--bye", "3", "Iron Oxen")
    assert "a bye or a withdrawal?" not in byes.stderr
    assert json.loads(byes.stdout) == json.loads(plain.stdout)


def test_the_awards_file_and_its_errors_are_the_standings_ones(event_without_r3t4, tmp_path):
    good = tmp_path / "awards.csv"
    good.write_text("round,team,opponent\n3,Tea House 茶馆,Iron Oxen\n", "utf-8")
    by_file = run_cli("ratings", str(event_without_r3t4), "--format", "json", "--awards", str(good))
    by_option = run_cli("ratings", str(event_without_r3t4), "--format", "json", *WALKOVER)
    assert by_file.stdout == by_option.stdout and by_file.stderr == by_option.stderr
    for args in (("--walkover", "3", "Iron Oxen", "Iron Oxen"), ("--bye", "first", "Iron Oxen"),
                 ("--awards", str(good), "--bye", "3", "Iron Oxen")):
        ratings = run_cli("ratings", str(event_without_r3t4), *args, code=2)
        standings = run_cli("standings", str(event_without_r3t4), *args, code=2)
        assert ratings.output.splitlines()[-1] == standings.output.splitlines()[-1], ratings.output


def test_a_walkover_after_the_rounds_counted_is_left_out_as_in_the_standings(event_without_r3t4):
    # --after-round 2: round 3 is not counted, and neither is what is stated of it (no note about it either)
    r = run_cli("ratings", str(event_without_r3t4), "--after-round", "2", "--walkover", "3", "Nobody", "Iron Oxen")
    assert "Nobody" not in r.stderr
    r = run_cli("ratings", str(event_without_r3t4), "--walkover", "3", "Nobody", "Iron Oxen")
    assert '"Nobody"' in r.stderr          # a team no counted match names: noted, as the standings note it


def test_the_help_and_the_docs_say_it():
    text = run_cli("ratings", "--help").output
    assert "--walkover ROUND WINNER LOSER" in text and "--bye ROUND TEAM" in text and "--awards FILE" in text
    assert "no rating changes" in " ".join(text.split())
    doc = " ".join((Path(__file__).parent.parent / "docs" / "standings.md").read_text("utf-8").split())
    assert "`tractor standings`, `tractor ratings` and `tractor report` alike" in doc
    assert "`tractor ratings --walkover` / `--bye` / `--awards` changes no rating" in doc

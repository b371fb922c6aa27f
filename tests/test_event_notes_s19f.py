"""An organiser's notes (session 19, task F): what the standings' notes say of names, matches and rulesets.

* The tie-range notes (a shared rank whose order is not decided; a place a range of values decides) named each
  team bare — ``Lanterns, Red: tied on match points`` — while docs/standings.md has a name a note quotes between
  double quotes in both halves: a team named with a comma read as two.
* The note on a match left out as not decided named its record alone (``ev4/r3t2.tgn: not decided: …``), while
  its neighbours give ``[Round "3"] [Table "2"]``.
* The note on more than one ruleset said ``"tournament+"`` without saying which options differ from the preset
  (and two matches under one name ending ``+`` with other options were not told apart).

Each test fails on the code before.
"""
from __future__ import annotations

import dataclasses
import re

from event_helpers import bilingual, copy_event, edit_record, event_match, run_cli

from tractor_analysis.dataset.event_model import quoted
from tractor_analysis.dataset.event_warnings import warnings
from tractor_analysis.dataset.standings import select, standings, undecided_notes

LANTERNS = "Lanterns, Red"
Q_TEAM = '<b>"Q"</b> 队'


def m(rnd, ns, ew, levels, spans=(None, None), table="1"):
    return event_match(match_id=f"{rnd}-{ns}-{ew}", round=str(rnd), table=table, teams=(ns, ew),
                       players=(ns + "1", ew + "1", ns + "2", ew + "2"), levels=levels, level_spans=spans,
                       winner=0, decided_by="higher level", source=f"r{rnd}t{table}.tgn")


def _only_quoted(note: str, name: str) -> None:
    """Every place ``note`` names the team ``name`` is its quoted form (docs/standings.md), in both halves."""
    q = quoted(name)
    assert note.count(q) >= 2, note
    assert note.replace(q, "").count(name) == 0, note          # never bare
    en, zh = bilingual(note)
    assert q in en and q in zh


def test_the_notes_of_an_undecided_order_quote_each_team():
    # "Lanterns, Red" beat X at final levels known only as 7..8 : 2 (a difference of 5 to 6); Q beat Y by 5
    games = [m(1, LANTERNS, "X", (None, 2), spans=((7, 8), None)), m(1, Q_TEAM, "Y", (7, 2), table="2")]
    notes = undecided_notes(standings(games))
    tied = [n for n in notes if "order is not decided" in n and LANTERNS in n]     # (the losers X and Y too)
    assert len(tied) == 1, notes
    _only_quoted(tied[0], LANTERNS)
    _only_quoted(tied[0], Q_TEAM)
    assert f"{quoted(Q_TEAM)}, {quoted(LANTERNS)}: tied on match points" in tied[0]      # (in name order)


def test_the_note_of_a_place_a_range_decides_quotes_the_team():
    # "Lanterns, Red": 5 to 6, above Q's 3: its place is derived
    games = [m(1, LANTERNS, "X", (None, 2), spans=((7, 8), None)), m(1, Q_TEAM, "Y", (5, 2), table="2")]
    rows = standings(games)
    ranked = [s.ranked_by_range for s in rows if s.team == LANTERNS]
    assert len(ranked) == 1 and "its place is derived" in ranked[0]
    _only_quoted(ranked[0], LANTERNS)
    assert ranked[0].startswith(f"{quoted(LANTERNS)}: level difference known only as 5 to 6")


def test_a_match_left_out_is_named_with_its_round_and_table():
    undecided = event_match(match_id="m9", round="3", table="2", winner=None, decided_by=None, source="ev/r3t2.tgn")
    unknown_team = event_match(match_id="m8", round="3", table="3", teams=(None, "Q"), source="ev/r3t3.tgn")
    kept, notes = select([undecided, unknown_team])
    assert kept == []
    assert len(notes) == 2, notes
    for note, table in zip(notes, ("2", "3")):
        where = f'ev/r3t{table}.tgn [Round "3"] [Table "{table}"]'
        en, zh = bilingual(note)
        assert en.startswith(f"{where}: ") and zh.startswith(f"{where}："), note
    assert "not decided" in notes[0]


def test_the_ruleset_note_names_the_options_that_differ_from_the_preset(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r1t1.tgn", '[Ruleset "tournament"]', '[Ruleset "standard"]\n[Rule:decide_by_levels "on"]')
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder), "-o", str(ds), "-q")
    for source in (folder, ds):         # the records and the dataset ingest wrote of them say the same
        err = run_cli("standings", str(source)).stderr
        (note,) = [n for n in err.splitlines() if "rulesets" in n]
        en, zh = bilingual(note)
        assert re.search(r'"standard\+", i\.e\. "standard" with decide_by_levels=on \([^)]*r1t1\.tgn\)', en), en
        assert re.search(r'"standard\+"，即 "standard" 改设 decide_by_levels=on（[^）]*r1t1\.tgn）', zh), zh
        assert '"tournament" (' in en and "[Rule:…]" in en and "[Rule:…]" in zh


def test_two_matches_under_one_name_ending_plus_with_other_options_are_two_rulesets():
    void = event_match(match_id="a", source="a.tgn", ruleset="tournament+", rule_changes=(("stopped_hand", "void"),))
    friend = event_match(match_id="b", source="b.tgn", table="2", teams=("R", "S"), players=("e", "f", "g", "h"),
                         ruleset="tournament+", rule_changes=(("friend", "on"), ("stopped_hand", "void")))
    unknown = event_match(match_id="c", source="c.tgn", table="3", teams=("T", "U"), players=("i", "j", "k", "l"),
                          ruleset="tournament+", rule_changes=None)
    notes = [n for n in warnings([void, friend, unknown]) if "rulesets" in n]
    assert len(notes) == 1, notes
    en, zh = bilingual(notes[0])
    assert "played under 3 rulesets" in en and "3 种规则" in zh
    assert '"tournament+", i.e. "tournament" with friend=on and stopped_hand=void (b.tgn)' in en
    assert '"tournament+", i.e. "tournament" with stopped_hand=void (a.tgn)' in en
    assert '"tournament+", i.e. "tournament" with options changed that are not known (c.tgn)' in en
    assert '改设 friend=on、stopped_hand=void（b.tgn）' in zh and "但改设的选项未知（c.tgn）" in zh
    # one ruleset, however many matches: no note
    assert not [n for n in warnings([void, dataclasses.replace(void, match_id="d", source="d.tgn")]) if "rulesets" in n]

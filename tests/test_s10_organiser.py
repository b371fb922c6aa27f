"""Session 10, an organiser's probe: one team split in two rows by ``tractor stats``, the "missing from a
round" note on teams whose match is on record, events merged silently, a player under two team names with
another partner, attackers' points means over different totals (2 and 3 decks), mixed rulesets.
(The pages' "English / 中文" order: tests/test_standings_fixes_s6.py.)"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pandas as pd

from event_helpers import EVENT, NAME, bilingual, copy_event, edit_record, event_match, run_cli
from tractor_analysis.dataset.event_warnings import warnings


def _tag(path: Path, tag: str) -> str:
    return re.search(rf'\[{tag} "(.*)"\]', path.read_text("utf-8")).group(1)


# --- 1. stats: a team name as the standings read it ---------------------------------------------------------

def test_stats_reads_a_team_name_as_the_standings_do(tmp_path):
    folder = copy_event(tmp_path)
    team = _tag(folder / "r1t1.tgn", "TeamNS")
    assert " " in team                                    # "Red Lanterns": spaced three ways below
    edit_record(folder / "r1t1.tgn", f'[TeamNS "{team}"]', f'[TeamNS "{team} "]')
    spaced = [f for f in sorted(folder.glob("r[23]*.tgn")) if team in f.read_text("utf-8")]
    assert len(spaced) == 2, spaced
    edit_record(spaced[0], f'"{team}"', '"' + team.replace(" ", "  ") + '"')
    edit_record(spaced[1], f'"{team}"', '"' + team.replace(" ", "\u3000") + '"')
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder), "-o", str(ds), "-q")
    out = json.loads(run_cli("stats", str(ds), "--by", "team", "--format", "json").stdout)
    for table in ("summary", "standings"):
        names = [r["team"] for r in out[table]]
        assert names.count(team) == 1 and not [n for n in names if n != team and n.split() == team.split()], names
    standings = {r["team"]: r for r in json.loads(run_cli("standings", str(ds), "--format", "json").stdout)}
    mine = next(r for r in out["standings"] if r["team"] == team)
    assert mine["matches"] == standings[team]["played"] == 3
    # the pandas reference reads it the same way
    from tractor_analysis.dataset import load, stats, stats_reference
    loaded = load(ds)
    pd.testing.assert_frame_equal(stats_reference.summary(loaded, "team").reset_index(drop=True),
                                  stats.summary(loaded, "team").reset_index(drop=True), check_dtype=False)


def test_stats_does_not_call_its_ranking_the_standings(tmp_path):
    ds = tmp_path / "ds"
    run_cli("ingest", str(EVENT), "-o", str(ds), "-q")
    text = run_cli("stats", str(ds), "--by", "team", "--table", "standings").stdout
    title = text.splitlines()[0]
    assert title != "Standings 排名" and "by matches won, then levels gained" in title
    en, zh = bilingual(title)
    assert "tractor standings" in en and "tractor standings" in zh and "胜场" in zh


# --- 2. a team whose match of a round is on record but not counted ------------------------------------------

def _headers_only(path: Path) -> None:
    """The record keeps its tags and no hand: not decided (no hand was finished), counted for nobody."""
    text = path.read_text("utf-8")
    path.write_text(text[:text.index("[Hand ")], "utf-8")


def test_a_team_whose_match_is_on_record_is_not_called_missing(tmp_path):
    folder = copy_event(tmp_path)
    _headers_only(folder / "r3t4.tgn")
    ns, ew = _tag(folder / "r3t4.tgn", "TeamNS"), _tag(folder / "r3t4.tgn", "TeamEW")
    for args in (("standings", str(folder)), ("ratings", str(folder))):
        err = run_cli(*args).stderr
        assert "no match counted for" not in err, err
        notes = [n for n in err.splitlines() if n.startswith("round 3:") and "r3t4.tgn" in n]
        assert len(notes) == 1, err
        en, zh = bilingual(notes[0])
        assert ns in en and ew in en and "not counted" in en
        assert ns in zh and ew in zh and "未计入" in zh
    out = tmp_path / "rep"
    run_cli("report", str(folder), "-o", str(out))
    page = out.joinpath("index.html").read_text("utf-8")
    assert "no match counted for" not in page and "r3t4.tgn" in page.split("Please check")[-1]


def test_a_team_with_no_match_on_record_is_still_called_missing(tmp_path):
    folder = copy_event(tmp_path)
    ns = _tag(folder / "r3t4.tgn", "TeamNS")
    (folder / "r3t4.tgn").unlink()
    err = run_cli("standings", str(folder)).stderr
    assert [n for n in err.splitlines() if n.startswith("round 3: no match counted for") and ns in n], err


def _played(ns: str, ew: str, **fields):
    """A match of team ``ns`` (players ``ns1``, ``ns2``) against ``ew``."""
    return event_match(teams=(ns, ew), players=(f"{ns}1", f"{ew}1", f"{ns}2", f"{ew}2"), **fields)


def test_the_note_names_a_match_left_out_for_another_reason_and_not_another_events():
    counted = [_played(*teams, match_id=f"m{r}{t}", round=str(r), table=str(t), source=f"r{r}t{t}")
               for r in (1, 2) for t, teams in ((1, ("P", "Q")), (2, ("R", "S")))]
    counted = counted[:3]                                   # R and S have no counted match in round 2
    same_team = _played("R", "S", match_id="x", round="2", table="2", source="r2t2", winner=None,
                        decided_by="no finished hand")
    other = _played("R", "S", match_id="y", event="Other", round="2", table="2", source="o2t2")
    notes = warnings(counted, counted + [same_team, other])
    assert not [n for n in notes if "no match counted" in n], notes
    left = [n for n in notes if n.startswith("round 2:")]
    assert len(left) == 1 and "r2t2" in left[0] and "o2t2" not in left[0], notes
    notes = warnings(counted, counted + [other])           # another event's match is not this round's
    assert [n for n in notes if "no match counted" in n and '"R"' in n and '"S"' in n], notes


# --- 3. several events merged -------------------------------------------------------------------------------

def test_matches_of_two_events_are_said_to_be_counted_together(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r1t1.tgn", f'[Event "{NAME}"]', '[Event "Other Cup"]')
    for args in (("standings", str(folder)), ("ratings", str(folder))):
        err = run_cli(*args).stderr
        notes = [n for n in err.splitlines() if "2 events" in n]
        assert len(notes) == 1, err
        en, zh = bilingual(notes[0])
        assert f'"{NAME}": 11 match(es)' in en and '"Other Cup": 1 match(es)' in en and "--event" in en
        assert f'"{NAME}"：11 场' in zh and '"Other Cup"：1 场' in zh and "--event" in zh
    err = run_cli("standings", str(folder), "--event", NAME).stderr
    assert "2 events" not in err
    assert "events" not in run_cli("standings", str(EVENT)).stderr


def test_event_names_differing_only_in_spacing_are_not_called_two_events():
    a = event_match(match_id="a", event="Cup")
    b = event_match(match_id="b", event="cup ", round="2", teams=("P", "Q"))
    notes = warnings([a, b])
    assert not [n for n in notes if "2 events" in n] and [n for n in notes if "letter case or spacing" in n]
    c = event_match(match_id="c", event=None, round="2", table="2", teams=("R", "S"))
    assert [n for n in warnings([a, c]) if "2 events" in n and "1 match(es) without [Event]" in n]


# --- 5. a player under two team names, whoever the partner ------------------------------------------------

def test_a_player_under_two_team_names_with_a_substitute_is_noted():
    one = event_match(match_id="a", source="r1t1.tgn", teams=("Bravo", "Q"), players=("b1", "q1", "b2", "q2"))
    two = event_match(match_id="b", source="r2t2.tgn", round="2", table="2", teams=("Bravo United", "Q"),
                      players=("b1", "q1", "x9", "q2"))
    notes = [n for n in warnings([one, two]) if n.startswith('"b1" ')]     # (a name a note quotes: quoted, s18)
    assert len(notes) == 1, warnings([one, two])
    en, zh = bilingual(notes[0])
    assert '"Bravo" (round 1: r1t1.tgn)' in en and '"Bravo United" (round 2: r2t2.tgn)' in en
    assert "2 team names" in en and "b1" in zh and '"Bravo"（第 1 轮：r1t1.tgn）' in zh
    # the same pair under two names: the pair's note says it, once
    same = event_match(match_id="c", source="r2t2.tgn", round="2", table="2", teams=("Bravo United", "Q"),
                       players=("b1", "q1", "b2", "q2"))
    notes = warnings([one, same])
    assert len([n for n in notes if "Bravo United" in n and "team names" in n]) == 1, notes
    assert not [n for n in notes if n.startswith('"b1" plays')], notes


# --- 7. attackers' points never averaged over 2-deck and 3-deck hands ---------------------------------------

def _two_and_three_decks(tmp_path: Path) -> Path:
    folder = tmp_path / "mix"
    folder.mkdir()
    for rules, name in (("standard", "a.tgn"), ("three-deck", "b.tgn")):
        run_cli("simulate", "-n", "1", "--max-hands", "3", "--rules", rules, "-o", str(tmp_path / rules))
        shutil.copy(tmp_path / rules / "match-00001.tgn", folder / name)
    return folder


def test_attackers_points_are_split_by_decks(tmp_path):
    folder = _two_and_three_decks(tmp_path)
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder), "-o", str(ds), "-q")
    from tractor_analysis.dataset import load, stats, stats_reference
    loaded = load(ds)
    for by in ("player", "team", "ruleset"):
        summary = stats.summary(loaded, by)
        assert "attack_points_mean" not in summary and "attack_points_mean_2d" in summary
        assert "attack_points_median_3d" in summary
        pd.testing.assert_frame_equal(stats_reference.summary(loaded, by).reset_index(drop=True),
                                      summary.reset_index(drop=True), check_dtype=False)
    # each figure over the hands of one decks count only
    hands = loaded.hands
    attacked = hands[hands["attackers_total"].notna() & hands["outcome"].notna()]
    by_match = stats.summary(loaded, "match").set_index("match")
    for (match, decks), g in attacked.groupby(["match_id", "decks"]):
        other = 5 - int(decks)
        assert by_match.loc[match, f"attack_points_mean_{int(decks)}d"] == g["attackers_total"].mean()
        assert pd.isna(by_match.loc[match, f"attack_points_mean_{other}d"])
    text = run_cli("stats", str(ds), "--table", "summary").stdout
    assert "pts mean, 2 decks / 闲家均分（2 副）" in text and "pts mean, 3 decks" in text
    # one decks count: the columns as before
    one = tmp_path / "one"
    run_cli("ingest", str(EVENT), "-o", str(one), "-q")
    assert "attack_points_mean" in stats.summary(load(one), "player")


def test_the_report_splits_attackers_points_by_decks(tmp_path):
    folder = _two_and_three_decks(tmp_path)
    out = tmp_path / "rep"
    run_cli("report", str(folder), "-o", str(out))
    page = out.joinpath("index.html").read_text("utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Attackers' points by decks / 闲家得分（按副数）" in text.replace("&#39;", "'")
    assert "pts mean, 2 decks / 闲家均分（2 副）" in page and "pts mean, 3 decks / 闲家均分（3 副）" in page
    assert "pts mean / 闲家均分" not in page


# --- 8. mixed rulesets among the counted matches --------------------------------------------------------------

def test_mixed_rulesets_are_named_with_their_matches():
    a = event_match(match_id="a", source="r1t1.tgn", ruleset="tournament")
    b = event_match(match_id="b", source="r1t2.tgn", table="2", teams=("R", "S"), ruleset="standard")
    c = event_match(match_id="c", source="r2t1.tgn", round="2", teams=("P", "R"), ruleset="tournament")
    notes = [n for n in warnings([a, b, c]) if "rulesets" in n]
    assert len(notes) == 1
    en, zh = bilingual(notes[0])
    assert '"standard" (r1t2.tgn)' in en and '"tournament" (r1t1.tgn, r2t1.tgn)' in en
    assert '"standard"（r1t2.tgn）' in zh and "[Ruleset]" in zh
    assert not [n for n in warnings([a, c]) if "rulesets" in n]


def test_standings_and_a_dataset_name_the_rulesets_of_the_matches_counted(tmp_path):
    """The note reaches the commands: each match's ruleset is read from its record (and from a dataset, as
    ingest stored it); before, ``EventMatch.ruleset`` was never set, so no command said it."""
    folder = copy_event(tmp_path)
    first = sorted(folder.glob("*.tgn"))[0]
    text = first.read_text("utf-8")
    ruleset = _tag(first, "Ruleset")
    other = "standard" if ruleset != "standard" else "tournament"
    first.write_text(text.replace(f'[Ruleset "{ruleset}"]', f'[Ruleset "{other}"]\n[Rule:decide_by_levels "on"]'),
                     "utf-8")           # (decided as the event's own matches are: counted)
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder), "-o", str(ds), "-q")
    for source in (folder, ds):
        err = run_cli("standings", str(source)).stderr
        notes = [n for n in err.splitlines() if "rulesets" in n]
        assert len(notes) == 1, err
        en, zh = bilingual(notes[0])
        # (the options changed from the preset named after it: tests/test_event_notes_s19f.py)
        assert re.search(rf'"{other}\+?"(, i\.e\. "{other}" with decide_by_levels=on)? \([^)]*{re.escape(first.name)}\)',
                         en), en
        assert f'"{ruleset}"' in en and "规则" in zh

"""The match forfeit of the tournament rule (seed 001, rules 五 and 七: three wrong follows, or
three take-backs, by a side in a match forfeit it; docs/rules.md §10.1–§10.2).

* Why a side forfeited is said as it was: take-backs are not called wrong follows, in either
  language, in ``tractor check`` (text and ``--json``'s ``forfeit_reason``) and in the result's
  wording (``explain_hand.match_decision_text``).
* Both sides reaching the count at the end of the same hand: the rule does not say which side
  loses; the project's reading is that both forfeit and no team wins — never N–S picked for it.
  The replay, ``check`` (text and JSON), the dataset (``forfeit`` ``"both"``, ``match_results`` of
  the SQL and of the pandas reference) and the standings (each side the forfeit's points and a
  loss, nobody a win) all say so.
"""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.event import from_dataset, from_inputs
from tractor_analysis.dataset.standings import Points, select, standings
from tractor_analysis.engine.explain_hand import match_decision_text
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import decide_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn

ZERO_BOTTOM = "C3 C3 C4 C4 C6 C6 C7 C7"
"""A bottom of no points, of cards none of the hands below plays."""

HEAD = """[Event "Forfeit Cup"]
[Round "1"]
[Table "1"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[TeamNS "Owls"]
[TeamEW "Foxes"]
[Ruleset "tournament"]
"""


def _position(number: int, dealer: str, tricks: list[tuple[str, ...]], extra: str = "") -> str:
    """A hand played out from a position (``[SetUp]``: each seat holds what it plays, the bottom
    given), so that it has an outcome; ``tricks`` are the cards in order from the dealer, who
    leads every trick (each trick below is won by its leader or by the last seat)."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    held = {s: [] for s in "NESW"}
    lines = []
    for i, cards in enumerate(tricks, 1):
        for s, c in zip(seats, cards):
            held[s].append(c)
        lines.append(f"{i}. " + ", ".join(f"{s}: {c}" for s, c in zip(seats, cards)))
    deal = "\n".join(f"{s}: {' '.join(held[s])}" for s in "NESW")
    return (f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "H"]\n{extra}[SetUp "1"]\n[Points "0"]\n'
            f"{deal}\nBuried: {ZERO_BOTTOM}\n" + "\n".join(lines) + "\n")


def _both_wrong_follows(number: int, dealer: str) -> str:
    """A hand in which each side makes one wrong follow: on the dealer's ♠A the next seat
    discards ♦9 holding ♠7 and the dealer's partner ♦8 holding ♠K (both played in trick 2)."""
    return _position(number, dealer, [("SA", "D9", "D8", "S9"), ("DJ", "S7", "SK", "DQ")])


def _take_back(number: int, dealer: str, takebacks: str) -> str:
    """A hand with take-backs (悔牌) recorded, played without a wrong follow."""
    return _position(number, dealer, [("SA", "S7", "S8", "S9")], extra=f'[Takebacks "{takebacks}"]\n')


BOTH = HEAD + _both_wrong_follows(1, "N") + _both_wrong_follows(2, "S") + _both_wrong_follows(3, "N")
"""Three hands, each with a wrong follow by each side: both reach three at the end of hand 3."""
TAKE_BACKS = HEAD + _take_back(1, "N", "E") + _take_back(2, "S", "W E")
"""E–W take three plays back over two hands: E–W forfeit, for take-backs."""
OTHER = HEAD.replace('[Table "1"]', '[Table "2"]').replace('"Owls"', '"Hares"').replace('"Foxes"', '"Moles"') \
    .replace("Ann", "Eve").replace("Bo", "Fay").replace("Cy", "Gus").replace("Di", "Hal") + _take_back(1, "N", "")
"""Another match of the round, which N–S (Hares) win on levels: the standings have a winner to compare."""


def _match(text: str):
    matches, diags = parse_tgn(text)
    assert [d for d in diags if d.code not in ("missing_deal",)] == [], diags
    return matches[0]


def _replay(text: str):
    return replay_match(_match(text), PRESETS["tournament"])


def _check(tmp_path, text: str, *args: str):
    path = tmp_path / "m.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(path), *args], catch_exceptions=False)


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


# --- take-backs are named as take-backs -------------------------------------------------

def test_check_says_a_forfeit_for_take_backs_is_for_take_backs_in_text_and_json(tmp_path):
    out = _plain(_check(tmp_path, TAKE_BACKS).output)
    line = next(ln for ln in out.splitlines() if "forfeit the match" in ln)
    assert "EW forfeit the match (take-backs" in line and "EW 方悔牌累计 3 次，判负" in line
    assert "wrong follow" not in out and "跟牌错误" not in line
    doc = json.loads(_check(tmp_path, TAKE_BACKS, "--json").output)
    match = doc["files"][0]["matches"][0]
    assert (match["winner"], match["forfeit"], match["decided_by"]) == ("NS", "EW", "forfeit")
    assert match["forfeit_reason"] == {"EW": "take-backs"}


def test_the_result_of_a_forfeit_for_take_backs_names_take_backs():
    result = _replay(TAKE_BACKS)
    assert (result.forfeit, result.winner, result.decided_by) == (1, 0, "forfeit")
    assert result.forfeit_reasons == (None, "take-backs") and result.forfeit_reason == "take-backs"
    team, how = decide_match(result)
    en, zh = match_decision_text("NS" if team == 0 else "EW", how, result.forfeit_reasons)
    assert (en, zh) == ("NS won the match: the other side forfeited (take-backs)", "NS 方获胜：对方悔牌累计判负")


# --- both sides reach the count in the same hand -----------------------------------------

def test_both_sides_reaching_three_wrong_follows_in_one_hand_both_forfeit_and_nobody_wins():
    result = _replay(BOTH)
    assert [h.revoke_levels for h in result.hands] == [(1, 1)] * 3
    assert result.forfeit_reasons == ("wrong follows", "wrong follows") and result.both_forfeit
    assert (result.forfeit, result.winner, result.decided_by) == (None, None, "both forfeit")
    assert decide_match(result) == (None, "both forfeit")
    en, zh = match_decision_text(None, "both forfeit", result.forfeit_reasons)
    assert en == "no team wins: both sides forfeited the match (NS wrong follows; EW wrong follows)"
    assert zh == "无胜方：双方均累计判负（南北跟牌错误；东西跟牌错误）"
    two = _replay(BOTH.split('\n[Hand "3"]')[0])       # two each: nobody has forfeited yet
    assert two.forfeit_reasons == (None, None) and two.decided_by != "both forfeit"


def test_wrong_follows_by_one_side_and_take_backs_by_the_other_in_one_hand_both_forfeit():
    text = (HEAD + _both_wrong_follows(1, "N") + _both_wrong_follows(2, "S")
            + _position(3, "N", [("SA", "S7", "D8", "S9"), ("DJ", "S8", "SK", "DQ")],
                        extra='[Takebacks "E E W"]\n'))
    result = _replay(text)
    assert result.forfeit_reasons == ("wrong follows", "take-backs")
    assert (result.forfeit, result.winner, result.decided_by) == (None, None, "both forfeit")


def test_check_says_both_sides_forfeit_in_text_and_json(tmp_path):
    out = _plain(_check(tmp_path, BOTH).output)
    line = next(ln for ln in out.splitlines() if "forfeit the match" in ln)
    assert "both sides forfeit the match, no team wins" in line and "双方均判负，无胜方" in line
    assert "NS forfeit the match" not in out
    doc = json.loads(_check(tmp_path, BOTH, "--json").output)
    match = doc["files"][0]["matches"][0]
    assert (match["winner"], match["forfeit"], match["decided_by"]) == (None, "both", "both forfeit")
    assert match["forfeit_reason"] == {"NS": "wrong follows", "EW": "wrong follows"}


def test_the_dataset_stores_both_and_decides_no_winner(tmp_path):
    path = tmp_path / "m.tgn"
    path.write_text(BOTH, encoding="utf-8")
    ds_path = str(tmp_path / "ds")
    res = CliRunner().invoke(main, ["ingest", str(path), "-o", ds_path, "--workers", "1"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    ds = load(ds_path)
    assert list(ds.matches["forfeit"]) == ["both"] and ds.matches["winner"].isna().all()
    for results in (stats.match_results(ds), stats_reference.match_results(ds)):
        row = results.iloc[0]
        assert row["winner"] is None or row["winner"] != row["winner"]          # None / NaN: no winner
        assert row["decided_by"] == "both forfeit"
    table = stats.standings(ds)
    assert sorted(zip(table["team"], table["won"], table["lost"])) == [("Foxes", 0, 1), ("Owls", 0, 1)]
    stored = from_dataset(ds_path)
    assert [(m.winner, m.forfeit, m.decided_by) for m in stored] == [(None, None, "both forfeit")]


def test_standings_give_both_sides_the_forfeit_and_nobody_a_win(tmp_path):
    (tmp_path / "t1.tgn").write_text(BOTH, encoding="utf-8")
    (tmp_path / "t2.tgn").write_text(OTHER, encoding="utf-8")
    records, problems = from_inputs([str(tmp_path / "t1.tgn"), str(tmp_path / "t2.tgn")])
    assert len(records) == 2, problems
    ds_path = str(tmp_path / "ds")
    res = CliRunner().invoke(main, ["ingest", str(tmp_path), "-o", ds_path, "--workers", "1"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    for matches in (records, from_dataset(ds_path)):
        kept, notes = select(matches)
        assert len(kept) == 2, notes                 # the match both forfeited counts
        rows = {s.team: s for s in standings(kept, Points(win=3, loss=1, forfeit=-1))}
        assert (rows["Owls"].won, rows["Owls"].lost, rows["Owls"].match_points) == (0, 1, -1)
        assert (rows["Foxes"].won, rows["Foxes"].lost, rows["Foxes"].match_points) == (0, 1, -1)
        assert rows["Hares"].won == 1
    out = CliRunner().invoke(main, ["standings", str(tmp_path / "t1.tgn"), str(tmp_path / "t2.tgn"),
                                    "--format", "json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    by_team = {r["team"]: r for r in json.loads(out.stdout)}
    assert {t: (r["won"], r["lost"], r["match_points"]) for t, r in by_team.items() if t in ("Owls", "Foxes")} \
        == {"Owls": (0, 1, 0), "Foxes": (0, 1, 0)}


def test_the_event_pages_credit_no_win_when_both_forfeit(tmp_path):
    from tractor_analysis.reports.event_pages import event_view

    (tmp_path / "t1.tgn").write_text(BOTH, encoding="utf-8")
    view = event_view(from_inputs([str(tmp_path / "t1.tgn")])[0])
    (row,) = view.rounds[-1].results
    assert row.winner is None and row.winner_side is None
    assert (row.short_en, row.short_zh) == ("both forfeit, no winner", "双方判负，无胜方")
    assert all(s.won == 0 and s.lost == 1 for s in view.rounds[-1].standings)


def test_the_match_page_names_take_backs_and_both_forfeits():
    from tractor_analysis.reports.match_page import match_view

    view = match_view(_match(TAKE_BACKS), _replay(TAKE_BACKS), key="t")
    assert view.forfeit_note == "E–W forfeit the match (take-backs: 3 in a match forfeit it) / E–W 方悔牌累计 3 次，判负"
    assert view.result_text == "N–S won the match: the other side forfeited (take-backs) / N–S 方获胜：对方悔牌累计判负"
    both = match_view(_match(BOTH), _replay(BOTH), key="b")
    assert both.winner is None and both.forfeit is None
    assert both.forfeit_note.startswith("both sides forfeit the match, no team wins")
    assert both.result_text.startswith("no team wins: both sides forfeited the match")


def test_a_take_back_penalty_is_said_in_the_hand_line_json_and_hand_page(tmp_path):
    """A hand's take-back penalty (悔牌, §10.2) is said where its wrong-follow penalty is: the
    ``check`` hand line, ``--json`` (``takeback_levels``, present only when a side lost a level)
    and the HTML hand page (before: the levels after dropped by one with nothing saying why)."""
    path = tmp_path / "tb.tgn"
    path.write_text(HEAD + _take_back(1, "N", "E"), encoding="utf-8")
    text = CliRunner().invoke(main, ["check", str(path)]).output
    assert "take-back penalty 悔牌罚级 EW −1" in text
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    (hand,) = doc["files"][0]["hands"]
    assert hand["takeback_levels"] == {"NS": 0, "EW": 1} and "revoke_levels" not in hand
    out = tmp_path / "report"
    run = CliRunner().invoke(main, ["report", str(path), "-o", str(out)])
    assert run.exit_code == 0, run.output
    pages = [p.read_text(encoding="utf-8") for p in out.rglob("*.html")]
    assert any('id="takeback">E–W −1 (included' in p and "悔牌罚级" in p for p in pages)


def test_the_dataset_keeps_why_a_side_forfeited_and_the_event_pages_say_it_from_either(tmp_path):
    """The matches table's forfeit_reason (check --json's object): before it, a dataset's standings
    and event pages said "the other side forfeited" without why, while the records' said take-backs."""
    from tractor_analysis.reports.event_pages import event_view

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "t1.tgn").write_text(TAKE_BACKS, encoding="utf-8")
    (tmp_path / "in" / "t2.tgn").write_text(BOTH.replace('[Table "1"]', '[Table "3"]'), encoding="utf-8")
    ds_path = str(tmp_path / "ds")
    res = CliRunner().invoke(main, ["ingest", str(tmp_path / "in"), "-o", ds_path, "--workers", "1"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    stored = dict(zip(load(ds_path).matches["forfeit"], load(ds_path).matches["forfeit_reason"]))
    assert json.loads(stored["EW"]) == {"EW": "take-backs"}
    assert json.loads(stored["both"]) == {"NS": "wrong follows", "EW": "wrong follows"}
    records = from_inputs([str(tmp_path / "in")])[0]
    for matches in (records, from_dataset(ds_path)):
        by_table = {m.table: m for m in matches}
        assert by_table["1"].forfeit_reasons == (None, "take-backs")
        assert by_table["3"].forfeit_reasons == ("wrong follows", "wrong follows")
        rows = {r.table: r for r in event_view(matches).rounds[-1].results}
        assert "take-backs" in rows["1"].how_en and "悔牌" in rows["1"].how_zh
        assert "wrong follows" in rows["3"].how_en


PASS_AND_FORFEIT = """[Event "Cup"]
[North "r1"]
[East "b1"]
[South "r2"]
[West "b2"]
[Ruleset "tournament"]
[Levels "NS:2 EW:10"]

[Hand "1"]
[Dealer "E"]
[Level "10"]
[Trump "S"]
[ResultOnly "yes"]
[Takebacks "E E W"]
[Claim "30"]
"""
"""E–W hold at 10 (passing it) and take back their third play in the same hand."""


def test_a_side_reaching_the_forfeit_count_in_the_hand_it_passes_forfeits(tmp_path):
    """Before: "EW won the match: passed 10" with E–W's final level 7 and the forfeit dropped."""
    result = replay_match(_match(PASS_AND_FORFEIT))
    assert result.levels_final == (2, 7) and result.forfeit_reasons == (None, "take-backs")
    assert (result.winner, result.decided_by) == (0, "forfeit")
    assert not result.hands[0].outcome.match_over        # the hand does not say it won the match
    out = _plain(_check(tmp_path, PASS_AND_FORFEIT).output)
    assert "EW forfeit the match (take-backs" in out and "passed 10" not in out and "match won" not in out
    ds_path = str(tmp_path / "ds")
    res = CliRunner().invoke(main, ["ingest", str(tmp_path / "m.tgn"), "-o", ds_path], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    (row,) = stats.match_results(load(ds_path)).to_dict("records")
    assert (row["winner"], row["decided_by"]) == ("NS", "forfeit")


def test_the_printed_results_name_why_a_side_forfeited():
    """Before: the short result said "对方判负 forfeit" though the match says take-backs."""
    from tractor_analysis.reports.event_pages import event_view

    view = event_view([_event_match(TAKE_BACKS)])
    (row,) = view.rounds[-1].results
    assert (row.short_en, row.short_zh) == ("the other side forfeited (take-backs)", "对方悔牌累计判负")


def _event_match(text: str):
    from tractor_analysis.dataset.event import from_result

    match = _match(text)
    return from_result("m", match, _replay(text))


def test_the_match_page_counts_take_backs_beside_wrong_follows(tmp_path):
    """Before: a match forfeited for take-backs showed "Revoke penalties N–S 0 · E–W 0 (of 3 that
    forfeit the match)" and no take-back count at all."""
    from tractor_analysis.reports.match_page import match_view

    view = match_view(_match(TAKE_BACKS), _replay(TAKE_BACKS), key="t")
    assert view.takebacks == (0, 3) and view.revokes == (0, 0) and view.variant.takeback_penalty
    path = tmp_path / "tb.tgn"
    path.write_text(TAKE_BACKS, encoding="utf-8")
    out = tmp_path / "report"
    assert CliRunner().invoke(main, ["report", str(path), "-o", str(out)]).exit_code == 0
    page = next(p for p in out.glob("m-*.html") if "-h" not in p.name).read_text("utf-8")
    assert 'id="takebacks">N–S 0 · E–W 3 (of 3 that forfeit the match' in page and "悔牌罚级" in page

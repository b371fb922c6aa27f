"""Referee's audit: violation positions (``locate.violation_position``) — the line and column a
diagnostic points at, in TGN records (tabs, full-width spaces, newlines, duplicate tags and lines,
repeated trick and hand numbers) and none in JSON records.

Every record here is constructed by hand (tests/record_builders.py): a deal with the cards the
declarations need, the buries chosen by the test, the bury chain computed there (not by the
engine), and the hand played out in single cards (a single lead is followed in its suit group when
possible, which is always legal).
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tractor_analysis.records.cards import BJ, parse_cards
from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json, parse_json
from tractor_analysis.records.locate import violation_position
from tractor_analysis.engine.replay import replay_match

from record_builders import N, E, _play_out, _toks, _replay, _codes, _plain_hand, _text


# --- positions ------------------------------------------------------------------------------

@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_positions_count_characters_after_tabs_and_full_width_spaces(newline, tmp_path):
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    text = _text(deal, bottom, bury, tricks)
    # a big joker the dealer never held, after a tab and an ideographic space, full-width colon
    bj = "BJ" if BJ not in deal[N] + bottom else "LJ"
    joker = parse_cards(bj)[0]
    assert joker not in deal[N] + bottom
    text = text.replace("Buried: ", f"\t\u3000Buried\uff1a {bj} ", 1)
    lines = text.split("\n")
    line_no = next(i for i, x in enumerate(lines, 1) if "Buried" in x)
    text = text.replace("\n", newline)
    match, diags, result = _replay(text)
    assert diags == []
    bad = [v for v in result.hands[0].violations if v.code == "bad_bury"]
    assert bad and all(violation_position(match.hands[0], v) == (line_no, 3) for v in bad)
    path = tmp_path / "pos.tgn"
    path.write_bytes(text.encode("utf-8"))
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    got = [(v["line"], v["column"]) for v in doc["files"][0]["hands"][0]["violations"] if v["code"] == "bad_bury"]
    assert got and set(got) == {(line_no, 3)}
    out = CliRunner().invoke(main, ["check", str(path)]).output
    assert f"{path}:{line_no}:3" in out


def test_a_duplicate_tag_or_line_points_at_the_one_that_counts():
    """The later of two [Level] tags, and of two Buried: lines, is used — and pointed at."""
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    text = _text(deal, bottom, bury, tricks, levels="NS:2 EW:2")
    text = text.replace('[Level "2"]', '[Level "2"]\n[Level "3"]')
    bad_bury = "Buried: " + _toks(bury[1:])
    text = text.replace("Buried: ", bad_bury + "\nBuried: ", 1)       # the first is short, ignored
    match, diags, result = _replay(text)
    assert sorted(d.code for d in diags) == ["duplicate_tag", "duplicate_tag"]
    lines = text.splitlines()
    h = result.hands[0]
    level = next(v for v in h.violations if v.code == "level_mismatch")
    assert violation_position(match.hands[0], level) == (lines.index('[Level "3"]') + 1, 1)
    assert "bad_bury" not in _codes(h)
    # now the later Buried: line is the wrong one
    text2 = text.replace(bad_bury + "\nBuried: " + _toks(bury), "Buried: " + _toks(bury) + "\n" + bad_bury)
    match, _, result = _replay(text2)
    v = next(v for v in result.hands[0].violations if v.code == "bad_bury")
    lines = text2.splitlines()
    assert violation_position(match.hands[0], v) == (lines.index(bad_bury) + 1, 1)


def test_a_position_points_at_the_play_with_first_trick_numbers():
    text = """[Event "disputed"]
[Ruleset "standard"]

[Hand "7"]
[SetUp "1"]
[Trump "D"]
[Level "2"]
[FirstTrick "20"]
N: SA S3
E: S5 C4
S: SK S4
W: C9 S6
20. N: SA,\tE: C4, S: S4, W: S6
21. W: C9, N: S3, E: S5, S: SK
"""
    match, diags, result = _replay(text)
    assert diags == []
    h = result.hands[0]
    follow = [v for v in h.violations if v.code == "follow_suit"]
    assert [(v.trick, v.seat) for v in follow] == [(20, E)]          # E held ♠5
    line = text.splitlines()[12]
    assert violation_position(match.hands[0], follow[0]) == (13, line.index("E: C4") + 1)


def test_a_missing_play_points_at_its_trick_line():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    seat = tricks[9][2][0]
    tricks[9] = [p for p in tricks[9] if p[0] != seat]
    tricks[9][1], tricks[9][2] = tricks[9][2], tricks[9][1]   # out of order too: not a gap to fill in (record_gaps)
    text = _text(deal, bottom, bury, tricks)
    match, _, result = _replay(text)
    v = next(v for v in result.hands[0].violations if v.trick == 10 and v.seat == seat)
    lines = text.splitlines()
    assert violation_position(match.hands[0], v) == (next(i for i, x in enumerate(lines, 1)
                                                           if x.startswith("10. ")), 1)


def test_a_json_record_gives_no_positions():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    match, _, _ = _replay(_text(deal, bottom, bury[1:], tricks))
    back = parse_json(format_json(match))[0][0]
    result = replay_match(back)
    v = next(v for v in result.hands[0].violations if v.code == "bad_bury")
    assert violation_position(back.hands[0], v) == (0, 0)


def test_a_repeated_trick_number_still_points_at_the_right_line():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    tricks[5][1], tricks[5][2] = tricks[5][2], tricks[5][1]       # trick 6 played out of turn
    text = _text(deal, bottom, bury, tricks).replace("\n6. ", "\n5. ")
    match, diags, result = _replay(text)
    assert "trick_sequence" in {d.code for d in diags}
    lines = text.splitlines()
    second = [i for i, x in enumerate(lines, 1) if x.startswith("5. ")][1]
    v = next(v for v in result.hands[0].violations if v.code == "out_of_turn")
    # with the hand's result the trick is found by its place in the hand (check, replay and
    # ingest pass it); by number alone the first trick 5 would be named
    assert violation_position(match.hands[0], v, result.hands[0])[0] == second


def test_a_repeated_hand_number_still_points_into_its_own_hand(tmp_path):
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    good = _text(deal, bottom, bury, tricks)
    bad = good.replace("Buried: " + _toks(bury), "Buried: " + _toks(bury[1:]))
    body = bad.split('[Hand "1"]', 1)[1]
    text = good + '\n[Hand "1"]' + body
    path = tmp_path / "twice.tgn"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    buried_lines = [i for i, x in enumerate(lines, 1) if x.startswith("Buried:")]
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    got = [(v["line"], v["column"]) for hand in doc["files"][0]["hands"] for v in hand["violations"]
           if v["code"] == "bad_bury"]
    assert got == [(buried_lines[1], 1)]

"""Three things ``tractor analyse`` showed wrong (a player's tester, session 21).

1. A failed throw written as if it stood (the whole throw the play, no ``->``), which the replay judged
   failed and charged (docs/rules.md §4.6): its value after left the penalty out (N ``110 → 170`` then E
   ``190 → 190``, the real result 190).  Now the value after it counts the penalty as the replay does
   (``110 → 190``), in text and ``--json``, as a throw written ``attempted -> forced`` always did.
2. A position whose hands hold more copies of a card than the decks of the rules used have (E ``HA HA`` with
   ``--rules one-deck``, or ``[Ruleset "one-deck"]``) was valued, with a negative cost (``cost -50``), and
   ``check --rules one-deck`` said nothing: the reader counts copies against the record's own ruleset before
   ``--rules`` is known.  Now the replay counts a position's cards against the rules used (a ``deal_mismatch``
   record finding), such a hand is not analysed (a bilingual reason), and a play the search does not generate
   gets no value before, no cost, and a note — an internal error for a play judged legal — never a negative cost.
3. Text: the "illegal play 违规出牌" marker kept on a play not searched; "the 1 play before it was not
   searched"; stdout flushed before a progress line on stderr; the hand page's analysis row lists the play as
   ``tractor analyse`` does (as the record writes it, beside the best plays in card-kind order), not as held
   (high first, the trick's own display).
"""
from __future__ import annotations

import dataclasses
import io
import json
import re
import sys

import pytest
from click.testing import CliRunner

from tractor_analysis.analysis import solver as solver_module
from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.analysis.solver import Budget, Solver
from tractor_analysis.cli import analyse_cmd
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import TOKEN, parse_cards
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.analysis import analysis_of
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.match_page import match_view

RUFF = """[Event "Probe ruff"]
[Ruleset "standard"]

[Hand "5"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[SetUp "1"]
[Points "50"]
[FirstTrick "25"]
N: D3 D3 D4
E: S4 S4 S6
S: D6 D7 D8
W: C3 C4 C6
Buried: C5 C5 D10 DK H8 H9 C3 C4
25. N: D3 D3 D4, E: S4 S4 S6, S: D6 D7 D8, W: C3 C4 C6
"""

TWO_ACES = """[Event "Probe T"]
[Ruleset "{ruleset}"]

[Hand "5"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[SetUp "1"]
[Points "50"]
[FirstTrick "25"]
N: C7 C8 S3
E: HA HA HK
S: H3 H4 C6
W: D3 D4 D6
Buried: C5 D10 DK H8 H9 C3
25. E: HA HA HK, S: H3 H4 C6, W: D3 D4 D6, N: C7 C8 S3
"""

ILLEGAL = """[Event "Spring Cup"]
[Ruleset "standard"]

[Hand "11"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "65"]
[FirstTrick "20"]
N: H9 H9 H3 SA D6 C4
E: H5 H4 H2 SK DJ C9
S: HA H10 S3 D9 CJ CQ
W: HQ HQ HK D5 D5 C8
Buried: C5 C5 D10 H6 H7 H8 C3 C6
20. W: HQ HQ, N: H9 H3, E: H5 H2, S: HA H10
21. W: D5 D5, N: D6 C4, E: DJ C9, S: D9 CJ
22. W: HK, N: H9, E: H4, S: S3
23. S: CQ, W: C8, N: SA, E: SK
"""

BF201 = """[Event "bf 201"]
[Ruleset "standard"]

[Hand "5"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "20"]
[FirstTrick "22"]
N: H10 HA HQ SA
E: CJ D3 H7 S4
S: C9 CA D6 SK
W: C8 H3 H4 H5
Buried: S5 D4 H6 S8 DQ DJ D8 D10
22. W: H5, N: HQ, E: H7, S: SK
23. N: HA, E: CJ, S: C9, W: H4
24. N: SA, E: S4, S: CA, W: H3
25. W: C8, N: H10, E: D3, S: D6
"""

RUFF_PAGE = """[Event "Probe page"]
[Ruleset "standard"]

[Hand "5"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[SetUp "1"]
[Points "50"]
[FirstTrick "24"]
N: H3 H4 H6 H7 D3
E: HJ HJ HQ HQ DA
S: C6 C7 C8 S3 D4
W: D6 D7 D8 D9 D5
Buried: C5 C5 D10 DK H8 H9 C3 C4
24. E: HJ HJ HQ HQ, S: C6 C7 C8 S3, W: D6 D7 D8 D9, N: H3 H4 H6 H7
25. E: DA, S: D4, W: D5, N: D3
"""


def _write(tmp_path, text: str, name: str = "rec.tgn") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _analyse_json(path: str, *args: str) -> dict:
    r = _run("analyse", path, "--json", *args)
    return json.loads(r.stdout)["hands"][0]


# --- 1. the failed throw written as if it stood ----------------------------------------------------------------

@pytest.mark.parametrize("rules, before, total", [("tournament", 110, 190), ("botzone", 80, 180)])
def test_a_failed_throw_written_as_played_is_valued_with_its_penalty(tmp_path, rules, before, total):
    path = _write(tmp_path, RUFF)
    doc = _analyse_json(path, "--last", "1", "--rules", rules)
    lead, *follows = doc["plays"]
    assert lead["seat"] == "N" and lead["legal"] is False and "attempted" not in lead
    assert doc["result"] == total
    # the value after the throw counts the penalty the replay counted: it is the next play's value before
    assert lead["value_before"] == before and lead["value_after"] == total == follows[0]["value_before"]
    assert lead["value_after_from_position"] == total - 50
    text = _run("analyse", path, "--last", "1", "--rules", rules).stdout
    assert re.search(rf"♦3 ♦3 ♦4\s+{before} → {total}\s+illegal play", text), text


def test_each_value_after_is_the_next_plays_value_before(tmp_path):
    matches, _ = parse_tgn(RUFF)
    from tractor_analysis.records.rulesets import build_ruleset
    h = replay_match(matches[0], build_ruleset("tournament", ())[0]).hands[0]
    a = analyse_hand(h, 1, Budget())
    assert [p.value_after for p in a.plays[:-1]] == [p.value_before for p in a.plays[1:]]
    assert a.plays[-1].value_after == a.result == 190


# --- 2. hands holding more copies than the decks of the rules used ---------------------------------------------

def test_check_counts_a_positions_copies_against_the_rules_used(tmp_path):
    path = _write(tmp_path, TWO_ACES.format(ruleset="standard"))
    plain = json.loads(_run("check", path, "--json").stdout)["files"][0]["hands"][0]
    assert not any(v["code"] == "deal_mismatch" for v in plain["violations"])     # two decks: two ♥A
    doc = json.loads(_run("check", path, "--json", "--rules", "one-deck").stdout)["files"][0]["hands"][0]
    found = [v for v in doc["violations"] if v["code"] == "deal_mismatch"]
    assert len(found) == 1 and found[0]["about"] == "record" and found[0]["seat"] is None
    assert "2 copies of ♥A" in found[0]["message_en"] and "2 张 ♥A" in found[0]["message_zh"]
    text = _run("check", path, "--rules", "one-deck").stdout
    assert "deal_mismatch" in text and "0 record findings" not in text


@pytest.mark.parametrize("ruleset, override", [("standard", ("--rules", "one-deck")), ("one-deck", ())])
def test_a_position_impossible_under_its_rules_is_not_analysed(tmp_path, ruleset, override):
    path = _write(tmp_path, TWO_ACES.format(ruleset=ruleset))
    doc = _analyse_json(path, "--last", "1", *override)
    assert doc["plays"] == [] and doc["reason"] is not None
    assert "2 copies of ♥A" in doc["reason"] and "2 张 ♥A" in doc["reason"]
    assert "the 1 deck of the rules used holds only 1" in doc["reason"]        # was "1 deck(s) … hold"
    text = _run("analyse", path, "--last", "1", *override).stdout
    assert "not analysed 未分析" in text and "cost 代价 -" not in text


def test_two_decks_still_analyse_the_same_position(tmp_path):
    path = _write(tmp_path, TWO_DECKS)
    doc = _analyse_json(path, "--last", "1")
    assert doc["reason"] is None and len(doc["plays"]) == 4
    assert all(p["cost"] is None or p["cost"] >= 0 for p in doc["plays"])


def _ruff_hand():
    matches, _ = parse_tgn(RUFF_PAGE)
    return matches[0], replay_match(matches[0])


TWO_DECKS = TWO_ACES.format(ruleset="standard").replace("Buried: C5 D10 DK H8 H9 C3", "Buried: C5 D10 DK H8 H9 C3 C4 C5")


def test_a_play_the_search_does_not_generate_gets_a_note_never_a_negative_cost(monkeypatch):
    matches, _ = parse_tgn(TWO_DECKS)
    match, h = matches[0], replay_match(matches[0]).hands[0]
    real_leads = solver_module.leads
    thrown = tuple(sorted(parse_cards("HA HA HK")))     # E's throw, which stands: its best play

    def leads_without_the_throw(ctx, hands, seat, *args, **kwargs):
        found, cut = real_leads(ctx, hands, seat, *args, **kwargs)
        return [m for m in found if m != thrown], cut

    # the generator made to leave the play made out (a defect of the search): the search then values E's
    # lead over the other plays only, and the play made does better than every play it generates
    monkeypatch.setattr(solver_module, "leads", leads_without_the_throw)
    solver = Solver(hand_context(h.rules, h.level, h.trump), h.defenders, h.bottom_points, compiled=False)
    a = analyse_hand(h, 1, Budget(), solver)
    lead = a.plays[0]
    assert lead.trick == 25 and lead.legal is True and a.reason is None
    assert lead.cost is None and lead.value_before is None and lead.best is None
    assert lead.value_after == 180
    assert lead.outside is not None and lead.outside[1].startswith("internal error")
    assert "please report" in lead.outside[1] and "内部错误" in lead.outside[0]
    assert all(p.cost is None or p.cost >= 0 for p in a.plays)
    order = hand_context(h.rules, h.level, h.trump).order
    line = analyse_cmd.play_line(lead, match, order)
    assert "internal error" in line and "内部错误" in line and "cost 代价" not in line
    doc = analyse_cmd.play_json(lead, a, order)
    assert doc["cost"] is None and doc["outside"].startswith("internal error") and "内部错误" in doc["outside"]


def test_a_play_the_search_generates_has_no_note():
    _, result = _ruff_hand()
    a = analyse_hand(result.hands[0], 2, Budget())
    assert all(p.outside is None for p in a.plays) and a.plays[0].cost == 480


# --- 3. the text ----------------------------------------------------------------------------------------------

def test_an_illegal_play_not_searched_keeps_its_marker(tmp_path):
    path = _write(tmp_path, ILLEGAL)
    text = _run("analyse", path, "--last", "4", "--budget-hand", "0.000000001").stdout
    north = next(line for line in text.splitlines() if "♥9 ♥3" in line)
    assert "not searched 未搜索" in north and "illegal play 违规出牌" in north
    east = next(line for line in text.splitlines() if "♥5 ♥2" in line)
    assert "illegal" not in east


def test_one_play_not_searched_is_said_in_the_singular():
    matches, _ = parse_tgn(BF201)
    match, h = matches[0], replay_match(matches[0]).hands[0]
    a = analyse_hand(h, 4, Budget())
    first = dataclasses.replace(a.plays[0], value_before=None, value_after=None, cost=None, best=None,
                                best_every=None, searched=False)     # (as --nodes 10 leaves it)
    one = dataclasses.replace(a, plays=(first, *a.plays[1:]))
    assert one.not_searched == 1
    text = "\n".join(analyse_cmd.hand_lines(one, match, h))
    assert "the 1 play before it was not searched (--every-position searches it too)" in text
    assert "其前 1 手出牌未搜索（--every-position 也搜索它）" in text
    assert "1 plays" not in text
    two = dataclasses.replace(a, plays=(first, dataclasses.replace(first, seat=a.plays[1].seat), *a.plays[2:]))
    assert "the 2 plays before it were not searched (--every-position searches them too)" in "\n".join(
        analyse_cmd.hand_lines(two, match, h))


class _Logged(io.TextIOWrapper):
    """A stream whose writes and flushes go into one shared log (where stdout and stderr meet)."""

    def __init__(self, name: str, log: list):
        super().__init__(io.BytesIO(), encoding="utf-8")
        self.name_, self.log = name, log

    def write(self, s):
        self.log.append((self.name_, "write", s))
        return len(s)

    def flush(self):
        self.log.append((self.name_, "flush", ""))

    def isatty(self):
        return False


def test_a_progress_line_comes_after_what_stdout_was_given(monkeypatch):
    log: list = []
    monkeypatch.setattr(sys, "stdout", _Logged("out", log))
    monkeypatch.setattr(sys, "stderr", _Logged("err", log))
    p = analyse_cmd.Progress(5)
    sys.stdout.write("…精确，1 种不同牌局)")      # a line of stdout, its newline in a buffer somewhere
    p(8, 12, 3.0)
    first_err = next(i for i, e in enumerate(log) if e[0] == "err" and e[1] == "write" and e[2])
    assert any(e == ("out", "flush", "") for e in log[:first_err])
    said = "".join(e[2].decode() if isinstance(e[2], bytes) else e[2] for e in log if e[0] == "err" and e[1] == "write")
    assert "hand 5: 8/12 plays analysed" in said


def test_the_hand_pages_analysis_row_lists_the_play_as_tractor_analyse_does():
    match, result = _ruff_hand()
    h = result.hands[0]
    a = analyse_hand(h, 2, Budget())
    view = match_view(match, result, key="s21")
    hand = view.hands[0]
    rows, pos = [], {}
    for p in a.plays:
        i = pos[p.trick] = pos.get(p.trick, -1) + 1
        best = None if p.best is None else [" ".join(TOKEN[c] for c in b) for b in p.best]
        rows.append((p.trick, i, "NESW"[p.seat], p.value_before, p.value_after, p.cost, best, (None,) * 7))
    hand = dataclasses.replace(hand, analysis=analysis_of(hand, rows, h))
    html = render_hand(hand)
    row = re.search(r'<tr data-trick="24" data-seat="S"[^>]*>(.*?)</tr>', html, re.S).group(1)
    play_cell = re.search(r'data-label="play / 出牌">(.*?)</td>', row, re.S).group(1)
    best_cell = re.search(r'data-label="best / 最佳">(.*?)</td>', row, re.S).group(1)
    played = re.findall(r'title="(\w+)"', play_cell)
    best = re.findall(r'title="(\w+)"', best_cell)
    # the order tractor analyse lists them in: the play as the record writes it (not as held, high first: the
    # trick above shows that), the best play as plays are written (strongest first, trumps first: round 23) — the
    # row reads as the text's line does
    order = hand_context(h.rules, h.level, h.trump).order
    south = a.plays[1]
    assert played == [TOKEN[k] for k in south.cards] == ["C6", "C7", "C8", "S3"]
    line = analyse_cmd.play_line(south, match, order)
    assert "♣6 ♣7 ♣8 ♠3" in line and "best 最佳: ♦4 ♣8 ♣7 ♣6" in line
    assert best == ["D4", "C8", "C7", "C6"]
    assert 'title="S3">♠3</span><span class="c black" title="C8">' in html     # the trick above: as held

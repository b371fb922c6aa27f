"""A referee tester's findings (s20-r4): small words on the ruling page and in the reader's messages.

(1. A played-out position checked under ``tournament`` decided by the levels is the rule as written — docs/rules.md
§8.5's "a position still decides nothing" is said of a position the record stops inside —: no change, no test here;
tests/test_replay.py::test_tournament_match_cut_short_goes_to_the_higher_level holds it.)
2. The ruling page's "as the rules require" header said "hands from the deal lines" where a seat (N) has no deal
   line: it names the seats each source covers, and the seat whose hand is not known.
3. The tournament ruling page of sample_logs/disputed-trick.tgn said in English "stops inside this hand, its last"
   and in Chinese not that it is the last: both say it.
4. A trick line split over two lines (``S: CQ, W: D5`` on the next line) is rejected as a seat's line after the
   first trick: right, and the message now says it may be the rest of that trick's line, in both languages.
5. docs/format.md's ``[Ruleset]`` row named 5 presets of 7: it names every one.
"""
from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn

from event_helpers import invoke_cli, run_cli
from test_ruling_throw import required_section, ruling_html

ROOT = Path(__file__).resolve().parent.parent

HEAD = """[Event "Club Night"]
[North "Nora"]
[East "Eli"]
[South "Sam"]
[West "Wu"]
[Ruleset "tournament"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
"""
THROW = HEAD + """N: HA H3 SA
E: H4 H2 D9
S: H9 H8 CQ
W: HA HK D5
Buried: D10 DK C5 C5 H5 C3 C4 C6
23. W: HA HK -> HK, N: HA, E: H4, S: H9
24. N: SA, E: D9, S: CQ, W: D5
25. N: H3, E: H2, S: H8, W: HA
"""
"""The tester's a_throw.tgn: a position of three tricks, W's throw in trick 23 failing."""


def _text(page: str) -> str:
    page = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", page)))


# --- 2. where each hand of the ruling's "as the rules require" comes from --------------------------------------------

def test_the_required_trick_names_the_seats_of_each_source(tmp_path):
    no_north = THROW.replace("N: HA H3 SA\n", "").replace("23. W: HA HK -> HK, N: HA, E: H4, S: H9",
                                                          "23. W: HA HK, N: HA H3, E: H4 H2, S: H9 H8")
    no_north = no_north[:no_north.index("24. ")].replace('[Ruleset "tournament"]', '[Ruleset "standard"]')
    text = required_section(ruling_html(tmp_path, no_north, "c_noN"))
    assert "hands from the deal lines (E, S); N's hand not known (the record does not give it whole): only the " \
           "cards it played" in text
    assert "手牌按记录的发牌行（东家、南家）；北家的手牌未知（记录未给出其完整手牌）：只知其打出的牌" in text


# --- 3. the stopped last hand, in both languages -------------------------------------------------------------------

def test_the_tournament_ruling_says_in_both_languages_the_hand_is_the_last(tmp_path):
    out = tmp_path / "r.html"
    run_cli("ruling", str(ROOT / "sample_logs" / "disputed-trick.tgn"), "--rules", "tournament", "-o", str(out))
    text = _text(out.read_text("utf-8"))
    assert "the record stops inside this hand, its last, and no [Claim] gives its result" in text
    assert "本局是记录的最后一局，记录在本局中途结束、[Claim] 未给出结果" in text


# --- 4. a trick line split over two lines ----------------------------------------------------------------------------

def test_a_seats_line_after_a_trick_may_be_the_rest_of_its_line(tmp_path, both_cores):
    split = THROW.replace("24. N: SA, E: D9, S: CQ, W: D5", "24. N: SA, E: D9,\n    S: CQ, W: D5")
    path = tmp_path / "split.tgn"
    path.write_text(split, encoding="utf-8")
    _, errors = parse_tgn(split)
    (e,) = [e for e in errors if "after the first trick" in e.message]
    assert "it may be the rest of trick 24's line, split: a trick is written on one line" in e.message
    assert "也可能是第 24 轮出牌行断开后的续行：一轮的出牌应写在同一行" in e.message
    out = invoke_cli("check", str(path)).output
    assert "split.tgn:23:5:" in out and "the rest of trick 24's line" in out and "第 24 轮出牌行断开后的续行" in out


def test_a_bottom_line_after_a_trick_gets_no_such_hint():
    late = THROW.replace("25. N: H3", "Bottom: D10 DK C5 C5 H5 C3 C4 C6\n25. N: H3")
    _, errors = parse_tgn(late)
    (e,) = [e for e in errors if "after the first trick" in e.message]
    assert "rest of trick" not in e.message and "续行" not in e.message


# --- 5. every preset named where a record's [Ruleset] is described -------------------------------------------------

def test_the_docs_name_every_preset():
    fmt = (ROOT / "docs" / "format.md").read_text("utf-8")
    row = next(line for line in fmt.splitlines() if line.startswith("| `Ruleset` |"))
    rules = (ROOT / "docs" / "rules.md").read_text("utf-8")
    presets = rules[rules.index("## §12 Presets"):rules.index("## §13")]
    for name in PRESETS:
        assert f"`{name}`" in row, name          # before: 80fen and botzone were missing
        assert f"`{name}`" in presets, name

"""The hand page as a player and a referee step through it (a player's tester, round 19): the running score, the
analysis table, and the words of a hand's result derived from its last trick.

1. A position without ``[Points]``: the points before it are not known (docs/format.md "Positions"), so no total
   after it is either.  Before: each trick's "attackers' points / 闲家得分 10 (was 0)", the missing ``[Points]``
   read as 0 (a guess), and "Points so far / 已得分 0".  Now "?", beside the points from the position on, as
   ``tractor replay`` says "?".
2. A failed throw in the analysis table.  Before: the row showed the forced card alone (``W ♥Q … ?? 60``), a cost
   of a play that would have cost nothing; now the cards shown and those forced, as ``tractor analyse`` does.
3. A hand ``ingest --analyse`` could not analyse.  Before: no analysis section and no reason; now the dataset keeps
   the reason (``hands.analysis_reason``, the words of ``tractor analyse``) and the page says "not analysed /
   未分析: <reason>".
4. A record ending inside its last trick after a play left out earlier (E's trick-15 play ``?``): E's last card is
   not known, so neither are trick 16's points.  Before: "each seat it ends before holds one card, which it must
   play: the trick's winner and points follow" (the points do not) and the page's ``points / 分 ≥ ?`` under a note
   saying "at least 0"; now words true for what is known, and ``≥ 0``.
5. ``tractor analyse``'s header "16 nodes, 0.0s" was English only.
"""
from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.match_page import match_view

POSITION = """[Event "probe"]
[Ruleset "standard"]

[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
{points}[FirstTrick "15"]
N: DK C3
E: H3 D5
S: H4 C4
W: HA DQ
Buried: D10 C5 C6 C7 C8 C9 CJ CQ
15. W: HA, N: DK, E: H3, S: H4
16. W: DQ, N: C3, E: D5, S: C4
"""
"""The attackers (E–W) take both tricks: 10 points, then 5."""

FAILED_THROW = """[Event "probe"]
[Ruleset "standard"]
[Rule:throw_penalty "per_card"]

[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[Points "40"]
[FirstTrick "14"]
N: HK H6 D4
E: H3 C3 C4
S: H4 D5 D6
W: HA HQ D3
Buried: D10 C5 C9 C9 CJ CQ CK H8
14. W: HA HQ -> HQ, N: HK, E: H3, S: H4
15. N: D4, E: C3, S: D5, W: D3
16. S: D6, W: HA, N: H6, E: C4
"""
"""W's throw ♥A ♥Q fails (N's ♥K beats ♥Q), forced to ♥Q: ``tractor analyse`` says it cost 60."""

CUP_HAND = """[Ruleset "standard"]
[Rule:decide_by_levels "on"]
[Levels "NS:2 EW:2"]

[Hand "1"]
[Dealer "W"]
[Trump "C"]
[Level "2"]
[Declarations "W: C2 | W: C2 C2"]
N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7
E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4
S: BJ LJ CA CK CJ C7 C6 SA SA S9 S4 S3 HQ H9 H9 H6 H4 H4 H3 DA DQ D9 D5 D4 D3
W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK SQ S5 S3 HA HJ H10 H10 H7 H3 DK DK DQ D7 D6
Bottom: D3 D5 C6 D6 S2 D8 HQ HK
Buried: SQ S3 HA HQ HJ H7 H3 D3
1. W: C2 C2 S2 S2, N: CQ CJ C7 C3, E: C8 C8 C4 C3, S: CA CJ C7 C6
2. W: DK DK, N: DJ DJ, E: D10 D4, S: D4 D3
3. W: D7, N: DA, E: D8, S: D5
4. N: S7 S7, E: S8 S6, S: SA SA, W: SK S5
5. S: DA DQ, W: D6 D6, N: D10 D7, E: CK C10
6. E: HA HK, S: H4 H3, W: H10 H10, N: H7 H6
7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8
8. S: S3, W: DQ, N: S4, E: SK
9. E: S9, S: S4, W: D5, N: SQ
10. N: S6, E: SJ, S: S9, W: C10
11. W: C9 C9, N: H2 CA, E: LJ D2, S: BJ LJ
12. W: C5, N: D2, E: BJ, S: CK
13. E: H8, S: H4, W: C4, N: C5
14. N: SJ S8 -> S8, E: S10, S: H6, W: C6
"""
"""The sample's hand 1 (spring-cup-r2t5.tgn) stopped after trick 14: two cards a seat left."""

ENDS_AFTER_14 = CUP_HAND
"""The record stops after trick 14, before the hand's end: ``tractor analyse`` gives a reason, analyses nothing."""
E_UNKNOWN_IN_15 = CUP_HAND + "15. W: H2, N: D9, E: ?, S: D9\n16. W: CQ, N: SJ\n"
"""E's trick-15 play not read (♠5 or ♥J: the hand is judged both ways), the record ending in trick 16 before E and
S, who hold one card each; W wins trick 16 whichever card E holds, for the defenders."""

RECORDS = {"no_points": POSITION.format(points=""), "throw": FAILED_THROW, "end14": ENDS_AFTER_14,
           "e_unknown": E_UNKNOWN_IN_15}


def _invoke(*args, code: int | None = 0):
    got = CliRunner().invoke(main, [str(a) for a in args])
    if code is not None:
        assert got.exit_code == code, got.output
    return got


def _hand_page(text: str) -> tuple[object, str]:
    """The first hand's view and page of the record ``text``, drawn from the record (no dataset)."""
    match = parse_tgn(text)[0][0]
    hand = match_view(match, replay_match(match), key="s19g").hands[0]
    return hand, render_hand(hand)


def _page_text(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.fixture(scope="module")
def reported(tmp_path_factory):
    """The records ingested with ``--analyse 3`` into one dataset and reported from it: (dataset, pages by record)."""
    tmp = tmp_path_factory.mktemp("s19g")
    folder = tmp / "in"
    folder.mkdir()
    for name, text in RECORDS.items():
        (folder / f"{name}.tgn").write_text(text, encoding="utf-8")
    ds, out = tmp / "ds", tmp / "rep"
    _invoke("ingest", folder, "-o", ds, "--analyse", 3, "-j", 1, code=None)      # ("E: ?" is an error line)
    _invoke("report", ds, "-o", out, "-j", 1, code=None)
    pages = {name: (out / f"m-{name}-h1.html").read_text("utf-8") for name in RECORDS}
    return ds, pages, folder


# 1 ---------------------------------------------------------------------------- a position without [Points]

def test_a_position_without_points_shows_no_total_only_the_points_from_it_on():
    hand, page = _hand_page(POSITION.format(points=""))
    assert hand.setup_points is None                   # not taken as 0
    assert [(t.attackers_before, t.attackers_after) for t in hand.tricks] == [(None, None), (None, None)]
    assert [(t.from_position_before, t.from_position_after) for t in hand.tricks] == [(0, 10), (10, 15)]
    text = _page_text(page)
    assert "闲家得分 10" not in text and "(was 0)" not in text.split("Tricks / 出牌")[1].split("自此局面起")[0]
    assert text.count("attackers' points / 闲家得分 ? · from the position on / 自此局面起 ") == 2
    assert "Points so far / 已得分 ? not stated ([Points])" in text


def test_a_position_with_points_keeps_its_totals():
    hand, page = _hand_page(POSITION.format(points='[Points "20"]\n'))
    assert hand.setup_points == 20
    assert [(t.attackers_before, t.attackers_after) for t in hand.tricks] == [(20, 30), (30, 35)]
    assert all(t.from_position_after is None for t in hand.tricks)
    assert "自此局面起" not in page


# 2 ---------------------------------------------------------------------------- a failed throw in the analysis

def test_the_analysis_table_shows_the_throw_and_the_cards_forced(reported):
    _, pages, folder = reported
    got = json.loads(_invoke("analyse", folder / "throw.tgn", "--last", 3, "--json").stdout)
    (play,) = [p for p in got["hands"][0]["plays"] if p["trick"] == 14 and p["seat"] == "W"]
    assert play["cost"] and play["attempted"] == ["HA", "HQ"]        # (what analyse prints as ♥A ♥Q → ♥Q)
    row = re.search(r'<tr data-trick="14" data-seat="W"[^>]*>(.*?)</tr>', pages["throw"], re.S)
    assert row, "the failed throw's row"
    cells = _page_text(row.group(1))
    assert "♥A ♥Q → ♥Q (failed throw / 甩牌失败)" in cells, cells
    assert f"{play['cost']}" in cells


# 3 ---------------------------------------------------------------------------- a hand not analysed

@pytest.mark.parametrize("name", ["end14", "e_unknown"])
def test_a_hand_not_analysed_keeps_and_shows_its_reason(reported, name):
    ds, pages, folder = reported
    got = json.loads(_invoke("analyse", folder / f"{name}.tgn", "--last", 3, "--json", code=None).stdout)
    reason = got["hands"][0]["reason"]
    assert reason                                       # tractor analyse does not analyse it, and says why
    loaded = load(str(ds))
    mid = loaded.matches.loc[loaded.matches["source_file"].str.endswith(f"{name}.tgn"), "match_id"].tolist()
    (stored,) = loaded.hands.loc[loaded.hands["match_id"].isin(mid), "analysis_reason"].tolist()
    assert stored == reason
    assert f"not analysed / 未分析: {reason}" in _page_text(pages[name])


def test_an_analysed_hand_has_no_reason(reported):
    ds, pages, _ = reported
    hands = load(str(ds)).hands
    assert hands["analysis_reason"].isna().sum() == 2          # the position and the throw: analysed
    assert "not analysed / 未分析" not in _page_text(pages["throw"])


# 4 ---------------------------------------------------------------------------- the last trick, a card not known

def test_the_forced_end_is_worded_for_what_is_known():
    match = parse_tgn(E_UNKNOWN_IN_15)[0][0]
    h = replay_match(match).hands[0]
    last = h.tricks[-1]
    assert last.points is None                          # E's last card (♠5 or ♥J) is not known: nor its points
    (outcome,) = [d for d in h.derived if d.fact == "outcome"]
    assert outcome.value == "60"
    assert "points follow" not in outcome.message_en and "得分因而确定" not in outcome.message_zh


def test_an_open_trick_shows_the_least_points_it_holds():
    hand, page = _hand_page(E_UNKNOWN_IN_15)
    last = hand.tricks[-1]
    assert last.points_open and last.points == 0 and "at least 0" in last.ends_record[1]
    text = _page_text(page)
    assert "points / 分 ≥ 0 →" in text and "≥ ?" not in text


# 5 ---------------------------------------------------------------------------- the analyse header

def test_the_analyse_header_is_bilingual(tmp_path):
    path = tmp_path / "throw.tgn"
    path.write_text(FAILED_THROW, encoding="utf-8")
    head = _invoke("analyse", path, "--last", 1).output.splitlines()[0]
    nodes = re.search(r"(\d+) nodes", head)
    assert nodes and f"{nodes.group(1)} 个节点" in head and "秒" in head, head

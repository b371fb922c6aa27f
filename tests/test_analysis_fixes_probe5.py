"""``tractor analyse`` fixes after the fifth probe (docs/rules.md §14–§15, docs/format.md
"``analyse --json``").

1. A full hand without deal lines: no follow is judged legal (``check``: ``legal`` null), so no
   void is known from one (§15 item 4): the seat view is withheld, with the reason, never taken
   over voids from follows nobody judged; the open analysis says the hands were taken from the
   cards each seat played (a derived fact) and shows each play's ``legal`` as null, as ``check``.
2. Every field ``analyse --json`` emits is documented in docs/format.md; the Chinese of the
   bounded-throws warning says what the English says (values exact for that set).
3. Friend mode: the Chinese reason for an unplaced copy of the called card says what the English
   says (played before the position, or held by a seat whose cards are not given).
4. A record that ends in the hand's last trick, the missing seat holding only the card it has to
   play: analysed, with that play derived and said; a record that ends earlier says where it ends
   and which tricks it records (never "the hand is not complete: nothing to analyse").
5. The number of deals a view shows counts distinct deals (docs/rules.md §15), and says so.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from engine_helpers import position, replay_position
from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.analysis.record_basis import end_plays
from tractor_analysis.analysis.knowledge import knowledge_at
from tractor_analysis.analysis.view import PlayView, view_play
from tractor_analysis.cli.analyse_cmd import hand_lines, view_text
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

ROOT = Path(__file__).parent.parent
BASE = (Path(__file__).parent / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")
"""``tractor simulate -n 1 --seed 3``'s first hand: 16 tricks, S deals, C trump."""

NO_DEAL = "\n".join(line for line in BASE.splitlines() if not re.match(r"^[NESW]: ", line)) + "\n"
"""The same hand without its four deal lines (the plays, the bottom and the bury kept)."""

LAST_LEFT_OUT = BASE.replace("16. W: CK, N: SA, E: S2, S: CQ", "16. W: CK, N: SA, E: S2")
"""The record ends before S's last play (S holds only CQ then)."""

ENDS_AFTER_15 = BASE.replace("16. W: CK, N: SA, E: S2, S: CQ\n", "")
"""The record ends after trick 15 (each seat still holds one card)."""

FRIEND_POSITION = """[Ruleset "standard"]
[Rule:friend "on"]

[Hand "1"]
[SetUp "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[Friend "HA"]
[Points "80"]
[FirstTrick "14"]
N: SA LJ BJ
E: SK D7 D8
S: S5 D5 D8
W: SQ H2 LJ
Buried: DA DJ D9 D5 CQ CJ C5 C4
14. W: LJ, N: SA, E: SK, S: S5
15. W: SQ, N: BJ, E: D7, S: D5
16. N: LJ, E: D8, S: D8, W: H2
"""


def _analyse(tmp_path, text: str, *args: str):
    f = tmp_path / "record.tgn"
    f.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["analyse", str(f), "--budget", "5", *args])


def _json(r) -> dict:
    """The document ``analyse --json`` printed (the record's errors and progress go to stderr)."""
    out = r.output
    return json.loads(out[out.index("{\n"):])


def _replayed(text: str):
    matches, _ = parse_tgn(text)
    return matches[0].hands[0], replay_match(matches[0]).hands[0]


# --------------------------------------------------------------------------- 1. no deal lines


def test_no_deal_lines_check_does_not_judge_the_follows():
    record, h = _replayed(NO_DEAL)
    assert record.deal is None and h.complete and not h.legality_known and h.legal is None


def test_no_deal_lines_knowledge_uses_no_unjudged_follow():
    """§15 item 4: only follows the replay found legal reveal voids; here none was judged."""
    record, h = _replayed(NO_DEAL)
    i = len(h.tricks) - 2                      # trick 15, its third play (N): follows before it
    kn = knowledge_at(h, record, i, 2)
    assert kn.follows == () and kn.throws == () and kn.unjudged > 0
    assert all(not v for v in kn.voids())
    full_record, full = _replayed(BASE)         # the same play with the deal: the follows are used
    known = knowledge_at(full, full_record, i, 2)
    assert known.follows and known.unjudged == 0


def test_no_deal_lines_view_is_withheld_with_the_reason():
    record, h = _replayed(NO_DEAL)
    v = view_play(h, record, len(h.tricks) - 1, 1, samples=5)
    assert v.value is None and v.cost is None and v.deals == 0
    assert "not judged legal" in v.withheld and "no deal lines" in v.withheld
    assert "未判定是否合法" in v.withheld and "没有发牌行" in v.withheld
    assert "not judged legal" in view_text(v)


def test_no_deal_lines_analyse_json_says_where_the_hands_came_from(tmp_path):
    r = _analyse(tmp_path, NO_DEAL, "--last", "2", "--view", "--samples", "5", "--json")
    (h,) = _json(r)["hands"]
    assert h["reason"] is None and h["tricks"] == 2
    facts = {d["fact"]: d for d in h["derived"]}
    hands = facts["hands"]
    assert hands["from"] == "the cards each seat played" and hands["value"] == "before trick 15"
    assert "the cards each seat played from then on" in hands["message_en"]
    assert "此后打出的牌" in hands["message_zh"]
    assert all(p["legal"] is None for p in h["plays"])          # as check's legal: null
    assert all(p["view"]["value"] is None and "not judged legal" in p["view"]["withheld"] for p in h["plays"])
    # the open analysis still values the plays (on the hands the plays give)
    assert h["plays"][-1]["value_after"] == h["result"] == 150


def test_no_deal_lines_text_says_where_the_hands_came_from(tmp_path):
    r = _analyse(tmp_path, NO_DEAL, "--last", "2")
    assert "the hands before trick 15 and each trick after it are the cards each seat played" in r.output
    assert "illegal play" not in r.output


def test_with_deal_lines_nothing_changes(tmp_path):
    r = _analyse(tmp_path, BASE, "--last", "2", "--view", "--samples", "5", "--json")
    (h,) = _json(r)["hands"]
    assert [d["fact"] for d in h["derived"]] == ["levels"]
    assert all(p["legal"] is True and p["view"]["value"] is not None for p in h["plays"])


# --------------------------------------------------------------------------- 2. the JSON documented


def _section(path: Path, heading: str) -> str:
    text = path.read_text("utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def test_every_analyse_json_field_is_documented(tmp_path):
    doc = _section(ROOT / "docs" / "format.md", "## `analyse --json`")
    r = _analyse(tmp_path, BASE, "--last", "2", "--view", "--samples", "3", "--json")
    top = _json(r)
    (h,) = top["hands"]
    keys = set(top) | set(h) | {k for p in h["plays"] for k in p} | {k for p in h["plays"] for k in p["view"]}
    keys |= {"attempted", "withheld", "sides", "defenders"}      # present only in some hands
    missing = sorted(k for k in keys if f"`{k}`" not in doc)
    assert not missing, missing
    assert "256" in doc and "exact for the plays searched" in doc


def test_bounded_throws_warning_says_the_same_in_chinese():
    _, h = _replayed(BASE)
    a = analyse_hand(h, 1)
    import dataclasses
    lines = "\n".join(hand_lines(dataclasses.replace(a, all_throws=False), None, h))
    assert "values exact for that set" in lines
    assert "数值只对这组甩牌精确" in lines


# --------------------------------------------------------------------------- 3. friend mode's words


def test_friend_copy_not_placed_says_the_same_in_chinese(tmp_path):
    r = _analyse(tmp_path, FRIEND_POSITION, "--last", "3")
    assert "played before the position, or held by a seat whose cards are not given" in r.output
    assert "（残局之前或已打出）" not in r.output
    assert "已在残局之前打出，或在未写明持牌的座位手中" in r.output


# --------------------------------------------------------------------------- 4. the record's end


def test_last_play_left_out_is_derived_and_analysed(tmp_path):
    r = _analyse(tmp_path, LAST_LEFT_OUT, "--last", "3", "--json")
    (h,) = _json(r)["hands"]
    assert h["reason"] is None and h["tricks"] == 3 and len(h["plays"]) == 12
    last = h["plays"][-1]
    assert (last["trick"], last["seat"], last["cards"]) == (16, "S", ["CQ"])
    assert last["derived"] == "S's play in trick 16 derived: ♣Q / 第 16 轮南家的出牌由记录推出：♣Q"
    facts = {d["fact"]: d for d in h["derived"]}
    assert facts["play"]["value"] == "16: S CQ"
    assert "the last card it held" in facts["play"]["message_en"]
    assert last["value_after"] == h["result"] == 150      # as the whole record gives


def test_last_play_left_out_text(tmp_path):
    r = _analyse(tmp_path, LAST_LEFT_OUT, "--last", "3")
    assert "not analysed" not in r.output and "nothing to analyse" not in r.output
    assert "S's play in trick 16 derived: CQ" in r.output


def test_record_ending_early_says_where_and_why(tmp_path):
    r = _analyse(tmp_path, ENDS_AFTER_15, "--last", "3")
    assert "nothing to analyse" not in r.output and "牌局未打完，无法分析" not in r.output
    assert "the record ends after trick 15, before the hand's end" in r.output
    assert "tricks 1–15 are recorded whole" in r.output and "第 1–15 轮已完整记录" in r.output
    assert "记录在第 15 轮之后、本局打完之前结束" in r.output


def test_derived_end_counts_the_bottom_as_the_whole_record():
    """The attackers (E–W) take the last trick and a bottom of 25 (×2): the record that ends
    before N's last card is valued as the whole record is scored."""
    full = position("N: S3, E: SA, S: S5, W: S4", level="2", trump="H", ruleset="standard",
                    hands={"N": "S3 D3", "E": "SA DA", "S": "S5 D4", "W": "S4 D5"}, points=30,
                    buried="D10 D10 C3 C5 C6 C7 C8 C9", extra="2. E: DA, S: D4, W: D5, N: D3")
    whole = replay_position(full)
    for cut in (full.replace(", N: D3", ""), full.replace(", S: D4, W: D5, N: D3", "")):
        h = replay_position(cut)
        assert not h.complete and end_plays(h)
        a = analyse_hand(h, 2)
        assert a.reason is None and a.result == whole.attackers_total == 90
        assert [p.value_after for p in a.plays] == [p.value_after for p in analyse_hand(whole, 2).plays]
        assert a.plays[-1].derived and (a.plays[-1].trick, a.plays[-1].seat) == (2, 0)


def test_record_ending_before_the_last_trick_is_not_derived():
    text = position("N: S3, E: SA, S: S5, W: S4", level="2", trump="H", ruleset="standard",
                    hands={"N": "S3 D3", "E": "SA DA", "S": "S5 D4", "W": "S4 D5"}, points=30,
                    buried="D10 D10 C3 C5 C6 C7 C8 C9")
    h = replay_position(text)
    assert end_plays(h) == {}
    a = analyse_hand(h, 2)
    assert a.reason is not None and "the record ends after trick 1" in a.reason[1]


# --------------------------------------------------------------------------- 5. what "deals" counts


def test_view_text_says_distinct_deals():
    exact = PlayView(3, True, 150.0, 150.0, (), 0.0, 0.0)
    assert "exact, 3 distinct deals / 精确，3 种不同牌局" in view_text(exact)
    sampled = PlayView(200, False, 150.0, 151.0, ((1,),), 1.0, 0.5)
    assert "200 sampled deals / 抽样 200 副牌局" in view_text(sampled)


def test_rules_say_what_the_deals_count_and_the_views_do_so():
    """docs/rules.md §15 says the count is of distinct deals and ``--samples`` is compared with it;
    an exact view lists each distinct deal once, and is exact exactly when they are at most
    ``--samples``."""
    doc = _section(ROOT / "docs" / "rules.md", "## §15")
    assert "`--samples` is compared with the distinct deals" in doc
    assert "exact, 3 distinct deals" in doc
    record, h = _replayed(BASE)
    i = len(h.tricks) - 1
    v = view_play(h, record, i, 0, samples=200)
    assert v.exact
    n = v.deals
    assert view_play(h, record, i, 0, samples=n).exact
    if n > 1:
        assert not view_play(h, record, i, 0, samples=n - 1).exact

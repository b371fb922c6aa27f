"""Two ruling defects a referee's tester found (records in tests/data/referee_s20/: m5_pairs_wrong, t1_throwslip,
u1_throwshown).

1. A lead right after a failed throw whose forced play the record writes wrong (``N: H7 H7 D7 D7 -> H7 D7``, the
   rules requiring ♥7 ♥7 or ♦7 ♦7) was judged against the trick as written (N won it with ♥7 ♦7): E's lead of trick
   25 was ``out_of_turn``, while the trick as the rules require it — the ruling's own page — has E its only winner.
   The lead is now judged against that trick (docs/rules.md §4.1), as it was for a failed throw shown as played: no
   ``out_of_turn`` where that trick gives the seat alone, an open ``order`` unknown (withheld ``turn``) where it may,
   ``out_of_turn`` where it cannot; a throw that would have stood, written failed, too.
2. A position's N line ``HQ HK SA``, N showing ♥A in the failed throw of trick 23 and playing it in trick 25: two
   ``not_in_hand`` findings for the one card, the first saying "N played ♥A" of a card only shown.  One finding now,
   its words naming both places; a card only shown in a failed throw is said shown, never played (there, and in the
   words of a deal line its plays prove, docs/rules.md §1.7).
"""
from __future__ import annotations

from pathlib import Path

from event_helpers import bilingual
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import parse_card
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.ruling import ruling_pages

DATA = Path(__file__).resolve().parent / "data" / "referee_s20"
M5 = (DATA / "m5_pairs_wrong.tgn").read_text(encoding="utf-8")
T1 = (DATA / "t1_throwslip.tgn").read_text(encoding="utf-8")
U1 = (DATA / "u1_throwshown.tgn").read_text(encoding="utf-8")
N, E, S, W = range(4)

# W's throw of ♥A ♥K would have stood (N holds one trump, none of the hearts above): written failed, N's ♠3
# trumping the ♥K as written; as the rules require it W plays both and wins — W's lead of trick 24 is in turn
STOOD = """[Event "Club Night"]
[Ruleset "tournament"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
N: S3 D9 C2
E: H4 H2 D8
S: H9 H8 CQ
W: HA HK D5
Buried: D10 DK C5 C5 H5 C3 C4 C6
23. W: HA HK -> HK, N: S3, E: H4, S: H9
24. W: D5, N: D9, E: D8, S: CQ
"""


def _parsed(text: str):
    (match,), diags = parse_tgn(text)
    return match, diags


def _hand(text: str):
    match, _ = _parsed(text)
    return replay_match(match).hands[0]


def _pages(text: str):
    match, _ = _parsed(text)
    return ruling_pages([(match, replay_match(match))])


def test_a_lead_the_rules_trick_gives_alone_after_a_wrong_forced_play_is_in_turn():
    h = _hand(M5)
    assert [v.code for v in h.violations] == ["wrong_forced_play"]       # before: E out of turn in trick 25 too
    assert not [u for u in h.unknowns if u.tag == "order"]
    assert [p.violation.code for p in _pages(M5)] == ["wrong_forced_play"]


def test_a_lead_the_rules_trick_may_give_after_a_wrong_forced_play_is_open():
    # E holds ♠3 ♠3 beside ♠7 ♠7: it may follow the rules' ♥7 ♥7 with either pair — N or E wins
    text = M5.replace("E: S7 S7 S3 S4 C3", "E: S7 S7 S3 S3 C3")
    h = _hand(text)
    assert not [v for v in h.violations if v.code == "out_of_turn"]
    (u,) = [u for u in h.unknowns if u.tag == "order"]
    assert u.withheld == ("turn",) and h.legality_known is False
    en, zh = bilingual(f"{u.message_en} / {u.message_zh}")
    assert "N or E" in en and "forced play the record writes is not the one the rules require" in en
    assert "北家或东家" in zh and "记录所写的改出的牌不是规则要求的那一手" in zh
    assert "shows as played" not in en


def test_a_lead_the_rules_trick_cannot_give_after_a_wrong_forced_play_stays_out_of_turn():
    south = M5.replace("25. E: C3, S: C4, W: C5, N: C2", "25. S: C4, W: C5, N: C2, E: C3")
    h = _hand(south)
    assert [(v.trick, v.seat) for v in h.violations if v.code == "out_of_turn"][:1] == [(25, S)]


def test_a_lead_after_a_throw_that_would_have_stood_written_failed_is_judged_on_the_throw():
    h = _hand(STOOD)
    assert [v.code for v in h.violations] == ["wrong_forced_play"]       # before: W out of turn in trick 24
    assert not [u for u in h.unknowns if u.tag == "order"]


def test_one_card_shown_then_played_beyond_a_position_s_line_is_one_finding_naming_both_places():
    h = _hand(T1)
    found = [v for v in h.violations if v.code == "not_in_hand"]
    assert [(v.trick, v.seat) for v in found] == [(25, N)]               # before: tricks 23 and 25
    (v,) = found
    en, zh = bilingual(f"{v.message_en} / {v.message_zh}")
    assert "trick 23" in en and "showed in its failed throw" in en and "found once" in en
    assert "第 23 轮甩牌失败时亮出的 ♥A" in zh and "只记一次" in zh
    assert "line or a play is miscopied" in en       # the line or the plays: still not said which
    assert v.played == (parse_card("HA"),)
    assert not [t for t in h.tricks if t.number == 23 and any(w.code == "not_in_hand" for w in t.violations)]


def test_a_card_only_shown_in_a_failed_throw_is_said_shown_not_played():
    # N's ♥A shown in trick 23 is never played: its own finding, worded as shown
    h = _hand(T1.replace("25. N: HA, E: HA", "25. N: HQ, E: HA"))
    (v,) = [v for v in h.violations if v.code == "not_in_hand"]
    assert v.trick == 23
    en, zh = bilingual(f"{v.message_en} / {v.message_zh}")
    assert "N showed ♥A in a failed throw" in en and "N played ♥A" not in en
    assert "甩牌时亮出了手中没有的牌 ♥A" in zh and "打出了手中没有的牌" not in zh.replace("亮出了手中没有的牌", "")


def test_a_deal_line_proven_by_a_card_only_shown_says_shown():
    match, diags = _parsed(U1)
    (d,) = [d for d in diags if d.code == "deal_lines_differ"]
    en, zh = bilingual(d.message)
    assert "W showed ♥A in a failed throw, which only it gives" in en and "W played ♥A" not in en
    assert "西家甩牌时亮出了只有该行才有的 ♥A" in zh and "打出了只有该行才有的" not in zh
    h = replay_match(match).hands[0]
    (fact,) = [f for f in h.derived if f.fact == "deal"]
    en, zh = bilingual(f"{fact.message_en} / {fact.message_zh}")
    assert "W showed ♥A in a failed throw, which it gives" in en and "which W showed in a failed throw" in en
    assert "W played ♥A" not in en and "which W played" not in en
    assert "西家甩牌时亮出了该行所有的 ♥A" in zh and "没有西家甩牌时亮出的 ♥A" in zh

"""Four ruling defects a referee's tester found (records after /tmp/probe20_referee: h3, m_level, e2, i2_dispute).

1. A position's first trick written in seat order with the lead's ``->`` last (``N: HA, E: H4, S: H9, W: HA HK
   -> HK``): only a lead can be a failed throw, so W may have led; who led a position's first trick nothing else
   says.  The hand was judged as written alone (W's play dropped, derived ♥K, no penalty: E–W 5→6 under the
   tournament rules) — now also with W's throw as the lead (docs/rules.md §14.1, the order of a trick's plays),
   and only what both give is kept: the levels are withheld, not 5→6.
2. A lead right after a failed throw shown as played (the whole throw, follows of its size) by a seat that wins
   that trick as the rules require it is no lead out of turn the record proves: no page where it is the rules'
   only winner, an open ``order`` unknown (not ruled) where the winner is open.  The forced play between equal
   units (♥7, ♦7 — off-suit level cards) is said to be open, never one of them picked.
3. A throw that would have stood, written failed (``->``), costs nothing under ``per_card`` (§4.6): the page
   said "no attempted -> forced play written" of a record that writes one.
4. A lead out of turn after a trick decided by equal cards: the page shows the trick that decided the lead and
   cites §2.5 (the first played keeps the lead), the point in dispute.
"""
from __future__ import annotations

from event_helpers import bilingual
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.ruling import render_rulings, ruling_pages

HEAD = """[Event "Club Night"]
[Ruleset "{rules}"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "{points}"]
[FirstTrick "{first}"]
"""

H3 = HEAD.format(rules="tournament", points=50, first=23) + """N: HA H3 SA
E: H4 H2 D9
S: H9 H8 CQ
W: HA HK D5
Buried: D10 DK C5 C5 H5 C3 C4 C6
23. N: HA, E: H4, S: H9, W: HA HK -> HK
24. N: SA, E: D9, S: CQ, W: D5
25. N: H3, E: H2, S: H8, W: HA
"""

M_LEVEL = HEAD.format(rules="tournament", points=40, first=24) + """N: H7 D7 C2
E: S7 S3 C3
S: S4 S5 C4
W: SA SK C5
Buried: D10 DK H5 H5 C6 C6 C8 C9
24. N: H7 D7, E: S7 S3, S: S4 S5, W: SA SK
25. E: C3, S: C4, W: C5, N: C2
"""

E2 = HEAD.format(rules="tournament", points=40, first=23) + """N: HQ H3 SA
E: H4 H2 D9
S: H9 H8 CQ
W: HA HK D5
Buried: D10 DK C5 C5 H5 C3 C4 C6
23. W: HA HK -> HK, N: HQ, E: H4, S: H9
"""

I2 = HEAD.format(rules="standard", points=40, first=22) + """N: H7 HA LJ D9
E: D7 HA BJ D5
S: C9 H2 S3 D4
W: C3 H3 S4 DK
Buried: D10 DK C5 C5 H5 C3 C4 C6
22. W: C3, N: H7, E: D7, S: C9
23. E: HA, S: H2, W: H3, N: HA
24. E: BJ, S: S3, W: S4, N: LJ
25. E: D5, S: D4, W: DK, N: D9
"""


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return match, replay_match(match).hands[0]


def _pages(text: str):
    (match,), _ = parse_tgn(text)
    return ruling_pages([(match, replay_match(match))])


def test_a_position_s_first_throw_written_last_is_judged_as_the_lead_too():
    _, h = _hand(H3)
    (u,) = [u for u in h.unknowns if u.tag == "order"]
    assert "levels" in u.withheld and "outcome" in u.withheld
    assert h.outcome is None      # before: E–W 5→6, attackers up 1 level
    # N–S stay at 7 under every reading; E–W 5 or 6 (docs/rules.md §10.2: the range kept)
    assert h.levels_after == (7, None) and h.levels_after_span[1] == (5, 6)
    assert h.attackers_total is None                                # 120 as written, 110 with the throw charged
    assert "trick 23" in u.message_en and "W led trick 23" in u.message_en and "第 23 轮由西家首出" in u.message_zh
    bilingual(f"{u.message_en} / {u.message_zh}")
    # written leader first, the throw is the lead: one reading, judged in full as before
    _, led = _hand(H3.replace("23. N: HA, E: H4, S: H9, W: HA HK -> HK", "23. W: HA HK -> HK, N: HA, E: H4, S: H9"))
    assert not [u for u in led.unknowns if u.tag == "order"] and led.attackers_total == 110


def test_the_reader_no_longer_says_the_thrower_follows():
    (_,), diags = parse_tgn(H3)
    (d,) = diags
    en, zh = bilingual(d.message)
    assert "but W follows" not in en and "after another play" in en and "read leader first" in en
    assert "但 W 是跟牌" not in zh and "写在另一家的出牌之后" in zh


def test_a_lead_the_rules_trick_may_give_is_no_out_of_turn_page():
    _, h = _hand(M_LEVEL)
    assert not [v for v in h.violations if v.code == "out_of_turn"]     # before: E "out of turn" in trick 25
    (u,) = [u for u in h.unknowns if u.tag == "order"]
    assert u.withheld == ("turn",) and "N or E" in u.message_en and "北家或东家" in u.message_zh
    bilingual(f"{u.message_en} / {u.message_zh}")
    assert h.legal is False and h.legality_known is False
    assert [p.violation.code for p in _pages(M_LEVEL)] == ["throw_failed"]


def test_a_lead_the_rules_trick_gives_alone_is_in_turn_and_one_it_cannot_give_stays_out_of_turn():
    # E holds only the ♠7 of trumps beside a club: it must play ♠7 and wins the rules' trick alone
    alone = M_LEVEL.replace("E: S7 S3 C3", "E: S7 C3 C3").replace("E: S7 S3, S", "E: S7 C3, S")
    _, h = _hand(alone)
    assert not [v for v in h.violations if v.code == "out_of_turn"] and not [u for u in h.unknowns if u.tag == "order"]
    # S cannot win it either way (♠5 ♠4 are below the ♥7): its lead stays out of turn
    south = M_LEVEL.replace("25. E: C3, S: C4, W: C5, N: C2", "25. S: C4, W: C5, N: C2, E: C3")
    _, h = _hand(south)
    assert [(v.trick, v.seat) for v in h.violations if v.code == "out_of_turn"][:1] == [(25, 2)]


def test_the_forced_play_between_equal_units_is_open_never_picked():
    _, h = _hand(M_LEVEL)
    (v,) = [v for v in h.violations if v.code == "throw_failed"]
    assert "♥7 or ♦7" in v.message_en and "leave open" in v.message_en and "♥7 或 ♦7" in v.message_zh
    (page,) = _pages(M_LEVEL)
    text = " ".join(f"{zh} {en}" for zh, en in page.required.lines)
    rows = " ".join(f"{r.note_zh} {r.note_en}" for r in page.required.rows)
    assert "♥7 or ♦7" in text and "♥7 或 ♦7" in text
    assert "the rest (♦7) stays in its hand" not in rows and "which unit is open" in rows


def test_a_throw_that_would_have_stood_says_so_under_consequence():
    (page,) = _pages(E2)
    assert page.violation.code == "wrong_forced_play"
    said = " ".join(f"{zh} / {en}" for zh, en in page.consequences)
    assert "no attempted -> forced play written" not in said and "未写明甩牌" not in said
    assert "would have stood" in said and "本可成立" in said and "§4.6" in said


def test_an_out_of_turn_page_shows_the_trick_that_decided_the_lead_and_the_equal_cards_rule():
    (page,) = _pages(I2)
    assert page.violation.code == "out_of_turn" and page.trick.number == 23
    assert page.lead_trick is not None and page.lead_trick.number == 22
    zh, en = page.lead_note
    assert "§2.5" in en and "§2.5" in zh and "E's ♦7 is equal to N's ♥7" in en and "first keeps the lead" in en
    assert "东家的 ♦7与北家的 ♥7 同等大小" in zh and "先出者为大" in zh
    html = render_rulings([page])
    assert "The trick that decided the lead" in html and "§2.5" in html

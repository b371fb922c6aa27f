"""A play the record leaves out, derived, is said to be derived — and counted truthfully
(docs/rules.md §4.1, §14.1; engine/record_gaps.py, engine/explain_unknown.py, reports/ruling.py).

The hand is judged once for each legal way the missing seat could have played *and* for the cards it
is left holding at the end, legal or not.  Before, all of them were called "the legal ways": E's ♥9
left out of trick 10 below (E held ♠A ♠7 ♠2 against the ♠A lead: 3 legal ways, and ♥9 the card it
keeps) was derived "of the 4 legal ways" — while the same hand found that very play a wrong follow.
And the printed ruling showed E's play as "未出 no play" in its trick table but "实际出牌 Played ♥9"
and "the trick counts as played" in the violation box.  Now the words count the legal ways and the
cards left apart, never call an illegal play a legal way, and the ruling says the play is derived, and
from what.  Each test fails on the code before.

Since the eighth stop the ways are every play of as many cards as the lead from the cards the seat held
then and does not play later, legal or not (legal follows are no longer told apart from the cards left
at the end): E's ♥9 is the one card E held then and does not play later, so it is derived from that —
never called a legal way — and said to be no legal play, judged as played.
"""
from __future__ import annotations

import html

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import explain_gaps
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

from test_record_gaps import POSITION

E = 1
RECORD = """[Event "Simulated 11"]
[Site "tractor simulate"]
[Date "2026.01.01"]
[Round "1"]
[Table "1"]
[North "王芳"]
[East "刘洋"]
[South "李娜"]
[West "孙丽"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[Declarations "N: S2"]
N: LJ S2 S2 D2 D2 SA S9 S7 S5 S4 S3 HQ HJ H9 H8 H8 H4 H3 DQ D6 D6 D5 C10 C7 C5
E: H2 SA SK SQ S9 S8 HQ H6 H5 H4 DA DK DJ DJ D10 D9 D8 D7 D5 D4 D3 CQ CQ C4 C3
S: BJ H2 SQ SJ S10 S10 S8 S6 S6 S3 HA HK H9 H7 H5 DA DQ D4 CK CJ C9 C9 C8 C7 C5
W: BJ LJ C2 SJ S7 HA HK HJ H10 H10 H7 H6 H3 DK D9 D3 CA CA CK CJ C10 C8 C6 C6 C4
Bottom: C3 D10 C2 S4 S5 SK D8 D7
Buried: H4 H3 D7 D5 C10 C7 C5 C3
1. N: S2 S2 D2 D2, E: SA SQ S9 S8, S: S10 S10 S6 S6, W: LJ C2 SJ S7
2. N: S5 S5 S4 S4, E: H2 SK D3 C3, S: SQ SJ S8 S3, W: BJ H3 D3 C4
3. N: H8, E: H4, S: HK, W: HA
4. W: CA CA, N: D6 D6, E: CQ CQ, S: C9 C9
5. W: C6 C6, N: H8 D8, E: D10 C4, S: C8 C7
6. W: H10 H10, N: HJ H9, E: H6 H5, S: H9 H7
7. W: H6, N: HQ, E: HQ, S: H5
8. N: DQ, E: D4, S: D4, W: DK
9. W: D9, N: D10, E: DA, S: DQ
10. E: D7, S: DA, W: H7, N: SK
11. N: S3, E: D8, S: H2, W: C8
12. S: HA, W: HJ, N: S7, E: D9
13. N: S9, E: DJ, S: BJ, W: CJ
14. S: CJ, W: CK, N: SA, E: DJ
15. N: LJ, E: D5, S: CK, W: C10
16. N: C2, E: DK, S: C5, W: HK
[Claim "65"]

[Hand "2"]
[Dealer "S"]
[Trump "C"]
[Level "3"]
[Declarations "S: C3 | S: C3 C3"]
N: BJ D3 C10 C10 C5 C4 C2 SK S10 S9 S9 S8 S7 S2 HQ HQ H6 H6 DK DQ DQ D10 D7 D5 D2
E: BJ LJ S3 CA CK C8 C2 SA SJ SJ S7 S5 S4 S2 HK HJ H10 H9 H9 H8 H5 DJ D10 D8 D4
S: C3 C3 D3 CQ CQ CJ CJ C9 C9 C4 SK SQ SQ S5 S4 HA H7 H4 DK D8 D6 D6 D5 D4 D2
W: LJ H3 H3 CA CK C8 C7 C7 C6 C6 SA S8 S6 S6 HA HK HJ H5 H4 H2 DA DA DJ D9 D7
Bottom: C5 D9 S3 H2 H7 H8 H10 S10
Buried: S4 HA H8 H4 H2 D8 D4 D2
1. S: CQ CQ CJ CJ, W: C7 C7 C6 C6, N: C10 C10 C5 C2, E: S3 CA C8 C2
2. S: D6, W: DA, N: D2, E: S4 {injected: follow_suit}
3. W: HA HK, N: H6 H6, E: HK H10, S: H7 H7
4. W: H3 H3, N: D3 C4, E: LJ CK, S: C3 C3
5. S: SQ SQ, W: S6 S6, N: S9 S9, E: SJ SJ
6. S: DK D9 D6 D5 -> D5, W: D7, N: DK, E: D4
7. N: D7, E: D8, S: D6, W: D9
8. W: S8, N: S2, E: S5, S: SK
9. S: D9, W: DA, N: DQ, E: D10
10. W: SA, N: S7, S: S5
11. W: H2, N: HQ, E: H8, S: H10
12. N: HQ, E: H9, S: S10, W: H4
13. N: S8, E: S2, S: DK, W: C8
14. W: DJ, N: DQ, E: DJ, S: C5
15. S: C9 C9, W: LJ CA, N: BJ S10, E: BJ S7
16. S: S3, W: CK, N: D10, E: HJ
17. S: D3, W: HJ, N: SK, E: SA
18. S: C4, W: H5, N: D5, E: H5
[Claim "55"]
"""
"""Hand 2 of ``tractor simulate -n 1 --seed 11 --violation-rate 0.05``, E's (injected) ♥9 left out of
trick 10: ``10. W: SA, N: S7, S: S5``."""


def hand2():
    (match,), _ = parse_tgn(RECORD)
    return replay_match(match).hands[1]


def test_a_derived_illegal_play_is_not_counted_among_the_legal_ways():
    h = hand2()
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.value == "10: E H9"
    assert [(v.code, v.trick, v.seat) for v in h.violations if v.trick == 10] == [("follow_suit", 10, E)]
    # before: "of the 4 legal ways, only this one fits" / "4 种合法出法中只有这一种"
    assert "legal way" not in d.message_en and "合法出法" not in d.message_zh
    assert d.message_en.endswith("(of the cards E held then, the only one it does not play later; it is no "
                                 "legal play, and judged as played)")
    assert d.message_zh.endswith("（东家当时所持的牌中，只有这一手其后没有打出；这不是合法出牌，按其判定违例）")


def test_check_says_the_same(tmp_path):
    path = tmp_path / "vskip.tgn"
    path.write_text(RECORD, "utf-8")
    r = CliRunner().invoke(main, ["check", str(path)])
    assert "(of the cards E held then, the only one it does not play later; it is no legal play, and judged " \
           "as played)" in r.output
    assert "东家当时所持的牌中，只有这一手其后没有打出；这不是合法出牌，按其判定违例" in r.output
    assert "legal way" not in r.output and "合法出法" not in r.output
    # the violation's play is the one filled in: derived, not "played" (the record has none)
    assert "derived 推出  ♥9  (not in the record 记录未写)" in r.output
    assert "played 实出  ♥9" not in r.output


def test_a_position_s_revoke_derived_from_the_card_kept_is_counted_apart():
    # N's play to trick 24 left out, N plays ♥3 in trick 25: so N played the ♣4 it is left holding,
    # against the heart lead — no legal play (its one legal play is ♥3), judged as played: a revoke
    # (before "of the 2 legal ways", then "of the 1 legal way and the card N is left holding at the end")
    (match,), _ = parse_tgn(POSITION.format(n25="H3"))
    h = replay_match(match).hands[0]
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.value == "24: N C4" and [(v.code, v.trick) for v in h.violations] == [("follow_suit", 24)]
    assert "legal way" not in d.message_en and "合法出法" not in d.message_zh
    assert ("N played ♣4 in trick 24 (of the cards N held then, the only one it does not play later; it is no "
            "legal play, and judged as played)") in d.message_en
    assert "第 24 轮北家出 ♣4（北家当时所持的牌中，只有这一手其后没有打出；这不是合法出牌，按其判定违例）" in d.message_zh
    # N plays ♣4 in trick 25: ♥3 is the card left, a legal play — derived from the same, no fault said
    (match,), _ = parse_tgn(POSITION.format(n25="C4"))
    h = replay_match(match).hands[0]
    (d,) = [d for d in h.derived if d.fact == "play"]
    assert d.message_en.endswith("N played ♥3 in trick 24 (of the cards N held then, the only one it does not "
                                 "play later)")
    assert d.message_zh.endswith("第 24 轮北家出 ♥3（北家当时所持的牌中，只有这一手其后没有打出）")
    assert h.violations == ()


def test_the_words_for_several_ways_count_the_cards_left_apart():
    # the ways are no longer legal ways and cards left counted apart: every way, legal or not, is counted
    # as one, and never called a legal way (before: "3 legal ways and the card E is left holding at the end
    # (4 in all)")
    zh, en = explain_gaps.record_leaves_out([(10, (E,))], (), 4, 4)
    assert "legal way" not in en and "合法出法" not in zh
    assert ("for each of the 4 ways it could have been played (as many cards as the lead, of those E held then "
            "and does not play later, legal or not)") in en
    assert "按其所有 4 种可能的出法（从东家当时所持且其后未打出的牌中取与首出同样张数的牌，不论合法与否）" in zh
    # some of them fit the record's later plays: how many, of how many
    zh, en = explain_gaps.record_leaves_out([(10, (E,))], (), 3, 11)
    assert "for each of the 3 of its 11 possible ways (" in en and "that fit the record's later plays" in en
    assert "按其 11 种可能的出法（" in zh and "中与记录后面的出牌相符的 3 种" in zh
    # ways dropped before all were listed: how many there were in all is not said
    zh, en = explain_gaps.record_leaves_out([(10, (E,))], (), 3, 3, dropped=True)
    assert "for each of the 3 ways it could have been played (" in en and "fit the record's later plays" in en
    assert "of its" not in en and "按其可能的出法（" in zh and "相符的 3 种" in zh and "按其所有" not in zh
    # the record's later plays take more than E held: the ways are of every card it held then
    zh, en = explain_gaps.record_leaves_out([(10, (E,)), (12, (E,))], (), 3, 3, open_only=False)
    assert "the 3 ways they could have been played (as many cards as the lead, of those E held then, legal " \
           "or not)" in en and "其后未打出" not in zh and "从东家当时所持的牌中取" in zh
    zh, en = explain_gaps.gap_winner_derived(10, 3, (E,), False)
    assert "whatever legal" not in en and "怎样合法出牌" not in zh and "最后剩下的牌" not in zh
    assert en == ("trick 10 won by W: the record leaves out E's play, but whatever E played (as many cards as the "
                  "lead, of those E held then and does not play later, legal or not), W wins it")
    assert zh == ("第 10 轮由西家赢：记录缺少东家的出牌，但无论东家怎样出（从东家当时所持且其后未打出的牌中取与首出同样"
                  "张数的牌，不论合法与否），都是西家赢")
    zh, en = explain_gaps.gap_winner_derived(10, 3, (E,), True, open_only=False)
    assert "(as many cards as the lead, of those E held then, legal or not)" in en
    assert "(of those that fit the record's later plays)" in en and "在与记录后面的出牌相符的出法中" in zh


def test_the_ruling_says_the_play_is_derived_and_from_what(tmp_path):
    path, out = tmp_path / "vskip.tgn", tmp_path / "ruling.html"
    path.write_text(RECORD, "utf-8")
    r = CliRunner().invoke(main, ["ruling", str(path), "--hand", "2", "--trick", "10", "-o", str(out)])
    assert r.exit_code == 0, r.output
    page = html.unescape(out.read_text("utf-8"))
    finding = page[page.index('<section class="finding">'):page.index('<section class="rule">')]
    # before: "实际出牌 Played ♥9" beside a trick table saying "未出 no play"
    assert "实际出牌 Played" not in finding and "推出的出牌 Play derived" in finding
    assert "由其后的出牌与发牌推出" in finding and "it follows from E's later plays and deal line" in finding
    assert "未出 no play" not in page and "记录未写 not in the record" in page
    assert "the trick counts as played" not in page and "本轮按实际出牌计算" not in page
    assert "the trick counts with the play derived" in page and "本轮按推出的出牌计算" in page
    assert "of the cards E held then, the only one it does not play later; it is no legal play, and judged " \
           "as played" in page
    assert "东家当时所持的牌中，只有这一手其后没有打出；这不是合法出牌，按其判定违例" in page
    assert "legal ways" not in page and "合法出法" not in page

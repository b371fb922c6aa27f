"""A referee tester's findings on a ruling page's penalty total, a copy error's position and some words (session 21,
helper copyw; records in /tmp/s21/ref3).

1. A ruling page on the first of a hand's two wrong follows (tournament rules) said "lose one level (their wrong
   follow no. 1)", the outcome row "go up 3 levels", the levels row "7 → 8": read alone it adds to 10, not 8.  The
   page now states the hand's total penalty (N–S −2) as ``check`` does (``revoke penalty 罚级 NS −2``).
2. ``too_many_copies`` of a hand's plays pointed at the copy counted over (E's ♣5 in the trick) while the engine
   derives that W's ♣5 is the miscopied one: ``check`` now points at W's play and says so (one deck and two).
3. Words: "1 deck(s) hold only 1", "the 1 deck' other copies" (singular now); "did not follow with enough hearts"
   said of a one-card lead ("did not follow suit" now); the claim's ruling page kept a "Better play held — none
   applies" row (dropped).
"""
from __future__ import annotations

import json

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import parse_card
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
[Points "0"]
[FirstTrick "23"]
"""

# S holds ♥9 and plays ♣Q, then ♣J, to N's single hearts: two wrong follows of N–S in one hand
TWO_WRONG = HEAD.format(rules="tournament") + """N: HA HK C2
E: H4 H2 D9
S: H9 CQ CJ
W: H3 H5 D5
Buried: D10 DK C5 C5 H5 C3 C4 C6
23. N: HA, E: H4, S: CQ, W: H3
24. N: HK, E: H2, S: CJ, W: H5
25. N: C2, E: D9, S: H9, W: D5
"""

# W's line gives ♣4, W is written playing ♣5; N's and E's lines give the decks' two ♣5 and they play them
THREE_C5 = HEAD.format(rules="tournament") + """N: HA H3 C5
E: H4 H2 C5
S: H9 H8 CQ
W: C4 HK D5
Buried: D10 DK C6 C6 H5 C3 C3 C8
23. W: C5, N: C5, E: C5, S: CQ
24. S: H9, W: HK, N: HA, E: H4
25. N: H3, E: H2, S: H8, W: D5
"""

# one deck: N's line gives its one ♣5, W is written playing ♣5 before N plays it
TWO_C5_ONE_DECK = HEAD.format(rules="one-deck") + """N: HA H3 C5
E: H4 H2 C7
S: H9 H8 CQ
W: C4 HK D5
Buried: D10 DK C6 C9 H5 C3
23. W: C5, N: C5, E: C7, S: CQ
24. S: H9, W: HK, N: HA, E: H4
25. N: H3, E: H2, S: H8, W: D5
"""

# the cards as played (W's ♣4), the [Claim] 5 off the 40 the position's earlier points give
CLAIM_WRONG = THREE_C5.replace("23. W: C5,", "23. W: C4,").replace('[Points "0"]', '[Points "40"]').replace(
    '[FirstTrick "23"]', '[FirstTrick "23"]\n[Claim "45"]')


def _pages(text: str):
    (match,), _ = parse_tgn(text)
    return ruling_pages([(match, replay_match(match))])


def _col(text: str, line: int, token: str) -> int:
    return text.splitlines()[line - 1].index(token) + 1


def test_a_ruling_page_states_the_hand_s_total_wrong_follow_penalty(tmp_path):
    first, second = _pages(TWO_WRONG)
    for page in (first, second):
        (total,) = [f"{en} / {zh}" for zh, en in page.consequences if "in all" in en]
        en, zh = bilingual(total)
        assert "N–S −2" in en and "2 wrong follows in this hand" in en and "included in the levels" in en
        assert "南北方 −2" in zh and "本局共 2 次跟牌错误" in zh
    assert ("结果", "outcome") == first.score[-2][:2] and "up 3 levels" in first.score[-2][2]
    assert first.score[-1][2].startswith("N–S 7 → 8")       # 7 + 3 − 2: the page now says each term
    html = render_rulings([first])
    assert "N–S −2" in html.split('class="consequence"', 1)[1].split("</section>", 1)[0]
    # the hand's count agrees with check's
    path = tmp_path / "two.tgn"
    path.write_text(TWO_WRONG, "utf-8")
    assert "revoke penalty 罚级 NS −2 / 南北 −2" in run_cli("check", str(path), code=1).output


def test_one_wrong_follow_alone_adds_no_total_line():
    one = TWO_WRONG.replace("24. N: HK, E: H2, S: CJ, W: H5\n25. N: C2, E: D9, S: H9, W: D5",
                            "24. N: HK, E: H2, S: H9, W: H5\n25. N: C2, E: D9, S: CJ, W: D5")
    (page,) = _pages(one)
    assert not [en for _, en in page.consequences if "in all" in en]


def test_too_many_copies_of_the_plays_points_at_the_copy_the_engine_derives_miscopied(tmp_path):
    for text, count, decks in ((THREE_C5, 3, "2 decks hold only 2"), (TWO_C5_ONE_DECK, 2, "1 deck holds only 1")):
        path = tmp_path / "c.tgn"
        path.write_text(text, "utf-8")
        doc = json.loads(run_cli("check", str(path), "--json", code=2).output)["files"][0]
        (e,) = [e for e in doc["errors"] if e["code"] == "too_many_copies"]
        # before: the token that went over (N's or E's ♣5, counted last); now W's play, the one the engine derives
        assert (e["line"], e["column"], e["trick"]) == (17, _col(text, 17, "W: C5"), 23)
        en, zh = bilingual(e["message"])
        assert f"{count} copies of ♣5 in the plays of hand 9, but {decks}" in en
        assert "the copy W played in trick 23, this one, is derived to be the miscopied one" in en
        assert "推出记错的是第 23 轮西家出的这一张" in zh
        (v,) = [v for v in doc["hands"][0]["violations"] if v["code"] == "not_in_hand"]
        assert (v["line"], v["column"]) == (e["line"], e["column"])


def test_one_deck_is_singular_in_the_words():
    (match,), diags = parse_tgn(TWO_C5_ONE_DECK)
    (d,) = [d for d in diags if d.code == "too_many_copies"]
    assert "1 deck holds only 1" in d.message and "deck(s)" not in d.message
    h = replay_match(match).hands[0]
    (v,) = [v for v in h.violations if v.code == "not_in_hand"]
    assert "the 1 deck's other copies" in v.message_en and "deck'" not in v.message_en.replace("deck's", "")
    (two,), diags2 = parse_tgn(THREE_C5)
    h2 = replay_match(two).hands[0]
    (v2,) = [v for v in h2.violations if v.code == "not_in_hand"]
    assert "the 2 decks' other copies" in v2.message_en


def test_a_single_card_lead_not_followed_says_did_not_follow_suit():
    (match,), _ = parse_tgn(TWO_WRONG)
    h = replay_match(match).hands[0]
    for v in [v for v in h.violations if v.code == "follow_suit"]:
        assert "S still held hearts but did not follow suit; should play ♥9" == v.message_en
        assert "enough" not in v.message_en and "足够" not in v.message_zh
        assert v.message_zh == "南家还有红桃却未跟出红桃，应出 ♥9"


def test_a_lead_of_several_cards_still_says_enough():
    several = TWO_WRONG.replace("N: HA HK C2", "N: HA HA C2").replace("S: H9 CQ CJ", "S: H9 H8 CQ").replace(
        "23. N: HA, E: H4, S: CQ, W: H3\n24. N: HK, E: H2, S: CJ, W: H5\n25. N: C2, E: D9, S: H9, W: D5",
        "23. N: HA HA, E: H4 H2, S: H9 CQ, W: H3 H5\n24. N: C2, E: D9, S: H8, W: D5")
    (match,), _ = parse_tgn(several)
    h = replay_match(match).hands[0]
    (v,) = [v for v in h.violations if v.code == "follow_suit"]
    assert "did not follow with enough hearts" in v.message_en


def test_the_claim_page_has_no_better_play_row():
    (page,) = _pages(CLAIM_WRONG)
    assert page.violation.code == "claim_mismatch"
    html = render_rulings([page])
    assert "Better play held" not in html and "none applies" not in html
    (wrong,) = _pages(TWO_WRONG)[:1]
    assert "Better play held" in render_rulings([wrong])        # a player's violation keeps it


def test_a_copy_not_proven_miscopied_is_not_worded_as_the_miscopied_one():
    from tractor_analysis.records.tgn_cards import copies_words

    seen = (parse_card("SQ"), 3, 2, (("dealN", 21, 5), ("dealW", 24, 8), ("bottom", 25, 9)))
    for judged in (True, False):
        en, zh = copies_words(seen, (25, 9), judged=judged)
        # before: "(the one counted last is shown here)", read as the miscopied one
        assert "shown here is the copy counted last, not known to be the miscopied one" in en
        assert "并不表明记错的就是这一张" in zh

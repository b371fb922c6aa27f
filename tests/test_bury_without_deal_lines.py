"""A full hand recorded without deal lines takes no ``Buried:`` line the dealer could not have made
(docs/rules.md §1.5, §14.1).

A hand that is not a position and gives no ``N:``/``E:``/``S:``/``W:`` lines is read from its plays.
Its ``Buried:`` line is ``bad_bury`` (pointed at its line) and not used when it has the wrong number
of cards for the bottom, or names cards of which it and the cards played hold more copies than the
decks have (a card miscopied).  When every seat played a whole hand, the bury is the decks' cards
nobody played (``derived`` ``buried``, "from the cards played"); else it is unknown, and where it
counts (the attackers take the last trick of a hand played out) their total, the outcome and the
levels after are withheld (``unknown`` tag ``Buried``).  A line that passes is used as recorded.

Before the fix the line was used as written: a 9-card ``Buried:`` (``… D4 D5``) scored
"bottom 5×2=10 = 160" with no diagnostic, and so did a 7-card line or one with a third ♦5.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import explain_bury
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

TRUE_BURY = "H3 H4 H6 H8 D4 D6 D8 DQ"       # the two decks' cards none of the 16 tricks play (0 points)

TRICKS = [
    "1. S: SA SK SK, W: SQ S4 D3, N: S6 S3 S3, E: S5 S5 S4",
    "2. S: DA, W: D4, N: D3, E: D9",
    "3. S: D2 D2, W: C9 C9, N: S2 CJ, E: C6 C4",
    "4. S: HA H10 H5 -> H5, W: HQ, N: H3, E: HK",
    "5. E: HA HJ HJ, S: S6 HA H10, W: HK H10 DK, N: H7 H7 H4",
    "6. E: D10 D10, S: DK D5, W: D6 D5, N: D7 D7",
    "7. E: S7, S: S8, W: D8, N: S7",
    "8. S: C5 C5, W: BJ BJ, N: LJ H2, E: C10 C7",
    "9. W: DQ, N: DA, E: H6, S: S10",
    "10. N: DJ DJ D9, E: SQ SJ H9, S: SJ S10 S9, W: C2 C2 C3",
    "11. W: C7, N: S8, E: C8, S: H2",
    "12. S: C8, W: C4, N: H8, E: LJ",
    "13. E: H5, S: C3, W: C10, N: H9",
    "14. W: CQ, N: S9, E: CJ, S: CK",
    "15. S: C6, W: CA, N: HQ, E: CA",
    "16. W: CK, N: SA, E: S2, S: CQ",
]


def _record(buried: str | None, tricks: list[str] = TRICKS, claim: str = "150") -> str:
    """bury9_nodeal.tgn: dealer S (N–S defend), no deal lines, E–W take the last trick (E's ♠2)."""
    lines = ['[North "A"]', '[East "B"]', '[South "C"]', '[West "D"]', '[Ruleset "standard"]', "",
             '[Hand "1"]', '[Dealer "S"]', '[Trump "C"]', '[Level "2"]', '[Declarations "S: H2 | W: C2 C2"]',
             "Bottom: S6 D4 DA D8 SK C8 H5 D2"]
    if buried is not None:
        lines.append(f"Buried: {buried}")
    lines += tricks
    lines.append(f'[Claim "{claim}"]')
    return "\n".join(lines) + "\n"


def _hand(text: str):
    matches, _ = parse_tgn(text)
    result = replay_match(matches[0])
    return result, result.hands[0]


def _check_json(tmp_path, text: str) -> dict:
    path = tmp_path / "nodeal.tgn"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    return json.loads(r.output)["files"][0]["hands"][0]


def _buried_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("Buried:"))


def _assert_derived_and_scored(h) -> None:
    """The bad line not used: the bury derived from the plays (0 points), the hand scored on it."""
    derived = [d for d in h.derived if d.fact == "buried"]
    assert len(derived) == 1 and derived[0].value == TRUE_BURY
    assert derived[0].source == "the cards played (every seat a whole hand)"
    assert "nobody played" in derived[0].message_en and "无人打出" in derived[0].message_zh
    assert "not used" in derived[0].message_en and "不采用" in derived[0].message_zh
    assert not [u for u in h.unknowns if u.tag == "Buried"]
    assert h.complete and h.tricks[-1].winner in (1, 3)
    assert (h.bottom_points, h.bottom_multiplier, h.attackers_total) == (0, 2, 150)
    assert h.outcome is not None and h.levels_after == (2, 3)
    assert not [v for v in h.violations if v.code == "claim_mismatch"]     # [Claim "150"] now agrees


def test_a_nine_card_line_is_bad_bury_and_the_bury_is_derived(tmp_path):
    text = _record("H8 H6 H4 H3 DQ D8 D6 D4 D5")
    _, h = _hand(text)
    bad = [v for v in h.violations if v.code == "bad_bury"]
    # the size names S; the third ♦5 no seat (no dealer can bury a copy the decks lack: s22)
    assert bad and all(v.trick is None for v in bad) and {v.seat for v in bad} == {2, None}
    # every seat played a whole hand: the line is the record's error, worded so (docs/rules.md §13.1, s17)
    assert any(explain_bury.line_wrong_size(2, 9, 8, True) == (v.message_zh, v.message_en) and v.of_record for v in bad)
    _assert_derived_and_scored(h)
    doc = _check_json(tmp_path, text)
    assert {(v["code"], v["line"], v["column"]) for v in doc["violations"]} == {("bad_bury", _buried_line(text), 1)}
    assert doc["attackers_total"] == 150 and doc["bottom_bonus"] == 0 and doc["claim_matches"] is True
    assert [d for d in doc["derived"] if d["fact"] == "buried"][0]["value"] == TRUE_BURY


def test_a_seven_card_line_is_bad_bury_and_the_bury_is_derived():
    _, h = _hand(_record("H8 H6 H4 H3 DQ D8 D6"))
    bad = [v for v in h.violations if v.code == "bad_bury"]
    assert [(v.message_zh, v.message_en) for v in bad] == [explain_bury.line_wrong_size(2, 7, 8, True)]
    assert all(v.of_record for v in bad)         # the record's error, not S's (docs/rules.md §13.1, s17)
    _assert_derived_and_scored(h)


def test_a_line_with_a_third_copy_of_a_card_is_bad_bury():
    # the right size, but two ♦5: both copies of ♦5 were played (S's and W's in trick 6)
    _, h = _hand(_record("H8 H6 H4 H3 DQ D8 D5 D5"))
    bad = [v for v in h.violations if v.code == "bad_bury"]
    # the record's finding, naming no seat (s22: it named S, "S buried D5")
    assert len(bad) == 1 and bad[0].seat is None and bad[0].of_record
    assert ("the Buried: line and the cards played hold together more copies of ♦5 than 2 decks have"
            in bad[0].message_en)
    assert "与各家打出的牌合起来" in bad[0].message_zh and "不采用该埋底行" in bad[0].message_zh
    _assert_derived_and_scored(h)


def test_a_right_size_line_with_one_card_miscopied_is_bad_bury():
    # ♦K for ♦4: both ♦K were played (tricks 5 and 6); the line scored "bottom 10×2=20 = 170" before
    _, h = _hand(_record("H8 H6 H4 H3 DQ D8 D6 DK"))
    bad = [v for v in h.violations if v.code == "bad_bury"]
    assert len(bad) == 1 and bad[0].message_en.startswith("the Buried: line and the cards played hold together "
                                                          "more copies of ♦K")
    _assert_derived_and_scored(h)


def test_a_correct_line_changes_nothing():
    _, h = _hand(_record("H8 H6 H4 H3 DQ D8 D6 D4"))
    assert [v.code for v in h.violations] == []
    assert not [d for d in h.derived if d.fact == "buried"]
    assert not [u for u in h.unknowns if u.tag == "Buried"]
    assert (h.bottom_points, h.attackers_total) == (0, 150) and h.outcome is not None


def test_an_incomplete_hand_with_a_bad_line_leaves_the_bury_unknown(tmp_path):
    # the record stops after trick 15: not every card was played, so nothing fixes the bury (the
    # line's ♦5 is a third copy and it has 9 cards: bad_bury, its 5 points never the bottom's)
    text = _record("H8 H6 H4 H3 DQ D8 D6 D4 D5", TRICKS[:-1], claim="140")
    _, h = _hand(text)
    bad = [v for v in h.violations if v.code == "bad_bury"]
    # the 9 cards are S's bury (S's violation); the third ♦5 the record's finding, no seat (s22)
    assert sorted((v.seat is None, v.of_record) for v in bad) == [(False, False), (True, True)]
    assert not [d for d in h.derived if d.fact == "buried"]
    assert not h.complete and h.bottom_points is None
    assert h.outcome is None and h.levels_after == (None, None)
    doc = _check_json(tmp_path, text)
    assert {(v["code"], v["line"]) for v in doc["violations"]} == {("bad_bury", _buried_line(text))}
    assert doc["bottom_points"] is None and doc["bottom_bonus"] is None and doc["outcome"] is None


def test_a_bad_line_in_a_hand_played_out_but_not_derivable_withholds_the_total():
    # every seat plays 25 cards, but N's last card is a third ♠K (a play miscopied): the cards not
    # played are no bottom, so the bury is unknown; E–W take the last trick, so the bottom counts
    tricks = [*TRICKS[:-1], "16. W: CK, N: SK, E: S2, S: CQ"]
    result, h = _hand(_record("H8 H6 H4 H3 DQ D8 D6 D4 D5", tricks))
    assert [v for v in h.violations if v.code == "bad_bury"]
    assert not [d for d in h.derived if d.fact == "buried"]
    # (s23: N's third ♠K may stand for any card nobody plays — the Buried: line is wrong —, so who takes trick 16,
    # and the bottom, rests on it: withheld, docs/rules.md §1.6)
    assert h.complete and h.tricks[-1].winner is None
    assert h.bottom_points is None and h.attackers_total is None and h.outcome is None
    buried = [u for u in h.unknowns if u.tag == "Buried"]
    assert len(buried) == 1 and {"points", "outcome", "levels"} <= set(buried[0].withheld)
    assert "wrong" in buried[0].message_en and "有误" in buried[0].message_zh
    assert result.levels_final[1] is None


def test_no_line_at_all_the_bury_is_derived_when_every_card_was_played():
    # E–W take the last trick, so the bottom counts: it was withheld ("the record does not give
    # it"), though every seat played a whole hand and the cards nobody played are the bottom
    _, h = _hand(_record(None))
    derived = [d for d in h.derived if d.fact == "buried"]
    assert len(derived) == 1 and derived[0].value == TRUE_BURY
    assert "gives no Buried: line" in derived[0].message_en and "记录未写 Buried:" in derived[0].message_zh
    assert "not used" not in derived[0].message_en and "不采用" not in derived[0].message_zh
    assert not [u for u in h.unknowns if u.tag == "Buried"] and not h.violations
    assert (h.bottom_points, h.attackers_total) == (0, 150) and h.outcome is not None


def test_no_line_and_a_hand_not_played_out_leaves_the_bury_unknown():
    _, h = _hand(_record(None, TRICKS[:-1], claim="140"))
    assert not [d for d in h.derived if d.fact == "buried"] and h.bottom_points is None

"""Verdicts of a hand that must not rest on what the record does not give (docs/rules.md §14.1).

Each record is written as a referee writes one: a position with only the hands that matter, a
full deal whose ``Buried:`` line is short or wrong, a whole deal with no ``Bottom:`` line.  Every
test fails on the code before the fix (checked against the main branch).
"""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn


def replay(text: str):
    matches, diags = parse_tgn(text)
    return replay_match(matches[0]).hands[0], diags


def position(ruleset: str, lines: list[str], plays: list[str]) -> str:
    """The end of a hand a referee copies down: N deals, spades trump at 7, W leads trick 20."""
    head = [f'[Ruleset "{ruleset}"]', '[Levels "NS:7 EW:5"]', "", '[Hand "11"]', '[Dealer "N"]',
            '[Trump "S"]', '[Level "7"]', '[SetUp "1"]', '[Points "65"]', '[FirstTrick "20"]']
    return "\n".join(head + lines + plays) + "\n"


# --- 1. a throw judged against seats whose cards are read from their plays ---------------------

def test_failed_throw_not_called_standing_when_unknown_seats_may_beat_it():
    """W's throw ♥K ♥Q ♥J was recorded failed (W played ♥J).  N's hand is given and cannot beat
    it, but E and S have no deal line: only the cards they played are known.  Whether either held
    ♥A is not known, so "the throw would have stood" is withheld: no violation, and the ``deal``
    unknown says so."""
    text = position("standard", ["N: H9 H8 H3 SA D6 C4", "W: HK HQ HJ D5 D5 C8"],
                    ["20. W: HK HQ HJ -> HJ, N: H3, E: H4, S: H10"])
    result, _ = replay(text)
    assert [v.code for v in result.violations] == []
    deal = [u for u in result.unknowns if u.tag == "deal"]
    assert len(deal) == 1 and "throw_check" in deal[0].withheld
    assert "judged only where their plays prove them beaten" in deal[0].message_en
    assert "只在其出牌证明能管上时判定" in deal[0].message_zh
    # S plays ♥A in the same position: the throw is proven beaten, and every unit is a single (no
    # larger shape to beat), so ``throw_failed`` stands with its forced play ♥J
    proven, _ = replay(position("standard", ["N: H9 H8 H3 SA D6 C4", "W: HK HQ HJ D5 D5 C8"],
                                ["20. W: HK HQ HJ, N: H9 H8 H3, E: H5 H4 H2, S: HA H10 D9"]))
    [v] = proven.violations
    assert v.code == "throw_failed" and v.better == (proven.tricks[0].plays[0].cards[-1],)


def test_ruling_has_nothing_to_rule_on_for_the_withheld_throw(tmp_path):
    src = tmp_path / "p.tgn"
    src.write_text(position("standard", ["N: H9 H8 H3 SA D6 C4", "W: HK HQ HJ D5 D5 C8"],
                            ["20. W: HK HQ HJ -> HJ, N: H3, E: H4, S: H10"]), encoding="utf-8")
    out = CliRunner().invoke(main, ["ruling", str(src), "-o", str(tmp_path / "r.html")])
    assert out.exit_code == 3, out.output          # no violation, the throw not judged: no ruling written


def test_forced_play_and_penalty_withheld_when_an_unknown_seat_may_beat_the_pair():
    """W throws ♥Q ♥Q ♥J; S's ♥A proves the single beaten, but E or S may have held ♥A ♥A or ♥K ♥K,
    which beat the pair: then W had to play the pair.  The fault stands; the forced play (and so
    the tournament's 10 points a card not thrown) is withheld, and with it the attackers' points."""
    text = position("tournament", ["N: H9 H8 H3 SA D6 C4", "W: HQ HQ HJ D5 D5 C8"],
                    ["20. W: HQ HQ HJ, N: H9 H8 H3, E: H5 H4 H2, S: HA H10 D9"])
    result, _ = replay(text)
    [v] = result.violations
    assert v.code == "throw_failed" and v.better == ()
    assert "forced play is not judged" in v.message_en and "应改出哪一手不予判定" in v.message_zh
    assert result.attackers_total is None and result.penalties is None
    assert not [i for i in result.items if i.kind == "throw_penalty"]
    assert "points" in result.withheld


# --- 2, 3, 5. the bottom and the bury: a bad Buried: line is not trusted; what is derived is said -----

DEAL = """[Ruleset "tournament"]
[Levels "NS:2 EW:3"]

[Hand "2"]
[Dealer "W"]
[DealerFixed "yes"]
[Trump "S"]
[Level "3"]
[Declarations "S: S3 | S: S3 S3"]
N: BJ H3 SA SK S8 S7 S4 HJ H8 H7 H2 DA DK DQ D9 D5 D4 D2 CA CK CQ C9 C6 C5 C5
E: LJ LJ C3 SA SJ S10 S8 S7 S5 S4 HA HK HQ H10 H9 H5 H5 H4 D10 D9 D6 D5 CA C9 C7
S: BJ S3 S3 H3 D3 C3 SK SQ S10 S6 S6 HK HQ H8 H6 DK DQ DJ D8 D7 D2 CK C10 C8 C4
W: S9 S5 S2 S2 HJ H10 H9 H6 H2 DA DJ D10 D8 D7 D6 D4 CQ CJ C10 C8 C7 C6 C4 C2 C2
{bottom}{buried}1. W: HA, N: H2, E: H10, S: H6
2. W: S9 S9, N: S7 S4, E: LJ LJ, S: S6 S6
3. E: HA HK, S: HQ H8, W: H10 H4, N: H8 H7
4. E: CA, S: C4, W: C10, N: C6
5. E: C7, S: C8, W: C2, N: CK
6. N: DA DK, E: D9 D6, S: DK D2, W: S2 S2
7. W: H6, N: HJ, E: HQ, S: HK
8. S: D7, W: C2, N: D5, E: D10
9. E: H9, S: D8, W: H7, N: S8
10. N: C5 C5, E: H4 C9, S: CK C10, W: CJ CJ
11. W: HJ H9, N: SA SK, E: H5 H5, S: DQ DJ
12. N: DQ D9, E: S4 D5, S: SK S10, W: C6 C4
13. S: D3, W: SJ, N: H3, E: S7
14. S: S3 S3, W: D3 SQ, N: BJ D2, E: SJ S8
15. S: C3, W: S5, N: D4, E: SA
16. S: BJ, W: C7, N: C9, E: C3
17. S: SQ, W: C8, N: CQ, E: S5
18. S: H3, W: CQ, N: CA, E: S10
[Claim "105"]
"""
BOTTOM = "Bottom: SJ D3 HA S9 H7 CJ H4 SQ\n"
REAL_BURY = "H2 DA DJ D10 D8 D7 D6 D4"      # W's bury: its plays leave these of deal + bottom (♦10: 10 points)


def deal(bottom: str = "", buried: str | None = None, cut: int = 0) -> str:
    text = DEAL.format(bottom=bottom, buried="" if buried is None else f"Buried: {buried}\n")
    if cut:       # the record stops after trick 18 - cut
        lines = text.splitlines()
        lines = [ln for ln in lines if not any(ln.startswith(f"{n}. ") for n in range(19 - cut, 19))]
        text = "\n".join(lines) + "\n"
    return text


def facts(result) -> dict[str, str]:
    return {d.fact: d.value for d in result.derived}


def test_short_buried_line_without_bottom_line_is_a_bad_bury_and_the_bury_is_derived():
    """7 cards buried (♦10 left out), no Bottom: line, the four deal lines and every play given: the
    line is a ``bad_bury``; the bottom is what the deal lines leave, the bury what W's plays leave
    of deal + bottom (with the ♦10): bottom 10 × 2, the claim of 105 right."""
    result, _ = replay(deal(buried="H2 DA DJ D8 D7 D6 D4"))
    assert [v.code for v in result.violations] == ["bad_bury"]
    assert facts(result)["bottom"] == "S9 SJ SQ H4 H7 HA D3 CJ"
    assert sorted(facts(result)["buried"].split()) == sorted(REAL_BURY.split())
    assert result.bottom_points == 10 and result.attackers_total == 105


def test_bad_bury_line_with_the_bottom_given_puts_no_phantom_card_in_the_dealers_hand():
    """The same short line with the Bottom: line: before, W kept the ♦10 the line left out and got
    three follow_suit faults, a deal_mismatch, N a throw_failed 'W held ♦10', and E–W forfeited the
    match.  Now the line is not used: W's hand is its plays, only the bad_bury stands."""
    matches, _ = parse_tgn(deal(BOTTOM, "H2 DA DJ D8 D7 D6 D4"))
    match = replay_match(matches[0])
    result = match.hands[0]
    assert [v.code for v in result.violations] == ["bad_bury"]
    assert result.complete and match.forfeit is None
    assert "Buried: line is wrong" in next(d.message_en for d in result.derived if d.fact == "buried")
    assert result.bottom_points == 10 and result.attackers_total == 105


def test_bury_of_a_card_not_held_is_not_trusted_either():
    result, _ = replay(deal(BOTTOM, "H2 DA DJ D5 D8 D7 D6 D4"))       # ♦5: neither W's nor the bottom's
    assert [v.code for v in result.violations] == ["bad_bury"]
    assert result.bottom_points == 10 and result.attackers_total == 105


def test_bad_bury_line_and_a_record_cut_short_leave_the_bury_unknown():
    """The record stops after trick 15: W's plays are no whole hand, so the bury is not derived; it is
    unknown (said, with what it withholds), never the bad line's."""
    result, _ = replay(deal(BOTTOM, "H2 DA DJ D8 D7 D6 D4", cut=3))
    assert "bad_bury" in [v.code for v in result.violations]
    assert "follow_suit" not in [v.code for v in result.violations]
    [u] = [u for u in result.unknowns if u.tag == "Buried"]
    assert "legality" in u.withheld and "Buried: line is wrong" in u.message_en and "不采用" in u.message_zh
    assert result.bottom_points is None


def test_bury_derived_from_bottom_and_plays_is_said():
    """Bottom: given, Buried: left out: the bury is derived from W's plays and the check says so
    (before: silently, the hand 'not fully judged' with no reason)."""
    result, _ = replay(deal(BOTTOM))
    assert "buried" in facts(result) and result.legality_known
    assert result.bottom_points == 10


def test_whole_deal_without_bottom_or_buried_gives_the_outcome():
    """Neither Bottom: nor Buried:, all four hands and every play given: the bottom is what the deal
    lines leave (§14.1 'a whole deal'), the bury what W's plays leave; the outcome is given."""
    result, _ = replay(deal())
    assert set(facts(result)) >= {"bottom", "buried"}
    assert result.outcome is not None and result.attackers_total == 105


# --- 6. a deal line left out of a full hand is named; the missing_deal message says what is true ------

def test_full_hand_missing_one_deal_line_names_the_seat():
    # the record stops after trick 16: E, without a line, played no whole hand, so what it held is not all known (no
    # Bottom: line either: with it the decks less the three lines and the bottom would give E's line, engine.line_from_decks)
    text = "\n".join(ln for ln in deal("", REAL_BURY, cut=2).splitlines() if not ln.startswith("E: ")) + "\n"
    result, _ = replay(text)
    assert not result.legality_known
    [u] = [u for u in result.unknowns if u.tag == "deal"]
    assert u.withheld == ("legality",) and "none for E" in u.message_en and "没有东家的" in u.message_zh


def test_full_hand_missing_a_line_whose_seat_played_a_whole_hand_is_judged_in_full():
    """Session 22 (a referee tester): E has no deal line but plays a whole hand, so it held exactly the cards it
    played — its hand is derived from them and said, and the hand is judged in full (before: "legality not fully
    judged", an ``unknown`` ``deal`` item naming E).  Session 23: with the ``Bottom:`` line and the three other lines
    whole, the decks already give E's line (:mod:`tractor_analysis.engine.line_from_decks`), the same cards: said from
    them; the hand is judged in full either way (two lines left out, each seat's whole hand: test_deal_lines_words_s22)."""
    text = "\n".join(ln for ln in deal(BOTTOM, REAL_BURY).splitlines() if not ln.startswith("E: ")) + "\n"
    result, _ = replay(text)
    assert result.legality_known and not [u for u in result.unknowns if u.tag == "deal"]
    [d] = [d for d in result.derived if d.fact == "deal"]
    assert d.value.startswith("E: ") and len(d.value.split()) == 26
    assert d.source == "the decks less the other three deal lines and the Bottom: line"
    assert "E has no deal line, but the three other deal lines" in d.message_en and "东家没有发牌行" in d.message_zh


def test_missing_deal_message_does_not_deny_the_outcome_it_gives():
    """No deal lines, every seat plays a whole hand: the hand gets an outcome, so the diagnostic must
    not say 'no outcome'."""
    text = "\n".join(ln for ln in deal(BOTTOM, REAL_BURY).splitlines() if ln[:3] not in ("N: ", "E: ", "S: ", "W: ")
                     and not ln.startswith("Bottom:")) + "\n"
    result, diags = replay(text)
    [d] = [d for d in diags if d.code == "missing_deal"]
    assert result.outcome is not None
    assert "no outcome" not in d.message and "不计结果" not in d.message

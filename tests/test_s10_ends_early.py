"""A record that stops early while a seat's cards are read from its plays (docs/rules.md §14.1).

The probe: a whole standard hand (``WHOLE``) with its ``Buried:`` line left out and the record cut in
trick 16.  N, the dealer, has a deal line, but what it kept after the bury is not known: its hand is read
from its plays, so it holds nothing after its last play by construction.  ``check`` took that 0 against the
one card E, S and W still held and reported ``deal_mismatch`` for all three ("still holds … after the last
trick"), the outcome "the deal and the plays do not agree" and exit 1 — a record that stops early is not a
wrong deal, and every seat dealt from a line holds as many cards.  The same cut with the ``Buried:`` line
kept, and the whole hand without it, were right.  It also said "N has no deal line", which N has.

The tests of the probe and its kin (a wrong ``Buried:`` line, a rebid's first taker whose line the plays
contradict, a rebid with a short bury) fail before the fix; the controls pass on both.
"""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import explain_held
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.simulate import simulate_match

WHOLE = format_tgn(simulate_match(5, 0, max_hands=1))
"""The probe's whole hand (exit 0): N deals and leads; its bury is given."""

REBID = """[Event "Simulated 35"]
[North "Chen Jing"]
[East "Li Na"]
[South "Liu Yang"]
[West "Wu Hao"]
[Ruleset "tournament"]

[Hand "1"]
[Dealer "E"]
[Trump "S"]
[Level "2"]
[Declarations "E: H2 || N: S2"]
N: S2 D2 C2 S10 S8 S6 S4 HA HA HQ H8 H5 H3 DK DK D9 D7 D7 D6 D3 CQ CQ C10 C7 C5
E: BJ BJ LJ H2 SA SQ S8 S7 S7 HK HQ H10 H8 H6 H3 DA D4 D4 D3 CA CK CJ C10 C9 C4
S: LJ H2 C2 SK SK S9 S6 S3 HJ H9 H7 H6 DQ D10 D10 D8 D8 D5 D5 CA C8 C6 C6 C5 C3
W: SA SQ S10 S9 S5 S5 S4 S3 HK HJ H10 H9 H4 H4 DA DQ DJ DJ D9 D6 CK CJ C8 C7 C4
Bottom: C9 H5 SJ C3 H7 D2 SJ S2
Buried: SA SQ S8 DA D3 CJ C4 C3 || HQ H8 H3 D6 CJ C7 C4 C3
1. E: S7 S7, S: SK SK, W: S5 S5, N: S8 S8
2. S: D10 D10, W: DJ DJ, N: D3 D3, E: D4 D4
3. W: H4 H4, N: HA HA, E: H6 H3, S: H7 H6
4. N: DA DK DK, E: H2 SJ SJ, S: DQ D8 D8, W: DQ D9 D6
5. E: BJ BJ, S: S6 S3, W: S10 S3, N: S6 S4
6. E: C9 C9, S: C6 C6, W: CK C4, N: CQ CQ
7. N: D7 D7, E: H8 H7, S: D5 D5, W: DA C7
8. N: D9, E: HQ, S: C5, W: S4
9. W: C8, N: C5, E: C10, S: CA
10. S: H9, W: H9, N: H5, E: HK
11. E: CA CK, S: C8 C3, W: H10 CJ, N: SQ C10
12. E: H10 H5 -> H5, S: HJ, W: HJ, N: S10
13. N: D2, E: D2, S: S9, W: S9
14. N: S2, E: S2, S: H2, W: SQ
15. N: SA, E: LJ, S: C2, W: SA
16. E: H10, S: LJ, W: HK, N: C2
[Claim "110"]
"""
"""A tournament rebid (炒地皮): E takes the bottom first, N rebids and takes it after E's bury (exit 0)."""

SHORT_REBID = """[Event "Simulated 11"]
[North "Wang Fang"]
[East "Liu Yang"]
[South "Li Na"]
[West "Sun Li"]
[Ruleset "tournament"]

[Hand "5"]
[Dealer "W"]
[Trump "S"]
[Level "4"]
[Declarations "N: H4 || E: S4"]
N: BJ BJ H4 SK SQ S8 S7 S7 S5 S5 S2 HA HK H7 H3 DJ D10 D7 D3 CK C9 C8 C7 C6 C3
E: S4 C4 SA SA SK S10 S9 S8 HA HJ H10 H6 H6 H5 H2 DQ D10 D9 D9 D8 D5 D5 CA CA C2
S: LJ LJ D4 D4 C4 SJ S6 S3 HQ HQ H9 H2 DA DK DK D6 D2 D2 CK CQ CJ C10 C5 C3 C2
W: H4 SQ SJ S10 S6 S3 S2 HK HJ H10 H9 H7 H5 H3 DQ D8 D7 D6 D3 CQ CJ C8 C7 C6 C5
Bottom: H8 DJ C9 S4 S9 H8 DA C10
Buried: S9 S6 S3 S2 D8 D7 D6 D3 || HA HJ H2 DQ D7 D6 D3 C2
1. W: H8 H8, N: H7 H3, E: H6 H6, S: HQ HQ
2. S: DK DK, W: DQ DJ, N: D10 D3, E: D8 D8
3. S: DA, W: DA, N: D7, E: SK
4. E: CA CA, S: C3 C2, W: C10 C5, N: C6 C3
5. E: SA SA, S: D4 D4, W: SQ SJ, N: S5 S5
6. S: LJ LJ, W: S4 H4, N: S7 S7, E: S9 S9
7. S: D2, W: H3, N: DJ, E: D9
8. N: HA HK, E: H10 H5, S: H9 H2, W: H9 H7
9. N: C7, E: D9, S: C10, W: CQ
10. W: HK HJ H10 H5, N: SK SQ S8 S2, E: S2 D10 D5 D5, S: D6 D2 CK C5
11. N: C9, E: S3, S: CJ, W: C6
12. E: S8, S: S3, W: S10, N: BJ
13. N: C8, E: S6, S: CQ, W: C7
14. E: S4, S: S6, W: C8, N: BJ
15. N: CK, E: S10, S: SJ, W: C9
16. S: C4, W: CJ, N: H4, E: C4
[Claim "165"]
"""
"""A tournament rebid from hand 5: W deals, E rebids (its trick-3 follow is a real ``follow_suit``)."""


def variant(text: str, *, buried: str | None = "keep", tricks: int | None = None, cut: int | None = None) -> str:
    """``text`` with its ``Buried:`` line kept (``"keep"``), left out (``None``) or replaced, and its tricks
    kept up to ``tricks`` (the trick after them cut to its first ``cut`` plays when given)."""
    out = []
    for line in text.splitlines():
        if line.startswith("Buried:") and buried != "keep":
            if buried is not None:
                out.append(f"Buried: {buried}")
            continue
        m = re.match(r"(\d+)\. ", line)
        if m and tricks is not None and int(m.group(1)) > tricks:
            if cut and int(m.group(1)) == tricks + 1:
                out.append(", ".join(line.split(", ")[:cut]))
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def replay(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def mismatches(hand) -> list[str]:
    """The seats a ``deal_mismatch`` says still hold cards after the last trick."""
    return sorted("NESW"[v.seat] for v in hand.violations
                  if v.code == "deal_mismatch" and "after the last trick" in v.message_en)


def unknown_texts(hand) -> str:
    return "\n".join(u.message for u in hand.unknowns)


def check(tmp_path, text: str):
    path = tmp_path / "r.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False)


# --- the probe --------------------------------------------------------------------------------------

def test_the_probe_cut_without_buried_is_no_wrong_deal(tmp_path):
    """Fails before: deal_mismatch for E, S and W, "the deal and the plays do not agree", exit 1."""
    text = variant(WHOLE, buried=None, tricks=15)
    h = replay(text)
    assert mismatches(h) == []
    assert not h.complete
    r = check(tmp_path, text)
    assert "deal_mismatch" not in r.output
    assert "the deal and the plays do not agree" not in r.output and "发牌与出牌不符" not in r.output
    assert "the record ends before the hand does" in r.output and "记录未到本局结束" in r.output
    assert r.exit_code == 3             # no violation; the bury not known withholds the legality


def test_the_probe_says_what_the_dealer_kept_is_not_known_not_that_it_has_no_deal_line():
    """Fails before: "N has no deal line and the record ends before it played a whole hand"."""
    h = replay(variant(WHOLE, buried=None, tricks=15))
    words = unknown_texts(h)
    assert "no deal line" not in words and "没有发牌行" not in words
    [deal] = [u for u in h.unknowns if u.tag == "deal"]
    assert deal.message_en.startswith("what N kept after the bury is not known and the record ends before it "
                                      "played a whole hand: what N held is known only from its plays")
    assert deal.message_zh.startswith("北家扣底后留下哪些牌未知，记录中也未出完整手牌：北家持牌只知其所出的牌")
    assert "throw_check" in deal.withheld


@pytest.mark.parametrize("tricks", range(1, 16))
def test_every_cut_without_buried_has_no_deal_mismatch(tricks):
    """Fails before for each cut: N's plays leave it holding nothing while the others still hold cards."""
    h = replay(variant(WHOLE, buried=None, tricks=tricks))
    assert mismatches(h) == []
    assert not h.complete


@pytest.mark.parametrize("cut", [1, 2, 3])
def test_a_cut_inside_a_trick_without_buried_has_no_deal_mismatch(cut):
    """Fails before: the record ends inside trick 15 (W leads it): deal_mismatch for E, S and W."""
    h = replay(variant(WHOLE, buried=None, tricks=14, cut=cut))
    assert mismatches(h) == []
    assert not h.complete and h.tricks[-1].number == 15


def test_a_hand_not_judged_cut_without_buried_has_no_deal_mismatch():
    """Fails before: no trump (nor declarations) stated, so the tricks are as recorded, none judged; the same
    cut as the probe's: deal_mismatch for E, S and W."""
    text = variant(WHOLE, buried=None, tricks=15).replace('[Trump "S"]\n', "")
    h = replay(text.replace('[Declarations "N: S2 | N: S2 S2"]\n', ""))
    assert not h.trump_known
    assert mismatches(h) == [] and h.violations == ()


def test_a_wrong_buried_line_and_a_cut_is_no_wrong_deal():
    """Fails before: a 9-card Buried: line (bad_bury, not used) and the record cut after trick 12: deal_mismatch
    for E, S and W; the bad_bury stays."""
    h = replay(variant(WHOLE, buried="DA DJ D9 D5 CQ CJ C5 C4 C3", tricks=12))
    assert mismatches(h) == []
    assert [v.code for v in h.violations].count("bad_bury") == 2
    assert "no deal line" not in unknown_texts(h)


def test_a_rebid_whose_first_line_the_plays_contradict_and_a_cut_is_no_wrong_deal():
    """Fails before: E's part of the Buried: line buries the ♠7 ♠7 E leads (炒地皮), the record cut after
    trick 15: deal_mismatch for S and W."""
    text = variant(REBID, buried="SA SQ S8 DA D3 S7 S7 C3 || HQ H8 H3 D6 CJ C7 C4 C3", tricks=15)
    h = replay(text)
    assert mismatches(h) == []
    assert "bad_bury" in [v.code for v in h.violations]


def test_a_rebid_with_a_short_bury_and_a_cut_is_no_wrong_deal():
    """Fails before: W buries 7 cards, the record cut after trick 14: deal_mismatch for N and S; the bad_bury and
    E's real follow_suit stay."""
    text = variant(SHORT_REBID, buried="S9 S6 S3 S2 D8 D7 D6 || HA HJ H2 DQ D7 D6 D3 C2", tricks=14)
    h = replay(text)
    assert mismatches(h) == []
    codes = sorted(v.code for v in h.violations)
    assert codes == ["bad_bury", "follow_suit"]


def test_the_words_for_seats_with_and_without_a_deal_line():
    """Fails before (``kept`` is new): a seat with a line whose bury is not known is not said to have none."""
    what = ("throw_check",)
    zh, en = explain_held.throws_against_unknown((0, 2), (8,), what, kept=(0,))
    assert en.startswith("S has no deal line and what N kept after the bury is not known and the record ends "
                         "before they played a whole hand: what N, S held is known only from their plays")
    assert zh.startswith("南家没有发牌行，北家扣底后留下哪些牌未知，记录中也未出完整手牌：北家、南家持牌只知其所出的牌")


# --- controls (pass before and after) ----------------------------------------------------------------

def test_the_words_for_seats_without_a_deal_line_are_as_before():
    zh, en = explain_held.throws_against_unknown((0,), (8, 11), ("throw_check",))
    assert en.startswith("N has no deal line and the record ends before it played a whole hand: what N held is "
                         "known only from its plays (it may have held more); the throws against N")
    assert zh.startswith("北家没有发牌行，记录中也未出完整手牌：北家持牌只知其所出的牌（可能还有别的牌）；")


@pytest.mark.parametrize("buried", ["keep", None])
def test_the_whole_hand_with_or_without_buried_is_legal(buried):
    h = replay(variant(WHOLE, buried=buried))
    assert h.violations == () and h.complete


@pytest.mark.parametrize("tricks", [8, 15])
def test_a_cut_with_buried_has_no_deal_mismatch(tricks):
    assert mismatches(replay(variant(WHOLE, tricks=tricks))) == []


@pytest.mark.parametrize("cut", [1, 2, 3])
def test_a_cut_inside_the_last_trick_without_buried_has_no_deal_mismatch(cut):
    """The record ends inside trick 16, which N leads: the seats it ends before hold just their card."""
    h = replay(variant(WHOLE, buried=None, tricks=15, cut=cut))
    assert mismatches(h) == [] and not h.complete


def test_a_seat_holding_a_card_once_the_dealer_read_from_its_plays_played_a_whole_hand_is_a_wrong_deal():
    """N played its whole hand (25 cards) and its bury is not known: the hand has ended, so a card E's line
    gives beyond its plays is left after the last trick (besides the line's size and the deck, also wrong)."""
    text = variant(WHOLE, buried=None).replace("E: D2 D2 C2 C2 SA", "E: HA D2 D2 C2 C2 SA", 1)
    assert mismatches(replay(text)) == ["E"]


def test_a_seat_left_with_nothing_while_the_others_hold_cards_is_still_judged():
    """N's bury not known and the record cut after trick 15; E's line leaves out the ♦8 it would play next,
    so E holds nothing while S and W hold a card: not every seat dealt from a line holds as many (nor all
    still hold one), so the cards S and W hold are judged as before."""
    text = variant(WHOLE, buried=None, tricks=15).replace("D9 D8 D7 D6 D3 CK C10 C9 C3", "D9 D7 D6 D3 CK C10 C9 C3")
    assert mismatches(replay(text)) == ["S", "W"]

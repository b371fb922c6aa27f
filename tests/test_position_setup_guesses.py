"""A position (``[SetUp "1"]``) guesses nothing a full hand would not (docs/rules.md §1.5, §14, §14.1;
docs/format.md ``Levels``).

* A ``Buried:`` line the dealer could not have made — the wrong number of cards for the bottom, or
  cards of which it and the position's hands hold more copies than the decks have — is ``bad_bury``
  (pointed at its line), never scored: a position's plays start after the bury and cannot rebuild it,
  so the bottom is unknown and, when the attackers take the last trick, their total, the outcome and
  the levels after are withheld (``unknown`` tag ``Buried``), as with no ``Buried:`` line at all; the
  hand is not analysed.
* The default of 2 is only for a record that starts where a match does (its first hand numbered 1):
  a position numbered above 1 starts with both sides' levels unknown unless stated (``[Levels]``, or
  ``[Level]`` for the dealer's side), as a full hand does.

Before the fix: ``Buried:`` of eight ♠K scored "bottom 80×2=160 = 310" (attackers up 5 levels), a
9- or 7-card line was scored with no diagnostic at all, and a position at hand 5 said "E–W at 2:
every match starts at 2 and this is the record's first hand".
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.hand_analysis import analyse_hand
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

GOOD_BURY = "H8 H6 H4 H3 DQ D8 D6 D4"          # 0 points, 8 cards: the bottom of two decks


def _record(buried: str | None, *, number: int = 5, level: str | None = "2", dealer: str | None = "S",
            levels: str | None = None) -> str:
    """The tester's position: three tricks, dealer S (N–S defend), E–W take the last trick."""
    lines = ['[North "A"]', '[East "B"]', '[South "C"]', '[West "D"]']
    if levels is not None:
        lines.append(f'[Levels "{levels}"]')
    lines += ["", f'[Hand "{number}"]']
    if dealer is not None:
        lines.append(f'[Dealer "{dealer}"]')
    lines.append('[Trump "C"]')
    if level is not None:
        lines.append(f'[Level "{level}"]')
    lines += ['[SetUp "1"]', '[Points "140"]', '[FirstTrick "14"]',
              "N: S9 HQ SA", "E: CJ CA S2", "S: CK C6 CQ", "W: CQ CA CK"]
    if buried is not None:
        lines.append(f"Buried: {buried}")
    lines += ["14. W: CQ, N: S9, E: CJ, S: CK",
              "15. S: C6, W: CA, N: HQ, E: CA",
              "16. W: CK, N: SA, E: S2, S: CQ"]
    return "\n".join(lines) + "\n"


def _replay(text: str):
    matches, diags = parse_tgn(text)
    return diags, replay_match(matches[0])


def _check_json(tmp_path, text: str) -> dict:
    path = tmp_path / "pos.tgn"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    return json.loads(r.output)["files"][0]["hands"][0]


def _check_text(tmp_path, text: str) -> str:
    path = tmp_path / "pos.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False).output


def _buried_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("Buried:"))


# --- D1: a Buried: line the dealer could not have made ------------------------------------------

BAD_BURIES = {
    "too_many_copies": "SK SK SK SK SK SK SK SK",     # 8 copies of ♠K: two decks hold 2
    "nine_cards": "H8 H6 H4 H3 DQ D8 D6 D5 D5",
    "seven_cards": "H8 H6 H4 H3 DQ D8 D6",
}


@pytest.mark.parametrize("name", sorted(BAD_BURIES))
def test_a_positions_bad_bury_is_flagged_and_not_scored(name):
    text = _record(BAD_BURIES[name])
    _, result = _replay(text)
    h = result.hands[0]
    bad = [v for v in h.violations if v.code == "bad_bury"]
    # (copies beyond the decks: the record's finding, no seat named — test_referee_words_s21; a wrong size: S's line)
    assert len(bad) == 1 and bad[0].seat == (None if name == "too_many_copies" else 2) and bad[0].trick is None
    assert bad[0].message_zh and bad[0].message_en
    # the attackers took the last trick: the bottom counts and is unknown — withheld, never scored
    assert h.tricks[-1].winner in (1, 3) and h.complete
    assert h.bottom_points is None and h.attackers_total is None
    assert h.outcome is None and h.levels_after == (None, None)
    buried = [u for u in h.unknowns if u.tag == "Buried"]
    assert len(buried) == 1 and {"points", "outcome", "levels"} <= set(buried[0].withheld)
    assert "Buried:" in buried[0].message_en and "Buried:" in buried[0].message_zh
    assert "wrong" in buried[0].message_en and "有误" in buried[0].message_zh
    assert result.levels_final[1] is None          # E–W's level after the hand is not known


def test_the_eight_kings_line_is_pointed_at_in_check(tmp_path):
    text = _record(BAD_BURIES["too_many_copies"])
    doc = _check_json(tmp_path, text)
    assert doc["bottom_points"] is None and doc["attackers_total"] is None and doc["outcome"] is None
    assert [(v["code"], v["line"], v["column"]) for v in doc["violations"]] == [
        ("bad_bury", _buried_line(text), 1)]
    assert [u["tag"] for u in doc["unknown"]] == ["Levels", "Buried"]
    out = _check_text(tmp_path, text)
    assert "bad_bury" in out and f"pos.tgn:{_buried_line(text)}:1" in out
    shown = out.replace(str(tmp_path), "")      # (the numbers looked for are the score's, not pytest's tmp path's)
    assert "160" not in shown and "310" not in shown and "go up" not in shown


def test_a_nine_card_line_is_flagged_in_check(tmp_path):
    text = _record(BAD_BURIES["nine_cards"])
    out = _check_text(tmp_path, text)
    assert "bad_bury" in out and "the Buried: line gives S burying 9 cards; the bottom holds 8" in out and "记南家扣了 9 张底牌，应扣 8 张" in out
    assert "withheld" in out and "170" not in out.replace(str(tmp_path), "") and "go up 2 levels" not in out


def test_a_positions_good_bury_is_still_scored():
    _, result = _replay(_record(GOOD_BURY))
    h = result.hands[0]
    assert [v.code for v in h.violations] == []
    assert (h.bottom_points, h.attackers_total) == (0, 140 + 10)
    assert h.outcome is not None


def test_a_bad_bury_is_flagged_when_the_dealer_is_not_known():
    _, result = _replay(_record(BAD_BURIES["nine_cards"], dealer=None))
    h = result.hands[0]
    bad = [v for v in h.violations if v.code == "bad_bury"]
    assert len(bad) == 1 and bad[0].seat is None
    assert "the dealer burying 9 cards" in bad[0].message_en and "庄家扣了 9 张底牌" in bad[0].message_zh
    assert h.bottom_points is None and h.attackers_total is None


def test_a_bury_beyond_the_decks_counts_the_positions_hands():
    # two ♣A are in E's and W's hands: a third in the bury is one more than two decks hold
    _, result = _replay(_record("CA H6 H4 H3 DQ D8 D6 D4"))
    h = result.hands[0]
    bad = [v for v in h.violations if v.code == "bad_bury"]
    assert len(bad) == 1 and "♣A" in bad[0].message_zh and "♣A" in bad[0].message_en
    assert h.attackers_total is None and h.outcome is None


def test_analyse_does_not_analyse_a_position_whose_bury_is_wrong(tmp_path):
    text = _record(BAD_BURIES["too_many_copies"])
    path = tmp_path / "pos.tgn"
    path.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["analyse", str(path)], catch_exceptions=False).output
    assert "not analysed 未分析" in out and "Buried:" in out


DEFENDERS_TAKE_LAST = """[Hand "5"]
[Dealer "S"]
[Trump "C"]
[Level "2"]
[SetUp "1"]
[Points "40"]
[FirstTrick "25"]
N: CA
E: S3
S: S4
W: S5
Buried: H8 H6 H4 H3 DQ D8 D6 D5 D5
25. N: CA, E: S3, S: S4, W: S5
"""


def test_a_bad_bury_the_defenders_do_not_need_is_flagged_and_the_total_stands():
    _, result = _replay(DEFENDERS_TAKE_LAST)
    h = result.hands[0]
    assert [v.code for v in h.violations] == ["bad_bury"]
    assert h.tricks[-1].winner == 0 and h.complete
    assert h.bottom_points is None and h.attackers_total == 40 and h.outcome is not None
    # the analysis needs the bottom whenever the attackers might take the last trick: not analysed
    analysis = analyse_hand(h)
    assert analysis.reason is not None and "Buried:" in analysis.reason[1] and "Buried:" in analysis.reason[0]


# --- D3: a position numbered above 1 does not start at 2 -------------------------------------

def test_a_position_at_hand_5_does_not_start_both_sides_at_2(tmp_path):
    text = _record(GOOD_BURY)
    _, result = _replay(text)
    h = result.hands[0]
    assert not [d for d in h.derived if d.fact in ("levels", "level")]
    assert h.levels_before == (2, None)        # N–S (the dealer's side) from [Level]; E–W unknown
    assert h.levels_after[1] is None and result.levels_final[1] is None
    levels = [u for u in h.unknowns if u.tag == "Levels"]
    assert len(levels) == 1 and levels[0].withheld == ("level_check",)   # a position's [Dealer] is never checked
    assert "hand 5" in levels[0].message_en and "第5局" in levels[0].message_zh
    out = _check_text(tmp_path, text)
    assert "every match starts at 2" not in out and "比赛从 2 打起" not in out
    assert "EW ?" in out and "EW 2→3" not in out


def test_a_position_at_hand_5_without_level_leaves_the_level_unknown():
    _, result = _replay(_record(GOOD_BURY, level=None))
    h = result.hands[0]
    assert h.level is None and not [d for d in h.derived if d.fact in ("levels", "level")]
    assert any(u.tag == "Level" for u in h.unknowns)
    assert h.attackers_total is None and h.outcome is None


def test_a_position_at_hand_5_without_dealer_does_not_put_both_sides_at_2():
    _, result = _replay(_record(GOOD_BURY, dealer=None))
    h = result.hands[0]
    assert not [d for d in h.derived if d.fact in ("levels", "level")]
    assert h.levels_before == (None, None)


def test_a_position_at_hand_5_with_levels_stated_uses_them():
    _, result = _replay(_record(GOOD_BURY, levels="NS:2 EW:9"))
    h = result.hands[0]
    assert h.levels_before == (2, 9) and not any(u.tag == "Levels" for u in h.unknowns)
    assert h.outcome is not None and h.levels_after == (2, 10)


def test_a_position_at_hand_1_still_starts_at_2():
    """The rule of the game, not a guess: a record that starts where a match does (hand 1)."""
    _, result = _replay(_record(GOOD_BURY, number=1))
    h = result.hands[0]
    assert h.levels_before == (2, 2)
    assert [d.fact for d in h.derived if d.fact == "levels"] == ["levels"]
    assert h.levels_after == (2, 3)

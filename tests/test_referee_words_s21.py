"""Two findings whose words said more than the record proves (a referee reads and signs them).

* A lead out of turn kept after a trick whose recorded play the rules replace (:mod:`.lead_after_throw`): the
  words said "N played out of turn; W was to play", W the trick's winner as written — but who was due is the
  winner of that trick as the rules require it, which may be another seat, or not derived (a follower's cards not
  known: W or E, not known which).  The words now name a seat as due only where that is derived (the one winner
  of the rules' trick; as written, where it is that one), else say the lead wins neither trick and who may win the
  rules' one; the ruling page's "the trick that decided the lead" (the trick as written) is then not shown.
* A position's ``Buried:`` line that, with the position's hands, holds more copies than the decks (the record's
  finding since 8ccc89e) still said "E buried …" and named E on its row: worded now as the record's, no seat named.

Each test fails on the code before this change but the guard (marked).
"""
from __future__ import annotations

import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.lead_decided import lead_decided
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

from test_position_bury_count_s21 import NO_DEALER, POINTS_30
from test_setup_and_unused_tags import replayed

HEAD = """[Event "Club night"]
[Ruleset "tournament"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
"""
"""N deals, spades trump at 7, 40 points taken before trick 23; W leads (records of test_lead_after_unsure_throw_s21b)."""


def replay(*lines: str):
    (match,), _ = parse_tgn(HEAD + "\n".join(lines) + "\n")
    return replay_match(match).hands[0]


def late(h):
    return [v for v in h.violations if v.code == "out_of_turn"]


def the_lead(h, trick: int, seat: int):
    (v,) = [v for v in late(h) if (v.trick, v.seat) == (trick, seat)]
    return v


def test_after_an_unsure_throw_the_lead_names_no_seat_as_due():
    """E has no line: W's throw may stand (W wins as written) or fail (♥3 forced: W or E wins, E's cards not
    known).  N wins neither: out of turn, but who was due is not known — the words must not say "W was to play"."""
    h = replay("N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: H2 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. N: C4, E: D7, S: C5, W: C6")
    v = the_lead(h, 24, 0)
    assert "was to play" not in v.message_en and "应由" not in v.message_zh
    assert v.message_en == ("N led trick 24 out of turn: it wins trick 23 neither as written (won by W) nor as the "
                            "rules require it if the throw failed (won by W or E — not known which)")
    assert "按记录所写由西家赢得" in v.message_zh and "若甩牌不成立" in v.message_zh
    assert "西家或东家赢得（不知是哪家）" in v.message_zh
    assert lead_decided(None, h.tricks, v) is None      # the ruling page shows no "trick that decided the lead"


def test_after_a_proven_failed_throw_with_a_follower_unknown_the_seats_that_may_win_are_named():
    """N's ♥4 proves the throw failed; E's cards are not known, so the rules' trick may be W's, N's or E's: S,
    void of hearts and trumps, wins none of them — out of turn, no seat named as due."""
    h = replay("N: H4 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: H4 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. S: C5, W: C6, N: C4, E: D7")
    v = the_lead(h, 24, 2)
    assert v.message_en == ("S led trick 24 out of turn: it wins trick 23 neither as written (won by W) nor as the "
                            "rules require it (won by W, N or E — not known which)")
    assert "西家、北家或东家赢得（不知是哪家）" in v.message_zh and "若甩牌不成立" not in v.message_zh
    assert lead_decided(None, h.tricks, v) is None


def test_a_derived_winner_other_than_the_written_one_is_named_as_due():
    """Every hand known: the rules' trick is ♥3 forced, N's only heart ♥4 beating it — N won it (W as written),
    so N was due to lead, not W: E's lead is out of turn, N named."""
    h = replay("N: H4 D6 D2 C4", "E: D3 D4 D5 DJ", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: H4 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. E: DJ, S: C5, W: C6, N: C4")
    v = the_lead(h, 24, 1)
    assert v.message_en == ("E led trick 24 out of turn: N won trick 23 as the rules require it (W as written), "
                            "so N was to lead")
    assert v.message_zh.endswith("故应由北家首出") and "按记录所写由西家赢得" in v.message_zh
    assert lead_decided(None, h.tricks, v) is None


def test_a_rules_trick_open_between_derived_winners_names_none_as_due():
    """Every hand known: ♥3 forced, N holding ♥4 and ♥2 may win it or leave it to W (its choice): S's lead is
    out of turn, W or N was due — not known which."""
    h = replay("N: H4 H2 D6 C4", "E: D3 D4 D5 DJ", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA HK H3, N: H4 H2 D6, E: D3 D4 D5, S: C3 D8 D9", "24. S: C5, W: C6, N: C4, E: DJ")
    v = the_lead(h, 24, 2)
    assert v.message_en.endswith("nor as the rules require it (won by W or N — not known which)")
    assert "was to play" not in v.message_en


def test_a_lead_out_of_turn_after_a_trick_as_written_keeps_its_words():
    # guard (passes before too): no trick replaced — W won trick 23, W was to play, and the page shows that trick
    h = replay("N: H4 D6 D2 C4", "E: D3 D4 D5 DJ", "S: C3 D8 D9 C5", "W: HA HK H3 C6",
               "23. W: HA, N: H4, E: D3, S: C3", "24. N: D6, E: D4, S: D8, W: HK")
    v = the_lead(h, 24, 0)
    assert v.message_en == "N played out of turn; W was to play"
    assert lead_decided(None, h.tricks, v).winner == 3


def test_a_position_bury_beyond_the_decks_names_no_seat():
    """The record's finding (8ccc89e) still said "E buried …" with E on its row."""
    for text in (POINTS_30, NO_DEALER):
        r, _ = replayed(text, json_too=False)
        (bury,) = [v for v in r.violations if v.code == "bad_bury"]
        assert bury.of_record and bury.seat is None
        assert bury.message_en.startswith("the Buried: line and the position's hands hold together more copies of ")
        assert "than 2 decks have (2 of each): the record is miscopied somewhere" in bury.message_en
        assert "buried" not in bury.message_en.replace("Buried:", "") and "扣的底牌" not in bury.message_zh
        assert bury.message_zh.startswith("Buried: 一行与残局各家的牌合起来") and "记录有一处记错" in bury.message_zh


def test_check_prints_no_seat_on_the_bury_finding_row(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "su_pts.tgn").write_text(POINTS_30, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", "su_pts.tgn"]).output
    (row,) = [line for line in out.splitlines() if "bad_bury" in line]
    assert re.search(r"✎ record 记录 hand 整局\s+bad_bury", row), row

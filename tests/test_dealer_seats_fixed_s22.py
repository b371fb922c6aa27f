"""The dealer's side known, its seat not, and the hand's cards setting one seat of the side aside: the other is the
dealer, derived (docs/rules.md §14.1).

A referee's tester's records (``tests/data/referee_s22/D4.tgn``: hand 8 of a simulated match taken alone, with
``[Levels "NS:5 EW:3"]``, ``[Dealer]`` and ``Buried:`` removed, every deal line kept; ``G3.tgn``: the whole match,
hand 8 with ``[BidFor "?"]`` and ``[Dealer "?"]``).  With N dealing N would bury cards it does not hold and keep cards
after the last trick: only S can have dealt, and with S dealing E–W take the deal, up 1 (N–S 5, E–W 4), W deals
next.  Before, the hand withheld who dealt, the outcome and the levels after; the next hand's levels were not checked
and the match not decided — while the same record with S's deal line also removed (less to go on) kept the levels
and decided the match.  Each test but the last fails on the code before; the last guards the both-seats case.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

DATA = Path(__file__).resolve().parent / "data" / "referee_s22"
D4 = (DATA / "D4.tgn").read_text(encoding="utf-8")
N, E, S, W = range(4)


def _replayed(text: str):
    matches, _ = parse_tgn(text)
    (match,) = matches
    return replay_match(match)


def test_the_seat_the_cards_leave_is_the_dealer_derived_from_what():
    r = _replayed(D4)
    h8 = r.hands[0]
    assert h8.number == 8 and h8.dealer == S                        # before: None
    assert (h8.outcome.winner, h8.outcome.levels, h8.outcome.next_dealer) == ("attackers", 1, W)
    assert h8.levels_after == (5, 4)
    (fact,) = [d for d in h8.derived if d.fact == "dealer"]
    assert fact.value == "S" and fact.source == "[Level] and [Levels], the deal, the bottom, the declarations and the plays"
    for words in ("with N dealing there would be", "cards left after the last trick", "a card played that is not held",
                  "only S can have dealt", "[Dealer] not stated"):
        assert words in fact.message_en
    for words in ("按北家坐庄，会有", "最后一轮后仍有剩牌", "打出未持有的牌", "只可能是南家坐庄", "[Dealer] 未写明"):
        assert words in fact.message_zh
    assert not [u for u in h8.unknowns if u.tag == "Dealer" or "dealer_check" in u.withheld]
    assert not [d for d in h8.derived if d.fact == "dealer_side"]      # (said by the dealer's fact now)
    h9 = r.hands[1]
    assert h9.levels_before[:2] == (5, 4) and not [u for u in h9.unknowns if u.tag == "Levels"]
    assert not [v for v in h9.violations if v.code in ("dealer_mismatch", "level_mismatch")]
    assert r.levels_final == (5, 5) and r.winner == 0           # N–S


def test_check_json_gives_the_dealer_outcome_and_match(tmp_path):
    path = tmp_path / "d4.tgn"
    path.write_text(D4, encoding="utf-8")
    out = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output)
    f = out["files"][0]
    h = f["hands"][0]
    assert h["dealer"] == "S" and h["outcome"]["next_dealer"] == "W" and h["levels_after"] == {"NS": "5", "EW": "4"}
    assert [d["from"] for d in h["derived"] if d["fact"] == "dealer"] == [
        "[Level] and [Levels], the deal, the bottom, the declarations and the plays"]
    assert f["matches"][0]["winner"] == "NS"


def test_the_whole_match_is_judged_as_with_the_dealer_stated():
    g3 = (DATA / "G3.tgn").read_text(encoding="utf-8")
    assert g3.count('[Dealer "?"]') == 1
    r = _replayed(g3)
    stated = _replayed(g3.replace('[Dealer "?"]', '[Dealer "S"]'))
    h8 = next(h for h in r.hands if h.number == 8)
    assert h8.dealer == S and h8.outcome is not None and [d.value for d in h8.derived if d.fact == "dealer"] == ["S"]
    assert [(h.number, h.outcome, h.levels_after) for h in r.hands] == [
        (h.number, h.outcome, h.levels_after) for h in stated.hands]
    assert (r.levels_final, r.winner) == (stated.levels_final, stated.winner) and r.winner is not None


def test_both_seats_standing_keeps_what_both_give():
    # S's deal line and the Bottom: line also removed: S's hand is read from its plays, N's cards no longer set N
    # aside — both seats judged, the levels after both give kept, the outcome (next dealer E or W) withheld, no dealer
    # derived (session 23: with the bottom given, S's plays alone set N aside — test_s_lineless_plays_fix_s)
    line = next(ln for ln in D4.split("\n") if ln.startswith("S: BJ LJ"))
    bottom = next(ln for ln in D4.split("\n") if ln.startswith("Bottom:"))
    r = _replayed(D4.replace(line + "\n", "").replace(bottom + "\n", ""))
    h8 = r.hands[0]
    assert h8.dealer is None and h8.outcome is None and h8.levels_after == (5, 4)
    assert {o.next_dealer for o in h8.outcomes_open} == {E, W}
    assert not [d for d in h8.derived if d.fact == "dealer"]
    assert [d.fact for d in h8.derived if d.fact == "levels_after"] == ["levels_after"]
    assert r.winner == 0                                          # N–S, as with S dealing


def test_a_dealer_tag_naming_no_seat_is_said_so():
    r = _replayed(D4.replace('[Hand "8"]\n', '[Hand "8"]\n[Dealer "Q"]\n'))
    h8 = r.hands[0]
    assert h8.dealer == S and h8.levels_after == (5, 4)              # before: None, (None, None)
    (fact,) = [d for d in h8.derived if d.fact == "dealer"]
    assert fact.message_en.endswith("([Dealer] names no seat)") and fact.message_zh.endswith("（[Dealer] 的值不是座位）")


def test_s_lineless_plays_fix_s():
    # (session 23) S's deal line removed, the bottom given: with N dealing, S (no line, not taking the bottom) would
    # play copies that the other lines and the bottom already hold — more than the decks: only S can have dealt
    line = next(ln for ln in D4.split("\n") if ln.startswith("S: BJ LJ"))
    h8 = _replayed(D4.replace(line + "\n", "")).hands[0]
    assert h8.dealer == S and h8.levels_after == (5, 4) and h8.outcome.next_dealer == W
    assert [d.value for d in h8.derived if d.fact == "dealer"] == ["S"]

"""A hand's LAST trick line with no readable play (docs/rules.md §8.5, §14.1; docs/format.md "Trick lines").

A referee's probe: a whole match (``simulate_match(5, 0, max_hands=2)``, ``[Rule:decide_by_levels "on"]``, "NS won
the match") with trick 15 of hand 2 — its last — emptied to ``15.``, ``[Claim "80"]`` still after it, was "EW won
the match: equal levels, holding the deal when the record ends": the damaged line read as the record simply
ending there, and the match decided as one stopped by the clock.  Yet the reader reports the line as damage
(``syntax_error``), a record cut by damage is no match stopped by the clock (§8.5), and here every seat held one
card then, so the trick is fixed by the deal lines.  Now:

- the last trick line is filled in from the deal as a line inside the hand is (:mod:`.trick_gaps`) where the seats'
  cards fix it — one card each; or as many each with the hand's ``[Claim]`` given, when that reading gives the
  claimed total and faults no seat there — the plays derived and said so;
- otherwise the hand is judged on the tricks before it, but its end is not known (``"unknown"`` tag ``play``,
  withholding the outcome and the levels after), so the match is not decided by the levels at the record's end;
- a record that simply ends (no damaged line) is as before — decided by the levels when it ends, where whether its
  last hand was stopped there or played out gives the same winner (docs/rules.md §8.5).

Each test but the last fails on the code before the change.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.stopped_match import last_trick_stop, record_stops_inside
from tractor_analysis.engine.scoring import STOPPED_NOT_KNOWN, decide_match
from tractor_analysis.engine.unread_tricks import DAMAGED_END_WITHHELD, tricks_read
from tractor_analysis.records import format_tgn
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match

PROBE = simulate_match(5, 0, max_hands=2)       # the probe's m12.tgn: hand 2 ends "15. N: LJ, E: SK, S: H2, W: SK"
PAIRS = simulate_match(12, 0, max_hands=2)      # hand 2's last trick (18) is of 2 cards a seat, [Claim "90"]


def _lines(match) -> list[str]:
    return format_tgn(match).split("\n")


def _last_line(lines: list[str], hand: int) -> int:
    """The index of hand ``hand``'s last trick line."""
    h = lines.index(f'[Hand "{hand}"]')
    end = next((i for i in range(h + 1, len(lines)) if lines[i].startswith("[Hand ")), len(lines))
    return max(i for i in range(h, end) if lines[i][:1].isdigit() and ". " in lines[i][:5])


def _damaged(match, hand: int = 2, *, claim: str | None = "keep") -> str:
    """``match``'s text with hand ``hand``'s last trick line emptied to its number; ``claim``: ``"keep"`` the
    hand's ``[Claim]``, ``None`` drop it, else write that value."""
    lines = _lines(match)
    i = _last_line(lines, hand)
    lines[i] = lines[i].split(".")[0] + "."
    if claim != "keep":
        j = next(k for k in range(i, len(lines)) if lines[k].startswith("[Claim "))
        if claim is None:
            del lines[j]
        else:
            lines[j] = f'[Claim "{claim}"]'
    return "\n".join(lines)


def _replay(text: str):
    (m,), diags = parse_tgn(text)
    assert any(d.code == "syntax_error" and "has no play that could be read" in d.message for d in diags)
    return m, replay_match(m)


def _filled(got, whole, hand: int = 2) -> None:
    """Hand ``hand`` of ``got`` judged as the whole record judges it, its last trick's plays derived and said so."""
    g, w = got.hands[hand - 1], whole.hands[hand - 1]
    assert g.outcome == w.outcome and g.outcome is not None
    assert (g.attackers_total, g.levels_after, g.complete, g.legal) == (w.attackers_total, w.levels_after, True, w.legal)
    assert [(t.number, t.leader, t.winner, t.points) for t in g.tricks] == \
        [(t.number, t.leader, t.winner, t.points) for t in w.tricks]
    assert g.tricks[:-1] == w.tricks[:-1] and g.violations == w.violations
    assert g.tricks[-1].plays == ()         # the trick as recorded: no play read; its plays derived
    last = w.tricks[-1].number
    assert [p for n, p in g.derived_plays if n == last] and not [u for u in g.unknowns if u.tag == "play"]
    (d,) = [d for d in g.derived if d.fact == "play"]
    assert d.value.startswith(f"{last}: ") and d.source == \
        "the deal lines and the cards each seat plays in the record's other tricks"
    assert f"the hand's last trick line, trick {last}, gives no play that could be read" in d.message_en
    assert f"本局记录的最后一行出牌（第 {last} 轮）没有可读的出牌" in d.message_zh
    assert (got.winner, got.decided_by, got.levels_final) == (whole.winner, whole.decided_by, whole.levels_final)


def _not_decided(result, hand: int = 2) -> None:
    """The damaged last line does not fix its plays: the hand's end, and so the match's, are withheld."""
    h = result.hands[hand - 1]
    assert h.outcome is None and not h.complete and h.levels_after == (None, None)
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert u.withheld == DAMAGED_END_WITHHELD
    assert "the record stops at what it could not read" in u.message_en and "nor a match stopped by the clock" \
        in u.message_en
    assert "记录在无法读取之处中断" in u.message_zh and "也不是因时间到而中止的比赛" in u.message_zh
    assert result.winner is None and result.decided_by is None and result.levels_final == (None, None)


# --- filled in: the seats' cards fix the last trick ------------------------------------------

@pytest.mark.parametrize("claim", ["keep", None])
def test_a_last_trick_line_of_one_card_a_seat_is_filled_in_from_the_deal(claim):
    m, got = _replay(_damaged(PROBE, claim=claim))
    whole = replay_match(PROBE)
    assert whole.winner == 0 and whole.decided_by == "deal"         # NS, holding the deal (was: EW)
    if claim is None:       # the whole record's, but for the claim check
        text = format_tgn(PROBE)
        whole = replay_match(parse_tgn(text[:text.rindex('[Claim "80"]')])[0][0])
    _filled(got, whole)
    (d,) = [d for d in got.hands[1].derived if d.fact == "play"]
    assert d.value == "15: N LJ; 15: E SK; 15: S H2; 15: W SK"
    assert "each seat held then just one card" in d.message_en and "各家当时都只剩 1 张牌" in d.message_zh
    assert not record_stops_inside(m.hands[1], got.hands[1])


def test_a_last_trick_line_of_several_cards_a_seat_is_filled_in_when_the_claim_bears_it_out():
    _, got = _replay(_damaged(PAIRS))
    _filled(got, replay_match(PAIRS))
    (d,) = [d for d in got.hands[1].derived if d.fact == "play"]
    assert "exactly 2 cards" in d.message_en and "[Claim]" in d.message_en and "恰好都是 2 张" in d.message_zh


def test_the_first_hand_s_last_line_filled_in_carries_its_result_into_the_next_hand():
    _, got = _replay(_damaged(PROBE, 1))
    whole = replay_match(PROBE)
    _filled(got, whole, 1)
    assert got.hands[1] == whole.hands[1]


def test_a_json_last_trick_with_no_play_is_read_as_the_tgn_one():
    doc = json.loads(format_json(PROBE))
    doc["hands"][1]["tricks"][-1] = []
    (m,), diags = parse_json(json.dumps(doc))
    assert diags
    _filled(replay_match(m), replay_match(PROBE))


# --- not filled in: the match is not decided as a record stopped by the clock -----------------

@pytest.mark.parametrize("claim", [None, "95"])
def test_a_last_line_the_record_does_not_fix_withholds_the_hand_s_end_and_the_match_s(claim):
    """Two cards a seat and no claim (the trick may be smaller, the record cut at it), or a claim the reading of
    one 2-card trick does not bear out (90 is the hand's total): not filled in, nothing decided by the levels."""
    m, got = _replay(_damaged(PAIRS, claim=claim))
    assert replay_match(PAIRS).winner is not None
    _not_decided(got)
    assert got.hands[1].tricks == replay_match(PAIRS).hands[1].tricks[:-1]      # the tricks before stand
    assert not [d for d in got.hands[1].derived if d.fact == "play"]
    assert not record_stops_inside(m.hands[1], got.hands[1])


def test_a_record_cut_at_a_damaged_line_mid_hand_is_not_decided_as_stopped_by_the_clock(tmp_path):
    lines = _lines(PROBE)
    h = lines.index('[Hand "2"]')
    i = next(k for k in range(h, len(lines)) if lines[k].startswith("8. "))
    path = tmp_path / "cut.tgn"
    path.write_text("\n".join(lines[:i] + ["8."]), encoding="utf-8")
    (m,), _ = parse_tgn(path.read_text(encoding="utf-8"))
    got = replay_match(m)
    _not_decided(got)
    assert [t.number for t in got.hands[1].tricks] == list(range(1, 8))
    r = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False)
    assert "not decided: the record leaves the final levels unknown" in r.output
    assert "holding the deal when the record ends" not in r.output
    assert "the hand's last trick line, trick 8, gives no play that could be read" in r.output


def test_a_damaged_last_line_is_unread_not_the_record_s_end():
    shown = Trick(1, (Play(0, (1,)),))
    assert tricks_read((shown, Trick(2, ()))) == ((shown,), (Trick(2, ()),))
    assert tricks_read((shown, Trick(2, ()), Trick(3, ()))) == ((shown,), (Trick(2, ()), Trick(3, ())))
    assert tricks_read((Trick(1, ()),)) == ((), (Trick(1, ()),))
    assert tricks_read((shown,)) == ((shown,), ())


# --- a record that simply ends: as before (a guard, not a fix) --------------------------------

def test_a_record_that_simply_ends_is_still_decided_by_the_levels_when_it_ends():
    lines = _lines(PROBE)
    i = _last_line(lines, 2)
    (m,), diags = parse_tgn("\n".join(lines[:i]))
    assert not diags
    got = replay_match(m)
    assert not [u for u in got.hands[1].unknowns if u.tag == "play"]
    # (since session 23 a stop just before the forced last trick, one card a seat left, is read as one inside that
    # trick — the hand's end reached, docs/rules.md §10.1 —, under decide_by_levels one of two readings all the same)
    assert not record_stops_inside(m.hands[1], got.hands[1]) and last_trick_stop(m.hands[1], got.hands[1])
    assert got.stopped_at == 1
    # (since the seventeenth stop the record's stop after trick 14, one card a seat left, has the total the forced
    # last trick gives, 80: the attackers N–S take the deal, docs/rules.md §7.4 — so N–S hold it when the record
    # ends; before, the hand had no result and E–W held the deal)
    assert [(d.fact, d.value) for d in got.hands[1].derived if d.fact == "outcome"] == [("outcome", "80")]
    assert got.hands[1].outcome.winner == "attackers"
    # (since the eighteenth stop: whether hand 2 was stopped there — void, E–W holding the deal at equal levels —
    # or played out — N–S take it — the record does not say, and the two give different winners: not decided,
    # docs/rules.md §8.5; before, N–S "holding the deal")
    assert (got.winner, got.decided_by) == (None, None)
    assert decide_match(got) == (None, STOPPED_NOT_KNOWN)
    assert [(u.tag, u.withheld) for u in got.unknowns] == [("Claim", ("winner",))]

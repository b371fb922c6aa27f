"""A play written in the hand's last trick but not readable (docs/format.md "Trick lines", docs/rules.md §14.1).

The reader drops a play it cannot read (an unknown card, a follow written as a failed throw) and reads it as
a play left out.  Inside the hand that is a gap, filled in from the seat's cards.  In the last trick a play
left out after the last one read is where a record may simply stop (a referee's record stopping at the
disputed play): the bottom and the outcome stay open.  But a play that was written and could not be read is
no stop: the seat played.  ``Hand.plays_unread`` (both readers) tells the two apart, and the last trick's
unread plays are a gap — filled in where the seat's cards fix them (its deal line leaves it one play's
worth), so the hand's end is judged as the whole record judges it."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

SAMPLE = Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn"
LAST = "16. W: CQ, N: SJ, E: HJ, S: HQ"
DIGEST = "134c3478177832d1"


def _hand_one(text: str) -> str:
    """The sample's first hand alone (its match tags kept)."""
    start = text.index('[Hand "2"]')
    return text[:start]


def _judged(text: str, reader=parse_tgn):
    matches, diags = reader(text)
    return matches[0], replay_match(matches[0]).hands[0], diags


def _verdict(h):
    return (h.attackers_points, h.bottom_points, h.outcome, h.levels_after,
            sorted((v.code, v.trick, v.seat) for v in h.violations))


@pytest.fixture(scope="module")
def whole():
    text = _hand_one(SAMPLE.read_text(encoding="utf-8"))
    assert LAST in text
    return text


def test_an_unreadable_last_play_is_filled_in_and_the_hand_ends_as_the_whole_record_says(whole):
    _, full, _ = _judged(whole)
    assert full.outcome is not None
    match, h, diags = _judged(whole.replace(LAST, "16. W: CQ, N: SJ, E: HJ, S: X9"))
    assert [d.code for d in diags] == ["unknown_card"]
    assert match.hands[0].plays_unread == ((16, 2, 3),)
    assert _verdict(h) == _verdict(full)
    assert h.unfinished is None and not h.unknowns
    assert [d.value for d in h.derived if d.fact == "play"] == ["16: S HQ"]


def test_a_record_that_stops_in_its_last_trick_still_leaves_the_end_open(whole):
    match, h, diags = _judged(whole.replace(LAST, "16. W: CQ, N: SJ, E: HJ"))
    assert not diags and match.hands[0].plays_unread == ()
    # (S's play left out is forced — S holds one card —, so the trick and the hand's total follow: the result
    # is the cards', docs/rules.md §7.4, a derived fact; the record still ends in the trick)
    assert h.unfinished is not None and not h.complete
    assert [d.value for d in h.derived if d.fact == "outcome"] == ["60"]


def test_two_unreadable_plays_at_the_end_of_the_last_trick_are_both_filled_in(whole):
    _, full, _ = _judged(whole)
    match, h, _ = _judged(whole.replace(LAST, "16. W: CQ, N: SJ, E: H?, S: X9"))
    assert match.hands[0].plays_unread == ((16, 1, 2), (16, 2, 2))
    assert _verdict(h) == _verdict(full)
    assert [d.value for d in h.derived if d.fact == "play"] == ["16: E HJ; 16: S HQ"]


def test_an_unreadable_play_before_a_read_one_is_the_lead_never_a_play_at_the_trick_s_end(whole):
    # W's lead unreadable: the plays read (N, E, S) leave W out at their end, but W's play was written first —
    # it is the trick's lead (its seat played), filled in as such from W's last card, never as a fourth play
    # after S (until this stop the hand was judged as ending in the trick: a player's tester found N then
    # faulted for leading out of turn in such a trick, tests/test_unread_lead_s16.py)
    _, full, _ = _judged(whole)
    match, h, _ = _judged(whole.replace(LAST, "16. W: Q9, N: SJ, E: HJ, S: HQ"))
    assert match.hands[0].plays_unread == ((16, 3, 0),)
    assert _verdict(h) == _verdict(full)
    assert [d.value for d in h.derived if d.fact == "play"] == ["16: W CQ"]


def test_a_left_out_seat_that_is_not_the_one_unread_is_still_a_stop(whole):
    # E's play unreadable, S's not written at all: the record may stop before S — not filled in
    match, h, _ = _judged(whole.replace(LAST, "16. W: CQ, N: SJ, E: X1"))
    assert match.hands[0].plays_unread == ((16, 1, 2),)
    assert h.unfinished is not None and not h.complete
    # (each seat the record ends before holds one card: the result is the cards', docs/rules.md §7.4)
    assert h.outcome is None or [d for d in h.derived if d.fact == "outcome"]


def test_a_follow_written_as_a_failed_throw_in_the_last_trick_is_a_play_made(whole):
    _, full, _ = _judged(whole)
    match, h, diags = _judged(whole.replace(LAST, "16. W: CQ, N: SJ, E: HJ, S: HQ -> HQ"))
    assert [d.code for d in diags] == ["bad_value"]
    assert match.hands[0].plays_unread == ((16, 2, 3),)
    assert _verdict(h) == _verdict(full)


def test_the_json_reader_marks_the_unread_play_too(whole):
    match, _, _ = _judged(whole)
    doc = json.loads(format_json(match))
    doc["hands"][0]["tricks"][-1][-1]["cards"] = ["X9"]
    text = json.dumps(doc, ensure_ascii=False)
    _, full, _ = _judged(whole)
    read, h, diags = _judged(text, parse_json)
    assert [d.code for d in diags] == ["unknown_card"]
    assert read.hands[0].plays_unread == ((16, 2, 3),)
    assert _verdict(h) == _verdict(full)
    doc["hands"][0]["tricks"][-1][-1] = {"seat": "S", "cards": ["HQ"], "attempted": ["HQ"]}
    read, h, _ = _judged(json.dumps(doc, ensure_ascii=False), parse_json)
    assert read.hands[0].plays_unread == ((16, 2, 3),) and _verdict(h) == _verdict(full)


def test_a_trick_number_written_twice_keeps_the_stop(whole):
    # two lines numbered 16 (the second one's S unreadable): which line's plays are unread is not told apart
    text = whole.replace("15. ", "16. ", 1)
    assert text.count("\n16. ") == 2
    _, before, _ = _judged(text.replace(LAST, "16. W: CQ, N: SJ, E: HJ"))
    _, h, _ = _judged(text.replace(LAST, "16. W: CQ, N: SJ, E: HJ, S: X9"))
    assert h.outcome == before.outcome and h.unfinished == before.unfinished


@pytest.mark.parametrize("preset, seed", [("standard", 3), ("tournament", 5), ("80fen", 7), ("three-deck", 11)])
def test_simulated_hands_with_the_last_play_unreadable_judge_as_the_whole_record(preset, seed):
    # each hand's last play unreadable: filled in (its seat's cards known card for card), the hand is judged as
    # the whole record; not filled in (a line the plays contradict, a bury in dispute), as the record stopping
    # before that play — never anything else
    match = simulate_match(seed, 0, preset=preset, violation_rate=0.1, max_hands=3)
    whole = replay_match(match)
    lines = format_tgn(match).split("\n")
    last_of_hand, current = {}, None
    for i, line in enumerate(lines):
        if line.startswith("[Hand "):
            current = line
        elif current and re.match(r"\d+\. ", line):
            last_of_hand[current] = i
    unread, stopped = list(lines), list(lines)
    for i in last_of_hand.values():
        unread[i] = re.sub(r"(, [NESW]: )[^,{]*$", r"\1ZZ9", lines[i])
        stopped[i] = re.sub(r", [NESW]: [^,{]*$", "", lines[i])
    broken, diags = parse_tgn("\n".join(unread))
    assert [d.code for d in diags] == ["unknown_card"] * len(last_of_hand)
    got = replay_match(broken[0])
    stop = replay_match(parse_tgn("\n".join(stopped))[0][0])
    assert len(got.hands) == len(whole.hands) == len(stop.hands)
    filled, stopped_before = 0, False
    for a, b, c in zip(got.hands, whole.hands, stop.hands):
        if a.unfinished is None:
            filled += 1
            if not stopped_before:      # (after a hand judged as stopping, the levels it carries are not known)
                assert _verdict(a) == _verdict(b)
        else:
            # (no outcome, or the one the cards give where every play left out is forced, docs/rules.md §7.4)
            assert _verdict(a) == _verdict(c)
            assert a.outcome is None or [d for d in a.derived if d.fact == "outcome"]
            # never worded as a play left out of a record that goes on past it (it does not)
            assert not [u for u in a.unknowns if "goes on after" in u.message_en]
            stopped_before = True
    assert filled


def test_the_digest_of_a_hand_without_unread_plays_is_unchanged_and_one_with_them_differs(whole):
    # (DIGEST is the sample's first hand's before the field was added: every other digest stays as it was)
    from tractor_analysis.dataset.match_identity import content_digest
    match, _, _ = _judged(whole)
    result = replay_match(match)
    again = dataclasses.replace(match, hands=(dataclasses.replace(match.hands[0], plays_unread=((16, 2, 3),)),))
    assert content_digest(match, result) == DIGEST
    assert content_digest(again, result) != DIGEST

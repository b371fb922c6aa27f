"""Trick numbers the record skips (docs/format.md "Trick lines", docs/rules.md §14.1).

An analyst's probe (``tractor simulate -n 1 --seed 3``, hand 1's line ``8. S: C5 C5, …`` deleted) found the
hand judged as if its tricks were consecutive: trick 9 ``out_of_turn`` (S won trick 8, W led trick 9) and
five ``follow_suit`` faults ("N still held ♥2", a card N played in the trick left out).  A skipped number
is a typo (every play is there, only misnumbered) or a trick left out; the record decides which, never a
guess: every seat plays at least one card in every trick, so when a seat whose number of cards is known (a
whole hand; in a position its line) has none left for one more trick, no trick is left out and the tricks
are judged as consecutive (the reader's ``trick_sequence`` stays).  Otherwise the skip is judged as the
trick lines it skips given with no play — nothing of the hand judged from it on (``"unknown"`` tag
``play``), no seat faulted — with words that name the numbers.  The JSON reader (a trick object's
``number``) leads to the same verdicts.  Each test but the typo ones fails on the code before the change
(the typo ones guard the other half of the decision: a skip is no trick left out when the plays say so).
"""
from __future__ import annotations

import dataclasses
import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings, strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.engine.unread_tricks import UNREAD_WITHHELD, tricks_numbered
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, tgn_reader, tgn_tricks
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.model import Hand, Play, Trick
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match

PROBE = simulate_match(3, 0, max_hands=2)
"""The probe's match (``tractor simulate -n 1 --seed 3``), its first two hands."""
PROBE_TEXT = format_tgn(PROBE)
FAULTY = simulate_match(11, 1, violation_rate=0.1, max_hands=2)
"""A simulated match with wrong follows in both hands."""
K = 8


def _lines_without(text: str, hand: int, trick: int) -> list[str]:
    """``text``'s lines with hand ``hand``'s trick line ``trick`` deleted."""
    lines = text.split("\n")
    return lines[:_line_of(lines, hand, trick)] + lines[_line_of(lines, hand, trick) + 1:]


def _line_of(lines: list[str], hand: int, trick: int) -> int:
    h = lines.index(f'[Hand "{hand}"]')
    return next(i for i in range(h, len(lines)) if lines[i].startswith(f"{trick}. "))


def _renumbered(text: str, hand: int, shift) -> str:
    """``text`` with hand ``hand``'s trick line ``n.`` written ``shift(n).``: every play kept."""
    out, h = [], 0
    for line in text.split("\n"):
        h += line.startswith('[Hand "')
        m = re.match(r"(\d+)\. ", line)
        out.append(f"{shift(int(m.group(1)))}. {line[m.end():]}" if h == hand and m else line)
    return "\n".join(out)


def _read_all_ways(text: str, monkeypatch) -> tuple:
    """``parse_tgn(text)`` with the compiled core and with none: the same (returned once)."""
    fast = parse_tgn(text)
    with monkeypatch.context() as mp:
        mp.setattr(tgn_reader, "_PLAIN_LINES", None)
        mp.setattr(tgn_reader, "_IN_ORDER", None)
        mp.setattr(tgn_tricks, "_PLAIN_TRICK", None)
        mp.setattr(tgn_tricks, "_PLAIN", None)
        pure = parse_tgn(text)
    assert repr(fast) == repr(pure)
    return fast


def _skip_unknown(hand_result):
    (u,) = [u for u in hand_result.unknowns if u.tag == "play"]
    assert u.withheld == UNREAD_WITHHELD
    return u


def _nothing_judged_from(hand_result, trick: int) -> None:
    assert not [v for v in hand_result.violations if v.trick is not None and v.trick >= trick]
    assert not [v for v in hand_result.violations if v.code == "out_of_turn"]
    assert all(t.number < trick for t in hand_result.tricks)
    assert hand_result.attackers_points is None and hand_result.attackers_total is None
    assert hand_result.outcome is None and hand_result.levels_after == (None, None)
    assert not hand_result.legality_known and hand_result.legal is not True and not hand_result.complete
    assert hand_result.follows_unjudged is not None and min(hand_result.follows_unjudged) >= 2


# --- a trick line deleted -----------------------------------------------------------------------

def test_the_probe_a_deleted_trick_line_faults_no_seat(monkeypatch):
    whole = replay_match(PROBE)
    assert whole.hands[0].violations == () and whole.hands[0].legal
    lines = _lines_without(PROBE_TEXT, 1, K)
    (m,), diags = _read_all_ways("\n".join(lines), monkeypatch)
    seq = [d for d in diags if d.code == "trick_sequence"]
    assert len(seq) == 1 and (seq[0].line, seq[0].hand, seq[0].trick) == (_line_of(lines, 1, K + 1) + 1, 1, K + 1)
    h = replay_match(m).hands[0]
    assert h.violations == ()          # no out_of_turn at trick 9, no "N still held ♥2"
    _nothing_judged_from(h, K)
    assert h.tricks == whole.hands[0].tricks[:K - 1]
    u = _skip_unknown(h)
    last = PROBE.hands[0].tricks[-1].number
    assert f"the record's trick numbers skip from {K - 1} to {K + 1}" in u.message_en
    assert f"trick {K} may be left out, or the numbers mistyped" in u.message_en
    assert f"no play of trick {K} is known" in u.message_en and f"goes on to trick {last}" in u.message_en
    assert f"记录中的轮次从第 {K - 1} 轮跳到第 {K + 1} 轮" in u.message_zh
    assert f"第 {K} 轮可能漏记，也可能只是编号写错" in u.message_zh and f"延续到第 {last} 轮" in u.message_zh


def test_the_probe_check_json_gives_no_violation(tmp_path):
    path = tmp_path / "probe.tgn"
    path.write_text("\n".join(_lines_without(PROBE_TEXT, 1, K)), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    hand = json.loads(r.output)["files"][0]["hands"][0]
    assert hand["violations"] == [] and hand["legal"] is None and hand["outcome"] is None
    assert [t["number"] for t in hand["tricks"]] == list(range(1, K))


@pytest.mark.parametrize("hand", [1, 2])
def test_a_skipped_number_is_judged_as_an_empty_trick_line_there(monkeypatch, hand):
    """The same verdict, field for field, as the record with that trick line left with no play (``8.``) and not
    filled in — but the words, which say the numbers skip.  (A line with no play, whose cards the deal lines
    fix, is filled in from them, :mod:`.trick_gaps`; a skipped number is not: the numbers may be miswritten,
    and the skip withholds what rests on it.  What the line filled in states, the skip never contradicts.)"""
    from tractor_analysis.engine import unread_tricks

    text = format_tgn(FAULTY)
    lines = text.split("\n")
    i = _line_of(lines, hand, K)
    (skipped,), _ = _read_all_ways("\n".join(lines[:i] + lines[i + 1:]), monkeypatch)
    (bare,), _ = _read_all_ways("\n".join(lines[:i] + [f"{K}."] + lines[i + 1:]), monkeypatch)
    got, filled = replay_match(skipped), replay_match(bare)
    for g, f in zip(got.hands[hand - 1].tricks, filled.hands[hand - 1].tricks):
        assert (g.number, g.winner, g.points) == (f.number, f.winner, f.points)
    assert {(v.code, v.trick, v.seat) for v in got.hands[hand - 1].violations} <= {
        (v.code, v.trick, v.seat) for v in filled.hands[hand - 1].violations}
    monkeypatch.setattr(unread_tricks, "fill_unread", lambda *args: None)
    empty = replay_match(bare)
    us, ue = _skip_unknown(got.hands[hand - 1]), _skip_unknown(empty.hands[hand - 1])
    assert "skip from" in us.message_en and "skip from" not in ue.message_en
    assert got.hands[hand - 1].violations      # the wrong follows before trick K stand

    def without_words(result):
        return [dataclasses.replace(h, unknowns=tuple(u for u in h.unknowns if u.tag != "play")) for h in result.hands]
    assert without_words(got) == without_words(empty)
    assert got.levels_final == empty.levels_final


def test_a_last_hand_with_a_skipped_number_is_not_where_the_record_stops():
    """A record that goes on past a trick it may leave out is not known to stop inside the hand: the levels
    at its end are not known (the hand may have been played out), never the levels it was played at."""
    text = "\n".join(_lines_without(PROBE_TEXT, 2, K))
    (m,), _ = parse_tgn(text)
    result = replay_match(m)
    _nothing_judged_from(result.hands[1], K)
    assert result.levels_final == (None, None)


def test_a_deleted_first_trick_line_judges_no_trick():
    """Trick 1 left out: who led trick 2 is not known (its winner), so nothing of the play is judged."""
    (m,), diags = parse_tgn("\n".join(_lines_without(PROBE_TEXT, 1, 1)))
    assert [(d.hand, d.trick) for d in diags if d.code == "trick_sequence"] == [(1, 2)]
    h = replay_match(m).hands[0]
    _nothing_judged_from(h, 1)
    assert h.tricks == () and h.violations == ()
    u = _skip_unknown(h)
    assert "the hand's first trick line is numbered 2, where its first trick is 1 ([FirstTrick])" in u.message_en
    assert "trick 1 may be left out" in u.message_en
    assert "本局记录的第一行出牌编号为第 2 轮，本局却应从第 1 轮起" in u.message_zh


# --- a typo: every play there -------------------------------------------------------------------

def _as_whole(result, number_of) -> tuple:
    """What a hand result decides, its trick numbers read back through ``number_of``."""
    return (sorted((v.code, v.seat, v.played, -1 if v.trick is None else number_of(v.trick)) for v in result.violations),
            [(number_of(t.number), t.leader, t.winner, t.points) for t in result.tricks],
            result.attackers_points, result.attackers_total, result.outcome, result.levels_after, result.legal,
            result.complete, [u.tag for u in result.unknowns])


@pytest.mark.parametrize("how", ["from_k", "from_first", "one_jump"])
@pytest.mark.parametrize("hand", [1, 2])
def test_a_whole_hand_misnumbered_is_judged_as_consecutive(monkeypatch, how, hand):
    """Every play there (every seat plays its whole hand): no trick can be left out, the numbers are
    mistyped — judged as the whole record, the ``trick_sequence`` diagnostic kept."""
    shift, back = {"from_k": (lambda n: n + 1 if n >= K else n, lambda n: n - 1 if n > K else n),
                   "from_first": (lambda n: n + 1, lambda n: n - 1),
                   "one_jump": (lambda n: n + 20 if n == K else n, lambda n: n - 20 if n == K + 20 else n)}[how]
    (m,), diags = _read_all_ways(_renumbered(format_tgn(FAULTY), hand, shift), monkeypatch)
    assert [d for d in diags if d.code == "trick_sequence"]
    whole = replay_match(FAULTY)
    got = replay_match(m)
    assert _as_whole(got.hands[hand - 1], back) == _as_whole(whole.hands[hand - 1], lambda n: n)
    assert got.hands[hand - 1].violations and got.hands[hand - 1].outcome is not None
    assert got.levels_final == whole.levels_final


# --- the JSON reader ------------------------------------------------------------------------------

def _decided(result) -> list:
    return [(h.violations, h.tricks, h.unknowns, h.attackers_total, h.outcome, h.levels_after, h.follows_unjudged)
            for h in result.hands]


@pytest.mark.parametrize("case", ["deleted", "deleted_first", "typo"])
def test_json_trick_numbers_lead_to_the_tgn_verdicts(case):
    """A JSON hand whose trick objects' ``number`` skip (as the writer puts a ``.tgn``'s, or written by
    hand: the trick after the gap numbered, the rest following it) is judged as the ``.tgn`` is."""
    text = format_tgn(FAULTY)
    if case == "typo":
        text = _renumbered(text, 2, lambda n: n + 1 if n >= K else n)
    else:
        text = "\n".join(_lines_without(text, 2, K if case == "deleted" else 1))
    (tgn,), diags = parse_tgn(text)
    want = replay_match(tgn)
    (written,), jdiags = parse_json(format_json(tgn))
    assert [d.code for d in jdiags] == [d.code for d in diags if d.code == "trick_sequence"]
    assert _decided(replay_match(written)) == _decided(want)
    doc = json.loads(format_json(FAULTY))
    tricks = doc["hands"][1]["tricks"]
    if case == "typo":          # the whole hand, trick K numbered K + 1 (and the ones after following it)
        tricks[K - 1] = {"number": K + 1, "plays": tricks[K - 1]}
    else:
        k = K if case == "deleted" else 1
        tricks[k - 1:k + 1] = [{"number": k + 1, "plays": tricks[k]}]
    (hand_written,), _ = parse_json(json.dumps(doc))
    assert hand_written.hands[1].tricks == tgn.hands[1].tricks
    assert _decided(replay_match(hand_written)) == _decided(want)


# --- the decision itself -------------------------------------------------------------------------

def _single(seat_counts: dict[int, int] | None = None) -> tuple[Play, ...]:
    """A trick's plays, one card each (the card does not matter to the count), ``seat_counts`` cards."""
    counts = seat_counts or {s: 1 for s in range(4)}
    return tuple(Play(s, (0,) * n) for s, n in counts.items())


RULES = PRESETS["standard"]


def _hand(numbers, *, plays=None, **kw) -> Hand:
    return Hand(1, dealer=0, trump=0, level=2, tricks=tuple(
        Trick(n, plays(n) if plays else _single()) for n in numbers), **kw)


def test_a_skip_the_plays_leave_no_room_for_is_a_typo():
    hand = _hand([*range(1, 8), *range(9, 27)])         # 25 tricks of one card each: every card played
    assert tricks_numbered(hand, RULES) == (hand.tricks, ())


def test_a_seat_left_out_of_a_trick_line_still_played_a_card_there():
    """24 tricks and one whose line leaves W out: W played 25 cards, whatever the line says."""
    hand = _hand([*range(1, 8), *range(9, 27)],
                 plays=lambda n: _single({0: 1, 1: 1, 2: 1}) if n == 20 else _single())
    assert tricks_numbered(hand, RULES) == (hand.tricks, ())


@pytest.mark.parametrize("played, missing", [(23, 2), (24, 1)])
def test_the_tricks_put_in_are_at_most_what_the_cards_leave_room_for(played, missing):
    numbers = [*range(1, 8), *range(10, 10 + played - 7)]      # 8 and 9 skipped
    tricks, (skip,) = tricks_numbered(_hand(numbers), RULES)
    assert (skip.written, skip.following, skip.first, skip.missing) == (7, 10, 8, missing)
    assert [t.number for t in tricks if not t.plays] == list(range(8, 8 + missing))
    assert [t for t in tricks if t.plays] == list(_hand(numbers).tricks)
    h = replay_match(_match(_hand(numbers))).hands[0]
    u = _skip_unknown(h)
    assert "tricks 8 to 9" in u.message_en and "第 8 至 9 轮" in u.message_zh
    assert ("at most 1 of them" in u.message_en) == (missing == 1)
    assert ("至多 1 轮" in u.message_zh) == (missing == 1)


def _match(hand: Hand):
    return dataclasses.replace(PROBE, hands=(hand,))


@pytest.mark.parametrize("line, typo", [(5, True), (6, False)])
def test_a_position_counts_the_cards_of_its_lines(line, typo):
    """A position (``[SetUp]``) of five cards a seat, tricks 10.. : a seat whose line holds ``line`` cards
    and plays five has none left (typo) or one (a trick may be left out)."""
    deal = tuple((0,) * (line if s == 0 else 7) for s in range(4))
    hand = _hand([10, 11, 13, 14, 15], setup=True, deal=deal, first_trick=10)
    tricks, skips = tricks_numbered(hand, RULES)
    assert (skips == ()) == typo
    assert [t.number for t in tricks] == ([10, 11, 13, 14, 15] if typo else [10, 11, 12, 13, 14, 15])


def test_a_position_without_lines_holds_at_most_a_whole_hand():
    """A seat without a line holds at most a whole hand (rules.md §1.1): the skip is judged as the tricks
    it skips given with no play, unless a seat plays a whole hand."""
    hand = _hand([10, 11, 14, 15], setup=True, first_trick=10)
    tricks, (skip,) = tricks_numbered(hand, RULES)
    assert skip.missing == 2 and [t.number for t in tricks if not t.plays] == [12, 13]
    whole = _hand([10, 11, 14, 15], setup=True, first_trick=10, plays=lambda n: _single(
        {0: 22 if n == 10 else 1, 1: 1, 2: 1, 3: 1}))
    assert tricks_numbered(whole, RULES) == (whole.tricks, ())


# --- the property ---------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(sorted(PRESETS)), st.sampled_from([0.0, 0.15]), st.data())
def test_deleting_a_trick_line_never_yields_a_violation_the_whole_hand_has_not(seed, preset, rate, data):
    """Delete any one trick line of a simulated hand (with or without wrong follows): no hand of the match
    gets a violation the whole record does not give.  (A hand whose deal line its own plays contradict —
    the three-deck simulation's ``not_in_hand`` — is left out: its line is judged on the cards its line and
    its plays both give, which a record that does not reach the hand's end already changes, skip or none.)"""
    match = simulate_match(seed, 0, preset=preset, violation_rate=rate, max_hands=2)
    whole = replay_match(match)
    index = data.draw(st.integers(0, len(match.hands) - 1))
    assume(not any(u.tag == "deal" for u in whole.hands[index].unknowns))
    hand = match.hands[index]
    k = data.draw(st.integers(0, len(hand.tricks) - 1))
    hands = list(match.hands)
    hands[index] = dataclasses.replace(hand, tricks=hand.tricks[:k] + hand.tricks[k + 1:])
    got = replay_match(dataclasses.replace(match, hands=tuple(hands)))

    def faults(result):
        return {(h.number, v.code, v.seat, v.trick, v.played) for h in result.hands for v in h.violations}
    assert faults(got) <= faults(whole)
    h = got.hands[index]
    if k < len(hand.tricks) - 1:        # the record goes on past the trick left out: nothing from it on
        assert "skip" in _skip_unknown(h).message_en
        assert all(t.number < hand.tricks[k].number for t in h.tricks)

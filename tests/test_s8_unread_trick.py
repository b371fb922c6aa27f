"""A trick line with no play that could be read (docs/format.md "Trick lines", docs/rules.md §14.1).

An organiser's probe found that a ``.tgn`` whose last trick line is cut mid-card (``8. W: DA DJ D``, no
line break: the card ``D`` unreadable, so W's play dropped) or ends in a bare ``9.`` gave that trick four
``out_of_turn`` faults ("W did not play in this trick", and N, E, S), a winner and 0 points, and
``tractor ruling`` four signable pages.  Nothing in the record says any seat did not play there:

- after the hand's last trick with a play, such a trick is where the record of the hand ends — left
  out, as a record that stops between two tricks, and said so at the trick line (``syntax_error``);
- before one (the record goes on: a bare ``8.`` followed by more tricks, or every play of a trick
  unreadable), every play of that trick is left out, the lead too: no seat is faulted for it, and what
  rests on those plays is withheld (``"unknown"`` tag ``play``): that trick's winner and points, who led
  the next, the cards each seat held from it on — so no trick from it on is judged —, the attackers'
  points, the outcome and the levels after; what the tricks before give stands.

The same from the JSON reader (a trick ``[]``, or one whose every play is dropped), and with the compiled
``.tgn`` reader core or the pure-Python reader alike.  Each test fails on the code before the change.
"""
from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from tractor_analysis.cli.main import main
from tractor_analysis.engine.unread_tricks import DAMAGED_END_WITHHELD, UNREAD_WITHHELD, tricks_read
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, tgn_reader, tgn_tricks
from tractor_analysis.records.cards import SEAT_TOKENS
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match

MATCH = simulate_match(3, 0, max_hands=2)
TEXT = format_tgn(MATCH)
LINES = TEXT.split("\n")
FULL = replay_match(MATCH)
K = 8
"""The trick of hand 2 made unreadable."""


def _line_of(hand: int, trick: int) -> int:
    """The index in LINES of trick ``trick`` of hand ``hand``."""
    h = LINES.index(f'[Hand "{hand}"]')
    return next(i for i in range(h, len(LINES)) if LINES[i].startswith(f"{trick}. "))


def _cut(trick_line: str) -> str:
    """``trick_line`` as the probe's: its leader's play with a card cut to its suit letter (``W: DA DJ D``)."""
    head, first = trick_line.split(", ")[0].split(": ")
    return f"{head}: {first} {first.split()[0][0]}"


def _read_all_ways(text: str, monkeypatch) -> tuple:
    """``parse_tgn(text)`` with the compiled core, and with no compiled piece: the same (every field, every
    diagnostic's words and position); returned once."""
    fast = parse_tgn(text)
    with monkeypatch.context() as mp:
        mp.setattr(tgn_reader, "_PLAIN_LINES", None)
        mp.setattr(tgn_reader, "_IN_ORDER", None)
        mp.setattr(tgn_tricks, "_PLAIN_TRICK", None)
        mp.setattr(tgn_tricks, "_PLAIN", None)
        pure = parse_tgn(text)
    assert repr(fast) == repr(pure)
    return fast


def _no_fault_from(hand_result, trick: int) -> None:
    assert not [v for v in hand_result.violations if v.trick is not None and v.trick >= trick]
    assert not [v for v in hand_result.violations if v.code == "out_of_turn" and not v.played]


# --- where the record ends --------------------------------------------------------------------

@pytest.mark.parametrize("last", ["cut", "bare"])
def test_a_last_trick_line_with_no_readable_play_is_where_the_record_ends(monkeypatch, last):
    i = _line_of(2, K)
    tail = _cut(LINES[i]) if last == "cut" else f"{K}."
    text = "\n".join(LINES[:i]) + "\n" + tail          # no line break after it, as the probe's file
    (m,), diags = _read_all_ways(text, monkeypatch)
    line = i + 1
    ended = [d for d in diags if d.code == "syntax_error" and (d.line, d.column) == (line, 1)]
    assert len(ended) == 1 and (ended[0].hand, ended[0].trick) == (2, K)
    assert "the record of hand 2 is read as ending before it" in ended[0].message
    assert "第 2 局的记录按在该轮之前结束处理" in ended[0].message
    if last == "cut":       # the card cut short is named where it is, and the play said dropped
        bad = [d for d in diags if d.code == "unknown_card"]
        assert len(bad) == 1 and bad[0].line == line and bad[0].column == len(tail)
    h = replay_match(m).hands[1]
    _no_fault_from(h, K)
    assert [t.number for t in h.tricks] == list(range(1, K))
    assert h.tricks == FULL.hands[1].tricks[:K - 1]     # the tricks before: as the whole record judges them
    assert h.outcome is None and not h.complete and h.unfinished is None
    assert h.violations == tuple(v for v in FULL.hands[1].violations if v.trick is not None and v.trick < K)


def test_the_probe_ruling_writes_no_page_for_a_record_cut_mid_card(tmp_path):
    i = _line_of(2, K)
    path = tmp_path / "cut.tgn"
    path.write_text("\n".join(LINES[:i]) + "\n" + _cut(LINES[i]), encoding="utf-8")
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 2 and not out.exists()       # problems, and nothing found in what could be read
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    hand = json.loads(r.output)["files"][0]["hands"][1]
    assert hand["violations"] == [] and [t["number"] for t in hand["tricks"]] == list(range(1, K))


# --- a trick the record goes on past ----------------------------------------------------------

def _unread(hand_result, trick: int, last: int) -> None:
    """What a trick with no play before the record goes on leaves: nothing judged from it on."""
    _no_fault_from(hand_result, trick)
    assert all(t.number < trick for t in hand_result.tricks)
    (u,) = [u for u in hand_result.unknowns if u.tag == "play"]
    assert u.withheld == UNREAD_WITHHELD
    assert f"no play of trick {trick} that could be read" in u.message_en and f"goes on to trick {last}" in u.message_en
    assert f"第 {trick} 轮没有可读的出牌" in u.message_zh and f"延续到第 {last} 轮" in u.message_zh
    assert hand_result.attackers_points is None and hand_result.attackers_total is None
    assert hand_result.outcome is None and hand_result.levels_after == (None, None)
    assert not hand_result.legality_known and hand_result.legal is not True and not hand_result.complete
    assert hand_result.follows_unjudged is not None and min(hand_result.follows_unjudged) >= 2


def _filled(got, whole, trick: int) -> None:
    """What a trick with no play leaves when the deal lines and the other tricks fix its cards (docs/rules.md
    §14.1, :mod:`.trick_gaps`): it is filled in, and nothing stated contradicts the whole record — each trick's
    winner and points, each fault, the points, the outcome and the levels, where stated, are the whole's."""
    assert not [u for u in got.unknowns if u.tag == "play" and u.withheld == UNREAD_WITHHELD]
    assert [t.number for t in got.tricks] == [t.number for t in whole.tricks]
    for g, w in zip(got.tricks, whole.tricks):
        assert g.winner in (None, w.winner) and g.points in (None, w.points)
    faults = {(v.code, v.trick, v.seat) for v in whole.violations}
    assert {(v.code, v.trick, v.seat) for v in got.violations} <= faults
    for name in ("attackers_points", "attackers_total", "outcome"):
        assert getattr(got, name) in (None, getattr(whole, name)), name
    assert all(g in (None, w) for g, w in zip(got.levels_after, whole.levels_after))


def _without_deal_lines(lines: list[str], hand: int) -> list[str]:
    """``lines`` with hand ``hand``'s deal lines left out: a trick with no play can then not be filled in."""
    h = lines.index(f'[Hand "{hand}"]')
    end = next((i for i in range(h + 1, len(lines)) if lines[i].startswith('[Hand "')), len(lines))
    return [x for i, x in enumerate(lines) if not (h < i < end and x[:3] in ("N: ", "E: ", "S: ", "W: "))]


@pytest.mark.parametrize("deal", ["lines", "none"])
@pytest.mark.parametrize("how", ["bare", "unreadable"])
def test_a_trick_with_no_readable_play_inside_a_hand_is_no_four_faults(monkeypatch, how, deal):
    """With the deal lines, the trick's cards are what each seat held and plays nowhere else: filled in, the
    hand judged as the whole record judges it; without them, nothing is judged from that trick on."""
    i = _line_of(2, K)
    lines = list(LINES)
    if how == "bare":
        lines[i] = f"{K}."
    else:                   # every play unreadable: each dropped, and said so where it is
        lines[i] = f"{K}. " + ", ".join(f"{p.split(':')[0]}: X9" for p in LINES[i].split(" ", 1)[1].split(", "))
    if deal == "none":
        lines = _without_deal_lines(lines, 2)
        i = next(j for j, x in enumerate(lines) if x.startswith(f"{K}.") and j > lines.index('[Hand "2"]'))
    (m,), diags = _read_all_ways("\n".join(lines), monkeypatch)
    said = [d for d in diags if d.code == "syntax_error" and d.line == i + 1]
    assert len(said) == 1 and said[0].column == 1 and "the record goes on after it" in said[0].message
    assert "记录在其后仍继续" in said[0].message
    assert len([d for d in diags if d.code == "unknown_card"]) == (4 if how == "unreadable" else 0)
    result = replay_match(m)
    h = result.hands[1]
    if deal == "lines":
        _filled(h, FULL.hands[1], K)
        assert h.outcome == FULL.hands[1].outcome and result.levels_final == FULL.levels_final
        return
    _unread(h, K, MATCH.hands[1].tricks[-1].number)
    whole = replay_match(parse_tgn("\n".join(_without_deal_lines(list(LINES), 2)))[0][0]).hands[1]
    assert _judged(h.tricks) == _judged(whole.tricks[:K - 1])
    assert result.levels_final == (None, None)      # hand 2 may have been played out: its result is not known


def test_a_trick_partly_recorded_before_an_unread_one_is_not_where_the_record_ends(monkeypatch):
    i = _line_of(2, K)
    lines = list(LINES)
    lines[i - 1] = lines[i - 1].rsplit(", ", 1)[0]      # trick K-1 leaves its last seat out
    lines[i] = f"{K}."
    (m,), _ = _read_all_ways("\n".join(lines), monkeypatch)
    h = replay_match(m).hands[1]
    _unread(h, K, MATCH.hands[1].tricks[-1].number)
    last = h.tricks[-1]
    assert last.number == K - 1 and last.winner is None and last.points is None and h.unfinished is None
    assert not any("record ends in trick" in u.message_en for u in h.unknowns)
    seat = SEAT_TOKENS[MATCH.hands[1].tricks[K - 2].plays[-1].seat]
    assert f"nor does it give {seat}'s play in trick {K - 1}" in h.unknowns[-1].message_en


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 1), st.data())
def test_the_tricks_before_an_unread_one_are_judged_as_the_whole_record_judges_them(hand_index, data):
    """Blank out any trick of a hand followed by another (a simulated record with wrong follows): the
    tricks before it, and their verdicts, are the whole record's; nothing from it on is faulted."""
    match = simulate_match(11, 1, violation_rate=0.1, max_hands=2)
    whole = replay_match(match).hands[hand_index]
    hand = match.hands[hand_index]
    k = data.draw(st.integers(0, len(hand.tricks) - 2))
    tricks = list(hand.tricks)
    tricks[k] = dataclasses.replace(tricks[k], plays=())
    deal = data.draw(st.booleans())
    if not deal:                # no deal lines: the trick cannot be filled in, and the hand is judged as such
        hand = dataclasses.replace(hand, deal=None)
        whole = replay_match(dataclasses.replace(match, hands=_put(match.hands, hand_index, hand))).hands[hand_index]
    got = replay_match(dataclasses.replace(
        match, hands=_put(match.hands, hand_index, dataclasses.replace(hand, tricks=tuple(tricks))))).hands[hand_index]
    number = hand.tricks[k].number
    if deal and not any(u.tag == "play" and u.withheld == UNREAD_WITHHELD for u in got.unknowns):
        _filled(got, whole, number)         # (filled in: nothing stated contradicts the whole record)
        return
    _unread(got, number, hand.tricks[-1].number)
    assert [(t.leader, t.plays, t.winner, t.points) for t in got.tricks] == [
        (t.leader, t.plays, t.winner, t.points) for t in whole.tricks[:k]]
    stated = [(v.code, v.trick, v.seat) for v in got.violations if v.trick is not None]
    before = [(v.code, v.trick, v.seat) for v in whole.violations if v.trick is not None and v.trick < number]
    # (without deal lines a wrong follow may be shown by a card played in the trick not read: then not stated)
    assert stated == before if deal else set(stated) <= set(before)


def _judged(tricks) -> list:
    """What a trick's judgement states (its holdings aside: without deal lines they are what later plays show,
    and a trick with no play shows none)."""
    return [dataclasses.replace(t, hands_before=()) for t in tricks]


def _put(hands, i: int, hand) -> tuple:
    return tuple(hand if j == i else h for j, h in enumerate(hands))


# --- the JSON reader: the same --------------------------------------------------------------

@pytest.mark.parametrize("where", ["end", "inside"])
@pytest.mark.parametrize("trick", ["[]", '[{"seat": "X", "cards": ["SA"]}]'])
def test_a_json_trick_with_no_play_is_read_as_the_tgn_one(where, trick):
    doc = json.loads(format_json(MATCH))
    tricks = doc["hands"][1]["tricks"]
    if where == "end":
        doc["hands"][1]["tricks"] = tricks[:K - 1] + [json.loads(trick)]
    else:
        tricks[K - 1] = json.loads(trick)
    (m,), diags = parse_json(json.dumps(doc))
    assert diags and all(d.hand == 2 and d.trick == K for d in diags)
    h = replay_match(m).hands[1]
    if where == "end":
        assert h.tricks == FULL.hands[1].tricks[:K - 1]
        _no_fault_from(h, K)
        assert h.outcome is None and h.unfinished is None      # damage where the record stops (test_s10_last_line)
        assert [u.withheld for u in h.unknowns if u.tag == "play"] == [DAMAGED_END_WITHHELD]
    else:                   # the deal lines fix the trick's cards: filled in, as the .tgn one is
        _filled(h, FULL.hands[1], K)
        assert h.outcome == FULL.hands[1].outcome


# --- the split itself -------------------------------------------------------------------------

_PLAY = Play(0, (1,))


@given(st.lists(st.booleans(), max_size=12))
def test_tricks_read_splits_at_the_first_trick_with_no_play(shown):
    """``read`` is every trick before the first with no play; ``unread`` runs from it to the last trick
    with a play when one follows it, else to the end (the hand's last trick lines, none with a play: damage
    where the record stops, docs/rules.md §8.5); it is empty only when every trick gives a play."""
    tricks = tuple(Trick(n + 1, (_PLAY,) if s else ()) for n, s in enumerate(shown))
    read, unread = tricks_read(tricks)
    assert all(t.plays for t in read) and tricks[:len(read)] == read
    rest = tricks[len(read):]
    if any(t.plays for t in rest):
        assert unread and not unread[0].plays and unread[-1].plays and rest[:len(unread)] == unread
        assert not any(t.plays for t in rest[len(unread):])
    else:
        assert unread == rest

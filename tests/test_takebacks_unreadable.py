"""A take-back (悔牌) whose seat the record does not give readably (``[Takebacks "W X"]``, JSON
``"takebacks": ["W", "X"]``; docs/rules.md §10.2, §14.1).

Under ``takeback_penalty = level`` (the tournament) each take-back costs its side a level, and
``revoke_forfeit`` of them forfeit the match.  The readers used to drop the seat they could not
read and keep the others as if they were all the take-backs: the levels after the hand, the
forfeit count and the match's result then rested on a guess (that the take-back cost nobody
anything).  Now the take-back is kept, its seat unknown (``None``; ``?`` in the writers' output);
the levels after the hand and whether a side forfeited are withheld (``"unknown"`` tag
``Takebacks``), never decided on the count of the readable ones.  A ruleset that does not
punish take-backs is judged as before.
"""
from __future__ import annotations

import json

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import decide_match
from tractor_analysis.records import json_decode, json_fast
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn

ZERO_BOTTOM = "C3 C3 C4 C4 C6 C6 C7 C7"
"""A bottom of no points, of cards none of the hands below plays."""

E, W = 1, 3


def _head(ruleset: str = "tournament", extra: str = "") -> str:
    return (f'[Event "Take-back Cup"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n'
            f'[Ruleset "{ruleset}"]\n{extra}')


def _take_back(number: int, dealer: str, takebacks: str) -> str:
    """A position played out in one trick (the dealer's ♠A wins it, no points: the defenders go up 3
    levels) with ``[Takebacks "…"]``: a hand with an outcome, whose take-backs decide its penalty."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    cards = ("SA", "S7", "S8", "S9")
    deal = "\n".join(f"{s}: {cards[seats.index(s)]}" for s in "NESW")
    return (f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "H"]\n[Takebacks "{takebacks}"]\n[SetUp "1"]\n'
            f'[Points "0"]\n{deal}\nBuried: {ZERO_BOTTOM}\n'
            "1. " + ", ".join(f"{s}: {c}" for s, c in zip(seats, cards)) + "\n")


def _tgn(text: str):
    matches, diags = parse_tgn(text)
    (match,) = matches
    return match, [d.code for d in diags]


def _json_text(hands: list[dict], ruleset: str = "tournament") -> str:
    return json.dumps({"event": "Take-back Cup", "ruleset": ruleset, "hands": hands}, ensure_ascii=False)


def _json_hand(number: int, dealer: str, takebacks: list) -> dict:
    """:func:`_take_back` as a JSON hand."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    cards = ("SA", "S7", "S8", "S9")
    return {"number": number, "dealer": dealer, "trump": "H", "setup": True, "points": 0,
            "deal": {s: [cards[seats.index(s)]] for s in "NESW"}, "buried": ZERO_BOTTOM.split(),
            "tricks": [[{"seat": s, "cards": [c]} for s, c in zip(seats, cards)]], "takebacks": takebacks}


def _json(text: str):
    matches, diags = parse_json(text)
    (match,) = matches
    return match, [d.code for d in diags]


ONE = _head(extra='[Levels "NS:2 EW:5"]\n') + _take_back(1, "N", "E X")
"""E–W at 5 take a play back, and a seat the record does not give readably takes another."""
PARTIAL = _head() + _take_back(1, "N", "E") + _take_back(2, "S", "W X")
"""E–W take two plays back, and a third take-back's seat cannot be read: had it been E's or W's
(``"W E"``), E–W would forfeit the match after hand 2 (tests/test_forfeit.py ``TAKE_BACKS``)."""


def _withheld_after(result, number: int) -> None:
    """Hand ``number`` of ``result`` withholds its levels after, and says why (tag ``Takebacks``)."""
    h = next(h for h in result.hands if h.number == number)
    assert h.levels_after == (None, None) and h.player_levels_after == (None,) * 4
    (u,) = [u for u in h.unknowns if u.tag == "Takebacks"]
    assert "levels" in u.withheld
    assert "[Takebacks]" in u.message_en and "[Takebacks]" in u.message_zh
    assert "not guessed" in u.message_en and "不作猜测" in u.message_zh


def test_tgn_unreadable_take_back_withholds_the_levels_after_it():
    """Before: the hand left E–W at 4 (5, less the readable take-back) and N–S at 5, the match
    decided on those levels — as if the take-back of the unreadable seat cost nobody a level."""
    match, codes = _tgn(ONE)
    assert codes == ["unknown_seat"]                    # the diagnostic stays
    (hand,) = match.hands
    assert hand.takebacks == (E, None) and not hand.takebacks_known     # kept, its seat unknown
    result = replay_match(match)
    _withheld_after(result, 1)
    (h,) = result.hands
    assert h.takeback_levels == (0, 1)                  # the readable one, said as known
    assert h.outcome is not None and h.outcome.levels == 3      # the hand's own outcome stands
    assert result.levels_final == (None, None) and result.player_levels_final == (None,) * 4
    assert result.winner is None and result.decided_by is None
    assert not result.forfeit_known and decide_match(result) == (None, "forfeit not known")


def test_the_forfeit_is_not_decided_on_the_count_of_the_readable_take_backs():
    """Before: E–W's two readable take-backs were all the count (no forfeit) and N–S won on the
    levels; the third might be E–W's, when E–W forfeit after hand 2."""
    match, _ = _tgn(PARTIAL)
    result = replay_match(match)
    _withheld_after(result, 2)
    assert result.hands[0].levels_after == (5, 2)        # hand 1 has nothing unknown
    assert result.forfeit_reasons == (None, None) and result.forfeit is None and not result.both_forfeit
    (u,) = result.unknowns
    assert u.tag == "Takebacks" and u.withheld == ("forfeit",)
    assert "hand 2" in u.message_en and "第2局" in u.message_zh
    assert result.winner is None and result.decided_by is None and result.levels_final == (None, None)
    # the same take-backs all readable: E–W forfeit (the count is kept where it is known)
    full, _ = _tgn(PARTIAL.replace('"W X"', '"W E"'))
    assert replay_match(full).forfeit_reasons == (None, "take-backs")


def test_a_forfeit_decided_before_stays_decided():
    """An unreadable take-back after E–W already forfeited changes no forfeit (its levels after are
    still withheld, and the hand says only that)."""
    match, _ = _tgn(_head() + _take_back(1, "N", "E E W") + _take_back(2, "S", "X"))
    result = replay_match(match)
    _withheld_after(result, 2)
    assert [u.withheld for u in result.hands[1].unknowns] == [("levels",)]
    assert result.forfeit_reasons == (None, "take-backs") and result.winner == 0 and result.forfeit_known


def test_without_a_forfeit_count_only_the_levels_after_are_withheld():
    """``revoke_forfeit = 0``: take-backs cost levels but forfeit nothing; the forfeit stays known."""
    match, _ = _tgn(_head(extra='[Rule:revoke_forfeit "0"]\n') + _take_back(1, "N", "E X"))
    result = replay_match(match)
    _withheld_after(result, 1)
    (u,) = result.hands[0].unknowns
    assert u.withheld == ("levels",)
    assert result.forfeit_known and not result.unknowns


def test_json_unreadable_take_back_reads_as_tgn_and_withholds_the_same(monkeypatch):
    """JSON: the same Hand (the compiled reader leaves hands with take-backs to the Python reader,
    which gives what it gives without the core) and the same withholding."""
    text = _json_text([_json_hand(1, "N", ["E"]), _json_hand(2, "S", ["W", "X"])])
    match, codes = _json(text)
    assert codes == ["unknown_seat"]
    assert [h.takebacks for h in match.hands] == [(E,), (W, None)]
    fast = parse_json(text)
    with monkeypatch.context() as mp:       # without the compiled readers: the same, word for word
        mp.setattr(json_fast, "fast_hand", None)
        mp.setattr(json_decode, "_too_deep", None)
        slow = parse_json(text)
    assert fast == slow and repr(fast) == repr(slow)
    assert json_fast.fast_hand is None or json_fast.fast_hand(
        _json_hand(2, "S", ["W", "X"]), 1, 2, 0, 0, {}) is None      # the core leaves take-backs to Python
    tgn, _ = _tgn(PARTIAL)
    assert [h.takebacks for h in tgn.hands] == [h.takebacks for h in match.hands]
    result = replay_match(match)
    _withheld_after(result, 2)
    assert result.winner is None and result.forfeit_reasons == (None, None) and not result.forfeit_known
    assert [u.tag for u in result.unknowns] == ["Takebacks"]


def test_a_ruleset_without_the_penalty_judges_as_before():
    """``standard`` (no take-back penalty): the take-back is kept, its seat unknown, with the
    diagnostic, and every result is what the readable take-backs alone give."""
    match, codes = _tgn(_head("standard") + _take_back(1, "N", "E") + _take_back(2, "S", "W X"))
    assert codes == ["unknown_seat"]
    assert match.hands[1].takebacks == (W, None)
    plain, _ = _tgn(_head("standard") + _take_back(1, "N", "E") + _take_back(2, "S", "W"))
    a, b = replay_match(match), replay_match(plain)
    assert a == b                           # every hand and the match, word for word
    assert a.hands[1].levels_after == (8, 2) and not a.hands[1].unknowns
    assert a.forfeit_known and not a.unknowns and a.levels_final == (8, 2)
    text = _json_text([_json_hand(1, "N", ["E", "X"])], ruleset="standard")
    match, codes = _json(text)
    assert codes == ["unknown_seat"] and match.hands[0].takebacks == (E, None)
    result = replay_match(match)
    assert result.hands[0].levels_after == (5, 2) and not result.unknowns


def test_the_writers_keep_the_unknown_take_back():
    """``format_tgn`` / ``format_json`` write a take-back word that is no seat back as read (not as
    ``?``, which says one take-back: the word is not sure to be one), so it reads back the same, with
    its ``unknown_seat`` diagnostic: ``parse(format(m)) == m`` (before: the take-back was gone after
    the first reading; then it was written as ``?``)."""
    match, _ = _tgn(PARTIAL)
    tgn = format_tgn(match)
    assert '[Takebacks "W X"]' in tgn           # the word as read: no seat, not "?" (one take-back)
    again, codes = _tgn(tgn)
    assert codes == ["unknown_seat"] and again == match
    js = format_json(match)
    assert json.loads(js)["hands"][1]["takebacks"] == ["W", "X"]
    back, codes = _json(js)
    assert codes == ["unknown_seat"] and back.hands[1].takebacks == (W, None)
    assert back.hands[1].takebacks_unread == ("X",)
    assert replay_match(back).unknowns == replay_match(match).unknowns


def test_check_json_says_it(tmp_path):
    """``tractor check --json``: the hand's ``levels_after`` null with an ``unknown`` item of tag
    ``Takebacks``; the match's winner, forfeit and final levels null, its ``unknown`` saying why.
    The text says it too (the match line and the penalty)."""
    path = tmp_path / "partial.tgn"
    path.write_text(PARTIAL, encoding="utf-8")
    run = CliRunner().invoke(main, ["check", str(path), "--json"])
    doc = json.loads(run.output)
    (f,) = doc["files"]
    assert [e["code"] for e in f["errors"]] == ["unknown_seat"]
    hand = f["hands"][1]
    assert hand["levels_after"] == {"NS": None, "EW": None}
    (u,) = [u for u in hand["unknown"] if u["tag"] == "Takebacks"]
    assert u["withheld"] == ["levels", "forfeit"] and u["message_zh"] and u["message_en"]
    (m,) = f["matches"]
    assert m["winner"] is None and m["forfeit"] is None and m["decided_by"] is None
    assert m["levels_final"] == {"NS": None, "EW": None}
    assert [(x["tag"], x["withheld"]) for x in m["unknown"]] == [("Takebacks", ["forfeit"])]
    text = CliRunner().invoke(main, ["check", str(path)]).output
    assert "whether a side forfeited the match is not known" in text and "不知是否有一方已被判负" in text
    assert "take-back penalty 悔牌罚级 EW −1, ? (a seat not read 座位无法识别)" in text

"""The forfeit count (docs/rules.md §10.1, §10.2): take-backs and wrong follows of hands whose plays were
not judged, and take-backs whose seat is not known (``?``) kept apart from a word that is no seat.

Tournament rules: each wrong follow and each take-back (悔牌) costs the offender's side a level at the end
of the hand; ``revoke_forfeit`` (3) of either in a match forfeit it.

* A hand whose plays are not judged (its trump or level not known) used to count nothing towards the
  forfeit: its take-backs, which ``[Takebacks]`` states, were dropped, and the wrong follows its plays may
  hide were taken as none.  Now its take-backs count, and its wrong follows — at most one per follow —
  leave the count open: where they could make a side reach the count, whether a side forfeited is not
  known (the match's ``unknown``), else decided and said so (a ``derived`` ``forfeit``).
* ``?`` is one take-back whose seat is not known; a word that is no seat (``unknown_seat``) is not sure to be
  one.  Both used to read alike (the count lost).  Now a ``?`` is counted under each reading (N–S's, E–W's):
  what every reading gives is decided (the forfeit; a side at 2 stays at 2), the rest withheld; an unreadable
  word withholds as before.  The readers keep them apart, and the writers write each back as read.
"""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import decide_match
from tractor_analysis.records import json_decode, json_fast
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn

N, E, S, W = 0, 1, 2, 3
ZERO_BOTTOM = "C3 C3 C4 C4 C6 C6 C7 C7"
"""A bottom of no points, of cards none of the hands below plays."""
CJK = re.compile(r"[\u4e00-\u9fff]")


def _head(levels: str = "", extra: str = "", ruleset: str = "tournament") -> str:
    return ('[Event "Count Cup"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n'
            f'[Ruleset "{ruleset}"]\n' + (f'[Levels "{levels}"]\n' if levels else "") + extra)


def _hand(number: int, dealer: str, takebacks: str = "", trump: str = "H", extra: str = "") -> str:
    """A position played out in one trick (the dealer's ♠A wins it, no points: the defenders go up 3
    levels), with ``[Takebacks "…"]`` when given; ``trump`` ``?``: its plays are not judged."""
    order = "NESW" * 2
    seats = order[order.index(dealer):][:4]
    cards = ("SA", "S7", "S8", "S9")
    deal = "\n".join(f"{s}: {cards[seats.index(s)]}" for s in "NESW")
    tb = f'[Takebacks "{takebacks}"]\n' if takebacks else ""
    return (f'\n[Hand "{number}"]\n[Dealer "{dealer}"]\n[Trump "{trump}"]\n{extra}{tb}[SetUp "1"]\n[Points "0"]\n'
            f'{deal}\nBuried: {ZERO_BOTTOM}\n1. ' + ", ".join(f"{s}: {c}" for s, c in zip(seats, cards)) + "\n")


REVOKES_EW_2 = ('\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n[SetUp "1"]\n[Points "0"]\n'
                f'N: SA SK\nE: S7 D4\nS: S9 S10\nW: S8 D6\nBuried: {ZERO_BOTTOM}\n'
                "1. N: SA, E: D4, S: S9, W: D6\n2. N: SK, E: S7, S: S10, W: S8\n")
"""A position N–S defend and win (up 3): E and W each play a diamond to ♠A holding a spade — two wrong
follows by E–W (two levels, E–W at the floor, 2)."""


def _replay(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match)


def _facts(h, fact: str) -> list:
    return [d for d in h.derived if d.fact == fact]


def _check_json(tmp_path, text: str, name: str = "m.tgn") -> dict:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (f,) = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)["files"]
    return f


# --- Problem 1: a hand whose plays were not judged ---------------------------------------------------

def test_the_take_backs_of_a_hand_not_judged_count_towards_the_forfeit(tmp_path):
    """N–S take two plays back in hand 1 and a third in hand 2, whose trump is not known.  With the trump
    known N–S forfeit after hand 2; before, with it unknown, the third take-back was dropped and the
    match's forfeit and winner came out null with no word of why."""
    text = _head() + _hand(1, "N", "N S") + _hand(2, "S", "N", trump="?")
    result = _replay(text)
    h2 = result.hands[1]
    assert not h2.tricks_judged and h2.takeback_levels == (1, 0)
    assert h2.levels_after == (None, None)          # its outcome is not known: the levels after neither
    assert result.forfeit_reasons == ("take-backs", None) and result.forfeit_known
    assert (result.winner, result.decided_by) == (1, "forfeit")
    # E–W's wrong follows in hand 2 (two follows at most) cannot bring them to 3: decided, and said so
    (fact,) = _facts(h2, "forfeit")
    assert fact.value == "NS" and "hand 2" in fact.message_en and "第2局" in fact.message_zh
    assert CJK.search(fact.message_zh) and not CJK.search(fact.message_en)
    known = _replay(_head() + _hand(1, "N", "N S") + _hand(2, "S", "N"))
    assert (known.forfeit_reasons, known.winner) == (result.forfeit_reasons, result.winner)
    f = _check_json(tmp_path, text)
    assert f["hands"][1]["takeback_levels"] == {"NS": 1, "EW": 0}
    assert f["matches"][0]["forfeit"] == "NS" and f["matches"][0]["winner"] == "EW"


def test_wrong_follows_a_hand_not_judged_may_hide_leave_the_forfeit_unknown():
    """E–W made two wrong follows in hand 1; hand 2's trump is not known, and E and W follow in its trick:
    a third wrong follow may be there.  Before: the count read two, nobody forfeited, forfeit known."""
    result = _replay(_head() + REVOKES_EW_2 + _hand(2, "S", trump="?"))
    h1, h2 = result.hands
    assert [v.code for v in h1.violations] == ["follow_suit", "follow_suit"] and h1.levels_after == (5, 2)
    assert h1.revoke_levels == (0, 2) and h2.follows_unjudged == (1, 2)
    assert not result.forfeit_known and result.forfeit_reasons == (None, None)
    (u,) = result.unknowns
    assert u.tag == "Trump" and u.withheld == ("forfeit",)
    assert "hand 2" in u.message_en and "第2局" in u.message_zh and "not guessed" in u.message_en
    assert "at most 1 by N–S and 2 by E–W" in u.message_en
    assert result.winner is None and result.levels_final == (None, None)
    assert decide_match(result) == (None, "forfeit not known")


def test_hidden_wrong_follows_that_cannot_reach_the_count_decide_nothing():
    """One hand not judged: at most two wrong follows a side (one trick) — nobody can reach 3: not forfeited,
    derived; two such hands can (E–W follow twice in each): from the second, not known."""
    one = _replay(_head() + _hand(1, "N", trump="?"))
    assert one.forfeit_known and not one.unknowns and one.forfeit_reasons == (None, None)
    (fact,) = _facts(one.hands[0], "forfeit")
    assert fact.value == "none" and "at most 1 by N–S and 2 by E–W" in fact.message_en
    two = _replay(_head() + _hand(1, "N", trump="?") + _hand(2, "S", trump="?"))
    (u,) = two.unknowns
    assert u.tag == "Trump" and "hands 1, 2" in u.message_en and "at most 2 by N–S and 4 by E–W" in u.message_en


def test_no_forfeit_question_when_decided_before_or_wrong_follows_do_not_count():
    """The match decided before the hand not judged (E–W's three take-backs), or a ruleset whose wrong
    follows cost no level (``revoke_penalty = none``): the hidden wrong follows change nothing."""
    decided = _replay(_head() + _hand(1, "N", "E E W") + _hand(2, "S", trump="?") + _hand(3, "N", trump="?"))
    assert decided.forfeit_known and decided.forfeit_reasons == (None, "take-backs") and decided.winner == 0
    free = _replay(_head(extra='[Rule:revoke_penalty "none"]\n') + REVOKES_EW_2 + _hand(2, "S", trump="?")
                   + _hand(3, "N", trump="?"))
    assert free.forfeit_known and not free.unknowns and free.forfeit_reasons == (None, None)
    assert not any(_facts(h, "forfeit") for h in free.hands)


def test_a_level_not_known_leaves_the_plays_not_judged_alike():
    """A record beginning at hand 3 without [Levels]: hand 3's level is not known (nothing judged); its
    take-back counts, its follows leave the count open as a trump not known does (tag ``Level``)."""
    result = _replay(_head() + _hand(3, "N", "E") + _hand(4, "S", trump="?"))
    h3 = result.hands[0]
    assert h3.level is None and not h3.tricks_judged and h3.takeback_levels == (0, 1)
    assert h3.follows_unjudged == (1, 2)
    (u,) = result.unknowns
    assert u.tag == "Level" and "the level is not known" in u.message_en


def test_the_bound_is_one_per_follow_and_two_each_where_the_leader_may_be_missing():
    from tractor_analysis.engine.unread_tricks import follows_bound

    (match,), _ = parse_tgn(_head() + _hand(1, "N") + _hand(2, "E"))
    tricks = [t for h in match.hands for t in h.tricks]
    assert follows_bound(tricks) == (3, 3)           # N led one (N–S 1, E–W 2), E the other (2, 1)
    assert follows_bound(tricks[:1]) == (1, 2)
    (short,), _ = parse_tgn(_head() + _hand(1, "N").replace("1. N: SA, E: S7, S: S8, W: S9", "1. N: SA, E: S7"))
    assert follows_bound(short.hands[0].tricks) == (2, 2)


def test_a_score_sheet_hand_hides_no_wrong_follow():
    """A score sheet keeps no play, so no wrong follow can be found in it (docs/rules.md §10.1): its
    take-backs count, and the forfeit is decided on them (tests/test_forfeit.py passes and forfeits)."""
    sheet = ('\n[Hand "1"]\n[Dealer "N"]\n[Level "2"]\n[ResultOnly "yes"]\n[Takebacks "E W"]\n[Claim "30"]\n'
             '\n[Hand "2"]\n[Dealer "S"]\n[Level "4"]\n[ResultOnly "yes"]\n[Takebacks "W"]\n[Claim "30"]\n')
    result = _replay(_head() + sheet)
    assert all(h.follows_unjudged is None for h in result.hands)
    assert result.forfeit_known and result.forfeit_reasons == (None, "take-backs") and result.winner == 0


# --- Problem 2: "?" and a word that is no seat -------------------------------------------------------

def test_the_readers_keep_a_question_mark_apart_from_a_word_that_is_no_seat(monkeypatch):
    (match,), diags = parse_tgn(_head() + _hand(1, "N", "N ? X"))
    (h,) = match.hands
    assert [d.code for d in diags] == ["unknown_seat"]
    assert h.takebacks == (N, None, None) and h.takebacks_unread == ("X",)
    assert not h.takebacks_known and not h.takebacks_counted and h.takeback_seats_unknown == 1
    (only,), diags = parse_tgn(_head() + _hand(1, "N", "N ?"))
    assert not diags and only.hands[0].takebacks_counted and only.hands[0].takeback_seats_unknown == 1
    text = json.dumps({"ruleset": "tournament", "hands": [
        {"number": 1, "dealer": "N", "trump": "H", "setup": True, "points": 0,
         "deal": {"N": ["SA"], "E": ["S7"], "S": ["S8"], "W": ["S9"]}, "buried": ZERO_BOTTOM.split(),
         "tricks": [[{"seat": s, "cards": [c]} for s, c in zip("NESW", ("SA", "S7", "S8", "S9"))]],
         "takebacks": ["N", "?", "X"]}]})
    (js,), diags = parse_json(text)
    assert [d.code for d in diags] == ["unknown_seat"]
    assert js.hands[0].takebacks == (N, None, None) and js.hands[0].takebacks_unread == ("X",)
    with monkeypatch.context() as mp:       # without the compiled readers: the same
        mp.setattr(json_fast, "fast_hand", None)
        mp.setattr(json_decode, "_too_deep", None)
        slow = parse_json(text)
    assert parse_json(text) == slow and repr(parse_json(text)) == repr(slow)
    plain = dict(json.loads(text)["hands"][0])
    del plain["takebacks"]
    fast = json_fast.fast_hand(plain, 0, 2, 0, 0, {}) if json_fast.fast_hand is not None else None
    assert fast is None or fast.takebacks_unread == ()      # the compiled reader fills the new field


def test_the_writers_write_each_back_as_read():
    (match,), _ = parse_tgn(_head() + _hand(1, "N", "? X N"))
    tgn = format_tgn(match)
    assert '[Takebacks "X ? N"]' in tgn              # the word as read, "?" as "?" (the order of the unknown
    (again,), diags = parse_tgn(tgn)                # ones is not kept: nothing rests on it)
    assert again == match and [d.code for d in diags] == ["unknown_seat"]
    assert json.loads(format_json(match))["hands"][0]["takebacks"] == ["X", "?", "N"]
    (back,), _ = parse_json(format_json(match))
    assert back.hands[0].takebacks == match.hands[0].takebacks
    assert back.hands[0].takebacks_unread == ("X",)
    # a JSON word holding a space would read back from .tgn as seats: written as one word that is no seat
    text = json.dumps({"ruleset": "tournament", "hands": [{"number": 1, "dealer": "N", "trump": "H",
                                                           "result_only": True, "claim": 30, "takebacks": ["N S", "?"]}]})
    (js,), _ = parse_json(text)
    assert js.hands[0].takebacks == (None, None) and js.hands[0].takebacks_unread == ("N S",)
    (t,), _ = parse_tgn(format_tgn(js))
    assert t.hands[0].takebacks == (None, None) and t.hands[0].takebacks_unread == ("N_S",)


def test_one_question_mark_forfeits_nobody_and_a_side_at_2_stays_at_2(tmp_path):
    """Before: the levels after the hand, the forfeit, the winner and the final levels all withheld."""
    text = _head("NS:2 EW:2") + _hand(1, "N", "?")
    result = _replay(text)
    (h,) = result.hands
    assert h.levels_after == (None, 2)               # N–S 5 or 4; E–W at 2 either way
    (lv,) = _facts(h, "levels_after")
    assert lv.value == "EW:2" and "E–W" in lv.message_en and "东西方" in lv.message_zh
    (ff,) = _facts(h, "forfeit")
    assert ff.value == "none" and '"?"' in ff.message_en
    (u,) = [u for u in h.unknowns if u.tag == "Takebacks"]
    assert u.withheld == ("levels",) and "not guessed" in u.message_en and "不作猜测" in u.message_zh
    assert result.forfeit_known and not result.unknowns and result.forfeit_reasons == (None, None)
    # N–S's final level is not known (4 or 5: no guess), but under every reading it is above E–W's 2: the
    # tournament's decision by the levels gives N–S the match whichever it is — derived, saying from what.
    # (This asserted "levels not known" before the decision by the levels read what every reading gives.)
    assert result.levels_final == (None, 2) and result.levels_final_span == ((4, 5), None)
    assert decide_match(result) == (0, "higher level")
    (won,) = result.derived
    assert won.fact == "winner" and won.value == "NS" and "4–5" in won.message_en and "4–5" in won.message_zh
    f = _check_json(tmp_path, text)
    assert "unknown" not in f["matches"][0]
    assert {d["fact"] for d in f["hands"][0]["derived"]} >= {"levels_after", "forfeit"}
    out = CliRunner().invoke(main, ["check", str(tmp_path / "m.tgn")]).output
    assert "? ×1 (seat not known 座位未知)" in out


def test_both_levels_at_the_floor_leave_nothing_withheld():
    """The attackers take the deal without a level (80 points) with both sides at 2: whichever side took
    the play back, both stay at 2 — nothing withheld; the ``Takebacks`` unknown says so."""
    text = (_head("NS:2 EW:2") + '\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n[Takebacks "?"]\n[SetUp "1"]\n'
            f'[Points "80"]\nN: S7\nE: SA\nS: S8\nW: S9\nBuried: {ZERO_BOTTOM}\n1. N: S7, E: SA, S: S8, W: S9\n')
    result = _replay(text)
    (h,) = result.hands
    assert h.levels_after == (2, 2)
    (u,) = [u for u in h.unknowns if u.tag == "Takebacks"]
    assert u.withheld == ()
    assert result.levels_final == (2, 2) and (result.winner, result.decided_by) == (1, "deal")


def test_readings_that_all_forfeit_a_side_decide_it_and_an_unreadable_word_does_not():
    """E–W take three plays back and a fourth take-back's seat is not known: E–W forfeit whichever side it
    was.  A word that is no seat in its place is not sure to be one take-back: withheld, as before."""
    result = _replay(_head() + _hand(1, "N", "E E W ?"))
    assert result.forfeit_known and result.forfeit_reasons == (None, "take-backs") and result.winner == 0
    assert [d.value for d in _facts(result.hands[0], "forfeit")] == ["EW"]
    assert result.hands[0].levels_after == (None, 2)
    unread = _replay(_head() + _hand(1, "N", "E E W X"))
    assert not unread.forfeit_known and [u.tag for u in unread.unknowns] == ["Takebacks"]
    assert unread.hands[0].levels_after == (None, None)


def test_readings_that_differ_withhold_the_forfeit():
    """E–W took two plays back; a third take-back's seat is not known: E–W forfeit if it was theirs."""
    result = _replay(_head() + _hand(1, "N", "E W") + _hand(2, "S", "?"))
    h2 = result.hands[1]
    (u,) = [u for u in h2.unknowns if u.tag == "Takebacks"]
    assert u.withheld == ("levels", "forfeit")
    assert h2.levels_after == (None, 2)
    (m,) = result.unknowns
    assert m.tag == "Takebacks" and m.withheld == ("forfeit",) and "hand 2" in m.message_en
    assert result.levels_final == (None, None)
    # E–W forfeit under one reading; under the other the record ends with N–S higher: N–S win under every one
    assert result.winner == 0 and decide_match(result) == (0, "every reading")


def test_a_later_known_take_back_can_make_the_readings_differ():
    """Hand 1's take-back may be E–W's; two more by E–W in hand 2 bring them to 3 only if it was."""
    result = _replay(_head() + _hand(1, "N", "?") + _hand(2, "S", "E W", extra='[Level "5"]\n'))
    assert [d.value for d in _facts(result.hands[0], "forfeit")] == ["none"]
    (m,) = result.unknowns
    assert m.tag == "Takebacks" and "hand 1" in m.message_en and "第1局" in m.message_zh
    assert not result.forfeit_known
    assert result.winner == 0 and decide_match(result) == (0, "every reading")    # N–S under every reading


def test_replay_hand_alone_reads_the_levels_and_leaves_the_forfeit_to_the_match():
    (match,), _ = parse_tgn(_head("NS:2 EW:2") + _hand(1, "N", "?"))
    h = replay_hand(match.hands[0], PRESETS["tournament"], (2, 2))
    assert h.levels_after == (None, 2)
    (u,) = [u for u in h.unknowns if u.tag == "Takebacks"]
    assert u.withheld == ("levels",)


def test_friend_mode_counts_a_question_mark_as_one_take_back():
    """Friend mode keeps one count for the match (docs/rules.md §10.1): a ``?`` is one take-back there,
    whoever took it — three of them reach the count (the forfeit not known, as for any three), one does
    not (before: the count was lost at the first ``?``)."""
    head = _head(extra='[Rule:friend "on"]\n')
    friend = '[Friend "SA"]\n'
    one = _replay(head + _hand(1, "N", "?", extra=friend))
    assert one.forfeit_known and not one.unknowns
    three = _replay(head + _hand(1, "N", "? ? ?", extra=friend))
    assert [u.tag for u in three.unknowns] == ["friend"]

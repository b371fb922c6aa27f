"""A copy the decks lack, every copy played: no verdict rests on any of them being held (docs/rules.md §1.6;
engine/extra_copies.py ``every_place``).

Two decks: S's line and the bottom give ♦5 (the dealer W plays the bottom's in trick 9, S its own in trick 3);
E's line is written with a third ♦5 in place of its ♠5, and E plays it in trick 15 where it played ♠5.  One of the
three is miscopied, the record does not say which.  Before, E was faulted ``follow_suit`` in trick 5 ("still held
diamonds", ♦5 being its only one) — a ruling on a card E may never have held.  Now the hand is judged once
without each place's copy and only what every reading gives is kept: that fault is withheld, an unknown (tag
``deal``) names the lines, the bottom and the card; a fault resting on no ♦5 (S's in trick 13) stands; the pack's
``deal_mismatch`` stays the record's finding; the play of a copy a reading takes out (its ``not_in_hand``) is
never reported.  The same with one deck (a record built here).  The tests marked so fail on the code before.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from record_builders import N, _chain, _deal, _play_out, _text
from tractor_analysis.cli.main import main
from tractor_analysis.engine.extra_copies import extra_copies
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import PRETTY, parse_cards
from tractor_analysis.records.rulesets import build_ruleset

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
E_, S_ = 1, 2


def _edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


LINE_E = "E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA"
# E's ♠5 written ♦5 in its line and in trick 15 (both worth 5: the points are the same)
THIRD_D5 = _edit(HAND_1, (LINE_E, LINE_E.replace("S6 S5", "S6 D5")),
                 ("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: D9, E: D5, S: D9"))
# …and S, holding ♥4 ♥6 ♥Q, plays ♦9 to E's ♥8 lead in trick 13 (♥4 in trick 15 instead): a fault on no ♦5
CONTROL = _edit(THIRD_D5, ("13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: D9, W: C4, N: C5"),
                ("15. W: H2, N: D9, E: D5, S: D9", "15. W: H2, N: D9, E: D5, S: H4"))
# the same fault of S with no copy too many: an ordinary hand
ORDINARY = _edit(HAND_1, ("13. E: H8, S: H4, W: C4, N: C5", "13. E: H8, S: D9, W: C4, N: C5"),
                 ("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: D9, E: S5, S: H4"))


def _hand(text: str, reader_says: int = 2):
    (match,), problems = parse_tgn(text)
    assert [p.code for p in problems] == ["too_many_copies"] * reader_says
    return replay_match(match).hands[0]


def _follows(h) -> list[tuple[int, int]]:
    return [(v.trick, v.seat) for v in h.violations if v.code == "follow_suit"]


def test_a_follow_fault_resting_on_a_copy_that_may_be_the_miscopied_one_is_withheld():     # fails before
    h = _hand(THIRD_D5)
    assert _follows(h) == []                    # before: E in trick 5
    assert "not_in_hand" not in [v.code for v in h.violations]      # a reading's, never reported
    (mismatch,) = h.violations
    assert mismatch.code == "deal_mismatch" and mismatch.seat is None and mismatch.of_record
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert "legality" in u.withheld and not h.legality_known
    for en in ("♦5 in E's deal line (played in trick 15)", "♦5 in S's deal line (played in trick 3)",
               "♦5 in the Bottom line"):
        assert en in u.message_en
    for zh in ("东家的发牌行中的 ♦5（第 15 轮打出）", "南家的发牌行中的 ♦5（第 3 轮打出）", "底牌中的 ♦5"):
        assert zh in u.message_zh
    # nothing else rests on which copy it is: the points, the outcome, the levels stand
    assert h.attackers_total == 60 and h.outcome is not None and h.outcome.levels == 1


def test_a_fault_resting_on_no_such_copy_is_ruled_before_and_after():         # fails before (trick 5)
    h = _hand(CONTROL)
    assert _follows(h) == [(13, S_)]
    (v,) = [v for v in h.violations if v.code == "follow_suit"]
    assert v.better and not v.of_record        # its owed play the same in every reading
    ordinary = _hand(ORDINARY, 0)
    assert _follows(ordinary) == [(13, S_)] and not ordinary.unknowns      # (an ordinary hand: nothing read twice)
    (match,), _ = parse_tgn(ORDINARY)
    assert extra_copies(match.hands[0], ordinary) == ()


def test_check_json_keeps_its_shape_and_adds_the_unknown(tmp_path):            # fails before
    runner = CliRunner()
    docs = {}
    for name, text in (("control", CONTROL), ("ordinary", ORDINARY)):
        path = tmp_path / f"{name}.tgn"
        path.write_text(text, encoding="utf-8")
        docs[name] = json.loads(runner.invoke(main, ["check", "--json", str(path)]).output)
    (hand,) = docs["control"]["files"][0]["hands"]
    (plain,) = docs["ordinary"]["files"][0]["hands"]
    assert set(hand) == set(plain) | {"unknown"}
    assert [(v["trick"], v["seat"], v["code"]) for v in hand["violations"]] == [
        (None, None, "deal_mismatch"), (13, "S", "follow_suit")]
    assert all(set(v) <= set(hand["violations"][0]) | set(plain["violations"][0]) for v in hand["violations"])
    (u,) = hand["unknown"]
    assert u["tag"] == "deal" and "legality" in u["withheld"]
    assert [e["code"] for e in docs["control"]["files"][0]["errors"]] == ["too_many_copies"] * 2


def _one_deck():
    """One deck, N deals (♥2), played out in singles (record_builders).  The first trick led in a plain suit
    that E cannot follow, and a later one where E discards a plain card Y on another suit: E's line and that
    play written with X — a card of the first trick's suit that another seat's line gives and plays — for Y.
    E then "still held" X in the first trick; the decks hold one X."""
    rules = build_ruleset("one-deck", ())[0]
    group = hand_context(rules, 2, 1).order.group
    for seed in range(1, 40):
        deal, bottom = _deal(1, {"N": "H2"}, seed=seed)
        (bury,), start = _chain(deal, bottom, 2, N, [], keep=0)
        tricks = _play_out(rules, 2, 1, start, N)
        trump = group[parse_cards("H2")[0]]
        played = [dict(t) for t in tricks]
        led = [group[t[0][1][0]] for t in tricks]
        for t, trick in enumerate(tricks):
            if led[t] == trump or trick[0][0] == E_ or group[played[t][E_][0]] == led[t]:
                continue
            for u in range(t + 1, len(tricks)):
                (y,) = played[u][E_]
                if (tricks[u][0][0] == E_ or led[u] in (led[t], group[y]) or group[y] == trump
                        or y not in deal[E_]):
                    continue
                xs = [k for s in (2, 3) for k in deal[s] if group[k] == led[t]]
                if not xs:
                    continue
                x = xs[0]
                deal[E_][deal[E_].index(y)] = x
                tricks[u] = [(s, (x,) if s == E_ else c) for s, c in tricks[u]]
                return _text(deal, bottom, bury, tricks, ruleset="one-deck"), t + 1, x
    raise AssertionError("no seed gives such a hand")


def test_one_deck_the_same():                                                   # fails before
    text, first, x = _one_deck()
    h = _hand(text)
    assert (first, E_) not in _follows(h)       # before: E "still held" the doubtful copy
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    assert f"{PRETTY[x]} in E's deal line" in u.message_en and "1 deck hold" in u.message_en
    assert "not_in_hand" not in [v.code for v in h.violations]
    # read twice: E's copy as the card the deck lacks (E's Y), and the other seat's (which plays it too) — each with
    # its play (s18o: a copy too many where the pack lacks a card is that card, miscopied, engine/extra_copies.py)
    (match,), _ = parse_tgn(text)
    (other,) = [s for s in (2, 3) if x in match.hands[0].deal[s]]
    ways = extra_copies(match.hands[0], h)
    assert [tuple(item[:3]) for w in ways for item in w] == [(E_, x, 1), (other, x, 1)]
    assert len({item[3] for w in ways for item in w}) == 1 and all(len(item[4]) == 1 for w in ways for item in w)


def test_every_place_reads_the_lines_and_the_bottom_and_past_the_cap_once_per_place():                  # new
    from tractor_analysis.engine.extra_copies import BOTTOM, MAX_READINGS, every_place
    (match,), _ = parse_tgn(THIRD_D5)
    hand = match.hands[0]
    d5, = parse_cards("D5")
    lines = [[line.count(k) for k in range(54)] for line in hand.deal]
    assert every_place(hand, [(d5, 1)], lines) == (((E_, d5, 1),), ((S_, d5, 1),), ((BOTTOM, d5, 1),))
    # two copies too many of one kind: every two of the three places (3 ways)
    assert every_place(hand, [(d5, 2)], lines) == (((E_, d5, 1), (S_, d5, 1)), ((E_, d5, 1), (BOTTOM, d5, 1)),
                                                   ((S_, d5, 1), (BOTTOM, d5, 1)))
    # two kinds each in three places: 9 combinations, past MAX_READINGS — once per place instead
    s9, = parse_cards("S9")
    lines[0][s9] += 1           # (N's line given a ♠9 as well: ♠9 in N's, E's and S's lines)
    ways = every_place(hand, [(d5, 1), (s9, 1)], lines)
    assert 9 > MAX_READINGS and ways == (((0, s9, 1),), ((E_, d5, 1), (E_, s9, 1)), ((S_, d5, 1), (S_, s9, 1)),
                                         ((BOTTOM, d5, 1),))

"""A record ending inside its hand's last trick, every play it leaves out forced: the bottom's multiplier is the
lead's whatever the lead (docs/rules.md §7.2, §7.4) — and the words and columns of a match whose record stops
inside its last hand (docs/rules.md §8.5).

1. A referee tester's record (a position) ends ``22. N: H9 H9, E: C3 C4``, the last trick: S and W hold just the
   two cards of their plays.  The engine derived N's win and withheld the points "at a multiplier the trick's plays
   decide", though a pair lead fixes it (×4 under pair_doubling): the total 300 is the cards', derived (saying from
   what), and ``[Claim "300"]`` is checked.  Every ``bottom_multiplier`` option gives the total the trick played
   out gives.  One helper (``claimed_end.last_trick_multiplier``) reckons the last trick's multiplier everywhere.
2. Under ``[Rule:stopped_hand "void"]`` a level carried into the stopped hand as a range (take-backs given as ``?``)
   was dropped (``?``): kept, the match decided where the range decides it.  The dataset's ``stopped`` column reads
   the engine's answer (``MatchResult.stopped_at``): a record ending inside its last hand's last trick is stopped
   under void, and the standings give their §8.5 note.
3. ``tractor check``'s match line said "higher level when the record ends" for a match decided by every reading of
   a stopped hand: it now says so.
"""
from __future__ import annotations

import dataclasses
import json
import sys

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn
from tractor_analysis.records.rulesets import BottomMultiplier
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match

from event_helpers import run_cli
from test_stopped_last_hand_s18n import AGREE, _cut
from test_takebacks_s7 import _hand, _head

PAIR_STOPPED = """[Event "Club night"]
[North "A"]
[East "B"]
[South "C"]
[West "D"]
[Ruleset "tournament"]
[Levels "NS:2 EW:2"]
{rule}
[Hand "1"]
[Dealer "{dealer}"]
[Trump "S"]
[Level "2"]
[SetUp "1"]
[Points "40"]
[FirstTrick "22"]
{claim}N: {n}
E: {e}
S: {s}
W: {w}
Buried: SK SK S10 S10 S5 S5 D5 D10
22. {trick}
"""
"""The referee tester's position (v10e; v10f with ``[Claim "300"]``): the bottom holds 65."""

PAIR = dict(n="H9 H9", e="C3 C4", s="D3 D4", w="H3 H4")
TRACTOR = dict(n="H9 H9 H10 H10", e="C3 C4 C6 C7", s="D3 D4 D6 D7", w="H3 H4 H6 H7")
SINGLE = dict(n="H9", e="C3", s="D3", w="H3")


def _text(cards: dict, played: int = 2, dealer: str = "W", claim: int | None = None, rule: str = "") -> str:
    plays = [f"{s}: {cards[s.lower()]}" for s in "NESW"]
    return PAIR_STOPPED.format(rule=rule, dealer=dealer, claim=f'[Claim "{claim}"]\n' if claim is not None else "",
                               trick=", ".join(plays[:played]), **cards)


def _hand_result(text: str):
    (m,), errors = parse_tgn(text)
    assert not errors
    return replay_match(m).hands[0]


def test_the_testers_pair_led_last_trick_gives_the_total_and_checks_the_claim():
    h = _hand_result(_text(PAIR))
    assert (h.attackers_total, h.bottom_multiplier, h.bottom_bonus) == (300, 4, 260)
    assert not [u for u in h.unknowns if "points" in u.withheld]        # before: withheld, "the plays decide"
    (d,) = [d for d in h.derived if d.fact == "attackers_total"]
    assert d.value == "300" and "×4" in d.message_en and "4 倍" in d.message_zh and "trick 22" in d.message_en
    assert h.outcome is None            # a position the record stops inside: its total, no result (as before)
    assert _hand_result(_text(PAIR, claim=300)).claim_matches is True
    h = _hand_result(_text(PAIR, claim=170))
    assert h.claim_matches is False and [v.code for v in h.violations] == ["claim_mismatch"]


def test_the_testers_records_in_check_text(tmp_path):
    path = tmp_path / "v10f.tgn"
    path.write_text(_text(PAIR, claim=300), encoding="utf-8")
    out = run_cli("check", str(path)).stdout
    assert "65×4=260 = 300" in out and "claim 记录 300 ✓" in out
    assert "at a multiplier the trick's plays decide" not in out


def test_every_bottom_multiplier_option_gives_the_played_out_total():
    # the record ending after N's lead and E's follow gives what the trick played out gives: the multiplier is the
    # lead's under every option (a pair, a tractor of two pairs, a single), the attackers (N–S) taking it
    seen = {}
    for option in BottomMultiplier:
        rule = f'[Rule:bottom_multiplier "{option.value}"]\n'
        for name, cards in (("pair", PAIR), ("tractor", TRACTOR), ("single", SINGLE)):
            whole = _hand_result(_text(cards, played=4, rule=rule))
            assert whole.complete and whole.bottom_multiplier >= 1, (option, name)
            for played in (1, 2, 3):
                h = _hand_result(_text(cards, played=played, rule=rule))
                assert not h.complete, (option, name, played)
                assert (h.attackers_total, h.bottom_multiplier) == (whole.attackers_total, whole.bottom_multiplier), (
                    option, name, played)
                assert h.bottom_decided and _hand_result(
                    _text(cards, played=played, rule=rule, claim=whole.attackers_total)).claim_matches is True
            seen[option.value, name] = whole.bottom_multiplier
    assert seen["pair_doubling", "pair"] == 4 and seen["pair_doubling", "tractor"] == 8
    assert seen["size_power", "tractor"] == 16 and seen["flat", "tractor"] == 2
    assert seen["last_trick_cards", "tractor"] == 8 and seen["lead_size", "pair"] == 2


def test_the_defenders_taking_the_last_trick_give_no_bottom():
    # E–W's dealer N: E–W attack, N–S defend and take the pair-led trick — no bottom, the total is the points so far
    h = _hand_result(_text(PAIR, dealer="N", claim=40))
    assert (h.attackers_total, h.bottom_bonus, h.claim_matches) == (40, 0, True)


def test_one_helper_reckons_the_last_tricks_multiplier():
    from tractor_analysis.engine.claimed_end import SINGLE as ONE, last_trick_multiplier
    from tractor_analysis.engine.scoring import bottom_multiplier
    from tractor_analysis.records.rulesets import build_ruleset

    for option in BottomMultiplier:
        rules, _ = build_ruleset("standard", [("bottom_multiplier", option.value)])
        assert last_trick_multiplier(rules, ONE) == bottom_multiplier(rules, (1, 1), ((1, 1),))
        assert last_trick_multiplier(rules, ((2, 2),)) == bottom_multiplier(rules, (2, 2), ((2, 2),))
        assert last_trick_multiplier(rules, ()) == bottom_multiplier(rules, (1, 1), ())
    assert "bottom_multiplier(" not in _source("tractor_analysis.engine.recorded_hand")


def _source(module: str) -> str:
    __import__(module)
    with open(sys.modules[module].__file__, encoding="utf-8") as f:
        return f.read()


def _full_hand_lead_of_more_cards():
    """A simulated match's full hand whose last trick is led by more than one card (a throw, in the seeds searched)
    and taken by the attackers, alone in a match (no claim)."""
    for seed in range(1, 40):
        m = simulate_match(seed, max_hands=8)
        for h in m.hands:
            if len(h.tricks[-1].plays[0].cards) < 2:
                continue
            one = dataclasses.replace(m, hands=(dataclasses.replace(h, claim=None),))
            whole = replay_match(one).hands[0]
            if whole.complete and whole.bottom_bonus:
                return one
    raise AssertionError("no simulated hand ends with a lead of more cards the attackers take")


def _rules(m, option: BottomMultiplier):
    return dataclasses.replace(m, rules=tuple(m.rules) + (("bottom_multiplier", option.value),))


def test_a_full_hand_ending_after_a_lead_of_more_cards_has_the_cards_result_under_every_option():
    one = _full_hand_lead_of_more_cards()
    h0 = one.hands[0]
    last = h0.tricks[-1]
    for option in BottomMultiplier:
        whole = replay_match(_rules(one, option)).hands[0]
        for kept in (1, 2, 3):
            cut = dataclasses.replace(one, hands=(dataclasses.replace(h0, tricks=h0.tricks[:-1] + (
                dataclasses.replace(last, plays=last.plays[:kept]),)),))
            h = replay_match(_rules(cut, option)).hands[0]
            assert (h.attackers_total, h.bottom_multiplier, h.outcome) == (
                whole.attackers_total, whole.bottom_multiplier, whole.outcome), (option, kept)
            (d,) = [d for d in h.derived if d.fact == "outcome"]
            assert d.value == str(whole.attackers_total) and f"×{whole.bottom_multiplier}" in d.message_en


# --- 2. under void: the carried range kept; the dataset's stopped column ---------------------------------------

VOID = '[Rule:stopped_hand "void"]\n'


def _cut_trick(text: str) -> str:
    """``text`` whose last hand's one trick stops after two plays."""
    head, _, tail = text.rpartition("\n1. ")
    return head + "\n1. " + ", ".join(tail.strip().split(", ")[:2]) + "\n"


def test_under_void_a_level_carried_in_as_a_range_is_kept(tmp_path):
    # hand 1's "?" take-back leaves N–S 4 or 5; hand 2 (no [Level]) stops inside: void, its levels are the final
    # ones — N–S 4..5 (before: ?, and the match not decided), E–W 2: N–S win under either
    text = _head("NS:2 EW:2", extra=VOID) + _hand(1, "N", "?") + _cut_trick(_hand(2, "S"))
    (m,), _ = parse_tgn(text)
    r = replay_match(m)
    assert r.stopped_at == 1 and r.levels_final == (None, 2) and r.levels_final_span == ((4, 5), None)
    assert (r.winner, r.decided_by) == (0, "levels")
    (d,) = r.derived
    assert "4..5 : 2" in d.message_en and "4..5 : 2" in d.message_zh
    path = tmp_path / "void.tgn"
    path.write_text(text, encoding="utf-8")
    # (exit 3: hand 2's level not known, its plays not judged)
    (jm,) = json.loads(run_cli("check", str(path), "--json", code=3).stdout)["files"][0]["matches"]
    assert jm["levels_final_span"] == {"NS": ["4", "5"], "EW": None} and jm["winner"] == "NS"
    (line,) = [x for x in run_cli("check", str(path), code=3).stdout.splitlines() if "final levels 终局级别" in x]
    assert "4..5 : 2" in line and "§10.2" in line and "§8.5" not in line     # the range is the take-backs'


def _void_last_trick():
    """A standard match with decide_by_levels and stopped_hand void whose record ends in its last hand's last
    trick after the lead (the plays left out forced)."""
    m = simulate_match(3, max_hands=5)
    h = m.hands[-1]
    last = h.tricks[-1]
    cut = dataclasses.replace(h, claim=None, tricks=h.tricks[:-1] + (dataclasses.replace(last, plays=last.plays[:1]),))
    rules = tuple(m.rules) + (("decide_by_levels", "on"), ("stopped_hand", "void"))
    return dataclasses.replace(m, hands=m.hands[:-1] + (cut,), rules=rules, event="Void Cup", round="1",
                               teams=("Gamma", "Delta"))


def test_the_datasets_stopped_column_reads_the_engines_answer(tmp_path):
    m = _void_last_trick()
    r = replay_match(m)
    assert r.stopped_at == len(r.hands) - 1
    rec = tmp_path / "rec"
    rec.mkdir()
    (rec / "void.tgn").write_text(format_tgn(m), encoding="utf-8")
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    from tractor_analysis.dataset import load

    ds = load(str(tmp_path / "ds"))
    hands = ds.hands.sort_values("hand_no")
    assert list(hands["stopped"]) == [False] * (len(r.hands) - 1) + [True]      # before: all False
    for source in (str(rec), str(tmp_path / "ds")):        # the standings' §8.5 note, from records and the dataset
        out = run_cli("standings", source).output
        assert f"the record ends inside hand {r.hands[-1].number}" in out and "§8.5" in out, source


# --- 3. the match line of a match decided by every reading of a stopped hand --------------------------------

def test_the_match_line_says_every_reading_of_the_stopped_hand_decides(tmp_path):
    path = tmp_path / "agree.tgn"
    path.write_text(format_tgn(_cut(*AGREE)), encoding="utf-8")
    (line,) = [x for x in run_cli("check", str(path)).stdout.splitlines() if "match 比赛  NS won the match" in x]
    assert "higher level when the record ends" not in line and "记录结束时级数高" not in line      # before
    assert "under every reading of hand 2" in line and "按中止计还是按打完计" in line and "§8.5" in line

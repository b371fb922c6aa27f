"""A record that ends in the middle of a trick (docs/rules.md §4.1 and §14.1; engine/unfinished.py).

A referee often stops writing at the disputed play, and a platform's log can be cut off: the
hand's last recorded trick then holds fewer than four plays, the missing seats being the last in
turn.  Nothing says they did not play, so their absence is no ``out_of_turn``; the trick's winner
and points are derived from the legal plays they hold, or unknown (and the attackers' points
withheld when their share rests on them) — never judged from the plays recorded alone.  Each
record below fails on the code before (it gave ``out_of_turn`` "S did not play in this trick",
the trick to the best play recorded, and its points to that side).

The position: trump ♠, level 7, N deals (N–S defend).  W leads; S holds ♥A ♥10.
"""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.legal import legal_follows
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import POINTS
from tractor_analysis.simulate import simulate

SAMPLE = Path(__file__).resolve().parent.parent / "sample_logs" / "disputed-trick.tgn"
HEAD = SAMPLE.read_text(encoding="utf-8").split("\n20. ")[0].rstrip("\n") + "\n"
"""The referee's disputed position (sample_logs/), its tags, deal lines and appeal, without trick 20."""

S_COULD_WIN = HEAD + "20. W: HK, N: H9, E: H5\n"          # S may play ♥A (wins, 0) or ♥10 (loses, 10)
S_CANNOT_WIN = HEAD + "20. W: HQ HQ, N: H9 H3, E: H5 H2\n"  # a pair lead: S must play ♥A ♥10, no pair
S_COULD_WIN_AND_N_REVOKED = HEAD + "20. W: HK, N: C4, E: H5\n"

SMALL = """[Event "t"]
[Hand "1"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "20"]
[FirstTrick "24"]
N: {n}
E: {e}
S: {s}
W: {w}
{trick}
"""


def hand_of(text: str):
    (match,), diags = parse_tgn(text)
    assert not diags, diags
    return replay_match(match).hands[0]


def codes(h) -> list[str]:
    return [v.code for v in h.violations]


def check_json(tmp_path, text: str) -> dict:
    path = tmp_path / "record.tgn"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    return json.loads(r.output)["files"][0]["hands"][0]


def test_a_missing_play_that_could_win_leaves_the_winner_and_points_unknown(tmp_path):
    h = hand_of(S_COULD_WIN)
    assert "out_of_turn" not in codes(h)           # before: "S did not play in this trick"
    assert h.tricks[-1].winner is None             # before: W, the best play recorded
    assert h.attackers_points is None and h.attackers_total is None     # before: 65 + 15 = 80
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert set(u.withheld) == {"trick_winner", "trick_points", "points"}
    assert "trick 20 before S played" in u.message_en and "第 20 轮南家出牌之前结束" in u.message_zh
    assert h.unfinished.missing == (2,) and h.unfinished.points is None and h.unfinished.possible == {2, 3}
    doc = check_json(tmp_path, S_COULD_WIN)
    assert doc["tricks"][-1] == {"number": 20, "leader": "W", "winner": None, "points": None}
    assert doc["unfinished"] == {"trick": 20, "missing": ["S"]}
    assert doc["attackers_points"] is None and doc["violations"] == []


def test_a_missing_play_that_cannot_change_the_winner_derives_it_and_its_points():
    h = hand_of(S_CANNOT_WIN)
    assert codes(h) == ["follow_pair"]             # N's broken pair stands; S's absence is no violation
    assert h.tricks[-1].winner == 3                # W: S holds no heart pair, no trump pair
    assert h.tricks[-1].points == 15               # 5 recorded + S's forced ♥A ♥10
    assert h.attackers_points == 80
    derived = {d.fact: d.value for d in h.derived}
    assert derived["trick_winner"] == "W" and derived["trick_points"] == "15"
    assert not [u for u in h.unknowns if u.tag == "play"]


def test_a_missing_seat_forced_to_win_is_the_derived_winner():
    # S must follow ♥ with its only heart, ♥A: it wins whatever; N–S (defenders) take 5 points
    h = hand_of(SMALL.format(n="H3 C4", e="H4 C5", s="HA C6", w="H5 C8", trick="24. W: H5, N: H3, E: H4"))
    assert h.tricks[-1].winner == 2 and h.tricks[-1].points == 5
    assert h.attackers_points == 20                # the trick is the defenders': nothing withheld
    assert "whatever legal play S makes, S wins it" in next(d.message_en for d in h.derived if d.fact == "trick_winner")


def test_a_winner_left_open_between_two_defenders_withholds_no_points():
    # N (defender) leads ♥K; S (defender) may beat it with ♥A or not; W cannot: the defenders take it
    h = hand_of(SMALL.format(n="HK C4", e="H3 C5", s="HA H4", w="H5 C8", trick="24. N: HK, E: H3"))
    assert h.tricks[-1].winner is None
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert u.withheld == ("trick_winner",)
    assert h.attackers_points == 20 and h.tricks[-1].points == 15     # S's hearts 0 either way, W's ♥5 forced


def test_a_missing_play_inside_the_record_is_derived_not_out_of_turn():
    # E's play is missing from a trick the record goes past: not "E did not play" (record_gaps.py);
    # E's one heart, H4, is its only legal play, and E plays C5 after: E played H4
    text = SMALL.format(n="H3 C4", e="H4 C5", s="HA C6", w="H5 C8",
                        trick="24. W: H5, N: H3, E: H4\n25. S: C6, W: C8, N: C4, E: C5")
    h = hand_of(text.replace("24. W: H5, N: H3, E: H4", "24. W: H5, N: H3, S: HA"))
    assert "out_of_turn" not in codes(h)
    assert [d.value for d in h.derived if d.fact == "play"] == ["24: E H4"]
    assert h.tricks[0].winner == 2 and [p.seat for p in h.tricks[0].plays] == [3, 0, 2]


def test_the_ruling_shows_the_winner_open_and_no_page_for_the_missing_play(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(S_COULD_WIN_AND_N_REVOKED, encoding="utf-8")
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert "follow_suit" in page and "out_of_turn" not in page and "did not play" not in page
    assert "未知 not known" in page and "≥ 15" in page
    assert "the record ends before S played" in page and "记录在南家出牌之前结束" in page


def test_replay_text_and_the_hand_page_say_the_winner_is_not_known(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(S_COULD_WIN, encoding="utf-8")
    r = CliRunner().invoke(main, ["replay", str(path)], catch_exceptions=False)
    assert "winner 赢家 ? not known 未知 (side not known 哪方未知) · ≥ 15 points" in r.output
    assert "attackers so far 闲家累计 ?" in r.output
    r = CliRunner().invoke(main, ["report", str(path), "-o", str(tmp_path / "rep")], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "rep").glob("*-h*.html"))
    assert "未知 not known" in pages and "≥ 15" in pages and "side not known" in pages


def test_the_dataset_keeps_what_is_open_null(tmp_path):
    duckdb = pytest.importorskip("duckdb")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "r.tgn").write_text(S_COULD_WIN, encoding="utf-8")
    r = CliRunner().invoke(main, ["ingest", str(tmp_path / "in"), "-o", str(tmp_path / "ds")], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    ds = tmp_path / "ds"
    assert duckdb.sql(f"select winner, winner_team, attackers_won, points from read_parquet('{ds}/tricks/*.parquet')"
                      ).fetchall() == [(None, None, None, None)]
    assert duckdb.sql(f"select distinct won from read_parquet('{ds}/plays/*.parquet')").fetchall() == [(None,)]
    assert duckdb.sql(f"select attackers_points from read_parquet('{ds}/hands/*.parquet')").fetchall() == [(None,)]
    assert duckdb.sql(f"select count(*) from read_parquet('{ds}/violations/*.parquet')").fetchall() == [(0,)]


def _cut(hand, tricks: int, plays: int | None):
    """``hand`` with its first ``tricks`` tricks, the last of them cut to its first ``plays`` plays."""
    kept = list(hand.tricks[:tricks])
    if plays is not None:
        kept[-1] = dataclasses.replace(kept[-1], plays=kept[-1].plays[:plays])
    return dataclasses.replace(hand, tricks=tuple(kept))


def test_a_full_deal_whose_record_stops_early_is_incomplete_not_a_deal_mismatch():
    match = next(iter(simulate(1, 5, max_hands=1)))
    hand = match.hands[0]
    for plays in (None, 1, 2, 3):
        cut = dataclasses.replace(match, hands=(_cut(hand, 12, plays),))
        h = replay_match(cut).hands[0]
        assert "deal_mismatch" not in codes(h) and "out_of_turn" not in codes(h), (plays, codes(h))
        assert not h.complete
        # stopped between tricks with the simulation's [Claim]: the claim is the result (docs/rules.md §7.4);
        # stopped inside a trick: no outcome
        assert (h.outcome is not None) == (plays is None and h.claim is not None) == h.scored_by_claim
    # a play missing inside the record too: not out_of_turn (record_gaps.py); the hand is judged for
    # each legal way the seat could have played, and the ways its later plays rule out are dropped
    inner = _cut(hand, 12, None)
    t3 = inner.tricks[3]
    inner = dataclasses.replace(inner, tricks=inner.tricks[:3] + (dataclasses.replace(t3, plays=t3.plays[:3]),)
                                + inner.tricks[4:])
    h = replay_match(dataclasses.replace(match, hands=(inner,))).hands[0]
    assert "out_of_turn" not in codes(h) and "deal_mismatch" not in codes(h)
    assert [p.seat for p in h.tricks[3].plays] == [p.seat for p in t3.plays[:3]]
    assert any(d.fact == "play" for d in h.derived) or any(u.tag == "play" for u in h.unknowns)


def test_what_is_derived_is_what_every_legal_completion_gives():
    """Soundness, on simulated hands cut at random plays: a derived winner or points holds for every
    way the missing seats could legally complete the trick (all of them, or 300 drawn), the
    recorded game's own completion among them."""
    rng = random.Random(20261204)
    derived = checked = 0
    for seed in range(1, 9):
        match = next(iter(simulate(1, seed, max_hands=3)))
        for hand in match.hands:
            full = replay_match(dataclasses.replace(match, hands=(hand,))).hands[0]
            for _ in range(4):
                k = rng.randrange(1, len(hand.tricks) + 1)
                n = rng.randint(1, 3)
                h = replay_match(dataclasses.replace(match, hands=(_cut(hand, k, n),))).hands[0]
                u = h.unfinished
                assert u is not None and u.trick == hand.tricks[k - 1].number
                real = full.tricks[k - 1]
                if u.winner is not None:
                    assert u.winner == real.winner
                if u.points is not None:
                    assert u.points == real.points
                derived += (u.winner is not None) + (u.points is not None)
                checked += _completions_agree(h, hand.tricks[k - 1], u, rng)
    assert derived >= 20 and checked >= 20, (derived, checked)


def _completions_agree(h, trick, u, rng) -> int:
    """Judge the cut trick completed by the missing seats' legal plays (each seat's drawn at random
    when many); every completion's winner / points must equal what was derived.  Returns how many
    completions were judged."""
    from tractor_analysis.engine.tricks import judge_trick_python
    from tractor_analysis.records.model import Play

    if u.winner is None and u.points is None:
        return 0
    ctx = hand_context(h.rules, h.level, h.trump)
    start = [list(c) for c in h.tricks[-1].hands_before]
    recorded = trick.plays[:4 - len(u.missing)]
    lead = tuple(recorded[0].cards)
    options = [list(legal_follows(ctx, lead, start[s])) for s in u.missing]
    judged = 0
    for _ in range(30):
        picks = [rng.choice(o) for o in options]
        plays = tuple(recorded) + tuple(Play(s, tuple(f)) for s, f in zip(u.missing, picks))
        done = judge_trick_python(ctx, dataclasses.replace(trick, plays=plays), [list(x) for x in start], None)
        if u.winner is not None:
            assert done.winner == u.winner
        if u.points is not None:
            assert done.points == u.points == sum(POINTS[c] for p in plays for c in p.cards)
        judged += 1
    return judged


@pytest.mark.parametrize("trick", ["20. W: HK C8, N: H9 H3", "20. W: SA", "20. W: HQ HQ HK",
                                   "20. W: HK HQ HQ -> HQ HQ, N: H9 H9"])
def test_after_a_lead_the_rules_do_not_define_nothing_is_derived(trick):
    # a mixed lead, a card not held, a throw written as if it stood, a wrong forced play: what the
    # missing seats could legally play to it is not defined, so neither winner nor points are derived
    h = hand_of(HEAD + trick + "\n")
    assert h.unfinished is not None and h.unfinished.winner is None and h.unfinished.points is None
    assert h.tricks[-1].winner is None and h.attackers_points is None
    assert not [d for d in h.derived if d.fact.startswith("trick_")]
    assert "out_of_turn" not in codes(h)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 100_000), where=st.floats(0, 1, exclude_max=True), plays=st.integers(1, 3),
       preset=st.sampled_from(["standard", "tournament", "botzone", "80fen", "one-deck", "three-deck", "ourgame"]))
def test_a_derived_winner_or_points_is_the_real_games(seed, where, plays, preset):
    """Any simulated hand under any preset, its record cut in the middle of any trick: what is
    derived of that trick is what the game really gave, and no seat after the cut is blamed."""
    match = next(iter(simulate(1, seed, preset=preset, max_hands=1)))
    hand = match.hands[0]
    k = 1 + int(where * len(hand.tricks))
    full = replay_match(match).hands[0]
    h = replay_match(dataclasses.replace(match, hands=(_cut(hand, k, plays),))).hands[0]
    u = h.unfinished
    assert u is not None and not [v for v in h.violations if v.trick == u.trick and v.seat in u.missing]
    real = full.tricks[k - 1]
    assert u.winner is None or u.winner == real.winner
    assert u.points is None or u.points == real.points
    assert u.possible is None or real.winner in u.possible
    if h.attackers_points is not None and full.defenders == h.defenders:
        taken = sum(t.points for t in full.tricks[:k] if t.winner not in full.defenders)
        assert h.attackers_points == taken + (hand.points if hand.setup else 0)


def test_a_judges_early_end_leaves_the_trick_it_stopped_open():
    """Botzone's judge ends a match at an illegal move (``Referee:Error``): the trick it stopped holds
    the plays before it only.  Its winner used to be the best of them (E in the sample's match);
    the seat after them never played, so the winner is open, and nothing else changes."""
    import gzip

    from tractor_analysis.records.botzone_reader import parse_botzone
    from tractor_analysis.records.rulesets import PRESETS

    text = gzip.open(Path(__file__).parent / "data" / "botzone" / "sample.ndjson.gz", "rt", encoding="utf-8").read()
    stopped = []
    for match in parse_botzone(text)[0]:
        h = replay_match(match, PRESETS["botzone"]).hands[0]
        if h.unfinished is not None:
            stopped.append(h)
    assert len(stopped) == 1
    h = stopped[0]
    assert h.unfinished.trick == 6 and h.unfinished.missing == (0,) and h.tricks[-1].winner is None
    assert h.unfinished.points == 0 and not [v for v in h.violations if v.code == "out_of_turn"]


# --------------------------------------------------------------------------- a seat's deal line left out

def _without_line(text: str, seat: str) -> str:
    return "\n".join(line for line in text.split("\n") if not line.startswith(f"{seat}: ")) + "\n"


def test_a_position_without_a_seats_line_leaves_its_hand_unknown_and_is_never_shown_legal(tmp_path):
    # before: S's hand was silently taken as the cards it played, and the position shown legal ✓
    text = _without_line(HEAD, "S") + "20. W: HQ HQ, N: H9 H9, E: H5 H2, S: HA H10\n"
    (match,), diags = parse_tgn(text)
    assert diags == []                                 # a referee may write only the hands that matter
    h = replay_match(match).hands[0]
    assert h.violations == () and h.legal is None      # S might have held a heart pair: not judged legal
    (u,) = [u for u in h.unknowns if u.tag == "deal"]
    # N, E and W, whose lines are given, still hold 4 cards after trick 20: the hand was not played out, so it has
    # no outcome (as with every line given), not an outcome withheld (session 22: "whether played out is not known")
    assert set(u.withheld) == {"legality"} and h.outcome is None and not h.complete
    assert "none for S" in u.message_en and "不按无牌计" in u.message_zh and "not played out" in u.message_en
    assert h.attackers_points == 80                    # what was played still scores as played
    source, path = tmp_path / "p.tgn", tmp_path / "p.json"
    source.write_text(HEAD + "20. W: HQ HQ, N: H9 H9, E: H5 H2, S: HA H10\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["convert", str(source), "--to", "json", "-o", str(path)])
    assert r.exit_code == 0, r.output
    doc = json.loads(path.read_text(encoding="utf-8"))
    del doc["hands"][0]["deal"]["S"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path), "--json"], catch_exceptions=False)
    out = json.loads(r.output)["files"][0]
    assert out["errors"] == [] and out["hands"][0]["legal"] is None
    assert [u["tag"] for u in out["hands"][0]["unknown"]] == ["deal"]


def test_a_position_without_any_deal_line_is_not_played_out():
    # before: one trick of four singles emptied the "hands" (the plays) and the position was given an
    # outcome, "defenders up 3 levels"
    (match,), _ = parse_tgn('[Hand "1"]\n[SetUp "1"]\n[Trump "H"]\n[Level "2"]\n[Dealer "N"]\n[Points "0"]\n'
                            "1. N: SA, E: S3, S: S4, W: S5\n")
    h = replay_match(match).hands[0]
    assert not h.complete and h.outcome is None and h.legal is None
    assert "whether the hand was played out is not known" in next(u.message_en for u in h.unknowns if u.tag == "deal")


def test_a_fault_the_seats_own_plays_prove_still_stands_without_its_line():
    # S (no line) follows a heart lead with a club, then plays a heart: it held one at trick 24
    text = SMALL.format(n="H3 C4", e="H4 C5", s="", w="H5 C8",
                        trick="24. W: H5, N: H3, E: H4, S: C6\n25. W: C8, N: C4, E: C5, S: HA")
    text = text.replace("S: \n", "")
    (match,), diags = parse_tgn(text)
    assert diags == []
    h = replay_match(match).hands[0]
    assert [v.code for v in h.violations] == ["follow_suit"] and h.violations[0].seat == 2


def test_a_record_ending_before_a_seat_without_its_line_derives_nothing():
    (match,), _ = parse_tgn(_without_line(HEAD, "S") + "20. W: HQ HQ, N: H9 H3, E: H5 H2\n")
    h = replay_match(match).hands[0]
    # with S's line, S's ♥A ♥10 were forced and W's pair won (the derived case above); without it,
    # S's hand is not known: neither winner nor points are derived
    assert h.unfinished.winner is None and h.unfinished.points is None and h.attackers_points is None


def test_a_claim_is_not_checked_against_a_record_that_stops_early(tmp_path):
    """[Claim] is the hand's total; a record that ends before the hand does gives only part of it:
    the claim is neither matched nor contradicted (before: "claim 100 ✓" beside "the record ends
    before the hand does", and claim_matches true in JSON and the dataset)."""
    match = next(iter(simulate(1, 5, max_hands=1)))
    hand = match.hands[0]
    full = replay_match(match).hands[0]
    assert full.claim is not None and full.claim_matches is True
    for cut in (_cut(hand, 12, None), _cut(hand, 12, 2)):
        h = replay_match(dataclasses.replace(match, hands=(cut,))).hands[0]
        assert not h.complete and h.claim == full.claim and h.claim_matches is None
        assert "claim_mismatch" not in codes(h)
    path = tmp_path / "r.tgn"
    from tractor_analysis.records import format_tgn
    path.write_text(format_tgn(dataclasses.replace(match, hands=(_cut(hand, 12, None),))), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False)
    # (the record stops between tricks 12 and 13: the claim is the hand's result, docs/rules.md §7.4)
    assert f"claim 记录 {full.claim} the hand's result, the record ends first" in r.output
    r = CliRunner().invoke(main, ["report", str(path), "-o", str(tmp_path / "rep")], catch_exceptions=False)
    pages = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "rep").glob("*-h*.html"))
    assert "the hand's result: the record ends before the hand does" in pages

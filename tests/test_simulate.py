"""The simulator: complete, legal, deterministic matches; injected violations are exactly what the engine finds."""
from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tractor_analysis.records.cards import NUM_KINDS, RANK_OF, SUIT_OF
from tractor_analysis.records import format_jsonl, parse_jsonl
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import INJECTED, PLAYER_NAMES, simulate, simulate_match, write_matches


def injected_truth(match) -> set[tuple[int, int | None, int, str]]:
    """(hand, trick, seat, code) of every play annotated {injected: CODE}, and (hand, None,
    seat, code) of every hand annotated {injected: CODE SEAT} (a consequence found after the
    last trick)."""
    out = set()
    for h in match.hands:
        for note in h.notes:
            m = re.fullmatch(r"injected: (\w+) ([NESW])", note)
            if m:
                out.add((h.number, None, "NESW".index(m.group(2)), m.group(1)))
        for t in h.tricks:
            for p in t.plays:
                for note in p.notes:
                    m = re.fullmatch(r"injected: (\w+)", note)
                    if m:
                        out.add((h.number, t.number, p.seat, m.group(1)))
    return out


def found(result) -> set[tuple[int, int, int, str]]:
    return {(h.number, v.trick, v.seat, v.code) for h in result.hands for v in h.violations}


def agrees(got: set, truth: set) -> bool:
    """``got`` is the injected ``truth`` — except that a seat made to play a card it does not hold
    (``not_in_hand``, which leaves a card in its hand at the end) has a deal line its plays
    contradict: its follow verdicts may rest on the card left, so they may be withheld
    (docs/rules.md §1.6, engine/deal_lines.py).  Items are ``(…, hand, trick, seat, code)``."""
    shaky_seats = {(*x[:-4], x[-4], x[-2]) for x in truth if x[-1] == "not_in_hand"}
    firm = {x for x in truth if not (x[-1].startswith("follow") and (*x[:-4], x[-4], x[-2]) in shaky_seats)}
    # … and the hand's other faults in a trick may rest on a play of that seat read as miscopied (a lead, a card
    # played beyond its line, any of its plays of such a card): withheld where those readings disagree (§1.6)
    shaky_hands = {(*x[:-4], x[-4]) for x in truth if x[-1] == "not_in_hand"}
    firm = {x for x in firm if not (x[-3] is not None and x[-1] not in ("not_in_hand", "out_of_turn")
                                    and (*x[:-4], x[-4]) in shaky_hands)}
    # a card not held that the seat's own Buried: line buries (it held it: deal + bottom) contradicts the line:
    # the line or the play miscopied, the hand judged both ways (engine/bury_readings.py) — found as that seat's
    # ``bad_bury``, and what only one reading gives (the ``not_in_hand``, the cards left, a verdict resting on
    # the plays of the one reading) withheld: in such a hand nothing is owed, and nothing found may be untrue
    disputed = {x for x in got if x[-1] == "bad_bury" and x[-3] is None and (*x[:-4], x[-4], x[-2]) in shaky_seats}
    firm = {x for x in firm if x[:-3] not in {d[:-3] for d in disputed}}
    # the card not held lies in the bottom: where the dealer's line, the bottom and its plays bear the Buried: line
    # out, the decks place it there, so the play is proven miscopied and read as a card the seat kept (one rule for
    # every proof from the decks, engine/deck_proof.py): that seat's follows are judged on the cards so read, not on
    # the simulator's card (one no seat can hold) — a follow fault of that seat may be found that was not injected
    read = {x for x in got if x[-1].startswith("follow") and (*x[:-4], x[-4], x[-2]) in shaky_seats}
    return firm <= got <= truth | disputed | read


def test_same_seed_gives_the_same_match_and_another_seed_another():
    assert simulate_match(7, 0, max_hands=3) == simulate_match(7, 0, max_hands=3)
    assert simulate_match(7, 0, max_hands=3) != simulate_match(8, 0, max_hands=3)
    assert simulate_match(7, 0, max_hands=3) != simulate_match(7, 1, max_hands=3)


@pytest.mark.parametrize("preset", ["standard", "tournament", "ourgame", "one-deck", "three-deck"])
def test_bots_play_complete_legal_hands_and_claim_the_engine_total(preset):
    rules = PRESETS[preset]
    for i in range(2):
        match = simulate_match(21, i, rules=rules, max_hands=8)
        result = replay_match(match)
        for hand, hr in zip(match.hands, result.hands):
            assert hr.violations == (), (preset, hand.number, [v.message for v in hr.violations])
            assert hr.complete
            assert hr.claim_matches is True
            assert [len(d) for d in hand.deal] == [rules.hand_size] * 4
            assert len(hand.bottom) == len(hand.buried) == rules.bottom_size
            every = [0] * NUM_KINDS
            for cards in list(hand.deal) + [hand.bottom]:
                for k in cards:
                    every[k] += 1
            assert every == [rules.decks] * NUM_KINDS


def test_first_dealer_is_the_first_declarer_and_declarations_show_level_cards():
    for i in range(6):
        match = simulate_match(5, i, max_hands=1)
        hand = match.hands[0]
        if hand.declarations:
            assert hand.dealer == hand.declarations[0].seat
            for d in hand.declarations:
                assert all(k >= 52 or RANK_OF[k] == hand.level for k in d.cards)
                assert all(hand.deal[d.seat].count(k) >= d.cards.count(k) for k in d.cards)


def test_a_match_runs_until_a_team_passes_A_or_the_cap():
    match = simulate_match(1, 0)
    result = replay_match(match)
    assert result.winner is not None or len(match.hands) == 40
    if result.winner is not None:
        assert result.hands[-1].outcome.match_over
    assert len(match.hands) <= 40


def test_players_have_names_some_chinese():
    names = {n for m in simulate(8, 3, max_hands=1) for n in m.players}
    assert names <= set(PLAYER_NAMES)
    assert any(re.search(r"[\u4e00-\u9fff]", n) for n in names)


def test_failed_throws_are_recorded_as_attempted_then_forced():
    throws = [p for i in range(4) for h in simulate_match(2, i, max_hands=10).hands
              for t in h.tricks for p in t.plays if p.attempted is not None]
    assert throws, "the bots never tried a risky throw in 40 hands"
    result_ok = all(len(p.cards) < len(p.attempted) for p in throws)
    assert result_ok


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_injected_violations_are_exactly_what_the_engine_finds(seed):
    match = simulate_match(seed, 0, violation_rate=0.08, max_hands=4)
    truth = injected_truth(match)
    assert agrees(found(replay_match(match)), truth)


def test_violation_rate_zero_injects_nothing_and_a_rate_injects_some():
    assert not injected_truth(simulate_match(4, 0, max_hands=4))
    assert injected_truth(simulate_match(4, 0, violation_rate=0.1, max_hands=4))


def test_simulated_records_round_trip_through_tgn_and_jsonl():
    matches = list(simulate(2, 9, violation_rate=0.05, max_hands=3))
    for m in matches:
        parsed, diags = parse_tgn(format_tgn(m))
        assert diags == [] and parsed == [m]
    parsed, diags = parse_jsonl(format_jsonl(matches))
    assert diags == [] and parsed == matches


def test_write_matches_writes_one_tgn_per_match_or_jsonl_chunks(tmp_path):
    matches = list(simulate(3, 4, max_hands=1))
    tgn = write_matches(matches, str(tmp_path / "t"), "tgn")
    assert [p.rsplit("/", 1)[1] for p in tgn] == ["match-00001.tgn", "match-00002.tgn", "match-00003.tgn"]
    jl = write_matches(matches, str(tmp_path / "j"), "jsonl", per_file=2)
    assert len(jl) == 2 and all(p.endswith(".jsonl") for p in jl)
    with pytest.raises(ValueError, match="unknown format"):
        write_matches(matches, str(tmp_path / "x"), "pgn")


def test_tractor_check_reports_exactly_the_injected_violations(tmp_path):
    import json

    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "-n", "2", "--seed", "13", "--max-hands", "4",
                               "--violation-rate", "0.06", "-o", str(tmp_path / "a"), "-q"])
    assert res.exit_code == 0, res.output
    again = runner.invoke(main, ["simulate", "-n", "2", "--seed", "13", "--max-hands", "4",
                                 "--violation-rate", "0.06", "-o", str(tmp_path / "b"), "-q"])
    assert again.exit_code == 0
    files = sorted((tmp_path / "a").iterdir())
    assert [f.read_bytes() for f in files] == [f.read_bytes() for f in sorted((tmp_path / "b").iterdir())]
    truth = set()
    for f in files:
        (match,), _ = parse_tgn(f.read_text(encoding="utf-8"))
        truth |= {(f.name, *t) for t in injected_truth(match)}
    assert truth
    out = runner.invoke(main, ["check", "--json", *map(str, files)])
    assert out.exit_code == 1
    report = json.loads(out.stdout)
    seats = "NESW"
    got = {(f["path"].rsplit("/", 1)[-1], h["hand"], v["trick"], seats.index(v["seat"]), v["code"])
           for f in report["files"] for h in f["hands"] for v in h["violations"]}
    assert agrees(got, truth)


def friend_rules(preset: str):
    return dataclasses.replace(PRESETS[preset], friend=True, name=preset + "+")


@pytest.mark.parametrize("preset", ["standard", "tournament", "ourgame", "one-deck", "three-deck"])
def test_friend_mode_names_a_card_and_plays_legal_hands_at_each_dealers_own_level(preset):
    rules = friend_rules(preset)
    for i in range(2):
        match = simulate_match(31, i, rules=rules, max_hands=8)
        # friend mode, and the cap deciding a match by the levels (every simulated record says so)
        # (the tournament's preset decides by the levels already)
        assert dict(match.rules) == {"friend": "on", **({} if preset == "tournament" else {"decide_by_levels": "on"})}
        result = replay_match(match)
        carried = (2, 2, 2, 2)
        for hand, hr in zip(match.hands, result.hands):
            assert hr.violations == (), (preset, hand.number, [v.message for v in hr.violations])
            assert hr.complete and hr.claim_matches is True
            assert hand.friend is not None
            # the named card: an ace (a king when aces are the level) of a side suit
            assert SUIT_OF[hand.friend] != hand.trump
            assert RANK_OF[hand.friend] == (13 if hand.level == 14 else 14)
            # the hand is played at the dealer's own level, carried per player
            assert hr.player_levels_before == carried
            assert hand.level == carried[hand.dealer]
            carried = hr.player_levels_after


def test_friend_mode_partners_follow_the_named_card_including_the_dealer_alone():
    sizes = Counter()
    split_levels = False
    for preset, i in [(p, i) for p in ("standard", "one-deck") for i in range(4)]:
        rules = friend_rules(preset)
        match = simulate_match(8, i, rules=rules, max_hands=12)
        result = replay_match(match)
        for hand, hr in zip(match.hands, result.hands):
            dealer = hand.dealer
            deal = list(hand.deal[dealer]) + list(hand.bottom)
            for k in hand.buried:
                deal.remove(k)
            held = deal.count(hand.friend)
            if held >= rules.decks:
                assert hr.defenders == frozenset({dealer})
            else:
                # the first player after the dealer who holds the card (rules.md §11)
                holders = [s for s in ((dealer + j) % 4 for j in (1, 2, 3)) if hand.friend in hand.deal[s]]
                expected = {dealer, holders[0]} if holders else {dealer}
                assert hr.defenders == frozenset(expected)
            sizes[len(hr.defenders)] += 1
            split_levels |= hr.player_levels_after[0] != hr.player_levels_after[2]
    assert sizes[2] and sizes[1], sizes          # partners and 一打三 both occur
    assert split_levels                          # partners of the table no longer share a level


def test_each_injectable_code_is_produced_and_found_exactly():
    produced = {}
    for preset, decks in (("standard", 2), ("three-deck", 3), ("one-deck", 1)):
        seen = Counter()
        for i in range(60):     # until every code was seen (tractor follows are rare)
            match = simulate_match(3, i, rules=PRESETS[preset], violation_rate=1.0, max_hands=3)
            truth = injected_truth(match)
            assert agrees(found(replay_match(match)), truth), preset
            seen.update(code for *_, code in truth)
            if set(INJECTED[decks]) <= set(seen) and (decks != 3 or seen["deal_mismatch"]):
                break
        produced[decks] = seen
    for decks, codes in INJECTED.items():
        assert set(codes) <= set(produced[decks]), (decks, produced[decks])
    # a card not held leaves one more card in that hand: found after the last trick
    assert produced[3]["deal_mismatch"] >= 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(sorted(PRESETS)), friend=st.booleans())
def test_injected_violations_are_exactly_found_in_every_preset_and_friend_mode(seed, preset, friend):
    rules = friend_rules(preset) if friend else PRESETS[preset]
    match = simulate_match(seed, 0, rules=rules, violation_rate=0.1, max_hands=3)
    assert agrees(found(replay_match(match)), injected_truth(match))


def test_inject_breaks_a_held_tractor_when_a_tractor_is_led():
    import random

    from tractor_analysis.records.cards import counts_of, parse_cards
    from tractor_analysis.engine.legal import analyse_lead, check_follow, construct_follow
    from tractor_analysis.simulate import _inject
    from tractor_analysis.engine.tricks import hand_context

    ctx = hand_context(PRESETS["standard"], 2, 1)           # level 2, hearts trump
    lead = analyse_lead(ctx, parse_cards("S5 S5 S6 S6"))
    hand = list(counts_of(parse_cards("S9 S9 S10 S10 S3 S4 SK D7 C8")))
    legal = construct_follow(ctx, lead, hand)
    assert check_follow(ctx, lead, hand, legal) is None
    codes = Counter()
    for seed in range(20):
        got = _inject(random.Random(seed), ctx, lead, hand, legal)
        assert got is not None
        play, code = got
        assert check_follow(ctx, lead, hand, play) == code
        assert all(hand[k] >= play.count(k) for k in play)      # only cards held
        codes[code] += 1
    assert codes["follow_tractor"] >= 10, codes               # the rarer shape is tried first


def test_tractor_check_finds_exactly_the_injected_set_in_three_deck_friend_mode(tmp_path):
    import json

    from click.testing import CliRunner

    from tractor_analysis.cli.main import main

    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "-n", "3", "--seed", "5", "--max-hands", "3",
                               "--rules", "three-deck", "--rule", "friend=on",
                               "--violation-rate", "0.3", "-o", str(tmp_path), "-q"])
    assert res.exit_code == 0, res.output
    truth = set()
    for f in sorted(tmp_path.iterdir()):
        text = f.read_text(encoding="utf-8")
        assert '[Ruleset "three-deck"]' in text and '[Rule:friend "on"]' in text
        (match,), diags = parse_tgn(text)
        assert diags == [] and all(h.friend is not None for h in match.hands)
        truth |= {(f.name, *t) for t in injected_truth(match)}
    assert {code for *_, code in truth} >= {"follow_suit"}
    out = runner.invoke(main, ["check", "--json", *map(str, sorted(tmp_path.iterdir()))])
    assert out.exit_code == 1
    report = json.loads(out.stdout)
    got = {(f["path"].rsplit("/", 1)[-1], h["hand"], v["trick"], "NESW".index(v["seat"]), v["code"])
           for f in report["files"] for h in f["hands"] for v in h["violations"]}
    assert agrees(got, truth)

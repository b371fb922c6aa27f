"""The play owed by a seat whose cards are read from its plays (docs/rules.md §5, §14.1).

The probe: a tournament position without E's deal line; W throws ♥A ♥K ♥3, E follows ♦3 ♦4 ♦5 and plays
♥4 in trick 24.  E held ♥4 in trick 23, so its follow was wrong whatever else it held (the fault stands);
but ``check`` said E "should play ♥4 ♦4 ♦3" — which rests on E holding no other heart.  Had E held ♥5 ♥6
too (the record places them nowhere), it owed three hearts.  The play owed is named only where every
holding the record allows owes the same (the rule §14.1 gives for a play left out): the follow is judged
again with E holding every card the record places nowhere (:mod:`tractor_analysis.engine.owed_plays`).

The tests through ``replay`` / ``check`` fail before the fix (the owed play named from E's plays alone);
the tests of ``owed_at_most`` fail before as its module is new; the controls pass on both.
"""
from __future__ import annotations

import json
import random

from click.testing import CliRunner
from hypothesis import example, given, settings, strategies as st

from engine_helpers import FollowShape, context, follow_case
from tractor_analysis.cli.main import main
from tractor_analysis.engine.legal import analyse_lead, check_follow, choose_follow, construct_follow, legal_leads
from tractor_analysis.engine.outcome import REVOKE_CODES
from tractor_analysis.engine.owed_plays import OWED_CODES, owed_at_most
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context, judge_trick
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import NUM_KINDS, TOKEN, parse_cards
from tractor_analysis.records.model import Play, Trick
from tractor_analysis.records.rulesets import PRESETS

HEAD = """[Event "Club night"]
[North "Ann"]
[East "Bo"]
[South "Cai"]
[West "Dan"]
[Ruleset "{rules}"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "23"]
"""
"""The referee probe's header (p12): N deals, spades trump at 7, 40 points taken before trick 23."""

LINES = ["N: H2 D6 D2 C4", "S: C3 D8 D9 C5", "W: HA HK H3 C6"]
TRICKS = ("23. W: HA HK H3, N: H2 D6 D2, E: D3 D4 D5, S: C3 D8 D9", "24. W: C6, N: C4, E: H4, S: C5")
E = 1


def position(lines=LINES, plays=TRICKS, rules: str = "tournament") -> str:
    return HEAD.format(rules=rules) + "\n".join([*lines, *plays]) + "\n"


def replay(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def follows_of(hand, seat: int = E):
    return [v for v in hand.violations if v.seat == seat and v.code in REVOKE_CODES]


def text(cards) -> list[str]:
    return sorted(TOKEN[k] for k in cards)


# --- the probe --------------------------------------------------------------------------------------

def test_the_play_owed_that_rests_on_e_holding_no_other_heart_is_not_named():
    """Fails before: better ♥4 ♦4 ♦3, "should play ♥4 ♦4 ♦3"."""
    h = replay(position())
    [v] = follows_of(h)
    assert v.code == "follow_suit" and v.trick == 23 and text(v.played) == ["D3", "D4", "D5"]
    assert v.better == ()
    assert "♥4" not in v.message_en and "♥4" not in v.message_zh
    assert "known only from its plays (it may have held more)" in v.message_en
    assert "the play owed depends on it, so it is not named" in v.message_en
    assert "持牌只知其所出的牌（可能还有别的牌）" in v.message_zh and "不予指明" in v.message_zh
    # the fault itself stands: E held ♥4 then (it plays it in trick 24), and it counts as a revoke
    known = replay(position(["N: H2 D6 D2 C4", "E: H4 D3 D4 D5", "S: C3 D8 D9 C5", "W: HA HK H3 C6"]))
    assert any(h.revoke_levels) and h.revoke_levels == known.revoke_levels


def test_check_names_no_play_owed(tmp_path):
    """Fails before: the text says E "should play ♥4 ♦4 ♦3" and the JSON's ``better`` holds those cards."""
    path = tmp_path / "p.tgn"
    path.write_text(position(), encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False).output
    assert "should play ♥4 ♦4 ♦3" not in out and "应出 ♥4 ♦4 ♦3" not in out
    assert "follow_suit" in out and "so it is not named" in out
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output)
    [v] = [v for v in doc["files"][0]["hands"][0]["violations"] if v["code"] == "follow_suit"]
    assert v["better"] == [] and v["seat"] == "E"


def test_the_holdings_the_record_allows_owe_different_plays():
    """Control (the reason): E's line given, E holding ♥4 alone owes ♥4 ♦4 ♦3; holding ♥5 ♥6 too (cards
    the record places nowhere) it owes three hearts — both are holdings the record without E's line allows."""
    alone = replay(position(["N: H2 D6 D2 C4", "E: H4 D3 D4 D5", "S: C3 D8 D9 C5", "W: HA HK H3 C6"]))
    [v] = follows_of(alone)
    assert text(v.better) == ["D3", "D4", "H4"]
    more = replay(position(["N: H2 D6 D2 C4 C7 C7", "E: H4 D3 D4 D5 H5 H6", "S: C3 D8 D9 C5 C8 C8",
                            "W: HA HK H3 C6 C9 C9"]))
    [v] = follows_of(more)
    assert v.code == "follow_suit" and text(v.better) == ["H4", "H5", "H6"]


SINGLE_LINES = ["N: H2 H2", "S: H3 H3", "W: H5 C6"]
SINGLE_TRICKS = ("23. W: H5, N: H2, E: D3, S: H3", "24. W: C6, N: H2, E: H4, S: H3")


def test_a_play_owed_every_holding_allows_is_still_named():
    """Control: W leads ♥5, E discards ♦3 keeping ♥4 (trick 24); both ♥2 and both ♥3 are N's and S's, so
    every holding the record allows owes ♥4 — the lowest heart — and it is named, as before."""
    h = replay(position(SINGLE_LINES, SINGLE_TRICKS))
    [v] = follows_of(h)
    assert v.code == "follow_suit" and text(v.better) == ["H4"] and "should play ♥4" in v.message_en


def test_a_lower_heart_placed_nowhere_unnames_it():
    """Fails before (better ♥4): one ♥3 is placed nowhere, so E may have held it and owed ♥3."""
    h = replay(position(["N: H2 H2", "S: H3 C5", "W: H5 C6"],
                        ("23. W: H5, N: H2, E: D3, S: H3", "24. W: C6, N: H2, E: H4, S: C5")))
    [v] = follows_of(h)
    assert v.code == "follow_suit" and v.better == () and "not named" in v.message_en


def test_a_wrong_count_names_no_play_it_could_have_made():
    """Fails before ("could play ♦3 ♥4"): E follows one card to W's pair; the cards it could have made up
    the pair with rest on what else it held — the count is wrong whatever it held, the play not named."""
    h = replay(position(["N: D6 D2", "S: D8 D9", "W: CA CA"],
                        ("23. W: CA CA, N: D6 D2, E: D3, S: D8 D9",), rules="tournament"))
    [v] = [v for v in h.violations if v.seat == E and v.code == "wrong_count"]
    assert v.better == () and "could play" not in v.message_en and "played 1 card to a lead of 2" in v.message_en


def test_a_seat_given_its_line_is_judged_as_before():
    """Control: every seat's line given: the play owed is named from the line (♥4 ♦4 ♦3, for example: ♦3 ♦5 or
    ♦4 ♦5 beside ♥4 meet the duty too)."""
    h = replay(position(["N: H2 D6 D2 C4", "E: H4 D3 D4 D5", "S: C3 D8 D9 C5", "W: HA HK H3 C6"]))
    [v] = follows_of(h)
    assert text(v.better) == ["D3", "D4", "H4"] and "should play for example ♥4 ♦4 ♦3" in v.message_en


# --- a full hand whose record ends before E played a whole hand ------------------------------------

FULL = """[Event "Club night"]
[Ruleset "tournament"]
[Levels "NS:2 EW:7"]

[Hand "2"]
[Dealer "W"]
[Trump "S"]
[Level "7"]
N: H2 H2 D6 D2 S3 S3 S2 S2 CA CA CK CK CQ CQ CJ CJ C10 C10 C9 C9 C8 C8 C7 C7 C6
S: {s} C3 D8 D9 C6 C5 C5 C4 C4 C3 C2 C2 D2 D5 D6 D7 D7 D8 D9 D10 D10 DJ DJ DQ DQ
W: HA HK H3 SA SA SK SK SQ SQ SJ SJ S10 S10 S9 S9 S8 S8 S7 S7 S6 S6 S5 S5 S4 S4
Bottom: DK DK DA DA LJ LJ BJ BJ
Buried: DK DK DA DA LJ LJ BJ BJ
1. W: HA, N: H2, E: D3, S: {s}
2. W: HK, N: H2, E: H4, S: C3
"""
"""W deals; E has no deal line and plays two cards: it discards ♦3 to ♥A holding the ♥4 it plays next."""


def test_full_hand_seat_without_its_line_owes_a_play_named_only_when_every_holding_owes_it():
    """Fails before (better ♥4 with S holding ♦3): every ♥2 and ♥3 placed (S holding the other ♥3), E owes
    its lowest heart ♥4 whatever else it held — named; with one ♥3 placed nowhere, E may have owed it."""
    [v] = follows_of(replay(FULL.format(s="H3")))
    assert v.code == "follow_suit" and text(v.better) == ["H4"]
    [v] = follows_of(replay(FULL.format(s="D3")))
    assert v.code == "follow_suit" and v.better == () and "not named" in v.message_en


# --- owed_at_most: the bounds ---------------------------------------------------------------------

def test_owed_at_most_names_the_play_only_where_both_bounds_owe_it():
    ctx = context(7, "S", preset="tournament")
    lead = analyse_lead(ctx, parse_cards("HA HK H3"))
    low = _counts("H4 D3 D4 D5")
    cards = parse_cards("D3 D4 D5")
    assert owed_at_most(ctx, lead, low, low, cards) == tuple(sorted(parse_cards("H4 D4 D3")))
    assert owed_at_most(ctx, lead, low, _counts("H4 D3 D4 D5 H5 H6"), cards) is None
    assert owed_at_most(ctx, lead, low, _counts("H4 D3 D4 D5 C2 SA"), cards) == tuple(sorted(parse_cards("H4 D4 D3")))


def _counts(text_: str) -> list[int]:
    c = [0] * NUM_KINDS
    for k in parse_cards(text_):
        c[k] += 1
    return c


_VARIANTS = ["standard", "tournament", "one-deck", "three-deck", "80fen", "botzone"]


@st.composite
def bounded_follows(draw):
    """A lead, a follower's cards at least (``low``: a wrong follow from it, or a wrong count), the cards
    the record places nowhere (``free``) and a hand between (``low`` plus some of ``free``)."""
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    preset = draw(st.sampled_from(_VARIANTS))
    protect = preset == "three-deck" and draw(st.booleans())
    ctx = context(draw(st.integers(2, 14)), draw(st.sampled_from([0, 1, 2, 3, None])), preset=preset,
                  protect_triples=protect)
    return (ctx, *follow_case(rng, ctx, FollowShape(lead_in_group=0.85, wrong_count=0.15)))


@settings(max_examples=400, deadline=None)
@given(bounded_follows())
def test_a_named_play_owed_is_the_one_every_holding_between_owes(case):
    """Whatever the follower really held between its cards at least and at most, a play owed that
    ``owed_at_most`` names is the one that holding owes (:func:`construct_follow`)."""
    ctx, lead, low, free, cards, hands = case
    wrong = len(cards) != lead.count or check_follow(ctx, lead, low, cards) is not None
    if not wrong or not lead.units:
        return
    high = [a + b for a, b in zip(low, free)]
    named = owed_at_most(ctx, lead, low, high, cards)
    if named is None:
        return
    for held in (low, high, *hands):
        assert tuple(sorted(construct_follow(ctx, lead, held, cards))) == named


# --- the invariant on whole records ---------------------------------------------------------------

_RULES = PRESETS["tournament"]
_CTX = hand_context(_RULES, 7, 0)        # spades trump at 7, as the header says
_DECK = [k for k in range(NUM_KINDS) for _ in range(2)]


def _record(rng: random.Random) -> tuple[str, str, int]:
    """A position (the probe's header) of 2 to 7 cards a seat and fewer tricks than that, played from
    random hands: each lead legal, each follow legal or any cards of the seat's (E's often any); each
    trick led by the one before's winner.  Returns the record without E's line, with it, and E's
    hidden cards (held, never played)."""
    size = rng.randint(2, 7)
    cards = rng.sample(_DECK, 4 * size)
    hands = [[0] * NUM_KINDS for _ in range(4)]
    for i, k in enumerate(cards):
        hands[i // size][k] += 1
    lines = [f"{'NESW'[s]}: " + " ".join(TOKEN[k] for k in range(NUM_KINDS) for _ in range(hands[s][k]))
             for s in range(4)]
    leader, tricks = rng.randrange(4), []
    work = [list(h) for h in hands]
    for t in range(rng.randint(1, size - 1)):
        if not any(work[leader]):       # (a lead of several cards: every hand played out)
            break
        lead = rng.choice(legal_leads(_CTX, work[leader]))
        plays = [Play(leader, tuple(lead))]
        for i in (1, 2, 3):
            s = (leader + i) & 3
            mine = [k for k in range(NUM_KINDS) for _ in range(work[s][k])]
            if rng.random() < (0.7 if s == E else 0.2):
                cards_ = tuple(rng.sample(mine, len(lead)))
            else:
                cards_ = choose_follow(_CTX, lead, work[s], rng)
            plays.append(Play(s, tuple(cards_)))
        trick = Trick(23 + t, tuple(plays))
        result = judge_trick(_CTX, trick, work, None)
        tricks.append(f"{23 + t}. " + ", ".join(
            f"{'NESW'[p.seat]}: " + " ".join(TOKEN[k] for k in p.cards) for p in plays))
        leader = result.winner
    head = HEAD.format(rules="tournament")
    known = head + "\n".join([*lines, *tricks]) + "\n"
    unknown = head + "\n".join([*(line for s, line in enumerate(lines) if s != E), *tricks]) + "\n"
    return unknown, known, sum(work[E])


@settings(max_examples=250, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
@example(seed=None)
def test_a_named_play_owed_is_the_one_the_whole_holding_gives(seed):
    """Whatever E really held (a random hand the record without E's line allows: its plays and cards it
    never plays), each play owed the record without E's line names for E is the one E's whole line gives;
    and each fault it finds of E, the whole line finds too (the fault stands)."""
    if seed is None:                # the probe, E holding ♥5 ♥6 too (it owes three hearts)
        unknown = position()
        known = position(["N: H2 D6 D2 C4 C7 C7", "E: H4 D3 D4 D5 H5 H6", "S: C3 D8 D9 C5 C8 C8",
                          "W: HA HK H3 C6 C9 C9"])
    else:
        unknown, known, _ = _record(random.Random(seed))
    read, whole = replay(unknown), replay(known)
    faults = {(v.trick, v.seat): v for v in whole.violations if v.code in OWED_CODES}
    for v in read.violations:
        if v.seat != E or v.code not in OWED_CODES:
            continue
        w = faults.get((v.trick, v.seat))
        assert w is not None, (v, unknown, known)
        if v.better:
            assert sorted(v.better) == sorted(w.better), (v, w, unknown, known)


def test_the_proof_of_a_fault_whose_play_owed_is_not_named():
    """What the ruling's evidence can name when no play owed is (``led_group_held``): the hearts E held in
    trick 23 and did not play — ♥4, which it plays in trick 24."""
    from tractor_analysis.engine.owed_plays import led_group_held

    h = replay(position())
    ctx = hand_context(h.rules, h.level, h.trump)
    [v] = [v for v in h.violations if v.seat == E and v.code == "follow_suit"]
    assert text(led_group_held(ctx, h, v)) == ["H4"]

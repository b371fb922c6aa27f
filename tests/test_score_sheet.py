"""Score sheets: hands kept as their result alone ([ResultOnly "yes"], JSON "result_only": true)."""
from __future__ import annotations

import pyarrow.parquet as pq

from tractor_analysis.dataset import ingest
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_json, format_tgn, parse_json, parse_tgn

HEAD = '[Event "Club night"]\n[North "a"]\n[East "b"]\n[South "c"]\n[West "d"]\n[Ruleset "tournament"]\n'


def sheet(*hands: str) -> str:
    return HEAD + "".join(f'\n[Hand "{i}"]\n{h}' for i, h in enumerate(hands, 1))


# N deals at 2 and holds with 50 (+1, S deals next at 3); S loses with 130 (E-W take the deal and
# go up 1 under the tournament table: 120-155 is +1); W deals at 3 and holds with 20 (+2)
GOOD = sheet('[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n[ResultOnly "yes"]\n[Claim "50"]\n',
             '[Dealer "S"]\n[Level "3"]\n[ResultOnly "yes"]\n[Claim "130"]\n',
             '[Dealer "W"]\n[Trump "NT"]\n[Level "3"]\n[ResultOnly "yes"]\n[Claim "20"]\n')


def test_a_score_sheet_is_read_written_and_round_tripped():
    (m,), problems = parse_tgn(GOOD)
    assert problems == []
    assert [h.result_only for h in m.hands] == [True, True, True]
    assert [h.trump_known for h in m.hands] == [True, False, True]     # hand 2's sheet gives no trump
    assert m.hands[1].trump is None and m.hands[2].trump is None
    text = format_tgn(m)
    assert '[ResultOnly "yes"]' in text and text.count("[Trump") == 2
    assert parse_tgn(text) == ([m], [])
    assert parse_json(format_json(m)) == ([m], [])
    assert '"result_only": true' in format_json(m) and format_json(m).count('"trump"') == 2


def test_the_engine_carries_levels_and_the_deal_through_a_score_sheet_and_judges_no_play():
    (m,), _ = parse_tgn(GOOD)
    r = replay_match(m)
    assert [h.attackers_total for h in r.hands] == [50, 130, 20]
    assert [h.items[0].kind for h in r.hands] == ["recorded_total"] * 3
    assert [(h.levels_before, h.levels_after) for h in r.hands] == [((2, 2), (3, 2)), ((3, 2), (3, 3)),
                                                                     ((3, 3), (3, 5))]
    assert [h.outcome.next_dealer for h in r.hands] == [2, 3, 1]
    assert all(not h.violations and not h.tricks for h in r.hands)
    assert r.levels_final == (3, 5) and r.winner == 1 and r.decided_by == "levels"


def test_the_recorded_level_change_and_next_dealer_are_checked_against_the_score_table():
    # 50 points: N-S hold and go up one, S deals at 3 — the sheet says W deals, at 3 (E-W are at 2)
    wrong = sheet('[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n[ResultOnly "yes"]\n[Claim "50"]\n',
                  '[Dealer "W"]\n[Trump "S"]\n[Level "3"]\n[ResultOnly "yes"]\n[Claim "50"]\n')
    (m,), _ = parse_tgn(wrong)
    codes = [v.code for v in replay_match(m).hands[1].violations]
    assert codes == ["dealer_mismatch", "level_mismatch"]


def test_a_result_only_hand_with_tricks_is_read_as_played_and_one_without_a_total_is_reported():
    played = sheet('[Dealer "N"]\n[Trump "S"]\n[ResultOnly "yes"]\n1. N: SA, E: S2, S: S3, W: S4\n')
    (m,), problems = parse_tgn(played)
    assert not m.hands[0].result_only
    # read as a played hand, which then lacks its deal lines (issue 21 case 3)
    assert [p.code for p in problems] == ["bad_value", "missing_deal"] and "[ResultOnly]" in problems[0].message
    (m,), problems = parse_tgn(sheet('[ResultOnly "yes"]\n'))
    assert [p.code for p in problems] == ["missing_tag", "missing_tag"]     # no [Dealer], no [Claim]
    assert replay_match(m).hands[0].outcome is None                         # the levels after it are unknown
    (m,), problems = parse_tgn(sheet('[Dealer "N"]\n[ResultOnly "maybe"]\n[Claim "5"]\n'))
    assert [p.code for p in problems] == ["bad_value", "missing_tag"]
    _, problems = parse_json('{"hands": [{"dealer": "N", "result_only": true, "tricks": [[{"seat": "N", '
                             '"cards": ["SA"]}]]}]}')
    # and the missing trump, and (read as played) the missing deal
    assert [p.code for p in problems] == ["bad_value", "missing_tag", "missing_deal"]


def test_the_dataset_flags_result_only_hands_and_leaves_what_the_sheet_does_not_say_null(tmp_path):
    (tmp_path / "s.tgn").write_text(GOOD, encoding="utf-8")
    ingest([str(tmp_path / "s.tgn")], str(tmp_path / "ds"))
    rows = sorted(pq.read_table(tmp_path / "ds" / "hands").to_pylist(), key=lambda r: r["hand_no"])
    assert [r["result_only"] for r in rows] == [True, True, True]
    assert [r["trump"] for r in rows] == ["S", None, "NT"]
    assert [r["attackers_total"] for r in rows] == [50, 130, 20]
    assert all(r["tricks"] is None and r["bottom_captured"] is None and r["attackers_points"] is None
               for r in rows)
    assert [r["outcome"] for r in rows] == ["defenders", "attackers", "defenders"]


from hypothesis import given, settings, strategies as st  # noqa: E402

from tractor_analysis.records.model import Hand, Match  # noqa: E402


@st.composite
def score_sheets(draw):
    hands = []
    for n in range(1, draw(st.integers(1, 5)) + 1):
        known = draw(st.booleans())
        hands.append(Hand(number=n, dealer=draw(st.integers(0, 3)), level=draw(st.one_of(st.none(), st.integers(2, 14))),
                          trump=draw(st.one_of(st.none(), st.integers(0, 3))) if known else None,
                          trump_known=known, claim=draw(st.integers(-50, 250)), result_only=True))
    return Match(players=("a", "b", "c", "d"), teams=(draw(st.one_of(st.none(), st.text(max_size=8).filter(str.strip))), None),   # (blank: no name)
                 ruleset=draw(st.sampled_from(["standard", "tournament"])), hands=tuple(hands))


def _contradicted(h) -> bool:
    return any(u.tag in ("Dealer", "Level") and "does not say which is right" in u.message_en for u in h.unknowns)


@settings(max_examples=60, deadline=None)
@given(score_sheets())
def test_any_score_sheet_round_trips_and_replays_hand_by_hand_from_its_totals(match):
    assert parse_tgn(format_tgn(match)) == ([match], [])
    assert parse_json(format_json(match)) == ([match], [])
    r = replay_match(match)
    for i, (before, after) in enumerate(zip(r.hands, r.hands[1:])):
        # levels carried through every hand: each side's known level after a hand is the one the
        # next starts at (a side unknown after it — the sheet began mid-match, a hand without a
        # level — may be learned again from the next hand's own [Level]); but a finished match carries
        # no levels on: a hand after its end whose tags differ from what it would carry is judged with
        # nothing carried in (after_match_end its one finding, tests/test_setup_and_unused_tags.py)
        if any(h.outcome is not None and h.outcome.match_over for h in r.hands[:i + 1]):
            continue        # (its own [Level] may be learned, as after a hand without a result)
        assert all(a == b for a, b in zip(before.levels_after, after.levels_before) if a is not None)
    # every hand played at a known level is scored from its total; one at an unknown level decides
    # nothing (no [Levels] and a first hand above 2: the other side's level is not known)
    # (a [Dealer] or [Level] the carried ones contradict is judged both ways: an outcome they do not
    # agree on — the next dealer — is withheld, tests/test_contradictions.py)
    for i, (h, m) in enumerate(zip(r.hands, match.hands)):
        if h.level is None:
            assert h.attackers_total is None and h.outcome is None
        else:       # (or a hand after one without an outcome, whose levels carried in are unknown)
            assert h.attackers_total == m.claim or _contradicted(h)     # (the sides in doubt)
            assert h.outcome is not None or _contradicted(h) or (i and r.hands[i - 1].outcome is None)
    assert not any(h.tricks for h in r.hands)
    # (a hand whose readings give outcomes that differ, each known, keeps a level they all give: docs/rules.md §10.2)
    assert all(h.levels_after == (None, None) for h in r.hands if not h.outcomes)
    assert all(v.code in ("dealer_mismatch", "level_mismatch") for h in r.hands for v in h.violations)

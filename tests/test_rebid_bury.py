"""炒地皮 (``rebid_after_bottom``): each declaration after the bottom takes the bottom as
buried and buries again (seed 000: "可以把8张底牌换了，再自己重新扣底牌").  The record keeps
every bury (``Buried: dealer's || rebidder's``, JSON ``earlier_buries``) and the engine
follows the chain: the rebidder plays cards the dealer buried."""
from __future__ import annotations

import dataclasses

import pytest
from click.testing import CliRunner

from tractor_analysis.records.cards import NUM_KINDS, PRETTY, TOKEN, counts_of, parse_cards
from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json, parse_json
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import simulate_match
from tractor_analysis.records.tgn_writer import format_tgn

TOURNAMENT = PRESETS["tournament"]


def _rebid_hands(count: int = 12):
    """(match, hand) pairs of simulated tournament hands with a rebid after the bottom."""
    out = []
    for i in range(60):
        m = simulate_match(3, i, preset="tournament", max_hands=4)
        out.extend((m, h) for h in m.hands if h.earlier_buries)
        if len(out) >= count:
            return out[:count]
    return out


@pytest.fixture(scope="module")
def rebids():
    found = _rebid_hands()
    assert len(found) >= 8, "the simulator should rebid now and then under the tournament preset"
    return found


def _replay(hand, **kw):
    return replay_hand(dataclasses.replace(hand, **kw), TOURNAMENT, (hand.level, hand.level),
                       first_of_match=False)


def _codes(result):
    return sorted(v.code for v in result.violations)


def test_the_chain_of_buries_gives_each_taker_the_cards_they_played(rebids):
    played_from_the_first_bury = 0
    for _m, hand in rebids:
        result = _replay(hand)
        assert _codes(result) == [], [v.message_en for v in result.violations]
        rebidder = [d.seat for d in hand.declarations if d.after_bottom][-1]
        first, last = hand.earlier_buries[0], hand.buried
        start = result.tricks[0].hands_before
        dealer_expected = [a + b - c for a, b, c in zip(counts_of(hand.deal[hand.dealer]), counts_of(hand.bottom),
                                                         counts_of(first))]
        assert rebidder != hand.dealer            # the simulator's rebids come from the others
        assert list(start[hand.dealer]) == dealer_expected
        rebid_base = counts_of(hand.deal[rebidder])
        expected = [a + b - c for a, b, c in zip(rebid_base, counts_of(first), counts_of(last))]
        assert list(start[rebidder]) == expected
        dealt = counts_of(hand.deal[rebidder])
        played_from_the_first_bury += any(start[rebidder][k] > dealt[k] for k in range(NUM_KINDS))
    # the test means something: rebidders held (and so played) cards the dealer had buried
    assert played_from_the_first_bury > 0


def test_without_the_chain_the_same_record_would_look_wrong(rebids):
    """Reading the last bury as the dealer's (no rebid) makes the plays disagree with the deal."""
    _m, hand = next((m, h) for m, h in rebids
                    if any(d.after_bottom and d.seat != h.dealer for d in h.declarations))
    plain = tuple(dataclasses.replace(d, after_bottom=False) for d in hand.declarations)
    result = _replay(hand, declarations=plain, earlier_buries=())
    assert {"bad_bury", "deal_mismatch", "not_in_hand"} & set(_codes(result))


def test_with_only_the_last_bury_the_takers_hands_come_from_their_plays(rebids):
    for _m, hand in rebids:
        result = _replay(hand, earlier_buries=())
        assert _codes(result) == [], [v.message_en for v in result.violations]


def test_a_rebidder_burying_a_card_they_never_had_is_bad_bury(rebids):
    _m, hand = next((m, h) for m, h in rebids
                    if any(d.after_bottom and d.seat != h.dealer for d in h.declarations))
    rebidder = [d.seat for d in hand.declarations if d.after_bottom][-1]
    pool = [a + b for a, b in zip(counts_of(hand.deal[rebidder]), counts_of(hand.earlier_buries[0]))]
    foreign = next(k for k in range(NUM_KINDS) if pool[k] == 0)
    bad = (foreign,) + hand.buried[1:]
    result = _replay(hand, buried=bad)
    bury = [v for v in result.violations if v.code == "bad_bury"]
    assert len(bury) == 1 and bury[0].seat == rebidder
    assert PRETTY[foreign] in bury[0].message_en and "after the rebid (炒地皮)" in bury[0].message_en
    assert "炒地皮后" in bury[0].message_zh


def test_a_number_of_buries_that_fits_no_taker_count_is_bad_bury(rebids):
    _m, hand = rebids[0]
    result = _replay(hand, earlier_buries=hand.earlier_buries * 2)
    bury = [v for v in result.violations if v.code == "bad_bury"]
    takers = 1 + sum(d.after_bottom for d in hand.declarations)
    assert bury and bury[0].seat is None
    assert f"expected {takers}" in bury[0].message_en and f"应记 {takers} 次" in bury[0].message_zh
    # several buries without any rebid after the bottom: the same complaint
    plain = tuple(dataclasses.replace(d, after_bottom=False) for d in hand.declarations)
    result = _replay(hand, declarations=plain)
    assert any(v.code == "bad_bury" and "expected 1" in v.message_en for v in result.violations)


def test_every_bury_round_trips_in_tgn_and_json(rebids):
    match, hand = rebids[0]
    text = format_tgn(match)
    first = " ".join(TOKEN[c] for c in hand.earlier_buries[0])
    last = " ".join(TOKEN[c] for c in hand.buried)
    assert f"Buried: {first} || {last}" in text
    back, diags = parse_tgn(text)
    assert not diags and back[0] == match
    data = format_json(match)
    assert '"earlier_buries"' in data
    back, diags = parse_json(data)
    assert not diags and back[0] == match
    assert replay_match(back[0]) == replay_match(match)


RECORD = """[Event "rebury"]
[Ruleset "tournament"]
[Hand "1"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[Declarations "N: H2 || E: S2 S2"]
Buried: C3 C4 C5 C6 D3 D4 D7 D8 || H3 H4 XX H6 D3 D4 D7 D8
"""


def test_the_parser_places_a_bad_card_in_a_later_bury_and_counts_copies_per_bury():
    matches, diags = parse_tgn(RECORD)
    assert [d.code for d in diags] == ["unknown_card"]
    line = RECORD.splitlines()[7]
    assert (diags[0].line, diags[0].column) == (8, line.index("XX") + 1)
    hand = matches[0].hands[0]
    assert hand.earlier_buries == (parse_cards("C3 C4 C5 C6 D3 D4 D7 D8"),)
    assert hand.buried == parse_cards("H3 H4 H6 D3 D4 D7 D8")
    # the same card in two buries is two moments, not three copies; three in one bury is too many
    _, ok = parse_tgn(RECORD.replace("XX", "H5").replace("C3 C4", "D3 D4"))
    assert [d.code for d in ok] == []
    _, over = parse_tgn(RECORD.replace("XX", "D3 D3"))
    assert [d.code for d in over] == ["too_many_copies"]


def test_json_earlier_buries_need_a_last_bury_beside_them():
    _m, diags = parse_json('{"hands": [{"number": 1, "dealer": "N", "trump": "S", '
                           '"earlier_buries": [["C3"]]}]}')
    assert any(d.code == "json_shape" and "earlier_buries" in d.message for d in diags)


def test_the_hand_page_and_the_terminal_replay_show_who_buried_what(rebids, tmp_path):
    from tractor_analysis.reports.build import write_hand_pages

    match, hand = rebids[0]
    one = dataclasses.replace(match, hands=(hand,))
    rebidder = [d.seat for d in hand.declarations if d.after_bottom][-1]
    path = tmp_path / "rebid.tgn"
    path.write_text(format_tgn(one), encoding="utf-8")
    pages = write_hand_pages(tmp_path / "h.html", [(one, replay_match(one))])
    html = pages[0].read_text(encoding="utf-8")
    assert "after the bottom / 炒地皮" in html
    seats = "NESW"
    assert f"<div>{seats[hand.dealer]} " in html and f"<div>{seats[rebidder]} " in html
    res = CliRunner().invoke(main, ["replay", str(path)])
    assert res.exit_code in (0, 1), res.output
    assert res.output.count("buried 扣底") == 2 and "炒地皮后" in res.output


def test_the_dataset_keeps_every_bury(rebids, tmp_path):
    from tractor_analysis.dataset import load
    from tractor_analysis.dataset.pipeline import ingest

    match, hand = rebids[0]
    src = tmp_path / "m.tgn"
    src.write_text(format_tgn(match), encoding="utf-8")
    ingest([str(src)], str(tmp_path / "ds"))
    hands = load(str(tmp_path / "ds")).hands
    row = hands[hands.hand_no == hand.number].iloc[0]
    assert [list(b) for b in row.earlier_buries] == [[TOKEN[c] for c in b] for b in hand.earlier_buries]
    assert any(str(d).startswith("|| ") for d in row.declarations)
    for record in match.hands:                   # every hand's row, with or without a rebid
        row = hands[hands.hand_no == record.number].iloc[0]
        assert [list(b) for b in row.earlier_buries] == [[TOKEN[c] for c in b] for b in record.earlier_buries]

"""Referee's audit: 炒地皮 re-bury chains (each rebidder after the bottom takes the bottom as
buried and buries again), read from TGN and JSON, and bad buries along the chain.

Every record here is constructed by hand (tests/record_builders.py): a deal with the cards the
declarations need, the buries chosen by the test, the bury chain computed there (not by the
engine), and the hand played out in single cards (a single lead is followed in its suit group when
possible, which is always legal).  Expectations come from the seeds:

* seed 000: "庄家扣牌后其他人可以再反，可以把8张底牌换了，再自己重新扣底牌" — each rebidder takes
  the bottom *as buried* and buries again;
* seed 001 rule 四: 炒地皮 only when the trump was declared before the bottom, in the order
  大王、小王、黑、紅、方、梅.
"""
from __future__ import annotations

import json

import pytest

from tractor_analysis.records.cards import LJ, PRETTY, RANK_OF, parse_cards, parse_trump
from tractor_analysis.records import format_json, parse_json
from tractor_analysis.records.locate import violation_position
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset

from record_builders import (
    SEATS, N, E, S, W, SIZES, _deal, _minus, _plain, _counts, _points, _play_out, _toks, _tgn,
    _replay, _codes, _chain,
)

STARTS = "the level every match starts at"


# --- 炒地皮: the chain of buries ---------------------------------------------------------------

def _three_takers(seed: int = 1):
    """N deals (declared ♥2); after the bottom E rebids ♠2♠2, then the dealer's partner S
    rebids 小王小王 (no trump)."""
    rules = build_ruleset("tournament", ())[0]
    deal, bottom = _deal(2, {"N": "H2", "E": "S2 S2", "S": "LJ LJ"}, seed=seed)
    buries, start = _chain(deal, bottom, 2, N, [E, S], keep=3)
    tricks = _play_out(rules, 2, None, start, N)
    text = _tgn(trump="NT", decls="N: H2 || E: S2 S2 | S: LJ LJ", deal=deal, bottom=bottom,
                buries=buries, tricks=tricks)
    return text, deal, bottom, buries, start


def test_two_rebids_one_by_the_dealers_partner_follow_the_chain():
    text, deal, bottom, buries, start = _three_takers()
    match, diags, result = _replay(text)
    hand = match.hands[0]
    assert diags == []
    assert [(d.seat, d.after_bottom) for d in hand.declarations] == [(N, False), (E, True), (S, True)]
    assert hand.earlier_buries == (tuple(buries[0]), tuple(buries[1])) and hand.buried == tuple(buries[2])
    h = result.hands[0]
    assert h.violations == ()
    # the takers hold what the chain says: E plays cards N buried, S plays cards E buried
    for seat in range(4):
        assert list(h.tricks[0].hands_before[seat]) == _counts(start[seat]), SEATS[seat]
    assert any(k in buries[0] and k not in deal[E] for k in start[E])
    assert any(k in buries[1] and k not in deal[S] for k in start[S])
    # the dealer stays the dealer (N–S defend), the trump is the last rebid's, and the bottom
    # that lies during play is the last bury
    assert h.dealer == N and h.defenders == frozenset({N, S}) and h.trump is None
    assert h.bottom_points == _points(buries[2])
    assert h.complete and h.outcome is not None


def test_the_chain_reads_the_same_from_json_earlier_buries():
    text, *_ = _three_takers()
    match, _, result = _replay(text)
    data = json.loads(format_json(match))
    hand = data["hands"][0]
    assert len(hand["earlier_buries"]) == 2
    back, diags = parse_json(json.dumps(data))
    assert diags == [] and back[0] == match
    assert replay_match(back[0]) == result


def test_a_rebidder_burying_a_card_it_never_held_is_bad_bury_naming_it():
    text, deal, bottom, buries, start = _three_takers()
    # E's bury swaps in a card only N held (not in E's deal nor in the bury E took)
    foreign = next(k for k in start[N] if k not in deal[E] and k not in buries[0] and k not in deal[S])
    bad = [foreign] + buries[1][1:]
    line = "Buried: " + " || ".join(_toks(b) for b in buries)
    text = text.replace(line, "Buried: " + " || ".join(_toks(b) for b in (buries[0], bad, buries[2])))
    match, _, result = _replay(text)
    bury = [v for v in result.hands[0].violations if v.code == "bad_bury"]
    assert bury and bury[0].seat == E and PRETTY[foreign] in bury[0].message_en
    # it points at the Buried: line
    lines = text.splitlines()
    assert violation_position(match.hands[0], bury[0]) == (
        next(i for i, x in enumerate(lines, 1) if x.startswith("Buried:")), 1)


def _with_buries(text: str, old, new) -> str:
    line = "Buried: " + " || ".join(_toks(b) for b in old)
    assert line in text
    return text.replace(line, "Buried: " + " || ".join(_toks(b) for b in new))


def _cut_after(text: str, tricks: int) -> str:
    """The record with the tricks after ``tricks`` left out (it ends in the middle of the hand)."""
    return "\n".join(x for x in text.splitlines()
                     if not (x[:1].isdigit() and int(x.split(".")[0]) > tricks)) + "\n"


def _foreign_bury(seat_index: int):
    """_three_takers with taker ``seat_index``'s bury (1: E, 2: S) swapping in a card only N held."""
    text, deal, bottom, buries, start = _three_takers()
    foreign = next(k for k in start[N] if k not in deal[E] and k not in buries[0] and k not in deal[S])
    bad = list(buries)
    bad[seat_index] = [foreign] + buries[seat_index][1:]
    return _with_buries(text, buries, bad), buries, start, foreign


def test_a_rebidders_bad_bury_is_not_trusted_its_plays_fix_it():
    """E's bury names a card E never held (bad_bury).  Before, the chain trusted the line: E's hand
    lacked a card it played and S took a bottom E never buried, giving false follow_suit,
    not_in_hand and deal_mismatch.  Now, as for the dealer alone, E's plays (a whole hand out of
    what E held) fix what E really buried: derived and said, and S's hand follows from it."""
    text, buries, start, foreign = _foreign_bury(1)
    _, _, result = _replay(text)
    h = result.hands[0]
    assert [(v.code, v.seat) for v in h.violations] == [("bad_bury", E)]
    assert h.unknowns == () and h.complete
    (d,) = [x for x in h.derived if x.source != STARTS]   # E–W at 2: no [Levels] (said too)
    assert d.fact == "earlier_bury" and d.value == _toks(sorted(buries[1]))
    assert "E's bury" in d.message_en and "second bury of the Buried: line is wrong" in d.message_en
    assert "东家的扣底" in d.message_zh and "第2次扣底有误" in d.message_zh
    for seat in range(4):
        assert list(h.tricks[0].hands_before[seat]) == _counts(start[seat]), SEATS[seat]


def test_a_rebidders_bad_bury_its_plays_do_not_fix_is_unknown_with_the_next_takers_hand():
    """The same bad bury in a record that ends after trick 5: E's plays are not a whole hand, so
    E's bury is not known; E's hand is read from its plays and so is S's (S took what E buried),
    legality withheld for both and said so (before: trusted, S "played ♠3, not held")."""
    text, buries, start, foreign = _foreign_bury(1)
    _, _, result = _replay(_cut_after(text, 5))
    h = result.hands[0]
    codes = [(v.code, v.seat) for v in h.violations]
    assert ("bad_bury", E) in codes and ("not_in_hand", S) not in codes
    assert not any(v.seat in (E, S) and v.code != "bad_bury" for v in h.violations)
    bury_e, took_s = [u for u in h.unknowns if u.tag == "Buried"]
    assert bury_e.withheld == ("legality",) and took_s.withheld == ("legality",)
    assert "E's bury (the second of the Buried: line) is wrong (not used)" in bury_e.message_en
    assert "the bottom the next taker took is not known" in bury_e.message_en
    assert "东家的扣底（第2次扣底）有误" in bury_e.message_zh and "下一个拿底的人拿到的底牌也未知" in bury_e.message_zh
    assert "S took, after the rebid (炒地皮), the bottom E buried, and E's bury is not known" in took_s.message_en
    assert "南家炒地皮后拿到的底牌是东家扣下的牌，而东家的扣底未知" in took_s.message_zh
    assert h.bottom_points == _points(buries[2])          # S's own bury is recorded and of the right size


def test_the_last_takers_bad_bury_leaves_the_bottom_unknown_unless_its_plays_fix_it():
    """S (the last taker) buries a card S never held.  Played out: the bottom is what S's plays leave
    (derived as the bury).  Cut after trick 5: the bottom is not known (before: the bad line's)."""
    text, buries, start, foreign = _foreign_bury(2)
    _, _, result = _replay(text)
    h = result.hands[0]
    assert [(v.code, v.seat) for v in h.violations] == [("bad_bury", S)]
    (d,) = [x for x in h.derived if x.source != STARTS]   # E–W at 2: no [Levels] (said too)
    assert d.fact == "buried" and d.value == _toks(sorted(buries[2]))
    assert h.bottom_points == _points(buries[2])
    _, _, cut = _replay(_cut_after(text, 5))
    h = cut.hands[0]
    (u,) = h.unknowns
    assert u.tag == "Buried" and "S's bury (the third of the Buried: line) is wrong" in u.message_en
    assert "the bottom's points are not known" in u.message_en and "底牌分数也未知" in u.message_zh
    assert h.bottom_points is None


def test_a_rebidders_bury_of_nine_cards_is_bad_bury():
    text, deal, bottom, buries, start = _three_takers()
    extra = next(k for k in deal[E] if k not in buries[1] and RANK_OF[k] != 2 and k < 52
                 and start[E].count(k) >= 1)
    nine = buries[1] + [extra]
    line = "Buried: " + " || ".join(_toks(b) for b in buries)
    text = text.replace(line, "Buried: " + " || ".join(_toks(b) for b in (buries[0], nine, buries[2])))
    _, _, result = _replay(text)
    # E's plays show the bury E made: the nine-card line is the record's error (docs/rules.md §13.1, s17)
    sizes = [v for v in result.hands[0].violations
             if v.code == "bad_bury" and "line as written has 9 cards" in v.message_en]
    assert sizes and sizes[0].seat == E and sizes[0].of_record


def test_without_the_bottom_line_nothing_false_is_flagged():
    text, deal, bottom, buries, start = _three_takers()
    text = "\n".join(x for x in text.splitlines() if not x.startswith("Bottom:")) + "\n"
    _, diags, result = _replay(text)
    h = result.hands[0]
    assert diags == [] and h.violations == ()
    assert h.bottom_points == _points(buries[2])


@pytest.mark.parametrize("missing", ["N", "E", "S", "W"])
def test_with_a_deal_line_missing_nothing_false_is_flagged(missing):
    text, deal, bottom, buries, start = _three_takers()
    text = "\n".join(x for x in text.splitlines() if not x.startswith(f"{missing}: ")) + "\n"
    _, diags, result = _replay(text)
    assert diags == [] and result.hands[0].violations == ()
    assert result.hands[0].complete


def test_a_bury_count_that_fits_no_taker_count_is_bad_bury():
    text, deal, bottom, buries, start = _three_takers()
    line = "Buried: " + " || ".join(_toks(b) for b in buries)
    two = text.replace(line, "Buried: " + " || ".join(_toks(b) for b in (buries[0], buries[2])))
    _, _, result = _replay(two)
    assert any(v.code == "bad_bury" and v.seat is None and "expected 3" in v.message_en
               for v in result.hands[0].violations)


def test_a_rebid_when_nobody_declared_before_the_bottom_is_rejected():
    """Seed 001 rule 四: "若主是在翻底时确认的则不允许炒地皮"."""
    rules = build_ruleset("tournament", ())[0]
    deal, bottom = _deal(2, {"E": "S2 S2"}, seed=11)
    buries, start = _chain(deal, bottom, 2, N, [E], keep=3)
    tricks = _play_out(rules, 2, 0, start, N)
    text = _tgn(trump="S", decls="|| E: S2 S2", deal=deal, bottom=bottom, buries=buries, tricks=tricks)
    _, _, result = _replay(text)
    bad = [v for v in result.hands[0].violations if v.code == "bad_declaration" and v.seat == E]
    assert bad and "nobody declared before" in bad[0].message_en


def test_several_rebids_are_written_with_one_double_bar():
    """``[Declarations]`` uses ``||`` once (before the first rebid) and ``|`` between rebids, while
    ``Buried:`` puts ``||`` between every bury; ``||`` written again is still read as rebids."""
    text, *_ = _three_takers()
    again = text.replace("E: S2 S2 | S: LJ LJ", "E: S2 S2 || S: LJ LJ")
    a, _, _ = _replay(text)
    b, _, _ = _replay(again)
    assert a.hands[0].declarations == b.hands[0].declarations


@pytest.mark.parametrize("decks, ruleset, rules, decls, fixed, trump", [
    (1, "one-deck", (("rebid_after_bottom", "on"), ("declare_tiebreak", "suit_order")),
     "N: H2 || E: S2", {"N": "H2", "E": "S2"}, "S"),
    (3, "three-deck", (("rebid_after_bottom", "on"),),
     "N: H2 || E: S2 S2", {"N": "H2", "E": "S2 S2"}, "S"),
])
def test_the_chain_with_one_and_three_decks(decks, ruleset, rules, decls, fixed, trump):
    ruleset_obj = build_ruleset(ruleset, rules)[0]
    deal, bottom = _deal(decks, fixed, seed=decks)
    buries, start = _chain(deal, bottom, 2, N, [E], keep=2)
    assert len(buries[0]) == SIZES[decks][1]
    tricks = _play_out(ruleset_obj, 2, parse_trump(trump), start, N)
    text = _tgn(ruleset=ruleset, rules=rules, trump=trump, decls=decls, deal=deal, bottom=bottom,
                buries=buries, tricks=tricks)
    _, diags, result = _replay(text)
    h = result.hands[0]
    assert diags == [] and h.violations == ()
    assert list(h.tricks[0].hands_before[E]) == _counts(start[E])
    assert h.bottom_points == _points(buries[1])
    # a rebidder's bury one card short is bad_bury (the bottom holds 6 with 1 and 3 decks)
    line = "Buried: " + " || ".join(_toks(b) for b in buries)
    short = text.replace(line, "Buried: " + " || ".join(_toks(b) for b in (buries[0], buries[1][1:])))
    _, _, result = _replay(short)
    assert any(v.code == "bad_bury" and v.seat == E and f"the bottom holds {SIZES[decks][1]}" in v.message_en
               for v in result.hands[0].violations)


def test_friend_mode_the_partner_is_found_after_the_chain():
    """Both ♣A are in the bottom; N buries them, W (the last seat after N) rebids, takes them and
    keeps them.  Nobody was dealt ♣A, so only the chain makes W the friend (rules.md §11)."""
    rules_t = (("rebid_after_bottom", "on"), ("friend", "on"))
    rules = build_ruleset("standard", rules_t)[0]
    deal, bottom = _deal(2, {"N": "H2", "W": "S2 S2"}, bottom_fixed="CA CA", seed=5)
    ca = parse_cards("CA")[0]
    pool = deal[N] + bottom
    b1 = sorted([ca, ca] + [k for k in _plain(pool, 2) if k != ca][:6])
    start = [list(h) for h in deal]
    start[N] = _minus(pool, b1)
    b2 = sorted([k for k in b1 if k != ca] + _plain(deal[W], 2)[:2])
    start[W] = _minus(deal[W] + b1, b2)
    tricks = _play_out(rules, 2, 0, start, N)
    text = _tgn(ruleset="standard", rules=rules_t, trump="S", decls="N: H2 || W: S2 S2", deal=deal,
                bottom=bottom, buries=[b1, b2], tricks=tricks, hand_tags=['[Friend "CA"]'])
    _, diags, result = _replay(text)
    h = result.hands[0]
    assert diags == [] and h.violations == ()
    assert h.defenders == frozenset({N, W})


def test_the_dealer_may_rebid_with_a_joker_it_took_from_the_bottom():
    rules = build_ruleset("tournament", ())[0]
    deal, bottom = _deal(2, {"N": "H2 LJ", "E": "D2 D2"}, bottom_fixed="LJ", seed=2)
    pool = deal[N] + bottom
    b1 = _plain(pool, 2)[:8]                       # N keeps both 小王
    hands = [list(h) for h in deal]
    hands[N] = _minus(pool, b1)
    assert hands[N].count(LJ) == 2 and deal[N].count(LJ) == 1
    b2 = sorted(b1[:4] + _plain(deal[E], 2)[:4])
    hands[E] = _minus(deal[E] + b1, b2)
    b3 = sorted(b2[:6] + _plain(hands[N], 2)[:2])
    hands[N] = _minus(hands[N] + b2, b3)
    tricks = _play_out(rules, 2, None, hands, N)
    text = _tgn(trump="NT", decls="N: H2 || E: D2 D2 | N: LJ LJ", deal=deal, bottom=bottom,
                buries=[b1, b2, b3], tricks=tricks)
    _, diags, result = _replay(text)
    assert diags == []
    assert _codes(result.hands[0]) == []


def test_the_standing_declarer_cannot_rebid_itself_after_the_bottom():
    rules = build_ruleset("tournament", ())[0]
    deal, bottom = _deal(2, {"N": "H2 H2"}, seed=3)
    buries, start = _chain(deal, bottom, 2, N, [], keep=0)
    tricks = _play_out(rules, 2, 1, start, N)
    text = _tgn(trump="H", decls="N: H2 || N: H2 H2", deal=deal, bottom=bottom,
                buries=[buries[0], buries[0]], tricks=tricks)
    _, _, result = _replay(text)
    assert any(v.code == "bad_declaration" and v.seat == N for v in result.hands[0].violations)

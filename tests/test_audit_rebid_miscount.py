"""Referee's audit of today's additions: 炒地皮 re-bury chains, 多少牌 (``miscount = level``) and
violation positions (``locate.violation_position``).

Every record here is constructed by hand: a deal with the cards the declarations need, the
buries chosen by the test, the bury chain computed here (not by the engine), and the hand played
out in single cards (a single lead is followed in its suit group when possible, which is always
legal).  Expectations come from the seeds:

* seed 000: "庄家扣牌后其他人可以再反，可以把8张底牌换了，再自己重新扣底牌" — each rebidder takes
  the bottom *as buried* and buries again;
* seed 001 rule 四: 炒地皮 only when the trump was declared before the bottom, in the order
  大王、小王、黑、紅、方、梅;
* seed 001 rule 八: "若台上多少自动下台，且台下升一级；若台下多少台上升一级，且台上继续打；若双方均
  出现多少情况双方不升降级，且下把双方抢庄";
* seed 001 rule 十一: "比赛结束时升级高者获胜，同级时台上一方获胜".

Tests marked ``xfail(strict=True)`` show a bug found by the audit (see each reason).
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner

from tractor_analysis.records.cards import BJ, LJ, NUM_KINDS, RANK_OF, TOKEN, parse_cards, parse_trump
from tractor_analysis.cli.main import main
from tractor_analysis.records import format_json, parse_json
from tractor_analysis.engine.legal import analyse_lead
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.engine.tricks import hand_context, trick_winner

SEATS = "NESW"
N, E, S, W = 0, 1, 2, 3
SIZES = {1: (12, 6), 2: (25, 8), 3: (39, 6)}      # rules.md §1: cards each, bottom


# --- building records -------------------------------------------------------------------

def _deal(decks: int, fixed: dict[str, str], bottom_fixed: str = "", seed: int = 0):
    """A full deal: the ``fixed`` cards where asked, the rest shuffled (``seed``)."""
    hand_size, bottom_size = SIZES[decks]
    pool = Counter({k: decks for k in range(NUM_KINDS)})
    deal: list[list[int]] = [[] for _ in range(4)]
    bottom: list[int] = []
    for seat, text in fixed.items():
        for k in parse_cards(text):
            assert pool[k] > 0
            pool[k] -= 1
            deal[SEATS.index(seat)].append(k)
    for k in parse_cards(bottom_fixed):
        assert pool[k] > 0
        pool[k] -= 1
        bottom.append(k)
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    for s in range(4):
        while len(deal[s]) < hand_size:
            deal[s].append(rest.pop())
    while len(bottom) < bottom_size:
        bottom.append(rest.pop())
    assert not rest
    return deal, bottom


def _minus(a, b) -> list[int]:
    c = Counter(a)
    c.subtract(Counter(b))
    assert all(v >= 0 for v in c.values()), "the test's own bury is not in the pool"
    return sorted(c.elements())


def _plain(cards, level: int) -> list[int]:
    """Cards that are neither jokers nor level cards (what the tests bury)."""
    return sorted(k for k in cards if k not in (LJ, BJ) and RANK_OF[k] != level)


def _counts(cards) -> list[int]:
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def _points(cards) -> int:
    return sum(5 if RANK_OF[k] == 5 else 10 if RANK_OF[k] in (10, 13) else 0
               for k in cards if k < 52)


def _play_out(rules, level: int, trump, start, dealer: int, max_tricks: int | None = None):
    """Singles: the leader plays its lowest card, each follower its lowest of the led suit group
    (else its lowest card); a seat out of cards is skipped.  The engine names each trick's winner."""
    ctx = hand_context(rules, level, trump)
    grp = ctx.order.group
    hands = [sorted(h) for h in start]
    tricks = []
    leader = dealer
    while hands[leader] and (max_tricks is None or len(tricks) < max_tricks):
        if max_tricks is None and not all(hands):
            break
        lead = hands[leader].pop(0)
        table = [(leader, (lead,))]
        for i in (1, 2, 3):
            s = (leader + i) % 4
            if not hands[s]:
                continue
            same = [k for k in hands[s] if grp[k] == grp[lead]]
            c = same[0] if same else hands[s][0]
            hands[s].remove(c)
            table.append((s, (c,)))
        tricks.append(table)
        leader = table[trick_winner(ctx, analyse_lead(ctx, (lead,)), table)[0]][0]
    return tricks


def _toks(cards) -> str:
    return " ".join(TOKEN[k] for k in cards)


def _trick_line(number: int, table) -> str:
    return f"{number}. " + ", ".join(f"{SEATS[s]}: {_toks(c)}" for s, c in table)


def _tgn(*, ruleset="tournament", rules=(), dealer="N", trump="H", level="2", levels=None,
         decls=None, deal=None, bottom=None, buries=None, tricks=(), deal_seats="NESW",
         hand_tags=(), hand_no="1") -> str:
    out = ['[Event "audit"]', f'[Ruleset "{ruleset}"]']
    out += [f'[Rule:{k} "{v}"]' for k, v in rules]
    if levels:
        out.append(f'[Levels "{levels}"]')
    out += ["", f'[Hand "{hand_no}"]', f'[Dealer "{dealer}"]', f'[Trump "{trump}"]', f'[Level "{level}"]']
    out += list(hand_tags)
    if decls:
        out.append(f'[Declarations "{decls}"]')
    if deal is not None:
        out += [f"{s}: {_toks(deal[SEATS.index(s)])}" for s in deal_seats]
    if bottom is not None:
        out.append(f"Bottom: {_toks(bottom)}")
    if buries:
        out.append("Buried: " + " || ".join(_toks(b) for b in buries))
    out += [_trick_line(i, t) for i, t in enumerate(tricks, 1)]
    return "\n".join(out) + "\n"


def _replay(text: str):
    matches, diags = parse_tgn(text)
    assert len(matches) == 1
    return matches[0], diags, replay_match(matches[0])


def _codes(hand_result) -> list[str]:
    return sorted(v.code for v in hand_result.violations)


def _chain(deal, bottom, level: int, dealer: int, rebidders, keep: int):
    """The buries and starting hands of a 炒地皮 chain, computed here: the dealer buries its
    lowest plain cards; each rebidder keeps ``keep`` cards of the bury it took and buries the
    rest of it with its own lowest plain cards (seed 000)."""
    size = len(bottom)
    hands = [list(h) for h in deal]
    pool = hands[dealer] + list(bottom)
    bury = _plain(pool, level)[:size]
    hands[dealer] = _minus(pool, bury)
    buries = [bury]
    for t in rebidders:
        own = _plain(hands[t], level)
        new = sorted(bury[keep:] + own[:keep])
        hands[t] = _minus(hands[t] + bury, new)
        bury = new
        buries.append(bury)
    return buries, hands


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
    assert bury and bury[0].seat == E and TOKEN[foreign] in bury[0].message_en
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
    (d,) = h.derived
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
    (d,) = h.derived
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
    sizes = [v for v in result.hands[0].violations if v.code == "bad_bury" and "buried 9 cards" in v.message_en]
    assert sizes and sizes[0].seat == E


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


# --- 多少牌 --------------------------------------------------------------------------------

def _plain_hand(seed: int = 5, ruleset="tournament", rules=(), level="2", levels=None):
    """A clean tournament hand: N deals (♥2), the bury and the plays constructed here."""
    rs = build_ruleset(ruleset, rules)[0]
    lv = int(level)
    decks = rs.decks
    deal, bottom = _deal(decks, {"N": f"H{level}"}, seed=seed)
    buries, start = _chain(deal, bottom, lv, N, [], keep=0)
    return rs, deal, bottom, buries[0], start


def _text(deal, bottom, bury, tricks, **kw):
    return _tgn(trump=kw.pop("trump", "H"), decls=kw.pop("decls", f"N: H{kw.get('level', '2')}"),
                deal=deal, bottom=bottom, buries=[bury], tricks=tricks, **kw)


def test_the_dealer_burying_nine_cards_ends_short_and_the_dealers_side_steps_down():
    """N buries 9: N holds 24, misses the last trick; 台上多少 → attackers +1 and take the deal."""
    rules, deal, bottom, bury, start = _plain_hand()
    extra = _plain(start[N], 2)[0]
    nine = sorted(bury + [extra])
    start[N] = _minus(start[N], [extra])
    tricks = _play_out(rules, 2, 1, start, N, max_tricks=25)
    assert sum(len(c) for t in tricks for s, c in t if s == N) == 24
    _, _, result = _replay(_text(deal, bottom, nine, tricks))
    h = result.hands[0]
    assert "bad_bury" in _codes(h)
    o = h.outcome
    assert (o.reason, o.miscount, o.winner, o.levels, o.next_dealer) == ("miscount", (N,), "attackers", 1, E)
    assert h.levels_after == (2, 3)


def test_a_seven_card_bury_line_the_plays_do_not_bear_out_is_not_a_miscount():
    """A Buried: line of 7 while N plays a whole hand (25 cards): the 26th card N would hold is only in
    the line, never in a play, so no verdict rests on it (docs/rules.md §1.5, §14.1): the line is a
    ``bad_bury``, the bury is what N's plays leave of deal + bottom (8 cards, said as derived), and
    N's count is not wrong (before: 多少牌 on the line's word alone)."""
    rules, deal, bottom, bury, start = _plain_hand()
    kept = bury[0]
    seven = bury[1:]
    start[N] = sorted(start[N] + [kept])
    tricks = _play_out(rules, 2, 1, start, N, max_tricks=25)
    assert len(tricks) == 25
    _, _, result = _replay(_text(deal, bottom, seven, tricks))
    h = result.hands[0]
    assert "bad_bury" in _codes(h)
    o = h.outcome
    assert o is not None and o.reason != "miscount" and o.miscount == ()
    assert any(d.fact == "buried" and len(d.value.split()) == 8 for d in h.derived)


def _last_follower(tricks, side):
    """A seat of ``side`` (0 N–S, 1 E–W) that follows (does not lead) the last trick."""
    return next(s for s, _ in tricks[-1][1:] if s % 2 == side)


def test_an_attacker_who_played_two_cards_to_a_single_lead_miscounted():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    seat = _last_follower(tricks, 1)
    last = next(c for s, c in tricks[-1] if s == seat)
    k = next(i for i, t in enumerate(tricks[:-1]) if t[0][0] != seat)      # a trick seat follows
    tricks[k] = [(s, c + last if s == seat else c) for s, c in tricks[k]]
    tricks[-1] = [(s, c) for s, c in tricks[-1] if s != seat]
    _, _, result = _replay(_text(deal, bottom, bury, tricks))
    h = result.hands[0]
    assert "wrong_count" in _codes(h)
    o = h.outcome
    assert (o.reason, o.miscount, o.winner, o.next_dealer) == ("miscount", (seat,), "defenders", S)


def test_a_record_cut_inside_the_last_trick_is_not_a_miscount():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    seat = tricks[-1][-1][0]                         # the last to play in the last trick
    tricks[-1] = tricks[-1][:-1]
    _, _, result = _replay(_text(deal, bottom, bury, tricks))
    o = result.hands[0].outcome
    assert o is None or o.reason != "miscount", (seat, o)


def test_a_misdeal_on_both_sides_changes_nothing_and_the_deal_is_bid_for(tmp_path):
    """N dealt 24 and E 26: both sides miscount (seed 001 rule 八: 双方不升降级，且下把双方抢庄)."""
    rules, deal, bottom, bury, start = _plain_hand(level="5", seed=7)
    moved = deal[N][-1]
    deal[E].append(moved)
    deal[N] = deal[N][:-1]
    buries, start = _chain(deal, bottom, 5, N, [], keep=0)
    tricks = _play_out(rules, 5, 1, start, N, max_tricks=25)
    text = _text(deal, bottom, buries[0], tricks, level="5", levels="NS:5 EW:3")
    _, _, result = _replay(text)
    o = result.hands[0].outcome
    assert (o.reason, o.winner, o.levels, o.next_dealer, o.team) == ("miscount", "neither", 0, None, None)
    assert set(o.miscount) == {N, E}
    assert result.hands[0].levels_after == (5, 3)
    path = tmp_path / "both.tgn"
    path.write_text(text, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    out = doc["files"][0]["hands"][0]["outcome"]
    assert (out["winner"], out["next_dealer"], out["reason"], sorted(out["miscount"])) == \
        ("neither", None, "miscount", ["E", "N"])


def test_a_match_ending_on_a_double_miscount_still_goes_to_the_higher_level():
    rules, deal, bottom, bury, start = _plain_hand(level="5", seed=7)
    deal[E].append(deal[N][-1])
    deal[N] = deal[N][:-1]
    buries, start = _chain(deal, bottom, 5, N, [], keep=0)
    tricks = _play_out(rules, 5, 1, start, N, max_tricks=25)
    _, _, result = _replay(_text(deal, bottom, buries[0], tricks, level="5", levels="NS:5 EW:3"))
    assert result.hands[0].outcome.winner == "neither"
    assert (result.winner, result.decided_by) == (0, "levels")


def test_one_deck_misdeal_on_the_attackers_side_gives_the_defenders_a_level():
    """1 deck, miscount on: E dealt 13 and W 11 (both attackers) → defenders +1, keep the deal."""
    rs_rules = (("miscount", "level"),)
    rules = build_ruleset("one-deck", rs_rules)[0]
    for seed in range(40):      # a deal where W, out of cards, does not have to lead trick 12
        deal, bottom = _deal(1, {"N": "H2"}, seed=seed)
        deal[E].append(deal[W].pop())
        buries, start = _chain(deal, bottom, 2, N, [], keep=0)
        tricks = _play_out(rules, 2, 1, start, N, max_tricks=12)
        if len(tricks) == 12:
            break
    assert len(tricks) == 12 and len(tricks[-1]) == 3
    _, _, result = _replay(_text(deal, bottom, buries[0], tricks, ruleset="one-deck", rules=rs_rules))
    o = result.hands[0].outcome
    assert (o.reason, set(o.miscount), o.winner, o.levels, o.next_dealer) == \
        ("miscount", {E, W}, "defenders", 1, S)
    assert result.hands[0].levels_after == (3, 2)


def test_without_the_option_a_misdeal_is_scored_by_the_points():
    rules = build_ruleset("one-deck", ())[0]
    deal, bottom = _deal(1, {"N": "H2"}, seed=9)
    deal[E].append(deal[W].pop())
    buries, start = _chain(deal, bottom, 2, N, [], keep=0)
    tricks = _play_out(rules, 2, 1, start, N, max_tricks=12)
    _, _, result = _replay(_text(deal, bottom, buries[0], tricks, ruleset="one-deck"))
    o = result.hands[0].outcome
    assert o is None or o.reason == "points"


# --- positions ------------------------------------------------------------------------------

@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_positions_count_characters_after_tabs_and_full_width_spaces(newline, tmp_path):
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    text = _text(deal, bottom, bury, tricks)
    # a big joker the dealer never held, after a tab and an ideographic space, full-width colon
    bj = "BJ" if BJ not in deal[N] + bottom else "LJ"
    joker = parse_cards(bj)[0]
    assert joker not in deal[N] + bottom
    text = text.replace("Buried: ", f"\t\u3000Buried\uff1a {bj} ", 1)
    lines = text.split("\n")
    line_no = next(i for i, x in enumerate(lines, 1) if "Buried" in x)
    text = text.replace("\n", newline)
    match, diags, result = _replay(text)
    assert diags == []
    bad = [v for v in result.hands[0].violations if v.code == "bad_bury"]
    assert bad and all(violation_position(match.hands[0], v) == (line_no, 3) for v in bad)
    path = tmp_path / "pos.tgn"
    path.write_bytes(text.encode("utf-8"))
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    got = [(v["line"], v["column"]) for v in doc["files"][0]["hands"][0]["violations"] if v["code"] == "bad_bury"]
    assert got and set(got) == {(line_no, 3)}
    out = CliRunner().invoke(main, ["check", str(path)]).output
    assert f"{path}:{line_no}:3" in out


def test_a_duplicate_tag_or_line_points_at_the_one_that_counts():
    """The later of two [Level] tags, and of two Buried: lines, is used — and pointed at."""
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    text = _text(deal, bottom, bury, tricks, levels="NS:2 EW:2")
    text = text.replace('[Level "2"]', '[Level "2"]\n[Level "3"]')
    bad_bury = "Buried: " + _toks(bury[1:])
    text = text.replace("Buried: ", bad_bury + "\nBuried: ", 1)       # the first is short, ignored
    match, diags, result = _replay(text)
    assert sorted(d.code for d in diags) == ["duplicate_tag", "duplicate_tag"]
    lines = text.splitlines()
    h = result.hands[0]
    level = next(v for v in h.violations if v.code == "level_mismatch")
    assert violation_position(match.hands[0], level) == (lines.index('[Level "3"]') + 1, 1)
    assert "bad_bury" not in _codes(h)
    # now the later Buried: line is the wrong one
    text2 = text.replace(bad_bury + "\nBuried: " + _toks(bury), "Buried: " + _toks(bury) + "\n" + bad_bury)
    match, _, result = _replay(text2)
    v = next(v for v in result.hands[0].violations if v.code == "bad_bury")
    lines = text2.splitlines()
    assert violation_position(match.hands[0], v) == (lines.index(bad_bury) + 1, 1)


def test_a_position_points_at_the_play_with_first_trick_numbers():
    text = """[Event "disputed"]
[Ruleset "standard"]

[Hand "7"]
[SetUp "1"]
[Trump "D"]
[Level "2"]
[FirstTrick "20"]
N: SA S3
E: S5 C4
S: SK S4
W: C9 S6
20. N: SA,\tE: C4, S: S4, W: S6
21. W: C9, N: S3, E: S5, S: SK
"""
    match, diags, result = _replay(text)
    assert diags == []
    h = result.hands[0]
    follow = [v for v in h.violations if v.code == "follow_suit"]
    assert [(v.trick, v.seat) for v in follow] == [(20, E)]          # E held ♠5
    line = text.splitlines()[12]
    assert violation_position(match.hands[0], follow[0]) == (13, line.index("E: C4") + 1)


def test_a_missing_play_points_at_its_trick_line():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    seat = tricks[9][2][0]
    tricks[9] = [p for p in tricks[9] if p[0] != seat]
    text = _text(deal, bottom, bury, tricks)
    match, _, result = _replay(text)
    v = next(v for v in result.hands[0].violations if v.trick == 10 and v.seat == seat)
    lines = text.splitlines()
    assert violation_position(match.hands[0], v) == (next(i for i, x in enumerate(lines, 1)
                                                           if x.startswith("10. ")), 1)


def test_a_json_record_gives_no_positions():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    match, _, _ = _replay(_text(deal, bottom, bury[1:], tricks))
    back = parse_json(format_json(match))[0][0]
    result = replay_match(back)
    v = next(v for v in result.hands[0].violations if v.code == "bad_bury")
    assert violation_position(back.hands[0], v) == (0, 0)


def test_a_repeated_trick_number_still_points_at_the_right_line():
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    tricks[5][1], tricks[5][2] = tricks[5][2], tricks[5][1]       # trick 6 played out of turn
    text = _text(deal, bottom, bury, tricks).replace("\n6. ", "\n5. ")
    match, diags, result = _replay(text)
    assert "trick_sequence" in {d.code for d in diags}
    lines = text.splitlines()
    second = [i for i, x in enumerate(lines, 1) if x.startswith("5. ")][1]
    v = next(v for v in result.hands[0].violations if v.code == "out_of_turn")
    # with the hand's result the trick is found by its place in the hand (check, replay and
    # ingest pass it); by number alone the first trick 5 would be named
    assert violation_position(match.hands[0], v, result.hands[0])[0] == second


def test_a_repeated_hand_number_still_points_into_its_own_hand(tmp_path):
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = _play_out(rules, 2, 1, start, N)
    good = _text(deal, bottom, bury, tricks)
    bad = good.replace("Buried: " + _toks(bury), "Buried: " + _toks(bury[1:]))
    body = bad.split('[Hand "1"]', 1)[1]
    text = good + '\n[Hand "1"]' + body
    path = tmp_path / "twice.tgn"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    buried_lines = [i for i, x in enumerate(lines, 1) if x.startswith("Buried:")]
    doc = json.loads(CliRunner().invoke(main, ["check", str(path), "--json"]).output)
    got = [(v["line"], v["column"]) for hand in doc["files"][0]["hands"] for v in hand["violations"]
           if v["code"] == "bad_bury"]
    assert got == [(buried_lines[1], 1)]

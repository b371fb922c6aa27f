"""Record builders shared by the referee's audit tests of 炒地皮 re-bury chains
(test_audit_rebid_chain.py), 多少牌 miscounts (test_audit_miscount.py) and violation positions
(test_audit_positions.py).

Every record is constructed by hand: a deal with the cards the declarations need, the buries
chosen by the test, the bury chain computed here (not by the engine), and the hand played out in
single cards (a single lead is followed in its suit group when possible, which is always legal).
"""
from __future__ import annotations

import random
from collections import Counter

from tractor_analysis.records.cards import BJ, LJ, NUM_KINDS, RANK_OF, TOKEN, parse_cards
from tractor_analysis.engine.legal import analyse_lead
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

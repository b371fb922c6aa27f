"""What ``tractor analyse --view`` takes a seat to know of the bottom (docs/rules.md §15 item 3, session 22):
the bottom as it lies is known to the seat that buried it — after 炒地皮 the rebidder who buried last, not the
dealer — and a seat that buried earlier knows where its cards went (a later taker or the bottom); a bury the
engine derived (no ``Buried:`` line) is dealt among every other seat's unseen cards like a stated one."""
from __future__ import annotations

import dataclasses

from tractor_analysis.analysis.knowledge import BOTTOM, agrees, bury_in_play, knowledge_at
from tractor_analysis.analysis.view import EARLIER_BURY_UNKNOWN, view_play
from tractor_analysis.engine.declarations import bottom_takers
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import NUM_KINDS
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

REBID, _ = build_ruleset("standard", {"rebid_after_bottom": "on"})


def _hand(text: str, rules=None):
    (m,), _ = parse_tgn(text)
    return replay_match(m, rules).hands[0], m.hands[0]


def _without(text: str, *prefixes: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(prefixes)) + "\n"


def _rebid_text() -> str:
    """Seed 3, match 3 under 炒地皮: N deals and buries, W rebids after the bottom, takes it and buries last."""
    return format_tgn(simulate_match(3, 3, REBID, max_hands=1))


def _counts(cards) -> list[int]:
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def test_a_derived_bury_is_dealt_to_every_seat_but_the_dealer_as_a_stated_one():
    text = format_tgn(simulate_match(11, 0, max_hands=1))
    h, record = _hand(text)
    hd, rd = _hand(_without(text, "Buried:"))
    assert rd.buried is None and bury_in_play(hd, rd) == tuple(sorted(record.buried))     # derived, the same cards
    for i in (0, len(h.tricks) - 1):            # the first trick and the last (trick 16)
        for j, p in enumerate(h.tricks[i].plays):
            stated, derived = knowledge_at(h, record, i, j), knowledge_at(hd, rd, i, j)
            assert derived.unseen == stated.unseen and derived.sizes == stated.sizes and derived.real == stated.real
            assert derived.bottom_points == stated.bottom_points and derived.bottom_known
            assert derived.sizes[BOTTOM] == (0 if p.seat == h.dealer else 8)
            if p.seat != h.dealer:
                assert derived.real[BOTTOM] == tuple(_counts(record.buried)) and derived.bottom_points is None


def test_a_derived_bury_gives_the_view_the_deals_of_a_stated_one():
    text = format_tgn(simulate_match(11, 0, max_hands=1))
    h, record = _hand(text)
    hd, rd = _hand(_without(text, "Buried:"))
    i = len(h.tricks) - 1               # trick 16, its leader: each other seat holds one card, the bottom 8
    stated, derived = view_play(h, record, i, 0, samples=20), view_play(hd, rd, i, 0, samples=20)
    assert derived.deals == stated.deals > 1 and derived.bottom == stated.bottom and derived.bottom.dealt == 8
    assert derived.values == stated.values


def test_a_bury_not_known_is_not_dealt_and_the_dealers_declaration_is_not_used():
    """No Buried: line, and the record stops before the dealer played a whole hand: the bury is not derived."""
    text = format_tgn(simulate_match(11, 0, max_hands=1))
    lines = [line for line in _without(text, "Buried:", "[Claim").splitlines() if not line.startswith("16. ")]
    h, record = _hand("\n".join(lines) + "\n")
    assert bury_in_play(h, record) is None and record.declarations[0].seat == h.dealer
    kn = knowledge_at(h, record, 1, 1)          # E's play of trick 2: N declared S2 (played in trick 1)
    assert not kn.bottom_known and kn.sizes[BOTTOM] == 0
    assert all(s != h.dealer for s, *_ in kn.declared)      # its declared cards could be in a bottom not known


def test_after_a_rebid_the_bottom_is_known_to_the_rebidder_who_buried_last_not_to_the_dealer():
    h, record = _hand(_rebid_text(), REBID)
    last = bottom_takers(h.dealer, record.declarations)[-1]
    assert last != h.dealer and record.earlier_buries
    for i in (0, len(h.tricks) - 1):
        for j, p in enumerate(h.tricks[i].plays):
            kn = knowledge_at(h, record, i, j)
            assert kn.buried_by == last
            if p.seat == last:
                assert kn.sizes[BOTTOM] == 0 and kn.bottom_points == h.bottom_points
                assert not any(kn.real[BOTTOM])
            else:
                assert kn.sizes[BOTTOM] == 8 and kn.real[BOTTOM] == tuple(_counts(record.buried))
                assert kn.bottom_points is None
            seen = [kn.own[k] + kn.unseen[k] + sum(x[k] for x in kn.played) for k in range(NUM_KINDS)]
            bottom = _counts(record.buried) if p.seat == last else [0] * NUM_KINDS
            assert all(seen[k] + bottom[k] == 2 for k in range(NUM_KINDS))


def test_the_dealers_earlier_bury_is_with_the_rebidder_or_in_the_bottom_in_every_deal():
    h, record = _hand(_rebid_text(), REBID)
    ctx = hand_context(h.rules, h.level, h.trump)
    last = bottom_takers(h.dealer, record.declarations)[-1]
    i = len(h.tricks) - 4
    j = next(j for j, p in enumerate(h.tricks[i].plays) if p.seat == h.dealer)
    kn = knowledge_at(h, record, i, j)
    assert not kn.earlier_unknown and len(kn.earlier) == 1 and kn.earlier[0][1] == (last,)
    need = kn.earlier[0][0]
    assert sum(need) > 0 and all(n <= c for n, c in zip(need, _counts(record.earlier_buries[0])))
    assert agrees(kn, ctx, kn.real)
    # move a card of the dealer's bury from the bottom to a seat that never took it, in exchange for one of its own
    other = next(s for s in range(4) if s not in (h.dealer, last) and any(kn.real[s]))
    moved = False
    for k in range(NUM_KINDS):
        if not (need[k] and kn.real[BOTTOM][k]):
            continue
        for c in range(NUM_KINDS):
            if not kn.real[other][c] or c == k:
                continue
            deal = [list(r) for r in kn.real]
            deal[BOTTOM][k] -= 1
            deal[other][k] += 1
            deal[other][c] -= 1
            deal[BOTTOM][c] += 1
            if agrees(dataclasses.replace(kn, earlier=()), ctx, deal):      # allowed by all else it knew
                assert not agrees(kn, ctx, deal), (k, c)
                moved = True
    assert moved


def test_the_rebidder_who_buried_last_knows_the_bottom_the_dealer_does_not_in_the_view():
    h, record = _hand(_rebid_text(), REBID)
    last = bottom_takers(h.dealer, record.declarations)[-1]
    i = len(h.tricks) - 1
    for j, p in enumerate(h.tricks[i].plays):
        if p.seat in (last, h.dealer):
            v = view_play(h, record, i, j, samples=20)
            assert v.withheld is None and v.value is not None
            assert v.bottom.dealt == (0 if p.seat == last else 8) and v.bottom.own == (p.seat == last)


def test_an_earlier_bury_the_record_does_not_give_withholds_that_seats_view():
    text = "\n".join(("Buried:" + line.split("||")[1]) if line.startswith("Buried:") else line
                     for line in _rebid_text().splitlines()) + "\n"        # only the last bury kept
    h, record = _hand(text, REBID)
    assert not record.earlier_buries and record.buried is not None
    for j, p in enumerate(h.tricks[0].plays):
        kn = knowledge_at(h, record, 0, j)
        assert kn.earlier_unknown == (p.seat == h.dealer) and not kn.earlier
    j = next(j for j, p in enumerate(h.tricks[0].plays) if p.seat == h.dealer)
    v = view_play(h, record, 0, j, samples=5)
    assert v.withheld == EARLIER_BURY_UNKNOWN and v.value is None

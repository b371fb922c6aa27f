"""A deal line the plays contradict, or one that cannot be read whole, decides nothing (docs/rules.md
§1.6, §10.3, §14.1).

* A line one card short whose seat plays a whole hand: the deck (the other lines and the ``Bottom:``
  line, whole) proves the card it leaves out — derived, said from what; without the ``Bottom:`` line
  nothing proves it, and 多少牌 goes by the cards the seat played, never by the line the plays contradict.
* An unreadable card in a deal line: the reader leaves it out, so the line is one short — the same.
* A seat without a deal line that plays a whole hand, no ``Bottom:`` / ``Buried:``: the bury is the
  cards nobody played, as with no deal line at all (more information never makes the tool less sure).
"""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from event_helpers import bilingual
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import PRETTY, TOKEN, SEAT_TOKENS
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

ROOT = Path(__file__).resolve().parent.parent



def _shown(token: str) -> str:
    """A card token as the words write it (its suit symbol)."""
    return PRETTY[TOKEN.index(token)]

def _clean_record(preset: str) -> tuple[str, int]:
    """A simulated one-hand record, complete and without violations, and a seat that neither deals nor
    takes the bottom (nobody overcalls)."""
    for seed in range(60):
        m = simulate_match(8, seed, preset=preset, max_hands=1)
        text = format_tgn(m)
        (match,), _ = parse_tgn(text)
        r = replay_match(match).hands[0]
        h = match.hands[0]
        if not r.complete or r.violations or len(h.declarations) > 1 or r.outcome is None:
            continue
        seat = (h.dealer + 1) % 4
        return text, seat
    raise AssertionError("no clean simulated hand")


@pytest.fixture(scope="module", params=["tournament", "standard"])
def record(request):
    text, seat = _clean_record(request.param)
    return request.param, text, seat


def _line(text: str, seat: int) -> str:
    return re.search(rf"^{SEAT_TOKENS[seat]}: .*$", text, re.M).group()


def _without_first_card(text: str, seat: int, replacement: str = "") -> tuple[str, str]:
    """``text`` with the first card of ``seat``'s deal line left out (or written as ``replacement``)."""
    line = _line(text, seat)
    head, first, rest = line.split(" ", 2)
    new = f"{head} {replacement + ' ' if replacement else ''}{rest}"
    return text.replace(line, new), first


def _hand(text: str):
    (match,), errors = parse_tgn(text)
    return replay_match(match).hands[0], errors


def test_a_line_the_deck_proves_short_is_made_whole_and_decides_no_miscount(record):
    preset, text, seat = record
    short, card = _without_first_card(text, seat)
    clean, _ = _hand(text)
    r, _ = _hand(short)
    # the card left out is derived, and said from what
    (d,) = [d for d in r.derived if d.fact == "deal"]
    assert d.value == f"{SEAT_TOKENS[seat]}: {card}"
    assert "deal lines and the bottom" in d.source and _shown(card) in d.message_en and _shown(card) in d.message_zh
    # the seat held it: no "played a card not held", no 多少牌; the points decide, as in the whole record
    assert not [v for v in r.violations if v.code == "not_in_hand"]
    assert r.outcome is not None and r.outcome.reason == clean.outcome.reason != "miscount"
    assert (r.outcome.winner, r.outcome.levels, r.attackers_total) == (
        clean.outcome.winner, clean.outcome.levels, clean.attackers_total)
    # the record's own fault stands: the line as written is a card short, the deck short that card
    assert len(r.violations) == 2
    assert {(v.code, v.seat) for v in r.violations} == {("deal_mismatch", None), ("deal_mismatch", seat)}
    assert not [u for u in r.unknowns if u.tag == "deal"]


def test_an_unreadable_card_the_deck_proves_is_derived(record):
    _preset, text, seat = record
    bad, card = _without_first_card(text, seat, replacement="SAA")     # no card
    r, errors = _hand(bad)
    assert any(e.code == "unknown_card" for e in errors)
    (d,) = [d for d in r.derived if d.fact == "deal"]
    assert d.value == f"{SEAT_TOKENS[seat]}: {card}"
    assert not [v for v in r.violations if v.code == "not_in_hand"]
    assert r.outcome is not None and r.outcome.reason != "miscount"


def test_without_the_bottom_a_short_line_is_not_a_miscount_and_legality_is_withheld(record):
    preset, text, seat = record
    short, card = _without_first_card(text, seat)
    short = re.sub(r"^Bottom: .*\n", "", short, flags=re.M)
    r, _ = _hand(short)
    assert not [d for d in r.derived if d.fact == "deal"]       # nothing proves where the card went
    # the seat plays a card its line does not give: reported, as the record gives it
    assert [(v.code, v.seat) for v in r.violations if v.trick is not None] == [("not_in_hand", seat)]
    # 多少牌 goes by the cards played: a whole hand, each play of the lead's count
    assert r.outcome is not None and r.outcome.reason != "miscount"
    (u,) = [u for u in r.unknowns if u.tag == "deal"]
    assert u.withheld == ("legality",) and r.legality_known is False
    assert _shown(card) in u.message_en and _shown(card) in u.message_zh and "miscopied" in u.message_en
    # never "still holds cards after the last trick" (it holds none)
    assert "still holds cards" not in u.message_en and "仍有剩牌" not in u.message_zh


def _strip(text: str, seats: tuple[int, ...], bottom: bool = True, buried: bool = True) -> str:
    for s in seats:
        text = text.replace(_line(text, s) + "\n", "")
    if bottom:
        text = re.sub(r"^Bottom: .*\n", "", text, flags=re.M)
    if buried:
        text = re.sub(r"^Buried: .*\n", "", text, flags=re.M)
    return text


@pytest.mark.parametrize("missing", [s for n in (1, 2, 3) for s in itertools.combinations(range(4), n)])
def test_more_deal_lines_never_make_the_bury_less_sure(record, missing):
    """No ``Bottom:`` / ``Buried:``: with no deal line the bury is the cards nobody played; with some
    lines (any seats' left out, each seat playing a whole hand) it is the same, derived the same way."""
    _preset, text, _seat = record
    none, _ = _hand(_strip(text, (0, 1, 2, 3)))
    some, _ = _hand(_strip(text, missing))
    (want,) = [d for d in none.derived if d.fact == "buried"]
    (got,) = [d for d in some.derived if d.fact == "buried"]
    assert (got.value, got.source) == (want.value, want.source)
    assert "Buried" not in {u.tag for u in some.unknowns}
    assert some.attackers_total == none.attackers_total is not None
    assert some.outcome is not None and some.outcome == none.outcome


def test_a_seat_without_a_line_that_does_not_play_a_whole_hand_leaves_the_bury_unknown(record):
    _preset, text, seat = record
    cut = _strip(text, (seat,))
    # the record stops before the last trick: no seat played a whole hand, nothing to derive from
    last = re.findall(r"^\d+\. .*\n", cut, flags=re.M)[-1]
    r, _ = _hand(cut.replace(last, ""))
    assert not [d for d in r.derived if d.fact == "buried"]


def test_a_line_set_aside_less_the_cards_left_is_not_made_whole_again(monkeypatch):
    """§1.6: a line its plays contradict is judged again less the cards its seat still held at the end;
    the deck then lacks those cards, but they are not put back (the derivation is for a line the record
    gives short).  A record whose every line is whole is judged the same with the derivation off.

    The record: sample_logs/spring-cup-r2t5.tgn's hand 1 with N's ♥2 miscopied as ♦2 — every line whole,
    N plays the ♥2 (trick 11) its line does not give and holds the ♦2 at the end, so its line is set aside
    and judged again less that ♦2: 24 cards, the deck lacking just the ♥2 N plays.  (This test used
    tests/data/gaps/two-ways-ruled.tgn, whose N line the legal-only filling in of its plays left out set
    aside; filled in every way, legal or not, nothing contradicts it any more.)"""
    import tractor_analysis.engine.starting_hands as starting_hands
    sample = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
    n_line = "N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7"
    (match,), _ = parse_tgn(sample.replace(n_line, n_line.replace("H2", "D2")))
    assert all(len(line) == 25 for line in match.hands[0].deal)
    # the premise: given short as that (N's line less the ♦2), the line is made whole with the ♥2, said
    (short,), _ = parse_tgn(sample.replace(n_line, n_line.replace("H2 ", "")))
    assert [d.fact for d in replay_match(short).hands[0].derived if d.fact == "deal"] == ["deal"]
    made_whole = []
    line_left_out = starting_hands._line_left_out

    def spy(*args):
        found = line_left_out(*args)
        made_whole.extend([found] if found else [])
        return found
    monkeypatch.setattr(starting_hands, "_line_left_out", spy)
    # the decks prove this line miscopied (E's ♦2, its line giving and E playing it, leaves N one), which N's
    # failed throw of trick 14 (♠J ♠8 shown, both played) no longer stops (s19-a2): the proof is turned off here,
    # so that the line is set aside as this test is about (the path where the decks prove neither way)
    import tractor_analysis.engine.deal_lines as deal_lines
    monkeypatch.setattr(deal_lines, "lines_disproven", lambda *a: None)
    got = replay_match(match).hands[0]
    assert any(u.tag == "deal" for u in got.unknowns)          # the line set aside (§1.6)
    assert made_whole == [] and not [d for d in got.derived if d.fact == "deal"]
    monkeypatch.setattr(starting_hands, "_line_left_out", lambda *a: None)
    want = replay_match(match).hands[0]
    assert (got.violations, got.revoke_levels, got.unknowns, got.derived) == (
        want.violations, want.revoke_levels, want.unknowns, want.derived)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 400), which=st.integers(0, 24), seat_shift=st.integers(1, 3))
def test_any_card_left_out_of_a_line_the_deck_proves_changes_no_verdict(seed, which, seat_shift):
    """Invariant: a whole record and the same record with one card left out of a seat's deal line (a seat
    that takes no bottom; the other lines and the bottom whole) give the same points, outcome and
    violations but the two that say the line as written is short (docs/rules.md §1.1, §1.6)."""
    m = simulate_match(8, seed, preset="tournament", max_hands=1)
    text = format_tgn(m)
    (match,), _ = parse_tgn(text)
    h = match.hands[0]
    if len(h.declarations) > 1 or h.dealer is None:
        return
    seat = (h.dealer + seat_shift) % 4
    whole = replay_match(match).hands[0]
    line = _line(text, seat)
    toks = line.split()
    card = toks[1 + which]
    short, _ = _hand(text.replace(line, " ".join(toks[:1 + which] + toks[2 + which:])))
    assert [d.value for d in short.derived if d.fact == "deal"] == [f"{SEAT_TOKENS[seat]}: {card}"]
    assert (short.outcome, short.attackers_total, short.levels_after) == (
        whole.outcome, whole.attackers_total, whole.levels_after)
    extra = [v for v in short.violations if v not in whole.violations]
    assert sorted(v.seat if v.seat is not None else -1 for v in extra) == [-1, seat]
    assert {v.code for v in extra} == {"deal_mismatch"}
    assert [v for v in whole.violations if v not in short.violations] == []


def test_a_line_the_deck_proves_short_is_worded_as_the_records_fault_not_a_short_deal(record):
    """The two ``deal_mismatch`` of a line the deck proves short say what the record did — a line written a card
    short, the pack short of that very card — not "E was dealt 24 cards", which the derived fact beside them
    contradicts (a tester's finding: a referee would sign a misdeal nobody made)."""
    _preset, text, seat = record
    short, card = _without_first_card(text, seat)
    r, _ = _hand(short)
    (own,) = [v for v in r.violations if v.code == "deal_mismatch" and v.seat == seat]
    (pack,) = [v for v in r.violations if v.code == "deal_mismatch" and v.seat is None]
    assert "as written" in own.message_en and "was dealt" not in own.message_en and _shown(card) in own.message_en
    assert "记录中" in own.message_zh and "发到" not in own.message_zh
    assert "as written lack" in pack.message_en and _shown(card) in pack.message_en and "缺" in pack.message_zh
    for v in (own, pack):
        bilingual(f"{v.message_en} / {v.message_zh}")
    # a line short with nothing to prove where its card went: the deal's own words, as before
    cut = _line(text, seat)
    bare, _ = _hand(re.sub(r"^Bottom: .*\n", "", text.replace(cut, " ".join(cut.split()[:-1])), flags=re.M))
    assert any(v.code == "deal_mismatch" and v.seat == seat and "was dealt" in v.message_en for v in bare.violations)

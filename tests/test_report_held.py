"""The hand page's held hands: the compact listing reads back as the hand, with the cards played in
the trick marked (one held copy per card played) and trumps grouped."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from tractor_analysis.reports import build
from tractor_analysis.reports.card_display import display_order

from tractor_analysis.records.cards import TOKEN

_RUN_RE = re.compile(r'<i(?: class="([^"]*)")?>(.*?)</i>')
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def read_held(held_html: str) -> list[tuple[str, bool, bool]]:
    """A compact held listing read back: (token, marked, trump run) per card, in order.
    Checks on the way that each run is one suit (or one joker kind) and is coloured right."""
    cards = []
    for classes, body in _RUN_RE.findall(held_html):
        classes = set(classes.split())
        suit = _SUIT_LETTER.get(body[:1])
        if suit:
            body = body[1:]
        ranks = [(r.removeprefix("<mark>").removesuffix("</mark>"), r.startswith("<mark>"))
                 for r in body.split(" ")]
        red = suit in ("H", "D") or (suit is None and "大王" in body)
        assert ("r" in classes) == red, held_html
        assert suit is not None or len({r for r, _ in ranks}) == 1, held_html  # one joker kind a run
        for r, marked in ranks:
            token = {"大王": "BJ", "小王": "LJ"}[r] if suit is None else suit + r
            cards.append((token, marked, "t" in classes))
    return cards


def test_hand_page_marks_in_each_hand_the_cards_played_in_that_trick(constructed_report):
    model, out = constructed_report
    hv = model.matches[0].hands[0]
    html = build.render_hand(hv)
    for t in hv.tricks:
        section = html.split(f'id="trick-{t.number}"')[1].split("</section>")[0]
        helds = section.split('class="held small"')[1:]
        assert len(helds) == 4
        for seat, held_html in enumerate(helds):
            held = read_held(held_html.split("</div>")[0])
            assert [c for c, _, _ in held] == [TOKEN[k] for k in t.hands_before[seat]]
            marked = [c for c, m, _ in held if m]
            play = t.plays_by_seat[seat]
            expected = sorted(TOKEN[k] for k in play.cards) if play else []
            assert sorted(marked) == expected, (t.number, seat)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 53), max_size=40), st.integers(2, 14),
       st.one_of(st.none(), st.integers(0, 3)), st.booleans(), st.data())
def test_compact_held_listing_reads_back_as_the_hand_with_its_marks_and_trumps(cards, level, trump,
                                                                              twos, data):
    from tractor_analysis.reports.card_display import display_groups
    shown = display_order(cards, level, trump, twos)
    marks = tuple(data.draw(st.lists(st.booleans(), min_size=len(shown), max_size=len(shown))))
    groups = display_groups(level, trump, twos)
    html = build.held_html(shown, marks, groups)
    held = read_held(html)
    assert [(c, m) for c, m, _ in held] == [(TOKEN[k], m) for k, m in zip(shown, marks)]
    assert [t for _, _, t in held] == [groups[k] == 0 for k in shown]   # trumps tinted, only they
    # a run costs its tags and symbol (≤ 23 bytes), a card its rank and a space (≤ 7: 大王), a mark 13
    assert len(html.encode()) <= 23 * html.count("<i") + 7 * len(shown) + 13 * sum(marks)


def test_a_held_card_takes_a_few_bytes_not_a_tile(constructed_report):
    """The four hands before each trick are most of a hand page: one run per suit,
    a few bytes a card (a tile per card made a 2-deck page ~70 KB)."""
    model, out = constructed_report
    hv = model.matches[0].hands[0]
    html = (out / hv.filename).read_text("utf-8")
    helds = re.findall(r'<div class="held small">(.*?)</div>', html)
    cards = sum(len(x) for t in hv.tricks for x in t.hands_before)
    assert len(helds) == 100 and cards == 4 * sum(range(1, 26))
    assert sum(len(h.encode()) for h in helds) < 15 * cards      # the label included; a tile ~45
    assert len(html.encode()) < 65_000                                 # was ~100 KB with tiles


def test_folder_pages_link_the_shared_css_and_js_and_inline_neither(constructed_report):
    _, out = constructed_report
    for p in out.glob("*.html"):
        html = re.sub(r"<svg .*?</svg>", "", p.read_text("utf-8"), flags=re.S)  # a chart's own style stays
        assert "<style" not in html and '<link rel="stylesheet" href="static/report.css">' in html, p.name
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
        assert all('type="application/json"' in a or (a.strip() == 'src="static/report.js"' and not body)
                   for a, body in scripts), p.name
    hand = (out / "m-spring-h1.html").read_text("utf-8")
    assert '<script src="static/report.js"></script>' in hand


@given(st.lists(st.integers(0, 53), max_size=12), st.lists(st.integers(0, 53), max_size=6))
def test_played_marks_mark_one_held_copy_per_card_played(held, played):
    from tractor_analysis.reports.hand_page import played_marks
    marks = played_marks(tuple(held), played)
    assert len(marks) == len(held)
    for k in set(held):
        marked = sum(m for c, m in zip(held, marks) if c == k)
        assert marked == min(held.count(k), played.count(k))

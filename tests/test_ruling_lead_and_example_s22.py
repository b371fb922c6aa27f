"""Two things the ruling page (``tractor ruling``) showed as more than the record proves (session 22).

* "The trick that decided the lead" after a trick the rules replace (a failed throw shown as played, or its forced
  play written wrong, docs/rules.md §4.5): the page showed that trick as written — N's whole throw ♥A ♥Q, W's
  ♠A ♠K "wins", "W won trick 24 with ♠A ♠K" — but what decided who led next is the trick the rules require: N's
  forced ♥Q, each follower following it, W winning with one card of its choosing.  The page now shows that trick,
  and the one written as replaced by it, in both languages.
* "Better play held" of a wrong follow whose ``better`` is one example of the plays that meet the duty (its words say
  "for example / 例如", as ``tractor check`` prints them; no ``better_choices``): the cell showed it alone, as if it
  were the play owed.  It now says "例如 for example" there too.

Each test but the guards (marked) fails on the code before this change.
"""
from __future__ import annotations

from event_helpers import bilingual
from tractor_analysis.engine.lead_decided import lead_decided
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import TOKEN
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.ruling import render_rulings, ruling_pages

from test_equal_follow_choices_s21 import EQUAL_PAIRS, MIXED, ONE_PAIR, OTHER_PAIRS

HEAD = """[Event "Club Night"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "24"]
N: HA HQ C2
E: HK H3 C3
S: H5 H4 C4
W: SA SK SQ
Buried: D10 DK C5 C5 H10 C8 C9 C6
"""
"""Spades trump at 7.  N throws ♥A ♥Q; E's ♥K beats the ♥Q, so the throw fails and N must play ♥Q (§4.5).  W holds
only trumps: it wins the trick as written (♠A ♠K on the throw) and as the rules require it (one spade on ♥Q)."""

SHOWN = HEAD + """24. N: HA HQ, E: HK H3, S: H5 H4, W: SA SK
25. E: C3, S: C4, W: SQ, N: C2
"""
"""The throw written as shown; E leads trick 25 though W won trick 24 either way."""

WRONG_FORCED = HEAD + """24. N: HA HQ -> HA, E: HK, S: H5, W: SA
25. E: C3, S: C4, W: SK, N: C2
"""
"""The throw written failed, its forced play ♥A where the rules require ♥Q."""

AS_WRITTEN = HEAD.replace("N: HA HQ C2", "N: HA C2 C6").replace("C8 C9 C6", "C8 C9 HQ") + """24. N: HA, E: H3, S: H5, W: SA
25. E: C3, S: C4, W: SK, N: C2
"""
"""No throw: the trick as written is the rules' (the guard)."""


def _pages(text: str):
    (match,), _ = parse_tgn(text)
    result = replay_match(match)
    return result.hands[0], ruling_pages([(match, result)])


def _lead_page(text: str):
    h, pages = _pages(text)
    (page,) = [p for p in pages if p.violation.code == "out_of_turn"]
    assert page.trick.number == 25 and page.lead_trick is not None and page.lead_trick.number == 24
    return h, page


def _rules_rows(page):
    return {r.seat: r for r in page.lead_required.rows}


def test_the_lead_after_a_failed_throw_shown_is_decided_by_the_forced_play():
    h, page = _lead_page(SHOWN)
    (v,) = [v for v in h.violations if v.code == "out_of_turn"]
    decided = lead_decided(None, h.tricks, v)
    assert decided.winner == 3 and decided.replaced is not None and decided.replaced.code == "throw_failed"
    assert decided.winning == () and [TOKEN[k] for k in decided.shown] == ["HA", "HQ"]
    rows = _rules_rows(page)           # before: no such trick on the page, only the throw as written
    assert [TOKEN[k] for k in rows["N"].must] == ["HQ"] and rows["N"].leads
    assert rows["W"].wins and not rows["E"].wins and rows["E"].choose == 1
    zh, en = page.lead_note
    assert "N's throw ♥A ♥Q as shown, and the throw failed" in en and "forced play ♥Q" in en
    assert "W wins trick 24 as the rules require it, so W was to lead trick 25" in en
    assert "won trick 24 with ♠A ♠K" not in en                          # before: the written trick's winning play
    assert "北家甩牌 ♥A ♥Q 的原样，甩牌不成立" in zh and "强制出的 ♥Q 代替" in zh and "西家赢得按规则应有的第 24 轮" in zh
    bilingual(f"{en} / {zh}")


def test_the_page_shows_the_rules_trick_and_the_written_one_as_replaced():
    _, page = _lead_page(SHOWN)
    html = render_rulings([page])
    assert "The trick that decided the lead, as the rules require it" in html and "决定首出的一轮（按规则应有的）" in html
    assert "Trick 24 as written (the throw as the record writes it, replaced by the trick above)" in html
    assert "已被上面按规则应有的一轮代替" in html
    assert "The trick that decided the lead</span>" not in html         # the written trick is no longer that


def test_a_forced_play_written_wrong_is_replaced_the_same_way():
    h, page = _lead_page(WRONG_FORCED)
    assert page.lead_required is not None
    assert [TOKEN[k] for k in _rules_rows(page)["N"].must] == ["HQ"] and _rules_rows(page)["W"].wins
    zh, en = page.lead_note
    assert "with a forced play the rules do not require" in en and "forced play ♥Q" in en
    assert "其后强制出的牌不是规则要求的" in zh and "强制出的 ♥Q 代替" in zh
    html = render_rulings([page])
    assert "Trick 24 as written" in html and "→" in html                  # the written attempted -> forced


def test_a_trick_as_written_keeps_its_page():
    # guard (passes before too): no trick replaced — the written trick decided the lead, shown as before
    h, page = _lead_page(AS_WRITTEN)
    assert getattr(page, "lead_required", None) is None
    assert page.lead_note[1] == "W won trick 24 with ♠A, so W was to lead trick 25 (docs/rules.md §4.1)"
    html = render_rulings([page])
    assert "The trick that decided the lead</span>" in html and "as the rules require it" not in html


def _better_cell(text: str) -> tuple[object, str]:
    _, pages = _pages(text)
    (page,) = pages
    html = render_rulings([page])
    start = html.index("Better play held")
    return page, html[start:html.index("</tr>", start)]


def test_an_example_of_the_plays_owed_says_for_example():
    for text in (OTHER_PAIRS, MIXED):
        page, cell = _better_cell(text)
        assert page.better_example                                    # before: no such field
        assert "例如 for example" in cell and "other plays meet the duty as well" in cell and "§5.5" in cell


def test_the_one_play_owed_and_equal_plays_say_no_example():
    # guard (passes before too): the only play that meets the duty, and equal plays all named, are no example
    for text in (ONE_PAIR, EQUAL_PAIRS):
        page, cell = _better_cell(text)
        assert not getattr(page, "better_example", False)
        assert "例如" not in cell and "for example" not in cell

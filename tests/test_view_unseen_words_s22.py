"""``tractor analyse --view`` says which cards each play's deals had unseen (docs/rules.md §15 item 3, session 22):
the other hands and the bottom for every seat but the one who buried it (the dealer, or after 炒地皮 the rebidder
who buried last); a bury the engine derived (no ``Buried:`` line) is dealt like a stated one; where the bottom's
cards are not known, that they are not among them and its points count in every deal.  Before, the words said
"the unseen cards" and nothing of the bottom; then (84bcbb9) that under 炒地皮 the view took the bottom as the
dealer's, and that a record without ``Buried:`` had the bottom left out of every seat's unseen cards."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.knowledge import BOTTOM, knowledge_at
from tractor_analysis.analysis.view import view_play
from tractor_analysis.cli.analyse_cmd import VIEW_NOTE, view_text
from tractor_analysis.cli.main import main
from tractor_analysis.engine.declarations import bottom_takers
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match

DEALT = "unseen: the other hands and the bottom's 8 cards / 未见：其余三家的手牌与底牌 8 张"
OWN = "unseen: the other hands; the bottom known: this seat, the dealer, buried it / 未见：其余三家的手牌；底牌已知：是本座位（庄家）扣的"


def _text(drop_buried: bool = False) -> str:
    text = format_tgn(simulate_match(11, 0, max_hands=1))
    if drop_buried:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("Buried:")) + "\n"
    return text


def _last_trick_views(text: str, rules=None):
    """``(h, record, [(seat, view, knowledge)])`` of every play of the hand's last trick, judged from its seat."""
    (m,), _ = parse_tgn(text)
    h, record = replay_match(m, rules).hands[0], m.hands[0]
    i = len(h.tricks) - 1
    out = [(p.seat, view_play(h, record, i, j, samples=20), knowledge_at(h, record, i, j))
           for j, p in enumerate(h.tricks[i].plays)]
    return h, record, out


def test_every_seat_but_the_dealer_has_the_bottom_among_its_unseen_cards():
    h, record, views = _last_trick_views(_text())
    assert record.buried is not None and h.dealer is not None
    for seat, v, kn in views:
        line = view_text(v)
        if seat == h.dealer:
            assert kn.sizes[BOTTOM] == 0 and OWN in line and DEALT not in line
        else:
            assert kn.sizes[BOTTOM] == 8 and DEALT in line and "known" not in line


def test_a_record_without_buried_deals_the_derived_bury_and_says_so_as_a_stated_one():
    h, record, views = _last_trick_views(_text(drop_buried=True))
    assert record.buried is None and h.bottom_points is not None
    for seat, v, kn in views:
        line = view_text(v)
        if seat == h.dealer:
            assert kn.sizes[BOTTOM] == 0 and OWN in line
        else:
            assert kn.sizes[BOTTOM] == 8 and DEALT in line and "Buried:" not in line


def test_the_words_of_a_bottom_whose_cards_are_not_known():
    from tractor_analysis.engine.explain_analysis import view_unseen

    zh, en = view_unseen(0, False, 25, 0)
    assert en == ("unseen: the other hands; the bottom's cards not among them (the record gives no Buried: line, "
                  "nor can they be derived): its 25 points, derived from the record, counted in every deal")
    assert zh == "未见：其余三家的手牌；底牌不在其中（记录没有 Buried: 一行，也推不出）：每种牌局都按由记录推出的底分 25 分计"


def test_after_a_rebid_the_words_say_who_buried_last_and_where_the_dealers_bury_is():
    rules, _ = build_ruleset("standard", {"rebid_after_bottom": "on"})
    match = simulate_match(3, 3, rules, max_hands=1)
    h, record, views = _last_trick_views(format_tgn(match), rules)
    last = bottom_takers(h.dealer, record.declarations)[-1]
    assert last != h.dealer, "the hand's bottom should be buried last by a rebidder"
    tag_en, tag_zh = f" (炒地皮: {'NESW'[last]} buried it last)", "（炒地皮：最后扣底的是西家）"
    assert last == 3            # W (西家)
    for seat, v, kn in views:
        line = view_text(v)
        assert "known to the dealer" not in line and "a limit" not in line and "局限" not in line
        if seat == last:
            assert kn.sizes[BOTTOM] == 0
            assert ("unseen: the other hands; the bottom known: this seat took it after the dealer (炒地皮) and buried "
                    "it last / 未见：其余三家的手牌；底牌已知：是本座位炒地皮后最后扣的") in line
        elif seat == h.dealer:
            assert kn.sizes[BOTTOM] == 8
            assert ("unseen: the other hands and the bottom's 8 cards" + tag_en + "; the 8 cards this seat buried "
                    "before, in every deal with W (held or played since) or in the bottom / 未见：其余三家的手牌与底牌 "
                    "8 张" + tag_zh + "；本座位先前扣下的 8 张，每种牌局都在西家手中（或已由其打出）或底牌中") in line
        else:
            assert kn.sizes[BOTTOM] == 8 and (DEALT.replace(" / ", tag_en + " / ") + tag_zh) in line


def test_the_run_note_says_the_bottom_is_unseen_but_to_the_seat_who_buried_it(tmp_path):
    assert ("for every seat but the one who buried it — the dealer, or after 炒地皮 the rebidder who buried last — "
            "the bottom") in VIEW_NOTE
    assert "以及除扣底者——庄家，或炒地皮后最后扣底的一家——外各家未见的底牌" in VIEW_NOTE
    f = tmp_path / "m.tgn"
    f.write_text(_text(), encoding="utf-8")
    r = CliRunner().invoke(main, ["analyse", str(f), "--last", "1", "--view", "--samples", "20"])
    assert r.exit_code == 0, r.output
    assert VIEW_NOTE in r.output and r.output.count(DEALT) == 3 and r.output.count(OWN) == 1


@pytest.mark.parametrize("drop", [False, True])
def test_the_words_are_bilingual_and_say_the_same_count(drop):
    _, _, views = _last_trick_views(_text(drop_buried=drop))
    for _, v, _ in views:
        zh, en = v.bottom.words()
        assert en.startswith("unseen: ") and zh.startswith("未见：")
        assert [w for w in en.split() if w.isdigit()] == [w for w in zh.replace("：", " ").split() if w.isdigit()]


def test_the_words_of_a_bottom_of_one_card_and_of_none():
    from tractor_analysis.engine.explain_analysis import view_unseen

    zh, en = view_unseen(1, False, None, 0)
    assert en == "unseen: the other hands and the bottom's 1 card" and zh == "未见：其余三家的手牌与底牌 1 张"
    zh, en = view_unseen(0, False, None, 0)          # a Buried: line of no card, the seat not the dealer
    assert en.endswith("the bottom holds no card") and zh.endswith("底牌无牌")

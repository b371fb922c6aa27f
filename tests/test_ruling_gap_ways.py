"""A ruling on a hand whose left-out plays can be filled in several ways (which of three cards N played
in tricks 3 and 10): the hand before the ruled trick shows every card all ways agree on and "+n ?" for
the cards N holds that the record cannot name — never a seat a card short — and a trick whose points the
ways disagree on reads "? … not known", never "None".

tests/data/gaps/two-ways-ruled.tgn: simulate seed 2, tournament, 2 hands, violation rate 0.06; N's
plays in hand 1's tricks 3 and 10 taken out.  N's deal line less its later plays leaves it ♦Q ♦9 ♦7 for
them: two in trick 3, the third in trick 10 — 3 ways, legal or not.  Before trick 4 N holds one of the
three, not known which: S's follow_suit in trick 4 is ruled.  (Before the eighth stop the ways were N's
legal follows only, none of which fit, and N's follow_suit in trick 11 was ruled with a card not known;
filled in every way, both gaps are past by trick 11 and the ways agree on every trick's points: the
record cut after trick 14 leaves N's later plays fewer, and tricks 3 and 10's points not known.)"""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.verdicts import TrickResult
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.reports.ruling_throw import _played_line

RECORD = Path(__file__).parent / "data" / "gaps" / "two-ways-ruled.tgn"
N = 0


def _ruling(tmp_path, trick: int) -> str:
    out = tmp_path / f"ruling-{trick}.html"
    r = CliRunner().invoke(main, ["ruling", str(RECORD), "--hand", "1", "--trick", str(trick), "-o", str(out)])
    assert r.exit_code in (0, 1), r.output
    return out.read_text("utf-8")


def test_the_ruled_trick_shows_the_card_not_known_which_and_whole_hands(tmp_path):
    (m,), _ = parse_tgn(RECORD.read_text("utf-8"))
    h = replay_match(m).hands[0]
    assert [(v.code, v.trick, v.seat) for v in h.violations if v.trick == 4] == [("follow_suit", 4, 2)]
    assert h.cards_open(4) == (1, 0, 0, 0)                # N holds one of ♦Q ♦9 ♦7, not known which
    page = _ruling(tmp_path, 4)
    text = re.sub(r"<[^>]+>", " ", page)
    assert re.search(r"\+1 \?", text) and "未知哪张 not known which" in text and "None" not in text
    counts = [int(n) for n in re.findall(r'<span class="n">\((\d+)\)</span>', page)]
    assert len(counts) % 4 == 0 and set(counts) == {19}, counts          # every seat holds as many
    # by trick 11 both gaps are past, and every way leaves N the same cards: nothing not known
    assert h.cards_open(11) == (0, 0, 0, 0)
    page = _ruling(tmp_path, 11)
    text = re.sub(r"<[^>]+>", " ", page)
    assert not re.search(r"\+\d+ \?", text) and "None" not in text
    assert set(int(n) for n in re.findall(r'<span class="n">\((\d+)\)</span>', page)) == {10}


def test_a_trick_whose_points_are_not_known_is_said_so_in_the_throw_ruling():
    text = RECORD.read_text("utf-8")
    text = text[:text.index("15. W: H6")] + text[text.index('[Claim "80"]'):]     # cut after trick 14
    (m,), _ = parse_tgn(text)
    h = replay_match(m).hands[0]
    open_tricks = [t for t in h.tricks if t.points is None]
    assert [t.number for t in open_tricks] == [3, 10]    # the ways disagree on these tricks' points
    zh, en = _played_line(None, None, open_tricks[0])
    assert "not known" in en and "未知" in zh and "None" not in zh + en
    assert isinstance(open_tricks[0], TrickResult)

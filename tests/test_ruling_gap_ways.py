"""A ruling on a hand whose left-out plays can be filled in two ways that disagree (which of two
cards N played in tricks 3 and 10): the hand before the ruled trick shows every card all ways agree
on and "+n ?" for the cards N holds that the record cannot name — never a seat a card short — and a
trick whose points the ways disagree on reads "? … not known", never "None".

tests/data/gaps/two-ways-ruled.tgn: simulate seed 2, tournament, 2 hands, violation rate 0.06; N's
plays in hand 1's tricks 3 and 10 taken out; N's follow_suit in trick 11 is ruled."""
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


def test_the_ruled_trick_shows_the_card_not_known_which_and_whole_hands(tmp_path):
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(RECORD), "--hand", "1", "--trick", "11", "-o", str(out)])
    assert r.exit_code in (0, 1), r.output
    page = out.read_text("utf-8")
    text = re.sub(r"<[^>]+>", " ", page)
    assert re.search(r"\+\d+ \?", text) and "未知哪张 not known which" in text and "None" not in text
    counts = [int(n) for n in re.findall(r'<span class="n">\((\d+)\)</span>', page)]
    assert len(counts) % 4 == 0 and len(set(counts)) == 1, counts      # every seat holds as many


def test_a_trick_whose_points_are_not_known_is_said_so_in_the_throw_ruling():
    (m,), _ = parse_tgn(RECORD.read_text("utf-8"))
    h = replay_match(m).hands[0]
    open_tricks = [t for t in h.tricks if t.points is None]
    assert open_tricks                                   # the ways disagree on some trick's points
    zh, en = _played_line(None, None, open_tricks[0])
    assert "not known" in en and "未知" in zh and "None" not in zh + en
    assert isinstance(open_tricks[0], TrickResult)

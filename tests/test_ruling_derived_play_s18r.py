"""A fault of a play the decks prove miscopied: the ruling page and ``tractor check`` say what was played and what
was written (docs/rules.md §1.6; engine/deal_lines.py, engine/derived_in_place.py).

tests/test_readings_agree_s18d.py's PAIR (the sample's first hand): ``2. … N: DA DA`` where N's line gives one ♦A
and the decks' other ♦A is S's, which S plays; the engine derives N's play ``2: N DJ DA`` and judges N's
follow_pair on it, the violation's ``played`` keeping the cards as written (♦A ♦A).  Before, the ruling's trick
table said "记录未写 not in the record — 推出 derived: ♦A ♦J" (the play IS in the record, written otherwise), and
the violation box and ``check`` said "Played ♦A ♦A" — cards the tool says cannot be what was played.  Now both show
the derived play as played and the cards as written beside it, as the hand page does since d45dca1.  Controls: a
play the record gives and the decks do not dispute (``2. … N: DJ DA``, the same fault as written) stays "played";
the record's own findings on the written play (not_in_hand) keep the cards as written.
"""
from __future__ import annotations

import html
import re

from click.testing import CliRunner

from test_readings_agree_s18d import HAND_1, PAIR, _changed
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.engine.derived_in_place import derived_in_place

N = 0
AS_WRITTEN = _changed(_changed(HAND_1, "2. W: DK", "2. W: DK DK, N: DJ DA, E: D10 D4, S: D4 D3"),
                      "3. W: D7", "3. W: D7, N: DJ, E: D8, S: D5")
"""N plays ♦J ♦A holding ♦J ♦J, and the record writes it so: the same fault, nothing derived."""


def _ruling(tmp_path, text: str) -> str:
    path = tmp_path / "rec.tgn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)])
    assert r.exit_code == 0 and out.exists(), r.output
    page = out.read_text("utf-8")
    assert page.count('<article class="ruling-page"') == 1 and 'data-code="follow_pair"' in page
    return page


def _check(tmp_path, text: str) -> list[str]:
    path = tmp_path / "rec.tgn"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(path)])
    return [line.strip() for line in r.output.splitlines()]


def _titles(fragment: str) -> list[str]:
    return re.findall(r'title="(\w+)"', fragment)


def _north_played(page: str) -> str:
    """The trick table's "Played" cell of N's row."""
    table = page[page.index('<table class="trick">'):]
    table = table[:table.index("</table>")]
    row = table[table.index("<b>N</b>"):]
    return row[row.index('<td class="played">'):row.index("</tr>")]


def _plays_box(page: str) -> str:
    box = page[page.index('<section class="finding">'):]
    return box[box.index('<table class="plays">'):box.index("</table>")]


def test_the_ruled_trick_shows_the_derived_play_with_the_cards_written(tmp_path):
    cell = _north_played(_ruling(tmp_path, PAIR))
    text = html.unescape(re.sub(r"<[^>]+>", " ", cell))
    assert "not in the record" not in text and "记录未写" not in text      # before: "记录未写 not in the record"
    derived, written = cell.split("written / 记录为:")
    assert "推出 derived" in derived and sorted(_titles(derived.split('class="cards"', 1)[1])) == ["DA", "DJ"]
    assert _titles(written) == ["DA", "DA"]


def test_the_violation_box_says_the_play_derived_and_the_play_written(tmp_path):
    box = _plays_box(_ruling(tmp_path, PAIR))
    rows = re.findall(r"<tr><th>(.*?)</th><td>(.*?)</td></tr>", box, re.S)
    labels = [label for label, _ in rows]
    assert "实际出牌 Played" not in labels        # before: "实际出牌 Played ♦A ♦A"
    assert labels[:2] == ["实出（推出） Played (derived)", "记录为 Written"]
    assert sorted(_titles(rows[0][1])) == ["DA", "DJ"] and _titles(rows[1][1])[:2] == ["DA", "DA"]
    note = html.unescape(re.sub(r"<[^>]+>", " ", rows[1][1]))
    assert "cannot be what was played" in note and "不可能是实际出牌" in note


def test_check_says_the_play_derived_and_the_play_written(tmp_path):
    lines = _check(tmp_path, PAIR)
    i = next(k for k, line in enumerate(lines) if line.startswith("✗") and "follow_pair" in line)
    fault = lines[i + 1:lines.index(next(x for x in lines[i + 1:] if x.startswith("better")))]
    assert fault[-1] == "played (derived) 实出（推出） ♦J ♦A; written 记录为 ♦A ♦A"      # before: "played 实出  ♦A ♦A"
    assert not any(x.startswith("played 实出") for x in fault)
    # the record's own finding is about the play as written: its cards stay as written
    j = next(k for k, line in enumerate(lines) if "not_in_hand" in line)
    assert "played 实出  ♦A ♦A" in lines[j:j + 6]


def test_control_a_play_as_written_is_the_play(tmp_path):
    (match,), _ = parse_tgn(AS_WRITTEN)
    h = replay_match(match).hands[0]
    (v,) = [v for v in h.violations if v.code == "follow_pair"]
    assert (v.trick, v.seat, not h.derived_plays) == (2, N, True) and derived_in_place(v, h) is None
    box = _plays_box(_ruling(tmp_path, AS_WRITTEN))
    assert "实际出牌 Played" in box and "推出" not in box and "记录为" not in box
    cell = _north_played(_ruling(tmp_path, AS_WRITTEN))
    assert "记录为" not in cell and sorted(_titles(cell)) == ["DA", "DJ"]
    lines = _check(tmp_path, AS_WRITTEN)
    assert "played 实出  ♦J ♦A" in lines and not any("(derived)" in x for x in lines)

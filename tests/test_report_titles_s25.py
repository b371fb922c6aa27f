"""A hand whose number is not known (``[Hand "?"]`` where another hand has its place number) is named by its place on
the report's pages as ``tractor check`` names it — its hand page's title, crumbs and heading, the match page's row,
a printed ruling — never "Hand 0", the number it is stored under, which the record does not give it."""
from __future__ import annotations

import re

from cli_runs import run_in
from test_words_s24 import UNPLACED


def test_the_pages_name_a_hand_without_a_number_by_its_place(tmp_path):
    path = tmp_path / "unplaced.tgn"
    path.write_text(UNPLACED, encoding="utf-8")
    out = tmp_path / "rep"
    r = run_in("report", path, "-o", out)
    assert r.returncode == 2 and "report: 1 match(es), 5 hand(s)" in r.stderr, r.stderr     # (2: a parse error)
    pages = {p.name: p.read_text(encoding="utf-8") for p in out.rglob("*.html")}
    third = [t for t in pages.values() if "<title>The 3rd hand in the file ·" in t]
    assert len(third) == 1, sorted(pages)
    page = third[0]
    assert "The 3rd hand in the file / 文件中第3手" in page
    assert not re.search(r"Hand 0\b|第0局", page)
    # the hands the record numbers keep their numbers
    assert sum("<title>Hand 3 ·" in t for t in pages.values()) == 1
    assert sum("<title>Hand 5 ·" in t for t in pages.values()) == 1
    (match_page,) = [t for t in pages.values() if "<th>hand / 局</th>" in t]
    rows = re.findall(r'<td class="title">(?:<a href="[^"]*">)?([^<]*)', match_page)
    assert rows == ["Hand 1", "Hand 2", "The 3rd hand in the file", "Hand 3", "Hand 5"]

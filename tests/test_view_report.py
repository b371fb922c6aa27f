"""Issue 24: the report's hand page shows both costs side by side (all hands open / from the
player's seat) with the same marks, and says in a sentence (中文 + English) where a play was a
blunder open but the best play from the seat; everything from the record is escaped.  The page
is parsed (html.parser), not searched for strings."""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from tractor_analysis.analysis.hand_analysis import mark_of
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import load
from tractor_analysis.simulate import simulate, write_matches

pytestmark = pytest.mark.xdist_group("test_view_report")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

NAME = '<img src=x onerror="alert(1)">&陈'
LAST, SAMPLES = 1, 3


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


class _Page(HTMLParser):
    """The analysis section of a hand page: its table rows (cells by ``data-label`` / class, text
    and the titles of the cards in them) and the items of the seat-best list, as text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0            # inside <section id="analysis">: its nesting depth
        self.headers: list[str] = []
        self.rows: list[dict] = []
        self.items: list[dict] = []
        self.notes: list[str] = []
        self._cell = self._row = self._item = self._th = self._note = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and a.get("id") == "analysis":
            self.depth = 1
            return
        if not self.depth:
            return
        if tag == "section":
            self.depth += 1
        if tag == "th":
            self._th = []
        elif tag == "tr" and "data-trick" in a:
            self._row = {"trick": int(a["data-trick"]), "seat": a["data-seat"], "cells": []}
        elif tag == "td" and self._row is not None:
            self._cell = {"label": a.get("data-label"), "class": a.get("class"), "text": [], "cards": []}
        elif tag == "li" and "data-trick" in a:
            self._item = {"trick": int(a["data-trick"]), "seat": a["data-seat"], "text": [], "cards": []}
        elif tag == "p" and a.get("id") == "analysis-view-note":
            self._note = []
        if "title" in a:
            for holder in (self._cell, self._item):
                if holder is not None:
                    holder["cards"].append(a["title"])

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag == "section":
            self.depth -= 1
        elif tag == "th" and self._th is not None:
            self.headers.append("".join(self._th).strip())
            self._th = None
        elif tag == "td" and self._cell is not None:
            self._cell["text"] = " ".join("".join(self._cell["text"]).split())
            self._row["cells"].append(self._cell)
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None
        elif tag == "li" and self._item is not None:
            self._item["text"] = " ".join("".join(self._item["text"]).split())
            self.items.append(self._item)
            self._item = None
        elif tag == "p" and self._note is not None:
            self.notes.append("".join(self._note))
            self._note = None

    def handle_data(self, data):
        for holder in (self._th, self._note):
            if holder is not None:
                holder.append(data)
        for holder in (self._cell, self._item):
            if holder is not None:
                holder["text"].append(data)


def _parse(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text("utf-8"))
    return p


def _set_play(ds: Path, hand: int, trick: int, seat: str, **values) -> None:
    """Rewrite one play's analysis columns in the dataset's plays part (to hold a case the small
    simulated sample may lack: a blunder open that is best from the seat)."""
    (part,) = (ds / "plays").glob("*.parquet")
    t = pq.read_table(part)
    rows = t.to_pylist()
    hit = [r for r in rows if r["hand_no"] == hand and r["trick_no"] == trick and r["seat"] == seat]
    assert len(hit) == 1
    hit[0].update(values)
    pq.write_table(pa.Table.from_pylist(rows, schema=t.schema), part)


@pytest.fixture(scope="module")
def viewed(tmp_path_factory):
    root = tmp_path_factory.mktemp("view-report")
    write_matches(simulate(1, 44, max_hands=2), str(root / "rec"))
    (record,) = (root / "rec").glob("*.tgn")
    text = record.read_text("utf-8")
    north = text.split('[North "', 1)[1].split('"', 1)[0]
    record.write_text(text.replace(f'[North "{north}"]', f'[North "{NAME.replace(chr(34), "")}"]'), "utf-8")
    ds = root / "ds"
    r = _invoke("ingest", record, "-o", ds, "--analyse", LAST, "--view", "--samples", SAMPLES, "-q")
    assert r.exit_code == 0, r.output
    plays = load(str(ds)).plays
    judged = plays[plays["view_deals"].notna()].sort_values(["hand_no", "trick_no", "position"])
    n = judged[judged["seat"] == "N"].iloc[0]
    # N's play: a blunder with all hands open, best from the seat (exact over its deals)
    _set_play(ds, int(n.hand_no), int(n.trick_no), "N", cost=45, view_cost=0.0, view_exact=True, view_stderr=0.0)
    e = judged[judged["seat"] == "E"].iloc[0]
    # E's play: costly from the seat too, sampled (the mark by the view cost, the spread shown)
    _set_play(ds, int(e.hand_no), int(e.trick_no), "E", cost=22, view_cost=41.5, view_exact=False, view_stderr=3.25)
    w = judged[judged["seat"] == "W"].iloc[0]
    _set_play(ds, int(w.hand_no), int(w.trick_no), "W", view_value=None, view_value_best=None, view_best=None,
              view_cost=None, view_stderr=None)       # withheld: a search ran out
    r = _invoke("report", ds, "-o", root / "rep")
    assert r.exit_code == 0, r.output
    return ds, root / "rep", (int(n.hand_no), int(n.trick_no)), (int(e.hand_no), int(e.trick_no)), \
        (int(w.hand_no), int(w.trick_no))


def _page(rep: Path, hand: int) -> _Page:
    (path,) = rep.glob(f"m-*-h{hand}.html")
    return _parse(path)


def _cell(row: dict, label: str) -> dict:
    (c,) = [c for c in row["cells"] if c["label"] == label]
    return c


def test_both_costs_side_by_side_with_the_same_marks(viewed):
    ds, rep, (nh, nt), (eh, et), (wh, wt) = viewed
    plays = load(str(ds)).plays
    judged = plays[plays["view_deals"].notna()]
    for hand, rows in judged.groupby("hand_no"):
        page = _page(rep, int(hand))
        assert "cost, all hands open / 明手代价" in page.headers and "cost from the seat / 座位视角代价" in page.headers
        assert page.notes and "From the seat" in page.notes[0] and "座位视角" in page.notes[0]
        shown = {(r["trick"], r["seat"]): r for r in page.rows}
        assert len(shown) == len(rows)
        for row in rows.itertuples():
            r = shown[(int(row.trick_no), row.seat)]
            seat_cell = _cell(r, "from the seat / 座位视角")["text"]
            open_cell = _cell(r, "cost / 代价")["text"]
            if row.view_cost is None or row.view_cost != row.view_cost:
                assert seat_cell == "not solved within budget / 未在预算内解出"
                continue
            mark = mark_of(row.view_cost)
            if mark:
                assert seat_cell.startswith(f"{mark[0]} {row.view_cost:.1f} {mark[1]}"), seat_cell
            elif row.view_cost:
                assert seat_cell.startswith(f"{row.view_cost:.1f} ")
            else:
                assert seat_cell.startswith("0 ")
            n = int(row.view_deals)
            deals = f"{n} deal" if n == 1 else f"{n} deals"
            if row.view_exact:
                assert f"exact, {n} distinct deal{'' if n == 1 else 's'} / 精确，{n} 种不同牌局" in seat_cell
            else:
                assert f"±{row.view_stderr:.1f}, {n} sampled {deals.split()[1]} / 抽样 {n} 副牌局" in seat_cell
            open_mark = mark_of(int(row.cost))
            assert open_cell.startswith(f"{open_mark[0]} {int(row.cost)}") if open_mark else True
    e = {(r["trick"], r["seat"]): r for r in _page(rep, eh).rows}[(et, "E")]
    assert _cell(e, "from the seat / 座位视角")["text"].startswith("?? 41.5 blunder 大错 ±3.2")
    assert _cell(e, "cost / 代价")["text"].startswith("? 22 mistake 失误")


def test_a_blunder_open_that_is_best_from_the_seat_gets_a_sentence_in_both_languages(viewed):
    ds, rep, (nh, nt), (eh, et), _ = viewed
    page = _page(rep, nh)
    items = [i for i in page.items if (i["trick"], i["seat"]) == (nt, "N")]
    assert len(items) == 1
    text = items[0]["text"]
    en, zh = text.split(" / ", 1)
    assert f"Trick {nt}, N {NAME.replace(chr(34), '')}:" in en
    assert "was a blunder with all hands open (cost 45) but the best play on what the player could know" in en
    assert f"第{nt}轮，N {NAME.replace(chr(34), '')}：" in zh and "在双明手下是大错（代价 45）" in zh and "最佳出牌" in zh
    assert "exact," in en and "精确" in zh
    plays = load(str(ds)).plays
    row = plays[(plays.hand_no == nh) & (plays.trick_no == nt) & (plays.seat == "N")].iloc[0]
    # the cards named in the sentence are the play's, in both halves
    assert items[0]["cards"] == list(row["cards"]) * 2
    # only that play: E's is costly from the seat too, W's view withheld
    every = [(i["trick"], i["seat"]) for h in {nh, eh} for i in _page(rep, h).items]
    assert every == [(nt, "N")]


def test_the_page_escapes_the_record_in_the_sentence_and_the_table(viewed):
    _, rep, (nh, _), _, _ = viewed
    (path,) = rep.glob(f"m-*-h{nh}.html")
    raw = path.read_text("utf-8")
    bad = NAME.replace('"', "")
    assert bad not in raw and "<img" not in raw
    assert "&lt;img src=x onerror=alert(1)&gt;&amp;陈" in raw
    page = _parse(path)
    assert any(bad in i["text"] for i in page.items)          # the parser reads back the name itself


def test_without_view_the_page_has_one_cost_and_no_sentence(tmp_path):
    write_matches(simulate(1, 44, max_hands=1), str(tmp_path / "rec"))
    r = _invoke("ingest", tmp_path / "rec", "-o", tmp_path / "ds", "--analyse", 1, "-q")
    assert r.exit_code == 0, r.output
    r = _invoke("report", tmp_path / "ds", "-o", tmp_path / "rep")
    assert r.exit_code == 0, r.output
    page = _page(tmp_path / "rep", 1)
    assert page.rows and "cost / 代价" in page.headers and "cost from the seat / 座位视角代价" not in page.headers
    assert not page.items and not page.notes
    assert all(c["label"] != "from the seat / 座位视角" for r in page.rows for c in r["cells"])

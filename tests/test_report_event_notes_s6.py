"""The report's event part shows what ``tractor standings`` / ``ratings`` show (probe s6, follow-up).

* The printable page draws each run of spaces of an event name written two ways as a box, so that
  "Lantern  Cup" and "Lantern Cup" are seen to differ; the report's index showed the same note with
  the spaces collapsed by the browser.
* ``tractor ratings`` names the matches whose ``[Date]`` it cannot read, or reads only in part (their
  place in the rating order); the report rates in the same order and said nothing.

Each test fails on the code before.  The event is tests/data/event (8 teams, 3 rounds, 4 tables).
"""
from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from event_helpers import DATE_TAG, EVENT, EVENT_TAG, NAME, bilingual

from tractor_analysis.cli.main import main
from tractor_analysis.reports.build import environment

SPACES = "differ only in letter case or spacing"
WS_TAG = re.compile(r'<span class="ws(?: other)?" title="(?:U\+[0-9A-F]{4} ?)+">|</span>')


def _event(tmp_path: Path, name: str = NAME, spaced: str | None = None, dates: dict | None = None) -> Path:
    """The event's records, its [Event] written ``name`` (``spaced`` in r2t1.tgn), ``dates``: file → [Date]."""
    folder = tmp_path / "ev"
    folder.mkdir()
    for f in EVENT.glob("*.tgn"):
        text = f.read_text("utf-8")
        assert EVENT_TAG in text and DATE_TAG in text
        event = spaced if spaced is not None and f.name == "r2t1.tgn" else name
        text = text.replace(EVENT_TAG, f'[Event "{event}"]')
        text = text.replace(DATE_TAG, f'[Date "{(dates or {}).get(f.name, "2026-05-16")}"]')
        (folder / f.name).write_text(text, "utf-8")
    return folder


def _report(folder: Path) -> Path:
    out = folder.parent / "rep"
    r = CliRunner().invoke(main, ["report", str(folder), "-o", str(out), "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    return out


def _event_section(index: str) -> str:
    start = index.index('<section class="box ev-index" id="event">')
    return index[start:index.index("</section>", start)]


def _items(page: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", page, re.S)


def _text(item: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", item))


# --- 1. the spaces of event names written two ways ------------------------------------------------------

def test_the_index_shows_the_spaces_of_event_names_that_differ_only_in_spacing(tmp_path):
    name, spaced = "Lantern <Cup> & 2026", "Lantern  <Cup> & 2026"
    # every [Date] read whole, however written: no note on the ratings' order
    report = _report(_event(tmp_path, name, spaced, dates={"r2t3.tgn": "2026/5/16", "r3t1.tgn": "2026年5月16日"}))
    index = (report / "index.html").read_text("utf-8")
    section = _event_section(index)
    assert "等级分的计算顺序" not in section and "[Date]" not in section
    item = next(li for li in _items(section) if SPACES in li)
    # each run of spaces of each name the note quotes is a box: the two spaces, and the one
    assert '<span class="ws" title="U+0020 U+0020">  </span>' in item          # before: no box
    assert '<span class="ws" title="U+0020"> </span>' in item
    # the rest of the note escaped: the only tags are the boxes
    assert not WS_TAG.sub("", item).count("<") and "&lt;Cup&gt; &amp;" in item and "<Cup>" not in item
    text = _text(item)
    assert f'"{spaced}"' in text and f'"{name}"' in text
    en, zh = bilingual(text)
    assert SPACES in en and f'"{spaced}"' in zh
    css = (report / "static" / "event.css").read_text("utf-8")
    assert ".ws" in css and "white-space: pre" in css                          # before: no rule for the box
    assert 'href="static/event.css"' in index
    # the printable page keeps its boxes and their rules
    sheet = (report / "standings-print.html").read_text("utf-8")
    assert '<span class="ws" title="U+0020 U+0020">  </span>' in sheet and "white-space: pre" in sheet


def test_the_report_templates_mark_spaces_from_escaped_pieces():
    names = ["<x>  y", "<x> y"]
    note = 'names "<x>  y" and "<x> y" & <b>"<x>\u3000y"</b> / 名称 "<x>  y"'
    out = environment().from_string("{{ n | show_spaces(names) }}").render(n=note, names=names)
    assert out == ('names &#34;&lt;x&gt;<span class="ws" title="U+0020 U+0020">  </span>y&#34; and '
                   '&#34;&lt;x&gt;<span class="ws" title="U+0020"> </span>y&#34; &amp; '
                   '&lt;b&gt;&#34;&lt;x&gt;\u3000y&#34;&lt;/b&gt; / 名称 '
                   '&#34;&lt;x&gt;<span class="ws" title="U+0020 U+0020">  </span>y&#34;')


# --- 2. the [Date]s the rating order cannot read whole ---------------------------------------------------

@pytest.mark.parametrize("date, says_en, says_zh", [
    ("06/06/2026", "not read as a calendar date", "不作猜测"),
    ("2026.05.??", "after every match dated within 2026-05", "排在 2026-05 内所有有确切日期的比赛之后"),
])
def test_the_index_names_a_date_the_rating_order_cannot_read_whole(tmp_path, date, says_en, says_zh):
    folder = _event(tmp_path, dates={"r2t3.tgn": date})
    cli = CliRunner().invoke(main, ["ratings", str(folder)])
    assert cli.exit_code == 0 and f'("{date}")' in cli.stderr                  # tractor ratings says it
    index = (_report(folder) / "index.html").read_text("utf-8")
    section = _event_section(index)
    assert "The order of the ratings / 等级分的计算顺序" in section              # before: no such list
    notes = [_text(li) for li in _items(section) if f'("{date}")' in _text(li)]
    assert len(notes) == 1
    en, zh = bilingual(notes[0])
    assert says_en in en and says_zh in zh
    # the record named as the other notes of the index name it: its label, then its path
    assert f"{NAME} · round 2 · table 3 · {date} (" in en and "r2t3.tgn)" in en
    assert f"{NAME} · 第 2 轮 · 第 3 桌 · {date}（" in zh and '[Round "2"]' not in zh
    assert f'&#34;{date}&#34;' in section                                   # escaped as record text


"""What a new user tripped on in the report's pages (issue 26), in headless Chromium: chart
legends over the data, a hand page that opened scrolled to trick 1, a two-row sticky stepper
covering the trick, phone tables (numbers, names, headers), the printed index (headings left
at a page's foot, scroll hints on paper) and the analysis table on a phone.

The report is ``make demo``'s: ``tractor ingest sample_logs/ --analyse 2`` then ``tractor
report``.  Chromium is ``TRACTOR_CHROMIUM`` or ``/usr/bin/chromium``; without it (or without
playwright) each test skips, saying why.
"""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pdf_structure import headings_and_what_follows
from test_browser import ARTIFACTS, Watched, _needs_a_browser, browser  # noqa: F401  (fixtures)

from tractor_analysis.cli.main import main

pytestmark = pytest.mark.xdist_group("test_browser_issue26")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESK = {"viewport": {"width": 1280, "height": 900}}
SIZES = pytest.mark.parametrize("size", [PHONE, DESK], ids=["390x844", "1280x900"])


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    root = tmp_path_factory.mktemp("demo")
    r = CliRunner().invoke(main, ["ingest", str(ROOT / "sample_logs"), "-o", str(root / "dataset"),
                                  "--analyse", "2", "-q"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["report", str(root / "dataset"), "-o", str(root / "report"), "-q"])
    assert r.exit_code == 0, r.output
    return root / "report"


def _open(browser, size, url):
    w = Watched(browser, **size)
    w.page.goto(url)
    w.page.wait_for_load_state("load")
    w.page.wait_for_timeout(150)
    return w


def _hand_with_analysis(demo):
    return next(p for p in sorted(demo.glob("*-h*.html")) if 'class="data analysis' in p.read_text("utf-8"))


# --- 1. legends go where no data is -----------------------------------------------------

_LEGEND_CHECK = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const meets = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
  const out = [];
  for (const svg of document.querySelectorAll('figure.chart svg')) {
    const title = svg.getAttribute('aria-label');
    const legend = svg.querySelector('g.legend') || svg.querySelector('g[id$="-legend_1"]');
    const axes = svg.querySelector('g[id$="-axes_1"]');
    const plot = svg.querySelector('path.frame') || (axes && axes.querySelector('g[id*="-patch_"]'));
    if (!legend || !plot) { out.push([title, 'no legend or no plot area found']); continue; }
    const L = box(legend), P = box(plot), S = box(svg);
    if (meets(L, P)) out.push([title, 'legend over the plot area', L, P]);
    if (L[0] < S[0] - 1 || L[2] > S[2] + 1 || L[1] < S[1] - 1 || L[3] > S[3] + 1) out.push([title, 'legend cut off', L, S]);
    for (const t of svg.querySelectorAll('text')) {
      if (legend.contains(t) || !t.textContent.trim()) continue;
      if (meets(L, box(t))) out.push([title, 'legend over the text ' + t.textContent]);
    }
  }
  return out;
}"""


@SIZES
def test_no_chart_legend_covers_the_data_or_a_label(browser, demo, size):
    for page in ("index.html", "m-spring-cup-r2t5.html"):
        w = _open(browser, size, (demo / page).as_uri())
        try:
            assert w.page.locator("figure.chart svg").count() >= 2, page
            assert w.page.evaluate(_LEGEND_CHECK) == [], page
        finally:
            w.close()


def test_the_tallest_bar_and_the_deal_taking_bars_are_clear_of_the_legend(browser, demo):
    """The two cases the user saw: the index histogram's tallest bar, the match chart's 100-point bars."""
    w = _open(browser, PHONE, (demo / "m-spring-cup-r2t5.html").as_uri())
    try:
        clear = w.page.evaluate("""() => {
          const svg = [...document.querySelectorAll('figure.chart svg')].find(s => s.querySelector('g.bars'));
          const L = svg.querySelector('g.legend').getBoundingClientRect();
          return [...svg.querySelectorAll('g.bars rect')].every(b => { const r = b.getBoundingClientRect();
            return r.bottom <= L.top || r.top >= L.bottom || r.right <= L.left || r.left >= L.right; });
        }""")
        assert clear
    finally:
        w.close()


# --- 2. the hand page opens at its top; the stepper is one row and covers nothing ----------

@SIZES
def test_a_hand_page_opens_at_its_top_unless_the_link_names_a_trick(browser, demo, size):
    hand = demo / "m-spring-cup-r2t5-h1.html"
    w = _open(browser, size, hand.as_uri())
    try:
        w.page.wait_for_timeout(300)
        assert w.page.evaluate("window.scrollY") == 0
        assert w.page.evaluate("location.hash") == ""
        assert w.page.is_visible("#summary h2") and w.page.evaluate(
            "document.querySelector('#summary').getBoundingClientRect().top") >= 0
        assert w.errors == []
    finally:
        w.close()
    w = _open(browser, size, hand.as_uri() + "#trick-5")
    try:
        assert w.page.evaluate("window.scrollY") > 0
        stepper_bottom = w.page.evaluate("document.querySelector('.stepper').getBoundingClientRect().bottom")
        heading = w.page.evaluate("document.querySelector('#trick-5 h3').getBoundingClientRect().top")
        north = w.page.evaluate("document.querySelector('#trick-5 .seat.N .who').getBoundingClientRect().top")
        assert stepper_bottom <= heading < size["viewport"]["height"]
        assert stepper_bottom <= north < size["viewport"]["height"]
    finally:
        w.close()


_ROW = """() => {
  const s = document.querySelector('.stepper');
  const shown = [...s.children].filter(e => e.offsetParent !== null);
  const tops = shown.map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; });
  return {height: s.getBoundingClientRect().height, spread: Math.max(...tops) - Math.min(...tops)};
}"""


def test_on_a_phone_the_sticky_stepper_is_one_row_and_covers_nothing_it_steps_to(browser, demo):
    w = _open(browser, PHONE, (demo / "m-spring-cup-r2t5-h1.html").as_uri())
    try:
        row = w.page.evaluate(_ROW)
        assert row["height"] <= 48 and row["spread"] <= 4, row
        assert "Prev" in w.page.get_attribute("#prev-trick", "aria-label") or \
            "previous" in w.page.get_attribute("#prev-trick", "aria-label")
        # read down the trick (the stepper sticks at the top), then step to the next one
        w.page.evaluate("document.querySelector('#trick-1 .seat.W').scrollIntoView()")
        w.page.wait_for_timeout(100)
        assert w.page.evaluate("document.querySelector('.stepper').getBoundingClientRect().top") < 2
        w.page.tap("#next-trick")
        w.page.wait_for_timeout(100)
        bottom = w.page.evaluate("document.querySelector('.stepper').getBoundingClientRect().bottom")
        for sel in ("#trick-2 h3", "#trick-2 .seat.N .who"):
            top = w.page.evaluate(f"document.querySelector('{sel}').getBoundingClientRect().top")
            assert bottom <= top < 844, (sel, bottom, top)
        ARTIFACTS.mkdir(exist_ok=True)
        w.page.screenshot(path=str(ARTIFACTS / "issue26-hand-phone.png"))
    finally:
        w.close()


# --- 3. phone tables: numbers right, names whole, headers short -------------------------

_NUMERIC = r"^([−+-]?\d[\d,.]*\s*%?|—|-)$"

_ALIGN = """(pattern) => {
  const re = new RegExp(pattern), bad = [];
  for (const table of document.querySelectorAll('table.data:not(.stack)')) {
    const rows = [...table.tBodies[0].rows].filter(r => r.cells.length > 1);
    const heads = table.tHead ? [...table.tHead.rows[0].cells] : [];
    for (let j = 0; j < heads.length; j++) {
      const cells = rows.map(r => r.cells[j]).filter(Boolean);
      if (!cells.length || !cells.every(c => re.test(c.innerText.trim()))) continue;
      if (!cells.some(c => /\\d/.test(c.innerText))) continue;
      for (const c of [heads[j], ...cells]) {
        if (getComputedStyle(c).textAlign !== 'right') bad.push([table.closest('section').id, j, c.innerText.trim()]);
      }
    }
  }
  return bad;
}"""


@SIZES
def test_every_number_column_and_its_header_align_right(browser, demo, size):
    for page in ("index.html", "m-spring-cup-r2t5.html", "m-spring-cup-r2t5-h1.html"):
        w = _open(browser, size, (demo / page).as_uri())
        try:
            assert w.page.evaluate(_ALIGN, _NUMERIC) == [], page
        finally:
            w.close()


def _lines(page, selector: str) -> list[float]:
    """How many lines each element takes (its height over its line height)."""
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].map(e => {
        const lh = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.45;
        const cs = getComputedStyle(e);
        const h = e.getBoundingClientRect().height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
        return h / lh; })""", selector)


def test_on_a_phone_names_keep_their_line_and_headers_are_abbreviated(browser, demo):
    w = _open(browser, PHONE, (demo / "index.html").as_uri())
    try:
        page = w.page
        names = _lines(page, "#standings tbody td:nth-child(2)")
        assert names and max(names) < 1.5, names                        # "刘洋 / 李娜" on one line
        players = _lines(page, "#stats-by-player-summary tbody td:first-child")
        assert players and max(players) < 1.5, players
        heads = _lines(page, "#standings thead th") + _lines(page, "#stats-by-player-summary thead th")
        assert heads and max(heads) < 2.5, heads                         # English over Chinese, no more
        shown = page.eval_on_selector_all("#stats-by-player-summary thead th", "els => els.map(e => e.innerText.trim())")
        full = page.eval_on_selector_all("#stats-by-player-summary thead th", "els => els.map(e => e.textContent.trim())")
        assert any(s.replace("\n", " ") != f and len(s) < len(f) for s, f in zip(shown, full)), shown
        assert "守庄率" in " ".join(shown)                                # the Chinese stays whole
        for sel in ("#standings .scroll", "#matches .scroll"):          # these fit the phone: nothing cut off
            assert page.evaluate(f"(e => e.scrollWidth <= e.clientWidth + 1)(document.querySelector('{sel}'))"), sel
        links = _lines(page, "#matches tbody td.title > a")
        assert links and max(links) < 2.5, links                         # a match's title: two lines at most
        right = page.evaluate("Math.max(...[...document.querySelectorAll('#matches tbody td:last-child')]"
                              ".map(e => e.getBoundingClientRect().right))")
        assert right <= 390                                              # the violations are on screen
    finally:
        w.close()
    desk = _open(browser, DESK, (demo / "index.html").as_uri())
    try:
        shown = desk.page.eval_on_selector_all("#stats-by-player-summary thead th", "els => els.map(e => e.innerText.trim())")
        assert "hold / 守庄率" in shown                                    # a wide screen: the full header
        assert desk.page.locator("#matches thead th:visible").count() == 7   # and the matches as a table
    finally:
        desk.close()


def test_on_a_phone_a_match_pages_hands_are_readable_blocks(browser, demo):
    w = _open(browser, PHONE, (demo / "m-spring-cup-r2t5.html").as_uri())
    try:
        page = w.page
        assert page.evaluate("(e => e.scrollWidth <= e.clientWidth + 1)(document.querySelector('#hands .scroll'))")
        assert max(_lines(page, "#hands tbody td.title > a")) < 1.5          # "Hand 1" on one line
        labels = page.eval_on_selector_all("#hands tbody tr:first-child td[data-label]",
                                           "els => els.map(e => getComputedStyle(e, '::before').content)")
        assert any("outcome" in x for x in labels)                          # each value says what it is
    finally:
        w.close()


# --- 4. print: headings keep with their tables; hints never print ------------------------

@pytest.mark.parametrize("width", [390, 800, 1280])
def test_printed_index_keeps_each_heading_with_its_table_and_prints_no_hint(browser, demo, width):
    w = _open(browser, {"viewport": {"width": width, "height": 844}}, (demo / "index.html").as_uri())
    try:
        pdf = w.page.pdf(format="A4", tagged=True, prefer_css_page_size=True)
        pairs = headings_and_what_follows(pdf)
        assert len(pairs) >= 10
        split = [p for p in pairs if p[1] is not None and p[0] != p[1]]
        assert split == [], f"headings printed on a page before their tables: {split}"
        w.page.emulate_media(media="print")
        assert w.page.locator(".scroll-hint:visible").count() == 0
        assert w.page.evaluate("[...document.querySelectorAll('.scroll')].every(e => "
                               "getComputedStyle(e).overflowX === 'visible')")
    finally:
        w.close()


# --- 5. the analysis table on a phone -----------------------------------------------------

def test_on_a_phone_the_analysis_reads_across_the_screen(browser, demo):
    hand = _hand_with_analysis(demo)
    w = _open(browser, PHONE, hand.as_uri())
    try:
        page = w.page
        rows = page.eval_on_selector_all("table.analysis tbody tr", "els => els.map(e => e.getBoundingClientRect().height)")
        assert rows and max(rows) < 160, rows
        assert page.evaluate("(e => e.scrollWidth <= e.clientWidth + 1)(document.querySelector('#analysis'))")
        # the cards of a play and the best plays lie side by side, not one a line
        spread = page.evaluate("""() => [...document.querySelectorAll('table.analysis tbody td:nth-child(6)')]
            .map(td => [...td.querySelectorAll('.c')]).filter(cs => cs.length > 1)
            .map(cs => { let lines = 1, bottom = -1e9;     // a new line: a card below the one before
                for (const r of cs.map(x => x.getBoundingClientRect())) {
                    if (r.top >= bottom - 2 && bottom > -1e9) lines++;
                    bottom = Math.max(r.top >= bottom - 2 ? r.bottom : bottom, r.bottom); }
                return [cs.length, lines]; })""")
        assert spread and all(lines == 1 for n, lines in spread if n <= 4), spread
        assert all(lines <= (n + 3) // 4 for n, lines in spread), spread
        # "attackers" whole: the values beside the long terms are not squeezed to a word a line
        for sel in ("#analysis-start", "#analysis-result"):
            width = page.evaluate(f"document.querySelector('{sel}').getBoundingClientRect().width")
            assert width >= 100, (sel, width)
        words = page.evaluate("""() => { const r = document.createRange(), d = document.querySelector('#analysis-result');
            const t = [...d.childNodes].find(n => n.nodeType === 3 && n.textContent.includes('attackers'));
            const i = t.textContent.indexOf('attackers'); r.setStart(t, i); r.setEnd(t, i + 9);
            return r.getClientRects().length; }""")
        assert words == 1                                                     # not "attack/ers"
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#analysis").screenshot(path=str(ARTIFACTS / "issue26-analysis-phone.png"))
    finally:
        w.close()

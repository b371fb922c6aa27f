"""The report in a real browser: headless Chromium driven by Playwright.

Install the browser with ``sh tests/install_browser.sh`` (Debian ``chromium``);
``TRACTOR_CHROMIUM`` names another binary.  Where no browser can be installed
these tests skip, saying so.  Screenshots go to ``test-artifacts/``.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from report_builders import EVIL, constructed_match  # the constructed match of the report tests
from tractor_analysis.reports import build, match_drawing
from tractor_analysis.reports.model import ReportModel

pytestmark = pytest.mark.xdist_group("test_browser")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

CHROMIUM = os.environ.get("TRACTOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

INSTALL_LOG = Path(os.environ.get("INSTALL_BROWSER_LOG", ARTIFACTS / "install_browser.log"))

try:
    from playwright import sync_api
except ImportError:                    # each test skips, saying why (not one skip for the module)
    sync_api = None


def why_no_browser() -> str | None:
    """Why the browser tests cannot run here (``None``: they can), with what
    tests/install_browser.sh last said (apt's error when it failed)."""
    if sync_api is None:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if os.access(CHROMIUM, os.X_OK):
        return None
    said = ""
    try:
        lines = [ln.strip() for ln in INSTALL_LOG.read_text("utf-8", "replace").splitlines() if ln.strip()]
        said = " — install_browser.sh said: " + " | ".join(lines[-4:]) if lines else ""
    except OSError:
        said = " — install_browser.sh has not run (make test runs it)"
    return (f"no Chromium at {CHROMIUM}: run 'sh tests/install_browser.sh' (needs apt-get and root) or set "
            f"TRACTOR_CHROMIUM{said}")


@pytest.fixture(autouse=True)
def _needs_a_browser(request):
    """Skip each test on its own, naming it and the reason (pytest -ra lists every one)."""
    reason = why_no_browser()
    if reason is not None:
        pytest.skip(f"{request.node.name}: {reason}")


@pytest.fixture(scope="module")
def browser():
    if why_no_browser() is not None:      # each test then skips in _needs_a_browser, saying why
        yield None
        return
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    if why_no_browser() is not None:      # no report to build: each test skips in _needs_a_browser
        return None
    model = ReportModel(title=f"Browser test {EVIL}")
    match, result = constructed_match()
    match_drawing.add_match(model, match, result, source="cup.tgn", fallback_title="cup", taken=set())
    return build.write_report(model, tmp_path_factory.mktemp("browser") / "report")


class Watched:
    """A page whose console errors, script errors and network requests are recorded."""

    def __init__(self, browser, **context_options):
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: r.url.startswith("file:") or self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.errors.append(f"dialog: {d.message}"), d.dismiss()))

    def close(self):
        self.context.close()


@pytest.fixture
def watched(browser):
    w = Watched(browser, viewport={"width": 1100, "height": 900})
    yield w
    w.close()


def visible_tricks(page) -> list[str]:
    return page.eval_on_selector_all(
        "section.trick", "els => els.filter(e => e.offsetParent !== null).map(e => e.id)")


def test_every_page_loads_from_disk_with_no_console_errors_and_no_network(report, watched):
    pages = sorted(report.glob("*.html"))
    assert len(pages) == 1 + 1 + 3 + 4          # index, match, hands, and a page per player (issue 22)
    for path in pages:
        watched.page.goto(path.as_uri())
        watched.page.wait_for_load_state("load")
        assert watched.errors == [], f"{path.name}: {watched.errors}"
    assert watched.requests == []


def test_stepping_with_the_arrow_key_reaches_the_violation_and_shows_its_explanation(report, watched):
    page = watched.page
    page.goto((report / "m-cup-h1.html").as_uri())
    assert visible_tricks(page) == ["trick-1"]
    assert not page.is_visible("#trick-5 .violation")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert visible_tricks(page) == ["trick-5"]
    explanation = page.inner_text("#trick-5 .violation")
    assert "没有跟出首家的花色" in explanation and "did not follow suit" in explanation
    assert EVIL in explanation  # the player's name, shown as text
    assert page.inner_text("#where").startswith("Trick 5")
    page.keyboard.press("ArrowLeft")
    assert visible_tricks(page) == ["trick-4"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.keyboard.press("ArrowRight")
    page.screenshot(path=str(ARTIFACTS / "hand-page.png"), full_page=True)
    assert (ARTIFACTS / "hand-page.png").stat().st_size > 10_000
    assert watched.errors == []


def test_buttons_and_trick_list_step_through_the_tricks(report, watched):
    page = watched.page
    page.goto((report / "m-cup-h1.html").as_uri())
    assert page.is_disabled("#prev-trick")
    page.click("#next-trick")
    page.click("#next-trick")
    assert visible_tricks(page) == ["trick-3"]
    page.click("ol.trick-list a[href='#trick-25']")
    assert visible_tricks(page) == ["trick-25"] and page.is_disabled("#next-trick")
    page.click("#first-violation")
    assert visible_tricks(page) == ["trick-5"] and page.is_visible("#trick-5 .violation")
    assert watched.errors == []


def test_a_link_to_a_trick_opens_the_page_at_that_trick(report, watched):
    watched.page.goto((report / "m-cup-h1.html").as_uri() + "#trick-5")
    assert visible_tricks(watched.page) == ["trick-5"]


def test_without_javascript_every_trick_is_listed(browser, report):
    w = Watched(browser, java_script_enabled=False)
    try:
        w.page.goto((report / "m-cup-h1.html").as_uri())
        assert visible_tricks(w.page) == [f"trick-{n}" for n in range(1, 26)]
        assert not w.page.is_visible("#prev-trick")
    finally:
        w.close()


def test_printed_page_lists_every_trick(report, watched):
    watched.page.goto((report / "m-cup-h1.html").as_uri())
    watched.page.emulate_media(media="print")
    assert len(visible_tricks(watched.page)) == 25


def test_hand_page_fits_a_phone_screen(browser, report):
    w = Watched(browser, viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    try:
        w.page.goto((report / "m-cup-h1.html").as_uri())
        assert w.page.evaluate("document.documentElement.scrollWidth") <= 376
        ARTIFACTS.mkdir(exist_ok=True)
        w.page.screenshot(path=str(ARTIFACTS / "hand-page-phone.png"), full_page=False)
        w.page.goto((report / "index.html").as_uri())
        assert w.page.evaluate("document.documentElement.scrollWidth") <= 376
        assert w.errors == []
    finally:
        w.close()


def test_single_file_hand_page_works_on_its_own(browser, tmp_path):
    match, result = constructed_match(hands=1)
    [path] = build.write_hand_pages(tmp_path / "hand.html", [(match, result)])
    w = Watched(browser)
    try:
        w.page.goto(path.as_uri())
        assert visible_tricks(w.page) == ["trick-1"]
        w.page.keyboard.press("End")
        assert visible_tricks(w.page) == ["trick-25"]
        assert w.errors == [] and w.requests == []
    finally:
        w.close()


@pytest.fixture(scope="module")
def simulated_report(tmp_path_factory):
    from click.testing import CliRunner

    if why_no_browser() is not None:      # no report to build: each test skips in _needs_a_browser
        return None
    from tractor_analysis.cli.main import main as tractor
    root = tmp_path_factory.mktemp("sim-browser")
    runner = CliRunner()
    r = runner.invoke(tractor, ["simulate", "-n", "1", "--seed", "5", "--violation-rate", "0.05",
                                "--max-hands", "4", "-o", str(root / "records")])
    assert r.exit_code == 0, r.output
    r = runner.invoke(tractor, ["report", str(root / "records"), "-o", str(root / "report")])
    assert r.exit_code == 0, r.output
    return root / "report"


def test_simulated_report_pages_load_and_step_to_an_injected_violation(simulated_report, watched):
    import json
    import re
    pages = sorted(simulated_report.glob("*.html"))
    for path in pages:
        watched.page.goto(path.as_uri())
        assert watched.errors == [], f"{path.name}: {watched.errors}"
    assert watched.requests == []
    for path in pages:
        m = re.search(r'<script type="application/json" id="hand-data">(.*?)</script>',
                      path.read_text("utf-8"), re.S)
        if not m or not json.loads(m.group(1))["violations"]:
            continue
        data = json.loads(m.group(1))
        target = data["tricks"].index(data["violations"][0])
        page = watched.page
        page.goto(path.as_uri())
        for _ in range(target):
            page.keyboard.press("ArrowRight")
        trick = f"trick-{data['violations'][0]}"
        assert visible_tricks(page) == [trick]
        text = page.inner_text(f"#{trick} .violation")
        assert re.search(r"[\u4e00-\u9fff]", text) and re.search(r"[A-Za-z]{4,}", text), text
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "simulated-violation.png"), full_page=True)
        break
    else:
        pytest.fail("no hand page with a violation: the simulator injected none")


@pytest.fixture(scope="module")
def friend_report(tmp_path_factory):
    from click.testing import CliRunner

    if why_no_browser() is not None:      # no report to build: each test skips in _needs_a_browser
        return None
    from tractor_analysis.cli.main import main as tractor
    root = tmp_path_factory.mktemp("friend-browser")
    runner = CliRunner()
    r = runner.invoke(tractor, ["simulate", "-n", "1", "--seed", "9", "--rules", "three-deck",
                                "--rule", "friend=on", "--violation-rate", "0.05", "--max-hands", "3",
                                "-o", str(root / "records")])
    assert r.exit_code == 0, r.output
    r = runner.invoke(tractor, ["report", str(root / "records"), "-o", str(root / "report")])
    assert r.exit_code == 0, r.output
    return root / "report"


def test_friend_mode_three_deck_pages_show_the_variant_and_mark_the_played_cards(friend_report, watched):
    pages = sorted(friend_report.glob("*.html"))
    for path in pages:
        watched.page.goto(path.as_uri())
        assert watched.errors == [], f"{path.name}: {watched.errors}"
    assert watched.requests == []
    page = watched.page
    hand = next(p for p in pages if p.name.endswith("-h1.html"))
    page.goto(hand.as_uri())
    rules = page.inner_text("#variant")
    assert "three-deck+" in rules and "friend" in rules and "3 decks" in rules
    assert page.inner_text("#partner").strip()
    assert page.inner_text("#friend").strip()
    page.keyboard.press("ArrowRight")
    current = page.eval_on_selector_all("section.trick", "els => els.filter(e => e.offsetParent !== null)"
                                                         ".map(e => e.dataset.trick)")
    assert current == ["2"]
    # in the trick shown, each player's played cards are marked (outlined) in their hand
    marked = page.eval_on_selector_all(
        "#trick-2 .held mark", "els => els.map(e => getComputedStyle(e).outlineStyle)")
    plays = page.eval_on_selector_all("#trick-2 .played .c", "els => els.length")
    assert len(marked) == plays and set(marked) == {"solid"}
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "friend-three-deck-hand.png"), full_page=True)


# --- on a phone (issue 10) -------------------------------------------------------------

def _phone(browser):
    return Watched(browser, viewport={"width": 390, "height": 760}, is_mobile=True, has_touch=True,
                   device_scale_factor=2)


def test_on_a_phone_the_stepper_stays_on_screen_and_no_keys_are_mentioned(browser, report):
    w = _phone(browser)
    try:
        w.page.goto((report / "m-cup-h1.html").as_uri())
        assert not w.page.is_visible(".stepper .keys")              # a touch screen has no arrow keys
        w.page.evaluate("document.querySelector('section.trick.current .table4').scrollIntoView()")
        w.page.mouse.wheel(0, 400)
        w.page.wait_for_timeout(100)
        top = w.page.evaluate("document.querySelector('.stepper').getBoundingClientRect().top")
        scrolled = w.page.evaluate("window.scrollY")
        assert scrolled > 300 and 0 <= top < 5                        # stuck at the top of the screen
        w.page.tap("#next-trick")
        assert visible_tricks(w.page) == ["trick-2"]
        assert w.errors == []
    finally:
        w.close()
    desk = Watched(browser, viewport={"width": 1100, "height": 900})
    try:
        desk.page.goto((report / "m-cup-h1.html").as_uri())
        assert desk.page.is_visible(".stepper .keys")                # a mouse and keyboard: the keys are said
    finally:
        desk.close()


def _smallest_chart_text(page) -> float:
    return page.evaluate("""() => {
        let least = 1e9;
        for (const svg of document.querySelectorAll('figure.chart svg')) {
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            for (const t of svg.querySelectorAll('text')) {
                if (!t.textContent.trim()) continue;
                least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * scale);
            }
        }
        return least;
    }""")


def test_chart_text_is_at_least_10px_on_a_390px_phone(browser, report):
    w = _phone(browser)
    try:
        for page in ("index.html", "m-cup.html"):
            w.page.goto((report / page).as_uri())
            assert w.page.locator("figure.chart svg").count() >= 2, page
            assert _smallest_chart_text(w.page) >= 10, page
        ARTIFACTS.mkdir(exist_ok=True)
        w.page.screenshot(path=str(ARTIFACTS / "match-page-phone.png"), full_page=True)
    finally:
        w.close()


def test_a_wide_table_says_it_scrolls_on_a_phone_only(browser, report):
    # a 320 px phone: the players' table (13 columns, short headers) still scrolls sideways
    w = Watched(browser, viewport={"width": 320, "height": 700}, is_mobile=True, has_touch=True)
    try:
        w.page.goto((report / "index.html").as_uri())
        hints = w.page.locator(".scroll-hint:visible")
        assert hints.count() >= 1 and "表格可左右滑动" in hints.first.inner_text()
        # a hint above each table that overflows, and above no other
        assert w.page.evaluate("""() => [...document.querySelectorAll('.scroll')].every(box =>
            (box.scrollWidth > box.clientWidth + 1) === !box.previousElementSibling.hidden)""")
    finally:
        w.close()
    desk = Watched(browser, viewport={"width": 1400, "height": 900})
    try:
        desk.page.goto((report / "index.html").as_uri())
        assert desk.page.locator(".scroll-hint:visible").count() == 0
    finally:
        desk.close()

"""Printed pages, measured: headless Chromium prints the HTML to PDF and the pages are counted.

* every page of ``tractor ruling`` is exactly one A4 sheet — the sample dispute, a hand with
  a long throw, a three-deck hand with 39 cards a player (the most a page has to show), and a
  file with several violations (one sheet each);
* a 16-trick hand page prints on a few sheets (it took 13 before the print stylesheet kept
  the tricks compact and whole).

Chromium is ``TRACTOR_CHROMIUM`` or ``/usr/bin/chromium`` (``sh tests/install_browser.sh``
installs it); without it these tests skip, saying so.
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.reports.build import write_hand_pages
from tractor_analysis.simulate import simulate_match

CHROMIUM = os.environ.get("TRACTOR_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--no-pdf-header-footer"]
ROOT = Path(__file__).resolve().parent.parent
A4 = (595, 842)          # points; Chromium writes 595.92 x 842.88

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"no Chromium at {CHROMIUM}: run 'sh tests/install_browser.sh' (needs apt-get and root) "
                "or set TRACTOR_CHROMIUM to count printed pages", allow_module_level=True)


def print_pdf(html: Path) -> bytes:
    pdf = html.with_suffix(".pdf")
    proc = subprocess.run([CHROMIUM, *FLAGS, f"--print-to-pdf={pdf}", html.as_uri()],
                          capture_output=True, text=True, timeout=120)
    assert pdf.exists(), f"Chromium wrote no PDF (exit {proc.returncode}): {proc.stderr[-2000:]}"
    return pdf.read_bytes()


def page_count(pdf: bytes) -> int:
    """``/Type /Page`` objects (not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))


def page_sizes(pdf: bytes) -> set[tuple[int, int]]:
    return {(int(float(w)), int(float(h))) for w, h in
            re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)}


def ruling(tmp_path: Path, record: str, *options: str) -> tuple[Path, int]:
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", record, *options, "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out, out.read_text("utf-8").count('<article class="ruling-page"')


def longest_lead_violation(preset: str, seeds: range, min_cards: int):
    """The first simulated trick violation whose lead has at least ``min_cards`` cards."""
    for seed in seeds:
        match = simulate_match(seed, 0, preset=preset, violation_rate=0.1)
        result = replay_match(match)
        for h in result.hands:
            for v in h.violations:
                trick = next((t for t in h.tricks if t.number == v.trick), None)
                if trick is not None and len(trick.plays[0].cards) >= min_cards:
                    return match, h.number, v
    pytest.fail(f"no {preset} simulation in seeds {seeds} has a violation on a lead of {min_cards}+ cards")


def test_the_sample_dispute_prints_on_one_a4_page(tmp_path):
    out, pages = ruling(tmp_path, str(ROOT / "sample_logs" / "disputed-trick.tgn"))
    pdf = print_pdf(out)
    assert pages == 1
    assert page_count(pdf) == 1
    assert all(abs(w - A4[0]) <= 2 and abs(h - A4[1]) <= 2 for w, h in page_sizes(pdf)), page_sizes(pdf)


@pytest.mark.parametrize("preset, min_cards", [("standard", 10), ("three-deck", 6)])
def test_a_long_throw_with_full_hands_prints_on_one_a4_page(tmp_path, preset, min_cards):
    match, hand, v = longest_lead_violation(preset, range(20, 60), min_cards)
    record = tmp_path / "sim.tgn"
    record.write_text(format_tgn(match), "utf-8")
    out, pages = ruling(tmp_path, str(record), "--hand", str(hand), "--trick", str(v.trick),
                        "--seat", "NESW"[v.seat])
    assert pages >= 1
    assert page_count(print_pdf(out)) == pages


def test_several_violations_print_one_sheet_each(tmp_path):
    match = simulate_match(3, 0, preset="standard", violation_rate=0.05)
    record = tmp_path / "sim.tgn"
    record.write_text(format_tgn(match), "utf-8")
    out, pages = ruling(tmp_path, str(record))
    assert pages >= 2
    assert page_count(print_pdf(out)) == pages


def test_a_sixteen_trick_hand_page_prints_on_at_most_four_sheets(tmp_path):
    for seed in range(5, 40):
        match = simulate_match(seed, 0, preset="standard")
        result = replay_match(match)
        hand = next((h for h in result.hands if len(h.tricks) >= 16), None)
        if hand is not None:
            break
    else:
        pytest.fail("no simulated hand of 16 tricks or more")
    out = tmp_path / "hand.html"
    write_hand_pages(out, [(match, result)], hands=[hand.number])
    pages = page_count(print_pdf(out))
    # 13 sheets before the print stylesheet (a trick per sheet, headings left at page ends)
    assert 1 <= pages <= 4, f"a {len(hand.tricks)}-trick hand printed on {pages} pages"


def _full_throw_position() -> str:
    """A referee's position at trick 1, 25 cards a seat: W throws ♥A ♥A ♥Q ♥Q ♥J ♥10 ♥9; S holds
    ♥K ♥K (the pair is beaten: W must play ♥Q ♥Q); N and E hold no hearts and a dozen trumps each,
    so each may trump in — the longest "as the rules require" block a page has to hold."""
    from tractor_analysis.records.cards import format_cards, parse_cards

    w_hearts = parse_cards("HA HA HQ HQ HJ H10 H9")
    s_hearts = parse_cards("HK HK HJ H10 H9 H8 H8 H6 H6 H5 H5 H4 H4 H3 H3 H2 H2")
    n_trumps = parse_cards("BJ LJ SA SA SK SQ SQ SJ S10 S10 S9 S8")
    e_trumps = parse_cards("BJ LJ SK SJ S9 S8 S6 S6 S5 S5 S4 S4")
    w_trumps = parse_cards("S3 S3 S2")
    s_trumps = parse_cards("S2 H7 H7 D7")
    plain = [c for suit in "DC" for r in ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")
             for c in parse_cards(f"{suit}{r} {suit}{r}")]
    hands = {"N": list(n_trumps), "E": list(e_trumps), "S": list(s_hearts + s_trumps), "W": list(w_hearts + w_trumps)}
    for seat in "NESW":
        while len(hands[seat]) < 25:
            hands[seat].append(plain.pop())
    lines = [f"{seat}: {format_cards(hands[seat])}" for seat in "NESW"]
    plays = {"N": hands["N"][-7:], "E": hands["E"][-7:], "S": parse_cards("HK HK H8 H8 H6 H5 H4")}
    trick = (f"1. W: {format_cards(w_hearts)}, N: {format_cards(plays['N'])}, E: {format_cards(plays['E'])}, "
             f"S: {format_cards(plays['S'])}")
    head = ('[Event "Autumn Cup 2026 秋季杯"]\n[Round "3"]\n[Table "2"]\n[North "张伟"]\n[East "李娜"]\n'
            '[South "王芳"]\n[West "刘洋"]\n[Ruleset "standard"]\n\n[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n'
            '[Level "7"]\n[SetUp "1"]\n[Points "0"]\n')
    return head + "\n".join(lines) + "\n" + trick + "\n"


def _three_deck_throw_position() -> str:
    """The same throw with three decks and 39 cards a seat (the most a page has to show): N and E
    hold no hearts and 14 trumps each, S the hearts W does not."""
    import random

    from tractor_analysis.engine.order import order
    from tractor_analysis.records.cards import format_cards, parse_cards

    w_hearts = parse_cards("HA HA HQ HQ HJ H10 H9")
    hands = {"W": list(w_hearts),
             "S": list(parse_cards("HK HK HK HJ H10 H9 H8 H8 H6 H6 H5 H5 H4 H4 H3 H3 H2 H2")),
             "N": list(parse_cards("BJ LJ SA SA SK SQ SQ SJ S10 S10 S9 S8 S8 S3")),
             "E": list(parse_cards("BJ LJ SK SJ S9 S8 S6 S6 S5 S5 S4 S4 S2 S2"))}
    left = {k: 3 for k in range(54)}
    for cards in hands.values():
        for k in cards:
            left[k] -= 1
    o = order(7, 0, False)
    hearts = [k for k in range(54) for _ in range(left[k]) if o.group[k] == 1]
    rest = [k for k in range(54) for _ in range(left[k]) if o.group[k] != 1]
    random.Random(1).shuffle(rest)
    for i, k in enumerate(hearts):
        hands["W" if i % 2 else "S"].append(k)
    for seat in "NESW":
        while len(hands[seat]) < 39:
            hands[seat].append(rest.pop())
    trick = (f"1. W: {format_cards(w_hearts)}, N: {format_cards(hands['N'][-7:])}, "
             f"E: {format_cards(hands['E'][-7:])}, S: HK HK H8 H8 H6 H5 H4")
    head = ('[Event "Autumn Cup 2026 秋季杯"]\n[Round "3"]\n[Table "2"]\n[North "张伟"]\n[East "李娜"]\n'
            '[South "王芳"]\n[West "刘洋"]\n[Ruleset "three-deck"]\n\n[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n'
            '[Level "7"]\n[SetUp "1"]\n[Points "0"]\n')
    return head + "\n".join(f"{seat}: {format_cards(hands[seat])}" for seat in "NESW") + "\n" + trick + "\n"


@pytest.mark.parametrize("which", ["issue", "open", "full hands", "three decks"])
def test_a_failed_throws_ruling_with_the_trick_as_the_rules_require_prints_on_one_a4_page(tmp_path, which):
    from test_required_trick import HEAD, ISSUE, OPEN

    text = {"issue": HEAD.format(ruleset="standard") + ISSUE, "open": HEAD.format(ruleset="tournament") + OPEN,
            "full hands": _full_throw_position(), "three decks": _three_deck_throw_position()}[which]
    record = tmp_path / "throw.tgn"
    record.write_text(text, "utf-8")
    out, pages = ruling(tmp_path, str(record))
    html = out.read_text("utf-8")
    assert pages == 1 and '<section class="required">' in html
    pdf = print_pdf(out)
    assert page_count(pdf) == 1
    assert all(abs(w - A4[0]) <= 2 and abs(h - A4[1]) <= 2 for w, h in page_sizes(pdf)), page_sizes(pdf)

"""Constructed matches and engine results for the report tests, the page reader and the
constructed report they are drawn into (a fixture the report test files share).

The hands are dealt from a seeded shuffle of two decks and played one card per
seat per trick; the results are built by hand so the report is tested on its
own, whatever the engine says (the real pipeline is tested separately).
"""
from __future__ import annotations

import dataclasses
import random
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from tractor_analysis.reports import build, inputs, match_drawing
from tractor_analysis.reports.model import ReportModel

from tractor_analysis.engine.verdicts import (
    HandResult,
    MatchResult,
    Outcome,
    ScoreItem,
    TrickResult,
    Violation,
)
from tractor_analysis.records.cards import HEARTS, POINTS, counts_of, parse_cards
from tractor_analysis.records.model import Declaration, Hand, Match, Play, Trick
from tractor_analysis.records.rulesets import PRESETS

EVIL = "<script>alert(1)</script>"
NOTE_HTML = '<b onmouseover="alert(2)">bold?</b> & <img src=x onerror=alert(3)>'


def deal(seed: int, decks: int = 2) -> tuple[list[list[int]], list[int]]:
    cards = [k for k in range(54) for _ in range(decks)]
    random.Random(seed).shuffle(cards)
    size = {1: 12, 2: 25, 3: 39}[decks]
    return [sorted(cards[i * size:(i + 1) * size]) for i in range(4)], sorted(cards[4 * size:])


CUP_RULES = dataclasses.replace(PRESETS["standard"], decide_by_levels=True, name="standard+")
"""The constructed cup's rules: a match stopped by the clock goes to the higher level (seed 001, 十一)."""


def constructed_hand(number: int, seed: int, *, dealer: int = 0, level: int = 2,
                     violation_at: int | None = 5, levels_before=(2, 2), levels_after=(3, 2),
                     attackers_win: bool = False, notes: bool = True):
    """(Hand, HandResult): 25 one-card tricks; the winner of each trick is its
    highest card kind (a stand-in rule); one violation by E at ``violation_at``."""
    rules = CUP_RULES
    hands, bottom = deal(seed)
    defenders = frozenset({dealer, (dealer + 2) % 4})
    held = [list(h) for h in hands]
    tricks, results, violations = [], [], []
    leader = dealer
    attackers = 0
    for n in range(1, 26):
        before = tuple(counts_of(h) for h in held)
        order = [(leader + i) % 4 for i in range(4)]
        plays = []
        for s in order:
            card = held[s].pop(0)
            plays.append(Play(seat=s, cards=(card,),
                              notes=(NOTE_HTML,) if notes and n == 3 and s == order[0] else ()))
        winner = max(plays, key=lambda p: p.cards[0]).seat
        pts = sum(POINTS[p.cards[0]] for p in plays)
        if winner not in defenders:
            attackers += pts
        tv = ()
        if n == violation_at:
            e_play = next(p for p in plays if p.seat == 1)
            v = Violation(code="follow_suit", trick=n, seat=1, played=e_play.cards,
                          better=(held[1][0],) if held[1] else (),
                          message_zh=f"东家{EVIL}没有跟出首家的花色", message_en=f"E {EVIL} did not follow suit")
            tv = (v,)
            violations.append(v)
        tricks.append(Trick(number=n, plays=tuple(plays),
                            notes=(f"referee: {EVIL}",) if notes and n == 2 else ()))
        results.append(TrickResult(number=n, leader=leader, plays=tuple(plays), winner=winner,
                                   points=pts, hands_before=before, violations=tv))
        leader = winner
    last_attacker = results[-1].winner not in defenders
    bottom_points = sum(POINTS[c] for c in bottom)
    mult = 2 if last_attacker else 0
    bonus = bottom_points * mult
    total = attackers + bonus
    items = (ScoreItem("tricks", attackers, "牌面分", "points in tricks"),
             ScoreItem("bottom", bonus, f"底分 {bottom_points}×{mult}", f"bottom {bottom_points} × {mult}"))
    winner_side = "attackers" if attackers_win else "defenders"
    team = (dealer & 1) ^ attackers_win
    outcome = Outcome(winner=winner_side, levels=1, next_dealer=(dealer + 1) % 4, team=team)
    hand = Hand(number=number, dealer=dealer, trump=HEARTS, level=level,
                declarations=(Declaration(dealer, parse_cards(f"H{level}")),),
                deal=tuple(tuple(h) for h in hands), bottom=tuple(bottom), buried=tuple(bottom),
                tricks=tuple(tricks), claim=total + 5,
                notes=(f"before the first trick {EVIL}",) if notes else ())
    result = HandResult(number=number, dealer=dealer, level=level, trump=HEARTS, rules=rules,
                        defenders=defenders, tricks=tuple(results), violations=tuple(violations),
                        attackers_points=attackers, bottom_points=bottom_points,
                        bottom_multiplier=mult, bottom_bonus=bonus, penalties=0,
                        attackers_total=total, items=items, outcome=outcome,
                        levels_before=levels_before, levels_after=levels_after, claim=total + 5)
    return hand, result


def constructed_match(players=("Zhang Wei", EVIL, "王芳", "Liu & Yang"), hands: int = 3,
                      seed: int = 7) -> tuple[Match, MatchResult]:
    recs, res = [], []
    levels = (2, 2)
    dealer = 0
    for i in range(hands):
        after = (levels[0] + 1, levels[1]) if dealer % 2 == 0 else (levels[0], levels[1] + 1)
        h, r = constructed_hand(i + 1, seed + i, dealer=dealer, level=levels[dealer & 1],
                                levels_before=levels, levels_after=after,
                                violation_at=5 if i == 0 else None)
        recs.append(h)
        res.append(r)
        levels = after
        dealer = (dealer + 2) % 4
    match = Match(event=f"Spring Cup {EVIL}", round="2", table="5", players=players,
                  hands=tuple(recs), notes=(NOTE_HTML,), rules=(("decide_by_levels", "on"),))
    return match, MatchResult(hands=tuple(res), levels_final=levels)


# --- reading pages and the constructed report ---------------------------------------

ESCAPED_EVIL = "&lt;script&gt;alert(1)&lt;/script&gt;"


class Page(HTMLParser):
    """Links, ids, scripts and text of one HTML page."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self.ids: set[str] = set()
        self.scripts: list[tuple[dict, str]] = []
        self._script: dict | None = None
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for name in ("href", "src", "xlink:href", "action", "poster"):
            if a.get(name) is not None:
                self.links.append((tag, a[name]))
        if tag == "script":
            self._script = a
            self.scripts.append((a, ""))

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            a, text = self.scripts[-1]
            self.scripts[-1] = (a, text + data)
        else:
            self.text.append(data)


@pytest.fixture(scope="module")
def constructed_report(tmp_path_factory):
    match, result = constructed_match()
    model = ReportModel(title=f"Cup {EVIL}")
    match_drawing.add_match(model, match, result, source="spring.tgn", fallback_title="spring", taken=set())
    m2, r2 = constructed_match(players=("A", "B", "C", "D"), hands=2, seed=40)
    match_drawing.add_match(model, m2, r2, source="other.tgn", fallback_title="spring", taken={"spring"})
    model.replayed.append(("spring.tgn", "a" * 64, [match], [result]))
    model.replayed.append(("other.tgn", "b" * 64, [m2], [r2]))
    inputs.add_stats(model)  # the stats module's tables, over an in-memory dataset
    out = build.write_report(model, tmp_path_factory.mktemp("rep") / "report")
    return model, out


def all_pages(out: Path) -> dict[Path, Page]:
    return {p: Page(p.read_text("utf-8")) for p in sorted(out.rglob("*.html"))}


def check_links(out: Path) -> int:
    """Every link of every page in ``out`` names a file there (and an element of it); returns
    how many links were checked."""
    pages = all_pages(out)
    checked = 0
    for path, page in pages.items():
        for tag, link in page.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{path.name}: external link {link}"
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            assert target.is_file(), f"{path.name}: {link} does not resolve"
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else Page(target.read_text("utf-8")).ids
                assert parts.fragment in ids, f"{path.name}: {link} names no element"
            checked += 1
    return checked

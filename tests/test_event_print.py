"""The printable standings sheet (``tractor standings --html``), printed by headless Chromium: one A4
page per round, for the test event and for 32 teams with long names; no table split, nothing that
scrolls.  Skips without Chromium, like tests/test_print_pdf.py (whose helpers it uses)."""
from __future__ import annotations

import random

from click.testing import CliRunner

from event_helpers import EVENT, event_match
from test_print_pdf import A4, page_count, page_sizes, print_pdf  # skips this module without Chromium
from tractor_analysis.cli.main import main
from tractor_analysis.dataset.event_model import EventMatch
from tractor_analysis.reports.event_pages import event_view, render_standings_page



def test_the_event_prints_one_a4_page_per_round(tmp_path):
    out = tmp_path / "standings.html"
    r = CliRunner().invoke(main, ["standings", str(EVENT), "--html", str(out)])
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert html.count('<section class="ev-page"') == 3
    assert "Plum &amp; Bamboo &lt;梅竹&gt;" in html and "<梅竹>" not in html
    assert "scroll" not in html and "overflow" not in html     # no scroll box, no scroll hint
    pdf = print_pdf(out)
    assert page_count(pdf) == 3
    assert all(abs(w - A4[0]) <= 2 and abs(h - A4[1]) <= 2 for w, h in page_sizes(pdf)), page_sizes(pdf)


def _big_event(teams: int = 32, rounds: int = 3) -> list[EventMatch]:
    rng = random.Random(22)
    names = [f"Harbour Club Team {i:02d} 海港队" for i in range(teams)]      # 25 characters a name
    players = {n: (f"欧阳{i}号 Ouyang", f"司马{i}号 Sima") for i, n in enumerate(names)}
    out = []
    for r in range(1, rounds + 1):
        order = names[:]
        rng.shuffle(order)
        for t in range(teams // 2):
            ns, ew = order[2 * t], order[2 * t + 1]
            levels = (rng.randint(2, 14), rng.randint(2, 14))
            out.append(event_match(match_id=f"{r}-{t}", event="Big Cup", date="2026-06-01", round=str(r),
                                   table=str(t + 1), teams=(ns, ew),
                                   players=(players[ns][0], players[ew][0], players[ns][1], players[ew][1]),
                                   levels=levels, winner=0 if levels[0] >= levels[1] else 1,
                                   decided_by="higher level" if levels[0] != levels[1] else "holding the deal"))
    return out


def test_thirty_two_teams_still_print_one_page_per_round(tmp_path):
    view = event_view(_big_event())
    assert [len(rv.standings) for rv in view.rounds] == [32, 32, 32]
    assert [len(rv.results) for rv in view.rounds] == [16, 16, 16]
    out = tmp_path / "big.html"
    out.write_text(render_standings_page(view), encoding="utf-8")
    assert page_count(print_pdf(out)) == 3

"""An organiser's event pages and ratings (probe s6).

* A player's page added every finished hand's attackers' total to the player's "attack points":
  a hand the engine decided (a miscount, 多少牌) while the record ends inside it added the points
  so far, and a hand whose total is withheld (``None``) took the page down.  Now only a total that
  is known and final is summed, and the page says how many hands it leaves out and why.
* A match the ratings leave out was left out silently on the event pages (the standings' note said
  "counted for nobody", nothing said "not rated"), a match the standings count but the ratings do
  not (a player not named) was named nowhere, ``ratings`` rated a match with one team, or one
  player, on both sides, and the standings' note on a team playing itself named the file only.

Each test fails on the code before.
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from event_helpers import EVENT, bilingual, event_match
from record_builders import event_of, hand_played_out, hand_so_far, hand_total_withheld
from tractor_analysis.cli.main import main
from tractor_analysis.dataset.ratings import ratings
from tractor_analysis.dataset.event_model import EventMatch
from tractor_analysis.reports.build import LINKED, build_report, environment
from tractor_analysis.reports.event_report import build_event, write_event_pages
from tractor_analysis.reports.facts import duplicate_matches



# --- part 1: a player's attack points ---------------------------------------------------------------

def _event_report(folder: Path):
    model = build_report([folder])
    model.settle()
    return build_event(model, duplicate_matches(model))


def _player_page(event, name: str, out: Path) -> str:
    out.mkdir()

    def render(template: str, context: dict) -> str:
        return environment().get_template(template).render(assets=LINKED, version="test", **context)

    write_event_pages(out, event, render)
    return html.unescape((out / event.players[name].filename).read_text("utf-8"))


def test_the_engine_gives_the_hands_these_tests_rest_on(tmp_path):
    _, (played, so_far, withheld) = event_of(tmp_path / "e", hand_played_out, hand_so_far, hand_total_withheld)
    assert played.complete and played.outcome is not None and played.attackers_total is not None
    assert not so_far.complete and so_far.outcome.reason == "miscount" and so_far.attackers_total is not None
    assert withheld.outcome.reason == "miscount" and withheld.attackers_total is None
    assert all(h.defenders == frozenset({0, 2}) for h in (played, so_far, withheld))   # E–W attack


def test_a_total_so_far_is_not_added_to_a_players_attack_points(tmp_path):
    folder, (played, so_far) = event_of(tmp_path / "e", hand_played_out, hand_so_far)
    st = _event_report(folder).players["Zhao"].stats
    assert st["attacked"] == 2                                    # both hands were decided
    assert st["attack_points"] == played.attackers_total          # before: played + the points so far
    assert st["attack_totals"] == 1
    assert st.get("attack_so_far") == 1 and not st.get("attack_withheld")


def test_a_withheld_total_is_left_out_not_a_crash(tmp_path):
    folder, (played, _, _) = event_of(tmp_path / "e", hand_played_out, hand_so_far, hand_total_withheld)
    event = _event_report(folder)                                 # before: TypeError (int + None)
    for name in ("Zhao", "Sun"):                                  # the attackers
        st = event.players[name].stats
        assert (st["attacked"], st["attack_points"], st["attack_totals"]) == (3, played.attackers_total, 1)
        assert (st["attack_so_far"], st["attack_withheld"]) == (1, 1)
    for name in ("Li", "Chen"):                                   # the defenders attacked no hand
        assert not event.players[name].stats.get("attack_points")


def test_a_datasets_player_page_sums_the_same_totals(tmp_path):
    folder, (played, _) = event_of(tmp_path / "e", hand_played_out, hand_so_far)
    r = CliRunner().invoke(main, ["ingest", str(folder), "-o", str(tmp_path / "ds"), "-q"])
    assert r.exit_code == 0, r.output
    st = _event_report(tmp_path / "ds").players["Zhao"].stats       # its matches drawn from the stored records
    assert st["attack_points"] == played.attackers_total            # before: played + the points so far
    assert (st["attacked"], st["attack_totals"], st["attack_so_far"]) == (2, 1, 1)


def test_the_player_page_says_how_many_hands_its_mean_leaves_out(tmp_path):
    folder, (played, so_far, _) = event_of(tmp_path / "e", hand_played_out, hand_so_far, hand_total_withheld)
    page = _player_page(_event_report(folder), "Zhao", tmp_path / "out")
    attacked = re.search(r"<dt>Attacked / 做闲</dt><dd>(.*?)</dd>", page, re.S).group(1)
    assert f"闲家平均总分 {played.attackers_total:.1f}" in attacked
    en, zh = bilingual(re.search(r'<span class="small muted attack-note">\((.*?)\)</span>', attacked).group(1))
    assert "2 of the 3" in en and "1 whose total is withheld" in en and "1 not played out" in en
    assert "3 局中有 2 局" in zh and "1 局闲家总分不予判定" in zh and "1 局未打完" in zh
    hands = re.sub(r"<[^>]+>", "", page[page.index("Hands / 牌局</h2>"):])
    assert "None" not in hands                                    # before: the withheld total printed as "None"
    assert "? withheld / 不予判定" in hands
    assert f"{so_far.attackers_total} so far, not scored / 已得，未计分" in hands


def test_a_page_whose_totals_are_all_final_shows_no_note(tmp_path):
    folder, (a, b) = event_of(tmp_path / "e", hand_played_out, hand_played_out)
    event = _event_report(folder)
    st = event.players["Zhao"].stats
    assert (st["attacked"], st["attack_points"], st["attack_totals"]) == (2, a.attackers_total + b.attackers_total, 2)
    assert event.players["Zhao"].attack_note == ""


# --- part 2: matches the ratings leave out ----------------------------------------------------------

def _match(mid: str, teams, players, source: str = "x.tgn") -> EventMatch:
    return event_match(match_id=mid, round="2", table="5", teams=teams, players=players, levels=(5, 3), source=source)


def test_ratings_do_not_rate_a_team_against_itself():
    same = _match("s", ("Red", "Red"), ("a", "b", "c", "d"), "r2t5.tgn")
    rows, history, notes = ratings([same])
    assert rows == [] and history == {}                           # before: the four players rated
    (note,) = notes
    en, zh = bilingual(note)
    assert en.startswith('r2t5.tgn [Round "2"] [Table "5"]: ') and "cannot play itself" in en and "not rated" in en
    assert zh.startswith('r2t5.tgn [Round "2"] [Table "5"]：') and "不计入等级分" in zh


def test_ratings_do_not_rate_a_match_with_a_player_on_both_sides():
    twice = _match("t", ("Red", "Blue"), ("a", "b", "c", "a"), "r2t5.tgn")
    fine = _match("f", ("Red", "Blue"), ("a", "b", "c", "d"))
    rows, history, notes = ratings([twice, fine])
    assert {r.player: r.matches for r in rows} == {p: 1 for p in "abcd"}     # before: a rated twice in "t"
    assert [s.match_id for s in history["a"]] == ["f"]
    (note,) = notes
    en, zh = bilingual(note)
    assert '[North] and [West] are both "a"' in en and "not rated" in en
    assert '[North] 与 [West] 都是 "a"' in zh and "不计入等级分" in zh


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(EVENT, folder, ignore=shutil.ignore_patterns("*.py"))
    path = folder / "r2t2.tgn"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    return folder


SAME_TEAM = ('[TeamEW "Night Owls"]', '[TeamEW "Silver Cranes"]')


@pytest.mark.parametrize("command", ["standings", "ratings"])
def test_the_note_on_a_team_playing_itself_names_its_file_round_and_table(tmp_path, command):
    folder = _copy(tmp_path, "ev", *SAME_TEAM)
    r = CliRunner().invoke(main, [command, str(folder), "--format", "json"])
    assert r.exit_code == 0, r.output
    line = next(n for n in r.stderr.splitlines() if "cannot play itself" in n)
    en, zh = bilingual(line)
    where = f'{folder / "r2t2.tgn"} [Round "2"] [Table "2"]'
    assert en.startswith(f"{where}: ") and zh.startswith(f"{where}：")       # before: the file only
    assert ("not rated" in en and "不计入等级分" in zh) if command == "ratings" else \
        ("counted for nobody" in en and "不计入排名" in zh)
    if command == "ratings":
        rated = {row["player"]: row["matches"] for row in json.loads(r.stdout)}
        assert rated["沈洋"] == 2                                  # r2t2 not rated: 3 matches less one


def _report(folder: Path) -> Path:
    out = folder.parent / f"rep_{folder.name}"
    r = CliRunner().invoke(main, ["report", str(folder), "-o", str(out), "--hand-pages", "none"])
    assert r.exit_code == 0, r.output
    return out


def _page_of(report: Path, heading: str) -> str:
    for page in report.glob("*.html"):
        body = page.read_text("utf-8")
        if f"<h1>{heading}</h1>" in body:
            return html.unescape(body)
    raise AssertionError(f"no page titled {heading}")


def _rows(page: str) -> list[str]:
    body = page[page.index("Matches / 比赛"):]
    body = body[body.index("<tbody>"):body.index("</tbody>")]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r)) for r in re.findall(r"<tr>.*?</tr>", body, re.S)]


def test_the_event_pages_say_a_team_playing_itself_is_not_rated(tmp_path):
    report = _report(_copy(tmp_path, "ev", *SAME_TEAM))
    index = html.unescape((report / "index.html").read_text("utf-8"))
    note = next(n for n in re.findall(r"<li>(.*?)</li>", index, re.S) if "cannot play itself" in n)
    en, zh = bilingual(note)
    assert "not rated" in en and "不计入等级分" in zh                # before: "counted for nobody" alone
    assert en.startswith("Lantern Cup 2026 · round 2 · table 2 · 2026-05-16 (") and "r2t2.tgn)" in en
    assert zh.startswith("Lantern Cup 2026 · 第 2 轮 · 第 2 桌 · 2026-05-16（") and '[Round "2"]' not in zh
    player = _page_of(report, "沈洋")
    row = next(r for r in _rows(player) if "陈静" in r)
    assert "not counted / 未计入" in row and "not rated" in row and "不计入等级分" in row
    assert "after 2 rated match(es)" in player


@pytest.mark.parametrize("old, new, why", [
    ('[West "韩雪"]\n', "", "a player is not named"),
    ('[West "韩雪"]', '[West "陈静"]', '[North] and [West] are both "陈静"'),
])
def test_a_match_the_standings_count_but_the_ratings_do_not_is_named_on_the_event_pages(tmp_path, old, new, why):
    report = _report(_copy(tmp_path, "ev", old, new))
    index = html.unescape((report / "index.html").read_text("utf-8"))
    section = index[index.index("Not rated, though counted in the standings / 计入排名但不计入等级分"):]
    note = re.findall(r"<li>(.*?)</li>", section[:section.index("</ul>")], re.S)
    assert len(note) == 1                                         # before: no such list
    en, zh = bilingual(note[0])
    assert en.startswith("Lantern Cup 2026 · round 2 · table 2 · 2026-05-16 (") and why in en
    assert zh.startswith("Lantern Cup 2026 · 第 2 轮 · 第 2 桌 · 2026-05-16（") and "不计入等级分" in zh
    player = _page_of(report, "沈洋")
    row = next(r for r in _rows(player) if "褚磊" in r)
    assert "not counted" not in row and "not rated / 不计入等级分" in row and why in row

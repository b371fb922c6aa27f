"""An organiser's posted pages (stop 8): a record that could not be read is listed under "Not counted" on the
printable sheet and the report's index, and the round note says so, naming it; a player's name written two
ways gets the names-check note (its spaces boxed) and is read alike everywhere (the ends stripped once);
``tractor report`` takes ``--points`` / ``--tiebreak`` / ``--after-round`` / ``--event`` as ``standings`` does;
the ratings are posted (the report's index, ``tractor ratings --html``)."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

from event_helpers import copy_event, edit_record, run_cli




def _damage(path: Path) -> None:
    """Bytes overwritten in the middle (NUL): no match can be read from the record."""
    data = path.read_bytes()
    middle = len(data) // 2
    path.write_bytes(data[:middle] + b"\x00" * 40 + data[middle + 40:])


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def _section(page: str, heading: str) -> str:
    """The text after ``heading`` (a "Not counted" list) up to the next list's end."""
    at = page.index(heading)
    return _text(page[at:page.index("</ul>", at)])


# --- 3. a record that could not be read --------------------------------------------------------------------

def test_the_printable_sheet_lists_an_unreadable_record_and_the_round_note_names_it(tmp_path):
    folder = copy_event(tmp_path)
    _damage(folder / "r3t3.tgn")
    out = tmp_path / "standings.html"
    r = run_cli("standings", str(folder), "--html", str(out), code=2)
    page = out.read_text("utf-8")
    listed = _section(page, "Not counted / 未计入")
    assert "r3t3.tgn" in listed and "no match could be read" in listed and "未计入" in listed
    rounds = [line for line in r.stderr.splitlines() if line.startswith("round 3: no match counted")]
    assert rounds and "could not be read" in rounds[0] and "r3t3.tgn" in rounds[0] and "无法读取" in rounds[0]
    checks = _text(page[page.index("Please check / 请核对"):])
    assert re.search(r"round 3: no match counted[^/]*could not be read \([^)]*r3t3\.tgn\)", checks)


def test_the_report_index_lists_an_unreadable_record_under_not_counted(tmp_path):
    folder = copy_event(tmp_path)
    _damage(folder / "r3t3.tgn")
    out = tmp_path / "report"
    run_cli("report", str(folder), "-o", str(out), "-q", "--no-charts", "--hand-pages", "none", code=2)
    index = (out / "index.html").read_text("utf-8")
    listed = _section(index, "Not counted / 未计入:")
    assert "r3t3.tgn" in listed and "no match could be read" in listed
    checks = _text(index[index.index("Please check / 请核对"):])
    assert re.search(r"round 3: no match counted[^/]*could not be read \([^)]*r3t3\.tgn\)", checks)
    sheet = (out / "standings-print.html").read_text("utf-8")
    assert "r3t3.tgn" in _section(sheet, "Not counted / 未计入")


# --- 4. a player's name written two ways --------------------------------------------------------------------

def _two_ways(folder: Path) -> tuple[str, str]:
    """R1t1's North renamed "Zheng Qiang" in every record, and written "Zheng  qiang " (a doubled inner
    space, another letter case, a trailing space) in one of the others."""
    name = re.search(r'\[North "([^"]+)"\]', (folder / "r1t1.tgn").read_text("utf-8")).group(1)
    files = [f for f in sorted(folder.glob("r*.tgn")) if f'"{name}"' in f.read_text("utf-8")]
    assert len(files) > 1
    for f in files:
        f.write_text(f.read_text("utf-8").replace(f'"{name}"', '"Zheng Qiang"'), "utf-8")
    spaced = "Zheng  qiang "
    edit_record(files[-1], '"Zheng Qiang"', f'"{spaced}"')
    return "Zheng Qiang", spaced


def test_a_name_written_two_ways_is_read_alike_and_noted(tmp_path):
    folder = copy_event(tmp_path)
    name, spaced = _two_ways(folder)
    r = run_cli("ratings", str(folder), "--format", "json")
    rated = {row["player"] for row in json.loads(r.stdout)}
    assert spaced.strip() in rated and spaced not in rated and name in rated     # the ends stripped, never merged
    note = next(line for line in r.stderr.splitlines() if line.startswith("player names that differ"))
    assert f'"{name}"' in note and f'"{spaced.strip()}"' in note and "选手姓名仅大小写或空格不同" in note
    standings = run_cli("standings", str(folder), "--format", "json")
    players = {p for row in json.loads(standings.stdout) for p in row["players"]}
    assert spaced.strip() in players and spaced not in players
    assert any(line.startswith("player names that differ") for line in standings.stderr.splitlines())


def test_the_report_reads_the_name_as_ratings_does_and_boxes_its_spaces(tmp_path):
    folder = copy_event(tmp_path)
    name, spaced = _two_ways(folder)
    out = tmp_path / "report"
    run_cli("report", str(folder), "-o", str(out), "-q", "--no-charts", "--hand-pages", "none")
    index = (out / "index.html").read_text("utf-8")
    checks = index[index.index("Please check / 请核对"):]
    assert "player names that differ only in letter case or spacing" in checks
    assert '<span class="ws" title="U+0020 U+0020">  </span>' in checks
    # the event's part of the index and the player pages (the statistics and the match pages show the record's
    # own tags): the name with its trailing space, as a value, nowhere
    pages = [p.read_text("utf-8") for p in out.glob("player-*.html")]
    event = index[index.index('id="event"'):index.index("</section>", index.index('id="event"'))]
    kept = re.compile(re.escape(spaced) + r'(?=<|"|&#34;)')
    assert len(pages) > 1 and not any(kept.search(p) for p in pages + [event])
    assert any(f"<h1>{spaced.strip()}" in p or f">{spaced.strip()}<" in p for p in pages)


# --- 5. the report's scoring and selection -----------------------------------------------------------------

def _index_order(index: str, round_id: str) -> list[str]:
    at = index.index(f'id="event-round-{round_id}"')
    table = index[at:index.index("</table>", at)]
    return [html.unescape(t) for t in re.findall(r'<td class="team"><a href="[^"]*">([^<]*)</a>', table)]


def test_report_scores_and_selects_as_standings_does(tmp_path):
    folder = copy_event(tmp_path)
    args = ["--points", "win=3,loss=1,forfeit=0", "--tiebreak", "opponents,level_diff", "--after-round", "2"]
    rows = json.loads(run_cli("standings", str(folder), "--format", "json", *args).stdout)
    out = tmp_path / "report"
    run_cli("report", str(folder), "-o", str(out), "-q", "--no-charts", "--hand-pages", "none", *args)
    index = (out / "index.html").read_text("utf-8")
    assert _index_order(index, "2") == [row["team"] for row in rows]
    assert 'id="event-round-3"' not in index
    said = _text(index[index.index("ev-scoring"):])
    assert "win 3, loss 1, forfeit 0" in said and "rounds up to 2" in said and "胜 3，负 1，判负 0" in said
    default = json.loads(run_cli("standings", str(folder), "--format", "json").stdout)
    assert [row["team"] for row in rows] != [row["team"] for row in default]      # the options change the order


def test_report_refuses_a_bad_points_option_as_standings_does(tmp_path):
    folder = copy_event(tmp_path)
    r = run_cli("report", str(folder), "-o", str(tmp_path / "out"), "--points", "win=x", code=2)
    assert "--points win takes a whole number" in r.output
    assert not (tmp_path / "out").exists()


def test_report_event_option_takes_the_name_exactly(tmp_path):
    folder = copy_event(tmp_path)
    event = re.search(r'\[Event "([^"]+)"\]', (folder / "r1t1.tgn").read_text("utf-8")).group(1)
    edit_record(folder / "r1t1.tgn", f'[Event "{event}"]', f'[Event "{event.upper()}"]')
    out = tmp_path / "report"
    run_cli("report", str(folder), "-o", str(out), "-q", "--no-charts", "--hand-pages", "none", "--event", event)
    index = (out / "index.html").read_text("utf-8")
    assert "only in letter case or spacing; --event takes the name exactly: not counted" in _text(index)


# --- 6. the ratings, posted --------------------------------------------------------------------------------

def test_ratings_html_has_the_rows_of_the_text_in_its_order(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r1t1.tgn", '[North "', '[North "<b>')       # record text is escaped on the page
    out = tmp_path / "ratings.html"
    r = run_cli("ratings", str(folder), "--html", str(out), "--format", "json")
    rows = json.loads(r.stdout)
    page = out.read_text("utf-8")
    shown = [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r'<td class="players">(.*?)</td>', page)]
    assert shown == [row["player"] for row in rows]
    assert "<b>" not in page.split("<body", 1)[1] and "&lt;b&gt;" in page
    assert f"{rows[0]['ordinal']:.3f}" in page
    run_cli("ratings", str(folder), "--html", str(folder / "r1t1.tgn"), code=2)       # an input is refused


def test_the_report_index_has_the_ratings_table(tmp_path):
    folder = copy_event(tmp_path)
    rows = json.loads(run_cli("ratings", str(folder), "--format", "json").stdout)
    out = tmp_path / "report"
    run_cli("report", str(folder), "-o", str(out), "-q", "--no-charts", "--hand-pages", "none")
    index = (out / "index.html").read_text("utf-8")
    at = index.index('id="event-ratings"')
    table = index[at:index.index("</table>", at)]
    linked = [html.unescape(t) for t in re.findall(r'<td class="players"><a href="[^"]*">([^<]*)</a>', table)]
    assert linked == [row["player"] for row in rows]

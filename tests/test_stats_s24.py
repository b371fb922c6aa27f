"""An analyst's findings (session 24): ``tractor stats`` keys a team or player name written in two Unicode forms
(NFC, NFD) as one, shown in the form first read, as ``tractor standings`` does; ``--by match`` gives two matches
whose record files' names are drawn alike (one composed, one decomposed) their ``match_id``; a table's columns are
measured in the columns a terminal draws (a combining accent none); the report's index gives each match a JSON Lines
file lost whole its own note, as the standings do; the ``content_digest`` column's description says what a hand
does not state is hashed as not known (docs/dataset.md, docs/standings.md)."""
from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path

from event_helpers import EVENT, bilingual, copy_event, edit_record, run_cli

from tractor_analysis.cli.tables import pad, width
from tractor_analysis.dataset.schema import SCHEMAS

NFC = "Équipe Zoé"
NFD = unicodedata.normalize("NFD", NFC)
PLAYER_NFC = "José"
PLAYER_NFD = unicodedata.normalize("NFD", PLAYER_NFC)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _json(*args) -> list | dict:
    return json.loads(run_cli(*args, "--format", "json").stdout)


def _zoe_event(tmp_path: Path) -> Path:
    """The event with "Red Lanterns" named ``NFC`` and its North 李娜 named ``PLAYER_NFC`` — except in r3t1.tgn, which
    writes both decomposed (NFD)."""
    folder = copy_event(tmp_path)
    for f in sorted(folder.glob("*.tgn")):
        nfd = f.name == "r3t1.tgn"
        text = f.read_text("utf-8").replace('"Red Lanterns"', f'"{NFD if nfd else NFC}"')
        f.write_text(text.replace('"李娜"', f'"{PLAYER_NFD if nfd else PLAYER_NFC}"'), "utf-8")
    assert NFD in (folder / "r3t1.tgn").read_text("utf-8")
    return folder


def _rows_of(rows: list[dict], key: str, name: str) -> list[dict]:
    return [r for r in rows if _nfc(r[key]) == name]


# --- 1. one name in two Unicode forms: one row ------------------------------------------------------------------

def test_stats_keys_a_team_and_a_player_in_two_unicode_forms_as_one_as_the_standings(tmp_path):
    ds = tmp_path / "ds"
    run_cli("ingest", str(_zoe_event(tmp_path)), "-o", str(ds))
    standings = _json("standings", str(ds))
    teams = _json("stats", str(ds), "--by", "team", "--table", "summary")["summary"]
    # before: two "Équipe Zoé" rows (9 teams), drawn alike
    assert [(r["team"], r["hands"]) for r in _rows_of(teams, "team", NFC)] == [(NFC, _hands(ds, NFC))]
    assert {r["team"] for r in teams} == {r["team"] for r in standings}           # the standings' teams, exactly
    ranked = _json("stats", str(ds), "--by", "team", "--table", "standings")["standings"]
    assert [r["team"] for r in _rows_of(ranked, "team", NFC)] == [NFC]
    assert _rows_of(ranked, "team", NFC)[0]["matches"] == 3
    players = _json("stats", str(ds), "--by", "player", "--table", "summary")["summary"]
    jose = _rows_of(players, "player", PLAYER_NFC)
    assert [r["player"] for r in jose] == [PLAYER_NFC]                             # before: two rows
    assert jose[0]["hands"] == _hands(ds, PLAYER_NFC, ("player_n", "player_e", "player_s", "player_w"))


def _hands(ds: Path, name: str, columns: tuple[str, ...] = ("team_ns", "team_ew")) -> int:
    """The hands of the matches one of whose ``columns`` is ``name``, in either Unicode form."""
    import duckdb

    where = " or ".join(f"nfc_normalize(coalesce(m.{c}, '')) = $1" for c in columns)
    return duckdb.connect().execute(f"""select count(*) from read_parquet('{ds}/hands/*.parquet') h
                                        join read_parquet('{ds}/matches/*.parquet') m using (match_id)
                                        where {where}""", [name]).fetchone()[0]


def test_stats_shows_the_form_first_read_as_the_standings_do(tmp_path):
    folder = _zoe_event(tmp_path)
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder / "r3t1.tgn"), "-o", str(ds))       # the decomposed record ingested first
    run_cli("ingest", str(folder), "-o", str(ds))
    assert [r["team"] for r in _rows_of(_json("standings", str(ds)), "team", NFC)] == [NFD]
    teams = _json("stats", str(ds), "--by", "team", "--table", "summary")["summary"]
    assert [r["team"] for r in _rows_of(teams, "team", NFC)] == [NFD]
    players = _json("stats", str(ds), "--by", "player", "--table", "summary")["summary"]
    assert [r["player"] for r in _rows_of(players, "player", PLAYER_NFC)] == [PLAYER_NFD]


# --- 2. record files named alike: their match_id; widths as drawn ------------------------------------------------

CAFE = "决赛-café.tgn"


def _cafe_files(tmp_path: Path) -> Path:
    """Two different matches (round 1's tables 1 and 2) in files named ``CAFE``, composed and decomposed, without
    their ``[Round]`` and ``[Table]``."""
    folder = tmp_path / "cafe"
    folder.mkdir()
    for table, name in ((1, CAFE), (2, unicodedata.normalize("NFD", CAFE))):
        path = folder / name
        path.write_text((EVENT / f"r1t{table}.tgn").read_text("utf-8"), "utf-8")
        edit_record(path, '[Round "1"]\n', "")
        edit_record(path, f'[Table "{table}"]\n', "")
    assert len(list(folder.iterdir())) == 2
    return folder


def test_matches_in_files_named_alike_get_their_match_id(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    ds = tmp_path / "ds"
    run_cli("ingest", str(_cafe_files(tmp_path)), "-o", str(ds))
    rows = _json("stats", str(ds), "--by", "match", "--table", "summary")["summary"]
    # before: both rows "决赛-café.tgn", drawn alike, no match_id
    assert len(rows) == 2 and len({_nfc(r["match"]) for r in rows}) == 2
    for r in rows:
        assert r["match"].endswith(f" [{r['match_id']}]") and _nfc(r["match"]).endswith(f"cafe/{CAFE} [{r['match_id']}]")
    table = run_cli("stats", str(ds), "--by", "match", "--table", "summary").stdout
    lines = [line for line in table.splitlines() if f"cafe/{CAFE} [" in _nfc(line)]
    assert len(lines) == 2
    assert len({_drawn_columns(line, r["match_id"] + "]") for line, r in zip(lines, rows)}) == 1, table


def _drawn_columns(line: str, before: str) -> int:
    """The terminal column the text after ``before`` starts at in ``line`` (NFC: each letter one character)."""
    text = _nfc(line)
    before = _nfc(before)
    head = text[:text.index(before) + len(before)]
    rest = text[len(head):]
    head += rest[:len(rest) - len(rest.lstrip())]
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in head)


def test_a_standings_table_lines_up_a_decomposed_name(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    folder = _zoe_event(tmp_path)
    r = run_cli("standings", str(folder / "r3t1.tgn"), str(folder))
    lines = [line for line in r.stdout.splitlines() if re.match(r"\d+ ", line)]
    zoe = next(line for line in lines if NFD in line)                  # shown as first read: decomposed
    other = next(line for line in lines if "Jade Dragons" in line)
    # the players column starts at one terminal column in every row (before: the decomposed row's one further left)
    starts = {_drawn_columns(line, team) for line, team in ((zoe, NFD), (other, "Jade Dragons"))}
    assert len(starts) == 1, r.stdout


def test_width_counts_the_columns_a_terminal_draws():
    assert width(NFD) == width(NFC) == 10                               # before: 12, each accent a column
    assert width(unicodedata.normalize("NFD", CAFE)) == width(CAFE) == 13
    assert width("决赛") == 4 and width("Ａ") == 2                      # wide characters: two, as before
    assert width("Owls\u200b") == 4                                    # a zero-width space draws nothing
    assert width(unicodedata.normalize("NFD", "한국")) == width("한국") == 4     # Hangul decomposed
    assert width("a\u00adb") == 3                                      # a soft hyphen is drawn
    assert pad(NFD, 12) == NFD + "  "


# --- 3. the report's index: each match a JSON Lines file lost whole ------------------------------------------------

def _jsonl(tmp_path: Path) -> Path:
    """Round 1's four tables a line each: line 2's hand 2 of the wrong shape, line 3 cut inside (not JSON), line 4's
    hands not a list (the match skipped); the file's name holds characters HTML must escape."""
    matches = []
    for t in (1, 2, 3, 4):
        out = tmp_path / f"r1t{t}.json"
        run_cli("convert", str(EVENT / f"r1t{t}.tgn"), "-o", str(out))
        matches.append(json.loads(out.read_text("utf-8")))
    matches[1]["hands"][1]["tricks"] = "lost"
    matches[3]["hands"] = "lost"
    lines = [json.dumps(m, ensure_ascii=False) for m in matches]
    lines[2] = lines[2][:200]
    folder = tmp_path / "in"
    folder.mkdir()
    path = folder / "round<1>&.jsonl"
    path.write_text("".join(line + "\n" for line in lines), "utf-8")
    return path


def _index_notes(out: Path) -> str:
    return (out / "index.html").read_text("utf-8")


def test_the_report_index_gives_each_lost_line_its_note(tmp_path):
    path = _jsonl(tmp_path)
    standings = run_cli("standings", str(path), code=2).stderr
    said = [n for n in standings.splitlines() if "could not be read" in n]
    assert [n.split(":")[1] for n in said] == ["2", "3", "4"]
    ds = tmp_path / "ds"
    run_cli("ingest", str(path), "-o", str(ds), code=2)
    for source in (path, ds):
        out = tmp_path / f"report-{source.name}"
        run_cli("report", str(source), "-o", str(out), code=2)
        page = _index_notes(out)
        assert "round<1>" not in page and "round&lt;1&gt;&amp;.jsonl" in page       # escaped
        shown = html.unescape(page)
        for line, lost in ((3, "invalid JSON"), (4, '"hands" should be a list')):
            note = next(n for n in said if n.startswith(f"{path}:{line}:"))
            en, zh = bilingual(note.split(" — ")[0])
            # before: only the note on line 2's match left out
            assert f"the match on line {line} could not be read; not counted" in en
            assert en in shown and zh in shown and lost in shown, (source, line)
        assert "the 1 match(es) on line 2 are not counted" in shown


# --- 4. content_digest's description -----------------------------------------------------------------------------

def test_the_content_digest_description_says_what_is_hashed_as_not_known():
    doc = SCHEMAS["matches"].field("content_digest").metadata[b"doc"].decode("utf-8")
    assert "hashed as not known" in doc, doc                            # before: not said
    said = doc[doc.index("hashed as not known"):]
    assert all(what in said for what in ("dealer", "[Level]", "trump")), doc
    assert "part of match_key" in doc

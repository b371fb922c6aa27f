"""An organiser's findings (session 23): one name written in two Unicode forms (composed and decomposed: NFC, NFD)
is one team and one player; names that differ in an invisible format character stay apart, and the notes quote the
difference visibly; on the pages a note's quoted names are isolated; a rating order that rests on the order the
inputs were given in is said; a CSV cell of record text that starts like a formula is kept text."""
from __future__ import annotations

import csv
import io
import json
import re
import unicodedata

from event_helpers import bilingual, copy_event, edit_record, run_cli
from tractor_analysis.dataset.event_model import folded_name, quoted, team_name

NFC = "Équipe Zoé"
NFD = unicodedata.normalize("NFD", NFC)
PLAYER_NFC = "José"
PLAYER_NFD = unicodedata.normalize("NFD", PLAYER_NFC)
FSI, PDI = "\u2068", "\u2069"


def _json(*args):
    return json.loads(run_cli(*args, "--format", "json").stdout)


def _zoe_event(tmp_path):
    """The event with "Red Lanterns" named ``NFC`` and its North 李娜 named ``PLAYER_NFC`` — except in r3t1.tgn, which
    writes both decomposed (NFD)."""
    folder = copy_event(tmp_path)
    for f in sorted(folder.glob("*.tgn")):
        nfd = f.name == "r3t1.tgn"
        text = f.read_text("utf-8")
        text = text.replace('"Red Lanterns"', f'"{NFD if nfd else NFC}"').replace('"李娜"',
                                                                                     f'"{PLAYER_NFD if nfd else PLAYER_NFC}"')
        f.write_text(text, "utf-8")
    return folder


# --- 1. one name in two Unicode forms -----------------------------------------------------------------------------

def test_a_team_and_a_player_written_in_two_unicode_forms_are_one_shown_as_first_read(tmp_path):
    folder = _zoe_event(tmp_path)
    assert NFC != NFD and NFD in (folder / "r3t1.tgn").read_text("utf-8")
    rows = _json("standings", str(folder))
    zoe = [r for r in rows if unicodedata.normalize("NFC", r["team"]) == NFC]
    assert len(zoe) == 1 and len(rows) == 8                     # before: two teams drawn alike, 9 rows
    assert zoe[0]["team"] == NFC and zoe[0]["played"] == 3      # the form first read (r1t1.tgn), exactly
    assert PLAYER_NFC in zoe[0]["players"] and PLAYER_NFD not in zoe[0]["players"]
    rated = _json("ratings", str(folder))
    jose = [r for r in rated if unicodedata.normalize("NFC", r["player"]) == PLAYER_NFC]
    assert [(r["player"], r["matches"]) for r in jose] == [(PLAYER_NFC, 3)]     # before: two players


def test_the_form_first_read_is_the_one_shown(tmp_path):
    folder = _zoe_event(tmp_path)
    # the decomposed record given first: its form is the name shown (the JSON keeps that text exactly)
    rows = _json("standings", str(folder / "r3t1.tgn"), str(folder))
    assert [r["team"] for r in rows if unicodedata.normalize("NFC", r["team"]) == NFC] == [NFD]


def test_names_that_really_differ_stay_apart():
    from event_helpers import event_match

    from tractor_analysis.dataset.event_model import one_form

    a = event_match(match_id="a", teams=(NFC, "Q"), players=(PLAYER_NFC, "b", "c", "d"))
    b = event_match(match_id="b", teams=("Equipe Zoe", "Q"), players=("Jose", "b", "c", "d"))     # no accents
    c = event_match(match_id="c", teams=(NFD, "Q"), players=(PLAYER_NFD, "b", "c", "d"))
    d = event_match(match_id="d", teams=("équipe zoé", "Q"), players=(PLAYER_NFC.lower(), "b", "c", "d"))
    e = event_match(match_id="e", teams=(NFC + "\u200b", "Q"), players=(PLAYER_NFC + "\u200b", "b", "c", "d"))
    out = one_form([a, b, c, d, e])
    assert [m.teams[0] for m in out] == [NFC, "Equipe Zoe", NFC, "équipe zoé", NFC + "\u200b"]
    assert [m.players[0] for m in out] == [PLAYER_NFC, "Jose", PLAYER_NFC, "josé", PLAYER_NFC + "\u200b"]
    assert out[0] is a and out[1] is b        # nothing to change: the match itself


def test_a_pair_named_in_two_forms_gives_one_team_name():
    emile = "Émile"
    decomposed = unicodedata.normalize("NFD", emile)
    # composed, É sorts after Z; decomposed, its E sorts before: the pair's name must not depend on that
    nfc_team, nfd_team = team_name(None, "Zed", emile), team_name(None, "Zed", decomposed)
    assert unicodedata.normalize("NFC", nfd_team) == nfc_team == "Zed / Émile"


def test_names_are_folded_in_their_nfc_form():
    assert folded_name(NFD) == folded_name(NFC.upper()) == folded_name(NFC)


# --- 1. invisible format characters: apart, and the note shows them ---------------------------------------------

def test_quoted_writes_invisible_characters_as_escapes():
    assert quoted("Owls\u200b") == '"Owls\\u200b"'
    assert quoted("\u202eslwO") == '"\\u202eslwO"'
    assert quoted("a\u00adb") == '"a\\xadb"'              # a soft hyphen (Cf)
    assert quoted('"Quoted" A\\ces') == '"\\"Quoted\\" A\\\\ces"'       # as before
    assert quoted("فريق الصقور") == '"فريق الصقور"'                    # letters as written
    assert quoted(None) == "(none)"


def test_a_zero_width_space_makes_another_team_and_the_note_shows_it(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r3t2.tgn", '[TeamEW "Night Owls"]', '[TeamEW "Night Owls\u200b"]')
    cli = run_cli("standings", str(folder), "--format", "json")
    teams = [r["team"] for r in json.loads(cli.stdout)]
    assert "Night Owls" in teams and "Night Owls\u200b" in teams       # not merged; the JSON exact
    note = next(n for n in cli.stderr.splitlines() if "play under 2 team names" in n)
    en, zh = bilingual(note)
    # before: '"Night Owls"' twice, one with an invisible character in it
    assert '"Night Owls\\u200b"' in en and '"Night Owls\\u200b"' in zh and "\u200b" not in note


def test_a_right_to_left_override_in_a_note_is_shown_and_its_names_isolated_on_the_page(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r3t2.tgn", '[TeamEW "Night Owls"]', '[TeamEW "\u202eslwO thgiN"]')
    page = tmp_path / "out" / "e.html"
    cli = run_cli("standings", str(folder), "--html", str(page))
    assert '"\\u202eslwO thgiN"' in cli.stderr
    html = page.read_text("utf-8")
    notes = [li for li in re.findall(r"<li>(.*?)</li>", html, re.S) if "play under 2 team names" in li]
    assert len(notes) == 1
    # the override quoted as its escape: nothing after the name is drawn reversed (before: the raw U+202E)
    assert "&#34;\\u202eslwO thgiN&#34;" in notes[0] and "\u202e" not in notes[0]


def test_a_note_isolates_each_name_it_quotes_on_the_page():
    from tractor_analysis.reports.event_pages import show_spaces

    note = 'team "فريق الصقور" (round 3: r3.tgn); "Owls" (rounds 1, 2) / 队伍 "فريق الصقور"（第 3 轮）'
    out = str(show_spaces(note))
    # the right-to-left name between FSI and PDI where it stands (before: only the note as a whole)
    assert out.count(f"{FSI}&#34;فريق الصقور&#34;{PDI}") == 2
    assert "&#34;Owls&#34;" in out and f"{FSI}&#34;Owls" not in out       # a left-to-right name as it is
    assert out.startswith(FSI) and out.endswith(PDI)                       # the note as a whole too, as before


def test_the_printable_page_isolates_a_right_to_left_name_a_note_quotes(tmp_path):
    folder = copy_event(tmp_path)
    edit_record(folder / "r3t2.tgn", '[TeamEW "Night Owls"]', '[TeamEW "فريق"]')
    page = tmp_path / "e.html"
    run_cli("standings", str(folder), "--html", str(page))
    notes = [li for li in re.findall(r"<li>(.*?)</li>", page.read_text("utf-8"), re.S)
             if "play under 2 team names" in li]
    assert len(notes) == 1 and f"{FSI}&#34;فريق&#34;{PDI}" in notes[0]


# --- 3. a rating order resting on the order read ----------------------------------------------------------------

def _unordered(tmp_path):
    """The event with neither [Round] nor [Table] (every record has the same [Date])."""
    folder = copy_event(tmp_path)
    for f in folder.glob("*.tgn"):
        f.write_text(re.sub(r'^\[(?:Round|Table) "\d+"\]\n', "", f.read_text("utf-8"), flags=re.M), "utf-8")
    return folder


def test_ratings_say_when_their_order_rests_on_the_order_read(tmp_path):
    folder = _unordered(tmp_path)
    files = sorted(str(p) for p in folder.glob("*.tgn"))
    first, second = run_cli("ratings", *files), run_cli("ratings", *reversed(files))
    assert first.stdout != second.stdout              # the order given changes the ratings
    notes = [n for n in first.stderr.splitlines() if n.startswith("rating order:")]
    assert len(notes) == 1                            # before: stderr said nothing
    en, zh = bilingual(notes[0])
    assert "12 rated match(es)" in en and "12 场" in zh and "[Round]" in en
    page = tmp_path / "r.html"
    run_cli("ratings", *files, "--html", str(page))
    assert "12 rated match(es)" in page.read_text("utf-8")


def test_no_note_when_the_records_order_the_matches(tmp_path):
    cli = run_cli("ratings", str(copy_event(tmp_path)))
    assert "rating order:" not in cli.stderr


def test_matches_with_no_player_in_common_need_no_order():
    from event_helpers import event_match

    from tractor_analysis.dataset.ratings import read_order_note

    a = event_match(match_id="a", round=None, table=None)
    b = event_match(match_id="b", round=None, table=None, teams=("R", "S"), players=("e", "f", "g", "h"))
    assert read_order_note([a, b]) is None
    c = event_match(match_id="c", round=None, table=None, teams=("P", "S"), players=("a", "f", "c", "h"))
    en, _ = bilingual(read_order_note([a, b, c]))
    assert "3 rated match(es)" in en
    assert read_order_note([a, b, event_match(match_id="d", round="2", table=None)]) is None


# --- 4. CSV cells that start like a formula ---------------------------------------------------------------------

def test_a_csv_cell_of_record_text_that_starts_like_a_formula_is_kept_text(tmp_path):
    folder = copy_event(tmp_path)
    for name in ("r1t1.tgn", "r2t1.tgn", "r3t1.tgn"):
        edit_record(folder / name, '"Red Lanterns"', '"=HYPERLINK(\\"http://x\\")"')
        edit_record(folder / name, '"李娜"', '"@SUM(A1)"')
        edit_record(folder / name, '"王芳"', '"-2+3"')
    rows = list(csv.DictReader(io.StringIO(run_cli("standings", str(folder), "--format", "csv").stdout)))
    team = next(r for r in rows if "HYPERLINK" in r["team"])
    assert team["team"] == "'=HYPERLINK(\"http://x\")"          # before: the formula as it is
    assert team["players"].startswith("'@SUM(A1)") or team["players"].startswith("'-2+3")
    assert any(r["level_diff"].startswith("-") for r in rows)     # a number: as it is
    assert not any(r["team"].startswith("'") for r in rows if "HYPERLINK" not in r["team"])
    rated = list(csv.DictReader(io.StringIO(run_cli("ratings", str(folder), "--format", "csv").stdout)))
    players = {r["player"] for r in rated}
    assert {"'@SUM(A1)", "'-2+3"} <= players and "@SUM(A1)" not in players
    assert any(r["ordinal"].startswith("-") for r in rated)
    # the JSON keeps the names exactly
    assert "=HYPERLINK(\"http://x\")" in [r["team"] for r in _json("standings", str(folder))]
    assert {"@SUM(A1)", "-2+3"} <= {r["player"] for r in _json("ratings", str(folder))}


def test_stats_csv_keeps_a_name_that_starts_like_a_formula_text(tmp_path):
    # (the same for `tractor stats --format csv`: the players' and teams' names of a dataset)
    folder = copy_event(tmp_path)
    for name in ("r1t1.tgn", "r2t1.tgn", "r3t1.tgn"):
        edit_record(folder / name, '"Red Lanterns"', '"=HYPERLINK(\\"http://x\\")"')
        edit_record(folder / name, '"李娜"', '"@SUM(A1)"')
    ds = tmp_path / "ds"
    run_cli("ingest", str(folder), "-o", str(ds))
    players = run_cli("stats", str(ds), "--by", "player", "--format", "csv").stdout
    assert "'@SUM(A1)" in players and "\n@SUM(A1)" not in players and ",@SUM(A1)" not in players
    teams = run_cli("stats", str(ds), "--by", "team", "--format", "csv").stdout
    assert "'=HYPERLINK" in teams and ",=HYPERLINK" not in teams and "\n=HYPERLINK" not in teams
    assert "@SUM(A1)" in run_cli("stats", str(ds), "--by", "player", "--format", "json").stdout   # exact in JSON


def test_the_report_has_one_page_for_a_team_and_a_player_written_in_two_forms(tmp_path):
    folder = _zoe_event(tmp_path)
    out = tmp_path / "report"
    run_cli("report", str(folder), "-o", str(out), "--hand-pages", "none")

    def headed(prefix: str) -> list[str]:
        found = [re.search(r"<h1>(.*?)</h1>", p.read_text("utf-8")) for p in out.glob(f"{prefix}-*.html")]
        return [h.group(1) for h in found if h and unicodedata.normalize("NFC", h.group(1)) in (NFC, PLAYER_NFC)]
    assert headed("team") == [NFC] and headed("player") == [PLAYER_NFC]     # before: two pages each, drawn alike

"""A hand page's status line: bilingual, and a score sheet's hand is said to be one (before: "Status"
in English only, and a score sheet's hand, which check scores, was called "incomplete hand (the
hands are not emptied) / 未打完")."""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.cli.main import main

SHEET = ('[Event "Club night"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n[Levels "NS:2 EW:2"]\n\n'
         '[Hand "1"]\n[Dealer "N"]\n[Level "2"]\n[Trump "H"]\n[ResultOnly "yes"]\n[Claim "40"]\n')


def test_a_score_sheets_hand_page_says_it_is_a_score_sheet(tmp_path):
    path = tmp_path / "sheet.tgn"
    path.write_text(SHEET, encoding="utf-8")
    out = tmp_path / "r"
    assert CliRunner().invoke(main, ["report", str(path), "-o", str(out)]).exit_code == 0
    page = next(out.glob("m-*-h1.html")).read_text("utf-8")
    assert "<dt>Status / 状态</dt><dd>a score sheet's hand: its total alone is recorded" in page
    assert "记分表的一局" in page and "incomplete hand" not in page


def test_a_hand_cut_short_is_said_incomplete_in_both_languages(tmp_path):
    path = tmp_path / "cut.tgn"
    path.write_text(SHEET.replace('[ResultOnly "yes"]\n[Claim "40"]\n', "") + "1. N: SA, E: S3, S: S4, W: S5\n",
                    encoding="utf-8")
    out = tmp_path / "r"
    # (exit 2: the record has no deal lines, said on stderr; the pages are written)
    assert CliRunner().invoke(main, ["report", str(path), "-o", str(out)]).exit_code == 2
    page = next(out.glob("m-*-h1.html")).read_text("utf-8")
    assert "<dt>Status / 状态</dt><dd>incomplete hand (the hands are not emptied) / 未打完" in page


def _match_page(tmp_path, text: str) -> str:
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "m.tgn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "r"
    assert CliRunner().invoke(main, ["report", str(path), "-o", str(out)]).exit_code in (0, 1)
    return next(p for p in out.glob("m-*.html") if "-h" not in p.name).read_text("utf-8")


def test_the_match_page_says_where_start_levels_not_stated_come_from(tmp_path):
    """Before: "start N–S 2 · E–W 2" whatever the record said, even when it begins at hand 5 (where
    check --json says E–W's level is not known)."""
    no_levels = SHEET.replace('[Levels "NS:2 EW:2"]\n', "")
    page = _match_page(tmp_path, no_levels)
    assert "start N–S 2 · E–W 2" in page and "derived: every match starts at 2 ([Levels] not stated)" in page
    later = no_levels.replace('[Hand "1"]', '[Hand "5"]').replace('[Level "2"]', '[Level "6"]')
    page = _match_page(tmp_path / "later", later)
    assert "start N–S 6 · E–W ?" in page and "the record begins at hand 5" in page and "记录从第 5 局开始" in page
    assert "every match starts at 2" not in page
    assert 'id="levels-start-note"' not in _match_page(tmp_path / "stated", SHEET)

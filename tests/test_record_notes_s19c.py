"""What a referee reads of a finding about the record (round 19, task C, items 1 and 3).

1. A platform referee's verdict other than the engine's (``referee_mismatch``: Botzone's judge, 80fen's levels or
   match winner, docs/rules.md §7.5, §13.1) was noted "the record's own error … the record is to be corrected /
   记录须更正", as if the log were wrong: the platform may be right under its own rules, or its verdict miscopied —
   nothing shows the log wrong.  Its note now says so (``verdicts.REFEREE_NOTE``), in ``check``'s text, ``tractor
   ruling``'s list and the report's pages; the other findings about the record keep "to be corrected".
3. ``tractor ruling`` listed a hand's finding about the record but not the match's own (a ``referee_mismatch`` on
   the match's winner): it is listed too, as ``check`` names it (``match #2 比赛``).
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from cli_runs import run_in
from test_referee_record_finding_s18i import BOTH, HAND_LEVELS, MATCH_WINNER
from test_record_findings_s17c import _clean, short_deal_line
from tractor_analysis.engine.verdicts import RECORD_NOTE, REFEREE_NOTE, record_note

CORRECTED_EN, CORRECTED_ZH = "the record is to be corrected", "记录须更正"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "r.ndjson"
    path.write_text(text, "utf-8")
    return path


def test_the_notes_are_the_same_in_both_languages_and_only_the_records_own_error_is_to_be_corrected():
    assert record_note("referee_mismatch") == REFEREE_NOTE and record_note("deal_mismatch") == RECORD_NOTE
    en, zh = REFEREE_NOTE
    assert CORRECTED_EN not in en and CORRECTED_ZH not in zh and "须更正" not in zh
    assert "under its own rules" in en and "按其自身规则" in zh and "miscopied" in en and "抄写有误" in zh
    assert "no ruling against a seat" in en and "不对任何一家作裁决" in zh
    assert CORRECTED_EN in RECORD_NOTE[0] and CORRECTED_ZH in RECORD_NOTE[1]


def _note_after(lines: list[str], head: str) -> str:
    i = next(k for k, line in enumerate(lines) if head in line)
    return lines[i + 1].strip()


def test_check_notes_a_referee_mismatch_for_what_it_is(tmp_path):
    r = run_in("check", _write(tmp_path, BOTH))
    assert r.returncode == 1, r.stdout
    lines = r.stdout.splitlines()
    for head in ("✎ record 记录 hand 整局  referee_mismatch", "✎ record 记录 match #2 比赛  referee_mismatch"):
        note = _note_after(lines, head)
        assert note == " / ".join(REFEREE_NOTE), note          # before: "… the record is to be corrected / …记录须更正"
    assert CORRECTED_EN not in r.stdout and CORRECTED_ZH not in r.stdout


def test_ruling_lists_the_matchs_own_finding(tmp_path):
    out = tmp_path / "ruling.html"
    r = run_in("ruling", _write(tmp_path, MATCH_WINNER), "-o", out)
    assert r.returncode == 1 and not out.exists()
    lines = r.stderr.splitlines()
    # before: "no violation found …" and nothing more — the match winner's finding not listed
    assert any(x.startswith("1 record finding (not a player's act)") and "1 处记录问题" in x for x in lines), lines
    (line,) = [x for x in lines if "referee_mismatch" in x]
    assert line.startswith("  match #2 比赛  ✎ record 记录  referee_mismatch  match winner:")
    assert "比赛胜方" in line
    assert _note_after(lines, "referee_mismatch") == " / ".join(REFEREE_NOTE)
    assert CORRECTED_EN not in r.stderr and CORRECTED_ZH not in r.stderr


def test_ruling_lists_a_hands_and_the_matchs_findings_in_order_naming_the_match(tmp_path):
    r = run_in("ruling", _write(tmp_path, BOTH), "-o", tmp_path / "ruling.html")
    found = [x for x in r.stderr.splitlines() if "✎ record 记录" in x]
    assert [x.split("  ✎")[0].strip() for x in found] == ["match #2 · hand 1 第1局", "match #2 比赛"]
    assert r.stderr.splitlines()[1].startswith("2 record findings")


@pytest.mark.parametrize("option", [("--hand", "1"), ("--trick", "3"), ("--seat", "N")])
def test_a_match_finding_is_not_listed_for_a_hand_trick_or_seat_asked_for(tmp_path, option):
    r = run_in("ruling", _write(tmp_path, MATCH_WINNER), "-o", tmp_path / "ruling.html", *option)
    assert "referee_mismatch" not in r.stderr


def test_control_the_records_own_error_is_still_to_be_corrected(tmp_path):
    path, out = tmp_path / "r.tgn", tmp_path / "ruling.html"
    path.write_text(short_deal_line(_clean(1)), "utf-8")
    r = run_in("ruling", path, "-o", out)
    assert r.returncode == 1 and not out.exists()
    assert "✎ record 记录  deal_mismatch" in r.stderr and " / ".join(RECORD_NOTE) in [x.strip() for x in r.stderr.splitlines()]
    assert " / ".join(REFEREE_NOTE) not in r.stderr
    c = run_in("check", path)
    assert " / ".join(RECORD_NOTE) in [x.strip() for x in c.stdout.splitlines()]


def _report_pages(tmp_path: Path, text: str) -> dict[str, str]:
    out = tmp_path / "rep"
    r = run_in("report", _write(tmp_path, text), "-o", out)
    assert r.returncode == 0, r.stderr
    return {p.name: p.read_text("utf-8") for p in out.glob("*.html")}


def _about_record(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'<div class="about-record">(.*?)</div>', page, re.S)]


def test_the_hand_page_notes_a_referee_mismatch_for_what_it_is(tmp_path):
    pages = _report_pages(tmp_path, HAND_LEVELS)
    (page,) = [p for name, p in pages.items() if 'data-code="referee_mismatch"' in p and name != "index.html"]
    # before: "✎ record / 记录 — the record's own error … the record is to be corrected / … 记录须更正"
    assert _about_record(page) == ["✎ record / 记录 — " + " / ".join(REFEREE_NOTE)]


def test_the_match_page_notes_the_winners_referee_mismatch_for_what_it_is(tmp_path):
    pages = _report_pages(tmp_path, MATCH_WINNER)
    assert [x for p in pages.values() for x in _about_record(p)] == ["✎ record / 记录 — " + " / ".join(REFEREE_NOTE)]
    index = html.unescape(pages["index.html"])
    assert "a platform referee's verdicts other than the engine's" in index and "平台裁判与本引擎不同的判定" in index


def test_control_the_hand_page_keeps_to_be_corrected_for_the_records_own_error(tmp_path):
    path = tmp_path / "r.tgn"
    path.write_text(short_deal_line(_clean(1)), "utf-8")
    assert run_in("report", path, "-o", tmp_path / "rep").returncode == 0
    notes = [x for p in (tmp_path / "rep").glob("*.html") for x in _about_record(p.read_text("utf-8"))]
    assert notes and set(notes) == {"✎ record / 记录 — " + " / ".join(RECORD_NOTE)}

"""The standings' notes on how a match was decided — cut short inside a hand, or won by passing the winning level on
a derived result (docs/rules.md §7.4, §8.5) — quote the winning team's name as every note quotes a name, and the
team pages carry them on that match's row (a tester's findings).

Before: ``"Quoted" Aces <b> won the match: …`` (unquoted: where the name ends is in doubt), while docs/standings.md
says a name a note quotes is between double quotes, a quote inside escaped; and a team page showed such a match
with no note at all."""
from __future__ import annotations

import html
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

from event_helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HOSTILE = '"Quoted" Aces <b>'
TAGS = '[West "刘洋"]\n[TeamNS "Pines"]\n[TeamEW "\\"Quoted\\" Aces <b>"]'
"""E–W are the team ``"Quoted" Aces <b>`` (its tag escapes the quotes), N–S the Pines."""
QUOTED = '"\\"Quoted\\" Aces <b>"'
"""The name as a note quotes it (docs/standings.md)."""


def _passed() -> str:
    """Hand 1 written up to trick 13, its result from its [Claim] 60: E–W defend at 2, the winning level, hold, and
    so win the match on a derived result."""
    text = SAMPLE[:SAMPLE.index("14. N: SJ S8")] + SAMPLE[SAMPLE.index('[Claim "60"]'):]
    text = text.replace('[Rule:decide_by_levels "on"]', '[Rule:decide_by_levels "on"]\n[Rule:win_level "2"]', 1)
    return text[:text.index('[Hand "2"]')].replace('[West "刘洋"]', TAGS, 1)


def _cut_short() -> str:
    """The record stopping in hand 5 after trick 1, no [Claim], under the event's rule that a hand the clock stops
    does not count (``stopped_hand "void"``, docs/rules.md §8.5 — without it the hand void and the hand played out
    are both readings, and they differ here: not decided): E–W win on the higher level when it ends."""
    hand5 = SAMPLE.index('[Hand "5"]')
    text = SAMPLE[:hand5] + SAMPLE[hand5:][:SAMPLE[hand5:].index("2. ")]
    text = text.replace('[Rule:decide_by_levels "on"]', '[Rule:decide_by_levels "on"]\n[Rule:stopped_hand "void"]', 1)
    return text.replace('[West "刘洋"]', TAGS, 1)


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "in"
    folder.mkdir(parents=True)
    (folder / "m.tgn").write_text(text, encoding="utf-8")
    return folder


def _notes(tmp_path: Path, text: str, dataset: bool = False) -> list[str]:
    source = str(_write(tmp_path, text))
    if dataset:
        run_cli("ingest", source, "-o", str(tmp_path / "ds"), "-q")
        source = str(tmp_path / "ds")
    return [line for line in run_cli("standings", source).stderr.splitlines() if "§7.4" in line or "§8.5" in line]


def test_the_note_on_a_match_won_on_a_derived_result_quotes_the_winning_team(tmp_path):
    for dataset in (False, True):
        (note,) = _notes(tmp_path / str(dataset), _passed(), dataset)
        en, zh = note.split(" / ", 1)[0], note.split(" / ", 1)[1]
        assert f": {QUOTED} won the match: passed 2 in hand 1, whose record stops before its end" in en
        assert f"：{QUOTED} 方获胜：打过 2（第 1 局）" in zh
        assert f" {HOSTILE} won" not in note and "而非打完的各轮" in zh and "\u58a9" not in zh      # one word for a trick


def test_the_note_on_a_match_cut_short_quotes_the_winning_team(tmp_path):
    for dataset in (False, True):
        (note,) = _notes(tmp_path / str(dataset), _cut_short(), dataset)
        # (the words of check's match line since s19-h1: the levels the stopped hand was played at, void)
        assert f"): {QUOTED} won the match: higher level at the levels hand 5 was played at" in note
        assert f"判定：{QUOTED} 方获胜：以第 5 局所打的级数，级数高" in note and f" {HOSTILE} won" not in note


def _report(tmp_path: Path, text: str) -> Path:
    out = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(_write(tmp_path, text)), "-o", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out


def _row_notes(page: str) -> list[str]:
    return re.findall(r'<div class="small muted decision-note">please check / 请核对: (.*?)</div>', page, re.S)


def test_a_team_page_carries_the_note_on_its_match_row_escaped(tmp_path):
    for name, text in (("passed", _passed()), ("cut", _cut_short())):
        out = _report(tmp_path / name, text)
        index = (out / "index.html").read_text("utf-8")
        (said,) = [n for n in re.findall(r"<li>(.*?)</li>", index, re.S) if "§7.4" in n or "§8.5" in n]
        pages = sorted(out.glob("team-*.html"))
        assert len(pages) == 2
        for page in pages:              # the winner's page and the loser's: the same note as the index gives
            shown = (page.read_text("utf-8"))
            (note,) = _row_notes(shown)
            assert note == said
            assert "&lt;b&gt;" in note and "<b>" not in note and "&#34;\\&#34;Quoted\\&#34; Aces" in note   # escaped
            assert html.unescape(note).count(QUOTED) == 2     # in both halves


def test_a_team_page_row_of_a_match_played_out_has_no_note(tmp_path):
    whole = SAMPLE.replace('[West "刘洋"]', TAGS, 1)
    out = _report(tmp_path, whole)
    for page in out.glob("team-*.html"):
        assert _row_notes(page.read_text("utf-8")) == []

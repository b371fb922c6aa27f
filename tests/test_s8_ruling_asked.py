"""``tractor ruling`` on what the record does not hold, and on a match's own finding (a referee's probe):

1. ``--hand 5`` of a record that has no hand 5 (or ``--trick 99``) said "no violation found" and exited 1 —
   "judged in full, nothing found" — though nothing was judged there: a mistyped number read as a clean
   finding.  Now it says the record has no such hand / trick and exits 2.
2. A hand recorded after the match ended (``after_match_end``, docs/rules.md §8.4) is a violation ``tractor
   check`` prints with the match (exit 1), but ``tractor ruling`` said "no violation found" (exit 3): one tool,
   two answers.  Now the finding gets a page, with the first hand recorded after the end.

Each test fails on the code before the change.
"""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.cli.main import main

SHEET = """[Event "Spring Cup"]
[Ruleset "tournament"]

[Hand "1"]
[Dealer "N"]
[Level "2"]
[Trump "H"]
[ResultOnly "yes"]
[Takebacks "E E"]
[Claim "0"]

[Hand "2"]
[Dealer "S"]
[Level "5"]
[Trump "H"]
[ResultOnly "yes"]
[Takebacks "W"]
[Claim "30"]

[Hand "3"]
[Dealer "N"]
[Level "7"]
[Trump "H"]
[ResultOnly "yes"]
[Claim "0"]
"""

PAIR = """[Event "Probe"]
[Ruleset "standard"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "2"]
[SetUp "1"]
[Points "0"]
N: H9 H9
E: H3 H4
S: H5 H6
W: H7 H8
1. N: H9 H9, E: H3 H4, S: H5 H6, W: H7 H8
"""


def _ruling(tmp_path, text: str, *args: str):
    path = tmp_path / "r.tgn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "ruling.html"
    got = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out), *args])
    return got, out


def test_a_hand_the_record_does_not_hold_is_said_and_exits_2(tmp_path):
    got, out = _ruling(tmp_path, PAIR, "--hand", "5")
    assert got.exit_code == 2, got.output
    assert "has no hand 5" in got.output and "没有第 5 局" in got.output
    assert "no violation found" not in got.output and not out.exists()


def test_a_trick_the_record_does_not_hold_is_said_and_exits_2(tmp_path):
    got, out = _ruling(tmp_path, PAIR, "--trick", "99")
    assert got.exit_code == 2, got.output
    assert "has no trick 99" in got.output and "没有第 99 轮" in got.output
    got, _ = _ruling(tmp_path, PAIR, "--hand", "9", "--trick", "99")
    assert got.exit_code == 2 and "trick 99 in hand 9" in got.output and "第 9 局的第 99 轮" in got.output


def test_a_hand_and_trick_the_record_holds_are_judged_as_before(tmp_path):
    got, out = _ruling(tmp_path, PAIR, "--hand", "9", "--trick", "1")
    assert got.exit_code == 1, got.output           # judged in full, no violation
    assert "no violation found" in got.output and not out.exists()


def test_a_hand_recorded_after_the_match_ended_gets_a_page(tmp_path):
    check = CliRunner().invoke(main, ["check", str(_write(tmp_path))])
    assert check.exit_code == 1 and "after_match_end" in check.output
    got, out = _ruling(tmp_path, SHEET)
    assert got.exit_code == 0, got.output
    page = out.read_text(encoding="utf-8")
    assert "§8.4" in page and "hand 3 is recorded after the match ended" in page
    got, out = _ruling(tmp_path, SHEET, "--hand", "3")
    assert got.exit_code == 0, got.output
    got, out = _ruling(tmp_path, SHEET, "--hand", "2")
    assert got.exit_code == 3 and "no violation found" in got.output     # hand 2 counts: nothing found in it


def _write(tmp_path):
    path = tmp_path / "sheet.tgn"
    path.write_text(SHEET, encoding="utf-8")
    return path


def test_the_printable_event_page_says_the_other_side_forfeited():
    """The printable results page read "forfeit (wrong follows)" beside the winner — as if the winner had
    forfeited — where its Chinese half says the other side did (对方…判负): both halves now say the same."""
    from event_helpers import event_match
    from tractor_analysis.reports.event_pages import _result

    row = _result(event_match(teams=("Red", "Blue"), levels=(5, 3), winner=0, decided_by="forfeit", forfeit=1,
                              forfeit_reasons=(None, "wrong follows")))
    assert row.short_en.startswith("the other side forfeited") and row.short_zh.startswith("对方")


def test_stats_on_a_records_folder_suggests_an_ingest_that_would_run(tmp_path):
    """`tractor stats RECORDS` suggested `tractor ingest RECORDS -o RECORDS`, which ingest refuses (an output
    folder may not be an input folder): it now suggests a dataset folder of its own (an analyst's probe)."""
    (tmp_path / "a.tgn").write_text('[Event "x"]\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["stats", str(tmp_path)])
    assert r.exit_code == 2
    assert f"-o {tmp_path}'" not in r.output
    assert f"'tractor ingest {tmp_path} -o DATASET'" in r.output and "数据集须放在另一个目录" in r.output

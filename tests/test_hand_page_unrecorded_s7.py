"""The hand page shows a seat the record ends before, in the trick it ends in, as "not in the record, not known",
never "no play / 未出" (docs/rules.md §14.1: nothing says the seat did not play) — as it shows a play left out."""
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from click.testing import CliRunner

from tractor_analysis.cli.main import main

RECORD = """[Event "Probe"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Ruleset "standard"]

[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "0"]
N: SA S4
E: S7 S5
S: S8 S6
W: S9 S3
Buried: C3 C3 C4 C4 C6 C6 C7 C7
1. N: SA, E: S7, S: S8, W: S9
2. N: S4, E: S5
"""


def test_the_seats_after_the_records_last_play_are_not_in_the_record(tmp_path):
    path = tmp_path / "stops.tgn"
    path.write_text(RECORD, encoding="utf-8")
    (match,), _ = parse_tgn(RECORD)
    assert replay_match(match).hands[0].unfinished is not None
    out = tmp_path / "report"
    run = CliRunner().invoke(main, ["report", str(path), "-o", str(out)])
    assert run.exit_code == 0, run.output
    page = next(p for p in out.glob("*h1.html")).read_text("utf-8")
    trick2 = page[page.index('id="trick-2"'):]
    trick2 = trick2[:trick2.index("</table>")] if "</table>" in trick2 else trick2
    assert "not in the record" in trick2 and "记录未写" in trick2
    assert "no play" not in trick2 and "未出" not in trick2

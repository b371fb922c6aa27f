"""``tractor ruling --seat W`` with nothing to rule on names the seat in the Chinese half as a seat is
named in Chinese (西家), not by its English letter ("W 家")."""
from click.testing import CliRunner

from tractor_analysis.cli.main import main

CLEAN = """[Event "Probe R"]
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
N: SA
E: S7
S: S8
W: S9
Buried: C3 C3 C4 C4 C6 C6 C7 C7
1. N: SA, E: S7, S: S8, W: S9
"""


def test_the_seat_asked_for_is_named_in_chinese(tmp_path):
    path = tmp_path / "clean.tgn"
    path.write_text(CLEAN, encoding="utf-8")
    run = CliRunner().invoke(main, ["ruling", str(path), "--seat", "W", "-o", str(tmp_path / "r.html")])
    assert run.exit_code == 1, run.output
    assert "at seat W" in run.stderr and "的西家中没有发现违规" in run.stderr and "W 家" not in run.stderr

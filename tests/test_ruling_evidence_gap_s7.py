"""The ruling's evidence line for a seat whose deal line is given but whose play in an earlier trick the record
leaves out (not filled in): its fault stands only on a card it plays later, and the page says which (as it does
for a seat read from its plays)."""
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from test_after_gap_s7 import W_LINE


def test_the_evidence_names_the_later_play_and_the_play_left_out(tmp_path):
    path = tmp_path / "w-line.tgn"
    path.write_text(W_LINE, encoding="utf-8")
    out = tmp_path / "ruling.html"
    run = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)])
    assert run.exit_code == 0, run.output
    page = out.read_text("utf-8")
    assert "evidence: W played ♦10 in trick 4, so W held it here" in page
    assert "the record leaves out W&#39;s play in trick 2" in page
    assert "证据：西家在第 4 轮打出 ♦10" in page and "记录缺少西家在第 2 轮的出牌" in page

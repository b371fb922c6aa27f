"""``analyse --view`` in a position (``[SetUp "1"]``) with ``[Declarations]`` (a player's tester, session 22).

The view does not use a position's declarations (docs/rules.md §15 item 5: the declared cards may have been played in
the tricks before the position, which the record does not give) — N's lead was judged over every split of the
unseen cards, W's declared ♠7 not required — but nothing said so: a player would take the declaration as used.  Now
a line under the hand's heading says it; a full hand's declarations, used, get no such line."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

RECORD = Path(__file__).resolve().parent / "data" / "player_s22" / "position_with_declarations.tgn"


def _view(path) -> str:
    r = CliRunner().invoke(main, ["analyse", str(path), "--view", "--samples", "20", "--last", "1"])
    assert r.exit_code == 0, r.output
    return r.output


def test_a_position_s_declarations_not_used_by_the_view_are_said(tmp_path):
    out = _view(RECORD)
    assert "[Declarations] not used in a position" in out and "残局未使用 [Declarations]" in out


def test_without_declarations_nothing_is_said(tmp_path):
    text = "\n".join(line for line in RECORD.read_text(encoding="utf-8").splitlines()
                     if not line.startswith("[Declarations"))
    f = tmp_path / "p.tgn"
    f.write_text(text + "\n", encoding="utf-8")
    assert "[Declarations] not used" not in _view(f)

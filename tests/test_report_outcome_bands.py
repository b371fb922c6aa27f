"""The report's index counts hands by outcome: a hand in which the attackers take the deal without
going up reads "attackers take the deal, no level / 闲家上台，不升级" (before: "+0 / 闲家上台升0级",
going up zero levels)."""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate_match, write_matches


def test_attackers_taking_the_deal_without_a_level_are_not_said_to_go_up_zero(tmp_path):
    matches = [simulate_match(3, i, max_hands=6) for i in range(4)]
    outcomes = [(h.outcome.winner, h.outcome.levels) for m in matches for h in replay_match(m).hands
                if h.outcome is not None]
    assert ("attackers", 0) in outcomes and ("attackers", 1) in outcomes   # the corpus has both
    write_matches(matches, str(tmp_path / "rec"))
    run = CliRunner().invoke(main, ["report", str(tmp_path / "rec"), "-o", str(tmp_path / "out")])
    assert run.exit_code == 0, run.output
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "升0级" not in index and "+0" not in index
    assert "attackers take the deal, no level / 闲家上台，不升级" in index
    assert "attackers take the deal +1 / 闲家上台升1级" in index
    players = [p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*.html") if "player" in p.name
               or p.parent.name.startswith("player")]
    assert players and not any("升0级" in page for page in players)
    assert any("attackers take the deal, no level / 闲家上台，不升级" in page for page in players)

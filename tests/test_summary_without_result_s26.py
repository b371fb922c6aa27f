"""``tractor check``'s summary line counts the hands without a result (a referee's tester: friend mode without
``[Friend]`` — its sides, points and outcome withheld — was summed up "0 not fully judged, 0 errors" as if every
hand were settled).  A position is no whole hand: never counted."""
from __future__ import annotations

from event_helpers import invoke_cli

from tractor_analysis.cli.check import summary_text
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate_match


def test_the_words():
    line = summary_text(1, 2, 0, 0, 0, 0, 1)
    assert "0 not fully judged, 1 without a result (see each hand), 0 errors / " in line
    assert "1 局结果未定（见各局）" in line
    assert "without a result" not in summary_text(1, 2, 0, 0, 0, 0, 0)


def test_friend_mode_without_the_called_card(tmp_path):
    match = simulate_match(5, 0, max_hands=1, rules=build_ruleset("standard", {"friend": "on"})[0])
    text = format_tgn(match)
    cut = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Friend "))
    assert cut != text
    whole, broken = tmp_path / "whole.tgn", tmp_path / "no_friend.tgn"
    whole.write_text(text, "utf-8")
    broken.write_text(cut, "utf-8")
    r = invoke_cli("check", str(broken))
    assert "1 without a result" in r.output.splitlines()[-1]
    r = invoke_cli("check", str(whole))
    assert "without a result" not in r.output.splitlines()[-1]

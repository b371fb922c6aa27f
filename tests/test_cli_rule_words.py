"""``--rule name=value`` refused: the Chinese half says what the English half says (a tester's finding: the
Chinese left out the values an option takes, and the options there are)."""
from __future__ import annotations

from event_helpers import run_cli
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate_match


def test_a_bad_rule_value_and_an_unknown_option_are_said_alike_in_both_languages():
    out = run_cli("check", "sample_logs/disputed-trick.tgn", "--rule", "bottom_multiplier=bogus", code=2).output
    en, zh = out.split(" / ", 1)
    assert "'bogus'" in en and "'bogus'" in zh and "pair_doubling" in en and "pair_doubling" in zh
    out = run_cli("check", "sample_logs/disputed-trick.tgn", "--rule", "no_such_option=1", code=2).output
    en, zh = out.split(" / ", 1)
    assert "constant_twos" in en and "constant_twos" in zh


def test_a_trick_number_with_an_ideographic_full_stop_reads_as_the_trick_line():
    m = simulate_match(5, 0, preset="standard", max_hands=1)
    text = format_tgn(m)
    typed = "\n".join(line.replace(". ", "。", 1) if line[:1].isdigit() else line for line in text.split("\n"))
    assert typed != text
    (a,), errors = parse_tgn(typed)
    assert errors == []
    assert replay_match(a) == replay_match(parse_tgn(text)[0][0])

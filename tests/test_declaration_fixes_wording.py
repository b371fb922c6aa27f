"""Wording of ``tractor check``: a declaration's cards shown alike in both languages (suit symbols), a
declaration's cards not labelled as a play, and an outcome whose gain a rank that may not be skipped
capped (docs/rules.md §8.4) saying so, and by what, in both languages."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from record_builders import CAPPED_AT_5, CAPPED_AT_10
from tractor_analysis.cli.main import main
from tractor_analysis.engine import describe_outcome, replay_match
from tractor_analysis.engine.declarations import check_declarations
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import parse_cards
from tractor_analysis.records.model import Declaration
from tractor_analysis.records.rulesets import PRESETS

BASE = Path(__file__).resolve().parent / "data" / "declaration_fixes" / "nobody_declared_ourgame.tgn"


def _check(tmp_path: Path, text: str, *args: str) -> str:
    path = tmp_path / "rec.tgn"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["check", *args, str(path)], catch_exceptions=False).output


def _with_declarations(declarations: str) -> str:
    return BASE.read_text(encoding="utf-8").replace('[Ruleset "ourgame"]', '[Ruleset "standard"]').replace(
        '[Declarations ""]', f'[Declarations "{declarations}"]')


def test_a_declaration_too_weak_shows_both_declarations_alike(tmp_path):
    out = _check(tmp_path, _with_declarations("N: S2 | E: C2 C2 | N: S2 S2"))
    assert "N declared ♠2 ♠2, which does not overcall E's ♣2 ♣2" in out
    assert "北家亮 ♠2 ♠2 压不过东家已亮的 ♣2 ♣2" in out
    assert "E's C2 C2" not in out
    out = _check(tmp_path, _with_declarations("N: S2 | S: H2"))
    assert "S declared ♥2, which does not overcall N's ♠2" in out and "N's S2" not in out


def test_overcalling_ones_own_declaration_shows_both_alike():
    decls = (Declaration(0, parse_cards("S2")), Declaration(0, parse_cards("LJ LJ")))
    [p] = check_declarations(decls, 2, PRESETS["80fen"])[3]
    assert "over N's own ♠2" in p.message_en and "S2" not in p.message_en.replace("♠2", "")
    assert "不能反自己已亮的 ♠2" in p.message_zh


def test_a_declaration_is_not_labelled_a_play(tmp_path):
    out = _check(tmp_path, _with_declarations("N: S2 | S: H2"))
    lines = out.splitlines()
    at = next(i for i, x in enumerate(lines) if "which does not overcall" in x)
    assert lines[at + 1].strip() == "declared 亮出  ♥2"
    assert "played 实出  ♥2" not in out


def _outcomes(out: str) -> list[str]:
    return [x for x in out.splitlines() if "outcome 结果" in x]


def test_a_gain_stopped_by_a_must_play_rank_says_so(tmp_path):
    # 80fen: E-W sit at 5, a rank that must be played: attackers +1, yet their level stays 5
    [line] = _outcomes(_check(tmp_path, CAPPED_AT_5, "--rules", "80fen"))
    assert "levels 级 NS 7  EW 5;" not in line and line.endswith("levels 级 NS 7  EW 5")
    assert "go up 1 level (capped: EW stand at 5 (must_play)" in line
    assert "so they go up 0 levels, not 1)" in line
    assert "抓分方上台并升 1 级（升级受限：东西方停在 5（must_play）" in line and "本局升 0 级，而非 1 级）" in line


def test_a_gain_stopped_at_ten_says_so(tmp_path):
    first, second = _outcomes(_check(tmp_path, CAPPED_AT_10))
    assert "EW 8→10" in first
    assert ("attackers take the deal and go up 3 levels (capped: EW may not skip 10 (must_play, win_level), "
            "so they go up 2 levels, not 3)") in first
    assert "抓分方上台并升 3 级（升级受限：东西方不能越过 10（must_play、win_level），只升 2 级，而非 3 级）" in first
    assert "capped" not in second and "受限" not in second          # 9 → 10: nothing skipped


def test_describe_outcome_says_it_too():
    [match], _ = parse_tgn(CAPPED_AT_10)
    zh, en = describe_outcome(replay_match(match).hands[0])
    assert en.startswith("attackers take the deal and go up 3 levels (capped: EW may not skip 10")
    assert "; next dealer E" in en
    assert zh.startswith("抓分方上台并升 3 级（升级受限：东西方不能越过 10")

"""What ``check`` and ``ruling`` tell a referee when a hand's play was not fully judged (session 6, R3).

Each test failed before its fix:

1. ``tractor check`` exited 0 — "every hand parsed and legal" — for a record whose hand has ``legal``
   null ("no violation found, legality not fully judged": the trump not known, a seat's cards not
   known): a script reading the exit code took it as clean.  It now exits 3 (``EXIT_NOT_JUDGED``):
   no violation found, but a hand's legality was not fully judged; 1 (a violation) and 2 (an input
   that could not be read) keep their meaning and come first.  The summary line counts those hands.
2. ``tractor ruling`` said only "no violation found … no ruling written" of such a record, which a
   referee may read as "appeal rejected": it now says that the play of the hand was not fully judged,
   and why (the hand's unknowns, as ``check`` words them), in English and Chinese.
3. ``check``'s text left out the revoke penalty ``check --json`` reports (``revoke_levels``) when the
   hand's outcome is withheld (the dealer not known, the offender's side known).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from record_builders import R11C, player_tags, position
from tractor_analysis.cli.common import EXIT_CODES, EXIT_OK, EXIT_UNREADABLE, EXIT_VIOLATION
from tractor_analysis.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_logs"
CLEAN = SAMPLES / "spring-cup-r2t5.tgn"            # every hand legal: exit 0
DISPUTED = SAMPLES / "disputed-trick.tgn"          # a real violation: exit 1
SCORE_SHEET = ROOT / "tests" / "data" / "event" / "r2t4.tgn"     # results only: nothing played

# A tester's record (Spring Cup, hand 1): {ruleset}, {dealer}, {trump} and {declarations} vary.
BASE = """[Event "Spring Cup 2026 春季杯"]
[Date "2026.03.14"]
""" + player_tags() + """[Ruleset "{ruleset}"]
[Rule:decide_by_levels "on"]
[Levels "NS:2 EW:2"]

[Hand "1"]
[Dealer "{dealer}"]
[Trump "{trump}"]
[Level "2"]
{declarations}N: H2 D2 CA CQ CJ C7 C5 C3 SQ SJ S10 S8 S7 S7 S6 S4 H8 H7 H6 DA DJ DJ D10 D9 D7
E: BJ LJ D2 CK C10 C8 C8 C4 C3 SK SJ S10 S9 S8 S6 S5 HA HK HJ H8 H5 H5 D10 D8 D4
S: BJ LJ CA CK CJ C7 C6 SA SA S9 S4 S3 HQ H9 H9 H6 H4 H4 H3 DA DQ D9 D5 D4 D3
W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK SQ S5 S3 HA HJ H10 H10 H7 H3 DK DK DQ D7 D6
Bottom: D3 D5 C6 D6 S2 D8 HQ HK
Buried: SQ S3 HA HQ HJ H7 H3 D3
1. W: C2 C2 S2 S2, N: CQ CJ C7 C3, E: C8 C8 C4 C3, S: CA CJ C7 C6
2. W: DK DK, N: DJ DJ, E: D10 D4, S: D4 D3
3. W: D7, N: DA, E: S5, S: D5
4. N: S7 S7, E: S8 S6, S: SA SA, W: SK S5
5. S: DA DQ, W: D6 D6, N: D10 D7, E: CK C10
6. E: HA HK, S: H4 H3, W: H10 H10, N: H7 H6
7. E: H5 H5, S: H9 H9, W: HK D8, N: S10 H8
8. S: S3, W: DQ, N: S4, E: SK
9. E: S9, S: S4, W: D5, N: SQ
10. N: S6, E: SJ, S: S9, W: C10
11. W: C9 C9, N: H2 CA, E: LJ D2, S: BJ LJ
12. W: C5, N: D2, E: BJ, S: CK
13. E: H8, S: H4, W: C4, N: C5
14. N: SJ S8 -> S8 {{failed throw}}, E: S10, S: H6, W: C6
15. W: H2, N: D9, E: D8, S: D9
16. W: CQ, N: SJ, E: HJ, S: HQ
[Claim "65"]
"""

TRUMP_UNKNOWN = BASE.format(ruleset="standard", dealer="W", trump="?", declarations="")
"""``[Trump "?"]`` and no ``[Declarations]`` (which would fix it: docs/rules.md §14.1): no play judged, no violation
found — ``legal`` null."""

DEALER_UNKNOWN = BASE.format(ruleset="tournament", dealer="?", trump="C", declarations="")
"""E's two wrong follows cost E–W two levels (tournament), though the dealer, so the outcome, is not known."""

THROW_UNPROVABLE = '[Event "Spring Cup 2026 春季杯"]\n' + player_tags() + position(
    ruleset="tournament", points=30, first_trick=22, deal=R11C, tricks=["N: HA HA H5 -> H5, E: H3, S: H2, W: H4"])
"""A position with no deal line for S: whether N's throw failed rests on S's cards — ``legal`` null."""

EXIT_NOT_JUDGED = 3
"""The code the docs give (README "Exit codes", ``check --help``)."""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _check(*args: str):
    return CliRunner().invoke(main, ["check", *map(str, args)], catch_exceptions=False)


def _summary(output: str) -> str:
    return [line for line in output.splitlines() if line.strip()][-1]


# --- 1: check's exit code and summary --------------------------------------------------------------

def test_the_records_hands_are_not_fully_judged():
    """The premise: ``check --json`` gives these hands ``legal`` null, no violation."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for text in (TRUMP_UNKNOWN, THROW_UNPROVABLE):
            path = _write(Path(tmp), "r.tgn", text)
            doc = json.loads(_check(path, "--json").output)
            (hand,) = doc["files"][0]["hands"]
            assert hand["legal"] is None and hand["violations"] == [] and doc["files"][0]["errors"] == []


def test_check_does_not_exit_0_for_a_hand_not_fully_judged(tmp_path):
    for name, text in (("trump.tgn", TRUMP_UNKNOWN), ("throw.tgn", THROW_UNPROVABLE)):
        path = _write(tmp_path, name, text)
        for json_flag in ((), ("--json",)):
            r = _check(path, *json_flag)
            assert r.exit_code == EXIT_NOT_JUDGED, (name, json_flag, r.exit_code, r.output)


def test_check_still_exits_0_when_every_hand_is_legal():
    r = _check(CLEAN)
    assert r.exit_code == EXIT_OK, r.output
    assert "0 not fully judged" in _summary(r.output)


def test_a_violation_and_an_unreadable_file_come_before_not_judged(tmp_path):
    trump = _write(tmp_path, "trump.tgn", TRUMP_UNKNOWN)
    assert _check(trump, CLEAN).exit_code == EXIT_NOT_JUDGED
    assert _check(CLEAN, trump).exit_code == EXIT_NOT_JUDGED
    assert _check(trump, DISPUTED).exit_code == EXIT_VIOLATION       # a violation found: 1, as before
    assert _check(DISPUTED, trump).exit_code == EXIT_VIOLATION
    broken = _write(tmp_path, "broken.tgn", '[Hand "1"\n')
    assert _check(trump, broken).exit_code == EXIT_UNREADABLE        # 2 keeps its meaning
    assert _check(broken, DISPUTED, trump).exit_code == EXIT_UNREADABLE
    # a hand with a violation exits as a violation (1); its other plays not all judged (an unknown withholds their
    # legality), the summary counts it as not fully judged too, as its own line says (s18: it said "0" beside the
    # hand's "2 violations, legality not fully judged")
    r = _check(_write(tmp_path, "dealer.tgn", DEALER_UNKNOWN))
    assert r.exit_code == EXIT_VIOLATION and "1 not fully judged" in _summary(r.output), r.output


def test_the_summary_line_counts_the_hands_not_fully_judged(tmp_path):
    trump = _write(tmp_path, "trump.tgn", TRUMP_UNKNOWN)
    throw = _write(tmp_path, "throw.tgn", THROW_UNPROVABLE)
    line = _summary(_check(trump, throw, CLEAN).output)
    # (the trump not stated withholds that hand's outcome too: counted apart since s26)
    assert line.startswith("3 files, 7 hands, 0 violations, 2 not fully judged, 1 without a result (see each hand), "
                           "0 errors / "), line
    assert "7 局，0 处违规，2 局未能完整判定，1 局结果未定（见各局），0 个错误" in line, line
    one = _summary(_check(trump).output)
    assert "1 not fully judged" in one and "1 局未能完整判定" in one, one


def test_a_streamed_file_gives_the_same_code_and_count(tmp_path, monkeypatch):
    """A big JSON Lines file is checked a match at a time (``check_streamed``): "big" made small here."""
    from tractor_analysis.records import streaming

    jsonl = tmp_path / "trump.jsonl"
    c = CliRunner().invoke(main, ["convert", str(_write(tmp_path, "trump.tgn", TRUMP_UNKNOWN)), "-o", str(jsonl)],
                           catch_exceptions=False)
    assert c.exit_code == 0, c.output
    monkeypatch.setattr(streaming, "STREAM_ABOVE", 100)
    r = _check(jsonl)
    assert "trump 主 ?" in r.output, r.output                 # the hand was read and printed
    assert r.exit_code == EXIT_NOT_JUDGED, r.output
    assert "1 not fully judged" in _summary(r.output), r.output
    assert _check(jsonl, "--json").exit_code == EXIT_NOT_JUDGED


def test_the_code_is_documented():
    from tractor_analysis.cli import common

    assert common.EXIT_NOT_JUDGED == EXIT_NOT_JUDGED and EXIT_NOT_JUDGED in EXIT_CODES
    help_text = CliRunner().invoke(main, ["check", "--help"]).output
    assert re.search(r"^\s+0\s+every hand parsed and judged legal", help_text, re.M), help_text
    assert re.search(r"^\s+3\s+no violation found, but", help_text, re.M), help_text
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme[readme.index("## Exit codes"):]
    section = section[:section.index("\n## ", 3)]
    assert re.search(r"^\| 3 \| .*not fully judged.* \| `check`, `replay`, `ruling` \|", section, re.M), section
    fmt = (ROOT / "docs" / "format.md").read_text("utf-8")
    assert "exits 3" in fmt


# --- 2: the ruling says when nothing was judged --------------------------------------------------

def _ruling(tmp_path: Path, path: Path, *args: str):
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out), *args], catch_exceptions=False)
    return r, out


def test_the_ruling_says_the_play_was_not_judged_and_why(tmp_path):
    record = _write(tmp_path, "trump.tgn", TRUMP_UNKNOWN)
    r, out = _ruling(tmp_path, record)
    assert r.exit_code == EXIT_NOT_JUDGED and not out.exists()      # nothing to rule on, not judged: check's 3
    err = r.stderr
    assert "no violation found" in err
    assert "but the play of hand 1 was not fully judged" in err, err
    assert "第 1 局的出牌未能完整判定" in err, err
    # why: the hand's unknown, as check words it (both languages)
    check_out = _check(record).output
    (unknown,) = [line.strip() for line in check_out.splitlines() if "unknown 未知" in line]
    assert "[Trump]" in unknown and unknown.split("[Trump]", 1)[1].strip() in err, err
    assert "the trump is not stated" in err and "主牌未写明" in err, err


def test_the_ruling_names_the_seat_whose_cards_are_not_known(tmp_path):
    r, out = _ruling(tmp_path, _write(tmp_path, "throw.tgn", THROW_UNPROVABLE))
    assert r.exit_code == EXIT_NOT_JUDGED and not out.exists()
    assert "but the play of hand 11 was not fully judged" in r.stderr, r.stderr
    assert "[deal]" in r.stderr and "none for S" in r.stderr and "没有南家的" in r.stderr, r.stderr


def test_the_ruling_of_a_score_sheet_says_nothing_was_played(tmp_path):
    r, out = _ruling(tmp_path, SCORE_SHEET)
    assert r.exit_code == EXIT_NOT_JUDGED and not out.exists()
    assert "not fully judged" in r.stderr, r.stderr
    assert "score sheet" in r.stderr and "只记结果" in r.stderr, r.stderr


def test_the_ruling_of_a_clean_record_or_another_hand_says_no_more(tmp_path):
    r, _ = _ruling(tmp_path, CLEAN)
    assert r.exit_code == EXIT_VIOLATION and "no violation found" in r.stderr
    assert "not fully judged" not in r.stderr and "未能完整判定" not in r.stderr, r.stderr
    r, _ = _ruling(tmp_path, _write(tmp_path, "trump.tgn", TRUMP_UNKNOWN), "--hand", "2")
    assert "not fully judged" not in r.stderr, r.stderr


# --- 3: the revoke penalty when the outcome is withheld -------------------------------------------

def test_check_text_gives_the_revoke_penalty_the_json_gives(tmp_path):
    record = _write(tmp_path, "dealer.tgn", DEALER_UNKNOWN)
    (hand,) = json.loads(_check(record, "--json").output)["files"][0]["hands"]
    assert hand["outcome"] is None and hand["revoke_levels"] == {"NS": 0, "EW": 2}
    (outcome,) = [line for line in _check(record).output.splitlines() if "outcome 结果" in line]
    assert "withheld" in outcome and "revoke penalty 罚级 EW −2 / 东西 −2" in outcome, outcome


def test_replay_gives_the_same_code_as_check(tmp_path):
    """``tractor replay`` exited 1 (a violation) for a hand only not fully judged; it gives check's code."""
    for path, code in ((_write(tmp_path, "trump.tgn", TRUMP_UNKNOWN), EXIT_NOT_JUDGED), (CLEAN, 0), (DISPUTED, 1)):
        assert CliRunner().invoke(main, ["replay", str(path)]).exit_code == code, path
        assert _check(path).exit_code == code, path

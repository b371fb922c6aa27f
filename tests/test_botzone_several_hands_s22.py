"""Botzone records of several hands (docs/rules.md §8.1: under the botzone score table a match is one hand).

A referee's tester (tests/data/botzone_s22/: two one-hand ``--rules botzone`` matches in one record):
1. ``BZ34.tgn`` (the hands numbered 3 and 4): hand 4 got a ✗ ``dealer_mismatch`` "the previous hand's outcome makes E
   the dealer" (§8.2) — though a match is one hand, so no hand's outcome carries a dealer (nor levels) on.  Now the
   ``[Dealer]`` and ``[Level]`` checks against the hand before are withheld under that table whatever the numbers
   (and a hand with no ``[Dealer]`` no longer takes one from the hand before: the old code did, a guess, and found
   eight faults under it).
2. ``BZ2.tgn`` (the same numbered 1 and 2): ``tractor ruling``'s page for hand 2's ``after_match_end`` quoted §8.4
   ("the side that passes the winning rank wins the match"): it now quotes §8.1's one hand a match.  The finding
   stays a violation with a page, as under every other preset (tests/test_s8_ruling_asked.py); its consequence no
   longer says "the record is to be corrected" (it is no record finding) under any preset.
3. The Botzone match line said "EW won the match … (the seats of EW scored them) / EW 方获胜": now "E–W" / "东西方",
   as the hands' lines write a side.
Each test fails on the code before the change."""
from __future__ import annotations

import re
from pathlib import Path

from tractor_analysis.engine import rule_refs
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

from event_helpers import invoke_cli
from test_rule_refs import sections
from test_s8_ruling_asked import SHEET

DATA = Path(__file__).parent / "data" / "botzone_s22"


def _replay(name: str, old: str = "", new: str = ""):
    text = (DATA / name).read_text("utf-8")
    if old:
        assert text.count(old) == 1
        text = text.replace(old, new)
    (match,), diags = parse_tgn(text)
    assert all(d.code == "missing_tag" for d in diags) and bool(diags) == bool(old)
    return replay_match(match)


def _page_text(path: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", path.read_text("utf-8")))


def test_a_later_botzone_hands_dealer_and_level_are_not_checked_against_the_hand_before():
    r = _replay("BZ34.tgn")
    h3, h4 = r.hands
    assert not h3.violations and not h4.violations         # before: hand 4's dealer_mismatch (E from hand 3)
    (u,) = [u for u in h4.unknowns if u.tag == "Levels"]
    assert set(u.withheld) == {"level_check", "dealer_check"}
    assert "botzone" in u.message_en and "one hand" in u.message_en and "一局一场" in u.message_zh
    assert "carries no levels or dealer on" in u.message_en and "不向下一局带入级别与庄家" in u.message_zh


def test_a_later_botzone_hand_without_dealer_takes_none_from_the_hand_before():
    h4 = _replay("BZ34.tgn", '[Dealer "S"]\n').hands[1]
    # before: E "from the previous hand's outcome", and the hand judged under that dealer (eight faults)
    assert not any(d.fact == "dealer" and "previous hand" in d.source for d in h4.derived)
    assert h4.dealer == 2 and not h4.violations     # S, from the hand's own cards (its bury and first lead)


def test_the_check_command_finds_no_violation_in_two_one_hand_matches_numbered_3_and_4():
    r = invoke_cli("check", str(DATA / "BZ34.tgn"))
    assert r.exit_code == 0, r.output
    assert "dealer_mismatch" not in r.output and "0 violations" in r.output


def test_the_ruling_page_of_a_botzone_hand_after_the_end_quotes_one_hand_a_match(tmp_path):
    out = tmp_path / "r.html"
    r = invoke_cli("ruling", str(DATA / "BZ2.tgn"), "-o", str(out))
    assert r.exit_code == 0, r.output
    page = _page_text(out)
    ref = rule_refs.ONE_HAND_RULE_REFS["after_match_end"]
    assert "docs/rules.md §8.1" in page and ref.en in page and ref.zh in page
    assert "§8.4" not in page and "passes the winning rank" not in page
    assert "to be corrected" not in page and "记录须更正" not in page
    assert "counts for nothing in the match" in page and "本局不计入比赛" in page


def test_the_one_hand_rule_is_quoted_word_for_word_from_section_8_1():
    body = sections()["§8.1"]
    for ref in rule_refs.ONE_HAND_RULE_REFS.values():
        assert ref.section == "§8.1" and ref.en in body and ref.zh in body
    assert rule_refs.rule_ref("after_match_end", one_hand=True).section == "§8.1"
    assert rule_refs.rule_ref("after_match_end").section == "§8.4"        # other tables: the winning rank


def test_an_after_match_end_page_under_another_preset_is_not_called_the_records_error(tmp_path):
    path, out = tmp_path / "sheet.tgn", tmp_path / "r.html"
    path.write_text(SHEET, encoding="utf-8")
    r = invoke_cli("ruling", str(path), "-o", str(out))
    assert r.exit_code == 0, r.output
    page = _page_text(out)
    assert "§8.4" in page and "after_match_end" in page
    assert "to be corrected" not in page and "记录须更正" not in page
    assert "counts for nothing in the match" in page


def test_the_botzone_match_line_names_the_side_as_the_hands_do():
    r = invoke_cli("check", str(DATA / "BZ2.tgn"))
    assert r.exit_code == 1, r.output       # hand 2's after_match_end: a violation, as under every preset
    (line,) = [x for x in r.output.splitlines() if "won the match" in x]
    assert "E–W won the match: one hand scored in match points (the seats of E–W scored them)" in line
    assert "东西方获胜：一局一场，按积分（东西方得分）" in line and "EW" not in line

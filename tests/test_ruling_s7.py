"""The printable ruling (session 7, task C): one judgement, consistent exit codes, a Chinese-first
problems box.  Each test failed before its fix:

1. ``tractor ruling`` exited 1 ("no violation to rule on") also when the play asked about was not
   fully judged (``[Trump "?"]``, a seat without a deal line); ``tractor check`` exits 3 there.  It now
   exits 3 too, keeping 1 for a play judged in full with no violation.
2. ``required_trick`` judged a failed throw a second time (``_forced``), more cautiously than the
   replay for a seat whose cards are read from its plays: here it withheld the forced pair the
   replay decided (W's ♥A ♥A ♥K ♥K ♥9 ♥9, N without a deal line: nothing in hearts beats the tractor,
   E's ♥10 ♥10 beats the pair), and called "not derived" a throw the replay found would have stood.
   It now takes the replay's decision (the violation's) and judges nothing again.
3. The "record has problems" box quoted each diagnostic English first on a page that is Chinese
   first everywhere else; it is now ``path:line:column: 中文 / English``, both halves word for word.

Two tests are controls that pass on the old code too: a play judged in full with no violation
still exits 1, and the ruling page already showed the replay's forced play (the report patched the
second judgement over; the engine's required trick now gives it itself).
"""
from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import E, N, W, parse_cards
from tractor_analysis.records.tgn_reader import parse_tgn

from test_check_exits_s6 import THROW_UNPROVABLE
from test_required_trick import HEAD, TRACTOR
from test_ruling_fixes_s6 import WOULD_STAND

ROOT = Path(__file__).resolve().parent.parent
CLEAN = ROOT / "sample_logs" / "spring-cup-r2t5.tgn"
DISPUTED = ROOT / "sample_logs" / "disputed-trick.tgn"
NOT_JUDGED, JUDGED_CLEAN = 3, 1


def _ruling(tmp_path: Path, text: str, *args: str, name: str = "record"):
    path = tmp_path / f"{name}.tgn"
    path.write_text(text, "utf-8")
    out = tmp_path / f"{name}.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out), *args], catch_exceptions=False)
    return r, out


def _trump_unknown() -> str:
    """The clean sample match with its first hand's trump not known (``[Trump "?"]``, its ``[Declarations]``, which
    would fix it, left out: docs/rules.md §14.1): that hand is not fully judged."""
    text = CLEAN.read_text("utf-8")
    first = re.search(r'\[Trump "[^"]*"\]', text)
    text = text[:first.start()] + '[Trump "?"]' + text[first.end():]
    return re.sub(r'\[Declarations "[^"]*"\]\n', "", text, count=1)


# --- 1: the exit code when the play was not fully judged ------------------------------------------------

def test_no_violation_and_a_hand_not_fully_judged_exits_3_as_check_does(tmp_path):
    r, out = _ruling(tmp_path, _trump_unknown())
    assert r.exit_code == NOT_JUDGED, r.output
    assert not out.exists()
    assert "no violation found" in r.stderr and "but the play of hand 1 was not fully judged" in r.stderr
    assert "第 1 局的出牌未能完整判定" in r.stderr
    check = CliRunner().invoke(main, ["check", str(tmp_path / "record.tgn")])
    assert check.exit_code == r.exit_code                                    # one code for one finding


def test_a_seat_without_a_deal_line_whose_throw_verdict_is_withheld_exits_3(tmp_path):
    # S has no deal line: whether N's throw failed rests on S's cards, so there is nothing to rule on
    r, out = _ruling(tmp_path, THROW_UNPROVABLE)
    assert r.exit_code == NOT_JUDGED and not out.exists(), r.output
    assert "but the play of hand 11 was not fully judged" in r.stderr and "[deal]" in r.stderr


def test_no_violation_in_a_play_judged_in_full_still_exits_1(tmp_path):
    # a control: 1 is kept for "judged, and no violation"
    r, out = _ruling(tmp_path, CLEAN.read_text("utf-8"))
    assert r.exit_code == JUDGED_CLEAN and not out.exists(), r.output
    assert "not fully judged" not in r.stderr
    # the hand asked for was judged in full, though another hand of the record was not
    r, out = _ruling(tmp_path, _trump_unknown(), "--hand", "2", name="other")
    assert r.exit_code == JUDGED_CLEAN and not out.exists(), r.output
    assert "not fully judged" not in r.stderr
    # a violation elsewhere than the seat asked for: judged, nothing there
    r, _ = _ruling(tmp_path, DISPUTED.read_text("utf-8"), "--seat", "E", name="disputed")
    assert r.exit_code == JUDGED_CLEAN, r.output
    # a trick the record does not hold (the position is trick 20 alone): nothing judged there, exit 2
    r, _ = _ruling(tmp_path, DISPUTED.read_text("utf-8"), "--trick", "19", name="disputed")
    assert r.exit_code == 2 and "has no trick 19" in r.output, r.output


def test_the_help_and_the_readme_give_ruling_s_3():
    help_text = CliRunner().invoke(main, ["ruling", "--help"]).output
    assert re.search(r"^\s+3\s+no violation found \(nothing written\), but the play", help_text, re.M), help_text
    assert re.search(r"^\s+1\s+no violation found \(nothing written\), and the play", help_text, re.M), help_text
    readme = (ROOT / "README.md").read_text("utf-8")
    para = readme[readme.index("### `tractor ruling`"):]
    para = para[:para.index("\n### ")]
    assert "3 when no violation was found but the play of a hand asked for was not" in para.replace("\n", " ")
    table = readme[readme.index("## Exit codes"):]
    assert re.search(r"^\| 3 \| .*`ruling`: no violation to rule on.*\| `check`, `replay`, `ruling` \|$", table, re.M)


# --- 2: the required trick takes the replay's decision ----------------------------------------------------

def _no_north(ruleset: str) -> str:
    head = HEAD.replace('[Points "40"]', '[Points "0"]').format(ruleset=ruleset)
    return head + "".join(line + "\n" for line in TRACTOR.splitlines() if not line.startswith("N: "))


def _replayed(text: str):
    (match,), problems = parse_tgn(text)
    assert not problems, problems
    hand = replay_match(match).hands[0]
    return match, hand


@pytest.mark.parametrize("ruleset", ["standard", "80fen"])
def test_the_required_trick_follows_the_replay_where_the_second_judgement_withheld_it(ruleset):
    from tractor_analysis.engine.required_trick import required_trick, throw_decision
    from tractor_analysis.reports.hands_known import hand_sources

    match, hand = _replayed(_no_north(ruleset))
    [v] = [v for v in hand.violations if v.code == "throw_failed"]
    assert v.better == parse_cards("H9 H9")               # the replay decides the forced pair
    trick = hand.tricks[-1]
    known = [bool(s) for s in hand_sources(match.hands[0], hand)]
    assert known == [False, True, True, True]              # N's cards are read from its plays
    ctx = hand_context(hand.rules, hand.level, hand.trump)
    attempted = trick.plays[0].cards
    req = required_trick(ctx, W, attempted, trick.hands_before, known, throw_decision(v, attempted))
    assert req.stands is False and req.lead == v.better   # (the second judgement gave lead ())
    assert req.holder == E and req.beater == parse_cards("H10 H10")
    assert req.unknown == (N,) and req.winners == ()       # N's follow rests on its hand: withheld


def test_the_required_trick_of_a_throw_the_replay_finds_would_have_stood_is_the_throw():
    from tractor_analysis.engine.required_trick import required_trick, throw_decision
    from tractor_analysis.reports.hands_known import hand_sources

    match, hand = _replayed(WOULD_STAND)
    trick = next(t for t in hand.tricks if t.number == 22)
    [v] = [v for v in trick.violations if v.code == "wrong_forced_play"]
    attempted = trick.plays[0].attempted
    assert sorted(v.better) == sorted(attempted)                    # "would have stood"
    known = [bool(s) for s in hand_sources(match.hands[0], hand)]
    ctx = hand_context(hand.rules, hand.level, hand.trump)
    req = required_trick(ctx, N, attempted, trick.hands_before, known, throw_decision(v, attempted))
    assert req.stands is True and sorted(req.lead) == sorted(attempted)   # (the second judgement: None)
    assert req.holder is None


def test_the_ruling_page_and_its_violation_state_the_same_forced_play(tmp_path):
    # a control: the page showed it before too, by patching the second judgement over
    r, out = _ruling(tmp_path, _no_north("standard"))
    assert r.exit_code == 0, r.output
    page = out.read_text("utf-8")
    text = _section(page)
    assert "西家须改出 ♥9 ♥9" in text and "W must play ♥9 ♥9" in text, text
    assert "强制出的牌无法推出" not in text and "not derived, nor the trick" not in text
    assert "hand not known" in text                                  # N's duties: not derived


# Botzone (mixed_throw = same_letter): W's ♥Q with the off-suit level card ♥7 is one throw; N's ♥K
# beats the ♥Q, so W must play ♥Q alone (throw_forced = lowest_card)
SAME_LETTER = HEAD.replace('[Levels "NS:7 EW:5"]', '[Levels "NS:7 EW:7"]').format(ruleset="botzone") + """N: HK H3 S3 C4
E: H10 H2 D5 C6
S: H8 H6 D9 CJ
W: HQ H7 C9 D8
18. W: HQ H7, N: HK H3, E: H10 H2, S: H8 H6
"""


def _section(page: str) -> str:
    section = re.search(r'<section class="required">(.*?)</section>', page, re.S).group(1)
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", section)))


def test_a_same_letter_throw_the_ruleset_accepts_follows_the_replay_not_two_suit_groups(tmp_path):
    match, hand = _replayed(SAME_LETTER)
    [v] = [v for v in hand.violations if v.code == "throw_failed"]
    assert v.better == parse_cards("HQ")                             # the replay's forced play
    r, out = _ruling(tmp_path, SAME_LETTER)
    assert r.exit_code == 0, r.output
    text = _section(out.read_text("utf-8"))
    assert "西家须改出 ♥Q" in text and "W must play ♥Q" in text, text
    assert "不是同一门花色" not in text and "not of one suit group" not in text
    # the same throw written as failed although it stands: the throw is the lead; its follows are not
    # judged, and the page says so (before: "the winner is not worked out: ;", a reason left empty)
    stood = SAME_LETTER.replace("18. W: HQ H7, N: HK H3, E: H10 H2, S: H8 H6",
                                "18. W: HQ H7 -> HQ, N: H3, E: H2, S: H6").replace("N: HK H3", "N: H9 H3")
    r, out = _ruling(tmp_path, stood, name="stood")
    assert r.exit_code == 0, r.output
    text = _section(out.read_text("utf-8"))
    assert "甩牌 ♥Q ♥7 本可成立" in text and "the throw ♥Q ♥7 stands" in text, text
    assert "跟牌义务不作判定" in text and "the follows to it are not judged" in text
    assert "not of one suit group (§4.2)" not in text


def test_throw_decision_reads_the_verdict_and_refuses_any_other_finding():
    from tractor_analysis.engine.required_trick import ThrowDecision, throw_decision
    from tractor_analysis.engine.verdicts import Violation

    throw = parse_cards("HA HA HK")
    assert throw_decision(Violation("wrong_forced_play", 22, N, parse_cards("HK"), throw), throw) == \
        ThrowDecision(True, throw)
    assert throw_decision(Violation("wrong_forced_play", 22, N, parse_cards("HA HA"), parse_cards("HK")), throw) == \
        ThrowDecision(False, parse_cards("HK"))
    assert throw_decision(Violation("throw_failed", 22, N, throw, ()), throw) == ThrowDecision(False, ())
    with pytest.raises(ValueError):
        throw_decision(Violation("follow_suit", 22, E, parse_cards("D9"), parse_cards("H3")), throw)


# --- 3: the record's problems, Chinese first --------------------------------------------------------------

def _damaged() -> str:
    return DISPUTED.read_text("utf-8").replace(
        '[Referee "陈静 Chen Jing"]', '[Referee "陈静 Chen Jing"]\n[Bogus "x" y\n[Rule:a / b "1"]')


def test_the_problems_box_quotes_each_diagnostic_chinese_first_word_for_word(tmp_path):
    from tractor_analysis.records.sources import load_bytes

    text = _damaged()
    r, out = _ruling(tmp_path, text)
    assert r.exit_code == 0, r.output
    page = out.read_text("utf-8")
    box = re.search(r'<div class="problems">(.*?)</div></div>', page, re.S).group(1)
    lines = [html_lib.unescape(re.sub(r"<[^>]+>", "", d)).strip("\u2068\u2069")
             for d in re.findall(r"<div>(.*?)</div>", box + "</div>", re.S)]
    diagnostics = load_bytes(text.encode("utf-8"), "record.tgn").diagnostics
    assert len(diagnostics) == len(lines) == 2, (diagnostics, lines)
    for d, line in zip(diagnostics, lines):
        where = f"{tmp_path / 'record.tgn'}:{d.line}:{d.column}: "
        assert line.startswith(where), (line, where)
        shown = line[len(where):]
        assert re.match(r"[\u4e00-\u9fff]", shown), shown               # Chinese first
        # the same two halves, swapped: 中文 / English where the record's problem is English / 中文
        zh, en = next((shown[:i], shown[i + 3:]) for i in range(len(shown)) if shown.startswith(" / ", i)
                      and f"{shown[i + 3:]} / {shown[:i]}" == d.message)
        assert en[0].isascii() and re.search(r"[\u4e00-\u9fff]", zh)
    assert "'[Rule:a / b \"1\"]'" in lines[1]                           # the record's " / " left whole
    # the terminal keeps tractor check's line
    assert f"record.tgn:{diagnostics[0].line}:{diagnostics[0].column}: unclosed tag [Bogus" in r.stderr


@pytest.mark.parametrize("message, shown", [
    ("unknown preset '甲 / 乙' / 未知的规则预设 '甲 / 乙'", "未知的规则预设 '甲 / 乙' / unknown preset '甲 / 乙'"),
    ("bad line / 坏行 'x / y'", "坏行 'x / y' / bad line"),
    ("malformed tag 'a / b' / 标签格式错误", "标签格式错误 / malformed tag 'a / b'"),
    ("malformed tag 'a / b' / 标签格式错误 'a / b'", "标签格式错误 'a / b' / malformed tag 'a / b'"),
    ("English alone 'a / b'", "English alone 'a / b'"),                 # no Chinese half: as it stands
    ("unknown preset '甲 / 乙'", "unknown preset '甲 / 乙'"),
    ("no separator at all", "no separator at all"),
])
def test_chinese_first_swaps_the_halves_only_at_the_certain_separator(message, shown):
    from tractor_analysis.reports.ruling import chinese_first

    assert chinese_first(message) == shown

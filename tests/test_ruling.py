"""``tractor ruling``: the referee's printed ruling — options, contents, escaping, exit codes."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.rule_refs import RULE_REFS
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.reports.ruling import ruling_pages
from tractor_analysis.simulate import simulate_match

ROOT = Path(__file__).resolve().parent.parent
DISPUTED = str(ROOT / "sample_logs" / "disputed-trick.tgn")
CLEAN = str(ROOT / "sample_logs" / "spring-cup-r2t5.tgn")
EVIL = "<script>alert(1)</script>"

# A position: N (the dealer) throws ♠A ♠Q ♠Q while E holds ♠K ♠K, a higher pair: the throw
# fails (docs/rules.md §4.4) and N should have played the pair ♠Q ♠Q.
THROW = """[Event "{event}"]
[Date "2026.05.01"]
[Round "3"]
[Table "2"]
[North "{north}"]
[East "李娜"]
[South "王芳"]
[West "刘洋"]
[Ruleset "{ruleset}"]

[Hand "1"]
[Dealer "N"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "0"]
N: SA SQ SQ H3 H4 H5
E: SK SK S3 D3 D4 D5
S: S4 S6 S7 C3 C4 C5
W: S8 S9 S10 C6 C7 C8
1. N: SA SQ SQ, E: SK SK S3, S: S4 S6 S7, W: S8 S9 S10
"""


def run(*args: str):
    return CliRunner().invoke(main, ["ruling", *args])


def pages_of(html: str) -> int:
    return len(re.findall(r'<article class="ruling-page"', html))


def test_disputed_trick_one_page_with_everything_a_referee_signs(tmp_path):
    out = tmp_path / "ruling.html"
    r = run(DISPUTED, "-o", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert pages_of(html) == 1
    for text in ("Spring Cup 2026 春季杯", "2026.03.14", "张伟", "李娜", "王芳", "刘洋",   # event, date, players
                 "Trick 20", "follow_pair", "docs/rules.md §5.3",
                 RULE_REFS["follow_pair"].zh, RULE_REFS["follow_pair"].en,              # the rule, both languages
                 "Better play held", "成立", "不成立", "Upheld", "Not upheld",            # decision block
                 "陈静 Chen Jing",                                                        # [Referee] of the hand
                 "revoke_penalty = none"):                                               # consequence (standard)
        assert text in html, text
    assert re.search(r"<th>轮次 Round</th><td>2</td><th>桌号 Table</th><td>5</td>", html)
    # the better play the player held: ♥9 ♥9
    finding = html[html.index('class="finding"'):html.index('class="rule"')]
    assert finding.count("♥9") >= 4


def test_options_pick_one_violation_and_say_when_none_matches(tmp_path):
    out = tmp_path / "one.html"
    r = run(DISPUTED, "--hand", "11", "--trick", "20", "--seat", "n", "-o", str(out))
    assert r.exit_code == 0, r.output
    assert pages_of(out.read_text("utf-8")) == 1
    miss = tmp_path / "miss.html"
    r = run(DISPUTED, "--seat", "E", "-o", str(miss))
    assert r.exit_code == 1, r.output
    assert "no violation found" in r.output and "没有发现违规" in r.output
    assert not miss.exists()
    for args, en, zh in ((["--trick", "19"], "has no trick 19", "没有第 19 轮"),
                         (["--hand", "12"], "has no hand 12", "没有第 12 局")):
        r = run(DISPUTED, *args, "-o", str(miss))      # the record holds no such trick / hand: nothing judged
        assert r.exit_code == 2, (args, r.output)
        assert en in r.output and zh in r.output and "no violation found" not in r.output
        assert not miss.exists()


def test_clean_record_exits_1_bilingual_and_writes_nothing(tmp_path):
    out = tmp_path / "r.html"
    r = run(CLEAN, "-o", str(out))
    assert r.exit_code == 1
    assert "no violation found" in r.output and "未写裁决书" in r.output
    assert not out.exists()


def test_unreadable_input_and_unwritable_output_exit_2(tmp_path):
    out = tmp_path / "r.html"
    r = run(str(tmp_path / "missing.tgn"), "-o", str(out))
    assert r.exit_code == 2 and not out.exists()
    assert "无法" in r.output
    binary = tmp_path / "noise.tgn"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    r = run(str(binary), "-o", str(out))
    assert r.exit_code == 2 and not out.exists()
    folder = tmp_path / "a-folder"
    folder.mkdir()
    r = run(DISPUTED, "-o", str(folder))
    assert r.exit_code == 2
    plain = tmp_path / "plain-file"
    plain.write_text("x", "utf-8")
    r = run(DISPUTED, "-o", str(plain / "r.html"))                   # a folder that is a file
    assert r.exit_code == 2
    assert "cannot write" in r.output and "无法写入" in r.output


def test_write_is_atomic_an_old_file_is_replaced_whole(tmp_path):
    out = tmp_path / "r.html"
    out.write_text("old ruling", "utf-8")
    assert run(DISPUTED, "-o", str(out)).exit_code == 0
    assert out.read_text("utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]      # no temporary file left


def test_hostile_player_names_and_notes_are_escaped(tmp_path):
    record = tmp_path / "evil.tgn"
    record.write_text(THROW.format(event=EVIL, north=EVIL + r' & \"quoted\"', ruleset="standard"), "utf-8")
    out = tmp_path / "r.html"
    r = run(str(record), "-o", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert EVIL not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;quoted&#34;" in html
    assert "<script" not in html                                    # the page has no script at all


def test_failed_throw_costs_points_under_the_tournament_rules(tmp_path):
    record = tmp_path / "throw.tgn"
    out = tmp_path / "r.html"
    record.write_text(THROW.format(event="Club night", north="张伟", ruleset="tournament"), "utf-8")
    assert run(str(record), "-o", str(out)).exit_code == 0
    html = out.read_text("utf-8")
    assert "throw_failed" in html and "docs/rules.md §4.4" in html
    assert "failed-throw penalty" in html and "+10" in html          # a defender threw: +10 to the attackers
    record.write_text(THROW.format(event="Club night", north="张伟", ruleset="standard"), "utf-8")
    assert run(str(record), "-o", str(out)).exit_code == 0
    assert "throw_penalty = none" in out.read_text("utf-8")


def test_wrong_follow_costs_a_level_under_the_tournament_rules(tmp_path):
    out = tmp_path / "r.html"
    assert run(DISPUTED, "--rules", "tournament", "-o", str(out)).exit_code == 0
    html = out.read_text("utf-8")
    assert "N–S lose one level at the end of the hand" in html and "南北方本局结束时降一级" in html
    assert "docs/rules.md §10.1" in html


def test_every_violation_of_a_file_gets_its_own_page(tmp_path):
    match = simulate_match(3, 0, preset="standard", violation_rate=0.05)
    result = replay_match(match)
    expected = sum(len(h.violations) for h in result.hands)
    assert expected >= 2, "the simulated match should have several violations"
    record = tmp_path / "sim.tgn"
    record.write_text(format_tgn(match), "utf-8")
    out = tmp_path / "all.html"
    r = run(str(record), "-o", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert pages_of(html) == expected
    codes = re.findall(r'<article class="ruling-page" id="ruling-\d+" data-code="([a-z_]+)"', html)
    assert codes == [v.code for h in result.hands for v in h.violations]


def test_ruling_pages_filter_by_hand_trick_and_seat():
    match = simulate_match(3, 0, preset="standard", violation_rate=0.05)
    result = replay_match(match)
    every = [(h.number, v) for h in result.hands for v in h.violations]
    number, v = every[-1]
    picked = ruling_pages([(match, result)], hand=number, trick=v.trick, seat=v.seat)
    assert picked and all(p.hand.number == number and p.violation.trick == v.trick for p in picked)
    assert len(ruling_pages([(match, result)])) == len(every)
    assert ruling_pages([(match, result)], hand=10_000) == []


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_help_names_the_exit_codes_and_the_rules_reference(flag):
    r = CliRunner().invoke(main, ["ruling", flag])
    assert r.exit_code == 0
    assert "docs/rules.md" in r.output and "no violation found" in r.output
    assert "ruling" in CliRunner().invoke(main, ["--help"]).output


def test_a_miscounted_claim_gets_a_score_ruling_against_no_seat(tmp_path):
    # a [Claim] other than the plays' total is the record's finding (no player's act, docs/rules.md §13.1: legal
    # stays true), but the score the table wrote decides the levels: the referee rules the hand's score — a page
    # of the whole hand, the score corrected, no seat named
    import dataclasses

    match = simulate_match(4, 0, preset="standard")
    first = match.hands[0]
    wrong = first.claim + 5
    match = dataclasses.replace(match, hands=(dataclasses.replace(first, claim=wrong), *match.hands[1:]))
    record = tmp_path / "claim.tgn"
    record.write_text(format_tgn(match), "utf-8")
    out = tmp_path / "r.html"
    r = run(str(record), "-o", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert pages_of(html) == 1
    assert "claim_mismatch" in html and "docs/rules.md §7.4" in html and "Whole hand" in html
    assert f"{wrong} → {first.claim}" in html                       # recorded → corrected
    assert f"corrected to {first.claim}" in html
    assert "no ruling written" not in r.stderr
    # headed as the recorded score, the record's own error — not a violation of a seat
    assert 'The recorded score</span>' in html and 'Violation</span> <code>claim_mismatch' not in html


def test_record_problems_are_shown_on_the_page(tmp_path):
    text = Path(DISPUTED).read_text("utf-8").replace('[Referee "陈静 Chen Jing"]', '[Referee "陈静 Chen Jing"]\n[Broken')
    record = tmp_path / "damaged.tgn"
    record.write_text(text, "utf-8")
    out = tmp_path / "r.html"
    r = run(str(record), "-o", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "this ruling rests on what could be read" in html
    assert "damaged.tgn:" in html


def test_missing_folders_of_the_output_are_made(tmp_path):
    out = tmp_path / "out" / "rulings" / "r.html"
    assert run(DISPUTED, "-o", str(out)).exit_code == 0
    assert out.is_file()


def test_no_violation_in_a_damaged_record_is_exit_2_not_a_clean_bill(tmp_path):
    text = Path(CLEAN).read_text("utf-8").replace("[Round", "[Broken\n[Round", 1)
    record = tmp_path / "damaged.tgn"
    record.write_text(text, "utf-8")
    out = tmp_path / "r.html"
    r = run(str(record), "-o", str(out))
    assert r.exit_code == 2, r.output
    assert "no violation found" in r.output and "记录有上述问题" in r.output
    assert not out.exists()


def test_a_miscount_under_the_tournament_rules_decides_the_hand(tmp_path):
    """多少牌 (docs/rules.md §10.3): the short play's page says the hand goes by who miscounted."""
    import dataclasses

    from engine_helpers import drop_one_card
    from tractor_analysis.records.cards import partner

    for i in range(40):
        match = simulate_match(8, i, preset="tournament", max_hands=2)
        hand = match.hands[0]
        short = drop_one_card(hand, partner(hand.dealer))
        if short is not None and not hand.earlier_buries:
            break
    else:
        pytest.fail("no simulated tournament hand to shorten")
    match = dataclasses.replace(match, hands=(short,))
    record = tmp_path / "short.tgn"
    record.write_text(format_tgn(match), "utf-8")
    out = tmp_path / "r.html"
    r = run(str(record), "--seat", "NESW"[partner(hand.dealer)], "-o", str(out))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "wrong_count" in html
    assert "decided by who miscounted" in html and "docs/rules.md §10.3" in html

"""A wrong follow where several plays meet the duty names none as the only one (session 21, analyst tester):
equal plays (♥7 ♥7 or ♦7 ♦7, off-suit level cards, docs/rules.md §2.5) are all named, ``better_choices`` listing them
as a failed throw's equal units are; plays of other strength (♥9 ♥9 or ♥K ♥K to a pair) leave ``better`` one example,
and the words say "for example" / "例如".  Before: "should play ♥7 ♥7", no ``better_choices``, no "for example"."""
from __future__ import annotations

from cli.check_json import violation_json
from tractor_analysis.dataset import load
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.engine import explain
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

HEAD = """[Event "Analyst Night"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "9"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "22"]
"""

EQUAL_PAIRS = HEAD + """N: SA SA C2 C3
E: H7 H7 D7 D7
S: S5 S6 C4 C5
W: SK SQ C6 C8
Buried: D10 DK H5 H5 C9 C9 HA HA
22. N: SA SA, E: H7 D7, S: S5 S6, W: SK SQ
"""

OTHER_PAIRS = HEAD + """N: CA CA S2 S3
E: C9 C9 CK CK
S: S5 S6 C4 C5
W: SK SQ C6 C8
Buried: D10 DK H5 H5 HA HA D9 D9
22. N: CA CA, E: C9 CK, S: C4 C5, W: C6 C8
"""

ONE_PAIR = OTHER_PAIRS.replace("E: C9 C9 CK CK", "E: C9 C9 CK D3")

EQUAL_SINGLES = HEAD + """N: SA C2 C4
E: H7 D7 C3
S: S5 C5 C6
W: S6 C8 C9
Buried: D10 DK H5 H5 HA HA D9 D9
22. N: SA, E: C3, S: S5, W: S6
"""


def _violation(text: str):
    (match,), _ = parse_tgn(text)
    (hand,) = replay_match(match).hands
    (v,) = hand.violations
    assert v.message == f"{v.message_zh} / {v.message_en}" and v.message_zh and v.message_en
    return v, violation_json(v)


def test_equal_pairs_are_both_named_and_listed():
    v, js = _violation(EQUAL_PAIRS)
    assert v.code == "follow_pair"
    assert js["better"] == ["H7", "H7"]                        # kept as before for the tools that read it
    assert js["better_choices"] == [["H7", "H7"], ["D7", "D7"]]
    assert "should play ♥7 ♥7 or ♦7 ♦7 (equal: the rules leave open which" in v.message_en
    assert "应出 ♥7 ♥7 或 ♦7 ♦7 中的一手（同等大小，规则未定出哪一手" in v.message_zh
    assert "for example" not in v.message_en and "例如" not in v.message_zh


def test_equal_singles_to_a_trump_lead_are_both_named():
    v, js = _violation(EQUAL_SINGLES)
    assert v.code == "follow_suit"
    assert js["better_choices"] == [[js["better"][0]], [k for k in ("H7", "D7") if k != js["better"][0]]]
    assert "♥7 or ♦7 (equal: the rules leave open which" in v.message_en or \
        "♦7 or ♥7 (equal: the rules leave open which" in v.message_en
    assert "for example" not in v.message_en


def test_pairs_of_other_strength_give_an_example_not_the_play_owed():
    v, js = _violation(OTHER_PAIRS)
    assert v.code == "follow_pair" and js["better"] == ["C9", "C9"] and "better_choices" not in js
    assert "should play for example ♣9 ♣9 (other plays meet the duty as well" in v.message_en
    assert "应出 例如 ♣9 ♣9（满足跟牌要求的出法不止这一种" in v.message_zh
    assert v.better_example and js["better_example"] is True          # stored, not read back from the words (s22)


def test_the_one_play_that_meets_the_duty_is_said_plainly():
    v, js = _violation(ONE_PAIR)
    assert v.message_en.endswith("should play ♣9 ♣9") and v.message_zh.endswith("应出 ♣9 ♣9")
    assert "better_choices" not in js and "better_example" not in js and not v.better_example


def test_owed_text_says_equal_and_example_together():
    zh, en = explain.owed_text((1, 1), [(1, 1), (2, 2)], example=True)
    assert en.startswith("for example ") and " or " in en and "equal: the rules leave open which" in en
    assert "other plays meet the duty as well" in en
    assert zh.startswith("例如 ") and " 或 " in zh and "同等大小" in zh and "不止这一种" in zh


def test_the_dataset_keeps_the_equal_follows(tmp_path):
    path = tmp_path / "fp2.tgn"
    path.write_text(EQUAL_PAIRS, "utf-8")
    ingest([str(path)], str(tmp_path / "ds"))
    v = load(str(tmp_path / "ds")).violations
    (row,) = v[v.code == "follow_pair"].itertuples()
    assert list(row.better) == ["H7", "H7"]
    assert [list(c) for c in row.better_choices] == [["H7", "H7"], ["D7", "D7"]]
    assert row.better_example == False          # noqa: E712 (equal plays all listed: no example)


def test_the_dataset_says_which_better_is_an_example(tmp_path):
    """An analyst's tester: only the message told an example from the play owed (s22: violations.better_example)."""
    for name, text, example in (("other.tgn", OTHER_PAIRS, True), ("one.tgn", ONE_PAIR, False)):
        path = tmp_path / name
        path.write_text(text, "utf-8")
        ingest([str(path)], str(tmp_path / name.replace(".tgn", "")))
        v = load(str(tmp_path / name.replace(".tgn", ""))).violations
        (row,) = v[v.code == "follow_pair"].itertuples()
        assert bool(row.better_example) is example


MIXED = HEAD + """N: DA DA C2 C4
E: DQ H7 D7 C3
S: D5 D6 C5 C6
W: D8 D9 C8 C9
Buried: D10 DK H5 H5 HA HA S9 S9
22. N: DA DA, E: H7 D7, S: D5 D6, W: D8 D9
"""


def test_equal_fillers_beside_other_plays_are_one_example_not_a_list():
    """♦Q with ♥7, ♦7 (equal) or ♣3: the plays are not all equal, so none is listed as the choice the rules leave."""
    v, js = _violation(MIXED)
    assert v.code == "follow_suit" and "DQ" in js["better"] and js["better"][1 - js["better"].index("DQ")] in ("H7", "D7") and "better_choices" not in js
    assert "should play for example" in v.message_en and "equal:" not in v.message_en
    assert "例如" in v.message_zh and "同等大小" not in v.message_zh
    assert v.better_example and js["better_example"] is True


def test_check_text_says_for_example_in_its_better_row(tmp_path):
    """``tractor check``'s "better 应出" row printed the example bare, as if it were the play owed (s22)."""
    from click.testing import CliRunner
    from tractor_analysis.cli.main import main as cli
    for text, example in ((OTHER_PAIRS, True), (ONE_PAIR, False), (EQUAL_PAIRS, False)):
        f = tmp_path / "r.tgn"
        f.write_text(text, encoding="utf-8")
        out = CliRunner().invoke(cli, ["check", str(f)]).output
        row = next(line for line in out.splitlines() if "better 应出" in line)
        assert ("for example 例如" in row) is example, row

"""What a club scorer copying a paper sheet types wrong (a tester, session 17): trick lines out of order
whose numbers give the order, a hand whose trick lines are all left out, a ``;`` that swallows plays, a
failed throw's arrow mistyped, declarations separated by ``,`` and a trick number typed wrong (``51.``
for ``15.``).  Each record is the sample hand damaged one way; the ``.tgn`` and JSON readers are run
compiled (in this process, when the cores are built) and with ``TRACTOR_PURE_PYTHON=1`` (a child), and
must agree."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tractor_analysis.engine.explain_hand import not_scored
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import tgn_reader
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.trick_order import misplaced

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
SAMPLE_JSON = json.loads((ROOT / "sample_logs" / "spring-cup-r2t5.json").read_text(encoding="utf-8"))
L5 = "5. S: DA DQ, W: D6 D6, N: D10 D7, E: CK C10\n"
L6 = "6. E: HA HK, S: H4 H3, W: H10 H10, N: H7 H6\n"
L12 = "12. W: C5, N: D2, E: BJ, S: CK\n"
L13 = "13. E: H8, S: H4, W: C4, N: C5\n"
L14 = "14. N: SJ S8 -> S8 {甩牌失败，按规则改出最小的被管住的牌型 / failed throw, forced to play the smallest beaten unit}, E: S10, S: H6, W: C6\n"
L15 = "15. W: H2, N: D9, E: S5, S: D9"
L16 = "16. W: CQ, N: SJ, E: HJ, S: HQ"


def _line_of(text: str, line: str) -> int:
    return text[:text.index(line)].count("\n") + 1


def _seen(text: str, json_doc: bool = False):
    """What a reading gives that the paths must agree on: the diagnostics, the first hand's trick numbers
    and its verdict."""
    if json_doc:
        matches, diags = parse_json(text)
    else:
        matches, diags = parse_tgn(text)
    h = replay_match(matches[0]).hands[0]
    return ([(d.code, d.line, d.column, d.hand, d.trick, d.message) for d in diags],
            [t.number for t in matches[0].hands[0].tricks],
            [h.attackers_total, sorted((v.code, v.trick, v.seat) for v in h.violations)])


_CHILD = """
import json, sys
sys.path.insert(0, {tests!r})
from test_scorer_sheet_s17a import _seen
print(json.dumps([_seen(t, j) for t, j in json.loads(sys.stdin.read())]))
"""


def _pure_python(cases: list[tuple[str, bool]]) -> list:
    """:func:`_seen` of each case read with ``TRACTOR_PURE_PYTHON=1`` (in a child: the cores are loaded at import)."""
    env = {**os.environ, "TRACTOR_PURE_PYTHON": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _CHILD.format(tests=str(ROOT / "tests"))], input=json.dumps(cases),
                         capture_output=True, text=True, env=env, check=True, cwd=str(ROOT)).stdout
    return json.loads(out)


def _as_json(seen) -> list:
    return json.loads(json.dumps(seen))


def _numbered_json(swap: tuple[int, int] | None = None, renumber: dict[int, int] | None = None) -> str:
    """The sample as JSON, hand 1's tricks written as objects with their numbers; ``swap`` two tricks'
    places, ``renumber`` some (by place)."""
    doc = json.loads(json.dumps(SAMPLE_JSON))
    tricks = [{"number": i + 1, "plays": p} for i, p in enumerate(doc["hands"][0]["tricks"])]
    for i, n in (renumber or {}).items():
        tricks[i]["number"] = n
    if swap is not None:
        a, b = swap
        tricks[a], tricks[b] = tricks[b], tricks[a]
    doc["hands"][0]["tricks"] = tricks
    return json.dumps(doc, ensure_ascii=False, indent=1)


# --- 1. trick lines out of order, their numbers giving the order ------------------------------------

SWAPPED = SAMPLE.replace(L5 + L6, L6 + L5, 1)
TWELVE_LATE = SAMPLE.replace(L12 + L13 + L14, L13 + L14 + L12, 1)


def test_lines_out_of_order_are_read_in_number_order():
    whole = _seen(SAMPLE)
    diags, numbers, verdict = _seen(SWAPPED)
    assert numbers == whole[1] and verdict == whole[2]          # no out_of_turn resting on the file order
    (d,) = diags
    assert d[0] == "trick_sequence" and d[1] == _line_of(SWAPPED, L6) and d[4] == 6
    assert "read in its number's place" in d[5] and "已按其轮次的位置读取" in d[5] and "after trick 5" in d[5]


def test_a_line_written_after_later_ones_is_the_one_reported():
    diags, numbers, verdict = _seen(TWELVE_LATE)
    assert numbers == list(range(1, 17)) and verdict == _seen(SAMPLE)[2]
    (d,) = diags
    assert d[1] == _line_of(TWELVE_LATE, L12) and d[4] == 12


def test_numbers_that_skip_keep_the_order_written():
    """5 and 6 swapped, and 16 numbered 17: the numbers are no run, so the file order stands (as before)."""
    text = SWAPPED.replace(L16, "17." + L16[3:], 1)
    diags, numbers, verdict = _seen(text)
    assert numbers[:7] == [1, 2, 3, 4, 6, 5, 7]
    assert [d[0] for d in diags].count("trick_sequence") >= 2
    assert ("out_of_turn", 5, 2) in verdict[1]


def test_json_tricks_out_of_order_are_read_in_number_order():
    whole = _seen(_numbered_json(), True)
    diags, numbers, verdict = _seen(_numbered_json(swap=(4, 5)), True)
    assert numbers == whole[1] and verdict == whole[2]
    (d,) = diags
    assert d[0] == "trick_sequence" and d[4] == 6 and "read in its number's place" in d[5]


def test_misplaced_keeps_the_longest_run_in_order():
    assert misplaced([1, 2, 3, 4, 6, 5, 7], 1) == [4]
    assert misplaced([11, 13, 14, 12, 15], 11) == [3]
    assert misplaced([1, 2, 3], 1) is None          # in order
    assert misplaced([1, 3, 2, 3], 1) is None       # a number repeated
    assert misplaced([1, 3, 2, 5], 1) is None       # a number skipped


# --- 6. a trick number typed wrong -----------------------------------------------------------------

def test_a_typo_in_a_trick_number_is_reported_once_at_the_typo():
    text = SAMPLE.replace(L15, "51." + L15[3:], 1)
    diags, _, _ = _seen(text)
    (d,) = [d for d in diags if d[0] == "trick_sequence"]
    assert d[1] == _line_of(text, "51.") and d[4] == 51 and "the next trick is 15" in d[5]


def test_a_typo_in_a_json_trick_number_is_reported_once():
    diags, _, _ = _seen(_numbered_json(renumber={14: 51}), True)
    (d,) = [d for d in diags if d[0] == "trick_sequence"]
    assert d[4] == 51


def test_a_trick_left_out_is_still_reported_after_the_gap():
    """14, 16, 18: not a typo (the line after 16 does not follow 14): both skips are reported."""
    text = SAMPLE.replace(L15, "16." + L15[3:], 1).replace(L16, "18." + L16[3:], 1)
    diags, _, _ = _seen(text)
    assert [d[4] for d in diags if d[0] == "trick_sequence"] == [16, 18]


# --- 2. a hand whose trick lines are all missing --------------------------------------------------

def _without_tricks(text: str, hand: int) -> str:
    out, n = [], 0
    for line in text.split("\n"):
        n += line.startswith("[Hand ")
        if n == hand and line[:1].isdigit():
            continue
        out.append(line)
    return "\n".join(out)


def test_a_hand_with_no_trick_line_before_other_hands_is_reported():
    text = _without_tricks(SAMPLE, 1)
    (m,), diags = parse_tgn(text)
    (d,) = diags
    assert d.code == "missing_tricks" and d.hand == 1 and d.line == _line_of(text, '[Hand "1"]') and d.column == 1
    assert "hand 1 has no trick line" in d.message and "第 1 局没有任何出牌行" in d.message
    assert m.hands[0].tricks == ()
    zh, en = not_scored([], m.hands[0].tricks, True)
    assert (zh, en) == ("本局没有记录任何一轮", "no trick of this hand is written")


def test_the_last_hand_with_no_trick_line_is_a_record_that_ends():
    text = _without_tricks(SAMPLE, SAMPLE.count("[Hand "))
    (m,), diags = parse_tgn(text)
    assert not [d for d in diags if d.code == "missing_tricks"]
    assert not_scored([], m.hands[-1].tricks, False) == ("记录未到本局结束", "the record ends before the hand does")


def test_a_score_sheets_hand_needs_no_trick_line():
    text = SAMPLE.replace('[Hand "2"]', '[Hand "1b"]\n[Dealer "S"]\n[Level "3"]\n[ResultOnly "yes"]\n[Claim "55"]\n\n'
                          '[Hand "2"]', 1).replace('[Hand "1b"]', '[Hand "7"]', 1)
    _, diags = parse_tgn(text)
    assert not [d for d in diags if d.code == "missing_tricks"]


# --- 3. a ';' comment swallowing plays --------------------------------------------------------------

@pytest.mark.parametrize("line, at", [
    ("16. W: CQ {lead}, N: SJ ; E: HJ, S: HQ", "; E"),          # an annotation on the line: read by the scanner
    ("16. W: CQ, N: SJ;; E: HJ, S: HQ", ";; E"),
    ("16. W: CQ {a note\nover two lines}, N: SJ ; E: HJ, S: HQ", "; E"),
])
def test_a_comment_that_reads_as_plays_is_reported_at_the_semicolon(line, at):
    text = SAMPLE.replace(L16, line, 1)
    _, diags = parse_tgn(text)
    (d,) = diags
    where = text.index(at)
    assert d.code == "syntax_error" and "';' starts a comment" in d.message and "E: HJ" in d.message
    assert (d.line, d.column) == (text[:where].count("\n") + 1, where - text.rfind("\n", 0, where))


# --- 4. a failed throw's arrow mistyped ------------------------------------------------------------

@pytest.mark.parametrize("arrow", ["=>", "→", "- >", "—>", "⇒"])
def test_a_mistyped_arrow_says_how_a_failed_throw_is_written(arrow):
    text = SAMPLE.replace(L14, f"14. N: SJ S8 {arrow} S8, E: S10, S: H6, W: C6\n", 1)
    _, diags = parse_tgn(text)
    (d,) = diags
    assert d.code == "unknown_card" and repr(arrow) in d.message
    assert "a failed throw is written 'cards -> forced play'" in d.message and "甩牌失败应写作" in d.message
    assert (d.line, d.column) == (_line_of(text, "14. N:"), 14)


def test_an_unknown_card_that_is_no_arrow_keeps_its_words():
    text = SAMPLE.replace(L14, "14. N: SJ S8 - S8, E: S10, S: H6, W: C6\n", 1)
    (d,) = parse_tgn(text)[1]
    assert "failed throw" not in d.message


# --- 5. declarations separated by ',' -------------------------------------------------------------

def test_declarations_separated_by_commas_say_the_separator_and_are_read():
    tag = '[Declarations "W: C2 | W: C2 C2"]'
    text = SAMPLE.replace(tag, '[Declarations "W: C2, W: C2 C2"]', 1)
    (m,), diags = parse_tgn(text)
    (d,) = diags
    assert d.code == "syntax_error" and "separated by '|'" in d.message and "应以 '|' 分隔" in d.message
    assert (d.line, d.column) == (_line_of(text, "[Declarations"), 21)
    assert m.hands[0].declarations == parse_tgn(SAMPLE)[0][0].hands[0].declarations


# --- the compiled readers and the pure-Python ones agree ---------------------------------------------

def test_compiled_and_pure_python_readers_agree():
    cases = [(SWAPPED, False), (TWELVE_LATE, False), (SAMPLE.replace(L15, "51." + L15[3:], 1), False),
             (_without_tricks(SAMPLE, 1), False), (_numbered_json(swap=(4, 5)), True),
             (_numbered_json(renumber={14: 51}), True)]
    assert _pure_python(cases) == [_as_json(_seen(t, j)) for t, j in cases]


def test_the_compiled_order_is_in_use_when_built():
    """(The comparison above means something only when this process reads with the cores.)"""
    if tgn_reader._IN_ORDER is None:
        pytest.skip("the .tgn core is not built here")
    assert tgn_reader._PLAIN_LINES is not None


def test_a_json_hand_with_no_trick_before_other_hands_is_reported():
    doc = json.loads(json.dumps(SAMPLE_JSON))
    doc["hands"][0]["tricks"] = []
    del doc["hands"][1]["tricks"]
    last = len(doc["hands"]) - 1
    doc["hands"][last]["tricks"] = []           # the last hand: a record that ends there
    _, diags = parse_json(json.dumps(doc, indent=1))
    assert [(d.code, d.hand) for d in diags] == [("missing_tricks", 1), ("missing_tricks", 2)]
    assert "the record goes on after it" in diags[0].message and "记录在其后仍继续" in diags[0].message

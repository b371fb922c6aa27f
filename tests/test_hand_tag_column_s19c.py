"""A hand's missing tags are reported at its ``[Hand]`` tag's column (round 19, task C, item 2).

``[Hand "1"]`` written indented (or after another tag on its line) opens a hand; the diagnostics that name that
hand as a whole — no ``[Trump]``, no ``[Dealer]``, deal lines and no trick line while the record goes on — pointed
at column 1 of its line, where the tag is not: an editor jumping to ``file:line:column`` landed before it.  They
now point at the tag (``HandDraft.column``), as a hand of tags only already did; both cores read it alike.
"""
from __future__ import annotations

import pytest

from test_derived_play_pages import RECORD
from tractor_analysis.records import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _found(text: str, head: str) -> tuple[int, int]:
    _, diagnostics = parse_tgn(text)
    (d,) = [d for d in diagnostics if head in d.message]
    return d.line, d.column


def _hand_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if '[Hand "' in line)


@pytest.mark.parametrize("indent", ["    ", "\t", '[Round "1"] '], ids=["spaces", "tab", "after-a-tag"])
@pytest.mark.parametrize("tag, head", [("Trump", "has no [Trump] tag"), ("Dealer", "has no [Dealer] tag")])
def test_a_missing_hand_tag_points_at_the_hand_tag(indent, tag, head):
    lines = [line for line in RECORD.splitlines() if not line.startswith(f"[{tag} ")]
    text = "\n".join(indent + line if line.startswith("[Hand ") else line for line in lines) + "\n"
    assert _found(text, head) == (_hand_line(text), len(indent) + 1)      # before: column 1


def test_control_a_hand_tag_at_the_line_start_is_column_1():
    text = RECORD.replace('[Trump "S"]\n', "")
    assert _found(text, "has no [Trump] tag") == (_hand_line(text), 1)


def test_a_hand_without_tricks_points_at_its_indented_hand_tag():
    tricks_at = RECORD.index("1. N:")
    first = RECORD[:tricks_at].replace('[Hand "1"]', '  [Hand "1"]')          # deal lines, no trick line
    second = RECORD[RECORD.index('[Hand "1"]'):].replace('[Hand "1"]', '[Hand "2"]')
    text = first + "\n" + second
    assert _found(text, "has no trick line") == (_hand_line(text), 3)          # before: column 1

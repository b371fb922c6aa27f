"""The words of the tricks' winners and points withheld, when the unknown names no trick (docs/rules.md §14.1).

An unknown that names no trick at all — ``[Level]`` says 6 where the earlier hands carry 3, the hand judged with
each level — said "withheld: that trick's winner" / "该轮的赢家": no trick to point at (what differs between the
judgements is any trick's winner).  Now the words of :data:`~tractor_analysis.engine.verdicts.WITHHELD` name no
trick: "the tricks' winners" / "各轮的赢家" (and "the tricks' points" / "各轮的分数"); a message naming one trick
says "that trick's" (``explain_unknown.ONE_TRICK``: the record ending in a trick, a trick with no play read), one
naming several "those tricks'" (``SEVERAL_TRICKS``, s18)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import explain_contradicted, explain_gaps, explain_unread
from tractor_analysis.engine.explain_unknown import unknown_fact
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

ROOT = Path(__file__).resolve().parents[1]
WHAT = ("trick_winner", "trick_points", "outcome")
SINGULAR = ("that trick's", "该轮的")
NAMES_A_TRICK = re.compile(r"\btricks? \d")


def _singular(zh: str, en: str) -> bool:
    return SINGULAR[0] in en or SINGULAR[1] in zh


@pytest.mark.usefixtures("both_cores")
def test_the_level_the_record_contradicts_names_no_trick_so_not_that_trick_s():
    # (the corpus hand this used, match-00001's tenth under tournament rules, is after that match's end since
    # 381d620: judged with nothing carried in, its [Level] is no longer in doubt) — a first hand whose [Level]
    # [Levels] contradicts and whose cards decide neither (tests/test_levels_tag_contradicted.py)
    from test_levels_tag_contradicted import HAND_1, HEADER, _levels
    text = _levels(HEADER, "NS:4 EW:5") + HAND_1.replace('[Declarations "W: C2 | E: LJ LJ"]\n', "")
    (match,), _ = parse_tgn(text)
    hand = replay_match(match).hands[0]
    (u,) = [u for u in hand.unknowns if u.tag == "Level"]
    zh, en = u.message_zh, u.message_en
    assert u.message == f"{zh} / {en}" and "[Levels]" in en and not NAMES_A_TRICK.search(en)
    assert "withheld: " in en and "因此不判定：" in zh
    assert not _singular(zh, en), en


def test_unknown_fact_words_by_the_tricks_the_message_names():
    zh, en = unknown_fact("某事未知", "something is not known", WHAT)        # (names no trick: the default)
    assert en.endswith("withheld: the tricks' winners; the tricks' points; the outcome (levels gained, next dealer)")
    assert zh.endswith("因此不判定：各轮的赢家、各轮的分数、结果（升级、下庄）")
    zh, en = unknown_fact("第 3 轮", "trick 3", WHAT, several=False)
    assert "withheld: that trick's winner; that trick's points;" in en and "该轮的赢家、该轮的分数" in zh
    zh, en = unknown_fact("第 3、5 轮", "tricks 3, 5", WHAT, several=True)
    assert "withheld: those tricks' winners; those tricks' points;" in en and "这几轮的赢家、这几轮的分数" in zh


def test_a_tag_contradicted_says_the_tricks_winners():
    for fact, recorded, other in (("level", 6, 3), ("dealer", 1, 2), ("trump", 1, 2)):
        zh, en = explain_contradicted.tag_contradicted(fact, recorded, other, WHAT, 2, 2)
        assert "withheld: the tricks' winners; the tricks' points" in en and "各轮的赢家、各轮的分数" in zh, fact
        assert not _singular(zh, en), en


def test_one_trick_named_keeps_that_trick_s():
    for zh, en in (explain_gaps.record_ends_in_trick(7, [2, 3], WHAT),
                   explain_unread.trick_unread(4, 5, None, WHAT),
                   explain_unread.numbers_skip(3, 5, 4, 1, 6, None, WHAT),
                   explain_unread.unread_trick_ways(4, 0, [1], 2, (3, 1, 0, None), WHAT)):
        assert "that trick's winner; that trick's points" in en and "该轮的赢家、该轮的分数" in zh, en


def _unknowns(args: tuple[str, ...]):
    out = CliRunner().invoke(main, ["check", *args, "--json"], catch_exceptions=False).output
    for f in json.loads(out)["files"]:
        for h in f["hands"]:
            for u in h.get("unknown", ()):
                yield u


@pytest.mark.parametrize("args", [("tests/data/golden/corpus", "--rules", "tournament"),
                                  ("tests/data/golden/corpus",), ("tests/data/bad",)],
                         ids=["corpus_tournament", "corpus", "bad"])
def test_no_unknown_that_names_no_trick_says_that_trick_s(args, monkeypatch):
    monkeypatch.chdir(ROOT)
    seen = 0
    for u in _unknowns(args):
        if not NAMES_A_TRICK.search(u["message_en"]):
            seen += 1
            assert not _singular(u["message_zh"], u["message_en"]), u["message_en"]
    assert seen

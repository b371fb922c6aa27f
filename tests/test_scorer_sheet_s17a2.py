"""What a club scorer types wrong, second round (session 17, task A2): a full-width '；' between plays, a ';'
comment that begins with cards, declarations separated by a space alone, and a failed throw written without
'->' whose returned card is played again (too many copies).  Each record is the sample hand damaged one way; the ``.tgn`` and JSON readers are run compiled (in this process,
when the cores are built) and with ``TRACTOR_PURE_PYTHON=1`` (a child), and must agree."""
from __future__ import annotations

import json

import pytest

from test_scorer_sheet_s17a import L14, L15, L16, SAMPLE, SAMPLE_JSON, _line_of, _pure_python, _seen

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.tgn_reader import parse_tgn


def _col(text: str, at: str, after: str = "[Hand") -> tuple[int, int]:
    """(line, column) of ``at``, the first after ``after``."""
    where = text.index(at, text.index(after))
    return text[:where].count("\n") + 1, where - text.rfind("\n", 0, where)


def _last_trick(text: str):
    (m, *_), _ = parse_tgn(text)
    return [(p.seat, p.cards) for p in m.hands[0].tricks[-1].plays]


# --- 1. a full-width '；' typed between plays ------------------------------------------------------------

@pytest.mark.parametrize("line", ["16. W: CQ, N: SJ；E: HJ, S: HQ", "16. W: CQ, N: SJ ；E: HJ, S: HQ",
                                  "16. W: CQ, N: SJ； E: HJ, S: HQ", "１６．Ｗ：ＣＱ，Ｎ：ＳＪ；Ｅ：ＨＪ，Ｓ：ＨＱ"])
def test_a_wide_semicolon_before_plays_is_named_at_its_column(line):
    text = SAMPLE.replace(L16, line, 1)
    _, diags = parse_tgn(text)
    (d,) = diags
    assert d.code == "syntax_error" and (d.line, d.column) == _col(text, "；") and d.trick == 16
    assert "'；' (a full-width semicolon)" in d.message and "only the ASCII ';' starts a comment" in d.message
    assert "reads as plays, which are not read" in d.message and "读起来是出牌，未读入" in d.message
    assert ("HJ" in d.message or "ＨＪ" in d.message) and "unknown card" not in d.message
    # the plays before it are the same whether '；' is a comment mark or a ',' typed: read; after it, not
    assert _last_trick(text) == _last_trick(SAMPLE.replace(L16, "16. W: CQ, N: SJ", 1))


def test_a_wide_semicolon_ending_the_line_is_named():
    text = SAMPLE.replace(L16, "16. W: CQ, N: SJ, E: HJ, S: HQ；", 1)
    (d,) = parse_tgn(text)[1]
    assert d.code == "syntax_error" and (d.line, d.column) == _col(text, "；") and "nothing follows it" in d.message
    assert _last_trick(text) == _last_trick(SAMPLE)


def test_a_wide_semicolon_inside_cards_is_an_unknown_card_naming_it():
    """``N: SJ；SK``: what follows is no play — the word is unknown (the play dropped), said to hold '；', at it."""
    text = SAMPLE.replace(L16, "16. W: CQ, N: SJ；SK, E: HJ, S: HQ", 1)
    (d,) = parse_tgn(text)[1]
    assert d.code == "unknown_card" and (d.line, d.column) == _col(text, "；")
    assert "it holds '；', a full-width semicolon" in d.message and "全角分号" in d.message


def test_annotations_after_a_wide_semicolon_stay_with_the_trick():
    text = SAMPLE.replace(L16, "16. W: CQ, N: SJ {a}；E: HJ {b}, S: HQ", 1)
    (m, *_), diags = parse_tgn(text)
    t = m.hands[0].tricks[-1]
    assert [d.code for d in diags] == ["syntax_error"] and (diags[0].line, diags[0].column) == _col(text, "；")
    assert [p.notes for p in t.plays] == [(), ("a",)] and t.notes == ("b",)


# --- 2. a ';' comment that begins with cards -----------------------------------------------------------

@pytest.mark.parametrize("line, at", [
    ("16. W: CQ, N: SJ; HJ, S: HQ", ";"),              # ';' typed for ', E:': fewer than four plays
    ("15. W: H2, N: D9; S5, S: D9", ";"),
    ("16. W: CQ, N: SJ, E: HJ ;; HQ", ";;"),
])
def test_a_comment_that_begins_with_cards_is_reported(line, at):
    old = L15 if line.startswith("15.") else L16
    text = SAMPLE.replace(old, line, 1)
    diags = [d for d in parse_tgn(text)[1] if d.code == "syntax_error"]
    (d,) = diags
    assert "';' starts a comment" in d.message and "which begins with cards" in d.message and "以牌开头" in d.message
    assert (d.line, d.column) == _col(text, at, line)


def test_a_comment_beginning_with_a_card_after_a_short_last_play_is_reported():
    """Four plays, the last one a card short of the lead's two: ``; H5`` may be its card."""
    line = "5. S: DA DQ, W: D6 D6, N: D10 D7, E: CK; C10\n"
    text = SAMPLE.replace("5. S: DA DQ, W: D6 D6, N: D10 D7, E: CK C10\n", line, 1)
    (d,) = [d for d in parse_tgn(text)[1] if d.code == "syntax_error"]
    assert "which begins with cards" in d.message and (d.line, d.column) == _col(text, "; C10", line)


@pytest.mark.parametrize("line", ["16. W: CQ, N: SJ, E: HJ, S: HQ ; HQ won it",     # four whole plays
                                  "16. W: CQ, N: SJ ; a note"])                     # a comment of words
def test_a_comment_that_does_not_read_as_the_trick_is_not_reported(line):
    _, diags = parse_tgn(SAMPLE.replace(L16, line, 1))
    assert not [d for d in diags if "';' starts a comment" in d.message]


# --- 4. declarations separated by a space alone ------------------------------------------------------------

def test_declarations_separated_by_a_space_say_the_separator_and_are_read():
    tag = '[Declarations "W: C2 | W: C2 C2"]'
    text = SAMPLE.replace(tag, '[Declarations "W: C2 W: C2 C2"]', 1)
    (m,), diags = parse_tgn(text)
    (d,) = diags
    assert d.code == "syntax_error" and "separated by a space alone" in d.message and "仅用空格分隔" in d.message
    assert "separated by '|'" in d.message and "read as 2 declarations" in d.message
    assert (d.line, d.column) == (_line_of(text, "[Declarations"), 22)          # at the second seat
    assert m.hands[0].declarations == parse_tgn(SAMPLE)[0][0].hands[0].declarations


def test_declarations_separated_by_a_comma_and_a_space_say_both():
    text = SAMPLE.replace('[Declarations "W: C2 | W: C2 C2"]', '[Declarations "W: C2, W: C2 C2 N: C2"]', 1)
    (m,), diags = parse_tgn(text)
    (d,) = diags
    assert "by ',' and by a space alone" in d.message and "read as 3 declarations" in d.message
    assert [x.seat for x in m.hands[0].declarations] == [3, 3, 0]


# --- 5. a failed throw written without '->', its returned card played again ---------------------------------

NO_ARROW = SAMPLE.replace(L14, "14. N: SJ S8, E: S10, S: H6, W: C6\n", 1)


def _no_arrow_json() -> str:
    doc = json.loads(json.dumps(SAMPLE_JSON))
    lead = doc["hands"][0]["tricks"][13][0]
    lead["cards"] = lead.pop("attempted")
    lead.pop("notes", None)
    return json.dumps(doc, ensure_ascii=False, indent=1)


def test_too_many_copies_says_a_lead_shaped_as_a_failed_throw_counts_the_card():
    (m,), diags = parse_tgn(NO_ARROW)
    (d,) = diags
    assert d.code == "too_many_copies" and d.trick == 16          # still a fact about the text: an error
    assert "counting trick 14's lead N: ♠J ♠8 whole; its followers each play 1 card" in d.message
    assert "if it is a failed throw written without '->', it returned ♠J to N's hand" in d.message
    assert "漏写了 '->' 的甩牌失败，♠J 已退回北家手中" in d.message
    h = replay_match(m).hands[0]
    assert [x.fact for x in h.derived].count("failed_throw") == 1 and h.violations == ()


def test_json_too_many_copies_says_the_same():
    (d,) = parse_json(_no_arrow_json())[1]
    assert d.code == "too_many_copies" and d.trick == 16
    assert "counting trick 14's lead N: ♠J ♠8 whole; its followers each play 1 card" in d.message
    assert "written without \"attempted\", it returned ♠J to N's hand" in d.message


def test_copies_a_lead_cannot_account_for_keep_their_words():
    """The third ♠J played by E, N never playing ♠J after its lead: no card that lead returned is E's — the
    message adds nothing."""
    text = NO_ARROW.replace(L16, "16. W: CQ, N: HJ, E: SJ, S: HQ", 1)
    (d,) = [d for d in parse_tgn(text)[1] if d.code == "too_many_copies"]
    assert d.trick == 16 and "counting" not in d.message and " — " not in d.message


def test_a_lead_whose_followers_play_as_many_cards_is_no_throw_shape():
    from tractor_analysis.records.model import new_play
    from tractor_analysis.records.throw_copies import throw_shape
    p = lambda seat, *cards: new_play(seat, cards, None, (), 1, 1)       # noqa: E731
    assert throw_shape([p(0, 9, 6), p(1, 8), p(2, 30), p(3, 43)]) == 1
    assert throw_shape([p(0, 9, 6), p(1, 8, 7), p(2, 30, 31)]) is None
    assert throw_shape([p(0, 9, 6), p(1, 8), p(2, 30, 31)]) is None
    assert throw_shape([p(0, 9)]) is None


# --- the compiled readers and the pure-Python ones agree ---------------------------------------------------

def test_compiled_and_pure_python_readers_agree():
    cases = [(SAMPLE.replace(L16, "16. W: CQ, N: SJ；E: HJ, S: HQ", 1), False),
             (SAMPLE.replace(L16, "16. W: CQ, N: SJ；SK, E: HJ, S: HQ", 1), False),
             (SAMPLE.replace(L16, "16. W: CQ, N: SJ; HJ, S: HQ", 1), False),
             (SAMPLE.replace('[Declarations "W: C2 | W: C2 C2"]', '[Declarations "W: C2 W: C2 C2"]', 1), False),
             (NO_ARROW, False), (_no_arrow_json(), True)]
    assert _pure_python(cases) == json.loads(json.dumps([_seen(t, j) for t, j in cases]))

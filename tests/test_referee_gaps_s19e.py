"""A referee's record with plays left out or cut short (s19, task E): what is derived says from what, and no more is
withheld than the plays left out leave open (docs/rules.md §14.1).

The sample's first hand under ``[Ruleset "tournament"]`` (a referee tester's records):

1. W's plays left out of tricks 5 and 7: four ways to fill them in, every one giving the defenders 1 level (the
   attackers' total 40 or 50). The outcome is kept: it is then derived, and said so with the totals (before: no
   ``derived`` fact for it); N–S's level after is 2 in every way (the defenders go up), E–W's differs (a wrong
   follow of W in some ways costs a level): N–S's is stated, E–W's withheld (before: both ``null``).  The same for
   any kind of readings (:func:`.agreement.shared_facts`).
2. The record ends ``8. S: S3, W: DQ, N: S4``: the trick's winner is derived from E's *legal* plays, and its JSON
   ``from`` says so (before: "the cards of the seats the record ends before").
3. ``N: H7 H7`` in trick 6 (N holds ♥6 after the last trick): every trick is recorded, so the claim's words name
   no "tricks not recorded"; the bottom holds no points, so it is not "not decided" beside the total it adds
   nothing to; a bottom with points not decided is said to be left out of the total, as check --json leaves it out.
4. ``tractor replay`` of (1) shows the attackers' running total up to the first trick whose points it needs and
   does not know (before: "?" from trick 1).
Each test fails on the code before this change.
"""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.agreement import shared_facts
from tractor_analysis.engine.kept_result import GAP_WAYS, READINGS_RESULT, levels_source
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
BASE = SAMPLE[:SAMPLE.index('[Hand "2"]')].replace('[Ruleset "standard"]', '[Ruleset "tournament"]')


def _edit(*pairs: tuple[str, str]) -> str:
    text = BASE
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


TWO_MISSING = _edit(("5. S: DA DQ, W: D6 D6, N:", "5. S: DA DQ, N:"), ("7. E: H5 H5, S: H9 H9, W: HK D8, N:",
                                                                        "7. E: H5 H5, S: H9 H9, N:"))
STOP8 = BASE[:BASE.index("8. S: S3")] + "8. S: S3, W: DQ, N: S4\n" + BASE[BASE.index("[Claim"):]
CARD_TWICE = _edit(("N: H7 H6\n", "N: H7 H7\n"), ("Buried: SQ S3 HA HQ HJ H7 H3 D3\n", ""))
"""N writes ♥7 twice; the Buried: line left out, so the decks place the other ♥7 nowhere beyond doubt (the bury, were
it given and borne out, would place it: then the decks prove the play miscopied and the hand is scored)."""


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _run(tmp_path, text: str, *args: str) -> str:
    path = tmp_path / "hand.tgn"
    path.write_text(text, encoding="utf-8")
    return _plain(CliRunner().invoke(main, [*args, str(path)], catch_exceptions=False).output)


def _json_hand(tmp_path, text: str) -> dict:
    return json.loads(_run(tmp_path, text, "check", "--json"))["files"][0]["hands"][0]


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def test_the_outcome_every_way_gives_is_derived_with_the_totals(tmp_path):
    h = _json_hand(tmp_path, TWO_MISSING)
    assert h["attackers_total"] is None and h["outcome"]["winner"] == "defenders" and h["outcome"]["levels"] == 1
    (fact,) = [d for d in h["derived"] if d["fact"] == "outcome"]
    assert fact["from"] == GAP_WAYS and fact["value"] == "40-50"
    assert "each of the 4 ways" in fact["message_en"] and "from 40 to 50" in fact["message_en"]
    assert "4 种可能出法" in fact["message_zh"] and "40 到 50" in fact["message_zh"]


def test_the_level_every_way_gives_a_side_is_stated_the_other_withheld(tmp_path):
    h = _json_hand(tmp_path, TWO_MISSING)
    assert h["levels_after"] == {"NS": "2", "EW": None}
    (fact,) = [d for d in h["derived"] if d["fact"] == "levels_after"]
    assert fact["value"] == "NS:2" and fact["from"] == levels_source(GAP_WAYS)   # its levels, not its total (s19-b3)
    assert "N–S at 2" in fact["message_en"] and "E–W's level differs" in fact["message_en"]
    assert any("levels" in u["withheld"] for u in h["unknown"])       # E–W's still withheld
    text = _run(tmp_path, TWO_MISSING, "check")
    assert "levels 级 NS 2  EW 2→?" in text


def test_every_reading_kind_says_the_result_it_keeps():
    """:func:`shared_facts` of two readings (any kind) giving one outcome and the attackers 45 and 60: derived."""
    r = _hand(BASE)
    a = dataclasses.replace(r, attackers_total=45)
    b = dataclasses.replace(r, attackers_total=60)
    _, derived = shared_facts([a, b])
    (fact,) = [d for d in derived if d.fact == "outcome"]
    assert (fact.value, fact.source) == ("45-60", READINGS_RESULT)
    assert "every reading of the record" in fact.message_en
    # a reading that merged ways itself (its total withheld, its own fact giving 40-50): one fact, the whole span
    inner = dataclasses.replace(r, attackers_total=None, derived=(*r.derived, *[d for d in _hand(TWO_MISSING).derived
                                                                                if d.source == GAP_WAYS]))
    _, derived = shared_facts([inner, b])
    assert [(d.value, d.source) for d in derived if d.fact == "outcome"] == [("40-60", READINGS_RESULT)]
    # the controls: the same total (shown, nothing derived); another outcome (withheld, nothing derived)
    assert not [d for d in shared_facts([a, a])[1] if d.fact == "outcome"]
    other = dataclasses.replace(b, outcome=dataclasses.replace(r.outcome, levels=r.outcome.levels + 1))
    assert not [d for d in shared_facts([a, other])[1] if d.fact == "outcome"]
    # (their levels after the same in both: kept and said, the outcomes each known — docs/rules.md §10.2, s20 G3)
    assert [d.value for d in shared_facts([a, other])[1] if d.fact == "levels_after"] == ["NS:2 EW:3"]


def test_a_trick_the_record_ends_in_is_won_whatever_legal_play(tmp_path):
    h = _json_hand(tmp_path, STOP8)
    (fact,) = [d for d in h["derived"] if d["fact"] == "trick_winner"]
    assert fact["value"] == "E" and fact["from"] == "the legal plays of the seats the record ends before"
    assert "legal play" in fact["message_en"]


def test_a_record_of_every_trick_names_no_trick_not_recorded(tmp_path):
    text = _run(tmp_path, CARD_TWICE, "check")
    line = next(x for x in text.splitlines() if "points  得分" in x)
    assert "tricks not recorded" not in line and "未记录各轮" not in line
    # (s21: every reading — N's line, or either ♥7 played, miscopied — is played out with one total: the claim, written
    # under the standard rules, is checked against it, the tournament's failed-throw penalty counted)
    assert re.search(r"claim 记录 60 ✗ differs 不符$", line)
    assert "bottom 底分 0 not decided" not in line and "= 50" in line
    h = _json_hand(tmp_path, CARD_TWICE)
    assert (h["bottom_points"], h["bottom_multiplier"], h["attackers_total"]) == (0, 0, 50)


def test_a_bottom_not_decided_is_said_left_out_of_the_total():
    from tractor_analysis.cli.verdict_text import points_text
    # (the readings not all played out: s21 keeps CARD_TWICE's bottom, every reading taking it alike)
    h = dataclasses.replace(_hand(CARD_TWICE), bottom_points=15, bottom_multiplier=None, bottom_bonus=None,
                            complete=False)
    line = _plain(points_text(h))
    assert "bottom 底分 15 not decided, the deal and the plays do not agree" in line
    assert line.split("claim")[0].rstrip().endswith("= 50 without the bottom 未计底分")
    # the bottom holds no points: it adds none, whoever took it — not "not decided" beside the total
    line = _plain(points_text(dataclasses.replace(h, bottom_points=0)))
    assert "bottom 底分 0 not decided" not in line and "no points in it" in line and "= 50" in line


def test_replay_shows_the_running_total_while_it_is_known(tmp_path):
    text = _run(tmp_path, TWO_MISSING, "replay")
    so_far = re.findall(r"attackers so far 闲家累计 (\S+)", text)
    # tricks 3 and 4 to the attackers (5 + 15); 5 and 6 to the defenders (trick 5's points not known, not theirs);
    # trick 7 to the attackers, its points not known: from there on not known
    assert so_far[:7] == ["0", "0", "5", "20", "20", "20", "?"] and set(so_far[7:]) == {"?"}
    assert re.findall(r"attackers so far 闲家累计 (\S+)", _run(tmp_path, BASE, "replay"))[3] == "20"


def test_a_take_back_whose_seat_is_not_known_says_the_levels_once():
    """With ``[Takebacks "?"]`` too, the level N–S keeps is the take-back's to say (a side at 2 loses none): one
    ``levels_after`` fact, agreeing with the levels after (the ways' own is not said beside it)."""
    h = _hand(TWO_MISSING.replace('[Scorer "周立 Zhou Li"]', '[Scorer "周立 Zhou Li"]\n[Takebacks "?"]', 1))
    assert h.levels_after == (2, None)
    (fact,) = [d for d in h.derived if d.fact == "levels_after"]
    assert fact.value == "NS:2" and fact.source.startswith("[Takebacks]")

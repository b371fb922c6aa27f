"""The chain of levels and dealers across a match record's hands, where the record leaves a gap
(docs/rules.md §14.1, "the hand before"; §8.5).

A referee's or a club's record is often incomplete across hands: a page lost from the middle, a
record that starts at the hand the dispute was in, hands written out of order, a score sheet's
hand without its total, a hand without a result.  Nothing may be carried over what the record does
not show: a hand that may lie between two recorded hands could have changed the levels and the
dealer, so the next hand's dealer and level are "not checked", never violations, and a side's level
is learned again from a later ``[Level]``.  Each test below fails on the code before (it gave
``dealer_mismatch`` / ``level_mismatch`` across the gap, took the default 2 over the record's own
``[Level]``, scored a score-sheet hand without its total as 0, gave levels after a hand with no
result, or named the side holding the deal when the record does not say it).

The record: tests/data/event/r1t1.tgn (five hands, tournament rules; NS win 5–3).
"""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import STOPPED_NOT_KNOWN, decide_match
from tractor_analysis.records import parse_tgn

R1T1 = (Path(__file__).resolve().parent / "data" / "event" / "r1t1.tgn").read_text(encoding="utf-8")
HEADER, *_HANDS = re.split(r"(?m)^(?=\[Hand )", R1T1)
HANDS = {int(re.match(r'\[Hand "(\d+)"\]', h).group(1)): h for h in _HANDS}
"""Hand number → its text (tags, deal, tricks), as the record writes it."""


def _record(*numbers: int, header: str = HEADER) -> str:
    return header + "".join(HANDS[n] if HANDS[n].endswith("\n\n") else HANDS[n] + "\n" for n in numbers)


def _replay(text: str):
    (match,), diags = parse_tgn(text)
    assert not diags, [d.message for d in diags]
    return replay_match(match)


def _codes(hand) -> list[str]:
    return [v.code for v in hand.violations]


def _unknown(hand, tag: str):
    return [u for u in hand.unknowns if u.tag == tag]


def test_the_whole_record_is_clean():
    """The control: the five hands in order carry every level and dealer, with nothing flagged."""
    m = _replay(R1T1)
    assert [_codes(h) for h in m.hands] == [[]] * 5
    assert [h.levels_after for h in m.hands][-1] == (5, 3)
    assert decide_match(m) == (0, "higher level")


def test_a_hand_missing_from_the_middle_breaks_the_chain():
    """Hands 1, 3, 4, 5 (hand 2 lost): before, hand 3 got ``dealer_mismatch`` (hand 1's outcome
    made W the dealer) and its [Level] a ``level_mismatch``; now neither is checked, each says why,
    and the levels are learned again from the [Level] of the hands after."""
    m = _replay(_record(1, 3, 4, 5))
    h3 = m.hands[1]
    assert h3.number == 3 and _codes(h3) == []
    (u,) = _unknown(h3, "Levels")
    assert set(u.withheld) == {"level_check", "dealer_check"}
    assert "hand 2 is not in the record" in u.message_en and "没有第2局" in u.message_zh
    assert h3.levels_before == (2, None)        # N–S's learned from hand 3's own [Level]; E–W's unknown
    # N–S learned 2 from hand 3's [Level], and carried on as in the whole record; E–W never dealt again
    assert [h.levels_after for h in m.hands[1:]] == [(3, None), (4, None), (5, None)]
    assert [_codes(h) for h in m.hands] == [[]] * 4
    assert decide_match(m) == (None, "levels not known")     # E–W's level is not known: no winner


def test_consecutive_hands_are_still_checked():
    """The control beside the gap: hands 1 and 2 in order, hand 2's dealer written wrong, is a
    ``dealer_mismatch`` as before."""
    text = _record(1, 2).replace('[Dealer "W"]', '[Dealer "N"]', 1)
    m = _replay(text)
    assert "dealer_mismatch" in _codes(m.hands[1])


def test_hands_out_of_order_are_not_chained():
    """Hand 2 written before hand 1: nothing carried either way, and the message says so."""
    m = _replay(_record(2, 1))
    assert [_codes(h) for h in m.hands] == [[], []]
    (u,) = _unknown(m.hands[1], "Levels")
    assert "out of order" in u.message_en and "顺序不对" in u.message_zh


def test_a_hand_written_twice_is_said_so_not_out_of_order():
    """Hands 1, 1: the later copy comes after a hand with the same number, not after a later hand.
    Before, its unknown said "hand 1 comes after a later hand: the hands are out of order"."""
    text = _record(1, 1)
    (match,), diags = parse_tgn(text)
    assert [d.code for d in diags] == ["duplicate_hand"]
    m = replay_match(match)
    (u,) = _unknown(m.hands[1], "Levels")
    assert set(u.withheld) == {"level_check", "dealer_check"}
    assert "hand 1 is written twice" in u.message_en and "comes after a later hand" not in u.message_en
    assert "第1局在记录中写了两次" in u.message_zh and "排在后面的局之后" not in u.message_zh
    # hands 1, 2, 1: hand 1 again is still the repeat, whatever lies between
    (u,) = _unknown(replay_match(parse_tgn(_record(1, 2, 1))[0][0]).hands[2], "Levels")
    assert "hand 1 is written twice" in u.message_en


def test_a_hand_after_a_repeat_is_not_said_missing():
    """Hands 1, 2, 3, 2, 4: hand 4 follows the repeated hand 2, but hand 3 is in the record.
    Before, hand 4's unknown said "hand 3 is not in the record"."""
    m = replay_match(parse_tgn(_record(1, 2, 3, 2, 4))[0][0])
    (u,) = _unknown(m.hands[4], "Levels")
    assert "not in the record" not in u.message_en and "没有第3局" not in u.message_zh
    assert "hand 4 is not written right after hand 3" in u.message_en and "没有紧接在第3局之后" in u.message_zh
    (u,) = _unknown(_replay(_record(1, 3, 4)).hands[1], "Levels")        # the real gap keeps its words
    assert "hand 2 is not in the record" in u.message_en


def test_check_json_gives_the_hand_of_a_duplicate_hand_error(tmp_path):
    """check --json's error object for duplicate_hand had "hand": null; it names the hand now."""
    path = tmp_path / "twice.tgn"
    path.write_text(_record(1, 1), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False)
    (error,) = json.loads(r.output)["files"][0]["errors"]
    assert error["code"] == "duplicate_hand" and error["hand"] == 1 and error["trick"] is None
    assert "hand 1 appears twice" in error["message"]
    bad = tmp_path / "bad.tgn"           # a [Hand] that is no number: numbered, and that number given
    bad.write_text(_record(1).replace('[Hand "1"]', '[Hand "one"]'), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--json", str(bad)], catch_exceptions=False)
    (error,) = [e for e in json.loads(r.output)["files"][0]["errors"] if e["code"] == "bad_value"]
    assert error["hand"] == 1


def test_a_record_that_begins_at_hand_2():
    """Hands 2–5 only (the first page lost), no [Levels]: before, hand 2 was judged as the match's
    first deal ("the first hand's dealer is the first to declare, S": ``dealer_mismatch``), played at
    the default 2 against its own [Level] 3, and E–W "2 → 2"; now its dealer is not checked, E–W's
    level is the [Level] it states, N–S's unknown until hand 3 states it."""
    m = _replay(_record(2, 3, 4, 5))
    h2 = m.hands[0]
    assert _codes(h2) == []
    assert h2.level == 3 and h2.levels_before == (None, 3) and h2.levels_after == (None, 3)
    (u,) = _unknown(h2, "Levels")
    assert set(u.withheld) == {"level_check", "dealer_check"}
    assert "the record begins at hand 2" in u.message_en and "记录从第2局开始" in u.message_zh
    assert [_codes(h) for h in m.hands] == [[]] * 4
    assert m.hands[-1].levels_after == (5, 3)         # N–S learned at hand 3: the same end as the whole record
    assert decide_match(m) == (0, "higher level")


def test_a_record_that_begins_at_hand_2_with_its_levels():
    """The same with [Levels] stated: they are the levels at the record's start, so [Level] is
    checked against them (a wrong one is a ``level_mismatch``); the dealer is still not checked."""
    header = HEADER.replace('[Ruleset "tournament"]', '[Ruleset "tournament"]\n[Levels "NS:2 EW:3"]')
    m = _replay(_record(2, 3, header=header))
    assert _codes(m.hands[0]) == []
    (u,) = _unknown(m.hands[0], "Levels")
    assert u.withheld == ("dealer_check",)
    wrong = _replay(_record(2, 3, header=header.replace("EW:3", "EW:4")))
    assert "level_mismatch" in _codes(wrong.hands[0])


SHEET = """[Event "sheet"]
[Ruleset "tournament"]

[Hand "1"]
[Dealer "W"]
[Level "5"]
[ResultOnly "yes"]
[Claim "40"]

[Hand "2"]
[Dealer "E"]
[Level "6"]
[ResultOnly "yes"]
[Claim "40"]
"""
"""A club's score sheet that begins mid-match: no [Levels], E–W deal at 5 in its first hand."""


def test_a_first_hand_above_2_without_levels():
    """No [Levels], and the record's first hand (numbered 1) is played at 5: the record begins
    mid-match.  Before, the default 2 stood for both sides (E–W "2 → 3" after defending at 5, the
    next hand's [Level] 6 a ``level_mismatch``, and E–W's final level 5 where the sheet says 7); now
    E–W are at the 5 their [Level] states (derived, said so) and N–S unknown."""
    m = _replay(SHEET)
    h1, h2 = m.hands
    assert h1.levels_before == (None, 5) and h1.levels_after == (None, 6)
    assert [d.fact for d in h1.derived] == ["levels"]
    assert "E–W at 5, from [Level]" in h1.derived[0].message_en and "N–S's level is not known" in h1.derived[0].message_en
    assert "记录从比赛中途开始" in h1.derived[0].message_zh
    assert _codes(h2) == [] and h2.levels_after == (None, 7)
    assert decide_match(m) == (None, "levels not known")


def test_a_score_sheet_hand_without_trump_shows_it_unknown_never_nt(tmp_path):
    """SHEET's hands state no [Trump] (nor declarations).  Before, the engine's result called the
    trump known, so check and replay printed "trump 主 NT 无主" (and the HTML report NT): a guess.
    Now the trump is unknown (an unknown withholding nothing: a score sheet judges no play), shown
    "?" in text, null in JSON."""
    m = _replay(SHEET)
    for h in m.hands:
        assert h.trump_known is False
        (u,) = _unknown(h, "Trump")
        assert u.withheld == ()
        assert "not taken as no trump" in u.message_en and "不按无主处理" in u.message_zh
        assert _codes(h) == [] and h.outcome is not None          # nothing else changes
    path = tmp_path / "sheet.tgn"
    path.write_text(SHEET, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False).output
    assert out.count("trump 主 ?") == 2 and "NT" not in out and "无主  " not in out, out
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)], catch_exceptions=False).output)
    assert [h["trump"] for h in doc["files"][0]["hands"]] == [None, None]
    out = CliRunner().invoke(main, ["replay", str(path)], catch_exceptions=False).output
    assert out.count("trump 主 ?") == 2 and "NT" not in out, out
    stated = SHEET.replace('[Level "5"]', '[Level "5"]\n[Trump "NT"]')     # the control: NT stated is NT
    (h1, h2) = _replay(stated).hands
    assert h1.trump_known and h1.trump is None and not _unknown(h1, "Trump") and not h2.trump_known


def test_replay_of_a_played_hand_without_trump_shows_it_unknown(tmp_path):
    """A played hand without [Trump]: check showed "?", replay showed "NT 无主".  (Nor [Declarations]: they would
    fix the trump, derived — docs/rules.md §14.1.)"""
    path = tmp_path / "notrump.tgn"
    path.write_text(re.sub(r'(?m)^\[Declarations "[^"]*"\]\n', "", _record(1).replace('[Trump "D"]\n', "")),
                    encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", str(path)], catch_exceptions=False).output
    assert "trump 主 ?" in out and "trump 主 NT" not in out, out


def test_a_first_hand_at_2_without_levels_keeps_the_start():
    """The control: a record that starts at hand 1, played at 2, without [Levels]: both sides at 2,
    where every match starts (a rule of the game, not a guess), and the next [Level] checked."""
    m = _replay(SHEET.replace('[Level "5"]', '[Level "2"]').replace('[Level "6"]', '[Level "4"]'))
    assert m.hands[0].levels_before == (2, 2)
    assert "level_mismatch" in _codes(m.hands[1])          # E–W carry 3 from hand 1


def test_a_level_not_stated_is_said_to_be_derived():
    """A full hand without [Level]: the level played comes from the levels carried and the dealer,
    and the verdict says so (before: only in a position)."""
    text = _record(1, 2).replace('[Level "3"]\n', "", 1)
    h2 = _replay(text).hands[1]
    assert h2.level == 3
    (d,) = [d for d in h2.derived if d.fact == "level"]
    assert d.value == "3" and "carried" in d.message_en and "[Level] 未写明" in d.message_zh
    first = _replay(_record(1).replace('[Level "2"]\n', "", 1)).hands[0]
    (d,) = [d for d in first.derived if d.fact == "level"]
    assert "every match starts at 2" in d.message_en


def test_a_hand_without_a_result_leaves_no_levels_after():
    """A hand cut short (its last three tricks not written) has no outcome: its levels after are
    unknown (before: the levels it was played at), and the match, stopping inside it, ends at levels not known:
    the hand void (the levels it was played at) or played out, to results the tournament's penalties leave not
    known (§8.5; before s18q: the levels it was played at)."""
    last = HANDS[5].rstrip("\n").split("\n")
    cut = "\n".join(line for line in last if not re.match(r"1[0-9]\. ", line)) + "\n"
    text = _record(1, 2, 3, 4) + cut
    m = _replay(text)
    h5 = m.hands[-1]
    assert h5.outcome is None and not h5.complete
    assert h5.levels_after == (None, None)
    assert h5.levels_before == (4, 3) and h5.finishes is None
    assert m.levels_final == (None, None) and m.levels_final_span == (None, None)     # (before s18q: 4 : 3)
    # (whether it was stopped there or played out the record does not say; the tournament's results of the tricks
    # not written are not known: not decided, docs/rules.md §8.5)
    assert decide_match(m) == (None, STOPPED_NOT_KNOWN)
    # in the middle of a record: the next hand is not checked against levels nobody knows
    m2 = _replay(_record(1) + HANDS[2].split("\n10. ")[0] + "\n\n" + HANDS[3])
    assert m2.hands[1].levels_after == (None, None) and _codes(m2.hands[2]) == []


def test_a_score_sheet_hand_without_its_total():
    """A score sheet's hand without [Claim]: its total is unknown (before: 0, a full win for the
    dealer's side, levels moved on and a match decided on it)."""
    sheet = """[Event "sheet"]
[Ruleset "tournament"]

[Hand "1"]
[Dealer "N"]
[Level "2"]
[ResultOnly "yes"]
[Claim "50"]

[Hand "2"]
[Dealer "S"]
[Level "3"]
[ResultOnly "yes"]
"""
    (match,), diags = parse_tgn(sheet)
    assert [d.code for d in diags] == ["missing_tag"]      # the reader says the tag is missing …
    m = replay_match(match)                               # … and the verdict withholds what rests on it
    h2 = m.hands[1]
    (u,) = _unknown(h2, "Claim")
    assert set(u.withheld) == {"points", "outcome", "levels"}
    assert h2.attackers_total is None and h2.outcome is None and h2.levels_after == (None, None)
    assert decide_match(m) == (None, "levels not known")
    full = _replay(sheet + '[Claim "0"]\n')          # the control: with its total the hand decides
    assert full.hands[1].outcome is not None


_NO_DEALER = """[Event "sheet"]
[Ruleset "tournament"]

[Hand "1"]
[Dealer "N"]
[Level "2"]
[ResultOnly "yes"]
[Claim "80"]

[Hand "2"]
[BidFor "yes"]
[Trump "S"]
[Level "2"]
1. N: SA, E: S3, S: SK, W: S5
"""
"""A sheet's first hand (result only) and a second hand bid for, stopped after a trick, its dealer not named."""


def test_equal_levels_and_no_dealer_known_decide_nothing():
    """The match decided by the deal needs the side holding it: levels equal when the record stops
    inside a hand bid for whose dealer it does not name (no declarations either) names nobody
    (before: no such match reached this, the levels being withheld; now kept, it must not guess)."""
    text = _NO_DEALER
    (match,), _ = parse_tgn(text)          # (no deal lines: ``missing_deal``, beside the point here)
    m = replay_match(match)
    first, last = m.hands
    assert first.outcome is not None and first.levels_after == (2, 2)
    assert last.dealer is None and last.outcome is None
    # the hand void leaves 2 : 2, played out the results are not known: the final levels are not (§8.5, s18q)
    assert last.levels_before == (2, 2) and m.levels_final == (None, None)
    assert decide_match(m) == (None, "deal not known")


def test_the_dataset_says_the_same_of_equal_levels_and_no_dealer_known(tmp_path):
    """``stats.match_results`` (standings from a dataset) decides that match as ``decide_match``
    does: no winner, ``deal not known`` (before: winner null beside "holding the deal", as if the
    side holding it were known and were nobody).  Its stand-alone SQL-free reference the same."""
    from tractor_analysis.dataset import load, stats
    from tractor_analysis.dataset.stats_reference import match_results as reference_results
    text = _NO_DEALER
    (tmp_path / "rec").mkdir()
    (tmp_path / "rec" / "sheet.tgn").write_text(text, encoding="utf-8")
    out = CliRunner().invoke(main, ["ingest", str(tmp_path / "rec"), "-o", str(tmp_path / "ds")])
    assert out.exit_code == 2 and "2 hands" in out.output, out.output   # 2: errors (missing_deal)
    for results in (stats.match_results(load(str(tmp_path / "ds"))),
                    reference_results(load(str(tmp_path / "ds")))):
        (row,) = results.to_dict("records")
        assert (row["level_ns"], row["level_ew"]) == (None, None)          # (not known: §8.5, s18q)
        assert row["winner"] is None and row["decided_by"] == "deal not known"


def test_check_json_and_text_say_it(tmp_path):
    """``check --json``: the hand across the gap has no violation, an ``unknown`` item with tag
    ``Levels`` and null levels before; the text names the missing hand in both languages."""
    path = tmp_path / "r.tgn"
    path.write_text(_record(1, 3), encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(path), "--json"])
    doc = json.loads(out.output)
    h3 = doc["files"][0]["hands"][1]
    assert h3["violations"] == [] and h3["levels_before"] == {"NS": "2", "EW": None}
    assert [u["tag"] for u in h3["unknown"]] == ["Levels"]
    text = CliRunner().invoke(main, ["check", str(path)]).output
    assert "hand 2 is not in the record" in text and "记录中没有第2局" in text


def test_a_hand_that_may_have_been_played_out_leaves_the_final_levels_unknown():
    """A record of one hand, its plays all there (every seat a whole hand), whose dealer and level
    it does not give ([Levels] 5 and 3: the level depends on who deals): the plays are not judged
    and its result is unknown.  Whether it was played out is not the question — it was, and its
    result may have moved the levels — so the levels when the record ends are unknown (before:
    the levels it began at, 5 and 3, as if the record had stopped inside it)."""
    hand1 = re.sub(r'(?m)^\[(Dealer|Level|Declarations) .*\n', "", HANDS[1])
    (match,), diags = parse_tgn(HEADER.replace('[Ruleset', '[Levels "NS:5 EW:3"]\n[Ruleset', 1) + hand1)
    assert [d.code for d in diags] == ["missing_tag"]          # [Dealer]
    m = replay_match(match)
    (h,) = m.hands
    assert h.outcome is None and not h.legality_known
    assert sum(len(p.cards) for t in parse_tgn(HEADER + hand1)[0][0].hands[0].tricks for p in t.plays) == 100
    assert m.levels_final == (None, None)
    assert decide_match(m) == (None, "forfeit not known")


def test_a_record_that_stops_inside_its_last_hand_leaves_the_final_levels_to_its_readings():
    """The control: hand 2 cut after its fifth trick (no seat played a whole hand): the record stops
    inside it — void, the levels hand 2 began at, or played out: the final levels are known only where every
    reading gives the same, else bounded by them (§8.5; before s18q: the levels hand 2 began at)."""
    cut = re.split(r"(?m)^(?=6\. )", HANDS[2])[0]
    m = _replay(_record(1) + cut)
    assert m.hands[1].outcome is None and not m.hands[1].complete
    assert m.hands[1].levels_before == (2, 3) and m.hands[1].finishes is None     # (tournament: not computed)
    assert m.levels_final == (None, None) and m.levels_final_span == (None, None)
    m = _replay((_record(1) + cut).replace('[Ruleset "tournament"]', '[Ruleset "standard"]'))
    assert m.hands[1].levels_before == (2, 3) and m.hands[1].finishes
    assert m.levels_final == (None, None) and m.levels_final_span == ((2, 4), (3, 5))

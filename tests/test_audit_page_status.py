"""A hand page's status line: bilingual, and a score sheet's hand is said to be one (before: "Status"
in English only, and a score sheet's hand, which check scores, was called "incomplete hand (the
hands are not emptied) / 未打完")."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

SHEET = ('[Event "Club night"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n[Levels "NS:2 EW:2"]\n\n'
         '[Hand "1"]\n[Dealer "N"]\n[Level "2"]\n[Trump "H"]\n[ResultOnly "yes"]\n[Claim "40"]\n')


def test_a_score_sheets_hand_page_says_it_is_a_score_sheet(tmp_path):
    path = tmp_path / "sheet.tgn"
    path.write_text(SHEET, encoding="utf-8")
    out = tmp_path / "r"
    assert CliRunner().invoke(main, ["report", str(path), "-o", str(out)]).exit_code == 0
    page = next(out.glob("m-*-h1.html")).read_text("utf-8")
    assert "<dt>Status / 状态</dt><dd>a score sheet's hand: its total alone is recorded" in page
    assert "记分表的一局" in page and "incomplete hand" not in page


def test_a_hand_cut_short_is_said_incomplete_in_both_languages(tmp_path):
    path = tmp_path / "cut.tgn"
    path.write_text(SHEET.replace('[ResultOnly "yes"]\n[Claim "40"]\n', "") + "1. N: SA, E: S3, S: S4, W: S5\n",
                    encoding="utf-8")
    out = tmp_path / "r"
    # (exit 2: the record has no deal lines, said on stderr; the pages are written)
    assert CliRunner().invoke(main, ["report", str(path), "-o", str(out)]).exit_code == 2
    page = next(out.glob("m-*-h1.html")).read_text("utf-8")
    assert "<dt>Status / 状态</dt><dd>incomplete hand (the hands are not emptied) / 未打完" in page


def _match_page(tmp_path, text: str) -> str:
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "m.tgn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "r"
    assert CliRunner().invoke(main, ["report", str(path), "-o", str(out)]).exit_code in (0, 1)
    return next(p for p in out.glob("m-*.html") if "-h" not in p.name).read_text("utf-8")


def test_the_match_page_says_where_start_levels_not_stated_come_from(tmp_path):
    """Before: "start N–S 2 · E–W 2" whatever the record said, even when it begins at hand 5 (where
    check --json says E–W's level is not known)."""
    no_levels = SHEET.replace('[Levels "NS:2 EW:2"]\n', "")
    page = _match_page(tmp_path, no_levels)
    assert "start N–S 2 · E–W 2" in page and "derived: every match starts at 2 ([Levels] not stated)" in page
    later = no_levels.replace('[Hand "1"]', '[Hand "5"]').replace('[Level "2"]', '[Level "6"]')
    page = _match_page(tmp_path / "later", later)
    assert "start N–S 6 · E–W ?" in page and "the record begins at hand 5" in page and "记录从第 5 局开始" in page
    assert "every match starts at 2" not in page
    assert 'id="levels-start-note"' not in _match_page(tmp_path / "stated", SHEET)


def test_the_printed_ruling_says_a_hand_not_complete_alike_in_both_languages(tmp_path):
    """Before: "残局未打完，未计分" (a position not finished) beside "the record ends before the hand
    does" — two different statements.  Then "本局未完 / the hand is not complete"; now the words
    check gives this record (a position of one trick), from the one function both use."""
    out = tmp_path / "ruling.html"
    record = Path(__file__).resolve().parent.parent / "sample_logs" / "disputed-trick.tgn"
    r = CliRunner().invoke(main, ["ruling", str(record), "-o", str(out)])
    assert r.exit_code == 0, r.output
    page = out.read_text("utf-8")
    # a position of one trick (check: "incomplete position"): the ruling says what check says,
    # in both languages (engine.explain_hand.not_scored), and nothing else
    assert "the position is not played out: not scored" in page and "残局未打完，未计分" in page
    assert "the record ends before the hand does" not in page and "本局未完" not in page


def test_json_shape_messages_say_the_same_in_both_languages(tmp_path):
    """Before: "not null null"; the Chinese half of a play's or a declaration's message kept the
    English words ("the play of S 应为…"); "setup" null had only "的类型不符合 docs/format.md 的规定"."""
    import json

    base = json.loads((Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.json")
                      .read_text("utf-8"))
    cases = {"number": lambda h: h.__setitem__("number", None),
             "setup": lambda h: h.__setitem__("setup", None),
             "play": lambda h: h["tricks"][0][0].__setitem__("cards", None)}
    said = {}
    for name, edit in cases.items():
        doc = json.loads(json.dumps(base))
        edit(doc["hands"][0])
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        said[name] = CliRunner().invoke(main, ["check", str(path)]).output
    assert "not null null" not in said["number"] and "而不是null null" not in said["number"]
    assert '"setup" 应为 true 或 false，而不是null' in said["setup"]
    assert "the play of" not in said["play"].split(" / ", 1)[1] and "的出牌 应为牌的列表" in said["play"]


def test_a_bury_the_dealer_cannot_have_made_is_not_used_when_its_deal_line_is_missing():
    """The dealer's deal line left out and a Buried: line naming a card whose every copy the other
    seats' lines hold.  Before: that bury was used for the bottom's points, and the ruling
    "corrected" the recorded score on it; now it is bad_bury, not used, and what rests on it withheld."""
    import dataclasses
    from collections import Counter

    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records.tgn_reader import parse_tgn

    text = (Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn").read_text("utf-8")
    (match,), _ = parse_tgn(text)
    i = next(j for j, h in enumerate(match.hands) if h.number == 4)     # the attackers take the last trick
    hand = match.hands[i]
    others = Counter(k for s, cards in enumerate(hand.deal) if s != hand.dealer for k in cards)
    full = next(k for k, n in others.items() if n == 2)
    deal = tuple(() if s == hand.dealer else cards for s, cards in enumerate(hand.deal))
    bad = dataclasses.replace(hand, deal=deal, buried=(full,) + tuple(hand.buried[1:]))
    kept = dataclasses.replace(hand, deal=deal)
    # (alone, hand 4 begins the record: [Levels] says where hand 1 began, not hand 4, so it is left out)
    r_bad = replay_match(dataclasses.replace(match, hands=(bad,), levels=None)).hands[0]
    r_kept = replay_match(dataclasses.replace(match, hands=(kept,), levels=None)).hands[0]
    assert "bad_bury" in [v.code for v in r_bad.violations] and "bad_bury" not in [v.code for v in r_kept.violations]
    assert any("the other seats' deal lines hold every copy" in v.message_en for v in r_bad.violations)
    assert r_kept.attackers_total is not None and r_kept.claim_matches is True
    # not used, nor "corrected" on: every seat played a whole hand, so the bury is the cards nobody played
    # (derived, as with no deal line at all: rules.md §1.5) and the score stands on that, not on the bad line
    assert r_bad.attackers_total == r_kept.attackers_total and r_bad.claim_matches is True
    (d,) = [d for d in r_bad.derived if d.fact == "buried"]
    from tractor_analysis.records.cards import TOKEN
    assert TOKEN[full] not in d.value.split()       # the card the other seats hold both copies of: never buried

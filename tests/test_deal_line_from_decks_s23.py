"""One deal line left out of a full hand, the decks give it; a hand number the record does not give, said.

1. ``tests/data/deal_from_decks/nodeal_q.tgn`` (a player tester's record, session 23): three seats' deal lines and
   the ``Bottom:`` line, each whole, no ``E:`` line, and E's play in trick 14 written ``?``.  Every card of the decks is
   dealt (docs/rules.md §1.1): the decks less those lines and the bottom are exactly 25 cards, E's deal.  Before,
   ``check`` said E's ``deal`` was unknown (legality withheld, the ``?`` not filled in, exit 3) and ``analyse``
   refused ("E's play is not known").  Now E's line is derived (``derived`` ``deal``, "the decks less the other three
   deal lines and the Bottom: line"), the ``?`` is ♠K, the hand is judged in full and analysed, and a fault of E
   resting on that line says so.  Not derived where the record does not prove it: two lines left out, a play of E's
   beyond the cards the decks leave it, another line short of a hand (guards: they pass before and after).
2. ``[Hand "?"]``: the hand was numbered 1 by its place in the record, with nothing saying so.  Now a ``derived``
   fact ``number`` says it (check, check --json, the dataset's ``derived``); ``hand_no`` stays filled (keys use it).

Each test but the guards fails on the code before.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn

DATA = Path(__file__).resolve().parent / "data" / "deal_from_decks"
TEXT = (DATA / "nodeal_q.tgn").read_text(encoding="utf-8")
SOURCE = "the decks less the other three deal lines and the Bottom: line"
E_DEAL = ("E: S6 S10 SJ SQ SK SA H4 H5 H7 HJ D2 D2 D3 D6 D7 D8 D9 D10 D10 C2 C2 C3 C9 C10 CK")
"""What the decks leave once N's, S's and W's lines and the bottom are taken out (kind order)."""
N_LINE = "N: BJ LJ S2 S2 SA S9 S7 S3 HA HK HQ HJ H8 H3 DA DK DJ D9 D5 CA CK CQ CJ C6 C4\n"
N, E, S, W = range(4)


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def _write(tmp_path: Path, text: str, name: str = "hand.tgn") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _swap(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def _from_decks(h):
    return [d for d in h.derived if d.fact == "deal" and d.source == SOURCE]


# --- 1. the line the decks give ------------------------------------------------------------------------------

def test_the_left_out_line_is_derived_and_the_hand_judged_in_full():
    h = _hand(TEXT)
    (fact,) = _from_decks(h)
    assert fact.value == E_DEAL
    assert "the decks less those lines and the bottom leave just a hand, which is E's deal" in fact.message_en
    assert "整副牌减去这三行和底牌，恰好剩下一手牌，就是东家的发牌" in fact.message_zh
    assert not [u for u in h.unknowns if u.tag in ("deal", "play")]       # before: deal (legality), play (trick 14)
    assert h.legality_known and h.complete and not h.violations
    assert [d.value for d in h.derived if d.fact == "play"] == ["14: E SK"]     # the "?" can only be ♠K
    assert h.tricks[13].winner is not None and h.outcome is not None and h.attackers_total == 95


def test_check_and_check_json_say_it(tmp_path):
    path = _write(tmp_path, TEXT)
    text = _invoke("check", path)
    assert text.exit_code == 0 and "legal 合规 ✓" in text.output       # before: exit 3, not fully judged
    assert "which is E's deal" in text.output and "就是东家的发牌" in text.output
    doc = json.loads(_invoke("check", "--json", path).output)["files"][0]["hands"][0]
    assert [(d["value"], d["from"]) for d in doc["derived"] if d["fact"] == "deal"] == [(E_DEAL, SOURCE)]
    assert doc["legal"] is True and not doc.get("unknown")


def test_analyse_analyses_the_hand(tmp_path):
    path = _write(tmp_path, TEXT)
    r = _invoke("analyse", path, "--last", 3, "--budget", 2, "--json")
    (h,) = json.loads(r.stdout)["hands"]
    assert h["reason"] is None                      # before: "a play left out in trick 14: E's play is not known"
    assert [d["from"] for d in h["derived"] if d["fact"] == "deal"] == [SOURCE]
    assert not [d for d in h["derived"] if d["fact"] == "hands"]    # (E's hand is its line, not its plays)


def test_the_dataset_carries_the_derived_deal(tmp_path):
    root = tmp_path / "ds"
    r = _invoke("ingest", _write(tmp_path, TEXT), "-o", root, "-q")
    assert r.exit_code == 0, r.output
    (derived,) = _hands(root)["derived"]
    assert "deal" in list(derived)


def test_a_fault_on_the_derived_line_says_it_rests_on_it():
    # E's ♥J of trick 5 and ♦7 of trick 15 swapped: E follows the heart lead of trick 5 with ♦7 holding ♥J
    text = _swap(_swap(TEXT, "5. N: H6, E: HJ,", "5. N: H6, E: D7,"), "15. W: SQ, N: BJ, E: D7,", "15. W: SQ, N: BJ, E: HJ,")
    h = _hand(text)
    assert _from_decks(h)
    (v,) = h.violations
    assert (v.code, v.seat, v.trick) == ("follow_suit", E, 5)
    assert v.message_en.endswith("(E's cards are its deal line derived from the decks: see derived)")
    assert v.message_zh.endswith("（东家的持牌来自由整副牌推出的发牌行，见“推出”）")


# --- guards: where the record does not prove the line, nothing is derived (as before) -----------------------

def test_two_lines_left_out_derive_nothing_from_the_decks():
    h = _hand(TEXT.replace(N_LINE, ""))
    assert not _from_decks(h) and not h.legality_known


def test_a_play_beyond_what_the_decks_leave_derives_nothing():
    # E plays ♠3 in trick 2 (the decks leave it no ♠3: N's line and the bottom hold both): the record is wrong somewhere
    h = _hand(_swap(TEXT, "2. N: S3 S3, E: D2 D2,", "2. N: S3 S3, E: D2 S3,"))
    assert not _from_decks(h) and not h.legality_known


def test_another_line_short_of_a_hand_derives_nothing():
    h = _hand(TEXT.replace(N_LINE, N_LINE.replace(" C4\n", "\n")))
    assert not _from_decks(h)


def test_a_bury_its_burier_cannot_have_held_derives_nothing():
    # (a referee's tester, session 23) the Bottom: line with one card wrong (♣5 written ♠K): the Buried: line names ♣5,
    # which N (the dealer) cannot have held with its line and that bottom — the Bottom: line or the Buried: line is
    # miscopied, so the decks' leftover is not E's deal (it would hold the ♣5 and convict E of a revoke)
    h = _hand(_swap(TEXT, "Bottom: H6 H10 SK H10 C5 S3", "Bottom: H6 H10 SK H10 SK S3"))
    assert not _from_decks(h)
    assert not [v for v in h.violations + tuple(v for t in h.tricks for v in t.violations)
                if v.seat == 1 and not v.of_record]


# --- 2. a hand number the record does not give -------------------------------------------------------------

UNNUMBERED = TEXT.replace('[Hand "1"]', '[Hand "?"]')


def test_a_hand_number_not_given_is_derived_from_its_place():
    h = _hand(UNNUMBERED)
    assert h.number == 1
    (fact,) = [d for d in h.derived if d.fact == "number"]
    assert (fact.value, fact.source) == ("1", "its place in the record")
    assert "the record gives no number for this hand" in fact.message_en and "记录未给出本局局号" in fact.message_zh
    assert not [d for d in _hand(TEXT).derived if d.fact == "number"]       # a number given: nothing derived


def test_the_number_fact_shows_in_check_json_and_the_dataset(tmp_path):
    path = _write(tmp_path, UNNUMBERED)
    assert "numbered by its place in the record" in _invoke("check", path).output
    doc = json.loads(_invoke("check", "--json", path).output)["files"][0]["hands"][0]
    assert doc["hand"] == 1 and [(d["value"], d["from"]) for d in doc["derived"] if d["fact"] == "number"] == [
        ("1", "its place in the record")]
    root = tmp_path / "ds"
    assert _invoke("ingest", path, "-o", root, "-q").exit_code == 0
    hands = _hands(root)
    assert list(hands["hand_no"]) == [1] and "number" in list(hands["derived"][0])


def _hands(root: Path) -> pd.DataFrame:
    parts = sorted((root / "hands").glob("part-*.parquet"))
    assert parts
    return pd.concat([pq.read_table(p).to_pandas() for p in parts], ignore_index=True)


def test_a_record_that_stops_early_derives_nothing_from_the_decks():
    # (a referee's tester, session 23) E's line left out, the Bottom: line miscopied (HJ for D8), the record stopping
    # after trick 5: the other seats have cards not played yet, so nothing shows the miscopy — derived, E's line carried
    # it (♦8 ♦8) and E was ruled ✗ follow_pair and ✗ follow_suit; with all four lines the same slip is the record's
    # finding.  A line is derived only where every other seat played a whole hand (its line checked by its plays).
    text = (Path(__file__).resolve().parent / "data" / "referee_s23" / "line_from_decks_stop5.tgn").read_text(
        encoding="utf-8")
    h = _hand(text)
    assert not _from_decks(h)
    assert not [v for t in h.tricks for v in t.violations if v.seat == 1 and not v.of_record]

"""What the outputs (``check --json``, the dataset, stats, standings and the report) say of a value the
record leaves unknown or undecided: ``null`` (``?`` / 未知 on a page), never a default and never a crash
(docs/rules.md §14, docs/format.md "check --json", docs/dataset.md).

Each record below is written as a referee or a club's scorer writes it; each test fails on the code
before its fix.
"""
from __future__ import annotations

import json
import shutil

import pyarrow.parquet as pq
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset import stats

# --- [Levels] naming one side only ------------------------------------------------------------
# A club's score sheet that writes only N–S's starting level ("a side it does not name is unknown,
# never 2": docs/format.md).  W deals the first hand at 2, so E–W's level is known from then on and
# their final level is known; their start is not, so the levels they gained over the match are not.
# The club decides a match stopped by the clock by the levels ([Rule:decide_by_levels]): E–W win it.

ONE_SIDE = ('[Event "Club night"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n[Levels "NS:2"]\n'
            '[Rule:decide_by_levels "on"]\n\n'
            '[Hand "1"]\n[Dealer "W"]\n[Level "2"]\n[Trump "H"]\n[ResultOnly "yes"]\n[Claim "40"]\n')


def _null(value) -> bool:
    return value is None or value != value          # None, or NaN in a float column


def _invoke(*args) -> str:
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.output


def test_a_side_levels_does_not_name_gains_unknown_levels_and_nothing_crashes(tmp_path):
    """stats, standings, report DATASET and report FILE all stopped on ``int(None)`` of the start level
    (``stats.decide_results``) once the final level of the side was known."""
    (tmp_path / "in").mkdir()
    record = tmp_path / "in" / "club.tgn"
    record.write_text(ONE_SIDE, encoding="utf-8")
    ds = tmp_path / "ds"
    _invoke("ingest", tmp_path / "in", "-o", ds)
    (part,) = (ds / "matches").glob("*.parquet")
    row = pq.read_table(part).to_pylist()[0]
    # [Levels] does not name E–W, but hand 1's [Level] does (W deals at 2): the start the engine carries into
    # the record's first hand, derived (before: the dataset stored [Levels] alone, E–W null)
    assert (row["level_ns_start"], row["level_ew_start"], row["level_ns_final"], row["level_ew_final"]) \
        == (2, 2, 2, 3)
    (res,) = stats.match_results(str(ds)).to_dict("records")
    assert res["gained_ns"] == 0 and res["gained_ew"] == 1
    doc = json.loads(_invoke("stats", ds, "--format", "json"))
    assert doc
    _invoke("standings", ds)
    _invoke("report", ds, "-o", tmp_path / "out-ds")
    _invoke("report", record, "-o", tmp_path / "out-file")


def test_a_dataset_match_drawn_from_its_rows_alone_keeps_unknown_levels_and_points(tmp_path):
    """A dataset without record text whose files are gone: the index is built from its rows, and
    ``int()`` of a null start level (or a null points column) stopped the report."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "club.tgn").write_text(ONE_SIDE, encoding="utf-8")
    ds = tmp_path / "ds"
    _invoke("ingest", tmp_path / "in", "-o", ds)
    shutil.rmtree(ds / "records")              # as written before the records table existed
    shutil.rmtree(tmp_path / "in")             # and the record file is gone
    r = CliRunner().invoke(main, ["report", str(ds), "-o", str(tmp_path / "out")])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert (tmp_path / "out" / "index.html").exists()


# --- the bottom of a hand the record ends in, or does not give ---------------------------------

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
SPRING = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1_TRICK_11 = SPRING.index("11. W: C9 C9")
HAND_1_END = SPRING.index('[Claim "60"]')


def _cut_after_ten_tricks() -> str:
    """The referee stopped writing hand 1 after its tenth trick (the claim still written)."""
    return SPRING[:HAND_1_TRICK_11] + SPRING[HAND_1_END:]


def _cut_in_the_last_trick() -> str:
    """Hand 1 written up to N's play of the last trick: E and S are not written."""
    return SPRING.replace("16. W: CQ, N: SJ, E: HJ, S: HQ\n", "16. W: CQ, N: SJ\n")


def _hand_4_without_its_bury() -> str:
    """Hand 4 without its ``Bottom:`` and ``Buried:`` lines, and W's deal line one card short (with the four
    lines whole the bottom would be the cards in none of them, derived, and with W's line left out the bury
    would be the cards nobody played, derived: docs/rules.md §14.1; a line the plays contradict fixes
    neither): N (an attacker) takes the last trick, so the bottom counts, and the record does not say what
    it was."""
    text = SPRING.replace("Bottom: S10 S8 SK C3 S2 D9 C4 SA\nBuried: S6 S3 S2 C10 C9 C8 C4 C3\n", "")
    start = text.index('[Hand "4"]')
    w = text.index("\nW: ", start) + 1
    end = text.index("\n", w)
    line = text[w:end]
    return text[:w] + line[:line.rindex(" ")] + text[end:]


def _check_json(path) -> list[dict]:
    r = CliRunner().invoke(main, ["check", str(path), "--json"])
    assert r.exit_code in (0, 1, 2, 3), r.output          # 3: a hand's legality not fully judged (README)
    return json.loads(r.output)["files"][0]["hands"]


def _ingested(tmp_path, name: str, text: str):
    from tractor_analysis.dataset import load

    folder = tmp_path / name
    folder.mkdir()
    (folder / f"{name}.tgn").write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["ingest", str(folder), "-o", str(tmp_path / f"{name}-ds")])
    assert r.exit_code in (0, 1, 2) and r.exception is None or isinstance(r.exception, SystemExit), r.output
    return folder / f"{name}.tgn", load(str(tmp_path / f"{name}-ds"))


POINTS = ("attackers_points", "bottom_points", "bottom_multiplier", "bottom_bonus", "penalties", "claim_matches")


def _same_in_json_and_dataset(hands_json: list[dict], ds) -> None:
    """check --json and the dataset's hands rows say the same of every hand (null alike)."""
    rows = ds.hands.sort_values("hand_no").to_dict("records")
    assert len(rows) == len(hands_json)
    for h, row in zip(hands_json, rows):
        for column in POINTS:
            stored = None if _null(row[column]) else row[column]
            assert h[column] == stored, (h["hand"], column, h[column], stored)


def test_a_record_that_stops_writing_leaves_the_bottom_not_decided(tmp_path):
    """Before: check --json said "bottom_multiplier": 0, "bottom_bonus": 0 (not captured) beside the text's
    "not decided, the record ends first"; the dataset said bottom_captured false and trick 10 last."""
    path, ds = _ingested(tmp_path, "cut", _cut_after_ten_tricks())
    hands = _check_json(path)
    h1 = hands[0]
    assert h1["complete"] is False and h1["bottom_points"] == 0          # the cards buried: 0 points
    assert (h1["bottom_multiplier"], h1["bottom_bonus"]) == (None, None)
    row = ds.hands[ds.hands.hand_no == 1].iloc[0]
    assert _null(row.bottom_captured) and _null(row.bottom_multiplier) and _null(row.bottom_bonus)
    tricks = ds.tricks[ds.tricks.hand_no == 1].sort_values("trick_no")
    assert list(tricks.trick_no) == list(range(1, 11))
    assert [None if _null(x) else bool(x) for x in tricks["last"]] == [False] * 9 + [None]
    played_out = ds.hands[ds.hands.hand_no == 4].iloc[0]            # a hand played out keeps its values
    assert (bool(played_out.bottom_captured), played_out.bottom_multiplier, played_out.bottom_bonus) == (True, 2, 20)
    assert list(ds.tricks[ds.tricks.hand_no == 4].sort_values("trick_no")["last"]) == [False] * 15 + [True]
    _same_in_json_and_dataset(hands, ds)


def test_a_record_cut_in_the_last_trick_leaves_the_bottom_not_decided(tmp_path):
    path, ds = _ingested(tmp_path, "mid", _cut_in_the_last_trick())
    hands = _check_json(path)
    h1 = hands[0]
    assert h1["unfinished"] == {"trick": 16, "missing": ["E", "S"]}
    # (since the seventeenth stop: the trick is led by one card, E and S each hold the one card they must play,
    # and W, a defender, takes it whatever they are — the bottom is decided, not captured: HandResult.bottom_decided,
    # docs/rules.md §7.4; a last trick whose winner the plays left out decide keeps all three null)
    assert (h1["bottom_multiplier"], h1["bottom_bonus"]) == (0, 0)
    row = ds.hands[ds.hands.hand_no == 1].iloc[0]
    assert bool(row.bottom_captured) is False and row.bottom_multiplier == 0 and row.bottom_bonus == 0
    last = ds.tricks[(ds.tricks.hand_no == 1) & (ds.tricks.trick_no == 16)].iloc[0]
    assert _null(last["last"])                                       # before: True, the hand unfinished
    _same_in_json_and_dataset(hands, ds)


def test_a_bottom_the_attackers_took_but_the_record_does_not_give_is_captured_of_unknown_value(tmp_path):
    """Before: bottom_captured false (and multiplier 0, bonus 0) although N, an attacker, won the last trick."""
    path, ds = _ingested(tmp_path, "nobury", _hand_4_without_its_bury())
    hands = _check_json(path)
    h4 = hands[3]
    assert sorted(u["tag"] for u in h4["unknown"]) == ["Buried", "deal"]
    assert (h4["bottom_points"], h4["bottom_multiplier"], h4["bottom_bonus"], h4["attackers_total"]) == \
        (None, None, None, None)
    row = ds.hands[ds.hands.hand_no == 4].iloc[0]
    assert bool(row.bottom_captured) is True
    assert _null(row.bottom_points) and _null(row.bottom_multiplier) and _null(row.bottom_bonus)
    _same_in_json_and_dataset(hands, ds)


def test_the_hand_page_says_the_bottom_is_not_decided_not_that_it_was_not_captured(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "cut.tgn").write_text(_cut_after_ten_tricks(), encoding="utf-8")
    _invoke("report", tmp_path / "in", "-o", tmp_path / "out")
    (page,) = (tmp_path / "out").glob("*-h1.html")
    text = page.read_text(encoding="utf-8")
    bottom = text[text.index("<dt>Bottom / 底分</dt>"):]
    bottom = bottom[:bottom.index("</dd>")]
    assert "not decided" in bottom and "未定" in bottom and "not captured" not in bottom


# --- score sheets ([ResultOnly]) ----------------------------------------------------------------

SHEET = ('[Event "Club night"]\n[North "Ann"]\n[East "Bo"]\n[South "Cy"]\n[West "Di"]\n[Ruleset "tournament"]\n\n'
         '[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n[ResultOnly "yes"]\n[Claim "50"]\n\n'
         '[Hand "2"]\n[Dealer "S"]\n[Level "3"]\n[ResultOnly "yes"]\n[Claim "130"]\n')


def test_a_score_sheets_hand_gives_null_trick_and_bottom_values_in_check_json_as_in_the_dataset(tmp_path):
    """Before: check --json gave the engine's working 0 for the trick points, the bottom and the penalties,
    and "claim_matches": true (the claim compared with itself); the dataset gave null."""
    path, ds = _ingested(tmp_path, "sheet", SHEET)
    hands = _check_json(path)
    for h in hands:
        assert h["result_only"] is True and h["attackers_total"] == h["claim"]
        assert all(h[column] is None for column in POINTS), h
    _same_in_json_and_dataset(hands, ds)


def test_a_score_sheets_hand_page_says_the_sheet_gives_the_total_only(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "sheet.tgn").write_text(SHEET, encoding="utf-8")
    _invoke("report", tmp_path / "in", "-o", tmp_path / "out")
    (page,) = (tmp_path / "out").glob("*-h1.html")
    text = page.read_text(encoding="utf-8")
    facts = text[text.index("<dt>Card points / 牌面分</dt>"):text.index("<dt>Deal line / 上台线</dt>")]
    assert facts.count("the score sheet records the total only") == 3 and "记分表只记总分" in facts
    assert "not captured" not in facts
    claim = text[text.index("<dt>Claim / 记录分</dt>"):]
    assert "matches / 一致" not in claim[:claim.index("</dd>")]


# --- a hand number written twice ----------------------------------------------------------------

def test_a_hand_number_written_twice_keeps_the_datasets_keys(tmp_path):
    """The scorer numbered hand 2 as "1" again: the reader reports duplicate_hand and keeps both, the
    engine replays both.  Before, both were stored, so (match_id, hand_no) named two hands and
    (match_id, hand_no, trick_no) two tricks.  Now the later one is not stored (the errors row of
    duplicate_hand says where it is); check --json still shows both."""
    text = SPRING.replace('[Hand "2"]', '[Hand "1"]', 1)
    path, ds = _ingested(tmp_path, "dup", text)
    assert [h["hand"] for h in _check_json(path)] == [1, 1, 3, 4, 5]
    assert not ds.hands.duplicated(["match_id", "hand_no"]).any()
    assert not ds.tricks.duplicated(["match_id", "hand_no", "trick_no"]).any()
    assert not ds.plays.duplicated(["match_id", "hand_no", "trick_no", "seat"]).any()
    assert sorted(ds.hands.hand_no) == [1, 3, 4, 5]
    first = ds.hands[ds.hands.hand_no == 1].iloc[0]
    assert first.dealer == "W" and first.tricks == 16                      # the first hand 1, as written
    assert len(ds.tricks[ds.tricks.hand_no == 1]) == 16
    (error,) = ds.errors[ds.errors.code == "duplicate_hand"].itertuples()
    assert "hand 1 appears twice" in error.message           # at the later [Hand], which is not stored
    assert error.line == text[:text.index('[Hand "1"]', text.index('[Hand "1"]') + 1)].count("\n") + 1
    (match,) = ds.matches.itertuples()
    assert match.hands == len(ds.hands)
    assert ds.files.iloc[0].hands == len(ds.hands)


# --- where a parse problem is: check --json as the dataset -------------------------------------

def test_check_json_errors_name_the_hand_and_trick_as_the_datasets_errors_table_does(tmp_path):
    """A slip of the pen in hand 4, trick 3 (``SQQ``).  Before, check --json's error object had line,
    column, message and code only, while its message and the dataset's errors row named hand 4, trick 3."""
    text = SPRING.replace("3. S: S7, W: SJ, N: SQ, E: SA", "3. S: S7, W: SJ, N: SQQ, E: SA")
    path, ds = _ingested(tmp_path, "slip", text)
    r = CliRunner().invoke(main, ["check", str(path), "--json"])
    (error,) = json.loads(r.output)["files"][0]["errors"]
    assert error["code"] == "unknown_card" and (error["hand"], error["trick"]) == (4, 3)
    assert list(error)[:4] == ["line", "column", "message", "code"]           # added, none renamed
    (row,) = ds.errors.itertuples()
    assert (row.hand_no, row.trick_no, row.line, row.column) == (4, 3, error["line"], error["column"])
    whole = json.loads(CliRunner().invoke(main, ["check", str(ROOT / "tests" / "data" / "bad"), "--json"]).output)
    assert all("hand" in e and "trick" in e for f in whole["files"] for e in f["errors"])
    assert any(e["hand"] is None for f in whole["files"] for e in f["errors"])     # a file-level problem


def test_the_page_of_a_hand_played_out_whose_outcome_is_withheld_does_not_call_it_incomplete(tmp_path):
    """Hand 4 without its bottom: played out, the outcome withheld (the bottom counts and is not given).
    Before, its page said "no outcome: the hand is incomplete"."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "nobury.tgn").write_text(_hand_4_without_its_bury(), encoding="utf-8")
    _invoke("report", tmp_path / "in", "-o", tmp_path / "out")
    (page,) = (tmp_path / "out").glob("*-h4.html")
    text = page.read_text(encoding="utf-8")
    outcome = text[text.index('id="outcome"'):]
    outcome = outcome[:outcome.index("</section>")]
    assert "the hand is incomplete" not in outcome and "withheld" in outcome and "不予判定" in outcome

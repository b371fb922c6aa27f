"""A ``Buried:`` line naming a card whose every copy the other seats' deal lines hold is the record's finding, naming
no seat and the lines that hold the copies — whether or not the dealer's own deal line is given (docs/rules.md §1.5,
§13.1; a referee's tester, session 22).

``B_1.tgn``: every deal line given, ``Buried: SJ S8 S6 S4 …`` with both ♠4 in N's line.  Before: "S buried ♠4, which
was neither in …", seat S (``"seat": "S"`` in ``check --json``, "S 张伟" on the ✎ line), never saying N's line holds
both copies; ``B_3.tgn`` (S's deal line left out) had the record's finding, no seat, without naming N's line.
A buried card simply missing from the dealer's line and the bottom, its copies unaccounted for, stays as it was.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

DATA = Path(__file__).resolve().parent / "data" / "referee_s22"
B_1 = (DATA / "B_1.tgn").read_text("utf-8")
B_3 = (DATA / "B_3.tgn").read_text("utf-8")
S = 2


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _without(text: str, prefix: str) -> str:
    out = "\n".join(line for line in text.split("\n") if not line.startswith(prefix))
    assert out != text
    return out


def _buries(h):
    return [v for v in h.violations if v.code == "bad_bury"]


def test_every_copy_in_another_seats_line_is_the_records_finding_with_the_dealers_line_given():
    h = _hand(B_1)
    (bury,) = _buries(h)            # before: seat S, "S buried S4, which was neither in …"
    assert bury.of_record and bury.seat is None
    assert "the other seats' deal lines hold every copy of it (2): N's line holds 2 of ♠4" in bury.message_en
    # N played both ♠4 (tricks 4, 15): its plays bear its line out, so the Buried: line is the one miscopied
    # (test_bury_played_copies_s22.py; before session 22's rec3: "the Buried: line or N's deal line … not known which")
    assert "N played both copies (tricks 4, 15)" in bury.message_en
    assert "the Buried: line is miscopied" in bury.message_en and "not known which" not in bury.message_en
    assert "北家的发牌行有 2 张♠4" in bury.message_zh and "Buried: 一行记错" in bury.message_zh
    assert "S buried" not in bury.message_en and "南家扣" not in bury.message_zh
    assert not h.play_violations
    (d,) = [d for d in h.derived if d.fact == "buried"]    # the bury S's plays show: unchanged
    assert d.value.split() == "S3 S6 S8 SJ D2 D3 D4 D6".split()


def test_the_same_finding_whether_or_not_the_dealers_line_is_given():
    given, left_out = _buries(_hand(B_1)), _buries(_hand(B_3))
    assert [(v.seat, v.about, v.message_en, v.message_zh) for v in given] == \
        [(v.seat, v.about, v.message_en, v.message_zh) for v in left_out]
    # (before: B_3's words said "the other seats' deal lines" but not whose)
    assert "N's line holds 2 of ♠4" in left_out[0].message_en


def test_a_record_stopping_short_is_the_records_finding_too():
    cut = "\n".join(line for line in B_1.split("\n")
                    if not (line[:3].rstrip(". ").isdigit() and int(line.split(".")[0]) > 15)
                    and not line.startswith("[Claim"))
    h = _hand(cut)
    (bury,) = _buries(h)            # before: S's violation (a ruling page), the bury not being derived
    assert bury.of_record and bury.seat is None and "N's line holds 2 of ♠4" in bury.message_en
    assert any(u.tag == "Buried" for u in h.unknowns)      # the bury still not known


def test_copies_unaccounted_for_stay_the_lines_error_as_before():
    # guard (passes before too): ♠10 is in N's line once and W's (left out) once — nothing shows where it is
    text = _without(B_1.replace("Buried: SJ S8 S6 S4 ", "Buried: SJ S8 S6 S10 "), "W: ")
    (bury,) = _buries(_hand(text))
    assert bury.of_record and bury.seat == S
    assert "the record's error in that line" in bury.message_en and "♠10" in bury.message_en


def test_both_kinds_in_one_line_give_both_findings():
    # ♠4 (both in N's line) the record's, naming no seat; ♠10 (unaccounted for) the line's error as S's bury
    text = _without(B_1.replace("Buried: SJ S8 S6 S4 ", "Buried: SJ S8 S10 S4 "), "W: ")
    held, line = _buries(_hand(text))
    assert held.seat is None and "N's line holds 2 of ♠4" in held.message_en and "♠10" not in held.message_en
    assert line.seat == S and "names ♠10, neither in S's hand" in line.message_en and "♠4" not in line.message_en


def test_check_names_no_seat_and_ruling_writes_no_page(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    (tmp_path / "b1.tgn").write_text(B_1, encoding="utf-8")
    for rules in ([], ["--rules", "tournament"]):
        doc = json.loads(runner.invoke(main, ["check", "b1.tgn", "--json", *rules]).output)
        hand = doc["files"][0]["hands"][0]
        (v,) = [v for v in hand["violations"] if v["code"] == "bad_bury"]
        assert v["seat"] is None and v["about"] == "record", rules      # before: "S"
        assert hand["penalties"] == 30       # (trick 3's failed throw, as before: none for the bury)
    shown = runner.invoke(main, ["check", "b1.tgn"]).output
    line = next(x for x in shown.splitlines() if "bad_bury" in x)
    assert "张伟" not in line and " S " not in line                     # before: "S 张伟" on the ✎ line
    out = runner.invoke(main, ["ruling", "b1.tgn", "-o", "r.html"])
    assert "no ruling written" in out.output and not (tmp_path / "r.html").exists()

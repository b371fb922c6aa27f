"""Two ``bad_bury`` findings no dealer can have made are the record's, not the dealer's (docs/rules.md §13.1).

* A full hand without deal lines whose ``Buried:`` line names a card of which it and the cards played hold more
  copies than the decks have, the record stopping before every card was played: it was a signed ``bad_bury``
  against the dealer ("S buried D5 …", ✗, a ruling page).  No dealer can bury a copy the decks lack — a card of the
  line or of a play is miscopied — so it is now the record's finding: no seat, worded as the record's, no ruling page.
* The dealer's deal line not given, and the ``Buried:`` line naming a card whose every copy the other seats' deal
  lines hold: the same ("E buried BJ …" against E before), whether the record stops short or is played out.

Penalties: none before either (the dealer's hand is read from its plays, so no 多少牌 rests on the bury) — checked
under ``tournament`` too.  Each test but the guard (marked) fails on the code before these changes.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

from test_bury_without_deal_lines import TRICKS, _record

SAMPLE = Path(__file__).resolve().parent.parent / "sample_logs" / "spring-cup-r2t5.tgn"

# no deal lines, dealer S; the record stops after trick 15; trick 6 plays both ♦5, and the line buries a third
NO_DEAL_CUT = _record("H8 H6 H4 H3 DQ D8 D6 D5", TRICKS[:-1], claim="140")


def _dealer_line_left_out(tricks: int | None) -> str:
    """spring-cup-r2t5's hand 4 alone (dealer E), E's deal line left out, its bury naming BJ — both copies in N's
    line — for S6; ``tricks``: that many tricks kept (the record stops short), ``None``: all and the claim."""
    lines = SAMPLE.read_text("utf-8").splitlines()
    start = lines.index('[Hand "4"]')
    end = lines.index('[Hand "5"]')
    head = [line for line in lines[:lines.index('[Hand "1"]')]    # the match's tags; hand 4 alone: not hand 1's levels
            if not line.startswith("[Levels")]
    hand = [line for line in lines[start:end] if not line.startswith("E: ")]
    hand = [line.replace("Buried: S6 ", "Buried: BJ ") for line in hand]
    assert any(line.startswith("Buried: BJ ") for line in hand) and any(line.startswith("N: BJ BJ ") for line in hand)
    if tricks is not None:
        hand = [line for line in hand if not (line[:1].isdigit() and int(line.split(".")[0]) > tricks)
                and not line.startswith(("[Claim", "{"))]
    return "\n".join(head + hand) + "\n"


HELD_CUT = _dealer_line_left_out(15)
HELD_OUT = _dealer_line_left_out(None)


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _bury(h):
    (bury,) = [v for v in h.violations if v.code == "bad_bury"]
    assert bury.of_record and bury.seat is None and bury in h.record_findings
    assert not h.play_violations
    return bury


def test_a_bury_beyond_the_decks_with_the_cards_played_is_the_records_finding_when_not_every_card_was_played():
    h = _hand(NO_DEAL_CUT)
    bury = _bury(h)         # before: bad_bury against S, not of the record
    assert ("the Buried: line and the cards played hold together more copies of ♦5 than 2 decks have"
            in bury.message_en and "a card of the line or of a play is miscopied" in bury.message_en)
    assert "S buried" not in bury.message_en and "南家扣" not in bury.message_zh
    assert "与各家打出的牌合起来" in bury.message_zh and "不知是哪一处" in bury.message_zh
    assert not h.complete and h.bottom_points is None        # the bury is still not known


def test_a_bury_the_other_seats_lines_hold_is_the_records_finding():
    for text in (HELD_CUT, HELD_OUT):
        h = _hand(text)
        bury = _bury(h)     # before: bad_bury against E
        assert "the other seats' deal lines hold every copy" in bury.message_en
        # (the lines that hold the copies named: N's — worded "another seat's" before s22-rec)
        # (N played both BJ in the tricks recorded: its plays bear its line out, so the Buried: line is the one
        # miscopied — "the Buried: line or N's deal line … (not known which)" before s22-rec3, updated deliberately)
        assert "N played both copies" in bury.message_en and "the Buried: line is miscopied" in bury.message_en
        assert "N's line holds 2 of 大王" in bury.message_en and "北家的发牌行有 2 张" in bury.message_zh
        assert "E buried" not in bury.message_en and "东家扣" not in bury.message_zh
        assert "其他各家的发牌行已有其全部 2 张" in bury.message_zh and "Buried: 一行记错" in bury.message_zh


def test_played_out_the_bury_is_still_derived_and_the_score_stands():
    # guard (passes before too): the finding's new owner changes nothing the bury rests on
    h = _hand(HELD_OUT)
    (d,) = [d for d in h.derived if d.fact == "buried"]
    assert "BJ" not in d.value.split() and "S6" in d.value.split()
    assert h.attackers_total == 100 and h.claim_matches is True


def test_check_json_names_no_seat_and_ruling_writes_no_page(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for name, text in (("nodeal.tgn", NO_DEAL_CUT), ("held.tgn", HELD_CUT), ("held_out.tgn", HELD_OUT)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        for rules in ([], ["--rules", "tournament"]):
            doc = json.loads(runner.invoke(main, ["check", name, "--json", *rules]).output)
            hand = doc["files"][0]["hands"][0]
            (v,) = [v for v in hand["violations"] if v["code"] == "bad_bury"]
            assert v["seat"] is None and v.get("about") == "record", (name, rules)
            assert v["line"] == next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("Buried:"))
            assert not hand["penalties"], (name, rules)
        checked = runner.invoke(main, ["check", name])
        assert "✗" not in checked.output and "0 violations" in checked.output, name
        assert "1 record finding" in checked.output, name
        out = runner.invoke(main, ["ruling", name, "-o", "r.html"])
        assert "no ruling written" in out.output and not (tmp_path / "r.html").exists(), name

"""Words a referee's tester found reading as contradicting, or not saying why (session 22).

* ``D3.tgn`` / ``G1.tgn``: ``[Dealer "N"]`` where the hand's cards make S the dealer.  The broken chain's item said
  "withheld: the check of [Dealer]" right beside the ✎ ``dealer_mismatch`` on that same tag: it now says what is
  withheld — the check of the dealer the cards give (S) against the hands before —, the key ``dealer_check`` kept.
* ``tractor ruling B_4.tgn`` (no deal lines): "its unknowns do not say why: see tractor check" where the cause is
  the parse error printed just above; that error is now named.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

DATA = Path(__file__).resolve().parent / "data" / "referee_s22"


def _hand(doc: dict, number: int) -> dict:
    return next(h for h in doc["files"][0]["hands"] if h["hand"] == number)


def test_the_dealer_check_withheld_beside_the_tags_finding_is_of_the_dealer_the_cards_give():
    runner = CliRunner()
    for name, number in (("D3.tgn", 8), ("G1.tgn", 8)):
        doc = json.loads(runner.invoke(main, ["check", str(DATA / name), "--json"]).output)
        hand = _hand(doc, number)
        assert [v["code"] for v in hand["violations"]] == ["dealer_mismatch"], name
        (u,) = [u for u in hand["unknown"] if "dealer_check" in u["withheld"]]     # (the key kept)
        # before: "withheld: the check of [Dealer]" / "因此不判定：[Dealer] 的核对"
        assert not u["message_en"].endswith("withheld: the check of [Dealer]"), name
        assert "the check of the dealer the hand's cards give (S) against the hands before" in u["message_en"], name
        assert "由本局的牌推出的庄家（南家）与此前各局的核对" in u["message_zh"], name


def test_the_dealer_check_of_a_tag_that_stands_is_worded_as_before():
    # guard (passes before too): B_1's [Dealer "S"] stands — its check against the hands before is the tag's
    doc = json.loads(CliRunner().invoke(main, ["check", str(DATA / "B_1.tgn"), "--json"]).output)
    (u,) = [u for u in _hand(doc, 8)["unknown"] if "dealer_check" in u["withheld"]]
    assert u["message_en"].endswith("withheld: the check of [Dealer]")
    assert u["message_zh"].endswith("因此不判定：[Dealer] 的核对")


def test_ruling_names_the_parse_error_that_leaves_a_hand_not_judged(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(main, ["ruling", str(DATA / "B_4.tgn"), "-o", "r.html"])
    assert out.exit_code == 2 and not (tmp_path / "r.html").exists()
    lines = out.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("but the play of hand 8 was not fully judged"))
    why = lines[at + 1]
    assert "its unknowns do not say why" not in why         # before: "… see tractor check"
    assert "the record error above" in why and "上方的记录错误" in why
    assert "B_4.tgn:13:1: hand 8 is not a position and has no deal lines" in why

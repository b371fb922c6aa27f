"""A missing ``[Trump]`` derived from ``[Declarations]`` where they fix it (docs/rules.md §9.1, §14.1).

A referee's tester found a hand without ``[Trump]`` whose declarations were ``W: C2 | E: LJ LJ``: E's pair of small
jokers stands, so the trump is no trump — yet every verdict was withheld ("the trump is not stated"), while a missing
``[Dealer]`` is derived from the same declarations.  Now, where every declaration stands (each one declares at the
hand's level and overcalls the one before, with cards its declarer's deal line holds) and the hand's play began, the
trump is the last declaration's, said as derived (``derived`` fact ``trump``, ``"from": "[Declarations]"``), and the
hand is judged on it exactly as with that ``[Trump]`` written.  Where a declaration does not stand (cards its
declarer was not dealt), the record is wrong somewhere: not derived, unknown as before, the words saying why; with no
declarations stated, unknown as before.  ``.tgn`` and JSON, compiled and pure-Python readers alike.
"""
from __future__ import annotations

import json

import pytest

from cli_runs import run_in
from tractor_analysis.engine import explain_unknown
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.setting import EVERY_VERDICT
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn

pytestmark = pytest.mark.usefixtures("both_cores")

N, E, S, W = range(4)
CLUBS = 3

HAND = """[Event "Simulated 33"]
[Ruleset "standard"]
[Rule:decide_by_levels "on"]

[Hand "{number}"]
[Dealer "W"]
{trump}[Level "2"]
{declarations}N: BJ S2 SA SJ S9 S9 S6 S5 S4 S3 HK HJ H7 H3 D8 D7 D5 D3 D3 CA C9 C8 C4 C4 C3
E: LJ LJ S2 H2 SK SJ S7 H7 H6 H5 H5 DA DJ D10 D9 D8 D6 D4 CK CK CQ CJ C10 C8 C6
S: BJ SK SQ S10 S4 HA HQ HJ H10 H6 H3 DA DK DK DQ D9 D6 D5 D4 CQ CJ C9 C7 C6 C3
W: C2 C2 SA SQ S8 S8 S7 S6 S5 S3 HK HQ H9 H8 H8 H4 H4 DJ D10 D7 CA C10 C7 C5 C5
Bottom: HA D2 S10 DQ H2 H9 H10 D2
Buried: S3 DQ DJ D10 D7 CA C10 C7
1. W: H9 H9 H8 H8, N: HK HJ H7 H3, E: H7 H6 H5 H5, S: HQ HJ H6 H3
2. W: S8 S8, N: S9 S9, E: SJ S7, S: SK S10
3. N: C4 C4, E: CK CK, S: C6 C3, W: C5 C5
4. E: LJ LJ, S: BJ S4, W: D2 D2, N: BJ S2
5. E: D6, S: D4, W: S10, N: D8
6. N: CA, E: C6, S: C7, W: H2
7. W: SA SQ S7 S6 S5 -> S5, N: SA, E: SK, S: SQ
8. N: D3 D3, E: D8 D4, S: DK DK, W: C2 C2
9. W: SA SQ, N: S4 S3, E: D10 C10, S: D9 D6
10. W: H4 H4, N: S6 C3, E: D9 C8, S: HA H10
11. W: HA HK HQ H10, N: SJ D7 C9 C8, E: DA DJ CQ CJ, S: DQ CQ CJ C9
12. W: S7 S6, N: S5 D5, E: S2 H2, S: DA D5
[Claim "45"]
"""
"""A hand of ``tractor simulate`` (the referee's tester's record, ``h1_notrump.tgn``): W deals at 2 and holds ♣2 ♣2,
E holds the two small jokers, nobody else a pair of 2s."""


def _text(declarations: str | None, trump: str | None = None, number: int = 1) -> str:
    return HAND.format(number=number, trump=f'[Trump "{trump}"]\n' if trump else "",
                       declarations="" if declarations is None else f'[Declarations "{declarations}"]\n')


def _read(text: str, as_json: bool, trump_field: str = "?"):
    """The record read as ``.tgn``, or as JSON (written from it, ``"trump"`` then ``trump_field``, or left out:
    ``None``), and its one hand judged; with the readers' problems."""
    (match,), diags = parse_tgn(text)
    if as_json:
        doc = json.loads(format_json(match))
        (hand,) = doc["hands"]
        if trump_field is None:
            hand.pop("trump", None)
        elif "trump" in hand and hand["trump"] == "?":
            hand["trump"] = trump_field
        (match,), diags = parse_json(json.dumps(doc))
    return replay_match(match, None).hands[0], diags


def _judgement(hr) -> tuple:
    """What the hand's verdicts say: the trump, each trick's winner and points, the total, the outcome, the faults."""
    return (hr.trump, hr.trump_known, [(t.number, t.winner, t.points) for t in hr.tricks], hr.attackers_total,
            hr.outcome, sorted((v.code, v.seat, v.trick) for v in hr.violations), hr.legal)


def _trump_facts(hr) -> list:
    return [d for d in hr.derived if d.fact == "trump"]


def _trump_unknowns(hr) -> list:
    return [u for u in hr.unknowns if u.tag == "Trump"]


READERS = pytest.mark.parametrize("as_json, field", [(False, None), (True, "?"), (True, None)],
                                  ids=["tgn", "json-?", "json-missing"])


@READERS
@pytest.mark.parametrize("declarations, number, trump, seat, cards", [
    ("W: C2 | E: LJ LJ", 1, None, E, "小王 小王"),      # jokers: no trump (the tester's record)
    ("W: C2", 1, CLUBS, W, "♣2"),                        # a suit: the level card's
    ("N: S2 | W: C2 C2", 4, CLUBS, W, "♣2 ♣2"),          # W's pair overcalls N's single (hand 4: not bid for)
    ("W: C2 | W: C2 C2", 1, CLUBS, W, "♣2 ♣2"),          # reinforced (§9.2)
], ids=["jokers-NT", "suit", "overcall", "reinforced"])
def test_the_declarations_fix_the_trump(as_json, field, declarations, number, trump, seat, cards):
    # fails before: the trump unknown, every verdict withheld
    hr, _ = _read(_text(declarations, number=number), as_json, field)
    (fact,) = _trump_facts(hr)
    token = "NT" if trump is None else "C"
    assert (fact.value, fact.source) == (token, "[Declarations]")
    assert f"the last declaration standing is {'NESW'[seat]}'s {cards}" in fact.message_en
    assert "[Trump] not stated" in fact.message_en and "[Trump] 未写明" in fact.message_zh
    assert _trump_unknowns(hr) == [] and hr.trump_known and hr.trump == trump
    assert hr.outcome is not None and hr.attackers_total is not None
    stated, _ = _read(_text(declarations, trump=token, number=number), False)
    assert _judgement(hr) == _judgement(stated)         # judged as with that [Trump] written
    assert _trump_facts(stated) == []


@READERS
def test_a_declaration_of_cards_the_declarer_was_not_dealt_fixes_nothing(as_json, field):
    # E's line holds no big joker: the record is wrong somewhere — not derived; the words fail before
    hr, _ = _read(_text("W: C2 | E: BJ BJ"), as_json, field)
    assert _trump_facts(hr) == [] and not hr.trump_known
    (u,) = _trump_unknowns(hr)
    assert u.withheld == EVERY_VERDICT
    assert "nor do the declarations fix it (one of them does not stand as recorded" in u.message_en
    assert "[Declarations] 也定不了主（其中有不成立的亮主" in u.message_zh
    assert [(v.code, v.seat) for v in hr.violations] == [("bad_declaration", E)]
    assert hr.outcome is None and hr.attackers_total is None


@READERS
@pytest.mark.parametrize("declarations", [None, ""], ids=["no-tag", "nobody-declared"])
def test_without_declarations_the_trump_stays_unknown(as_json, field, declarations):
    # control: unknown as before, with the same words
    hr, _ = _read(_text(declarations), as_json, field)
    assert _trump_facts(hr) == [] and not hr.trump_known and hr.outcome is None
    (u,) = _trump_unknowns(hr)
    assert (u.withheld, u.message_zh, u.message_en) == (EVERY_VERDICT, *explain_unknown.trump_unknown(EVERY_VERDICT))


@READERS
def test_the_level_not_known_fixes_nothing(as_json, field):
    # hand 4 without [Level] or [Levels], jokers declared only: they show no level (a ♣2 declared would: it fixes
    # the level at 2, tests/test_level_from_declarations_s22.py) — the trump not derived, said why
    text = _text("E: LJ LJ", number=4).replace('[Level "2"]\n', "")
    hr, _ = _read(text, as_json, field)
    assert hr.level is None and _trump_facts(hr) == []
    (u,) = _trump_unknowns(hr)
    assert "the hand's level is not known" in u.message_en and "本局级别未知" in u.message_zh


@pytest.mark.parametrize("as_json", [False, True], ids=["tgn", "json"])
@pytest.mark.parametrize("declarations", ["W: C2 | E: LJ LJ", None], ids=["declarations", "none"])
def test_the_missing_tag_says_the_declarations_may_fix_it(as_json, declarations):
    # fails before: "the trump is unknown, so no play of the hand is judged" over a hand judged in full
    _, diags = _read(_text(declarations), as_json, None)
    (d,) = [d for d in diags if d.code == "missing_tag"]
    if declarations:
        assert "the trump is unknown unless the declarations fix it" in d.message
        assert "除非亮主定了主" in d.message
    else:
        assert "the trump is unknown, so no play of the hand is judged" in d.message


@pytest.mark.parametrize("suffix", [".tgn", ".json"])
def test_check_json_gives_the_derived_trump(tmp_path, suffix):
    # fails before: "trump": null, the outcome null
    (match,), _ = parse_tgn(_text("W: C2 | E: LJ LJ"))
    path = tmp_path / f"h1{suffix}"
    path.write_text(_text("W: C2 | E: LJ LJ") if suffix == ".tgn" else format_json(match), encoding="utf-8")
    r = run_in("check", "--json", path)
    (hand,) = json.loads(r.stdout)["files"][0]["hands"]
    assert hand["trump"] == "NT" and hand["outcome"] is not None
    assert [(d["fact"], d["value"], d["from"]) for d in hand["derived"] if d["fact"] == "trump"] == [
        ("trump", "NT", "[Declarations]")]
    assert not any(u["tag"] == "Trump" for u in hand.get("unknown", []))

"""Which line a bury finding proves miscopied, and the dealer the plays' bury fixes (docs/rules.md §1.5, §13.1,
§14.1; a referee's tester, session 22: ``tests/data/referee_s22/BB1.tgn``, ``BB2.tgn``).

``BB1.tgn``: ``[Dealer "W"]``, ``Buried: SQ DJ HA …``, N's deal line holds both ♦J and trick 2 has ``N: DJ DJ``.  The
finding said "the Buried: line or N's deal line is miscopied (not known which)"; N's plays bear its line out, so the
Buried: line is the one miscopied (else N's line and N's play both would be).  ``BB2.tgn``: the same without
``[Dealer]``: the finding fell back to "the Buried: line and the cards played hold … more copies of DJ", naming no
line, and the dealer stayed unknown though the bury derived from everyone's plays is one only W can have made, W
leading trick 1.  Where nothing decides ("not known which") the words stay.
"""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

DATA = Path(__file__).resolve().parent / "data" / "referee_s22"
BB1 = (DATA / "BB1.tgn").read_text("utf-8")
BB2 = (DATA / "BB2.tgn").read_text("utf-8")
W = 3


def _hand(text: str):
    (match,), _ = parse_tgn(text)
    return replay_match(match).hands[0]


def _bury(h):
    (v,) = [v for v in h.violations if v.code == "bad_bury"]
    return v


def test_the_holders_plays_prove_the_buried_line_miscopied():
    v = _bury(_hand(BB1))
    assert v.of_record and v.seat is None
    assert "N's line holds 2 of ♦J, and N played both copies (trick 2)" in v.message_en
    assert "the Buried: line is miscopied" in v.message_en and "not known which" not in v.message_en
    assert "北家的发牌行有 2 张♦J，北家打出了这 2 张（第2轮）" in v.message_zh
    assert "Buried: 一行记错" in v.message_zh and "不知是哪一处" not in v.message_zh


def test_not_known_which_where_the_plays_do_not_decide():
    # N plays one ♦J only (trick 2 written "DJ D9", D9 then not played in trick 15: the hand is cut after trick 14):
    # its line's second copy is borne out by nothing, so the Buried: line or N's line may be the miscopy
    text = BB1.replace("N: DJ DJ,", "N: DJ D9,").replace("15. W: H2, N: D9, E: S5, S: D9\n", "")
    text = text.replace("16. W: CQ, N: SJ, E: HJ, S: HQ\n", "").replace('[Claim "60"]\n', "")
    v = _bury(_hand(text))
    assert "N's line holds 2 of ♦J, and N played 1 of them (trick 2)" in v.message_en
    assert "the Buried: line or N's deal line is miscopied (not known which)" in v.message_en
    assert "不知是哪一处" in v.message_zh


def test_the_dealer_left_out_names_the_lines_and_is_derived_from_the_plays_bury():
    h = _hand(BB2)
    assert h.dealer == W                       # before: None ("nothing in the record fixes it")
    (fact,) = [d for d in h.derived if d.fact == "dealer"]
    assert fact.value == "W" and "the bury the cards played give" in fact.source
    assert "the Buried: line no seat can have made is not used" in fact.message_en and "only W" in fact.message_en
    assert "无人打出的牌即是扣底" in fact.message_zh and "只有西家" in fact.message_zh
    v = _bury(h)                                # before: "the Buried: line and the cards played hold …"
    assert v.of_record and v.seat is None
    assert "N played both copies (trick 2)" in v.message_en and "the Buried: line is miscopied" in v.message_en
    assert h.outcome is not None and not [u for u in h.unknowns if u.tag == "Dealer"]


def test_check_json_gives_the_derived_dealer(tmp_path):
    path = tmp_path / "bb2.tgn"
    path.write_text(BB2, encoding="utf-8")
    doc = json.loads(CliRunner().invoke(main, ["check", "--json", str(path)]).output)
    hand = doc["files"][0]["hands"][0]
    assert hand["dealer"] == "W"
    (v,) = [v for v in hand["violations"] if v["code"] == "bad_bury"]
    assert v["seat"] is None and v["about"] == "record"

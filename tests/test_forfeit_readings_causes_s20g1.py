"""The words of a forfeit count a hand's readings leave open name their real cause (docs/rules.md §10.1, §14.1).

A hand judged under readings of its record (:mod:`.agreement`) whose wrong follows differ between them leaves the
match's forfeit count open (``HandResult.penalties_open``).  The count named every such hand as one that leaves a
play out — "whatever the play hand 1 leaves out was" / "hand 1 leaves a play out, and the ways of filling it in …"
(tag ``play``) — though the readings were of its deal lines (tag ``deal``), of the order of its plays (``order``), of
the seats its tricks are seated from (``leader``) or of a throw written without its ``->`` (``play``), no play left
out.  Each cause is now named as it is (:func:`.forfeit_readings.readings_causes`), the match's ``unknown`` tagged
with the hand's own tag; a play left out keeps its words, beside another cause where there is one.  Each record
below reaches ``revoke_forfeit`` under one reading and not under another.
"""
from __future__ import annotations

import dataclasses
import json

import pytest

from event_helpers import run_cli
from test_80fen_w_seats_s17d2 import _damaged
from test_deal_line_throw_s19a2 import RIGHT
from test_seat_order import seat_order
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.fen80_reader import parse_80fen

pytestmark = pytest.mark.usefixtures("both_cores")     # compiled and TRACTOR_PURE_PYTHON=1 (conftest)


def _swap(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


# the referee tester's legal hand (N's deal line as dealt) with E's ♦8 of trick 3 and ♠5 of trick 15 exchanged: E
# follows ♠5 to a diamond lead still holding ♦8 — a wrong follow (and a second in trick 5, E's ♣K ♣10)
REVOKE = _swap(RIGHT, ("3. W: D7, N: DA, E: D8, S: D5", "3. W: D7, N: DA, E: S5, S: D5"),
               ("15. W: H2, N: D9, E: S5, S: D9", "15. W: H2, N: D9, E: D8, S: D9"))
COUNT_2 = ('[Ruleset "tournament"]', '[Ruleset "tournament"]\n[Rule:revoke_forfeit "2"]')

# deal: E plays ♥7 in trick 15 where its line gives ♦8 (no Bottom:/Buried: line: the decks prove neither), so its line
# or that play is miscopied and the hand is judged both ways — on the line E held no diamond left in trick 3 (one
# wrong follow), with the play read from the line it held ♦8 there (two): E–W reach 2 under one reading only
DEAL = "\n".join(x for x in _swap(REVOKE, ("15. W: H2, N: D9, E: D8, S: D9", "15. W: H2, N: D9, E: H7, S: D9"),
                                  COUNT_2).splitlines() if not x.startswith(("Bottom:", "Buried:"))) + "\n"

# order: every trick line written from S in seat order (N's failed throw of trick 14 written as its forced ♠8), judged
# as written and read in turn: E–W's 2 wrong follows under one, 3 — the tournament's count — under the other
ORDER = seat_order(_swap(REVOKE, ("14. N: SJ S8 -> S8 {甩牌失败，按规则改出最小的被管住的牌型 / failed throw, forced to "
                                  "play the smallest beaten unit}", "14. N: S8")), "S")

# the same from E, N's throw of trick 14 written last: the reader reads it left out (a play left out) and the hand is
# judged with it as the trick's lead too (an order reading)
ORDER_AND_GAP = seat_order(_swap(REVOKE, COUNT_2), "E")

# a throw written without '->' whose followers' counts disagree: judged as written (W's ♠9 ♦6 two cards to a lead of
# three: no wrong follow) and as failed to ♠4 ♠4 (W keeps ♠10 and follows ♦6 to the pair: a wrong follow)
ARROW = """[Event "probe"]
[Ruleset "tournament"]
[Rule:revoke_forfeit "1"]
[Levels "NS:7 EW:5"]

[Hand "11"]
[Dealer "N"]
[Trump "H"]
[Level "7"]
[SetUp "1"]
[Points "40"]
[FirstTrick "20"]
N: S4 S4 SA D2
E: S5 S5 S2 D3
S: S6 S8 D4 D5
W: S9 S10 D6 D8
20. N: S4 S4 SA, E: S5 S5, S: S6 S8 D4, W: S9 D6

[Hand "12"]
[Dealer "E"]
"""


def _leader() -> str:
    """An 80fen log whose ``w`` of round 1's trick 6 names E where the rules give N (trick 7 seated from E, and judged
    seated from N too: :mod:`.platform_leads`), its first two hands, wrong follows costing a level, 1 forfeiting."""
    (match,), _ = parse_80fen(json.dumps(_damaged(0, 0, 6, 1)))
    text = format_tgn(dataclasses.replace(match, hands=match.hands[:2]))
    return _swap(text, ('[Ruleset "80fen"]',
                        '[Ruleset "80fen"]\n[Rule:revoke_penalty "level"]\n[Rule:revoke_forfeit "1"]'))


def _forfeit_unknown(text: str):
    (match,), _ = parse_tgn(text)
    result = replay_match(match)
    assert not result.forfeit_known and result.forfeit_reasons == (None, None)
    (u,) = [u for u in result.unknowns if "forfeit" in u.withheld]
    return result, u


def _no_play_left_out(u) -> None:
    assert "leaves out" not in u.message_en and "leaves a play out" not in u.message_en
    assert "缺少" not in u.message_zh


def test_deal_line_readings_are_named_as_such():
    result, u = _forfeit_unknown(DEAL)
    assert result.hands[0].penalties_open is not None
    assert u.tag == "deal"
    assert "whichever reading of hand 1's deal lines and plays it is judged under (the readings its [deal] unknown " \
           "names)" in u.message_en
    assert "无论第1局的发牌行与出牌按哪种读法判定（其 [deal] 未知项所列的读法）" in u.message_zh
    _no_play_left_out(u)


def test_play_order_readings_are_named_as_such():
    result, u = _forfeit_unknown(ORDER)
    assert any(x.tag == "order" for x in result.hands[0].unknowns)
    assert u.tag == "order"
    assert "whichever order hand 1's plays are read in (the readings its [order] unknown names)" in u.message_en
    assert "无论第1局的出牌按哪种顺序读（其 [order] 未知项所列的读法）" in u.message_zh
    assert "under some readings E–W forfeit at the end of hand 1, under others no side forfeits" in u.message_en
    _no_play_left_out(u)


def test_a_play_left_out_beside_an_order_reading_names_both():
    _, u = _forfeit_unknown(ORDER_AND_GAP)
    assert u.tag == "play"
    assert "whatever the play hand 1 leaves out was; and whichever order hand 1's plays are read in" in u.message_en
    assert "无论第1局记录缺少的出牌是什么" in u.message_zh and "无论第1局的出牌按哪种顺序读" in u.message_zh


def test_seats_from_the_records_winners_are_named_as_such():
    result, u = _forfeit_unknown(_leader())
    assert any(x.tag == "leader" for x in result.hands[0].unknowns)
    assert u.tag == "leader"
    assert ("whether hand 1's tricks are seated from the winners the record names or from those the rules give (the "
            "readings its [leader] unknown names)") in u.message_en
    assert "无论第1局各轮按记录所写的赢家还是按规则的赢家排座（其 [leader] 未知项所列的读法）" in u.message_zh
    _no_play_left_out(u)


def test_a_throw_written_without_its_arrow_is_named_as_such():
    result, u = _forfeit_unknown(ARROW)
    assert result.hands[0].penalties_open == ((0, 1), (0, 0))
    assert u.tag == "play"      # (the hand's own item for the throw is tagged play)
    assert ("whichever way hand 11's throw written without its '->' is read — as written, or as failed, to each "
            "forced play the rule allows") in u.message_en
    assert "无论第11局中没写 '->' 的甩牌按哪种读法判定——按所写，或按甩牌失败、改出规则允许的各种出法" in u.message_zh
    _no_play_left_out(u)


def test_check_json_gives_the_causes_tag_and_words(tmp_path):
    path = tmp_path / "deal.tgn"
    path.write_text(DEAL, encoding="utf-8")
    (m,) = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]["matches"]
    assert m["forfeit"] is None and m["winner"] is None
    (u,) = [u for u in m["unknown"] if "forfeit" in u["withheld"]]
    assert u["tag"] == "deal" and "hand 1's deal lines and plays" in u["message_en"]
    assert "leaves a play out" not in u["message_en"] and "leaves out" not in u["message_en"]


def _faked(monkeypatch, unknowns):
    """A simulated match whose first hand's judgements, as if merged, give N–S 2 wrong follows at the fewest and 3 (the
    tournament's count) at the most, with ``unknowns`` added to its own; no play left out."""
    from tractor_analysis.engine import replay as replay_mod
    from tractor_analysis.records.rulesets import build_ruleset
    from tractor_analysis.simulate import simulate

    real = replay_mod.replay_hand

    def fake(hand, *args, **kw):
        r = real(hand, *args, **kw)
        if hand.number == 1:
            r = dataclasses.replace(r, revoke_levels=(2, 0), penalties_open=((3, 0), (0, 0)),
                                    unknowns=(*r.unknowns, *unknowns))
        return r

    monkeypatch.setattr(replay_mod, "replay_hand", fake)
    match = next(iter(simulate(1, 7, rules=build_ruleset("tournament", {})[0], max_hands=3)))
    (u,) = [u for u in replay_mod.replay_match(match).unknowns if "forfeit" in u.withheld]
    return u


def _item(tag: str, withheld: tuple[str, ...] = ("legality",)):
    from tractor_analysis.engine.verdicts import Unknown
    return Unknown(tag, withheld, "某项", "an item")


@pytest.mark.parametrize("unknowns, tag, en, zh", [
    # none named: no cause guessed, and no play left out said
    ((), "play", "whichever reading of hand 1 it is judged under (the readings its unknowns name)",
     "无论第1局按哪种读法判定（其未知项所列的读法）"),
    # a [deal] item beside an order reading may say a line missing (no reading): the order alone is named
    ((_item("deal"), _item("order")), "order", "whichever order hand 1's plays are read in", "无论第1局的出牌按哪种顺序读"),
    # an [order] item withholding only whether a trick was led out of turn (no reading) names no order reading
    ((_item("order", ("turn",)), _item("deal")), "deal", "whichever reading of hand 1's deal lines and plays",
     "无论第1局的发牌行与出牌按哪种读法判定"),
])
def test_only_a_cause_the_hand_names_is_named(monkeypatch, unknowns, tag, en, zh):
    u = _faked(monkeypatch, unknowns)
    assert u.tag == tag and en in u.message_en and zh in u.message_zh
    _no_play_left_out(u)
    assert "order" not in u.message_en or tag == "order"
    assert "deal lines" not in u.message_en or tag == "deal"

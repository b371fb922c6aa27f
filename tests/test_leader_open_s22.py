"""Who led a trick, where the record leaves it open (session 22; a referee tester's records in
tests/data/referee_s22/).

``revoke_in_turn_order.tgn`` is hand 1 of sample_logs/spring-cup-r2t5.tgn with a revoke planted (E plays ♠5 to
trick 3, holding ♦8); ``revoke_in_seat_order.tgn`` is the same with every trick line written in seat order N, E, S, W.
``tractor check`` rightly reports the order of the second unknown (``order``: in turn or in seat order, docs/rules.md
§14.1) and judges it both ways, but the ruling page said "首家 leader N" for trick 3 (read in turn W led it) and
"leader N · 甩牌 throw" for trick 5 (S led it), ``check --json`` gave ``"leader": "N"`` for all 16 tricks and
``tractor replay`` "leader 首家 N": a fact one reading denies, stated to a referee who signs it.  Now where the
readings give a trick different leaders, none is named: the JSON's ``leader`` is ``null`` (docs/format.md), the text
and the pages say the leader is not known and which reading gives which seat; where every reading gives one seat it
is named, as before, and a record in turn order keeps all its leaders.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from event_helpers import bilingual, run_cli
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import SEAT_TOKENS
from tractor_analysis.reports.build import render_hand
from tractor_analysis.reports.match_page import match_view
from tractor_analysis.reports.ruling import render_rulings, ruling_pages

DATA = Path(__file__).parent / "data" / "referee_s22"
TURN = DATA / "revoke_in_turn_order.tgn"
SEATS = DATA / "revoke_in_seat_order.tgn"


def _match(path: Path):
    (match,), diags = parse_tgn(path.read_text("utf-8"))
    assert not diags
    return match


def _in_turn_leaders() -> list[str]:
    """Each trick's leader as the record in turn order writes it (its first play): the reading in turn."""
    return [SEAT_TOKENS[t.plays[0].seat] for t in _match(TURN).hands[0].tricks]


def _json_tricks(path: Path) -> list[dict]:
    doc = json.loads(run_cli("check", "--json", str(path), code=1).stdout)
    (hand,) = doc["files"][0]["hands"]
    return hand["tricks"]


def _text(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_the_engine_keeps_each_readings_leader_where_they_differ():
    (h,) = replay_match(_match(SEATS)).hands
    assert any(u.tag == "order" for u in h.unknowns)
    (in_turn,) = replay_match(_match(TURN)).hands      # the reading in turn: the record in turn order
    for t, o in zip(h.tricks, in_turn.tricks):
        # read as written N leads every trick (the kept trick's lead), read in turn the seat due
        kind = "mixed" if t.number == 7 else t.lead_kind       # N's ♠10 ♥8: two suit groups, not "single"
        expected = (() if o.leader == t.leader
                    else ((t.leader, kind, t.trumped), (o.leader, o.lead_kind, o.trumped)))
        assert h.leads_of(t.number) == expected, t.number
    # trick 1: N's ♣Q ♣J ♣7 ♣3 (a throw) or W's ♣2 ♣2 ♠2 ♠2 (a tractor)
    assert h.leads_of(1) == ((0, "throw", False), (3, "tractor", False))
    assert h.leads_of(16) == ((0, "single", True), (3, "single", False))    # W's ♣Q trumps N's ♠J, or leads
    # a referee's tester: trick 7 as written, N: S10 H8, was worded "N as recorded (single)"
    assert h.leads_of(7)[0] == (0, "mixed", False)
    words = next(u for u in h.unknowns if u.tag == "order")
    from tractor_analysis.engine.explain_readings import leader_open
    zh, en = leader_open(0, h.leads_of(7))
    assert "N as recorded (cards of two suit groups)" in en and "按记录为北家（不同花色的牌）" in zh and words


def test_check_json_gives_no_leader_where_the_readings_differ():
    tricks = _json_tricks(SEATS)
    turn = _in_turn_leaders()
    assert [t["leader"] for t in tricks] == ["N" if seat == "N" else None for seat in turn]
    assert [t["leader"] for t in tricks].count("N") == 3       # tricks 4, 10 and 14: N led them either way


def test_check_json_of_the_record_in_turn_order_names_every_leader():
    assert [t["leader"] for t in _json_tricks(TURN)] == _in_turn_leaders()


def _pages(path: Path) -> dict[int, str]:
    match = _match(path)
    pages = ruling_pages([(match, replay_match(match))], source=path.name)
    assert [p.trick.number for p in pages] == [3, 5]           # E's wrong follows (read either way)
    return {p.trick.number: _text(render_rulings([p])) for p in pages}


@pytest.mark.parametrize("trick, other", [(3, "W"), (5, "S")])
def test_the_ruling_page_names_no_leader_where_the_readings_differ(trick, other):
    page = _pages(SEATS)[trick]
    assert "首家 leader ? 未知 not known" in page
    assert "首家 leader N" not in page and "首出 leads" not in page
    zh = {"W": "西家", "S": "南家"}[other]
    assert "N as recorded" in page and f"{other} in another reading" in page
    assert "按记录为北家" in page and f"按另一种读法为{zh}" in page


def test_the_ruling_page_of_the_record_in_turn_order_names_its_leaders():
    pages = _pages(TURN)
    assert "首家 leader W ·" in pages[3] and "首家 leader S · 甩牌 throw" in pages[5]
    assert all("首出 leads" in p and "leader not known" not in p for p in pages.values())


def test_the_pages_words_say_the_same_in_both_languages():
    match = _match(SEATS)
    (page,) = [p for p in ruling_pages([(match, replay_match(match))]) if p.trick.number == 5]
    zh, en = page.trick.leader_open
    bilingual(f"{en} / {zh}")
    for seat, zh_seat in (("N", "北家"), ("S", "南家")):
        assert seat in en and zh_seat in zh
    assert "throw" in en and "甩牌" in zh


def test_the_hand_page_names_no_leader_where_the_readings_differ():
    turn = _in_turn_leaders()
    for path in (SEATS, TURN):
        match = _match(path)
        hand = match_view(match, replay_match(match), key="s22").hands[0]
        page = render_hand(hand)
        for t in hand.tricks:
            section = _text(page.split(f'id="trick-{t.number}"')[1].split("</section>")[0])
            if path is SEATS and turn[t.number - 1] != "N":
                assert t.leader == "?" and t.leader_open is not None and not any(p.leader for p in t.plays)
                assert "leader / 首家 ? " in section and "leader not known" in section, t.number
            else:
                assert t.leader == turn[t.number - 1] and t.leader_open is None and t.plays[0].leader
                assert f"leader / 首家 {t.leader} " in section and "leader not known" not in section
    # a lead whose shape the readings differ on is not named: trick 1 (N's throw, W's tractor); nor a trump-in
    # one denies: trick 16 (W's ♣Q to N's ♠J, or W's lead); one both give is: trick 14 (S's ♥6 … W's ♣6)
    match = _match(SEATS)
    hand = match_view(match, replay_match(match), key="s22").hands[0]
    assert hand.tricks[0].lead_kind == "?" and hand.tricks[15].lead_kind == "single"
    page = render_hand(hand)
    sections = {n: page.split(f'id="trick-{n}"')[1].split("</section>")[0] for n in (14, 16)}
    assert not hand.tricks[15].trumped and "trumped / 毙" not in sections[16]
    assert hand.tricks[13].trumped and "trumped / 毙" in sections[14]


def test_replay_names_no_leader_where_the_readings_differ():
    out = run_cli("replay", str(SEATS), code=1).stdout
    turn = _in_turn_leaders()
    for number, seat in enumerate(turn, 1):
        head = next(line for line in out.splitlines() if line.startswith(f"trick {number} 第{number}轮"))
        if seat == "N":
            assert "leader 首家 N" in head
        else:
            assert "leader 首家 ? not known 未知" in head
    words = next(line.strip() for line in out.splitlines() if "leader not known" in line)
    bilingual(words)
    assert "N as recorded (throw), W in another reading (tractor)" in words      # trick 1
    kept = run_cli("replay", str(TURN), code=1).stdout
    assert "leader not known" not in kept
    assert "leader 首家 W" in next(line for line in kept.splitlines() if line.startswith("trick 3 第3轮"))


def test_an_80fen_trick_seated_from_a_doubted_winner_names_no_leader(tmp_path):
    """An 80fen log's ``w`` of trick 6 naming E where the plays give N (``unknown`` tag ``leader``): trick 7 is
    judged seated from either, so its leader is not known; the tricks before it keep theirs."""
    from cli_runs import run_in
    from test_80fen_w_seats_s17d2 import _damaged, _judged
    damaged = _damaged(0, 0, 6, 1)
    _, result = _judged(damaged)
    hand = result.hands[0]
    assert any(u.tag == "leader" for u in hand.unknowns) and hand.leads_of(7)
    path = tmp_path / "w6.ndjson"
    path.write_text(json.dumps(damaged) + "\n", encoding="utf-8")
    (doc,) = json.loads(run_in("check", "--json", path).stdout)["files"][0]["hands"][:1]
    leaders = {t["number"]: t["leader"] for t in doc["tricks"]}
    assert leaders[7] is None and all(leaders[n] is not None for n in range(1, 7))
    assert all((leaders[t.number] is None) == bool(hand.leads_of(t.number)) for t in hand.tricks)

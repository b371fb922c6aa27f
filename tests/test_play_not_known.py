"""A play written ``?`` (``3. W: D7, N: DA, E: ?, S: D5``; JSON ``"cards": "?"``): the record says it does not know
what the seat played, as ``[Dealer "?"]`` says it of the dealer (docs/format.md "Trick lines").

A referee's tester: the honest ``?`` was an ``unknown card '?'`` problem (exit 2, "the record has problems" on the
ruling page) while leaving the seat out of the line gave the same derived play and verdicts with no problem.  Now
``?`` is read as a play not known — filled in from the seat's cards where they fix it — with no diagnostic, in both
readers; any other unreadable card stays a problem."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
LINE = "10. N: S6, E: SJ, S: S9, W: C10"


def _hand_one() -> str:
    text = SAMPLE[:SAMPLE.index('[Hand "2"]')]
    assert LINE in text
    return text


def _verdict(h):
    return (h.attackers_points, h.outcome, h.levels_after, sorted((v.code, v.trick, v.seat) for v in h.violations),
            sorted((d.fact, d.value) for d in h.derived))


@pytest.mark.parametrize("mark", ["?", "？"])
def test_a_tgn_play_written_question_mark_is_a_play_not_known_without_a_problem(mark):
    left_out = _hand_one().replace(LINE, "10. N: S6, S: S9, W: C10")
    written = _hand_one().replace(LINE, f"10. N: S6, E: {mark}, S: S9, W: C10")
    (m_out,), d_out = parse_tgn(left_out)
    (m_q,), d_q = parse_tgn(written)
    assert d_q == [] and d_out == []
    h = replay_match(m_q).hands[0]
    assert _verdict(h) == _verdict(replay_match(m_out).hands[0])
    assert ("play", "10: E SJ") in {(d.fact, d.value) for d in h.derived}      # filled in from E's later cards
    whole = replay_match(parse_tgn(_hand_one())[0][0]).hands[0]
    assert (h.attackers_points, h.outcome) == (whole.attackers_points, whole.outcome)


def test_another_unreadable_card_stays_a_problem():
    (_,), diags = parse_tgn(_hand_one().replace(LINE, "10. N: S6, E: S?, S: S9, W: C10"))
    assert [d.code for d in diags] == ["unknown_card"]


def test_a_json_play_cards_question_mark_is_a_play_not_known_without_a_problem():
    doc = json.loads(format_json(parse_tgn(_hand_one())[0][0]))
    hand = doc["hands"][0] if "hands" in doc else doc["matches"][0]["hands"][0]
    trick = next(t for t in hand["tricks"] if (t["number"] if isinstance(t, dict) else None) == 10) \
        if isinstance(hand["tricks"][0], dict) else hand["tricks"][9]
    plays = trick["plays"] if isinstance(trick, dict) else trick
    east = next(p for p in plays if p["seat"] == "E")
    east["cards"] = "?"
    (m,), diags = parse_json(json.dumps(doc, ensure_ascii=False))
    assert diags == []
    h = replay_match(m).hands[0]
    assert ("play", "10: E SJ") in {(d.fact, d.value) for d in h.derived}
    east["cards"] = ["?"]          # a list holding "?" is a card that cannot be read: still a problem
    (_,), diags = parse_json(json.dumps(doc, ensure_ascii=False))
    assert diags and diags[0].code != "json_shape"


@pytest.mark.parametrize("line", [
    "10. N: ?, E: SJ, S: S9, W: C10",          # the lead written ?
    "10. N: S6, E: ?, S: S9, W: ?",            # two follows
    "10. N: ?, E: ?, S: ?, W: ?",              # no play read
    "10. N: S6, E: SX, S: S9, W: C10",         # a card that cannot be read: written back as ?
    "10. N: S6, E: SJ -> SJ, S: S9, W: C10",   # a follow written as a failed throw: written back as written
])
def test_the_writers_write_a_play_not_read_back_in_its_place(line):
    """An analyst's tester: ``convert`` (and the dataset's ``records``) dropped ``E: ?``, and a ``?`` written first
    — the trick's lead — then read as the seat left out: the copy's verdict withheld the outcome and levels."""
    from tractor_analysis.records.tgn_writer import format_tgn
    text = _hand_one().replace(LINE, line)
    (m,), _ = parse_tgn(text)
    original = replay_match(m).hands[0]
    for copy in (format_tgn(m), format_json(m)):
        (m2,), _ = (parse_tgn if copy.lstrip().startswith("[") else parse_json)(copy)
        assert m2.hands[0].plays_unread == m.hands[0].plays_unread
        assert [(n, p.seat, p.cards, p.attempted) for n, p in m2.hands[0].throws_after_lead] == \
            [(n, p.seat, p.cards, p.attempted) for n, p in m.hands[0].throws_after_lead]
        assert _verdict(replay_match(m2).hands[0]) == _verdict(original)
    written = [ln for ln in format_tgn(m).splitlines() if ln.startswith("10. ")]
    assert written == [line.replace("SX", "?")]

"""A forfeit reached at the end of a hand the record ends inside the last trick of, under ``stopped_hand = open``
(docs/rules.md §8.5, §10.1; s19-h1 item 1).

A tournament record (``decide_by_levels``) cut inside its last hand's last trick, the plays left out forced, no
``[Claim]``: under ``open`` that hand is read both void (it does not count, nor its wrong follows) and played out.  The
third wrong follow of a side in that hand decided the match outright (``decided_by`` ``forfeit``), the void reading
ignored.  Now the forfeit is the played-out reading's: the match is decided only where the hand void (the levels it was
played at) gives the same winner, and whether a side forfeited is withheld (the match's ``"unknown"`` tag ``Claim``).
"""
from __future__ import annotations

import dataclasses
import json

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import MatchFacts, StopReading, stopped_decisions
from tractor_analysis.records import format_tgn
from tractor_analysis.simulate import simulate_match

from event_helpers import run_cli


def _cut(rate: float, *, void: bool = False, claim: bool = False):
    """Simulated tournament match 1 (``violation_rate`` ``rate``), which a side forfeits at the end of its hand 4 (its
    third wrong follow), the record cut after the lead of that hand's last trick (one card: the rest forced);
    ``claim``: the table's ``[Claim]`` kept (the forced total), else none; ``void``: ``[Rule:stopped_hand "void"]``."""
    m = simulate_match(1, preset="tournament", violation_rate=rate, max_hands=12)
    h = m.hands[-1]
    last = h.tricks[-1]
    assert h.number == 4 and len(last.plays[0].cards) == 1
    cut = dataclasses.replace(h, tricks=h.tricks[:-1] + (dataclasses.replace(last, plays=last.plays[:1]),),
                              claim=h.claim if claim else None)
    rules = tuple(m.rules) + ((("stopped_hand", "void"),) if void else ())
    return dataclasses.replace(m, hands=m.hands[:-1] + (cut,), rules=rules)


AGREE = 0.03
"""E–W forfeit at the end of hand 4 played out; void, N–S lead 3 : 2 — both readings give N–S the match."""
DIFFER = 0.05
"""N–S forfeit at the end of hand 4 played out; void, N–S lead 4 : 2 — the readings give different winners."""


def _claim_unknowns(r, what: str):
    return [u for u in r.unknowns if u.tag == "Claim" and what in u.withheld]


def test_readings_that_differ_decide_nothing(tmp_path):
    r = replay_match(_cut(DIFFER))
    assert r.stopped_at == 3
    assert (r.winner, r.decided_by) == (None, None)          # before: E–W, "forfeit" (N–S forfeited outright)
    assert r.forfeit is None and r.forfeit_reasons == (None, None) and not r.forfeit_known
    (f,) = _claim_unknowns(r, "forfeit")
    assert "hand 4" in f.message_en and "N–S forfeit the match" in f.message_en      # s20-f1: the side named as every message names it
    assert "void" in f.message_en and "按中止计" in f.message_zh and "判负" in f.message_zh
    (w,) = _claim_unknowns(r, "winner")
    assert "void (N–S : E–W 4 : 2): N–S win" in w.message_en
    assert "N–S reach the forfeit count" in w.message_en and "南北方达到判负次数" in w.message_zh
    assert r.levels_final == (None, 2) and r.levels_final_span == ((3, 4), None)    # void 4, played out 3
    path = tmp_path / "m.tgn"
    path.write_text(format_tgn(_cut(DIFFER)), encoding="utf-8")
    (m,) = json.loads(run_cli("check", str(path), "--json", code=1).stdout)["files"][0]["matches"]
    assert (m["winner"], m["decided_by"], m["forfeit"]) == (None, None, None)
    assert sorted(w for u in m["unknown"] if u["tag"] == "Claim" for w in u["withheld"]) == ["forfeit", "winner"]
    out = run_cli("check", str(path), code=1).stdout
    assert "not decided" in out and "NS forfeit" not in [x for x in out.splitlines() if "match 比赛" in x][-1]


def test_readings_that_agree_decide_the_match_by_every_reading():
    r = replay_match(_cut(AGREE))
    assert (r.winner, r.decided_by) == (0, "every reading")  # before: N–S, "forfeit" (E–W forfeited outright)
    assert r.forfeit is None and not r.forfeit_known
    assert len(_claim_unknowns(r, "forfeit")) == 1 and not _claim_unknowns(r, "winner")
    (d,) = r.derived
    assert d.fact == "winner" and d.value == "NS"
    assert "void (stopped there: the levels it was played at, N–S : E–W 3 : 2): N–S win" in d.message_en
    assert "E–W reach the forfeit count" in d.message_en and "东西方达到判负次数" in d.message_zh


def test_void_and_a_claim_still_settle_it():
    r = replay_match(_cut(DIFFER, void=True))        # void: the hand and its penalties do not count
    assert (r.winner, r.decided_by, r.forfeit, r.levels_final) == (0, "levels", None, (4, 2))
    for claim_void in (False, True):                 # a [Claim] the forced total gives: the table settled the hand
        r = replay_match(_cut(DIFFER, void=claim_void, claim=True))
        assert r.stopped_at is None and (r.forfeit, r.decided_by, r.winner) == (0, "forfeit", 1)
        assert not _claim_unknowns(r, "forfeit")


def test_a_played_out_forfeit_is_that_readings_end():
    void = StopReading((4, 2), 1)
    f = MatchFacts(finished=True, decide_by_levels=True, stopped=4, finishes_known=True,
                   stop_readings=(void, StopReading((3, 2), 0, forfeit=0)))
    assert stopped_decisions(f) == ((0, "higher level"), (1, "forfeit"))     # before: (0, "higher level") twice
    both = dataclasses.replace(f, stop_readings=(void, StopReading((3, 2), 0, forfeit="both")))
    assert stopped_decisions(both)[1] == (None, "both forfeit")


def test_the_ruling_page_says_the_forfeit_is_the_played_out_readings_only(tmp_path):
    """The fourth tester wave: the ruling page of a wrong follow in that stopped hand said "3 wrong follows: N–S
    forfeit the match" with no qualification, where check, --json, the report and the standings withhold it."""
    import html
    import re
    from click.testing import CliRunner
    from tractor_analysis.cli.main import main
    match = _cut(DIFFER)
    path, out = tmp_path / "m.tgn", tmp_path / "r.html"
    path.write_text(format_tgn(match), "utf-8")
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = html.unescape(re.sub(r"<[^>]+>", " ", out.read_text("utf-8")))
    assert "forfeit the match if the hand counts as played out (not ruled on: see above)" in text
    assert "本局按打完计时南北方本场判负" in text
    assert not re.search(r"wrong follows: N–S forfeit the match(?! if)", text)

"""A match decided by the levels (``decide_by_levels``, docs/rules.md §8.5) whose record stops inside its last hand,
no result from its ``[Claim]``: the record does not say whether the clock stopped the hand (void: the levels it was
played at, the dealer's side holding the deal) or the record merely stops (the hand played out, to some result the
cards left allow).  A tester: hand 5 stops after trick 14, the levels N–S 3 : E–W 2, E dealing — every finish gives
E–W the match (they hold at 2 and go up 2 or 3), the tool gave N–S ("higher level when the record ends", 3 : 2);
one trick later the result is derived from the cards left and the tool gave E–W.  Now the match is decided only
where every reading gives the same winner — the hand void, and played out to each result the cards left allow —;
else no team is credited (``decided_by`` ``stopped hand not known``, the match's ``"unknown"`` tag ``Claim``
withholding ``winner``), in ``tractor check``, the standings from records and from a dataset alike.  A hand whose
``[Claim]`` gives its result (the table settled it) counts, as before.

The records are simulated matches (``simulate_match``: ``[Rule:decide_by_levels "on"]``) with a hand cut."""
from __future__ import annotations

import dataclasses
import json

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.scoring import (STOPPED_NOT_KNOWN, decide_match, match_facts, stop_decides,
                                            stopped_decisions)
from tractor_analysis.records import format_tgn
from tractor_analysis.simulate import simulate_match

from event_helpers import run_cli


def _cut(seed: int, index: int, tricks: int, claim: bool = False):
    """``simulate_match(seed)`` ending in its hand ``index``, written up to trick ``tricks`` (with its ``[Claim]``,
    the total the hand played out gave, when ``claim``)."""
    m = simulate_match(seed)
    h = m.hands[index]
    return dataclasses.replace(m, hands=m.hands[:index] + (
        dataclasses.replace(h, tricks=h.tricks[:tricks], claim=h.claim if claim else None),))


TESTER = (5, 4, 14)
"""Hand 5 stops after trick 14: E–W defend at 2 (N–S 3), the attackers have 0; the cards left allow E–W +2 or +3."""
AGREE = (0, 1, 10)
"""Hand 2 stops after trick 10: N–S 3 : E–W 2; void and every finish (N–S +1, +2 or E–W taking the deal) give N–S."""


def test_the_testers_case_every_finish_against_the_void_reading_is_not_decided():
    for tricks in (TESTER[2], TESTER[2] + 1):       # and one trick later, the result derived from the cards left
        r = replay_match(_cut(TESTER[0], TESTER[1], tricks))
        last = r.hands[-1]
        assert last.scored_by_bounds == (tricks == TESTER[2] + 1)
        f = match_facts(r)
        assert f.stopped == 5 and f.finishes_known and stop_decides(f)
        # the readings: void at the levels hand 5 was played at (N–S higher), every finish E–W's
        (void, *finishes) = stopped_decisions(f)
        assert f.stop_readings[0].levels == (3, 2) and void == (0, "higher level")
        assert finishes and {t for t, _ in finishes} == {1}
        assert decide_match(r) == (None, STOPPED_NOT_KNOWN)
        assert (r.winner, r.decided_by) == (None, None)
        (u,) = [u for u in r.unknowns if u.tag == "Claim"]
        assert u.withheld == ("winner",)
        # the result derived from the cards left (one card a seat): the stop named as before the forced last trick
        # (test_stopped_forced_last_words_s23.py)
        stop = "stops in hand 5 just before its last trick" if last.forced_last else "stops inside hand 5"
        assert stop in u.message_en and "void (N–S : E–W 3 : 2): N–S win" in u.message_en
        assert "E–W win" in u.message_en and "第 5 局" in u.message_zh and "南北方胜" in u.message_zh
        assert "东西方胜" in u.message_zh


def test_every_reading_giving_one_winner_decides_the_match_and_says_so():
    r = replay_match(_cut(*AGREE))
    f = match_facts(r)
    assert f.stopped == 2 and len(f.stop_readings) > 2      # void and more than one finish
    assert {t for t, _ in stopped_decisions(f)} == {0}
    assert (r.winner, r.decided_by) == (0, "levels")
    (d,) = r.derived
    assert d.fact == "winner" and d.value == "NS"
    assert "whether the stopped hand 2 counts or is played out, every finish gives N–S the match" in d.message_en
    assert "无论该局按中止计" in d.message_zh and "每种结局的胜方都是南北方" in d.message_zh
    assert not [u for u in r.unknowns if u.tag == "Claim"]


def test_a_stopped_hand_whose_claim_gives_its_result_counts_as_before():
    r = replay_match(_cut(*TESTER, claim=True))
    last = r.hands[-1]
    assert last.scored_by_claim and r.stopped_at is None and match_facts(r).stopped is None
    # the claim (the table's total) settles the hand: the levels after it decide, E–W holding at 2 → 4 or 5
    assert r.levels_final[0] == 3 and r.levels_final[1] > 3
    assert (r.winner, r.decided_by) == (1, "levels") and not r.derived and not r.unknowns


def _write(folder, name: str, match) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(format_tgn(match), encoding="utf-8")


def test_check_the_standings_from_records_and_from_a_dataset_agree(tmp_path):
    rec = tmp_path / "rec"
    cases = {"tester.tgn": (_cut(*TESTER), None), "agree.tgn": (_cut(*AGREE), "NS"),
             # (another event and round: the same plays, the claim aside, would be a second record of the match)
             "claimed.tgn": (dataclasses.replace(_cut(*TESTER, claim=True), event="Claimed", round="9"), "EW")}
    for name, (match, _) in cases.items():
        _write(rec, name, match)
    for name, (_, winner) in cases.items():
        doc = json.loads(run_cli("check", str(rec / name), "--json").stdout)
        (m,) = doc["files"][0]["matches"]
        assert m["winner"] == winner, name
        assert m["decided_by"] == (None if winner is None else "levels"), name
        if winner is None:
            assert [(u["tag"], u["withheld"]) for u in m["unknown"]] == [("Claim", ["winner"])]
        text = run_cli("check", str(rec / name)).stdout
        assert ("not decided: the record stops inside its last hand" in text) == (winner is None), name
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    from tractor_analysis.dataset import load, stats
    from tractor_analysis.dataset.stats_reference import match_results as reference_results
    for results in (stats.match_results(load(str(tmp_path / "ds"))), reference_results(load(str(tmp_path / "ds")))):
        rows = {(r["event"], r["hands"]): r for r in results.to_dict("records")}
        assert len(rows) == 3
        tester, agree, claimed = rows["Simulated 5", 5], rows["Simulated 0", 2], rows["Claimed", 5]
        assert not isinstance(tester["winner"], str) and tester["decided_by"] == STOPPED_NOT_KNOWN
        assert agree["winner"] == "NS" and agree["decided_by"] == "higher level"
        assert claimed["winner"] == "EW" and claimed["decided_by"] == "higher level"
    for source in (str(rec), str(tmp_path / "ds")):
        out = run_cli("standings", source, "--format", "json")
        # agree.tgn and claimed.tgn count, one win each; tester.tgn is left out, said why
        assert sum(row["won"] for row in json.loads(out.stdout)) == 2, source
        assert "tester.tgn" in out.stderr and "stops inside its last hand" in out.stderr, source

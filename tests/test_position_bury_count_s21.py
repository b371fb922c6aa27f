"""A position's ``Buried:`` line whose only fault is a copy count beyond the decks, and a position's ``[Points]``
its whole-deal hands contradict (a referee's tester, session 21).

* ``[SetUp "1"]`` on a whole deal with ``[Points "30"]`` (or without ``[Dealer]``) is not set aside (docs/rules.md
  §14.1), so it is read as a position: its bury, with the seats' lines, holds more copies than the decks.  That was
  a signed ``bad_bury`` against the dealer (✗, a ruling page, exit 1); no dealer can bury copies that do not exist —
  the line or a seat's line is miscopied — so it is now the record's finding (§13.1: ✎, no ruling page, no
  violation; the exit status stays 1, as for every record finding).  A bury of the wrong size stays the dealer's ``bad_bury``.
* ``[Points "30"]`` on a position whose every seat holds a whole deal (nothing played, so no points taken): was
  taken as 30 unsaid; now the contradiction is said and the points before are unknown (neither 30 nor 0), the
  attackers' total, outcome and levels after withheld (§14.1's ``[Points]`` row).

Each test but the two guards (marked) fails on the code before these changes.
"""
from __future__ import annotations

from click.testing import CliRunner

from tractor_analysis.cli.main import main

from test_setup_and_unused_tags import BOTTOM, BURIED, DEAL, HEAD, TRICKS, hand, replayed


def no_dealer(tags: str) -> str:
    return (HEAD + '\n[Hand "2"]\n[Trump "C"]\n[Level "3"]\n[Declarations "W: C3"]\n'
            + tags + DEAL + BOTTOM + BURIED + TRICKS)


POINTS_30 = hand('[SetUp "1"]\n[Points "30"]\n')
NO_DEALER = no_dealer('[SetUp "1"]\n')


def _bury_finding(r):
    (bury,) = [v for v in r.violations if v.code == "bad_bury"]
    # (worded as the record's since test_referee_words_s21: no seat said to have buried them)
    assert "the record is miscopied somewhere" in bury.message_en and "记录有一处记错" in bury.message_zh
    return bury


def test_a_position_bury_beyond_the_decks_is_the_records_finding_not_the_dealers():
    r, _ = replayed(POINTS_30, json_too=False)
    assert r.setup                                  # [Points] names play before: not set aside
    bury = _bury_finding(r)
    assert bury.of_record and bury in r.record_findings
    assert not r.play_violations                    # before: bad_bury against E, a signed violation


def test_without_a_dealer_the_bury_beyond_the_decks_is_the_records_finding_too():
    r, _ = replayed(NO_DEALER, json_too=False)
    assert r.setup and r.dealer is None
    bury = _bury_finding(r)
    assert bury.of_record and bury.seat is None and not r.play_violations


def test_check_counts_no_violation_and_ruling_writes_no_page(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for name, text in (("su_pts.tgn", POINTS_30), ("su_nd.tgn", NO_DEALER)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        checked = runner.invoke(main, ["check", name])
        assert "✗" not in checked.output and "0 violations" in checked.output, name
        # (exit 1 stays: a record finding is one too, the record to be corrected — cli/check.py verdict_code)
        assert checked.exit_code == 1 and "7 record findings" in checked.output, name
        out = runner.invoke(main, ["ruling", name, "-o", "r.html"])
        assert "no ruling written" in out.output and not (tmp_path / "r.html").exists(), name


def test_a_position_bury_of_the_wrong_size_stays_the_dealers():
    # guard (passes before too): only the count beyond the decks became the record's
    text = hand('[SetUp "1"]\n[Points "30"]\n').replace(BURIED, "Buried: S5 S4 H10 H7 H6 H5 H2\n")
    r, _ = replayed(text, json_too=False)
    sizes = [v for v in r.violations if v.code == "bad_bury" and "7 cards" in v.message_en]
    assert sizes and not any(v.of_record for v in sizes) and set(sizes) <= set(r.play_violations)


def test_points_on_a_position_of_whole_deals_is_said_contradicted_and_unknown():
    r, _ = replayed(POINTS_30, json_too=False)
    (u,) = [u for u in r.unknowns if u.tag == "Points"]
    assert set(u.withheld) == {"points", "outcome", "levels"}
    assert '[Points "30"]' in u.message_en and "whole deal of 25 cards" in u.message_en
    assert "neither 30 nor 0" in u.message_en and "既不按 30 也不按 0 计" in u.message_zh
    assert r.attackers_total is None and r.outcome is None
    assert not any(i.kind == "setup_points" for i in r.items)      # the 30 is not kept as points before
    assert not any(d.fact == "points" for d in r.derived)


def test_points_zero_on_whole_deals_is_no_contradiction():
    # guard (passes before too): [Points "0"] agrees with the whole hands (and the tag is set aside, §14.1)
    r, _ = replayed(hand('[SetUp "1"]\n[Points "0"]\n'), json_too=False)
    assert not any(u.tag == "Points" for u in r.unknowns)

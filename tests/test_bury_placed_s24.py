"""A copy placed beyond doubt is not the miscopied one where another copy may be (docs/rules.md §1.6;
engine/extra_copies.py ``judge_plays``, ``_beyond_doubt``; a referee's tester, session 24).

Hand 1 of sample_logs/spring-cup-r2t5.tgn (W deals, two decks, ``[Claim "60"]``) without S's deal line and the
``Bottom:`` line, the bury's last card ♦3 written ♠10: the plays give ♠10 twice (N's in trick 7, E's in trick 14) and
the ``Buried:`` line a third.  N's and E's deal lines each give the ♠10 and each plays it — copies the record places
beyond doubt (engine/deck_proof.py ``placed_copies``): read as ♦3, its line and its play would both be miscopied, two
slips, where reading the ``Buried:`` line's as ♦3 is one.  Before, each of the three copies was read as ♦3 (N's
and E's too): the points withheld ("60 or 50"), and under the tournament rules the levels after too (a revoke by E
that exists only if E's deal line is also miscopied), the words saying "no deal line proves which is miscopied".
Now only the line's copy is read: 60, the claim.  The same in a 炒地皮 record whose S's line gives the ♠K it plays.
Each test marked "new" fails on the code before.
"""
from __future__ import annotations

from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.rulesets import build_ruleset

from record_builders import rebid_played_out

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
BURIED = "Buried: SQ S3 HA HQ HJ H7 H3 D3"
TOURNAMENT = build_ruleset("tournament", ())[0]


def _text(base: str = HAND_1, drop: tuple[str, ...] = ("S: ", "Bottom:"), *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in base
        base = base.replace(old, new)
    return "\n".join(line for line in base.splitlines() if not line.startswith(drop)) + "\n"


THIRD_S10 = _text(HAND_1, ("S: ", "Bottom:"), (BURIED, BURIED.replace("D3", "S10")))


def _hand(text: str, rules=None):
    (match,), _ = parse_tgn(text)
    return replay_match(match, rules).hands[0]


def _copies_words(h) -> list:
    return [u for u in h.unknowns if u.tag == "deal" and "more copies of" in u.message_en]


def _finding(h):
    return [v for v in h.violations if v.code == "bad_bury"]


def test_guard_the_hand_as_played_gives_the_claim():
    """(guard) S's line and the bottom left out, the bury as played: 60 = [Claim], no finding."""
    h = _hand(_text())
    assert (h.attackers_total, h.claim_matches) == (60, True)
    assert not _finding(h) and not _copies_words(h)


def test_new_the_buried_lines_copy_is_the_one_read_the_claim_stands():
    h = _hand(THIRD_S10)
    assert (h.attackers_total, h.attackers_points, h.claim_matches) == (60, 60, True)
    assert not [v for v in h.violations if v.code == "claim_mismatch"]
    points = {t.number: t.points for t in h.tricks}
    assert points[7] == 30 and points[14] == 10           # N's and E's ♠10 as played: known
    assert not _copies_words(h)                           # the one reading gives every verdict: nothing withheld
    (v,) = _finding(h)                                    # the copy beyond the decks stays the record's finding
    assert v.of_record and v.seat is None
    en, zh = v.message_en, v.message_zh
    assert "3 copies of ♠10 (the Buried: line, N's play in trick 7, E's play in trick 14)" in en
    assert ("the record places N's in trick 7, E's in trick 14 beyond doubt (each such seat's deal line — the "
            "dealer's with the Bottom: line — gives the card and the seat plays it: read as another card, both its "
            "line and its play would be miscopied — two slips, where one will do), so the copy miscopied is the "
            "Buried: line's, standing for a card the plays and the bury hold fewer than 2 of (♦3)") in en
    assert "the record does not say which" not in en
    assert "记录确证了第 7 轮北家所出、第 14 轮东家所出的那张" in zh and "两处笔误，而一处即可解释" in zh
    assert "故记错的是 Buried: 一行所记的那一张" in zh and "记录未说明是哪一张" not in zh


def test_new_tournament_the_levels_after_not_withheld():
    """Under the tournament rules the hand as played gives 50 (its penalty, as the whole record does) and the levels
    after: no revoke of E's resting on E's ♠10 read as ♦3 (a reading needing its deal line miscopied too)."""
    whole = _hand(HAND_1, TOURNAMENT)
    h = _hand(THIRD_S10, TOURNAMENT)
    assert h.attackers_total == whole.attackers_total == 50
    assert h.levels_after == whole.levels_after and None not in h.levels_after
    assert h.outcome == whole.outcome
    assert not [u for u in h.unknowns if "levels" in u.withheld]
    assert [v.code for v in h.violations if not v.of_record] == []


def test_new_the_claim_a_reading_of_a_placed_copy_gave_is_contradicted():
    """[Claim "50"]: read with N's or E's ♠10 as ♦3 the plays gave 50 — before, no claim finding (not every reading
    contradicted it); now the one reading gives 60."""
    h = _hand(THIRD_S10.replace('[Claim "60"]', '[Claim "50"]'))
    (v,) = [v for v in h.violations if v.code == "claim_mismatch"]
    assert v.of_record and h.claim_matches is False and h.attackers_total == 60




REBID = rebid_played_out()      # (tests/record_builders.py)
REBURY = "|| S3 S4 S7 S8 S9 S9 S10 SJ"


def test_new_rebid_a_seats_copy_given_and_played_not_read():
    """W's line and the bottom left out, E's bury's ♠3 written ♠K: ♠K in N's play of trick 1 (a taker's: its line
    does not give it), S's of trick 7 (S's line gives it) and the line.  S's not read; N's and the line's are."""
    text = _text(REBID, ("W: ", "Bottom:"), (REBURY, REBURY.replace("S3", "SK")))
    assert "S: " in text and "SK" in text[text.index("\nS: "):text.index("\n", text.index("\nS: ") + 1)]
    h = _hand(text)
    points = {t.number: t.points for t in h.tricks}
    assert points[7] == 10 and points[1] is None          # S's ♠K as played; N's may be the ♠3
    (u,) = _copies_words(h)
    assert "the record places S's in trick 7 beyond doubt" in u.message_en
    assert "each — N's in trick 1, the Buried: line's — may be the one miscopied" in u.message_en
    assert "no deal line proves" not in u.message_en
    assert "记录确证了第 7 轮南家所出的那张" in u.message_zh
    assert "第 1 轮北家所出、Buried: 一行所记的每一张都可能记错" in u.message_zh
    (v,) = _finding(h)
    assert "one of the others (N's in trick 1, the Buried: line's), the record does not say which" in v.message_en


W_LINE = "W: C2 C2 S2 H2 CQ C10 C9 C9 C5 C4 SK"
W_TRICK_13 = "13. E: H8, S: H4, W: C4, N: C5"


def test_new_only_placed_copies_every_copy_read_as_before():
    """N's, E's and W's lines each give a ♠10 and each plays it (W's ♣4, line and play, written ♠10): only placed
    copies, so each is read as the ♣4 lacking, as before — the words say the lines place every copy alike."""
    text = _text(HAND_1, ("S: ", "Bottom:"), (W_LINE, W_LINE.replace("C4", "S10")),
                 (W_TRICK_13, W_TRICK_13.replace("W: C4", "W: S10")))
    h = _hand(text)
    (u,) = _copies_words(h)
    en, zh = u.message_en, u.message_zh
    assert "each copy — N's in trick 7, W's in trick 13, E's in trick 14 — may be the one miscopied" in en
    assert "the record does not prove which is miscopied: it places every copy alike" in en
    assert "记录也不能证明记错的是哪一张" in zh

"""Copies of one hand in a match — each copy one reading, everywhere (session 10, docs/rules.md §14.1).

A record may write hand *n* twice (the full record and a score sheet of it, say) without saying which copy is
right.  Each copy is one reading of the record: the match's forfeit count counts ONE copy under each reading
(before: every copy's wrong follows were added), the end of the match is judged over every copy (before: the
later copy decided — or, after a first copy that passed the winning level, was "recorded after the match
ended"), and a record that ends with copies giving the same winner says so (before: "not decided").

The records are simulated matches (``simulate_match``: the tournament preset with injected wrong follows, and a
standard match played to its end) with a copy of one hand added.
"""
from __future__ import annotations

import re

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


def _hands(match) -> tuple[str, list[str]]:
    parts = re.split(r'(?=^\[Hand ")', format_tgn(match), flags=re.M)
    return parts[0], parts[1:]


def _tag(hand: str, name: str) -> str:
    return re.search(rf'\[{name} "(.*?)"\]', hand).group(1)


def _sheet(hand: str, claim: int | str) -> str:
    """A score sheet of ``hand`` (same number, dealer, trump, level) with the total ``claim``."""
    return (f'[Hand "{_tag(hand, "Hand")}"]\n[Dealer "{_tag(hand, "Dealer")}"]\n[Trump "{_tag(hand, "Trump")}"]\n'
            f'[Level "{_tag(hand, "Level")}"]\n[ResultOnly "yes"]\n[Claim "{claim}"]\n\n')


def _replay(text: str):
    (match,), diags = parse_tgn(text)
    assert [d.code for d in diags] == ["duplicate_hand"]
    return replay_match(match)


@pytest.fixture(scope="module")
def tournament() -> tuple[str, list[str]]:
    """Six hands under the tournament preset: E–W's third wrong follow (hands 1, 2, 6) forfeits the match at the
    end of hand 6; hand 2 holds one wrong follow of each side."""
    head, hands = _hands(simulate_match(3, 0, preset="tournament", violation_rate=0.03))
    assert len(hands) == 6
    m = replay_match(parse_tgn(head + "".join(hands))[0][0])
    assert (m.forfeit, m.forfeit_reasons[1], m.after_end) == (1, "wrong follows", ())
    assert [len(h.violations) for h in m.hands] == [1, 2, 0, 0, 0, 1]
    return head, hands


@pytest.fixture(scope="module")
def played_out() -> tuple[str, list[str]]:
    """A standard match played to its end (seed 4, match 2): N–S pass A in hand 24, its last."""
    head, hands = _hands(simulate_match(4, 1))
    assert len(hands) == 24 and _tag(hands[-1], "Level") == "A" and _tag(hands[-1], "Dealer") == "N"
    m = replay_match(parse_tgn(head + "".join(hands))[0][0])
    assert (m.winner, m.decided_by, m.hands[-1].outcome.match_over) == (0, "passed", True)
    return head, hands


@pytest.fixture(scope="module")
def to_the_cap() -> tuple[str, list[str]]:
    """A standard match stopped at 40 hands (seed 4, match 1): N–S won by the higher level (A against 10)."""
    head, hands = _hands(simulate_match(4, 0))
    assert len(hands) == 40
    m = replay_match(parse_tgn(head + "".join(hands))[0][0])
    assert (m.winner, m.decided_by, m.levels_final) == (0, "levels", (14, 10))
    return head, hands


def test_each_reading_counts_one_copy_of_a_hand(tournament):
    """Hand 2 written twice, the same copy: E–W's count is 2 after it under every reading, not 3 (before: both
    copies' wrong follows were added, E–W forfeited "after hand 2" and hands 3–6 were "after the match")."""
    head, hands = tournament
    m = _replay(head + hands[0] + hands[1] + hands[1] + "".join(hands[2:]))
    assert (m.forfeit, m.forfeit_reasons) == (1, (None, "wrong follows"))
    assert m.after_end == () and [v.code for v in m.problems] == []          # before: after_match_end, 3–6
    assert m.forfeit_known and m.reading_ends == ()
    assert m.levels_final == (4, 3)                                        # the levels after hand 6, before: (4, None)


def test_copies_giving_different_counts_leave_the_forfeit_open_in_words(tournament):
    """Hand 2's second copy a score sheet (no play, no wrong follow): under one copy E–W reach 3 at the end of hand
    6, under the other no side does — the forfeit is not known, said with the copies as the cause; the winner,
    N–S under both, is derived."""
    head, hands = tournament
    m = _replay(head + hands[0] + hands[1] + _sheet(hands[1], _tag(hands[1], "Claim")) + "".join(hands[2:]))
    (u,) = [u for u in m.unknowns if "forfeit" in u.withheld]
    assert u.tag == "Hand"
    assert "whichever copy of hand 2 is right (it is written twice, and the record does not say which)" in u.message_en
    assert "无论第2局的哪一份记录是对的（该局在记录中写了两次，记录未说明哪一份对）" in u.message_zh
    assert "E–W forfeit at the end of hand 6" in u.message_en and "no side forfeits" in u.message_en
    assert " / " not in u.message_zh and "第6局结束时东西方判负" in u.message_zh
    assert m.after_end == () and m.forfeit is None
    assert (m.winner, m.decided_by) == (0, "every reading")
    (d,) = m.derived
    assert d.fact == "winner" and "copy of a hand the record writes more than once" in d.source


def test_a_record_ending_with_copies_giving_the_same_winner_states_it(to_the_cap):
    """The last hand (40) again as a score sheet of 120: E–W end at J under it, at 10 under the full record —
    N–S win by the higher level under both (before: "levels not known", no winner)."""
    head, hands = to_the_cap
    m = _replay(head + "".join(hands) + _sheet(hands[-1], 120))
    assert m.levels_final == (14, None)
    assert (m.winner, m.decided_by) == (0, "levels")
    (d,) = m.derived
    assert (d.fact, d.value) == ("winner", "NS") and "copy of a hand" in d.source
    assert "at N–S A, E–W 10, where the higher level wins" in d.message_en
    assert "at N–S A, E–W J, where the higher level wins" in d.message_en
    assert "（南北方 A、东西方 J）" in d.message_zh and "胜方都是南北方" in d.message_zh
    (u,) = [u for u in m.unknowns if u.tag == "Levels"]
    assert "E–W at 10 or J" in u.message_en and not u.withheld


@pytest.mark.parametrize("sheet_first", [False, True])
def test_a_copy_that_ends_the_match_is_judged_with_every_copy(played_out, sheet_first):
    """Hand 24 (N–S at A pass it) again as a sheet of 80 (attackers take the deal: N–S stay at A, no pass).
    Before: the first copy's pass decided and the sheet was "recorded after the match ended" — or, the sheet
    first, the later copy's pass decided.  Now each copy is a reading: the match ends in hand 24 under one and
    goes on to the record's end under the other, N–S winning under both (by the pass, by the higher level)."""
    head, hands = played_out
    sheet = _sheet(hands[-1], 80)
    copies = sheet + hands[-1] if sheet_first else hands[-1] + sheet
    m = _replay(head + "".join(hands[:-1]) + copies)
    assert [v.code for v in m.problems] == [] and m.after_end == ()
    assert (m.winner, m.decided_by) == (0, "every reading")
    (u,) = [u for u in m.unknowns if "match_end" in u.withheld]
    assert u.tag == "Hand" and "N–S passed the winning level (A) in it, under another not" in u.message_en
    assert "按有的一份南北方在该局打过了获胜级别 A，按另一份没有" in u.message_zh
    (d,) = m.derived
    assert "N–S passed the winning level in hand 24" in d.message_en and "higher level wins" in d.message_en


def test_copies_that_end_the_match_for_different_winners_decide_nothing(played_out):
    """The sheet of 120: E–W take the deal and reach A too — on equal levels the side holding the deal, E–W, wins
    under that copy; N–S passed A under the other.  Before: "N–S won: passed A" (the first copy chosen)."""
    head, hands = played_out
    m = _replay(head + "".join(hands) + _sheet(hands[-1], 120))
    assert m.winner is None and m.derived == ()
    assert any("match_end" in u.withheld for u in m.unknowns)
    assert [v.code for v in m.problems] == []


def test_the_hand_the_match_ended_in_open_between_copies_and_the_next_hand(played_out):
    """A hand 25 after the copies, N–S passing A in it: under the copy that passes the match ended in hand 24,
    under the other in hand 25 — N–S won by the pass either way; which hand it ended in is not known."""
    head, hands = played_out
    nxt = _sheet(hands[-1], 40).replace('[Hand "24"]', '[Hand "25"]').replace('[Dealer "N"]', '[Dealer "S"]')
    m = _replay(head + "".join(hands) + _sheet(hands[-1], 80) + nxt)
    assert (m.winner, m.decided_by) == (0, "passed")
    assert m.after_end == () and [v.code for v in m.problems] == []
    (u,) = [u for u in m.unknowns if "match_end" in u.withheld]
    assert "hand 24 or 25" in u.message_en and "第24或25局" in u.message_zh


def test_copies_giving_the_same_end_change_nothing(played_out):
    """The sheet giving the pass too (a total of 0): decided in hand 24 as by one copy; the sheet is a reading of
    the deciding hand, not a hand recorded after the match (before: after_match_end)."""
    head, hands = played_out
    m = _replay(head + "".join(hands) + _sheet(hands[-1], 0))
    assert (m.winner, m.decided_by, m.reading_ends, m.derived) == (0, "passed", (), ())
    assert [v.code for v in m.problems] == [] and m.after_end == ()


# ---- session 10, second helper (copies2): a repeated number that is the next hand misnumbered; the side holding
# ---- the deal under a copy; a hand merged by the bury readings named by its Buried unknown; the tags documented


def test_a_misnumbered_next_hand_is_one_more_reading_of_the_forfeit(tournament):
    """Hand 2 written as a second ``[Hand "1"]`` (its own dealer N, not hand 1's S; its own deal): read only as a
    copy of hand 1, E–W's count stayed 2 and "N–S won: levels" was stated (before) — but if it is hand 2, E–W's
    third wrong follow forfeits them at the end of hand 6.  Both readings are kept: the forfeit is not known, the
    words say the copy may be the next hand misnumbered; N–S win under every reading."""
    head, hands = tournament
    misnumbered = hands[1].replace('[Hand "2"]', '[Hand "1"]')
    assert _tag(misnumbered, "Dealer") != _tag(hands[0], "Dealer")
    m = _replay(head + hands[0] + misnumbered + "".join(hands[2:]))
    assert not m.forfeit_known and m.forfeit is None                       # before: known, no side forfeited
    (u,) = [u for u in m.unknowns if "forfeit" in u.withheld]
    assert u.tag == "Hand"
    assert "so it may instead be the next hand, hand 2, with its number miswritten" in u.message_en
    assert "E–W forfeit at the end of hand 6" in u.message_en and "no side forfeits" in u.message_en
    assert "也可能是误写了局号的下一局，即第2局" in u.message_zh and "第6局结束时东西方判负" in u.message_zh
    assert " / " not in u.message_zh and "written twice" in u.message_en              # twice, not three times
    assert (m.winner, m.decided_by) == (0, "every reading")               # before: (0, "levels")
    (d,) = m.derived
    assert "E–W forfeit at the end of hand 6" in d.message_en and "higher level wins" in d.message_en


def test_the_hand_after_a_misnumbered_copy_carries_in_what_every_reading_hands_on(played_out):
    """Hands 23 and 24 written as two ``[Hand "22"]``/``[Hand "23"]``: the second "22" (hand 23, its own dealer)
    is one more reading; the hand after the copies carries in what every reading hands on, and the words of
    its not-checked level and dealer say the copy may be the next hand."""
    head, hands = played_out
    text = (head + "".join(hands[:22]) + hands[22].replace('[Hand "23"]', '[Hand "22"]')
            + hands[23].replace('[Hand "24"]', '[Hand "23"]'))
    m = _replay(text)
    (u,) = [u for u in m.hands[-1].unknowns if u.tag == "Levels"]
    assert "hand 22 is written twice; a later copy cannot be the same deal as the first" in u.message_en
    assert "nor whether one is the next hand" in u.message_en and "也未说明是否有一份是下一局" in u.message_zh
    assert "各种读法结果不同" in u.message_zh
    assert (m.winner, m.decided_by) == (0, "passed") and [v.code for v in m.problems] == []


def test_copies_of_one_deal_are_never_read_as_the_next_hand(tournament):
    """Only a copy that cannot be the same deal as written is also read as the next hand: a score sheet of the same
    dealer, or the same hand again, is a copy only (its words unchanged); another dealer, another deal line or
    another play of a seat in a trick both give may be the next hand."""
    from tractor_analysis.engine.hand_copies import may_be_next
    head, hands = tournament
    (match,), _ = parse_tgn(head + hands[1] + hands[1].replace('[Hand "2"]', '[Hand "3"]'))
    h = match.hands[0]
    sheet = parse_tgn(head + _sheet(hands[1], 60))[0][0].hands[0]
    assert not may_be_next(h, h) and not may_be_next(h, sheet)
    import dataclasses
    assert may_be_next(h, dataclasses.replace(h, dealer=(h.dealer + 1) % 4))
    deal = list(h.deal)
    deal[0], deal[1] = deal[1], deal[0]
    assert may_be_next(h, dataclasses.replace(h, deal=tuple(deal)))
    t = h.tricks[0]
    other = dataclasses.replace(t, plays=(dataclasses.replace(t.plays[0], cards=h.tricks[1].plays[0].cards),
                                          *t.plays[1:]))
    assert may_be_next(h, dataclasses.replace(h, deal=None, tricks=(other, *h.tricks[1:])))
    m = _replay(head + hands[0] + hands[1] + _sheet(hands[1], _tag(hands[1], "Claim")) + "".join(hands[2:]))
    assert all("miswritten" not in u.message_en for u in m.unknowns)


@pytest.fixture(scope="module")
def forfeit_in_the_last_hand() -> tuple[str, list[str]]:
    """Four hands under the tournament preset (seed 40): N–S deal hand 4 at 2 against 2, keep the deal, and their
    third wrong follow in it forfeits the match."""
    head, hands = _hands(simulate_match(40, 0, preset="tournament", violation_rate=0.04))
    m = replay_match(parse_tgn(head + "".join(hands))[0][0])
    assert len(hands) == 4 and (m.forfeit, m.forfeit_reasons[0]) == (0, "wrong follows")
    assert m.hands[-1].player_levels_before == (2, 2, 2, 2) and m.hands[-1].outcome.next_dealer in (0, 2)
    return head, hands


def test_the_side_holding_the_deal_under_a_copy_decides_its_end(forfeit_in_the_last_hand):
    """Hand 4 written first as a score sheet of 80 (E–W take the deal, 2 against 2), then in full (N–S keep it and
    forfeit): under the sheet the match goes on to the record's end at equal levels, E–W holding the deal; under
    the full record N–S forfeit — E–W win under both.  Before, the sheet's end read the holder from the record's
    last hand (N–S) and was left undecided: no winner."""
    head, hands = forfeit_in_the_last_hand
    m = _replay(head + "".join(hands[:-1]) + _sheet(hands[-1], 80) + hands[-1])
    assert (m.winner, m.decided_by) == (1, "every reading")                # before: (None, "forfeit not known")
    (going_on,) = [e for e in m.reading_ends if e.forfeit == "none"]
    assert (going_on.levels, going_on.holder) == ((2, 2), 1)
    (d,) = m.derived
    assert "N–S forfeit at the end of hand 4" in d.message_en
    assert "the side holding the deal (under these readings E–W) wins" in d.message_en
    assert "坐庄方（按这一读法为东西方）胜" in d.message_zh and "胜方都是东西方" in d.message_zh


def test_reading_decisions_use_the_holder_an_end_gives():
    """:func:`.scoring.reading_decisions`: a going-on end's own holder decides equal levels, else the match's."""
    import dataclasses
    from tractor_analysis.engine.scoring import MatchFacts, reading_decisions
    from tractor_analysis.engine.verdicts import MatchResult, ReadingEnd
    facts = MatchFacts(finished=True, levels=(5, 5), holder=0, decide_by_levels=True)
    result = MatchResult(hands=(), levels_final=(5, 5), reading_ends=(
        ReadingEnd("none", levels=(5, 5)), ReadingEnd("none", levels=(5, 5), holder=1)))
    assert [t for t, _ in reading_decisions(result, facts)] == [0, 1]
    assert dataclasses.fields(ReadingEnd)[-1].name == "holder"


def test_a_hand_merged_by_the_bury_readings_is_named_by_its_buried_line():
    """Seed 3's second tournament match with hand 4's two buries (炒地皮) written in swapped order: the readings of
    the ``Buried:`` line give E–W different counts.  Before, the match's unknown said "hand 4 leaves a play out"
    (tag ``play``); it names the ``Buried:`` line and the play that contradicts it (tag ``Buried``)."""
    text = format_tgn(simulate_match(3, 1, preset="tournament", violation_rate=0.03))
    line = "Buried: S8 S6 S4 HJ H6 H4 C6 C4 || H3 DA D8 D7 D3 CA CQ C9"
    assert line in text
    (match,), _ = parse_tgn(text.replace(line, "Buried: H3 DA D8 D7 D3 CA CQ C9 || S8 S6 S4 HJ H6 H4 C6 C4"))
    m = replay_match(match)
    (u,) = [u for u in m.unknowns if "forfeit" in u.withheld]
    assert u.tag == "Buried" and "leaves a play out" not in u.message_en
    assert "whichever of hand 4's Buried: line and the play that contradicts it is miscopied" in u.message_en
    assert "无论第4局的 Buried: 一行与同它矛盾的出牌哪一个记错了" in u.message_zh and "记录缺少" not in u.message_zh


def test_the_contradicted_words_name_a_buried_line_as_a_line_and_a_tag_as_a_tag():
    from tractor_analysis.engine.explain_forfeit import open_count_words
    zh, en = open_count_words("contradicted", [4], tags=["Buried"])
    assert "[Buried]" not in en and "Buried: line" in en and "[Buried]" not in zh
    zh, en = open_count_words("contradicted", [4], tags=["Level", "Buried"])
    assert "[Level]" in en and "Buried: line" in en and "[Level]" in zh and "Buried: 一行" in zh


def test_the_unknown_tags_hand_and_buried_are_documented():
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    start = text.index('* `"unknown": [{"tag", "withheld"')
    listed = text[start:text.index("`withheld` naming", start)]
    assert "`Hand`: a hand written more than once whose copies give different forfeit counts or ends" in listed
    assert "`Buried`: a `Buried:` line a play contradicts, judged both ways" in listed

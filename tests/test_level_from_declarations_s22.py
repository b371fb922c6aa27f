"""The level a hand's declarations show, in any hand where nothing else gives it (docs/rules.md §14.1, §9.1).

A referee's tester (session 22): a record that begins at hand 5, no ``[Level]`` and no ``[Levels]``, declarations
``W: C2 | W: C2 C2`` — every verdict was withheld (level unknown), E's revoke too.  A standing declaration shows
cards of the level rank, so the ♣2s fix the level at 2: derived "from [Declarations]" where no level is carried
in for the dealer's side (the record's first hand whatever its number, or after a break in the chain of hands).
Jokers only fix nothing; several ranks fix nothing, and the unknown level says so.  A level carried in (or the
first hand numbered 1, the start) is left as it was."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import BJ, LJ, RANK_OF, RANK_TOKENS, SUIT_OF
from tractor_analysis.records.model import Declaration
from tractor_analysis.simulate import simulate_match

PROBE = Path(__file__).parent / "data" / "referee_s22" / "v8b_nolevel_h5.tgn"


def _keys(h):
    return {(v.code, v.trick, v.seat) for v in h.violations}


def _probe():
    (record,), errors = parse_tgn(PROBE.read_text(encoding="utf-8"))
    assert errors == []
    return record


def test_the_probe_record_hand_five_is_judged_at_the_level_its_declarations_show():
    record = _probe()
    assert record.hands[0].number == 5 and record.hands[0].level is None and record.levels is None
    h = replay_match(record).hands[0]
    assert h.level == 2
    (d,) = [d for d in h.derived if d.fact == "level"]
    assert d.value == "2" and "[Declarations]" in d.source
    assert "from the declarations" in d.message_en and "由亮主推出" in d.message_zh and "E–W at 2" in d.message_en
    assert not [u for u in h.unknowns if u.tag == "Level"]
    # E's revoke (trick 3: a spade on a diamond lead, holding ♦8) is judged now, as at a stated [Level "2"]
    assert ("follow_suit", 3, 1) in _keys(h)
    stated = replay_match(dataclasses.replace(record, hands=(dataclasses.replace(record.hands[0], level=2),)))
    assert _keys(h) == _keys(stated.hands[0])
    assert h.player_levels_before[1] == 2 and h.player_levels_before[0] is None     # N–S's level not named


def _later_hands(seeds=range(1, 30)):
    """Simulated hands after the first, declared with level cards of one rank (their level)."""
    for seed in seeds:
        m = simulate_match(seed, 0, preset="standard", max_hands=5)
        for hand in m.hands[1:]:
            ranks = {RANK_OF[c] for d in hand.declarations for c in d.cards if c not in (LJ, BJ)}
            if hand.level is not None and ranks == {hand.level} and not hand.setup:
                yield m, hand


def test_a_record_beginning_later_or_after_a_gap_takes_the_level_from_the_declarations():
    checked = 0
    for m, hand in _later_hands():
        alone = dataclasses.replace(m, levels=None, hands=(dataclasses.replace(hand, number=7),))
        stated = replay_match(alone).hands[0]
        h = replay_match(dataclasses.replace(alone, hands=(dataclasses.replace(hand, number=7, level=None),))).hands[0]
        assert h.level == hand.level and _keys(h) == _keys(stated)
        # after a break in the chain (hand 2 missing): nothing carried in, the declarations give the level
        first = dataclasses.replace(m.hands[0], number=1)
        gap = dataclasses.replace(m, hands=(first, dataclasses.replace(hand, number=3, level=None)))
        g = replay_match(gap).hands[1]
        assert g.level == hand.level
        assert [d.source for d in g.derived if d.fact == "level"] == ["[Declarations] ([Level] not stated, no level "
                                                                      "carried)"]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def _with_declarations(record, *declarations):
    hand = dataclasses.replace(record.hands[0], declarations=tuple(declarations))
    return replay_match(dataclasses.replace(record, hands=(hand,))).hands[0]


def test_jokers_or_several_ranks_fix_no_level():
    record = _probe()
    hand = record.hands[0]
    c2 = hand.deal[3][0]            # W's ♣2
    assert RANK_OF[c2] == 2
    jokers = [c for c in hand.deal[1] if c in (LJ, BJ)]     # E holds one of each: a joker declared singly
    h = _with_declarations(record, Declaration(1, (jokers[0],)))
    assert h.level is None and not [d for d in h.derived if d.fact == "level"]
    (u,) = [u for u in h.unknowns if u.tag == "Level"]
    assert "several ranks" not in u.message_en
    s2 = next(c for c in hand.deal[3] if RANK_OF[c] == 2 and c != c2)    # W's ♠2 (or ♥2)
    k = next(c for c in hand.deal[0] if RANK_OF[c] == 14)    # N's ace
    h = _with_declarations(record, Declaration(3, (s2,)), Declaration(0, (k,)))
    assert h.level is None and not [d for d in h.derived if d.fact == "level"]
    (u,) = [u for u in h.unknowns if u.tag == "Level"]
    assert "several ranks (2, A)" in u.message_en and "2、A" in u.message_zh


def test_a_level_carried_in_is_not_replaced_by_the_declarations():
    """Hand 2 of a simulated match without [Level]: the level carried (and the dealer) give it, as before."""
    for m, hand in _later_hands():
        if hand.number != 2 or hand.level == 2:
            continue
        h = replay_match(dataclasses.replace(m, hands=(m.hands[0], dataclasses.replace(hand, level=None)))).hands[1]
        assert h.level == hand.level
        assert [d.source for d in h.derived if d.fact == "level"] == ["the levels carried and the dealer"]
        return
    raise AssertionError("no such hand")


# --- a lone [Level] where no level is carried in and no start is known: weighed against every other level ---

LONE = Path(__file__).parent / "data" / "referee_s22" / "level7_h5_nodecl.tgn"
LEVEL_ACTS = {"follow_suit", "follow_pair", "follow_tractor", "follow_triple", "mixed_lead", "throw_failed",
              "wrong_forced_play"}


def _lone():
    (record,), errors = parse_tgn(LONE.read_text(encoding="utf-8"))
    assert errors == [] and record.levels is None and record.hands[0].number == 5
    return record


def _at(record, level):
    """The hand judged at ``level`` as recorded: ``[Levels]`` stating both sides at it (so not weighed)."""
    return replay_match(dataclasses.replace(record, levels=(level, level),
                                            hands=(dataclasses.replace(record.hands[0], level=level),)))


def test_a_lone_level_the_table_s_plays_speak_against_is_weighed_in_a_record_beginning_later():
    """Spring Cup hand 1 (played at 2, no declaration) as hand 5 with ``[Level "7"]``: before, judged at 7 with
    20 violations, the tag never weighed (only in a first hand numbered 1); now judged at 7 and at 2 (the level
    that bears the plays out best), only what both give kept — the faults the level 7 makes are not rulings."""
    record = _lone()
    h = replay_match(record).hands[0]
    at_seven, at_two = _at(record, 7).hands[0], _at(record, 2).hands[0]
    assert sum(v.code in LEVEL_ACTS for v in at_seven.violations) >= 10
    assert not any(v.code in LEVEL_ACTS for v in at_two.violations)
    (u,) = [u for u in h.unknowns if u.tag == "Level"]
    assert "[Level] says 7" in u.message_en and "judged at 2" in u.message_en
    assert "no level carried into the hand" in u.message_en and "没有带入本局的级别" in u.message_zh
    assert "every match starts" not in u.message_en
    assert "legality" in u.withheld
    assert _keys(h) <= _keys(at_seven) & _keys(at_two)
    assert not any(v.code in LEVEL_ACTS for v in h.violations)


def test_a_lone_level_the_hand_bears_out_is_unchanged():
    """The same hand with ``[Level "2"]`` (the level it was played at): not weighed, judged as recorded."""
    record = _lone()
    h = replay_match(dataclasses.replace(record, hands=(dataclasses.replace(record.hands[0], level=2),))).hands[0]
    assert h.level == 2 and not [u for u in h.unknowns if u.tag == "Level"]
    assert not any(v.code in LEVEL_ACTS for v in h.violations)


# --- a lone [Level] against the level the declarations show, where nothing is carried in: the two weighed ---

DECLARED = Path(__file__).parent / "data" / "referee_s22" / "level7_h5_c2_declared.tgn"


def _declared():
    (record,), errors = parse_tgn(DECLARED.read_text(encoding="utf-8"))
    assert errors == [] and record.levels is None and record.hands[0].number == 5
    assert record.hands[0].level == 7 and {RANK_OF[c] for d in record.hands[0].declarations for c in d.cards} == {2}
    return record


def test_a_lone_level_the_declarations_and_cards_speak_against_is_set_aside():
    """The same hand with W's ♣2 and ♣2 ♣2 declared kept: before, judged at 7 with both declarations ✗ against W,
    [Trump] in doubt and 21 violations (17 follow or lead faults against every seat) — the declarations, pointing
    the same way as the cards, turned a withheld ruling into faults signed.  Now [Level] and the declarations are
    two statements weighed by the hand: at 2 the declarations stand and the table breaks no rule, so the tag is set
    aside (the record's own level_mismatch) and the hand judged at 2 — no fault against a player."""
    record = _declared()
    h = replay_match(record).hands[0]
    at_two = _at(record, 2).hands[0]
    assert h.level == 2
    assert not [v for v in h.violations if v.seat is not None]
    assert _keys(h) - {("level_mismatch", None, None)} == _keys(at_two)
    (found,) = [v for v in h.violations if v.code == "level_mismatch"]
    assert found.of_record
    assert "[Level] is 7" in found.message_en and "declarations are all of 2s" in found.message_en
    assert "级牌是 7" in found.message_zh and "亮主都是 2" in found.message_zh
    (d,) = [d for d in h.derived if d.fact == "level"]
    assert d.value == "2" and "[Level]'s 7" in d.message_en
    assert not [u for u in h.unknowns if u.tag in ("Level", "Trump")]


def test_a_lone_level_the_declarations_agree_with_is_unchanged():
    """Guard: the same hand with ``[Level "2"]`` (the declarations' level, the one it was played at): as before."""
    record = _declared()
    h = replay_match(dataclasses.replace(record, hands=(dataclasses.replace(record.hands[0], level=2),))).hands[0]
    assert h.level == 2 and not [u for u in h.unknowns if u.tag == "Level"]
    assert not [v for v in h.violations if v.code in ("level_mismatch", "bad_declaration")]
    assert _keys(h) == _keys(_at(record, 2).hands[0])


def test_declarations_the_table_s_plays_speak_against_leave_both_levels_kept():
    """A simulated hand played at its [Level] (hand 7, nothing carried in), its one declaration replaced by a card
    of another rank of the same suit the declarer holds: the declaration does not stand at [Level], but the table's
    plays bear [Level] out — both kept, what rests on the level withheld, the declarer not faulted while the level
    is in doubt (before: a bad_declaration against the declarer, signed)."""
    checked = 0
    for m, hand in _later_hands():
        (d,) = hand.declarations if len(hand.declarations) == 1 else (None, None)
        if d is None or d.cards[0] in (LJ, BJ):
            continue
        other = next((c for c in hand.deal[d.seat] if c not in (LJ, BJ) and SUIT_OF[c] == SUIT_OF[d.cards[0]]
                      and RANK_OF[c] != hand.level), None)
        if other is None:
            continue
        moved = dataclasses.replace(hand, number=7, declarations=(Declaration(d.seat, (other,)),))
        h = replay_match(dataclasses.replace(m, levels=None, hands=(moved,))).hands[0]
        assert h.level is None or h.level == hand.level
        assert not [v for v in h.violations if v.code == "bad_declaration" and v.seat is not None]
        assert [v.of_record for v in h.violations if v.code == "level_mismatch"] == [False]
        (u,) = [u for u in h.unknowns if u.tag == "Level"]
        assert f"[Level] says {RANK_TOKENS[hand.level]}" in u.message_en
        assert f"the level the declarations show (no level is carried into the hand) is {RANK_TOKENS[RANK_OF[other]]}" \
            in u.message_en and "所记亮主表明的级别" in u.message_zh
        checked += 1
        if checked == 2:
            break
    assert checked == 2

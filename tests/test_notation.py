"""The .tgn parser and formatter: the format.md example, every syntax feature, and every bad input."""
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tractor_analysis.records.cards import BJ, LJ, parse_card
from tractor_analysis.records.diagnostics import CODES
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.model import Declaration, Play

BAD = Path(__file__).parent / "data" / "bad"

EXAMPLE = """\
[Event "Spring Cup 2026"]
[Site "Chengdu"]
[Date "2026.03.14"]
[Round "2"]
[Table "5"]
[North "Zhang Wei"]
[East "Li Na"]
[South "Wang Fang"]
[West "Liu Yang"]
[Ruleset "standard"]          ; a preset name; options may follow as [Rule:bottom_multiplier "pair_doubling"]
[Levels "NS:2 EW:2"]          ; team levels before the first hand (default 2 and 2)

[Hand "1"]                     ; starts a hand; tags after it belong to it
[Dealer "N"]
[Trump "H"]
[Declarations "N: H2 | E: S2 S2"]  ; optional, in order; each is seat: cards, separated by |
Bottom: D5 C9              ; optional, the bottom as dealt
Buried: SK S3              ; optional, the bottom as buried by the dealer
1. N: SA SA, E: S3 S4, S: SK SK, W: S5 S5
2. S: HA, W: H3, N: H9, E: BJ
3. E: CA CK CQ -> CQ, S: C3, W: C4, N: C9   ; a failed throw: attempted, then the forced play
[Claim "85"]                   ; optional: the attackers' total as recorded at the table
"""


def cards(text):
    return tuple(parse_card(t) for t in text.split())


def notation_problems(diags):
    """The diagnostics about the notation: these tests read excerpts of play without deal lines,
    which the reader reports as ``missing_deal`` (docs/format.md; tested in test_never_guess.py)."""
    return [d for d in diags if d.code != "missing_deal"]


def one(text):
    matches, diags = parse_tgn(text)
    assert notation_problems(diags) == [], diags
    assert len(matches) == 1
    return matches[0]


def hand_text(body, head='[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n'):
    return head + body


def test_format_md_example_reads_every_field():
    m = one(EXAMPLE)
    assert (m.event, m.site, m.date, m.round, m.table) == ("Spring Cup 2026", "Chengdu", "2026.03.14", "2", "5")
    assert m.players == ("Zhang Wei", "Li Na", "Wang Fang", "Liu Yang")
    assert m.ruleset == "standard" and m.rules == () and m.levels == (2, 2)
    (h,) = m.hands
    assert (h.number, h.dealer, h.trump, h.claim) == (1, 0, 1, 85)
    assert h.declarations == (Declaration(0, cards("H2")), Declaration(1, cards("S2 S2")))
    assert h.deal is None
    assert h.bottom == cards("D5 C9") and h.buried == cards("SK S3")
    assert [t.number for t in h.tricks] == [1, 2, 3]
    assert [p.seat for p in h.tricks[1].plays] == [2, 3, 0, 1]
    assert h.tricks[1].plays[3].cards == (BJ,)
    throw = h.tricks[2].plays[0]
    assert throw.attempted == cards("CA CK CQ") and throw.cards == cards("CQ")
    assert h.tricks[0].plays[0].line == 19 and h.tricks[0].plays[1].column == 14


def test_format_md_example_formats_canonically_and_reads_back():
    m = one(EXAMPLE)
    text = format_tgn(m)
    assert "3. E: CA CK CQ -> CQ, S: C3, W: C4, N: C9" in text
    assert '[Declarations "N: H2 | E: S2 S2"]' in text
    again, diags = parse_tgn(text)
    assert again == [m] and notation_problems(diags) == []


def test_deal_lines_fill_four_seats_and_a_missing_seat_is_empty():
    h = one(hand_text("N: SA SK\nS: H2\n")).hands[0]
    assert h.deal == (cards("SA SK"), (), cards("H2"), ())


def test_aliases_chinese_cards_seats_and_full_width_punctuation():
    h = one(hand_text("1. 北：黑桃A 大王，东: ♥10 小王, s: ht, W: rj\n")).hands[0]
    plays = h.tricks[0].plays
    assert [p.seat for p in plays] == [0, 1, 2, 3]
    assert plays[0].cards == (parse_card("SA"), BJ)
    assert plays[1].cards == (parse_card("H10"), LJ)
    assert plays[2].cards == (parse_card("H10"),) and plays[3].cards == (BJ,)


def test_annotations_attach_to_play_trick_hand_and_match():
    text = ('{match note}\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n{hand note}\n'
            '1. N: SA {lead; not a comment}, E: S3 {small}, S: SK, W: S5 {last play}\n{trick note}\n')
    m = one(text)
    assert m.notes == ("match note",)
    h = m.hands[0]
    assert h.notes == ("hand note",)
    plays = h.tricks[0].plays
    assert [p.notes for p in plays] == [("lead; not a comment",), ("small",), (), ("last play",)]
    assert h.tricks[0].notes == ("trick note",)


def test_annotation_may_span_lines_and_positions_after_it_stay_right():
    text = hand_text("1. N: SA {a note\nover two lines}, E: S11, S: SK, W: S5\n")
    matches, diags = parse_tgn(text)
    assert matches[0].hands[0].tricks[0].plays[0].notes == ("a note\nover two lines",)
    assert [(d.code, d.line, d.column) for d in notation_problems(diags)] == [("unknown_card", 5, 21)]


def test_escapes_in_tag_values_and_annotations():
    m = one('[Event "say \\"hi\\" \\\\ ok; [x]"]\n[Hand "1"]\n[Dealer "N"]\n[Trump "H"]\n'
            '1. N: SA {a \\} brace \\\\ and {open}\n')
    assert m.event == 'say "hi" \\ ok; [x]'
    assert m.hands[0].tricks[0].plays[0].notes == ("a } brace \\ and {open",)


def test_unknown_tags_are_kept_verbatim_at_match_and_hand_level():
    m = one('[Annotator "Li"]\n[Hand "1"]\n[Dealer "N"]\n[Trump "NT"]\n[TimeControl "none"]\n')
    assert m.tags == (("Annotator", "Li"),)
    assert m.hands[0].tags == (("TimeControl", "none"),) and m.hands[0].trump is None
    assert '[TimeControl "none"]' in format_tgn(m)


def test_position_tags_setup_points_first_trick_friend_level():
    m = one('[Rule:friend "on"]\n[Hand "4"]\n[SetUp "1"]\n[Trump "S"]\n[Level "10"]\n[Points "35"]\n'
            '[FirstTrick "20"]\n[Friend "SA"]\nN: SA\nE: S3\nS: SK\nW: S5\n20. N: SA, E: S3, S: SK, W: S5\n')
    h = m.hands[0]
    assert (h.setup, h.points, h.first_trick, h.level, h.friend, h.dealer) == (True, 35, 20, 10, parse_card("SA"), None)
    assert m.rules == (("friend", "on"),)


def test_multiple_hands_and_comments():
    text = EXAMPLE + '\n[Hand "2"] ; next\n[Dealer "E"]\n[Trump "NT"]\n1. E: BJ, S: LJ, W: H2, N: H3\n'
    m = one(text)
    assert [h.number for h in m.hands] == [1, 2]
    assert m.hands[1].dealer == 1 and m.hands[1].trump is None


# --- bad input: one test per case, with code, line and column ---------------

@pytest.mark.parametrize("name,expected", [
    ("unknown_card.tgn", [("unknown_card", 5, 20)]),
    ("too_many_copies.tgn", [("too_many_copies", 6, 7)]),
    ("unknown_seat.tgn", [("unknown_seat", 5, 11)]),
    ("duplicate_seat.tgn", [("duplicate_seat", 5, 18)]),
    ("trick_sequence.tgn", [("trick_sequence", 6, 1)]),
    ("first_trick.tgn", [("trick_sequence", 5, 1)]),
    ("unclosed_tag.tgn", [("unclosed_tag", 2, 1)]),
    ("unclosed_annotation.tgn", [("unclosed_annotation", 5, 10)]),
    ("unclosed_quote.tgn", [("unclosed_quote", 2, 8)]),
    ("tag_outside_hand.tgn", [("tag_outside_hand", 3, 1)]),
    ("duplicate_hand.tgn", [("duplicate_hand", 7, 1)]),
    ("missing_tag.tgn", [("missing_tag", 2, 1), ("missing_tag", 2, 1)]),
    ("bad_rules.tgn", [("unknown_preset", 1, 11), ("unknown_rule", 2, 7), ("bad_rule_value", 3, 22)]),
    ("comments_only.tgn", [("empty_file", 1, 1)]),
])
def test_bad_input_fixture_reports_code_line_and_column(name, expected):
    matches, diags = parse_tgn((BAD / name).read_text("utf-8"))
    assert [(d.code, d.line, d.column) for d in notation_problems(diags)] == expected
    # each fixture's played hands are excerpts without deal lines: each is reported, at its [Hand]
    played = [h for m in matches for h in m.hands if h.tricks and h.deal is None and not h.setup]
    assert [(d.line, d.column) for d in diags if d.code == "missing_deal"] == [(h.line, 1) for h in played]
    for d in diags:
        assert d.code in CODES
        assert " / " in d.message          # English / 中文
        assert d.text or d.code == "empty_file"


def test_unknown_card_drops_only_that_play_and_keeps_the_trick_and_the_rest():
    matches, diags = parse_tgn((BAD / "unknown_card.tgn").read_text("utf-8"))
    h = matches[0].hands[0]
    assert [p.seat for p in h.tricks[0].plays] == [0, 2, 3]
    assert len(h.tricks) == 2 and len(h.tricks[1].plays) == 4
    assert "S11" in diags[0].message and "dropped" in diags[0].message
    assert diags[0].hand == 1 and diags[0].trick == 1


def test_duplicate_seat_keeps_the_first_play():
    matches, _ = parse_tgn((BAD / "duplicate_seat.tgn").read_text("utf-8"))
    plays = matches[0].hands[0].tricks[0].plays
    assert [p.seat for p in plays] == [0, 1, 3] and plays[0].cards == cards("SA")


def test_out_of_sequence_trick_is_kept_with_its_written_number():
    matches, diags = parse_tgn((BAD / "trick_sequence.tgn").read_text("utf-8"))
    assert [t.number for t in matches[0].hands[0].tricks] == [1, 3]
    assert "expected" not in diags[0].message or "2" in diags[0].message


def test_unclosed_annotation_recovers_at_the_next_trick_line():
    matches, _ = parse_tgn((BAD / "unclosed_annotation.tgn").read_text("utf-8"))
    tricks = matches[0].hands[0].tricks
    assert [t.number for t in tricks] == [1, 2] and len(tricks[1].plays) == 4


def test_unclosed_tag_and_quote_lose_only_their_line():
    for name in ("unclosed_tag.tgn", "unclosed_quote.tgn"):
        matches, _ = parse_tgn((BAD / name).read_text("utf-8"))
        assert matches[0].event is None
        assert matches[0].hands[0].dealer == 0 and len(matches[0].hands[0].tricks) == 1


def test_duplicate_hand_keeps_both_hands():
    matches, _ = parse_tgn((BAD / "duplicate_hand.tgn").read_text("utf-8"))
    assert [(h.number, h.dealer) for h in matches[0].hands] == [(1, 0), (1, 1)]


def test_missing_dealer_is_fine_in_a_position():
    matches, diags = parse_tgn('[Hand "1"]\n[SetUp "1"]\n[Trump "H"]\nN: SA\n1. N: SA\n')
    assert diags == []


def test_first_trick_tag_moves_the_expected_first_number():
    _, diags = parse_tgn('[Hand "1"]\n[SetUp "1"]\n[FirstTrick "7"]\n[Trump "H"]\n7. N: SA\n8. E: S3\n')
    assert diags == []


@pytest.mark.parametrize("text,code,line,column", [
    ('[Levels "NS:2 EW:Z"]\n', "bad_value", 1, 10),
    (hand_text('[Points "many"]\n'), "bad_value", 4, 10),
    (hand_text('[Dealer "Q"]\n'), "unknown_seat", 4, 10),
    (hand_text('[Trump "X"]\n'), "bad_value", 4, 9),
    (hand_text('[Friend "S1"]\n'), "unknown_card", 4, 10),
    (hand_text('[Declarations "N: H2 | Q: S2"]\n'), "unknown_seat", 4, 24),
    (hand_text('[Declarations "N: H2 | E: S22"]\n'), "unknown_card", 4, 27),
    (hand_text('[Ruleset "tournament"]\n'), "tag_inside_hand", 4, 1),
    (hand_text('[Dealer "E"]\n'), "duplicate_tag", 4, 1),
    (hand_text('Botom: SA\n'), "syntax_error", 4, 1),
    (hand_text('Q: SA\n'), "unknown_seat", 4, 1),
    (hand_text('1. N: SA\nN: SK\n'), "syntax_error", 5, 1),
    (hand_text('1 N: SA\n'), "syntax_error", 4, 1),
    (hand_text('1. N SA, E: S3\n'), "syntax_error", 4, 4),
    (hand_text('N: SA SA\nBottom: SA\n'), "too_many_copies", 5, 9),
    ('1. N: SA\n', "tag_outside_hand", 1, 1),
    ('N: SA\n', "tag_outside_hand", 1, 1),
    ('[Hand "one"]\n[Dealer "N"]\n[Trump "H"]\n', "bad_value", 1, 8),
    ('[Hand "1"] junk\n[Dealer "N"]\n[Trump "H"]\n', "syntax_error", 1, 12),
    ('[Hand 1]\n', "syntax_error", 1, 1),
    ('hello world\n', "syntax_error", 1, 1),
])
def test_each_bad_line_gives_its_code_at_its_position(text, code, line, column):
    _, diags = parse_tgn(text)
    assert (code, line, column) in [(d.code, d.line, d.column) for d in diags], diags


def test_one_bad_trick_line_loses_nothing_else():
    text = hand_text("1. N: SA, E: S3, S: SK, W: S5\n2 N: oops\n3. N: HA, E: H3, S: H9, W: BJ\n[Claim \"0\"]\n")
    matches, diags = parse_tgn(text)
    assert [d.code for d in notation_problems(diags)] == ["syntax_error", "trick_sequence"]
    h = matches[0].hands[0]
    assert [t.number for t in h.tricks] == [1, 3] and h.claim == 0


FUZZ_PIECES = list('[]{}"\\;:.,-> \n\tNESW123SAHKQJ大王北') + ['[Hand "1"]', "\n1. ", '[Event "', "\\"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FUZZ_PIECES), max_size=80).map("".join))
def test_any_text_gives_diagnostics_never_a_traceback(text):
    matches, diags = parse_tgn(text)
    assert len(matches) <= 1
    for d in diags:
        assert d.code in CODES and d.line >= 1 and d.column >= 1


def full_two_deck_match(hands=10, seed=7):
    """A complete 2-deck match: 25 cards each, tricks of 1 to 3 cards, every card played."""
    import random
    from tractor_analysis.records.model import Hand, Match, Trick
    rnd = random.Random(seed)
    out = []
    for number in range(1, hands + 1):
        deck = [k for k in range(54) for _ in range(2)]
        rnd.shuffle(deck)
        held = [deck[i * 25:(i + 1) * 25] for i in range(4)]
        tricks, t, leader = [], 1, number & 3
        while held[0]:
            k = min(rnd.choice((1, 1, 2, 3)), len(held[0]))
            plays = []
            for i in range(4):
                seat = (leader + i) & 3
                plays.append(Play(seat, tuple(held[seat][:k])))
                del held[seat][:k]
            tricks.append(Trick(t, tuple(plays)))
            t += 1
            leader = rnd.randrange(4)
        out.append(Hand(number=number, dealer=number & 3, trump=1, level=2,
                        deal=tuple(tuple(deck[i * 25:(i + 1) * 25]) for i in range(4)),
                        bottom=tuple(deck[100:]), buried=tuple(deck[100:]), tricks=tuple(tricks)))
    return Match(event="bench", ruleset="standard", hands=tuple(out))


def test_a_full_ten_hand_two_deck_match_round_trips():
    """The bench-sized record (speed itself is measured in bench/, never asserted in a test)."""
    m = full_two_deck_match()
    text = format_tgn(m)
    assert parse_tgn(text) == ([m], [])
    assert sum(len(p.cards) for h in m.hands for t in h.tricks for p in t.plays) == 10 * 100

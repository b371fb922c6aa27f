"""A referee writes a position by hand: the typos people make get a message that says what
to fix, at the right line:column, and the record is read as meant wherever that is certain."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tractor_analysis.records.cards import TOKEN
from tractor_analysis.records.tgn_reader import parse_tgn

HEAD = """[North "Anna"]
[East "Bo"]
[South "Chen"]
[West "Dai"]

[Hand "3"]
[Dealer "E"]
[Trump "H"]
[Level "5"]
[SetUp "1"]
[FirstTrick "22"]
N: SA SK S3 S3
E: S9 S9 C4 C5
S: SQ SJ D3 D4
W: S10 S8 S7 D5
"""
LINE = 16           # the trick line's number in HEAD + trick
GOOD = "22. E: S9 S9, S: SQ SJ, W: S10 S8, N: SA SK"


def read(trick: str, head: str = HEAD):
    matches, diags = parse_tgn(head + trick + "\n")
    plays = matches[0].hands[0].tricks[0].plays if matches and matches[0].hands[0].tricks else ()
    return [(p.seat, tuple(TOKEN[c] for c in p.cards)) for p in plays], diags


def test_a_missing_comma_between_plays_is_reported_at_the_seat_and_both_plays_kept():
    want, _ = read(GOOD)
    plays, diags = read("22. E: S9 S9 S: SQ SJ, W: S10 S8, N: SA SK")
    assert plays == want
    assert [(d.code, d.line, d.column) for d in diags] == [("syntax_error", LINE, 14)]
    assert "missing ','" in diags[0].message and "缺少 ','" in diags[0].message


def test_a_missing_comma_keeps_each_annotation_on_its_play():
    matches, diags = parse_tgn(HEAD + "22. E: S9 S9 {lead} S: SQ SJ {south}, W: S10 S8, N: SA SK {north}\n")
    plays = matches[0].hands[0].tricks[0].plays
    assert [p.notes for p in plays] == [("lead",), ("south",), (), ("north",)]
    assert [(p.line, p.column) for p in plays][1] == (LINE, 21)
    assert [(d.line, d.column) for d in diags] == [(LINE, 21)]


def test_seats_written_as_english_words_are_read():
    want, _ = read(GOOD)
    plays, diags = read("22. East: S9 S9, south: SQ SJ, W: S10 S8, NORTH: SA SK")
    assert plays == want and diags == []
    matches, diags = parse_tgn(HEAD.replace('[Dealer "E"]', '[Dealer "East"]').replace("N: SA", "North: SA")
                               + GOOD + "\n")
    assert diags == [] and matches[0].hands[0].dealer == 1
    assert matches[0].hands[0].deal[0] != ()


def test_curly_quotes_in_a_tag_are_read_as_quotes():
    matches, diags = parse_tgn(HEAD.replace('[Dealer "E"]', "[Dealer “W”]") + GOOD + "\n")
    assert diags == [] and matches[0].hands[0].dealer == 3


def test_a_semicolon_between_plays_says_the_rest_is_a_comment():
    plays, diags = read("22. E: S9 S9, S: SQ SJ; W: S10 S8, N: SA SK")
    assert len(plays) == 2
    assert [(d.code, d.line, d.column) for d in diags] == [("syntax_error", LINE, 23)]
    assert "';' starts a comment" in diags[0].message and "注释" in diags[0].message


def test_a_comment_after_a_whole_trick_is_only_a_comment():
    plays, diags = read(GOOD + "  ; N: should have played S3 S3")
    assert len(plays) == 4 and diags == []
    plays, diags = read("22. E: S9 S9  ; the rest was not seen by the referee")
    assert len(plays) == 1 and diags == []


def test_commas_between_cards_are_explained():
    _, diags = read("22. E: S9,S9, S: SQ SJ, W: S10 S8, N: SA SK")
    assert [(d.line, d.column) for d in diags] == [(LINE, 11)]
    assert "cards are separated by spaces" in diags[0].message and "空格" in diags[0].message


def test_a_trick_number_without_its_dot_is_named():
    _, diags = read("22 E: S9 S9, S: SQ SJ, W: S10 S8, N: SA SK")
    assert [(d.code, d.line, d.column) for d in diags] == [("syntax_error", LINE, 1)]
    assert "missing '.' after the trick number 22" in diags[0].message


SEATS = "NESW"
POOL = ["SA", "HK", "D10", "C2", "BJ", "LJ", "S5", "H9", "DQ", "CJ", "S7", "H3"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=2, max_size=12, unique=True), st.data())
def test_leaving_out_any_one_comma_loses_no_play(tokens, data):
    """A trick line of 2-4 plays (distinct cards) read with and without one of its commas."""
    n = data.draw(st.integers(2, min(4, len(tokens))))
    cuts = sorted(data.draw(st.lists(st.integers(1, len(tokens) - 1), min_size=n - 1, max_size=n - 1,
                                     unique=True)))
    chunks = [tokens[a:b] for a, b in zip([0] + cuts, cuts + [len(tokens)])]
    plays = [f"{SEATS[i]}: {' '.join(c)}" for i, c in enumerate(chunks)]
    head = '[Hand "1"]\n[Dealer "N"]\n[Trump "NT"]\n[SetUp "1"]\n'
    want, diags = read("1. " + ", ".join(plays), head)
    assert diags == [] and len(want) == n
    gap = data.draw(st.integers(0, n - 2))
    line = "1. " + ", ".join(plays[:gap + 1]) + " " + ", ".join(plays[gap + 1:])
    got, diags = read(line, head)
    assert got == want
    assert [d.code for d in diags] == ["syntax_error"]
    column = line.index(" " + plays[gap + 1]) + 2
    assert (diags[0].line, diags[0].column) == (5, column)


def test_full_width_letters_and_digits_in_cards_are_read():
    """A Chinese IME in full-width mode types Ｋ and １０: read as K and 10."""
    want, _ = read(GOOD)
    plays, diags = read("22. E: S9 S9, S: ＳＱ 黑桃Ｊ, W: S１０ S8, N: SA SK")
    assert plays == want and diags == []


def test_json_seat_with_a_trailing_space_and_card_messages_in_chinese():
    from tractor_analysis.records import parse_json

    doc = ('{"hands": [{"number": 1, "dealer": "E ", "trump": "H", "setup": true,\n'
           ' "tricks": [[{"seat": "E", "cards": ["S99"]}, {"seat": "S", "cards": ["ＳＱ"]}]]}]}')
    matches, diags = parse_json(doc)
    assert matches[0].hands[0].dealer == 1
    assert [d.code for d in diags] == ["unknown_card"]
    en, zh = diags[0].message.split(" / ", 1)
    assert "the play of E" in en and zh == "第 1 局第 1 轮：E 的出牌中的牌 'S99' 无法识别（应如 S10、HA、♥Q、BJ）；该出牌已舍弃"
    assert [TOKEN[c] for c in matches[0].hands[0].tricks[0].plays[0].cards] == ["SQ"]


def test_trump_written_as_an_english_word_is_read():
    from tractor_analysis.records import parse_json

    for word, trump in (("Hearts", 1), ("spades", 0), ("No trump", None), ("CLUBS", 3)):
        matches, diags = parse_tgn(HEAD.replace('[Trump "H"]', f'[Trump "{word}"]') + GOOD + "\n")
        assert diags == [] and matches[0].hands[0].trump == trump, word
        matches, diags = parse_json('{"hands": [{"number": 1, "dealer": "N", "trump": "%s", "tricks": []}]}' % word)
        assert diags == [] and matches[0].hands[0].trump == trump, word
    _, diags = parse_tgn(HEAD.replace('[Trump "H"]', '[Trump "Hartz"]') + GOOD + "\n")
    assert [d.code for d in diags] == ["bad_value"]

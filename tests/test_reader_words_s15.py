"""The record readers' words (session 15): both halves of a message say the same; a quote of the
record is its own text; trick numbers typed on a Chinese keyboard.

1. Every message a reader of ``tractor_analysis/records`` builds from an English and a Chinese half
   gives in the Chinese the same facts as in the English: the quotes, numbers, tags, option names and
   lists (``unknown rule option 'x' (expected one of decks, …)`` said the list only in English).
2. A ``cannot read '…'`` quote is the record's text as written (full-width ``：`` ``，`` kept), and a
   quote shortened ends with ``…``.
3. A trick line numbered with full-width digits (``２.``), or with ``．`` or ``、`` after its number,
   is read as the trick line it is: the same tricks as the ASCII line gives.
"""
import re

import pytest

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn, tgn_reader
from tractor_analysis.records.json_reader import parse_json
from tractor_analysis.records.rulesets import OPTION_DOCS, PRESETS, BottomMultiplier
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match

_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
_QUOTE = re.compile(r"(?<![A-Za-z])'(?:[^'\\]|\\.)*'(?![A-Za-z])|\"(?:[^\"\\]|\\.)*\"")
_TEMPLATE_WORDS = {"cards": "牌", "SEAT": "座位", "Name": "名称", "value": "值", "name": "名称"}
"""Words of a form a message shows (``'N: cards'``) that the Chinese half shows translated (``'N: 牌'``)."""


def _halves(message: str) -> tuple[str, str]:
    """The English and the Chinese half of a message (split at the first `` / `` after which Chinese
    comes soon)."""
    parts = message.split(" / ")
    for k in range(1, len(parts)):
        if _CJK.search(parts[k][:30]):
            return " / ".join(parts[:k]), " / ".join(parts[k:])
    raise AssertionError(f"no Chinese half: {message!r}")


def _facts(half: str, english: bool) -> set[str]:
    """What a half says that the other half must say too: its quotes (a form's words translated), its
    numbers, its [Tags] and its option names."""
    out = set()
    for m in _QUOTE.finditer(half):
        q = m.group()
        if english:         # a form ('N: cards', [Name "value"]), not a JSON key ("cards")
            words = _TEMPLATE_WORDS if q[0] == "'" else ("Name", "value", "name")
            q = re.sub(r"\b(" + "|".join(words) + r")\b", lambda w: _TEMPLATE_WORDS[w.group()], q)
        out.add(q)
    rest = _QUOTE.sub(" ", half)
    out |= {"#" + n for n in re.findall(r"\d+", rest)}
    out |= set(re.findall(r"\[[^\]\s]+\]", rest))
    out |= set(re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", rest))
    return out


def _same_facts(message: str) -> None:
    en, zh = _halves(message)
    fe, fz = _facts(en, True), _facts(zh, False)
    assert fe == fz, f"{message}\n  only in English: {sorted(fe - fz)}\n  only in Chinese: {sorted(fz - fe)}"


def _messages(text: str, code: str | None = None) -> list[str]:
    _, diags = parse_tgn(text)
    return [d.message for d in diags if code is None or d.code == code]


HAND = '[Hand "1"]\n[Dealer "N"]\n[Trump "S"]\n[Level "2"]\n'


# --- 1. the halves say the same ------------------------------------------------------------------

def test_an_unknown_rule_option_is_listed_with_the_options_in_both_halves():
    (msg,) = _messages('[Rule:nonexistent "1"]\n' + HAND, "unknown_rule")
    en, zh = _halves(msg)
    for name in OPTION_DOCS:
        assert name in en and name in zh, (name, msg)
    assert "'nonexistent'" in zh


def test_a_bad_rule_value_gives_the_values_taken_and_the_bad_value_in_both_halves():
    (msg,) = _messages('[Rule:bottom_multiplier "bogus"]\n' + HAND, "bad_rule_value")
    en, zh = _halves(msg)
    for m in BottomMultiplier:
        assert m.value in en and m.value in zh, (m.value, msg)
    assert "'bogus'" in en and "'bogus'" in zh and "bottom_multiplier" in zh


def test_an_unknown_preset_is_listed_with_the_presets_in_both_halves():
    (msg,) = _messages('[Ruleset "grandmaster"]\n' + HAND, "unknown_preset")
    en, zh = _halves(msg)
    for name in PRESETS:
        assert name in en and name in zh, (name, msg)


def test_a_line_that_is_no_trick_line_says_so_in_both_halves():
    (msg,) = _messages(HAND + "1. N: S3\n2) N: D6 D6, E: DJ DJ\n", "syntax_error")
    en, zh = _halves(msg)
    assert "'2) N: D6 D6, E: DJ DJ'" in en and "'2) N: D6 D6, E: DJ DJ'" in zh, msg
    assert "(number, dot, plays separated by commas)" in en
    assert "逗号" in zh and "轮次" in zh, msg        # the parenthesis, in Chinese too


_TGN_CASES = [
    # rules and match tags
    '[Rule:nonexistent "1"]\n[Rule:bottom_multiplier "bogus"]\n[Rule:friend "maybe"]\n[Rule:decks "7"]\n'
    '[Rule:throw_penalty "per_card x"]\n[Rule:revoke_forfeit "x"]\n[Rule:must_play "Z"]\n[Rule:win_level "Z"]\n'
    '[Rule:throw_penalty_points "-3"]\n[Ruleset "grandmaster"]\n[Levels "NS:2 NS:3"]\n' + HAND,
    '[Event "x"] junk\n', '[Event x]\n', '[Event "x"\n', '[Event "x" \n', '[Event "x"]\n[Event "y"]\n',
    '[Dealer "N"]\n[Claim "5"]\n' + HAND,
    # hand tags
    HAND + '[Declarations "N S2 | Q: S2 | E: S2 QQ | W: QH"]\n[Takebacks "Q"]\n[Points "abc"]\n[Claim "99999"]\n'
           '[Dealer "Q"]\n[Trump "X"]\n[Level "Z"]\n[SetUp "maybe"]\n[BidFor "maybe"]\n[ResultOnly "maybe"]\n'
           '[Friend "QH"]\n[Friend "ZZ"]\n[FirstTrick "0"]\n[Event "late"]\n[Trump "S"]\n',
    '[Hand "x"]\n[Hand "1"]\n[Hand "1"]\n',
    '[Hand "1"]\n[Trump "S"]\n',
    '[Hand "1"]\n[ResultOnly "yes"]\n',
    '[Hand "1"]\n[ResultOnly "yes"]\n[Claim "?"]\n[Dealer "N"]\n',
    '[Hand "1"]\n[ResultOnly "yes"]\n[Dealer "N"]\n[Trump "S"]\n1. N: S3\n',
    # deal, bottom and buried lines
    'N: S2\n1. N: S2\n',
    HAND + 'hello world no colon here at all, none\nFoo: S2\nQ: S2\nN: S2 QH ZZ\nN: S2\nBottom: S3\n'
           'Bottom: S3, S4\nBuried: S3 || ZZ\nE: S2 S2 S2\n1. N: S2\nW: S5\n',
    HAND + '[SetUp "1"]\nN: S2 S3\nE: S4\nS: S5 ZZ\nW: S6\n1. N: S2\n',
    # trick lines
    HAND + '1. N: S2\n2) N: D6 D6, E: DJ DJ\n22 E: S2\n3. N: S2, S3\n4. Q: S2\n5. N: S2, N: S3\n6. N: S2 E: S3\n'
           '7. N: XX\n1000. N: S2\n9. N: S2 ; E: S3, S: S4\n11.\n12. N: S4 S4 S4, E: H2 -> H2\n14. N: S2\n',
    '1. N: S2\n',
    HAND + '[Event "x\n{open note\n1. N: S2\n',
    HAND + '{open note\n',
]


@pytest.mark.parametrize("text", _TGN_CASES)
def test_each_half_of_a_tgn_message_says_what_the_other_says(text):
    messages = _messages(text)
    assert messages
    for msg in messages:
        _same_facts(msg)


_JSON_CASES = [
    '{"hands": [{"number": 1, "dealer": "N", "trump": "S", "level": "2", '
    '"tricks": [[{"seat": "N", "cards": ["S11"]}, {"seat": "N", "cards": ["S3"]}]]}]}',
    '{"hands": [{"number": 1, "dealer": "N", "trump": "S", "level": "2", "tricks": "x"}]}',
    '{"hands": [], "levels": {"NS": "Z"}, "ruleset": "grandmaster", "rules": {"nonexistent": "1", "friend": "q"}}',
    '{"hands": [], "levels": {"XX": "2"}}',
    '{"hands": [], "levels": ["2"]}',
    '{"hands": [], "players": {"Q": "x"}}',
    '{"hands": [], "rules": ["x"]}',
    '{"hands": [], "tags": 3}',
    '{"hands": [{"number": 1, "deal": {"Q": []}}]}',
    '{"hands": [{"number": 1, "takebacks": 3}]}',
    '{"hands": [{"number": 1, "declarations": 3}]}',
    '{"hands": [{"number": 1, "dealer": "N", "trump": "S", "result_only": true, "tricks": [[{"seat": "N", '
    '"cards": ["S3"]}]]}, {"number": 1, "result_only": true}]}',
    '{"class": 1}',
    '[1]',
    '{"hands": [',
]


@pytest.mark.parametrize("text", _JSON_CASES)
def test_each_half_of_a_json_message_says_what_the_other_says(text):
    _, diags = parse_json(text)
    assert diags
    for d in diags:
        _same_facts(d.message)


def test_a_json_problem_says_where_it_is_in_both_halves():
    _, diags = parse_json('{"hands": [{"number": 3, "dealer": "N", "trump": "S", "level": "2", '
                          '"tricks": [[{"seat": "N", "cards": ["S11"]}]]}]}')
    (msg,) = [d.message for d in diags if d.code == "unknown_card"]
    en, zh = _halves(msg)
    assert en.startswith("hand 3, trick 1: ") and zh.startswith("第 3 局第 1 轮："), msg


# --- 2. a quote is the record's own text ---------------------------------------------------------

def _quote(message: str) -> str:
    return re.search(r"cannot read (?:play )?'((?:[^'\\]|\\.)*)'", message).group(1)


@pytest.mark.parametrize("line", [
    "2)N：D6 D6，E：DJ DJ，S：DQ D4，W：DK D3",          # no dot: full-width marks kept in the quote
    "2) N: D6 D6, E: DJ DJ, S: DQ D4, W: DK D3",
    "hello，world this line has no colon at all and goes on",
])
def test_a_cannot_read_quote_is_the_line_as_written_and_ends_with_an_ellipsis_when_shortened(line):
    msgs = [m for m in _messages(HAND + "1. N: S3\n" + line + "\n") if "cannot read" in m]
    assert msgs
    for msg in msgs:
        shown = _quote(msg)
        if shown.endswith("…"):
            assert line.startswith(shown[:-1]) and len(shown) - 1 < len(line), msg
        else:
            assert shown == line, msg
        en, zh = _halves(msg)
        assert f"'{shown}'" in zh, msg


def test_a_play_quote_is_the_play_as_written():
    (msg,) = [m for m in _messages(HAND + "1. N：S3，D6 D6 D7 D8 D9 D10 DJ DQ DK DA H2 H3 H4\n") if "cannot read" in m]
    shown = _quote(msg)
    assert shown.endswith("…") and "D6 D6 D7 D8 D9 D10 DJ DQ DK DA H2 H3 H4".startswith(shown[:-1]), msg


def test_a_quote_of_a_commented_rest_ends_with_an_ellipsis_when_shortened():
    rest = " E: S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK, S: H2"
    (msg,) = [m for m in _messages(HAND + "1. N: S2;" + rest + "\n") if "starts a comment" in m]
    shown = re.search(r"\('((?:[^'\\]|\\.)*)'\)", msg).group(1)
    assert shown.endswith("…") and rest.strip().startswith(shown[:-1]), msg


# --- 3. trick numbers typed on a Chinese keyboard -------------------------------------------------

def _record() -> str:
    m = simulate_match(7, 0, rules=PRESETS["standard"], violation_rate=0.05, max_hands=2)
    return format_tgn(m)


_FULL_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")


def _typed(text: str, how: str) -> str:
    """``text`` with each trick line's number written as a Chinese keyboard may type it."""
    def one(m):
        number, rest = m.group(1), m.group(2)
        if how == "digits":
            return number.translate(_FULL_DIGITS) + "." + rest
        if how == "period":
            return number + "．" + rest
        if how == "dunhao":
            return number + "、" + rest
        if re.search(r'[{;"]', rest):      # (an annotation's or a comment's text stays as it is)
            return number.translate(_FULL_DIGITS) + "．" + rest
        return number.translate(_FULL_DIGITS) + "．" + rest.replace(": ", "：").replace(", ", "，")
    return re.sub(r"(?m)^(\d+)\.( [NESW]:.*)$", one, text)


@pytest.mark.parametrize("how", ["digits", "period", "dunhao", "all"])
def test_a_trick_number_typed_full_width_or_with_a_chinese_stop_reads_as_the_ascii_line(how):
    text = _record()
    typed = _typed(text, how)
    assert typed != text
    matches, diags = parse_tgn(text)
    typed_matches, typed_diags = parse_tgn(typed)
    assert typed_diags == diags
    assert typed_matches == matches
    assert replay_match(typed_matches[0]) == replay_match(matches[0])


@pytest.mark.parametrize("line", ["２. N: D6 D6, E: DJ DJ", "2．N：D6 D6，E：DJ DJ", "2、N: D6 D6, E: DJ DJ",
                                  "１２ 、 N: D6 D6"])
def test_a_single_typed_trick_line_gives_the_trick_of_the_ascii_line(line):
    ascii_line = line.translate(str.maketrans("０１２３４５６７８９．、：，", "0123456789..:,"))
    got = parse_tgn(HAND + line + "\n")
    want = parse_tgn(HAND + ascii_line + "\n")
    assert got == want
    assert got[0][0].hands[0].tricks and not [d for d in got[1] if d.code == "syntax_error"]


def test_a_full_width_number_without_its_dot_is_said_to_miss_the_dot():
    (msg,) = _messages(HAND + "２ N: D6 D6, E: DJ DJ\n")
    assert "missing '.' after the trick number 2" in msg and "unknown line label" not in msg


def test_the_format_documents_the_full_width_trick_number():
    text = open("docs/format.md", encoding="utf-8").read()
    para = text[text.index("Full-width"):][:900]
    assert "．" in para and "、" in para and "２" in para


def test_a_plain_ascii_record_is_read_without_the_python_line_reader(monkeypatch):
    """The speed of plain lines: a record of plain ASCII lines never reaches ``_handle`` for a trick line."""
    text = _record()
    seen = []
    real = tgn_reader._handle
    monkeypatch.setattr(tgn_reader, "_handle", lambda st, body, *a: (seen.append(body), real(st, body, *a)))
    parse_tgn(text)
    plain = {ln for ln in text.splitlines() if re.match(r"\d+\. ", ln) and not re.search(r'[;{"]|->', ln)}
    assert len(plain) > 20
    if tgn_reader._PLAIN_LINES is not None:
        assert not plain & set(seen)


@pytest.mark.parametrize("line", ["2、N: D6 D6, E: DJ DJ", "２．N：D6 D6，E：DJ DJ"])
def test_an_annotation_left_open_stops_at_a_typed_trick_line(line):
    """An annotation left open cannot run past a line that starts a trick: one typed on a Chinese
    keyboard starts one too (it is read as the trick it is, not as the note's text)."""
    text = HAND + "1. N: S3 {a note left open\n" + line + "\n"
    matches, diags = parse_tgn(text)
    (note,) = [d for d in diags if d.code == "unclosed_annotation"]
    assert "kept up to line 5" in note.message and "第 5 行" in note.message
    assert [t.number for t in matches[0].hands[0].tricks] == [1, 2]

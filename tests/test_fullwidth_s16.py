"""Full-width seats and tag values (a Chinese input method in full-width mode, docs/format.md "Lexical rules").

A referee's tester found that the ``.tgn`` reader read full-width cards (``Ｃ２``) and trick numbers (``１．``)
but refused the seats and tag values the same input method types the same way: ``１．Ｗ：Ｃ２ …`` dropped every
play (``unknown seat 'Ｗ'``), a deal line ``Ｎ：…`` was dropped (the hand then "legality not fully judged"),
``[Dealer "Ｗ"]`` and ``[Level "２"]`` were refused, and ``[Claim "６５"]`` was "not a whole number".  Each such
record now reads as its ASCII twin: the same match, no diagnostic, and the same ``tractor check --json``
(the same hands and verdicts).  Text (names, ``[Event]``, ``[Round]``, tags the reader does not know,
annotations) is kept as written, and what is still refused says it is full-width, in both languages.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.records.tgn_reader import parse_tgn

ROOT = Path(__file__).resolve().parent.parent
_SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
BASE = _SAMPLE[:_SAMPLE.index('\n[Hand "2"]')].rstrip("\n") + "\n"
"""The sample's first hand (a legal hand, claim 60): the tester's ``base.tgn``."""

_WIDE = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)} | {" ": "\u3000"})


def wide(text: str) -> str:
    """``text`` as a Chinese input method in full-width mode types it (``W: C2`` → ``Ｗ：　Ｃ２``)."""
    return text.translate(_WIDE)


def _edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _check_json(tmp_path: Path, name: str, text: str, monkeypatch) -> dict:
    """``tractor check --json`` of ``text`` written as ``r.tgn`` in its own folder (the same path for both
    twins, so the documents compare whole)."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "r.tgn").write_text(text, encoding="utf-8")
    monkeypatch.chdir(folder)
    r = CliRunner().invoke(main, ["check", "--json", "r.tgn"], catch_exceptions=False)
    return {"exit": r.exit_code, "doc": json.loads(r.stdout)}


def assert_reads_as(full: str, ascii_twin: str, tmp_path: Path, monkeypatch) -> None:
    """``full`` reads as ``ascii_twin``: the same match, the same diagnostics (none from the full-width text),
    and the same ``tractor check --json`` (hands, verdicts, exit status)."""
    assert full != ascii_twin
    got, got_diags = parse_tgn(full)
    want, want_diags = parse_tgn(ascii_twin)
    assert [(d.code, d.line, d.column) for d in got_diags] == [(d.code, d.line, d.column) for d in want_diags]
    assert got == want
    assert _check_json(tmp_path, "full", full, monkeypatch) == _check_json(tmp_path, "ascii", ascii_twin, monkeypatch)


# --- the tester's four records ---------------------------------------------------------------------------

_TRICK_1 = "1. W: C2 C2 S2 S2, N: CQ CJ C7 C3, E: C8 C8 C4 C3, S: CA CJ C7 C6"


def test_v1_a_trick_line_typed_full_width_reads_as_its_ascii_twin(tmp_path, monkeypatch):
    """``１． Ｗ： Ｃ２ Ｃ２ Ｓ２ Ｓ２， Ｎ： …``: every play was dropped (``unknown seat 'Ｗ'``)."""
    full = _edit(BASE, _TRICK_1, "１． Ｗ： Ｃ２ Ｃ２ Ｓ２ Ｓ２， Ｎ： ＣＱ ＣＪ Ｃ７ Ｃ３， Ｅ： Ｃ８ Ｃ８ Ｃ４ Ｃ３， Ｓ： ＣＡ ＣＪ Ｃ７ Ｃ６")
    assert parse_tgn(full)[1] == []
    assert_reads_as(full, BASE, tmp_path, monkeypatch)


def test_v12_a_deal_line_and_dealer_and_level_typed_full_width_read_as_their_ascii_twin(tmp_path, monkeypatch):
    """``[Dealer "Ｗ"]``, ``[Level "２"]``, ``Ｎ：H2 …``: refused, N's deal dropped, "legality not fully judged"."""
    full = _edit(_edit(_edit(BASE, '[Dealer "W"]', '[Dealer "Ｗ"]'), '[Level "2"]', '[Level "２"]'),
                 "\nN: H2 D2", "\nＮ：H2 D2")
    assert parse_tgn(full)[1] == []
    assert_reads_as(full, BASE, tmp_path, monkeypatch)
    doc = _check_json(tmp_path, "again", full, monkeypatch)
    assert doc["exit"] == 0 and doc["doc"]["files"][0]["hands"][0]["legal"] is True


def test_v9_a_claim_typed_full_width_reads_as_the_ascii_number(tmp_path, monkeypatch):
    """``[Claim "６５"]`` is 65, as ``[Claim "65"]``: the same claim_mismatch (the plays give 60), no bad_value."""
    full = _edit(BASE, '[Claim "60"]', '[Claim "６５"]')
    twin = _edit(BASE, '[Claim "60"]', '[Claim "65"]')
    assert parse_tgn(full)[0][0].hands[0].claim == 65
    assert_reads_as(full, twin, tmp_path, monkeypatch)


def test_the_four_together_read_as_the_ascii_record(tmp_path, monkeypatch):
    full = _edit(BASE, _TRICK_1, wide(_TRICK_1))
    for old in ('[Dealer "W"]', '[Level "2"]', '[Claim "60"]'):
        name, value = old[1:-1].split(" ")
        full = _edit(full, old, f"[{name} {wide(value)}]".replace("＂", '"'))
    full = _edit(full, "\nN: H2 D2", "\n" + wide("N: H2 D2"))
    assert '[Claim "６０"]' in full and "\nＮ：　Ｈ２　Ｄ２" in full
    assert_reads_as(full, BASE, tmp_path, monkeypatch)


# --- one kind at a time ----------------------------------------------------------------------------------

@pytest.mark.parametrize("old, new", [
    ("2. W: DK DK, N: DJ DJ", "2. Ｗ: DK DK, Ｎ: DJ DJ"),                        # ASCII marks, full-width seats
    ("3. W: D7, N: DA, E: D8, S: D5", "３．Ｗ：Ｄ７，Ｎ：ＤＡ，Ｅ：Ｄ８，Ｓ：Ｄ５"),            # no spaces at all
    ("4. N: S7 S7, E: S8 S6", "4. ｎ： S7 S7,\u3000ｅ： S8 S6"),                     # lower case, U+3000
    ("14. N: SJ S8 -> S8", "14. Ｎ： ＳＪ Ｓ８ －＞ Ｓ８"),                              # a failed throw's arrow
])
def test_a_seat_in_a_trick_line_typed_full_width(old, new, tmp_path, monkeypatch):
    assert_reads_as(_edit(BASE, old, new), BASE, tmp_path, monkeypatch)


@pytest.mark.parametrize("old, new", [
    ("\nN: H2 D2", "\nＮ：H2 D2"),
    ("\nE: BJ LJ", "\nＥ: BJ LJ"),
    ("\nS: BJ LJ", "\nＳｏｕｔｈ：　ＢＪ　ＬＪ"),
    ("\nBottom: D3", "\nＢｏｔｔｏｍ：Ｄ３"),
    ("\nBuried: SQ", "\nＢｕｒｉｅｄ：　ＳＱ"),
])
def test_a_deal_bottom_or_buried_line_typed_full_width(old, new, tmp_path, monkeypatch):
    assert_reads_as(_edit(BASE, old, new), BASE, tmp_path, monkeypatch)


@pytest.mark.parametrize("old, new", [
    ('[Dealer "W"]', '[Dealer "Ｗ"]'),
    ('[Dealer "W"]', '[Dealer "\u3000ｗ "]'),
    ('[Declarations "W: C2 | W: C2 C2"]', '[Declarations "Ｗ：Ｃ２ ｜ Ｗ：Ｃ２ Ｃ２"]'),
    ('[Scorer "周立 Zhou Li"]', '[Scorer "周立 Zhou Li"]\n[Takebacks "Ｎ　Ｓ，Ｅ"]'),
    ('[Scorer "周立 Zhou Li"]', '[Scorer "周立 Zhou Li"]\n[Friend "ＳＡ"]'),
    ('[Trump "C"]', '[Trump "Ｃ"]'),
])
def test_a_seat_or_card_tag_typed_full_width(old, new, tmp_path, monkeypatch):
    twin_new = new.translate({c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: " "})
    assert_reads_as(_edit(BASE, old, new), _edit(BASE, old, twin_new), tmp_path, monkeypatch)


@pytest.mark.parametrize("old, new, twin", [
    ('[Claim "60"]', '[Claim "６５"]', '[Claim "65"]'),
    ('[Claim "60"]', '[Claim "\u3000６０\u3000"]', '[Claim "60"]'),
    ('[Claim "60"]', '[Claim "？"]', '[Claim "?"]'),
    ('[Claim "60"]', '[Claim "－５"]', '[Claim "-5"]'),
    ('[Hand "1"]', '[Hand "１"]', '[Hand "1"]'),
    ('[Hand "1"]', '[Hand "７"]', '[Hand "7"]'),
])
def test_a_number_tag_typed_full_width(old, new, twin, tmp_path, monkeypatch):
    assert_reads_as(_edit(BASE, old, new), _edit(BASE, old, twin), tmp_path, monkeypatch)


def test_a_position_s_points_and_first_trick_typed_full_width(tmp_path, monkeypatch):
    """``[SetUp "１"]``, ``[Points "２５"]``, ``[FirstTrick "１５"]`` of a position (the last two tricks)."""
    head, tricks = BASE.split("\nN: H2 D2", 1)
    last = tricks[tricks.index("15. W: H2"):]
    twin = head + '\n[SetUp "1"]\n[Points "55"]\n[FirstTrick "15"]\n' + last
    full = head + '\n[SetUp "１"]\n[Points "５５"]\n[FirstTrick "１５"]\n' + last
    assert_reads_as(full, twin, tmp_path, monkeypatch)
    hand = parse_tgn(full)[0][0].hands[0]
    assert hand.setup and hand.points == 55 and hand.first_trick == 15


@pytest.mark.parametrize("old, new, twin", [
    ('[Level "2"]', '[Level "２"]', '[Level "2"]'),
    ('[Level "2"]', '[Level "Ｔ"]', '[Level "T"]'),
    ('[Levels "NS:2 EW:2"]', '[Levels "ＮＳ：２\u3000ＥＷ：２"]', '[Levels "NS:2 EW:2"]'),
    ('[Levels "NS:2 EW:2"]', '[Levels "ＮＳ：２ ＥＷ：？"]', '[Levels "NS:2 EW:?"]'),
])
def test_a_level_tag_typed_full_width(old, new, twin, tmp_path, monkeypatch):
    assert_reads_as(_edit(BASE, old, new), _edit(BASE, old, twin), tmp_path, monkeypatch)


def test_a_rule_value_typed_full_width(tmp_path, monkeypatch):
    full = _edit(BASE, '[Rule:decide_by_levels "on"]', '[Rule:decide_by_levels "ｏｎ"]')
    assert_reads_as(full, BASE, tmp_path, monkeypatch)


# --- text stays as written; what is refused says it is full-width -----------------------------------------

def test_text_tags_keep_their_full_width_text_while_seats_and_numbers_are_read():
    text = BASE
    for old, new in (('[Event "Spring Cup 2026 春季杯"]', '[Event "Ｓｐｒｉｎｇ Ｃｕｐ ２０２６"]'),
                     ('[Site "成都 Chengdu"]', '[Site "成都\u3000Ｃｈｅｎｇｄｕ"]'),
                     ('[Round "2"]', '[Round "２"]'), ('[Table "5"]', '[Table "５"]'),
                     ('[Date "2026.03.14"]', '[Date "２０２６.０３.１４"]'),
                     ('[North "张伟"]', '[North "Ｚｈａｎｇ Ｗｅｉ"]'), ('[Scorer "周立 Zhou Li"]', '[Scorer "Ｚｈｏｕ"]'),
                     ('[Dealer "W"]', '[Dealer "Ｗ"]'), ('[Claim "60"]', '[Claim "６０"]'),
                     ("2. W: DK DK,", "2. Ｗ： ＤＫ ＤＫ {Ｎ： ｏｋ},")):
        text = _edit(text, old, new)
    (m,), diags = parse_tgn(text)
    assert diags == []
    hand = m.hands[0]
    assert hand.dealer == 3 and hand.claim == 60 and hand.tricks[1].plays[0].seat == 3        # read
    assert (m.event, m.site, m.round, m.table, m.date) == (
        "Ｓｐｒｉｎｇ Ｃｕｐ ２０２６", "成都\u3000Ｃｈｅｎｇｄｕ", "２", "５", "２０２６.０３.１４")     # kept as written
    assert m.players[0] == "Ｚｈａｎｇ Ｗｅｉ" and ("Scorer", "Ｚｈｏｕ") in hand.tags
    assert "Ｎ： ｏｋ" in hand.tricks[1].plays[0].notes


def _messages(text: str) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.line, d.column, d.message) for d in parse_tgn(text)[1]]


def test_a_full_width_seat_still_refused_says_it_is_full_width():
    """``Ｘ`` is read as ``X``, which is no seat: the message names the place, quotes ``Ｘ`` as written, says it
    is full-width and what it was read as, and what is expected — in both languages."""
    text = _edit(_edit(_edit(BASE, "2. W: DK DK, N: DJ DJ", "2. W: DK DK, Ｘ： DJ DJ"), '[Dealer "W"]', '[Dealer "Ｘ"]'),
                 "\nN: H2 D2", "\nＸ：H2 D2")
    got = {(code, line): (column, msg) for code, line, column, msg in _messages(text)}
    lines = text.split("\n")
    trick = next(i for i, ln in enumerate(lines, 1) if ln.startswith("2. "))
    deal = next(i for i, ln in enumerate(lines, 1) if ln.startswith("Ｘ："))
    dealer = next(i for i, ln in enumerate(lines, 1) if ln.startswith("[Dealer"))
    for key, column, expected_en, expected_zh in (
            (("unknown_seat", trick), 14, "expected N, E, S or W); the play is dropped", "应为 N、E、S 或 W）；该出牌已舍弃"),
            (("unknown_seat", deal), 1, "expected N, E, S or W)", "应为 N、E、S 或 W）"),
            (("unknown_seat", dealer), 10, "expected N, E, S or W, or", "应为 N、E、S 或 W，未知时写")):
        assert key in got, (key, got)
        col, msg = got[key]
        en, zh = msg.split(" / ")
        assert col == column
        assert "'Ｘ' is in full-width characters, read as 'X'; " + expected_en in en, en
        assert "'Ｘ' 是全角字符，按 'X' 读取；" + expected_zh in zh, zh


def test_a_full_width_number_still_refused_says_it_is_full_width():
    (msg,) = [m for m in _messages(_edit(BASE, '[Claim "60"]', '[Claim "６５分"]')) if m[0] == "bad_value"]
    en, zh = msg[3].split(" / ")
    assert "[Claim] takes a whole number" in en and "'６５分' is in full-width characters, read as '65分'" in en
    assert "[Claim] 应为整数" in zh and "'６５分' 是全角字符，按 '65分' 读取" in zh
    (msg,) = [m for m in _messages(_edit(BASE, '[Level "2"]', '[Level "Ｚ"]')) if m[0] == "bad_value"]
    assert "'Ｚ' is in full-width characters, read as 'Z'; expected 2..10" in msg[3] and "'Ｚ' 是全角字符" in msg[3]

"""The words a referee reads (session 24's wording findings).

1. Cards in words are written with their suit symbols in both languages (♣4, 大王), never as the record's tokens
   (C4, BJ) beside them: "every one of them, and besides them C4" sat in a sentence that wrote ♣4 elsewhere.  The
   reader's words may quote what the record wrote (in quotes, or a hint of the card syntax), nothing else.
2. A ``too_many_copies`` of a hand's plays said "the record does not prove which copy is miscopied" next to the
   engine's record finding that proves it (a ``wrong_count``: the ♦9 written too many is trick 8's): it now points at
   that play, and where the engine's findings speak of more than one place the reader's words say what the count
   alone cannot tell, never that the record does not prove it.
3. The reader's words of a ``[Hand "?"]`` hand named it by its place number (hand 3) before the clash with the hand
   the record numbers 3 was found: they now name it by its place in the file, its diagnostics kept under the number
   it is stored under.
4. The text of ``check`` and ``replay`` printed that stand-in number ("hand 0 第0局"): the place is shown instead.
"""
from __future__ import annotations

import ast
import dataclasses
import json
import re
from pathlib import Path

import pytest

from cli_runs import run_in
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.sources import load_file
from tractor_analysis.records.tgn_cards import copies_words, play_copy_words
from tractor_analysis.records.tgn_reader import parse_tgn

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tractor_analysis" / "engine"
SAMPLE = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
HAND_1 = SAMPLE[:SAMPLE.index('[Hand "2"]')]
EVENT_R1T1 = (ROOT / "tests" / "data" / "event" / "r1t1.tgn").read_text(encoding="utf-8")

RAW = re.compile(r"(?<![A-Za-z0-9])[SHDC](10|[2-9JQKA])\b")
"""A card written as the record's token (``C4``, ``S10``), not with its suit symbol."""
QUOTED = re.compile(r"(?<=[(（\s])'[^'\n]*'(?=[)）\s,;:])|\(expected e\.g\. [^)]*\)|（应如[^）]*）")
"""What the reader quotes of the record (``'HK HQ -> HQ'``) and its hint of the card syntax: written as typed."""
WORDS = {"message_zh", "message_en", "message", "zh", "en"}


def _changed(text: str, line: str, new: str) -> str:
    """``text`` with the trick line starting ``line`` written ``new``."""
    i = text.index("\n" + line) + 1
    return text[:i] + new + text[text.index("\n", i):]


# N's follow in trick 8 written with a ♦9 too many (N plays its ♦9 in trick 15): the engine's record finding, a
# wrong_count, proves the copy written too many is this one (tests/test_one_slip_s23.py)
X6 = _changed(HAND_1, "8. S: S3", "8. S: S3, W: DQ, N: D9 S4 {D9 划掉 / D9 crossed out}, E: SK")
# tests/data/event/r1t1.tgn (hands 1..5) written 1, 2, ?, 3, 5, the ? hand marked [ResultOnly] though it is played:
# its place would make it hand 3, the number the record gives the hand after it
UNPLACED = re.sub(r'\[Hand "\d+"\]', lambda m, it=iter(["1", "2", "?", "3", "5"]): f'[Hand "{next(it)}"]',
                  EVENT_R1T1).replace('[Hand "?"]', '[Hand "?"]\n[ResultOnly "yes"]', 1)


def _words(obj, out: list[str], seen: set[int]) -> None:
    """Every message string of ``obj`` (a replay's results), walked through its dataclasses and tuples."""
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name, None)
            if isinstance(value, str):
                if f.name in WORDS:
                    out.append(value)
            else:
                _words(value, out, seen)
    elif isinstance(obj, (tuple, list)):
        for value in obj:
            _words(value, out, seen)


def _raw_tokens(path: Path) -> list[str]:
    """The words of ``path`` (the reader's diagnostics, the engine's verdicts) that write a card as a token."""
    loaded = load_file(path)
    words = [d.message for d in loaded.diagnostics]
    for match in loaded.matches:
        _words(replay_match(match), words, set())
    return [w for w in words if RAW.search(QUOTED.sub("", w))]


def _records(tmp_path: Path) -> list[Path]:
    built = {"x6.tgn": X6, "unplaced.tgn": UNPLACED}
    for name, text in built.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    data = sorted(p for p in (ROOT / "tests" / "data").rglob("*")
                  if p.is_file() and p.name.endswith((".tgn", ".json", ".jsonl", ".gz")))
    return sorted((ROOT / "sample_logs").glob("*.tgn")) + sorted((ROOT / "sample_logs").glob("*.json")) + data + \
        [tmp_path / name for name in built]


def test_no_word_of_the_reader_or_the_engine_writes_a_card_as_its_token(tmp_path):
    found = {str(p): raw for p in _records(tmp_path) if (raw := _raw_tokens(p))}
    # before: 'besides them C4', '3 copies of SA', 'the called card C5', 'buried S3 SQ …', 'D8×3', 'N still holds HQ'
    assert found == {}


def test_the_check_finds_a_token_and_leaves_a_quote():
    assert RAW.search(QUOTED.sub("", "W's deal line gives W 25 cards: besides them C4"))
    assert not RAW.search(QUOTED.sub("", "W's play is written as a failed throw ('HK HQ -> HQ') after another"))
    assert not RAW.search(QUOTED.sub("", "unknown card 'S11' (expected e.g. S10, HA, ♥Q, BJ); dropped"))


def _tokens_formatted(path: Path) -> list[tuple[str, int]]:
    """The functions of ``path`` that format a card with ``cards.TOKEN``: (function, line) each."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(fn.name, node.lineno) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
            for node in ast.walk(fn) if isinstance(node, ast.Name) and node.id == "TOKEN"]


@pytest.mark.parametrize("path", sorted(ENGINE.glob("explain*.py")), ids=lambda p: p.name)
def test_the_explanations_write_cards_with_their_suit_symbols(path):
    allowed = {("explain_throw_arrows.py", "throw_arrow_value")}     # a check --json value, as a record writes it
    assert [f for f, _ in _tokens_formatted(path) if (path.name, f) not in allowed] == []


def test_the_card_played_beyond_a_short_line_is_written_with_its_suit_symbol():
    (m,), _ = parse_tgn((ROOT / "tests" / "data" / "referee_s23" / "dealer_long_follow.tgn").read_text("utf-8"))
    (u,) = [u for u in replay_match(m).hands[0].unknowns if "every one of them" in u.message_en]
    assert "every one of them, and besides them ♣4 —" in u.message_en     # before: besides them C4
    assert "此外还打出了 ♣4——" in u.message_zh


# --- 2. the reader's words and the engine's finding of which copy ---------------------------------------------

def test_the_copy_the_engine_finds_written_too_many_is_the_one_shown(tmp_path):
    path = tmp_path / "x6.tgn"
    path.write_text(X6, encoding="utf-8")
    (doc,) = json.loads(run_in("check", "--json", path).stdout)["files"]
    (e,) = [e for e in doc["errors"] if e["code"] == "too_many_copies"]
    (finding,) = [v for h in doc["hands"] for v in h["violations"] if v["about"] == "record"]
    assert finding["code"] == "wrong_count" and finding["trick"] == 8
    en, zh = e["message"].split(" / ")
    # before: "the record does not prove which copy is miscopied", at trick 15's ♦9
    assert "does not prove" not in en and "无法证明" not in zh
    assert "the copy N played in trick 8, this one, is derived to be the miscopied one" in en
    assert "推出记错的是第 8 轮北家出的这一张" in zh
    row = X6.splitlines()[e["line"] - 1]
    assert row.startswith("8. ") and e["trick"] == 8


def test_a_count_the_engine_speaks_of_at_two_plays_is_not_said_unproven():
    over = (0, "3 copies of ♠2 in the plays of hand 1, but 2 decks hold only 2", "第 1 局的出牌中有 3 张 ♠2，而 2 副牌只有 2 张",
            False)
    en, zh = play_copy_words(over, None, None, 1, True, findings=2)
    assert "does not prove" not in en and "无法证明" not in zh
    assert "the count alone does not tell which copy is miscopied" in en and "hand 1's record findings" in en
    assert "仅凭张数看不出记错的是哪一张" in zh and "第 1 局的记录问题" in zh
    en, zh = play_copy_words(over, None, None, 1, True)                  # no finding: the record does not prove it
    assert "the record does not prove which copy is miscopied" in en and "无法证明" in zh


def test_copies_of_the_lines_the_decks_prove_in_two_lines_are_not_said_unproven():
    seen = (0, 3, 2, (("dealN", 21, 5), ("dealE", 22, 7), ("bottom", 25, 9)))
    en, zh = copies_words(seen, (25, 9), None, None, 1, True, findings=True)
    assert "does not prove" not in en and "无法证明" not in zh
    assert "the count alone does not tell which copy is miscopied" in en and "仅凭张数看不出" in zh
    assert "♠2" in en and "S2" not in en


# --- 3 and 4. a hand whose number is not known, named by its place ----------------------------------------------

def test_the_readers_words_name_a_hand_without_a_number_by_its_place():
    (match,), diags = parse_tgn(UNPLACED)
    assert [h.number for h in match.hands] == [1, 2, 0, 3, 5]
    (d,) = [d for d in diags if "[ResultOnly]" in d.message]
    en, zh = d.message.split(" / ")
    # before: "hand 3 is marked [ResultOnly] …" / "第 3 局标为 [ResultOnly]", and d.hand 3 — the next hand's number
    assert en.startswith("the 3rd hand in the file is marked [ResultOnly]") and "hand 3" not in en
    assert zh.startswith("文件中第3手标为 [ResultOnly]") and "第 3 局" not in zh
    assert d.hand == 0


def test_a_hand_whose_place_number_is_its_own_keeps_its_number_in_words():
    text = UNPLACED.replace('[Hand "3"]', '[Hand "4"]', 1)              # 1, 2, ?, 4, 5: the ? hand is hand 3
    (match,), diags = parse_tgn(text)
    assert [h.number for h in match.hands] == [1, 2, 3, 4, 5]
    (d,) = [d for d in diags if "[ResultOnly]" in d.message]
    assert d.message.startswith("hand 3 is marked [ResultOnly]") and d.hand == 3


def test_the_text_of_check_and_replay_shows_the_place_not_the_stand_in(tmp_path):
    path = tmp_path / "unplaced.tgn"
    path.write_text(UNPLACED, encoding="utf-8")
    out = run_in("check", path).stdout
    assert "hand 0" not in out.replace("stored as hand 0", "") and "第0局" not in out    # before: "hand 0 第0局"
    (head,) = [line for line in out.splitlines() if line.startswith("  the 3rd hand in the file 文件中第3手")]
    assert "1 parse error above" in head
    # the hand the record numbers 3 is not given the ? hand's parse error (before: "1 parse error above" on it)
    (three,) = [line for line in out.splitlines() if line.startswith("  hand 3 第3局")]
    assert "parse error" not in three
    replay = run_in("replay", path).stdout
    assert any(line.startswith("the 3rd hand in the file 文件中第3手") for line in replay.splitlines())
    assert "hand 0 第0局" not in replay

"""Four display defects a referee would notice (session 6, H4).

Each test failed before its fix:

1. ``tractor check`` printed record text (a player's name, the event, the file's name) as it is: a
   name holding U+202E (RIGHT-TO-LEFT OVERRIDE) or an unclosed U+2066 (LEFT-TO-RIGHT ISOLATE)
   reordered the rest of the terminal line in a terminal that applies the bidi algorithm.  The
   controls are now shown escaped (``\\u202e``, as the diagnostics quote record text).
2. "the bottom's third card ♥10 fixes trump H": the card by its suit symbol, the trump by the
   record's letter; the trump is now named as the Chinese half names it, by its suit (hearts / 红桃).
3. A hand whose level is not known was laid out at level 2: the 2s were shaded as trumps (and a
   ruling whose trump suit is known said nothing of it).
4. The ruling is Chinese first throughout (``lang="zh-Hans"``, every label 中文 English), but the
   score of a hand not scored said "80 so far / 已得".
"""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.engine import explain_hand
from tractor_analysis.records.cards import BJ, LJ, RANK_OF, SUIT_NAMES_EN, SUIT_NAMES_ZH, SUIT_OF, card, parse_cards
from tractor_analysis.reports.card_display import display_groups, display_order, held_in_display_order

ROOT = Path(__file__).resolve().parent.parent
SPRING = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text("utf-8")
DISPUTED = (ROOT / "sample_logs" / "disputed-trick.tgn").read_text("utf-8")
OURGAME = ROOT / "tests" / "data" / "declaration_fixes" / "nobody_declared_ourgame.tgn"
SEED3 = (ROOT / "tests" / "data" / "seed3" / "hand-1.tgn").read_text("utf-8")

RLO, LRI, PDI = "\u202e", "\u2066", "\u2069"
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _first_hand(text: str) -> str:
    return text[:text.index('[Hand "2"]')]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


# --- 1: record text in check's terminal lines ------------------------------------------------------

def bidi_names_record() -> str:
    """Hand 1 of the spring cup (W deals, E deals next) with every name holding an unbalanced bidi
    control, and the event too."""
    return (_first_hand(SPRING)
            .replace('[North "张伟"]', f'[North "张{RLO}伟"]')
            .replace('[East "李娜"]', f'[East "{LRI}李娜"]')
            .replace('[South "王芳"]', f'[South "王芳{RLO}{LRI}"]')
            .replace('[West "刘洋"]', f'[West "刘{LRI}洋{RLO}"]')
            .replace('[Event "Spring Cup 2026 春季杯"]', f'[Event "Spring{RLO} Cup"]'))


def test_record_text_escapes_the_controls_and_leaves_the_rest():
    from tractor_analysis.cli.verdict_text import record_text
    assert record_text("张伟 Zhang Wei") == "张伟 Zhang Wei"
    assert record_text("أحمد") == "أحمد"                      # right-to-left letters are record text, kept
    assert record_text(f"Liu{RLO}") == "Liu\\u202e"
    assert record_text(f"{LRI}李娜{PDI}") == "\\u2066李娜\\u2069"
    assert record_text("a\x1b[2Kb\tc") == "a\\x1b[2Kb\\tc"       # a terminal escape cannot rewrite the line
    for ch in BIDI_CONTROLS | {"\u2028", "\u2029", "\x00", "\x7f", "\x9b", "\n", "\r"}:
        shown = record_text(f"x{ch}y")
        assert shown.isprintable() and shown.startswith("x\\") and shown.endswith("y"), repr(ch)
        assert record_text(shown) == shown                   # escaping twice changes nothing


def test_check_text_shows_bidi_controls_in_names_event_and_file_name_escaped(tmp_path):
    path = _write(tmp_path, f"cup{RLO}.tgn", bidi_names_record())
    r = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False)
    assert not BIDI_CONTROLS & set(r.output), [line for line in r.output.splitlines()
                                               if BIDI_CONTROLS & set(line)]
    assert "cup\\u202e.tgn" in r.output and "Spring\\u202e Cup" in r.output
    assert "dealer 庄 W 刘\\u2066洋\\u202e  level 级 2" in r.output
    assert "next dealer 下庄 E \\u2066李娜; levels 级" in r.output
    assert "claim 记录 60" in r.output
    # the facts around the names read as they would with plain names
    plain = CliRunner().invoke(main, ["check", str(_write(tmp_path, "plain.tgn", _first_hand(SPRING)))])
    def facts(text):
        text = re.sub(r"\\u[0-9a-f]{4}", "", text)
        return re.sub(r"cup\.tgn|plain\.tgn|Spring Cup 2026 春季杯|Spring Cup", "", text)
    assert facts(r.output) == facts(plain.output)


def test_check_text_escapes_a_violation_s_seat_name_and_position(tmp_path):
    text = DISPUTED.replace('[North "张伟"]', f'[North "张伟{RLO}"]')
    path = _write(tmp_path, f"d{LRI}.tgn", text)
    r = CliRunner().invoke(main, ["check", str(path)], catch_exceptions=False)
    assert not BIDI_CONTROLS & set(r.output)
    assert re.search(r"✗.*trick 20 第20轮  N 张伟\\u202e  .*follow_pair.*d\\u2066\.tgn:28:15", r.output), r.output


def test_check_text_of_a_streamed_file_escapes_too(tmp_path, monkeypatch):
    """A big JSON Lines file is checked a match at a time (``check_streamed``): "big" made small here."""
    from tractor_analysis.records import streaming

    record = _write(tmp_path, "cup.tgn", bidi_names_record())
    jsonl = tmp_path / f"cup{RLO}.jsonl"
    c = CliRunner().invoke(main, ["convert", str(record), "-o", str(jsonl)], catch_exceptions=False)
    assert c.exit_code == 0, c.output
    monkeypatch.setattr(streaming, "STREAM_ABOVE", 100)
    r = CliRunner().invoke(main, ["check", str(jsonl)], catch_exceptions=False)
    assert "dealer 庄 W" in r.output, r.output             # the hands were read and printed
    assert not BIDI_CONTROLS & set(r.output)
    assert "cup\\u202e.jsonl" in r.output and "W 刘\\u2066洋\\u202e" in r.output


# --- 2: the trump the bottom's third card fixes ---------------------------------------------------

def test_the_third_bottom_card_s_trump_is_named_by_its_suit_in_both_halves():
    for suit in range(4):
        recorded = (suit + 1) % 4
        zh, en = explain_hand.no_declaration_trump_mismatch(suit, recorded, card(suit, 10))
        assert f"主应为{SUIT_NAMES_ZH[suit]}" in zh and f"记录的主却是{SUIT_NAMES_ZH[recorded]}" in zh
        assert f"fixes trump {SUIT_NAMES_EN[suit]}," in en, en
        assert f"the record says trump is {SUIT_NAMES_EN[recorded]}" in en, en
        assert not re.search(r"\btrump (is )?[SHDC]\b", en), en
    zh, en = explain_hand.no_declaration_trump_mismatch(None, 2, parse_cards("BJ")[0])
    assert en.endswith("the record says trump is diamonds") and zh.endswith("记录的主却是方块")
    zh, en = explain_hand.no_declaration_trump_mismatch(2, None, parse_cards("D9")[0])
    assert "fixes trump diamonds, but the record says the hand is played without trump (NT)" in en


def test_the_declarations_trump_is_named_the_same_way():
    zh, en = explain_hand.declared_trump_mismatch(1, 0)
    assert en == "the declarations fix trump hearts but the record says spades"
    assert zh == "亮主定的主是 红桃，记录的主却是 黑桃"
    assert explain_hand.declared_trump_mismatch(None, 3)[1] == "the declarations fix trump NT but the record says clubs"


def test_check_shows_the_third_card_and_its_trump_alike():
    out = CliRunner().invoke(main, ["check", str(OURGAME)], catch_exceptions=False).output
    assert "the bottom's third card ♥10 fixes trump hearts, but the record says trump is spades" in out, out
    assert "以底牌第三张 ♥10 的花色定主，主应为红桃，记录的主却是黑桃" in out


# --- 3: a level not known --------------------------------------------------------------------------

def test_an_unknown_level_shades_no_rank_as_level_cards():
    for trump in (None, 0, 1, 2, 3):
        for twos in (False, True):
            groups = display_groups(None, trump, twos)
            trumps = {k for k in range(54) if groups[k] == 0}
            sure = {LJ, BJ} | {k for k in range(52) if SUIT_OF[k] == trump or (twos and RANK_OF[k] == 2)}
            assert trumps == sure, (trump, twos, sorted(trumps - sure))


def test_an_unknown_level_lays_out_every_rank_in_its_suit():
    cards = list(range(54)) * 2
    for trump in (None, 1):
        shown = display_order(cards, None, trump)
        assert shown[:4] == (BJ, BJ, LJ, LJ)
        spades = [RANK_OF[k] for k in shown if SUIT_OF[k] == 0 and trump != 0]
        assert spades == sorted(spades, reverse=True) and len(set(spades)) == 13     # 2 … A, A first
        assert held_in_display_order(None, trump)(tuple([2] * 54)) == shown


def test_a_level_out_of_range_claims_no_level_either():
    groups = display_groups(0, None, False)
    assert groups == display_groups(None, None, False) and groups[card(0, 2)] != 0


def _level_unknown(trump: bool) -> str:
    """Hand 5 (not the first: no level carried) with neither [Level] nor [Levels]; N plays 3 cards to the 4-card
    lead of trick 1 (a violation to rule on; not a card N does not hold: since s19 the decks, or the line and the play
    disagreeing, make that the record's finding, no page)."""
    text = (_first_hand(SPRING).replace('[Hand "1"]', '[Hand "5"]').replace('[Levels "NS:2 EW:2"]\n', "")
            .replace('[Level "2"]\n', "").replace("1. W: C2 C2 S2 S2, N: CQ CJ C7 C3", "1. W: C2 C2 S2 S2, N: CQ CJ C7"))
    # (nor [Declarations]: since s22 the ♣2s declared would fix the level, a3fe827)
    text = re.sub(r'^\[Declarations "[^"]*"\]\n', "", text, flags=re.M)
    return text if trump else text.replace('[Trump "C"]\n', "")


def _ruling(tmp_path: Path, record: Path) -> str:
    out = tmp_path / f"{record.stem}.html"
    r = CliRunner().invoke(main, ["ruling", str(record), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_text("utf-8").split("</style>", 1)[1]


def _shaded_runs(html: str) -> set[str]:
    """The first card of each run the held hands shade as trumps: its suit symbol, or the joker."""
    return {m.group(1) for m in re.finditer(r'<i class="(?:r )?t">(大王|小王|.)', html)}


def test_a_ruling_without_the_level_shades_only_the_sure_trumps(tmp_path):
    html = _ruling(tmp_path, _write(tmp_path, "nolevel.tgn", _level_unknown(trump=True)))
    assert _shaded_runs(html) == {"♣", "大王", "小王"}, _shaded_runs(html)
    note = unescape(re.search(r'<b class="trump-unknown"[^>]*>(.*?)</b>', html).group(1))
    assert note == ("级别未知：只把王和主牌花色 ♣ 标为主牌，级牌照花色排列 / level not known: only the jokers "
                    "and the trump suit ♣ are marked as trumps, the level's cards are shown in their suits")
    html = _ruling(tmp_path, _write(tmp_path, "nolevel-notrump.tgn", _level_unknown(trump=False)))
    assert _shaded_runs(html) == {"大王", "小王"}, _shaded_runs(html)
    note = unescape(re.search(r'<b class="trump-unknown"[^>]*>(.*?)</b>', html).group(1))
    assert note == ("主牌花色与级别未知：只把王标为主牌，级牌照花色排列 / trump suit and level not known: "
                    "only the jokers are marked as trumps, the level's cards are shown in their suits")


# --- 4: the ruling's one order: Chinese, then English ---------------------------------------------

def _english_first(html: str) -> list[str]:
    """Each ``English / 中文`` pair of the page's text (the record's problems, quoted as ``tractor
    check`` prints them, left out)."""
    html = re.sub(r'<div class="problems">.*?</div></div>', "", html, flags=re.S)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    return re.findall(r"[^/]{0,30}[A-Za-z)] / [\u4e00-\u9fff][^/]{0,20}", text)


def test_every_line_of_a_ruling_is_chinese_first(tmp_path):
    position = _ruling(tmp_path, _write(tmp_path, "position.tgn", DISPUTED))
    assert "80 已得 / so far" in position
    # (N's line H4 for H9: not HJ, which the decks prove miscopied since s18j — the hand then scored, no ruling)
    # (and E playing 2 cards to trick 1's 3-card lead: the line and plays disagreeing is the record's finding, s19 —
    # the wrong_count a violation to rule on)
    deal_bad = _ruling(tmp_path, _write(tmp_path, "dealbad.tgn", SEED3.replace("HQ H9 H8", "HQ H4 H8").replace(
        "E: S5 S5 S4", "E: S5 S5")))
    assert re.search(r"\d+ 已记各轮所得 / in the recorded tricks", deal_bad)
    takeback = _first_hand(SPRING).replace('[Ruleset "standard"]', '[Ruleset "tournament"]').replace(
        '[Scorer "周立 Zhou Li"]\n', '[Scorer "周立 Zhou Li"]\n[Takebacks "N ?"]\n').replace(
        '[Declarations "W: C2 | W: C2 C2"]', '[Declarations "W: C2 | W: C2 C2 | N: H8"]', 1)   # to rule on
    pages = [position, deal_bad, _ruling(tmp_path, _write(tmp_path, "takeback.tgn", takeback)),
             _ruling(tmp_path, _write(tmp_path, "nolevel.tgn", _level_unknown(trump=False)))]
    for html in pages:
        assert _english_first(html) == []


@pytest.mark.parametrize("trump, names_suit", [(True, True), (False, False)])
def test_a_hand_page_without_the_level_says_which_cards_it_draws_as_trumps(tmp_path, trump, names_suit):
    """The hand page's note said the 2s were drawn as level cards, which is no longer so: with the level
    unknown only the cards that are trumps at every level are (the trump suit's when it is known)."""
    record = _write(tmp_path, "nolevel.tgn", _level_unknown(trump=trump))
    out = tmp_path / "report"
    r = CliRunner().invoke(main, ["report", str(record), "-o", str(out)])
    assert (out / "index.html").exists(), r.output      # (exit 2: the record has an error; the pages are made)
    notes = [re.search(r'<p class="small muted" id="trump-note">(.*?)</p>', p.read_text("utf-8"))
             for p in out.rglob("*.html")]
    [note] = [unescape(n.group(1)) for n in notes if n]
    assert note.startswith("Level not known: only the cards that are trumps at every level are drawn as trumps")
    assert "2s are drawn as level cards" not in note and "2 画作级牌" not in note
    assert ("the trump suit" in note) is names_suit and ("主牌花色" in note) is names_suit

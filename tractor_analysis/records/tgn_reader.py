"""Tractor Game Notation (``.tgn``): parse a record into a :class:`~records.Match` and write it back.

The grammar is written up in ``docs/format.md``.  In short: ``[Name "value"]``
tags (match tags before the first ``[Hand]``, hand tags after it), deal lines
``N: cards``, ``Bottom:`` / ``Buried:`` lines, trick lines
``1. N: SA SA, E: S3 S4 …`` (a failed throw is ``E: CA CK CQ -> CQ``), ``;``
comments and ``{…}`` annotations (which may span lines).

:func:`parse_tgn` never raises for bad content: every problem becomes a
:class:`~diagnostics.Diagnostic` with a stable code and a 1-based line:column,
and parsing resumes at the next line.  :func:`format_tgn` writes the canonical
text; ``parse_tgn(format_tgn(m)) == ([m], [])`` for every well-formed match.

Hot path: a trick line without ``{`` or ``"`` is split with ``str`` methods
and its cards looked up in a precomputed token table; only lines holding
quotes or annotations go through the scanner.
"""
from __future__ import annotations

import re
import unicodedata

from .cards import (NUM_KINDS, SEAT_TOKENS, TOKEN, Card,
                    parse_card, parse_rank, parse_trump)
from .diagnostics import MAX_DIAGNOSTICS, Diagnostic, bilingual
from .model import Declaration, Hand, Match, Play, Trick
from .rulesets import build_ruleset
from .words import CARD_LOOKUP, SEAT_LOOKUP, TRUMP_WORDS  # shared with the JSON reader

__all__ = ["parse_tgn", "parse_levels", "KNOWN_TAGS", "MAX_POINTS", "MAX_TRICK"]

MAX_POINTS = 9999
"""Largest [Points] (a position's points so far) and [Claim] (either sign) taken as written."""
MAX_TRICK = 999
"""Largest trick number ([FirstTrick], a trick line's number) taken as written."""
_NUMBER_RANGES = {"points": (0, MAX_POINTS, "read as 0", "按 0 处理"),
                  "firsttrick": (1, MAX_TRICK, "read as 1", "按 1 处理"),
                  "claim": (-MAX_POINTS, MAX_POINTS, "ignored", "已忽略")}


_LABELS = {"bottom": "bottom", "底牌": "bottom", "buried": "buried", "埋底": "buried", "扣底": "buried"}

_MATCH_TEXT_TAGS = {"event": "event", "site": "site", "date": "date", "round": "round", "table": "table"}
_PLAYER_TAGS = {"north": 0, "east": 1, "south": 2, "west": 3}
_MATCH_TAGS = set(_MATCH_TEXT_TAGS) | set(_PLAYER_TAGS) | {"ruleset", "levels"}
_HAND_TAGS = {"dealer", "trump", "level", "declarations", "setup", "points", "firsttrick",
              "claim", "friend", "takebacks"}
KNOWN_TAGS = _MATCH_TAGS | _HAND_TAGS | {"hand"}
"""Lower-cased names of the tags this module reads (``Rule:*`` too); others are kept verbatim."""

_SPECIAL = re.compile(r'["{;]')
_QUOTE_END = re.compile(r'(?:[^"\\]|\\.)*"')
_NOTE_END = re.compile(r'(?:[^}\\]|\\.)*\}')
_TAG = re.compile(r'\[\s*([^\s\[\]"{};]+)\s*"((?:[^"\\]|\\.)*)"')
_TAG_CLOSE = re.compile(r'\s*\]')
_TAG_NAME = re.compile(r'\[\s*([^\s\[\]"{};]*)')
_TOKEN = re.compile(r'\S+')
_ESCAPE = re.compile(r'\\(.)', re.DOTALL)
_SEAT_WORD = r'(?:[NESWnesw北东東南西]|[北东東南西]家|(?i:north|east|south|west))'
_INNER_SEAT = re.compile(r'\s(' + _SEAT_WORD + r')\s*:')
"""A seat and its colon inside a play's cards: a comma left out between two plays."""
_TRICK_NO_DOT = re.compile(r'\s*(\d+)\s' + r'(?=\s*' + _SEAT_WORD + r'\s*:)')
"""A trick number followed by a play without the dot: ``22 E: …`` (said so in the message)."""
_COMMENTED_PLAY = re.compile(r'\s*' + _SEAT_WORD + r'\s*[:：]\s*\S')
"""Comment text that reads like a play: ``;`` typed where ``,`` was meant."""
_RECORD_LINE = re.compile(r'\s*(?:\[\s*[A-Za-z][^\s\[\]"]*\s*"|\d+\.\s*[NESWnesw北东東南西]\s*:)')
"""A line that starts a tag or a trick: an annotation left open cannot run past it."""
_UNESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", '"': '"', "}": "}", "{": "{"}


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    return _ESCAPE.sub(lambda m: _UNESCAPES.get(m.group(1), "\\" + m.group(1)), text)


def _pos(pieces, lineno: int, off: int) -> tuple[int, int]:
    """1-based (line, column) of offset ``off`` of a logical line."""
    if pieces is None:
        return lineno, off + 1
    for start, ln, c0 in reversed(pieces):
        if off >= start:
            return ln, c0 + off - start + 1
    return lineno, off + 1


# --- builders ---------------------------------------------------------------

class _HandBuilder:
    __slots__ = ("number", "line", "text", "dealer", "trump", "trump_seen", "level", "declarations",
                 "deal", "bottom", "buried", "friend", "setup", "points", "first_trick", "tricks",
                 "claim", "notes", "tags", "seen", "played", "dealt", "earlier_buries", "takebacks",
                 "positions")

    def __init__(self, number: int, line: int, text: str):
        self.number = number
        self.line = line
        self.text = text
        self.dealer = None
        self.trump = None
        self.trump_seen = False
        self.level = None
        self.declarations: tuple[Declaration, ...] = ()
        self.deal: list | None = None
        self.bottom = None
        self.buried = None
        self.friend = None
        self.takebacks: tuple[int, ...] = ()
        self.setup = False
        self.points = 0
        self.first_trick = 1
        self.tricks: list[list] = []    # [number, plays, notes, line, column]
        self.claim = None
        self.notes: list[str] = []
        self.tags: list[tuple[str, str]] = []
        self.seen: set[str] = set()
        self.played = [0] * NUM_KINDS
        self.dealt = [0] * NUM_KINDS
        self.earlier_buries: tuple[tuple[int, ...], ...] = ()
        self.positions: dict[str, tuple[int, int]] = {}


class _Parser:
    def __init__(self, text: str):
        if text.startswith("\ufeff"):
            text = text[1:]
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.lines = text.split("\n")
        self.diags: list[Diagnostic] = []
        self.dropped = 0
        self.match: dict = {}
        self.players: list = [None, None, None, None]
        self.rules: list[tuple[str, str]] = []
        self.match_tags: list[tuple[str, str]] = []
        self.match_notes: list[str] = []
        self.match_seen: set[str] = set()
        self.hands: list[Hand] = []
        self.hand: _HandBuilder | None = None
        self.hand_lines: dict[int, int] = {}
        self.decks = 0
        self.content = False
        self.trick_no: int | None = None

    # diagnostics
    def diag(self, code: str, en: str, zh: str, line: int, column: int) -> None:
        if len(self.diags) >= MAX_DIAGNOSTICS:
            self.dropped += 1
            return
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.diags.append(Diagnostic(code, bilingual(en, zh), line, column,
                                     self.hand.number if self.hand else None, self.trick_no, text))

    # main loop
    def run(self) -> tuple[list[Match], list[Diagnostic]]:
        lines = self.lines
        n = len(lines)
        i = 0
        while i < n:
            raw = lines[i]
            if "{" not in raw and '"' not in raw:
                semi = raw.find(";")
                self.handle(raw if semi < 0 else raw[:semi], i + 1, None, ())
                if semi >= 0 and self.trick_no is not None and _COMMENTED_PLAY.match(raw, semi + 1):
                    self.commented_plays(raw, semi, i + 1)
                i += 1
                continue
            body, pieces, notes, i = self.scan(i)
            if body is not None:
                self.handle(body, pieces[0][1], pieces, notes)
        self.close_hand()
        if self.dropped:
            self.diags.append(Diagnostic("syntax_error", bilingual(
                f"{self.dropped} more problems not listed", f"另有 {self.dropped} 个问题未列出"),
                len(lines), 1))
        if not self.content:
            if not self.diags:
                self.diags.append(Diagnostic("empty_file", bilingual(
                    "empty file: no tag, hand or trick found (expected e.g. [Hand \"1\"])",
                    "空文件：没有找到任何标签、牌局或出牌记录"), 1, 1))
            return [], self.diags
        return [self.build_match()], self.diags

    def scan(self, i: int):
        """Slow path for a line with quotes or annotations; may consume several lines."""
        lines = self.lines
        s = lines[i]
        ln = i + 1
        k = 0
        out: list[str] = []
        outlen = 0
        pieces = [(0, ln, 0)]
        notes: list[tuple[int, str, int, int]] = []
        while True:
            m = _SPECIAL.search(s, k)
            if m is None:
                out.append(s[k:])
                break
            c, p = m.group(), m.start()
            if c == ";":
                out.append(s[k:p])
                break
            if c == '"':
                q = _QUOTE_END.match(s, p + 1)
                if q is None:
                    self.diag("unclosed_quote", "unclosed quote: '\"' without its closing '\"' on the same line "
                              "(a tag is [Name \"value\"]; write \\\" for a quote inside the value); line skipped",
                              "引号未闭合：标签值缺少结尾的引号；本行已跳过", ln, p + 1)
                    return None, None, None, i + 1
                out.append(s[k:q.end()])
                outlen += q.end() - k
                k = q.end()
                continue
            # annotation
            out.append(s[k:p])
            outlen += p - k
            start_ln, start_col = ln, p + 1
            r = _NOTE_END.match(s, p + 1)
            if r is not None:
                notes.append((outlen, _unescape(s[p + 1:r.end() - 1]), start_ln, start_col))
                k = r.end()
                pieces.append((outlen, ln, k))
                continue
            parts = [s[p + 1:]]
            while True:
                i += 1
                if i >= len(lines) or _RECORD_LINE.match(lines[i]):
                    self.diag("unclosed_annotation",
                              "unclosed annotation: '{' without its closing '}' (write \\} for a brace inside a note); "
                              "the note is kept up to " + ("the end of the file" if i >= len(lines)
                                                           else f"line {i}"),
                              "注释未闭合：'{' 缺少对应的 '}'", start_ln, start_col)
                    notes.append((outlen, _unescape("\n".join(parts)), start_ln, start_col))
                    return "".join(out), pieces, notes, i
                t = lines[i]
                r = _NOTE_END.match(t)
                if r is None:
                    parts.append(t)
                    continue
                parts.append(t[:r.end() - 1])
                notes.append((outlen, _unescape("\n".join(parts)), start_ln, start_col))
                s = t
                ln = i + 1
                k = r.end()
                pieces.append((outlen, ln, k))
                break
        return "".join(out), pieces, notes, i + 1

    def commented_plays(self, raw: str, semi: int, lineno: int) -> None:
        """A trick line of fewer than four plays whose comment reads like more plays."""
        h = self.hand
        if h is None or not h.tricks or len(h.tricks[-1][1]) >= 4:
            return
        rest = raw[semi + 1:].strip()
        self.diag("syntax_error", f"';' starts a comment: the rest of trick {self.trick_no} ({rest[:30]!r}) "
                  "is not read (plays are separated by ',')",
                  f"';' 之后是注释：第 {self.trick_no} 墩的其余部分（{rest[:30]!r}）未读入（出牌之间用 ',' 分隔）",
                  lineno, semi + 1)

    # one logical line
    def handle(self, body: str, lineno: int, pieces, notes) -> None:
        self.trick_no = None
        st = body.lstrip()
        if not st:
            if notes:
                self.attach_notes(notes)
            return
        c = st[0]
        if c != "[" and ("：" in body or "，" in body):    # full-width ： ， as Chinese keyboards type them
            body = body.replace("：", ":").replace("，", ",")
        elif c == "[" and ("“" in body or "”" in body) and '"' not in body:
            body = body.replace("“", '"').replace("”", '"')   # curly quotes, as word processors type them
        if c == "[":
            self.tags(body, lineno, pieces, len(body) - len(st))
        elif "0" <= c <= "9":
            self.trick(body, lineno, pieces, notes)
            return
        else:
            self.label_line(body, lineno, pieces, len(body) - len(st))
        if notes:
            self.attach_notes(notes)

    def attach_notes(self, notes) -> None:
        self.content = True
        texts = [n[1] for n in notes]
        h = self.hand
        if h is None:
            self.match_notes.extend(texts)
        elif h.tricks:
            h.tricks[-1][2].extend(texts)
        else:
            h.notes.extend(texts)

    # cards
    def cards(self, txt: str, off: int, lineno: int, pieces, what_en: str, what_zh: str
              ) -> tuple[tuple[Card, ...], bool]:
        """Kinds of a card list; unknown tokens are reported (and left out)."""
        try:
            return tuple([CARD_LOOKUP[t] for t in txt.split()]), False
        except KeyError:
            pass
        out: list[Card] = []
        bad = False
        for m in _TOKEN.finditer(txt):
            t = m.group()
            kind = CARD_LOOKUP.get(t)
            if kind is None:
                try:
                    kind = parse_card(unicodedata.normalize("NFKC", t))   # full-width Ａ１０ too
                except ValueError:
                    ln, col = _pos(pieces, lineno, off + m.start())
                    self.diag("unknown_card",
                              f"unknown card {t!r} (expected e.g. S10, HA, ♥Q, 黑桃10, BJ, LJ); {what_en}",
                              f"无法识别的牌 {t!r}；{what_zh}", ln, col)
                    bad = True
                    continue
            out.append(kind)
        return tuple(out), bad

    def count(self, counts: list[int], cards: tuple[Card, ...], txt: str, off: int, lineno: int,
              pieces, where_en: str, where_zh: str) -> None:
        decks = self.decks
        over = None
        for k in cards:
            counts[k] += 1
            if counts[k] > decks and over is None:
                over = k
        if over is None:
            return
        # point at the first token naming the kind that went over
        col_off = 0
        for m in _TOKEN.finditer(txt):
            t = m.group()
            if CARD_LOOKUP.get(t, -1) == over:
                col_off = m.start()
        ln, col = _pos(pieces, lineno, off + col_off)
        self.diag("too_many_copies",
                  f"{counts[over]} copies of {TOKEN[over]} in {where_en}, but {self.decks} deck(s) hold "
                  f"only {self.decks}",
                  f"{where_zh}中有 {counts[over]} 张 {TOKEN[over]}，而 {self.decks} 副牌只有 {self.decks} 张",
                  ln, col)

    # tags
    def tags(self, body: str, lineno: int, pieces, pos: int) -> None:
        n = len(body)
        while pos < n:
            while pos < n and body[pos].isspace():
                pos += 1
            if pos >= n:
                break
            ln, col = _pos(pieces, lineno, pos)
            if body[pos] != "[":
                self.diag("syntax_error", f"unexpected text {body[pos:].strip()[:20]!r} after a tag "
                          "(expected one [Name \"value\"] tag after another, or a comment)",
                          "标签后有多余的内容", ln, col)
                return
            m = _TAG.match(body, pos)
            if m is None:
                nm = _TAG_NAME.match(body, pos)
                rest = body[nm.end():].lstrip() if nm else ""
                if "]" not in body[pos:] and (not rest or rest.startswith('"')):
                    self.diag("unclosed_tag", "unclosed tag: '[' without its closing ']' "
                              "(expected [Name \"value\"])", "标签未闭合：'[' 缺少对应的 ']'", ln, col)
                else:
                    self.diag("syntax_error", f"malformed tag {body[pos:].strip()[:30]!r} "
                              "(expected [Name \"value\"], the value in double quotes)",
                              "标签格式错误：应为 [名称 \"值\"]", ln, col)
                return
            close = _TAG_CLOSE.match(body, m.end())
            if close is None:
                self.diag("unclosed_tag", f"unclosed tag [{m.group(1)}: the value is not followed by ']' "
                          "(expected [Name \"value\"])", "标签未闭合：值后面缺少 ']'", ln, col)
                return
            vln, vcol = _pos(pieces, lineno, m.start(2))
            nln, ncol = _pos(pieces, lineno, m.start(1))
            self.tag(m.group(1), _unescape(m.group(2)), (ln, col), (nln, ncol), (vln, vcol))
            pos = close.end()

    def tag(self, name: str, value: str, at, name_at, value_at) -> None:
        self.content = True
        low = name.lower()
        if low == "hand":
            self.open_hand(value, at, value_at)
            return
        h = self.hand
        if h is None:
            self.match_tag(name, low, value, at, name_at, value_at)
        elif low in _HAND_TAGS:
            self.hand_tag(h, name, low, value, at, value_at)
        else:
            if low in _MATCH_TAGS or low.startswith("rule:"):
                self.diag("tag_inside_hand", f"match tag [{name}] inside hand {h.number}: match tags go before "
                          "the first [Hand]; kept as an extra tag of the hand and not applied",
                          f"比赛标签 [{name}] 出现在第 {h.number} 局之内：比赛标签应写在第一个 [Hand] 之前；"
                          "已作为本局的附加标签保留，不生效", *at)
            h.tags.append((name, value))

    def duplicate(self, seen: set, low: str, name: str, at) -> None:
        if low in seen:
            self.diag("duplicate_tag", f"tag [{name}] given twice; the later value is used",
                      f"标签 [{name}] 重复出现；以后一个为准", *at)
        seen.add(low)

    def match_tag(self, name, low, value, at, name_at, value_at) -> None:
        if low in _HAND_TAGS:
            self.diag("tag_outside_hand", f"[{name}] is a hand tag but comes before any [Hand] "
                      "(expected [Hand \"1\"] first); ignored",
                      f"[{name}] 是牌局标签，但出现在任何 [Hand] 之前；已忽略", *at)
            return
        if low.startswith("rule:"):
            option = name[5:]
            self.rules.append((option, value))
            for code, _, msg in build_ruleset(None, [(option, value)])[1]:
                where = name_at if code == "unknown_rule" else value_at
                zh = "未知的规则选项" if code == "unknown_rule" else "规则选项的值不正确"
                self.diag(code, msg, f"{zh} {option!r}", where[0], where[1] + (5 if code == "unknown_rule" else 0))
            return
        if low not in _MATCH_TAGS:
            self.match_tags.append((name, value))
            return
        self.duplicate(self.match_seen, low, name, at)
        if low in _MATCH_TEXT_TAGS:
            self.match[_MATCH_TEXT_TAGS[low]] = value
        elif low in _PLAYER_TAGS:
            self.players[_PLAYER_TAGS[low]] = value
        elif low == "ruleset":
            self.match["ruleset"] = value
            for code, _, msg in build_ruleset(value, ())[1]:
                self.diag(code, msg, f"未知的规则预设 {value!r}", *value_at)
        elif low == "levels":
            levels = parse_levels(value)
            if levels is None:
                self.diag("bad_value", f"bad [Levels] value {value!r} (expected e.g. \"NS:2 EW:2\")",
                          f"[Levels] 的值 {value!r} 不正确（应为例如 \"NS:2 EW:2\"）", *value_at)
            else:
                self.match["levels"] = levels

    def int_value(self, name: str, value: str, value_at) -> int | None:
        try:
            number = int(value.strip())
        except ValueError:
            self.diag("bad_value", f"[{name}] takes a whole number, not {value[:40]!r}",
                      f"[{name}] 应为整数，而不是 {value[:40]!r}", *value_at)
            return None
        lo, hi, then_en, then_zh = _NUMBER_RANGES[name.lower()]
        if lo <= number <= hi:
            return number
        self.diag("bad_value", f"[{name}] {number} is out of range (expected {lo}..{hi}); {then_en}",
                  f"[{name}] 的值 {number} 超出范围（应为 {lo}..{hi}）；{then_zh}", *value_at)
        return None

    def hand_tag(self, h: _HandBuilder, name, low, value, at, value_at) -> None:
        self.duplicate(h.seen, low, name, at)
        h.positions[low] = at
        v = value.strip()
        if low == "dealer":
            seat = SEAT_LOOKUP.get(v)
            if seat is None:
                self.diag("unknown_seat", f"unknown seat {value!r} in [Dealer] (expected N, E, S or W)",
                          f"[Dealer] 中的座位 {value!r} 无法识别（应为 N、E、S 或 W）", *value_at)
            h.dealer = seat
        elif low == "trump":
            h.trump_seen = True
            try:
                h.trump = parse_trump(TRUMP_WORDS.get(v.lower(), v))
            except ValueError:
                self.diag("bad_value", f"unknown trump {value!r} in [Trump] (expected S, H, D, C or NT)",
                          f"[Trump] 中的主牌花色 {value!r} 无法识别（应为 S、H、D、C 或 NT）", *value_at)
        elif low == "level":
            try:
                h.level = parse_rank(v)
            except ValueError:
                self.diag("bad_value", f"unknown level {value!r} in [Level] (expected 2..10, J, Q, K or A)",
                          f"[Level] 中的级别 {value!r} 无法识别（应为 2..10、J、Q、K 或 A）", *value_at)
        elif low == "setup":
            flag = v.lower()
            if flag in ("1", "true", "yes", "on"):
                h.setup = True
            elif flag in ("0", "false", "no", "off"):
                h.setup = False
            else:
                self.diag("bad_value", f"[SetUp] takes \"1\" or \"0\", not {value!r}",
                          f"[SetUp] 应为 \"1\" 或 \"0\"，而不是 {value!r}", *value_at)
        elif low in ("points", "firsttrick", "claim"):
            number = self.int_value(name, value, value_at)
            if number is not None:
                setattr(h, {"points": "points", "firsttrick": "first_trick", "claim": "claim"}[low], number)
        elif low == "friend":
            kind = CARD_LOOKUP.get(v)
            if kind is None:
                try:
                    kind = parse_card(v)
                except ValueError:
                    self.diag("unknown_card", f"unknown card {value!r} in [Friend] (expected e.g. SA, HK, BJ)",
                              f"[Friend] 中的牌 {value!r} 无法识别", *value_at)
            h.friend = kind
        elif low == "declarations":
            h.declarations = self.declarations(value, value_at)
        elif low == "takebacks":
            seats = []
            for word in value.replace(",", " ").split():
                seat = SEAT_LOOKUP.get(word)
                if seat is None:
                    self.diag("unknown_seat", f"unknown seat {word!r} in [Takebacks] (expected seats such as "
                              "\"N S\")", f"[Takebacks] 中的座位 {word!r} 无法识别", *value_at)
                else:
                    seats.append(seat)
            h.takebacks = tuple(seats)

    def declarations(self, value: str, value_at) -> tuple[Declaration, ...]:
        out = []
        vln, vcol = value_at
        off = 0
        if not value.strip():
            return ()
        value = value.replace("：", ":").replace("｜", "|")
        rebid_at = value.find("||")
        if rebid_at >= 0:   # 炒地皮: the declarations after '||' came after the bottom was taken
            value = value[:rebid_at] + "|" + value[rebid_at + 2:]
        for part in value.split("|"):
            start = off
            off += len(part) + 1
            after_bottom = rebid_at >= 0 and start > rebid_at
            if rebid_at >= 0 and not after_bottom and not part.strip() and start == 0:
                continue        # "|| W: BJ BJ": nobody declared before the bottom
            colon = part.find(":")
            lead = len(part) - len(part.lstrip())
            if colon < 0:
                self.diag("syntax_error", f"declaration {part.strip()!r} is not 'SEAT: cards' "
                          "(expected e.g. [Declarations \"N: H2 | E: S2 S2\"])",
                          "亮主记录应为 '座位: 牌'", vln, vcol + start + lead)
                continue
            seat = SEAT_LOOKUP.get(part[:colon].strip())
            if seat is None:
                self.diag("unknown_seat", f"unknown seat {part[:colon].strip()!r} in [Declarations] "
                          "(expected N, E, S or W)", "亮主记录中的座位无法识别", vln, vcol + start + lead)
                continue
            cards, bad = self.cards(part[colon + 1:], 0, vln, [(0, vln, vcol - 1 + start + colon + 1)],
                                    "the declaration is dropped", "该亮主记录已舍弃")
            if not bad:
                out.append(Declaration(seat, cards, after_bottom))
        return tuple(out)

    # hands
    def open_hand(self, value: str, at, value_at) -> None:
        self.close_hand()
        if not self.decks:
            self.decks = build_ruleset(self.match.get("ruleset"), self.rules)[0].decks
        try:
            number = int(value.strip())
        except ValueError:
            number = (self.hands[-1].number + 1) if self.hands else 1
            self.diag("bad_value", f"[Hand] takes a hand number, not {value!r}; numbered {number}",
                      f"[Hand] 应为局号，而不是 {value!r}；按第 {number} 局处理", *value_at)
        if number in self.hand_lines:
            self.diag("duplicate_hand", f"hand {number} appears twice (first at line {self.hand_lines[number]})",
                      f"第 {number} 局重复出现（第一次在第 {self.hand_lines[number]} 行）", *at)
        else:
            self.hand_lines[number] = at[0]
        self.hand = _HandBuilder(number, at[0], self.lines[at[0] - 1])

    def close_hand(self) -> None:
        h = self.hand
        if h is None:
            return
        expected = h.first_trick
        tricks = []
        for number, plays, notes, line, col in h.tricks:
            if number != expected:
                self.trick_no = number
                first = "the first trick" if expected == h.first_trick and not tricks else "the next trick"
                self.diag("trick_sequence", f"trick {number} out of sequence: {first} is {expected}"
                          + (" ([FirstTrick] sets the first number of a position)" if not tricks else ""),
                          f"墩号 {number} 不连续：应为 {expected}", line, col)
            expected = number + 1
            tricks.append(Trick(number, tuple(plays), tuple(notes), line))
        self.trick_no = None
        if not h.setup:
            if h.dealer is None and "dealer" not in h.seen:
                self.diag("missing_tag", f"hand {h.number} has no [Dealer] tag (expected e.g. [Dealer \"N\"]; "
                          "the dealer may be inferable from the previous hand, but the record should say)",
                          f"第 {h.number} 局缺少 [Dealer] 标签（庄家或可由上一局推出，但记录应写明）", h.line, 1)
            if not h.trump_seen:
                self.diag("missing_tag", f"hand {h.number} has no [Trump] tag (expected e.g. [Trump \"H\"] or "
                          "[Trump \"NT\"]; read as no trump — the declarations may tell the trump)",
                          f"第 {h.number} 局缺少 [Trump] 标签（按无主处理；主牌或可由亮主记录推出）", h.line, 1)
        self.hands.append(Hand(
            number=h.number, dealer=h.dealer, trump=h.trump, level=h.level, declarations=h.declarations,
            deal=tuple(h.deal) if h.deal is not None else None, bottom=h.bottom, buried=h.buried,
            earlier_buries=h.earlier_buries,
            friend=h.friend, setup=h.setup, points=h.points, first_trick=h.first_trick,
            tricks=tuple(tricks), claim=h.claim, notes=tuple(h.notes), tags=tuple(h.tags),
            takebacks=h.takebacks, line=h.line,
            positions=tuple((k, ln, col) for k, (ln, col) in h.positions.items())))
        self.hand = None

    def build_match(self) -> Match:
        m = self.match
        return Match(event=m.get("event"), site=m.get("site"), date=m.get("date"), round=m.get("round"),
                     table=m.get("table"), players=tuple(self.players), ruleset=m.get("ruleset"),
                     rules=tuple(self.rules), levels=m.get("levels"), hands=tuple(self.hands),
                     notes=tuple(self.match_notes), tags=tuple(self.match_tags))

    # deal / bottom / buried lines
    def label_line(self, body: str, lineno: int, pieces, lead: int) -> None:
        colon = body.find(":")
        ln, col = _pos(pieces, lineno, lead)
        if colon < 0:
            self.diag("syntax_error", f"cannot read {body.strip()[:30]!r}: expected a tag [Name \"value\"], "
                      "a deal line 'N: cards', 'Bottom: cards', 'Buried: cards', or a trick '1. N: cards, …'",
                      "无法识别的行：应为标签、发牌行、底牌行或出牌行", ln, col)
            return
        label = body[lead:colon].strip()
        seat = SEAT_LOOKUP.get(label)
        kind = _LABELS.get(label.lower()) if seat is None else None
        if seat is None and kind is None:
            if len(label) <= 2:
                self.diag("unknown_seat", f"unknown seat {label!r} (expected N, E, S or W)",
                          f"无法识别的座位 {label!r}（应为 N、E、S 或 W）", ln, col)
            else:
                self.diag("syntax_error", f"unknown line label {label!r} (expected N:, E:, S:, W:, Bottom: "
                          "or Buried:)", f"无法识别的行标记 {label!r}", ln, col)
            return
        h = self.hand
        if h is None:
            self.diag("tag_outside_hand", f"'{label}:' line before any [Hand] (expected [Hand \"1\"] first); "
                      "ignored", f"'{label}:' 行出现在任何 [Hand] 之前；已忽略", ln, col)
            return
        if h.tricks:
            self.diag("syntax_error", f"'{label}:' line after the first trick of hand {h.number} "
                      "(deal, bottom and buried lines go before the tricks); ignored",
                      f"'{label}:' 行出现在第 {h.number} 局的出牌之后；已忽略", ln, col)
            return
        self.content = True
        txt = body[colon + 1:]
        if seat is not None:
            cards, _ = self.cards(txt, colon + 1, lineno, pieces, "left out of the deal", "未计入发牌")
            if h.deal is None:
                h.deal = [(), (), (), ()]
            key = "deal" + SEAT_TOKENS[seat]
            if key in h.seen:
                self.diag("duplicate_seat", f"seat {SEAT_TOKENS[seat]} has two deal lines in hand {h.number}; "
                          "the later one is used", f"座位 {SEAT_TOKENS[seat]} 有两行发牌；以后一行为准", ln, col)
            h.seen.add(key)
            h.positions[key] = (ln, col)
            h.deal[seat] = cards
            self.count(h.dealt, cards, txt, colon + 1, lineno, pieces, "the deal and bottom", "发牌和底牌")
        else:
            if kind in h.seen:
                self.diag("duplicate_tag", f"two '{label}:' lines in hand {h.number}; the later one is used",
                          f"'{label}:' 行重复；以后一行为准", ln, col)
            h.seen.add(kind)
            h.positions[kind] = (ln, col)
            if kind == "bottom":
                cards, _ = self.cards(txt, colon + 1, lineno, pieces, "left out of the bottom", "未计入底牌")
                h.bottom = cards
                self.count(h.dealt, cards, txt, colon + 1, lineno, pieces, "the deal and bottom", "发牌和底牌")
                return
            # 炒地皮: 'Buried: dealer's || rebidder's || …' — each bury in order, the last one stays
            buries, start = [], 0
            for part in txt.split("||"):
                off = colon + 1 + start
                cards, _ = self.cards(part, off, lineno, pieces, "left out of the buried cards", "未计入埋底")
                self.count([0] * NUM_KINDS, cards, part, off, lineno, pieces, "the buried cards", "埋底的牌")
                buries.append(cards)
                start += len(part) + 2
            h.buried, h.earlier_buries = buries[-1], tuple(buries[:-1])

    # trick lines (the hot path)
    def trick(self, body: str, lineno: int, pieces, notes) -> None:
        dot = body.find(".")
        head = body[:dot].strip() if dot > 0 else ""
        lead = len(body) - len(body.lstrip())
        if not head.isdigit() or not head.isascii():
            ln, col = _pos(pieces, lineno, lead)
            m = _TRICK_NO_DOT.match(body)
            if m is not None and m.group(1).isascii():
                self.diag("syntax_error", f"missing '.' after the trick number {m.group(1)} (a trick line is "
                          f"'{m.group(1)}. N: cards, E: cards, …'); the line is skipped",
                          f"出牌序号 {m.group(1)} 后缺少 '.'（应为 '{m.group(1)}. N: 牌, E: 牌, …'）；本行已跳过",
                          ln, col)
            else:
                self.diag("syntax_error", f"cannot read {body.strip()[:30]!r}: a trick line is "
                          "'1. N: cards, E: cards, …' (number, dot, plays separated by commas)",
                          "出牌行应为 '1. N: 牌, E: 牌, …'", ln, col)
            if notes:
                self.attach_notes(notes)
            return
        h = self.hand
        if h is None:
            ln, col = _pos(pieces, lineno, lead)
            self.diag("tag_outside_hand", "trick line before any [Hand] (expected [Hand \"1\"] first); ignored",
                      "出牌行出现在任何 [Hand] 之前；已忽略", ln, col)
            return
        self.content = True
        number = int(head) if len(head) < 5 else 0
        if not 0 < number <= MAX_TRICK:
            number = h.tricks[-1][0] + 1 if h.tricks else h.first_trick
            ln, col = _pos(pieces, lineno, lead)
            self.trick_no = number
            shown = head if len(head) < 13 else head[:12] + "…"
            self.diag("bad_value", f"trick number {shown} is out of range (expected 1..{MAX_TRICK}); numbered "
                      f"{number}", f"墩号 {shown} 超出范围（应为 1..{MAX_TRICK}）；按第 {number} 墩处理", ln, col)
        self.trick_no = number
        plays: list[Play] = []
        owners: list[int] = []     # segment index of each kept play
        seen = 0
        off = dot + 1
        segments = body[off:].split(",")
        if body.count(":", off) > len(segments):
            segments = self.split_plays(segments, off, lineno, pieces, number)
        decks = self.decks
        played = h.played
        for si, seg in enumerate(segments):
            start = off
            off += len(seg) + 1
            colon = seg.find(":")
            if colon < 0:
                if seg.strip():
                    ln, col = _pos(pieces, lineno, start + len(seg) - len(seg.lstrip()))
                    cards_only = all(t in CARD_LOOKUP for t in seg.split())
                    hint = (" — cards are separated by spaces, plays by ','" if cards_only else "")
                    hint_zh = ("（牌之间用空格分隔，出牌之间用 ','）" if cards_only else "")
                    self.diag("syntax_error", f"cannot read play {seg.strip()[:30]!r} in trick {number} "
                              f"(expected 'SEAT: cards'){hint}; the play is dropped",
                              f"第 {number} 墩中的出牌无法识别（应为 '座位: 牌'）{hint_zh}；该出牌已舍弃", ln, col)
                continue
            seat = SEAT_LOOKUP.get(seg[:colon].strip())
            if seat is None:
                ln, col = _pos(pieces, lineno, start + len(seg) - len(seg.lstrip()))
                self.diag("unknown_seat", f"unknown seat {seg[:colon].strip()!r} in trick {number} "
                          "(expected N, E, S or W); the play is dropped",
                          f"第 {number} 墩中的座位 {seg[:colon].strip()!r} 无法识别；该出牌已舍弃", ln, col)
                continue
            bit = 1 << seat
            if seen & bit:
                ln, col = _pos(pieces, lineno, start + len(seg) - len(seg.lstrip()))
                self.diag("duplicate_seat", f"seat {SEAT_TOKENS[seat]} plays twice in trick {number} "
                          "(each seat plays once per trick); the second play is dropped",
                          f"座位 {SEAT_TOKENS[seat]} 在第 {number} 墩中出牌两次；第二次已舍弃", ln, col)
                continue
            txt = seg[colon + 1:]
            arrow = txt.find("->")
            if arrow < 0:
                try:
                    cards = tuple([CARD_LOOKUP[t] for t in txt.split()])
                except KeyError:
                    cards, bad = self.cards(txt, start + colon + 1, lineno, pieces,
                                            f"the play of {SEAT_TOKENS[seat]} is dropped",
                                            f"{SEAT_TOKENS[seat]} 的出牌已舍弃")
                    if bad:
                        continue
                attempted = None
            else:
                attempted, bad1 = self.cards(txt[:arrow], start + colon + 1, lineno, pieces,
                                             f"the play of {SEAT_TOKENS[seat]} is dropped",
                                             f"{SEAT_TOKENS[seat]} 的出牌已舍弃")
                cards, bad2 = self.cards(txt[arrow + 2:], start + colon + 3 + arrow, lineno, pieces,
                                         f"the play of {SEAT_TOKENS[seat]} is dropped",
                                         f"{SEAT_TOKENS[seat]} 的出牌已舍弃")
                if bad1 or bad2:
                    continue
            seen |= bit
            over = False
            for k in cards:
                played[k] += 1
                if played[k] > decks:
                    over = True
            if over:     # rare: undo, and let count() report with a position
                for k in cards:
                    played[k] -= 1
                self.count(played, cards, txt, start + colon + 1, lineno, pieces,
                           f"the plays of hand {h.number}", f"第 {h.number} 局的出牌")
            ln, col = _pos(pieces, lineno, start + len(seg) - len(seg.lstrip()))
            plays.append(Play(seat, cards, attempted, (), ln, col))
            owners.append(si)
        trick_notes: list[str] = []
        if notes:
            plays, trick_notes = _place_notes(plays, owners, segments, dot + 1, notes)
        if not plays and not segments[0].strip() and len(segments) == 1:
            ln, col = _pos(pieces, lineno, lead)
            self.diag("syntax_error", f"trick {number} has no plays (expected '{number}. N: cards, E: cards, …')",
                      f"第 {number} 墩没有出牌记录", ln, col)
        ln, col = _pos(pieces, lineno, lead)
        h.tricks.append([number, plays, trick_notes, ln, col])


    def split_plays(self, segments: list[str], off: int, lineno: int, pieces, number: int) -> list[str]:
        """Split a piece holding two plays (``E: S9 S9 S: SQ SJ``, a comma left out) at the
        space before the second seat; that space stands for the comma, so offsets still hold."""
        out: list[str] = []
        start = off
        for seg in segments:
            colon = seg.find(":")
            while colon >= 0:
                m = _INNER_SEAT.search(seg, colon + 1)
                if m is None:
                    break
                ln, col = _pos(pieces, lineno, start + m.start(1))
                seat = m.group(1)
                self.diag("syntax_error", f"missing ',' before '{seat}:' in trick {number} (plays are separated "
                          f"by ','); read as the next play",
                          f"第 {number} 墩 '{seat}:' 前缺少 ','（出牌之间用 ',' 分隔）；已按下一家的出牌读取",
                          ln, col)
                out.append(seg[:m.start()])
                start += m.start() + 1
                seg = seg[m.start() + 1:]
                colon = seg.find(":")
            out.append(seg)
            start += len(seg) + 1
        return out


def _place_notes(plays: list[Play], owners: list[int], segments: list[str], base: int, notes):
    """Attach each annotation of a trick line to the play it follows (or, failing one, to the trick)."""
    extra: dict[int, list[str]] = {}
    trick_notes: list[str] = []
    for o, text, _, _ in notes:
        si = -1
        a = base
        for i, seg in enumerate(segments):
            b = a + len(seg) + 1
            if o < b or i == len(segments) - 1:
                si = i if seg[:max(0, o - a)].strip() else i - 1
                break
            a = b
        owner = owners.index(si) if si >= 0 and si in owners else None
        if owner is None:
            trick_notes.append(text)
        else:
            extra.setdefault(owner, []).append(text)
    if extra:
        plays = [Play(p.seat, p.cards, p.attempted, p.notes + tuple(extra.get(i, ())), p.line, p.column)
                 for i, p in enumerate(plays)]
    return plays, trick_notes


def parse_levels(value: str) -> tuple[int, int] | None:
    """``"NS:2 EW:2"`` → ``(2, 2)``; ``None`` when it cannot be read."""
    levels = {"NS": 2, "EW": 2}
    parts = value.replace(",", " ").split()
    if not parts:
        return None
    for part in parts:
        team, _, rank = part.partition(":")
        team = team.strip().upper()
        if team not in levels or not rank:
            return None
        try:
            levels[team] = parse_rank(rank)
        except ValueError:
            return None
    return levels["NS"], levels["EW"]


def parse_tgn(text: str) -> tuple[list[Match], list[Diagnostic]]:
    """The match of one ``.tgn`` text (a list of one, or none) and every problem found."""
    return _Parser(text).run()

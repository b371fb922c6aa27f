"""JSON records: ``.json`` (one match object, or a list of them) and ``.jsonl`` (one match per line).

Field names are the fixed ones of ``docs/format.md``, where the extensions are
written up too:

* a trick is a list of plays, or — when it carries annotations or a number other
  than the next one — an object ``{"number": 3, "plays": [...], "notes": [...]}``;
* a play may carry ``"notes"``; ``"rules"`` may be a list of ``[name, value]``
  pairs when a name repeats;
* fields this module does not know (top level, and in a hand) are kept in the
  record's ``tags``: a string value as it is, any other value as its JSON text
  under the name ``<field>:json``; they are written back as they came.  Tags
  that cannot be written as fields (a name that is a known field, or repeats)
  go to a ``"tags"`` list of ``[name, value]`` pairs instead.

Diagnostics: a decoder error has the decoder's line:column; a problem inside a
match has the hand number and trick number and the line:column of the value
concerned (found by :func:`_value_positions`, run only when a record has a problem).  A hand
of the wrong shape is skipped with a ``json_shape`` diagnostic; the other hands
are kept.  A file lists its first :data:`~.notation.MAX_DIAGNOSTICS` problems, then
how many more there were.  JSON nested too deeply for the decoder is ``invalid_json``
at 1:1; a lone UTF-16 surrogate escape (``"\\ud800"``) is read as U+FFFD with a
``decode_error`` at the escape.  Nothing here raises for bad content.
"""
from __future__ import annotations

import bisect
import json
import unicodedata
import re
from json.decoder import scanstring
from typing import Any, Iterable

from .cards import NUM_KINDS, RANK_TOKENS, SEAT_TOKENS, TOKEN, Card, parse_card, parse_rank, parse_trump, trump_token
from .diagnostics import Diagnostic
from .diagnostics import MAX_DIAGNOSTICS, bilingual
from .words import CARD_LOOKUP, SEAT_LOOKUP, TRUMP_WORDS
from .model import Declaration, Hand, Match, Play, Trick
from .rulesets import build_ruleset

__all__ = ["parse_json", "parse_jsonl", "match_to_dict", "match_from_dict", "format_json", "format_jsonl"]

_MATCH_FIELDS = ("event", "site", "date", "round", "table", "players", "ruleset", "rules", "levels",
                 "hands", "notes", "tags")
_HAND_FIELDS = ("number", "dealer", "trump", "level", "declarations", "deal", "bottom", "buried",
                "earlier_buries", "friend", "setup", "points", "first_trick", "tricks", "claim", "takebacks",
                "notes", "tags")
_JSON_SUFFIX = ":json"

MAX_POINTS = 9999
"""Largest ``points`` (a position's points so far) and ``claim`` (either sign) taken as written."""
MAX_TRICK = 999
"""Largest trick number (``first_trick``, a trick's ``number``) taken as written."""


class _Shape(Exception):
    """A value of the wrong shape: the enclosing hand (or match) is skipped."""


def _type_name(v: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(v), type(v).__name__)



_WHAT_ZH = {"a declaration": "亮主", '"bottom"': "底牌 bottom ", '"buried"': "埋底 buried ",
            '"friend"': "找朋友的牌 friend "}


def _what_zh(what: str) -> str:
    """The Chinese for where a card list is (``the play of E`` → ``E 的出牌``)."""
    if what.startswith("the play of "):
        return f"{what[12:]} 的出牌"
    if what.startswith("the throw of "):
        return f"{what[13:]} 的甩牌"
    if what.startswith("earlier_buries"):
        return f"先前埋底 {what} "
    if what.startswith("deal."):
        return f"{what[5:]} 的发牌 ({what}) "
    return _WHAT_ZH.get(what, what + " ")


_DROPPED_ZH = {"the declaration is dropped": "该亮主已舍弃", "left out of the deal": "未计入发牌",
               "left out of the bottom": "未计入底牌", "left out of the buried cards": "未计入埋底", "ignored": "已忽略"}


def _dropped_zh(dropped: str) -> str:
    if dropped.startswith("the play of "):
        return "该出牌已舍弃"
    return _DROPPED_ZH.get(dropped, "")

class _Text:
    """A JSON text and what positions need, computed on the first problem only and shared by
    the matches of one text: the offsets of its values and where its lines start."""

    __slots__ = ("text", "_index", "_starts")

    def __init__(self, text: str) -> None:
        self.text = text
        self._index: dict[tuple, int] | None = None
        self._starts: list[int] | None = None

    def index(self) -> dict[tuple, int]:
        if self._index is None:
            try:
                self._index = _value_positions(self.text)
            except (ValueError, IndexError, RecursionError):
                self._index = {}
        return self._index

    def line_column(self, off: int) -> tuple[int, int]:
        """1-based line and column of offset ``off`` (lines end at ``\\n``, as the decoder counts)."""
        if self._starts is None:
            self._starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._starts, off)
        return line, off - self._starts[line - 1] + 1


class _Budget:
    """Problems listed so far in one file (at most :data:`MAX_DIAGNOSTICS`) and those left out."""

    __slots__ = ("used", "dropped")

    def __init__(self) -> None:
        self.used = 0
        self.dropped = 0

    def take(self) -> bool:
        if self.used >= MAX_DIAGNOSTICS:
            self.dropped += 1
            return False
        self.used += 1
        return True

    def more(self, line: int) -> list[Diagnostic]:
        """The closing "N more problems" diagnostic (none when nothing was left out)."""
        if not self.dropped:
            return []
        return [Diagnostic("json_shape", bilingual(f"{self.dropped} more problems not listed",
                                                   f"另有 {self.dropped} 个问题未列出"), line, 1)]


class _Reader:
    def __init__(self, line: int, column: int, text: "str | _Text | None" = None, prefix: tuple = (),
                 budget: _Budget | None = None):
        self.line = line
        self.column = column
        self.source = _Text(text) if isinstance(text, str) else text
        """The JSON text the value was decoded from (a whole .json, or one .jsonl line), for positions."""
        self.prefix = prefix
        self.path: tuple = prefix
        """Where in the document the reader is (keys and list indexes), for positions."""
        self.budget = budget if budget is not None else _Budget()
        self.diags: list[Diagnostic] = []
        self.hand: int | None = None
        self.trick: int | None = None
        self.decks = 2

    def position(self, path: tuple) -> tuple[int, int]:
        """Line and column of the deepest known value on ``path`` (computed on the first problem only)."""
        if self.source is None:
            return self.line, self.column
        index = self.source.index()
        for n in range(len(path), -1, -1):
            off = index.get(path[:n])
            if off is not None:
                break
        else:
            return self.line, self.column
        if self.line:          # a .jsonl record: the text is that one line
            return self.line, off + 1
        return self.source.line_column(off)

    def diag(self, code: str, en: str, zh: str, key: str | None = None) -> None:
        if not self.budget.take():
            return
        where = f"hand {self.hand}" if self.hand is not None else "match"
        if self.trick is not None:
            where += f", trick {self.trick}"
        line, column = self.position(self.path + (key,) if key else self.path)
        self.diags.append(Diagnostic(code, bilingual(f"{where}: {en}", zh), line, column,
                                     self.hand, self.trick))

    # values
    def text(self, v: Any, what: str) -> str | None:
        if v is None:
            return None
        if isinstance(v, str):
            return v
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return str(v)
        raise _Shape(f"{what} should be a string, not {_type_name(v)}")

    def integer(self, v: Any, what: str) -> int:
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, str) and v.strip().lstrip("-").isdigit():
            return int(v)
        raise _Shape(f"{what} should be a whole number, not {_type_name(v)} {json.dumps(v, ensure_ascii=False)[:20]}")

    def bounded(self, v: Any, what: str, key: str, lo: int, hi: int, default: Any,
                what_zh: str | None = None, then: tuple[str, str] = ("ignored", "已忽略")) -> Any:
        """A whole number in ``lo..hi``; out of range: ``bad_value`` at ``key`` and ``default``
        (``then`` says what was done instead, in English and Chinese)."""
        n = self.integer(v, what)
        if lo <= n <= hi:
            return n
        shown = str(n) if abs(n) < 10 ** 12 else f"{str(n)[:12]}…"
        self.diag("bad_value", f"{what} {shown} is out of range (expected {lo}..{hi}); {then[0]}",
                  f"{what_zh or what} {shown} 超出范围（应为 {lo}..{hi}）；{then[1]}", key)
        return default

    def seat(self, v: Any, what: str) -> int | None:
        s = SEAT_LOOKUP.get(v.strip()) if isinstance(v, str) else None
        if s is None:
            if not isinstance(v, str):
                raise _Shape(f"{what} should be a seat string \"N\", \"E\", \"S\" or \"W\", not {_type_name(v)}")
            self.diag("unknown_seat", f"unknown seat {v!r} in {what} (expected N, E, S or W)",
                      f"{what} 中的座位 {v!r} 无法识别（应为 N、E、S 或 W）")
        return s

    def cards(self, v: Any, what: str, dropped: str) -> tuple[tuple[Card, ...], bool]:
        if isinstance(v, str):
            v = v.split()
        if not isinstance(v, list):
            raise _Shape(f"{what} should be a list of card strings, not {_type_name(v)}")
        out = []
        bad = False
        for t in v:
            if not isinstance(t, str):
                raise _Shape(f"{what} should hold card strings, not {_type_name(t)}")
            k = CARD_LOOKUP.get(t)
            if k is None:
                try:
                    k = parse_card(unicodedata.normalize("NFKC", t).strip())   # full-width Ａ１０ too
                except ValueError:
                    self.diag("unknown_card", f"unknown card {t!r} in {what} (expected e.g. S10, HA, ♥Q, BJ); "
                              f"{dropped}", f"{_what_zh(what)}中的牌 {t!r} 无法识别；{_dropped_zh(dropped)}")
                    bad = True
                    continue
            out.append(k)
        return tuple(out), bad

    def notes(self, v: Any, what: str) -> tuple[str, ...]:
        if v is None:
            return ()
        if isinstance(v, str):
            return (v,)
        if not isinstance(v, list) or not all(isinstance(n, str) for n in v):
            raise _Shape(f"{what} should be a list of strings")
        return tuple(v)

    def tags(self, obj: dict, known: tuple[str, ...], what: str) -> tuple[tuple[str, str], ...]:
        out: list[tuple[str, str]] = []
        for key, value in obj.items():
            if key in known:
                continue
            if isinstance(value, str):
                out.append((key, value))
            else:
                out.append((key + _JSON_SUFFIX, _dump(value)))
        extra = obj.get("tags")
        if extra is not None:
            if not isinstance(extra, list) or not all(
                    isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in extra):
                raise _Shape(f"\"tags\" of the {what} should be a list of [name, value] string pairs")
            out.extend((p[0], p[1]) for p in extra)
        return tuple(out)

    def count(self, counts: list[int], cards: Iterable[Card], where_en: str, where_zh: str) -> None:
        for k in cards:
            counts[k] += 1
            if counts[k] == self.decks + 1:
                self.diag("too_many_copies", f"{counts[k]} copies of {TOKEN[k]} in {where_en}, but "
                          f"{self.decks} deck(s) hold only {self.decks}",
                          f"{where_zh}中有 {counts[k]} 张 {TOKEN[k]}，而 {self.decks} 副牌只有 {self.decks} 张")

    # match
    def match(self, obj: Any) -> Match | None:
        if not isinstance(obj, dict):
            self.diag("json_shape", f"a match should be a JSON object, not {_type_name(obj)}",
                      "比赛记录应为 JSON 对象")
            return None
        try:
            players = [None, None, None, None]
            p = obj.get("players")
            if isinstance(p, dict):
                for key, name in p.items():
                    s = SEAT_LOOKUP.get(key)
                    if s is None:
                        raise _Shape(f"\"players\" has key {key!r} (expected N, E, S, W)")
                    players[s] = self.text(name, f"players.{key}")
            elif isinstance(p, list) and len(p) == 4:
                players = [self.text(x, "players") for x in p]
            elif p is not None:
                raise _Shape("\"players\" should be an object {\"N\": name, …}")
            ruleset = self.text(obj.get("ruleset"), "\"ruleset\"")
            rules = self.rules(obj.get("rules"))
            levels = self.levels(obj.get("levels"))
            hands_v = obj.get("hands", [])
            if not isinstance(hands_v, list):
                raise _Shape(f"\"hands\" should be a list, not {_type_name(hands_v)}")
            texts = {k: self.text(obj.get(k), f"\"{k}\"") for k in ("event", "site", "date", "round", "table")}
            notes = self.notes(obj.get("notes"), "\"notes\"")
            tags = self.tags(obj, _MATCH_FIELDS, "match")
        except _Shape as exc:
            self.diag("json_shape", f"{exc}; the match is skipped", "JSON 结构错误；该比赛记录已跳过")
            return None
        for code, _, msg in build_ruleset(ruleset, ())[1]:
            self.diag(code, msg, f"未知的规则预设 {ruleset!r}", "ruleset")
        for name, value in rules:
            for code, _, msg in build_ruleset(None, [(name, value)])[1]:
                self.path = self.prefix + ("rules",)
                self.diag(code, msg, f"规则选项 {name!r} 不正确", name)
                self.path = self.prefix
        self.decks = build_ruleset(ruleset, rules)[0].decks
        hands = []
        numbers: set[int] = set()
        for i, hv in enumerate(hands_v):
            self.path = self.prefix + ("hands", i)
            hand = self.hand_of(hv, i, hands[-1].number if hands else 0)
            self.hand = self.trick = None
            if hand is None:
                continue
            if hand.number in numbers:
                self.hand = hand.number
                self.path = self.prefix + ("hands", i)
                self.diag("duplicate_hand", f"hand number {hand.number} appears twice",
                          f"第 {hand.number} 局重复出现", "number")
                self.hand = None
            self.path = self.prefix
            numbers.add(hand.number)
            hands.append(hand)
        return Match(event=texts["event"], site=texts["site"], date=texts["date"], round=texts["round"],
                     table=texts["table"], players=tuple(players), ruleset=ruleset, rules=rules,
                     levels=levels, hands=tuple(hands), notes=notes, tags=tags)

    def rules(self, v: Any) -> tuple[tuple[str, str], ...]:
        if v is None:
            return ()
        if isinstance(v, dict):
            items = list(v.items())
        elif isinstance(v, list) and all(isinstance(p, list) and len(p) == 2 for p in v):
            items = [(p[0], p[1]) for p in v]
        else:
            raise _Shape("\"rules\" should be an object {\"name\": \"value\", …}")
        out = []
        for name, value in items:
            if not isinstance(name, str):
                raise _Shape("\"rules\" names should be strings")
            if isinstance(value, bool):
                value = "on" if value else "off"
            out.append((name, self.text(value, f"rules.{name}")))
        return tuple(out)

    def levels(self, v: Any) -> tuple[int, int] | None:
        if v is None:
            return None
        if not isinstance(v, dict):
            raise _Shape("\"levels\" should be an object {\"NS\": \"2\", \"EW\": \"2\"}")
        out = [2, 2]
        for key, value in v.items():
            team = {"NS": 0, "EW": 1}.get(key)
            if team is None:
                raise _Shape(f"\"levels\" has key {key!r} (expected NS and EW)")
            try:
                out[team] = parse_rank(str(value))
            except ValueError:
                self.diag("bad_value", f"unknown level {value!r} in \"levels\" (expected 2..10, J, Q, K or A)",
                          f"\"levels\" 中的级别 {value!r} 无法识别")
        return out[0], out[1]

    # hand
    def hand_of(self, hv: Any, index: int, previous: int) -> Hand | None:
        self.hand = hv.get("number") if isinstance(hv, dict) and isinstance(hv.get("number"), int) else index + 1
        self.trick = None
        try:
            if not isinstance(hv, dict):
                raise _Shape(f"hand {index + 1} should be a JSON object, not {_type_name(hv)}")
            return self.build_hand(hv, previous)
        except _Shape as exc:
            self.diag("json_shape", f"{exc}; the hand is skipped", "JSON 结构错误；该局已跳过")
            return None

    def build_hand(self, hv: dict, previous: int) -> Hand:
        number = self.integer(hv["number"], "\"number\"") if "number" in hv else previous + 1
        self.hand = number
        dealer = None
        if hv.get("dealer") is not None:
            self.path += ("dealer",)
            dealer = self.seat(hv["dealer"], "\"dealer\"")
            self.path = self.path[:-1]
        trump = None
        if hv.get("trump") is not None:
            t = self.text(hv["trump"], "\"trump\"")
            try:
                trump = parse_trump(TRUMP_WORDS.get(t.strip().lower(), t))
            except ValueError:
                self.diag("bad_value", f"unknown trump {t!r} (expected S, H, D, C or NT)",
                          f"主牌花色 {t!r} 无法识别（应为 S、H、D、C 或 NT）", "trump")
        level = None
        if hv.get("level") is not None:
            lv = self.text(hv["level"], "\"level\"")
            try:
                level = parse_rank(lv)
            except ValueError:
                self.diag("bad_value", f"unknown level {lv!r} (expected 2..10, J, Q, K or A)",
                          f"级别 {lv!r} 无法识别", "level")
        declarations = []
        decl_v = hv.get("declarations") or []
        if not isinstance(decl_v, list):
            raise _Shape("\"declarations\" should be a list of {\"seat\", \"cards\"} objects")
        for d in decl_v:
            if not isinstance(d, dict) or "seat" not in d:
                raise _Shape("each declaration should be an object {\"seat\": \"N\", \"cards\": [...]}")
            seat = self.seat(d["seat"], "a declaration")
            cards, bad = self.cards(d.get("cards", []), "a declaration", "the declaration is dropped")
            after_bottom = d.get("after_bottom", False)
            if not isinstance(after_bottom, bool):
                raise _Shape("\"after_bottom\" of a declaration should be true or false")
            if seat is not None and not bad:
                declarations.append(Declaration(seat, cards, after_bottom))
        dealt = [0] * NUM_KINDS
        deal = None
        deal_v = hv.get("deal")
        if deal_v is not None:
            if isinstance(deal_v, list) and len(deal_v) == 4:
                deal_v = dict(zip(SEAT_TOKENS, deal_v))
            if not isinstance(deal_v, dict):
                raise _Shape("\"deal\" should be an object {\"N\": [cards], \"E\": …}")
            deal_l: list[tuple[Card, ...]] = [(), (), (), ()]
            for key, cv in deal_v.items():
                seat = SEAT_LOOKUP.get(key)
                if seat is None:
                    raise _Shape(f"\"deal\" has key {key!r} (expected N, E, S, W)")
                deal_l[seat] = self.cards(cv, f"deal.{key}", "left out of the deal")[0]
                self.count(dealt, deal_l[seat], "the deal and bottom", "发牌和底牌")
            deal = tuple(deal_l)
        bottom = buried = None
        if hv.get("bottom") is not None:
            bottom = self.cards(hv["bottom"], "\"bottom\"", "left out of the bottom")[0]
            self.count(dealt, bottom, "the deal and bottom", "发牌和底牌")
        if hv.get("buried") is not None:
            buried = self.cards(hv["buried"], "\"buried\"", "left out of the buried cards")[0]
            self.count([0] * NUM_KINDS, buried, "the buried cards", "埋底的牌")
        earlier: list[tuple[Card, ...]] = []
        if hv.get("earlier_buries") is not None:      # 炒地皮: the buries before the last one
            ev = hv["earlier_buries"]
            if not isinstance(ev, list) or buried is None:
                raise _Shape("\"earlier_buries\" should be a list of card lists, beside \"buried\" "
                             "(the last bury)")
            for i, cv in enumerate(ev):
                earlier.append(self.cards(cv, f"earlier_buries[{i}]", "left out of the buried cards")[0])
                self.count([0] * NUM_KINDS, earlier[-1], "the buried cards", "埋底的牌")
        friend = None
        if hv.get("friend") is not None:
            fc, bad = self.cards([self.text(hv["friend"], "\"friend\"")], "\"friend\"", "ignored")
            friend = fc[0] if fc else None
        setup = hv.get("setup", False)
        if isinstance(setup, int) and not isinstance(setup, bool) and setup in (0, 1):
            setup = bool(setup)
        if not isinstance(setup, bool):
            raise _Shape(f"\"setup\" should be true or false, not {_type_name(setup)}")
        points = self.bounded(hv.get("points", 0), "\"points\"", "points", 0, MAX_POINTS, 0,
                              then=("read as 0", "按 0 处理"))
        first_trick = self.bounded(hv.get("first_trick", 1), "\"first_trick\"", "first_trick", 1, MAX_TRICK, 1,
                                   then=("read as 1", "按 1 处理"))
        claim = (None if hv.get("claim") is None else
                 self.bounded(hv["claim"], "\"claim\"", "claim", -MAX_POINTS, MAX_POINTS, None))
        takebacks_v = hv.get("takebacks") or []
        if not isinstance(takebacks_v, list):
            raise _Shape(f"\"takebacks\" should be a list of seats, not {_type_name(takebacks_v)}")
        takebacks = tuple(s for s in (self.seat(v, "a take-back") for v in takebacks_v) if s is not None)
        notes = self.notes(hv.get("notes"), "\"notes\"")
        tags = self.tags(hv, _HAND_FIELDS, "hand")
        tricks_v = hv.get("tricks", [])
        if not isinstance(tricks_v, list):
            raise _Shape(f"\"tricks\" should be a list, not {_type_name(tricks_v)}")
        tricks = []
        played = [0] * NUM_KINDS
        expected = first_trick
        hand_path = self.path
        for j, tv in enumerate(tricks_v):
            self.path = hand_path + ("tricks", j)
            trick = self.trick_of(tv, expected, played)
            expected = trick.number + 1
            tricks.append(trick)
        self.trick = None
        self.path = hand_path
        if not setup:
            if "dealer" not in hv:
                self.diag("missing_tag", "no \"dealer\" (expected e.g. \"dealer\": \"N\"; the dealer may be "
                          "inferable from the previous hand, but the record should say)", "缺少庄家 \"dealer\"")
            if "trump" not in hv:
                self.diag("missing_tag", "no \"trump\" (expected e.g. \"trump\": \"H\" or \"NT\"; read as no trump "
                          "— the declarations may tell the trump)", "缺少主牌花色 \"trump\"（按无主处理）")
        return Hand(number=number, dealer=dealer, trump=trump, level=level, declarations=tuple(declarations),
                    deal=deal, bottom=bottom, buried=buried, earlier_buries=tuple(earlier), friend=friend,
                    setup=setup, points=points,
                    first_trick=first_trick, tricks=tuple(tricks), claim=claim, notes=notes, tags=tags,
                    takebacks=takebacks, line=self.line)

    def trick_of(self, tv: Any, expected: int, played: list[int]) -> Trick:
        self.trick = expected
        notes: tuple[str, ...] = ()
        number = expected
        trick_path = self.path
        if isinstance(tv, dict):
            trick_path += ("plays",)
            if "number" in tv:
                number = self.bounded(tv["number"], "a trick's \"number\"", "number", 1, MAX_TRICK, expected,
                                      "墩号", (f"numbered {expected}", f"按第 {expected} 墩处理"))
                self.trick = number
            notes = self.notes(tv.get("notes"), "a trick's \"notes\"")
            tv = tv.get("plays", [])
        if not isinstance(tv, list):
            raise _Shape(f"trick {number} should be a list of plays, not {_type_name(tv)}")
        if number != expected:
            self.diag("trick_sequence", f"trick {number} out of sequence (expected {expected})",
                      f"墩号 {number} 不连续：应为 {expected}")
        plays = []
        seen = 0
        for k, pv in enumerate(tv):
            self.path = trick_path + (k,)
            if not isinstance(pv, dict) or "seat" not in pv or "cards" not in pv:
                raise _Shape(f"a play in trick {number} should be an object {{\"seat\": \"N\", \"cards\": [...]}}")
            seat = self.seat(pv["seat"], "a play")
            if seat is None:
                continue
            if seen & (1 << seat):
                self.diag("duplicate_seat", f"seat {SEAT_TOKENS[seat]} plays twice (each seat plays once per "
                          "trick); the second play is dropped", f"座位 {SEAT_TOKENS[seat]} 在同一墩中出牌两次")
                continue
            dropped = f"the play of {SEAT_TOKENS[seat]} is dropped"
            cards, bad = self.cards(pv["cards"], f"the play of {SEAT_TOKENS[seat]}", dropped)
            attempted = None
            if pv.get("attempted") is not None:
                attempted, bad2 = self.cards(pv["attempted"], f"the throw of {SEAT_TOKENS[seat]}", dropped)
                bad = bad or bad2
            pnotes = self.notes(pv.get("notes"), "a play's \"notes\"")
            if bad:
                continue
            seen |= 1 << seat
            self.count(played, cards, f"the plays of hand {self.hand}", f"第 {self.hand} 局的出牌")
            plays.append(Play(seat, cards, attempted, pnotes, self.line, self.column))
        return Trick(number, tuple(plays), notes, self.line)


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


_WS = re.compile(r"[ \t\n\r]*")
_DESCEND = ("hands", "tricks", "plays", "rules", "players", "levels", "deal")


def _value_positions(text: str) -> dict[tuple, int]:
    """Offsets of the values a diagnostic can point at: every key of the top-level object(s) and of
    each hand, trick and play, keyed by their path (``("hands", 2, "tricks", 0, 1)``)."""
    out: dict[tuple, int] = {}
    raw_decode = json.JSONDecoder().raw_decode

    def ws(i: int) -> int:
        return _WS.match(text, i).end()

    def value(i: int, path: tuple, descend: bool) -> int:
        c = text[i]
        if c == "{" and descend:
            i = ws(i + 1)
            if text[i] == "}":
                return i + 1
            while True:
                key, i = scanstring(text, i + 1)
                i = ws(ws(i) + 1)
                out[path + (key,)] = i
                i = ws(value(i, path + (key,), key in _DESCEND))
                if text[i] != ",":
                    return i + 1
                i = ws(i + 1)
        if c == "[" and descend:
            i = ws(i + 1)
            if text[i] == "]":
                return i + 1
            n = 0
            while True:
                out[path + (n,)] = i
                i = ws(value(i, path + (n,), True))
                n += 1
                if text[i] != ",":
                    return i + 1
                i = ws(i + 1)
        return raw_decode(text, i)[1]

    start = ws(1 if text.startswith("\ufeff") else 0)
    out[()] = start
    value(start, (), True)
    return out


def match_from_dict(obj: Any, line: int = 0, column: int = 0, text: str | None = None,
                    prefix: tuple = ()) -> tuple[Match | None, list[Diagnostic]]:
    """One match from a decoded JSON value (``None`` when its shape is wrong) and the problems found.

    With ``text`` (the JSON the value came from) problems get their line:column; ``prefix`` is the
    match's path in it (``(3,)`` for the fourth match of a list)."""
    reader = _Reader(line, column, text, prefix)
    return reader.match(obj), reader.diags


_SURROGATE = re.compile("[\ud800-\udfff]")
_LONE_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*(\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                          r"|(?<![uU][dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2})")
"""A ``\\uD800``-``\\uDFFF`` escape that is not half of a surrogate pair (group 1)."""


def _may_hold_surrogates(text: str) -> bool:
    return "\\ud" in text or "\\uD" in text or "\\Ud" in text or "\\UD" in text


def _scrub(obj: Any) -> tuple[Any, int]:
    """``obj`` with every lone surrogate in its strings (keys too) replaced by U+FFFD, and how many
    strings held one.  Iterative: the value may be nested as deep as the decoder allows."""
    fixed = 0
    if isinstance(obj, str):
        return (_SURROGATE.sub("\ufffd", obj), 1) if _SURROGATE.search(obj) else (obj, 0)
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, list):
            for i, v in enumerate(o):
                if isinstance(v, str):
                    if _SURROGATE.search(v):
                        o[i] = _SURROGATE.sub("\ufffd", v)
                        fixed += 1
                elif isinstance(v, (list, dict)):
                    stack.append(v)
        else:
            items = list(o.items())
            if any(_SURROGATE.search(k) for k, _ in items):
                fixed += sum(1 for k, _ in items if _SURROGATE.search(k))
                o.clear()
                o.update((_SURROGATE.sub("\ufffd", k), v) for k, v in items)
            for k, v in o.items():
                if isinstance(v, str):
                    if _SURROGATE.search(v):
                        o[k] = _SURROGATE.sub("\ufffd", v)
                        fixed += 1
                elif isinstance(v, (list, dict)):
                    stack.append(v)
    return obj, fixed


def _surrogate_diags(text: str, fixed: int, where, budget: _Budget) -> list[Diagnostic]:
    """``decode_error`` at each lone surrogate escape of ``text`` (``where(offset)`` gives its
    line and column); at 1:1 when the escapes cannot be told apart from escaped backslashes."""
    out = []
    found = False
    for m in _LONE_ESCAPE.finditer(text):
        found = True
        if not budget.take():
            continue
        line, column = where(m.start(1))
        esc = m.group(1)
        out.append(Diagnostic("decode_error", bilingual(
            f"lone UTF-16 surrogate escape {esc} in a JSON string (expected a character, or a surrogate "
            "pair such as \\ud83d\\ude00); read as '\ufffd'",
            f"JSON 字符串中有不成对的代理项转义 {esc}；已按 '\ufffd' 读取"), line, column))
    if fixed and not found and budget.take():
        out.append(Diagnostic("decode_error", bilingual(
            f"{fixed} JSON string(s) hold a lone UTF-16 surrogate escape (expected a character, or a "
            "surrogate pair); read as '\ufffd'", "JSON 字符串中有不成对的代理项转义；已按 '\ufffd' 读取"), 1, 1))
    return out


def _decode(text: str) -> tuple[Any, tuple[str, str, int, int] | None]:
    """``(value, None)``, or ``(None, (message, Chinese message, line, column))`` when ``text`` is not
    JSON we can read."""
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, (exc.msg, exc.msg, exc.lineno, exc.colno)
    except RecursionError:
        return None, ("nested too deeply for the decoder", "嵌套过深", 1, 1)
    except (ValueError, MemoryError) as exc:   # e.g. an integer of more than 4,300 digits
        return None, (str(exc), str(exc), 1, 1)


def parse_json(text: str) -> tuple[list[Match], list[Diagnostic]]:
    """Matches of a ``.json`` text: one match object, or a list of them."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        return [], [Diagnostic("empty_file", bilingual("empty file: no JSON value (expected a match object)",
                                                       "空文件：没有 JSON 内容"), 1, 1)]
    data, problem = _decode(text)
    if problem is not None:
        msg, zh, line, column = problem
        return [], [Diagnostic("invalid_json", bilingual(f"invalid JSON: {msg} (expected a match object "
                                                         "{\"hands\": [...]} or a list of them)",
                                                         f"JSON 格式错误：{zh}"), line, column)]
    budget = _Budget()
    source = _Text(text)
    diags: list[Diagnostic] = []
    if _may_hold_surrogates(text):
        data, fixed = _scrub(data)
        if fixed:
            diags.extend(_surrogate_diags(text, fixed, source.line_column, budget))
    items = data if isinstance(data, list) else [data]
    matches: list[Match] = []
    for i, obj in enumerate(items):
        reader = _Reader(0, 0, source, (i,) if isinstance(data, list) else (), budget)
        m = reader.match(obj)
        diags.extend(reader.diags)
        if m is not None:
            matches.append(m)
    diags.extend(budget.more(text.count("\n") + 1))
    return matches, diags


def _split_lines(text: str) -> list[str]:
    """Lines ended by ``\\n``, ``\\r\\n`` or ``\\r``."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def parse_jsonl(text: str) -> tuple[list[Match], list[Diagnostic]]:
    """Matches of a ``.jsonl`` text: one match object per line (lines end at ``\\n``, ``\\r\\n``
    or ``\\r``), blank lines skipped."""
    if text.startswith("\ufeff"):
        text = text[1:]
    matches: list[Match] = []
    diags: list[Diagnostic] = []
    budget = _Budget()
    any_line = False
    lines = _split_lines(text)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        any_line = True
        obj, problem = _decode(line)
        if problem is not None:
            msg, zh, _, colno = problem
            if budget.take():
                diags.append(Diagnostic("invalid_json", bilingual(
                    f"invalid JSON: {msg} (expected one match object per line)", f"JSON 格式错误：{zh}"),
                    i + 1, colno, text=line if len(line) <= 300 else line[:300] + "…"))
            continue
        if _may_hold_surrogates(line):
            obj, fixed = _scrub(obj)
            if fixed:
                diags.extend(_surrogate_diags(line, fixed, lambda off, n=i + 1: (n, off + 1), budget))
        col = len(line) - len(line.lstrip()) + 1
        reader = _Reader(i + 1, col, line, (), budget)
        m = reader.match(obj)
        diags.extend(reader.diags)
        if m is not None:
            matches.append(m)
    if not any_line:
        diags.append(Diagnostic("empty_file", bilingual("empty file: no JSON line (expected one match per line)",
                                                        "空文件：没有 JSON 记录"), 1, 1))
    diags.extend(budget.more(len(lines)))
    return matches, diags


# --- writing ----------------------------------------------------------------

def _cards(cards: Iterable[Card]) -> list[str]:
    return [TOKEN[c] for c in cards]


def _put_tags(d: dict, tags: tuple[tuple[str, str], ...], known: tuple[str, ...]) -> None:
    """Tags as extra fields when every one fits (see the module docstring), else as a ``tags`` list."""
    fields: dict[str, Any] = {}
    for name, value in tags:
        key, out = name, value
        if name.endswith(_JSON_SUFFIX):
            try:
                parsed = json.loads(value)
            except ValueError:
                parsed = value
            if not isinstance(parsed, str) and _dump(parsed) == value:
                key, out = name[:-len(_JSON_SUFFIX)], parsed
        if key in known or key in fields or key in d:
            d["tags"] = [[n, v] for n, v in tags]
            return
        fields[key] = out
    d.update(fields)


def match_to_dict(match: Match) -> dict:
    """The JSON object of ``match`` (format.md field names; see the module docstring for extras)."""
    d: dict[str, Any] = {}
    for key in ("event", "site", "date", "round", "table"):
        value = getattr(match, key)
        if value is not None:
            d[key] = value
    if any(p is not None for p in match.players):
        d["players"] = dict(zip(SEAT_TOKENS, match.players))
    if match.ruleset is not None:
        d["ruleset"] = match.ruleset
    if match.rules:
        names = [n for n, _ in match.rules]
        d["rules"] = dict(match.rules) if len(set(names)) == len(names) else [[n, v] for n, v in match.rules]
    if match.levels is not None:
        d["levels"] = {"NS": RANK_TOKENS[match.levels[0]], "EW": RANK_TOKENS[match.levels[1]]}
    d["hands"] = [_hand_to_dict(h) for h in match.hands]
    if match.notes:
        d["notes"] = list(match.notes)
    _put_tags(d, match.tags, _MATCH_FIELDS)
    return d


def _hand_to_dict(h: Hand) -> dict:
    d: dict[str, Any] = {"number": h.number}
    if h.dealer is not None:
        d["dealer"] = SEAT_TOKENS[h.dealer]
    d["trump"] = trump_token(h.trump)
    if h.level is not None:
        d["level"] = RANK_TOKENS[h.level]
    if h.declarations:
        d["declarations"] = [{"seat": SEAT_TOKENS[x.seat], "cards": _cards(x.cards)}
                             | ({"after_bottom": True} if x.after_bottom else {}) for x in h.declarations]
    if h.deal is not None:
        d["deal"] = {SEAT_TOKENS[s]: _cards(h.deal[s] if s < len(h.deal) else ()) for s in range(4)}
    if h.bottom is not None:
        d["bottom"] = _cards(h.bottom)
    if h.buried is not None:
        d["buried"] = _cards(h.buried)
        if h.earlier_buries:
            d["earlier_buries"] = [_cards(b) for b in h.earlier_buries]
    if h.friend is not None:
        d["friend"] = TOKEN[h.friend]
    d["setup"] = h.setup
    d["points"] = h.points
    d["first_trick"] = h.first_trick
    tricks = []
    for i, t in enumerate(h.tricks):
        plays = []
        for p in t.plays:
            pd: dict[str, Any] = {"seat": SEAT_TOKENS[p.seat]}
            if p.attempted is not None:
                pd["attempted"] = _cards(p.attempted)
            pd["cards"] = _cards(p.cards)
            if p.notes:
                pd["notes"] = list(p.notes)
            plays.append(pd)
        expected = h.first_trick if i == 0 else h.tricks[i - 1].number + 1
        if t.notes or t.number != expected:
            tricks.append({"number": t.number, "plays": plays, "notes": list(t.notes)})
        else:
            tricks.append(plays)
    d["tricks"] = tricks
    if h.claim is not None:
        d["claim"] = h.claim
    if h.takebacks:
        d["takebacks"] = [SEAT_TOKENS[s] for s in h.takebacks]
    d["notes"] = list(h.notes)
    _put_tags(d, h.tags, _HAND_FIELDS)
    return d


def format_json(match: Match) -> str:
    """A ``.json`` text holding ``match`` (UTF-8 characters kept, two-space indent)."""
    return json.dumps(match_to_dict(match), ensure_ascii=False, indent=2) + "\n"


def format_jsonl(matches: Iterable[Match]) -> str:
    """A ``.jsonl`` text: one compact match object per line."""
    return "".join(json.dumps(match_to_dict(m), ensure_ascii=False, separators=(",", ":")) + "\n"
                   for m in matches)

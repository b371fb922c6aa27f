"""Checking and converting the field values of a JSON record: strings, whole numbers and their
ranges, seats, cards (and how many copies the decks hold), notes, tags, players, rules,
levels, trump and a hand's level.

A value of the wrong shape raises :class:`Shape` (the reader then skips the enclosing hand or
match); a value of the right shape that cannot be read (an unknown card, a number out of range)
becomes a positioned diagnostic through :class:`FieldReader` and reading goes on.
"""
from __future__ import annotations

import json
import unicodedata
from typing import Any, Iterable

from .limits import MAX_DEPTH, json_too_deep, whole_number
from .cards import PRETTY, Card, Rank, Suit, card_meant, parse_card, parse_rank, parse_trump
from .json_layout import JSON_SUFFIX, dump
from .diagnostics import TRUMP_NOT_READ, clip, decks_en
from .json_problems import Reporter
from .words import CARD_LOOKUP, SEAT_LOOKUP, TRUMP_WORDS

__all__ = ["MAX_POINTS", "MAX_TRICK", "Shape", "shape_zh", "type_name", "zh_type", "as_text", "as_integer", "as_notes",
           "as_tags", "as_players", "as_teams", "as_rules", "FieldReader"]

MAX_POINTS = 9999
"""Largest ``points`` (a position's points so far) and ``claim`` (either sign) taken as written."""
MAX_TRICK = 999
"""Largest trick number (``first_trick``, a trick's ``number``) taken as written."""


class Shape(Exception):
    """A value of the wrong shape: the enclosing hand (or match) is skipped.

    ``at``: the keys and list indexes from the reader's current path to the value concerned
    (``("declarations", 2)``), so that the ``json_shape`` diagnostic points at it."""

    def __init__(self, message: str, *at: str | int, zh: str = "") -> None:
        super().__init__(message)
        self.at = at
        self.zh = zh


def shape_zh(exc: Shape) -> str:
    """The Chinese of a :class:`Shape` problem: its own when it has one, else where the value is."""
    if exc.zh:
        return exc.zh
    where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in exc.at).lstrip(".")
    return f"{where} 的类型不符合 docs/format.md 的规定" if where else "值的类型不符合 docs/format.md 的规定"


ZH_TYPE = {"an object": "对象", "a list": "列表", "a string": "字符串", "true/false": "true/false",
           "a number": "数字", "null": "null"}
"""The Chinese of :func:`type_name`."""


def zh_type(v: Any) -> str:
    return ZH_TYPE.get(type_name(v), type_name(v))


def type_name(v: Any) -> str:
    """What kind of JSON value ``v`` is, for messages (``a list``, ``null``)."""
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(v), type(v).__name__)


_OF_ZH = {"match": "比赛", "hand": "牌局"}
"""The Chinese of what a ``"tags"`` list belongs to."""

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


def as_text(v: Any, what: str, *at: str | int) -> str | None:
    """A string field (a number is taken as its text; ``None`` stays ``None``); ``at``: where it is
    (see :class:`Shape`)."""
    if v is None:
        return None
    if isinstance(v, str):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return str(v)
    raise Shape(f"{what} should be a string, not {type_name(v)}", *at, zh=f"{what} 应为字符串，而不是{zh_type(v)}")


def as_integer(v: Any, what: str, *at: str | int, digits: bool = True) -> int:
    """A whole number, or (``digits``) a string of at most :data:`~.limits.MAX_DIGITS` digits (its
    length is checked before ``int()``: a string of thousands of digits is the wrong shape, not a
    crash).  Without ``digits`` a string is the wrong shape as any other type (``"claim"``)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    n = whole_number(v) if isinstance(v, str) and digits else None
    if n is not None:
        return n
    shown = "" if v is None or isinstance(v, (list, dict)) else f" {_shown(v)}"    # (not "null null")
    raise Shape(f"{what} should be a whole number, not {type_name(v)}{shown}", *at,
                zh=f"{what} 应为整数，而不是{zh_type(v)}{shown}")


def _shown(v: Any) -> str:
    """A short text of JSON value ``v`` for a message (never the whole of a big or deep value)."""
    if isinstance(v, (list, dict)):
        return "[…]" if isinstance(v, list) else "{…}"
    return clip(json.dumps(v, ensure_ascii=False), 20)


def as_notes(v: Any, what: str, *at: str | int) -> tuple[str, ...]:
    """A ``notes`` field: a list of strings, or one string."""
    if v is None:
        return ()
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list):
        raise Shape(f"{what} should be a list of strings, not {type_name(v)}", *at,
                    zh=f"{what} 应为字符串列表，而不是{zh_type(v)}")
    for i, n in enumerate(v):
        if not isinstance(n, str):
            raise Shape(f"{what} should be a list of strings, not hold {type_name(n)}", *at, i,
                        zh=f"{what} 应为字符串列表，其中不能有{zh_type(n)}")
    return tuple(v)


def as_tags(obj: dict, known: tuple[str, ...], what: str) -> tuple[tuple[str, str], ...]:
    """The tags of a match or hand object: its unknown fields (see :mod:`.json_layout`), then its
    ``"tags"`` list of ``[name, value]`` pairs."""
    out: list[tuple[str, str]] = []
    for key, value in obj.items():
        if key in known:
            continue
        if isinstance(value, str):
            out.append((key, value))
        else:
            out.append((key + JSON_SUFFIX, dump(value)))
    extra = obj.get("tags")
    if extra is not None:
        if not isinstance(extra, list):
            raise Shape(f"\"tags\" of the {what} should be a list of [name, value] string pairs, not "
                        f"{type_name(extra)}", "tags",
                        zh=f"{_OF_ZH.get(what, what)}的 \"tags\" 应为 [名称, 值] 字符串对的列表，而不是{zh_type(extra)}")
        for i, p in enumerate(extra):
            if not (isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)):
                shown = f" {_shown(p)}" if isinstance(p, list) else ""
                raise Shape(f"\"tags\" of the {what} should be a list of [name, value] string pairs, not "
                            f"hold {type_name(p)}{shown}", "tags", i,
                            zh=f"{_OF_ZH.get(what, what)}的 \"tags\" 应为 [名称, 值] 字符串对的列表，其中不能有{zh_type(p)}{shown}")
        out.extend((p[0], p[1]) for p in extra)
    return tuple(out)


def as_players(p: Any) -> list[str | None]:
    """The ``players`` field: an object ``{"N": name, …}``.  A list is refused: ``docs/format.md``
    fixes no seat order for one, and reading ``["a", "b", "c", "d"]`` as N, E, S, W would be a guess."""
    players: list[str | None] = [None, None, None, None]
    if p is None:
        return players
    if not isinstance(p, dict):
        hint = (" (a list does not say which seat each name is: write {\"N\": \"…\", \"E\": \"…\", "
                "\"S\": \"…\", \"W\": \"…\"})" if isinstance(p, list) else "")
        hint_zh = ("（列表不能说明每个名字属于哪个座位：应写作 {\"N\": \"…\", \"E\": \"…\", \"S\": \"…\", "
                   "\"W\": \"…\"}）" if isinstance(p, list) else "")
        raise Shape(f"\"players\" should be an object {{\"N\": name, …}}, not {type_name(p)}{hint}", "players",
                    zh=f"\"players\" 应为对象 {{\"N\": 姓名, …}}，而不是{zh_type(p)}{hint_zh}")
    for key, name in p.items():
        s = SEAT_LOOKUP.get(key)
        if s is None:
            raise Shape(f"\"players\" has key {key!r} (expected N, E, S, W)", "players", key,
                        zh=f"\"players\" 的键 {key!r} 无效（应为 N、E、S、W）")
        text = as_text(name, f"players.{key}", "players", key)
        players[s] = (text.strip() or None) if text is not None else None   # no white space around; blank: nobody
    return players


def as_teams(t: Any) -> tuple[str | None, str | None]:
    """The ``teams`` field: an object ``{"NS": name, "EW": name}`` (either may be absent or ``null``)."""
    teams: list[str | None] = [None, None]
    if isinstance(t, dict):
        for key, name in t.items():
            side = {"NS": 0, "EW": 1}.get(key.upper() if isinstance(key, str) else key)
            if side is None:
                raise Shape(f"\"teams\" has key {key!r} (expected NS or EW)", "teams", key,
                            zh=f"\"teams\" 的键 {key!r} 无效（应为 NS 或 EW）")
            text = as_text(name, f"teams.{key}", "teams", key)
            teams[side] = text if text is None or text.strip() else None
    elif t is not None:
        raise Shape(f"\"teams\" should be an object {{\"NS\": name, \"EW\": name}}, not {type_name(t)}", "teams",
                    zh=f"\"teams\" 应为对象 {{\"NS\": 队名, \"EW\": 队名}}，而不是{zh_type(t)}")
    return teams[0], teams[1]


def as_rules(v: Any) -> tuple[tuple[str, str], ...]:
    """The ``rules`` field: an object, or a list of ``[name, value]`` pairs (true/false → on/off)."""
    if v is None:
        return ()
    if isinstance(v, dict):
        items = [(p, k, val) for p, (k, val) in zip(v, v.items())]
    elif isinstance(v, list):
        for i, p in enumerate(v):
            if not (isinstance(p, list) and len(p) == 2):
                raise Shape(f"\"rules\" as a list should hold [name, value] pairs, not {type_name(p)}", "rules", i,
                            zh=f"列表形式的 \"rules\" 应由 [名称, 值] 对组成，而不是{zh_type(p)}")
        items = [(i, p[0], p[1]) for i, p in enumerate(v)]
    else:
        raise Shape(f"\"rules\" should be an object {{\"name\": \"value\", …}}, not {type_name(v)}", "rules",
                    zh=f"\"rules\" 应为对象 {{\"名称\": \"值\", …}}，而不是{zh_type(v)}")
    out = []
    for at, name, value in items:
        if not isinstance(name, str):
            raise Shape(f"\"rules\" names should be strings, not {type_name(name)}", "rules", at,
                        zh=f"\"rules\" 的名称应为字符串，而不是{zh_type(name)}")
        if isinstance(value, bool):
            value = "on" if value else "off"
        if value is None:                # a rule's value is never left out (the preset's would be a guess)
            raise Shape(f"rules.{name} should be a value such as \"on\" or \"per_card\", not null", "rules", at,
                        zh=f"规则 {name} 的值应为如 \"on\" 或 \"per_card\" 的取值，而不是 null")
        out.append((name, as_text(value, f"rules.{name}", "rules", at)))
    return tuple(out)


class FieldReader(Reporter):
    """The field conversions that report problems (at the reader's current position)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.decks = 2
        """How many decks the match's ruleset plays with, for :meth:`count`."""
        self.shared_plays: dict = {}
        """The plain plays read so far in this match (:func:`~.json_fast.fast_tricks` reuses them)."""

    def typed_tags(self, obj: dict, tags: tuple[tuple[str, str], ...]) -> None:
        """``too_deep`` for a typed tag (``name:json``, a string field or a ``tags`` pair) whose text
        nests deeper than :data:`~.limits.MAX_DEPTH`, as the ``.tgn`` reader says of ``[Name:json]``:
        the tag is kept as its text (a field of another type came decoded, so within the limit)."""
        for name, value in tags:
            if name.endswith(JSON_SUFFIX) and json_too_deep(value) is not None:
                key = name if isinstance(obj.get(name), str) else "tags"
                self.diag("too_deep", f"the value of the typed tag {clip(name, 40)!r} nests more than {MAX_DEPTH} levels "
                          "of [ ] and { } (the JSON reader's limit); kept as text, not as a JSON value",
                          f"带类型的标签 {clip(name, 40)!r} 的值嵌套超过 {MAX_DEPTH} 层（JSON 读取的上限）；按文本保留，"
                          "不作为 JSON 值", key)

    def bounded(self, v: Any, what: str, key: str, lo: int, hi: int, default: Any,
                what_zh: str | None = None, then: tuple[str, str] = ("ignored", "已忽略"),
                digits: bool = True) -> Any:
        """A whole number in ``lo..hi``; out of range: ``bad_value`` at ``key`` and ``default``
        (``then`` says what was done instead, in English and Chinese).  ``digits``: a string of
        digits is read as its number (see :func:`as_integer`)."""
        n = as_integer(v, what, key, digits=digits)
        if lo <= n <= hi:
            return n
        shown = str(n) if abs(n) < 10 ** 12 else f"{str(n)[:12]}…"
        self.diag("bad_value", f"{what} {shown} is out of range (expected {lo}..{hi}); {then[0]}",
                  f"{what_zh or what} {shown} 超出范围（应为 {lo}..{hi}）；{then[1]}", key)
        return default

    def seat(self, v: Any, what: str, *at: str | int) -> int | None:
        """A seat string (``None`` with ``unknown_seat`` when it is not one)."""
        s = SEAT_LOOKUP.get(v.strip()) if isinstance(v, str) else None
        if s is None:
            if not isinstance(v, str):
                raise Shape(f"{what} should be a seat string \"N\", \"E\", \"S\" or \"W\", not {type_name(v)}", *at,
                            zh=f"{what} 应为座位字符串 \"N\"、\"E\"、\"S\" 或 \"W\"，而不是{zh_type(v)}")
            self.diag("unknown_seat", f"unknown seat {v!r} in {what} (expected N, E, S or W)",
                      f"{what} 中的座位 {v!r} 无法识别（应为 N、E、S 或 W）")
        return s

    def cards(self, v: Any, what: str, dropped: str, *at: str | int,
              play: bool = False) -> tuple[tuple[Card, ...], bool]:
        """The cards of a list of card strings (or one space-separated string), and whether one
        could not be read (each such card is an ``unknown_card``; ``dropped`` says what follows);
        ``at``: where the list is (see :class:`Shape`); ``play``: the cards of a play (a ``"?"`` among them is
        told how a play not known is written, docs/format.md)."""
        if isinstance(v, str):
            v = v.split()
        if not isinstance(v, list):
            raise Shape(f"{what} should be a list of card strings, not {type_name(v)}", *at,
                        zh=f"{_what_zh(what).rstrip()} 应为牌的列表，而不是{zh_type(v)}")
        out = []
        bad = False
        for i, t in enumerate(v):
            if not isinstance(t, str):
                raise Shape(f"{what} should hold card strings, not {type_name(t)}", *at, i,
                            zh=f"{what} 应为牌的列表，其中不能有{zh_type(t)}")
            k = CARD_LOOKUP.get(t)
            if k is None:
                try:
                    k = parse_card(unicodedata.normalize("NFKC", t).strip())   # full-width Ａ１０ too
                except ValueError:
                    meant = card_meant(t)
                    hint_en = (f"(did you mean {meant}? the suit comes first)" if meant
                               else "(expected e.g. S10, HA, ♥Q, BJ)")
                    hint_zh = f"（是否为 {meant}？花色在前）" if meant else "（应如 S10、HA、♥Q、BJ）"
                    if play and unicodedata.normalize("NFKC", t).strip() == "?":    # as the .tgn reader says it
                        hint_en = (hint_en[:-1] + "; a play not known is written \"cards\": \"?\", in place of "
                                   "its list of cards)")
                        hint_zh = hint_zh[:-1] + "；出牌未知时写 \"cards\": \"?\"，代替整个牌的列表）"
                    self.diag("unknown_card", f"unknown card {t!r} in {what} {hint_en}; "
                              f"{dropped}", f"{_what_zh(what)}中的牌 {t!r} 无法识别{hint_zh}；{_dropped_zh(dropped)}")
                    bad = True
                    continue
            out.append(k)
        return tuple(out), bad

    def count(self, counts: list[int], cards: Iterable[Card], where_en: str, where_zh: str,
              seat: int | None = None) -> None:
        """Add ``cards`` to ``counts``; ``too_many_copies`` when a kind passes what the decks hold (a play's, of
        ``seat``: with what :meth:`returned` adds)."""
        for k in cards:
            counts[k] += 1
            if counts[k] == self.decks + 1:
                more_en, more_zh = (seat is not None and self.returned(seat, k, 1)) or ("", "")
                self.diag("too_many_copies", f"{counts[k]} copies of {PRETTY[k]} in {where_en}, but "
                          f"{decks_en(self.decks, 'hold')} only {self.decks}{more_en}",
                          f"{where_zh}中有 {counts[k]} 张 {PRETTY[k]}，而 {self.decks} 副牌只有 {self.decks} 张{more_zh}")

    def returned(self, seat: int, kind: int, over: int) -> tuple[str, str] | None:
        """What a ``too_many_copies`` of ``kind`` at a play of ``seat`` adds (English, Chinese), or ``None``: see
        ``json_hands``."""
        return None

    def levels(self, v: Any) -> tuple[int, int] | None:
        """The ``levels`` field ``{"NS": "2", "EW": "5"}``; a side not given, given as ``"?"`` or ``null``, or
        with a level that cannot be read is unknown (``None``, never 2)."""
        if v is None:
            return None
        if not isinstance(v, dict):
            raise Shape(f"\"levels\" should be an object {{\"NS\": \"2\", \"EW\": \"2\"}}, not {type_name(v)}",
                        "levels", zh=f"\"levels\" 应为对象 {{\"NS\": \"2\", \"EW\": \"2\"}}，而不是{zh_type(v)}")
        out: list[int | None] = [None, None]
        for key, value in v.items():
            team = {"NS": 0, "EW": 1}.get(key)
            if team is None:
                raise Shape(f"\"levels\" has key {key!r} (expected NS and EW)", "levels", key,
                            zh=f"\"levels\" 的键 {key!r} 无效（应为 NS 和 EW）")
            if value is None or value == "?":
                continue
            if not isinstance(value, (str, int, float)) or isinstance(value, bool):
                raise Shape(f"levels.{key} should be a level string such as \"2\" or \"A\", not "
                            f"{type_name(value)}", "levels", key,
                            zh=f"levels.{key} 应为级别字符串（如 \"2\" 或 \"A\"），而不是{zh_type(value)}")
            at, self.path = self.path, self.path + ("levels",)       # the problem is at the value
            try:
                if not isinstance(value, str):     # a level is a string (docs/format.md): 11 or 1 meant what?
                    self.diag("bad_value", f"levels.{key} should be a level string such as \"2\", \"10\" or \"A\" "
                              f"(docs/format.md), not the number {_shown(value)}; {key}'s level is unknown",
                              f"levels.{key} 应为级别字符串（如 \"2\"、\"10\" 或 \"A\"，见 docs/format.md），而不是数字 "
                              f"{_shown(value)}；{key} 方级别未知", key)
                    continue
                out[team] = parse_rank(value)
            except ValueError:
                self.diag("bad_value", f"unknown level {value!r} in \"levels\" (expected 2..10, J, Q, K or A); "
                          f"{key}'s level is unknown",
                          f"\"levels\" 中的级别 {value!r} 无法识别（应为 2..10、J、Q、K 或 A）；{key} 方级别未知", key)
            finally:
                self.path = at
        return out[0], out[1]

    def not_text(self, v: Any, key: str, expected: tuple[str, str], then: tuple[str, str]) -> None:
        """``bad_value`` at ``key`` for a hand's tag-like field (``dealer``, ``trump``, ``level``) given as a value
        that is no text (a number, ``true``/``false``, a list, an object): not read, never guessed — the field is
        read as not known (``then``: what follows, English and 中文), the hand kept, as a string that names nothing
        is (docs/format.md "Problems").  ``expected``: what it should be."""
        shown = "" if isinstance(v, (list, dict)) else f" {_shown(v)}"
        en, zh = (_shown(v), f" {_shown(v)}") if isinstance(v, bool) else (f"{type_name(v)}{shown}", f"{zh_type(v)}{shown}")
        self.diag("bad_value", f"\"{key}\" should be {expected[0]}, not {en}: {then[0]}",
                  f"\"{key}\" 应为{expected[1]}，而不是{zh}：{then[1]}", key)

    def trump(self, v: Any) -> tuple[Suit | None, bool]:
        """A hand's ``trump`` (a suit, ``NT`` or a word for it) and whether it is known:
        ``(None, False)`` for a value that names no trump (a value that is no text — a number too, as for
        ``dealer``: :meth:`not_text`), said as read as not known (:data:`~.diagnostics.TRUMP_NOT_READ`: the engine
        derives it from the declarations where they fix it)."""
        if not isinstance(v, str):
            self.not_text(v, "trump", ('a trump string "S", "H", "D", "C" or "NT"', '主牌字符串 "S"、"H"、"D"、"C" 或 "NT"'),
                          TRUMP_NOT_READ)
            return None, False
        t = as_text(v, "\"trump\"", "trump")
        try:
            return parse_trump(TRUMP_WORDS.get(t.strip().lower(), t)), True
        except ValueError:
            self.diag("bad_value", f"unknown trump {t!r} (expected S, H, D, C or NT): {TRUMP_NOT_READ[0]}",
                      f"主牌花色 {t!r} 无法识别（应为 S、H、D、C 或 NT）：{TRUMP_NOT_READ[1]}", "trump")
            return None, False

    def level(self, v: Any) -> Rank | None:
        """A hand's ``level`` (``2``..``10``, ``J``, ``Q``, ``K``, ``A``); ``None`` when unknown (``"?"``, read
        by the caller as the field left out, never comes here).  A number is not a level (docs/format.md:
        levels are strings): ``bad_value`` at it, and the level is read as not stated — never guessed."""
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            self.diag("bad_value", f"\"level\" should be a level string such as \"2\", \"10\" or \"A\" "
                      f"(docs/format.md), not the number {_shown(v)}: the level is read as not stated",
                      f"\"level\" 应为级别字符串（如 \"2\"、\"10\" 或 \"A\"，见 docs/format.md），而不是数字 "
                      f"{_shown(v)}：按未写明级别处理", "level")
            return None
        if isinstance(v, (bool, list, dict)):
            self.not_text(v, "level", ('a level string such as "2", "10" or "A"', '级别字符串（如 "2"、"10" 或 "A"）'),
                          ("the level is read as not stated", "按未写明级别处理"))
            return None
        lv = as_text(v, "\"level\"", "level")
        try:
            return parse_rank(lv)
        except ValueError:
            self.diag("bad_value", f"unknown level {lv!r} (expected 2..10, J, Q, K or A, or \"?\" when not known): "
                      "the level is read as not stated",
                      f"级别 {lv!r} 无法识别（应为 2..10、J、Q、K 或 A，未知时写 \"?\"）：按未写明级别处理", "level")
            return None

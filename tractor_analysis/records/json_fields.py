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

from .limits import whole_number
from .cards import TOKEN, Card, Rank, Suit, parse_card, parse_rank, parse_trump
from .json_layout import JSON_SUFFIX, dump
from .json_problems import Reporter
from .words import CARD_LOOKUP, SEAT_LOOKUP, TRUMP_WORDS

__all__ = ["MAX_POINTS", "MAX_TRICK", "Shape", "type_name", "as_text", "as_integer", "as_notes", "as_tags",
           "as_players", "as_rules", "FieldReader"]

MAX_POINTS = 9999
"""Largest ``points`` (a position's points so far) and ``claim`` (either sign) taken as written."""
MAX_TRICK = 999
"""Largest trick number (``first_trick``, a trick's ``number``) taken as written."""


class Shape(Exception):
    """A value of the wrong shape: the enclosing hand (or match) is skipped."""


def type_name(v: Any) -> str:
    """What kind of JSON value ``v`` is, for messages (``a list``, ``null``)."""
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


def as_text(v: Any, what: str) -> str | None:
    """A string field (a number is taken as its text; ``None`` stays ``None``)."""
    if v is None:
        return None
    if isinstance(v, str):
        return v
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return str(v)
    raise Shape(f"{what} should be a string, not {type_name(v)}")


def as_integer(v: Any, what: str) -> int:
    """A whole number, or a string of at most :data:`~.limits.MAX_DIGITS` digits (its length is
    checked before ``int()``: a string of thousands of digits is the wrong shape, not a crash)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    n = whole_number(v) if isinstance(v, str) else None
    if n is not None:
        return n
    raise Shape(f"{what} should be a whole number, not {type_name(v)} {json.dumps(v, ensure_ascii=False)[:20]}")


def as_notes(v: Any, what: str) -> tuple[str, ...]:
    """A ``notes`` field: a list of strings, or one string."""
    if v is None:
        return ()
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list) or not all(isinstance(n, str) for n in v):
        raise Shape(f"{what} should be a list of strings")
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
        if not isinstance(extra, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in extra):
            raise Shape(f"\"tags\" of the {what} should be a list of [name, value] string pairs")
        out.extend((p[0], p[1]) for p in extra)
    return tuple(out)


def as_players(p: Any) -> list[str | None]:
    """The ``players`` field: an object ``{"N": name, …}`` or a list of four names."""
    players = [None, None, None, None]
    if isinstance(p, dict):
        for key, name in p.items():
            s = SEAT_LOOKUP.get(key)
            if s is None:
                raise Shape(f"\"players\" has key {key!r} (expected N, E, S, W)")
            players[s] = as_text(name, f"players.{key}")
    elif isinstance(p, list) and len(p) == 4:
        players = [as_text(x, "players") for x in p]
    elif p is not None:
        raise Shape("\"players\" should be an object {\"N\": name, …}")
    return players


def as_rules(v: Any) -> tuple[tuple[str, str], ...]:
    """The ``rules`` field: an object, or a list of ``[name, value]`` pairs (true/false → on/off)."""
    if v is None:
        return ()
    if isinstance(v, dict):
        items = list(v.items())
    elif isinstance(v, list) and all(isinstance(p, list) and len(p) == 2 for p in v):
        items = [(p[0], p[1]) for p in v]
    else:
        raise Shape("\"rules\" should be an object {\"name\": \"value\", …}")
    out = []
    for name, value in items:
        if not isinstance(name, str):
            raise Shape("\"rules\" names should be strings")
        if isinstance(value, bool):
            value = "on" if value else "off"
        out.append((name, as_text(value, f"rules.{name}")))
    return tuple(out)


class FieldReader(Reporter):
    """The field conversions that report problems (at the reader's current position)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.decks = 2
        """How many decks the match's ruleset plays with, for :meth:`count`."""
        self.shared_plays: dict = {}
        """The plain plays read so far in this match (:func:`~.json_fast.fast_tricks` reuses them)."""

    def bounded(self, v: Any, what: str, key: str, lo: int, hi: int, default: Any,
                what_zh: str | None = None, then: tuple[str, str] = ("ignored", "已忽略")) -> Any:
        """A whole number in ``lo..hi``; out of range: ``bad_value`` at ``key`` and ``default``
        (``then`` says what was done instead, in English and Chinese)."""
        n = as_integer(v, what)
        if lo <= n <= hi:
            return n
        shown = str(n) if abs(n) < 10 ** 12 else f"{str(n)[:12]}…"
        self.diag("bad_value", f"{what} {shown} is out of range (expected {lo}..{hi}); {then[0]}",
                  f"{what_zh or what} {shown} 超出范围（应为 {lo}..{hi}）；{then[1]}", key)
        return default

    def seat(self, v: Any, what: str) -> int | None:
        """A seat string (``None`` with ``unknown_seat`` when it is not one)."""
        s = SEAT_LOOKUP.get(v.strip()) if isinstance(v, str) else None
        if s is None:
            if not isinstance(v, str):
                raise Shape(f"{what} should be a seat string \"N\", \"E\", \"S\" or \"W\", not {type_name(v)}")
            self.diag("unknown_seat", f"unknown seat {v!r} in {what} (expected N, E, S or W)",
                      f"{what} 中的座位 {v!r} 无法识别（应为 N、E、S 或 W）")
        return s

    def cards(self, v: Any, what: str, dropped: str) -> tuple[tuple[Card, ...], bool]:
        """The cards of a list of card strings (or one space-separated string), and whether one
        could not be read (each such card is an ``unknown_card``; ``dropped`` says what follows)."""
        if isinstance(v, str):
            v = v.split()
        if not isinstance(v, list):
            raise Shape(f"{what} should be a list of card strings, not {type_name(v)}")
        out = []
        bad = False
        for t in v:
            if not isinstance(t, str):
                raise Shape(f"{what} should hold card strings, not {type_name(t)}")
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

    def count(self, counts: list[int], cards: Iterable[Card], where_en: str, where_zh: str) -> None:
        """Add ``cards`` to ``counts``; ``too_many_copies`` when a kind passes what the decks hold."""
        for k in cards:
            counts[k] += 1
            if counts[k] == self.decks + 1:
                self.diag("too_many_copies", f"{counts[k]} copies of {TOKEN[k]} in {where_en}, but "
                          f"{self.decks} deck(s) hold only {self.decks}",
                          f"{where_zh}中有 {counts[k]} 张 {TOKEN[k]}，而 {self.decks} 副牌只有 {self.decks} 张")

    def levels(self, v: Any) -> tuple[int, int] | None:
        """The ``levels`` field ``{"NS": "2", "EW": "5"}`` (a level not given, or unknown, is 2)."""
        if v is None:
            return None
        if not isinstance(v, dict):
            raise Shape("\"levels\" should be an object {\"NS\": \"2\", \"EW\": \"2\"}")
        out = [2, 2]
        for key, value in v.items():
            team = {"NS": 0, "EW": 1}.get(key)
            if team is None:
                raise Shape(f"\"levels\" has key {key!r} (expected NS and EW)")
            try:
                out[team] = parse_rank(str(value))
            except ValueError:
                self.diag("bad_value", f"unknown level {value!r} in \"levels\" (expected 2..10, J, Q, K or A)",
                          f"\"levels\" 中的级别 {value!r} 无法识别")
        return out[0], out[1]

    def trump(self, v: Any) -> tuple[Suit | None, bool]:
        """A hand's ``trump`` (a suit, ``NT`` or a word for it) and whether it is known:
        ``(None, False)`` for a value that names no trump."""
        t = as_text(v, "\"trump\"")
        try:
            return parse_trump(TRUMP_WORDS.get(t.strip().lower(), t)), True
        except ValueError:
            self.diag("bad_value", f"unknown trump {t!r} (expected S, H, D, C or NT): the trump is unknown, "
                      "so no play of the hand is judged",
                      f"主牌花色 {t!r} 无法识别（应为 S、H、D、C 或 NT）：主牌未知，本局出牌一概不予判定", "trump")
            return None, False

    def level(self, v: Any) -> Rank | None:
        """A hand's ``level`` (``2``..``10``, ``J``, ``Q``, ``K``, ``A``); ``None`` when unknown."""
        lv = as_text(v, "\"level\"")
        try:
            return parse_rank(lv)
        except ValueError:
            self.diag("bad_value", f"unknown level {lv!r} (expected 2..10, J, Q, K or A)",
                      f"级别 {lv!r} 无法识别", "level")
            return None

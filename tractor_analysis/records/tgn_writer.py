"""Writing Tractor Game Notation: the canonical ``.tgn`` text of a :class:`~records.Match`.

The reader is :mod:`tractor_analysis.records.tgn_reader`; ``parse_tgn(format_tgn(m)) == ([m], [])``
for every well-formed match (checked with hypothesis in ``tests/test_roundtrip.py``).
Tags come in a fixed order, cards as canonical tokens in record order, tag values and
annotations escaped (``docs/format.md``).
"""
from __future__ import annotations

import re
from typing import Iterable

from .cards import RANK_TOKENS, SEAT_TOKENS, TEAMS, TOKEN, Card, trump_token
from .compiled import load
from .diagnostics import clip
from .model import Hand, Match, Trick
from .plays_written import plays_as_written
from .tgn_tags import KNOWN_TAGS

_CORE = load("tractor_analysis.records._tgn_write_core", ".tgn writer's card lines", ".tgn 写出器的牌行")
"""The card lines in C (``_tgn_write_core.c``), or ``None``: the Python below is the reference."""


_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")
"""Characters a reader would refuse or lose, written as ``\\uXXXX``: control characters (a NUL
makes the file binary), DEL and lone surrogates (not encodable as UTF-8)."""


def _escape_unsafe(text: str) -> str:
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if _UNSAFE.search(text) else text


_VALUE_SPECIAL = re.compile('[\\\\"\x00-\x1f\x7f\ud800-\udfff]')
"""Any character :func:`escape_value` changes (most values hold none: they are written as they are)."""


def escape_value(text: str) -> str:
    """A tag value as written between the quotes: ``\\`` ``"`` and line breaks escaped, and control
    characters and lone surrogates as ``\\uXXXX``."""
    if _VALUE_SPECIAL.search(text) is None:
        return text
    return _escape_unsafe(text.replace("\\", "\\\\").replace('"', '\\"')
                          .replace("\n", "\\n").replace("\r", "\\r"))


def escape_note(text: str) -> str:
    """An annotation as written between the braces: ``\\`` ``}`` and line breaks escaped, and control
    characters and lone surrogates as ``\\uXXXX``."""
    return _escape_unsafe(text.replace("\\", "\\\\").replace("}", "\\}")
                          .replace("\n", "\\n").replace("\r", "\\r"))


_TAG_NAME = re.compile(r'[^\s\[\]"{};]+')


class Unwritable(ValueError):
    """The match holds something ``.tgn`` cannot say: an extra tag (from a JSON field) whose name is
    not a ``.tgn`` tag name, or is the name of a tag the reader interprets (``Dealer``, ``Rule:x``);
    a trick with no plays (the reader refuses a trick line without one); nothing at all (an empty
    file reads as no match).  For a tag, :attr:`tag` says which: ``(hand, index)`` — the index of the
    hand in ``match.hands`` (``None``: a match tag) and of the tag in that one's ``tags`` — so that the
    caller can point at it in the record it came from (:func:`.json_problems.tag_position`)."""

    def __init__(self, message: str, tag: tuple[int | None, int] | None = None) -> None:
        super().__init__(message)
        self.tag = tag


def _extra_tag_name(name: str, hand: int | None = None, index: int = 0) -> str:
    low = name.lower()
    if not _TAG_NAME.fullmatch(name) or low in KNOWN_TAGS or low.startswith("rule:"):
        raise Unwritable(
            f"the field {clip(name, 40)!r} cannot be a .tgn tag (a tag name has no spaces, brackets, quotes, "
            "braces or ';', and is not the name of a tag .tgn reads); write .json or .jsonl instead "
            f"/ 字段 {clip(name, 40)!r} 无法写成 .tgn 标签（标签名不能含空格、方括号、引号、花括号或 ';'，也不能是 .tgn "
            "所读标签的名字），请改用 .json 或 .jsonl", (hand, index))
    return name


_WORD_BREAK = re.compile(r"[\s,]+")
"""What ends a word of ``[Takebacks]`` (:func:`.tgn_tags._takebacks` splits at spaces and commas)."""


def _takeback_word(word: str) -> str:
    """A word of ``[Takebacks]`` as one ``.tgn`` word: a word that is no seat read from JSON may hold a space
    or a comma (``"N S"``), which would read back as two seats — each run of them is written ``_`` (and an
    empty word ``_``), so it reads back as one word that is no seat, as it was; a seat or ``?`` is unchanged."""
    return _WORD_BREAK.sub("_", word) or "_"


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join([TOKEN[c] for c in cards])


def _seat_cards(label: str, cards: Iterable[Card]) -> str:
    if _CORE is not None:
        line = _CORE.seat_line(label, cards, TOKEN)
        if line is not None:
            return line
    key = (label, cards) if type(cards) is tuple else None
    if key is not None:
        hit = _SEAT_CARDS.get(key)
        if hit is not None:
            return hit
    text = _cards_text(cards)
    line = f"{label}: {text}" if text else f"{label}:"
    if key is not None and len(_SEAT_CARDS) < 100_000:
        _SEAT_CARDS[key] = line
    return line


_SEAT_CARDS: dict[tuple[str, tuple[Card, ...]], str] = {}
"""``label: tokens`` of a seat and a card tuple (the same plays recur across hands and matches)."""


def _trick_lines(hand: Hand, out: list[str]) -> None:
    """Each trick's line (and its notes' lines) appended to ``out``: the plain ones through the
    core when there is one, every other one by :func:`_trick_line` (every one, in a hand with a play
    the reader could not read: written back as ``SEAT: ?``, :func:`.plays_written.plays_as_written`)."""
    hand_no, tricks = hand.number, hand.tricks
    if hand.plays_unread:
        for t in tricks:
            _trick_line(hand_no, t, out, plays_as_written(hand, t))
        return
    i, n = 0, len(tricks)
    while i < n:
        if _CORE is not None and type(tricks) is tuple:
            i = _CORE.trick_lines(tricks, i, out, SEAT_TOKENS, TOKEN)
            if i >= n:
                return
        _trick_line(hand_no, tricks[i], out)
        i += 1


def _trick_line(hand_no: int, t: Trick, out: list[str], plays: list | None = None) -> None:
    """One trick's line and its notes' lines (the reference the core's lines equal); ``plays``: the trick's plays as
    written, a seat (``int``) for a play written ``?`` (:func:`.plays_written.plays_as_written`)."""
    plays = list(t.plays) if plays is None else plays
    if not plays:
        raise Unwritable(
            f"trick {t.number} of hand {hand_no} has no plays, and a .tgn trick line needs one "
            f"('{t.number}. N: cards, …'; the reader refuses '{t.number}.' alone) / 第 {hand_no} 局第 "
            f"{t.number} 轮没有出牌，.tgn 的出牌行至少要有一个出牌（'{t.number}. N: 牌, …'；只有 '{t.number}.' 的行读取时不予接受）")
    parts = []
    for p in plays:
        if isinstance(p, int):          # the record gives the play, not what it was
            parts.append(f"{SEAT_TOKENS[p]}: ?")
            continue
        if p.attempted is None:
            text = _seat_cards(SEAT_TOKENS[p.seat], p.cards)
        else:
            forced = _cards_text(p.cards)
            text = _seat_cards(SEAT_TOKENS[p.seat], p.attempted) + (f" -> {forced}" if forced else " ->")
        for note in p.notes:
            text += " {" + escape_note(note) + "}"
        parts.append(text)
    out.append(f"{t.number}. " + ", ".join(parts))
    for note in t.notes:
        out.append("{" + escape_note(note) + "}")


def format_tgn(match: Match) -> str:
    """Canonical ``.tgn`` text of ``match`` (tags in a fixed order, canonical card tokens);
    :class:`Unwritable` when the match holds an extra tag ``.tgn`` cannot name."""
    out: list[str] = []

    def tag(name: str, value: str) -> None:
        out.append(f'[{name} "{escape_value(value)}"]')

    for name, value in (("Event", match.event), ("Site", match.site), ("Date", match.date),
                        ("Round", match.round), ("Table", match.table)):
        if value is not None:
            tag(name, value)
    for name, value in zip(("North", "East", "South", "West"), match.players):
        if value is not None:
            tag(name, value)
    for name, value in zip(("TeamNS", "TeamEW"), match.teams):
        if value is not None:
            tag(name, value)
    if match.ruleset is not None:
        tag("Ruleset", match.ruleset)
    for name, value in match.rules:
        tag(f"Rule:{name}", value)
    if match.levels is not None:
        tag("Levels", " ".join(f"{team}:{'?' if level is None else RANK_TOKENS[level]}"
                               for team, level in zip(TEAMS, match.levels)))
    for index, (name, value) in enumerate(match.tags):
        tag(_extra_tag_name(name, None, index), value)
    for note in match.notes:
        out.append("{" + escape_note(note) + "}")
    for hand_index, h in enumerate(match.hands):
        if out:
            out.append("")
        # (a number, a seat, a trump or a rank token holds nothing escape_value changes: written as it is)
        if not h.number_known:      # the record gave no number: "?", never one made up (docs/format.md)
            out.append('[Hand "?"]')
        else:
            out.append(f'[Hand "{h.number}"]' if type(h.number) is int else f'[Hand "{escape_value(str(h.number))}"]')
        # an unknown dealer or trump is "?" (the record does not know: read back as unknown, without the
        # missing_tag leaving the tag out would raise), never a seat or NT made up; left out where that
        # says the same without a problem: a position's dealer, a score sheet's trump (docs/format.md)
        if h.dealer is not None:
            out.append(f'[Dealer "{SEAT_TOKENS[h.dealer]}"]')
        elif not h.setup:
            out.append('[Dealer "?"]')
        if h.trump_known:
            out.append(f'[Trump "{trump_token(h.trump)}"]')
        elif not h.result_only:
            out.append('[Trump "?"]')
        # an unknown level is "?" (the record does not know it: read back as a [Level] left out, derived or
        # unknown as before), never a level made up
        out.append(f'[Level "{RANK_TOKENS[h.level]}"]' if h.level is not None else '[Level "?"]')
        if h.result_only:
            tag("ResultOnly", "yes")
        if h.setup:
            tag("SetUp", "1")
        if h.bid_for:
            tag("BidFor", "yes")
        elif not h.bid_for_known:     # whether it was bid for is not known: said, not left as "no"
            tag("BidFor", "?")
        if h.points or (h.setup and h.points_known):   # a position's 0 stated, not left out
            tag("Points", str(h.points))
        if h.first_trick != 1:
            tag("FirstTrick", str(h.first_trick))
        if h.friend is not None:
            tag("Friend", TOKEN[h.friend])
        if h.declarations_known and not h.declarations:
            tag("Declarations", "")           # nobody declared, stated
        if h.declarations:
            before = " | ".join(_seat_cards(SEAT_TOKENS[d.seat], d.cards) for d in h.declarations if not d.after_bottom)
            rebids = " | ".join(_seat_cards(SEAT_TOKENS[d.seat], d.cards) for d in h.declarations if d.after_bottom)
            tag("Declarations", f"{before} || {rebids}".strip() if rebids else before)
        for index, (name, value) in enumerate(h.tags):
            tag(_extra_tag_name(name, hand_index, index), value)
        if h.deal is not None:
            for seat in range(4):
                out.append(_seat_cards(SEAT_TOKENS[seat], h.deal[seat] if seat < len(h.deal) else ()))
        if h.bottom is not None:
            out.append(_seat_cards("Bottom", h.bottom))
        if h.buried is not None:     # 炒地皮: every bury in order, separated by '||'
            out.append("Buried: " + " || ".join(_cards_text(b) for b in (*h.earlier_buries, h.buried))
                       if h.earlier_buries else _seat_cards("Buried", h.buried))
        for note in h.notes:
            out.append("{" + escape_note(note) + "}")
        _trick_lines(h, out)
        if h.takebacks:
            # a take-back whose seat is not known: ?; a word that is no seat: the word as read (never ?, which
            # says one take-back) — each read back as it was (never dropped)
            tag("Takebacks", " ".join(map(_takeback_word, h.takeback_words())))
        if h.claim is not None:
            tag("Claim", str(h.claim))
    if not out:
        raise Unwritable(
            "the match holds nothing (no tag, no player, no hand), and an empty .tgn file reads as no "
            "match at all; write .json or .jsonl instead / 此比赛没有任何内容（无标签、无玩家、无牌局），"
            "空的 .tgn 文件读回来不是一场比赛，请改用 .json 或 .jsonl")
    return "\n".join(out) + "\n"

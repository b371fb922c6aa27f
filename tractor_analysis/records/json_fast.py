"""The fast path of the JSON reader: a hand's tricks and dealt cards when they are plainly
well formed, with no per-value checking in Python beyond a type test.

:mod:`.json_hands` tries these first.  Each returns ``None`` — having reported nothing — on
anything unusual: a value of another type, a card or seat written otherwise than in the lookup
tables, a seat playing twice in a trick, a trick written as an object with a ``number`` (or without
``plays``, or with another field), a trick with no plays, a play with a field it does not have, more
copies of a card than the decks hold, 炒地皮's ``earlier_buries``.  The reader then reads the same
values again on its detailed path, which finds and words every problem.  So the fast path
only ever gives what the detailed path gives for a value it accepts (the tests compare both on
simulated corpora).

:func:`fast_tricks` and :func:`fast_dealt` run in C when the compiled core ``_json_core.c`` is built
(the same values in and out; :func:`fast_tricks_python` and :func:`fast_dealt_python` are the
references, and the tests compare both).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import dataclasses

from . import compiled
from .cards import RANK_TOKENS, SEAT_TOKENS, Card, parse_rank, parse_trump
from .limits import MAX_HAND_NUMBER
from .json_fields import MAX_POINTS, MAX_TRICK, Shape, as_notes
from .json_layout import DECLARATION_FIELDS, PLAY_FIELDS
from .model import Declaration, Hand, Play, Trick, new_play, new_trick
from .words import CARD_LOOKUP, SEAT_LOOKUP, TRUMP_WORDS

__all__ = ["fast_tricks", "fast_tricks_python", "fast_dealt", "fast_dealt_python", "fast_declarations", "fast_hand"]

_CARD = CARD_LOOKUP.__getitem__
_SEAT = SEAT_LOOKUP.__getitem__
_TRICK_KEYS = frozenset(("plays", "notes"))
"""The fields of a trick object the fast path takes (one with a ``number`` goes the detailed way)."""
_PLAY_KEYS = frozenset(PLAY_FIELDS)
_DECLARATION_KEYS = frozenset(DECLARATION_FIELDS)
_MISS = (KeyError, TypeError, Shape)
"""What a value the fast path does not take raises in it (a missing key, an unhashable or
mistyped value, notes of the wrong shape): the detailed path then reads it."""


def _within(cards: list[Card], decks: int) -> bool:
    """No kind more than ``decks`` times in ``cards``."""
    return not cards or max(Counter(cards).values()) <= decks


def fast_tricks_python(tricks_v: Any, first_trick: int, decks: int, line: int, column: int,
                       shared: dict[tuple[Any, ...], Play] | None = None) -> list[Trick] | None:
    """The tricks of a hand's ``"tricks"`` value, numbered from ``first_trick``, or ``None``.

    ``shared``: the plain plays (``{"seat": …, "cards": […]}``) read so far in the same record,
    by the values as written (``(seat, *cards)``); a play written the same way again is taken
    from it rather than read and made again (plays are immutable values, and a record's plays
    share its line and column).  Only values that read without a miss are kept, so a hit is a
    play the lookup tables accept."""
    if type(tricks_v) is not list:
        return None
    if shared is None:
        shared = {}
    known = shared.get
    played: list[Card] = []
    keep = played.extend
    tricks: list[Trick] = []
    number = first_trick
    try:
        for tv in tricks_v:
            notes: tuple[str, ...] = ()
            if type(tv) is not list:
                if type(tv) is not dict or "number" in tv or not tv.keys() <= _TRICK_KEYS:
                    return None
                notes = as_notes(tv.get("notes"), "")
                tv = tv["plays"]
                if type(tv) is not list:
                    return None
            if not tv:
                return None               # a trick with no plays: the detailed path reports it
            plays = []
            seen = 0
            for pv in tv:
                if type(pv) is not dict:
                    return None
                cv = pv["cards"]
                if type(cv) is not list or not cv:      # no card: the detailed path words it
                    return None
                if len(pv) == 2:
                    key = (pv["seat"], *cv)           # as written: a play seen before is not read again
                    play = known(key)
                    if play is None:
                        play = shared[key] = new_play(_SEAT(key[0]), tuple(map(_CARD, cv)), None, (), line, column)
                    seat = play.seat
                    bit = 1 << seat
                    if seen & bit:
                        return None
                    seen |= bit
                    plays.append(play)
                    keep(play.cards)
                    continue
                if not pv.keys() <= _PLAY_KEYS:
                    return None
                seat = _SEAT(pv["seat"])
                bit = 1 << seat
                if seen & bit:
                    return None
                seen |= bit
                cards = tuple(map(_CARD, cv))
                attempted = pv.get("attempted")
                if attempted is not None:
                    if type(attempted) is not list:
                        return None
                    attempted = tuple(map(_CARD, attempted))
                plays.append(new_play(seat, cards, attempted, as_notes(pv.get("notes"), ""), line, column))
                keep(cards)
            tricks.append(new_trick(number, tuple(plays), notes, line))
            number += 1
    except _MISS:
        return None
    return tricks if _within(played, decks) else None


def _core():
    """The compiled :func:`fast_tricks` (``_json_core.c``), set up with this module's tables, or ``None``."""
    core = compiled.load("tractor_analysis.records._json_core", "JSON reader core", "JSON 读取核心")
    if core is not None:
        core.setup(Play, Trick, tuple(f.name for f in dataclasses.fields(Play)),
                   tuple(f.name for f in dataclasses.fields(Trick)), CARD_LOOKUP, SEAT_LOOKUP, as_notes, Shape)
    return core


_CORE = _core()
fast_tricks = fast_tricks_python if _CORE is None else _CORE.fast_tricks
"""The tricks of a hand's ``"tricks"`` value, or ``None``: :func:`fast_tricks_python`, in C when built."""


def _cards(v: Any) -> tuple[Card, ...]:
    if type(v) is not list:
        raise TypeError
    return tuple(map(_CARD, v))


def fast_dealt_python(hv: dict, decks: int) -> tuple[Any, Any, Any, list] | None:
    """``deal``, ``bottom``, ``buried`` and ``earlier_buries`` of hand object ``hv``, or ``None`` (the
    reference of the compiled :func:`fast_dealt`)."""
    if hv.get("earlier_buries") is not None:
        return None
    dealt: list[Card] = []
    deal = bottom = buried = None
    try:
        deal_v = hv.get("deal")
        if deal_v is not None:
            if type(deal_v) is not dict:
                return None
            deal_l: list[tuple[Card, ...]] = [(), (), (), ()]
            for key, cv in deal_v.items():
                cards = _cards(cv)
                deal_l[_SEAT(key)] = cards
                dealt.extend(cards)
            deal = tuple(deal_l)
        if hv.get("bottom") is not None:
            bottom = _cards(hv["bottom"])
            dealt.extend(bottom)
        if hv.get("buried") is not None:
            buried = _cards(hv["buried"])
    except _MISS:
        return None
    if not _within(dealt, decks) or (buried and not _within(list(buried), decks)):
        return None
    return deal, bottom, buried, []


fast_dealt = fast_dealt_python if _CORE is None else _CORE.fast_dealt
"""``deal``, ``bottom``, ``buried`` and ``earlier_buries`` of a hand object, or ``None``:
:func:`fast_dealt_python`, in C when built (there a hand that is not a plain ``dict`` — never one
``json.loads`` made — is left to the detailed path: ``None``)."""


def fast_declarations(decl_v: list) -> list[Declaration] | None:
    """The declarations of a hand's ``"declarations"`` list when each is a plain ``{"seat": …,
    "cards": […]}`` (``"after_bottom"`` a bool if given) of a seat and card tokens the lookup tables
    hold, else ``None`` (the detailed ``HandReader.declarations`` then reads and reports them; for a
    list it takes, it gives these same declarations, every one known)."""
    out = []
    for d in decl_v:
        if type(d) is not dict or not d.keys() <= _DECLARATION_KEYS:
            return None
        seat, cv = d.get("seat"), d.get("cards")
        if type(seat) is not str or type(cv) is not list:
            return None
        seat = SEAT_LOOKUP.get(seat.strip())
        after = d.get("after_bottom", False)
        if seat is None or type(after) is not bool:
            return None
        try:
            cards = tuple(map(_CARD, cv))
        except (KeyError, TypeError):
            return None
        out.append(Declaration(seat, cards, after))
    return out


_PLAIN_HAND_KEYS = frozenset(("number", "dealer", "trump", "level", "declarations", "deal", "bottom", "buried",
                              "setup", "points", "first_trick", "tricks", "claim", "notes"))
"""The fields of a hand :func:`fast_hand` reads (any other — friend, tags, takebacks, … — is left to
``HandReader.build_hand``)."""


def _reference_table(words, convert) -> dict[str, int]:
    """``{word: convert(word)}`` for each word ``convert`` (the reader's own conversion) takes."""
    out = {}
    for w in words:
        try:
            out[w] = convert(w)
        except ValueError:
            pass
    return out


def _trump_of(t: str) -> int:
    """``FieldReader.trump``'s conversion of a string (``-1`` for no trump)."""
    suit = parse_trump(TRUMP_WORDS.get(t.strip().lower(), t))
    return -1 if suit is None else suit


def _hand_core():
    """The compiled whole-hand reader (``_json_core.fast_hand``) set up, or ``None``."""
    if _CORE is None or not hasattr(_CORE, "fast_hand") or any(k != k.strip() for k in SEAT_LOOKUP):
        return None
    trumps = [t for s in ("S", "H", "D", "C", "NT", "无主", "♠", "♥", "♦", "♣") for t in (s, s.lower())]
    trumps += list(TRUMP_WORDS)
    levels = [t for r in RANK_TOKENS.values() for t in (r, r.lower())]
    ok = _CORE.setup_hand(Hand, tuple(f.name for f in dataclasses.fields(Hand)), Declaration,
                          tuple(f.name for f in dataclasses.fields(Declaration)), _PLAIN_HAND_KEYS,
                          _reference_table(trumps, _trump_of), _reference_table(levels, parse_rank),
                          MAX_HAND_NUMBER, MAX_POINTS, MAX_TRICK)
    return _CORE.fast_hand if ok else None


fast_hand = _hand_core()
"""``fast_hand(hv, previous, decks, line, column, shared)``: the :class:`~.model.Hand` of a plain hand
object — what ``HandReader.build_hand`` makes of it, which reports nothing for it but the deal's
problems (``deal_problems``, still run by the caller) — or ``None`` for anything else (then
``build_hand`` reads it, the reference).  ``None`` itself when the core is not built."""

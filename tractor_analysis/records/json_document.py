"""A ``.json`` document (or a ``.jsonl`` line) decoded a hand at a time.

A match's ``"hands"`` list decoded whole takes about ten times the text (a dict, a list and a string for
each card, hand after hand), all held while the hands are read.  :func:`decode_lazily` gives the value
:func:`~.json_decode.decode` gives, but with each match object's ``"hands"`` list a :class:`HandValues`:
where each hand object starts, each decoded when the reader comes to it and dropped after.  The text is
decoded in full once first (each hand decoded and let go), so a text that is not JSON is refused before
anything is read, with :func:`~.json_decode.decode`'s own answer; a text shaped otherwise than this module
walks (a match that is no object, ``"hands"`` that is no list) is decoded whole, as before.

Each value is the one :func:`json.loads` gives — the same scanner decodes it at its offset, and an object's
keys are set in order (a key written twice: its last value, at its first place) —, lone surrogates replaced as
:func:`~.json_decode.scrub` replaces them in the whole value.
"""
from __future__ import annotations

import json
import re
from array import array
from collections.abc import Sequence
from json.decoder import scanstring
from typing import Any, Iterator

from .json_decode import decode, depth_problem, may_hold_surrogates, scrub

__all__ = ["LAZY_FROM", "HandValues", "decode_lazily", "match_at"]

_WS = re.compile(r"[ \t\n\r]*")
_scan = json.JSONDecoder().raw_decode


LAZY_FROM = 1 << 20
"""Texts of fewer characters are decoded whole (:func:`decode_lazily`): walking a text hand by hand decodes it
twice (once whole to check it, then each hand when read) — twice the CPU of a match a line of JSON Lines (some
100 kB), to save memory that matters only for texts of megabytes."""


class _Unwalked(Exception):
    """The text is not shaped as this module walks it (or not JSON): it is decoded whole instead."""


class HandValues(Sequence):
    """A match's ``"hands"`` list, each hand object decoded (and its lone surrogates replaced, ``scrubbed``)
    when it is asked for; ``starts``: where each begins in ``text``."""

    __slots__ = ("text", "starts", "scrubbed")

    def __init__(self, text: str, starts: array, scrubbed: bool) -> None:
        self.text, self.starts, self.scrubbed = text, starts, scrubbed

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        value = _scan(self.text, self.starts[i])[0]
        return scrub(value)[0] if self.scrubbed else value

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self.starts)):
            yield self[i]


def decode_lazily(text: str) -> tuple[Any, tuple[str, str, int, int, str] | None, int]:
    """``(value, problem, fixed)``: :func:`~.json_decode.decode`'s ``(value, problem)`` of ``text`` — the
    matches' ``"hands"`` lists as :class:`HandValues` — and, when ``text`` may hold a lone surrogate, the
    value scrubbed and how many strings held one (as :func:`~.json_decode.scrub` of the whole value)."""
    if len(text) < LAZY_FROM:               # a text this small decoded whole: once, not twice (its depth scanned once)
        return _whole(text, may_hold_surrogates(text))
    deep = depth_problem(text)
    if deep is not None:
        return None, deep, 0
    surrogates = may_hold_surrogates(text)
    try:
        value, fixed = _Walk(text, surrogates).document()
    except (_Unwalked, ValueError, IndexError, RecursionError, MemoryError):
        return _whole(text, surrogates)     # not JSON (its problem as the decoder says it), or shaped otherwise
    return value, None, fixed


def _whole(text: str, surrogates: bool) -> tuple[Any, tuple[str, str, int, int, str] | None, int]:
    """:func:`decode_lazily` of ``text`` decoded whole (:func:`~.json_decode.decode`), lone surrogates replaced
    where it ``surrogates`` may hold one."""
    value, problem = decode(text)
    if problem is not None or not surrogates:
        return value, problem, 0
    value, fixed = scrub(value)
    return value, None, fixed


def match_at(text: str, at: int) -> Any:
    """The value at offset ``at`` of ``text`` — a JSON text :func:`decode_lazily` read without a problem —,
    a match object's ``"hands"`` as :class:`HandValues`; lone surrogates replaced."""
    surrogates = may_hold_surrogates(text)
    walk = _Walk(text, surrogates, check=False)
    try:
        value, _ = walk.match(at) if text[at] == "{" else _scan(text, at)
    except (_Unwalked, ValueError, IndexError, RecursionError):
        value = _scan(text, at)[0]
    return scrub(value)[0] if surrogates else value


class _Walk:
    """The walk of one text: the matches' objects key by key, their ``"hands"`` hand by hand (each decoded to
    check it, unless ``check`` is off, and dropped), any other value decoded whole."""

    def __init__(self, text: str, surrogates: bool, check: bool = True) -> None:
        self.text, self.surrogates, self.check = text, surrogates, check
        self.fixed = 0

    def ws(self, i: int) -> int:
        return _WS.match(self.text, i).end()

    def document(self) -> tuple[Any, int]:
        text = self.text
        i = self.ws(0)
        if text[i] == "[":
            value, i = self.items(i)
        elif text[i] == "{":
            value, i = self.match(i)
        else:
            raise _Unwalked
        if self.ws(i) != len(text):
            raise _Unwalked             # (more after the value: the decoder's "Extra data")
        if self.surrogates:             # the strings outside the hands (theirs are counted as they are checked)
            value, fixed = scrub(value)
            self.fixed += fixed
        return value, self.fixed

    def items(self, i: int) -> tuple[list, int]:
        """The list of matches starting at ``i`` (``[``), and the offset past it."""
        text, out = self.text, []
        i = self.ws(i + 1)
        if text[i] == "]":
            return out, i + 1
        while True:
            value, i = self.match(i) if text[i] == "{" else _scan(text, i)
            out.append(value)
            i = self.ws(i)
            if text[i] == "]":
                return out, i + 1
            if text[i] != ",":
                raise _Unwalked
            i = self.ws(i + 1)

    def match(self, i: int) -> tuple[dict, int]:
        """The object starting at ``i`` (``{``), its ``"hands"`` list a :class:`HandValues`; the offset past it."""
        text, out = self.text, {}
        i = self.ws(i + 1)
        if text[i] == "}":
            return out, i + 1
        while True:
            if text[i] != '"':
                raise _Unwalked
            key, i = scanstring(text, i + 1)
            i = self.ws(i)
            if text[i] != ":":
                raise _Unwalked
            i = self.ws(i + 1)
            if key == "hands" and text[i] == "[":
                value, i = self.hands(i)
            else:
                value, i = _scan(text, i)
            out[key] = value
            i = self.ws(i)
            if text[i] == "}":
                return out, i + 1
            if text[i] != ",":
                raise _Unwalked
            i = self.ws(i + 1)

    def hands(self, i: int) -> tuple[HandValues, int]:
        """The ``"hands"`` list starting at ``i`` (``[``), each hand decoded (when checking) and dropped; the
        offset past it."""
        text, starts = self.text, array("q")
        i = self.ws(i + 1)
        if text[i] != "]":
            while True:
                starts.append(i)
                value, i = _scan(text, i)
                if self.surrogates and self.check:
                    self.fixed += scrub(value)[1]
                del value
                i = self.ws(i)
                if text[i] == "]":
                    break
                if text[i] != ",":
                    raise _Unwalked
                i = self.ws(i + 1)
        return HandValues(text, starts, self.surrogates), i + 1

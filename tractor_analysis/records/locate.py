"""Where a verdict points in its record: the line and column a referee looks at.

A trick's violation points at the offending play (``Play.line``/``column``; a JSON record's play
at its ``"cards"`` value, found in its file when asked: :mod:`.json_places`), a hand-level
one at the tag or line it is about (``Hand.positions``): ``bad_bury`` → ``Buried:``,
``deal_mismatch`` → the seat's deal line (the ``Bottom:`` line when no seat is named; ``[SetUp]`` in a
position),
``claim_mismatch`` → ``[Claim]``, ``bad_declaration`` → ``[Declarations]`` (``[Trump]`` when
the complaint is the recorded trump), ``dealer_mismatch`` → ``[Dealer]``,
``level_mismatch`` → ``[Level]``.  Failing that, the hand's ``[Hand]`` tag.

The verdict types (``Violation``, ``HandResult``) are the engine's, a layer above; this module
reads only their fields (``code``, ``seat``, ``trick``, ``message``, ``tricks``), so it takes
them as they come and imports nothing of the engine.
"""
from __future__ import annotations

from typing import Protocol, Sequence

from .cards import SEAT_TOKENS
from .json_origin import JsonOrigin
from .model import Hand

__all__ = ["violation_position"]


class _Verdict(Protocol):
    """What is read of a ``Violation``."""
    code: str
    seat: int | None
    trick: int | None


class _TrickVerdict(Protocol):
    violations: Sequence[_Verdict]


class _HandVerdict(Protocol):
    """What is read of a ``HandResult``."""
    tricks: Sequence[_TrickVerdict]

_HAND_KEYS = {"bad_bury": "buried", "claim_mismatch": "claim", "dealer_mismatch": "dealer",
              "level_mismatch": "level"}


def violation_position(hand: Hand | None, v: _Verdict, result: _HandVerdict | None = None) -> tuple[int, int]:
    """``(line, column)``, 1-based, of what ``v`` is about in ``hand``'s record; ``(0, 0)``
    when the record does not say (JSON records give no positions for tags: a hand-level verdict of a
    ``.jsonl`` record is at its line's first column, of a ``.json`` document nowhere; a play's is at its
    ``"cards"`` value when the file still shows it).  With the
    hand's ``result`` a trick is found by its place in the hand (replay keeps the record's
    order), so two tricks written with one number are told apart."""
    if hand is None:
        return 0, 0
    if v.trick is not None:
        trick = None
        if result is not None:
            index = next((i for i, t in enumerate(result.tricks) if any(x is v for x in t.violations)), None)
            if index is not None and index < len(hand.tricks):
                trick = hand.tricks[index]
        if trick is None:
            trick = next((t for t in hand.tricks if t.number == v.trick), None)
        if trick is not None:
            play = next((p for p in trick.plays if p.seat == v.seat), None)
            if play is not None and isinstance(hand.positions, JsonOrigin):
                at = _json_play(hand, trick, play)
                if at is not None:
                    return at
            if play is not None and play.line:
                return play.line, play.column
            if trick.line:
                return trick.line, 1
    else:
        if v.code == "deal_mismatch":
            # (no seat in a position: its [SetUp "1"] the cards set aside, the lines a whole deal — engine.setup_tag)
            keys = ((f"deal{SEAT_TOKENS[v.seat]}",) if v.seat is not None else ("setup", "bottom") if hand.setup
                    else ("bottom",))
        elif v.code == "bad_declaration":
            keys = ("declarations",) if v.seat is not None else ("trump", "declarations")
        else:
            keys = (_HAND_KEYS.get(v.code, ""),)
        for key in keys:
            at = hand.position(key)
            if at is not None:
                return at
    return (hand.line, 1) if hand.line else (0, 0)


def _json_play(hand: Hand, trick, play) -> tuple[int, int] | None:
    """Where ``play`` of ``trick`` (of ``hand``, a JSON record's) is in its file (:mod:`.json_places`)."""
    from .json_places import play_position      # (reads the file again: only when a verdict asks)

    t = next((i for i, x in enumerate(hand.tricks) if x is trick), None)
    p = next((i for i, x in enumerate(trick.plays) if x is play), None)
    if t is None or p is None:
        return None
    return play_position(hand.positions, hand, t, p)

"""A trick's plays as the record wrote them, for the writers: the plays read, and in their places the plays the
reader could not read (:attr:`.model.Hand.plays_unread`) — each written back as ``SEAT: ?`` (the record gives the
play, not what it was: docs/format.md "Trick lines"), or, a follow written as a failed throw
(:attr:`.model.Hand.throws_after_lead`), as it was written, so that the copy reads as the record did."""
from __future__ import annotations

from .model import Hand, Play, Trick


def plays_as_written(h: Hand, t: Trick) -> list[Play | int]:
    """``t``'s plays in the order written: each a :class:`.model.Play`, or a seat (``int``) whose play is written
    ``?``.  The plays read alone where the hand has none unread (the usual case, no list built anew)."""
    if not h.plays_unread:
        return list(t.plays)
    unread = [(seen, seat) for number, seat, seen in h.plays_unread if number == t.number]
    if not unread:
        return list(t.plays)
    thrown = {(number, p.seat): p for number, p in h.throws_after_lead}
    out: list[Play | int] = []
    for i in range(len(t.plays) + 1):
        for seen, seat in unread:
            if seen == i:
                out.append(thrown.get((t.number, seat), seat))
        if i < len(t.plays):
            out.append(t.plays[i])
    return out


__all__ = ["plays_as_written"]

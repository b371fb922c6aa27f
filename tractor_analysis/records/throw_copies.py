"""Copies of a card past what the decks hold that a lead shaped as a failed throw may account for.

A failed throw written without its arrow (``14. N: SJ S8, E: S10, S: H6, W: C6``, the scorer leaving out
``-> S8``) puts in the plays a card that went back to the leader's hand and is played again later: counted
twice, it may pass what the decks hold (``too_many_copies``).  The readers cannot know that the throw failed
(the engine decides that from the hands, docs/rules.md §4.4–4.5), but they see the trick's shape: a lead of
``n`` cards, no ``->``, each follower written playing the same ``m < n`` cards.  Where the copies counted over
the decks are no more than such leads' cards of that kind could have returned — ``n - m`` of each lead at
most, the leader playing the card again after it — the ``too_many_copies`` message says so (both readers:
:func:`returned_words`).  It stays a ``too_many_copies``: the count is a fact about the text, and the arrow is
left out of it either way.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
from .model import Play

__all__ = ["throw_shape", "returned_words"]


def throw_shape(plays: Sequence[Play]) -> int | None:
    """``m``, when ``plays`` (a trick's, leader first) are a lead of ``n`` cards written without ``->`` and one
    follower at least, each playing the same ``m`` cards, ``0 < m < n``; else ``None``."""
    if len(plays) < 2 or plays[0].attempted is not None:
        return None
    m = len(plays[1].cards)
    if not 0 < m < len(plays[0].cards) or any(len(p.cards) != m for p in plays[2:]):
        return None
    return m


def returned_words(tricks: Sequence[tuple[int, Sequence[Play]]], kind: int, over: int, seat: int,
                   json: bool = False) -> tuple[str, str] | None:
    """What a ``too_many_copies`` message adds (English, 中文, each starting with its dash) when the ``over``
    copies of ``kind`` past the decks, found at a play of ``seat``, are no more than the leads of ``tricks``
    (the hand's tricks read before that play: ``(number, plays)`` in the order read) shaped as
    :func:`throw_shape` could have returned of it — each lead holding ``kind``, its leader playing ``kind``
    again after it; else ``None``.  ``json``: the words of a JSON record (``"attempted"`` for ``->``)."""
    leads = []
    returned = 0
    for i, (number, plays) in enumerate(tricks):
        m = throw_shape(plays)
        if m is None or kind not in plays[0].cards:
            continue
        leader = plays[0].seat
        if seat != leader and not _plays_again(tricks[i + 1:], leader, kind):
            continue
        leads.append((number, plays[0], m))
        returned += min(plays[0].cards.count(kind), len(plays[0].cards) - m)
    if not leads or returned < over:
        return None
    card = PRETTY[kind]
    arrow, written = (("\"attempted\"", "{\"attempted\": [cards], \"cards\": [forced play]}") if json
                      else ("'->'", "'cards -> forced play'"))
    written_zh = "{\"attempted\": [甩出的牌], \"cards\": [被迫改出的牌]}" if json else "'甩出的牌 -> 被迫改出的牌'"
    en = " and ".join(f"trick {number}'s lead {SEAT_TOKENS[p.seat]}: {' '.join(PRETTY[c] for c in p.cards)} whole; "
                      f"its followers each play {m} card{'s' if m > 1 else ''}: if it is a failed throw written without "
                      f"{arrow}, it returned {card} to {SEAT_TOKENS[p.seat]}'s hand" for number, p, m in leads)
    zh = "；".join(f"将第 {number} 轮{SEAT_NAMES_ZH[p.seat]}的首出 {' '.join(PRETTY[c] for c in p.cards)} 整个计入，"
                  f"其跟牌各出 {m} 张：若这是漏写了 {arrow} 的甩牌失败，{card} 已退回{SEAT_NAMES_ZH[p.seat]}手中"
                  for number, p, m in leads)
    return (f" — counting {en} (a failed throw is written {written}; where the rules show the throw failed, the "
            "hand is judged so: see its derived facts)",
            f"——此数{zh}（甩牌失败应写作 {written_zh}；规则能证明甩牌失败时，本局即按此判定：见其推出的事实）")


def _plays_again(tricks: Iterable[tuple[int, Sequence[Play]]], seat: int, kind: int) -> bool:
    """Whether ``seat`` plays ``kind`` in one of ``tricks``."""
    return any(p.seat == seat and kind in p.cards for _, plays in tricks for p in plays)

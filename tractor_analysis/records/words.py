"""The words records use for cards, seats and trumps, as people write them: the lookup
tables both readers (``.tgn`` and JSON) share.  A miss in :data:`CARD_LOOKUP` falls back to
:func:`~tractor_analysis.records.cards.parse_card` (full-width and rarer spellings)."""
from __future__ import annotations

from .cards import NUM_KINDS, RANK_TOKENS, TOKEN, Card

__all__ = ["CARD_LOOKUP", "SEAT_LOOKUP", "TRUMP_WORDS"]


def _card_lookup() -> dict[str, Card]:
    suits = {0: ("S", "s", "♠", "♤", "黑桃"), 1: ("H", "h", "♥", "♡", "红桃", "红心", "紅桃", "紅心"),
             2: ("D", "d", "♦", "♢", "方块", "方片", "方塊"), 3: ("C", "c", "♣", "♧", "梅花", "草花")}
    ranks: dict[str, int] = {}
    for r, t in RANK_TOKENS.items():
        ranks[t] = r
        ranks[t.lower()] = r
    ranks["T"] = ranks["t"] = 10
    table: dict[str, Card] = {}
    for suit, names in suits.items():
        for name in names:
            for rt, r in ranks.items():
                table[name + rt] = suit * 13 + r - 2
    for t, k in (("BJ", 53), ("RJ", 53), ("LJ", 52), ("大王", 53), ("小王", 52), ("大鬼", 53), ("小鬼", 52)):
        for v in {t, t.lower(), t.capitalize()}:
            table[v] = k
    assert all(table[TOKEN[k]] == k for k in range(NUM_KINDS))
    return table


CARD_LOOKUP: dict[str, Card] = _card_lookup()
"""Card token → kind for the canonical tokens and the common aliases (a miss falls back to ``parse_card``)."""

SEAT_LOOKUP: dict[str, int] = {
    "N": 0, "n": 0, "北": 0, "北家": 0, "E": 1, "e": 1, "东": 1, "東": 1, "东家": 1, "東家": 1,
    "S": 2, "s": 2, "南": 2, "南家": 2, "W": 3, "w": 3, "西": 3, "西家": 3}
for _i, _name in enumerate(("North", "East", "South", "West")):
    SEAT_LOOKUP.update({_name: _i, _name.lower(): _i, _name.upper(): _i})
"""Seat token → seat (N E S W, lower case, Chinese 北 东 南 西, the English words North … West)."""

TRUMP_WORDS = {"spades": "S", "spade": "S", "hearts": "H", "heart": "H", "diamonds": "D", "diamond": "D",
               "clubs": "C", "club": "C", "no trump": "NT", "notrump": "NT", "no-trump": "NT", "no trumps": "NT"}
"""English names of the trump suits, as people write them in ``[Trump]`` (``"Hearts"``)."""

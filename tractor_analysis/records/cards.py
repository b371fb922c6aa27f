"""Cards, seats, ranks and suits as small ints with lookup tables.

A card *kind* is an int 0..53: ``suit * 13 + (rank - 2)`` for the 52 plain cards
(suits S=0, H=1, D=2, C=3; ranks 2..14 with J=11, Q=12, K=13, A=14), then
``LJ = 52`` (small joker, 小王) and ``BJ = 53`` (big joker, 大王).  A card's
identity never depends on trump; its suit group and strength in a hand come
from :mod:`tractor_analysis.engine.order`.

A hand is a count per kind (``Counts``: a tuple of 54 ints, up to ``decks``
copies of each kind).

Card tokens follow ``docs/format.md``: canonical ``S10``, ``HA``, ``BJ``,
``LJ``; on input also Unicode suits, Chinese suit and joker names, ``T`` for 10,
``RJ`` for the big joker, and lower case.
"""
from __future__ import annotations

import re
from itertools import chain, repeat
from typing import Iterable, Sequence

Card = int
Seat = int
Suit = int
Rank = int
Counts = tuple[int, ...]

NUM_KINDS = 54
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_TOKENS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES_ZH = ("黑桃", "红桃", "方块", "梅花")
SUIT_NAMES_EN = ("spades", "hearts", "diamonds", "clubs")
LJ: Card = 52
"""Small joker (小王, black)."""
BJ: Card = 53
"""Big joker (大王, red)."""
JOKER = 4
"""Pseudo-suit of the two jokers (they belong to no suit)."""

RANKS = tuple(range(2, 15))
RANK_TOKENS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
               10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES_ZH = {r: t for r, t in RANK_TOKENS.items()}

N, E, S, W = 0, 1, 2, 3
SEATS = (N, E, S, W)
SEAT_TOKENS = "NESW"
SEAT_NAMES_ZH = ("北家", "东家", "南家", "西家")
SEAT_NAMES_EN = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")


def card(suit: Suit, rank: Rank) -> Card:
    """The kind of the plain card ``rank`` of ``suit``."""
    return suit * 13 + rank - 2


# --- lookup tables (built once at import) ---------------------------------
SUIT_OF: tuple[int, ...] = tuple([k // 13 for k in range(52)] + [JOKER, JOKER])
"""Printed suit of every kind (JOKER for the jokers)."""
RANK_OF: tuple[int, ...] = tuple([k % 13 + 2 for k in range(52)] + [15, 16])
"""Printed rank of every kind (15 for LJ, 16 for BJ)."""
POINTS: tuple[int, ...] = tuple(
    (5 if RANK_OF[k] == 5 else 10 if RANK_OF[k] in (10, 13) else 0) if k < 52 else 0
    for k in range(NUM_KINDS))
"""Card points: every 5 scores 5, every 10 and K score 10, nothing else scores."""
TOKEN: tuple[str, ...] = tuple(
    [SUIT_TOKENS[k // 13] + RANK_TOKENS[k % 13 + 2] for k in range(52)] + ["LJ", "BJ"])
"""Canonical token of every kind."""
PRETTY: tuple[str, ...] = tuple(
    [SUIT_SYMBOLS[k // 13] + RANK_TOKENS[k % 13 + 2] for k in range(52)] + ["小王", "大王"])
"""Token with a suit symbol, for people (♥Q, 大王)."""

_SUIT_ALIASES = {
    "S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
    "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
    "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS,
    "黑桃": SPADES, "红桃": HEARTS, "红心": HEARTS, "方块": DIAMONDS, "方片": DIAMONDS,
    "梅花": CLUBS, "草花": CLUBS,
    # traditional characters, as Taiwanese / HK platforms write them
    "紅桃": HEARTS, "紅心": HEARTS, "方塊": DIAMONDS,
}
_RANK_ALIASES = {t: r for r, t in RANK_TOKENS.items()} | {"T": 10}
_JOKER_ALIASES = {"BJ": BJ, "RJ": BJ, "LJ": LJ, "大王": BJ, "小王": LJ,
                  "大鬼": BJ, "小鬼": LJ}
_SUIT_RE = "|".join(sorted((re.escape(s) for s in _SUIT_ALIASES), key=len, reverse=True))
_CARD_RE = re.compile(rf"^({_SUIT_RE})(10|[2-9]|[TJQKA])$", re.IGNORECASE)
_TOKEN_CACHE: dict[str, Card] = {}
_REVERSED_RE = re.compile(rf"^(10|[2-9]|[TJQKA])({_SUIT_RE})$", re.IGNORECASE)
_EXPECTED = "expected e.g. S10, HA, ♥Q, 黑桃10, BJ, LJ"
_EXPECTED_ZH = "（应如 S10、HA、♥Q、黑桃10、BJ、LJ）"


def card_meant(token: str) -> str | None:
    """The canonical token of the card ``token`` names with its rank written before its suit
    (``QH``, ``Q♥``, ``10H``, ``q红桃`` → ``HQ``, ``HQ``, ``H10``, ``HQ``), else ``None``: what
    an ``unknown card`` message suggests.  Full-width characters are read as their ASCII forms.

    >>> card_meant("QH"), card_meant("Q♥"), card_meant("10h"), card_meant("S11")
    ('HQ', 'HQ', 'H10', None)
    """
    import unicodedata

    m = _REVERSED_RE.match(unicodedata.normalize("NFKC", token).strip())
    if m is None:
        return None
    suit = _SUIT_ALIASES.get(m.group(2).upper(), _SUIT_ALIASES.get(m.group(2)))
    rank = _RANK_ALIASES.get(m.group(1).upper())
    if suit is None or rank is None:
        return None
    return TOKEN[card(suit, rank)]


def unknown_card_hint(token: str) -> tuple[str, str]:
    """What an ``unknown card`` message says after the token, in English and in Chinese: the
    card meant when the token is one written the other way round (``QH``: ``did you mean HQ?``),
    else the tokens expected."""
    meant = card_meant(token)
    if meant is None:
        return f"({_EXPECTED})", _EXPECTED_ZH
    return (f"(did you mean {meant}? the suit comes first)",
            f"（是否为 {meant}？花色在前）")


def parse_card(token: str) -> Card:
    """The kind named by ``token``; ``ValueError`` with a readable message if none.

    >>> TOKEN[parse_card("♥q")], TOKEN[parse_card("黑桃10")], TOKEN[parse_card("rj")]
    ('HQ', 'S10', 'BJ')
    """
    kind = card_kind(token)
    if kind is None:
        raise ValueError(f"unknown card {token!r} {unknown_card_hint(token)[0]}")
    return kind


def card_kind(token: str) -> Card | None:
    """:func:`parse_card` without its message: the kind named by ``token``, ``None`` if none (a
    reader with many unknown tokens words only the problems it keeps)."""
    hit = _TOKEN_CACHE.get(token)
    if hit is not None:
        return hit
    kind = _JOKER_ALIASES.get(token.upper())
    if kind is None:
        m = _CARD_RE.match(token)
        if m is None:
            return None
        suit = _SUIT_ALIASES.get(m.group(1).upper(), _SUIT_ALIASES.get(m.group(1)))
        if suit is None:
            return None
        kind = card(suit, _RANK_ALIASES[m.group(2).upper()])
    if len(_TOKEN_CACHE) < 4096:
        _TOKEN_CACHE[token] = kind
    return kind


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Kinds of a white-space separated card list (or an iterable of tokens)."""
    tokens = text.split() if isinstance(text, str) else text
    return tuple(parse_card(t) for t in tokens)


def format_cards(cards: Iterable[Card], pretty: bool = False) -> str:
    table = PRETTY if pretty else TOKEN
    return " ".join(table[c] for c in cards)


def parse_seat(token: str) -> Seat:
    t = token.strip().upper()
    if len(t) == 1 and t in SEAT_TOKENS:
        return SEAT_TOKENS.index(t)
    raise ValueError(f"unknown seat {token!r} (expected N, E, S or W)")


def parse_rank(token: str) -> Rank:
    """A level rank ``2``..``10``, ``J``, ``Q``, ``K``, ``A`` (``T`` for 10)."""
    r = _RANK_ALIASES.get(token.strip().upper())
    if r is None:
        raise ValueError(f"unknown level {token!r} (expected 2..10, J, Q, K or A)")
    return r


def rank_token(rank: Rank) -> str:
    return RANK_TOKENS[rank]


def parse_trump(token: str) -> Suit | None:
    """A trump suit ``S H D C`` (also ♠ 黑桃 …) or ``NT`` / 无主 → ``None``."""
    t = token.strip()
    if t.upper() in ("NT", "无主", "無主"):
        return None
    suit = _SUIT_ALIASES.get(t.upper(), _SUIT_ALIASES.get(t))
    if suit is None:
        raise ValueError(f"unknown trump {token!r} (expected S, H, D, C or NT)")
    return suit


def trump_token(trump: Suit | None) -> str:
    return "NT" if trump is None else SUIT_TOKENS[trump]


def next_seat(seat: Seat) -> Seat:
    """The player after ``seat`` in play order (下家)."""
    return (seat + 1) & 3


def partner(seat: Seat) -> Seat:
    return (seat + 2) & 3


def team_of(seat: Seat) -> int:
    """0 for N–S, 1 for E–W."""
    return seat & 1


def counts_of(cards: Iterable[Card]) -> Counts:
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return tuple(c)


_KINDS = range(NUM_KINDS)


def cards_of(counts: Sequence[int]) -> tuple[Card, ...]:
    """The cards of a count vector, in kind order."""
    return tuple(chain.from_iterable(map(repeat, _KINDS, counts)))


def full_deck(decks: int) -> Counts:
    return (decks,) * NUM_KINDS


def points_of(cards: Iterable[Card]) -> int:
    return sum(POINTS[c] for c in cards)

"""Reader for the 80fen contest format: NDJSON, one match per line, as our record model.

ChannonTian/80fen (a Shanghai-style 80分 web game) publishes its AI contest games as
NDJSON: ``{"a", "b", "seed", "aTeam", "winner", "levels", "rounds": [ROUND…]}``.  Seats
0..3 play in that order with partners 0/2 and 1/3 (here N, E, S, W).  Cards are ids
0..107: ``id % 54`` is exactly our card kind (suits S, H, D, C of 13 ranks 2..A, then the
small and the big joker); ids 54 apart are the two copies.

Each ROUND gives the dealer (``declSeat``), the trump, the level (``trumpRank``), the
final declaration (``declBy``, ``declStrength``), the bottom as dealt (``kitty``) and as
buried, the tricks (``plays``: ``{"p": [cards × 4 in play order], "w": winner}``), and the
referee's summary.  What the record model gets (:func:`match_from_80fen`):

* the deal, rebuilt from the plays: every seat's dealt cards are the cards it played,
  the dealer's are the cards it played plus its bury minus the bottom — only when every seat
  played a whole hand (25 cards): a round whose plays stop short (a log cut off) gets no deal
  and is a record that ends early, with a diagnostic saying after which trick of how many;
* the declaration as far as recorded: the final one (seat and cards of its strength);
* ``bid_for`` on the first hand of a match and on every deal after a redeal (80fen's
  "full rebel": the seats bid for the deal again);
* the referee's verdicts as hand tags ``Referee:…`` (:data:`REFEREE_TAGS`) and the
  attackers' total as ``claim``, so that :mod:`tractor_analysis.engine.referee` can compare
  them with the engine's; the source's own numbers (seed, first taker, redeals) as
  ``80fen:…`` tags; the match winner as the match tag ``Referee:Winner``;
* :data:`SEATS_TAG` on every hand: its plays are seated from ``w`` and its deal rebuilt from them, so that the
  engine weighs a ``w`` the rules do not give (:mod:`tractor_analysis.engine.platform_leads`) — but for a trick
  holding a card of the bottom the dealer did not bury that ``w`` would seat with another seat: the dealer played
  it, so that card says who led the trick, and the trick is seated from it (:data:`SEATS_BOTTOM_TAG`, a
  ``bad_value`` naming the trick), never the round left out for a ``w``.  A ``w`` unreadable or left out is not
  stated either (``?`` in ``Referee:Winners``): the trick after it is seated from the bottom where that fixes it,
  else from the winner of that trick by the rules, which the engine judges (:data:`SEATS_RULES_TAG`).

Malformed input never raises: each problem is a positioned diagnostic (line and the column of the value it is
about, round, trick); a round that cannot be rebuilt is left out with a diagnostic saying so, and the next
round read is marked as following a skipped hand (:attr:`Hand.follows_skipped`: the levels and
the dealer carried into it are not known).  A field the log leaves out (or gives as ``null``) is
not stated: the verdict or value resting on it is left out, never guessed.
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any, NamedTuple

from .cards import BJ, LJ, SEAT_NAMES_ZH, SEAT_TOKENS, card
from .diagnostics import Diagnostic, bilingual, clip
from .json_problems import value_positions
from .limits import json_too_deep
from .model import Declaration, Hand, Match, Play, Trick
from .platform_lines import parse_lines

__all__ = ["parse_80fen", "looks_like_80fen", "match_from_80fen", "REFEREE_TAGS", "SOURCE_TAG",
           "PRESET", "unread_fields", "SEATS_TAG", "SEATS_FROM_WINNERS",
           "SEATS_BOTTOM_TAG", "SEATS_RULES_TAG"]

PRESET = "80fen"
"""The ruleset preset the records of this table are judged under."""
SOURCE_TAG = "Source"
SOURCE = "80fen contest NDJSON (github.com/ChannonTian/80fen)"
REFEREE_TAGS = {
    "Referee:Winners": "the trick winners in order, seats N E S W",
    "Referee:Points": "the attackers' points in tricks (80fen rawTotal)",
    "Referee:Bottom": "the bottom's points, 'x', the multiplier, and who won the last trick: '15 x4 attackers'",
    "Referee:Penalty": "penalty points, N–S and E–W (80fen penalty)",
    "Referee:Outcome": "who won the hand and how many levels they went up: 'attackers +1', 'defenders +2'",
    "Referee:Levels": "team levels N–S and E–W after the hand as numbers (15 and above: past A)",
    "Referee:LevelsBefore": "team levels N–S and E–W before the hand as the log's referee kept them ('before')",
    "Referee:NextDealer": "the dealer the referee's outcome names for the next deal",
    "Referee:Winner": "(match tag) the team that won the match, NS or EW",
    "Referee:LevelsFinal": "(match tag) team levels N–S and E–W at the match's end (the log's 'levels', by its aTeam)",
}
"""The referee's verdicts an imported record keeps (hand tags, and one match tag)."""

SEATS_TAG = "80fen:seats"
SEATS_FROM_WINNERS = "from w"
"""The hand tag (and its value) every round read carries: its plays are seated from the trick's leader, the dealer
for the first trick and the winner the log names (``w``) for the others, and the deal is rebuilt from the plays so
seated — a ``w`` the rules do not give is weighed by the engine (:mod:`tractor_analysis.engine.platform_leads`)."""

SEATS_BOTTOM_TAG = "80fen:seats-from-bottom"
"""The hand tag naming the tricks (numbers, space-separated) seated from the bottom, not from ``w``: a card of the
bottom the dealer did not bury is one it played, so it says who led the trick it is played in, where the ``w`` of
the trick before names another seat (and would seat the card with a seat that never held it) — or none: the ``w``
of the trick before is unreadable or left out."""

SEATS_RULES_TAG = "80fen:seats-from-rules"
"""The hand tag naming the tricks (numbers, space-separated) whose leader the log does not state — the ``w`` of the
trick before is unreadable or left out — and the bottom does not fix: the engine seats each from the winner of the
trick before by the rules and says so (:mod:`tractor_analysis.engine.platform_leads`, a ``derived`` fact
``leader``).  The reader writes such a trick's plays from the seat that led the trick before, a placeholder nothing
is judged on (the engine seats the trick again before it judges the hand)."""

_SUITS = "SHDC"
_MAX_ID = 107
_HAND_SIZE = 25
"""The cards a seat is dealt at this table: two decks, 108 cards, a bottom of 8."""
_WHOLE_HAND_TAGS = ("Referee:Points", "Referee:Penalty", "Referee:Outcome", "Referee:Levels", "Referee:NextDealer")
"""The referee's verdicts on the whole hand: not compared with a round whose plays stop short."""



def _whole(value) -> bool:
    """A JSON whole number (``true`` / ``false`` are no number, though Python's bools are ints)."""
    return isinstance(value, int) and not isinstance(value, bool)

def looks_like_80fen(text: str) -> bool:
    """Is ``text`` 80fen's NDJSON?  Its first non-blank line is an object with a ``rounds``
    list whose first element has ``plays`` (or, an empty list, with ``aTeam``)."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if not line.startswith("{"):
            return False
        if '"rounds"' not in line and "\\u" not in line:
            return False        # no key "rounds" can be in it (a JSON string spells its letters or escapes
            #                     them as \uXXXX): every way below says False, without decoding a whole match
        if json_too_deep(line) is not None:     # not decoded here: the JSON reader says too_deep
            return False
        try:
            obj = json.loads(line)
        except ValueError:
            return '"rounds"' in line[:4000] and '"aTeam"' in line[:4000]
        if not isinstance(obj, dict) or not isinstance(obj.get("rounds"), list):
            return False
        rounds = obj["rounds"]
        if rounds and isinstance(rounds[0], dict):
            return "plays" in rounds[0] and "declSeat" in rounds[0]
        return "aTeam" in obj
    return False


class _Bad(Exception):
    """A malformed field: message (English, Chinese) and the trick it is in."""

    def __init__(self, en: str, zh: str, trick: int | None = None, field: str | None = None):
        super().__init__(en)
        self.en, self.zh, self.trick, self.field = en, zh, trick, field


def _int(value: Any, name: str, lo: int, hi: int, trick: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _Bad(f"field {name!r} should be a whole number {lo}..{hi}, not {clip(json.dumps(value), 40)}",
                   f"字段 {name!r} 应为 {lo}..{hi} 的整数，而不是 {clip(json.dumps(value), 40)}", trick, name)
    return value


def _stated_int(r: dict, name: str, lo: int, hi: int) -> int | None:
    """Field ``name`` of ``r`` as a whole number in ``lo..hi``; ``None`` when the log leaves it out
    or gives ``null`` (not stated); a value of another kind is :class:`_Bad`."""
    value = r.get(name)
    return None if value is None else _int(value, name, lo, hi)


def _stated_pair(r: dict, name: str, lo: int, hi: int) -> tuple[int, int] | None:
    """Field ``name`` of ``r`` as the two teams' whole numbers ``[N–S, E–W]`` in ``lo..hi``; ``None`` when the log
    leaves it out or gives ``null`` (not stated); a value of another kind (not a list of two, a string) is
    :class:`_Bad`, as every field's — never dropped unsaid (the referee's verdict would go unchecked)."""
    value = r.get(name)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise _Bad(f"field {name!r} should be the two teams' values [N-S, E-W], whole numbers {lo}..{hi}, not "
                   f"{clip(json.dumps(value), 40)}",
                   f"字段 {name!r} 应为两队的值 [南北, 东西]（{lo}..{hi} 的整数），而不是 {clip(json.dumps(value), 40)}")
    return _int(value[0], name, lo, hi), _int(value[1], name, lo, hi)


def _stated_bool(r: dict, name: str) -> bool | None:
    """Field ``name`` of ``r`` as ``true``/``false``; ``None`` when left out or ``null`` (not stated)."""
    value = r.get(name)
    if value is None or isinstance(value, bool):
        return value
    raise _Bad(f"field {name!r} should be true or false, not {clip(json.dumps(value), 40)}",
               f"字段 {name!r} 应为 true 或 false，而不是 {clip(json.dumps(value), 40)}")


def _ids(value: Any, name: str, trick: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise _Bad(f"field {name!r} should be a list of card ids 0..107",
                   f"字段 {name!r} 应为牌号（0..107）的列表", trick)
    return [_int(v, name, 0, _MAX_ID, trick) for v in value]


def _kinds(ids: list[int]) -> tuple[int, ...]:
    return tuple(i % 54 for i in ids)


def _declaration(seat: int, strength: int, trump: int | None, level: int) -> tuple[Declaration, ...]:
    """The final declaration as recorded: ``declStrength`` 1 one level card of the trump suit,
    2 a pair of them, 3 the small jokers, 4 the big jokers; 0 (nobody declared) none."""
    if strength <= 0 or seat < 0:
        return ()
    if strength >= 3:
        k = LJ if strength == 3 else BJ
        return (Declaration(seat, (k, k)),)
    if trump is None:
        raise _Bad(f"declStrength {strength} declares a suit but trump is null",
                   f"declStrength {strength} 表示亮了花色，但 trump 为 null")
    k = card(trump, level)
    return (Declaration(seat, (k,) * strength),)


class _Note(NamedTuple):
    """A problem of a round that is kept."""
    code: str
    en: str
    zh: str
    trick: int | None = None
    at: tuple = ()
    """Where in the round it is: the path of the JSON value within the round (``("plays", 5, "w")``)."""
    lossless: bool = False
    """Nothing dropped or replaced: :attr:`~.diagnostics.Diagnostic.lossless`."""


def _round(r: Any, first_of_match: bool, line: int = 0) -> tuple[Hand, list[_Note]]:
    """One ROUND as a hand; warnings for what is kept but looks wrong (or is not known).  ``line``: the file's
    line the match is on (the hand's and its tricks' position, so that a violation names it)."""
    if not isinstance(r, dict):
        raise _Bad("a round should be a JSON object", "每一局应为 JSON 对象")
    missing = [k for k in ("no", "declSeat", "trump", "trumpRank", "kitty", "buried", "plays") if k not in r]
    if missing:
        raise _Bad(f"round lacks field(s) {', '.join(missing)}", f"该局缺少字段 {', '.join(missing)}")
    number = _int(r["no"], "no", 1, 9999)
    dealer = _int(r["declSeat"], "declSeat", 0, 3)
    level = _int(r["trumpRank"], "trumpRank", 2, 14)
    t = r["trump"]
    if t is not None and t not in tuple(_SUITS):
        raise _Bad(f"field 'trump' should be one of S, H, D, C or null, not {clip(json.dumps(t), 20)}",
                   f"字段 'trump' 应为 S、H、D、C 或 null，而不是 {clip(json.dumps(t), 20)}")
    trump = None if t is None else _SUITS.index(t)
    kitty = _ids(r["kitty"], "kitty")
    buried = _ids(r["buried"], "buried")
    plays = r["plays"]
    if not isinstance(plays, list) or not plays:
        raise _Bad("field 'plays' should be a non-empty list of tricks", "字段 'plays' 应为非空的轮列表")
    stated_tricks = _stated_int(r, "tricks", 1, 999)
    warnings: list[_Note] = []
    ids_of, stated, winners, unread = _tricks(plays, dealer)
    seen = {i for trick in ids_of for ids in trick for i in ids}
    if len(kitty) != 8 or len(buried) != 8:
        warnings.append(_Note("bad_value", f"the bottom has {len(kitty)} cards and the bury {len(buried)}; both should "
                              "have 8", f"底牌 {len(kitty)} 张、埋底 {len(buried)} 张，都应为 8 张",
                              at=("kitty" if len(kitty) != 8 else "buried",)))
    both = [i for i in buried if i in seen]
    if both:
        raise _Bad(f"card id {both[0]} is both buried and played", f"牌号 {both[0]} 既被埋底又被打出")
    moved: list[tuple[int, int | None, int, int]] = []
    if len(kitty) == 8 and len(buried) == 8:
        stated, moved = _leaders_from_bottom(ids_of, stated, dealer, kitty, buried)
    leaders, ruled = _placeholders(stated)
    warnings.extend(_seated_by_bottom(n, w, leader, card_id, dealer, unread.get(n - 1))
                    for n, w, leader, card_id in moved)
    warnings.extend(_unread_winner(n, how, len(ids_of)) for n, how in unread.items() if n + 1 not in
                    {m for m, *_ in moved})
    played, tricks = _seated(ids_of, leaders, line)
    whole = all(len(p) >= _HAND_SIZE for p in played)
    deal = None
    if whole:
        deal = _deal(played, dealer, kitty, buried)
        if stated_tricks is not None and stated_tricks != len(tricks):
            warnings.append(_Note("bad_value", f"field 'tricks' says {stated_tricks} tricks, the plays hold "
                                  f"{len(tricks)}", f"字段 'tricks' 为 {stated_tricks} 轮，出牌记录却有 {len(tricks)} 轮",
                                  at=("tricks",)))
    else:
        warnings.append(_stops_short(len(tricks), stated_tricks, min(len(p) for p in played)))
    absent = [k for k in ("declBy", "declStrength") if k not in r]
    if absent:
        # the log does not say who declared, nor with what: not "nobody" (null is), unknown
        declarations, declarations_known = (), False
        warnings.append(_Note("json_shape", f"round lacks field(s) {', '.join(absent)}: who declared the trump, "
                              "and with what, is not known — the declarations are not judged",
                              f"该局缺少字段 {', '.join(absent)}：不知谁亮主、亮了什么——不判定亮主"))
    else:
        declared = r["declBy"]
        declared = -1 if declared is None else _int(declared, "declBy", -1, 3)
        strength = r["declStrength"]
        strength = 0 if strength is None else _int(strength, "declStrength", 0, 4)
        declarations, declarations_known = _declaration(declared, strength, trump, level), True
    redeals = r.get("redeals", 0)
    redeals = 0 if redeals is None else _int(redeals, "redeals", 0, 99)
    tags: list[tuple[str, str]] = [(SEATS_TAG, SEATS_FROM_WINNERS)]
    if moved:
        tags.append((SEATS_BOTTOM_TAG, " ".join(str(n) for n, *_ in moved)))
    if ruled:
        tags.append((SEATS_RULES_TAG, " ".join(map(str, ruled))))
    for key in ("seed", "first", "redeals"):
        if key in r and r[key] is not None:
            tags.append((f"80fen:{key}", json.dumps(r[key])))
    tags.extend((n, v) for n, v in _referee_tags(r, dealer, winners, not first_of_match)
                if whole or n not in _WHOLE_HAND_TAGS)
    hand = Hand(number=number, dealer=dealer, trump=trump, level=level, declarations=declarations,
                declarations_known=declarations_known, deal=deal, bottom=_kinds(kitty), buried=_kinds(buried), tricks=tuple(tricks),
                claim=_stated_int(r, "total", -9999, 9999),
                bid_for=first_of_match or redeals > 0, tags=tuple(tags),
                bid_for_known=first_of_match or r.get("redeals") is not None, line=line)
    return hand, warnings


def _tricks(plays: list, dealer: int
            ) -> tuple[list[list[list[int]]], list[int | None], list[int | None], dict[int, str | None]]:
    """The card ids of each trick's plays in order, each trick's leader as the log states it (the dealer for the
    first, the winner the log names for the trick before, 80fen ``w``, for the others; ``None`` where that ``w`` is
    unreadable or left out), the tricks' winners (``w``; ``None`` where unreadable) and, by trick number, each
    ``w`` unreadable: the value written (JSON), ``None`` when left out or ``null``."""
    ids_of: list[list[list[int]]] = []
    leaders: list[int | None] = []
    winners: list[int | None] = []
    unread: dict[int, str | None] = {}
    seen: set[int] = set()
    leader: int | None = dealer
    for n, tr in enumerate(plays, 1):
        if not isinstance(tr, dict) or not isinstance(tr.get("p"), list):
            raise _Bad('a trick should be an object {"p": [4 plays], "w": winner seat}',
                       '每一轮应为对象 {"p": [四家出牌], "w": 赢家座位}', n)
        p = tr["p"]
        if len(p) != 4:
            raise _Bad(f"a trick should have 4 plays, not {len(p)}", f"每一轮应有 4 家出牌，而不是 {len(p)}", n, "p")
        w = tr.get("w")
        if not _whole(w) or not 0 <= w <= 3:
            unread[n] = None if w is None else clip(json.dumps(w), 40)
            w = None
        out = []
        for cards in p:
            ids = _ids(cards, "p", n)
            if not ids:
                raise _Bad("a play with no cards", "出牌为空", n, "p")
            dup = [i for i in ids if i in seen]
            if dup:
                raise _Bad(f"card id {dup[0]} is played twice", f"牌号 {dup[0]} 被出了两次", n, "p")
            seen.update(ids)
            out.append(ids)
        ids_of.append(out)
        leaders.append(leader)
        winners.append(w)
        leader = w
    return ids_of, leaders, winners, unread


def _placeholders(leaders: list[int | None]) -> tuple[list[int], list[int]]:
    """``leaders`` with each not stated (``None``: the ``w`` before it unreadable, the bottom not seating it) written
    as the leader of the trick before — a placeholder: the engine seats that trick from the winner of the trick
    before by the rules (:data:`SEATS_RULES_TAG`) —, and the numbers of those tricks."""
    out: list[int] = []
    ruled: list[int] = []
    for t, leader in enumerate(leaders):
        if leader is None:
            leader = out[t - 1]         # (the first trick's leader is the dealer, always stated)
            ruled.append(t + 1)
        out.append(leader)
    return out, ruled


def _seated(ids_of: list[list[list[int]]], leaders: list[int], line: int = 0
            ) -> tuple[list[list[int]], list[Trick]]:
    """The card ids each seat played and the tricks (at the file's ``line``), each trick's plays seated in turn
    from its leader."""
    played: list[list[int]] = [[], [], [], []]
    tricks: list[Trick] = []
    for n, (trick, leader) in enumerate(zip(ids_of, leaders), 1):
        out = []
        for j, ids in enumerate(trick):
            seat = (leader + j) % 4
            played[seat].extend(ids)
            out.append(Play(seat, _kinds(ids)))
        tricks.append(Trick(n, tuple(out), line=line))
    return played, tricks


def _leaders_from_bottom(ids_of: list[list[list[int]]], leaders: list[int | None], dealer: int, kitty: list[int],
                         buried: list[int]) -> tuple[list[int | None], list[tuple[int, int | None, int, int]]]:
    """``leaders`` with a trick after the first seated again where the bottom says who played in it: a card of
    the bottom the dealer did not bury is one it played, so a trick holding it as its ``j``-th play was led by the
    seat ``j`` before the dealer.  Only a trick seated from ``w`` (not the first, led by the dealer) whose seating
    puts such a card with another seat, and whose cards of the bottom all say the same leader, is seated again.
    A trick whose leader the log does not state (``None``) is seated so too, where the bottom says who led it.
    Also each trick so seated: ``(trick number, the seat w named or None, the seat the bottom names, the card id)``."""
    kept = set(kitty) - set(buried)
    out = list(leaders)
    moved: list[tuple[int, int | None, int, int]] = []
    for t in range(1, len(ids_of)):
        found = {(dealer - j) % 4: i for j, ids in enumerate(ids_of[t]) for i in ids if i in kept}
        if len(found) == 1:
            ((leader, card_id),) = found.items()
            if leader != leaders[t]:
                out[t] = leader
                moved.append((t + 1, leaders[t], leader, card_id))
    return out, moved


def _deal(played: list[list[int]], dealer: int, kitty: list[int], buried: list[int]) -> tuple[tuple[int, ...], ...]:
    """The deal rebuilt from a round every seat played out: each seat's plays, the dealer's plus its
    bury minus the bottom."""
    pool = set(played[dealer]) | set(buried)
    lost = [i for i in kitty if i not in pool]
    if lost:
        raise _Bad(f"bottom card id {lost[0]} is neither played by the dealer nor buried: the deal "
                   f"cannot be rebuilt", f"底牌 {lost[0]} 既不在庄家打出的牌中，也不在埋底中：无法还原发牌")
    deal = [tuple(sorted(_kinds(played[s]))) for s in range(4)]
    kit = set(kitty)
    deal[dealer] = tuple(sorted(_kinds([i for i in played[dealer] + buried if i not in kit])))
    return tuple(deal)


def _seated_by_bottom(number: int, named: int | None, leader: int, card_id: int, dealer: int,
                      how: str | None = None) -> _Note:
    """The diagnostic of trick ``number`` seated from the bottom, not from the ``w`` of the trick before: the seat
    it names (``named``), or none (``how``: the value written, ``None`` when left out or ``null``)."""
    by, d = SEAT_TOKENS[leader], SEAT_TOKENS[dealer]
    byz, dz = SEAT_NAMES_ZH[leader], SEAT_NAMES_ZH[dealer]
    bottom_en = (f"card id {card_id} of the bottom, which the dealer {d} did not bury, is played in trick {number}, so "
                 f"{d} played it and trick {number} was led by {by}: the plays of trick {number} are seated from {by} "
                 f"(hand tag {SEATS_BOTTOM_TAG}), and the round is judged")
    bottom_zh = (f"底牌 {card_id}（庄家{dz}未埋下）在第 {number} 轮打出，故为{dz}所出，第 {number} 轮由{byz}首出：第 "
                 f"{number} 轮的出牌由{byz}起排座（局标签 {SEATS_BOTTOM_TAG}），本局照常判定")
    at = ("plays", number - 2, "w")
    if named is None:
        said_en, said_zh = _unread_words(number - 1, how)
        return _Note(_unread_code(how),
                     f"{said_en}, so the log does not say who led trick {number}; but {bottom_en}; the platform "
                     f"referee's winner of trick {number - 1} is not known ('?' in Referee:Winners, not compared)",
                     f"{said_zh}，故记录未说明第 {number} 轮由谁首出；但{bottom_zh}；平台裁判判定的第 {number - 1} 轮"
                     "赢家未知（Referee:Winners 中记为 '?'，不作比对）", number - 1, at)
    w, wz = SEAT_TOKENS[named], SEAT_NAMES_ZH[named]
    return _Note("bad_value",
                 f"field 'w' of trick {number - 1} names {w} its winner, so trick {number}'s plays would be seated from "
                 f"{w}; but {bottom_en}; the winner of trick {number - 1} is the engine's, from the cards, and the "
                 "record's 'w' is compared with it (Referee:Winners)",
                 f"第 {number - 1} 轮的字段 'w' 记为{wz}赢，则第 {number} 轮的出牌应由{wz}起排座；但{bottom_zh}；第 "
                 f"{number - 1} 轮的赢家由引擎按牌判定，记录的 'w' 与之比对（Referee:Winners）", number - 1, at,
                 lossless=True)


def _unread_code(how: str | None) -> str:
    """A ``w`` left out (or ``null``) is ``json_shape``; one of the wrong kind or out of range ``bad_value``."""
    return "json_shape" if how is None else "bad_value"


def _unread_words(trick: int, how: str | None) -> tuple[str, str]:
    """What is wrong with the ``w`` of ``trick``: left out (or ``null``: ``how`` None), or the value written."""
    if how is None:
        return (f"trick {trick} gives no winner (field 'w' left out or null)",
                f"第 {trick} 轮未给出赢家（字段 'w' 缺失或为 null）")
    return (f"field 'w' of trick {trick} should be the winner's seat, a whole number 0..3, not {how}",
            f"第 {trick} 轮的字段 'w' 应为赢家的座位（0..3 的整数），而不是 {how}")


def _unread_winner(trick: int, how: str | None, tricks: int) -> _Note:
    """The diagnostic of trick ``trick``'s ``w`` unreadable (or left out) where the bottom does not seat the trick
    after: that trick is seated from the winner by the rules (:data:`SEATS_RULES_TAG`), or — the last of ``tricks``
    — nothing rests on it but the platform referee's verdict."""
    en, zh = _unread_words(trick, how)
    if trick >= tricks:
        en += (f": the platform referee's winner of the last trick is not known ('?' in Referee:Winners, not "
               "compared); nothing else rests on it (the engine judges the trick from the cards), and the round is "
               "judged")
        zh += "：平台裁判判定的最后一轮赢家未知（Referee:Winners 中记为 '?'，不作比对）；别无结论依赖于它（引擎按牌判定该轮），本局照常判定"
    else:
        nxt = trick + 1
        en += (f", so the log does not say who led trick {nxt}: its plays are seated from the winner of trick "
               f"{trick} by the rules (hand tag {SEATS_RULES_TAG}: the engine judges trick {trick} and says so, a "
               f"derived fact 'leader'), and the round is judged; the platform referee's winner of trick {trick} is "
               "not known ('?' in Referee:Winners, not compared)")
        zh += (f"，故记录未说明第 {nxt} 轮由谁首出：第 {nxt} 轮的出牌由按规则判出的第 {trick} 轮赢家起排座（局标签 "
               f"{SEATS_RULES_TAG}：引擎判定第 {trick} 轮并说明，推定事实 'leader'），本局照常判定；平台裁判判定的第 "
               f"{trick} 轮赢家未知（Referee:Winners 中记为 '?'，不作比对）")
    return _Note(_unread_code(how), en, zh, trick, ("plays", trick - 1, "w"))


def _stops_short(done: int, stated: int | None, cards: int) -> _Note:
    """The diagnostic of a round whose plays stop before every seat played a whole hand."""
    of_en, of_zh = (f" of {stated}", f"（共 {stated} 轮）") if stated is not None else ("", "")
    return _Note("missing_deal",
            f"the round stops after trick {done}{of_en}: a seat played {cards} of its {_HAND_SIZE} cards, so "
            "the deal, which this log gives only through the plays, is not known — the hand is read as a "
            "record that ends early (not shown legal, no outcome), and the referee's verdicts on the whole "
            "hand (points, penalty, outcome, levels, next dealer) are not compared",
            f"该局在第 {done} 轮后中断{of_zh}：有一家只出了 {cards} 张牌（应为 {_HAND_SIZE} 张），而本记录的发牌"
            "只能由出牌还原，故发牌未知——本局按提前结束的记录处理（不判为合规，不计结果），裁判对整局的判定"
            "（得分、罚分、结果、级别、下庄）不作比对", at=("plays",))


def _referee_tags(r: dict, dealer: int, winners: list[int | None], later: bool = True) -> list[tuple[str, str]]:
    """The referee's verdicts as ``Referee:…`` tags (:data:`REFEREE_TAGS`); a verdict resting on a
    field the log leaves out (or gives as ``null``) is left out, never guessed."""
    out = [("Referee:Winners", " ".join("?" if w is None else SEAT_TOKENS[w] for w in winners))]
    raw = _stated_int(r, "rawTotal", -9999, 9999)
    if raw is not None:
        out.append(("Referee:Points", str(raw)))
    kitty_pts, mult = _stated_int(r, "kittyPts", 0, 200), _stated_int(r, "mult", 0, 999)
    won_last = _stated_bool(r, "defWonLast")
    if kitty_pts is not None and mult is not None and won_last is not None:
        side = "attackers" if won_last else "defenders"
        out.append(("Referee:Bottom", f"{kitty_pts} x{mult} {side}"))
    pen = _stated_pair(r, "penalty", -9999, 9999)
    if pen is not None:
        out.append(("Referee:Penalty", f"{pen[0]} {pen[1]}"))
    defenders_win = _stated_bool(r, "defendersWin")
    if defenders_win is not None:
        # 80fen's "defenders" are the side without the deal: our attackers
        side, key, nxt = (("attackers", "defLevelsUp", (dealer + 1) % 4) if defenders_win
                          else ("defenders", "declLevelsUp", (dealer + 2) % 4))
        up = _stated_int(r, key, 0, 99)
        if up is not None:
            out.append(("Referee:Outcome", f"{side} +{up}"))
        out.append(("Referee:NextDealer", SEAT_TOKENS[nxt]))
    after = _stated_pair(r, "after", 2, 99)
    if after is not None:
        out.append(("Referee:Levels", f"{after[0]} {after[1]}"))
    before = _stated_pair(r, "before", 2, 99) if later else None   # (the first round's sets the match's levels: _levels)
    if before is not None:
        out.append(("Referee:LevelsBefore", f"{before[0]} {before[1]}"))
    return out


def _levels(before: Any) -> tuple[tuple[int | None, int | None] | None, tuple[str, str] | None]:
    """The match's levels before its first round, from that round's ``before`` ``[N–S, E–W]``, and the
    problem with it (English, Chinese).  Absent or ``null``: ``None``, not stated (both sides start
    at 2, as every match does).  A side whose value is not a level 2..14 is unknown, never 2."""
    if before is None:
        return None, None
    if not isinstance(before, list) or len(before) != 2:
        return (None, None), (f"field 'before' should be the two teams' levels [N-S, E-W] (2..14), not "
                              f"{clip(json.dumps(before), 40)}; both teams' levels are unknown",
                              f"字段 'before' 应为两队的级别 [南北, 东西]（2..14），而不是 {clip(json.dumps(before), 40)}；"
                              "两队级别未知")
    sides = tuple(v if isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= 14 else None for v in before)
    bad = [(team, zh, v) for team, zh, v, side in zip(("N-S", "E-W"), ("南北", "东西"), before, sides) if side is None]
    if not bad:
        return (sides[0], sides[1]), None
    return (sides[0], sides[1]), (
        "; ".join(f"field 'before' gives {team} {clip(json.dumps(v), 20)}, not a level 2..14: {team}'s level is unknown"
                  for team, _, v in bad),
        "；".join(f"字段 'before' 中{zh}的级别为 {clip(json.dumps(v), 20)}，不是 2..14 的级别：{zh}级别未知"
                 for _, zh, v in bad))


def match_from_80fen(obj: Any, line: int = 0, text: str = "") -> tuple[Match | None, list[Diagnostic]]:
    """One NDJSON line's match (``None`` when nothing usable) and its diagnostics."""
    diags: list[Diagnostic] = []
    paths: list[tuple] = []             # each diagnostic's JSON path in the line (its column: _columns)

    def diag(code: str, en: str, zh: str, hand: int | None = None, trick: int | None = None, at: tuple = (),
             lossless: bool = False) -> None:
        where_en = "".join([f"round {hand}" if hand is not None else "",
                            f", trick {trick}" if trick is not None else ""])
        where_zh = "".join([f"第 {hand} 局" if hand is not None else "",
                            f"第 {trick} 轮" if trick is not None else ""])
        diags.append(Diagnostic(code, bilingual(f"{where_en}: {en}" if where_en else en,
                                                f"{where_zh}：{zh}" if where_zh else zh),
                                line=line, column=1 if line else 0, hand=hand, trick=trick, text=text[:300],
                                lossless=lossless))
        paths.append(at)

    if not isinstance(obj, dict) or not isinstance(obj.get("rounds"), list):
        diag("json_shape", 'an 80fen match should be an object with a "rounds" list',
             '80fen 的一场比赛应为带 "rounds" 列表的 JSON 对象')
        return None, diags
    hands: list[Hand] = []
    numbers: dict[int, int] = {}       # round number → its place in the list (1-based)
    skipped = False
    for index, r in enumerate(obj["rounds"]):
        number = r.get("no") if isinstance(r, dict) and _whole(r.get("no")) else index + 1
        try:
            hand, notes = _round(r, first_of_match=(index == 0), line=line)
        except _Bad as bad:
            at = ("rounds", index, *(("plays", bad.trick - 1) if bad.trick is not None else ()),
                  *((bad.field,) if bad.field else ()))
            diag("bad_value" if isinstance(r, dict) and "plays" in r else "json_shape",
                 f"{bad.en}; the round is left out, and the next round's levels and dealer are not checked "
                 "(the round before it was left out)",
                 f"{bad.zh}；该局未读入，下一局的级别和庄家不予核对（其上一局未读入）", number, bad.trick, at)
            skipped = True
            continue
        if skipped:     # the chain of levels and dealers is broken: the engine does not check them
            hand = dataclasses.replace(hand, follows_skipped=True)
            skipped = False
        if hand.number in numbers:
            diag("duplicate_hand", f"round number {hand.number} (field 'no') appears twice: rounds "
                 f"{numbers[hand.number]} and {index + 1} of the list", f"局号 {hand.number}（字段 'no'）重复出现："
                 f"列表中的第 {numbers[hand.number]} 局和第 {index + 1} 局", hand.number)
        numbers.setdefault(hand.number, index + 1)
        for note in notes:
            diag(note.code, note.en, note.zh, number, note.trick, ("rounds", index, *note.at), note.lossless)
        hands.append(hand)
    a_team = obj.get("aTeam")
    names: list[str | None] = [None] * 4
    if a_team in (0, 1):
        for seat in range(4):
            who = obj.get("a") if seat % 2 == a_team else obj.get("b")
            names[seat] = (who.strip() or None) if isinstance(who, str) else None    # blank: not named
    rounds = obj["rounds"]
    levels, problem = _levels(rounds[0].get("before") if rounds and isinstance(rounds[0], dict) else None)
    if problem is not None:
        diag("bad_value", *problem, hand=rounds[0].get("no") if _whole(rounds[0].get("no")) else 1,
             at=("rounds", 0, "before"))
    tags: list[tuple[str, str]] = [(SOURCE_TAG, SOURCE)]
    if "seed" in obj:
        tags.append(("80fen:seed", json.dumps(obj["seed"])))
    if a_team in (0, 1) and obj.get("winner") in ("a", "b"):
        team = a_team if obj["winner"] == "a" else 1 - a_team
        tags.append(("Referee:Winner", ("NS", "EW")[team]))
    if isinstance(obj.get("levels"), list) and len(obj["levels"]) == 2:
        tags.append(("80fen:levels", json.dumps(obj["levels"])))
        final = obj["levels"] if a_team == 0 else obj["levels"][::-1]      # [a, b] → [N–S, E–W]
        if a_team in (0, 1) and all(_whole(v) and 2 <= v <= 99 for v in final):
            tags.append(("Referee:LevelsFinal", f"{final[0]} {final[1]}"))
    match = Match(event="80fen contest", players=tuple(names), ruleset=PRESET, levels=levels,
                  hands=tuple(hands), tags=tuple(tags))
    return match, _columns(diags, paths, text)


_POSITIONED = frozenset(("rounds", "plays"))
"""The lists of an 80fen match a diagnostic's column is looked for in (its rounds, their tricks)."""


def _columns(diags: list[Diagnostic], paths: list[tuple], text: str) -> list[Diagnostic]:
    """``diags`` (of one line, ``text``), each with the column of the JSON value its path (in ``paths``) names —
    or, where the line has no such value (a field left out), of the nearest object holding it: the trick, the
    round.  The line is walked again for the positions only when it has a diagnostic (:func:`.json_problems.
    value_positions`, once); a line whose positions cannot be found keeps column 1."""
    if not diags or not text or not any(paths):
        return diags
    try:
        offsets = value_positions(text, _POSITIONED)
    except (ValueError, IndexError, RecursionError):
        return diags
    out = []
    for d, path in zip(diags, paths):
        while path and path not in offsets:
            path = path[:-1]
        out.append(dataclasses.replace(d, column=offsets[path] + 1) if path and d.line else d)
    return out


def parse_80fen(text: str) -> tuple[list[Match], list[Diagnostic]]:
    """Every match of an 80fen NDJSON text (one per non-blank line) and the diagnostics."""
    return parse_lines(text, match_from_80fen)


_MATCH_KEYS = frozenset(("a", "b", "seed", "aTeam", "winner", "levels", "rounds"))
"""The fields of an 80fen match this reader reads (or keeps as a tag)."""
_ROUND_KEYS = frozenset(("no", "declSeat", "trump", "trumpRank", "kitty", "buried", "plays", "tricks", "declBy",
                         "declStrength", "redeals", "seed", "first", "rawTotal", "kittyPts", "mult", "defWonLast",
                         "penalty", "defendersWin", "defLevelsUp", "declLevelsUp", "after", "total", "before"))
"""The fields of a round this reader reads (or keeps as a tag): any other is not carried over."""
_TRICK_KEYS = frozenset(("p", "w"))


def unread_fields(text: str) -> list[str]:
    """The fields of the 80fen matches in ``text`` that no record keeps (``gateStopped``, ``played`` …),
    each once, in the order first met: a round's as ``rounds[].name``, a trick's as
    ``rounds[].plays[].name``.  For ``tractor convert`` to say what it does not carry over; it decodes
    the text again (not on any reading path)."""
    found: dict[str, None] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            obj = json.loads(line) if json_too_deep(line) is None else None
        except ValueError:
            continue
        if not isinstance(obj, dict):
            continue
        found.update((k, None) for k in obj if k not in _MATCH_KEYS)
        for r in obj.get("rounds") if isinstance(obj.get("rounds"), list) else ():
            if not isinstance(r, dict):
                continue
            found.update((f"rounds[].{k}", None) for k in r if k not in _ROUND_KEYS)
            for t in r.get("plays") if isinstance(r.get("plays"), list) else ():
                if isinstance(t, dict):
                    found.update((f"rounds[].plays[].{k}", None) for k in t if k not in _TRICK_KEYS)
    return list(found)

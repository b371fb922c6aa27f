"""Writing JSON records: a match as a JSON object (``format.md`` field names), a ``.json`` text
(two-space indent) or a ``.jsonl`` text (one compact match per line); what :mod:`.json_reader`
reads back into the same match.

Tags travel as extra fields when every one fits (see :mod:`.json_layout`): a tag
``<field>:json`` whose value is the JSON text of a non-string becomes that field again.
Otherwise all the tags go to a ``"tags"`` list of ``[name, value]`` pairs.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable

from .cards import RANK_TOKENS, SEAT_TOKENS, TEAMS, TOKEN, Card, trump_token
from .json_layout import HAND_FIELDS, JSON_SUFFIX, MATCH_FIELDS, dump
from .limits import MAX_DEPTH, json_too_deep
from .model import Hand, Match
from .plays_written import plays_as_written

__all__ = ["match_to_dict", "format_json", "format_jsonl"]


def _cards(cards: Iterable[Card]) -> list[str]:
    return [TOKEN[c] for c in cards]


_MATCH_DEPTH = 1
"""How deep a match object is in the JSON text the writers make (a field's value of nesting ``n``
reaches ``1 + n``)."""
_HAND_DEPTH = 3
"""How deep a hand object is: match, ``hands``, the hand."""


def _put_tags(d: dict, tags: tuple[tuple[str, str], ...], known: tuple[str, ...], depth: int) -> None:
    """Tags as extra fields when every one fits (see the module docstring), else as a ``tags`` list.
    A ``<field>:json`` tag whose value would nest the text past :data:`~.limits.MAX_DEPTH` where it
    goes (``depth``: how deep ``d`` is) stays a string field: the reader would refuse the text as
    ``too_deep`` (and ``json.loads`` would recurse on it)."""
    fields: dict[str, Any] = {}
    for name, value in tags:
        key, out = name, value
        if name.endswith(JSON_SUFFIX):
            try:
                if json_too_deep(value, MAX_DEPTH - depth) is not None:
                    raise ValueError("too deep")
                parsed = json.loads(value)
            except (ValueError, RecursionError):
                parsed = value
            if not isinstance(parsed, str) and dump(parsed) == value:
                key, out = name[:-len(JSON_SUFFIX)], parsed
        if key in known or key in fields or key in d:
            d["tags"] = [[n, v] for n, v in tags]
            return
        fields[key] = out
    d.update(fields)


def match_to_dict(match: Match) -> dict:
    """The JSON object of ``match`` (format.md field names; see the module docstring for extras)."""
    d: dict[str, Any] = {}
    for key in ("event", "site", "date", "round", "table"):
        value = getattr(match, key)
        if value is not None:
            d[key] = value
    if any(p is not None for p in match.players):
        d["players"] = dict(zip(SEAT_TOKENS, match.players))
    if any(t is not None for t in match.teams):
        d["teams"] = dict(zip(("NS", "EW"), match.teams))
    if match.ruleset is not None:
        d["ruleset"] = match.ruleset
    if match.rules:
        names = [n for n, _ in match.rules]
        d["rules"] = dict(match.rules) if len(set(names)) == len(names) else [[n, v] for n, v in match.rules]
    if match.levels is not None:
        d["levels"] = {team: "?" if level is None else RANK_TOKENS[level] for team, level in zip(TEAMS, match.levels)}
    d["hands"] = [_hand_to_dict(h) for h in match.hands]
    if match.notes:
        d["notes"] = list(match.notes)
    _put_tags(d, match.tags, MATCH_FIELDS, _MATCH_DEPTH)
    return d


def _hand_to_dict(h: Hand) -> dict:
    d: dict[str, Any] = {"number": h.number} if h.number_known else {}       # (not known: left out again)
    # an unknown dealer or trump is "?" (not known; left out or null, it would read as missing_tag), never a
    # seat or NT made up; left out where that says the same: a position's dealer, a score sheet's trump
    if h.dealer is not None:
        d["dealer"] = SEAT_TOKENS[h.dealer]
    elif not h.setup:
        d["dealer"] = "?"
    if h.trump_known:
        d["trump"] = trump_token(h.trump)
    elif not h.result_only:
        d["trump"] = "?"
    if h.level is not None:
        d["level"] = RANK_TOKENS[h.level]
    if h.declarations or h.declarations_known:      # [] : nobody declared, stated
        d["declarations"] = [{"seat": SEAT_TOKENS[x.seat], "cards": _cards(x.cards)}
                             | ({"after_bottom": True} if x.after_bottom else {}) for x in h.declarations]
    if h.deal is not None:
        d["deal"] = {SEAT_TOKENS[s]: _cards(h.deal[s] if s < len(h.deal) else ()) for s in range(4)}
    if h.bottom is not None:
        d["bottom"] = _cards(h.bottom)
    if h.buried is not None:
        d["buried"] = _cards(h.buried)
        if h.earlier_buries:
            d["earlier_buries"] = [_cards(b) for b in h.earlier_buries]
    if h.friend is not None:
        d["friend"] = TOKEN[h.friend]
    d["setup"] = h.setup
    if h.points_known:           # unknown points before a position are left out, not written as 0
        d["points"] = h.points
    d["first_trick"] = h.first_trick
    d["tricks"] = _tricks_to_list(h)
    if h.claim is not None:
        d["claim"] = h.claim
    if h.takebacks:
        # a take-back whose seat is not known: "?"; a word that is no seat: the word as read (not sure to be
        # one take-back: never written as "?", which says one) — each read back as it was (never dropped)
        d["takebacks"] = h.takeback_words()
    if h.bid_for:
        d["bid_for"] = True
    elif not h.bid_for_known:        # not known: null, not left out (which reads as "not bid for")
        d["bid_for"] = None
    if h.result_only:
        d["result_only"] = True
    d["notes"] = list(h.notes)
    _put_tags(d, h.tags, HAND_FIELDS, _HAND_DEPTH)
    return d


def _tricks_to_list(h: Hand) -> list:
    """The tricks of ``h``: each a list of plays, or an object when it has notes or a number
    other than the next one."""
    tricks: list = []
    for i, t in enumerate(h.tricks):
        plays = []
        for p in plays_as_written(h, t):
            if isinstance(p, int):      # a play the reader could not read: the record gives it, not what it was
                plays.append({"seat": SEAT_TOKENS[p], "cards": "?"})
                continue
            pd: dict[str, Any] = {"seat": SEAT_TOKENS[p.seat]}
            if p.attempted is not None:
                pd["attempted"] = _cards(p.attempted)
            pd["cards"] = _cards(p.cards)
            if p.notes:
                pd["notes"] = list(p.notes)
            plays.append(pd)
        expected = h.first_trick if i == 0 else h.tricks[i - 1].number + 1
        if t.notes or t.number != expected:
            tricks.append({"number": t.number, "plays": plays, "notes": list(t.notes)})
        else:
            tricks.append(plays)
    return tricks


_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_lone_surrogates(text: str) -> str:
    """JSON text with each lone surrogate (only ever inside a string) as a ``\\uXXXX`` escape, so that
    the text encodes as UTF-8; control characters are escaped by ``json.dumps`` itself."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if _SURROGATE.search(text) else text


def format_json(match: Match) -> str:
    """A ``.json`` text holding ``match`` (UTF-8 characters kept, two-space indent)."""
    return _no_lone_surrogates(json.dumps(match_to_dict(match), ensure_ascii=False, indent=2)) + "\n"


def format_jsonl(matches: Iterable[Match]) -> str:
    """A ``.jsonl`` text: one compact match object per line."""
    return "".join(_no_lone_surrogates(json.dumps(match_to_dict(m), ensure_ascii=False, separators=(",", ":")))
                   + "\n" for m in matches)

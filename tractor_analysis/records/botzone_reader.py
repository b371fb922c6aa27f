"""Reader for Botzone's Tractor (双升) match logs: one match a line, as our record model.

Botzone (Peking University's AI platform) publishes its matches one JSON object a line:
``{"_id", "players": [4 × {"type", "bot"}], "initdata", "log": [ENTRY…]}``.  ``initdata``
(JSON text, or an object) is what the judge wrote at its first turn: the four dealt hands
(``allocation``, 25 card ids each), the bottom (``publiccard``), the ``level`` as one
character (``"0"`` for ten) and ``first_round`` (the declarer becomes banker; otherwise the
banker is ``initdata.banker``).  Even log entries are the judge's (``output.command``
``request`` to one seat, or ``finish`` with each seat's score), odd ones the seat asked
(``{"<seat>": {"response": [ids]}}``).  The layout is fixed: entries 0–199 deal one card
each (the response a declaration: ``[]``, ``[id]`` a call, ``[id, id]`` a snatch), 200 hands
the bottom to the banker, 201 is the bury, then each play request and its response; the last
entry is ``finish``.  One match is one hand (docs/format.md, "Botzone match logs").

Cards are ids 0..107: ``k = id % 54``, 52 the small and 53 the big joker, otherwise suit
``"shcd"[k % 4]`` and rank ``"A234567890JQK"[k // 4]``.  Botzone seat ``i`` is ``NESW[i]``
(play order is seat + 1, as ours).

What the record model gets (:func:`match_from_botzone`): the deal (``allocation``), the
bottom, the bury, every declaration in order, the banker as dealer, the trump the judge
fixed (also when it drew one because nobody declared), and every trick as the judge
accepted it — a failed throw as the bot's attempt with the judge's forced card.  A bot's
response the judge rejected is kept where it was made (the last play, declaration or bury),
so that the engine judges it too.  The judge's verdicts become ``Referee:…`` hand tags
(:data:`REFEREE_TAGS`) for :mod:`tractor_analysis.engine.referee` to compare with the
replay under ``--rules botzone``.

Malformed input never raises: each problem is a diagnostic naming the line and the log
index; a match that cannot be rebuilt is left out with a diagnostic saying so.
"""
from __future__ import annotations

import json
from typing import Any

from .cards import BJ, LJ, POINTS, SEAT_TOKENS, TOKEN, card
from .diagnostics import Diagnostic, bilingual, clip
from .limits import MAX_DEPTH, json_too_deep
from .model import Declaration, Hand, Match, Play, Trick
from .platform_lines import parse_lines

__all__ = ["parse_botzone", "looks_like_botzone", "match_from_botzone", "kind_of", "REFEREE_TAGS",
           "PRESET", "SOURCE"]

PRESET = "botzone"
"""The ruleset preset the records of this platform are judged under."""
SOURCE = "Botzone Tractor (双升) match log (botzone.org.cn)"
REFEREE_TAGS = {
    "Referee:Winners": "the trick winners in order, seats N E S W ('?' where the log does not say)",
    "Referee:Points": "the attackers' points in tricks",
    "Referee:Bottom": "the bottom's points, 'x', the multiplier ('x?' unknown), and who won the last trick",
    "Referee:Throws": "each failed throw as 'trick:penalty' (the change of the attackers' total it caused)",
    "Referee:Total": "the attackers' total: trick points, the bottom bonus and the throw penalties",
    "Referee:Scores": "the judge's score of each seat N E S W (0..3; -3 for an error)",
    "Referee:Error": "the judge's error: seat, reason, and where ('trick 7', 'declaration', 'bury')",
}
"""The judge's verdicts an imported record keeps (hand tags)."""

_SUIT_OF_LETTER = {"s": 0, "h": 1, "d": 2, "c": 3}
_ID_SUITS = "shcd"
_ID_RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
_LEVELS = {"A": 14, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "0": 10, "10": 10,
           "J": 11, "Q": 12, "K": 13}
_MAX_ID = 107


def kind_of(card_id: int) -> int:
    """Our card kind of a Botzone card id 0..107 (``id`` and ``id ± 54`` are the same card)."""
    k = card_id % 54
    if k == 52:
        return LJ
    if k == 53:
        return BJ
    return card(_SUIT_OF_LETTER[_ID_SUITS[k % 4]], _ID_RANKS[k // 4])


def _shape(obj: Any) -> bool:
    return isinstance(obj, dict) and isinstance(obj.get("log"), list) and "initdata" in obj


def looks_like_botzone(text: str) -> bool:
    """Is ``text`` Botzone match logs?  Its first record (the first non-blank line, or the
    whole text as one JSON document) is an object with a ``log`` list and ``initdata``."""
    body = text.lstrip("\ufeff \t\r\n")
    if not body.startswith("{"):
        return False
    first = body.split("\n", 1)[0].strip()
    if '"initdata"' not in first and '"initdata"' not in body[:4000]:
        return False                        # cheap: most JSON records are not decoded here
    if json_too_deep(first) is not None:    # not decoded here: the JSON reader says too_deep
        return False
    try:
        return _shape(json.loads(first))
    except ValueError:
        pass
    head = body[:4000]
    if '"initdata"' not in head or '"log"' not in head:
        return False
    if json_too_deep(body) is not None:
        return False
    try:                                    # one match as a (pretty-printed) JSON document
        return _shape(json.loads(body))
    except ValueError:
        return True                         # broken JSON of this shape: the reader says where


class _Bad(Exception):
    """A malformed field: message (English, Chinese) and the log index it is at."""

    def __init__(self, en: str, zh: str, index: int | None = None):
        super().__init__(en)
        self.en, self.zh, self.index = en, zh, index


def _ids(value: Any, name: str, index: int | None = None) -> list[int]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int)
                                          or not 0 <= v <= _MAX_ID for v in value):
        raise _Bad(f"{name} should be a list of card ids 0..107, not {clip(json.dumps(value), 60)}",
                   f"{name} 应为牌号（0..107）的列表，而不是 {clip(json.dumps(value), 60)}", index)
    return list(value)


def _kinds(ids: list[int]) -> tuple[int, ...]:
    return tuple(kind_of(i) for i in ids)


def _initdata(obj: dict) -> tuple[list[list[int]], list[int], int, bool, int | None]:
    """``(allocation, publiccard, level, first_round, banker)`` of the match's ``initdata``
    (``first_round`` ``None`` when it does not state it)."""
    init = obj["initdata"]
    if isinstance(init, str):
        if json_too_deep(init) is not None:
            raise _Bad(f"initdata is JSON nested more than {MAX_DEPTH} levels deep",
                       f"initdata 的 JSON 嵌套超过 {MAX_DEPTH} 层")
        try:
            init = json.loads(init)
        except ValueError:
            raise _Bad("initdata is text but not JSON", "initdata 是文本但不是 JSON") from None
    if not isinstance(init, dict):
        raise _Bad("initdata should be a JSON object (or its text)", "initdata 应为 JSON 对象（或其文本）")
    missing = [k for k in ("allocation", "publiccard", "level") if k not in init]
    if missing:
        raise _Bad(f"initdata lacks {', '.join(missing)}", f"initdata 缺少 {', '.join(missing)}")
    alloc = init["allocation"]
    if not isinstance(alloc, list) or len(alloc) != 4:
        raise _Bad("initdata.allocation should be four lists of card ids", "initdata.allocation 应为四组牌号")
    hands = [_ids(a, "initdata.allocation") for a in alloc]
    bottom = _ids(init["publiccard"], "initdata.publiccard")
    level = _LEVELS.get(str(init["level"]).strip().upper())
    if level is None:
        raise _Bad(f"initdata.level should be one of 2..9, 0 (ten), J, Q, K, A, not {clip(json.dumps(init['level']), 20)}",
                   f"initdata.level 应为 2..9、0（十）、J、Q、K、A 之一，而不是 {clip(json.dumps(init['level']), 20)}")
    first_round = init.get("first_round")         # None: not stated here (the requests may say it)
    if first_round is not None and not isinstance(first_round, bool):
        raise _Bad("initdata.first_round should be true or false", "initdata.first_round 应为 true 或 false")
    banker = init.get("banker")
    if banker is not None and _seat(banker) is None:
        raise _Bad("initdata.banker should be a seat 0..3", "initdata.banker 应为座位 0..3")
    return hands, bottom, level, first_round, banker


def _requests_first_round(log: list) -> bool | None:
    """``first_round`` as the judge's requests state it (their ``global``), ``None`` when none does
    or they disagree."""
    said = set()
    for entry in log:
        out = entry.get("output") if isinstance(entry, dict) else None
        content = out.get("content") if isinstance(out, dict) else None
        if not isinstance(content, dict):
            continue
        for request in content.values():
            g = request.get("global") if isinstance(request, dict) else None
            value = g.get("first_round") if isinstance(g, dict) else None
            if isinstance(value, bool):
                said.add(value)
    return said.pop() if len(said) == 1 else None


def _judge(entry: Any, index: int) -> dict:
    """The ``output`` of judge entry ``index``."""
    out = entry.get("output") if isinstance(entry, dict) else None
    if not isinstance(out, dict) or out.get("command") not in ("request", "finish"):
        raise _Bad("a judge entry should have output.command 'request' or 'finish'",
                   "裁判记录应有 output.command 为 'request' 或 'finish'", index)
    return out


def _asked(out: dict, index: int) -> tuple[int, dict]:
    """The seat a request asks and its request."""
    content = out.get("content")
    if not isinstance(content, dict) or len(content) != 1:
        raise _Bad("a request should ask exactly one seat", "每个请求应只询问一个座位", index)
    (key, request), = content.items()
    if key not in ("0", "1", "2", "3") or not isinstance(request, dict):
        raise _Bad(f"a request should be keyed by a seat 0..3, not {key!r}", f"请求的键应为座位 0..3，而不是 {key!r}",
                   index)
    return int(key), request


def _response(entry: Any, seat: int, index: int) -> list[int]:
    """The card ids seat ``seat`` answered with at log ``index``."""
    answer = entry.get(str(seat)) if isinstance(entry, dict) else None
    if not isinstance(answer, dict) or "response" not in answer:
        raise _Bad(f"the entry should hold seat {seat}'s response", f"该记录应有座位 {seat} 的回应", index)
    return _ids(answer["response"], "response", index)


def _seat(value: Any) -> int | None:
    """``value`` as a seat 0..3, ``None`` when it is not one (-1, a float, true …)."""
    return value if type(value) is int and 0 <= value <= 3 else None


def _verdict(entry: Any, seat: int) -> str:
    """The platform's verdict on a seat's entry (``OK``, ``TLE``, ``RE`` …), ``?`` when absent."""
    answer = entry.get(str(seat)) if isinstance(entry, dict) else None
    verdict = answer.get("verdict") if isinstance(answer, dict) else None
    return verdict[:20] if isinstance(verdict, str) and verdict else "?"


class _Log:
    """The log walked in order: declarations, the bury, the tricks, the judge's verdicts."""

    def __init__(self, log: list, line: int = 0) -> None:
        self.log = log
        self.line = line
        """The file's line the match is on: its tricks' position, so that a violation names it."""
        self.declarations: list[Declaration] = []
        self.banking: dict = {}
        self.buried: list[int] | None = None
        self.tricks: list[Trick] = []
        self.current: list[Play] = []
        self.winners: list[int | None] = []
        self.points: int | None = 0
        """The attackers' trick points as the judge added them; ``None`` once a trick's change is not
        in the log (a judge entry without ``display.get_score``): not stated, never 0."""
        self.throws: list[tuple[int, int]] = []
        self.throws_known = True
        """Every play that could carry a throw penalty (a lead) has its ``get_score`` in the log."""
        self.total: int | None = None
        self.finish: dict | None = None
        self.error: tuple[int, str, str] | None = None
        self.stage: str | None = None
        """The stage of the last request (``deal``, ``cover``, ``play``)."""
        self.silent: tuple[int, str] | None = None
        """The seat whose entry held no response (a time-out, a crash) and its verdict."""

    def walk(self) -> None:
        log = self.log
        index = 0
        while index < len(log):
            out = _judge(log[index], index)
            if out["command"] == "finish":
                self.finish = out
                self._ended(index)
                return
            seat, request = _asked(out, index)
            stage = self.stage = request.get("stage")
            if stage not in ("deal", "cover", "play"):
                self.stage = None
                raise _Bad(f"unknown request stage {clip(json.dumps(stage), 20)}", f"未知的请求阶段 {clip(json.dumps(stage), 20)}",
                           index)
            if index + 1 >= len(log):
                raise _Bad("the log ends after a request, without the answer or the judge's finish",
                           "记录在请求之后结束，没有回应也没有裁判的结束", index)
            nxt = _judge(log[index + 2], index + 2) if index + 2 < len(log) else None
            if nxt is None:
                raise _Bad("the log ends without the judge's finish", "记录没有裁判的结束（finish）", index + 1)
            rejected = nxt["command"] == "finish" and isinstance(nxt.get("display"), dict) \
                and "error" in nxt["display"]
            try:
                answer = _response(log[index + 1], seat, index + 1)
            except _Bad:
                if not rejected:
                    raise
                self.silent = (seat, _verdict(log[index + 1], seat))    # no answer: the error that ended it
                if stage == "cover":
                    self.banking = self._global(request).get("banking", {})
                index += 2
                continue
            if stage == "deal":
                self._declare(seat, answer, request)
            elif stage == "cover":
                self.banking = self._global(request).get("banking", {})
                self.buried = answer
            else:
                self._play(seat, answer, nxt, index + 2, rejected)
            index += 2
        raise _Bad("the log has no finish entry", "记录没有结束（finish）", len(log) - 1)

    @staticmethod
    def _global(request: dict) -> dict:
        g = request.get("global")
        return g if isinstance(g, dict) else {}

    def _declare(self, seat: int, answer: list[int], request: dict) -> None:
        banking = self._global(request).get("banking")
        if isinstance(banking, dict):
            self.banking = banking
        if answer:
            self.declarations.append(Declaration(seat, _kinds(answer)))

    def _play(self, seat: int, answer: list[int], nxt: dict, index: int, rejected: bool) -> None:
        display = nxt.get("display") if isinstance(nxt.get("display"), dict) else {}
        event = display.get("event") if isinstance(display.get("event"), dict) else {}
        if rejected:
            self.current.append(Play(seat, _kinds(answer)))
            return
        accepted = _ids(event.get("poker"), "display.event.poker", index)
        change = display.get("get_score")       # absent (or null): the log does not say, never 0
        if change is not None and (isinstance(change, bool) or not isinstance(change, int)):
            raise _Bad("display.get_score should be a whole number", "display.get_score 应为整数", index)
        kinds = _kinds(accepted)
        if sorted(accepted) != sorted(answer):
            if self.current:
                raise _Bad("the judge played other cards than a follower answered",
                           "裁判打出的牌与跟牌者的回应不同", index)
            self.current.append(Play(seat, kinds, attempted=_kinds(answer)))
            if change is None:
                self.throws_known = False
            else:
                self.throws.append((len(self.tricks) + 1, change))
        else:
            self.current.append(Play(seat, kinds))
            if not self.current[1:] and change is None:
                self.throws_known = False
            elif not self.current[1:] and change:
                self.throws.append((len(self.tricks) + 1, change))    # never seen: a lead scores nothing
        if len(self.current) == 4:
            self.tricks.append(Trick(len(self.tricks) + 1, tuple(self.current), line=self.line))
            self.current = []
            if nxt["command"] == "request":
                nseat, req = _asked(nxt, index)
                self.winners.append(nseat)
                self.points = None if self.points is None or change is None else self.points + change
                self.total = self._global(req).get("total_score")
            else:
                self.winners.append(None)
        elif nxt["command"] == "request":
            self.total = self._global(_asked(nxt, index)[1]).get("total_score")

    def _ended(self, index: int) -> None:
        display = self.finish.get("display") if isinstance(self.finish.get("display"), dict) else {}
        errors = display.get("error")
        if isinstance(errors, list):
            seat = _seat(display.get("currplayer"))
            if seat is None or len(errors) != 4 or not isinstance(errors[seat], str):
                raise _Bad("an error finish should name the offender (currplayer) and its reason",
                           "出错结束应写明出错者（currplayer）及原因", index)
            where = {"deal": "declaration", "cover": "bury", None: "start"}.get(
                self.stage, f"trick {len(self.tricks) + 1}")      # play: the trick it stopped in
            self.error = (seat, errors[seat], where)
        if self.current:                # the trick the judge stopped in: it named no winner
            self.tricks.append(Trick(len(self.tricks) + 1, tuple(self.current), line=self.line))
            self.winners.append(None)
            self.current = []


def _scores(finish: dict) -> list[int] | None:
    content = finish.get("content")
    if not isinstance(content, dict):
        return None
    out = [content.get(str(s)) for s in range(4)]
    if any(isinstance(v, bool) or not isinstance(v, int) for v in out):
        return None
    return out


def _referee_tags(walk: _Log, buried: tuple[int, ...] | None) -> list[tuple[str, str]]:
    """The judge's verdicts as ``Referee:…`` tags (:data:`REFEREE_TAGS`); what the log does not
    state is left out (or ``?``), never guessed."""
    tags: list[tuple[str, str]] = []
    winners = list(walk.winners)
    points = walk.points
    finish = walk.finish or {}
    display = finish.get("display") if isinstance(finish.get("display"), dict) else {}
    if walk.error is None and walk.tricks and winners and winners[-1] is None:
        last = walk.tricks[-1]
        last_points = sum(POINTS[k] for p in last.plays for k in p.cards)
        final = display.get("get_score")
        bottom_points = sum(POINTS[k] for k in buried) if buried is not None else None
        if isinstance(final, int) and not isinstance(final, bool) and bottom_points is not None:
            side = "attackers" if final > 0 else "defenders" if (last_points or bottom_points) else None
            if side == "attackers":
                points = None if points is None else points + last_points
                bonus = final - last_points
                mult = "?" if not bottom_points or bonus % bottom_points else str(bonus // bottom_points)
                tags.append(("Referee:Bottom", f"{bottom_points} x{mult} attackers"))
            elif side == "defenders":
                tags.append(("Referee:Bottom", f"{bottom_points} x0 defenders"))
            if side is not None and points is not None:
                tags.append(("Referee:Points", str(points)))
            if isinstance(walk.total, int) and not isinstance(walk.total, bool):
                tags.append(("Referee:Total", str(walk.total + final)))
    if winners:
        tags.insert(0, ("Referee:Winners", " ".join("?" if w is None else SEAT_TOKENS[w] for w in winners)))
    if walk.throws_known:
        tags.append(("Referee:Throws", " ".join(f"{t}:{c}" for t, c in walk.throws)))
    scores = _scores(finish)
    if scores is not None:
        tags.append(("Referee:Scores", " ".join(map(str, scores))))
    if walk.error is not None:
        seat, reason, where = walk.error
        tags.append(("Referee:Error", f"{SEAT_TOKENS[seat]} {reason}; {where}"))
    if walk.silent is not None:
        tags.append(("Botzone:NoResponse", f"{SEAT_TOKENS[walk.silent[0]]} {walk.silent[1]}"))
    return tags


def match_from_botzone(obj: Any, line: int = 0, text: str = "") -> tuple[Match | None, list[Diagnostic]]:
    """One line's match (``None`` when it cannot be rebuilt) and its diagnostics."""
    diags: list[Diagnostic] = []

    def diag(code: str, en: str, zh: str, index: int | None = None) -> None:
        where_en = f"log index {index}: " if index is not None else ""
        where_zh = f"日志第 {index} 项：" if index is not None else ""
        diags.append(Diagnostic(code, bilingual(f"{where_en}{en}", f"{where_zh}{zh}"), line=line,
                                column=1 if line else 0, hand=1, text=text[:300]))

    if not _shape(obj):
        diag("json_shape", 'a Botzone match should be an object with "initdata" and a "log" list',
             'Botzone 的一场比赛应为带 "initdata" 和 "log" 列表的 JSON 对象')
        return None, diags
    try:
        hands, bottom, level, first_round, fixed = _initdata(obj)
        walk = _Log(obj["log"], line)
        walk.walk()
    except _Bad as bad:
        diag("bad_value" if bad.index is not None else "json_shape", f"{bad.en}; the match is left out",
             f"{bad.zh}；该场比赛未读入", bad.index)
        return None, diags
    if first_round is None:
        # initdata leaves it out: the judge's requests carry it too ("global": {"first_round": …})
        first_round = _requests_first_round(obj["log"])
    if first_round is None:
        diag("json_shape", "initdata.first_round is missing and no request states it: whether the deal was "
             "bid for, and so how its dealer is checked, is not known; the match is left out",
             "initdata.first_round 缺失，且没有请求写明：不知本局是否抢庄，无法核对庄家；该场比赛未读入")
        return None, diags
    banking = walk.banking if isinstance(walk.banking, dict) else {}
    banker = _seat(banking.get("banker"))
    if banker is None:
        banker = fixed
    major = banking.get("major")
    unsettled = banker is None or major not in ("s", "h", "d", "c", "n")
    if unsettled and (walk.error is None or walk.tricks):
        diag("bad_value", "the log ends before the judge fixed the banker and the trump; the match is left out",
             "记录在裁判确定庄家和主牌之前结束；该场比赛未读入")
        return None, diags
    for seat, cards in enumerate(hands):
        if len(cards) != 25:
            diag("bad_value", f"initdata.allocation gives seat {seat} {len(cards)} cards, not 25",
                 f"initdata.allocation 给座位 {seat} {len(cards)} 张牌，而不是 25 张")
    buried = _kinds(walk.buried) if walk.buried is not None else None
    tags: list[tuple[str, str]] = [("Botzone:first_round", "true" if first_round else "false")]
    if not first_round:
        tags.append(("DealerFixed", "yes"))         # the banker was fixed before the deal: not bid for
    if unsettled:             # an error during the deal ended the match before the judge fixed them
        tags.append(("Botzone:unsettled", "the match ended during the deal: the judge fixed no "
                                          + ("trump" if banker is not None else "banker and no trump")))
    elif not walk.declarations:
        tags.append(("Botzone:drawn", "the judge drew the trump (and the banker) at random: nobody declared"))
    tags.extend(_referee_tags(walk, buried))
    trump = _SUIT_OF_LETTER.get(major) if isinstance(major, str) and not unsettled else None
    # unsettled: the judge fixed no trump — unknown, never NT (docs/rules.md §14.1); and the deal stopped,
    # so "nobody declared" is not known either (the declarations made before the end are kept, stated)
    hand = Hand(number=1, dealer=banker, trump=trump, level=level, trump_known=not unsettled,
                declarations=tuple(walk.declarations),
                declarations_known=not unsettled or bool(walk.declarations),
                deal=tuple(tuple(sorted(_kinds(h))) for h in hands),
                bottom=_kinds(bottom), buried=buried, tricks=tuple(walk.tricks),
                bid_for=first_round, tags=tuple(tags), line=line)
    players = obj.get("players")
    names: list[str | None] = [None] * 4
    if isinstance(players, list) and len(players) == 4:
        for seat, p in enumerate(players):
            if isinstance(p, dict) and isinstance(p.get("bot"), str):
                names[seat] = p["bot"].strip()[:64].rstrip() or None     # without white space around; blank: not named
    match_tags: list[tuple[str, str]] = [("Source", SOURCE)]
    if isinstance(obj.get("_id"), str):
        match_tags.append(("Botzone:id", obj["_id"][:64]))
    match = Match(event="Botzone Tractor", players=tuple(names), ruleset=PRESET, levels=(level, level),
                  hands=(hand,), tags=tuple(match_tags))
    return match, diags


def parse_botzone(text: str) -> tuple[list[Match], list[Diagnostic]]:
    """Every match of a Botzone text (one per non-blank line, or one JSON document) and the diagnostics."""
    body = text.lstrip("\ufeff")
    stripped = body.strip()
    if stripped.startswith("{") and "\n" in stripped and json_too_deep(stripped) is None:
        try:
            obj = json.loads(stripped)
        except ValueError:
            obj = None
        if obj is not None:                      # one match as a (pretty-printed) JSON document
            match, diags = match_from_botzone(obj, 1, stripped.split("\n", 1)[0])
            return ([match] if match is not None else []), diags
    return parse_lines(body, match_from_botzone)


def card_token(card_id: int) -> str:
    """Our token of a Botzone card id (for messages)."""
    return TOKEN[kind_of(card_id)]

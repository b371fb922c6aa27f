"""Assembling the hands of a JSON match: a hand object's fields, its declarations and dealt
cards, and its tricks and plays, into :class:`~.model.Hand`.

A hand of the wrong shape is skipped with a ``json_shape`` diagnostic (the other hands are
kept); within a hand, a play or declaration that cannot be read is dropped with its problem.
"""
from __future__ import annotations

from typing import Any

from .cards import NUM_KINDS, SEAT_TOKENS, Card
from .deal_checks import deal_problems
from .json_fast import fast_dealt, fast_tricks
from .json_fields import MAX_POINTS, MAX_TRICK, FieldReader, Shape, as_notes, as_tags, as_text, type_name
from .json_layout import HAND_FIELDS
from .limits import MAX_HAND_NUMBER
from .model import Declaration, Hand, Play, Trick
from .words import SEAT_LOOKUP

__all__ = ["HandReader"]


class _TrickReader(FieldReader):
    """The tricks of one hand: numbers in sequence, each seat playing once, cards counted."""

    def tricks_of(self, tricks_v: Any, first_trick: int) -> list[Trick]:
        """The ``tricks`` list of a hand, the first numbered ``first_trick`` (:func:`~.json_fast.fast_tricks`
        when it takes them, else trick by trick with every check)."""
        fast = fast_tricks(tricks_v, first_trick, self.decks, self.line, self.column, self.shared_plays)
        if fast is not None:
            self.trick = None
            return fast
        if not isinstance(tricks_v, list):
            raise Shape(f"\"tricks\" should be a list, not {type_name(tricks_v)}")
        tricks = []
        played = [0] * NUM_KINDS
        expected = first_trick
        hand_path = self.path
        for j, tv in enumerate(tricks_v):
            self.path = hand_path + ("tricks", j)
            trick = self.trick_of(tv, expected, played)
            expected = trick.number + 1
            tricks.append(trick)
        self.trick = None
        self.path = hand_path
        return tricks

    def trick_of(self, tv: Any, expected: int, played: list[int]) -> Trick:
        """One trick: a list of plays, or an object with ``number``, ``plays`` and ``notes``."""
        self.trick = expected
        notes: tuple[str, ...] = ()
        number = expected
        trick_path = self.path
        if isinstance(tv, dict):
            trick_path += ("plays",)
            if "number" in tv:
                number = self.bounded(tv["number"], "a trick's \"number\"", "number", 1, MAX_TRICK, expected,
                                      "墩号", (f"numbered {expected}", f"按第 {expected} 墩处理"))
                self.trick = number
            notes = as_notes(tv.get("notes"), "a trick's \"notes\"")
            tv = tv.get("plays", [])
        if not isinstance(tv, list):
            raise Shape(f"trick {number} should be a list of plays, not {type_name(tv)}")
        if number != expected:
            self.diag("trick_sequence", f"trick {number} out of sequence (expected {expected})",
                      f"墩号 {number} 不连续：应为 {expected}")
        plays = []
        seen = 0
        for k, pv in enumerate(tv):
            self.path = trick_path + (k,)
            play = self.play_of(pv, number, seen, played)
            if play is not None:
                seen |= 1 << play.seat
                plays.append(play)
        return Trick(number, tuple(plays), notes, self.line)

    def play_of(self, pv: Any, number: int, seen: int, played: list[int]) -> Play | None:
        """One play of trick ``number`` (``None`` when it is dropped); ``seen`` holds a bit per seat
        that has played already."""
        if not isinstance(pv, dict) or "seat" not in pv or "cards" not in pv:
            raise Shape(f"a play in trick {number} should be an object {{\"seat\": \"N\", \"cards\": [...]}}")
        seat = self.seat(pv["seat"], "a play")
        if seat is None:
            return None
        if seen & (1 << seat):
            self.diag("duplicate_seat", f"seat {SEAT_TOKENS[seat]} plays twice (each seat plays once per "
                      "trick); the second play is dropped", f"座位 {SEAT_TOKENS[seat]} 在同一墩中出牌两次")
            return None
        dropped = f"the play of {SEAT_TOKENS[seat]} is dropped"
        cards, bad = self.cards(pv["cards"], f"the play of {SEAT_TOKENS[seat]}", dropped)
        attempted = None
        if pv.get("attempted") is not None:
            attempted, bad2 = self.cards(pv["attempted"], f"the throw of {SEAT_TOKENS[seat]}", dropped)
            bad = bad or bad2
        pnotes = as_notes(pv.get("notes"), "a play's \"notes\"")
        if bad:
            return None
        self.count(played, cards, f"the plays of hand {self.hand}", f"第 {self.hand} 局的出牌")
        return Play(seat, cards, attempted, pnotes, self.line, self.column)


class HandReader(_TrickReader):
    """One hand object of a match, into a :class:`~.model.Hand`."""

    def hand_of(self, hv: Any, index: int, previous: int) -> Hand | None:
        """The hand at ``index`` of ``"hands"`` (``previous``: the number of the hand before), or
        ``None`` with a ``json_shape`` diagnostic when it has the wrong shape."""
        given = hv.get("number") if isinstance(hv, dict) else None
        self.hand = given if isinstance(given, int) and abs(given) <= MAX_HAND_NUMBER else index + 1
        self.trick = None
        try:
            if not isinstance(hv, dict):
                raise Shape(f"hand {index + 1} should be a JSON object, not {type_name(hv)}")
            return self.build_hand(hv, previous)
        except Shape as exc:
            self.diag("json_shape", f"{exc}; the hand is skipped, and the next hand's levels and dealer are "
                      "not checked (the hand before it was skipped)",
                      f"JSON 结构错误（{exc}）；该局已跳过，下一局的级别和庄家不予核对（其上一局已跳过）")
            return None

    def build_hand(self, hv: dict, previous: int) -> Hand:
        """The hand of object ``hv`` (numbered ``previous + 1`` when it has no ``number``)."""
        number = previous + 1
        if "number" in hv:
            number = self.bounded(hv["number"], "\"number\"", "number", -MAX_HAND_NUMBER, MAX_HAND_NUMBER,
                                  number, "局号 \"number\"", (f"numbered {number}", f"按第 {number} 局处理"))
        self.hand = number
        dealer = None
        if hv.get("dealer") is not None:
            self.path += ("dealer",)
            dealer = self.seat(hv["dealer"], "\"dealer\"")
            self.path = self.path[:-1]
        trump, trump_known = self.trump(hv["trump"]) if hv.get("trump") is not None else (None, False)
        level = self.level(hv["level"]) if hv.get("level") is not None else None
        declarations = self.declarations(hv.get("declarations") or [])
        deal, bottom, buried, earlier = fast_dealt(hv, self.decks) or self.dealt(hv)
        friend = None
        if hv.get("friend") is not None:
            fc, bad = self.cards([as_text(hv["friend"], "\"friend\"")], "\"friend\"", "ignored")
            friend = fc[0] if fc else None
        setup = hv.get("setup", False)
        if isinstance(setup, int) and not isinstance(setup, bool) and setup in (0, 1):
            setup = bool(setup)
        if not isinstance(setup, bool):
            raise Shape(f"\"setup\" should be true or false, not {type_name(setup)}")
        points = self.bounded(hv.get("points", 0), "\"points\"", "points", 0, MAX_POINTS, None,
                              then=("the points before the position are left unknown", "残局前的得分视为未知"))
        first_trick = self.bounded(hv.get("first_trick", 1), "\"first_trick\"", "first_trick", 1, MAX_TRICK, 1,
                                   then=("read as 1", "按 1 处理"))
        points_known = not setup or first_trick == 1 or ("points" in hv and points is not None)
        points = points if points is not None else 0
        claim = (None if hv.get("claim") is None else
                 self.bounded(hv["claim"], "\"claim\"", "claim", -MAX_POINTS, MAX_POINTS, None))
        takebacks_v = hv.get("takebacks") or []
        if not isinstance(takebacks_v, list):
            raise Shape(f"\"takebacks\" should be a list of seats, not {type_name(takebacks_v)}")
        takebacks = tuple(s for s in (self.seat(v, "a take-back") for v in takebacks_v) if s is not None)
        bid_for = hv.get("bid_for", False)
        if not isinstance(bid_for, bool):
            raise Shape(f"\"bid_for\" should be true or false, not {type_name(bid_for)}")
        notes = as_notes(hv.get("notes"), "\"notes\"")
        tags = as_tags(hv, HAND_FIELDS, "hand")
        tricks = self.tricks_of(hv.get("tricks", []), first_trick)
        self.missing_fields(hv, setup)
        hand = Hand(number=number, dealer=dealer, trump=trump, level=level, declarations=tuple(declarations),
                    deal=deal, bottom=bottom, buried=buried, earlier_buries=tuple(earlier), friend=friend,
                    setup=setup, points=points, first_trick=first_trick, tricks=tuple(tricks), claim=claim,
                    notes=notes, tags=tags, takebacks=takebacks, bid_for=bid_for, line=self.line,
                    trump_known=trump_known, points_known=points_known)
        for code, en, zh, _ in deal_problems(hand):
            self.diag(code, en, zh, "deal")
        return hand

    def declarations(self, decl_v: Any) -> list[Declaration]:
        """The ``declarations`` of a hand (one whose seat or cards cannot be read is dropped)."""
        if not isinstance(decl_v, list):
            raise Shape("\"declarations\" should be a list of {\"seat\", \"cards\"} objects")
        declarations = []
        for d in decl_v:
            if not isinstance(d, dict) or "seat" not in d:
                raise Shape("each declaration should be an object {\"seat\": \"N\", \"cards\": [...]}")
            seat = self.seat(d["seat"], "a declaration")
            cards, bad = self.cards(d.get("cards", []), "a declaration", "the declaration is dropped")
            after_bottom = d.get("after_bottom", False)
            if not isinstance(after_bottom, bool):
                raise Shape("\"after_bottom\" of a declaration should be true or false")
            if seat is not None and not bad:
                declarations.append(Declaration(seat, cards, after_bottom))
        return declarations

    def dealt(self, hv: dict) -> tuple[tuple[tuple[Card, ...], ...] | None, tuple[Card, ...] | None,
                                       tuple[Card, ...] | None, list[tuple[Card, ...]]]:
        """``deal``, ``bottom``, ``buried`` and ``earlier_buries`` of a hand, copies counted."""
        dealt = [0] * NUM_KINDS
        deal = None
        deal_v = hv.get("deal")
        if deal_v is not None:
            if isinstance(deal_v, list) and len(deal_v) == 4:
                deal_v = dict(zip(SEAT_TOKENS, deal_v))
            if not isinstance(deal_v, dict):
                raise Shape("\"deal\" should be an object {\"N\": [cards], \"E\": …}")
            deal_l: list[tuple[Card, ...]] = [(), (), (), ()]
            for key, cv in deal_v.items():
                seat = SEAT_LOOKUP.get(key)
                if seat is None:
                    raise Shape(f"\"deal\" has key {key!r} (expected N, E, S, W)")
                deal_l[seat] = self.cards(cv, f"deal.{key}", "left out of the deal")[0]
                self.count(dealt, deal_l[seat], "the deal and bottom", "发牌和底牌")
            deal = tuple(deal_l)
        bottom = buried = None
        if hv.get("bottom") is not None:
            bottom = self.cards(hv["bottom"], "\"bottom\"", "left out of the bottom")[0]
            self.count(dealt, bottom, "the deal and bottom", "发牌和底牌")
        if hv.get("buried") is not None:
            buried = self.cards(hv["buried"], "\"buried\"", "left out of the buried cards")[0]
            self.count([0] * NUM_KINDS, buried, "the buried cards", "埋底的牌")
        earlier: list[tuple[Card, ...]] = []
        if hv.get("earlier_buries") is not None:      # 炒地皮: the buries before the last one
            ev = hv["earlier_buries"]
            if not isinstance(ev, list) or buried is None:
                raise Shape("\"earlier_buries\" should be a list of card lists, beside \"buried\" "
                            "(the last bury)")
            for i, cv in enumerate(ev):
                earlier.append(self.cards(cv, f"earlier_buries[{i}]", "left out of the buried cards")[0])
                self.count([0] * NUM_KINDS, earlier[-1], "the buried cards", "埋底的牌")
        return deal, bottom, buried, earlier

    def missing_fields(self, hv: dict, setup: bool) -> None:
        """``missing_tag`` for a played hand without ``dealer`` or ``trump``, a position without ``trump``."""
        if "dealer" not in hv and not setup:
            self.diag("missing_tag", "no \"dealer\" (expected e.g. \"dealer\": \"N\"; the dealer may be "
                      "inferable from the previous hand, but the record should say)",
                      "缺少庄家 \"dealer\"（应如 \"dealer\": \"N\"；庄家或可由上一局推出，但记录应写明）")
        if hv.get("trump") is None:
            self.diag("missing_tag", "no \"trump\" (expected e.g. \"trump\": \"H\" or \"NT\"): the trump is "
                      "unknown, so no play of the hand is judged",
                      "缺少主牌花色 \"trump\"（应如 \"trump\": \"H\" 或 \"NT\"）：主牌未知，本局出牌一概不予判定")

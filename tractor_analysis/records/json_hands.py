"""Assembling the hands of a JSON match: a hand object's fields, its declarations and dealt
cards, and its tricks and plays, into :class:`~.model.Hand`.

A hand of the wrong shape is skipped with a ``json_shape`` diagnostic (the other hands are
kept); within a hand, a play or declaration that cannot be read is dropped with its problem.
"""
from __future__ import annotations

import json
from typing import Any, Sequence

from .cards import NUM_KINDS, PRETTY, SEAT_TOKENS, Card
from .deal_checks import deal_problems
from .diagnostics import TRUMP_NOT_STATED, clip, dealer_derived_from, decks_en
from . import json_fast
from .json_fast import fast_dealt, fast_declarations, fast_tricks
from .json_fields import (MAX_POINTS, MAX_TRICK, FieldReader, Shape, as_notes, as_tags, as_text, shape_zh,
                          type_name, zh_type)
from .json_layout import DECLARATION_FIELDS, HAND_FIELDS, PLAY_FIELDS, TRICK_FIELDS
from .limits import MAX_HAND_NUMBER
from .model import Declaration, Hand, Play, Trick
from .throw_copies import returned_words
from .trick_order import misplaced, misplaced_words
from .words import SEAT_LOOKUP

__all__ = ["HandReader"]


def _not_known(v: Any) -> bool:
    """``"?"``: a hand's ``dealer``, ``trump``, ``level``, ``points``, ``claim`` or ``friend`` the record does
    not know (docs/format.md): read as the field left out."""
    return isinstance(v, str) and v.strip() == "?"


def _follow_thrown(tricks: list[Trick]) -> bool:
    """A play after a trick's first carries ``attempted`` (a follow written as a failed throw): the fast
    path takes it, the detailed path reports and drops it (:meth:`_TrickReader.follow_as_throw`)."""
    return any(p.attempted is not None for t in tricks for p in t.plays[1:])


def _not_a(v: Any, needs: tuple[str, ...]) -> str:
    """What ``v`` is, where an object with the fields ``needs`` was expected (for messages)."""
    if not isinstance(v, dict):
        return type_name(v)
    return "an object without " + " or ".join(f'"{k}"' for k in needs if k not in v)


def _not_a_zh(v: Any, needs: tuple[str, ...]) -> str:
    """:func:`_not_a` in Chinese."""
    if not isinstance(v, dict):
        return zh_type(v)
    return "缺少 " + " 或 ".join(f'"{k}"' for k in needs if k not in v) + " 的对象"


def deal_unread(deal_v: Any, deal: tuple[tuple[Card, ...], ...] | None) -> tuple[tuple[int, int], ...]:
    """:attr:`~.model.Hand.deal_unread` of a hand whose ``"deal"`` is ``deal_v`` and reads as ``deal``: for
    each seat, the entries of its list (or words of its string) that gave no card — each an ``unknown_card``,
    a card of the seat whose kind is not known —, in seat order, the seats with none left out.  (The reader
    raised on anything else ``deal_v`` could be.)"""
    if deal is None or not isinstance(deal_v, dict):
        return ()
    given: dict[int, int] = {}
    for key, cv in deal_v.items():      # a seat named twice: the later list is the one read, as in dealt
        seat = SEAT_LOOKUP.get(key)
        if seat is not None:
            given[seat] = len(cv.split()) if isinstance(cv, str) else len(cv) if isinstance(cv, list) else 0
    return tuple((s, given[s] - len(deal[s])) for s in sorted(given) if given[s] > len(deal[s]))


def _tokens(cv: Any) -> int:
    """How many cards a card list (or a string of them) gives, read or not."""
    return len(cv.split()) if isinstance(cv, str) else len(cv) if isinstance(cv, list) else 0


def aside_unread(hv: dict, bottom: tuple[Card, ...] | None, buried: tuple[Card, ...] | None,
                 earlier: Sequence[tuple[Card, ...]]) -> tuple[tuple[str, int], ...]:
    """:attr:`~.model.Hand.aside_unread` of hand object ``hv`` whose ``"bottom"``, ``"buried"`` and
    ``"earlier_buries"`` read as ``bottom``, ``buried`` and ``earlier``: the entries (or words) of each that
    gave no card, each an ``unknown_card`` (the buries counted together, as the ``.tgn`` ``Buried:`` line
    holds them all)."""
    out: list[tuple[str, int]] = []
    if bottom is not None and _tokens(hv.get("bottom")) > len(bottom):
        out.append(("bottom", _tokens(hv.get("bottom")) - len(bottom)))
    if buried is not None:
        ev = hv.get("earlier_buries")
        n = _tokens(hv.get("buried")) - len(buried) + sum(
            _tokens(v) - len(c) for v, c in zip(ev if isinstance(ev, list) else (), earlier))
        if n > 0:
            out.append(("buried", n))
    return tuple(out)


def _written_numbers(tricks_v: Any) -> list[int] | None:
    """The ``number`` of each trick of a ``tricks`` list, when every one is a trick object whose number is a
    whole number in range (a trick read in its number's place: :mod:`.trick_order`); else ``None``."""
    if not isinstance(tricks_v, list):
        return None
    out = []
    for tv in tricks_v:
        n = tv.get("number") if type(tv) is dict else None
        if type(n) is not int or not 0 < n <= MAX_TRICK:
            return None
        out.append(n)
    return out


def _trick_number(trick: Trick) -> int:
    return trick.number


class _TrickReader(FieldReader):
    """The tricks of one hand: numbers in sequence, each seat playing once, cards counted."""

    def tricks_of(self, tricks_v: Any, first_trick: int) -> list[Trick]:
        """The ``tricks`` list of a hand, the first numbered ``first_trick`` (:func:`~.json_fast.fast_tricks`
        when it takes them, else trick by trick with every check)."""
        self.plays_unread: list[tuple[int, int, int]] = []     # (trick, seat, plays read before it): not read
        self.throws_after_lead: list[tuple[int, Play]] = []      # (trick, the play as written): a follow as a throw
        fast = fast_tricks(tricks_v, first_trick, self.decks, self.line, self.column, self.shared_plays)
        if fast is not None and not _follow_thrown(fast):
            self.trick = None
            return fast
        if not isinstance(tricks_v, list):
            raise Shape(f"\"tricks\" should be a list, not {type_name(tricks_v)}", "tricks",
                        zh=f"\"tricks\" 应为列表，而不是{zh_type(tricks_v)}")
        tricks = []
        self.tricks_read = tricks       # (what a too_many_copies looks back on: :mod:`.throw_copies`)
        played = [0] * NUM_KINDS
        expected = first_trick
        hand_path = self.path
        kept = self.copies_left_out(tricks_v, hand_path)
        numbers = _written_numbers([tricks_v[j] for j in kept])
        moved = None if numbers is None else misplaced(numbers, first_trick)
        slot = None         # the number the trick before was expected to have, when it was out of sequence
        for i, j in enumerate(kept):
            tv = tricks_v[j]
            self.path = hand_path + ("tricks", j)
            if moved is not None:
                expected = numbers[i]           # read in number order below: no number is out of sequence
            elif slot is not None and numbers is not None and numbers[i] == slot + 1:
                expected = numbers[i]           # 14, 51, 16: a typo for 15 is reported once, at the typo
            if i and self.repeated_trick(tv, tricks_v[kept[i - 1]], tricks[-1], expected, played):
                continue                        # the trick before copied again, as the decks prove: read once
            trick = self.trick_of(tv, expected, played)
            slot = expected if trick.number != expected else None
            expected = trick.number + 1
            tricks.append(trick)
        if moved is not None:
            for i in moved:
                self.path, self.trick = hand_path + ("tricks", kept[i]), numbers[i]
                self.diag("trick_sequence", *misplaced_words(numbers[i], first_trick, len(numbers), None), "number")
            tricks.sort(key=_trick_number)
        self.trick = None
        self.path = hand_path
        return tricks

    def copies_left_out(self, tricks_v: list, hand_path: tuple) -> list[int]:
        """The places in ``tricks_v`` of the tricks to read: a trick object written twice in a row, word for word,
        its ``"number"`` too, is the same trick copied again (a trick is played once; its number says which) —
        ``trick_sequence`` at the copy, read once (as the ``.tgn`` reader reads such a line)."""
        kept = []
        for j, tv in enumerate(tricks_v):
            if j and type(tv) is dict and "number" in tv and tv == tricks_v[j - 1]:
                self.path = hand_path + ("tricks", j)
                n = tv["number"]
                self.trick = n if type(n) is int and 0 < n <= MAX_TRICK else None
                self.diag("trick_sequence", f"trick {clip(json.dumps(n, ensure_ascii=False), 20)} is written twice "
                          "in a row, word for word, its \"number\" too: the same trick copied again; read once",
                          f"第 {clip(json.dumps(n, ensure_ascii=False), 20)} 轮连续写了两次（逐字相同，\"number\" "
                          "也相同）：同一轮重复抄写；只读一次", "number")
                continue
            kept.append(j)
        self.trick = None
        return kept

    def repeated_trick(self, tv: Any, before_v: Any, before: Trick, expected: int, played: list[int]) -> bool:
        """``tv``, a trick whose plays repeat those of the trick before (``before_v`` as written, ``before`` as
        read) word for word — every seat, the same cards, in the same order, each a plain ``{"seat", "cards"}``,
        no notes — under another number, where read as a trick of its own it would put more copies of a card in
        the hand's plays than the decks hold (copies leads shaped as failed throws may have returned do not count:
        :mod:`.throw_copies`): the same trick copied again, which the decks prove — ``trick_sequence``, read once,
        its cards not counted (the ``.tgn`` reader's rule for such a line).  ``False`` (nothing said) otherwise:
        two tricks with the same plays within the decks are two tricks."""
        plays_v, before_plays = (tv.get("plays") if type(tv) is dict and tv.keys() <= {"number", "plays"} else tv,
                                 before_v.get("plays") if type(before_v) is dict else before_v)
        if (type(plays_v) is not list or not plays_v or plays_v != before_plays or len(before.plays) != len(plays_v)
                or any(type(p) is not dict or p.keys() != {"seat", "cards"} for p in plays_v)
                or any(p.attempted is not None for p in before.plays)):
            return False
        counts: dict[int, int] = {}
        for p in before.plays:
            for k in p.cards:
                counts[k] = counts.get(k, 0) + 1
        earlier = [(t.number, t.plays) for t in self.tricks_read]
        over = [(k, played[k] + c) for k, c in sorted(counts.items()) if played[k] <= self.decks < played[k] + c
                and not any(returned_words(earlier, k, played[k] + c - self.decks, p.seat, json=True)
                            for p in before.plays if k in p.cards)]
        if not over:
            return False
        n = tv.get("number", expected) if type(tv) is dict else expected
        self.trick = before.number
        copies_en = ", ".join(f"{c} copies of {PRETTY[k]}" for k, c in over)
        copies_zh = "、".join(f"{c} 张 {PRETTY[k]}" for k, c in over)
        self.diag("trick_sequence", f"trick {clip(json.dumps(n, ensure_ascii=False), 20)} repeats the plays of "
                  f"trick {before.number} word for word (every seat, the same cards, in the same order); read as a "
                  f"trick of its own it would put {copies_en} in the plays of hand {self.hand}, but "
                  f"{decks_en(self.decks, 'hold')} only {self.decks}: the same trick copied again; read once, as "
                  f"trick {before.number}",
                  f"第 {clip(json.dumps(n, ensure_ascii=False), 20)} 轮逐字重复了第 {before.number} 轮的出牌（各家、"
                  f"牌张、顺序均相同）；若作为单独一轮读取，第 {self.hand} 局的出牌中将有 {copies_zh}，而 {self.decks} "
                  f"副牌只有 {self.decks} 张：同一轮重复抄写；只读一次，按第 {before.number} 轮")
        self.trick = None
        return True

    def trick_of(self, tv: Any, expected: int, played: list[int]) -> Trick:
        """One trick: a list of plays, or an object with ``number``, ``plays`` and ``notes``."""
        self.trick = expected
        notes: tuple[str, ...] = ()
        number = expected
        trick_path = self.path
        if isinstance(tv, dict):
            self.trick_object(tv)
            trick_path += ("plays",)
            if "number" in tv:
                number = self.bounded(tv["number"], "a trick's \"number\"", "number", 1, MAX_TRICK, expected,
                                      "轮次", (f"numbered {expected}", f"按第 {expected} 轮处理"))
                self.trick = number
            notes = as_notes(tv.get("notes"), "a trick's \"notes\"", "notes")
            tv = tv["plays"]
            if not isinstance(tv, list):
                raise Shape(f"the \"plays\" of trick {number} should be a list of plays, not {type_name(tv)}",
                            "plays", zh=f"第 {number} 轮的 \"plays\" 应为出牌列表，而不是{zh_type(tv)}")
        if not isinstance(tv, list):
            raise Shape(f"trick {number} should be a list of plays, not {type_name(tv)}",
                        zh=f"第 {number} 轮应为出牌列表，而不是{zh_type(tv)}")
        if not tv:
            self.path = trick_path
            self.diag("json_shape", f"trick {number} has no plays (expected a list of plays "
                      "[{\"seat\": \"N\", \"cards\": [...]}, …])",
                      f"第 {number} 轮没有出牌（应为出牌列表 [{{\"seat\": \"N\", \"cards\": [...]}}, …]）")
        if number != expected:
            self.diag("trick_sequence", f"trick {number} out of sequence (expected {expected})",
                      f"轮次 {number} 不连续：应为 {expected}")
        plays = []
        seen = 0
        for k, pv in enumerate(tv):
            self.path = trick_path + (k,)
            play = self.play_of(pv, number, seen, played, k > 0)
            if play is not None:
                seen |= 1 << play.seat
                plays.append(play)
        return Trick(number, tuple(plays), notes, self.line)

    def trick_object(self, tv: dict) -> None:
        """A trick written as an object: ``plays`` it must have, other fields than ``number``, ``plays``
        and ``notes`` it may not (``{"0": {…}, "1": {…}}`` is not a trick: it would read as empty)."""
        extra = [k for k in tv if k not in TRICK_FIELDS]
        if "plays" in tv and not extra:
            return
        shown = ", ".join(json.dumps(k, ensure_ascii=False) for k in (extra or list(tv))[:4]) or "none"
        no_plays = ("no \"plays\"; its fields: " if "plays" not in tv else "the fields ")
        no_plays_zh = ("没有 \"plays\"；其字段：" if "plays" not in tv else "有多余的字段 ")
        raise Shape("a trick written as an object should be {\"number\": …, \"plays\": [...], \"notes\": [...]} "
                    f"(a trick is a list of plays, or that object); this one has {no_plays}{shown}",
                    zh="写成对象的一轮应为 {\"number\": …, \"plays\": [...], \"notes\": [...]}（一轮是出牌列表，"
                    f"或这种对象）；此对象{no_plays_zh}{shown}")

    def unknown_fields(self, obj: dict, known: tuple[str, ...], what: str, what_zh: str) -> None:
        """``json_shape`` for each field of ``obj`` that a ``what`` does not have (it is ignored)."""
        for key in obj:
            if key not in known:
                shown = clip(json.dumps(key, ensure_ascii=False), 40)
                self.diag("json_shape", f"{what} has no field {shown} (its fields: {', '.join(known)}); ignored",
                          f"{what_zh}没有字段 {shown}（其字段为 {', '.join(known)}）；已忽略", key)

    def play_of(self, pv: Any, number: int, seen: int, played: list[int], follows: bool = False) -> Play | None:
        """One play of trick ``number`` (``None`` when it is dropped); ``seen`` holds a bit per seat
        that has played already; ``follows``: a play is written before it (it cannot be a failed throw)."""
        if not isinstance(pv, dict) or "seat" not in pv or "cards" not in pv:
            raise Shape(f"a play in trick {number} should be an object {{\"seat\": \"N\", \"cards\": [...]}}, not "
                        f"{_not_a(pv, ('seat', 'cards'))}",
                        zh=f"第 {number} 轮的出牌应为对象 {{\"seat\": \"N\", \"cards\": [...]}}，而不是"
                        f"{_not_a_zh(pv, ('seat', 'cards'))}")
        self.unknown_fields(pv, PLAY_FIELDS, "a play", "出牌")
        seat = self.seat(pv["seat"], "a play", "seat")
        if seat is None:
            return None
        if seen & (1 << seat):
            self.diag("duplicate_seat", f"seat {SEAT_TOKENS[seat]} plays twice (each seat plays once per "
                      "trick); the second play is dropped",
                      f"座位 {SEAT_TOKENS[seat]} 在同一轮中出牌两次（每家每轮只出一次牌）；第二次已舍弃")
            return None
        if pv["cards"] == "?" and pv.get("attempted") is None:   # the record does not know the play: no problem
            self.plays_unread.append((number, seat, seen.bit_count()))
            return None
        dropped = f"the play of {SEAT_TOKENS[seat]} is dropped"
        cards, bad = self.cards(pv["cards"], f"the play of {SEAT_TOKENS[seat]}", dropped, "cards", play=True)
        attempted = None
        if pv.get("attempted") is not None:
            attempted, bad2 = self.cards(pv["attempted"], f"the throw of {SEAT_TOKENS[seat]}", dropped,
                                         "attempted", play=True)
            bad = bad or bad2
        pnotes = as_notes(pv.get("notes"), "a play's \"notes\"", "notes")
        if attempted is not None and follows:
            self.follow_as_throw(seat, number, pv)
            self.plays_unread.append((number, seat, seen.bit_count()))
            if not bad:
                self.throws_after_lead.append((number, Play(seat, cards, attempted, pnotes, self.line, self.column)))
            return None
        if not bad and not cards:       # "cards": [] — the seat written, its cards not: a play that cannot be read
            self.diag("bad_value", f"the play of {SEAT_TOKENS[seat]} gives no card (expected \"cards\": a list of "
                      "one card or more); read as a play that could not be read",
                      f"{SEAT_TOKENS[seat]} 的出牌没有牌（\"cards\" 应为一张或多张牌的列表）；按无法读取的出牌处理")
            bad = True
        if bad:
            self.plays_unread.append((number, seat, seen.bit_count()))
            return None
        self.count(played, cards, f"the plays of hand {self.hand}", f"第 {self.hand} 局的出牌", seat)
        return Play(seat, cards, attempted, pnotes, self.line, self.column)

    def returned(self, seat: int, kind: int, over: int) -> tuple[str, str] | None:
        """What a ``too_many_copies`` of ``kind`` at a play of ``seat`` adds when leads shaped as failed throws
        written without ``"attempted"`` among the tricks read before may have returned the ``over`` copies past
        the decks (:mod:`.throw_copies`)."""
        return returned_words([(t.number, t.plays) for t in self.tricks_read], kind, over, seat, json=True)

    def follow_as_throw(self, seat: int, number: int, pv: dict) -> None:
        """A follow written as a failed throw (``"attempted"`` on a play after the first): only the lead can
        be a failed throw (a throw is a lead, docs/rules.md §4.4), so what the seat played is not known —
        neither ``"attempted"`` nor ``"cards"`` is taken (either would be a guess): the play is dropped and
        read as left out (§14.1), as ``tgn_tricks._follow_as_throw`` reads ``N: H4 -> H5``."""
        s = SEAT_TOKENS[seat]
        shown = " ".join(map(str, pv["attempted"])) if isinstance(pv["attempted"], list) else str(pv["attempted"])
        shown += " -> " + (" ".join(map(str, pv["cards"])) if isinstance(pv["cards"], list) else str(pv["cards"]))
        shown = repr(shown if len(shown) <= 40 else shown[:40] + "…")
        self.diag("bad_value", f"{s}'s play in trick {number} is written as a failed throw (\"attempted\": {shown}) "
                  f"after another play: read leader first, {s} follows, and only the lead can be a failed throw, so "
                  f"which cards {s} played is not known; the play is dropped and read as left out (neither "
                  f"\"attempted\" nor \"cards\" is taken) — where {s} may have led the trick, the hand is judged with "
                  "the throw as its lead too (docs/rules.md §14.1)",
                  f"第 {number} 轮 {s} 的出牌写成了甩牌失败（\"attempted\"：{shown}），写在另一家的出牌之后：按首出者在前读，"
                  f"{s} 是跟牌，而只有首家的出牌才可能是甩牌失败，因此不知 {s} 实际出了哪些牌；该出牌已舍弃，按缺失的出牌处理"
                  f"（\"attempted\" 与 \"cards\" 都不采用）——若 {s} 可能是该轮首家，本局也按该甩牌为首出判定一次"
                  "（docs/rules.md §14.1）", "attempted")


class HandReader(_TrickReader):
    """One hand object of a match, into a :class:`~.model.Hand`."""

    def hand_of(self, hv: Any, index: int, previous: int, followed: bool = False) -> Hand | None:
        """The hand at ``index`` of ``"hands"`` (``previous``: the number of the hand before; ``followed``:
        hands come after it), or ``None`` with a ``json_shape`` diagnostic when it has the wrong shape."""
        given = hv.get("number") if isinstance(hv, dict) else None
        # (a bool is an int in Python, but JSON's true is no hand number: named by its place, as "one" is)
        whole = isinstance(given, int) and not isinstance(given, bool)
        self.hand = given if whole and abs(given) <= MAX_HAND_NUMBER else index + 1
        self.trick = None
        try:
            if not isinstance(hv, dict):
                raise Shape(f"hand {index + 1} should be a JSON object, not {type_name(hv)}",
                            zh=f"第 {index + 1} 局应为 JSON 对象，而不是{zh_type(hv)}")
            hand = self.build_hand(hv, previous)
            if followed and not hand.tricks and hand.deal is not None and not hand.result_only and not hand.setup:
                self.no_tricks(hv)
            if (followed and not hand.tricks and hand.deal is None and hand.bottom is None and hand.buried is None
                    and not hand.result_only and not hand.setup):
                self.tags_only(index)
            return hand
        except Shape as exc:
            self.path += exc.at
            self.diag("json_shape", f"{exc}; the hand is skipped, and the next hand's levels and dealer are "
                      "not checked (the hand before it was skipped)",
                      f"JSON 结构错误（{shape_zh(exc)}）；该局已跳过，下一局的级别和庄家不予核对（其上一局已跳过）")
            return None

    def no_tricks(self, hv: dict) -> None:
        """A played hand (not a score sheet's, nor a position) with its deal and no trick, the record going on
        after it: its tricks are left out, not a record that ends there (``tgn_reader._no_trick_line``)."""
        self.diag("missing_tricks", "no trick (\"tricks\" empty or left out), and the record goes on after it: its "
                  "play is not recorded, so none of it is judged and the hand has no result; give its \"tricks\", "
                  "or, for a hand kept as its result alone, \"result_only\": true and its \"claim\"",
                  "没有任何一轮（\"tricks\" 为空或缺失），而记录在其后仍继续：本局出牌未记录，因此一概不予判定，本局也没有结果；"
                  "请写上其 \"tricks\"，若本局只记结果，则写 \"result_only\": true 及其 \"claim\"",
                  "tricks" if "tricks" in hv else None)

    def tags_only(self, index: int) -> None:
        """A hand (not a score sheet's, nor a position) of tags alone — no ``"deal"``, no ``"bottom"`` /
        ``"buried"``, no trick —, the record going on after it: a hand object typed and nothing written in it
        of its deal or play (``tgn_reader._tags_only``).  Read as it stands (nothing judged, no result), said at
        the hand object (``index``: its place in ``"hands"``), naming where the next one begins."""
        line, column = self.position(self.prefix + ("hands", index + 1)) if self.source is not None else (0, 0)
        at, at_zh = (f" (the next hand object is at line {line}, column {column})",
                     f"（下一局的对象在第 {line} 行第 {column} 列）") if line else ("", "")
        self.diag("tags_only_hand", f"tags but no \"deal\" and no \"tricks\", and the record goes on after it{at}: "
                  "nothing of its deal or play is recorded, so none of it is judged and the hand has no result; give "
                  "its \"deal\" and \"tricks\", or, for a hand kept as its result alone, \"result_only\": true and "
                  "its \"claim\"",
                  f"只有标签，没有 \"deal\" 和 \"tricks\"，而记录在其后仍继续{at_zh}：本局的发牌与出牌都未记录，"
                  "因此一概不予判定，本局也没有结果；请写上其 \"deal\" 与 \"tricks\"，若本局只记结果，则写 "
                  "\"result_only\": true 及其 \"claim\"")

    def build_hand(self, hv: dict, previous: int) -> Hand:
        """The hand of object ``hv`` (numbered ``previous + 1`` when it has no ``number``): a plain hand
        whole in C (:func:`~.json_fast.fast_hand`), anything else field by field below."""
        if json_fast.fast_hand is not None:
            hand = json_fast.fast_hand(hv, previous, self.decks, self.line, self.column, self.shared_plays)
            if hand is not None:
                self.hand = hand.number
                for code, en, zh, _ in deal_problems(hand, self.decks):
                    self.diag(code, en, zh, "deal")
                return hand
        number, number_known = previous + 1, False
        if "number" in hv:      # (a whole number, or a string of digits; out of range: numbered as if absent)
            given = self.bounded(hv["number"], "\"number\"", "number", -MAX_HAND_NUMBER, MAX_HAND_NUMBER,
                                 None, "局号 \"number\"", (f"numbered {number}", f"按第 {number} 局处理"))
            if given is not None:
                number, number_known = given, True
        self.hand = number
        dealer = None
        # "?": the record does not know the dealer, or the trump (the writers put it): unknown, as the field
        # left out, but no problem — the record says what it knows (null is an absent field: missing)
        if hv.get("dealer") is not None and not _not_known(hv["dealer"]) and not isinstance(hv["dealer"], str):
            # a number, true/false, a list, an object: no seat read, none guessed (the dealer not known)
            self.not_text(hv["dealer"], "dealer", ('a seat string "N", "E", "S" or "W"', '座位字符串 "N"、"E"、"S" 或 "W"'),
                          ("the dealer is read as not known", "按庄家未知处理"))
        elif hv.get("dealer") is not None and not _not_known(hv["dealer"]):
            self.path += ("dealer",)
            dealer = self.seat(hv["dealer"], "\"dealer\"")
            self.path = self.path[:-1]
        trump, trump_known = (self.trump(hv["trump"]) if hv.get("trump") is not None and not _not_known(hv["trump"])
                              else (None, False))
        # a dealer or trump written but not read (a value that names nothing, or of the wrong type): its place, as a
        # .tgn hand keeps its tag's — the engine then says the fact derived "not read", not "not stated"
        unread = tuple((key, *self.position(self.path + (key,))) for key, known in
                       (("dealer", dealer is not None), ("trump", trump_known))
                       if not known and hv.get(key) is not None and not _not_known(hv[key]))
        # "?": the level is not known — as the field left out (derived from "levels" and the hands before
        # where they fix it, else unknown), no problem
        level = self.level(hv["level"]) if hv.get("level") is not None and not _not_known(hv["level"]) else None
        declarations, declarations_known = self.declarations(hv.get("declarations"))
        deal, bottom, buried, earlier = fast_dealt(hv, self.decks) or self.dealt(hv)
        friend = None
        if hv.get("friend") is not None and not _not_known(hv["friend"]):     # "?": the card is not known
            fc, bad = self.cards([as_text(hv["friend"], "\"friend\"", "friend")], "\"friend\"", "ignored", "friend")
            friend = fc[0] if fc else None
        setup = hv.get("setup", False)
        if isinstance(setup, int) and not isinstance(setup, bool) and setup in (0, 1):
            setup = bool(setup)
        if not isinstance(setup, bool):
            raise Shape(f"\"setup\" should be true or false, not {type_name(setup)}", "setup",
                        zh=f"\"setup\" 应为 true 或 false，而不是{zh_type(setup)}")
        # "points" or "claim" "?": not known, as the field left out (no problem; a score sheet's hand says so)
        points = None if _not_known(hv.get("points")) else self.bounded(
            hv.get("points", 0), "\"points\"", "points", 0, MAX_POINTS, None,
            then=("the points before the position are left unknown", "残局前的得分视为未知"))
        first_trick = self.bounded(hv.get("first_trick", 1), "\"first_trick\"", "first_trick", 1, MAX_TRICK, 1,
                                   then=("read as 1", "按 1 处理"))
        points_known = not setup or ("points" in hv and points is not None)
        points = points if points is not None else 0
        claim = (None if hv.get("claim") is None or _not_known(hv["claim"]) else
                 self.bounded(hv["claim"], "\"claim\"", "claim", -MAX_POINTS, MAX_POINTS, None, digits=False))
        takebacks_v = hv.get("takebacks")
        if takebacks_v is None:
            takebacks_v = []
        if not isinstance(takebacks_v, list):
            raise Shape(f"\"takebacks\" should be a list of seats, not {type_name(takebacks_v)}", "takebacks",
                        zh=f"\"takebacks\" 应为座位的列表，而不是{zh_type(takebacks_v)}")
        # "?" is one take-back whose seat is not known, without a diagnostic (the writers put it); a word
        # that is no seat is kept, its seat None and the word in takebacks_unread — not sure to be one
        # take-back — (never dropped: the engine then withholds what its level penalty decides)
        takebacks = tuple(None if v == "?" else self.seat(v, "a take-back", "takebacks", i)
                          for i, v in enumerate(takebacks_v))
        takebacks_unread = tuple(v for v, s in zip(takebacks_v, takebacks) if s is None and v != "?")
        bid_for = hv.get("bid_for", False)
        bid_for_known = bid_for is not None         # null: whether the deal was bid for is not known
        if bid_for is None:
            bid_for = False
        elif not isinstance(bid_for, bool):
            raise Shape(f"\"bid_for\" should be true, false or null (not known), not {type_name(bid_for)}",
                        "bid_for", zh=f"\"bid_for\" 应为 true、false 或 null（未知），而不是{zh_type(bid_for)}")
        result_only = hv.get("result_only", False)
        if not isinstance(result_only, bool):
            raise Shape(f"\"result_only\" should be true or false, not {type_name(result_only)}", "result_only",
                        zh=f"\"result_only\" 应为 true 或 false，而不是{zh_type(result_only)}")
        notes = as_notes(hv.get("notes"), "\"notes\"", "notes")
        tags = as_tags(hv, HAND_FIELDS, "hand")
        self.typed_tags(hv, tags)
        tricks = self.tricks_of(hv.get("tricks", []), first_trick)
        if result_only:
            result_only = self.check_result_only(hv, number, tricks, deal, bottom, buried, setup, dealer, claim)
        else:
            self.missing_fields(hv, setup, number)
        hand = Hand(number=number, dealer=dealer, trump=trump, level=level, declarations=tuple(declarations),
                    declarations_known=declarations_known,
                    deal=deal, bottom=bottom, buried=buried, earlier_buries=tuple(earlier), friend=friend,
                    setup=setup, points=points, first_trick=first_trick, tricks=tuple(tricks), claim=claim,
                    notes=notes, tags=tags, takebacks=takebacks, takebacks_unread=takebacks_unread, bid_for=bid_for,
                    bid_for_known=bid_for_known,
                    result_only=result_only,
                    line=self.line, trump_known=trump_known, points_known=points_known,
                    number_known=number_known, deal_unread=deal_unread(hv.get("deal"), deal),
                    aside_unread=aside_unread(hv, bottom, buried, earlier), plays_unread=tuple(self.plays_unread),
                    throws_after_lead=tuple(self.throws_after_lead), positions=unread)
        for code, en, zh, _ in deal_problems(hand, self.decks):
            self.diag(code, en, zh, "deal")
        return hand

    def declarations(self, decl_v: Any) -> tuple[list[Declaration], bool]:
        """The ``declarations`` of a hand (one whose seat or cards cannot be read is dropped), and
        whether they are known: given, none dropped."""
        if decl_v is None:
            return [], False
        if type(decl_v) is list:
            fast = fast_declarations(decl_v)
            if fast is not None:
                return fast, True
        if not isinstance(decl_v, list):
            raise Shape(f"\"declarations\" should be a list of {{\"seat\", \"cards\"}} objects, not "
                        f"{type_name(decl_v)}", "declarations",
                        zh=f"\"declarations\" 应为 {{\"seat\", \"cards\"}} 对象的列表，而不是{zh_type(decl_v)}")
        declarations = []
        hand_path = self.path
        for i, d in enumerate(decl_v):
            if not isinstance(d, dict) or "seat" not in d or "cards" not in d:
                raise Shape("each declaration should be an object {\"seat\": \"N\", \"cards\": [...]}, not "
                            f"{_not_a(d, ('seat', 'cards'))}", "declarations", i,
                            zh="每个亮主应为对象 {\"seat\": \"N\", \"cards\": [...]}，而不是"
                            f"{_not_a_zh(d, ('seat', 'cards'))}")
            self.path = hand_path + ("declarations", i)
            self.unknown_fields(d, DECLARATION_FIELDS, "a declaration", "亮主")
            seat = self.seat(d["seat"], "a declaration", "seat")
            cards, bad = self.cards(d["cards"], "a declaration", "the declaration is dropped", "cards")
            after_bottom = d.get("after_bottom", False)
            if not isinstance(after_bottom, bool):
                raise Shape("\"after_bottom\" of a declaration should be true or false", "after_bottom",
                            zh="亮主的 \"after_bottom\" 应为 true 或 false")
            self.path = hand_path
            if seat is not None and not bad:
                declarations.append(Declaration(seat, cards, after_bottom))
        return declarations, len(declarations) == len(decl_v)

    def dealt(self, hv: dict) -> tuple[tuple[tuple[Card, ...], ...] | None, tuple[Card, ...] | None,
                                       tuple[Card, ...] | None, list[tuple[Card, ...]]]:
        """``deal``, ``bottom``, ``buried`` and ``earlier_buries`` of a hand, copies counted."""
        dealt = [0] * NUM_KINDS
        deal = None
        deal_v = hv.get("deal")
        if deal_v is not None:
            if not isinstance(deal_v, dict):     # a list of four fixes no seat order (docs/format.md)
                listed = isinstance(deal_v, list)
                raise Shape(f"\"deal\" should be an object {{\"N\": [cards], \"E\": …}}, not {type_name(deal_v)}"
                            + (" (a list does not say which seat holds which cards)" if listed else ""), "deal",
                            zh=f"\"deal\" 应为对象 {{\"N\": [牌], \"E\": …}}，而不是{zh_type(deal_v)}"
                            + ("（列表不能说明哪些牌属于哪个座位）" if listed else ""))
            deal_l: list[tuple[Card, ...]] = [(), (), (), ()]
            for key, cv in deal_v.items():
                seat = SEAT_LOOKUP.get(key)
                if seat is None:
                    raise Shape(f"\"deal\" has key {key!r} (expected N, E, S, W)", "deal", key,
                                zh=f"\"deal\" 的键 {key!r} 无效（应为 N、E、S、W）")
                deal_l[seat] = self.cards(cv, f"deal.{key}", "left out of the deal", "deal", key)[0]
                self.count(dealt, deal_l[seat], "the deal and bottom", "发牌和底牌")
            deal = tuple(deal_l)
        bottom = buried = None
        if hv.get("bottom") is not None:
            bottom = self.cards(hv["bottom"], "\"bottom\"", "left out of the bottom", "bottom")[0]
            self.count(dealt, bottom, "the deal and bottom", "发牌和底牌")
        if hv.get("buried") is not None:
            buried = self.cards(hv["buried"], "\"buried\"", "left out of the buried cards", "buried")[0]
            self.count([0] * NUM_KINDS, buried, "the buried cards", "埋底的牌")
        earlier: list[tuple[Card, ...]] = []
        if hv.get("earlier_buries") is not None:      # 炒地皮: the buries before the last one
            ev = hv["earlier_buries"]
            if not isinstance(ev, list) or buried is None:
                raise Shape("\"earlier_buries\" should be a list of card lists, beside \"buried\" "
                            f"(the last bury), not {type_name(ev) if not isinstance(ev, list) else 'without buried'}",
                            "earlier_buries",
                            zh="\"earlier_buries\" 应为牌的列表的列表，并与 \"buried\"（最后一次埋底）同在，而不是"
                            + (zh_type(ev) if not isinstance(ev, list) else "没有 buried"))
            for i, cv in enumerate(ev):
                earlier.append(self.cards(cv, f"earlier_buries[{i}]", "left out of the buried cards",
                                          "earlier_buries", i)[0])
                self.count([0] * NUM_KINDS, earlier[-1], "the buried cards", "埋底的牌")
        return deal, bottom, buried, earlier

    def check_result_only(self, hv: dict, number: int, tricks, deal, bottom, buried, setup, dealer, claim) -> bool:
        """A score sheet's hand (``"result_only": true``, see ``tgn_reader._check_result_only``):
        whether it is one (a hand with a deal or tricks is read as a played hand, and said so)."""
        if tricks or deal is not None or bottom is not None or buried is not None or setup:
            self.diag("bad_value", f"hand {number} is marked \"result_only\" but has a deal, a bottom, tricks or "
                      "\"setup\": a result-only hand keeps its result alone; read as a played hand",
                      f"第 {number} 局标为 \"result_only\"，却有发牌、底牌、出牌或 \"setup\"：只记结果的牌局只有结果；"
                      "按打出的牌局处理", "result_only")
            self.missing_fields(hv, setup, number)
            return False
        if dealer is None and not _not_known(hv.get("dealer")):
            self.diag("missing_tag", f"result-only hand {number} has no \"dealer\" (a score sheet says who dealt)",
                      f"只记结果的第 {number} 局缺少庄家 \"dealer\"（记分表应写明庄家）")
        if claim is None:
            given = hv.get("claim") is not None         # "?": a score sheet's hand needs its total all the same
            en, zh = ("gives \"claim\" as \"?\"", "的闲家总分 \"claim\" 写作 \"?\"") if given else \
                ("has no \"claim\"", "缺少闲家总分 \"claim\"")
            self.diag("missing_tag", f"result-only hand {number} {en}: the attackers' total decides a score sheet's "
                      "hand, and without it the levels after it are not known; write the total the sheet records, "
                      "e.g. \"claim\": 55", f"只记结果的第 {number} 局{zh}：闲家总分决定记分表上这一局的结果，没有它，"
                      "此后的级别无法确定；请写上记分表记录的总分，例如 \"claim\": 55", *(("claim",) if given else ()))
        return True

    def missing_fields(self, hv: dict, setup: bool, number: int) -> None:
        """``missing_tag`` for a played hand without ``dealer`` or ``trump``, a position without ``trump``."""
        if hv.get("dealer") is None and not setup:          # null is an absent field (docs/format.md)
            hint_en, hint_zh = dealer_derived_from(number == 1)
            self.diag("missing_tag", f"no \"dealer\" (expected e.g. \"dealer\": \"N\"; {hint_en})",
                      f"缺少庄家 \"dealer\"（应如 \"dealer\": \"N\"；{hint_zh}）")
        if hv.get("trump") is None:
            en, zh = TRUMP_NOT_STATED[bool(hv.get("declarations"))]
            self.diag("missing_tag", f"no \"trump\" (expected e.g. \"trump\": \"H\" or \"NT\"): {en}",
                      f"缺少主牌花色 \"trump\"（应如 \"trump\": \"H\" 或 \"NT\"）：{zh}")

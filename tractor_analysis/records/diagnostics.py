"""Positioned diagnostics collected by the parsers (never raised to the user).

Codes are stable, lower snake case, and listed in :data:`CODES` with the
message skeleton each one uses.  Positions are 1-based; ``line == 0`` means the
position is not known (JSON values without a decoder position, whole files).
"""
from __future__ import annotations

from dataclasses import dataclass, field

MAX_DIAGNOSTICS = 500
"""A file with more problems than this lists the first ones and says how many more."""


def bilingual(en: str, zh: str) -> str:
    """A message for people: English, then Chinese."""
    return f"{en} / {zh}"


def decks_en(n: int, verb: str = "") -> str:
    """``n`` decks in English, one deck singular: ``decks_en(1, "hold")`` "1 deck holds", ``decks_en(2, "hold")``
    "2 decks hold", ``decks_en(1, "have")`` "1 deck has", ``decks_en(3)`` "3 decks" (中文 has no plural)."""
    words = f"{n} deck" if n == 1 else f"{n} decks"
    if not verb:
        return words
    return f"{words} {({'hold': 'holds', 'have': 'has'}[verb]) if n == 1 else verb}"


def dealer_derived_from(first: bool) -> tuple[str, str]:
    """Where a ``missing_tag`` for a hand without its dealer says the engine may find it (English, Chinese): the
    match's first hand (``first``: numbered 1) has no hand before it, its deal is bid for (``[Declarations]``: the
    first to declare, or the final one under ``bid_dealer = last``); a later hand's dealer is the one the previous
    hand's outcome names, or in a deal bid for the declarations' (docs/rules.md §8.2, §14.1; ``check`` says which
    as a derived fact)."""
    if first:
        return ("no hand comes before the first: its deal is bid for, so the dealer may be derived from "
                "[Declarations], or from who took the bottom (the deal, Bottom: and Buried: lines and the plays), but "
                "the record should say", "第一局之前没有牌局：本局抢庄，庄家或可由 [Declarations] 推出，或由谁拿了底牌"
                "（发牌行、Bottom: 与 Buried: 行及出牌）推出，但记录应写明")
    return ("the dealer may be derived from the previous hand's outcome, or in a deal bid for from [Declarations], or "
            "from who took the bottom (the deal, Bottom: and Buried: lines and the plays), but the record should say",
            "庄家或可由上一局的结果推出（抢庄的一局由 [Declarations] 推出），或由谁拿了底牌（发牌行、Bottom: 与 Buried: "
            "行及出牌）推出，但记录应写明")


def clip_at(line: str, column: int = 0, width: int = 300) -> str:
    """A diagnostic's ``text``: the whole line when it fits in ``width`` characters, else the ``width`` characters
    around ``column`` (1-based; 0: not known, the line's start), a ``…`` at each end where the line goes on — the
    text the diagnostic points at, not the line's first characters (a JSON record on one line, its problem at
    column 4823)."""
    if len(line) <= width:
        return line
    start = min(max(column - 1 - width // 2, 0), len(line) - width) if column > 0 else 0
    return ("…" if start else "") + line[start:start + width] + ("…" if start + width < len(line) else "")


def clip(text: str, width: int) -> str:
    """``text`` for a message: cut at ``width`` characters with ``…`` when it is longer (a shortened quote
    says so)."""
    return text if len(text) <= width else text[:width] + "…"


TRUMP_NOT_STATED = (("the trump is unknown, so no play of the hand is judged", "主牌未知，本局出牌一概不予判定"),
                    ("the trump is unknown unless the declarations fix it (every one standing: the last one's, said as "
                     "derived), else no play of the hand is judged",
                     "除非亮主定了主（每个亮主都成立：按最后一个，注明为推出），否则主牌未知，本局出牌一概不予判定"))
"""``(en, zh)``: what a hand's ``missing_tag`` for its trump says follows, without declarations (``[0]``) and with
them (``[1]``: docs/rules.md §14.1 — the engine derives the trump from them where they fix it)."""

TRUMP_NOT_READ = ("the trump is read as not known, and unless the rest of the record fixes it (the declarations, "
                  "said as derived) no play of the hand is judged",
                  "按主牌未知处理，除非记录的其余部分定了主（由亮主推出，注明为推出），否则本局出牌一概不予判定")
"""``(en, zh)``: what a trump written but not read (a value that names no trump, or one of the wrong type) says
follows — the field read as not known, as if left out: the engine derives the trump from the declarations where
they fix it (docs/rules.md §14.1), else withholds every verdict that rests on it."""


CODES: dict[str, str] = {
    "empty_file": "the file holds no record",
    "not_gzip": "a file named .gz whose bytes are not gzip data: read as plain text (a warning: the bytes are the record)",
    "decode_error": "the bytes are not text in UTF-8, GB18030 or GBK",
    "binary_file": "the file is binary, not a record",
    "truncated_file": "the file ends in the middle of a record (gzip stream cut short, or an open tag/annotation/quote)",
    "syntax_error": "a line that is not a tag, deal, bottom, trick, or comment",
    "unclosed_tag": "a '[' tag without its ']'",
    "unclosed_annotation": "a '{' annotation without its '}'",
    "unclosed_quote": "a tag value whose quote is not closed",
    "unknown_card": "a card token that is not in the card table",
    "too_many_copies": "more copies of a card than the decks hold",
    "unknown_seat": "a seat that is not N, E, S or W",
    "duplicate_seat": "the same seat twice in one trick, or a seat's deal line given twice with the same cards (read once)",
    "deal_lines_differ": "a seat's deal line given twice with different cards: neither is taken by its place; the engine "
                         "reads the one the seat's plays prove, else judges the seat as one without a deal line",
    "trick_sequence": "a trick number out of sequence",
    "tag_outside_hand": "a hand tag (Dealer, Trump, …) before any [Hand]",
    "duplicate_hand": "two hands with the same number",
    "bad_value": "a tag or field with a value of the wrong kind",
    "unknown_preset": "a [Ruleset] that names no preset",
    "unknown_rule": "a [Rule:name] option that does not exist",
    "bad_rule_value": "a [Rule:name] option with a value it does not take",
    "invalid_json": "the JSON decoder failed",
    "json_shape": "JSON of the wrong shape (a field missing or of the wrong type)",
    "missing_tag": "a tag the hand needs (Dealer, Trump) is missing",
    "missing_deal": "a hand that is not a position has no deal lines: no follow or throw can be judged, no outcome given",
    "missing_tricks": "a played hand (not a score sheet's, nor a position) with its deal and no trick line, the "
                      "record going on after it: its play is not judged, no outcome given",
    "tags_only_hand": "a hand (not a score sheet's, nor a position) of tags alone — no deal line and no trick line —, "
                      "the record going on after it: nothing of it is judged, no outcome given",
    "uneven_position": "a position whose seats hold different numbers of cards (it starts between tricks): never shown legal",
    "unreadable_file": "the path cannot be read (missing, a directory without records, no permission)",
    "engine_error": "the rule engine failed on this match (a bug: please report it with the record)",
    "duplicate_tag": "the same tag (or Bottom:/Buried: line) twice in one match or hand; the later one is used",
    "too_large": "the file is larger than the byte limit (after gunzip; see --max-bytes): nothing of it was read",
    "too_deep": "JSON nested deeper than the limit (64 levels of [ ] and { }): that record was not read (a typed "
                "tag [Name:json] of a .tgn: its value is kept as text)",
    "tag_inside_hand": "a match tag (Event, Ruleset, Rule:…, …) after the first [Hand]; kept as a hand tag, not applied",
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found while reading a record."""

    code: str
    """Stable code from :data:`CODES`."""
    message: str
    """What was found and what was expected."""
    line: int = 0
    column: int = 0
    hand: int | None = None
    """Hand number (JSON records, and any diagnostic inside a hand)."""
    trick: int | None = None
    text: str = field(default="", compare=False)
    """The raw text of the offending line, when there is one."""
    copies: tuple = field(default=(), compare=False)
    """A ``too_many_copies`` of the deal and ``Bottom:`` lines (``.tgn``): ``(kind, copies, decks, places)``, each
    place a copy counted, in the order read — ``(line key, line, column)``, the key ``dealN`` … ``dealW`` or
    ``bottom`` (:func:`.tgn_cards.copies_words`); ``()`` for any other diagnostic."""
    over: tuple = field(default=(), compare=False)
    """A ``too_many_copies`` of a hand's plays (``.tgn``): ``(kind, English, 中文)`` — the card counted over and the
    message's two halves —, so ``check`` can point it at the copy the engine derives miscopied (the reader, which
    runs first, cannot know it: ``cli.check.relocated``); ``()`` for any other diagnostic."""
    lossless: bool = False
    """The reader dropped and replaced nothing for it: the record keeps what it says (an 80fen trick seated from
    the bottom, not from the ``w`` before it: hand tag ``80fen:seats-from-bottom``, the ``w`` in
    ``Referee:Winners``), and a check of a copy says the same — so ``tractor convert`` writes the copy
    (docs/format.md "Converting")."""

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"

    def located(self, path: str) -> str:
        """``path:line:column: message``, the form editors jump to (``path: message`` when the
        position is not known, ``path:line: message`` without a column)."""
        if self.line <= 0:
            return f"{path}: {self.message}"
        if self.column <= 0:
            return f"{path}:{self.line}: {self.message}"
        return f"{path}:{self.line}:{self.column}: {self.message}"

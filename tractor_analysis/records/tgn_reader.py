"""Tractor Game Notation (``.tgn``): read a record into a :class:`~records.Match`.

The grammar is written up in ``docs/format.md``.  In short: ``[Name "value"]``
tags (match tags before the first ``[Hand]``, hand tags after it), deal lines
``N: cards``, ``Bottom:`` / ``Buried:`` lines, trick lines
``1. N: SA SA, E: S3 S4 …`` (a failed throw is ``E: CA CK CQ -> CQ``), ``;``
comments and ``{…}`` annotations (which may span lines).

:func:`parse_tgn` never raises for bad content: every problem becomes a
:class:`~diagnostics.Diagnostic` with a stable code and a 1-based line:column,
and parsing resumes at the next line.  The writer is :mod:`.tgn_writer`;
``parse_tgn(format_tgn(m)) == ([m], [])`` for every well-formed match.

This module drives the reading and assembles hands and the match; the pieces are
:mod:`.tgn_lines` (physical → logical lines, positions), :mod:`.tgn_tags` (tags),
:mod:`.tgn_tricks` (deal, bottom, buried and trick lines), :mod:`.tgn_cards` (card
lists) and :mod:`.tgn_state` (what a reading knows, and the problems it collects).

Hot path: a line without ``{`` or ``"`` is split with ``str`` methods and its cards
looked up in a precomputed token table; only lines holding quotes or annotations go
through the scanner.
"""
from __future__ import annotations

import dataclasses

from . import compiled
from .deal_checks import deal_problems, doubted_line_words, problem_position, with_proven_lines
from .json_layout import JSON_SUFFIX
from .diagnostics import TRUMP_NOT_STATED, Diagnostic, bilingual, dealer_derived_from
from .frozen import gc_paused, settle_as_old
from .hand_numbers import by_place, place_numbers
from .limits import MAX_HAND_NUMBER, whole_number
from .model import Match, Trick, new_hand, new_trick
from .rulesets import build_ruleset
from .tgn_cards import card_column
from .tgn_lines import Notes, Pieces, half_width, logical_line, physical_lines, typed_as_ascii
from .tgn_state import MAX_POINTS, MAX_TRICK, HandDraft, Reading, width_note
from .tgn_tags import KNOWN_TAGS, hand_tag, match_tag, parse_levels, read_tags
from . import tgn_tricks
from .tgn_tricks import commented_plays, count_proven, label_line, lines_differ, trick_line, unread_tricks
from .trick_order import misplaced, misplaced_words

__all__ = ["parse_tgn", "parse_levels", "KNOWN_TAGS", "MAX_POINTS", "MAX_TRICK"]


def parse_tgn(text: str) -> tuple[list[Match], list[Diagnostic]]:
    """The match of one ``.tgn`` text (a list of one, or none) and every problem found."""
    with gc_paused:                 # the records built here are acyclic (see .frozen)
        out = _parse_tgn(text)
        settle_as_old()         # the match lives on: no young collection walks it (see .frozen)
    return out


def _parse_tgn(text: str) -> tuple[list[Match], list[Diagnostic]]:
    st = Reading(physical_lines(text))
    lines = st.lines
    plain = tgn_tricks._PLAIN_TRICK         # a plain trick line whole in C (what _handle does with it)
    run = _PLAIN_LINES                      # a run of plain lines whole in C (what this loop does with them)
    n = len(lines)
    i = 0
    while i < n:
        if run is not None:
            i = run(st, lines, i)
            if i >= n:
                break
        got, i = logical_line(lines, i, st.diag)
        if got is None:
            continue
        body, lineno, pieces, notes, semi = got
        h = st.hand
        if plain is not None and pieces is None and h is not None and body != h.last_trick:
            got = plain(body, lineno, h.played, st.decks, st.segments, MAX_TRICK)
            if got is not None:
                st.content = True
                st.trick_no = got[0]
                h.last_trick = body         # (the same line again is a copy: tgn_tricks.trick_line says so)
                h.tricks.append([got[0], got[1], [], lineno, got[2] + 1])
                if semi >= 0:
                    commented_plays(st, lines[lineno - 1], semi, lineno)
                continue
        _handle(st, body, lineno, pieces, notes)
        if semi >= 0 and st.trick_no is not None:
            at = lineno if pieces is None else pieces[-1][1]        # (the line of the ';')
            commented_plays(st, lines[at - 1], semi, at)
    _close_hand(st)
    if st.dropped:
        st.diags.append(Diagnostic("syntax_error", bilingual(
            f"{st.dropped} more problems not listed", f"另有 {st.dropped} 个问题未列出"),
            len(lines), 1))
    if not st.content:
        if not st.diags:
            st.diags.append(Diagnostic("empty_file", bilingual(
                "empty file: no tag, hand or trick found (expected e.g. [Hand \"1\"])",
                "空文件：没有找到任何标签、牌局或出牌记录（应如 [Hand \"1\"]）"), 1, 1))
        return [], st.diags
    return [_build_match(st)], st.diags


def _handle(st: Reading, body: str, lineno: int, pieces: Pieces, notes: Notes) -> None:
    """One logical line: a tag line, a trick line or a labelled card line (or only notes).  A line that is
    not all ASCII is read with the marks a Chinese keyboard types as ASCII (full-width ``：`` ``，``, a trick
    number's full-width digits and ``．`` or ``、`` for its dot; curly quotes in a tag line), one character
    for one; its messages quote it as written (:meth:`.Reading.as_written`)."""
    st.trick_no = None
    if not body.strip():
        if notes:
            st.attach_notes(notes)
        return
    if body.isascii():
        _read_line(st, body, lineno, pieces, notes)
        return
    typed = typed_as_ascii(body)
    if typed is body:
        _read_line(st, body, lineno, pieces, notes)
        return
    st.written = body
    try:
        _read_line(st, typed, lineno, pieces, notes)
    finally:
        st.written = None


def _read_line(st: Reading, body: str, lineno: int, pieces: Pieces, notes: Notes) -> None:
    """:func:`_handle` for a line not blank, its marks read as ASCII."""
    stripped = body.lstrip()
    c = stripped[0]
    if c == "[":
        for tag in read_tags(st, body, lineno, pieces, len(body) - len(stripped)):
            _tag(st, *tag)
    elif "0" <= c <= "9":
        trick_line(st, body, lineno, pieces, notes)
        return
    else:
        label_line(st, body, lineno, pieces, len(body) - len(stripped))
    if notes:
        st.attach_notes(notes)


def _tag(st: Reading, name: str, value: str, at, name_at, value_at) -> None:
    """``[Hand]`` opens a hand; other tags belong to the match or to the hand being read."""
    st.content = True
    low = name.lower()
    if low == "hand":
        _open_hand(st, value, at, value_at)
    elif st.hand is None:
        match_tag(st, name, low, value, at, name_at, value_at)
    else:
        if low in NEW_HAND_TAGS and low in st.hand.seen and st.hand.tricks:
            _hand_line_missing(st, name, at)
        hand_tag(st, st.hand, name, low, value, at, value_at)


NEW_HAND_TAGS = frozenset({"dealer", "trump", "level", "declarations", "friend", "bidfor"})
"""The hand tags written before a hand's tricks: one given again after the hand's tricks starts the next hand."""


def _hand_line_missing(st: Reading, name: str, at) -> None:
    """A tag of :data:`NEW_HAND_TAGS` the hand being read already has, again after its tricks: it cannot be
    that hand's (its tricks were played under the first), so the next hand starts here with its ``[Hand]`` line
    left out — read as ``[Hand "?"]`` (its number not stated: derived from its place where nothing contradicts
    it, else unknown), with a ``missing_tag`` at the tag.  (Read as the hand's own tag, the later value
    would have judged the hand's tricks under another dealer or trump, and the next hand's tricks and deal
    lines as more of its own: two hands judged as one.)"""
    before = st.hand.number
    _open_hand(st, "?", at, at)
    st.diag("missing_tag", f"[{name}] again after the tricks of hand {before}: the next hand starts here and its "
            "[Hand] line is left out (expected [Hand \"n\"] before its tags); read as a hand whose number the record "
            "does not give ([Hand \"?\"])",
            f"[{name}] 在第 {before} 局的出牌之后再次出现：下一局从此开始，缺少其 [Hand] 行（其标签前应有 "
            f"[Hand \"n\"]）；按未写局号的一局（[Hand \"?\"]）读取", *at)


def _open_hand(st: Reading, value: str, at, value_at) -> None:
    """Close the hand being read and start hand ``value`` (the decks are fixed by the first one)."""
    _close_hand(st, at[0])
    if not st.decks:
        st.decks = build_ruleset(st.match.get("ruleset"), st.rules)[0].decks
    read = value if value.isascii() else half_width(value)     # full-width "１２" is hand 12
    number = whole_number(read)
    unstated = read.strip() == "?"      # the number is not known: numbered as JSON numbers a hand without one
    bad = not unstated and (number is None or abs(number) > MAX_HAND_NUMBER)
    if bad or unstated:
        number = (st.hands[-1].number + 1) if st.hands else 1
    # opened before its diagnostics, so that they carry the hand's number (check --json "hand")
    st.hand = HandDraft(number, at[0], st.lines[at[0] - 1], at[1])
    st.hand.number_known = not unstated
    if bad:
        shown = value if len(value) <= 40 else value[:40] + "…"
        wide, wide_zh = width_note(value[:40])
        st.diag("bad_value", f"[Hand] takes a hand number (a whole number up to {MAX_HAND_NUMBER}, or \"?\" when "
                f"not known), not {shown!r}; {wide}numbered {number}",
                f"[Hand] 应为局号（不超过 {MAX_HAND_NUMBER} 的整数，未知时写 \"?\"），而不是 {shown!r}；{wide_zh}按第 {number} 局处理",
                *value_at)
    if unstated:        # numbered by its place, not by the record: no copy of a hand the record numbers (hand_numbers)
        return
    if number in st.hand_lines:
        st.diag("duplicate_hand", f"hand {number} appears twice (first at line {st.hand_lines[number]})",
                f"第 {number} 局重复出现（第一次在第 {st.hand_lines[number]} 行）", *at)
    else:
        st.hand_lines[number] = at[0]


def _close_hand(st: Reading, next_hand: int | None = None) -> None:
    """Check the hand being read (trick order, [Dealer], [Trump], its deal lines, its tricks when the record
    goes on after it: ``next_hand``, the line of the next ``[Hand]``) and add it to the match."""
    h = st.hand
    if h is None:
        return
    tricks = _tricks_in_order(st, h)
    if any(not d[1] for d in h.tricks):     # a trick line that gave no play: where the record ends, or unread
        unread_tricks(st, h)
    if h.result_only:
        _check_result_only(st, h, tricks)
    else:
        if not h.setup and h.dealer is None and "dealer" not in h.seen:
            hint_en, hint_zh = dealer_derived_from(h.number == 1)
            st.diag("missing_tag", f"hand {h.number} has no [Dealer] tag (expected e.g. [Dealer \"N\"]; {hint_en})",
                    f"第 {h.number} 局缺少 [Dealer] 标签（应如 [Dealer \"N\"]；{hint_zh}）", h.line, h.column)
        if not h.trump_seen:
            # a position too: every verdict rests on what is trump (docs/rules.md "What the record must state")
            what = "position" if h.setup else "hand"
            en, zh = TRUMP_NOT_STATED[bool(h.declarations)]
            st.diag("missing_tag", f"{what} {h.number} has no [Trump] tag (expected e.g. [Trump \"H\"] or "
                    f"[Trump \"NT\"]): {en}",
                    f"第 {h.number} 局{'（残局）' if h.setup else ''}缺少 [Trump] 标签（应如 [Trump \"H\"] 或 "
                    f"[Trump \"NT\"]）：{zh}", h.line, h.column)
    if not h.result_only and not h.setup and not tricks and h.deal is not None and next_hand is not None:
        _no_trick_line(st, h, next_hand)
    if (not h.result_only and not h.setup and not h.tricks and h.deal is None and h.bottom is None
            and h.buried is None and next_hand is not None):
        _tags_only(st, h, next_hand)
    hand = new_hand(
        number=h.number, dealer=h.dealer, trump=h.trump, level=h.level, declarations=h.declarations,
        declarations_known=h.declarations_known,
        deal=tuple(h.deal) if h.deal is not None else None, bottom=h.bottom, buried=h.buried,
        earlier_buries=h.earlier_buries, trump_known=h.trump_known, points_known=h.points_known or not h.setup,
        friend=h.friend, setup=h.setup, points=h.points, first_trick=h.first_trick,
        tricks=tuple(tricks), claim=h.claim, notes=tuple(h.notes), tags=tuple(h.tags),
        takebacks=h.takebacks, takebacks_unread=h.takebacks_unread, bid_for=h.bid_for, result_only=h.result_only, line=h.line,
        bid_for_known=h.bid_for_known, number_known=h.number_known,
        positions=tuple((k, ln, col) for k, (ln, col) in h.positions.items()),
        deal_unread=tuple(sorted(h.deal_unread.items())),
        deal_in_doubt=tuple((s, *line) for s, lines in sorted(h.deal_lines.items()) if lines_differ(lines)
                            for line in lines),
        aside_unread=tuple((k, h.aside_unread[k]) for k in ("bottom", "buried") if k in h.aside_unread),
        plays_unread=tuple(h.plays_unread), throws_after_lead=tuple(h.throws_after_lead))
    if hand.deal_in_doubt:      # a seat's deal line written twice with different cards: the one its plays prove
        hand, proofs = with_proven_lines(hand)
        for seat, proof in proofs.items():
            en, zh, line, column = doubted_line_words(hand, seat, proof)
            st.diag("deal_lines_differ", en, zh, line, column)
            if proof is not None:   # the line taken counts against the decks (as read, only what every line gives)
                count_proven(st, h, seat, proof[0])
        hand = dataclasses.replace(hand, positions=tuple((k, ln, col) for k, (ln, col) in h.positions.items()))
    for code, en, zh, key in deal_problems(hand, st.decks):
        line, column = problem_position(hand, key) or (h.line, h.column)
        if key.count(":") == 3 and 0 < line <= len(st.lines):   # a play's copy: at its card (``trickN:P:seat:kind``)
            column = card_column(st.lines[line - 1], column, int(key.rsplit(":", 1)[1]))
        st.diag(code, en, zh, line, column)
    st.hands.append(hand)
    st.hand = None


def _no_trick_line(st: Reading, h: HandDraft, next_hand: int) -> None:
    """A played hand (not a score sheet's, nor a position) with its deal lines and no trick line, the record
    going on after it: its tricks are left out, not a record that ends there.  Reported at its ``[Hand]`` line, as a hand
    without its deal lines is (``missing_deal``)."""
    st.diag("missing_tricks", f"hand {h.number} has no trick line, and the record goes on after it (the next "
            f"[Hand] is at line {next_hand}): its play is not recorded, so none of it is judged and the hand has no "
            "result; write its tricks ('1. N: cards, E: cards, …'), or, for a hand kept as its result alone, "
            "[ResultOnly \"yes\"] and its [Claim]",
            f"第 {h.number} 局没有任何出牌行，而记录在其后仍继续（下一个 [Hand] 在第 {next_hand} 行）：本局出牌未记录，"
            "因此一概不予判定，本局也没有结果；请写上各轮（'1. N: 牌, E: 牌, …'），若本局只记结果，则写 "
            "[ResultOnly \"yes\"] 及其 [Claim]", h.line, h.column)


def _tags_only(st: Reading, h: HandDraft, next_hand: int) -> None:
    """A hand (not a score sheet's, nor a position) of tags alone — no deal line, no ``Bottom:`` / ``Buried:``
    line, no trick line —, the record going on after it: a header typed and nothing written under it.  Read
    as it stands (an empty hand: nothing judged, no result), said at its ``[Hand]`` tag."""
    st.diag("tags_only_hand", f"hand {h.number} has tags but no deal line and no trick line, and the record goes on "
            f"after it (the next [Hand] is at line {next_hand}): nothing of its deal or play is recorded, so none of "
            "it is judged and the hand has no result; write its deal ('N: cards' …) and tricks ('1. N: cards, E: "
            "cards, …'), or, for a hand kept as its result alone, [ResultOnly \"yes\"] and its [Claim]",
            f"第 {h.number} 局只有标签，没有发牌行和出牌行，而记录在其后仍继续（下一个 [Hand] 在第 {next_hand} 行）："
            "本局的发牌与出牌都未记录，因此一概不予判定，本局也没有结果；请写上发牌（'N: 牌' …）与各轮（'1. N: 牌, "
            "E: 牌, …'），若本局只记结果，则写 [ResultOnly \"yes\"] 及其 [Claim]", h.line, h.column)


def _check_result_only(st: Reading, h: HandDraft, tricks: list) -> None:
    """A score sheet's hand (``[ResultOnly "yes"]``): a dealer and the attackers' total, and nothing
    played; one with deal lines or tricks is read as a played hand, and said so."""
    line, column = h.positions.get("resultonly", (h.line, h.column))
    if tricks or h.deal is not None or h.bottom is not None or h.buried is not None or h.setup:
        st.diag("bad_value", f"hand {h.number} is marked [ResultOnly] but has deal lines, a bottom, tricks or "
                "[SetUp]: a result-only hand keeps its result alone; read as a played hand",
                f"第 {h.number} 局标为 [ResultOnly]，却有发牌、底牌、出牌或 [SetUp]；只记结果的牌局不应有这些；"
                "按打出的牌局处理", line, column)
        h.result_only = False
        return
    if h.dealer is None and not h.dealer_unknown:       # ([Dealer "?"]: the sheet says it does not know)
        st.diag("missing_tag", f"result-only hand {h.number} has no [Dealer] (a score sheet says who dealt)",
                f"只记结果的第 {h.number} 局缺少 [Dealer]（记分表应写明庄家）", line, column)
    if h.claim is None:
        # a score sheet's hand is its result: [Claim "?"] (or a value that is no number) gives none, as a
        # [Claim] left out does; said at the tag when there is one, with what to write
        if "claim" in h.positions:
            en, zh = "its [Claim] gives no total (\"?\" or not a number)", "其 [Claim] 未给出闲家总分（\"?\" 或不是整数）"
            line, column = h.positions["claim"]
        else:
            en, zh = "has no [Claim]", "缺少 [Claim]"
        st.diag("missing_tag", f"result-only hand {h.number} {en}: the attackers' total decides a score sheet's hand, "
                "and without it the levels after it are not known; write the total the sheet records, e.g. "
                "[Claim \"55\"]", f"只记结果的第 {h.number} 局{zh}：闲家总分决定记分表上这一局的结果，没有它，此后的级别"
                "无法确定；请写上记分表记录的总分，例如 [Claim \"55\"]", line, column)


def _tricks_in_order(st: Reading, h: HandDraft) -> list[Trick]:
    """The hand's tricks: in the order written, a number out of sequence reported (and kept) — or, when
    the numbers are all different and make the run they should, in number order, each line written out
    of its number's place reported (:mod:`.trick_order`; ``h.tricks`` is put in that order too).  Tricks
    numbered in sequence are made in C when the core is built (:data:`_IN_ORDER`)."""
    if _IN_ORDER is not None:
        tricks = _IN_ORDER(h.tricks, h.first_trick)
        if tricks is not None:
            st.trick_no = None
            return tricks
    drafts = h.tricks
    moved = misplaced([d[0] for d in drafts], h.first_trick)
    if moved is not None:
        for i in moved:
            number, _, _, line, col = drafts[i]
            st.trick_no = number
            st.diag("trick_sequence", *misplaced_words(number, h.first_trick, len(drafts), h.number), line, col)
        drafts.sort(key=_draft_number)
        st.trick_no = None
        return [new_trick(number, tuple(plays), tuple(notes), line) for number, plays, notes, line, _ in drafts]
    expected = h.first_trick
    slot = None         # the number the line before was expected to have, when it was out of sequence
    tricks = []
    for number, plays, notes, line, col in drafts:
        # a line out of sequence whose next line follows the one before it (14. 51. 16.: a typo for 15) is
        # reported once, at the typo: the next line is in sequence with the tricks around it
        if number != expected and not (slot is not None and number == slot + 1):
            st.trick_no = number
            first, first_zh = (("the first trick", "第一轮") if expected == h.first_trick and not tricks
                               else ("the next trick", "下一轮"))
            st.diag("trick_sequence", f"trick {number} out of sequence: {first} is {expected}"
                    + (" ([FirstTrick] sets the first number of a position)" if not tricks else ""),
                    f"轮次 {number} 不连续：{first_zh}应为 {expected}"
                    + ("（[FirstTrick] 设定残局的第一个轮次）" if not tricks else ""), line, col)
            slot = expected
        else:
            slot = None
        expected = number + 1
        tricks.append(new_trick(number, tuple(plays), tuple(notes), line))
    st.trick_no = None
    return tricks


def _draft_number(draft: list) -> int:
    return draft[0]


def _lines_core():
    """The compiled run of plain lines (``_tgn_core.plain_lines``), set up with :func:`_tag`, or ``None``
    (no core, or ``TRACTOR_PURE_PYTHON``): then the loop of :func:`_parse_tgn` reads every line."""
    if tgn_tricks._PLAIN_TRICK is None:
        return None
    core = compiled.load("tractor_analysis.records._tgn_core", ".tgn reader core", ".tgn 读取核心")
    if core is None or not hasattr(core, "plain_lines"):
        return None
    core.setup_lines(_tag, tgn_tricks._LABELS, JSON_SUFFIX, MAX_TRICK, Trick,
                     tuple(f.name for f in dataclasses.fields(Trick)))
    return core.plain_lines


def _build_match(st: Reading) -> Match:
    m = st.match
    hands = place_numbers(st.hands)
    st.diags = by_place(st.diags, st.hands, hands)
    return Match(event=m.get("event"), site=m.get("site"), date=m.get("date"), round=m.get("round"),
                 table=m.get("table"), players=tuple(st.players), teams=(st.teams[0], st.teams[1]), ruleset=m.get("ruleset"),
                 rules=tuple(st.rules), levels=m.get("levels"), hands=hands,
                 notes=tuple(st.match_notes), tags=tuple(st.match_tags))


_PLAIN_LINES = _lines_core()
"""``plain_lines(st, lines, i)``: from line ``i``, the lines this reader reads without a word (blank
lines, one-tag lines, plain trick, deal, Bottom: and Buried: lines) read in C, each as the loop of
:func:`_parse_tgn` reads it; the index of the first line it leaves to that loop (the reference)."""

_IN_ORDER = None if _PLAIN_LINES is None else compiled.load(
    "tractor_analysis.records._tgn_core", ".tgn reader core", ".tgn 读取核心").tricks_in_order
"""``tricks_in_order(drafts, first_trick)``: the Tricks of a hand numbered in sequence, else ``None``
(the Python loop of :func:`_tricks_in_order` then reports the number out of sequence)."""

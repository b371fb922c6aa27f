"""Card lines of a ``.tgn`` hand: deal lines ``N: cards``, ``Bottom:`` / ``Buried:`` lines, and
trick lines ``1. N: SA SA, E: S3 S4, …`` (a failed throw is ``E: CA CK CQ -> CQ``).

Each play is read on its own: an unreadable play, an unknown seat or a seat playing twice
is reported and dropped, the rest of the trick is kept.  Common slips get their own
message: a missing ``.`` after the trick number, a missing ``,`` between two plays (read as
two plays), and a ``;`` typed for ``,`` (the rest of the trick became a comment).
Annotations on a trick line go to the play they follow.

Hot path: a trick line's cards are looked up in a precomputed token table; the slower
card reader of :mod:`.tgn_cards` only runs when a token is not in it.
"""
from __future__ import annotations

import bisect
import dataclasses
import re
import sys
from collections import Counter

from . import compiled
from .cards import NUM_KINDS, PRETTY, SEAT_TOKENS, Card, card_kind
from .diagnostics import decks_en
from .model import Play, new_play
from .tgn_cards import count_copies, count_line_again, read_cards
from .tgn_lines import Notes, Pieces, pos
from .tgn_state import MAX_TRICK, HandDraft, Reading, quoted, width_note
from .throw_copies import returned_words
from .words import CARD_LOOKUP, SEAT_LOOKUP

__all__ = ["label_line", "common_cards", "count_proven", "lines_differ", "trick_line", "commented_plays", "unread_tricks"]

_CARD = CARD_LOOKUP.__getitem__

_LABELS = {"bottom": "bottom", "底牌": "bottom", "buried": "buried", "埋底": "buried", "扣底": "buried"}

_SEAT_WORD = r'(?:[NESWnesw北东東南西ＮＥＳＷｎｅｓｗ]|[北东東南西]家|(?i:north|east|south|west))'
_INNER_SEAT = re.compile(r'\s(' + _SEAT_WORD + r')\s*:')
"""A seat and its colon inside a play's cards: a comma left out between two plays."""
_TRICK_NO_DOT = re.compile(r'\s*(\d+)\s' + r'(?=\s*' + _SEAT_WORD + r'\s*:)')
"""A trick number followed by a play without the dot: ``22 E: …`` (said so in the message)."""
_COMMENTED_PLAY = re.compile(r'[\s;]*' + _SEAT_WORD + r'\s*[:：]\s*\S')
"""Comment text that reads like a play: ``;`` typed where ``,`` was meant (``;;`` too)."""
_COMMENT_WORD = re.compile(r'[\s;]*([^\s,，;；:：]+)')
"""The first word of a comment: a card when ``;`` was typed for ``,`` or a space (``E: H3; S9, W: C10``)."""


# --- deal / bottom / buried lines ---------------------------------------------

def label_line(st: Reading, body: str, lineno: int, pieces: Pieces, lead: int) -> None:
    """A line ``LABEL: cards`` — a seat's deal, the bottom or the buried cards."""
    colon = body.find(":")
    ln, col = pos(pieces, lineno, lead)
    if colon < 0:
        shown = quoted(st.as_written(body.strip()[:31], lead))
        st.diag("syntax_error", f"cannot read {shown}: expected a tag [Name \"value\"], "
                "a deal line 'N: cards', 'Bottom: cards', 'Buried: cards', or a trick '1. N: cards, …'",
                f"无法识别的行 {shown}：应为标签 [名称 \"值\"]、发牌行 'N: 牌'、'Bottom: 牌'、'Buried: 牌' "
                "或出牌行 '1. N: 牌, …'", ln, col)
        return
    label = body[lead:colon].strip()
    seat = SEAT_LOOKUP.get(label)
    kind = _LABELS.get(label.lower()) if seat is None else None
    if seat is None and kind is None:
        written = st.as_written(label[:31], lead)
        shown = quoted(written)
        wide, wide_zh = width_note(written)      # ("", "") unless typed full-width
        if len(label) <= 2:
            st.diag("unknown_seat", f"unknown seat {shown} ({wide}expected N, E, S or W)",
                    f"无法识别的座位 {shown}（{wide_zh}应为 N、E、S 或 W）", ln, col)
        else:
            st.diag("syntax_error", f"unknown line label {shown} ({wide}expected N:, E:, S:, W:, Bottom: "
                    "or Buried:)", f"无法识别的行标记 {shown}（{wide_zh}应为 N:、E:、S:、W:、Bottom: 或 Buried:）", ln, col)
        return
    h = st.hand
    said = f"'{st.as_written(label, lead)}{st.as_written(':', colon)}'"      # (a label is a word: never long)
    if h is None:
        st.diag("tag_outside_hand", f"{said} line before any [Hand] (expected [Hand \"1\"] first); "
                "ignored", f"{said} 行出现在任何 [Hand] 之前（应先写 [Hand \"1\"]）；已忽略", ln, col)
        return
    if h.tricks:
        last = h.tricks[-1][0]
        # a seat's line there may be the rest of a trick line split over two lines (``S: CQ, W: D5``): a hint
        hint, hint_zh = ((f"; it may be the rest of trick {last}'s line, split: a trick is written on one line",
                          f"；也可能是第 {last} 轮出牌行断开后的续行：一轮的出牌应写在同一行")
                         if seat is not None and isinstance(last, int) else ("", ""))
        st.diag("syntax_error", f"{said} line after the first trick of hand {h.number} "
                f"(deal, bottom and buried lines go before the tricks){hint}; ignored",
                f"{said} 行出现在第 {h.number} 局的第一轮之后（发牌行、底牌行和埋底行应写在出牌之前）{hint_zh}；已忽略",
                ln, col)
        return
    st.content = True
    txt = body[colon + 1:]
    at = (lineno, pieces, ln, col)
    if seat is not None:
        _deal(st, h, seat, txt, colon + 1, at)
        return
    if kind in h.seen:
        st.diag("duplicate_tag", f"two {said} lines in hand {h.number}; the later one is used",
                f"第 {h.number} 局有两行 {said}；以后一行为准", ln, col)
    h.seen.add(kind)
    h.positions[kind] = (ln, col)
    if kind == "bottom":
        cards, bad = read_cards(st, txt, colon + 1, lineno, pieces, "left out of the bottom", "未计入底牌")
        h.bottom = cards
        _mark_unread(h, "bottom", bad)
        _said(st, h, count_copies(st, h.dealt, cards, txt, colon + 1, lineno, pieces, "the deal and bottom",
                                  "发牌和底牌", lines=(h, "bottom")))
    else:
        _buried(st, h, txt, colon + 1, lineno, pieces)


def _deal(st: Reading, h: HandDraft, seat: int, txt: str, off: int, at) -> None:
    """``N: cards``: the seat's deal.  A second line for the same seat with the same cards is one line given twice
    (``duplicate_seat``, read once); with other cards the seat's line is in doubt: neither line is taken here (the
    seat is given no line, never the later one), every line is kept (:attr:`~.model.Hand.deal_in_doubt`) and the
    hand, once read, takes the one its plays prove (``deal_lines_differ``, :func:`.deal_checks.with_proven_lines`)."""
    lineno, pieces, ln, col = at
    cards, bad = read_cards(st, txt, off, lineno, pieces, "left out of the deal", "未计入发牌")
    if h.deal is None:
        h.deal = [(), (), (), ()]
    key = "deal" + SEAT_TOKENS[seat]
    if key not in h.seen:
        h.seen.add(key)
        h.positions[key] = (ln, col)
        h.deal[seat] = cards
        if bad > 0:
            h.deal_unread[seat] = bad       # the line's words that gave no card
        _said(st, h, count_copies(st, h.dealt, cards, txt, off, lineno, pieces, "the deal and bottom", "发牌和底牌",
                                  lines=(h, key)))
        return
    # (the first line may have been read in C: what it gave is in the hand's fields)
    lines = h.deal_lines.setdefault(seat, [(h.deal[seat], h.deal_unread.get(seat, 0), *h.positions[key])])
    earlier = list(lines)
    lines.append((cards, bad, ln, col))
    # the copies of the deck check: a seat's lines count only the cards every one of them gives — one of them may
    # be the line miscopied, and a copy it alone gives is not the table's (a line the plays prove adds the rest once
    # the hand is read: count_proven)
    _uncount(st, h, Counter(common_cards(earlier)) - Counter(common_cards(lines)))
    t = SEAT_TOKENS[seat]
    if not lines_differ(lines):
        fl, fc = earlier[0][2], earlier[0][3]
        st.diag("duplicate_seat", f"seat {t} has two deal lines in hand {h.number}, this one and the one at line {fl}, "
                f"column {fc}, with the same cards: read as one line",
                f"座位 {t} 在第 {h.number} 局有两行发牌（本行与第 {fl} 行第 {fc} 列），所记的牌相同：按一行读取", ln, col)
        return
    # (said once the hand is read, with what the plays make of it: deal_checks.doubted_line_words)
    h.deal[seat] = ()
    h.deal_unread.pop(seat, None)


def _said(st: Reading, h: HandDraft, over: int | None) -> None:
    """Keep the ``too_many_copies`` a deal or ``Bottom:`` line of ``h`` just gave (``over``: its kind) for
    :func:`_uncount`."""
    if over is not None and st.diags and st.diags[-1].code == "too_many_copies":
        h.copies_said.append((st.diags[-1], over))


def _uncount(st: Reading, h: HandDraft, dropped: Counter) -> None:
    """Take the copies of ``dropped`` (cards of a seat's line no longer counted: another line of the seat lacks them)
    out of ``h``'s count of the deal and bottom; a ``too_many_copies`` already said of such a kind that the count no
    longer bears out is taken back (said again once the hand is read, should the line its seat's plays prove give
    it: :func:`count_proven`)."""
    if not dropped:
        return
    for k, n in dropped.items():
        h.dealt[k] -= n
    for d, k in list(h.copies_said):
        if dropped[k] and h.dealt[k] <= st.decks:
            h.copies_said.remove((d, k))
            at = next((i for i, e in enumerate(st.diags) if e is d), None)
            if at is not None:
                del st.diags[at]


def common_cards(lines) -> tuple[Card, ...]:
    """The cards every one of a seat's deal lines (``(cards, not read, line, column)`` each) gives, as many copies
    as the line giving fewest."""
    common = Counter(lines[0][0])
    for cards, *_ in lines[1:]:
        common &= Counter(cards)
    return tuple(sorted(common.elements()))


def count_proven(st: Reading, h: HandDraft, seat: int, index: int) -> None:
    """Once hand ``h`` is read: ``seat``'s deal line ``index`` (of :attr:`HandDraft.deal_lines`), the one its plays
    prove (:func:`.deal_checks.line_proof`), counted against the decks — the cards it gives beyond those every line
    of the seat gives (counted as read: :func:`_deal`) — and taken as the seat's line where a copy too many is
    placed (:attr:`HandDraft.positions`)."""
    lines = h.deal_lines[seat]
    key = "deal" + SEAT_TOKENS[seat]
    h.positions[key] = (lines[index][2], lines[index][3])
    beyond = Counter(lines[index][0]) - Counter(common_cards(lines))
    if beyond:
        count_line_again(st, h, key, tuple(sorted(beyond.elements())))


def lines_differ(lines) -> bool:
    """Whether a seat's deal lines (``(cards, not read, line, column)`` each) give different cards."""
    return len({(tuple(sorted(cards)), bad) for cards, bad, _, _ in lines}) > 1


def _buried(st: Reading, h: HandDraft, txt: str, off0: int, lineno: int, pieces: Pieces) -> None:
    """炒地皮: 'Buried: dealer's || rebidder's || …' — each bury in order, the last one stays."""
    buries, start, unread = [], 0, 0
    for part in txt.split("||"):
        off = off0 + start
        cards, bad = read_cards(st, part, off, lineno, pieces, "left out of the buried cards", "未计入埋底")
        count_copies(st, [0] * NUM_KINDS, cards, part, off, lineno, pieces, "the buried cards", "埋底的牌")
        buries.append(cards)
        unread += bad
        start += len(part) + 2
    h.buried, h.earlier_buries = buries[-1], tuple(buries[:-1])
    _mark_unread(h, "buried", unread)


def _mark_unread(h: HandDraft, kind: str, unread: int) -> None:
    """A ``Bottom:`` or ``Buried:`` line (``kind``) with ``unread`` words that gave no card, each a card not
    read (:attr:`~.model.Hand.aside_unread`); a later line replaces an earlier one."""
    if unread > 0:
        h.aside_unread[kind] = unread
    else:
        h.aside_unread.pop(kind, None)


# --- trick lines (the hot path) -------------------------------------------------

def trick_line(st: Reading, body: str, lineno: int, pieces: Pieces, notes: Notes) -> None:
    """``12. N: cards, E: cards, …`` — one trick of the current hand; its annotations go with it."""
    h = st.hand
    if h is not None:
        if body == h.last_trick and body.strip():      # the same trick line again, its number too: a copy
            _copied_line(st, body, lineno, pieces)
            return
        h.last_trick = body
    if _PLAIN_TRICK is not None and pieces is None and not notes and h is not None:
        got = _PLAIN_TRICK(body, lineno, h.played, st.decks, st.segments, MAX_TRICK)
        if got is not None:                 # the whole line in C: what the code below does for it
            number, plain, lead = got
            st.content = True
            st.trick_no = number
            h.tricks.append([number, plain, [], lineno, lead + 1])
            return
    dot = body.find(".")
    head = body[:dot].strip() if dot > 0 else ""
    lead = len(body) - len(body.lstrip())
    if not head.isdigit() or not head.isascii():
        _bad_trick_head(st, body, lineno, pieces, lead)
        if notes:
            st.attach_notes(notes)
        return
    if h is None:
        ln, col = pos(pieces, lineno, lead)
        st.diag("tag_outside_hand", "trick line before any [Hand] (expected [Hand \"1\"] first); ignored",
                "出牌行出现在任何 [Hand] 之前（应先写 [Hand \"1\"]）；已忽略", ln, col)
        return
    st.content = True
    number = _trick_number(st, h, head, pieces, lineno, lead)
    st.trick_no = number
    plays: list[Play] = []
    owners: list[int] = []     # segment index of each kept play
    seen = 0
    off = dot + 1
    segments = body[off:].split(",")
    split = body.count(":", off) > len(segments)
    if not split and pieces is None and not notes and "->" not in body:
        plain = _plain_plays(h, segments, off, lineno, st.decks, st.segments)
        if plain is not None:
            h.tricks.append([number, plain, [], lineno, lead + 1])
            return
    if h.tricks and not split and _repeated_line(st, h, segments, body, number, lineno, pieces):
        if notes:
            st.attach_notes(notes)      # (kept with the trick it copies)
        return
    cut = _wide_semicolon(st, body, off, lineno, pieces, number) if "；" in body else -1
    if cut >= 0:            # the text after a '；' that reads as plays is read in no way: cut off
        body, late = body[:cut], [n for n in notes if n[0] > cut]
        notes = [n for n in notes if n[0] <= cut] if late else notes
        segments = body[off:].split(",")
        split = body.count(":", off) > len(segments)
    if split:
        segments = _split_plays(st, segments, off, lineno, pieces, number)
    written = False         # a play is written before this piece: it follows (only the lead may be a failed throw)
    for si, seg in enumerate(segments):
        play = _play(st, h, seg, off, lineno, pieces, number, seen, written)
        written = written or bool(seg.strip())
        off += len(seg) + 1
        if play is not None:
            seen |= 1 << play.seat
            plays.append(play)
            owners.append(si)
    trick_notes: list[str] = []
    if notes:
        plays, trick_notes = _place_notes(plays, owners, segments, dot + 1, notes)
    if cut >= 0 and late:
        trick_notes += [n[1] for n in late]         # annotations in the text not read: kept with the trick
    ln, col = pos(pieces, lineno, lead)     # (a trick left with no play is reported with its hand: unread_tricks)
    h.tricks.append([number, plays, trick_notes, ln, col])


_READS_AS_PLAYS = re.compile(r'\s*' + _SEAT_WORD + r'\s*:\s*\S')
"""Text after a full-width ``；`` in a trick line that reads as a play (``SEAT: cards``)."""


def _wide_semicolon(st: Reading, body: str, off: int, lineno: int, pieces: Pieces, number: int) -> int:
    """The first full-width ``；`` after the trick number (a Chinese keyboard's: in ``.tgn`` only the ASCII ``;``
    starts a comment, and plays are separated by ``,``), when the text after it reads as plays or is blank: its
    offset, said at its column — the text before it is read (a comment mark or a ``,`` typed, it is the same
    plays), the text after it is not (a comment, or more plays: which, the record does not say).  ``-1`` when
    there is none, or the text after it reads otherwise (``N: SJ；SK``: the word holding it is an unknown card,
    said so by :func:`~.tgn_cards.read_cards`)."""
    k = body.find("；", off)
    if k < 0:
        return -1
    rest = body[k + 1:]
    plays = _READS_AS_PLAYS.match(rest) is not None
    if not plays and rest.strip():
        return -1
    ln, col = pos(pieces, lineno, k)
    if plays:
        shown = quoted(st.as_written(rest.strip()[:31], k + 1 + len(rest) - len(rest.lstrip())))
        st.diag("syntax_error", f"'；' (a full-width semicolon) in trick {number}: in .tgn only the ASCII ';' starts a "
                f"comment, and plays are separated by ','; the text after it ({shown}) reads as plays, which are not "
                "read (a comment, or plays: the record does not say which) — write ',' between plays, or ';' before "
                "a comment",
                f"第 {number} 轮中有 '；'（全角分号）：.tgn 中只有半角 ';' 开始注释，出牌之间用 ',' 分隔；其后的文字（{shown}）"
                "读起来是出牌，未读入（是注释还是出牌，记录没有说明）——出牌之间请写 ','，注释前请写 ';'", ln, col)
    else:
        st.diag("syntax_error", f"'；' (a full-width semicolon) ends trick {number}: in .tgn only the ASCII ';' starts a "
                "comment, and plays are separated by ','; nothing follows it, so the plays before it are read",
                f"第 {number} 轮以 '；'（全角分号）结尾：.tgn 中只有半角 ';' 开始注释，出牌之间用 ',' 分隔；其后没有内容，"
                "其前的出牌照常读入", ln, col)
    return k


def _copied_line(st: Reading, body: str, lineno: int, pieces: Pieces) -> None:
    """A trick line written twice in a row, word for word, its number too: the same trick copied again (a trick
    is played once; its number says which) — reported, and read once."""
    lead = len(body) - len(body.lstrip())
    ln, col = pos(pieces, lineno, lead)
    shown = quoted(st.as_written(body.strip()[:31], lead))
    st.diag("trick_sequence", f"trick line {shown} is written twice in a row, its number too: the same trick "
            "copied again; read once",
            f"出牌行 {shown} 连续写了两次（轮次也相同）：同一轮重复抄写；只读一次", ln, col)


def _repeated_line(st: Reading, h: HandDraft, segments: list[str], body: str, number: int, lineno: int,
                   pieces: Pieces) -> bool:
    """A trick line whose plays repeat the trick line read before it word for word (every seat, the same cards, in
    the same order; each a plain ``SEAT: cards``) under another number (or its own, written otherwise), where read
    as a trick of its own it would put more copies of a card in the hand's plays than the decks hold — copies its
    own cards push past the decks, not ones leads shaped as failed throws may have returned (:mod:`.throw_copies`):
    the same trick copied again, which the record proves (the decks cannot give both) — reported
    (``trick_sequence``) and read once, its cards not counted.  ``False`` (nothing said or counted) for any other
    line: two tricks with the same plays, within the decks, are read as written (each seat may hold two copies)."""
    n0, before = h.tricks[-1][0], h.tricks[-1][1]
    if not before or len(before) != len(segments):
        return False
    memo = st.segments
    for seg, p in zip(segments, before):
        got = memo.get(seg) or _segment(memo, seg)
        if got is None or p.attempted is not None or got[0] != p.seat or got[1] != p.cards:
            return False
    counts = Counter(k for p in before for k in p.cards)
    played, decks = h.played, st.decks
    earlier = [(d[0], d[1]) for d in h.tricks]
    over = [(k, played[k] + c) for k, c in sorted(counts.items()) if played[k] <= decks < played[k] + c
            and not any(returned_words(earlier, k, played[k] + c - decks, p.seat)
                        for p in before if k in p.cards)]
    if not over:
        return False
    lead = len(body) - len(body.lstrip())
    ln, col = pos(pieces, lineno, lead)
    shown = quoted(st.as_written(body.strip()[:31], lead))
    copies_en = ", ".join(f"{n} copies of {PRETTY[k]}" for k, n in over)
    copies_zh = "、".join(f"{n} 张 {PRETTY[k]}" for k, n in over)
    under_en = f"under the number {number}" if number != n0 else "under the same number"
    under_zh = f"轮次写作 {number}" if number != n0 else "轮次也相同"
    st.trick_no = n0
    st.diag("trick_sequence", f"trick line {shown} repeats the line of trick {n0} word for word (every seat, the "
            f"same cards, in the same order) {under_en}; read as a trick of its own it would put {copies_en} in the "
            f"plays of hand {h.number}, but {decks_en(decks, 'hold')} only {decks}: the same trick copied again; read "
            f"once, as trick {n0}",
            f"出牌行 {shown} 逐字重复了第 {n0} 轮的出牌行（各家、牌张、顺序均相同），{under_zh}；若作为单独一轮读取，"
            f"第 {h.number} 局的出牌中将有 {copies_zh}，而 {decks} 副牌只有 {decks} 张：同一轮重复抄写；只读一次，"
            f"按第 {n0} 轮", ln, col)
    return True


def unread_tricks(st: Reading, h: HandDraft) -> None:
    """Each trick line of hand ``h`` that gave no play — none written (``12.``), or none that could be read
    (each play's own problem is reported where it is) — reported at the line, with what the hand makes of
    it: after the hand's last trick with a play, the record of the hand ends before it; before one, every
    play of that trick is left out, the lead too, and the record goes on (no play of that trick, nor of
    the tricks after it, is then judged: docs/rules.md §14.1).  Either way no seat failed to play in it."""
    drafts = h.tricks
    last = max((i for i, d in enumerate(drafts) if d[1]), default=-1)
    for i, (number, plays, _, ln, col) in enumerate(drafts):
        if plays:
            continue
        st.trick_no = number
        head = f"trick {number} has no play that could be read (expected '{number}. N: cards, E: cards, …')"
        head_zh = f"第 {number} 轮没有可读的出牌（应为 '{number}. N: 牌, E: 牌, …'）"
        if i > last:
            st.diag("syntax_error", f"{head}: the record of hand {h.number} is read as ending before it, at "
                    f"damage (not where the hand ended); no seat is faulted for not playing in it, and hand "
                    f"{h.number}'s verdict says what is made of it (filled in from the deal lines, or the hand's end "
                    "not known)",
                    f"{head_zh}：第 {h.number} 局的记录按在该轮之前结束处理——此处为损坏，而非本局打完之处；不判任何一家未出牌，"
                    f"第 {h.number} 局的结论说明如何处理（依发牌行补出，或本局结果未知）", ln, col)
        else:
            st.diag("syntax_error", f"{head}, and the record goes on after it: every play of it is left out, the "
                    f"lead too, so no seat is faulted for not playing in it; hand {h.number}'s verdict says what "
                    "can be judged from it on (filled in from the deal lines, or withheld)",
                    f"{head_zh}，而记录在其后仍继续：该轮各家的出牌（包括首出）均缺失，不判任何一家未出牌；第 {h.number} 局的结论"
                    "说明自该轮起哪些仍可判定（依发牌行补出，或不予判定）", ln, col)
    st.trick_no = None


def _segment(memo: dict, seg: str) -> tuple[int, tuple[Card, ...], int] | None:
    """A plain ``SEAT: cards`` piece read, else ``None``: the seat, the cards and the piece's
    first column after its leading blanks (1-based, from the piece's start).  A piece reads the
    same wherever it stands, so what reads is remembered in ``memo`` by its text (one file's)."""
    head, colon, txt = seg.partition(":")
    seat = SEAT_LOOKUP.get(head.strip()) if colon else None
    if seat is None:
        return None
    try:
        cards = tuple(map(_CARD, txt.split()))
    except KeyError:
        return None
    if not cards:               # "N: ," — no card: :func:`_play` words it
        return None
    got = memo[seg] = (seat, cards, len(seg) - len(seg.lstrip()) + 1)
    return got


def _plain_plays(h: HandDraft, segments: list[str], start: int, lineno: int, decks: int,
                 memo: dict[str, tuple[int, tuple[Card, ...], int]]) -> list[Play] | None:
    """:func:`_plain_plays_python`, in C when the compiled core (``_tgn_core.c``) is built."""
    if _PLAIN is not None:
        return _PLAIN(h.played, segments, start, lineno, decks, memo)
    return _plain_plays_python(h, segments, start, lineno, decks, memo)


def _plain_plays_python(h: HandDraft, segments: list[str], start: int, lineno: int, decks: int,
                        memo: dict[str, tuple[int, tuple[Card, ...], int]]) -> list[Play] | None:
    """The plays of a trick line on one physical line without annotations or a failed throw
    (``->``, checked by the caller), when every piece is a plain ``SEAT: cards`` of known
    tokens, no seat plays twice and no card passes what the decks hold; else ``None`` with
    nothing reported or counted (:func:`_play` then reads each piece and reports what is wrong)."""
    plays = []
    kinds: list[Card] = []
    seen = 0
    known = memo.get
    for seg in segments:
        got = known(seg)
        if got is None:
            got = _segment(memo, seg)
            if got is None:
                return None
        seat, cards, col = got
        if seen & (1 << seat):
            return None
        seen |= 1 << seat
        plays.append(new_play(seat, cards, None, (), lineno, start + col))
        kinds += cards
        start += len(seg) + 1
    if not plays:
        return None
    played = h.played
    over = False
    for k in kinds:
        c = played[k] + 1
        played[k] = c
        if c > decks:
            over = True
    if over:
        for k in kinds:
            played[k] -= 1
        return None
    return plays


def _tgn_core():
    """The compiled :func:`_plain_plays_python` (``_tgn_core.c``: :func:`_segment` too), or ``None``."""
    core = compiled.load("tractor_analysis.records._tgn_core", ".tgn reader core", ".tgn 读取核心")
    if core is None:
        return None
    core.setup(Play, tuple(f.name for f in dataclasses.fields(Play)), _segment, CARD_LOOKUP, SEAT_LOOKUP)
    return core.plain_plays


_PLAIN = _tgn_core()
_PLAIN_TRICK = None if _PLAIN is None else getattr(compiled.load(
    "tractor_analysis.records._tgn_core", ".tgn reader core", ".tgn 读取核心"), "plain_trick", None)
"""The compiled one-pass case of :func:`trick_line` for a whole line (number, pieces, plays; ``None``
when the line needs more, and the Python below reads it: the reference)."""


def _bad_trick_head(st: Reading, body: str, lineno: int, pieces: Pieces, lead: int) -> None:
    """A line starting with a digit that is not ``number.``: say what a trick line is."""
    ln, col = pos(pieces, lineno, lead)
    m = _TRICK_NO_DOT.match(body)
    if m is not None and m.group(1).isascii():
        st.diag("syntax_error", f"missing '.' after the trick number {m.group(1)} (a trick line is "
                f"'{m.group(1)}. N: cards, E: cards, …'); the line is skipped",
                f"出牌序号 {m.group(1)} 后缺少 '.'（应为 '{m.group(1)}. N: 牌, E: 牌, …'）；本行已跳过",
                ln, col)
    else:
        shown = quoted(st.as_written(body.strip()[:31], lead))
        st.diag("syntax_error", f"cannot read {shown}: a trick line is "
                "'1. N: cards, E: cards, …' (number, dot, plays separated by commas)",
                f"无法读取 {shown}：出牌行应为 '1. N: 牌, E: 牌, …'（轮次、点号，再写各家出牌，出牌之间用逗号分隔）",
                ln, col)


def _trick_number(st: Reading, h: HandDraft, head: str, pieces: Pieces, lineno: int, lead: int) -> int:
    """The trick's number; one out of range is reported and the trick numbered as the next one."""
    number = int(head) if len(head) < 5 else 0
    if not 0 < number <= MAX_TRICK:
        number = h.tricks[-1][0] + 1 if h.tricks else h.first_trick
        ln, col = pos(pieces, lineno, lead)
        st.trick_no = number
        shown = st.as_written(head[:13], lead)
        shown = shown if len(shown) < 13 else shown[:12] + "…"
        st.diag("bad_value", f"trick number {shown} is out of range (expected 1..{MAX_TRICK}); numbered "
                f"{number}", f"轮次 {shown} 超出范围（应为 1..{MAX_TRICK}）；按第 {number} 轮处理", ln, col)
    return number


def _play(st: Reading, h: HandDraft, seg: str, start: int, lineno: int, pieces: Pieces, number: int,
          seen: int, follows: bool = False) -> Play | None:
    """One ``SEAT: cards`` piece of a trick line (``seen``: bits of the seats that played; ``follows``:
    a play is written before it); ``None`` when it is dropped (reported)."""
    colon = seg.find(":")
    first = start + len(seg) - len(seg.lstrip())        # where the piece's text starts in the line
    if colon < 0:
        if seg.strip():
            ln, col = pos(pieces, lineno, first)
            cards_only = all(t in CARD_LOOKUP for t in seg.split())
            hint = (" — cards are separated by spaces, plays by ','" if cards_only else "")
            hint_zh = ("（牌之间用空格分隔，出牌之间用 ','）" if cards_only else "")
            shown = quoted(st.as_written(seg.strip()[:31], first))
            st.diag("syntax_error", f"cannot read play {shown} in trick {number} "
                    f"(expected 'SEAT: cards'){hint}; the play is dropped",
                    f"第 {number} 轮中的出牌 {shown} 无法识别（应为 '座位: 牌'）{hint_zh}；该出牌已舍弃", ln, col)
        return None
    seat = SEAT_LOOKUP.get(seg[:colon].strip())
    if seat is None:
        ln, col = pos(pieces, lineno, first)
        written = st.as_written(seg[:colon].strip()[:31], first)
        shown = quoted(written)
        wide, wide_zh = width_note(written)      # ("", "") unless typed full-width
        st.diag("unknown_seat", f"unknown seat {shown} in trick {number} "
                f"({wide}expected N, E, S or W); the play is dropped",
                f"第 {number} 轮中的座位 {shown} 无法识别（{wide_zh}应为 N、E、S 或 W）；该出牌已舍弃", ln, col)
        return None
    if seen & (1 << seat):
        ln, col = pos(pieces, lineno, first)
        st.diag("duplicate_seat", f"seat {SEAT_TOKENS[seat]} plays twice in trick {number} "
                "(each seat plays once per trick); the second play is dropped",
                f"座位 {SEAT_TOKENS[seat]} 在第 {number} 轮中出牌两次（每家每轮只出一次牌）；第二次已舍弃", ln, col)
        return None
    txt = seg[colon + 1:]
    off = start + colon + 1
    attempted = None
    if "->" in txt:
        read = _throw_cards(st, seat, txt, off, lineno, pieces)
        if follows:
            _follow_as_throw(st, seat, txt, off, lineno, pieces, number)
            h.plays_unread.append((number, seat, seen.bit_count()))
            if read is not None:
                ln, col = pos(pieces, lineno, start + len(seg) - len(seg.lstrip()))
                h.throws_after_lead.append((number, Play(seat, read[0], read[1], (), ln, col)))
            return None
        if read is None:
            h.plays_unread.append((number, seat, seen.bit_count()))
            return None
        cards, attempted = read
    elif txt.strip() in ("?", "？"):     # "N: ?" — the record says it does not know the play: as a play not read, no problem
        h.plays_unread.append((number, seat, seen.bit_count()))
        return None
    elif not txt.strip():       # "N: ," — the seat written, its cards not: a play made that cannot be read
        ln, col = pos(pieces, lineno, first)
        st.diag("syntax_error", f"the play of {SEAT_TOKENS[seat]} in trick {number} gives no card (expected "
                f"'SEAT: cards'); read as a play that could not be read",
                f"第 {number} 轮中 {SEAT_TOKENS[seat]} 的出牌没有写牌（应为 '座位: 牌'）；按无法读取的出牌处理", ln, col)
        h.plays_unread.append((number, seat, seen.bit_count()))
        return None
    else:
        try:
            cards = tuple([CARD_LOOKUP[t] for t in txt.split()])
        except KeyError:
            cards, bad = read_cards(st, txt, off, lineno, pieces, f"the play of {SEAT_TOKENS[seat]} is dropped",
                                    f"{SEAT_TOKENS[seat]} 的出牌已舍弃", play=True)
            if bad:
                h.plays_unread.append((number, seat, seen.bit_count()))
                return None
    played = h.played
    decks = st.decks
    over = False
    for k in cards:
        played[k] += 1
        if played[k] > decks:
            over = True
    if over:     # rare: undo, and let count_copies() report with a position
        for k in cards:
            played[k] -= 1
        count_copies(st, played, cards, txt, off, lineno, pieces, f"the plays of hand {h.number}",
                     f"第 {h.number} 局的出牌", _returned_by_throws(h, seat), plays=True)
    ln, col = pos(pieces, lineno, start + len(seg) - len(seg.lstrip()))
    return Play(seat, cards, attempted, (), ln, col)


def _returned_by_throws(h: HandDraft, seat: int):
    """What a ``too_many_copies`` at a play of ``seat`` adds when leads shaped as failed throws written without
    ``->`` among the tricks read before may have returned the copies over (:mod:`.throw_copies`)."""
    def why(kind: int, over: int):
        return returned_words([(d[0], d[1]) for d in h.tricks], kind, over, seat)
    return why


def _throw_cards(st: Reading, seat: int, txt: str, off: int, lineno: int, pieces: Pieces
                 ) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """``(cards, attempted)`` of a failed throw ``CA CK CQ -> CQ``; ``None`` when a card is
    unknown (reported; the play is dropped)."""
    arrow = txt.find("->")
    side = next((name for name, part in (("before", txt[:arrow]), ("after", txt[arrow + 2:])) if not part.split()), None)
    if side is not None:        # "N: SQ SJ ->" (a line cut short): the throw or its forced play not written
        s = SEAT_TOKENS[seat]
        ln, col = pos(pieces, lineno, off + arrow)
        st.diag("syntax_error", f"the play of {s} is written as a failed throw with no card {side} '->' (expected "
                f"'cards -> forced play', e.g. 'N: SA SK -> SK'); the play is dropped and read as one that could not be "
                f"read", f"{s} 的出牌写成甩牌失败，但 '->' {'之前' if side == 'before' else '之后'}没有牌（应为 '甩出的牌 -> "
                f"被迫改出的牌'，如 'N: SA SK -> SK'）；该出牌已舍弃，按无法读取的出牌处理", ln, col)
        return None
    attempted, bad1 = read_cards(st, txt[:arrow], off, lineno, pieces,
                                 f"the play of {SEAT_TOKENS[seat]} is dropped",
                                 f"{SEAT_TOKENS[seat]} 的出牌已舍弃", play=True)
    cards, bad2 = read_cards(st, txt[arrow + 2:], off + 2 + arrow, lineno, pieces,
                             f"the play of {SEAT_TOKENS[seat]} is dropped",
                             f"{SEAT_TOKENS[seat]} 的出牌已舍弃", play=True)
    return None if bad1 or bad2 else (cards, attempted)


def _follow_as_throw(st: Reading, seat: int, txt: str, off: int, lineno: int, pieces: Pieces, number: int) -> None:
    """A follow written as a failed throw (``N: H4 -> H5`` after the lead): only the lead can be a failed
    throw (a throw is a lead, docs/rules.md §4.4), so what the seat played is not known — neither side of ``->`` is taken (either
    would be a guess): the play is dropped and read as left out (§14.1).  Reported at the ``->``."""
    s = SEAT_TOKENS[seat]
    shown = " ".join(txt.split())
    shown = repr(shown if len(shown) <= 40 else shown[:40] + "…")
    ln, col = pos(pieces, lineno, off + txt.find("->"))
    st.diag("bad_value", f"{s}'s play in trick {number} is written as a failed throw ({shown}) after another play: "
            f"read leader first, {s} follows, and only the lead can be a failed throw, so which cards {s} played is "
            f"not known; the play is dropped and read as left out (neither side of '->' is taken) — where {s} may "
            f"have led the trick, the hand is judged with the throw as its lead too (docs/rules.md §14.1)",
            f"第 {number} 轮 {s} 的出牌写成了甩牌失败（{shown}），写在另一家的出牌之后：按首出者在前读，{s} 是跟牌，而只有首家的"
            f"出牌才可能是甩牌失败，因此不知 {s} 实际出了哪些牌；该出牌已舍弃，按缺失的出牌处理（'->' 两边的牌都不采用）——"
            f"若 {s} 可能是该轮首家，本局也按该甩牌为首出判定一次（docs/rules.md §14.1）", ln, col)


def _split_plays(st: Reading, segments: list[str], off: int, lineno: int, pieces: Pieces, number: int
                 ) -> list[str]:
    """Split a piece holding two plays (``E: S9 S9 S: SQ SJ``, a comma left out) at the
    space before the second seat; that space stands for the comma, so offsets still hold."""
    out: list[str] = []
    start = off
    for seg in segments:
        colon = seg.find(":")
        while colon >= 0:
            m = _INNER_SEAT.search(seg, colon + 1)
            if m is None:
                break
            ln, col = pos(pieces, lineno, start + m.start(1))
            seat = st.as_written(m.group(1), start + m.start(1)) + st.as_written(":", start + m.end() - 1)
            st.diag("syntax_error", f"missing ',' before '{seat}' in trick {number} (plays are separated "
                    f"by ','); read as the next play",
                    f"第 {number} 轮 '{seat}' 前缺少 ','（出牌之间用 ',' 分隔）；已按下一家的出牌读取",
                    ln, col)
            out.append(seg[:m.start()])
            start += m.start() + 1
            seg = seg[m.start() + 1:]
            colon = seg.find(":")
        out.append(seg)
        start += len(seg) + 1
    return out


def _place_notes(plays: list[Play], owners: list[int], segments: list[str], base: int, notes: Notes):
    """Attach each annotation of a trick line to the play it follows (or, failing one, to the trick)."""
    extra: dict[int, list[str]] = {}
    trick_notes: list[str] = []
    # each segment's start, end (past its comma) and where its text starts (its length when blank): a
    # note's segment found by bisection, "is there text before offset k" in O(1) — not a walk over the
    # segments, nor a strip of one, per note (a line of 666,000 notes took a minute with the strip)
    starts, ends, first = [], [], []
    a = base
    for seg in segments:
        starts.append(a)
        a += len(seg) + 1
        ends.append(a)
        first.append(len(seg) - len(seg.lstrip()))
    ends[-1] = sys.maxsize          # past the last segment's end: still the last segment
    owner_of = {si: i for i, si in reversed(list(enumerate(owners)))}
    for o, text, _, _ in notes:
        i = bisect.bisect_right(ends, o)      # the first segment ending past the note
        si = i if first[i] < min(max(0, o - starts[i]), len(segments[i])) else i - 1
        owner = owner_of.get(si)
        if owner is None:
            trick_notes.append(text)
        else:
            extra.setdefault(owner, []).append(text)
    if extra:
        plays = [Play(p.seat, p.cards, p.attempted, p.notes + tuple(extra.get(i, ())), p.line, p.column)
                 for i, p in enumerate(plays)]
    return plays, trick_notes


def commented_plays(st: Reading, raw: str, semi: int, lineno: int) -> None:
    """A trick line whose ``;`` comment reads like more of the trick: plays (``; S: H4``) when it has fewer than four
    plays, or cards (``E: H3; S9, W: C10``) when it has fewer than four plays or its last play fewer cards
    than the lead."""
    h = st.hand
    if h is None or not h.tricks:
        return
    plays = h.tricks[-1][1]
    if len(plays) < 4 and _COMMENTED_PLAY.match(raw, semi + 1):
        cards_en = cards_zh = ""
    elif not _begins_with_a_card(raw, semi + 1) or not (len(plays) < 4 or len(plays[-1].cards) < len(plays[0].cards)):
        return
    else:
        cards_en, cards_zh = ", which begins with cards,", "以牌开头，"
    rest = quoted(raw[semi + 1:].strip()[:31])     # (the physical line: as written)
    sep_en, sep_zh = ((" (cards are separated by spaces, plays by ',')", "（牌之间用空格分隔，出牌之间用 ',' 分隔）")
                      if cards_en else (" (plays are separated by ',')", "（出牌之间用 ',' 分隔）"))
    st.diag("syntax_error", f"';' starts a comment: the rest of trick {st.trick_no} ({rest}){cards_en} "
            f"is not read{sep_en}",
            f"';' 之后是注释：第 {st.trick_no} 轮的其余部分（{rest}）{cards_zh}未读入{sep_zh}",
            lineno, semi + 1)


def _begins_with_a_card(raw: str, at: int) -> bool:
    """Whether the comment of ``raw`` from ``at`` begins with a card (as a play writes one)."""
    m = _COMMENT_WORD.match(raw, at)
    return m is not None and (m.group(1) in CARD_LOOKUP or card_kind(m.group(1)) is not None)

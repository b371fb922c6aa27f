"""Card lists in ``.tgn`` lines: the tokens of a deal, bottom, bury, play or declaration read
as card kinds, and copies counted against the number of decks.

An unknown token is reported at its own column (``unknown_card``) and left out; a kind seen
more often than the decks hold is reported at the last token naming it in the text
(``too_many_copies``).
"""
from __future__ import annotations

import re
import unicodedata

import dataclasses

from .diagnostics import decks_en
from .cards import SEAT_NAMES_ZH, SEAT_TOKENS, PRETTY, Card, card_kind, unknown_card_hint
from .tgn_lines import Pieces, pos
from .tgn_state import Reading, quoted
from .words import CARD_LOOKUP

__all__ = ["read_cards", "count_copies", "count_line_again", "copies_words"]

_TOKEN = re.compile(r'\S+')


def card_tokens(txt: str) -> list[str]:
    """The words of a card list as :func:`read_cards` reads them (each a card, or a token it cannot read)."""
    return _TOKEN.findall(txt)


_ARROW_MARKS = frozenset("-=>~→⇒➔➜⟶—–－＝＞〉》")
"""What a failed throw's arrow ``->`` is mistyped with (``- >``, ``=>``, ``→``, ``—>``, ``->>``)."""
_ARROW_HEADS = frozenset(">→⇒➔➜⟶＞〉》")


def _arrow_slip(token: str, txt: str, end: int) -> int:
    """Whether ``token`` of a play, ending at ``end`` of ``txt``, is a failed throw's arrow mistyped: marks of
    :data:`_ARROW_MARKS` only, with a head (``>``, ``→``) in it or starting the next word (``- >``) — the end of
    the arrow in ``txt`` then (that head's too), else ``-1``."""
    if not all(c in _ARROW_MARKS for c in token):
        return -1
    if any(c in _ARROW_HEADS for c in token):
        return end
    nxt = _NEXT_MARK.match(txt, end)
    return nxt.end() if nxt is not None and nxt.group(1) in _ARROW_HEADS else -1


_NEXT_MARK = re.compile(r'\s*(\S)')


def read_cards(st: Reading, txt: str, off: int, lineno: int, pieces: Pieces, what_en: str, what_zh: str,
               play: bool = False) -> tuple[tuple[Card, ...], int]:
    """Kinds of a card list; unknown tokens are reported (and left out): how many (0: none).  Cards
    written with commas between them (``H9, H9`` or ``H9,H9``, a typing slip) are read, with one
    ``syntax_error`` a list saying so.  In a ``play`` (a trick line's), a failed throw's arrow mistyped
    (``=>``, ``→``, ``- >``) is reported saying how a failed throw is written (once for its marks)."""
    try:
        return tuple([CARD_LOOKUP[t] for t in txt.split()]), 0
    except KeyError:
        pass
    out: list[Card] = []
    bad = 0
    commas = False
    arrow_to = -1           # the end of the mistyped arrow reported (its next mark is not reported again)
    for m in _TOKEN.finditer(txt):
        t = m.group()
        kind = CARD_LOOKUP.get(t)
        if kind is None:
            norm = unicodedata.normalize("NFKC", t)
            kind = card_kind(norm)     # full-width Ａ１０ too
            if kind is None and "," in norm:
                parts = [card_kind(p) for p in norm.split(",") if p]
                if parts and None not in parts:
                    if not commas:
                        commas = True
                        ln, col = pos(pieces, lineno, off + m.start())
                        shown = quoted(st.as_written(t[:31], off + m.start()))
                        st.diag("syntax_error", f"commas between cards ({shown}): the cards are read, but write them "
                                "separated by spaces only, e.g. 'H9 H9 H3'",
                                f"牌与牌之间有逗号（{shown}）：已读取这些牌，但牌之间应只用空格分隔，如 'H9 H9 H3'", ln, col)
                    out.extend(parts)
                    continue
            if kind is None:
                bad += 1
                if st.full():           # past the diagnostics kept: counted, not worded
                    st.dropped += 1
                    continue
                ln, col = pos(pieces, lineno, off + m.start())
                arrow = _arrow_slip(t, txt, m.end()) if play else -1
                if arrow >= 0:
                    if 0 <= arrow_to and txt[arrow_to:m.start()].isspace():     # "- >": its second mark
                        arrow_to = m.end()
                        continue
                    arrow_to = m.end()
                    t = txt[m.start():arrow]            # ("- >": quoted whole)
                    hint_en, hint_zh = ("(a failed throw is written 'cards -> forced play', with '->': e.g. "
                                        "'N: SA SK -> SK')", "（甩牌失败应写作 '甩出的牌 -> 被迫改出的牌'，箭头为 '->'，"
                                        "如 'N: SA SK -> SK'）")
                elif "；" in t:         # a Chinese keyboard's semicolon, no comment mark: said at it
                    ln, col = pos(pieces, lineno, off + m.start() + t.index("；"))
                    hint_en, hint_zh = ("(it holds '；', a full-width semicolon: in .tgn only the ASCII ';' starts a "
                                        "comment; cards are separated by spaces, plays by ',')",
                                        "（其中有 '；'，即全角分号：.tgn 中只有半角 ';' 开始注释；牌之间用空格分隔，"
                                        "出牌之间用 ','）")
                else:
                    hint_en, hint_zh = unknown_card_hint(t)
                    if play and norm == "?":        # a '?' among cards: a play not known is '?' alone (format.md)
                        hint_en = (hint_en[:-1] + "; a play not known is written '?' alone, in place of all its "
                                   "cards, e.g. 'N: ?')")
                        hint_zh = hint_zh[:-1] + "；出牌未知时整手只写一个 '?'，不写其他牌，如 'N: ?'）"
                shown = quoted(st.as_written(t[:31], off + m.start()))
                st.diag("unknown_card", f"unknown card {shown} {hint_en}; {what_en}",
                        f"无法识别的牌 {shown}{hint_zh}；{what_zh}", ln, col)
                continue
        out.append(kind)
    return tuple(out), bad


def count_copies(st: Reading, counts: list[int], cards: tuple[Card, ...], txt: str, off: int, lineno: int,
                 pieces: Pieces, where_en: str, where_zh: str, why=None, lines=None, plays: bool = False) -> int | None:
    """Add ``cards`` to ``counts``; report the first kind that goes over the decks' copies (``why(kind, over)``:
    what the message adds, ``None`` or English and Chinese, for ``over`` copies past the decks).  ``lines``: for
    the deal and ``Bottom:`` lines, ``(the hand being read, this line's key)`` — the message then names where every
    other copy is (:func:`copies_words`), and the diagnostic keeps them (``Diagnostic.copies``); ``plays``: a hand's
    plays — the diagnostic keeps the kind and its words (``Diagnostic.over``).  The kind reported (``None``: none
    went over)."""
    decks = st.decks
    over = None
    for k in cards:
        counts[k] += 1
        if counts[k] > decks and over is None:
            over = k
    if over is None:
        return None
    # point at the (last) token of the line naming the kind that went over
    col_off = 0
    for m in _TOKEN.finditer(txt):
        t = m.group()
        if CARD_LOOKUP.get(t, -1) == over:
            col_off = m.start()
    ln, col = pos(pieces, lineno, off + col_off)
    more_en, more_zh = (why and why(over, counts[over] - decks)) or ("", "")
    places = _copies_at(st, lines[0], lines[1], over, (txt, off, lineno, pieces)) if lines is not None else None
    if places is not None and len(places) == counts[over]:
        seen = (over, counts[over], decks, places)
        en, zh = copies_words(seen, (ln, col))
        kept = len(st.diags)
        st.diag("too_many_copies", en, zh, ln, col)
        if len(st.diags) > kept:
            st.diags[-1] = dataclasses.replace(st.diags[-1], copies=seen)
        return over
    en = (f"{counts[over]} copies of {PRETTY[over]} in {where_en}, but {decks_en(st.decks, 'hold')} only "
          f"{st.decks}{more_en}")
    zh = f"{where_zh}中有 {counts[over]} 张 {PRETTY[over]}，而 {st.decks} 副牌只有 {st.decks} 张{more_zh}"
    kept = len(st.diags)
    st.diag("too_many_copies", en, zh, ln, col)
    if plays and len(st.diags) > kept:
        st.diags[-1] = dataclasses.replace(st.diags[-1], over=(over, en, zh, bool(more_en)))
    return over


def count_line_again(st: Reading, h, key: str, cards: tuple[Card, ...]) -> int | None:
    """:func:`count_copies` of ``cards`` of hand ``h``'s deal line ``key`` (where :attr:`positions` puts it) once the
    hand is read — the cards of a seat's line its plays prove beyond those every line of the seat gives
    (:func:`.tgn_tricks.count_proven`).  The line is read again from the record's text (a line with an annotation or
    a quote, whose pieces are not kept: the copy reported at the line's label)."""
    ln, col = h.positions[key]
    text = st.lines[ln - 1] if 0 < ln <= len(st.lines) else ""
    colon = text.find(":", col - 1)
    if colon < 0 or "{" in text or '"' in text or "\\" in text:
        txt, off = "", col - 1
    else:
        txt, off = text[colon + 1:].split(";", 1)[0], colon + 1
    return count_copies(st, h.dealt, cards, txt, off, ln, None, "the deal and bottom", "发牌和底牌", lines=(h, key))


_LINE_KEYS = ("dealN", "dealE", "dealS", "dealW", "bottom")


def _copies_at(st: Reading, h, key: str, kind: int, here) -> tuple[tuple[str, int, int], ...] | None:
    """``(line key, line, column)`` of each token naming ``kind`` in hand ``h``'s deal and ``Bottom:`` lines read so
    far (:attr:`positions`: the line ``key`` being read is ``here``, ``(text, offset, line number, pieces)``; the
    others are read again from the record's text — a line read by the compiled reader keeps no tokens), in the
    order of the record; ``None`` where an earlier line is not one line of text alone (its copies not found)."""
    txt, off, lineno, pieces = here
    found = []
    for k in _LINE_KEYS:
        at = h.positions.get(k)
        if at is None:
            continue
        if k == key:
            found += [(k, *pos(pieces, lineno, off + m.start())) for m in _TOKEN.finditer(txt)
                      if _kind(m.group()) == kind]
            continue
        ln, col = at
        text = st.lines[ln - 1] if 0 < ln <= len(st.lines) else ""
        colon = text.find(":", col - 1)
        if colon < 0 or "{" in text or "\\" in text:
            return None
        body = text[colon + 1:].split(";", 1)[0]
        found += [(k, ln, colon + 2 + m.start()) for m in _TOKEN.finditer(body) if _kind(m.group()) == kind]
    return tuple(sorted(found, key=lambda p: (p[1], p[2])))


def _kind(token: str) -> int | None:
    """The card ``token`` names, as :func:`read_cards` reads it (full-width too), else ``None``."""
    k = CARD_LOOKUP.get(token)
    return k if k is not None else card_kind(unicodedata.normalize("NFKC", token))


def _place_words(key: str) -> tuple[str, str]:
    """A line key of ``Diagnostic.copies`` named (English, Chinese)."""
    if key == "bottom":
        return "the Bottom: line", "底牌行"
    seat = SEAT_TOKENS.index(key[4:])
    return f"{key[4:]}'s deal line", f"{SEAT_NAMES_ZH[seat]}的发牌行"


COUNTED_LAST = ("shown here is the copy counted last, not known to be the miscopied one",
                "此处为最后计入的一张，并不表明记错的就是这一张")
"""What a ``too_many_copies`` says of the copy it is shown at where nothing proves which copy is miscopied."""

COUNT_ALONE = ("the count alone does not tell which copy is miscopied", "仅凭张数看不出记错的是哪一张")
"""What a ``too_many_copies`` says where the engine's record findings speak of more than one place: what the
reader alone cannot tell, leaving the finding to the engine's words (never "the record does not prove which")."""


def play_copy_words(over: tuple, seat: int | None, trick: int | None, hand: int,
                    judged: bool, findings: int = 0) -> tuple[str, str]:
    """The ``too_many_copies`` of a hand's plays (English, Chinese; ``over`` as ``Diagnostic.over`` keeps it) once
    the engine has judged hand ``hand``: ``seat`` and ``trick`` the play the engine derives miscopied (its record
    finding, docs/rules.md §1.6: the diagnostic is then shown there), else ``None`` — not proven which copy,
    said so (``judged``: the engine judged the hand; a count leads shaped as failed throws may explain is left
    as read: no copy need be miscopied).  ``findings``: the engine's record findings at plays of the card where
    none is the one place shown (two, or one not placed in the text): the count alone does not tell which copy,
    and the words send the reader to those findings — never that the record does not prove it."""
    _, en, zh, returned = over
    if seat is not None and trick is not None:
        return (f"{en}: the copy {SEAT_TOKENS[seat]} played in trick {trick}, this one, is derived to be the "
                f"miscopied one (hand {hand}'s record findings)",
                f"{zh}：推出记错的是第 {trick} 轮{SEAT_NAMES_ZH[seat]}出的这一张（见第 {hand} 局的记录问题）")
    if judged and findings and not returned:
        return (f"{en}: {COUNT_ALONE[0]} ({COUNTED_LAST[0]}); hand {hand}'s record findings name the plays of it the "
                f"engine finds miscopied",
                f"{zh}：{COUNT_ALONE[1]}（{COUNTED_LAST[1]}）；第 {hand} 局的记录问题列出了推出记错的出牌")
    if judged and not returned:
        return (f"{en}: the record does not prove which copy is miscopied ({COUNTED_LAST[0]})",
                f"{zh}：记录无法证明记错的是哪一张（{COUNTED_LAST[1]}）")
    return en, zh


def copies_words(seen, at: tuple[int, int], path: str | None = None, proven: str | None = None,
                 hand: int | None = None, judged: bool = False, findings: bool = False) -> tuple[str, str]:
    """The ``too_many_copies`` of the deal and ``Bottom:`` lines (English, Chinese): ``seen`` as
    ``Diagnostic.copies`` keeps it, ``at`` the copy it is reported at; every other copy named by where it is
    (``path:line:column`` when ``path`` is given — a referee goes to each —, else ``line:column``).  ``proven``:
    the line key of the copy the engine proves miscopied (docs/rules.md §1.6; ``at`` is then that copy), in hand
    ``hand``; ``None``: not proven which (``judged``: the engine has judged the hand; else the reader does not
    know yet), the copy counted last reported; ``findings``: the engine proves copies of more than one line
    miscopied (or none of the places named here), so the words say what the count alone cannot tell and leave the
    finding to the engine's (never that the record does not prove it)."""
    kind, count, decks, places = seen
    card = PRETTY[kind]
    prefix = f"{path}:" if path else ""
    others = [(key, ln, col) for key, ln, col in places if (ln, col) != at]
    en_list = ", ".join(f"{prefix}{ln}:{col} ({_place_words(key)[0]})" for key, ln, col in others)
    zh_list = "、".join(f"{prefix}{ln}:{col}（{_place_words(key)[1]}）" for key, ln, col in others)
    en = f"{count} copies of {card} in the deal and bottom, but {decks_en(decks, 'hold')} only {decks}"
    zh = f"发牌和底牌中有 {count} 张 {card}，而 {decks} 副牌只有 {decks} 张"
    if proven is not None:
        place_en, place_zh = _place_words(proven)
        en += (f": the decks prove the copy in {place_en}, this one, the miscopied one (hand {hand}'s record "
               "findings)")
        zh += f"：各副牌证明记错的是{place_zh}中的这一张（见第 {hand} 局的记录问题）"
    elif others and judged and findings:
        en += f": {COUNT_ALONE[0]} ({COUNTED_LAST[0]}); hand {hand}'s record findings name the lines the decks prove miscopied"
        zh += f"：{COUNT_ALONE[1]}（{COUNTED_LAST[1]}）；第 {hand} 局的记录问题列出了各副牌证明记错的牌行"
    elif others and judged:
        en += f": the record does not prove which copy is miscopied ({COUNTED_LAST[0]})"
        zh += f"：记录无法证明记错的是哪一张（{COUNTED_LAST[1]}）"
    elif others:
        en += f" ({COUNTED_LAST[0]})"
        zh += f"（{COUNTED_LAST[1]}）"
    if others:
        en += f"; the other {'copies' if len(others) > 1 else 'copy'}: {en_list}"
        zh += f"；其余的 {card}：{zh_list}"
    return en, zh


def card_column(text: str, column: int, kind: int) -> int:
    """The column (1-based) of the last token naming ``kind`` in the play written at ``column`` of ``text`` (a
    trick line: ``E: SA S6``; of a failed throw, among the cards after ``->``, those that went to the table);
    ``column`` itself where none is found (the play written with an annotation or a quote, or not as read)."""
    colon = text.find(":", column - 1)
    if colon < 0:
        return column
    end = min((i for i in (text.find(c, colon) for c in ",;{\"") if i >= 0), default=len(text))
    body = text[colon + 1:end]
    start = colon + 1
    if "->" in body:
        start += body.index("->") + 2
        body = body[body.index("->") + 2:]
    found = [start + m.start() + 1 for m in _TOKEN.finditer(body) if _kind(m.group()) == kind]
    return found[-1] if found else column

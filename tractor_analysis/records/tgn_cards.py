"""Card lists in ``.tgn`` lines: the tokens of a deal, bottom, bury, play or declaration read
as card kinds, and copies counted against the number of decks.

An unknown token is reported at its own column (``unknown_card``) and left out; a kind seen
more often than the decks hold is reported at the last token naming it in the text
(``too_many_copies``).
"""
from __future__ import annotations

import re
import unicodedata

from .cards import TOKEN, Card, card_kind, unknown_card_hint
from .tgn_lines import Pieces, pos
from .tgn_state import Reading, quoted
from .words import CARD_LOOKUP

__all__ = ["read_cards", "count_copies"]

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
                shown = quoted(st.as_written(t[:31], off + m.start()))
                st.diag("unknown_card", f"unknown card {shown} {hint_en}; {what_en}",
                        f"无法识别的牌 {shown}{hint_zh}；{what_zh}", ln, col)
                continue
        out.append(kind)
    return tuple(out), bad


def count_copies(st: Reading, counts: list[int], cards: tuple[Card, ...], txt: str, off: int, lineno: int,
                 pieces: Pieces, where_en: str, where_zh: str, why=None) -> None:
    """Add ``cards`` to ``counts``; report the first kind that goes over the decks' copies (``why(kind, over)``:
    what the message adds, ``None`` or English and Chinese, for ``over`` copies past the decks)."""
    decks = st.decks
    over = None
    for k in cards:
        counts[k] += 1
        if counts[k] > decks and over is None:
            over = k
    if over is None:
        return
    # point at the (last) token of the line naming the kind that went over
    col_off = 0
    for m in _TOKEN.finditer(txt):
        t = m.group()
        if CARD_LOOKUP.get(t, -1) == over:
            col_off = m.start()
    ln, col = pos(pieces, lineno, off + col_off)
    more_en, more_zh = (why and why(over, counts[over] - decks)) or ("", "")
    st.diag("too_many_copies",
            f"{counts[over]} copies of {TOKEN[over]} in {where_en}, but {st.decks} deck(s) hold "
            f"only {st.decks}{more_en}",
            f"{where_zh}中有 {counts[over]} 张 {TOKEN[over]}，而 {st.decks} 副牌只有 {st.decks} 张{more_zh}",
            ln, col)

"""Tags of a ``.tgn`` record: ``[Name "value"]`` read off a line, then applied.

Match tags (before the first ``[Hand]``): event, site, date, round, table, players, team names,
``[Ruleset]`` and ``[Rule:…]`` (checked against the rulesets) and ``[Levels]``.  Hand tags:
dealer, trump, level, declarations, set-up, points, first trick, claim, friend, takebacks and bid-for;
numbers are checked against their ranges.  An unknown tag is kept verbatim; a match tag
inside a hand is kept as an extra tag of the hand, and said so.  ``[Hand]`` itself opens a
hand, which is the reader's job (:mod:`.tgn_reader`).
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from .cards import card_meant, parse_card, parse_rank, parse_trump
from .diagnostics import TRUMP_NOT_READ
from .json_layout import JSON_SUFFIX
from .limits import MAX_DEPTH, json_too_deep, whole_number
from .model import Declaration
from .rulesets import rule_problems
from .tgn_cards import read_cards
from .tgn_lines import Pieces, half_width, pos, raw_offset, unescape
from .tgn_state import MAX_POINTS, MAX_TRICK, HandDraft, Reading, quoted, width_note
from .words import CARD_LOOKUP, SEAT_LOOKUP, TRUMP_WORDS

__all__ = ["KNOWN_TAGS", "read_tags", "match_tag", "hand_tag", "parse_levels"]

Position = tuple[int, int]

_NUMBER_RANGES = {"points": (0, MAX_POINTS, "the points before the position are left unknown",
                             "残局前的得分视为未知"),
                  "firsttrick": (1, MAX_TRICK, "read as 1", "按 1 处理"),
                  "claim": (-MAX_POINTS, MAX_POINTS, "ignored", "已忽略")}
_NUMBER_FIELDS = {"points": "points", "firsttrick": "first_trick", "claim": "claim"}
_UNKNOWN_NUMBERS = {"points": 0, "claim": None}
"""The number tags ``"?"`` may give (not known), with the value they then hold, as when left out
(``[FirstTrick "?"]`` is no number: a position's trick numbers need it)."""

_MATCH_TEXT_TAGS = {"event": "event", "site": "site", "date": "date", "round": "round", "table": "table"}
_PLAYER_TAGS = {"north": 0, "east": 1, "south": 2, "west": 3}
_TEAM_TAGS = {"teamns": 0, "teamew": 1}
_MATCH_TAGS = set(_MATCH_TEXT_TAGS) | set(_PLAYER_TAGS) | set(_TEAM_TAGS) | {"ruleset", "levels"}
_HAND_TAGS = {"dealer", "trump", "level", "declarations", "setup", "points", "firsttrick",
              "claim", "friend", "takebacks", "bidfor", "resultonly"}
KNOWN_TAGS = _MATCH_TAGS | _HAND_TAGS | {"hand"}
"""Lower-cased names of the tags the reader reads (``Rule:*`` too); others are kept verbatim."""

_TAG = re.compile(r'\[\s*([^\s\[\]"{};]+)\s*"((?:[^"\\]|\\.)*+)"')   # possessive: see tgn_lines._NOTE_END
_TAG_CLOSE = re.compile(r'\s*\]')
_TAG_NAME = re.compile(r'\[\s*([^\s\[\]"{};]*)')
_WORD = re.compile(r'[^\s,]+')
"""A word of ``[Takebacks]`` (words separated by white space or commas), read off its full-width value."""


def read_tags(st: Reading, body: str, lineno: int, pieces: Pieces, pos_: int
              ) -> Iterator[tuple[str, str, Position, Position, Position]]:
    """Each tag of a tag line as ``(name, value, at, name_at, value_at)``, lazily (so the caller's
    problems with one tag come before this line's problems with the next); stops at the first
    malformed piece, which it reports."""
    n = len(body)
    while pos_ < n:
        while pos_ < n and body[pos_].isspace():
            pos_ += 1
        if pos_ >= n:
            break
        ln, col = pos(pieces, lineno, pos_)
        if body[pos_] != "[":
            shown = quoted(st.as_written(body[pos_:].strip()[:21], pos_), 20)
            st.diag("syntax_error", f"unexpected text {shown} after a tag "
                    "(expected one [Name \"value\"] tag after another, or a comment)",
                    f"标签后有多余的内容 {shown}（应为一个接一个的 [名称 \"值\"] 标签，或注释）", ln, col)
            return
        m = _TAG.match(body, pos_)
        if m is None:
            nm = _TAG_NAME.match(body, pos_)
            rest = body[nm.end():].lstrip() if nm else ""
            if "]" not in body[pos_:] and (not rest or rest.startswith('"')):
                st.diag("unclosed_tag", "unclosed tag: '[' without its closing ']' "
                        "(expected [Name \"value\"])", "标签未闭合：'[' 缺少对应的 ']'（应为 [名称 \"值\"]）", ln, col)
            else:
                shown = quoted(st.as_written(body[pos_:].strip()[:31], pos_))
                st.diag("syntax_error", f"malformed tag {shown} "
                        "(expected [Name \"value\"], the value in double quotes)",
                        f"标签格式错误 {shown}（应为 [名称 \"值\"]，值写在双引号中）", ln, col)
            return
        close = _TAG_CLOSE.match(body, m.end())
        if close is None:
            st.diag("unclosed_tag", f"unclosed tag [{m.group(1)}: the value is not followed by ']' "
                    "(expected [Name \"value\"])", f"标签未闭合：[{m.group(1)} 的值后面缺少 ']'（应为 [名称 \"值\"]）",
                    ln, col)
            return
        vln, vcol = pos(pieces, lineno, m.start(2))
        nln, ncol = pos(pieces, lineno, m.start(1))
        value = unescape(m.group(2))
        if m.group(1).endswith(JSON_SUFFIX):
            _typed_value(st, m.group(1), m.group(2), value, lambda off: pos(pieces, lineno, m.start(2) + off))
        yield m.group(1), value, (ln, col), (nln, ncol), (vln, vcol)
        pos_ = close.end()


def _typed_value(st: Reading, name: str, raw: str, value: str, where) -> None:
    """A typed tag ``[Name:json "…"]`` holds the JSON text of a field (``docs/format.md``); the
    writers turn it back into that field, so it has the JSON reader's depth limit
    (:data:`~.limits.MAX_DEPTH`): past it, ``too_deep`` at the bracket (``where(offset in raw)``
    gives its line and column).  The tag is kept as it is written, as text."""
    deep = json_too_deep(value)
    if deep is None:
        return
    line, column = where(raw_offset(raw, deep))
    st.diag("too_deep", f"the value of [{name}] nests more than {MAX_DEPTH} levels of [ ] and {{ }} here (the "
            "JSON reader's limit: a typed tag holds the JSON of a field); kept as text, not as a JSON value",
            f"[{name}] 的值在此处嵌套超过 {MAX_DEPTH} 层（JSON 读取的上限：带类型的标签存放一个字段的 JSON）；"
            "按文本保留，不作为 JSON 值", line, column)


def _duplicate(st: Reading, seen: set, low: str, name: str, at: Position) -> None:
    if low in seen:
        st.diag("duplicate_tag", f"tag [{name}] given twice; the later value is used",
                f"标签 [{name}] 重复出现；以后一个为准", *at)
    seen.add(low)


# --- match tags ---------------------------------------------------------------

def match_tag(st: Reading, name: str, low: str, value: str, at: Position, name_at: Position,
              value_at: Position) -> None:
    """A tag before the first ``[Hand]``: a match tag, a rule, or an extra tag kept verbatim."""
    if low in _HAND_TAGS:
        st.diag("tag_outside_hand", f"[{name}] is a hand tag but comes before any [Hand] "
                "(expected [Hand \"1\"] first); ignored",
                f"[{name}] 是牌局标签，但出现在任何 [Hand] 之前（应先写 [Hand \"1\"]）；已忽略", *at)
        return
    if low.startswith("rule:"):
        _rule_tag(st, name[5:], value, name_at, value_at)
        return
    if low not in _MATCH_TAGS:
        st.match_tags.append((name, value))
        return
    _duplicate(st, st.match_seen, low, name, at)
    if low in _MATCH_TEXT_TAGS:
        st.match[_MATCH_TEXT_TAGS[low]] = value
    elif low in _PLAYER_TAGS:          # a name without the white space around it; a blank one names nobody
        st.players[_PLAYER_TAGS[low]] = value.strip() or None
    elif low in _TEAM_TAGS:
        st.teams[_TEAM_TAGS[low]] = value if value.strip() else None
    elif low == "ruleset":
        st.match["ruleset"] = value = _fixed_word(st, value, lambda v: rule_problems(v, ()), value_at)
    elif low == "levels":
        read = value if value.isascii() else half_width(value)     # "ＮＳ：２ ＥＷ：２" as "NS:2 EW:2"
        levels = parse_levels(read)
        if levels is None:
            twice = _side_named_twice(read)
            en = f" (it names {twice} twice)" if twice else ""
            zh = f"（{twice} 出现两次）" if twice else ""
            wide, wide_zh = width_note(value)
            st.diag("bad_value", f"bad [Levels] value {value!r}{en}; {wide}expected each side at most once, e.g. "
                    "\"NS:2 EW:2\"; both sides' levels are unknown",
                    f"[Levels] 的值 {value!r} 不正确{zh}，{wide_zh}每方至多写一次，例如 \"NS:2 EW:2\"；双方级别未知", *value_at)
            levels = (None, None)
        st.match["levels"] = levels


def _rule_tag(st: Reading, option: str, value: str, name_at: Position, value_at: Position) -> None:
    """``[Rule:option "value"]``: kept, and checked against the rule options."""
    if not value.isascii():             # full-width "ｏｎ" as "on" (an option's value is a word or a number)
        value = _fixed_word(st, value, lambda v: rule_problems(None, [(option, v)]), value_at, name_at)
        st.rules.append((option, value))
        return
    st.rules.append((option, value))
    for code, _, en, zh in rule_problems(None, [(option, value)]):
        where = name_at if code == "unknown_rule" else value_at
        st.diag(code, en, zh, where[0], where[1] + (5 if code == "unknown_rule" else 0))


def _fixed_word(st: Reading, value: str, problems, value_at: Position, name_at: Position | None = None) -> str:
    """The value of ``[Ruleset]`` or ``[Rule:…]`` as it is kept, its problems (``problems(value)``: the
    ``(code, name, English, Chinese)`` of :func:`~.rulesets.rule_problems`) reported: read with its full-width
    characters as ASCII (``"ｓｔａｎｄａｒｄ"`` is ``"standard"``) when that reading has none, else as written, each
    message saying the value is full-width.  ``name_at``: where an unknown option's name is (``[Rule:…]``)."""
    read = value if value.isascii() else half_width(value)
    kept, found = read, problems(read)
    if read is not value and any(code != "unknown_rule" for code, *_ in found):
        kept, found = value, problems(value)        # refused read as ASCII too: kept, and quoted, as written
    wide, wide_zh = _width_aside(value) if kept is value else ("", "")
    for code, _, en, zh in found:
        if code == "unknown_rule" and name_at is not None:
            st.diag(code, en, zh, name_at[0], name_at[1] + 5)
        else:
            st.diag(code, en + wide, zh + wide_zh, *value_at)
    return kept


def _side_named_twice(value: str) -> str | None:
    """The side a ``[Levels]`` value names twice (``"EW"``), else ``None``."""
    seen: set[str] = set()
    for part in value.replace(",", " ").split():
        team = part.partition(":")[0].strip().upper()
        if team in seen:
            return team
        seen.add(team)
    return None


def parse_levels(value: str) -> tuple[int | None, int | None] | None:
    """``"NS:2 EW:2"`` → ``(2, 2)``; a side not named, or named ``?`` (``"NS:5 EW:?"``), is unknown
    (``None``); ``None`` when the value cannot be read — or names a side twice (``"NS:2 EW:2 EW:4"``:
    which is meant is not known, so neither is taken)."""
    levels: dict[str, int | None] = {"NS": None, "EW": None}
    parts = value.replace(",", " ").split()
    if not parts:
        return None
    named: set[str] = set()
    for part in parts:
        team, _, rank = part.partition(":")
        team = team.strip().upper()
        if team not in levels or not rank or team in named:
            return None
        named.add(team)
        if rank.strip() == "?":
            continue
        try:
            levels[team] = parse_rank(rank)
        except ValueError:
            return None
    return levels["NS"], levels["EW"]


# --- hand tags ----------------------------------------------------------------

def hand_tag(st: Reading, h: HandDraft, name: str, low: str, value: str, at: Position,
             value_at: Position) -> None:
    """A tag inside hand ``h``: a hand tag is applied; any other is kept as an extra tag."""
    if low not in _HAND_TAGS:
        if low in _MATCH_TAGS or low.startswith("rule:"):
            st.diag("tag_inside_hand", f"match tag [{name}] inside hand {h.number}: match tags go before "
                    "the first [Hand]; kept as an extra tag of the hand and not applied",
                    f"比赛标签 [{name}] 出现在第 {h.number} 局之内：比赛标签应写在第一个 [Hand] 之前；"
                    "已作为本局的附加标签保留，不生效", *at)
        h.tags.append((name, value))
        return
    _duplicate(st, h.seen, low, name, at)
    h.positions[low] = at
    # every hand tag takes a seat, a number, a rank, a card or a fixed word: full-width "Ｗ" "６５" "？"
    # (a Chinese input method in full-width mode) read as the ASCII; a message quotes the value as written
    read = value if value.isascii() else half_width(value)
    v = read.strip()
    if low == "dealer":
        seat = SEAT_LOOKUP.get(v)
        h.dealer_unknown = v == "?"
        if h.dealer_unknown:
            # "?": the record does not know who dealt (the writers put it): unknown as a [Dealer] left
            # out — derived where the record allows — but no problem; no place kept, as it names no seat
            del h.positions[low]
        elif seat is None:
            wide, wide_zh = width_note(value)
            st.diag("unknown_seat", f"unknown seat {value!r} in [Dealer] ({wide}expected N, E, S or W, or \"?\" "
                    "when not known)", f"[Dealer] 中的座位 {value!r} 无法识别（{wide_zh}应为 N、E、S 或 W，未知时写 \"?\"）",
                    *value_at)
        h.dealer = seat
    elif low == "trump":
        h.trump_seen = True
        if v == "?":      # the record does not know the trump (the writers put it): unknown, never NT
            # no place kept, as it names no trump (a place kept with the trump not known: a value not read)
            h.trump, h.trump_known = None, False
            del h.positions[low]
            return
        try:
            h.trump, h.trump_known = parse_trump(TRUMP_WORDS.get(v.lower(), v)), True
        except ValueError:
            h.trump, h.trump_known = None, False
            wide, wide_zh = width_note(value)
            st.diag("bad_value", f"unknown trump {value!r} in [Trump] ({wide}expected S, H, D, C or NT, or \"?\" when "
                    f"not known): {TRUMP_NOT_READ[0]}",
                    f"[Trump] 中的主牌花色 {value!r} 无法识别（{wide_zh}应为 S、H、D、C 或 NT，未知时写 \"?\"）："
                    f"{TRUMP_NOT_READ[1]}", *value_at)
    elif low == "level":
        if v == "?":
            # "?": the record does not know the level played (the writers put it): read as a [Level] left
            # out — derived from [Levels] and the hands before where they fix it, else unknown — and, as for
            # a [Level] left out, no problem; no place kept, as it names no level
            h.level = None
            del h.positions[low]
            return
        try:
            h.level = parse_rank(v)
        except ValueError:
            h.level = None
            wide, wide_zh = width_note(value)
            st.diag("bad_value", f"unknown level {value!r} in [Level] ({wide}expected 2..10, J, Q, K or A, or \"?\" "
                    "when not known): the level is read as not stated",
                    f"[Level] 中的级别 {value!r} 无法识别（{wide_zh}应为 2..10、J、Q、K 或 A，未知时写 \"?\"）：按未写明级别处理",
                    *value_at)
    elif low == "setup":
        _setup(st, h, value, v, value_at)
    elif low in _NUMBER_FIELDS:
        if v == "?" and low in _UNKNOWN_NUMBERS:
            # "?": the record does not know the points so far of a position, or the total claimed at the
            # table — read as the tag left out (no problem: both are optional; a score sheet's hand, which
            # needs its [Claim], says so where the hand closes, at this tag)
            setattr(h, _NUMBER_FIELDS[low], _UNKNOWN_NUMBERS[low])
            if low == "points":
                h.points_known = False
            return
        number = _int_value(st, name, value, value_at, read)
        if number is not None:
            setattr(h, _NUMBER_FIELDS[low], number)
        if low == "points":
            h.points_known = number is not None
    elif low == "friend":
        _friend(st, h, value, v, value_at)
    elif low == "declarations":
        problems = len(st.diags) + st.dropped
        h.declarations = _declarations(st, value, value_at)      # (its seats read full-width too)
        h.declarations_known = len(st.diags) + st.dropped == problems    # none dropped
    elif low == "takebacks":
        _takebacks(st, h, value, read, value_at)
    elif low == "bidfor":
        _bid_for(st, h, value, v, value_at)
    elif low == "resultonly":
        flag = v.lower()
        if flag in ("1", "true", "yes", "on"):
            h.result_only = True
        elif flag in ("0", "false", "no", "off"):
            h.result_only = False
        else:
            wide, wide_zh = _width_aside(value)
            st.diag("bad_value", f"[ResultOnly] takes \"yes\" or \"no\", not {value!r}{wide}",
                    f"[ResultOnly] 应为 \"yes\" 或 \"no\"，而不是 {value!r}{wide_zh}", *value_at)


def _bid_for(st: Reading, h: HandDraft, value: str, v: str, value_at: Position) -> None:
    """``[BidFor "yes"]``: the deal was bid for (抢庄), see :attr:`~.model.Hand.bid_for`; ``"?"``:
    whether it was is not known (:attr:`~.model.Hand.bid_for_known`, an 80fen round without ``redeals``)."""
    flag = v.lower()
    if flag in ("1", "true", "yes", "on"):
        h.bid_for, h.bid_for_known = True, True
    elif flag in ("0", "false", "no", "off"):
        h.bid_for, h.bid_for_known = False, True
    else:                   # "?", or a value that cannot be read: not known, never "no"
        h.bid_for, h.bid_for_known = False, False
        if flag != "?":
            wide, wide_zh = _width_aside(value)
            st.diag("bad_value", f"[BidFor] takes \"yes\", \"no\" or \"?\" (not known), not {value!r}{wide}: "
                    "whether the deal was bid for is not known", f"[BidFor] 应为 \"yes\"、\"no\" 或 \"?\"（未知），"
                    f"而不是 {value!r}{wide_zh}：不知本局是否抢庄", *value_at)


def _setup(st: Reading, h: HandDraft, value: str, v: str, value_at: Position) -> None:
    flag = v.lower()
    if flag in ("1", "true", "yes", "on"):
        h.setup = True
    elif flag in ("0", "false", "no", "off"):
        h.setup = False
    else:
        wide, wide_zh = _width_aside(value)
        st.diag("bad_value", f"[SetUp] takes \"1\" or \"0\", not {value!r}{wide}",
                f"[SetUp] 应为 \"1\" 或 \"0\"，而不是 {value!r}{wide_zh}", *value_at)


def _width_aside(value: str) -> tuple[str, str]:
    """:func:`~.tgn_state.width_note` of a tag's value as an aside after the value a message quotes:
    ``" ('Ｘ' is in full-width characters, read as 'X')"``; ``("", "")`` when it holds none."""
    en, zh = width_note(value)
    return (f" ({en[:-2]})", f"（{zh[:-1]}）") if en else ("", "")


def _int_value(st: Reading, name: str, value: str, value_at: Position, read: str | None = None) -> int | None:
    """A whole number within the tag's range, else ``None`` (and a ``bad_value``); ``read``: the value with
    its full-width characters read as ASCII (``"６５"`` is 65), ``value`` as written (what a message quotes)."""
    number = whole_number(value if read is None else read)
    if number is None:
        unknown = name.lower() in _UNKNOWN_NUMBERS      # ("?" says it is not known)
        or_en, or_zh = (', or "?" when not known', '（未知时写 "?"）') if unknown else ("", "")
        shown = quoted(value[:41], 40)
        wide, wide_zh = _width_aside(value[:41])
        st.diag("bad_value", f"[{name}] takes a whole number{or_en}, not {shown}{wide}",
                f"[{name}] 应为整数{or_zh}，而不是 {shown}{wide_zh}", *value_at)
        return None
    lo, hi, then_en, then_zh = _NUMBER_RANGES[name.lower()]
    if lo <= number <= hi:
        return number
    st.diag("bad_value", f"[{name}] {number} is out of range (expected {lo}..{hi}); {then_en}",
            f"[{name}] 的值 {number} 超出范围（应为 {lo}..{hi}）；{then_zh}", *value_at)
    return None


def _friend(st: Reading, h: HandDraft, value: str, v: str, value_at: Position) -> None:
    """``[Friend "SA"]``: the card the dealer called; ``"?"``: the record does not know it — read as a
    ``[Friend]`` left out (in friend mode the dealer's partner is then unknown, docs/rules.md §11), no problem."""
    if v == "?":
        h.friend = None
        del h.positions["friend"]
        return
    kind = CARD_LOOKUP.get(v)
    if kind is None:
        try:
            kind = parse_card(v)
        except ValueError:
            meant = card_meant(v)
            wide, wide_zh = width_note(value)
            st.diag("unknown_card", f"unknown card {value!r} in [Friend] "
                    + (f"({wide}did you mean {meant}? the suit comes first)" if meant
                       else f"({wide}expected e.g. SA, HK, BJ, or \"?\" when not known)"),
                    f"[Friend] 中的牌 {value!r} 无法识别" + (f"（{wide_zh}是否为 {meant}？花色在前）" if meant
                                                            else f"（{wide_zh}应如 SA、HK、BJ，未知时写 \"?\"）"),
                    *value_at)
    h.friend = kind


def _takebacks(st: Reading, h: HandDraft, value: str, read: str, value_at: Position) -> None:
    """``[Takebacks "N S"]``, once per take-back.  ``?`` is one take-back whose seat is not known (``None``,
    without a diagnostic: the writers put it); a word that is no seat is ``unknown_seat`` and kept as
    written (``None`` too, and in ``takebacks_unread``: not sure to be one take-back) — never dropped: the
    engine then withholds what its level penalty decides (docs/rules.md §10.2).  ``read``: ``value`` with its
    full-width characters read as ASCII (``"Ｎ，Ｓ"`` is ``"N,S"``), one for one; a word is kept as written."""
    seats: list[int | None] = []
    unread: list[str] = []
    if read is value:
        words = [(w, w) for w in value.replace(",", " ").split()]
    else:
        words = [(m.group(), value[m.start():m.end()]) for m in _WORD.finditer(read)]
    for word, written in words:
        seat = SEAT_LOOKUP.get(word)
        if seat is None and word != "?":
            wide, wide_zh = width_note(written)
            st.diag("unknown_seat", f"unknown seat {written!r} in [Takebacks] ({wide}expected seats such as "
                    "\"N S\", or ? for a take-back whose seat is not known)", f"[Takebacks] 中的座位 {written!r} 无法识别"
                    f"（{wide_zh}应为座位，如 \"N S\"；座位未知的悔牌写 ?）", *value_at)
            unread.append(written)
        seats.append(seat)
    h.takebacks = tuple(seats)
    h.takebacks_unread = tuple(unread)


_NEXT_DECLARATION = re.compile(r'(?:\s*([,，])\s*|\s+)(?=(?:[NESWnesw北东東南西]|[北东東南西]家|(?i:north|east|south|west))\s*:)')
"""A comma (group 1), or white space alone, before a seat and its colon inside one declaration: declarations
written with ',' or a space for '|'."""


def _declarations(st: Reading, value: str, value_at: Position) -> tuple[Declaration, ...]:
    """``[Declarations "N: H2 | E: S2 S2 || W: BJ BJ"]``; after ``||`` they came after the bottom.  Two
    declarations written with ``,`` between them (``W: C2, W: C2 C2``) are read as two, and said so."""
    out = []
    vln, vcol = value_at
    off = 0
    if not value.strip():
        return ()
    written = value
    value = value.replace("：", ":").replace("｜", "|")
    rebid_at = value.find("||")
    if rebid_at >= 0:   # 炒地皮: the declarations after '||' came after the bottom was taken
        value = value[:rebid_at] + "|" + value[rebid_at + 2:]

    def at(k: int) -> int:
        """The offset in the tag's value of offset ``k`` of ``value`` (where ``||`` is read as one ``|``)."""
        return k + (0 <= rebid_at < k)

    def said(a: int, b: int) -> str:
        """``value[a:b]`` as the tag writes it (full-width ``：`` ``｜``, and ``||``)."""
        return written[at(a):at(b)]
    for whole in value.split("|"):
        start = off
        off += len(whole) + 1
        after_bottom = rebid_at >= 0 and start > rebid_at
        if rebid_at >= 0 and not after_bottom and not whole.strip() and start == 0:
            continue        # "|| W: BJ BJ": nobody declared before the bottom
        for part, start in _comma_separated(st, whole, start, said, vln, vcol + at(start) - start):
            got = _declaration(st, part, start, said, vln, vcol, at)
            if got is not None:
                out.append(Declaration(got[0], got[1], after_bottom))
    return tuple(out)


def _comma_separated(st: Reading, part: str, start: int, said, vln: int, vcol: int) -> list[tuple[str, int]]:
    """The declarations of ``part`` (one between ``|``s, at offset ``start``), each with its offset: ``part``
    alone, or, written with ``,`` or a space alone for ``|`` (``W: C2, W: C2 C2``, ``W: C2 W: C2 C2``), each one —
    said once, at the first comma (or the seat after the first space)."""
    if part.count(":") < 2:         # one seat's colon: one declaration (the common case: no pattern search)
        return [(part, start)]
    cuts = [m for m in _NEXT_DECLARATION.finditer(part) if ":" in part[:m.start()]]
    if not cuts:
        return [(part, start)]
    first = cuts[0]
    c = first.start(1) if first.group(1) else first.end()
    commas = sum(m.group(1) is not None for m in cuts)
    by, by_zh = (("by ','", "用 ',' 分隔") if commas == len(cuts) else ("by a space alone", "仅用空格分隔") if not commas
                 else ("by ',' and by a space alone", "用 ',' 或仅用空格分隔"))
    shown = quoted(said(start, start + len(part)).strip()[:31])
    st.diag("syntax_error", f"declarations in {shown} are separated {by}: in [Declarations] they are separated "
            "by '|' (e.g. [Declarations \"W: C2 | W: C2 C2\"], '||' before those made after the bottom); read as "
            f"{len(cuts) + 1} declarations",
            f"{shown} 中的亮主记录{by_zh}：[Declarations] 中各次亮主应以 '|' 分隔（如 [Declarations \"W: C2 | W: C2 C2\"]，"
            f"翻底之后的亮主前用 '||'）；已按 {len(cuts) + 1} 次亮主读取", vln, vcol + start + c)
    out, a = [], 0
    for m in cuts:
        out.append((part[a:m.start()], start + a))
        a = m.end()
    out.append((part[a:], start + a))
    return out


def _declaration(st: Reading, part: str, start: int, said, vln: int, vcol: int, at):
    """One declaration ``SEAT: cards`` (at offset ``start`` of the value): its seat and cards, or ``None``
    when it is dropped (reported)."""
    colon = part.find(":")
    lead = len(part) - len(part.lstrip())
    if colon < 0:
        shown = quoted(said(start + lead, start + len(part.rstrip())).strip()[:31])
        st.diag("syntax_error", f"declaration {shown} is not 'SEAT: cards' "
                "(expected e.g. [Declarations \"N: H2 | E: S2 S2\"])",
                f"亮主记录 {shown} 不是 '座位: 牌'（应如 [Declarations \"N: H2 | E: S2 S2\"]）",
                vln, vcol + at(start + lead))
        return None
    label = part[:colon].strip()
    seat = SEAT_LOOKUP.get(label)
    if seat is None and not label.isascii():
        seat = SEAT_LOOKUP.get(half_width(label))       # "Ｗ：" as a Chinese input method types it
    if seat is None:
        written_seat = said(start + lead, start + len(part[:colon].rstrip()))[:31]
        shown = quoted(written_seat)
        wide, wide_zh = width_note(written_seat)
        st.diag("unknown_seat", f"unknown seat {shown} in [Declarations] "
                f"({wide}expected N, E, S or W)", f"[Declarations] 中的座位 {shown} 无法识别（{wide_zh}应为 N、E、S 或 W）",
                vln, vcol + at(start + lead))
        return None
    cards, bad = read_cards(st, part[colon + 1:], 0, vln, [(0, vln, vcol - 1 + at(start + colon + 1))],
                            "the declaration is dropped", "该亮主记录已舍弃")
    return None if bad else (seat, cards)

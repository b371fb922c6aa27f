"""Player ratings over an event's decided matches, with openskill's Plackett-Luce model.

Each decided match is rated once, in the order of the date ``[Date]`` states (:func:`date_value`:
the ways one calendar date is commonly written read alike; a ``[Date]`` that cannot be read is not
guessed, :func:`date_notes` names it), then ``[Round]``, then ``[Table]``, then the order the matches
were read in (:func:`rating_order`): the two teams are [N, S] and [E, W], ranked
by the match's winner, and openskill's ``PlackettLuce()`` — its default parameters (μ 25,
σ 25/3, β 25/6, τ 25/300, ordinal μ − 3σ) — updates the four players' ratings.  A match no team
won, with a player not named, with one team on both sides or with one name in two seats (a team
cannot play itself, nor a player sit twice: the record is wrong, and no rating is made of it) is not
rated (:func:`ratings` says which, naming the record, its round and its table).

What a rating is: openskill's belief about a player's strength given the matches rated, μ its
centre and σ its uncertainty; ``ordinal`` (μ − 3σ) is a cautious estimate to sort by.  What it
is not: a skill measured.  After a few matches σ is still near its start and the order of two
players is mostly noise; a rating speaks of this event's matches only, and a partner's strength
is shared out among the pair (docs/standings.md).
"""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from typing import Sequence

from ..engine.explain_hand import match_decision_text
from .event_model import EventMatch, match_named, quoted, round_number
from .standings import same_team_note

__all__ = ["PlayerRating", "RatingStep", "rating_order", "ratings", "model", "unrated_note", "date_value",
           "readable_date", "date_notes", "order_notes", "read_order_note"]


def model():
    """openskill's Plackett-Luce model with its default parameters."""
    from openskill.models import PlackettLuce
    return PlackettLuce()


@dataclass(frozen=True)
class PlayerRating:
    player: str
    mu: float
    sigma: float
    ordinal: float
    matches: int

    def as_dict(self) -> dict:
        return {"player": self.player, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal,
                "matches": self.matches}


@dataclass(frozen=True)
class RatingStep:
    """A player's rating after one rated match (the history a player page draws)."""
    match_id: str
    round: str | None
    mu: float
    sigma: float
    ordinal: float


def _number_key(text: str | None) -> tuple:
    n = round_number(text)
    return (text is None, n is None, n or 0, text or "")


_PART = r"(\d{1,2}|\?\?)"
_DATE_FORMS = (re.compile(rf"(\d{{4}}|\?\?\?\?)(?P<sep>[-/.]){_PART}(?P=sep){_PART}", re.ASCII),
               re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日", re.ASCII))
"""The forms of ``[Date]`` read (:func:`date_value`)."""


def _parts(text: str | None) -> tuple[int | None, int | None, int | None] | bool:
    """``(year, month, day)`` of a ``[Date]`` in a form read, a part ``None`` where the record writes
    ``??``; ``True`` when no date is written (absent, empty, ``????.??.??``); ``False`` when what is
    written is not one calendar date in a form read."""
    if text is None or not text.strip():
        return True
    for form in _DATE_FORMS:
        found = form.fullmatch(text.strip())
        if found is not None:
            break
    else:
        return False
    y, m, d = (None if "?" in p else int(p) for p in (found.group(1), *found.groups()[-2:]))
    if (y, m, d) == (None, None, None):
        return True
    known = [p is not None for p in (y, m, d)]
    if known != sorted(known, reverse=True):            # a part known after one that is not: 2026.??.06
        return False
    if y == 0 or (m is not None and not 1 <= m <= 12) or (
            d is not None and not 1 <= d <= calendar.monthrange(y, m)[1]):
        return False
    return y, m, d


def date_value(text: str | None) -> tuple[int, int | None, int | None] | None:
    """The date a ``[Date]`` states, as ``(year, month, day)``; ``None`` when it states none or cannot
    be read (:func:`readable_date` tells which).

    Read (spaces at either end dropped; the digits 0–9 only): ``YYYY-MM-DD``, ``YYYY/MM/DD`` and
    ``YYYY.MM.DD`` (one separator throughout; the month and the day in one or two digits), PGN's
    unknown parts ``??`` (``2026.06.??``: month and year, day ``None``; ``2026.??.??``; ``????.??.??``
    states no date), and ``YYYY年M月D日`` (spaces between the parts allowed).  A date that is not one
    on the calendar (``2026-02-30``), a known part after an unknown one (``2026.??.06``), and every
    other form — ``06/06/2026`` (day or month first?), ``6 June 2026``, a time after the date,
    full-width digits — are not read: never guessed."""
    parts = _parts(text)
    return parts if isinstance(parts, tuple) else None


def readable_date(text: str | None) -> bool:
    """``text`` is a ``[Date]`` :func:`date_value` reads, or no date (absent, empty, ``????.??.??``)."""
    return _parts(text) is not False


def _date_key(text: str | None) -> tuple:
    """A match's place by its date: the dates read, in order, a date stating only its year and month
    (or year) after every date within them; then, together, the matches whose date is not known (none
    written, or one that cannot be read)."""
    v = date_value(text)
    if v is None:
        return (1, 0, 0, 0)
    y, m, d = v
    return (0, y, 13 if m is None else m, 32 if d is None else d)


def _place(m: EventMatch) -> tuple:
    """Where :func:`rating_order` puts a match but for the order read: its date, ``[Round]`` and ``[Table]``."""
    return _date_key(m.date), _number_key(m.round), _number_key(m.table)


def rating_order(matches: Sequence[EventMatch]) -> list[EventMatch]:
    """``matches`` in the order they are rated: the date ``[Date]`` states (:func:`_date_key`: however
    it is written; a match whose date is not known — none written, or one :func:`date_value` cannot
    read — after the dated ones), then ``[Round]`` and ``[Table]`` (as numbers when they are whole
    numbers), then the order ``matches`` are given in: the order they were read, which ``tractor
    ratings`` and ``tractor report`` share (a dataset's matches in the order ingest committed them,
    then the record files in the order of the inputs, a folder's in sorted path order, a file's
    matches in order) — not the match id, which the two commands make differently."""
    return [m for _, m in sorted(enumerate(matches), key=lambda im: (*_place(im[1]), im[0]))]


def date_notes(matches: Sequence[EventMatch]) -> list[str]:
    """Bilingual notes on the dates the rating order rests on, over the matches rated (:func:`unrated_note`
    ``None``): one naming the matches whose ``[Date]`` cannot be read (placed with the undated ones,
    after every dated match), one naming those whose ``[Date]`` states only its year and month, or year
    (placed after every date within them).  Empty when every date is read whole or none is written."""
    unread: list[str] = []
    partial: list[tuple[str, str]] = []
    for m in rating_order(matches):
        if unrated_note(m) is not None:
            continue
        parts = _parts(m.date)
        if parts is False:
            unread.append(f'{match_named(m)} ({quoted(m.date)})')
        elif isinstance(parts, tuple) and None in parts:
            y, mo, _ = parts
            partial.append((f'{match_named(m)} ({quoted(m.date)})', f"{y:04d}" if mo is None else f"{y:04d}-{mo:02d}"))
    notes = []
    if unread:
        where = ", ".join(unread)
        notes.append(f"[Date] not read as a calendar date (YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD or YYYY年M月D日): {where}; "
                     "not guessed: rated after every dated match, with the undated ones, in the order of [Round] "
                     f"and [Table] / [Date] 无法读作日期（YYYY-MM-DD、YYYY/MM/DD、YYYY.MM.DD、YYYY年M月D日）：{where}；"
                     "不作猜测：排在所有有日期的比赛之后，与无日期的比赛一起按 [Round] 与 [Table] 的顺序计算等级分")
    if partial:
        en = ", ".join(f"{w}: after every match dated within {within}" for w, within in partial)
        zh = "，".join(f"{w}：排在 {within} 内所有有确切日期的比赛之后" for w, within in partial)
        notes.append(f"[Date] states only part of a date: {en}; the day it was played is not guessed / "
                     f"[Date] 只写了部分日期：{zh}；不猜测比赛的具体日期")
    return notes


def read_order_note(matches: Sequence[EventMatch]) -> str | None:
    """The bilingual note on the rated matches (:func:`unrated_note` ``None``) whose order of rating rests on the
    order they were read in (:func:`rating_order`): a match placed by neither its date, ``[Round]`` nor ``[Table]``
    before or after another that shares a player with it (the same date, or none known, and the same ``[Round]`` and
    ``[Table]``, or none) — given in another order, the inputs may give other ratings; ``None`` when there is none
    (matches with no player in common rate alike in either order)."""
    placed: dict[tuple, list[EventMatch]] = {}
    for m in matches:
        if unrated_note(m) is None:
            placed.setdefault(_place(m), []).append(m)
    resting = sum(1 for group in placed.values() for m in group
                  if any(o is not m and set(o.players) & set(m.players) for o in group))
    if not resting:
        return None
    return (f"rating order: {resting} rated match(es) share a player with another that has the same [Date], [Round] "
            "and [Table] (or none written): they are rated in the order read (a dataset's as ingest committed them, "
            "then the record files in the order given), so the ratings may differ when the inputs are given in "
            "another order; a [Round] and a [Table] in each record fix the order / 等级分的计算顺序：有 "
            f"{resting} 场计入等级分的比赛与另一场有共同选手，且 [Date]、[Round]、[Table] 相同（或均未写）：按读入的顺序"
            "计算（数据集按导入提交的顺序，之后记录文件按给出的顺序），因此输入顺序不同时等级分可能不同；每份记录写明 [Round] "
            "与 [Table] 即可确定顺序")


def order_notes(matches: Sequence[EventMatch]) -> list[str]:
    """The notes on what the rating order rests on: the dates (:func:`date_notes`), then the order read
    (:func:`read_order_note`) — what ``tractor ratings`` says on stderr and its page and the report's index
    list under the order of the ratings."""
    note = read_order_note(matches)
    return date_notes(matches) + ([] if note is None else [note])


_SEAT_TAGS = ("North", "East", "South", "West")


def unrated_note(m: EventMatch) -> str | None:
    """Why ``m`` is not rated (a bilingual note naming it by :func:`~.event_model.match_named`), or
    ``None`` when it is: no team won it, a player is not named, one team is on both sides
    (:func:`~.standings.same_team_note`), or one name sits in two seats (the first such pair of
    seats is named)."""
    where = match_named(m)
    if m.winner is None:
        en, zh = match_decision_text(None, m.decided_by, m.forfeit_reasons)
        return f"{where}: {en}; not rated / {where}：{zh}；不计入等级分"
    if not all(m.players):
        return f"{where}: a player is not named; not rated / {where}：有选手未记姓名；不计入等级分"
    same = same_team_note(m, "ratings")
    if same is not None:
        return same
    twice = next(((a, b) for a in range(4) for b in range(a + 1, 4) if m.players[a] == m.players[b]), None)
    if twice is not None:
        a, b = (_SEAT_TAGS[s] for s in twice)
        name = quoted(m.players[twice[0]])
        return (f"{where}: [{a}] and [{b}] are both {name}: one player cannot sit in two seats; check the "
                f"players' tags; not rated / {where}：[{a}] 与 [{b}] 都是 {name}：同一选手不能坐两个座位；"
                "请核对选手标签；不计入等级分")
    return None


def ratings(matches: Sequence[EventMatch]) -> tuple[list[PlayerRating], dict[str, list[RatingStep]], list[str]]:
    """Every player's final rating (best ordinal first), each player's rating history, and a
    bilingual note per match not rated (:func:`unrated_note`)."""
    pl = model()
    current: dict[str, object] = {}
    played: dict[str, int] = {}
    history: dict[str, list[RatingStep]] = {}
    notes: list[str] = []
    for m in rating_order(matches):
        note = unrated_note(m)
        if note is not None:
            notes.append(note)
            continue
        names = [[m.players[0], m.players[2]], [m.players[1], m.players[3]]]
        teams = [[current.get(p) or pl.rating(name=p) for p in side] for side in names]
        ranks = [1, 2] if m.winner == 0 else [2, 1]
        rated = pl.rate(teams, ranks=ranks)
        for side, new_side in zip(names, rated):
            for p, r in zip(side, new_side):
                current[p] = r
                played[p] = played.get(p, 0) + 1
                history.setdefault(p, []).append(RatingStep(m.match_id, m.round, r.mu, r.sigma, r.ordinal()))
    rows = [PlayerRating(p, r.mu, r.sigma, r.ordinal(), played[p]) for p, r in current.items()]
    rows.sort(key=lambda r: (-r.ordinal, r.player))
    return rows, history, notes

"""Round results no record holds, as the organiser states them: byes and walkovers.

A round of an event with an odd number of teams leaves one team without an opponent (a **bye**, 轮空), and
a team that does not come to its table loses without play (a **walkover**, 不战而胜 for the other team).
Neither leaves a record, so the records cannot say which happened when a team has no match in a round
(:func:`.event_warnings.warnings` asks: "a record missing, a bye or a withdrawal?").  The organiser says it
(``tractor standings`` and ``tractor report``: ``--bye ROUND TEAM``, ``--walkover ROUND WINNER LOSER``), and
the standings count it (:func:`.standings.standings`; docs/standings.md "Byes and walkovers"):

* a bye gives its team ``bye`` match points (``--points bye=N``; by default as many as a win) and counts in
  the team's ``byes``, not among the matches it played, won or lost (it played none);
* a walkover is a win for the winner (``win`` points) and a loss for the loser, who gets ``forfeit`` (it did
  not play: as a side that forfeits), each one match played; it counts in head-to-head between them, and
  each is the other's opponent (the opponents' match points);
* neither has final levels: the level difference sums the matches played, so they add nothing to it;
* ratings rate play, so neither is rated.

What the organiser states is never corrected: a statement that contradicts itself (a team given two
results in one round, a walkover of a team against itself, a round that is no whole number ≥ 1) is an
error; one the records question (a team no counted match names — a typo? —, a team with a bye or a
walkover in a round where it also has a match counted) is counted as stated, with a note to check
(:func:`award_notes`)."""
from __future__ import annotations

import csv
import os
import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .event_model import EventMatch, match_named, quoted, round_number, team_name

__all__ = ["Award", "parse_awards", "read_awards", "award_notes", "awards_upto"]


@dataclass(frozen=True)
class Award:
    """A round's result the organiser states: a bye (``opponent`` ``None``) or a walkover (``team`` won,
    ``opponent`` lost without play)."""

    round: int
    team: str
    """The team given the bye, or the walkover's winner."""
    opponent: str | None = None
    """The walkover's loser (the team that did not play); ``None`` for a bye."""
    origins: tuple[str, ...] = field(default=(), compare=False)
    """Where each of :meth:`teams` was stated, in its order: the option (``--bye 4 "Golden Carp"``), or the awards
    file's ``file:line:column`` of the name (:func:`read_awards`); ``()`` when not known."""

    @property
    def bye(self) -> bool:
        return self.opponent is None

    def teams(self) -> tuple[str, ...]:
        return (self.team,) if self.opponent is None else (self.team, self.opponent)

    def text(self) -> tuple[str, str]:
        """``(English, 中文)`` naming it, for a note."""
        if self.opponent is None:
            return f"round {self.round}: a bye for {quoted(self.team)}", f"第 {self.round} 轮：{quoted(self.team)} 轮空"
        return (f"round {self.round}: a walkover, {quoted(self.team)} over {quoted(self.opponent)}",
                f"第 {self.round} 轮：{quoted(self.team)} 对 {quoted(self.opponent)} 不战而胜")


def _round(text: str, where: tuple[str, str]) -> int:
    """A stated round (:func:`~.event_model.round_number`: a whole number from 1, as ``[Round]`` is read);
    :class:`ValueError` (bilingual) naming it after ``where``: ``(English, 中文)`` saying where it was stated —
    the option (``--bye``), or the awards file's ``file:line:column`` and the column's name in each language
    (:func:`read_awards`) —, so that both halves say the same."""
    n = round_number(str(text).strip())
    if n is None or n < 1:
        en, zh = where
        raise ValueError(f"{en} {text!r}: the round is a whole number from 1 (as [Round] writes it) / "
                         f"{zh} {text!r}：轮次应为从 1 起的整数（与 [Round] 写法相同）")
    return n


def _team(text: str, where: tuple[str, str]) -> str:
    """A stated team as the standings read a record's team (:func:`~.event_model.team_name`: spaces at either
    end dropped, a run of spaces — tabs and ideographic spaces too — inside it read as one); :class:`ValueError`
    (bilingual) when it is empty, naming ``where`` (as :func:`_round`)."""
    name = team_name(str(text), None, None)
    if name is None:
        en, zh = where
        raise ValueError(f"{en}: a team name is empty / {zh}：队伍名称为空")
    return name


def _option(name: str) -> tuple[str, str]:
    """Where a statement was made, as :func:`_round` and :func:`_team` name it, for an option (``--bye``): the
    option itself in both languages (it is what the command line says)."""
    return name, name


def parse_awards(byes: Iterable[Sequence[str]] = (), walkovers: Iterable[Sequence[str]] = ()) -> tuple[Award, ...]:
    """The awards of ``--bye ROUND TEAM`` and ``--walkover ROUND WINNER LOSER`` (team names as the standings
    name teams: ``[TeamNS]`` / ``[TeamEW]``, else the two players ``"A / B"``), in the order given;
    :class:`ValueError` (bilingual) naming what contradicts itself and where it was stated.  A statement may
    carry where it was written as a last item (:func:`read_awards`' rows: ``file:line``); one without is named
    by its option (``--bye 3 A``); a walkover's row may carry where its loser was written after it (the
    column of its name: ``file:line:column`` each)."""
    out: list[Award] = []
    for bye in byes:
        r, t = bye[:2]
        origin = bye[2] if len(bye) > 2 else f"--bye {r} {quoted(t)}"
        out.append(Award(_round(r, _option("--bye")), _team(t, _option("--bye")), origins=(origin,)))
    for walkover in walkovers:
        r, w, loser = walkover[:3]
        origin = walkover[3] if len(walkover) > 3 else f"--walkover {r} {quoted(w)} {quoted(loser)}"
        origin_loser = walkover[4] if len(walkover) > 4 else origin
        a = Award(_round(r, _option("--walkover")), _team(w, _option("--walkover")),
                  _team(loser, _option("--walkover")), origins=(origin, origin_loser))
        if a.team == a.opponent:        # named where it was stated: the option, or the file, line and column
            said = f"{quoted(w)} and {quoted(loser)}" if w != loser else quoted(w)
            said_zh = f"{quoted(w)} 与 {quoted(loser)}" if w != loser else quoted(w)
            raise ValueError(f"{origin_loser}: a team cannot win a walkover over itself ({said}: one team) / "
                             f"{origin_loser}：队伍不能对自己不战而胜（{said_zh}：同一支队伍）")
        out.append(a)
    stated: dict[tuple[int, str], list[str]] = {}
    for a in out:
        for t, origin in zip(a.teams(), a.origins):
            stated.setdefault((a.round, t), []).append(origin)
    twice = sorted(k for k, where in stated.items() if len(where) > 1)
    if twice:
        r, t = twice[0]
        where, where_zh = "; ".join(stated[r, t]), "；".join(stated[r, t])
        raise ValueError(f"round {r}: {quoted(t)} is given more than one result ({where}): a team has one result a "
                         f"round / 第 {r} 轮：{quoted(t)} 被给了不止一个结果（{where_zh}）：每队每轮只有一个结果")
    return tuple(out)


MAX_BYTES = 1 << 20
"""The largest awards file read (a megabyte: some ten thousand rows)."""
HEADER = ("round", "team", "opponent")
"""The columns of an awards file (:func:`read_awards`)."""
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""Where a line of an awards file ends (as CSV ends a row)."""


def _quote_fault(raw: str) -> tuple[int, str, str] | None:
    """Where a line breaks CSV's quoting, read as :func:`csv.reader` reads it (a field quoted when its first
    character is ``"``; ``""`` a quote inside it): ``(column, English, 中文)`` of a quote left open on the line,
    or of text after a field's closing quote; ``None`` when the quoting holds."""
    i, n = 0, len(raw)
    while i < n:
        if raw[i] != '"':                       # an unquoted field: up to the next comma
            i = raw.find(",", i)
            if i < 0:
                return None
            i += 1
            continue
        start, i = i, i + 1
        while True:
            i = raw.find('"', i)
            if i < 0:
                return (start + 1, "a double quote opens a field here and is not closed on its line: a row is one "
                        "line and a name never holds a line break (close the quote; a double quote inside a name is "
                        'written twice, "")',
                        '此处的双引号开始一个字段，但在本行内没有闭合：每个结果占一行，名称中不含换行（请闭合引号；'
                        '名称中的双引号写作两个 ""）')
            if raw[i + 1:i + 2] != '"':
                break
            i += 2
        i += 1
        if i < n and raw[i] != ",":
            return (i + 1, "text after its closing double quote: a quoted field ends at its closing quote, then a "
                    'comma or the end of the line (a double quote inside a name is written twice, "")',
                    '字段的闭合双引号之后还有文字：加引号的字段在闭合引号处结束，其后应为逗号或行尾'
                    '（名称中的双引号写作两个 ""）')
        i += 1
    return None


def _field_starts(raw: str) -> list[int]:
    """Where each field of a line that :func:`_csv_row` read starts (0-based): the line's start, and past each
    comma that is not inside a quoted field."""
    starts, quoted_field = [0], False
    for i, c in enumerate(raw):
        if c == '"':
            quoted_field = not quoted_field     # ("" inside a quoted field: out and back in)
        elif c == "," and not quoted_field:
            starts.append(i + 1)
    return starts


def _csv_row(raw: str, where: str, line: int) -> list[str]:
    """The fields of one line of an awards file (a row is one line: no field holds a line break), read with
    :func:`csv.reader` ``strict``; :class:`ValueError` (bilingual) naming ``file:line:column`` of a quote it
    cannot read and what was expected."""
    try:
        return next(csv.reader([raw], strict=True), [])
    except csv.Error as exc:
        fault = _quote_fault(raw)
        if fault is None:
            raise ValueError(f"{where}:{line}:1: {exc}: not a CSV row round,team,opponent / "
                             f"{where}:{line}:1：{exc}：不是 CSV 行 round,team,opponent") from None
        col, en, zh = fault
        raise ValueError(f"{where}:{line}:{col}: {en} / {where}:{line}:{col}：{zh}") from None


def read_awards(path: str | os.PathLike) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str, str]]]:
    """The byes and the walkovers an awards file states (``--awards FILE``): CSV in UTF-8, the header
    ``round,team,opponent``, then one row a result — a bye with ``opponent`` empty (``3,Red Lanterns,``), a
    walkover with the team that did not play (``4,Jade Dragons,Pines``: Jade Dragons won); blank lines and lines
    starting with ``#`` are skipped.  A row is one line: a double quote that opens a field closes on its line (no
    name holds a line break), never swallowing the next row (:func:`_csv_row`).  As ``(byes, walkovers)`` in
    :func:`parse_awards`' shape, each row with where it was written last (``file:line:column`` of its team, and of
    a walkover's loser after it, which :func:`parse_awards`' errors and :func:`award_notes` name), each row's round checked here; :class:`ValueError` (bilingual) naming the
    file, line and column and what was expected."""
    where = os.fspath(path)
    if os.path.getsize(path) > MAX_BYTES:     # (a round's results are a few lines: not read whole into memory)
        raise ValueError(f"{where}: {os.path.getsize(path):,} bytes: an awards file holds a row a result, at most "
                         f"{MAX_BYTES:,} bytes / {where}：{os.path.getsize(path):,} 字节：结果文件每个结果一行，"
                         f"最多 {MAX_BYTES:,} 字节")
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    except UnicodeDecodeError as exc:
        raise ValueError(f"{where}: not UTF-8 text (byte {exc.start}): an awards file is CSV in UTF-8 / "
                         f"{where}：不是 UTF-8 文本（第 {exc.start} 字节）：结果文件应为 UTF-8 的 CSV") from None
    byes: list[tuple[str, str, str]] = []
    walkovers: list[tuple[str, str, str, str]] = []
    header = None
    for line, raw in enumerate(_LINE_BREAK.split(text), 1):
        if raw.lstrip().startswith("#"):
            continue
        row = _csv_row(raw, where, line)
        if not row or not "".join(row).strip():
            continue

        def at(i: int) -> str:
            """``file:line:column`` of field ``i``: where its text starts (past spaces and an opening quote), an
            empty field where it would (:func:`_field_starts`)."""
            starts = _field_starts(raw)
            start = starts[min(i, len(starts) - 1)]
            needle = row[i].strip() if i < len(row) else ""
            found = raw.find(needle, start) if needle else -1
            return f"{where}:{line}:{(found if found >= 0 else start) + 1}"

        if header is None:
            header = tuple(c.strip().lower() for c in row)
            if header != HEADER:
                raise ValueError(f"{where}:{line}:1: the first row should be the header round,team,opponent, "
                                 f"not {','.join(row)[:60]!r} / {where}:{line}:1：第一行应为表头 "
                                 f"round,team,opponent，而不是 {','.join(row)[:60]!r}")
            continue
        if len(row) != 3:
            raise ValueError(f"{at(min(len(row), 3) - 1)}: {len(row)} field(s), expected 3: round,team,opponent "
                             "(opponent empty for a bye; a name with a comma in double quotes) / "
                             f"{at(min(len(row), 3) - 1)}：有 {len(row)} 个字段，应为 3 个：round,team,opponent"
                             "（轮空时 opponent 留空；含逗号的名称加双引号）")
        rnd, team, opponent = row
        _round(rnd, (f"{at(0)}: round", f"{at(0)}：轮次"))        # (the column named in each language)
        _team(team, (at(1),) * 2)
        if opponent.strip():        # where each name was written: its file:line:column
            walkovers.append((rnd, team, opponent, at(1), at(2)))
        else:
            byes.append((rnd, team, at(1)))
    if header is None:
        raise ValueError(f"{where}:1:1: empty: an awards file starts with the header round,team,opponent / "
                         f"{where}:1:1：文件为空：结果文件以表头 round,team,opponent 开始")
    return byes, walkovers


def _stated_by(where: Sequence[str]) -> tuple[str, str]:
    """``(English, 中文)`` saying where a team was stated: the options (``--bye 4 "X"``) and the awards file's
    ``file:line:column``; ``--bye or --walkover`` when not known (an :class:`Award` made without ``origins``)."""
    options = [w for w in where if w.startswith("--")]
    places = [w for w in where if not w.startswith("--")]
    en = [f"by {'; '.join(options)}"] if options else []
    zh = [f"{'；'.join(options)} "] if options else []
    if places:
        en.append(f"in the awards file at {', '.join(places)}")
        zh.append(f"结果文件 {'、'.join(places)} 中")
    if not en:
        return "by --bye or --walkover", "--bye 或 --walkover "
    return " and ".join(en), "及".join(zh)


def awards_upto(awards: Iterable[Award], after_round: int | None) -> tuple[Award, ...]:
    """The awards of the rounds up to ``after_round`` (all when ``None``)."""
    return tuple(a for a in awards if after_round is None or a.round <= after_round)


def ruled_by(m: EventMatch, awards: Sequence[Award]) -> Award | None:
    """The walkover stated for ``m``'s round between ``m``'s two teams (the organiser's ruling on that pairing,
    a match abandoned say), ``None`` when none is."""
    r = round_number(m.round)
    if r is None or None in m.teams:
        return None
    return next((a for a in awards if a.round == r and a.opponent is not None
                 and {a.team, a.opponent} == set(m.teams)), None)


def award_notes(awards: Sequence[Award], matches: Sequence[EventMatch], read: Sequence[EventMatch] = ()) -> list[str]:
    """Bilingual notes on awards the counted ``matches`` question (counted as stated all the same): a team no
    counted match names (a team that never played at all, or a name written otherwise than the records
    write it?) — but not a team a match on record (``read``: every match read) names in a round after every round
    counted (``--after-round``: it plays only after the rounds shown) —, and a team with an award in a round where
    it also has a match counted."""
    named = {t for m in matches for t in m.teams if t is not None}
    last = max((r for r in (round_number(m.round) for m in matches) if r is not None), default=None)
    later = {t for m in read for t in m.teams if t is not None and last is not None
             and (round_number(m.round) or 0) > last}
    notes = []
    strangers = sorted({t for a in awards for t in a.teams() if t not in named and t not in later})
    for t in strangers:
        folded = sorted(n for n in named if n.casefold() == t.casefold())
        hint_en = f" (the records write {', '.join(quoted(n) for n in folded)})" if folded else ""
        hint_zh = f"（记录中写作 {'、'.join(quoted(n) for n in folded)}）" if folded else ""
        where = list(dict.fromkeys(o for a in awards for team, o in zip(a.teams(), a.origins) if team == t))
        by_en, by_zh = _stated_by(where)
        notes.append(f"{quoted(t)}, stated {by_en}, is in no match counted{hint_en}: a team that never "
                     f"played, or its name written otherwise? counted as stated / {by_zh}所给的 "
                     f"{quoted(t)} 不在任何计入的比赛中{hint_zh}：从未出场的队伍，还是名称写法不同？按所给计入")
    for a in awards:
        for t in a.teams():
            played = [m for m in matches if round_number(m.round) == a.round and t in m.teams]
            if played:
                en, zh = a.text()
                notes.append(f"{en}, but {quoted(t)} has {len(played)} match(es) counted in round {a.round}: check the "
                             f"round's records; both counted / {zh}，但 {quoted(t)} 在第 {a.round} 轮有 {len(played)} "
                             "场计入的比赛：请核对本轮的记录；均已计入")
    counted = {id(m) for m in matches}
    for m in read:                  # the pairing's match on record but not counted (not decided …): the walkover rules it
        a = ruled_by(m, awards) if id(m) not in counted else None
        if a is not None:
            en, zh = a.text()
            where = match_named(m)
            notes.append(f"{en}, while {where} records that match, not counted: the walkover counts as stated, the "
                         f"record for nobody (its result cannot change the standings: the ranks do not wait on it); "
                         f"check which stands / {zh}，而 {where} 记录了这场比赛，未计入：不战而胜按所给计入，该记录不计入"
                         f"（其结果不会改变排名：名次不因它待定）；请核对以哪一个为准")
    return notes

"""An event's standings: teams ranked by match points, then tie-breaks, ranks shared on a full tie.

Pure functions over :class:`EventMatch` values — one per match, what the standings need of it
(where it sits in the event, its two teams and four players, the final levels and who won) —
built from replayed records or from a dataset by :mod:`.event`.

* **Match points**: a win ``win`` (default 2), a loss ``loss`` (0); a forfeit gives the side
  that forfeited ``forfeit`` (0) and the other side a win (:class:`Points`).  Both sides
  forfeiting at the end of the same hand (``decided_by`` ``both forfeit``): each gets
  ``forfeit`` and a loss, nobody a win (the rules are silent: the project's reading,
  docs/rules.md §10.1).
* **Order**: match points, then each tie-break of ``tiebreaks`` in turn (:data:`TIEBREAKS`):
  ``level_diff`` — the sum over the team's matches of its final level minus its opponent's
  (``levels_final`` as ``tractor check --json`` reports them, J=11 … A=14);
  ``head_to_head`` — the match points the team won in the matches played among exactly the
  teams still tied at that point; ``opponents`` — the sum of its opponents' match points
  (an opponent met twice counts twice).  Each tie-break splits the group still tied once;
  teams equal on every one share a rank (1, 1, 3).
* **An unknown tie-break value** (``level_diff`` of a team one of whose matches has unknown final
  levels) cannot order the group still tied: that team could stand anywhere in it.  The whole
  group keeps one shared rank, the later tie-breaks are not applied to it (a lower tie-break
  never separates teams a higher one cannot compare), and each of its rows carries
  :attr:`Standing.undecided`: which tie-break, whose value is unknown, from which matches, and a
  bilingual note saying so (:func:`undecided_notes`).
* A match no team won (no finished hand, friend mode: :data:`~tractor_analysis.engine.scoring.NO_RESULT`)
  and a match whose team is unknown count for nobody; :func:`select` says which, and why.
* A match recorded twice counts once (:func:`distinct`): the matches ``tractor ingest`` gives one
  ``match_key`` (the same match kept as ``.tgn`` and ``.json``; a dataset's ``duplicate_of`` names
  them), and also a re-typed copy: the same key but for ``[Site]`` and ``[Date]`` and the letter case
  and spacing of ``[Event]`` (the same event, round, table, players and hands cannot be two
  matches).  The copy that counts is the one ingest keeps: the copy a dataset already stores, else
  the first in input order — with a note naming both records, and, when the two records are not
  identical (the key leaves out each hand's ``[Claim]``, notes, tags it does not compare), what differs:
  each tag that differs by name, and whether anything else does too (:attr:`EventMatch.body`), or that
  this is not known.
* What the standings count but an organiser should look at (:func:`~.event_warnings.warnings`): team names that
  differ only in case, one pair of players under two team names, a table or a team twice in a
  round, teams with no match in a round the others played, a match whose record ends inside a hand
  decided by the rule for a match cut short (docs/rules.md §8.5).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..engine.explain_hand import match_decision_text
from ..engine.verdicts import BOTH_FORFEIT

__all__ = ["EventMatch", "Points", "Standing", "TIEBREAKS", "DEFAULT_TIEBREAKS", "parse_points",
           "parse_tiebreaks", "round_number", "select", "standings", "rounds_of", "team_name", "quoted",
           "distinct", "undecided_notes", "TIEBREAK_NAMES", "folded_name", "LEFT_OUT", "match_named",
           "same_team_note", "player_name", "player_name_notes"]

TIEBREAKS = ("level_diff", "head_to_head", "opponents")
"""The tie-breaks ``--tiebreak`` may name, in any order."""
DEFAULT_TIEBREAKS = TIEBREAKS
TIEBREAK_NAMES = {"level_diff": ("level difference", "级差"), "head_to_head": ("head-to-head", "相互胜负"),
                  "opponents": ("opponents' match points", "对手分")}
"""Each tie-break's name in a note (English, 中文)."""


@dataclass(frozen=True)
class EventMatch:
    """One match as the standings and ratings see it."""

    match_id: str
    event: str | None
    date: str | None
    round: str | None
    table: str | None
    teams: tuple[str | None, str | None]
    """The N–S and E–W teams (:func:`team_name`), ``None`` for a side that is not a known team."""
    players: tuple[str | None, str | None, str | None, str | None]
    """N, E, S, W as recorded."""
    levels: tuple[int | None, int | None]
    """Final levels N–S, E–W (``levels_final``); ``None`` where the record leaves one unknown."""
    winner: int | None
    """0 N–S, 1 E–W, ``None`` when the match credits no team."""
    decided_by: str
    """How (``engine.scoring.decide_match``): ``passed A``, ``higher level``, ``holding the deal``,
    ``forfeit``, ``both forfeit`` (no winner, both sides forfeited) — or why not (``no finished hand`` …)."""
    forfeit: int | None = None
    """The one side that forfeited, else ``None`` (both sides: ``decided_by`` ``both forfeit``)."""
    source: str = field(default="", compare=False)
    """Where the match came from (a file, a dataset's match id), for notes."""
    key: str | None = field(default=None, compare=False)
    """``tractor ingest``'s ``match_key`` (``dataset.rows.match_key``): two records of one match
    share it; ``None`` when not worked out (each match then counts)."""
    same: str | None = field(default=None, compare=False)
    """The same key with ``[Site]`` and ``[Date]`` left out, ``[Event]`` compared as
    :func:`folded_name` reads it (letter case and spacing aside) and ``[Round]`` and ``[Table]`` as the
    numbers :func:`round_number` reads them as (``"02"`` is 2; a value that is no number as written):
    a re-typed copy of a match shares it."""
    site: str | None = field(default=None, compare=False)
    forfeit_reasons: tuple[str | None, str | None] = field(default=(None, None), compare=False)
    """Why each side forfeited (``MatchResult.forfeit_reasons``; a dataset's ``forfeit_reason``),
    ``None`` where it did not, or where a dataset written before that column does not say."""
    copy_of: str | None = field(default=None, compare=False)
    """The ``match_id`` of the copy that counts when the dataset this match was read from marked it a
    copy (its ``duplicate_of``), else ``None``."""
    claims: tuple[tuple[int, int | None], ...] | None = field(default=None, compare=False)
    """Each hand's ``[Claim]`` as ``(hand number, claim)`` (``None`` where the hand has none), the hands
    as ``tractor ingest`` stores them (the ``hands`` table's ``claim``); ``None`` when not known.  The
    match key leaves the claims out: two records of one match may differ in them (:func:`distinct`)."""
    digest: str | None = field(default=None, compare=False)
    """SHA-256 of the match's canonical record text (the ``records`` table's ``record``, as ``tractor
    convert`` writes it): two records of one match are identical when theirs are; ``None`` when not
    known (a record ``.tgn`` cannot hold, a dataset written before that table, or a dataset's match no
    other record shares a key with: not read)."""
    body: str | None = field(default=None, compare=False)
    """SHA-256 of that text without its ``[Event]``, ``[Site]``, ``[Date]`` and ``[Claim]`` tags
    (:func:`~.event.body_digest`): two records of one match whose bodies are the same differ at most in
    those, which a note names one by one; ``None`` when not known (as :attr:`digest`)."""
    ends_inside: int | None = field(default=None, compare=False)
    """The hand the record is known to end inside (the ``hands`` table's ``stopped``), else ``None``."""
    level_spans: tuple[tuple[int, int] | None, tuple[int, int] | None] = field(default=(None, None), compare=False)
    """Per side (N–S, E–W) whose final level (:attr:`levels`) is ``None``: the lowest and the highest it
    is under the readings of what the record leaves open (``MatchResult.levels_final_span``; a dataset's
    ``level_<side>_final_low`` / ``_high``), ``None`` where not bounded (or known exactly)."""

    def forfeited(self, side: int) -> bool:
        """``side`` (0 N–S, 1 E–W) forfeited the match: alone, or both sides did."""
        return self.forfeit == side or self.decided_by == BOTH_FORFEIT

    @property
    def counts(self) -> bool:
        """The match counts in the standings: a team won it, or both sides forfeited it."""
        return self.winner is not None or self.decided_by == BOTH_FORFEIT


def team_name(name: str | None, a: str | None, b: str | None) -> str | None:
    """A side's team: its ``[TeamNS]``/``[TeamEW]`` name when given, else its two players' names
    sorted (``"A / B"``: partners who swap seats stay one team), else ``None`` (not known).
    Spaces at either end of a name are dropped and a run of spaces inside it reads as one
    (``"Red Lanterns "`` is ``"Red Lanterns"``); letter case is kept (:func:`~.event_warnings.warnings`)."""
    if name is not None and name.strip():
        return " ".join(name.split())
    if a and b:
        x, y = sorted((a, b))
        return f"{x} / {y}"
    return None


@dataclass(frozen=True)
class Points:
    """Match points of a win, a loss, and a forfeit (to the side that forfeited)."""

    win: int = 2
    loss: int = 0
    forfeit: int = 0


def parse_points(text: str) -> Points:
    """``"win=2,loss=0"`` (any of ``win``, ``loss``, ``forfeit``, each at most once; the rest keep their
    defaults); :class:`ValueError` naming the bad part, or the key given twice (bilingual)."""
    values = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, eq, number = part.partition("=")
        name = name.strip()
        if name not in ("win", "loss", "forfeit") or not eq:
            raise ValueError(f"bad --points part {part.strip()!r} (expected e.g. win=2,loss=0,forfeit=0) / "
                             f"--points 的 {part.strip()!r} 不正确（应为例如 win=2,loss=0,forfeit=0）")
        if name in values:          # which one is meant is not said: never the last one silently
            raise ValueError(f"--points gives {name} twice ({text.strip()!r}): give each of win, loss, forfeit "
                             f"at most once / --points 中 {name} 出现了两次（{text.strip()!r}）：win、loss、forfeit "
                             "每项最多给一次")
        try:
            values[name] = int(number.strip())
        except ValueError:
            raise ValueError(f"--points {name} takes a whole number, not {number.strip()!r} / "
                             f"--points {name} 应为整数，而不是 {number.strip()!r}") from None
    return Points(**values)


def parse_tiebreaks(text: str) -> tuple[str, ...]:
    """``"level_diff,head_to_head,opponents"`` → the tuple (each known, none twice); ``""``: none."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    for n in names:
        if n not in TIEBREAKS:
            raise ValueError(f"unknown tie-break {n!r} (expected some of {', '.join(TIEBREAKS)}) / "
                             f"未知的破同分规则 {n!r}（可用：{', '.join(TIEBREAKS)}）")
    if len(set(names)) != len(names):
        raise ValueError(f"a tie-break is named twice in {text!r} / 破同分规则重复：{text!r}")
    return names


def round_number(text: str | None) -> int | None:
    """``[Round]`` (or ``[Table]``) as a whole number 1, 2, …, ``None`` when absent or not one.

    A round number is written in the digits 0–9 (spaces at either end are dropped, leading zeros
    read as written: ``"02"`` is 2), at most 9 digits after the leading zeros, and is at least 1.
    Anything else is not a round number, never a guess at one: ``"0"``, ``"2a"``, superscript
    ``"²"`` and circled ``"①"`` (which ``str.isdigit`` accepts and ``int`` does not), full-width
    ``"２"`` and other scripts' digits (``"٢"``), ``"1e0"``, ``"-1"``."""
    if text is None:
        return None
    t = text.strip().lstrip("0")
    if not (t and len(t) <= 9 and t.isascii() and t.isdigit()):
        return None
    return int(t)


LEFT_OUT = {"standings": ("counted for nobody", "不计入排名"), "ratings": ("not rated", "不计入等级分"),
            "event": ("counted for nobody and not rated", "不计入排名，也不计入等级分")}
"""What a note says of a match left out, by what it is left out of (:func:`select`'s ``purpose``):
``event`` for the event pages of ``tractor report``, whose ratings are over the matches their
standings count (a match left out of the one is left out of the other)."""


def match_named(m: EventMatch) -> str:
    """How a note names a match that may share its file with others: its record (:attr:`EventMatch.source`,
    else the match id) and its ``[Round]`` and ``[Table]`` as the record writes them, when it does
    (``r2t2.tgn [Round "2"] [Table "2"]``) — the record's own tags, the same in either language."""
    tags = [f"[{tag} {quoted(value)}]" for tag, value in (("Round", m.round), ("Table", m.table)) if value]
    return " ".join([m.source or m.match_id, *tags])


def same_team_note(m: EventMatch, purpose: str = "standings") -> str | None:
    """The bilingual note on a match whose two sides are one team (:func:`team_name`: the same
    ``[TeamNS]`` and ``[TeamEW]``, or, untagged, the same two players on both sides), naming it by
    :func:`match_named`; ``None`` when its sides are two teams or a side's team is not known."""
    if m.teams[0] is None or m.teams[0] != m.teams[1]:
        return None
    out_en, out_zh = LEFT_OUT[purpose]
    where, team = match_named(m), quoted(m.teams[0])
    return (f"{where}: both sides are the team {team} (N–S and E–W): a team cannot play itself; check [TeamNS] "
            f"and [TeamEW]; {out_en} / {where}：南北与东西双方都是队伍 {team}：队伍不能与自己比赛；请核对 [TeamNS] "
            f"与 [TeamEW]；{out_zh}")


def select(matches: Iterable[EventMatch], event: str | None = None, after_round: int | None = None,
           purpose: str = "standings") -> tuple[list[EventMatch], list[str]]:
    """The matches of ``event`` (every match when ``None``) up to round ``after_round``, each
    match once, and a bilingual note for each match left out for a reason other than the
    selection itself: a round it cannot be placed in (``after_round`` given, or other matches of
    the event have round numbers: the standings by round and the overall standings then count
    the same matches), a second record of a match (:func:`distinct`: ingest's rule, so ``matches``
    come in the order they were read), no winner (but a match
    both sides forfeited counts: each side a forfeit), a team not known, the same team on both
    sides (:func:`same_team_note`: named with its round and table), and (``event`` given) an
    ``[Event]`` differing from ``event`` only in letter case or spacing.  ``purpose`` (a key of
    :data:`LEFT_OUT`) words what the match is left out of: the standings, the ratings, or both
    (the event pages)."""
    out_en, out_zh = LEFT_OUT[purpose]
    matches = list(matches)
    inside = [m for m in matches if event is None or m.event == event]
    notes: list[str] = []
    if event is not None:       # --event takes the name exactly: say so of a name written another way
        for m in matches:
            if m.event != event and m.event is not None and folded_name(m.event) == folded_name(event):
                where = m.source or m.match_id
                notes.append(f"{where}: [Event] {quoted(m.event)} differs from --event {quoted(event)} only in "
                             f"letter case or spacing; --event takes the name exactly: not counted / {where}："
                             f"[Event] {quoted(m.event)} 与 --event {quoted(event)} 仅大小写或空格不同；"
                             "--event 按名称精确匹配：未计入")
    numbered = any(round_number(m.round) is not None for m in inside)
    placed: list[EventMatch] = []
    for m in inside:
        r = round_number(m.round)
        if r is None and (after_round is not None or numbered):
            notes.append(_unplaced(m, after_round))
        elif after_round is None or r <= after_round:
            placed.append(m)
    once, twice = distinct(placed)
    notes.extend(twice)
    kept: list[EventMatch] = []
    for m in once:
        where = m.source or m.match_id
        if not m.counts:
            en, zh = match_decision_text(None, m.decided_by, m.forfeit_reasons)
            notes.append(f"{where}: {en}; {out_en} / {where}：{zh}；{out_zh}")
        elif m.teams[0] is None or m.teams[1] is None:
            notes.append(f"{where}: a side has neither a team tag nor both players' names, so "
                         f"its team is not known; {out_en} / {where}：有一方既无队名标签也无两名选手姓名，"
                         f"无法确定队伍；{out_zh}")
        elif m.teams[0] == m.teams[1]:
            notes.append(same_team_note(m, purpose))
        else:
            kept.append(m)
    return kept, notes


def folded_name(name: str) -> str:
    """A name as compared for "differs only in letter case or spacing" (an ``[Event]``: ``--event``'s
    note, :func:`~.event_warnings.warnings`, and :attr:`EventMatch.same`)."""
    return " ".join(name.split()).casefold()


def player_name(name: str | None) -> str | None:
    """A player's name as every command reads it (:attr:`EventMatch.players`): the record's, spaces at
    either end dropped once, where the name is read (``"Zheng  Qiang "`` is ``"Zheng  Qiang"``); a name of
    spaces only, or none, is not a name (``None``).  Nothing else is changed: two names that differ in
    letter case or in the spaces inside them stay two players, with a note (:func:`player_name_notes`)."""
    if name is None:
        return None
    name = name.strip()
    return name or None


def player_name_notes(matches: Sequence[EventMatch]) -> list[str]:
    """A bilingual note per group of player names that differ only in letter case or spacing
    (:func:`folded_name`), each name with the records that write it: counted as that many players (which
    is meant is not in the records: never merged silently); the check the team and event names get."""
    of_name: dict[str, list[EventMatch]] = defaultdict(list)
    for m in matches:
        for p in m.players:
            if p and m not in of_name[p]:
                of_name[p].append(m)
    folded: dict[str, list[str]] = defaultdict(list)
    for name in sorted(of_name):
        folded[folded_name(name)].append(name)
    notes = []
    for names in folded.values():
        if len(names) < 2:
            continue
        def written(zh: bool) -> str:
            return "; ".join(f"{quoted(n)}{'（' if zh else ' ('}"
                             f"{', '.join(sorted({m.source or m.match_id for m in of_name[n]}))}{'）' if zh else ')'}"
                             for n in names)
        notes.append(f"player names that differ only in letter case or spacing: {written(False)}: counted as "
                     f"{len(names)} players (standings, ratings, pages); if they are one, write the name the same way "
                     f"in every record / 选手姓名仅大小写或空格不同：{written(True)}：按 {len(names)} 名选手计（排名、"
                     "等级分、页面）；如为同一人，请在每份记录中写法一致")
    return notes


def _unplaced(m: EventMatch, after_round: int | None) -> str:
    """The note of a match whose round cannot be placed."""
    where = m.source or m.match_id
    en, zh = (("has no [Round]", "没有 [Round] 标签") if m.round is None else
              (f"[Round] {quoted(m.round)} is not a round number (a whole number 1, 2, … in the digits 0–9)",
               f"[Round] {quoted(m.round)} 不是轮次编号（轮次应为用数字 0–9 写的正整数 1、2……）"))
    if after_round is not None:
        return (f"{where}: {en}, so it cannot be placed before or after round {after_round}; not counted / "
                f"{where}：{zh}，无法判断是否在第 {after_round} 轮之前；未计入")
    return (f"{where}: {en}, while the event's other matches have round numbers: it cannot be placed in a round; "
            f"not counted (neither by round nor overall) / {where}：{zh}，而本赛事其他比赛都写了轮次：无法排入任何一轮；"
            "未计入（各轮与总排名都不计）")


def distinct(matches: list[EventMatch]) -> tuple[list[EventMatch], list[str]]:
    """Each match once, by ``tractor ingest``'s rule for copies (docs/dataset.md, ``duplicate_of``):
    a match a dataset marked a copy (:attr:`~EventMatch.copy_of`) is left out when the copy that
    counts is among ``matches``; otherwise a match is left out when an earlier one of ``matches``
    has its :attr:`~EventMatch.key` (ingest's ``match_key``) or its :attr:`~EventMatch.same` (the
    key but for ``[Site]``, ``[Date]`` and ``[Event]``'s letter case and spacing: a re-typed copy).  Earlier is the order given, which
    is the order ingest commits (:func:`~.event.read_inputs`: a dataset's matches before record
    files — the copy already stored counts — and the files in the order of the inputs, a folder's
    in sorted path order, a file's matches in order).  A note names both records of each copy left
    out."""
    kept_ids: dict[str, EventMatch] = {}
    for m in matches:
        if m.copy_of is None:
            kept_ids.setdefault(m.match_id, m)
    by_key: dict[str, EventMatch] = {}
    by_same: dict[str, EventMatch] = {}
    copies: dict[int, tuple[EventMatch, bool]] = {}
    for i, m in enumerate(matches):
        first = kept_ids.get(m.copy_of) if m.copy_of is not None else None
        if first is not None and first is not m:
            copies[i] = (first, True)
        elif m.key is not None and m.key in by_key:
            copies[i] = (by_key[m.key], True)
        elif m.same is not None and m.same in by_same:
            copies[i] = (by_same[m.same], False)
        else:
            if m.key is not None:
                by_key.setdefault(m.key, m)
            if m.same is not None:
                by_same.setdefault(m.same, m)
    notes = [_twice(matches[i], *copies[i]) for i in sorted(copies)]
    return [m for i, m in enumerate(matches) if i not in copies], notes


def _twice(copy: EventMatch, first: EventMatch, exact: bool) -> str:
    """The note of a second record of a match (``exact``: ingest's copy; else a re-typed copy: its
    ``[Site]``, ``[Date]``, the letter case or spacing of its ``[Event]``, or how its ``[Round]`` or
    ``[Table]`` writes the same number differ).  Two records the
    key calls one match may still differ in what it leaves out: the note names each tag that differs
    (``[Event]``, ``[Site]``, ``[Date]``, a hand's ``[Claim]``), and says whether the records differ in
    anything else (:func:`_rest`) — "only" these when they are known not to."""
    a, b = copy.source or copy.match_id, first.source or first.match_id
    claims_en, claims_zh = _claim_differences(copy, first)
    if exact:
        same = f"{a}: the same match as {b}, recorded twice; counted once"
        same_zh = f"{a}：与 {b} 是同一场比赛，重复记录，只计一次"
        if not claims_en and copy.digest is not None and copy.digest == first.digest:
            return f"{same} / {same_zh}"
        en, zh = _left_out(copy, first, claims_en, claims_zh)
        return (f"{same} (as {b}); {en}; check which record is right / {same_zh}（按 {b}）；{zh}；"
                "请核对哪份记录正确")
    pairs = (("Event", copy.event, first.event), ("Site", copy.site, first.site), ("Date", copy.date, first.date),
             ("Round", copy.round, first.round), ("Table", copy.table, first.table))     # "02" against "2"
    differ = [(tag, x, y) for tag, x, y in pairs if x != y]
    named_en = [f"[{tag}] {quoted(x)} against {quoted(y)}" for tag, x, y in differ] + claims_en
    named_zh = [f"[{tag}] {quoted(x)} 与 {quoted(y)}" for tag, x, y in differ] + claims_zh
    what, what_zh = "; ".join(named_en) or "[Site] or [Date]", "；".join(named_zh) or "[Site] 或 [Date]"
    rest = _rest(copy, first)
    if rest is False:           # nothing but what is named: "only"
        differ_en, differ_zh = f"only {what} differ", f"只有 {what_zh} 不同"
    elif rest is True:
        differ_en = (f"{what} differ, and so does something else the match key leaves out (a note, a tag it "
                     "does not compare): compare the two records")
        differ_zh = f"{what_zh} 不同，比赛键不比较的其他内容（标注、比赛键不比较的标签）也不同：请对照两份记录"
    else:
        differ_en = (f"{what} differ; whether anything else the match key leaves out differs too (a note, a tag "
                     "it does not compare) is not known here: a record's canonical text is not at hand")
        differ_zh = (f"{what_zh} 不同；比赛键不比较的其他内容（标注、比赛键不比较的标签）是否也不同，此处无法得知："
                     "缺少一份记录的规范文本")
    return (f"{a}: the same event, round, table, players and hands as {b}, {differ_en}: the same match "
            f"recorded twice, counted once (as {b}); check which record is right / "
            f"{a}：与 {b} 的赛事、轮次、桌号、选手和每一局都相同，{differ_zh}：同一场比赛重复记录，只计一次"
            f"（按 {b}）；请核对哪份记录正确")


def _rest(copy: EventMatch, first: EventMatch) -> bool | None:
    """Whether two records of one match differ in more than their ``[Event]``, ``[Site]``, ``[Date]``
    and claims (:attr:`EventMatch.body`); ``None``: not known (a body not known)."""
    if copy.body is None or first.body is None:
        return None
    return copy.body != first.body


def _claim_differences(copy: EventMatch, first: EventMatch) -> tuple[list[str], list[str]]:
    """Each hand whose ``[Claim]`` differs between two records of one match (English, 中文), the copy's
    first; none when either record's claims are not known."""
    if copy.claims is None or first.claims is None:
        return [], []
    mine, theirs = dict(copy.claims), dict(first.claims)
    en, zh = [], []
    for hand in sorted(set(mine) | set(theirs)):
        x, y = mine.get(hand), theirs.get(hand)
        if x != y:
            qx, qy = (quoted(None if v is None else str(v)) for v in (x, y))
            en.append(f"hand {hand}: [Claim] {qx} against {qy}")
            zh.append(f"第 {hand} 局：[Claim] {qx.replace('(none)', '（无）')} 与 {qy.replace('(none)', '（无）')}")
    return en, zh


def _left_out(copy: EventMatch, first: EventMatch, claims_en: list[str], claims_zh: list[str]) -> tuple[str, str]:
    """What the note on two records of one match says of what the match key leaves out, when the
    records are not known to be identical: the claims that differ, and whether anything else does
    (:func:`_rest`: their bodies differ, or that is not known)."""
    rest = _rest(copy, first)
    if claims_en:
        en, zh = (f"but the two records are not identical: {'; '.join(claims_en)}",
                  f"但两份记录并不完全相同：{'；'.join(claims_zh)}")
        if rest is True:
            return (f"{en}; and they differ in something else the match key leaves out (a note, a tag it does "
                    "not compare): compare the two records",
                    f"{zh}；比赛键不比较的其他内容（标注、比赛键不比较的标签）也不同：请对照两份记录")
        if rest is None:
            return (f"{en}; whether they differ in anything else the match key leaves out (a note, a tag it does "
                    "not compare) is not known here: a record's canonical text is not at hand",
                    f"{zh}；比赛键不比较的其他内容（标注、比赛键不比较的标签）是否也不同，此处无法得知：缺少一份记录的规范文本")
        return en, zh
    if rest is False:           # the bodies agree: what differs is among the tags left out of them
        return ("but the two records are not identical: they differ in a hand's [Claim]",
                "但两份记录并不完全相同：某局的 [Claim] 不同")
    if rest is True or (copy.digest is not None and first.digest is not None):
        return ("but the two records are not identical: they differ in what the match key leaves out (not a hand's "
                "[Claim]; a comment, a note or a tag it does not compare): compare the two records",
                "但两份记录并不完全相同：差别在比赛键不比较的内容中（不是某局的 [Claim]，而是注释、标注或比赛键不比较的标签）："
                "请对照两份记录")
    return ("whether the two records differ in what the match key leaves out (a comment, a note, a tag it does not "
            "compare) is not known here: a record's canonical text is not at hand",
            "两份记录在比赛键不比较的内容（注释、标注、比赛键不比较的标签）上是否不同，此处无法得知：缺少一份记录的规范文本")


def quoted(text: str | None) -> str:
    """A tag value as a note quotes it (``"(none)"`` when the record gives none)."""
    return "(none)" if text is None else f'"{text}"'


def rounds_of(matches: Iterable[EventMatch]) -> list[int]:
    """The round numbers the matches were played in, in order (matches without one left out)."""
    return sorted({r for r in (round_number(m.round) for m in matches) if r is not None})


@dataclass(frozen=True)
class Standing:
    """One team's row."""

    rank: int
    team: str
    players: tuple[str, ...]
    """Everyone who played for the team, in the order they first did (substitutes too)."""
    played: int
    won: int
    lost: int
    match_points: int
    level_diff: int | None
    """Levels above the opponents' at the end, summed; ``None`` when a match's final levels are unknown."""
    tiebreaks: dict
    """Each tie-break's value: ``level_diff`` and ``opponents`` always; ``head_to_head`` the
    team's points among the teams tied with it when that tie-break was applied, ``None`` when
    it was not tied with any team at that point, or was not applied (:attr:`undecided`)."""
    undecided: dict | None = None
    """``None`` unless the team shares its rank because a tie-break's value is unknown (the order
    of its group is not decided, not equal): ``{"tiebreak": name, "teams": [the group, by name],
    "unknown": {team: [the matches whose final levels are unknown]}, "ranges": {team: [lowest, highest]
    its value may be, ``None``: not bounded}, "note": bilingual text}``."""
    level_diff_span: tuple[int, int] | None = None
    """:attr:`level_diff` not known (``None``) but bounded: the lowest and the highest it may be (each
    match's final levels within :attr:`EventMatch.level_spans`); ``None`` otherwise."""
    ranked_by_range: str | None = None
    """The bilingual note of a team placed by a tie-break whose value is known only as a range that lies
    wholly above or below every other tied team's (its place is derived, the same under every reading);
    ``None`` otherwise (:func:`undecided_notes` gives it too)."""

    def as_dict(self) -> dict:
        return {"rank": self.rank, "team": self.team, "players": list(self.players), "played": self.played,
                "won": self.won, "lost": self.lost, "match_points": self.match_points,
                "level_diff": self.level_diff, "tiebreaks": dict(self.tiebreaks),
                "level_diff_span": None if self.level_diff_span is None else list(self.level_diff_span),
                "undecided": None if self.undecided is None else
                {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, (list, tuple)) else v)
                 for k, v in self.undecided.items()}}


@dataclass
class _Tally:
    players: list = field(default_factory=list)
    played: int = 0
    won: int = 0
    lost: int = 0
    points: int = 0
    level_diff: int | None = 0
    low: float = 0
    high: float = 0
    """The bounds of the level difference (``level_diff`` when known; ``-inf`` / ``inf``: not bounded)."""
    unknown_levels: list = field(default_factory=list)
    """The matches (source, else match id) whose final levels are unknown."""
    opponents: list = field(default_factory=list)


def _order_key(m: EventMatch) -> tuple:
    """A match's place by round and table; matches with the same round and table keep the order they
    are given in (the order they were read: the same for ``tractor standings`` and ``tractor report``,
    whose match ids differ)."""
    r = round_number(m.round)
    t = round_number(m.table)
    return (r is None, r or 0, t is None, t or 0, m.table or "")


def _side_points(m: EventMatch, side: int, points: Points) -> int:
    if m.winner == side:
        return points.win
    return points.forfeit if m.forfeited(side) else points.loss


def standings(matches: Sequence[EventMatch], points: Points = Points(),
              tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS) -> list[Standing]:
    """The standings over ``matches`` (already :func:`select`-ed: each has a winner, or both sides
    forfeited it, and two known teams), best first; teams sharing a rank are in name order."""
    tally: dict[str, _Tally] = defaultdict(_Tally)
    ordered = sorted(matches, key=_order_key)
    for m in ordered:
        for side in (0, 1):
            team, other = m.teams[side], m.teams[1 - side]
            t = tally[team]
            for p in (m.players[side], m.players[side + 2]):
                if p and p not in t.players:
                    t.players.append(p)
            t.played += 1
            t.won += m.winner == side
            t.lost += m.winner != side
            t.points += _side_points(m, side, points)
            if None in m.levels:                  # unknown once one match's final levels are
                t.level_diff = None
                t.unknown_levels.append(m.source or m.match_id)
            elif t.level_diff is not None:
                t.level_diff += m.levels[side] - m.levels[1 - side]
            low, high = _diff_bounds(m, side)
            t.low, t.high = t.low + low, t.high + high
            t.opponents.append(other)
    opponents = {team: sum(tally[o].points for o in t.opponents) for team, t in tally.items()}
    values: dict[str, dict] = {team: {} for team in tally}
    for team in tally:
        for name in tiebreaks:
            values[team][name] = (tally[team].level_diff if name == "level_diff" else
                                  opponents[team] if name == "opponents" else None)

    undecided: dict[str, dict] = {}
    ranked: dict[str, str] = {}
    bounds = {team: (float(t.level_diff),) * 2 if t.level_diff is not None else (t.low, t.high)
              for team, t in tally.items()}

    def split(group: list[str], criteria: Sequence[str], before: tuple[str, ...] = ()) -> list[list[str]]:
        if len(group) <= 1 or not criteria:
            return [sorted(group)]
        name = criteria[0]
        if name == "head_to_head":
            inside = set(group)
            score = {team: 0 for team in group}
            for m in ordered:
                if m.teams[0] in inside and m.teams[1] in inside:
                    for side in (0, 1):
                        score[m.teams[side]] += _side_points(m, side, points)
            for team in group:
                values[team][name] = score[team]
        else:
            score = {team: values[team][name] for team in group}
        ranges = {t: (bounds[t] if name == "level_diff" and score[t] is None else (score[t], score[t]))
                  for t in group}
        out: list[list[str]] = []
        for part in _apart(ranges):
            if all(score[t] is not None for t in part):     # every value known: one value, the next tie-break
                out.extend(split(part, criteria[1:], before + (name,)))
                continue
            if len(part) == 1:          # its range is above or below every other team's: its place is derived
                ranked[part[0]] = _ranked_note(part[0], name, ranges[part[0]], tally[part[0]].unknown_levels)
                out.append(part)
                continue
            # a value known only as a range that overlaps another's: the order inside ``part`` is not
            # decided, and a later tie-break must not decide what this one cannot (never guess)
            unknown = sorted(t for t in part if score[t] is None)
            entry = {"tiebreak": name, "teams": sorted(part),
                     "unknown": {t: list(tally[t].unknown_levels) for t in unknown},
                     "ranges": {t: _range(ranges[t]) for t in sorted(part)}}
            entry["note"] = _undecided_note(entry, tally[part[0]].points, before, criteria[1:])
            for team in part:
                undecided[team] = entry
            out.append(sorted(part))
        return out

    by_points: dict[int, list[str]] = defaultdict(list)
    for team, t in tally.items():
        by_points[t.points].append(team)
    rows: list[Standing] = []
    for mp in sorted(by_points, reverse=True):
        for group in split(by_points[mp], tuple(tiebreaks)):
            rank = len(rows) + 1
            for team in group:
                t = tally[team]
                span = _range(bounds[team]) if t.level_diff is None else None
                rows.append(Standing(rank, team, tuple(t.players), t.played, t.won, t.lost, t.points,
                                     t.level_diff, dict(values[team]), undecided.get(team),
                                     None if span is None else tuple(span), ranked.get(team)))
    return rows


def _diff_bounds(m: EventMatch, side: int) -> tuple[float, float]:
    """The lowest and the highest a match adds to ``side``'s level difference: its final level minus the
    opponent's, each level known, or within its :attr:`EventMatch.level_spans` (every level of each span
    taken as possible: a range never narrower than the readings allow); ``-inf`` / ``inf`` where a level
    is neither known nor bounded."""
    spans = []
    for s in (side, 1 - side):
        level, span = m.levels[s], m.level_spans[s]
        spans.append((level, level) if level is not None else span)
    if None in spans:
        return float("-inf"), float("inf")
    (own_low, own_high), (other_low, other_high) = spans
    return own_low - other_high, own_high - other_low


def _range(bounds: tuple[float, float]) -> list[int] | None:
    """Bounds as a JSON value: ``[lowest, highest]``, ``None`` when not bounded."""
    low, high = bounds
    return None if low == float("-inf") or high == float("inf") else [int(low), int(high)]


def _apart(ranges: dict[str, tuple[float, float]]) -> list[list[str]]:
    """The teams of a tied group in order, best first, split where a tie-break's values tell them apart:
    a team is above another when every value its range allows is above every value of the other's
    (``ranges``: each team's ``(lowest, highest)``, a known value ``(v, v)``).  Teams whose ranges overlap,
    directly or through others (2–4, 3–6, 5–7), stay together: their order is not decided."""
    parts: list[list[str]] = []
    floor = float("inf")
    for team in sorted(ranges, key=lambda t: (-ranges[t][1], -ranges[t][0], t)):
        low, high = ranges[team]
        if parts and high >= floor:         # overlaps the part above: could stand level with it
            parts[-1].append(team)
            floor = min(floor, low)
        else:
            parts.append([team])
            floor = low
    return parts


def _ranked_note(team: str, name: str, bounds: tuple[float, float], where: Sequence[str]) -> str:
    """The note of a team whose place in its tied group a range of a tie-break's values decides."""
    en_name, zh_name = TIEBREAK_NAMES[name]
    low, high = (int(b) for b in bounds)
    return (f"{team}: {en_name} known only as {low} to {high} (final levels not known in {', '.join(where)}); "
            f"every value in that range is above or below every other tied team's, so its place is derived, the "
            f"same whatever the records left open / {team}：{zh_name}仅知在 {low} 至 {high} 之间（{'、'.join(where)} "
            f"的终局级数未知）；该范围内的任何取值都高于或低于其他同分队伍的取值，因此名次可以推出，无论记录未写明的内容如何都相同")


def _undecided_note(entry: dict, match_points: int, before: Sequence[str], after: Sequence[str]) -> str:
    """The bilingual note of a group whose order an unknown tie-break value leaves undecided."""
    en_name, zh_name = TIEBREAK_NAMES[entry["tiebreak"]]
    teams_en, teams_zh = ", ".join(entry["teams"]), "、".join(entry["teams"])
    tied_en = " and ".join([f"match points ({match_points})"] + [TIEBREAK_NAMES[b][0] for b in before])
    tied_zh = "、".join([f"积分（{match_points}）"] + [TIEBREAK_NAMES[b][1] for b in before])
    why_en, why_zh = [], []
    ranges = entry.get("ranges", {})
    for team, where in entry["unknown"].items():
        span = ranges.get(team)
        known_en = "unknown" if span is None else f"known only as {span[0]} to {span[1]}"
        known_zh = "未知" if span is None else f"仅知在 {span[0]} 至 {span[1]} 之间"
        if where:
            why_en.append(f"{team}'s {en_name} is {known_en} (final levels not known in {', '.join(where)})")
            why_zh.append(f"{team} 的{zh_name}{known_zh}（{'、'.join(where)} 的终局级数未知）")
        else:
            why_en.append(f"{team}'s {en_name} is {known_en}")
            why_zh.append(f"{team} 的{zh_name}{known_zh}")
    known = [(t, r) for t, r in ranges.items() if t not in entry["unknown"] and r is not None]
    if known and len(known) < len(ranges):
        why_en.append("; ".join(f"{t}'s is {r[0]}" for t, r in known))
        why_zh.append("；".join(f"{t} 的为 {r[0]}" for t, r in known))
    overlap_en = ", whose possible values overlap," if any(r is not None for r in ranges.values()) else ""
    overlap_zh = f"，{zh_name}可能的取值相互重叠" if overlap_en else ""
    rest_en = (f"; the later tie-breaks ({', '.join(TIEBREAK_NAMES[a][0] for a in after)}) are not applied, "
               f"since they rank below it" if after else "")
    rest_zh = (f"；其后的破同分规则（{'、'.join(TIEBREAK_NAMES[a][1] for a in after)}）优先级更低，不予采用"
               if after else "")
    return (f"{teams_en}: tied on {tied_en}; {'; '.join(why_en)}, so the {en_name}{overlap_en} cannot order "
            f"them{rest_en}: their order is not decided and they share one rank / "
            f"{teams_zh}：{tied_zh}相同；{'；'.join(why_zh)}{overlap_zh}，无法按{zh_name}排序{rest_zh}：名次无法确定，暂列同一名次")


def undecided_notes(rows: Iterable[Standing]) -> list[str]:
    """Each undecided group's note once (:attr:`Standing.undecided`), and each team's placed by a range of
    a tie-break's values (:attr:`Standing.ranked_by_range`), in rank order."""
    seen: list[str] = []
    for s in rows:
        for note in (s.undecided["note"] if s.undecided is not None else None, s.ranked_by_range):
            if note is not None and note not in seen:
                seen.append(note)
    return seen

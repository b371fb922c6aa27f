"""The match page's model: :func:`match_view` turns a record's
:class:`~tractor_analysis.records.model.Match` and the engine's
:class:`~tractor_analysis.engine.verdicts.MatchResult` into a :class:`MatchView`, its hands'
views (:mod:`.hand_page`) linked in order.  Part of the report model (:mod:`.model`).

Nothing here is HTML: strings are user text (escaped by the templates).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tractor_analysis.engine.replay import record_pairs
from tractor_analysis.engine.explain_final_levels import match_final_levels
from tractor_analysis.engine.explain_hand import match_decision_text
from tractor_analysis.engine.explain_readings import forfeit_not_known_result, forfeit_words
from tractor_analysis.engine.scoring import FORFEIT_NOT_KNOWN, decide_match
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.engine.verdicts import HandResult, MatchResult

from .bidi import isolate
from .card_display import level_label
from .hand_page import (TEAM_NAMES, HandView, VariantView, ViolationView, hand_view, player_names, variant_view,
                        violation_view)


@dataclass(frozen=True, slots=True)
class CopyView:
    """The match a record is a second copy of: the copy the standings count in its place (the
    dataset's ``duplicate_of``, else the first read, as ``tractor ingest`` keeps it)."""

    title: str
    filename: str | None
    """Its match page (``None``: it has none)."""
    source: str
    """Its record file, as its own match page names it (:attr:`MatchView.source`)."""


@dataclass(frozen=True, slots=True)
class MatchView:
    key: str
    """Slug used in file names."""
    filename: str
    title: str
    source: str
    """The record file (as given)."""
    tags: tuple[tuple[str, str], ...]
    players: tuple[str, str, str, str]
    notes: tuple[str, ...]
    hands: tuple[HandView, ...]
    levels_start: tuple[str, str]
    levels_final: tuple[str, str]
    winner: str | None
    """``N–S`` / ``E–W`` when a team won (passed A or the other forfeited)."""
    forfeit: str | None
    """The one side that forfeited (``None`` when none did, or both: see ``forfeit_note``)."""
    problems: tuple[ViolationView, ...]
    level_series: tuple[tuple[int, ...], ...]
    """Team levels (N–S, E–W) before hand 1, then after each hand; in friend mode each
    player's own level (N, E, S, W)."""
    charts: tuple[str, ...] = ()
    """Inline SVG (trusted markup produced by :mod:`charts`)."""
    variant: VariantView | None = None
    """The rules of the first hand (every hand of a match shares the record's ruleset)."""
    player_levels_final: tuple[str, str, str, str] = ("2", "2", "2", "2")
    levels_start_note: str = ""
    """Where the start levels come from when ``[Levels]`` does not state them, bilingual."""
    levels_final_note: str = ""
    """Why a final level in :attr:`levels_final` is given as a range (``3..5``), bilingual
    (:func:`~tractor_analysis.engine.explain_final_levels.match_final_levels`); empty where none is."""
    revokes: tuple[int, int] = (0, 0)
    """Wrong follows punished in the match, N–S and E–W (tournament: three forfeit it)."""
    takebacks: tuple[int, int] = (0, 0)
    """Take-backs (悔牌) punished in the match, N–S and E–W (tournament: three forfeit it): those whose
    seat is read."""
    takebacks_unread: int = 0
    """Punished take-backs whose seat cannot be read (:attr:`HandView.takeback_unread`): their side, so
    each side's count, is not known."""
    result_text: str = ""
    """Who won and how, bilingual, in the standings' wording (``explain_hand.match_decision_text``)."""
    forfeit_note: str = ""
    """Who forfeited the match and why, bilingual (``explain_hand.forfeit_text``: one side or both;
    wrong follows or take-backs); empty when no side forfeited."""
    revokes_open: bool = False
    """Some hand's wrong follows are not all known (plays not judged, or a play left out whose ways differ):
    :attr:`revokes` are the fewest the record gives (the result says what the rest leave open)."""
    readings_notes: tuple[str, ...] = ()
    """What the match's result rests on where the record leaves the forfeit count or the final levels open:
    what every reading gives (the match's ``derived``), what differs (its unknowns withholding ``forfeit``,
    ``match_end``, ``forfeit_reason``), bilingual, as ``tractor check`` words them."""
    copy_of: CopyView | None = None
    """This record is a second copy of that match, which counts in its place: this one is not counted
    (:func:`~.fact_rows.CopyFinder`); ``None`` when it counts."""


_SLUG_RE = re.compile(r"[^A-Za-z0-9_-]+")


def slugify(text: str, taken: set[str]) -> str:
    """A file-name-safe, unique key for ``text`` (records named in Chinese get a number)."""
    base = _SLUG_RE.sub("-", text).strip("-")[:60] or "match"
    slug, i = base, 2
    while slug.lower() in taken:
        slug, i = f"{base}-{i}", i + 1
    taken.add(slug.lower())
    return slug


def match_title(match: Match, fallback: str) -> str:
    return title_of(match.event, match.round, match.table, match.date, fallback)


def title_of(event, round_, table, date, fallback: str) -> str:
    """A match's title from its ``[Event]``, ``[Round]``, ``[Table]`` and ``[Date]`` (a record's, or a
    dataset row's: a value that is no text is not given), else ``fallback``."""
    def text(v):
        return v if isinstance(v, str) and v else None

    event, round_, table, date = map(text, (event, round_, table, date))
    # each part is record text, isolated (:mod:`.bidi`): a right-to-left override in the event's
    # name must not reverse the round and table after it
    parts = [p for p in (event and isolate(event), round_ and f"round {isolate(round_)}",
                         table and f"table {isolate(table)}", date and isolate(date)) if p]
    return " · ".join(parts) if parts else fallback


def page_name(key: str) -> str:
    """The file name of the match page of the match keyed ``key`` (:func:`slugify`)."""
    return f"m-{key}.html"


def pair_hands(match: Match, result: MatchResult) -> list[tuple[Hand, HandResult]]:
    """The record's hand for each replayed hand (:func:`~tractor_analysis.engine.replay.record_pairs`;
    an empty record of that number where there is none)."""
    return [(h if h is not None else Hand(number=r.number), r) for h, r in record_pairs(match, result)]


def _start_levels(match, pairs) -> tuple[tuple, str]:
    """The levels before the record's first hand and, when ``[Levels]`` does not state them, where
    they come from: every match starts at 2 (the record's first hand is hand 1), else the levels the
    engine played the first hand at (a level the record does not give: ``None``, shown ``?``)."""
    if match.levels is not None or not pairs:
        return match.start_levels, ""
    first, result = pairs[0]
    if first.number == 1 and not first.setup and not first.follows_skipped:
        return match.start_levels, ("derived: every match starts at 2 ([Levels] not stated) / "
                                    "推出：比赛从 2 打起（[Levels] 未写明）")
    before = tuple(result.levels_before[:2])
    return before, (f"[Levels] not stated: the record begins at hand {first.number}; the levels its first hand "
                    f"was played at, ? where not known / [Levels] 未写明：记录从第 {first.number} 局开始；"
                    "为首局所打的级别，未知者为 ?")


def match_view(match: Match, result: MatchResult, *, key: str, source: str = "",
               title: str | None = None, with_match_page: bool = True) -> MatchView:
    title = title or match_title(match, key)
    filename = page_name(key)
    pairs = pair_hands(match, result)
    names = player_names(match)
    views = [hand_view(match, h, r, index=i, filename=f"m-{key}-h{i + 1}.html",
                       match_title=title, match_filename=filename if with_match_page else None)
             for i, (h, r) in enumerate(pairs)]
    linked = []
    for i, v in enumerate(views):
        linked.append(_replace(v, prev_filename=views[i - 1].filename if i else None,
                               next_filename=views[i + 1].filename if i + 1 < len(views) else None))
    start, start_note = _start_levels(match, pairs)
    if result.hands and result.hands[0].rules.friend:    # each player keeps their own level
        series = [tuple(pairs[0][1].player_levels_before)] + [tuple(r.player_levels_after) for _, r in pairs]
    else:
        series = [tuple(start)] + [tuple(r.levels_after) for _, r in pairs]
    winner = None if result.winner is None else TEAM_NAMES[result.winner]
    forfeit = None if result.forfeit is None else TEAM_NAMES[result.forfeit]
    team, how = decide_match(result)
    en, zh = (forfeit_not_known_result() if how == FORFEIT_NOT_KNOWN
              else match_decision_text(None if team is None else TEAM_NAMES[team], how, result.forfeit_reasons))
    forfeit_note = ""
    if result.forfeited:
        fen, fzh = forfeit_words(result.forfeit_reasons, result.forfeit_reason_open,
                                 result.hands[0].rules.revoke_forfeit if result.hands else None, TEAM_NAMES)
        forfeit_note = f"{fen} / {fzh}"
    final, final_note = match_final_levels(result)
    tags = tuple((k, v) for k, v in (("Event", match.event), ("Site", match.site),
                                     ("Date", match.date), ("Round", match.round),
                                     ("Table", match.table), ("Ruleset", match.ruleset)) if v)
    tags += tuple((f"Rule:{k}", v) for k, v in match.rules) + tuple(match.tags)
    return MatchView(
        key=key, filename=filename, title=title, source=source, tags=tags, players=names,
        notes=tuple(match.notes), hands=tuple(linked),
        levels_start=(level_label(start[0]), level_label(start[1])), levels_start_note=start_note,
        levels_final=final, levels_final_note="" if final_note is None else f"{final_note[1]} / {final_note[0]}",
        winner=winner, forfeit=forfeit,
        problems=tuple(violation_view(v, names) for v in result.problems),
        level_series=tuple(series),  # type: ignore[arg-type]
        variant=variant_view(result.hands[0].rules) if result.hands else None,
        player_levels_final=tuple(level_label(x) for x in result.player_levels_final),  # type: ignore[arg-type]
        revokes=(sum(r.revoke_levels[0] for r in result.hands),
                 sum(r.revoke_levels[1] for r in result.hands)),
        takebacks=(sum(r.takeback_levels[0] for r in result.hands),
                   sum(r.takeback_levels[1] for r in result.hands)),
        takebacks_unread=sum(v.takeback_unread for v in views),
        result_text=f"{en} / {zh}", forfeit_note=forfeit_note, readings_notes=_readings_notes(result),
        revokes_open=any(r.follows_unjudged is not None or r.penalties_open is not None for r in result.hands))


_READINGS_WITHHELD = frozenset({"forfeit", "match_end", "forfeit_reason"})


def _readings_notes(result: MatchResult) -> tuple[str, ...]:
    """What every reading of the record gives about the match's result, and what it leaves open of the
    forfeit count (the match's ``derived`` and its unknowns withholding ``forfeit``, ``match_end`` or
    ``forfeit_reason``: as ``tractor check`` says them), bilingual."""
    return (tuple(f"derived: {d.message_en} / 推出：{d.message_zh}" for d in result.derived)
            + tuple(f"not known: {u.message_en} / 未知：{u.message_zh}" for u in result.unknowns
                    if _READINGS_WITHHELD & set(u.withheld)))


def _replace(obj, **changes):
    import dataclasses
    return dataclasses.replace(obj, **changes)

"""The report's event pages: the index's standings after each round with the round's results, the
printable sheet (``standings-print.html``), a page per team (its matches round by round) and a
page per player (matches, hands, statistics, rating history).

Built from the index's match facts (:attr:`~.fact_rows.MatchFact.event`), a match kept twice
counted once.  The event part of the index appears when a record names a team (``[TeamNS]`` /
``[TeamEW]``); a page per player is written for every named player.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tractor_analysis.dataset.ratings import PlayerRating, RatingStep, order_notes, ratings
from tractor_analysis.dataset.event_warnings import decision_note
from tractor_analysis.dataset.event_model import (EventMatch, folded_name, form_of, match_named, name_forms,
                                                  one_form, player_name, quoted, round_number, same_event)
from tractor_analysis.dataset.standings import DEFAULT_TIEBREAKS, Points, select
from tractor_analysis.records.cards import RANK_TOKENS, SEAT_TOKENS

from .event_pages import TIEBREAK_HEADS, EventView, ResultRow, _award_row, _result, event_view, render_standings_page
from .fact_rows import copies_among, note_of

__all__ = ["EventReport", "EventOptions", "build_event", "write_event_pages", "MAX_HAND_ROWS", "PRINT_PAGE"]

MAX_HAND_ROWS = 300
"""Hands listed on a player's page (a player of a large corpus sits in thousands)."""
PRINT_PAGE = "standings-print.html"


@dataclass(frozen=True)
class EventOptions:
    """What ``tractor report``'s event pages count and how they score it: ``--event``, ``--after-round``,
    ``--points``, ``--tiebreak``, ``--bye``, ``--walkover`` and ``--awards``, with ``tractor standings``' meaning (a report model
    carries them as ``event_options``; without, every match, the default scoring, no bye or walkover)."""

    event: str | None = None
    after_round: int | None = None
    points: Points = Points()
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    awards: tuple = ()
    """The byes and walkovers stated (:class:`~tractor_analysis.dataset.awards.Award`)."""

    def chosen(self, m: EventMatch) -> bool:
        """``m`` is among what the options select (its ``[Event]`` exactly ``--event``, its round up to
        ``--after-round``); a match whose round cannot be placed, or whose ``[Event]`` differs from ``--event``
        only in letter case or spacing, is kept, for :func:`select`'s note on it."""
        r = round_number(m.round)
        # a name differing from --event only in letter case or spacing is kept for select's note on it
        named = self.event is None or (m.event is not None and folded_name(m.event) == folded_name(self.event))
        return named and (self.after_round is None or r is None or r <= self.after_round)

    def no_such_event(self, matches) -> str | None:
        """The note of an ``--event`` no match's ``[Event]`` is exactly, else ``None``."""
        if self.event is None or any(same_event(m.event, self.event) for m in matches):
            return None
        held = "; ".join(quoted(n) for n in sorted({m.event for m in matches if m.event is not None})) or "—"
        return (f"--event {quoted(self.event)}: no match has this [Event] (--event takes the name exactly); the "
                f"inputs hold [Event] {held}; nothing counted / --event {quoted(self.event)}：没有 [Event] 为此名称的"
                f"比赛（--event 按名称精确匹配）；输入中有 [Event] {held}；未计入任何比赛")


@dataclass(frozen=True)
class PlayerMatch:
    match: EventMatch
    seat: str
    partner: str
    opponents: str
    team: str | None
    won: bool | None
    result: ResultRow
    filename: str | None
    friend: bool = False
    """Friend mode (找朋友): no team, partner or opponents (the sides change every hand)."""
    player_levels: str = ""
    """Friend mode: each player's own final level (``"N name 5 · E name 3 · …"``)."""
    reason: str | None = None
    """``None``: the standings count the match; else why they do not (bilingual, :func:`select`'s note,
    which on the event pages says the match is not rated either)."""
    unrated: str | None = None
    """``None``: the match is rated, or not counted (:attr:`reason`); else why the ratings leave out a
    match the page does not mark "not counted" (bilingual, ``ratings``' or :func:`select`'s note)."""
    no_page: str | None = None
    """``None``: the match has a page (or is a record file's); else why it has none (bilingual,
    :attr:`EventReport.no_page`)."""


@dataclass(frozen=True)
class PlayerHand:
    title: str
    filename: str | None
    hand: int
    seat: str
    dealer: str
    attackers_total: int | None
    """``None``: withheld."""
    outcome: str | None
    levels: int
    defending: bool | None
    """``None``: the record does not tell the sides."""
    final: bool | None = None
    """The total is the hand's own (:attr:`~.fact_rows.HandFact.final`: played out, or a score sheet's);
    ``False``: the points so far (the record ends inside the hand); ``None``: not known."""
    outcome_reason: str | None = None
    """:attr:`~.fact_rows.HandFact.outcome_reason`: ``points`` for a hand the record ends inside is one whose
    result is its ``[Claim]`` (docs/rules.md §7.4)."""


@dataclass
class PlayerPage:
    name: str
    filename: str
    teams: list[str] = field(default_factory=list)
    """The teams of the matches with fixed partnerships (none from a friend-mode match)."""
    friend_matches: int = 0
    """Matches played in friend mode (找朋友), where there is no team."""
    matches: list[PlayerMatch] = field(default_factory=list)
    hands: list[PlayerHand] = field(default_factory=list)
    hands_total: int = 0
    stats: dict = field(default_factory=dict)
    attack_note: str = ""
    """How many finished hands the player attacked the mean of the attackers' totals leaves out, and
    why, bilingual (:func:`_attack_note`); empty when it leaves out none."""
    rating: PlayerRating | None = None
    history: tuple[RatingStep, ...] = ()
    chart: str = ""


@dataclass
class TeamPage:
    name: str
    filename: str
    players: tuple[str, ...] = ()
    rows: list = field(default_factory=list)
    """(round, ResultRow, side, won, filename, reason) in round and table order; ``reason``
    ``None`` for a match the standings count, else why they do not (:func:`select`'s note).  A counted match's
    row carries the standings' note on how it was decided, where there is one (:attr:`ResultRow.note`)."""
    standing: object = None


@dataclass
class EventReport:
    view: EventView | None
    """The standings by round (``None`` when no record names a team)."""
    teams: dict[str, TeamPage]
    players: dict[str, PlayerPage]
    ratings: list[PlayerRating]
    print_page: str | None
    copies: dict = field(default_factory=dict)
    """A second record of a match (:func:`~tractor_analysis.dataset.event_copies.distinct` leaves it out)
    → (the first record's :class:`~.fact_rows.MatchFact`, the note naming both): the index counts it
    once."""
    rating_notes: tuple[str, ...] = ()
    """The matches the standings count and the ratings do not, each with why (bilingual, relabelled):
    the matches the standings leave out are not rated either (:attr:`EventView.notes` says both)."""
    order_notes: tuple[str, ...] = ()
    """The rated matches whose ``[Date]`` the rating order cannot read, or reads only in part, and where
    they are placed, and how many rest on the order read (:func:`~tractor_analysis.dataset.ratings.order_notes`,
    bilingual, relabelled): what ``tractor ratings`` says of them."""
    no_page: dict = field(default_factory=dict)
    """A match whose page could not be drawn (:attr:`~.fact_rows.MatchFact.not_drawn`: a dataset's match,
    counted from the dataset's rows) → the bilingual note naming it and saying why (:func:`no_page_note`)."""
    options: EventOptions = EventOptions()
    """What the event pages count and how they score it (the index says it)."""

    def team_href(self, name: str) -> str | None:
        page = self.teams.get(name)
        return page.filename if page else None

    def player_href(self, name: str) -> str | None:
        page = self.players.get(name)
        return page.filename if page else None


_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


def _page_name(prefix: str, name: str, taken: set[str]) -> str:
    base = _SAFE.sub("-", name).strip("-")[:40]
    first = f"{prefix}-{base}" if base else prefix
    slug, i = first, 2
    while slug.lower() in taken:
        slug, i = f"{first}-{i}", i + 1
    taken.add(slug.lower())
    return slug + ".html"


def _level(rank: int | None) -> str:
    return "?" if rank is None else RANK_TOKENS.get(rank, str(rank))


def _won(m, side: int) -> bool | None:
    """``side`` won the match (``True``), lost it (``False``: the other side won, or both sides
    forfeited it), or neither is known (``None``: no team was credited)."""
    return m.winner == side if m.counts else None


def match_labels(fact) -> tuple[str, str]:
    """How a note names a match's record (:attr:`EventMatch.source`, its path): (English, 中文) —
    its title, in Chinese in the Chinese half (第 2 轮 · 第 1 桌; the event's name as recorded),
    and the record's path, which tells two records of one match apart."""
    m, where = fact.event, fact.event.source
    if not (m.event or m.round or m.table or m.date):       # the title is the file's name
        return (fact.title, fact.title) if where == fact.title else (f"{fact.title} ({where})", f"{fact.title}（{where}）")
    rnd = m.round and (f"第 {m.round.strip()} 轮" if round_number(m.round) is not None else f"轮次 {m.round}")
    table = m.table and (f"第 {m.table.strip()} 桌" if round_number(m.table) is not None else f"桌号 {m.table}")
    zh = " · ".join(p for p in (m.event, rnd, table, m.date) if p)
    return (fact.title, zh) if where == fact.title else (f"{fact.title} ({where})", f"{zh}（{where}）")


def no_page_note(fact) -> str:
    """The bilingual note on a match whose page could not be drawn (:attr:`~.fact_rows.MatchFact.not_drawn`),
    naming it by :func:`match_labels`: it is counted all the same, from the dataset's rows."""
    en, zh = match_labels(fact)
    why_en, why_zh = fact.not_drawn
    return (f"{en}: its match page could not be drawn: {why_en}; the match is counted from the dataset's rows "
            f"(standings, ratings, statistics), without a page of its own or of its hands / {zh}：无法生成比赛页："
            f"{why_zh}；该场比赛仍按数据集中的数据计入（排名、等级分、统计），但没有比赛页和牌局页")


def relabel(note: str, labels: dict[str, tuple[str, str]]) -> str:
    """A bilingual note of :mod:`~tractor_analysis.dataset.standings` with each record it names
    (by its source, a key of ``labels``) named by its label: the English one in the English half,
    the Chinese one in the Chinese half.  Such a note names the same records in the same order in
    each half (``A: … as B / A：… B``); one that does not keeps the sources (paths: the same in
    either language)."""
    if not labels:
        return note
    pattern = re.compile("|".join(re.escape(k) for k in sorted(labels, key=len, reverse=True)))
    found = list(pattern.finditer(note))
    half = len(found) // 2
    named = [m.group() for m in found]
    if not found or len(found) % 2 or named[:half] != named[half:] \
            or " / " not in note[found[half - 1].end():found[half].start()]:
        return note
    out, last = [], 0
    for i, m in enumerate(found):
        out += [note[last:m.start()], labels[m.group()][i >= half]]
        last = m.end()
    return "".join(out) + note[last:]


def _relabelled(view: EventView, labels: dict) -> EventView:
    """``view`` with every note naming records by their labels (:func:`relabel`)."""
    def standing(s):
        if s.provisional_note is not None:
            s = dataclasses.replace(s, provisional_note=relabel(s.provisional_note, labels))
        if s.undecided is None:
            return s
        return dataclasses.replace(s, undecided={**s.undecided, "note": relabel(s.undecided["note"], labels)})

    return dataclasses.replace(
        view, notes=tuple(relabel(n, labels) for n in view.notes),
        warnings=tuple(relabel(n, labels) for n in view.warnings),
        rounds=tuple(dataclasses.replace(rv, standings=tuple(standing(s) for s in rv.standings))
                     for rv in view.rounds))


def build_event(model, duplicate_of: dict) -> EventReport:
    """The event pages' content from the model's facts (``duplicate_of``: copies whose hands to leave
    out, :func:`.facts.duplicate_matches`).

    The team and player pages count the matches the standings count (:func:`select`); any other
    match of the team or player is listed marked not counted, with :func:`select`'s note on it.  A
    second record of a match (:func:`~tractor_analysis.dataset.event_copies.distinct`: ingest's copy, or a
    re-typed one; the facts come in the order ingest commits, and a dataset's copy names the copy it
    counts, so the copy counted is the standings') is counted once everywhere: listed not counted with
    the standings' note, its hands not in a player's statistics, and the index counts it once
    (:attr:`EventReport.copies`)."""
    options = getattr(model, "event_options", None) or EventOptions()
    every = [f for f in model.match_facts if f.event is not None]
    facts = [f for f in every if options.chosen(f.event)]
    # a name written in two Unicode forms (composed, decomposed) is one team or player, as tractor standings reads it
    forms = name_forms(f.event for f in every)
    matches = one_form([f.event for f in facts], forms)
    pages = {f.match: f.filename for f in facts}
    labels = {f.event.source: match_labels(f) for f in facts if f.event.source}
    labels.update({match_named(f.event): match_labels(f) for f in facts if f.event.source})
    tagged = any(f.team_tags for f in facts)
    taken: set[str] = set()
    # a match of a record part of which could not be read is left out, as tractor standings leaves it
    # out (its result is not known), before anything is counted: its copies, the standings, the ratings
    unread = {f.match: f.unread for f in facts if f.unread is not None}
    readable = [m for m in matches if m.match_id not in unread]
    # the ratings rate the matches the standings count: a note on a match left out says both
    purpose = "event" if tagged else "ratings"
    files_unread, records_unread = unread_records(model, every)
    missing = options.no_such_event([f.event for f in every])
    view = _relabelled(event_view(readable, options.event, options.after_round, options.points, options.tiebreaks,
                                  purpose=purpose, unread=[*files_unread, *([missing] if missing else [])],
                                  unread_records=records_unread, awards=options.awards), labels) if tagged else None
    if view is not None and unread:
        view = dataclasses.replace(view, notes=tuple(dict.fromkeys([*unread.values(), *view.notes])))
    kept, notes = select(readable, options.event, options.after_round, purpose=purpose)  # as event_view counts them
    by_id = {f.match: f for f in facts}
    copies = {later: (by_id[first.match_id], relabel(note, labels))
              for later, (first, note) in copies_among(readable).items()}
    counted = {m.match_id for m in kept}
    reasons = {m.match_id: relabel(note_of(m, notes) or "", labels)
               for m in readable if m.match_id not in counted} if view is not None else \
        {k: note for k, (_, note) in copies.items()}
    reasons.update(unread)
    # the note the index's "please check" list gives on how a counted match was decided, for its team pages' rows
    decided = {m.match_id: relabel(n, labels) for m in kept for n in [decision_note(m)] if n is not None}
    teams: dict[str, TeamPage] = {}
    if view is not None:
        last = view.rounds[-1].standings if view.rounds else ()
        for s in last:
            teams[s.team] = TeamPage(s.team, _page_name("team", s.team, taken), s.players, standing=s)
        for m in sorted(matches, key=lambda m: (round_number(m.round) or 0, round_number(m.table) or 0)):
            for side in (0, 1):
                page = teams.get(m.teams[side]) if m.teams[side] else None
                if page is not None:
                    row = dataclasses.replace(_result(m), note=decided.get(m.match_id, ""))
                    page.rows.append((m.round, row, side, _won(m, side), pages.get(m.match_id),
                                      reasons.get(m.match_id)))
        for a in view.awards:       # a bye or a walkover: no record, no page (side 0: the row's team is the winner)
            for side, team in enumerate(a.teams()):
                if team in teams:
                    teams[team].rows.append((str(a.round), _award_row(a), side, None if a.bye else side == 0, None, None))
        for page in teams.values():     # in round order, the matches of a round before its byes and walkovers
            page.rows.sort(key=lambda row: round_number(row[0]) or 0)
    rated, history, unrated = ratings(kept)
    rated_ids = {step.match_id for steps in history.values() for step in steps}
    not_rated = {m.match_id: relabel(note_of(m, notes + unrated) or "", labels)
                 for m in matches if m.match_id not in rated_ids and reasons.get(m.match_id) is None}
    no_page = {f.match: no_page_note(f) for f in facts if f.not_drawn is not None}
    players = _players(model, facts, matches, pages, taken, duplicate_of, reasons, copies, not_rated, no_page, forms)
    for r in rated:
        if r.player in players:
            players[r.player].rating = r
            players[r.player].history = tuple(history.get(r.player, ()))
    return EventReport(view, teams, players, rated, PRINT_PAGE if view is not None else None, copies,
                       tuple(relabel(n, labels) for n in unrated),
                       tuple(relabel(n, labels) for n in order_notes(kept)), no_page, options)


def unread_records(model, facts) -> tuple[list[str], list[str]]:
    """The records of the report's inputs that could not be read, or not whole, as ``tractor standings``
    says it (:func:`~tractor_analysis.dataset.event_unread.unread_notes` over the index's file problems and the
    matches read from each file): the notes, and the paths of the records they are said of, in order — each of
    a file's notes as the standings give it (:attr:`~.model.ReportModel.unread`, kept as the file was read: the
    note on the matches left out, then each match a JSON Lines file lost whole, naming its line).  A model that
    did not keep a file's notes has them worked out here from its problems: a record whose matches are left out
    has its note on them (:attr:`~.fact_rows.MatchFact.unread`)."""
    from tractor_analysis.dataset.event_unread import unread_notes

    by_path: dict[str, list] = {}
    for p in model.problems:
        code = "engine_error" if p.code == "replay_failed" else p.code     # the engine failed on a match
        by_path.setdefault(p.path, []).append((p.line, p.column, code, p.message, None))
    notes, paths = [], []
    for path, problems in by_path.items():
        said = model.unread.get(path)
        if said is None:
            read = [f for f in facts if f.event.source == path or f.event.source.startswith(path + "#")]
            said = [f.unread for f in read if f.unread is not None][:1] or unread_notes(path, problems, len(read))[0]
        if said:
            notes.extend(said)
            paths.append(path)
    return notes, paths


_LEFT_OUT = {"withheld": ("whose total is withheld", "闲家总分不予判定"),
             "so_far": ("not played out (the points so far only)", "未打完（仅为已得分）"),
             "unsure": ("not known to be final (the dataset's row says neither played out nor a score sheet's)",
                        "无法确定是否为最终总分"
                        "（数据集的该行既未注明打完，也未注明为记分表结果）")}
"""Why a finished hand's total is left out of a player's attack points (:func:`_attack_note`)."""


def _attack_note(st: dict) -> str:
    """The bilingual note on the finished hands a player attacked whose total the mean leaves out
    (``st``: :func:`_players`' statistics), by why; empty when none is."""
    left = {k: st.get(f"attack_{k}", 0) for k in _LEFT_OUT}
    out = sum(left.values())
    if not out:
        return ""
    en = ", ".join(f"{n} {_LEFT_OUT[k][0]}" for k, n in left.items() if n)
    zh = "，".join(f"{n} 局{_LEFT_OUT[k][1]}" for k, n in left.items() if n)
    return (f"left out of the mean: {out} of the {st['attacked']} finished hands attacked — {en} / "
            f"未计入平均：做闲的 {st['attacked']} 局中有 {out} 局——{zh}")


def _players(model, facts, matches, pages, taken, duplicate_of, reasons, copies,
             not_rated, no_page=None, forms=None) -> dict[str, PlayerPage]:
    """Each named player's page: every match (``reasons``: why the standings do not count one;
    ``not_rated``: why the ratings leave out one they do; ``no_page``: why one has no page), the hands
    and violations of each match once (not those of a second record: ``copies``).  A player's attack points sum the attackers'
    totals that are known and final (:attr:`~.fact_rows.HandFact.final`), and say how many are left out."""
    players: dict[str, PlayerPage] = {}
    no_page = no_page or {}
    by_match = {f.match: f for f in facts}
    for m in matches:
        for seat, name in enumerate(m.players):
            if not name:
                continue
            page = players.get(name)
            if page is None:
                page = players[name] = PlayerPage(name, _page_name("player", name, taken))
            side = seat % 2
            fact = by_match.get(m.match_id)
            if fact is not None and fact.friend:
                # friend mode: the dealer's side is the dealer and whoever holds the called card,
                # hand by hand — no team, partner or opponents; each player keeps their own level
                page.friend_matches += 1
                mine = fact.player_levels_final or (None,) * 4
                levels = " · ".join(f"{SEAT_TOKENS[i]} {m.players[i] or '?'} {_level(mine[i])}" for i in range(4))
                page.matches.append(PlayerMatch(m, SEAT_TOKENS[seat], "", "", None, _won(m, side), _result(m),
                                                pages.get(m.match_id), friend=True, player_levels=levels,
                                                reason=reasons.get(m.match_id), unrated=not_rated.get(m.match_id),
                                                no_page=no_page.get(m.match_id)))
                continue
            team = m.teams[side]
            if team and team not in page.teams:
                page.teams.append(team)
            partner = m.players[(seat + 2) % 4] or "?"
            opponents = " & ".join(p or "?" for p in (m.players[(seat + 1) % 4], m.players[(seat + 3) % 4]))
            page.matches.append(PlayerMatch(m, SEAT_TOKENS[seat], partner, opponents, team, _won(m, side),
                                            _result(m), pages.get(m.match_id), reason=reasons.get(m.match_id),
                                            unrated=not_rated.get(m.match_id), no_page=no_page.get(m.match_id)))
    seats = {m.match_id: m.players for m in matches if m.match_id not in copies}
    for h in model.hand_facts:
        if h.match in duplicate_of or h.match not in seats:
            continue
        final = h.final
        for seat, name in enumerate(seats[h.match]):
            page = players.get(name) if name else None
            if page is None:
                continue
            # the dealer's side as resolved (friend mode: the dealer and the called partner, never the
            # seat opposite); the team only where the seats are not stored
            defending = (SEAT_TOKENS[seat] in h.defender_seats if h.defender_seats is not None
                         else None if h.defenders_team is None else seat % 2 == h.defenders_team)
            st = page.stats
            st["hands"] = st.get("hands", 0) + 1
            st["dealt"] = st.get("dealt", 0) + (h.dealer == SEAT_TOKENS[seat])
            if h.outcome is not None and defending is not None:
                key = "defended" if defending else "attacked"
                st[key] = st.get(key, 0) + 1
                if defending:
                    st["held"] = st.get("held", 0) + (h.outcome == "defenders")
                else:
                    st["took"] = st.get("took", 0) + (h.outcome == "attackers")
                    # only a total known and final: never the points so far of a hand not played out
                    left = ("withheld" if h.attackers_total is None else "unsure" if final is None
                            else None if final else "so_far")
                    if left is None:
                        st["attack_points"] = st.get("attack_points", 0) + h.attackers_total
                        st["attack_totals"] = st.get("attack_totals", 0) + 1
                        # by decks too: a total is out of 100 a deck, a mean is over one decks count
                        per = st.setdefault("attack_by_decks", {}).setdefault(h.decks, [0, 0])
                        per[0] += h.attackers_total
                        per[1] += 1
                    else:
                        st[f"attack_{left}"] = st.get(f"attack_{left}", 0) + 1
            page.hands_total += 1
            if len(page.hands) < MAX_HAND_ROWS:
                f = by_match[h.match]
                page.hands.append(PlayerHand(f.title, f.filename, h.hand, SEAT_TOKENS[seat], h.dealer,
                                             h.attackers_total, h.outcome, h.levels, defending, final,
                                             h.outcome_reason))
    for v in model.violation_facts:
        # read as the event reads names (the ends stripped, in the form first read: ``forms``)
        name = form_of(player_name(v.player), forms or {})
        if v.match not in duplicate_of and name in players and v.match in seats:
            players[name].stats["violations"] = players[name].stats.get("violations", 0) + 1
    for page in players.values():
        page.attack_note = _attack_note(page.stats)
    return players


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def write_event_pages(folder: Path, report: EventReport, render: Callable[[str, dict], str]) -> None:
    """Write the printable sheet, the team pages and the player pages into ``folder``
    (``render(template, context)`` draws a page with the report's assets)."""
    from .event_charts import rating_chart

    if report.view is not None:
        _write(folder / PRINT_PAGE, render_standings_page(report.view, links={"index": "index.html"}))
        for page in report.teams.values():
            _write(folder / page.filename, render("team.html", {"team": page, "event": report,
                                                                "heads": TIEBREAK_HEADS}))
    for page in report.players.values():
        if page.history:
            page.chart = rating_chart(page.name, page.history)
        _write(folder / page.filename, render("player.html", {"player": page, "event": report,
                                                              "levels": RANK_TOKENS}))

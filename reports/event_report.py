"""The report's event pages: the index's standings after each round with the round's results, the
printable sheet (``standings-print.html``), a page per team (its matches round by round) and a
page per player (matches, hands, statistics, rating history).

Built from the index's match facts (:attr:`~.fact_rows.MatchFact.event`), a match kept twice
counted once.  The event part of the index appears when a record names a team (``[TeamNS]`` /
``[TeamEW]``); a page per player is written for every named player.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tractor_analysis.dataset.ratings import PlayerRating, RatingStep, ratings
from tractor_analysis.dataset.standings import EventMatch, round_number, select
from tractor_analysis.records.cards import RANK_TOKENS, SEAT_TOKENS

from .event_pages import TIEBREAK_HEADS, EventView, ResultRow, _result, event_view, render_standings_page

__all__ = ["EventReport", "build_event", "write_event_pages", "MAX_HAND_ROWS", "PRINT_PAGE"]

MAX_HAND_ROWS = 300
"""Hands listed on a player's page (a player of a large corpus sits in thousands)."""
PRINT_PAGE = "standings-print.html"


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


@dataclass(frozen=True)
class PlayerHand:
    title: str
    filename: str | None
    hand: int
    seat: str
    dealer: str
    attackers_total: int
    outcome: str | None
    levels: int
    defending: bool | None
    """``None``: the record does not tell the sides."""


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
    rating: PlayerRating | None = None
    history: tuple[RatingStep, ...] = ()
    chart: str = ""


@dataclass
class TeamPage:
    name: str
    filename: str
    players: tuple[str, ...] = ()
    rows: list = field(default_factory=list)
    """(round, ResultRow, side, won, filename) in round and table order."""
    standing: object = None


@dataclass
class EventReport:
    view: EventView | None
    """The standings by round (``None`` when no record names a team)."""
    teams: dict[str, TeamPage]
    players: dict[str, PlayerPage]
    ratings: list[PlayerRating]
    print_page: str | None

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


def build_event(model, duplicate_of: dict) -> EventReport:
    """The event pages' content from the model's facts (``duplicate_of``: later copies to leave out)."""
    facts = [f for f in model.match_facts if f.event is not None and f.match not in duplicate_of]
    matches = [f.event for f in facts]
    pages = {f.match: f.filename for f in facts}
    tagged = any(f.team_tags for f in facts)
    taken: set[str] = set()
    view = event_view(matches) if tagged else None
    teams: dict[str, TeamPage] = {}
    if view is not None:
        last = view.rounds[-1].standings if view.rounds else ()
        for s in last:
            teams[s.team] = TeamPage(s.team, _page_name("team", s.team, taken), s.players, standing=s)
        for m in sorted(matches, key=lambda m: (round_number(m.round) or 0, round_number(m.table) or 0)):
            for side in (0, 1):
                page = teams.get(m.teams[side]) if m.teams[side] else None
                if page is not None:
                    page.rows.append((m.round, _result(m), side, _won(m, side), pages.get(m.match_id)))
    rated, history, _ = ratings(select(matches)[0])
    players = _players(model, facts, matches, pages, taken, duplicate_of)
    for r in rated:
        if r.player in players:
            players[r.player].rating = r
            players[r.player].history = tuple(history.get(r.player, ()))
    return EventReport(view, teams, players, rated, PRINT_PAGE if view is not None else None)


def _players(model, facts, matches, pages, taken, duplicate_of) -> dict[str, PlayerPage]:
    players: dict[str, PlayerPage] = {}
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
                                                pages.get(m.match_id), friend=True, player_levels=levels))
                continue
            team = m.teams[side]
            if team and team not in page.teams:
                page.teams.append(team)
            partner = m.players[(seat + 2) % 4] or "?"
            opponents = " & ".join(p or "?" for p in (m.players[(seat + 1) % 4], m.players[(seat + 3) % 4]))
            page.matches.append(PlayerMatch(m, SEAT_TOKENS[seat], partner, opponents, team, _won(m, side),
                                            _result(m), pages.get(m.match_id)))
    seats = {m.match_id: m.players for m in matches}
    for h in model.hand_facts:
        if h.match in duplicate_of or h.match not in seats:
            continue
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
                    st["attack_points"] = st.get("attack_points", 0) + h.attackers_total
            page.hands_total += 1
            if len(page.hands) < MAX_HAND_ROWS:
                f = by_match[h.match]
                page.hands.append(PlayerHand(f.title, f.filename, h.hand, SEAT_TOKENS[seat], h.dealer,
                                             h.attackers_total, h.outcome, h.levels, defending))
    for v in model.violation_facts:
        if v.match not in duplicate_of and v.player in players and v.match in seats:
            players[v.player].stats["violations"] = players[v.player].stats.get("violations", 0) + 1
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

"""Player ratings over an event's decided matches, with openskill's Plackett-Luce model.

Each decided match is rated once, in the order of ``[Date]``, then ``[Round]``, then
``[Table]``, then the match id (:func:`rating_order`): the two teams are [N, S] and [E, W], ranked
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

from dataclasses import dataclass
from typing import Sequence

from ..engine.explain_hand import match_decision_text
from .standings import EventMatch, match_named, round_number, same_team_note

__all__ = ["PlayerRating", "RatingStep", "rating_order", "ratings", "model", "unrated_note"]


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


def rating_order(matches: Sequence[EventMatch]) -> list[EventMatch]:
    """``matches`` in the order they are rated: ``[Date]`` (as written; a match without one after
    the dated ones), then ``[Round]`` and ``[Table]`` (as numbers when they are whole numbers),
    then the match id."""
    return sorted(matches, key=lambda m: (m.date is None, m.date or "", _number_key(m.round),
                                          _number_key(m.table), m.match_id))


_SEAT_TAGS = ("North", "East", "South", "West")


def unrated_note(m: EventMatch) -> str | None:
    """Why ``m`` is not rated (a bilingual note naming it by :func:`~.standings.match_named`), or
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
        name = f'"{m.players[twice[0]]}"'
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

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

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from .event_model import EventMatch, quoted, round_number

__all__ = ["Award", "parse_awards", "award_notes", "awards_upto"]


@dataclass(frozen=True)
class Award:
    """A round's result the organiser states: a bye (``opponent`` ``None``) or a walkover (``team`` won,
    ``opponent`` lost without play)."""

    round: int
    team: str
    """The team given the bye, or the walkover's winner."""
    opponent: str | None = None
    """The walkover's loser (the team that did not play); ``None`` for a bye."""

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


def _round(text: str, option: str) -> int:
    n = round_number(str(text).strip())
    if n is None or n < 1:
        raise ValueError(f"{option} {text!r}: the round is a whole number from 1 (as [Round] writes it) / "
                         f"{option} {text!r}：轮次应为从 1 起的整数（与 [Round] 写法相同）")
    return n


def _team(text: str, option: str) -> str:
    name = " ".join(str(text).split())
    if not name:
        raise ValueError(f"{option}: a team name is empty / {option}：队伍名称为空")
    return str(text).strip()


def parse_awards(byes: Iterable[Sequence[str]] = (), walkovers: Iterable[Sequence[str]] = ()) -> tuple[Award, ...]:
    """The awards of ``--bye ROUND TEAM`` and ``--walkover ROUND WINNER LOSER`` (team names as the standings
    name teams: ``[TeamNS]`` / ``[TeamEW]``, else the two players ``"A / B"``), in the order given;
    :class:`ValueError` (bilingual) naming what contradicts itself."""
    out = [Award(_round(r, "--bye"), _team(t, "--bye")) for r, t in byes]
    for r, w, loser in walkovers:
        a = Award(_round(r, "--walkover"), _team(w, "--walkover"), _team(loser, "--walkover"))
        if a.team == a.opponent:
            raise ValueError(f"--walkover {r} {w!r} {loser!r}: a team cannot win a walkover over itself / "
                             f"--walkover {r} {w!r} {loser!r}：队伍不能对自己不战而胜")
        out.append(a)
    seen = Counter((a.round, t) for a in out for t in a.teams())
    twice = sorted(k for k, n in seen.items() if n > 1)
    if twice:
        r, t = twice[0]
        raise ValueError(f"round {r}: {quoted(t)} is given more than one result by --bye and --walkover (a team has one "
                         f"result a round) / 第 {r} 轮：--bye 与 --walkover 给了 {quoted(t)} 不止一个结果（每队每轮只有一个结果）")
    return tuple(out)


def awards_upto(awards: Iterable[Award], after_round: int | None) -> tuple[Award, ...]:
    """The awards of the rounds up to ``after_round`` (all when ``None``)."""
    return tuple(a for a in awards if after_round is None or a.round <= after_round)


def award_notes(awards: Sequence[Award], matches: Sequence[EventMatch]) -> list[str]:
    """Bilingual notes on awards the counted ``matches`` question (counted as stated all the same): a team no
    counted match names (a team that never played at all, or a name written otherwise than the records
    write it?), and a team with an award in a round where it also has a match counted."""
    named = {t for m in matches for t in m.teams if t is not None}
    notes = []
    strangers = sorted({t for a in awards for t in a.teams() if t not in named})
    for t in strangers:
        folded = sorted(n for n in named if n.casefold() == t.casefold())
        hint_en = f" (the records write {', '.join(quoted(n) for n in folded)})" if folded else ""
        hint_zh = f"（记录中写作 {'、'.join(quoted(n) for n in folded)}）" if folded else ""
        notes.append(f"{quoted(t)}, named by --bye or --walkover, is in no match counted{hint_en}: a team that never "
                     f"played, or its name written otherwise? counted as stated / --bye 或 --walkover 所给的 "
                     f"{quoted(t)} 不在任何计入的比赛中{hint_zh}：从未出场的队伍，还是名称写法不同？按所给计入")
    for a in awards:
        for t in a.teams():
            played = [m for m in matches if round_number(m.round) == a.round and t in m.teams]
            if played:
                en, zh = a.text()
                notes.append(f"{en}, but {quoted(t)} has {len(played)} match(es) counted in round {a.round}: check the "
                             f"round's records; both counted / {zh}，但 {quoted(t)} 在第 {a.round} 轮有 {len(played)} "
                             "场计入的比赛：请核对本轮的记录；均已计入")
    return notes

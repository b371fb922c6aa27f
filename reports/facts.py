"""The index page's numbers: standings, statistics tables and charts.

They are computed from the report model's fact rows (:class:`HandFact`,
:class:`ViolationFact`, :class:`MatchFact`), which come either from replayed
records or from a dataset folder's tables (:func:`add_dataset`).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from tractor_analysis.cards import RANK_TOKENS
from tractor_analysis.verdicts import VIOLATION_CODES

from . import charts
from .model import ReportModel


@dataclass(frozen=True, slots=True)
class Standing:
    team: str
    matches: int
    won: int
    levels: int
    violations: int


@dataclass(frozen=True, slots=True)
class StatTable:
    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


@dataclass(frozen=True, slots=True)
class IndexStats:
    summary: dict
    standings: tuple[Standing, ...]
    tables: tuple[StatTable, ...]
    charts: tuple[str, ...]


def standings(model: ReportModel) -> tuple[Standing, ...]:
    """Teams (the two players' names) ranked by matches won, then levels gained.

    A match counts as won by the team that passed A (or whose opponents forfeited);
    an unfinished match by the team ahead at the end (higher level, else the deal).
    """
    levels_by: dict[tuple[str, int], int] = defaultdict(int)
    for h in model.hand_facts:
        if h.outcome is None:
            continue
        team = h.defenders_team if h.outcome == "defenders" else 1 - h.defenders_team
        levels_by[(h.match, team)] += h.levels
    seat_team = {"N": 0, "S": 0, "E": 1, "W": 1}
    viol_by: dict[tuple[str, int], int] = defaultdict(int)
    for v in model.violation_facts:
        if v.seat in seat_team:
            viol_by[(v.match, seat_team[v.seat])] += 1
    rows: dict[str, list[int]] = {}
    for m in model.match_facts:
        for t in (0, 1):
            r = rows.setdefault(m.teams[t], [0, 0, 0, 0])
            r[0] += 1
            r[1] += int(m.leader == t)
            r[2] += levels_by[(m.match, t)]
            r[3] += viol_by[(m.match, t)]
    ranked = sorted(rows.items(), key=lambda kv: (-kv[1][1], -kv[1][2], kv[1][3], kv[0]))
    return tuple(Standing(team, *r) for team, r in ranked)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}%" if b else "—"


def index_stats(model: ReportModel, charts_on: bool = True) -> IndexStats:
    hands = model.hand_facts
    complete = [h for h in hands if h.outcome is not None]
    threshold = 40 * (hands[0].decks if hands else 2)
    summary = {"matches": len(model.match_facts), "hands": len(hands),
               "violations": len(model.violation_facts)}

    # outcomes by attackers' score band
    bands: Counter = Counter()
    for h in complete:
        if h.outcome == "defenders":
            bands[(0, f"defenders +{h.levels} / 庄家升{h.levels}级")] += 1
        else:
            bands[(1, f"attackers take the deal +{h.levels} / 闲家上台升{h.levels}级")] += 1
    outcome_rows = tuple((label, n, _pct(n, len(complete))) for (_, label), n in
                         sorted(bands.items(), key=lambda kv: (kv[0][0], kv[0][1])))

    captures = Counter(h.bottom_multiplier for h in complete if h.bottom_multiplier)
    bonus = Counter()
    for h in complete:
        if h.bottom_multiplier:
            bonus[h.bottom_multiplier] += h.bottom_bonus
    capture_rows = tuple((f"×{m}", captures[m], bonus[m]) for m in sorted(captures))

    by_code = Counter(v.code for v in model.violation_facts)
    code_rows = tuple((c, n, VIOLATION_CODES.get(c, "")) for c, n in by_code.most_common())
    by_player = Counter(v.player or "(record)" for v in model.violation_facts)
    player_rows = tuple(by_player.most_common())

    held = defaultdict(lambda: [0, 0])
    for h in complete:
        if h.level is None:
            continue
        held[h.level][1] += 1
        held[h.level][0] += h.outcome == "defenders"
    hold_levels = sorted(held)
    hold_rows = tuple((RANK_TOKENS.get(lv, str(lv)), held[lv][1], held[lv][0],
                       _pct(held[lv][0], held[lv][1])) for lv in hold_levels)

    trumps = defaultdict(lambda: [0, 0])
    for h in complete:
        trumps[h.trump][1] += 1
        trumps[h.trump][0] += h.outcome == "defenders"
    trump_rows = tuple((t, trumps[t][1], _pct(trumps[t][0], trumps[t][1]))
                       for t in sorted(trumps, key="SHDCNT".find))

    points = [h.attackers_total for h in complete]
    mean = sum(points) / len(points) if points else 0
    tables = (
        StatTable("outcomes", "Outcomes / 结果", ("outcome / 结果", "hands / 局", "share / 比例"),
                  outcome_rows),
        StatTable("points", "Attackers' points / 闲家得分",
                  ("hands / 局", "mean / 平均", "≥ deal line / 上台", "zero / 大光"),
                  ((len(points), f"{mean:.1f}", sum(p >= threshold for p in points),
                    sum(p == 0 for p in points)),) if points else ()),
        StatTable("bottom", "Bottom captures by multiplier / 抠底倍数",
                  ("multiplier / 倍数", "captures / 次数", "bonus points / 加分"), capture_rows),
        StatTable("violations-code", "Violations by code / 违规类型",
                  ("code / 代码", "count / 次数", "rule / 规则"), code_rows),
        StatTable("violations-player", "Violations by player / 选手违规",
                  ("player / 选手", "count / 次数"), player_rows),
        StatTable("hold", "Defence hold rate by dealer level / 各级别守庄率",
                  ("level / 级", "hands / 局", "held / 守住", "rate / 比例"), hold_rows),
        StatTable("trump", "Trump suit / 主花色", ("trump / 主", "hands / 局", "held / 守住率"),
                  trump_rows),
    )
    svgs: list[str] = []
    if charts_on and complete:
        svgs.append(charts.points_distribution_chart(points, threshold))
        svgs.append(charts.bar_chart({f"×{m}": captures[m] for m in sorted(captures)},
                                     "Bottom captures by multiplier", "multiplier", "captures",
                                     "hands with a bottom capture (抠底)"))
        if hold_levels:
            svgs.append(charts.hold_rate_chart(
                hold_levels, [held[lv][0] / held[lv][1] for lv in hold_levels],
                [held[lv][1] for lv in hold_levels]))
    if charts_on and by_code:
        svgs.append(charts.bar_chart(dict(by_code.most_common()), "Violations by code", "code",
                                     "violations", "violations (违规)", horizontal=True,
                                     colour="#b71c1c"))
        svgs.append(charts.bar_chart(dict(by_player.most_common(20)), "Violations by player",
                                     "player", "violations", "violations (违规)", horizontal=True,
                                     colour="#b71c1c"))
    return IndexStats(summary, standings(model), tables, tuple(svgs))


def add_dataset(model: ReportModel, path: Path, taken: set[str], *, rules=None,
                charts_on: bool = True) -> None:
    """Add a dataset folder: its matches are re-read from their record files when those
    are still there (for the hand pages); otherwise only the statistics use its tables."""
    raise NotImplementedError("dataset folders: waiting for tractor_analysis.dataset")

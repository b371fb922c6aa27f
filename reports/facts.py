"""The index page's numbers: standings, statistics tables and charts.

They are computed from the report model's fact rows (:class:`HandFact`,
:class:`ViolationFact`, :class:`MatchFact`), which come either from replayed
records or from a dataset folder's tables (:func:`add_dataset`).
"""
from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from tractor_analysis.records.cards import RANK_TOKENS

from . import charts
from .fact_rows import MatchFact
from .hand_page import rule_line
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
    note: str = ""
    """What the table leaves out and why, bilingual (e.g. seats the record names no player for)."""


@dataclass(frozen=True, slots=True)
class IndexStats:
    summary: dict
    standings: tuple[Standing, ...]
    tables: tuple[StatTable, ...]
    charts: tuple[str, ...]
    duplicate_of: dict = field(default_factory=dict)
    """Matches recorded twice: a later copy's key → the first copy (:func:`duplicate_matches`)."""


def standings(model: ReportModel, leave_out: frozenset = frozenset()) -> tuple[Standing, ...]:
    """Teams (the two players' names) ranked by matches won, then levels gained (``leave_out``: matches not
    counted, :func:`outside_rounds`).

    A match counts as won by the team that won it (``engine.scoring.decide``: passed the winning
    level, the other side forfeited, or — only where the ruleset decides a match cut short — the
    levels or the deal); a match no rule decides is won by nobody, whoever is ahead in it.
    """
    levels_by: dict[tuple[str, int], int] = defaultdict(int)
    for h in model.hand_facts:
        if h.outcome is None or h.defenders_team is None or h.match in leave_out:
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
        if m.match in leave_out:
            continue
        for t in (0, 1):
            r = rows.setdefault(m.teams[t], [0, 0, 0, 0])
            r[0] += 1
            r[1] += int(m.winner == t)
            r[2] += levels_by[(m.match, t)]
            r[3] += viol_by[(m.match, t)]
    ranked = sorted(rows.items(), key=lambda kv: (-kv[1][1], -kv[1][2], kv[1][3], kv[0]))
    return tuple(Standing(team, *r) for team, r in ranked)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}%" if b else "—"


def duplicate_matches(model: ReportModel) -> dict[str, MatchFact]:
    """Matches recorded twice (the same match kept as .tgn and as .json): each copy that does not
    count, by key → the copy that does — ``tractor ingest``'s rule, as ``stats.duplicate_matches``
    follows it (docs/dataset.md, ``duplicate_of``): a match the dataset it was read from marks a copy
    counts as the copy it names (:attr:`MatchFact.copy_of`); otherwise the first of the matches with
    ingest's match key (:attr:`~tractor_analysis.dataset.event_model.EventMatch.key`) counts, in the
    order the report read them — the order ingest commits: a dataset's matches in the order it
    committed them, then the record files in the order of the inputs (:func:`.inputs.read_inputs`).
    A match with no key (a dataset's match that could not be drawn) is compared by its tags, players,
    final levels and hands (number, dealer, trump, level, attackers' total, outcome, levels)."""
    hands: dict[str, list] = defaultdict(list)
    for h in model.hand_facts:
        hands[h.match].append((h.hand, h.dealer, h.trump, h.level, h.attackers_total, h.outcome, h.levels))
    by_key = {m.match: m for m in model.match_facts}
    first: dict[tuple, MatchFact] = {}
    dups: dict[str, MatchFact] = {}
    for m in model.match_facts:
        kept = by_key.get(m.copy_of) if m.copy_of is not None else None
        if kept is not None and kept is not m:
            dups[m.match] = kept
            continue
        key = (("key", m.event.key) if m.event is not None and m.event.key is not None else
               ("rows", m.tags, m.teams, m.levels_final, tuple(hands.get(m.match, ()))))
        if key in first:
            dups[m.match] = first[key]
        else:
            first[key] = m
    return dups


def outside_rounds(model: ReportModel) -> frozenset:
    """The matches (their ``match`` keys) of rounds after the report's ``--after-round`` (its
    ``event_options``, :class:`~.event_report.EventOptions`): "after round 4" is rounds 1–4 everywhere, the
    index's match list and statistics as the event's pages (a match whose ``[Round]`` is no round number is
    kept, as the player pages keep it); none without ``--after-round``."""
    from tractor_analysis.dataset.event_model import round_number

    after = getattr(getattr(model, "event_options", None), "after_round", None)
    if after is None:
        return frozenset()
    return frozenset(f.match for f in model.match_facts if f.event is not None
                     and (round_number(f.event.round) or 0) > after)


def index_stats(model: ReportModel, charts_on: bool = True, copies: dict | None = None,
                leave_out: frozenset = frozenset()) -> IndexStats:
    """The index's numbers; ``copies``: more second records of a match (a later copy's key → the
    first copy, e.g. a re-typed copy the event's standings count once), counted once too; ``leave_out``: the
    matches not counted at all (:func:`outside_rounds`)."""
    dups = {**duplicate_matches(model), **(copies or {})}     # a match recorded twice is counted once
    gone = set(dups) | set(leave_out)
    hands = [h for h in model.hand_facts if h.match not in gone]
    violation_facts = [v for v in model.violation_facts if v.match not in gone]
    complete = [h for h in hands if h.outcome is not None]
    # the violations of the play; a finding about the record alone (docs/rules.md §13.1) is counted apart
    # a match's own (a platform referee's match winner, docs/rules.md §13.1): its count less its hands'
    in_hands: Counter = Counter()
    for h in hands:
        in_hands[h.match] += h.record_findings or 0
    own = {m.match: m.record_findings - in_hands[m.match] for m in model.match_facts
           if m.match not in gone and m.record_findings is not None and m.record_findings > in_hands[m.match]}
    outside = sum(m.match in leave_out and m.match not in dups for m in model.match_facts)
    summary = {"matches": len(model.match_facts) - len(dups) - outside, "hands": len(hands),
               "violations": len(violation_facts),
               "record_findings": sum(h.record_findings or 0 for h in hands) + sum(own.values())}
    if summary["record_findings"]:      # where they are: the scorer has to correct those records
        facts = {m.match: m for m in model.match_facts}
        # (title, page, hand number; None: the match as a whole)
        summary["record_findings_in"] = [(facts[h.match].title if h.match in facts else h.match,
                                          facts[h.match].filename if h.match in facts else None, h.hand)
                                         for h in hands if h.record_findings] + [
            (facts[k].title, facts[k].filename, None) for k in own]

    # outcomes by attackers' score band; a hand whose outcome awards match points (Botzone) is no level gain
    bands: Counter = Counter()
    for h in complete:
        if h.outcome_reason == "match_points" and h.outcome in ("defenders", "attackers"):
            side = (0, "defenders", "庄家方") if h.outcome == "defenders" else (1, "attackers", "闲家")
            bands[(side[0], f"{side[1]} score {h.levels} match point(s) each (one hand a match) / "
                            f"{side[2]}每人得 {h.levels} 分（一局一场）")] += 1
        elif h.outcome == "defenders":
            bands[(0, f"defenders +{h.levels} / 庄家升{h.levels}级")] += 1
        elif h.outcome == "neither":
            bands[(2, "both sides miscounted, no change / 双方多少牌，不升不降")] += 1
        else:
            bands[(1, f"attackers take the deal +{h.levels} / 闲家上台升{h.levels}级" if h.levels
                   else "attackers take the deal, no level / 闲家上台，不升级")] += 1
    outcome_rows = tuple((label, n, _pct(n, len(complete))) for (_, label), n in
                         sorted(bands.items(), key=lambda kv: (kv[0][0], kv[0][1])))

    captures = Counter(h.bottom_multiplier for h in complete if h.bottom_multiplier)
    bonus = Counter()
    for h in complete:
        if h.bottom_multiplier:
            bonus[h.bottom_multiplier] += h.bottom_bonus
    capture_rows = tuple((f"×{m}", captures[m], bonus[m]) for m in sorted(captures))

    by_code = Counter(v.code for v in violation_facts)
    code_rows = tuple((c, n, rule_line(c)) for c, n in by_code.most_common())
    # a seat the record names no player for is not a player: its violations are not pooled with
    # every other unnamed seat's under "北家 N" (they stay in the counts by code)
    by_player = Counter(v.player or "(record)" for v in violation_facts if v.named)
    player_rows = tuple(by_player.most_common())
    unnamed = sum(not v.named for v in violation_facts)

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

    # the attackers' totals known and final: not one withheld, nor the points so far of a hand the
    # record ends inside (a miscount can decide it), nor one not known to be final
    totals = [h for h in complete if h.attackers_total is not None and h.final]
    points_note = _totals_note(complete)
    # the score that takes the deal: 2 steps of total/5 = 40 x decks (rules.md §8), per hand
    decks_seen = sorted({h.decks for h in totals})
    tables = (
        StatTable("outcomes", "Outcomes / 结果", ("outcome / 结果", "hands / 局", "share / 比例"),
                  outcome_rows),
        _points_table(totals, decks_seen, points_note),
        StatTable("bottom", "Bottom captures by multiplier / 抠底倍数",
                  ("multiplier / 倍数", "captures / 次数", "bonus points / 加分"), capture_rows),
        StatTable("violations-code", "Violations by code / 违规类型",
                  ("code / 代码", "count / 次数", "rule / 规则"), code_rows),
        StatTable("violations-player", "Violations by player / 选手违规",
                  ("player / 选手", "count / 次数"), player_rows,
                  note=(f"{unnamed} violation(s) by seats the record names no player for are left out "
                        f"(counted by code above) / 记录未写选手名字的座位的 {unnamed} 处违规不计入（已计入上方按类型的统计）"
                        if unnamed else "")),
        StatTable("hold", "Defence hold rate by dealer level / 各级别守庄率",
                  ("level / 级", "hands / 局", "held / 守住", "rate / 比例"), hold_rows),
        StatTable("trump", "Trump suit / 主花色", ("trump / 主", "hands / 局", "held / 守住率"),
                  trump_rows),
    )
    svgs: list[str] = []
    if charts_on and complete:
        for decks in decks_seen:     # one chart per deck count: the deal line differs
            svgs.append(charts.points_distribution_chart(
                [h.attackers_total for h in totals if h.decks == decks], 40 * decks,
                "" if len(decks_seen) == 1 else f" ({decks} deck{'s' if decks != 1 else ''})"))
        svgs.append(charts.bar_chart({f"×{m}": captures[m] for m in sorted(captures)},
                                     "Bottom captures by multiplier / 抠底倍数", "multiplier / 倍数",
                                     "captures / 次数",
                                     "hands with a bottom capture (抠底)"))
        if hold_levels:
            svgs.append(charts.hold_rate_chart(
                hold_levels, [held[lv][0] / held[lv][1] for lv in hold_levels],
                [held[lv][1] for lv in hold_levels]))
    if charts_on and by_code:
        svgs.append(charts.bar_chart(dict(by_code.most_common()), "Violations by code / 违规类型", "code / 代码",
                                     "violations / 违规", "violations (违规)", horizontal=True,
                                     colour="#b71c1c"))
        svgs.append(charts.bar_chart(dict(by_player.most_common(20)), "Violations by player / 选手违规",
                                     "player / 选手", "violations / 违规", "violations (违规)", horizontal=True,
                                     colour="#b71c1c"))
    return IndexStats(summary, standings(model, frozenset(leave_out)), tables, tuple(svgs), dups)


def _points_table(totals: list, decks_seen: list, note: str) -> StatTable:
    """The attackers' points of the hands whose total is known and final: hands, mean, at or over the deal
    line (40 a deck), zero — a row per number of decks when the hands are played with more than one (a
    total is out of 100 a deck: a mean over 2-deck and 3-deck hands would be over different totals)."""
    def row(hs: list) -> tuple:
        pts = [h.attackers_total for h in hs]
        return (len(pts), f"{sum(pts) / len(pts):.1f}", sum(h.attackers_total >= 40 * h.decks for h in hs),
                sum(p == 0 for p in pts))
    heads = ("hands / 局", "mean / 平均", "≥ deal line / 上台", "zero / 大光")
    if len(decks_seen) > 1:
        return StatTable("points", "Attackers' points by decks / 闲家得分（按副数）", ("decks / 副数", *heads),
                         tuple((d, *row([h for h in totals if h.decks == d])) for d in decks_seen), note=note)
    return StatTable("points", "Attackers' points / 闲家得分", heads, (row(totals),) if totals else (), note=note)


def _totals_note(finished) -> str:
    """The bilingual note on the ``finished`` hands (:class:`HandFact`) whose attackers' total the
    attackers' points leave out, by why (``stats.totals_note``'s words); empty when none is."""
    from tractor_analysis.dataset.stats import left_out_note

    return left_out_note(sum(h.attackers_total is None for h in finished),
                         sum(h.attackers_total is not None and h.final is False for h in finished),
                         sum(h.attackers_total is not None and h.final is None for h in finished))


# --- the dataset's tables and the stats module's tables ------------------------------
STATS_TITLES = {
    "standings": "Standings / 排名",
    "summary": "Players / 选手统计",
    "points": "Attackers' points by band / 闲家得分分布",
    "bottom": "Bottom captures by player / 选手抠底",
    "violations": "Violation rates by player / 选手违规率",
}


def stat_table(key: str, frame, title: str | None = None) -> StatTable:
    """A stats DataFrame as a table of display strings (rates as %, means to 1 decimal)."""
    import math

    def cell(column: str, v) -> object:
        if v is None or (isinstance(v, float) and math.isnan(v)):
            return "—"
        if column in COUNTS:
            return count_value(v)
        if column == "undecided":           # the standings' flag: a rank shared on an unknown
            return "yes / 是" if v else ""
        if isinstance(v, float):
            if column.endswith("rate"):
                return f"{100 * v:.0f}%"
            return f"{v:.1f}"
        return v

    from tractor_analysis.dataset.stats import COUNTS, count_value, header

    columns = tuple(str(c) for c in frame.columns)
    rows = tuple(tuple(cell(c, v) for c, v in zip(columns, row))
                 for row in frame.itertuples(index=False, name=None))
    return StatTable(key, title or STATS_TITLES.get(key, key), tuple(header(c) for c in columns), rows)


def stats_tables(ds) -> tuple[StatTable | None, tuple[StatTable, ...]]:
    """(standings, other tables) from :func:`tractor_analysis.dataset.stats.all_tables`."""
    from tractor_analysis.dataset import stats

    with stats.source(ds) as src:           # one connection for the tables and the note
        tables = stats.all_tables(src, by="player")
        totals = stats.totals_note(src)
    standing = tables.pop("standings", None)
    if standing is not None and "undecided" in standing and not standing["undecided"].any():
        standing = standing.drop(columns="undecided")      # shown only where a rank is shared on an unknown
    named = _named_players(ds)
    out = []
    for k, f in tables.items():
        f, note = _without_unnamed_seats(f, named)
        if k in ("summary", "points") and totals:   # their attackers' points: the final totals only
            note = f"{totals} {note}" if note else totals
        if k == "summary" and "levels_gained" in f and f["levels_gained"].isna().any():
            note = f"{LEVELS_UNKNOWN_NOTE} {note}" if note else LEVELS_UNKNOWN_NOTE
        out.append(dataclasses.replace(stat_table(f"by-player-{k}", f, STATS_TITLES.get(k)), note=note))
    return (None if standing is None else stat_table("standings", standing), tuple(out))


SEATS = ("N", "E", "S", "W")
LEVELS_UNKNOWN_NOTE = (
    "Levels — : not known — a hand of theirs that counts has a result or levels after the record leaves open "
    "(for instance its dealer, level or sides not stated; a take-back whose seat is not given, which moves the "
    "levels differently as it was one side's or the other's); the score table's gain is not put in its place / "
    "升级 —：未知——其计入的牌局中有结果或局后级数记录未能确定者（例如未写明庄家、级别或双方；座位未知的悔牌，"
    "算作哪一方级数变化就不同）；不以记分表的升级数代替")
"""The players table's note where a player's levels gained are unknown (``stats.summary``: NaN)."""
UNNAMED_NOTE = ("Seats the record names no player for are left out: an unnamed seat is not a player, and "
                "unnamed seats of different records are not one person / 记录未写选手名字的座位不计入：座位不是选手，"
                "不同记录中未署名的座位也不是同一个人")


def _named_players(ds) -> set[str]:
    """Every player name the records give ([North] … [West]; a seat the record leaves unnamed has none)."""
    columns = [c for c in ("player_n", "player_e", "player_s", "player_w") if c in ds.matches.columns]
    return {p for c in columns for p in ds.matches[c] if isinstance(p, str) and p}


def _without_unnamed_seats(frame, named: set[str]):
    """A by-player stats frame without the rows the stats key by a bare seat token (N, E, S, W: what
    they fall back to for a seat the record names no player for — every such seat of every record
    pooled as if one player); a token some record does give as a name stays, said to hold those seats
    too.  Returns (frame, note)."""
    if "player" not in frame.columns:
        return frame, ""
    keys = frame["player"]
    pooled = keys.isin([s for s in SEATS if s not in named])
    mixed = sorted(set(keys[keys.isin([s for s in SEATS if s in named])]))
    note = UNNAMED_NOTE if pooled.any() else ""
    if mixed:
        note += ((" " if note else "") + f"The row(s) {', '.join(mixed)} also count seats the record leaves "
                 f"unnamed: a player of that name cannot be told from them / {'、'.join(mixed)} 一行也计入了"
                 f"未署名的座位，无法与同名选手区分")
    return frame[~pooled], note


class ReportRows:
    """Rows of the dataset tables of replayed records, fed file by file (:meth:`add`).

    The rows are Python lists only until :data:`FLUSH` hands have gathered; then they become
    Arrow tables (columnar, a fraction of the memory), so a report over a large corpus holds
    its statistics' rows compactly.  No ``plays`` rows are kept: the stats tables read none,
    and they are most of the rows (about 100 a 2-deck hand)."""

    FLUSH = 2000

    def __init__(self) -> None:
        from tractor_analysis import dataset

        self._new = lambda: dataset.TableBuilder("report", records=False)
        self.builder = self._new()
        self.chunks: list[dict] = []

    def add(self, path: str, sha: str, matches, results) -> None:
        self.builder.add_file(path, sha, None, list(matches), list(results), [], "ok", None)
        self._added()

    def add_match(self, path: str, sha: str, index: int, match, result) -> None:
        """One match of a record file (``index``: its place in the file) and its replay, without the
        file's ``files`` row: a dataset's match drawn again (the statistics read no ``files`` row)."""
        self.builder.add_matches(path, sha, index, [match], [result])
        self._added()

    def _added(self) -> None:
        for column in self.builder.cols["plays"].values():
            column.clear()
        if self.builder.hands >= self.FLUSH:
            self.flush()

    def flush(self) -> None:
        if self.builder.files or self.builder.cols["matches"]["match_id"] or not self.chunks:
            self.chunks.append(self.builder.to_tables())
            seen = self.builder.first_of_key
            self.builder = self._new()
            # a copy in a later chunk names the first copy (duplicate_of), as one ingest batch does
            self.builder.first_of_key = seen

    def tables(self) -> dict:
        """Every table as one Arrow table (chunked as gathered)."""
        import pyarrow as pa

        self.flush()
        return {name: pa.concat_tables([c[name] for c in self.chunks]) for name in self.chunks[0]}


def table_builder() -> ReportRows:
    return ReportRows()


def add_file_rows(rows: ReportRows, path: str, sha: str, matches, results) -> None:
    """One record file's replayed matches as rows (as ``tractor ingest`` adds them, without plays)."""
    rows.add(path, sha, matches, results)


def dataset_of(files, rows: ReportRows | None = None) -> "object":
    """An in-memory dataset (:class:`tractor_analysis.dataset.Dataset`) of replayed records:
    the rows gathered in ``rows`` (:class:`ReportRows`), then ``files``, each (path, sha256,
    [Match], [MatchResult]) — the tables ``tractor ingest`` writes."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from tractor_analysis import dataset

    if rows is None:
        rows = ReportRows()
    for path, sha, matches, results in files:
        rows.add(path, sha, matches, results)
    frames = {}
    for name, table in rows.tables().items():
        for i, f in enumerate(table.schema):
            if pa.types.is_dictionary(f.type):
                table = table.set_column(i, f.name, pc.cast(table.column(i), pa.string()))
        frames[name] = table.to_pandas()
    return dataset.Dataset(**frames)


def concat_datasets(parts: list) -> "object | None":
    import pandas as pd

    from tractor_analysis import dataset

    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return dataset.Dataset(**{t: pd.concat([p[t] for p in parts], ignore_index=True)
                              for t in dataset.TABLES})

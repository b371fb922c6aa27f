"""Statistics of a dataset: the tables ``tractor stats`` prints and the HTML report shows.

Every table is computed by DuckDB in SQL (:mod:`.stats_sql`) and returned as a pandas
DataFrame.  ``ds`` may be

- a dataset folder (``str`` or ``os.PathLike``): DuckDB reads the committed Parquet parts of
  each table folder (``read_parquet``), so memory does not grow with the dataset;
- tables in memory (a loaded :class:`~tractor_analysis.dataset.Dataset`, the report's replayed
  records, or any object with ``matches``, ``hands``, ``tricks``, ``violations`` DataFrames or
  Arrow tables): handed to DuckDB as Arrow, the same queries;
- a :class:`~tractor_analysis.dataset.stats_source.StatsSource` (several tables, one connection).

One implementation serves both.  :mod:`.stats_reference` holds the earlier pandas
implementation, kept only as the reference the SQL is tested against.

``by`` chooses who a row speaks for:

- ``player``: one row per player name (a seat letter when the record names nobody);
- ``team``: one row per partnership ("Zhang Wei / Wang Fang", or ``NS`` / ``EW``);
- ``match``: one row per match; ``ruleset``: one row per ruleset name.

For ``player`` and ``team`` the figures are from that side's point of view
(dealer, attacker, the tricks it won); for ``match`` and ``ruleset`` they are
over all hands (``as_dealer`` / ``as_attacker`` are not given).

**Who defended** is the hand's real side as the engine resolved it (the dataset's
``defender_seats``): in friend mode (找朋友, rules.md §11) the dealer and the holder of
the named card, or the dealer alone.  A player attacks when not among the defenders.
Partnerships (``team``) are the table's N–S and E–W; in friend mode one can be split in a
hand: it counts as defending when one of its players defended, as attacking when both
attacked, and as going up when one of its players did (its levels moved: the greater of its
players').  Rows written before ``defender_seats`` existed (their variant columns null) fall back
to the dealer's team; a row written since whose ``defender_seats`` is null is no one's attack or
defence (the sides were withheld), whatever its ``defenders`` says.

**Levels gained** are summed over the hands that count (not ``after_match_end``: recorded after the
match was decided, rules.md §8.4): for ``player`` / ``team`` the levels the side really moved (level
after − level before: over a match, final − start, as the standings — and where the match states its
start and final levels, one partnership's outside friend mode, that difference itself, even where a hand's
levels after are withheld), for ``match`` / ``ruleset`` the levels the hands' outcomes award
(``hands.levels_gained``).

``ruleset`` separates the variants: a preset with options changed is named with them,
e.g. ``standard+friend=on`` (from the hand's ``rules`` column, compared with the preset).

**A match recorded twice** (the same match kept as ``.tgn`` and as ``.json``: two files,
two content hashes, so ingest stores both) is counted once: see :func:`duplicate_matches`.
"""
from __future__ import annotations

import contextlib
import re
import os
from typing import Iterator

import pandas as pd

from ..engine.scoring import MatchFacts, decide, deal_holder
from ..engine.verdicts import BOTH_FORFEIT
from . import stats_source, stats_sql
from .stats_source import variant  # noqa: F401  (part of the API: stats.variant names a ruleset)

BY = ("player", "team", "match", "ruleset")
SEATS = ("N", "E", "S", "W")
TEAM_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@contextlib.contextmanager
def source(ds) -> Iterator["object"]:
    """A :class:`~tractor_analysis.dataset.stats_source.StatsSource` over ``ds`` (see the module
    docstring), closed afterwards unless ``ds`` was one already."""
    if isinstance(ds, stats_source.StatsSource):
        yield ds
        return
    src = (stats_source.StatsSource.parquet(ds) if isinstance(ds, (str, os.PathLike))
           else stats_source.StatsSource.frames(ds))
    try:
        yield src
    finally:
        src.close()


def _require(by: str) -> None:
    if by not in BY:
        raise ValueError(f"unknown grouping {by!r} (expected one of {', '.join(BY)})")


def duplicate_matches(ds) -> dict[str, str]:
    """Matches recorded more than once: each copy that does not count, ``match_id`` → the
    ``match_id`` of the copy that does.

    For rows ingest wrote (a ``match_key``) these are exactly the rows whose ``duplicate_of``
    is set, and it names the copy kept: one rule with the dataset (``docs/dataset.md``; across
    runs the copy stored first, within a run the file that comes first among the inputs).  Rows without a
    ``match_key`` (older datasets, frames made without it) are compared among themselves: two
    records are one match when the match tags, the players, the starting levels and the
    ruleset agree, and so do all hands (number, dealer, trump, level, tricks, attackers'
    points and total, outcome, levels gained); the first copy (by source file, then position
    in the file) is kept."""
    with source(ds) as src:
        return stats_sql.duplicate_matches(src)


def superseded_matches(ds) -> dict[str, tuple[str, str, str, str]]:
    """Matches of an earlier version of a record file: ``match_id`` → ``(source_file, sha256, by_file,
    by_sha256)``, the version that replaced it.  A path ingested again with other content (a log that grew,
    a record corrected: the manifest keys files by content, so both versions are stored) counts in its
    version ingested last; the earlier versions' matches count in no statistic (nor in the standings read
    from the dataset), and their copies (``duplicate_of`` naming them) count in their place."""
    with source(ds) as src:
        return {r[0]: tuple(r[1:]) for r in stats_sql.superseded(src)}


def superseded_notes(ds) -> list[str]:
    """A bilingual note per record file whose earlier version :func:`superseded_matches` leaves out, naming
    both versions (the file and the first 16 hex digits of each SHA-256), for stderr."""
    groups: dict[tuple[str, str, str, str], int] = {}
    for path, sha, by_file, by_sha in superseded_matches(ds).values():
        k = (str(path), str(sha), str(by_file), str(by_sha))
        groups[k] = groups.get(k, 0) + 1
    notes = []
    for (path, sha, by_file, by_sha), n in groups.items():
        also = "" if by_file == path else f" (as {by_file})"
        also_zh = "" if by_file == path else f"（导入路径 {by_file}）"
        notes.append(f"{path}: ingested again with other content{also} — version {sha[:16]} then {by_sha[:16]}: "
                     f"the {n} match(es) of the earlier version are not counted, only the version ingested last is "
                     f"/ {path}：以不同内容再次导入{also_zh}——版本 {sha[:16]} 之后为 {by_sha[:16]}：较早版本的 {n} "
                     "场比赛不计入，只计最后导入的版本")
    return notes


def rules_copy_notes(ds) -> list[str]:
    """A bilingual note per counted match that is the same record as another counted match judged under other
    rules (:func:`.rules_copies.other_rules_copies`: the same match ingested again under ``--rules``, as its
    ``.json`` copy say): both are counted — the analyst may want both verdicts — so the match counts twice,
    and the note names both.  For stderr; none for tables held in memory (no records to compare)."""
    from .rules_copies import note, other_rules_copies

    with source(ds) as src:
        root = src.root
        if root is None:
            return []
        counted = {str(r[0]) for r in src.rows("select match_id from m")}
    return [note(c) for c in other_rules_copies(root, counted=counted)]


def possible_copy_notes(ds) -> list[str]:
    """A bilingual note per counted match that shares every :data:`.match_identity.SAME_MATCH` column (event, site,
    date, round, table, players, starting levels, ruleset; the event, round and table stated) with an earlier
    counted match (in stored order) but has another ``match_key``: possibly the same match recorded twice, one copy
    damaged or changed (a hand skipped, a field not read) — not proven the same, so both are counted; the note
    names both records.  A pair :func:`rules_copy_notes` names (one record under other rules) is left to it.
    For stderr."""
    from .match_identity import SAME_MATCH

    cols = ", ".join(f'"{c}"' for c in SAME_MATCH)
    with source(ds) as src:
        rows = src.rows(f"select match_id, source_file, match_index, match_key, {cols} from m where match_key is not "
                        f'null and event is not null and round is not null and "table" is not null order by _ord')
        root = src.root
    first: dict[tuple, tuple] = {}
    pairs = []
    for r in rows:
        kept = first.setdefault(tuple(r[4:]), r)
        if kept[3] != r[3]:
            pairs.append((kept, r))
    if pairs and root is not None:
        from .rules_copies import other_rules_copies

        ruled = {c.later for c in other_rules_copies(root, counted={str(r[1][0]) for r in pairs} | {
            str(r[0][0]) for r in pairs})}
        pairs = [(k, r) for k, r in pairs if str(r[0]) not in ruled]

    def where(r: tuple) -> str:
        return f"{r[1]}" + (f" #{int(r[2]) + 1}" if isinstance(r[2], int) and r[2] > 0 else "")

    return [f"{where(r)} [{r[0]}]: the same event, round, table, players, starting levels and ruleset as {where(k)} "
            f"[{k[0]}], but their hands, cards or rules' options differ (another match key): possibly the same match "
            f"recorded twice, one copy damaged or changed: counted twice; check which record is right / {where(r)} "
            f"[{r[0]}]：与 {where(k)} [{k[0]}] 的赛事、轮次、桌号、选手、起始级别与规则相同，但牌局、牌或规则选项不同（比赛键"
            f"不同）：可能是同一场比赛记录了两次，其中一份损坏或被改动：计了两次；请核对哪份记录正确" for k, r in pairs]


def seat_notes(ds) -> list[str]:
    """A bilingual note per counted match that names one player in two seats (one program in two seats, as
    80fen and Botzone seat them; ``tractor standings`` names them too): ``--by player`` counts each of its
    hands once for that name, the figures of each seat (tricks won, as dealer, failed throws, violations)
    summed; a hand in which its seats are on both sides counts as an attack and not in the hold rate
    (``stats_sql._ONE_ROW_A_HAND``, docs/dataset.md).  For stderr."""
    names = {"N": ("North", "北"), "E": ("East", "东"), "S": ("South", "南"), "W": ("West", "西")}
    with source(ds) as src:
        twice = stats_sql.players_in_two_seats(src)
        # each match named as --by match names it: its file, and "#n" (its place, from 1) when the file's
        # version holds several matches; an earlier version's matches are not among them (:func:`superseded_matches`)
        where = {r[0]: r[1:] for r in src.rows(
            "select match_id, source_file, match_index, count(*) over (partition by source_file, source_sha256) "
            "from raw_matches where match_id not in (select match_id from superseded)")} if twice else {}
    notes = []

    def place(mid: str) -> tuple:       # by record file, then place in it (#2 before #16)
        file, index, _ = where.get(mid, (None, None, 1))
        return (file is None, str(file or ""), index or 0, mid)

    for mid, name, a, b in sorted(twice, key=lambda t: place(t[0])):
        file, index, several = where.get(mid, (None, 0, 1))
        at = mid if file is None else f"{file} #{(index or 0) + 1}" if several > 1 else str(file)
        (a_en, a_zh), (b_en, b_zh) = names[a], names[b]
        notes.append(f"{at}: {name} is named in two seats, [{a_en}] and [{b_en}]; --by player counts each of its "
                     f"hands once for {name}, the tricks won, deals, failed throws and violations of both seats "
                     f"summed; a hand in which its seats are on both sides counts as an attack (its points, "
                     f"bottom captures) and not in its hold rate, its levels the greater the seats moved "
                     f"/ {at}：{name} 同时记在 [{a_en}]（{a_zh}）与 [{b_en}]（{b_zh}）两个座位；按选手统计时"
                     f"其每局只计一次，两个座位的赢轮、坐庄、甩牌失败与违规合计；两个座位分属庄闲两方的牌局按做闲计"
                     f"（计入闲家得分与抠底），不计入守庄率，升级取两个座位中较大者")
    return notes


REPLACEMENT = "\ufffd"
"""U+FFFD, the character the readers put for bytes that are not text (with a ``decode_error``, docs/format.md)."""


def garbled_names(ds) -> dict[str, list[str]]:
    """The names of the counted matches — a seat's player's, a side's as ``--by team`` keys it — that hold
    :data:`REPLACEMENT` where their record file (its version read: the SHA-256) has a ``decode_error``: bytes read
    as U+FFFD, so the name as the record meant it is not known; each → its record files, in order.  A name whose
    file has no ``decode_error`` writes U+FFFD itself (its text, valid): not among them.  Empty for tables in
    memory (no ``errors`` table)."""
    import pyarrow.compute as pc

    from .reading import read_table

    with source(ds) as src:
        root = src.root
        if root is None:
            return {}
        held = stats_sql.names_holding(src, REPLACEMENT)
    if not held:
        return {}
    errors = read_table(root, "errors", ["source_file", "source_sha256"], filter=pc.field("code") == "decode_error")
    bad = set(zip(map(str, errors["source_file"].to_pylist()), map(str, errors["source_sha256"].to_pylist())))
    out: dict[str, list[str]] = {}
    for path, sha, name in held:
        if (str(path), str(sha)) in bad and str(path) not in out.get(name, []):
            out.setdefault(name, []).append(str(path))
    return out


def record_split_notes(ds) -> list[str]:
    """A bilingual note (for stderr) when the counted ``violations`` rows hold some a dataset wrote before the
    statistics could tell a finding about the record from a violation of the play, each such row counted as the
    play's (:data:`.stats_sql.OF_PLAY`): ``about`` null (written before the column, docs/dataset.md), or a
    ``claim_mismatch`` or ``referee_mismatch`` about the play (written before a ``[Claim]`` other than the plays'
    total, or a platform referee's verdict other than the engine's, was a finding about the record, docs/rules.md
    §13.1).  Ingesting the files again tells them apart.  ``[]`` when there is none."""
    with source(ds) as src:
        ((unsplit, claims, referees),) = src.rows(
            "select count(*) filter (where about is null), count(*) filter (where about = 'play' and code = "
            "'claim_mismatch'), count(*) filter (where about = 'play' and code = 'referee_mismatch') from v")
    notes = []
    if unsplit:
        notes.append(f"{unsplit} violation row(s) of the dataset predate the split of findings about the record from "
                     "violations of the play (violations.about is null): each is counted as a violation of the play, "
                     "so the violation counts may include findings about the record (docs/rules.md §13.1); ingest the "
                     f"records again to split them / 数据集中有 {unsplit} 行违规记录早于“记录问题”与“出牌违规”的区分"
                     "（violations.about 为空）：每行均按出牌违规计入，因此违规数可能包含记录本身的问题"
                     "（docs/rules.md §13.1）；重新导入记录即可区分")
    if claims:
        notes.append(f"{claims} claim_mismatch row(s) of the dataset were written when a [Claim] other than the "
                     "plays' total counted as a violation of the play; it is a finding about the record now "
                     "(docs/rules.md §13.1), but these rows are counted as violations; ingest the records again to "
                     f"count them apart / 数据集中有 {claims} 行 claim_mismatch 写于 [Claim] 与按出牌计算的得分不符"
                     "仍算作出牌违规之时；现在它是记录本身的问题（docs/rules.md §13.1），但这些行仍按违规计入；"
                     "重新导入记录即可分开计数")
    if referees:
        notes.append(f"{referees} referee_mismatch row(s) of the dataset were written when a verdict of the record's "
                     "own referee other than the engine's counted as a violation of the play; it is a finding about "
                     "the record now (docs/rules.md §13.1), but these rows are counted as violations; ingest the "
                     f"records again to count them apart / 数据集中有 {referees} 行 referee_mismatch 写于记录中原裁判的"
                     "判定与本引擎不符仍算作出牌违规之时；现在它是记录本身的问题（docs/rules.md §13.1），但这些行仍按违规计入；"
                     "重新导入记录即可分开计数")
    return notes


def summary(ds, by: str = "player") -> pd.DataFrame:
    """The main table: hands, as dealer/attacker, defence hold rate, attackers' points,
    bottom captures, levels gained, tricks won, failed throws, violations, the hands judged and
    the violations per 100 of them (``judged_hands``: the hands whose plays could all be judged;
    ``violations`` counts every violation of the play found in a hand (a match's own findings, whose ``hand_no``
    is null, are in ``matches.violations``) — not a finding about the record alone,
    ``violations.about`` ``record``, docs/rules.md §13.1: no player's violation; a row written before
    ``about`` counts, as before: ``stats_sql.OF_PLAY``).

    Rates and points are over finished hands: a position left unfinished (a referee's record
    of one trick) has no outcome and its attackers' total is not a hand's total.  The attackers'
    points (mean, median) are over the finished hands whose total is known and final — played out, or
    a score sheet's (``complete`` or ``result_only``): not the points so far of a hand the record ends
    inside, which a miscount (多少牌) can decide, nor a total withheld (:func:`totals_note` says how
    many hands that leaves out).  Levels gained
    are over the hands that count (not recorded after the match was decided): for a side the
    levels it really moved (final − start over a match; a row written before the players' own level
    columns: the score table's gain when the side went up; a level the engine withheld in a row that
    stores the levels — a take-back penalty whose side is open —: unknown, NaN), for ``match`` /
    ``ruleset`` the levels the outcomes award (docs/dataset.md "Levels gained")."""
    _require(by)
    with source(ds) as src:
        return stats_sql.summary(src, by)


HEADERS: dict[str, str] = {
    "player": "player / 选手", "team": "team / 队伍", "match": "match / 比赛", "ruleset": "ruleset / 规则",
    "hands": "hands / 局", "as_dealer": "dealer / 坐庄", "as_attacker": "attacker / 做闲",
    "hold_rate": "hold / 守庄率", "attack_points_mean": "pts mean / 闲家均分",
    "attack_points_median": "pts median / 中位数", "bottom_captures": "bottom / 抠底",
    "levels_gained": "levels / 升级", "tricks_won": "tricks / 赢轮", "failed_throws": "failed throws / 甩牌失败",
    "violations": "violations / 违规", "judged_hands": "hands judged / 判定局数",
    "violations_per_100": "per 100 judged / 每百判定局",
    "multiplier": "multiplier / 倍数", "captures": "captures / 次数", "bonus_points": "bonus / 加分",
    "code": "code / 代码", "per_100_hands": "per 100 judged / 每百判定局",
    "analysed_hands": "hands analysed / 分析局数", "analysed_plays": "plays analysed / 分析出牌数",
    "points_lost": "points lost / 失分", "lost_per_hand": "lost per hand / 每局失分",
    "seat": "seat / 座位", "viewed_hands": "hands / 局数", "viewed_plays": "plays / 出牌数",
    "open_points_lost": "lost, open / 明手失分", "view_points_lost": "lost, seat / 座位视角失分",
    "open_lost_per_hand": "open per hand / 明手每局", "view_lost_per_hand": "seat per hand / 座位每局",
    "open_costly_seat_best": "costly open, best seat / 明手失误座位最佳",
    "rank": "rank / 名次", "matches": "matches / 场数", "won": "won / 胜", "lost": "lost / 负",
    # the stats' standings' level_diff: levels gained minus the opponents' (not tractor standings'
    # level diff / 级差, final minus final, which differs where matches start at other levels)
    "level_diff": "gained diff / 升级差",
    # a rank shared because a criterion is unknown for one of the tied teams (standings_of)
    "undecided": "order undecided / 名次未定",
    "0": "0 / 大光", "<1 step": "<1 step / 小光", "1-2 steps": "1-2 / 一至二档", "2-3 steps": "2-3 / 上台",
    "3-4 steps": "3-4 / 三至四档", "4-5 steps": "4-5 / 四至五档", "5+ steps": "5+ / 五档以上",
}
"""Bilingual header (English / 中文) of every statistics column, for tables people read."""


COUNTS = ("bottom_captures", "levels_gained", "tricks_won", "failed_throws")
"""The summary's counts that may be unknown (NaN: a hand's result not known, no plays kept): shown as
whole numbers where known (:func:`count_value`)."""


def missing(value) -> bool:
    """A dataset's null as a cell holds it: ``None``, ``NaN`` (``load()``'s integer column holding a null)
    or pandas' ``NA`` (``load(…, nullable_ints=True)``)."""
    return value is None or value is pd.NA or value != value


def count_value(value) -> int | None:
    """A count of :data:`COUNTS` as shown: a whole number, ``None`` where it is not known."""
    if missing(value):
        return None
    return int(value)


def header(column: str) -> str:
    """The bilingual header of a statistics column (the column name when none is known); the attackers'
    points of the hands played with one number of decks (:func:`~.stats_sql.points_by_decks`):
    ``pts mean, 3 decks / 闲家均分（3 副）``."""
    split = _BY_DECKS.fullmatch(column)
    if split:
        en, zh = HEADERS[split.group(1)].split(" / ")
        d = split.group(2)
        return (f"{en}, {d} deck{'s' if d != '1' else ''} / {zh}（{d} 副）" if d else
                f"{en}, decks not known / {zh}（副数未知）")
    return HEADERS.get(column, column)


_BY_DECKS = re.compile(r"(attack_points_mean|attack_points_median)_(?:(\d+)d|decks_unknown)")


POINT_BANDS = ("0", "<1 step", "1-2 steps", "2-3 steps", "3-4 steps", "4-5 steps", "5+ steps")
"""Attackers' total in score steps (total points / 5: 40 for 2 decks), the bands of the
standard score table (rules.md §8): 0 (or less), 5-35, 40-75, 80-115, 120-155, 160-195, 200+."""


def points_distribution(ds, by: str = "player") -> pd.DataFrame:
    """How many hands the attackers' total fell in each band of :data:`POINT_BANDS`
    (for ``player`` / ``team``: the hands that side attacked; finished hands whose total is known and
    final only, as :func:`summary`'s points)."""
    _require(by)
    with source(ds) as src:
        return stats_sql.points_distribution(src, by, POINT_BANDS)


def left_out_note(withheld: int, so_far: int, not_known: int) -> str:
    """The bilingual note on the finished hands whose attackers' total the attackers' points (mean,
    median, bands) leave out: ``withheld`` (the total withheld), ``so_far`` (not played out: the points
    so far), ``not_known`` (not known to be final); empty when none is."""
    n = withheld + so_far + not_known
    if not n:
        return ""
    parts = [(withheld, "whose total is withheld", "闲家总分不予判定"),
             (so_far, "not played out (the points so far only)", "未打完（仅为已得分）"),
             (not_known, "not known to be final (the row says neither played out nor a score sheet's)",
              "无法确定是否为最终总分（该行既未注明打完，也未注明为记分表结果）")]
    en = ", ".join(f"{k} {why}" for k, why, _ in parts if k)
    zh = "，".join(f"{k} 局{why}" for k, _, why in parts if k)
    return (f"Attackers' points count only the finished hands whose total is known and final: {n} finished "
            f"hand(s) left out — {en} / "
            f"闲家得分只计总分已知且为最终总分的已结束牌局：未计入 {n} 局——{zh}")


def totals_note(ds) -> str:
    """:func:`left_out_note` of ``ds`` (each match once): what the attackers' points of :func:`summary`
    and :func:`points_distribution` leave out, and why; empty when they leave out nothing."""
    with source(ds) as src:
        return left_out_note(*stats_sql.totals_left_out(src))


def bottom_captures(ds, by: str = "player") -> pd.DataFrame:
    """Bottom captures (抠底) by multiplier: ``by, multiplier, captures, bonus_points``."""
    _require(by)
    with source(ds) as src:
        return stats_sql.bottom_captures(src, by)


def violation_rates(ds, by: str = "player") -> pd.DataFrame:
    """Violations per 100 hands judged by code: ``by, code, violations, judged_hands, per_100_hands``.

    For ``player`` / ``team`` the violations are the ones that side committed and the hands
    the ones it played; hand-level findings without a seat count for ``match`` / ``ruleset``; a finding
    about the record alone (docs/rules.md §13.1) counts for none (``stats_sql.OF_PLAY``).
    Both are over the hands whose plays were judged (``hands.judged``): a hand without deal lines,
    with the trump or the level unknown, or kept as a score sheet's result is no hand without a
    violation, and what was found in it is not a verdict on the hand."""
    _require(by)
    with source(ds) as src:
        return stats_sql.violation_rates(src, by)


def points_lost(ds, by: str = "player") -> pd.DataFrame:
    """Points lost by the plays the endgame solver analysed (``plays.cost``, filled by
    ``tractor ingest --analyse K``): ``by, analysed_hands, analysed_plays, points_lost,
    lost_per_hand``.

    A play's cost is what it lost its side against best play by both sides, all hands visible
    (``tractor analyse``).  For ``player`` / ``team`` a hand counts when one of that side's plays
    in it was analysed, and the points are that side's own losses; for ``match`` / ``ruleset``
    they are both sides' added up.  ``lost_per_hand`` is ``points_lost / analysed_hands`` (the
    mean over the hands analysed).  Empty for a dataset without analysed plays."""
    _require(by)
    with source(ds) as src:
        return stats_sql.points_lost(src, by)


def view_points_lost(ds, by: str = "player") -> pd.DataFrame:
    """Points lost from the player's seat (``plays.view_cost``, filled by ``tractor ingest --analyse K
    --view``) beside the points lost with all hands open (``plays.cost``), over the plays judged both
    ways: ``by, viewed_hands, viewed_plays, open_points_lost, view_points_lost, open_lost_per_hand,
    view_lost_per_hand, open_costly_seat_best``.

    A play's view cost is what it lost its side against the best play on what its player could
    know (the mean over the deals that player could not rule out: ``tractor analyse --view``).
    ``by`` is one of :data:`BY` or ``seat`` (N, E, S, W: a row per seat, whoever sat there).  Hands
    count as for :func:`points_lost`; ``open_costly_seat_best`` counts the plays that cost 5 points
    or more open (an inaccuracy ?! or worse) but were best from the seat (view cost 0).  Empty for a
    dataset without such plays."""
    if by != "seat":
        _require(by)
    with source(ds) as src:
        return stats_sql.view_points_lost(src, by)


def holder_of(next_dealer, dealer, outcome) -> int | str | None:
    """``engine.scoring.deal_holder`` of a match's last hand row (seats as ``N`` … ``W``, null or
    NaN where not known): 0 / 1 the team holding the deal, ``NOBODY_HOLDS``, or ``None``."""
    def seat(token):
        return "NESW".index(token) if isinstance(token, str) and len(token) == 1 and token in "NESW" else None

    return deal_holder(seat(next_dealer), seat(dealer), outcome if isinstance(outcome, str) else None)


_SIDE = {"NS": 0, "EW": 1}


def _level(value) -> int | None:
    """A final level from the matches table; ``None`` where it is not known (null)."""
    return None if missing(value) else int(value)


def _span(r: dict, side: str, final: int | None) -> tuple[int, int] | None:
    """``MatchFacts.level_spans``' entry of a side from the matches columns ``level_<side>_final_low`` /
    ``_high`` (the range of its final level the readings of take-backs given as ``?`` allow): ``None``
    where its final level is known, either bound is null, or the columns are absent (a dataset written
    before them: not known, as before)."""
    low, high = _level(r.get(f"level_{side}_final_low")), _level(r.get(f"level_{side}_final_high"))
    return None if final is not None or low is None or high is None else (low, high)


def _gained(start, final: int | None) -> int | None:
    """Levels a side moved over the match: ``None`` where its final level, or its start (a
    ``[Levels]`` that names the other side only: docs/format.md), is not known."""
    start = _level(start)
    return None if start is None or final is None else final - start


def _true(value) -> bool:
    """A boolean column's value is true (``None``, NaN and ``pd.NA``: not known, so not true)."""
    return value is not None and value is not pd.NA and value == value and bool(value)


def _decided_again(r: dict, ns: int | None, ew: int | None) -> tuple[int | None, str]:
    """``engine.scoring.decide`` of a match from its rows (:func:`decide_results`' ``r``; ``ns``, ``ew``: its
    final levels), for a row that does not store the decision ingest made."""
    forfeit = r["forfeit"] if r["forfeit"] == "both" else _SIDE.get(r["forfeit"])
    return decide(MatchFacts(
        finished=bool(r["finished"]), friend=bool(r["friendly"]), forfeit=forfeit,
        passed=_SIDE.get(r["winner"]) if r["passed"] else None, win_level=r.get("win_level"),
        levels=(ns, ew), holder=r["holder"],
        decide_by_levels=bool(r.get("decide_by_levels")), whole=not _true(r.get("cut_short")),
        level_spans=(_span(r, "ns", ns), _span(r, "ew", ew))))


def decide_results(records: list[dict]) -> pd.DataFrame:
    """:func:`match_results` from one dict per match: its tags (``match_id, event, round,
    table``), partnership names ``ns`` / ``ew``, ``hands``, start and final levels, ``winner``,
    ``forfeit``, and whether any hand was ``finished``, the match was ``passed`` (a team passed
    A), it was played in friend mode (``friendly``), the ``holder`` of the deal (:func:`holder_of`),
    whether its ruleset decides a match cut short by the levels (``decide_by_levels``), and whether its
    record stops at damage to its file before a hand read whole decided it (``cut_short``, the matches
    column; null in datasets written before it: not known, as before), and the range of each final level
    the record leaves unknown (``level_ns_final_low`` … ``level_ew_final_high``, :func:`_span`; absent or
    null: no range, as before).

    A match whose row stores the decision ingest made (``stored_decided_by``, the matches column
    ``decided_by``: ``engine.scoring.decide_match`` of its replay) is not decided again: its ``winner`` and
    that ``decided_by`` are the result, so the statistics name what ``tractor check`` names also where the
    rows alone cannot tell it (``forfeit not known``: the readings of take-backs given as ``?`` differ).
    Else (a dataset written before the column) the decision is ``engine.scoring.decide`` of the rows, the
    one ``engine.scoring.decide_match`` makes of a replayed match as far as the rows tell it."""
    rows = []
    for r in records:
        ns, ew = _level(r["level_ns_final"]), _level(r["level_ew_final"])   # None: not known
        stored = r.get("stored_decided_by")
        if isinstance(stored, str) and stored:
            team, how = _SIDE.get(r["winner"]), stored
        else:
            team, how = _decided_again(r, ns, ew)
        winner = None if team is None else ("NS", "EW")[team]
        rows.append({"match_id": r["match_id"], "event": r["event"], "round": r["round"], "table": r["table"],
                     "ns": r["ns"], "ew": r["ew"], "hands": int(r["hands"]), "level_ns": ns, "level_ew": ew,
                     "gained_ns": _gained(r["level_ns_start"], ns), "gained_ew": _gained(r["level_ew_start"], ew),
                     "winner": winner, "decided_by": how})
    return pd.DataFrame(rows, columns=["match_id", "event", "round", "table", "ns", "ew", "hands",
                                       "level_ns", "level_ew", "gained_ns", "gained_ew", "winner",
                                       "decided_by"])


def match_results(ds) -> pd.DataFrame:
    """One row per match: both partnerships, final levels and the winner.

    A match a team won by passing A is theirs; otherwise, where its ruleset decides a match cut
    short (``decide_by_levels``: a round stopped by the clock), the higher final level wins and
    equal levels go to the side holding the deal (seed 001, tournament rule: "级数相同则坐庄方胜");
    under any other ruleset no team wins it (``decided_by`` ``cut short``).  A record in which no hand was
    finished (a referee's position of one trick) decided nothing: ``winner`` is empty
    and ``decided_by`` is ``"no finished hand"``; :func:`standings` leaves it out.  Nor does one
    whose file is damaged and whose record stops at the damage before a hand read whole decided it
    (``matches.cut_short``): ``decided_by`` ``"record cut by damage"`` (``engine.scoring.RECORD_CUT``).
    Nor one in which whether a side forfeited is not known (take-backs given as ``?`` that may reach the
    forfeit count …): ``decided_by`` ``"forfeit not known"`` (``engine.scoring.FORFEIT_NOT_KNOWN``), as
    ``tractor check`` says it — read from the matches column ``decided_by``, the decision ingest made
    (:func:`decide_results`; a dataset written before the column reads ``levels not known`` there).
    Friend-mode matches (找朋友) are decided for no partnership."""
    with source(ds) as src:
        records = stats_sql.result_inputs(src)
    for r in records:
        r["holder"] = holder_of(r.pop("last_next_dealer"), r.pop("last_dealer"), r.pop("last_outcome")) \
            if r.pop("has_hands") else None
    return decide_results(records)


def _known(v) -> int | None:
    """A level count, ``None`` where the record leaves it unknown (:func:`missing`)."""
    return None if missing(v) else int(v)


def standings_of(results: pd.DataFrame) -> pd.DataFrame:
    """Standings from :func:`match_results`: ``rank, team, matches, won, lost, levels_gained,
    level_diff, undecided``, ranked by matches won, then levels gained, then level difference (both
    empty for a team one of whose matches leaves a level unknown: the teams it is tied with on the
    criteria before then share one rank, ``undecided`` true — their order is not known; see
    :func:`_ranks`).
    A match both sides forfeited (``both forfeit``) is lost by both; a match no team won (no
    finished hand, friend mode, cut short under a ruleset that does not decide it, levels or deal
    not known) is left out, as an event's standings leave it out."""
    # a match counts when a team won it or both sides forfeited it (as an event's standings count
    # it: dataset.event_model.EventMatch.counts); one no team won is left out
    res = results[results["winner"].notna() | (results["decided_by"] == BOTH_FORFEIT)]
    rows: dict[str, dict] = {}
    for r in res.itertuples(index=False):
        for side, other, name in (("NS", "EW", r.ns), ("EW", "NS", r.ew)):
            row = rows.setdefault(name, {"team": name, "matches": 0, "won": 0, "lost": 0,
                                         "levels_gained": 0, "level_diff": 0})
            row["matches"] += 1
            row["won"] += r.winner == side
            row["lost"] += r.winner == other or r.decided_by == BOTH_FORFEIT     # both forfeited: both lost
            mine = _known(r.gained_ns if side == "NS" else r.gained_ew)
            theirs = _known(r.gained_ew if side == "NS" else r.gained_ns)
            if row["levels_gained"] is not None:       # unknown once a match leaves a level unknown
                row["levels_gained"] = None if mine is None else row["levels_gained"] + mine
            if row["level_diff"] is not None:
                row["level_diff"] = None if mine is None or theirs is None else row["level_diff"] + mine - theirs
    out = pd.DataFrame(list(rows.values()),
                       columns=["team", "matches", "won", "lost", "levels_gained", "level_diff"])
    out = out.sort_values(["won", "levels_gained", "level_diff", "team"],
                          ascending=[False, False, False, True]).reset_index(drop=True)
    ranks, undecided = _ranks(out)
    out.insert(0, "rank", ranks)
    out["undecided"] = undecided
    return out


def _ranks(out: pd.DataFrame) -> tuple[list[int], list[bool]]:
    """Each sorted row's rank, and whether its order is not decided: teams equal on matches won
    (and on levels gained) of which one has an unknown levels gained (level difference) could
    stand anywhere among them, so they share the first rank of the group, the later criteria not
    applied to it (a lower criterion never orders teams a higher one cannot compare)."""
    ranks, undecided = list(range(1, len(out) + 1)), [False] * len(out)
    keys = [(r.won, _known(r.levels_gained), _known(r.level_diff)) for r in out.itertuples(index=False)]

    def share(lo: int, hi: int, depth: int) -> bool:
        if hi - lo > 1 and any(k[depth] is None for k in keys[lo:hi]):
            ranks[lo:hi], undecided[lo:hi] = [lo + 1] * (hi - lo), [True] * (hi - lo)
            return True
        return False

    def run_end(lo: int, hi: int, depth: int) -> int:
        end = lo
        while end < hi and keys[end][:depth] == keys[lo][:depth]:
            end += 1
        return end

    i = 0
    while i < len(keys):
        j = run_end(i, len(keys), 1)                # tied on matches won
        if not share(i, j, 1):
            k = i
            while k < j:
                m = run_end(k, j, 2)                # ... and on levels gained
                share(k, m, 2)
                k = m
        i = j
    return ranks, undecided


def standings(ds) -> pd.DataFrame:
    """Tournament standings: partnerships ranked by matches won, then levels gained.
    Friend-mode matches are left out (their sides change every hand; the ``player`` summary
    shows each player's own levels).

    ``rank, team, matches, won, lost, levels_gained, level_diff, undecided``."""
    return standings_of(match_results(ds))


def all_tables(ds, by: str = "player") -> dict[str, pd.DataFrame]:
    """Every statistics table, in the order the CLI prints them (one DuckDB connection);
    ``lost`` (:func:`points_lost`) only when the dataset holds analysed plays, ``view_lost`` and
    ``view_lost_seat`` (:func:`view_points_lost` by ``by`` and by seat) only when it holds plays
    judged from the seat."""
    _require(by)
    with source(ds) as src:
        tables = {"summary": summary(src, by), "points": points_distribution(src, by),
                  "bottom": bottom_captures(src, by), "violations": violation_rates(src, by)}
        lost = points_lost(src, by)
        if len(lost):
            tables["lost"] = lost
        view = view_points_lost(src, by)
        if len(view):
            tables["view_lost"] = view
            tables["view_lost_seat"] = view_points_lost(src, "seat")
        tables["standings"] = standings(src)
        return tables

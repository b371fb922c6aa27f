"""Statistics by DuckDB: the tables of :mod:`.stats` computed in SQL over a
:class:`~.stats_source.StatsSource` (its views: one per table the statistics read).

The figures are those of the pandas reference (:mod:`.stats_reference`, kept to test these
queries against); the functions here return the same pandas DataFrames.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .stats_source import SEATS, StatsSource, variant
from .event_model import NAMES_NOT_KNOWN

__all__ = ["StatsSource", "variant", "participants_sql", "summary", "points_distribution", "bottom_captures",
           "violation_rates", "points_lost", "view_points_lost", "result_inputs", "duplicate_matches",
           "match_labels_rows", "participants", "points_by_decks", "decks_column", "superseded", "players_in_two_seats",
           "totals_left_out", "names_holding", "LOST_COLUMNS", "VIEW_LOST_COLUMNS"]


# --- participants: one row per (side, hand) ---------------------------------------------

def _team_name(side: str) -> str:
    """The ``side``'s (``NS`` / ``EW``) name of the match ``m``, as ``--by team`` keys it (the source's
    ``side_names``, :meth:`StatsSource._names`): its ``[TeamNS]`` / ``[TeamEW]`` name when the record gives one
    (a team keeps its name whoever sits where), read as the standings read it (:func:`~.event_model.team_name`:
    ``"Alpha "`` and ``"Alpha"`` are one team), else ``"A / B"`` from the two players' names (sorted as their NFC
    forms, empty names left out), else ``side``; a name written in two Unicode forms in the form first read."""
    return f"(select sn.{side.lower()} from side_names sn where sn.match_id = m.match_id)"


def _named(expr: str) -> str:
    """``expr``, a stored player's name, or NULL where it names nobody: blank, or written ``"?"``
    (:data:`~.event_model.NAMES_NOT_KNOWN`: not known — the seat then keys ``--by player``, as a blank
    name does; the reference's :func:`~.stats_reference.named`)."""
    return "nullif(" * (1 + len(NAMES_NOT_KNOWN)) + expr + ", '')" + "".join(
        f", '{n}')" for n in sorted(NAMES_NOT_KNOWN))


_FRIEND = "(friend is not null or coalesce(contains(rules, '\"friend\": \"on\"'), false))"
_BEFORE_SEATS = "(revoke_ns is null)"
"""A row written before ``defender_seats`` existed: the variant columns came together, and ``revoke_ns``
(an int in every row written since) is null only there (or in a frame made without them)."""
_DEF = {s: (f"case when defender_seats is not null then list_contains(defender_seats, '{s}') "
            f"when not {_BEFORE_SEATS} or {_FRIEND} then NULL "
            f"else defenders = '{'NS' if s in 'NS' else 'EW'}' end") for s in SEATS}
"""Whether seat ``s`` defended the hand: ``defender_seats``; in a row written before that column, the
dealer's team; NULL — not known, so the seat is counted neither as defending nor as attacking — when
neither says: a row written since whose ``defender_seats`` is null (the engine withheld the sides: no
``[Dealer]`` and nothing fixing them, a contradicted ``[Dealer]``, friend mode's partner unknown —
whatever ``defenders`` a dataset written before that fix kept), as in the reference."""


OF_PLAY = "coalesce(v.about, 'play') <> 'record'"
"""A ``violations`` row (the view ``v``) that is a violation of the play — a player's or the table's —,
not a finding about the record alone (``about`` ``record``, docs/rules.md §13.1: the scorer's copy proven
wrong, no player's violation): only those count as violations in the statistics.  A row written before
``about`` existed (null: not known which it is) is read as about the play, as the dataset that wrote it
counted it (docs/dataset.md, ``violations.about``)."""


JUDGED = "coalesce(judged, not coalesce(result_only, false) and trump is not null and level is not null)"
GAIN_UNKNOWN = "(outcome is null and (cut_here or not coalesce(stopped, not coalesce(complete, false))))"
"""A hand's levels gained are unknown: no outcome, and the record not known to stop inside it (a hand
played out whose result is withheld, a score sheet's hand without its total, a hand not judged; in a
dataset written before ``stopped``, a hand played out whose result is withheld) — or the record stops
inside it only because its file is damaged (``cut_here``: the last hand of a match ``cut_short``, stored
``stopped`` though where the hand would have ended is not known: no result, not a hand that changed
nothing)."""
CUT_HERE = ("coalesce(hv.hand_no = max(hv.hand_no) over (partition by hv.match_id) "
            "and (select bool_or(cm.cut_short) from raw_matches cm where cm.match_id = hv.match_id), false)")
"""The hand is the last stored hand of a match whose record stops at damage to its file (``matches.cut_short``;
null in older datasets: not known to be cut, as before)."""
FINAL = "(coalesce(complete, false) or coalesce(result_only, false))"
"""The hand's attackers' total is its own: the hand was played out, or it is a score sheet's recorded total
(not the points so far of a hand the record ends inside, which a miscount can decide); a row that says
neither (``result_only`` null: written before it) is not known to be final, so not counted as final."""
PLAYS_KEPT = "(not coalesce(result_only, false) and trump is not null and level is not null)"
"""The hand's plays are in the dataset and were judged trick by trick (not a score sheet's hand; the
trump and the level known, without which no trick has a winner): its tricks and throws count."""


def _on(table: str, expr: str) -> str:
    """``expr`` with its hand columns read from ``table``."""
    expr = expr.replace("(cut_here ", f"({table}.cut_here ")
    for c in ("outcome", "stopped", "complete", "result_only", "trump", "level"):
        expr = (expr.replace(f"({c} ", f"({table}.{c} ").replace(f"coalesce({c},", f"coalesce({table}.{c},")
                .replace(f"and {c} ", f"and {table}.{c} "))
    return expr
"""Whether a hand's plays were all judged (``hands.judged``; in rows written before that column, what
they tell: not a score sheet's hand, the trump and the level known): the hands a violation rate is over."""


def _move_unknown(t: str, written: str) -> str:
    """The side's levels moved in a hand with a result are not known: its ``moved`` (of table ``t``) is
    null though the row stores the levels it is read from (``written``) — the engine withheld a level
    before or after (a take-back penalty whose side is open, ``[Takebacks "?"]``; a start level not known):
    no number, not the score table's gain, which is only what a row written without those columns falls
    back to (docs/dataset.md "Levels gained")."""
    return f"({t}.outcome is not null and {t}.moved is null and {written})"


COUNTS = "not coalesce(after_match_end, false)"
"""The hand counts for the levels gained: not recorded after its match was decided (``after_match_end``,
docs/rules.md §8.4: it counts for nothing); rows written before that column all count."""


SPAN_SIDE = "case when count(span_side) = count(*) and min(span_side) = max(span_side) then min(span_side) end"
"""The partnership (``NS`` / ``EW``) whose levels a group of participant rows moved: the one ``span_side`` they
all give; NULL when one gives none (``match`` / ``ruleset``, friend mode — where partners keep their own
levels, so no partnership's final level is a player's) or they give both (a name sitting on both sides of a
match)."""


def _team_moved(a: str, b: str, team: str) -> str:
    """The levels partnership ``team`` (seats ``a``, ``b``) moved in a hand: its level's move, and in
    friend mode — where partners keep their own levels and a partnership goes up when one of its players
    does — the greater of its two players' moves (NULL when one is not known)."""
    return (f"case when {_FRIEND} then case when hx.moved_{a} is not null and hx.moved_{b} is not null "
            f"then greatest(hx.moved_{a}, hx.moved_{b}) end else hx.moved_{team} end")


_SH_FRIEND = _FRIEND.replace("(friend ", "(sh.friend ").replace("(rules,", "(sh.rules,")
_TEAM_LEVELS_WRITTEN = ("(sh.revoke_ns is not null or (not "
                        + _SH_FRIEND
                        + " and case sh.team when 'NS' then sh.level_ns_before else sh.level_ew_before end"
                          " is not null))")
"""A partnership's levels are stored in the row: the players' own levels (rows written since ``defender_seats``:
:data:`_BEFORE_SEATS` false), or outside friend mode its ``level_ns_*`` / ``level_ew_*``, which every dataset
writes — a row that gives its level before and no level after is a level withheld (a hand-made frame without
the level columns gives neither)."""


def _hands_sql() -> str:
    """Every hand with its variant, the defender flags, the levels each seat / team moved, whether its
    plays were judged (``is_judged``) and whether it counts for the levels gained (``counts``)."""
    moved = ", ".join(f"cast(level_{x.lower()}_after as int) - cast(level_{x.lower()}_before as int) as moved_{x}"
                      for x in SEATS)
    flags = ", ".join(f"{_DEF[s]} as def_{s}" for s in SEATS)
    return (f"select hv.*, {flags}, {moved}, {JUDGED} as is_judged, {COUNTS} as counts, {CUT_HERE} as cut_here, "
            f"cast(level_ns_after as int) - cast(level_ns_before as int) as moved_NS, "
            f"cast(level_ew_after as int) - cast(level_ew_before as int) as moved_EW from hv")


def participants_sql(by: str) -> str:
    """SQL of the participant rows: ``key``, the hand's columns, ``is_dealer``, ``is_attacker``,
    ``is_up``, ``moved``, ``tricks_won``, ``failed_by``, ``violations_by`` (as
    :func:`tractor_analysis.dataset.stats_reference.participants`)."""
    hx = _hands_sql()
    if by in ("match", "ruleset"):
        # tricks won: the hand's tricks that have a winner (a trick the record ends in before the seats
        # that decide it has none), as the tricks their plays won for player / team
        key = "hx.match_id" if by == "match" else "hx.variant"
        return f"""
            with hx as ({hx}),
            won as (select match_id, hand_no, count(*) as n from t
                    where winner is not null and hand_no is not null group by all)
            select {key} as key, hx.outcome, hx.attackers_total, hx.bottom_captured, hx.bottom_multiplier,
                   hx.bottom_bonus, hx.levels_gained, hx.decks, hx.hand_no, hx.match_id,
                   NULL::boolean as is_dealer, NULL::boolean as is_attacker, NULL::boolean as is_up,
                   NULL::int as moved, NULL::varchar as span_side, coalesce(won.n, 0) as tricks_won,
                   hx.failed_throws as failed_by,
                   hx.violations as violations_by, hx.is_judged, hx.counts,
                   {_on('hx', GAIN_UNKNOWN)} and hx.counts as gain_unknown, {_on('hx', PLAYS_KEPT)} as plays_kept,
                   {_on('hx', FINAL)} as final_total
            from hx left join won on won.match_id = hx.match_id and won.hand_no = hx.hand_no"""
    if by == "player":
        seat_of = lambda what: "case s.seat " + " ".join(f"when '{x}' then {what.format(x=x)}" for x in SEATS) + " end"
        names = " union all ".join(f"select match_id, '{x}' as seat, player_{x.lower()} as name from m" for x in SEATS)
        return f"""
            with hx as ({hx}),
            won as (select match_id, hand_no, winner as seat, count(*) as n from t
                    where winner is not null and hand_no is not null group by all),
            failed as (select match_id, hand_no, leader as seat, count(*) as n from t
                       where coalesce(throw_failed, false) and leader is not null and hand_no is not null group by all),
            vc as (select match_id, hand_no, seat, count(*) as n from v
                   where seat is not null and hand_no is not null and {OF_PLAY} group by all),
            names as ({names}),
            sh as (select hx.*, s.seat, {seat_of('hx.def_{x}')} as is_def, {seat_of('hx.moved_{x}')} as moved
                   from hx cross join (values ('N'), ('E'), ('S'), ('W')) s(seat)),
            seated as (
            select coalesce({_named('names.name')}, sh.seat) as key, sh.outcome, sh.attackers_total,
                   sh.bottom_captured, sh.bottom_multiplier, sh.bottom_bonus, sh.levels_gained, sh.decks,
                   sh.hand_no, sh.match_id,
                   coalesce(sh.seat = sh.dealer, false) as is_dealer, not sh.is_def as is_attacker,
                   sh.outcome is not null and sh.is_def = coalesce(sh.outcome = 'defenders', false) as is_up,
                   sh.moved, case when {_SH_FRIEND} then NULL when sh.seat in ('N', 'S') then 'NS' else 'EW' end
                       as span_side, coalesce(won.n, 0) as tricks_won, coalesce(failed.n, 0) as failed_by,
                   coalesce(vc.n, 0) as violations_by, sh.is_judged, sh.counts,
                   ({_on('sh', GAIN_UNKNOWN)} or {_move_unknown('sh', 'sh.revoke_ns is not null')}) and sh.counts
                       as gain_unknown, {_on('sh', PLAYS_KEPT)} as plays_kept,
                   {_on('sh', FINAL)} as final_total
            from sh
            left join won on won.match_id = sh.match_id and won.hand_no = sh.hand_no and won.seat = sh.seat
            left join failed on failed.match_id = sh.match_id and failed.hand_no = sh.hand_no and failed.seat = sh.seat
            left join vc on vc.match_id = sh.match_id and vc.hand_no = sh.hand_no and vc.seat = sh.seat
            left join names on names.match_id = sh.match_id and names.seat = sh.seat)
            {_ONE_ROW_A_HAND}"""
    # team: a partnership of the table (N-S, E-W)
    team_of = "case {c} when 'N' then 'NS' when 'S' then 'NS' when 'E' then 'EW' when 'W' then 'EW' end"
    return f"""
        with hx as ({hx}),
        won as (select match_id, hand_no, {team_of.format(c='winner')} as team, count(*) as n from t
                where winner in ('N', 'E', 'S', 'W') and hand_no is not null group by all),
        failed as (select match_id, hand_no, {team_of.format(c='leader')} as team, count(*) as n from t
                   where coalesce(throw_failed, false) and leader in ('N', 'E', 'S', 'W') and hand_no is not null
                   group by all),
        vc as (select match_id, hand_no, {team_of.format(c='seat')} as team, count(*) as n from v
               where seat in ('N', 'E', 'S', 'W') and hand_no is not null and {OF_PLAY} group by all),
        names as (select match_id, 'NS' as team, {_team_name('NS')} as name from m
                  union all select match_id, 'EW' as team, {_team_name('EW')} as name from m),
        sh as (select hx.*, tm.team,
                      case tm.team when 'NS' then hx.def_N or hx.def_S else hx.def_E or hx.def_W end as has_def,
                      case tm.team when 'NS' then not (hx.def_N and hx.def_S)
                                   else not (hx.def_E and hx.def_W) end as has_att,
                      case tm.team when 'NS' then {_team_moved('N', 'S', 'NS')}
                                   else {_team_moved('E', 'W', 'EW')} end as moved
               from hx cross join (values ('NS'), ('EW')) tm(team))
        select coalesce(names.name, sh.team) as key, sh.outcome, sh.attackers_total, sh.bottom_captured,
               sh.bottom_multiplier, sh.bottom_bonus, sh.levels_gained, sh.decks, sh.hand_no, sh.match_id,
               coalesce({team_of.format(c='sh.dealer')} = sh.team, sh.team = sh.defenders, false) as is_dealer,
               not sh.has_def as is_attacker,
               sh.outcome is not null and (case when sh.outcome = 'defenders' then sh.has_def else sh.has_att end)
                   as is_up,
               sh.moved, case when {_SH_FRIEND} then NULL else sh.team end as span_side,
               coalesce(won.n, 0) as tricks_won, coalesce(failed.n, 0) as failed_by,
               coalesce(vc.n, 0) as violations_by, sh.is_judged, sh.counts,
               ({_on('sh', GAIN_UNKNOWN)} or {_move_unknown('sh', _TEAM_LEVELS_WRITTEN)}) and sh.counts
                   as gain_unknown, {_on('sh', PLAYS_KEPT)} as plays_kept,
               {_on('sh', FINAL)} as final_total
        from sh
        left join won on won.match_id = sh.match_id and won.hand_no = sh.hand_no and won.team = sh.team
        left join failed on failed.match_id = sh.match_id and failed.hand_no = sh.hand_no and failed.team = sh.team
        left join vc on vc.match_id = sh.match_id and vc.hand_no = sh.hand_no and vc.team = sh.team
        left join names on names.match_id = sh.match_id and names.team = sh.team"""


_ONE_ROW_A_HAND = """
    select key, any_value(outcome) as outcome, any_value(attackers_total) as attackers_total,
           any_value(bottom_captured) as bottom_captured, any_value(bottom_multiplier) as bottom_multiplier,
           any_value(bottom_bonus) as bottom_bonus, any_value(levels_gained) as levels_gained,
           any_value(decks) as decks, hand_no, match_id,
           bool_or(is_dealer) as is_dealer, bool_or(is_attacker) as is_attacker, bool_or(is_up) as is_up,
           max(moved) as moved, {SPAN_SIDE} as span_side, sum(tricks_won) as tricks_won, sum(failed_by) as failed_by,
           sum(violations_by) as violations_by, bool_or(is_judged) as is_judged, bool_or(counts) as counts,
           bool_or(gain_unknown) as gain_unknown, bool_or(plays_kept) as plays_kept,
           bool_or(final_total) as final_total
    from seated group by key, match_id, hand_no""".replace("{SPAN_SIDE}", SPAN_SIDE)
"""The ``player`` participants: one row per (player, hand), though a name may sit in two seats of one match
(one program in two seats on 80fen or Botzone; ``tractor standings`` names it): the hand counts once for
that name — its hands, as attacker, hold rate, attackers' points, bottom captures, levels gained — and
the figures of each seat (tricks won, failed throws, violations; as dealer: the seat that dealt) are
summed.  A name on both sides of a hand both attacked (``is_attacker``) and defended it: it counts as an
attack (its points, bottom captures) and not in the hold rate; its levels moved are the greater of
the seats'.  Rows of unnamed seats are keyed by the seat letter, so never merged."""


def players_in_two_seats(src: StatsSource) -> list[tuple[str, str, str, str]]:
    """``(match_id, name, seat, seat)`` for every stored match that counts and names one player in two seats
    (the first two such seats, in N E S W order): ``--by player`` counts each of its hands once for that name
    (:data:`_ONE_ROW_A_HAND`)."""
    pairs = " union all ".join(
        f"select match_id, player_{a.lower()} as name, '{a}' as a, '{b}' as b, {i} as o from m "
        f"where {_named(f'player_{a.lower()}')} is not null and player_{a.lower()} = player_{b.lower()}"
        for i, (a, b) in enumerate((a, b) for k, a in enumerate(SEATS) for b in SEATS[k + 1:]))
    return [tuple(r) for r in src.rows(f"""
        select match_id, arg_min(name, o), arg_min(a, o), arg_min(b, o) from ({pairs})
        group by match_id order by match_id""")]


def names_holding(src: StatsSource, char: str) -> list[tuple[str, str, str]]:
    """``(source_file, source_sha256, name)`` for every name of a counted match that holds ``char``: a seat's
    player, and a side's name as ``--by player`` and ``--by team`` key it (:func:`_team_name`), each once, by
    record file then name."""
    names = ", ".join([*(f"m.player_{s.lower()}" for s in SEATS), _team_name("NS"),
                       _team_name("EW")])
    return [tuple(r) for r in src.rows(f"""
        select distinct source_file, source_sha256, name from (
            select m.source_file, m.source_sha256, unnest([{names}]) as name from m)
        where contains(name, ?) order by source_file, name""", [char])]


# --- the tables -------------------------------------------------------------------------

def participants(src: StatsSource, by: str) -> str:
    """The name of a temporary table of :func:`participants_sql` rows for ``by`` in ``src`` (made
    once a source: every table grouped ``by`` reads it; DuckDB spills it to disk beyond the memory
    limit)."""
    return src.temp_table(f"participants_{by}", participants_sql(by))


def _f(x) -> float:
    return float("nan") if x is None else float(x)


def _n(x) -> int | float:
    """A count, NaN where it is not known (null)."""
    return float("nan") if x is None else int(x)


def _levels_sql(table: str, gained: str) -> str:
    """``(key, levels gained)`` over the participant rows of ``table`` (``gained``: a row's levels, by hand).
    A key's levels from one match: where its rows speak for one partnership (:data:`SPAN_SIDE`) whose start and
    final level the match states (``matches.level_*_start`` / ``_final``), its final level minus its start —
    the standings' ``levels_gained`` —, even where a hand's own levels after are withheld (a take-back penalty
    whose side is open: a later hand's ``[Level]`` fixing the level after it); else the sum over its hands,
    unknown when one of them is (docs/dataset.md "Levels gained")."""
    return f"""
        with per as (select key, match_id, sum({gained}) as by_hands, bool_or(gain_unknown) as unknown,
                            {SPAN_SIDE} as side
                     from {table} where key is not null group by key, match_id),
        spans as (select per.*, case per.side
                      when 'NS' then cast(m.level_ns_final as int) - cast(m.level_ns_start as int)
                      when 'EW' then cast(m.level_ew_final as int) - cast(m.level_ew_start as int) end as span
                  from per left join m on m.match_id = per.match_id)
        select key, case when not bool_or(unknown and span is null) then coalesce(sum(coalesce(span, by_hands)), 0)
                    end
        from spans group by key"""


def summary(src: StatsSource, by: str) -> pd.DataFrame:
    side = by in ("player", "team")
    att = "outcome is not null" + (" and is_attacker" if side else "")
    dfd = "outcome is not null" + (" and not is_attacker" if side else "")
    # the attackers' points: the totals known and final only (docs/dataset.md "Statistics")
    pts = f"{att} and final_total and attackers_total is not null"
    # levels gained over the hands that count (docs/dataset.md "Levels gained"): for a side the levels it
    # really moved (rows without the level columns: the score table's gain of a hand it went up in); for
    # match / ruleset the levels the hands' outcomes award
    gained = ("case when counts then coalesce(moved, case when is_up then coalesce(levels_gained, 0) else 0 end) "
              "else 0 end" if side else "case when counts then coalesce(levels_gained, 0) else 0 end")
    levels = dict(src.rows(_levels_sql(participants(src, by), gained)))
    rows = src.rows(f"""
        select key, count(*), count(*) filter (where is_dealer), count(*) filter (where is_attacker),
               count(*) filter (where {dfd} and outcome = 'defenders'), count(*) filter (where {dfd}),
               avg(attackers_total) filter (where {pts}), median(attackers_total) filter (where {pts}),
               case when bool_or(plays_kept) then count(*) filter (where {att} and coalesce(bottom_captured, false))
                    end,
               sum(tricks_won) filter (where plays_kept), sum(failed_by) filter (where plays_kept),
               coalesce(sum(violations_by), 0), count(*) filter (where is_judged),
               coalesce(sum(violations_by) filter (where is_judged), 0)
        from {participants(src, by)} where key is not null group by key order by key""")
    out = []
    for (key, n, dealer, attacker, held, defended, mean, median, caps, won, failed, viol, judged,
         viol_judged) in rows:
        row = {by: key, "hands": int(n)}
        if side:
            row["as_dealer"] = int(dealer)
            row["as_attacker"] = int(attacker)
        row.update({"hold_rate": held / defended if defended else np.nan,
                    "attack_points_mean": _f(mean), "attack_points_median": _f(median),
                    "bottom_captures": _n(caps), "levels_gained": _n(levels.get(key)), "tricks_won": _n(won),
                    "failed_throws": _n(failed), "violations": int(viol), "judged_hands": int(judged)})
        # per 100 hands judged: a hand whose plays could not be judged is no hand without a violation
        row["violations_per_100"] = 100.0 * int(viol_judged) / judged if judged else np.nan
        out.append(row)
    columns = [by, "hands"] + (["as_dealer", "as_attacker"] if side else []) + [
        "hold_rate", "attack_points_mean", "attack_points_median", "bottom_captures",
        "levels_gained", "tricks_won", "failed_throws", "violations", "judged_hands", "violations_per_100"]
    frame = pd.DataFrame(out, columns=columns)
    per = src.rows(f"""select key, decks, avg(attackers_total), median(attackers_total)
                       from {participants(src, by)} where key is not null and {pts} group by all""")
    return points_by_decks(frame, by, [(k, d, _f(m), _f(md)) for k, d, m, md in per])


def points_by_decks(frame: pd.DataFrame, by: str, per: list[tuple]) -> pd.DataFrame:
    """``frame`` (a summary) with its attackers' points mean and median split by the number of decks when the
    hands they are over are played with more than one (``per``: ``(key, decks, mean, median)`` of each key's
    hands of one decks count; ``decks`` ``None`` where not known): a total is out of 100 points a deck, so a mean
    over 2-deck and 3-deck hands is over different totals and means nothing.  ``attack_points_mean`` and
    ``attack_points_median`` are then ``attack_points_mean_2d``, ``attack_points_median_2d``,
    ``attack_points_mean_3d`` … (:func:`decks_column`), NaN for a key with no such hand; one decks count:
    ``frame`` as it is."""
    seen = sorted({d for _, d, _, _ in per}, key=lambda d: (d is None, d or 0))
    if len(seen) < 2:
        return frame
    values = {(k, d): (m, md) for k, d, m, md in per}
    at = list(frame.columns).index("attack_points_mean")
    frame = frame.drop(columns=["attack_points_mean", "attack_points_median"])
    for d in reversed(seen):
        for j, name in reversed(list(enumerate(("attack_points_mean", "attack_points_median")))):
            frame.insert(at, decks_column(name, d),
                         [values.get((k, d), (np.nan, np.nan))[j] for k in frame[by]] if len(frame) else [])
    return frame.astype({c: float for c in frame.columns if c.startswith("attack_points_")})


def decks_column(name: str, decks: int | None) -> str:
    """``attack_points_mean`` of the hands played with ``decks`` decks: ``attack_points_mean_2d``
    (``_decks_unknown`` where the dataset does not say)."""
    return f"{name}_{decks}d" if decks is not None else f"{name}_decks_unknown"


def points_distribution(src: StatsSource, by: str, bands: tuple[str, ...]) -> pd.DataFrame:
    side = by in ("player", "team")
    steps = " ".join(f"when attackers_total / (decks * 20.0) < {k} then '{bands[k]}'" for k in range(1, 6))
    long = src.query(f"""
        select key, case when attackers_total <= 0 then '{bands[0]}' {steps} else '{bands[6]}' end as band,
               count(*) as n
        from {participants(src, by)}
        where outcome is not null {"and is_attacker" if side else ""} and key is not null
              and final_total and attackers_total is not null group by all""")
    if long.empty:
        table = pd.DataFrame(columns=list(bands), index=pd.Index([], name=by), dtype=np.int64)
    else:
        table = long.pivot(index="key", columns="band", values="n")
        table = table.reindex(columns=list(bands)).fillna(0).astype(np.int64).sort_index()
    table.index.name = by
    table.columns.name = None
    return table.reset_index()


def totals_left_out(src: StatsSource) -> tuple[int, int, int]:
    """The finished hands (``outcome`` not null; each match once) whose attackers' total the attackers'
    points leave out: ``(withheld, so_far, not_known)`` — the total withheld (null), the points so far
    of a hand not played out (neither ``complete`` nor ``result_only``), and a total a row does not say
    is final or not (``complete`` not true and ``result_only`` or ``complete`` null: older rows)."""
    played = "coalesce(complete, false) or coalesce(result_only, false)"
    ((withheld, so_far, unknown),) = src.rows(f"""
        select count(*) filter (where attackers_total is null),
               count(*) filter (where attackers_total is not null and not ({played})
                                and complete is not null and result_only is not null),
               count(*) filter (where attackers_total is not null and not ({played})
                                and (complete is null or result_only is null))
        from h where outcome is not null""")
    return int(withheld), int(so_far), int(unknown)


def bottom_captures(src: StatsSource, by: str) -> pd.DataFrame:
    side = by in ("player", "team")
    rows = src.rows(f"""
        select key, bottom_multiplier, count(*), sum(bottom_bonus)
        from {participants(src, by)}
        where coalesce(bottom_captured, false) {"and is_attacker" if side else ""}
              and key is not null and bottom_multiplier is not null
        group by all order by key, bottom_multiplier""")
    if not rows:
        return pd.DataFrame(columns=[by, "multiplier", "captures", "bonus_points"])
    out = pd.DataFrame([(k, int(m), int(c), int(b) if b is not None else 0) for k, m, c, b in rows],
                       columns=[by, "multiplier", "captures", "bonus_points"])
    return out


def violation_rates(src: StatsSource, by: str) -> pd.DataFrame:
    columns = [by, "code", "violations", "judged_hands", "per_100_hands"]
    if not src.rows(f"select count(*) from v where hand_no is not null and {OF_PLAY}")[0][0]:
        return pd.DataFrame(columns=columns)
    # the violations found in hands judged, over the hands judged (a hand whose plays could not all be
    # judged — no deal, trump or level unknown, a score sheet's hand — is in neither)
    judged_hand = f"join (select match_id, hand_no from h where {JUDGED}) hj on hj.match_id = v.match_id " \
                  "and hj.hand_no = v.hand_no"
    if by in ("match", "ruleset"):
        keyed = f"""select {"v.match_id" if by == "match" else "hv.variant"} as key, v.code from v
                    join hv on hv.match_id = v.match_id and hv.hand_no = v.hand_no
                    where v.hand_no is not null and {JUDGED} and {OF_PLAY}"""
    elif by == "player":
        name = "case v.seat " + " ".join(f"when '{x}' then m.player_{x.lower()}" for x in SEATS) + " end"
        keyed = f"""select coalesce({_named(name)}, v.seat) as key, v.code from v
                    left join m on m.match_id = v.match_id {judged_hand}
                    where v.hand_no is not null and v.seat is not null and {OF_PLAY}"""
    else:
        team = "case v.seat when 'N' then 'NS' when 'S' then 'NS' when 'E' then 'EW' when 'W' then 'EW' end"
        name = f"case {team} when 'NS' then {_team_name('NS')} else {_team_name('EW')} end"
        keyed = f"""select case when m.match_id is null then {team} else {name} end as key, v.code from v
                    left join m on m.match_id = v.match_id {judged_hand}
                    where v.hand_no is not null and v.seat is not null and {OF_PLAY}"""
    rows = src.rows(f"""
        with hands as (select key, count(*) filter (where is_judged) as n from {participants(src, by)}
                       where key is not null group by key),
             counted as (select key, code, count(*) as violations from ({keyed})
                         where key is not null and code is not null group by all)
        select counted.key, counted.code, counted.violations, hands.n from counted
        left join hands on hands.key = counted.key order by counted.key, counted.code""")
    if not rows:
        return pd.DataFrame(columns=columns)
    out = pd.DataFrame([(k, c, int(n), h) for k, c, n, h in rows], columns=columns[:4])
    if out["judged_hands"].isna().any():
        out["judged_hands"] = out["judged_hands"].astype(float)
    else:
        out["judged_hands"] = out["judged_hands"].astype(np.int64)
    out["per_100_hands"] = 100.0 * out["violations"] / out["judged_hands"]
    return out


LOST_COLUMNS = ("analysed_hands", "analysed_plays", "points_lost", "lost_per_hand")


def _keyed_plays(by: str) -> str:
    """``key, match_id, hand_no, seat, cost, view_cost`` of every play, keyed ``by`` (``seat``: the
    seat letter; ``player`` / ``team`` / ``seat``: plays of a seat only)."""
    cols = "p.match_id, p.hand_no, p.seat, p.cost, p.view_cost"
    if by in ("match", "ruleset"):
        return f"""select {"p.match_id" if by == "match" else "hv.variant"} as key, {cols}
                   from p left join hv on hv.match_id = p.match_id and hv.hand_no = p.hand_no"""
    if by == "seat":
        return f"select p.seat as key, {cols} from p where p.seat in ('N', 'E', 'S', 'W')"
    if by == "player":
        name = "case p.seat " + " ".join(f"when '{x}' then m.player_{x.lower()}" for x in SEATS) + " end"
        return f"""select coalesce({_named(name)}, p.seat) as key, {cols} from p
                   left join m on m.match_id = p.match_id where p.seat is not null"""
    team = "case p.seat when 'N' then 'NS' when 'S' then 'NS' when 'E' then 'EW' when 'W' then 'EW' end"
    name = f"case {team} when 'NS' then {_team_name('NS')} else {_team_name('EW')} end"
    return f"""select case when m.match_id is null then {team} else {name} end as key, {cols}
               from p left join m on m.match_id = p.match_id where p.seat in ('N', 'E', 'S', 'W')"""


def points_lost(src: StatsSource, by: str) -> pd.DataFrame:
    """Points lost by the analysed plays (``plays.cost``, ``ingest --analyse``): per key, the hands
    with an analysed play of that side, those plays, their costs added up and per hand."""
    columns = [by, *LOST_COLUMNS]
    if not src.rows("select count(*) from p where cost is not null and hand_no is not null")[0][0]:
        return pd.DataFrame(columns=columns)
    if by in ("match", "ruleset"):
        src._variants()
    rows = src.rows(f"""
        with k as (select * from ({_keyed_plays(by)}) where cost is not null and hand_no is not null and key is not null),
             per_hand as (select key, match_id, hand_no, count(*) as plays, sum(cost) as lost from k group by all)
        select key, count(*), sum(plays), sum(lost) from per_hand group by key order by key""")
    out = pd.DataFrame([(k, int(n), int(pl), int(lost)) for k, n, pl, lost in rows], columns=columns[:4])
    out["lost_per_hand"] = out["points_lost"] / out["analysed_hands"]
    return out


VIEW_LOST_COLUMNS = ("viewed_hands", "viewed_plays", "open_points_lost", "view_points_lost", "open_lost_per_hand",
                     "view_lost_per_hand", "open_costly_seat_best")


def view_points_lost(src: StatsSource, by: str) -> pd.DataFrame:
    """Points lost from the player's seat (``plays.view_cost``, ``ingest --analyse K --view``) beside
    the points lost with all hands open (``plays.cost``), over the plays judged both ways: per key,
    the hands with such a play of that side, those plays, each cost added up and per hand, and the
    plays costly open (cost ≥ 5, an inaccuracy or worse) but best from the seat (view cost 0).
    ``by`` may also be ``seat`` (N, E, S, W)."""
    columns = [by, *VIEW_LOST_COLUMNS]
    judged = "cost is not null and view_cost is not null and hand_no is not null"
    if not src.rows(f"select count(*) from p where {judged}")[0][0]:
        return pd.DataFrame(columns=columns)
    if by in ("match", "ruleset"):
        src._variants()
    rows = src.rows(f"""
        with k as (select * from ({_keyed_plays(by)}) where {judged} and key is not null),
             per_hand as (select key, match_id, hand_no, count(*) as plays, sum(cost) as lost,
                                 sum(view_cost) as view_lost,
                                 count(*) filter (where cost >= 5 and view_cost = 0) as seat_best
                          from k group by all)
        select key, count(*), sum(plays), sum(lost), sum(view_lost), sum(seat_best)
        from per_hand group by key order by {"position(key in 'NESW')" if by == "seat" else "key"}""")
    out = pd.DataFrame([(k, int(n), int(pl), int(lost), float(vl), int(sb)) for k, n, pl, lost, vl, sb in rows],
                       columns=[by, "viewed_hands", "viewed_plays", "open_points_lost", "view_points_lost",
                                "open_costly_seat_best"])
    out["open_lost_per_hand"] = out["open_points_lost"] / out["viewed_hands"]
    out["view_lost_per_hand"] = out["view_points_lost"] / out["viewed_hands"]
    return out[columns]


def result_inputs(src: StatsSource) -> list[dict]:
    """Per match (in the order the matches table is read): what
    :func:`tractor_analysis.dataset.stats.decide_results` needs."""
    frame = src.query(f"""
        with per as (
            select match_id,
                   bool_or(outcome is not null) as finished,
                   bool_or(coalesce(match_over, false)) as passed,
                   max(regexp_extract(rules, '"win_level": "([^"]*)"', 1)) as win_level,
                   bool_or(coalesce(contains(rules, '"friend": "on"'), false) or friend is not null) as friendly,
                   coalesce(arg_min(contains(rules, '"decide_by_levels": "on"'), hand_no), false) as decide_by_levels,
                   arg_max({{'nd': next_dealer, 'dealer': dealer, 'outcome': outcome}}, hand_no) as last
            from h group by match_id)
        select m.match_id, m.event, m.round, m."table", {_team_name('NS')} as ns,
               {_team_name('EW')} as ew, m.hands, m.level_ns_start, m.level_ew_start,
               m.level_ns_final, m.level_ew_final, m.winner, m.forfeit, m.cut_short,
               m.level_ns_final_low, m.level_ns_final_high, m.level_ew_final_low, m.level_ew_final_high,
               m.decided_by as stored_decided_by,
               coalesce(per.finished, false) as finished, coalesce(per.passed, false) as passed, per.win_level,
               coalesce(per.friendly, false) as friendly, coalesce(per.decide_by_levels, false) as decide_by_levels,
               per.last.nd as last_next_dealer, per.last.dealer as last_dealer, per.last.outcome as last_outcome,
               per.match_id is not null as has_hands
        from m left join per on per.match_id = m.match_id order by m._ord""")
    return frame.astype(object).where(frame.notna(), None).to_dict(orient="records")


def duplicate_matches(src: StatsSource) -> dict[str, str]:
    return {a: b for a, b in src.rows("select match_id, first_id from dups")}


def superseded(src: StatsSource) -> list[tuple[str, str, str, str, str]]:
    """``(match_id, source_file, sha256, by_file, by_sha256)`` of every match of an earlier version of a record
    file ingested again with other content (:data:`.stats_source.SUPERSEDED_SQL`), in the order stored."""
    return [tuple(r) for r in src.rows("""
        select s.match_id, s.source_file, s.sha, s.by_file, s.by_sha from superseded s
        join raw_matches m on m.match_id = s.match_id order by m._ord""")]


def match_labels_rows(src: StatsSource) -> pd.DataFrame:
    """``match_id, source_file, source_sha256, match_index, round, table`` of every stored match but those of an
    earlier version of a record file (:func:`superseded`: they count nowhere, and a label counts the matches
    of the file's version that counts), by record file, then place in it (the order ``--by match`` shows)."""
    return src.query('select match_id, source_file, source_sha256, match_index, round, "table" from raw_matches '
                     'where match_id not in (select match_id from superseded) '
                     'order by source_file, match_index, _ord')

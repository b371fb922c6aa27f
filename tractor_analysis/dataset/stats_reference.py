"""The pandas reference implementation of the statistics, kept for the tests only.

The statistics are computed by DuckDB (:mod:`.stats_sql`, through :mod:`.stats`).  This module
computes the same tables with pandas from DataFrames held in memory; it is kept as the
independent reference ``tests/test_stats_sql.py`` compares the SQL with, table by table, on
simulated datasets (a second implementation written another way is what catches a wrong
join or a NULL handled differently).  Nothing in the package calls it.

Every function is a pure function of the dataset's DataFrames and returns a DataFrame;
what ``by`` means, who counts as defending (friend mode included) and how a match kept
twice is counted once are as :mod:`.stats` says.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .event_model import NAMES_NOT_KNOWN, team_name
from .match_identity import SAME_HAND, SAME_MATCH
from .stats_sql import points_by_decks
from .stats import BY, POINT_BANDS, SEATS, TEAM_OF_SEAT, decide_results, holder_of, standings_of, variant


_FINAL_SPAN = ("level_ns_final_low", "level_ns_final_high", "level_ew_final_low", "level_ew_final_high")
"""The matches columns of a final level's range (absent from older datasets: null, no range)."""


def _joined(frame: pd.DataFrame, columns: tuple[str, ...]) -> pd.Series:
    cols = [c for c in columns if c in frame.columns]
    out = pd.Series("", index=frame.index)
    for c in cols:
        values = frame[c].astype(object)
        out = out + "\x1f" + values.where(values.notna(), "~").astype(str)
    return out


def duplicate_matches(ds) -> dict[str, str]:
    """Matches recorded more than once: each later copy's ``match_id`` → the first copy's.

    Two records are one match when the match tags, the players, the starting levels and
    the ruleset agree, and so do all hands (number, dealer, trump, level, tricks, attackers'
    points and total, outcome, levels gained): the same match kept as ``.tgn`` and ``.json``,
    or a file copied under another name with a changed comment.  The first copy (by source
    file, then position in the file) is kept."""
    m = ds.matches
    if len(m) < 2:
        return {}
    marked: dict[str, str] = {}     # the copies ingest marked (duplicate_of), as the SQL reads them
    if "match_key" in m.columns:
        keyed = m["match_key"].notna()
        if "duplicate_of" in m.columns:
            for mid, dup in zip(m.loc[keyed, "match_id"].astype(str), m.loc[keyed, "duplicate_of"]):
                if dup is not None and dup == dup:
                    marked[mid] = str(dup)
        m = m[~keyed]           # only rows without a match_key are compared by content
        if len(m) < 2:
            return marked
    h = ds.hands.sort_values(["match_id", "hand_no"])
    per_hand = _joined(h, SAME_HAND)
    hands_key = per_hand.groupby(h["match_id"].astype(str).to_numpy(), sort=False).agg("\x1e".join)
    order = [c for c in ("source_file", "match_index") if c in m.columns]
    m = m.sort_values(order) if order else m
    key = _joined(m, SAME_MATCH) + "\x1d" + m["match_id"].astype(str).map(hands_key).fillna("")
    first: dict[str, str] = {}
    dups: dict[str, str] = {}
    for mid, k in zip(m["match_id"].astype(str), key):
        if k in first:
            dups[mid] = first[k]
        else:
            first[k] = mid
    return {**dups, **marked}


def superseded(ds) -> set[str]:
    """The matches of an earlier version of a record file (``stats_source.SUPERSEDED_SQL``): a path
    (``source_abspath``, else ``source_file``) whose ``files`` rows hold several contents counts in the one
    ingested last (``ingested_at``, then the order of the rows); the others' matches are left out."""
    files = getattr(ds, "files", None)
    m = ds.matches
    if files is None or not len(files) or not len(m):
        return set()

    def paths(frame):
        own = frame["source_abspath"] if "source_abspath" in frame.columns else pd.Series(None, index=frame.index)
        return [a if isinstance(a, str) else f for a, f in zip(own.tolist(), frame["source_file"].tolist())]

    status = files["status"].tolist() if "status" in files.columns else [None] * len(files)
    when = files["ingested_at"].tolist() if "ingested_at" in files.columns else [None] * len(files)
    versions: dict[str, list] = {}
    for i, (path, sha, st, at) in enumerate(zip(paths(files), files["source_sha256"].tolist(), status, when)):
        if isinstance(sha, str) and st != "unreadable":
            known = at is not None and at == at and at is not pd.NaT
            versions.setdefault(path, []).append(((known, at if known else None, i), sha))
    latest = {p: max(v, key=lambda x: (x[0][0], x[0][1] if x[0][0] else 0, x[0][2]))[1] for p, v in versions.items()}
    shas = {p: {sha for _, sha in v} for p, v in versions.items()}
    return {mid for mid, path, sha in zip(m["match_id"].astype(str), paths(m), m["source_sha256"].tolist())
            if path in latest and isinstance(sha, str) and sha != latest[path] and sha in shas[path]}


def _repointed(dups: dict[str, str], gone: set[str], order: list[str]) -> dict[str, str]:
    """``dups`` without the superseded matches ``gone``: a copy of a superseded match is counted in its place
    (the first such copy in ``order``), the later ones its copies."""
    out = {a: b for a, b in dups.items() if a not in gone and b not in gone}
    place = {mid: i for i, mid in enumerate(order)}
    orphans: dict[str, list[str]] = {}
    for a, b in dups.items():
        if a not in gone and b in gone:
            orphans.setdefault(b, []).append(a)
    for copies in orphans.values():
        copies.sort(key=lambda x: place.get(x, len(place)))
        out.update({c: copies[0] for c in copies[1:]})
    return out


def distinct(ds):
    """``ds`` with every later copy of a match recorded twice, and every match of a superseded version of a
    record file, left out (see :func:`duplicate_matches`, :func:`superseded`)."""
    gone = superseded(ds)
    dups = _repointed(duplicate_matches(ds), gone, ds.matches["match_id"].astype(str).tolist())
    dups = {**dups, **{g: "" for g in gone}}
    if not dups:
        return ds
    from types import SimpleNamespace

    tables = {}
    for name in ("matches", "hands", "tricks", "plays", "violations", "errors", "files"):
        frame = getattr(ds, name, None)
        if frame is not None and "match_id" in frame.columns:
            frame = frame[~frame["match_id"].astype(str).isin(dups)]
        if frame is not None:
            tables[name] = frame
    return SimpleNamespace(**tables)



def _is_seats(value) -> bool:
    return isinstance(value, (list, tuple, np.ndarray))


def _friend_mode(hands: pd.DataFrame) -> np.ndarray:
    friend = hands["friend"].notna().to_numpy() if "friend" in hands else np.zeros(len(hands), dtype=bool)
    if "rules" in hands:
        friend = friend | hands["rules"].astype(str).str.contains('"friend": "on"', regex=False).to_numpy()
    return friend


def defender_flags(hands: pd.DataFrame) -> pd.DataFrame:
    """``def_N``, ``def_E``, ``def_S``, ``def_W``: each seat was among the hand's defenders
    (from ``defender_seats``; the dealer's team in a row written before that column — its variant
    columns null, ``revoke_ns`` among them), and ``sides_known``: false when neither says who defended
    (a row written since whose ``defender_seats`` is null: the engine withheld the sides — the dealer not
    stated and nothing fixing the sides, a contradicted ``[Dealer]``, friend mode's partner unknown) —
    such a hand is nobody's attack nor defence."""
    n = len(hands)
    col = hands["defender_seats"].tolist() if "defender_seats" in hands else [None] * n
    old = hands["revoke_ns"].isna().to_numpy() if "revoke_ns" in hands else np.ones(n, dtype=bool)
    flags = np.zeros((n, 4), dtype=bool)
    known = np.ones(n, dtype=bool)
    friend = _friend_mode(hands)
    for i, (seats, team) in enumerate(zip(col, hands["defenders"].tolist())):
        if _is_seats(seats):
            chosen = seats
        elif team in ("NS", "EW") and not friend[i] and old[i]:
            chosen = ("N", "S") if team == "NS" else ("E", "W")
        else:
            known[i] = False
            continue
        for seat in chosen:
            flags[i, SEATS.index(seat)] = True
    out = pd.DataFrame(flags, columns=[f"def_{x}" for x in SEATS], index=hands.index)
    out["sides_known"] = known
    return out


def judged(hands: pd.DataFrame) -> pd.Series:
    """Whether each hand's plays were all judged: ``hands.judged``; where it is null (rows written
    before it), not a score sheet's hand and the trump and the level known."""
    n = len(hands)
    col = hands["judged"] if "judged" in hands else pd.Series([None] * n, index=hands.index, dtype=object)
    sheet = hands["result_only"] if "result_only" in hands else pd.Series([None] * n, index=hands.index, dtype=object)
    fallback = ~sheet.astype(object).where(sheet.notna(), False).astype(bool) & hands["trump"].notna() \
        & hands["level"].notna()
    return col.astype(object).where(col.notna(), fallback).astype(bool)


def variants(hands: pd.DataFrame) -> pd.Series:
    """:func:`variant` of every hand (the ``--by ruleset`` key)."""
    rules = hands["rules"] if "rules" in hands else pd.Series([None] * len(hands), index=hands.index)
    return pd.Series([variant(r, j) for r, j in zip(hands["ruleset"].tolist(), rules.tolist())],
                     index=hands.index, dtype=object)


def _require(by: str) -> None:
    if by not in BY:
        raise ValueError(f"unknown grouping {by!r} (expected one of {', '.join(BY)})")


def named(name) -> bool:
    """A stored player's name that names someone: a string, not blank, not ``"?"`` (not known:
    :data:`~.event_model.NAMES_NOT_KNOWN`) — else the seat keys ``--by player``."""
    return isinstance(name, str) and bool(name) and name not in NAMES_NOT_KNOWN


def _partnership(matches: pd.DataFrame, a: str, b: str, fallback: str) -> pd.Series:
    """The side's ``[TeamNS]`` / ``[TeamEW]`` name when given, else ``"A / B"`` (names sorted, so
    partners who swap seats stay one team), else ``fallback``."""
    na, nb = matches[f"player_{a}"], matches[f"player_{b}"]
    column = f"team_{fallback.lower()}"
    tags = matches[column].tolist() if column in matches.columns else [None] * len(matches)
    out = []
    for x, y, tag in zip(na.tolist(), nb.tolist(), tags):
        if isinstance(tag, str) and team_name(tag, None, None) is not None:
            out.append(team_name(tag, None, None))      # the standings' reading of a team tag
            continue
        names = sorted(n for n in (x, y) if named(n))
        out.append(" / ".join(names) if names else fallback)
    return pd.Series(out, index=matches.index, dtype=object)


def team_names(matches: pd.DataFrame) -> pd.DataFrame:
    """``match_id, team (NS/EW), name`` for every match."""
    ns = pd.DataFrame({"match_id": matches["match_id"], "team": "NS",
                       "name": _partnership(matches, "n", "s", "NS")})
    ew = pd.DataFrame({"match_id": matches["match_id"], "team": "EW",
                       "name": _partnership(matches, "e", "w", "EW")})
    return pd.concat([ns, ew], ignore_index=True)


def _per_seat(frame: pd.DataFrame, seat_col: str, name: str) -> pd.DataFrame:
    if frame.empty:
        return pd.DataFrame(columns=["match_id", "hand_no", "seat", name])
    out = frame.groupby(["match_id", "hand_no", seat_col], observed=True).size().rename(name)
    return out.reset_index().rename(columns={seat_col: "seat"})


def of_play(violations: pd.DataFrame) -> pd.DataFrame:
    """The ``violations`` rows that are violations of the play, not findings about the record alone
    (``about`` ``record``, docs/rules.md §13.1); a row written before ``about`` (null, or a frame without
    the column) is read as about the play (``stats_sql.OF_PLAY``)."""
    if "about" not in violations.columns:
        return violations
    return violations[~violations["about"].eq("record").fillna(False).to_numpy(dtype=bool)]


def _flag(hands: pd.DataFrame, column: str) -> pd.Series:
    """A boolean column of ``hands`` as objects (``None`` where null or missing: older datasets)."""
    if column not in hands.columns:
        return pd.Series([None] * len(hands), index=hands.index, dtype=object)
    return hands[column].astype(object).where(hands[column].notna(), None)


def cut_here(hands: pd.DataFrame, matches: pd.DataFrame | None) -> np.ndarray:
    """Per hand: the last hand of a match whose record stops at damage to its file (``matches.cut_short``;
    null or absent in older datasets: not known to be cut)."""
    if matches is None or "cut_short" not in matches.columns or not len(hands):
        return np.zeros(len(hands), dtype=bool)
    cut = {str(m) for m, c in zip(matches["match_id"], matches["cut_short"].astype(object))
           if c is not None and c == c and bool(c)}
    last = hands.groupby("match_id", observed=True)["hand_no"].transform("max")
    return (hands["match_id"].astype(str).isin(cut) & (hands["hand_no"] == last)).to_numpy(dtype=bool)


def gain_unknown(hands: pd.DataFrame, matches: pd.DataFrame | None = None) -> pd.Series:
    """Per hand: its levels gained are unknown — no outcome, and the record not known to stop inside
    it (``stopped``; a dataset written before that column: the hand played out, ``complete``), or the
    record stops inside it only because its file is damaged (:func:`cut_here`: where the hand would have
    ended is not known)."""
    stopped = _flag(hands, "stopped")
    complete = _flag(hands, "complete")
    known_stop = [bool(s) if s is not None else not bool(c) for s, c in zip(stopped, complete)]
    known_stop = np.array(known_stop, dtype=bool) & ~cut_here(hands, matches)
    return pd.Series(hands["outcome"].isna().to_numpy() & ~known_stop, index=hands.index)


def participants(ds, by: str) -> pd.DataFrame:
    """One row per (participant, hand): the hand's columns plus ``key``, ``is_dealer``,
    ``is_attacker``, ``tricks_won``, ``failed_throws``, ``violations_by``.

    For ``match`` / ``ruleset`` one row per hand (``is_dealer`` / ``is_attacker`` are NaN)."""
    _require(by)
    ds = distinct(ds)
    hands = ds.hands
    tricks = ds.tricks
    cols = ["match_id", "hand_no", "dealer", "defenders", "attackers", "ruleset", "decks", "outcome",
            "up_team", "levels_gained", "attackers_total", "bottom_captured", "bottom_multiplier",
            "bottom_bonus", "tricks", "failed_throws", "violations"]
    h = hands[cols].copy()
    # the hands that count for the levels gained: not recorded after the match was decided (rules §8.4)
    h["counts"] = ~_flag(hands, "after_match_end").fillna(False).astype(bool)
    h["friend_mode"] = _friend_mode(hands)
    h["gain_unknown"] = gain_unknown(hands, getattr(ds, "matches", None)) & h["counts"]
    # plays kept and judged trick by trick: not a score sheet's hand, the trump and the level known
    h["plays_kept"] = (~_flag(hands, "result_only").fillna(False).astype(bool)
                       & hands["trump"].notna() & hands["level"].notna())
    # the attackers' total is the hand's own: played out, or a score sheet's (not the points so far)
    h["final_total"] = (_flag(hands, "complete").fillna(False).astype(bool)
                        | _flag(hands, "result_only").fillna(False).astype(bool))
    # levels each seat / team really moved (a gain stops at the winning level, penalties count)
    moved = {}
    for x in SEATS:
        b, a = f"level_{x.lower()}_before", f"level_{x.lower()}_after"
        moved[x] = (hands[a] - hands[b]) if a in hands.columns and b in hands.columns \
            else pd.Series(np.nan, index=hands.index)
    for t, (b, a) in (("NS", ("level_ns_before", "level_ns_after")), ("EW", ("level_ew_before", "level_ew_after"))):
        moved[t] = (hands[a] - hands[b]) if a in hands.columns and b in hands.columns \
            else pd.Series(np.nan, index=hands.index)
    for key, series in moved.items():
        h[f"moved_{key}"] = pd.to_numeric(series, errors="coerce").to_numpy(dtype=float)
    # the players' own levels are stored (rows written since ``defender_seats``: ``revoke_ns`` not null);
    # a side's null move there is a level the engine withheld, not an old row's missing column
    h["levels_written"] = (hands["revoke_ns"].notna().to_numpy(dtype=bool) if "revoke_ns" in hands.columns
                           else np.zeros(len(hands), dtype=bool))
    for t in ("ns", "ew"):      # a side's level before given: its level after null is a level withheld
        h[f"before_{t}_known"] = (hands[f"level_{t}_before"].notna().to_numpy(dtype=bool)
                                  if f"level_{t}_before" in hands.columns else np.zeros(len(hands), dtype=bool))
    h["variant"] = variants(hands)
    h["is_judged"] = judged(hands)
    if by in ("match", "ruleset"):
        h["key"] = h["match_id"] if by == "match" else h["variant"]
        h["is_dealer"] = np.nan
        h["is_attacker"] = np.nan
        h["is_up"] = np.nan
        h["span_side"] = None       # the levels the outcomes award, not a partnership's (:func:`_levels`)
        # the tricks that have a winner (not one the record ends in before the seats that decide it)
        decided = tricks[tricks["winner"].notna() & tricks["hand_no"].notna()]
        won = decided.groupby(["match_id", "hand_no"], observed=True).size()
        h["tricks_won"] = [int(won.get((m, int(n)), 0)) for m, n in zip(h["match_id"], h["hand_no"])]
        h["violations_by"] = h["violations"]
        return h
    h = pd.concat([h, defender_flags(hands)], axis=1)
    seats = pd.DataFrame({"seat": list(SEATS)})
    sh = h.drop(columns=["failed_throws"]).merge(seats, how="cross")
    sh["team"] = sh["seat"].map(TEAM_OF_SEAT)
    seat_def = np.select([sh["seat"] == x for x in SEATS], [sh[f"def_{x}"] for x in SEATS], False)
    sh["is_defender"] = seat_def.astype(bool)
    won = _per_seat(tricks, "winner", "tricks_won")
    failed = _per_seat(tricks[tricks["throw_failed"].astype(bool)], "leader", "seat_failed_throws")
    viol = of_play(ds.violations)
    viol = viol[viol["seat"].notna() & viol["hand_no"].notna()]
    vcount = _per_seat(viol, "seat", "violations_by")
    for extra in (won, failed, vcount):
        extra["hand_no"] = extra["hand_no"].astype(sh["hand_no"].dtype)
        sh = sh.merge(extra, on=["match_id", "hand_no", "seat"], how="left")
    for c in ("tricks_won", "seat_failed_throws", "violations_by"):
        sh[c] = sh[c].fillna(0).astype(int)
    sh = sh.rename(columns={"seat_failed_throws": "failed_throws"})
    if by == "player":
        m = ds.matches.melt(id_vars=["match_id"],
                            value_vars=["player_n", "player_e", "player_s", "player_w"],
                            var_name="seat", value_name="name")
        m["seat"] = m["seat"].str[-1].str.upper()
        sh = sh.merge(m, on=["match_id", "seat"], how="left")
        sh["key"] = sh["name"].where(sh["name"].map(named), sh["seat"])
        sh["is_dealer"] = sh["seat"] == sh["dealer"]
        sh["is_attacker"] = (~sh["is_defender"]).astype(object).where(sh["sides_known"], None)
        won = sh["outcome"] == "defenders"
        sh["is_up"] = sh["outcome"].notna() & sh["sides_known"] & (sh["is_defender"] == won)
        sh["moved"] = np.select([sh["seat"] == x for x in SEATS], [sh[f"moved_{x}"] for x in SEATS], np.nan)
        sh["span_side"] = sh["team"].astype(object).where(~sh["friend_mode"].astype(bool), None)
        sh["gain_unknown"] = sh["gain_unknown"] | _move_unknown(sh, sh["levels_written"].to_numpy(dtype=bool))
        sh = _one_row_a_hand(sh)
    else:
        agg = sh.groupby(["match_id", "hand_no", "team"], sort=False, observed=True).agg(
            tricks_won=("tricks_won", "sum"), failed_throws=("failed_throws", "sum"),
            violations_by=("violations_by", "sum"))
        sh = h.drop(columns=["failed_throws"]).merge(pd.DataFrame({"team": ["NS", "EW"]}), how="cross").merge(
            agg.reset_index(), on=["match_id", "hand_no", "team"], how="left")
        for c in ("tricks_won", "failed_throws", "violations_by"):
            sh[c] = sh[c].fillna(0).astype(int)
        names = team_names(ds.matches)
        sh = sh.merge(names, on=["match_id", "team"], how="left")
        sh["key"] = sh["name"].fillna(sh["team"])
        dealt = sh["dealer"].map(TEAM_OF_SEAT)          # the dealer's team; the defenders' where no seat
        sh["is_dealer"] = (dealt.where(dealt.notna(), sh["defenders"]) == sh["team"]).fillna(False).astype(bool)
        ns_def = (sh["def_N"] | sh["def_S"]).to_numpy()
        ew_def = (sh["def_E"] | sh["def_W"]).to_numpy()
        ns_att = ~(sh["def_N"] & sh["def_S"]).to_numpy()
        ew_att = ~(sh["def_E"] & sh["def_W"]).to_numpy()
        is_ns = (sh["team"] == "NS").to_numpy()
        has_def = np.where(is_ns, ns_def, ew_def)
        has_att = np.where(is_ns, ns_att, ew_att)
        sh["is_attacker"] = pd.Series(~has_def, index=sh.index).astype(object).where(sh["sides_known"], None)
        won = (sh["outcome"] == "defenders").to_numpy()
        sh["is_up"] = sh["outcome"].notna().to_numpy() & sh["sides_known"].to_numpy() & np.where(won, has_def, has_att)
        # friend mode: a partnership goes up when one of its players does: the greater of its players' moves
        friend = sh["friend_mode"].to_numpy(dtype=bool)
        pair = {t: sh[[f"moved_{a}", f"moved_{b}"]] for t, a, b in (("NS", "N", "S"), ("EW", "E", "W"))}
        greater = {t: p.max(axis=1).where(p.notna().all(axis=1)) for t, p in pair.items()}
        sh["moved"] = np.where(is_ns, np.where(friend, greater["NS"], sh["moved_NS"]),
                               np.where(friend, greater["EW"], sh["moved_EW"]))
        sh["span_side"] = sh["team"].astype(object).where(~friend, None)
        # outside friend mode level_ns_* / level_ew_*, written in every dataset: a level before and none after
        # is a level withheld (a frame made without them gives neither); the players' own in rows written since
        side_before = np.where(is_ns, sh["before_ns_known"].to_numpy(dtype=bool), sh["before_ew_known"].to_numpy(dtype=bool))
        written = sh["levels_written"].to_numpy(dtype=bool) | (~friend & side_before)
        sh["gain_unknown"] = sh["gain_unknown"] | _move_unknown(sh, written)
    return sh


def _move_unknown(sh: pd.DataFrame, written: np.ndarray) -> np.ndarray:
    """Per participant row: its side's levels moved in a hand with a result that counts are not known —
    ``moved`` null though the row stores the levels it is read from (``written``): the engine withheld a
    level before or after (a take-back penalty whose side is open; a start level not known).  No number
    then, not the score table's gain, which only a row written without those columns falls back to
    (docs/dataset.md "Levels gained"; as ``stats_sql._move_unknown``)."""
    return (sh["counts"].to_numpy(dtype=bool) & sh["outcome"].notna().to_numpy()
            & pd.isna(sh["moved"]).to_numpy() & written)


def _one_row_a_hand(sh: pd.DataFrame) -> pd.DataFrame:
    """The ``player`` participants with one row per (name, hand): a name in two seats of a match counts each
    hand once — attacking when one of its seats attacked (``True`` over ``False`` over unknown), going up when
    one did, dealing when one dealt, the greater of its seats' levels moved — and the figures of each seat
    (tricks won, failed throws, violations) summed (as ``stats_sql._ONE_ROW_A_HAND``)."""
    keys = ["key", "match_id", "hand_no"]
    twice = sh.duplicated(keys, keep=False)
    if not twice.any():
        return sh
    once, many = sh[~twice], sh[twice]
    rows = []
    for _, g in many.groupby(keys, sort=False, observed=True):
        row = g.iloc[0].copy()
        att = [a for a in g["is_attacker"].tolist() if a is not None and a == a]
        row["is_attacker"] = (True in att) if att else None
        row["is_up"] = bool(g["is_up"].astype(bool).any())
        row["is_dealer"] = bool(g["is_dealer"].astype(bool).any())
        row["moved"] = g["moved"].max()
        sides = set(g["span_side"].tolist())
        row["span_side"] = sides.pop() if len(sides) == 1 else None   # both sides, or friend mode: none
        row["gain_unknown"] = bool(g["gain_unknown"].astype(bool).any())     # a seat's move not known
        for c in ("tricks_won", "failed_throws", "violations_by"):
            row[c] = int(g[c].sum())
        rows.append(row)
    return pd.concat([once, pd.DataFrame(rows, columns=sh.columns)], ignore_index=True)


def _levels(g: pd.DataFrame, by_hand: pd.Series, spans: dict) -> float:
    """A key's levels gained from its participant rows ``g`` (``by_hand``: each row's levels): per match, where
    the rows speak for one partnership (``span_side``) whose start and final level the match states
    (``spans``), its final level minus its start — the standings' — else the sum over its hands, unknown when
    one of them is (as ``stats_sql._levels_sql``)."""
    total = 0
    for mid, mg in g.groupby("match_id", sort=False, observed=True):
        sides = mg["span_side"].tolist()
        side = sides[0] if sides and all(s is not None and s == sides[0] for s in sides) else None
        span = spans.get((str(mid), side)) if side in ("NS", "EW") else None
        if span is not None:
            total += span
        elif mg["gain_unknown"].astype(bool).any():       # a hand's result not known: so is the sum
            return np.nan
        else:
            total += int(by_hand.loc[mg.index].sum())
    return total


def _spans(matches: pd.DataFrame | None) -> dict:
    """``(match_id, side) → final level − start`` of every side whose start and final level its match states."""
    out = {}
    if matches is None:
        return out
    for t in ("ns", "ew"):
        start, final = f"level_{t}_start", f"level_{t}_final"
        if start not in matches.columns or final not in matches.columns:
            continue
        for mid, a, b in zip(matches["match_id"], matches[start], matches[final]):
            if not (pd.isna(a) or pd.isna(b)):
                out[(str(mid), t.upper())] = int(b) - int(a)
    return out


def summary(ds, by: str = "player") -> pd.DataFrame:
    """The main table: hands, as dealer/attacker, defence hold rate, attackers' points,
    bottom captures, levels gained, tricks won, failed throws, violations per 100 hands."""
    p = participants(ds, by)
    spans = _spans(getattr(ds, "matches", None)) if by in ("player", "team") else {}
    side = by in ("player", "team")
    rows, per = [], []
    for key, g in p.groupby("key", sort=True, observed=True):
        n = len(g)
        # Rates and points are over finished hands: a position left unfinished (a referee's
        # record of one trick) has no outcome and its attackers' total is not a hand's total.
        done = g[g["outcome"].notna()]
        if side:
            att = done[done["is_attacker"].eq(True)]          # sides unknown: neither
            dfd = done[done["is_attacker"].eq(False)]
            # the levels really moved (final − start over a match); a dataset written before
            # the level columns falls back to the score table's gain
            nominal = g["levels_gained"].fillna(0).where(g["is_up"].astype(bool), 0)
            by_hand = g["moved"].where(g["moved"].notna(), nominal).where(g["counts"], 0)
        else:
            att = dfd = done
            by_hand = g["levels_gained"].fillna(0).where(g["counts"], 0)
        gained = _levels(g, by_hand, spans)
        kept = g["plays_kept"].astype(bool)
        held = int((dfd["outcome"] == "defenders").sum())
        row = {by: key, "hands": n}
        if side:
            row["as_dealer"] = int(g["is_dealer"].sum())
            row["as_attacker"] = int(g["is_attacker"].eq(True).sum())
        # the attackers' points: over the totals known and final (not the points so far of a hand
        # the record ends inside, which a miscount can decide; not a total withheld)
        totals = att.loc[att["final_total"].astype(bool) & att["attackers_total"].notna(), "attackers_total"]
        row.update({
            "hold_rate": held / len(dfd) if len(dfd) else np.nan,
            "attack_points_mean": float(totals.astype(float).mean()) if len(totals) else np.nan,
            "attack_points_median": float(totals.astype(float).median()) if len(totals) else np.nan,
            # counted over the hands whose plays are kept (not a score sheet's): unknown when none is
            "bottom_captures": int(att["bottom_captured"].fillna(False).astype(bool).sum()) if kept.any() else np.nan,
            "levels_gained": gained,
            "tricks_won": int(g.loc[kept, "tricks_won"].sum()) if kept.any() else np.nan,
            "failed_throws": int(g.loc[kept, "failed_throws"].sum()) if kept.any() else np.nan,
            "violations": int(g["violations_by"].sum()),
            "judged_hands": int(g["is_judged"].sum()),
        })
        judged_viol = int(g.loc[g["is_judged"], "violations_by"].sum())
        row["violations_per_100"] = 100.0 * judged_viol / row["judged_hands"] if row["judged_hands"] else np.nan
        rows.append(row)
        pts = att.loc[att["final_total"].astype(bool) & att["attackers_total"].notna()]
        for d, dg in pts.groupby(pts["decks"].astype(object).where(pts["decks"].notna(), None), dropna=False):
            d = None if d is None or d != d else int(d)
            t = dg["attackers_total"].astype(float)
            per.append((key, d, float(t.mean()), float(t.median())))
    columns = [by, "hands"] + (["as_dealer", "as_attacker"] if side else []) + [
        "hold_rate", "attack_points_mean", "attack_points_median", "bottom_captures",
        "levels_gained", "tricks_won", "failed_throws", "violations", "judged_hands", "violations_per_100"]
    return points_by_decks(pd.DataFrame(rows, columns=columns), by, per)


def points_distribution(ds, by: str = "player") -> pd.DataFrame:
    """How many hands the attackers' total fell in each band of :data:`POINT_BANDS`
    (for ``player`` / ``team``: the hands that side attacked)."""
    p = participants(ds, by)
    # finished hands whose total is known and final only (see summary)
    p = p[p["outcome"].notna() & p["final_total"].astype(bool) & p["attackers_total"].notna()]
    if by in ("player", "team"):
        p = p[p["is_attacker"].eq(True)]
    total = p["attackers_total"].astype(float)
    ratio = total / (p["decks"].astype(float) * 20)
    band = np.select([total <= 0] + [ratio < k for k in (1, 2, 3, 4, 5)],
                     list(POINT_BANDS[:6]), POINT_BANDS[6])
    table = pd.crosstab(p["key"].to_numpy(), band).reindex(columns=list(POINT_BANDS), fill_value=0)
    table.index.name = by
    table.columns.name = None
    return table.reset_index()


def bottom_captures(ds, by: str = "player") -> pd.DataFrame:
    """Bottom captures (抠底) by multiplier: ``by, multiplier, captures, bonus_points``."""
    p = participants(ds, by)
    if by in ("player", "team"):
        p = p[p["is_attacker"].eq(True)]
    p = p[p["bottom_captured"].fillna(False).astype(bool)]
    if p.empty:
        return pd.DataFrame(columns=[by, "multiplier", "captures", "bonus_points"])
    out = p.groupby(["key", "bottom_multiplier"], observed=True).agg(
        captures=("hand_no", "size"), bonus_points=("bottom_bonus", "sum")).reset_index()
    out = out.rename(columns={"key": by, "bottom_multiplier": "multiplier"})
    out["multiplier"] = out["multiplier"].astype(int)
    return out.sort_values([by, "multiplier"]).reset_index(drop=True)


def _keyed(frame: pd.DataFrame, ds, by: str) -> pd.DataFrame:
    """``frame`` (rows of ``match_id``, int ``hand_no``, ``seat``; for ``player`` / ``team`` only
    rows with a seat) with the column ``key``: the match, the ruleset variant of the hand, the
    seat's player name (the seat when unnamed) or its team's name."""
    if by in ("match", "ruleset"):
        keys = ds.hands[["match_id", "hand_no"]].copy()
        keys["variant"] = variants(ds.hands)
        keys["hand_no"] = keys["hand_no"].astype(int)
        frame = frame.merge(keys, on=["match_id", "hand_no"], how="left")
        frame["key"] = frame["match_id"] if by == "match" else frame["variant"]
    elif by == "player":
        m = ds.matches.set_index("match_id")
        names = [m.at[mid, f"player_{s.lower()}"] if mid in m.index else None
                 for mid, s in zip(frame["match_id"], frame["seat"])]
        frame = frame.assign(key=[n if named(n) else s for n, s in zip(names, frame["seat"])])
    else:
        names = team_names(ds.matches).set_index(["match_id", "team"])["name"]
        frame = frame.assign(key=[names.get((mid, TEAM_OF_SEAT[s]), TEAM_OF_SEAT[s])
                                  for mid, s in zip(frame["match_id"], frame["seat"])])
    return frame


def violation_rates(ds, by: str = "player") -> pd.DataFrame:
    """Violations per 100 hands judged by code: ``by, code, violations, judged_hands, per_100_hands``.

    For ``player`` / ``team`` the violations are the ones that side committed and the hands
    the ones it played; hand-level findings without a seat count for ``match`` / ``ruleset``.
    Both are over the hands whose plays were all judged (:func:`judged`)."""
    columns = [by, "code", "violations", "judged_hands", "per_100_hands"]
    p = participants(ds, by)
    hands = p[p["is_judged"].astype(bool)].groupby("key", observed=True).size().rename("judged_hands")
    ds = distinct(ds)
    v = of_play(ds.violations)
    v = v[v["hand_no"].notna()].copy()
    if v.empty:
        return pd.DataFrame(columns=columns)
    v["hand_no"] = v["hand_no"].astype(int)
    hj = ds.hands.loc[judged(ds.hands), ["match_id", "hand_no"]].astype({"hand_no": int})
    v = v.merge(hj, on=["match_id", "hand_no"], how="inner")
    if v.empty:
        return pd.DataFrame(columns=columns)
    if by not in ("match", "ruleset"):
        v = v[v["seat"].notna()]
    v = _keyed(v, ds, by)
    out = v.groupby(["key", "code"], observed=True).size().rename("violations").reset_index()
    out = out.merge(hands.reset_index(), on="key", how="left")
    out["per_100_hands"] = 100.0 * out["violations"] / out["judged_hands"]
    out = out.rename(columns={"key": by})
    return out.sort_values([by, "code"]).reset_index(drop=True)


def points_lost(ds, by: str = "player") -> pd.DataFrame:
    """Points lost by the analysed plays (``plays.cost``): ``by, analysed_hands, analysed_plays,
    points_lost, lost_per_hand`` (a side's hands are those with one of its plays analysed)."""
    _require(by)
    columns = [by, "analysed_hands", "analysed_plays", "points_lost", "lost_per_hand"]
    ds = distinct(ds)
    p = getattr(ds, "plays", None)
    if p is None or "cost" not in p.columns:
        return pd.DataFrame(columns=columns)
    p = p[p["cost"].notna() & p["hand_no"].notna()].copy()
    if p.empty:
        return pd.DataFrame(columns=columns)
    p["hand_no"] = p["hand_no"].astype(int)
    if by not in ("match", "ruleset"):
        p = p[p["seat"].isin(SEATS)]
    p = _keyed(p, ds, by)
    p = p[p["key"].notna()]
    if p.empty:
        return pd.DataFrame(columns=columns)
    p["cost"] = p["cost"].astype(np.int64)
    per_hand = p.groupby(["key", "match_id", "hand_no"], observed=True)["cost"].agg(["size", "sum"]).reset_index()
    out = per_hand.groupby("key", observed=True).agg(analysed_hands=("size", "count"),
                                                      analysed_plays=("size", "sum"),
                                                      points_lost=("sum", "sum")).reset_index()
    out["lost_per_hand"] = out["points_lost"] / out["analysed_hands"]
    out = out.rename(columns={"key": by})
    return out.sort_values(by).reset_index(drop=True)[columns]


def match_results(ds) -> pd.DataFrame:
    """One row per match: both partnerships, final levels and the winner (the rules are
    :func:`tractor_analysis.dataset.stats.decide_results`, shared with the SQL)."""
    ds = distinct(ds)
    m = ds.matches
    finished = set(ds.hands.loc[ds.hands["outcome"].notna(), "match_id"])
    names = team_names(m).set_index(["match_id", "team"])["name"]
    last = ds.hands.sort_values("hand_no").groupby("match_id", observed=True).tail(1)
    holder = {}
    for mid, nd, dealer, oc in zip(last["match_id"], last["next_dealer"], last["dealer"], last["outcome"]):
        holder[mid] = holder_of(nd, dealer, oc)
    hands = ds.hands
    passed = set(hands.loc[hands["match_over"].fillna(False).astype(bool), "match_id"]) \
        if "match_over" in hands.columns else set()
    # friend mode (找朋友): the sides change every hand, so no partnership wins or loses a match
    friend = pd.Series(False, index=hands.index)
    if "rules" in hands.columns:
        friend |= hands["rules"].astype(str).str.contains('"friend": "on"', regex=False)
    if "friend" in hands.columns:
        friend |= hands["friend"].notna()
    friendly = set(hands.loc[friend, "match_id"])
    by_levels: dict = {}              # the first hand's ruleset decides a match cut short by the levels
    if "rules" in hands.columns:
        first = hands.sort_values("hand_no").groupby("match_id", observed=True).head(1)
        by_levels = dict(zip(first["match_id"], first["rules"].astype(str).str.contains(
            '"decide_by_levels": "on"', regex=False)))
    win_level: dict = {}              # the ruleset's winning level, as the rules column names it
    if "rules" in hands.columns:
        found = hands["rules"].astype(str).str.extract(r'"win_level": "([^"]*)"', expand=False)
        for mid, level in zip(hands["match_id"], found):
            if isinstance(level, str) and (mid not in win_level or level > win_level[mid]):
                win_level[mid] = level
    records = []
    for r in m.itertuples(index=False):
        records.append({"match_id": r.match_id, "event": r.event, "round": r.round, "table": r.table,
                        "ns": names.get((r.match_id, "NS"), "NS"), "ew": names.get((r.match_id, "EW"), "EW"),
                        "hands": r.hands, "level_ns_start": r.level_ns_start, "level_ew_start": r.level_ew_start,
                        "level_ns_final": r.level_ns_final, "level_ew_final": r.level_ew_final,
                        "winner": r.winner, "forfeit": r.forfeit, "finished": r.match_id in finished,
                        "passed": r.match_id in passed, "win_level": win_level.get(r.match_id),
                        "friendly": r.match_id in friendly, "decide_by_levels": bool(by_levels.get(r.match_id)),
                        "holder": holder.get(r.match_id), "cut_short": getattr(r, "cut_short", None),
                        "stored_decided_by": getattr(r, "decided_by", None),
                        **{c: getattr(r, c, None) for c in _FINAL_SPAN}})
    return decide_results(records)


def standings(ds) -> pd.DataFrame:
    """Tournament standings (:func:`tractor_analysis.dataset.stats.standings_of` the match results)."""
    return standings_of(match_results(ds))


def all_tables(ds, by: str = "player") -> dict[str, pd.DataFrame]:
    """Every statistics table, in the order the CLI prints them."""
    tables = {"summary": summary(ds, by), "points": points_distribution(ds, by),
              "bottom": bottom_captures(ds, by), "violations": violation_rates(ds, by)}
    lost = points_lost(ds, by)
    if len(lost):
        tables["lost"] = lost
    tables["standings"] = standings(ds)
    return tables

"""A dataset folder as the report's input: its rows added to the model (the index's facts and
statistics) and every match drawn again from the record text the dataset stores (``records``), so a
dataset stands alone — in this process or in a pool of forked ones (:func:`pool_size`).  Which copy of
a match recorded twice counts follows the dataset (``duplicate_of``, then the order ingest committed
them).
"""
from __future__ import annotations

import contextlib
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tractor_analysis.records.frozen import collecting_less
from tractor_analysis.records.model import Match

from . import facts
from .bidi import isolate
from .fact_rows import CopyFinder, FileProblem, HandFact, MatchFact, ViolationFact, ahead_of, match_tags
from .hand_page import ViolationView
from .match_page import CopyView, MatchView, match_title, page_name, slugify, title_of
from .model import ReportModel
from .match_drawing import Drawn, MatchSink, RulesFor, add_drawn, draw_match, seats_of


def add_dataset(model: ReportModel, path: Path, taken: set[str], *, rules=None,
                charts_on: bool = True, sink=None, workers: int = 1, copies: CopyFinder | None = None):
    """Add a dataset folder; returns its tables for the stats (:func:`.inputs.add_stats`): the rows the
    dataset stores, or, with ``rules``, the rows of its matches replayed under them (:func:`_replayed_tables`),
    so that every table judges by the rules given, as the report of its record files under them does.

    Every match is drawn (its view goes through ``sink``, as :func:`add_match` says) from
    the canonical record text the dataset stores (the ``records`` table), so a dataset
    copied elsewhere, or read after its record files moved, makes the whole report.  A
    dataset written before ``records`` existed has its matches drawn from their record files
    when these are still there with the same content (SHA-256).  A match that can be drawn
    from neither is only counted in the statistics, from the dataset's rows, and named as a
    problem (``cannot_draw``: the report exits 2) — unless ``rules`` is given (``--rules`` / ``--rule``):
    then every match must be drawn again and judged under them, and a match that cannot be is
    refused (:func:`refuse_mixed_rules`), as the report would judge it under the rules of the ingest.

    Which record of a match recorded twice counts is the dataset's, as the standings read it
    (:func:`~tractor_analysis.dataset.event.from_dataset`): the matches are added in the order ingest
    committed them (the standings' ``_commit_order``, which decides among re-typed copies), and a
    copy the dataset marks (``duplicate_of``) names the copy that counts
    (:attr:`~.fact_rows.MatchFact.copy_of`).  ``copies``: see :func:`add_match`.
    """
    drawer = _Drawer(rules, charts_on, sink)
    with drawing_pool(workers, drawer) as pool:         # forked before Parquet is read
        return _add_dataset(model, path, taken, rules=rules, charts_on=charts_on, sink=sink, pool=pool,
                            workers=workers, drawer=drawer, copies=copies)


def _add_dataset(model: ReportModel, path: Path, taken: set[str], *, rules, charts_on: bool, sink, pool,
                 workers: int, drawer: _Drawer, copies: CopyFinder | None = None):
    from tractor_analysis import dataset
    from tractor_analysis.dataset.event import _commit_order, from_dataset
    from tractor_analysis.dataset.event_unread import dataset_unread

    from tractor_analysis.dataset.stats import duplicate_matches, superseded_matches, superseded_notes

    try:
        # every table but ``plays`` (about 100 rows a hand): the stats tables read none of it
        ds = dataset.load(str(path), tables=[t for t in dataset.TABLES if t != "plays"])
        # an earlier version of a record file ingested again with other content counts nowhere, as in the
        # statistics and the standings (docs/dataset.md "A file that changes"): its matches are left out
        gone = set(superseded_matches(str(path)))
        notes = superseded_notes(str(path)) if gone else []
        ds = _without_matches(ds, gone, duplicate_matches(str(path)) if gone else {})
        events = from_dataset(str(path))     # the standings' reading of its copies (the one rule: docs/dataset.md)
        # the order ingest committed the matches in (the standings' own key), each copy in its place
        committed = _commit_order(str(path), {str(mid): {"batch": b} for mid, b in
                                              zip(ds.matches["match_id"], ds.matches["batch"])})
    except (OSError, ValueError) as exc:
        model.problems.append(FileProblem(str(path), 0, 0, "unreadable_dataset", str(exc)))
        return None
    model.sources.append(f"{path} (dataset)")
    model.sources.extend(notes)         # named in the summary, as tractor stats names them on stderr
    for e in ds.errors.itertuples(index=False):
        model.problems.append(FileProblem(e.source_file, int(e.line), int(e.column), e.code, e.message))
    from .analysis import read_analysis

    start = len(model.match_facts)
    rows = facts.table_builder() if rules is not None else None     # the replays' rows, under the rules given
    redrawn, rank, undrawn = _draw_dataset_matches(
        model, ds, taken, rules=rules, charts_on=charts_on, sink=sink, analysis=read_analysis(path), pool=pool,
        workers=workers, drawer=drawer, events=events, committed=committed, copies=copies, rows=rows)
    if rules is not None and undrawn:
        refuse_mixed_rules(path, ds, undrawn)
    _add_rows(model, ds, redrawn, rank, {e.match_id: e for e in events}, undrawn)
    # each match in the order ingest committed it, drawn or not: the order the copy that counts is chosen in
    place = {redrawn.get(mid, mid): i for mid, i in rank.items()}
    model.match_facts[start:] = sorted(model.match_facts[start:], key=lambda f: place.get(f.match, len(place)))
    _mark_copies(model, start, redrawn, {e.match_id: e.copy_of for e in events if e.copy_of is not None})
    # the matches the standings leave out (by match_id), and the notes on each file, for the index
    _, said, unread = dataset_unread(str(path), events)
    for note in said:
        model.unread.setdefault(note.path, []).append(note)
    # each fact's match_id (a match drawn is keyed by its key, one not drawn by its match_id)
    id_of = {redrawn.get(str(mid), str(mid)): str(mid) for mid in ds.matches["match_id"]}
    for i in range(start, len(model.match_facts)) if unread else ():
        f = model.match_facts[i]
        note = None if f.event is None else unread.get(id_of.get(f.match))
        if note is not None:
            model.match_facts[i] = dataclasses.replace(f, unread=note)
    return ds if rows is None else _replayed_tables(ds, rows, {e.match_id: e.copy_of for e in events
                                                               if e.copy_of is not None})


def _without_matches(ds, gone: set[str], dups: dict[str, str]):
    """The loaded dataset ``ds`` without the rows of the matches ``gone`` (by ``match_id``; its ``files`` and
    ``errors`` rows stay): the matches of an earlier version of a record file
    (:func:`~tractor_analysis.dataset.stats.superseded_matches`), which no table or page of the report counts.
    A copy marked (``duplicate_of``) as a copy of one of them is marked as the statistics read it (``dups``:
    :func:`~tractor_analysis.dataset.stats.duplicate_matches`, where the first such copy counts in its place),
    so that the tables read from what is left count what ``tractor stats`` counts."""
    if not gone:
        return ds
    tables = {}
    for f in dataclasses.fields(ds):
        frame = getattr(ds, f.name)
        if f.name not in ("files", "errors") and frame is not None and "match_id" in getattr(frame, "columns", ()):
            frame = frame[~frame["match_id"].astype(str).isin(gone)].reset_index(drop=True)
        tables[f.name] = frame
    m = tables["matches"]
    if "duplicate_of" in m.columns and "match_key" in m.columns:
        keyed = m["match_key"].notna().to_numpy()
        m = m.copy()
        m["duplicate_of"] = [dups.get(str(mid)) if k else d
                             for mid, k, d in zip(m["match_id"], keyed, m["duplicate_of"].astype(object))]
        tables["matches"] = m
    return dataclasses.replace(ds, **tables)


def _replayed_tables(ds, rows: facts.ReportRows, marked: dict[str, str]):
    """The tables the statistics read of the dataset ``ds`` when its matches were all drawn again under the
    report's rules (``--rules`` / ``--rule``): the rows of their replays (``rows``, :func:`_rows_of_replays`),
    as a record file's are (:func:`.facts.add_file_rows`), not the rows stored at ingest, judged under the
    ingest's rules.  A match the dataset's statistics read as a copy (``marked``: ``match_id`` → the copy
    that counts, :func:`~tractor_analysis.dataset.stats.duplicate_matches`) stays the copy of the match it
    names; another is a copy when its replay's match key is that of a match before it in the order ingest
    committed them (the order its rows were added in) — as :func:`.facts.duplicate_matches` reads the
    facts.  The dataset's ``files`` rows stay (the statistics read none; :func:`record_names` reads how
    many matches each file holds, so that a match is named as it was drawn)."""
    out = dataclasses.replace(facts.dataset_of((), rows), files=ds.files)
    mine = out.matches
    mine["duplicate_of"] = [kept if isinstance(kept, str) else own if isinstance(own, str) else None
                            for kept, own in zip((marked.get(str(mid)) for mid in mine["match_id"]),
                                                 mine["duplicate_of"])]
    return out


SHOWN_UNDRAWN = 10
"""How many of the matches that cannot be drawn again :func:`refuse_mixed_rules` names."""


class MixedRules(Exception):
    """The rules given to the report (``--rules`` / ``--rule``) cannot judge every match of a dataset
    (:func:`refuse_mixed_rules`): nothing is written, and ``tractor report`` exits 2 with the message."""


def refuse_mixed_rules(path: Path, ds, undrawn: dict[str, tuple[str, str]]) -> None:
    """Refuse (:class:`MixedRules`: no report written, the report exits 2) the rules given to
    the report (``--rules`` / ``--rule``) for the dataset at ``path`` when some of its matches cannot be
    drawn again (``undrawn``: ``match_id`` → why, English and 中文): the matches drawn are judged again
    under those rules, while one not drawn could only be counted from the dataset's rows, judged under
    the rules of the ingest — one report, two rulesets, said nowhere on its pages.  Names each such
    match (its record file and place in it; the first :data:`SHOWN_UNDRAWN`) and why."""
    m = ds.matches
    where = {str(mid): f"{source} #{int(index) + 1}"
             for mid, source, index in zip(m["match_id"], m["source_file"], m["match_index"])}
    rows = sorted((where.get(mid, mid), why) for mid, why in undrawn.items())
    more = len(rows) - SHOWN_UNDRAWN
    en = "; ".join(f"{w}: {why[0]}" for w, why in rows[:SHOWN_UNDRAWN]) + (f"; and {more} more" if more > 0 else "")
    zh = "；".join(f"{w}：{why[1]}" for w, why in rows[:SHOWN_UNDRAWN]) + (f"；另有 {more} 场" if more > 0 else "")
    raise MixedRules(
        f"the report is not written: with --rules / --rule every match of the dataset {path} is judged "
        f"again, drawn from its records, but {len(rows)} match(es) cannot be drawn again ({en}); such a match "
        f"could only be counted from the rows the dataset stored, judged under the rules of the ingest, and "
        f"the report would mix the two.  Report the dataset without --rules / --rule, or ingest its record "
        f"files into a new dataset with them / 未生成报告：使用 --rules / --rule 时，数据集 {path} 的每场比赛"
        f"都从其记录重新生成并按所给规则重新判定，但有 {len(rows)} 场比赛无法重新生成（{zh}）；这些比赛只能按"
        f"数据集导入时按当时规则存储的数据计入，报告会混用两套规则。请去掉 --rules / --rule 生成报告，或带这些"
        f"选项把记录文件导入新的数据集")


def _mark_copies(model: ReportModel, start: int, redrawn: dict[str, str], marked: dict[str, str]) -> None:
    """The dataset's marks (``marked``: a copy's ``match_id`` → the ``match_id`` of the copy that
    counts) on the facts of its matches (``model.match_facts[start:]``; a match drawn is keyed by its
    key, ``redrawn``, one that could not be by its ``match_id``): :attr:`MatchFact.copy_of`, and the
    event's :attr:`~tractor_analysis.dataset.event_model.EventMatch.copy_of` — as the standings read it."""
    if not marked:
        return
    key = lambda mid: redrawn.get(mid, mid)      # noqa: E731
    copy_of = {key(later): key(kept) for later, kept in marked.items()}
    facts = model.match_facts
    for i in range(start, len(facts)):
        kept = copy_of.get(facts[i].match)
        if kept is not None:
            event = facts[i].event
            facts[i] = dataclasses.replace(facts[i], copy_of=kept, event=None if event is None else
                                           dataclasses.replace(event, copy_of=kept))


def _add_rows(model: ReportModel, ds, redrawn: dict[str, str], rank: dict[str, int],
              events: dict | None = None, undrawn: dict[str, tuple[str, str]] | None = None) -> None:
    """The fact rows of the matches of ``ds`` that could not be drawn (not in ``redrawn``), from the
    dataset's rows, in the order of ``rank``: each with the match as the standings read it from the
    dataset (``events``: :func:`~tractor_analysis.dataset.event.from_dataset`'s, by ``match_id``), so
    that the event's standings, ratings and player pages count it as ``tractor standings`` does, and
    why its page could not be drawn (``undrawn``: English, 中文; :attr:`MatchFact.not_drawn`)."""
    events, undrawn = events or {}, undrawn or {}
    names = {}
    named = {}          # the seats the record names a player for (the others show their seat token)
    finished = set(ds.hands.loc[ds.hands["outcome"].notna(), "match_id"])
    # friend mode where a hand names the called card ([Friend]); the dataset keeps no other mark of it
    friend = (set(ds.hands.loc[ds.hands["friend"].notna(), "match_id"]) if "friend" in ds.hands.columns
              else set())
    ids = [str(mid) for mid in ds.matches["match_id"]]
    matches = ds.matches.iloc[sorted(range(len(ids)), key=lambda i: rank.get(ids[i], i))]
    for m in matches.itertuples(index=False):
        names[m.match_id] = tuple(p if isinstance(p, str) and p else s
                                  for p, s in zip((m.player_n, m.player_e, m.player_s, m.player_w), "NESW"))
        named[m.match_id] = tuple(isinstance(p, str) and bool(p)
                                  for p in (m.player_n, m.player_e, m.player_s, m.player_w))
        if m.match_id in redrawn:
            continue
        title = " · ".join(isolate(x) for x in (m.event, m.round and f"round {m.round}",
                                                m.table and f"table {m.table}") if isinstance(x, str) and x) \
            or f"{Path(m.source_file).name} #{m.match_index + 1}"
        winner = {"NS": 0, "EW": 1}.get(m.winner)      # the engine's: a pass, a forfeit, the levels where ruled
        lf = (_known(m.level_ns_final), _known(m.level_ew_final))
        # a position alone decides nothing; both sides forfeited ("both"): nobody is ahead
        leader = ahead_of(winner, lf, m.match_id in finished and m.forfeit != "both")
        n = names[m.match_id]
        mine = tuple(_known(getattr(m, f"level_{s}_final", None)) for s in "nesw")
        tagged = any(isinstance(t, str) and t.strip() for t in (getattr(m, "team_ns", None), getattr(m, "team_ew", None)))
        model.match_facts.append(MatchFact(
            match=m.match_id, title=title, filename=None,
            teams=(f"{isolate(n[0])} & {isolate(n[2])}", f"{isolate(n[1])} & {isolate(n[3])}"),
            hands=int(m.hands), levels_final=lf, winner=winner, leader=leader,
            violations=int(m.violations), record_findings=_known(getattr(m, "record_findings", None)),
            tags=match_tags(m.event, m.site, m.date, m.round, m.table, _known(m.level_ns_start),
                            _known(m.level_ew_start)),      # None: [Levels] names the other side only
            friend=m.match_id in friend, player_levels_final=mine if m.match_id in friend else None,
            players=n, event=events.get(str(m.match_id)), team_tags=tagged and m.match_id not in friend,
            not_drawn=undrawn.get(str(m.match_id), _NOT_DRAWN)))
    for h in ds.hands[~ds.hands["match_id"].isin(set(redrawn))].itertuples(index=False):
        model.hand_facts.append(HandFact(
            match=h.match_id, hand=int(h.hand_no), dealer=h.dealer,
            defenders_team={"NS": 0, "EW": 1}.get(h.defenders),
            level=_known(h.level), trump=h.trump, decks=int(h.decks),
            attackers_points=_known(h.attackers_points), attackers_total=_known(h.attackers_total),
            bottom_multiplier=_known(h.bottom_multiplier), bottom_bonus=_known(h.bottom_bonus),
            outcome=h.outcome if isinstance(h.outcome, str) else None,
            outcome_reason=getattr(h, "outcome_reason", None) if isinstance(getattr(h, "outcome_reason", None), str)
            else None,
            levels=0 if h.levels_gained != h.levels_gained or h.levels_gained is None else int(h.levels_gained),
            violations=int(h.violations), defender_seats=seats_of(getattr(h, "defender_seats", None)),
            final=_final(getattr(h, "complete", None), getattr(h, "result_only", None)),
            record_findings=_known(getattr(h, "record_findings", None))))
    for v in ds.violations[~ds.violations["match_id"].isin(set(redrawn))].itertuples(index=False):
        if getattr(v, "about", None) == "record":     # the record's own finding: no player's violation (§13.1);
            continue                                  # a row written before ``about`` (null) is read as the play's
        seat = v.seat if isinstance(v.seat, str) else "—"
        player = names.get(v.match_id, ("N", "E", "S", "W"))["NESW".index(seat)] if seat in ("N", "E", "S", "W") else ""
        model.violation_facts.append(ViolationFact(
            match=v.match_id, hand=-1 if v.hand_no != v.hand_no else int(v.hand_no),
            trick=None if v.trick_no != v.trick_no else int(v.trick_no), seat=seat,
            player=player, code=v.code,
            named=seat not in ("N", "E", "S", "W") or named.get(v.match_id, (False,) * 4)["NESW".index(seat)]))


_NOT_DRAWN = ("it could not be drawn", "无法生成")
"""Why a match's page was not drawn when the drawing gave no reason (it always does)."""


def _final(complete, result_only) -> bool | None:
    """:attr:`HandFact.final` of a dataset's ``hands`` row: played out (``complete``) or a score sheet's
    (``result_only``); ``False`` when it says neither; ``None`` when a column it would rest on is null
    (``result_only``: datasets written before it)."""
    def flag(v) -> bool | None:
        try:
            return None if v is None or v != v else bool(v)
        except TypeError:           # pandas' NA: not known
            return None

    played, sheet = flag(complete), flag(result_only)
    if played or sheet:
        return True
    return None if played is None or sheet is None else False


def _known(value) -> int | None:
    """An integer of a dataset row; ``None`` where the column is null (``None`` or NaN): a value the
    record leaves unknown (docs/rules.md §14), never read as 0."""
    return None if value is None or value != value else int(value)


def _stored_records(ds) -> dict[str, str]:
    """``match_id`` → canonical record text, from the dataset's ``records`` table."""
    rec = getattr(ds, "records", None)
    if rec is None or not len(rec):
        return {}
    return dict(zip(rec["match_id"].astype(str), rec["record"]))


def _judged_rules(ds) -> dict[str, tuple[str, str]]:
    """``match_id`` → ``(ruleset, rules JSON)`` of its first hand, for the matches of the files
    ingested with ``--rules`` / ``--rule`` (``files.rules_override``): their pages are drawn with
    the rules the dataset judged them with, not the record's own (which the stored text carries)."""
    files, hands = getattr(ds, "files", None), ds.hands
    if files is None or "rules_override" not in files.columns or "rules" not in hands.columns:
        return {}
    over = set(files.loc[files["rules_override"].notna(), "source_sha256"])
    if not over:
        return {}
    mids = set(ds.matches.loc[ds.matches["source_sha256"].isin(over), "match_id"].astype(str))
    first = hands[hands["match_id"].astype(str).isin(mids)].sort_values("hand_no", kind="stable") \
        .groupby("match_id", observed=True).head(1)
    return {str(mid): (name, rules) for mid, name, rules in zip(first["match_id"], first["ruleset"], first["rules"])
            if isinstance(name, str) and isinstance(rules, str)}


def record_names(ds) -> list[str]:
    """How the notes name the record of each row of the loaded dataset ``ds``'s ``matches`` table, in its
    order (with its ``files`` table): its file's path, with ``#n`` only when the file holds several
    matches (:func:`~tractor_analysis.dataset.event.dataset_record_names`) — as ``tractor standings`` names
    it, and as a record file read names it."""
    from tractor_analysis.dataset.event import dataset_record_names

    m, files = ds.matches, getattr(ds, "files", None)
    if not len(m):
        return []
    in_file = {}
    if files is not None and len(files) and {"source_sha256", "matches"} <= set(files.columns):
        in_file = {sha: int(n) for sha, n in zip(files["source_sha256"], files["matches"])
                   if isinstance(sha, str) and n is not None and n == n}
    return dataset_record_names(zip(m["source_file"], m["source_sha256"], m["match_index"]), in_file)


def _cut_by_damage(ds) -> set[str]:
    """The ``match_id`` s of the matches whose record was cut by damage (:attr:`Match.truncated`):
    the last match of each file with a ``truncated_file`` error (a gzip stream cut short).  The
    text the dataset stores of it does not say so, and drawn from it alone the match would be
    decided "when the record ends" — where the damage is, not where the match ended.  A dataset that
    stores ``matches.cut_short`` says it of each match (ingest's own judgement): that is used; only an
    older dataset (the column absent or null) falls back to the last match of a damaged file."""
    errors, m = ds.errors, ds.matches
    if "cut_short" in m.columns and m["cut_short"].notna().all() and len(m):
        return set(m.loc[m["cut_short"].astype(bool), "match_id"].astype(str))
    if not len(errors) or not len(m) or "source_sha256" not in errors.columns:
        return set()
    damaged = set(errors.loc[errors["code"] == "truncated_file", "source_sha256"].astype(str))
    if not damaged:
        return set()
    mine = m[m["source_sha256"].astype(str).isin(damaged)]
    last = mine.sort_values("match_index", kind="stable").groupby("source_sha256", observed=True).tail(1)
    return set(last["match_id"].astype(str))


def _ruleset_judged(judged: tuple[str, str]):
    """The :class:`RuleSet` of :func:`_judged_rules`' ``(ruleset, rules JSON)``."""
    import json

    from tractor_analysis.records.rulesets import build_ruleset

    name, rules = judged
    return build_ruleset(name.rstrip("+"), json.loads(rules))[0]


def _violation_positions(ds) -> dict[str, dict[tuple, list[tuple[int, int]]]]:
    """Per match, where each violation is in the *original* record file (the dataset's
    ``violations`` rows): ``(hand_no, trick_no, code)`` → ``[(line, column)…]`` in order."""
    out: dict[str, dict[tuple, list[tuple[int, int]]]] = {}
    v = ds.violations
    if not len(v) or "line" not in v.columns:
        return out
    for mid, hand, trick, code, line, column in zip(v["match_id"].astype(str), v["hand_no"], v["trick_no"],
                                                    v["code"], v["line"], v["column"]):
        key = (None if hand != hand else int(hand), None if trick != trick else int(trick), code)
        at = (0, 0) if line != line or line is None else (int(line), int(column) if column == column else 0)
        out.setdefault(mid, {}).setdefault(key, []).append(at)
    return out


def _with_positions(positions: dict[tuple, list[tuple[int, int]]]) -> MatchSink:
    """A view's violation boxes pointing at the original record file (``positions``, from the
    dataset) instead of the stored canonical text; a violation the dataset has no row for
    (judged under other rules) shows no position."""
    queues = {k: list(v) for k, v in positions.items()}

    def take(hand: int, vv: ViolationView) -> ViolationView:
        q = queues.get((hand, vv.trick, vv.code))
        line, column = q.pop(0) if q else (0, 0)
        return dataclasses.replace(vv, line=line, column=column)

    def adjust(view: MatchView) -> MatchView:
        hands = tuple(dataclasses.replace(
            h, hand_violations=tuple(take(h.number, v) for v in h.hand_violations),
            tricks=tuple(dataclasses.replace(t, violations=tuple(take(h.number, v) for v in t.violations))
                         if t.violations else t for t in h.tricks)) for h in view.hands)
        return dataclasses.replace(view, hands=hands)

    return adjust


def _match_from_file(source: str, abspath, sha: str, index: int, cache: dict) -> Match | None:
    """Match ``index`` of the record file ``source`` (or ``abspath``) when it is still there
    with content ``sha`` (datasets written before ``records``)."""
    from tractor_analysis.records.sources import load_bytes

    for candidate in (source, abspath if isinstance(abspath, str) else None):
        if not candidate:
            continue
        if candidate not in cache:
            try:
                loaded = load_bytes(Path(candidate).read_bytes(), candidate)
            except (OSError, ValueError):
                loaded = None
            cache[candidate] = loaded
        loaded = cache[candidate]
        if loaded is not None and loaded.sha256 == sha and 0 <= index < len(loaded.matches):
            return loaded.matches[index]
    return None


def _then(first: MatchSink | None, second: MatchSink | None) -> MatchSink | None:
    if first is None or second is None:
        return first or second
    return lambda view: second(first(view))


@dataclass
class _Drawer:
    """What every match of a dataset is drawn with (a forked worker inherits it)."""

    rules: RulesFor | None
    charts_on: bool
    sink: MatchSink | None
    files: dict = dataclasses.field(default_factory=dict)
    """Record files read for datasets written before ``records`` (:func:`_match_from_file`)."""


_DRAWER: _Drawer | None = None
"""The drawer of the worker pool being run (set before the workers fork, so they inherit it)."""

_Task = tuple
"""One match to draw: (match_id, source_file, match_index, source_sha256, source_abspath,
fallback title, key, stored record text or None, violation positions, analysed plays or None,
the ruleset the dataset judged it with when ingest was given one, else None, whether its record
was cut by damage — the last match of a file with a ``truncated_file`` error —, how the notes name its
record (:func:`~tractor_analysis.dataset.event.dataset_record_names`: the standings' ``source``), the
match it is a second record of (:class:`~.match_page.CopyView`) or None); it pickles, so a worker gets it
through a pipe."""


def _draw_row(drawer: _Drawer, task: _Task) -> "Drawn | FileProblem | None":
    """The match of ``task`` drawn (its pages go through the sink), or the problem that stopped
    it (``cannot_draw``, ``replay_failed``)."""
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.records.tgn_reader import parse_tgn

    from .analysis import with_analysis

    mid, source, index, sha, abspath, fallback, key, text, positions, analysed, judged, cut, where, copy = task
    match = None
    if isinstance(text, str):
        parsed, _ = parse_tgn(text)
        match = parsed[0] if len(parsed) == 1 else None
    from_text = match is not None
    if from_text and cut:       # the stored text is whole; the file it was read from was not
        match = dataclasses.replace(match, truncated=True)
    if match is None:
        match = _match_from_file(source, abspath, sha, index, drawer.files)
    if match is None:
        return FileProblem(source, 0, 0, "cannot_draw", (
            f"match {index + 1} ({mid}): no record text in the dataset and the record file is gone or "
            f"changed, so its match and hand pages are not drawn (it is counted in the statistics); ingest "
            f"the file again / 第 {index + 1} 场比赛：数据集中没有记录文本，原记录文件已不存在或已改动，"
            f"无法生成比赛页和牌局页（仍计入统计）；请重新导入该文件"))
    try:
        rules = drawer.rules(match) if drawer.rules else _ruleset_judged(judged) if judged else None
        result = replay_match(match, rules)
    except Exception as exc:        # the engine must not take the whole report down
        return FileProblem(source, 0, 0, "replay_failed", f"match {index + 1} ({mid}): the rule engine failed on it "
                           f"({type(exc).__name__}: {exc}), so its match and hand pages are not drawn (it is counted "
                           f"from the dataset's rows) / 第 {index + 1} 场比赛：规则引擎出错（{type(exc).__name__}: "
                           f"{exc}），无法生成比赛页和牌局页（按数据集中的数据计入）")
    drawn = draw_match(match, result, key=key, title=match_title(match, fallback), source=source,
                       charts_on=drawer.charts_on, sink=drawer.sink, where=where,
                       adjust=_then(_with_positions(positions) if from_text else None,
                                    with_analysis(analysed, result) if analysed is not None else None),
                       copy_of=None if copy is None else (lambda _fact, _view: copy))
    # judged under the report's rules: its statistics' rows come from this replay (:func:`_rows_of_replays`)
    return dataclasses.replace(drawn, replay=(match, result)) if drawer.rules else drawn


def _draw_forked(task: _Task) -> "Drawn | FileProblem | None":
    assert _DRAWER is not None
    return _draw_row(_DRAWER, task)


MIN_PER_WORKER = 4
"""The workers draw a dataset's matches only when each gets at least this many."""


def can_fork() -> bool:
    """Workers are forked processes (they inherit the page writer, which does not pickle): on
    Linux only (macOS's system libraries are not fork-safe; Windows cannot fork)."""
    import multiprocessing
    import sys

    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


def pool_size(workers: int, jobs: int) -> int:
    """How many processes draw ``jobs`` matches when ``workers`` are allowed: 1 (this process)
    without :func:`can_fork` or with fewer than :data:`MIN_PER_WORKER` matches a worker."""
    if workers <= 1 or not can_fork():
        return 1
    return max(1, min(workers, jobs // MIN_PER_WORKER))


@contextlib.contextmanager
def drawing_pool(workers: int, drawer: _Drawer):
    """``workers`` forked processes that draw matches with ``drawer`` (``None`` when
    ``workers`` is 1 or :func:`can_fork` says no).  Made before the dataset is read: Arrow's
    thread pools make a fork after reading Parquet unsafe, and the workers inherit little."""
    global _DRAWER
    if workers <= 1 or not can_fork():
        yield None
        return
    import multiprocessing

    from tractor_analysis.dataset.workers import stop_pool

    _DRAWER = drawer
    try:
        with collecting_less():
            pool = multiprocessing.get_context("fork").Pool(workers)
            try:
                yield pool
            finally:        # terminate and join, bounded (a Ctrl-C while a worker posts a page)
                stop_pool(pool)
    finally:
        _DRAWER = None


def _draw_dataset_matches(model: ReportModel, ds, taken: set[str], *, rules=None, charts_on: bool = True,
                          sink=None, analysis: dict | None = None, pool=None, workers: int = 1,
                          drawer: _Drawer | None = None, events: Sequence = (), committed: dict | None = None,
                          copies: CopyFinder | None = None, rows: facts.ReportRows | None = None
                          ) -> tuple[dict[str, str], dict[str, int], dict[str, tuple[str, str]]]:
    """Draw every match of ``ds`` (see :func:`add_dataset`); returns the ``match_id`` s drawn (each
    → its key), each match's place in the order they are drawn, and why each match not drawn was not
    (English, 中文: :data:`_WHY_NOT`).
    ``analysis``: the analysed plays per match (:func:`.analysis.read_analysis`), shown on the hand pages.
    ``pool`` (:func:`drawing_pool` of ``workers``, made with ``drawer``): its workers draw the
    matches when there are enough (:func:`pool_size`); the pages are the same.  Each match's key
    (its pages' names) is taken in the dataset's order before any is drawn, so a match that
    cannot be drawn keeps its key too.  The matches are added in the order ingest committed them
    (``committed``: :func:`~tractor_analysis.dataset.event._commit_order`'s keys), the order the copy
    that counts is chosen in.  ``events``: the dataset's matches as the standings read them
    (:func:`~tractor_analysis.dataset.event.from_dataset`: in that order, each copy the dataset marks
    after them); ``copies`` (the matches read before, kept by it) is asked about each in that order,
    and tells each second record of a match before it is drawn, so that its page says so.  The matches
    that count are drawn first, then the second records: a second record's page links to the page of
    the match that counts only when that page was drawn, and names it in text when it was not
    (:meth:`~.fact_rows.CopyFinder.without_pages`).  ``rows`` (given with ``rules``): each match's
    replay under them is added to it, in the order the matches are drawn (:func:`_rows_of_replays`)."""
    redrawn: dict[str, str] = {}
    m = ds.matches
    if not len(m):
        return redrawn, {}, {}
    stored, positions = _stored_records(ds), _violation_positions(ds)
    judged = _judged_rules(ds) if rules is None else {}
    cut = _cut_by_damage(ds)
    names = dict(zip(m["match_id"].astype(str), record_names(ds)))
    per_file = m.groupby("source_sha256")["match_id"].transform("count")
    order = m.assign(n_in_file=per_file).sort_values(["source_file", "match_index"], kind="stable")
    abspaths = order["source_abspath"] if "source_abspath" in order.columns else [None] * len(order)
    tasks: dict[str, tuple] = {}
    seen_as: dict[str, CopyView] = {}
    for row, abspath in zip(order.itertuples(index=False), abspaths):
        mid, source, index = str(row.match_id), str(row.source_file), int(row.match_index)
        stem = Path(source).name.split(".")[0] or "record"
        fallback = f"{stem}-{index + 1}" if row.n_in_file > 1 else stem
        key = slugify(fallback, taken)
        tasks[mid] = (mid, source, index, str(row.source_sha256), abspath if isinstance(abspath, str) else None,
                      fallback, key, stored.get(mid), positions.get(mid, {}),
                      analysis.get(mid) if analysis else None, judged.get(mid), mid in cut, names.get(mid, source))
        seen_as[mid] = CopyView(title_of(row.event, row.round, row.table, row.date, fallback), page_name(key),
                                source)
    committed = committed or {}
    last = (True, 0, len(tasks))                # a match the order does not place (never seen): last
    rank = {mid: i for i, mid in enumerate(sorted(tasks, key=lambda mid: committed.get(mid, last)))}
    copy_view = _copies_seen(events, {mid: t[6] for mid, t in tasks.items()}, seen_as, copies)
    if drawer is None:
        drawer = _Drawer(rules, charts_on, sink)
    ordered = sorted(tasks, key=rank.__getitem__)
    got: dict[str, object] = {}
    with collecting_less():
        # the matches that count first: whether their pages exist is known before a second record links to one
        firsts = [tasks[mid] + (None,) for mid in ordered if mid not in copy_view]
        got.update(zip((t[0] for t in firsts), _rows_of_replays(firsts, _drawn(drawer, firsts, pool, workers), rows)))
        gone = {page_name(t[6]) for t in firsts if not _is_drawn(got[t[0]])}
        if copies is not None and gone:
            copies.without_pages(gone)      # a record read later names the match that counts in text
        seconds = [tasks[mid] + (_unlinked(copy_view[mid], gone),) for mid in ordered if mid in copy_view]
        got.update(zip((t[0] for t in seconds), _rows_of_replays(seconds, _drawn(drawer, seconds, pool, workers),
                                                                 rows)))
        undrawn: dict[str, tuple[str, str]] = {}
        for mid in ordered:
            drawn = got[mid]
            if isinstance(drawn, FileProblem):
                model.problems.append(drawn)
                undrawn[mid] = _WHY_NOT.get(drawn.code, _WHY_NOT["cannot_draw"])
            elif drawn is not None:
                add_drawn(model, drawn)
                redrawn[mid] = tasks[mid][6]
    return redrawn, rank, undrawn


_WHY_NOT = {"cannot_draw": ("its record text is not in the dataset and its record file is gone or changed (ingest "
                            "the file again)", "数据集中没有其记录文本，原记录文件已不存在或已改动（请重新导入该文件）"),
            "replay_failed": ("the rule engine failed on its record (see the files with problems)",
                              "规则引擎处理其记录时出错（见有问题的文件）")}
"""Why a dataset's match has no page (English, 中文), by the problem that stopped its drawing."""


def _is_drawn(got) -> bool:
    return got is not None and not isinstance(got, FileProblem)


def _unlinked(view: CopyView, gone: set[str]) -> CopyView:
    """``view`` without its link when its page was not drawn (``gone``: the pages not drawn)."""
    return dataclasses.replace(view, filename=None) if view.filename in gone else view


def _drawn(drawer: _Drawer, todo: list, pool, workers: int):
    """Each task of ``todo`` drawn, in order: by ``pool``'s workers when there are enough matches for
    them (:func:`pool_size`), else here."""
    if pool is not None and pool_size(workers, len(todo)) > 1:
        return pool.imap(_draw_forked, todo, chunksize=1)
    return (_draw_row(drawer, t) for t in todo)


def _rows_of_replays(todo: list, drawn, rows: facts.ReportRows | None):
    """Each of ``drawn`` (the tasks of ``todo`` drawn, in order), its replay (:attr:`Drawn.replay`) added
    to ``rows`` as its record file's match (the file, its SHA-256, the match's place in it) and let go:
    the replays of a whole dataset are never held at once."""
    for task, got in zip(todo, drawn):
        if isinstance(got, Drawn) and got.replay is not None:
            if rows is not None:
                rows.add_match(task[1], task[3], task[2], *got.replay)
            got = dataclasses.replace(got, replay=None)
        yield got


def _copies_seen(events: Sequence, keys: dict[str, str], seen_as: dict[str, CopyView],
                 copies: CopyFinder | None) -> dict[str, CopyView]:
    """``match_id`` → the match its record is a second copy of, for the matches of a dataset
    (``events``, in the standings' order; ``keys``: each match's key in the report), asking ``copies``
    (:class:`~.fact_rows.CopyFinder`, which keeps the matches that count)."""
    if copies is None:
        return {}
    out = {}
    for e in events:
        if e.match_id not in keys:
            continue
        mine = dataclasses.replace(e, match_id=keys[e.match_id],
                                   copy_of=None if e.copy_of is None else keys.get(e.copy_of, e.copy_of))
        first = copies.copy_of(mine, seen_as[e.match_id])
        if first is not None:
            out[e.match_id] = first
    return out

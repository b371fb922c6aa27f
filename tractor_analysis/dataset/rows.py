"""Rows of every table, built column by column from replayed matches and parse diagnostics.
"""
from __future__ import annotations


import functools
import json
import os
import time
from typing import Iterable

import pyarrow as pa

from ..records import compiled
from ..records.cards import POINTS, SEAT_TOKENS, TOKEN, TEAMS, trump_token
from ..records.diagnostics import Diagnostic
from ..records.json_origin import record_line
from ..records.locate import violation_position
from ..records.model import Hand, Match
from ..records.tgn_writer import Unwritable, format_tgn
from ..engine.replay import record_pairs
from ..engine.stopped_match import record_stops_inside
from ..engine.scoring import decide_match
from ..engine.unfinished import taken_by_attackers
from ..engine.verdicts import HandResult, MatchResult, Violation
from .analysis import (VIEW_NULLS, analyses_of, analysis_basis, analysis_reason, by_play, derived_by_play, derived_views,
                       play_values, view_values, views_by_play, views_of)
from .arrow_columns import column, constant
from .hand_values import hand_values
from .match_identity import content_digest, match_key, rules_json
from .schema import SCHEMAS, TABLES, printable

# --- rows -----------------------------------------------------------------------

BOTH = "both"
"""The matches table's ``forfeit`` when both sides forfeited at the end of the same hand (schema.py)."""


def _team(t: int | None) -> str | None:
    return None if t is None else TEAMS[t]


def _seat(s: int | None) -> str | None:
    return None if s is None else SEAT_TOKENS[s]


def _tokens(cards: Iterable[int] | None) -> list[str] | None:
    return None if cards is None else [TOKEN[c] for c in cards]


@functools.lru_cache(maxsize=64)
def _defender_seats(dealer: int | None, defenders: frozenset[int]) -> list[str] | None:
    """Seats of the dealer's side, dealer first, then in play order (N first when the dealer's
    seat is not known); ``None`` when the side is not known either."""
    if not defenders:
        return None
    first = dealer if dealer is not None else 0
    return [SEAT_TOKENS[(first + i) & 3] for i in range(4) if (first + i) & 3 in defenders]


class TableBuilder:
    """Rows of every table, column by column (no per-row objects), until :meth:`to_tables`."""

    def __init__(self, batch: str, records: bool = True) -> None:
        self.batch = batch
        self.records = records
        """Write each match's canonical record text (``records``); a report's in-memory stats do not."""
        self.cols: dict[str, dict[str, list]] = {
            t: {f.name: [] for f in SCHEMAS[t]} for t in TABLES}
        self.hands = 0
        self.files = 0
        self.first_of_key: dict[str, str] = {}
        """``match_key`` → ``match_id`` of the first match with it in this batch (``duplicate_of``)."""

    def _row(self, table: str, values: tuple) -> None:
        for column, value in zip(self.cols[table].values(), values):
            column.append(value)

    def _rows(self, table: str, rows: list[tuple]) -> None:
        """:meth:`_row` of each of ``rows``, a column at a time."""
        if rows:
            for column, values in zip(self.cols[table].values(), zip(*rows)):
                column.extend(values)

    # files ----------------------------------------------------------------
    def add_file(self, path: str, sha: str, fmt: str | None, matches: list[Match],
                 results: list[MatchResult | None], diagnostics: list[Diagnostic],
                 status: str, rules_override: str | None, encoding: str | None = None,
                 encoding_note: str | None = None) -> None:
        """One source file: its matches (replayed) and its diagnostics.  The path (and any
        diagnostic text) is stored as valid UTF-8 (:func:`printable`), with the absolute path
        beside it; each match's canonical record text goes to ``records``.  A file read in pieces
        (a streamed JSON Lines file) is added with :meth:`add_matches` and :meth:`add_errors` for
        each piece, then :meth:`add_file_row` once."""
        hands, violations = self.add_matches(path, sha, 0, matches, results)
        self.add_errors(path, sha, diagnostics)
        self.add_file_row(path, sha, fmt, len(matches), hands, len(diagnostics), violations, status,
                          rules_override, encoding, encoding_note)

    def add_matches(self, path: str, sha: str, first: int, matches: list[Match] | tuple[Match, ...],
                    results: list[MatchResult | None]) -> tuple[int, int]:
        """The matches of a file (``first``: the index in the file of the first one) that replayed;
        ``(hands, violations)`` added — ``violations``: the rows added to the ``violations`` table (the
        ``files`` column: the play's violations and the findings about the record alone alike)."""
        abspath = printable(os.path.abspath(path)) if path else None
        path, sha = printable(path), printable(sha)
        hands = 0
        rows_before = len(self.cols["violations"]["code"])
        for index, (match, result) in enumerate(zip(matches, results), first):
            if result is None:
                continue
            _, stored = self._add_match(path, sha, index, match, result, abspath,
                                        analyses_of(results, index - first), views_of(results, index - first))
            hands += stored
        self.hands += hands
        return hands, len(self.cols["violations"]["code"]) - rows_before

    def add_errors(self, path: str, sha: str, diagnostics: Iterable[Diagnostic]) -> None:
        """The ``errors`` rows of a file's diagnostics."""
        abspath = printable(os.path.abspath(path)) if path else None
        path, sha = printable(path), printable(sha)
        for d in diagnostics:      # (a hand or trick number too big for int16 is in the message)
            self._row("errors", (path, sha, d.line, d.column, d.code, printable(d.message),
                                 printable(d.text or ""), _small(d.hand), _small(d.trick), self.batch, abspath))

    def add_file_row(self, path: str, sha: str, fmt: str | None, matches: int, hands: int, errors: int,
                     violations: int, status: str, rules_override: str | None, encoding: str | None = None,
                     encoding_note: str | None = None) -> None:
        """The ``files`` row of a file: what all its matches and diagnostics came to."""
        abspath = printable(os.path.abspath(path)) if path else None
        path, sha = printable(path), printable(sha)
        self._row("files", (path, sha, fmt, matches, hands, errors, violations,
                            status, rules_override, None, self.batch, abspath, encoding,
                            printable(encoding_note) if encoding_note else None))
        self.files += 1

    def _add_match(self, path: str, sha: str, index: int, match: Match, result: MatchResult,
                   abspath: str | None = None, analyses: list | None = None,
                   views: list | None = None) -> tuple[int, int]:
        """One match's rows; ``analyses``: its hands' endgame analyses (``ingest --analyse``), in
        the order of ``result.hands``.  ``(violations, hands)`` stored: the violations of the play (the
        ``matches`` column; the findings about the record alone, docs/rules.md §13.1, are its
        ``record_findings``).

        A hand whose number an earlier hand of the match already has (``duplicate_hand``, both kept by
        the reader and replayed) is not stored, nor its tricks, plays and violations: ``(match_id,
        hand_no)`` identifies a hand (docs/dataset.md "Keys"); the file's ``duplicate_hand`` errors row
        at its ``[Hand]`` is what stays of it, and ``tractor check`` / ``tractor report`` show it."""
        mid = f"{sha[:16]}-{index}"
        batch = self.batch
        start = _start_levels(match, result)
        final = result.levels_final
        if result.hands and result.hands[0].rules.friend:
            # friend mode: no side has a level of its own (levels_final holds N's and E's): the
            # players' own final levels are level_n_final … (check --json: levels_final null)
            final = (None, None)
        nviol = sum(not p.of_record for p in result.problems)
        nrecord = len(result.problems) - nviol
        for p in result.problems:
            self._violation(mid, None, p)
        numbers: set[int] = set()
        ended = _after_match_end(result)
        for i, (record, hr) in enumerate(record_pairs(match, result)):
            if hr.number in numbers:        # written twice: the later hand is not stored (see above)
                continue
            numbers.add(hr.number)
            nviol += self._add_hand(mid, hr, record, analyses[i] if analyses and i < len(analyses) else None,
                                    views[i] if views and i < len(views) else None,
                                    False if ended is None else ended[i], result.stopped_at == i)
            nrecord += len(hr.record_findings)
        stored = len(numbers)
        players = match.players
        pf = result.player_levels_final
        # who won, and how (or why no team did): the one decision (a replay's own winner is this team)
        team, decided_by = decide_match(result)
        row = (mid, path, sha, index, match.event, match.site, match.date, match.round, match.table,
               players[0], players[1], players[2], players[3],
               result.hands[0].rules.name if result.hands else match.ruleset,
               stored, start[0], start[1], final[0], final[1],
               _team(team), BOTH if result.both_forfeit else _team(result.forfeit), nviol,
               result.hands[0].rules.decks if result.hands else None, pf[0], pf[1], pf[2], pf[3], batch)
        rest = [abspath, None, None, match.teams[0], match.teams[1], _forfeit_reason(result), _cut_short(result),
                *_final_spans(result, final), decided_by, content_digest(match, result), nrecord, result.stop_forfeit,
                record_line(match)]
        key = match_key(row + tuple(rest), self.cols["hands"], stored)
        first = self.first_of_key.setdefault(key, mid)
        rest[1], rest[2] = key, None if first == mid else first
        self._row("matches", row + tuple(rest))
        if self.records:
            try:
                text = format_tgn(match)
            except Unwritable:      # .tgn cannot hold it (an empty trick, a field named "a b"): no
                text = None         # records row; the report draws the match from its file
            if text is not None:
                self._row("records", (mid, sha, index, "tgn", printable(text), batch))
        return nviol, stored

    def _violation(self, mid: str, hand_no: int | None, v: Violation, record: Hand | None = None,
                   result: HandResult | None = None) -> None:
        line, column = violation_position(record, v, result)
        self._row("violations", (mid, hand_no, v.trick, _seat(v.seat), v.code, _tokens(v.played),
                                 _tokens(v.better), v.message_zh, v.message_en, line, column, self.batch, v.about,
                                 [_tokens(c) for c in v.better_choices], v.better_example))

    def _add_hand(self, mid: str, hr: HandResult, record: Hand | None, analysis=None, views=None,
                  after_end: bool | None = False, stopped_at: bool = False) -> int:
        """One hand's rows; ``after_end``: the ``hands`` column ``after_match_end`` (:func:`_after_match_end`);
        ``stopped_at``: it is the match's :attr:`~tractor_analysis.engine.verdicts.MatchResult.stopped_at` (the
        ``stopped`` column: the engine's answer — under ``[Rule:stopped_hand "void"]`` a record ending inside its
        last hand's last trick too, docs/rules.md §8.5).
        The violations of the play stored (its ``violations``: a finding about the record alone,
        docs/rules.md §13.1, is a ``violations`` row too, counted in its ``record_findings``)."""
        batch = self.batch
        n = hr.number
        defenders = _dealer_team(hr)       # the dealer's side: None when not known
        attackers = None if defenders is None else 1 - defenders
        sides_known = bool(hr.defenders)
        analysed = by_play(hr, analysis)
        viewed = views_by_play(analysed, analysis, views)
        # a play the engine derived (hr.derived_plays) is a row too, marked derived, with the values the
        # analysis found for it: Python's rows (the compiled ones know no derived play; the column is
        # false for every row they make)
        if analysed or hr.derived_plays or _ADD_PLAYS is None or not _ADD_PLAYS(
                tuple(self.cols["plays"].values())[:_ROW_COLS], mid, n, hr.tricks, batch, _PLAY_CACHE, TOKEN, POINTS,
                _SEATS):
            of_derived = derived_by_play(hr, analysis, analysed)
            _add_plays(self._plays_lists(), mid, n, hr.tricks, batch, analysed, viewed, _derived_by_trick(hr),
                       (of_derived, derived_views(of_derived, analysis, views)))
        ntricks = len(hr.tricks)
        failed = None if (_ADD_TRICKS is None or hr.unfinished is not None or not hr.tricks_judged
                          or hr.leads_open) else _ADD_TRICKS(
            tuple(self.cols["tricks"].values()), mid, n, hr.tricks, hr.defenders, sides_known, batch, _SEATS, TEAMS)
        if failed is None:
            trick_rows, failed = _trick_rows(mid, n, hr, sides_known, batch)
            self._rows("tricks", trick_rows)
        if ntricks and not hr.complete:     # the record ends first: whether its last trick is the hand's is
            self.cols["tricks"]["last"][-1] = None      # not known (the compiled rows say True)
        for v in hr.violations:
            self._violation(mid, n, v, record, hr)
        o = hr.outcome
        decl = None
        if record is not None and record.declarations:
            decl = [f"{'|| ' if d.after_bottom else ''}{SEAT_TOKENS[d.seat]}: {' '.join(TOKEN[c] for c in d.cards)}"
                    for d in record.declarations]
        before, after = _side_levels(hr)
        pb, pa_ = hr.player_levels_before, hr.player_levels_after
        if record is not None and record.result_only:
            self._row("hands", _result_only_row(mid, hr, record, batch) + (after_end, None, _unknown_facts(hr),
                                                                          len(hr.record_findings),
                                                                          analysis_reason(analysis)))
            return len(hr.play_violations)
        self._row("hands", (
            mid, n, _seat(hr.dealer), _team(defenders), _team(attackers), hr.level,
            trump_token(hr.trump) if hr.trump_known else None, hr.rules.name, hr.rules.decks, rules_json(hr.rules), decl,
            _tokens(record.bottom) if record is not None else None,
            _tokens(record.buried) if record is not None else None,
            hr.setup, hr.complete, ntricks, *_values_row(hr), hr.attackers_total, hr.claim, hr.claim_matches,
            o.winner if o else None, _up_team(hr), o.levels if o else None,
            _seat(o.next_dealer) if o else None, o.match_over if o else None,
            before[0], before[1], after[0], after[1], failed, len(hr.play_violations),
            None if record is None or record.friend is None else TOKEN[record.friend],
            _defender_seats(hr.dealer, hr.defenders), pb[0], pb[1], pb[2], pb[3], pa_[0], pa_[1], pa_[2],
            pa_[3], hr.revoke_levels[0], hr.revoke_levels[1],
            [_tokens(b) for b in record.earlier_buries] if record is not None else None,
            o.reason if o else None, [SEAT_TOKENS[x] for x in o.miscount] if o else None, batch, False,
            hr.legality_known, None if record is None else stopped_at or record_stops_inside(record, hr),
            _derived_facts(hr),
            after_end, analysis_basis(record, analysed, hr), _unknown_facts(hr), len(hr.record_findings),
            analysis_reason(analysis)))
        return len(hr.play_violations)

    def _plays_lists(self) -> tuple[list, ...]:
        """Every ``plays`` column's list in the schema's order, each as long as the table: the columns
        past the first :data:`_ROW_COLS` (the batch, the analysis's and the view's) are filled only
        when a row has a value of its own for them (``ingest --analyse``) or the Python rows add a hand;
        until then each list holds the column's first rows and the rest are the batch or null
        (:meth:`to_tables` builds them so, :func:`_plays_fill`)."""
        cols = self.cols["plays"]
        lists = tuple(cols.values())
        n = len(lists[0])
        for name, col in zip(_LAZY_PLAYS, lists[_ROW_COLS:]):
            if len(col) < n:
                col.extend([self.batch if name == "batch" else None] * (n - len(col)))
        return lists

    def to_tables(self) -> dict[str, pa.Table]:
        now = int(time.time() * 1000)
        self.cols["files"]["ingested_at"] = [now] * len(self.cols["files"]["batch"])
        return {t: _plays_table(self.cols[t], SCHEMAS[t], self.batch) if t == "plays"
                else _table(self.cols[t], SCHEMAS[t]) for t in TABLES}


def _dealer_team(hr: HandResult) -> int | None:
    """The ``hands`` column ``defenders`` (the dealer's team, 0 N–S / 1 E–W); ``None`` when it is not known.

    Outside friend mode the dealer's team is the side that defends (``hr.defenders``): when the engine
    withheld the sides (``"sides"``: no ``[Dealer]`` and nothing fixing it, or a ``[Dealer]`` / ``[Level]``
    the rest of the record contradicts, judged both ways with different sides) it is not known, even
    where the record names a dealer.  In friend mode the side is the dealer and the called card's holder,
    so the partner unknown leaves the dealer's team known — unless the dealer itself is in doubt (an
    ``unknown`` ``Dealer`` withholding the dealer or the sides)."""
    if hr.defenders:
        return (hr.dealer & 1) if hr.dealer is not None else (min(hr.defenders) & 1)
    if hr.rules.friend and hr.dealer is not None and not any(
            u.tag == "Dealer" and ("sides" in u.withheld or "dealer" in u.withheld) for u in hr.unknowns):
        return hr.dealer & 1
    return None


def _after_match_end(result: MatchResult) -> list[bool | None] | None:
    """The ``hands`` column ``after_match_end`` of each of ``result.hands``: recorded after the match was
    decided (docs/rules.md §8.4; the engine's :attr:`MatchResult.after_end`).  ``None`` when no hand is
    (the common case: every hand ``False``); every hand ``None`` when whether the match ended is not
    known (an unknown withholding ``forfeit``): not known, never guessed — but the hands up to the one
    from whose end on that is not known (:attr:`MatchResult.forfeit_open_at`: the match cannot have
    ended before it), which count.  Where every reading gives the same side(s) forfeiting but in different
    hands (:attr:`MatchResult.end_open`: the first and the last it may have ended in), the hands up to the
    first are false, those after it up to the last null, and the later ones (:attr:`MatchResult.after_end`)
    true — likewise where every reading ended the match by some hand but whether a side forfeited is not known
    (the hands up to :attr:`MatchResult.forfeit_open_at` false, those after it up to the last end null)."""
    if result.end_open is not None:
        first, last = result.end_open
        return [False if i <= first else None if i <= last else True for i in range(len(result.hands))]
    if result.after_end:
        after = set(result.after_end)
        if not result.forfeit_known:
            # every reading ended the match by these hands, but whether (and where) a side forfeited is not known:
            # the hands from the one it is open from up to them may have been recorded after the end
            at = result.forfeit_open_at
            return [True if h.number in after else False if at is not None and i <= at else None
                    for i, h in enumerate(result.hands)]
        return [h.number in after for h in result.hands]
    if not result.forfeit_known:
        at = result.forfeit_open_at
        return [False if at is not None and i <= at else None for i in range(len(result.hands))]
    return None


def _final_spans(result: MatchResult, final: tuple) -> tuple[int | None, int | None, int | None, int | None]:
    """The ``matches`` columns ``level_ns_final_low``, ``level_ns_final_high``, ``level_ew_final_low``,
    ``level_ew_final_high``: a side's range of final levels (:attr:`MatchResult.levels_final_span`, the
    readings of take-backs given as ``?``) where its stored final level (``final``) is null; null where the
    level is known exactly, or not bounded (friend mode, a damaged file: no span)."""
    out: list[int | None] = []
    for level, span in zip(final, result.levels_final_span):
        out += [None, None] if level is not None or span is None else [int(span[0]), int(span[1])]
    return tuple(out)  # type: ignore[return-value]


def _start_levels(match: Match, result: MatchResult) -> tuple[int | None, int | None]:
    """The ``matches`` columns ``level_ns_start`` / ``level_ew_start``: the sides' levels before the record's
    first hand as the engine carried them into it (its ``levels_before``, ``check --json``'s), null where not
    known — a record that begins after hand 1 without ``[Levels]``, a side ``[Levels]`` does not name —, never
    the 2 every match starts at unless the engine derived it (a first hand numbered 1 played at 2: docs/format.md
    ``Levels``).  A side is its two players' shared level (friend mode: null where they differ).  A match with
    no hand: ``[Levels]`` as written, null without it (no hand says the record starts where the match does)."""
    if not result.hands:
        return match.levels if match.levels is not None else (None, None)
    pb = result.hands[0].player_levels_before
    return tuple(pb[t] if pb[t] is not None and pb[t] == pb[t + 2] else None for t in (0, 1))  # type: ignore[return-value]


def _cut_short(result: MatchResult) -> bool:
    """The ``matches`` column ``cut_short``: the file is damaged and the record stops at the damage before
    a hand read whole decided the match (the engine's ``unknown`` ``truncated_file``: who won and the
    final levels withheld; ``engine.scoring.RECORD_CUT``)."""
    return any(u.tag == "truncated_file" for u in result.unknowns)


def _forfeit_reason(result: MatchResult) -> str | None:
    """The matches table's ``forfeit_reason``: ``check --json``'s object, as JSON text (a side that forfeited
    for a reason the readings of the count do not agree on: ``null``, :attr:`MatchResult.forfeit_reason_open`)."""
    reasons = {("NS", "EW")[t]: why for t, why in enumerate(result.forfeit_reasons)
               if why is not None or result.forfeit_reason_open[t]}
    return json.dumps(reasons, ensure_ascii=False) if reasons else None


def _trick_rows(mid: str, n: int, hr: HandResult, sides_known: bool, batch: str) -> tuple[list[tuple], int]:
    """The ``tricks`` rows of a hand and its failed throws (the reference for ``_rows_core.add_tricks``).
    A hand whose tricks were not judged (its trump or level unknown: :func:`_recorded_trick_rows`):
    failed throws ``None``.  A ``cards_not_thrown`` not known (``None``: the ways a hand was judged
    count differently, or it rests on cards read from plays) is a null, never 0."""
    if not hr.tricks_judged:
        return _recorded_trick_rows(mid, n, hr, batch), None
    failed = 0
    ntricks = len(hr.tricks)
    trick_rows = []
    for i, t in enumerate(hr.tricks):
        winner = t.winner               # None: the trick the record ends in, its winner left open
        failed += t.throw_failed
        taken = taken_by_attackers(hr, t) if sides_known else None
        points = None if i == ntricks - 1 and hr.unfinished is not None and hr.unfinished.points is None else t.points
        lead = t.plays[0] if t.plays else None
        lead_cards = len(lead.attempted if lead is not None and lead.attempted else
                         (lead.cards if lead is not None else ()))
        leader, kind, trumped = _lead_facts(hr, t, "throw" if t.throw_failed else t.lead_kind, t.trumped)
        # the winning unit: where who led is open, the readings were not compared on it (not known: null)
        shape = t.winning_shape if leader is not None or not hr.leads_open else (None, None)
        trick_rows.append((
            mid, n, t.number, leader, None if winner is None else SEAT_TOKENS[winner],
            None if winner is None else TEAMS[winner & 1],
            # a failed throw was led as a throw; the engine's lead_kind is the unit it was forced to
            taken, points,
            kind, lead_cards,
            t.throw_failed, t.cards_not_thrown, *shape, trumped,
            i == ntricks - 1, len(t.violations), batch, t.lead_kind if t.throw_failed else None))
    return trick_rows, failed


def _lead_facts(hr: HandResult, t, kind: str | None, trumped: bool | None) -> tuple[str | None, str | None, bool | None]:
    """The ``tricks`` row's ``leader``, ``lead_kind`` and ``trumped`` of ``t``: as judged, but where the readings of
    the record give the trick different leaders (:meth:`~tractor_analysis.engine.verdicts.HandResult.leads_of`)
    the leader is null, and the kind and the trump-in null where the readings differ on them too (never the
    first play written taken as the lead: docs/rules.md §14.1)."""
    ways = hr.leads_of(t.number) if hr.leads_open else ()
    if not ways:
        return SEAT_TOKENS[t.leader], kind, trumped
    return (None, kind if len({k for _, k, _ in ways}) == 1 else None,
            trumped if len({tr for _, _, tr in ways}) == 1 else None)


def _recorded_trick_rows(mid: str, n: int, hr: HandResult, batch: str) -> list[tuple]:
    """The ``tricks`` rows of a hand whose tricks were not judged (``hr.tricks_judged`` false: the trump or
    the level unknown): the leader, the card points, the lead's cards as recorded; what rests on which
    cards are trump null — the winner and its side, the lead's kind unless a single, pair or triple, a
    throw's fate unless the record writes it failed (``attempted -> forced``), the winning unit, a trump-in."""
    out = []
    ntricks = len(hr.tricks)
    u = hr.unfinished
    for i, t in enumerate(hr.tricks):
        lead = t.plays[0]
        failed = True if t.throw_failed else (False if t.lead_kind is not None else None)
        points = None if i == ntricks - 1 and u is not None and u.points is None else t.points
        leader, kind, _ = _lead_facts(hr, t, "throw" if t.throw_failed else t.lead_kind, None)
        out.append((
            mid, n, t.number, leader, None, None, None, points,
            kind, len(lead.attempted or lead.cards),
            failed, None, None, None, None, i == ntricks - 1, len(t.violations), batch,
            t.lead_kind if t.throw_failed else None))
    return out


def _derived_facts(hr: HandResult) -> list[str]:
    """The ``hands`` column ``derived``: the facts the engine derived, each named once in the order
    ``check --json``'s ``derived`` gives them (``[]``: none)."""
    return list(dict.fromkeys(d.fact for d in hr.derived))


def _unknown_facts(hr: HandResult) -> list[str]:
    """The ``hands`` column ``unknown``: the facts the record does not state and nothing fixed, one item per
    ``check --json`` ``unknown`` entry of the hand, in its order, as ``tag: withheld,withheld`` (``Dealer:
    sides,outcome``) — the tag that would state it and what the engine withheld for want of it; the tag alone
    (``play``) for an entry that withholds nothing (``check --json``'s ``"withheld": []``: every reading agrees);
    the messages saying why are ``check``'s."""
    return [f"{u.tag}: {','.join(u.withheld)}" if u.withheld else str(u.tag) for u in hr.unknowns]


def _derived_by_trick(hr: HandResult) -> dict[int, list] | None:
    """The plays the engine derived (``hr.derived_plays``) by trick number, ``None`` when none."""
    if not hr.derived_plays:
        return None
    out: dict[int, list] = {}
    for number, play in hr.derived_plays:
        out.setdefault(number, []).append(play)
    return out


def _values_row(hr: HandResult) -> tuple:
    """The ``hands`` columns ``attackers_points`` .. ``penalties`` (:func:`.hand_values.hand_values`:
    ``None`` where not known or not decided, not the engine's working 0)."""
    v = hand_values(hr)
    return (v.attackers_points, v.bottom_points, v.bottom_multiplier, v.bottom_bonus, v.bottom_captured, v.penalties)


def _side_levels(hr: HandResult) -> tuple[tuple, tuple]:
    """The ``level_ns_*`` / ``level_ew_*`` columns: the sides' levels before and after the hand (in
    friend mode, which has no side levels, N's and E's own, as docs/dataset.md says: the stats'
    by-team figures read them)."""
    return hr.levels_before, hr.levels_after


def _up_team(hr: HandResult) -> str | None:
    """The side that went up; none in friend mode, where players, not sides, go up (check --json
    writes ``team`` null there too)."""
    o = hr.outcome
    return None if o is None or hr.rules.friend else _team(o.team)


def _result_only_row(mid: str, hr: HandResult, record: Hand, batch: str) -> tuple:
    """The ``hands`` row of a score sheet's hand: what the sheet says and what follows from it; the
    columns about tricks and the bottom, which it does not say, are null."""
    o = hr.outcome
    defenders = _dealer_team(hr)
    before, after = _side_levels(hr)
    pb, pa_ = hr.player_levels_before, hr.player_levels_after
    return (mid, hr.number, _seat(hr.dealer), _team(defenders), _team(None if defenders is None else 1 - defenders),
            hr.level, trump_token(hr.trump) if record.trump_known else None, hr.rules.name, hr.rules.decks,
            rules_json(hr.rules), None, None, None, False, False, None, None, None, None, None, None, None,
            hr.attackers_total if record.claim is not None else None, hr.claim, None,
            o.winner if o else None, _up_team(hr), o.levels if o else None,
            _seat(o.next_dealer) if o else None, o.match_over if o else None,
            before[0], before[1], after[0], after[1], None, len(hr.play_violations), None,
            _defender_seats(hr.dealer, hr.defenders), *pb, *pa_, hr.revoke_levels[0], hr.revoke_levels[1],
            None, o.reason if o else None, [SEAT_TOKENS[x] for x in o.miscount] if o else None, batch, True, False, False,
            _derived_facts(hr))


def _table(cols: dict[str, list], schema: pa.Schema) -> pa.Table:
    """Columns to Arrow, each built from its list's buffers (:func:`arrow_columns.column`: no
    ``pa.array``, so no pandas imported; what it does not take exactly goes through ``pa.array``)."""
    return pa.Table.from_arrays([column(cols[field.name], field.type) for field in schema], schema=schema)


def _plays_table(cols: dict[str, list], schema: pa.Schema, batch: str) -> pa.Table:
    """:func:`_table` of the plays table, whose lazy columns (:meth:`TableBuilder._plays_lists`) may be
    shorter than the table: their other rows are ``batch`` (the batch column) or null."""
    n = len(cols[schema[0].name])
    return pa.Table.from_arrays([_derived_column(cols[f.name], n, f.type) if f.name == "derived"
                                 else _plays_fill(cols[f.name], n, batch if f.name == "batch" else None, f.type)
                                 if f.name in _LAZY_PLAYS else column(cols[f.name], f.type) for f in schema],
                                schema=schema)


def _derived_column(values: list, n: int, typ: pa.DataType) -> pa.Array:
    """The ``plays`` column ``derived`` as stored, ``n`` rows: a row holds ``True`` for a play the engine
    derived and null for every other (the compiled rows fill a column past the batch with nulls, as
    Python's do; a lazy column, it may be shorter), so those become ``False`` here — a recorded play
    (null stays only in parts written before the column)."""
    if not any(values):
        return constant(False, n, typ)
    return column([x is True for x in values] + [False] * (n - len(values)), typ)


_PLAY_CACHE: dict[tuple[int, ...], tuple[list[str], int]] = {}
"""Tokens and points of a played card tuple (the same plays recur across hands)."""


_CORE_COLS = [f.name for f in SCHEMAS["plays"]].index("view_deals")
"""The ``plays`` columns before the view's (:func:`_add_plays` fills the view's with nulls for a hand
without an endgame analysis)."""

_ROW_COLS = [f.name for f in SCHEMAS["plays"]].index("batch")
"""The ``plays`` columns every row fills (``match_id`` .. ``notes``): what the compiled
``_rows_core.add_plays`` is given by :class:`TableBuilder` (it fills the batch and nulls when given more)."""

_LAZY_PLAYS = tuple(f.name for f in SCHEMAS["plays"])[_ROW_COLS:]
"""The ``plays`` columns after those: the batch, the endgame analysis's and the view's.  A hand
without an analysis gives them the batch and nulls, so :class:`TableBuilder` fills them only when a
row has a value of its own for them: for a batch of 2,000 hands (132,000 plays) that is sixteen lists
of 132,000 items not grown, filled, read and freed (issue 27, twelfth pass)."""


def _plays_fill(values: list, n: int, fill, typ: pa.DataType) -> pa.Array:
    """A lazy ``plays`` column (:data:`_LAZY_PLAYS`) of ``n`` rows: ``values`` then ``fill`` (the
    batch, or ``None``) to the end: ``column(values + [fill] * (n - len(values)), typ)``, equal, without
    the list when ``values`` is empty."""
    if len(values) < n:
        if not values and n:
            return constant(fill, n, typ)
        values = values + [fill] * (n - len(values))
    return column(values, typ)


def _add_plays(cols: tuple[list, ...], mid: str, n: int, tricks, batch: str, analysed: dict | None,
               viewed: dict | None = None, derived: dict[int, list] | None = None,
               of_derived: tuple[dict, dict] | None = None) -> None:
    """The ``plays`` rows of a hand's tricks, appended to ``cols`` (the table's columns in schema
    order): the reference of the compiled ``_rows_core.add_plays`` (which takes the hands without
    an endgame analysis, computes the first :data:`_CORE_COLS` columns and leaves the view's null).
    ``analysed`` / ``viewed``: the analysis and view of each recorded play by ``(trick index, its
    index in the trick)`` (:func:`.analysis.by_play`).  ``derived``: plays the engine derived
    (:func:`_derived_by_trick`), each a row in its place in the trick's turn order, ``derived`` true
    (the recorded plays' false) — in place of the seat's recorded play where the record gives one (a play
    the decks prove miscopied, read from the seat's deal line: :mod:`tractor_analysis.engine.deal_lines`);
    ``of_derived``: their analyses and views by ``(trick index, seat)``
    (:func:`.analysis.derived_by_play`, :func:`.analysis.derived_views`)."""
    (p_mid, p_hand, p_trick, p_seat, p_pos, p_cards, p_att, p_n, p_pts, p_won, p_notes, p_batch,
     p_before, p_after, p_cost, p_best, *p_view, p_derived) = cols
    cache = _PLAY_CACHE
    for i, t in enumerate(tricks):
        winner = t.winner
        extra = derived.get(t.number) if derived else None
        if extra:               # in turn order from the leader; a derived play has no recorded index
            lead = t.leader
            # a play derived in place of one the record miscopies (.deal_lines) is that seat's row, not a second one
            read = {p.seat for p in extra}
            placed = sorted([*((p, j) for j, p in enumerate(t.plays) if p.seat not in read),
                             *((p, None) for p in extra)], key=lambda x: (x[0].seat - lead) & 3)
            plays = tuple(p for p, _ in placed)
            index = [j for _, j in placed]
        else:
            plays = t.plays
            index = range(len(plays))
        m = len(plays)
        p_mid.extend([mid] * m)
        p_hand.extend([n] * m)
        p_trick.extend([t.number] * m)
        p_pos.extend(range(m))
        p_batch.extend([batch] * m)
        p_derived.extend([True if j is None else None for j in index])      # (None: False, _derived_column)
        if analysed:
            d_values, d_views = of_derived or ({}, {})
            for play, j in zip(plays, index):
                key, values, views = (((i, j), analysed, viewed) if j is not None
                                      else ((i, play.seat), d_values, d_views))
                before, after, cost, best = play_values(values.get(key))
                p_before.append(before)
                p_after.append(after)
                p_cost.append(cost)
                p_best.append(best)
                for col, x in zip(p_view, view_values(views.get(key)) if views else VIEW_NULLS):
                    col.append(x)
        else:
            nulls = [None] * m
            p_before.extend(nulls)
            p_after.extend(nulls)
            p_cost.extend(nulls)
            p_best.extend(nulls)
            for col in p_view:
                col.extend(nulls)
        for play in plays:
            cards = play.cards
            hit = cache.get(cards)
            if hit is None:
                hit = ([TOKEN[c] for c in cards], sum(POINTS[c] for c in cards))
                if len(cache) < 200_000:
                    cache[cards] = hit
            p_seat.append(SEAT_TOKENS[play.seat])
            p_cards.append(hit[0])
            p_att.append(None if play.attempted is None else [TOKEN[c] for c in play.attempted])
            p_n.append(len(cards))
            p_pts.append(hit[1])
            p_won.append(None if winner is None else play.seat == winner)     # None: the record ends first
            p_notes.append(list(play.notes) if play.notes else None)


def _rows_core():
    """The compiled :func:`_add_plays` and :func:`_trick_rows` (``_rows_core.c``), or ``None``s."""
    core = compiled.load("tractor_analysis.dataset._rows_core", "plays rows core", "出牌行核心")
    return (None, None) if core is None else (core.add_plays, core.add_tricks)


_ADD_PLAYS, _ADD_TRICKS = _rows_core()
_SEATS = tuple(SEAT_TOKENS)


def _small(n: int | None) -> int | None:
    """``n`` when an int16 column holds it, else ``None``."""
    return n if n is None or (not isinstance(n, bool) and -32768 <= n <= 32767) else None

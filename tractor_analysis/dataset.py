"""The Parquet dataset: schema (declared once, here), row builder, safe writer, ``load``.

Layout of a dataset folder (documented in ``docs/dataset.md``)::

    DATASET/
      files/        part-<batch>.parquet   one row per ingested source file (the manifest)
      matches/      part-<batch>.parquet   one row per match
      hands/        part-<batch>.parquet   one row per hand
      tricks/       part-<batch>.parquet   one row per trick
      plays/        part-<batch>.parquet   one row per play (4 per trick)
      violations/   part-<batch>.parquet   one row per violation found by the engine
      errors/       part-<batch>.parquet   one row per parser diagnostic
      _lock                                the fcntl lock two ingests share

Each table is a folder of part files that any Parquet reader globs
(``read_parquet('DATASET/plays/*.parquet')`` in DuckDB, ``pyarrow.dataset``,
Spark).  Every row carries the ``batch`` that wrote it.

**Commit protocol** (:func:`commit_parts`).  A batch's parts are written to
hidden temporary names (``.part-<batch>.parquet.tmp``: a leading dot, so
pyarrow ignores them, and no ``.parquet`` suffix, so globs skip them).  Under an
exclusive ``flock`` on ``_lock``, the committer re-reads the manifest (the
``files`` table), drops the rows of any file whose content hash is already in
it (a concurrent or earlier ingest committed it), renames the child tables'
parts into place with ``os.replace`` and renames the ``files`` part *last*: a
batch is committed exactly when its ``files`` part exists.  A SIGKILL between
two renames leaves parts of a batch that is not in the manifest; :func:`load`
ignores them and the next ingest deletes them (under the lock) before adding
anything.  Temporary files of dead ingests are removed the same way.

The ingest pipeline that fills a dataset (parse, replay, workers, progress) is
:mod:`tractor_analysis.ingest`; ``tractor_analysis.dataset.ingest`` still works
(it is looked up there on first use).
"""
from __future__ import annotations

import contextlib
import fcntl
import functools
import glob
import json
import os
import time
import uuid
from dataclasses import dataclass
from typing import Iterable, Iterator

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .cards import POINTS, RANK_TOKENS, SEAT_TOKENS, TOKEN, TEAMS, trump_token
from .diagnostics import Diagnostic
from .locate import violation_position
from .records import Hand, Match
from .replay import record_pairs
from .rules import RuleSet
from .verdicts import HandResult, MatchResult, Violation

# --- schema ------------------------------------------------------------------

_STR = pa.dictionary(pa.int32(), pa.string())
"""Dictionary-encoded string: seats, codes, names, rulesets repeat a lot."""
_TXT = pa.string()
_CARDS = pa.list_(pa.string())
"""Card tokens in canonical form (``S10``, ``HA``, ``BJ``)."""
_I8, _I16, _I32, _I64 = pa.int8(), pa.int16(), pa.int32(), pa.int64()
_BOOL = pa.bool_()


def _schema(*fields: tuple[str, pa.DataType, str]) -> pa.Schema:
    return pa.schema([pa.field(name, typ, metadata={"doc": doc}) for name, typ, doc in fields])


_KEY_MATCH = ("match_id", _STR, "source content hash (16 hex) + '-' + match index in the file")
_KEY_HAND = ("hand_no", _I16, "hand number as recorded ([Hand \"n\"])")
_KEY_TRICK = ("trick_no", _I16, "trick number as recorded")
_BATCH = ("batch", _STR, "ingest batch that wrote the row (a batch is committed when its files row exists)")

SCHEMAS: dict[str, pa.Schema] = {
    "files": _schema(
        ("source_file", _TXT, "path of the input file as given to ingest"),
        ("source_sha256", _TXT, "SHA-256 of the file's bytes (the manifest key)"),
        ("format", _STR, "tgn, json or jsonl (as detected by sources.load_file)"),
        ("matches", _I32, "matches read from the file"),
        ("hands", _I32, "hands read from the file"),
        ("errors", _I32, "parser diagnostics (rows in the errors table)"),
        ("violations", _I32, "rule violations found by the engine"),
        ("status", _STR, "ok, errors (diagnostics, file partly read) or unreadable"),
        ("rules_override", _STR, "--rules preset the ingest judged with, null for the record's own"),
        ("ingested_at", pa.timestamp("ms", tz="UTC"), "when the batch was written"),
        _BATCH,
    ),
    "matches": _schema(
        _KEY_MATCH,
        ("source_file", _TXT, "path of the input file"),
        ("source_sha256", _TXT, "SHA-256 of the input file's bytes"),
        ("match_index", _I32, "0-based index of the match in its file (a .jsonl holds many)"),
        ("event", _STR, "[Event]"), ("site", _STR, "[Site]"), ("date", _STR, "[Date]"),
        ("round", _STR, "[Round]"), ("table", _STR, "[Table]"),
        ("player_n", _STR, "[North]"), ("player_e", _STR, "[East]"),
        ("player_s", _STR, "[South]"), ("player_w", _STR, "[West]"),
        ("ruleset", _STR, "name of the ruleset the first hand was judged with"),
        ("hands", _I16, "hands in the match"),
        ("level_ns_start", _I8, "N-S level before the first hand (2..14, J=11 Q=12 K=13 A=14)"),
        ("level_ew_start", _I8, "E-W level before the first hand"),
        ("level_ns_final", _I8, "N-S level after the last hand (a team that passed A stays at 14; see winner)"),
        ("level_ew_final", _I8, "E-W level after the last hand"),
        ("winner", _STR, "team that won the match (NS / EW), null when no team passed A"),
        ("forfeit", _STR, "team that forfeited (three wrong follows, tournament), else null"),
        ("violations", _I32, "violations in the whole match"),
        # variant columns (added later: null in datasets written before them)
        ("decks", _I8, "decks of the ruleset the first hand was judged with"),
        ("level_n_final", _I8, "N's own level after the last hand (friend mode: each player's own)"),
        ("level_e_final", _I8, "E's own level after the last hand"),
        ("level_s_final", _I8, "S's own level after the last hand"),
        ("level_w_final", _I8, "W's own level after the last hand"),
        _BATCH,
    ),
    "hands": _schema(
        _KEY_MATCH, _KEY_HAND,
        ("dealer", _STR, "seat N E S W"),
        ("defenders", _STR, "dealer's team NS / EW (庄家方)"),
        ("attackers", _STR, "the other team (抓分方)"),
        ("level", _I8, "level rank played (2..14)"),
        ("trump", _STR, "S H D C or NT"),
        ("ruleset", _STR, "ruleset name (a preset; '+' when options were changed)"),
        ("decks", _I8, "decks of the ruleset"),
        ("rules", _STR, "every ruleset option as JSON {name: value}"),
        ("declarations", _CARDS, "declarations in order, each 'SEAT: cards' ('|| SEAT: cards' when made "
                                 "after the bottom, 炒地皮)"),
        ("bottom", _CARDS, "bottom as dealt (null when not recorded)"),
        ("buried", _CARDS, "bottom as buried: the dealer's bury, or after 炒地皮 the last rebidder's "
                           "(null when not recorded)"),
        ("setup", _BOOL, "a position ([SetUp]) rather than a full hand"),
        ("complete", _BOOL, "the hand was played out"),
        ("tricks", _I16, "tricks in the hand"),
        ("attackers_points", _I16, "card points won in tricks by the attackers"),
        ("bottom_points", _I16, "card points in the bottom"),
        ("bottom_multiplier", _I16, "multiplier applied to the bottom, 0 when not captured"),
        ("bottom_bonus", _I16, "bottom_points x bottom_multiplier"),
        ("bottom_captured", _BOOL, "the attackers won the last trick (抠底)"),
        ("penalties", _I16, "points added to the attackers' total by penalties (negative: lost)"),
        ("attackers_total", _I16, "attackers' total: the sum of the score items"),
        ("claim", _I16, "[Claim] as recorded, null when absent"),
        ("claim_matches", _BOOL, "claim == attackers_total, null when no claim"),
        ("outcome", _STR, "attackers (took the deal) or defenders (held); neither when both sides miscounted"),
        ("up_team", _STR, "team that goes up or holds (NS / EW); null after neither"),
        ("levels_gained", _I8, "levels the up_team gains"),
        ("next_dealer", _STR, "seat that deals next (null after neither: the deal is bid for)"),
        ("match_over", _BOOL, "a team passed A with this hand"),
        ("level_ns_before", _I8, "N-S level before the hand"), ("level_ew_before", _I8, "E-W level before"),
        ("level_ns_after", _I8, "N-S level after the hand"), ("level_ew_after", _I8, "E-W level after"),
        ("failed_throws", _I16, "throws that failed in the hand"),
        ("violations", _I16, "violations in the hand"),
        # variant columns (added later: null in datasets written before them)
        ("friend", _STR, "friend mode: the card the dealer named ([Friend]), else null"),
        ("defender_seats", _CARDS, "seats of the dealer's side as resolved (dealer first; friend mode: "
                                   "dealer and the named card's holder, or the dealer alone)"),
        ("level_n_before", _I8, "N's own level before the hand (friend mode: each player's own)"),
        ("level_e_before", _I8, "E's own level before the hand"),
        ("level_s_before", _I8, "S's own level before the hand"),
        ("level_w_before", _I8, "W's own level before the hand"),
        ("level_n_after", _I8, "N's own level after the hand"),
        ("level_e_after", _I8, "E's own level after the hand"),
        ("level_s_after", _I8, "S's own level after the hand"),
        ("level_w_after", _I8, "W's own level after the hand"),
        ("revoke_ns", _I8, "wrong follows by N-S punished by a level (revoke_penalty = level)"),
        ("revoke_ew", _I8, "wrong follows by E-W punished by a level"),
        ("earlier_buries", pa.list_(_CARDS), "炒地皮: the buries before the last one (the dealer's, then each "
                                             "earlier rebidder's), empty without a rebid"),
        ("outcome_reason", _STR, "points (the score table decided) or miscount (多少牌, miscount = level); "
                                 "null without an outcome"),
        ("miscount", _CARDS, "seats that played or were dealt a wrong number of cards, when 多少牌 decided"),
        _BATCH,
    ),
    "tricks": _schema(
        _KEY_MATCH, _KEY_HAND, _KEY_TRICK,
        ("leader", _STR, "seat that led"),
        ("winner", _STR, "seat that won the trick"),
        ("winner_team", _STR, "NS / EW"),
        ("attackers_won", _BOOL, "the winner is an attacker (friend mode: not among the hand's defender_seats)"),
        ("points", _I16, "card points in the trick"),
        ("lead_kind", _STR, "single, pair, triple, tractor, titanic or throw"),
        ("lead_cards", _I8, "cards in the lead"),
        ("throw_failed", _BOOL, "the leader's throw failed (attempted -> forced)"),
        ("cards_not_thrown", _I8, "failed throw: attempted minus played"),
        ("winning_copies", _I8, "largest unit of the winning play: copies (1 single, 2 pair, 3 triple)"),
        ("winning_length", _I8, "largest unit of the winning play: length (tractor pairs)"),
        ("trumped", _BOOL, "won by a trump-in on a plain-suit lead"),
        ("last", _BOOL, "the last trick of the hand"),
        ("violations", _I8, "violations in the trick"),
        _BATCH,
    ),
    "plays": _schema(
        _KEY_MATCH, _KEY_HAND, _KEY_TRICK,
        ("seat", _STR, "N E S W"),
        ("position", _I8, "0 for the leader, then 1, 2, 3 in play order"),
        ("cards", _CARDS, "cards that went to the table"),
        ("attempted", _CARDS, "failed throw: the cards shown (null otherwise)"),
        ("n_cards", _I8, "number of cards played"),
        ("points", _I16, "card points in the play"),
        ("won", _BOOL, "this play won the trick"),
        ("notes", _CARDS, "annotations {...} written after the play (e.g. 'injected: follow_suit')"),
        _BATCH,
    ),
    "violations": _schema(
        _KEY_MATCH,
        ("hand_no", _I16, "hand number; null for a match-level problem"),
        ("trick_no", _I16, "trick number; null for hand-level checks (bury, deal, declaration, claim)"),
        ("seat", _STR, "offending seat, null when none"),
        ("code", _STR, "stable violation code (verdicts.VIOLATION_CODES)"),
        ("played", _CARDS, "cards played"),
        ("better", _CARDS, "what the player held that met the duty"),
        ("message_zh", _TXT, "explanation in Chinese"),
        ("message_en", _TXT, "explanation in English"),
        # variant columns (added later: null in datasets written before them)
        ("line", _I32, "1-based line of the play or tag in the record, 0 when the record does not say (JSON)"),
        ("column", _I32, "1-based column, 0 when unknown"),
        _BATCH,
    ),
    "errors": _schema(
        ("source_file", _TXT, "path of the input file"),
        ("source_sha256", _TXT, "SHA-256 of the file's bytes"),
        ("line", _I32, "1-based line, 0 when unknown"),
        ("column", _I32, "1-based column, 0 when unknown"),
        ("code", _STR, "stable diagnostic code (diagnostics.CODES; replay_error when the engine failed, "
                       "store_error when the file's rows could not be stored)"),
        ("message", _TXT, "what was found and what was expected"),
        ("text", _TXT, "raw text of the offending line"),
        ("hand_no", _I16, "hand number when known"),
        ("trick_no", _I16, "trick number when known"),
        _BATCH,
    ),
}
"""Every table's Arrow schema; column docs are in the field metadata and docs/dataset.md."""

class DatasetError(ValueError):
    """A dataset that cannot be read as it is: a part file that is damaged, or missing from a
    committed batch.  The message names the part and its table, in English and Chinese."""


def printable(text: str) -> str:
    """``text`` as valid UTF-8 for a Parquet string column: a file name that is not UTF-8 (kept by
    Python as surrogate escapes, e.g. GBK bytes from a Windows zip) shows its bytes as ``\\xc7``."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:          # a lone surrogate that is not an escaped byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


_ARROW_USED = [False]
"""Set once this process reads or writes Parquet (a fork after that is not safe)."""

TABLES: tuple[str, ...] = ("files", "matches", "hands", "tricks", "plays", "violations", "errors")
_CHILDREN = tuple(t for t in TABLES if t != "files")
"""Tables renamed into place before ``files`` (whose part commits the batch)."""


# --- rows -----------------------------------------------------------------------

def _team(t: int | None) -> str | None:
    return None if t is None else TEAMS[t]


def _seat(s: int | None) -> str | None:
    return None if s is None else SEAT_TOKENS[s]


def _tokens(cards: Iterable[int] | None) -> list[str] | None:
    return None if cards is None else [TOKEN[c] for c in cards]


@functools.lru_cache(maxsize=64)
def _defender_seats(dealer: int, defenders: frozenset[int]) -> list[str]:
    """Seats of the dealer's side, dealer first, then in play order."""
    return [SEAT_TOKENS[(dealer + i) & 3] for i in range(4) if (dealer + i) & 3 in defenders]


@functools.lru_cache(maxsize=256)
def _rules_json(rules: RuleSet) -> str:
    return json.dumps(rules.options(), sort_keys=True, ensure_ascii=False)


class TableBuilder:
    """Rows of every table, column by column (no per-row objects), until :meth:`to_tables`."""

    def __init__(self, batch: str) -> None:
        self.batch = batch
        self.cols: dict[str, dict[str, list]] = {
            t: {f.name: [] for f in SCHEMAS[t]} for t in TABLES}
        self.hands = 0
        self.files = 0

    def _row(self, table: str, values: tuple) -> None:
        for column, value in zip(self.cols[table].values(), values):
            column.append(value)

    # files ----------------------------------------------------------------
    def add_file(self, path: str, sha: str, fmt: str | None, matches: list[Match],
                 results: list[MatchResult | None], diagnostics: list[Diagnostic],
                 status: str, rules_override: str | None) -> None:
        """One source file: its matches (replayed) and its diagnostics.  The path (and any
        diagnostic text) is stored as valid UTF-8 (:func:`printable`)."""
        path, sha = printable(path), printable(sha)
        hands = violations = 0
        for index, (match, result) in enumerate(zip(matches, results)):
            if result is None:
                continue
            violations += self._add_match(path, sha, index, match, result)
            hands += len(result.hands)
        for d in diagnostics:      # (a hand or trick number too big for int16 is in the message)
            self._row("errors", (path, sha, d.line, d.column, d.code, printable(d.message),
                                 printable(d.text or ""), _small(d.hand), _small(d.trick), self.batch))
        self._row("files", (path, sha, fmt, len(matches), hands, len(diagnostics), violations,
                            status, rules_override, None, self.batch))
        self.hands += hands
        self.files += 1

    def _add_match(self, path: str, sha: str, index: int, match: Match, result: MatchResult) -> int:
        mid = f"{sha[:16]}-{index}"
        batch = self.batch
        start = match.start_levels
        final = result.levels_final
        nviol = len(result.problems)
        for p in result.problems:
            self._violation(mid, None, p)
        for record, hr in record_pairs(match, result):
            nviol += self._add_hand(mid, hr, record)
        players = match.players
        pf = result.player_levels_final
        self._row("matches", (
            mid, path, sha, index, match.event, match.site, match.date, match.round, match.table,
            players[0], players[1], players[2], players[3],
            result.hands[0].rules.name if result.hands else match.ruleset,
            len(result.hands), start[0], start[1], final[0], final[1],
            _team(result.winner), _team(result.forfeit), nviol,
            result.hands[0].rules.decks if result.hands else None, pf[0], pf[1], pf[2], pf[3], batch))
        return nviol

    def _violation(self, mid: str, hand_no: int | None, v: Violation, record: Hand | None = None,
                   result: HandResult | None = None) -> None:
        line, column = violation_position(record, v, result)
        self._row("violations", (mid, hand_no, v.trick, _seat(v.seat), v.code, _tokens(v.played),
                                 _tokens(v.better), v.message_zh, v.message_en, line, column, self.batch))

    def _add_hand(self, mid: str, hr: HandResult, record: Hand | None) -> int:
        batch = self.batch
        n = hr.number
        defenders = hr.dealer & 1
        attackers = 1 - defenders
        pl = self.cols["plays"]
        # plays columns, bound once (the hot loop of ingest)
        p_mid, p_hand, p_trick, p_seat, p_pos, p_cards, p_att, p_n, p_pts, p_won, p_notes, p_batch = (
            pl[f.name] for f in SCHEMAS["plays"])
        failed = 0
        ntricks = len(hr.tricks)
        cache = _PLAY_CACHE
        for i, t in enumerate(hr.tricks):
            winner = t.winner
            wteam = winner & 1
            failed += t.throw_failed
            plays = t.plays
            m = len(plays)
            p_mid.extend([mid] * m)
            p_hand.extend([n] * m)
            p_trick.extend([t.number] * m)
            p_pos.extend(range(m))
            p_batch.extend([batch] * m)
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
                p_won.append(play.seat == winner)
                p_notes.append(list(play.notes) if play.notes else None)
            lead = t.plays[0] if t.plays else None
            lead_cards = len(lead.attempted if lead is not None and lead.attempted else
                             (lead.cards if lead is not None else ()))
            self._row("tricks", (
                mid, n, t.number, SEAT_TOKENS[t.leader], SEAT_TOKENS[winner], TEAMS[wteam],
                winner not in hr.defenders, t.points, t.lead_kind, lead_cards, t.throw_failed,
                t.cards_not_thrown, t.winning_shape[0], t.winning_shape[1], t.trumped,
                i == ntricks - 1, len(t.violations), batch))
        for v in hr.violations:
            self._violation(mid, n, v, record, hr)
        o = hr.outcome
        decl = None
        if record is not None and record.declarations:
            decl = [f"{'|| ' if d.after_bottom else ''}{SEAT_TOKENS[d.seat]}: {' '.join(TOKEN[c] for c in d.cards)}"
                    for d in record.declarations]
        before, after = hr.levels_before, hr.levels_after
        pb, pa_ = hr.player_levels_before, hr.player_levels_after
        self._row("hands", (
            mid, n, SEAT_TOKENS[hr.dealer], TEAMS[defenders], TEAMS[attackers], hr.level,
            trump_token(hr.trump), hr.rules.name, hr.rules.decks, _rules_json(hr.rules), decl,
            _tokens(record.bottom) if record is not None else None,
            _tokens(record.buried) if record is not None else None,
            hr.setup, hr.complete, ntricks, hr.attackers_points, hr.bottom_points,
            hr.bottom_multiplier, hr.bottom_bonus, hr.bottom_multiplier > 0, hr.penalties,
            hr.attackers_total, hr.claim, hr.claim_matches,
            o.winner if o else None, _team(o.team) if o else None, o.levels if o else None,
            _seat(o.next_dealer) if o else None, o.match_over if o else None,
            before[0], before[1], after[0], after[1], failed, len(hr.violations),
            None if record is None or record.friend is None else TOKEN[record.friend],
            _defender_seats(hr.dealer, hr.defenders), pb[0], pb[1], pb[2], pb[3], pa_[0], pa_[1], pa_[2],
            pa_[3], hr.revoke_levels[0], hr.revoke_levels[1],
            [_tokens(b) for b in record.earlier_buries] if record is not None else None,
            o.reason if o else None, [SEAT_TOKENS[x] for x in o.miscount] if o else None, batch))
        return len(hr.violations)

    def to_tables(self) -> dict[str, pa.Table]:
        now = int(time.time() * 1000)
        self.cols["files"]["ingested_at"] = [now] * len(self.cols["files"]["batch"])
        return {t: _table(self.cols[t], SCHEMAS[t]) for t in TABLES}


def _table(cols: dict[str, list], schema: pa.Schema) -> pa.Table:
    """Columns to Arrow.  Dictionary columns are built as plain strings and encoded in C++
    (converting Python strings straight to a dictionary type is ~15x slower)."""
    arrays = []
    for field in schema:
        values = cols[field.name]
        if pa.types.is_dictionary(field.type):
            arrays.append(pa.array(values, pa.string()).dictionary_encode())
        else:
            arrays.append(pa.array(values, field.type))
    return pa.Table.from_arrays(arrays, schema=schema)


_PLAY_CACHE: dict[tuple[int, ...], tuple[list[str], int]] = {}
"""Tokens and points of a played card tuple (the same plays recur across hands)."""


def _small(n: int | None) -> int | None:
    """``n`` when an int16 column holds it, else ``None``."""
    return n if n is None or -32768 <= n <= 32767 else None


# --- writing: temporary parts, lock, commit ------------------------------------

def new_batch() -> str:
    """A unique batch name: the ingest's pid (so stale temporaries can be told apart) and a uuid."""
    return f"{os.getpid()}-{uuid.uuid4().hex[:12]}"


def _tmp_path(root: str, table: str, batch: str) -> str:
    return os.path.join(root, table, f".part-{batch}.parquet.tmp")


def _part_path(root: str, table: str, batch: str) -> str:
    return os.path.join(root, table, f"part-{batch}.parquet")


def ensure_dataset(root: str) -> None:
    for t in TABLES:
        os.makedirs(os.path.join(root, t), exist_ok=True)


def write_temp_parts(root: str, tables: dict[str, pa.Table], batch: str) -> dict[str, str]:
    """Write a batch's tables to temporary names; ``{table: tmp path}``.  When a write fails
    the temporaries written so far are removed before the error is raised."""
    ensure_dataset(root)
    _ARROW_USED[0] = True
    out = {}
    try:
        for name in TABLES:
            path = _tmp_path(root, name, batch)
            out[name] = path
            pq.write_table(tables[name], path, compression="zstd")
    except BaseException:
        remove_temp_parts(out)
        raise
    return out


def remove_temp_parts(tmp: dict[str, str]) -> None:
    """Delete a batch's temporary parts (those that exist)."""
    for path in tmp.values():
        with contextlib.suppress(OSError):
            os.remove(path)


@contextlib.contextmanager
def dataset_lock(root: str) -> Iterator[None]:
    """Exclusive ``flock`` on ``DATASET/_lock`` (released when the process dies, even by SIGKILL)."""
    os.makedirs(root, exist_ok=True)
    fd = os.open(os.path.join(root, "_lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _parts(root: str, table: str) -> list[str]:
    return sorted(glob.glob(os.path.join(glob.escape(root), table, "part-*.parquet")))


def _batch_of(part: str) -> str:
    return os.path.basename(part)[len("part-"):-len(".parquet")]


class Manifest:
    """Content hashes already in the dataset, read from the ``files`` table (incrementally)."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.seen_parts: set[str] = set()
        self.shas: set[str] = set()
        self.batches: set[str] = set()

    def refresh(self) -> "Manifest":
        _ARROW_USED[0] = True
        for part in _parts(self.root, "files"):
            if part in self.seen_parts:
                continue
            try:
                col = pq.read_table(part, columns=["source_sha256"]).column(0)
            except (pa.ArrowException, OSError) as exc:
                raise _damaged(part, "files", exc) from None
            self.seen_parts.add(part)
            self.batches.add(_batch_of(part))
            self.shas.update(col.to_pylist())
        return self


def _damaged(part: str, table: str, exc: BaseException) -> DatasetError:
    what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    hint_en = ("the dataset cannot tell which files it holds; restore the part from a backup, or move it away "
               "and ingest its files again" if table == "files" else
               "restore the part from a backup, or remove the batch (its part in every table) and ingest its "
               "files again")
    return DatasetError(f"damaged part {os.path.basename(part)} of the {table} table ({part}): {what}; {hint_en} / "
                        f"数据集 {table} 表的分块文件 {os.path.basename(part)} 已损坏，无法读取")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def recover(root: str) -> list[str]:
    """Delete what a killed ingest left behind; call under :func:`dataset_lock`.

    Committed parts whose batch has no ``files`` part (killed between renames) and
    temporary parts of ingests that are no longer running.  Returns the removed paths.
    """
    committed = {_batch_of(p) for p in _parts(root, "files")}
    removed = []
    for t in _CHILDREN:
        for part in _parts(root, t):
            if _batch_of(part) not in committed:
                os.remove(part)
                removed.append(part)
    for t in TABLES:   # temporaries are named after the process that wrote them
        for tmp in glob.glob(os.path.join(glob.escape(root), t, ".part-*.parquet.tmp")):
            pid = os.path.basename(tmp)[len(".part-"):].split("-", 1)[0]
            if pid.isdigit() and not _pid_alive(int(pid)):
                os.remove(tmp)
                removed.append(tmp)
    return removed


def _drop_shas(root: str, tmp: dict[str, str], drop: set[str], batch: str) -> None:
    """Rewrite a batch's temporary parts without the rows of the files in ``drop``."""
    _ARROW_USED[0] = True
    tables = {t: pq.read_table(p) for t, p in tmp.items()}
    shas = pa.array(sorted(drop), pa.string())
    match_ids = tables["matches"].filter(pc.is_in(tables["matches"]["source_sha256"], shas))["match_id"]
    ids = pa.array(match_ids.to_pylist(), pa.string())
    for t, table in tables.items():
        if t in ("files", "errors", "matches"):
            keep = pc.invert(pc.is_in(table["source_sha256"], shas))
        else:
            keep = pc.invert(pc.is_in(pc.cast(table["match_id"], pa.string()), ids))
        pq.write_table(table.filter(keep), tmp[t], compression="zstd")


def commit_parts(root: str, tmp: dict[str, str], batch: str, shas: list[str],
                 manifest: Manifest) -> set[str]:
    """Commit one batch under the lock; returns the content hashes that were already
    committed (by an earlier or a concurrent ingest): their rows are dropped first."""
    with dataset_lock(root):
        recover(root)
        manifest.refresh()
        dup = set(shas) & manifest.shas
        if dup:
            _drop_shas(root, tmp, dup, batch)
        for t in _CHILDREN:
            os.replace(tmp[t], _part_path(root, t, batch))
        os.replace(tmp["files"], _part_path(root, "files", batch))
        manifest.refresh()
        return dup


# --- reading -----------------------------------------------------------------------

@dataclass(frozen=True)
class Dataset:
    """The tables of a dataset as pandas DataFrames (committed rows only)."""

    files: "object"
    matches: "object"
    hands: "object"
    tricks: "object"
    plays: "object"
    violations: "object"
    errors: "object"

    def __getitem__(self, name: str):
        return getattr(self, name)

    def keys(self) -> tuple[str, ...]:
        return TABLES


def _read_parts(parts: list[str], table: str, columns: list[str] | None) -> pa.Table:
    """Parts of one table as Arrow; :class:`DatasetError` naming the part that cannot be read."""
    import pyarrow.dataset as ds

    schema = SCHEMAS[table]
    if not parts:
        empty = schema.empty_table()
        return empty.select(columns) if columns else empty
    _ARROW_USED[0] = True
    try:
        return ds.dataset(parts, schema=schema, format="parquet").to_table(columns=columns)
    except (pa.ArrowException, OSError) as exc:
        for part in parts:             # which one? (only on failure)
            try:
                pq.ParquetFile(part).read(columns=columns)
            except (pa.ArrowException, OSError) as bad:
                raise _damaged(part, table, bad) from None
        raise DatasetError(f"cannot read the {table} table: {exc} / 无法读取数据集的 {table} 表") from None


def _required_parts(root: str, batches: set[str]) -> dict[str, set[str]]:
    """For each child table, the committed batches that must have a part in it: those whose
    ``files`` rows count hands (hands, tricks, plays, matches), matches, errors or violations."""
    need: dict[str, set[str]] = {t: set() for t in _CHILDREN}
    files = _read_parts([p for p in _parts(root, "files") if _batch_of(p) in batches], "files",
                        ["batch", "matches", "hands", "errors", "violations"])
    if not files.num_rows:
        return need
    batch = pc.cast(files["batch"], pa.string())

    def having(column: str) -> set[str]:
        return set(pc.unique(batch.filter(pc.greater(files[column], 0))).to_pylist())

    with_hands = having("hands")
    for t in ("hands", "tricks", "plays", "matches"):
        need[t] |= with_hands
    need["matches"] |= having("matches")
    need["errors"] |= having("errors")
    need["violations"] |= having("violations")
    return need


def _check_parts(root: str, table: str, present: set[str], batches: set[str], cache: dict) -> None:
    """:class:`DatasetError` when a batch of ``batches`` needs a part of ``table`` that is not in
    ``present`` (``cache`` keeps what the files table says between calls)."""
    if batches <= present:
        return
    if "required" not in cache:
        cache["required"] = _required_parts(root, batches)
    missing = sorted((cache["required"].get(table, set()) & batches) - present)
    if not missing:
        return
    names = ", ".join(os.path.join(root, table, f"part-{b}.parquet") for b in missing[:5])
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    raise DatasetError(
        f"the {table} table is missing {len(missing)} part(s) of committed batches: {names}{more} (their "
        f"files/ rows list rows of this table); restore them from a backup, or remove those batches (their "
        f"part in every table) and ingest their files again / 数据集 {table} 表缺少 {len(missing)} 个已提交批次的"
        f"分块文件（{names}{more}），这些行已丢失")


def verify(root: str, tables: Iterable[str] = TABLES) -> None:
    """Raise :class:`DatasetError` when a committed batch lacks a part it needs in ``tables``
    or the ``files`` table cannot be read (each part's content is read only by :func:`read_table`).
    Reads Parquet only when some table lacks a part."""
    batches = {_batch_of(p) for p in _parts(root, "files")}
    cache: dict = {}
    for t in tables:
        if t != "files":
            _check_parts(root, t, {_batch_of(p) for p in _parts(root, t)}, batches, cache)


def read_table(root: str, table: str, columns: list[str] | None = None,
               batches: set[str] | None = None, *, _cache: dict | None = None) -> pa.Table:
    """One table as Arrow, with :data:`SCHEMAS`; only rows of committed batches.

    :class:`DatasetError` when a part cannot be read, or a committed batch whose ``files``
    rows count rows of this table has no part in it (deleted): rows are never dropped silently."""
    _ARROW_USED[0] = True
    if batches is None:
        batches = {_batch_of(p) for p in _parts(root, "files")}
    all_parts = _parts(root, table)
    parts = [p for p in all_parts if _batch_of(p) in batches]
    if table != "files":
        _check_parts(root, table, {_batch_of(p) for p in parts}, batches, {} if _cache is None else _cache)
    return _read_parts(parts, table, columns)


def load(path: str, tables: Iterable[str] = TABLES, decode: bool = True) -> Dataset:
    """Read a dataset folder into pandas DataFrames (``Dataset.plays``, ``ds["hands"]``…).

    Only committed batches are read (see the module docstring).  With ``decode``
    (the default) dictionary columns become plain strings; tables not asked for
    are empty DataFrames.  A damaged part, or a part missing from a committed batch,
    raises :class:`DatasetError` (a ``ValueError``) naming it.
    """
    if not os.path.isdir(path):
        raise FileNotFoundError(f"no dataset at {path!r} (run 'tractor ingest … -o {path}' first)")
    wanted = set(tables)
    batches = {_batch_of(p) for p in _parts(path, "files")}
    cache: dict = {}
    frames = {}
    for t in TABLES:
        table = (read_table(path, t, batches=batches, _cache=cache) if t in wanted
                 else SCHEMAS[t].empty_table())
        if decode:
            table = _decode(table)
        frames[t] = table.to_pandas()
    return Dataset(**frames)


def _decode(table: pa.Table) -> pa.Table:
    for i, field in enumerate(table.schema):
        if pa.types.is_dictionary(field.type):
            table = table.set_column(i, field.name, pc.cast(table.column(i), pa.string()))
    return table


def level_token(rank: int | None) -> str:
    """``2``..``A`` for a level column value (15 and above: passed A)."""
    if rank is None:
        return ""
    return RANK_TOKENS.get(int(rank), "A+")


def __getattr__(name: str):
    # the ingest pipeline moved to tractor_analysis.ingest; keep the old names working
    if name in ("ingest", "IngestSummary", "Flushed"):
        from . import ingest as _ingest
        return getattr(_ingest, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""``tractor check``: parse record files, replay every hand, report verdicts.

The command is thin: :mod:`tractor_analysis.records.sources` reads the files,
:func:`tractor_analysis.engine.replay.replay_match` judges them; this module reads each input
(whole, or streamed when big), and writes the results as the ``check --json`` document of
``docs/format.md`` (built by :mod:`.check_json`: its field names are fixed) or as text for a
referee (the lines of :mod:`.verdict_text`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterator

import click

from tractor_analysis.records.diagnostics import Diagnostic
from tractor_analysis.engine.explain_final_levels import match_final_levels
from tractor_analysis.engine.replay import record_pairs
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.engine.verdicts import HandResult, MatchResult

from .check_json import error_json, hand_json, match_json, violation_json
from .common import (
    CONTEXT, EXIT_NOT_JUDGED, EXIT_OK, EXIT_PRECEDENCE, EXIT_UNREADABLE, EXIT_VIOLATION, Loaded, RuleChoice, bad,
    dim, expand_inputs, from_option, good, load, located, max_bytes_option, passed_over_note, rules_options, strong,
)
from .common import echo_err, record_text
from .verdict_text import hand_lines, match_name, match_text, match_unknown_lines, violation_lines


# --- judging (no printing) ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class FileVerdict:
    """One input checked: what the parser said and each match's replay."""

    path: str
    errors: tuple[Diagnostic, ...]
    matches: tuple[Match, ...]
    results: tuple[MatchResult | None, ...]
    """One per match; ``None`` when the engine could not replay it (see ``errors``)."""
    readable: bool = True
    encoding_note: str | None = None
    """Which legacy encoding (GBK or Big5) the text was read with and why, or the doubt."""

    @property
    def hands(self) -> list[tuple[int, Match, HandResult]]:
        return [(i, m, h) for i, (m, r) in enumerate(zip(self.matches, self.results))
                if r is not None for h in r.hands]

    @property
    def hands_with_records(self) -> list[tuple[int, Match, HandResult, Hand | None]]:
        """As :attr:`hands`, each with its record (by position: replay keeps the record's order,
        so a hand number written twice still finds its own hand)."""
        return [(i, m, h, record) for i, (m, r) in enumerate(zip(self.matches, self.results))
                if r is not None for record, h in record_pairs(m, r)]

    @property
    def violations(self) -> int:
        """Violations of the play (a player's or the table's) and the matches' problems: not the findings
        about the record alone (:attr:`record_findings`)."""
        return sum(len(h.play_violations) for _, _, h in self.hands) + sum(
            sum(not p.of_record for p in r.problems) for r in self.results if r is not None)

    @property
    def record_findings(self) -> int:
        """Findings about the record alone (the scorer's copy proven wrong, a platform referee's verdict not the
        engine's: ``"about": "record"``), the hands' and the matches' own."""
        return sum(len(h.record_findings) for _, _, h in self.hands) + sum(
            sum(p.of_record for p in r.problems) for r in self.results if r is not None)

    @property
    def not_judged(self) -> int:
        """Hands with no violation found whose legality was not fully judged (``legal`` null)."""
        return sum(h.legal is None for _, _, h in self.hands)

    @property
    def not_fully_judged(self) -> int:
        """Hands whose legality was not fully judged, a violation found or not (``legal`` null, or an unknown
        withholding whether other plays were legal beside a violation): the summary line's count — the exit
        status reads :attr:`not_judged`."""
        return sum(h.legal is None or not h.legality_known for _, _, h in self.hands)

    @property
    def without_result(self) -> int:
        """Hands (not positions) with no outcome: withheld (a fact it rests on not stated: friend mode's called
        card, the bottom …) or the hand not played to its end — :func:`no_result`."""
        return sum(no_result(h) for _, _, h in self.hands)

    @property
    def exit_code(self) -> int:
        return verdict_code(bool(self.errors) or not self.readable, self.violations + self.record_findings,
                            self.not_judged)


def no_result(h) -> bool:
    """A hand (not a position: it is no whole hand) whose outcome the check does not give: the summary line
    counts them, so that "0 errors" is never read as every hand settled (a referee's tester: friend mode
    without ``[Friend]``, its sides, points and outcome withheld, summed up as all clear)."""
    return h.outcome is None and not h.setup


def verdict_code(unreadable: bool, violations: int, not_judged: int) -> int:
    """The exit code of one input: 2 when it could not all be read or parsed, else 1 when a violation
    (or a finding about the record alone: the record is to be corrected) was found, else 3 when a hand's
    legality was not fully judged (``legal`` null: not "legal"), else 0."""
    if unreadable:
        return EXIT_UNREADABLE
    if violations:
        return EXIT_VIOLATION
    return EXIT_NOT_JUDGED if not_judged else EXIT_OK


def worse(a: int, b: int) -> int:
    """Of two inputs' exit codes, the one the command exits with (:data:`~.common.EXIT_PRECEDENCE`)."""
    return max(a, b, key=EXIT_PRECEDENCE.index)


def check_file(path: str, rules: RuleChoice, fmt: str | None = None, max_bytes: int | None = None,
               loaded: Loaded | None = None, *, keep_hands_before: bool = True) -> FileVerdict:
    """Read (``fmt`` forces the format; at most ``max_bytes`` after gunzip) and replay one file
    (``loaded``: already read); never raises (engine failures become errors with code ``engine_error``).
    ``keep_hands_before=False``: the tricks' ``hands_before`` dropped from each hand's result once it is
    judged (``check``, which never reads them; ``replay``, ``analyse`` and ``ruling`` show the hands held)."""
    from tractor_analysis.engine.replay import replay_match

    if loaded is None:
        loaded = load(path, fmt, max_bytes)
    errors = list(loaded.diagnostics)
    results: list[MatchResult | None] = []
    for index, match in enumerate(loaded.matches):
        try:
            results.append(replay_match(match, rules.for_match(match), keep_hands_before=keep_hands_before))
        except Exception as exc:  # an engine bug must not hide the other files' verdicts
            results.append(None)
            first = match.hands[0].line if match.hands else 0
            errors.append(Diagnostic(
                "engine_error",
                f"could not replay match {index}: {type(exc).__name__}: {exc} "
                f"/ 无法复盘此记录（程序错误，请报告）", first, 0))
    return FileVerdict(path, relocated(errors, results, path, loaded.matches), loaded.matches, tuple(results),
                       loaded.readable, loaded.encoding_note)


def relocated(errors, results, path: str, matches=()) -> tuple[Diagnostic, ...]:
    """``errors`` with each ``too_many_copies`` of the deal and ``Bottom:`` lines (``Diagnostic.copies``) pointed at
    the copy the engine proves miscopied (``HandResult.miscopied``, docs/rules.md §1.6) where it proves one line's
    — a referee goes to the position given —, else kept where it is; its words name every other copy at
    ``path:line:column`` (docs/format.md).  A ``too_many_copies`` of a hand's plays: :func:`_play_relocated`
    (``matches``: the records ``results`` were replayed from, in order — where a play is in the text)."""
    from dataclasses import replace

    from tractor_analysis.records.diagnostics import bilingual
    from tractor_analysis.records.tgn_cards import copies_words

    hands: dict[int, list[HandResult]] = {}
    records: dict[int, list[tuple[Hand | None, HandResult]]] = {}
    for i, r in enumerate(results):
        for h in (r.hands if r is not None else ()):
            hands.setdefault(h.number, []).append(h)
        if r is not None and i < len(matches):
            for record, h in record_pairs(matches[i], r):
                records.setdefault(h.number, []).append((record, h))
    out = []
    for d in errors:
        if d.code == "too_many_copies" and d.over and d.hand is not None:
            out.append(_play_relocated(d, records.get(d.hand, []), len(hands.get(d.hand, []))))
            continue
        if d.code != "too_many_copies" or not d.copies or d.hand is None:
            out.append(d)
            continue
        kind, _, _, places = d.copies
        judged = hands.get(d.hand, [])
        proven = {key for h in judged for key, k in h.miscopied if k == kind} if len(judged) == 1 else set()
        here = [(ln, col) for k, ln, col in places if len(proven) == 1 and k in proven]
        key, at = (next(iter(proven)), here[-1]) if here else (None, (d.line, d.column))
        en, zh = copies_words(d.copies, at, path, key, d.hand, bool(judged), bool(proven) and not here)
        out.append(replace(d, message=bilingual(en, zh), line=at[0], column=at[1]))
    return tuple(out)


def _play_relocated(d: Diagnostic, judged: list[tuple[Hand | None, HandResult]], results: int) -> Diagnostic:
    """A ``too_many_copies`` of a hand's plays (``Diagnostic.over``) pointed at the play the engine derives
    miscopied (docs/rules.md §1.6) — the hand's one record finding (``not_in_hand``) playing the card — where the
    hand number was judged once (``results``) and names one such play; else kept where the count went over, its
    words saying nothing proves which copy."""
    from dataclasses import replace

    from tractor_analysis.records.diagnostics import bilingual
    from tractor_analysis.records.locate import violation_position
    from tractor_analysis.records.tgn_cards import play_copy_words

    kind = d.over[0]
    found = [(violation_position(record, v, h), v) for record, h in judged for v in h.violations
             if v.of_record and v.code in _COPY_FINDINGS and kind in v.played]
    if results == 1 and len(found) == 1 and found[0][0][0] > 0:
        (line, column), v = found[0]
        en, zh = play_copy_words(d.over, v.seat, v.trick, d.hand, True)
        return replace(d, message=bilingual(en, zh), line=line, column=column, trick=v.trick)
    en, zh = play_copy_words(d.over, None, None, d.hand, results == 1, len(found))
    return replace(d, message=bilingual(en, zh))


_COPY_FINDINGS = ("not_in_hand", "wrong_count")
"""The record findings that name a play miscopied, a card of which may be the copy too many: a card the decks
leave the seat none of (``not_in_hand``), a copy written too many in a play of more cards than the lead
(``wrong_count``, :func:`~tractor_analysis.engine.explain_gaps.copy_written_too_many`)."""


# --- the check --json document -------------------------------------------------

def problem_json(index: int, p) -> dict:
    """A violation of match ``index`` as a whole (the file's ``problems``): :func:`~.check_json.violation_json`
    and, added, ``match`` — its index in the file, from 0 (as the ``matches``' ``match``)."""
    return {**violation_json(p), "match": index}

































def file_json_chunks(v: FileVerdict) -> Iterator[str]:
    """The ``check --json`` object of one file (docs/format.md: path, errors, hands, problems when any,
    matches) as text, a hand at a time: never the document of every hand in memory at once (a file
    of 66,000 short hands gives some 200 MB of JSON)."""
    def dumps(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    yield '{"path": ' + dumps(v.path) + ', "errors": ' + dumps([error_json(d) for d in v.errors]) + ', "hands": ['
    for n, (i, _, h, rec) in enumerate(v.hands_with_records):
        yield (", " if n else "") + dumps(hand_json(i, h, rec))
    yield "]"
    problems = [problem_json(i, p) for i, r in enumerate(v.results) if r is not None for p in r.problems]
    if problems:
        yield ', "problems": ' + dumps(problems)
    yield ', "matches": ' + dumps([match_json(i, r) for i, r in enumerate(v.results) if r is not None]) + "}"






# --- text for people -------------------------------------------------------------



















def file_title(v: FileVerdict) -> str:
    """The file's name, and for a single match its event, round, table and date (record text: shown
    through :func:`~.common.record_text`, a bidi control in it cannot reorder the line)."""
    title = strong(record_text(v.path))
    if len(v.matches) == 1:
        m = v.matches[0]
        bits = [b for b in (m.event, f"round {m.round}" if m.round else None,
                            f"table {m.table}" if m.table else None, m.date) if b]
        if bits:
            title += dim("  " + record_text(" · ".join(bits)))
    return title


def print_file(v: FileVerdict) -> None:
    """One file's diagnostics, then its hands (files are printed as they are checked)."""
    for d in v.errors:
        click.echo(record_text(located(d, v.path)))
    if v.encoding_note:                    # a GBK or Big5 record: say which was used (and any doubt)
        click.echo(dim(record_text(f"{v.path}: encoding 编码: {v.encoding_note}")))
    if not v.readable or (v.errors and not v.hands):
        return                             # nothing to show beyond the errors above
    click.echo(file_title(v))
    many = len(v.matches) > 1
    errors_in: dict[int | None, int] = {}
    for d in v.errors:
        errors_in[d.hand] = errors_in.get(d.hand, 0) + 1
    for i, m, h, record in v.hands_with_records:
        for line in hand_lines(i, m, h, many, errors_in.get(h.number, 0), path=v.path, record=record):
            click.echo(line)
    for i, (r, m) in enumerate(zip(v.results, v.matches)):
        for line in (match_lines(i, m, r, many) if r is not None else ()):
            click.echo(line)
    if not v.hands and not v.errors:
        click.echo(dim("  no hands / 没有牌局"))


def summary_text(files: int, hands: int, violations: int, errors: int, not_judged: int = 0,
                 record_findings: int = 0, without_result: int = 0) -> str:
    """The last line: files, hands, violations, the findings about the record alone (said only when there
    are some: no player's violation), the hands whose legality was not fully judged (``legal`` null: neither legal
    nor a violation; or a violation found beside an unknown withholding whether the other plays were legal), errors."""
    def n(count: int, word: str) -> str:
        return f"{count} {word}{'s' if count != 1 else ''}"

    found_en = f"{n(record_findings, 'record finding')}, " if record_findings else ""
    found_zh = f"{record_findings} 处记录问题，" if record_findings else ""
    open_en = f"{without_result} without a result (see each hand), " if without_result else ""
    open_zh = f"{without_result} 局结果未定（见各局），" if without_result else ""
    text = (f"{n(files, 'file')}, {n(hands, 'hand')}, {n(violations, 'violation')}, {found_en}{not_judged} not fully "
            f"judged, {open_en}{n(errors, 'error')} / {files} 个文件，{hands} 局，{violations} 处违规，{found_zh}{not_judged} "
            f"局未能完整判定，{open_zh}{errors} 个错误")
    if violations or errors or record_findings:
        return bad(text)
    return strong(text) if not_judged or without_result else good(text)


# --- a big JSON Lines file, a match at a time ------------------------------------

def open_streamed(path: str, fmt: str | None, max_bytes: int | None):
    """The :class:`~tractor_analysis.records.streaming.StreamedFile` of ``path`` (``None`` when it is
    no regular file, or cannot be opened: :func:`check_file` reports that)."""
    import os

    from tractor_analysis.records.limits import DEFAULT_MAX_BYTES
    from tractor_analysis.records.streaming import StreamedFile

    if not path or not os.path.isfile(path):
        return None
    try:
        return StreamedFile(path, fmt.lower() if fmt else None, max_bytes or DEFAULT_MAX_BYTES)
    except Exception:         # noqa: BLE001 - check_file reads it again and reports what went wrong
        return None


class _Spool:
    """JSON values written one after another, kept on disk past 1 MiB: one list of the document."""

    def __init__(self) -> None:
        import tempfile

        self.file = tempfile.SpooledTemporaryFile(1 << 20, mode="w+", encoding="utf-8")
        self.count = 0

    def add(self, value) -> None:
        self.file.write((", " if self.count else "") + json.dumps(value, ensure_ascii=False))
        self.count += 1

    def echo(self) -> None:
        self.file.seek(0)
        for chunk in iter(lambda: self.file.read(1 << 16), ""):
            click.echo(chunk, nl=False)
        self.file.close()


def check_streamed(stream, path: str, rules: RuleChoice, as_json: bool,
                   first: bool) -> tuple[int, int, int, int, int]:
    """Check a streamed file a match at a time, printing as :func:`file_json_chunks` / :func:`print_file`
    would (the ``--json`` document is the same; the text prints each match as it is checked and
    the file's errors after them); ``(hands, violations, errors, exit code, hands not fully judged (a violation
    found or not: :attr:`FileVerdict.not_fully_judged`), findings about the record alone)``."""
    from tractor_analysis.engine.replay import record_pairs, replay_match

    hands_s, problems_s, matches_s, engine_s = _Spool(), _Spool(), _Spool(), _Spool()
    parsed: list[Diagnostic] = []
    hands = violations = engine = not_judged = unjudged = found = open_ = 0
    index = 0
    if not as_json:
        click.echo(strong(record_text(path)))
    for piece in stream:
        piece_results: list[MatchResult | None] = []
        for match in piece.matches:
            try:
                r: MatchResult | None = replay_match(match, rules.for_match(match), keep_hands_before=False)
            except Exception as exc:  # an engine bug must not hide the other matches' verdicts
                r = None
                engine += 1
                engine_s.add(error_json(Diagnostic(
                    "engine_error", f"could not replay match {index}: {type(exc).__name__}: {exc} "
                    f"/ 无法复盘此记录（程序错误，请报告）", match.hands[0].line if match.hands else 0, 0)))
            piece_results.append(r)
            if r is not None:
                hands += len(r.hands)
                violations += sum(len(h.play_violations) for h in r.hands) + sum(not p.of_record for p in r.problems)
                found += sum(len(h.record_findings) for h in r.hands) + sum(p.of_record for p in r.problems)
                not_judged += sum(h.legal is None for h in r.hands)
                unjudged += sum(h.legal is None or not h.legality_known for h in r.hands)
                open_ += sum(no_result(h) for h in r.hands)
                if as_json:
                    for record, h in record_pairs(match, r):
                        hands_s.add(hand_json(index, h, record))
                    for p in r.problems:
                        problems_s.add(problem_json(index, p))
                    matches_s.add(match_json(index, r))
                else:
                    _print_match(index, match, r, piece.diagnostics, path)
            index += 1
        parsed.extend(relocated(piece.diagnostics, piece_results, path, piece.matches))
    errors = stream.leading + parsed + stream.trailing
    if as_json:
        click.echo(("," if not first else "") + "\n" + '{"path": ' + json.dumps(path, ensure_ascii=False)
                   + ', "errors": [' + ", ".join(json.dumps(error_json(d), ensure_ascii=False) for d in errors)
                   + (", " if errors and engine else ""), nl=False)
        engine_s.echo()
        click.echo('], "hands": [', nl=False)
        hands_s.echo()
        if problems_s.count:
            click.echo('], "problems": [', nl=False)
        problems_s.echo()
        click.echo('], "matches": [', nl=False)
        matches_s.echo()
        click.echo("]}", nl=False)
    else:
        for d in errors:
            click.echo(record_text(located(d, path)))
        if stream.encoding_note:
            click.echo(dim(record_text(f"{path}: encoding 编码: {stream.encoding_note}")))
        if not hands and not errors and not engine:
            click.echo(dim("  no hands / 没有牌局"))
    n_errors = len(errors) + engine
    return (hands, violations, n_errors, verdict_code(bool(n_errors), violations + found, not_judged), unjudged,
            found, open_)


def _print_match(index: int, match: Match, r: MatchResult, diags: tuple[Diagnostic, ...], path: str) -> None:
    """The hands of one match of a streamed file, as :func:`print_file` prints them."""
    from tractor_analysis.engine.replay import record_pairs

    errors_in: dict[int | None, int] = {}
    for d in diags:
        errors_in[d.hand] = errors_in.get(d.hand, 0) + 1
    for record, h in record_pairs(match, r):
        for line in hand_lines(index, match, h, True, errors_in.get(h.number, 0), path=path, record=record):
            click.echo(line)
    for line in match_lines(index, match, r, True):
        click.echo(line)


def match_lines(index: int, match: Match, r: MatchResult, many: bool) -> list[str]:
    """The lines about match ``index`` as a whole: its problems, what is derived or unknown about it, who won.
    In a file of ``many`` matches each names its match as its hands' lines do (:func:`~.verdict_text.match_name`:
    ``match #1``, from 1; ``check --json``'s ``match`` is the index, from 0): printed after every hand, a line must
    say which match it is about."""
    where = f"{match_name(index)} 比赛" if many else "match 比赛"
    lines = [line for p in r.problems for line in violation_lines(p, match, indent="  ", where=where)]
    lines.extend(match_unknown_lines(r, where=where))
    lines.extend(final_levels_lines(r, where))
    decided = match_text(r)
    if decided:
        lines.append(f"  {where}  {decided}")
    return lines


def final_levels_lines(r: MatchResult, where: str) -> list[str]:
    """The match's final levels where a side's is known only as a range (``check --json``'s ``levels_final_span``):
    the range, and why (:func:`~tractor_analysis.engine.explain_final_levels.match_final_levels`); none otherwise."""
    (ns, ew), note = match_final_levels(r)
    if note is None:
        return []
    zh, en = note
    return [f"  {where}  final levels 终局级别  N–S : E–W {ns} : {ew}: {en} / {zh}"]


@click.command("check", context_settings=CONTEXT)
@click.argument("paths", nargs=-1, required=True, metavar="FILE...")
@rules_options
@from_option
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON document (the fixed field names of docs/format.md) instead of text.")
@max_bytes_option
def check(paths: tuple[str, ...], preset: str | None, rule_pairs: tuple[tuple[str, str], ...],
          source_format: str | None, as_json: bool, max_bytes: int) -> None:
    """Check records: parse every FILE, replay every hand by the rules, report.

    The rules are those of docs/rules.md; each violation names its code, and
    docs/rules.md §13 lists the section each code enforces.

    FILE may be a record (.tgn, .json, .jsonl, also gzipped; the 80fen contest
    NDJSON and Botzone match logs are recognised by their shape, or forced
    with --from 80fen / --from botzone), a folder
    (read recursively) or a glob.  For each hand: the verdict, each violation with
    the better play the player held, the points breakdown (tricks, bottom ×
    multiplier, penalties, total, claim) and the outcome (winner, levels,
    next dealer).  Parse errors print as path:line:column: message.

    \b
    Exit status (of several, the first that applies: 2, 1, 3, 0):
      0  every hand parsed and judged legal
      1  a violation was found (illegal play, bad bury, …), or a finding
         about the record alone ("✎ record 记录", --json "about": "record":
         the scorer's copy is wrong, e.g. a [Claim] other than the plays'
         total; no player's violation)
      2  a file could not be read or parsed (the other files are still checked)
      3  no violation found, but a hand's legality was not fully judged
         ("legality not fully judged", --json "legal": null: the trump, the
         level, a seat's cards or the first leader not known, a score sheet)
      130  interrupted (Ctrl-C)

    \b
    Examples:
      tractor check sample_logs/
      tractor check game.tgn --json > verdict.json
      tractor check 'logs/*.tgn' --rules tournament
      tractor check game.tgn --rule bottom_multiplier=pair_doubling
      tractor check --from 80fen contest.ndjson.gz --rules 80fen
    """
    choice = RuleChoice(preset.lower() if preset else None, rule_pairs)
    # Stream: each file is printed as soon as it is checked, so memory stays flat on big batches.
    worst, files, hands, violations, errors, not_judged, found, open_ = EXIT_OK, 0, 0, 0, 0, 0, 0, 0
    if as_json:
        click.echo('{"files": [', nl=False)
    passed_over: list[str] = []
    for path in expand_inputs(paths, passed_over):
        stream = open_streamed(path, source_format, max_bytes)
        if stream is not None and stream.streamed:      # a big JSON Lines file: a match at a time
            counts = check_streamed(stream, path, choice, as_json, files == 0)
            files += 1
            hands, violations, errors = hands + counts[0], violations + counts[1], errors + counts[2]
            not_judged += counts[4]
            found += counts[5]
            open_ += counts[6]
            worst = worse(worst, counts[3])
            continue
        whole = None if stream is None else Loaded(path, tuple(stream.whole.matches),
                                                   tuple(stream.whole.diagnostics), True, stream.whole.encoding_note)
        stream = None       # (its text, in lines, not needed now: not held while the matches are judged)
        v = check_file(path, choice, source_format, max_bytes, whole, keep_hands_before=False)
        if as_json:
            click.echo(("," if files else "") + "\n", nl=False)
            for chunk in file_json_chunks(v):
                click.echo(chunk, nl=False)
        else:
            print_file(v)
        files += 1
        hands += len(v.hands)
        violations += v.violations
        found += v.record_findings
        errors += len(v.errors)
        not_judged += v.not_fully_judged
        open_ += v.without_result
        worst = worse(worst, v.exit_code)
    note = passed_over_note(passed_over)       # on stderr: a notice, the exit status as it is
    if note is not None:
        echo_err(note)
    if as_json:
        click.echo("\n]}")
    else:
        click.echo(summary_text(files, hands, violations, errors, not_judged, found, open_))
    click.get_current_context().exit(worst)

"""What the ``tractor`` commands share: ruleset options, loading inputs, printing.

``--rules PRESET`` replaces the record's ruleset (its ``[Ruleset]`` preset *and*
its ``[Rule:…]`` options); repeatable ``--rule name=value`` sets options on top
of whichever base applies (the record's own ruleset when ``--rules`` is not
given).  Both are checked when the command line is parsed, so a bad preset or
option value is a click usage error (exit 2) before any file is read.

The text tables the commands print are laid out by :mod:`.tables`.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

import click

from tractor_analysis.records.cards import (
    PRETTY, RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_SYMBOLS, TOKEN, Card, Seat, Suit,
)
from tractor_analysis.records.diagnostics import Diagnostic
from tractor_analysis.records.input_files import OS_REASONS_ZH, os_reason
from tractor_analysis.records.model import Match
from tractor_analysis.records.rulesets import OPTION_DOCS, PRESETS, RuleSet, RuleValueError, build_ruleset, parse_option

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
"""click context settings every command uses: ``-h`` as well as ``--help``."""

EXIT_OK, EXIT_VIOLATION, EXIT_UNREADABLE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 1, 2, 130, 141
"""Exit codes, the same for every command (README, "Exit codes"): clean; a rule violation found;
an input that could not be read, parsed or converted, an output that could not be written, or a bad
command line (click's usage errors); interrupted (Ctrl-C); the reader of the output went away
(``tractor check | head``: 128 + SIGPIPE, as a shell tool killed by SIGPIPE; never 1, which means
a violation)."""
EXIT_NOT_JUDGED = 3
"""``tractor check``, ``replay`` and ``ruling``: no violation found, but some hand's legality was not fully judged (``check
--json``'s hand ``legal`` null: the trump, the level, a seat's cards or the first leader not known, a
score sheet's hand) — not clean (0 says every hand legal), and no violation (1).  2 and 1 come
before it (:data:`EXIT_PRECEDENCE`)."""
EXIT_CODES = frozenset({EXIT_OK, EXIT_VIOLATION, EXIT_UNREADABLE, EXIT_NOT_JUDGED, EXIT_INTERRUPTED,
                        EXIT_BROKEN_PIPE})
EXIT_PRECEDENCE = (EXIT_OK, EXIT_NOT_JUDGED, EXIT_VIOLATION, EXIT_UNREADABLE)
"""The verdict codes of several inputs, least first: a command exits with the last its inputs give
(an input that could not be read, before a violation found, before a hand not fully judged)."""


# --- ruleset options --------------------------------------------------------

def parse_rule_pairs(ctx: click.Context, param: click.Parameter,
                      values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    pairs = []
    for raw in values:
        name, sep, value = raw.partition("=")
        name = name.strip()
        if not sep or not name:
            raise click.BadParameter(
                f"{raw!r} is not name=value (e.g. --rule bottom_multiplier=pair_doubling) / "
                f"{raw!r} 不是 名称=值 的形式（如 --rule bottom_multiplier=pair_doubling）", ctx=ctx, param=param)
        try:
            parse_option(name, value)
        except KeyError:
            raise click.BadParameter(
                f"unknown rule option {name!r} (expected one of {', '.join(OPTION_DOCS)}); "
                f"see 'tractor rules' / 未知的规则选项 {name!r}（应为 {'、'.join(OPTION_DOCS)} 之一）；"
                "可用选项见 'tractor rules'",
                ctx=ctx, param=param) from None
        except RuleValueError as exc:       # (its Chinese says what its English says)
            raise click.BadParameter(f"{exc} / {exc.zh}", ctx=ctx, param=param) from None
        except ValueError as exc:
            raise click.BadParameter(f"{exc} / 规则选项 {name!r} 的取值 {value.strip()!r} 无效（{exc}），可用取值见 "
                                     f"'tractor rules'", ctx=ctx, param=param) from None
        pairs.append((name, value.strip()))
    return tuple(pairs)


STORED_ROWS_KEPT = ("  A file already in the dataset is not read again: it keeps the rows an earlier ingest "
                    "stored (said on stderr; ingest into a new dataset to store it with this option).")
"""What an option of ``ingest`` that changes the rows a file is stored with says in its help
(``stored=True`` of :func:`rules_options` and :func:`max_bytes_option`)."""


def rules_options(command: Callable, *, play: bool = False, stored: bool = False) -> Callable:
    """Add ``--rules PRESET`` and repeatable ``--rule name=value`` to a command
    (``play``: the command plays by them, as ``simulate`` does, rather than judging records;
    ``stored``: the command stores what it judges, as ``ingest`` does: the help says that a file
    already stored keeps its rows, :data:`STORED_ROWS_KEPT`)."""
    if play:
        rule_help = "Set one ruleset option on top of --rules; repeatable. 'tractor rules' lists the options."
        rules_help = "Play by this preset (default: standard)."
    else:
        rule_help = ("Set one ruleset option on top of the record's (or --rules) ruleset; repeatable. "
                     "'tractor rules' lists the options.")
        rules_help = "Judge with this preset instead of the record's [Ruleset]."
    if stored:
        rule_help, rules_help = rule_help + STORED_ROWS_KEPT, rules_help + STORED_ROWS_KEPT
    command = click.option(
        "--rule", "rule_pairs", multiple=True, metavar="NAME=VALUE", callback=parse_rule_pairs,
        help=rule_help)(command)
    command = click.option(
        "--rules", "preset", type=click.Choice(sorted(PRESETS), case_sensitive=False),
        default=None, help=rules_help)(command)
    return command


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """The ruleset options given on the command line."""

    preset: str | None = None
    pairs: tuple[tuple[str, str], ...] = ()

    @property
    def overrides(self) -> bool:
        return self.preset is not None or bool(self.pairs)

    def for_match(self, match: Match) -> RuleSet | None:
        """The ruleset to judge ``match`` with; ``None``: the record's own (the engine builds it)."""
        if not self.overrides:
            return None
        if self.preset is not None:
            preset, base_pairs = self.preset, ()
        else:
            preset, base_pairs = match.ruleset, tuple(match.rules)
        # The record's own problems (unknown preset/option) were reported by the
        # parser; the command line's were refused by click before we got here.
        ruleset, _problems = build_ruleset(preset, base_pairs + self.pairs)
        return ruleset


# --- options that do nothing -------------------------------------------------

def options_given(ctx: click.Context, names: Iterable[str]) -> list[str]:
    """The options among ``names`` (parameter names) that were given — on the command line or by
    the environment, not left at their defaults — each as its longest spelling (``--analyse-budget``),
    in the command's order.  click's parameter source tells, not the value: an option given with its
    default value was given."""
    from click.core import ParameterSource

    wanted = set(names)
    return [max(p.opts, key=len) for p in ctx.command.params
            if p.name in wanted and p.opts and ctx.get_parameter_source(p.name) not in (
                None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)]


def _listed(options: list[str]) -> str:
    """``--a``, ``--a and --b``, ``--a, --b and --c``."""
    return options[0] if len(options) == 1 else ", ".join(options[:-1]) + " and " + options[-1]


def idle_without(ctx: click.Context, names: Iterable[str], needed: str, present: bool) -> list[str]:
    """The usage error's line (bilingual) when some of the options ``names`` (parameter names), which
    only refine ``needed`` (``--analyse K``), were given while ``needed`` was not (``present``): they
    would do nothing; ``[]`` when ``needed`` was given or none of them was."""
    given = [] if present else options_given(ctx, names)
    if not given:
        return []
    one = len(given) == 1
    en, zh = _listed(given), "、".join(given)
    return [f"{en} {'is' if one else 'are'} for {needed} and {'does' if one else 'do'} nothing without it: "
            f"{'it needs' if one else 'they need'} {needed} (add it, or leave {'it' if one else 'them'} out) / "
            f"{zh} 只用于 {needed}，没有它不起作用：需要同时给出 {needed}（或去掉{'该选项' if one else '这些选项'}）"]


def idle_with(ctx: click.Context, names: Iterable[str], other: str, present: bool, why: tuple[str, str]) -> list[str]:
    """The usage error's line (bilingual) when some of the options ``names`` (parameter names) were
    given with ``other`` (``present``), which leaves them nothing to do (``why``: English, 中文);
    ``[]`` otherwise."""
    given = options_given(ctx, names) if present else []
    if not given:
        return []
    one = len(given) == 1
    en, zh = _listed(given), "、".join(given)
    return [f"{en} {'does' if one else 'do'} nothing with {other}: {why[0]} (leave one out) / "
            f"{zh} 与 {other} 同用时不起作用：{why[1]}（请去掉其一）"]


def refuse_idle(lines: list[str]) -> None:
    """A usage error (exit 2, before anything is read) naming every option given that would do
    nothing (:func:`idle_without`, :func:`idle_with`), one line each; nothing when there is none."""
    if lines:
        raise click.UsageError("\n".join(lines))


# --- inputs -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Loaded:
    """One input path read: its matches and diagnostics (``readable`` false: nothing was read)."""

    path: str
    matches: tuple[Match, ...]
    diagnostics: tuple[Diagnostic, ...]
    readable: bool = True
    encoding_note: str | None = None
    """A GBK or Big5 text: which encoding was used and why (:attr:`SourceFile.encoding_note`)."""


NO_RECORD_FILES = ("no record files in this folder (names ending in .tgn, .json, .jsonl, .ndjson, or these "
                   "with .gz)")
"""Why a folder named as an input gives nothing to read (``check``, ``ingest``)."""

_REASONS_ZH = {
    **OS_REASONS_ZH,
    NO_RECORD_FILES: "此文件夹中没有记录文件（文件名以 .tgn、.json、.jsonl、.ndjson 结尾，或其后再加 .gz）",
    "empty path (an unset shell variable?)": "空路径（shell 变量未设置？）",
}


def unreadable(path: str, reason: str, zh: str | None = None) -> Diagnostic:
    """``unreadable_file`` for ``path``: ``reason`` in English, ``zh`` in Chinese (by default the
    known translation of ``reason``)."""
    zh = zh or _REASONS_ZH.get(reason, reason)
    return Diagnostic("unreadable_file", f"cannot read {path}: {reason} / 无法读取 {path}：{zh}", 0, 0)


class RefusedInput(str):
    """A record file's name that a folder scan or a glob found (:func:`expand_inputs`) and that is
    no regular file — a named pipe, a socket, a device: :func:`load` does not open it (a pipe no one
    writes to would block for ever) and says why (``refusal``: English, Chinese)."""

    refusal: tuple[str, str]

    def __new__(cls, name: str, refusal: tuple[str, str]) -> "RefusedInput":
        self = super().__new__(cls, name)
        self.refusal = refusal
        return self

    def __reduce__(self):
        return RefusedInput, (str(self), self.refusal)


def located(d: Diagnostic, path: str) -> str:
    """``path:line:column: message`` (editors jump to it), or ``path: message`` when the
    position is not known (``line == 0``: a whole file, a JSON value without a position), as a
    terminal line shows it (:func:`record_text`: the file's name and the message may quote the
    record).  A page (``--html``) takes ``d.located(path)`` itself: the page isolates record text."""
    return record_text(d.located(path))


def _size(ctx: click.Context, param: click.Parameter, value: str | None) -> int:
    from tractor_analysis.records.limits import DEFAULT_MAX_BYTES, parse_size

    if value is None:
        return DEFAULT_MAX_BYTES
    try:
        return parse_size(value)
    except ValueError as exc:
        raise click.BadParameter(f"{exc} / 应为字节数，如 64M、1G", ctx=ctx, param=param) from None


def max_bytes_option(command: Callable, *, stored: bool = False) -> Callable:
    """Add ``--max-bytes SIZE``: the most bytes read from one file after gunzip (default 8M)
    (``stored``: as :func:`rules_options`' — ``ingest``'s help says a file already stored keeps its rows)."""
    return click.option(
        "--max-bytes", "max_bytes", metavar="SIZE", default=None, callback=_size,
        help="Read at most this many bytes of one file, after gunzip (e.g. 64M, 1G; default 8M). "
             "A bigger file is reported as too_large and not read. check and ingest read a JSON Lines "
             "file a line at a time: there the limit is per line (one match)."
             + (STORED_ROWS_KEPT if stored else ""))(command)


def from_option(command: Callable) -> Callable:
    """Add ``--from FORMAT``: read every input in that format instead of recognising it."""
    from tractor_analysis.records.sources import FORMATS

    return click.option(
        "--from", "source_format", type=click.Choice(FORMATS, case_sensitive=False), default=None,
        help="Read the input as this format (default: by its extension and shape; "
             "80fen = the 80fen contest NDJSON; botzone = Botzone Tractor match logs).")(command)


def load(path: str, fmt: str | None = None, max_bytes: int | None = None) -> Loaded:
    """Read one record file with :func:`tractor_analysis.records.sources.load_file` (``fmt``
    forces the format; at most ``max_bytes`` after gunzip, default
    :data:`~tractor_analysis.records.limits.DEFAULT_MAX_BYTES`); never raises."""
    from tractor_analysis.records import sources
    from tractor_analysis.records.limits import DEFAULT_MAX_BYTES

    if not path:
        return Loaded(path, (), (unreadable('""', "empty path (an unset shell variable?)"),), False)
    if isinstance(path, RefusedInput):      # found by a scan, no regular file: never opened
        return Loaded(str(path), (), (unreadable(str(path), *path.refusal),), False)
    if not os.path.exists(path):
        import glob

        why = "no file matches this pattern" if glob.has_magic(path) else "no such file or directory"
        return Loaded(path, (), (unreadable(path, why),), False)
    if os.path.isdir(path):
        return Loaded(path, (), (unreadable(path, NO_RECORD_FILES),), False)
    try:
        source = sources.load_file(path, fmt.lower() if fmt else None, max_bytes or DEFAULT_MAX_BYTES)
    except OSError as exc:
        return Loaded(path, (), (unreadable(path, *os_reason(exc, path)),), False)
    return Loaded(path, tuple(source.matches), tuple(source.diagnostics), True, source.encoding_note)


def expand_inputs(args: Iterable[str], passed_over: list[str] | None = None) -> Iterator[str]:
    """Files named by ``args`` (files, folders, globs), in order.

    :func:`tractor_analysis.records.input_files.iter_inputs` expands folders and globs; an
    argument that names nothing is passed through unchanged so that the caller
    reports it as unreadable (and the batch goes on).  A file a folder or a glob found that is
    no regular file (a named pipe …) comes as a :class:`RefusedInput`, which :func:`load` does
    not open — unless an argument names it: a file named is read whatever it is (``<(…)``).
    ``passed_over`` (a list) gets, once every file is yielded, the files a folder scan found and
    did not read, their names being no record file's, each once (:func:`passed_over_note` says so).
    """
    from tractor_analysis.records import input_files

    args = list(args)
    named = input_files.named_keys(args)
    seen: set[str] = set()
    skipped: list = []
    for arg in args:
        found = False
        for path in input_files.iter_inputs([arg], named, passed_over=skipped):
            found = True
            key = os.path.normcase(os.path.abspath(path))
            if key not in seen:
                seen.add(key)
                why = input_files.scan_refusal(path)
                yield str(path) if why is None else RefusedInput(str(path), why)
        if not found:
            yield arg
    if passed_over is not None:
        for path in skipped:        # (one read all the same, named by another argument: not passed over)
            key = os.path.normcase(os.path.abspath(path))
            if key not in seen:
                seen.add(key)
                passed_over.append(str(path))


def _outside_datasets(paths: list[str]) -> list[str]:
    """``paths`` without the files inside a dataset folder (its tables: ``tractor ingest . -o data``
    in the records' folder), which are no records passed over."""
    if not paths:
        return paths
    from tractor_analysis.dataset.event import is_dataset

    known: dict[Path, bool] = {}

    def in_dataset(p: str) -> bool:
        for folder in Path(p).parents:
            if folder not in known:
                known[folder] = is_dataset(folder)
            if known[folder]:
                return True
        return False

    return [p for p in paths if not in_dataset(p)]


SHOWN_PASSED_OVER = 5
"""The files :func:`passed_over_note` names; the others it counts."""


def expand_noted(args: Iterable[str]) -> list[str]:
    """:func:`expand_inputs` of ``args``, the files a folder scan found and did not read named on stderr
    (:func:`passed_over_note`: a notice, the exit status as it is) — for the commands that take one record."""
    passed_over: list[str] = []
    paths = list(expand_inputs(args, passed_over))
    note = passed_over_note(passed_over)
    if note is not None:
        echo_err(note)
    return paths


def passed_over_note(paths: list[str]) -> str | None:
    """The line saying which files the folders given held that were not read, and why: their names
    are no record file's (docs/dataset.md, "nothing found is skipped unsaid"); ``None`` when none.
    A notice, not an error: it leaves the exit status as it is.  The files of a dataset folder among
    them are left out (tables, not records: :func:`_outside_datasets`)."""
    paths = _outside_datasets(paths)
    if not paths:
        return None
    from tractor_analysis.records.input_files import RECORD_SUFFIXES

    shown = ", ".join(record_text(p) for p in paths[:SHOWN_PASSED_OVER])
    more = len(paths) - SHOWN_PASSED_OVER
    suffixes = ", ".join(s for s in RECORD_SUFFIXES if not s.endswith(".gz"))
    n = len(paths)
    files = "file" if n == 1 else "files"
    were = "was" if n == 1 else "were"
    return (f"{n} {files} in the folders given {were} not read: not named as a record (the names read end in {suffixes}, "
            f"or these with .gz, in any case); name a file on the command line to read it whatever its name: "
            f"{shown}" + (f" and {more} more" if more > 0 else "") +
            f" / 所给文件夹中有 {n} 个文件未读取：文件名不是记录文件名（读取的文件名以 {suffixes.replace(', ', '、')} 结尾，"
            f"或其后再加 .gz，大小写不限）；在命令行上直接指定的文件不论名称都会读取：{shown}"
            + (f" 等，另有 {more} 个" if more > 0 else ""))


# --- printing ----------------------------------------------------------------

_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
"""What record text may hold that would change how the rest of a terminal line reads: the bidi
controls (ALM, LRM, RLM, the embeddings and overrides LRE … RLO, the isolates LRI … PDI), control
characters (C0, DEL, C1: an escape sequence, a carriage return) and the line and paragraph separators."""


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""How a spreadsheet cell a program opening a CSV file reads as a formula starts (:func:`csv_text`)."""


def csv_text(text: str) -> str:
    """A CSV cell of record text (a team's, a player's, an event's name …) that starts like a formula
    (:data:`FORMULA_START`: ``=HYPERLINK(…)``, ``@SUM(A1)``, ``-2+3``) with ``'`` put first, so that a spreadsheet shows
    the text instead of running it; CSV output only (JSON keeps the names exact)."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_frame(df):
    """``df`` (a pandas DataFrame about to be written as CSV) with every text cell :func:`csv_text`'s: numbers as they
    are (a count of -1 stays a number)."""
    text = [c for c in df.columns                     # (object, string or category columns: any cell a str)
            if any(isinstance(v, str) and v.startswith(FORMULA_START) for v in df[c].tolist())]
    if not text:
        return df
    df = df.copy()
    for c in text:
        df[c] = [csv_text(v) if isinstance(v, str) else v for v in df[c]]
    return df


def record_text(text: str) -> str:
    """Record text (a name, the event, a file's name, a message that may quote the record) as a
    terminal line shows it: each character of :data:`_UNSAFE` written visibly as its escape
    (``张\\u202e伟``, ``\\x1b``), as the diagnostics quote record text (``'\\u202eQ'``).  Shown, not
    isolated: FSI … PDI works only where the terminal applies the bidi algorithm (and is drawn as a
    box or counted as a column where it does not), an escape reads the same in every terminal, in
    a pipe and in a copied line, lets the referee see that the record holds the control, and can be
    applied to a message whatever it quotes.  Right-to-left letters are kept: they are the record's
    text.  Escaping twice changes nothing.

    Every command's human-readable lines show record text through it: :func:`seat_label`,
    :func:`located`, :func:`say_encoding` and :func:`~.tables.table` apply it, and so does each command to
    the other record text it prints (its notes, a match's event).  Styling comes after it (``dim``,
    ``strong`` … write escape sequences of their own).  JSON and CSV output does not use it: that
    is data, and programs need the record's text as it is."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def _escape(m: "re.Match[str]") -> str:
    return m.group().encode("unicode_escape").decode("ascii")


def seat_label(seat: Seat | None, match: Match | None = None) -> str:
    """``N 张伟`` (seat letter and the player's name when the record has one, through
    :func:`record_text`: a bidi control in a name cannot reorder the rest of the line)."""
    if seat is None:
        return "?"
    name = match.players[seat] if match is not None else None
    return f"{SEAT_TOKENS[seat]} {record_text(name)}" if name else SEAT_TOKENS[seat]


def seat_zh(seat: Seat) -> str:
    return SEAT_NAMES_ZH[seat]


def trump_label(trump: Suit | None) -> str:
    return "NT 无主" if trump is None else SUIT_SYMBOLS[trump]


def level_label(rank: int | None) -> str:
    """``7``, ``A`` …; ``?`` for a level that is not known."""
    return "?" if rank is None else RANK_TOKENS.get(rank, str(rank))


def cards_pretty(cards: Iterable[Card]) -> str:
    return " ".join(PRETTY[c] for c in cards)


def cards_tokens(cards: Iterable[Card]) -> list[str]:
    return [TOKEN[c] for c in cards]


class Styled(str):
    """Text styled here (:func:`good`, :func:`bad`, :func:`dim`, :func:`strong`): its escape
    sequences are the tool's own, and :func:`~.tables.table` keeps them (every other cell goes through
    :func:`record_text`).  Style record text only once it has been through :func:`record_text`."""

    __slots__ = ()


def good(text: str) -> str:
    return Styled(click.style(text, fg="green"))


def bad(text: str) -> str:
    return Styled(click.style(text, fg="red", bold=True))


def dim(text: str) -> str:
    return Styled(click.style(text, dim=True))


def strong(text: str) -> str:
    return Styled(click.style(text, bold=True))


def echo_err(message: str) -> None:
    """Progress and diagnostics that are not the command's data go to stderr (as given: record
    text in ``message`` has been through :func:`record_text`, as the line may be styled)."""
    click.echo(message, err=True)


def say_encoding(path: str, note: str | None) -> None:
    """A record read as a legacy encoding (GBK or Big5): which one and why, on stderr (as
    ``check`` says it), so every command that reads one says so; the file's name through
    :func:`record_text`."""
    if note:
        echo_err(dim(record_text(f"{path}: encoding 编码: {note}")))

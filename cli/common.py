"""What the ``tractor`` commands share: ruleset options, loading inputs, printing.

``--rules PRESET`` replaces the record's ruleset (its ``[Ruleset]`` preset *and*
its ``[Rule:…]`` options); repeatable ``--rule name=value`` sets options on top
of whichever base applies (the record's own ruleset when ``--rules`` is not
given).  Both are checked when the command line is parsed, so a bad preset or
option value is a click usage error (exit 2) before any file is read.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

import click

from tractor_analysis.records.cards import (
    PRETTY, RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_SYMBOLS, TOKEN, Card, Seat, Suit,
)
from tractor_analysis.records.diagnostics import Diagnostic
from tractor_analysis.records.model import Match
from tractor_analysis.records.rulesets import OPTION_DOCS, PRESETS, RuleSet, build_ruleset, parse_option

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
"""click context settings every command uses: ``-h`` as well as ``--help``."""

EXIT_OK, EXIT_VIOLATION, EXIT_UNREADABLE, EXIT_INTERRUPTED = 0, 1, 2, 130
"""Exit codes, the same for every command (README, "Exit codes"): clean; a rule violation found;
an input that could not be read, parsed or converted, an output that could not be written, or a bad
command line (click's usage errors); interrupted (Ctrl-C)."""
EXIT_CODES = frozenset({EXIT_OK, EXIT_VIOLATION, EXIT_UNREADABLE, EXIT_INTERRUPTED})


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
                f"应写成 名称=值", ctx=ctx, param=param)
        try:
            parse_option(name, value)
        except KeyError:
            raise click.BadParameter(
                f"unknown rule option {name!r} (expected one of {', '.join(OPTION_DOCS)}); "
                f"see 'tractor rules' / 未知的规则选项 {name!r}，可用选项见 'tractor rules'",
                ctx=ctx, param=param) from None
        except ValueError as exc:
            raise click.BadParameter(f"{exc} / 规则选项 {name!r} 的取值 {value.strip()!r} 无效，可用取值见 "
                                     f"'tractor rules'", ctx=ctx, param=param) from None
        pairs.append((name, value.strip()))
    return tuple(pairs)


def rules_options(command: Callable, *, play: bool = False) -> Callable:
    """Add ``--rules PRESET`` and repeatable ``--rule name=value`` to a command
    (``play``: the command plays by them, as ``simulate`` does, rather than judging records)."""
    if play:
        rule_help = "Set one ruleset option on top of --rules; repeatable. 'tractor rules' lists the options."
        rules_help = "Play by this preset (default: standard)."
    else:
        rule_help = ("Set one ruleset option on top of the record's (or --rules) ruleset; repeatable. "
                     "'tractor rules' lists the options.")
        rules_help = "Judge with this preset instead of the record's [Ruleset]."
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


# --- inputs -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Loaded:
    """One input path read: its matches and diagnostics (``readable`` false: nothing was read)."""

    path: str
    matches: tuple[Match, ...]
    diagnostics: tuple[Diagnostic, ...]
    readable: bool = True


_REASONS_ZH = {
    "no such file or directory": "文件或目录不存在",
    "no file matches this pattern": "没有文件与此模式匹配",
    "no record files in this folder": "此文件夹中没有记录文件（.tgn、.json、.jsonl）",
    "Permission denied": "没有读取权限",
    "empty path (an unset shell variable?)": "空路径（shell 变量未设置？）",
}


def unreadable(path: str, reason: str) -> Diagnostic:
    zh = _REASONS_ZH.get(reason, reason)
    return Diagnostic("unreadable_file", f"cannot read {path}: {reason} / 无法读取 {path}：{zh}", 0, 0)


def located(d: Diagnostic, path: str) -> str:
    """``path:line:column: message`` (editors jump to it), or ``path: message`` when the
    position is not known (``line == 0``: a whole file, a JSON value without a position)."""
    return d.located(path)


def _size(ctx: click.Context, param: click.Parameter, value: str | None) -> int:
    from tractor_analysis.records.limits import DEFAULT_MAX_BYTES, parse_size

    if value is None:
        return DEFAULT_MAX_BYTES
    try:
        return parse_size(value)
    except ValueError as exc:
        raise click.BadParameter(f"{exc} / 应为字节数，如 64M、1G", ctx=ctx, param=param) from None


def max_bytes_option(command: Callable) -> Callable:
    """Add ``--max-bytes SIZE``: the most bytes read from one file after gunzip (default 8M)."""
    return click.option(
        "--max-bytes", "max_bytes", metavar="SIZE", default=None, callback=_size,
        help="Read at most this many bytes of one file, after gunzip (e.g. 64M, 1G; default 8M). "
             "A bigger file is reported as too_large and not read.")(command)


def load(path: str, max_bytes: int | None = None) -> Loaded:
    """Read one record file with :func:`tractor_analysis.records.sources.load_file` (at most
    ``max_bytes`` after gunzip, default :data:`~tractor_analysis.records.limits.DEFAULT_MAX_BYTES`);
    never raises."""
    from tractor_analysis.records import sources
    from tractor_analysis.records.limits import DEFAULT_MAX_BYTES

    if not path:
        return Loaded(path, (), (unreadable('""', "empty path (an unset shell variable?)"),), False)
    if not os.path.exists(path):
        import glob

        why = "no file matches this pattern" if glob.has_magic(path) else "no such file or directory"
        return Loaded(path, (), (unreadable(path, why),), False)
    if os.path.isdir(path):
        return Loaded(path, (), (unreadable(path, "no record files in this folder"),), False)
    try:
        source = sources.load_file(path, max_bytes or DEFAULT_MAX_BYTES)
    except OSError as exc:
        return Loaded(path, (), (unreadable(path, exc.strerror or str(exc)),), False)
    return Loaded(path, tuple(source.matches), tuple(source.diagnostics))


def expand_inputs(args: Iterable[str]) -> Iterator[str]:
    """Files named by ``args`` (files, folders, globs), in order.

    :func:`tractor_analysis.records.sources.iter_inputs` expands folders and globs; an
    argument that names nothing is passed through unchanged so that the caller
    reports it as unreadable (and the batch goes on).
    """
    from tractor_analysis.records import sources

    seen: set[str] = set()
    for arg in args:
        found = False
        for path in sources.iter_inputs([arg]):
            found = True
            key = os.path.normcase(os.path.abspath(path))
            if key not in seen:
                seen.add(key)
                yield str(path)
        if not found:
            yield arg


# --- printing ----------------------------------------------------------------

def seat_label(seat: Seat | None, match: Match | None = None) -> str:
    """``N 张伟`` (seat letter and the player's name when the record has one)."""
    if seat is None:
        return "?"
    name = match.players[seat] if match is not None else None
    return f"{SEAT_TOKENS[seat]} {name}" if name else SEAT_TOKENS[seat]


def seat_zh(seat: Seat) -> str:
    return SEAT_NAMES_ZH[seat]


def trump_label(trump: Suit | None) -> str:
    return "NT 无主" if trump is None else SUIT_SYMBOLS[trump]


def level_label(rank: int) -> str:
    return RANK_TOKENS.get(rank, str(rank))


def cards_pretty(cards: Iterable[Card]) -> str:
    return " ".join(PRETTY[c] for c in cards)


def cards_tokens(cards: Iterable[Card]) -> list[str]:
    return [TOKEN[c] for c in cards]


def good(text: str) -> str:
    return click.style(text, fg="green")


def bad(text: str) -> str:
    return click.style(text, fg="red", bold=True)


def dim(text: str) -> str:
    return click.style(text, dim=True)


def strong(text: str) -> str:
    return click.style(text, bold=True)


def echo_err(message: str) -> None:
    """Progress and diagnostics that are not the command's data go to stderr."""
    click.echo(message, err=True)


def width(text: str) -> int:
    """Display width in a terminal: CJK and full-width characters take two columns."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in click.unstyle(text))


def pad(text: str, cols: int) -> str:
    """``text`` padded with spaces to ``cols`` display columns."""
    return text + " " * max(0, cols - width(text))


def table(rows: list[list[str]], header: list[str] | None = None, gap: str = "  ") -> str:
    """Rows as aligned columns (display width aware); the last column is not padded."""
    allrows = ([header] if header else []) + rows
    if not allrows:
        return ""
    ncols = max(len(r) for r in allrows)
    cols = [max((width(r[i]) for r in allrows if i < len(r)), default=0) for i in range(ncols)]
    lines = []
    for i, r in enumerate(allrows):
        cells = [pad(c, cols[j]) if j < len(r) - 1 else c for j, c in enumerate(r)]
        lines.append(gap.join(cells).rstrip())
        if header and i == 0:
            lines.append(gap.join("-" * c for c in cols))
    return "\n".join(lines)

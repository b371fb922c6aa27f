"""``tractor convert``: rewrite a record as .tgn, .json or .jsonl.

Reading is :func:`tractor_analysis.records.sources.load_file`; writing is
:func:`tractor_analysis.records.tgn_writer.format_tgn` and
:func:`tractor_analysis.records.json_writer.format_json` / ``format_jsonl``.  A record
with parse errors is not converted (a conversion would silently drop what did
not parse).  Output files are written atomically: a temporary file in the
target's folder, then a rename, so a reader never sees half a file.  A symbolic
link as ``-o`` is kept (its target is written); a device or pipe (``/dev/null``)
is written to directly, never replaced.
"""
from __future__ import annotations

import os

import click

from tractor_analysis.records.safe_write import write_text_atomic

from .common import (CONTEXT, EXIT_UNREADABLE, echo_err, from_option, load, located, max_bytes_option,
                     say_encoding)

FORMATS = ("tgn", "json", "jsonl")


class CannotHold(ValueError):
    """The output format cannot hold the input's matches (a .tgn or .json file holds one; a .tgn
    tag cannot have every name a JSON field can)."""


def render(matches, to: str) -> str:
    """The text of ``matches`` in format ``to``; :class:`CannotHold` when it cannot hold them."""
    if to == "jsonl":
        from tractor_analysis.records import format_jsonl

        return format_jsonl(list(matches))
    if len(matches) != 1:
        raise CannotHold(
            f"a .{to} file holds one match and the input has {len(matches)}; use --to jsonl "
            f"/ .{to} 文件只能存一场比赛，请用 --to jsonl")
    if to == "tgn":
        from tractor_analysis.records.tgn_writer import Unwritable, format_tgn

        try:
            return format_tgn(matches[0])
        except Unwritable as exc:
            raise CannotHold(str(exc)) from None
    from tractor_analysis.records import format_json

    return format_json(matches[0])


@click.command("convert", context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.option("--to", "to", type=click.Choice(FORMATS, case_sensitive=False), default=None,
              help="Output format (default: from the extension of -o).")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Write here (atomically) instead of to stdout.")
@from_option
@max_bytes_option
def convert(path: str, to: str | None, output: str | None, source_format: str | None, max_bytes: int) -> None:
    """Convert a record FILE to .tgn, .json or .jsonl.

    The input may be any record the tool reads (.tgn in UTF-8 or GBK/GB18030,
    .json, .jsonl, gzipped; the 80fen contest NDJSON and Botzone match logs,
    recognised by their shape or forced with --from 80fen / --from botzone).
    Parse errors are printed to stderr as
    path:line:column: message and nothing is written (exit 2).  With -o the
    file is written atomically (a temporary file, then a rename); a symbolic
    link is kept and the file it points to written; a device or pipe
    (/dev/null) is written to directly.  An output that cannot be written is
    exit 2, and so is an input of several matches to --to tgn or --to json
    (a .tgn or .json file holds one match: use --to jsonl).

    \b
    Examples:
      tractor convert sample_logs/spring-cup-r2t5.tgn --to json
      tractor convert game.json -o game.tgn
      tractor convert club.tgn --to tgn -o club-utf8.tgn     # GBK to UTF-8
      tractor convert --from 80fen contest.ndjson.gz --to jsonl -o contest.jsonl
    """
    if to is None:
        ext = os.path.splitext(output or "")[1].lstrip(".").lower()
        if ext not in FORMATS:
            raise click.UsageError("give --to tgn|json|jsonl (or -o with one of those extensions)")
        to = ext
    to = to.lower()
    loaded = load(path, source_format, max_bytes)
    say_encoding(path, loaded.encoding_note)
    if loaded.diagnostics or not loaded.readable:
        for d in loaded.diagnostics:
            echo_err(located(d, path))
        echo_err(f"{path}: not converted: the record has errors / 记录有错误，未转换")
        click.get_current_context().exit(EXIT_UNREADABLE)
    if not loaded.matches:
        echo_err(f"{path}: no match to convert / 没有可转换的比赛")
        click.get_current_context().exit(EXIT_UNREADABLE)
    try:
        text = render(loaded.matches, to)
    except CannotHold as exc:                         # input that cannot be converted: 2, as documented
        echo_err(f"{path}: not converted: {exc}")
        click.get_current_context().exit(EXIT_UNREADABLE)
    if not text.endswith("\n"):
        text += "\n"
    if output is None or output == "-":
        click.echo(text, nl=False)
    else:
        try:
            write_text_atomic(output, text)
        except OSError as exc:                        # exit 1 is kept for "a violation was found"
            reason = exc.strerror or str(exc)
            echo_err(f"tractor convert: cannot write {output}: {reason} / 无法写入 {output}：{reason}")
            click.get_current_context().exit(EXIT_UNREADABLE)
        echo_err(f"wrote {output} ({to}, {len(loaded.matches)} match{'es' if len(loaded.matches) != 1 else ''})")

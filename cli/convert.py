"""``tractor convert``: rewrite a record as .tgn, .json or .jsonl.

Reading is :func:`tractor_analysis.records.sources.load_file`; writing is
:func:`tractor_analysis.records.tgn_writer.format_tgn` and
:func:`tractor_analysis.records.json_writer.format_json` / ``format_jsonl``.  A record
with any problem (a diagnostic) is not converted: the readers drop or replace what they
cannot read (a card, a play, a tag value, a hand), so the copy would read back as a clean
record that no longer holds it — except a problem the reader dropped and replaced nothing for
(:attr:`~tractor_analysis.records.diagnostics.Diagnostic.lossless`: an 80fen trick seated from the bottom, not from
the ``w`` before it, which the copy names in a hand tag): said on stderr, and the copy written.  What a clean record
holds that no format keeps is said on
stderr, never dropped silently: ``;`` comments of a ``.tgn`` (how many lines), the fields of
an 80fen log no record keeps (their names).  Output files are written atomically: a temporary file in the
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
from .common import record_text as shown_text        # (record_text below: the records module's, a file's text)
from .outputs import refuse_inputs, write_output

FORMATS = ("tgn", "json", "jsonl")


class CannotHold(ValueError):
    """The output format cannot hold the input's matches (a .tgn or .json file holds one; a .tgn
    tag cannot have every name a JSON field can: :attr:`tag` then says which, as
    :class:`~tractor_analysis.records.tgn_writer.Unwritable` does)."""

    def __init__(self, message: str, tag: tuple[int | None, int] | None = None) -> None:
        super().__init__(message)
        self.tag = tag


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
            raise CannotHold(str(exc), exc.tag) from None
    from tractor_analysis.records import format_json

    return format_json(matches[0])


def _where(path: str, read: tuple[str, str] | None, exc: CannotHold) -> str:
    """``path:line:column`` of the field a refusal is about, when the record is JSON and says where
    (else ``path``); ``read``: the record's text and format (:func:`~tractor_analysis.records.sources.record_text`)."""
    if exc.tag is None or read is None or read[1] not in ("json", "jsonl"):
        return path
    from tractor_analysis.records.json_problems import tag_position

    at = tag_position(read[0], read[1] == "jsonl", 0, *exc.tag)
    return path if at is None else f"{path}:{at[0]}:{at[1]}"


def _not_kept(path: str, read: tuple[str, str] | None) -> list[str]:
    """What the record holds that the copy does not keep, one bilingual line each (none: nothing)."""
    if read is None:
        return []
    text, fmt = read
    out = []
    if fmt == "tgn" and ";" in text:
        from tractor_analysis.records.tgn_lines import comment_lines, physical_lines

        lines = comment_lines(physical_lines(text))
        if lines:
            shown = ", ".join(map(str, lines[:10])) + (", …" if len(lines) > 10 else "")
            many = len(lines) != 1
            out.append(f"{path}: note: the ';' comments on {len(lines)} line{'s' if many else ''} (line"
                       f"{'s' if many else ''} {shown}) are not carried over: no record format keeps comments "
                       f"(an annotation {{…}} is kept) / 注意：{len(lines)} 行中的 ';' 注释（第 {shown} 行）未转换："
                       "记录格式都不保存注释（{…} 批注会保留）")
    elif fmt == "80fen":
        from tractor_analysis.records.fen80_reader import unread_fields

        names = unread_fields(text)
        if names:
            shown = ", ".join(names)
            out.append(f"{path}: note: these 80fen fields are not carried over (no record keeps them, nor "
                       f"does the check use them): {shown} / 注意：以下 80fen 字段未转换（记录中不保存，检查也"
                       f"不使用）：{shown}")
    return out


@click.command("convert", context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.option("--to", "to", type=click.Choice(FORMATS, case_sensitive=False), default=None,
              help="Output format (default: from the extension of -o).")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Write here (atomically; missing folders are made; FILE itself is refused, "
                                 "exit 2) instead of to stdout.")
@from_option
@max_bytes_option
def convert(path: str, to: str | None, output: str | None, source_format: str | None, max_bytes: int) -> None:
    """Convert a record FILE to .tgn, .json or .jsonl.

    The input may be any record the tool reads (.tgn in UTF-8 or GBK/GB18030,
    .json, .jsonl, gzipped; the 80fen contest NDJSON and Botzone match logs,
    recognised by their shape or forced with --from 80fen / --from botzone).
    Only a record read without any problem is converted: a record with one
    has its problems printed to stderr as path:line:column: message and
    nothing is written (exit 2) — a reader drops or replaces what it cannot
    read (a card, a play, a tag value, a hand), and a copy would read back
    as a record without it; fix the record, then convert it.  A problem that
    drops and replaces nothing (an 80fen trick seated from the bottom, not
    from the 'w' before it: the copy names it in a hand tag) is printed and
    the copy written.  What a record holds that no format
    keeps is said on stderr: the ';' comments of a .tgn (how many lines),
    the fields of an 80fen log no record keeps.  With -o the
    file is written atomically (a temporary file, then a rename); a symbolic
    link is kept and the file it points to written; a device or pipe
    (/dev/null) is written to directly; missing folders are made.  An output
    that cannot be written, or that is FILE itself (a link to it too), is
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
    refuse_inputs("-o", [output], [path])       # before the record is read
    loaded = load(path, source_format, max_bytes)
    say_encoding(path, loaded.encoding_note)
    if any(not d.lossless for d in loaded.diagnostics) or not loaded.readable:
        for d in loaded.diagnostics:
            echo_err(located(d, path))
        if not loaded.readable:
            echo_err(f"{path}: not converted: the file could not be read (above) / 未转换：文件无法读取（见上）")
            click.get_current_context().exit(EXIT_UNREADABLE)
        echo_err(f"{path}: not converted: the record has problems (above), and convert copies only a record read "
                 "without one — what a reader could not read it drops or replaces, and a copy would read back as "
                 "a record without it; fix the record and convert again / 未转换：记录有问题（见上），convert 只转换"
                 "读取时没有任何问题的记录——读取时无法读取的内容已被舍弃或替换，副本读回时会像不曾有过它一样；"
                 "请修正记录后再转换")
        click.get_current_context().exit(EXIT_UNREADABLE)
    for d in loaded.diagnostics:        # (each lossless: the copy keeps what it says)
        echo_err(located(d, path))
    if loaded.diagnostics:
        echo_err(f"{path}: note: converted all the same — for the problem{'s' if len(loaded.diagnostics) > 1 else ''}"
                 " above the reader dropped and replaced nothing: the copy keeps what it says (the trick seated from "
                 "the bottom in hand tag 80fen:seats-from-bottom, the record's 'w' in Referee:Winners), and a check "
                 "of the copy judges it the same / 注意：仍已转换——上述问题读取时未舍弃、未替换任何内容：副本保留其所述"
                 "（由底牌排座的轮记在局标签 80fen:seats-from-bottom 中，记录的 'w' 记在 Referee:Winners 中），检查副本"
                 "的判定相同")
    if not loaded.matches:
        echo_err(f"{path}: no match to convert / 没有可转换的比赛")
        click.get_current_context().exit(EXIT_UNREADABLE)
    from tractor_analysis.records.sources import record_text

    try:
        text = render(loaded.matches, to)
    except CannotHold as exc:                         # input that cannot be converted: 2, as documented
        echo_err(shown_text(f"{_where(path, record_text(path, source_format, max_bytes), exc)}: not converted: {exc}"))
        click.get_current_context().exit(EXIT_UNREADABLE)
    for line in _not_kept(path, record_text(path, source_format, max_bytes)):
        echo_err(shown_text(line))
    if not text.endswith("\n"):
        text += "\n"
    if output is None or output == "-":
        click.echo(text, nl=False)
    else:
        write_output("convert", output, lambda: write_text_atomic(output, text))    # exit 2 when it cannot (1: a violation)
        echo_err(f"wrote {output} ({to}, {len(loaded.matches)} match{'es' if len(loaded.matches) != 1 else ''})")

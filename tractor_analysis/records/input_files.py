"""Finding and opening record inputs: the CLI's arguments expanded, no regular file ever waited on.

:func:`iter_inputs` expands the CLI's arguments (files, folders, globs).  A record file's name it
finds in a folder (or by a glob) that is no regular file — a named pipe, a socket, a device — is
never opened: it is yielded as a :class:`ScannedPath`, which :func:`~.sources.load_file` refuses
(``OSError``, :func:`scan_refusal` says why), since reading a named pipe no one writes to would wait
for ever.  One named on the command line is read (``<(…)`` in bash is a named pipe).
:func:`open_regular` opens a path for reading only when it is a regular file (:class:`NotRegularFile`
otherwise), without waiting on a pipe; :func:`not_regular` says why a path is none.
"""
from __future__ import annotations

import errno
import glob
import os
import stat
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

__all__ = ["os_reason", "OS_REASONS_ZH", "iter_inputs", "named_keys", "not_regular", "scan_refusal", "ScannedPath", "NotRegularFile",
           "open_regular", "RECORD_SUFFIXES"]

RECORD_SUFFIXES = (".tgn", ".json", ".jsonl", ".ndjson", ".tgn.gz", ".json.gz", ".jsonl.gz", ".ndjson.gz")
"""File names :func:`iter_inputs` picks up inside folders."""


def _is_record(p: Path) -> bool:
    return p.name.lower().endswith(RECORD_SUFFIXES)


_NOT_REGULAR = ((stat.S_ISFIFO, "named pipe", "命名管道"), (stat.S_ISSOCK, "socket", "套接字"),
                (stat.S_ISCHR, "character device", "字符设备"), (stat.S_ISBLK, "block device", "块设备"))


def not_regular(path: str | os.PathLike) -> tuple[str, str] | None:
    """``(en, zh)``: why ``path`` (a link followed) is no file to read records from — a named
    pipe, a socket or a device; ``None`` for a regular file, a folder, or a path that cannot be
    looked at (a broken link, a missing file: reading it says why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    for test, en, zh in _NOT_REGULAR:
        if test(mode):
            return f"not a regular file ({en})", f"不是普通文件（{zh}）"
    return None


OS_REASONS_ZH = {
    "no such file or directory": "文件或目录不存在",
    "no file matches this pattern": "没有文件与此模式匹配",
    "permission denied": "没有读取权限",
    "is a directory": "这是一个文件夹",
    "not a directory": "路径中有一项不是文件夹",
    "too many levels of symbolic links": "符号链接层数过多",
    "file name too long": "文件名过长",
    "input/output error": "输入/输出错误",
}
"""The system's reasons a file cannot be read, in Chinese (:func:`os_reason`)."""


def os_reason(exc: BaseException, path: str = "") -> tuple[str, str]:
    """Why a file cannot be read, English and Chinese, from the system's error: its words lower-cased (``No such
    file or directory`` → "no such file or directory" / "文件或目录不存在"); a missing ``path`` that is a glob's
    pattern (the shell passes a pattern matching nothing on as it is): "no file matches this pattern".  A reason
    without a translation keeps the system's words in both halves, the Chinese said to be the system's."""
    words = (getattr(exc, "strerror", None) or str(exc)).strip()
    en = words[:1].lower() + words[1:] if words[1:2].islower() or len(words) < 2 else words
    if getattr(exc, "errno", None) == errno.ENOENT and path and glob.has_magic(path):
        en = "no file matches this pattern"
    zh = OS_REASONS_ZH.get(en)
    return en, zh if zh is not None else f"系统错误：{words}"


class NotRegularFile(OSError):
    """An input that is no regular file (a named pipe, a socket, a device), refused by
    :func:`open_regular`: ``words`` says which, ``(en, zh)``, in the words of :func:`not_regular`."""

    def __init__(self, words: tuple[str, str]) -> None:
        super().__init__(words[0])
        self.words = words


def open_regular(opened: str | os.PathLike, buffering: int = -1) -> BinaryIO:
    """``opened`` open for reading its bytes (``buffering`` as :func:`open`'s: buffered by default; 0 for
    a caller reading into its own buffer), when it is a regular file.

    It is opened without waiting (``O_NONBLOCK``: opening a named pipe no program writes to would
    wait for ever) and looked at through the descriptor opened (no other file can take its place
    between the look and the reading).  Raises :class:`NotRegularFile` for a named pipe, a socket or
    a device, ``IsADirectoryError`` for a folder, or the ``OSError`` / ``ValueError`` (a NUL in the
    path) of the opening."""
    nonblock = getattr(os, "O_NONBLOCK", 0)         # (none on Windows: no named pipes among its files)
    fd = os.open(opened, os.O_RDONLY | nonblock | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(opened))
        if not stat.S_ISREG(mode):
            en, zh = next(((en, zh) for test, en, zh in _NOT_REGULAR if test(mode)), ("special file", "特殊文件"))
            raise NotRegularFile((f"not a regular file ({en})", f"不是普通文件（{zh}）"))
        if nonblock:
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb", buffering=buffering)
    except BaseException:
        # a Ctrl-C (KeyboardInterrupt) arriving inside os.fdopen, once the file object owns the descriptor, finds it
        # closed by that object already: the EBADF of closing it again replaced the interrupt, which the ingest then
        # read as a file it could not read, going on to the end (exit 2 for 130; a fresh-clone run, round 17)
        try:
            os.close(fd)
        except OSError:
            pass
        raise


class ScannedPath(type(Path())):
    """A record file's name :func:`iter_inputs` found in a folder or by a glob, not one named on the
    command line: :func:`~.sources.load_file` refuses it when it is no regular file (:func:`scan_refusal`).
    The mark travels with the path (a worker process given it keeps it: it pickles as its class)."""

    __slots__ = ()


def scan_refusal(path: str | os.PathLike) -> tuple[str, str] | None:
    """``(en, zh)`` why ``path`` is not to be opened: a named pipe, a socket or a device that
    :func:`iter_inputs` found in a folder or by a glob (a :class:`ScannedPath`), not one named on the
    command line — reading a named pipe found by a scan would wait for ever for a writer.  ``None``
    for any other path.  A reader that opens files itself asks this before it does."""
    return not_regular(path) if isinstance(path, ScannedPath) else None


def _key(p: str | os.PathLike) -> str:
    return os.path.normcase(os.path.abspath(p))


def named_keys(args: Iterable[str | os.PathLike]) -> frozenset[str]:
    """The files ``args`` name as such (not folders, not globs): :func:`iter_inputs` reads each of them
    whatever it is, also where a scan finds it."""
    return frozenset(_key(a) for a in args if os.fspath(a) and Path(a).exists() and not Path(a).is_dir())


def iter_inputs(args: Iterable[str | os.PathLike], named: frozenset[str] | None = None,
                seen: set[str] | None = None, passed_over: list[Path] | None = None) -> Iterator[Path]:
    """Files named by the CLI arguments: files as given, folders searched recursively for
    record files (:data:`RECORD_SUFFIXES`, in sorted order), globs expanded (``**`` too).
    A name of a record file found in a folder is yielded even when it cannot be read (a broken
    link, a folder named ``x.tgn``): reading it reports the error, nothing is skipped unsaid.  One
    found in a folder or by a glob that is a named pipe, a socket or a device is yielded too, but
    :func:`~.sources.load_file` refuses it without opening it (:func:`scan_refusal`): nothing may wait for
    ever on a pipe no one writes to.  A file named as such is read whatever it is (``<(…)``).
    A path that does not exist and matches no glob is yielded as is, so that reading it
    reports the error.  An empty argument names nothing (not the current folder, which
    ``Path("")`` would be) and yields nothing.  Each file is yielded once, also over several calls
    given one ``seen`` (an empty set at first, added to): a caller that takes one argument at a time
    reads a file once however many of them name it.  ``passed_over`` (a list, added to) gets every
    other file a folder scan finds, whose name is no record file's (``game.txt``, ``d.zip``): not
    read, for the caller to say so (a record file's suffix is matched in any case: ``UPPER.TGN`` is read)."""
    args = [a for a in args if os.fspath(a)]
    named = named_keys(args) if named is None else named     # (given: the files other arguments name)
    seen = set() if seen is None else seen

    def once(p: Path, scanned: bool = True) -> Iterator[Path]:
        key = _key(p)
        if key not in seen:
            seen.add(key)
            yield ScannedPath(p) if scanned and key not in named else p     # named anywhere: read

    for arg in args:
        p = Path(arg)
        if p.is_dir():
            for q in sorted(p.rglob("*")):
                if _is_record(q):       # unreadable too (see above)
                    yield from once(q)
                elif passed_over is not None and not q.is_dir():
                    passed_over.append(q)
        elif p.exists():
            yield from once(p, scanned=False)
        elif glob.has_magic(str(arg)):
            for hit in sorted(glob.glob(str(arg), recursive=True)):
                q = Path(hit)
                if q.is_dir():
                    for r in sorted(q.rglob("*")):
                        if _is_record(r):
                            yield from once(r)
                        elif passed_over is not None and not r.is_dir():
                            passed_over.append(r)
                else:               # a file, or a broken link: reading it says why
                    yield from once(q)
        else:
            yield from once(p, scanned=False)

"""The files the commands write (``standings --html``, ``replay --html``, ``ruling -o``, ``convert -o``):
never one of the command's own inputs, and written into folders made when they are missing.

:func:`refuse_inputs` refuses, before anything is read, an output that is an input: the same file
as one the command reads (a symbolic or hard link to it too), or a path inside an input dataset.
:func:`write_output` makes the missing folders above an output, writes it, and turns a failure
into a bilingual line naming the file or the folder that cannot be written (exit 2, no traceback,
the folders it made removed again).  ``tractor report -o`` and ``ingest -o`` write folders and
check them themselves (``reports.build.check_output_folder``, ``ingest_cmd.mixed_with_records``);
``simulate -o`` reads nothing.
"""
from __future__ import annotations

import errno
import glob
import os
import stat
from typing import Callable, Iterable

import click

from .common import EXIT_UNREADABLE, echo_err, record_text

_WRITE_ZH = {
    errno.ENOENT: "文件或文件夹不存在", errno.EACCES: "没有写入权限", errno.EPERM: "不允许此操作",
    errno.EROFS: "只读文件系统", errno.ENOSPC: "磁盘空间不足", errno.ENOTDIR: "路径中有一项不是文件夹",
    errno.EISDIR: "是一个文件夹", errno.EEXIST: "已存在", errno.ELOOP: "符号链接循环",
    errno.ENAMETOOLONG: "文件名太长", errno.EDQUOT: "超出磁盘配额",
}
"""The reasons a file or folder cannot be written, in Chinese (by ``errno``; another: the system's words)."""


def _identity(path: str | os.PathLike) -> tuple[int, int] | None:
    """The device and inode of the regular file ``path`` names (links followed); ``None`` when it
    names none (nothing, a folder, a device or a pipe: writing one destroys no record)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def _inside(path: str, folder: str) -> bool:
    """``path`` is ``folder`` or under it (both real absolute paths)."""
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:       # another drive (Windows)
        return False


def _datasets(inputs: list[str]) -> list[str]:
    """The dataset folders among ``inputs`` (as ``standings`` and ``report`` find them: a folder
    written by ``tractor ingest``, or one a pattern matches).  The dataset module is imported only
    when an input is a folder or a pattern (the one-file commands start without it)."""
    if not any(os.path.isdir(a) or glob.has_magic(a) for a in inputs):
        return []
    from tractor_analysis.dataset.event import datasets_named

    return [ds for a in inputs for ds in datasets_named(a)]


def input_clash(output: str, inputs: Iterable[str]) -> tuple[str, str] | None:
    """(English, 中文) why writing ``output`` would write over one of ``inputs`` (files, folders, patterns,
    expanded as every command reads them: :func:`~tractor_analysis.records.input_files.iter_inputs`);
    ``None`` when it would not.

    ``output`` is refused when it is the same file (links followed, a hard link too) as a record
    file the inputs name or a folder scan or a pattern finds, or when it lies inside an input dataset
    (every file of a dataset is its own).  A new file in an input folder, or one the scan does not
    read (``event/standings.html``), is no input and is not refused."""
    from tractor_analysis.records.input_files import iter_inputs

    inputs = [os.fspath(a) for a in inputs if os.fspath(a)]
    datasets = _datasets(inputs)
    real = os.path.realpath(output)
    for ds in datasets:
        if _inside(real, os.path.realpath(ds)):
            return (f"is inside the input dataset {ds} (a dataset holds its own tables only)",
                    f"位于输入数据集 {ds} 之中（数据集中只能有它自己的表）")
    me = _identity(output)
    if me is None:
        return None
    in_datasets = set(map(os.path.abspath, datasets))
    for path in iter_inputs(a for a in inputs if os.path.abspath(a) not in in_datasets):
        if _identity(path) == me:
            shown = os.fspath(path)
            if os.path.abspath(shown) == os.path.abspath(output):
                return (f"is the input file {shown} (writing it would destroy the record)",
                        f"就是输入文件 {shown}（写入会毁掉该记录）")
            return (f"is the same file as the input {shown}, through a link (writing it would destroy the record)",
                    f"经由链接与输入文件 {shown} 是同一个文件（写入会毁掉该记录）")
    return None


def refuse_inputs(option: str, outputs: Iterable[str | None], inputs: Iterable[str]) -> None:
    """Exit 2 (``Error: …``, bilingual, naming the path) when one of ``outputs`` (``None`` and ``-``,
    standard output, left out) is one of ``inputs`` (:func:`input_clash`): nothing is written, and
    called before the inputs are read, nothing read either."""
    inputs = list(inputs)
    for out in outputs:
        if out is None or out == "-":
            continue
        clash = input_clash(out, inputs)
        if clash is not None:
            error = click.ClickException(record_text(
                f"{option} {out}: not written: the output {clash[0]}; choose another file / "
                f"{option} {out}：未写入：输出文件{clash[1]}；请另选文件"))
            error.exit_code = EXIT_UNREADABLE
            raise error


def missing_folders(path: str) -> list[str]:
    """The folders above ``path`` that do not exist, highest first (as written: ``a/../b`` is left
    to the system to resolve).  A name that exists (a file, a broken link) is no missing folder:
    writing under it fails and says why."""
    missing: list[str] = []
    folder = os.path.dirname(path)
    while folder:
        folder = folder.rstrip(os.sep) or os.sep
        if os.path.lexists(folder):
            break
        missing.append(folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return missing[::-1]


def _file_above(path: str) -> str | None:
    """The name above ``path`` that exists and is no folder (``afile`` of ``afile/sub/x.html``), as
    written; ``None`` when there is none."""
    folder = os.path.dirname(path)
    while folder:
        if os.path.lexists(folder):
            return None if os.path.isdir(folder) else folder
        parent = os.path.dirname(folder.rstrip(os.sep) or os.sep)
        if parent == folder:
            return None
        folder = parent
    return None


def write_failure(command: str, path: str, exc: OSError, made: str | None = None) -> str:
    """The bilingual line of ``path`` not written because of ``exc``: naming the folder that could
    not be made (``made``) or written (the temporary file in it could not be), else the file."""
    reason = exc.strerror or str(exc)
    zh = _WRITE_ZH.get(exc.errno, reason)
    target = os.path.abspath(os.path.realpath(path) if os.path.islink(path) else path)   # (as safe_write finds it)
    where = os.path.dirname(target)
    failed = os.path.abspath(exc.filename) if isinstance(exc.filename, str) else None
    file_above = _file_above(path) if exc.errno == errno.ENOTDIR else None
    if file_above is not None:
        en_why, zh_why = f"{file_above} is not a folder", f"{file_above} 不是文件夹"
    elif made is not None:
        en_why, zh_why = f"the folder {made} cannot be made", f"无法创建文件夹 {made}"
    elif failed is not None and failed != target and os.path.dirname(failed) == where:
        folder = where if os.path.islink(path) else (os.path.dirname(path) or ".")
        en_why, zh_why = f"the folder {folder} cannot be written", f"文件夹 {folder} 无法写入"
    else:
        return (f"tractor {command}: cannot write {path}: {reason}; nothing written / "
                f"无法写入 {path}：{zh}；未写入任何内容")
    return (f"tractor {command}: cannot write {path}: {en_why} ({reason}); nothing written / "
            f"无法写入 {path}：{zh_why}（{zh}）；未写入任何内容")


def write_output(command: str, path: str, write: Callable[[], None]) -> None:
    """Make the folders missing above ``path`` (:func:`missing_folders`), then ``write()`` it (an
    atomic write: a temporary file in the folder, then a rename).  On an ``OSError``: the folders
    made are removed again, the bilingual line of :func:`write_failure` on stderr, exit 2."""
    made: list[str] = []
    making: str | None = None
    try:
        for folder in missing_folders(path):
            making = folder
            os.mkdir(folder)
            made.append(folder)
        making = None
        write()
    except BaseException as exc:
        for folder in reversed(made):
            try:
                os.rmdir(folder)
            except OSError:
                pass
        if not isinstance(exc, OSError):
            raise
        echo_err(record_text(write_failure(command, path, exc, making)))
        click.get_current_context().exit(EXIT_UNREADABLE)

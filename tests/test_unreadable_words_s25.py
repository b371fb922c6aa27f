"""Why a file cannot be read, said in both languages by every command (engine-free: records/input_files.py
``os_reason``): ``ingest``'s Chinese half gave no reason ("无法读取文件 x.tgn"), and a glob matching nothing was "No
such file or directory" in ingest where ``check`` says "no file matches this pattern"."""
from __future__ import annotations

import errno

from cli_runs import run_in
from tractor_analysis.records.input_files import os_reason


def test_the_reasons_in_both_languages():
    assert os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"), "x.tgn") == (
        "no such file or directory", "文件或目录不存在")
    assert os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"), "logs/*.tgn") == (
        "no file matches this pattern", "没有文件与此模式匹配")
    assert os_reason(PermissionError(errno.EACCES, "Permission denied"), "x") == ("permission denied", "没有读取权限")
    assert os_reason(OSError(errno.EIO, "Input/output error")) == ("input/output error", "输入/输出错误")
    en, zh = os_reason(OSError(errno.ESTALE, "Stale file handle"))
    assert en == "stale file handle" and zh == "系统错误：Stale file handle"


def test_ingest_says_why_in_both_halves_as_check_does(tmp_path):
    r = run_in("ingest", "nothing/*.tgn", "gone.tgn", "-o", tmp_path / "ds", cwd=tmp_path)
    assert r.returncode == 2
    assert ("cannot read nothing/*.tgn: no file matches this pattern / 无法读取文件 nothing/*.tgn：没有文件与此模式匹配"
            in r.stderr), r.stderr
    assert "cannot read gone.tgn: no such file or directory / 无法读取文件 gone.tgn：文件或目录不存在" in r.stderr
    c = run_in("check", "nothing/*.tgn", "gone.tgn", cwd=tmp_path)
    assert "no file matches this pattern / 无法读取 nothing/*.tgn：没有文件与此模式匹配" in c.stdout + c.stderr
    assert "no such file or directory / 无法读取 gone.tgn：文件或目录不存在" in c.stdout + c.stderr

"""The rules of :mod:`tractor_analysis.cli.outputs`, as properties (session 8, h5_outputs): which
folders are missing above an output, and when an output is one of the inputs a folder scan reads."""
from __future__ import annotations

import errno
import os
import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

from tractor_analysis.cli.outputs import input_clash, missing_folders, write_failure

SEGMENT = st.text(alphabet="abcxyz-_.", min_size=1, max_size=6).filter(lambda s: s not in (".", ".."))


@settings(max_examples=60, deadline=None)
@given(parts=st.lists(SEGMENT, min_size=1, max_size=5), existing=st.integers(min_value=0, max_value=5),
       slash=st.booleans())
def test_missing_folders_are_the_ones_below_the_last_existing(parts, existing, slash):
    existing = min(existing, len(parts))
    with tempfile.TemporaryDirectory() as root:
        folders = [os.path.join(root, *parts[:k]) for k in range(1, len(parts) + 1)]
        for f in folders[:existing]:
            os.mkdir(f)
        path = os.path.join(folders[-1], "out.html") if not slash else folders[-1] + os.sep + os.sep + "out.html"
        missing = missing_folders(path)
        assert [os.path.normpath(m) for m in missing] == folders[existing:]        # highest first
        for m in missing:
            os.mkdir(m)
        assert os.path.isdir(os.path.dirname(path))


RECORD = (".tgn", ".json", ".jsonl", ".tgn.gz")
OTHER = (".html", ".txt", ".csv")


@settings(max_examples=60, deadline=None)
@given(names=st.lists(st.tuples(st.sampled_from(["a", "b", "r1", "r2"]), st.sampled_from(RECORD + OTHER)),
                      min_size=1, max_size=6, unique=True),
       pick=st.integers(min_value=0, max_value=7), sub=st.booleans(), how=st.sampled_from(["same", "symlink", "hardlink"]))
def test_an_output_clashes_exactly_when_the_scan_reads_it(names, pick, sub, how):
    with tempfile.TemporaryDirectory() as root:
        folder = os.path.join(root, "ev", "sub") if sub else os.path.join(root, "ev")
        os.makedirs(folder)
        files = [os.path.join(folder, stem + ext) for stem, ext in names]
        for f in files:
            with open(f, "w", encoding="utf-8") as fh:
                fh.write(f)
        target = files[pick] if pick < len(files) else os.path.join(folder, "new.tgn")
        if how == "same" or not os.path.exists(target):
            out = target
        else:
            out = os.path.join(root, "out.html")
            (os.symlink if how == "symlink" else os.link)(target, out)
        clash = input_clash(out, [os.path.join(root, "ev")])
        read = os.path.exists(target) and target.endswith(RECORD)      # what the folder scan reads
        assert (clash is not None) == read, (out, clash)
        if clash is not None:
            assert target in clash[0] and clash[1]


def test_a_folder_is_named_when_it_cannot_be_made_or_written(tmp_path):
    path = str(tmp_path / "a" / "x.html")
    tmp = str(tmp_path / "a" / ".tractor-1.tmp")
    en_zh = write_failure("standings", path, PermissionError(errno.EACCES, "Permission denied", tmp))
    assert f"the folder {tmp_path / 'a'} cannot be written (Permission denied)" in en_zh
    assert "没有写入权限" in en_zh and "无法写入" in en_zh
    made = write_failure("standings", path, PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "a")),
                         made=str(tmp_path / "a"))
    assert f"the folder {tmp_path / 'a'} cannot be made" in made and "无法创建文件夹" in made
    plain = write_failure("standings", path, OSError(errno.ENOSPC, "No space left on device"))
    assert f"cannot write {path}: No space left on device" in plain and "磁盘空间不足" in plain

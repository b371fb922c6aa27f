"""The report's index: files nothing was drawn from apart from files drawn with problems, and no
"player" made of the unnamed seats of unrelated records.

Before the fix the index listed a binary and an empty file under "Unreadable records" together
with the warnings of files it had read and drawn (an annotation left open, a seat playing twice);
its players table had rows "N", "E", "S", "W" pooling every seat no record names a player for
(10 hands of "N" from unrelated files), and "Violations by player" a row "北家 N" pooling them.
"""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DISPUTED = (ROOT / "sample_logs" / "disputed-trick.tgn").read_text("utf-8")

UNCLOSED = """; an annotation left open runs into the next trick line
[Hand "1"]
[Dealer "N"]
[Trump "H"]
1. N: SA {E should have, E: S3, S: SK, W: S5
2. N: HA, E: H3, S: H9, W: BJ
"""
TWICE = """; N plays twice in one trick
[Hand "1"]
[Dealer "N"]
[Trump "H"]
1. N: SA, E: S3, N: SK, W: S5
"""


def _unnamed(text: str) -> str:
    """The record without its players' names."""
    return re.sub(r'\[(North|East|South|West) "[^"]*"\]\n', "", text)


def _index(tmp_path: Path) -> str:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "binary.tgn").write_bytes(b"[Ev\x00\x01\x02ent")
    (folder / "empty.tgn").write_text("", "utf-8")
    (folder / "unclosed.tgn").write_text(UNCLOSED, "utf-8")
    (folder / "twice.tgn").write_text(TWICE, "utf-8")
    (folder / "named.tgn").write_text(DISPUTED, "utf-8")
    (folder / "unnamed.tgn").write_text(_unnamed(DISPUTED).replace("Spring Cup", "Autumn Cup"), "utf-8")
    out = tmp_path / "rep"
    r = CliRunner().invoke(main, ["report", str(folder), "-o", str(out)])
    assert (out / "index.html").exists(), r.output
    return (out / "index.html").read_text("utf-8")


def _section(html: str, start: str, end: str = "</section>") -> str:
    i = html.index(start)
    return html[i:html.index(end, i)]


def _paths(part: str) -> set[str]:
    return {Path(p).name for p in re.findall(r'<td class="path">([^<:]+)', part)}


def test_files_not_read_are_apart_from_files_read_with_problems(tmp_path):
    errors = _section(_index(tmp_path), 'id="errors"')
    unread = errors[errors.index('id="errors-unread"'):errors.index('id="errors-read"')]
    read = errors[errors.index('id="errors-read"'):]
    assert "Not read: nothing in this report comes from these files / 未读取" in unread
    assert "Read with problems: drawn from what could be read" in read and "读取时有问题" in read
    assert _paths(unread) == {"binary.tgn", "empty.tgn"}
    assert {"unclosed.tgn", "twice.tgn"} <= _paths(read) and not _paths(read) & {"binary.tgn", "empty.tgn"}


def test_unnamed_seats_are_not_players(tmp_path):
    html = _index(tmp_path)
    summary = _section(html, 'id="stats-by-player-summary"')
    firsts = re.findall(r'<tr><td class="name">([^<]*)</td>', summary)
    assert "张伟" in firsts
    assert not set(firsts) & {"N", "E", "S", "W"}, firsts
    assert "an unnamed seat is not a player" in summary and "座位不是选手" in summary
    by_player = _section(html, 'id="stats-violations-player"')
    assert "北家 N" not in by_player and "张伟" in by_player       # the named N's follow_pair stays his
    assert "1 violation(s) by seats the record names no player for are left out" in by_player

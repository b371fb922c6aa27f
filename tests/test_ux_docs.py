"""The README and docs/dataset.md tell the truth: every `tractor` command shown runs as
shown (exit 0, or 1 where the record holds a violation on purpose), every output shown is
what the command prints, and every SQL example runs on a dataset."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main
from tractor_analysis.dataset.pipeline import ingest

pytestmark = pytest.mark.xdist_group("test_ux_docs")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DATASET_DOC = (ROOT / "docs" / "dataset.md").read_text(encoding="utf-8")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def blocks(text: str, lang: str) -> list[str]:
    """The fenced blocks of ``text`` whose fence names ``lang`` ("" for a bare fence)."""
    out, current, fence_lang = [], None, None
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current, fence_lang = [], line[3:].strip()
            else:
                if fence_lang == lang:
                    out.append("\n".join(current) + "\n")
                current = None
        elif current is not None:
            current.append(line)
    return out


def readme_commands() -> list[str]:
    out = []
    for block in blocks(README, "sh"):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line.startswith("tractor "):
                out.append(line)
    return out


def run(command: str, cwd: Path, monkeypatch):
    monkeypatch.chdir(cwd)
    return CliRunner().invoke(main, shlex.split(command)[1:])


@pytest.fixture
def checkout(tmp_path, monkeypatch):
    """A working folder holding the sample logs, as a fresh clone has them."""
    (tmp_path / "sample_logs").symlink_to(ROOT / "sample_logs")
    return tmp_path


@pytest.fixture(scope="module")
def readme_session(tmp_path_factory):
    """Every README command run in order in one working folder (a later one may read what an
    earlier one wrote, as a reader typing them would)."""
    cwd = tmp_path_factory.mktemp("readme")
    (cwd / "sample_logs").symlink_to(ROOT / "sample_logs")
    (cwd / "tests").mkdir()                 # the README's event commands read tests/data/event
    (cwd / "tests" / "data").mkdir()
    (cwd / "tests" / "data" / "event").symlink_to(ROOT / "tests" / "data" / "event")
    (cwd / "out").mkdir()                   # made by 'make demo', which the README runs first
    mp = pytest.MonkeyPatch()
    try:
        mp.chdir(cwd)
        return {c: CliRunner().invoke(main, shlex.split(c)[1:]) for c in readme_commands()}
    finally:
        mp.undo()


@pytest.fixture(scope="module")
def readme_folder(readme_session, tmp_path_factory):
    return next(p for p in tmp_path_factory.getbasetemp().glob("readme*") if (p / "sample_logs").exists())


def test_the_readme_tour_writes_only_under_out_which_git_ignores(readme_session, readme_folder):
    written = sorted(str(p.relative_to(readme_folder)) for p in readme_folder.iterdir())
    assert written == ["out", "sample_logs", "tests"]          # tests/: the fixture's link to the event
    assert [p.name for p in (readme_folder / "tests" / "data").iterdir()] == ["event"]
    assert {p.name for p in (readme_folder / "out").iterdir()} >= {"sim", "data", "report", "disputed",
                                                                   "club-night.json"}
    assert "out/" in (ROOT / ".gitignore").read_text().split()


def test_the_readme_shows_commands():
    assert len(readme_commands()) >= 12


@pytest.mark.parametrize("command", readme_commands())
def test_every_readme_command_runs_as_shown(command, readme_session):
    r = readme_session[command]
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert r.exit_code in (0, 1), r.output
    assert "Traceback" not in r.output


def shown_outputs() -> list[tuple[str, list[str]]]:
    """(command, lines shown) for each README block that shows a command's output."""
    out = []
    for block in blocks(README, ""):
        lines = block.splitlines()
        if lines and lines[0].startswith("$ tractor "):
            out.append((lines[0][2:], [x for x in lines[1:] if x.strip() and x.strip() != "…"]))
    replay = [b for b in blocks(README, "") if b.startswith("trick 20")]
    if replay:
        out.append(("tractor replay sample_logs/disputed-trick.tgn",
                    [x for x in replay[0].splitlines() if x.strip() and x.strip() != "…"]))
    return out


@pytest.mark.parametrize("command,lines", shown_outputs())
def test_every_output_the_readme_shows_is_printed(command, lines, checkout, monkeypatch):
    printed = ANSI.sub("", run(command, checkout, monkeypatch).stdout).splitlines()
    for line in lines:
        assert line.rstrip() in [p.rstrip() for p in printed], line


def test_there_are_outputs_to_compare():
    assert len(shown_outputs()) >= 2


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    root = tmp_path_factory.mktemp("doc") / "data"
    ingest([str(ROOT / "sample_logs")], str(root))
    return root


@pytest.mark.parametrize("sql", blocks(DATASET_DOC, "sql"))
def test_every_sql_example_of_the_dataset_doc_runs(sql, dataset):
    con = duckdb.connect()
    for statement in [s for s in sql.replace("data/", f"{dataset}/").split(";") if s.strip()]:
        if statement.strip().startswith("--") and "\n" not in statement.strip():
            continue
        con.execute(statement).fetchall()

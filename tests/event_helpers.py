"""What the event and standings tests share: the event of tests/data/event (8 teams, 3 rounds, composed by
its compose.py) and the tags its records start with, a copy of it to edit, the CLI run as a person runs it,
a bilingual note split in its halves, and one match as the standings see it, built whole."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tractor_analysis.cli.main import main
from tractor_analysis.dataset.event_model import EventMatch

EVENT = Path(__file__).parent / "data" / "event"
"""The event's folder: one ``.tgn`` per round and table (``r1t1.tgn`` … ``r3t4.tgn``)."""
NAME = "Lantern Cup 2026"
"""Its ``[Event]``."""
EVENT_TAG = f'[Event "{NAME}"]'
SITE_TAG = '[Site "Harbour Club"]'
DATE_TAG = '[Date "2026-05-16"]'
"""The ``[Event]``, ``[Site]`` and ``[Date]`` every record of the event writes."""

_CJK = re.compile(r"[\u4e00-\u9fff]")


def copy_event(tmp_path: Path, name: str = "event") -> Path:
    """A copy of the event's records in ``tmp_path / name``, to edit."""
    folder = tmp_path / name
    folder.mkdir()
    for f in EVENT.glob("*.tgn"):
        shutil.copy(f, folder / f.name)
    return folder


def edit_record(path: Path, old: str, new: str, count: int = 1) -> None:
    """``old`` replaced by ``new`` in the record ``path`` (its first ``count`` places; ``old`` must be there)."""
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, count), "utf-8")


def invoke_cli(*args: str) -> Result:
    """``tractor ARGS`` as it ran, whatever its exit."""
    return CliRunner().invoke(main, list(args))


def run_cli(*args: str, code: int = 0) -> Result:
    """``tractor ARGS``, which must exit ``code`` without a crash (no exception but its exit, no traceback)."""
    r = invoke_cli(*args)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == code, (r.exit_code, r.output)
    assert "Traceback" not in r.output
    return r


def bilingual(note: str, once: bool = True) -> tuple[str, str]:
    """A note's English and Chinese halves: it has both, the second in Chinese (and, ``once``, a single
    ``" / "``: none inside the Chinese half)."""
    en, sep, zh = note.partition(" / ")
    assert sep and _CJK.search(zh), note
    if once:
        assert " / " not in zh, note
    return en, zh


def event_match(**fields) -> EventMatch:
    """One match with every field the standings read given (the ``fields`` given instead of these): round 1,
    table 1 of ``Cup``, team P (N–S: a, c) beat team Q (E–W: b, d) 3 to 2 on the higher level."""
    whole = dict(match_id="m1", event="Cup", date=None, round="1", table="1", teams=("P", "Q"),
                 players=("a", "b", "c", "d"), levels=(3, 2), winner=0, decided_by="higher level")
    unknown = set(fields) - {f for f in EventMatch.__dataclass_fields__}
    assert not unknown, unknown
    return EventMatch(**{**whole, **fields})

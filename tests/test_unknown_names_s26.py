"""A player or team written ``"?"`` (PGN's "not known") names nobody, as a blank name does: never a
team "? / 吴昊", a player "?" rated, or two pairs written ``[TeamEW "?"]`` merged into one team
(docs/standings.md, docs/format.md's tag table).  Records: tests/data/event's round 1 and 2 with
one tag changed."""
from __future__ import annotations

from pathlib import Path

from event_helpers import EVENT, run_cli

from tractor_analysis.dataset.event import read_inputs
from tractor_analysis.dataset.event_model import player_name, team_name
from tractor_analysis.dataset.ratings import ratings
from tractor_analysis.dataset.standings import select


def _event(tmp_path: Path, changes: dict[str, list[tuple[str, str]]]) -> Path:
    """Rounds 1 and 2 of the event in ``tmp_path/event``, ``changes``: file name → [(text, its replacement)]."""
    out = tmp_path / "event"
    out.mkdir()
    for p in sorted(EVENT.glob("r[12]t*.tgn")):
        text = p.read_text("utf-8")
        for old, new in changes.get(p.name, []):
            assert old in text
            text = text.replace(old, new, 1)
        (out / p.name).write_text(text, "utf-8")
    return out


def _teams(folder: Path) -> tuple[set[str], list[str], list]:
    matches, _, unread = read_inputs([str(folder)])
    assert not unread
    kept, notes = select(matches)
    return {t for m in kept for t in m.teams}, notes, matches


def test_the_names_read():
    for unknown in ("?", " ? ", "？"):
        assert player_name(unknown) is None
        assert team_name(unknown, "a", "b") == "a / b"          # the tag names nobody: the players then
        assert team_name(unknown, None, "b") is None
        assert team_name(None, unknown, "b") is None
    assert player_name("?x") == "?x" and team_name("Q?", None, None) == "Q?"


def test_a_player_written_question_mark_is_no_player(tmp_path):
    event = _event(tmp_path, {"r1t2.tgn": [('[TeamNS "Plum & Bamboo <梅竹>"]\n', ""), ('[North "周杰"]', '[North "?"]')],
                              "r1t1.tgn": [('[North "李娜"]', '[North "?"]')]})
    teams, notes, matches = _teams(event)
    assert not any("?" in t for t in teams)
    assert any("r1t2.tgn" in n and "its team is not known" in n and '"?"' in n for n in notes)
    rated, _, _ = ratings(matches)
    assert "?" not in {r.player for r in rated}


def test_two_teams_written_question_mark_are_not_merged(tmp_path):
    event = _event(tmp_path, {"r1t2.tgn": [('[TeamEW "Iron Oxen"]', '[TeamEW "?"]')],
                              "r2t1.tgn": [('[TeamNS "Red Lanterns"]', '[TeamNS "?"]')]})
    teams, notes, _ = _teams(event)
    assert "?" not in teams
    assert "冯敏 / 郑强" in teams          # r1t2's E–W pair, by its players
    r = run_cli("standings", str(event))
    assert "\n?" not in r.output and " ? " not in r.output

"""A match whose final levels the record leaves known only as a range (docs/rules.md §8.5: the record stops inside its
last hand, no result from its ``[Claim]``, and the hand void and played out give a side different levels; §10.2:
take-backs given as ``?``): the standings showed the range (``3..5``), but the report's pages showed ``?`` for it,
``tractor check --json`` gave ``null`` alone and its text said nothing.  Now every page that shows a match's final
levels (the match page, the index's match list, the event's results, the team and player pages, the printable
standings) shows the range with a bilingual note why, ``check --json`` adds ``levels_final_span`` beside
``levels_final`` and ``check`` prints the range and why — from records and from a dataset alike.  The dataset's
column description of ``level_*_final_low`` / ``_high`` names both causes.

And under ``[Rule:stopped_hand "void"]``, a record that ends inside its last hand's last trick (the plays left out
forced) ended with the hand: its result derived from the cards left counted, and a forfeit reached at its end (the
third wrong follow, in a tournament match) decided the match.  The hand in progress when the record ends does not
count under ``void``: neither its result nor its penalties (docs/rules.md §8.5)."""
from __future__ import annotations

import dataclasses
import html
import json
import re

from tractor_analysis.dataset.schema import SCHEMAS
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records import format_tgn
from tractor_analysis.simulate import simulate_match

from event_helpers import run_cli
from test_stopped_last_hand_s18n import AGREE, TESTER, _cut
from test_takebacks_s7 import _hand, _head

NOTE_EN = "N–S's final level is known only as 3..5 (the lowest and highest the readings give)"
NOTE_ZH = "南北方终局级数仅知在 3..5 之间"


def _write(folder, name: str, match) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(format_tgn(match), encoding="utf-8")
    return str(folder / name)


def _event(tmp_path):
    """Gamma (N–S) win the AGREE cut, final levels 3..5 : 2; Iota's TESTER cut is not decided, 3 : 2..5."""
    rec = tmp_path / "rec"
    _write(rec, "agree.tgn", dataclasses.replace(_cut(*AGREE), event="Cup", round="1", table="1",
                                                  teams=("Gamma", "Delta")))
    _write(rec, "tester.tgn", dataclasses.replace(_cut(*TESTER), event="Cup", round="1", table="2",
                                                   teams=("Theta", "Iota")))
    return rec


def _text(page) -> str:
    """A page's words, its tags and scripts left out, entities read."""
    body = re.sub(r"<script.*?</script>", "", page.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def test_check_json_and_text_give_the_range_and_why(tmp_path):
    path = _write(tmp_path, "agree.tgn", _cut(*AGREE))
    (m,) = json.loads(run_cli("check", path, "--json").stdout)["files"][0]["matches"]
    assert m["levels_final"] == {"NS": None, "EW": "2"}
    assert m["levels_final_span"] == {"NS": ["3", "5"], "EW": None}
    assert list(m)[:3] == ["match", "levels_final", "levels_final_span"]       # beside the final levels
    out = run_cli("check", path).stdout
    (line,) = [x for x in out.splitlines() if "final levels 终局级别" in x]
    assert "N–S : E–W 3..5 : 2" in line and NOTE_EN in line and NOTE_ZH in line
    assert "stops inside hand 2" in line and "第 2 局中途结束" in line and "§8.5" in line
    # a match whose final levels are known: no such field, no such line
    known = _write(tmp_path, "void.tgn", dataclasses.replace(_cut(*AGREE), rules=_cut(*AGREE).rules + (
        ("stopped_hand", "void"),)))
    (m,) = json.loads(run_cli("check", known, "--json").stdout)["files"][0]["matches"]
    assert m["levels_final"] == {"NS": "3", "EW": "2"} and "levels_final_span" not in m
    assert "final levels 终局级别" not in run_cli("check", known).stdout


def test_take_backs_given_as_unknown_name_their_own_cause(tmp_path):
    path = tmp_path / "tb.tgn"
    path.write_text(_head("NS:2 EW:2") + _hand(1, "N", "?"), encoding="utf-8")    # N–S 4 or 5 (tests/test_takebacks_s7)
    (m,) = json.loads(run_cli("check", str(path), "--json").stdout)["files"][0]["matches"]
    assert m["levels_final_span"] == {"NS": ["4", "5"], "EW": None}
    (line,) = [x for x in run_cli("check", str(path)).stdout.splitlines() if "final levels 终局级别" in x]
    assert "N–S : E–W 4..5 : 2" in line and "§10.2" in line and "座位未知的悔牌" in line and "§8.5" not in line


def test_every_page_showing_the_final_levels_shows_the_range(tmp_path):
    rec = _event(tmp_path)
    run_cli("ingest", str(rec), "-o", str(tmp_path / "ds"), "-q")
    for source in (rec, tmp_path / "ds"):
        out = tmp_path / f"report-{source.name}"
        run_cli("report", str(source), "-o", str(out), "--hand-pages", "none")
        index = _text(out / "index.html")
        assert "Gamma Delta 3..5 : 2" in index and "Theta Iota 3 : 2..5" in index, source       # the results
        assert "3..5 · 2" in index and "3 · 2..5" in index, source                               # the match list
        assert "? : 2" not in index and "3 : ?" not in index and "? · 2" not in index, source
        assert NOTE_EN in index and NOTE_ZH in index, source
        assert "E–W's final level is known only as 2..5" in index and "第 5 局中途结束" in index, source
        match = _text(out / "m-agree.html")
        assert "end N–S 3..5 · E–W 2" in match and NOTE_EN in match and NOTE_ZH in match, source
        for team in ("team-Gamma.html", "team-Delta.html"):
            page = _text(out / team)
            assert "3..5 : 2" in page and "? : 2" not in page and NOTE_EN in page, (source, team)
        players = [p for p in out.glob("player-*.html") if "Theta" not in p.name]
        assert any("3 : 2..5" in _text(p) for p in players), source                 # a match not counted too
        assert not any("3 : ?" in _text(p) or "? : 2" in _text(p) for p in players), source
        sheet = _text(out / "standings-print.html")
        assert "3..5 : 2" in sheet and NOTE_EN in sheet and "? : 2" not in sheet, source


def test_the_dataset_column_description_names_both_causes():
    fields = {f.name: f.metadata[b"doc"].decode("utf-8") for f in SCHEMAS["matches"]}
    doc = fields["level_ns_final_low"]
    assert "take-backs given as '?'" in doc and "§10.2" in doc
    assert "stops inside" in doc and "played out" in doc and "§8.5" in doc
    assert "levels_final_span" in doc


def _forfeit_in_last_trick(void: bool):
    """A tournament match in which E–W make their third wrong follow in hand 4 (they forfeit at its end), its record
    ending in that hand's last trick after N's single lead (the plays left out forced: the result is the cards')."""
    m = simulate_match(1, preset="tournament", violation_rate=0.03, max_hands=12)
    h = m.hands[-1]
    last = h.tricks[-1]
    assert len(last.plays[0].cards) == 1
    cut = dataclasses.replace(h, tricks=h.tricks[:-1] + (dataclasses.replace(last, plays=last.plays[:1]),), claim=None)
    rules = tuple(m.rules) + ((("stopped_hand", "void"),) if void else ())
    return dataclasses.replace(m, hands=m.hands[:-1] + (cut,), rules=rules)


def test_under_the_void_rule_a_forfeit_reached_in_the_hand_the_record_ends_inside_does_not_count(tmp_path):
    r = replay_match(_forfeit_in_last_trick(void=False))
    # open: the hand void or played out to E–W's forfeit — both give N–S the match, the forfeit itself withheld
    # (s19-h1: tests/test_stopped_forfeit_s19h1.py; before: E–W forfeit, decided_by forfeit)
    assert (r.forfeit, r.decided_by, r.winner) == (None, "every reading", 0) and not r.forfeit_known
    r = replay_match(_forfeit_in_last_trick(void=True))
    last = r.hands[-1]
    assert last.scored_by_bounds        # (the hand's own result is still derived from the cards: a fact of the hand)
    assert r.stopped_at == len(r.hands) - 1
    assert r.forfeit is None and r.forfeit_reasons == (None, None)        # before: E–W forfeit, decided_by forfeit
    assert r.levels_final == tuple(last.levels_before) == (3, 2)          # the levels the hand was played at
    assert (r.winner, r.decided_by) == (0, "levels")
    assert [d.fact for d in last.derived if d.fact == "penalties_due"] == ["penalties_due"]
    (d,) = r.derived
    assert d.fact == "winner" and "stopped_hand" in d.message_en and "void" in d.message_en
    path = _write(tmp_path, "void.tgn", _forfeit_in_last_trick(void=True))
    (m,) = json.loads(run_cli("check", path, "--json", code=1).stdout)["files"][0]["matches"]
    assert (m["forfeit"], m["forfeit_reason"], m["decided_by"]) == (None, None, "levels")
    assert m["levels_final"] == {"NS": "3", "EW": "2"}

"""The match's "whether a side forfeited is not known" names what leaves the count open.

A simulated tournament match (tests/data/forfeit/contradicted-level.jsonl, judged under the
tournament preset) whose hand 10 has a ``[Level]`` the earlier hands contradict: the hand is judged
under each value (docs/rules.md §14.1) and the judgements give a side different numbers of wrong
follows, one of them reaching the forfeit count.  Hand 10 leaves no play out and the record has no
take-back: the words named both (a play left out, an unreadable take-back) before.
"""
import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.cli.main import main

RECORD = Path(__file__).parent / "data" / "forfeit" / "contradicted-level.jsonl"


def _check(*extra):
    return CliRunner().invoke(main, ["check", str(RECORD), "--rules", "tournament", *extra])


def test_the_match_unknown_names_the_contradicted_tag():
    doc = json.loads(_check("--json").output)
    (f,) = doc["files"]
    (m,) = f["matches"]
    hand10 = f["hands"][9]
    # (since session 9 the hand's [Trump] is contradicted too: its declarations are recorded empty, so the
    # no_declaration rule fixes NT where it says ♠ — judged both ways, docs/rules.md §9.4)
    assert hand10["hand"] == 10 and [u["tag"] for u in hand10["unknown"]] == ["Level", "Trump"]
    assert not any(u["tag"] == "play" for u in hand10["unknown"])      # no play is left out
    (u,) = m["unknown"]
    assert u["tag"] == "Level" and u["withheld"] == ["forfeit"]
    assert "hand 10's [Level], which the rest of the record contradicts" in u["message_en"]
    assert "第10局按其被记录其余部分否定的 [Level]" in u["message_zh"]
    assert "leaves a play out" not in u["message_en"] and "filled in" not in u["message_en"]
    assert m["winner"] is None and m["forfeit"] is None


def test_the_text_says_the_same():
    text = _check().output
    assert "[Level]  the match's count of wrong follows" in text
    assert "leaves a play out" not in text and "take-back whose seat cannot be read" not in text


def test_the_hands_before_the_count_is_open_are_not_after_the_match_end(tmp_path):
    """The dataset's ``hands.after_match_end``: whether the match ended (a forfeit) is not known from the
    end of hand 10 on, so hands 1–10 count (false: the match cannot have ended before) and the later ones
    may not (null); before, every hand was null.  Since s20 (hand 10's readings give different outcomes, each
    known: its levels carried as ranges, docs/rules.md §10.2) every reading ends the match at the end of hand 10
    or 15, so hands 16–23 were recorded after it (true)."""
    from tractor_analysis.dataset import load
    out = tmp_path / "data"
    run = CliRunner().invoke(main, ["ingest", str(RECORD), "-o", str(out), "--rules", "tournament", "-q"])
    assert run.exit_code == 0, run.output
    hands = load(str(out), tables=["hands"]).hands.sort_values("hand_no")
    after = [None if v is None or v != v else bool(v) for v in hands["after_match_end"].tolist()]
    assert after[:10] == [False] * 10
    assert after[10:15] == [None] * 5 and after[15:] == [True] * 8 and len(after) == 23


def test_the_dataset_keeps_a_forfeit_whose_reason_is_not_known(tmp_path):
    """E–W forfeit under every reading, by wrong follows in hand 2 (not judged: [Trump "?"]) or by take-backs in
    hand 3: the matches table's ``forfeit_reason`` is ``check --json``'s object, ``{"EW": null}`` (before: null,
    beside ``forfeit`` "EW")."""
    from tractor_analysis.dataset import load
    record = Path(__file__).parent / "data" / "forfeit" / "forfeit-hand-not-known.tgn"
    doc = json.loads(CliRunner().invoke(main, ["check", str(record), "--json"]).output)
    (m,) = doc["files"][0]["matches"]
    assert m["forfeit"] == "EW" and m["forfeit_reason"] == {"EW": None} and m["winner"] == "NS"
    out = tmp_path / "data"
    assert CliRunner().invoke(main, ["ingest", str(record), "-o", str(out), "-q"]).exit_code == 0
    (row,) = load(str(out), tables=["matches"]).matches.to_dict("records")
    assert json.loads(row["forfeit_reason"]) == {"EW": None}

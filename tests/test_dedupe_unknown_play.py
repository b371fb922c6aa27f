"""A copy of a match with a play written ``?`` (or not readable) that the engine derives is the same match
(docs/dataset.md, ``content_digest``): its digest hashes the derived play in the place the ``?`` is written,
so ``tractor ingest`` marks it ``duplicate_of`` the full record and ``tractor stats`` / ``tractor standings``
count the match once.  A ``?`` the engine does not derive (the record leaves it open) keeps the copy a match of
its own — not proven the same —, and so does a copy damaged otherwise (a hand skipped): ``tractor stats`` then
says on stderr that it may be the same match recorded twice, counted twice.

The records are a simulated match (seed 3, match 4: the analyst tester's ``match-00005.tgn``); hand 2's trick 7
is ``E: HA, S: H7, W: HK, N: H4``, W's HK the one card W holds then and does not play later."""
from __future__ import annotations

import dataclasses
import hashlib
import marshal
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from event_helpers import bilingual, run_cli

from tractor_analysis.dataset.match_identity import _identity_tag, content_digest, digest_rules
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.json_writer import format_json
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import simulate_match


@pytest.fixture(scope="module")
def text() -> str:
    return format_tgn(simulate_match(3, 4, max_hands=3))


def _unknown(text: str, trick: int, seat: int, what: str = "?", hand: int = 2) -> str:
    """``text`` with the play ``seat`` (its place in the trick line, from 0) of hand ``hand``'s trick ``trick``
    written ``what``."""
    line = re.compile(rf"^{trick}\. (.*)$", re.M).search(text, text.index(f'[Hand "{hand}"]'))
    plays = line.group(1).split(", ")
    plays[seat] = plays[seat].split(": ")[0] + f": {what}"
    return text[:line.start(1)] + ", ".join(plays) + text[line.end(1):]


def _judged(text: str):
    (match,), diags = parse_tgn(text)
    return match, replay_match(match)


def _digest_as_written(match, result) -> str:
    """The digest as it was before a derived play was hashed in place of a ``?``: the plays as read and, where
    there are some, the plays not read (their seats and places)."""
    rules = digest_rules(result.hands[0].rules) if result.hands else None
    ids = sorted(t for t in match.tags if _identity_tag(t))
    parts = [marshal.dumps((rules, match.ruleset, match.rules, match.levels, ids, match.truncated), 2)]
    for hand in match.hands:
        parts.append(marshal.dumps((
            hand.number_known, hand.trump_known, hand.follows_skipped,
            [(d.seat, d.cards, d.after_bottom) for d in hand.declarations], hand.declarations_known,
            hand.deal, hand.deal_unread, hand.bottom, hand.buried, hand.earlier_buries, hand.friend,
            hand.setup, hand.points, hand.points_known, hand.first_trick, hand.bid_for, hand.bid_for_known,
            hand.takebacks, hand.takebacks_unread, hand.result_only,
            [(t.number, [(p.seat, p.cards, p.attempted) for p in t.plays]) for t in hand.tricks],
            *((hand.plays_unread,) if hand.plays_unread else ())), 2))
    return hashlib.sha256(b"\x1e".join(parts)).hexdigest()[:16]


def _no_derived(result, index: int = 1, keep=lambda n, p: False):
    """``result`` with hand ``index``'s derived plays left out (but those ``keep`` keeps)."""
    h = result.hands[index]
    h = dataclasses.replace(h, derived_plays=tuple((n, p) for n, p in h.derived_plays if keep(n, p)))
    return dataclasses.replace(result, hands=result.hands[:index] + (h,) + result.hands[index + 1:])


def test_a_full_record_keeps_its_digest(text):
    match, result = _judged(text)
    assert not any(h.plays_unread for h in match.hands)
    assert content_digest(match, result) == _digest_as_written(match, result)


@pytest.mark.parametrize("what", ["?", "X9"])
def test_a_play_written_unknown_that_the_engine_derives_hashes_as_the_full_record(text, what):
    match, result = _judged(text)
    copy, copied = _judged(_unknown(text, 7, 2, what))
    assert copy.hands[1].plays_unread == ((7, 3, 2),)           # W, after two plays read
    assert [(n, p.seat) for n, p in copied.hands[1].derived_plays] == [(7, 3)]
    assert content_digest(copy, copied) == content_digest(match, result)
    # (as written, the ? is hashed: another digest)
    assert _digest_as_written(copy, copied) != content_digest(match, result)


def test_a_json_copy_with_a_derived_unknown_play_is_the_same_match_as_the_tgn(text):
    from tractor_analysis.records.json_reader import parse_json

    match, result = _judged(text)
    (json_copy,), _ = parse_json(format_json(parse_tgn(_unknown(text, 7, 2))[0][0]))
    assert json_copy.hands[1].plays_unread == ((7, 3, 2),)
    assert content_digest(json_copy, replay_match(json_copy)) == content_digest(match, result)


def test_a_play_written_unknown_that_the_engine_does_not_derive_stays_as_written(text):
    # W's plays in tricks 7 and 9 both written ?: either card may be either trick's — nothing derived
    match, result = _judged(text)
    copy, copied = _judged(_unknown(_unknown(text, 7, 2), 9, 1))
    assert len(copy.hands[1].plays_unread) == 2 and not copied.hands[1].derived_plays
    assert content_digest(copy, copied) == _digest_as_written(copy, copied) != content_digest(match, result)


def test_a_hand_with_one_unread_play_not_derived_is_hashed_as_written(text):
    # two ? (E's last play of trick 5 and W's play in trick 7), the engine deriving both; one taken away: the
    # hand is no longer proven the full record's, and hashes as written
    match, result = _judged(text)
    copy, copied = _judged(_unknown(_unknown(text, 7, 2), 5, 3))
    assert {(n, p.seat) for n, p in copied.hands[1].derived_plays} == {(7, 3), (5, 1)}
    assert content_digest(copy, copied) == content_digest(match, result)
    half = _no_derived(copied, keep=lambda n, p: (n, p.seat) != (5, 1))
    assert content_digest(copy, half) == _digest_as_written(copy, copied) != content_digest(match, result)


def test_a_result_whose_hands_do_not_pair_with_the_records_fills_nothing(text):
    copy, copied = _judged(_unknown(text, 7, 2))
    fewer = dataclasses.replace(copied, hands=copied.hands[:2])         # a hand the result does not have
    assert content_digest(copy, fewer) == _digest_as_written(copy, fewer)
    other = dataclasses.replace(copied, hands=(copied.hands[0], dataclasses.replace(copied.hands[1], number=5),
                                               copied.hands[2]))      # hand 2's place holds another number's result
    assert content_digest(copy, other) == _digest_as_written(copy, other)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, "utf-8")
    return path


def _stored(ds: Path) -> dict[str, str | None]:
    """A dataset's ``source_file`` name → the ``source_file`` name of the copy it is a copy of."""
    t = pq.read_table(str(ds / "matches"), columns=["match_id", "source_file", "duplicate_of"]).to_pylist()
    name = {r["match_id"]: Path(r["source_file"]).name for r in t}
    return {Path(r["source_file"]).name: name.get(r["duplicate_of"]) for r in t}


def _team_hands(ds: Path) -> list[str]:
    """The ``hands`` figures of ``tractor stats --by team``'s summary, one per team."""
    out = run_cli("stats", str(ds), "--by", "team", "--table", "summary", "--format", "csv").stdout
    rows = [r.split(",") for r in out.strip().splitlines()]
    return [r[rows[0].index("hands")] for r in rows[1:]]


def test_ingest_stats_and_standings_count_a_copy_with_a_derived_unknown_play_once(text, tmp_path):
    full = _write(tmp_path, "full.tgn", text)
    copy = _write(tmp_path, "copy.tgn", _unknown(text, 7, 2))
    ds = tmp_path / "ds"
    run_cli("ingest", str(full), str(copy), "-o", str(ds))
    assert _stored(ds) == {"full.tgn": None, "copy.tgn": "full.tgn"}
    assert _team_hands(ds) == ["3", "3"]                                     # a 3-hand match, counted once
    r = run_cli("standings", str(ds), "--event", "Simulated 3")
    assert "the same match as" in r.stderr and "recorded twice; counted once" in r.stderr
    note = next(n for n in r.stderr.splitlines() if "recorded twice" in n)
    en, zh = bilingual(note)
    assert "a play written ? or not readable that the engine derived" in en and "由引擎推出的出牌" in zh
    rows = [r.split(",") for r in run_cli("standings", str(ds), "--event", "Simulated 3", "--format",
                                          "csv").stdout.strip().splitlines()]
    played, won = rows[0].index("played"), rows[0].index("won")
    assert [(r[played], r[won]) for r in rows[1:]] == [("1", "1"), ("1", "0")]    # one match, one win


def test_a_copy_with_an_underived_unknown_play_is_counted_twice_with_a_note(text, tmp_path):
    full = _write(tmp_path, "full.tgn", text)
    copy = _write(tmp_path, "copy.tgn", _unknown(_unknown(text, 7, 2), 9, 1))
    ds = tmp_path / "ds"
    run_cli("ingest", str(full), str(copy), "-o", str(ds))
    assert _stored(ds) == {"full.tgn": None, "copy.tgn": None}
    assert _team_hands(ds) == ["6", "6"]
    err = run_cli("stats", str(ds), "--by", "team").stderr
    note = next(n for n in err.splitlines() if "possibly the same match recorded twice" in n)
    en, zh = bilingual(note)
    assert en.startswith(f"{copy} [") and f"as {full} [" in en and "counted twice" in en
    assert str(copy) in zh and str(full) in zh and "可能是同一场比赛记录了两次" in zh and "计了两次" in zh


def test_a_copy_with_a_hand_left_out_is_counted_twice_with_a_note(text, tmp_path):
    full = _write(tmp_path, "full.tgn", text)
    cut = _write(tmp_path, "cut.tgn", text[:text.index('[Hand "3"]')])
    ds = tmp_path / "ds"
    run_cli("ingest", str(full), str(cut), "-o", str(ds))
    assert _stored(ds) == {"full.tgn": None, "cut.tgn": None}
    err = run_cli("stats", str(ds), "--by", "team").stderr
    notes = [n for n in err.splitlines() if "possibly the same match recorded twice" in n]
    assert len(notes) == 1 and notes[0].startswith(f"{cut} [") and f"as {full} [" in notes[0]


def test_matches_alike_in_no_round_or_table_get_no_note(text, tmp_path):
    # two different matches of the same players with no [Round] / [Table]: nothing says they are one match
    bare = re.sub(r'^\[(Round|Table) "[^"]*"\]\n', "", text, flags=re.M)
    other = format_tgn(simulate_match(3, 4, max_hands=2))
    other = re.sub(r'^\[(Round|Table) "[^"]*"\]\n', "", other, flags=re.M)
    a, b = _write(tmp_path, "a.tgn", bare), _write(tmp_path, "b.tgn", other)
    ds = tmp_path / "ds"
    run_cli("ingest", str(a), str(b), "-o", str(ds))
    assert _stored(ds) == {"a.tgn": None, "b.tgn": None}
    assert "possibly the same match" not in run_cli("stats", str(ds), "--by", "team").stderr

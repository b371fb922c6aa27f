"""The Parquet dataset: schema, rows from replayed matches, the commit protocol, load."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tractor_analysis import dataset as dsmod
from tractor_analysis.records.cards import TOKEN
from tractor_analysis.dataset import (SCHEMAS, TABLES, Manifest, TableBuilder, commit_parts, load,
                                      new_batch, recover, write_temp_parts)
from tractor_analysis.records.diagnostics import Diagnostic
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.simulate import simulate_match


@pytest.fixture(scope="module")
def matches():
    return [simulate_match(31, i, violation_rate=0.05, max_hands=5) for i in range(3)]


def built(matches, batch="b1", sha_seed="x"):
    b = TableBuilder(batch)
    for i, m in enumerate(matches):
        sha = hashlib.sha256(f"{sha_seed}{i}".encode()).hexdigest()
        b.add_file(f"f{i}.tgn", sha, "tgn", [m], [replay_match(m)], [], "ok", None)
    return b.to_tables()


def test_every_table_has_its_keys_and_typed_columns():
    for name in TABLES:
        schema = SCHEMAS[name]
        assert schema.field("batch").type == pa.dictionary(pa.int32(), pa.string())
        assert all(f.metadata and f.metadata.get(b"doc") for f in schema), name
    for name in ("matches", "hands", "tricks", "plays", "violations"):
        assert SCHEMAS[name].field("match_id") is not None
    for name in ("hands", "tricks", "plays"):
        assert SCHEMAS[name].field("hand_no").type == pa.int16()
    assert SCHEMAS["plays"].field("cards").type == pa.list_(pa.string())
    assert SCHEMAS["plays"].field("seat").type == pa.dictionary(pa.int32(), pa.string())
    assert SCHEMAS["hands"].field("level").type == pa.int16()
    # no int8 column: DuckDB keeps a column's type in arithmetic (100 * decks overflows int8)
    assert not [(t, f.name) for t in TABLES for f in SCHEMAS[t] if f.type == pa.int8()]
    for col in ("source_file", "source_sha256"):
        assert SCHEMAS["matches"].field(col) is not None
    for col in ("ruleset", "rules", "decks"):
        assert SCHEMAS["hands"].field(col) is not None
    for col in ("source_file", "line", "column", "code", "message", "text"):
        assert SCHEMAS["errors"].field(col) is not None


def test_rows_agree_with_the_records(matches):
    t = built(matches)
    hands = sum(len(m.hands) for m in matches)
    tricks = sum(len(h.tricks) for m in matches for h in m.hands)
    assert t["matches"].num_rows == 3 and t["files"].num_rows == 3
    assert t["hands"].num_rows == hands
    assert t["tricks"].num_rows == tricks
    assert t["plays"].num_rows == 4 * tricks
    assert sum(t["hands"]["tricks"].to_pylist()) == tricks
    notes = [n for ns in t["plays"]["notes"].to_pylist() if ns for n in ns]
    assert t["violations"].num_rows == len(notes) > 0
    first = matches[0].hands[0].tricks[0].plays[0]
    row = t["plays"].slice(0, 1).to_pylist()[0]
    assert row["cards"] == [TOKEN[k] for k in first.cards]
    assert row["position"] == 0 and row["trick_no"] == 1 and row["hand_no"] == 1
    ids = set(t["matches"]["match_id"].to_pylist())
    assert set(t["plays"]["match_id"].to_pylist()) == ids
    assert all(len(i.split("-")[0]) == 16 and i.endswith("-0") for i in ids)


def test_points_in_tricks_and_plays_add_up(matches):
    t = built(matches)
    assert sum(t["plays"]["points"].to_pylist()) == sum(t["tricks"]["points"].to_pylist())
    hands = t["hands"].to_pylist()
    for h in hands:
        assert h["attackers_total"] == h["attackers_points"] + h["bottom_bonus"] + h["penalties"]
        assert h["claim_matches"] is True


def test_a_batch_is_invisible_until_committed_and_visible_after(tmp_path, matches):
    root = str(tmp_path / "ds")
    batch = new_batch()
    tmp = write_temp_parts(root, built(matches, batch), batch)
    assert all(os.path.basename(p).startswith(".") and not p.endswith(".parquet") for p in tmp.values())
    assert load(root).hands.empty
    shas = pq.read_table(tmp["files"])["source_sha256"].to_pylist()
    dup = commit_parts(root, tmp, batch, shas, Manifest(root))
    assert dup == set()
    ds = load(root)
    assert len(ds.matches) == 3 and len(ds.plays) == 4 * len(ds.tricks)
    assert not any(os.path.exists(p) for p in tmp.values())


def test_committing_files_already_there_adds_nothing(tmp_path, matches):
    root = str(tmp_path / "ds")
    for _ in range(2):
        batch = new_batch()
        tmp = write_temp_parts(root, built(matches, batch), batch)
        shas = pq.read_table(tmp["files"])["source_sha256"].to_pylist()
        commit_parts(root, tmp, batch, shas, Manifest(root))
    ds = load(root)
    assert len(ds.files) == 3 and len(ds.matches) == 3
    assert len(ds.hands) == sum(len(m.hands) for m in matches)


def test_a_partial_commit_is_ignored_by_load_and_removed_by_the_next_ingest(tmp_path, matches):
    root = str(tmp_path / "ds")
    batch = new_batch()
    tmp = write_temp_parts(root, built(matches[:1], batch), batch)
    # killed after renaming two child tables, before the files part (the commit point)
    for t in ("plays", "tricks"):
        os.replace(tmp[t], os.path.join(root, t, f"part-{batch}.parquet"))
    ds = load(root)
    assert ds.plays.empty and ds.tricks.empty
    removed = recover(root)
    assert sorted(os.path.basename(os.path.dirname(p)) for p in removed) == ["plays", "tricks"]


def test_temporary_parts_of_dead_ingests_are_cleaned_and_live_ones_kept(tmp_path, matches):
    root = str(tmp_path / "ds")
    live = f"{os.getpid()}-aaaaaaaaaaaa"
    dead = "999999999-bbbbbbbbbbbb"
    write_temp_parts(root, built(matches[:1], live), live)
    write_temp_parts(root, built(matches[:1], dead), dead)
    removed = recover(root)
    assert removed and all(dead in p for p in removed)
    assert os.path.exists(os.path.join(root, "plays", f".part-{live}.parquet.tmp"))


def test_error_rows_carry_file_position_code_message_and_text(tmp_path):
    root = str(tmp_path / "ds")
    b = TableBuilder(new_batch())
    d = Diagnostic("unknown_card", "unknown card 'S11'", 12, 5, 1, 3, "1. N: S11, E: S3")
    b.add_file("bad.tgn", "ab" * 32, "tgn", [], [], [d], "errors", None)
    tables = b.to_tables()
    tmp = write_temp_parts(root, tables, b.batch)
    commit_parts(root, tmp, b.batch, ["ab" * 32], Manifest(root))
    row = load(root).errors.iloc[0]
    assert (row.source_file, row.line, row.column, row.code, row.text) == \
        ("bad.tgn", 12, 5, "unknown_card", "1. N: S11, E: S3")
    assert load(root).files.iloc[0].status == "errors"


def test_load_refuses_a_missing_folder_with_a_clear_message(tmp_path):
    with pytest.raises(FileNotFoundError, match="no dataset"):
        load(str(tmp_path / "nowhere"))


def test_load_decodes_dictionaries_and_returns_every_table(tmp_path, matches):
    root = str(tmp_path / "ds")
    batch = new_batch()
    tmp = write_temp_parts(root, built(matches, batch), batch)
    commit_parts(root, tmp, batch, pq.read_table(tmp["files"])["source_sha256"].to_pylist(), Manifest(root))
    ds = load(root)
    assert set(ds.keys()) == set(TABLES)
    assert set(ds["plays"]["seat"]) == {"N", "E", "S", "W"}
    raw = load(root, decode=False)
    assert str(raw.plays["seat"].dtype) == "category"
    only = load(root, tables=["hands"])
    assert only.plays.empty and not only.hands.empty


def test_level_token_names_levels():
    assert dsmod.level_token(14) == "A" and dsmod.level_token(10) == "10" and dsmod.level_token(None) == ""


def test_every_column_is_documented_in_docs_dataset_md():
    doc = (Path(__file__).parent.parent / "docs" / "dataset.md").read_text(encoding="utf-8")
    for name in TABLES:
        section = doc.split(f"### `{name}`", 1)
        assert len(section) == 2, name
        body = section[1].split("###", 1)[0]
        for field in SCHEMAS[name]:
            assert f"| `{field.name}` |" in body, (name, field.name)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), rate=st.sampled_from([0.0, 0.1]))
def test_rows_of_any_simulated_match_are_consistent(seed, rate):
    m = simulate_match(seed, 0, violation_rate=rate, max_hands=3)
    r = replay_match(m)
    t = built([m], sha_seed=str(seed))
    hands = t["hands"].to_pylist()
    tricks = t["tricks"].to_pylist()
    plays = t["plays"].to_pylist()
    assert len(plays) == 4 * len(tricks) == 4 * sum(h["tricks"] for h in hands)
    # each trick's points are its plays' points; one play per trick won it
    by_trick: dict = {}
    for p in plays:
        k = (p["hand_no"], p["trick_no"])
        pts, won = by_trick.get(k, (0, 0))
        by_trick[k] = (pts + p["points"], won + p["won"])
    assert all(by_trick[(x["hand_no"], x["trick_no"])] == (x["points"], 1) for x in tricks)
    # every card dealt is played exactly once per hand
    for h, hr in zip(m.hands, r.hands):
        played = [c for p in plays if p["hand_no"] == h.number for c in p["cards"]]
        dealt = [TOKEN[k] for cards in h.deal for k in cards] + [TOKEN[k] for k in h.bottom]
        assert sorted(played + [TOKEN[k] for k in h.buried]) == sorted(dealt)
    # the attackers' card points are the points of the tricks they won
    for h in hands:
        won = sum(x["points"] for x in tricks if x["hand_no"] == h["hand_no"] and x["attackers_won"])
        assert won == h["attackers_points"]
    assert t["violations"].num_rows == sum(len(hr.violations) for hr in r.hands)


# --- variants: friend mode, decks, per-player levels, old datasets ------------------------

VARIANT_HAND_COLUMNS = ("friend", "defender_seats", "level_n_before", "level_e_before", "level_s_before",
                        "level_w_before", "level_n_after", "level_e_after", "level_s_after",
                        "level_w_after", "revoke_ns", "revoke_ew", "earlier_buries",
                        "outcome_reason", "miscount")
VARIANT_MATCH_COLUMNS = ("decks", "level_n_final", "level_e_final", "level_s_final", "level_w_final")
VARIANT_VIOLATION_COLUMNS = ("line", "column")


def test_each_hand_row_carries_its_variant_friend_defenders_and_player_levels(tmp_path):
    import dataclasses

    from tractor_analysis.records.rulesets import PRESETS

    friend = dataclasses.replace(PRESETS["one-deck"], friend=True, name="one-deck+")
    ms = [simulate_match(12, i, rules=friend, max_hands=6) for i in range(3)]
    ms.append(simulate_match(12, 9, rules=PRESETS["three-deck"], max_hands=2))
    tables = built(ms)
    write = write_temp_parts(str(tmp_path), tables, "v1")
    commit_parts(str(tmp_path), write, "v1", tables["files"]["source_sha256"].to_pylist(),
                 Manifest(str(tmp_path)))
    ds = load(str(tmp_path))
    hands = ds.hands.set_index(["match_id", "hand_no"])
    assert set(ds.hands.ruleset) == {"one-deck+", "three-deck+"}     # + decide_by_levels (simulate.py)
    lone = 0
    for i, m in enumerate(ms):
        result = replay_match(m)
        mid = ds.matches.match_id[ds.matches.source_file == f"f{i}.tgn"].item()
        row_m = ds.matches.set_index("match_id").loc[mid]
        assert int(row_m.decks) == result.hands[0].rules.decks
        assert tuple(int(row_m[f"level_{s}_final"]) for s in "nesw") == result.player_levels_final
        for h, hr in zip(m.hands, result.hands):
            row = hands.loc[(mid, h.number)]
            assert row.decks == hr.rules.decks
            seats = list(row.defender_seats)
            assert seats[0] == "NESW"[hr.dealer]
            assert {"NESW".index(x) for x in seats} == set(hr.defenders)
            lone += len(seats) == 1
            if h.friend is None:
                assert row.friend is None or row.friend != row.friend
            else:
                assert row.friend == TOKEN[h.friend]
            assert tuple(int(row[f"level_{s}_before"]) for s in "nesw") == hr.player_levels_before
            assert tuple(int(row[f"level_{s}_after"]) for s in "nesw") == hr.player_levels_after
            assert (int(row.revoke_ns), int(row.revoke_ew)) == hr.revoke_levels
    assert lone >= 1       # one-deck friend mode: the dealer alone (一打三) happens in 18 hands


def test_a_dataset_written_before_the_variant_columns_still_loads_with_them_null(tmp_path, matches):
    tables = built(matches[:1])
    variant = {"hands": VARIANT_HAND_COLUMNS, "matches": VARIANT_MATCH_COLUMNS,
               "violations": VARIANT_VIOLATION_COLUMNS}
    old = {t: tab.drop_columns([c for c in variant.get(t, ()) if c in tab.column_names])
           for t, tab in tables.items()}
    assert "friend" not in old["hands"].column_names
    for t, tab in old.items():
        os.makedirs(tmp_path / t, exist_ok=True)
        pq.write_table(tab, tmp_path / t / "part-old-1.parquet")
    ds = load(str(tmp_path))
    assert len(ds.hands) == len(matches[0].hands)
    for c in VARIANT_HAND_COLUMNS:
        assert ds.hands[c].isna().all(), c
    for c in VARIANT_MATCH_COLUMNS:
        assert ds.matches[c].isna().all(), c
    for c in VARIANT_VIOLATION_COLUMNS:
        assert ds.violations[c].isna().all(), c
    # and the statistics still work on it, from the dealer's team
    from tractor_analysis.dataset import stats
    table = stats.summary(ds, "player")
    assert table["hands"].sum() == 4 * len(ds.hands)

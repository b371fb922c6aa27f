"""Bad input and damaged datasets: numbers out of range, deep JSON, lone surrogates, the JSON
problem cap, CR line ends, empty and non-UTF-8 paths, batches Arrow refuses, damaged and
missing Parquet parts.  Each gives a positioned bilingual problem; a batch goes on; nothing
is dropped silently; nothing half-written is left."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pyarrow as pa
import pytest
from click.testing import CliRunner

from tractor_analysis.records.limits import MAX_DEPTH
from tractor_analysis.dataset import rows as rowsmod
from tractor_analysis.records import input_files, sources
from tractor_analysis.cli.main import main
from tractor_analysis.dataset import DatasetError, load, printable, read_table
from tractor_analysis.dataset.pipeline import IngestError, ingest
from tractor_analysis.records import parse_json, parse_jsonl
from tractor_analysis.records.diagnostics import MAX_DIAGNOSTICS
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
DISPUTED = (SAMPLES / "disputed-trick.tgn").read_text(encoding="utf-8")
SPRING_TGN = (SAMPLES / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")
SPRING_JSON = json.loads((SAMPLES / "spring-cup-r2t5.json").read_text(encoding="utf-8"))


def chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def run(*args, cwd: Path | None = None):
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        return CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(old)


def leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.name.endswith(".tmp"))


def stored(ds: Path) -> list[str]:
    return sorted(read_table(str(ds), "files", columns=["source_file"]).column("source_file").to_pylist())


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


# --- .tgn numbers ------------------------------------------------------------------------

@pytest.mark.parametrize("edit, label", [
    (('[Points "65"]', '[Points "40000"]'), "[Points] 40000"),
    (('[Points "65"]', '[Points "-5"]'), "[Points] -5"),
    (('[Points "65"]', '[Points "65"]\n[Claim "40000"]'), "[Claim] 40000"),
    (('[SetUp "1"]', '[SetUp "1"]\n[FirstTrick "0"]'), "[FirstTrick] 0"),
])
def test_tgn_tag_numbers_out_of_range_are_bad_values_at_the_value(edit, label):
    text = DISPUTED.replace(*edit)
    [match], diags = parse_tgn(text)
    bad = [d for d in diags if d.code == "bad_value"]
    assert len(bad) == 1 and label in bad[0].message and "超出范围" in bad[0].message, diags
    tag, value = label.split()
    assert bad[0].line == line_of(text, f'{tag[:-1]} "{value}"]')
    assert bad[0].column == text.splitlines()[bad[0].line - 1].index('"') + 2      # at the value
    assert len(match.hands) == 1 and len(match.hands[0].tricks) == 1     # the hand is still read


def test_tgn_out_of_range_values_are_not_used():
    [m], _ = parse_tgn(DISPUTED.replace('[Points "65"]', '[Points "40000"]\n[Claim "-40000"]'))
    assert m.hands[0].points == 0 and m.hands[0].claim is None


def test_tgn_a_negative_claim_within_range_is_kept():
    # penalties can take the attackers' total below zero, and the simulator writes it as the claim
    [m], diags = parse_tgn(DISPUTED.replace('[Points "65"]', '[Points "65"]\n[Claim "-10"]'))
    assert m.hands[0].claim == -10 and not [d for d in diags if d.code == "bad_value"]


@pytest.mark.parametrize("number", ["40000", "0", "9" * 5000])
def test_tgn_trick_number_out_of_range_is_renumbered(number):
    text = DISPUTED.replace("20. W: HQ HQ", f"{number}. W: HQ HQ")
    [m], diags = parse_tgn(text)
    [bad] = [d for d in diags if d.code == "bad_value"]
    assert (bad.line, bad.column, bad.trick) == (line_of(text, f"{number}. W"), 1, 20)
    assert "numbered 20" in bad.message and "按第 20 轮处理" in bad.message and len(bad.message) < 400
    assert [t.number for t in m.hands[0].tricks] == [20]
    assert not [d for d in diags if d.code == "trick_sequence"]


# --- JSON numbers --------------------------------------------------------------------------

def test_json_numbers_out_of_range_are_positioned_bad_values():
    m = json.loads(json.dumps(SPRING_JSON))
    h = m["hands"][1]
    h["points"], h["claim"], h["first_trick"] = -5, 40000, 0
    h["tricks"][2] = {"number": 40000, "plays": h["tricks"][2]}
    text = json.dumps(m, indent=1)
    [match], diags = parse_json(text)
    bad = {d.message.split(":")[1].split()[0]: d for d in diags if d.code == "bad_value"}
    assert set(bad) == {'"points"', '"claim"', '"first_trick"', 'a'}, diags
    lines = text.splitlines()
    for key, d in bad.items():
        assert d.hand == h["number"] and chinese(d.message)
        want = '"number": 40000' if key == "a" else f'{key}: '
        assert want in lines[d.line - 1] and lines[d.line - 1][d.column - 1:].startswith(
            "40000" if key == "a" else str(h[key.strip('"')])), (key, d)
    hand = match.hands[1]
    assert (hand.points, hand.claim, hand.first_trick) == (0, None, 1)
    assert [t.number for t in hand.tricks][:4] == [1, 2, 3, 4]


def test_jsonl_numbers_out_of_range_name_the_line():
    m = json.loads(json.dumps(SPRING_JSON))
    m["hands"][0]["claim"] = 10 ** 30
    text = json.dumps(SPRING_JSON) + "\n" + json.dumps(m) + "\n"
    matches, diags = parse_jsonl(text)
    [bad] = diags
    assert len(matches) == 2 and bad.code == "bad_value" and bad.line == 2
    assert text.splitlines()[1][bad.column - 1:].startswith(str(10 ** 30)) and "…" in bad.message


# --- deep JSON, lone surrogates, huge integers -------------------------------------------------

def test_deeply_nested_json_is_too_deep_at_the_bracket_past_the_limit():
    # issue 15: the depth is checked before the decoder runs, and the position is the bracket
    matches, [d] = parse_json("[" * 100_000 + "]" * 100_000)
    assert matches == [] and (d.code, d.line, d.column) == ("too_deep", 1, MAX_DEPTH + 1)
    assert "nested too deeply" in d.message and "嵌套过深" in d.message


def test_deeply_nested_jsonl_line_is_reported_and_the_rest_read():
    line = json.dumps(SPRING_JSON)
    matches, [d] = parse_jsonl(line + "\n" + "[" * 50_000 + "]" * 50_000 + "\n" + line + "\n")
    assert len(matches) == 2 and (d.code, d.line, d.column) == ("too_deep", 2, MAX_DEPTH + 1)


def test_an_integer_too_long_for_python_is_invalid_json():
    matches, [d] = parse_json('{"hands": [{"number": ' + "9" * 5000 + "}]}")
    assert matches == [] and d.code == "invalid_json" and " / " in d.message


def test_lone_surrogate_is_replaced_and_named():
    text = '{"event": "\\ud800 cup",\n "players": {"N": "a\\udc00"}, "hands": []}'
    [m], diags = parse_json(text)
    assert m.event == "\ufffd cup" and m.players[0] == "a\ufffd"
    assert [(d.code, d.line, d.column) for d in diags] == [("decode_error", 1, 12), ("decode_error", 2, 21)]
    assert "\\ud800" in diags[0].message and "代理项" in diags[0].message
    for s in (m.event, m.players[0], diags[0].message):
        s.encode("utf-8")                                     # printable, storable


def test_surrogate_pairs_and_escaped_backslashes_are_not_lone():
    [m], diags = parse_json('{"event": "\\ud83d\\ude00 \\\\ud800", "hands": []}')
    assert diags == [] and m.event == "\U0001F600 \\ud800"


def test_lone_surrogate_in_a_key_and_in_jsonl():
    line = '{"hands": [], "x\\udfff": "1"}'
    [m], [d] = parse_jsonl("\n" + line + "\n")
    assert m.tags == (("x\ufffd", "1"),) and (d.code, d.line, d.column) == ("decode_error", 2, 17)


# --- the JSON problem cap and positions --------------------------------------------------------

def test_json_lists_the_first_500_problems_then_how_many_more():
    matches, diags = parse_json(json.dumps({"hands": [{"number": i} for i in range(1, 1501)]}))
    assert len(matches[0].hands) == 1500
    assert len(diags) == MAX_DIAGNOSTICS + 1
    # 3 a hand (no dealer, no trump, and tags alone before the next hand — tags_only_hand, s18), 2 the last one
    assert "3999 more problems not listed" in diags[-1].message and "另有 3999 个问题未列出" in diags[-1].message


def test_jsonl_cap_counts_over_the_whole_file():
    line = json.dumps({"hands": [{"number": i} for i in range(1, 201)]})
    _, diags = parse_jsonl("\n".join([line] * 4))
    # 2 per hand, and tags_only_hand (s18) for each but a line's last: 4 × (200 × 2 + 199) − 500
    assert len(diags) == MAX_DIAGNOSTICS + 1 and "1896 more" in diags[-1].message


def test_json_positions_on_many_lines_are_right():
    hands = [{"number": i, "dealer": "N", "trump": "H", "tricks": []} for i in range(1, 301)]
    hands[250]["dealer"] = "Q"
    text = json.dumps({"hands": hands}, indent=2)
    _, diags = parse_json(text)
    # every hand but the last is tags alone (no deal, no trick), the record going on: tags_only_hand (s18)
    assert [x.hand for x in diags if x.code == "tags_only_hand"] == list(range(1, 300))
    [d] = [x for x in diags if x.code != "tags_only_hand"]
    lines = text.splitlines()
    assert d.code == "unknown_seat" and lines[d.line - 1][d.column - 1:].startswith('"Q"')


# --- line ends, sniffing, paths ----------------------------------------------------------------

@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_jsonl_line_ends(end):
    line = json.dumps(SPRING_JSON, ensure_ascii=False)
    matches, diags = parse_jsonl(line + end + line + end + "{bad" + end)
    assert len(matches) == 2 and [(d.code, d.line) for d in diags] == [("invalid_json", 3)]


def test_a_cr_only_jsonl_without_extension_is_sniffed_as_jsonl():
    line = json.dumps(SPRING_JSON)
    src = sources.load_bytes((line + "\r" + line + "\r").encode(), "records")
    assert src.format == "jsonl" and src.diagnostics == () and len(src.matches) == 2


def test_a_reader_failure_is_a_diagnostic_not_an_exception(monkeypatch):
    def boom(text, *args, **kwargs):          # (the readers take where the text came from too, d832c0e)
        raise RuntimeError("reader bug")
    monkeypatch.setattr(sources, "parse_json", boom)
    src = sources.load_bytes(b'{"hands": []}', "x.json")
    [d] = src.diagnostics
    assert src.matches == () and d.code == "engine_error" and "reader bug" in d.message and chinese(d.message)


def test_empty_and_nul_paths(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "other.tgn").write_text(DISPUTED, encoding="utf-8")
    assert list(input_files.iter_inputs([""])) == []
    with pytest.raises(OSError, match="empty path"):
        sources.load_file("")
    with pytest.raises(OSError):
        sources.load_file("a\0b.tgn")


def test_check_empty_argument(tmp_path):
    (tmp_path / "other.tgn").write_text(DISPUTED, encoding="utf-8")
    res = run("check", "--json", "", cwd=tmp_path)
    doc = json.loads(res.output)
    assert res.exit_code == 2 and [f["path"] for f in doc["files"]] == [""]
    assert [e["code"] for e in doc["files"][0]["errors"]] == ["unreadable_file"]
    assert "empty path" in doc["files"][0]["errors"][0]["message"] and "空路径" in doc["files"][0]["errors"][0]["message"]


def test_ingest_empty_argument_is_an_unreadable_row(tmp_path):
    (tmp_path / "other.tgn").write_text(DISPUTED, encoding="utf-8")
    res = run("ingest", "", "-o", "ds", "-q", cwd=tmp_path)
    assert res.exit_code == 2 and stored(tmp_path / "ds") == [""]
    [e] = read_table(str(tmp_path / "ds"), "errors").to_pylist()
    assert e["code"] == "unreadable_file" and "空路径" in e["message"]


def test_printable():
    assert printable("秋季.tgn") == "秋季.tgn"
    assert printable(os.fsdecode(b"\xc7\xef.tgn")) == "\\xc7\\xef.tgn"
    assert printable("a\ud800") == "a\\ud800"


def test_ingest_stores_a_non_utf8_name_as_escaped_bytes(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    with open(os.path.join(bytes(logs), b"\xc7\xef\xbc\xbe.tgn"), "wb") as fh:
        fh.write((SAMPLES / "gbk-club-night.tgn").read_bytes())
    (logs / "good.tgn").write_text(DISPUTED, encoding="utf-8")
    res = run("ingest", "logs", "-o", "ds", "-q", cwd=tmp_path)
    assert res.exit_code in (0, 1), res.output   # no errors in these records
    names = stored(tmp_path / "ds")
    # c7 is not UTF-8; ef bc be is (＾), so the name keeps it
    assert names == sorted([os.path.join("logs", "good.tgn"), os.path.join("logs", "\\xc7\uff3e.tgn")])
    ds = load(str(tmp_path / "ds"))
    assert len(ds.matches) == 2 and set(ds.matches.source_file) == set(names)


# --- ingest: values the dataset cannot hold, batches Arrow refuses, write failures -------------

@pytest.mark.parametrize("workers", [1, 2])
def test_ingest_hand_number_too_big_for_the_column(tmp_path, workers):
    big = DISPUTED.replace('[Hand "11"]', '[Hand "40000"]')
    (tmp_path / "big.tgn").write_text(big, encoding="utf-8")
    (tmp_path / "good.tgn").write_text(SPRING_TGN, encoding="utf-8")
    (tmp_path / "bad-points.tgn").write_text(DISPUTED.replace('[Points "65"]', '[Points "40000"]'),
                                             encoding="utf-8")
    res = run("ingest", "big.tgn", "good.tgn", "bad-points.tgn", "-o", "ds", "-q", "--workers", workers,
              cwd=tmp_path)
    assert res.exit_code == 2, res.output
    ds = load(str(tmp_path / "ds"))
    assert sorted(ds.files.source_file) == ["bad-points.tgn", "big.tgn", "good.tgn"]
    errors = {(e.source_file, e.code, e.line) for e in ds.errors.itertuples()}
    assert ("big.tgn", "bad_value", line_of(big, '[Hand "40000"]')) in errors
    assert ("bad-points.tgn", "bad_value", line_of(DISPUTED, '[Points "65"]')) in errors
    assert set(ds.matches.source_file) == {"good.tgn", "bad-points.tgn"}    # big.tgn's match left out, said so
    assert "big.tgn" in res.output and "hand_no" in res.output
    assert leftovers(tmp_path / "ds") == []


def _poison(monkeypatch, name: str) -> None:
    """Make Arrow refuse any batch holding the file ``name`` (as a value a column cannot hold would)."""
    original = rowsmod._table

    def table(cols, schema):
        if any(str(p).endswith(name) for p in cols.get("source_file", ())) and "match_id" in cols:
            raise pa.ArrowInvalid("Integer value 40000 not in range: -32768 to 32767")
        return original(cols, schema)
    monkeypatch.setattr(rowsmod, "_table", table)


def test_a_batch_arrow_refuses_is_written_again_file_by_file(tmp_path, monkeypatch):
    for name, text in {"a.tgn": DISPUTED, "poison.tgn": SPRING_TGN}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "c.json").write_text(json.dumps(SPRING_JSON), encoding="utf-8")
    _poison(monkeypatch, "poison.tgn")
    paths = [str(tmp_path / n) for n in ("a.tgn", "poison.tgn", "c.json")]
    summary = ingest(paths, str(tmp_path / "ds"))
    ds = load(str(tmp_path / "ds"))
    assert summary.added == 3 and sorted(Path(p).name for p in ds.files.source_file) == ["a.tgn", "c.json",
                                                                                        "poison.tgn"]
    assert sorted(Path(p).name for p in ds.matches.source_file) == ["a.tgn", "c.json"]
    [err] = [e for e in ds.errors.itertuples() if e.code == "store_error"]
    assert err.source_file.endswith("poison.tgn") and "ArrowInvalid" in err.message and chinese(err.message)
    assert err.line == line_of(SPRING_TGN, "[Hand ")
    row = ds.files[ds.files.source_file.str.endswith("poison.tgn")].iloc[0]
    assert (row.status, row.hands, row.matches) == ("errors", 0, 1)
    assert len(ds.hands) == 1 + 5 and leftovers(tmp_path / "ds") == []


def test_a_batch_that_cannot_be_written_names_its_files_and_leaves_nothing(tmp_path, monkeypatch):
    (tmp_path / "a.tgn").write_text(DISPUTED, encoding="utf-8")
    (tmp_path / "b.tgn").write_text(SPRING_TGN, encoding="utf-8")
    import pyarrow.parquet as pq
    original = pq.write_table
    calls = []

    def write_table(table, where, **kw):
        calls.append(where)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return original(table, where, **kw)
    monkeypatch.setattr(pq, "write_table", write_table)
    res = run("ingest", "a.tgn", "b.tgn", "-o", "ds", "-q", cwd=tmp_path)
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "a.tgn" in res.output and "b.tgn" in res.output and "2 file(s) not stored" in res.output
    assert "未存入" in res.output and "No space left" in res.output
    assert leftovers(tmp_path / "ds") == [] and stored(tmp_path / "ds") == []


def test_ingest_error_survives_pickling():
    import pickle
    exc = pickle.loads(pickle.dumps(IngestError("msg / 消息", ["a", "b"])))
    assert str(exc) == "msg / 消息" and exc.lost == ("a", "b")


# --- damaged and incomplete datasets -------------------------------------------------------------

@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("ds") / "ds"
    broken = root.parent / "broken.tgn"
    broken.write_text(DISPUTED.replace("E: H5 H2", "E: H5 H11"), encoding="utf-8")      # an unknown card
    ingest([str(p) for p in sorted(SAMPLES.iterdir()) if p.suffix in (".tgn", ".json")] + [str(broken)],
           str(root), flush_hands=8)
    assert len(list((root / "files").glob("*.parquet"))) > 1
    return root


def copy(ds: Path, to: Path) -> Path:
    import shutil
    shutil.copytree(ds, to)
    return to


def test_a_truncated_part_is_named_by_load_and_stats(tmp_path, dataset):
    ds = copy(dataset, tmp_path / "ds")
    part = sorted((ds / "tricks").glob("*.parquet"))[-1]
    part.write_bytes(part.read_bytes()[:100])
    with pytest.raises(DatasetError, match=f"{part.name} of the tricks table"):
        load(str(ds))
    res = run("stats", ds)
    assert res.exit_code == 2 and part.name in res.output and "已损坏" in res.output


def test_a_truncated_files_part_stops_ingest_before_anything_is_read(tmp_path, dataset):
    ds = copy(dataset, tmp_path / "ds")
    part = sorted((ds / "files").glob("*.parquet"))[0]
    part.write_bytes(part.read_bytes()[:50])
    before = sorted(p.name for p in ds.rglob("*"))
    res = run("ingest", SAMPLES / "disputed-trick.tgn", "-o", ds, "-q")
    assert res.exit_code == 2 and part.name in res.output and "files table" in res.output
    assert "已损坏" in res.output
    assert sorted(p.name for p in ds.rglob("*")) == before


@pytest.mark.parametrize("table", ["hands", "matches", "plays", "errors"])
def test_a_deleted_part_of_a_committed_batch_is_an_error(tmp_path, dataset, table):
    ds = copy(dataset, tmp_path / "ds")
    files = read_table(str(ds), "files").to_pylist()
    column = {"hands": "hands", "matches": "matches", "plays": "hands", "errors": "errors"}[table]
    batch = next(r["batch"] for r in files if r[column] > 0)
    part = ds / table / f"part-{batch}.parquet"
    part.unlink()
    with pytest.raises(DatasetError, match=f"the {table} table is missing 1 part"):
        read_table(str(ds), table)
    assert str(part) in str(pytest.raises(DatasetError, load, str(ds)).value)
    res = run("stats", ds)
    if table in ("hands", "matches"):          # tables stats reads
        assert res.exit_code == 2 and part.name in res.output and "缺少" in res.output
    res = run("ingest", SAMPLES / "disputed-trick.tgn", "-o", ds, "-q")
    assert res.exit_code == 2 and part.name in res.output


def test_a_deleted_empty_part_is_not_an_error(tmp_path, dataset):
    ds = copy(dataset, tmp_path / "ds")
    files = read_table(str(ds), "files").to_pylist()
    quiet = {r["batch"] for r in files} - {r["batch"] for r in files if r["errors"] > 0}
    assert quiet
    for batch in quiet:
        (ds / "errors" / f"part-{batch}.parquet").unlink()
    assert len(load(str(ds)).errors) == len(load(str(dataset)).errors)

"""Whatever ``convert`` writes, the readers read back (issue 21): over JSON records that are odd —
positions, empty tricks, tricks written as objects (the documented form and others), unknown
fields and typed values nested up to the depth limit and past it, values of the wrong container
type anywhere — a record read without a problem is written as ``.tgn`` (unless ``.tgn`` cannot
hold it: ``Unwritable``, ``convert`` exits 2), ``.json`` and ``.jsonl`` and read back as the same
matches, without a problem; a record with a problem has positioned diagnostics; nothing raises."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tractor_analysis.records import format_json, format_jsonl, match_to_dict
from tractor_analysis.records.diagnostics import CODES
from tractor_analysis.records.sources import load_bytes
from tractor_analysis.records.tgn_writer import Unwritable, format_tgn

from strategies import matches

SCALARS = [None, 0, 1, "", "x", "N", "SA", True, 2.5]


def nested(n: int) -> object:
    v: object = 1
    for _ in range(n):
        v = [v]
    return v


ODD_VALUES = st.one_of(st.sampled_from(SCALARS), st.sampled_from([[], {}, [1, 2], {"a": 1}, {"": [None]}]),
                       st.integers(55, 70).map(nested))
"""Values of unknown fields: any JSON type, and nesting near the limit (where a field goes, the
text is one or three levels deeper)."""


def _slots(obj) -> list[tuple[object, object]]:
    out, stack = [], [obj]
    while stack:
        o = stack.pop()
        for k, v in (enumerate(o) if isinstance(o, list) else o.items()):
            out.append((o, k))
            if isinstance(v, (list, dict)):
                stack.append(v)
    return out


def _other(draw, v):
    if isinstance(v, list):
        return draw(st.sampled_from([{str(i): x for i, x in enumerate(v)}, {}, [v], None, "x", 0]))
    if isinstance(v, dict):
        return draw(st.sampled_from([list(v.values()), [[k, x] for k, x in v.items()], [], None, "x", [v]]))
    return draw(st.sampled_from([[v], {"x": v}, {}, []] + [s for s in SCALARS if type(s) is not type(v)]))


@st.composite
def odd_records(draw) -> tuple[dict, set[str]]:
    """A JSON record and the odd things done to it (``bad`` ones must be reported)."""
    obj = match_to_dict(draw(matches(max_hands=2, max_tricks=4)))
    done: set[str] = set()
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["empty_trick", "trick_object", "bad_trick_object", "unknown_field",
                                   "play_field", "retype"]))
        hands = obj.get("hands")
        if not isinstance(hands, list) or not hands:     # a retype made "hands" something else
            break
        h = draw(st.sampled_from(hands))
        if not isinstance(h, dict) or not isinstance(h.get("tricks"), list):   # ... or a hand, its tricks
            continue
        tricks = [i for i, t in enumerate(h["tricks"]) if isinstance(t, list)]
        if op in ("empty_trick", "trick_object", "bad_trick_object", "play_field") and not tricks:
            continue
        i = draw(st.sampled_from(tricks)) if tricks else 0
        if op == "empty_trick":
            h["tricks"][i] = draw(st.sampled_from([[], {"plays": []}]))
            done.add("bad")
        elif op == "trick_object":       # the documented form: the same trick, read the same
            h["tricks"][i] = {"plays": h["tricks"][i], "notes": draw(st.sampled_from([[], ["n"]]))}
        elif op == "bad_trick_object":
            plays = h["tricks"][i]
            h["tricks"][i] = draw(st.sampled_from([{str(k): p for k, p in enumerate(plays)},
                                                   {"plays": plays, "winner": "N"}, {"notes": []}]))
            done.add("bad")
        elif op == "play_field" and h["tricks"][i]:
            if not isinstance(h["tricks"][i][0], dict):     # a retype made the play something else
                continue
            h["tricks"][i][0]["winner"] = draw(ODD_VALUES)
            done.add("bad")
        elif op == "unknown_field":
            holder = draw(st.sampled_from([obj, h]))
            holder[draw(st.sampled_from(["Scores", "x", "裁判", "notes:json"]))] = draw(ODD_VALUES)
        elif op == "retype":
            slots = _slots(obj)
            o, k = draw(st.sampled_from(slots))
            o[k] = _other(draw, o[k])
        done.add(op)
    return obj, done


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(odd_records(), st.sampled_from(["json", "jsonl"]))
def test_what_convert_writes_reads_back(record, fmt):
    obj, done = record
    text = json.dumps(obj, ensure_ascii=False, indent=2 if fmt == "json" else None) + "\n"
    src = load_bytes(text.encode("utf-8"), f"r.{fmt}")
    assert all(d.code in CODES and d.line >= 1 and d.column >= 1 for d in src.diagnostics), src.diagnostics
    if "bad" in done:        # an empty trick, a trick object that is not one, a field a play has not
        # (or a field nested past the limit, for which nothing of the record is read)
        assert any(d.code in ("json_shape", "too_deep") for d in src.diagnostics), (done, text[:2000])
    if src.diagnostics or not src.matches:
        return                # `convert` writes nothing for a record with a problem
    writers = [("jsonl", lambda ms: format_jsonl(list(ms)))]
    if len(src.matches) == 1:
        writers += [("tgn", lambda ms: format_tgn(ms[0])), ("json", lambda ms: format_json(ms[0]))]
    for out, write in writers:
        try:
            written = write(src.matches)
        except Unwritable:
            assert out == "tgn"
            continue
        again = load_bytes(written.encode("utf-8"), f"again.{out}")
        assert again.diagnostics == (), (out, done, again.diagnostics[:3])
        assert again.matches == src.matches, (out, done)


def test_an_empty_match_is_not_written_as_an_empty_tgn_file(tmp_path):
    """``{"hands": []}`` reads as one match with nothing in it; as .tgn it became an empty file,
    which reads back as no match (``empty_file``): found by the fuzzer (seed 20261206, case 1110).
    .tgn now refuses it with a message, as for the other things it cannot say."""
    import pytest as _pytest
    from click.testing import CliRunner as _Runner

    from tractor_analysis.cli.main import main as _main
    from tractor_analysis.records import parse_json
    from tractor_analysis.records.tgn_writer import Unwritable, format_tgn

    (m,), diags = parse_json('{"hands":[]}')
    assert diags == []
    with _pytest.raises(Unwritable, match="holds nothing"):
        format_tgn(m)
    src = tmp_path / "e.json"
    src.write_text('{"hands":[]}', encoding="utf-8")
    r = _Runner().invoke(_main, ["convert", str(src), "--to", "tgn", "-o", str(tmp_path / "e.tgn")])
    assert r.exit_code == 2 and "holds nothing" in r.output and not (tmp_path / "e.tgn").exists()

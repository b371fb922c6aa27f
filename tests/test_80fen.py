"""Records from the 80fen table (issue 14): the reader, the re-refereeing, the conversion.

The sample (tests/data/80fen/sample-plays.ndjson.gz: 10 matches, 310 hands, played and
scored by 80fen's own engine) is the truth: under ``--rules 80fen`` every hand must reach
the referee's verdicts.  The expected values are read from the raw NDJSON here, not from
the tags the reader writes, so a wrong tag cannot hide a disagreement.
"""
from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.cards import NUM_KINDS, POINTS
from tractor_analysis.records.fen80_reader import looks_like_80fen, parse_80fen
from tractor_analysis.records.rulesets import PRESETS

SAMPLE = Path(__file__).parent / "data" / "80fen" / "sample-plays.ndjson.gz"


@functools.cache
def raw() -> list[dict]:
    return [json.loads(line) for line in gzip.open(SAMPLE, "rt", encoding="utf-8") if line.strip()]


@functools.cache
def parsed():
    matches, diags = parse_80fen(gzip.open(SAMPLE, "rt", encoding="utf-8").read())
    return matches, diags


@functools.cache
def replayed(i: int):
    return replay_match(parsed()[0][i], PRESETS["80fen"])


HANDS = [(i, j) for i, m in enumerate(raw()) for j in range(len(m["rounds"]))]


# --------------------------------------------------------------------------- the reader

def test_sample_reads_without_diagnostics():
    matches, diags = parsed()
    assert diags == []
    assert len(matches) == 10 and sum(len(m.hands) for m in matches) == 310


def test_the_deal_is_rebuilt_from_the_plays_and_the_bury():
    for m, rm in zip(parsed()[0], raw()):
        for h, r in zip(m.hands, rm["rounds"]):
            assert [len(d) for d in h.deal] == [25, 25, 25, 25]
            total = [0] * NUM_KINDS
            for d in h.deal:
                for k in d:
                    total[k] += 1
            for k in h.bottom:
                total[k] += 1
            assert total == [2] * NUM_KINDS
            played = sorted(c % 54 for t in r["plays"] for j, p in enumerate(t["p"]) for c in p
                            if h.tricks[r["plays"].index(t)].plays[j].seat == h.dealer)
            expect = sorted(played + [c % 54 for c in r["buried"]])
            for c in r["kitty"]:
                expect.remove(c % 54)
            assert sorted(h.deal[h.dealer]) == expect
            assert h.bottom == tuple(c % 54 for c in r["kitty"])
            assert h.buried == tuple(c % 54 for c in r["buried"])


def test_bid_for_deals_are_the_first_and_those_after_a_redeal():
    for m, rm in zip(parsed()[0], raw()):
        assert [h.bid_for for h in m.hands] == [r["no"] == 1 or r["redeals"] > 0 for r in rm["rounds"]]


def test_declarations_and_tags():
    m = parsed()[0][0]
    h = m.hands[0]                         # round 1: N declared the small jokers
    assert h.dealer == 0 and h.trump is None and h.declarations[0].cards == (52, 52)
    assert ("Source", "80fen contest NDJSON (github.com/ChannonTian/80fen)") in m.tags
    assert dict(h.tags)["Referee:Winners"].split()[:3] == ["N", "N", "N"]
    assert dict(m.tags)["Referee:Winner"] == "EW"      # winner b, aTeam 0
    assert m.ruleset == "80fen"


def test_gzip_or_not_the_same_matches(tmp_path):
    from tractor_analysis.records.sources import load_file
    plain = tmp_path / "plays.ndjson"
    plain.write_bytes(gzip.open(SAMPLE).read())
    a, b = load_file(SAMPLE), load_file(plain)
    assert a.format == b.format == "80fen"
    assert a.matches == b.matches == tuple(parsed()[0])


def test_shape_detection():
    text = gzip.open(SAMPLE, "rt", encoding="utf-8").read()
    assert looks_like_80fen(text)
    assert not looks_like_80fen('{"hands": [], "event": "x"}\n')
    assert not looks_like_80fen("[Event \"x\"]\n")


def _line(**change) -> str:
    m = json.loads(json.dumps(raw()[0]))
    m["rounds"] = m["rounds"][:2]
    for key, value in change.items():
        r, field = key.split("__")
        m["rounds"][int(r[1:])][field] = value
    return json.dumps(m)


def test_malformed_lines_give_positioned_diagnostics():
    bad_trick = json.loads(_line())
    bad_trick["rounds"][1]["plays"][2]["p"][1] = [999]
    text = "\n".join([_line(), "{not json", json.dumps(bad_trick), _line(r0__trump="X"), "[1, 2]",
                      _line(r1__kitty=[1, 2, 3, 4, 5, 6, 7, 8])]) + "\n"
    matches, diags = parse_80fen(text)
    where = [(d.code, d.line, d.hand, d.trick) for d in diags]
    assert where == [("invalid_json", 2, None, None), ("bad_value", 3, 2, 3), ("bad_value", 4, 1, None),
                     ("json_shape", 5, None, None), ("bad_value", 6, 2, None)]
    assert all(" / " in d.message for d in diags)          # English / 中文
    assert "trick 3" in diags[1].message and "第 3 轮" in diags[1].message
    assert [len(m.hands) for m in matches] == [2, 1, 1, 1]  # the bad round is left out, the rest kept


def test_malformed_file_through_check_never_a_traceback(tmp_path):
    from tractor_analysis.cli.main import main
    f = tmp_path / "bad.ndjson"
    f.write_text(_line() + "\n{oops\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(f), "--rules", "80fen"], catch_exceptions=False)
    assert result.exit_code != 0 and f"{f}:2:" in result.output and "Traceback" not in result.output


# --------------------------------------------------------------------------- re-refereeing, hand by hand

@pytest.mark.parametrize("i,j", HANDS, ids=[f"m{i}-r{j + 1}" for i, j in HANDS])
def test_every_hand_agrees_with_the_80fen_referee(i, j):
    m = raw()[i]
    r = m["rounds"][j]
    result = replayed(i).hands[j]
    assert [v.code + ": " + v.message_en for v in result.violations] == []
    # trick winners and trick points
    assert [t.winner for t in result.tricks] == [t["w"] for t in r["plays"]]
    assert [t.points for t in result.tricks] == [sum(POINTS[c % 54] for p in t["p"] for c in p) for t in r["plays"]]
    assert result.attackers_points == r["rawTotal"]
    # the bottom
    assert result.bottom_points == r["kittyPts"]
    assert result.bottom_multiplier == (r["mult"] if r["defWonLast"] else 0)
    assert result.bottom_bonus == (r["kittyPts"] * r["mult"] if r["defWonLast"] else 0)
    # penalties and the total
    assert r["penalty"] == [0, 0] and result.penalties == 0
    assert result.attackers_total == r["total"]
    # levels and the next dealer
    o = result.outcome
    assert result.levels_before == tuple(r["before"])
    assert o.winner == ("attackers" if r["defendersWin"] else "defenders")
    assert o.levels == (r["defLevelsUp"] if r["defendersWin"] else r["declLevelsUp"])
    for team in (0, 1):
        if r["after"][team] > 14:
            assert o.match_over and o.team == team and result.levels_after[team] == 14
        else:
            assert result.levels_after[team] == r["after"][team]
    assert o.next_dealer == ((r["declSeat"] + 1) % 4 if r["defendersWin"] else (r["declSeat"] + 2) % 4)
    if j + 1 < len(m["rounds"]) and m["rounds"][j + 1]["redeals"] == 0:
        assert o.next_dealer == m["rounds"][j + 1]["declSeat"]
    assert result.dealer == r["declSeat"] and result.level == r["trumpRank"]


@pytest.mark.parametrize("i", range(10))
def test_every_match_winner_agrees(i):
    m = raw()[i]
    team = m["aTeam"] if m["winner"] == "a" else 1 - m["aTeam"]
    result = replayed(i)
    assert result.winner == team and not result.problems


def test_check_reports_zero_violations_on_the_sample():
    from tractor_analysis.cli.main import main
    out = CliRunner().invoke(main, ["check", str(SAMPLE), "--rules", "80fen", "--json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output[-2000:]
    doc = json.loads(out.output)
    hands = [h for f in doc["files"] for h in f["hands"]]
    assert len(hands) == 310 and all(h["violations"] == [] for h in hands)
    assert all(h["claim_matches"] for h in hands)
    assert doc["files"][0]["errors"] == [] and "problems" not in doc
    winners = [m["winner"] for m in doc["files"][0]["matches"]]
    assert winners == [("NS", "EW")[m["aTeam"] if m["winner"] == "a" else 1 - m["aTeam"]] for m in raw()]


def test_check_without_the_preset_finds_the_differences():
    """Under ``standard`` the same records disagree (dealers of bid-for deals, trump-ins on
    throws, passing A): the comparison with the referee is live, not vacuous."""
    result = replay_match(parsed()[0][6], PRESETS["standard"])
    codes = {v.code for h in result.hands for v in h.violations}
    assert "referee_mismatch" in codes


# --------------------------------------------------------------------------- conversion

@pytest.mark.parametrize("to", ["tgn", "jsonl"])
def test_convert_round_trip(tmp_path, to):
    """``convert --from 80fen`` writes our records; read back they are the same matches and
    replay to the same results (.tgn holds one match: the sample's seventh, with a throw
    trumped in and a deal after a redeal)."""
    from tractor_analysis.cli.main import main
    from tractor_analysis.records.sources import load_file
    source, expected = SAMPLE, parsed()[0]
    if to == "tgn":
        source = tmp_path / "one.txt"          # no telling extension: forced with --from
        source.write_text(json.dumps(raw()[6]) + "\n", encoding="utf-8")
        expected = expected[6:7]
    out = tmp_path / f"sample.{to}"
    res = CliRunner().invoke(main, ["convert", "--from", "80fen", str(source), "--to", to, "-o", str(out)],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    back = load_file(out)
    assert back.format == to and back.diagnostics == ()
    assert back.matches == tuple(expected)
    assert any(h.bid_for for m in back.matches for h in m.hands[1:])
    for a, b in zip(back.matches, expected):
        ra, rb = replay_match(a, PRESETS["80fen"]), replay_match(b, PRESETS["80fen"])
        assert ra == rb


def test_ingest_recognises_the_format_by_shape(tmp_path):
    """A folder holding the NDJSON is ingested with no option: 310 hands, no violation."""
    from tractor_analysis.cli.main import main
    from tractor_analysis.dataset.reading import load
    src = tmp_path / "in"
    src.mkdir()
    (src / "contest.ndjson.gz").write_bytes(SAMPLE.read_bytes())
    res = CliRunner().invoke(main, ["ingest", str(src), "-o", str(tmp_path / "ds"), "--workers", "1"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    ds = load(str(tmp_path / "ds"))
    assert ds.files["format"].tolist() == ["80fen"]
    assert len(ds.hands) == 310 and len(ds.violations) == 0


def test_check_recognises_a_plain_ndjson_by_shape(tmp_path):
    from tractor_analysis.cli.main import main
    f = tmp_path / "whatever.txt"
    f.write_text(json.dumps(raw()[3]) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(f), "--json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output[-1500:]
    doc = json.loads(out.output)
    assert len(doc["files"][0]["hands"]) == len(raw()[3]["rounds"])


def test_report_reads_the_format_by_shape(tmp_path):
    from tractor_analysis.cli.main import main
    out = tmp_path / "report"
    res = CliRunner().invoke(main, ["report", str(SAMPLE), "-o", str(out)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    pages = list(out.glob("*.html"))
    assert (out / "index.html").exists() and len(pages) > 300
    assert not any("referee_mismatch" in p.read_text(encoding="utf-8") for p in pages)


@pytest.mark.parametrize("field", ["declBy", "declStrength"])
def test_a_round_that_leaves_out_who_declared_leaves_the_declarations_unknown(field):
    """Before: a round without declBy (or declStrength) was read as "nobody declared", and a round
    with a trump got bad_declaration ("nobody declared, so … NT") on that guess."""
    m = json.loads(json.dumps(raw()[0]))
    m["rounds"] = m["rounds"][:3]
    i = next(j for j, r in enumerate(m["rounds"]) if r.get("trump") is not None and r.get("declBy") is not None)
    del m["rounds"][i][field]
    matches, diags = parse_80fen(json.dumps(m))
    hand = matches[0].hands[i]
    assert not hand.declarations_known and hand.declarations == ()
    assert any(d.code == "json_shape" and field in d.message for d in diags)
    result = replay_match(matches[0], PRESETS["80fen"]).hands[i]
    assert not [v for v in result.violations if v.code == "bad_declaration"]
    assert "Declarations" in [u.tag for u in result.unknowns]

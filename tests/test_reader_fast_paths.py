"""The readers' fast paths (issue 11) give exactly what the detailed readers give.

The JSON reader first reads a hand's tricks and dealt cards on a fast path
(:mod:`tractor_analysis.records.json_fast`), the ``.tgn`` reader a one-line trick without
notes in one pass (``tgn_tricks._plain_plays``), and the JSON decoder proves a record shallow
before the exact depth scan; each gives up on anything unusual and the detailed path reads it.
Here both ways read the same simulated records, clean and with many kinds of damage, and must
give equal matches and the same diagnostics (messages, positions).  The per-match charts,
drawn on one reused figure, must give the SVG a fresh figure gives."""
import json
import random
import re

import pytest

from tractor_analysis.records import (format_jsonl, format_tgn, json_decode, json_fast, json_hands, tgn_reader,
                                      tgn_tricks)
from tractor_analysis.records.json_reader import parse_json, parse_jsonl
from tractor_analysis.records.limits import json_too_deep
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.simulate import simulate_match


def _matches():
    out = []
    for i, preset in enumerate(("standard", "tournament", "three-deck", "80fen", "one-deck")):
        out.append(simulate_match(40 + i, 0, rules=PRESETS[preset], violation_rate=0.05, max_hands=3))
    return out


def _damage(obj, rng):
    """Damage one hand of a decoded match in one of many ways (each reaches a detailed-path check)."""
    hand = rng.choice(obj["hands"])
    tricks = hand.get("tricks") if isinstance(hand.get("tricks"), list) else []
    trick = rng.choice(tricks) if tricks else []
    plays = trick.get("plays", []) if isinstance(trick, dict) else trick
    play = rng.choice(plays) if plays else {}
    if not isinstance(play, dict) or not isinstance(play.get("seat"), str) or not isinstance(play.get("cards"), list):
        play = {}
    r = rng.randrange(18)
    if r == 0 and play:
        play["cards"] = " ".join(play["cards"])
    elif r == 1 and play:
        play["seat"] = {"N": "North", "E": "east", "S": "南", "W": " W "}.get(play["seat"], "?")
    elif r == 2 and play:
        plays.append(dict(play))
    elif r == 3 and play:
        play["cards"] = ["X9"]
    elif r == 4 and play:
        play["cards"] = play["cards"] * 3
    elif r == 5 and tricks:
        tricks[tricks.index(trick)] = {"plays": plays, "notes": ["a note"]}
    elif r == 6 and tricks:
        tricks[tricks.index(trick)] = {"number": 40, "plays": plays}
    elif r == 7 and isinstance(hand.get("deal"), dict):
        hand["deal"] = [hand["deal"].get(k, []) for k in "NESW"]
    elif r == 8:
        hand["bottom"] = ["BJ", "BJ", "BJ"]
    elif r == 9 and play:
        play["cards"] = [5]
    elif r == 10 and play:
        play["notes"] = "one note"
    elif r == 11 and play:
        play["notes"] = [1]
    elif r == 12 and play:
        play["cards"] = ["Ｓ１０"]
    elif r == 13 and play:
        play["attempted"] = "SA SK"
    elif r == 14 and isinstance(hand.get("deal"), dict):
        hand["deal"]["N"] = " ".join(hand["deal"].get("N", []))
    elif r == 15:
        hand["tricks"] = {"x": 1}
    elif r == 16 and play:
        play["seat"] = 3
    elif r == 17:
        hand["buried"] = ["SA"] * 5


def _without_fast_paths(monkeypatch):
    monkeypatch.setattr(json_hands, "fast_tricks", lambda *a: None)
    monkeypatch.setattr(json_hands, "fast_dealt", lambda *a: None)
    monkeypatch.setattr(json_fast, "fast_hand", None)
    monkeypatch.setattr(json_decode, "_shallow", lambda text: False)
    monkeypatch.setattr(json_decode, "_too_deep", None)
    monkeypatch.setattr(tgn_tricks, "_plain_plays", lambda *a: None)
    monkeypatch.setattr(tgn_tricks, "_PLAIN_TRICK", None)
    monkeypatch.setattr(tgn_reader, "_PLAIN_LINES", None)
    monkeypatch.setattr(tgn_reader, "_IN_ORDER", None)


def _read_both(monkeypatch, parse, text):
    fast = parse(text)
    with monkeypatch.context() as m:
        _without_fast_paths(m)
        slow = parse(text)
    return fast, slow


def test_json_fast_path_reads_plain_hands():
    """The fast path takes the tricks and the deal of a simulated hand (else it saves nothing)."""
    m = _matches()[0]
    obj = json.loads(format_jsonl([m]))
    hand = obj["hands"][0]
    assert json_fast.fast_tricks(hand["tricks"], 1, 2, 1, 1) is not None
    assert json_fast.fast_dealt(hand, 2) is not None
    assert json_decode._shallow(format_jsonl([m]))


@pytest.mark.parametrize("seed", range(6))
def test_jsonl_fast_and_detailed_paths_agree(monkeypatch, seed):
    rng = random.Random(seed)
    lines = []
    for m in _matches():
        obj = json.loads(format_jsonl([m]))
        for _ in range(rng.randrange(0, 6)):
            _damage(obj, rng)
        lines.append(json.dumps(obj, ensure_ascii=False))
    text = "\n".join(lines) + "\n"
    (fm, fd), (sm, sd) = _read_both(monkeypatch, parse_jsonl, text)
    assert fm == sm
    assert fd == sd
    assert [(p.line, p.column) for m in fm for h in m.hands for t in h.tricks for p in t.plays] == \
           [(p.line, p.column) for m in sm for h in m.hands for t in h.tricks for p in t.plays]
    (fm, fd), (sm, sd) = _read_both(monkeypatch, parse_json, "[\n" + ",\n".join(lines) + "\n]")
    assert (fm, fd) == (sm, sd)


@pytest.mark.parametrize("seed", range(6))
def test_tgn_fast_and_detailed_paths_agree(monkeypatch, seed):
    rng = random.Random(seed)
    for m in _matches():
        lines = format_tgn(m).split("\n")
        for i, line in enumerate(lines):
            if re.match(r"\d+\. ", line) and rng.random() < 0.3:
                r = rng.randrange(8)
                line = [line.replace(", ", " ", 1), re.sub(r"\b([NESW]):", "N:", line, count=2),
                        line.replace(": ", ": X9 ", 1), line + " {a note}",
                        re.sub(r"(: )(\S+)", r"\1\2 \2 \2", line, count=1), line.replace(",", "，", 1),
                        line.replace(", ", ",\n  ", 1), line.replace("S:", "South:", 1)][r]
            lines[i] = line
        (fm, fd), (sm, sd) = _read_both(monkeypatch, parse_tgn, "\n".join(lines))
        assert fm == sm
        assert fd == sd
        assert [(p.line, p.column) for m_ in fm for h in m_.hands for t in h.tricks for p in t.plays] == \
               [(p.line, p.column) for m_ in sm for h in m_.hands for t in h.tricks for p in t.plays]


@pytest.mark.parametrize("text", [
    "[" * 64 + "]" * 64, "[" * 65 + "]" * 65, "[{" * 32 + "}]" * 32, "[{" * 33 + "}]" * 33,
    '{"a": "[[[[", "b": [1, 2, {"c": null}]}', '["' + "[" * 500 + '"]', '{"a\\"[": ' + "{" * 70,
    '[1, 2 3]', '{"x": [true, false, NaN, -Infinity, 1e5]}', '["open', "[" * 70 + "}" * 70,
    '["[", "]"]', '["", "[[", ""]', '"' + "[" * 70 + '"', '"[" ' + "[" * 70 + ' "]"',
    '["黄敏", "\ud800", "[' + "{" * 70 + '"]', "[\ud800]", '["x"]' + "]" * 3 + "[" * 70])
def test_shallow_never_says_shallow_of_a_deep_text(text):
    """``_shallow`` may say "not known" of a shallow text, never "shallow" of a deep one."""
    if json_decode._shallow(text):
        assert json_too_deep(text) is None


def test_shallow_on_random_texts():
    """Random texts of quotes, brackets and other characters: "shallow" only when the exact scan
    finds no bracket past the limit; and it does say so of balanced texts of plain strings up to
    32 deep (each pass takes off one level at least)."""
    rng = random.Random(20261201)
    pieces = ['"', "[", "]", "{", "}", "a", "黄", " ", ",", '"x"', '""', "[" * 20, "]" * 20, "\ud800"]
    said = 0
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 60)))
        if json_decode._shallow(text):
            said += 1
            assert json_too_deep(text, 64) is None, text
        depth = rng.randrange(1, 70)
        nested = "".join(rng.choice(["[", '{"k":']) for _ in range(depth))
        closing = "".join("]" if c == "[" else "}" for c in reversed(nested.replace('{"k":', "{")))
        text = nested + '"黄"' + closing
        if json_decode._shallow(text):          # "not known" of some deep-ish texts is allowed
            assert depth <= 64
        assert json_decode._shallow(text) or depth > 32
        assert (json_too_deep(text) is None) == (depth <= 64)
    assert said


def test_per_match_charts_on_a_reused_figure_match_fresh_ones():
    from tractor_analysis.reports import charts

    def draw(series, points):
        return (charts.levels_chart(series, ("N–S a & b", "E–W c & d")),
                charts.attackers_points_chart(list(range(1, len(points) + 1)), points, 80))

    a = ([(2, 2), (3, 2), (3, 4), (5, 4)], [60, 85, 20])
    b = ([(2, 2)] + [(min(14, 2 + i), 2) for i in range(1, 30)], [5 * i for i in range(29)])
    ids = re.compile(r"c\d+-")
    # the per-match charts are written directly now (reports/match_charts.py): nothing is kept
    # from one chart to the next, and drawing one never changes the next
    fresh_a = draw(*a)
    fresh_b = draw(*b)
    reused = draw(*a), draw(*b), draw(*a)
    norm = lambda svgs: [ids.sub("cN-", s) for s in svgs]       # noqa: E731
    assert norm(reused[0]) == norm(fresh_a) and norm(reused[2]) == norm(fresh_a)
    assert norm(reused[1]) == norm(fresh_b)
    assert norm(fresh_a) != norm(fresh_b)


@pytest.mark.parametrize("trick", [
    [{"seat": "N", "cards": ["SA"]}, {"seat": "N", "cards": ["SK"]}],            # a seat plays twice
    [{"seat": "N", "cards": ["SA"]}, {"seat": "E", "cards": "SK"}],             # cards as one string
    [{"seat": "N", "cards": ["SA"]}, {"seat": "East", "cards": ["SK"]}],        # another seat word: fine
    [{"seat": "N", "cards": ["SA", "SA", "SA"]}],                               # 3 copies in 2 decks
    {"number": 1, "plays": [{"seat": "N", "cards": ["SA"]}]},                   # a numbered trick object
])
def test_json_fast_path_gives_up_on_what_the_detailed_path_must_word(monkeypatch, trick):
    """A few tricks from a short hand (the card counts stay low, so only the fast path's own
    checks can send them on): each is read as the detailed path reads it."""
    line = json.dumps({"hands": [{"number": 1, "dealer": "N", "trump": "S", "tricks": [trick]}]})
    (fm, fd), (sm, sd) = _read_both(monkeypatch, parse_jsonl, line)
    assert (fm, fd) == (sm, sd)

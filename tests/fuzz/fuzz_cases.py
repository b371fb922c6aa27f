"""The fuzzer's cases: hostile record files made from seeds, deterministically.

A *case* is ``(name, data)``: the bytes of one record file and the name it is read under (the
extension picks the format, as on the command line).  :func:`make_case` builds case ``index``
of a run from a seed, deterministically: a seed record (``sample_logs/``, the golden corpus,
the bad-input examples, each also rewritten as ``.tgn``, ``.json`` and ``.jsonl``) put through
one to three :data:`MUTATORS` — byte flips, truncation, token swaps, deep nesting, huge
numbers, encodings and stray characters, long lines, many hands, typed tags (``[Name:json …]``
and extra JSON fields, nested to the limit and past it, of every type), JSON values of the
wrong container type (list ↔ object ↔ scalar at any level), gzip, gzip bombs.

``fuzzlib`` judges what the tool does with a case; ``bench/fuzz.py`` runs many of them.  The
recipes in ``regressions/`` name a case by seed, index, size and menu and check its bytes by
SHA-256, so what is here must keep making the same bytes.
"""
from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path
from typing import Callable

from tractor_analysis.records.limits import DEFAULT_MAX_BYTES, json_too_deep

ROOT = Path(__file__).resolve().parents[2]

CASE_CAP = 3 * DEFAULT_MAX_BYTES
"""The most bytes of a case (24 MiB, three times the readers' default limit): every mutator counts
before it copies, and :func:`make_case` cuts what is still longer, so that making a case never
takes more than a few times this much memory in the harness (a gzip bomb is small as bytes: what
it expands to is the reader's business)."""

# --- seeds ----------------------------------------------------------------------

_SEEDS: list[tuple[str, bytes]] | None = None


def seeds() -> list[tuple[str, bytes]]:
    """``(name, bytes)`` of every seed record: the files as stored, and each good one rewritten
    as .tgn, .json and .jsonl (the .jsonl of a few matches together)."""
    global _SEEDS
    if _SEEDS is not None:
        return _SEEDS
    from tractor_analysis.records import format_json, format_jsonl, load_file
    from tractor_analysis.records.tgn_writer import format_tgn

    files = sorted(p for d in ("sample_logs", "tests/data/bad", "tests/data/golden/corpus")
                   for p in (ROOT / d).iterdir() if p.is_file() and not p.name.endswith(".py"))
    out: list[tuple[str, bytes]] = []
    good = []
    for p in files[:40]:
        data = p.read_bytes()
        out.append((p.name, data))
        src = load_file(p)
        if not src.diagnostics:
            good.extend(src.matches[:3])
    for i, m in enumerate(good[:12]):
        out.append((f"seed{i}.tgn", format_tgn(m).encode()))
        out.append((f"seed{i}.json", format_json(m).encode()))
    out.append(("seeds.jsonl", format_jsonl(good[:6]).encode()))
    _SEEDS = out
    return out


# --- mutators -------------------------------------------------------------------
# Each takes (rng, name, data, size) and returns (name, data); ``size`` scales the big ones
# (1.0 in the long run, small in the fast test so that it stays fast).

VOCAB = ["SA", "S10", "HK", "BJ", "SJ", "D2", "C3", "N", "E", "S", "W", "[Hand \"1\"]", "[Dealer \"N\"]",
         "[Trump \"NT\"]", "{", "}", "\"", ":", ",", "->", "||", "|", ";", "[", "]", "1.", "99999.", "-1",
         "null", "true", "[]", "{}", "\"hands\":", "\"tricks\":", "\"number\":", "0", "\\", "\\u0000",
         "\\ud800", "1e999", "NaN", "Infinity", "北", "黑桃A", "：", "，", "\u3000", "\ufeff"]


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


def _bytes(text: str) -> bytes:
    """``text`` as bytes: the bytes :func:`_text` read back, and a lone surrogate a mutator decoded
    from a JSON escape (``"\\ud800"``) as its 3 bytes of invalid UTF-8 (surrogateescape refuses it)."""
    try:
        return text.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", errors="surrogatepass")


def _window(rng, text: str, width: int = 1 << 16) -> tuple[int, int]:
    """A random stretch of at most ``width`` characters: the token mutators work in it, so that
    making a case stays fast on a big text."""
    if len(text) <= width:
        return 0, len(text)
    a = rng.randrange(len(text) - width)
    return a, a + width


def _in_window(rng, text: str, mutate) -> str:
    a, b = _window(rng, text)
    return text[:a] + mutate(text[a:b]) + text[b:]


BIG = 0.05
"""How often a mutator with a size picks one of its big sizes (megabytes: the cases that take
seconds to judge); the rest are small, so that a long run judges many cases an hour."""


def _big(rng, small: list[int], big: list[int]) -> int:
    return rng.choice(big if rng.random() < BIG else small)


def byte_flips(rng, name, data, size):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if b:
            b[rng.randrange(len(b))] = rng.randrange(256)
    return name, bytes(b)


def truncation(rng, name, data, size):
    return name, data[:rng.randrange(len(data) + 1)]


def token_swaps(rng, name, data, size):
    return name, _bytes(_in_window(rng, _text(data), lambda text: _swap_tokens(rng, text)))


def _swap_tokens(rng, text: str) -> str:
    toks = re.split(r"(\s+|[,:\[\]{}\"])", text)
    idx = [i for i, t in enumerate(toks) if t and not t.isspace()]
    for _ in range(rng.randint(1, 6)):
        if len(idx) < 2:
            break
        i, j = rng.sample(idx, 2)
        if rng.random() < 0.5:
            toks[i], toks[j] = toks[j], toks[i]
        elif rng.random() < 0.5:
            toks[i] = rng.choice(VOCAB)
        else:
            toks.insert(i, rng.choice(VOCAB))
    return "".join(toks)


def deep_nesting(rng, name, data, size):
    n = int(_big(rng, [50, 1000, 5000], [100_000, 1_000_000]) * size) + 2
    text = _text(data)
    at = rng.randrange(len(text) + 1)
    a, b = _window(rng, text)
    cut = [m.end() for m in re.compile(r"[:,\[]\s*").finditer(text, a, b)]
    if cut and rng.random() < 0.7:
        at = rng.choice(cut)       # in a value's place: nesting inside a hand's fields
    open_, close = rng.choice([("[", "]"), ("{", "}"), ('{"a":', "}"), ("[{\"x\":", "}]")])
    inner = open_ * n + (close * n if rng.random() < 0.7 else "")
    return name, _bytes(text[:at] + inner + text[at:])


HUGE = ["9" * 5000, "-" + "9" * 400, "99999999999999999999", "4294967296", "-2147483649", "1e400", "1.5",
        "0x10", "١٢", "１２", "+3", "2_0", " 7 ", "-0", "9" * 100_000]


def huge_numbers(rng, name, data, size):
    def mutate(text: str) -> str:
        for _ in range(rng.randint(1, 4)):
            runs = [m.span() for m in re.finditer(r"\d+", text)]
            if not runs:
                break
            a, b = rng.choice(runs)
            text = text[:a] + rng.choice(HUGE) + text[b:]
        return text
    return name, _bytes(_in_window(rng, _text(data), mutate))


STRAY = ["\x00", "\x01", "\x07", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\r", "\t",
         "\ud800", "\udfff", "\\ud800", "\\udc00\\ud800", "\\u0000", "\\u001f", "\ufeff", "\ufffd", "\u200b"]


def encodings(rng, name, data, size):
    text = _text(data)
    choice = rng.randrange(6)
    if choice == 0:               # a stray character inside a name, note or value
        spots = [m.end() for m in re.finditer(r'["{]', text)] or [0]
        for _ in range(rng.randint(1, 3)):
            at = rng.choice(spots)
            text = text[:at] + rng.choice(STRAY) + text[at:]
        return name, text.encode("utf-8", errors="surrogatepass")
    clean = text.encode("utf-8", errors="replace").decode("utf-8", errors="replace")
    enc = ["utf-16", "utf-16-le", "utf-16-be", "gb18030", "utf-8-sig", "latin-1"][choice - 1 if choice < 6 else 0]
    return name, clean.encode(enc, errors="replace")


def long_lines(rng, name, data, size):
    n = int(_big(rng, [1000, 10_000, 100_000], [2_000_000]) * size) + 1
    text = _text(data)
    lines = text.split("\n")
    at = rng.randrange(len(lines) + 1)
    unit = rng.choice(["SA ", "x", "[A \"b\"]", "{n}", "1. N: SA, ", " ", "\"\\\\"])
    filler = unit * min(n // 3 + 1, max(1, (CASE_CAP - len(data)) // len(unit)))
    if rng.random() < 0.5 and lines:
        at = min(at, len(lines) - 1)
        lines[at] = lines[at] + filler
    else:
        lines.insert(at, filler)
    return name, _bytes("\n".join(lines))


def many_hands(rng, name, data, size):
    """The record's hands (or its JSONL lines) repeated ``k`` times, never past :data:`CASE_CAP`
    bytes: the copies are counted before they are made."""
    k = int(_big(rng, [5, 20, 50], [200, 3000, 20_000]) * size) + 2
    text = _text(data)
    room = max(1, CASE_CAP - len(data))
    if name.endswith(".jsonl") or (text.lstrip().startswith("{") and "\n{" in text):
        lines = [ln for ln in text.split("\n") if ln.strip()] or [text]
        each = max(1, len(data) // len(lines) + 1)
        return name, _bytes("\n".join(lines[i % len(lines)] for i in range(min(k, room // each + 1))) + "\n")
    at = text.find("[Hand")
    if at >= 0:
        body = text[at:]
        copies = min(k, int(50_000_000 * size) // max(1, len(body)) + 1, room // max(1, len(body)) + 1)
        return name, _bytes(text[:at] + "\n".join(body for _ in range(copies)))
    if json_too_deep(text, 500) is not None:    # nested past what json.loads recurses into
        return name, data * min(k, 50, room // max(1, len(data)) + 1)
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return name, data * min(k, 50, room // max(1, len(data)) + 1)
    if isinstance(obj, dict) and isinstance(obj.get("hands"), list) and obj["hands"]:
        n = len(obj["hands"])
        obj["hands"] = [obj["hands"][i % n] for i in range(min(k, n * (room // max(1, len(data)) + 1)))]
    elif isinstance(obj, list) and obj:
        n = len(obj)
        obj = [obj[i % n] for i in range(min(k, n * (room // max(1, len(data)) + 1)))]
    return name, _bytes(json.dumps(obj, ensure_ascii=False))


def gzipped(rng, name, data, size):
    z = gzip.compress(data, compresslevel=6, mtime=0)
    r = rng.random()
    if r < 0.2:
        z = z[:rng.randrange(len(z) + 1)]
    elif r < 0.35:
        z = z + gzip.compress(data, compresslevel=6, mtime=0)     # two members
    elif r < 0.45:
        z = z + b"garbage"
    if not name.endswith(".gz") and rng.random() < 0.8:
        name += ".gz"
    return name, z


_MEMBER_CACHE: dict[tuple[str, int], bytes] = {}


def gzip_bomb(rng, name, data, size):
    """A small file that expands to a lot: many gzip members of 1 MiB each (zeros, spaces, newlines,
    or the record repeated), up to ``4 GiB * size``."""
    kind = rng.choice(["zeros", "spaces", "newlines", "record"])
    mib = max(2, int(_big(rng, [80], [1024, 4096]) * size))
    key = (kind, hash(data) if kind == "record" else 0)
    member = _MEMBER_CACHE.get(key)
    if member is None:
        if kind == "record":
            chunk = (data * (1 + (1 << 20) // max(1, len(data))))[:1 << 20]
        else:
            chunk = {"zeros": b"\0", "spaces": b" ", "newlines": b"\n"}[kind] * (1 << 20)
        member = gzip.compress(chunk, compresslevel=9, mtime=0)
        _MEMBER_CACHE[key] = member
        if len(_MEMBER_CACHE) > 8:
            _MEMBER_CACHE.pop(next(iter(_MEMBER_CACHE)))
    head = gzip.compress(data, compresslevel=6, mtime=0) if kind != "zeros" else b""
    # the file itself stays under the case cap (a record member of a mutated text can be 300 KiB:
    # 4,096 of them made a 1.1 GB case, seed 20261203 case 5423, and the harness held it whole)
    mib = min(mib, max(2, (CASE_CAP - len(head)) // len(member)))
    return (name if name.endswith(".gz") else name + ".gz"), head + member * mib


# --- typed tags and JSON values of the wrong container type (issue 21) ------------------

TYPED_NAMES = ["x:json", "Scores:json", "hands:json", "players:json", "tags:json", "notes:json", ":json",
               "Dealer:json", "number:json", "裁判:json", "Rule:x:json", "deal:json"]
"""Names of typed tags: free ones, and ones that are a known field of a match or a hand."""
TYPED_VALUES = ['"text"', "5", "-0", "-0.0", "1.0", "1E5", "NaN", "Infinity", "1e999", "9" * 5000, "true",
                "null", "[]", "{}", "[1,2]", '{"a":1}', '{"a":1,"a":2}', '{"a":[1,{"b":null}]}', '["\\ud800"]',
                "{", "[1,", "", " [1] ", '"\\u0000"', "[[[]]]"]
"""Values of typed tags and of extra JSON fields: every JSON type, canonical or not, and no JSON."""


def _deep_value(rng, size: float) -> str:
    """A JSON value nested about as deep as the readers' limit allows (where a field goes, the text
    is a few levels deeper), or far deeper."""
    n = rng.choice([30, 60, 61, 62, 63, 64, 65, 66]) if rng.random() < 0.7 else \
        int(_big(rng, [1000, 5000], [100_000, 1_000_000]) * size) + 70
    open_, close = rng.choice([("[", "]"), ('{"a":', "}"), ("[{\"x\":", "}]"), ('{"":[', "]}")])
    return open_ * n + "1" + close * n


def typed_tags(rng, name, data, size):
    """A typed tag ``[Name:json "value"]`` (``.tgn``) or an extra field (JSON) whose value is nested
    about as deep as the limit, or far past it, or of any JSON type (or no JSON at all), under a
    free name or a field's name."""
    text = _text(data)
    value = _deep_value(rng, size) if rng.random() < 0.5 else rng.choice(TYPED_VALUES)
    tag = rng.choice(TYPED_NAMES)
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")) and "[Hand" not in text[:4096]:
        spots = [m.end() for m in re.finditer(r'\{\s*(?=")', text)] or [stripped and text.index(stripped[0]) + 1]
        at = rng.choice(spots[:2000])
        field = json.dumps(tag[:-5] if rng.random() < 0.5 else tag, ensure_ascii=False)
        return name, _bytes(text[:at] + f"{field}: {value}, " + text[at:])
    lines = text.split("\n")
    spots = [i + 1 for i, ln in enumerate(lines) if ln.lstrip().startswith("[")] or [0]
    at = rng.choice(spots)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    lines.insert(at, f'[{tag} "{escaped}"]')
    return name, _bytes("\n".join(lines))


_SCALARS = [None, 0, 1, -1, "", "x", "N", "SA", True, False, 2.5]


def _other_container(rng, v):
    """A value of another JSON type than ``v``: a list as an object (``{"0": v[0], …}``, as a trick
    written as an object) or a scalar, an object as a list (of its values, or of ``[key, value]``
    pairs) or a scalar, a scalar as a list or an object; or ``v`` wrapped in a list or unwrapped."""
    if isinstance(v, list):
        return rng.choice([lambda: {str(i): x for i, x in enumerate(v)}, lambda: {}, lambda: rng.choice(_SCALARS),
                           lambda: [v], lambda: v[0] if v else None, lambda: {"plays": v, "x": 1}])()
    if isinstance(v, dict):
        return rng.choice([lambda: list(v.values()), lambda: [[k, x] for k, x in v.items()], lambda: [],
                           lambda: rng.choice(_SCALARS), lambda: [v], lambda: str(v)[:20]])()
    return rng.choice([lambda: [v], lambda: {"x": v}, lambda: {}, lambda: [],
                       lambda: rng.choice([x for x in _SCALARS if type(x) is not type(v)])])()


def _retype(rng, obj, times: int):
    """``obj`` (a decoded record) with ``times`` values, anywhere in it, of another container type."""
    for _ in range(times):
        slots = []
        stack = [obj]
        while stack and len(slots) < 50_000:
            o = stack.pop()
            items = enumerate(o) if isinstance(o, list) else o.items()
            for k, v in items:
                slots.append((o, k))
                if isinstance(v, (list, dict)):
                    stack.append(v)
        if not slots:
            return _other_container(rng, obj)
        o, k = rng.choice(slots)
        o[k] = _other_container(rng, o[k])
    return obj


def wrong_containers(rng, name, data, size):
    """JSON values of the wrong container type (list ↔ object ↔ scalar) at any level of a JSON
    record; a ``.tgn`` record is read and written as ``.json`` first (named so)."""
    text = _text(data)
    times = rng.choice([1, 1, 2, 3])
    if text.lstrip().startswith(("{", "[")) and "[Hand" not in text[:4096]:
        lines = text.split("\n")
        jsonl = name.endswith(".jsonl") or (len([ln for ln in lines if ln.strip()]) > 1
                                            and all(ln.lstrip().startswith("{") for ln in lines if ln.strip()))
        if jsonl:
            full = [i for i, ln in enumerate(lines) if ln.strip()]
            i = rng.choice(full)
            obj = _loads(lines[i])
            if obj is None:
                return name, data
            lines[i] = json.dumps(_retype(rng, obj, times), ensure_ascii=False)
            return name, _bytes("\n".join(lines))
        obj = _loads(text)
        if obj is None:
            return name, data
        return name, _bytes(json.dumps(_retype(rng, obj, times), ensure_ascii=False, indent=rng.choice([None, 2])))
    from tractor_analysis.records import match_to_dict
    from tractor_analysis.records.tgn_reader import parse_tgn

    matches, _ = parse_tgn(text) if len(text) < (4 << 20) else ([], [])
    if not matches:
        return name, data
    obj = match_to_dict(matches[0])
    return name.split(".")[0] + ".json", _bytes(json.dumps(_retype(rng, obj, times), ensure_ascii=False, indent=2))


def _loads(text: str):
    """The value of JSON ``text``, or ``None`` (not JSON, or nested past what ``json.loads`` recurses into)."""
    if json_too_deep(text, 500) is not None:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


MUTATORS: dict[str, Callable] = {
    "byte_flips": byte_flips, "truncation": truncation, "token_swaps": token_swaps,
    "deep_nesting": deep_nesting, "huge_numbers": huge_numbers, "encodings": encodings,
    "long_lines": long_lines, "many_hands": many_hands, "typed_tags": typed_tags,
    "wrong_containers": wrong_containers, "gzip": gzipped, "gzip_bomb": gzip_bomb,
}
_TEXT_MUTATORS = [k for k in MUTATORS if k not in ("gzip", "gzip_bomb")]

MENUS = {"issue15": ["byte_flips", "truncation", "token_swaps", "deep_nesting", "huge_numbers", "encodings",
                     "long_lines", "many_hands"],
         "issue21": _TEXT_MUTATORS}
"""The text mutators a case is made with, by the harness version that made it: a case is drawn from
its menu, so adding a mutator would change every case of a seed (and break the recipes in
``regressions/``, which name their bytes by SHA-256).  A recipe without ``"menu"`` is from before
issue 21."""
MENU = "issue21"
"""The menu of the cases made now (``bench/fuzz.py`` writes it into a recipe)."""


def make_case(seed: int, index: int, size: float = 1.0, menu: str = MENU) -> tuple[str, bytes, list[str]]:
    """Case ``index`` of the run ``seed`` with the mutators of :data:`MENUS` ``[menu]``: ``(name, data,
    mutators applied)``, always the same."""
    rng = random.Random(f"{seed}:{index}")
    name, data = rng.choice(seeds())
    applied = []
    text_mutators = MENUS[menu]
    for _ in range(rng.choice([1, 1, 2, 3])):
        m = rng.choice(text_mutators)
        name, data = MUTATORS[m](rng, name, data, size)
        applied.append(m)
        if len(data) > CASE_CAP:
            data = data[:CASE_CAP]
    r = rng.random()
    if r < 0.08:
        name, data = gzipped(rng, name, data, size)
        applied.append("gzip")
    elif r < 0.10:
        name, data = gzip_bomb(rng, name, data, size)
        applied.append("gzip_bomb")
    if rng.random() < 0.1:             # read under another name: the format is sniffed or forced
        base = name.split(".")[0] or "x"
        name = base + rng.choice([".txt", ".tgn", ".json", ".jsonl", ".tgn.gz", ""])
    return name, data, applied

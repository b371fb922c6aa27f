"""One record stored twice under other rules: the same match judged under another ruleset.

``match_key`` (:func:`.match_identity.match_key`) includes the rules a match was judged under, so the same record
ingested again under ``--rules`` (its ``.json`` copy, a ``.gz`` of it) is a second match with another key:
no ``duplicate_of``, counted twice.  That may be what the analyst wants (both rulesets' verdicts), so the two
are never merged — but never silently: :func:`other_rules_copies` finds them (the same tags, players,
starting levels and number of hands, and the same record text once its ``[Ruleset]`` and ``[Rule:…]`` tags
are set aside: the same cards dealt and played), and :func:`note` words the stderr line ``tractor ingest``
and ``tractor stats`` print (docs/dataset.md "A match recorded twice"), naming each ruleset as ``stats --by
ruleset`` does (:func:`.ruleset_names.variant`) from its hands' ``rules``.  Where those are the same for the two
(the keys differ for another reason: a dataset written by an earlier version that keyed a match otherwise), or
are not stored, the note does not say the rules differ.

Read with pyarrow only, one part at a time (no pandas, no DuckDB: it runs at the end of every ingest that
stored a match); the records (the largest table) are read only for the matches that share those columns.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Iterable

import pyarrow as pa

from .ruleset_names import variant

IDENTITY = ("event", "site", "date", "round", "table", "player_n", "player_e", "player_s", "player_w",
            "level_ns_start", "level_ew_start", "hands")
"""The matches columns two records of one match share whatever rules judged them."""

_RULE_TAG = re.compile(r"^\[(?:Ruleset|Rule:[^\s\]]*)\s[^\n]*\n?", re.MULTILINE)
"""A ``.tgn`` line naming the rules (``[Ruleset "…"]``, ``[Rule:name "…"]``): set aside when comparing."""


@dataclass(frozen=True)
class RulesCopy:
    """``later`` is the same record as ``earlier`` (both ``match_id``), stored under other rules."""

    earlier: str
    later: str
    earlier_where: str
    later_where: str
    earlier_rules: str
    later_rules: str
    earlier_options: tuple | None = None
    """The rules each hand of ``earlier`` was judged under, ``(ruleset, rules JSON)`` in hand order (the ``hands``
    table's columns); ``None`` when not stored (a dataset written before the ``rules`` column)."""
    later_options: tuple | None = None
    """:attr:`earlier_options` of ``later``."""


def _committed_parts(root: str, table: str) -> list[str]:
    from .commit import batch_of, part_files

    committed = {batch_of(p) for p in part_files(root, "files")}
    return [p for p in part_files(root, table) if batch_of(p) in committed]


def _matches(root: str) -> list[dict]:
    """Every committed ``matches`` row that counts for ingest (``duplicate_of`` null), in stored order, with
    the columns this module reads (a column absent from older parts: ``None``)."""
    from .arrow_columns import read_part
    import pyarrow.parquet as pq

    wanted = ("match_id", "batch", "source_file", "match_index", "ruleset", "match_key", "duplicate_of") + IDENTITY
    rows: list[dict] = []
    for part in _committed_parts(root, "matches"):
        names = set(pq.ParquetFile(part).schema_arrow.names)
        t = read_part(part, [c for c in wanted if c in names])
        cols = {c: (t[c].to_pylist() if c in names else [None] * t.num_rows) for c in wanted}
        for i in range(t.num_rows):
            if cols["duplicate_of"][i] is None and cols["match_key"][i] is not None:
                rows.append({c: cols[c][i] for c in wanted})
    return rows


def _records(root: str, ids: set[str]) -> dict[str, str]:
    """``match_id`` → its record text with the rules tags set aside, for the matches ``ids``."""
    from .arrow_columns import read_part

    out: dict[str, str] = {}
    for part in _committed_parts(root, "records"):
        mids = [str(m) for m in read_part(part, ["match_id"])["match_id"].to_pylist()]
        take = [i for i, m in enumerate(mids) if m in ids]
        if not take:
            continue
        texts = read_part(part, ["match_id", "record"]).take(pa.array(take, pa.int64()))
        for mid, text in zip(texts["match_id"].to_pylist(), texts["record"].to_pylist()):
            if isinstance(text, str):
                out[str(mid)] = _RULE_TAG.sub("", text)
    return out


def _hand_rules(root: str, ids: set[str]) -> dict[str, tuple]:
    """``match_id`` → its hands' ``(ruleset, rules JSON)`` in hand order, for the matches ``ids`` whose hands all
    have their ``rules`` stored."""
    from .arrow_columns import read_part
    import pyarrow.parquet as pq

    found: dict[str, list] = {}
    for part in _committed_parts(root, "hands"):
        names = set(pq.ParquetFile(part).schema_arrow.names)
        if not {"match_id", "hand_no", "ruleset", "rules"} <= names:
            continue
        mids = [str(m) for m in read_part(part, ["match_id"])["match_id"].to_pylist()]
        take = [i for i, m in enumerate(mids) if m in ids]
        if not take:
            continue
        t = read_part(part, ["match_id", "hand_no", "ruleset", "rules"]).take(pa.array(take, pa.int64()))
        for mid, no, ruleset, rules in zip(*(t[c].to_pylist() for c in t.column_names)):
            found.setdefault(str(mid), []).append((no if isinstance(no, int) else -1, ruleset, rules))
    out: dict[str, tuple] = {}
    for mid, hands in found.items():
        hands.sort(key=lambda h: h[0])
        if all(isinstance(h[2], str) for h in hands):
            out[mid] = tuple((h[1], h[2]) for h in hands)
    return out


def _where(row: dict) -> str:
    index = row.get("match_index")
    return f"{row['source_file']}" + (f" #{int(index) + 1}" if isinstance(index, int) and index > 0 else "")


def other_rules_copies(root: str, batches: Iterable[str] | None = None,
                       counted: set[str] | None = None) -> list[RulesCopy]:
    """Every pair of stored matches of the dataset ``root`` that are one record judged under other rules
    (see the module docstring): the later (in stored order) with the first one.  ``batches``: only pairs whose
    later match one of them wrote (what an ingest that wrote them must say); ``counted``: only among these
    ``match_id`` s (the matches the statistics count), else among the matches with ``duplicate_of`` null."""
    rows = _matches(root)
    if counted is not None:
        rows = [r for r in rows if str(r["match_id"]) in counted]
    wanted = None if batches is None else set(batches)
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault(tuple(r[c] for c in IDENTITY), []).append(r)
    candidates = [g for g in groups.values() if len({r["match_key"] for r in g}) > 1
                  and (wanted is None or any(r["batch"] in wanted for r in g))]
    if not candidates:
        return []
    texts = _records(root, {str(r["match_id"]) for g in candidates for r in g})
    options: dict[str, tuple] | None = None
    out = []
    for group in candidates:
        same: dict[str, list[dict]] = {}        # record text → the matches stored with it, in stored order
        for r in group:
            text = texts.get(str(r["match_id"]))
            if text is not None:
                same.setdefault(text, []).append(r)
        for members in same.values():
            # the batches' matches after the others (the parts' order is not the order they were written in)
            if wanted is not None:
                members = ([r for r in members if r["batch"] not in wanted]
                           + [r for r in members if r["batch"] in wanted])
            for i, r in enumerate(members):
                if wanted is not None and r["batch"] not in wanted:
                    continue
                kept = next((k for k in members[:i] if k["match_key"] != r["match_key"]), None)
                if kept is not None:
                    if options is None:     # (read once, for the matches of every group)
                        options = _hand_rules(root, {str(m["match_id"]) for g in candidates for m in g})
                    out.append(RulesCopy(str(kept["match_id"]), str(r["match_id"]), _where(kept), _where(r),
                                         str(kept["ruleset"]), str(r["ruleset"]),
                                         options.get(str(kept["match_id"])), options.get(str(r["match_id"]))))
    return out


def _named(options: tuple) -> str:
    """A match's ruleset as ``stats --by ruleset`` names it (each, in hand order, when its hands differ)."""
    return " / ".join(dict.fromkeys(variant(ruleset, rules) for ruleset, rules in options))


def _parsed(options: tuple) -> tuple | None:
    try:
        return tuple((ruleset, json.loads(rules)) for ruleset, rules in options)
    except ValueError:
        return None


def _rules_words(c: RulesCopy) -> tuple[str, str, str]:
    """``(kind, English, 中文)``: how the two rulesets of ``c`` stand, named as ``stats --by ruleset`` names them —
    ``other`` (their options differ, or their names where the options are not stored), ``same`` (equal options,
    hand for hand: the keys differ for another reason) or ``unknown`` (one name, the options not stored)."""
    if c.earlier_options is None or c.later_options is None:    # the options not stored: the names alone
        if c.later_rules != c.earlier_rules:
            return "other", f"{c.later_rules}, the other {c.earlier_rules}", f"{c.later_rules}，另一份为 {c.earlier_rules}"
        return ("unknown", f"{c.later_rules} for both, their options not stored",
                f"两份均为 {c.later_rules}，其选项未存储")
    earlier, later = _parsed(c.earlier_options), _parsed(c.later_options)
    first, second = _named(c.later_options), _named(c.earlier_options)
    if earlier is not None and earlier == later:
        return "same", first, first
    if first == second:         # named alike, options apart (one stored an option the name does not show)
        return "other", f"{first}, with other options", f"{first}，选项不同"
    return "other", f"{first}, the other {second}", f"{first}，另一份为 {second}"


def note(c: RulesCopy) -> str:
    """The bilingual stderr line naming both matches of ``c``: counted twice, not merged.  Only where their options
    differ does it say they were judged under other rules: the same options (the keys differ for another reason),
    or options not stored, are said as such."""
    kind, rules_en, rules_zh = _rules_words(c)
    head = (f"{c.later_where} [{c.later}]: the same record as {c.earlier_where} [{c.earlier}] (the same tags, "
            f"players and cards)")
    head_zh = f"{c.later_where} [{c.later}]：与 {c.earlier_where} [{c.earlier}] 是同一份记录（标签、选手与牌均相同）"
    counted = ("stored as two matches, both counted in the statistics — the match counts twice — and in the standings "
               "each as its rules decide it (a copy its rules leave undecided counts for nobody there); to count it "
               "once, ")
    counted_zh = ("存为两场比赛，统计中都计入——这场比赛计了两次——排名中各按其规则判定（按其规则未分胜负的一份在排名中不计入）；"
                  "如只计一次，")
    if kind == "other":
        return (f"{head} judged under other rules ({rules_en}): {counted}keep the two rulesets in separate datasets "
                f"/ {head_zh}，按不同规则判定（{rules_zh}）：{counted_zh}请把两种规则的导入分开存放在不同的数据集")
    if kind == "same":
        why_en = (f"under the same rules ({rules_en}), yet stored with another match key (their stored rows differ: "
                  f"one may have been written by another version of tractor)")
        why_zh = f"规则也相同（{rules_zh}），但比赛键不同（两者存储的数据不同：其一可能由另一版本的 tractor 写入）"
    else:
        why_en = (f"stored with another match key, under rules not known to differ ({rules_en}: written by an "
                  f"earlier version)")
        why_zh = f"比赛键不同，规则不知是否不同（{rules_zh}：由较早版本写入）"
    return (f"{head} {why_en}: {counted}ingest its files again into a new dataset / {head_zh}，{why_zh}："
            f"{counted_zh}请把其文件重新导入到一个新的数据集")

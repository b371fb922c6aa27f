"""Copies of one match among an event's matches: each match counted once, with a note on each copy left out.

A match recorded twice counts once (:func:`distinct`): the matches ``tractor ingest`` gives one
``match_key`` (the same match kept as ``.tgn`` and ``.json``; a dataset's ``duplicate_of`` names
them), and also a re-typed copy: the same key but for ``[Site]`` and ``[Date]`` and the letter case
and spacing of ``[Event]`` (the same event, round, table, players and hands cannot be two
matches).  The copy that counts is the one ingest keeps: the copy a dataset already stores, else
the first in input order — with a note naming both records, and, when the two records are not
identical (the key leaves out each hand's ``[Claim]``, notes, tags it does not compare), what differs:
each tag that differs by name, and whether anything else does too (:attr:`EventMatch.body`), or that
this is not known.  :func:`~.standings.select` leaves the copies out of the standings and ratings.
"""
from __future__ import annotations

from .event_model import EventMatch, quoted

__all__ = ["distinct"]

# the match key takes a play written ? (or not readable) as the play the engine derived in its place
# (match_identity.content_digest): one more thing two records of one match may differ in
_DERIVED = ", a play written ? or not readable that the engine derived"
_DERIVED_ZH = "，或写作 ? 或无法读取、由引擎推出的出牌"


def distinct(matches: list[EventMatch]) -> tuple[list[EventMatch], list[str]]:
    """Each match once, by ``tractor ingest``'s rule for copies (docs/dataset.md, ``duplicate_of``):
    a match a dataset marked a copy (:attr:`~EventMatch.copy_of`) is left out when the copy that
    counts is among ``matches``; otherwise a match is left out when an earlier one of ``matches``
    has its :attr:`~EventMatch.key` (ingest's ``match_key``) or its :attr:`~EventMatch.same` (the
    key but for ``[Site]``, ``[Date]`` and ``[Event]``'s letter case and spacing: a re-typed copy).  Earlier is the order given, which
    is the order ingest commits (:func:`~.event.read_inputs`: a dataset's matches before record
    files — the copy already stored counts — and the files in the order of the inputs, a folder's
    in sorted path order, a file's matches in order).  A note names both records of each copy left
    out."""
    kept_ids: dict[str, EventMatch] = {}
    for m in matches:
        if m.copy_of is None:
            kept_ids.setdefault(m.match_id, m)
    by_key: dict[str, EventMatch] = {}
    by_same: dict[str, EventMatch] = {}
    copies: dict[int, tuple[EventMatch, bool]] = {}
    for i, m in enumerate(matches):
        first = kept_ids.get(m.copy_of) if m.copy_of is not None else None
        if first is not None and first is not m:
            copies[i] = (first, True)
        elif m.key is not None and m.key in by_key:
            copies[i] = (by_key[m.key], True)
        elif m.same is not None and m.same in by_same:
            copies[i] = (by_same[m.same], False)
        else:
            if m.key is not None:
                by_key.setdefault(m.key, m)
            if m.same is not None:
                by_same.setdefault(m.same, m)
    notes = [_twice(matches[i], *copies[i]) for i in sorted(copies)]
    return [m for i, m in enumerate(matches) if i not in copies], notes


def _twice(copy: EventMatch, first: EventMatch, exact: bool) -> str:
    """The note of a second record of a match (``exact``: ingest's copy; else a re-typed copy: its
    ``[Site]``, ``[Date]``, the letter case or spacing of its ``[Event]``, or how its ``[Round]`` or
    ``[Table]`` writes the same number differ).  Two records the
    key calls one match may still differ in what it leaves out: the note names each tag that differs
    (``[Event]``, ``[Site]``, ``[Date]``, a hand's ``[Claim]``), and says whether the records differ in
    anything else (:func:`_rest`) — "only" these when they are known not to."""
    a, b = copy.source or copy.match_id, first.source or first.match_id
    alike_en = alike_zh = ""
    if a == b:      # a dataset and the record file it was ingested from, both given: one name for two copies
        alike_en = " (a copy named alike: one read from a dataset, the other from the record file)"
        alike_zh = "（同名的另一份：一份读自数据集，一份读自记录文件）"
    claims_en, claims_zh = _claim_differences(copy, first)
    if exact:
        same = f"{a}: the same match as {b}{alike_en}, recorded twice; counted once"
        same_zh = f"{a}：与 {b}{alike_zh} 是同一场比赛，重复记录，只计一次"
        if not claims_en and copy.digest is not None and copy.digest == first.digest:
            return f"{same} / {same_zh}"
        en, zh = _left_out(copy, first, claims_en, claims_zh)
        return (f"{same} (as {b}); {en}; check which record is right / {same_zh}（按 {b}）；{zh}；"
                "请核对哪份记录正确")
    pairs = (("Event", copy.event, first.event), ("Site", copy.site, first.site), ("Date", copy.date, first.date),
             ("Round", copy.round, first.round), ("Table", copy.table, first.table))     # "02" against "2"
    differ = [(tag, x, y) for tag, x, y in pairs if x != y]
    named_en = [f"[{tag}] {quoted(x)} against {quoted(y)}" for tag, x, y in differ] + claims_en
    named_zh = [f"[{tag}] {quoted(x)} 与 {quoted(y)}" for tag, x, y in differ] + claims_zh
    what, what_zh = "; ".join(named_en) or "[Site] or [Date]", "；".join(named_zh) or "[Site] 或 [Date]"
    rest = _rest(copy, first)
    if rest is False:           # nothing but what is named: "only"
        differ_en, differ_zh = f"only {what} differ", f"只有 {what_zh} 不同"
    elif rest is True:
        differ_en = (f"{what} differ, and so does something else the match key leaves out (a note, a tag it "
                     f"does not compare{_DERIVED}): compare the two records")
        differ_zh = f"{what_zh} 不同，比赛键不比较的其他内容（标注、比赛键不比较的标签{_DERIVED_ZH}）也不同：请对照两份记录"
    else:
        differ_en = (f"{what} differ; whether anything else the match key leaves out differs too (a note, a tag "
                     f"it does not compare{_DERIVED}) is not known here: a record's canonical text is not at hand")
        differ_zh = (f"{what_zh} 不同；比赛键不比较的其他内容（标注、比赛键不比较的标签{_DERIVED_ZH}）是否也不同，此处无法得知："
                     "缺少一份记录的规范文本")
    return (f"{a}: the same event, round, table, players and hands as {b}, {differ_en}: the same match "
            f"recorded twice, counted once (as {b}); check which record is right / "
            f"{a}：与 {b} 的赛事、轮次、桌号、选手和每一局都相同，{differ_zh}：同一场比赛重复记录，只计一次"
            f"（按 {b}）；请核对哪份记录正确")


def _rest(copy: EventMatch, first: EventMatch) -> bool | None:
    """Whether two records of one match differ in more than their ``[Event]``, ``[Site]``, ``[Date]``
    and claims (:attr:`EventMatch.body`); ``None``: not known (a body not known)."""
    if copy.body is None or first.body is None:
        return None
    return copy.body != first.body


def _claim_differences(copy: EventMatch, first: EventMatch) -> tuple[list[str], list[str]]:
    """Each hand whose ``[Claim]`` differs between two records of one match (English, 中文), the copy's
    first; none when either record's claims are not known."""
    if copy.claims is None or first.claims is None:
        return [], []
    mine, theirs = dict(copy.claims), dict(first.claims)
    en, zh = [], []
    for hand in sorted(set(mine) | set(theirs)):
        x, y = mine.get(hand), theirs.get(hand)
        if x != y:
            qx, qy = (quoted(None if v is None else str(v)) for v in (x, y))
            en.append(f"hand {hand}: [Claim] {qx} against {qy}")
            zh.append(f"第 {hand} 局：[Claim] {qx.replace('(none)', '（无）')} 与 {qy.replace('(none)', '（无）')}")
    return en, zh


def _left_out(copy: EventMatch, first: EventMatch, claims_en: list[str], claims_zh: list[str]) -> tuple[str, str]:
    """What the note on two records of one match says of what the match key leaves out, when the
    records are not known to be identical: the claims that differ, and whether anything else does
    (:func:`_rest`: their bodies differ, or that is not known)."""
    rest = _rest(copy, first)
    if claims_en:
        en, zh = (f"but the two records are not identical: {'; '.join(claims_en)}",
                  f"但两份记录并不完全相同：{'；'.join(claims_zh)}")
        if rest is True:
            return (f"{en}; and they differ in something else the match key leaves out (a note, a tag it does "
                    f"not compare{_DERIVED}): compare the two records",
                    f"{zh}；比赛键不比较的其他内容（标注、比赛键不比较的标签{_DERIVED_ZH}）也不同：请对照两份记录")
        if rest is None:
            return (f"{en}; whether they differ in anything else the match key leaves out (a note, a tag it does "
                    f"not compare{_DERIVED}) is not known here: a record's canonical text is not at hand",
                    f"{zh}；比赛键不比较的其他内容（标注、比赛键不比较的标签{_DERIVED_ZH}）是否也不同，此处无法得知：缺少一份记录的规范文本")
        return en, zh
    if rest is False:           # the bodies agree: what differs is among the tags left out of them
        return ("but the two records are not identical: they differ in a hand's [Claim]",
                "但两份记录并不完全相同：某局的 [Claim] 不同")
    if rest is True or (copy.digest is not None and first.digest is not None):
        return ("but the two records are not identical: they differ in what the match key leaves out (not a hand's "
                f"[Claim]; a comment, a note, a tag it does not compare{_DERIVED}): compare the two records",
                f"但两份记录并不完全相同：差别在比赛键不比较的内容中（不是某局的 [Claim]，而是注释、标注、比赛键不比较的标签{_DERIVED_ZH}）："
                "请对照两份记录")
    return ("whether the two records differ in what the match key leaves out (a comment, a note, a tag it does not "
            f"compare{_DERIVED}) is not known here: a record's canonical text is not at hand",
            f"两份记录在比赛键不比较的内容（注释、标注、比赛键不比较的标签{_DERIVED_ZH}）上是否不同，此处无法得知：缺少一份记录的规范文本")

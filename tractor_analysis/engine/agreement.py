"""What several judgements of one hand agree on: one result that keeps it, and says what it withholds.

When the record leaves a fact open in a way the engine can enumerate — a play it leaves out
(:mod:`.record_gaps`), a tag the rest of the record contradicts (:mod:`.contradictions`) — the
hand is judged once for each way the fact could be, and :func:`agree` keeps what every judgement
gives: a violation found in all of them (its owed play and words too when the same in all, else
reworded by the caller), a trick's winner, points and cards not thrown, the attackers' points, the
outcome, the levels.  What differs is left out (``None``), and named in :data:`~.verdicts.WITHHELD` words.
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

from ..records.cards import team_of
from ..records.model import Play
from ..records.rulesets import RevokePenalty
from . import explain_held, explain_readings
from .explain import Message
from .explain_held import EVERY_READING_WORDS
from .kept_result import READINGS_RESULT, RESULT_SOURCES, kept_levels, outcomes_open, passes_open, result_facts
from .outcome import REVOKE_CODES
from .verdicts import Derived, HandResult, TrickResult, Unknown, Violation

EVERY_READING = "every reading of the record (each from what it reads)"
"""The ``from`` of a derived fact every reading gives with one value, each from something of its own."""

Reword = Callable[[Violation], tuple[str, str]]
"""The words of a violation found in every judgement whose owed play or words differ between them."""


def _key(v: Violation) -> tuple:
    return v.code, v.trick, v.seat, v.played


def common_violations(results: Sequence[HandResult], reword: Reword) -> tuple[list[Violation], bool]:
    """The violations found in every judgement (their words kept where the same in all, else
    ``reword``'s without an owed play), and whether any judgement found one the others did not."""
    per = [{_key(v): v for v in r.violations} for r in results]
    keys = set(per[0]).intersection(*per[1:])
    uncertain = any(set(p) != keys for p in per)
    kept = []
    for v in results[0].violations:
        k = _key(v)
        if k not in keys:
            continue
        if all((p[k].better, p[k].better_choices, p[k].message_en, p[k].message_zh)
               == (v.better, v.better_choices, v.message_en, v.message_zh) for p in per):
            kept.append(v)
        else:
            # a finding about the record is said as the record's (never "N broke the rule"): its own words
            # (a finding with no seat keeps the reading's words: "the record broke the rule … whichever value [Trump]
            # has" names no seat)
            zh, en = (explain_held.record_finding_open(v.seat, v.code) if v.of_record and v.seat is not None
                      else reword(v))
            kept.append(dataclasses.replace(v, better=(), better_choices=(), better_example=False, message_zh=zh, message_en=en))
    return kept, uncertain


def _trick(plays: tuple[Play, ...] | None, ts: Sequence[TrickResult], violations: Sequence[Violation]) -> TrickResult:
    """One trick as every judgement gives it (``plays``: the trick as recorded, when the judgements
    were of plays filled in)."""
    t0 = ts[0]
    winner = t0.winner if all(t.winner == t0.winner for t in ts) else None
    shown = t0.plays if plays is None else plays
    # the points every judgement gives, else not known: never those of one of them, nor the cards
    # recorded (a play left out may hold points: a way that holds them is as possible as one that does not)
    points = t0.points if all(t.points == t0.points for t in ts) else None
    before = t0.hands_before
    if before and any(t.hands_before != before for t in ts):       # the cards held in every judgement
        before = tuple(tuple(map(min, *(t.hands_before[s] for t in ts))) for s in range(4))
    # the cards a failed throw did not get out, as every judgement counts them, else not known (the
    # penalty charged from them differs too, and :func:`agree` withholds it with the points)
    not_thrown = t0.cards_not_thrown if all(t.cards_not_thrown == t0.cards_not_thrown for t in ts) else None
    return dataclasses.replace(
        t0, plays=shown, winner=winner, points=points,
        hands_before=before, violations=tuple(v for v in violations if v.trick == t0.number),
        cards_not_thrown=not_thrown)


def _held_open(results: Sequence[HandResult], tricks: Sequence[TrickResult]) -> tuple:
    """Per trick, how many cards each seat held that its agreed ``hands_before`` does not show: every
    judgement gives it as many cards, not the same ones (``HandResult.held_open``; a seat the
    judgements give different numbers of cards is not counted: how many is not known either)."""
    out = []
    for i, t in enumerate(tricks):
        if not t.hands_before or any(not r.tricks[i].hands_before for r in results):
            continue
        extra = []
        for s in range(4):
            held = {sum(r.tricks[i].hands_before[s]) + r.cards_open(t.number)[s] for r in results}
            extra.append(held.pop() - sum(t.hands_before[s]) if len(held) == 1 else 0)
        extra = tuple(extra)
        if any(extra):
            out.append((t.number, extra))
    return tuple(out)


def _kind(t) -> str | None:
    """``t``'s lead kind, ``"mixed"`` for a lead of two suit groups (its ``mixed_lead``: the engine's
    ``lead_kind`` then names the first card's unit, a referee's tester read "N (single)" for ``N: S10 H8``)."""
    if any(v.code == "mixed_lead" and v.trick == t.number for v in t.violations):
        return "mixed"
    return t.lead_kind


def _leads_open(results: Sequence[HandResult]) -> tuple:
    """Per trick, the leaders (with their lead kinds and trump-ins) the judgements give when they differ — who
    led it is not known (``HandResult.leads_open``): each judgement's own, or those it already leaves open, in
    the order of the judgements; only such tricks."""
    out = []
    for i, t in enumerate(results[0].tricks):
        if any(i >= len(r.tricks) for r in results):
            break
        each = [r.leads_of(r.tricks[i].number) or ((r.tricks[i].leader, _kind(r.tricks[i]), r.tricks[i].trumped),)
                for r in results]
        leads = tuple(dict.fromkeys(lead for ls in each for lead in ls))
        if len({lead[0] for lead in leads}) > 1:
            out.append((t.number, leads))
    return tuple(out)


def _unfinished(results: Sequence[HandResult]):
    """The trick the record ends in (``HandResult.unfinished``) as every judgement gives it: its
    winner and points where all give the same, else ``None`` (not known); the seats that may win it,
    those of every judgement (``None`` when one of them did not enumerate them).  Where some judgement
    plays the hand out, none of them is known."""
    us = [r.unfinished for r in results]
    u0 = next(u for u in us if u is not None)
    if any(u is None for u in us):      # played out in some judgement (a reading of a Buried: line, :mod:`.bury_readings`)
        return dataclasses.replace(u0, winner=None, points=None, possible=None)
    winner = u0.winner if all(u.winner == u0.winner for u in us) else None
    points = u0.points if all(u.points == u0.points for u in us) else None
    possible = None if any(u.possible is None for u in us) else frozenset().union(*(u.possible for u in us))
    return dataclasses.replace(u0, winner=winner, points=points, possible=possible)


def _open_at_the_end(results: Sequence[HandResult]) -> list[str]:
    """What some judgements withhold for the trick the record ends in (their ``unknown`` tag ``play``,
    :func:`.unfinished.unfinished_setting`) in words the others do not share: the entry is then not
    kept (it is not every judgement's), so its words go to the merged result's own — withheld there
    too (the value is ``None`` in that judgement, or differs between them)."""
    per = [{u for u in r.unknowns if u.tag == "play"} for r in results]
    common = set(per[0]).intersection(*per[1:])
    out: list[str] = []
    for p in per:
        for u in sorted(p - common, key=lambda u: (u.message_en, u.withheld)):
            out.extend(w for w in u.withheld if w not in out)
    return out


def _same(results: Sequence[HandResult], name: str):
    first = getattr(results[0], name)
    return all(getattr(r, name) == first for r in results), first


def _wrong_follows(rules, violations: Sequence[Violation]) -> tuple[int, int]:
    """The wrong follows among ``violations`` that cost a level (:func:`.outcome.offenders`), by the team
    of each offender's seat (N–S, E–W)."""
    by_team = [0, 0]
    if rules.revoke_penalty is RevokePenalty.LEVEL:
        for v in violations:
            if v.code in REVOKE_CODES and v.seat is not None:
                by_team[team_of(v.seat)] += 1
    return by_team[0], by_team[1]


def _friend_more(results: Sequence[HandResult], kept: Sequence[Violation]) -> tuple | None:
    """Friend mode (找朋友), which keeps no count by team (every judgement's ``revoke_levels`` is ``(0, 0)``,
    :func:`.outcome.team_counts`): the most wrong follows a judgement finds beyond ``kept`` (those every
    judgement gives, which the match's one count adds: :mod:`.replay`), by the team of each seat all the
    same — as ``HandResult.penalties_open`` — so that the match's count sees a way of filling a play left
    out (or a value of a contradicted tag) that reaches the forfeit count; ``None`` when none adds one.
    Take-backs are the record's (``[Takebacks]``), the same in every judgement."""
    rules = results[0].rules
    fewest = _wrong_follows(rules, kept)
    per = [_wrong_follows(rules, r.violations) for r in results]
    more = tuple(max(p[t] for p in per) - fewest[t] for t in (0, 1))
    return (more, (0, 0)) if any(more) else None


_BOTTOM = frozenset({"bottom_points", "bottom_multiplier", "bottom_bonus"})
"""The bottom's part of the attackers' total: where the judgements differ in it alone, what is withheld is the
bottom (:data:`~.verdicts.WITHHELD` ``bottom``), not the attackers' points."""


def regrouped(tricks: Sequence[TrickResult], violations: Sequence[Violation]) -> tuple[TrickResult, ...]:
    """``tricks`` each with the violations of ``violations`` found in it (in their order): a merged or re-read
    hand's tricks after its violations changed (:mod:`.deal_lines`, :mod:`.wrong_line`)."""
    by_trick: dict[int, list[Violation]] = {}
    for v in violations:
        if v.trick is not None:
            by_trick.setdefault(v.trick, []).append(v)
    return tuple(dataclasses.replace(t, violations=tuple(by_trick.get(t.number, ()))) for t in tricks)


def agree(results: Sequence[HandResult], plays: Sequence[tuple[Play, ...] | None],
          reword: Reword) -> tuple[dict, list[str]]:
    """The fields of one result that every judgement in ``results`` gives (``dataclasses.replace``
    changes for ``results[0]``: tricks, violations, points, outcome, levels …), and what is withheld
    for their differing (:data:`~.verdicts.WITHHELD` words).  ``plays``: per trick, the plays to
    show (the recorded ones), or ``None`` to keep the judgements'."""
    r0 = results[0]
    violations, uncertain = common_violations(results, reword)
    tricks = tuple(_trick(plays[i] if i < len(plays) else None, [r.tricks[i] for r in results], violations)
                   for i in range(len(r0.tricks)))
    changes: dict = {"tricks": tricks, "violations": tuple(violations), "held_open": _held_open(results, tricks),
                     "leads_open": _leads_open(results)}
    what: list[str] = []
    if any(t.winner is None for t in tricks[:len(tricks) - (r0.unfinished is not None)]):
        what.append("trick_winner")
    if any(t.points is None for t in tricks):
        what.append("trick_points")
    if any(len({r.tricks[i].cards_not_thrown for r in results}) > 1 for i in range(len(tricks))):
        what.append("throw_check")          # how many cards a failed throw did not get out
    differ = set()
    for name in ("attackers_points", "bottom_points", "bottom_multiplier", "bottom_bonus", "penalties",
                 "attackers_total"):
        same, value = _same(results, name)
        changes[name] = value if same else None
        if not same:
            differ.add(name)
    if differ:      # the bottom alone (who takes it, what it holds), the points from the tricks and penalties the same
        what.append("bottom" if differ & _BOTTOM and not differ - _BOTTOM - {"attackers_total"} else "points")
    same, _ = _same(results, "items")
    if not same:
        changes["items"] = ()
    same, _ = _same(results, "outcome")
    if not same:
        changes["outcome"] = None
        what.append("outcome")
    opened = outcomes_open(results)     # the outcomes they give, each known: the levels and next dealer they share
    if opened != r0.outcomes_open:
        changes["outcomes_open"] = opened
    passes = passes_open(results)       # some pass the winning level, the outcomes differing: the match may end here
    if passes != r0.passes_open:
        changes["passes_open"] = passes
    for name in ("levels_before", "player_levels_before"):    # (a level in doubt: what each side played at)
        values = [getattr(r, name) for r in results]
        if any(v != values[0] for v in values):
            changes[name] = tuple(x if all(v[i] == x for v in values) else None for i, x in enumerate(values[0]))
    for name in ("levels_after", "player_levels_after"):
        same, _ = _same(results, name)
        if not same or not _same(results, "outcome")[0]:
            # a side's level every judgement gives, the outcome kept — or outcomes differing, each known —, stands
            # (said: :func:`result_facts`); withheld only where one differs
            changes[name] = kept = kept_levels(results, name)
            if "levels" not in what and not (opened and all(getattr(r, name) == kept for r in results)):
                what.append("levels")
    span = _after_span(results, changes.get("player_levels_after", r0.player_levels_after))
    if span != r0.levels_after_span:
        changes["levels_after_span"] = span
    pairs = [r.levels_after_pairs for r in results]     # both sides' levels together: every way's readings, or none
    joint = tuple(sorted({p for ps in pairs for p in ps})) if None not in pairs and span is not None else None
    if joint != r0.levels_after_pairs:
        changes["levels_after_pairs"] = joint
    most = []
    for name in ("revoke_levels", "takeback_levels"):      # the penalties every judgement gives
        changes[name] = tuple(min(getattr(r, name)[t] for r in results) for t in (0, 1))
        most.append(tuple(max(getattr(r, name)[t] for r in results) for t in (0, 1)))
    if (most[0], most[1]) != (changes["revoke_levels"], changes["takeback_levels"]):
        changes["penalties_open"] = (most[0], most[1])    # the most a way gives: a forfeit may rest on it
    elif r0.rules.friend:       # no count by team there: what a way adds to the match's one count
        more = _friend_more(results, violations)
        if more is not None:
            changes["penalties_open"] = more
    if not _same(results, "unfinished")[0]:
        changes["unfinished"] = u = _unfinished(results)
        # the trick the record ends in: what the judgements leave open there is withheld, and said
        # (each judgement's own words for it differ, so none of them is kept: see _open_at_the_end)
        if u.winner is None and "trick_winner" not in what:
            what.append("trick_winner")
        if u.points is None and "trick_points" not in what:
            what.append("trick_points")
    for word in _open_at_the_end(results):
        if word not in what:
            what.append(word)
    if "points" in what and "bottom" in what:       # the attackers' points with the bottom: said once
        what.remove("bottom")
    if uncertain:
        if "legality" not in what:      # (said already by a judgement's own words at the end: said once)
            what.append("legality")
        changes["legality_known"] = False
    changes["complete"] = all(r.complete for r in results)
    return changes, what


def _after_span(results: Sequence[HandResult], kept: Sequence) -> tuple | None:
    """``HandResult.levels_after_span`` of the judgements merged: per player whose level after is withheld
    (``kept``: the merged ``player_levels_after``), the lowest and highest every judgement gives it (its own level,
    else the span it gives, as take-backs given as ``?`` do: docs/rules.md §10.2) — where every judgement gives one
    and the same outcome, or outcomes that differ, each known (:func:`.kept_result.outcomes_open`), and none passes
    the winning level (the match would end there); else ``None``."""
    o = results[0].outcome
    if not outcomes_open(results) and (o is None or o.match_over or not _same(results, "outcome")[0]):
        return None
    out = []
    for s, level in enumerate(kept):
        ranges = []
        for r in results:
            own = r.player_levels_after[s]
            ranges.append((own, own) if own is not None else (r.levels_after_span or (None,) * 4)[s])
        out.append(None if level is not None or None in ranges else
                   (min(lo for lo, _ in ranges), max(hi for _, hi in ranges)))
    return tuple(out) if any(out) else None


UNSCOPED_VALUE = frozenset({"trick_winner", "trick_points"})
"""Derived facts whose value does not name what it is of (the trick's number is in the words only): two
readings' facts of such a kind with one value may be of two tricks, so only identical ones are shared."""


def _same_value(results: Sequence[HandResult], d: Derived) -> Derived | None:
    """``d`` (a fact of ``results[0]``) as one fact every judgement gives: each gives a fact of its kind with its
    value (in words of its own: what it is derived from differs) — said once, in words that hold in every
    judgement (:func:`.explain_readings.fact_every_reading`); ``None`` where one does not give it."""
    if d.fact in UNSCOPED_VALUE:
        return None
    same = [[e for e in r.derived if (e.fact, e.value) == (d.fact, d.value)] for r in results[1:]]
    if not all(same):
        return None
    sources = {d.source, *(e.source for found in same for e in found)}
    return Derived(d.fact, d.value, d.source if len(sources) == 1 else EVERY_READING,
                   *explain_readings.fact_every_reading(d.fact, d.value))


def shared_facts(results: Sequence[HandResult], source: str = READINGS_RESULT,
                 ways: Message = EVERY_READING_WORDS) -> tuple[list[Unknown], list[Derived]]:
    """The unknown and the derived facts every judgement in ``results`` gives (in ``results[0]``'s order): the
    ones a merged result keeps before adding its own.  A derived fact every judgement gives with one value, each
    in words of its own, is kept once (:func:`_same_value`); the hand's result they all give though their points
    differ is said once for all (:func:`result_facts`; ``source``, ``ways``: what the judgements are)."""
    r0 = results[0]
    if len(results) == 1 and r0.outcomes_open:
        # one judgement, itself of readings whose outcomes differ: what it says of them stays in its own words (said
        # again here, of this one, it would name the wrong ways and none of the levels they leave open)
        return list(r0.unknowns), list(r0.derived)
    derived: list[Derived] = []
    for d in r0.derived:
        if d.source in RESULT_SOURCES:      # (a judgement's own, of the judgements it merged: said again below)
            continue
        if all(d in r.derived for r in results[1:]):
            derived.append(d)
            continue
        kept = _same_value(results, d)
        if kept is not None and not any((k.fact, k.value) == (kept.fact, kept.value) for k in derived):
            derived.append(kept)
    derived += result_facts(results, source, ways)
    return [u for u in r0.unknowns if all(u in r.unknowns for r in results[1:])], derived


def sides_withheld(results: Sequence[HandResult], changes: dict, what: list[str]) -> None:
    """When the judgements give different sides (another dealer, another partner), none is kept (``changes``:
    :func:`agree`'s, ``defenders`` empty) and ``sides`` leads what is withheld."""
    if any(r.defenders != results[0].defenders for r in results):
        changes["defenders"] = frozenset()
        what.insert(0, "sides")


__all__ = ["Reword", "agree", "common_violations", "regrouped", "shared_facts", "sides_withheld"]

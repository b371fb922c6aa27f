"""The ``check --json`` document (docs/format.md "check --json": its field names are fixed, outside
tools rely on them): a hand, a match, a violation, a parse problem as JSON objects.  Built here
once; ``tractor check`` streams them (:mod:`.check`), ``tractor analyse`` reuses the derived facts."""
from __future__ import annotations



from tractor_analysis.records.cards import SEAT_TOKENS, TEAMS, trump_token
from tractor_analysis.records.diagnostics import Diagnostic
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.model import Hand
from tractor_analysis.engine.outcome import GainCap, SidePenalty, gain_caps, side_penalties
from tractor_analysis.engine.verdicts import RECORDED_TOTAL, HandResult, MatchResult, Outcome, Violation

from .common import cards_tokens, level_label



def error_json(d: Diagnostic) -> dict:
    """A parse problem: where it is (``hand`` and ``trick``: the numbers of the hand and trick it is in,
    ``null`` when none or not known — the dataset's ``errors.hand_no`` / ``trick_no``)."""
    return {"line": d.line, "column": d.column, "message": d.message, "code": d.code, "hand": d.hand,
            "trick": d.trick}


def violation_json(v: Violation, record: Hand | None = None, result: HandResult | None = None) -> dict:
    """One violation (format.md fixed fields), then ``line`` / ``column``, — a finding about the record alone
    (:attr:`~tractor_analysis.engine.verdicts.Violation.of_record`) — ``"about": "record"``, present only then, and —
    where the rules leave the choice open between equal plays — ``"better_choices"`` (every one; ``better`` the
    first), present only then."""
    out = {"trick": v.trick, "seat": None if v.seat is None else SEAT_TOKENS[v.seat],
           "code": v.code, "message": v.message, "better": cards_tokens(v.better),
           "played": cards_tokens(v.played), "message_zh": v.message_zh, "message_en": v.message_en}
    line, column = violation_position(record, v, result)
    # extras: where the play or tag is in the record (null when the record does not say)
    out["line"], out["column"] = (line, column) if line else (None, None)
    if v.of_record:     # the record alone is wrong (the scorer's copy): no seat's fault, no penalty, no ruling
        out["about"] = v.about
    if v.better_choices:    # equal plays the rules leave open (docs/rules.md §2.5, §4.5): `better` is the first only
        out["better_choices"] = [cards_tokens(c) for c in v.better_choices]
    if v.better_example:    # `better` one example of plays not all equal that meet the duty (docs/rules.md §5.5)
        out["better_example"] = True
    return out


def outcome_json(o: Outcome | None, friend: bool = False, caps: tuple[GainCap, ...] = ()) -> dict | None:
    """A hand's outcome; ``team`` (the side that goes up or holds) is ``null`` in friend mode, where
    the sides are players, not N–S or E–W (each player's level: ``player_levels_after``).  ``levels``
    is the score table's gain; ``caps`` (:func:`~tractor_analysis.engine.outcome.gain_caps`), present
    as ``capped`` only when a rank the side may not skip stopped it (docs/rules.md §8.4): one object per
    group of the side's players, ``{"seats": ["E", "W"], "gained": 2, "rank": "10", "by": ["must_play",
    "win_level"]}`` — the levels they really went up, and where and by which option they stopped."""
    if o is None:
        return None
    out = {"winner": o.winner, "levels": o.levels,
           "next_dealer": None if o.next_dealer is None else SEAT_TOKENS[o.next_dealer],
           "team": None if o.team is None or friend else TEAMS[o.team], "match_over": o.match_over}
    if o.reason != "points":       # 多少牌 decided the hand (miscount = level)
        out["reason"] = o.reason
        out["miscount"] = [SEAT_TOKENS[s] for s in o.miscount]
    if caps:
        out["capped"] = [{"seats": [SEAT_TOKENS[s] for s in c.seats], "gained": c.gained,
                          "rank": level_label(c.rank),
                          "by": [r for r, on in (("must_play", c.must_play), ("win_level", c.win_level)) if on]}
                         for c in caps]
    return out


def _level_json(level: int | None) -> str | None:
    return None if level is None else level_label(level)


def _levels_json(levels: tuple[int | None, int | None]) -> dict:
    return {"NS": _level_json(levels[0]), "EW": _level_json(levels[1])}


def hand_side_penalties(h: HandResult, record: Hand | None) -> tuple[SidePenalty, ...] | None:
    """The sides that lost levels in the hand to wrong follows and take-backs (docs/rules.md §10.1,
    §10.2; :func:`~tractor_analysis.engine.outcome.side_penalties`): in friend mode (找朋友) the hand's
    players, counted from its ``record`` (its take-backs) — ``None`` when there is no record to count
    them from (never a guess); a fixed partnership's need only the result."""
    if record is None and h.rules.friend:
        return None
    return side_penalties(record, h)


def _level_penalties_json(h: HandResult, record: Hand | None) -> dict:
    """Levels a side lost in the hand for wrong follows (``revoke_levels``) and take-backs
    (``takeback_levels``, 悔牌), by team; present only when a side lost one (docs/rules.md §10).  In
    friend mode (找朋友), where no team keeps a level (both by team are 0, so absent), ``side_penalties``
    instead: one object per side that lost one, ``{"seats": ["N", "E"], "revoke_levels": 1,
    "takeback_levels": 0}`` (the hand's side as resolved; ``seats`` ``null`` when the sides are not known)."""
    out = {}
    for key, lost in (("revoke_levels", h.revoke_levels), ("takeback_levels", h.takeback_levels)):
        if any(lost):
            out[key] = {TEAMS[t]: n for t, n in enumerate(lost)}
    if h.rules.friend:
        sides = hand_side_penalties(h, record)
        if sides:
            out["side_penalties"] = [{"seats": None if seats is None else [SEAT_TOKENS[s] for s in seats],
                                      "revoke_levels": revokes, "takeback_levels": takebacks}
                                     for seats, revokes, takebacks in sides]
    return out


def _player_levels_json(levels: tuple[int | None, ...]) -> dict:
    return {SEAT_TOKENS[s]: _level_json(levels[s]) for s in range(4)}


def _hand_levels_json(h: HandResult) -> dict:
    """The levels before and after a hand: per team, or in friend mode (找朋友, where each player
    keeps a level of their own and no team has one) ``null`` per team and per player beside them."""
    if not h.rules.friend:
        return {"levels_before": _levels_json(h.levels_before), "levels_after": _levels_json(h.levels_after)}
    return {"levels_before": None, "levels_after": None,
            "player_levels_before": _player_levels_json(h.player_levels_before),
            "player_levels_after": _player_levels_json(h.player_levels_after)}


def derived_json(h: HandResult | MatchResult) -> list[dict]:
    """The hand's (or the match's) derived facts (format.md "check --json" ``derived``; ``tractor analyse --json``
    lists the same): each fact, its value, what it follows from, in both languages."""
    return [{"fact": d.fact, "value": d.value, "from": d.source, "message_zh": d.message_zh,
             "message_en": d.message_en} for d in h.derived]


def unknowns_json(h: HandResult | MatchResult) -> dict:
    """``derived`` and ``unknown`` of a hand or a match (format.md "check --json"), present only when the record
    leaves a fact unstated: what was derived and from what, what is unknown and what it withholds."""
    out: dict = {}
    if h.derived:
        out["derived"] = derived_json(h)
    if h.unknowns:
        out["unknown"] = [{"tag": u.tag, "withheld": list(u.withheld), "message": u.message,
                           "message_zh": u.message_zh, "message_en": u.message_en} for u in h.unknowns]
    return out


def hand_json(match_index: int, h: HandResult, record: Hand | None = None) -> dict:
    """One hand of ``check --json`` (format.md field names, plus a few extras at the end; a score
    sheet's hand adds ``"result_only": true``, and its trump is ``null`` when the sheet gives none);
    a value the record does not let the engine know is ``null`` (``unknown`` says why)."""
    doc = _hand_json(match_index, h, record)
    if record is not None and record.result_only:
        doc["result_only"] = True
        if not record.trump_known:
            doc["trump"] = None
    return doc


def _trick_json(h: HandResult, t) -> dict:
    """A trick's fixed fields; in the trick the record ends in (``h.unfinished``) a winner or points
    its missing plays leave open are ``null``; the ``leader`` of a trick whose readings give different
    leaders (``h.leads_of``: who led it is open, the ``unknown`` says why) ``null``."""
    u = h.unfinished
    points_open = u is not None and t is h.tricks[-1] and u.points is None
    return {"number": t.number, "leader": None if h.leads_of(t.number) else SEAT_TOKENS[t.leader],
            "winner": None if t.winner is None else SEAT_TOKENS[t.winner], "points": None if points_open else t.points}


def _unfinished_json(h: HandResult) -> dict:
    """``"unfinished"`` (only when the record ends in the middle of its last trick): that trick and the
    seats whose plays it does not give."""
    u = h.unfinished
    if u is None:
        return {}
    return {"unfinished": {"trick": u.trick, "missing": [SEAT_TOKENS[s] for s in u.missing]}}


def _points_json(h: HandResult) -> dict:
    """``attackers_points`` .. ``penalties``: ``null`` where not known or not decided, never the engine's
    working 0 — a score sheet's hand (its total alone is recorded: nothing played) all ``null``; a hand
    the record ends in before it is played out the bottom's multiplier and bonus ``null`` (not decided);
    a hand played out whose bottom the attackers took, the record not giving it (``unknown`` tag
    ``Buried``), its multiplier and bonus ``null`` with its points.  The same rule as the dataset's
    (``dataset/hand_values.py``, which ``check`` does not import)."""
    if score_sheet_hand(h):
        return dict.fromkeys(("attackers_points", "bottom_points", "bottom_multiplier", "bottom_bonus", "penalties"))
    mult, bonus = h.bottom_multiplier, h.bottom_bonus
    if not h.bottom_decided or any(u.tag == "Buried" and {"points", "bottom"} & set(u.withheld) for u in h.unknowns):
        mult = bonus = None
    return {"attackers_points": h.attackers_points, "bottom_points": h.bottom_points, "bottom_multiplier": mult,
            "bottom_bonus": bonus, "penalties": h.penalties}


def score_sheet_hand(h: HandResult) -> bool:
    """A score sheet's hand (``[ResultOnly]``): scored from the recorded total, nothing played."""
    return any(i.kind == RECORDED_TOTAL for i in h.items)


def _hand_json(match_index: int, h: HandResult, record: Hand | None) -> dict:
    sheet = score_sheet_hand(h)
    return {
        "match": match_index, "hand": h.number, "dealer": None if h.dealer is None else SEAT_TOKENS[h.dealer],
        "level": _level_json(h.level), "trump": trump_token(h.trump) if h.trump_known else None,
        "tricks": [_trick_json(h, t) for t in h.tricks],
        "violations": [violation_json(v, record, h) for v in h.violations],
        **_points_json(h), "attackers_total": h.attackers_total,
        "outcome": outcome_json(h.outcome, h.rules.friend, gain_caps(h)),
        "claim": h.claim, "claim_matches": None if sheet else h.claim_matches,
        # extras (format.md allows more fields; the ones above are fixed)
        "legal": h.legal, "setup": h.setup, "complete": h.complete, "ruleset": h.rules.name,
        **_hand_levels_json(h),
        **unknowns_json(h), **_unfinished_json(h), **_level_penalties_json(h, record),
    }


def _spans_json(spans) -> dict:
    """``levels_final_span``: per side whose final level is not known (``levels_final`` null), the lowest and highest
    the readings of what the record leaves open give, ``["3", "5"]``; null for a side known, or not bounded
    (docs/rules.md §8.5, §10.2)."""
    return {TEAMS[t]: None if s is None else [_level_json(s[0]), _level_json(s[1])] for t, s in enumerate(spans)}


def match_json(index: int, r: MatchResult) -> dict:
    """Extra (not in format.md's fixed fields; described there): where the match stands after its
    last hand.  ``forfeit``: the side that forfeited, ``"both"`` when both sides did at the end of
    the same hand (``winner`` null, ``decided_by`` ``both forfeit``), else null; ``forfeit_reason``:
    why, by side (``{"EW": "take-backs"}``; a side that forfeited under every reading of what the record
    leaves open, for reasons that differ between them, ``null``: ``{"EW": null}``), null when no side
    forfeited — and when whether one did is not known, said by ``"unknown"`` (as a hand's: tag
    ``Takebacks``, withheld ``forfeit``), present only then.  ``levels_final_span``: where a side's final level is
    not known but bounded by the readings (:func:`_spans_json`), present only then.  ``"derived"``: what every reading gives that the
    record does not state (the ``winner`` by the levels), present only then."""
    friend = bool(r.hands) and r.hands[0].rules.friend
    reasons = {TEAMS[t]: why for t, why in enumerate(r.forfeit_reasons) if why is not None or r.forfeit_reason_open[t]}
    doc = {"match": index, "levels_final": None if friend else _levels_json(r.levels_final),
           **({"player_levels_final": _player_levels_json(r.player_levels_final)} if friend else {}),
           **({"levels_final_span": _spans_json(r.levels_final_span)}
              if not friend and any(s is not None for s in r.levels_final_span) else {}),
           "winner": None if r.winner is None else TEAMS[r.winner],
           "forfeit": "both" if r.both_forfeit else None if r.forfeit is None else TEAMS[r.forfeit],
           "forfeit_reason": reasons or None,
           "decided_by": r.decided_by}
    doc.update(unknowns_json(r))        # "derived", "unknown": as a hand's
    return doc

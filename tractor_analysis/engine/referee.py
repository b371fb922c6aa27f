"""The record's own referee against the engine: ``Referee:…`` tags compared with a replay.

A record imported from another table (:mod:`tractor_analysis.records.fen80_reader`) keeps
that table's verdicts as tags — trick winners, the attackers' trick points, the bottom and
its multiplier, penalties, the outcome, the levels after the hand, the next dealer, and the
match winner.  Like ``[Claim]`` (``claim_mismatch``), each verdict that differs from the
engine's is a ``referee_mismatch`` finding that names both values, so ``check`` lists every
place where the engine under the chosen rules does not reach the table's verdict.  It is a finding about
the record (docs/rules.md §13.1: ``✎ record 记录``, no player's violation, no ruling page), a match's
winner too: the table judged otherwise, or its verdict is miscopied — no seat's act.
Tags that are missing or unreadable are not compared.
"""
from __future__ import annotations

from ..records.cards import SEAT_TOKENS, TEAMS, team_of
from ..records.model import Hand, Match
from . import botzone_scores, explain_hand, explain_referee
from .verdicts import ABOUT_RECORD, HandResult, MatchResult, Violation

__all__ = ["hand_findings", "match_findings", "tag_value", "excused"]

_SEAT = {t: i for i, t in enumerate(SEAT_TOKENS)}
_TEAM = {t: i for i, t in enumerate(TEAMS)}
def tag_value(tags, name: str) -> str | None:
    """The last value of tag ``name`` (``None`` when absent)."""
    out = None
    for n, v in tags:
        if n == name:
            out = v
    return out


def _finding(verdict: str, theirs: str | tuple[str, str], ours: str | tuple[str, str], trick: int | None = None,
             seat: int | None = None) -> Violation:
    """A ``referee_mismatch``: a finding about the record (``about`` record, docs/rules.md §13.1), no seat's act —
    the platform's verdict the record keeps is not the engine's; ``trick`` and ``seat`` say where it points (the
    trick's winner, the seat the judge stopped the match on), never whose fault.  The engine's own verdicts on the
    plays stand beside it: a fault it finds is its own violation."""
    zh, en = explain_hand.referee_mismatch(verdict, theirs, ours, trick)
    return Violation("referee_mismatch", trick, seat, (), (), zh, en, ABOUT_RECORD)


def _ints(text: str | None, n: int) -> list[int] | None:
    if text is None:
        return None
    try:
        out = [int(x) for x in text.split()]
    except ValueError:
        return None
    return out if len(out) == n else None


def hand_findings(hand: Hand, result: HandResult) -> list[Violation]:
    """Every ``Referee:…`` verdict of ``hand`` the replay ``result`` does not reach."""
    tags = hand.tags
    if not any(n.startswith("Referee:") for n, _ in tags):
        return []
    out: list[Violation] = []
    winners = tag_value(tags, "Referee:Winners")
    if winners is not None:
        theirs = [_SEAT.get(t) for t in winners.split()]
        ours = [t.winner for t in result.tricks]
        if len(theirs) != len(ours):
            out.append(_finding("tricks", str(len(theirs)), str(len(ours))))
        for t, w in zip(result.tricks, theirs):
            if w is not None and t.winner is not None and w != t.winner:   # (None: the record ends in it)
                out.append(_finding("winner", SEAT_TOKENS[w], SEAT_TOKENS[t.winner], t.number, t.winner))
    if result.attackers_points is None:      # withheld (the sides are unknown): nothing to compare
        return out
    points = _ints(tag_value(tags, "Referee:Points"), 1)
    if points is not None and points[0] != result.attackers_points:
        out.append(_finding("points", str(points[0]),
                            str(result.attackers_points)))
    out.extend(_bottom(tag_value(tags, "Referee:Bottom"), result))
    pen = _ints(tag_value(tags, "Referee:Penalty"), 2)
    if pen is not None and (any(pen) != bool(result.penalties)):
        out.append(_finding("penalty", explain_referee.by_side(pen), _penalties(result)))
    o = result.outcome
    outcome = tag_value(tags, "Referee:Outcome")
    if outcome is not None:
        ours = "incomplete" if o is None else f"{o.winner} +{o.levels}"
        if outcome.strip() != ours:
            out.append(_finding("outcome", outcome.strip(), ours))
    levels = _ints(tag_value(tags, "Referee:Levels"), 2)
    if levels is not None and o is not None:
        ours_l = [str(x) for x in result.levels_after]
        for team in (0, 1):
            if levels[team] > 14 and o.match_over and o.team == team:
                ours_l[team] = str(levels[team])
        # a side whose level the engine does not know (a chain broken before this hand) is not
        # compared: nothing contradicts the referee there
        known = [team for team in (0, 1) if result.levels_after[team] is not None]
        if any(ours_l[team] != str(levels[team]) for team in known):
            out.append(_finding("levels", explain_referee.by_side(levels),
                                explain_referee.by_side(ours_l, explain_referee.MATCH_OVER if o.match_over else ("", ""))))
    before = _ints(tag_value(tags, "Referee:LevelsBefore"), 2)
    if before is not None:      # the levels the hands before carry in (a side the engine does not know: not compared)
        known = [team for team in (0, 1) if result.levels_before[team] is not None]
        if any(result.levels_before[team] != before[team] for team in known):
            out.append(_finding("levels_before", explain_referee.by_side(before),
                                explain_referee.by_side([x if x is not None else "?" for x in result.levels_before])))
    out.extend(_judge_verdicts(tags, result))
    nxt = tag_value(tags, "Referee:NextDealer")
    if nxt is not None and o is not None and _SEAT.get(nxt.strip()) != o.next_dealer:
        out.append(_finding("next_dealer", nxt.strip(),
                            "bid for" if o.next_dealer is None else SEAT_TOKENS[o.next_dealer]))
    return out


def _penalties(result: HandResult) -> tuple[str, str]:
    """The engine's penalties (``result.penalties``: what they add to the attackers' total), the attackers'
    side named (the referee's ``Referee:Penalty`` gives them by side)."""
    attackers = next((team_of(s) for s in range(4) if s not in result.defenders), None)
    return explain_referee.penalties(result.penalties, attackers)


def _bottom(text: str | None, result: HandResult) -> list[Violation]:
    parts = text.split() if text else []
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].startswith("x") \
            or not (parts[1][1:].isdigit() or parts[1] == "x?") or parts[2] not in ("attackers", "defenders"):
        return []
    pts, side = int(parts[0]), parts[2]
    mult = int(parts[1][1:]) if parts[1] != "x?" else None       # x?: the record does not say
    out = []
    if pts != result.bottom_points:
        out.append(_finding("bottom_points", str(pts), str(result.bottom_points)))
    if result.complete and result.tricks:
        last = result.tricks[-1].winner
        ours_side = "defenders" if last in result.defenders else "attackers"
        if ours_side != side:
            out.append(_finding("last_trick", side, ours_side))
        elif side == "attackers" and mult is not None and mult != result.bottom_multiplier:
            out.append(_finding("multiplier", f"x{mult}", f"x{result.bottom_multiplier}"))
    return out


def match_findings(match: Match, result: MatchResult) -> list[Violation]:
    """The match winner and final levels of the record's referee (``Referee:Winner``, ``Referee:LevelsFinal``)
    against the replay's."""
    out = _final_levels(match, result)
    theirs = tag_value(match.tags, "Referee:Winner")
    if theirs is None or theirs.strip() not in _TEAM:
        return out
    if result.winner == _TEAM[theirs.strip()]:
        return out
    ours = ("nobody: both forfeit" if result.both_forfeit else "nobody yet" if result.winner is None
            else TEAMS[result.winner])
    return [*out, _finding("match_winner", theirs.strip(), ours)]


def _final_levels(match: Match, result: MatchResult) -> list[Violation]:
    """The levels the record's referee ends the match at (``Referee:LevelsFinal``) against the replay's final
    levels: a side the engine does not know is not compared; a side past the winning level in the log (15 and
    above) is the engine's when it won the match by passing it."""
    final = _ints(tag_value(match.tags, "Referee:LevelsFinal"), 2)
    if final is None:
        return []
    ours: list = list(result.levels_final)
    for team in (0, 1):
        if final[team] > 14 and result.winner == team and result.decided_by == "passed":
            ours[team] = final[team]
    if not any(ours[t] is not None and ours[t] != final[t] for t in (0, 1)):
        return []
    return [_finding("levels_final", explain_referee.by_side(final),
                     explain_referee.by_side(["?" if x is None else x for x in ours]))]


# --- the verdicts of Botzone's judge (records.botzone_reader) -----------------------------------

def _error(tags) -> tuple[int, str, int | None, str] | None:
    """``Referee:Error`` as ``(seat, reason, trick or None, where)``; ``None`` when absent or unreadable."""
    text = tag_value(tags, "Referee:Error")
    if text is None or ";" not in text:
        return None
    head, where = (p.strip() for p in text.split(";", 1))
    seat, _, reason = head.partition(" ")
    if seat not in _SEAT or not reason:
        return None
    trick = None
    if where.startswith("trick ") and where[6:].isdigit():
        trick = int(where[6:])
    return _SEAT[seat], reason.strip(), trick, where


def _offence(result: HandResult, seat: int, trick: int | None, where: str) -> Violation | None:
    """The engine's first violation by ``seat`` where the judge stopped the match."""
    for v in result.violations:
        if v.seat != seat or v.code == "referee_mismatch":
            continue
        if trick is not None and v.trick == trick:
            return v
        if trick is None and v.trick is None and (
                (where == "declaration" and v.code == "bad_declaration") or (where == "bury" and v.code == "bad_bury")):
            return v
    return None


def _judge_verdicts(tags, result: HandResult) -> list[Violation]:
    """``Referee:Total``, ``Referee:Throws``, ``Referee:Scores`` and ``Referee:Error`` (Botzone)."""
    out: list[Violation] = []
    total = _ints(tag_value(tags, "Referee:Total"), 1)
    if total is not None and result.complete and total[0] != result.attackers_total:
        out.append(_finding("total", str(total[0]), str(result.attackers_total)))
    throws = tag_value(tags, "Referee:Throws")
    if throws is not None:
        theirs = {}
        for part in throws.split():
            t, _, pts = part.partition(":")
            try:
                theirs[int(t)] = int(pts)
            except ValueError:
                theirs = None
                break
        if theirs is not None:
            ours = {i.trick: i.points for i in result.items if i.kind == "throw_penalty"}
            for t in sorted(set(theirs) | set(ours)):
                if theirs.get(t) != ours.get(t) and (t is None or t <= len(result.tricks)):
                    out.append(_throw_finding(result, t, theirs.get(t), ours.get(t)))
    error = _error(tags)
    scores = _ints(tag_value(tags, "Referee:Scores"), 4)
    if error is not None:
        seat, reason, trick, where = error
        found = _offence(result, seat, trick, where)
        theirs_e = f"{SEAT_TOKENS[seat]} {reason}" + ("" if trick is not None else f" ({where})")
        silent = tag_value(tags, "Botzone:NoResponse")
        if silent is not None and silent.split()[0] == SEAT_TOKENS[seat]:
            ours_e = "no play: the bot gave no response"     # nothing for the rules to judge
            out.append(_finding("error", theirs_e, ours_e, trick, seat))
        elif reason == "Unknown Error" or found is None:
            ours_e = "a legal play" if found is None else f"{SEAT_TOKENS[seat]} {found.code}"
            out.append(_finding("error", theirs_e, ours_e, trick, seat))
        elif scores is not None and tuple(scores) != botzone_scores.error_scores(seat):
            out.append(_finding("scores", explain_referee.by_seat(scores),
                                explain_referee.by_seat(botzone_scores.error_scores(seat))))
        return out
    if scores is not None:
        ours_s = botzone_scores.seat_scores(result)
        if ours_s is None or tuple(scores) != ours_s:
            out.append(_finding("scores", explain_referee.by_seat(scores),
                                "incomplete" if ours_s is None else explain_referee.by_seat(ours_s)))
    return out


def _throw_finding(result: HandResult, t: int, theirs: int | None, ours: int | None) -> Violation:
    """Trick ``t``'s failed-throw penalty as the judge charged it (``theirs``, ``None``: none) against the
    engine's (``ours``).  Where the two differ on whether the throw failed — the judge forced a play the
    engine finds the throw standing, or let stand a throw the engine finds failing — the words say that,
    with the throw and the forced play: the penalties alone (``+0`` against ``+0`` for a failed throw the
    judge charged nothing) would not show what differs."""
    trick = result.tricks[t - 1] if 0 < t <= len(result.tricks) else None
    lead = trick.plays[0] if trick is not None and trick.plays else None
    if lead is None:
        return _finding("throw_penalty", f"{theirs or 0:+d}", f"{ours or 0:+d}", t)
    seat = lead.seat
    shown = lead.attempted if lead.attempted is not None else lead.cards
    stands = any(v.code == "wrong_forced_play" and v.seat == seat and sorted(v.better) == sorted(shown)
                 for v in trick.violations)          # the engine: the throw the judge made fail would stand
    fails = (lead.attempted is not None and not stands) or any(
        v.code == "throw_failed" and v.seat == seat for v in trick.violations)
    judge_failed = lead.attempted is not None
    if judge_failed == fails:           # both say it failed (or stood): the penalties alone differ
        return _finding("throw_penalty", f"{theirs or 0:+d}", f"{ours or 0:+d}", t)
    if judge_failed:                    # the judge forced a play, the engine finds the throw standing
        theirs_w, ours_w = explain_referee.throw_judged(seat, shown, True, lead.cards, theirs or 0)
    else:
        forced = next((v.better for v in trick.violations if v.code == "throw_failed" and v.seat == seat), ())
        theirs_w, ours_w = explain_referee.throw_judged(seat, shown, False, forced, ours or 0)
    return _finding("throw", theirs_w, ours_w, t, seat)


def excused(hand: Hand, violations: list[Violation]) -> list[Violation]:
    """``violations`` without those an error verdict explains (``Referee:Error``): the judge
    ended the match there, so the plays after it in that trick and the cards still held were
    never due — they are not the record's fault."""
    error = _error(hand.tags)
    if error is None:
        return violations
    trick = error[2]
    return [v for v in violations
            if not (v.code == "out_of_turn" and not v.played and (trick is None or v.trick == trick))
            and not (v.code == "deal_mismatch" and v.trick is None and v.played)]

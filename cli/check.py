"""``tractor check``: parse record files, replay every hand, report verdicts.

The command is thin: :mod:`tractor_analysis.records.sources` reads the files,
:func:`tractor_analysis.engine.replay.replay_match` judges them; this module only
turns the results into the ``check --json`` document of
``docs/format.md`` (its field names are fixed) or into text for a referee.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterator

import click

from tractor_analysis.records.cards import SEAT_TOKENS, TEAMS, trump_token
from tractor_analysis.records.diagnostics import Diagnostic
from tractor_analysis.records.locate import violation_position
from tractor_analysis.engine.record_gaps import play_left_out
from tractor_analysis.engine.replay import record_pairs
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.engine.explain_hand import describe_levels, forfeit_text, match_decision_text, not_scored
from tractor_analysis.engine.scoring import NO_RESULT, decide_match
from tractor_analysis.engine.verdicts import RECORDED_TOTAL, HandResult, MatchResult, Outcome, Violation

from .common import (
    CONTEXT, EXIT_OK, EXIT_UNREADABLE, EXIT_VIOLATION, Loaded, RuleChoice, bad, cards_pretty,
    cards_tokens, dim, expand_inputs, from_option, good, level_label, load, located, max_bytes_option,
    rules_options, seat_label, strong,
    trump_label,
)


# --- judging (no printing) ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class FileVerdict:
    """One input checked: what the parser said and each match's replay."""

    path: str
    errors: tuple[Diagnostic, ...]
    matches: tuple[Match, ...]
    results: tuple[MatchResult | None, ...]
    """One per match; ``None`` when the engine could not replay it (see ``errors``)."""
    readable: bool = True
    encoding_note: str | None = None
    """Which legacy encoding (GBK or Big5) the text was read with and why, or the doubt."""

    @property
    def hands(self) -> list[tuple[int, Match, HandResult]]:
        return [(i, m, h) for i, (m, r) in enumerate(zip(self.matches, self.results))
                if r is not None for h in r.hands]

    @property
    def hands_with_records(self) -> list[tuple[int, Match, HandResult, Hand | None]]:
        """As :attr:`hands`, each with its record (by position: replay keeps the record's order,
        so a hand number written twice still finds its own hand)."""
        return [(i, m, h, record) for i, (m, r) in enumerate(zip(self.matches, self.results))
                if r is not None for record, h in record_pairs(m, r)]

    @property
    def violations(self) -> int:
        return sum(len(h.violations) for _, _, h in self.hands) + sum(
            len(r.problems) for r in self.results if r is not None)

    @property
    def exit_code(self) -> int:
        if self.errors or not self.readable:
            return EXIT_UNREADABLE
        return EXIT_VIOLATION if self.violations else EXIT_OK


def check_file(path: str, rules: RuleChoice, fmt: str | None = None, max_bytes: int | None = None,
               loaded: Loaded | None = None) -> FileVerdict:
    """Read (``fmt`` forces the format; at most ``max_bytes`` after gunzip) and replay one file
    (``loaded``: already read); never raises (engine failures become errors with code ``engine_error``)."""
    from tractor_analysis.engine.replay import replay_match

    if loaded is None:
        loaded = load(path, fmt, max_bytes)
    errors = list(loaded.diagnostics)
    results: list[MatchResult | None] = []
    for index, match in enumerate(loaded.matches):
        try:
            results.append(replay_match(match, rules.for_match(match)))
        except Exception as exc:  # an engine bug must not hide the other files' verdicts
            results.append(None)
            first = match.hands[0].line if match.hands else 0
            errors.append(Diagnostic(
                "engine_error",
                f"could not replay match {index}: {type(exc).__name__}: {exc} "
                f"/ 无法复盘此记录（程序错误，请报告）", first, 0))
    return FileVerdict(path, tuple(errors), loaded.matches, tuple(results), loaded.readable,
                       loaded.encoding_note)


# --- the check --json document -------------------------------------------------

def error_json(d: Diagnostic) -> dict:
    """A parse problem: where it is (``hand`` and ``trick``: the numbers of the hand and trick it is in,
    ``null`` when none or not known — the dataset's ``errors.hand_no`` / ``trick_no``)."""
    return {"line": d.line, "column": d.column, "message": d.message, "code": d.code, "hand": d.hand,
            "trick": d.trick}


def violation_json(v: Violation, record: Hand | None = None, result: HandResult | None = None) -> dict:
    out = {"trick": v.trick, "seat": None if v.seat is None else SEAT_TOKENS[v.seat],
           "code": v.code, "message": v.message, "better": cards_tokens(v.better),
           "played": cards_tokens(v.played), "message_zh": v.message_zh, "message_en": v.message_en}
    line, column = violation_position(record, v, result)
    # extras: where the play or tag is in the record (null when the record does not say)
    out["line"], out["column"] = (line, column) if line else (None, None)
    return out


def outcome_json(o: Outcome | None, friend: bool = False) -> dict | None:
    """A hand's outcome; ``team`` (the side that goes up or holds) is ``null`` in friend mode, where
    the sides are players, not N–S or E–W (each player's level: ``player_levels_after``)."""
    if o is None:
        return None
    out = {"winner": o.winner, "levels": o.levels,
           "next_dealer": None if o.next_dealer is None else SEAT_TOKENS[o.next_dealer],
           "team": None if o.team is None or friend else TEAMS[o.team], "match_over": o.match_over}
    if o.reason != "points":       # 多少牌 decided the hand (miscount = level)
        out["reason"] = o.reason
        out["miscount"] = [SEAT_TOKENS[s] for s in o.miscount]
    return out


def _level_json(level: int | None) -> str | None:
    return None if level is None else level_label(level)


def _levels_json(levels: tuple[int | None, int | None]) -> dict:
    return {"NS": _level_json(levels[0]), "EW": _level_json(levels[1])}


def _level_penalties_json(h: HandResult) -> dict:
    """Levels a side lost in the hand for wrong follows (``revoke_levels``) and take-backs
    (``takeback_levels``, 悔牌), by team; present only when a side lost one (docs/rules.md §10)."""
    out = {}
    for key, lost in (("revoke_levels", h.revoke_levels), ("takeback_levels", h.takeback_levels)):
        if any(lost):
            out[key] = {TEAMS[t]: n for t, n in enumerate(lost)}
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


def derived_json(h: HandResult) -> list[dict]:
    """The hand's derived facts (format.md "check --json" ``derived``; ``tractor analyse --json``
    lists the same): each fact, its value, what it follows from, in both languages."""
    return [{"fact": d.fact, "value": d.value, "from": d.source, "message_zh": d.message_zh,
             "message_en": d.message_en} for d in h.derived]


def unknowns_json(h: HandResult) -> dict:
    """``derived`` and ``unknown`` of a hand (format.md "check --json"), present only when the record
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
    its missing plays leave open are ``null``."""
    u = h.unfinished
    points_open = u is not None and t is h.tricks[-1] and u.points is None
    return {"number": t.number, "leader": SEAT_TOKENS[t.leader],
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
    if _score_sheet(h):
        return dict.fromkeys(("attackers_points", "bottom_points", "bottom_multiplier", "bottom_bonus", "penalties"))
    mult, bonus = h.bottom_multiplier, h.bottom_bonus
    if not h.complete or any(u.tag == "Buried" for u in h.unknowns):
        mult = bonus = None
    return {"attackers_points": h.attackers_points, "bottom_points": h.bottom_points, "bottom_multiplier": mult,
            "bottom_bonus": bonus, "penalties": h.penalties}


def _score_sheet(h: HandResult) -> bool:
    """A score sheet's hand (``[ResultOnly]``): scored from the recorded total, nothing played."""
    return any(i.kind == RECORDED_TOTAL for i in h.items)


def _hand_json(match_index: int, h: HandResult, record: Hand | None) -> dict:
    sheet = _score_sheet(h)
    return {
        "match": match_index, "hand": h.number, "dealer": None if h.dealer is None else SEAT_TOKENS[h.dealer],
        "level": _level_json(h.level), "trump": trump_token(h.trump) if h.trump_known else None,
        "tricks": [_trick_json(h, t) for t in h.tricks],
        "violations": [violation_json(v, record, h) for v in h.violations],
        **_points_json(h), "attackers_total": h.attackers_total,
        "outcome": outcome_json(h.outcome, h.rules.friend),
        "claim": h.claim, "claim_matches": None if sheet else h.claim_matches,
        # extras (format.md allows more fields; the ones above are fixed)
        "legal": h.legal, "setup": h.setup, "complete": h.complete, "ruleset": h.rules.name,
        **_hand_levels_json(h),
        **unknowns_json(h), **_unfinished_json(h), **_level_penalties_json(h),
    }


def file_json_chunks(v: FileVerdict) -> Iterator[str]:
    """The ``check --json`` object of one file (docs/format.md: path, errors, hands, problems when any,
    matches) as text, a hand at a time: never the document of every hand in memory at once (a file
    of 66,000 short hands gives some 200 MB of JSON)."""
    def dumps(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    yield '{"path": ' + dumps(v.path) + ', "errors": ' + dumps([error_json(d) for d in v.errors]) + ', "hands": ['
    for n, (i, _, h, rec) in enumerate(v.hands_with_records):
        yield (", " if n else "") + dumps(hand_json(i, h, rec))
    yield "]"
    problems = [violation_json(p) for r in v.results if r is not None for p in r.problems]
    if problems:
        yield ', "problems": ' + dumps(problems)
    yield ', "matches": ' + dumps([match_json(i, r) for i, r in enumerate(v.results) if r is not None]) + "}"


def match_json(index: int, r: MatchResult) -> dict:
    """Extra (not in format.md's fixed fields; described there): where the match stands after its
    last hand.  ``forfeit``: the side that forfeited, ``"both"`` when both sides did at the end of
    the same hand (``winner`` null, ``decided_by`` ``both forfeit``), else null; ``forfeit_reason``:
    why, by side (``{"EW": "take-backs"}``), null when no side forfeited — and when whether one did is
    not known, said by ``"unknown"`` (as a hand's: tag ``Takebacks``, withheld ``forfeit``), present
    only then."""
    friend = bool(r.hands) and r.hands[0].rules.friend
    reasons = {TEAMS[t]: why for t, why in enumerate(r.forfeit_reasons) if why is not None}
    doc = {"match": index, "levels_final": None if friend else _levels_json(r.levels_final),
           **({"player_levels_final": _player_levels_json(r.player_levels_final)} if friend else {}),
           "winner": None if r.winner is None else TEAMS[r.winner],
           "forfeit": "both" if r.both_forfeit else None if r.forfeit is None else TEAMS[r.forfeit],
           "forfeit_reason": reasons or None,
           "decided_by": r.decided_by}
    if r.unknowns:
        doc["unknown"] = [{"tag": u.tag, "withheld": list(u.withheld), "message": u.message,
                           "message_zh": u.message_zh, "message_en": u.message_en} for u in r.unknowns]
    return doc


def match_text(r: MatchResult) -> str | None:
    """One line on who won and how, in the standings' wording (``explain_hand.match_decision_text``);
    ``None`` for a record with no finished hand (a position decides nothing)."""
    if r.forfeited:
        en, zh = forfeit_text(r.forfeit_reasons, r.hands[0].rules.revoke_forfeit if r.hands else None)
        return bad(f"{en} / {zh}")
    team, how = decide_match(r)
    if how == NO_RESULT[0]:
        return None
    en, zh = match_decision_text(None if team is None else TEAMS[team], how)
    return strong(f"{en} / {zh}")


# --- text for people -------------------------------------------------------------

def outcome_text(h: HandResult, match: Match) -> str:
    o = h.outcome
    if o is None and "outcome" in h.withheld:
        return dim("? withheld (see 未知 above) / 不予判定（见上方“未知”）")
    if o is None and not h.setup:
        zh, en = not_scored([v.code for v in h.violations])
        return dim(f"{en}, no outcome / {zh}，不计结果")
    if o is None:
        return dim("incomplete position, no outcome / 残局未打完，不计升级")
    zh, en = describe_levels(o.winner, o.levels, o.reason)
    if o.reason == "miscount":
        seats = " ".join(seat_label(s, match) for s in o.miscount)
        zh, en = f"{seats} 多少牌：{zh}", f"wrong number of cards (多少牌) for {seats}: {en}"
    what = f"{en} / {zh}"
    if o.reason == "match_points":          # Botzone: one hand a match, no next deal, no levels
        return what
    if h.rules.friend:          # 找朋友: each player keeps a level of their own, no team has one
        before, after, names = h.player_levels_before, h.player_levels_after, SEAT_TOKENS
    else:
        before, after, names = h.levels_before, h.levels_after, TEAMS
    levels = "  ".join(
        f"{names[t]} {level_label(before[t])}" + (f"→{level_label(after[t])}" if after[t] != before[t] else "")
        for t in range(len(before)))
    nxt = "bid for 抢庄" if o.next_dealer is None else seat_label(o.next_dealer, match)
    text = f"{what}; next dealer 下庄 {nxt}; levels 级 {levels}"
    if any(h.revoke_levels):
        lost = ", ".join(f"{TEAMS[t]} −{n}" for t, n in enumerate(h.revoke_levels) if n)
        text += f"; revoke penalty 罚级 {lost}"
    unread = any(u.tag == "Takebacks" for u in h.unknowns)     # a take-back's seat not read: its side unknown
    if any(h.takeback_levels) or unread:          # 悔牌 (docs/rules.md §10.2), included in the levels above
        lost = ", ".join(f"{TEAMS[t]} −{n}" for t, n in enumerate(h.takeback_levels) if n)
        if unread:
            lost += (", " if lost else "") + "? (a seat not read 座位无法识别)"
        text += f"; take-back penalty 悔牌罚级 {lost}"
    if o.match_over:
        text += "; " + strong("match won / 比赛结束")
    return text


def points_text(h: HandResult) -> str:
    if _score_sheet(h):     # a score sheet's hand: nothing was played
        return f"recorded total 记分表总分 {strong(str(h.attackers_total))} " + dim("(score sheet, no play recorded "
                                                                         "/ 只记结果，未记出牌)")
    if h.attackers_total is None or h.attackers_points is None:
        return dim("? withheld (see 未知 above) / 不予判定（见上方“未知”）")
    earlier = sum(i.points for i in h.items if i.kind == "setup_points")
    parts = [f"tricks 抓分 {h.attackers_points - earlier}"]
    if earlier:
        parts.insert(0, f"earlier 此前 {earlier}")
    if h.bottom_multiplier:
        parts.append(f"bottom 抠底 {h.bottom_points}×{h.bottom_multiplier}={h.bottom_bonus}")   # captured (扣底 is burying)
    elif h.bottom_points is None:               # no bottom given: counts only if the attackers take the last trick
        parts.append(dim("bottom 底分 ? not given, not needed 未给出，无需计入" if h.complete
                         else "bottom 底分 ? not given 未给出"))
    else:
        parts.append(dim(f"bottom 底分 {h.bottom_points} not captured 未抠底" if h.complete
                         else f"bottom 底分 {h.bottom_points} not decided, {_why_open(h)}"))
    if h.penalties:
        parts.append(f"penalties 罚分 {h.penalties:+d}")
    text = " + ".join(parts) + f" = {strong(str(h.attackers_total))}"
    if h.claim is not None:
        if h.claim_matches is None:     # the record ends first: the claim is the hand's total, not checked
            mark = dim(f"not checked, {_why_open(h, '未核对')}")
        else:
            mark = good("✓") if h.claim_matches else bad("✗ differs 不符")
        text += f"   claim 记录 {h.claim} {mark}"
    return text


def _why_open(h: HandResult, zh_head: str = "未定") -> str:
    """Why a hand's bottom or claim is left open: the record ends first, or its deal and plays do not
    agree (``deal_mismatch``)."""
    if any(v.code == "deal_mismatch" for v in h.violations):
        return f"the deal and the plays do not agree {zh_head}（发牌与出牌不符）"
    return f"the record ends first {zh_head}（记录先结束）"


def penalty_lines(h: HandResult, match: Match, indent: str = "      ") -> list[str]:
    """Why the attackers' total has penalties: each failed throw punished (``throw_penalty =
    per_card``) — the trick, the thrower, the cards shown and the cards forced."""
    out = []
    tricks = {t.number: t for t in h.tricks}
    for item in h.items:
        if item.kind != "throw_penalty":
            continue
        t = tricks.get(item.trick) if item.trick is not None else None
        lead = t.plays[0] if t is not None and t.plays else None
        shown = ""
        if lead is not None:
            who = seat_label(lead.seat, match)
            if lead.attempted:
                shown = f"; {who} showed 甩 {cards_pretty(lead.attempted)}, forced 改出 {cards_pretty(lead.cards)}"
            else:
                shown = f"; {who} led 出 {cards_pretty(lead.cards)}"
        out.append(f"{indent}penalty 罚分 {item.points:+d}  {item.en} / {item.zh}{shown}")
    return out


def violation_lines(v: Violation, match: Match, indent: str = "      ", *, path: str | None = None,
                    record: Hand | None = None, result: HandResult | None = None,
                    where: str | None = None) -> list[str]:
    """A violation for people; with ``path`` and the hand's ``record``, ending in
    ``path:line:column`` of the play or tag it is about (an editor or terminal jumps there);
    ``where``: the place it names (a match's problem: ``match 比赛``)."""
    if where is None:
        where = f"trick {v.trick} 第{v.trick}轮" if v.trick is not None else "hand 整局"
    who = seat_label(v.seat, match) if v.seat is not None else ""
    at = ""
    if path is not None and record is not None:
        line, column = violation_position(record, v, result)
        at = dim(f"{path}:{line}:{column}") if line else ""
    lines = [f"{indent}{bad('✗')} " + "  ".join(x for x in (where, who, bad(v.code), at) if x)]
    if v.message_zh:
        lines.append(f"{indent}    {v.message_zh}")
    if v.message_en:
        lines.append(f"{indent}    {v.message_en}")
    if v.played and result is not None and play_left_out(v, result):     # filled in: derived, not played
        lines.append(f"{indent}    derived 推出  {cards_pretty(v.played)}  (not in the record 记录未写)")
    elif v.played:
        lines.append(f"{indent}    played 实出  {cards_pretty(v.played)}")
    if v.better:
        lines.append(f"{indent}    better 应出  {good(cards_pretty(v.better))}")
    return lines


def legal_text(h: HandResult) -> str:
    """``legal ✓`` only on everything the rules need; a violation count; or neither."""
    if h.legal:
        return good("legal 合规 ✓")
    if h.legal is None:       # no violation found, but not everything the rules need was there
        return dim("no violation found, legality not fully judged / 未发现违规，但未能完整判定")
    n = len(h.violations)
    return bad(f"{n} violation{'s' if n != 1 else ''} 违规 {n} 处")


def derived_lines(h: HandResult, indent: str = "    ") -> list[str]:
    """Each fact the record does not state that was derived, and from what (``tractor analyse``
    prints the same lines)."""
    return [f"{indent}derived 推出  {d.message_en} / {d.message_zh}" for d in h.derived]


def setting_lines(h: HandResult, indent: str = "    ") -> list[str]:
    """What the record does not state: each fact derived (and from what), each unknown (and what it withholds)."""
    lines = derived_lines(h, indent)
    lines += [f"{indent}{bad('?')} unknown 未知  [{u.tag}]  {u.message_en} / {u.message_zh}" for u in h.unknowns]
    return lines


def hand_lines(index: int, match: Match, h: HandResult, many_matches: bool, errors: int = 0,
               path: str | None = None, record: Hand | None = None) -> list[str]:
    """The hand's verdict, violations, points and outcome; ``errors``: parse errors inside the
    hand (printed above), which the verdict mentions: it rests on the plays that could be read."""
    head = f"hand {h.number} 第{h.number}局"
    if many_matches:
        head = f"match {index} · " + head
    if h.setup:
        head += " (position 残局)"
    verdict = legal_text(h)
    if errors:
        verdict += bad(f"  · {errors} parse error{'s' if errors != 1 else ''} above, the verdict is on what "
                       f"could be read / 上方有 {errors} 处记录错误，结论仅依据可读部分")
    lines = [f"  {strong(head)}  dealer 庄 {seat_label(h.dealer, match)}  level 级 {level_label(h.level)}  "
             f"trump 主 {trump_label(h.trump) if h.trump_known else '?'}  —  {verdict}"]
    lines.extend(setting_lines(h))
    for v in h.violations:
        lines.extend(violation_lines(v, match, path=path, record=record, result=h))
    lines.append(f"    points  得分  {points_text(h)}")
    lines.extend(penalty_lines(h, match))
    lines.append(f"    outcome 结果  {outcome_text(h, match)}")
    return lines


def file_title(v: FileVerdict) -> str:
    title = strong(v.path)
    if len(v.matches) == 1:
        m = v.matches[0]
        bits = [b for b in (m.event, f"round {m.round}" if m.round else None,
                            f"table {m.table}" if m.table else None, m.date) if b]
        if bits:
            title += dim("  " + " · ".join(bits))
    return title


def print_file(v: FileVerdict) -> None:
    """One file's diagnostics, then its hands (files are printed as they are checked)."""
    for d in v.errors:
        click.echo(located(d, v.path))
    if v.encoding_note:                    # a GBK or Big5 record: say which was used (and any doubt)
        click.echo(dim(f"{v.path}: encoding 编码: {v.encoding_note}"))
    if not v.readable or (v.errors and not v.hands):
        return                             # nothing to show beyond the errors above
    click.echo(file_title(v))
    many = len(v.matches) > 1
    errors_in: dict[int | None, int] = {}
    for d in v.errors:
        errors_in[d.hand] = errors_in.get(d.hand, 0) + 1
    for i, m, h, record in v.hands_with_records:
        for line in hand_lines(i, m, h, many, errors_in.get(h.number, 0), path=v.path, record=record):
            click.echo(line)
    for r, m in zip(v.results, v.matches):
        for p in (r.problems if r is not None else ()):
            for line in violation_lines(p, m, indent="  ", where="match 比赛"):
                click.echo(line)
        decided = match_text(r) if r is not None else None
        if decided:
            click.echo(f"  match 比赛  {decided}")
    if not v.hands and not v.errors:
        click.echo(dim("  no hands / 没有牌局"))


def summary_text(files: int, hands: int, violations: int, errors: int) -> str:
    def n(count: int, word: str) -> str:
        return f"{count} {word}{'s' if count != 1 else ''}"

    text = (f"{n(files, 'file')}, {n(hands, 'hand')}, {n(violations, 'violation')}, {n(errors, 'error')} "
            f"/ {files} 个文件，{hands} 局，{violations} 处违规，{errors} 个错误")
    return bad(text) if violations or errors else good(text)


# --- a big JSON Lines file, a match at a time ------------------------------------

def open_streamed(path: str, fmt: str | None, max_bytes: int | None):
    """The :class:`~tractor_analysis.records.streaming.StreamedFile` of ``path`` (``None`` when it is
    no regular file, or cannot be opened: :func:`check_file` reports that)."""
    import os

    from tractor_analysis.records.limits import DEFAULT_MAX_BYTES
    from tractor_analysis.records.streaming import StreamedFile

    if not path or not os.path.isfile(path):
        return None
    try:
        return StreamedFile(path, fmt.lower() if fmt else None, max_bytes or DEFAULT_MAX_BYTES)
    except Exception:         # noqa: BLE001 - check_file reads it again and reports what went wrong
        return None


class _Spool:
    """JSON values written one after another, kept on disk past 1 MiB: one list of the document."""

    def __init__(self) -> None:
        import tempfile

        self.file = tempfile.SpooledTemporaryFile(1 << 20, mode="w+", encoding="utf-8")
        self.count = 0

    def add(self, value) -> None:
        self.file.write((", " if self.count else "") + json.dumps(value, ensure_ascii=False))
        self.count += 1

    def echo(self) -> None:
        self.file.seek(0)
        for chunk in iter(lambda: self.file.read(1 << 16), ""):
            click.echo(chunk, nl=False)
        self.file.close()


def check_streamed(stream, path: str, rules: RuleChoice, as_json: bool, first: bool) -> tuple[int, int, int, int]:
    """Check a streamed file a match at a time, printing as :func:`file_json_chunks` / :func:`print_file`
    would (the ``--json`` document is the same; the text prints each match as it is checked and
    the file's errors after them); ``(hands, violations, errors, exit code)``."""
    from tractor_analysis.engine.replay import record_pairs, replay_match

    hands_s, problems_s, matches_s, engine_s = _Spool(), _Spool(), _Spool(), _Spool()
    parsed: list[Diagnostic] = []
    hands = violations = engine = 0
    index = 0
    if not as_json:
        click.echo(strong(path))
    for piece in stream:
        parsed.extend(piece.diagnostics)
        for match in piece.matches:
            try:
                r: MatchResult | None = replay_match(match, rules.for_match(match))
            except Exception as exc:  # an engine bug must not hide the other matches' verdicts
                r = None
                engine += 1
                engine_s.add(error_json(Diagnostic(
                    "engine_error", f"could not replay match {index}: {type(exc).__name__}: {exc} "
                    f"/ 无法复盘此记录（程序错误，请报告）", match.hands[0].line if match.hands else 0, 0)))
            if r is not None:
                hands += len(r.hands)
                violations += sum(len(h.violations) for h in r.hands) + len(r.problems)
                if as_json:
                    for record, h in record_pairs(match, r):
                        hands_s.add(hand_json(index, h, record))
                    for p in r.problems:
                        problems_s.add(violation_json(p))
                    matches_s.add(match_json(index, r))
                else:
                    _print_match(index, match, r, piece.diagnostics, path)
            index += 1
    errors = stream.leading + parsed + stream.trailing
    if as_json:
        click.echo(("," if not first else "") + "\n" + '{"path": ' + json.dumps(path, ensure_ascii=False)
                   + ', "errors": [' + ", ".join(json.dumps(error_json(d), ensure_ascii=False) for d in errors)
                   + (", " if errors and engine else ""), nl=False)
        engine_s.echo()
        click.echo('], "hands": [', nl=False)
        hands_s.echo()
        if problems_s.count:
            click.echo('], "problems": [', nl=False)
        problems_s.echo()
        click.echo('], "matches": [', nl=False)
        matches_s.echo()
        click.echo("]}", nl=False)
    else:
        for d in errors:
            click.echo(located(d, path))
        if stream.encoding_note:
            click.echo(dim(f"{path}: encoding 编码: {stream.encoding_note}"))
        if not hands and not errors and not engine:
            click.echo(dim("  no hands / 没有牌局"))
    n_errors = len(errors) + engine
    code = EXIT_UNREADABLE if n_errors else EXIT_VIOLATION if violations else EXIT_OK
    return hands, violations, n_errors, code


def _print_match(index: int, match: Match, r: MatchResult, diags: tuple[Diagnostic, ...], path: str) -> None:
    """The hands of one match of a streamed file, as :func:`print_file` prints them."""
    from tractor_analysis.engine.replay import record_pairs

    errors_in: dict[int | None, int] = {}
    for d in diags:
        errors_in[d.hand] = errors_in.get(d.hand, 0) + 1
    for record, h in record_pairs(match, r):
        for line in hand_lines(index, match, h, True, errors_in.get(h.number, 0), path=path, record=record):
            click.echo(line)
    for p in r.problems:
        for line in violation_lines(p, match, indent="  ", where="match 比赛"):
            click.echo(line)
    decided = match_text(r)
    if decided:
        click.echo(f"  match 比赛  {decided}")


@click.command("check", context_settings=CONTEXT)
@click.argument("paths", nargs=-1, required=True, metavar="FILE...")
@rules_options
@from_option
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON document (the fixed field names of docs/format.md) instead of text.")
@max_bytes_option
def check(paths: tuple[str, ...], preset: str | None, rule_pairs: tuple[tuple[str, str], ...],
          source_format: str | None, as_json: bool, max_bytes: int) -> None:
    """Check records: parse every FILE, replay every hand by the rules, report.

    The rules are those of docs/rules.md; each violation names its code, and
    docs/rules.md §13 lists the section each code enforces.

    FILE may be a record (.tgn, .json, .jsonl, also gzipped; the 80fen contest
    NDJSON and Botzone match logs are recognised by their shape, or forced
    with --from 80fen / --from botzone), a folder
    (read recursively) or a glob.  For each hand: the verdict, each violation with
    the better play the player held, the points breakdown (tricks, bottom ×
    multiplier, penalties, total, claim) and the outcome (winner, levels,
    next dealer).  Parse errors print as path:line:column: message.

    \b
    Exit status:
      0  every hand parsed and legal
      1  a violation was found (illegal play, wrong claim, bad bury, …)
      2  a file could not be read or parsed (the other files are still checked)
      130  interrupted (Ctrl-C)

    \b
    Examples:
      tractor check sample_logs/
      tractor check game.tgn --json > verdict.json
      tractor check 'logs/*.tgn' --rules tournament
      tractor check game.tgn --rule bottom_multiplier=pair_doubling
      tractor check --from 80fen contest.ndjson.gz --rules 80fen
    """
    choice = RuleChoice(preset.lower() if preset else None, rule_pairs)
    # Stream: each file is printed as soon as it is checked, so memory stays flat on big batches.
    worst, files, hands, violations, errors = EXIT_OK, 0, 0, 0, 0
    if as_json:
        click.echo('{"files": [', nl=False)
    for path in expand_inputs(paths):
        stream = open_streamed(path, source_format, max_bytes)
        if stream is not None and stream.streamed:      # a big JSON Lines file: a match at a time
            counts = check_streamed(stream, path, choice, as_json, files == 0)
            files += 1
            hands, violations, errors = hands + counts[0], violations + counts[1], errors + counts[2]
            worst = max(worst, counts[3])
            continue
        whole = None if stream is None else Loaded(path, tuple(stream.whole.matches),
                                                   tuple(stream.whole.diagnostics), True, stream.whole.encoding_note)
        v = check_file(path, choice, source_format, max_bytes, whole)
        if as_json:
            click.echo(("," if files else "") + "\n", nl=False)
            for chunk in file_json_chunks(v):
                click.echo(chunk, nl=False)
        else:
            print_file(v)
        files += 1
        hands += len(v.hands)
        violations += v.violations
        errors += len(v.errors)
        worst = max(worst, v.exit_code)
    if as_json:
        click.echo("\n]}")
    else:
        click.echo(summary_text(files, hands, violations, errors))
    click.get_current_context().exit(worst)

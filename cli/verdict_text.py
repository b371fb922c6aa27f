"""A verdict for people, in text: the lines ``tractor check`` prints for a hand and a match (the
points, the outcome, the violations with ``path:line:column``, what was derived or is unknown),
which ``tractor replay`` and ``tractor analyse`` print too.  Bilingual, English and 中文."""
from __future__ import annotations

from tractor_analysis.records.cards import SEAT_TOKENS, TEAMS
from tractor_analysis.records.locate import violation_position
from tractor_analysis.records.hand_numbers import hand_names
from tractor_analysis.engine.claimed_end import total_decides
from tractor_analysis.engine.record_gaps import play_left_out
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.engine.explain_hand import (cards_left, describe_levels, level_penalty_text, match_decision_text,
                                                  not_scored, results_withheld_text)
from tractor_analysis.engine.explain_readings import forfeit_not_known_result, forfeit_words
from tractor_analysis.engine.explain_stopped import legal_so_far, match_line_every_finish
from tractor_analysis.engine.outcome import REVOKE_CODES, gain_words
from tractor_analysis.engine.scoring import FORFEIT_NOT_KNOWN, NO_RESULT, decide_match, stops_void
from tractor_analysis.engine.verdicts import RECORD_NOTE, HandResult, MatchResult, Violation, record_note
from tractor_analysis.engine.derived_in_place import derived_in_place

from .check_json import hand_side_penalties, score_sheet_hand
# record_text lives in .common (every command's terminal lines use it); check takes it from here too
from .common import bad, cards_pretty, dim, good, level_label, record_text, seat_label, strong, trump_label


def match_name(index: int) -> str:
    """How the lines a person reads name match ``index`` (from 0: ``check --json``'s ``match``) of a file holding
    several: ``match #n``, ``n`` its place in the file counted from 1 — as ``tractor stats`` names it (``games.jsonl
    #2``), and the standings' notes and the report (docs/format.md).  The JSON keeps the index from 0."""
    return f"match #{index + 1}"


def match_text(r: MatchResult) -> str | None:
    """One line on who won and how, in the standings' wording (``explain_hand.match_decision_text``);
    ``None`` for a record with no finished hand (a position decides nothing)."""
    if r.forfeited:
        en, zh = forfeit_words(r.forfeit_reasons, r.forfeit_reason_open,
                               r.hands[0].rules.revoke_forfeit if r.hands else None)
        return bad(f"{en} / {zh}")
    team, how = decide_match(r)
    if how == NO_RESULT[0]:
        # no hand gives a result: a record of positions decides nothing (no line) — but a hand played whose result
        # is withheld leaves the match not decided, said so
        withheld = [h.number for h in r.hands if h.outcome is None and "outcome" in h.withheld]
        return strong(" / ".join(results_withheld_text(withheld))) if withheld else None
    if team is not None and r.stopped_at is not None and how in ("higher level", "holding the deal"):
        # decided by the levels though the record stops inside its last hand: every reading of it (or it void)
        en, zh = match_line_every_finish(TEAMS[team], r.hands[r.stopped_at].number, how, stops_void(r.hands[0].rules))
        return strong(f"{en} / {zh}")
    en, zh = (forfeit_not_known_result() if how == FORFEIT_NOT_KNOWN
              else match_decision_text(None if team is None else TEAMS[team], how))
    return strong(f"{en} / {zh}")


def _penalty_text(h: HandResult, match: Match, record: Hand | None) -> str:
    """The levels the hand's wrong follows and take-backs (悔牌) cost each side (docs/rules.md §10.1,
    §10.2; included in the levels after it), worded by :func:`explain_hand.level_penalty_text`: by team
    (``NS −1 / 南北 −1``), in friend mode by the hand's side (``N+E −1 / 北家、东家 −1``).  ``record``
    the hand's (friend mode counts its take-backs from it; without it they are not guessed)."""
    sides = hand_side_penalties(h, record)
    text = ""
    revokes = level_penalty_text(sides or (), 1, h.rules.friend)
    if sides is None and h.rules.friend and any(v.code in REVOKE_CODES for v in h.violations):
        revokes = ("?", "?")            # no record to count them from: not guessed
    if revokes is not None:
        text += f"; revoke penalty 罚级 {revokes[1]} / {revokes[0]}"
    unread = any(u.tag == "Takebacks" for u in h.unknowns)     # a take-back's seat not known: its side unknown
    takebacks = level_penalty_text(sides or (), 2, h.rules.friend)
    if takebacks is not None or unread:          # 悔牌 (docs/rules.md §10.2), included in the levels above
        zh, en = takebacks or ("", "")
        if unread:
            # a word that is no seat (not sure to be one take-back), or "?" (one each, its seat not known)
            seats = record.takeback_seats_unknown if record is not None and record.takebacks_counted else 0
            en += (", " if en else "") + (f"? ×{seats} (seat not known 座位未知)" if seats
                                           else "? (a seat not read 座位无法识别)" if record is not None
                                           else "? (seat not known 座位未知)")
            zh += ("，" if zh else "") + (f"？×{seats}" if seats else "？")
        text += f"; take-back penalty 悔牌罚级 {en} / {zh}"
    if text and any(d.fact == "penalties_due" for d in h.derived):
        # the record stops inside the hand: the penalty is due at its end, which it does not reach (§10.1)
        text += " (due at the hand's end, not reached: no level lost / 本局打完后才罚，记录未到：不降级)"
    return text


_SAID_BY_RESULT = frozenset({"truncated_file"})
"""Match unknowns the match's result line words in full already ("not decided: the file is damaged …")."""


def match_unknown_lines(r: MatchResult, indent: str = "  ", where: str = "match 比赛") -> list[str]:
    """What every reading of the record derives about the match as a whole (``check --json``'s match
    ``"derived"``: the ``winner`` by the levels when a final level is not known), then what it leaves unknown
    (``"unknown"``: ``friend`` — friend mode's forfeit, whose count the rules do not place —, ``Takebacks``,
    ``Trump`` …), and what each withholds, as a hand's are shown; ``truncated_file`` is said by the match's
    result line (:func:`match_text`).  ``where``: how the lines name the match (``match 2 比赛`` in a file of several)."""
    return ([f"{indent}derived 推出  {where}  " + record_text(f"{d.message_en} / {d.message_zh}")
             for d in r.derived]
            + [f"{indent}{bad('?')} {where}  unknown 未知  [{u.tag}]  "
               + record_text(f"{u.message_en} / {u.message_zh}")
               for u in r.unknowns if u.tag not in _SAID_BY_RESULT])


def outcome_text(h: HandResult, match: Match, record: Hand | None = None) -> str:
    o = h.outcome
    # the levels lost to penalties are said whenever check --json gives them (revoke_levels, takeback_levels,
    # side_penalties), with no outcome too: the offender's side can be known when the dealer is not
    if o is None and "outcome" in h.withheld:
        return dim("? withheld (see 未知 above) / 不予判定（见上方“未知”）") + _penalty_text(h, match, record)
    if o is None and not h.setup:
        goes_on = record is not None and bool(match.hands) and record is not match.hands[-1]
        zh, en = not_scored(h.violations, record.tricks if record is not None else None, goes_on)
        return dim(f"{en}, no outcome / {zh}，不计结果") + _penalty_text(h, match, record)
    if o is None:
        return dim("incomplete position, no outcome / 残局未打完，不计升级") + _penalty_text(h, match, record)
    zh, en = describe_levels(o.winner, o.levels, o.reason)
    # a rank that may not be skipped stopped the gain: said, and by what — the fact check --json's
    # outcome.capped gives (outcome.gain_caps)
    # (and, the side's level before not known, the gain a cap may stop short said as a most: outcome.gain_open)
    zh, en = gain_words(h, (zh, en))
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
    text = f"{what}; next dealer 下庄 {nxt}; levels 级 {levels}" + _penalty_text(h, match, record)
    if o.match_over:
        text += "; " + strong("match won / 比赛结束")
    return text


def points_text(h: HandResult) -> str:
    if score_sheet_hand(h):     # a score sheet's hand: nothing was played
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
    elif h.bottom_decided and h.bottom_multiplier is not None:
        parts.append(dim(f"bottom 底分 {h.bottom_points} not captured 未抠底"))
    elif not h.bottom_points and (h.complete or cards_left(h.violations)):
        # every trick recorded, who took the bottom in doubt (the readings of a miscopied line, play or bury differ
        # in the last trick's winner): it holds no points, so it adds none either way
        parts.append(dim("bottom 底分 0, no points in it: adds none whoever took it 底牌无分，无论谁抠底都不加分"))
    else:
        parts.append(dim(f"bottom 底分 {h.bottom_points} not decided, {_why_open(h)}"))
    if h.penalties:
        parts.append(f"penalties 罚分 {h.penalties:+d}")
    text = " + ".join(parts) + f" = {strong(str(h.attackers_total))}"
    if h.bottom_points and not h.bottom_multiplier and not h.bottom_decided:
        # (check --json's attackers_total leaves out a bottom not decided: bottom_multiplier, bottom_bonus null)
        text += dim(" without the bottom 未计底分")
    if h.claim is not None:
        if h.scored_by_claim:           # the record stops between tricks: the claim is the hand's result
            mark = dim("the hand's result, the record ends first; within what the cards left allow "
                       "本局结果（记录先结束；在余牌可得范围内）")
        elif (h.claim_matches is None and h.tricks and not h.complete and not total_decides(h.rules)
              and not cards_left(h.violations)):     # (every trick recorded, the deal and plays disagreeing: below)
            # (docs/rules.md §7.4: a claim is a stopped record's result only where the total alone decides)
            mark = dim(f"not checked, {_why_open(h, '未核对')}; not the hand's result: under these rules a penalty or a "
                       "level lost for a fault in the tricks not recorded could change it 不作为本局结果：本规则下，"
                       "未记录各轮中的犯规所致罚分或降级可能改变结果")
        elif h.claim_matches is None:   # the record ends first: the claim is the hand's total, not checked
            mark = dim(f"not checked, {_why_open(h, '未核对')}")
        else:
            mark = good("✓") if h.claim_matches else bad("✗ differs 不符")
        text += f"   claim 记录 {h.claim} {mark}"
    return text


def _why_open(h: HandResult, zh_head: str = "未定") -> str:
    """Why a hand's bottom or claim is left open: the record ends first, its deal and plays do not
    agree (cards left after the last trick: :func:`~tractor_analysis.engine.explain_hand.cards_left`), or no
    trick of it is read."""
    if cards_left(h.violations):
        return f"the deal and the plays do not agree {zh_head}（发牌与出牌不符）"
    if not h.tricks:            # no trick of the hand read: not a record that stops inside it
        return f"no trick of this hand is read {zh_head}（本局没有读到任何一轮）"
    return f"the record ends first {zh_head}（记录先结束）"


def _owed_words(v: Violation) -> str:
    """``v``'s owed play: ``better``, or — where the rules leave the choice open between equal plays (docs/rules.md
    §4.5) — every one, "♥7 or ♦7 / ♥7 或 ♦7", never one of them picked."""
    if v.better_choices:
        return (" or ".join(cards_pretty(c) for c in v.better_choices) + " / "
                + " 或 ".join(cards_pretty(c) for c in v.better_choices))
    if v.better_example:        # one example of plays not all equal that meet the duty (docs/rules.md §5.5)
        return f"for example 例如 {cards_pretty(v.better)}"
    return cards_pretty(v.better)


def penalty_lines(h: HandResult, match: Match, indent: str = "      ") -> list[str]:
    """Why the attackers' total has penalties: each failed throw punished (``throw_penalty =
    per_card``) — the trick, the thrower, the cards shown and the cards forced (and the forced play the
    rules require, which the count is charged from, when the record wrote another)."""
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
                owed = next((v for v in t.violations if v.code == "wrong_forced_play" and v.seat == t.leader
                             and v.better), None)
                if owed is not None:        # charged from the forced play the rules require (rules.md §4.6)
                    shown += f" (the rules require 规则要求 {_owed_words(owed)})"
            else:
                shown = f"; {who} led 出 {cards_pretty(lead.cards)}"
        out.append(f"{indent}penalty 罚分 {item.points:+d}  {record_text(f'{item.en} / {item.zh}')}{shown}")
    return out


RECORD_MARK = "✎ record 记录"
"""The mark of a finding about the record alone (``check --json`` ``"about": "record"``), in place of a
violation's ✗: the scorer's copy is wrong, no seat is faulted."""
RECORD_WORDS = " / ".join(RECORD_NOTE)
"""The note of a finding about the record's own error (:func:`record_words`: a platform referee's verdict has its own)."""


def record_words(v: Violation) -> str:
    """The note under a finding about the record alone: what it is (``English / 中文``) — the record's own error, to
    be corrected, or a platform referee's verdict other than the engine's (``referee_mismatch``: the log is not
    shown wrong; :func:`~tractor_analysis.engine.verdicts.record_note`)."""
    return " / ".join(record_note(v.code))


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
        at = dim(record_text(f"{path}:{line}:{column}")) if line else ""
    if v.of_record:         # the scorer's copy is wrong, not a seat's act: no ✗, no penalty, no ruling
        lines = [f"{indent}{strong(RECORD_MARK)} " + "  ".join(x for x in (where, who, v.code, at) if x),
                 f"{indent}    {dim(record_words(v))}"]
    else:
        lines = [f"{indent}{bad('✗')} " + "  ".join(x for x in (where, who, bad(v.code), at) if x)]
    if v.message_zh:
        lines.append(f"{indent}    {record_text(v.message_zh)}")
    if v.message_en:
        lines.append(f"{indent}    {record_text(v.message_en)}")
    if v.played and result is not None and play_left_out(v, result):     # filled in: derived, not played
        lines.append(f"{indent}    derived 推出  {cards_pretty(v.played)}  (not in the record 记录未写)")
    elif v.played and result is not None and (read := derived_in_place(v, result)) is not None:
        # the play as written cannot be what was played (the decks prove it miscopied): the derived one was
        lines.append(f"{indent}    played (derived) 实出（推出） {cards_pretty(read)}; "
                     f"written 记录为 {cards_pretty(v.played)}")
    elif v.played:
        lines.append(f"{indent}    {_cards_label(v)}  {cards_pretty(v.played)}")
    if v.better:        # (equal plays the rules leave open, docs/rules.md §4.5: every one, none picked)
        lines.append(f"{indent}    better 应出  {good(_owed_words(v))}")
    return lines


_HAND_CARDS_LABELS = {"bad_declaration": "declared 亮出", "bad_bury": "buried 扣底",
                      "deal_mismatch": "left in hand 剩牌"}
"""What the cards of a violation about the whole hand are (not a play): the declaration shown, the
bury, the cards a seat still holds after the last trick."""


def _cards_label(v: Violation) -> str:
    """The label of ``v.played``: the play of a trick ("played 实出"); for a violation of the whole
    hand what its cards are instead — a declaration is not a play."""
    if v.trick is None and v.of_record and v.code == "bad_bury":       # the line's cards, no bury anyone made
        return "Buried: line as written 记录的扣底行"
    if v.trick is None:
        return _HAND_CARDS_LABELS.get(v.code, "cards 牌")
    return "played 实出"


def _legal_mark(h: HandResult) -> str:
    """``legal 合规 ✓`` of a hand played out; of a record that stops before its hand's end (``complete`` false: a
    hand cut short, a position not played out), legal as far as it is recorded, and where it stops — the plays
    it leaves out were never judged (:func:`~tractor_analysis.engine.explain_stopped.legal_so_far`: the report's
    pages say the same)."""
    so_far = legal_so_far(h)
    if so_far is None:
        return "legal 合规 ✓"
    zh, en = so_far
    return f"{en} / {zh}"


def legal_text(h: HandResult) -> str:
    """``legal ✓`` only on everything the rules need; a violation count; or neither — and the findings
    about the record alone, counted apart (no player's violation)."""
    k = len(h.record_findings)
    found = strong(f"  · {k} record finding{'s' if k != 1 else ''} 记录问题 {k} 处") if k else ""
    if h.legal:
        return good(_legal_mark(h)) + found
    if h.legal is None:       # no violation found, but not everything the rules need was there
        return dim("no violation found, legality not fully judged / 未发现违规，但未能完整判定") + found
    n = len(h.play_violations)
    text = bad(f"{n} violation{'s' if n != 1 else ''} 违规 {n} 处")
    if not h.legality_known:    # an unknown withholds whether other plays were legal: not all of them judged
        text += dim(", legality not fully judged / 合法性未能完整判定")
    return text + found


def derived_lines(h: HandResult, indent: str = "    ") -> list[str]:
    """Each fact the record does not state that was derived, and from what (``tractor analyse``
    prints the same lines)."""
    return [f"{indent}derived 推出  " + record_text(f"{d.message_en} / {d.message_zh}") for d in h.derived]


def setting_lines(h: HandResult, indent: str = "    ") -> list[str]:
    """What the record does not state: each fact derived (and from what), each unknown (and what it withholds)."""
    lines = derived_lines(h, indent)
    lines += [f"{indent}{bad('?')} unknown 未知  [{u.tag}]  " + record_text(f"{u.message_en} / {u.message_zh}")
              for u in h.unknowns]
    return lines


def hand_lines(index: int, match: Match, h: HandResult, many_matches: bool, errors: int = 0,
               path: str | None = None, record: Hand | None = None) -> list[str]:
    """The hand's verdict, violations, points and outcome; ``errors``: parse errors inside the
    hand (printed above), which the verdict mentions: it rests on the plays that could be read."""
    head = " ".join(hand_names(match.hands, record, h.number))
    if many_matches:
        head = f"{match_name(index)} · " + head
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
    lines.append(f"    outcome 结果  {outcome_text(h, match, record)}")
    return lines

"""A verdict for people, in text: the lines ``tractor check`` prints for a hand and a match (the
points, the outcome, the violations with ``path:line:column``, what was derived or is unknown),
which ``tractor replay`` and ``tractor analyse`` print too.  Bilingual, English and 中文."""
from __future__ import annotations



from tractor_analysis.records.cards import SEAT_TOKENS, TEAMS
from tractor_analysis.records.locate import violation_position
from tractor_analysis.engine.record_gaps import play_left_out
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.engine.explain_hand import describe_levels, forfeit_text, match_decision_text, not_scored
from tractor_analysis.engine.scoring import NO_RESULT, decide_match
from tractor_analysis.engine.verdicts import HandResult, MatchResult, Violation

from .check_json import score_sheet_hand
from .common import bad, cards_pretty, dim, good, level_label, seat_label, strong, trump_label



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

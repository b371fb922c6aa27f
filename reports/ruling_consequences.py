"""What the ruleset makes of a violation, on the printed ruling (``tractor ruling``): the consequence lines.

A wrong follow's level and the match's count towards a forfeit (friend mode: the offender's side in this hand),
a failed throw's penalty, a take-back's level, a 多少牌 hand decided by who miscounted, the corrected score — or, where
the consequence rests on a fact the record does not state, "not ruled on" and why; a play the record leaves out is
said to be derived.  (:func:`consequences`; :mod:`.ruling` lays the page out.)
"""
from __future__ import annotations

from tractor_analysis.engine.hand_replay import describe_outcome
from tractor_analysis.engine.outcome import REVOKE_CODES
from tractor_analysis.engine.record_gaps import play_left_out
from tractor_analysis.engine.required_trick import throw_decision
from tractor_analysis.engine.verdicts import WITHHELD, HandResult, Unknown, Violation
from tractor_analysis.records.cards import SEAT_NAMES_ZH, SEAT_TOKENS, team_of
from tractor_analysis.records.rulesets import RevokePenalty, ThrowPenalty

from .hand_page import TEAM_NAMES as TEAM_EN

MISCOUNT_CODES = frozenset({"wrong_count", "not_in_hand", "deal_mismatch", "bad_bury"})
"""Findings that mean a player held or played a wrong number of cards (多少牌, docs/rules.md §10.3)."""


TEAM_ZH = ("南北方", "东西方")


def derived_play(v: Violation, result: HandResult) -> tuple[str, str] | None:
    """``v``'s play is one the record leaves out of its trick (engine/record_gaps.py: found the same
    in every way of filling it in that fits the record): (中文, English) saying it is derived, and from
    what; ``None`` when the record gives it."""
    if not play_left_out(v, result):
        return None
    seat = SEAT_TOKENS[v.seat]
    zh_seat = SEAT_NAMES_ZH[v.seat]
    if any(d.fact == "play" for d in result.derived):
        return (f"推出：记录未写{zh_seat}本轮的出牌，由其后的出牌与发牌推出（见“记录未写明的事实”）",
                f"derived: the record leaves {seat}'s play in this trick out; it follows from {seat}'s later "
                "plays and deal line (see what the record does not state)")
    return (f"推出：记录未写{zh_seat}本轮的出牌；每种与记录相符的补法都是这一手",
            f"derived: the record leaves {seat}'s play in this trick out; every way of filling it in that fits "
            "the record gives this play")


def miscounted(v: Violation, result: HandResult) -> bool:
    """The hand was decided by 多少牌 (``miscount = level``) and ``v`` is about a miscounting seat."""
    o = result.outcome
    return (o is not None and o.reason == "miscount" and v.code in MISCOUNT_CODES
            and (v.seat is None or v.seat in o.miscount))


def _friend_revoke(v: Violation, result: HandResult) -> list[tuple[str, str]]:
    """A wrong follow's level penalty in friend mode (找朋友, docs/rules.md §10.1, §11): it falls on the
    offender's side in this hand — its players each lose a level — and no team keeps a count: who a
    forfeit would fall on is not known (the match withholds it once the count is reached)."""
    side = (result.defenders if v.seat in result.defenders else frozenset(range(4)) - result.defenders) \
        if result.defenders else None
    if side is None:
        lines = [("跟牌错误：犯规者一方本局结束时降一级；本局双方未知，无法指明是哪几家",
                  "wrong follow: the offender's side loses one level at the end of the hand; the sides of "
                  "this hand are not known, so which players is not known")]
    else:
        seats = sorted(side)
        lines = [(f"跟牌错误：本局犯规者一方（{'、'.join(SEAT_NAMES_ZH[s] for s in seats)}）本局结束时各降一级",
                  f"wrong follow: the offender's side in this hand ({'+'.join(SEAT_TOKENS[s] for s in seats)}) "
                  "each lose one level at the end of the hand — docs/rules.md §10.1, §11")]
    if rules_forfeit := result.rules.revoke_forfeit:
        lines.append((f"找朋友：双方每局不同，没有一方累计跟牌错误次数：累计 {rules_forfeit} 次是否判负、判谁负，此处不予裁定",
                      f"friend mode: the sides change every hand, so no side keeps a count of wrong follows: "
                      f"whether {rules_forfeit} in a match forfeit it, and whose, is not ruled on here "
                      "(docs/rules.md §11)"))
    return lines


def consequences(v: Violation, result: HandResult, earlier_revokes: int = 0,
                 unread_takebacks: int = 0, earlier_known: bool = True,
                 stopped: bool = False) -> tuple[tuple[str, str], ...]:
    """What the hand's ruleset makes of ``v``: (中文, English) lines (``unread_takebacks``: take-backs
    of the hand whose seat cannot be read, :func:`takeback_line`; ``earlier_known`` false: the record begins after
    the match's first hand, so the wrong follows before it are not known — only a least count; ``stopped``: the
    match's last hand, which its record stops inside with no result from a ``[Claim]`` — void or played out, the
    match decided only where both agree (docs/rules.md §8.5): a level lost or a forfeit at its end is the
    played-out reading's only, and said so)."""
    rules = result.rules
    lines: list[tuple[str, str]] = []
    team = team_of(v.seat) if v.seat is not None else None
    # what the consequence rests on: a failed throw's penalty on the sides and its sign, a corrected
    # score on the points; anything else on the whole result
    if v.code in ("throw_failed", "wrong_forced_play"):
        needs = {"sides", "penalties", "points", "bottom"}
    elif v.code == "claim_mismatch":
        needs = {"sides", "points", "bottom"}
    elif v.code == "after_match_end":       # the hand counts for nothing, whatever its result
        needs = set()
    else:
        needs = {"sides", "penalties", "points", "bottom", "outcome", "levels"}
    if result.attackers_total is not None:
        # the total is known without the bottom's points (not captured: `check`'s "not given, not needed"):
        # nothing here rests on them — never "not ruled on: the bottom's points (and so the attackers' total)"
        # beside the total ruled on (a referee's tester)
        needs.discard("bottom")
    withheld = result.withheld & needs
    if withheld and v.code not in REVOKE_CODES:
        if v.code in ("throw_failed", "wrong_forced_play") and penalty_known(result):
            # the penalty rests on the sides and the count only: what the ruleset makes of the fault is
            # ruled on; only the total it goes into (with the bottom …) waits on the unknown
            lines.extend(throw_penalty_lines(v, result))
            needs = needs - {"sides", "penalties"}
        # what rests on an unknown fact (the dealer …) is not ruled on: the engine withheld it; the
        # fact itself is told in full once, in the page's "what the record does not state"
        for u in result.unknowns:
            if needs & set(u.withheld):
                lines.append(not_ruled_on(u, needs))
        return tuple(lines)
    if v.code in REVOKE_CODES:
        if rules.revoke_penalty is RevokePenalty.LEVEL and rules.friend and v.seat is not None:
            lines.extend(_friend_revoke(v, result))
        elif rules.revoke_penalty is RevokePenalty.LEVEL and team is not None:
            mine = [w for w in result.violations if w.code in REVOKE_CODES and w.seat is not None
                    and team_of(w.seat) == team]
            nth = earlier_revokes + next((i for i, w in enumerate(mine) if w is v), len(mine) - 1) + 1
            if earlier_known:
                count_zh, count_en = f"本场第 {nth} 次", f"their wrong follow no. {nth} in the match"
            else:       # (a tester: "no. 1" in a record begun at hand 4, where the whole match had 3 before it)
                count_zh = f"记录不含本场此前各局，此前的跟牌错误次数未知：至少是第 {nth} 次"
                count_en = (f"the match's earlier hands are not in the record, so how many wrong follows came before "
                            f"is not known: at least no. {nth}")
            lines.append((
                f"跟牌错误：{TEAM_ZH[team]}本局结束时降一级（{count_zh}）",
                f"wrong follow: {TEAM_EN[team]} lose one level at the end of the hand "
                f"({count_en}) — docs/rules.md §10.1"))
            total = hand_revoke_total(result)
            if total is not None:
                lines.append(total)
            if result.levels_before[team] == result.levels_after[team] == 2:     # (a referee's tester: "2 → 2")
                lines.append(("级别不会降到 2 以下：在 2 级的一方仍为 2 级（docs/rules.md §10.1）",
                              "no level goes below 2: a side at 2 stays at 2 (docs/rules.md §10.1)"))
            if stopped:     # (a tester: the page stated the forfeit check and the standings withhold)
                lines.append(("本局是记录的最后一局，记录在本局中途结束、[Claim] 未给出结果："
                              "上述降级及下述判负仅在本局按打完计时适用；按中止计则本局不计——"
                              "比赛结果以两种读法一致者为准，见 tractor check（docs/rules.md §8.5）",
                              "the record stops inside this hand, its last, and no [Claim] gives its result: the level "
                              "above and a forfeit below apply only if the hand counts as played out; void, it does "
                              "not count — the match is decided only where both readings agree, see tractor check "
                              "(docs/rules.md §8.5)"))
            forfeit = rules.revoke_forfeit
            if forfeit and nth >= forfeit and stopped:
                lines.append((f"累计 {nth} 次跟牌错误：本局按打完计时{TEAM_ZH[team]}本场判负（不予裁定，见上）",
                              f"{nth} wrong follows: {TEAM_EN[team]} forfeit the match if the hand counts as played "
                              "out (not ruled on: see above)"))
            elif forfeit and nth >= forfeit:
                lines.append((f"累计 {nth} 次跟牌错误：{TEAM_ZH[team]}本场判负",
                              f"{nth} wrong follows: {TEAM_EN[team]} forfeit the match"))
            elif forfeit and not earlier_known:
                lines.append((f"累计 {forfeit} 次判负：本次是否达到，记录不能表明，不予判定",
                              f"{forfeit} in a match forfeit it: whether this one reaches it the record does not "
                              "show, so it is not ruled on"))
            elif forfeit:
                lines.append((f"累计 {forfeit} 次判负", f"{forfeit} in a match forfeit it"))
        elif derived_play(v, result) is not None:       # the record leaves the play out: not "as played"
            lines.append((
                "本规则对跟牌错误不罚分、不罚级：本轮按推出的出牌计算",
                "this ruleset has no penalty for a wrong follow (revoke_penalty = none): "
                "the trick counts with the play derived"))
        else:
            lines.append((
                "本规则对跟牌错误不罚分、不罚级：本轮按实际出牌计算",
                "this ruleset has no penalty for a wrong follow (revoke_penalty = none): "
                "the trick counts as played"))
    elif v.code in ("throw_failed", "wrong_forced_play"):
        lines.extend(throw_penalty_lines(v, result))
    elif miscounted(v, result):
        zh, en = describe_outcome(result)
        lines.append((f"多少牌：本局按多少牌判定，不按得分 — {zh}",
                      f"wrong number of cards (多少牌): the hand is decided by who miscounted, not by the "
                      f"points — {en} — docs/rules.md §10.3"))
    elif v.code == "claim_mismatch" and not result.complete:
        # a record that stops before the hand's end: the claim cannot be its total, and the recorded tricks' points
        # are not the total either (docs/rules.md §7.4): nothing to correct it to
        lines.append(("记录的得分不可能是本局总分（见上文）；记录先结束，本局总分未知，无从更正：记录须更正；"
                      "只有余下的牌可能给出的每个总分都得出同一结果时，才判定本局结果（见“推出”）",
                      "the recorded score cannot be the hand's total (see above); the record stops first, so the "
                      "total is not known and nothing to correct it to: the record is to be corrected; the hand's "
                      "result is ruled only where every total the cards left allow gives the same (see derived)"))
    elif v.code == "claim_mismatch":
        lines.append((f"记录的得分更正为 {result.attackers_total}",
                      f"the recorded score is corrected to {result.attackers_total}"))
    elif v.code == "level_mismatch":
        # not the record's finding (that gets no page): the table may have played the level written — a penalty it
        # did not apply, say (the message names it where the levels show it) — so nothing says the record is wrong
        lines.append(("本规则对此不罚分、不罚级：记录的级牌与规则所延续的级别不同，以何者为准由裁判裁定"
                      "（本工具按规则延续级别，见下）",
                      "no penalty in points or levels under this ruleset: the level the record gives differs from "
                      "the one the rules carry; the referee rules which stands (this tool carries the rules' levels, "
                      "below)"))
    elif v.code == "after_match_end":
        # a violation, not the record's finding (docs/rules.md §8.4, §13): the hand was played after the end —
        # nothing in the record to correct, the hand just counts for nothing
        lines.append(("本规则对此不罚分、不罚级：本局不计入比赛（其出牌照常判定），比赛的结果以结束时为准",
                      "no penalty in points or levels under this ruleset: the hand counts for nothing in the match "
                      "(its plays are judged); the match's result is the one it ended with"))
    elif v.code == "out_of_turn" and v.played:
        # a seat's play out of its turn (docs/rules.md §4.1): a table can make it, so it is no record finding (§13.1)
        # — nothing shows the record wrong: the trick is judged as the record writes it
        lines.append(("本规则对未按顺序出牌不罚分、不罚级：本轮按记录所写的出牌判定",
                      "no penalty in points or levels under this ruleset for a play out of turn: the trick is "
                      "judged as the record writes it"))
    else:
        lines.append(("本规则对此不罚分、不罚级：记录须更正",
                      "no penalty in points or levels under this ruleset: the record is to be corrected"))
    if result.revoke_levels != (0, 0) and v.code not in REVOKE_CODES:
        zh, en = _levels_lost(result.revoke_levels)
        lines.append((f"本局另有跟牌错误罚级：{zh}", f"wrong follows in this hand cost {en} level(s)"))
    line = takeback_line(result, unread_takebacks)
    if line is not None:
        lines.append(line)
    return tuple(lines)


def hand_revoke_total(result: HandResult) -> tuple[str, str] | None:
    """(中文, English): the levels all the hand's wrong follows cost each team (``check``'s ``revoke penalty``,
    ``revoke_levels``), included in the levels before → after — said where the hand has more than the one the page
    rules on, so the page read alone adds up (a tester: "go up 2 levels", "6 → 6", one level named); a play the
    record leaves out that may add more (``penalties_open``): the fewest and the most; ``None`` for one alone."""
    revokes = tuple(result.revoke_levels)
    most = tuple(result.penalties_open[0]) if result.penalties_open is not None else revokes
    if sum(most) <= 1:
        return None
    zh = "，".join(f"{TEAM_ZH[t]} −{revokes[t]}" + (f" 至 −{most[t]}" if most[t] != revokes[t] else "")
                  for t in (0, 1) if most[t])
    en = ", ".join(f"{TEAM_EN[t]} −{revokes[t]}" + (f" to −{most[t]}" if most[t] != revokes[t] else "")
                   for t in (0, 1) if most[t])
    open_zh = "（记录漏写的出牌定下是多少）" if most != revokes else ""
    open_en = " (a play the record leaves out decides how many)" if most != revokes else ""
    n, least = sum(revokes), "至少 " if most != revokes else ""
    return (f"本局跟牌错误罚级合计：{zh}{open_zh}（本局{least}共 {n} 次跟牌错误；已计入下面的级别“打前 → 打后”）",
            f"the levels this hand's wrong follows cost in all: {en}{open_en} ({'at least ' if least else ''}{n} "
            f"wrong follow{'s' if n != 1 else ''} in this hand; included in the levels before → after below)")


def penalty_known(result: HandResult) -> bool:
    """The hand's failed-throw penalties are known — their count and the side each counts for
    (``check --json``'s ``penalties`` is not null) — whatever else the record leaves unknown (the
    bottom …): a throw's consequence is then ruled on though the attackers' total is withheld."""
    return (result.penalties is not None and not {"sides", "penalties"} & result.withheld
            and bool(result.defenders))


def throw_penalty_lines(v: Violation, result: HandResult) -> list[tuple[str, str]]:
    """(中文, English): what the hand's ruleset makes of the failed throw ``v`` — its penalty item (the
    points the engine charged for its trick), or that it has none."""
    rules = result.rules
    penalty = [i for i in result.items if i.kind == "throw_penalty" and i.trick == v.trick]
    if rules.throw_penalty is ThrowPenalty.PER_CARD and penalty:
        return [(f"甩牌失败罚分：{item.zh}，计入闲家得分 {item.points:+d}",
                 f"failed-throw penalty: {item.en} = {item.points:+d} to the attackers' total "
                 f"— docs/rules.md §4.6") for item in penalty]
    if rules.throw_penalty is ThrowPenalty.PER_CARD:
        index = result.trick_index(v)       # by its place: two tricks may have one number (trick_sequence)
        trick = result.tricks[index] if index is not None and result.tricks[index].plays else None
        lead = trick.plays[0] if trick is not None else None
        attempted = () if lead is None else lead.attempted if lead.attempted is not None else lead.cards
        if v.code == "wrong_forced_play" and attempted and throw_decision(v, attempted).stands:
            # nothing failed to be thrown: the forced play the record writes is the table's error, not a charge
            return [("此甩牌本可成立：没有甩不出去的牌，不罚分（docs/rules.md §4.6）",
                     "the throw would have stood: no card of it failed to be thrown, so nothing is charged "
                     "— docs/rules.md §4.6")]
        return [("本轮甩牌没有应罚的张数（所甩张数减去规则要求改出的张数为 0，docs/rules.md §4.6）",
                 "no card of this throw is charged (the cards attempted less the forced play the rules "
                 "require: none) — docs/rules.md §4.6")]
    return [("本规则甩牌失败不罚分：只须改出强制出的牌",
             "no point penalty under this ruleset (throw_penalty = none): the forced play "
             "is the only consequence")]


def not_ruled_on(u: Unknown, needs: set[str]) -> tuple[str, str]:
    """(中文, English): what ``u`` (a fact the record does not state) withholds of what a consequence
    rests on (``needs``), pointing at the page's note that gives the fact in full."""
    what = [WITHHELD.get(w, (w, w)) for w in u.withheld if w in needs]
    zh_tag, en_tag = ("发牌行", "the deal lines") if u.tag == "deal" else (f"[{u.tag}]", f"[{u.tag}]")
    return (f"不予裁定：{'；'.join(zh for zh, _ in what)}——取决于记录未写明的 {zh_tag}（见上方“记录未写明的事实”）",
            f"not ruled on: {'; '.join(en for _, en in what)} — it rests on {en_tag}, which the record does "
            f"not state (see what the record does not state, above)")


def _levels_lost(levels: tuple[int, int]) -> tuple[str, str]:
    """(中文, English): the levels each side loses, ``(N–S, E–W)``, naming only a side that loses some — never
    "N–S −0" (a referee tester, session 22: a zero penalty shown)."""
    zh = "，".join(f"{team} −{n}" for team, n in zip(("南北", "东西"), levels) if n)
    en = ", ".join(f"{team} −{n}" for team, n in zip(TEAM_EN, levels) if n)
    return zh, en


def takeback_line(result: HandResult, unread: int) -> tuple[str, str] | None:
    """(中文, English): the levels take-backs (悔牌, ``takeback_penalty = level``, docs/rules.md §10.2)
    cost in this hand; ``None`` when none did.  A take-back whose seat the record does not let be read
    (``unread`` of them; the engine's ``Takebacks`` unknown) costs a side nobody knows: its cost is said
    to be not known, never counted as the other side's nothing."""
    ns, ew = result.takeback_levels
    unknown = any(u.tag == "Takebacks" for u in result.unknowns)
    if not unknown:
        if (ns, ew) == (0, 0):
            return None
        zh, en = _levels_lost((ns, ew))
        return (f"本局另有悔牌罚级：{zh}（见结果后的级别）",
                f"take-backs in this hand cost {en} level(s) (in the levels after the outcome) — docs/rules.md §10.2")
    known_zh = "，".join(f"{team} −{n}" for team, n in zip(TEAM_ZH, (ns, ew)) if n)
    known_en = ", ".join(f"{team} −{n}" for team, n in zip(TEAM_EN, (ns, ew)) if n)
    count_zh = f"{unread} 次" if unread else ""
    many = unread != 1
    count_en = ("one take-back" if unread == 1 else f"{unread} take-backs" if unread else "take-backs")
    zh = (f"本局另有悔牌罚级：{known_zh + '；另有 ' if known_zh else ''}{count_zh}悔牌的座位无法识别："
          f"罚哪一方未知，其罚级未知（本局后的级别不予判定）")
    en = (f"take-backs in this hand cost {known_en + ', and ' if known_en else ''}{count_en} whose seat is not "
          f"known: {'their' if many else 'its'} cost not known (the levels after the hand withheld) "
          f"— docs/rules.md §10.2")
    return zh, en


__all__ = ["MISCOUNT_CODES", "TEAM_ZH", "consequences", "derived_play", "miscounted", "not_ruled_on", "penalty_known",
           "takeback_line", "throw_penalty_lines"]

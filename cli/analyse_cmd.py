"""``tractor analyse``: what each play of the last tricks cost, with every hand visible.

The engine replays the record (:func:`~tractor_analysis.cli.check.check_file`); the endgame solver
(:func:`tractor_analysis.analysis.hand_analysis.analyse_hand`) values each position of the last
tricks under best play by both sides.  This module only lays the answer out: text marked like a
chess engine's review (inaccuracy / mistake / blunder by cost in points), or ``--json``.
"""
from __future__ import annotations

import json
import sys
import time

import click

from tractor_analysis.analysis.best_plays import BestChoice, WrittenChoice, any_words, choices, listed, written
from tractor_analysis.analysis.deals import TRIES_PER_SAMPLE
from tractor_analysis.analysis.solver import Budget
from tractor_analysis.analysis.view import DEFAULT_SAMPLES, PlayView, view_hand, with_views
from tractor_analysis.analysis.hand_analysis import (MARKS, MIN_LAST, HandAnalysis, PlayAnalysis,  # noqa: F401
                                                      analyse_hand, mark_of)
from tractor_analysis.analysis.record_basis import analysis_derived, with_derived_plays
from tractor_analysis.engine.explain_analysis import analysis_play_derived, view_declarations_unused
from tractor_analysis.engine.order import Order
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records.cards import SEAT_NAMES_ZH, SEAT_TOKENS

from .check import check_file
from .check_json import derived_json
from .verdict_text import derived_lines
from .common import (CONTEXT, EXIT_OK, EXIT_UNREADABLE, RuleChoice, bad, cards_pretty, cards_tokens, dim,
                     echo_err, expand_noted, idle_with, idle_without, level_label, located, record_text,
                     refuse_idle, rules_options, say_encoding, seat_label, strong, trump_label)
from .replay_cmd import hand_groups
from .tables import pad


def choice_text(c: BestChoice, order: Order | None = None) -> str:
    """Best plays of one shape: ``♠A ♠A``; ``♠A | ♠3`` (a few, or any one card of a few);
    ``♠A + any 3 of ♣6 ♣5 ♣4 ♣3 (4 plays) / ♠A + ♣6 ♣5 ♣4 ♣3 中任意三张（共 4 种）`` (the words of
    :func:`~tractor_analysis.analysis.best_plays.any_words`, as the hand page says them), written as the plays
    are with the hand's ``order`` (:func:`~tractor_analysis.analysis.best_plays.written`)."""
    (w,) = written((c,), order)
    return written_text(w)


def written_text(w: WrittenChoice) -> str:
    """One choice of best plays as :func:`choice_text` says it."""
    if w.plays is not None:
        return " | ".join(cards_pretty(p) for p in w.plays)
    fixed = cards_pretty(w.fixed) + " + " if w.fixed else ""
    before, after, zh = any_words(w)
    return f"{fixed}{before} {cards_pretty(w.pool)} {after} / {fixed}{cards_pretty(w.pool)} {zh}"


def choices_text(p: PlayAnalysis, order: Order) -> str:
    """The best plays of ``p``, ``" | "`` between choices, the strongest first (:func:`choice_text`)."""
    return " | ".join(written_text(w) for w in written(best_choices(p, order), order))


def reasons_text(p: PlayAnalysis) -> str:
    """Why the play's values are what they are, where the replay says it: ``"   failed throw: … / 甩牌失败：…"``,
    ``"   the last trick takes the bottom: … / 末轮抠底：…"`` (:mod:`~tractor_analysis.analysis.play_reasons`);
    ``""`` for any other play."""
    return "".join(f"   {why.words[1]} / {why.words[0]}" for why in (p.failed_throw, p.last_trick) if why is not None)


def choice_json(c: BestChoice) -> dict:
    return {"cards": cards_tokens(c.fixed), "any": c.choose, "of": cards_tokens(c.pool), "plays": c.count}


def best_choices(p: PlayAnalysis, order: Order) -> list[BestChoice] | None:
    every = p.best_every if p.best_every is not None else p.best
    return None if every is None else choices(every, order.group.__getitem__)


def _total(v: int | None, a: HandAnalysis) -> int | None:
    """A value of ``a`` as the attackers' total: ``None`` when the position does not state the points
    before it (:attr:`HandAnalysis.points_before`: the value is then the points from the position on)."""
    return v if a.totals_known else None


def _from_position(v: int | None, a: HandAnalysis) -> int | None:
    """A value of ``a`` as the attackers' points from the position on (a full hand: from its deal):
    the total less the points before it, or the value itself when those are not stated."""
    return None if v is None else v - (a.points_before or 0)


def play_json(p: PlayAnalysis, a: HandAnalysis, order: Order, view: PlayView | None = None) -> dict:
    """One play of ``analyse --json`` (``a``: its hand's analysis, whose :attr:`HandAnalysis.points_before`
    says whether the values are totals)."""
    grouped = best_choices(p, order)
    out = {"trick": p.trick, "seat": SEAT_TOKENS[p.seat], "cards": cards_tokens(p.cards),
           "value_before": _total(p.value_before, a), "value_after": _total(p.value_after, a),
           "value_before_from_position": _from_position(p.value_before, a),
           "value_after_from_position": _from_position(p.value_after, a), "cost": p.cost,
           "best": None if p.best is None else [cards_tokens(b) for b in p.best],
           "best_choices": None if grouped is None else [choice_json(c) for c in grouped], "legal": p.legal,
           "searched": p.searched, "out_of_time": p.out_of_time}
    if p.attempted is not None:
        out["attempted"] = cards_tokens(p.attempted)
    if p.written is not None:               # a play derived in place of the one written: the cards as written
        out["written"] = cards_tokens(p.written)
    out["derived"] = derived_note(p)
    # the play made is not among the plays the search generates: its value before, cost and best withheld, and why
    out["outside"] = None if p.outside is None else f"{p.outside[1]} / {p.outside[0]}"
    mark = mark_of(p.cost)
    out["mark"] = mark[1] if mark else None
    # why the values are what they are, where the replay says it (docs/format.md "analyse --json")
    out["failed_throw"] = None if p.failed_throw is None else {
        "penalty": p.failed_throw.points, "cards_charged": p.failed_throw.cards, "per_card": p.failed_throw.per_card,
        "words": f"{p.failed_throw.words[1]} / {p.failed_throw.words[0]}"}
    out["last_trick_bottom"] = None if p.last_trick is None else {
        "bottom": p.last_trick.bottom, "multiplier": p.last_trick.multiplier,
        "taken_by": "attackers" if p.last_trick.attackers else "defenders", "points": p.last_trick.points,
        "words": f"{p.last_trick.words[1]} / {p.last_trick.words[0]}"}
    if view is not None:
        out["view"] = view_json(view, a)
    return out


def view_json(v: PlayView, a: HandAnalysis) -> dict:
    """A play's ``"view"`` object: :meth:`PlayView.json`, its means as totals only when they are
    (:func:`_total`), and as points from the position on (``value_from_position``,
    ``value_best_from_position``); ``cost`` and ``stderr`` are differences, the same either way."""
    out = v.json(cards_tokens)
    for key in ("value", "value_best"):
        mean = out[key]
        out[f"{key}_from_position"] = None if mean is None else round(mean - (a.points_before or 0), 2)
        if not a.totals_known:
            out[key] = None
    return out


def totals_note(a: HandAnalysis, h=None) -> str | None:
    """``None``, or why ``a``'s values are not the attackers' totals, ``"English / 中文"``: the position
    does not state the points taken before it (its first trick named when ``h`` is given)."""
    if a.totals_known:
        return None
    if a.reason is not None:                # nothing valued: only the totals' part
        return ("the position does not state the points taken before it ([Points]): the totals are withheld "
                "/ 残局未写明此前的得分（[Points]）：总分不予给出")
    at_en = at_zh = ""
    if h is not None and h.tricks:
        at_en, at_zh = f" (trick {h.tricks[0].number})", f"（第 {h.tricks[0].number} 轮）"
    return (f"the position does not state the points taken before it ([Points]): the totals (value before and "
            f"after each play, the best-play and real results) are withheld, and the values given are the "
            f"attackers' points from the position on{at_en}; each play's cost and best plays are the same "
            f"whatever those points were / 残局未写明此前的得分（[Points]）：总分（每手出牌前后的数值、双方最佳与实际结果）"
            f"不予给出，所给数值是闲家自残局起{at_zh}的得分；每手出牌的代价与最佳出牌与此前得分无关")


def derived_note(p: PlayAnalysis) -> str | None:
    """``E's play in trick 14 derived: CJ / 第 14 轮东家的出牌由记录推出：♣J`` for a play the record
    leaves out that the engine derived (the analysis uses it), ``None`` for a recorded play; for a
    play the decks prove miscopied, read from the seat's deal line
    (:func:`~tractor_analysis.analysis.record_basis.plays_in_place`), the cards written too."""
    if not p.derived:
        return None
    zh, en = analysis_play_derived(p.trick, p.seat, p.cards)
    if p.written is not None:
        en += (f", in place of the play written ({' '.join(cards_tokens(p.written))}), which the decks prove "
               "cannot be what was played")
        zh += f"，代替记录所写的 {cards_pretty(p.written)}（各副牌证明其不可能是实际出牌）"
    return f"{en} / {zh}"


def _facts_json(facts) -> list[dict]:
    """The analysis' own derived facts (:func:`~tractor_analysis.analysis.record_basis.analysis_derived`), as
    ``check --json`` writes a derived fact."""
    return [{"fact": d.fact, "value": d.value, "from": d.source, "message_zh": d.message_zh,
             "message_en": d.message_en} for d in facts]


def hand_json(match_index: int, a: HandAnalysis, order: Order, views: list[PlayView] | None = None,
              h=None, facts=()) -> dict:
    """One hand of ``analyse --json`` (docs/format.md "analyse --json"); ``h`` (the engine's
    :class:`HandResult`) gives ``derived``, the facts the record does not state that the analysis
    rests on (as ``check --json`` lists them), followed by ``facts``, those the analysis itself
    derived (:func:`~tractor_analysis.analysis.record_basis.analysis_derived`)."""
    views = views if views is not None and len(views) == len(a.plays) else [None] * len(a.plays)
    return {"match": match_index, "hand": a.number,
            # the rules the values are scored by, as check --json names them (a preset; "+": options changed)
            "ruleset": None if h is None else h.rules.name, "first_trick": a.first_trick, "tricks": a.tricks,
            "derived": ([] if h is None else derived_json(h)) + _facts_json(facts),
            "value_start": _total(a.start_value, a), "result": _total(a.result, a),
            # the points before the record's first trick (a position's [Points]; null: not stated, the totals
            # withheld) and the values from the position on, which do not rest on them
            "points_before": a.points_before, "totals_withheld": totals_note(a, h),
            "value_start_from_position": _from_position(a.start_value, a),
            "result_from_position": _from_position(a.result, a), "solved": a.solved,
            "all_throws": a.all_throws, "reason": None if a.reason is None else f"{a.reason[1]} / {a.reason[0]}",   # (zh, en): English first
            "hand_budget_spent": a.hand_budget_spent, "not_searched": a.not_searched,
            "nodes": a.nodes, "seconds": round(a.seconds, 3), "plays": [play_json(p, a, order, v) for p, v in zip(a.plays, views)]}


def _value(v: int | None) -> str:
    return "—" if v is None else str(v)


def deals_words(v: PlayView, seat: int | None = None, lead: str = "; ") -> str:
    """Why a sampled view has fewer deals than ``--samples`` asked, ``"; English / 中文"`` (empty when it
    has them all): the deals drawn one by one, of which only so many agreed with what the seat had seen
    (``seat``'s, named when given; the sampler draws at most
    :data:`~tractor_analysis.analysis.deals.TRIES_PER_SAMPLE` a deal asked), and ``--precision`` reached
    before every deal found was searched.  ``lead``: what goes before the words (``": "`` after "no deal
    agrees", whose Chinese is then said too)."""
    out_en, out_zh = [], []
    if v.found < v.asked and v.drawn:
        who_en, who_zh = (SEAT_TOKENS[seat], SEAT_NAMES_ZH[seat]) if seat is not None else ("the seat", "本座位")
        out_en.append(f"{v.found} of the {v.drawn} deals drawn agreed with what {who_en} had seen "
                      f"({v.asked} asked; at most {TRIES_PER_SAMPLE} draws per deal asked)")
        out_zh.append(f"抽取的 {v.drawn} 副牌中 {v.found} 副与{who_zh}所见相符（要求 {v.asked} 副；每要求一副最多抽取 "
                      f"{TRIES_PER_SAMPLE} 副）")
    if v.deals < v.found:
        out_en.append(f"--precision reached after {v.deals} of the {v.found} deals found")
        out_zh.append(f"在找到的 {v.found} 副中搜索 {v.deals} 副后已达到 --precision")
    if not out_en:
        return ""
    return lead + "; ".join(out_en) + " / " + ("无相符牌局：" if lead == ": " else "") + "；".join(out_zh)


def view_text(v: PlayView, seat: int | None = None, order: Order | None = None) -> str:
    """``view 座位视角: cost 3.2 ±1.1 (200 deals / 200 种牌局)`` — the play judged from its seat — and which cards
    its deals had unseen: ``unseen: the other hands and the bottom's 8 cards / 未见：…`` (the bottom among
    them, or why not: :meth:`~tractor_analysis.analysis.view.BottomSeen.words`)."""
    if v.value is None:
        why = "no deal agrees / 无相符牌局" if not v.deals else "not solved within budget / 未在预算内解出"
        none = deals_words(v, seat, ": ") if not v.deals else ""
        if none:                                # drawn one by one: none agreed with what the seat had seen
            why = f"no deal agrees{none}"
        if v.withheld is None and v.bottom is not None:     # (the deals were set up: which cards they dealt)
            zh, en = v.bottom.words()
            why += f"   {en} / {zh}"
        why = v.withheld or why                 # a stated reason (friend mode: the partner not known yet)
        return dim(f"      from the seat 座位视角: {why}")
    plural = "" if v.deals == 1 else "s"
    # exact: the distinct deals (each weighted by the physical deals it stands for); sampled: the
    # deals drawn, one physical deal each, uniformly, the same one possibly twice (docs/rules.md §15)
    deals = (f"exact, {v.deals} distinct deal{plural} / 精确，{v.deals} 种不同牌局" if v.exact
             else f"{v.deals} sampled deal{plural} / 抽样 {v.deals} 副牌局" + deals_words(v, seat))
    spread = "" if v.exact else f" ±{v.stderr:.1f}"
    text = f"      from the seat 座位视角: {v.value:.1f}, cost 代价 {v.cost:.1f}{spread} ({deals})"
    if v.cost > 0 and v.best:
        text += "   best 最佳: " + (" | ".join(cards_pretty(b) for b in v.best) if order is None else    # as plays are
                                      " | ".join(written_text(w) for w in written(choices(v.best, order.group.__getitem__),
                                                                                  order)))
    if v.bottom is not None:                    # which cards were unseen: the bottom among them or not (§15 item 3)
        zh, en = v.bottom.words()
        text += f"   {en} / {zh}"
    if len(v.sides) > 1:                        # friend mode: each deal scored with the sides it implies
        text += ("\n        partner by deal, each deal scored with its own sides / 朋友随牌局而定，各按其双方计: "
                 + ", ".join(f"{'+'.join(SEAT_TOKENS[s] for s in side)} {n}" for side, n in v.sides))
    return dim(text)


VIEW_NOTE = ("from the seat 座位视角: each play judged on what its player could know — the mean over the deals of "
             "the unseen cards that player could not rule out (the other seats' hands and, for every seat but the "
             "one who buried it — the dealer, or after 炒地皮 the rebidder who buried last — the bottom: each "
             "play's line says which), its cost against the best such mean — while the play's own line (before → "
             "after, cost) has all four hands open: the two measure different things and may differ; ± after a sampled "
             "cost is its standard error over the deals drawn (paired: the same deals for every play) / 座位视角：按该"
             "玩家所能知道的评判每手出牌——在其无法排除的未见牌（其余三家的手牌，以及除扣底者——庄家，或炒地皮后最后扣底"
             "的一家——外各家未见的底牌：每手出牌一行都写明）分布上取平均值，代价相对于最佳的平均值；而出牌本行（前 → 后、"
             "代价）是四家明手：两者衡量的不同，可能不一致；抽样所得代价后的 ± 是其在所抽牌局上的标准误差（配对：每种出牌用同一批牌局）")
"""Said once a run, before the first play judged from its seat (the hand page says it in a paragraph)."""


def play_line(p: PlayAnalysis, match, order: Order) -> str:
    shown = cards_pretty(p.cards)
    if p.attempted is not None:
        shown = f"{cards_pretty(p.attempted)} → {shown}"
    line = (f"    {pad(seat_label(p.seat, match), 10)} {pad(shown, 16)} "
            f"{_value(p.value_before):>4} → {_value(p.value_after):<4}")
    line = line.rstrip()
    if p.derived:                           # a play the record leaves out, derived: the analysis uses it
        line += dim("  " + derived_note(p))
    if p.legal is False:                    # the replay's finding: no search needed to say it
        line += bad("  illegal play 违规出牌 (see tractor check 详见 tractor check)")
    if not p.searched:
        return line + dim("  not searched 未搜索")
    if p.outside is not None:               # the play is not among those the search generates: no cost
        return line + bad(f"  {p.outside[1]} / {p.outside[0]}")
    if p.value_before is None or p.value_after is None:
        if p.out_of_time:                   # stopped by the hand's time, not by the position's own budget
            return line + bad("  not solved: the hand's time (--budget-hand) ran out 未解出：本局时间（--budget-hand）已用完")
        return line + dim("  not solved within budget 未在预算内解出")
    why = reasons_text(p)                   # the values shown: why they are what they are, where the replay says it
    if p.legal is False:                    # no cost; the best legal plays, when the search found them
        if p.best:
            line += dim("   best legal play 最佳合法出牌: " + choices_text(p, order))
        return line + (dim(why) if why else "")
    mark = mark_of(p.cost)
    if mark is not None:                    # the mark's words are bilingual; so is "cost" before them
        line += bad(f"  {mark[0]} cost 代价 {p.cost} {mark[1]}")
    elif p.cost:
        line += f"  cost 代价 {p.cost}"
    if p.cost and p.best:
        line += dim("   best 最佳: " + choices_text(p, order))
    elif p.cost and p.best is None and p.out_of_time:      # the hand's time ran out before or while they were
        line += dim("   best plays not found: the hand's time (--budget-hand) ran out 最佳出牌未求出：本局时间（--budget-hand）已用完")
    elif p.cost and p.best is None:         # the budget ran out while the best plays were searched
        line += dim("   best plays not found within budget 最佳出牌未在预算内求出")
    return line + (dim(why) if why else "")


def hands_lines(h, trick_index: int, match) -> list[str]:
    """The four hands before a trick (``--show-hands``), the leader first."""
    t = h.tricks[trick_index]
    lines = []
    for i in range(4):
        seat = (t.leader + i) & 3
        held = hand_groups(t.hands_before[seat], h.level, h.trump, h.rules.constant_twos, h.trump_known)
        lines.append(dim(f"    {pad(seat_label(seat, match), 10)} {held}"))
    return lines


def setting_line(h, match) -> str:
    """The hand's dealer, level, trump, the rules it is scored by and the attackers, in ``tractor
    replay``'s words (the ruleset's name: a preset, ``+`` when ``--rule`` or the record changed an
    option: a penalty, a multiplier … changes the values)."""
    attackers = " ".join(seat_label(s, match) for s in range(4) if s not in h.defenders) if h.defenders \
        else "? (unknown 未知)"
    return (f"  dealer 庄 {seat_label(h.dealer, match)}  level 级 {level_label(h.level)}"
            f"  trump 主 {trump_label(h.trump) if h.trump_known else '?'}  rules 规则 {record_text(h.rules.name)}"
            f"  attackers 闲家: {attackers}")


def hand_head(number: int, match_index: int | None) -> str:
    """``hand 1 第1局``, or ``match 0 · hand 1 第1局`` (``match_index`` given: the file holds more than one
    match); the match numbered as ``--match`` and the JSON's ``match`` number it, from 0 (``tractor check``'s
    text counts from 1: its ``match #1`` is match 0 here)."""
    head = f"hand {number} 第{number}局"
    return head if match_index is None else f"match {match_index} · {head}"


def tricks_words(n: int) -> str:
    """``last 1 trick 最后 1 轮``, ``last 4 tricks 最后 4 轮``."""
    return f"last {n} trick{'' if n == 1 else 's'} 最后 {n} 轮"


def hand_lines(a: HandAnalysis, match, h, show_hands: bool = False, views: list[PlayView] | None = None,
               facts=(), match_index: int | None = None) -> list[str]:
    """The hand's analysis as text; ``match_index``: the hand's match, named in its heading (a file
    holding more than one match, as ``tractor check`` names it), else ``None``."""
    head = strong(hand_head(a.number, match_index))
    setting = setting_line(h, match)
    derived = derived_lines(h, "  ")        # what the record does not state, derived, and from what (as check says)
    # and what the analysis derived (record text through record_text, as check shows it)
    derived += ["  derived 推出  " + record_text(f"{d.message_en} / {d.message_zh}") for d in facts]
    if a.reason is not None:
        # the reason is (zh, en): English first, as every message
        return [head + "  " + dim("not analysed 未分析: " + record_text(f"{a.reason[1]} / {a.reason[0]}")), setting] + derived
    order = hand_context(h.rules, h.level, h.trump).order
    lines = [head + f"  {tricks_words(a.tricks)} (from trick 从第 {a.first_trick} 轮)"
             + dim(f"  {a.nodes} nodes searched 搜索 {a.nodes} 个节点, {a.seconds:.1f}s 用时 {a.seconds:.1f} 秒"), setting]
    lines.extend(derived)
    if a.totals_known:
        lines.append(f"  best play 双方最佳: attackers 闲家 {_value(a.start_value)}"
                     f"   real result 实际: {_value(a.result)}")
    else:                                   # the values are points from the position on: said so, both languages
        lines.append(f"  best play 双方最佳: attackers' points from the position on 闲家自残局起得分 {_value(a.start_value)}"
                     f"   real 实际: {_value(a.result)}   totals 总分: ? (unknown 未知)")
        lines.append(dim("  " + totals_note(a, h)))
    if not a.all_throws:
        lines.append(dim("  (a bounded set of throws was searched somewhere: values exact for that set "
                         "/ 某处只搜索了有限的一组甩牌：数值只对这组甩牌精确)"))
    views = views if views is not None and len(views) == len(a.plays) else [None] * len(a.plays)
    if a.hand_budget_spent:
        lines.append(bad("  " + hand_time_note(a, views)))
    elif a.not_searched:
        plays = "1 play before it was" if a.not_searched == 1 else f"{a.not_searched} plays before it were"
        lines.append(dim(f"  the search goes from the hand's end backward and stopped at the first position not solved "
                         f"within budget: the {plays} not searched (--every-position "
                         f"searches {'it' if a.not_searched == 1 else 'them'} too) / 搜索从本局末尾向前进行，"
                         f"遇到第一个未在预算内解出的局面即停止：其前 {a.not_searched} 手出牌未搜索（--every-position "
                         f"也搜索{'它' if a.not_searched == 1 else '它们'}）"))
    trick = None
    numbers = [t.number for t in h.tricks]
    for p, v in zip(a.plays, views):
        if p.trick != trick:
            trick = p.trick
            lines.append(f"  trick {trick} 第{trick}轮")
            if show_hands and trick in numbers:
                lines.extend(hands_lines(h, numbers.index(trick), match))
        lines.append(play_line(p, match, order))
        if v is not None:
            lines.append(view_text(v, p.seat, order))
    return lines


def hand_time_note(a: HandAnalysis, views: list) -> str:
    """What the hand's time (``--budget-hand``) running out left undone, ``"English / 中文"``: the plays whose
    search it stopped, those before them not searched, the seat views withheld; and the advice."""
    cut = sum(1 for p in a.plays if p.searched and p.out_of_time)
    withheld = sum(1 for v in views if v is not None and v.out_of_time)
    en, zh = [], []
    if cut:
        en.append(f"{cut} play{'' if cut == 1 else 's'} whose search it stopped (not solved, or best plays not found)")
        zh.append(f"{cut} 手出牌的搜索因此中止（未解出，或未求出最佳出牌）")
    if a.not_searched:
        en.append(f"{a.not_searched} play{'' if a.not_searched == 1 else 's'}, from the first, not searched")
        zh.append(f"自第一手起 {a.not_searched} 手出牌未搜索")
    if withheld:
        en.append(f"{withheld} play{'' if withheld == 1 else 's'} not judged from the seat")
        zh.append(f"{withheld} 手出牌未按座位视角评判")
    return (f"the hand's time (--budget-hand) ran out: {', '.join(en) or 'nothing left undone'}; a larger "
            f"--budget-hand searches further / 本局时间（--budget-hand）已用完：{'，'.join(zh) or '无未完成的部分'}；"
            "加大 --budget-hand 可搜索更多")


class Progress:
    """Positions solved and the time so far, on stderr, once a hand has taken over a second
    (rewritten in place on a terminal, a line every few seconds elsewhere)."""

    def __init__(self, hand: int, view: bool = False) -> None:
        self.hand = hand
        self.view = view
        """Plays judged from their seats (``--view``) rather than with every hand open."""
        self.tty = sys.stderr.isatty()
        self.shown = 0.0
        self.any = False

    def __call__(self, done: int, total: int | None, seconds: float) -> None:
        if seconds < 1.0 or (self.any and seconds - self.shown < (0.2 if self.tty else 5.0)
                             and (total is None or done < total)):
            return
        self.shown = seconds
        self.any = True
        if total is None:           # no --last: how far back the analysis can go is being found
            text = (f"hand {self.hand}: finding where the analysis starts, {done} earlier tricks solved, "
                    f"{seconds:.0f} s / 第{self.hand}局：正在确定分析的起点，已解出更早的 {done} 轮，{seconds:.0f} 秒")
        elif self.view:
            text = (f"hand {self.hand}: {done}/{total} plays judged from the seat, {seconds:.0f} s "
                    f"/ 第{self.hand}局：已按座位视角评判 {done}/{total} 手出牌，{seconds:.0f} 秒")
        else:                       # gone through, not all valued: end() says how many were (search_summary)
            text = (f"hand {self.hand}: {done}/{total} plays analysed, {seconds:.0f} s "
                    f"/ 第{self.hand}局：已分析 {done}/{total} 手出牌，{seconds:.0f} 秒")
        fresh_line()
        click.echo(("\r" + text + "\x1b[K") if self.tty else text, err=True, nl=not self.tty)

    def end(self, a: HandAnalysis | None = None) -> None:
        """End the progress line; once some progress was shown, say what the search came to:
        ``a``'s plays searched, valued, not solved within the budget, not searched."""
        if self.any and self.tty:
            click.echo("", err=True)
        if self.any and a is not None and a.reason is None and a.plays:
            fresh_line()
            click.echo(search_summary(a), err=True)


def fresh_line() -> None:
    """Before a line on stderr (progress, a summary): what the command wrote to stdout goes out first, so
    where the two streams meet (``2>&1``) the stderr line starts after stdout's last whole line, never
    inside it (each stdout line is written whole, with its newline)."""
    sys.stdout.flush()


def search_summary(a: HandAnalysis) -> str:
    """``hand 2: 20 plays searched, 18 valued, 2 not solved within the budget`` (and how many were
    not searched), bilingual: the counts of :attr:`PlayAnalysis.searched` and of the plays valued
    before and after."""
    searched = sum(1 for p in a.plays if p.searched)
    valued = sum(1 for p in a.plays if p.searched and p.value_before is not None and p.value_after is not None)
    cut = sum(1 for p in a.plays if p.searched and p.out_of_time and (p.value_before is None or p.value_after is None))
    skipped = len(a.plays) - searched
    en = (f"hand {a.number}: {searched} plays searched, {valued} valued, {searched - valued - cut} not solved within "
          "the budget")
    zh = f"第{a.number}局：搜索 {searched} 手出牌，{valued} 手得出数值，{searched - valued - cut} 手未在预算内解出"
    if cut:
        en += f", {cut} not solved: the hand's time (--budget-hand) ran out"
        zh += f"，{cut} 手因本局时间（--budget-hand）用完而未解出"
    if skipped:
        en += f", {skipped} not searched"
        zh += f"，{skipped} 手未搜索"
    return f"{en} / {zh}"


def refuse_match(path: str, asked: int, held: int) -> None:
    """A usage error (exit 2) when ``--match`` names no match of the file, which holds ``held``
    (numbered from 0, as ``check --json``'s ``match`` numbers them): what it holds is said."""
    shown = record_text(path)
    if 0 <= asked < held:
        return
    if held == 0:
        raise click.UsageError(f"no match {asked} in {shown}: it holds no match that could be read "
                               f"/ {shown} 中没有比赛 {asked}：其中没有可读的比赛")
    plural = "match" if held == 1 else "matches"
    numbers = "0" if held == 1 else f"0–{held - 1}"
    raise click.UsageError(f"no match {asked} in {shown}: it holds {held} {plural}, numbered {numbers} "
                           f"(as check --json's 'match'; check's text counts from 1, its 'match #1' is 0) / {shown} "
                           f"中没有比赛 {asked}：其中有 {held} 场比赛，编号 {numbers}（与 check --json 的“match”相同；"
                           f"check 的文本从 1 数起，其“match #1”即 0）")


VIEW_OPTIONS = ("samples", "seed", "precision")
"""The options of ``analyse`` that refine ``--view``: without it no play is judged from its seat."""


def refuse_idle_options(ctx: click.Context, view: bool, as_json: bool) -> None:
    """A usage error (exit 2, before the record is read) when an option was given that would do
    nothing (click's parameter source: one given with its default value counts): one of
    :data:`VIEW_OPTIONS` without ``--view``, ``--show-hands`` with ``--json`` (the JSON has no
    hands).  The other options all change the analysis on their own (``--budget-hand`` bounds the
    hand's analysis with or without ``--view``; ``--every-position`` with or without ``--last``)."""
    refuse_idle(idle_without(ctx, VIEW_OPTIONS, "--view", view)
                + idle_with(ctx, ("show_hands",), "--json", as_json,
                            ("the JSON holds no hands, only the analysis", "JSON 中没有各家的牌，只有分析")))


@click.command("analyse", context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.option("--match", "match_no", type=int, default=None, metavar="N",
              help="Only match N of a file holding several (numbered from 0, as this command's 'match 0 · hand 1' "
                   "and the JSON's 'match'; check's text counts from 1: its 'match #1' is 0; default every match).")
@click.option("--hand", "hands", type=int, multiple=True, metavar="N",
              help="Only hand number N (repeatable; default every hand; with --match, of that match).")
@click.option("--last", type=click.IntRange(min=1), default=None, metavar="K",
              help=f"Analyse the last K tricks (default: at least {MIN_LAST}, more while the budget allows).")
@click.option("--budget", type=click.FloatRange(min=0.01), default=10.0, show_default=True, metavar="SECONDS",
              help="Search time allowed per position (a play's position after it is the next one's before it: "
                   "about one a play, and one more for the tests of its best plays); a position not solved "
                   "in it is marked so.")
@click.option("--budget-hand", "budget_hand", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Bound the whole hand's analysis: the plays left when it runs out are marked not searched "
                   "and a search it stops says so (with --view, the seat view running then stops: it and those not "
                   "begun are withheld).")
@click.option("--every-position", "every_position", is_flag=True,
              help="Search every position.  By default the positions are searched from the hand's end "
                   "backward, and the first one not solved within the budget ends the search: the plays "
                   "before it (more cards left; they rarely solve where a later one did not) are marked "
                   "not searched.")
@click.option("--show-hands", "show_hands", is_flag=True,
              help="Print the four hands before each analysed trick (text only: not with --json).")
@click.option("--view", is_flag=True,
              help="Also judge each play from its player's seat: over the deals of the unseen cards that "
                   "player could not rule out — the other hands and, unless it buried it, the bottom (座位视角).")
@click.option("--samples", type=click.IntRange(min=1), default=DEFAULT_SAMPLES, show_default=True, metavar="N",
              help="With --view: deals per play (all of them, exactly, when they are at most N; fewer when "
                   "agreeing deals are too rare to find, and the line says how many of how many drawn agreed).")
@click.option("--seed", type=int, default=0, show_default=True, help="With --view: the sampler's seed.")
@click.option("--precision", type=click.FloatRange(min=0, min_open=True), default=None, metavar="POINTS",
              help="With --view: stop drawing deals for a play once every choice's cost is known within "
                   "POINTS (standard error; first looked at after 20 deals, then every 10); the JSON's "
                   "'deals' says how many were used.  Default: all --samples deals.")
@click.option("--nodes", type=click.IntRange(min=1), default=None, metavar="N",
              help="Also limit each position's search to N nodes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@rules_options
def analyse(path: str, match_no: int | None, hands: tuple[int, ...], last: int | None, budget: float, budget_hand: float | None,
            every_position: bool, show_hands: bool, view: bool, samples: int, seed: int, precision: float | None, nodes: int | None,
            as_json: bool,
            preset: str | None,
            rule_pairs: tuple[tuple[str, str], ...]) -> None:
    """What each play of the last tricks cost, with all four hands known (双明手分析).

    For every play: the attackers' final total with best play by both sides
    before it and after it, the cost (points lost by the player's side), and
    the best plays (a position without [Points]: the attackers' points from
    the position on, the totals withheld; the costs and best plays are the
    same).  Costly plays are marked ?! inaccuracy 欠佳 (≥ 5 points),
    ? mistake 失误 (≥ 20), ?? blunder 大错 (≥ 40).  Exit status 0, or 2 when
    the file could not be read or parsed, holds no match --match or no hand
    --hand, or an option was given that would do nothing (--samples, --seed
    or --precision without --view, --show-hands with --json).

    \b
    Examples:
      tractor analyse sample_logs/spring-cup-r2t5.tgn --hand 1
      tractor analyse game.tgn --last 8 --budget 30 --budget-hand 120
      tractor analyse game.tgn --hand 2 --last 3 --show-hands
      tractor analyse matches.jsonl --match 1 --hand 3
      tractor analyse game.tgn --json > analysis.json
    """
    refuse_idle_options(click.get_current_context(), view, as_json)
    paths = expand_noted([path])
    if len(paths) != 1:
        shown_path = record_text(path)
        raise click.UsageError(f"{shown_path!r} names {len(paths)} files; analyse takes one record file "
                               f"/ {shown_path!r} 包含 {len(paths)} 个文件；analyse 只接受一个记录文件")
    path = paths[0]
    verdict = check_file(path, RuleChoice(preset.lower() if preset else None, rule_pairs))
    say_encoding(path, verdict.encoding_note)
    for d in verdict.errors:
        echo_err(located(d, path))
    if match_no is not None:
        refuse_match(path, match_no, len(verdict.matches))
    many = len(verdict.matches) > 1         # each hand's heading names its match, as check's does
    limit = Budget(nodes=nodes, seconds=budget)
    out = []
    shown = 0
    view_noted = False
    for index, match, h, _record in verdict.hands_with_records:
        if (match_no is not None and index != match_no) or (hands and h.number not in hands):
            continue
        progress = Progress(h.number)
        hand_start = time.perf_counter()
        a = analyse_hand(h, last, limit, hand_seconds=budget_hand, progress=progress, every_position=every_position)
        progress.end(a)
        facts = analysis_derived(h, _record, a)     # what the analysis rests on that the record does not state
        h = with_derived_plays(h)           # the plays the record leaves out that the engine derived, as analysed
        views = None
        if view and a.reason is None and a.tricks:
            vprog = Progress(h.number, view=True)
            start = time.perf_counter()
            views = view_hand(h, _record, len(h.tricks) - a.tricks, samples, seed, limit,
                              lambda done, total: vprog(done, total, time.perf_counter() - start), precision,
                              None if budget_hand is None else hand_start + budget_hand)    # the view within the hand's time
            vprog.end()
            a = with_views(a, views, time.perf_counter() - hand_start)     # its time and its running out counted
        shown += 1
        if as_json:
            order = hand_context(h.rules, h.level, h.trump).order if a.reason is None else None
            out.append(hand_json(index, a, order, views, h, facts))
        else:
            if shown > 1:
                click.echo("")
            if views and not view_noted:
                view_noted = True
                click.echo(dim(VIEW_NOTE))
                click.echo("")
            for i, line in enumerate(hand_lines(a, match, h, show_hands, views, facts, index if many else None)):
                click.echo(line)
                if i == 0 and views and _record is not None and _record.setup and _record.declarations:
                    zh, en = view_declarations_unused()     # (docs/rules.md §15 item 5: said, not left unsaid)
                    click.echo(dim(f"  from the seat 座位视角: {en} / {zh}"))
    if hands and not shown and verdict.readable:
        numbers = sorted({h.number for i, _, h in verdict.hands if match_no is None or i == match_no})
        asked = ", ".join(map(str, hands))
        shown_path, have = record_text(path), ", ".join(map(str, numbers)) or "none / 无"
        where_en, where_zh = ((f"match {match_no} of {shown_path}", f"{shown_path} 的比赛 {match_no}")
                              if match_no is not None else (shown_path, shown_path))
        raise click.UsageError(f"no hand {asked} in {where_en} (its hands: {have}) "
                               f"/ {where_zh} 中没有第 {asked} 局（其中的局：{have}）")
    if as_json:
        click.echo(json.dumps({"file": path, "hands": out}, ensure_ascii=False, indent=1))
    click.get_current_context().exit(EXIT_UNREADABLE if verdict.errors or not verdict.readable else EXIT_OK)

"""``tractor analyse``: what each play of the last tricks cost, with every hand visible.

The engine replays the record (:func:`~tractor_analysis.cli.check.check_file`); the endgame solver
(:func:`tractor_analysis.engine.solver_analysis.analyse_hand`) values each position of the last
tricks under best play by both sides.  This module only lays the answer out: text marked like a
chess engine's review (inaccuracy / mistake / blunder by cost in points), or ``--json``.
"""
from __future__ import annotations

import json

import click

from tractor_analysis.engine.solver import Budget
from tractor_analysis.engine.solver_analysis import (MARKS, MIN_LAST, HandAnalysis, PlayAnalysis,  # noqa: F401
                                                      analyse_hand, mark_of)
from tractor_analysis.records.cards import SEAT_TOKENS

from .check import check_file
from .common import (CONTEXT, EXIT_OK, EXIT_UNREADABLE, RuleChoice, bad, cards_pretty, cards_tokens, dim,
                     echo_err, expand_inputs, located, pad, rules_options, say_encoding, seat_label, strong)


def play_json(p: PlayAnalysis) -> dict:
    out = {"trick": p.trick, "seat": SEAT_TOKENS[p.seat], "cards": cards_tokens(p.cards),
           "value_before": p.value_before, "value_after": p.value_after, "cost": p.cost,
           "best": None if p.best is None else [cards_tokens(b) for b in p.best], "legal": p.legal}
    if p.attempted is not None:
        out["attempted"] = cards_tokens(p.attempted)
    mark = mark_of(p.cost)
    out["mark"] = mark[1] if mark else None
    return out


def hand_json(match_index: int, a: HandAnalysis) -> dict:
    return {"match": match_index, "hand": a.number, "first_trick": a.first_trick, "tricks": a.tricks,
            "value_start": a.start_value, "result": a.result, "solved": a.solved,
            "all_throws": a.all_throws, "reason": None if a.reason is None else " / ".join(a.reason),
            "nodes": a.nodes, "seconds": round(a.seconds, 3), "plays": [play_json(p) for p in a.plays]}


def _value(v: int | None) -> str:
    return "—" if v is None else str(v)


def play_line(p: PlayAnalysis, match) -> str:
    shown = cards_pretty(p.cards)
    if p.attempted is not None:
        shown = f"{cards_pretty(p.attempted)} → {shown}"
    line = (f"    {pad(seat_label(p.seat, match), 10)} {pad(shown, 16)} "
            f"{_value(p.value_before):>4} → {_value(p.value_after):<4}")
    line = line.rstrip()
    if p.value_before is None or p.value_after is None:
        return line + dim("  not solved within budget 未在预算内解出")
    if not p.legal:
        return line + bad("  illegal play 违规出牌 (see tractor check)")
    mark = mark_of(p.cost)
    if mark is not None:
        line += bad(f"  {mark[0]} cost {p.cost} {mark[1]}")
    elif p.cost:
        line += f"  cost 代价 {p.cost}"
    if p.cost and p.best:
        line += dim("   best 最佳: " + " | ".join(cards_pretty(b) for b in p.best))
    return line


def hand_lines(a: HandAnalysis, match) -> list[str]:
    head = strong(f"hand {a.number} 第{a.number}局")
    if a.reason is not None:
        return [head + "  " + dim(f"not analysed 未分析: {a.reason[0]} / {a.reason[1]}")]
    lines = [head + f"  last {a.tricks} tricks 最后 {a.tricks} 轮 (from trick 从第 {a.first_trick} 轮)"
             + dim(f"  {a.nodes} nodes, {a.seconds:.1f}s")]
    lines.append(f"  best play 双方最佳: attackers 闲家 {_value(a.start_value)}"
                 f"   real result 实际: {a.result}")
    if not a.all_throws:
        lines.append(dim("  (a bounded set of throws was searched somewhere: values exact for that set "
                         "/ 部分甩牌只搜索了有限集合)"))
    trick = None
    for p in a.plays:
        if p.trick != trick:
            trick = p.trick
            lines.append(f"  trick {trick} 第{trick}轮")
        lines.append(play_line(p, match))
    return lines


@click.command("analyse", context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.option("--hand", "hands", type=int, multiple=True, metavar="N",
              help="Only hand number N (repeatable; default every hand).")
@click.option("--last", type=click.IntRange(min=1), default=None, metavar="K",
              help=f"Analyse the last K tricks (default: at least {MIN_LAST}, more while the budget allows).")
@click.option("--budget", type=click.FloatRange(min=0.01), default=10.0, show_default=True, metavar="SECONDS",
              help="Search time allowed per position; a position not solved in it is marked so.")
@click.option("--nodes", type=click.IntRange(min=1), default=None, metavar="N",
              help="Also limit each position's search to N nodes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@rules_options
def analyse(path: str, hands: tuple[int, ...], last: int | None, budget: float, nodes: int | None,
            as_json: bool, preset: str | None, rule_pairs: tuple[tuple[str, str], ...]) -> None:
    """What each play of the last tricks cost, with all four hands known (双明手分析).

    For every play: the attackers' final total with best play by both sides
    before it and after it, the cost (points lost by the player's side), and
    the best plays.  Costly plays are marked ?! inaccuracy 欠佳 (≥ 5 points),
    ? mistake 失误 (≥ 20), ?? blunder 大错 (≥ 40).  Exit status 0, or 2 when
    the file could not be read or parsed.

    \b
    Examples:
      tractor analyse sample_logs/spring-cup-r2t5.tgn --hand 1
      tractor analyse game.tgn --last 8 --budget 30
      tractor analyse game.tgn --json > analysis.json
    """
    paths = list(expand_inputs([path]))
    if len(paths) != 1:
        raise click.UsageError(f"{path!r} names {len(paths)} files; analyse takes one record file")
    path = paths[0]
    verdict = check_file(path, RuleChoice(preset.lower() if preset else None, rule_pairs))
    say_encoding(path, verdict.encoding_note)
    for d in verdict.errors:
        echo_err(located(d, path))
    limit = Budget(nodes=nodes, seconds=budget)
    out = []
    shown = 0
    for index, match, h, _record in verdict.hands_with_records:
        if hands and h.number not in hands:
            continue
        a = analyse_hand(h, last, limit)
        shown += 1
        if as_json:
            out.append(hand_json(index, a))
        else:
            if shown > 1:
                click.echo("")
            for line in hand_lines(a, match):
                click.echo(line)
    if hands and not shown and verdict.readable:
        numbers = sorted({h.number for _, _, h in verdict.hands})
        asked = ", ".join(map(str, hands))
        raise click.UsageError(f"no hand {asked} in {path} (its hands: {', '.join(map(str, numbers)) or 'none / 无'})"
                               f" / {path} 中没有第 {asked} 局")
    if as_json:
        click.echo(json.dumps({"file": path, "hands": out}, ensure_ascii=False, indent=1))
    click.get_current_context().exit(EXIT_UNREADABLE if verdict.errors or not verdict.readable else EXIT_OK)

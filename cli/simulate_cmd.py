"""``tractor simulate``: matches played by heuristic bots, written as records (tests, demos, benchmarks)."""
from __future__ import annotations

import functools
import os
import time

import click

from .common import CONTEXT, EXIT_UNREADABLE, echo_err, rules_options


@click.command("simulate", context_settings=CONTEXT)
@click.option("--matches", "-n", "count", type=click.IntRange(min=1), default=10, show_default=True,
              help="Number of matches to play.")
@click.option("--seed", "-s", type=int, default=1, show_default=True,
              help="Random seed: the same seed writes the same records.")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write the records to (created if missing); it must be empty (see --force).")
@click.option("--force", is_flag=True,
              help="Write to a folder that is not empty: the simulator's own files there (match-*.tgn, "
                   "matches-*.jsonl) are removed first; other files are left as they are.")
@click.option("--format", "fmt", type=click.Choice(["tgn", "jsonl"]), default="tgn", show_default=True,
              help="tgn: one .tgn file per match; jsonl: .jsonl files of --per-file matches.")
@click.option("--per-file", type=click.IntRange(min=1), default=50, show_default=True,
              help="Matches per .jsonl file.")
@click.option("--violation-rate", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Chance that a follow is replaced by an illegal one, annotated {injected: CODE}.")
@click.option("--max-hands", type=click.IntRange(min=1), default=40, show_default=True,
              help="A match stops after this many hands even when no team has passed A "
                   "(under --rules botzone a match is one hand).")
@click.option("--quiet", "-q", is_flag=True, help="No summary on stderr.")
@functools.partial(rules_options, play=True)
def simulate(count: int, seed: int, out_dir: str, force: bool, fmt: str, per_file: int, violation_rate: float,
             max_hands: int, quiet: bool, preset: str | None, rule_pairs: tuple) -> None:
    """Play --matches N matches between simple bots and write their records to a folder.

    Every match is complete: declarations, the deal, the bottom and the bury,
    every trick, levels carried until a team passes the winning level, or a
    side forfeits the match (under --rules tournament, three wrong follows
    or take-backs: no hand is dealt after it), or --max-hands; and a [Claim]
    equal to the engine's total.  Every preset
    plays; with --rule friend=on the dealer names a card after the bury
    ([Friend]) and each player keeps a level of their own.  The bots only make
    legal plays unless --violation-rate is given; then each injected illegal
    play carries the annotation {injected: CODE} (follow_suit, follow_pair,
    follow_tractor; 3 decks also follow_triple and not_in_hand).

    The -o folder must be empty (or not exist yet), so that the records of two
    runs are never mixed; --force writes into a folder that is not empty after
    removing the simulator's own files there (match-NNNNN.tgn,
    matches-NNNN.jsonl), leaving any other file alone.  A folder that cannot be
    written is exit 2.

    \b
    Examples:
      tractor simulate -n 100 --seed 7 -o sim/
      tractor simulate -n 20 --rules tournament --violation-rate 0.02 -o sim-bad/ --format jsonl
      tractor simulate -n 10 --rules three-deck --rule friend=on -o sim-friend/
    """
    from tractor_analysis.records.rulesets import build_ruleset
    from tractor_analysis.simulate import simulate as play, write_matches

    rules, _ = build_ruleset(preset or "standard", rule_pairs)
    start = time.perf_counter()
    hands = 0

    def counted():
        nonlocal hands
        for m in play(count, seed, rules=rules, violation_rate=violation_rate, max_hands=max_hands):
            hands += len(m.hands)
            yield m

    try:
        paths = write_matches(counted(), out_dir, fmt, per_file, force=force)
    except OSError as exc:
        if isinstance(exc, FileExistsError) and exc.filename == out_dir and os.path.isdir(out_dir):
            echo_err(f"tractor simulate: {out_dir} is not empty: nothing written (records of two runs are not "
                     f"mixed); choose an empty folder, or give --force to replace the simulator's own files "
                     f"there / {out_dir} 不是空文件夹，未写入任何文件（不混合两次运行的记录）；请选择空文件夹，"
                     f"或加 --force 替换其中由模拟器生成的文件")
        else:
            reason = exc.strerror or str(exc)
            echo_err(f"tractor simulate: cannot write {out_dir}: {reason} ({exc.filename or out_dir}) / "
                     f"无法写入 {out_dir}：{reason}")
        click.get_current_context().exit(EXIT_UNREADABLE)
    if not quiet:
        secs = time.perf_counter() - start
        echo_err(f"simulated {count} matches, {hands} hands ({rules.name}) in {secs:.1f}s: "
                 f"{len(paths)} files in {out_dir}")

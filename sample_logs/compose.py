"""Compose the sample records in this folder (run: ``.venv/bin/python sample_logs/compose.py``).

Writing legal 25-card hands by hand is laborious, so the two played matches
are dealt from a fixed seed and played by the engine's own legal-play helpers
(:func:`tractor_analysis.simulate.play_hand`: the bots choose among
:mod:`tractor_analysis.engine.legal`'s legal leads and follows — construct_follow,
throw_stands, legal_leads — so every play is legal by construction), scored by
:func:`tractor_analysis.engine.replay.replay_hand` (the ``[Claim]`` of each hand is the
engine's total), and then dressed up: Chinese player names, event tags, an
unknown tag, ``[Levels]``, per-hand ``[Level]``, and referee annotations placed
on the interesting moments (a failed throw, the bottom capture, a change of
dealer).  The disputed trick is a hand-written position.

Usage: ``python sample_logs/compose.py [OUT_DIR]`` (default: this folder).
The script is deterministic: it searches seeds from :data:`FIRST_SEED` for the
first match with everything a tour needs (at least :data:`HANDS` hands, a
bottom capture with points in the bottom, a change of dealer to the other
team, a failed throw) and writes the same bytes on every run.

Files written (the tests in ``tests/test_samples.py`` check each one):

* ``spring-cup-r2t5.tgn`` — the full match, every optional section;
* ``spring-cup-r2t5.json`` — the same match as JSON;
* ``disputed-trick.tgn`` — a ``[SetUp "1"]`` position of one disputed trick
  (North held a pair of hearts and did not follow W's pair: ``follow_pair``);
* ``gbk-club-night.tgn`` — a short match saved in GBK, as old Windows tools write it.
"""
from __future__ import annotations

import dataclasses
import os
import random
import sys

from tractor_analysis.records.cards import SEAT_NAMES_ZH, SEAT_TOKENS
from tractor_analysis.records import format_json
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.engine.replay import replay_hand
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.simulate import play_hand
from tractor_analysis.engine.verdicts import HandResult

HERE = os.path.dirname(os.path.abspath(__file__))
FIRST_SEED = 2026
HANDS = 5
"""Hands in the tournament match (a full match to A would be 15+ hands of text)."""
RULES = PRESETS["standard"]


def play_match(seed: int, hands: int) -> tuple[list[Hand], list[HandResult]]:
    """``hands`` hands dealt from ``random.Random(seed)`` and played by the legal-play bots."""
    rng = random.Random(seed)
    levels, dealer = (2, 2), None
    played: list[Hand] = []
    results: list[HandResult] = []
    for number in range(1, hands + 1):
        hand = play_hand(rng, RULES, number, dealer, levels)
        result = replay_hand(hand, RULES, levels, dealer, first_of_match=number == 1,
                             levels_known=True)
        if result.outcome is None or result.violations:
            raise RuntimeError(f"seed {seed} hand {number}: the bots played an illegal or incomplete hand")
        played.append(dataclasses.replace(hand, claim=result.attackers_total))
        results.append(result)
        levels, dealer = result.levels_after, result.outcome.next_dealer
        if result.outcome.match_over:
            break
    return played, results


def is_tour(hands: list[Hand], results: list[HandResult], want: int) -> bool:
    """Enough hands, a bottom capture with points, the deal changing team, a failed throw."""
    if len(hands) < want:
        return False
    capture = any(r.bottom_multiplier and r.bottom_points for r in results)
    takeover = any(r.outcome.winner == "attackers" for r in results[:-1])
    failed_throw = any(p.attempted is not None for h in hands for t in h.tricks for p in t.plays)
    return capture and takeover and failed_throw


def annotate(hands: list[Hand], results: list[HandResult]) -> list[Hand]:
    """Referee notes on the moments worth reading, in both languages."""
    out = []
    for hand, result in zip(hands, results):
        tricks = list(hand.tricks)
        for i, trick in enumerate(tricks):
            plays = list(trick.plays)
            for j, play in enumerate(plays):
                if play.attempted is not None:
                    plays[j] = dataclasses.replace(play, notes=(
                        "甩牌失败，按规则改出最小的被管住的牌型 / failed throw, forced to play the "
                        "smallest beaten unit",))
            note: tuple[str, ...] = ()
            if i == len(tricks) - 1 and result.bottom_multiplier:
                who = SEAT_NAMES_ZH[result.tricks[-1].winner]
                note += (f"{who}抠底：底分 {result.bottom_points} × {result.bottom_multiplier} / "
                         f"bottom captured by {SEAT_TOKENS[result.tricks[-1].winner]}: "
                         f"{result.bottom_points} x {result.bottom_multiplier}",)
            if i == len(tricks) - 1 and result.outcome.winner == "attackers":
                note += (f"闲家共得 {result.attackers_total} 分上台 / the attackers score "
                         f"{result.attackers_total} and take the deal",)
            tricks[i] = dataclasses.replace(trick, plays=tuple(plays), notes=trick.notes + note)
        out.append(dataclasses.replace(hand, tricks=tuple(tricks)))
    # an unknown hand tag, kept verbatim by every reader and writer
    out[0] = dataclasses.replace(out[0], tags=out[0].tags + (("Scorer", "周立 Zhou Li"),))
    return out


def compose_match(first_seed: int, want: int, tour: bool = True, rules: tuple = (), **tags) -> tuple[int, Match]:
    """The first seed from ``first_seed`` whose match has ``want`` hands (and is a tour, see :func:`is_tour`)."""
    for seed in range(first_seed, first_seed + 500):
        hands, results = play_match(seed, want)
        if len(hands) >= want and (not tour or is_tour(hands, results, want)):
            hands = annotate(hands, results)
            return seed, Match(hands=tuple(hands), levels=(2, 2), ruleset="standard", rules=rules, **tags)
    raise RuntimeError(f"no seed in {first_seed}..{first_seed + 499} gives a tour match")


DISPUTED = """\
; A referee's record of one disputed trick (a position, like FEN in chess).
; Written by hand; `tractor check` must find the follow_pair violation in trick 20.
[Event "Spring Cup 2026 春季杯"]
[Site "成都 Chengdu"]
[Date "2026.03.14"]
[Round "2"]
[Table "5"]
[North "张伟"]
[East "李娜"]
[South "王芳"]
[West "刘洋"]
[Ruleset "standard"]
[Levels "NS:7 EW:5"]

[Hand "11"]
[Dealer "N"]
[Trump "S"]
[Level "7"]
[SetUp "1"]
[Points "65"]
[FirstTrick "20"]
[Referee "陈静 Chen Jing"]
N: H9 H9 H3 SA D6 C4
E: H5 H4 H2 SK DJ C9
S: HA H10 S3 D9 CJ CQ
W: HQ HQ HK D5 D5 C8
{东家申诉：北家手里有一对红桃9，却拆对出了 ♥9 ♥3。 / East appeals: North held a pair of ♥9 but played ♥9 ♥3.}
20. W: HQ HQ, N: H9 H3 {北家拆对：应跟 ♥9 ♥9 / North broke the pair: should have followed ♥9 ♥9}, E: H5 H2, S: HA H10
{裁判：跟牌错误成立（有对必须出对）。 / Referee: wrong follow upheld (a pair must be followed by a pair).}
"""


def main(out_dir: str = HERE) -> int:
    """Write the four samples into ``out_dir`` (this folder by default)."""
    seed, match = compose_match(
        FIRST_SEED, HANDS,
        event="Spring Cup 2026 春季杯", site="成都 Chengdu", date="2026.03.14", round="2", table="5",
        players=("张伟", "李娜", "王芳", "刘洋"),
        notes=("第二轮第五桌，全程裁判记录。 / Round 2, table 5, recorded by the referee.",),
        # the cup's one-hour rounds: a match stopped by the clock goes to the higher level (seed 001, 十一)
        rules=(("decide_by_levels", "on"),),
        tags=(("Referee", "陈静 Chen Jing"),))
    with open(os.path.join(out_dir, "spring-cup-r2t5.tgn"), "w", encoding="utf-8", newline="\n") as f:
        f.write(f"; Composed by sample_logs/compose.py (seed {seed}); every hand is legal.\n")
        f.write(format_tgn(match))
    with open(os.path.join(out_dir, "spring-cup-r2t5.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(format_json(match))
    with open(os.path.join(out_dir, "disputed-trick.tgn"), "w", encoding="utf-8", newline="\n") as f:
        f.write(DISPUTED)
    club_seed, club = compose_match(
        seed + 1, 2, tour=False,
        event="周五俱乐部之夜", site="北京 老友俱乐部", date="2025.11.21", round="1", table="3",
        players=("赵磊", "黄敏", "孙丽", "吴昊"),
        notes=("旧电脑上的记录软件保存为 GBK 编码。 / Saved as GBK by an old club program.",))
    text = f"; 由 sample_logs/compose.py 生成（种子 {club_seed}），GBK 编码。\n" + format_tgn(club)
    with open(os.path.join(out_dir, "gbk-club-night.tgn"), "wb") as f:
        f.write(text.encode("gbk"))
    print(f"spring-cup-r2t5: seed {seed}, {len(match.hands)} hands; gbk-club-night: seed {club_seed}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))

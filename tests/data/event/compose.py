"""Compose the 8-team, 3-round event in this folder (run: ``.venv/bin/python tests/data/event/compose.py``).

An organiser's event as it reaches the tool: one ``.tgn`` per table and round, with
``[Event]``, ``[Date]``, ``[Round]``, ``[Table]``, the four players and ``[TeamNS]`` /
``[TeamEW]``, played under the tournament regulation (1-hour rounds: the higher level wins,
equal levels go to the side holding the deal).  Team B fields a substitute in round 3 (奚
for 钱), and round 2 table 4 was kept as score sheets only (``[ResultOnly "yes"]`` hands:
dealer, level, trump, the attackers' total; no deal, no tricks).

The hands are dealt and played by the engine's legal-play bots (:func:`~tractor_analysis.simulate.play_hand`),
searched from a fixed seed until each match ends on the final levels of :data:`MATCHES`
— results designed so that the standings need every tie-break (see ``tests/test_event.py``,
which states the expected standings by hand).  The script is deterministic.
"""
from __future__ import annotations

import dataclasses
import os
import random
import sys

from tractor_analysis.engine.hand_replay import replay_hand
from tractor_analysis.records.model import Hand, Match
from tractor_analysis.records.rulesets import PRESETS
from tractor_analysis.records.tgn_writer import format_tgn
from tractor_analysis.simulate import play_hand

HERE = os.path.dirname(os.path.abspath(__file__))
RULES = PRESETS["tournament"]
EVENT = "Lantern Cup 2026"
DATE = "2026-05-16"

TEAMS = {
    "A": ("Red Lanterns", ("李娜", "王芳")),
    "B": ("Jade Dragons", ("钱伟", "孙丽")),
    "C": ("Plum & Bamboo <梅竹>", ("周杰", "吴昊")),
    "D": ("Iron Oxen", ("郑强", "冯敏")),
    "E": ("Silver Cranes", ("陈静", "褚磊")),
    "F": ("Golden Carp", ("卫东", "蒋欣")),
    "G": ("Night Owls", ("沈洋", "韩雪")),
    "H": ("Tea House 茶馆", ("杨帆", "朱琳")),
}
SUBSTITUTE = ("B", 3, "钱伟", "奚勇")
"""Team B's 钱伟 is replaced by 奚勇 in round 3."""
SCORE_SHEET = (2, 4)
"""Round 2, table 4 is kept as score sheets only."""

MATCHES = [
    # round, table, NS team, EW team, final NS level, final EW level, side holding the deal at the end
    (1, 1, "A", "B", 5, 3, None), (1, 2, "C", "D", 4, 3, None),
    (1, 3, "E", "F", 6, 2, None), (1, 4, "G", "H", 3, 3, 0),
    (2, 1, "A", "C", 4, 2, None), (2, 2, "E", "G", 3, 2, None),
    (2, 3, "B", "D", 3, 2, None), (2, 4, "F", "H", 5, 2, None),
    (3, 1, "A", "E", 4, 3, None), (3, 2, "C", "G", 4, 2, None),
    (3, 3, "B", "F", 4, 2, None), (3, 4, "D", "H", 3, 3, 1),
]


def _search(rng: random.Random, target: tuple[int, int], holder: int | None, max_hands: int = 6):
    """Hands from the start of a match to ``target`` levels (and the deal with ``holder``)."""
    def step(levels, dealer, hands):
        if len(hands) >= max_hands:
            return None
        for _ in range(40):
            number = len(hands) + 1
            hand = play_hand(rng, RULES, number, dealer, levels)
            result = replay_hand(hand, RULES, levels, dealer, first_of_match=number == 1, levels_known=True)
            if result.outcome is None or result.violations:
                continue
            after = result.levels_after
            if after[0] > target[0] or after[1] > target[1]:
                continue
            hand = dataclasses.replace(hand, claim=result.attackers_total, level=result.level)
            nxt = result.outcome.next_dealer
            if after == target and len(hands) >= 1 and (holder is None or nxt % 2 == holder):
                return [*hands, hand]
            found = step(after, nxt, [*hands, hand])
            if found is not None:
                return found
        return None
    return step((2, 2), None, [])


def _result_only(hand: Hand) -> Hand:
    """The hand as a score sheet keeps it: dealer, level, trump and the attackers' total."""
    return Hand(number=hand.number, dealer=hand.dealer, trump=hand.trump, level=hand.level, claim=hand.claim,
                result_only=True)


def compose(out_dir: str = HERE) -> list[str]:
    written = []
    for i, (rnd, table, ns, ew, lns, lew, holder) in enumerate(MATCHES):
        rng = random.Random(f"lantern:{rnd}:{table}")
        hands = _search(rng, (lns, lew), holder)
        assert hands is not None, (rnd, table)
        players = [TEAMS[ns][1][0], TEAMS[ew][1][0], TEAMS[ns][1][1], TEAMS[ew][1][1]]
        team, when, out, sub = SUBSTITUTE
        if rnd == when:
            players = [sub if (p == out) else p for p in players]
        if (rnd, table) == SCORE_SHEET:
            hands = [_result_only(h) for h in hands]
        match = Match(event=EVENT, site="Harbour Club", date=DATE, round=str(rnd), table=str(table),
                      players=tuple(players), teams=(TEAMS[ns][0], TEAMS[ew][0]), ruleset="tournament",
                      hands=tuple(hands))
        path = os.path.join(out_dir, f"r{rnd}t{table}.tgn")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(format_tgn(match))
        written.append(path)
    return written


if __name__ == "__main__":
    for p in compose(sys.argv[1] if len(sys.argv) > 1 else HERE):
        print(p)

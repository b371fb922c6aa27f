"""Best plays said in as few lines as are exact (issue 23, "equal discards collapse"; the player probe of
session 9: 14 best plays of W in a trick 20 listed one by one where they are two "any 1 of" lines).

:func:`tractor_analysis.analysis.best_plays.choices` splits plays touching the same suit groups by the cards
outside one group; each line still stands for exactly the plays it says (checked by counting)."""
from __future__ import annotations

import itertools
import random

from hypothesis import given, settings, strategies as st

from tractor_analysis.analysis.best_plays import choices
from tractor_analysis.records.cards import parse_cards

GROUP = {"S": 0, "H": 1, "D": 2, "C": 3}


def _group(k: int) -> int:
    from tractor_analysis.records.cards import TOKEN
    return GROUP.get(TOKEN[k][0], 4)


def _plays(*texts: str) -> list[tuple[int, ...]]:
    return [tuple(sorted(parse_cards(t))) for t in texts]


def test_plays_alike_but_for_one_group_are_one_line_each():
    """Fails before: four lines (each play alone)."""
    plays = _plays("H3 H4 D8 C9", "H3 H4 D8 CJ", "H3 H4 D8 CQ", "H3 H5 D8 C9", "H3 H5 D8 CJ", "H3 H5 D8 CQ")
    got = choices(plays, _group)
    assert len(got) == 2
    assert all(c.choose == 1 and c.count == 3 for c in got)
    assert sorted(p for c in got for p in c.plays()) == sorted(plays)


def test_one_choice_when_the_plays_are_one():
    plays = [tuple(sorted(c)) for c in itertools.combinations(parse_cards("C3 C4 C5 C6"), 3)]
    (c,) = choices(plays, _group)
    assert (c.choose, c.count) == (3, 4)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_every_play_in_exactly_one_line_and_no_line_adds_a_play(seed):
    rng = random.Random(seed)
    pool = parse_cards("H3 H4 H5 H6 D8 D9 C9 CJ CQ SA S2")
    size = rng.randint(1, 4)
    everything = sorted({tuple(sorted(c)) for c in itertools.combinations(pool, size)})
    plays = rng.sample(everything, rng.randint(1, min(12, len(everything))))
    got = choices(plays, _group)
    said = [p for c in got for p in c.plays()]
    assert sorted(said) == sorted(set(plays)) and len(said) == len(set(said))

"""The plays a wrong follow could have made instead: the ones equal to the engine's ``better`` (docs/rules.md
§2.5) and whether any other, not equal, also meets the duty (§5.5).

A wrong follow's ``better`` (:func:`.legal.construct_follow`) is one play that meets the duty; where the seat held
cards of equal strength (♥7 and ♦7, off-suit level cards) the same play made of them meets it just as well, and the
rules do not choose between them — every one is named, none picked.  Where a play of other strength meets the duty
too (♥9 ♥9 or ♥K ♥K to a pair), ``better`` is one example among them.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterator, Sequence

from ..records.cards import POINTS
from .legal import MAX_FOLLOWS, Lead, check_follow, follow_candidates, legal_follows, show_order
from .units import counts_in


@dataclass(frozen=True)
class FollowChoices:
    """``equal``: ``better`` first, then every other play of the same strengths and shape the seat held that meets
    the duty (each in the order of ``better``'s cards); ``others``: some play not equal to ``better`` meets it too."""
    equal: tuple[tuple[int, ...], ...]
    others: bool


def _spreads(kinds: Sequence[int], hand: Sequence[int], mults: tuple[int, ...]) -> Iterator[dict[int, int]]:
    """Every way to hold the multiplicities ``mults`` (sorted, high first) on distinct ``kinds`` from ``hand``."""
    for combo in itertools.permutations(kinds, len(mults)):
        if all(hand[k] >= m for k, m in zip(combo, mults)):
            yield dict(zip(combo, mults))


def _equal_plays(ctx, lead: Lead, hand: Sequence[int], better: Sequence[int]) -> list[tuple[int, ...]]:
    """``better`` and every play that swaps its cards for cards of the same group, strength and points held in the
    same multiplicities (same shape), legal as a follow (:func:`.legal.check_follow`)."""
    o = ctx.order
    cls = lambda k: (o.group[k], o.strength[k], POINTS[k])     # noqa: E731  (equal cards, §2.5)
    bc = counts_in(better)
    classes: dict[tuple, list[int]] = {}
    for k in sorted(bc, key=lambda k: better.index(k)):
        classes.setdefault(cls(k), []).append(k)
    options: list[list[dict[int, int]]] = []
    for key, ks in classes.items():
        mults = tuple(sorted((bc[k] for k in ks), reverse=True))
        pool = ks + sorted(k for k in range(len(hand)) if hand[k] and cls(k) == key and k not in ks)
        seen: list[dict[int, int]] = []
        for spread in _spreads(pool, hand, mults):
            if spread not in seen:
                seen.append(spread)
        options.append(seen)
    out: list[tuple[int, ...]] = [tuple(better)]
    keys = {tuple(sorted(better))}
    for pick in itertools.product(*options):
        play = tuple(k for spread in pick for k, m in spread.items() for _ in range(m))
        if tuple(sorted(play)) in keys or check_follow(ctx, lead, hand, play) is not None:
            continue
        keys.add(tuple(sorted(play)))
        out.append(show_order(o, play))
    return out


def follow_choices(ctx, lead: Lead, hand: Sequence[int], better: Sequence[int]) -> FollowChoices:
    """The plays equal to ``better`` (a legal follow from ``hand`` to ``lead``) and whether another meets the duty."""
    equal = _equal_plays(ctx, lead, hand, better)
    if lead.mixed or follow_candidates(ctx, lead, hand) > MAX_FOLLOWS:
        # (too many plays to look through — a hostile record's long throw: whether others meet the duty is not
        # looked for; the words name ``better`` as before, no list)
        return FollowChoices((tuple(better),), False)
    known = {tuple(sorted(p)) for p in equal}
    others = any(tuple(sorted(p)) not in known
                 for p in itertools.islice(legal_follows(ctx, lead, hand), len(known) + 1))
    return FollowChoices(tuple(equal), others)


__all__ = ["FollowChoices", "follow_choices"]

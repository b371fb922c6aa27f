"""The endgame solver's bound of what the bottom (底牌) can still earn: the largest multiplier of a
unit an attacker still holds (a mixin of :class:`tractor_analysis.analysis.solver.Solver`).

It bounds every node of the search (nothing can be gained beyond the points in play plus the bottom
times this), so it must never be below the truth; each hand's own bound is cached on its part of
the four hands' key.
"""
from __future__ import annotations

from ..engine.scoring import bottom_multiplier
from ..records.rulesets import BottomMultiplier


class BottomBound:
    """The bottom multiplier's bound (a mixin of the solver: ``rules``, ``ctx``, ``bottom_points``,
    the attackers' seats and ``mult_cache``)."""

    def _max_multipliers(self) -> dict[tuple[int, int], int]:
        """Per (copies, longest chain of that many copies): the largest bottom multiplier of a unit
        within it (the bound of what the bottom can still earn): :func:`max_multipliers` of the rules."""
        return max_multipliers(self.rules)

    def _mult_bound(self, hands, hkey: int | None = None) -> int:
        """The largest bottom multiplier the attackers can still earn (1 at least).

        The bottom counts only when an attacker wins the last trick, and the winning play holds
        every multi-card unit of the lead (the attacker led it, or beat it: a pair or tractor by a
        pair or tractor of the led suit, a trump-in by covering the lead's pairs and tractors), so
        the multiplier is at most that of the largest unit an *attacker* holds; units only shrink
        as cards are played.  With ``last_trick_cards`` it is at most 2 x the cards in a hand (a
        throw of unrelated singles counts each card); with ``lead_size`` by a throw holding the
        largest unit an attacker holds (a throw counts more than that unit alone).  With ``hkey`` (the four hands' key) each
        hand's own bound is cached on its part of the key, else on the hand's cards."""
        if not self.bottom_points:
            return 0
        cache = self.mult_cache
        best = 1
        for seat in self._attack_seats:
            # each hand's own bound, cached on its part of the key, or on its cards (bytes: apart from the ints)
            part = bytes(hands[seat]) if hkey is None else (hkey >> (self._seat_bits * seat)) & self._seat_mask
            m = cache.get(part)
            if m is None:
                m = cache[part] = self._hand_mult(hands[seat])
            if m > best:
                best = m
        return best

    def _hand_mult(self, hand) -> int:
        """The largest bottom multiplier of a unit within one hand (1 at least); with
        ``last_trick_cards``, of a play of all its cards."""
        if self._by_cards:
            return max(1, 2 * sum(hand))
        decks = self.rules.decks
        maxmult = self._maxmult
        best = 1
        largest = (1, 1)
        for strengths in self.ctx.order.at:
            # the most copies of one kind at each strength, then per copies c the longest run of
            # strengths holding c copies or more (the same as asking each c of each strength)
            tops = [max([hand[k] for k in ks], default=0) for ks in strengths]
            for c in range(1, decks + 1):
                length = run = 0
                for m in tops:
                    if m >= c:
                        run += 1
                        if run > length:
                            length = run
                    else:
                        run = 0
                if length:
                    if maxmult[c, length] > best:
                        best = maxmult[c, length]
                    shape = (c, length) if c > 1 else (1, 1)
                    if shape[0] * shape[1] > largest[0] * largest[1]:
                        largest = shape
        if self.rules.bottom_multiplier is BottomMultiplier.LEAD_SIZE and sum(hand) >= 2:
            # lead_size (Botzone): a throw counts more than its largest unit alone (singles x2): bound
            # by a throw holding the largest unit the hand has
            best = max(best, bottom_multiplier(self.rules, largest, (largest, (1, 1))))
        return best


__all__ = ["BottomBound"]


_MAX_MULTIPLIERS: dict = {}
""":func:`max_multipliers` by ruleset (a few rulesets in a process; each solver asks on creation)."""


def max_multipliers(rules) -> dict[tuple[int, int], int]:
    """Per (copies, longest chain of that many copies): the largest bottom multiplier of a unit within
    it under ``rules`` — the same for every solver of one ruleset, so worked out once (it was 0.8 of the
    0.9 ms a solver's creation took).  Read only: the one table is shared."""
    out = _MAX_MULTIPLIERS.get(rules)
    if out is None:
        out = {}
        for c in range(1, rules.decks + 1):
            best = 0
            for length in range(1, 60):
                # single cards never chain: a run of strengths with one copy each is no unit
                shape = (c, length) if c > 1 else (1, 1)
                best = max(best, bottom_multiplier(rules, shape, (shape,)))
                out[c, length] = best
        _MAX_MULTIPLIERS[rules] = out
    return out

"""The endgame solver's plays at a node: which plays the search tries, equal ones merged, in search
order, and what they depend on, so that a node met for the first time mostly finds them made.

A mixin of :class:`tractor_analysis.analysis.solver.Solver` (beside
:class:`~tractor_analysis.analysis.search.NodeFacts`, which says which cards are equal, and the
solver's ``_raw_moves``, the engine's legal plays, and ``winner_index``).  A leader's plays are kept
on the four hands' cards in the suit groups it holds (:meth:`NodePlays.lead_key`); a follower's on
the table, the leader and the four hands' cards in the led group, or, when it cannot follow with
that group alone, in the groups it holds (:meth:`NodePlays.follow_key`); a follow to a single lead
is made of one part per suit group, each kept on that group's cards.
"""
from __future__ import annotations

from ..records.cards import POINTS
from .moves import canonical, class_index, merged


class NodePlays:
    """The plays a node tries, in the order the search tries them (a mixin of the solver)."""

    def _lead_moves(self, st, seat: int) -> list[tuple[int, ...]]:
        """The leader's plays, equal ones merged, in search order (between tricks the cards in play
        are the hands').  They depend on the leader's cards and the four hands' cards in the suit
        groups the leader holds (its throws stand against them, its equal cards are equal among
        them), so they are kept on that key too."""
        key = self.lead_key(st, seat)
        found = self.lead_moves.get(key)
        if found is not None:
            if found[1]:
                self.bounded = True
            return found[0]
        bounded = self.bounded
        self.bounded = False
        raw = self._raw_moves(st, seat)
        if len(raw) < 2:
            moves = self._some(list(raw), seat)
        else:
            classes = self._hand_classes(st, seat, raw)
            index = class_index(classes)        # once, not per play
            moves = list(dict.fromkeys(canonical(m, index, classes) for m in raw)
                         ) if classes else list(dict.fromkeys(raw))
            moves = self._ordered(st, seat, moves)
        if len(self.lead_moves) > 500_000:
            self.lead_moves.clear()
        self.lead_moves[key] = (moves, self.bounded)
        self.bounded = bounded or self.bounded
        return moves

    def _follow_moves(self, st, seat: int) -> list[tuple[int, ...]]:
        """A follower's plays, equal ones merged, in search order.

        The list depends only on the table, the leader and the four hands' cards in the suit groups
        the follows can come from (the merging looks at those groups only, the order at the table):
        the led group when the follower holds at least as many cards of it as the lead has, else
        the groups it holds.  It is kept on that key too, for the positions that differ elsewhere."""
        lead = st.table[0][1]
        key = self.follow_key(st, seat)
        found = self.follow_moves.get(key)
        if found is not None:
            return found
        raw = self._raw_moves(st, seat)
        if len(raw) < 2:
            moves = self._some(list(raw), seat)
        elif len(lead) == 1:
            moves = self._single_follows(st, seat, raw)
        else:
            moves = self._ordered(st, seat, merged(raw, self.ctx.order, st.hands[seat], self.in_play(st)))
        if len(self.follow_moves) > 500_000:
            self.follow_moves.clear()
        self.follow_moves[key] = moves
        return moves

    def lead_key(self, st, seat: int) -> tuple:
        """What a leader's plays depend on (:meth:`_lead_moves`): the seat and the four hands' cards
        in the suit groups it holds."""
        return seat, st.hkey & self._held((st.hkey >> (self._seat_bits * seat)) & self._seat_mask)

    def follow_key(self, st, seat: int) -> tuple:
        """What a follower's plays depend on (:meth:`_follow_moves`): the table, the leader and the
        four hands' cards in the led group (when the follower holds at least as many of them as
        the lead has: every follow lies there) or else in the groups the follower holds."""
        lead = st.table[0][1]
        o = self.ctx.order
        g = o.group[lead[0]]
        part = (st.hkey >> (self._seat_bits * seat)) & self._seat_mask
        if part & self._group_masks[g] and (
                len(lead) == 1 or sum(st.hands[seat][k] for k in o.kinds[g]) >= len(lead)):
            return st.tabkey, st.leader, st.hkey & self._full_masks[g]
        return st.tabkey, st.leader, st.hkey & self._held(part)

    def _held(self, part: int) -> int:
        """The bits of the four hands' key in the suit groups a hand (its ``part`` of the key) holds."""
        held = self.held_groups.get(part)
        if held is None:
            held = 0
            for gm, full in zip(self._group_masks, self._full_masks):
                if part & gm:
                    held |= full
            if len(self.held_groups) > 500_000:
                self.held_groups.clear()
            self.held_groups[part] = held
        return held

    @staticmethod
    def _some(moves: list, seat: int) -> list:
        if not moves:
            raise ValueError(f"seat {seat} has no legal play: the hands are not a position of one hand")
        return moves

    def _single_follows(self, st, seat: int, raw: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """Follows to a single lead in search order, equal cards merged (:meth:`_follow_classes`):
        each class is played as its weakest member (what :func:`canonical` gives a one-card play),
        placed where the first of its members comes in ``raw`` (the engine gives them in the order
        of the kinds); then ordered as :meth:`_ordered` orders follows.  A card's place in that
        order depends only on the table, the leader and the cards in its own suit group, so the
        part of each group (:meth:`_single_piece`) is kept on that key: a follower void in the led
        group, who may play any card, mostly finds every part made."""
        group = self.ctx.order.group
        by_group: dict[int, list[int]] = {}
        for m in raw:
            by_group.setdefault(group[m[0]], []).append(m[0])
        head = (st.tabkey, st.leader)
        pieces = self.single_pieces
        out: list[tuple] = []
        for g, kinds in by_group.items():
            key = (head, g, tuple(kinds), st.hkey & self._full_masks[g])
            piece = pieces.get(key)
            if piece is None:
                piece = self._single_piece(st, seat, g, kinds)
                if len(pieces) > 500_000:
                    pieces.clear()
                pieces[key] = piece
            out += piece
        if len(by_group) > 1:
            out.sort()
        return [e[4] for e in out]

    def _single_piece(self, st, seat: int, g: int, kinds: list[int]) -> list[tuple]:
        """Sorted ``(behind, points, strength, first kind, play)`` of the follows among ``kinds``
        (the seat's legal one-card follows in group ``g``, in the order of the kinds), equal
        cards merged: ``behind`` is 0 when the card puts the seat's side ahead in the trick
        (more points first), 1 when not (fewer points first); weaker cards first."""
        table = st.table
        tabkey = st.tabkey
        wcache = self.winner_cache
        wins = {}
        for k in kinds:
            wi = wcache.get(tabkey + ((k,),))
            if wi is None:
                wi = self.winner_index(table + [(seat, (k,))])
            wins[k] = wi
        rep = {k: part[0] for part in self._follow_classes(st, seat, None, wins, g) for k in part}
        attacker = self.attacker
        mine = attacker[seat]
        leader = st.leader
        strength = self.ctx.order.strength
        piece = []
        seen = set()
        for k in kinds:
            r = rep.get(k, k)
            if r in seen:
                continue
            seen.add(r)
            pts = POINTS[r]
            if attacker[(leader + wins[r]) & 3] == mine:
                piece.append((0, -pts, strength[r], k, (r,)))
            else:
                piece.append((1, pts, strength[r], k, (r,)))
        piece.sort()
        return piece

    def _ordered(self, st, seat: int, moves: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        o = self.ctx.order
        strength = o.strength
        if not st.table:
            return sorted(moves, key=lambda m: (-len(m), -max(strength[k] for k in m)))
        mine = self.attacker[seat]
        table = st.table
        tabkey = st.tabkey
        cache = self.winner_cache
        keyed = []
        for m in moves:
            wi = cache.get(tabkey + (m,))
            if wi is None:
                wi = self.winner_index(table + [(seat, m)])
            ahead = self.attacker[(st.leader + wi) & 3] == mine
            pts = 0
            total = 0
            for k in m:
                pts += POINTS[k]
                total += strength[k]
            keyed.append(((0, -pts, total) if ahead else (1, pts, total), m))
        keyed.sort(key=lambda x: x[0])
        return [m for _, m in keyed]


__all__ = ["NodePlays"]

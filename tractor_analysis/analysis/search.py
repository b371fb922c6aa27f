"""The endgame solver's search loop: fail-soft alpha-beta with a transposition table.

A mixin of :class:`tractor_analysis.analysis.solver.Solver` (which owns the position, the budget and
the public calls).  Values here are the points the attackers still gain from the node on (the
points on the table of the trick in progress included, the bottom when they win the last trick);
the solver adds the points already scored.

Transposition entries are ``(lower, upper)`` bounds of that gain.  Inside a trick they are keyed on
the four hands (one integer, 3 bits per card count), the leader and the plays on the table, and
hold the node's ordered moves as a third item (one lookup for both); between
tricks on the position's shape (:meth:`SearchLoop.shape_key`), so that positions equal up to the
names of the cards share them (adjacency of two strengths counts only where one seat holds two or
more copies at both: elsewhere no chain can ever form); the table holds each distinct shape as a
small integer (:meth:`SearchLoop.shape_id`).

The ordered moves of a node are kept apart, keyed on the exact cards, and also on what they depend
on (:meth:`~.solver_plays.NodePlays.lead_key`, :meth:`~.solver_plays.NodePlays.follow_key`): a leader's on the four hands' cards in
the suit groups it holds; a follower's on the table, the leader and the four hands' cards in the led
group (or, when it cannot follow with that group alone, in the groups it holds), so that a node met
for the first time mostly finds its moves already made.  A follow to a single lead merges equal
cards with the table's cards out of play (:meth:`NodeFacts._follow_classes`).  Move order: the best
(or refuting) move of the last visit first; a leader's longer leads, then higher cards; a
follower's plays that put its side ahead of the trick first (with points when they do, without
when not).  The last trick with one card each is scored without a search (cached on its cards).

Enhanced transposition cut-off, cheap form: at the last seat of a trick, before searching, each
play whose next position (after the trick) was met before (its shape key cached) and whose entry
refutes the window ends the node at once; positions between tricks transpose often (the same cards
gone in another order, or a plain suit swapped for another).
"""
from __future__ import annotations

import time

from ..records.cards import POINTS
from ..engine.order import TRUMP
from .moves import equal_classes
from .plays import NodePlays


class BudgetExceeded(Exception):
    """The node or time budget of a search ran out."""


class NodeFacts:
    """What the search asks of a node besides its value: whether the trick in progress is already
    decided, and which cards are equal (a mixin of :class:`SearchLoop`; the plays themselves, in
    order, are :class:`~.solver_plays.NodePlays`')."""

    def _trick_side(self, st) -> bool | None:
        """Whether the attackers (``True``) or the defenders (``False``) surely win the trick in
        progress whatever the seats still to play do; ``None`` when it is not sure.

        The side of the play winning so far keeps the trick unless a seat of the other side still to
        play may beat it.  The last seat of the same side cannot change the side.  With a single
        lead a seat may beat the winning card only with a stronger card of its group, or, the card
        being a plain one, with a trump when it holds none of the led suit (a seat holding the led
        suit follows it); anything else counts as "may beat"."""
        table = st.table
        n = len(table)
        leader = st.leader
        attacker = self.attacker
        wi = self.winner_cache.get(st.tabkey)
        if wi is None:
            wi = self.winner_index(table)
        side = attacker[table[wi][0]]
        if n == 3 and attacker[(leader + 3) & 3] == side:
            return side
        if len(table[0][1]) != 1:
            return None
        o = self.ctx.order
        strength = o.strength
        best = table[wi][1][0]
        g = o.group[best]
        top = strength[best]
        plain = g != TRUMP
        for i in range(n, 4):
            seat = (leader + i) & 3
            if attacker[seat] == side:
                continue
            hand = st.hands[seat]
            for k in o.kinds[g]:
                if hand[k] and strength[k] > top:
                    return None
            if plain and any(hand[k] for k in o.kinds[TRUMP]) and not any(hand[k] for k in o.kinds[g]):
                return None
        return side

    def _hand_classes(self, st, seat: int, raw) -> list[tuple[int, ...]]:
        """:func:`equal_classes` of ``seat``'s cards in the groups of its plays ``raw`` (at a lead
        every group it holds; at a follow to a single lead the led group, or every group it holds
        when void there), with the four hands' cards as the cards in play (the table's left out),
        cached per group on the seat's and the four hands' counts in that group (digits of the
        hands' key)."""
        o = self.ctx.order
        group = o.group
        hkey = st.hkey
        bits = self._seat_bits
        mask = self._seat_mask
        part = (hkey >> (bits * seat)) & mask
        total = (hkey & mask) + ((hkey >> bits) & mask) + ((hkey >> (2 * bits)) & mask) + (hkey >> (3 * bits))
        cache = self.class_cache
        masks = self._group_masks
        if st.table:                            # a single lead: its group, or every group when void there
            lead_group = group[st.table[0][1][0]]
            groups = (lead_group,) if part & masks[lead_group] else range(5)
        else:                                   # a lead: every card is one
            groups = range(5)
        out: list[tuple[int, ...]] = []
        for g in groups:
            gm = masks[g]
            if not part & gm:
                continue
            key = (g, part & gm, total & gm)
            found = cache.get(key)
            if found is None:
                found = equal_classes(o, st.hands[seat], st.inplay, (g,))
                if len(cache) > 500_000:
                    cache.clear()
                cache[key] = found
            if found:
                out.extend(found)
        return out

    def _group_classes(self, st, seat: int, g: int) -> list[tuple[int, ...]]:
        """:meth:`_hand_classes` in one suit group ``g`` (the same cache)."""
        hkey = st.hkey
        bits = self._seat_bits
        mask = self._seat_mask
        gm = self._group_masks[g]
        part = (hkey >> (bits * seat)) & gm
        total = ((hkey & mask) + ((hkey >> bits) & mask) + ((hkey >> (2 * bits)) & mask) + (hkey >> (3 * bits))) & gm
        key = (g, part, total)
        found = self.class_cache.get(key)
        if found is None:
            found = equal_classes(self.ctx.order, st.hands[seat], st.inplay, (g,))
            if len(self.class_cache) > 500_000:
                self.class_cache.clear()
            self.class_cache[key] = found
        return found

    def _follow_classes(self, st, seat: int, raw: list[tuple[int, ...]] | None, wins: dict | None = None,
                        group: int | None = None) -> list[tuple[int, ...]]:
        """Classes of equal follows to a single lead, the cards on the table counted out of play
        (``wins``: each card's index in the trick of the play winning after it, when known;
        ``group``: in that suit group only, else in the groups of the plays ``raw``).

        A follow is one card.  Cards that do not beat the play winning so far leave the trick's
        winner as it is, and the later seats compare their cards with that play, not with them; cards
        that do beat it become the play winning so far, and the later seats' cards (in hands, so in
        play) compare alike with each member of a class.  When the trick ends the table's cards are
        out of play for good.  So the classes of :func:`equal_classes`, computed without the table's
        cards and split by whether a member beats the play winning so far, are equal plays: the
        trick comes out the same (points too: members have equal points) and the hands after it are
        equal up to names."""
        table = st.table
        n = len(table)
        split = []
        classes = self._group_classes(st, seat, group) if group is not None else self._hand_classes(st, seat, raw)
        for members in classes:
            beat, below = [], []
            for k in members:
                wi = wins.get(k) if wins is not None else None
                if wi is None:
                    wi = self.winner_index(table + [(seat, (k,))])
                (beat if wi == n else below).append(k)
            for part in (below, beat):
                if len(part) > 1:
                    split.append(tuple(part))
        return split


class SearchLoop(NodePlays, NodeFacts):
    """The recursive search over the solver's state ``self.st`` (mutated and restored in place)."""

    etc = True
    """Look for enhanced transposition cut-offs at the last seat of a trick (off: for tests)."""

    def _search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self._limit_nodes or (self.nodes & 1023 == 0 and time.perf_counter() > self._deadline):
            raise BudgetExceeded()
        st = self.st
        table = st.table
        if not table:
            if st.left == 0:
                return 0
            if st.left == 4:                    # one card each: the last trick is forced
                return self._last_trick(st)
        upper = st.hand_pts + st.table_pts + self.bottom_points * st.mult
        if upper <= alpha:
            return upper
        if upper == 0 or beta <= 0:
            return 0
        if table:
            pts = st.table_pts
            if pts and (upper - pts <= alpha or pts >= beta):
                side = self._trick_side(st)     # the trick's side when no later seat can change it
                if side is False and upper - pts <= alpha:
                    return upper - pts          # the table's points are lost to the attackers
                if side is True and pts >= beta:
                    return pts                  # ... or theirs already
        mkey = (st.hkey, st.leader, st.tabkey)
        if table:                               # inside a trick the entry keeps the moves too
            key = mkey
            entry = self.tt.get(key)
            moves = entry[2] if entry is not None else None
        else:
            key = self.shape_id(st)
            entry = self.tt.get(key)
            moves = self.move_cache.get(mkey)
        if entry is not None:
            lo, hi = entry[0], entry[1]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = 0, upper
        seat = (st.leader + len(table)) & 3
        maximise = self.attacker[seat]
        if moves is None:
            moves = self._follow_moves(st, seat) if table else self._lead_moves(st, seat)
        if len(table) == 3 and self.etc and len(moves) > 1 and st.left > len(moves[0]) + 4:
            # enhanced transposition cut-off, cheap form: for plays whose next position (after the
            # trick) already has its shape key, its entry may refute the window without a search
            shape_cache, wcache, tt = self.shape_cache, self.winner_cache, self.tt
            place = self._place[seat]
            tabkey = st.tabkey
            for m in moves:
                wi = wcache.get(tabkey + (m,))
                if wi is None:
                    continue
                ck = st.hkey
                for k in m:
                    ck -= place[k]
                winner = (st.leader + wi) & 3
                skey = shape_cache.get((ck, winner, ()))
                if skey is None:
                    continue
                child = tt.get(skey)
                if child is None:
                    continue
                gain = 0
                if self.attacker[winner]:
                    gain = st.table_pts
                    for k in m:
                        gain += POINTS[k]
                if maximise:
                    if gain + child[0] >= beta:
                        self.etc_cuts += 1
                        return gain + child[0]
                elif gain + child[1] <= alpha:
                    self.etc_cuts += 1
                    return gain + child[1]
        a0, b0 = alpha, beta
        best = -1 if maximise else 1 << 30
        best_move = moves[0]
        for m in moves:
            v = self._play(st, seat, m, alpha, beta)
            if maximise:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best, best_move = v, m
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if best_move is not moves[0]:          # the best (or refuting) move first next time
            moves = [best_move] + [m for m in moves if m is not best_move]
        if best <= a0:
            lo, hi = lo, best if best < hi else hi
        elif best >= b0:
            lo, hi = best if best > lo else lo, hi
        else:
            lo = hi = best
        if table:
            self.tt[key] = (lo, hi, moves)
        else:
            self.tt[key] = (lo, hi)
            self.move_cache[mkey] = moves
        return best

    def _last_trick(self, st) -> int:
        """The attackers' gain from the last trick, one card each (forced), cached on the cards."""
        leader = st.leader
        hands = st.hands
        key = (leader, hands[leader].index(1), hands[(leader + 1) & 3].index(1),
               hands[(leader + 2) & 3].index(1), hands[(leader + 3) & 3].index(1))
        gain = self.last_cache.get(key)
        if gain is None:
            table = [((leader + i) & 3, (key[1 + i],)) for i in range(4)]
            if len(self.last_cache) > 500_000:
                self.last_cache.clear()
            gain = self.last_cache[key] = self._score_trick(table, last=True)[1]
        return gain

    def shape_key(self, st) -> tuple:
        """The transposition key of a position between tricks (the table holds it as :meth:`shape_id`), the same for every position equal to
        it up to names: per suit group, the strengths with cards in play in order (whether each is
        adjacent to the one before), and at each the points and the four hands' counts of each kind
        there; the plain suits sorted (they are interchangeable), trumps apart; and the leader.
        Cards already played never matter again; only order, adjacency, equality and points do.
        Adjacency counts only where some seat holds two or more copies at both strengths (a chain
        needs that, and hands only lose cards).  Each group's part is cached on its counts."""
        o = self.ctx.order
        hands = st.hands
        inplay = st.inplay
        h0, h1, h2, h3 = hands
        groups = []
        enc_cache = self.enc_cache
        hkey = st.hkey
        for g in range(5):
            gkey = hkey & self._full_masks[g]   # the four hands' counts in the group (groups' bits differ)
            enc = enc_cache.get(gkey)
            if enc is not None:
                groups.append(enc)
                continue
            enc = []
            prev = -2
            prev_pairs = 0
            for s, ks in enumerate(o.at[g]):
                here = None
                pairs = 0                       # seats holding two or more of a kind here
                for k in ks:
                    if inplay[k]:
                        a, b, c, d = h0[k], h1[k], h2[k], h3[k]
                        if a > 1:
                            pairs |= 1
                        if b > 1:
                            pairs |= 2
                        if c > 1:
                            pairs |= 4
                        if d > 1:
                            pairs |= 8
                        e = (POINTS[k], a, b, c, d)
                        if here is None:
                            here = [e]
                        else:
                            here.append(e)
                if here is not None:
                    if len(here) > 1:
                        here.sort()
                    # adjacency matters only to a chain (tractor, titanic): one seat with two or
                    # more copies at both strengths; hands only lose cards, so never otherwise
                    enc.append((s == prev + 1 and (pairs & prev_pairs) != 0, *here))
                    prev = s
                    prev_pairs = pairs
            enc = enc_cache[gkey] = tuple(enc)
            groups.append(enc)
        trumps = groups.pop()
        groups.sort()
        return (trumps, *groups, st.leader)

    def shape_id(self, st) -> int:
        """:meth:`shape_key` as a small integer (one per distinct key: the table's keys hash fast),
        cached on (the four hands' key, leader, table): MTD(f) visits nodes again."""
        ckey = (st.hkey, st.leader, st.tabkey)
        hit = self.shape_cache.get(ckey)
        if hit is None:
            ids = self.shape_ids
            key = self.shape_key(st)
            hit = ids.get(key)
            if hit is None:
                hit = ids[key] = len(ids)
            self.shape_cache[ckey] = hit
        return hit

    def _play(self, st, seat: int, m: tuple[int, ...], alpha: int, beta: int) -> int:
        """Value of playing ``m``: the cards leave the hand, the trick is scored when it completes."""
        hand = st.hands[seat]
        place = self._place[seat]
        inplay = st.inplay
        hkey = hkey0 = st.hkey
        pts = 0
        for k in m:
            hand[k] -= 1
            inplay[k] -= 1
            hkey -= place[k]
            pts += POINTS[k]
        n = len(m)
        st.hkey = hkey
        st.left -= n
        st.hand_pts -= pts
        table, tabkey, table_pts, leader, mult = st.table, st.tabkey, st.table_pts, st.leader, st.mult
        try:
            if len(table) < 3:
                st.table = table + [(seat, m)]
                st.tabkey = tabkey + (m,)
                st.table_pts = table_pts + pts
                return self._search(alpha, beta)
            if st.left == 0:
                winner, gain = self._score_trick(table + [(seat, m)], last=True)
            else:                               # as _score_trick, without the lead's analysis
                wi = self.winner_cache.get(tabkey + (m,))
                if wi is None:
                    wi = self.winner_index(table + [(seat, m)])
                winner = seat if wi == 3 else table[wi][0]
                gain = table_pts + pts if self.attacker[winner] else 0
            st.table, st.tabkey, st.table_pts, st.leader = [], (), 0, winner
            st.mult = self._mult_bound(st.hands, hkey)
            return gain + self._search(alpha - gain, beta - gain)
        finally:
            st.table, st.tabkey, st.table_pts, st.leader, st.mult = table, tabkey, table_pts, leader, mult
            for k in m:
                hand[k] += 1
                inplay[k] += 1
            st.hkey = hkey0
            st.left += n
            st.hand_pts += pts


__all__ = ["BudgetExceeded", "NodeFacts", "SearchLoop"]

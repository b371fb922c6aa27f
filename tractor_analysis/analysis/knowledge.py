"""What a player could know at a play (``tractor analyse --view``): the facts a deal of the unseen
cards must agree with.  Each is a rule of its own (docs/rules.md, "What a player knows"):

1. **Own cards**: the seat's hand as it is at its turn.
2. **Every card played so far and by whom**: the tricks of the record before this play (a position,
   ``[SetUp]``, starts at its own first trick: what was played before it is out of play, which
   the player saw, so the unseen cards are the other hands as the position has them).
3. **The bottom**: the bottom as it lies during play — the ``Buried:`` line, or the bury the engine
   derived (no line, or one not used: :func:`bury_in_play`) — is known only to the seat that buried
   it: the dealer, or after 炒地皮 the last rebidder (``bottom_takers(...)[-1]``); to anyone else its
   cards are unseen cards like the others' (dealt with the bottom's size), derived or not (what the
   engine derived from the whole record no player saw at the table).  Under 炒地皮 a seat that took
   the bottom and buried before the last bury knows what it buried: each of those cards is, at the
   start of play, in a later taker's hand or in the bottom (:attr:`Knowledge.earlier`); when the
   record does not give that bury, what it knew is not known (:attr:`Knowledge.earlier_unknown`: the
   view is withheld).  A record whose bury is not known (no line, none derived) keeps the bottom's
   points as the record states them, for every deal (said in the result).  When the record does not fix
   the dealer's seat, who buried a bottom of known cards is not known: a seat that may have
   (:attr:`Knowledge.buriers_open`) may have seen it or not, and its view is withheld.
4. **What the follows revealed**: each follow another seat made, and that the replay found legal,
   was legal from that seat's hand at that moment (:func:`~tractor_analysis.engine.legal.is_legal_follow`,
   the engine's own rule): a follower who played a card outside the led group held none of it; one
   who followed the led group without a pair to a pair lead held no pair there; likewise tractors
   and triples.  A follow the replay found illegal reveals nothing (the player broke the rule); a
   finding about the record alone (the decks prove the deal line or the play as written miscopied,
   the play as analysed held: :func:`~.record_basis.held_as_analysed`) is no fault of the follow.
   A follow the replay did not judge (:attr:`~tractor_analysis.engine.verdicts.HandResult.legality_known`
   false: a full hand without deal lines, the cards read from the plays) reveals nothing known
   either: it is not used, and :attr:`Knowledge.unjudged` counts it (the view is then withheld).
5. **The declarations shown**: a declarer held the cards shown (亮主); those of them not played
   since are still in its hand — or, for the dealer, possibly in the bottom it buried (a bottom not
   known: the dealer's declaration is not used, its cards may be in it).  Not used in a hand with
   炒地皮 (a rebid after the bottom), where the cards may have moved through the bottom twice.
6. **What the throws showed**: a throw (甩牌) that stood was checked against the other three hands
   at the trick's start, so none of them could beat any of its units; a failed one (``shown ->
   forced``) was beaten, and the forced play was one the rules allow
   (:func:`~tractor_analysis.engine.tricks.throw_as_seen`, the engine's own check); and its leader
   held every card it showed — those of them not played since are still in its hand.  Not used when
   the replay found the leader at fault in that trick (the record is then not what the table saw),
   nor for an 80fen same-letter throw of mixed suits, nor when the replay did not judge the throw
   (legality not known, as for the follows: counted in :attr:`Knowledge.unjudged`).
7. **Nothing else**: the other leads (the rules give no duty to lead anything), which unit beat a
   failed throw and who held it (shown at the table, not in the record), the claims, the timing.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.declarations import bottom_takers
from ..engine.partners import friend_side
from ..engine.legal import analyse_lead, is_legal_follow
from ..engine.tricks import hand_context, throw_as_seen
from ..engine.verdicts import HandResult
from ..records.cards import NUM_KINDS, parse_cards
from ..records.model import Hand
from .record_basis import held_as_analysed

BOTTOM = 4
"""The recipient index of the bottom in a deal (seats are 0..3)."""


@dataclass(frozen=True, slots=True)
class Follow:
    """A follow another seat made: the lead, the cards, and the cards that seat has played since
    (this follow included) up to the play being judged."""

    seat: int
    lead: tuple[int, ...]
    cards: tuple[int, ...]
    since: tuple[int, ...]
    void_group: int | None
    """The led group, when the follower played fewer of it than led (then it holds none of it)."""


@dataclass(frozen=True, slots=True)
class ThrowSeen:
    """A throw the table saw stand or fail (rule 6): the leader, the cards shown, the cards played
    (the forced play of a failed throw), and per seat the cards it has played since the trick's
    start up to the play being judged."""

    leader: int
    shown: tuple[int, ...]
    played: tuple[int, ...]
    failed: bool
    since: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows before its play of trick ``index`` (0-based), position ``play``."""

    seat: int
    index: int
    play: int
    own: tuple[int, ...]
    """The seat's hand (54 counts)."""
    unseen: tuple[int, ...]
    """The cards the seat has not seen (54 counts): in the other hands and, unless it buried it, the bottom."""
    sizes: tuple[int, int, int, int, int]
    """Cards held now by N, E, S, W and in the bottom, as dealt to the unseen cards (the seat's own:
    0; the bottom: 0 when its cards are known to the seat or not in the record)."""
    follows: tuple[Follow, ...]
    declared: tuple[tuple[int, tuple[int, ...], tuple[int, ...], bool], ...]
    """Per declaration of another seat: ``(seat, cards shown, cards it has played since, may be in the bottom)``."""
    real: tuple[tuple[int, ...], ...]
    """The real deal of the unseen cards (5 recipients' counts): the record's, which always agrees."""
    bottom_points: int | None
    """The bottom's points when they are the same in every deal (known to the seat, or not in the
    record: then as the record states them); ``None`` when each deal has its own."""
    throws: tuple[ThrowSeen, ...] = ()
    played: tuple[tuple[int, ...], ...] = ()
    """Per seat N, E, S, W: the cards (54 counts) it played from the record's first trick up to this
    play (rule 2), so that a deal's hands at the start of the play are its cards now plus these."""
    unjudged: int = 0
    """Follows and throws of other seats before this play that the replay did not judge (the hand's
    legality not known): what they showed the seat is not known, so none is in :attr:`follows` or
    :attr:`throws` — a view resting on them is withheld (:mod:`.view`), never judged without them."""
    buried_by: int | None = None
    """The seat that buried the bottom as it lies (rule 3: the dealer, or after 炒地皮 the last rebidder),
    when the bottom's cards are known (a ``Buried:`` line or a bury derived) and the dealer is."""
    earlier: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    """炒地皮 (rule 3): per bury this seat made before the last, ``(need, seats)``: ``need`` (54 counts) the
    copies of its cards that must be, at the start of play, in the hands of ``seats`` (the later takers
    but this seat) or in the bottom — its cards less those this seat and the cards out of the deal (the
    known bottom, a position's earlier tricks) may account for."""
    earlier_unknown: bool = False
    """炒地皮: this seat buried before the last bury and the record does not give what (or the engine did
    not use the line): what it knew of those cards is not known — a view resting on it is withheld."""
    bottom_known: bool = False
    """The bottom's cards are known to the record (:func:`bury_in_play`): dealt among the unseen cards, or
    the seat's own bury."""
    buriers_open: tuple[int, ...] = ()
    """Rule 3 when the record does not fix the dealer's seat: the seats that may have buried the bottom as it
    lies (the dealer's side's two seats — every seat when the side is not known either — and any rebidder after
    the bottom), when its cards are known and are some; empty otherwise.  A seat among them may have known the
    bottom or not: its view rests on which, and is withheld (:mod:`.view`), never judged as if it had not."""

    def voids(self) -> list[set[int]]:
        """Per recipient (N, E, S, W, bottom): the suit groups it holds none of (rule 4)."""
        out: list[set[int]] = [set() for _ in range(5)]
        for f in self.follows:
            if f.void_group is not None:
                out[f.seat].add(f.void_group)
        return out


def _counts(cards) -> list[int]:
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def bury_in_play(h: HandResult, record: Hand | None) -> tuple[int, ...] | None:
    """The bottom as it lies during play (rule 3): the bury the engine derived when it derived one (the
    record gives no ``Buried:`` line, or one it did not use: ``check``'s ``derived`` fact ``buried``), else
    the record's ``Buried:`` line; ``None`` when neither (the bottom's cards not known)."""
    for d in h.derived:
        if d.fact == "buried":
            return parse_cards(d.value.split())
    if record is None or any(kind == "buried" for kind, _ in record.aside_unread):
        return None         # (a line with cards not read: not known whole, the engine does not use it)
    return record.buried


def _takers(h: HandResult, record: Hand | None) -> list[int]:
    """Who took the bottom and buried, in order (the dealer, then 炒地皮's rebidders); empty when the
    dealer is not known."""
    if h.dealer is None:
        return []
    return bottom_takers(h.dealer, record.declarations) if record is not None else [h.dealer]


def _dealers_open(h: HandResult) -> frozenset[int]:
    """The seats that may have dealt ``h``: its dealer when known, else the dealer's side's two seats when that
    is known (fixed partners), else every seat."""
    if h.dealer is not None:
        return frozenset((h.dealer,))
    if h.defenders and not h.rules.friend:
        return frozenset(h.defenders)
    return frozenset(range(4))


def _buriers_open(h: HandResult, record: Hand | None, buried) -> tuple[int, ...]:
    """:attr:`Knowledge.buriers_open`: the seats that may have buried the bottom as it lies, when the record does
    not fix the dealer's seat and the bottom's cards are known (a bottom not known is dealt to no seat, nor is a
    bottom of no card: the view is then the same whoever buried it)."""
    if h.dealer is not None or not buried:
        return ()
    rebids = {d.seat for d in record.declarations if d.after_bottom} if record is not None else set()
    return tuple(sorted(_dealers_open(h) | rebids))


def knowledge_at(h: HandResult, record: Hand | None, index: int, play: int) -> Knowledge:
    """What the player of play ``play`` of trick ``index`` of ``h`` knows (rules 1–7 above)."""
    ctx = hand_context(h.rules, h.level, h.trump)
    t = h.tricks[index]
    seat = t.plays[play].seat
    now = [list(x) for x in t.hands_before]
    for p in t.plays[:play]:
        for k in p.cards:
            now[p.seat][k] -= 1
    buried = bury_in_play(h, record)
    takers = _takers(h, record)
    buried_by = takers[-1] if takers and buried is not None else None
    bottom = _counts(buried) if buried is not None else [0] * NUM_KINDS
    bottom_dealt = buried is not None and seat != buried_by
    real = [tuple(now[s]) if s != seat else (0,) * NUM_KINDS for s in range(4)]
    real.append(tuple(bottom) if bottom_dealt else (0,) * NUM_KINDS)
    unseen = [sum(r[k] for r in real) for k in range(NUM_KINDS)]
    sizes = tuple(sum(r) for r in real)
    follows = _follows(ctx, h, index, play, seat)
    declared = _declared(h, record, index, play, seat, bottom_dealt, buried is not None)
    bottom_points = None if bottom_dealt else h.bottom_points
    throws = _throws(ctx, h, index, play)
    unjudged = 0
    if not h.legality_known:        # rules 4 and 6: only what the replay judged legal tells anything
        unjudged = len(follows) + len(throws)
        follows, throws = [], []
    first = h.tricks[0].hands_before
    played = tuple(tuple(a - b for a, b in zip(first[s], now[s])) for s in range(4))
    earlier, earlier_unknown = _earlier(h, record, takers, seat, now[seat], unseen, played)
    return Knowledge(seat, index, play, tuple(now[seat]), tuple(unseen), sizes, tuple(follows), tuple(declared),
                     tuple(real), bottom_points, tuple(throws), played, unjudged, buried_by, earlier,
                     earlier_unknown, buried is not None, _buriers_open(h, record, buried))


def _earlier(h: HandResult, record: Hand | None, takers: list[int], seat: int, own: list[int], unseen: list[int],
             played) -> tuple[tuple, bool]:
    """Rule 3 under 炒地皮: ``(Knowledge.earlier, Knowledge.earlier_unknown)`` for ``seat``.  Each card a
    taker buried went to the next taker's hand, and from there stayed (held, or played since the first
    trick) or was buried again for the taker after: at the start of play it is in a later taker's hand or
    in the bottom.  The copies of it this seat holds or played, and those neither held by anyone nor
    played in the record (the bottom known to the seat, a position's earlier tricks), may be those copies:
    only the rest is asked of the other later takers and the bottom (never more than is sure)."""
    mine = [i for i in range(len(takers) - 1) if takers[i] == seat]
    if not mine:
        return (), False
    buries = record.earlier_buries if record is not None else ()
    if (len(buries) != len(takers) - 1 or any(d.fact == "earlier_bury" for d in h.derived)
            or any(u.tag == "Buried" for u in h.unknowns)):
        return (), True     # the record does not give the bury this seat made, or the engine did not use it
    decks = h.rules.decks
    gone = [decks - own[k] - unseen[k] - sum(p[k] for p in played) for k in range(NUM_KINDS)]
    out = []
    for i in mine:
        later = set(takers[i + 1:])
        need = _counts(buries[i])
        for k in range(NUM_KINDS):
            mine_k = own[k] + played[seat][k] if seat in later else 0
            need[k] = max(0, need[k] - gone[k] - mine_k)
        out.append((tuple(need), tuple(sorted(later - {seat}))))
    return tuple(out), False


def friend_sides(kn: Knowledge, deal, dealer: int, card: int, decks: int) -> frozenset[int]:
    """Friend mode (找朋友, docs/rules.md §11): the dealer's side in ``deal`` (5 recipients' counts of
    the unseen cards; the seat's own hand is ``kn.own``).  The partner is fixed by who holds the
    called ``card`` when the play starts — not by who plays it — as the engine resolves it
    (:func:`~tractor_analysis.engine.partners.friend_side`, the replay's rule): a dealer holding every copy plays alone; else the first holder
    going round from the dealer in play order; a copy in the bottom (buried) is held by nobody.
    The holdings at the start are each hand's cards in the deal plus what it has played since (rule 2)."""
    held = [(kn.own[card] if s == kn.seat else deal[s][card]) + kn.played[s][card] for s in range(4)]
    return friend_side(dealer, held, decks)


def _played_since(h: HandResult, seat: int, index: int, start: int, index_now: int, play_now: int) -> list[int]:
    """The cards ``seat`` played from trick ``index`` position ``start`` up to (not including) the
    play ``play_now`` of trick ``index_now``."""
    out: list[int] = []
    for i in range(index, index_now + 1):
        t = h.tricks[i]
        for j, p in enumerate(t.plays):
            if (i == index and j < start) or (i == index_now and j >= play_now):
                continue
            if p.seat == seat:
                out.extend(p.cards)
    return out


def _follows(ctx, h: HandResult, index: int, play: int, seat: int) -> list[Follow]:
    out = []
    for i in range(index + 1):
        t = h.tricks[i]
        if not t.plays:
            continue
        faults = {v.seat for v in t.violations if not held_as_analysed(t, v)}     # (the record's finding: no fault)
        lead = t.plays[0].cards
        group = ctx.order.group
        led = group[lead[0]] if lead else None
        for j, p in enumerate(t.plays):
            if j == 0 or p.seat == seat or p.seat in faults or (i == index and j >= play):
                continue
            since = tuple(_played_since(h, p.seat, i, j, index, play))
            in_group = sum(1 for k in p.cards if group[k] == led)
            void = led if in_group < len(lead) else None
            out.append(Follow(p.seat, tuple(lead), tuple(p.cards), since, void))
    return out


def _throws(ctx, h: HandResult, index: int, play: int) -> list[ThrowSeen]:
    """The throws led before the play being judged (rule 6)."""
    out = []
    for i in range(index + 1 if play > 0 else index):
        t = h.tricks[i]
        if not t.plays:
            continue
        lead = t.plays[0]
        shown = lead.attempted if lead.attempted is not None else lead.cards
        shown_lead = analyse_lead(ctx, tuple(shown))
        faults = {v.seat for v in t.violations if not held_as_analysed(t, v)}     # (the record's finding: no fault)
        if lead.seat in faults or shown_lead.mixed or not shown_lead.is_throw:
            continue
        since = tuple(tuple(_played_since(h, s, i, 0, index, play)) for s in range(4))
        out.append(ThrowSeen(lead.seat, tuple(shown), tuple(lead.cards), lead.attempted is not None, since))
    return out


def _declared(h: HandResult, record: Hand | None, index: int, play: int, seat: int, bottom_dealt: bool,
              bottom_known: bool) -> list:
    if (record is None or record.setup or record.earlier_buries or not record.declarations
            or any(d.after_bottom for d in record.declarations)):     # 炒地皮: the cards may have moved twice
        return []
    out = []
    for d in record.declarations:
        if d.seat == seat or (d.seat == h.dealer and not bottom_known):  # (its cards may be in a bottom not known)
            continue
        since = tuple(_played_since(h, d.seat, 0, 0, index, play))
        out.append((d.seat, tuple(d.cards), since, bottom_dealt and d.seat == h.dealer))
    return out


def _held_shown(now, shown, since) -> bool:
    """Rule 6: the leader of a failed throw held every card it showed (only cards held are shown)
    — its hand at the trick's start, its cards ``now`` in the deal plus those it has played ``since``."""
    need = _counts(shown)
    for k in since:
        need[k] -= 1
    return all(n <= now[k] for k, n in enumerate(need) if n > 0)


def agrees(kn: Knowledge, ctx, deal: tuple[tuple[int, ...], ...] | list, voids_kept: bool = False) -> bool:
    """Does ``deal`` (5 recipients' counts of the unseen cards) agree with everything ``kn`` says?

    ``voids_kept``: the deal is known to keep every revealed void (:meth:`Knowledge.voids`, as the
    sampler deals them), so the follows that revealed a void, and the in-group follows to a
    one-card lead (legal whatever else is held), cannot rule it out and are not checked again —
    the same answer, faster (tested against the full check)."""
    for f in kn.follows:
        if voids_kept and (f.void_group is not None or len(f.lead) == 1):
            continue
        hand = list(deal[f.seat])
        for k in f.since:
            hand[k] += 1
        if not is_legal_follow(ctx, analyse_lead(ctx, f.lead), hand, f.cards):
            return False
    for s, cards, since, may_be_bottom in kn.declared:
        have = list(deal[s])
        for k in since:
            have[k] += 1
        need = _counts(cards)
        for k in range(NUM_KINDS):
            if need[k] > have[k] + (deal[BOTTOM][k] if may_be_bottom else 0):
                return False
    for need, seats in kn.earlier:          # rule 3, 炒地皮: a bury this seat made is with a later taker or the bottom
        for k, n in enumerate(need):
            if n and n > deal[BOTTOM][k] + sum(deal[s][k] + kn.played[s][k] for s in seats):
                return False
    for t in kn.throws:
        if t.failed and t.leader != kn.seat and not _held_shown(deal[t.leader], t.shown, t.since[t.leader]):
            return False
        others = []
        for i in (1, 2, 3):
            s = (t.leader + i) & 3
            hand = list(kn.own if s == kn.seat else deal[s])
            for k in t.since[s]:
                hand[k] += 1
            others.append((s, hand))
        if not throw_as_seen(ctx, t.shown, t.played, t.failed, others):
            return False
    return True


__all__ = ["BOTTOM", "Follow", "Knowledge", "ThrowSeen", "bury_in_play", "friend_sides", "knowledge_at", "agrees"]

"""A hand's setting — who deals, the dealer's side, the level and the trump — from what the
record states, derived from what it states, or unknown; never defaulted.

docs/rules.md "What the record must state" is the dependency table this module follows:

* the dealer → the sides → the attackers' points, the sign of a penalty, the check of
  ``[Level]``, the outcome and the levels after; a full hand's first leader;
* the dealer's side alone is enough for the points, penalties and the level check: a position
  without ``[Dealer]`` whose ``[Level]`` only one side plays (``[Levels]``) has it, derived;
* the level and the trump → every verdict (which cards are trump); a trump not stated is derived from
  ``[Declarations]`` where every one stands (the last one's) and the hand's play began;
* the deal → the follows and throws (:mod:`tractor_analysis.records.deal_checks`).

:func:`hand_setting` returns a :class:`Setting`: the facts (``None`` when unknown), the
record's ``dealer_mismatch`` / ``level_mismatch`` / ``bad_declaration`` violations, the
facts derived (:class:`~.verdicts.Derived`, saying from what) and the unknowns
(:class:`~.verdicts.Unknown`, one per missing tag, naming what was withheld).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..records.cards import BJ, LJ, RANK_OF, RANK_TOKENS, SEAT_TOKENS, TEAMS, team_of, trump_token
from ..records.model import Hand
from ..records.rulesets import BidDealer, NoDeclaration, RuleSet
from . import explain_bury, explain_contradicted, explain_deal_lines, explain_hand, explain_tags, explain_held, explain_unknown
from .bury_dealer import bury_makers, dealer_from_bury
from .declared_level import NOTHING_CARRIED, level_against_declarations, level_not_carried
from .declarations import (DeclarationsJudged, bid_winner, bottom_takers, check_declarations, judge_declarations,
                           trump_without_declaration)
from .explain import Message
from .verdicts import Derived, Unknown, Violation, as_record_finding, new_violation

EVERY_VERDICT = ("verdicts", "points", "outcome", "levels")
"""What a hand withholds without its trump or level: which cards are trump decides every play."""


@dataclass(frozen=True, slots=True)
class Setting:
    """Who deals, the level and the trump played, and what the record gets wrong about them."""
    dealer: int | None
    """The dealer's seat; ``None`` when unknown."""
    side: int | None
    """The dealer's side (0 N–S, 1 E–W); ``None`` when unknown (and always in friend mode
    without the dealer's seat, the partner being found from it)."""
    level: int | None
    trump: int | None
    judged: bool
    """The plays can be judged: the trump and the level are known."""
    levels: tuple[int | None, ...]
    """The player levels carried into the hand, with the dealer's side's level learned from
    ``[Level]`` where the carried one was unknown."""
    violations: tuple[Violation, ...]
    derived: tuple[Derived, ...]
    unknowns: tuple[Unknown, ...]
    contradicted: tuple[tuple[str, int | None], ...] = ()
    """Facts the record states that the rest of it contradicts, each with the value the rest gives:
    ``("dealer", seat)`` (a ``dealer_mismatch``), ``("level", rank)`` (a ``level_mismatch``),
    ``("trump", suit)`` (the declarations fix another trump): :mod:`.contradictions`."""
    questioned: tuple[tuple[str, int | None], ...] = ()
    """Facts the record states once, nothing else in it naming them, each with the other value the rules give
    (``None``: the plays name it).  ``("dealer", None)`` when ``[Dealer]`` alone names the dealer (no hand before
    carries one, no declaration stands): the seat that led the first trick names another when the engine finds
    that lead out of turn (the dealer leads it).  ``("level", start)`` when ``[Level]`` alone names the level of
    the record's first hand (no ``[Levels]``, no declaration) and it is not the level every match starts at:
    the record may begin mid-match, or ``[Level]`` be miscopied.  ``("trump", None)`` when ``[Trump]`` alone names
    the trump (no declaration recorded, not a position): the other value is the trump the table's plays bear out
    best, found by weighing.  What the table did is an act a table can get
    wrong, so this alone never sets the tag aside: it is weighed only when more speaks against the recorded
    value — the cards (a card played and not held, cards left, a bury not held), which set it aside, or the
    table's acts (``[Claim]``; for the level, the follows and leads the level makes wrong), by which both values
    are kept when they bear the other out better (:func:`.contradictions.questioned`)."""

    @property
    def withheld(self) -> frozenset[str]:
        return frozenset(w for u in self.unknowns for w in u.withheld)


def _violation(code: str, seat: int | None, message: Message) -> Violation:
    return new_violation(code=code, trick=None, seat=seat, played=(), better=(),
                         message_zh=message[0], message_en=message[1])


DEALER_OPEN = "dealer_open"
"""The ``chain`` of a hand after one judged once for each way of what its record leaves open, whose ways give
different next dealers (each outcome known: :attr:`.verdicts.HandResult.outcomes_open`): the levels are carried (kept
or bounded, docs/rules.md §10.2), the dealer is not — nor is ``[Dealer]`` checked."""


PREVIOUS_HAND = "the previous hand's outcome"
"""The ``from`` of a dealer derived from the hand before (docs/rules.md §8.2)."""


def dealer_unread(hand: Hand) -> bool:
    """``[Dealer]`` (JSON ``"dealer"``) written but not read: a value that names no seat, or of the wrong type — its
    place kept (:meth:`~tractor_analysis.records.model.Hand.position`) with no dealer (``"?"`` keeps none)."""
    return hand.dealer is None and hand.position("dealer") is not None


def trump_unread(hand: Hand) -> bool:
    """``[Trump]`` (JSON ``"trump"``) written but not read, as :func:`dealer_unread`."""
    return not hand.trump_known and hand.position("trump") is not None


def _derived(fact: str, value: str, source: str, message: Message) -> Derived:
    return Derived(fact, value, source, message[0], message[1])


def hand_setting(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], expected_dealer: int | None,
                 first_of_match: bool, levels_known: bool, chain: str | None = None,
                 first_hand: bool = True) -> Setting:
    """The setting of ``hand`` (``levels``: per player, ``None`` where unknown; ``chain``:
    ``skipped`` / ``no_result`` when the hand before broke the chain of levels and dealers)."""
    derived: list[Derived] = []
    unknowns: list[Unknown] = []
    own = (_own_levels(hand, rules, levels) if (first_of_match and expected_dealer is None
                                                and rules.bid_dealer is BidDealer.LAST) else None)
    alts: list[tuple[str, int | None]] = []
    questioned: list[tuple[str, int | None]] = []
    declared = _level_declared(hand, rules, levels, levels_known, own)
    dealer, violations = _dealer(hand, rules, levels, expected_dealer, first_of_match, own, derived, alts, questioned,
                                 declared)
    if dealer is None and hand.dealer is None:      # not stated ("?", missing, unreadable): the cards may fix it
        dealer = _dealer_from_cards(hand, rules, levels, levels_known, derived)
    if own is not None and hand.dealer is None and dealer is not None:
        # the dealer derived ([Declarations]: every reading of the levels not known names it): [Level] is its side's
        own = _own_levels(hand, rules, levels, dealer, derived)
    side = None if dealer is None else team_of(dealer)
    if dealer is None and not rules.friend and levels_known and hand.level is not None:
        # the sides that may play [Level]: at it, or at a level not known (it may be [Level] — never left out)
        at_level = [t for t in (0, 1) if levels[t] in (hand.level, None)]
        against = _cards_against(hand, at_level[0]) if len(at_level) == 1 else None
        if against is not None:
            # the tags name a side the hand's own cards speak against (neither of its seats can have made the bury,
            # or the other side led the first trick): the tags, a line or a play is miscopied — not derived
            unknowns.append(Unknown("Dealer", (), *explain_unknown.side_against_cards(at_level[0], hand.level,
                                                                                       against)))
        elif len(at_level) == 1:           # only one side can play [Level]: the dealer is on it
            side = at_level[0]
            derived.append(_derived("dealer_side", TEAMS[side], "[Level] and [Levels]",
                                    explain_unknown.side_from_levels(side, hand.level, levels[side] is None)))
        elif not at_level and None not in levels[:2]:   # wrong whoever deals
            found = _violation("level_mismatch", None, explain_unknown.level_of_neither_side(
                hand.level, levels[0], levels[1], stated=first_hand))
            # (the record's first hand: [Levels] states them — one statement of the record against another, §13.1)
            violations.append(as_record_finding(found) if first_hand else found)
    levels_in = levels
    level, level_violations, levels = _level(hand, levels, dealer, side, levels_known, rules.friend, derived,
                                             first_hand, alts, questioned, declared, unknowns)
    violations += level_violations
    ranks: tuple[int, ...] = ()
    if chain in NOTHING_CARRIED:        # nothing carried in: the declarations fix a level, or [Level] alone is weighed
        level, levels, ranks, lone = level_not_carried(hand, rules, levels_in, levels, level, dealer, side, own, derived)
        questioned += lone
        other, found = level_against_declarations(hand, rules, levels_in, dealer, side, own)
        alts += other       # [Level] against the level the declarations show: weighed (contradictions.judge)
        violations += found
    trump, trump_derived = hand.trump, False
    not_fixed = None        # why the declarations do not fix a trump not stated (explain_unknown.trump_unknown)
    if hand.trump_known and level is not None:
        if hand.declarations_known:
            violations += _check_trump(hand, rules, level, dealer, own, alts, unknowns)
        elif hand.declarations or _whole_deal_given(hand):   # a check there would be: withheld, said so
            what = ("declaration_check",)
            unknowns.append(Unknown("Declarations", what, *explain_unknown.declarations_unknown(what)))
    elif not hand.trump_known and hand.declarations and hand.declarations_known:
        # the trump not stated: whether each declaration was one, and overcalled the one before, rests on the
        # level, not on the trump — judged; where every one stands, the last fixes the trump (derived)
        judged_declarations = None if level is None else judge_declarations(hand.declarations, level, rules,
                                                                            hand.deal, dealer, own)
        if judged_declarations is not None:
            violations += _declaration_problems(hand, rules, judged_declarations, unknowns, dealer)
        not_fixed = _trump_not_fixed(hand, judged_declarations)
        if not_fixed is None:
            trump, trump_derived = judged_declarations.trump, True
            last = hand.declarations[-1]        # (every declaration stands: the last one is standing)
            derived.append(_derived("trump", trump_token(trump), "[Declarations]",
                                    explain_unknown.trump_from_declarations(trump, last.seat, last.cards,
                                                                                   trump_unread(hand))))
    # a score sheet's hand (result_only) judges no play: a trump it does not state decides nothing
    trump_ok = hand.trump_known or hand.result_only or trump_derived
    judged = trump_ok and level is not None
    if (hand.trump_known and level is not None and not hand.declarations_known and not hand.declarations
            and not hand.setup and not hand.result_only):
        questioned.append(("trump", None))      # [Trump] alone names the trump (a position states its trump)
    if not trump_ok:
        unknowns.append(Unknown("Trump", EVERY_VERDICT, *explain_unknown.trump_unknown(EVERY_VERDICT, not_fixed)))
    elif not hand.trump_known and not trump_derived:
        # a score sheet's hand without [Trump]: unknown (never NT), nothing rests on it
        unknowns.append(Unknown("Trump", (), *explain_unknown.sheet_trump_unknown()))
    elif level is None:
        unknowns.append(Unknown("Level", EVERY_VERDICT, *explain_unknown.level_unknown(EVERY_VERDICT, ranks)))
    if hand.setup and not hand.points_known:
        if _full_hands(hand, rules):     # nothing played yet: no points taken
            derived.append(_derived("points", "0", "the hands (a whole deal each)",
                                    explain_unknown.points_from_whole_deal(rules.hand_size)))
        else:
            what = ("points", "outcome", "levels")
            unknowns.append(Unknown("Points", what, *explain_unknown.points_unknown(what)))
    elif hand.setup and hand.points and _full_hands(hand, rules):
        # a [Points] naming points taken before a position whose every seat holds a whole deal (nothing played, so
        # none taken): two statements of the record, one miscopied, and not which — neither taken (docs/rules.md §14.1)
        what = ("points", "outcome", "levels")
        unknowns.append(Unknown("Points", what, *explain_unknown.points_against_whole_deal(hand.points,
                                                                                            rules.hand_size, what)))
    if not hand.setup and hand.points:      # [Points] on a full hand: played from the deal, 0 before it — said
        derived.append(_derived("points", "0", "the deal (a full hand: no [SetUp \"1\"])",
                                explain_tags.points_on_full_hand(hand.points)))
    if hand.friend is not None and not rules.friend:
        # [Friend] under fixed partners: the record says a partner was called, the rules that it sits opposite —
        # the sides and all that rests on them withheld, neither taken alone (docs/rules.md §11, §14.1)
        what = ("sides", "points", "penalties", "outcome", "levels")
        unknowns.append(Unknown("Friend", what, *explain_tags.friend_without_friend_mode(hand.friend, rules.name,
                                                                                          what)))
    bad_value = dealer_unread(hand)
    if dealer is None and side is None:
        what = ("dealer", "sides", "points", "penalties", "level_check", "outcome", "levels")
        what += () if hand.setup else ("first_leader",)
        unknowns.append(Unknown("Dealer", what, *explain_unknown.dealer_unknown(what, bad_value)))
    elif dealer is None:
        what = ("dealer", "outcome", "levels") + (() if hand.setup else ("first_leader",))
        unknowns.append(Unknown("Dealer", what, *explain_unknown.dealer_seat_unknown(what, side, bad_value)))
    rebid = _rebid_buries_unknown(hand, dealer)
    if rebid is not None:
        unknowns.append(rebid)
    if chain is not None and (hand.level is not None or hand.dealer is not None):
        # what the broken chain leaves unchecked: [Level] when the levels carried in are unknown,
        # [Dealer] when no dealer is carried over (a hand skipped, missing, or before the record;
        # never a position's, whose [Dealer] is not checked against a hand before: see _dealer)
        level_open = chain not in ("bid_for_unknown", DEALER_OPEN) and (chain not in ("begins_later", "number_unknown")
                                                                     or not levels_known)
        what = tuple(w for w, stated in (("level_check", hand.level is not None and level_open),
                                         ("dealer_check", hand.dealer is not None and chain != "no_result"
                                          and not hand.setup))
                     if stated)
        if what:
            unknowns.append(Unknown("Levels", what, *explain_unknown.chain_broken(chain, what, hand.number)))
    return Setting(dealer, side, level, trump, judged, levels, tuple(violations), tuple(derived),
                   tuple(unknowns), tuple(alts), tuple(questioned))


def _cards_against(hand: Hand, side: int) -> str | None:
    """What in ``hand``'s own cards speaks against ``side`` being the dealer's side, or ``None``: ``"bury"`` — neither
    of its seats can have made the bury the record gives (the ``Buried:`` line's cards in its deal line with the
    ``Bottom:`` line, and its plays among what is left it: the dealer buries from those and plays the rest); ``"lead"``
    — the hand's first trick is led by a seat of the other side (the dealer leads it, docs/rules.md §4.1).  The bury is
    no evidence where a line, the bottom or the bury is not given or not read whole, or several took the bottom
    (炒地皮); the lead none in a position or where the record does not give trick 1's lead."""
    seats = (side, side + 2)
    makers = bury_makers(hand)
    # a Buried: line no seat can have made (itself miscopied: bad_bury) says nothing of the sides; one a seat of
    # the other side only can have made speaks against the side named
    if makers and not set(makers) & set(seats):
        return "bury"
    if not hand.setup and hand.tricks and hand.tricks[0].number == 1 and hand.tricks[0].plays \
            and hand.tricks[0].plays[0].seat not in seats:
        return "lead"
    return None


def _own_levels(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], derived_dealer: int | None = None,
                derived: list[Derived] | None = None) -> tuple[int | None, ...]:
    """The level each seat declares at in a deal bid for under ``bid_dealer = last`` (docs/rules.md §8.2): its own
    carried level; where that is not known (``None``), the dealer's side's is the hand's stated ``[Level]`` when
    the record states the dealer (friend mode: the dealer's own), and the other side's stays unknown — never the
    hand's level taken for a seat it is not stated for (:func:`.declarations.judge_declarations` judges the rest
    under every reading).  ``derived_dealer``: the dealer the record does not state but fixes (:func:`_dealer`:
    the final standing declarer whatever the levels not known are) — its side's level is ``[Level]`` all the same,
    said in ``derived`` (a ``levels`` fact); without one, ``[Level]`` is applied to neither side."""
    dealer = hand.dealer if hand.dealer is not None else derived_dealer
    if hand.level is None or dealer is None or None not in levels:
        return levels
    side = (dealer,) if rules.friend else (dealer, (dealer + 2) % 4)
    if hand.dealer is None and derived is not None and any(levels[s] is None for s in side):
        value = SEAT_TOKENS[dealer] if rules.friend else TEAMS[team_of(dealer)]
        derived.append(_derived("levels", f"{value} {RANK_TOKENS[hand.level]}", "[Level] and the dealer derived",
                                explain_unknown.levels_from_derived_dealer(hand.level, dealer, rules.friend)))
    return tuple(hand.level if lv is None and s in side else lv for s, lv in enumerate(levels))


def _rebid_buries_unknown(hand: Hand, dealer: int | None) -> Unknown | None:
    """After 炒地皮, a hand that does not give every bury (one per taker of the bottom: only the last,
    or none) or no ``Bottom:`` line: the takers' hands are read from their plays
    (:func:`.starting_hands.starting_hands` follows the chain only when the bottom, every bury and
    every taker's deal line are given), so their legality is withheld — said here, naming what the
    record leaves out (``rebid_buries``: the buries, one per taker; ``Bottom``: the ``Bottom:`` line).
    A taker without a deal line is said by the ``deal`` item already."""
    if hand.setup or hand.result_only or hand.deal is None or dealer is None:
        return None     # (no deal lines: every seat is read from its plays, missing_deal says so)
    takers = bottom_takers(dealer, hand.declarations)
    unread = dict(hand.aside_unread)    # a line with cards not read is not used (.starting_hands)
    buries = len(hand.earlier_buries) + 1 if hand.buried is not None else 0
    if len(takers) < 2 and buries < 2:
        return None     # no rebid: the dealer's bury is judged (or said unknown) by starting_hands
    if unread.get("buried"):
        buries = 0
    if buries == len(takers) and hand.bottom is not None and not unread.get("bottom"):
        return None     # the chain is followed (a taker without a deal line: the deal item)
    what = ("legality",)
    # not tag "Buried": that one says a bottom whose points are not known (check --json and the dataset
    # then leave the bottom's multiplier and bonus out, and count a bottom captured), and here the
    # bottom in play is the last bury when given, and nothing about it is needed when the defenders
    # take the last trick; what is missing is the buries of the rebid
    tag = "Bottom" if buries == len(takers) else "rebid_buries"
    return Unknown(tag, what, *explain_bury.rebid_buries_not_given(takers, buries, tag == "Bottom", what))


def _whole_deal_given(hand: Hand) -> bool:
    """The record gives every seat's deal line (a hand, not a position, the bottom checked elsewhere)."""
    return not hand.setup and hand.deal is not None and all(hand.deal)


def _full_hands(hand: Hand, rules: RuleSet) -> bool:
    """Every seat holds a full hand (:attr:`RuleSet.hand_size` cards), whether or not the record is
    a position: nothing has been played, so the attackers have taken no points yet.  (Not
    :func:`_whole_deal_given`, which asks whether the record is a hand with every deal line.)"""
    return hand.deal is not None and all(cards is not None and len(cards) == rules.hand_size for cards in hand.deal)


def _dealer(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], expected_dealer: int | None,
            first_of_match: bool, own: tuple[int | None, ...] | None,
            derived: list[Derived], alts: list | None = None,
            questioned: list | None = None, declared: int | None = None) -> tuple[int | None, list[Violation]]:
    """The dealer: as recorded, else as the previous hand named, else — a deal bid for (the
    first hand, a hand marked ``bid_for``) — the declarer ``bid_dealer`` names (the first, or
    the final standing one, each seat then declaring with its level in ``own``), else unknown
    (``None``).  A recorded dealer that is neither is a ``dealer_mismatch``; one nothing else names is
    ``questioned`` (:attr:`Setting.questioned`).  ``declared``: the level the declarations show, no
    ``[Level]`` (:func:`_level_declared`)."""
    first_declarer = None
    # (declarations not all readable: the first declarer may be the one not read — nothing derived)
    if hand.declarations and hand.declarations_known and (
            hand.dealer is None or (first_of_match and expected_dealer is None)):
        guess = hand.level if hand.level is not None else declared if declared is not None else levels[0]
        if guess is not None:
            first_declarer = bid_winner(hand.declarations, guess, rules, hand.deal, own)
    dealer = hand.dealer
    if dealer is None:
        if expected_dealer is not None:
            derived.append(_derived("dealer", SEAT_TOKENS[expected_dealer], PREVIOUS_HAND,
                                    explain_unknown.dealer_from_previous_hand(expected_dealer, dealer_unread(hand))))
            return expected_dealer, []
        if first_declarer is not None and (first_of_match or hand.bid_for):
            derived.append(_derived("dealer", SEAT_TOKENS[first_declarer], "[Declarations]",
                                    explain_unknown.dealer_from_declarations(
                                        first_declarer, rules.bid_dealer is BidDealer.LAST, dealer_unread(hand))))
            return first_declarer, []
        return None, []
    if hand.setup:
        return dealer, []
    if expected_dealer is not None and dealer != expected_dealer:
        if alts is not None:
            alts.append(("dealer", expected_dealer))
        return dealer, [_violation("dealer_mismatch", None, explain_hand.dealer_mismatch(dealer, expected_dealer))]
    if expected_dealer is None and first_of_match and first_declarer is not None and dealer != first_declarer:
        message = (explain_hand.bid_dealer_mismatch(dealer, first_declarer) if rules.bid_dealer is BidDealer.LAST
                   else explain_hand.first_dealer_mismatch(dealer, first_declarer, hand.bid_for))
        if alts is not None:
            alts.append(("dealer", first_declarer))
        return dealer, [_violation("dealer_mismatch", None, message)]
    if expected_dealer is None and first_declarer is None and questioned is not None:
        questioned.append(("dealer", None))     # [Dealer] alone names the dealer (the plays name another)
    return dealer, []


def _dealer_from_cards(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], levels_known: bool,
                       derived: list[Derived]) -> int | None:
    """The dealer ``[Dealer]`` does not state (nor the hand before, nor the declarations) that the hand's own cards
    fix (:func:`.bury_dealer.dealer_from_bury`: the one seat that can have made the bury, and led the first trick),
    said in ``derived`` — unless ``[Level]`` and the levels carried say its side cannot play the hand's level (the
    record is wrong somewhere: not derived, the side's check below says so); else ``None``."""
    fixed = dealer_from_bury(hand, rules)
    if fixed is None:
        return None
    seat, of_plays = fixed
    if not rules.friend and levels_known and hand.level is not None and levels[seat] not in (hand.level, None):
        return None
    derived.append(_derived("dealer", SEAT_TOKENS[seat], PLAYED_BURY_SOURCE if of_plays else BURY_SOURCE,
                            explain_unknown.dealer_from_bury(seat, of_plays, hand.buried is not None,
                                                             dealer_unread(hand))))
    return seat


BURY_SOURCE = "the hand's deal lines, Bottom: and Buried: lines and first lead"
"""The ``from`` of a dealer the hand's own cards fix (:func:`_dealer_from_cards`)."""

PLAYED_BURY_SOURCE = ("the hand's deal lines, Bottom: line, first lead and the bury the cards played give (every seat "
                      "a whole hand: the cards nobody played)")
"""The ``from`` of a dealer the hand's own cards fix with the bury its plays give (the ``Buried:`` line missing, or
no seat can have made it: :func:`.bury_dealer.dealer_from_bury`)."""


def _level_declared(hand: Hand, rules: RuleSet, levels: tuple[int | None, ...], levels_known: bool,
                    own: tuple[int | None, ...] | None) -> int | None:
    """The level the declarations show at the record's first hand (no ``[Levels]``) whose ``[Level]`` is not
    stated, where they speak against the level every match starts at: every declared level card of one rank,
    and fewer of the declarations fail at that rank than at the start (a declaration of ``♥3`` declares
    nothing at 2) — the record begins mid-match, at that level (docs/rules.md §14.1).  ``None`` otherwise (the
    start stands: :func:`_level`), and in friend mode or a deal bid for at each seat's own level."""
    if (hand.level is not None or levels_known or None in levels or len(set(levels)) != 1 or rules.friend
            or own is not None or not hand.declarations or not hand.declarations_known or hand.setup
            or hand.result_only):
        return None
    ranks = {RANK_OF[c] for d in hand.declarations for c in d.cards if c not in (LJ, BJ)}
    if len(ranks) != 1:
        return None
    (rank,) = ranks
    start = levels[0]       # (every seat's, the record's first hand: where every match starts)
    if rank == start:
        return None
    problems = lambda level: len(check_declarations(hand.declarations, level, rules, hand.deal, hand.dealer)[3])  # noqa: E731
    return rank if problems(rank) < problems(start) else None


def _level(hand: Hand, levels: tuple[int | None, ...], dealer: int | None, side: int | None, levels_known: bool,
           friend: bool, derived: list[Derived],
           first_hand: bool = True, alts: list | None = None,
           questioned: list | None = None,
           declared: int | None = None,
           unknowns: list[Unknown] | None = None) -> tuple[int | None, list[Violation], tuple[int | None, ...]]:
    """The level played: ``[Level]``, else the dealer's carried level (in a position: said to be
    derived), else unknown; a ``[Level]`` other than the carried one is a ``level_mismatch``
    when the carried levels and the dealer's side are known.  The levels carried in come back
    with the dealer's side's unknown level learned from ``[Level]``.  A first hand at another level than the
    start, whose level nothing but ``[Level]`` names (no ``[Levels]``, no declaration), names the start in
    ``questioned`` (:attr:`Setting.questioned`).  ``declared``: a first hand without ``[Level]`` whose
    declarations show another level than the start (:func:`_level_declared`): that level, derived from them,
    the other side's not known (the record begins mid-match).  ``unknowns``: where a level is withheld (friend mode,
    :func:`_levels_contradicted`)."""
    seat = dealer if dealer is not None else side        # a seat of the dealer's side (N=0 / E=1 for a side)
    carried = levels[seat] if seat is not None else None
    if declared is not None and seat is not None:
        learned: list[int | None] = [None] * 4
        for s in (seat, (seat + 2) % 4):
            learned[s] = declared
        derived.append(_derived("level", RANK_TOKENS[declared], "[Declarations] ([Level] and [Levels] not stated)",
                                explain_unknown.level_from_declarations(declared, carried, team_of(seat))))
        if questioned is not None:      # the start, weighed by the table's plays (contradictions.questioned)
            questioned.append(("level", carried))
        return declared, [], tuple(learned)
    if not levels_known and None not in levels and hand.level in (None, carried if seat is not None else levels[0]):
        # the record's first hand (hand 1), no [Levels]: the levels [Level] does not state are where
        # every match starts — derived, and said so (the dealer's side's own is said below, or stated)
        start = levels[0]
        team = None if friend or seat is None else team_of(seat)
        if seat is None:
            derived.append(_derived("levels", f"NS {RANK_TOKENS[start]} EW {RANK_TOKENS[start]}",
                                    "the level every match starts at", explain_unknown.sides_from_start(start)))
        else:
            other = "others" if team is None else TEAMS[1 - team]
            derived.append(_derived("levels", f"{other} {RANK_TOKENS[levels[(seat + 1) % 4]]}",
                                    "the level every match starts at",
                                    explain_unknown.others_from_start(levels[(seat + 1) % 4], team)))
    if hand.level is None:
        if carried is not None:
            if not levels_known:            # the record's first hand, no [Levels]: where every match starts
                derived.append(_derived("level", RANK_TOKENS[carried], "the level every match starts at",
                                        explain_unknown.level_from_start(carried)))
            elif hand.setup or first_hand:
                derived.append(_derived("level", RANK_TOKENS[carried], "[Levels] and the dealer",
                                        explain_unknown.level_from_levels(carried, team_of(seat))))
            else:
                derived.append(_derived("level", RANK_TOKENS[carried], "the levels carried and the dealer",
                                        explain_unknown.level_from_carried(carried, team_of(seat))))
        return carried, [], levels
    if not levels_known and seat is not None and carried is not None and hand.level != carried:
        # no [Levels], and the first hand is played at another level than the one every match starts
        # at: the record begins mid-match.  The dealer's side plays [Level]; the other side's level
        # is not stated anywhere: unknown (learned again from a later [Level]), never the start's
        learned: list[int | None] = [None] * 4
        for s in ((seat,) if friend else (seat, (seat + 2) % 4)):
            learned[s] = hand.level
        derived.append(_derived("levels", f"{TEAMS[team_of(seat)]} {RANK_TOKENS[hand.level]}",
                                "[Level] ([Levels] not stated)",
                                explain_unknown.levels_from_first_level(hand.level, team_of(seat))))
        if questioned is not None and not hand.declarations and not hand.setup:    # (a position states its level)
            questioned.append(("level", carried))   # [Level] alone names the level: the start is the other value
        return hand.level, [], tuple(learned)
    if seat is not None and carried is None:             # learned: the side plays the level it states
        learned = list(levels)
        for s in ((seat,) if friend else (seat, (seat + 2) % 4)):    # friend mode: each player's own level
            if learned[s] is None:
                learned[s] = hand.level
        return hand.level, [], tuple(learned)
    if levels_known and carried is not None and hand.level != carried and first_hand:
        # the record's first hand: [Levels] states what is carried in, and [Level] contradicts it
        return _levels_contradicted(hand, hand.level, levels, seat, carried, friend, derived, alts, unknowns)
    if levels_known and carried is not None and hand.level != carried:
        message = explain_hand.level_mismatch(hand.level, carried, team_of(seat),
                                              seat if friend and dealer is not None else None)
        if alts is not None:
            alts.append(("level", carried))
            if not friend and hand.dealer is not None and levels[(seat + 1) % 4] == hand.level:
                # or the dealer is miswritten: the other side plays [Level] (either of its seats)
                alts.extend((("dealer", (seat + 1) % 4), ("dealer", (seat + 3) % 4)))
        return hand.level, [_violation("level_mismatch", None, message)], levels
    return hand.level, [], levels


LEVELS_CONTRADICTED = "[Level] ([Levels] contradicts it)"
"""The ``from`` of the levels a record's first hand is read at when its ``[Level]`` is not the level ``[Levels]``
gives the dealer's side (:func:`_levels_contradicted`): :func:`.contradictions.judge` knows the case by it."""


def _levels_contradicted(hand: Hand, level: int, levels: tuple[int | None, ...], seat: int, stated: int, own: bool,
                         derived: list[Derived], alts: list | None, unknowns: list[Unknown] | None = None
                         ) -> tuple[int, list[Violation], tuple[int | None, ...]]:
    """:func:`_level` for the record's first hand whose ``[Level]`` is not the level ``[Levels]`` gives the dealer's
    side (``stated``; ``own``: friend mode, the dealer's own level): two statements of the record against each other
    (docs/rules.md §14.1), neither the carried result of a hand before.  Read here as ``[Level]`` (``level``) states —
    the dealer's side at it from the start, ``[Levels]`` miscopied (said: a ``levels`` fact) —, and at ``stated`` (in
    ``alts``: :mod:`.contradictions` keeps what the hand's own evidence bears out, else what both give).  Either way
    one of the two is the scorer's slip: the ``level_mismatch`` is the record's finding, no seat's act (§13.1).
    In friend mode each player keeps a level of their own (§11) and ``[Levels]`` gives one value per side: read as
    ``[Level]`` states, that value is miscopied for the dealer, and the dealer's partner of the side (the seat
    opposite) — whose level rests on the same value — is not known (an :class:`Unknown` in ``unknowns``; learned
    again from a later ``[Level]``), never taken from it."""
    side = (seat,) if own else (seat, (seat + 2) % 4)
    opposite = (seat + 2) % 4
    learned = tuple(level if s in side else None if own and s == opposite else lv for s, lv in enumerate(levels))
    if own and unknowns is not None and levels[opposite] is not None:
        unknowns.append(Unknown("Levels", (), *explain_contradicted.levels_partner_set_aside(
            opposite, seat, level, stated)))
    team, dealer = team_of(seat), (seat if own else None)
    who = SEAT_TOKENS[seat] if own else TEAMS[team]
    derived.append(_derived("levels", f"{who} {RANK_TOKENS[level]}", LEVELS_CONTRADICTED,
                            explain_contradicted.levels_from_level_tag(level, stated, team, dealer)))
    if alts is not None:
        alts.append(("level", stated))
        if not own and hand.dealer is not None and levels[(seat + 1) % 4] == level:
            # or the dealer is miswritten: the other side plays [Level] (either of its seats)
            alts.extend((("dealer", (seat + 1) % 4), ("dealer", (seat + 3) % 4)))
    message = explain_hand.levels_tag_mismatch(level, stated, team, dealer)
    return level, [as_record_finding(_violation("level_mismatch", None, message))], learned


def _check_trump(hand: Hand, rules: RuleSet, level: int, dealer: int | None,
                 own: tuple[int | None, ...] | None = None, alts: list | None = None,
                 unknowns: list[Unknown] | None = None) -> list[Violation]:
    """Bad declarations (judged at ``level``, or at each seat's own level in ``own``), and a
    recorded trump other than the one the declarations (or, when nobody declared, the
    ``no_declaration`` rule) fix: ``bad_declaration``, the trump they fix added to ``alts`` (the hand
    is judged under each: :mod:`.contradictions`).  Declarations recorded of which none stands (each
    declares nothing, or is refused) are nobody declaring (docs/rules.md §9.4): the rule fixes the
    trump.  That holds at the level and dealer judged here, whatever another value of a contradicted
    ``[Level]`` / ``[Dealer]`` would make of them: the hand is judged under that value too, where a
    declaration that stands there fixes the trump instead (each judgement applies what its own values
    call for; a trump neither gives under a judgement's other values is not kept: :mod:`.contradictions`).
    A check the record does not give what it needs for (the bottom's order under
    ``third_bottom_card``) is withheld: an :class:`Unknown` added to ``unknowns`` — so is a declaration
    whose verdict rests on a seat's own level not known (``None`` in ``own``), and the trump check when the
    trump they fix does (:func:`.declarations.judge_declarations`: judged under every reading of it)."""
    if not hand.declarations:       # stated: nobody declared (a position, a score sheet: no deal to check)
        return [] if hand.setup or hand.result_only else _check_no_declaration(hand, rules, hand.trump, unknowns,
                                                                                alts)
    judged = judge_declarations(hand.declarations, level, rules, hand.deal, dealer, own)
    out = _as_violations(judged.problems)
    _open_declarations(hand, rules, judged, unknowns, dealer)
    if not judged.trump_known:      # which trump (or whether one) they fix rests on a level not known: not checked
        if unknowns is not None:
            what = ("declaration_check",)
            unknowns.append(Unknown("Levels", what, *explain_unknown.declared_trump_open(
                hand.number, judged.unknown_seats, rules.friend, what, _level_nobodys(hand, dealer))))
        return out
    if not judged.declared:         # every declaration refused: nobody declared (as [Declarations ""] above)
        if not (hand.setup or hand.result_only):
            out += _check_no_declaration(hand, rules, hand.trump, unknowns, alts, refused=True)
        return out
    if judged.trump != hand.trump:
        if alts is not None:
            alts.append(("trump", judged.trump))
        # (two statements of the record against each other, no seat's act: the record's finding, docs/rules.md §13.1)
        out.append(as_record_finding(_violation("bad_declaration", None,
                                                explain_hand.declared_trump_mismatch(judged.trump, hand.trump))))
    return out


def _declaration_problems(hand: Hand, rules: RuleSet, judged: DeclarationsJudged, unknowns: list[Unknown],
                          dealer: int | None) -> list[Violation]:
    """The declarations that were none, or did not overcall (``judged``: :func:`.declarations.judge_declarations`),
    without the trump: what :func:`_check_trump` finds that does not rest on the hand's trump."""
    _open_declarations(hand, rules, judged, unknowns, dealer)
    return _as_violations(judged.problems)


def _trump_not_fixed(hand: Hand, judged: DeclarationsJudged | None) -> str | None:
    """Why ``hand``'s declarations (``judged`` at its level; ``None``: the level not known) do not fix the trump
    ``[Trump]`` does not state — a key of :data:`.explain_unknown._NOT_FIXED`, ``""`` when they say nothing of it —
    or ``None`` when they fix it (docs/rules.md §9.1, §14.1): every declaration stands (none declares nothing, fails
    to overcall, or shows cards its declarer's deal line does not hold; none rests on a level not known), and the
    hand's play began (a trick recorded: the deal, and its declarations, were over — not a Botzone match the judge
    ended during the deal).  A score sheet's hand judges no play: nothing is derived for it."""
    if hand.result_only or not hand.tricks:
        return ""
    if judged is None:
        return "level"
    if judged.problems:
        return "faulty"
    if judged.open or not judged.trump_known or not judged.declared:
        return "open"
    return None


def _level_nobodys(hand: Hand, dealer: int | None) -> bool:
    """``[Level]`` stated, but no dealer stated or derived: it is the dealer's side's level, and that side is not
    known, so it is applied to neither (:func:`_own_levels`; the words say so)."""
    return hand.level is not None and dealer is None


def _open_declarations(hand: Hand, rules: RuleSet, judged: DeclarationsJudged,
                       unknowns: list[Unknown] | None, dealer: int | None = None) -> None:
    """Each declaration whose verdict rests on a level not known: an :class:`Unknown` added to ``unknowns`` (tag
    ``Levels``, the tag that would state it) naming the hand, the seat and the level — not judged, never a
    ``bad_declaration`` (``dealer``: the hand's, ``None`` when not known — the words then say why ``[Level]``
    does not give the level)."""
    if unknowns is not None:
        nobodys = _level_nobodys(hand, dealer)
        unknowns.extend(Unknown("Levels", (), *explain_unknown.declaration_open(
            hand.number, d.seat, d.cards, d.own_level, judged.unknown_seats, rules.friend, nobodys))
            for d in judged.open)


def _as_violations(problems) -> list[Violation]:
    return [new_violation(code="bad_declaration", trick=None, seat=p.seat, played=p.cards, better=(),
                          message_zh=p.message_zh, message_en=p.message_en) for p in problems]


def _check_no_declaration(hand: Hand, rules: RuleSet, trump: int | None,
                          unknowns: list[Unknown] | None = None, alts: list | None = None,
                          refused: bool = False) -> list[Violation]:
    """Nobody declared (rules.md §9.4 ``no_declaration``, :func:`declarations.trump_without_declaration`),
    as the record states (``[Declarations ""]``, or declarations none of which stands: ``refused``; the
    caller checks they are stated).  The check needs the
    rule and, under ``third_bottom_card``, the bottom *in the order it lay* — the record's ``Bottom:``
    line — and nothing else (not the deal).  A bottom the record does not give in order (no ``Bottom:``
    line: a bottom derived from the four deal lines is a set of cards, not their order), or too short to
    have a third card, leaves the check withheld (``unknown`` tag ``Bottom``), never passed.  A recorded
    trump other than the rule's is a contradiction like one against a declaration (rules.md §14.1): the
    rule's trump is added to ``alts``, and the hand is judged under each (:mod:`.contradictions`).  Under
    ``redeal`` no trump is the rule's (the hand should not have been played): nothing is added."""
    unread = dict(hand.aside_unread).get("bottom", 0)     # the line's order not known: its third card neither
    expected, redeal, known = trump_without_declaration(rules, None if unread else hand.bottom)
    if redeal:
        return [_violation("bad_declaration", None, explain_hand.no_declaration_redeal(refused))]
    if not known:
        if rules.no_declaration is NoDeclaration.THIRD_BOTTOM_CARD and unknowns is not None:
            what = ("declaration_check",)
            unknowns.append(Unknown("Bottom", what, *explain_bury.third_bottom_card_unknown(
                what, hand.bottom is not None, _whole_deal_given(hand), unread, refused)))
        return []
    if trump == expected:
        return []
    if alts is not None:
        alts.append(("trump", expected))
    third = hand.bottom[2] if rules.no_declaration is NoDeclaration.THIRD_BOTTOM_CARD else None
    return [as_record_finding(_violation("bad_declaration", None, explain_hand.no_declaration_trump_mismatch(
        expected, trump, third, refused)))]


# --- facts found unknown during the replay (the hands and tricks decide them) ---------------

def claim_unknown(setting: Setting) -> Setting:
    """A score sheet's hand without ``[Claim]``: its total is the only score it has, so the points,
    the outcome and the levels after are unknown (never a total of 0)."""
    what = ("points", "outcome", "levels")
    return dataclasses.replace(setting, unknowns=setting.unknowns + (
        Unknown("Claim", what, *explain_unknown.sheet_total_unknown(what)),))


def bottom_unknown(setting: Setting, bad_line: bool = False) -> Setting:
    """The setting with the bottom unknown where it counts: the attackers won the last trick of a
    hand played out, and the record gives no bottom (no ``Buried:``, no whole deal to derive it;
    ``bad_line``: a ``Buried:`` line the dealer could not have made, ``bad_bury``, not used)."""
    what = ("points", "outcome", "levels")
    # a Buried: line with cards that could not be read, not used (.starting_hands: its item withholds nothing)
    unread = any(u.tag == "Buried" and not u.withheld for u in setting.unknowns)
    return dataclasses.replace(setting, unknowns=setting.unknowns + (
        Unknown("Buried", what, *explain_bury.bottom_unknown(what, bad_line and not unread, unread)),))


def friend_unknown(hand: Hand, setting: Setting) -> Setting:
    """The setting with the friend-mode partner unknown (no ``[Friend]``, or a copy of its card
    the record does not place): the sides and all that rests on them withheld."""
    what = ("sides", "points", "penalties", "outcome", "levels")
    message = (explain_unknown.friend_card_unknown(what) if hand.friend is None
               else explain_unknown.friend_holder_unknown(hand.friend, what))
    return dataclasses.replace(setting, unknowns=setting.unknowns + (Unknown("Friend", what, *message),))


def position_seats_unknown(setting: Setting, seats: frozenset[int]) -> Setting:
    """The setting with the hands of a position's seats that have no deal line unknown (docs/rules.md
    §14.1): whether the plays were legal is withheld (a fault their own plays prove still stands), and
    so is the outcome (whether the hand was played out is not known)."""
    what = ("legality", "outcome", "levels")
    return dataclasses.replace(setting, unknowns=setting.unknowns + (
        Unknown("deal", what, *explain_held.position_seats_unknown(tuple(sorted(seats)), what)),))


def throws_unknown(setting: Setting, seats: frozenset[int], tricks: tuple[int, ...], penalty: bool,
                   position: bool) -> Setting:
    """The setting once a verdict of a throw against ``seats`` (cards read from their plays, not known
    to be all they held) was withheld in ``tricks`` (:mod:`.unsure_throws`): the throws against them
    are judged only where their plays prove them beaten; ``penalty``: a failed-throw penalty's count
    rested on it, so the attackers' points are withheld too.  Where one of ``seats`` has a deal line
    with cards that could not be read, that line's ``deal`` item says it (:func:`.starting_hands.
    starting_hands` made it); else the ``deal`` item :func:`position_seats_unknown` or
    :func:`hand_seats_unknown` made says it — only that item is rewritten, never another ``deal``
    item; a full hand with neither gets a ``deal`` item of its own."""
    shown = tuple(sorted(seats))
    what = ("throw_check",) + (("points", "outcome", "levels") if penalty else ())
    unread = {i: explain_deal_lines.unread_line_seat((u.message_zh, u.message_en))
              for i, u in enumerate(setting.unknowns) if u.tag == "deal"}
    mine = {i for i, s in unread.items() if s in seats}
    if not mine:            # no line with cards not read among them: the seats without a line
        words = explain_held.position_seats_unknown if position else explain_held.hand_seats_unknown
        mine = {i for i in unread if _seats_item(setting.unknowns[i], words) is not None}
    else:
        words = None
    if not mine:
        return dataclasses.replace(setting, unknowns=setting.unknowns + (
            Unknown("deal", what, *explain_held.throws_against_unknown(shown, tricks, what)),))
    unknowns = list(setting.unknowns)
    for i in mine:
        u = unknowns[i]
        both = tuple(dict.fromkeys(u.withheld + what))
        message = (words(shown, both, tricks) if words is not None else explain_deal_lines.line_unread_throws(
            (u.message_zh, u.message_en), u.withheld, shown, tricks, both))
        unknowns[i] = Unknown("deal", both, *message)
    return dataclasses.replace(setting, unknowns=tuple(unknowns))


def _seats_item(u: Unknown, words) -> tuple[int, ...] | None:
    """The seats ``u`` names, when :func:`position_seats_unknown` or :func:`hand_seats_unknown` (their
    ``words``) made it, else ``None``."""
    for bits in range(1, 16):
        seats = tuple(s for s in range(4) if bits >> s & 1)
        if words(seats, u.withheld) == (u.message_zh, u.message_en):
            return seats
    return None


def hand_seats_unknown(setting: Setting, seats: frozenset[int]) -> Setting:
    """The setting of a full hand whose deal gives no line for ``seats`` (docs/rules.md §14.1 "the
    deal"): their cards are read from their plays, so the legality is withheld (said, naming them)."""
    what = ("legality",)
    return dataclasses.replace(setting, unknowns=setting.unknowns + (
        Unknown("deal", what, *explain_held.hand_seats_unknown(tuple(sorted(seats)), what)),))

"""What a record tells about each seat's cards, and so whether a trick is known to end the hand.

The replay always has four hands to work with: when the record gives no deal line for a seat,
the engine takes the cards the seat plays.  That is the seat's hand only when the record holds
every card it played — otherwise it is just the cards it is known to have.  The pages must not
rest on the difference (docs/rules.md: derived or unknown, never guessed), so each seat's hand
is one of:

* ``"deal"`` — its deal line (or the line the engine derived from the decks, one line left out:
  :mod:`tractor_analysis.engine.line_from_decks`): a position's line is its hand at ``[FirstTrick]``; a full hand's
  line is its hand for play unless the seat took the bottom (dealer, 炒地皮 rebidders), whose
  exchange the line does not show — unless the bottom and the bury are known too, so that the
  engine's hand for it (deal + bottom − buried) holds a whole hand's cards (the bury as the record
  states it: then so even when it played a whole hand, :func:`exchange_stated`);
* ``"plays"`` — derived from its plays: a full hand (not a position) where the seat played a
  whole hand's cards (``hand_size``), so the record has every card it held;
* ``""`` — not known: only the cards it played are.
"""
from __future__ import annotations

from tractor_analysis.engine.declarations import bottom_takers
from tractor_analysis.engine.line_from_decks import seats_derived
from tractor_analysis.engine.played_cards import how_many_played
from tractor_analysis.engine.verdicts import HandResult, TrickResult
from tractor_analysis.records.model import Hand

DEAL, PLAYS, UNKNOWN = "deal", "plays", ""


def hand_sources(hand: Hand, result: HandResult) -> tuple[str, str, str, str]:
    """N, E, S, W: where each seat's hand comes from (``"deal"``, ``"plays"`` or ``""``)."""
    played = how_many_played(hand)
    position = hand.setup and result.setup      # (a [SetUp] set aside: judged as a full hand, engine.setup_tag)
    takers = set() if position else set(bottom_takers(result.dealer, hand.declarations))
    first = result.tricks[0].hands_before if result.tricks else ()
    decks = seats_derived(result)     # a line the engine derived from the decks: its hand rests on it, as on a line
    out = []
    for s in range(4):
        line = hand.deal is not None and bool(hand.deal[s]) or s in decks
        if line and s not in takers:
            out.append(DEAL)
        elif line and first and sum(first[s]) == result.rules.hand_size and (
                played[s] < result.rules.hand_size or exchange_stated(hand, result)):
            out.append(DEAL)        # a taker whose exchange is known: deal line + bottom − buried
        elif not position and played[s] == result.rules.hand_size:
            out.append(PLAYS)
        else:
            out.append(UNKNOWN)
    return tuple(out)      # type: ignore[return-value]


def exchange_stated(hand: Hand, result: HandResult) -> bool:
    """Whether a bottom-taker's hand is its deal line with the bottom, less the bury, each as the
    record gives it (the bottom its ``Bottom:`` line or what the four deal lines leave): no bury the
    engine had to derive from the plays, none it could not know, no ``Bottom:`` or ``Buried:`` line
    set aside.  Then the taker's hand rests on the deal lines even when it played a whole hand."""
    bottom = hand.bottom is not None or any(d.fact == "bottom" for d in result.derived)
    return (bottom and hand.buried is not None
            and not any(d.fact in ("buried", "earlier_bury") for d in result.derived)
            and not any(u.tag in ("Bottom", "Buried") for u in result.unknowns))


def ends_hand(trick: TrickResult, sources: tuple[str, ...]) -> bool:
    """Did ``trick`` empty every hand (末轮, the last trick)?  Only when every seat's hand is
    known (:func:`hand_sources`) and none holds a card after it — a record that stops early
    ends no hand."""
    if not all(sources):
        return False
    for seat, held in enumerate(trick.hands_before):
        left = list(held)
        for play in trick.plays:
            if play.seat == seat:
                for k in play.cards:
                    if left[k]:
                        left[k] -= 1
        if any(left):
            return False
    return True


__all__ = ["hand_sources", "ends_hand", "exchange_stated", "DEAL", "PLAYS", "UNKNOWN"]

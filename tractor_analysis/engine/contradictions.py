"""A tag the rest of the record contradicts: the hand judged under each value, what all give kept.

A hand-written ``[Level "3"]`` where the earlier hands carry the dealer's side at 2 (and W declared
with ♣2) is a ``level_mismatch``; but the record does not say which is right — the tag, or the
carried level.  Judging every trick at 3 (level cards are trumps) would accuse players of wrong
follows on a guess, and under the tournament rule cost them levels.  So (docs/rules.md §14.1):

- the contradiction itself is reported as found (``level_mismatch``, ``dealer_mismatch``, the
  ``bad_declaration`` naming a trump the declarations — or, none standing, the no_declaration rule —
  do not fix; that one only where the hand's evidence keeps the level and dealer it was found at);
- the hand is judged once with each value — the tag's, and the one the rest of the record gives
  (the level carried, the dealer the previous hand or the first declarer names, the trump the
  declarations fix), every combination when several tags are contradicted — and a value a
  judgement under other values names for another tag, with those values (at the level the earlier
  hands carry, a declaration the recorded level made void fixes a trump ``[Trump]`` contradicts);
  a combination whose trump neither ``[Trump]`` nor the declarations (nor the rule) give at its
  level and dealer is not kept (:func:`_groundless`);
- what every judgement gives is kept (:func:`.agreement.agree`: violations, winners, points,
  outcome, levels), the rest withheld, and an ``"unknown"`` item per tag says so.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Callable, Sequence

from ..records.model import Hand
from . import explain_contradicted, explain_hand, explain_unknown
from .agreement import agree, shared_facts, sides_withheld
from .deal_lines import SHOWN_BY
from .setting import LEVELS_CONTRADICTED
from .verdicts import Derived, HandResult, Unknown, Violation, as_record_finding, new_violation

TAGS = {"level": "Level", "dealer": "Dealer", "trump": "Trump"}
_AS_RECORDED = object()
"""A fact left as the record gives it, in a combination of values to judge."""
"""Each contradicted fact's tag (the ``"unknown"`` item's ``tag``)."""


_FACT_OF = {"level_mismatch": "level", "dealer_mismatch": "dealer", "bad_declaration": "trump"}
"""The fact a contradiction (:func:`_contradiction`) is about."""


def _contradiction(v: Violation) -> bool:
    """A violation that is the contradiction itself (kept as the record gives it)."""
    return v.trick is None and (v.code in ("level_mismatch", "dealer_mismatch")
                                or (v.code == "bad_declaration" and v.seat is None))


EVIDENCE = SHOWN_BY | {"bad_bury", "bad_declaration"}
"""Findings by which the hand's own cards and declarations speak against the values it is judged
under: a card played and not held, cards left (:data:`.deal_lines.SHOWN_BY`, by which the plays speak
against a seat's cards — a deal line, or a way of filling in a play the record leaves out:
:mod:`.record_gaps`), a bury not held, a declaration that declares nothing at that level or fixes
another trump (and a first trick led by another seat than the dealer)."""


def _conflicts(r: HandResult, lead: bool = True) -> int:
    """How many of the hand's own findings speak against the values ``r`` was judged under (``lead``: the
    first trick's lead among them)."""
    return sum(1 for v in r.violations if _evidence(v, r, lead))


def _evidence(v: Violation, r: HandResult, lead: bool = True) -> bool:
    """``v`` is one of the hand's own findings against the values ``r`` was judged under (never the
    contradiction itself: a trump the declarations do not fix is one statement against another; the
    first trick led by another seat than the dealer only with ``lead``)."""
    if v.code in EVIDENCE:
        return not _contradiction(v)
    return lead and _first_lead(v, r)


def card_conflicts(r: HandResult) -> int:
    """How many of the hand's own cards' findings speak against the values ``r`` was judged under (the first
    lead, which alone never chooses, not among them: :func:`_conflicts`)."""
    return _conflicts(r, False)


def evidence_codes(r: HandResult) -> list[str]:
    """The codes of the hand's own findings against the values ``r`` (a hand judged as recorded) was judged under,
    sorted: the cards left, a card played and not held, a bury not held, a declaration that does not stand, the
    first trick led by another seat than the dealer (:func:`_evidence`) — a ``deal_mismatch`` naming no seat and no
    cards left (copies beyond the decks the record shows: :func:`.starting_hands.shown_beyond_decks`) as
    ``copies_beyond``, the key of its words (:data:`.explain_contradicted._AGAINST`)."""
    return sorted({_said_as(v) for v in r.violations if _evidence(v, r)})


def _said_as(v: Violation) -> str:
    """The key of :func:`evidence_codes`' words for ``v``: its code, or ``copies_beyond`` for a seatless
    ``deal_mismatch`` with no cards left (not the cards left after the last trick its code's words name)."""
    return "copies_beyond" if v.code == "deal_mismatch" and v.seat is None and not v.played else v.code


def _first_lead(v: Violation, r: HandResult) -> bool:
    """``v`` is the hand's first trick led by another seat than the dealer ``r`` was judged under (the
    engine's own ``out_of_turn`` of that lead)."""
    first = r.tricks[0].number if r.tricks else None
    return (v.code == "out_of_turn" and first is not None and v.trick == first and bool(v.played)
            and bool(r.tricks[0].plays) and v.seat == r.tricks[0].plays[0].seat)


def questioned(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult]
               ) -> tuple[bool | None, tuple[tuple[str, int], ...], HandResult | None]:
    """How a tag nothing else names (``result.questioned``: ``[Dealer]``, ``[Level]``, ``[Trump]``; docs/rules.md
    §14.1) is weighed against the other value — for ``[Dealer]`` the seat whose lead of the first trick the engine
    found out of turn (the dealer leads it), for ``[Level]`` the level every match starts at, for ``[Trump]`` the
    trumps that bear the hand out best (:func:`_trump_weighed`) —, those values (``(("dealer", seat),)``,
    ``(("level", rank),)``, ``(("trump", suit), ...)``, else ``()``) and the hand judged under them (``None`` when
    not needed).  The first: ``True`` when the cards set the tag aside (fewer cards played and not held, cards
    left or buries not held under the other value — :func:`judge` as for any contradicted tag), ``False`` when
    the cards speak for neither but the table's acts bear out the other value better (both kept: :func:`judge`
    without the first lead, which alone never chooses), ``None`` when the tag stands (as recorded, today's
    judgement).  The acts: ``[Claim]`` and the leads after the first (:func:`_acts_against`), and for the
    level and the trump the plays they make wrong too (:data:`LEVEL_ACTS`)."""
    asked = dict(result.questioned)
    if not asked or result.contradicted:
        return None, (), None
    if "level" in asked and hand.level is None:     # the level the declarations show (setting._level_declared)
        return _declared_level_weighed(hand, result, replay, asked["level"])
    # weighed only when more than the act naming the other value speaks against the tag: for the dealer the
    # cards or [Claim] (the first lead alone never chooses), for the level the cards or any act it makes wrong,
    # for the trump any act it makes wrong
    leader = next((v.seat for v in result.violations if _first_lead(v, result)), None) if "dealer" in asked else None
    both = (("dealer", leader), ("level", asked.get("level")))
    dealer = "dealer" in asked and _dealer_gate(result)
    level = asked.get("level") is not None and _level_gate(result)
    if dealer:
        got = _weighed(hand, result, replay, both[:1], _acts_against)
        if got[0] is not None:
            return _with_level(hand, replay, got, both)      # and [Level]?
    if level:       # (the dealer's tag not set aside: the cards and [Claim] do not speak against it)
        got = _weighed(hand, result, replay, both[1:], _level_acts)
        if got[0] is not None:
            return got
    if "level" in asked and asked["level"] is None and _level_gate(result):    # no start: every other level
        got = _lone_level_weighed(hand, result, replay)
        if got[0] is not None:
            return got
    if "trump" in asked and _level_acts(result):        # (which cards are held and left: the same whatever the trump)
        return _trump_weighed(hand, result, replay)
    return None, (), None


def _declared_level_weighed(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult], start: int
                            ) -> tuple[bool | None, tuple[tuple[str, int], ...], HandResult | None]:
    """:func:`questioned` for the level a first hand's declarations show, ``[Level]`` not stated (``result``
    judged at it: :func:`.setting._level_declared`), against ``start``, where every match starts, at which they
    declare nothing: the declarations speak for their level, so it stands unless the table's plays bear the
    start out better (fewer of the acts a level makes wrong: :func:`_level_acts`) — then the two are
    statements against each other (a declaration miswritten, or the table's own bad declaration, at the start;
    or a record begun mid-match), both kept (:func:`judge`: what both give)."""
    acts = _level_acts(result)
    if not acts:
        return None, (), None
    other = replay(_with(hand, [("level", start)]))
    if _level_acts(other) >= acts:
        return None, (), None
    return False, (("level", start),), other


def _declared_level(hand: Hand, result: HandResult) -> bool:
    """``result`` is judged at the level a first hand's declarations show, weighed against the start
    (:func:`_declared_level_weighed`): every judgement is kept, none chosen by the cards alone."""
    return hand.level is None and any(f == "level" for f, _ in result.contradicted)


def _trump_weighed(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult]
                   ) -> tuple[bool | None, tuple[tuple[str, int | None], ...], HandResult | None]:
    """:func:`questioned` for a ``[Trump]`` nothing else names (no declaration recorded): the hand judged with
    every other trump (each suit, no trump); those with the fewest cards against them, then the fewest of the
    plays a trump makes wrong (the acts of :func:`_level_acts`: which cards are trumps decides the follows, the
    throws and the winners, so the leads), when they bear the hand out better than the tag — ``True`` when by the
    cards, ``False`` by the acts alone (both kept), and then by two acts or more: a miscopied trump makes many, and
    one act alone (a revoke in dispute, which another trump might make legal) is the table's to answer for —, each
    as another value of the fact."""
    weight = (_conflicts(result, False), _level_acts(result))
    judged = []
    for trump in (0, 1, 2, 3, None):
        if trump != hand.trump:
            other = replay(_with(hand, [("trump", trump)]))
            judged.append(((_conflicts(other, False), _level_acts(other)), trump, other))
    best = min(w for w, _, _ in judged)
    if best[0] > weight[0] or (best[0] == weight[0] and weight[1] - best[1] < 2):
        return None, (), None       # (one act against the tag is what a dispute is about: it alone never weighs it)
    kept = [(trump, other) for w, trump, other in judged if w == best]
    choice = tuple(("trump", trump) for trump, _ in kept)
    return best[0] < weight[0], choice, kept[0][1] if len(kept) == 1 else None


def _lone_level_weighed(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult]
                        ) -> tuple[bool | None, tuple[tuple[str, int], ...], HandResult | None]:
    """:func:`questioned` for a ``[Level]`` nothing else names where no level is carried in and no start is known
    (the record's first hand numbered above 1 without ``[Levels]``, a hand after a break in the chain; no
    declaration): the hand judged at every other level, as a ``[Trump]`` alone is with every other trump
    (:func:`_trump_weighed`) — those with the fewest cards against them, then the fewest of the acts a level makes
    wrong (:func:`_level_acts`), when they bear the hand out better than the tag: by the cards (``True``: the tag set
    aside), else by two acts or more (``False``: both kept; one act alone is the table's to answer for)."""
    weight = (_conflicts(result, False), _level_acts(result))
    judged = [((_conflicts(o, False), _level_acts(o)), level, o)
              for level, o in ((lv, replay(_with(hand, [("level", lv)]))) for lv in range(2, 15) if lv != hand.level)]
    best = min(w for w, _, _ in judged)
    if best[0] > weight[0] or (best[0] == weight[0] and weight[1] - best[1] < 2):
        return None, (), None
    kept = [(level, o) for w, level, o in judged if w == best]
    return best[0] < weight[0], tuple(("level", level) for level, _ in kept), kept[0][1] if len(kept) == 1 else None


def _dealer_gate(r: HandResult) -> bool:
    """More than the first lead speaks against ``r``'s dealer (the first lead alone never chooses): the cards, or
    ``[Claim]``."""
    return any(_evidence(v, r, False) or v.code == "claim_mismatch" for v in r.violations)


def _level_gate(r: HandResult) -> bool:
    """Something speaks against ``r``'s level: the cards, or an act it makes wrong (:func:`_level_acts`)."""
    return bool(_level_acts(r) or _conflicts(r, False))


def _with_level(hand: Hand, replay: Callable[[Hand], HandResult], got: tuple, both: tuple) -> tuple:
    """``got`` (the dealer's tag weighed: the other dealer bears the hand out), or — when ``[Level]`` is questioned
    too, something still speaks against it under that dealer, and both other values together bear the hand out
    better than the dealer alone (fewer cards against them, else fewer of the acts the level makes wrong) — both,
    for :func:`judge` to weigh every combination of the two: the two tags miscopied together (judged at the wrong
    level, the other dealer alone keeps every fault the level makes)."""
    lead, _, one = got
    if one is None or any(value is None for _, value in both) or not _level_gate(one):
        return got
    joint = replay(_with(hand, list(both)))
    cards, cards_joint = _conflicts(one, False), _conflicts(joint, False)
    if cards_joint < cards or (cards_joint == cards and _level_acts(joint) < _level_acts(one)):
        return lead, both, joint
    return got


LEVEL_ACTS = frozenset({"follow_suit", "follow_pair", "follow_tractor", "follow_triple", "mixed_lead", "throw_failed",
                        "wrong_forced_play"})
"""The findings that rest on which cards are trumps, so on the level: the table's plays a wrong level makes wrong."""


def _level_acts(r: HandResult) -> int:
    """:func:`_acts_against`, and the plays ``r``'s level makes wrong (:data:`LEVEL_ACTS`)."""
    return _acts_against(r) + sum(1 for v in r.violations if v.code in LEVEL_ACTS)


def _weighed(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult],
             choice: tuple[tuple[str, int | None], ...], acts: Callable[[HandResult], int]
             ) -> tuple[bool | None, tuple[tuple[str, int], ...], HandResult | None]:
    """:func:`questioned` for the other values ``choice`` (a fact's value ``None``: none named): the hand judged
    under them, the cards weighed first, then the table's ``acts``."""
    if any(value is None for _, value in choice):
        return None, (), None
    other = replay(_with(hand, list(choice)))
    cards, cards_other = _conflicts(result, False), _conflicts(other, False)
    if cards_other != cards:
        return (True if cards_other < cards else None), choice, other
    return (False if acts(other) < acts(result) else None), choice, other


def _acts_against(r: HandResult) -> int:
    """How many of the table's own acts speak against the values ``r`` was judged under: a trick after
    the first led by another seat than the winner of the trick before (the table's leads say whom it saw
    win), and the attackers' points differing from ``[Claim]``.  They never choose a value by themselves
    (a lead out of turn or a miscounted claim is also a fault the table can make); they keep a value set
    aside only for declarations that do not stand there (:func:`_declarations_only`) when it has fewer of
    them than every value kept (:func:`judge`)."""
    first = r.tricks[0].number if r.tricks else None
    return sum(1 for v in r.violations
               if v.code == "claim_mismatch" or (v.code == "out_of_turn" and v.trick is not None and v.trick != first
                                                 and bool(v.played) and _leads(v, r)))


def _declarations_only(r: HandResult) -> bool:
    """Every finding against the values ``r`` was judged under is a declaration that does not stand there:
    statements the table wrote, which its acts may outweigh — not a card played and not held, cards left,
    a bury not held (the cards themselves against those values)."""
    return all(v.code == "bad_declaration" for v in r.violations if _evidence(v, r))


def _leads(v: Violation, r: HandResult) -> bool:
    """``v`` (an ``out_of_turn``) is a trick's lead, not a later play of it."""
    trick = next((t for t in r.tricks if t.number == v.trick), None)
    return trick is not None and bool(trick.plays) and v.seat == trick.plays[0].seat


def _groundless(key: frozenset, r: HandResult) -> bool:
    """A judgement under a trump that nothing gives with its other values: ``r``, judged with the trump
    in ``key``, finds the declarations (or, none standing, the no_declaration rule) fix another at the
    level and dealer it was judged under — so neither ``[Trump]`` (not the recorded trump) nor the
    rest of the record gives the one it was judged with.  Every combination of the contested values
    is judged (:func:`judge`), and a trump found under one value of ``[Level]`` / ``[Dealer]`` pairs
    with the others too: at the level carried, where the declarations fix the recorded trump, the
    no_declaration rule's trump (nobody declaring at ``[Level]``) would be such a value.  Not kept."""
    return any(f == "trump" for f, _ in key) and any(f == "trump" for f, _ in r.contradicted)


def _by_rule(hand: Hand, judgements: dict, value: int | None) -> bool:
    """The trump ``value`` is the no_declaration rule's (declarations none of which stands, or none) in
    a judgement that names it: one whose contradiction of the trump it was judged with is not the
    declarations' (:func:`.setting._check_trump` words them apart)."""
    for key, r in judgements.items():
        if ("trump", value) not in r.contradicted or _groundless(key, r):
            continue
        judged = dict(key).get("trump", hand.trump)
        if not any(_contradiction(v) and explain_contradicted.declared_trump(value, judged,
                                                                             (v.message_zh, v.message_en))
                   for v in r.violations):
            return True
    return False


def _set_aside(v: Violation, result: HandResult, ways: Sequence[tuple[dict, HandResult]]) -> bool:
    """The contradiction ``v`` (as recorded, or as found at the values kept) is the record's own slip: every
    judgement kept sets a tag as recorded aside, the hand's cards themselves speak against the record as
    written (more of its card findings — not the first lead alone, which never chooses — than under any value
    kept), and no judgement kept finds that fact contradicted — the tag is proven miscopied, the table dealt
    and played as the rest of the record says (docs/rules.md §13.1: no seat's act, no ruling against a
    player).  Otherwise the table may have done it: it stays as found."""
    fact = _FACT_OF[v.code]
    return (all(choice for choice, _ in ways)
            and _conflicts(result, False) > max(_conflicts(r, False) for _, r in ways)
            and not any(_contradiction(w) and _FACT_OF[w.code] == fact for _, r in ways for w in r.violations))


def _lone_dealer_set_aside(hand: Hand, result: HandResult, ways: Sequence[tuple[dict, HandResult]],
                           shown: Sequence[Violation]) -> list[Violation]:
    """A ``[Dealer]`` nothing else in the record names (:func:`questioned`: no hand before, no declaration names the
    dealer) that the hand's cards set aside — every judgement kept is under one other dealer, and the cards (not the
    first lead alone) speak against the tag more than under it —: the tag is miscopied, and that is the record's
    ``dealer_mismatch`` as when another statement names the dealer (docs/rules.md §13.1), in whichever hand of the
    record.  ``[]`` where the dealer is not so set aside, or its finding is shown already."""
    if hand.dealer is None or any(_FACT_OF[v.code] == "dealer" for v in shown if _contradiction(v)):
        return []
    values = {choice.get("dealer", _AS_RECORDED) for choice, _ in ways}
    if len(values) != 1 or _AS_RECORDED in values or values == {None}:
        return []
    if _conflicts(result, False) <= max(_conflicts(r, False) for _, r in ways):
        return []
    (value,) = values
    against = evidence_codes(result)
    words = explain_contradicted.lone_dealer_set_aside(hand.dealer, value, against)
    return [as_record_finding(new_violation("dealer_mismatch", None, None, (), (), *words))]


def _standing(ways: Sequence[tuple[dict, HandResult]]) -> set[str]:
    """The facts every judgement kept leaves as recorded with none of them finding it contradicted: a contradiction
    of such a tag as recorded was made under a value of another tag set aside (``[Level]`` checked against the
    side of a ``[Dealer]`` the hand's cards set aside) — the tag stands, and that contradiction is no finding
    (docs/rules.md §13.1)."""
    return {fact for fact in _FACT_OF.values()
            if not any(fact in choice for choice, _ in ways)
            and not any(_contradiction(w) and _FACT_OF[w.code] == fact for _, r in ways for w in r.violations)}


def _one_level_finding(hand: Hand, result: HandResult, shown: list[Violation],
                       dealers: Sequence[int | None]) -> list[Violation]:
    """``shown`` with its ``level_mismatch`` findings as one, naming both sides, when ``[Level]`` is wrong under the
    recorded ``[Dealer]`` and under the dealer of the other side the rest of the record names (``dealers``): one
    fact of the record, said once with what the tag gives and what the match's levels give (both sides' carried
    levels) — not once per dealer (two findings, one of them redundant), nor against one side alone when the
    judgements kept leave the dealer open.  Friend mode (each player's own level) is left as found."""
    found = [v for v in shown if v.code == "level_mismatch"]
    if not found or result.rules.friend or hand.level is None or hand.dealer is None:
        return shown
    ns, ew = result.player_levels_before[0], result.player_levels_before[1]
    others = [d for d in dealers if d is not None and d & 1 != hand.dealer & 1]
    if ns is None or ew is None or hand.level in (ns, ew) or not others:
        return shown
    seats = [hand.dealer, *dict.fromkeys(others)]
    zh, en = explain_unknown.level_of_neither_side(hand.level, ns, ew, seats)
    one = dataclasses.replace(found[0], message_zh=zh, message_en=en)
    return [one if v is found[0] else v for v in shown if v.code != "level_mismatch" or v is found[0]]


def _levels_set_aside(result: HandResult, judgements: dict[frozenset, HandResult]) -> HandResult:
    """``result``, the record's first hand judged at its ``[Level]`` against the level ``[Levels]`` gives the dealer's
    side (:func:`.setting._levels_contradicted`), which the hand's own evidence alone bears out: the dealer's side at
    ``[Level]`` from the record's start is derived, its words naming what the level ``[Levels]`` states would make of
    the hand — ``[Levels]`` is the record's own error (docs/rules.md §13.1, §14.1)."""
    if result.dealer is None or result.level is None:
        return result       # (not met: [Level] is checked against [Levels] only with the dealer's seat or side known)
    stated = next(v for f, v in result.contradicted if f == "level")
    other = judgements.get(frozenset({("level", stated)}))
    against = evidence_codes(other) if other is not None else []
    own = result.rules.friend
    words = explain_contradicted.levels_tag_borne_out(result.level, stated, result.dealer & 1,
                                                      result.dealer if own else None, against)
    derived = tuple(Derived(d.fact, d.value, "[Level] and the hand's deal, bottom, declarations and plays", *words)
                    if d.source == LEVELS_CONTRADICTED else d for d in result.derived)
    return dataclasses.replace(result, derived=derived)


def _with(hand: Hand, choice: Sequence[tuple[str, int | None]]) -> Hand:
    return dataclasses.replace(hand, **{fact: value for fact, value in choice}) if choice else hand


def judge(hand: Hand, result: HandResult, replay: Callable[[Hand], HandResult],
          order: Callable[[Violation], tuple], lead: bool = True, asked: bool = False,
          made: dict[frozenset, HandResult] | None = None) -> HandResult:
    """``result`` (``hand`` judged as recorded, with ``result.contradicted``) merged with the
    judgements of ``hand`` under the other values (``replay``: one hand judged).  Only the values
    the hand's own evidence bears out best are kept (the fewest :data:`EVIDENCE` findings): when
    that is the tag as recorded alone, ``result`` stands (the contradiction reported, the hand
    judged as the table says it played); a fact the values kept agree on is derived (from the
    deal, the bottom, the declarations and the plays), the others unknown.  From :func:`questioned`: ``asked``
    (the tag is one nothing else names), ``lead`` false (the first trick's lead not counted), ``made`` (the
    judgements it made already, by their values: not made again)."""
    made = made or {}
    options: dict[str, list[int | None]] = {}                 # the other values of each fact
    for fact, value in result.contradicted:
        if value != getattr(hand, fact) and value not in options.setdefault(fact, []):
            options[fact].append(value)
    named = list(options)
    judgements: dict[frozenset, HandResult] = {frozenset(): result}
    queue: list[frozenset] = []
    for picks in itertools.product(*([_AS_RECORDED, *options[f]] for f in named)):
        key = frozenset((f, v) for f, v in zip(named, picks) if v is not _AS_RECORDED)
        if key not in judgements:
            judgements[key] = made[key] if key in made else replay(_with(hand, list(key)))
            queue.append(key)
    while queue:
        # a judgement under other values may contradict a tag as recorded that the hand as recorded
        # does not (at the level carried, a declaration the recorded level made void fixes a trump
        # [Trump] contradicts; the dealer another hand names carries another level): that value is
        # judged too, with the values it was found under
        key = queue.pop(0)
        if _groundless(key, judgements[key]):
            continue                # judged with a trump nothing gives there: nothing follows from it
        chosen = dict(key)
        for fact, value in judgements[key].contradicted:
            if fact in chosen or value == getattr(hand, fact):
                continue
            more = key | {(fact, value)}
            if more not in judgements:
                judgements[more] = made[more] if more in made else replay(_with(hand, list(more)))
                queue.append(more)
                if value not in options.setdefault(fact, []):
                    options[fact].append(value)
    facts = [f for f in options if options[f]]
    if not facts:
        return result
    ways: list[tuple[dict, HandResult]] = [(dict(key), r) for key, r in judgements.items()
                                           if not _groundless(key, r)]
    alts = [(f, options[f][0]) for f in facts]
    judged = len(ways)
    least = min(_conflicts(r, lead) for _, r in ways)
    best = [w for w in ways if _conflicts(w[1], lead) == least]      # the values the hand's own evidence bears out
    # ... unless the table's own leads and [Claim] bear out a value set aside better than every one kept: a
    # declaration written at the tag's level against the level carried, where the table's leads follow the
    # level carried, is one statement against its acts — both kept, what they share given (never a choice)
    fewest = min(_acts_against(r) for _, r in best)
    weights = [(_conflicts(r, lead), _acts_against(r)) for _, r in ways]
    more = [k for k, (c, a) in enumerate(weights) if c > least and a < fewest and _declarations_only(ways[k][1])]
    more = [k for k in more if not any(weights[j] != weights[k] and weights[j][0] <= weights[k][0]
                                       and weights[j][1] <= weights[k][1] for j in more)]   # none another beats
    declared_level = asked and _declared_level(hand, result)
    if not declared_level:      # (the declarations' level and the start: both kept)
        ways = [w for k, w in enumerate(ways) if weights[k][0] == least or k in more]
    stated = any(d.source == LEVELS_CONTRADICTED for d in result.derived)     # [Level] against [Levels]
    if len(ways) == 1 and not ways[0][0]:
        # the tag as recorded is what the hand itself bears out: it stands (against [Levels]: that is the slip)
        return _levels_set_aside(result, judgements) if stated else result
    results = [r for _, r in ways]
    base = results[0]
    changes, what = agree(results, [None] * len(base.tricks),
                          lambda v: explain_contradicted.fault_whatever_tags(v.seat, v.code, [TAGS[f] for f, _ in alts]))
    if not hand.tricks and "legality" in what:     # no play recorded (a score sheet's hand): no follow to withhold
        what.remove("legality")
    # the contradictions as recorded, and each tag's as found with the other facts at the value the
    # kept judgements all give (the trump the declarations fix at the level derived; the level the
    # dealer derived carries): each reported once
    settled = {}
    for fact in facts:
        values = {choice.get(fact, _AS_RECORDED) for choice, _ in ways}
        if len(values) == 1 and _AS_RECORDED not in values:
            settled[fact] = values.pop()
    # (a trump contradicted as recorded was found at the level and dealer recorded — the declarations, or
    # the no_declaration rule when none stands there, fix it: reported only where the judgements kept
    # include those values; else the one found at the values kept is, below)
    recorded_setting = any(not any(f != "trump" for f in choice) for choice, _ in ways)
    # (a tag every judgement kept leaves as recorded, none finding it contradicted, was contradicted only under
    # a value set aside — [Level] checked against the side of a miscopied [Dealer]: it stands, no finding)
    standing = _standing(ways)
    shown = [v for v in result.violations if _contradiction(v) and _FACT_OF[v.code] not in standing
             and (recorded_setting or _FACT_OF[v.code] != "trump")]
    seen = {(v.code, v.seat, v.message_en) for v in shown}
    for fact in facts:
        others = frozenset((f, v) for f, v in settled.items() if f != fact)
        for v in judgements[others].violations if others and others in judgements else ():
            if _contradiction(v) and _FACT_OF[v.code] == fact and (v.code, v.seat, v.message_en) not in seen:
                seen.add((v.code, v.seat, v.message_en))
                shown.append(v)
    shown = _one_level_finding(hand, result, shown, options.get("dealer", ()))
    shown = [as_record_finding(v) if _set_aside(v, result, ways) else v for v in shown]
    if asked and lead:      # a [Dealer] nothing else names, the cards setting it aside: the record's finding too
        shown += _lone_dealer_set_aside(hand, result, ways, shown)
    kept = [v for v in changes["violations"] if not _contradiction(v)]
    changes["violations"] = tuple(sorted([*shown, *kept], key=order))
    sides_withheld(results, changes, what)
    unknowns, derived = shared_facts(results)
    trump_shown = any(_FACT_OF[v.code] == "trump" for v in shown)
    for fact, _ in alts:
        values = {choice.get(fact, getattr(hand, fact)) for choice, _ in ways}
        if len(values) == 1:            # the hand's evidence leaves one value: derived from it
            (only,) = values
            if only == getattr(hand, fact) and (fact in standing or (fact == "trump" and not trump_shown)):
                continue        # the tag is contradicted only at values the hand does not bear out: it stands
            against = evidence_codes(result)
            named = bool(hand.declarations) or "bad_declaration" in against     # (none recorded: not named)
            derived.append(Derived(fact, explain_contradicted.fact_token(fact, only),
                                   explain_contradicted.borne_out_source(named),
                                   *explain_contradicted.tag_borne_out(fact, getattr(hand, fact), only, against,
                                                                       named)))
        else:
            given = options[fact]
            if fact == "trump":         # the trumps judged with values the hand bears out, not one set aside gives
                given = [o for o in given if o in values]
            rule = tuple(o for o in given if fact == "trump" and _by_rule(hand, judgements, o))
            unknowns.append(Unknown(TAGS[fact], tuple(what), *explain_contradicted.tag_contradicted(
                fact, getattr(hand, fact), given[0] if len(given) == 1 else None, what, len(ways), judged,
                tuple(given), rule, asked and (fact == "level" or not declared_level),
                result.level if declared_level and fact == "level" else None, stated,
                asked and fact == "level" and dict(result.questioned).get("level", 0) is None,
                fact == "level" and _against_declarations(hand, result, given))))
    if settled.get("dealer") is not None and any(_FACT_OF[v.code] == "dealer" for v in shown):
        unknowns = [_dealer_check_set_aside(u, settled["dealer"]) for u in unknowns]
    changes["unknowns"], changes["derived"] = tuple(unknowns), tuple(derived)
    if declared_level and len({r.level for r in results}) > 1:
        changes["level"] = None         # (no [Level], and the readings kept play at different levels)
    return dataclasses.replace(base, **changes)


def _against_declarations(hand: Hand, result: HandResult, given: Sequence[int | None]) -> bool:
    """``[Level]`` as recorded is contradicted by the level the declarations show (``given``: that one level), in a
    hand into which no level is carried (:func:`.declared_level.level_against_declarations`), not by a level
    carried in."""
    if hand.level is None or len(given) != 1 or given[0] is None:
        return False
    words = explain_hand.level_against_declarations(hand.level, given[0])
    return any(_contradiction(v) and (v.message_zh, v.message_en) == words for v in result.violations)


def _dealer_check_set_aside(u: Unknown, seat: int) -> Unknown:
    """``u`` (an unknown kept) where the hand's cards set ``[Dealer]`` aside, its finding shown, and fix ``seat``: a
    broken chain's ``dealer_check`` worded as the check of that dealer against the hands before."""
    if u.tag != "Levels" or "dealer_check" not in u.withheld:
        return u
    zh, en = explain_unknown.dealer_check_set_aside((u.message_zh, u.message_en), u.withheld, seat)
    return dataclasses.replace(u, message_zh=zh, message_en=en)


__all__ = ["TAGS", "card_conflicts", "evidence_codes", "judge", "questioned"]

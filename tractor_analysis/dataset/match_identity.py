"""A match's identity in the dataset: what makes two records one match (``match_key``, from the columns
:data:`SAME_MATCH` / :data:`SAME_HAND` and the ``content_digest`` of what the record holds beyond them), and the
``rules`` column's JSON the digest reads (docs/dataset.md, docs/standings.md).  Written by ``rows.TableBuilder``,
read by ``stats.duplicate_matches`` and ``event``."""
from __future__ import annotations

import hashlib
import json
import marshal
from typing import TYPE_CHECKING

from ..records.plays_written import plays_as_written
from .schema import SCHEMAS

if TYPE_CHECKING:           # (annotations only: the statistics read the columns without loading the engine)
    from ..engine.verdicts import HandResult, MatchResult
    from ..records.model import Hand, Match, Play
    from ..records.rulesets import RuleSet


def rules_json(rules: RuleSet) -> str:
    """The ``rules`` column's JSON of a ruleset, kept by identity (a hand's ruleset is its match's
    object: hashing a RuleSet, dozens of enum fields, cost more than the row it is for)."""
    hit = _RULES_JSON.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    text = json.dumps(rules.options(), sort_keys=True, ensure_ascii=False)
    if len(_RULES_JSON) >= 256:
        _RULES_JSON.clear()
    _RULES_JSON[id(rules)] = (rules, text)      # the ruleset kept alive: its id is not reused
    return text


_RULES_JSON: dict[int, tuple[RuleSet, str]] = {}


def rules_changed(ruleset: str | None, rules) -> tuple[tuple[str, str], ...] | None:
    """The options of a match's ruleset that differ from its preset, ``(name, value)`` in name order: ``ruleset``
    its name (a preset's, ``+`` after it when options were changed), ``rules`` its options (the ``rules`` column's
    JSON, or :meth:`~tractor_analysis.records.rulesets.RuleSet.options`).  ``()`` for a name without ``+`` (the
    preset as it is); ``None`` when not known: a name with ``+`` whose options are not stored or not read, or whose
    preset is not known."""
    if not isinstance(ruleset, str) or "+" not in ruleset:
        return ()
    if isinstance(rules, str):
        try:
            rules = json.loads(rules)
        except ValueError:
            return None
    from ..records.rulesets import PRESETS

    base = PRESETS.get(ruleset.rstrip("+"))
    if base is None or not isinstance(rules, dict):
        return None
    preset = base.options()
    return tuple((str(k), str(v)) for k, v in sorted(rules.items()) if preset.get(k) != v)

DIGEST_QUIET = {"stopped_hand": "open"}
"""Options added after datasets were written, left out of :func:`content_digest` at these values (their defaults,
which judge as before the option existed): a record ingested again keeps the digest it had, so it is still the
same match (docs/standings.md); the ``rules`` column keeps every option."""


def digest_rules(rules: RuleSet) -> str:
    """The ruleset as :func:`content_digest` reads it: the ``rules`` column's JSON less :data:`DIGEST_QUIET`'s
    options at their quiet values."""
    options = rules.options()
    if all(options.get(k, v) == v for k, v in DIGEST_QUIET.items()):
        options = {k: v for k, v in options.items() if k not in DIGEST_QUIET}
        return json.dumps(options, sort_keys=True, ensure_ascii=False)
    return rules_json(rules)


SAME_MATCH = ("event", "site", "date", "round", "table", "player_n", "player_e", "player_s", "player_w",
               "level_ns_start", "level_ew_start", "ruleset")
SAME_HAND = ("hand_no", "dealer", "trump", "level", "tricks", "attackers_points", "attackers_total",
              "outcome", "levels_gained")
"""What makes two records one match: the columns ``stats.duplicate_matches`` compares."""
MATCH_POS = tuple(SCHEMAS["matches"].get_field_index(c) for c in SAME_MATCH)
CONTENT_POS = SCHEMAS["matches"].get_field_index("content_digest")


def _identity_tag(tag) -> bool:
    """A match tag that names the record's own source match (``Botzone:id``, ``80fen:seed``, any ``…:id``)."""
    name = tag[0] if isinstance(tag, tuple) else str(tag)
    return name in ("Botzone:id", "80fen:seed") or name.lower().endswith(":id")


def content_digest(match: Match, result: MatchResult) -> str:
    """The ``matches`` column ``content_digest``: 16 hex of a SHA-256 over what the record holds that
    the other columns of :func:`match_key` do not — every hand's deal lines, bottom, buries, declarations,
    named friend card, position (``[SetUp]``, ``[Points]``, ``[FirstTrick]``), whether it was bid for, its
    take-backs (``[Takebacks]``, ``?`` and unread words included) and every trick's plays card for card (a
    failed throw's attempt too); and the match's ``[Ruleset]``, ``[Rule:…]`` options, the rules it was judged
    under (``--rules``), ``[Levels]``, a source's own match id (``Botzone:id``, ``80fen:seed``: any tag
    named ``…:id``) and whether its file was cut short.  Left out: comments, notes and the other tags (an
    annotation such as a judge's note, a platform referee's results ``Referee:…``, which the plays decide),
    ``[Claim]`` (a copy that differs in a claim is the same match with
    a note: docs/standings.md), the tags the key compares as columns (``[Event]`` … the players, and each
    hand's number, dealer, trump and ``[Level]`` — the level played is a column, so a contradicted
    ``[Level]`` tag leaves a copy a copy) and ``[TeamNS]`` / ``[TeamEW]``.  Two records with the same
    digest are the same hands card for card under the same rules: the same match, whatever their
    comments; the ``.tgn`` and JSON of one match share it.

    A play written ``?`` or not readable (``Hand.plays_unread``) is hashed as the play the engine derived in
    its place (``HandResult.derived_plays``: one way alone fits the rest of the record), where it derived
    every such play of the hand: the hand then hashes as a copy with those plays written does
    (:func:`_plays_hashed`).  Otherwise the unread plays are hashed as such (not proven the same match).

    What a hand does not state is hashed as not known: its trump (``Hand.trump_known``) and, where one is
    not known, its dealer and its ``[Level]`` (not stated, written ``?``, or written and not read).  The
    engine may derive the dealer or level that :func:`match_key` compares as a column, but a copy that lost
    the tag is not proven the same match as the record that states it.  A hand that states both hashes as
    it did before."""
    # marshal format 2 (no back-references, so the bytes do not depend on which objects a reader shared;
    # a format frozen since Python 2.5): a fifth of repr's time (issue 27's budget of a hand's rows)
    rules = digest_rules(result.hands[0].rules) if result.hands else None
    ids = sorted(t for t in match.tags if _identity_tag(t))
    parts = [marshal.dumps((rules, match.ruleset, match.rules, match.levels, ids, match.truncated), 2)]
    # each hand's own result, by place (replay_match keeps the record's order); none where they do not pair
    results = result.hands if len(result.hands) == len(match.hands) else (None,) * len(match.hands)
    for hand, hr in zip(match.hands, results):
        tricks = _plays_hashed(hand, hr) if hand.plays_unread else None
        unread = () if tricks is not None or not hand.plays_unread else (hand.plays_unread,)
        # a dealer or level the record does not state (or states and could not be read) hashed as not known, as
        # an unknown trump is (trump_known): the engine may derive the column match_key compares, but a copy that
        # lost the tag is not proven the record that states it (only when one is not known: every other digest
        # stays as it was)
        unknown = tuple(what for what, value in (("dealer", hand.dealer), ("level", hand.level)) if value is None)
        if tricks is None:
            tricks = [(t.number, t.plays) for t in hand.tricks]
        parts.append(marshal.dumps((
            hand.number_known, hand.trump_known, hand.follows_skipped,
            [(d.seat, d.cards, d.after_bottom) for d in hand.declarations], hand.declarations_known,
            hand.deal, hand.deal_unread, hand.bottom, hand.buried, hand.earlier_buries, hand.friend,
            hand.setup, hand.points, hand.points_known, hand.first_trick, hand.bid_for, hand.bid_for_known,
            hand.takebacks, hand.takebacks_unread, hand.result_only,
            [(number, [(p.seat, p.cards, p.attempted) for p in plays]) for number, plays in tricks],
            # (a play written and not read, not derived: only when there is one, so that every other digest
            # stays as it was)
            *unread, *((("not known", *unknown),) if unknown else ())), 2))
    return hashlib.sha256(b"\x1e".join(parts)).hexdigest()[:16]


def _plays_hashed(hand: Hand, hr: HandResult | None) -> list[tuple[int, list[Play]]] | None:
    """``hand``'s tricks, ``(number, plays)``, with each play written ``?`` or not readable
    (``hand.plays_unread``) replaced by the play the engine derived for its seat in that trick
    (``hr.derived_plays``), in the place it was written (:func:`~..records.plays_written.plays_as_written`):
    the plays a copy with that play written gives.  ``None`` (hashed as written) unless every unread play
    is so derived — one derived play for the seat, which the trick reads no play of —, ``hr`` is the
    hand's own result (same number), every unread play's trick is in the hand once, and no follow is
    written as a failed throw (its cards are written: not a play the record does not know)."""
    if hr is None or hr.number != hand.number or hand.throws_after_lead or not hr.derived_plays:
        return None
    numbers = [t.number for t in hand.tricks]
    if any(numbers.count(n) != 1 for n, _, _ in hand.plays_unread):
        return None
    derived: dict[tuple[int, int], list[Play]] = {}
    for n, p in hr.derived_plays:
        derived.setdefault((n, p.seat), []).append(p)
    out: list[tuple[int, list[Play]]] = []
    filled = 0
    for t in hand.tricks:
        plays: list[Play] = []
        for p in plays_as_written(hand, t):
            if isinstance(p, int):
                ways = derived.get((t.number, p))
                if not ways or len(ways) != 1 or any(q.seat == p for q in t.plays):
                    return None
                p = ways[0]
                filled += 1
            plays.append(p)
        out.append((t.number, plays))
    return out if filled == len(hand.plays_unread) else None


def match_key(row: tuple, hands: dict[str, list], n: int) -> str:
    """The ``match_key`` of a match row (its columns in the schema's order) whose ``n`` hands are the
    last rows of ``hands``: 16 hex of a SHA-256 over the match's tags, players, starting levels and
    ruleset, each hand's number, dealer, trump, level, tricks, points, total, outcome and levels
    gained, and the match's ``content_digest`` (:func:`content_digest`: the cards dealt and played,
    the take-backs, the rules … — what tells two different matches apart that the other columns
    may share).  A row without a ``content_digest`` (a dataset written before it) gets the key it was
    stored with: the same fields without it."""
    parts = ["~" if row[i] is None else str(row[i]) for i in MATCH_POS]
    if len(row) > CONTENT_POS and row[CONTENT_POS] is not None:
        parts.append("\x1d" + str(row[CONTENT_POS]))
    cols = [hands[c] for c in SAME_HAND]
    total = len(cols[0])
    hand_rows = sorted((tuple(col[j] for col in cols) for j in range(total - n, total)), key=lambda h: h[0])
    for h in hand_rows:
        parts.append("\x1e")
        parts.extend("~" if v is None else str(v) for v in h)
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]


__all__ = ["CONTENT_POS", "DIGEST_QUIET", "MATCH_POS", "SAME_HAND", "SAME_MATCH", "content_digest", "digest_rules",
           "match_key", "rules_json"]

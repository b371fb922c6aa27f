"""The record model: match → hands → tricks → plays, as immutable values.

This is what a record *says* happened at the table, before any rule is
applied (the engine judges it).  Parsers build these values
(:mod:`tractor_analysis.records.tgn_reader` for ``.tgn``, :mod:`tractor_analysis.records.json_reader`
for ``.json`` / ``.jsonl``) and formatters write them back:
``parse(format(m)) == m``.  Source positions (``line``) do not take part in
equality.

Cards are kinds (ints, see :mod:`tractor_analysis.records.cards`) in the order the
record lists them; seats are ints ``N=0 E=1 S=2 W=3``; levels are ranks
(2..14); the trump suit is a suit int or ``None`` for no trump (NT).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SEAT_TOKENS, Card, Rank, Seat, Suit
from .frozen import fast_init

Tags = tuple[tuple[str, str], ...]
"""Tags in record order as ``(name, value)``; names as written (unknown tags kept verbatim)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One seat's cards in a trick.  A failed throw keeps what was ``attempted``."""

    seat: Seat
    cards: tuple[Card, ...]
    """The cards that went to the table (for a failed throw: the forced play)."""
    attempted: tuple[Card, ...] | None = None
    """A failed throw (甩牌失败): the cards shown; ``cards`` is the forced play."""
    notes: tuple[str, ...] = ()
    """Annotations ``{…}`` written right after this play."""
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Trick:
    number: int
    plays: tuple[Play, ...]
    """Leader first, in play order as recorded."""
    notes: tuple[str, ...] = ()
    """Annotations after the whole trick (after its last play, on a line of their own)."""
    line: int = field(default=0, compare=False)

    @property
    def leader(self) -> Seat | None:
        return self.plays[0].seat if self.plays else None


@dataclass(frozen=True, slots=True)
class Declaration:
    """A trump declaration (亮主) during the deal: the cards a seat showed."""

    seat: Seat
    cards: tuple[Card, ...]
    after_bottom: bool = False
    """炒地皮 (rules.md §9 ``rebid_after_bottom``): an overcall made after the dealer took the
    bottom.  In ``.tgn`` these follow ``||`` in ``[Declarations]``; in JSON ``"after_bottom": true``."""


@dataclass(frozen=True, slots=True)
class Hand:
    """One deal played out (一局)."""

    number: int
    dealer: Seat | None = None
    trump: Suit | None = None
    """Trump suit, ``None`` for no trump (NT) — when :attr:`trump_known`."""
    level: Rank | None = None
    """``[Level]`` as recorded (checked against the levels carried through the match)."""
    trump_known: bool = True
    """``False`` when the record does not state the trump (no ``[Trump]`` / ``"trump"``, or a
    value that names no trump, or a score sheet's hand that does not say it): ``trump`` is then not NT
    but unknown, and every verdict of the hand, which rests on what is trump, is withheld
    (docs/rules.md "What the record must state")."""
    declarations: tuple[Declaration, ...] = ()
    declarations_known: bool = True
    """The record states the declarations, all of them readable: an empty list then means nobody
    declared (``[Declarations ""]``, JSON ``"declarations": []``).  ``False`` when it gives none
    (no tag, no field) or one could not be read (dropped): whether anybody declared is unknown."""
    deal: tuple[tuple[Card, ...], ...] | None = None
    """Dealt hands N, E, S, W (before the exchange) — or, in a position, the hands now.
    ``None`` when the record has no deal lines; a seat without a line has ``()``."""
    bottom: tuple[Card, ...] | None = None
    buried: tuple[Card, ...] | None = None
    """The bottom as it lies during play: the last bury (the dealer's, or after 炒地皮 the
    last rebidder's)."""
    earlier_buries: tuple[tuple[Card, ...], ...] = ()
    """炒地皮: the buries before the last one, in order — the dealer's, then each earlier
    rebidder's; each declaration after the bottom takes the bottom and buries again
    (seed 000).  ``.tgn``: ``Buried: dealer's || rebidder's``; JSON ``"earlier_buries"``."""
    friend: Card | None = None
    """Friend mode: the card the dealer named (``[Friend "SA"]``)."""
    setup: bool = False
    """A position (``[SetUp "1"]``): the deal lines are the hands now."""
    points: int = 0
    """Position: the attackers' points so far (``[Points]``)."""
    points_known: bool = True
    """``False`` for a position that does not state ``[Points]`` (or states no number in range):
    the attackers' points before it are then unknown, whatever ``[FirstTrick]`` says (its default,
    1, numbers the tricks; it does not say that nothing was played).  The engine derives 0 only
    where the hands show it: every seat holds a whole deal (:mod:`tractor_analysis.engine.setting`)."""
    first_trick: int = 1
    tricks: tuple[Trick, ...] = ()
    claim: int | None = None
    """The attackers' total as recorded at the table (``[Claim]``)."""
    bid_for: bool = False
    """The deal was bid for (抢庄): no dealer was known before the declarations, so the
    declarations decide who deals (the first hand of a match, and at some tables every deal
    after a redeal).  ``.tgn``: ``[BidFor "yes"]``; JSON ``"bid_for": true``.  A first hand
    is bid for whether or not this says so."""
    takebacks: tuple[Seat | None, ...] = ()
    """悔牌: the seats a referee recorded taking back a play, once per take-back
    (``[Takebacks "N S"]``, JSON ``"takebacks": ["N", "S"]``; rules.md §10), one entry per word.
    ``None`` for a word that gives no seat: ``?`` — one take-back whose seat is not known — or a word
    that is no seat (an ``unknown_seat`` diagnostic; kept in :attr:`takebacks_unread`, not sure to be
    one take-back).  See :attr:`takebacks_known`, :attr:`takebacks_counted`, :attr:`takeback_seats_unknown`."""
    notes: tuple[str, ...] = ()
    """Annotations of the hand not attached to a trick (before the first trick)."""
    tags: Tags = ()
    """Other tags of the hand, kept verbatim."""
    result_only: bool = False
    """A score sheet's hand (``[ResultOnly "yes"]``, JSON ``"result_only": true``): only its result
    was kept — dealer, level, trump if known and the attackers' total (``claim``); no deal, no
    tricks.  The engine carries levels and the deal through it and judges no play."""
    line: int = field(default=0, compare=False)
    bid_for_known: bool = field(default=True, compare=False)
    """``False`` when the record does not say whether the deal was bid for (an 80fen round without
    ``redeals``; ``.tgn`` ``[BidFor "?"]``, JSON ``"bid_for": null``, as the writers put it): the dealer
    carried over is then not checked (:attr:`bid_for` is ``False``)."""
    number_known: bool = field(default=True, compare=False)
    """``False`` for a JSON hand without ``"number"`` (``.tgn``: ``[Hand "?"]``, as the writer puts it):
    it is numbered the hand before's + 1 (the first: 1), but whether the record's first hand is the
    match's first deal is then not known (the engine does not take it as one: docs/format.md)."""
    follows_skipped: bool = field(default=False, compare=False)
    """The reader skipped the hand just before this one (a hand it could not read): the levels
    and the dealer carried into this hand are not known, so they are not checked."""
    takebacks_unread: tuple[str, ...] = ()
    """The words of ``[Takebacks]`` (JSON ``"takebacks"``) that are no seat and not ``?`` (each an
    ``unknown_seat``), as written, in order: each is a ``None`` of :attr:`takebacks` too, but not sure to be
    one take-back — how many take-backs the hand had is then not known (:attr:`takebacks_counted`).  The
    writers write them back as read (never as ``?``, which says one take-back)."""
    deal_unread: tuple[tuple[Seat, int], ...] = field(default=(), compare=False)
    """The deal lines with cards that could not be read (an ``unknown_card``, left out of :attr:`deal`):
    ``(seat, how many)``, one per such line, in seat order; each unreadable token of the line is a card
    the seat held (one card a token) whose kind is not known.  The line is then not known to be whole:
    the engine withholds what rests on it being whole (the size of the deal, the decks, a card the seat
    played that the line does not give — it may be the card not read) unless the rest of the deal proves
    the missing card (:mod:`tractor_analysis.engine.starting_hands`).  Not part of equality (the cards read
    are the hand's)."""
    deal_in_doubt: tuple[tuple[Seat, tuple[Card, ...], int, int, int], ...] = field(default=(), compare=False)
    """The deal lines of a seat given twice (or more) with different cards in one hand: ``(seat, cards read, cards
    not read, line, column)`` for each line, in the order written.  Two lines that differ state two hands and the
    record does not say which is right (a scorer miscopied one), so none is taken by its place: :attr:`deal` gives
    the seat the line its own plays prove (:func:`tractor_analysis.records.deal_checks.line_proof`; derived, the
    engine says so: :mod:`tractor_analysis.engine.doubted_lines`), else no line (``()``, never the line written
    last).  Lines with the same cards are one line given twice (``duplicate_seat``) and not kept here.  ``.tgn``
    only (``deal_lines_differ``); not written by the writers, not part of equality."""
    aside_unread: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    """The ``Bottom:`` and ``Buried:`` lines (JSON ``"bottom"``, ``"buried"`` with ``"earlier_buries"``) with
    cards that could not be read (an ``unknown_card``, left out of :attr:`bottom`, :attr:`buried` or
    :attr:`earlier_buries`): ``("bottom" | "buried", how many)``, in that order, one card a token.  Such a
    line is not known to be whole, nor its order (the bottom's third card): the engine does not use it —
    the bottom or the bury is then what the rest of the record gives (derived, and said), else unknown
    (:mod:`tractor_analysis.engine.starting_hands`).  Not part of equality (the cards read are the
    hand's)."""
    plays_unread: tuple[tuple[int, Seat, int], ...] = field(default=(), compare=False)
    """The plays a trick line gives whose cards could not be read (an ``unknown_card`` in them, or a follow
    written as a failed throw: the reader drops the play, docs/format.md "Trick lines"): ``(trick number,
    seat, how many plays of the line were read before it)``, in the order read.  The seat played in that
    trick — its play is written —, what it played is not known.  Inside the hand a play left out is a gap either way; in the hand's last trick this tells a
    play written but unreadable from a record that stops there (:func:`tractor_analysis.engine.record_gaps.
    find_gaps`).  The writers write each back in its place as ``SEAT: ?`` (:mod:`.plays_written`), not part of
    equality."""
    throws_after_lead: tuple[tuple[int, Play], ...] = field(default=(), compare=False)
    """The follows written as failed throws (``N: H4 -> H5`` after the lead; JSON ``"attempted"`` on a later play),
    each with its trick's number: dropped by the readers (only a lead can be a failed throw, so neither side of
    ``->`` is taken; :attr:`plays_unread` has them), kept here as written for one reading only — trick lines
    written in seat order (:mod:`tractor_analysis.engine.play_order`), where the seat may have led.  Written back
    by the writers as written (:mod:`.plays_written`), not part of equality."""
    positions: tuple[tuple[str, int, int], ...] = field(default=(), compare=False)
    """Where the hand's tags and lines are in a ``.tgn`` record, ``(key, line, column)``: keys
    are the lower-case tag names (``dealer``, ``level``, ``trump``, ``declarations``,
    ``claim`` …), ``dealN`` … ``dealW``, ``bottom`` and ``buried``.  Empty for JSON: a JSON hand's is an
    empty :class:`~.json_origin.JsonOrigin` naming the file it was read from, where its plays are found
    when a verdict asks (:func:`~.locate.violation_position`)."""

    @property
    def takebacks_known(self) -> bool:
        """Every take-back's seat is known.  ``False``: ``[Takebacks]`` gives a take-back whose seat is
        not known (``?``) or a word that is no seat (``None`` in :attr:`takebacks`): which side it cost
        a level is not known (docs/rules.md §10.2)."""
        return None not in self.takebacks

    @property
    def takebacks_counted(self) -> bool:
        """How many take-backs the hand had is known: ``[Takebacks]`` holds no word that is no seat
        (:attr:`takebacks_unread`); a ``?`` is one take-back, its seat not known."""
        return not self.takebacks_unread

    @property
    def takeback_seats_unknown(self) -> int:
        """How many take-backs ``[Takebacks]`` gives as ``?``: one each, its seat not known (the words that
        are no seat, :attr:`takebacks_unread`, are not counted)."""
        return self.takebacks.count(None) - len(self.takebacks_unread)

    def takeback_words(self) -> list[str]:
        """``[Takebacks]`` (JSON ``"takebacks"``) word for word as the writers write it back: each seat's
        token, each word that is no seat as read (:attr:`takebacks_unread`, at the first entries ``None``),
        ``?`` for each other ``None`` — a take-back whose seat is not known.  Read again, it gives the same
        :attr:`takebacks` and :attr:`takebacks_unread`."""
        unread = iter(self.takebacks_unread)
        return [SEAT_TOKENS[s] if s is not None else next(unread, "?") for s in self.takebacks]

    def position(self, key: str) -> tuple[int, int] | None:
        """``(line, column)`` of tag or line ``key`` in the record, ``None`` when not known."""
        for k, line, column in self.positions:
            if k == key:
                return line, column
        return None


@dataclass(frozen=True, slots=True)
class Match:
    """One record file's match (one line of a ``.jsonl``)."""

    event: str | None = None
    site: str | None = None
    date: str | None = None
    round: str | None = None
    table: str | None = None
    players: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    """Names of N, E, S, W."""
    teams: tuple[str | None, str | None] = (None, None)
    """Team names of N–S and E–W (``[TeamNS]``, ``[TeamEW]``; JSON ``"teams": {"NS": …, "EW": …}``),
    ``None`` when not given: a team is then its two players."""
    ruleset: str | None = None
    """``[Ruleset]`` preset name as written."""
    rules: tuple[tuple[str, str], ...] = ()
    """``[Rule:name "value"]`` options in record order."""
    levels: tuple[Rank | None, Rank | None] | None = None
    """Team levels N–S, E–W before the first hand (``[Levels]``); ``None`` for a side it does not
    name, names as ``?`` or with a level that cannot be read (unknown, never 2).  No ``[Levels]`` at
    all: 2 and 2, where every match starts (:attr:`start_levels`)."""
    hands: tuple[Hand, ...] = ()
    notes: tuple[str, ...] = ()
    """Annotations before the first hand."""
    tags: Tags = ()
    """Other match tags, kept verbatim."""
    truncated: bool = field(default=False, compare=False)
    """The file was damaged and the record's end lost (a gzip stream cut short: ``truncated_file``,
    :mod:`.sources`): where the record stops is the damage, not the end of the match — its last hand
    is a record that stops early (the play or line read at the cut, not known to be whole, is left
    out) and the match's result is withheld (:mod:`tractor_analysis.engine.replay`).  Not written by
    the writers, not part of equality."""

    @property
    def start_levels(self) -> tuple[Rank | None, Rank | None]:
        return self.levels if self.levels is not None else (2, 2)


new_play = fast_init(Play)
"""``Play(...)``, faster (:func:`~tractor_analysis.records.frozen.fast_init`): for the readers' hot loops."""
new_trick = fast_init(Trick)
"""``Trick(...)``, faster (:func:`~tractor_analysis.records.frozen.fast_init`)."""
new_hand = fast_init(Hand)
"""``Hand(...)``, faster (:func:`~tractor_analysis.records.frozen.fast_init`): a reader's hand closed."""

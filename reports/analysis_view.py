"""The endgame analysis of a hand page's last tricks, as the templates read it (:mod:`.analysis` makes
them from a dataset written by ``tractor ingest --analyse K``, and with ``--view`` each play also
judged from its player's seat)."""
from __future__ import annotations

from dataclasses import dataclass

from tractor_analysis.analysis.best_plays import BestChoice, WrittenChoice, any_words, written
from tractor_analysis.records.cards import Card


@dataclass(frozen=True, slots=True)
class FromSeatView:
    """One play judged from its player's seat (``ingest --analyse K --view``: over the deals of the
    unseen cards that player could not rule out, docs/rules.md §15)."""

    deals: int
    exact: bool
    """Every agreeing deal was taken, weighted: the means are exact (no ``stderr``)."""
    value: float | None
    """Mean attackers' final total after the play made; ``None``: withheld (a search ran out)."""
    value_best: float | None
    best: tuple[tuple[Card, ...], ...]
    cost: float | None
    stderr: float | None
    mark: tuple[str, str] | None
    """The same marks as the open cost's, by the view cost."""

    @property
    def shown(self) -> bool:
        return self.cost is not None


@dataclass(frozen=True, slots=True)
class AnalysedPlayView:
    """One analysed play: the best-play totals before and after it, its cost, the best plays."""

    trick: int
    seat: str
    player: str
    cards: tuple[Card, ...]
    value_before: int | None
    value_after: int | None
    cost: int | None
    """``None``: not solved within the budget, or an illegal play (``solved`` says which)."""
    mark: tuple[str, str] | None
    """``(symbol, words)`` of a costly play (``?!`` inaccuracy 欠佳, ``?`` mistake, ``??`` blunder)."""
    best: tuple[tuple[Card, ...], ...]
    """The best plays at this point (one per set of equal plays); empty when not known."""
    view: FromSeatView | None = None
    """The play judged from its player's seat (``None``: not asked for, ``ingest --analyse`` alone)."""
    derived: tuple[str, str] | None = None
    """(中文, English): the record leaves this play out and the engine derived it (the hand page's
    :attr:`~.hand_page.PlayView.derived`: what it follows from); ``None``: recorded."""
    best_choices: tuple[BestChoice, ...] = ()
    """The best plays grouped as ``tractor analyse`` shows them (:func:`~tractor_analysis.analysis.best_plays.choices`)."""
    best_every: bool = True
    """``best_choices`` lists every best play; false: one play for each set of equal plays (the page says so)."""
    totals_withheld: bool = False
    """A position without ``[Points]`` (:attr:`AnalysisView.totals_withheld`): no totals, a cost where solved."""
    attempted: tuple[Card, ...] | None = None
    """A failed throw (the hand page's :attr:`~.hand_page.PlayView.attempted`): the cards the leader showed,
    ``cards`` being those it was forced to play — the play the cost is of, as ``tractor analyse`` shows it
    (``attempted → forced``); ``None`` for any other play."""
    order: object | None = None
    """The hand's :class:`~tractor_analysis.engine.order.Order` (the replay given): the best plays are written in
    it as ``tractor analyse`` writes them; ``None``: as held (:func:`~tractor_analysis.analysis.best_plays.written`)."""

    def best_shown(self) -> tuple[tuple[tuple[tuple[Card, ...], ...] | None, WrittenChoice], ...]:
        """Each best choice with the plays it is said as one by one, or ``None`` for "any k of", written as
        ``tractor analyse`` writes them (:func:`~tractor_analysis.analysis.best_plays.written`, in the hand's
        :attr:`order` when known)."""
        return tuple((w.plays, w) for w in written(self.best_choices, self.order))

    @staticmethod
    def any_words(c: WrittenChoice) -> tuple[str, str, str]:
        return any_words(c)

    @property
    def solved(self) -> bool:
        if self.totals_withheld:        # no totals stored: solved where a cost or the best plays are
            return self.cost is not None or bool(self.best)
        return self.value_before is not None and self.value_after is not None

    def open_blunder_seat_best(self, blunder: int) -> bool:
        """A blunder with all hands open (cost ≥ ``blunder``) yet a best play from the seat (view cost 0)."""
        return (self.cost is not None and self.cost >= blunder and self.view is not None
                and self.view.cost is not None and self.view.cost == 0)


@dataclass(frozen=True, slots=True)
class AnalysisView:
    """The hand's analysed part: where it starts, its best-play value there, the real result."""

    first_trick: int
    start_value: int | None
    """The attackers' final total with best play by both sides from the first analysed play."""
    result: int | None
    """The attackers' total the hand really ended with (``None``: not known)."""
    plays: tuple[AnalysedPlayView, ...]
    marks: tuple[tuple[int, str, str], ...] = ()
    """The cost thresholds and their marks, smallest first (the engine's ``MARKS``)."""
    blunder: int = 40
    """The cost from which a play is a blunder (the engine's largest mark)."""
    totals_withheld: bool = False
    """A position that does not state the points taken before it (``[Points]``): the dataset keeps each
    play's cost and best plays but no totals (docs/dataset.md, ``--analyse``)."""

    @property
    def viewed(self) -> bool:
        """Some play was judged from its seat: the page shows the second cost."""
        return any(p.view is not None for p in self.plays)

    @property
    def best_once(self) -> bool:
        """Some play's best plays are one per set of equal plays (the page says so)."""
        return any(not p.best_every for p in self.plays)

    @property
    def open_blunders_seat_best(self) -> tuple[AnalysedPlayView, ...]:
        return tuple(p for p in self.plays if p.open_blunder_seat_best(self.blunder))


__all__ = ["AnalysedPlayView", "AnalysisView", "FromSeatView"]

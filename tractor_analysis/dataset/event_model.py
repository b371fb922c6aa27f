"""An event's matches as the standings, the ratings and the report see them, and how notes name them.

:class:`EventMatch` is one match: where it sits in the event, its two teams and four players, the final
levels and who won — built from replayed records or from a dataset by :mod:`.event`.  Its names are read
one way by every command: a side's team (:func:`team_name`), a ``[Round]`` or ``[Table]`` as a number
(:func:`round_number`), a player's name (:func:`player_name`, and :func:`player_name_notes` for names
that differ only in letter case, spacing or an invisible character), an ``[Event]`` as ``--event`` names it
(:func:`same_event`), a name as compared for that (:func:`folded_name`), a tag value
and a match as a note quotes them (:func:`quoted`, :func:`match_named`).

Copies of one match: :mod:`.event_copies`; the standings and which matches they count: :mod:`.standings`.
"""
from __future__ import annotations

import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from ..engine.explain_final_levels import final_levels_note, final_levels_text
from ..engine.verdicts import BOTH_FORFEIT

__all__ = ["EventMatch", "team_name", "round_number", "folded_name", "player_name", "player_name_notes", "quoted",
           "match_named", "rounds_of", "one_form", "name_forms", "first_forms", "form_of", "same_event"]


@dataclass(frozen=True)
class EventMatch:
    """One match as the standings and ratings see it."""

    match_id: str
    event: str | None
    date: str | None
    round: str | None
    table: str | None
    teams: tuple[str | None, str | None]
    """The N–S and E–W teams (:func:`team_name`), ``None`` for a side that is not a known team."""
    players: tuple[str | None, str | None, str | None, str | None]
    """N, E, S, W as recorded."""
    levels: tuple[int | None, int | None]
    """Final levels N–S, E–W (``levels_final``); ``None`` where the record leaves one unknown."""
    winner: int | None
    """0 N–S, 1 E–W, ``None`` when the match credits no team."""
    decided_by: str
    """How (``engine.scoring.decide_match``): ``passed A``, ``higher level``, ``holding the deal``,
    ``forfeit``, ``both forfeit`` (no winner, both sides forfeited) — or why not (``no finished hand`` …)."""
    forfeit: int | None = None
    """The one side that forfeited, else ``None`` (both sides: ``decided_by`` ``both forfeit``)."""
    source: str = field(default="", compare=False)
    """Where the match came from (a file, a dataset's match id), for notes."""
    key: str | None = field(default=None, compare=False)
    """``tractor ingest``'s ``match_key`` (``dataset.match_identity.match_key``): two records of one match
    share it; ``None`` when not worked out (each match then counts)."""
    same: str | None = field(default=None, compare=False)
    """The same key with ``[Site]`` and ``[Date]`` left out, ``[Event]`` compared as
    :func:`folded_name` reads it (letter case and spacing aside) and ``[Round]`` and ``[Table]`` as the
    numbers :func:`round_number` reads them as (``"02"`` is 2; a value that is no number as written):
    a re-typed copy of a match shares it."""
    site: str | None = field(default=None, compare=False)
    forfeit_reasons: tuple[str | None, str | None] = field(default=(None, None), compare=False)
    """Why each side forfeited (``MatchResult.forfeit_reasons``; a dataset's ``forfeit_reason``),
    ``None`` where it did not, or where a dataset written before that column does not say."""
    copy_of: str | None = field(default=None, compare=False)
    """The ``match_id`` of the copy that counts when the dataset this match was read from marked it a
    copy (its ``duplicate_of``), else ``None``."""
    rules_copy_of: str | None = field(default=None, compare=False)
    """The ``match_id`` of the match this one is the same record of, stored in the dataset under other rules
    (:func:`~.rules_copies.other_rules_copies`: named by their own note), else ``None``: the round notes do not ask
    whether it is a second record, cut short or damaged."""
    claims: tuple[tuple[int, int | None], ...] | None = field(default=None, compare=False)
    """Each hand's ``[Claim]`` as ``(hand number, claim)`` (``None`` where the hand has none), the hands
    as ``tractor ingest`` stores them (the ``hands`` table's ``claim``); ``None`` when not known.  The
    match key leaves the claims out: two records of one match may differ in them
    (:func:`~.event_copies.distinct`)."""
    digest: str | None = field(default=None, compare=False)
    """SHA-256 of the match's canonical record text (the ``records`` table's ``record``, as ``tractor
    convert`` writes it): two records of one match are identical when theirs are; ``None`` when not
    known (a record ``.tgn`` cannot hold, a dataset written before that table, or a dataset's match no
    other record shares a key with: not read)."""
    body: str | None = field(default=None, compare=False)
    """SHA-256 of that text without its ``[Event]``, ``[Site]``, ``[Date]`` and ``[Claim]`` tags
    (:func:`~.event.body_digest`): two records of one match whose bodies are the same differ at most in
    those, which a note names one by one; ``None`` when not known (as :attr:`digest`)."""
    ends_inside: int | None = field(default=None, compare=False)
    """The hand the record is known to end inside (the ``hands`` table's ``stopped``), else ``None``."""
    derived_results: tuple[tuple[int, int | None], ...] = field(default=(), compare=False)
    """The hands whose record stops before their end and whose result (outcome, levels after) is derived
    (docs/rules.md §7.4: the ``hands`` table's ``derived`` names ``outcome``), each as ``(hand number, claim)``:
    ``claim`` the ``[Claim]`` the result rests on (a claim the cards left allow: ``claim_matches`` null), ``None``
    where it rests on the cards left alone (no claim, or one the cards prove wrong)."""
    passed_in: int | None = field(default=None, compare=False)
    """The hand in which a side passed the winning level (the first whose ``match_over`` is true), else ``None``."""
    ruleset: str | None = field(default=None, compare=False)
    """The match's ruleset as ``tractor ingest`` stores it (the ``matches`` table's ``ruleset``: its first
    hand's ruleset name, else ``[Ruleset]``), ``None`` when not known (not read): a note names the rulesets
    when the counted matches are played under more than one (:func:`~.event_warnings.warnings`)."""
    rule_changes: tuple[tuple[str, str], ...] | None = field(default=(), compare=False)
    """The options of :attr:`ruleset` (a name ending ``+``) that differ from its preset, ``(name, value)``
    (:func:`~.match_identity.rules_changed`): ``()`` for a preset as it is, ``None`` when not known."""
    level_spans: tuple[tuple[int, int] | None, tuple[int, int] | None] = field(default=(None, None), compare=False)
    """Per side (N–S, E–W) whose final level (:attr:`levels`) is ``None``: the lowest and the highest it
    is under the readings of what the record leaves open (``MatchResult.levels_final_span``; a dataset's
    ``level_<side>_final_low`` / ``_high``), ``None`` where not bounded (or known exactly)."""
    levels_left_open: tuple[int, ...] = field(default=(), compare=False)
    """The hands whose levels after the record leaves open for a reason other than take-backs given as ``?`` or the hand
    it ends inside — plays it leaves out, a trick it gives no play of … (the ``hands`` table's ``unknown`` withholding
    ``levels``, tag other than ``Takebacks`` / ``Claim``: :func:`levels_left_open_entry`, as
    ``engine.explain_final_levels.levels_left_open`` reads a replayed match); ``()`` where none (or not known)."""
    stopped_void: bool = field(default=False, compare=False)
    """The hand the record ends inside (:attr:`ends_inside`) is void: the match's ruleset says so (``stopped_hand =
    void`` with ``decide_by_levels``, docs/rules.md §8.5) — the final levels are those that hand was played at."""
    round_unread: tuple[int, int] | None = field(default=None, compare=False)
    """Where a ``[Round]`` tag of the match's record could not be read (``(line, column)`` in its record: an unclosed or
    malformed tag, :func:`~.event_unread.round_tag_unread`), for a match whose :attr:`round` is ``None`` for that; else
    ``None``.  A note on the match's round says the tag could not be read, not that the record has none."""
    stop_forfeit: str | None = field(default=None, compare=False)
    """The side (``NS``, ``EW``; ``both``) reaching the forfeit count at the end of the hand the record ends inside the
    last trick of (:attr:`ends_inside`), that hand played out (``MatchResult.stop_forfeit``, the ``matches`` table's
    ``stop_forfeit``; docs/rules.md §8.5, §10.1): that reading's end, not the match's forfeit (:attr:`forfeit`);
    ``None`` where none (or not known: a dataset written before that column)."""

    def forfeited(self, side: int) -> bool:
        """``side`` (0 N–S, 1 E–W) forfeited the match: alone, or both sides did."""
        return self.forfeit == side or self.decided_by == BOTH_FORFEIT

    @property
    def levels_text(self) -> str:
        """The final levels N–S : E–W as the pages and notes give them: a side known only as a range as ``3..5``
        (:attr:`level_spans`), one not known nor bounded as ``?``."""
        return final_levels_text(self.levels, self.level_spans)

    @property
    def levels_note(self) -> str:
        """Why a final level is given as a range (bilingual, ``English / 中文``), empty where none is: the readings of
        what the record leaves open — the hand it ends inside void or played out where no ``[Claim]`` gives that
        hand its result (:attr:`ends_inside`, :attr:`derived_results`; docs/rules.md §8.5), else what the record
        leaves open in hands :attr:`levels_left_open` (plays it leaves out …), else take-backs given as ``?``
        (docs/rules.md §10.2) — as ``tractor check``'s match page words it
        (``engine.explain_final_levels.match_final_levels``)."""
        h = self.ends_inside
        stopped = h if h is not None and dict(self.derived_results).get(h) is None else None
        note = final_levels_note(self.levels, self.level_spans, stopped, self.levels_left_open)
        return "" if note is None else f"{note[1]} / {note[0]}"

    @property
    def counts(self) -> bool:
        """The match counts in the standings: a team won it, or both sides forfeited it."""
        return self.winner is not None or self.decided_by == BOTH_FORFEIT


def levels_left_open_entry(entry) -> bool:
    """An entry of the ``hands`` table's ``unknown`` (``"tag: withheld,…"``) leaves the hand's levels after open for a
    reason other than take-backs given as ``?`` (tag ``Takebacks``) or the hand the record stops inside (``Claim``):
    :attr:`EventMatch.levels_left_open`."""
    if not isinstance(entry, str):
        return False
    tag, _, withheld = entry.partition(": ")
    return tag not in ("Takebacks", "Claim") and "levels" in withheld.split(",")


NAMES_NOT_KNOWN = frozenset({"?", "？"})
"""A player's or team's name written as one of these states that it is not known (PGN's ``"?"``, full-width
too): it names nobody, as a blank name does — two sides written ``"?"`` are never one team, nor two seats
``"?"`` one player (docs/format.md, the tag table)."""


def team_name(name: str | None, a: str | None, b: str | None) -> str | None:
    """A side's team: its ``[TeamNS]``/``[TeamEW]`` name when given, else its two players' names
    sorted (``"A / B"``: partners who swap seats stay one team), else ``None`` (not known).
    Spaces at either end of a name are dropped and a run of spaces inside it reads as one
    (``"Red Lanterns "`` is ``"Red Lanterns"``); letter case is kept (:func:`~.event_warnings.warnings`).
    The two players are sorted as their Unicode NFC forms (:func:`one_form`): a name written decomposed sorts
    where it would composed, so one pair gives one team name whichever way its names are written."""
    if name is not None and name.strip() and name.strip() not in NAMES_NOT_KNOWN:
        return " ".join(name.split())
    a, b = player_name(a), player_name(b)
    if a and b:
        x, y = sorted((a, b), key=_nfc)
        return f"{x} / {y}"
    return None


def round_number(text: str | None) -> int | None:
    """``[Round]`` (or ``[Table]``) as a whole number 1, 2, …, ``None`` when absent or not one.

    A round number is written in the digits 0–9 (spaces at either end are dropped, leading zeros
    read as written: ``"02"`` is 2), at most 9 digits after the leading zeros, and is at least 1.
    Anything else is not a round number, never a guess at one: ``"0"``, ``"2a"``, superscript
    ``"²"`` and circled ``"①"`` (which ``str.isdigit`` accepts and ``int`` does not), full-width
    ``"２"`` and other scripts' digits (``"٢"``), ``"1e0"``, ``"-1"``."""
    if text is None:
        return None
    t = text.strip().lstrip("0")
    if not (t and len(t) <= 9 and t.isascii() and t.isdigit()):
        return None
    return int(t)


def match_named(m: EventMatch) -> str:
    """How a note names a match that may share its file with others: its record (:attr:`EventMatch.source`,
    else the match id) and its ``[Round]`` and ``[Table]`` as the record writes them, when it does
    (``r2t2.tgn [Round "2"] [Table "2"]``) — the record's own tags, the same in either language."""
    tags = [f"[{tag} {quoted(value)}]" for tag, value in (("Round", m.round), ("Table", m.table)) if value]
    return " ".join([m.source or m.match_id, *tags])


def folded_name(name: str) -> str:
    """A name as compared for "differs only in letter case or spacing" (an ``[Event]``: ``--event``'s
    note, :func:`~.event_warnings.warnings`, and :attr:`EventMatch.same`), in its Unicode NFC form: a
    letter written composed (``é``, U+00E9) or decomposed (``e`` + U+0301) is one letter, the same text by
    canonical equivalence (:func:`one_form`)."""
    return _nfc(" ".join(_nfc(name).split()).casefold())


def _nfc(name: str) -> str:
    """``name`` in Unicode normalization form C (composed): canonically equivalent text compares equal."""
    return unicodedata.normalize("NFC", name)


def name_forms(matches: Iterable[EventMatch]) -> dict[str, str]:
    """Each ``[Event]``, team and player name of ``matches`` (by its NFC form, :func:`_nfc`) → the form it is first
    written in, the matches taken in the order given (the order read): :func:`one_form`."""
    return first_forms(name for m in matches for name in (m.event, *m.teams, *m.players))


def first_forms(names: Iterable[str | None]) -> dict[str, str]:
    """Each name of ``names`` (by its NFC form, :func:`_nfc`) → the form it is first written in, in the order
    given (``None`` and empty names left out): the one merging of names written in two Unicode forms
    (:func:`name_forms`; ``tractor stats`` keys its players and teams by it, in the order the standings read a
    dataset's matches: :meth:`~.stats_source.StatsSource.name_forms`)."""
    first: dict[str, str] = {}
    for name in names:
        if name:
            first.setdefault(_nfc(name), name)
    return first


def form_of(name: str | None, forms: dict[str, str]) -> str | None:
    """``name`` in the form ``forms`` (:func:`name_forms`) gives its NFC form, else as it is."""
    return name and forms.get(_nfc(name), name)


def one_form(matches: Iterable[EventMatch], forms: dict[str, str] | None = None) -> list[EventMatch]:
    """``matches`` with each ``[Event]``, team and player name written in the form it is first written in (``forms``,
    else :func:`name_forms` of ``matches``): a name written in two Unicode forms — a letter composed in one record and
    decomposed in another (NFC and NFD: the same text by canonical equivalence, drawn alike) — is one event, one team
    or one player, shown as first read (``--event`` takes it in either form: :func:`same_event`).  Names that differ otherwise (letter case, spacing, an invisible format character
    such as a zero-width space) are not changed: they stay apart, with the notes on them."""
    matches = list(matches)
    forms = name_forms(matches) if forms is None else forms

    def form(name: str | None) -> str | None:
        return form_of(name, forms)
    out = []
    for m in matches:
        event, teams, players = form(m.event), tuple(map(form, m.teams)), tuple(map(form, m.players))
        out.append(m if (event, teams, players) == (m.event, m.teams, m.players)
                   else replace(m, event=event, teams=teams, players=players))
    return out


def same_event(name: str | None, event: str) -> bool:
    """A match's ``[Event]`` ``name`` is ``--event``'s ``event``: the same text, a letter composed in one and
    decomposed in the other aside (their NFC forms equal: :func:`one_form`); nothing else is (letter case and
    spacing are compared exactly, with a note on a name that differs only in those)."""
    return name is not None and (name == event or _nfc(name) == _nfc(event))


def player_name(name: str | None) -> str | None:
    """A player's name as every command reads it (:attr:`EventMatch.players`): the record's, spaces at
    either end dropped once, where the name is read (``"Zheng  Qiang "`` is ``"Zheng  Qiang"``); a name of
    spaces only, ``"?"`` (:data:`NAMES_NOT_KNOWN`), or none, is not a name (``None``).  Nothing else is changed: two names that differ in
    letter case or in the spaces inside them stay two players, with a note (:func:`player_name_notes`)."""
    if name is None:
        return None
    name = name.strip()
    return name if name and name not in NAMES_NOT_KNOWN else None


def player_name_notes(matches: Sequence[EventMatch]) -> list[str]:
    """A bilingual note per group of player names that differ only in letter case or spacing
    (:func:`folded_name`) — or in an invisible character too (a format or control character that draws nothing, such
    as a zero-width space: :func:`_seen`) —, each name with the records that write it (quoted: an invisible character
    shown as its escape, :func:`quoted`): counted as that many players (which is meant is not in the records: never
    merged silently); the check the team and event names get."""
    of_name: dict[str, list[EventMatch]] = defaultdict(list)
    for m in matches:
        for p in m.players:
            if p and m not in of_name[p]:
                of_name[p].append(m)
    folded: dict[str, list[str]] = defaultdict(list)
    for name in sorted(of_name):
        folded[folded_name(_seen(name))].append(name)
    notes = []
    for names in folded.values():
        if len(names) < 2:
            continue
        def written(zh: bool) -> str:
            return "; ".join(f"{quoted(n)}{'（' if zh else ' ('}"
                             f"{', '.join(sorted({m.source or m.match_id for m in of_name[n]}))}{'）' if zh else ')'}"
                             for n in names)
        if len({folded_name(n) for n in names}) > 1:        # they differ in an invisible character
            what, what_zh = "letter case, spacing or an invisible character", "大小写、空格或不可见字符"
        else:
            what, what_zh = "letter case or spacing", "大小写或空格"
        notes.append(f"player names that differ only in {what}: {written(False)}: counted as "
                     f"{len(names)} players (standings, ratings, pages); if they are one, write the name the same way "
                     f"in every record / 选手姓名仅{what_zh}不同：{written(True)}：按 {len(names)} 名选手计（排名、"
                     "等级分、页面）；如为同一人，请在每份记录中写法一致")
    return notes


def _seen(name: str) -> str:
    """``name`` without the characters that draw nothing and are no space (those :func:`quoted` writes as escapes:
    a zero-width space U+200B, a word joiner U+2060, a right-to-left mark …; a line separator or a tab is a space,
    as :func:`folded_name` reads it): two names drawn alike compare equal."""
    return "".join(ch for ch in name if ch.isspace() or unicodedata.category(ch) not in _UNSEEN)


def quoted(text: str | None) -> str:
    """A tag value (a team's, an event's, a player's name …) as a note quotes it, in either language: between
    double quotes, a backslash or a double quote inside it escaped with a backslash as a ``.tgn`` tag writes
    it (``"\\"Quoted\\" Aces"`` for the team ``"Quoted" Aces``: the record's own ``[TeamNS "\\"Quoted\\" Aces"]``),
    so that where the name ends is never in doubt; ``"(none)"`` when the record gives none.  A character that
    draws nothing or moves the text around it — a format character (Unicode category Cf: a zero-width space
    U+200B, a right-to-left override U+202E …), a control character, a line or paragraph separator — is written
    as its escape (``"Owls\\u200b"``, ``"\\u202eslwO"``, as the terminal shows record text): two names a note
    quotes side by side that differ only in such a character show the difference, in text, JSON and HTML alike."""
    if text is None:
        return "(none)"
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    if any(unicodedata.category(ch) in _UNSEEN for ch in text):
        text = "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in _UNSEEN else ch
                       for ch in text)
    return '"' + text + '"'


_UNSEEN = frozenset({"Cf", "Cc", "Zl", "Zp"})
"""The Unicode categories :func:`quoted` writes as escapes: format and control characters, line and paragraph
separators (none draws a glyph of its own)."""


def rounds_of(matches: Iterable[EventMatch]) -> list[int]:
    """The round numbers the matches were played in, in order (matches without one left out)."""
    return sorted({r for r in (round_number(m.round) for m in matches) if r is not None})

"""Build the HTML report: one self-contained static folder that opens from disk.

Pipeline: record files → :func:`tractor_analysis.records.sources.load_file` →
:func:`tractor_analysis.engine.replay.replay_match` → report model
(:mod:`tractor_analysis.reports.model`, :mod:`~tractor_analysis.reports.hand_page`,
:mod:`~tractor_analysis.reports.match_page`) → jinja2 templates → files.  A dataset
folder feeds the same model through :mod:`tractor_analysis.reports.facts`.

Public API:

* :func:`build_report` — ``INPUT...`` (record files, folders of records, or a
  dataset folder) → :class:`ReportModel` plus the file problems met on the way;
* :func:`write_report` — a model → ``DIR`` (written to a temporary folder,
  then renamed into place; an existing ``DIR`` is replaced only when it is an
  earlier report, marked by :data:`REPORT_MARKER`, or empty);
* :func:`write_hand_pages` — just the hand page(s) of replayed matches, each a
  single self-contained HTML file (``tractor replay FILE --html OUT.html``).
"""
from __future__ import annotations

import functools
import os
import shutil
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Collection, Iterable, Sequence

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from tractor_analysis import __version__
from tractor_analysis.records.cards import (BJ, JOKER, NUM_KINDS, PRETTY, RANK_OF, RANK_TOKENS, SUIT_OF,
                                    SUIT_SYMBOLS, TOKEN)
from tractor_analysis.records.model import Match
from tractor_analysis.records.safe_write import umask
from tractor_analysis.engine.verdicts import MatchResult

from . import bidi, facts, table_cells
from .inputs import Pending, is_dataset, read_inputs
from .match_drawing import RulesFor, summary_view
from .card_display import level_label
from .hand_page import HandView, TrickView
from .match_page import MatchView, match_title, match_view, slugify
from .model import ReportModel


class ReportError(Exception):
    """A report cannot be built or written (bad input path, unwritable output)."""


# --- templates ----------------------------------------------------------------
def _card_html(kind: int) -> str:
    colour = "red" if SUIT_OF[kind] in (1, 2) or TOKEN[kind] == "BJ" else "black"
    extra = " joker" if SUIT_OF[kind] == JOKER else ""
    return f'<span class="c {colour}{extra}" title="{TOKEN[kind]}">{PRETTY[kind]}</span>'


CARD_HTML: tuple[str, ...] = tuple(_card_html(k) for k in range(NUM_KINDS))
"""Markup of every card kind, built once (kinds are ints: nothing user-written in it)."""


def _cards_filter(kinds: Iterable[int]) -> Markup:
    return Markup("".join(map(CARD_HTML.__getitem__, kinds)))


_RUN_OF: tuple[int, ...] = tuple(SUIT_OF[k] if SUIT_OF[k] != JOKER else k for k in range(NUM_KINDS))
"""Cards of one run share a suit; each joker kind is a run of its own."""
_RUN_OPEN: tuple[tuple[str, str], ...] = tuple(
    ('<i class="r">' if SUIT_OF[k] in (1, 2) or k == BJ else "<i>",
     '<i class="r t">' if SUIT_OF[k] in (1, 2) or k == BJ else '<i class="t">') for k in range(NUM_KINDS))
"""Opening tag of a run starting with kind k: (plain, trump)."""
_SYMBOL: tuple[str, ...] = tuple(SUIT_SYMBOLS[SUIT_OF[k]] if SUIT_OF[k] != JOKER else ""
                                 for k in range(NUM_KINDS))
_RANK: tuple[str, ...] = tuple(RANK_TOKENS[RANK_OF[k]] if SUIT_OF[k] != JOKER else PRETTY[k]
                               for k in range(NUM_KINDS))
_RANK_MARKED: tuple[str, ...] = tuple(f"<mark>{r}</mark>" for r in _RANK)


def held_html(kinds: Sequence[int], marks: Sequence[bool] = (), groups: Sequence[int] = ()) -> str:
    """A held hand as compact runs, the suit symbol once per run (as a hand is written
    down at the table): ``<i class="t">♠2 2</i> <i class="r">♥A K <mark>Q</mark> 7</i>``.

    A run breaks where the suit or the display group (``groups``: 0 trumps, see
    :func:`~tractor_analysis.reports.card_display.display_groups`) changes; each joker kind is a
    run of its own (``大王 大王``).  Red runs have class ``r``, trump runs ``t``; a copy
    played in the trick shown (``marks``) is a ``<mark>``.  About 3 bytes a card, where a
    card tile (:data:`CARD_HTML`) takes ~45.
    """
    out: list[str] = []
    add = out.append
    last = -1                   # the run being written: group * 64 + run (groups are 0..4, runs < 64)
    n_marks = len(marks)
    run_of, rank, rank_marked = _RUN_OF, _RANK, _RANK_MARKED
    for i, k in enumerate(kinds):
        group = groups[k] if groups else 1
        key = group * 64 + run_of[k]
        if key != last:
            if last >= 0:
                add("</i> ")
            add(_RUN_OPEN[k][group == 0])
            add(_SYMBOL[k])
            last = key
        else:
            add(" ")
        add(rank_marked[k] if i < n_marks and marks[i] else rank[k])
    if last >= 0:
        add("</i>")
    return "".join(out)


def _held_filter(kinds: Iterable[int], marks: Iterable[bool] = (), groups: Sequence[int] = ()) -> Markup:
    return Markup(held_html(tuple(kinds), tuple(marks), groups))


# --- the hand page's tricks, drawn in Python ------------------------------------
# A hand page draws 4 seats a trick, ~25 tricks a hand: through template macros that was
# ~150 macro calls a page (half the time of a report).  These functions write the same
# bytes as the macros of ``_macros.html`` (``cards``, ``notes``) and the seat block the
# template had; every piece of record text (names, notes) goes through ``escape``, and through
# ``bidi.isolate`` as the templates' ``finalize`` puts it (a right-to-left override stays in its name).
_NOT_RECORDED = '<span class="none">not recorded / 未记录</span>'
_EMPTY_CARDS = '<span class="none">—</span>'
_WHO_TAGS: dict[tuple[bool, bool, bool], str] = {
    (lead, win, bad): ((lead and '<span class="tag">leads / 首出</span>' or "")
                       + (win and '<span class="tag win">wins / 赢</span>' or "")
                       + (bad and '<span class="tag bad">violation / 违规</span>' or "")
                       + '</div>\n<div class="played' + (win and " winner" or "") + (bad and " faulty" or "") + '">')
    for lead in (False, True) for win in (False, True) for bad in (False, True)}
"""End of the ``who`` line and start of the ``played`` block, by (leads, wins, violation)."""
_NO_PLAY = _WHO_TAGS[(False, False, False)] + '<span class="none">no play / 未出</span>'
_LEFT_OUT = _WHO_TAGS[(False, False, False)] + '<span class="none">not in the record: not known / 记录未写，未知</span>'
"""A play the record leaves out of a trick it goes on past, not derived, or after its last play in the trick it
ends in (``TrickView.left_out``): never "no play"."""
_HELD_NONE = '<span class="none">no cards / 无</span>'
_HELD_UNKNOWN = ('<span class="none">? not known: the record does not give its cards, only its plays / '
                 '未知：记录未给出其手牌，只有其出牌</span>')


def cards_html(kinds, empty: str = "—") -> str:
    """The ``cards`` macro of ``_macros.html``: cards as tiles, or a placeholder."""
    if kinds is None:
        return _NOT_RECORDED
    if not kinds:
        return _EMPTY_CARDS if empty == "—" else f'<span class="none">{escape(empty)}</span>'
    return '<span class="cards">' + "".join(map(CARD_HTML.__getitem__, kinds)) + "</span>"


def notes_html(items: Iterable[str]) -> str:
    """The ``notes`` macro of ``_macros.html``: each note (record text, escaped) in a div."""
    return "".join(f'<div class="note">{escape(bidi.isolate(n))}</div>' for n in items)


def _seat_heads(hand: HandView) -> tuple[str, ...]:
    """Start of each seat's block, the same on every trick: position, side, player's name."""
    return tuple(f'<div class="seat {escape(s.seat)} {escape(s.side)}">\n'
                 f'<div class="who"><span class="pos">{escape(s.seat)}</span>{escape(bidi.isolate(s.name))}'
                 for s in hand.seats)


_SIDE_WORDS = {"attackers": "attackers / 闲家", "defenders": "defenders / 庄家"}


def _or_unknown(points: int | None) -> int | str:
    """A running total, ``?`` where it is withheld."""
    return "?" if points is None else points


def trick_seats_html(trick: TrickView, heads: Sequence[str], groups: Sequence[int]) -> Markup:
    """The four seats of one trick on the hand page (what each played and held)."""
    out: list[str] = []
    add = out.append
    for x, head in enumerate(heads):
        p = trick.plays_by_seat[x]
        add(head)
        if p is None:
            add(_LEFT_OUT if trick.left_out[x] else _NO_PLAY)
        else:
            if p.derived is not None:   # left out of the record, derived: the tag's title says from what
                add(f'<span class="tag derived" title="{escape(p.derived[1])} / {escape(p.derived[0])}">'
                    'derived / 推出</span>')
            add(_WHO_TAGS[(p.leader, p.winner, p.faulty)])
            if p.derived is not None and p.written is not None:     # read in place of the play as written
                add('<div class="small muted">written / 记录为: ')
                add(cards_html(p.written))
                add('</div>')
            elif p.derived is not None:
                add('<div class="small muted">not in the record / 记录未写</div>')
            if p.attempted is not None:
                add('<div class="small">attempted throw / 甩牌: ')
                add(cards_html(p.attempted))
                add('</div><div class="small">forced play / 强制出牌:</div>')
            add(cards_html(p.cards))
            if p.notes:
                add(notes_html(p.notes))
        held = trick.hands_before[x]
        if not trick.held_known[x]:     # only its plays are known, not its hand
            add('</div>\n<div class="held small"><span class="muted">held / 手牌:</span> ')
            add(_HELD_UNKNOWN)
        else:
            extra = trick.held_open[x]      # held, not known which (a play left out of the record)
            add(f'</div>\n<div class="held small"><span class="muted">held / 手牌 ({len(held) + extra}):</span> ')
            add(held_html(held, trick.played_marks[x], groups) if held or extra else _HELD_NONE)
            if extra:
                add(f' <span class="none" title="not known which / 未知哪张">+{extra} ?</span>')
        add("</div>\n</div>\n")
    return Markup("".join(out))


def _trick_html(t: TrickView, heads: Sequence[str], groups: Sequence[int], violation) -> str:
    """One trick's ``<section>`` of the hand page; ``violation``: the ``violation`` macro."""
    number = t.number
    return "".join((
        f'<section class="trick{" has-violation" if t.violations else ""}" id="{t.anchor}" '
        f'data-trick="{number}">\n<h3>Trick {number} / 第{number}轮{" (last / 末轮)" if t.last else ""}'
        + (f' <span class="sub">— {escape(t.written_as[1])} / {escape(t.written_as[0])}</span>' if t.written_as else "")
        + '</h3>\n'
        '<div class="table4">\n', trick_seats_html(t, heads, groups),
        f'<div class="centre">\n<div>leader / 首家 <strong>{escape(t.leader)}</strong> · {escape(t.lead_kind)}'
        f'{" / " + escape(t.lead_kind_zh) if t.lead_kind_zh else ""}'
        f'{" (failed throw / 甩牌失败)" if t.throw_failed else ""}</div>\n'
        + (f'<div class="muted lead-open">{escape(t.leader_open[1])} / {escape(t.leader_open[0])}</div>\n'
           if t.leader_open else "") +
        f'<div>winner / 赢家 <strong>{escape(t.winner)} {escape(bidi.isolate(t.winner_name))}</strong>'
        f'{" (trumped / 毙)" if t.trumped else ""}</div>\n'
        f'<div>points / 分 <strong>{"≥ " if t.points_open else ""}{escape(_or_unknown(t.points))}</strong> → '
        f'{_SIDE_WORDS.get(t.winner_side, "side not known / 哪方未知")}</div>\n'
        + (f'<div class="muted">{escape(t.ends_record[1])} / {escape(t.ends_record[0])}</div>\n' if t.ends_record else "")
        + f'<div>attackers\' points / 闲家得分 <strong class="running">{escape(_or_unknown(t.attackers_after))}</strong>'
        + (f' <span class="muted">(was {escape(_or_unknown(t.attackers_before))})</span>'
           if t.attackers_after != t.attackers_before else "")
        + _from_position_html(t) + '</div>\n</div>\n</div>\n',
        *(str(violation(v)) for v in t.violations),
        _derived_notes_html(t), notes_html(t.notes), "\n</section>\n"))


def _from_position_html(t: TrickView) -> str:
    """A position that does not state the attackers' points before it: their points from the position on
    (:attr:`TrickView.from_position_after`), beside the total shown as ``?``; empty otherwise."""
    if t.from_position_after is None:
        return ""
    was = t.from_position_before
    return (f' · from the position on / 自此局面起 <strong class="from-position">{t.from_position_after}</strong>'
            + (f' <span class="muted">(was {was})</span>' if was is not None and was != t.from_position_after else ""))


def _derived_notes_html(t: TrickView) -> str:
    """The trick's footnote for each play left out of the record that the engine derived: the
    ``play`` fact's own words, saying what it follows from (one note for plays one fact names)."""
    said = dict.fromkeys(p.derived for p in t.plays if p.derived is not None)
    return "".join(f'<div class="note derived">derived / 推出: {escape(en)} / {escape(zh)}</div>'
                   for zh, en in said)


def tricks_html(hand: HandView) -> Markup:
    """Every trick of the hand page (the ``tricks`` section's body after the trick list)."""
    if not hand.tricks:
        return Markup('<p class="none">no tricks recorded / 无出牌记录</p>\n')
    violation = environment().get_template("_macros.html").module.violation  # type: ignore[attr-defined]
    heads, groups = _seat_heads(hand), hand.groups
    return Markup("".join([_trick_html(t, heads, groups, violation) for t in hand.tricks]))


@functools.cache
def environment() -> Environment:
    from .event_pages import show_spaces

    # finalize: every plain string printed (record text) is isolated from its neighbours'
    # direction (:mod:`.bidi`: a name holding U+202E must not reverse what follows it)
    env = Environment(loader=PackageLoader("tractor_analysis.reports", "templates"),
                      autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, finalize=bidi.finalize)
    env.filters["cards"] = _cards_filter
    env.filters["held"] = _held_filter
    env.filters["level"] = level_label
    env.filters["head"] = table_cells.head
    env.filters["show_spaces"] = show_spaces       # the event notes: a name's spaces shown (``.ws``, event.css)
    env.globals["numeric_columns"] = table_cells.numeric_columns
    env.globals["tricks_html"] = tricks_html
    env.globals["cards_html"] = lambda kinds, empty="—": Markup(cards_html(kinds, empty))
    env.globals["notes_html"] = lambda items: Markup(notes_html(items))
    return env


@functools.cache
def _static(name: str) -> str:
    return resources.files("tractor_analysis.reports").joinpath("static", name).read_text("utf-8")


@dataclass(frozen=True)
class Assets:
    """How a page gets its CSS and JS: inlined (single files) or from ``static/``."""

    inline: bool
    prefix: str = ""

    @property
    def css(self) -> Markup:
        return Markup(_static("report.css"))

    @property
    def js(self) -> Markup:
        return Markup(_static("report.js"))


INLINE = Assets(inline=True)
LINKED = Assets(inline=False)


def hand_data(hand: HandView) -> dict:
    """What the hand page's script reads (through ``|tojson``)."""
    return {"hand": hand.number,
            "tricks": [t.number for t in hand.tricks],
            "violations": [t.number for t in hand.tricks if t.violations]}


def render_hand(hand: HandView, *, assets: Assets = INLINE, index: str | None = None,
                record_problems: Sequence[str] = (), hand_pages: str = "all") -> str:
    """One hand page; ``record_problems`` (``path:line:column: message`` lines) are shown
    at the top: the page rests on what could be read of the record.  ``hand_pages``
    ``violations``: previous / next name the hand with a violation they go to."""
    return environment().get_template("hand.html").render(
        hand=hand, data=hand_data(hand), assets=assets, links={"index": index, "hand_pages": hand_pages},
        record_problems=tuple(record_problems), version=__version__)


def render_match(match: MatchView, *, assets: Assets = LINKED, index: str | None = "index.html",
                 pages: Collection[str] | None = None, hand_pages: str = "all") -> str:
    """The match page; ``pages`` are the hand pages written (``None``: every hand's), and a
    hand without one is listed without a link; ``hand_pages`` says which were chosen."""
    if pages is None:
        pages = frozenset(h.filename for h in match.hands)
    return environment().get_template("match.html").render(
        match=match, assets=assets, links={"index": index}, pages=pages, hand_pages=hand_pages,
        version=__version__)


def render_index(model: ReportModel, *, assets: Assets = LINKED, event=None) -> str:
    """The index; ``event`` (:func:`.event_report.build_event`) adds the event's standings by round
    (and then the statistics' ranking by wins is not shown: the event's standings are the
    standings), and the second records of a match it found are counted once."""
    found = getattr(event, "copies", None) or {}
    outside = facts.outside_rounds(model)       # --after-round: the later rounds' matches, counted nowhere
    stats = facts.index_stats(model, charts_on=model.charts_on, copies={k: f for k, (f, _) in found.items()},
                              leave_out=outside)
    copies: dict[str, list] = {}          # the match list shows a match kept twice once, naming its copies
    for later, kept in stats.duplicate_of.items():
        copies.setdefault(kept.match, []).append(next(f for f in model.match_facts if f.match == later))
    drawn = {m.source for m in model.matches}       # the records something of the report comes from
    return environment().get_template("index.html").render(
        problems_unread=[p for p in model.problems if p.path not in drawn],
        problems_read=[p for p in model.problems if p.path in drawn],
        report=model, summary=stats.summary, standings=stats.standings, tables=stats.tables,
        charts=stats.charts, duplicate_of=stats.duplicate_of, copies=copies, assets=assets,
        copy_notes={k: note for k, (_, note) in found.items()}, outside=outside,
        after_round=getattr(getattr(model, "event_options", None), "after_round", None),
        version=__version__, event=event, heads=_event_heads(), match_href=_match_href(model))


def _event_heads() -> dict:
    from .event_pages import TIEBREAK_HEADS
    return TIEBREAK_HEADS


def _match_href(model: ReportModel):
    pages = {f.match: f.filename for f in model.match_facts}
    return pages.get


def _write_event(folder: Path, model: ReportModel):
    """The event's pages (:mod:`.event_report`) and its stylesheet; what the index shows of it."""
    from .event_report import build_event, write_event_pages

    event = build_event(model, facts.duplicate_matches(model))
    _write(folder / "static" / "event.css", _static("event.css"))

    def render(name: str, context: dict) -> str:
        return environment().get_template(name).render(assets=LINKED, version=__version__, **context)

    write_event_pages(folder, event, render)
    return event


# --- building the model ---------------------------------------------------------
def build_report(inputs: Sequence[str | os.PathLike], *, title: str = "Tractor report / 升级比赛报告",
                 rules: RulesFor | None = None, charts_on: bool = True, workers: int = 1) -> ReportModel:
    """The report model of record files / folders / a dataset folder.

    The model is *pending*: nothing is read until :func:`write_report` streams it (each
    match's pages are written as soon as it is replayed, and only the index's rows are
    kept) or a row of the model is read (then every view is built in memory, as
    :meth:`ReportModel.settle` says).

    Unreadable records do not stop the report: their diagnostics are listed on the
    index page (``model.problems``), and so is a path that names nothing (as ``tractor
    check`` and ``tractor ingest`` go on past one).

    ``workers`` > 1: a dataset's matches are drawn by that many processes (when there are
    enough of them; :func:`~.dataset_input.pool_size`); the pages are the same as with one.
    """
    return ReportModel(title=title, charts_on=charts_on, pending=Pending(tuple(inputs), rules, workers))



# --- writing --------------------------------------------------------------------
def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


HAND_PAGES = ("all", "violations", "none")
"""Which hands get a page: every hand, only hands with a violation, none."""


def hands_with_pages(match: MatchView, hand_pages: str = "all") -> list[HandView]:
    """The hands of ``match`` that get a page (``hand_pages``: one of :data:`HAND_PAGES`),
    each linked to the previous / next hand that has one."""
    if hand_pages not in HAND_PAGES:
        raise ReportError(f"hand pages: {hand_pages!r} is not one of {', '.join(HAND_PAGES)}")
    if hand_pages == "all":
        return list(match.hands)
    if hand_pages == "none":
        return []
    import dataclasses
    kept = [h for h in match.hands if h.violation_count or h.record_count]     # a record finding: to be corrected
    return [dataclasses.replace(h, prev_filename=kept[i - 1].filename if i else None,
                                next_filename=kept[i + 1].filename if i + 1 < len(kept) else None)
            for i, h in enumerate(kept)]


def _write_match_pages(folder: Path, match: MatchView, hand_pages: str) -> None:
    """A match's page and the pages of its hands (``hand_pages``: :data:`HAND_PAGES`)."""
    hands = hands_with_pages(match, hand_pages)
    _write(folder / match.filename, render_match(match, assets=LINKED, pages={h.filename for h in hands},
                                                 hand_pages=hand_pages))
    for h in hands:
        _write(folder / h.filename, render_hand(h, assets=LINKED, index="index.html", hand_pages=hand_pages))


REPORT_MARKER = ".tractor-report"
"""The file every report folder holds: ``tractor report -o DIR`` replaces an existing
``DIR`` only when it holds this marker (an earlier report) or is empty."""
_MARKER_TEXT = ("This folder is a report written by 'tractor report'; the next report to it replaces it.\n"
                "此文件夹是 tractor report 生成的报告；再次生成报告到此处时会整体替换。\n")
_REPORT_STATIC = frozenset({"report.css", "report.js"})


def _looks_like_old_report(folder: Path) -> bool:
    """A report written before the marker existed: nothing but ``*.html`` pages and
    ``static/`` holding ``report.css`` / ``report.js``."""
    for entry in folder.iterdir():
        if entry.name == "static" and entry.is_dir() and not entry.is_symlink():
            if any(e.name not in _REPORT_STATIC or not e.is_file() for e in entry.iterdir()):
                return False
        elif not (entry.name.endswith(".html") and entry.is_file() and not entry.is_symlink()):
            return False
    return True


def _inside(path: Path, folder: Path) -> bool:
    """``path`` is ``folder`` or somewhere under it (both resolved)."""
    return path == folder or folder in path.parents


def check_output_folder(out: Path, inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Refuse (:class:`ReportError`, nothing touched) an ``out`` (resolved) that a report
    must not replace: a folder that is not empty and is not an earlier report (no
    :data:`REPORT_MARKER`, see also :func:`_looks_like_old_report`), a folder that is or
    holds one of ``inputs`` or the current folder, or a folder inside an input dataset."""
    for raw in inputs:
        try:
            source = Path(raw).resolve()
        except (OSError, RuntimeError, ValueError):
            continue
        if _inside(source, out):
            raise ReportError(
                f"{out}: not written: the output folder {'is' if source == out else 'holds'} the input "
                f"{raw}, which the report would replace; choose another -o folder / 未写入：输出文件夹"
                f"{'就是' if source == out else '包含'}输入 {raw}，生成报告会把它替换掉；请用 -o 指定另一个文件夹")
        if _inside(out, source) and is_dataset(raw):
            raise ReportError(
                f"{out}: not written: the output folder is inside the input dataset {raw}; choose a folder "
                f"outside it / 未写入：输出文件夹位于输入数据集 {raw} 之内；请选择数据集之外的文件夹")
    try:
        cwd = Path.cwd().resolve()
    except OSError:
        cwd = None
    if cwd is not None and _inside(cwd, out):
        raise ReportError(
            f"{out}: not written: the output folder is {'the' if cwd == out else 'around the'} current folder, "
            f"which the report would replace; choose another -o folder / 未写入：输出文件夹"
            f"{'就是' if cwd == out else '包含'}当前文件夹，生成报告会把它替换掉；请用 -o 指定另一个文件夹")
    if not out.exists() and not out.is_symlink():
        return
    if not out.is_dir():
        raise ReportError(f"{out}: not written: it is not a folder / 未写入：{out} 不是文件夹")
    try:
        if (out / REPORT_MARKER).is_file() or _looks_like_old_report(out):
            return
    except OSError as exc:
        raise ReportError(f"{out}: cannot read the output folder: {exc.strerror or exc} / "
                          f"无法读取输出文件夹：{exc.strerror or exc}") from exc
    raise ReportError(
        f"{out}: not written: the folder holds files and is not a report written by 'tractor report' "
        f"(no {REPORT_MARKER} file in it), and a report replaces its whole folder; choose a new or "
        f"empty folder / 未写入：该文件夹中有文件，且不是 tractor report 生成的报告（其中没有 "
        f"{REPORT_MARKER} 文件），而生成报告会替换整个文件夹；请选择新的或空的文件夹")


def write_report(model: ReportModel, out_dir: str | os.PathLike, *, hand_pages: str = "all") -> Path:
    """Write the report folder: ``index.html``, one page per match and per hand, ``static/``
    and the marker :data:`REPORT_MARKER`.

    ``hand_pages`` (:data:`HAND_PAGES`): ``all`` writes every hand's page, ``violations``
    only those of hands with a violation (the match page lists the others without a
    link), ``none`` only the index and match pages.  Everything is written to a
    temporary folder next to ``out_dir`` and renamed into place, so a reader never sees
    half a report; an existing report there (it holds the marker) or an empty folder is
    replaced.  Any other existing folder is refused before anything is read or written
    (:func:`check_output_folder`): one that holds other files, that is or holds an input
    or the current folder, or that lies inside an input dataset.  A pending model (from
    :func:`build_report`) is streamed: each match's pages are written as soon as it is
    replayed and only its summary is kept (:func:`summary_view`), then the index.
    Returns the folder.
    """
    if hand_pages not in HAND_PAGES:
        raise ReportError(f"hand pages: {hand_pages!r} is not one of {', '.join(HAND_PAGES)}")
    out = Path(out_dir).resolve()
    check_output_folder(out, model.pending.inputs if model.pending is not None else model.sources)
    parent = out.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=parent))
    except OSError as exc:
        raise ReportError(f"{out}: cannot write the report here: {exc.strerror} / "
                          f"无法在此写入报告：{exc.strerror}") from exc
    try:
        (tmp / "static").mkdir()
        for name in ("report.css", "report.js"):
            _write(tmp / "static" / name, _static(name))
        _write(tmp / REPORT_MARKER, _MARKER_TEXT)
        if model.pending is not None:          # stream: each match's pages as it is replayed
            def sink(view: MatchView) -> MatchView:
                _write_match_pages(tmp, view, hand_pages)
                return summary_view(view)

            pending, model.pending = model.pending, None
            for name in ("hand.html", "match.html", "_macros.html"):
                environment().get_template(name)      # compiled once (before any worker forks)
            read_inputs(model, pending, sink)
        else:
            for m in model.matches:
                _write_match_pages(tmp, m, hand_pages)
        event = _write_event(tmp, model)
        _write(tmp / "index.html", render_index(model, assets=LINKED, event=event))
        os.chmod(tmp, 0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=parent))
            os.rename(out, old / out.name)
            os.rename(tmp, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def _page_target(path: Path) -> Path:
    """Where a hand page named ``path`` is put: a symlink's real file (the link stays);
    :class:`ReportError` for a folder or a device / pipe, which a page must not replace."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if target.is_symlink():
        raise ReportError(f"{path}: cannot write: a symbolic link loop / 无法写入：符号链接循环")
    if target.exists() and not target.is_file():
        raise ReportError(f"{path}: cannot write: it is a folder or a device, not a file / "
                          f"无法写入：它是文件夹或设备，不是普通文件")
    return target


def write_hand_pages(out: str | os.PathLike, matches: Iterable[tuple[Match, MatchResult]], *,
                     hands: Collection[int] = (), title: str | None = None,
                     record_problems: Sequence[str] = ()) -> list[Path]:
    """Write the hand pages of replayed matches as self-contained HTML files.

    ``matches`` are (record, engine result) pairs; ``hands`` keeps only those hand
    numbers (default every hand).  The first page goes to ``out`` (e.g.
    ``OUT.html``); every further one to ``OUT-2.html``, ``OUT-3.html`` … next to
    it, linked in order (previous/next).  CSS and JS are inlined, so each file
    opens on its own.  ``record_problems`` (the reader's diagnostics, as
    ``path:line:column: message``) are shown at the top of every page.

    All or nothing: every page is first written to a hidden temporary file in the same
    folder, and only when all are written are they renamed into place; on a failure the
    temporary files (and any folder this call created) are removed and no page is put in
    place.  A name that is a folder or a device is refused before anything is written; a
    symbolic link is kept and its target written.  Returns the paths written, in order;
    raises :class:`ReportError` when there is no hand to write or a page cannot be written.
    """
    out = Path(out)
    stem, suffix = out.stem, out.suffix or ".html"
    views: list[HandView] = []
    taken: set[str] = set()
    for i, (match, result) in enumerate(matches):
        mv = match_view(match, result, key=slugify(f"{stem}-{i + 1}", taken),
                        title=title or match_title(match, out.stem), with_match_page=False)
        views.extend(h for h in mv.hands if not hands or h.number in hands)
    if not views:
        raise ReportError("no hand to write / 没有可写的牌局")
    names = [out.name] + [f"{stem}-{k}{suffix}" for k in range(2, len(views) + 1)]
    import dataclasses
    paths = [out.parent / name for name in names]
    targets = [_page_target(p) for p in paths]          # refused before anything is written
    created: list[Path] = []                             # folders made for the pages
    folder = out.parent
    while not folder.exists() and not folder.is_symlink() and folder != folder.parent:
        created.append(folder)
        folder = folder.parent
    temps: list[Path] = []
    renamed = 0
    current = out.parent                                 # what is being written, for the message
    mode = 0o666 & ~umask()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        for k, v in enumerate(views):
            current = paths[k]
            v = dataclasses.replace(v, filename=names[k],
                                    prev_filename=names[k - 1] if k else None,
                                    next_filename=names[k + 1] if k + 1 < len(names) else None)
            fd, tmp = tempfile.mkstemp(prefix=f".{targets[k].name}.", suffix=".tmp", dir=targets[k].parent)
            temps.append(Path(tmp))
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(render_hand(v, assets=INLINE, index=None, record_problems=record_problems))
            os.chmod(tmp, mode)
        for k in range(len(temps)):
            current = paths[k]
            _page_target(paths[k])                       # still not a folder or a device
            os.replace(temps[k], targets[k])
            renamed += 1
    except BaseException as exc:
        # nothing half-written: the temporary files, any page already put in place by
        # this call and the folders it made go
        for t in temps[renamed:] + targets[:renamed]:
            try:
                t.unlink()
            except OSError:
                pass
        for d in created:
            try:
                d.rmdir()
            except OSError:
                pass
        if isinstance(exc, OSError):
            raise ReportError(f"{current}: cannot write: {exc.strerror or exc} / "
                              f"无法写入：{exc.strerror or exc}") from exc
        raise
    return paths


__all__ = ["ReportError", "HAND_PAGES", "Pending", "build_report", "read_inputs", "summary_view", "write_report", "check_output_folder", "REPORT_MARKER", "hands_with_pages", "write_hand_pages", "render_hand",
           "render_match", "render_index", "environment"]

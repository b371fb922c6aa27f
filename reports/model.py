"""The report model: plain frozen values every renderer reads.

One model, several renderers (diff-cover's idea): :func:`.hand_page.hand_view` turns a
record's :class:`~tractor_analysis.records.model.Hand` and the engine's
:class:`~tractor_analysis.engine.verdicts.HandResult` into a :class:`~.hand_page.HandView`;
:func:`.match_page.match_view` does the same for a whole match; :mod:`.card_display` puts
cards in the order a player holds them.  The index page reads
the fact rows of :mod:`.fact_rows` (one per match, hand and violation), built from
results or from a dataset's tables (:mod:`.inputs`).  :class:`ReportModel` here holds
everything one report folder shows.

Nothing here is HTML: strings are user text (escaped by the templates);
cards stay kinds (ints) and are drawn by the ``cards`` template filter.
"""
from __future__ import annotations


_ROWS = ("matches", "match_facts", "hand_facts", "violation_facts", "problems", "sources", "standings",
         "stats", "replayed", "tables", "encodings", "passed_over", "unread")


def _row_field(name: str, doc: str) -> property:
    def get(self: "ReportModel"):
        if self.pending is not None:
            self.settle()
        return self._rows[name]

    def put(self: "ReportModel", value) -> None:
        if self.pending is not None:
            self.settle()
        self._rows[name] = value

    return property(get, put, doc=doc)


class ReportModel:
    """Everything one report folder shows.

    A model from :func:`~tractor_analysis.reports.build.build_report` is *pending*: it
    names its inputs and has read nothing yet.  :func:`~tractor_analysis.reports.build.write_report`
    then reads, replays and writes the records one match at a time (so memory is bounded by
    one record file, not by the corpus) and keeps only what the index needs: the fact rows,
    and each match's view with its hands' summaries (no tricks, no charts).  Reading any of
    the rows below before writing builds the whole model in memory instead (:meth:`settle`):
    every hand's full view, as a renderer of one page wants.
    """

    matches = _row_field("matches", "Match views, in input order (summaries only once written).")
    match_facts = _row_field("match_facts", "One :class:`MatchFact` per match.")
    hand_facts = _row_field("hand_facts", "One :class:`HandFact` per hand.")
    violation_facts = _row_field("violation_facts", "One :class:`ViolationFact` per violation.")
    problems = _row_field("problems", "File problems (:class:`FileProblem`) met on the way.")
    sources = _row_field("sources", "The inputs read, as shown on the index.")
    encodings = _row_field("encodings", "(path, note) of each record file read as a legacy encoding (GBK or "
                           "Big5): which one and why.")
    passed_over = _row_field("passed_over", "The files a folder scan of the inputs found and did not read, their "
                             "names being no record file's (``tractor report`` names them on stderr).")
    unread = _row_field("unread", "Each record file (its path as shown) → the notes on what of it could not be read, "
                        "as ``tractor standings`` says them (:func:`~tractor_analysis.dataset.event_unread.unread_notes`: "
                        "the matches read that are left out, then each match a JSON Lines file lost whole), for the "
                        "index (:func:`~.event_report.unread_records`).")
    standings = _row_field("standings", "The ``stats.standings`` table "
                           "(:class:`~tractor_analysis.reports.facts.StatTable`).")
    stats = _row_field("stats", "The other ``stats`` tables (summary, points, bottom, violations by player).")
    replayed = _row_field("replayed", "(path, sha256, matches, results) of every record file read "
                          "(for the stats tables).")
    tables = _row_field("tables", "Rows of the replayed records' dataset tables, fed file by file "
                        "as they are read (a ``dataset.TableBuilder``), or ``None``.")

    def __init__(self, title: str, matches=None, match_facts=None, hand_facts=None,
                 violation_facts=None, problems=None, sources=None, charts_on: bool = True,
                 standings: object = None, stats: tuple = (), replayed=None, tables=None,
                 pending: object = None) -> None:
        self.title = title
        self.charts_on = charts_on
        self._rows = {"matches": list(matches or ()), "match_facts": list(match_facts or ()),
                      "hand_facts": list(hand_facts or ()), "violation_facts": list(violation_facts or ()),
                      "problems": list(problems or ()), "sources": list(sources or ()),
                      "standings": standings, "stats": stats, "replayed": list(replayed or ()),
                      "tables": tables, "encodings": [], "passed_over": [], "unread": {}}
        self.pending = pending
        """Inputs not read yet (:class:`~tractor_analysis.reports.inputs.Pending`), else ``None``."""

    def settle(self) -> None:
        """Read a pending model's inputs now, keeping every view in memory."""
        if self.pending is not None:
            pending, self.pending = self.pending, None
            pending.read(self)

    def __repr__(self) -> str:
        state = "pending" if self.pending is not None else f"{len(self._rows['matches'])} match(es)"
        return f"ReportModel(title={self.title!r}, {state})"

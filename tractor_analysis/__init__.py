"""tractor-analysis: the reference tool for records of Tractor (升级 / 拖拉机 / 80分).

The package is a pipeline, one way (``docs/architecture.md`` draws it):

* :mod:`tractor_analysis.records` — bytes → text → the record model, readers and writers of
  ``.tgn`` and JSON, diagnostics, the rulesets a record names;
* :mod:`tractor_analysis.engine` — the rules: order, units, legal plays, one trick,
  declarations, scoring, explanations, the replay of a hand and a match;
* :mod:`tractor_analysis.dataset` — the Parquet dataset: schema, commit protocol, ingest,
  reading, statistics;
* :mod:`tractor_analysis.simulate` — bots that play whole matches;
* ``tractor_analysis.reports`` (HTML) and ``tractor_analysis.cli`` (the ``tractor`` command)
  on top.

Lower layers never import higher ones (``tests/test_architecture.py``).
"""
__version__ = "0.1.0"

"""tractor-analysis: the reference tool for records of Tractor (升级 / 拖拉机 / 80分).

The pipeline, one way:

``cards`` (kinds as small ints) → ``rules`` (the frozen RuleSet and presets) →
``records`` (the record model) with ``notation`` (.tgn) and ``jsonrecord``
(.json/.jsonl) parsers and formatters → the engine: ``order`` (trump order per
hand), ``units`` (pairs, tractors, throws), ``tricks`` (one trick judged),
``replay`` (a hand and a match scored) → ``dataset`` (Parquet) →
``tractor_analysis.reports`` / ``tractor_analysis.cli``.
"""
__version__ = "0.1.0"

"""The solvers, above the engine: the endgame double-dummy solver (:mod:`.solver`, its search loop
:mod:`.search`, the plays a node tries :mod:`.plays` and :mod:`.moves`, the bottom bound
:mod:`.bounds`), the value of each play of a replayed hand (:mod:`.hand_analysis`, ``tractor
analyse``) and the options an ingest runs it with (:mod:`.batch`, ``ingest --analyse``).

May import: :mod:`tractor_analysis.engine`, :mod:`tractor_analysis.records` and the standard library.
The engine does not know this package; neither does the dataset (the CLI hands the ingest its
:class:`~.batch.AnalyseOptions`).
"""

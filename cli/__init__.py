"""The ``tractor`` command line (click); installed as ``tractor_analysis.cli``."""

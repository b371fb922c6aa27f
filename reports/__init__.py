"""HTML reports (jinja2 templates, matplotlib charts); installed as ``tractor_analysis.reports``.

Pipeline: records → engine results → report model (:mod:`.model`, :mod:`.card_display`,
:mod:`.hand_page`, :mod:`.match_page`, :mod:`.facts`)
→ templates (``templates/``) and inline SVG charts (:mod:`.charts`) → one static
folder (:func:`.build.write_report`) or single hand pages (:func:`.build.write_hand_pages`).
"""
from __future__ import annotations

__all__ = ["build_report", "write_report", "write_hand_pages", "ReportError"]


def __getattr__(name: str):
    # lazy: importing the package does not load jinja2 / matplotlib until a report is built
    if name in __all__:
        from . import build
        return getattr(build, name)
    raise AttributeError(name)

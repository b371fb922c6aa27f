"""HTML reports (jinja2 templates, matplotlib charts); installed as ``tractor_analysis.reports``."""

"""How a ruleset is named to people: its preset and the options that differ from it (``standard+friend=on``).

``tractor stats --by ruleset`` names its rows so (:mod:`.stats_source`), and so does the note about one record
stored under two rulesets (:mod:`.rules_copies`).  No pandas, no DuckDB: the note runs at the end of an ingest.
"""
from __future__ import annotations

from .match_identity import rules_changed

_VARIANTS: dict[tuple[str, str], str] = {}


def variant(ruleset: str, rules_json) -> str:
    """The ruleset's name with the options that differ from its preset:
    ``standard+friend=on``; a plain preset name stays as it is."""
    if not isinstance(ruleset, str) or "+" not in ruleset or not isinstance(rules_json, str):
        return ruleset
    key = (ruleset, rules_json)
    hit = _VARIANTS.get(key)
    if hit is None:
        changed = [f"{k}={v}" for k, v in rules_changed(ruleset, rules_json) or ()]
        hit = _VARIANTS[key] = (ruleset.rstrip("+") + "+" + ",".join(changed)) if changed else ruleset
    return hit

"""The layout of a JSON record shared by its reader and writer: the fields a match and a hand
know, and how any other field travels as a tag (a string as it is, any other value as its
compact JSON text under ``<field>:json``)."""
from __future__ import annotations

import json
from typing import Any

__all__ = ["MATCH_FIELDS", "HAND_FIELDS", "TRICK_FIELDS", "PLAY_FIELDS", "DECLARATION_FIELDS", "JSON_SUFFIX",
           "dump"]

MATCH_FIELDS = ("event", "site", "date", "round", "table", "players", "teams", "ruleset", "rules", "levels",
                "hands", "notes", "tags")
"""The fields of a match object; any other top-level field is kept as a tag."""
HAND_FIELDS = ("number", "dealer", "trump", "level", "declarations", "deal", "bottom", "buried",
               "earlier_buries", "friend", "setup", "points", "first_trick", "tricks", "claim", "takebacks",
               "bid_for", "result_only", "notes", "tags")
"""The fields of a hand object; any other field of a hand is kept as a tag."""
TRICK_FIELDS = ("number", "plays", "notes")
"""The fields of a trick written as an object (it must have ``plays``; no other field is read)."""
PLAY_FIELDS = ("seat", "cards", "attempted", "notes")
"""The fields of a play (``seat`` and ``cards`` it must have); another field is reported and ignored."""
DECLARATION_FIELDS = ("seat", "cards", "after_bottom")
"""The fields of a declaration (``seat`` and ``cards`` it must have); another is reported and ignored."""
JSON_SUFFIX = ":json"
"""Ends the name of a tag whose value is the JSON text of a field that is not a string."""


def dump(value: Any) -> str:
    """``value`` as compact JSON text (characters kept, keys in their order)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)

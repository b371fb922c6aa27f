"""The platform readers (80fen, Botzone) and the JSON reader invent nothing a log does not state.

Each record here is a real log of the samples (tests/data/80fen, tests/data/botzone) or a JSON
record as a user would write it, with one field left out, ``null``, cut short or repeated — what
a log damaged in transit or written by a careless exporter looks like.  What the log does not
state gives no verdict (docs/format.md "Records from other tables"; docs/rules.md §14), a round
cut short is a record that ends early, a round left out breaks the chain of levels and dealers.
"""
from __future__ import annotations

import json

from tractor_analysis.records.json_reader import parse_json


# --- 6. JSON: a claim given as a string ------------------------------------------------------------

def test_json_a_claim_given_as_a_string_is_the_wrong_shape():
    deal = {"N": ["H3"], "E": ["H4"], "S": ["H5"], "W": ["H6"]}
    trick = [{"seat": "N", "cards": ["H3"]}, {"seat": "E", "cards": ["H4"]},
             {"seat": "S", "cards": ["H5"]}, {"seat": "W", "cards": ["H6"]}]
    text = json.dumps({"hands": [{"number": 1, "dealer": "N", "trump": "S", "level": "2", "setup": True,
                                  "points": 0, "deal": deal, "tricks": [trick], "claim": "130"}]}, indent=1)
    matches, diags = parse_json(text)
    [d] = diags
    assert d.code == "json_shape" and "\"claim\" should be a whole number, not a string" in d.message
    line = next(n for n, t in enumerate(text.splitlines(), 1) if '"claim"' in t)
    assert d.line == line
    assert matches[0].hands == ()
    # the same hand with the number: read
    matches, diags = parse_json(text.replace('"130"', "130"))
    assert diags == [] and matches[0].hands[0].claim == 130


"""Botzone matches the judge ended during the deal, built from the first match of the Botzone sample
(shared by the tests of unsettled matches: reading, converting, round trips)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

SAMPLE = Path(__file__).parent / "data" / "botzone" / "sample.ndjson.gz"


def first_match() -> dict:
    """The sample's first match, as its JSON line decodes."""
    with gzip.open(SAMPLE, "rt", encoding="utf-8") as f:
        return json.loads(f.readline())


def finish(seat: int, reason: str) -> dict:
    """The judge's ``finish`` request ending the match on ``seat``'s error ``reason``."""
    scores = {str(s): -3 if s == seat else 0 if s == (seat + 2) % 4 else 1 for s in range(4)}
    error = [""] * 4
    error[seat] = reason
    return {"output": {"command": "finish", "content": scores, "display": {"currplayer": seat, "error": error}}}


def nobody_declared() -> dict:
    """North passes its first card, East times out on its first: the judge ends the match, nobody
    declared, no banker, no trump (as bzU.ndjson)."""
    m = first_match()
    m["log"] = m["log"][:1] + [{"0": {"verdict": "OK", "response": []}}] + m["log"][2:3] \
        + [{"1": {"verdict": "TLE"}}, finish(1, "TLE")]
    return m


def illegal_call() -> dict:
    """North shows its first card as a call, and it is no level card: the judge ends the match there."""
    m = first_match()
    first = m["log"][0]["output"]["content"]["0"]["deliver"][0]
    m["log"] = m["log"][:1] + [{"0": {"verdict": "OK", "response": [first]}}, finish(0, "ILLEGAL_MOVE")]
    return m

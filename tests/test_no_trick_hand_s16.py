"""A hand whose record gives no trick at all (a scorer's tester: hand 2 of 4 with its deal but no trick line).

It was ``legal ✓`` (``check --json``'s ``legal`` true) though nothing of its play was judged.  Now its legality is not
known, an ``unknown`` (tag ``play``, withholding ``legality``) says why, and the hands after it are as before."""
from __future__ import annotations

import re
from pathlib import Path

from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.tgn_reader import parse_tgn

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_logs" / "spring-cup-r2t5.tgn").read_text(encoding="utf-8")


def test_a_hand_without_any_trick_line_is_not_shown_legal():
    start = SAMPLE.index('[Hand "2"]')
    end = SAMPLE.index('[Hand "3"]')
    block = "\n".join(line for line in SAMPLE[start:end].split("\n") if not re.match(r"\d+\. ", line))
    (match,), _ = parse_tgn(SAMPLE[:start] + block + SAMPLE[end:])
    r = replay_match(match)
    h = r.hands[1]
    assert not h.tricks and h.legal is None and h.outcome is None
    (u,) = [u for u in h.unknowns if u.tag == "play"]
    assert u.withheld == ("legality",) and "no trick of this hand" in u.message_en and "没有读到本局的任何一轮" in u.message_zh
    assert r.hands[0].legal is True and r.hands[2].legal is True

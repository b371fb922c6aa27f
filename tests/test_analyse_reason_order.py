"""``tractor analyse``: why a hand is not analysed is said English then Chinese, as every message
(docs/format.md "Diagnostics": "in English then Chinese") — in the text and in ``--json`` alike.

The reason is a ``(zh, en)`` pair (analysis/hand_analysis.py ``HandAnalysis.reason``, built by the
``analysis_*`` functions of engine/explain_hand.py); the command joined it Chinese first.  A hand with
no ``[Trump]`` tag is not analysed: the trump is not guessed.  Each test fails on the code before.
"""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from tractor_analysis.cli.main import main

from test_derived_play_pages import RECORD

NO_TRUMP = re.sub(r'(?m)^\[Declarations "[^"]*"\]\n', "", RECORD.replace('[Trump "S"]\n', ""))
"""No ``[Trump]``, nor ``[Declarations]`` (which would fix it: docs/rules.md §14.1)."""
EN = 'the trump is not stated ([Trump] missing, "?" or not a trump), so it is not guessed'
ZH = '主牌未写明（[Trump] 缺少、为 "?" 或无法识别），不作猜测'


def _analyse(tmp_path, *args):
    path = tmp_path / "notrump.tgn"
    path.write_text(NO_TRUMP, "utf-8")
    return CliRunner().invoke(main, ["analyse", str(path), "--last", "3", "--budget", "2", *args])


def test_the_text_gives_the_reason_english_then_chinese(tmp_path):
    r = _analyse(tmp_path)
    (line,) = [x for x in r.stdout.splitlines() if x.startswith("hand 1 ")]
    # before: "not analysed 未分析: 主牌未写明… / the trump is not stated…"
    assert f"not analysed 未分析: {EN}" in line
    reason = line.split("not analysed 未分析: ", 1)[1]
    en, zh = reason.rsplit(" / ", 1)
    assert en.startswith(EN) and zh.startswith(ZH)
    assert not any("\u4e00" <= c <= "\u9fff" for c in en)       # no Chinese in the English half


def test_the_json_gives_the_reason_english_then_chinese(tmp_path):
    r = _analyse(tmp_path, "--json")
    (hand,) = json.loads(r.stdout)["hands"]
    assert hand["plays"] == [] and hand["value_start"] is None
    en, zh = hand["reason"].rsplit(" / ", 1)
    assert en.startswith(EN) and zh.startswith(ZH)              # before: "主牌未写明… / the trump is …"

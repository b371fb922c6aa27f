"""The printed ruling, the replay text and the HTML pages on records that leave facts unstated:
they say what ``check --json`` says (derived, and from what; unknown, and what is withheld),
and never show as known what the record does not give (docs/rules.md §14.1)."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tractor_analysis.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DISPUTED = (ROOT / "sample_logs" / "disputed-trick.tgn").read_text("utf-8")


def without(text: str, prefix: str) -> str:
    """``text`` without its lines that start with ``prefix``."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(prefix))


def check_json(path: Path) -> dict:
    r = CliRunner().invoke(main, ["check", str(path), "--json"])
    return json.loads(r.stdout)


def ruling_html(path: Path, tmp_path: Path) -> str:
    out = tmp_path / "ruling.html"
    r = CliRunner().invoke(main, ["ruling", str(path), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return html.unescape(out.read_text("utf-8"))


@pytest.mark.parametrize("tag", ["[Dealer ", "[Level ", "[Levels ", "[Points "])
def test_the_ruling_states_what_check_json_derives_or_withholds(tmp_path, tag):
    record = tmp_path / "r.tgn"
    record.write_text(without(DISPUTED, tag), "utf-8")
    hand = check_json(record)["files"][0]["hands"][0]
    items = [*(hand.get("derived") or ()), *hand.get("unknown", ())]
    assert items, tag        # each of these tags leaves a fact derived or unknown
    page = ruling_html(record, tmp_path)
    for item in items:
        assert item["message_en"] in page, item
        assert item["message_zh"] in page, item


def test_the_ruling_points_to_an_unknown_item_that_is_on_the_page(tmp_path):
    record = tmp_path / "r.tgn"
    record.write_text(without(DISPUTED, "[Points "), "utf-8")
    page = ruling_html(record, tmp_path)
    assert "withheld (see unknown)" in page
    assert re.search(r"未知 unknown</b>[^<]*\[Points\]", page)

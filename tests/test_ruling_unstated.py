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
        if item.get("fact") == "levels" and not hand["complete"]:
            # the sides' levels carried in: a page of a hand not complete shows no levels and no
            # outcome, so nothing on it rests on them (left off: the page stays one A4 sheet)
            assert item["message_en"] not in page and item["message_zh"] not in page, item
            continue
        assert item["message_en"] in page, item
        assert item["message_zh"] in page, item


def test_a_complete_hands_ruling_gives_the_sides_levels_derived(tmp_path):
    """Where the page shows the levels (a hand played out), the sides' levels derived from the first
    [Level] ([Levels] not stated, the record beginning mid-match) are on it."""
    record = tmp_path / "r.tgn"
    text = (ROOT / "tests" / "data" / "event" / "r1t1.tgn").read_text("utf-8")
    first = text.index('[Hand "2"]')
    text = text[:first].replace('[Level "2"]', '[Level "5"]', 1)     # the first hand, not played at 2
    record.write_text(text, "utf-8")
    hand = check_json(record)["files"][0]["hands"][0]
    items = [d for d in hand.get("derived") or () if d["fact"] == "levels"]
    assert hand["complete"] and items, hand.get("derived")
    assert hand["violations"]       # played at 5, the record's follows of 2s and 5s go wrong: a ruling page
    page = ruling_html(record, tmp_path)
    assert items[0]["message_en"] in page and items[0]["message_zh"] in page


def test_the_ruling_points_to_an_unknown_item_that_is_on_the_page(tmp_path):
    record = tmp_path / "r.tgn"
    record.write_text(without(DISPUTED, "[Points "), "utf-8")
    page = ruling_html(record, tmp_path)
    assert "withheld (see unknown)" in page
    assert re.search(r"未知 unknown</b>[^<]*\[Points\]", page)


def test_a_seat_the_position_gives_no_line_for_is_not_shown_holding_its_plays(tmp_path):
    """E has no deal line: the ruling, the hand page and the replay do not show ♥5 ♥2 (the cards E
    plays) as E's hand — check --json says E's cards are not known."""
    record = tmp_path / "r.tgn"
    record.write_text(without(DISPUTED, "E: "), "utf-8")
    hand = check_json(record)["files"][0]["hands"][0]
    assert [u["tag"] for u in hand["unknown"]] == ["deal"]
    page = ruling_html(record, tmp_path)
    page = page[page.index('<table class="trick">'):]
    row = page[page.index("<b>E</b>"):page.index("<b>S</b>")]
    held = row[row.index('class="held"'):row.index('class="played"')]
    assert "♥" not in held and "(2)" not in held
    assert "not known" in held and "未知" in held
    # the other seats' hands, which the record gives, are still shown
    row = page[page.index("<b>N</b>"):page.index("<b>E</b>")]
    assert "(6)" in row

    r = CliRunner().invoke(main, ["replay", str(record)])
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("E "))
    assert "♥" not in line and "not known" in line and "未知" in line

    out = tmp_path / "hand.html"
    r = CliRunner().invoke(main, ["replay", str(record), "--html", str(out)])
    text = html.unescape(out.read_text("utf-8"))
    seat = text[text.index("李娜"):text.index("王芳", text.index("李娜"))]
    assert "held / 手牌 (2)" not in seat and "not known" in seat


def test_a_full_hand_cut_short_shows_the_dealer_hand_the_bury_gives(tmp_path):
    """A full hand that stops at trick 5, [Buried] given: the dealer's hand (deal + bottom − buried)
    is known and shown; a seat with no deal line that has not played a whole hand is not."""
    text = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text("utf-8")
    text = text.replace("3. W: D7, N: DA, E: D8, S: D5", "3. W: D7, N: DA, E: S5, S: D5")  # E revokes
    text = text[:text.index("5. S: DA DQ")]
    start = text.index("N: H2 D2 CA")
    text = text[:start] + text[text.index("\n", start) + 1:]          # no deal line for N
    record = tmp_path / "r.tgn"
    record.write_text(text, "utf-8")
    page = ruling_html(record, tmp_path)
    trick = page[page.index('<table class="trick">'):]
    west = trick[trick.index("<b>W</b>"):trick.index("</tr>", trick.index("<b>W</b>"))]
    assert "(19)" in west                       # the dealer W: deal + bottom − buried, less 2 tricks
    north = trick[trick.index("<b>N</b>"):trick.index("</tr>", trick.index("<b>N</b>"))]
    assert "not known" in north and "(" not in north.split('class="held"')[1].split("</td>")[0]


def test_friend_mode_outcome_names_the_winning_players_not_a_team(tmp_path):
    """找朋友: W deals and calls ♠A, which S holds — W and S defend, N and E attack and take the deal.
    The outcome named 'N–S' (N's fixed-partnership team), a side that did not exist in this hand."""
    text = (ROOT / "sample_logs" / "spring-cup-r2t5.tgn").read_text("utf-8")
    text = text.replace('[Levels "NS:2 EW:2"]', '[Levels "NS:2 EW:2"]\n[Rule:friend "on"]')
    text = text.replace('[Hand "1"]\n[Dealer "W"]\n', '[Hand "1"]\n[Dealer "W"]\n[Friend "SA"]\n')
    # a violation to rule on: N's declaration of ♥8 (a wrong claim is the record's finding since round 18)
    text = text.replace('[Declarations "W: C2 | W: C2 C2"]', '[Declarations "W: C2 | W: C2 C2 | N: H8"]', 1)
    record = tmp_path / "r.tgn"
    record.write_text(text, "utf-8")
    hand = check_json(record)["files"][0]["hands"][0]
    assert hand["outcome"]["winner"] == "attackers" and hand["levels_before"] is None
    page = ruling_html(record, tmp_path)
    row = page[page.index("<th>结果 <span"):]
    row = row[:row.index("</tr>")]
    assert "N 张伟, E 李娜" in row and "N 张伟、E 李娜" in row, row
    assert "N–S" not in row and "南北" not in row and "E–W" not in row, row


def test_a_take_back_penalty_is_said_beside_levels_it_changes(tmp_path):
    """Tournament rules: E took back a play in hand 1 (E–W defend and hold: up 1, then −1 for the
    take-back).  The page said 'E–W go up 1 level' and 'E–W 2 → 2' with no word of why."""
    text = (ROOT / "tests" / "data" / "event" / "r1t1.tgn").read_text("utf-8")
    start = text.index('[Claim "', text.index('[Hand "1"]'))
    end = text.index('"]', start) + 2
    text = text[:start] + '[Takebacks "E"]' + text[end:]
    # to rule on: N's declaration of ♣6 (a wrong claim is the record's finding since round 18: no page)
    text = text.replace('[Declarations "E: D2"]', '[Declarations "E: D2 | N: C6"]', 1)
    record = tmp_path / "r.tgn"
    record.write_text(text, "utf-8")
    hand = check_json(record)["files"][0]["hands"][0]
    assert hand["levels_before"]["EW"] == hand["levels_after"]["EW"] == "2"
    assert hand["outcome"] == {**hand["outcome"], "winner": "defenders", "levels": 1, "team": "EW"}
    page = ruling_html(record, tmp_path)
    first = page[:page.index("</article>")]
    assert "take-backs in this hand cost E–W −1 level(s)" in first and "−0" not in first     # (s22: no "N–S −0")
    assert "本局另有悔牌罚级：东西 −1（" in first


THROW_NO_DEALER = """[Ruleset "tournament"]
[Levels "NS:2 EW:5"]

[Hand "1"]
[Trump "H"]
[Level "2"]
[SetUp "1"]
[Points "0"]
N: SA SQ SQ H3 H4 H5
E: SK SK S3 D3 D4 D5
S: S4 S6 S7 C3 C4 C5
W: S8 S9 S10 C6 C7 C8
1. N: SA SQ SQ, E: SK SK S3, S: S4 S6 S7, W: S8 S9 S10
"""


def test_a_failed_throw_penalty_check_gives_is_ruled_on_when_only_the_dealer_seat_is_unknown(tmp_path):
    """No [Dealer]; [Level] and [Levels] give the dealer's side (N–S), so the penalty's sign is known and
    check --json scores it (+10 to the attackers).  The page said 'not ruled on' for the penalty,
    because the outcome — which an unfinished position never has — rests on the dealer's seat."""
    record = tmp_path / "r.tgn"
    record.write_text(THROW_NO_DEALER, "utf-8")
    hand = check_json(record)["files"][0]["hands"][0]
    assert hand["dealer"] is None and hand["penalties"] == 10 and hand["attackers_total"] == 10
    page = ruling_html(record, tmp_path)
    consequence = page[page.index('class="consequence"'):page.index('class="decision"')]
    assert "failed-throw penalty" in consequence and "+10 to the attackers' total" in consequence
    assert "not ruled on" not in consequence


def test_a_failed_throw_penalty_is_not_ruled_on_when_the_sides_are_unknown(tmp_path):
    record = tmp_path / "r.tgn"
    record.write_text(THROW_NO_DEALER.replace('[Levels "NS:2 EW:5"]\n', '[Levels "NS:2 EW:2"]\n'), "utf-8")
    hand = check_json(record)["files"][0]["hands"][0]
    assert hand["penalties"] is None and hand["attackers_total"] is None
    page = ruling_html(record, tmp_path)
    consequence = page[page.index('class="consequence"'):page.index('class="decision"')]
    assert "not ruled on" in consequence and "failed-throw penalty" not in consequence

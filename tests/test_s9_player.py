"""Session 9, the player's analysis (probe-player findings):

1. ``--view``: a seat whose throw failed held every card the throw showed (docs/rules.md §15 rule 6),
   so no deal a seat's view is judged over may leave one of them out of its hand — checked against
   an independent oracle: every deal of the unseen cards written as the position's deal lines and
   replayed by the engine, kept when the replay finds no fault.
2. ``analyse --json``: ``result`` is the total the hand really ended with, ``null`` for a hand that
   did not end (or whose end is not known) — never the points so far.
3. click's invalid-value errors say the same in Chinese as in English (the range, the choices).
"""
from __future__ import annotations

import itertools
import json
from pathlib import Path

from click.testing import CliRunner

from tractor_analysis.analysis import deals as deals_module
from tractor_analysis.analysis.deals import deals_for
from tractor_analysis.analysis.knowledge import agrees, knowledge_at
from tractor_analysis.cli.main import main
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.engine.tricks import hand_context
from tractor_analysis.records import parse_tgn
from tractor_analysis.records.cards import NUM_KINDS, TOKEN

ROOT = Path(__file__).resolve().parent.parent
SEATS = "NESW"

HEAD = """[North "Nn"]
[East "Ee"]
[South "Ss"]
[West "Ww"]
[Ruleset "standard"]

[Hand "1"]
[Dealer "W"]
[Trump "C"]
[Level "2"]
[SetUp "1"]
[Points "40"]
[FirstTrick "13"]
"""
BURIED = "Buried: SQ S3 HA HQ HJ H7 H3 D3\n"
TRICKS = ["13. E: H8, S: H4, W: C4, N: C5\n",
          "14. N: SJ S8 -> S8, E: S10, S: H6, W: C6\n",       # N shows ♠J, is forced to ♠8
          "15. W: H2, N: D9, E: S5, S: D9\n",
          "16. W: CQ, N: SJ, E: HJ, S: HQ\n"]
DEAL = {"N": "C5 SJ S8 D9", "E": "S10 S5 HJ H8", "S": "HQ H6 H4 D9", "W": "H2 CQ C6 C4"}


def _record(deal: dict[str, str], tricks: int = 4) -> str:
    lines = "".join(f"{s}: {deal[s]}\n" for s in SEATS)
    return HEAD + lines + BURIED + "".join(TRICKS[:tricks])


def _cards(counts) -> str:
    return " ".join(TOKEN[k] for k in range(NUM_KINDS) for _ in range(counts[k]))


def _w_view_at_trick_15():
    (m,), diags = parse_tgn(_record(DEAL))
    assert diags == []
    h = replay_match(m).hands[0]
    assert h.tricks[1].throw_failed and not h.violations
    kn = knowledge_at(h, m.hands[0], 2, 0)          # W's lead of trick 15
    assert kn.seat == 3
    return h, kn, hand_context(h.rules, h.level, h.trump)


def _oracle(kn) -> set:
    """Every deal of the unseen cards (N, E, S: 2 cards each now) in which the record's tricks 13 and
    14 replay without fault: each hand at trick 13 is its cards now plus what it played since."""
    pool = [k for k in range(NUM_KINDS) for _ in range(kn.unseen[k])]
    assert len(pool) == 6 and kn.sizes == (2, 2, 2, 0, 0)
    out = set()
    for order in itertools.permutations(pool):
        now = [sorted(order[0:2]), sorted(order[2:4]), sorted(order[4:6])]
        deal = {}
        for s in range(3):
            held = [0] * NUM_KINDS
            for k in now[s]:
                held[k] += 1
            deal[SEATS[s]] = _cards([a + b for a, b in zip(held, kn.played[s])])
        deal["W"] = _cards([a + b for a, b in zip(kn.own, kn.played[3])])
        (m,), diags = parse_tgn(_record(deal, 2))
        assert diags == []
        h = replay_match(m).hands[0]
        if not h.violations and not any(t.violations for t in h.tricks):
            counts = []
            for s in range(3):
                c = [0] * NUM_KINDS
                for k in now[s]:
                    c[k] += 1
                counts.append(tuple(c))
            out.add(tuple(counts))
    return out


def test_the_oracle_rejects_a_throw_of_a_card_not_held():
    """The oracle's own footing: the engine finds fault with N showing ♠J it did not hold."""
    deal = dict(DEAL, N="C5 S5 S8 D9", E="S10 SJ HJ H8")
    (m,), _ = parse_tgn(_record(deal, 2))
    h = replay_match(m).hands[0]
    codes = {v.code for v in h.violations} | {v.code for t in h.tricks for v in t.violations}
    assert "not_in_hand" in codes


def test_a_deal_without_the_shown_card_in_the_throwers_hand_does_not_agree():
    h, kn, ctx = _w_view_at_trick_15()
    assert any(t.failed and t.leader == 0 for t in kn.throws)
    assert agrees(kn, ctx, kn.real)
    z = (0,) * NUM_KINDS
    sj, s5, hj = TOKEN.index("SJ"), TOKEN.index("S5"), TOKEN.index("HJ")
    hq, d9 = TOKEN.index("HQ"), TOKEN.index("D9")

    def hand(*ks):
        c = [0] * NUM_KINDS
        for k in ks:
            c[k] += 1
        return tuple(c)

    # N ♠5 ♦9, E ♠J ♥J, S ♥Q ♦9: N would have shown ♠J without holding it
    assert not agrees(kn, ctx, (hand(s5, d9), hand(sj, hj), hand(hq, d9), z, z))
    assert agrees(kn, ctx, (hand(sj, d9), hand(s5, hj), hand(hq, d9), z, z))


def test_the_listed_deals_are_the_oracles():
    """`analyse --view` on this position said "exact, 11 distinct deals" for W's ♥2: 7 are possible."""
    h, kn, ctx = _w_view_at_trick_15()
    got = deals_for(kn, ctx, 50, 0)
    assert got.exact
    want = _oracle(kn)
    assert len(want) == 7
    assert {tuple(d[:3]) for d, _ in got.deals} == want
    sj = TOKEN.index("SJ")
    assert all(d[0][sj] == 1 for d, _ in got.deals)


def test_the_sampled_deals_are_among_the_oracles(monkeypatch):
    """The sampler draws void-respecting deals and keeps those :func:`agrees` accepts: forced onto
    its drawing path, every deal it keeps is one the oracle allows."""
    h, kn, ctx = _w_view_at_trick_15()
    monkeypatch.setattr(deals_module, "LIST_AT_MOST", 0)
    got = deals_for(kn, ctx, 300, 1)
    assert not got.exact and len(got.deals) == 300
    want = _oracle(kn)
    assert {tuple(d[:3]) for d, _ in got.deals} <= want


def test_the_cli_says_seven_deals(tmp_path):
    path = tmp_path / "t1.tgn"
    path.write_text(_record(DEAL), encoding="utf-8")
    r = CliRunner().invoke(main, ["analyse", str(path), "--last", "2", "--view", "--samples", "50"])
    assert r.exit_code == 0, r.output
    w_line = r.output.split("♥2", 1)[1].splitlines()[1]
    assert "exact, 7 distinct deals" in w_line, w_line


# --- 2. analyse --json: `result` only for a hand that ended ------------------------------------

def _analyse_json(path) -> dict:
    r = CliRunner().invoke(main, ["analyse", str(path), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_a_hand_cut_short_has_no_result():
    """The record stops after trick 20 with cards left: 80 is the points so far, not its result."""
    (h,) = _analyse_json(ROOT / "sample_logs" / "disputed-trick.tgn")["hands"]
    assert h["reason"] is not None and "before the hand's end" in h["reason"]
    assert h["result"] is None


def test_a_hand_not_known_to_be_played_out_has_no_result(tmp_path):
    """W's deal line left out: whether the hand was played out is not known, nor its result."""
    text = (HEAD.replace('[Dealer "W"]', '[Dealer "N"]').replace('[Trump "C"]', '[Trump "NT"]')
            .replace('[Level "2"]', '[Level "5"]').replace('[Points "40"]', '[Points "75"]')
            .replace('[FirstTrick "13"]', '[FirstTrick "23"]')
            + "N: S8 LJ S8\nE: S9 H5 H8\nS: H5 BJ HQ\nBuried: BJ H9 H8 LJ DQ CJ DJ S3\n"
              "23. N: LJ, E: H5, S: H5, W: S5\n24. N: S8, E: S9, S: HQ, W: SQ\n25. W: SQ, N: S8, E: H8, S: BJ\n")
    path = tmp_path / "noW.tgn"
    path.write_text(text, encoding="utf-8")
    (h,) = _analyse_json(path)["hands"]
    assert h["reason"] is not None and "none for W" in h["reason"]
    assert h["result"] is None


def test_a_hand_played_out_and_a_score_sheet_keep_their_result(tmp_path):
    path = tmp_path / "t1.tgn"
    path.write_text(_record(DEAL), encoding="utf-8")
    (h,) = _analyse_json(path)["hands"]
    assert h["reason"] is None and h["result"] == 45
    sheet = tmp_path / "sheet.tgn"
    sheet.write_text(HEAD.split("[Hand")[0] + '[Hand "1"]\n[Dealer "S"]\n[Level "2"]\n[Trump "H"]\n'
                     '[ResultOnly "yes"]\n[Claim "55"]\n', encoding="utf-8")
    (h,) = _analyse_json(sheet)["hands"]
    assert h["reason"] is not None and h["result"] == 55        # the total the sheet records


# --- 3. click's invalid values, the same in Chinese ------------------------------------------

def _usage_error(args: list[str]) -> str:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    return r.output


def test_a_value_out_of_range_names_the_range_in_both_languages(tmp_path):
    path = tmp_path / "t1.tgn"
    path.write_text(_record(DEAL), encoding="utf-8")
    out = _usage_error(["analyse", str(path), "--last", "0"])
    assert "0 is not in the range x>=1" in out and "--last 的取值无效：0 不在允许的范围 x>=1 内" in out
    out = _usage_error(["analyse", str(path), "--budget", "0"])
    assert "--budget 的取值无效：0.0 不在允许的范围 x>=0.01 内" in out
    out = _usage_error(["analyse", str(path), "--last", "x"])
    assert "--last 的取值无效：'x' 不是有效的整数" in out


def test_a_value_not_among_the_choices_lists_them_in_both_languages(tmp_path):
    path = tmp_path / "t1.tgn"
    path.write_text(_record(DEAL), encoding="utf-8")
    out = _usage_error(["analyse", str(path), "--rules", "nope"])
    english, chinese = out.strip().splitlines()[-2:]
    choices = english.split("is not one of ", 1)[1].rstrip(".")
    assert "'standard'" in choices and "'tournament'" in choices
    assert chinese.startswith("--rules 的取值无效：'nope' 不是可用取值之一：" + choices)


def test_a_missing_directory_is_named_in_both_languages(tmp_path):
    out = _usage_error(["stats", str(tmp_path / "nowhere")])
    assert "does not exist" in out and "DATASET 的取值无效：目录 '" in out and "nowhere' 不存在" in out


def test_clicks_suggestion_is_given_in_chinese_too():
    out = _usage_error(["check", "--json-lines", "x"])
    assert "Did you mean '--json'?" in out and "（是否想用 '--json'？）" in out

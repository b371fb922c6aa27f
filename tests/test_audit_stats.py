"""Audit of the published statistics (``tractor stats``, the report index).

Every figure is recomputed here independently, straight from the Parquet files (read with
pyarrow, not :func:`tractor_analysis.dataset.load`) or from the engine's own results
(:func:`tractor_analysis.engine.replay.replay_match` on the parsed records), and compared with
:mod:`tractor_analysis.dataset.stats` and the HTML report's index.  Corpora are small simulated
matches (standard, tournament with injected violations, one deck, friend mode) plus a few
hand-made ones (a forfeit, a round cut short).  A match kept twice is audited in
``test_audit_duplicates.py``, hands that decide nothing in ``test_audit_undecided.py``.

Tests marked ``xfail(strict=True)`` document real bugs found by the audit.
"""
from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict

import numpy as np
import pandas as pd
import json

import pytest

from audit_helpers import SEATS, TEAM, Raw, index_html, ingest_dir, isnull, report_table, same, summary_facts
from tractor_analysis.dataset import stats
from tractor_analysis.dataset import load
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate, simulate_match, write_matches
from tractor_analysis.records.sources import load_file

pytestmark = pytest.mark.xdist_group("test_audit_stats")
"""The module's tests on one worker of ``make test`` (``--dist loadgroup``): its module fixtures are built once."""


# --- building corpora -------------------------------------------------------------------
def _corpus(root, name, n, seed, *, preset="standard", rules=None, vr=0.0, max_hands=40):
    base = root / name
    matches = list(simulate(n, seed, rules=rules, preset=preset, violation_rate=vr, max_hands=max_hands))
    write_matches(matches, str(base / "rec"))
    return ingest_dir(str(base / "rec"), str(base / "ds"))


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    root = tmp_path_factory.mktemp("audit")
    friend = build_ruleset("standard", {"friend": "on"})[0]
    friend3 = build_ruleset("three-deck", {"friend": "on"})[0]
    return {
        "standard": _corpus(root, "std", 4, 3),
        "tournament": _corpus(root, "tour", 4, 5, preset="tournament", vr=0.03, max_hands=12),
        "one-deck": _corpus(root, "one", 3, 2, preset="one-deck", vr=0.02),
        "friend": _corpus(root, "fr", 4, 9, rules=friend, vr=0.02),
        "friend3": _corpus(root, "fr3", 2, 4, rules=friend3, max_hands=8),
    }


@functools.lru_cache(maxsize=None)
def _raw(path) -> Raw:
    """``Raw(path)``, read once per corpus (the tests only read it; each corpus is a folder of its own)."""
    return Raw(path)


def _friend(h) -> bool:
    """The hand was played in friend mode (找朋友: no team level)."""
    return bool(json.loads(h.rules).get("friend")) if isinstance(h.rules, str) and h.rules else False


def _finished(h) -> bool:
    return isinstance(h.outcome, str)


def expected_summary(R: Raw, by: str) -> dict:
    """The summary table recomputed row by row from the hands / tricks / violations tables."""
    acc = {}
    team_name = functools.lru_cache(maxsize=None)(R.team_name)     # (a match's team names do not change)
    failed_in_hand, violations_in_hand = Counter(), Counter()     # (match, hand) -> throws failed, violations
    if by not in ("player", "team"):
        for t in R.t.itertuples():
            failed_in_hand[(t.match_id, t.hand_no)] += int(bool(t.throw_failed))
        violations_in_hand.update((v.match_id, v.hand_no) for v in R.v.itertuples())

    def row(k):
        return acc.setdefault(k, dict(hands=0, as_dealer=0, as_attacker=0, dfd=0, held=0, att=[],
                                      bc=0, lg=0, tw=0, ft=0, v=0))

    for h in R.h.itertuples():
        dseats = list(h.defender_seats)
        key_hand = (h.match_id, h.hand_no)
        if by in ("player", "team"):
            units = ([(R.names[(h.match_id, s)], [s]) for s in SEATS] if by == "player" else
                     [(team_name(h.match_id, t), [a, b]) for t, a, b in (("NS", "N", "S"), ("EW", "E", "W"))])
            for k, seats in units:
                r = row(k)
                r["hands"] += 1
                defending = any(s in dseats for s in seats)
                r["as_dealer"] += (h.dealer in seats) if by == "player" else (TEAM[h.dealer] == TEAM[seats[0]])
                r["as_attacker"] += not defending
                if _finished(h):
                    if defending:
                        r["dfd"] += 1
                        r["held"] += h.outcome == "defenders"
                    else:
                        r["att"].append(h.attackers_total)
                        r["bc"] += bool(h.bottom_captured)
                # levels really moved in the hand (a gain stops at the winning level; penalties count);
                # a hand recorded after the match ended counts for nothing; friend mode has no team
                # level: a partnership moved as far as the further of its two players
                if h.after_match_end is not True:
                    moved = [int(getattr(h, f"level_{s.lower()}_after")) - int(getattr(h, f"level_{s.lower()}_before"))
                             for s in seats]
                    if by == "player" or not _friend(h):
                        who = seats[0].lower() if by == "player" else TEAM[seats[0]].lower()
                        moved = [int(getattr(h, f"level_{who}_after")) - int(getattr(h, f"level_{who}_before"))]
                    r["lg"] += max(moved)
                r["tw"] += sum(R.won_by[(*key_hand, s)] for s in seats)
                r["ft"] += sum(R.failed_by[(*key_hand, s)] for s in seats)
                r["v"] += sum(R.viol_by[(*key_hand, s)] for s in seats)
        else:
            k = h.match_id if by == "match" else stats.variant(h.ruleset, h.rules)
            r = row(k)
            r["hands"] += 1
            if _finished(h):
                r["dfd"] += 1
                r["held"] += h.outcome == "defenders"
                r["att"].append(h.attackers_total)
                r["bc"] += bool(h.bottom_captured)
                if not isnull(h.levels_gained) and h.after_match_end is not True:
                    r["lg"] += int(h.levels_gained)
            r["tw"] += int(h.tricks)
            r["ft"] += failed_in_hand[key_hand]
            r["v"] += violations_in_hand[key_hand]
    out = {}
    for k, r in acc.items():
        e = dict(hands=r["hands"],
                 hold_rate=r["held"] / r["dfd"] if r["dfd"] else np.nan,
                 attack_points_mean=float(np.mean(r["att"])) if r["att"] else np.nan,
                 attack_points_median=float(np.median(r["att"])) if r["att"] else np.nan,
                 bottom_captures=r["bc"], levels_gained=r["lg"], tricks_won=r["tw"],
                 failed_throws=r["ft"], violations=r["v"], violations_per_100=100 * r["v"] / r["hands"])
        if by in ("player", "team"):
            e["as_dealer"], e["as_attacker"] = r["as_dealer"], r["as_attacker"]
        out[k] = e
    return out


# --- the corpora are sound ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["standard", "tournament", "one-deck", "friend", "friend3"])
def test_every_finished_hand_scores_100_points_per_deck(corpora, name):
    R = _raw(corpora[name])
    pts = R.t.groupby(["match_id", "hand_no"])["points"].sum()
    h = R.h[R.h.outcome.notna()].set_index(["match_id", "hand_no"])
    assert len(h) > 5
    total = pts.reindex(h.index).astype(int) + h["bottom_points"].astype(int)
    assert (total == 100 * h["decks"].astype(int)).all()
    # and the attackers' card points are the tricks they won (the real sides: defender_seats)
    t = R.t.merge(R.h[["match_id", "hand_no", "defender_seats"]], on=["match_id", "hand_no"])
    t["att"] = [w not in list(d) for w, d in zip(t.winner, t.defender_seats)]
    att = t[t.att].groupby(["match_id", "hand_no"])["points"].sum()
    assert (att.reindex(h.index, fill_value=0).astype(int) == h["attackers_points"].astype(int)).all()
    # the total is the sum of its items
    assert (h["attackers_points"].astype(int) + h["bottom_bonus"].astype(int) + h["penalties"].astype(int)
            == h["attackers_total"].astype(int)).all()


def test_friend_mode_tricks_attackers_won_follows_the_real_sides(corpora):
    R = _raw(corpora["friend"])
    t = R.t.merge(R.h[["match_id", "hand_no", "defender_seats"]], on=["match_id", "hand_no"])
    real = pd.Series([w not in list(d) for w, d in zip(t.winner, t.defender_seats)])
    assert (real != pd.Series([w not in ("N", "S") if d[0] in "NS" else w not in ("E", "W")
                               for w, d in zip(t.winner, t.defender_seats)])).any()   # split sides exist
    assert (t["attackers_won"].astype(bool).to_numpy() == real.to_numpy()).all()
    att = t[t["attackers_won"].astype(bool)].groupby(["match_id", "hand_no"])["points"].sum()
    h = R.h[R.h.outcome.notna()].set_index(["match_id", "hand_no"])
    assert (att.reindex(h.index, fill_value=0).astype(int) == h["attackers_points"].astype(int)).all()


@pytest.mark.parametrize("name", ["standard", "tournament", "friend"])
def test_dataset_rows_agree_with_the_engine_replaying_the_records(corpora, name):
    R = _raw(corpora[name])
    seen = 0
    for m in R.m.itertuples():
        match = load_file(m.source_file).matches[m.match_index]
        res = replay_match(match)
        hands = R.h[R.h.match_id == m.match_id].sort_values("hand_no")
        assert len(hands) == len(res.hands) == m.hands
        for row, hr in zip(hands.itertuples(), res.hands):
            assert row.attackers_total == hr.attackers_total
            assert row.outcome == (hr.outcome.winner if hr.outcome else None)
            assert row.levels_gained == (hr.outcome.levels if hr.outcome else None)
            seen += 1
        friend = bool(res.hands) and res.hands[0].rules.friend      # no side's level in friend mode
        assert (m.level_ns_final, m.level_ew_final) == res.levels_final if not friend else \
            (pd.isna(m.level_ns_final) and pd.isna(m.level_ew_final))
        winner = {0: "NS", 1: "EW", None: None}[res.winner]
        assert (m.winner if isinstance(m.winner, str) else None) == winner
    assert seen > 20


# --- summary ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["standard", "tournament", "one-deck", "friend", "friend3"])
@pytest.mark.parametrize("by", ["player", "team", "match", "ruleset"])
def test_summary_matches_an_independent_recount(corpora, name, by):
    R = _raw(corpora[name])
    exp = expected_summary(R, by)
    got = stats.summary(load(corpora[name]), by).set_index(by)
    assert set(got.index) == set(exp)
    for k, e in exp.items():
        for col, v in e.items():
            assert same(got.at[k, col], v), (k, col, v, got.at[k, col])


def test_violations_per_100_hands_use_the_hands_played_as_denominator(corpora):
    R = _raw(corpora["tournament"])
    assert len(R.v) > 3, "the tournament corpus must hold violations"
    got = stats.summary(load(corpora["tournament"]), "player").set_index("player")
    hands = defaultdict(int)
    for h in R.h.itertuples():
        for s in SEATS:
            hands[R.names[(h.match_id, s)]] += 1
    viol = defaultdict(int)
    for v in R.v.itertuples():
        if isinstance(v.seat, str):
            viol[R.names[(v.match_id, v.seat)]] += 1
    for k in hands:
        assert got.at[k, "violations_per_100"] == pytest.approx(100 * viol[k] / hands[k])


# --- points bands, bottom captures, violation rates ----------------------------------------
def _band(total: int, decks: int) -> str:
    step = 100 * decks // 5
    if total <= 0:
        return "0"
    edges = [(step, "<1 step"), (2 * step, "1-2 steps"), (3 * step, "2-3 steps"),
             (4 * step, "3-4 steps"), (5 * step, "4-5 steps")]
    for edge, name in edges:
        if total < edge:
            return name
    return "5+ steps"


def test_band_edges_follow_the_score_table():
    # 2 decks: 0, 5-35, 40-75, 80-115, 120-155, 160-195, 200+ (rules.md §8)
    assert [_band(t, 2) for t in (0, 5, 35, 40, 75, 80, 115, 120, 160, 200)] == [
        "0", "<1 step", "<1 step", "1-2 steps", "1-2 steps", "2-3 steps", "2-3 steps", "3-4 steps",
        "4-5 steps", "5+ steps"]


@pytest.mark.parametrize("name", ["standard", "one-deck", "friend3", "tournament"])
@pytest.mark.parametrize("by", ["player", "ruleset"])
def test_points_distribution_matches_an_independent_recount(corpora, name, by):
    R = _raw(corpora[name])
    exp = defaultdict(lambda: defaultdict(int))
    for h in R.h[R.h.outcome.notna()].itertuples():
        b = _band(int(h.attackers_total), int(h.decks))
        if by == "player":
            for s in SEATS:
                if s not in list(h.defender_seats):
                    exp[R.names[(h.match_id, s)]][b] += 1
        else:
            exp[stats.variant(h.ruleset, h.rules)][b] += 1
    got = stats.points_distribution(load(corpora[name]), by).set_index(by)
    assert set(got.index) == set(exp)
    for k, bands in exp.items():
        for b in stats.POINT_BANDS:
            assert got.at[k, b] == bands.get(b, 0), (k, b)


@pytest.mark.parametrize("name", ["standard", "tournament", "friend"])
def test_bottom_captures_match_an_independent_recount(corpora, name):
    R = _raw(corpora[name])
    exp = defaultdict(lambda: [0, 0])
    for h in R.h.itertuples():
        if not h.bottom_captured:
            continue
        # a capture is the attackers' win of the last trick
        last = R.t[(R.t.match_id == h.match_id) & (R.t.hand_no == h.hand_no) & R.t["last"].astype(bool)]
        assert len(last) == 1 and last.iloc[0].winner not in list(h.defender_seats)
        assert h.bottom_bonus == h.bottom_points * h.bottom_multiplier
        for s in SEATS:
            if s not in list(h.defender_seats):
                e = exp[(R.names[(h.match_id, s)], int(h.bottom_multiplier))]
                e[0] += 1
                e[1] += int(h.bottom_bonus)
    assert exp, "no bottom capture in the corpus"
    got = stats.bottom_captures(load(corpora[name]), "player")
    assert {(r.player, r.multiplier): [r.captures, r.bonus_points] for r in got.itertuples()} == dict(exp)


@pytest.mark.parametrize("by", ["player", "team", "match"])
def test_violation_rates_by_code_match_an_independent_recount(corpora, by):
    R = _raw(corpora["tournament"])
    hands = defaultdict(int)
    for h in R.h.itertuples():
        if by == "match":
            hands[h.match_id] += 1
        else:
            for s in SEATS:
                k = R.names[(h.match_id, s)] if by == "player" else R.team_name(h.match_id, TEAM[s])
                hands[k] += 1 if by == "player" else 0.5
    exp = defaultdict(int)
    for v in R.v.itertuples():
        if isnull(v.hand_no):
            continue
        if by == "match":
            exp[(v.match_id, v.code)] += 1
        elif isinstance(v.seat, str):
            k = R.names[(v.match_id, v.seat)] if by == "player" else R.team_name(v.match_id, TEAM[v.seat])
            exp[(k, v.code)] += 1
    got = stats.violation_rates(load(corpora["tournament"]), by)
    assert {(getattr(r, by), r.code): r.violations for r in got.itertuples()} == dict(exp)
    assert R.h["judged"].all()           # simulated: every hand's plays judged, so judged hands are all hands
    for r in got.itertuples():
        assert r.judged_hands == hands[getattr(r, by)]
        assert r.per_100_hands == pytest.approx(100 * r.violations / hands[getattr(r, by)])


# --- standings ---------------------------------------------------------------------------------
def expected_results(R: Raw) -> dict:
    """Each match's winner by the rules: forfeit; a team passing A (win_level); otherwise the
    higher final level, ties to the side holding the deal after the last hand."""
    out = {}
    for m in R.m.itertuples():
        hands = R.h[R.h.match_id == m.match_id].sort_values("hand_no")
        if not hands.outcome.notna().any() and not isinstance(m.forfeit, str):
            continue
        over = hands[hands.match_over.fillna(False).astype(bool)]
        # the match ends at its deciding hand (docs/rules.md §8.4): the first to pass A, or the hand
        # after which a side reached revoke_forfeit wrong follows; later hands count for nothing
        assert not isinstance(m.forfeit_reason, str) or "take-backs" not in m.forfeit_reason
        ns_rev, ew_rev = hands.revoke_ns.fillna(0).cumsum(), hands.revoke_ew.fillna(0).cumsum()
        ends = hands[(ns_rev >= 3) | (ew_rev >= 3) | hands.match_over.fillna(False).astype(bool)]
        if len(ends):
            hands = hands[hands.hand_no <= ends.iloc[0].hand_no]
        last = hands.iloc[-1]
        ns, ew = int(last.level_ns_after), int(last.level_ew_after)
        if isinstance(m.forfeit, str):
            w = "EW" if m.forfeit == "NS" else "NS"
        elif len(over):
            w = over.iloc[0].up_team
        elif ns != ew:
            w = "NS" if ns > ew else "EW"
        else:
            w = None if last.outcome == "neither" else TEAM[last.next_dealer if isinstance(last.next_dealer, str)
                                                          else last.dealer]
        out[m.match_id] = dict(winner=w, gained={"NS": ns - int(m.level_ns_start),
                                                 "EW": ew - int(m.level_ew_start)})
    return out


def expected_standings(R: Raw) -> pd.DataFrame:
    rows = {}
    for mid, r in expected_results(R).items():
        for t, o in (("NS", "EW"), ("EW", "NS")):
            name = R.team_name(mid, t)
            x = rows.setdefault(name, dict(team=name, matches=0, won=0, lost=0, levels_gained=0, level_diff=0))
            x["matches"] += 1
            x["won"] += r["winner"] == t
            x["lost"] += r["winner"] == o
            x["levels_gained"] += r["gained"][t]
            x["level_diff"] += r["gained"][t] - r["gained"][o]
    df = pd.DataFrame(list(rows.values()))
    return df.sort_values(["won", "levels_gained", "level_diff", "team"],
                          ascending=[False, False, False, True]).reset_index(drop=True)


@pytest.mark.parametrize("name", ["standard", "tournament", "one-deck"])
def test_standings_match_an_independent_recount(corpora, name):
    R = _raw(corpora[name])
    exp = expected_standings(R)
    got = stats.standings(load(corpora[name]))
    assert list(got["rank"]) == list(range(1, len(exp) + 1))
    cols = ["team", "matches", "won", "lost", "levels_gained", "level_diff"]
    assert got[cols].to_dict("records") == exp[cols].to_dict("records")
    # every decided match has exactly one winner and one loser
    assert got["won"].sum() == got["lost"].sum() == len([r for r in expected_results(R).values() if r["winner"]])


def test_forfeits_give_the_match_to_the_other_side(corpora):
    R = _raw(corpora["tournament"])
    forfeits = R.m[R.m.forfeit.notna()]
    assert len(forfeits) >= 2, "the tournament corpus must hold forfeits"
    res = stats.match_results(load(corpora["tournament"])).set_index("match_id")
    for m in forfeits.itertuples():
        assert res.at[m.match_id, "winner"] == ("EW" if m.forfeit == "NS" else "NS")
        assert res.at[m.match_id, "decided_by"] == "forfeit"
        # three level-punished wrong follows by the forfeiting side
        col = "revoke_ns" if m.forfeit == "NS" else "revoke_ew"
        assert R.h[R.h.match_id == m.match_id][col].fillna(0).astype(int).sum() >= 3


@pytest.fixture(scope="module")
def cut_short(tmp_path_factory):
    """Tournament rounds stopped after 3 hands (seed 11): decided by higher level or, on equal
    levels, by the side holding the deal (seed 001, rule 十一)."""
    root = tmp_path_factory.mktemp("cut")
    picked = {}
    for i in range(12):
        m = simulate_match(11, i, preset="tournament", max_hands=3)
        r = replay_match(m)
        if r.forfeit is not None or r.decided_by not in ("levels", "deal"):
            continue
        picked.setdefault(r.decided_by, []).append(m)
    assert picked.get("deal") and picked.get("levels")
    matches = picked["deal"][:2] + picked["levels"][:2]
    write_matches(matches, str(root / "rec"))
    return ingest_dir(str(root / "rec"), str(root / "ds")), matches


def test_a_round_cut_short_goes_to_the_higher_level_or_the_side_holding_the_deal(cut_short):
    path, matches = cut_short
    R = _raw(path)
    res = stats.match_results(load(path)).set_index("match_id")
    for m in R.m.itertuples():
        hands = R.h[R.h.match_id == m.match_id].sort_values("hand_no")
        last = hands.iloc[-1]
        ns, ew = int(last.level_ns_after), int(last.level_ew_after)
        exp = ("NS" if ns > ew else "EW") if ns != ew else TEAM[last.next_dealer]
        assert res.at[m.match_id, "winner"] == exp
    assert stats.standings(load(path))["won"].sum() == len(matches)


def test_decided_by_says_how_a_round_cut_short_was_decided(cut_short):
    path, _ = cut_short
    R = _raw(path)
    res = stats.match_results(load(path)).set_index("match_id")
    for m in R.m.itertuples():
        passed = R.h[(R.h.match_id == m.match_id)].match_over.fillna(False).astype(bool).any()
        assert not passed
        assert res.at[m.match_id, "decided_by"] != "passed A"


@pytest.mark.parametrize("by", ["team", "player"])
def test_levels_gained_in_the_summary_are_levels_really_gained(corpora, by):
    R = _raw(corpora["standard"])          # no level penalties in the standard preset
    assert R.h.match_over.fillna(False).astype(bool).sum() >= 2
    exp = defaultdict(int)
    for m in R.m.itertuples():
        for t, start, final in (("NS", m.level_ns_start, m.level_ns_final), ("EW", m.level_ew_start, m.level_ew_final)):
            if by == "team":
                exp[R.team_name(m.match_id, t)] += int(final) - int(start)
            else:
                for s in (("N", "S") if t == "NS" else ("E", "W")):
                    exp[R.names[(m.match_id, s)]] += int(final) - int(start)
    got = stats.summary(load(corpora["standard"]), by).set_index(by)["levels_gained"]
    assert {k: int(v) for k, v in got.items()} == dict(exp)


# --- friend mode (找朋友): partnerships change every hand ------------------------------------
def _split_passes(R: Raw):
    """Friend-mode matches won by passing A where the winning side spanned both partnerships."""
    out = []
    for h in R.h[R.h.match_over.fillna(False).astype(bool)].itertuples():
        seats = list(h.defender_seats) if h.outcome == "defenders" else [s for s in SEATS if s not in h.defender_seats]
        if len({TEAM[s] for s in seats}) == 2:
            out.append((h.match_id, seats))
    return out


def test_friend_corpus_has_a_match_passed_by_players_of_both_partnerships(corpora):
    R = _raw(corpora["friend"])
    assert R.h.friend.notna().all()
    assert _split_passes(R)


def test_friend_mode_standings_do_not_count_a_loss_for_a_player_who_passed_a(corpora):
    R = _raw(corpora["friend"])
    res = stats.match_results(load(corpora["friend"])).set_index("match_id")
    # with sides that change every hand no table partnership wins a friend-mode match: it is
    # not credited to one pair (which would count a loss for the friend who passed A too) and
    # the pair standings leave it out
    split = _split_passes(R)
    for mid, seats in split:
        assert res.at[mid, "winner"] is None or res.at[mid, "winner"] != res.at[mid, "winner"], mid
        assert res.at[mid, "decided_by"].startswith("friend mode")
    table = stats.standings(load(corpora["friend"]))
    assert table.empty or int(table["matches"].sum()) == 0


def test_friend_mode_match_cut_short_is_not_decided_by_north_against_east(corpora):
    path = corpora["friend3"]
    R = _raw(path)
    res = stats.match_results(load(path)).set_index("match_id")
    undecided = R.m[R.m.winner.isna() & R.m.forfeit.isna()]
    assert len(undecided) >= 1
    for m in undecided.itertuples():
        engine = replay_match(load_file(m.source_file).matches[m.match_index])
        assert engine.winner is None
        assert res.at[m.match_id, "winner"] is None


def test_friend_mode_per_player_levels_are_kept_apart(corpora):
    R = _raw(corpora["friend"])
    differ = R.m[(R.m.level_n_final != R.m.level_s_final) | (R.m.level_e_final != R.m.level_w_final)]
    assert len(differ) >= 1
    # friend mode: no side has a level (as check --json's levels_final null); each player's own is kept
    assert R.m.level_ns_final.isna().all() and R.m.level_ew_final.isna().all()


# --- the report index against an independent recount ----------------------------------------
def test_report_index_tables_match_an_independent_recount(corpora, tmp_path):
    path = corpora["tournament"]
    R = _raw(path)
    index = index_html(path, tmp_path / "rep")
    facts = summary_facts(index)
    assert facts["Matches / 比赛"] == str(len(R.m))
    assert facts["Hands / 牌局"] == str(len(R.h))
    assert facts["Violations / 违规"] == str(len(R.v))
    done = R.h[R.h.outcome.notna()]
    # hold rate by dealer level
    exp = {}
    for lv, g in done.groupby("level"):
        name = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(int(lv), str(int(lv)))
        held = int((g.outcome == "defenders").sum())
        exp[name] = [str(len(g)), str(held), f"{100 * held / len(g):.0f}%"]
    got = {r[0]: r[1:] for r in report_table(index, "stats-hold")}
    assert got == exp
    # outcome bands
    rows = report_table(index, "stats-outcomes")
    assert sum(int(r[1]) for r in rows) == len(done)
    for r in rows:
        n = int(r[1])
        found = re.search(r"\+(\d+)", r[0])       # 'attackers take the deal, no level' has no '+N'
        lv = int(found.group(1)) if found else 0
        side = "defenders" if r[0].startswith("defenders") else "attackers"
        assert n == int(((done.outcome == side) & (done.levels_gained == lv)).sum())
    # bottom captures by multiplier
    cap = done[done.bottom_multiplier > 0]
    exp_cap = {f"×{int(k)}": [str(len(g)), str(int(g.bottom_bonus.sum()))] for k, g in cap.groupby("bottom_multiplier")}
    assert {r[0]: r[1:] for r in report_table(index, "stats-bottom")} == exp_cap
    # violations by code
    exp_code = R.v.code.value_counts().to_dict()
    assert {r[0]: int(r[1]) for r in report_table(index, "stats-violations-code")} == exp_code
    # the standings table is the independent one
    st = report_table(index, "standings")
    exp_st = expected_standings(R)
    assert [(r[1], int(r[3]), int(r[4]), int(r[5])) for r in st] == [
        (x.team, x.won, x.lost, x.levels_gained) for x in exp_st.itertuples()]

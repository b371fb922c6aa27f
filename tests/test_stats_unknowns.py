"""Statistics over records that leave facts unknown: an unknown is never counted as a value.

Complete simulated matches (with injected violations) beside incomplete variants of them: a hand
whose dealer and level are not stated (its sides unknown), a friend-mode hand without ``[Friend]``
(the partner unknown), a hand without deal lines and one without ``[Trump]`` (their legality not
judged), a match kept as a score sheet (``[ResultOnly]``: no plays, no tricks, no bottom).  The
DuckDB statistics and the pandas reference must agree on them, and say what they count."""
from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

from tractor_analysis.dataset import load, stats, stats_reference
from tractor_analysis.dataset.pipeline import ingest
from tractor_analysis.records import format_tgn
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.simulate import simulate_match


def _hands(text: str) -> tuple[str, list[str]]:
    parts = re.split(r'(?m)^(?=\[Hand ")', text)
    return parts[0], parts[1:]


def _tgn(seed: int, index: int = 0, **kw) -> str:
    return format_tgn(simulate_match(seed, index, violation_rate=kw.pop("violation_rate", 0.05), **kw))


def _drop(pattern: str, hand: str) -> str:
    return re.sub(pattern, "", hand, flags=re.M)


def _players(head: str, names: tuple[str, str, str, str]) -> str:
    for tag, name in zip(("North", "East", "South", "West"), names):
        head = re.sub(rf'^\[{tag} "[^"]*"\]', f'[{tag} "{name}"]', head, flags=re.M)
    return head


def _sheet(hand: str, claim: bool = True) -> str:
    """A played hand kept as a score sheet: its tags and [ResultOnly "yes"] (and its claim)."""
    found = re.search(r'\[Claim "(-?\d+)"\]', hand)
    tags = [ln for ln in hand.splitlines() if ln.startswith("[") and not ln.startswith(("[Claim", "[Declarations"))]
    text = "\n".join(tags) + '\n[ResultOnly "yes"]\n'
    if claim and found:
        text += f'[Claim "{found.group(1)}"]\n'
    return text + "\n"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("stats-unknowns")
    src = root / "in"
    src.mkdir()
    for i in range(3):                                    # complete matches
        (src / f"full-{i}.tgn").write_text(_tgn(31, i, max_hands=6), "utf-8")
    # one hand, its dealer and level not stated: the sides are unknown (and no Buried: line — since s22 a hand's
    # deal lines with its Bottom: and Buried: lines may fix the dealer: 5c6965e)
    head, hands = _hands(_tgn(32, max_hands=3))
    head = _players(head, ("Nobody N", "Nobody E", "Nobody S", "Nobody W"))
    (src / "sides-unknown.tgn").write_text(
        head + _drop(r'^(\[(Dealer|Level|Declarations) "[^"]*"\]|Buried:.*)\n', hands[0]), "utf-8")
    # friend mode, hand 1 without [Friend]: the dealer's partner is unknown
    friend = build_ruleset("standard", {"friend": "on"})[0]
    head, hands = _hands(format_tgn(simulate_match(33, 0, rules=friend, max_hands=3)))
    head = _players(head, ("Friend N", "Friend E", "Friend S", "Friend W"))
    hands[0] = _drop(r'^\[Friend "[^"]*"\]\n', hands[0])
    (src / "friend-unknown.tgn").write_text(head + "".join(hands), "utf-8")
    # hand 2 without deal lines, hand 3 without [Trump] (nor [Declarations], which would fix it): their plays are
    # not judged
    head, hands = _hands(_tgn(34, max_hands=4, violation_rate=0.3))
    head = _players(head, ("Deal N", "Deal E", "Deal S", "Deal W"))
    hands[1] = _drop(r"^[NESW]: (?!.*,).*\n", hands[1])
    hands[2] = _drop(r'^\[(Trump|Declarations) "[^"]*"\]\n', hands[2])
    (src / "not-judged.tgn").write_text(head + "".join(hands), "utf-8")
    # a score sheet: every hand its result alone
    head, hands = _hands(_tgn(35, max_hands=5))
    head = _players(head, ("Sheet N", "Sheet E", "Sheet S", "Sheet W"))
    (src / "sheet.tgn").write_text(head + "".join(_sheet(h) for h in hands), "utf-8")
    ds = root / "ds"
    ingest(sorted(str(p) for p in src.iterdir()), str(ds))
    return ds


def _row(table: pd.DataFrame, by: str, key: str) -> pd.Series:
    rows = table[table[by] == key]
    assert len(rows) == 1, (key, table)
    return rows.iloc[0]


def test_the_corpus_has_its_unknowns(corpus):
    h = load(str(corpus)).hands
    assert h["defenders"].isna().any()                              # sides unknown
    assert h["result_only"].fillna(False).astype(bool).any()        # a score sheet
    assert h["trump"].isna().any()                                  # trump unknown


@pytest.mark.parametrize("by", ("player", "team"))
def test_a_hand_whose_sides_are_unknown_is_nobodys_attack(corpus, by):
    """The dealer not stated and nothing fixing it: nobody is known to attack or defend; the hand
    counts among the hands played, not as an attack of N–S (the code before counted a null team as
    E–W defending, so N and S attacked)."""
    for src in (corpus, load(str(corpus))):
        table = stats.summary(src, by)
        keys = ("Nobody N", "Nobody E", "Nobody S", "Nobody W") if by == "player" else \
            ("Nobody N / Nobody S", "Nobody E / Nobody W")
        for key in keys:
            row = _row(table, by, key)
            assert row["hands"] == 1 and row["as_attacker"] == 0 and row["as_dealer"] == 0, row
    ref = stats_reference.summary(load(str(corpus)), by)
    for key in keys:
        assert _row(ref, by, key)["as_attacker"] == 0


def test_a_friend_hand_whose_partner_is_unknown_is_nobodys_attack(corpus):
    """Friend mode, [Friend] not given: the dealer's partner is unknown, so no other seat is known
    to attack (the code before took the dealer's team for the side)."""
    h = load(str(corpus)).hands
    first = h[h["match_id"].isin(load(str(corpus)).matches.query("player_n == 'Friend N'")["match_id"])
              & (h["hand_no"] == 1)].iloc[0]
    assert first["defender_seats"] is None or first["defender_seats"] != first["defender_seats"]
    dealer = first["dealer"]
    table = stats.summary(corpus, "player")
    ref = stats_reference.summary(load(str(corpus)), "player")
    hands_played = _row(table, "player", f"Friend {dealer}")["hands"]
    for seat in "NESW":
        attacked = h[h["match_id"] == first["match_id"]]["defender_seats"].map(
            lambda seats, s=seat: seats is not None and len(seats) > 0 and s not in list(seats)).sum()
        for t in (table, ref):
            assert _row(t, "player", f"Friend {seat}")["as_attacker"] == attacked, (seat, t)
    assert hands_played == len(h[h["match_id"] == first["match_id"]])


@pytest.mark.parametrize("by", stats.BY)
def test_sql_equals_the_pandas_reference_on_incomplete_records(corpus, by):
    ds = load(str(corpus))
    for name in ("summary", "points_distribution", "bottom_captures", "violation_rates"):
        sql, ref = getattr(stats, name)(corpus, by), getattr(stats_reference, name)(ds, by)
        assert list(sql.columns) == list(ref.columns), name
        pd.testing.assert_frame_equal(sql.reset_index(drop=True), ref.reset_index(drop=True), check_dtype=False,
                                      obj=f"{name} by {by}")


def _match_of(corpus, north: str) -> str:
    m = load(str(corpus)).matches
    return m.loc[m["player_n"] == north, "match_id"].iloc[0]


def test_hands_not_judged_are_marked(corpus):
    """``hands.judged``: false for a hand without deal lines, one without [Trump], a score sheet's."""
    h = load(str(corpus)).hands
    sheet = h[h["match_id"] == _match_of(corpus, "Sheet N")]
    assert len(sheet) and not sheet["judged"].any()
    deal = h[h["match_id"] == _match_of(corpus, "Deal N")].set_index("hand_no")["judged"]
    assert deal.to_dict() == {1: True, 2: False, 3: False, 4: True}
    full = h[~h["match_id"].isin([_match_of(corpus, n) for n in ("Sheet N", "Deal N", "Nobody N", "Friend N")])]
    assert full["judged"].all()


@pytest.mark.parametrize("impl", ("sql", "reference"))
def test_violation_rates_are_per_hand_judged(corpus, impl):
    """A hand whose plays were not judged (a score sheet's, no deal lines, no trump) is no hand without a
    violation: the rate is over the hands judged, and says so (``judged_hands``).  The code before
    divided by every hand, so a score sheet's player read 0.00 violations per 100 hands."""
    mod, src = (stats, corpus) if impl == "sql" else (stats_reference, load(str(corpus)))
    table = mod.summary(src, "match")
    sheet = _row(table, "match", _match_of(corpus, "Sheet N"))
    assert sheet["hands"] > 0 and sheet["judged_hands"] == 0 and sheet["violations_per_100"] != \
        sheet["violations_per_100"]                                              # NaN: nothing judged
    deal = _row(table, "match", _match_of(corpus, "Deal N"))
    assert deal["hands"] == 4 and deal["judged_hands"] == 2
    v = load(str(corpus)).violations
    h = load(str(corpus)).hands
    judged = set(h.loc[h["judged"].astype(bool) & (h["match_id"] == _match_of(corpus, "Deal N")), "hand_no"])
    found = v[(v["match_id"] == _match_of(corpus, "Deal N")) & v["hand_no"].isin(judged)]
    assert len(found) > 0
    assert deal["violations_per_100"] == pytest.approx(100 * len(found) / 2)
    players = mod.summary(src, "player")
    for seat in "NESW":
        row = _row(players, "player", f"Sheet {seat}")
        assert row["judged_hands"] == 0 and row["violations_per_100"] != row["violations_per_100"]
    rates = mod.violation_rates(src, "match")
    assert "judged_hands" in rates.columns and "hands" not in rates.columns
    mine = rates[rates["match"] == _match_of(corpus, "Deal N")]
    assert (mine["judged_hands"] == 2).all() and mine["violations"].sum() == len(found)


def test_rows_written_before_judged_fall_back_to_what_they_tell(corpus, tmp_path):
    """Parts without ``hands.judged`` (older datasets): a score sheet's hand and one whose trump or level
    is unknown are still not judged; the others are taken as judged, as before."""
    import shutil

    import pyarrow.parquet as pq

    old = tmp_path / "old"
    shutil.copytree(corpus, old)
    for part in (old / "hands").glob("*.parquet"):
        table = pq.read_table(part)
        pq.write_table(table.drop(["judged"]), part)
    for impl, src in (("sql", old), ("reference", load(str(old)))):
        mod = stats if impl == "sql" else stats_reference
        table = mod.summary(src, "match")
        assert _row(table, "match", _match_of(corpus, "Sheet N"))["judged_hands"] == 0, impl
        assert _row(table, "match", _match_of(corpus, "Deal N"))["judged_hands"] == 3, impl    # no deal: not told


@pytest.mark.parametrize("impl", ("sql", "reference"))
def test_levels_gained_are_unknown_where_a_hands_result_is(corpus, impl):
    """A hand played out whose result is not known (its dealer and level not stated) may have moved
    the levels: the levels gained of everyone in it are unknown (NaN), never 0 for that hand (the code
    before summed it as 0).  A record known to stop inside a hand (``hands.stopped``) gained nothing
    there, and complete matches keep their sums."""
    mod, src = (stats, corpus) if impl == "sql" else (stats_reference, load(str(corpus)))
    h = load(str(corpus)).hands
    nobody = h[h["match_id"] == _match_of(corpus, "Nobody N")]
    assert nobody["outcome"].isna().all() and not nobody["stopped"].any()
    for by, keys in (("player", [f"Nobody {s}" for s in "NESW"]), ("match", [_match_of(corpus, "Nobody N")])):
        table = mod.summary(src, by)
        for key in keys:
            assert _row(table, by, key)["levels_gained"] != _row(table, by, key)["levels_gained"], key
    special = [_match_of(corpus, n) for n in ("Sheet N", "Deal N", "Nobody N", "Friend N")]
    full = mod.summary(src, "match")
    full = full[~full["match"].isin(special)]
    assert len(full) == 3 and full["levels_gained"].notna().all()        # the complete matches
    deal = _row(mod.summary(src, "match"), "match", _match_of(corpus, "Deal N"))
    assert h[h["match_id"] == _match_of(corpus, "Deal N")]["outcome"].isna().any()
    assert deal["levels_gained"] != deal["levels_gained"]                 # its hand without [Trump]: no result


@pytest.mark.parametrize("impl", ("sql", "reference"))
def test_trick_counts_of_score_sheets_are_unknown(corpus, impl):
    """A score sheet keeps no plays: its players' tricks won, failed throws and bottom captures are
    unknown (NaN), not 0 (the code before summed nulls as 0); their levels gained, from the recorded
    results, stay known."""
    mod, src = (stats, corpus) if impl == "sql" else (stats_reference, load(str(corpus)))
    table = mod.summary(src, "player")
    for seat in "NESW":
        row = _row(table, "player", f"Sheet {seat}")
        for column in ("tricks_won", "failed_throws", "bottom_captures"):
            assert row[column] != row[column], (seat, column, row[column])
        assert row["levels_gained"] == row["levels_gained"]
    played = _row(table, "player", "Deal N")
    assert played["tricks_won"] == played["tricks_won"] and played["tricks_won"] >= 0
    # a hand without [Dealer] and [Level]: its tricks have no winners, so its players' tricks are unknown
    nobody = _row(table, "player", "Nobody N")
    assert nobody["tricks_won"] != nobody["tricks_won"]


def test_a_record_cut_inside_a_hand_is_stopped_there(tmp_path):
    """``hands.stopped``: true for the hand a record is known to stop inside (no seat played a whole
    hand), false for the hands played out."""
    head, hands = _hands(_tgn(36, max_hands=3))
    cut = re.split(r"(?m)^(?=6\. )", hands[1])[0]
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "cut.tgn").write_text(head + hands[0] + cut, "utf-8")
    ingest([str(tmp_path / "in" / "cut.tgn")], str(tmp_path / "ds"))
    h = load(str(tmp_path / "ds")).hands.set_index("hand_no")
    assert h["stopped"].to_dict() == {1: False, 2: True}
    for mod, src in ((stats, tmp_path / "ds"), (stats_reference, load(str(tmp_path / "ds")))):
        (row,) = mod.summary(src, "match").to_dict("records")
        assert row["levels_gained"] == h.loc[1, "levels_gained"]      # hand 2 stopped: it gained nothing

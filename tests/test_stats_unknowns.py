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
    # one hand, its dealer and level not stated: the sides are unknown
    head, hands = _hands(_tgn(32, max_hands=3))
    head = _players(head, ("Nobody N", "Nobody E", "Nobody S", "Nobody W"))
    (src / "sides-unknown.tgn").write_text(head + _drop(r'^\[(Dealer|Level|Declarations) "[^"]*"\]\n', hands[0]), "utf-8")
    # friend mode, hand 1 without [Friend]: the dealer's partner is unknown
    friend = build_ruleset("standard", {"friend": "on"})[0]
    head, hands = _hands(format_tgn(simulate_match(33, 0, rules=friend, max_hands=3)))
    head = _players(head, ("Friend N", "Friend E", "Friend S", "Friend W"))
    hands[0] = _drop(r'^\[Friend "[^"]*"\]\n', hands[0])
    (src / "friend-unknown.tgn").write_text(head + "".join(hands), "utf-8")
    # hand 2 without deal lines, hand 3 without [Trump]: their plays are not judged
    head, hands = _hands(_tgn(34, max_hands=4, violation_rate=0.3))
    head = _players(head, ("Deal N", "Deal E", "Deal S", "Deal W"))
    hands[1] = _drop(r"^[NESW]: (?!.*,).*\n", hands[1])
    hands[2] = _drop(r'^\[Trump "[^"]*"\]\n', hands[2])
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

"""What a hand's deal lines must be, checked in one place for every reader.

* A hand that is not a position and records plays must have its deal (``N:`` … lines, JSON ``"deal"``): without
  it nobody knows what each seat held, so no follow and no throw can be judged, and a record
  of one trick would look like a whole hand.  :func:`must_have_deal` says which hands need it
  — the one place a hand that declares it has no deal (a result-only score-sheet hand) is
  let off.
* A position (``[SetUp "1"]``) starts at a trick boundary, so every seat whose hand it gives
  holds the same number of cards (:func:`uneven_position`).

Both readers (``.tgn`` and JSON) call :func:`deal_problems` once a hand is read and report
what it returns at the deal lines (docs/format.md "Deal, bottom and buried lines").
"""
from __future__ import annotations

from .cards import SEAT_TOKENS
from .model import Hand


def must_have_deal(hand: Hand) -> bool:
    """A hand that must give its deal: every hand that is not a position and has plays to judge
    (a hand of tags alone claims no verdict: the engine gives it none)."""
    return not hand.setup and not hand.result_only and bool(hand.tricks)


def seats_without_line(hand: Hand) -> tuple[int, ...]:
    """The seats of a position given deal lines for some seats but not for these (a position starts
    between tricks: a seat holding nothing while another holds cards is a line left out)."""
    if not hand.setup or hand.deal is None or not any(hand.deal):
        return ()
    return tuple(s for s, cards in enumerate(hand.deal) if not cards)


def uneven_position(hand: Hand) -> dict[int, int] | None:
    """The seats' sizes ``{seat: cards}`` of a position whose given hands differ in size, else ``None``."""
    if not hand.setup or hand.deal is None:
        return None
    sizes = {s: len(cards) for s, cards in enumerate(hand.deal) if cards}
    return sizes if len(set(sizes.values())) > 1 else None


def deal_problems(hand: Hand) -> list[tuple[str, str, str, str]]:
    """``(code, English, Chinese, key)`` for each thing wrong with the hand's deal lines; ``key``
    is where to put it: ``deal`` (no line at all: the hand's first line) or ``dealN`` … ``dealW``."""
    out: list[tuple[str, str, str, str]] = []
    if hand.deal is None and must_have_deal(hand):
        out.append(("missing_deal",
                    f"hand {hand.number} is not a position and has no deal lines (N: … E: … S: … W:, JSON "
                    "\"deal\"): without what each seat held no follow or throw can be judged and the "
                    "hand's end is known only if every seat played a whole hand — no legality verdict, and an outcome "
                    "only when every seat played a whole hand",
                    f"第 {hand.number} 局不是残局，却没有发牌行（N: … E: … S: … W:，JSON \"deal\"）：不知各家"
                    "持牌，无法判定跟牌与甩牌，只有各家都出完整手牌才知本局已打完——不作合法判定，只有各家都出完整手牌时才计结果", "deal"))
    sizes = uneven_position(hand)
    if sizes is not None:
        most = max(set(sizes.values()), key=lambda n: (list(sizes.values()).count(n), n))
        odd = next(s for s, n in sizes.items() if n != most)
        shown = ", ".join(f"{SEAT_TOKENS[s]} {n}" for s, n in sizes.items())
        shown_zh = "，".join(f"{SEAT_TOKENS[s]} {n} 张" for s, n in sizes.items())
        out.append(("uneven_position",
                    f"hand {hand.number} is a position, which starts between tricks, but its seats hold "
                    f"different numbers of cards ({shown}): a deal line is wrong — the plays are judged on "
                    "the lines as written, but the position is not shown legal",
                    f"第 {hand.number} 局为残局，残局从两墩之间开始，各家牌数却不同（{shown_zh}）：发牌行有误"
                    "——出牌按所写各行判定，但本残局不判为合规", f"deal{SEAT_TOKENS[odd]}"))
    return out

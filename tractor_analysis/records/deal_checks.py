"""What a hand's deal lines must be, checked in one place for every reader.

* A hand that is not a position and records plays must have its deal (``N:`` … lines, JSON ``"deal"``): without
  it nobody knows what each seat held, so no follow and no throw can be judged, and a record
  of one trick would look like a whole hand.  :func:`must_have_deal` says which hands need it
  — the one place a hand that declares it has no deal (a result-only score-sheet hand) is
  let off.
* A position (``[SetUp "1"]``) starts at a trick boundary, so every seat whose hand it gives
  holds the same number of cards (:func:`uneven_position`).
* A hand giving deal lines for some seats only: the lines, the cards set aside and the plays of
  the seats without a line that can hold none of those cards together hold no more copies of a
  card than the decks (:func:`copies_beyond_lines`); each count alone is checked as it is read.

* A seat's deal line written twice with different cards (``.tgn``): the line its plays prove, else none
  (:func:`with_proven_lines`, its words :func:`doubted_line_words`).

Both readers (``.tgn`` and JSON) call :func:`deal_problems` once a hand is read and report
what it returns at the deal lines (docs/format.md "Deal, bottom and buried lines").
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from .cards import NUM_KINDS, SEAT_NAMES_ZH, SEAT_TOKENS, TOKEN
from .diagnostics import decks_en
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


def unread_lines(hand: Hand) -> dict[int, int]:
    """The seats whose deal line has cards that could not be read (:attr:`.model.Hand.deal_unread`), and how
    many: a line with no card read is no line (its seat's cards are its plays)."""
    if hand.deal is None:
        return {}
    return {s: n for s, n in hand.deal_unread if n > 0 and hand.deal[s]}


def uneven_position(hand: Hand) -> dict[int, int] | None:
    """The seats' sizes ``{seat: cards}`` of a position whose given hands differ in size, else ``None``."""
    if not hand.setup or hand.deal is None:
        return None
    sizes = {s: len(cards) for s, cards in enumerate(hand.deal) if cards}
    return sizes if len(set(sizes.values())) > 1 else None


def deal_problems(hand: Hand, decks: int | None = None) -> list[tuple[str, str, str, str]]:
    """``(code, English, Chinese, key)`` for each thing wrong with the hand's deal lines; ``key``
    is where to put it: ``deal`` (no line at all: the hand's first line), ``dealN`` … ``dealW``, or
    ``trickN`` (that trick's line: :func:`problem_position`).  ``decks``: the copies of each card
    (the copies across lines and plays are checked only when it is given)."""
    out: list[tuple[str, str, str, str]] = []
    if decks is not None:
        out += copies_beyond_lines(hand, decks)
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
        out.append(_uneven(hand, sizes))
    return out


def _uneven(hand: Hand, sizes: dict[int, int]) -> tuple[str, str, str, str]:
    """The ``uneven_position`` problem of a position whose lines hold ``sizes`` cards read.  A line with
    cards that could not be read (:attr:`~.model.Hand.deal_unread`, one card a token) held them too: when
    they may make the counts even, no line is said to be wrong — only that cards could not be read."""
    unread = {s: n for s, n in hand.deal_unread if s in sizes and n > 0}
    most = max(set(sizes.values()), key=lambda n: (list(sizes.values()).count(n), n))
    odd = next(s for s, n in sizes.items() if n != most)
    shown = ", ".join(f"{SEAT_TOKENS[s]} {n}" for s, n in sizes.items())
    shown_zh = "，".join(f"{SEAT_TOKENS[s]} {n} 张" for s, n in sizes.items())
    head_en = f"hand {hand.number} is a position, which starts between tricks, but its seats hold "
    head_zh = f"第 {hand.number} 局为残局，残局从两轮之间开始，"
    tail_en, tail_zh = "the plays are judged on the lines as written, but the position is not shown legal", \
        "出牌按所写各行判定，但本残局不判为合规"
    if not unread:
        return ("uneven_position", f"{head_en}different numbers of cards ({shown}): a deal line is wrong — {tail_en}",
                f"{head_zh}各家牌数却不同（{shown_zh}）：发牌行有误——{tail_zh}", f"deal{SEAT_TOKENS[odd]}")
    lines_en = ", ".join(f"{SEAT_TOKENS[s]}'s {n}" for s, n in unread.items())
    lines_zh = "，".join(f"{SEAT_NAMES_ZH[s]}的 {n} 张" for s, n in unread.items())
    cards = "cards" if sum(unread.values()) > 1 else "card"
    first = f"deal{SEAT_TOKENS[next(iter(unread))]}"
    if len({n + unread.get(s, 0) for s, n in sizes.items()}) == 1:     # the cards not read make them even
        return ("uneven_position",
                f"{head_en}different numbers of cards read ({shown}): deal lines have cards that could not be read "
                f"({lines_en}), with which the counts are even — the lines are not known to be whole, so {tail_en}",
                f"{head_zh}各家可识别的牌数却不同（{shown_zh}）：发牌行有无法识别的牌（{lines_zh}），计入后牌数相同——"
                f"各行不知是否完整，{tail_zh}", first)
    return ("uneven_position",
            f"{head_en}different numbers of cards ({shown}), and the deal lines' {cards} that could not be read "
            f"({lines_en}) do not make them even: a deal line is wrong — {tail_en}",
            f"{head_zh}各家牌数却不同（{shown_zh}），发牌行无法识别的牌（{lines_zh}）计入后也不相同：发牌行有误——{tail_zh}",
            f"deal{SEAT_TOKENS[odd]}")


def problem_position(hand: Hand, key: str) -> tuple[int, int] | None:
    """Where :func:`deal_problems`' ``key`` is in the record (``None`` when not known)."""
    if key.startswith("trick"):
        number = int(key[5:])
        return next(((t.line, 1) for t in hand.tricks if t.number == number and t.line), None)
    return hand.position(key)


def copies_beyond_lines(hand: Hand, decks: int) -> list[tuple[str, str, str, str]]:
    """``too_many_copies`` when the deal lines given, with the bottom (a hand) or the buried cards (a
    position), and the plays of the seats without a line hold more copies of a card than the decks.
    Only plays that cannot be of those cards count: a seat with a line plays its own cards, and a
    seat without one that took the bottom (the dealer, a rebidder after 炒地皮; any seat when the
    dealer is not known) may play the bottom's or a bury's cards, so its plays are left out."""
    if hand.deal is None or all(hand.deal) or not any(hand.deal):
        return []
    lineless = [s for s, cards in enumerate(hand.deal) if not cards]
    if hand.setup:
        counted, aside, aside_en, aside_zh = lineless, hand.buried or (), "the buried cards", "埋底的牌"
    else:
        if hand.dealer is None:
            return []
        takers = {hand.dealer} | {d.seat for d in hand.declarations if d.after_bottom}
        counted = [s for s in lineless if s not in takers]
        aside, aside_en, aside_zh = hand.bottom or (), "the bottom", "底牌"
    if not counted:
        return []
    counts = [0] * NUM_KINDS
    for cards in (*hand.deal, aside):
        for k in cards:
            counts[k] += 1
    for trick in hand.tricks:
        for play in trick.plays:
            if play.seat not in counted:
                continue
            for k in play.cards:
                counts[k] += 1
                if counts[k] > decks:
                    return [_too_many(hand, k, counts[k], decks, play.seat, trick.number,
                                      aside_en if aside else "", aside_zh if aside else "")]
    return []


def _too_many(hand: Hand, kind: int, count: int, decks: int, seat: int, trick: int,
              aside_en: str, aside_zh: str) -> tuple[str, str, str, str]:
    lines = [s for s, cards in enumerate(hand.deal or ()) if cards]
    lines_en = ", ".join(SEAT_TOKENS[s] for s in lines)
    lines_zh = "、".join(SEAT_NAMES_ZH[s] for s in lines)
    with_en = f", {aside_en}" if aside_en else ""
    with_zh = f"、{aside_zh}" if aside_zh else ""
    return ("too_many_copies",
            f"hand {hand.number}, trick {trick}: {SEAT_TOKENS[seat]} (no deal line) plays {TOKEN[kind]}, "
            f"making {count} copies of it in the deal lines ({lines_en}){with_en} and the plays of the seats "
            f"without a line, but {decks_en(decks, 'hold')} only {decks}",
            f"第 {hand.number} 局第 {trick} 轮：{SEAT_NAMES_ZH[seat]}（没有发牌行）出 {TOKEN[kind]}，发牌行（{lines_zh}）"
            f"{with_zh}与没有发牌行的各家所出的牌中共有 {count} 张 {TOKEN[kind]}，而 {decks} 副牌只有 {decks} 张",
            f"trick{trick}")


# --- a seat's deal line written twice with different cards ------------------------------------------------------

DoubtedLine = tuple[tuple[int, ...], int, int, int]
"""One of a seat's deal lines in doubt: ``(cards read, cards not read, line, column)``."""

LineProof = tuple[int, tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]
"""How a seat's plays prove one of its deal lines: ``(its index, the cards it gives beyond the other lines, all
played, per other line its index and the cards played that it lacks)``."""


def doubted_lines(hand: Hand) -> dict[int, list[DoubtedLine]]:
    """The seats whose deal line the record gives twice (or more) with different cards, and each of their lines
    in the order written (:attr:`.model.Hand.deal_in_doubt`)."""
    out: dict[int, list[DoubtedLine]] = {}
    for seat, *line in hand.deal_in_doubt:
        out.setdefault(seat, []).append(tuple(line))        # type: ignore[arg-type]
    return out


def line_proof(hand: Hand, seat: int, lines: Sequence[DoubtedLine]) -> LineProof | None:
    """How ``seat``'s plays prove one of its ``lines`` (:data:`LineProof`), or ``None``: they prove none.  A line
    is proven when every card the seat played (a failed throw: every card it showed) is in it, every card it gives
    beyond each other line is among them, and each other line lacks a card the seat played.  Never for a line with
    cards not read, nor for a seat whose plays may hold cards of the bottom (a full hand's dealer or rebidder
    after the bottom, or any seat of a full hand whose dealer is not stated)."""
    if any(unread for _, unread, _, _ in lines) or (not hand.setup and (
            hand.dealer is None or seat == hand.dealer
            or any(d.seat == seat and d.after_bottom for d in hand.declarations))):
        return None
    played = cards_held(hand, seat)
    fits = [i for i, line in enumerate(lines) if not played - Counter(line[0])]
    if len(fits) != 1:
        return None
    i = fits[0]
    mine = Counter(lines[i][0])
    decided: Counter = Counter()
    against = []
    for j, line in enumerate(lines):
        if j == i:
            continue
        other = Counter(line[0])
        if mine - other - played:       # a card only this line gives that the seat never played: not decided
            return None
        decided |= mine - other
        against.append((j, tuple(sorted((played - other).elements()))))
    return i, tuple(sorted(decided.elements())), tuple(against)


def cards_held(hand: Hand, seat: int) -> Counter:
    """The fewest cards ``seat``'s plays prove it held: every card it plays, and before each failed throw the cards
    it showed there on top of those it had played before (a card shown and not played goes back to its hand, so a
    card shown and played later is one card, not two)."""
    held: Counter = Counter()
    before: Counter = Counter()
    for trick in hand.tricks:
        for p in trick.plays:
            if p.seat != seat:
                continue
            if p.attempted is not None:
                held |= before + Counter(p.attempted)
            before.update(p.cards)
    return held | before


def with_proven_lines(hand: Hand) -> tuple[Hand, dict[int, LineProof | None]]:
    """``hand`` with the deal line its plays prove (:func:`line_proof`) for each seat whose lines differ, and per
    such seat the proof (``None``: none proven, the seat keeps no line)."""
    proofs = {seat: line_proof(hand, seat, lines) for seat, lines in doubted_lines(hand).items()}
    if hand.deal is None or not any(p is not None for p in proofs.values()):
        return hand, proofs
    deal = list(hand.deal)
    lines = doubted_lines(hand)
    for seat, proof in proofs.items():
        if proof is not None:
            deal[seat] = lines[seat][proof[0]][0]
    return replace(hand, deal=tuple(deal)), proofs


def _line_words(line: DoubtedLine) -> str:
    words = " ".join(TOKEN[k] for k in line[0]) or "-"
    return words + (f" (+{line[1]} ?)" if line[1] else "")


def played_or_shown(hand: Hand, seat: int, cards: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``cards`` (``seat``'s, played or shown in a failed throw) split: those ``seat`` plays in the record's tricks,
    and those it only shows in a failed throw (shown, returned to its hand and not played there) — a card only
    shown is said shown, never played."""
    played = Counter(k for t in hand.tricks for p in t.plays if p.seat == seat for k in p.cards)
    want = Counter(cards)
    kept = want & played
    return tuple(sorted(kept.elements())), tuple(sorted((want - kept).elements()))


def _tokens(cards: Sequence[int]) -> str:
    return " ".join(TOKEN[k] for k in cards)


def doubted_line_words(hand: Hand, seat: int, proof: LineProof | None) -> tuple[str, str, int, int]:
    """``deal_lines_differ``: English, Chinese, and where (the seat's last line: line, column)."""
    lines = doubted_lines(hand)[seat]
    t, z = SEAT_TOKENS[seat], SEAT_NAMES_ZH[seat]
    shown = "; ".join(f"line {ln[2]}, column {ln[3]}: {_line_words(ln)}" for ln in lines)
    shown_zh = "；".join(f"第 {ln[2]} 行第 {ln[3]} 列：{_line_words(ln)}" for ln in lines)
    head = (f"seat {t} has deal lines with different cards in hand {hand.number} ({shown}): the record does not say "
            "which the table dealt, so none is taken by its place in the file")
    head_zh = f"座位 {t} 在第 {hand.number} 局有几行所记的牌不同的发牌（{shown_zh}）：记录未说明实际发的是哪一行，因此不按其在文件中的位置取其一"
    if proof is None:
        en = f"{head}; {t}'s plays prove none of them, so {t} is judged as a seat without a deal line"
        zh = f"{head_zh}；{z}的出牌不能证明是其中哪一行，因此{z}按没有发牌行的座位判定"
    else:
        i, decided, _ = proof
        ln = lines[i]
        played, only_shown = played_or_shown(hand, seat, decided)
        if not only_shown:
            did_en, did_zh, none_en, none_zh = f"played {_tokens(played)}", f"打出了只有该行才有的 {_tokens(played)}", \
                "no card", "没有打出"
        else:       # a card only shown in a failed throw (shown, returned, not played): said shown, never played
            did_en = " and ".join([*([f"played {_tokens(played)}"] if played else []),
                                   f"showed {_tokens(only_shown)} in a failed throw"])
            did_zh = "、".join([*([f"打出了只有该行才有的 {_tokens(played)}"] if played else []),
                               f"甩牌时亮出了只有该行才有的 {_tokens(only_shown)}"])
            none_en, none_zh = "played or showed no card", "没有打出或亮出"
        en = (f"{head}; {t}'s plays prove the line at line {ln[2]}, column {ln[3]} ({t} {did_en}, which only it "
              f"gives, and {none_en} it lacks), so {t}'s cards are read from that line (derived, and said)")
        zh = (f"{head_zh}；{z}的出牌证明是第 {ln[2]} 行第 {ln[3]} 列的一行（{z}{did_zh}，"
              f"且{none_zh}该行没有的牌），因此按该行读取{z}的牌（为推出，并予说明）")
    last = lines[-1]
    return en, zh, last[2], last[3]

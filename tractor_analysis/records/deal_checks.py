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

from .cards import NUM_KINDS, PRETTY, SEAT_NAMES_ZH, SEAT_TOKENS
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
    ``trickN`` (that trick's line), ``trickN:P:seat:kind`` (its ``P``-th play, the copy of ``kind`` there:
    :func:`problem_position`).  ``decks``: the copies of each card
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
        number, *play = key[5:].split(":")
        trick = next((t for t in hand.tricks if t.number == int(number) and t.line), None)
        if trick is None:
            return None
        if play and int(play[0]) < len(trick.plays) and trick.plays[int(play[0])].line:   # ``trickN:P:seat:kind``
            return trick.plays[int(play[0])].line, trick.plays[int(play[0])].column
        return trick.line, 1
    return hand.position(key)


ASIDE = 4
"""The place of a copy the cards set aside give (:func:`copies_shown`): a hand's ``Bottom:`` line, a position's
``Buried:`` line (a seat's place is 0–3)."""

Shown = tuple[int, int, int | None, int | None]
"""One copy of a card the record shows (:func:`copies_shown`): ``(kind, place, trick, column)`` — the place a
seat (0–3) or :data:`ASIDE`; ``trick`` ``None`` for a copy its deal line or the cards set aside give, else the
number of the trick the seat plays it in, and ``column`` that play's index in the trick."""


def copies_shown(hand: Hand, dealer: int | None) -> list[Shown]:
    """The copies of each card a hand giving deal lines for some seats only shows, every one a copy no other
    counts (docs/rules.md §1.1): the deal lines given; the cards set aside (a hand's bottom, a position's bury);
    the plays of a seat without a line that took no bottom; and, where a seat without a line took the bottom (the
    dealer ``dealer``, a rebidder after 炒地皮), the copies those takers play beyond what their lines and the
    bottom give (those came from a taker's own dealt cards).  A seat with a line plays its own cards, so its plays
    count nothing more; nor do the takers' when each has a line.  In the record's order (lines, the cards set
    aside, then the plays).  ``[]`` for a hand with every line or none, and for a full hand whose dealer is not
    known (any seat may have played the bottom's cards)."""
    if hand.deal is None or all(hand.deal) or not any(hand.deal):
        return []
    lineless = [s for s, cards in enumerate(hand.deal) if not cards]
    takers: set[int] = set()
    if hand.setup:
        aside = hand.buried or ()
    elif dealer is None:
        return []
    else:
        takers = {dealer} | {d.seat for d in hand.declarations if d.after_bottom}
        aside = hand.bottom or ()
    out: list[Shown] = [(k, s, None, None) for s, cards in enumerate(hand.deal) for k in cards]
    out += [(k, ASIDE, None, None) for k in aside]
    pooled = bool(takers) and any(s in takers for s in lineless)
    room = [0] * NUM_KINDS          # the copies the takers may play out of their lines and the bottom
    for k in (*aside, *(k for s in takers for k in hand.deal[s])):
        room[k] += 1
    for trick in hand.tricks:
        for i, play in enumerate(trick.plays):
            if play.seat in takers:
                if not pooled:
                    continue
                for k in play.cards:
                    room[k] -= 1
                    if room[k] < 0:
                        out.append((k, play.seat, trick.number, i))
            elif play.seat in lineless:
                out += [(k, play.seat, trick.number, i) for k in play.cards]
    return out


def partial_over(hand: Hand, decks: int, dealer: int | None) -> tuple[tuple[int, int], ...]:
    """A full hand's (not a position's) kinds of which the copies the record shows (:func:`copies_shown`, ``dealer``
    the hand's, stated or derived) are more than ``decks`` have, each with how many copies too many; a kind the
    plays alone show more often than the decks is left to the plays' own finding (the engine's
    ``impossible_plays``, ``check`` pointing at the copy).  ``()`` when none."""
    if hand.setup or hand.deal is None or all(hand.deal) or not any(hand.deal):
        return ()                   # (copies_shown's own test, before anything is counted: the usual hand)
    shown = [0] * NUM_KINDS
    for k, *_ in copies_shown(hand, dealer):
        shown[k] += 1
    if max(shown) <= decks:
        return ()
    played = Counter(k for t in hand.tricks for p in t.plays for k in p.cards)
    return tuple((k, n - decks) for k, n in enumerate(shown) if n > decks and played[k] <= decks)


def copies_beyond_lines(hand: Hand, decks: int) -> list[tuple[str, str, str, str]]:
    """``too_many_copies`` when the copies a hand giving deal lines for some seats only shows
    (:func:`copies_shown`: the lines, the cards set aside, the plays of the seats without a line that cannot be
    those cards) are more than the decks hold — at the play that counts the copy past them (its key
    ``trickN:P:seat:kind``, :func:`problem_position`), naming where every copy is."""
    shown = copies_shown(hand, hand.dealer)
    counts = [0] * NUM_KINDS
    for kind, place, trick, _ in shown:
        counts[kind] += 1
        if counts[kind] > decks and trick is not None:
            places = [c for c in shown if c[0] == kind][:counts[kind]]
            return [_too_many(hand, kind, decks, places)]
    return []


def _too_many(hand: Hand, kind: int, decks: int, places: Sequence[Shown]) -> tuple[str, str, str, str]:
    """The ``too_many_copies`` of :func:`copies_beyond_lines`: ``places`` every copy counted, the last the play
    that passes the decks (reported there); every other copy named by where it is."""
    _, seat, trick, index = places[-1]
    aside_en, aside_zh = ("the buried cards", "埋底的牌") if hand.setup else ("the bottom", "底牌")
    if not any(p == ASIDE for _, p, _, _ in copies_shown(hand, hand.dealer)):
        aside_en = aside_zh = ""
    lines = [s for s, cards in enumerate(hand.deal or ()) if cards]
    lines_en = ", ".join(SEAT_TOKENS[s] for s in lines)
    lines_zh = "、".join(SEAT_NAMES_ZH[s] for s in lines)
    with_en = f", {aside_en}" if aside_en else ""
    with_zh = f"、{aside_zh}" if aside_zh else ""
    taker = not hand.setup and (seat == hand.dealer or any(d.seat == seat and d.after_bottom
                                                           for d in hand.declarations))
    beyond_en = (" (it took the bottom: the copies the takers play beyond their lines and the bottom count)"
                 if taker else "")
    beyond_zh = "（其拿过底牌：拿底各家打出的、多于其发牌行与底牌所有的张数计入）" if taker else ""
    en, zh = copies_places_words(places[:-1], hand.setup)
    return ("too_many_copies",
            f"hand {hand.number}, trick {trick}: {SEAT_TOKENS[seat]} (no deal line) plays {PRETTY[kind]}, "
            f"making {len(places)} copies of it in the deal lines ({lines_en}){with_en} and the plays of the seats "
            f"without a line{beyond_en}, but {decks_en(decks, 'hold')} only {decks}: the other copies are in {en}; "
            f"whatever the deal lines not given hold, one copy is miscopied, and the record does not say which "
            f"(this one is the copy counted last)",
            f"第 {hand.number} 局第 {trick} 轮：{SEAT_NAMES_ZH[seat]}（没有发牌行）出 {PRETTY[kind]}，发牌行（{lines_zh}）"
            f"{with_zh}与没有发牌行的各家所出的牌中共有 {len(places)} 张 {PRETTY[kind]}{beyond_zh}，而 {decks} 副牌只有 "
            f"{decks} 张：其余的在{zh}；无论未给出的发牌行是什么，必有一张记错，而记录未说明是哪一张（此处为最后计入的一张）",
            f"trick{trick}:{index}:{seat}:{kind}")


def copies_places_words(places: Sequence[Shown], setup: bool) -> tuple[str, str]:
    """Where each copy of :func:`copies_shown` is, named (English, Chinese): ``N's deal line (2), the bottom, E's
    play in trick 3`` — a line's, the cards set aside (``setup``: a position's bury, else the bottom) or a play's
    copies once, with how many."""
    en: list[str] = []
    zh: list[str] = []
    seen: dict[tuple[int, int | None], int] = {}
    for _, place, trick, _ in places:
        seen[(place, trick)] = seen.get((place, trick), 0) + 1
    for (place, trick), n in seen.items():
        many_en, many_zh = (f" ({n})", f"（{n} 张）") if n > 1 else ("", "")
        if place == ASIDE:
            en.append(("the buried cards" if setup else "the bottom") + many_en)
            zh.append(("埋底的牌" if setup else "底牌") + many_zh)
        elif trick is None:
            en.append(f"{SEAT_TOKENS[place]}'s deal line{many_en}")
            zh.append(f"{SEAT_NAMES_ZH[place]}的发牌行{many_zh}")
        else:
            en.append(f"{SEAT_TOKENS[place]}'s play in trick {trick}{many_en}")
            zh.append(f"第 {trick} 轮{SEAT_NAMES_ZH[place]}的出牌{many_zh}")
    return ", ".join(en), "、".join(zh)


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
    words = " ".join(PRETTY[k] for k in line[0]) or "-"
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
    return " ".join(PRETTY[k] for k in cards)


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

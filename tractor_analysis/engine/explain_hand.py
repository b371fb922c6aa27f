"""Bilingual (中文 / English) messages about a whole hand, one function per violation or event.

The trick-level messages (wrong follows, failed throws …) are in
:mod:`tractor_analysis.engine.explain`; this module holds the rest of what the engine says:
declarations (``bad_declaration``), the dealer and the level (``dealer_mismatch``,
``level_mismatch``), the deal (``deal_mismatch``; a bury no dealer can make, ``bad_bury``, is worded in
:mod:`.explain_bury`), the claim
(``claim_mismatch``), the lines of the points breakdown and the outcome of a hand.

Each function returns ``(message_zh, message_en)``.  Seats are 北家/东家/南家/西家 and N/E/S/W;
cards are shown with suit symbols in both languages (``cards.PRETTY``: ♥Q, 大王), e.g.
"南家打完最后一轮后手里还剩 ♥Q / S still holds ♥Q after the last trick"."""
from __future__ import annotations

from typing import Sequence

from ..records.diagnostics import decks_en
from ..records.cards import PRETTY, RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_NAMES_EN, SUIT_NAMES_ZH, TEAMS
from .explain import Message
from .scoring import (CUT_SHORT, EVERY_READING, FORFEIT_NOT_KNOWN, MATCH_END_NOT_KNOWN, MATCH_POINTS, NO_RESULT,
                      ONE_HAND_NOT_KNOWN, RECORD_CUT, STOPPED_NOT_KNOWN)
from .verdicts import (BOTH_FORFEIT, FORFEIT_BOTH_COUNTS, FORFEIT_TAKEBACKS, FORFEIT_WRONG_FOLLOWS, WITHHELD,
                       Outcome, Violation)


def _pretty(cards: Sequence[int]) -> str:
    return " ".join(PRETTY[c] for c in cards)



def _rank(rank: int) -> str:
    return RANK_TOKENS.get(rank, str(rank))


def _trump_zh(trump: int | None) -> str:
    return "无主" if trump is None else SUIT_NAMES_ZH[trump]


def _trump_en(trump: int | None) -> str:
    """A trump suit in English as :func:`_trump_zh` names it in Chinese, by its suit (``hearts`` /
    ``红桃``, the words of a suit in ``explain.follow_suit``), never by the record's letter beside a
    card shown by its symbol ("♥10 fixes trump hearts")."""
    return "NT" if trump is None else SUIT_NAMES_EN[trump]


def _full_decks(n: int) -> str:
    """``1 full deck`` / ``2 full decks``."""
    return f"{n} full deck" if n == 1 else f"{n} full decks"


def _plural(n: int, word: str) -> str:
    return f"{word}{'s' if n != 1 else ''}"


# --- declarations (bad_declaration) ----------------------------------------------------

def rebid_not_allowed(seat: int, cards: Sequence[int]) -> Message:
    """炒地皮 under ``rebid_after_bottom = off``."""
    return (f"{SEAT_NAMES_ZH[seat]}在扣底后亮 {_pretty(cards)}（炒地皮），本规则不允许",
            f"{SEAT_TOKENS[seat]} declared {_pretty(cards)} after the bottom was taken (炒地皮), which this "
            f"ruleset does not allow (rebid_after_bottom = off)")


def rebid_without_declaration(seat: int, cards: Sequence[int]) -> Message:
    """炒地皮 when the trump was fixed by turning the bottom (nobody declared before it)."""
    return (f"{SEAT_NAMES_ZH[seat]}在扣底后亮 {_pretty(cards)}：主是翻底定的，不允许炒地皮",
            f"{SEAT_TOKENS[seat]} declared {_pretty(cards)} after the bottom was taken, but nobody declared "
            f"before it: a trump fixed by turning the bottom cannot be rebid")


def rebid_own_declaration(seat: int, cards: Sequence[int]) -> Message:
    """炒地皮 over one's own standing declaration (only the others may overcall after the bury)."""
    zh, en = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{zh}在扣底后亮 {_pretty(cards)}，但当前的主正是{zh}自己亮的：扣底后只有其他人可以再反",
            f"{en} declared {_pretty(cards)} after the bottom was taken, but the standing declaration "
            f"is {en}'s own: after the bury only the other players may overcall (其他人可以再反)")


def not_a_declaration(seat: int, cards: Sequence[int], level: int | None) -> Message:
    """Cards that declare nothing (not level cards of one suit, nor identical jokers); ``level`` ``None``: the
    declarer's level is not known (cards that declare nothing at any level:
    :func:`.declarations.judge_declarations`)."""
    zh_lv, en_lv = ((f"级牌 {_rank(level)} ", f"level cards {_rank(level)}") if level is not None
                    else ("自己级别（未知）的级牌", "level cards of its level (not known)"))
    return (f"{SEAT_NAMES_ZH[seat]}亮 {_pretty(cards)} 不是合法的亮主（须为{zh_lv}的单张/对子，或一对王）",
            f"{SEAT_TOKENS[seat]} declared {_pretty(cards)}, which declares nothing (expected {en_lv} "
            f"of one suit, or identical jokers)")


def declared_not_dealt(seat: int, cards: Sequence[int]) -> Message:
    return (f"{SEAT_NAMES_ZH[seat]}亮 {_pretty(cards)}，但发到的牌中没有这些牌",
            f"{SEAT_TOKENS[seat]} declared {_pretty(cards)} but was not dealt those cards")


def declared_trump_mismatch(declared: int | None, recorded: int | None) -> Message:
    """The declarations fix one trump, the record's ``[Trump]`` says another."""
    return (f"亮主定的主是 {_trump_zh(declared)}，记录的主却是 {_trump_zh(recorded)}",
            f"the declarations fix trump {_trump_en(declared)} but the record says {_trump_en(recorded)}")


_NOBODY = {False: ("无人亮主", "nobody declared"),
           True: ("所记的亮主无一成立（即无人亮主）", "no declaration recorded stands (nobody declared)")}
"""How a hand without a declaration standing is named: ``[Declarations ""]`` (``False``), or
declarations recorded that all declare nothing or are refused (``True``, docs/rules.md §9.4)."""


def no_declaration_redeal(refused: bool = False) -> Message:
    """Nobody declared under ``no_declaration = redeal``: the hand should not have been played
    (``refused``: declarations are recorded, but none stands)."""
    nz, ne = _NOBODY[refused]
    return (f"{nz}，按规则应重新发牌，本局不应开打",
            f"{ne}: under no_declaration = redeal the cards are dealt again, "
            "so this hand should not have been played")


def no_declaration_trump_mismatch(expected: int | None, recorded: int | None,
                                  third_card: int | None = None, refused: bool = False) -> Message:
    """Nobody declared and the record's trump is not the one the rule fixes: the bottom's
    third card (``no_declaration = third_bottom_card``, ``third_card`` given; a joker there
    means no trump) or no trump (``no_declaration = no_trump``).  Both languages name the rule,
    the trump it fixes and the recorded one, e.g. "nobody declared, so under no_declaration =
    no_trump the hand is played without trump (NT), but the record says trump is diamonds"
    (``refused``: declarations are recorded but none stands — "no declaration recorded stands (nobody
    declared), so …")."""
    nz, ne = _NOBODY[refused]
    said_zh = "记录却打无主" if recorded is None else f"记录的主却是{_trump_zh(recorded)}"
    said_en = ("the record says the hand is played without trump (NT)" if recorded is None
               else f"the record says trump is {_trump_en(recorded)}")
    if third_card is None:
        return (f"{nz}，按规则（no_declaration = no_trump）应打无主，{said_zh}",
                f"{ne}, so under no_declaration = no_trump the hand is played without trump (NT), "
                f"but {said_en}")
    rule_zh, rule_en = "按规则（no_declaration = third_bottom_card）", "under no_declaration = third_bottom_card"
    if expected is None:            # the third card is a joker: no trump
        return (f"{nz}，{rule_zh}底牌第三张 {PRETTY[third_card]} 是王，应打无主，{said_zh}",
                f"{ne}, so {rule_en} the bottom's third card {PRETTY[third_card]}, a joker, means the "
                f"hand is played without trump (NT), but {said_en}")
    return (f"{nz}，{rule_zh}以底牌第三张 {PRETTY[third_card]} 的花色定主，主应为{_trump_zh(expected)}，{said_zh}",
            f"{ne}, so {rule_en} the bottom's third card {PRETTY[third_card]} fixes trump "
            f"{_trump_en(expected)}, but {said_en}")


# --- dealer and level (dealer_mismatch, level_mismatch) --------------------------------

def dealer_mismatch(recorded: int, expected: int) -> Message:
    """The record's dealer is not the one the previous hand's outcome names."""
    return (f"记录的庄家是{SEAT_NAMES_ZH[recorded]}，按上一局结果应由{SEAT_NAMES_ZH[expected]}坐庄",
            f"the record names {SEAT_TOKENS[recorded]} as dealer; the previous hand's outcome "
            f"makes {SEAT_TOKENS[expected]} the dealer")


def first_dealer_mismatch(recorded: int, first_declarer: int, bid_for: bool = False) -> Message:
    """A deal bid for (the match's first; ``bid_for``: one ``[BidFor]`` marks, any hand) whose dealer is not the
    first to declare (docs/rules.md §8.2)."""
    if bid_for:
        return (f"本局抢庄（[BidFor]），应由最先亮主的{SEAT_NAMES_ZH[first_declarer]}坐庄，记录为{SEAT_NAMES_ZH[recorded]}",
                f"this deal is bid for ([BidFor]), so its dealer is the first to declare, "
                f"{SEAT_TOKENS[first_declarer]}; the record names {SEAT_TOKENS[recorded]}")
    return (f"第一局抢庄，应由最先亮主的{SEAT_NAMES_ZH[first_declarer]}坐庄，记录为{SEAT_NAMES_ZH[recorded]}",
            f"the match's first deal is bid for, so its dealer is the first to declare, "
            f"{SEAT_TOKENS[first_declarer]}; the record names {SEAT_TOKENS[recorded]}")


def bid_dealer_mismatch(recorded: int, declarer: int) -> Message:
    """A deal bid for under ``bid_dealer = last``: its dealer is not the final standing declarer."""
    return (f"抢庄的一局应由最后亮定主的{SEAT_NAMES_ZH[declarer]}坐庄，记录为{SEAT_NAMES_ZH[recorded]}",
            f"a deal that is bid for goes to the final standing declarer, {SEAT_TOKENS[declarer]}; "
            f"the record names {SEAT_TOKENS[recorded]}")


def level_mismatch(recorded: int, carried: int, team: int, dealer: int | None = None) -> Message:
    """``[Level]`` is not the level the dealer's team carries from the earlier hands (friend mode,
    ``dealer`` given: the dealer's own level, each player keeping one)."""
    if dealer is not None:
        return (f"记录的级牌是 {_rank(recorded)}，但庄家（{SEAT_NAMES_ZH[dealer]}）按前面各局应打 {_rank(carried)}（找朋友：各打各的级）",
                f"[Level] is {_rank(recorded)} but the dealer {SEAT_TOKENS[dealer]} carries level {_rank(carried)} "
                "from the earlier hands (friend mode: each player's own level)")
    return (f"记录的级牌是 {_rank(recorded)}，但{TEAMS[team]}方按前面各局应打 {_rank(carried)}",
            f"[Level] is {_rank(recorded)} but {TEAMS[team]} carry level {_rank(carried)} from the earlier hands")


def level_against_declarations(recorded: int, declared: int) -> Message:
    """``[Level]`` is not the rank of every card the declarations show, in a hand into which no level is carried
    (:func:`.declared_level.level_against_declarations`): a standing declaration shows level cards."""
    return (f"记录的级牌是 {_rank(recorded)}，但所记的亮主都是 {_rank(declared)}（亮主须亮级牌；没有带入本局的级别）",
            f"[Level] is {_rank(recorded)} but the declarations are all of {_rank(declared)}s (a declaration shows "
            "level cards; no level is carried into the hand)")


def levels_tag_mismatch(recorded: int, stated: int, team: int, dealer: int | None = None) -> Message:
    """The record's first hand: ``[Level]`` is not the level ``[Levels]`` gives the dealer's team at the record's
    start (friend mode, ``dealer`` given: the dealer's own) — two statements of the record against each other."""
    if dealer is not None:
        return (f"记录的级牌是 {_rank(recorded)}，但 [Levels] 记庄家（{SEAT_NAMES_ZH[dealer]}）起始打 {_rank(stated)}"
                "（找朋友：各打各的级）：记录自相矛盾",
                f"[Level] is {_rank(recorded)} but [Levels] puts the dealer {SEAT_TOKENS[dealer]} at {_rank(stated)} "
                "at the record's start (friend mode: each player's own level): the record contradicts itself")
    return (f"记录的级牌是 {_rank(recorded)}，但 [Levels] 记{TEAMS[team]}方起始打 {_rank(stated)}：记录自相矛盾",
            f"[Level] is {_rank(recorded)} but [Levels] puts {TEAMS[team]} at {_rank(stated)} at the record's start: "
            "the record contradicts itself")


# --- the deal and the bottom (deal_mismatch, bad_bury) ---------------------------------

def after_match_end(hands: Sequence[int], decided_in: int, team: int | None, forfeit: bool) -> Message:
    """Hands recorded after the match was decided in hand ``decided_in`` (``team`` passed the winning
    rank, or — ``forfeit`` — the side(s) forfeited: ``team`` the one that forfeited, ``None`` both)."""
    nums, many = _hand_runs(hands), len(hands) > 1
    side_zh, side_en = ("南北", "N–S") if team == 0 else ("东西", "E–W") if team == 1 else ("双方", "both sides")
    if forfeit:
        how_zh, how_en = f"{side_zh}在第 {decided_in} 局后判负", f"{side_en} forfeited after hand {decided_in}"
    elif team is None:                  # friend mode: a player, not a side, passed the winning rank
        how_zh, how_en = f"第 {decided_in} 局已有人赢得比赛", f"the match was won in hand {decided_in}"
    else:
        how_zh, how_en = f"{side_zh}在第 {decided_in} 局已赢得比赛", f"{side_en} won the match in hand {decided_in}"
    return (f"第 {nums[0]} 局记录在比赛结束之后（{how_zh}）：其出牌照常判定，但不计入比赛，最终级别为第 {decided_in} 局之后的级别",
            f"hand{'s' if many else ''} {nums[1]} {'are' if many else 'is'} recorded after the match ended "
            f"({how_en}): {'their' if many else 'its'} plays are judged, but {'they count' if many else 'it counts'} "
            f"for nothing; the final levels are those after hand {decided_in}")


def after_one_hand_match(hands: Sequence[int]) -> Message:
    """Hands recorded after a match that is one hand (``score_table = botzone``, docs/rules.md §8.1) ended with
    its hand 1."""
    nums, many = _hand_runs(hands), len(hands) > 1
    return (f"第 {nums[0]} 局记录在比赛结束之后（botzone 计分一局一场，比赛在第 1 局结束）：其出牌照常判定，"
            "但不计入比赛，比赛按第 1 局的积分判定",
            f"hand{'s' if many else ''} {nums[1]} {'are' if many else 'is'} recorded after the match ended (under "
            f"the botzone score table a match is one hand: it ended with hand 1): {'their' if many else 'its'} plays "
            f"are judged, but {'they count' if many else 'it counts'} for nothing; hand 1's match points decide "
            "the match")


def _hand_runs(hands: Sequence[int]) -> tuple[str, str]:
    """``(zh, en)``: the hand numbers ``hands``, runs of consecutive ones written ``2–40``."""
    runs: list[list[int]] = []
    for n in hands:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    spans = [str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs]
    return "、".join(spans), ", ".join(spans)


def dealt_wrong_size(seat: int, dealt: int, hand_size: int) -> Message:
    return (f"{SEAT_NAMES_ZH[seat]}发到 {dealt} 张牌，应为 {hand_size} 张",
            f"{SEAT_TOKENS[seat]} was dealt {dealt} cards; each player gets {hand_size}")


def bottom_wrong_size(size: int, bottom_size: int) -> Message:
    return (f"底牌有 {size} 张，应为 {bottom_size} 张",
            f"the bottom has {size} cards; it should have {bottom_size}")


def deal_not_full_decks(decks: int, wrong: Sequence[int], counts: Sequence[int]) -> Message:
    """The deal and the bottom together are not ``decks`` full decks: ``wrong`` lists the card
    kinds with another count than ``decks`` (``counts`` per kind); the first eight are named."""
    listed = ", ".join(f"{PRETTY[k]}×{counts[k]}" for k in wrong[:8]) + (" …" if len(wrong) > 8 else "")
    return (f"发牌与底牌合起来不是 {decks} 副完整的牌（{54 * decks} 张，每张牌 {decks} 张）：{listed}",
            f"the deal and the bottom are not {_full_decks(decks)} "
            f"({54 * decks} cards, each card {decks}×): {listed}")


def line_written_short(seat: int, written: int, hand_size: int, cards: Sequence[int]) -> Message:
    """``deal_mismatch`` of a deal line the rest of the deal proves short (the cards it leaves out derived): the
    record's fault as written — not a player dealt too few."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"记录中{z}的发牌行只有 {written} 张牌，一手应为 {hand_size} 张：漏写了 {_pretty(cards)}（由其余发牌行与底牌推出{z}持有）"
            "，是记录的错误，不是少发了牌",
            f"{e}'s deal line as written has {written} cards, a hand {hand_size}: it leaves out {_pretty(cards)} "
            f"(derived from the other lines and the bottom: {e} held it), the record's fault, not a card dealt short")


def pack_short_of_line(decks: int, seat: int, cards: Sequence[int]) -> Message:
    """``deal_mismatch`` of the pack when the one line short of it is made whole (:func:`line_written_short`)."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"记录中的发牌与底牌合起来缺 {_pretty(cards)}，不足 {decks} 副完整的牌：正是{z}发牌行漏写的牌",
            f"the deal and the bottom as written lack {_pretty(cards)} of {_full_decks(decks)}: the card(s) "
            f"{e}'s line leaves out")


def cards_left_after_last_trick(seat: int, cards: Sequence[int]) -> Message:
    """``deal_mismatch``: the seat's dealt cards were not all played."""
    return (f"{SEAT_NAMES_ZH[seat]}打完最后一轮后手里还剩 {_pretty(cards)}",
            f"{SEAT_TOKENS[seat]} still holds {_pretty(cards)} after the last trick")


def position_beyond_decks(kinds: Sequence[int], counts: Sequence[int], decks: int) -> Message:
    """A position's seats (their lines, or the plays of a seat without one) holding more copies of ``kinds``
    (``counts`` per kind) than ``decks`` decks have: the record's finding (a card miscopied, or rules with
    fewer decks than the record's)."""
    listed_zh = "、".join(f"{counts[k]} 张 {PRETTY[k]}" for k in kinds)
    listed_en = ", ".join(f"{counts[k]} copies of {PRETTY[k]}" for k in kinds)
    return (f"残局各家的牌中有 {listed_zh}，而 {decks} 副牌每种只有 {decks} 张：记录有误（某张牌记错，或所用规则的副数少于记录的规则）",
            f"the position's seats hold {listed_en}, but {decks_en(decks, 'hold')} only {decks} of each: the record is "
            "wrong (a card miscopied, or the rules used have fewer decks than the record's)")


def setup_points(points: int) -> Message:
    """A position's points won before it starts."""
    return f"此前已得 {points} 分", f"{points} points before this position"


def trick_points(points: int) -> Message:
    return f"闲家各轮得分 {points}", f"attackers' trick points {points}"


def recorded_total(total: int) -> Message:
    """A score sheet's hand (``[ResultOnly]``): the total the sheet records, nothing played."""
    return (f"记分表记录的闲家总分 {total}（未记出牌）",
            f"attackers' total {total} as the score sheet records it (no play recorded)")


def bottom_bonus(points: int, multiplier: int, bonus: int) -> Message:
    """抠底: the attackers won the last trick."""
    return f"抠底 {points} 分 × {multiplier} = {bonus}", f"bottom {points} × {multiplier} = {bonus}"


def throw_penalty(trick: int, seat: int, cards: int, per_card: int) -> Message:
    """``throw_penalty = per_card``: a failed throw costs points per card not thrown."""
    return (f"第 {trick} 轮{SEAT_NAMES_ZH[seat]}甩牌失败 {cards} 张 × {per_card}",
            f"trick {trick}: {SEAT_TOKENS[seat]}'s failed throw, {cards} {_plural(cards, 'card')} × {per_card}")


def claim_mismatch(claim: int, total: int) -> Message:
    return (f"记录的闲家得分为 {claim}，按出牌计算应为 {total}",
            f"the record claims {claim} for the attackers; the plays give {total}")


# --- outcome ---------------------------------------------------------------------------

# --- the record's own referee (referee_mismatch) ------------------------------------------

REFEREE_VERDICTS = {
    "tricks": ("轮数", "number of tricks"),
    "points": ("闲家各轮得分", "attackers' trick points"),
    "bottom_points": ("底牌分", "bottom points"),
    "last_trick": ("末轮归属", "last trick won by"),
    "multiplier": ("抠底倍数", "bottom multiplier"),
    "penalty": ("罚分", "penalty"),
    "outcome": ("本局结果", "hand outcome"),
    "levels": ("局后级数", "levels after the hand"),
    "levels_before": ("局前级数", "levels before the hand"),
    "next_dealer": ("下一局庄家", "next dealer"),
    "match_winner": ("比赛胜方", "match winner"),
    "levels_final": ("比赛结束时级数", "levels at the match's end"),
    "total": ("闲家总分（含抠底与罚分）", "attackers' total (with the bottom and the penalties)"),
    "throw_penalty": ("甩牌失败罚分", "failed-throw penalties"),
    "scores": ("各家得分", "the seats' scores"),
    "error": ("裁判的出错判定", "the judge's error verdict"),
}
"""The verdicts of a record's referee that the engine compares (``engine/referee.py``)."""

_REFEREE_WORDS = (("attackers", "闲家"), ("defenders", "庄家方"), ("nobody yet", "尚无"), ("bid for", "抢庄"),
                  ("incomplete", "未打完"), (" (match over)", "（比赛结束）"),
                  ("a legal play", "合法出牌"), ("no play: the bot gave no response", "没有出牌：程序未作回应"), (" (declaration)", "（亮主时）"), (" (bury)", "（埋底时）"))


def _referee_zh(value: str) -> str:
    for en, zh in _REFEREE_WORDS:
        value = value.replace(en, zh)
    return value


def referee_mismatch(verdict: str, theirs: str | tuple[str, str], ours: str | tuple[str, str],
                     trick: int | None = None) -> Message:
    """The record's referee reached ``theirs`` for ``verdict`` (a key of :data:`REFEREE_VERDICTS`, or
    ``throw``: whether a trick's throw stands; of trick ``trick`` when it is about one trick), the engine
    ``ours``: each a value in English (its Chinese from :data:`_REFEREE_WORDS`), or words ``(en, zh)`` in
    both languages — where the values alone would not show what differs (a side's level, which throw)."""
    if trick is not None and verdict in ("winner", "throw"):
        what_zh, what_en = ((f"第 {trick} 轮赢家", f"trick {trick} winner") if verdict == "winner"
                            else (f"第 {trick} 轮甩牌", f"trick {trick} throw"))
    elif trick is not None:
        what_zh, what_en = REFEREE_VERDICTS[verdict]
        what_zh, what_en = f"第 {trick} 轮{what_zh}", f"trick {trick} {what_en}"
    else:
        what_zh, what_en = REFEREE_VERDICTS[verdict]
    theirs_en, theirs_zh = theirs if isinstance(theirs, tuple) else (theirs, _referee_zh(theirs))
    ours_en, ours_zh = ours if isinstance(ours, tuple) else (ours, _referee_zh(ours))
    return (f"{what_zh}：记录中裁判判为 {theirs_zh}，本引擎判为 {ours_zh}",
            f"{what_en}: the record's referee says {theirs_en}, the engine says {ours_en}")


def describe_levels(winner: str, levels: int, reason: str = "points") -> Message:
    """Who goes up how many levels (``winner``: ``defenders``, ``attackers`` or ``neither``); with
    ``reason = match_points`` (Botzone) how many points each seat of the winning side scores."""
    if reason == "match_points":
        side_zh, side_en = ("庄家方", "defenders") if winner == "defenders" else ("闲家", "attackers")
        return (f"{side_zh}每人得 {levels} 分，另一方 0 分（一局一场）",
                f"{side_en} score {levels} {_plural(levels, 'point')} each, the other side 0 (one hand a match)")
    if winner == "neither":
        return "双方均多少牌，不升不降", "both sides miscounted: no level changes"
    if winner == "defenders":
        return f"庄家方升 {levels} 级", f"defenders up {levels} {_plural(levels, 'level')}"
    if levels == 0:
        return "抓分方上台", "attackers take the deal"
    return f"抓分方上台并升 {levels} 级", f"attackers take the deal and go up {levels} {_plural(levels, 'level')}"


def no_trick_recorded() -> Message:
    """A hand (not a score sheet's) whose record gives no trick line at all: nothing of its play is judged."""
    return ("记录中没有读到本局的任何一轮（没有写，或写了却无法读取）：出牌未作判定（不判为合规），本局也就没有结果",
            "no trick of this hand is read from the record (none written, or none that could be read): its play is "
            "not judged (not shown legal), and the hand has no result")


def cards_left(violations: Sequence[Violation]) -> bool:
    """Some seat holds cards after the last trick (a ``deal_mismatch`` of the hand naming them): the deal and the
    plays do not agree.  A ``deal_mismatch`` of the deal alone — a line's count, the pack not whole, a copy too
    many — names no cards left: of a record that stops early it is no reason the hand is not decided."""
    return any(v.code == "deal_mismatch" and v.trick is None and v.played for v in violations)


def not_scored(violations: Sequence[Violation], tricks: Sequence | None = None, goes_on: bool = False) -> Message:
    """Why a hand that is not a position has no outcome (``violations``: its violations): cards left after
    the last trick (:func:`cards_left`) — the deal and the plays do not agree —, no trick of the hand in the
    record (``tricks``: the record's tricks of it, none with a play) while the record goes on after it
    (``goes_on``: hands follow it), or the record ending before the hand does (whatever the deal's own
    findings: a copy too many does not make a record that stops early one whose deal and plays disagree)."""
    if cards_left(violations):
        return ("发牌与出牌不符（最后一轮后仍有剩牌，见 deal_mismatch）", "the deal and the plays do not agree "
                "(cards left after the last trick: see deal_mismatch)")
    if goes_on and tricks is not None and not any(t.plays for t in tricks):
        if not tricks:
            return "本局没有记录任何一轮", "no trick of this hand is written"
        return "本局的出牌行均无法读取", "no trick line of this hand could be read"
    return "记录未到本局结束", "the record ends before the hand does"


def outcome(o: Outcome | None) -> Message:
    """One line: who won, the levels, the next dealer, a miscount (多少牌) and the match won."""
    if o is None:
        return "本局未打完", "hand not complete"
    zh, en = describe_levels(o.winner, o.levels, o.reason)
    if o.reason == "match_points":          # one hand a match (Botzone): no next deal
        return zh, en
    if o.next_dealer is None:
        zh += "，下一局双方抢庄"
        en += "; the next deal is bid for (抢庄)"
    else:
        zh += f"，下一局{SEAT_NAMES_ZH[o.next_dealer]}坐庄"
        en += f"; next dealer {SEAT_TOKENS[o.next_dealer]}"
    if o.reason == "miscount":
        zh = f"{'、'.join(SEAT_NAMES_ZH[s] for s in o.miscount)}多少牌：" + zh
        en = f"wrong number of cards (多少牌) for {' '.join(SEAT_TOKENS[s] for s in o.miscount)}: " + en
    if o.match_over:
        zh += f"；{TEAMS[o.team]}方获胜"
        en += f"; {TEAMS[o.team]} win the match"
    return zh, en


_FORFEIT_ZH = {FORFEIT_WRONG_FOLLOWS: "跟牌错误", FORFEIT_TAKEBACKS: "悔牌", FORFEIT_BOTH_COUNTS: "跟牌错误与悔牌"}
"""Each :data:`~.verdicts.FORFEIT_REASONS` value in Chinese."""
_TEAM_ZH = ("南北", "东西")


def forfeit_reason_text(reason: str) -> tuple[str, str]:
    """``(en, zh)`` of a :data:`~.verdicts.FORFEIT_REASONS` value: ``wrong follows`` / ``跟牌错误`` …"""
    return reason, _FORFEIT_ZH.get(reason, reason)


def _both_forfeit_text(reasons: Sequence[str | None]) -> tuple[str, str]:
    """``(en, zh)``: both sides forfeited, each side's reason when known."""
    if any(r is None for r in reasons):        # (a dataset does not keep why: said without it)
        return ("no team wins: both sides forfeited the match", "无胜方：双方均被判负")
    en = "; ".join(f"{TEAMS[t]} {r}" for t, r in enumerate(reasons))
    zh = "；".join(f"{_TEAM_ZH[t]}{_FORFEIT_ZH.get(r, r)}" for t, r in enumerate(reasons))
    return (f"no team wins: both sides forfeited the match ({en})", f"无胜方：双方均累计判负（{zh}）")


def level_penalty_text(sides: Sequence[tuple[tuple[int, ...] | None, int, int]], kind: int,
                       friend: bool) -> Message | None:
    """The levels a hand's penalties cost each side (``sides``: :func:`.outcome.side_penalties`;
    ``kind`` 1: wrong follows, 2: take-backs), e.g. ``NS −1`` / ``南北 −1`` (a fixed partnership) or, in
    friend mode (找朋友, ``friend``) where the side is the hand's players, ``N+E −1`` / ``北、东 −1``;
    ``None`` when none cost any."""
    zh, en = [], []
    for seats, *lost in sides:
        n = lost[kind - 1]
        if not n:
            continue
        if seats is None:                   # friend mode, the sides not known
            zh.append(f"（哪一方未知）−{n}")
            en.append(f"(side not known) −{n}")
        elif not friend:                    # a fixed partnership
            zh.append(f"{_TEAM_ZH[seats[0]]} −{n}")
            en.append(f"{TEAMS[seats[0]]} −{n}")
        else:
            zh.append(f"{'、'.join(SEAT_NAMES_ZH[s] for s in seats)} −{n}")
            en.append(f"{'+'.join(SEAT_TOKENS[s] for s in seats)} −{n}")
    return ("，".join(zh), ", ".join(en)) if en else None


def friend_forfeit_unknown(hand: int, count: int, limit: int, what: Sequence[str]) -> Message:
    """Friend mode (找朋友): by ``hand`` the match holds ``count`` wrong follows (or take-backs) punished
    by a level, ``limit`` of which by one side forfeit the match (docs/rules.md §10.1, §11) — but no
    side keeps a count there: whether the match was forfeited, and by whom, is not known."""
    wzh = "、".join(WITHHELD[w][0] for w in what)
    wen = "; ".join(WITHHELD[w][1] for w in what)
    return (f"找朋友模式每局对家不同：规则规定同一方累计 {limit} 次跟牌错误（或悔牌）判负，却没有说找朋友时按谁累计；"
            f"到第 {hand} 局本场已有 {count} 次，是否有人被判负、由谁判负未知，不作猜测；因此不判定：{wzh}",
            f"friend mode: the sides change every hand, and the rule that {limit} wrong follows (or take-backs) by a "
            f"side forfeit the match does not say whose count it is then; by hand {hand} the match holds {count} of "
            f"them, so whether anyone forfeited it, and who, is not known (not guessed); withheld: {wen}")


def forfeit_text(reasons: Sequence[str | None], limit: int | None,
                 teams: Sequence[str] = TEAMS, teams_zh: Sequence[str] | None = None) -> tuple[str, str]:
    """``(en, zh)``: who forfeited the match and why (``reasons``: a
    :attr:`~.verdicts.MatchResult.forfeit_reasons`, at least one side's given), ``limit`` the
    ruleset's ``revoke_forfeit`` (``None``: not said); ``teams`` names the sides (``teams_zh``: in
    Chinese, ``方`` included; ``None``: ``teams``' names followed by `` 方``)."""
    count_en = f": {limit} in a match forfeit it" if limit else ""
    count_zh = f"累计 {limit} 次" if limit else "累计"
    names_zh = teams_zh if teams_zh is not None else [f"{t} 方" for t in teams]
    sides = [t for t in (0, 1) if reasons[t] is not None]
    parts = [(f"{teams[t]} {reasons[t]}", f"{names_zh[t]}{_FORFEIT_ZH.get(reasons[t], reasons[t])}{count_zh}")
             for t in sides]
    if len(sides) == 2:
        return (f"both sides forfeit the match, no team wins ({'; '.join(p[0] for p in parts)}{count_en})",
                f"双方均判负，无胜方（{'；'.join(p[1] for p in parts)}）")
    t = sides[0]
    return (f"{teams[t]} forfeit the match ({reasons[t]}{count_en})", f"{parts[0][1]}，判负")


_SIDE_WORDS = {"NS": ("N–S", "南北方"), "N–S": ("N–S", "南北方"), "EW": ("E–W", "东西方"), "E–W": ("E–W", "东西方")}
"""A side's name as the hands' lines write it (English, Chinese), by ``TEAMS``' token or the pages' name."""


def match_decision_text(team: str | None, decided_by: str | None,
                        forfeit_reasons: Sequence[str | None] = (None, None)) -> tuple[str, str]:
    """``(en, zh)``: the one wording of a match's result, for the match page, ``tractor check``
    and the standings alike.  ``team`` is ``NS`` / ``EW`` (or a partnership's name);
    ``decided_by`` is :func:`~.scoring.decide_match`'s (the standings' ``decided_by`` column);
    ``forfeit_reasons`` (:attr:`~.verdicts.MatchResult.forfeit_reasons`, when known) says why a
    side forfeited — not known (a dataset keeps no reason), the wording names none."""
    if decided_by == BOTH_FORFEIT:
        return _both_forfeit_text(forfeit_reasons)
    if decided_by == NO_RESULT[0]:
        return "not decided: no hand was finished", "未分胜负：没有打完的一局"
    if decided_by == NO_RESULT[1]:
        return ("no team result: in friend mode the sides change every hand",
                "不计队伍胜负：找朋友模式每局对家不同")
    if decided_by == CUT_SHORT:
        return ("not decided: the record ends before a side passes the winning level, and the ruleset "
                "does not decide a match cut short (decide_by_levels off)",
                "未分胜负：记录结束时双方均未打过获胜级别，且规则未规定中途结束的比赛如何判定（decide_by_levels 关）")
    if decided_by == RECORD_CUT:
        return ("not decided: the file is damaged (truncated_file), so the record stops where the damage is, not "
                "where the match ended: who won and the final levels are not known",
                "未分胜负：文件已损坏（truncated_file），记录在损坏处中断而非比赛结束处：胜负与最终级别未知")
    if decided_by == FORFEIT_NOT_KNOWN:
        return ("not decided: the match's count of wrong follows and take-backs towards a forfeit is not all known "
                "(see the match's unknown), so who, if anyone, forfeited the match is not known",
                "未分胜负：本场计入累计判负的跟牌错误与悔牌次数不全知道（见比赛的“未知”），不知是否有一方已被判负、是哪一方")
    if decided_by == MATCH_END_NOT_KNOWN:
        return ("not decided: a side may have passed the winning level in a hand whose result is not known, and the "
                "readings of what the record leaves open give different winners (see the match's unknown)",
                "未分胜负：一方可能在结果未知的一局中打过了获胜级别，各种读法的胜方不同（见比赛的“未知”）")
    if decided_by == STOPPED_NOT_KNOWN:
        return ("not decided: the record stops inside its last hand, no [Claim] gives that hand a result, and whether "
                "it was stopped there or played out gives different winners, or the results the cards left allow are "
                "not known (see the match's unknown, docs/rules.md §8.5)",
                "未分胜负：记录在最后一局中途结束，该局没有 [Claim] 给出的结果，而该局按中止计还是按打完计胜方不同，"
                "或余下的牌可能给出的结果无法推出（见比赛的“未知”，docs/rules.md §8.5）")
    if decided_by == ONE_HAND_NOT_KNOWN:
        return ("not decided: under the botzone score table a match is one hand, scored in match points, and the "
                "record does not make known which side's seats scored in it (its result not known, or more than one "
                "hand that may be it); neither the levels nor the deal decide it",
                "未分胜负：botzone 计分一局一场、按积分判定，而记录未能确定该局哪一方得分（该局结果未知，或可能是该局的不止一局）；"
                "级数与坐庄都不决定胜负")
    if decided_by == MATCH_POINTS and team is not None:
        en, zh = _SIDE_WORDS.get(team, (team, f"{team} 方"))
        return (f"{en} won the match: one hand scored in match points (the seats of {en} scored them)",
                f"{zh}获胜：一局一场，按积分（{zh}得分）")
    if decided_by == EVERY_READING and team is not None:
        return (f"{team} won the match: the same under every reading of what the record leaves open (see the "
                "match's derived winner)", f"{team} 方获胜：无论哪种读法胜方都一样（见比赛的“推出”）")
    if decided_by == "levels not known":
        return ("not decided: the record leaves the final levels unknown", "未分胜负：记录未能确定最终级别")
    if decided_by == "deal not known":
        return ("not decided: equal levels, and the record does not say who holds the deal",
                "未分胜负：级数相同，记录未写明谁坐庄")
    if team is None:
        return ("not decided: equal levels and the deal is bid for after both sides miscounted",
                "未分胜负：级数相同，双方多少牌后重新抢庄")
    if decided_by and decided_by.startswith("passed "):     # the ruleset's winning level (passed 10, passed A)
        level = decided_by[len("passed "):]
        return (f"{team} won the match: {decided_by}",
                f"{team} 方获胜：{'打过 ' + level if level != 'the winning level' else '打过获胜级别'}")
    reason = next((r for r in forfeit_reasons if r is not None), None)
    how = {"forfeit": (f"the other side forfeited ({reason})", f"对方{_FORFEIT_ZH.get(reason, reason)}累计判负")
           if reason is not None else ("the other side forfeited", "对方累计判负"),
           "higher level": ("higher level when the record ends", "记录结束时级数高"),
           "holding the deal": ("equal levels, holding the deal when the record ends", "级数相同，记录结束时坐庄")
           }.get(decided_by or "", (decided_by or "", decided_by or ""))
    return f"{team} won the match: {how[0]}", f"{team} 方获胜：{how[1]}"


def results_withheld_text(numbers: Sequence[int]) -> tuple[str, str]:
    """``(en, zh)``: the match's result where no hand gives one because the result of each hand played, ``numbers``,
    is withheld (not known: see that hand's unknown) — not decided, and not a record with no hand played."""
    en = ", ".join(str(n) for n in numbers)
    zh = "、".join(str(n) for n in numbers)
    return (f"not decided: the result of hand{'s' if len(numbers) > 1 else ''} {en} is not known (see "
            f"{'their' if len(numbers) > 1 else 'its'} unknown), so who won the match is not known either",
            f"未分胜负：第 {zh} 局的结果未知（见该局的“未知”），因而比赛胜负也未知")

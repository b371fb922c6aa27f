"""Bilingual messages about what a record does not state: a fact derived (and from what) or
unknown (and what was withheld for want of it) — docs/rules.md "What the record must state".

Each function returns ``(message_zh, message_en)``, saying the same in both languages.
:func:`unknown_fact` (why a fact is unknown, then what is withheld) and :func:`seat_list` (seats named
in both languages) word :mod:`.explain_gaps`'s messages too.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_NAMES_ZH, SUIT_TOKENS, TOKEN
from .explain import Message
from .rule_refs import rule_ref
from .verdicts import WITHHELD

SIDE_ZH = ("南北", "东西")
SIDE_EN = ("N–S", "E–W")


def _withheld(what: Sequence[str]) -> Message:
    return "、".join(WITHHELD[w][0] for w in what), "; ".join(WITHHELD[w][1] for w in what)


def unknown_fact(zh: str, en: str, what: Sequence[str]) -> Message:
    """A fact the record does not give: why it is unknown (``zh``, ``en``: the same in both
    languages), then what was withheld for want of it (``what``: keys of
    :data:`~.verdicts.WITHHELD`) — "…；因此不判定：…" / "…; withheld: …"."""
    wzh, wen = _withheld(what)
    return f"{zh}；因此不判定：{wzh}", f"{en}; withheld: {wen}"


def dealer_from_previous_hand(dealer: int) -> Message:
    return (f"庄家{SEAT_NAMES_ZH[dealer]}，由上一局的结果推出（[Dealer] 未写明）",
            f"dealer {SEAT_TOKENS[dealer]}, from the previous hand's outcome ([Dealer] not stated)")


def dealer_from_declarations(dealer: int, last: bool) -> Message:
    if last:
        return (f"庄家{SEAT_NAMES_ZH[dealer]}，由 [Declarations] 推出（最后立住的亮主者；[Dealer] 未写明）",
                f"dealer {SEAT_TOKENS[dealer]}, from [Declarations] (the last standing declarer; "
                "[Dealer] not stated)")
    return (f"庄家{SEAT_NAMES_ZH[dealer]}，由 [Declarations] 推出（第一个亮主者；[Dealer] 未写明）",
            f"dealer {SEAT_TOKENS[dealer]}, from [Declarations] (the first declarer; [Dealer] not stated)")


def side_from_levels(team: int, level: int) -> Message:
    return (f"庄家方{SIDE_ZH[team]}，由 [Level] 与 [Levels] 推出（只有{SIDE_ZH[team]}方打 {RANK_TOKENS[level]}；"
            "[Dealer] 未写明，庄家是哪一家仍未知）",
            f"dealer side {SIDE_EN[team]}, from [Level] and [Levels] (only {SIDE_EN[team]} are at "
            f"{RANK_TOKENS[level]}; [Dealer] not stated, so which of the two deals is still unknown)")


def level_from_levels(level: int, team: int) -> Message:
    return (f"级牌 {RANK_TOKENS[level]}，由 [Levels] 与庄家推出（{SIDE_ZH[team]}方的级别；[Level] 未写明）",
            f"level {RANK_TOKENS[level]}, from [Levels] and the dealer ({SIDE_EN[team]}'s level; "
            "[Level] not stated)")


def level_from_carried(level: int, team: int) -> Message:
    return (f"级牌 {RANK_TOKENS[level]}，由前面各局带入的级别与庄家推出（{SIDE_ZH[team]}方的级别；[Level] 未写明）",
            f"level {RANK_TOKENS[level]}, from the levels carried from the hands before and the dealer "
            f"({SIDE_EN[team]}'s level; [Level] not stated)")


def level_from_start(level: int) -> Message:
    return (f"级牌 {RANK_TOKENS[level]}：比赛从 {RANK_TOKENS[level]} 打起，这是记录的第一局"
            "（[Level] 与 [Levels] 均未写明）",
            f"level {RANK_TOKENS[level]}: every match starts at {RANK_TOKENS[level]} and this is the record's "
            "first hand ([Level] and [Levels] not stated)")


def others_from_start(level: int, team: int | None) -> Message:
    """The levels of the players [Level] does not name, at the record's first hand (hand 1, no
    [Levels]): where every match starts.  ``team`` the dealer's side; ``None`` in friend mode
    (each player's own level)."""
    if team is None:
        return (f"其他三家均打 {RANK_TOKENS[level]}：比赛从 {RANK_TOKENS[level]} 打起，这是记录的第一局（[Levels] 未写明）",
                f"the other three players at {RANK_TOKENS[level]}: every match starts at {RANK_TOKENS[level]} "
                "and this is the record's first hand ([Levels] not stated)")
    other = 1 - team
    return (f"{SIDE_ZH[other]}方打 {RANK_TOKENS[level]}：比赛从 {RANK_TOKENS[level]} 打起，这是记录的第一局"
            "（[Levels] 未写明）",
            f"{SIDE_EN[other]} at {RANK_TOKENS[level]}: every match starts at {RANK_TOKENS[level]} and this is "
            "the record's first hand ([Levels] not stated)")


def sides_from_start(level: int) -> Message:
    """Both sides' levels at the record's first hand (hand 1, no [Levels]) when the dealer's side is
    not known: where every match starts."""
    return (f"南北、东西两方均打 {RANK_TOKENS[level]}：比赛从 {RANK_TOKENS[level]} 打起，这是记录的第一局（[Levels] 未写明）",
            f"N–S and E–W at {RANK_TOKENS[level]}: every match starts at {RANK_TOKENS[level]} and this is the "
            "record's first hand ([Levels] not stated)")


def dealer_unknown(what: Sequence[str], bad_value: bool) -> Message:
    said_zh = "[Dealer] 的值不是座位" if bad_value else "[Dealer] 未写明（缺少或为 \"?\"）"
    said_en = "[Dealer] names no seat" if bad_value else "[Dealer] is not stated (missing or \"?\")"
    return unknown_fact(f"{said_zh}，也无从推出，不作猜测",
                        f"{said_en} and nothing in the record fixes it, so it is not guessed", what)


def dealer_seat_unknown(what: Sequence[str], team: int, bad_value: bool) -> Message:
    said_zh = "[Dealer] 的值不是座位" if bad_value else "[Dealer] 未写明（缺少或为 \"?\"）"
    said_en = "[Dealer] names no seat" if bad_value else "[Dealer] is not stated (missing or \"?\")"
    return unknown_fact(f"{said_zh}：庄家方已知为{SIDE_ZH[team]}，但庄家是哪一家未知",
                        f"{said_en}: the dealer's side is known ({SIDE_EN[team]}), but not which of the two deals", what)


def trump_unknown(what: Sequence[str]) -> Message:
    return unknown_fact("主牌未写明（[Trump] 缺少、为 \"?\" 或无法识别），不作猜测（不按无主处理）",
                        "the trump is not stated ([Trump] missing, \"?\" or not a trump), so it is not guessed (not "
                        "taken as no trump)", what)


def sheet_trump_unknown() -> Message:
    """A score sheet's hand without ``[Trump]``: the trump is unknown, and no verdict rests on it."""
    return ("记分表的这一局未写明主牌（[Trump] 缺少或无法识别）：主牌未知，不按无主处理；只记结果的牌局不判定出牌，"
            "没有判定依赖主牌",
            "this score-sheet hand does not state the trump ([Trump] missing or not a trump): the trump is unknown, "
            "not taken as no trump; a score sheet judges no play, so no verdict rests on it")


def level_unknown(what: Sequence[str]) -> Message:
    return unknown_fact(f"级牌未写明（[Level] 缺少或无法识别），也无法由 [Levels] 与庄家推出",
                        f"the level is not stated ([Level] missing or not a level) and [Levels] and the dealer do not fix "
                        f"it", what)


def points_unknown(what: Sequence[str]) -> Message:
    return unknown_fact(f"残局未写明此前闲家得分（[Points] 缺少或无法识别），不按 0 计",
                        f"the position does not state the attackers' points so far ([Points] missing or not a number in "
                        f"range), so they are not taken as 0", what)


def bottom_unknown(what: Sequence[str], bad_line: bool = False) -> Message:
    """``bad_line``: the record's ``Buried:`` line is a ``bad_bury`` and nothing else fixes the bury."""
    if bad_line:
        return unknown_fact("闲家赢得最后一墩，底牌要计入，但 Buried: 一行有误（不采用），也无从推出扣底，底分未知，不按 0 分计",
                            "the attackers won the last trick, so the bottom counts, but the Buried: line is wrong (not "
                            "used) and nothing else in the record fixes the bury, so its points are not known (not taken "
                            "as 0)", what)
    return unknown_fact(f"闲家赢得最后一墩，底牌要计入，但记录未给出底牌（Buried:），不按 0 分计",
                        f"the attackers won the last trick, so the bottom counts, but the record does not give it "
                        f"(Buried:), so it is not taken as 0 points", what)


def friend_card_unknown(what: Sequence[str]) -> Message:
    return unknown_fact(f"找朋友：[Friend] 未写明庄家叫的牌，不知谁是庄家的朋友，不按固定对家处理",
                        f"friend mode: [Friend] does not state the card the dealer called, so the dealer's partner is "
                        f"unknown (not taken as the seat opposite)", what)


def friend_holder_unknown(card: int, what: Sequence[str]) -> Message:
    return unknown_fact(f"找朋友：记录未写明每一张 {TOKEN[card]} 在谁手中（已在残局之前打出，或在未写明持牌的座位手中），不知谁是庄家的朋友",
                        f"friend mode: the record does not place every copy of {TOKEN[card]} (played before the position, or "
                        f"held by a seat whose cards are not given), so the dealer's partner is unknown", what)


_FRIEND_SOURCE_ZH = {"[Friend] and the position's hands": "由 [Friend] 与残局各家持牌推出",
                     "[Friend], the deal lines given and the plays": "由 [Friend]、已写明的发牌行与出牌推出",
                     "[Friend], the deal and the bury": "由 [Friend]、发牌与扣底推出"}


def friend_partner_derived(dealer: int, partner: int | None, card: int, alone_all: bool, source: str) -> Message:
    """Friend mode (docs/rules.md §11): the dealer's side as the record's cards fix it — no tag states
    the partner.  ``partner`` ``None``: the dealer plays alone (一打三), holding every copy of the called
    card (``alone_all``) or the copies it does not hold lying in the bottom; ``source`` what it follows
    from (the ``derived`` item's ``from``)."""
    d_zh, d_en, c = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer], TOKEN[card]
    from_zh = _FRIEND_SOURCE_ZH.get(source, f"由 {source} 推出")
    if partner is not None:
        p_zh, p_en = SEAT_NAMES_ZH[partner], SEAT_TOKENS[partner]
        return (f"庄家方为{d_zh}与{p_zh}（找朋友）：{p_zh}是{d_zh}的朋友——扣底后按出牌顺序从{d_zh}往后第一个持有所叫的牌 "
                f"{c} 的人，{from_zh}（记录不写明朋友）",
                f"dealer's side {d_en} and {p_en} (friend mode): {p_en} is {d_en}'s partner, the first seat after "
                f"{d_en} in play order holding the called card {c} once the bottom was buried, from {source} "
                f"(the record does not state the partner)")
    why_zh = (f"扣底后 {c} 每一张都在{d_zh}手中" if alone_all
              else f"扣底后其他三家都没有所叫的牌 {c}（{d_zh}手中没有的在底牌中）")
    why_en = (f"{d_en} held every copy of the called card {c} once the bottom was buried" if alone_all
              else f"no other seat held the called card {c} once the bottom was buried (the copies {d_en} did not "
                   f"hold lay in the bottom)")
    return (f"庄家方只有{d_zh}一家（找朋友，一打三）：{why_zh}，{from_zh}（记录不写明朋友）",
            f"dealer's side {d_en} alone (friend mode, one against three): {why_en}, from {source} (the record "
            f"does not state the partner)")


def declarations_unknown(what: Sequence[str]) -> Message:
    return unknown_fact(f"记录未完整写明亮主（没有 [Declarations]，或其中有无法读取的亮主；无人亮主应写 [Declarations \"\"]），"
                        f"不按无人亮主处理",
                        f"the record does not state the declarations in full (no [Declarations], or one that could not be "
                        f"read; write [Declarations \"\"] when nobody declared), so it is not taken that nobody declared",
                        what)


def third_bottom_card_unknown(what: Sequence[str], line_given: bool, whole_deal: bool) -> Message:
    """Nobody declared under ``no_declaration = third_bottom_card``, and the record does not give the
    bottom in the order it lay: its third card, which fixes the trump, is not known.  ``line_given``:
    a ``Bottom:`` line too short to have a third card; ``whole_deal``: the four deal lines give the
    bottom's cards (derived), but not their order."""
    head_zh = "无人亮主，按规则（no_declaration = third_bottom_card）以底牌第三张的花色定主"
    head_en = "nobody declared, and under no_declaration = third_bottom_card the suit of the bottom's third card fixes the trump"
    if line_given:
        return unknown_fact(f"{head_zh}，但 Bottom: 一行不足三张，底牌第三张未知",
                            f"{head_en}, but the Bottom: line holds fewer than three cards, so the third card is not known",
                            what)
    if whole_deal:
        return unknown_fact(f"{head_zh}，但记录没有 Bottom: 一行：由四家发牌行推出的只是底牌有哪些牌，不是其顺序，"
                            f"底牌第三张未知",
                            f"{head_en}, but the record gives no Bottom: line: the four deal lines give which cards the "
                            f"bottom held, not their order, so its third card is not known", what)
    return unknown_fact(f"{head_zh}，但记录没有 Bottom: 一行，底牌第三张未知",
                        f"{head_en}, but the record gives no Bottom: line, so the bottom's third card is not known", what)


def points_from_whole_deal(size: int) -> Message:
    return (f"此前闲家得分 0，由各家持牌推出（每家都持整手 {size} 张：尚未出牌；[Points] 未写明）",
            f"the attackers' points so far 0, from the hands (each seat holds a whole deal of {size} cards: "
            "nothing has been played; [Points] not stated)")


def _chain_reasons(number: int) -> dict[str, tuple[str, str, str, str]]:
    """Per broken chain: (why 中文, why English, what 中文, what English) for :func:`chain_broken`."""
    return {
        "skipped": ("上一局已跳过", "the hand before was skipped",
                    "上一局无法读取", "the hand before could not be read"),
        "gap": (f"记录中没有第{number - 1}局", f"hand {number - 1} is not in the record",
                "本局前缺局或局号顺序不对", "a hand is missing before this one or the hands are out of order"),
        "repeated": (f"第{number}局在记录中写了两次", f"hand {number} is written twice",
                     f"前面已有一局同为第{number}局", "an earlier hand of the record has the same number"),
        "misplaced": (f"第{number}局没有紧接在第{number - 1}局之后",
                      f"hand {number} is not written right after hand {number - 1}",
                      "各局顺序不对", "the hands are out of order"),
        "out_of_order": (f"第{number}局排在后面的局之后", f"hand {number} comes after a later hand",
                         "各局顺序不对", "the hands are out of order"),
    }


def chain_broken(chain: str, what: Sequence[str], number: int) -> Message:
    """``chain``: how the hand before broke the chain of levels and dealers (``skipped``, ``gap``,
    ``out_of_order``, ``misplaced``, ``repeated`` (a number an earlier hand has), ``begins_later``,
    ``no_result``: see ``replay._chain_break``);
    ``number`` the hand's own number."""
    reasons = _chain_reasons(number)
    if chain in reasons:
        why_zh, why_en, zh, en = reasons[chain]
        return unknown_fact(f"未核对（{why_zh}）：{zh}，带入本局的级别与庄家未知",
                            f"not checked ({why_en}): {en}, so the levels and the dealer carried into this hand "
                            f"are unknown", what)
    if chain == "bid_for_unknown":
        return unknown_fact("未核对（记录未说明本局是否重新发牌抢庄）：庄家不一定是上一局结果所定的那一家",
                            "not checked (the record does not say whether this deal was redealt and bid for): the "
                            "dealer is not known to be the one the previous hand named", what)
    if chain == "number_unknown":
        levels_zh, levels_en = ("级别与庄家", "levels and the dealer") if "level_check" in what else ("庄家", "dealer")
        return unknown_fact(f"未核对（记录的第一局没有局号）：不知道它是否是比赛的第一局，此前若有各局也不在记录中，"
                            f"带入本局的{levels_zh}未知",
                            f"not checked (the record's first hand gives no number): whether it is the match's first "
                            f"deal is not known, and any hands before it are not in the record, so the {levels_en} "
                            f"carried into it are unknown", what)
    if chain == "begins_later":
        levels_zh, levels_en = ("级别与庄家", "levels and the dealer") if "level_check" in what else ("庄家", "dealer")
        return unknown_fact(f"未核对（记录从第{number}局开始）：此前各局不在记录中，带入本局的{levels_zh}未知",
                            f"not checked (the record begins at hand {number}): the hands before it are not in the "
                            f"record, so the {levels_en} carried into this hand are unknown", what)
    return unknown_fact(f"未核对（上一局没有结果）：带入本局的级别未知",
                        f"not checked (the hand before gave no result): the levels carried into this hand are unknown",
                        what)


def levels_from_first_level(level: int, team: int) -> Message:
    other = 1 - team
    return (f"{SIDE_ZH[team]}方打 {RANK_TOKENS[level]}，由 [Level] 得知（未写 [Levels]，而首局不是从 2 打起："
            f"记录从比赛中途开始），{SIDE_ZH[other]}方的级别未知",
            f"{SIDE_EN[team]} at {RANK_TOKENS[level]}, from [Level] ([Levels] not stated, and the first hand is "
            f"not played at 2: the record begins mid-match); {SIDE_EN[other]}'s level is not known")


def sheet_total_unknown(what: Sequence[str]) -> Message:
    return unknown_fact("记分表的这一局没有写 [Claim]：闲家总分未知，不按 0 分计",
                        "this score-sheet hand gives no [Claim]: the attackers' total is not known (not taken as 0)",
                        what)


def takebacks_unknown(what: Sequence[str]) -> Message:
    """A hand's ``[Takebacks]`` holds a word that is no seat (``unknown_seat``), under ``takeback_penalty =
    level``: not sure to be one take-back, so neither whose nor how many take-backs there were is known."""
    return unknown_fact("[Takebacks] 中有无法识别的词（不是座位）：按规则每次悔牌该方降一级，但不知这个词算不算一次悔牌、"
                        "该罚哪一方（也不知各方共悔牌几次），不作猜测",
                        "[Takebacks] holds a word that is no seat: each take-back costs its side a level, but whether the "
                        "word is one take-back, and which side it costs (so how many take-backs each side made), is not "
                        "known, so it is not guessed", what)


def _kept_names(kept: Sequence[str]) -> Message:
    """Sides (``NS``, ``EW``) or, in friend mode, players (``N`` …) named in both languages."""
    names = [(SIDE_ZH[("NS", "EW").index(k)] + "方", SIDE_EN[("NS", "EW").index(k)]) if k in ("NS", "EW")
             else (SEAT_NAMES_ZH[SEAT_TOKENS.index(k)], k) for k in kept]
    return "、".join(n[0] for n in names), " and ".join(n[1] for n in names)


def takeback_seats_unknown(count: int, friend: bool, what: Sequence[str], kept: Sequence[str] = ()) -> Message:
    """A hand's ``[Takebacks]`` gives ``count`` take-backs whose seat is not known (``?``), under
    ``takeback_penalty = level``: each costs one side a level — N–S or E–W (``friend``: the hand's dealer's
    side or the others) —, not known which.  ``kept``: the sides (or players) whose level after the hand is
    the same whichever side it falls on (2: a side at 2 loses no level), decided; ``what``: what is withheld."""
    sides_zh, sides_en = ("本局庄家方或闲家方", "the hand's dealer's side or the others") if friend else \
        ("南北方或东西方", "N–S or E–W")
    n_zh, n_en = (f"{count} 次悔牌", f"{count} take-backs") if count > 1 else ("一次悔牌", "a take-back")
    zh = f"[Takebacks] 中有{n_zh}的座位未知（\"?\"）：每次悔牌罚{sides_zh}一级，罚哪一方未知，不作猜测"
    en = (f"[Takebacks] gives {n_en} whose seat is not known (\"?\"): each costs {sides_en} a level, not known "
          f"which, so it is not guessed")
    if kept:
        kz, ke = _kept_names(kept)
        zh += f"；{kz}本局后为 2 级，无论罚哪一方都一样（在 2 级的一方不再降级），已推出"
        en += f"; {ke} at 2 after the hand whichever side it falls on (a side at 2 loses no level): derived"
    if what:
        return unknown_fact(zh, en, what)
    return zh + "；本局后的级别不因此而不予判定", en + "; no level after the hand is withheld for it"


def takeback_levels_derived(kept: Sequence[str]) -> Message:
    """The sides (or players) ``kept`` stay at 2 after a hand whose take-back's seat is not known: a side
    at 2 loses no level (docs/rules.md §10.2), so their level after is the same whichever side it costs."""
    kz, ke = _kept_names(kept)
    return (f"{kz}本局后为 2 级：[Takebacks] 中有座位未知的悔牌，但无论罚哪一方，在 2 级的一方不再降级",
            f"{ke} at 2 after the hand: [Takebacks] gives a take-back whose seat is not known, but whichever "
            "side it costs, a side at 2 loses no level")


def takebacks_forfeit_unknown(number: int, limit: int, what: Sequence[str]) -> Message:
    """The match's forfeit count is not known from hand ``number`` on (its ``[Takebacks]`` holds a word that
    is no seat); ``limit`` take-backs by a side forfeit the match."""
    return unknown_fact(f"第{number}局的 [Takebacks] 中有无法识别的词：此后各方的悔牌次数未知"
                        f"（累计 {limit} 次判负），不知是否有一方已被判负，不作猜测",
                        f"hand {number}'s [Takebacks] holds a word that is no seat: from then on how many take-backs "
                        f"each side made is not known ({limit} in a match forfeit it), so whether a side forfeited the "
                        f"match is not known and not guessed", what)


def _hands(numbers: Sequence[int]) -> Message:
    """``第1、3局`` / ``hands 1, 3`` (``hand 1``)."""
    zh = "第" + "、".join(map(str, numbers)) + "局"
    return zh, ("hand " if len(numbers) == 1 else "hands ") + ", ".join(map(str, numbers))


_NOT_JUDGED_WHY = {"Trump": ("主牌未知", "the trump is not known"), "Level": ("级牌未知", "the level is not known"),
                   "play": ("记录缺少一次出牌，自该墩起未判定", "a play left out, nothing judged from its trick on")}


def _bound(bound: Sequence[int], friend: bool) -> Message:
    """At most ``bound`` wrong follows (by team N–S, E–W; ``friend``: in all)."""
    if friend:
        return f"至多 {sum(bound)} 次", f"at most {sum(bound)}"
    return (f"南北方至多 {bound[0]} 次、东西方至多 {bound[1]} 次",
            f"at most {bound[0]} by N–S and {bound[1]} by E–W")


def open_count_words(kind: str, numbers: Sequence[int], extra: Sequence[int] = (0, 0), tags: Sequence[str] = (),
                     friend: bool = False) -> Message:
    """What leaves the match's count of wrong follows and take-backs open, as a clause: ``kind`` ``Takebacks``
    (take-backs whose seat is not known in hands ``numbers``), ``unjudged`` (plays not judged there — ``tags``:
    why, ``Trump``, ``Level`` or ``play`` —, ``extra`` the most wrong follows they hide by team), ``play`` (a
    play left out whose ways give different counts, or one not filled in: the follows withheld after it),
    ``contradicted`` (a tag the rest of the record contradicts — ``tags`` —, the hand judged under each value)."""
    hz, he = _hands(numbers)
    if kind == "Takebacks":
        return (f"无论{hz} [Takebacks] 中的 \"?\"（座位未知的悔牌）是哪一方的",
                f"whoever took back the plays {he}'s [Takebacks] gives as \"?\" (seat not known)")
    if kind == "unjudged":
        why = [_NOT_JUDGED_WHY.get(t, (t, t)) for t in dict.fromkeys(tags)]
        bz, be = _bound(extra, friend)
        return (f"无论{hz}未判定的跟牌（{'、'.join(w[0] for w in why)}）中有几次跟牌错误（{bz}，每次跟牌至多一次）",
                f"however many of the follows of {he}, not judged ({'; '.join(w[1] for w in why)}), were wrong ({be}, "
                "one per follow)")
    if kind == "contradicted":
        tags = " ".join(f"[{t}]" for t in dict.fromkeys(tags))
        return (f"无论{hz}按其被记录其余部分否定的 {tags} 的哪个值判定",
                f"whichever value of {he}'s {tags}, which the rest of the record contradicts, it is judged under")
    return f"无论{hz}记录缺少的出牌是什么", f"whatever the play {he} leaves out was"


def count_open_unknown(clauses: Sequence[Message], limit: int, what: Sequence[str]) -> Message:
    """Whether a side forfeited the match is not known: under some readings of ``clauses`` (what leaves the
    count open: :func:`open_count_words`) a side reaches ``limit`` wrong follows or take-backs — the count
    that forfeits the match — and under others it does not (or not in the same hand)."""
    zh = "；".join(c[0] for c in clauses)
    en = "; ".join(c[1] for c in clauses)
    return unknown_fact(f"本场的跟牌错误与悔牌次数不全知道——{zh}，结果不同：按有的读法一方累计达到 {limit} 次而判负，"
                        "按有的读法没有（或不在同一局）；不知是否有一方已被判负，不作猜测",
                        f"the match's count of wrong follows and take-backs is not all known — {en}, it differs: with "
                        f"some readings a side reaches the {limit} in a match that forfeit it, with others not (or not in "
                        "the same hand), so whether a side forfeited the match is not known and not guessed", what)


def forfeit_every_reading(value: str, limit: int, clauses: Sequence[Message]) -> Message:
    """Whether a side forfeited the match by the end of this hand — ``value``: ``none``, ``NS``, ``EW`` or
    ``both`` — is the same under every reading of what leaves the count open (``clauses``:
    :func:`open_count_words`); ``limit``: the wrong follows, or take-backs, by a side that forfeit the match."""
    zh = "、".join(c[0] for c in clauses)
    en = "; and ".join(c[1] for c in clauses)
    if value == "none":
        return (f"到本局结束无人被判负：{zh}，都没有一方累计达到 {limit} 次跟牌错误或 {limit} 次悔牌",
                f"nobody forfeited the match by the end of this hand: {en}, no side reaches {limit} wrong follows or "
                f"{limit} take-backs")
    if value == "both":
        return (f"双方均在本局结束时被判负：{zh}，双方都累计达到 {limit} 次",
                f"both sides forfeited the match at the end of this hand: {en}, both reach the count of {limit}")
    team = 0 if value == "NS" else 1
    return (f"{SIDE_ZH[team]}方在本局结束时被判负：{zh}，{SIDE_ZH[team]}方都累计达到 {limit} 次，{SIDE_ZH[1 - team]}方都没有",
            f"{SIDE_EN[team]} forfeited the match at the end of this hand: {en}, {SIDE_EN[team]} reach the count of "
            f"{limit} and {SIDE_EN[1 - team]} do not")


def gap_forfeit_unknown(number: int, limit: int, what: Sequence[str]) -> Message:
    """Hand ``number`` leaves a play out, and the ways of filling it in give a side different numbers of
    level penalties: with some a side reaches the ``limit`` that forfeits the match, with others not."""
    return unknown_fact(f"第{number}局记录缺少一次出牌：按不同的补法，一方的跟牌错误（或悔牌）次数不同，有的补法达到"
                        f"累计 {limit} 次判负，有的没有；不知是否有一方已被判负，不作猜测",
                        f"hand {number} leaves a play out, and the ways of filling it in give a side different numbers "
                        f"of wrong follows (or take-backs): with some it reaches the {limit} in a match that forfeit it, "
                        f"with others not, so whether a side forfeited the match is not known and not guessed", what)


def record_cut_by_damage(number: int | None, what: Sequence[str]) -> Message:
    """The file is damaged (``truncated_file``): the record stops where the damage does, in or after
    hand ``number`` (``None``: before any hand), not where the match ended."""
    zh_at = f"第{number}局或其后" if number is not None else "第一局之前"
    en_at = f"in or after hand {number}" if number is not None else "before its first hand"
    return unknown_fact(f"文件已损坏（truncated_file）：记录在{zh_at}的损坏处中断，而非比赛结束处；"
                        "之后是否还有牌局、比赛如何结束，记录未写，不作猜测",
                        f"the file is damaged (truncated_file): the record stops where the damage is, {en_at}, "
                        "not where the match ended; whether more hands followed and how the match ended is not in "
                        "the record and not guessed", what)


def level_of_neither_side(level: int, ns: int, ew: int) -> Message:
    return (f"记录的级牌是 {RANK_TOKENS[level]}，但按前面各局南北打 {RANK_TOKENS[ns]}、东西打 {RANK_TOKENS[ew]}："
            "无论谁坐庄都不符（[Dealer] 未写明）",
            f"[Level] is {RANK_TOKENS[level]} but N–S carry {RANK_TOKENS[ns]} and E–W {RANK_TOKENS[ew]} from the "
            "earlier hands: wrong whoever deals ([Dealer] not stated)")


def seat_list(seats: Sequence[int]) -> Message:
    """``seats`` named in both languages, in the order given: "北家、东家" / "N, E"."""
    return "、".join(SEAT_NAMES_ZH[s] for s in seats), ", ".join(SEAT_TOKENS[s] for s in seats)


def _throws(seats: Sequence[int], tricks: Sequence[int]) -> Message:
    """The clause on throws judged against ``seats`` (withheld in ``tricks``: :mod:`.unsure_throws`)."""
    zh, en = seat_list(seats)
    nums = ", ".join(map(str, tricks))
    return (f"对{zh}的甩牌只在其出牌证明能管上时判定（第 {'、'.join(map(str, tricks))} 轮的甩牌判定依赖{zh}没有某些牌，不予判定）",
            f"the throws against {en} are judged only where {'its' if len(seats) == 1 else 'their'} plays prove "
            f"them beaten (trick{'s' if len(tricks) > 1 else ''} {nums}: the verdict of the throw rests on "
            f"{en} not holding some card{'s' if len(tricks) > 1 else ''}, so it is withheld)")


def throws_against_unknown(seats: Sequence[int], tricks: Sequence[int], what: Sequence[str]) -> Message:
    """A full hand whose ``seats`` have no deal line and did not play a whole hand in the record:
    the throw verdicts of ``tricks`` rest on what they held (:func:`.setting.throws_unknown`)."""
    zh, en = seat_list(seats)
    tzh, ten = _throws(seats, tricks)
    return unknown_fact(f"{zh}没有发牌行，记录中也未出完整手牌：{zh}持牌只知其所出的牌（可能还有别的牌）；{tzh}",
                        f"{en} {'has' if len(seats) == 1 else 'have'} no deal line and the record ends before "
                        f"{'it' if len(seats) == 1 else 'they'} played a whole hand: what {en} held is known only "
                        f"from {'its' if len(seats) == 1 else 'their'} plays (it may have held more); {ten}", what)


def position_seats_unknown(seats: Sequence[int], what: Sequence[str], throws: Sequence[int] = ()) -> Message:
    """A position giving no deal line for ``seats`` (:func:`.setting.position_seats_unknown`); ``throws``:
    the tricks whose throw verdict against them was withheld (:func:`.setting.throws_unknown`)."""
    zh, en = seat_list(seats)
    its = "its" if len(seats) == 1 else "their"
    if len(seats) == 4:
        head_zh, head_en = "残局没有发牌行", "the position gives no deal lines"
    else:
        head_zh, head_en = f"残局有发牌行，却没有{zh}的", f"the position gives deal lines, but none for {en}"
    tzh, ten = _throws(seats, throws) if throws else ("", "")
    return unknown_fact(f"{head_zh}：{zh}持牌未知（不按无牌计，也不按其所出的牌计），其跟牌只在其自己的出牌证明有错时判定，"
                        f"也不知本局是否打完" + (f"；{tzh}" if throws else ""),
                        f"{head_en}: what {en} held is not known (not taken as nothing, nor as the cards {its} plays "
                        f"show), so {its} follows are judged only where {its} own plays prove a fault, and whether "
                        f"the hand was played out is not known" + (f"; {ten}" if throws else ""), what)


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join(TOKEN[k] for k in cards)


def bottom_from_deal(bottom: Sequence[int], decks: int) -> Message:
    """The bottom a whole deal leaves (no ``Bottom:`` line)."""
    return (f"底牌 {_cards_text(bottom)}，由四家发牌行推出（{decks} 副牌中不在任何发牌行里的牌；Bottom: 未写明）",
            f"bottom {_cards_text(bottom)}, from the four deal lines (the cards of {decks} deck{'s' if decks > 1 else ''} "
            f"in no deal line; Bottom: not stated)")


def buried_from_plays(dealer: int, buried: Sequence[int], bad_line: bool, bottom_derived: bool) -> Message:
    """The bury derived: what the dealer's plays (a whole hand) leave of its deal line and the bottom."""
    said_zh = "Buried: 一行有误，不采用" if bad_line else "Buried: 未写明"
    said_en = "the Buried: line is wrong, so it is not used" if bad_line else "Buried: not stated"
    of_zh = "推出的底牌" if bottom_derived else "底牌"
    of_en = "the bottom derived" if bottom_derived else "the bottom"
    return (f"扣底 {_cards_text(buried)}，由{of_zh}、{SEAT_NAMES_ZH[dealer]}的发牌行及其出牌推出（其所出正是一整手牌，"
            f"扣底后的手牌即其所出的牌；{said_zh}）",
            f"buried {_cards_text(buried)}, from {of_en}, {SEAT_TOKENS[dealer]}'s deal line and "
            f"{SEAT_TOKENS[dealer]}'s plays (a whole hand: its hand after the bury is the cards it played; "
            f"{said_en})")


def _bury_from_plays_not_known(seat: int) -> Message:
    """``(zh, en)``: ``seat``'s plays do not fix its bury, so its hand after it is read from its plays."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{z}的出牌也不是一整手牌，无从推出：{z}扣底后的手牌只按其所出的牌计，其跟牌只在其自己的出牌证明有错时判定",
            f"{e}'s plays are not a whole hand to derive it from: {e}'s hand after the bury is read from its "
            f"plays, its follows judged only where its own plays prove a fault")


def bury_not_known(dealer: int, bad_line: bool, what: Sequence[str]) -> Message:
    """Neither a usable ``Buried:`` line nor the dealer's plays fix the bury."""
    said_zh = "Buried: 一行有误（不采用）" if bad_line else "记录未写明扣底（Buried:）"
    said_en = "the Buried: line is wrong (not used)" if bad_line else "the record does not give the bury (Buried:)"
    zh, en = _bury_from_plays_not_known(dealer)
    return unknown_fact(f"{said_zh}，{zh}，底牌分数也未知", f"{said_en}, and {en}, and the bottom's points are not known",
                        what)


def _nth_zh(n: int) -> str:
    return f"第{n}次扣底"


def _nth_en(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def rebid_bury_from_plays(seat: int, buried: Sequence[int], n: int) -> Message:
    """After 炒地皮: taker ``seat``'s bury (the ``n``-th of the ``Buried:`` line, which is wrong)
    derived from what it held (its hand and the bottom it took) and its plays, a whole hand."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    return (f"{z}的扣底 {_cards_text(buried)}，由{z}拿底时的手牌、所拿的底牌及其出牌推出（其所出正是一整手牌，"
            f"扣底后的手牌即其所出的牌；Buried: 中的{_nth_zh(n)}有误，不采用）",
            f"{e}'s bury {_cards_text(buried)}, from the hand {e} held, the bottom {e} took and {e}'s plays "
            f"(a whole hand: its hand after the bury is the cards it played; the {_nth_en(n)} bury of the "
            f"Buried: line is wrong, so it is not used)")


def rebid_bury_not_known(seat: int, n: int, last: bool, what: Sequence[str]) -> Message:
    """After 炒地皮: taker ``seat``'s bury (the ``n``-th of the ``Buried:`` line) is wrong and its
    plays do not fix it; ``last``: it is the bottom that lies during play."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    then_zh = "底牌分数也未知" if last else "下一个拿底的人拿到的底牌也未知"
    then_en = "the bottom's points are not known" if last else "the bottom the next taker took is not known"
    zh, en = _bury_from_plays_not_known(seat)
    return unknown_fact(f"Buried: 中{z}的扣底（{_nth_zh(n)}）有误（不采用），{zh}，{then_zh}",
                        f"{e}'s bury (the {_nth_en(n)} of the Buried: line) is wrong (not used), and {en}, and "
                        f"{then_en}", what)


def rebid_buries_not_given(takers: Sequence[int], buries: int, no_bottom: bool, what: Sequence[str]) -> Message:
    """After 炒地皮 (``takers``: the dealer, then each rebidder, who took the bottom in turn) the record
    does not give one bury per taker (it gives ``buries``), or (``no_bottom``) gives no ``Bottom:``
    line: what each taker held after its bury is not known, so its hand is read from its plays."""
    seats = list(dict.fromkeys(takers))
    zh, en = seat_list(seats)
    n = len(takers)
    if no_bottom:
        said_zh, said_en = "记录没有底牌（Bottom: 一行）", "the record gives no bottom (no Bottom: line)"
    elif n == 1:
        said_zh = f"Buried: 写了 {buries} 次扣底（以 || 分开），而没有人炒地皮，只扣过一次底"
        said_en = f"the Buried: line gives {buries} buries (separated by ||), and nobody rebid: the bottom was buried once"
    elif buries == 0:
        said_zh = f"记录未写明扣底（没有 Buried: 一行），而炒地皮后共扣底 {n} 次"
        said_en = f"the record does not give the buries (no Buried: line), and after the rebid (炒地皮) there were {n}"
    else:
        said_zh = f"Buried: 写了 {buries} 次扣底，而炒地皮后共扣底 {n} 次（每个拿底的人一次，以 || 分开）"
        said_en = (f"the Buried: line gives {buries} bur{'y' if buries == 1 else 'ies'}, and after the rebid "
                   f"(炒地皮) there were {n} (one per taker of the bottom, separated by ||)")
    return unknown_fact(f"{said_zh}：拿过底的{zh}扣底后的手牌无从得知，只按其所出的牌计，其跟牌只在其自己的出牌证明有错时判定",
                        f"{said_en}: what {en} (who took the bottom) held after the bury is not known — read from the "
                        f"plays, follows judged only where the seat's own plays prove a fault", what)


def rebid_taken_not_known(seat: int, before: int, what: Sequence[str]) -> Message:
    """After 炒地皮: ``seat`` took the bottom ``before`` buried, and that bury is not known."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    bz, be = SEAT_NAMES_ZH[before], SEAT_TOKENS[before]
    return unknown_fact(f"{z}炒地皮后拿到的底牌是{bz}扣下的牌，而{bz}的扣底未知：{z}扣底后的手牌只按其所出的牌计，"
                        f"其跟牌只在其自己的出牌证明有错时判定",
                        f"{e} took, after the rebid (炒地皮), the bottom {be} buried, and {be}'s bury is not known: "
                        f"{e}'s hand after its bury is read from its plays, its follows judged only where its own "
                        f"plays prove a fault", what)


def _fact_value(fact: str, value: int | None) -> Message:
    if fact == "level":
        return RANK_TOKENS[value], RANK_TOKENS[value]
    if fact == "dealer":
        if value is None:           # the side [Level] names, seat not known
            return "[Level] 所指一方的某家", "a seat of the side [Level] names"
        return SEAT_NAMES_ZH[value], SEAT_TOKENS[value]
    return ("无主", "NT") if value is None else (SUIT_NAMES_ZH[value], SUIT_TOKENS[value])


_FACT_WORDS = {
    "level": ("前面各局带入的级别", "the level the earlier hands carry", "级牌", "level"),
    "dealer": ("上一局结果（或首个亮主者）所定的庄家", "the dealer the previous hand (or the first declarer) names",
               "庄家", "dealer"),
    "trump": ("亮主所定的主", "the trump the declarations fix", "主牌", "trump"),
}


def fact_token(fact: str, value: int | None) -> str:
    """A fact's value as ``check --json`` writes it (``"3"``, ``"E"``, ``"C"`` / ``"NT"``; a dealer
    not known: ``"?"``)."""
    if fact == "dealer" and value is None:
        return "?"
    return _fact_value(fact, value)[1]


_AGAINST = {
    "not_in_hand": ("打出未持有的牌", "a card played that is not held"),
    "deal_mismatch": ("最后一墩后仍有剩牌", "cards left after the last trick"),
    "bad_bury": ("扣了没有的牌", "a bury not held"),
    "bad_declaration": ("亮主不成立", "a declaration that does not stand"),
    "out_of_turn": ("第一墩不是庄家首出", "the first trick not led by the dealer"),
}


def tag_borne_out(fact: str, recorded: int | None, value: int | None, against: Sequence[str] = ()) -> Message:
    """The hand's own evidence leaves one value of a contradicted tag (:mod:`.contradictions`);
    ``against``: the codes of the findings it makes under the recorded value."""
    _, _, name_zh, name_en = _FACT_WORDS[fact]
    tag = "[" + fact.capitalize() + "]"
    vz, ve = _fact_value(fact, value)
    if value == recorded:
        return (f"{name_zh}{vz}：{tag} 与记录的其他部分不符，但本局的发牌、底牌、亮主与出牌都按{vz}才相符",
                f"{name_en} {ve}: {tag} disagrees with the rest of the record, but the hand's deal, bottom, "
                f"declarations and plays agree with {ve}")
    rz, re_ = _fact_value(fact, recorded)
    wz = "、".join(_AGAINST[c][0] for c in against if c in _AGAINST) or "互相矛盾"
    we = ", ".join(_AGAINST[c][1] for c in against if c in _AGAINST) or "they disagree"
    return (f"{name_zh}{vz}，由本局的发牌、底牌、亮主与出牌推出：按 {tag} 所记的{rz}，会有{wz}",
            f"{name_en} {ve}, from the hand's deal, bottom, declarations and plays: with {tag}'s {re_} there would be "
            f"{we}")


def tag_contradicted(fact: str, recorded: int | None, other: int | None, what: Sequence[str], kept: int,
                     judged: int, others: Sequence[int | None] = ()) -> Message:
    """``[Level]`` / ``[Dealer]`` / ``[Trump]`` contradicted by the rest of the record (:mod:`.contradictions`):
    the hand judged under each value (``judged`` judgements, ``kept`` of them borne out by the
    cards), what they all give kept.  ``others``: every value the rest of the record gives, when
    several (the level carried by each dealer judged, the trump the declarations fix at each level)."""
    src_zh, src_en, name_zh, name_en = _FACT_WORDS[fact]
    rz, re_ = _fact_value(fact, recorded)
    two = "两种"
    if len(others) > 1 and fact != "dealer":
        values = [_fact_value(fact, o) for o in others]
        oz = "或".join(z for z, _ in values) + "，视其他标签取值而定"
        oe = " or ".join(e for _, e in values) + ", depending on the other tags"
        two = "每种"
    else:
        oz, oe = _fact_value(fact, other)
    tag = "[" + fact.capitalize() + "]"
    if fact == "dealer" and other is None:      # [Level] names the other side's level
        zh = (f"{tag} 记为{rz}，但按 [Level] 与带入的级别，庄家应在另一方，记录未说明哪个对：本局按两种{name_zh}"
              f"各判定一次（共 {judged} 种）")
        en = (f"{tag} says {re_}, but [Level] and the levels carried put the dealer on the other side, and the record "
              f"does not say which is right: the hand was judged with each {name_en} ({judged} judgements in all)")
    else:
        zh = f"{tag} 记为{rz}，与{src_zh}（{oz}）不符，记录未说明哪个对：本局按{two}{name_zh}各判定一次（共 {judged} 种）"
        en = (f"{tag} says {re_}, but {src_en} is {oe}, and the record does not say which is right: the hand was "
              f"judged with each {name_en} ({judged} judgements in all)")
    if kept < judged:
        zh += f"，其中 {kept} 种与本局的发牌、底牌、亮主和出牌最相符"
        en += (f", of which {kept} agree best with the hand's deal, bottom, declarations and plays")
    zh += "，只保留各种判定都相同的结论"
    en += ", and only what all of them give is kept"
    if not what:
        return zh + "；所有判定都相同", en + "; they all give the same"
    return unknown_fact(zh, en, what)


def fault_whatever_tags(seat: int | None, code: str, tags: Sequence[str]) -> Message:
    """A violation found whichever value a contradicted tag has, whose owed play (or words) depends on it."""
    ref = rule_ref(code)
    rzh, ren = (ref.zh, ref.en) if ref is not None else (code, code)
    who_zh = SEAT_NAMES_ZH[seat] if seat is not None else ""
    who_en = SEAT_TOKENS[seat] if seat is not None else "the record"
    names = "、".join(f"[{t}]" for t in tags), ", ".join(f"[{t}]" for t in tags)
    return (f"{who_zh}违反规则（{rzh}）：无论{names[0]}取哪个值都违例，但应出哪一手取决于它，不予指明",
            f"{who_en} broke the rule ({ren}) whichever value {names[1]} has; the play owed depends on it, "
            "so it is not named")


def deal_line_contradicted(seats: Sequence[int], what: Sequence[str], dealer: int | None = None) -> Message:
    """A full hand whose ``seats``' deal lines their plays contradict (:mod:`.deal_lines`); the
    ``dealer``'s cards are its line with the bottom, less the bury."""
    zh, en = seat_list(seats)
    one = len(seats) == 1
    its = "its" if one else "their"
    nz = ne = ""
    if dealer in seats:
        dz, de = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
        nz, ne = f"（{dz}的牌是其发牌行加底牌、减去所扣的牌）", f" ({de}'s cards being its line and the bottom, less the bury)"
    return unknown_fact(f"{zh}的发牌行与其出牌不符（打出了发牌行中没有的牌，最后一墩后仍有剩牌），发牌行与出牌必有一处记错："
                        f"{zh}的跟牌（以及对其的甩牌）只按发牌行与出牌都有的牌判定{nz}",
                        (f"{en}'s deal line disagrees with its plays ({en} plays a card the line does not give and "
                     f"still holds cards after the last trick)" if one else
                     f"the deal lines of {en} disagree with their plays (each plays a card its line does not give "
                     f"and still holds cards after the last trick)") +
                    f", so the line or a play is miscopied: {its} follows (and throws against "
                    f"{'it' if one else 'them'}) are judged only on the cards both {its} line and {its} plays give{ne}",
                    what)


def hand_seats_unknown(seats: Sequence[int], what: Sequence[str], throws: Sequence[int] = ()) -> Message:
    """A full hand giving deal lines for some seats but not for ``seats`` (:func:`.setting.hand_seats_unknown`)."""
    zh, en = seat_list(seats)
    its = "its" if len(seats) == 1 else "their"
    tzh, ten = _throws(seats, throws) if throws else ("", "")
    return unknown_fact(f"本局有发牌行，却没有{zh}的：{zh}持牌只知其所出的牌，其跟牌只在其自己的出牌证明有错时判定，"
                        f"只有{zh}出完整手牌时本局才算打完" + (f"；{tzh}" if throws else ""),
                        f"the hand gives deal lines, but none for {en}: what {en} held is known only from {its} plays, "
                        f"so {its} follows are judged only where {its} own plays prove a fault, and the hand counts "
                        f"as played out only when {en} played a whole hand" + (f"; {ten}" if throws else ""), what)

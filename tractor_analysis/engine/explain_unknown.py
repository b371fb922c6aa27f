"""Bilingual messages about what a record does not state: a fact derived (and from what) or
unknown (and what was withheld for want of it) — docs/rules.md "What the record must state".

Each function returns ``(message_zh, message_en)``, saying the same in both languages.
:func:`unknown_fact` (why a fact is unknown, then what is withheld), :func:`seat_list` (seats named
in both languages) and the sides' names (:data:`SIDE_ZH`, :data:`SIDE_EN`) word the other messages of
the kind too: :mod:`.explain_bury` (the bottom and the bury), :mod:`.explain_forfeit` (take-backs and the
match's forfeit count), :mod:`.explain_contradicted` (a tag or a deal line the rest of the record
contradicts), :mod:`.explain_gaps` (a record that ends inside a hand or leaves plays out) and
:mod:`.explain_held` (the seats a record gives no deal line for, the play owed by one of them, a record
judged every way).  Here: the hand's setting (dealer, level, trump, a position's points, declarations, the
friend-mode partner), the chain of levels and dealers from hand to hand, a score sheet's trump and total,
and a record cut short by damage.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import PRETTY, RANK_OF, RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_NAMES_EN, SUIT_NAMES_ZH
from .explain import Message, cards_text
from .verdicts import WITHHELD

SIDE_ZH = ("南北", "东西")
SIDE_EN = ("N–S", "E–W")


ONE_TRICK = {"trick_winner": ("该轮的赢家", "that trick's winner"),
             "trick_points": ("该轮的分数", "that trick's points")}
"""The words of the tricks' winners and points withheld, for a message naming one trick (those of
:data:`~.verdicts.WITHHELD`, "the tricks' winners", name none)."""
SEVERAL_TRICKS = {"trick_winner": ("这几轮的赢家", "those tricks' winners"),
                  "trick_points": ("这几轮的分数", "those tricks' points")}
"""The same, for a message naming several tricks."""


POINTS_BEFORE = {"points": ("闲家总分", "the attackers' total")}
"""The words of the attackers' points withheld for want of a position's ``[Points]``: only their total — the
tricks' points from the position on, and the bottom's, are not what it leaves open."""


def _withheld(what: Sequence[str], several: bool | None = None, words: dict | None = None) -> Message:
    named = {**{None: {}, False: ONE_TRICK, True: SEVERAL_TRICKS}[several], **(words or {})}
    words = [named.get(w, WITHHELD[w]) for w in what]
    return "、".join(zh for zh, _ in words), "; ".join(en for _, en in words)


def unknown_fact(zh: str, en: str, what: Sequence[str], several: bool | None = None,
                 words: dict | None = None) -> Message:
    """A fact the record does not give: why it is unknown (``zh``, ``en``: the same in both
    languages), then what was withheld for want of it (``what``: keys of
    :data:`~.verdicts.WITHHELD`) — "…；因此不判定：…" / "…; withheld: …".  ``several``: the tricks the
    message names, whose winners and points are withheld — ``None`` (the default) none: "the tricks' winners"
    (:data:`~.verdicts.WITHHELD`'s words: a message naming no trick never says "that trick's"); ``False`` one:
    "that trick's winner" (:data:`ONE_TRICK`); ``True`` several: "those tricks' winners" (:data:`SEVERAL_TRICKS`).
    ``words``: other words for some keys, where the message withholds less than :data:`~.verdicts.WITHHELD` says
    (:data:`POINTS_BEFORE`)."""
    wzh, wen = _withheld(what, several, words)
    return f"{zh}；因此不判定：{wzh}", f"{en}; withheld: {wen}"


def seat_list(seats: Sequence[int]) -> Message:
    """``seats`` named in both languages, in the order given: "北家、东家" / "N, E"."""
    return "、".join(SEAT_NAMES_ZH[s] for s in seats), ", ".join(SEAT_TOKENS[s] for s in seats)


_NOT_READ = {"Dealer": ("[Dealer] 写了但未能读出（其值不是座位）", "[Dealer] written but not read: it names no seat"),
             "Trump": ("[Trump] 写了但未能读出（其值不是主牌花色）", "[Trump] written but not read: it names no trump")}
"""What a fact derived says of its tag written with a value that names nothing (a JSON field of the wrong type too):
read as not known, as if left out — but written, not "not stated"."""


def _said(tag: str, unread: bool) -> Message:
    """``(zh, en)``: the record's ``[tag]`` not stated, or (``unread``) written but not read (:data:`_NOT_READ`)."""
    return _NOT_READ[tag] if unread else (f"[{tag}] 未写明", f"[{tag}] not stated")


def dealer_from_previous_hand(dealer: int, unread: bool = False) -> Message:
    """``unread``: ``[Dealer]`` is written but names no seat (each ``dealer_from_*`` and
    :func:`trump_from_declarations` likewise: :func:`_said`)."""
    sz, se = _said("Dealer", unread)
    return (f"庄家{SEAT_NAMES_ZH[dealer]}，由上一局的结果推出（{sz}）",
            f"dealer {SEAT_TOKENS[dealer]}, from the previous hand's outcome ({se})")


def number_from_place(number: int, first: bool) -> Message:
    """A hand whose record gives no number (``[Hand "?"]``, a JSON hand without ``"number"``): numbered by its place in
    the record, the hand before's number + 1 (``first``: the record's first hand, 1) — the number the hand is shown,
    keyed and stored under, not one the record states."""
    if first:
        return (f"第 {number} 局：记录未给出本局局号（[Hand \"?\"] 或无 \"number\"），按其在记录中的位置编号：记录的第一局编为 1",
                f"hand {number}: the record gives no number for this hand ([Hand \"?\"] or no \"number\"), so it is "
                f"numbered by its place in the record: the record's first hand is numbered 1")
    return (f"第 {number} 局：记录未给出本局局号（[Hand \"?\"] 或无 \"number\"），按其在记录中的位置编号：前一局的局号加 1",
            f"hand {number}: the record gives no number for this hand ([Hand \"?\"] or no \"number\"), so it is "
            f"numbered by its place in the record: the number of the hand before it plus 1")


def number_not_placed(number: int, before: int | None, place: int, clash: str | None) -> Message:
    """A hand whose record gives no number and whose place gives none (:mod:`..records.hand_numbers`): ``before``
    the hand before's number (``None``: it is the record's first), ``place`` the number its place would give,
    ``clash`` ``"after"`` (the hand after it is written with that number), ``"elsewhere"`` (another hand of the
    record has it) or ``None`` (the hand before has no number either); ``number`` the one it is shown and
    stored under, which no other hand has."""
    if clash is None:
        why_zh, why_en = "前一局的局号也未知", "the hand before it has no number either"
    else:
        at_zh = f"第一局应为第 {place} 局" if before is None else f"前一局是第 {before} 局，按位置本局应为第 {place} 局"
        at_en = (f"as the record's first hand it would be hand {place}" if before is None
                 else f"the hand before it is hand {before}, so it would be hand {place}")
        other_zh, other_en = (("但记录把下一局记为第 {} 局", "but the record numbers the hand after it {}") if clash == "after"
                              else ("但记录中另有一局为第 {} 局", "but another hand of the record is numbered {}"))
        why_zh, why_en = f"{at_zh}，{other_zh.format(place)}", f"{at_en}, {other_en.format(place)}"
    return (f"局号未知：记录未给出本局局号（[Hand \"?\"] 或无 \"number\"），其位置也定不出局号（{why_zh}）；"
            f"本局显示并存为第 {number} 局，这个局号没有别的局用，仅用于区分各局，并非记录所写或推出",
            f"number not known: the record gives no number for this hand ([Hand \"?\"] or no \"number\") and its "
            f"place gives none ({why_en}); it is shown and stored as hand {number}, a number no other hand has, only "
            f"to tell the hands apart — not one the record states or that is derived")


def dealer_from_bury(dealer: int, of_plays: bool = False, line_given: bool = True,
                     unread: bool = False) -> Message:
    """The dealer ``[Dealer]`` does not state that the hand's own cards fix (:mod:`.bury_dealer`); ``of_plays``: with
    the bury the plays give (every seat played a whole hand: the cards nobody played), the ``Buried:`` line no seat
    can have made (``line_given``; else missing)."""
    zh, en = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
    sz, se = _said("Dealer", unread)
    if of_plays:
        line_zh, line_en = (("Buried: 一行无人可能扣下，不采用", "the Buried: line no seat can have made is not used")
                            if line_given else ("记录未写 Buried:", "the record gives no Buried: line"))
        return (f"庄家{zh}，由本局的发牌行、底牌行、各家出牌与第一轮推出：各家都打出整手牌，无人打出的牌即是扣底"
                f"（{line_zh}），只有{zh}可能扣下这些牌（扣底的牌须在其发牌行加底牌之中，且其出牌须在扣底后余下的牌之中），"
                f"第一轮也由{zh}首出（{sz}）",
                f"dealer {en}, from the hand's deal lines, Bottom: line, plays and first trick: every seat played a "
                f"whole hand, so the bury is the cards nobody played ({line_en}), and only {en} can have made it (the "
                f"buried cards must be in its deal line with the bottom, and its plays among what is left it), and "
                f"{en} leads the first trick ({se})")
    return (f"庄家{zh}，由本局的发牌行、底牌行、扣底行与第一轮推出：只有{zh}可能扣下所记的底牌"
            f"（扣底的牌须在其发牌行加底牌之中，且其出牌须在扣底后余下的牌之中），第一轮也由{zh}首出（{sz}）",
            f"dealer {en}, from the hand's deal lines, Bottom: and Buried: lines and first trick: only {en} can have "
            f"made the bury the record gives (the Buried: line's cards must be in its deal line with the bottom, and "
            f"its plays among what is left it), and {en} leads the first trick ({se})")


def dealer_from_every_reading(dealer: int, number: int, unread: bool = False) -> Message:
    """The dealer, ``[Dealer]`` not stated (or not read), that every outcome the readings of hand ``number`` (the one before) give
    names, their outcomes differing (:attr:`.verdicts.HandResult.outcomes_open`)."""
    zh, en = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
    sz, se = _said("Dealer", unread)
    return (f"庄家{zh}，由上一局的结果推出：第{number}局记录未写明的部分有多种可能，结果各不相同，但每一种都定{zh}坐庄"
            f"（{sz}）",
            f"dealer {en}, from the previous hand's outcome: hand {number} is judged once for each way of what its "
            f"record leaves open, and their outcomes differ, but every one names {en} the next dealer ({se})")


def dealer_from_declarations(dealer: int, last: bool, unread: bool = False) -> Message:
    sz, se = _said("Dealer", unread)
    if last:
        return (f"庄家{SEAT_NAMES_ZH[dealer]}，由 [Declarations] 推出（最后立住的亮主者；{sz}）",
                f"dealer {SEAT_TOKENS[dealer]}, from [Declarations] (the last standing declarer; {se})")
    return (f"庄家{SEAT_NAMES_ZH[dealer]}，由 [Declarations] 推出（第一个亮主者；{sz}）",
            f"dealer {SEAT_TOKENS[dealer]}, from [Declarations] (the first declarer; {se})")


def side_from_levels(team: int, level: int, own_unknown: bool = False) -> Message:
    """``own_unknown``: the side's own level is not known, the other side's is known and is not ``level``."""
    if own_unknown:
        other = 1 - team
        return (f"庄家方{SIDE_ZH[team]}，由 [Level] 与 [Levels] 推出（{SIDE_ZH[other]}方的级别已知，不是 "
                f"{RANK_TOKENS[level]}；只有{SIDE_ZH[team]}方可能打 {RANK_TOKENS[level]}；"
                "[Dealer] 未写明，庄家是哪一家仍未知）",
                f"dealer side {SIDE_EN[team]}, from [Level] and [Levels] ({SIDE_EN[other]}'s level is known and is "
                f"not {RANK_TOKENS[level]}: only {SIDE_EN[team]} can be at {RANK_TOKENS[level]}; [Dealer] not "
                "stated, so which of the two deals is still unknown)")
    return (f"庄家方{SIDE_ZH[team]}，由 [Level] 与 [Levels] 推出（只有{SIDE_ZH[team]}方打 {RANK_TOKENS[level]}；"
            "[Dealer] 未写明，庄家是哪一家仍未知）",
            f"dealer side {SIDE_EN[team]}, from [Level] and [Levels] (only {SIDE_EN[team]} are at "
            f"{RANK_TOKENS[level]}; [Dealer] not stated, so which of the two deals is still unknown)")


def side_against_cards(team: int, level: int, why: str) -> Message:
    """The dealer's side [Level] and [Levels] would name, against the hand's own cards (``why``: ``bury`` — neither
    of its seats can have made the bury the record gives; ``lead`` — a seat of the other side led the first trick)."""
    if why == "bury":
        zh = (f"{SIDE_ZH[team]}两家都不可能扣下所记的底牌（扣底的牌须在其发牌行加底牌之中，且其出牌须在扣底后余下的牌之中）")
        en = (f"neither {SIDE_EN[team]} seat can have made the bury the record gives (the Buried: line's cards must be in "
              f"its deal line with the bottom, and its plays among what is left it)")
    else:
        zh = f"第一轮由{SIDE_ZH[1 - team]}方首出（第一轮由庄家首出）"
        en = f"the first trick is led by {SIDE_EN[1 - team]} (the dealer leads the first trick)"
    return (f"庄家方未知：[Level] 与 [Levels] 表明只有{SIDE_ZH[team]}方可能打 {RANK_TOKENS[level]}，但{zh}——"
            f"标签、牌行或出牌有抄错，不推定庄家方（[Dealer] 未写明）",
            f"dealer side not known: [Level] and [Levels] say only {SIDE_EN[team]} can be at {RANK_TOKENS[level]}, but "
            f"{en} — a tag, a line or a play is miscopied, so the side is not derived ([Dealer] not stated)")


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


def dealer_seat_ways(team: int) -> Message:
    """The two judgements of a hand whose dealer's side (``team``) is known but not its seat, one with each seat of it
    dealing (:mod:`.dealer_seats`), as :func:`levels_every_way` names them."""
    seats = (team, team + 2)
    return (f"庄家方{SIDE_ZH[team]}的两家（{seat_list(seats)[0]}）各作庄家判定一次",
            f"judging the hand once with each seat of {SIDE_EN[team]} ({seat_list(seats)[1]}) dealing")


_NOT_FIXED = {
    "faulty": ("[Declarations] 也定不了主（其中有不成立的亮主——bad_declaration：发到的牌中没有所亮的牌、亮的不是亮主，"
               "或压不过前一个——不知牌桌按哪个亮主定主）",
               "nor do the declarations fix it (one of them does not stand as recorded — bad_declaration: cards the "
               "declarer was not dealt, cards that declare nothing, or no overcall — and which one the table played "
               "to is not known)"),
    "open": ("[Declarations] 也定不了主（哪个亮主立住，取决于记录未写明的级别）",
             "nor do the declarations fix it (which of them stood rests on a level the record does not state)"),
    "level": ("[Declarations] 也定不了主（本局级别未知，所亮的牌是否为级牌也就未知）",
              "nor do the declarations fix it (the hand's level is not known, and with it whether the cards "
              "declared are level cards)"),
}
"""Why declarations recorded do not fix a trump ``[Trump]`` does not state (:func:`trump_unknown`)."""


def trump_unknown(what: Sequence[str], why: str | None = None) -> Message:
    """``why``: a key of :data:`_NOT_FIXED` (the hand's declarations, which would fix the trump, do not), or
    ``None`` / ``""`` (nothing to say of them)."""
    zh, en = _NOT_FIXED[why] if why else ("", "")
    return unknown_fact("主牌未写明（[Trump] 缺少、为 \"?\" 或无法识别）" + (f"，{zh}" if zh else "")
                        + "，不作猜测（不按无主处理）",
                        "the trump is not stated ([Trump] missing, \"?\" or not a trump)" + (f", {en}" if en else "")
                        + ", so it is not guessed (not taken as no trump)", what)


def trump_from_declarations(trump: int | None, seat: int, cards: Sequence[int], unread: bool = False) -> Message:
    """The trump derived from the hand's declarations, each standing (docs/rules.md §9.1): the last one's."""
    sz, se = _said("Trump", unread)
    if trump is None:
        return (f"主牌无主，由 [Declarations] 推出（最后立住的亮主是{SEAT_NAMES_ZH[seat]}亮的 {cards_text(cards)}，"
                f"亮王打无主；{sz}）",
                f"trump NT, from [Declarations] (the last declaration standing is {SEAT_TOKENS[seat]}'s "
                f"{cards_text(cards)}: jokers declare no trump; {se})")
    return (f"主牌{SUIT_NAMES_ZH[trump]}，由 [Declarations] 推出（最后立住的亮主是{SEAT_NAMES_ZH[seat]}亮的 "
            f"{cards_text(cards)}，级牌的花色为主；{sz}）",
            f"trump {SUIT_NAMES_EN[trump]}, from [Declarations] (the last declaration standing is "
            f"{SEAT_TOKENS[seat]}'s {cards_text(cards)}: the level card's suit is trump; {se})")


def sheet_trump_unknown() -> Message:
    """A score sheet's hand without ``[Trump]``: the trump is unknown, and no verdict rests on it."""
    return ("记分表的这一局未写明主牌（[Trump] 缺少或无法识别）：主牌未知，不按无主处理；只记结果的牌局不判定出牌，"
            "没有判定依赖主牌",
            "this score-sheet hand does not state the trump ([Trump] missing or not a trump): the trump is unknown, "
            "not taken as no trump; a score sheet judges no play, so no verdict rests on it")


def level_unknown(what: Sequence[str], ranks: Sequence[int] = ()) -> Message:
    """``ranks``: the declarations show level cards of these several ranks, so they fix no level either
    (:mod:`.declared_level`)."""
    zh, en = ("级牌未写明（[Level] 缺少或无法识别），也无法由 [Levels] 与庄家推出",
              "the level is not stated ([Level] missing or not a level) and [Levels] and the dealer do not fix it")
    if ranks:
        rz = "、".join(RANK_TOKENS[r] for r in ranks)
        re_ = ", ".join(RANK_TOKENS[r] for r in ranks)
        zh += f"；所记的亮主含 {rz} 几种级牌，不能定出级牌（成立的亮主只亮级牌）"
        en += (f"; the declarations show cards of several ranks ({re_}), so they do not fix it either (a declaration "
               "that stands shows level cards)")
    return unknown_fact(zh, en, what)


def level_from_declared_rank(level: int, team: int | None) -> Message:
    """A hand's level from its declarations (:mod:`.declared_level`): ``[Level]`` not stated and no level carried
    in for the dealer's side (``team``; ``None``: the dealer's side not known), every non-joker card declared a
    ``level``."""
    lv = RANK_TOKENS[level]
    if team is None:
        zh_side, en_side = "庄家方打 " + lv + "（庄家方未知）", f"the dealer's side at {lv} (which side is not known)"
    else:
        zh_side, en_side = f"{SIDE_ZH[team]}方打 {lv}", f"{SIDE_EN[team]} at {lv}"
    return (f"级牌 {lv}，由亮主推出：所记亮主的牌（王除外）都是 {lv}，而成立的亮主只亮级牌（[Level] 未写明，也没有带入"
            f"庄家方的级别）；{zh_side}",
            f"level {lv}, from the declarations: every card declared but the jokers is a {lv}, and a declaration that "
            f"stands shows level cards ([Level] not stated, and no level carried in for the dealer's side); {en_side}")


def points_unknown(what: Sequence[str]) -> Message:
    return unknown_fact("残局未写明此前闲家得分（[Points] 缺少或无法识别），不按 0 计",
                        "the position does not state the attackers' points so far ([Points] missing or not a number in "
                        "range), so they are not taken as 0", what, words=POINTS_BEFORE)


def points_against_whole_deal(points: int, size: int, what: Sequence[str]) -> Message:
    """A position's ``[Points]`` other than 0 while every seat holds a whole deal (``size`` cards): nothing has
    been played, so no points taken — the tag or the deal lines miscopied, the record not saying which."""
    return unknown_fact(f"[Points \"{points}\"] 说残局前闲家已得 {points} 分，但每家都持整手 {size} 张（尚未出牌，"
                        "不可能已得分）：记录自相矛盾，两者必有一处记错，不知是哪一处，故此前闲家得分既不按 "
                        f"{points} 也不按 0 计",
                        f"[Points \"{points}\"] says the attackers took {points} points before the position, but "
                        f"each seat holds a whole deal of {size} cards (nothing has been played, so no points can "
                        "have been taken): the record contradicts itself, one of the two is miscopied and not which, "
                        f"so the attackers' points so far are taken as neither {points} nor 0", what,
                        words=POINTS_BEFORE)


def friend_card_unknown(what: Sequence[str]) -> Message:
    return unknown_fact("找朋友：[Friend] 未写明庄家叫的牌（缺少或无法识别），不知谁是庄家的朋友，不按固定对家处理",
                        "friend mode: [Friend] does not state the card the dealer called (missing, or not readable), so the "
                        "dealer's partner is "
                        "unknown (not taken as the seat opposite)", what)


def friend_holder_unknown(card: int, what: Sequence[str]) -> Message:
    return unknown_fact(f"找朋友：记录未写明每一张 {PRETTY[card]} 在谁手中（已在残局之前打出，或在未写明持牌的座位手中），不知谁是庄家的朋友",
                        f"friend mode: the record does not place every copy of {PRETTY[card]} (played before the position, or "
                        f"held by a seat whose cards are not given), so the dealer's partner is unknown", what)


_FRIEND_SOURCE_ZH = {"[Friend] and the position's hands": "由 [Friend] 与残局各家持牌推出",
                     "[Friend], the deal lines given and the plays": "由 [Friend]、已写明的发牌行与出牌推出",
                     "[Friend], the deal and the bury": "由 [Friend]、发牌与扣底推出"}


def friend_partner_derived(dealer: int, partner: int | None, card: int, alone_all: bool, source: str,
                           dealer_held: int = 0, decks: int = 2) -> Message:
    """Friend mode (docs/rules.md §11): the dealer's side as the record's cards fix it — no tag states
    the partner.  ``partner`` ``None``: the dealer plays alone (一打三), holding every copy of the called
    card (``alone_all``) or the copies it does not hold lying in the bottom; ``source`` what it follows
    from (the ``derived`` item's ``from``).  ``dealer_held``: the copies the dealer held once the bottom
    was buried, of ``decks``; the partner is then named by the clause of §11 that applies — the dealer
    holding one copy (two decks): whoever holds the other; holding none: the first holder going round
    from the dealer in play order."""
    d_zh, d_en, c = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer], PRETTY[card]
    from_zh = _FRIEND_SOURCE_ZH.get(source, f"由 {source} 推出")
    if partner is not None:
        p_zh, p_en = SEAT_NAMES_ZH[partner], SEAT_TOKENS[partner]
        why_zh, why_en = _friend_clause(d_zh, d_en, c, dealer_held, decks)
        return (f"庄家方为{d_zh}与{p_zh}（找朋友）：{p_zh}是{d_zh}的朋友——{why_zh}，{from_zh}（记录不写明朋友）",
                f"dealer's side {d_en} and {p_en} (friend mode): {p_en} is {d_en}'s partner, {why_en}, from {source} "
                f"(the record does not state the partner)")
    why_zh = (f"扣底后 {c} 每一张都在{d_zh}手中" if alone_all
              else f"扣底后其他三家都没有所叫的牌 {c}（{d_zh}手中没有的在底牌中）")
    why_en = (f"{d_en} held every copy of the called card {c} once the bottom was buried" if alone_all
              else f"no other seat held the called card {c} once the bottom was buried (the copies {d_en} did not "
                   f"hold lay in the bottom)")
    return (f"庄家方只有{d_zh}一家（找朋友，一打三）：{why_zh}，{from_zh}（记录不写明朋友）",
            f"dealer's side {d_en} alone (friend mode, one against three): {why_en}, from {source} (the record "
            f"does not state the partner)")


def _friend_clause(d_zh: str, d_en: str, c: str, dealer_held: int, decks: int) -> Message:
    """Why the partner is the partner (docs/rules.md §11), by the clause that applies: the dealer held
    none of the called card ``c``, one copy of two, or (three decks) some but not all."""
    if not dealer_held:
        return (f"扣底后{d_zh}自己没有所叫的牌 {c}，按出牌顺序从{d_zh}往后第一个持有 {c} 的人",
                f"the first seat after {d_en} in play order holding the called card {c} once the bottom was "
                f"buried ({d_en} held none)")
    if decks == 2:
        return (f"扣底后{d_zh}自己有所叫的牌 {c} 其中一张，拿到另外一张的人即为朋友",
                f"the holder of the other copy of the called card {c}: {d_en} held one copy once the bottom "
                f"was buried")
    return (f"扣底后{d_zh}自己有所叫的牌 {c}（共 {decks} 张）中的 {dealer_held} 张，按出牌顺序从{d_zh}往后"
            f"第一个持有其余 {c} 的人（规则原文只讲两副牌：庄家有其中一张时拿到另一张者为朋友，有两张时一打三；"
            f"{decks} 副牌时这是本项目的读法，docs/rules.md §11：庄家持有全部 {decks} 张才一打三）",
            f"the first seat after {d_en} in play order holding one of the other copies of the called card {c}: "
            f"{d_en} held {dealer_held} of the {decks} copies once the bottom was buried (the rule's text speaks of two "
            f"decks only — the dealer holding one copy, the holder of the other; holding two, one against three —: with "
            f"{decks} decks this is the project's reading, docs/rules.md §11: the dealer plays alone only holding all "
            f"{decks})")


def declarations_unknown(what: Sequence[str]) -> Message:
    return unknown_fact("记录未完整写明亮主（没有 [Declarations]，或其中有无法读取的亮主；无人亮主应写 [Declarations \"\"]），"
                        "不按无人亮主处理",
                        "the record does not state the declarations in full (no [Declarations], or one that could not be "
                        "read; write [Declarations \"\"] when nobody declared), so it is not taken that nobody declared",
                        what)


def _levels_of(seats: Sequence[int], friend: bool) -> Message:
    """Whose level is not known: the sides of ``seats`` (friend mode: each seat's own)."""
    if friend:
        zh, en = seat_list(seats)
        return ((f"{zh}自己的级别", f"{en}'s own level") if len(seats) == 1
                else (f"{zh}各自的级别", f"the own levels of {en}"))
    sides = sorted({s % 2 for s in seats})
    return ("、".join(f"{SIDE_ZH[t]}方" for t in sides) + "的级别",
            " and ".join(f"{SIDE_EN[t]}'s" for t in sides) + " level" + ("s" if len(sides) > 1 else ""))


_NOT_STATED = ("记录未写明（带入本局的级别未知；抢庄时各家按自己的级别亮主，[Level] 只是庄家一方的级别）",
               "which the record does not state (the levels carried into the hand are not known; in a deal bid for "
               "each seat declares at its own level, and [Level] is only the dealer's side's)")


_NO_DEALER = ("；本局未写 [Dealer]，记录中也没有能定出庄家的内容——上一局的结果、无论未写明的级别如何都立住的亮主——"
              "因此 [Level] 不归属任何一方）",
              "; here [Dealer] is not stated and nothing in the record fixes the dealer — the hand before's result, "
              "or a declaration that stands whatever the levels not stated are — so [Level] is applied to neither "
              "side)")


def _not_stated(dealer_unknown: bool) -> Message:
    """Why a level is not known: :data:`_NOT_STATED`, and with ``dealer_unknown`` (a ``[Level]`` stated, no dealer
    stated or derived) why ``[Level]`` does not give it."""
    if not dealer_unknown:
        return _NOT_STATED
    return _NOT_STATED[0][:-1] + _NO_DEALER[0], _NOT_STATED[1][:-1] + _NO_DEALER[1]


def declaration_open(number: int, seat: int, cards: Sequence[int], own_level: bool, unknown: Sequence[int],
                     friend: bool, dealer_unknown: bool = False) -> Message:
    """Hand ``number``: whether ``seat``'s declaration of ``cards`` stands rests on a level not known — its own
    (``own_level``: level cards, which declare only if that level is their rank) or, for one before it, ``unknown``'s
    (:func:`.declarations.judge_declarations`): not judged, never faulted at a guessed level.  ``dealer_unknown``:
    the hand states ``[Level]`` but no dealer is stated or derived, so it is nobody's level (said)."""
    zh_seat, en_seat, shown = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat], cards_text(cards)
    why_zh, why_en = _not_stated(dealer_unknown)
    if own_level:
        lv_zh, lv_en = _levels_of((seat,), friend)
        rank = RANK_TOKENS[RANK_OF[cards[0]]]
        return (f"第 {number} 局：不判定{zh_seat}亮 {shown} 是否成立：只有{lv_zh}是 {rank} 时才成立，而该级别{why_zh}",
                f"hand {number}: whether {en_seat}'s declaration {shown} stands is not judged: it declares a trump "
                f"only if {lv_en} is {rank}, {why_en}")
    lv_zh, lv_en = _levels_of(unknown, friend)
    return (f"第 {number} 局：不判定{zh_seat}亮 {shown} 是否成立（是否反得过之前的亮主）：之前的亮主是否成立取决于{lv_zh}，"
            f"而{why_zh}",
            f"hand {number}: whether {en_seat}'s declaration {shown} stands (overcalls the one before) is not judged: "
            f"whether a declaration before it stands rests on {lv_en}, {why_en}")


def declared_trump_open(number: int, unknown: Sequence[int], friend: bool, what: Sequence[str],
                        dealer_unknown: bool = False) -> Message:
    """Hand ``number``: which trump the declarations fix (and whether one stands) rests on ``unknown``'s level
    (``dealer_unknown``: as :func:`declaration_open`'s)."""
    lv_zh, lv_en = _levels_of(unknown, friend)
    why_zh, why_en = _not_stated(dealer_unknown)
    return unknown_fact(f"第 {number} 局：亮主定的主（以及是否有亮主成立）取决于{lv_zh}，而{why_zh}",
                        f"hand {number}: the trump the declarations fix (and whether any stands) rests on {lv_en}, "
                        f"{why_en}", what)


def levels_from_derived_dealer(level: int, dealer: int, friend: bool) -> Message:
    """The dealer's side (friend mode: the dealer) at ``[Level]``: the levels carried are not known, ``[Dealer]`` is
    not stated, and the dealer is derived (from ``[Declarations]``): ``[Level]`` is the dealer's side's level."""
    if friend:
        who_zh, who_en = f"庄家{SEAT_NAMES_ZH[dealer]}", f"the dealer {SEAT_TOKENS[dealer]}"
    else:
        who_zh, who_en = f"{SIDE_ZH[dealer % 2]}方", SIDE_EN[dealer % 2]
    return (f"{who_zh}打 {RANK_TOKENS[level]}，由 [Level] 与推出的庄家{SEAT_NAMES_ZH[dealer]}得知（带入本局的级别未知，"
            f"[Dealer] 未写明；[Level] 是庄家一方的级别），其亮主按此级别判定",
            f"{who_en} at {RANK_TOKENS[level]}, from [Level] and the dealer derived, {SEAT_TOKENS[dealer]} (the levels "
            f"carried into the hand are not known and [Dealer] is not stated; [Level] is the dealer's side's level): "
            f"{'its' if friend else 'their'} declarations are judged at it")


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
        "number_unplaced": ("本局局号未知", "this hand's number is not known",
                            "不知道它是否紧接在上一局之后", "whether it follows the hand before it is not known"),
        "after_unplaced": (f"第{number}局写在一局局号未知的牌局之后",
                           f"hand {number} is written after a hand whose number is not known",
                           f"不知道那一局是否是第{number - 1}局", f"whether that hand is hand {number - 1} is not known"),
    }


def chain_broken(chain: str, what: Sequence[str], number: int) -> Message:
    """``chain``: how the hand before broke the chain of levels and dealers (``skipped``, ``gap``,
    ``out_of_order``, ``misplaced``, ``repeated`` (a number an earlier hand has), ``begins_later``,
    ``no_result``: see ``replay._chain_break``; ``after_end``: the match ended before it, ``replay.AFTER_END``;
    ``one_hand``: a match is one hand, nothing carried from the hand before, ``replay.ONE_HAND``);
    ``number`` the hand's own number."""
    reasons = _chain_reasons(number)
    if chain in reasons:
        why_zh, why_en, zh, en = reasons[chain]
        return unknown_fact(f"未核对（{why_zh}）：{zh}，带入本局的级别与庄家未知",
                            f"not checked ({why_en}): {en}, so the levels and the dealer carried into this hand "
                            f"are unknown", what)
    if chain == "after_end":
        return unknown_fact("未核对（比赛已在本局之前结束）：本局不计入比赛，已结束的比赛不再带入级别与庄家，本局所记的级别与庄家"
                            "不与之核对",
                            "not checked (the match ended before this hand): the hand counts for nothing, and a finished "
                            "match carries no levels or dealer on, so the hand's own are not checked against them", what)
    if chain == "one_hand":
        return unknown_fact("未核对（botzone 计分一局一场）：每局的结果不向下一局带入级别与庄家，本局所记的级别与庄家不与上一局核对",
                            "not checked (under the botzone score table a match is one hand): a hand's outcome carries "
                            "no levels or dealer on to the next, so the hand's own are not checked against the hand "
                            "before", what)
    if chain == "dealer_open":
        return unknown_fact(f"未核对（第{number - 1}局记录未写明的部分有多种可能，各种情形下一局的庄家不同）：不知道本局"
                            "庄家是否是上一局结果所定的那一家",
                            f"not checked (hand {number - 1} is judged once for each way of what its record leaves "
                            "open, and they name different next dealers): the dealer is not known to be the one the "
                            "previous hand named", what)
    if chain == "bid_for_unknown":
        return unknown_fact("未核对（记录未说明本局是否重新发牌抢庄）：庄家不一定是上一局结果所定的那一家",
                            "not checked (the record does not say whether this deal was redealt and bid for): the "
                            "dealer is not known to be the one the previous hand named", what)
    if chain == "number_unknown":
        levels_zh, levels_en, are = (("级别与庄家", "levels and the dealer", "are") if "level_check" in what
                                      else ("庄家", "dealer", "is"))
        return unknown_fact(f"未核对（记录的第一局没有局号）：不知道它是否是比赛的第一局，此前若有各局也不在记录中，"
                            f"带入本局的{levels_zh}未知",
                            f"not checked (the record's first hand gives no number): whether it is the match's first "
                            f"deal is not known, and any hands before it are not in the record, so the {levels_en} "
                            f"carried into it {are} unknown", what)
    if chain == "begins_later":
        levels_zh, levels_en, are = (("级别与庄家", "levels and the dealer", "are") if "level_check" in what
                                      else ("庄家", "dealer", "is"))
        return unknown_fact(f"未核对（记录从第{number}局开始）：此前各局不在记录中，带入本局的{levels_zh}未知",
                            f"not checked (the record begins at hand {number}): the hands before it are not in the "
                            f"record, so the {levels_en} carried into this hand {are} unknown", what)
    return unknown_fact("未核对（上一局没有结果）：带入本局的级别未知",
                        "not checked (the hand before gave no result): the levels carried into this hand are unknown",
                        what)


def dealer_check_set_aside(message: Message, what: Sequence[str], seat: int) -> Message:
    """A broken chain's item (:func:`chain_broken`, withholding ``what``) of a hand whose own cards set its
    ``[Dealer]`` aside (its ``dealer_mismatch`` given beside it) and fix the dealer ``seat``: the check it withholds is
    of that dealer against the hands before — the tag itself is checked, by the cards —, so the two do not read as
    contradicting.  ``message`` unchanged where its words are not :func:`chain_broken`'s."""
    zh, en = message
    was_zh, was_en = _withheld(what)
    now_zh, now_en = _withheld(what, words={"dealer_check": (
        f"由本局的牌推出的庄家（{SEAT_NAMES_ZH[seat]}）与此前各局的核对（所记的 [Dealer] 已被本局的牌否定：见 dealer_mismatch）",
        f"the check of the dealer the hand's cards give ({SEAT_TOKENS[seat]}) against the hands before (the [Dealer] "
        "as written is set aside by those cards: see dealer_mismatch)")})
    if not (zh.endswith(was_zh) and en.endswith(was_en)):
        return message
    return zh[:len(zh) - len(was_zh)] + now_zh, en[:len(en) - len(was_en)] + now_en


def level_from_declarations(level: int, start: int, team: int) -> Message:
    """The level of the record's first hand, [Level] not stated, from its declarations: at the level every
    match starts at they would declare nothing (:func:`.setting._level_declared`)."""
    other = 1 - team
    lv, st = RANK_TOKENS[level], RANK_TOKENS[start]
    return (f"级牌 {lv}，由亮主推出：所记的亮主都是 {lv}，在比赛起始的 {st} 上不能亮主（[Level] 与 [Levels] 均未写明："
            f"记录从比赛中途开始）；{SIDE_ZH[team]}方打 {lv}，{SIDE_ZH[other]}方的级别未知",
            f"level {lv}, from the declarations: they are of {lv}s, which declare nothing at {st}, where every match "
            f"starts ([Level] and [Levels] not stated: the record begins mid-match); {SIDE_EN[team]} at {lv}, "
            f"{SIDE_EN[other]}'s level is not known")


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


def level_of_neither_side(level: int, ns: int, ew: int, dealers: Sequence[int] = (), stated: bool = False) -> Message:
    """``[Level]`` neither side plays: ``[Dealer]`` not stated, or (``dealers``: the recorded one first) contradicted,
    the level wrong under each dealer the record names (:mod:`.contradictions`).  ``stated``: the record's first hand,
    the levels those ``[Levels]`` states (no dealer stated)."""
    if stated and not dealers:
        return (f"记录的级牌是 {RANK_TOKENS[level]}，但 [Levels] 记南北起始打 {RANK_TOKENS[ns]}、东西打 {RANK_TOKENS[ew]}："
                "无论谁坐庄都不符（[Dealer] 未写明）：记录自相矛盾",
                f"[Level] is {RANK_TOKENS[level]} but [Levels] puts N–S at {RANK_TOKENS[ns]} and E–W at "
                f"{RANK_TOKENS[ew]} at the record's start: wrong whoever deals ([Dealer] not stated): the record "
                "contradicts itself")
    if dealers:
        names_zh = "还是".join(SEAT_NAMES_ZH[s] for s in dealers)
        names_en = " or ".join(SEAT_TOKENS[s] for s in dealers)
        return (f"记录的级牌是 {RANK_TOKENS[level]}，但按前面各局南北打 {RANK_TOKENS[ns]}、东西打 {RANK_TOKENS[ew]}："
                f"无论{names_zh}坐庄都不符",
                f"[Level] is {RANK_TOKENS[level]} but N–S carry {RANK_TOKENS[ns]} and E–W {RANK_TOKENS[ew]} from the "
                f"earlier hands: wrong whether {names_en} deals")
    return (f"记录的级牌是 {RANK_TOKENS[level]}，但按前面各局南北打 {RANK_TOKENS[ns]}、东西打 {RANK_TOKENS[ew]}："
            "无论谁坐庄都不符（[Dealer] 未写明）",
            f"[Level] is {RANK_TOKENS[level]} but N–S carry {RANK_TOKENS[ns]} and E–W {RANK_TOKENS[ew]} from the "
            "earlier hands: wrong whoever deals ([Dealer] not stated)")

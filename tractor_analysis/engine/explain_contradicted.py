"""Bilingual messages about what the rest of the record contradicts: a ``[Level]``, ``[Dealer]`` or
``[Trump]`` tag (:mod:`.contradictions`: the value the hand's own evidence bears out, or the hand
judged under each value and what they all give kept), and a fault found whichever value the tag has —
docs/rules.md §14.  A deal line the rest of the record contradicts is :mod:`.explain_deal_lines`'.

Each function returns ``(message_zh, message_en)``, saying the same in both languages (but
:func:`fact_token`, a value as ``check --json`` writes it); the wording of an unknown is
:func:`.explain_unknown.unknown_fact`'s.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import RANK_TOKENS, SEAT_NAMES_ZH, SEAT_TOKENS, SUIT_NAMES_ZH, SUIT_TOKENS
from .explain import Message
from .explain_hand import declared_trump_mismatch
from .explain_unknown import SIDE_EN, SIDE_ZH, unknown_fact
from .explain_held import fault_owed_open


def _fact_value(fact: str, value: int | None) -> Message:
    if fact == "level":
        return ("?", "?") if value is None else (RANK_TOKENS[value], RANK_TOKENS[value])
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
    "deal_mismatch": ("最后一轮后仍有剩牌", "cards left after the last trick"),
    "copies_beyond": ("某张牌的张数多于几副牌所有", "more copies of a card than the decks hold"),
    "bad_bury": ("扣了没有的牌", "a bury not held"),
    "bad_declaration": ("亮主不成立", "a declaration that does not stand"),
    "out_of_turn": ("第一轮不是庄家首出", "the first trick not led by the dealer"),
}


def _sources(declarations: bool) -> Message:
    """What a contradicted tag's value is derived from: the hand's deal, bottom and plays, and its declarations only
    where the record gives any (``declarations``) — a hand without them is not said to be borne out by them."""
    if declarations:
        return "发牌、底牌、亮主与出牌", "deal, bottom, declarations and plays"
    return "发牌、底牌与出牌", "deal, bottom and plays"


def borne_out_source(declarations: bool) -> str:
    """The ``from`` of a contradicted tag's value the hand's own evidence leaves (:func:`tag_borne_out`)."""
    return ("the deal, the bottom, the declarations and the plays" if declarations
            else "the deal, the bottom and the plays")


def tag_borne_out(fact: str, recorded: int | None, value: int | None, against: Sequence[str] = (),
                  declarations: bool = True) -> Message:
    """The hand's own evidence leaves one value of a contradicted tag (:mod:`.contradictions`);
    ``against``: the codes of the findings it makes under the recorded value; ``declarations``: the hand records
    declarations (else they are not named among what the value is derived from)."""
    _, _, name_zh, name_en = _FACT_WORDS[fact]
    tag = "[" + fact.capitalize() + "]"
    vz, ve = _fact_value(fact, value)
    sz, se = _sources(declarations)
    if value == recorded:
        return (f"{name_zh}{vz}：{tag} 与记录的其他部分不符，但本局的{sz}都按{vz}才相符",
                f"{name_en} {ve}: {tag} disagrees with the rest of the record, but the hand's {se} agree with {ve}")
    rz, re_ = _fact_value(fact, recorded)
    wz = "、".join(_AGAINST[c][0] for c in against if c in _AGAINST) or "互相矛盾"
    we = ", ".join(_AGAINST[c][1] for c in against if c in _AGAINST) or "they disagree"
    return (f"{name_zh}{vz}，由本局的{sz}推出：按 {tag} 所记的{rz}，会有{wz}",
            f"{name_en} {ve}, from the hand's {se}: with {tag}'s {re_} there would be {we}")


def lone_dealer_set_aside(recorded: int, value: int, against: Sequence[str]) -> Message:
    """The ``dealer_mismatch`` of a ``[Dealer]`` nothing else in the record names that the hand's cards set aside
    (:func:`.contradictions.judge`): ``value`` the dealer they bear out, ``against`` the codes of the findings the
    recorded dealer would make."""
    rz, re_, vz, ve = SEAT_NAMES_ZH[recorded], SEAT_TOKENS[recorded], SEAT_NAMES_ZH[value], SEAT_TOKENS[value]
    wz = "、".join(_AGAINST[c][0] for c in against if c in _AGAINST) or "与本局的牌不符"
    we = ", ".join(_AGAINST[c][1] for c in against if c in _AGAINST) or "a hand its cards disagree with"
    return (f"记录的庄家是{rz}，但本局的牌表明{vz}坐庄：按{rz}坐庄，会有{wz}",
            f"the record names {re_} as dealer, but the hand's cards make {ve} the dealer: with {re_} dealing there "
            f"would be {we}")


def dealer_seat_fixed(dealer: int, other: int, against: Sequence[str], declarations: bool,
                      bad_value: bool) -> Message:
    """The dealer of a hand whose side ``[Level]`` and ``[Levels]`` give, its seat not stated (``bad_value``:
    ``[Dealer]`` names no seat), that the hand's cards fix (:mod:`.dealer_seats`): judged with ``other`` (the side's
    other seat) dealing, they set it aside for ``dealer`` — ``against``: the codes of the findings ``other`` dealing
    would make; ``declarations``: the hand records declarations (named among what it is derived from)."""
    vz, ve, oz, oe = SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer], SEAT_NAMES_ZH[other], SEAT_TOKENS[other]
    team = dealer & 1
    sz, se = _sources(declarations)
    wz = "、".join(_AGAINST[c][0] for c in against if c in _AGAINST) or "与本局的牌不符"
    we = ", ".join(_AGAINST[c][1] for c in against if c in _AGAINST) or "a hand its cards disagree with"
    tz, te = ("[Dealer] 的值不是座位", "[Dealer] names no seat") if bad_value else ("[Dealer] 未写明", "[Dealer] not stated")
    return (f"庄家{vz}，由 [Level] 与 [Levels]（庄家方为{SIDE_ZH[team]}）及本局的{sz}推出：按{oz}坐庄，会有{wz}，"
            f"所以{SIDE_ZH[team]}两家中只可能是{vz}坐庄（{tz}）",
            f"dealer {ve}, from [Level] and [Levels] (the dealer's side is {SIDE_EN[team]}) and the hand's {se}: with "
            f"{oe} dealing there would be {we}, so of {SIDE_EN[team]} only {ve} can have dealt ({te})")


def dealer_seat_fixed_source(declarations: bool) -> str:
    """The ``from`` of :func:`dealer_seat_fixed`'s dealer."""
    return "[Level] and [Levels], " + borne_out_source(declarations)


def _who(team: int, dealer: int | None) -> Message:
    """The side (friend mode, ``dealer`` given: the dealer alone) whose level ``[Levels]`` states."""
    if dealer is not None:
        return f"庄家（{SEAT_NAMES_ZH[dealer]}）", f"the dealer {SEAT_TOKENS[dealer]}"
    return f"{SIDE_ZH[team]}方", SIDE_EN[team]


def levels_from_level_tag(level: int, stated: int, team: int, dealer: int | None = None) -> Message:
    """The record's first hand, ``[Level]`` against ``[Levels]``: read as ``[Level]`` states, the dealer's side at
    ``level`` from the record's start (the other reading, at ``stated``, judged too: :mod:`.contradictions`)."""
    wz, we = _who(team, dealer)
    return (f"{wz}起始打 {RANK_TOKENS[level]}，按本局 [Level] 读（[Levels] 记为 {RANK_TOKENS[stated]}，两者不符：两种都判定）",
            f"{we} at {RANK_TOKENS[level]} from the record's start, read from this hand's [Level] ([Levels] says "
            f"{RANK_TOKENS[stated]}, which disagrees: both are judged)")


def levels_tag_borne_out(level: int, stated: int, team: int, dealer: int | None, against: Sequence[str]) -> Message:
    """The record's first hand, ``[Level]`` against ``[Levels]``, the hand's own evidence bearing out ``[Level]``:
    the dealer's side at ``level`` from the record's start, derived; ``[Levels]``' ``stated`` the record's own
    error (``against``: the codes of the findings the hand makes at ``stated``)."""
    wz, we = _who(team, dealer)
    az = "、".join(_AGAINST[c][0] for c in against if c in _AGAINST) or "与本局不符"
    ae = ", ".join(_AGAINST[c][1] for c in against if c in _AGAINST) or "a hand that disagrees with it"
    return (f"{wz}起始打 {RANK_TOKENS[level]}，由本局的 [Level] 与发牌、底牌、亮主和出牌推出：按 [Levels] 所记的 "
            f"{RANK_TOKENS[stated]}，会有{az}；[Levels] 是记录本身的错误，须更正",
            f"{we} at {RANK_TOKENS[level]} from the record's start, from this hand's [Level] and its deal, bottom, "
            f"declarations and plays: at {RANK_TOKENS[stated]}, the level [Levels] states, there would be {ae}; "
            "[Levels] is the record's own error, to be corrected")


def levels_partner_set_aside(seat: int, dealer: int, level: int, stated: int) -> Message:
    """Friend mode, the record's first hand read at its ``[Level]`` (``level``) against the one value ``[Levels]``
    gives the dealer's side (``stated``): ``seat`` (the dealer's partner of that side) has its level from that same
    value, miscopied for the dealer — not known, never taken from it (docs/rules.md §11, §14.1)."""
    side_zh, side_en = SIDE_ZH[dealer & 1], SIDE_EN[dealer & 1]
    sz, se, dz, de = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat], SEAT_NAMES_ZH[dealer], SEAT_TOKENS[dealer]
    lv, st = RANK_TOKENS[level], RANK_TOKENS[stated]
    return (f"{sz}的级别未知：[Levels] 只给{side_zh}方一个值 {st}，而本局按 [Level] 读，这个值对{dz}（庄家，打 {lv}）是抄错的；"
            f"{sz}的级别出自同一个值，对{sz}也不采用（找朋友：各打各的级）——本局前后{sz}的级别不给出，待以后某局的 [Level] "
            f"给出{sz}的级别再得知",
            f"{se}'s level is not known: [Levels] gives {side_en} one value, {st}, which this hand, read at its [Level], "
            f"shows miscopied for {de} (the dealer, at {lv}); {se}'s level rests on that same value, so it is set aside "
            f"for {se} too (friend mode: each player's own level) — {se}'s level before and after this hand is "
            f"withheld, learned again from a later hand's [Level] that gives it")


def declared_trump(named: int | None, judged: int | None, message: Message) -> bool:
    """``message`` is the contradiction of a hand judged with trump ``judged`` by the declarations that
    fix ``named`` (:func:`.explain_hand.declared_trump_mismatch`), not by the no_declaration rule."""
    return message == declared_trump_mismatch(named, judged)


def tag_contradicted(fact: str, recorded: int | None, other: int | None, what: Sequence[str], kept: int,
                     judged: int, others: Sequence[int | None] = (), by_rule: Sequence[int | None] = (),
                     questioned: bool = False, declared: int | None = None, stated: bool = False,
                     no_start: bool = False, declared_against: bool = False) -> Message:
    """``[Level]`` / ``[Dealer]`` / ``[Trump]`` contradicted by the rest of the record (:mod:`.contradictions`):
    the hand judged under each value (``judged`` judgements, ``kept`` of them borne out by the
    cards), what they all give kept.  ``others``: every value the rest of the record gives, when
    several (the level carried by each dealer judged, the trump the declarations fix at each level).
    ``by_rule``: the trumps among them that the no_declaration rule fixes where no declaration stands
    (docs/rules.md §9.4) — said so; the others are the declarations'.  ``questioned``: nothing else in the
    record names the fact (:func:`.contradictions.questioned`): for ``[Dealer]`` the plays name ``other`` (the first
    trick's leader); for ``[Level]`` ``other`` is the level every match starts at, which the table's plays bear out
    better; for ``[Trump]`` (no declaration recorded) the trump(s) the table's plays bear out better.  ``stated``: the
    record's first hand, whose ``[Level]`` the level ``[Levels]`` gives the dealer's side contradicts (not one the
    earlier hands carry).  ``declared_against``: a hand into which no level is carried, whose ``[Level]`` the level
    its declarations show contradicts (:func:`.declared_level.level_against_declarations`)."""
    src_zh, src_en, name_zh, name_en = _FACT_WORDS[fact]
    if stated and fact == "level":
        src_zh = "[Levels] 所记庄家一方的起始级别"
        src_en = "the level [Levels] gives the dealer's side at the record's start"
    elif declared_against and fact == "level":
        src_zh = "所记亮主表明的级别（没有带入本局的级别）"
        src_en = "the level the declarations show (no level is carried into the hand)"
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
    if questioned and fact == "level" and recorded is None and declared is not None:     # no [Level]: the declarations'
        dz = de = RANK_TOKENS[declared]
        zh = (f"级牌未知：{tag} 未写明，所记的亮主都是 {dz}，在比赛起始的 {oz} 上不能亮主（记录从比赛中途开始，打 {dz}），但按 {oz} "
              f"判定时，牌桌上的违规（跟牌、甩牌、首出，以及与 [Claim] 不符，合计）比按 {dz} 少（亮主记错或不成立，打 {oz}），记录未"
              f"说明哪个对：本局按两种级别各判定一次（共 {judged} 种）")
        en = (f"the level is not known: {tag} is not stated, and the declarations are of {de}s, which declare nothing at "
              f"{oe}, where every match starts (a record begun mid-match, at {de}), but judged at {oe} the table breaks "
              f"fewer rules (follows, throws, leads, and a [Claim] that differs, counted together) than at {de} (the "
              f"declarations miscopied or not standing, at {oe}); the record does not say which is right: the hand was "
              f"judged at each level ({judged} judgements in all)")
    elif questioned and fact == "level" and no_start:     # [Level] alone, no level carried in, no start known
        if len(others) > 1:     # (each as good as another: not "depending on the other tags")
            values = [_fact_value(fact, o) for o in others]
            oz, oe = "或".join(z for z, _ in values), " or ".join(e for _, e in values)
        zh = (f"{tag} 记为{rz}，但记录中别无他处写明级别（没有带入本局的级别，没有 [Levels]，也没有亮主），而按{oz}判定时，"
              f"牌桌上的违规（跟牌、甩牌、首出，以及与 [Claim] 不符，合计）比按{rz}少至少两处，记录未说明哪个对（{tag} 抄错，"
              f"还是牌桌犯规）：本局按{two}级别各判定一次（共 {judged} 种）")
        en = (f"{tag} says {re_}, but nothing else in the record names the level (no level carried into the hand, no "
              f"[Levels], no declaration), and judged at {oe} the table breaks at least two fewer rules (follows, "
              f"throws, leads, and a [Claim] that differs, counted together) than at {re_}; the record does not say "
              f"which is right ({tag} miscopied, or the table's faults): the hand was judged at each level ({judged} "
              "judgements in all)")
    elif questioned and fact == "level":          # [Level] alone, at another level than the start
        zh = (f"{tag} 记为{rz}，但记录中别无他处写明级别（没有 [Levels]，也没有亮主），而比赛从{oz}打起；按{oz}判定时，"
              f"牌桌上的违规（跟牌、甩牌、首出，以及与 [Claim] 不符，合计）比按{rz}少，记录未说明哪个对（本局从比赛中途"
              f"记起，还是 {tag} 抄错）：本局按两种级别各判定一次（共 {judged} 种）")
        en = (f"{tag} says {re_}, but nothing else in the record names the level (no [Levels], no declaration), every "
              f"match starts at {oe}, and judged at {oe} the table breaks fewer rules (follows, throws, leads, and a "
              f"[Claim] that differs, counted together) than at {re_}; the record does not say which is right (a "
              f"record begun mid-match, or {tag} miscopied): the hand was judged at each level ({judged} judgements "
              "in all)")
    elif questioned and fact == "trump":        # [Trump] alone, no declaration recorded
        if len(others) > 1:     # (each as good as another: not "depending on the other tags")
            values = [_fact_value(fact, o) for o in others]
            oz, oe = "或".join(z for z, _ in values), " or ".join(e for _, e in values)
        zh = (f"{tag} 记为{rz}，但记录中别无他处写明{name_zh}（没有记录亮主），而按{oz}判定时，牌桌上的违规（跟牌、"
              f"甩牌、首出，以及与 [Claim] 不符，合计）比按{rz}少，记录未说明哪个对（{tag} 抄错，还是牌桌犯规）：本局按"
              f"{two}{name_zh}各判定一次（共 {judged} 种）")
        en = (f"{tag} says {re_}, but nothing else in the record names the {name_en} (no declaration recorded), and "
              f"with {oe} the table breaks fewer rules (follows, throws, leads, and a [Claim] that differs, counted "
              f"together) than with {re_}; the record does not say which is right ({tag} miscopied, or the table's "
              f"faults): the hand was judged with each {name_en} ({judged} judgements in all)")
    elif questioned:                            # [Dealer] alone, another seat led trick 1
        zh = (f"{tag} 记为{rz}，但记录中别无他处写明{name_zh}，而第一轮由{oz}首出（庄家首出第一轮），[Claim] 或以后各轮"
              f"的首出也更符合{oz}，记录未说明哪个对：本局按两种{name_zh}各判定一次（共 {judged} 种）")
        en = (f"{tag} says {re_}, but nothing else in the record names the {name_en}, {oe} led the first trick (the "
              f"dealer leads it), and [Claim] or the later leads agree better with {oe}; the record does not say which "
              f"is right: the hand was judged with each {name_en} ({judged} judgements in all)")
    elif fact == "dealer" and other is None:      # [Level] names the other side's level
        zh = (f"{tag} 记为{rz}，但按 [Level] 与带入的级别，庄家应在另一方，记录未说明哪个对：本局按两种{name_zh}"
              f"各判定一次（共 {judged} 种）")
        en = (f"{tag} says {re_}, but [Level] and the levels carried put the dealer on the other side, and the record "
              f"does not say which is right: the hand was judged with each {name_en} ({judged} judgements in all)")
    else:
        by_zh, by_en = _by_rule_words(fact, other, others, by_rule)
        zh = (f"{tag} 记为{rz}，与{src_zh}（{oz}）不符{by_zh}，记录未说明哪个对：本局按{two}{name_zh}各判定一次"
              f"（共 {judged} 种）")
        en = (f"{tag} says {re_}, but {src_en} is {oe}{by_en}, and the record does not say which is right: the hand "
              f"was judged with each {name_en} ({judged} judgements in all)")
    if kept < judged:
        zh += f"，其中 {kept} 种与本局的发牌、底牌、亮主和出牌最相符"
        en += (f", of which {kept} agree best with the hand's deal, bottom, declarations and plays")
    zh += "，只保留各种判定都相同的结论"
    en += ", and only what all of them give is kept"
    if not what:
        return zh + "；所有判定都相同", en + "; they all give the same"
    return unknown_fact(zh, en, what)


def _by_rule_words(fact: str, other: int | None, others: Sequence[int | None],
                    by_rule: Sequence[int | None]) -> Message:
    """The clause that says a trump the rest of the record gives is the no_declaration rule's (nobody
    declaring, docs/rules.md §9.4), only where it is: after the one value, or, when several, naming
    those that are."""
    if fact != "trump" or not by_rule:
        return "", ""
    values = list(others) if len(others) > 1 else [other]
    if all(v in by_rule for v in values):
        return "（无人亮主成立时按 no_declaration 规则定主）", " (by the no_declaration rule when none stands)"
    named = [_fact_value(fact, v) for v in values if v in by_rule]
    return ("（其中" + "、".join(z for z, _ in named) + "是无人亮主成立时按 no_declaration 规则所定）",
            " (" + " and ".join(e for _, e in named) + " by the no_declaration rule when none stands)")


def fault_whatever_tags(seat: int | None, code: str, tags: Sequence[str]) -> Message:
    """A violation found whichever value a contradicted tag has, whose owed play (or words) depends on it."""
    names = "、".join(f"[{t}]" for t in tags), ", ".join(f"[{t}]" for t in tags)
    return fault_owed_open(seat, code, (f"无论{names[0]}取哪个值都违例，但应出哪一手取决于它",
                                        f"whichever value {names[1]} has; the play owed depends on it"))

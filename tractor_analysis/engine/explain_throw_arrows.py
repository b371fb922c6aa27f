"""Bilingual messages about a failed throw written without its arrow (``attempted -> forced``, docs/rules.md §4.6):
the forced play the record leaves out (:mod:`.throw_arrows`: derived where the rules fix it, else the hand judged
once for each choice and what every reading gives kept), and a fault found whichever way the arrow is read.

Each function returns ``(message_zh, message_en)``, saying the same in both languages (but :func:`throw_arrow_value`,
a value as ``check --json`` writes it); the wording of an unknown is :func:`.explain_unknown.unknown_fact`'s.
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import SEAT_NAMES_ZH, SEAT_TOKENS, TOKEN
from .explain import Message, cards_text
from .explain_unknown import unknown_fact
from .explain_held import fault_owed_open


def throw_arrow_value(number: int, seat: int, shown: Sequence[int], forced: Sequence[int]) -> str:
    """The ``failed_throw`` fact's value as ``check --json`` writes it: ``"14: N SJ S8 -> S8"``."""
    return (f"{number}: {SEAT_TOKENS[seat]} {' '.join(TOKEN[k] for k in shown)} -> "
            f"{' '.join(TOKEN[k] for k in forced)}")


def throw_arrow_left_out(number: int, seat: int, shown: Sequence[int], forced: Sequence[int], count: int,
                         rule: str) -> Message:
    """Trick ``number``'s throw ``shown``, written without ``->``, failed (the other hands beat it) and every
    follower written plays ``count`` cards, the count of the forced play ``forced`` the rule fixes: read as
    ``shown -> forced``."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    s, f = cards_text(shown), cards_text(forced)
    return (f"第 {number} 轮{z}甩 {s}，记录未写“->”：此甩牌不成立（其他三家持牌可管住），且所记各家跟牌都是 {count} 张，"
            f"正是按规则（throw_forced = {rule}）应改出的 {f} 的张数——记录漏写了“->”，故按 {s} -> {f} 判定，"
            f"其余的牌仍在{z}手中",
            f"trick {number}: {e}'s throw {s} is written without '->': it failed (the other hands beat it), and "
            f"every follower written plays {count} card{'s' if count > 1 else ''}, the count of the forced play "
            f"{f} the rule fixes (throw_forced = {rule}) — the record left '->' out, so it is read as {s} -> {f}, "
            f"the other cards staying in {e}'s hand")


def throw_arrow_choice(number: int, seat: int, shown: Sequence[int], forced: Sequence[Sequence[int]], count: int,
                       rule: str, what: Sequence[str]) -> Message:
    """As :func:`throw_arrow_left_out`, but units of the throw equal to the forced one leave the rule's choice
    open (``forced``: each): judged under each, what all give kept."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    s = cards_text(shown)
    fz, fe = "、".join(cards_text(f) for f in forced), ", ".join(cards_text(f) for f in forced)
    zh = (f"第 {number} 轮{z}甩 {s}，记录未写“->”：此甩牌不成立，且所记各家跟牌都是 {count} 张，即应改出的张数；"
          f"但按规则（throw_forced = {rule}）应改出 {fz} 中哪一手并无区别，记录未说明，故每一种都判定一次，只保留都相同的结论")
    en = (f"trick {number}: {e}'s throw {s} is written without '->': it failed, and every follower written plays "
          f"{count} card{'s' if count > 1 else ''}, the forced play's count; but the rule (throw_forced = {rule}) "
          f"does not choose among the equal units {fe} and the record does not say which was played, so the hand "
          f"is judged with each and "
          f"only what all give is kept")
    if not what:
        return f"{zh}：各种判定结论相同", f"{en}: every judgement gives the same"
    return unknown_fact(zh, en, what)


def throw_arrow_mixed(number: int, seat: int, shown: Sequence[int], forced: Sequence[Sequence[int]], count: int,
                      rule: str, what: Sequence[str]) -> Message:
    """Trick ``number``'s throw ``shown``, written without ``->``, failed (the other hands beat it), and some
    followers written play ``count`` cards (the forced play's), others another number: judged as written and
    with the arrow, what both give kept (:mod:`.throw_arrows`)."""
    z, e = SEAT_NAMES_ZH[seat], SEAT_TOKENS[seat]
    s = cards_text(shown)
    fz, fe = "、".join(cards_text(f) for f in forced), ", ".join(cards_text(f) for f in forced)
    zh = (f"第 {number} 轮{z}甩 {s}，记录未写“->”：此甩牌不成立（其他三家持牌可管住）；有的跟牌是 {count} 张，正是按规则"
          f"（throw_forced = {rule}）应改出的 {fz} 的张数，有的不是——记录未说明是漏写了“->”还是按所写出牌，"
          f"故两种都判定，只保留都相同的结论")
    en = (f"trick {number}: {e}'s throw {s} is written without '->': it failed (the other hands beat it); some "
          f"followers written play {count} card{'s' if count > 1 else ''}, the count of the forced play {fe} the rule "
          f"fixes (throw_forced = {rule}), others another number — the record does not say whether '->' was left "
          f"out or the plays are as written, so the hand is judged both ways and only what both give is kept")
    if not what:
        return f"{zh}：两种判定结论相同", f"{en}: both give the same"
    return unknown_fact(zh, en, what)


def fault_either_forced_play(seat: int | None, code: str) -> Message:
    """A violation found whichever forced play a failed throw written without ``->`` had, whose owed play (or
    words) differs between them (:mod:`.throw_arrows`)."""
    return fault_owed_open(seat, code, ("无论未写“->”的甩牌改出的是哪一手都违例，但应出哪一手取决于是哪一手",
                                        "whichever forced play the throw written without '->' had; the play owed "
                                        "depends on which"))


def fault_arrow_or_not(seat: int | None, code: str) -> Message:
    """A violation found whether a throw written without ``->`` is read with the arrow or as written, whose owed
    play (or words) differs between the two (:mod:`.throw_arrows`)."""
    return fault_owed_open(seat, code, ("无论未写“->”的甩牌是按改出判定还是按所写判定都违例，但应出哪一手取决于此",
                                        "whether the throw written without '->' is read with it or as written; the "
                                        "play owed depends on which"))

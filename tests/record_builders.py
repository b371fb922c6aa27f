"""Record builders shared by the tests.

- The referee's audit tests of 炒地皮 re-bury chains (test_audit_rebid_chain.py), 多少牌 miscounts
  (test_audit_miscount.py) and violation positions (test_audit_positions.py), and the event tests'
  rounds (test_event_fixes_s6.py, test_report_copies_s6.py): every record is constructed by hand: a
  deal with the cards the declarations need, the buries chosen by the test, the bury chain computed
  here (not by the engine), and the hand played out in single cards (a single lead is followed in its
  suit group when possible, which is always legal).
- Referees' positions (a hand written from a given trick, ``[SetUp "1"]``, docs/format.md): their
  tags (:func:`position_header`), the whole position (:func:`position`), the players' tags
  (:func:`player_tags`) and the positions more than one test file reads.
"""
from __future__ import annotations

import random
from collections import Counter

from tractor_analysis.records.cards import BJ, LJ, NUM_KINDS, RANK_OF, TOKEN, parse_cards
from tractor_analysis.engine.legal import analyse_lead
from tractor_analysis.records.tgn_reader import parse_tgn
from tractor_analysis.engine.replay import replay_match
from tractor_analysis.records.rulesets import build_ruleset
from tractor_analysis.engine.tricks import hand_context, trick_winner

SEATS = "NESW"
N, E, S, W = 0, 1, 2, 3
SIZES = {1: (12, 6), 2: (25, 8), 3: (39, 6)}      # rules.md §1: cards each, bottom



# --- building records -------------------------------------------------------------------

def _deal(decks: int, fixed: dict[str, str], bottom_fixed: str = "", seed: int = 0):
    """A full deal: the ``fixed`` cards where asked, the rest shuffled (``seed``)."""
    hand_size, bottom_size = SIZES[decks]
    pool = Counter({k: decks for k in range(NUM_KINDS)})
    deal: list[list[int]] = [[] for _ in range(4)]
    bottom: list[int] = []
    for seat, text in fixed.items():
        for k in parse_cards(text):
            assert pool[k] > 0
            pool[k] -= 1
            deal[SEATS.index(seat)].append(k)
    for k in parse_cards(bottom_fixed):
        assert pool[k] > 0
        pool[k] -= 1
        bottom.append(k)
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    for s in range(4):
        while len(deal[s]) < hand_size:
            deal[s].append(rest.pop())
    while len(bottom) < bottom_size:
        bottom.append(rest.pop())
    assert not rest
    return deal, bottom


def _minus(a, b) -> list[int]:
    c = Counter(a)
    c.subtract(Counter(b))
    assert all(v >= 0 for v in c.values()), "the test's own bury is not in the pool"
    return sorted(c.elements())


def _plain(cards, level: int) -> list[int]:
    """Cards that are neither jokers nor level cards (what the tests bury)."""
    return sorted(k for k in cards if k not in (LJ, BJ) and RANK_OF[k] != level)


def _counts(cards) -> list[int]:
    c = [0] * NUM_KINDS
    for k in cards:
        c[k] += 1
    return c


def _points(cards) -> int:
    return sum(5 if RANK_OF[k] == 5 else 10 if RANK_OF[k] in (10, 13) else 0
               for k in cards if k < 52)


def _play_out(rules, level: int, trump, start, dealer: int, max_tricks: int | None = None):
    """Singles: the leader plays its lowest card, each follower its lowest of the led suit group
    (else its lowest card); a seat out of cards is skipped.  The engine names each trick's winner."""
    ctx = hand_context(rules, level, trump)
    grp = ctx.order.group
    hands = [sorted(h) for h in start]
    tricks = []
    leader = dealer
    while hands[leader] and (max_tricks is None or len(tricks) < max_tricks):
        if max_tricks is None and not all(hands):
            break
        lead = hands[leader].pop(0)
        table = [(leader, (lead,))]
        for i in (1, 2, 3):
            s = (leader + i) % 4
            if not hands[s]:
                continue
            same = [k for k in hands[s] if grp[k] == grp[lead]]
            c = same[0] if same else hands[s][0]
            hands[s].remove(c)
            table.append((s, (c,)))
        tricks.append(table)
        leader = table[trick_winner(ctx, analyse_lead(ctx, (lead,)), table)[0]][0]
    return tricks


def _toks(cards) -> str:
    return " ".join(TOKEN[k] for k in cards)


def _trick_line(number: int, table) -> str:
    return f"{number}. " + ", ".join(f"{SEATS[s]}: {_toks(c)}" for s, c in table)


def _tgn(*, ruleset="tournament", rules=(), dealer="N", trump="H", level="2", levels=None,
         decls=None, deal=None, bottom=None, buries=None, tricks=(), deal_seats="NESW",
         hand_tags=(), hand_no="1") -> str:
    out = ['[Event "audit"]', f'[Ruleset "{ruleset}"]']
    out += [f'[Rule:{k} "{v}"]' for k, v in rules]
    if levels:
        out.append(f'[Levels "{levels}"]')
    out += ["", f'[Hand "{hand_no}"]', f'[Dealer "{dealer}"]', f'[Trump "{trump}"]', f'[Level "{level}"]']
    out += list(hand_tags)
    if decls:
        out.append(f'[Declarations "{decls}"]')
    if deal is not None:
        out += [f"{s}: {_toks(deal[SEATS.index(s)])}" for s in deal_seats]
    if bottom is not None:
        out.append(f"Bottom: {_toks(bottom)}")
    if buries:
        out.append("Buried: " + " || ".join(_toks(b) for b in buries))
    out += [_trick_line(i, t) for i, t in enumerate(tricks, 1)]
    return "\n".join(out) + "\n"


def _replay(text: str):
    matches, diags = parse_tgn(text)
    assert len(matches) == 1
    return matches[0], diags, replay_match(matches[0])


def _codes(hand_result) -> list[str]:
    return sorted(v.code for v in hand_result.violations)


def _chain(deal, bottom, level: int, dealer: int, rebidders, keep: int):
    """The buries and starting hands of a 炒地皮 chain, computed here: the dealer buries its
    lowest plain cards; each rebidder keeps ``keep`` cards of the bury it took and buries the
    rest of it with its own lowest plain cards (seed 000)."""
    size = len(bottom)
    hands = [list(h) for h in deal]
    pool = hands[dealer] + list(bottom)
    bury = _plain(pool, level)[:size]
    hands[dealer] = _minus(pool, bury)
    buries = [bury]
    for t in rebidders:
        own = _plain(hands[t], level)
        new = sorted(bury[keep:] + own[:keep])
        hands[t] = _minus(hands[t] + bury, new)
        bury = new
        buries.append(bury)
    return buries, hands


def _plain_hand(seed: int = 5, ruleset="tournament", rules=(), level="2", levels=None):
    """A clean tournament hand: N deals (♥2), the bury and the plays constructed here."""
    rs = build_ruleset(ruleset, rules)[0]
    lv = int(level)
    decks = rs.decks
    deal, bottom = _deal(decks, {"N": f"H{level}"}, seed=seed)
    buries, start = _chain(deal, bottom, lv, N, [], keep=0)
    return rs, deal, bottom, buries[0], start


def _text(deal, bottom, bury, tricks, **kw):
    return _tgn(trump=kw.pop("trump", "H"), decls=kw.pop("decls", f"N: H{kw.get('level', '2')}"),
                deal=deal, bottom=bottom, buries=[bury], tricks=tricks, **kw)


# --- an event's rounds: a hand played out, one decided with the points so far, one withheld --------

def event_tags(rnd: int) -> str:
    """The tags that make a record round ``rnd`` of one event (the same four players and teams)."""
    return (f'[Event "Cup"]\n[Round "{rnd}"]\n[Table "1"]\n[North "Li"]\n[East "Zhao"]\n[South "Chen"]\n'
            f'[West "Sun"]\n[TeamNS "Red"]\n[TeamEW "Jade"]')


def hand_played_out() -> str:
    """A clean hand, played out: N deals, E–W attack; its total is final."""
    rules, deal, bottom, bury, start = _plain_hand()
    return _text(deal, bottom, bury, _play_out(rules, 2, 1, start, N))


def hand_so_far() -> str:
    """E plays two cards to an early single lead and so runs out a trick early (多少牌): the hand is
    decided by the miscount, but the record ends before the last trick — its total is the points so far."""
    rules, deal, bottom, bury, start = _plain_hand()
    tricks = [list(t) for t in _play_out(rules, 2, 1, start, N)]
    seat = next(s for s, _ in tricks[-1][1:] if s % 2 == 1)
    last = next(c for s, c in tricks[-1] if s == seat)
    k = next(i for i, t in enumerate(tricks[:-1]) if t[0][0] != seat)
    tricks[k] = [(s, c + last if s == seat else c) for s, c in tricks[k]]
    return _text(deal, bottom, bury, tricks[:-1])


def hand_total_withheld() -> str:
    """N buries nine cards (多少牌: decided), and misses the last trick: the total is withheld."""
    rules, deal, bottom, bury, start = _plain_hand()
    extra = _plain(start[N], 2)[0]
    start[N] = _minus(start[N], [extra])
    return _text(deal, bottom, sorted(bury + [extra]), _play_out(rules, 2, 1, start, N, max_tricks=25))


def event_of(folder, *records) -> tuple:
    """``records`` (functions giving a record's text) written into the new ``folder`` as rounds 1, 2,
    … of one event (:func:`event_tags`); the folder and the first hand of each, as replayed."""
    folder.mkdir()
    hands = []
    for i, make in enumerate(records, 1):
        text = make().replace('[Event "audit"]', event_tags(i), 1)
        (folder / f"r{i}.tgn").write_text(text, "utf-8")
        hands.append(_replay(text)[2].hands[0])
    return folder, hands


# --- referees' positions --------------------------------------------------------------------------

SPRING_CUP_PLAYERS = ("张伟", "李娜", "王芳", "刘洋")
"""The players of the Spring Cup's round 2, table 5 (sample_logs/spring-cup-r2t5.tgn), N E S W."""


def player_tags(names=SPRING_CUP_PLAYERS) -> str:
    """The four players' tags, ``[North "…"]`` to ``[West "…"]``, a line each."""
    return "".join(f'[{seat} "{name}"]\n' for seat, name in zip(("North", "East", "South", "West"), names))


def position_header(*, ruleset: str, points: int, first_trick: int, levels: str | None = "NS:7 EW:5",
                    rules=(), hand: int = 11, dealer: str = "N", trump: str = "S", level: int = 7,
                    hand_tags=()) -> str:
    """A position's tags: the match's (``[Ruleset]``, its ``[Rule:…]`` and ``[Levels]``, none when
    ``levels`` is None), a blank line, then the hand's, written from trick ``first_trick`` with
    ``points`` taken before it, ``hand_tags`` last.  The defaults are the Spring Cup's disputed hand 11
    (sample_logs/disputed-trick.tgn): N deals, trump ♠, level 7, N–S at 7 and E–W at 5."""
    lines = [f'[Ruleset "{ruleset}"]', *(f'[Rule:{k} "{v}"]' for k, v in rules)]
    if levels is not None:
        lines.append(f'[Levels "{levels}"]')
    lines += ["", f'[Hand "{hand}"]', f'[Dealer "{dealer}"]', f'[Trump "{trump}"]', f'[Level "{level}"]',
              '[SetUp "1"]', f'[Points "{points}"]', f'[FirstTrick "{first_trick}"]', *hand_tags]
    return "".join(line + "\n" for line in lines)


def position(*, deal: dict[str, str], tricks=(), buried: str | None = None, **header) -> str:
    """A position: :func:`position_header` (``header``), the deal lines of the seats ``deal`` gives
    (seat letter to cards; in the order N E S W, a seat left out has none), ``Buried:`` when given,
    and ``tricks`` (each as ``"N: …, E: …"``) numbered from the first trick."""
    assert set(deal) <= set(SEATS), deal
    lines = [f"{seat}: {deal[seat]}" for seat in SEATS if seat in deal]
    if buried is not None:
        lines.append(f"Buried: {buried}")
    lines += [f"{header['first_trick'] + i}. {trick}" for i, trick in enumerate(tricks)]
    return position_header(**header) + "".join(line + "\n" for line in lines)


R11C = {"N": "HA HA H5 D6", "E": "H3 DJ D9 C9", "W": "H4 D5 D5 C8"}
"""A tester's r11c deal from trick 22 (hand 11, trump ♠, level 7): N may throw ♥A ♥A ♥5; S has no
deal line.  test_ruling_fixes_s6.py and test_check_exits_s6.py write N's throw each its way."""

CAPPED_AT_5 = position(ruleset="standard", points=50, first_trick=20,
                       deal={"N": "H9 H9", "E": "HK HK", "S": "H4 H2", "W": "H6 H8"},
                       buried="D5 D10 C3 C4 C6 C8 C9 CJ", tricks=["N: H9 H9, E: HK HK, S: H4 H2, W: H6 H8"])
"""Under ``--rules 80fen`` E–W sit at 5, a rank that must be played: +1 by the table, 0 really
(docs/rules.md §8.4)."""

CAPPED_AT_10 = """[Ruleset "tournament"]
[Levels "NS:9 EW:8"]

[Hand "1"]
[Dealer "N"]
[Level "9"]
[ResultOnly "yes"]
[Claim "200"]

[Hand "2"]
[Dealer "E"]
[Level "10"]
[ResultOnly "yes"]
[Claim "130"]
"""
"""Tournament (逢10必打, 先过10为胜): E–W at 8 take the deal and +3 by the table, stopped at 10 (+2);
then N–S at 9 take it and +1 to 10, nothing skipped."""


def rebid_played_out() -> str:
    """A 炒地皮 record under tournament rules: N deals (declared ♥2); after the bottom E rebids ♠2 ♠2, takes N's bury
    and buries again (:func:`_chain`, keeping 3); trump ♠, the hand played out in single cards, every play legal
    (:func:`_play_out`).  The rebid record of the slips', the placed bury's and the kept bottom's tests."""
    from tractor_analysis.records.cards import parse_trump
    rules = build_ruleset("tournament", ())[0]
    deal, bottom = _deal(2, {"N": "H2", "E": "S2 S2"}, seed=1)
    buries, start = _chain(deal, bottom, 2, 0, [1], keep=3)
    tricks = _play_out(rules, 2, parse_trump("S"), start, 0)
    return _tgn(trump="S", decls="N: H2 || E: S2 S2", deal=deal, bottom=bottom, buries=buries, tricks=tricks)


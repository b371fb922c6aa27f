"""The Parquet dataset's schema: every table and column, declared once, here.

Layout of a dataset folder (documented in ``docs/dataset.md``)::

    DATASET/
      files/        part-<batch>.parquet   one row per ingested source file (the manifest)
      matches/      part-<batch>.parquet   one row per match
      hands/        part-<batch>.parquet   one row per hand
      tricks/       part-<batch>.parquet   one row per trick
      plays/        part-<batch>.parquet   one row per play (4 per trick)
      violations/   part-<batch>.parquet   one row per violation found by the engine
      errors/       part-<batch>.parquet   one row per parser diagnostic
      records/      part-<batch>.parquet   one row per match: its canonical record text (.tgn)
      _lock                                the lock file two ingests share (filelock)

Each table is a folder of part files that any Parquet reader globs
(``read_parquet('DATASET/plays/*.parquet')`` in DuckDB, ``pyarrow.dataset``,
Spark).  Every row carries the ``batch`` that wrote it.

**Commit protocol** (:func:`commit_parts`).  A batch's parts are written to
hidden temporary names (``.part-<batch>.parquet.tmp``: a leading dot, so
pyarrow ignores them, and no ``.parquet`` suffix, so globs skip them).  Under an
exclusive lock on ``_lock`` (:mod:`filelock`), the committer re-reads the manifest (the
``files`` table), drops the rows of any file whose content hash is already in
it (a concurrent or earlier ingest committed it), renames the child tables'
parts into place with ``os.replace`` and renames the ``files`` part *last*: a
batch is committed exactly when its ``files`` part exists.  A SIGKILL between
two renames leaves parts of a batch that is not in the manifest; :func:`load`
ignores them and the next ingest deletes them (under the lock) before adding
anything.  Temporary files of dead ingests are removed the same way.

The commit protocol is :mod:`.commit`; the rows of each table are built by :mod:`.rows`.
"""
from __future__ import annotations



import pyarrow as pa

from ..records.cards import RANK_TOKENS

# --- schema ------------------------------------------------------------------

_STR = pa.dictionary(pa.int32(), pa.string())
"""Dictionary-encoded string: seats, codes, names, rulesets repeat a lot."""
_TXT = pa.string()
_CARDS = pa.list_(pa.string())
"""Card tokens in canonical form (``S10``, ``HA``, ``BJ``)."""
_I8, _I16, _I32, _I64 = pa.int8(), pa.int16(), pa.int32(), pa.int64()
_BOOL = pa.bool_()
_F64 = pa.float64()


def _schema(*fields: tuple[str, pa.DataType, str]) -> pa.Schema:
    return pa.schema([pa.field(name, typ, metadata={"doc": doc}) for name, typ, doc in fields])


_KEY_MATCH = ("match_id", _STR, "source content hash (16 hex) + '-' + match index in the file")
_KEY_HAND = ("hand_no", _I16, "hand number as recorded ([Hand \"n\"])")
_KEY_TRICK = ("trick_no", _I16, "trick number as recorded")
_BATCH = ("batch", _STR, "ingest batch that wrote the row (a batch is committed when its files row exists)")

SCHEMAS: dict[str, pa.Schema] = {
    "files": _schema(
        ("source_file", _TXT, "path of the input file as given to ingest"),
        ("source_sha256", _TXT, "SHA-256 of the file's bytes (the manifest key); in its place empty:<absolute path> "
                                  "for an empty file (0 bytes, or a gzip of 0 bytes of text), unreadable:<absolute "
                                  "path> for a path that cannot be read"),
        ("format", _STR, "tgn, json, jsonl, 80fen or botzone (as detected by sources.load_file)"),
        ("matches", _I32, "matches read from the file"),
        ("hands", _I32, "hands stored from the file (a repeated hand number: the first hand only)"),
        ("errors", _I32, "parser diagnostics (rows in the errors table)"),
        ("violations", _I32, "rows of the file in the violations table: the engine's findings, the violations of "
                             "the play and the findings about the record alone alike (violations.about); the "
                             "players' violations are matches.violations"),
        ("status", _STR, "ok, errors (diagnostics, file partly read) or unreadable"),
        ("rules_override", _STR, "--rules preset the ingest judged with, null for the record's own"),
        ("ingested_at", pa.timestamp("ms", tz="UTC"), "when the batch was written"),
        _BATCH,
        # added after batch (null in datasets written before them)
        ("source_abspath", _TXT, "absolute path of the input file when it was ingested"),
        ("encoding", _STR, "text encoding the file was read with: utf-8, utf-8-sig, utf-16, gb18030, big5 "
                           "(binary when no text was read)"),
        ("encoding_note", _TXT, "why the encoding was chosen when it was a guess (GBK or Big5), else null"),
    ),
    "matches": _schema(
        _KEY_MATCH,
        ("source_file", _TXT, "path of the input file"),
        ("source_sha256", _TXT, "SHA-256 of the input file's bytes"),
        ("match_index", _I32, "0-based index of the match in its file (a .jsonl holds many)"),
        ("event", _STR, "[Event]"), ("site", _STR, "[Site]"), ("date", _STR, "[Date]"),
        ("round", _STR, "[Round]"), ("table", _STR, "[Table]"),
        ("player_n", _STR, "[North]"), ("player_e", _STR, "[East]"),
        ("player_s", _STR, "[South]"), ("player_w", _STR, "[West]"),
        ("ruleset", _STR, "name of the ruleset the first hand was judged with"),
        ("hands", _I32, "hands stored of the match (a repeated hand number: the first hand only)"),
        ("level_ns_start", _I16, "N-S level before the first hand (2..14, J=11 Q=12 K=13 A=14)"),
        ("level_ew_start", _I16, "E-W level before the first hand"),
        ("level_ns_final", _I16, "N-S level after the last hand (a team that passed A stays at 14; see winner); null in friend mode (level_n_final … give each player's)"),
        ("level_ew_final", _I16, "E-W level after the last hand"),
        ("winner", _STR, "team that won the match (NS / EW), null when no team passed A"),
        ("forfeit", _STR, "team that forfeited (three wrong follows or three take-backs, tournament), 'both' "
                          "when both sides did at the end of the same hand (no team wins: winner null), else null"),
        ("violations", _I32, "violations of the play in the whole match (the hands' and the match's own "
                             "problems), not the findings about the record alone (record_findings)"),
        # variant columns (added later: null in datasets written before them)
        ("decks", _I32, "decks of the ruleset the first hand was judged with"),
        ("level_n_final", _I16, "N's own level after the last hand (friend mode: each player's own)"),
        ("level_e_final", _I16, "E's own level after the last hand"),
        ("level_s_final", _I16, "S's own level after the last hand"),
        ("level_w_final", _I16, "W's own level after the last hand"),
        _BATCH,
        # added after batch (null in datasets written before them)
        ("source_abspath", _TXT, "absolute path of the input file when it was ingested"),
        ("match_key", _TXT, "fingerprint of what the match is (tags, players, levels, ruleset, every hand's "
                            "outcome and content_digest: the cards dealt and played, the take-backs, the "
                            "rules): two records of one match share it"),
        ("duplicate_of", _STR, "match_id of the first copy when this match is kept twice (e.g. as .tgn and "
                               ".json), else null: filter on 'duplicate_of IS NULL' to count each match once"),
        ("team_ns", _STR, "[TeamNS]: the N-S team's name, null when the record names none (the team is then "
                          "its two players)"),
        ("team_ew", _STR, "[TeamEW]: the E-W team's name, null when the record names none"),
        ("forfeit_reason", _STR, "why each side that forfeited did, as check --json's forfeit_reason: "
                                 "JSON {\"EW\": \"take-backs\"} ('wrong follows', 'take-backs', 'wrong follows "
                                 "and take-backs'); null when no side forfeited (and in datasets written before it)"),
        # added after forfeit_reason (null in datasets written before it)
        ("cut_short", _BOOL, "the file is damaged (truncated_file: a gzip stream cut short) and the record of "
                             "this match stops at the damage before a hand read whole decided it: where the "
                             "match ended, who won and the final levels are not known (check: 'not decided: the "
                             "file is damaged'); false for every other match"),
        # added after cut_short (null in datasets written before them)
        ("level_ns_final_low", _I16, "when level_ns_final is null because the readings of what the record leaves "
                                     "open give it differently — whose take-backs given as '?' were (docs/rules.md "
                                     "§10.2), or whether the last hand, which the record stops inside with no "
                                     "result from its [Claim], counts (void) or is played out (§8.5) —: the lowest "
                                     "N-S final level under those readings (check --json's levels_final_span gives "
                                     "the range); null when the level is known exactly or not bounded"),
        ("level_ns_final_high", _I16, "the highest N-S final level under those readings (null with "
                                      "level_ns_final_low)"),
        ("level_ew_final_low", _I16, "the lowest E-W final level under those readings, as level_ns_final_low"),
        ("level_ew_final_high", _I16, "the highest E-W final level under those readings (null with "
                                      "level_ew_final_low)"),
        # added after level_ew_final_high (null in datasets written before it)
        ("decided_by", _STR, "how the match was decided, or why no team won it, as the standings word it "
                             "(engine.scoring.decide_match, the statistics' match_results decided_by: 'passed A', "
                             "'forfeit', 'higher level', 'holding the deal', 'both forfeit', 'cut short', 'forfeit "
                             "not known', 'levels not known' …); check --json's decided_by says the same in short "
                             "and is null where no team won"),
        # added after decided_by (null in datasets written before it)
        ("content_digest", _TXT, "fingerprint of what the record holds beyond the columns match_key compares: "
                                 "every hand's deal, bottom, buries, declarations, take-backs, tags and plays "
                                 "card for card, and the match's rules, [Levels] and other tags (comments, notes "
                                 "and [Claim] left out); what a hand does not state is hashed as not known: its "
                                 "dealer, its [Level] and its trump (not stated, written '?', or not read), even "
                                 "where the engine derives the dealer or level match_key compares, so a copy that "
                                 "lost the tag is another match; part of match_key"),
        # added after content_digest (null in datasets written before it, whose violations count them)
        ("record_findings", _I32, "findings about the record alone in the match (violations rows with about "
                                  "'record', docs/rules.md 13.1: the scorer's copy proven wrong, no player's "
                                  "violation; check's record findings)"),
        # added after record_findings (null in datasets written before it)
        ("stop_forfeit", _STR, "the side (NS / EW, 'both') that reaches the forfeit count at the end of the last "
                               "hand played out, where the record ends inside that hand's last trick, the plays "
                               "left out forced, no result from its [Claim], under stopped_hand = open (docs/rules.md "
                               "8.5, 10.1): the forfeit of that reading only — void, the hand's wrong follows and "
                               "take-backs do not count —, so forfeit is null and decided_by says whether every "
                               "reading gives one winner ('every reading'); null otherwise"),
        # added after stop_forfeit (null in datasets written before it: not known)
        ("jsonl_line", _I32, "the line of its file the match was read from, when the file is JSON Lines (.jsonl, "
                             ".ndjson: one match a line; its hands carry that line); null for any other format "
                             "and for a match with no hand read"),
    ),
    "hands": _schema(
        _KEY_MATCH, _KEY_HAND,
        ("dealer", _STR, "seat N E S W"),
        ("defenders", _STR, "dealer's team NS / EW (庄家方); null when the engine withheld the sides (friend "
                            "mode: when the dealer is not known or in doubt)"),
        ("attackers", _STR, "the other team (抓分方); null with defenders"),
        ("level", _I16, "level rank played (2..14)"),
        ("trump", _STR, "S H D C or NT"),
        ("ruleset", _STR, "ruleset name (a preset; '+' when options were changed)"),
        ("decks", _I32, "decks of the ruleset"),
        ("rules", _STR, "every ruleset option as JSON {name: value}"),
        ("declarations", _CARDS, "declarations in order, each 'SEAT: cards' ('|| SEAT: cards' when made "
                                 "after the bottom, 炒地皮)"),
        ("bottom", _CARDS, "bottom as dealt (null when not recorded)"),
        ("buried", _CARDS, "bottom as buried: the dealer's bury, or after 炒地皮 the last rebidder's "
                           "(null when not recorded)"),
        ("setup", _BOOL, "a position ([SetUp]) rather than a full hand"),
        ("complete", _BOOL, "the hand was played out"),
        ("tricks", _I32, "tricks in the hand"),
        ("attackers_points", _I32, "card points won in tricks by the attackers (null on a score sheet: not recorded)"),
        ("bottom_points", _I32, "card points in the bottom"),
        ("bottom_multiplier", _I32, "multiplier applied to the bottom, 0 when not captured; null when not decided "
                                    "(the record ends first) or the bottom is not known"),
        ("bottom_bonus", _I32, "bottom_points x bottom_multiplier (null with it)"),
        ("bottom_captured", _BOOL, "the attackers won the last trick (抠底); null when the record ends first"),
        ("penalties", _I32, "points added to the attackers' total by penalties (negative: lost)"),
        ("attackers_total", _I32, "attackers' total: the sum of the score items"),
        ("claim", _I32, "[Claim] as recorded, null when absent"),
        ("claim_matches", _BOOL, "claim == attackers_total; null when no claim, no total, the record ends first, "
                                 "or a score sheet (the claim is the total)"),
        ("outcome", _STR, "attackers (took the deal) or defenders (held); neither when both sides miscounted"),
        ("up_team", _STR, "team that goes up or holds (NS / EW); null after neither"),
        ("levels_gained", _I16, "levels the up_team gains"),
        ("next_dealer", _STR, "seat that deals next (null after neither: the deal is bid for)"),
        ("match_over", _BOOL, "a team passed A with this hand"),
        ("level_ns_before", _I16, "N-S level before the hand"), ("level_ew_before", _I16, "E-W level before"),
        ("level_ns_after", _I16, "N-S level after the hand"), ("level_ew_after", _I16, "E-W level after"),
        ("failed_throws", _I32, "throws that failed in the hand"),
        ("violations", _I32, "violations of the play in the hand (a player's or the table's): not the findings "
                             "about the record alone (record_findings)"),
        # variant columns (added later: null in datasets written before them)
        ("friend", _STR, "friend mode: the card the dealer named ([Friend]), else null"),
        ("defender_seats", _CARDS, "seats of the dealer's side as resolved (dealer first; friend mode: "
                                   "dealer and the named card's holder, or the dealer alone)"),
        ("level_n_before", _I16, "N's own level before the hand (friend mode: each player's own)"),
        ("level_e_before", _I16, "E's own level before the hand"),
        ("level_s_before", _I16, "S's own level before the hand"),
        ("level_w_before", _I16, "W's own level before the hand"),
        ("level_n_after", _I16, "N's own level after the hand"),
        ("level_e_after", _I16, "E's own level after the hand"),
        ("level_s_after", _I16, "S's own level after the hand"),
        ("level_w_after", _I16, "W's own level after the hand"),
        ("revoke_ns", _I32, "wrong follows by N-S punished by a level (revoke_penalty = level)"),
        ("revoke_ew", _I32, "wrong follows by E-W punished by a level"),
        ("earlier_buries", pa.list_(_CARDS), "炒地皮: the buries before the last one (the dealer's, then each "
                                             "earlier rebidder's), empty without a rebid"),
        ("outcome_reason", _STR, "points (the score table decided), miscount (多少牌, miscount = level) or "
                                 "match_points (score_table botzone: 0-3 points a seat); null without an outcome"),
        ("miscount", _CARDS, "seats that played or were dealt a wrong number of cards, when 多少牌 decided"),
        _BATCH,
        # added after batch (null in datasets written before it)
        ("result_only", _BOOL, "a score sheet's hand ([ResultOnly]): only its result was kept (dealer, level, "
                               "trump if known, attackers_total); its trick and bottom columns are null"),
        # added after result_only (null in datasets written before it)
        ("judged", _BOOL, "every play of the hand could be judged (check --json's legal is not withheld); false "
                          "when not: no deal lines or a seat's cards unknown, trump or level unknown, the first "
                          "leader unknown, a score sheet's hand"),
        # added after judged (null in datasets written before it, and for a hand without its record)
        ("stopped", _BOOL, "the record is known to end inside the hand (no seat played a whole hand; a position "
                           "giving every seat's line leaves a seat holding cards; under stopped_hand = void, a "
                           "record ending inside its last hand's last trick too): it changed no level. False "
                           "for a hand played out, a score sheet's, and one whose end is not known"),
        # added after stopped (null in datasets written before it)
        ("derived", _CARDS, "the facts the record does not state that the engine derived, each named once as "
                            "check --json's derived facts (level, dealer, levels, play, trick_winner ...); "
                            "empty when none"),
        # added after derived (null in datasets written before it)
        ("after_match_end", _BOOL, "recorded after the match was decided (a side passed the winning level or "
                                   "forfeited in an earlier hand; check's after_match_end, docs/rules.md 8.4): "
                                   "its plays are judged, but it counts for nothing; false for a hand that "
                                   "counts; null when the engine's words do not place it"),
        # added after after_match_end (null in datasets written before it)
        ("analysis_basis", _STR, "ingest --analyse K: what the analysed positions were built from: deal (the "
                                 "deal lines, a position's lines), plays (a full hand without deal lines: the "
                                 "cards each seat played) or deal_and_plays (some seats' lines, the others' "
                                 "cards those they played); null when the hand was not analysed"),
        # added after analysis_basis (null in datasets written before it)
        ("unknown", _CARDS, "the facts the record does not state that nothing fixed, as check --json's unknown "
                            "entries of the hand: each 'tag: withheld,...' (the tag that would state it, what the "
                            "engine withheld for want of it: 'Dealer: sides,outcome'), the tag alone ('play') for an entry "
                            "that withholds nothing (check --json's \"withheld\": []); empty when none"),
        # added after unknown (null in datasets written before it, whose violations count them)
        ("record_findings", _I32, "findings about the record alone in the hand (violations rows with about "
                                  "'record', docs/rules.md 13.1: the scorer's copy proven wrong, no player's "
                                  "violation; check's record findings)"),
        # added after record_findings (null in datasets written before it)
        ("analysis_reason", _STR, "ingest --analyse K: why the endgame analysis did not analyse the hand, as "
                                  "tractor analyse --json's reason ('English / 中文': the record ends before the "
                                  "hand does, a play not known, a fact it needs unknown ...); null when it was "
                                  "analysed, not asked for, or the solver failed"),
    ),
    "tricks": _schema(
        _KEY_MATCH, _KEY_HAND, _KEY_TRICK,
        ("leader", _STR, "seat that led; null where the record leaves who led open (its readings give different "
                         "leaders: trick lines that may be in seat order, a play left out …; lead_kind and trumped "
                         "then null where they differ too)"),
        ("winner", _STR, "seat that won the trick"),
        ("winner_team", _STR, "NS / EW"),
        ("attackers_won", _BOOL, "the winner is an attacker (friend mode: not among the hand's defender_seats)"),
        ("points", _I32, "card points in the trick"),
        ("lead_kind", _STR, "what the leader led: single, pair, triple, tractor, titanic or throw (a failed "
                            "throw is a throw: the attempt; forced_kind says what it was played as)"),
        ("lead_cards", _I32, "cards in the lead"),
        ("throw_failed", _BOOL, "the leader's throw failed (attempted -> forced)"),
        ("cards_not_thrown", _I32, "what the throw did not get out, as throw_penalty_cards counts it: "
                                    "not_thrown, attempted minus played of a failed throw the record writes (0 "
                                    "otherwise); failing_units, every card of every unit of the lead another "
                                    "player could beat (0 when none): the cards its penalty charges; null when "
                                    "not known (the ways the hand was judged count differently, or a "
                                    "failing_units count rests on cards read from plays)"),
        ("winning_copies", _I32, "largest unit of the winning play: copies (1 single, 2 pair, 3 triple)"),
        ("winning_length", _I32, "largest unit of the winning play: length (tractor pairs)"),
        ("trumped", _BOOL, "won by a trump-in on a plain-suit lead"),
        ("last", _BOOL, "the last trick of the hand; null for the last one recorded when the record ends first"),
        ("violations", _I32, "violations in the trick"),
        _BATCH,
        # added after batch (null in datasets written before it; see reading.upgrade_tricks)
        ("forced_kind", _STR, "failed throw: the unit the leader was forced to play instead (single, pair, "
                              "triple, tractor, titanic), else null"),
    ),
    "plays": _schema(
        _KEY_MATCH, _KEY_HAND, _KEY_TRICK,
        ("seat", _STR, "N E S W"),
        ("position", _I16, "0 for the leader, then 1, 2, 3 in play order"),
        ("cards", _CARDS, "cards that went to the table"),
        ("attempted", _CARDS, "failed throw: the cards shown (null otherwise)"),
        ("n_cards", _I32, "number of cards played"),
        ("points", _I32, "card points in the play"),
        ("won", _BOOL, "this play won the trick"),
        ("notes", _CARDS, "annotations {...} written after the play (e.g. 'injected: follow_suit')"),
        _BATCH,
        # added after batch: filled by 'ingest --analyse K' for the plays of each hand's last K tricks;
        # null where not analysed, not solved within the budget, or in datasets written before them
        ("value_before", _I32, "endgame analysis: the attackers' final total with best play by both sides "
                               "(all hands visible) before this play"),
        ("value_after", _I32, "endgame analysis: the same total after the play actually made"),
        ("cost", _I32, "endgame analysis: points the play lost for its side (value_before - value_after for "
                       "an attacker, the reverse for a defender; 0 for a best play); null for an illegal play"),
        ("best", _CARDS, "endgame analysis: the best plays at this point, one per set of equal plays, each as "
                         "its cards joined by spaces ('SA SA')"),
        # added after best: filled by 'ingest --analyse K --view' (the play judged from its player's
        # seat, over the deals of the unseen cards it could not rule out: the JSON "view" object of
        # 'tractor analyse --view'); null where not asked, not analysed, or (the values) not solved
        ("view_deals", _I32, "view: the deals the play was judged over (sampled, or every agreeing one)"),
        ("view_exact", _BOOL, "view: every deal that agrees with what the player knew was taken, weighted"),
        ("view_value", _F64, "view: mean over the deals of the attackers' final total after the play made"),
        ("view_value_best", _F64, "view: the best such mean among the player's legal plays (highest for an "
                                  "attacker, lowest for a defender)"),
        ("view_best", _CARDS, "view: the plays with the best mean, each as its cards joined by spaces"),
        ("view_cost", _F64, "view: points the play lost for its side from the player's seat (the gap from "
                            "view_value_best, signed as cost; 0 for a best play)"),
        ("view_stderr", _F64, "view: standard error of view_cost over the sampled deals (0 when exact)"),
        # added after view_stderr (null in datasets written before it)
        ("derived", _BOOL, "a play the record leaves out that the engine derived (one way alone fits the rest "
                           "of the record: check --json's derived fact play), used in its trick's winner and "
                           "points; false for a play the record gives"),
    ),
    "violations": _schema(
        _KEY_MATCH,
        ("hand_no", _I16, "hand number; null for a match-level problem"),
        ("trick_no", _I16, "trick number; null for hand-level checks (bury, deal, declaration, claim)"),
        ("seat", _STR, "offending seat, null when none"),
        ("code", _STR, "stable violation code (verdicts.VIOLATION_CODES)"),
        ("played", _CARDS, "cards played"),
        ("better", _CARDS, "what the player held that met the duty"),
        ("message_zh", _TXT, "explanation in Chinese"),
        ("message_en", _TXT, "explanation in English"),
        # variant columns (added later: null in datasets written before them)
        ("line", _I32, "1-based line of the play or tag in the record, 0 when the record does not say (JSON)"),
        ("column", _I32, "1-based column, 0 when unknown"),
        _BATCH,
        # added after batch (null in datasets written before it: not known; the statistics read it as play)
        ("about", _STR, "play (a violation of the play: a player's or the table's) or record (a finding about "
                        "the record alone, docs/rules.md 13.1: the scorer's copy proven wrong, no player's "
                        "violation; check --json's \"about\": \"record\")"),
        # added after about (null in datasets written before it: not known whether the rules left a choice open)
        ("better_choices", pa.list_(_CARDS), "every play the rules leave open between equal plays (docs/rules.md "
                                             "2.5, 4.5: a failed throw's equal units, a wrong follow's equal "
                                             "plays; check --json's better_choices), better the first of them; "
                                             "empty when no equal play is open"),
        # added after better_choices (null in datasets written before it: not known)
        ("better_example", _BOOL, "better is one example of plays not all equal that meet a wrong follow's duty "
                                  "(docs/rules.md 5.5; its message says 'for example'; check --json's "
                                  "better_example), not the play owed"),
    ),
    "errors": _schema(
        ("source_file", _TXT, "path of the input file"),
        ("source_sha256", _TXT, "SHA-256 of the file's bytes"),
        ("line", _I32, "1-based line, 0 when unknown"),
        ("column", _I32, "1-based column, 0 when unknown"),
        ("code", _STR, "stable diagnostic code (diagnostics.CODES; replay_error when the engine failed, "
                       "store_error when the file's rows could not be stored)"),
        ("message", _TXT, "what was found and what was expected"),
        ("text", _TXT, "raw text of the offending line"),
        ("hand_no", _I16, "hand number when known"),
        ("trick_no", _I16, "trick number when known"),
        _BATCH,
        # added after batch (null in datasets written before them)
        ("source_abspath", _TXT, "absolute path of the input file when it was ingested"),
    ),
    "records": _schema(
        _KEY_MATCH,
        ("source_sha256", _TXT, "SHA-256 of the input file's bytes"),
        ("match_index", _I32, "0-based index of the match in its file"),
        ("format", _STR, "format of record: always tgn (the canonical text, whatever the input's format)"),
        ("record", _TXT, "the match's canonical record text (.tgn, as 'tractor convert' writes it; the "
                         "Parquet column is zstd-compressed): what 'tractor report' draws the match from"),
        _BATCH,
    ),
}
"""Every table's Arrow schema; column docs are in the field metadata and docs/dataset.md."""

class DatasetError(ValueError):
    """A dataset that cannot be read as it is: a part file that is damaged, or missing from a
    committed batch.  The message names the part and its table, in English and Chinese."""


def printable(text: str) -> str:
    """``text`` as valid UTF-8 for a Parquet string column: a file name that is not UTF-8 (kept by
    Python as surrogate escapes, e.g. GBK bytes from a Windows zip) shows its bytes as ``\\xc7``."""
    if text.isascii():                  # (a flag of the str: no scan)
        return text
    if _UTF8_OK is not None:            # the check in C keeps the UTF-8 in the str for its column
        if _UTF8_OK(text):              # (a record's text: encoded once, not twice; issue 27, twelfth pass)
            return text
    else:
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:          # a lone surrogate that is not an escaped byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _utf8_ok():
    """``_arrow_core.utf8_ok`` (whether a str encodes as UTF-8, its UTF-8 then kept in it), or ``None``."""
    from ..records.compiled import load

    core = load("tractor_analysis.dataset._arrow_core", "Arrow column buffers", "Arrow 列缓冲区")
    return getattr(core, "utf8_ok", None)


_UTF8_OK = _utf8_ok()

ARROW_USED = [False]
"""Set once this process reads or writes Parquet (a fork after that is not safe)."""

TABLES: tuple[str, ...] = ("files", "matches", "hands", "tricks", "plays", "violations", "errors", "records")
CHILD_TABLES = tuple(t for t in TABLES if t != "files")
"""Tables renamed into place before ``files`` (whose part commits the batch)."""



def level_token(rank: int | None) -> str:
    """``2``..``A`` for a level column value (15 and above: passed A)."""
    if rank is None:
        return ""
    return RANK_TOKENS.get(int(rank), "A+")

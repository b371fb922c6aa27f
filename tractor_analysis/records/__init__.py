"""Records: what people write, read into a model, with every problem a positioned diagnostic.

The lowest layer.  It owns the card and seat vocabulary (``cards``, ``words``), the
immutable record model (``model``: ``Match``, ``Hand``, ``Trick``, ``Play``,
``Declaration``), the rulesets a record names (``rulesets``: the frozen ``RuleSet``,
its options and presets — the words of ``[Ruleset]`` and ``[Rule:…]`` tags, which the
readers check and the engine applies), diagnostics, sources (bytes → text → matches),
the ``.tgn`` reader and writer, the JSON reader and writer, locating a verdict in a
record, and atomic file writing.

May import: the standard library only (nothing else of the package).
"""
from .cards import Card, Counts, Rank, Seat, Suit, parse_card, parse_cards, format_cards
from .diagnostics import CODES, MAX_DIAGNOSTICS, Diagnostic, bilingual
from .json_reader import match_from_dict, parse_json, parse_jsonl
from .json_writer import format_json, format_jsonl, match_to_dict
from .locate import violation_position
from .model import Declaration, Hand, Match, Play, Trick
from .rulesets import OPTION_DOCS, PRESET_DOCS, PRESETS, RuleSet, build_ruleset, parse_option
from .safe_write import write_text_atomic
from .sources import SourceFile, iter_inputs, load_bytes, load_file
from .tgn_reader import parse_tgn
from .tgn_writer import format_tgn

__all__ = [
    "Card", "Counts", "Rank", "Seat", "Suit", "parse_card", "parse_cards", "format_cards",
    "CODES", "MAX_DIAGNOSTICS", "Diagnostic", "bilingual",
    "format_json", "format_jsonl", "match_from_dict", "match_to_dict", "parse_json", "parse_jsonl",
    "violation_position",
    "Declaration", "Hand", "Match", "Play", "Trick",
    "OPTION_DOCS", "PRESET_DOCS", "PRESETS", "RuleSet", "build_ruleset", "parse_option",
    "write_text_atomic",
    "SourceFile", "iter_inputs", "load_bytes", "load_file",
    "parse_tgn", "format_tgn",
]

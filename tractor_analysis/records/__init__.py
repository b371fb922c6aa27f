"""Records: what people write, read into a model, with every problem a positioned diagnostic.

The lowest layer.  It owns the card and seat vocabulary (``cards``, ``words``), the
immutable record model (``model``: ``Match``, ``Hand``, ``Trick``, ``Play``,
``Declaration``), the rulesets a record names (``rulesets``: the frozen ``RuleSet``,
its options and presets — the words of ``[Ruleset]`` and ``[Rule:…]`` tags, which the
readers check and the engine applies), diagnostics, decoding (bytes → text), sources (a
record file → matches), input files (the files the CLI's arguments name), the ``.tgn``
reader and writer, the JSON reader and writer, locating a verdict in a record, and atomic
file writing.

May import: the standard library only (nothing else of the package).
"""
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card, Counts, Rank, Seat, Suit, parse_card, parse_cards, format_cards
    from .diagnostics import CODES, MAX_DIAGNOSTICS, Diagnostic, bilingual
    from .input_files import iter_inputs
    from .json_reader import match_from_dict, parse_json, parse_jsonl
    from .json_writer import format_json, format_jsonl, match_to_dict
    from .locate import violation_position
    from .model import Declaration, Hand, Match, Play, Trick
    from .rulesets import OPTION_DOCS, PRESET_DOCS, PRESETS, RuleSet, build_ruleset, parse_option
    from .safe_write import write_text_atomic
    from .sources import SourceFile, load_bytes, load_file
    from .tgn_reader import parse_tgn
    from .tgn_writer import format_tgn

_WHERE = {
    "Card": "cards", "Counts": "cards", "Rank": "cards", "Seat": "cards", "Suit": "cards", "parse_card": "cards",
    "parse_cards": "cards", "format_cards": "cards", "CODES": "diagnostics", "MAX_DIAGNOSTICS": "diagnostics",
    "Diagnostic": "diagnostics", "bilingual": "diagnostics", "match_from_dict": "json_reader",
    "parse_json": "json_reader", "parse_jsonl": "json_reader", "format_json": "json_writer",
    "format_jsonl": "json_writer", "match_to_dict": "json_writer", "violation_position": "locate",
    "Declaration": "model", "Hand": "model", "Match": "model", "Play": "model", "Trick": "model",
    "OPTION_DOCS": "rulesets", "PRESET_DOCS": "rulesets", "PRESETS": "rulesets", "RuleSet": "rulesets",
    "build_ruleset": "rulesets", "parse_option": "rulesets", "write_text_atomic": "safe_write",
    "SourceFile": "sources", "iter_inputs": "input_files", "load_bytes": "sources", "load_file": "sources",
    "parse_tgn": "tgn_reader", "format_tgn": "tgn_writer",
}
"""Each name of :data:`__all__` and the module that defines it: imported when first asked for
(:func:`__getattr__`), so that importing one module of the package (``records.frozen``, say) does not
import them all — ``tractor ingest`` of a JSON file never imports the ``.tgn`` reader (issue 27,
thirteenth pass)."""


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = list(_WHERE)
"""The package's names: those of :data:`_WHERE`, where each is defined."""

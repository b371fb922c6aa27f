"""Record files: format by name and by content, gzip, encodings, binary/empty/truncated files, inputs."""
import gzip
import hashlib
from pathlib import Path

import pytest

from tractor_analysis.records.cards import parse_card
from tractor_analysis.records import format_json, format_jsonl
from tractor_analysis.records import format_tgn, parse_tgn
from tractor_analysis.records.decoding import decode_text
from tractor_analysis.records.input_files import iter_inputs
from tractor_analysis.records.sources import load_bytes, load_file

BAD = Path(__file__).parent / "data" / "bad"

CHINESE = """\
[Event "春季杯 2026"]
[North "张伟"]
[East "李娜"]
[South "王芳"]
[West "刘洋"]
[Hand "1"]
[SetUp "1"]
[Dealer "北"]
[Trump "红桃"]
[Level "2"]
北: 黑桃A 黑桃A 红桃9
东: 黑桃3 黑桃4 大王
南: 黑桃K 黑桃K 红桃A
西: 黑桃5 黑桃5 红桃3
1. 北: 黑桃A 黑桃A, 东: 黑桃3 黑桃4, 南: 黑桃K 黑桃K, 西: 黑桃5 黑桃5   ; 对子
2. 南: 红桃A, 西: 红桃3, 北: 红桃9, 东: 大王 {东家毙牌}
"""


def diag_codes(source):
    return [(d.code, d.line, d.column) for d in source.diagnostics]


def check_chinese(source):
    assert source.diagnostics == ()
    (m,) = source.matches
    assert m.event == "春季杯 2026" and m.players == ("张伟", "李娜", "王芳", "刘洋")
    h = m.hands[0]
    assert (h.dealer, h.trump) == (0, 1)
    assert h.tricks[0].plays[0].cards == (parse_card("SA"),) * 2
    assert h.tricks[1].plays[3].notes == ("东家毙牌",)


def test_gbk_file_with_chinese_names_and_chinese_cards():
    source = load_bytes(CHINESE.encode("gbk"), "r.tgn")
    assert source.encoding == "gb18030"
    check_chinese(source)
    assert source.line_text(1) == '[Event "春季杯 2026"]'


def test_gb18030_only_characters():
    source = load_bytes(('[Event "𠀀 €"]\n' + CHINESE[CHINESE.index("[North"):]).encode("gb18030"), "r.tgn")
    assert source.encoding == "gb18030" and source.matches[0].event == "𠀀 €"


def test_utf8_with_and_without_bom_and_crlf():
    for data, enc in ((CHINESE.encode("utf-8"), "utf-8"), (b"\xef\xbb\xbf" + CHINESE.encode("utf-8"), "utf-8-sig"),
                      (CHINESE.replace("\n", "\r\n").encode("utf-8"), "utf-8")):
        source = load_bytes(data, "r.tgn")
        assert source.encoding == enc
        check_chinese(source)


def test_utf16_with_bom():
    source = load_bytes(CHINESE.encode("utf-16"), "r.tgn")
    assert source.encoding == "utf-16"
    check_chinese(source)


def test_undecodable_bytes_give_decode_error_at_the_first_bad_byte():
    source = load_file(BAD / "gbk_bad.tgn")
    assert diag_codes(source) == [("decode_error", 2, 8)]
    assert "offset 27" in source.diagnostics[0].message
    assert source.diagnostics[0].text == source.line_text(2)
    assert source.matches[0].event == "春季杯"     # the rest is still read


def test_damaged_utf8_is_not_misread_as_gb18030():
    data = CHINESE.encode("utf-8") + b'[Claim "8\xff"]\n'
    text, encoding, problem = decode_text(data)
    assert encoding == "utf-8" and problem.code == "decode_error" and "张伟" in text


@pytest.mark.parametrize("suffix,writer", [(".tgn", format_tgn), (".json", format_json),
                                           (".jsonl", lambda m: format_jsonl([m]))])
def test_gzip_variants_by_extension_and_by_magic_bytes(suffix, writer):
    (m,), _ = parse_tgn(CHINESE)
    data = gzip.compress(writer(m).encode("utf-8"))
    for name in ("r" + suffix + ".gz", "r" + suffix):
        source = load_bytes(data, name)
        assert source.diagnostics == () and source.matches == (m,)
        assert source.compressed and source.format == suffix[1:]
    assert load_bytes(data, "r.gz").matches == (m,)           # format sniffed from the text


def test_truncated_gzip_reports_truncated_file_and_keeps_what_decoded():
    source = load_file(BAD / "truncated.tgn.gz")
    assert source.diagnostics[0].code == "truncated_file"
    assert source.diagnostics[0].line >= 1 and source.diagnostics[0].column >= 1
    assert source.matches[0].event == "Spring Cup"


def test_binary_garbage_and_empty_files():
    assert diag_codes(load_file(BAD / "binary.tgn")) == [("binary_file", 1, 5)]
    assert diag_codes(load_bytes(bytes(range(1, 32)) * 20, "x.tgn"))[0][0] == "binary_file"
    assert diag_codes(load_file(BAD / "empty.tgn")) == [("empty_file", 1, 1)]
    assert diag_codes(load_bytes(gzip.compress(b""), "x.tgn.gz")) == [("empty_file", 1, 1)]
    assert diag_codes(load_bytes(b"\n  \n", "x.json")) == [("empty_file", 1, 1)]


def test_invalid_and_wrong_shape_json_files():
    assert diag_codes(load_file(BAD / "invalid.json")) == [("invalid_json", 3, 47)]
    source = load_file(BAD / "wrong_shape.json")
    # hand 2 is one trick without its deal lines: missing_deal (issue 21 case 3)
    assert [d.code for d in source.diagnostics] == ["json_shape", "missing_deal", "json_shape"]
    assert len(source.matches) == 1


def test_format_is_sniffed_when_the_extension_says_nothing():
    (m,), _ = parse_tgn(CHINESE)
    assert load_bytes(format_tgn(m).encode(), "stdin").format == "tgn"
    assert load_bytes(format_json(m).encode(), "stdin").format == "json"
    assert load_bytes(format_jsonl([m, m]).encode(), "stdin").format == "jsonl"
    assert load_bytes(("[" + format_json(m) + "]").encode(), "stdin").format == "json"


def test_sha256_is_of_the_raw_bytes_and_lines_quote_the_text():
    data = CHINESE.encode("gbk")
    source = load_bytes(data, "r.tgn")
    assert source.sha256 == hashlib.sha256(data).hexdigest()
    assert source.line_text(15).startswith("1. 北: 黑桃A") and source.line_text(999) == ""


def test_diagnostics_carry_their_line_text():
    source = load_file(BAD / "unknown_card.tgn")
    (d,) = [d for d in source.diagnostics if d.code == "unknown_card"]     # beside missing_deal (issue 21)
    assert d.text == source.line_text(d.line) == "1. N: SA SA, E: S3 S11, S: SK SK, W: S5 S5"
    assert d.located("x.tgn").startswith("x.tgn:5:20: unknown card 'S11'")


def test_every_bad_fixture_loads_without_a_traceback():
    for path in iter_inputs([BAD]):
        source = load_file(path)
        assert source.diagnostics, path
        for d in source.diagnostics:
            assert d.message and d.line >= 1 and d.column >= 1


def test_iter_inputs_expands_folders_globs_and_files_once(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b").mkdir()
    for name in ("a/one.tgn", "a/b/two.json", "a/b/three.jsonl.gz", "a/skip.txt", "four.TGN"):
        (tmp_path / name).write_text("x")
    found = list(iter_inputs([tmp_path / "a"]))
    assert [p.name for p in found] == ["three.jsonl.gz", "two.json", "one.tgn"]
    globbed = list(iter_inputs([str(tmp_path / "**" / "*.tgn"), tmp_path / "a" / "one.tgn"]))
    assert [p.name for p in globbed] == ["one.tgn"]                  # once, though named twice
    assert [p.name for p in iter_inputs([tmp_path / "four.TGN"])] == ["four.TGN"]
    assert [p.name for p in iter_inputs([tmp_path / "a" / "skip.txt"])] == ["skip.txt"]    # named files as given
    missing = list(iter_inputs([tmp_path / "nope.tgn"]))
    assert missing == [tmp_path / "nope.tgn"]
    with pytest.raises(OSError):
        load_file(missing[0])


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom_is_read_and_named(codec):
    """Notepad's "Unicode" without its BOM: the record is read (hands judged) and the file
    gets one decode_error at 1:1 that names UTF-16, so the referee can save it as UTF-8."""
    source = load_bytes(CHINESE.encode(codec), "r.tgn")
    assert [d.code for d in source.diagnostics] == ["decode_error"]
    d = source.diagnostics[0]
    assert (d.line, d.column) == (1, 1) and "UTF-16" in d.message and codec.upper() in d.message
    assert source.matches and source.matches[0] == load_bytes(CHINESE.encode("utf-8"), "r.tgn").matches[0]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom_written_mostly_in_chinese_is_read_too(codec):
    text = ('[Event "春季杯"]\n[North "张伟"]\n[East "李娜"]\n[South "王芳"]\n[West "刘洋"]\n[Hand "1"]\n'
            '[SetUp "1"]\n[Dealer "北"]\n[Trump "红桃"]\n[Level "2"]\n北: 黑桃A 黑桃A\n东: 黑桃3 黑桃4\n南: 黑桃K 黑桃K\n'
            '西: 黑桃5 黑桃5\n1. 北: 黑桃A 黑桃A, 东: 黑桃3 黑桃4, 南: 黑桃K 黑桃K, 西: 黑桃5 黑桃5\n')
    text = text.replace("[Hand", "{" + "第二轮第五桌，全程由裁判记录；北家拆对一事双方有争议，请裁判长复核。" * 4 + "}\n[Hand")
    data = text.encode(codec)
    half = data[1::2] if codec.endswith("le") else data[0::2]
    assert half.count(0) * 10 < len(half) * 6            # few NULs: the ratio alone would miss it
    source = load_bytes(data, "r.tgn")
    assert [d.code for d in source.diagnostics] == ["decode_error"]
    assert source.matches[0].players == ("张伟", "李娜", "王芳", "刘洋")


def test_binary_data_with_nul_bytes_is_still_binary():
    data = bytes(range(256)) * 8
    assert [d.code for d in load_bytes(data, "r.tgn").diagnostics] == ["binary_file"]

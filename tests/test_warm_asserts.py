"""tests/warm_asserts.py (``make test``): the rewritten modules it writes are the ones pytest reads."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import warm_asserts  # noqa: E402
from _pytest.assertion import rewrite  # noqa: E402


def test_it_writes_a_rewritten_module_where_pytest_reads_it_and_only_once(tmp_path):
    source = tmp_path / "test_sample.py"
    source.write_text("def test_one():\n    x = [1, 2]\n    assert x == [1, 3]\n", "utf-8")
    assert warm_asserts.warm([str(source)]) == 1
    pyc = rewrite.get_cache_dir(source) / ("test_sample" + rewrite.PYC_TAIL)
    code = rewrite._read_pyc(source, pyc)
    assert code is not None
    space: dict = {}
    exec(code, space)
    try:
        space["test_one"]()
    except AssertionError as exc:
        message = str(exc)
    else:
        raise AssertionError("the sample's assert passed")
    assert "[1, 2] == [1, 3]" in message, message      # pytest's explanation: the rewritten assert, not a plain one
    assert warm_asserts.warm([str(source)]) == 0        # already written for this source: left alone
    source.write_text(source.read_text("utf-8") + "\n\n# changed\n", "utf-8")
    assert warm_asserts.warm([str(source)]) == 1        # a changed source is written again


def test_a_module_that_does_not_compile_is_left_to_the_run(tmp_path):
    # nothing written for it (the suite's own run then rewrites it and reports the error), and no exception
    bad = tmp_path / "test_bad.py"
    bad.write_text("def test(:\n", "utf-8")
    assert warm_asserts.warm([str(bad)]) == 0
    assert not (rewrite.get_cache_dir(bad) / ("test_bad" + rewrite.PYC_TAIL)).exists()

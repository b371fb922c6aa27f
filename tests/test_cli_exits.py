"""Exit codes the shell sees when the command's surroundings go away: a closed output pipe
(``tractor check | head``) is 141, never 1 (a violation found); Ctrl-C while the command is still
being imported is 130 with one bilingual line, never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from tractor_analysis.cli.common import EXIT_BROKEN_PIPE, EXIT_CODES, EXIT_INTERRUPTED

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(os.path.dirname(HERE), "sample_logs")
RUN = "from tractor_analysis.cli import run; run()"


def _closed_pipe(args: list[str]) -> tuple[int, str]:
    """Run ``tractor ARGS`` with its output's reader gone before it writes a byte."""
    proc = subprocess.Popen([sys.executable, "-c", RUN, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()                 # the reader goes away: every write is EPIPE
    err = proc.stderr.read().decode("utf-8", "replace")
    return proc.wait(timeout=120), err


def test_closed_pipe_is_141_quietly():
    for args in (["check", SAMPLES], ["check", SAMPLES, "--json"], ["replay", os.path.join(SAMPLES, "disputed-trick.tgn")]):
        code, err = _closed_pipe(args)
        assert code == EXIT_BROKEN_PIPE == 141, (args, code, err)
        assert "Traceback" not in err and "Exception ignored" not in err, (args, err)
    assert EXIT_BROKEN_PIPE in EXIT_CODES


def test_open_pipe_keeps_the_verdict_code():
    # the same command read to the end keeps its own exit code (1: the sample has a violation)
    done = subprocess.run([sys.executable, "-c", RUN, "check", SAMPLES], capture_output=True)
    assert done.returncode == 1 and done.stdout


def test_ctrl_c_while_importing_the_commands():
    script = textwrap.dedent('''
        import sys
        class Interrupt:
            def find_spec(self, name, path=None, target=None):
                if name == "tractor_analysis.cli.main":
                    raise KeyboardInterrupt
                return None
        sys.meta_path.insert(0, Interrupt())
        from tractor_analysis.cli import run
        run()
    ''')
    done = subprocess.run([sys.executable, "-c", script, "check", SAMPLES], capture_output=True, text=True)
    assert done.returncode == EXIT_INTERRUPTED == 130
    assert done.stderr == "interrupted / 已中断\n"
    assert done.stdout == ""

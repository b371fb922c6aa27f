"""What the benchmarks read of a process's memory (Linux ``/proc``; elsewhere zeros and no-ops)."""
from __future__ import annotations


def status(pid: int | str, key: str) -> int:
    """A ``/proc/PID/status`` figure in bytes (``key`` e.g. ``"VmHWM:"``, ``"VmRSS:"``); 0 if unknown."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def reset_peak() -> None:
    """Reset this process's peak resident memory (VmHWM): the next reading is the peak of what follows."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass

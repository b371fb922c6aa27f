#!/bin/sh
# Install what the browser tests need: Debian's chromium (and a CJK font, so the
# screenshots show the Chinese text).  Never fails the build: where nothing can be
# installed (no apt-get, not root, no network, apt locked past the timeout) the browser
# tests skip, each saying why; apt's own error is shown here and kept in
# test-artifacts/install_browser.log, which the skip messages quote.
# Usage: sh tests/install_browser.sh      (APT_LOCK_TIMEOUT: seconds to wait for apt's lock, default 120)
CHROMIUM="${TRACTOR_CHROMIUM:-/usr/bin/chromium}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
LOG="${INSTALL_BROWSER_LOG:-$HERE/test-artifacts/install_browser.log}"
WAIT="${APT_LOCK_TIMEOUT:-120}"
mkdir -p "$(dirname "$LOG")"
note() {
    echo "install_browser: $*"
    echo "$*" >> "$LOG"
}
: > "$LOG"
if [ -x "$CHROMIUM" ]; then
    note "$CHROMIUM is installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    note "no apt-get here; browser tests will skip (set TRACTOR_CHROMIUM to a chromium binary)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        note "not root and no password-less sudo; browser tests will skip"
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
ERR="$(mktemp)"
# apt waits up to $WAIT seconds for a lock another apt holds (unattended upgrades) instead of failing
apt() {
    $SUDO apt-get -o "DPkg::Lock::Timeout=$WAIT" "$@" >/dev/null 2>"$ERR"
}
shown() {
    # apt's error, so that a locked or failing apt says why
    if [ -s "$ERR" ]; then
        echo "install_browser: apt-get $1 said:"
        sed 's/^/    /' "$ERR" | tail -n 8
        { echo "apt-get $1 said:"; tail -n 8 "$ERR"; } >> "$LOG"
    fi
}
echo "install_browser: installing chromium with apt-get (waits up to ${WAIT}s for apt's lock; may take a minute)"
if apt install -y -q chromium fonts-wqy-microhei; then
    :
else
    shown "install"
    if apt update -q; then
        apt install -y -q chromium fonts-wqy-microhei || { shown "install (after update)"; apt install -y -q chromium; } \
            || shown "install chromium"
    else
        shown "update"
    fi
fi
rm -f "$ERR"
if [ -x "$CHROMIUM" ]; then
    note "$CHROMIUM is installed"
else
    note "apt-get could not install chromium (see above); browser tests will skip"
fi
exit 0

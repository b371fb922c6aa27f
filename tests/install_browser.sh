#!/bin/sh
# Install what the browser tests need: Debian's chromium (and a CJK font, so the
# screenshots show the Chinese text).  Never fails the build: where nothing can be
# installed (no apt-get, not root, no network) the browser tests skip with a message.
# Usage: sh tests/install_browser.sh
CHROMIUM="${TRACTOR_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    echo "install_browser: $CHROMIUM is installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_browser: no apt-get here; browser tests will skip (set TRACTOR_CHROMIUM to a chromium binary)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install_browser: not root and no password-less sudo; browser tests will skip"
        exit 0
    fi
fi
echo "install_browser: installing chromium with apt-get (may take a minute)"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -q chromium fonts-wqy-microhei >/dev/null 2>&1 \
    || { $SUDO apt-get update -q >/dev/null 2>&1 && $SUDO apt-get install -y -q chromium fonts-wqy-microhei >/dev/null 2>&1; } \
    || $SUDO apt-get install -y -q chromium >/dev/null 2>&1 \
    || echo "install_browser: apt-get could not install chromium; browser tests will skip"
[ -x "$CHROMIUM" ] && echo "install_browser: $CHROMIUM is installed"
exit 0

#!/usr/bin/env bash
# Installs what GridBench needs beyond the Swift toolchain: jemalloc (the gridbench
# binary links it to measure memory). Safe to run again: it installs only what is missing.
set -euo pipefail

have_jemalloc() {
    [ -e /usr/include/jemalloc/jemalloc.h ] || [ -e /usr/local/include/jemalloc/jemalloc.h ] || return 1
    compgen -G "/usr/lib/*/libjemalloc.so" >/dev/null || [ -e /usr/lib/libjemalloc.so ] || [ -e /usr/local/lib/libjemalloc.so ]
}

if ! command -v swift >/dev/null 2>&1; then
    echo "bootstrap: no 'swift' on PATH; install Swift 6.1 or later (swift.org) first." >&2
    exit 1
fi

if ! have_jemalloc; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "bootstrap: jemalloc is missing and apt-get is not available here;" >&2
        echo "           install jemalloc's development files (headers and libjemalloc.so) and run again." >&2
        exit 1
    fi
    sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "bootstrap: jemalloc is missing; run as root or install libjemalloc-dev yourself." >&2
            exit 1
        fi
    fi
    echo "bootstrap: installing libjemalloc-dev…" >&2
    $sudo apt-get install -y libjemalloc-dev >/dev/null 2>&1 || {
        $sudo apt-get update >/dev/null
        $sudo apt-get install -y libjemalloc-dev >/dev/null
    }
fi

#!/usr/bin/env bash
# Builds `gridbench` in release with the Swift standard library linked statically, and
# installs it as PREFIX/bin/gridbench, for someone who wants the tool and not the package.
#
#     bash scripts/install.sh [--prefix DIR]      (DIR defaults to /usr/local)
#
# It needs a Swift toolchain to build (6.1 or later) and installs jemalloc's development files
# where they are missing (scripts/bootstrap.sh, with apt-get). The installed binary needs no
# Swift toolchain to run; it does need jemalloc's shared library (libjemalloc2 on Debian and
# Ubuntu), which gridbench links to measure memory.
#
# The build has a directory of its own, .build-static, so that it does not take the place of
# the release build in .build that `swift build -c release` and the CI steps use.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/install.sh [--prefix DIR]

Builds gridbench in release with the Swift standard library linked statically and installs
it as DIR/bin/gridbench.

  --prefix DIR   where to install (default /usr/local); DIR/bin is created if missing.
                 A DIR you cannot write to (such as /usr/local as a user) needs sudo, or
                 choose one you own: --prefix "$HOME/.local"
  -h, --help     show this help

Needs Swift 6.1 or later to build (https://www.swift.org/install/linux/); installs jemalloc's
development files with apt-get if they are missing. The installed binary needs jemalloc's
shared library at run time (Debian and Ubuntu: libjemalloc2), and no Swift toolchain.
EOF
}

fail() {
    echo "install: $*" >&2
    exit 1
}

prefix=/usr/local
while [ $# -gt 0 ]; do
    case "$1" in
        -h | --help)
            usage
            exit 0
            ;;
        --prefix)
            [ $# -ge 2 ] || fail "--prefix needs a directory, for example --prefix \"\$HOME/.local\""
            [ -n "$2" ] || fail "--prefix is empty; give a directory, for example --prefix \"\$HOME/.local\""
            prefix=$2
            shift 2
            ;;
        --prefix=*)
            prefix=${1#--prefix=}
            [ -n "$prefix" ] || fail "--prefix is empty; give a directory, for example --prefix \"\$HOME/.local\""
            shift
            ;;
        *)
            echo "install: unknown argument '$1'" >&2
            usage >&2
            exit 2
            ;;
    esac
done

# A relative prefix is relative to where the script was run from, not to the repository.
case "$prefix" in
    /*) ;;
    *) prefix="$PWD/$prefix" ;;
esac

cd "$(dirname "$0")/.."
root=$(pwd)

# Check where it goes before a build of several minutes, not after.
bin="$prefix/bin"
if [ -e "$bin" ] && [ ! -d "$bin" ]; then
    fail "$bin exists and is not a directory"
fi
mkdir -p "$bin" 2>/dev/null ||
    fail "cannot create $bin; run with sudo, or choose a directory you own: --prefix \"\$HOME/.local\""
[ -w "$bin" ] ||
    fail "cannot write to $bin; run with sudo, or choose a directory you own: --prefix \"\$HOME/.local\""

command -v swift >/dev/null 2>&1 ||
    fail "no 'swift' on PATH: building gridbench needs Swift 6.1 or later (https://www.swift.org/install/linux/)"

bash scripts/bootstrap.sh

echo "install: building gridbench in release, Swift standard library linked statically (several minutes)…" >&2
swift build -c release --product gridbench --static-swift-stdlib --scratch-path "$root/.build-static"
built="$root/.build-static/release/gridbench"
[ -x "$built" ] || fail "the build finished but $built is missing"

# Copy then rename, so that a gridbench already running from $bin is never half overwritten.
tmp="$bin/.gridbench.install.$$"
trap 'rm -f "$tmp"' EXIT
cp "$built" "$tmp" || fail "cannot write $tmp"
chmod 755 "$tmp"
mv -f "$tmp" "$bin/gridbench" || fail "cannot move $tmp to $bin/gridbench"
trap - EXIT

echo "install: installed $bin/gridbench ($("$bin/gridbench" --version))" >&2
case ":$PATH:" in
    *":$bin:"*) ;;
    *) echo "install: $bin is not on your PATH; add it, or run $bin/gridbench" >&2 ;;
esac

#!/usr/bin/env bash
# Configures and builds into build/ (or $1 with extra cmake args after it). Uses ccache when the
# machine has it, so several checkouts on one machine share compiled objects. Warnings are errors
# here (RK_WERROR=ON), as in CI; a plain `cmake` build (a packager's) leaves them warnings.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}; shift || true
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths inside this checkout hash as relative ones, so a fresh clone elsewhere (CI's) reuses
  # what another checkout compiled; the checkout's own paths reach the tests through one file.
  export CCACHE_BASEDIR="$PWD"
  export CCACHE_NOHASHDIR=1
fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRK_WERROR=ON "${launcher[@]}" "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)"

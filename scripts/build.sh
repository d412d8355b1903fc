#!/usr/bin/env bash
# Configures and builds into build/ (or $1 with extra cmake args after it). Uses ccache when the
# machine has it, so several checkouts on one machine share compiled objects. Warnings are errors
# here (RK_WERROR=ON), as in CI; a plain `cmake` build (a packager's) leaves them warnings.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}; shift || true
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRK_WERROR=ON "${launcher[@]}" "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)"

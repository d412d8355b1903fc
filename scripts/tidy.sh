#!/usr/bin/env bash
# clang-tidy (.clang-tidy's checks) over every engine source, with the compile commands of a build
# folder (default build/, made by scripts/build.sh). Extra arguments go to clang-tidy. Fails on
# any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
if [ $# -gt 0 ] && [ -d "$1" ]; then dir=$1; shift; fi
[ -f "$dir/compile_commands.json" ] || { echo "tidy: no $dir/compile_commands.json (run scripts/build.sh first)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
git ls-files 'src/*.cpp' | xargs -P"$(nproc)" -n4 clang-tidy -p "$dir" --quiet "$@" > "$out" 2>&1 || status=$?
grep -v -E "^[0-9]+ warnings? (and [0-9]+ errors? )?generated\.$|^Suppressed [0-9]+ warnings|^Use -header-filter|^Use -system-headers" "$out" || true
exit "$status"

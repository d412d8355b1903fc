#!/usr/bin/env bash
# clang-tidy (.clang-tidy's checks) over every engine source, with the compile commands of a build
# folder (default build/, made by scripts/build.sh). Extra arguments go to clang-tidy. Fails on
# any finding. A source whose input is unchanged since it last passed is not checked again.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
if [ $# -gt 0 ] && [ -d "$1" ]; then dir=$1; shift; fi
[ -f "$dir/compile_commands.json" ] || { echo "tidy: no $dir/compile_commands.json (run scripts/build.sh first)" >&2; exit 2; }
# Each source is checked only when what clang-tidy reads of it changed since it last passed
# (scripts/tidy_cache.py says how that is told); a finding fails the run.
sources=()
while IFS= read -r f; do sources+=("$f"); done < <(git ls-files 'src/*.cpp')
exec python3 scripts/tidy_cache.py "$dir" "$@" -- "${sources[@]}"

#!/usr/bin/env bash
# Runs each libFuzzer target for a bounded time (seconds, default 20) on its seed corpus: the test
# cases, the bundled examples and the hostile corpus. New inputs libFuzzer finds go to a temporary
# folder, never into the checkout; a crash leaves its input in the working folder and fails.
# The targets come from a clang build with -DRK_FUZZ=ON (CI's sanitizer build is one).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-fuzz}
seconds=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {
  local target=$1
  shift
  mkdir -p "$work/$target"
  echo "== fuzz: $target for ${seconds} s"
  if ! "$dir/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$work/$target" "$@" > "$work/$target.log" 2>&1; then
    tail -n 60 "$work/$target.log"
    return 1
  fi
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$work/$target.log" || true
}
run ruleset_fuzz tests/cases/format rulesets/examples
run character_fuzz rulesets/examples/gravewatch/characters tests/hostile/corpus
run builder_fuzz docs/format/examples rulesets/5e-2014/characters tests/hostile/corpus
run tags_fuzz tests/play/corpus
run play_fuzz tests/play/corpus

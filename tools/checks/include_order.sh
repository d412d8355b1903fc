#!/usr/bin/env bash
# The include direction between stages (DESIGN.md "Pipeline"): a file under src/<stage>/ may
# include headers of its own stage and of the stages before it, never of a later one, and the
# format stage's internal readers (src/format/read*.hpp) only from inside src/format.
# Usage: include_order.sh [SRC_DIR]   (default: src beside this script's checkout)
# Prints every offending line as FILE:LINE: message, and exits 1 when there is one.
set -euo pipefail
src=${1:-"$(cd "$(dirname "$0")/../.." && pwd)/src"}
# The stages in pipeline order; a stage folder not listed here is itself an offence, so a new
# stage must take its place in the order before it can hold code.
stages=(diag json format sheet dice catalog builder play prompt store server cli)
rank() {
  local i
  for i in "${!stages[@]}"; do [ "${stages[$i]}" = "$1" ] && { echo "$i"; return; }; done
  echo -1
}
status=0
while IFS= read -r -d '' file; do
  rel=${file#"$src"/}
  stage=${rel%%/*}
  [ "$stage" = "$rel" ] && continue  # a file directly under src/ (none today)
  own=$(rank "$stage")
  if [ "$own" -lt 0 ]; then
    echo "$rel:1: the folder src/$stage is not a stage of the pipeline (add it to the order in $0)"
    status=1
    continue
  fi
  while IFS=: read -r line include; do
    target=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)".*/\1/' <<<"$include")
    target_stage=${target%%/*}
    [ "$target_stage" = "$target" ] && continue  # a header beside the file
    theirs=$(rank "$target_stage")
    [ "$theirs" -lt 0 ] && continue  # not one of ours (a test support header, a library)
    if [ "$theirs" -gt "$own" ]; then
      echo "$rel:$line: src/$stage includes \"$target\", a later stage ($target_stage comes after $stage)"
      status=1
    elif [ "$target_stage" = format ] && [ "$stage" != format ] && [[ "${target#format/}" == read.hpp || "${target#format/}" == read_*.hpp ]]; then
      echo "$rel:$line: \"$target\" is internal to src/format; include format/ruleset.hpp or a model header"
      status=1
    fi
  done < <(grep -n -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" || true)
done < <(find "$src" -type f \( -name '*.cpp' -o -name '*.hpp' \) -print0)
exit $status

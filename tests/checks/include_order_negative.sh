#!/usr/bin/env bash
# The include-order check must fail on a tree that breaks the order, each way it can be broken:
# a stage including a later stage, another stage including a format-internal reader header, and a
# folder that is not a stage. Passes only when the check catches all three and accepts the clean tree.
set -euo pipefail
check=$1
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/format" "$tree/sheet" "$tree/builder"
printf '#include "format/model.hpp"\n' > "$tree/sheet/ok.cpp"
bash "$check" "$tree" >/dev/null || { echo "the clean tree was refused"; exit 1; }
printf '#include "builder/builder.hpp"\n' > "$tree/sheet/bad.cpp"
out=$(bash "$check" "$tree") && { echo "a sheet file including the builder passed"; exit 1; }
grep -q 'sheet/bad.cpp:1: .*later stage' <<<"$out" || { echo "unexpected message: $out"; exit 1; }
rm "$tree/sheet/bad.cpp"
printf '#include "format/read.hpp"\n' > "$tree/builder/bad.cpp"
out=$(bash "$check" "$tree") && { echo "a builder file including format/read.hpp passed"; exit 1; }
grep -q 'internal to src/format' <<<"$out" || { echo "unexpected message: $out"; exit 1; }
rm "$tree/builder/bad.cpp"
mkdir -p "$tree/misc"
printf '#include "format/model.hpp"\n' > "$tree/misc/x.cpp"
out=$(bash "$check" "$tree") && { echo "a folder outside the stage order passed"; exit 1; }
grep -q 'not a stage' <<<"$out" || { echo "unexpected message: $out"; exit 1; }
echo "include order check: 4 passed, 0 failed"

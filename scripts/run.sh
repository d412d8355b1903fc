#!/usr/bin/env bash
# The README's main job (for now): build, check every bundled ruleset, print a computed sheet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh build
status=0
for pkg in rulesets/examples/*/; do
  echo "== rulekeeper check $pkg"
  ./build/src/rulekeeper check "$pkg" || status=1
done
echo "== rulekeeper sheet rulesets/examples/gravewatch rulesets/examples/gravewatch/characters/mira.json"
./build/src/rulekeeper sheet rulesets/examples/gravewatch rulesets/examples/gravewatch/characters/mira.json
exit $status

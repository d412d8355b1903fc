#!/usr/bin/env bash
# The README's main job (for now): build, check every bundled ruleset, print a computed sheet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh build
status=0
for pkg in rulesets/5e-2014/ rulesets/examples/*/; do
  echo "== rulekeeper check $pkg"
  ./build/src/rulekeeper check "$pkg" || status=1
done
echo "== rulekeeper sheet rulesets/examples/gravewatch rulesets/examples/gravewatch/characters/mira.json"
./build/src/rulekeeper sheet rulesets/examples/gravewatch rulesets/examples/gravewatch/characters/mira.json
echo "== rulekeeper sheet rulesets/5e-2014 rulesets/5e-2014/characters/sample-cleric.json"
./build/src/rulekeeper sheet rulesets/5e-2014 rulesets/5e-2014/characters/sample-cleric.json
exit $status

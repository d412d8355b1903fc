#!/usr/bin/env bash
# The README's main job (for now): build, check every bundled ruleset, print computed sheets, and
# build a 5e character with the guided builder from a list of actions, and play a recorded scene.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh build
status=0
for pkg in rulesets/5e-2014/ rulesets/examples/*/; do
  echo "== rulekeeper check $pkg"
  ./build/src/rulekeeper check "$pkg" || status=1
done
# The original product's three published rulesets, read in place (never copied into the project).
reference=../shared/reference/game-mode/examples
[ -d "$reference" ] || reference=/work/shared/reference/game-mode/examples
if [ -d "$reference" ]; then
  for f in "$reference"/*.json; do
    echo "== rulekeeper check $f"
    ./build/src/rulekeeper check "$f" || status=1
  done
fi
echo "== rulekeeper sheet rulesets/examples/gravewatch rulesets/examples/gravewatch/characters/mira.json"
./build/src/rulekeeper sheet rulesets/examples/gravewatch rulesets/examples/gravewatch/characters/mira.json
echo "== rulekeeper sheet rulesets/examples/low-reach rulesets/examples/low-reach/characters/wren.json"
./build/src/rulekeeper sheet rulesets/examples/low-reach rulesets/examples/low-reach/characters/wren.json
echo "== rulekeeper sheet rulesets/5e-2014 rulesets/5e-2014/characters/sample-cleric.json"
./build/src/rulekeeper sheet rulesets/5e-2014 rulesets/5e-2014/characters/sample-cleric.json
echo "== rulekeeper build rulesets/5e-2014 (blank) --actions docs/format/examples/half-elf-bard.actions.json"
./build/src/rulekeeper new rulesets/5e-2014 > build/blank-5e.json
./build/src/rulekeeper build rulesets/5e-2014 build/blank-5e.json \
  --actions docs/format/examples/half-elf-bard.actions.json --out build/half-elf-bard.json
echo "== rulekeeper sheet rulesets/5e-2014 build/half-elf-bard.json"
./build/src/rulekeeper sheet rulesets/5e-2014 build/half-elf-bard.json
# A recorded scene (rulesets/scenes/crypt-of-the-ghouls): a game of the 5e sample cleric and a
# fighter, then four Game Master replies applied in turn, each printed with its receipts in place.
scene=rulesets/scenes/crypt-of-the-ghouls
echo "== rulekeeper game new rulesets/5e-2014 (cleric, fighter) --out build/crypt-game.json"
./build/src/rulekeeper game new rulesets/5e-2014 rulesets/5e-2014/characters/sample-cleric.json \
  "$scene/bram-ashford.json" --out build/crypt-game.json
for reply in "$scene"/reply-*.txt; do
  echo "== rulekeeper apply rulesets/5e-2014 build/crypt-game.json $reply --out build/crypt-game.json"
  ./build/src/rulekeeper apply rulesets/5e-2014 build/crypt-game.json "$reply" --out build/crypt-game.json
done
exit $status

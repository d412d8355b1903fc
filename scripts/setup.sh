#!/usr/bin/env bash
# Installs the Debian packages the build needs (DESIGN.md "Dependencies"). Safe to re-run.
set -euo pipefail
# ccache is not needed to build; scripts/build.sh uses it so that checkouts on one machine (a
# developer's worktrees, CI's fresh clone) share compiled objects.
packages=(cmake g++ make libboost-json1.81-dev libcli11-dev libfmt-dev googletest libgtest-dev libbenchmark-dev libsimdjson-dev libicu-dev ccache)
# `setup.sh ci` adds what CI checks with: clang-format, clang-tidy, and clang with its libFuzzer
# runtime for the sanitizer and fuzz build.
if [ "${1:-}" = ci ]; then packages+=(clang clang-format clang-tidy libclang-rt-14-dev); fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  as_root=""
  [ "$(id -u)" -ne 0 ] && as_root="sudo"
  $as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq "${missing[@]}"
fi
# The differential test (tests/differential/, docs/testing.md) runs the original Game Mode
# validator, which needs node and npm; the validator itself fetches zod and esbuild into ~/.cache
# from the npm registry on first use.
node_packages=()
command -v node >/dev/null 2>&1 || node_packages+=(nodejs)
command -v npm >/dev/null 2>&1 || node_packages+=(npm)
if [ ${#node_packages[@]} -gt 0 ]; then
  as_root=""
  [ "$(id -u)" -ne 0 ] && as_root="sudo"
  $as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq "${node_packages[@]}"
fi

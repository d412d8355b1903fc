#!/usr/bin/env bash
# Installs the Debian packages the build needs (DESIGN.md "Dependencies"). Safe to re-run.
set -euo pipefail
packages=(cmake g++ make libboost-json1.81-dev libcli11-dev libfmt-dev googletest libgtest-dev libbenchmark-dev)
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

#!/usr/bin/env python3
"""Runs clang-tidy over the given sources, skipping each one whose exact input passed before.

A source's key hashes clang-tidy's version, .clang-tidy, the extra arguments and the source as the
compiler sees it (preprocessed with its comments, so a NOLINT counts, and with the checkout's
own path taken out, so another clone of the same commit finds the same keys). Only passes are
remembered, in ~/.cache/rulekeeper-tidy (RK_TIDY_CACHE overrides it); a finding is reported and
never cached, so a failing file is checked again every run.

Usage: tidy_cache.py BUILD_DIR [clang-tidy args...] -- SOURCE...
"""
import concurrent.futures
import hashlib
import json
import os
import shlex
import subprocess
import sys


def main() -> int:
    build_dir = sys.argv[1]
    rest = sys.argv[2:]
    split = rest.index("--")
    tidy_args, sources = rest[:split], rest[split + 1:]
    root = os.getcwd()
    cache = os.environ.get("RK_TIDY_CACHE", os.path.expanduser("~/.cache/rulekeeper-tidy"))
    os.makedirs(cache, exist_ok=True)
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        commands = {os.path.realpath(e["file"]): e for e in json.load(f)}
    version = subprocess.run(["clang-tidy", "--version"], capture_output=True, text=True).stdout
    with open(".clang-tidy", "rb") as f:
        config = f.read()

    def key_of(source: str) -> str:
        entry = commands.get(os.path.realpath(source))
        if entry is None:
            return ""
        argv = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
        flags, skip = [], False
        for arg in argv[1:]:
            if skip:
                skip = False
            elif arg in ("-o", "-c"):
                skip = True
            elif arg != entry["file"]:
                flags.append(arg)
        pre = subprocess.run(["clang++", *flags, "-Wno-unknown-warning-option", "-E", "-P", "-CC", entry["file"]],
                             capture_output=True, cwd=entry["directory"])
        if pre.returncode != 0:
            return ""
        h = hashlib.sha256()
        for part in (version.encode(), config, " ".join(tidy_args).encode(), source.encode(),
                     pre.stdout.replace(root.encode(), b"@ROOT@")):
            h.update(part)
            h.update(b"\0")
        return h.hexdigest()

    def check(source: str):
        key = key_of(source)
        if key and os.path.exists(os.path.join(cache, key)):
            return source, 0, "", True
        run = subprocess.run(["clang-tidy", "-p", build_dir, "--quiet", *tidy_args, source],
                             capture_output=True, text=True)
        if run.returncode == 0 and key:
            open(os.path.join(cache, key), "w").close()
        return source, run.returncode, run.stdout + run.stderr, False

    status, cached = 0, 0
    noise = ("warnings generated.", "warning generated.", "Suppressed ", "Use -header-filter", "Use -system-headers")
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for source, code, output, hit in pool.map(check, sources):
            cached += hit
            if code != 0:
                status = 1
            for line in output.splitlines():
                if not any(n in line for n in noise):
                    print(line)
    print(f"tidy: {len(sources)} sources, {cached} unchanged since they last passed", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())

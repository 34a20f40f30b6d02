#!/usr/bin/env bash
# make demo: the main job on the built-in example.
set -euo pipefail
SPADC=${1:-build/spadc}
"$SPADC" --version

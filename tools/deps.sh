#!/usr/bin/env bash
# Install the Debian packages spadc's build and tests need, if any is missing.
# On a fresh machine this runs as root (CI); elsewhere it uses sudo if present.
set -euo pipefail
PKGS=(cmake make gcc clang pkg-config libyaml-dev libomp-dev mlir-22-tools python3 python3-venv python3-pip valgrind chromium)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"

#!/usr/bin/env bash
# Installs what this repo needs on a fresh machine with Node 20 and apt: Debian's Chromium, the
# Liberation and Noto CJK fonts (the Storybook tests and their screenshot baselines render with
# them; zh-CN needs CJK glyphs), the pinned pnpm and the workspace's locked dependencies. Safe to run again; it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=12.4.2

apt_packages=()
[ -x /usr/bin/chromium ] || apt_packages+=(chromium)
[ -f /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || apt_packages+=(fonts-liberation)
[ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || apt_packages+=(fonts-noto-cjk)
if [ "${#apt_packages[@]}" -gt 0 ]; then
  echo "bootstrap: installing ${apt_packages[*]} with apt"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_packages[@]}"
fi

if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
  echo "bootstrap: installing pnpm $PNPM_VERSION"
  npm install --global "pnpm@$PNPM_VERSION"
fi

pnpm install --frozen-lockfile

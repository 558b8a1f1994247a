#!/usr/bin/env bash
# Installs what this repo needs on a fresh machine with Node 20 and apt: the pinned pnpm
# and the workspace's locked dependencies. Safe to run again; it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=12.4.2

if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
  echo "bootstrap: installing pnpm $PNPM_VERSION"
  npm install --global "pnpm@$PNPM_VERSION"
fi

pnpm install --frozen-lockfile

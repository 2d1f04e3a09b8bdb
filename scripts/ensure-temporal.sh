#!/usr/bin/env bash
# Prints the path of a Temporal CLI. Order: one already on PATH, the cached build in
# .toolchain/bin, a build from the Go module proxy, the official release archive.
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.5.1
cached="$PWD/.toolchain/bin/temporal"

if command -v temporal >/dev/null 2>&1; then command -v temporal; exit 0; fi
if [ -x "$cached" ]; then echo "$cached"; exit 0; fi

mkdir -p .toolchain/bin
go_bin=$(command -v go || true)
[ -z "$go_bin" ] && [ -x /usr/local/go/bin/go ] && go_bin=/usr/local/go/bin/go
if [ -n "$go_bin" ]; then
  echo "Temporal CLI v$version wordt gebouwd uit de Go module proxy (alleen de eerste keer, enkele minuten)..." >&2
  # Later tags carry a replace directive and cannot be go-installed.
  GOBIN="$PWD/.toolchain/bin" GOTOOLCHAIN=local "$go_bin" install "github.com/temporalio/cli/cmd/temporal@v$version" >&2
else
  arch=$(uname -m); case "$arch" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; esac
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  echo "Temporal CLI v$version wordt gedownload (release archive)..." >&2
  curl -fsSL "https://github.com/temporalio/cli/releases/download/v$version/temporal_cli_${version}_${os}_${arch}.tar.gz" \
    | tar -xz -C .toolchain/bin temporal
fi
echo "$cached"

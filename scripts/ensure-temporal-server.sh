#!/usr/bin/env bash
# Prints three lines: Temporal's full server, its SQL schema tool, and the directory holding the
# PostgreSQL schemas of that version. Built once from the Go module proxy into .toolchain (ADR 0100);
# the same server version the CLI of ensure-temporal.sh embeds. Used by `npm run stack:production`
# and the test that kills the server on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.29.1
dir="$PWD/.toolchain/temporal-server-$version"

go_bin=$(command -v go || true)
[ -z "$go_bin" ] && [ -x /usr/local/go/bin/go ] && go_bin=/usr/local/go/bin/go
if [ -z "$go_bin" ]; then
  echo "Go ontbreekt: Temporal's server v$version wordt uit de Go module proxy gebouwd (zie docs/temporal-production.md)." >&2
  exit 1
fi

if [ ! -x "$dir/bin/server" ] || [ ! -x "$dir/bin/sql" ] || [ ! -d "$dir/schema/postgresql" ]; then
  echo "Temporal server v$version wordt gebouwd uit de Go module proxy (alleen de eerste keer, enkele minuten)..." >&2
  mkdir -p "$dir/bin"
  GOBIN="$dir/bin" GOTOOLCHAIN=local nice "$go_bin" install "go.temporal.io/server/cmd/server@v$version" "go.temporal.io/server/cmd/tools/sql@v$version" >&2
  # The schemas ship in the module; copied so the module cache may be cleaned without breaking this.
  module_dir=$(GOTOOLCHAIN=local "$go_bin" mod download -json "go.temporal.io/server@v$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  rm -rf "$dir/schema" && mkdir -p "$dir/schema"
  cp -r "$module_dir/schema/postgresql" "$dir/schema/postgresql"
  chmod -R u+w "$dir/schema"
fi
echo "$dir/bin/server"
echo "$dir/bin/sql"
echo "$dir/schema/postgresql/v12"

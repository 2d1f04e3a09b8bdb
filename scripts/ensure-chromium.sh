#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; the Playwright browser download cannot work offline.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
echo "Chromium wordt geïnstalleerd voor de browsertests..." >&2
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq >&2
$sudo_cmd apt-get install -y -qq chromium fonts-dejavu-core >&2

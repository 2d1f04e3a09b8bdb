#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; the Playwright browser download cannot work offline.
# espeak-ng speaks the Dutch sentence the dictation test plays through Chromium's fake microphone;
# it is optional (the test falls back to a tone), so failing to install it fails nothing.
set -euo pipefail
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium wordt geïnstalleerd voor de browsertests..." >&2
  $sudo_cmd apt-get update -qq >&2
  $sudo_cmd apt-get install -y -qq chromium fonts-dejavu-core >&2
fi
if ! command -v espeak-ng >/dev/null; then
  echo "espeak-ng wordt geïnstalleerd voor de dicteertest..." >&2
  { $sudo_cmd apt-get install -y -qq espeak-ng >&2 || { $sudo_cmd apt-get update -qq >&2 && $sudo_cmd apt-get install -y -qq espeak-ng >&2; }; } ||
    echo "espeak-ng niet geïnstalleerd: de dicteertest gebruikt een toon." >&2
fi
exit 0

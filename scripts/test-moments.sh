#!/usr/bin/env bash
# The clock stage (issue 37, ADR 0054): the tests that read "today" run again at four moments a ward
# lives through and a weekday CI run never sees. The whole stack (vitest, the web app, the worker,
# an embedded PostgreSQL and Chromium) runs under libfaketime, shifted by one offset from the real
# clock, so every process agrees on the moment and time still flows. Temporal's Go server keeps
# the real clock (Go reads time without libc); workflows never read the time themselves (their
# activities do), so only Temporal's own history timestamps are real.
#
#   bash scripts/test-moments.sh            all four moments
#   bash scripts/test-moments.sh zondag-2359   one of them (by name)
#
# With CLOCK_STAGE_DEADLINE (seconds since the epoch, set by .ci/run from CI's time left) a run that
# would not finish before it is skipped with a line saying so, not started and cut short: the four
# unit runs first, then the four stacks, each estimated from the last run of its kind (ADR 0054).
set -uo pipefail
cd "$(dirname "$0")/.."

find_lib() { ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -1; }
lib=$(find_lib)
if [ -z "$lib" ]; then
  echo "libfaketime wordt geïnstalleerd voor de klokfase..." >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  { $sudo_cmd apt-get install -y -qq faketime >&2 || { $sudo_cmd apt-get update -qq >&2 && $sudo_cmd apt-get install -y -qq faketime >&2; }; }
  lib=$(find_lib)
  [ -z "$lib" ] && { echo "libfaketime niet gevonden" >&2; exit 1; }
fi

# Europe/Amsterdam. 28 March 2027 has no 02:30 (02:00 CET jumps to 03:00 CEST): "02:30" on the
# old clock is 01:30 UTC. On 31 October 2027 02:30 comes twice: the first (CEST) is 00:30 UTC, and
# the repeated hour follows while the tests run.
moments=(
  "zaterdag-1000 2026-12-05T10:00:00+01:00"
  "zondag-2359 2026-12-06T23:59:00+01:00"
  "zomertijd-begint-0230 2027-03-28T01:30:00Z"
  "zomertijd-eindigt-0230 2027-10-31T00:30:00Z"
)

# What reads the calendar or the clock: every unit test, and the stack tests of the agenda, the
# assistant, the handover (single and ward), medication and shifts, and issue 44's acceptance
# scenario (a ward's day and night through its nine points, on whatever day the clock says).
stack_files=(
  tests/integration/agenda.int.test.ts
  tests/integration/agenda-pages.int.test.ts
  tests/integration/handover.int.test.ts
  tests/integration/handover-counts.int.test.ts
  tests/integration/medication.int.test.ts
  tests/integration/chat.int.test.ts
  tests/e2e/agenda-work.e2e.test.ts
  tests/e2e/assistant.e2e.test.ts
  tests/e2e/handover.e2e.test.ts
  tests/e2e/medication.e2e.test.ts
  tests/e2e/weekend-ward.e2e.test.ts
)

# Runs a command with every process on the clock at `moment` (seconds since the epoch) from now on,
# stopped (with everything it started) at the deadline if there is one. `timeout` itself runs on the
# real clock.
at() {
  local moment=$1
  shift
  local offset=$((moment - $(date +%s)))
  [ "$offset" -ge 0 ] && offset="+$offset"
  local limit=0
  [ -n "${CLOCK_STAGE_DEADLINE:-}" ] && limit=$((CLOCK_STAGE_DEADLINE - $(date +%s)))
  timeout --kill-after=20 "$limit" env FAKETIME="$offset" FAKETIME_DONT_FAKE_MONOTONIC=1 LD_PRELOAD="$lib" "$@"
}

# What a run of each kind is expected to take, in seconds: a first guess for a slow CI machine,
# then 1.3 times the last run of that kind.
declare -A needs=([unit]=300 [stack]=700)
skipped=.cache/klokfase-overgeslagen.txt
# True when the run `name-part` fits before the deadline; else says why and notes it as skipped.
fits() {
  [ -z "${CLOCK_STAGE_DEADLINE:-}" ] && return 0
  local left=$((CLOCK_STAGE_DEADLINE - $(date +%s)))
  [ "$left" -ge "${needs[$2]}" ] && return 0
  echo "Klokfase $1-$2: overgeslagen, nog $left s van de CI-tijd, geschat ${needs[$2]} s nodig" | tee -a "$skipped"
  return 1
}
# Times a run of kind `part` so the next one of that kind is estimated from it.
timed() {
  local part=$1 started
  shift
  started=$(date +%s)
  "$@"
  local rc=$?
  needs[$part]=$(((($(date +%s) - started) * 13 + 9) / 10))
  return $rc
}

# A count from a result file (numTotalTests, numFailedTests); -1 when there is no readable file.
count_in() {
  node -e 'const fs = require("node:fs"); let r; try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { r = {}; } console.log(r[process.argv[2]] ?? -1);' "$1" "$2"
}
# True when no test ran (or there is no result): the stack's setup failed.
ran_nothing() { [ "$(count_in "$1" numTotalTests)" -le 0 ]; }
# True when a test failed (or there is no result): the status follows the results, not only vitest's exit.
failed_any() { [ "$(count_in "$1" numFailedTests)" -ne 0 ]; }


only=${1:-}
status=0
mkdir -p .cache
rm -f .cache/vitest-moment-*.json "$skipped"
selected=()
for entry in "${moments[@]}"; do
  [ -n "$only" ] && [ "$only" != "${entry%% *}" ] && continue
  selected+=("$entry")
done

# The unit project at each moment: every test that reads the calendar, cheap beside a stack.
for entry in "${selected[@]}"; do
  name=${entry%% *}
  moment=$(date -d "${entry#* }" +%s)
  fits "$name" unit || continue
  echo "== Klokfase $name (unit): ${entry#* }"
  timed unit at "$moment" npx vitest run --project unit --reporter=default --reporter=json \
    --outputFile.json=".cache/vitest-moment-$name-unit.json" || status=1
  failed_any ".cache/vitest-moment-$name-unit.json" && status=1
done

for entry in "${selected[@]}"; do
  name=${entry%% *}
  moment=$(date -d "${entry#* }" +%s)
  fits "$name" stack || continue
  echo "== Klokfase $name (stack): ${entry#* }"
  # The stack starts 20 seconds before the moment (database, Temporal, worker, web take 15–60 s;
  # the 11 files 80–250 s), so the tests run at it and on past it: across midnight after Sunday
  # 23:59, or on through the changing hour. With two minutes a fast quiet machine had finished
  # every test before midnight came (setup 16 s, the files 80 s): the Sunday night bug of ADR 0092
  # was only found where the machine was slow.
  # A stack that did not start ran no test (CI once saw "0 passed, 0 failed" at one moment, its
  # reason cut from the log): that start is tried once more, saying so; a failing test is never.
  for attempt in 1 2; do
    rm -rf .data/postgres-moment
    TEST_EMBEDDED_POSTGRES_DIR=.data/postgres-moment TEST_REUSE_BUILD=1 timed stack at "$((moment - 20))" \
      npx vitest run --project stack "${stack_files[@]}" --reporter=default --reporter=json \
      --outputFile.json=".cache/vitest-moment-$name-stack.json" && break
    if [ "$attempt" -eq 1 ] && ran_nothing ".cache/vitest-moment-$name-stack.json" && fits "$name" stack; then
      echo "Klokfase $name: de stack startte niet (zie de melding hierboven); nog één poging"
      continue
    fi
    status=1
    break
  done
  # A failed test fails the stage even when vitest's exit said otherwise (seen once under libfaketime).
  failed_any ".cache/vitest-moment-$name-stack.json" && status=1
done
rm -rf .data/postgres-moment
exit $status

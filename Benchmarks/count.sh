#!/usr/bin/env bash
# Instructions per unit (callgrind, measured region only) for a few cases, without the wall-clock
# runs: the quick check of one change on a busy machine.
#
#   bash Benchmarks/count.sh W1 W2 'W5-fold K=1000'         # Signals
#   IMPL=floor bash Benchmarks/count.sh W14                  # another implementation
#   BIN=/tmp/base.bin bash Benchmarks/count.sh W1           # a kept binary (stripped), e.g. a baseline
#
# Each case runs at compare.sh's divisor for it (1/10, 1/100 for the costliest, W5 whole).
# Needs valgrind. Prints "<case id> TAB <instructions per unit> TAB <units>" a line.
set -eu
cd "$(dirname "${BASH_SOURCE[0]}")"
impl="${IMPL:-signals}"
command -v valgrind >/dev/null || { echo "count.sh needs valgrind" >&2; exit 1; }
tmp="$(mktemp -d "${TMPDIR:-/tmp}/signals-count.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
if [[ -n "${BIN:-}" ]]; then
    cp "$BIN" "$tmp/bin"   # an earlier build's stripped copy (BIN=/path), e.g. a baseline
else
    swift build -c release --product workload-run >/dev/null
    objcopy --strip-debug "$(swift build -c release --show-bin-path)/workload-run" "$tmp/bin"
fi
for id in "$@"; do
    divisor="$(bash ./divisor.sh "$id")"
    line="$(WORKLOAD_DIVISOR="$divisor" valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
        --toggle-collect='*measuredRegion*' "$tmp/bin" --no-check "$impl" "$id" 2>/dev/null)" || true
    units="$(cut -f2 <<<"$line")"
    total="$(grep -m1 -E '^(summary|totals):' "$tmp/cg" 2>/dev/null | awk '{print $2}')"
    if [[ "$units" =~ ^[0-9]+$ && -n "$total" ]]; then
        printf '%s\t%s\t%s\n' "$id" "$((total / units))" "$units"
    else
        printf '%s\t-\t(no run: %s)\n' "$id" "$line"
    fi
    rm -f "$tmp/cg"
done

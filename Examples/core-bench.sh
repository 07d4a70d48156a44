#!/usr/bin/env bash
# The rooms cores' instructions per unit, without HTTP: rooms-core-bench under callgrind at
# two sizes, the difference divided by the difference of the units (start-up and set-up do
# not count). Usage: bash Examples/core-bench.sh   (needs valgrind)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
command -v valgrind >/dev/null || { echo "core-bench.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product rooms-core-bench >/dev/null 2>&1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Without debug info: valgrind 3.19 gives up on the DWARF 5 of Swift 6.3.
objcopy --strip-debug "$(swift build -c release --show-bin-path)/rooms-core-bench" "$work/bench"
count() { # backend scenario size -> "units instructions"
    local units
    units="$(valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$work/bench" "$1" "$2" "$3" 2>/dev/null)"
    echo "$units $(grep -m1 -E '^(summary|totals):' "$work/cg" | awk '{print $2}')"
}
printf '| scenario | unit | Signals | AsyncStream | Signals / AsyncStream |\n|---|---|---:|---:|---:|\n'
for scenario in fanout:delivery:100:200 churn:connect:500:1000 publish:post:2000:4000; do
    IFS=: read -r name unit small large <<<"$scenario"
    per=()
    for backend in signals streams; do
        read -r u1 i1 <<<"$(count "$backend" "$name" "$small")"
        read -r u2 i2 <<<"$(count "$backend" "$name" "$large")"
        per+=($(( (i2 - i1) / (u2 - u1) )))
    done
    printf '| %s | %s | %s | %s | %s |\n' "$name" "$unit" "${per[0]}" "${per[1]}" \
        "$(awk -v a="${per[0]}" -v b="${per[1]}" 'BEGIN { printf "%.2f×", a / b }')"
done

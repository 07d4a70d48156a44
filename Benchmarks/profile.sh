#!/usr/bin/env bash
# Profiles one case of one implementation with callgrind (instruction counts: repeatable even on
# a busy machine) and prints the functions with the most instructions, inclusive and self.
#
#   bash Benchmarks/profile.sh CASE-ID [IMPLEMENTATION] [DIVISOR]
#   bash Benchmarks/profile.sh W6                  # Signals' W6 at 1/100 of its size
#   bash Benchmarks/profile.sh W2 opencombine 10
#
# Needs valgrind. The callgrind output file is kept in $TMPDIR (its path is printed), for
# callgrind_annotate or kcachegrind.
set -eu
cd "$(dirname "${BASH_SOURCE[0]}")"
id="${1:?usage: profile.sh CASE-ID [signals|opencombine|floor] [DIVISOR]}"
impl="${2:-signals}"
divisor="${3:-100}"
command -v valgrind >/dev/null || { echo "profile.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product workload-run >/dev/null
outfile="$(mktemp "${TMPDIR:-/tmp}/callgrind.$impl.${id// /_}.XXXXXX")"
# A copy without debug info: valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 emits (and
# gives up); the symbol table, which is all callgrind needs for function names, stays.
bin="$outfile.bin"
objcopy --strip-debug "$(swift build -c release --show-bin-path)/workload-run" "$bin"
# Only the workload is counted (not process start-up): collection is on inside measuredRegion.
line="$(WORKLOAD_DIVISOR="$divisor" valgrind --tool=callgrind --callgrind-out-file="$outfile" \
    --toggle-collect='*measuredRegion*' "$bin" --no-check "$impl" "$id" 2>"$outfile.log")"
units="$(cut -f2 <<<"$line")"
[[ "$units" =~ ^[0-9]+$ ]] || { echo "profile.sh: no case '$id' for $impl (workload-run printed: $line)" >&2; exit 1; }
total="$(grep -m1 -E '^(summary|totals):' "$outfile" | awk '{print $2}')"
echo "callgrind: $impl '$id' at 1/$divisor size ($units units): $total instructions, $((total / units)) per unit ($outfile)"
demangle() { if command -v swift >/dev/null; then swift demangle --simplified; else cat; fi; }
echo; echo "== inclusive (top 25)"
callgrind_annotate --inclusive=yes "$outfile" 2>/dev/null | grep -E '^ *[0-9,]+ ' | head -25 | demangle | sed -E 's/ \[[^]]*\]$//' | cut -c1-200
echo; echo "== self (top 25)"
callgrind_annotate "$outfile" 2>/dev/null | grep -E '^ *[0-9,]+ ' | head -25 | demangle | sed -E 's/ \[[^]]*\]$//' | cut -c1-200

#!/usr/bin/env bash
# The kernel rule (Contracts.md, section "The kernel rule"): a file under
# Sources/Signals/Operators/ is a composition of `bind` and other operators. It may use
# sources (`Subject`, `Signal.deferred`, `Signal.from`, timers …) but never the plumbing
# below them. This check fails, naming the file, line and rule, when an operator file
#   - constructs a raw signal (`Signal { observer in … }`) or an observer (`Observer(…)`),
#   - subscribes (`.subscribe(…)`, `._subscribe(…)`),
#   - touches the representation or the fold node (`_representation`, `_fold`),
#   - handles disposables (`AnyDisposable`, `CompoundDisposable`, `SerialDisposable`,
#     `DisposeBag`, the kernel's `_setUpstream` / `_dispose`),
#   - or names a `_`-prefixed declaration of Core/ that Core/Kernel.swift does not list as one
#     of the kernel's entry points (bind's internal forms, the fused stage, the constant fold,
#     promptness, the bindings' support types).
# Whole-line comments are skipped (doc comments may show plumbing in examples).
#
#   bash .ci/kernel-rule.sh [DIRECTORY]     # default: Sources/Signals/Operators
set -uo pipefail
cd "$(dirname "$0")/.."
dir="${1:-Sources/Signals/Operators}"

rules=(
    'a raw signal|(Signal|Self)[[:space:]]*(<[^>]*>)?(\.init)?[[:space:]]*(\([[:space:]]*)?\{[[:space:]]*[[:alnum:]_$]+[[:space:]]+in([[:space:]]|$)'
    'an observer|Observer[[:space:]]*(<[^>]*>)?[[:space:]]*(\.init)?[[:space:]]*(\(|\{)'
    # (`.subscribe(on: scheduler)` is an operator, not a subscription.)
    'a subscription|\.(_?subscribe|_subscribeSink)[[:space:]]*\(([^o]|o[^n]|on[^:]|$)'
    'the representation|_representation'
    'the fold node|_fold\b|_AssociativeFold'
    'a disposable|AnyDisposable|CompoundDisposable|SerialDisposable|DisposeBag|_SinkDisposable|_DisposedDisposable|_setUpstream|\._dispose\b'
)

files=$(find "$dir" -name '*.swift' | sort)
if [ -z "$files" ]; then echo "kernel rule: no Swift files under $dir"; exit 1; fi
found=0
for rule in "${rules[@]}"; do
    name="${rule%%|*}"
    pattern="${rule#*|}"
    # file:line:text, then drop whole-line comments (`//`, `///`).
    hits=$(grep -nE "$pattern" $files | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
    if [ -n "$hits" ]; then
        found=1
        while IFS= read -r hit; do echo "kernel rule: $name in an operator file: $hit"; done <<<"$hits"
    fi
done
# The kernel's entry points (Sources/Signals/Core/Kernel.swift): an operator file may name a
# `_`-prefixed declaration of Core/ only if Kernel.swift lists it (an entry with a first
# argument label, `_bind(stateless:)`, allows only calls with that label). A name the
# operator files declare themselves is theirs, not Core's.
kernel=Sources/Signals/Core/Kernel.swift
if [ ! -f "$kernel" ]; then
    echo "kernel rule: $kernel, the list of the kernel's entry points, is missing"
    exit 1
fi
names=$(mktemp -d)
trap 'rm -rf "$names"' EXIT
grep -oE '^// - `_[A-Za-z0-9_]+(\([A-Za-z_][A-Za-z0-9_]*:)?' "$kernel" | sed -e 's/^\/\/ - `//' -e 's/(_:$//' >"$names/listed"  # (_:) takes no label
declaration='(func|var|let|class|struct|enum|typealias|protocol|actor|case)[[:space:]]+_[A-Za-z0-9_]+'
find Sources/Signals/Core -name '*.swift' ! -path "$kernel" -print0 | xargs -0 grep -hoE "$declaration" \
    | awk '{print $2}' | sort -u >"$names/core"
grep -hoE "$declaration" $files | awk '{print $2}' | sort -u >"$names/own"
# Every `_name` (with its first argument label, if any) on a line that is not a whole-line
# comment; a Core name the operator files do not declare themselves must be listed.
unlisted=$(awk -v dir="$names" '
    BEGIN {
        while ((getline n < (dir "/core")) > 0) isCore[n] = 1
        while ((getline n < (dir "/own")) > 0) isOwn[n] = 1
        while ((getline n < (dir "/listed")) > 0) ok[n] = 1
    }
    /^[[:space:]]*\/\// { next }
    {
        line = $0
        while (match(line, /(^|[^A-Za-z0-9_])_[A-Za-z][A-Za-z0-9_]*(\([A-Za-z_][A-Za-z0-9_]*:)?/)) {
            token = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
            sub(/^[^_]/, "", token)
            name = token; sub(/\(.*/, "", name)
            if (!(name in isCore) || (name in isOwn) || (name in ok) || (token in ok)) continue
            print FILENAME ":" FNR ": " token
        }
    }' $files)
if [ -n "$unlisted" ]; then
    found=1
    while IFS= read -r hit; do echo "kernel rule: a kernel name not listed in $kernel, in an operator file: $hit"; done <<<"$unlisted"
fi
if [ "$found" -ne 0 ]; then
    echo "FAILED: files in $dir must be compositions of bind and other operators (Contracts.md, \"The kernel rule\")"
    exit 1
fi
echo "kernel rule: $(wc -w <<<"$files") operator files, compositions only"

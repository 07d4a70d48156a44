#!/usr/bin/env bash
# The kernel rule (Contracts.md, section "The kernel rule"): a file under
# Sources/Signals/Operators/ is a composition of `bind` and other operators. It may use
# sources (`Subject`, `Signal.deferred`, `Signal.from`, timers …) but never the plumbing
# below them. This check fails, naming the file, line and rule, when an operator file
#   - constructs a raw signal (`Signal { observer in … }`) or an observer (`Observer(…)`),
#   - subscribes (`.subscribe(…)`, `._subscribe(…)`),
#   - touches the representation or the fold node (`_representation`, `_fold`),
#   - or handles disposables (`AnyDisposable`, `CompoundDisposable`, `SerialDisposable`,
#     `DisposeBag`, the kernel's `_setUpstream` / `_dispose`).
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
if [ "$found" -ne 0 ]; then
    echo "FAILED: files in $dir must be compositions of bind and other operators (Contracts.md, \"The kernel rule\")"
    exit 1
fi
echo "kernel rule: $(wc -w <<<"$files") operator files, compositions only"

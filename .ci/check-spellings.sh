#!/usr/bin/env bash
# Checks three migration promises against the built library (ComingFromRxSwift.md,
# ComingFromCombine.md):
#
#   bash .ci/check-spellings.sh        (after `swift build`)
#
# 1. Spellings that guide. Tests/Migration/SpellingsProbe.swift types RxSwift and Combine
#    spellings from habit; each must fail with the message of its unavailable declaration in
#    Sources/Signals/Migration/UnavailableSpellings.swift, every message there must appear,
#    and the probe must produce no other error.
# 2. Migrating file by file. Tests/Migration/RxSwiftStub.swift is a module named RxSwift that
#    declares the seven names Signals shares with RxSwift; Tests/Migration/RxSwiftClient.swift
#    imports both modules and must compile with no error and no warning.
# 3. RxSwift's type names. Tests/Migration/TypeNamesProbe.swift imports SignalsMigration and
#    types `Observable<Int>`, `BehaviorRelay<Int>`, …; each must fail with the message of its
#    declaration in Sources/SignalsMigration/, every message there must appear, and the Signals
#    module itself must declare none of those names.
# 4. The first lines of a port. A probe line that ends with `// shows: TEXT` (in either probe)
#    must fail, at that line, with "is unavailable: TEXT…": the line type-checks far enough to
#    show the message it is meant to show (`MainScheduler.instance`, `BehaviorRelay(value: 0)`,
#    `Driver.just(1)`, `Binder(self) { … }`, `Disposables.create { … }`, …).
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || { echo "build first: swift build"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# 1. Every message of an unavailable function or property (not of the helper enum, which the
#    functions' signatures name).
spellings=Sources/Signals/Migration/UnavailableSpellings.swift
awk '/@available\(\*, unavailable, message: "/ { line = $0; getline next_line;
        if (next_line !~ /enum /) { sub(/.*message: "/, "", line); sub(/"\)[[:space:]]*$/, "", line); print line } }' \
    "$spellings" > "$work/messages"
swiftc -typecheck -swift-version 6 -I "$modules" Tests/Migration/SpellingsProbe.swift > "$work/probe.log" 2>&1 || true
grep -E '^Tests/Migration/SpellingsProbe\.swift:[0-9]+:[0-9]+: error:' "$work/probe.log" > "$work/errors" || true
expected=$(wc -l < "$work/messages")
missing=0
while IFS= read -r message; do
    if ! grep -qF "is unavailable: $message" "$work/errors"; then
        echo "== no probe line produces: $message"
        missing=$((missing + 1))
    fi
done < "$work/messages"
others=$(grep -v 'is unavailable: ' "$work/errors" || true)
if [ -n "$others" ]; then
    echo "== the probe fails for another reason than an unavailable spelling:"
    echo "$others" | head -10 | sed 's/^/   /'
    failed=1
fi
[ "$missing" = 0 ] || failed=1
echo "spellings: $expected messages, $((expected - missing)) produced by the probe"

# 3. RxSwift's type names, in the opt-in SignalsMigration module.
awk '/@available\(\*, unavailable, message: "/ { line = $0; sub(/.*message: "/, "", line); sub(/"\)[[:space:]]*$/, "", line); print line }' \
    Sources/SignalsMigration/*.swift > "$work/type-messages"
swiftc -typecheck -swift-version 6 -I "$modules" Tests/Migration/TypeNamesProbe.swift > "$work/types.log" 2>&1 || true
grep -E '^Tests/Migration/TypeNamesProbe\.swift:[0-9]+:[0-9]+: error:' "$work/types.log" > "$work/type-errors" || true
type_expected=$(wc -l < "$work/type-messages")
type_missing=0
while IFS= read -r message; do
    if ! grep -qF "is unavailable: $message" "$work/type-errors"; then
        echo "== no type-name probe line produces: $message"
        type_missing=$((type_missing + 1))
    fi
done < "$work/type-messages"
type_others=$(grep -v 'is unavailable: ' "$work/type-errors" || true)
if [ -n "$type_others" ]; then
    echo "== the type-name probe fails for another reason than an unavailable name:"
    echo "$type_others" | head -10 | sed 's/^/   /'
    failed=1
fi
[ "$type_missing" = 0 ] || failed=1
for name in Observable BehaviorRelay PublishRelay PublishSubject Driver MainScheduler Binder Single Completable Disposables; do
    if grep -rqE "^(public )?(typealias|struct|class|final class|enum|protocol) $name\b" Sources/Signals; then
        echo "== the Signals module declares $name (only SignalsMigration may)"; failed=1
    fi
done
echo "type names: $type_expected messages, $((type_expected - type_missing)) produced by the probe"

# 4. Each line that says what it shows, shows it, at that line.
check_shown() { # probe file, its compiler errors
    local probe=$1 errors=$2 count=0 wrong=0
    while IFS=: read -r line text; do
        count=$((count + 1))
        local shown="${text#*// shows: }"
        if ! grep -E "^$probe:$line:[0-9]+: error:" "$errors" | grep -qF "is unavailable: $shown"; then
            echo "== $probe:$line does not show: $shown"
            grep -E "^$probe:$line:[0-9]+: error:" "$errors" | sed 's/^/   it shows: /' | head -3
            wrong=$((wrong + 1))
        fi
    done < <(grep -n '// shows: ' "$probe")
    [ "$wrong" = 0 ] || failed=1
    echo "first lines: $probe, $((count - wrong)) of $count lines show their message"
}
check_shown Tests/Migration/SpellingsProbe.swift "$work/errors"
check_shown Tests/Migration/TypeNamesProbe.swift "$work/type-errors"

# 2. Both libraries in one file.
mkdir -p "$work/rxswift"
if ! out=$(swiftc -emit-module -parse-as-library -swift-version 6 -module-name RxSwift \
        -emit-module-path "$work/rxswift/RxSwift.swiftmodule" Tests/Migration/RxSwiftStub.swift 2>&1); then
    echo "== the RxSwift stub does not compile:"; echo "$out" | head -10; failed=1
elif ! out=$(swiftc -typecheck -swift-version 6 -I "$modules" -I "$work/rxswift" Tests/Migration/RxSwiftClient.swift 2>&1) \
        || [ -n "$out" ]; then
    echo "== a file importing RxSwift and Signals does not compile cleanly:"; echo "$out" | grep -E 'error|warning' | head -10
    failed=1
else
    echo "side by side: a file importing RxSwift (stub) and Signals compiles with no error and no warning"
fi
[ "$failed" = 0 ]

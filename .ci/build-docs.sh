#!/usr/bin/env bash
# Builds the documentation of Signals and SignalsTesting with the toolchain's `docc`, with
# warnings as errors (the standard is zero), into .build-docc/<Module>.doccarchive.
#
#   bash .ci/build-docs.sh                  the two archives
#   bash .ci/build-docs.sh --preview        then serves Signals' documentation locally
#                                           (docc preview; needs a toolchain whose docc
#                                           has `preview`)
#
# `swift package generate-documentation` needs the swift-docc-plugin package, and the library
# has no dependencies, so this script does by hand what the plugin does: symbol graphs from a
# build of its own (its own scratch path, so that the main build is not redone with
# different flags), then `docc convert`. .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# An up-to-date build emits nothing, so the graphs of the last build are kept; without
# them, build afresh.
graphs="$PWD/.build-docc/symbol-graphs"
{ [ -f "$graphs/Signals.symbols.json" ] && [ -f "$graphs/SignalsTesting.symbols.json" ]; } || rm -rf .build-docc
rm -rf .build-docc/Signals.doccarchive .build-docc/SignalsTesting.doccarchive
mkdir -p "$graphs"
for target in Signals SignalsTesting; do
    if ! swift build --target "$target" --scratch-path .build-docc \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >"$log" 2>&1; then
        tail -n 40 "$log"; echo "FAILED: the symbol-graph build of $target"; exit 1
    fi
done
# Each catalog is converted with its own module's graphs (SignalsTesting's include its
# extensions of Signals' types).
for module in Signals SignalsTesting; do
    module_graphs=".build-docc/$module-graphs"
    rm -rf "$module_graphs"; mkdir -p "$module_graphs"
    cp "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null \
        || cp "$graphs/$module.symbols.json" "$module_graphs/"
    if ! docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$module_graphs" \
        --output-path ".build-docc/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "signals.$module" --warnings-as-errors 2>&1 | tee "$log" \
        || grep -qE 'warning:|error:' "$log"; then
        echo "FAILED: docc printed warnings or errors for $module (the standard is zero)"
        exit 1
    fi
done
echo "documentation: .build-docc/Signals.doccarchive, .build-docc/SignalsTesting.doccarchive (0 warnings)"

if [ "${1:-}" = "--preview" ]; then
    docc preview "Sources/Signals/Signals.docc" --additional-symbol-graph-dir .build-docc/Signals-graphs \
        --fallback-display-name Signals --fallback-bundle-identifier signals.Signals
fi

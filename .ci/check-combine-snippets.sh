#!/usr/bin/env bash
# Type-checks every ```swift combine code block of the README and the DocC articles (the
# Combine bridge's snippets, e.g. ComingFromCombine.md's "Moving one screen at a time")
# against the CombineBridge package: the same bridge sources, compiled against OpenCombine 0.14.
# The root check (.ci/check-snippets.sh) skips these blocks: they need Combine, which Linux
# does not have.
#
#   bash .ci/check-combine-snippets.sh        (builds CombineBridge first if needed)
#
# Each block is checked on its own, in script mode, as written, with its imports mapped:
# `import Combine` -> `import OpenCombine`, `import SignalsCombine` -> `import SignalsOpenCombine`
# (CombineBridge's name for the same module).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path CombineBridge >/dev/null
bin="$(swift build --package-path CombineBridge --show-bin-path)"
modules="$bin/Modules"
helpers="$bin/COpenCombineHelpers.build"
[ -d "$modules" ] || { echo "CombineBridge did not build"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=(README.md $(find Sources -path '*.docc/*.md' | sort))
for file in "${files[@]}"; do
    awk -v dir="$work" -v name="$(echo "$file" | tr '/' '_')" '
        /^```swift combine[[:space:]]*$/ { inside = 1; n += 1; out = sprintf("%s/%s.%03d.swift", dir, name, n);
                                          printf "// line %d\n", NR + 1 > out; next }
        /^```/ && inside { inside = 0; close(out); next }
        inside { print > out }
    ' "$file"
done
checked=0; failed=0
for snippet in "$work"/*.swift; do
    [ -e "$snippet" ] || continue
    checked=$((checked + 1))
    mkdir -p "$work/run"
    sed -e 's/^import Combine$/import OpenCombine/' -e 's/^import SignalsCombine$/import SignalsOpenCombine/' \
        "$snippet" > "$work/run/main.swift"
    if ! out=$(swiftc -typecheck -swift-version 6 -I "$modules" -Xcc -fmodule-map-file="$helpers/module.modulemap" \
            "$work/run/main.swift" 2>&1); then
        failed=$((failed + 1))
        base=$(basename "$snippet" .swift)
        line=$(sed -n 1p "$snippet" | sed 's/[^0-9]//g')
        echo "== ${base%.*} (block starting at line $line) does not compile against OpenCombine:" | sed 's/_/\//g'
        echo "$out" | grep -E 'error' | sed 's/^/   /' | head -5
    fi
done
echo "combine snippets: $checked checked, $failed failing"
[ "$checked" -gt 0 ] && [ "$failed" = 0 ]

#!/usr/bin/env bash
# Type-checks every ```swift code block of the README and the DocC articles against the
# built library, so that the documentation cannot drift from the code.
#
#   bash .ci/check-snippets.sh        (after `swift build`)
#
# Each block is checked on its own, in script mode, after `import Signals`, `import SignalsPictures`,
# `import SignalsTesting` and `import Testing` (so `#expect` works). A block that is only an
# illustration, not meant to compile on its own, is fenced as ```text instead.
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || { echo "build first: swift build"; exit 1; }
manifest_api="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/pm/ManifestAPI"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=(README.md $(find Sources -path '*.docc/*.md' | sort))
checked=0; failed=0
for file in "${files[@]}"; do
    # Split the file's swift blocks into numbered snippet files, remembering each start line.
    awk -v dir="$work" -v name="$(echo "$file" | tr '/' '_')" '
        /^```swift[[:space:]]*$/ { inside = 1; n += 1; out = sprintf("%s/%s.%03d.swift", dir, name, n);
                                  printf "import Signals\nimport SignalsTesting\nimport SignalsPictures\nimport Testing\n// line %d\n", NR + 1 > out; next }
        /^```/ && inside { inside = 0; close(out); next }
        inside { print > out }
    ' "$file"
done
for snippet in "$work"/*.swift; do
    [ -e "$snippet" ] || continue
    checked=$((checked + 1))
    # Script mode needs the file to be called main.swift.
    mkdir -p "$work/run"; cp "$snippet" "$work/run/main.swift"
    # A package manifest is checked against PackageDescription instead of the library.
    extra=()
    if grep -q '^import PackageDescription' "$snippet"; then
        sed -i '1,3d' "$work/run/main.swift"
        extra=(-I "$manifest_api" -L "$manifest_api" -lPackageDescription -package-description-version 6.1)
    fi
    if ! out=$(swiftc -typecheck -swift-version 6 -I "$modules" "${extra[@]}" "$work/run/main.swift" 2>&1); then
        failed=$((failed + 1))
        base=$(basename "$snippet" .swift)
        line=$(sed -n 4p "$snippet" | sed 's/[^0-9]//g')
        echo "== ${base%.*} (block starting at line $line) does not compile:" | sed 's/_/\//g'
        echo "$out" | grep -E 'error' | sed 's/^/   /' | head -5
    fi
done
echo "snippets: $checked checked, $failed failing"
[ "$failed" = 0 ]

#!/usr/bin/env bash
# Renders every DocC picture (Sources/Signals/Signals.docc/Resources/*.svg: the gallery, the
# room feed, the trace), the
# golden diagrams (Tests/Pictures/*.svg) and the README's (docs/pictures/*.svg) with a real
# SVG renderer, rsvg-convert (Debian's librsvg2-bin, installed when absent), and fails when one does not render or renders blank:
# fewer than 4 distinct colours (the card, its lanes and marbles give dozens), or has no
# prefers-color-scheme: dark style. .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || (apt-get update && apt-get install -y librsvg2-bin)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count=0
for svg in Sources/Signals/Signals.docc/Resources/*.svg Tests/Pictures/*.svg docs/pictures/*.svg; do
    png="$out/$(basename "$svg" .svg).png"
    if ! rsvg-convert -o "$png" "$svg"; then echo "FAILED: rsvg-convert could not render $svg"; exit 1; fi
    # Each picture follows the reader's colour scheme (a dark card in DocC's dark mode).
    if ! grep -q '@media (prefers-color-scheme: dark)' "$svg"; then echo "FAILED: $svg has no dark colour-scheme style"; exit 1; fi
    count=$((count + 1))
done
# Distinct colours per PNG, read with the standard library only (zlib + the PNG filters).
python3 - "$out" <<'PY'
import os, struct, sys, zlib
def colours(path):
    data = open(path, 'rb').read()
    pos, idat, width, height, depth, ctype = 8, b'', 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR': width, height, depth, ctype = struct.unpack('>IIBB', body[:10])
        if kind == b'IDAT': idat += body
        pos += 12 + length
    channels = {6: 4, 2: 3, 0: 1, 4: 2}[ctype]
    stride, raw = width * channels, zlib.decompress(idat)
    previous, seen = bytearray(stride), set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + left) & 255
            elif kind == 2: line[i] = (line[i] + up) & 255
            elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        for i in range(0, stride, channels * 3):
            seen.add(bytes(line[i:i + channels]))
        previous = line
    return len(seen)
blank = []
for name in sorted(os.listdir(sys.argv[1])):
    if colours(os.path.join(sys.argv[1], name)) < 4: blank.append(name)
if blank:
    print("FAILED: blank renderings:", ", ".join(blank)); sys.exit(1)
PY
echo "pictures: $count rendered by rsvg-convert, none blank"

#!/usr/bin/env python3
"""Writes the benchmark picture (an SVG, by hand: no plotting dependency).

    python3 Benchmarks/chart.py chart.json performance.svg

chart.json is written by compare.sh: {"rows": [{"id", "signals", "opencombine", "floor"}],
"w5": {"array"|"fold": {impl: [[K, ns per source or status], ...]}}}; a time is a number of
nanoseconds per unit, anything else a status ("crash", "missing", "wrong").

Left: time per unit of every workload for Signals, OpenCombine and the floor, on a log scale.
Right: W5's time per source against K (log-log) for both libraries, both variants; a case that
crashed is a cross on the top edge.
"""
import json
import math
import sys

COLORS = {"signals": "#1f77b4", "opencombine": "#d62728", "floor": "#7f7f7f"}
NAMES = {"signals": "Signals", "opencombine": "OpenCombine 0.14.0", "floor": "floor (plain loop)"}
IMPLS = ("signals", "opencombine", "floor")


def esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def fmt_ns(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:g} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:g} µs"
    return f"{ns:g} ns"


def decades(values):
    lo = math.floor(math.log10(min(values)))
    hi = math.ceil(math.log10(max(values)))
    return lo, max(hi, lo + 1)


def main(src, dst):
    data = json.load(open(src))
    rows = data["rows"]
    svg = []
    add = svg.append

    # Geometry.
    bar_h, gap = 7, 8
    left_x, left_w = 150, 420            # bars panel: label column + plot width
    top = 60
    group_h = 3 * bar_h + gap
    left_h = max(1, len(rows)) * group_h
    right_x, right_w, right_h = left_x + left_w + 120, 380, 300
    width = right_x + right_w + 40
    height = max(top + left_h + 70, top + right_h + 160)

    add(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="11">')
    add(f'<rect width="{width}" height="{height}" fill="white"/>')
    add(f'<text x="{left_x}" y="22" font-size="14" font-weight="bold">Time per unit (log scale; shorter is faster)</text>')
    add(f'<text x="{right_x}" y="22" font-size="14" font-weight="bold">W5: concat of K sources, time per source</text>')

    # Legend.
    for i, impl in enumerate(IMPLS):
        x = left_x + i * 140
        add(f'<rect x="{x}" y="34" width="12" height="10" fill="{COLORS[impl]}"/>')
        add(f'<text x="{x + 16}" y="43">{esc(NAMES[impl])}</text>')

    # Left panel: bars.
    times = [r[i] for r in rows for i in IMPLS if isinstance(r.get(i), (int, float)) and r[i] > 0]
    if times:
        lo, hi = decades(times)
        def xs(ns):
            return left_x + (math.log10(ns) - lo) / (hi - lo) * left_w
        for d in range(lo, hi + 1):
            x = xs(10 ** d)
            add(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{top + left_h}" stroke="#ddd"/>')
            add(f'<text x="{x:.1f}" y="{top + left_h + 14}" text-anchor="middle">{esc(fmt_ns(10 ** d))}</text>')
        for n, r in enumerate(rows):
            y0 = top + n * group_h
            add(f'<text x="{left_x - 8}" y="{y0 + 1.5 * bar_h + 4}" text-anchor="end">{esc(r["id"])}</text>')
            for i, impl in enumerate(IMPLS):
                v = r.get(impl)
                y = y0 + i * bar_h
                if isinstance(v, (int, float)) and v > 0:
                    w = max(1.0, xs(v) - left_x)
                    add(f'<rect x="{left_x}" y="{y}" width="{w:.1f}" height="{bar_h - 1}" fill="{COLORS[impl]}">'
                        f'<title>{esc(r["id"])} {esc(NAMES[impl])}: {esc(fmt_ns(round(v, 2)))}</title></rect>')
                elif v not in (None, "missing"):
                    add(f'<text x="{left_x + 2}" y="{y + bar_h - 1}" font-size="8" fill="{COLORS[impl]}">{esc(v)}</text>')
        add(f'<line x1="{left_x}" y1="{top - 4}" x2="{left_x}" y2="{top + left_h}" stroke="black"/>')

    # Right panel: W5, log-log.
    w5 = data.get("w5", {})
    points = [(k, v) for variant in w5.values() for series in variant.values() for k, v in series]
    ks = [k for k, _ in points]
    vs = [v for _, v in points if isinstance(v, (int, float)) and v > 0]
    if ks and vs:
        klo, khi = decades(ks)
        vlo, vhi = decades(vs)
        y_top = top
        def px(k):
            return right_x + (math.log10(k) - klo) / (khi - klo) * right_w
        def py(v):
            return y_top + right_h - (math.log10(v) - vlo) / (vhi - vlo) * right_h
        for d in range(klo, khi + 1):
            x = px(10 ** d)
            add(f'<line x1="{x:.1f}" y1="{y_top}" x2="{x:.1f}" y2="{y_top + right_h}" stroke="#ddd"/>')
            add(f'<text x="{x:.1f}" y="{y_top + right_h + 14}" text-anchor="middle">{10 ** d:,}</text>')
        for d in range(vlo, vhi + 1):
            y = py(10 ** d)
            add(f'<line x1="{right_x}" y1="{y:.1f}" x2="{right_x + right_w}" y2="{y:.1f}" stroke="#ddd"/>')
            add(f'<text x="{right_x - 6}" y="{y + 4:.1f}" text-anchor="end">{esc(fmt_ns(10 ** d))}</text>')
        add(f'<rect x="{right_x}" y="{y_top}" width="{right_w}" height="{right_h}" fill="none" stroke="black"/>')
        add(f'<text x="{right_x + right_w / 2}" y="{y_top + right_h + 30}" text-anchor="middle">K (sources)</text>')
        dash = {"array": "", "fold": ' stroke-dasharray="5,3"'}
        legend_y = y_top + right_h + 50
        entry = 0
        for variant in ("array", "fold"):
            for impl in IMPLS:
                series = w5.get(variant, {}).get(impl, [])
                if not series:
                    continue
                good = [(k, v) for k, v in series if isinstance(v, (int, float)) and v > 0]
                if len(good) > 1:
                    path = " ".join(f"{px(k):.1f},{py(v):.1f}" for k, v in good)
                    add(f'<polyline points="{path}" fill="none" stroke="{COLORS[impl]}" stroke-width="2"{dash[variant]}/>')
                for k, v in good:
                    add(f'<circle cx="{px(k):.1f}" cy="{py(v):.1f}" r="3" fill="{COLORS[impl]}">'
                        f'<title>{variant} K={k:,} {esc(NAMES[impl])}: {esc(fmt_ns(round(v, 1)))}</title></circle>')
                for k, v in series:
                    if v == "crash":
                        x, y = px(k), y_top + 8
                        add(f'<path d="M{x - 5:.1f},{y - 5:.1f} L{x + 5:.1f},{y + 5:.1f} M{x - 5:.1f},{y + 5:.1f} '
                            f'L{x + 5:.1f},{y - 5:.1f}" stroke="{COLORS[impl]}" stroke-width="2.5"/>')
                        add(f'<text x="{x:.1f}" y="{y + 18:.1f}" text-anchor="middle" font-size="9" '
                            f'fill="{COLORS[impl]}">crash</text>')
                ly = legend_y + entry * 15
                add(f'<line x1="{right_x}" y1="{ly - 4}" x2="{right_x + 28}" y2="{ly - 4}" stroke="{COLORS[impl]}" '
                    f'stroke-width="2"{dash[variant]}/>')
                label = {"array": "concat of an array", "fold": "left fold of binary concats"}[variant]
                add(f'<text x="{right_x + 34}" y="{ly}">{esc(NAMES[impl])}, {label}</text>')
                entry += 1
        add(f'<text x="{right_x}" y="{legend_y + entry * 15 + 4}" font-size="10" fill="#444">'
            f'Flat is linear; a rising line is quadratic; × marks a crash (stack overflow).</text>')

    add("</svg>")
    with open(dst, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

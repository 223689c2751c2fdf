#!/usr/bin/env python3
"""The medians of several `make bench` runs, as README's Performance tables.

usage: scripts/bench_medians.py LOG LOG LOG...   (each LOG: make bench's output,
e.g. `GFXKIT_BENCH_MB=50 make bench > bench1.log 2>&1`)

For every stream (the "gfxkit bench: ..." heading) and every row of its
tables, in memory ("check   (memory)") and through the command-line tool
("gfxkit check  -g ..."), the median over the logs of the rate (MB/s) and of
the ratio to cksum over the same bytes; then the "target:" lines with the
median of their measured values.  A row missing from a log is left out of
that row's median (the count says how many logs had it).
"""
import re
import statistics
import sys

ROW_MEM = re.compile(r"^  (check|text|json)\s+\(([^)]*)\)\s+([\d.]+) MB/s.*?s\s+([\d.]+)x")
ROW_CLI = re.compile(r"^  gfxkit (check --bo|check|decode --json -j 1|decode -j 1|decode --json|decode)\s+-g (\S+)\s+-e (\S+)\s+([\d.]+) MB/s\s+([\d.]+)x cksum"
                     r".*peak RSS\s+([\d.]+) MB")
HEAD = re.compile(r"^gfxkit bench: (.*?), [\d.]+ MB stream")
TARGET = re.compile(r"^  target: (.*?)\s+(>=|<=)\s+([\d.]+)\s+(\S+)\s+measured\s+([\d.]+)")


def parse(path):
    rows, targets = {}, {}
    stream = "?"
    with open(path, errors="replace") as f:
        for line in f:
            m = HEAD.match(line)
            if m:
                stream = m.group(1)
                continue
            m = ROW_MEM.match(line)
            if m:
                rows[(stream, "%s (%s)" % (m.group(1), m.group(2)))] = (float(m.group(3)), float(m.group(4)), None)
                continue
            m = ROW_CLI.match(line)
            if m:
                key = ("CLI %s %s" % (m.group(3), m.group(2)), "gfxkit " + m.group(1))
                rows[key] = (float(m.group(4)), float(m.group(5)), float(m.group(6)))
                continue
            m = TARGET.match(line)
            if m and m.group(1) not in targets:
                targets[m.group(1)] = (m.group(2), float(m.group(3)), m.group(4), float(m.group(5)))
    return rows, targets


def med(values):
    values = [v for v in values if v is not None and v > 0]
    return statistics.median(values) if values else None


def main(logs):
    if not logs:
        sys.exit(__doc__)
    parsed = [parse(p) for p in logs]
    keys = []
    for rows, _ in parsed:
        for k in rows:
            if k not in keys:
                keys.append(k)
    print("| stream | row | MB/s | x cksum | peak RSS MB | runs |")
    print("|---|---|---|---|---|---|")
    for k in keys:
        got = [rows[k] for rows, _ in parsed if k in rows]
        rate, ratio, rss = med([g[0] for g in got]), med([g[1] for g in got]), med([g[2] for g in got])
        print("| %s | %s | %s | %s | %s | %d |" % (k[0], k[1], "%.0f" % rate if rate else "-",
                                                  "%.2f" % ratio if ratio else "-", "%.1f" % rss if rss else "-",
                                                  len(got)))
    print()
    names = []
    for _, t in parsed:
        for n in t:
            if n not in names:
                names.append(n)
    for n in names:
        got = [t[n] for _, t in parsed if n in t]
        op, want, unit = got[0][0], got[0][1], got[0][2]
        value = med([g[3] for g in got])
        if value is None:
            state = "NOT MEASURED"
        else:
            state = "MET" if (value >= want if op == ">=" else value <= want) else "MISSED"
        print("  %-50s %s %g %-4s median %s  %s" % (n, op, want, unit, "%.2f" % value if value else "-", state))


if __name__ == "__main__":
    main(sys.argv[1:])

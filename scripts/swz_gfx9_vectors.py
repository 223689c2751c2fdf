#!/usr/bin/env python3
"""Pick the GFX9 rows of ../shared/reference/tiling-gfx9 that
tests/vectors/swz_gfx9_vectors.tsv keeps, so the GFX9 swizzle test always has
addrlib's own answers to compare with, even in a clone without ../shared.

The choice covers every swizzle mode, resource type and bpp; single-level,
mip-chained (mip tails included), array, 3D and MSAA surfaces; both chips that
have surface rows; every equation-only GFX9 configuration; refusals of each
kind.  Rows are copied verbatim (only columns are dropped), one section per
reference file ("=name" then its header).

usage: scripts/swz_gfx9_vectors.py [REFDIR] > tests/vectors/swz_gfx9_vectors.tsv
"""
import csv
import sys

ref = sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/tiling-gfx9"


def rows(name):
    with open(f"{ref}/{name}", newline="") as f:
        r = csv.reader(f, delimiter="\t")
        hdr = next(r)
        for row in r:
            yield hdr, dict(zip(hdr, row))


def section(name, hdr, picked):
    print(f"={name}")
    print("\t".join(hdr))
    for d in picked:
        print("\t".join(d[h] for h in hdr))


def kind(d):
    if int(d["num_samples"]) > 1:
        return "msaa"
    if int(d["num_mips"]) > 1:
        return "mips"
    if d["rsrc_type"] == "2D" and int(d["depth_or_slices"]) > 1:
        return "array"
    return "single"


print("# GFX9 rows of ../shared/reference/tiling-gfx9 (addrlib, Mesa 7d41cfa1a97f),")
print("# chosen by scripts/swz_gfx9_vectors.py; read by tests/tiling/test_swz_gfx9.c.")

hdr_c = ["chip", "generation", "gb_addr_config"]
section("chips", hdr_c, [d for _, d in rows("chips.tsv") if d["generation"] == "GFX9"])

# surfaces: on vega10 every (mode, type, bpp) once as a single level; then
# on both chips one mip chain, one array and one MSAA surface per (mode, type),
# the smallest shape first (fewer mip rows)
seen, surf = set(), []
for hdr_s, d in rows("surfaces.tsv"):
    if d["generation"] != "GFX9":
        continue
    key = (d["chip"], d["swizzle_mode_id"], d["rsrc_type"], kind(d))
    if d["chip"] == "vega10" and kind(d) == "single":
        key += (d["bpp"],)
    if key not in seen:
        seen.add(key)
        surf.append(d)
section("surfaces", hdr_s, surf)
ids = {d["surface_id"] for d in surf}

mips = []
for hdr_m, d in rows("mips.tsv"):
    if d["surface_id"] in ids:
        mips.append(d)
section("mips", hdr_m, mips)

# addresses: per surface the first two, and one in a later mip
addr, per, later = [], {}, set()
for hdr_a, d in rows("addresses.tsv"):
    sid = d["surface_id"]
    if sid not in ids:
        continue
    n = per.get(sid, 0)
    if n < 2:
        per[sid] = n + 1
        addr.append(d)
    elif d["mip"] != "0" and sid not in later:
        later.add(sid)
        addr.append(d)
section("addresses", hdr_a, addr)

# equations: every vega10 single-sample row, the MSAA rows at 32 bpp, and
# per other configuration its 2D and 3D 64 KiB _X equations at 32 bpp
eqs = []
for hdr_e, d in rows("equations.tsv"):
    if d["generation"] != "GFX9":
        continue
    if d["chip"] == "vega10":
        if d["samples"] == "1" or d["bpp"] == "32":
            eqs.append(d)
    elif d["bpp"] == "32" and d["samples"] == "1" and d["swizzle_mode"] in ("64KB_S_X", "64KB_Z_X", "4KB_D_X"):
        eqs.append(d)
section("equations", hdr_e, eqs)

# refusals: one per (mode, type, MSAA?, mips?, usage)
seen, ref_rows = set(), []
for hdr_r, d in rows("refused.tsv"):
    if d["generation"] != "GFX9":
        continue
    key = (d["swizzle_mode_id"], d["rsrc_type"], d["num_samples"] != "1", d["num_mips"] != "1", d["usage"], d["bpp"] == "128")
    if key not in seen:
        seen.add(key)
        ref_rows.append(d)
section("refused", hdr_r, ref_rows)

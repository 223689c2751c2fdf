#!/usr/bin/env python3
"""Pick the committed GFX10-GFX12 vectors (tests/vectors/swz_gfx10.tsv) out of
../shared/reference/tiling-gfx9 (addrlib's output): for every chip and swizzle
mode of GFX10, GFX10.3, GFX11 and GFX12, the first surface of each kind (one
mip, mip chain, array, MSAA, 3D) with a few of its addresses, so that a fresh
clone without ../shared still checks every mode against addrlib.

Usage: scripts/gen_swz_vectors.py [REFERENCE_DIR] > tests/vectors/swz_gfx10.tsv
"""
import csv
import sys

ref = sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/tiling-gfx9"
GENS = {"GFX10", "GFX10.3", "GFX11", "GFX12"}


def rows(name):
    with open("%s/%s" % (ref, name)) as f:
        yield from csv.DictReader(f, delimiter="\t")


def kind(s):
    if s["rsrc_type"] == "3D":
        return "3d"
    if int(s["num_samples"]) > 1:
        return "msaa"
    if int(s["num_mips"]) > 1:
        return "mips"
    if int(s["depth_or_slices"]) > 1:
        return "array"
    return "one"


picked = {}
for s in rows("surfaces.tsv"):
    if s["generation"] not in GENS:
        continue
    key = (s["chip"], s["swizzle_mode_id"], kind(s))
    if key not in picked:
        picked[key] = s
ids = {s["surface_id"]: s for s in picked.values()}
addrs = {}
for a in rows("addresses.tsv"):
    if a["surface_id"] in ids and len(addrs.setdefault(a["surface_id"], [])) < 3:
        addrs[a["surface_id"]].append(a)

print("# GFX10-GFX12 surfaces and element addresses computed by addrlib (Mesa 7d41cfa1, 2025-01-19),")
print("# picked by scripts/gen_swz_vectors.py from ../shared/reference/tiling-gfx9: one surface of each")
print("# kind per chip and mode, three of its addresses.  Inputs, then addrlib's outputs.")
print("chip\tswizzle_mode_id\trsrc_type\tusage\tbpp\twidth\theight\tdepth_or_slices\tnum_mips\tnum_samples\t"
      "pitch\tout_height\tout_num_slices\tslice_size\tsurf_size\tbase_align\tequation_index\tx\ty\tslice\tsample\tmip\taddr")
for sid, s in sorted(ids.items(), key=lambda kv: int(kv[0])):
    for a in addrs.get(sid, []):
        print("\t".join([s[k] for k in ("chip", "swizzle_mode_id", "rsrc_type", "usage", "bpp", "width", "height",
                                         "depth_or_slices", "num_mips", "num_samples", "pitch", "out_height",
                                         "out_num_slices", "slice_size", "surf_size", "base_align",
                                         "equation_index")] +
                        [a[k] for k in ("x", "y", "slice", "sample", "mip", "addr")]))

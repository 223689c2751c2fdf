#!/usr/bin/env python3
"""Register rows of the blocks outside Mesa's graphics registers that rings
write (GC's GCVM/GRBM/SDMA-in-GC/RLC, HDP, MMHUB, NBIO's BIF_BX_PF HDP flush
pair, OSSSYS, SDMA on GFX9), per PM4 generation, from the kernel's asic_reg
headers and IP base tables.  A module of scripts/gen_regs.py (which merges
these rows under Mesa's); run alone it prints a summary.

Usage: scripts/gen_regs_kernel.py [KERNEL_AMD_INCLUDE_DIR]

KERNEL_AMD_INCLUDE_DIR defaults to
/work/ksrc/linux-source-6.12/drivers/gpu/drm/amd/include.

Addresses: a register's byte address is (base[BASE_IDX] + mmNAME) * 4, with
base the IP block's instance-0 segment table of the chip's *_ip_offset.h
(vega10_ip_offset.h etc.).  Fields: NAME__FIELD__SHIFT / NAME__FIELD_MASK of
the block's *_sh_mask.h.

Chips and headers (the header each kernel driver file includes: gfx_v9_0.c
gc_9_0, hdp_v4_0.c hdp_4_0, mmhub_v1_0.c mmhub_1_0, sdma_v4_0.c sdma0/1_4_2,
nbio_v6_1/v7_0/v7_4.c, gmc_v9_0.c osssys_4_0; gfx_v10_0.c gc_10_1_0,
hdp_v5_0.c hdp_5_0_0, mmhub_v2_0.c mmhub_2_0_0, nbio_v2_3.c, gmc_v10_0.c
osssys_5_0_0; sdma_v5_0/5_2.c address SDMA through the GC headers):
  * Every chip of a generation listed below contributes its rows; the
    generation's table is their union.  One address named differently by two
    chips (or by one chip's two blocks) is a conflict: it is left out (shown
    as a number) and listed in the generated file's notes, so no chip sees a
    name that another chip of its generation contradicts.
  * Names differing only in BIF_BX_PF_ / BIF_BX_PF0_ are one register.
  * Aliases inside one header (the VF apertures of NBIO, names repeated at
    one offset) keep the first name in the header's order.
  * One name at two addresses (bases or headers that differ between chips):
    the first chip's address keeps the name, the other chip's is printed
    with that chip as a prefix (VANGOGH_MMVM_INVALIDATE_ENG0_REQ), so the
    name says whose map it comes from and assembles back to one address
    (gen_regs.py's merge_kernel).
  * GFX6-8 (gfx6, gfx7, gfx8, gfx81): the *_d.h headers of si.c / cik.c /
    vi.c (OSS, GMC's VM registers, BIF's HDP ones), whose offsets are
    absolute dword indices.
  * Not covered: arcturus and aldebaran (GFX9 compute-only parts whose
    MMHUB/GC headers, mmhub_9_4_1 / mmhub_1_7 / gc_9_4_x, differ from the
    graphics parts').
  * GFX11, GFX11.5, GFX12: the kernel has no fixed base table (the bases
    come from the IP discovery table at run time).  GC's bases are derived
    by matching Mesa's addresses of the same GC registers; HDP, NBIO and
    OSSSYS take the segments every SOC15 table gives (SOC15_BASES), MMHUB
    only Phoenix's, from its discovery table (PHOENIX_BASES).
"""

import os
import re
import sys

DEFAULT_INC = "/work/ksrc/linux-source-6.12/drivers/gpu/drm/amd/include"

# block -> (IP base name in *_ip_offset.h, name filter or None)
BLOCK_BASE = {
    "gc": "GC_BASE", "hdp": "HDP_BASE", "mmhub": "MMHUB_BASE", "nbio": "NBIO_BASE",
    "osssys": "OSSSYS_BASE", "sdma0": "SDMA0_BASE", "sdma1": "SDMA1_BASE",
}
# Only the registers a ring plausibly writes or polls: every row is a
# relocated pointer pair in the binary (load-time RSS), and GC's and MMHUB's
# headers hold thousands of performance counters, EA/ATC/debug registers and
# the user-mode state Mesa's rows already name.
#  * gc: the GC VM hub and its invalidation engines (GCVM_, gfx9 VM_/MC_VM_),
#    GRBM/SRBM, CP and RLC (the kernel's ring emitters write CP_*/RLC_*),
#    SDMA (in GC from gfx10: sdma_v5_x.c), GDS, SCRATCH, GCR;
#  * mmhub: the MM VM hub (MMVM_, gfx9 VM_/MC_VM_, MMMC_VM_);
#  * nbio: the physical function's BIF_BX registers (the HDP flush
#    request/done pair a ring's WAIT_REG_MEM polls:
#    nbio_v*_get_hdp_flush_req_offset), not the thousands of PCIe/config ones;
#  * hdp, osssys, sdma0/1: every register.
NAME_FILTER = {
    "gc": re.compile(r"^(GCVM_|VM_|MC_VM_|GCMC_VM_|GRBM_|SRBM_|CP_|RLC_|SDMA\d?_|GDS_|SCRATCH_|GCR_)"),
    "mmhub": re.compile(r"^(MMVM_|VM_|MC_VM_|MMMC_VM_)"),
    "nbio": re.compile(r"^BIF_BX_PF0?_"),
    # GFX6-8: absolute dword offsets in *_d.h (no IP bases); the VM block of
    # GMC (VM_INVALIDATE_REQUEST, VM_CONTEXT*), BIF's HDP and flush
    # registers, every OSS register (SRBM, IH, SDMA, HDP, SEM)
    "gmc": re.compile(r"^(VM_|MC_VM_)"),
    "bif": re.compile(r"^(HDP_|BIF_|GPU_HDP|REMAP_HDP)"),
}

# A header whose ring-facing registers are not the block's usual ones: strix's
# NBIO flushes HDP through the second physical function's pair
# (nbio_v7_11.c get_hdp_flush_req_offset: regBIF_BX_PF1_GPU_HDP_FLUSH_REQ).
STEM_FILTER = {"nbio/nbio_7_11_0": re.compile(r"^BIF_BX_PF1_")}

GFX9_COMMON = {"gc": "gc/gc_9_0", "hdp": "hdp/hdp_4_0", "mmhub": "mmhub/mmhub_1_0",
               "osssys": "oss/osssys_4_0", "sdma0": "sdma0/sdma0_4_0", "sdma1": "sdma1/sdma1_4_0"}
# vega20's SDMA has eight queues (sdma_v4_0.c reads the 4_2 headers for all
# parts; 4_0 is the two-queue layout of vega10/raven)
GFX9_SDMA42 = {"sdma0": "sdma0/sdma0_4_2", "sdma1": "sdma1/sdma1_4_2"}
GFX10_COMMON = {"gc": "gc/gc_10_1_0", "hdp": "hdp/hdp_5_0_0", "mmhub": "mmhub/mmhub_2_0_0",
                "nbio": "nbio/nbio_2_3", "osssys": "oss/osssys_5_0_0"}
GFX103_COMMON = {"gc": "gc/gc_10_3_0", "hdp": "hdp/hdp_5_0_0", "osssys": "oss/osssys_5_0_0"}

# GFX11 and later have no *_ip_offset.h: their IP bases come from the IP
# discovery table at run time.  Two sources give them here:
#  * SOC15_BASES, the HDP, NBIO and OSSSYS segments every *_ip_offset.h of
#    the kernel gives (vega20 ... yellow_carp: HDP 0xF20, 0x240A400; NBIO 0,
#    0x14, 0xD20, 0x10400, 0x241B000, 0x4040000; OSSSYS 0x10A0, 0x240A000)
#    and that Phoenix's discovery table repeats (below): assumed for the
#    GFX11/11.5/12 parts whose table is not at hand (navi31, strix,
#    navi48); their MMHUB, which differs between parts (0x1A000 on dGPUs,
#    0x13200 first on vangogh and yellow_carp), is left unnamed;
#  * PHOENIX_BASES, Phoenix's own discovery table (GC 11.0.1, MMHUB 3.0.1,
#    HDP 5.2.1, OSSSYS 6.0.1, NBIO 7.7.0), as umr serialized it in the
#    DISCOVERY line of ../shared/reference/captures/umr-kat
#    rs_kat_phoenix_test1.txt (396-byte records: the IP's name, then
#    big-endian words: versions, then 64-bit bases, low word first; its
#    navi10 and cezanne records give exactly navi10_ip_offset.h's and
#    renoir_ip_offset.h's bases).
SOC15_BASES = {"HDP_BASE": [0xF20, 0x240A400], "NBIO_BASE": [0, 0x14, 0xD20, 0x10400, 0x241B000, 0x4040000],
               "OSSSYS_BASE": [0x10A0, 0x240A000]}
PHOENIX_BASES = dict(SOC15_BASES, MMHUB_BASE=[0x13200, 0x1A000, 0x2408800])

# generation -> list of (chip label, ip_offset.h, None (GC bases from Mesa) or
# a {BASE name: segments} of the chip, GC from Mesa when it has no GC_BASE)
# or FLAT (GFX6-8 *_d.h: absolute dword offsets), {block: header stem})
FLAT = "flat"
CHIPS = {
    # si.c, gmc_v6_0.c: oss_1_0, gmc_6_0, bif_3_0
    "gfx6": [("si", FLAT, {"oss": "oss/oss_1_0_d", "gmc": "gmc/gmc_6_0_d", "bif": "bif/bif_3_0_d"})],
    # cik.c, gmc_v7_0.c, cik_sdma.c: oss_2_0, gmc_7_1, bif_4_1
    "gfx7": [("cik", FLAT, {"oss": "oss/oss_2_0_d", "gmc": "gmc/gmc_7_1_d", "bif": "bif/bif_4_1_d"})],
    # vi.c, gmc_v8_0.c, sdma_v3_0.c: oss_3_0, gmc_8_1, bif_5_0 (stoney too)
    "gfx8": [("vi", FLAT, {"oss": "oss/oss_3_0_d", "gmc": "gmc/gmc_8_1_d", "bif": "bif/bif_5_0_d"})],
    "gfx81": [("stoney", FLAT, {"oss": "oss/oss_3_0_d", "gmc": "gmc/gmc_8_1_d", "bif": "bif/bif_5_0_d"})],
    "gfx9": [
        ("vega10/vega12", "vega10_ip_offset.h", dict(GFX9_COMMON, nbio="nbio/nbio_6_1")),
        ("raven/renoir", "vega10_ip_offset.h", dict(GFX9_COMMON, nbio="nbio/nbio_7_0")),
        ("vega20", "vega20_ip_offset.h", dict(GFX9_COMMON, nbio="nbio/nbio_7_4", **GFX9_SDMA42)),
    ],
    "gfx10": [
        ("navi10", "navi10_ip_offset.h", GFX10_COMMON),
        ("navi12", "navi12_ip_offset.h", GFX10_COMMON),
        ("navi14", "navi14_ip_offset.h", GFX10_COMMON),
        ("cyan_skillfish", "cyan_skillfish_ip_offset.h", GFX10_COMMON),
    ],
    "gfx103": [
        ("sienna_cichlid", "sienna_cichlid_ip_offset.h",
         dict(GFX103_COMMON, mmhub="mmhub/mmhub_2_0_0", nbio="nbio/nbio_2_3")),
        ("dimgrey_cavefish", "dimgrey_cavefish_ip_offset.h",
         dict(GFX103_COMMON, mmhub="mmhub/mmhub_2_0_0", nbio="nbio/nbio_2_3")),
        ("beige_goby", "beige_goby_ip_offset.h",
         dict(GFX103_COMMON, mmhub="mmhub/mmhub_2_0_0", nbio="nbio/nbio_2_3")),
        # vangogh: mmhub_v2_3.c, nbio_v7_2.c
        ("vangogh", "vangogh_ip_offset.h",
         dict(GFX103_COMMON, mmhub="mmhub/mmhub_2_3_0", nbio="nbio/nbio_7_2_0")),
    ],
    # GFX11+: no *_ip_offset.h (bases from IP discovery at run time, see
    # the module comment): GC's bases from Mesa, the others from SOC15_BASES
    # and PHOENIX_BASES; the headers are those amdgpu_discovery.c picks for
    # each part's IP versions (hdp_v6_0.c, hdp_v5_2.c, hdp_v7_0.c,
    # nbio_v4_3.c, nbio_v7_7.c, nbio_v7_11.c, nbif_v6_3_1.c, ih_v6_0.c,
    # ih_v6_1.c, ih_v7_0.c, mmhub_v3_0_1.c)
    "gfx11": [
        ("navi31 (gc_11_0_0)", SOC15_BASES,
         {"gc": "gc/gc_11_0_0", "hdp": "hdp/hdp_6_0_0", "nbio": "nbio/nbio_4_3_0", "osssys": "oss/osssys_6_0_0"}),
        ("phoenix (gc_11_0_1)", PHOENIX_BASES,
         {"gc": "gc/gc_11_0_0", "hdp": "hdp/hdp_5_2_1", "mmhub": "mmhub/mmhub_3_0_1", "nbio": "nbio/nbio_7_7_0",
          "osssys": "oss/osssys_6_0_0"}),
    ],
    "gfx115": [("strix (gc_11_5_0)", SOC15_BASES,
                {"gc": "gc/gc_11_5_0", "hdp": "hdp/hdp_6_0_0", "nbio": "nbio/nbio_7_11_0",
                 "osssys": "oss/osssys_6_1_0"})],
    "gfx12": [("navi48 (gc_12_0_0)", SOC15_BASES,
               {"gc": "gc/gc_12_0_0", "hdp": "hdp/hdp_7_0_0", "nbio": "nbif/nbif_6_3_1",
                "osssys": "oss/osssys_7_0_0"})],
}

# A ring names a register by an 18-bit dword index (nvd.h WRITE_DATA
# DST_MMREG_ADDR, the field pm4_tab.c's DST_REG decodes): segments past it
# (the SMN apertures of some GC/NBIO bases) cannot be what a ring wrote.
REACH = (1 << 18) * 4

DEF_RE = re.compile(r"^#define\s+(mm|reg)([A-Za-z0-9_]+)\s+(0x[0-9A-Fa-f]+|\d+)L?\b")
FIELD_RE = re.compile(r"^#define\s+([A-Za-z0-9_]+?)__([A-Za-z0-9_]+?)(__SHIFT|_MASK)\s+(0x[0-9A-Fa-f]+|\d+)L?\b")
BASE_RE = re.compile(r"\b([A-Z0-9_]+_BASE)\s*=\s*\{\s*\{\s*\{\s*\{([^}]*)\}")


def read_bases(path):
    """{BASE name: [segment 0.. of instance 0]} of one *_ip_offset.h."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    out = {}
    for m in BASE_RE.finditer(text):
        segs = []
        for s in re.sub(r"/\*.*?\*/", "", m.group(2)).split(","):
            s = s.strip()
            if s:
                segs.append(int(s.rstrip("uUlL"), 0))
        out.setdefault(m.group(1), segs)
    return out


def read_offsets(path, flat=False):
    """[(name, offset, base_idx)] in header order; names without a
    _BASE_IDX line are left out (they are not SOC15 registers) unless flat
    (GFX6-8 *_d.h, where every offset is absolute: base_idx 0)."""
    offs, idx, order = {}, {}, []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = DEF_RE.match(line)
            if not m:
                continue
            name, val = m.group(2), int(m.group(3), 0)
            if name.endswith("_BASE_IDX"):
                idx[name[:-9]] = val
            elif name not in offs:
                offs[name] = val
                order.append(name)
    if flat:
        return [(n, offs[n], 0) for n in order]
    return [(n, offs[n], idx[n]) for n in order if n in idx]


def read_fields(path):
    """{register: [(field, lo, hi)]} from a *_sh_mask.h."""
    shifts, masks = {}, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = FIELD_RE.match(line)
            if not m:
                continue
            key = (m.group(1), m.group(2))
            (shifts if m.group(3) == "__SHIFT" else masks)[key] = int(m.group(4), 0)
    out = {}
    for key, mask in masks.items():
        if key not in shifts or mask == 0:
            continue
        lo, hi = shifts[key], mask.bit_length() - 1
        if mask >> lo << lo != mask or lo > 31 or hi > 31:
            continue
        out.setdefault(key[0], []).append((key[1], lo, hi))
    return out


def field_tuple(flist):
    """Fields sorted by low bit, overlapping ones (and duplicates) dropped."""
    kept = []
    for name, lo, hi in flist:
        if any(not (hi < k[1] or lo > k[2]) for k in kept) or any(k[0] == name for k in kept):
            continue
        kept.append((name, lo, hi, ()))
    return tuple(sorted(kept, key=lambda k: (k[1], k[2], k[0])))


def gc_bases_from_mesa(rows, mesa):
    """{base_idx: base} such that most GC registers Mesa also names land on
    Mesa's address; mesa is {offset: (name, fields)}."""
    at = {r[0]: off for off, r in mesa.items()}
    votes = {}
    for name, off, bidx in rows:
        if name in at and at[name] % 4 == 0:
            base = at[name] // 4 - off
            votes.setdefault(bidx, {}).setdefault(base, 0)
            votes[bidx][base] += 1
    out = {}
    for bidx, v in votes.items():
        base, n = max(v.items(), key=lambda t: t[1])
        if n * 10 >= sum(v.values()) * 9:  # at least 90% agree
            out[bidx] = base
    return out


# NBIO headers spell the physical function's registers BIF_BX_PF_ (nbio_2_3)
# or BIF_BX_PF0_ (nbio_6_1, nbio_7_x): one register, not a conflict (the
# first chip's spelling is kept).
PF_RE = re.compile(r"^BIF_BX_PF\d*_")


def kernel_regs(inc, gen, mesa):
    """({offset: (name, fields, block, chip label)}, notes) of gen's kernel
    rows (in the generation's chip order: the first chip's first); mesa is the
    generation's Mesa table (for GC bases where the kernel has none)."""
    notes = []
    chips = CHIPS.get(gen, [])
    cache = {}
    named = {}   # offset -> {name: first chip label}
    fields = {}  # (offset, name) -> fields (first chip's)
    for label, ipfile, blocks in chips:
        flat = ipfile == FLAT
        if isinstance(ipfile, dict):
            bases = ipfile
        else:
            bases = read_bases(os.path.join(inc, ipfile)) if ipfile and not flat else {}
        for block, stem in sorted(blocks.items()):
            if stem not in cache:
                if flat:
                    cache[stem] = (read_offsets(os.path.join(inc, "asic_reg", stem + ".h"), True),
                                   read_fields(os.path.join(inc, "asic_reg", stem[:-2] + "_sh_mask.h")))
                else:
                    cache[stem] = (read_offsets(os.path.join(inc, "asic_reg", stem + "_offset.h")),
                                   read_fields(os.path.join(inc, "asic_reg", stem + "_sh_mask.h")))
            rows, flds = cache[stem]
            flt = STEM_FILTER.get(stem, NAME_FILTER.get(block))
            if flt:
                rows = [r for r in rows if flt.match(r[0])]
            if flat:
                segs = {0: 0}
            elif ipfile and BLOCK_BASE[block] in bases:
                segs = dict(enumerate(bases.get(BLOCK_BASE[block], [])))
            elif ipfile and not isinstance(ipfile, dict):
                segs = {}  # a block the chip's ip_offset.h does not map
            else:
                segs = gc_bases_from_mesa(rows, mesa)
                notes.append("  %s: %s bases from Mesa's addresses: %s" % (
                    label, block, ", ".join("idx%d=0x%X" % t for t in sorted(segs.items()))))
            seen_here = set()
            far = 0
            for name, off, bidx in rows:
                base = segs.get(bidx)
                if base is None:
                    continue  # a segment this chip does not map
                addr = (base + off) * 4
                if addr >= REACH:
                    far += 1
                    continue
                if addr in seen_here:
                    continue  # an alias in the same header (VF aperture)
                seen_here.add(addr)
                named.setdefault(addr, {}).setdefault(name, (label, block))
                fields.setdefault((addr, name), field_tuple(flds.get(name, [])))
            if far:
                notes.append("  %s: %d %s rows past the 18-bit register index left out" % (label, far, block))
    out = {}
    conflicts = []
    for addr in sorted(named):
        names = named[addr]
        if len({PF_RE.sub("BIF_BX_PF_", n) for n in names}) > 1:
            conflicts.append("  0x%06X %s" % (addr, " / ".join("%s (%s)" % (n, c[0]) for n, c in names.items())))
            continue
        name = next(iter(names))
        out[addr] = (name, fields[(addr, name)], names[name][1], names[name][0])
    if conflicts:
        notes.append("Kernel addresses named differently by chips of the generation (left unnamed):")
        notes += conflicts
    return out, notes


def gc_aliases(inc, gen, regs):
    """{kernel name: offset} of the GC registers the generation's table regs
    {offset: (name, fields)} names differently (Mesa's row kept): the names
    umr and the kernel print (umr's register database is the kernel's
    spelling: COMPUTE_PREF_PRI_ACCUM_0 for Mesa's gfx10 COMPUTE_USER_ACCUM_0),
    so a listing that prints them reads back; the table prints Mesa's."""
    out = {}
    for label, ipfile, blocks in CHIPS.get(gen, []):
        stem = blocks.get("gc")
        if not stem or ipfile == FLAT:
            continue
        rows = read_offsets(os.path.join(inc, "asic_reg", stem + "_offset.h"))
        if isinstance(ipfile, dict) or not ipfile:
            segs = gc_bases_from_mesa(rows, regs)
        else:
            segs = dict(enumerate(read_bases(os.path.join(inc, ipfile)).get("GC_BASE", [])))
        for name, off, bidx in rows:
            if bidx not in segs:
                continue
            addr = (segs[bidx] + off) * 4
            if addr in regs and regs[addr][0] != name and name not in out:
                out[name] = addr
    return out


def chip_rank(gen, label):
    """The position of chip label in gen's chip list."""
    for i, c in enumerate(CHIPS.get(gen, [])):
        if c[0] == label:
            return i
    return len(CHIPS.get(gen, []))


def main(argv):
    inc = argv[1] if len(argv) > 1 else DEFAULT_INC
    for gen in CHIPS:
        regs, notes = kernel_regs(inc, gen, {})
        print("%s: %d kernel rows, %d notes" % (gen, len(regs), len(notes)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

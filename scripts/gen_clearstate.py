#!/usr/bin/env python3
"""The Linux kernel's GFX6-GFX11 clear-state PM4 streams as test vectors.

  python3 scripts/gen_clearstate.py AMDGPU_DIR [KERNEL]

AMDGPU_DIR is the kernel's drivers/gpu/drm/amd/amdgpu folder; KERNEL names
that kernel in the files' headers (default "linux-source-6.1 6.1.192",
Debian's package, which the committed files were made from).  Writes
tests/vectors/clearstate_<gen>.hex for gfx6, gfx7, gfx8, gfx9, gfx10 and
gfx11: the dwords gfx_v<N>_0_get_csb_buffer() writes into the RLC's
clear-state buffer, one hex word per line, each with a '#' comment that says
what it is; a register value's comment is "0xADDRESS NAME", NAME as the
kernel's clearstate_<gen>.h spells it ("HOLE" for a dword the table fills
without naming a register).  tests/pm4/test_pm4_clearstate.c reads them.

The stream the kernel builds (the same recipe in every gfx_v<N>_0.c):
  PREAMBLE_CNTL BEGIN_CLEAR_STATE
  CONTEXT_CONTROL 0x80000000 0x80000000
  one SET_CONTEXT_REG per extent of the SECT_CONTEXT section of
      clearstate_<gen>.h: offset = reg_index - SET_CONTEXT_REG_START, then
      the extent's reg_count values
  a chip-dependent SET_CONTEXT_REG (GFX6-8: PA_SC_RASTER_CONFIG[_1];
      GFX10-11: PA_SC_TILE_STEERING_OVERRIDE; GFX9: none)
  PREAMBLE_CNTL END_CLEAR_STATE
  CLEAR_STATE 0
Opcodes, the preamble commands and SET_CONTEXT_REG_START are read from the
generation's packet header (sid.h, cikd.h, vid.h, soc15d.h, nvd.h); the
register tables from clearstate_<gen>.h; the raster configuration fields
from the RB_MAP_PKR0(x)-style macros of sid.h / vid.h.  The chip chosen for
the chip-dependent packet is named in each file's header.  Standard library
only; the output is deterministic.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "vectors")

# PA_SC_RASTER_CONFIG (byte 0x28350) and _1 as dword offsets: sid.h
# PA_SC_RASTER_CONFIG 0xA0D4; _1 follows it (Mesa's register JSON 0x28354).
# PA_SC_TILE_STEERING_OVERRIDE: byte 0x2835C in Mesa's gfx10/gfx11 register
# JSON (the kernel takes it from its GC 10/11 register headers, which are
# not among the files this script reads).
RASTER_CONFIG = 0xA0D4
TILE_STEERING_OVERRIDE = 0xA0D7

# Per generation: the kernel header with the packet numbers, the clear-state
# table, and the chip-dependent packet: (chip, first dword, [values], why).
# Raster configurations are field assignments of the chip's case in
# gfx_v6_0_raster_config() / gfx_v8_0_raster_config() (a chip with every
# render backend enabled writes them unchanged), or the literal values of
# gfx_v7_0_get_csb_buffer()'s switch.
GENS = [
    ("gfx6", "sid.h", "clearstate_si.h", "gfx_v6_0_get_csb_buffer",
     ("Tahiti, every render backend enabled", RASTER_CONFIG,
      [("sid.h", {"RB_XSEL2": 2, "RB_XSEL": 1, "PKR_MAP": 2, "PKR_YSEL": 1,
                  "SE_MAP": 2, "SE_XSEL": 2, "SE_YSEL": 2})],
      "PA_SC_RASTER_CONFIG from gfx_v6_0_raster_config(), CHIP_TAHITI")),
    ("gfx7", "cikd.h", "clearstate_ci.h", "gfx_v7_0_get_csb_buffer",
     ("Hawaii", RASTER_CONFIG, [0x3A00161A, 0x0000002E],
      "PA_SC_RASTER_CONFIG and _1 of the CHIP_HAWAII case")),
    ("gfx8", "vid.h", "clearstate_vi.h", "gfx_v8_0_get_csb_buffer",
     ("Polaris10, every render backend enabled", RASTER_CONFIG,
      [("vid.h", {"RB_MAP_PKR0": 2, "RB_XSEL2": 1, "SE_MAP": 2, "SE_XSEL": 1, "SE_YSEL": 1}),
       ("vid.h", {"SE_PAIR_MAP": 2, "SE_PAIR_XSEL": 2, "SE_PAIR_YSEL": 2})],
      "PA_SC_RASTER_CONFIG and _1 from gfx_v8_0_raster_config(), CHIP_POLARIS10")),
    ("gfx9", "soc15d.h", "clearstate_gfx9.h", "gfx_v9_0_get_csb_buffer", None),
    ("gfx10", "nvd.h", "clearstate_gfx10.h", "gfx_v10_0_get_csb_buffer",
     ("a GFX10.3 chip (Navi21 and later)", TILE_STEERING_OVERRIDE, [0],
      "PA_SC_TILE_STEERING_OVERRIDE: gfx_v10_0_init_pa_sc_tile_steering_override() "
      "returns 0 for GC 10.3; on GC 10.1 the value depends on the chip's "
      "shader-engine and render-backend counts")),
    ("gfx11", "nvd.h", "clearstate_gfx11.h", "gfx_v11_0_get_csb_buffer",
     ("any GFX11 chip", TILE_STEERING_OVERRIDE, [0],
      "PA_SC_TILE_STEERING_OVERRIDE: gfx_v11_0 sets the value to 0")),
]


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def defines(text):
    """{NAME: int} for '#define NAME <number>' and '#define NAME (a << b)'."""
    out = {}
    for m in re.finditer(r"^#\s*define\s+(\w+)\s+(0x[0-9A-Fa-f]+|\d+)\b", text, re.M):
        out[m.group(1)] = int(m.group(2), 0)
    for m in re.finditer(r"^#\s*define\s+(\w+)\s+\(\s*(\d+)\s*<<\s*(\d+)\s*\)", text, re.M):
        out[m.group(1)] = int(m.group(2)) << int(m.group(3))
    return out


def shifts(text):
    """{NAME: shift} for '#define NAME(x) ((x) << shift)' and '#define NAME (1 << shift)'."""
    out = {}
    for m in re.finditer(r"^#\s*define\s+(\w+)\(x\)\s+\(\(x\)\s*<<\s*(\d+)\)", text, re.M):
        out[m.group(1)] = int(m.group(2))
    for m in re.finditer(r"^#\s*define\s+(\w+)\s+\(1\s*<<\s*(\d+)\)", text, re.M):
        out.setdefault(m.group(1), int(m.group(2)))
    return out


def table(text, path):
    """The SECT_CONTEXT extents: [(reg_index, [(value, comment)])]."""
    arrays = {}
    for m in re.finditer(r"static\s+const\s+(?:u32|unsigned\s+int)\s+(\w+)\[\]\s*=\s*\{(.*?)\};", text, re.S):
        vals = []
        for line in m.group(2).splitlines():
            v = re.match(r"\s*(0x[0-9A-Fa-f]+|\d+)\s*,?\s*(?://\s*(.*))?$", line)
            if v:
                vals.append((int(v.group(1), 0), (v.group(2) or "").strip()))
            elif line.strip():
                raise SystemExit("%s: cannot read the line %r of %s" % (path, line, m.group(1)))
        arrays[m.group(1)] = vals
    m = re.search(r"struct\s+cs_extent_def\s+\w+SECT_CONTEXT_defs\[\]\s*=\s*\{(.*?)\};", text, re.S)
    if not m:
        raise SystemExit("%s: no SECT_CONTEXT extents" % path)
    out = []
    for e in re.finditer(r"\{\s*(\w+)\s*,\s*(0x[0-9A-Fa-f]+|\d+)\s*,\s*(\d+)\s*\}", m.group(1)):
        name, index, count = e.group(1), int(e.group(2), 0), int(e.group(3))
        if name in ("0", "NULL") and count == 0:
            break
        vals = arrays.get(name)
        if vals is None or len(vals) != count:
            raise SystemExit("%s: extent %s: %s values, the table says %d" %
                             (path, name, "no" if vals is None else len(vals), count))
        out.append((index, vals))
    if re.search(r"SECT_(?!CONTEXT|NONE)\w+\s*\}", text):
        raise SystemExit("%s: a section other than SECT_CONTEXT (the kernel stops there)" % path)
    return out


def packet3(op, count):
    return (3 << 30) | ((op & 0xFF) << 8) | ((count & 0x3FFF) << 16)


def build(kdir, kernel, gen, hdr, cs, fn, chip):
    d = defines(read(os.path.join(kdir, hdr)))
    need = ("PACKET3_PREAMBLE_CNTL", "PACKET3_PREAMBLE_BEGIN_CLEAR_STATE", "PACKET3_PREAMBLE_END_CLEAR_STATE",
            "PACKET3_CONTEXT_CONTROL", "PACKET3_SET_CONTEXT_REG", "PACKET3_SET_CONTEXT_REG_START",
            "PACKET3_CLEAR_STATE")
    for n in need:
        if n not in d:
            raise SystemExit("%s: %s not defined" % (hdr, n))
    start = d["PACKET3_SET_CONTEXT_REG_START"]
    ext = table(read(os.path.join(kdir, cs)), cs)
    w = []  # (word, comment)

    def pkt(name, count, what):
        w.append((packet3(d["PACKET3_" + name], count), "%s%s" % (name, what)))

    pkt("PREAMBLE_CNTL", 0, "")
    w.append((d["PACKET3_PREAMBLE_BEGIN_CLEAR_STATE"], "PREAMBLE_BEGIN_CLEAR_STATE"))
    pkt("CONTEXT_CONTROL", 1, "")
    w.append((0x80000000, "load control"))
    w.append((0x80000000, "shadow enable"))
    for index, vals in ext:
        pkt("SET_CONTEXT_REG", len(vals), ", %d registers from 0x%05X" % (len(vals), index * 4))
        w.append((index - start, "register offset"))
        for k, (v, name) in enumerate(vals):
            w.append((v, "0x%05X %s" % ((index + k) * 4, name or "?")))
    if chip:
        who, first, vals, why = chip
        words = []
        for v in vals:
            if isinstance(v, tuple):
                sh = shifts(read(os.path.join(kdir, v[0])))
                x = 0
                for field, fv in v[1].items():
                    if field not in sh:
                        raise SystemExit("%s: no field macro %s" % (v[0], field))
                    x |= fv << sh[field]
                words.append(x)
            else:
                words.append(v)
        pkt("SET_CONTEXT_REG", len(words), ", %s" % why)
        w.append((first - start, "register offset"))
        names = {RASTER_CONFIG: "PA_SC_RASTER_CONFIG", RASTER_CONFIG + 1: "PA_SC_RASTER_CONFIG_1",
                 TILE_STEERING_OVERRIDE: "PA_SC_TILE_STEERING_OVERRIDE"}
        for k, v in enumerate(words):
            w.append((v, "0x%05X %s" % ((first + k) * 4, names[first + k])))
    pkt("PREAMBLE_CNTL", 0, "")
    w.append((d["PACKET3_PREAMBLE_END_CLEAR_STATE"], "PREAMBLE_END_CLEAR_STATE"))
    pkt("CLEAR_STATE", 0, "")
    w.append((0, "dummy"))

    lines = [
        "# %s clear-state buffer: the dwords %s() of the Linux kernel" % (gen, fn),
        "# (drivers/gpu/drm/amd/amdgpu/%s.c, %s) writes for the RLC," % (fn[:-len("_get_csb_buffer")], kernel),
        "# from %s and the packet numbers of %s; %d dwords, %d SET_CONTEXT_REG runs from the table."
        % (cs, hdr, len(w), len(ext)),
    ]
    if chip:
        lines.append("# The chip-dependent SET_CONTEXT_REG is the one built on %s." % chip[0])
    lines.append("# A register value's comment is its byte address and the name the table's comment gives it")
    lines.append("# (HOLE: the table fills the dword without naming a register).  Made by scripts/gen_clearstate.py.")
    for word, c in w:
        lines.append("0x%08x  # %s" % (word, c))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (2, 3):
        raise SystemExit("usage: " + __doc__.strip().splitlines()[2].strip())
    kdir = sys.argv[1]
    kernel = sys.argv[2] if len(sys.argv) == 3 else "linux-source-6.1 6.1.192"
    for gen, hdr, cs, fn, chip in GENS:
        text = build(kdir, kernel, gen, hdr, cs, fn, chip)
        path = os.path.join(OUT, "clearstate_%s.hex" % gen)
        with open(path, "w", encoding="ascii", newline="\n") as f:
            f.write(text)
        print("%s: %d dwords" % (os.path.relpath(path, ROOT), sum(1 for l in text.splitlines() if l.startswith("0x"))))


if __name__ == "__main__":
    main()

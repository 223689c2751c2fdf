#!/usr/bin/env python3
"""Generate gfxkit's const register tables, R6xx to GFX12, in two files:
src/pm4/pm4_regs_lists.c (every distinct field list and value list once) and
src/pm4/pm4_regs_tables.c (every distinct register row and name once, then
each generation's table as 16-bit indices into them: struct gk_reg_table).
R6xx..Cayman come from REFERENCE_DIR's TSV tables, GFX6..GFX12 from Mesa's
register JSON (REFERENCE_DIR/mesa-amd-json, format in its README.txt).

Usage: scripts/gen_regs.py [REFERENCE_DIR [KERNEL_AMD_INCLUDE_DIR]]

REFERENCE_DIR defaults to <repo>/../shared/reference/registers, where <repo>
is the parent of this script's directory.  Output goes to <repo>/src/pm4/.
Standard library only; the output is deterministic.

Rules (see the TSV README for the meaning of the columns):
  * r600 table: registers-r600.tsv rows with gens r600+r700 or r600;
    r700 table: gens r600+r700 or r700; evergreen / cayman: every row of
    their own file.  Rows with space indirect or pseudo are skipped.
  * One primary name per offset: (1) the comment_name of
    crosscheck-default-state.tsv for that gen and offset, (2) source both,
    (3) mesa, (4) kernel; ties by first appearance in the TSV.
  * names[]: every name, sorted by strcmp byte order, unique.  A name at
    two offsets keeps the offset where it is primary (lowest such offset if
    it is primary at several), else the lowest offset; the dropped mappings
    are listed in a comment.
  * Fields: those of the primary name (or, if it has none, of the
    highest-ranked alias at the same offset that has some).  A field
    overlapping an earlier-kept one (both/mesa rows first, then kernel,
    then file order) is dropped and listed.  Sorted by low bit.
  * Values: enums rows with a non-empty field, joined on (offset, register,
    field); values that do not fit the field are dropped (listed); unique
    by value (first name kept); sorted by value.
  * Identical field lists and identical value lists are emitted once, in
    both families together; so are identical register rows and names
    (pools indexed per generation).

GFX6+ rules (Mesa JSON gfx6, gfx7, gfx8, gfx81, gfx9, gfx10, gfx103, gfx11,
gfx115, gfx12):
  * Registers: every register_mappings entry whose map.to is "mm", at its byte
    offset "at"; then registers-manually-defined.json entries that list the
    generation in "chips" and whose offset and name are both new.
  * Fields: the register type's fields; bits outside 0..31, or overlapping an
    earlier field, are dropped (listed).  Sorted by low bit.
  * Values: the field's enum entries; values that do not fit are dropped,
    duplicates keep the first name; sorted by value.

Kernel rows (every GFX6+ generation; scripts/gen_regs_kernel.py
says which chips, headers and bases): the registers of GC, HDP, MMHUB,
NBIO's BIF_BX_PF, OSSSYS and SDMA that Mesa's JSON lacks, at addresses Mesa
does not name.  A kernel name Mesa (or an earlier kernel row) has at another
address is printed with its block as a prefix (MMHUB_VM_INVALIDATE_ENG0_REQ
on gfx9, where gfxhub and mmhub share the spelling) or, when it is the same
block at another chip's address, with the chip (VANGOGH_...), so every name
still assembles back to one address; a GC name Mesa has elsewhere (the
kernel's privileged copies of user-mode registers), or a prefixed name that
is taken too, is left out (listed).  The kernel's fields (sh_mask shifts and masks), no values.
"""

import csv
import json
import os
import re
import sys

import gen_regs_kernel

GENS = ("r600", "r700", "evergreen", "cayman")
SKIP_SPACES = ("indirect", "pseudo")
SOURCE_RANK = {"both": 1, "mesa": 2, "kernel": 3}


def read_tsv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    return rows


def cstr(s):
    """A valid C string literal for s (ASCII; escapes anything unusual)."""
    out = []
    for ch in s:
        o = ord(ch)
        if ch in "\\\"":
            out.append("\\" + ch)
        elif 0x20 <= o < 0x7F and ch != "?":
            out.append(ch)
        else:
            for b in ch.encode("utf-8"):
                out.append("\\%03o" % b)
    return '"' + "".join(out) + '"'


def ccomment(s):
    """Text safe inside a /* */ comment."""
    return s.replace("*/", "* /").replace("/*", "/ *")


def load(refdir, gen):
    src = "r600" if gen in ("r600", "r700") else gen
    regs = read_tsv(os.path.join(refdir, "registers-%s.tsv" % src))
    fields = read_tsv(os.path.join(refdir, "fields-%s.tsv" % src))
    enums = read_tsv(os.path.join(refdir, "enums-%s.tsv" % src))
    if gen == "r600":
        regs = [r for r in regs if r["gens"] in ("r600+r700", "r600")]
    elif gen == "r700":
        regs = [r for r in regs if r["gens"] in ("r600+r700", "r700")]
    regs = [r for r in regs if r["space"] not in SKIP_SPACES]
    return regs, fields, enums


def load_crosscheck(refdir):
    """{gen: {offset: comment_name}} for non-empty comment names."""
    out = {}
    for r in read_tsv(os.path.join(refdir, "crosscheck-default-state.tsv")):
        if r["comment_name"]:
            out.setdefault(r["gen"], {})[int(r["offset"], 16)] = r["comment_name"]
    return out


def build(gen, regs, fields, enums, xcheck):
    notes = []  # comment lines for the generated file

    # --- registers and names -------------------------------------------
    by_off = {}  # offset -> list of (rank tuple, name, row)
    for idx, r in enumerate(regs):
        off = int(r["offset"], 16)
        by_off.setdefault(off, []).append((idx, r["name"], r))

    primary = {}   # offset -> name
    ranked = {}    # offset -> names in rank order
    for off, lst in by_off.items():
        cname = xcheck.get(off)
        if cname is not None and cname not in [n for _, n, _ in lst]:
            raise SystemExit("%s: crosscheck name %s not at 0x%06X" % (gen, cname, off))

        def key(item):
            idx, name, row = item
            return (0 if name == cname else 1, SOURCE_RANK[row["source"]], idx)

        order = sorted(lst, key=key)
        ranked[off] = [n for _, n, _ in order]
        primary[off] = order[0][1]

    # A name printed at two offsets could not be assembled back to both:
    # keep it at its first offset and print the next-ranked alias at the
    # others (e.g. evergreen VGT_NUM_INSTANCES: kernel config 0x008974 vs
    # Mesa context 0x028A88, which the clear state calls VGT_DMA_NUM_INSTANCES).
    seen = {}
    for off in sorted(primary):
        n = primary[off]
        if n in seen:
            alt = [a for a in ranked[off] if a not in seen and a != n]
            if alt:
                notes.append("Primary %s at 0x%06X is also primary at 0x%06X; printed as %s here" %
                             (n, off, seen[n], alt[0]))
                primary[off] = alt[0]
                n = alt[0]
        seen[n] = off

    name_offs = {}  # name -> sorted offsets
    for off in sorted(by_off):
        for n in ranked[off]:
            name_offs.setdefault(n, [])
            if off not in name_offs[n]:
                name_offs[n].append(off)
    names = {}
    dup_notes = []
    for n, offs in name_offs.items():
        if len(offs) == 1:
            names[n] = offs[0]
            continue
        prim = [o for o in offs if primary[o] == n]
        keep = min(prim) if prim else min(offs)
        names[n] = keep
        dropped = [o for o in offs if o != keep]
        dup_notes.append("  %s -> 0x%06X kept (%s); dropped %s" % (
            n, keep, "primary there" if prim else "lowest offset",
            ", ".join("0x%06X%s" % (o, " (primary there too)" if primary[o] == n else "")
                      for o in dropped)))
    n_aliases = sum(len(v) - 1 for v in ranked.values())

    # --- fields ----------------------------------------------------------
    fidx = {}  # (offset, register) -> list of (file index, row)
    for i, f in enumerate(fields):
        fidx.setdefault((int(f["offset"], 16), f["register"]), []).append((i, f))
    eidx = {}  # (offset, register, field) -> list of rows (file order)
    for e in enums:
        if e["field"]:
            eidx.setdefault((int(e["offset"], 16), e["register"], e["field"]), []).append(e)

    field_notes = []
    value_notes = []
    reg_fields = {}  # offset -> tuple of (name, lo, hi, values tuple)
    fields_from_alias = []
    for off in sorted(by_off):
        src_name = None
        for n in ranked[off]:
            if (off, n) in fidx:
                src_name = n
                break
        if src_name is None:
            reg_fields[off] = ()
            continue
        if src_name != primary[off]:
            fields_from_alias.append((off, primary[off], src_name))
        rows = sorted(fidx[(off, src_name)],
                      key=lambda t: (0 if t[1]["source"] in ("both", "mesa") else 1, t[0]))
        kept = []
        for _, f in rows:
            lo, hi = int(f["low_bit"]), int(f["high_bit"])
            if not (0 <= lo <= hi <= 31):
                field_notes.append("  0x%06X %s.%s bits %d..%d out of range" % (
                    off, src_name, f["field"], lo, hi))
                continue
            clash = [k for k in kept if not (hi < k["lo"] or lo > k["hi"])]
            if clash:
                field_notes.append("  0x%06X %s.%s (%s, bits %d..%d) overlaps %s" % (
                    off, src_name, f["field"], f["source"], lo, hi,
                    ", ".join("%s (bits %d..%d)" % (k["name"], k["lo"], k["hi"]) for k in clash)))
                continue
            if any(k["name"] == f["field"] for k in kept):
                field_notes.append("  0x%06X %s.%s duplicate field name" % (off, src_name, f["field"]))
                continue
            kept.append({"name": f["field"], "lo": lo, "hi": hi})
        out = []
        for k in sorted(kept, key=lambda k: (k["lo"], k["hi"], k["name"])):
            width = k["hi"] - k["lo"] + 1
            vals = {}
            for e in eidx.get((off, src_name, k["name"]), []):
                v = int(e["value"])
                if v < 0 or v >= (1 << width):
                    value_notes.append("  0x%06X %s.%s %s = %d does not fit %d bit(s)" % (
                        off, src_name, k["name"], e["value_name"], v, width))
                    continue
                if v in vals:
                    value_notes.append("  0x%06X %s.%s %s = %d duplicates %s" % (
                        off, src_name, k["name"], e["value_name"], v, vals[v]))
                    continue
                vals[v] = e["value_name"]
            out.append((k["name"], k["lo"], k["hi"], tuple(sorted(vals.items()))))
        reg_fields[off] = tuple(out)

    if dup_notes:
        notes.append("Names at more than one offset (names[] keeps one mapping):")
        notes += dup_notes
    if field_notes:
        notes.append("Dropped fields:")
        notes += field_notes
    if value_notes:
        notes.append("Dropped values:")
        notes += value_notes
    if fields_from_alias:
        notes.append("Fields taken from an alias (primary name has none):")
        notes += ["  0x%06X %s <- %s" % t for t in fields_from_alias]

    stats = {
        "regs": len(by_off), "names": len(names), "aliases": n_aliases,
        "dup_names": sum(len(name_offs[n]) - 1 for n in name_offs if len(name_offs[n]) > 1),
        "dropped_fields": len(field_notes), "dropped_values": len(value_notes),
        "fields": sum(len(v) for v in reg_fields.values()),
        "values": sum(len(f[3]) for v in reg_fields.values() for f in v),
        "from_alias": len(fields_from_alias),
    }
    return primary, names, reg_fields, notes, stats


def value_rows(vl):
    """The struct gk_reg_value rows of one value list."""
    return ["\t{ %uu, %u, %s }," % (v, len(n), cstr(n)) for v, n in vl]


def field_rows(fl, values_ref):
    """The struct gk_reg_field rows of one field list; values_ref(vl) is the
    C expression of a value list's first row."""
    rows = []
    for name, lo, hi, vl in fl:
        mask = ((1 << (hi - lo + 1)) - 1) << lo
        if vl:
            rows.append("\t{ %s, %d, %d, %d, %s, %d, 0x%08X }," % (cstr(name), lo, hi, len(vl), values_ref(vl),
                                                                  len(name), mask))
        else:
            rows.append("\t{ %s, %d, %d, 0, NULL, %d, 0x%08X }," % (cstr(name), lo, hi, len(name), mask))
    return rows


def maxline(name, fl):
    """struct gk_reg's maxline: the longest register-run line of text.c
    ("    0xAAAAA NAME <-", each field " F=" with its longest value: a value
    name, or up to "0x" and 8 hex digits, then " 0xSTRAY" bits and the
    newline); 0 (unknown) past the uint16_t."""
    n = len("    0xAAAAA ") + len(name) + len(" <-")
    for fname, lo, hi, vl in fl:
        n += 2 + len(fname) + max([10] + [len(v[1]) for v in vl])
    n += len(" 0x00000000\n")
    return n if n < 65536 else 0


def line_head(off, name):
    """The C expression of a register row's name: when the offset has five
    hex digits, the tail of one string holding text.c's line head
    "    0xAAAAA NAME" (struct gk_reg's head = 1), else the name alone."""
    if off <= 0xFFFFF:
        return '&%s[12]' % cstr("    0x%05x %s" % (off, name)), 1
    return cstr(name), 0


def field_at(fl):
    """A field list's layout for struct gk_reg_table's fieldat: for each bit
    the index of the field holding it, 0xff for a bit no field holds."""
    at = [0xFF] * 32
    for i, (fname, lo, hi, vl) in enumerate(fl):
        for b in range(lo, hi + 1):
            at[b] = i
    return tuple(at)


def pool_arrays(regs_decl, names_decl, pool, npool, fields_ref, fieldat_ref):
    """The pool of register rows ((offset, name, fields) -> index) and of
    names ((name, offset) -> index) as C arrays; fields_ref(fl) is the C
    expression of a field list's first row, fieldat_ref(at) a layout's
    struct gk_reg fieldat (its index + 1)."""
    L = [regs_decl + " = {"]
    for (off, name, fl), i in sorted(pool.items(), key=lambda t: t[1]):
        nexpr, head = line_head(off, name)
        if fl:
            L.append("\t{ 0x%06X, %s, %d, %s, %d, %d, %d, %d }," % (
                off, nexpr, len(fl), fields_ref(fl), len(name), maxline(name, fl), head, fieldat_ref(field_at(fl))))
        else:
            L.append("\t{ 0x%06X, %s, 0, NULL, %d, %d, %d, 0 }," % (off, nexpr, len(name), maxline(name, fl), head))
    L += ["};", "", names_decl + " = {"]
    for (name, off), i in sorted(npool.items(), key=lambda t: t[1]):
        # the row's string (line_head), which the compiler then keeps once
        L.append("\t{ %s, 0x%06X }," % (line_head(off, name)[0], off))
    L += ["};", ""]
    return L


def list_positions(field_lists):
    """Positions of every distinct value list and field list in the one
    value array and one field array they go into, in first-seen order."""
    vlists, flists = {}, {}
    vpos = fpos = 0
    for fl in field_lists:
        for fd in fl:
            if fd[3] and fd[3] not in vlists:
                vlists[fd[3]] = vpos
                vpos += len(fd[3])
        if fl and fl not in flists:
            flists[fl] = fpos
            fpos += len(fl)
    return vlists, flists


def list_arrays(values_decl, fields_decl, values_name, vlists, flists):
    """The value array and the field array (each list marked with its
    position); values_name is the value array's C name."""
    L = [values_decl + " = {"]
    for vl, i in sorted(vlists.items(), key=lambda t: t[1]):
        L.append("\t/* %d */" % i)
        L += value_rows(vl)
    L += ["};", "", fields_decl + " = {"]
    for fl, i in sorted(flists.items(), key=lambda t: t[1]):
        L.append("\t/* %d */" % i)
        L += field_rows(fl, lambda vl: "%s + %d" % (values_name, vlists[vl]))
    L += ["};", ""]
    return L


def index_array(name, idx, per_line=16):
    """A static const uint16_t array of pool indices, per_line a line."""
    if max(idx, default=0) > 0xFFFF:
        raise SystemExit("%s: a pool index does not fit in 16 bits" % name)
    L = ["static const uint16_t %s[] = {" % name]
    for i in range(0, len(idx), per_line):
        L.append("\t" + ", ".join(str(x) for x in idx[i:i + per_line]) + ",")
    L.append("};")
    return L


GCN_GENS = ("gfx6", "gfx7", "gfx8", "gfx81", "gfx9", "gfx10", "gfx103", "gfx11", "gfx115", "gfx12")


def load_gcn(jsondir, gen, manual):
    """{offset: (name, fields tuple)} and notes for one GFX6+ generation."""
    with open(os.path.join(jsondir, "%s.json" % gen), encoding="utf-8") as f:
        db = json.load(f)
    notes = []
    entries = [(m["map"]["at"], m["name"], m.get("type_ref"), db) for m in db["register_mappings"]
               if m["map"]["to"] == "mm"]
    have_off = set(e[0] for e in entries)
    have_name = set(e[1] for e in entries)
    for m in manual["register_mappings"]:
        if gen in m["chips"] and m["map"]["to"] == "mm" and m["map"]["at"] not in have_off \
                and m["name"] not in have_name:
            # its type_ref names a type of the generation's own file
            entries.append((m["map"]["at"], m["name"], m.get("type_ref"), db))
            notes.append("  0x%06X %s from registers-manually-defined.json" % (m["map"]["at"], m["name"]))
            have_off.add(m["map"]["at"])
            have_name.add(m["name"])
    regs = {}
    for off, name, tref, src in sorted(entries, key=lambda e: e[0]):
        if off in regs:
            notes.append("  0x%06X %s dropped: offset already %s" % (off, name, regs[off][0]))
            continue
        kept = []
        rtype = src["register_types"].get(tref) if tref else None
        for fd in (rtype["fields"] if rtype else []):
            lo, hi = fd["bits"]
            if not (0 <= lo <= hi <= 31):
                notes.append("  0x%06X %s.%s bits %d..%d out of range" % (off, name, fd["name"], lo, hi))
                continue
            if any(not (hi < k[1] or lo > k[2]) for k in kept):
                notes.append("  0x%06X %s.%s bits %d..%d overlaps" % (off, name, fd["name"], lo, hi))
                continue
            if any(k[0] == fd["name"] for k in kept):
                notes.append("  0x%06X %s.%s duplicate field name" % (off, name, fd["name"]))
                continue
            vals = {}
            er = fd.get("enum_ref")
            for e in (src["enums"][er]["entries"] if er in src["enums"] else []):
                v = e["value"]
                if v < 0 or v >= (1 << (hi - lo + 1)):
                    notes.append("  0x%06X %s.%s %s = %d does not fit" % (off, name, fd["name"], e["name"], v))
                    continue
                if v not in vals:
                    vals[v] = e["name"]
            kept.append((fd["name"], lo, hi, tuple(sorted(vals.items()))))
        regs[off] = (name, tuple(sorted(kept, key=lambda k: (k[1], k[2], k[0]))))
    return regs, notes


def merge_kernel(gen, regs, kregs):
    """Add the kernel rows kregs {offset: (name, fields, block, chip)} to the
    Mesa table regs {offset: (name, fields)} in place; returns notes."""
    notes = []
    taken = {r[0]: (off, "mesa", "") for off, r in regs.items()}
    added = prefixed = 0
    # the first chip's rows first, so it keeps the plain names
    order = sorted(kregs, key=lambda o: (gen_regs_kernel.chip_rank(gen, kregs[o][3]), o))
    for off in order:
        name, fields, block, chip = kregs[off]
        if off in regs:
            if regs[off][0] != name:
                notes.append("  0x%06X kernel %s (%s): Mesa's %s kept" % (off, name, block, regs[off][0]))
            continue
        if name in taken:
            toff, tblock, tchip = taken[name]
            if tblock == block:
                alt = chip.split("/")[0].split(" ")[0].upper() + "_" + name  # another chip's map
            elif block != "gc":
                alt = block.upper() + "_" + name  # another block's spelling (gfx9 VM_* in GC and MMHUB)
            else:
                alt = None  # GC's privileged copy of a name Mesa gives the user-mode address
            if alt is None or alt in taken:
                notes.append("  0x%06X kernel %s (%s, %s) left out: 0x%06X has %s" % (
                    off, name, block, chip, toff, name))
                continue
            notes.append("  0x%06X kernel %s (%s, %s) printed %s: 0x%06X has %s" % (
                off, name, block, chip, alt, toff, name))
            name = alt
            prefixed += 1
        regs[off] = (name, fields)
        taken[name] = (off, block, chip)
        added += 1
    return ["Kernel rows: %d added (%d with a block or chip prefix)" % (added, prefixed)] + notes


def emit_tables(gens, outdir):
    """Every generation's register table, of both families, in two files:
    pm4_regs_lists.c (every distinct value list and field list once) and
    pm4_regs_tables.c (every distinct register row and name once, then each
    generation's rows and names as 16-bit indices into them).  gens: (gen,
    regs {offset: (name, field list)}, names {name: offset}, comment lines).
    Returns the paths written."""
    head = ("/* Generated by scripts/gen_regs.py from ../shared/reference/registers and the kernel's\n"
            " * asic_reg headers (scripts/gen_regs_kernel.py); do not edit by hand. */")
    vlists, flists = list_positions(regs[off][1] for gen, regs, names, comment in gens for off in sorted(regs))
    L = [head,
         "/* Register fields and named values of every generation, R6xx to GFX12: a list",
         " * identical in several registers or generations appears once. */",
         "",
         '#include "gfxkit/regdb.h"',
         "",
         "extern const struct gk_reg_value gk_pm4_reg_values[];",
         "extern const struct gk_reg_field gk_pm4_reg_fields[];",
         "extern const uint8_t gk_pm4_reg_fieldat[][32];",
         ""]
    if len(set(field_at(fl) for fl in flists)) >= 0xFFFF:
        raise SystemExit("field layouts do not fit struct gk_reg's uint16_t fieldat")
    L += list_arrays("const struct gk_reg_value gk_pm4_reg_values[]", "const struct gk_reg_field gk_pm4_reg_fields[]",
                     "gk_pm4_reg_values", vlists, flists)
    # each distinct layout once (many field lists share one)
    atlists = {}
    for fl in flists:
        atlists.setdefault(field_at(fl), len(atlists))
    L += ["/* struct gk_reg_table's fieldat: for each layout, bit -> the field holding it */",
          "const uint8_t gk_pm4_reg_fieldat[%d][32] = {" % len(atlists)]
    for at, i in sorted(atlists.items(), key=lambda t: t[1]):
        L.append("\t{ %s }," % ", ".join(str(x) for x in at))
    L += ["};", ""]
    paths = [os.path.join(outdir, "pm4_regs_lists.c"), os.path.join(outdir, "pm4_regs_tables.c")]
    with open(paths[0], "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(L))
    pool, npool = {}, {}
    for gen, regs, names, comment in gens:
        for off in sorted(regs):
            pool.setdefault((off, regs[off][0], regs[off][1]), len(pool))
        for n in names:
            npool.setdefault((n, names[n]), len(npool))
    L = [head,
         "/* Register tables of every generation, R6xx to GFX12: the register rows and",
         " * names, each once for every generation that has it, then each generation's",
         " * rows and names as indices into them (struct gk_reg_table). */",
         "",
         '#include "gfxkit/regdb.h"',
         "",
         "extern const struct gk_reg_field gk_pm4_reg_fields[];",
         "extern const uint8_t gk_pm4_reg_fieldat[%d][32];" % len(atlists),
         ""]
    L += pool_arrays("static const struct gk_reg pool[]", "static const struct gk_reg_name name_pool[]", pool, npool,
                     lambda fl: "gk_pm4_reg_fields + %d" % flists[fl],
                     lambda at: atlists[at] + 1)
    for gen, regs, names, comment in gens:
        L += comment
        L += index_array("%s_regs" % gen, [pool[(off, regs[off][0], regs[off][1])] for off in sorted(regs)])
        L.append("")
        L += index_array("%s_names" % gen, [npool[(n, names[n])] for n in sorted(names, key=lambda x: x.encode("utf-8"))])
        L.append("")
        L.append("extern const struct gk_reg_table gk_pm4_regs_%s;" % gen)
        L.append("const struct gk_reg_table gk_pm4_regs_%s = {" % gen)
        L.append("\t%s," % cstr(gen))
        L.append("\tpool, %s_regs, sizeof %s_regs / sizeof %s_regs[0]," % (gen, gen, gen))
        L.append("\tname_pool, %s_names, sizeof %s_names / sizeof %s_names[0]," % (gen, gen, gen))
        L.append("\tgk_pm4_reg_fieldat, sizeof gk_pm4_reg_fieldat / sizeof gk_pm4_reg_fieldat[0],")
        L.append("};")
        L.append("")
    with open(paths[1], "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(L))
    print("%d generations: %d register rows for %d, %d names, %d field lists (%d fields), %d value lists" % (
        len(gens), len(pool), sum(len(g[1]) for g in gens), len(npool), len(flists),
        sum(len(fl) for fl in flists), len(vlists)))
    return paths


# Registers whose write the hardware answers in another register: the work
# a ring asks for in the first, the answer it polls in the second with a
# write-then-wait WAIT_REG_MEM (OPERATION=WR_WAIT_WR_REG).  The executor
# (src/exec) does the work at once offline, setting the answer's bits from
# the request's (done |= request & mask), and names no register: these rows
# are what it reads.
#  * The HDP flush: amdgpu_ring_emit_hdp_flush writes the ring's
#    ref_and_mask to *GPU_HDP_FLUSH_REQ and waits for it in
#    *GPU_HDP_FLUSH_DONE (gfx_v7_0.c .. gfx_v12_0.c ring_emit_hdp_flush,
#    nbio_v*_get_hdp_flush_req/done_offset); the done register's bits are
#    the request's clients (the same CPn/SDMAn fields), so every bit carries.
#  * The TLB invalidation of every VM flush: gmc_v9_0.c .. gmc_v12_0.c
#    emit_flush_gpu_tlb write the request (PER_VMID_INVALIDATE_REQ = 1 <<
#    vmid, with flush-type bits) to *INVALIDATE_ENGn_REQ and wait for
#    1 << vmid in *INVALIDATE_ENGn_ACK, whose PER_VMID_INVALIDATE_ACK field
#    is at the same bits: only that field carries.
LINK_RULES = (
    (re.compile(r"^(.*GPU_HDP_FLUSH_)REQ$"), "DONE", None, None),
    (re.compile(r"^(.*INVALIDATE_ENG\d+_)REQ$"), "ACK", "PER_VMID_INVALIDATE_REQ", "PER_VMID_INVALIDATE_ACK"),
)


def reg_links(regs):
    """[(req offset, done offset, mask, req name, done name)] of one
    generation's table regs {offset: (name, fields)}."""
    at = {r[0]: off for off, r in regs.items()}
    out = []
    for off in sorted(regs):
        name, fields = regs[off]
        for rule, done_suffix, req_field, done_field in LINK_RULES:
            m = rule.match(name)
            if not m or m.group(1) + done_suffix not in at:
                continue
            done = at[m.group(1) + done_suffix]
            if req_field is None:
                mask = 0xFFFFFFFF
            else:
                rf = [f for f in fields if f[0] == req_field]
                df = [f for f in regs[done][1] if f[0] == done_field]
                if not rf or not df or rf[0][1:3] != df[0][1:3]:
                    continue  # the two fields are not where the rule says
                mask = ((1 << (rf[0][2] - rf[0][1] + 1)) - 1) << rf[0][1]
            out.append((off, done, mask, name, m.group(1) + done_suffix))
    return out


def emit_links(gens, outdir):
    """src/pm4/pm4_reg_links.c: each GFX6+ generation's reg_links."""
    L = ["/* Generated by scripts/gen_regs.py from the register tables it writes (the rules",
         " * are its LINK_RULES); do not edit by hand. */",
         "/* Registers whose write the hardware answers in another register (struct",
         " * gk_reg_link): the HDP flush request and done registers, the VM hubs' TLB",
         " * invalidation engines' request and acknowledge registers, by byte address. */",
         "",
         '#include "gfxkit/desc.h"',
         '#include "pm4_tab.h"',
         ""]
    total = 0
    for gen, regs, names, comment in gens:
        if gen not in GCN_GENS:
            continue
        links = reg_links(regs)
        total += len(links)
        L.append("const struct gk_reg_link gk_pm4_reg_links_%s[] = {" % gen)
        for req, done, mask, rn, dn in links:
            L.append("\t{ 0x%06X, 0x%06X, 0x%08X }, /* %s -> %s */" % (req, done, mask, rn, dn))
        if not links:
            L.append("\t{ 0, 0, 0 },")
        L.append("};")
        L.append("const unsigned gk_pm4_nreg_links_%s = %d;" % (gen, len(links)))
        L.append("")
    path = os.path.join(outdir, "pm4_reg_links.c")
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(L))
    print("%d register links" % total)
    return path


def comment_lines(text, notes):
    """A generation's comment: text, then its notes."""
    L = ["/* " + text + ("" if notes else " */")]
    if notes:
        L += [" * " + ccomment(n).rstrip() for n in notes] + [" */"]
    return L


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(here)
    if len(argv) > 3:
        sys.stderr.write("usage: %s [REFERENCE_DIR [KERNEL_AMD_INCLUDE_DIR]]\n" % argv[0])
        return 2
    kinc = argv[2] if len(argv) == 3 else gen_regs_kernel.DEFAULT_INC
    if not os.path.isdir(os.path.join(kinc, "asic_reg")):
        sys.stderr.write("%s: no kernel asic_reg headers under %s\n" % (argv[0], kinc))
        return 1
    refdir = argv[1] if len(argv) >= 2 else os.path.join(repo, "..", "shared", "reference", "registers")
    refdir = os.path.normpath(refdir)
    outdir = os.path.join(repo, "src", "pm4")
    xcheck = load_crosscheck(refdir)
    results = []
    for gen in GENS:
        regs, fields, enums = load(refdir, gen)
        primary, names, reg_fields, notes, stats = build(gen, regs, fields, enums, xcheck.get(gen, {}))
        results.append((gen, primary, names, reg_fields, notes, stats))
        print("%s: %d registers, %d names (%d aliases, %d duplicate name mappings dropped), "
              "%d fields, %d values, dropped %d fields / %d values, %d registers use alias fields" % (
                  gen, stats["regs"], stats["names"], stats["aliases"], stats["dup_names"],
                  stats["fields"], stats["values"], stats["dropped_fields"],
                  stats["dropped_values"], stats["from_alias"]))
    gens = []
    for gen, primary, names, reg_fields, notes, stats in results:
        gens.append((gen, {off: (primary[off], reg_fields[off]) for off in primary}, names,
                     comment_lines("%s: %d registers, %d names, %d fields, %d values." % (
                         gen, stats["regs"], stats["names"], stats["fields"], stats["values"]), notes)))
    jsondir = os.path.join(refdir, "mesa-amd-json")
    with open(os.path.join(jsondir, "registers-manually-defined.json"), encoding="utf-8") as f:
        manual = json.load(f)
    for gen in GCN_GENS:
        regs, notes = load_gcn(jsondir, gen, manual)
        if gen in gen_regs_kernel.CHIPS:
            kregs, knotes = gen_regs_kernel.kernel_regs(kinc, gen, regs)
            notes += knotes + merge_kernel(gen, regs, kregs)
        print("%s: %d registers, %d fields, %d notes" % (
            gen, len(regs), sum(len(r[1]) for r in regs.values()), len(notes)))
        names = {r[0]: off for off, r in regs.items()}
        if gen in gen_regs_kernel.CHIPS:
            aliases = gen_regs_kernel.gc_aliases(kinc, gen, regs)
            for alias, off in sorted(aliases.items()):
                names.setdefault(alias, off)
            notes.append("Kernel GC names of registers Mesa names otherwise, for lookup only: %d" % sum(
                1 for a in aliases if names[a] == aliases[a] and regs[aliases[a]][0] != a))
        gens.append((gen, regs, names,
                     comment_lines("%s: %d registers, %d fields." % (
                         gen, len(regs), sum(len(r[1]) for r in regs.values())), ["Notes:"] + notes if notes else [])))
    for p in emit_tables(gens, outdir) + [emit_links(gens, outdir)]:
        print("-> %s" % os.path.relpath(p, repo))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

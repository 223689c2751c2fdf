#!/usr/bin/env python3
"""Generate the Adreno tables from Mesa's rnndb register database.

Reads ../shared/reference/adreno/registers/*.xml (Mesa
src/freedreno/registers/, MIT) and writes:

  src/adreno/adreno_pm4_tab_gen.c  the CP packets: type-3 (a2xx-a4xx) and
                                   type-7 (a5xx+) opcodes with the
                                   generations that have them (the enum's
                                   `variants`) and each packet's payload
                                   dwords with their bitfields (the domain of
                                   the packet's name, adreno_pm4.xml)
  src/adreno/adreno_regs_gen.c     the registers of a2xx..a6xx (a7xx through
                                   the a6xx file's variants), arrays
                                   expanded, 64-bit registers as two rows
                                   (NAME, NAME+1 as Mesa's cffdump names
                                   them), bitfields and enum values, pooled
                                   (struct gk_reg_table, include/gfxkit/regdb.h)

Python 3 standard library only.  Usage: scripts/gen_adreno.py [REGDIR]
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGDIR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, '..', 'shared', 'reference', 'adreno', 'registers')
if not os.path.isdir(REGDIR):
    REGDIR = '/work/shared/reference/adreno/registers'

GENS = ['A2XX', 'A3XX', 'A4XX', 'A5XX', 'A6XX', 'A7XX']
GBIT = {g: 1 << i for i, g in enumerate(GENS)}
ALL = (1 << len(GENS)) - 1
PKT3_GENS = GBIT['A2XX'] | GBIT['A3XX'] | GBIT['A4XX']
PKT7_GENS = GBIT['A5XX'] | GBIT['A6XX'] | GBIT['A7XX']


def strip(tag):
    return tag.split('}', 1)[1] if '}' in tag else tag


def variants(s, inherit=ALL):
    """'A5XX-' / 'A2XX-A4XX' / 'A5XX,A6XX' / 'A6XX' to generation bits."""
    if not s:
        return inherit
    bits = 0
    for item in s.split(','):
        item = item.strip()
        m = re.fullmatch(r'(A\dXX)(-(A\dXX)?)?', item)
        if not m or m.group(1) not in GBIT:
            continue
        lo = GENS.index(m.group(1))
        hi = lo if not m.group(2) else (GENS.index(m.group(3)) if m.group(3) else len(GENS) - 1)
        for i in range(lo, hi + 1):
            bits |= 1 << i
    return bits & inherit


def num(s):
    return int(s, 0)


trees = {}
for fn in sorted(os.listdir(REGDIR)):
    if fn.endswith('.xml'):
        trees[fn] = ET.parse(os.path.join(REGDIR, fn)).getroot()

# enums and bitsets are one namespace across the database (rnn)
enums = {}
bitsets = {}
for fn, root in trees.items():
    for el in root.iter():
        t = strip(el.tag)
        if t == 'enum' and el.get('name'):
            vals = []
            for v in el:
                if strip(v.tag) == 'value' and v.get('value') is not None:
                    vals.append((num(v.get('value')), v.get('name'), variants(v.get('variants'))))
            enums.setdefault(el.get('name'), []).extend(vals)
        elif t == 'bitset' and el.get('name'):
            bitsets[el.get('name')] = el


# rnndb value types a register field is shown by (rules-fd.xsd: boolean,
# uint, int, fixed / ufixed with radix, float, hex, address / waddress; and
# a3xx_regid, a register id Mesa's cffdump prints as rN.c), the codes of
# src/adreno/adreno_tab.h GK_AV_*; enum and bitset types are names, not
# value types
VTYPES = {'boolean': 'GK_AV_BOOL', 'uint': 'GK_AV_UINT', 'int': 'GK_AV_INT', 'hex': 'GK_AV_HEX',
          'fixed': 'GK_AV_FIXED', 'ufixed': 'GK_AV_UFIXED', 'float': 'GK_AV_FLOAT', 'address': 'GK_AV_ADDRESS',
          'waddress': 'GK_AV_ADDRESS', 'a3xx_regid': 'GK_AV_REGID'}


def vtype(el):
    """(type code, radix, shr) of a bitfield or typed register: what its
    value is shown as"""
    return (VTYPES.get(el.get('type'), 'GK_AV_NONE'), num(el.get('radix', '0')), num(el.get('shr', '0')))


# what a printer may write itself of each of vkind's kinds (enum
# gk_value_kind, as adreno_values.c's gk_adreno_value_kind answers): the
# untyped ones as plain numbers, three forms in place, the rest through
# the hook; tests/adreno/test_adreno_values holds every row to it
PRINT_KIND = {'GK_AK_NONE': 'GK_VK_NUMBER', 'GK_AK_UINT': 'GK_VK_UINT', 'GK_AK_HEX': 'GK_VK_HEX',
              'GK_AK_REGID': 'GK_VK_REGID'}


def value_slot(vals, width, slotpool, slotbytes):
    """Where a field's value -> row table starts in slotbytes, plus 1 (0:
    none), the table made the first time the list and width come: a byte
    for each of the field's 2^width values, its row's index in the list
    plus 1, 0 when the value has no name.  Only for a list the text
    printer's first guess (the value's own index, text.c value_row)
    misses: a value not at its own index (a6xx's 8-bit FORMAT fields, 127
    names of 256, searched by halving at ~75 instructions and a few cache
    misses a value, 64,000 times on the a630 quarter bench stream), and
    only for fields of up to 8 bits with under 255 names."""
    if not vals or width > 8 or len(vals) >= 255 or all(v == i for i, (v, n) in enumerate(vals)):
        return 0
    key = (vals, width)
    if key not in slotpool:
        slotpool[key] = len(slotbytes)
        at = {v: i for i, (v, n) in enumerate(vals)}
        slotbytes.extend(at[v] + 1 if v in at else 0 for v in range(1 << width))
    return slotpool[key] + 1


def vkind(vt, width):
    """The way adreno_values.c writes a field of value type vt and width
    bits, decided here once per field rather than at every value: its
    type, shr and width (one byte per field) told apart at each of the
    a630 bench stream's ~350,000 typed-value calls (decode --json,
    callgrind).  GK_AK_NONE: the printer's default (no typed text:
    untyped, booleans, and the types whose shifted or odd-width values
    have no form: shifted reals and register ids, register ids under 3
    bits, floats neither 16 nor 32 bits wide); GK_AK_HEX_SHR: a shifted
    value shown in hex (addresses, hex, untyped); GK_AK_UINT_SHR: a
    shifted uint in decimal (55 fields, ~11,000 of the a630 bench
    stream's JSON values); GK_AK_GENERAL: the rest of the shifted values
    and the signed ones, by the general code."""
    typ, radix, shr = vt
    if shr:
        if typ in ('GK_AV_FIXED', 'GK_AV_UFIXED', 'GK_AV_FLOAT', 'GK_AV_REGID'):
            return 'GK_AK_NONE'
        if typ in ('GK_AV_NONE', 'GK_AV_BOOL', 'GK_AV_HEX', 'GK_AV_ADDRESS'):
            return 'GK_AK_HEX_SHR'  # the value shifted into place, in hex
        if typ == 'GK_AV_UINT':
            return 'GK_AK_UINT_SHR'  # the same in decimal
        return 'GK_AK_GENERAL'
    return {'GK_AV_NONE': 'GK_AK_NONE', 'GK_AV_BOOL': 'GK_AK_NONE', 'GK_AV_UINT': 'GK_AK_UINT',
            'GK_AV_INT': 'GK_AK_GENERAL', 'GK_AV_HEX': 'GK_AK_HEX', 'GK_AV_ADDRESS': 'GK_AK_HEX',
            'GK_AV_REGID': 'GK_AK_REGID' if width >= 3 else 'GK_AK_NONE',
            'GK_AV_FLOAT': {32: 'GK_AK_FLOAT32', 16: 'GK_AK_FLOAT16'}.get(width, 'GK_AK_NONE'),
            'GK_AV_FIXED': 'GK_AK_FIXED' if radix <= 6 else 'GK_AK_GENERAL',
            'GK_AV_UFIXED': 'GK_AK_UFIXED' if radix <= 6 else 'GK_AK_GENERAL'}[typ]


def variant_mask(varset, vstr):
    """The values of enum varset that rnn variants text names ('A', 'A B',
    'A-C', 'A-' by the enum's order), as a mask of values below 32."""
    order = []
    for v, n, _ in enums.get(varset, []):
        if n not in [o[1] for o in order]:
            order.append((v, n))
    names = [n for _, n in order]
    mask = 0
    for item in re.split(r'[ ,]+', (vstr or '').strip()):
        if not item:
            continue
        if '-' in item:
            a, b = item.split('-', 1)
            if a not in names:
                continue
            hi = names.index(b) if b in names else len(names) - 1
            pick = order[names.index(a):hi + 1]
        else:
            pick = [o for o in order if o[1] == item]
        for v, _ in pick:
            if v < 32:
                mask |= 1 << v
    return mask


def cond_of(el, varset):
    """(varset, mask) when el's variants name values of a varset other than
    the chip's (rnn's addvariant layouts: CP_SET_MARKER's MODE exists when
    MARKER_MODE is SET_RENDER_MODE), else None"""
    vs = el.get('varset') or varset
    if vs == 'chip' or not el.get('variants'):
        return None
    return (vs, variant_mask(vs, el.get('variants')))


def fields_of(el, gen, typed=False, varset=None):
    """Bitfields of a reg32/bitset element (and its type's bitset) on gen:
    (name, lo, hi, values[(v, name)], type[, vtype]); with typed, a typed
    register without bitfields (float, fixed ...) is one nameless field of
    the whole register, as a register of an enum type is."""
    out = []
    typ = el.get('type')
    src = []
    if typ in bitsets:
        src.extend(bitsets[typ])
    src.extend(list(el))
    for b in src:
        if strip(b.tag) != 'bitfield':
            continue
        # with varset (payload fields): the bitfield's variants may name
        # values of the layout-selecting enum, not generations
        bcond = cond_of(b, el.get('varset') or varset) if varset else None
        if bcond is None and not (variants(b.get('variants')) & GBIT[gen]):
            continue
        if b.get('pos') is not None:
            lo = hi = num(b.get('pos'))
        else:
            lo, hi = num(b.get('low', '0')), num(b.get('high', '31'))
        if hi > 31 or lo > hi:
            continue
        vals = []
        bt = b.get('type')
        if bt in enums:
            seen = set()
            for v, n, vg in enums[bt]:
                if vg & GBIT[gen] and v not in seen and v < (1 << (hi - lo + 1)):
                    seen.add(v)
                    vals.append((v, n))
        elif bt == 'boolean' and lo == hi:
            pass
        out.append((b.get('name'), lo, hi, sorted(vals), bt if not b.get('shr') else (bt, num(b.get('shr'))))
                   + ((vtype(b),) if typed else ()) + ((bcond,) if varset else ()))
    # a register whose value is only some of its bits (low/high or pos on
    # the reg itself, a6xx.xml's RB_2D_DST_FLAGS_PITCH low=0 high=7 shr=6):
    # one nameless field of those bits, as rnndec takes them (the others
    # shown apart); untyped, one bit is a boolean and more are hex (rnn)
    wlo, whi = 0, 31
    if el.get('pos') is not None:
        wlo = whi = num(el.get('pos'))
    elif el.get('low') is not None or el.get('high') is not None:
        wlo, whi = num(el.get('low', '0')), num(el.get('high', '31'))
    partial = (wlo, whi) != (0, 31) and whi <= 31 and wlo <= whi
    if not out and typ in enums:
        seen = set()
        vals = []
        for v, n, vg in enums[typ]:
            if vg & GBIT[gen] and v not in seen:
                seen.add(v)
                vals.append((v, n))
        out.append(('', wlo, whi, sorted(vals), typ) + ((('GK_AV_NONE', 0, 0),) if typed else ())
                   + ((None,) if varset else ()))
    elif not out and typed and partial and (typ is None or typ in VTYPES):
        vt = vtype(el)
        if typ is None:
            vt = ('GK_AV_BOOL' if wlo == whi else 'GK_AV_HEX', 0, vt[2])
        out.append(('', wlo, whi, [], typ, vt))
    elif not out and typed and typ in VTYPES and typ != 'boolean':
        out.append(('', 0, 31, [], typ, vtype(el)))
    # non-overlapping, sorted by lo (struct gk_reg_field's contract); a
    # payload field of one layout may overlap another layout's (never both
    # shown: the selecting field decides)
    out.sort(key=lambda f: (f[1], f[2]))
    res = []
    last = -1
    for f in out:
        if varset and f[-1] is not None:
            res.append(f)
        elif f[1] > last:
            res.append(f)
            last = f[2]
    return res


def hexidx(i):
    return '0' if i == 0 else '%#x' % i


def walk(el, gen, base, prefix, out, inherit=ALL):
    """Registers of a domain on gen: out[offset] = (name, fields)."""
    for c in el:
        t = strip(c.tag)
        vg = variants(c.get('variants'), inherit) if c.get('variants') else inherit
        if not vg & GBIT[gen]:
            continue
        if t in ('reg32', 'reg64'):
            off = base + num(c.get('offset', '0'))
            # a4xx.xml spells "RBBM_CLOCK_CTL_UCHE " with a trailing space:
            # rnn trims nothing, but no text could name it back
            name = prefix + (c.get('name') or '').strip()
            cnt = num(c.get('length', '1'))
            stride = num(c.get('stride', '1' if t == 'reg32' else '2'))
            fl = fields_of(c, gen, typed=True)
            for i in range(cnt):
                nm = name if cnt == 1 else '%s[%s]' % (name, hexidx(i))
                o = off + i * stride
                if t == 'reg64':
                    out.setdefault(o, (nm, fl))
                    out.setdefault(o + 1, (nm + '+1', []))
                else:
                    out.setdefault(o, (nm, fl))
        elif t in ('array', 'stripe'):
            off = base + num(c.get('offset', '0'))
            name = c.get('name')
            cnt = num(c.get('length', '1'))
            stride = num(c.get('stride', '0'))
            if t == 'stripe' and not name:
                for i in range(cnt):
                    walk(c, gen, off + i * stride, prefix, out, vg)
                continue
            for i in range(cnt):
                nm = '%s%s[%s].' % (prefix, name or '', hexidx(i)) if cnt > 1 or t == 'array' else prefix + (name or '')
                walk(c, gen, off + i * stride, nm, out, vg)


def domain(fn, name):
    for el in trees[fn].iter():
        if strip(el.tag) == 'domain' and el.get('name') == name:
            return el
    return None


# the GMU's own register space (a6xx_gmu.xml, domain A6XX; Mesa's crashdec
# names a dump's registers-gmu through it), for a6xx and a7xx
GMU_GENS = {'GMU6': 'A6XX', 'GMU7': 'A7XX'}


def gmu_regs_for(g):
    out = {}
    gen = GMU_GENS[g]
    for d in trees['a6xx_gmu.xml'].iter():
        if strip(d.tag) == 'domain' and d.get('name') == 'A6XX':
            walk(d, gen, 0, '', out, variants(d.get('variants')))
    return {k: v for k, v in out.items() if k * 4 < 0x40000}


def regs_for(gen):
    if gen in GMU_GENS:
        return gmu_regs_for(gen)
    out = {}
    fn = {'A2XX': 'a2xx.xml', 'A3XX': 'a3xx.xml', 'A4XX': 'a4xx.xml', 'A5XX': 'a5xx.xml', 'A6XX': 'a6xx.xml',
          'A7XX': 'a6xx.xml'}[gen]
    dn = {'A7XX': 'A6XX'}.get(gen, gen)
    for d in trees[fn].iter():
        if strip(d.tag) == 'domain' and d.get('name') == dn:
            walk(d, gen, 0, '', out, variants(d.get('variants')))
    # the common block (AXXX: CP_SCRATCH etc. on a2xx-a4xx) only where the
    # generation's own file leaves the offset free
    if gen in ('A2XX', 'A3XX', 'A4XX'):
        d = domain('adreno_common.xml', 'AXXX')
        if d is not None:
            tmp = {}
            walk(d, gen, 0, '', tmp)
            for k, v in tmp.items():
                out.setdefault(k, v)
    # struct gk_format's register map covers 256 KiB of byte addresses
    return {k: v for k, v in out.items() if k * 4 < 0x40000}


def cstr(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


HDR = '/* Generated by scripts/gen_adreno.py from Mesa\'s rnndb (src/freedreno/registers, MIT); do not edit by hand. */\n'


def maxline(name, fkey):
    """struct gk_reg's maxline: the longest register-run line text.c can
    print ("    0xAAAAA NAME <-", each field " F=" with its longest value:
    a value name, "0x" and 8 hex digits, or a typed value of up to 64 bytes
    (adreno_values.c writes into 64), then " 0xSTRAY" and the newline); 0
    (unknown) past the uint16_t."""
    n = len('    0xAAAAA ') + len(name) + len(' <-')
    for fname, lo, hi, vals, vt in fkey:
        typed = vt[0] != 'GK_AV_NONE' or vt[2] != 0
        n += 2 + len(fname) + max([64 if typed else 10] + [len(v[1]) for v in vals])
    n += len(' 0x00000000\n')
    return n if n < 65536 else 0


def gen_regs(path):
    lines = [HDR, '/* Adreno registers a2xx-a7xx (a7xx from a6xx.xml\'s variants): one pool of\n'
             ' * register rows and names, each generation\'s rows and names as indices\n'
             ' * (struct gk_reg_table).  Byte addresses: the rnndb offset times 4. */\n',
             '#include "gfxkit/regdb.h"\n#include "adreno_tab.h"\n\n']
    valpool = {}
    vallines = []
    fieldpool = {}
    fieldrows = []   # every field of the pool, in order
    typerows = []    # its value type, the same index
    printkinds = []  # and how a printer writes it (enum gk_value_kind), the same index
    valueslots = []  # and where its value -> row index starts in slotbytes (+1; 0: none)
    slotpool = {}    # (value list, width) -> its offset in slotbytes
    slotbytes = []
    rowpool = {}
    rows = []
    atpool = {}      # field layout (struct gk_reg_table's fieldat) -> its index
    gen_rows = {}
    for g in GENS + list(GMU_GENS):
        regs = regs_for(g)
        idx = []
        for off in sorted(regs):
            name, fl = regs[off]
            fkey = tuple((f[0], f[1], f[2], tuple(f[3]), f[5]) for f in fl)
            if fkey and fkey not in fieldpool:
                fieldpool[fkey] = len(fieldrows)
                for fname, lo, hi, vals, vt in fkey:
                    vref = 'NULL'
                    if vals:
                        if vals not in valpool:
                            valpool[vals] = len(valpool)
                            vallines.append('static const struct gk_reg_value v%d[] = { %s };\n' % (
                                valpool[vals], ', '.join('{ %d, %d, %s }' % (v, len(n), cstr(n)) for v, n in vals)))
                        vref = 'v%d' % valpool[vals]
                    fieldrows.append('\t{ %s, %d, %d, %d, %s, %d, 0x%08X },\n' % (
                        cstr(fname), lo, hi, len(vals), vref, len(fname), ((1 << (hi - lo + 1)) - 1) << lo))
                    typerows.append('\t{ %s, %d, %d, %s },\n' % (vt + (vkind(vt, hi - lo + 1),)))
                    printkinds.append(PRINT_KIND.get(vkind(vt, hi - lo + 1), 'GK_VK_HOOK'))
                    valueslots.append(value_slot(vals, hi - lo + 1, slotpool, slotbytes))
            key = (off, name, fkey)
            if key not in rowpool:
                rowpool[key] = len(rows)
                # the name as the tail of text.c's line head (struct
                # gk_reg's head), the fields' bits and which field holds
                # each (fieldmask, fieldat: one list per layout)
                head = off * 4 <= 0xFFFFF
                nexpr = ('&%s[12]' % cstr('    0x%05x %s' % (off * 4, name))) if head else cstr(name)
                at = [0xFF] * 32
                for i, (fname, lo, hi, vals, vt) in enumerate(fkey):
                    for b in range(lo, hi + 1):
                        at[b] = i
                at = tuple(at)
                if fkey and at not in atpool:
                    atpool[at] = len(atpool)
                rows.append('\t{ 0x%06X, %s, %d, %s, %d, %d, %d, %d },\n' % (
                    off * 4, nexpr, len(fkey), ('gk_adreno_reg_fields + %d' % fieldpool[fkey]) if fkey else 'NULL',
                    len(name), maxline(name, fkey), 1 if head else 0, atpool[at] + 1 if fkey else 0))
            idx.append(rowpool[key])
        gen_rows[g] = (idx, regs)
    assert len(rows) < 65536
    lines += vallines
    lines.append('\n/* every register field of every generation, and (the same index) the\n'
                 ' * value type it is shown by (adreno_values.c) */\n')
    lines.append('const struct gk_reg_field gk_adreno_reg_fields[] = {\n')
    lines += fieldrows
    lines.append('};\nconst struct gk_adreno_vtype gk_adreno_reg_vtypes[] = {\n')
    lines += typerows
    lines.append('};\n')
    # the printers' kinds (gk_format.reg_kinds): a byte a field, 16 a line
    lines.append('/* the same by index: how a printer writes the field\'s typed value\n'
                 ' * (enum gk_value_kind, gk_adreno_value_kind\'s answer) */\n'
                 'const uint8_t gk_adreno_reg_vkinds[] = {\n')
    for i in range(0, len(printkinds), 8):
        lines.append('\t' + ' '.join(k + ',' for k in printkinds[i:i + 8]) + '\n')
    lines.append('};\nconst unsigned gk_adreno_nreg_fields = %d;\n' % len(fieldrows))
    # the printers' value rows of the sparse lists (gk_format.reg_value_slots)
    assert len(slotbytes) < 0xFFFF
    lines.append('/* the same by index: where the field\'s value -> row table starts in\n'
                 ' * gk_adreno_reg_value_rows, plus 1 (0: none; value_slot in\n'
                 ' * scripts/gen_adreno.py) */\n'
                 'const uint16_t gk_adreno_reg_value_slots[] = {\n')
    for i in range(0, len(valueslots), 12):
        lines.append('\t' + ' '.join('%d,' % k for k in valueslots[i:i + 12]) + '\n')
    lines.append('};\n/* for each value of such a field, its row in the field\'s values,\n'
                 ' * plus 1 (0: the value has no name) */\n'
                 'const uint8_t gk_adreno_reg_value_rows[] = {\n')
    for i in range(0, len(slotbytes), 16):
        lines.append('\t' + ' '.join('%d,' % k for k in slotbytes[i:i + 16]) + '\n')
    lines.append('};\n')
    # the count as a constant too (adreno_tab.h), so adreno_values.c
    # bounds a field pointer against an immediate, not a load through the
    # symbol table, at each of ~350,000 values of the a630 bench stream:
    # this script writes the header's line and the build checks it
    lines.append('_Static_assert(GK_ADRENO_NREG_FIELDS == %d, "adreno_tab.h: the field count is the table\'s '
                 '(scripts/gen_adreno.py writes both)");\n' % len(fieldrows))
    tab_h = os.path.join(ROOT, 'src', 'adreno', 'adreno_tab.h')
    with open(tab_h) as f:
        text = f.read()
    new = re.sub(r'#define GK_ADRENO_NREG_FIELDS \d+', '#define GK_ADRENO_NREG_FIELDS %d' % len(fieldrows), text)
    assert new != text or ('#define GK_ADRENO_NREG_FIELDS %d' % len(fieldrows)) in text
    if new != text:
        with open(tab_h, 'w') as f:
            f.write(new)
    assert len(atpool) < 0xFFFF
    lines.append('\n/* struct gk_reg_table\'s fieldat: for each layout, bit -> the field holding it */\n'
                 'static const uint8_t fieldat[][32] = {\n')
    for at, i in sorted(atpool.items(), key=lambda t: t[1]):
        lines.append('\t{ %s },\n' % ', '.join(str(x) for x in at))
    lines.append('};\n')
    lines.append('\nstatic const struct gk_reg pool[] = {\n')
    lines += rows
    lines.append('};\n\n')
    # names: every row's name (sorted by strcmp per generation)
    namepool = {}
    nameline = []
    gen_names = {}
    for g in GENS + list(GMU_GENS):
        idx, regs = gen_rows[g]
        seen = {}
        for off in sorted(regs):
            seen.setdefault(regs[off][0], off)
        ni = []
        for n in sorted(seen, key=lambda s: s.encode()):
            k = (n, seen[n])
            if k not in namepool:
                namepool[k] = len(nameline)
                # the row's string (its line head), kept once by the compiler
                nexpr = ('&%s[12]' % cstr('    0x%05x %s' % (seen[n] * 4, n))) if seen[n] * 4 <= 0xFFFFF else cstr(n)
                nameline.append('\t{ %s, 0x%06X },\n' % (nexpr, seen[n] * 4))
            ni.append(namepool[k])
        gen_names[g] = ni
    assert len(nameline) < 65536
    lines.append('static const struct gk_reg_name name_pool[] = {\n')
    lines += nameline
    lines.append('};\n\n')
    for g in GENS + list(GMU_GENS):
        idx, _ = gen_rows[g]
        lo = g.lower()
        lines.append('static const uint16_t %s_regs[] = {' % lo)
        for i, v in enumerate(idx):
            lines.append(('\n\t' if i % 12 == 0 else ' ') + '%d,' % v)
        lines.append('\n};\n')
        lines.append('static const uint16_t %s_names[] = {' % lo)
        for i, v in enumerate(gen_names[g]):
            lines.append(('\n\t' if i % 12 == 0 else ' ') + '%d,' % v)
        lines.append('\n};\n')
        lines.append('const struct gk_reg_table gk_adreno_regs_%s = {\n\t"%s",\n\tpool, %s_regs, sizeof %s_regs / sizeof %s_regs[0],\n'
                     '\tname_pool, %s_names, sizeof %s_names / sizeof %s_names[0],\n'
                     '\tfieldat, sizeof fieldat / sizeof fieldat[0],\n};\n\n' % (lo, lo, lo, lo, lo, lo, lo, lo))
    with open(path, 'w') as f:
        f.write(''.join(lines))
    return {g: len(gen_rows[g][0]) for g in GENS + list(GMU_GENS)}


# ---- packets ---------------------------------------------------------------

# opcodes whose payload Mesa's database describes under another domain name
DOMAIN_ALIAS = {
    'CP_LOAD_STATE6_GEOM': 'CP_LOAD_STATE6', 'CP_LOAD_STATE6_FRAG': 'CP_LOAD_STATE6',
    'CP_LOAD_STATE': None,  # a3xx CP_LOAD_STATE vs a4xx+ CP_LOAD_STATE4: by generation below
}


def payload_domain(op, gens):
    name = DOMAIN_ALIAS.get(op, op)
    if op == 'CP_LOAD_STATE':
        name = 'CP_LOAD_STATE' if gens & (GBIT['A2XX'] | GBIT['A3XX']) else 'CP_LOAD_STATE4'
    return domain('adreno_pm4.xml', name) if name else None


def field_kind(bt, lo, hi, vals):
    if bt in ('address', 'waddress'):
        return 'GK_ADDR'
    # an enum's names are a table by value (struct gk_enum): a wide field
    # is one too when its named values are small (CP_SET_RENDER_MODE's
    # MODE, bits 8:0, values up to 8); the adreno format's enums are open,
    # so a value without a name is no error
    if vals and (hi - lo + 1 <= 8 or max(v for v, _ in vals).bit_length() <= 10):
        return 'GK_ENUM'
    if bt == 'boolean' and lo == hi:
        return 'GK_FLAG'
    return 'GK_UINT'


def packet_fields(dom, gens):
    """Top-level dwords of the payload domain (dw 1 = the first payload
    dword), and at most one array of groups: (fields, fixed_dwords, group)."""
    fields = []  # (name, segs, kind, flags, gens, vals)
    group = None
    nfixed = 0
    dvs = dom.get('varset') or 'chip'
    # the payload's registers: the domain's own and those of its stripes, a
    # stripe of another varset than the chip's being a layout its selecting
    # field chooses (rnn addvariant: CP_DRAW_INDIRECT_MULTI's OPCODE picks
    # where INDIRECT and STRIDE are); (element, offset base, cond, varset)
    items = []
    for c in dom:
        t = strip(c.tag)
        if t == 'stripe':
            svs = c.get('varset') or dvs
            scond = cond_of(c, dvs)
            if scond is None and not variants(c.get('variants')) & gens:
                continue
            base = num(c.get('offset', '0'))
            for r in c:
                if strip(r.tag) in ('reg32', 'reg64'):
                    items.append((r, base, scond, svs))
        else:
            items.append((c, 0, None, dvs))
    # the layout selectors: varset (an enum) -> the field whose value it is
    selectors = {}
    for c, base, _, _ in items:
        if strip(c.tag) != 'reg32':
            continue
        for b in c:
            if strip(b.tag) == 'bitfield' and b.get('addvariant') == 'yes' and b.get('type') in enums:
                lo = num(b.get('pos')) if b.get('pos') is not None else num(b.get('low', '0'))
                hi = num(b.get('pos')) if b.get('pos') is not None else num(b.get('high', '31'))
                selectors[b.get('type')] = (base + num(c.get('offset', '0')) + 1, lo, hi)
    # a reg64 laid over reg32s (CP_LOAD_STATE6's EXT_SRC_ADDR): Mesa's
    # cffdump prints the dwords, so the reg32s win (within one layout)
    r32 = set()
    for c, base, cond, _ in items:
        if strip(c.tag) == 'reg32' and variants(c.get('variants')) & gens:
            r32.add((base + num(c.get('offset', '0')), cond))
    for c, base, scond, rvs in items:
        t = strip(c.tag)
        if t == 'reg64' and ((base + num(c.get('offset', '0')), scond) in r32 or
                             (base + num(c.get('offset', '0')) + 1, scond) in r32):
            continue
        rcond = cond_of(c, rvs) or scond
        vg = variants(c.get('variants')) if cond_of(c, rvs) is None else ALL
        if not vg & gens:
            continue
        if t in ('reg32', 'reg64'):
            off = base + num(c.get('offset', '0'))
            if off + 1 >= 30:
                continue
            width = 2 if t == 'reg64' else 1
            nfixed = max(nfixed, off + width)
            dwname = c.get('name') or str(off)
            g0 = [g for g in GENS if GBIT[g] & gens & vg]
            # one field per name and bits across the era's generations; an
            # enum value renamed by a later generation takes the later name;
            # a field of several layouts, one field for all of them
            fl = {}
            fv = {}
            fc = {}
            for g in g0:
                for fname, lo, hi, vals, bt, bcond in fields_of(c, g, varset=c.get('varset') or rvs):
                    cond = bcond or rcond
                    k = (fname or (dwname if not dwname.isdigit() else 'DW%d' % (off + 1)), lo, hi, bt,
                         cond[0] if cond else None)
                    fl[k] = fl.get(k, 0) | GBIT[g]
                    fv.setdefault(k, {}).update(dict(vals))
                    fc[k] = (cond[0], fc.get(k, (None, 0))[1] | cond[1]) if cond else None
            fl = {(k[0], k[1], k[2], tuple(sorted(fv[k].items())), k[3], fc[k]): v for k, v in fl.items()}
            if not fl:
                nm = dwname if not dwname.isdigit() else 'DW%d' % (off + 1)
                typ = c.get('type') or 'hex'
                if t == 'reg64':
                    fields.append((nm, [(off + 1, 0, 31, 0), (off + 2, 0, 31, 32)],
                                   'GK_ADDR' if typ in ('address', 'waddress') else 'GK_UINT', 'GK_F_HEX', vg & gens, (),
                                   rcond))
                else:
                    fields.append((nm, [(off + 1, 0, 31, 0)], 'GK_UINT', 'GK_F_HEX', vg & gens, (), rcond))
                continue
            for (fname, lo, hi, vals, bt, cond), fg in fl.items():
                if t == 'reg64' and hi >= 32:
                    continue
                shr = 0
                if isinstance(bt, tuple):
                    bt, shr = bt
                kind = field_kind(bt, lo, hi, vals)
                flags = 'GK_F_HEX' if bt in ('hex', 'address', 'waddress') or kind == 'GK_ADDR' or shr else '0'
                # shr: the bits stand for value >> shr (rnndb), so the value
                # is the bits placed at bit shr
                segs = [(off + 1, lo, hi, shr)]
                if t == 'reg64' and kind == 'GK_ADDR' and lo == 0 and hi == 31:
                    segs = [(off + 1, 0, 31, 0), (off + 2, 0, 31, 32)]
                fields.append((fname, segs, kind, flags, fg if fg != (gens & ALL) else 0, vals if kind == 'GK_ENUM' else (),
                               cond))
        elif t == 'array' and group is None:
            off = num(c.get('offset', '0'))
            stride = num(c.get('stride', '1'))
            if stride > 4 or stride < 1:
                continue
            gf = []
            # a group's dwords on these generations: CP_SET_DRAW_STATE's
            # stride 3 counts ADDR_HI, which is A5XX- only; on a4xx a group
            # is 2 dwords (Mesa's cffdump: 2 without 64-bit addresses)
            present = [num(r.get('offset', '0')) for r in c
                       if strip(r.tag) == 'reg32' and variants(r.get('variants')) & gens]
            if present and max(present) + 1 < stride and all(
                    variants(r.get('variants')) & gens == 0 for r in c
                    if strip(r.tag) == 'reg32' and num(r.get('offset', '0')) > max(present)):
                stride = max(present) + 1
            for r in c:
                if strip(r.tag) != 'reg32' or not (variants(r.get('variants')) & gens):
                    continue
                roff = num(r.get('offset', '0'))
                g0 = [g for g in GENS if GBIT[g] & gens]
                seen = set()
                for g in g0:
                    for fname, lo, hi, vals, bt in fields_of(r, g):
                        if (fname, lo, hi) in seen:
                            continue
                        seen.add((fname, lo, hi))
                        shr = 0
                        if isinstance(bt, tuple):
                            bt, shr = bt
                        kind = field_kind(bt, lo, hi, vals)
                        gf.append((fname, [(roff, lo, hi, shr)], kind,
                                   'GK_F_HEX' if bt in ('hex', 'address', 'waddress') else '0', 0,
                                   tuple(vals) if kind == 'GK_ENUM' else ()))
            group = (off + 1, stride, gf)
    # one field of several layouts (CP_COND_REG_EXEC's DWORDS, dword 2 in
    # PRED_TEST, RENDER_MODE and THREAD_MODE): one condition of them all
    merged = []
    for f in fields:
        for i, g in enumerate(merged):
            if f[6] is not None and g[6] is not None and f[:6] == g[:6] and f[6][0] == g[6][0]:
                merged[i] = g[:6] + ((g[6][0], g[6][1] | f[6][1]),)
                break
        else:
            merged.append(f)
    fields = merged
    # bits of a payload dword no field of any generation names: shown when
    # set, never an error (the database marks no reserved bits)
    claimed = {}
    for f in fields:
        for dw, lo, hi, _ in f[1]:
            claimed[dw] = claimed.get(dw, 0) | (((1 << (hi - lo + 1)) - 1) << lo)
    for dw in sorted(claimed):
        m = claimed[dw]
        b = 0
        while b < 32:
            if m >> b & 1:
                b += 1
                continue
            e = b
            while e + 1 < 32 and not (m >> (e + 1) & 1):
                e += 1
            fields.append(('UNK%d_%d' % (dw, b) if b == e else 'UNK%d_%d_%d' % (dw, e, b), [(dw, b, e, 0)],
                           'GK_DONTCARE', 'GK_F_HEX', 0, (), None))
            b = e + 1
    fields.sort(key=lambda f: (f[1][0][0], f[1][0][1]))
    # a layout's fields follow the field that selects it (a condition
    # points backwards: CP_SET_MARKER's MARKER_MODE, bit 8, before MODE)
    def sel_index(cond):
        want = selectors.get(cond[0]) if cond else None
        for i, f in enumerate(fields):
            if want and (f[1][0][0], f[1][0][1], f[1][0][2]) == want and f[6] is None:
                return i
        return None
    for f in list(fields):
        si = sel_index(f[6])
        if si is not None and fields.index(f) < si:
            sel = fields.pop(si)
            fields.insert(fields.index(f), sel)
    # a condition without its selector (none, or on another generation):
    # the field is left out rather than shown in every layout
    fields = [f for f in fields if f[6] is None or sel_index(f[6]) is not None]
    # unique names among the fields a packet can show together (JSON's
    # "fields" is an object): a name repeated unconditionally takes its
    # dword's number, as a name the header has does (OPCODE, COUNT); fields
    # of different layouts of one selector keep Mesa's name (never shown
    # together), and a field that could be shown beside an earlier one of
    # its name takes its dword's number (CP_COND_REG_EXEC's DWORDS: dword 2
    # in PRED_TEST, dword 3 in any mode)
    def exclusive(a, b):
        return a is not None and b is not None and a[0] == b[0] and not (a[1] & b[1])
    cnt = {}
    for f in fields:
        if f[6] is None:
            cnt[f[0]] = cnt.get(f[0], 0) + 1
    res = []
    shown = []  # (name, cond) of the fields named so far
    for f in fields:
        if f[0] in HDR_NAMES or (f[6] is None and cnt.get(f[0], 0) > 1):
            n = '%s_DW%d' % (f[0], f[1][0][0])
        else:
            n = f[0]
        if any(m == n and not exclusive(c, f[6]) for m, c in shown):
            n = '%s_DW%d' % (f[0], f[1][0][0])
        while any(m == n and not exclusive(c, f[6]) for m, c in shown):
            n += '_'
        shown.append((n, f[6]))
        res.append((n,) + f[1:])
    res = res[:GK_MAX_BODY]
    # conditions as struct gk_field wants them: 1 + the selector's index
    out = []
    for f in res:
        c = ''
        if f[6] is not None:
            want = selectors[f[6][0]]
            si = [i for i, g in enumerate(res) if (g[1][0][0], g[1][0][1], g[1][0][2]) == want and g[6] is None]
            if not si or not f[6][1]:
                continue
            c = ', .cond = %d, .cond_mask = 0x%x' % (si[0] + 1, f[6][1])
        out.append(f[:6] + (c,))
    if group and nfixed > group[0] - 1:
        group = None
    return out, nfixed, group


HDR_NAMES = ('COUNT', 'COUNT_PARITY', 'OPCODE', 'OPCODE_PARITY', 'TYPE', 'OFFSET', 'OFFSET_PARITY', 'DATA',
             'BITS_7_0', 'WORD')
GK_MAX_BODY = 44  # struct gk_unit holds 64 fields, the header's among them
IB_OPS = ('CP_INDIRECT_BUFFER', 'CP_INDIRECT_BUFFER_PFD', 'CP_INDIRECT_BUFFER_PFE', 'CP_INDIRECT_BUFFER_CHAIN')


def gen_packets(path):
    vals = {}
    order = {}  # document order: of two names of one opcode, Mesa's lookup takes the first
    root = trees['adreno_pm4.xml']
    for el in root.iter():
        if strip(el.tag) == 'enum' and el.get('name') == 'adreno_pm4_type3_packets':
            for v in el:
                if strip(v.tag) == 'value':
                    k = (v.get('name'), num(v.get('value')))
                    order.setdefault(k, len(order))
                    vals[k] = vals.get(k, 0) | variants(v.get('variants'))
    out = [HDR, '/* The CP packets of adreno_pm4.xml: each opcode of enum\n'
           ' * adreno_pm4_type3_packets, once as a type-3 packet (a2xx-a4xx) and once\n'
           ' * as a type-7 packet (a5xx-a7xx) for the generations its `variants` give,\n'
           ' * with the payload dwords of the domain named after it (bitfields; an\n'
           ' * array of groups as a repeated group).  Dword 0 is the header. */\n',
           '#include "adreno_tab.h"\n\n']
    enum_pool = {}
    body = []
    descs = {'3': [], '7': []}
    for (name, value), gbits in sorted(vals.items(), key=lambda kv: (kv[0][1], order[kv[0]])):
        for kind, era in (('3', PKT3_GENS), ('7', PKT7_GENS)):
            g = gbits & era
            if not g or value > (0xff if kind == '3' else 0x7f):
                continue
            dom = payload_domain(name, g)
            fields, nfixed, group = packet_fields(dom, g) if dom is not None else ([], 0, None)
            ident = '%s_%s_%d' % (name.lower(), kind, value)
            flines = []

            def fline(f, rel=False):
                fname, segs, k, flags, fg, fv = f[:6]
                ctxt = f[6] if len(f) > 6 else ''
                eref = ''
                if fv:
                    nb = max(1, (max(v for v, _ in fv)).bit_length())
                    nb = max(nb, min(8, segs[0][2] - segs[0][1] + 1))
                    key = (nb, fv)
                    if key not in enum_pool:
                        enum_pool[key] = len(enum_pool)
                        body.append('static const char *const en%d_n[%d] = { %s };\n' % (
                            enum_pool[key], 1 << nb, ', '.join('[%d] = %s' % (v, cstr(n)) for v, n in fv)))
                        body.append('static const struct gk_enum en%d = { %d, en%d_n, NULL };\n' % (
                            enum_pool[key], nb, enum_pool[key]))
                    eref = ', .enm = &en%d' % enum_pool[key]
                segtxt = ', '.join('{%d, %d, %d, %d}' % s for s in segs)
                gtxt = ', .gens = 0x%x' % fg if fg else ''
                if not rel:
                    flags = 'GK_F_OPTIONAL' if flags == '0' else flags + ' | GK_F_OPTIONAL'
                return '\t{ .name = %s, .namelen = %d, .seg = {%s}, .nseg = %d, .kind = %s, .flags = %s%s%s%s },\n' % (
                    cstr(fname), len(fname), segtxt, len(segs), k, flags, gtxt, eref, ctxt)
            for f in fields:
                flines.append(fline(f))
            if flines:
                body.append('static const struct gk_field %s_f[] = {\n%s};\n' % (ident, ''.join(flines)))
            glines = []
            if group:
                for f in group[2][:16]:
                    glines.append(fline(f, True))
                if glines:
                    body.append('static const struct gk_field %s_g[] = {\n%s};\n' % (ident, ''.join(glines)))
            d = ['.name = %s' % cstr(name), '.opcode = 0x%02x' % value, '.gens = 0x%02x' % g,
                 '.hdr = gk_adreno_hdr%s, .nhdr = GK_ADRENO_NHDR%s' % (kind, kind), '.min_dw = 1']
            if name in IB_OPS:
                # the indirect buffer's address and size: the database has no
                # domain for them (Mesa's cffdump reads them in code); the
                # macro (adreno_tab.h) gives header, fields, access and the
                # following flags (CHAIN: the CP goes on there, no return)
                flines = []
                group = None
                nfixed = 3 if kind == '7' else 2
                d[3] = 'GK_ADRENO_IB%s%s' % (kind, '_CHAIN' if name.endswith('_CHAIN') else '')
            if flines:
                d.append('.fields = %s_f, .nfields = %d' % (ident, len(flines)))
            if group and glines:
                d.append('.tail = GK_TAIL_GROUPS, .tail_dw = %d, .ngroup = %d, .group_dw = %d, .group = %s_g' % (
                    group[0], len(glines), group[1], ident))
            else:
                d.append('.tail = GK_TAIL_DATA, .tail_dw = %d, .tail_name = "DATA"' % (nfixed + 1))
            if dom is not None:
                d.append('.note = "adreno_pm4.xml domain %s"' % dom.get('name'))
            descs[kind].append('\t{ %s },\n' % ', '.join(d))
    out += body
    for kind in ('3', '7'):
        out.append('\nconst struct gk_packet_desc gk_adreno_pkt%s_gen[] = {\n' % kind)
        out.append('\tGK_ADRENO_PKT%s_SPECIAL\n' % kind)
        out += descs[kind]
        out.append('};\nconst unsigned gk_adreno_npkt%s_gen = sizeof gk_adreno_pkt%s_gen / sizeof gk_adreno_pkt%s_gen[0];\n' % (
            kind, kind, kind))
    with open(path, 'w') as f:
        f.write(''.join(out))
    return {k: len(v) for k, v in descs.items()}


if __name__ == '__main__':
    n = gen_regs(os.path.join(ROOT, 'src', 'adreno', 'adreno_regs_gen.c'))
    p = gen_packets(os.path.join(ROOT, 'src', 'adreno', 'adreno_pm4_tab_gen.c'))
    print('registers', n, 'packets', p)

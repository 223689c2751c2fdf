#!/usr/bin/env python3
"""Write tests/vectors/sdma_vectors.tsv: SDMA packets of VI to GFX12 built
with the kernel's own packet macros, and the field values each must decode to.

    scripts/gen_sdma_vectors.py [KSRC] > tests/vectors/sdma_vectors.tsv

For every packet every header defines (the AQL ones aside, as in
scripts/gen_sdma.py) and every generation that has it, a few instances with
random field values: this script picks the values and writes a C program
that builds each packet's dwords with the header's setter macros
(SDMA_PKT_COPY_LINEAR_PARAMETER_DST_SW(x) ...; SDMA 7.0's DCC dword with the
header's SDMA_DCC_* macros and CONSTANT_FILL's COMPRESS with the definition
sdma_v7_0.c adds), compiles it against the kernel header, runs it, and
writes one line per packet:

    generation  packet  header-packet  words  NAME=value ...

`packet` is the name gfxkit must frame the words as, and each NAME=value a
field gfxkit must show: the header's field, upper-cased, a value split over
dwords or bit ranges joined into one (SRC_ADDR = src_addr_31_0 |
src_addr_63_32 << 32; an addr_31_2 piece at bits [31:2]), the value the
script chose, never read back from the words.  tests/dma/test_sdma_vectors.c
checks them without the kernel tree.  Only the kernel tree (KSRC, default
/work/ksrc/linux-source-6.12) and a C compiler are needed here.
"""
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_sdma as G  # noqa: E402

KSRC = sys.argv[1] if len(sys.argv) > 1 else '/work/ksrc/linux-source-6.12'
AMDGPU = os.path.join(KSRC, 'drivers/gpu/drm/amd/amdgpu')
GEN_NAMES = {'s24': 'sdma2.4', 's30': 'sdma3.0', 's4': 'sdma4', 's5': 'sdma5', 's6': 'sdma6', 's7': 'sdma7'}
PER_PACKET = 3
# sdma_v7_0.c's own definition (Linux 6.12), beside the 6.0 header
SDMA7_COMPRESS = '''#define SDMA_PKT_CONSTANT_FILL_HEADER_compress_mask   0x00000001
#define SDMA_PKT_CONSTANT_FILL_HEADER_compress_shift  16
#define SDMA_PKT_CONSTANT_FILL_HEADER_COMPRESS(x) (((x) & SDMA_PKT_CONSTANT_FILL_HEADER_compress_mask) << SDMA_PKT_CONSTANT_FILL_HEADER_compress_shift)
'''
DCC_MACROS = {'data_format': 'SDMA_DCC_DATA_FORMAT', 'num_type': 'SDMA_DCC_NUM_TYPE', 'read_cm': 'SDMA_DCC_READ_CM',
              'write_cm': 'SDMA_DCC_WRITE_CM', 'max_com': 'SDMA_DCC_MAX_COM', 'max_ucom': 'SDMA_DCC_MAX_UCOM'}


def instances(rng, tag, full, raw, consts):
    """yield (gfxkit name, [(macro or None, dw, value)], ndw, tail words, expected {NAME: value})"""
    name = full[len('SDMA_PKT_'):]
    if tag == 's7':
        raw = G.sdma7(name, raw)
    opn, subn, fixed, _ = G.OPS[name]
    op = None
    for alias in G.OP_ALIASES.get(opn, [opn]):
        op = consts.get('SDMA_OP_' + alias, op)
    sub = consts.get('SDMA_SUBOP_' + subn, G.SUBOP_FALLBACK.get(name)) if subn else 0
    fields = G.fields_of(name, raw, tag)
    if name == 'POLL_REGMEM':
        G.poll_register_form(fields)
    ndw = max(d for _, _, d, _, _ in raw) + 1
    fc = G.framing_count(name, tag, ndw)
    has_dcc = name in G.DCC_PACKETS and any(f == 'dcc' for _, f, _, _, _ in raw)
    for k in range(PER_PACKET * (2 if has_dcc else 1)):
        vals = {}
        for word, f, dw, lo, hi in raw:
            width = hi - lo + 1
            if f == 'op':
                v = op
            elif f == 'sub_op':
                v = sub
            elif f in fixed:
                v = fixed[f]
            elif f == 'dcc':
                v = k % 2 if has_dcc else rng.getrandbits(1)
            elif f == 'reserved' or (f == 'data0' and fc):
                v = 0
            elif fc and f == fc[0]:
                v = rng.randrange(0, 4)
            else:
                v = rng.getrandbits(width)
            vals[(dw, f)] = v
        if name == 'POLL_REGMEM' and vals[(0, 'mem_poll')] == 0:
            # a register poll holds byte addresses of registers (reg << 2)
            for key in vals:
                if key[0] in (1, 2):
                    vals[key] &= ~3
        vname = name
        this_ndw = ndw
        if has_dcc:
            dcc = vals[(0, 'dcc')]
            if dcc:
                vname = name + '_DCC'
            else:
                this_ndw = min(dw for w, f, dw, lo, hi in raw if w.startswith('META'))
        tail = []
        if fc:
            c = next(v for (d, f), v in vals.items() if f == fc[0])
            ndata = c + fc[1] - fc[2]
            this_ndw = fc[2]
            tail = [rng.getrandbits(32) for _ in range(ndata)]
        parts = []
        for word, f, dw, lo, hi in raw:
            if dw >= this_ndw or (f == 'data0' and fc):
                continue
            v = vals[(dw, f)]
            if tag == 's7' and word == 'DCC':
                macro = DCC_MACROS[f]
            else:
                macro = '%s_%s_%s' % (full, word, f.upper())
            parts.append((macro, dw, v))
        expect = {}
        for fd in fields:
            if fd['kind'] in ('op', 'subop', 'const', 'count'):
                continue
            if any(s[0] >= this_ndw for s in fd['segs']):
                continue
            if fd.get('cond'):
                ci, cv = fd['cond']
                dec = fields[ci]
                if vals[(dec['segs'][0][0], dec['hdr'])] != cv:
                    continue
            value = 0
            for dw, lo, hi, pos in fd['segs']:
                src = next((r for r in raw if r[2] == dw and r[3] <= lo and r[4] >= hi), None)
                r = vals[(dw, src[1])]
                value |= ((r >> (lo - src[3])) & ((1 << (hi - lo + 1)) - 1)) << pos
            expect[fd['name']] = value
        yield vname, parts, this_ndw, tail, expect


def main():
    rng = random.Random(20241212)
    rows = []
    progs = {}
    for bit, hdr, tag in G.GENS:
        pk, consts = G.parse(os.path.join(AMDGPU, hdr))
        for full, raw in pk.items():
            if full.startswith('SDMA_AQL'):
                continue
            for inst in instances(rng, tag, full, raw, consts):
                rows.append((tag, hdr, full) + inst)
    # one C program per header: every packet's dwords from the macros
    out = []
    for hdr in sorted(set(r[1] for r in rows)):
        src = ['#include <stdint.h>', '#include <stdio.h>', '#include "%s"' % hdr, SDMA7_COMPRESS,
               'int main(void)', '{', '\tuint32_t w[64];']
        for i, r in enumerate(rows):
            if r[1] != hdr:
                continue
            tag, _, full, vname, parts, ndw, tail, expect = r
            src.append('\tfor (int i = 0; i < 64; i++) w[i] = 0;')
            for macro, dw, v in parts:
                src.append('\tw[%d] |= %s(0x%xu);' % (dw, macro, v))
            src.append('\tprintf("%d");' % i)
            src.append('\tfor (int i = 0; i < %d; i++) printf(" %%08x", (unsigned)w[i]);' % ndw)
            src.append('\tprintf("\\n");')
        src += ['\treturn 0;', '}']
        with tempfile.TemporaryDirectory() as tmp:
            c = os.path.join(tmp, 'v.c')
            exe = os.path.join(tmp, 'v')
            open(c, 'w').write('\n'.join(src) + '\n')
            subprocess.run(['cc', '-I', AMDGPU, '-o', exe, c], check=True)
            res = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
        for line in res.splitlines():
            i, *words = line.split()
            out.append((int(i), words))
    words_of = dict(out)
    print('# SDMA packets built with the kernel\'s own packet macros (Linux 6.12 %s);' %
          ' '.join(sorted(set(h for _, h, _ in G.GENS))))
    print('# GENERATED by scripts/gen_sdma_vectors.py: generation, packet, header packet, dwords, fields')
    for i, r in enumerate(rows):
        tag, hdr, full, vname, parts, ndw, tail, expect = r
        words = words_of[i] + ['%08x' % t for t in tail]
        print('\t'.join([GEN_NAMES[tag], vname, full, ' '.join(words),
                         ' '.join('%s=0x%x' % (k, v) for k, v in expect.items())]))


main()

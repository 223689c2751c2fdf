#!/usr/bin/env python3
"""Generate src/dma/sdma_tab.inc: the SDMA packet descriptions of VI and later
(SDMA 2.4, 3.0, 4.x, 5.x, 6.0, 7.0) from the kernel's own packet headers.

    scripts/gen_sdma.py [KSRC] > src/dma/sdma_tab.inc

KSRC is a Linux source tree (default /work/ksrc/linux-source-6.12); the
headers read are drivers/gpu/drm/amd/amdgpu/
    iceland_sdma_pkt_open.h   SDMA 2.4 (topaz / iceland)
    tonga_sdma_pkt_open.h     SDMA 3.0 (the other VI chips)
    vega10_sdma_pkt_open.h    SDMA 4.x (GFX9)
    navi10_sdma_pkt_open.h    SDMA 5.x (GFX10, GFX10.3)
    sdma_v6_0_0_pkt_open.h    SDMA 6.x (GFX11), and SDMA 7.0 (GFX12), which
                              sdma_v7_0.c builds from the same header with two
                              changes (below, SDMA7_*)

Every "** Definitions for SDMA_PKT_X packet" block is one packet; each of its
"#define SDMA_PKT_X_<WORD>_<field>_offset/_mask/_shift" triples is one field:
dword <offset>, bits [shift + width - 1 : shift].  The layout and the names are
the header's; this script only decides, by the rules in field_kind() and the
per-packet table PACKETS below:
  - the field names: the header's, upper-cased as its setter macros spell them
    (SDMA_PKT_COPY_LINEAR_PARAMETER_DST_SW(x) -> DST_SW); the pieces of one
    value split over dwords or bit ranges (src_addr_31_0 + src_addr_63_32,
    mask_dw0 + mask_dw1, gcr_control_15_0 + gcr_control_18_16) become one
    field, named without the bit range (SRC_ADDR, MASK, GCR_CONTROL), holding
    the value's bits where the names put them (addr_31_2: bits [31:2]);
  - each field's kind (an address, a number, a swap / tiling / compare enum);
  - each packet's opcode and sub-opcode (the header's SDMA_OP_* / SDMA_SUBOP_*
    constants), the header bits that tell packets of one sub-opcode apart
    (BROADCAST, DCC), the framing count of the packets whose length varies
    (NOP, WRITE_UNTILED, WRITE_TILED), and the C names of the access, exec and
    rule rows that src/dma/sdma_rows.h writes by hand.
Packets identical on several generations share one description.

The AQL packets (SDMA_AQL_PKT_*) are left out: they are the 64-byte packets of
an AQL queue, whose first byte (the HSA packet format, 4 or 5) collides with
INDIRECT and FENCE; a ring or IB never holds them (docs/dma.md).

The output is committed; the build and the tests never need the kernel tree.
"""
import collections
import os
import re
import sys

KSRC = sys.argv[1] if len(sys.argv) > 1 and __name__ == '__main__' else '/work/ksrc/linux-source-6.12'
AMDGPU = os.path.join(KSRC, 'drivers/gpu/drm/amd/amdgpu')

# generation: (bit macro, header, short tag for C names)
GENS = [
    ('GK_DMA_SDMA24', 'iceland_sdma_pkt_open.h', 's24'),
    ('GK_DMA_SDMA30', 'tonga_sdma_pkt_open.h', 's30'),
    ('GK_DMA_SDMA4', 'vega10_sdma_pkt_open.h', 's4'),
    ('GK_DMA_SDMA5', 'navi10_sdma_pkt_open.h', 's5'),
    ('GK_DMA_SDMA6', 'sdma_v6_0_0_pkt_open.h', 's6'),
    ('GK_DMA_SDMA7', 'sdma_v6_0_0_pkt_open.h', 's7'),
]
VI = ('s24', 's30')


def parse(path):
    """{packet: [(word, field, dw, lo, hi)]} and {constant: value}"""
    pk = collections.OrderedDict()
    consts = {}
    cur = None
    trip = collections.OrderedDict()
    for line in open(path):
        m = re.match(r'\*\* Definitions for (\w+) packet', line)
        if m:
            cur = m.group(1)
            pk[cur] = collections.OrderedDict()
            continue
        m = re.match(r'#define (SDMA_OP_\w+|SDMA_SUBOP_\w+)\s+(\d+)\s*$', line)
        if m:
            consts[m.group(1)] = int(m.group(2))
            continue
        m = re.match(r'#define (\w+)_(offset|mask|shift)\s+(\w+)', line)
        if m and cur and m.group(1).startswith(cur + '_'):
            pk[cur].setdefault(m.group(1)[len(cur) + 1:], {})[m.group(2)] = int(m.group(3), 0)
    out = collections.OrderedDict()
    for name, fields in pk.items():
        lst = []
        for key, v in fields.items():
            # key is WORD_field: the field is lower case, the word upper case
            m = re.match(r'^([A-Z0-9_]+?)_([a-z][a-z0-9_]*)$', key)
            word, field = m.group(1), m.group(2)
            lo = v['shift']
            hi = lo + v['mask'].bit_length() - 1
            lst.append((word, field, v['offset'], lo, hi))
        out[name] = lst
    return out, consts


# ---- what each packet is ------------------------------------------------
# name: (SDMA_OP_*, SDMA_SUBOP_* or None, {header field: constant}, extra
# constant header bits [(NAME, lo, hi, value)] the header does not name)
OPS = {
    'COPY_LINEAR': ('COPY', 'COPY_LINEAR', {'broadcast': 0}, []),
    'COPY_LINEAR_BC': ('COPY', 'COPY_LINEAR_BC', {}, []),
    'COPY_DIRTY_PAGE': ('COPY', 'COPY_DIRTY_PAGE', {}, []),
    'COPY_PHYSICAL_LINEAR': ('COPY', 'COPY_LINEAR_PHY', {}, []),
    'COPY_BROADCAST_LINEAR': ('COPY', 'COPY_LINEAR', {'broadcast': 1}, []),
    'COPY_LINEAR_SUBWIN': ('COPY', 'COPY_LINEAR_SUB_WIND', {}, []),
    'COPY_LINEAR_SUBWIN_LARGE': ('COPY', 'COPY_LINEAR_SUB_WIND_LARGE', {}, []),
    'COPY_LINEAR_SUBWIN_BC': ('COPY', 'COPY_LINEAR_SUB_WIND_BC', {}, []),
    'COPY_TILED': ('COPY', 'COPY_TILED', {}, [('BROADCAST', 27, 27, 0)]),
    'COPY_TILED_BC': ('COPY', 'COPY_TILED_BC', {}, []),
    'COPY_L2T_BROADCAST': ('COPY', 'COPY_TILED', {'broadcast': 1}, []),
    'COPY_T2T': ('COPY', 'COPY_T2T_SUB_WIND', {}, []),
    'COPY_T2T_BC': ('COPY', 'COPY_T2T_SUB_WIND_BC', {}, []),
    'COPY_TILED_SUBWIN': ('COPY', 'COPY_TILED_SUB_WIND', {}, []),
    'COPY_TILED_SUBWIN_BC': ('COPY', 'COPY_TILED_SUB_WIND_BC', {}, []),
    'COPY_STRUCT': ('COPY', 'COPY_SOA', {}, []),
    'WRITE_UNTILED': ('WRITE', 'WRITE_LINEAR', {}, []),
    'WRITE_TILED': ('WRITE', 'WRITE_TILED', {}, []),
    'WRITE_TILED_BC': ('WRITE', 'WRITE_TILED_BC', {}, []),
    'PTEPDE_COPY': ('PTEPDE', 'PTEPDE_COPY', {}, []),
    'PTEPDE_COPY_BACKWARDS': ('PTEPDE', 'PTEPDE_COPY_BACKWARDS', {}, []),
    'PTEPDE_RMW': ('PTEPDE', 'PTEPDE_RMW', {}, []),
    'WRITE_INCR': ('PTEPDE', 'PTEPDE_GEN', {}, []),
    'REGISTER_RMW': ('SRBM_WRITE', 'REGISTER_RMW', {}, []),
    'INDIRECT': ('INDIRECT', None, {}, []),
    'SEMAPHORE': ('SEM', None, {}, []),
    'MEM_INCR': ('SEM', 'MEM_INCR', {}, []),
    'VM_INVALIDATION': ('POLL_REGMEM', 'VM_INVALIDATION', {}, []),
    'FENCE': ('FENCE', None, {}, []),
    'SRBM_WRITE': ('SRBM_WRITE', None, {}, []),
    'PRE_EXE': ('PRE_EXE', None, {}, []),
    'COND_EXE': ('COND_EXE', None, {}, []),
    'CONSTANT_FILL': ('CONST_FILL', None, {}, []),
    'DATA_FILL_MULTI': ('CONST_FILL', 'DATA_FILL_MULTI', {}, []),
    'POLL_REGMEM': ('POLL_REGMEM', None, {}, []),
    'POLL_REG_WRITE_MEM': ('POLL_REGMEM', 'POLL_REG_WRITE_MEM', {}, []),
    'POLL_DBIT_WRITE_MEM': ('POLL_REGMEM', 'POLL_DBIT_WRITE_MEM', {}, []),
    'POLL_MEM_VERIFY': ('POLL_REGMEM', 'POLL_MEM_VERIFY', {}, []),
    'ATOMIC': ('ATOMIC', None, {}, []),
    'TIMESTAMP_SET': ('TIMESTAMP', 'TIMESTAMP_SET', {}, []),
    'TIMESTAMP_GET': ('TIMESTAMP', 'TIMESTAMP_GET', {}, []),
    'TIMESTAMP_GET_GLOBAL': ('TIMESTAMP', 'TIMESTAMP_GET_GLOBAL', {}, []),
    'TRAP': ('TRAP', None, {}, []),
    'DUMMY_TRAP': ('DUMMY_TRAP', None, {}, []),
    'GPUVM_INV': ('GPUVM_INV', None, {}, []),
    'GCR_REQ': ('GCR_REQ', None, {}, []),
    'NOP': ('NOP', None, {}, []),
}
# the generations' names of two opcodes (iceland / tonga: SDMA_OP_GEN_PTEPDE)
OP_ALIASES = {'PTEPDE': ['PTEPDE', 'GEN_PTEPDE']}
# sub-opcodes the header uses but does not define: sdma_v6_0_0_pkt_open.h has
# no SDMA_SUBOP for REGISTER_RMW; PAL's SDMA 6 header gives
# SDMA_SUBOP_REGISTER_RMW = 1, under the register-write opcode 14 here (the
# opcode is a doubt, docs/dma.md)
SUBOP_FALLBACK = {'REGISTER_RMW': 1, 'WRITE_INCR': 0}  # VI: no SDMA_SUBOP_PTEPDE_GEN (sdma_v3_0.c writes sub-op 0)

# packets whose length is in a count field: (field, dwords = count + bias,
# first tail dword).  WRITE counts data dwords on VI and data dwords - 1 from
# SDMA 4 on (sdma_v3_0.c / sdma_v4_0.c ring_test_ring: COUNT(1) / COUNT(0)
# before one data dword); NOP counts the dwords after the header minus one
# (sdma_v4_0_ring_insert_nop: COUNT(count - 1) in the first of count NOPs).
def framing_count(name, tag, header_dwords):
    if name == 'NOP':
        return ('count', 1, 1)
    if name == 'WRITE_UNTILED':
        return ('count', 4 if tag in VI else 5, 4)
    if name == 'WRITE_TILED':
        return ('count', 9 if tag in VI else 10, 9)
    if name == 'WRITE_TILED_BC':
        return ('count', 9, 9)
    return None


# ---- field kinds --------------------------------------------------------
ENUMS = {
    'element_size': ('bpp', 0), 'elementsize': ('bpp', 0), 'array_mode': ('array_mode_si', 0), 'mit_mode': ('micro_tile', 0),
    'tilesplit_size': ('tile_split', 1), 'bank_w': ('bank_count', 1), 'bank_h': ('bank_count', 1),
    'num_bank': ('num_banks', 1), 'mat_aspt': ('aspect', 0), 'pipe_config': ('pipe_config', 0),
    'swizzle_mode': ('sw_mode', 0), 'dimension': ('dimension', 0), 'detile': ('detile', 0),
    'fillsize': ('fill_size', 0), 'func': ('func', 0), 'mem_poll': ('space', 0),
}
ADDR_NAMES = ('ADDR', 'IB_BASE', 'CMP0_START', 'CMP0_END', 'CMP1_START', 'CMP1_END', 'REC', 'BASE_VA',
              'LIMIT_VA', 'PAGE_VA', 'START_PAGE')
HEX_WORDS = ('data', 'mask', 'value', 'reference', 'pattern', 'int_context', 'invalidatereq', 'inv_req',
             'byte_en', 'init', 'incr', 'control', 'addressrange', 'invalidateack')
# byte alignment the engine needs of an address, where the kernel says so
ALIGN = {
    ('INDIRECT', 'IB_BASE'): 32,       # sdma_v4_0_ring_emit_ib: & 0xffffffe0
    ('FENCE', 'ADDR'): 4,              # sdma_v4_0_ring_emit_fence: BUG_ON(addr & 0x3)
    ('WRITE_UNTILED', 'DST_ADDR'): 4,  # dword writes
    ('WRITE_INCR', 'DST_ADDR'): 8,     # page-table entries
    ('PTEPDE_COPY', 'SRC_ADDR'): 8, ('PTEPDE_COPY', 'DST_ADDR'): 8,
    ('PTEPDE_RMW', 'ADDR'): 8,
    ('COND_EXE', 'ADDR'): 4, ('SEMAPHORE', 'ADDR'): 8, ('MEM_INCR', 'ADDR'): 8,
    ('ATOMIC', 'ADDR'): 8,
    ('COPY_TILED', 'TILED_ADDR'): 256, ('COPY_TILED_BC', 'TILED_ADDR'): 256,
    ('COPY_TILED_SUBWIN', 'TILED_ADDR'): 256, ('COPY_TILED_SUBWIN_BC', 'TILED_ADDR'): 256,
    ('COPY_T2T', 'SRC_ADDR'): 256, ('COPY_T2T', 'DST_ADDR'): 256,
    ('COPY_T2T_BC', 'SRC_ADDR'): 256, ('COPY_T2T_BC', 'DST_ADDR'): 256,
    ('WRITE_TILED', 'DST_ADDR'): 256, ('WRITE_TILED_BC', 'DST_ADDR'): 256,
    ('COPY_L2T_BROADCAST', 'TILED_ADDR0'): 256, ('COPY_L2T_BROADCAST', 'TILED_ADDR1'): 256,
}


def split_range(field):
    """(prefix, lo, hi) when the name carries the bits it holds"""
    m = re.match(r'^(.*)_(\d+)_(\d+)$', field)
    if m and int(m.group(2)) >= int(m.group(3)):
        return m.group(1), int(m.group(3)), int(m.group(2))
    m = re.match(r'^(.*)_dw([01])$', field)
    if m:
        return m.group(1), 32 * int(m.group(2)), 32 * int(m.group(2)) + 31
    return None


def fields_of(name, raw, tag):
    """the packet's fields as dicts: name, segs [(dw, lo, hi, pos)], kind ..."""
    ops = OPS[name]
    groups = collections.OrderedDict()
    order = []
    for word, field, dw, lo, hi in raw:
        sr = split_range(field)
        if sr and not field.startswith('reserved'):
            prefix, vlo, vhi = sr
            # a piece joins the last value of its name unless that value
            # already holds these bits (DST_ADDR_LO addr_31_0, then
            # START_PAGE addr_31_4: two values)
            key = None
            for k in reversed(order):
                if k[0] == 'range' and k[1] == prefix:
                    g = groups[k]
                    if len(g['segs']) < 2 and all(vhi < p or vlo > p + (h - l) for _, l, h, p in g['segs']):
                        key = k
                    break
            if key is None:
                key = ('range', prefix, len(order))
                groups[key] = {'word': word, 'field': prefix, 'segs': []}
                order.append(key)
            groups[key]['segs'].append((dw, lo, hi, vlo))
            groups[key].setdefault('words', []).append(word)
        else:
            key = ('plain', field, dw)
            groups[key] = {'word': word, 'field': field, 'segs': [(dw, lo, hi, 0)]}
            order.append(key)
    out = []
    names = collections.Counter(groups[k]['field'] for k in order)
    for k in order:
        g = groups[k]
        f = g['field']
        if k[0] == 'range' and names[f] > 1:
            # two values of one name (DST_ADDR_LO addr_31_0, START_PAGE
            # addr_31_4): each is named by its word
            nm = re.sub(r'_(LO|HI)$', '', g['words'][0])
        elif k[0] == 'plain' and names[f] > 1:
            nm = g['word'] + '_' + f.upper()
        else:
            nm = f.upper()
        fd = {'name': nm, 'segs': g['segs'], 'hdr': f, 'word': g['word'], 'flags': [], 'align': 0}
        if (name, f) in (('SRBM_WRITE', 'addr'),):
            # the register's dword offset (sdma_v4_0_ring_emit_wreg writes
            # `reg` as it is), named from the GPU's register tables
            fd['kind'] = 'reg'
            out.append(fd)
            continue
        if f == 'op':
            fd['kind'] = 'op'
            fd['name'] = 'OP'
        elif f == 'sub_op':
            fd['kind'] = 'subop'
            fd['name'] = 'SUB_OP'
        elif f in ops[2]:
            fd['kind'] = 'const'
            fd['value'] = ops[2][f]
        elif f == 'data0' and name in ('NOP', 'WRITE_UNTILED', 'WRITE_TILED', 'WRITE_TILED_BC'):
            continue  # the tail
        elif k[0] == 'range':
            bits = sum(h - l + 1 for _, l, h, _ in g['segs'])
            isaddr = 'ADDR' in nm or nm in ADDR_NAMES or 'SIGNAL' in nm
            fd['kind'] = 'addr' if isaddr else 'hex'
            fd['align'] = ALIGN.get((name, nm), 0)
            if isaddr and fd['align'] == 0:
                fd['align'] = 1 << min(p for _, l, h, p in g['segs'])
                if fd['align'] == 1:
                    fd['align'] = 0
                else:
                    fd['align'] = 0  # held by the field's own bits: nothing to check
        elif f == 'reserved':
            fd['kind'] = 'mbz'
        elif f in ENUMS or f.endswith('_sw') or f == 'sw' or \
                any(f.endswith('_' + e) for e in ENUMS if e not in ('func', 'detile', 'mem_poll')):
            base = f if f in ENUMS else next((e for e in ENUMS if f.endswith('_' + e)), None)
            if f == 'sw' or f.endswith('_sw'):
                fd['kind'] = 'enum'
                fd['enum'] = 'swap'
            else:
                fd['kind'] = 'enum'
                fd['enum'], byname = ENUMS[base]
                if fd['enum'] == 'sw_mode':
                    fd['enum'] = {'s6': 'sw_mode_gfx11', 's7': 'sw_mode_gfx12'}.get(tag, 'sw_mode_gfx9')
                if byname:
                    fd['flags'].append('GK_F_BYNAME')
        elif any(w in f for w in HEX_WORDS):
            fd['kind'] = 'hex'
        elif len(g['segs']) == 1 and g['segs'][0][1] == g['segs'][0][2]:
            fd['kind'] = 'flag'
        else:
            fd['kind'] = 'uint'
        out.append(fd)
    return out


# ---- per-packet overlay: the rows of src/dma/sdma_rows.h ------------------
def overlay(name, tag):
    """(access, exec, rules, flags) C names for a packet on a generation"""
    vi = tag in VI
    s5plus = tag in ('s5', 's6', 's7')
    acc = exe = rules = None
    flags = []
    plus = 'vi' if vi else 'p1'   # counts: exact on VI, minus one from SDMA 4 on
    if name in ('COPY_LINEAR', 'COPY_LINEAR_BC'):
        acc, exe = 'sd_copy_linear_%s' % ('vi' if vi or name.endswith('_BC') else 'p1'), 'sd_x_copy'
    elif name == 'COPY_DIRTY_PAGE' or name == 'COPY_PHYSICAL_LINEAR':
        acc, exe = 'sd_copy_linear_p1', 'sd_x_copy_phys'
    elif name == 'COPY_BROADCAST_LINEAR':
        acc, exe, rules = 'sd_copy_broadcast_%s' % plus, 'sd_x_copy_broadcast', 'sd_broadcast_rules'
    elif name in ('COPY_LINEAR_SUBWIN', 'COPY_LINEAR_SUBWIN_BC'):
        acc, exe = 'sd_subwin_%s' % ('vi' if vi or name.endswith('_BC') else 'p1'), 'sd_x_copy'
    elif name == 'COPY_LINEAR_SUBWIN_LARGE':
        exe = 'sd_x_subwin_large'
    elif name in ('COPY_TILED', 'COPY_TILED_BC', 'COPY_TILED_SUBWIN', 'COPY_TILED_SUBWIN_BC', 'COPY_T2T',
                  'COPY_T2T_BC', 'COPY_L2T_BROADCAST', 'WRITE_TILED', 'WRITE_TILED_BC'):
        # VI: GFX8 array modes; SDMA 4+ (sw): GFX9-12 swizzle modes, both
        # through the tiling module; _BC: refused (no slice pitch)
        key = name.lower().replace('_bc', '')
        form = 'vi' if vi else 'bc' if name.endswith('_BC') else 'sw'
        acc = 'sd_%s_%s' % (key, form)
        exe = 'sd_x_tiled_bc' if form == 'bc' else 'sd_x_tiled'
        if name.startswith('WRITE_TILED') and form != 'bc':
            exe = 'sd_x_write_tiled'
        if name == 'COPY_L2T_BROADCAST':
            exe = 'sd_x_l2t_broadcast'
        if name == 'COPY_T2T' and form != 'bc':
            exe = 'sd_x_t2t'  # two tiled sides: SRC_SW and DST_SW, no linear one
        if form == 'sw' and tag == 's4':
            acc += '4'  # SDMA 4: EPITCH; its T2T has one MIP_MAX for both surfaces
        if acc in ('sd_copy_t2t_bc', 'sd_write_tiled_bc'):
            acc = None  # no linear side; the tiled sides are not bounded (docs/dma.md)
    elif name == 'COPY_STRUCT':
        acc, exe = 'sd_struct_%s' % plus, 'sd_x_struct'
    elif name == 'WRITE_UNTILED':
        acc, exe = 'sd_write_untiled_%s' % plus, 'sd_x_write'
    elif name == 'WRITE_INCR':
        acc, exe = 'sd_write_incr_%s' % plus, 'sd_x_pte'
    elif name == 'PTEPDE_COPY':
        acc, exe = 'sd_ptepde_copy', 'sd_x_ptepde_copy'
    elif name == 'PTEPDE_COPY_BACKWARDS':
        exe = 'sd_x_ptepde_copy_backwards'
    elif name == 'PTEPDE_RMW':
        acc, exe = 'sd_ptepde_rmw_%s' % ('count' if tag in ('s6', 's7') else 'one'), 'sd_x_ptepde_rmw'
    elif name == 'REGISTER_RMW':
        exe = 'sd_x_register_rmw'
    elif name == 'INDIRECT':
        acc = 'sd_ib'
        flags.append('GK_P_IB')
    elif name == 'SEMAPHORE':
        acc, exe = 'sd_semaphore', 'sd_x_semaphore'
    elif name == 'MEM_INCR':
        acc, exe = 'sd_mem_incr', 'sd_x_mem_incr'
    elif name == 'VM_INVALIDATION' or name == 'GPUVM_INV':
        exe = 'sd_x_tlb'
    elif name == 'GCR_REQ':
        exe = 'sd_x_gcr'
    elif name == 'FENCE':
        acc, exe = 'sd_fence', 'sd_x_fence'
    elif name == 'SRBM_WRITE':
        exe = 'sd_x_srbm_write'
    elif name == 'PRE_EXE':
        exe = 'sd_x_pre_exe'
        flags.append('GK_P_EXEC_COUNT')
    elif name == 'COND_EXE':
        acc, exe = 'sd_cond_exe', 'sd_x_cond_exe'
        flags.append('GK_P_EXEC_COUNT')
    elif name == 'CONSTANT_FILL':
        acc, exe, rules = 'sd_fill_%s' % plus, 'sd_x_fill%s' % ('7' if tag == 's7' else ''), 'sd_fill_rules'
    elif name == 'DATA_FILL_MULTI':
        exe = 'sd_x_fill_multi'
    elif name == 'POLL_REGMEM':
        acc, exe = 'sd_poll_regmem', 'sd_x_poll_regmem'
    elif name == 'POLL_REG_WRITE_MEM':
        acc, exe = 'sd_poll_reg_write_mem', 'sd_x_poll_reg_write_mem'
    elif name == 'POLL_DBIT_WRITE_MEM':
        exe = 'sd_x_poll_dbit'
    elif name == 'POLL_MEM_VERIFY':
        exe = 'sd_x_poll_mem_verify'
    elif name == 'ATOMIC':
        acc, exe = 'sd_atomic', 'sd_x_atomic'
    elif name == 'TIMESTAMP_SET':
        exe = 'sd_x_timestamp_set'
    elif name in ('TIMESTAMP_GET', 'TIMESTAMP_GET_GLOBAL'):
        acc, exe = 'sd_timestamp', 'sd_x_timestamp_get'
    elif name == 'TRAP':
        exe = 'sd_x_trap'
    elif name == 'DUMMY_TRAP':
        exe = 'sd_x_dummy_trap'
    elif name == 'NOP':
        exe = 'sd_x_nop'
    return acc, exe, rules, flags


# fields the tiled copies' DCC forms add after the 15 / 14 dwords the
# packet has without DCC (Mesa ac_sdma emits META_* only when DCC is set)
DCC_PACKETS = ('COPY_T2T', 'COPY_TILED_SUBWIN')

# SDMA 7.0 (sdma_v7_0.c, Linux 6.12): COPY_LINEAR grows an eighth dword of
# DCC parameters (sdma_v7_0_emit_copy_buffer writes it, 0 without DCC; its
# bits are the header's SDMA_DCC_* macros); CONSTANT_FILL's bit 16 is
# COMPRESS (defined in sdma_v7_0.c), where 6.0 has SW [17:16].
SDMA7_DCC = [('data_format', 7, 0, 5), ('num_type', 7, 9, 11), ('read_cm', 7, 16, 17), ('write_cm', 7, 18, 19),
             ('max_com', 7, 24, 25), ('max_ucom', 7, 26, 26)]


def sdma7(name, raw):
    if name == 'COPY_LINEAR':
        return raw + [('DCC', f, dw, lo, hi) for f, dw, lo, hi in SDMA7_DCC]
    if name == 'CONSTANT_FILL':
        return [r for r in raw if r[1] != 'sw'] + [('HEADER', 'compress', 0, 16, 16)]
    return raw


def poll_register_form(fields):
    """POLL_REGMEM with MEM_POLL=0 polls a register: ADDR_LO holds its byte
    address and ADDR_HI that of the register the HDP_FLUSH form writes first
    (sdma_v4_0.c sdma_v4_0_wait_reg_mem: addr0 = reg0 << 2, addr1 = reg1 << 2;
    sdma_v4_0_ring_emit_hdp_flush: the flush done and request registers)"""
    i = next(k for k, f in enumerate(fields) if f['hdr'] == 'mem_poll')
    a = next(k for k, f in enumerate(fields) if f['name'] == 'ADDR')
    fa = fields[a]
    fa['cond'] = (i, 1)
    fa['align'] = 4
    reg = {'name': 'REGISTER', 'segs': [(1, 2, 31, 0)], 'kind': 'reg', 'hdr': 'addr_31_0', 'word': 'ADDR_LO',
           'flags': [], 'align': 0, 'cond': (i, 0)}
    req = {'name': 'REQ_REGISTER', 'segs': [(2, 2, 31, 0)], 'kind': 'reg', 'hdr': 'addr_63_32', 'word': 'ADDR_HI',
           'flags': [], 'align': 0, 'cond': (i, 0)}
    # the HDP flush form writes REFERENCE to REQ_REGISTER, then polls
    # REGISTER (sdma_v4_0_ring_emit_hdp_flush): a meaning the executor reads
    h = next(f for f in fields if f['hdr'] == 'hdp_flush')
    h['enum'] = 'hdp_flush_op'
    fields[a + 1:a + 1] = [reg, req]


def c_str(s):
    return '"%s"' % s


def emit_field(fd):
    segs = fd['segs']
    n = c_str(fd['name'])
    kind = fd['kind']
    if kind == 'op':
        d, l, h, _ = segs[0]
        return 'GK_OPC("OP", %d, %d, %d)' % (d, l, h)
    if kind == 'subop':
        d, l, h, _ = segs[0]
        return 'SD_SUBOP(%d, %d, %d)' % (d, l, h)
    if kind == 'const':
        d, l, h, _ = segs[0]
        return 'GK_CONSTF(%s, %d, %d, %d, %d)' % (n, d, l, h, fd['value'])
    if kind == 'count':
        d, l, h, _ = segs[0]
        return '{ .name = %s, .namelen = %d, .seg = {{%d, %d, %d, 0}}, .nseg = 1, .kind = GK_COUNT, .min = %d }' % (
            n, len(fd['name']), d, l, h, fd['bias'])
    segstr = ', '.join('{%d, %d, %d, %d}' % s for s in segs)
    ck = {'addr': 'GK_ADDR', 'hex': 'GK_UINT', 'uint': 'GK_UINT', 'flag': 'GK_FLAG', 'enum': 'GK_ENUM',
          'mbz': 'GK_UINT', 'reg': 'GK_REG'}[kind]
    flags = list(fd['flags'])
    if kind == 'hex':
        flags.append('GK_F_HEX')
    if kind == 'mbz':
        flags.append('GK_F_MBZ')
    if kind == 'flag' and len(segs) == 1 and segs[0][1] != segs[0][2]:
        ck = 'GK_UINT'
    extra = ''
    if flags:
        extra += ', .flags = ' + ' | '.join(flags)
    if kind == 'enum' or (kind == 'flag' and fd.get('enum')):
        extra += ', .enm = &%s' % fd['enum']
    if fd.get('align'):
        extra += ', .align = %d' % fd['align']
    if kind == 'mbz':
        extra += ', .why = "the header names it reserved"'
    if fd.get('cond'):
        extra += ', GK_WHEN(%d, GK_V(%d))' % fd['cond']
    if fd.get('scale'):
        extra += ', ' + fd['scale']
    if fd.get('value_reg'):
        extra += ', .value_reg = %d' % fd['value_reg']
    return '{ .name = %s, .namelen = %d, .seg = {%s}, .nseg = %d, .kind = %s%s }' % (
        n, len(fd['name']), segstr, len(segs), ck, extra)


# sizes as a reader thinks of them, noted after the packet: GFX9+ sizes are
# the value + 1 (Mesa ac_sdma writes width - 1, pitch - 1 ...)
def scale_of(name, fd, tag):
    h = fd['hdr']
    gfx8 = tag in VI or name.endswith('_BC')
    if h in ('pitch_in_tile', 'src_pitch_in_tile', 'dst_pitch_in_tile'):
        return 'SD_PX8' if gfx8 else None
    if h in ('slice_pitch', 'src_slice_pitch', 'dst_slice_pitch') and 'TILED' in name or \
            (h.endswith('slice_pitch') and name.startswith('COPY_T2T')):
        return 'SD_PX64' if gfx8 else 'SD_PX1'
    if h.endswith('pitch') or h.endswith('slice_pitch'):
        return 'SD_PX1'
    if h in ('height',) and gfx8:
        return 'SD_ROWS'
    if not gfx8 and (h.endswith('width') or h.endswith('height') or h.endswith('depth') or h.startswith('rect_')):
        return {'width': 'SD_PX1', 'height': 'SD_ROWS', 'depth': 'SD_SLICES'}.get(h.split('_')[-1], 'SD_PX1') \
            if not h.startswith('rect_') else ('SD_PX1' if h != 'rect_z' else 'SD_SLICES')
    return None


def main():
    descs = []          # (tag, name, text-key, entry)
    headers = {}
    for bit, hdr, tag in GENS:
        pk, consts = parse(os.path.join(AMDGPU, hdr))
        headers[tag] = (bit, hdr, pk, consts)
    entries = collections.OrderedDict()  # key -> {gens: [], ...}
    for bit, hdr, tag in GENS:
        _, _, pk, consts = headers[tag]
        for full, raw in pk.items():
            if full.startswith('SDMA_AQL'):
                continue
            name = full[len('SDMA_PKT_'):]
            if name not in OPS:
                raise SystemExit('gen_sdma: %s in %s: no opcode known' % (full, hdr))
            if tag == 's7':
                raw = sdma7(name, raw)
            opn, subn, _, extra_const = OPS[name]
            op = None
            for alias in OP_ALIASES.get(opn, [opn]):
                op = consts.get('SDMA_OP_' + alias, op)
            if op is None:
                raise SystemExit('gen_sdma: no SDMA_OP_%s in %s' % (opn, hdr))
            sub = 0
            if subn:
                sub = consts.get('SDMA_SUBOP_' + subn, SUBOP_FALLBACK.get(name))
                if sub is None:
                    raise SystemExit('gen_sdma: no SDMA_SUBOP_%s in %s' % (subn, hdr))
            fields = fields_of(name, raw, tag)
            for nm, lo, hi, v in extra_const:
                if not any(f['segs'][0][0] == 0 and f['segs'][0][1] <= hi and f['segs'][0][2] >= lo for f in fields):
                    fields.insert(2, {'name': nm, 'segs': [(0, lo, hi, 0)], 'kind': 'const', 'value': v, 'hdr': None,
                                      'flags': []})
            if name == 'POLL_REGMEM':
                poll_register_form(fields)
            if name == 'SRBM_WRITE':
                # DATA is the value ADDR's register receives: shown by its fields
                a = next(k for k, f in enumerate(fields) if f['name'] == 'ADDR')
                next(f for f in fields if f['name'] == 'DATA')['value_reg'] = a + 1
            ndw = max(d for _, _, d, _, _ in raw) + 1
            fc = framing_count(name, tag, ndw)
            tail = None
            if fc:
                for f in fields:
                    if f['hdr'] == fc[0]:
                        f['kind'] = 'count'
                        f['bias'] = fc[1]
                tail = fc[2]
            for f in fields:
                if f.get('kind') in ('uint', 'hex'):
                    sc = scale_of(name, f, tag)
                    if sc:
                        f['scale'] = sc
            has_sub = any(f['kind'] == 'subop' for f in fields)
            if not has_sub and subn:
                raise SystemExit('gen_sdma: %s has no sub_op field' % full)
            variants = [(name, fields, ndw, None)]
            if name in DCC_PACKETS and any(f['hdr'] == 'dcc' for f in fields):
                meta_dw = min(f['segs'][0][0] for f in fields if f['word'].startswith('META'))
                plain = [f for f in fields if not f['word'].startswith('META')]
                for f in plain + fields:
                    pass
                f0 = [dict(f) for f in plain]
                f1 = [dict(f) for f in fields]
                for lst, v in ((f0, 0), (f1, 1)):
                    for f in lst:
                        if f['hdr'] == 'dcc':
                            f['kind'] = 'const'
                            f['value'] = v
                variants = [(name, f0, meta_dw, None), (name + '_DCC', f1, ndw, 'dcc')]
            for vname, vfields, vndw, var in variants:
                acc, exe, rules, flags = overlay(name, tag)
                if var == 'dcc':
                    exe = 'sd_x_tiled_dcc'  # compressed data and its metadata: not run
                body = ',\n\t'.join(emit_field(f) for f in vfields)
                key = (vname, op, sub, body, vndw, tail, acc, exe, rules, tuple(flags))
                e = entries.setdefault(key, {'gens': [], 'tags': [], 'hdrs': [], 'name': vname, 'full': full,
                                             'op': op, 'sub': sub, 'body': body, 'ndw': vndw, 'tail': tail,
                                             'acc': acc, 'exe': exe, 'rules': rules, 'flags': flags, 'var': var})
                e['gens'].append(bit)
                e['tags'].append(tag)
                e['hdrs'].append(hdr)
    print('/* GENERATED by scripts/gen_sdma.py from the Linux 6.12 SDMA packet headers')
    print(' * (drivers/gpu/drm/amd/amdgpu/ *_sdma_pkt_open.h, sdma_v7_0.c); do not edit.')
    print(' * Included by src/dma/dma_tab.c after src/dma/sdma_rows.h. */')
    print()
    idx = 0
    for key, e in entries.items():
        e['id'] = 'sd_f%d_%s' % (idx, e['name'].lower())
        idx += 1
        print('/* %s: %s */' % (e['full'], ', '.join(sorted(set(e['hdrs'])) if e['tags'] != ['s7'] else
                                                     ['sdma_v6_0_0_pkt_open.h + sdma_v7_0.c'])))
        print('static const struct gk_field %s[] = {\n\t%s,\n};' % (e['id'], e['body']))
    print()
    print('#define SDMA_DESCS \\')
    lines = []
    for key, e in entries.items():
        gens = ' | '.join(e['gens'])
        parts = ['SD_P("%s", "SDMA_PKT_%s", %d, %d, %s)' % (e['name'], e['full'][len('SDMA_PKT_'):], e['op'], e['sub'],
                                                             gens),
                 'FIELDS(%s)' % e['id']]
        if e['tail'] is not None:
            # counts that are data dwords - 1: at least one data dword
            bias = next((int(m) for m in re.findall(r'GK_COUNT, \.min = (\d+)', e['body'])), None)
            parts.append('SD_DATA_TAIL(%d, %d)' % (e['tail'], max(bias or 0, e['tail'])))
        else:
            parts.append('FIXED(%d)' % e['ndw'])
        if e['acc']:
            parts.append('ACCESS(%s)' % e['acc'])
        if e['exe']:
            parts.append('EXEC(%s)' % e['exe'])
        if e['rules']:
            parts.append('RULES(%s)' % e['rules'])
        if e['flags']:
            parts.append('.flags = ' + ' | '.join(e['flags']))
        srcs = sorted(set(e['hdrs']))
        note = '%s %s%s' % ('/'.join(h.replace('_pkt_open.h', '') for h in srcs), e['full'],
                            ', DCC set: META dwords' if e['var'] == 'dcc' else '')
        if 's7' in e['tags'] and len(e['tags']) == 1:
            note = 'sdma_v6_0_0 %s as sdma_v7_0.c changes it' % e['full']
        parts.append('.note = "%s"' % note)
        lines.append('\t{ ' + ', '.join(parts) + ' },')
    print(' \\\n'.join(lines))
    print()
    print('#define SDMA_NDESCS %d' % len(entries))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Generate src/isa/ir3/ir3_tab.c (gfxkit's own ir3 tables) from Mesa's isaspec XML.

usage: python3 scripts/gen_ir3.py [XML_DIR [OUT_DIR [NAME]]]
XML_DIR defaults to ../shared/reference/ir3/mesa-current (Mesa 26.2.0-rc1, a3xx..a8xx;
the root file is ir3.xml), OUT_DIR to src/isa/ir3; writes OUT_DIR/ir3_tab.c,
OUT_DIR/ir3_counts.h and OUT_DIR/ir3_expr.inc, the library's default description.  With
NAME (e.g. 2025) it writes OUT_DIR/ir3_NAME_tab.c, ir3_NAME_counts.h and ir3_NAME_expr.inc instead, whose symbols are
gk_ir3_NAME_* (the counts header renames them), for an older description the library
keeps beside the default: ../shared/reference/ir3/mesa-2025 (Mesa at 7d41cfa1a97f,
January 2025) is committed so.  The March 2022 description (acba08b58f11, in
../shared/reference/ir3) is still read: tests/cli/test_ir3.sh generates from all three.

The XML facts (bit positions, patterns, enum names, display templates,
expressions, generation ranges) become plain C data: bitsets with merged
match/mask/don't-care masks, cases (overrides, then the default), fields,
templates pre-split into literal and field segments, and expressions compiled
to a small stack program.  Data, which src/isa/ir3/ir3.c walks, and one file of
code: the same stack programs written out as C functions (OUT_DIR/ir3_expr.inc,
or ir3_NAME_expr.inc), which ir3.c includes and runs instead of interpreting
them (the interpreter stays, for the test that compares the two).
For encoding, each expression also gets what it implies when assumed true or
false ("assumptions"), and each derived field a recipe to invert it.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
XML_DIR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', '..', 'shared', 'reference', 'ir3', 'mesa-current')
OUT_DIR = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, '..', 'src', 'isa', 'ir3')
NAME = sys.argv[3] if len(sys.argv) > 3 else ''
if NAME and not re.fullmatch(r'[0-9a-z_]+', NAME):
    raise SystemExit('NAME: lower-case letters, digits and _ only')
TAB_C = 'ir3_%s_tab.c' % NAME if NAME else 'ir3_tab.c'
COUNTS_H = 'ir3_%s_counts.h' % NAME if NAME else 'ir3_counts.h'
EXPR_INC = 'ir3_%s_expr.inc' % NAME if NAME else 'ir3_expr.inc'

BUILTIN = ['uint', 'int', 'hex', 'offset', 'uoffset', 'bool', 'float', 'branch', 'enum', 'bitset', 'assert',
           'bool_inv']

enums = {}          # name -> [(val, display)]
enum_order = []
exprs_named = {}    # name -> text
bitsets = []        # in document order
bitset_by_name = {}


def gen_range(el):
    g = el.find('gen')
    lo, hi = 0, 0xffff
    if g is not None:
        if 'min' in g.attrib:
            lo = int(g.attrib['min'])
        if 'max' in g.attrib:
            hi = int(g.attrib['max'])
    return lo, hi


def bits_of(el):
    if 'pos' in el.attrib:
        p = int(el.attrib['pos'])
        return p, p
    return int(el.attrib['low']), int(el.attrib['high'])


def parse_case(el, bs, expr_text):
    case = {'expr': expr_text, 'display': None, 'fields': [], 'asserts': []}
    d = el.find('display')
    if d is not None:
        case['display'] = (d.text or '').strip()
    # isaspec (isa.py BitSetCase) keeps a case's fields in a dict filled with
    # the <derived> first, then the <field>s: a <field> replaces a <derived>
    # of the same name (ldg.k's LOAD_SIZE, mesa-current ir3-cat6.xml), in the
    # place the first one took
    by_name = {}
    for f in el.findall('derived'):
        if 'expr' in f.attrib:
            e = f.attrib['expr']
        else:
            e = f.find('expr').text
        width = int(f.attrib['width']) if 'width' in f.attrib else None
        by_name[f.attrib['name']] = {'name': f.attrib['name'], 'low': 0, 'high': (width - 1) if width else 0,
                                     'type': f.attrib['type'], 'display': f.attrib.get('display'), 'params': [],
                                     'expr': e, 'width': width}
    for f in el.findall('field'):
        lo, hi = bits_of(f)
        params = [(p.attrib['name'], p.attrib.get('as', p.attrib['name'])) for p in f.findall('param')]
        by_name[f.attrib['name']] = {'name': f.attrib['name'], 'low': lo, 'high': hi, 'type': f.attrib['type'],
                                     'display': f.attrib.get('display'), 'params': params, 'expr': None}
    case['fields'] = list(by_name.values())
    for f in el.findall('assert'):
        lo, hi = bits_of(f)
        case['asserts'].append((lo, hi, f.text.strip()))
    return case


def load(fname):
    root = ET.parse(os.path.join(XML_DIR, fname)).getroot()
    for el in root:
        if el.tag == 'import':
            load(el.attrib['file'])
        elif el.tag == 'enum':
            vals = [(int(v.attrib['val'], 0), v.attrib['display']) for v in el.findall('value')]
            enums[el.attrib['name']] = vals
            enum_order.append(el.attrib['name'])
        elif el.tag == 'expr':
            exprs_named[el.attrib['name']] = el.text
        elif el.tag == 'bitset':
            bs = {'name': el.attrib['name'], 'extends': el.attrib.get('extends'),
                  'size': int(el.attrib['size']) if 'size' in el.attrib else None, 'patterns': [],
                  'cases': [], 'force': {}}
            bs['gen'] = gen_range(el)
            for p in el.findall('pattern'):
                lo, hi = bits_of(p)
                bs['patterns'].append((lo, hi, p.text.strip()))
            for o in el.findall('override'):
                if 'expr' in o.attrib:
                    et = o.attrib['expr']
                else:
                    et = o.find('expr').text
                bs['cases'].append(parse_case(o, bs, et))
            bs['cases'].append(parse_case(el, bs, None))
            enc = el.find('encode')
            if enc is not None:
                for m in enc.findall('map'):
                    if m.attrib.get('force') == 'true' and re.fullmatch(r'\s*\d+\s*', m.text or ''):
                        bs['force'][m.attrib['name']] = int(m.text)
            bitsets.append(bs)
            bitset_by_name[bs['name']] = bs


load('ir3.xml')

# ---- names (field names interned; 0 is reserved for NAME) ----
names = ['NAME']
name_id = {'NAME': 0}


def nid(n):
    if n not in name_id:
        name_id[n] = len(names)
        names.append(n)
    return name_id[n]


# ---- expressions ----
TOK = re.compile(r'\s*(?:(\{[A-Za-z0-9_]+\})|(ISA_GPU_ID\(\))|(0[xX][0-9a-fA-F]+|\d+)(?:[uU]?[lL]{0,2})|(<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>!~&|^()?:]))')
BIN = {'||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6, '<': 7, '<=': 7, '>': 7, '>=': 7,
       '<<': 8, '>>': 8, '+': 9, '-': 9, '*': 10, '/': 10, '%': 10}
OPS = ['END', 'CONST', 'FIELD', 'NOT', 'NEG', 'BNOT', 'MUL', 'DIV', 'MOD', 'ADD', 'SUB', 'SHL', 'SHR', 'LT',
       'LE', 'GT', 'GE', 'EQ', 'NE', 'BAND', 'BXOR', 'BOR', 'LAND', 'LOR', 'COND', 'GPU_ID']
BINOP = {'*': 'MUL', '/': 'DIV', '%': 'MOD', '+': 'ADD', '-': 'SUB', '<<': 'SHL', '>>': 'SHR', '<': 'LT',
         '<=': 'LE', '>': 'GT', '>=': 'GE', '==': 'EQ', '!=': 'NE', '&': 'BAND', '^': 'BXOR', '|': 'BOR',
         '&&': 'LAND', '||': 'LOR'}


def tokenize(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    toks, pos = [], 0
    # Mesa pastes an expression into C as a statement, so a description may
    # end one with ';' (mesa-current ir3-cat6.xml #cat6-type-shift)
    text = text.strip().rstrip(';').rstrip()
    while pos < len(text):
        m = TOK.match(text, pos)
        if not m or m.end() == pos:
            raise SystemExit('bad expression: %r at %d' % (text, pos))
        if m.group(1):
            toks.append(('F', m.group(1)[1:-1]))
        elif m.group(2):
            toks.append(('G', None))
        elif m.group(3):
            toks.append(('C', int(m.group(3), 0)))
        else:
            toks.append(('O', m.group(4)))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return toks


def parse_expr(text):
    toks = tokenize(text)
    i = [0]

    def peek():
        return toks[i[0]] if i[0] < len(toks) else (None, None)

    def unary():
        k, v = peek()
        i[0] += 1
        if k == 'F':
            return ('F', v)
        if k == 'C':
            return ('C', v)
        if k == 'G':
            return ('G',)
        if v == '(':
            e = ternary()
            assert peek() == ('O', ')'), text
            i[0] += 1
            return e
        if v in ('!', '-', '~'):
            return ('U', v, unary())
        raise SystemExit('bad expression %r' % text)

    def binary(minp):
        lhs = unary()
        while True:
            k, v = peek()
            if k != 'O' or v not in BIN or BIN[v] < minp:
                return lhs
            i[0] += 1
            rhs = binary(BIN[v] + 1)
            lhs = ('B', v, lhs, rhs)

    def ternary():
        c = binary(1)
        if peek() == ('O', '?'):
            i[0] += 1
            a = ternary()
            assert peek() == ('O', ':')
            i[0] += 1
            b = ternary()
            return ('T', c, a, b)
        return c

    e = ternary()
    if i[0] != len(toks):
        raise SystemExit('trailing tokens in %r' % text)
    return e


def rpn(e, out):
    if e[0] == 'C':
        out.append(('CONST', e[1]))
    elif e[0] == 'F':
        out.append(('FIELD', nid(e[1])))
    elif e[0] == 'G':
        out.append(('GPU_ID', 0))
    elif e[0] == 'U':
        rpn(e[2], out)
        out.append(({'!': 'NOT', '-': 'NEG', '~': 'BNOT'}[e[1]], 0))
    elif e[0] == 'B':
        rpn(e[2], out)
        rpn(e[3], out)
        out.append((BINOP[e[1]], 0))
    else:
        rpn(e[1], out)
        rpn(e[2], out)
        rpn(e[3], out)
        out.append(('COND', 0))


def assumptions(e, truth):
    """(name, value) pairs that must hold when e evaluates to truth (only the sure ones)."""
    if e[0] == 'F':
        return [(e[1], 1 if truth else 0)]
    if e[0] == 'U' and e[1] == '!':
        return assumptions(e[2], not truth)
    if e[0] == 'B':
        op, a, b = e[1], e[2], e[3]
        if op == '&&' and truth:
            return assumptions(a, True) + assumptions(b, True)
        if op == '||' and not truth:
            return assumptions(a, False) + assumptions(b, False)
        if a[0] == 'F' and b[0] == 'C':
            if (op == '==' and truth) or (op == '!=' and not truth):
                return [(a[1], b[1])]
            if op == '>' and b[1] == 0 and not truth:
                return [(a[1], 0)]
    return []


# inverse recipes for derived fields: value v of the derived field -> source fields
INV = ['NONE', 'COPY', 'NOT', 'ADD', 'SPLIT', 'SHL', 'AFFINE']


def inverse(e):
    """(kind, a, b, k, n): COPY a=v; NOT a=!v; ADD a=v-k; SPLIT a=v>>n, b=v&((1<<n)-1);
    SHL v==k<<a; AFFINE a=v/n-k"""
    if e[0] == 'F':
        return ('COPY', e[1], None, 0, 0)
    if e[0] == 'U' and e[1] == '!' and e[2][0] == 'F':
        return ('NOT', e[2][1], None, 0, 0)
    if e[0] == 'B':
        op, a, b = e[1], e[2], e[3]
        if op in '+-' and a[0] == 'F' and b[0] == 'C':
            return ('ADD', a[1], None, b[1] if op == '+' else -b[1], 0)
        if op == '|' and a[0] == 'B' and b[0] == 'F' and a[2][0] == 'F' and a[3][0] == 'C':
            if a[1] == '<<':
                return ('SPLIT', a[2][1], b[1], 0, a[3][1])
            if a[1] == '*' and a[3][1] & (a[3][1] - 1) == 0:
                return ('SPLIT', a[2][1], b[1], 0, a[3][1].bit_length() - 1)
        if op == '|' and a[0] == 'F' and b[0] == 'B' and b[1] == '<<' and b[2][0] == 'F' and b[3][0] == 'C':
            return ('SPLIT', b[2][1], a[1], 0, b[3][1])
        if op == '<<' and a[0] == 'C' and b[0] == 'F':
            return ('SHL', b[1], None, a[1], 0)
        if op == '*' and b[0] == 'C' and a[0] == 'B' and a[1] == '+' and a[2][0] == 'F' and a[3][0] == 'C':
            return ('AFFINE', a[2][1], None, a[3][1], b[1])
    return ('NONE', None, None, 0, 0)


expr_list = []      # (text, ops, inv, true_assume, false_assume)
expr_index = {}


def expr_id(text):
    if text.startswith('#'):
        text = exprs_named[text]
    key = ' '.join(re.sub(r'/\*.*?\*/', ' ', text, flags=re.S).split())
    if key in expr_index:
        return expr_index[key]
    e = parse_expr(key)
    ops = []
    rpn(e, ops)
    expr_index[key] = len(expr_list)
    expr_list.append((key, ops, inverse(e), assumptions(e, True), assumptions(e, False)))
    return expr_index[key]


# ---- bitsets: chains, merged masks, leaves ----
children = {b['name']: [] for b in bitsets}
for b in bitsets:
    if b['extends']:
        children[b['extends']].append(b['name'])


def chain(b):
    out = []
    while b:
        out.append(b)
        b = bitset_by_name[b['extends']] if b['extends'] else None
    return out


def pattern_bits(lo, hi, s):
    assert len(s) == hi - lo + 1, (lo, hi, s)
    m = k = dc = 0
    for i, ch in enumerate(s):
        bit = 1 << (hi - i)
        if ch == '1':
            m |= bit
            k |= bit
        elif ch == '0':
            k |= bit
        elif ch == 'x':
            dc |= bit
        else:
            raise SystemExit('bad pattern ' + s)
    return m, k, dc


bs_index = {b['name']: i for i, b in enumerate(bitsets)}
for b in bitsets:
    ch = chain(b)
    b['root'] = ch[-1]['name']
    b['size_'] = ch[-1]['size']
    m = k = dc = 0
    gmin, gmax = 0, 0xffff
    for c in ch:
        for lo, hi, s in c['patterns']:
            pm, pk, pd = pattern_bits(lo, hi, s)
            m |= pm
            k |= pk
            dc |= pd
        gmin = max(gmin, c['gen'][0])
        gmax = min(gmax, c['gen'][1])
    b['match'], b['mask'], b['dc'] = m, k & ~dc, dc
    b['gmin'], b['gmax'] = gmin, gmax
    b['leaf'] = not children[b['name']]
    # can a display of this bitset lack {NAME}? (then encode cannot skip it
    # when the text does not contain its name)
    b['nameless'] = False
    for c in ch:
        done = False
        for case in c['cases']:
            if case['display'] is not None:
                if '{NAME}' not in case['display']:
                    b['nameless'] = True
                if case['expr'] is None:
                    done = True
        if done:
            break

roots = [b['name'] for b in bitsets if not b['extends']]
leaves = {r: [i for i, b in enumerate(bitsets) if b['leaf'] and b['root'] == r] for r in roots}

# enum widths: the widest field using each enum decides the table size
enum_width = {e: 1 for e in enums}


def ftype(f):
    t = f['type']
    if t in BUILTIN:
        return t.upper(), -1
    if t in enums:
        enum_width[t] = max(enum_width[t], f['high'] - f['low'] + 1 if f['expr'] is None else 1)
        return 'ENUM', enum_order.index(t)
    if t in bitset_by_name:
        return 'BITSET', roots.index(t)
    raise SystemExit('unknown type ' + t)


# ---- templates ----
segs = []
tpls = []


def tpl_id(text):
    start = len(segs)
    p = 0
    while p < len(text):
        q = text.find('{', p)
        if q < 0:
            q = len(text)
        if q > p:
            segs.append(('LIT', text[p:q]))
        if q < len(text):
            e = text.index('}', q)
            nm = text[q + 1:e]
            if ':' in nm:
                raise SystemExit('align not supported: ' + nm)
            segs.append(('FIELD', nid(nm)))
            p = e + 1
        else:
            p = q
    tpls.append((start, len(segs) - start))
    return len(tpls) - 1


fields_out = []
params_out = []
cases_out = []
for b in bitsets:
    b['first_case'] = len(cases_out)
    for c in b['cases']:
        fe = -1 if c['expr'] is None else expr_id(c['expr'])
        ft = -1 if c['display'] is None else tpl_id(c['display'])
        first = len(fields_out)
        am = av = 0
        for lo, hi, s in c['asserts']:
            pm, pk, pd = pattern_bits(lo, hi, s)
            am |= pk
            av |= pm
        for f in c['fields']:
            t, ref = ftype(f)
            ex = -1 if f['expr'] is None else expr_id(f['expr'])
            fp = len(params_out)
            for pn, pa in f['params']:
                params_out.append((nid(pn), nid(pa)))
            force = b['force'].get(f['name'])
            fields_out.append((nid(f['name']), f['low'], f['high'], t, ref, ex, fp, len(f['params']),
                               f['display'], force, len(cases_out)))
        cases_out.append((fe, ft, first, len(fields_out) - first, am, av))
    b['ncases'] = len(cases_out) - b['first_case']


# The ways the assembler reads a leaf, the same for every text, so listed
# here once instead of found again per leaf per instruction: the cases with a
# display it can be shown by (leaf first, up to and including the first
# display without an expression, the default) and the overrides without a
# display whose fields such a display can use (cat1's s16/s32 immediates):
# any case with an expression and fields that is not one of the displays
# (in a bitset past the default display, every such case).
variant_cases = []
for b in bitsets:
    disp, fos = [], []
    done = False
    for cb in chain(b):
        was_done = done
        for ci in range(cb['first_case'], cb['first_case'] + cb['ncases']):
            fe, ft, first, nf, am, av = cases_out[ci]
            if ft < 0 or was_done:
                if fe >= 0 and nf:
                    fos.append(ci)
                continue
            if done:
                continue
            disp.append(ci)
            if fe < 0:
                done = True
    b['disp'] = len(variant_cases)
    b['ndisp'] = len(disp)
    b['nfos'] = len(fos)
    variant_cases.extend(disp + fos)


def bitset_cases(b):
    return range(b['first_case'], b['first_case'] + b['ncases'])


# The overrides without a display a variant assumes true, as a set (a
# mask over the leaf's first 8 such overrides).  Overrides testing one field
# against constants ("{SRC_REG_TYPE} == 0", "== 1") exclude each other and
# form a group; any other is a group of its own.  A variant takes at most
# one override of each group (a7xx/a8xx alias needs two at once: an rt
# destination, {SCOPE} == 1, and a const source, {SRC_REG_TYPE} == 1), so
# the sets are the product of the groups' choices, "none" first.
FOS_MAX = 8
VARIANTS_MAX = 24


def eq_const_of(x):
    ops = expr_list[x][1]
    if len(ops) == 3 and ops[0][0] == 'FIELD' and ops[1][0] == 'CONST' and ops[2][0] == 'EQ':
        return ops[0][1], ops[1][1]
    return None


# What the assembler needs beyond the displays, where two encodings print
# the same text and the XML says in a comment which one an instruction
# takes: an expression a bitset's word must satisfy for the assembler to
# choose it (the decoder reads both).  Mesa 26.2 ir3-cat3.xml: "Alternate
# immed encoding for the !${IMMED_ENCODING} instructions" -- an a8xx cat3
# immediate of an instruction with IMMED_ENCODING (wmm, shlm...) is
# #cat3-src-const-or-immed's, which prints the same number.
ENCODE_WHEN = {'#cat3-src-alt-immed': '!{IMMED_ENCODING}'}
for b in bitsets:
    b['enc_when'] = expr_id(ENCODE_WHEN[b['name']]) if b['name'] in ENCODE_WHEN else -1

fo_combos = []
for b in bitsets:
    fos = variant_cases[b['disp'] + b['ndisp']:b['disp'] + b['ndisp'] + b['nfos']][:FOS_MAX]
    groups = []
    by_sel = {}
    for j, ci in enumerate(fos):
        ec = eq_const_of(cases_out[ci][0])
        if ec is not None and ec[0] in by_sel:
            groups[by_sel[ec[0]]].append(j)
            continue
        if ec is not None:
            by_sel[ec[0]] = len(groups)
        groups.append([j])
    masks = [0]
    for g in groups:
        masks = [m | (1 << j if j >= 0 else 0) for j in [-1] + g for m in masks]
    b['combo'] = len(fo_combos)
    b['ncombo'] = len(masks)
    fo_combos.extend(masks)


def variant_of(b, i):
    """(display case, set of override cases) of variant i of bitset b"""
    disp = variant_cases[b['disp']:b['disp'] + b['ndisp']]
    fos = variant_cases[b['disp'] + b['ndisp']:b['disp'] + b['ndisp'] + b['nfos']]
    m = fo_combos[b['combo'] + i % b['ncombo']]
    return disp[i // b['ncombo']], {fos[j] for j in range(FOS_MAX) if m >> j & 1}


def nvariants(b):
    return min(min(b['ndisp'], 8) * b['ncombo'], VARIANTS_MAX)


# For the decoder's exactness proof, per bitset as a chain's start: every bit
# its cases' asserts or encoder constants ("force") could set, and the fields
# of its default cases with an encoder constant (raw, not nested).
forced_fields = []
for b in bitsets:
    may = 0
    forced = []
    for cb in chain(b):
        for ci in bitset_cases(cb):
            fe, ft, first, nf, am, av = cases_out[ci]
            may |= av & am
            for k in range(first, first + nf):
                fo = fields_out[k]
                if fo[9] is None or fo[5] >= 0 or fo[3] == 'BITSET':
                    continue
                may |= (fo[9] & ((1 << (fo[2] - fo[1] + 1)) - 1)) << fo[1]
                if fe < 0:
                    forced.append(k)
    b['chain_may'] = may & ((1 << 64) - 1)
    b['forced'] = len(forced_fields)
    b['nforced'] = len(forced)
    forced_fields.extend(forced)


# Which case expressions a field lookup must still evaluate, and the lookup
# index.  isaspec's lookup of a name walks the cases of the leaf's chain,
# leaf first, evaluating the expression of every case of a bitset that has
# an expression (in order, filling the expression cache), and takes the
# first case that holds and has the name.  Evaluating the expression of a
# case without the name cannot change which field is found; it only caches
# a value early.  That is harmless unless the evaluation can come out other
# than the expression's value: only when an expression needed for a result
# (the case expressions before the field found that have the name, and a
# derived field's expression) is being evaluated further down the stack,
# where isaspec's recursion guard reads it as 0.  So: the evaluation graph
# (x -> y: evaluating x may evaluate y; "needed" as above), every cycle of it
# with a needed edge ("dangerous"), and the expressions that can reach one
# ("kept": their cases are always evaluated, as isaspec does).  Every other
# expression has one value wherever it is evaluated, so the decoder leaves
# it for when it is needed.  tests/ir3/test_ir3.c test_lookups computes the
# same and compares.
case_field_maps = [{fields_out[k][0]: k for k in range(first, first + nf)} for fe, ft, first, nf, am, av in cases_out]


def case_fields(ci):
    return case_field_maps[ci]


def has_override(b):
    return any(cases_out[ci][0] >= 0 for ci in bitset_cases(b))


under = {b['name']: [c for c in bitsets if any(d is b for d in chain(c))] for b in bitsets}
# per root: the bitsets with a field of it, and the field
holders = {r: [] for r in roots}
for q in bitsets:
    for ci in bitset_cases(q):
        for k in range(cases_out[ci][2], cases_out[ci][2] + cases_out[ci][3]):
            if fields_out[k][3] == 'BITSET':
                holders[roots[fields_out[k][4]]].append((q, fields_out[k]))
nexpr = len(expr_list)
ev_any = [set() for _ in range(nexpr)]
ev_needed = [set() for _ in range(nexpr)]


def looks_up(cb, nm):
    """Whether a lookup of nm evaluates cb's cases: cb has overrides (all of
    them are evaluated), or one of its cases has a field nm."""
    if has_override(cb):
        return True
    return any(nm in case_fields(ci) for ci in bitset_cases(cb))


def lookup_edges(x, b, nm, seen):
    if (b['name'], nm) in seen:
        return
    seen.add((b['name'], nm))
    for cb in chain(b):
        if not looks_up(cb, nm):
            continue
        for ci in bitset_cases(cb):
            fe = cases_out[ci][0]
            cf = case_fields(ci)
            # the expression being evaluated takes its own case as true
            if fe >= 0 and fe != x:
                ev_any[x].add(fe)
                if nm in cf:
                    ev_needed[x].add(fe)
            if nm not in cf:
                continue
            fx = fields_out[cf[nm]][5]
            if fx >= 0:
                ev_any[x].add(fx)
                ev_needed[x].add(fx)
            if fe < 0 or fe == x:
                return  # found, whatever else holds
    # not in the chain: the scopes around it, through the params (a name no
    # param passes is not looked up outside, as isaspec's resolve_field)
    for q, fo in holders[b['root']]:
        outer = None
        for pn, pa in params_out[fo[6]:fo[6] + fo[7]]:
            if pa == nm:
                outer = pn
        if outer is None:
            continue
        for pb in under[q['name']]:
            lookup_edges(x, pb, outer, seen)


for b in bitsets:
    for cb in chain(b):
        for ci in bitset_cases(cb):
            xs = [cases_out[ci][0]] if cases_out[ci][0] >= 0 else []
            xs += [fields_out[k][5] for k in range(cases_out[ci][2], cases_out[ci][2] + cases_out[ci][3])
                   if fields_out[k][5] >= 0]
            for x in xs:
                seen = set()
                for op, arg in expr_list[x][1]:
                    if op == 'FIELD':
                        lookup_edges(x, b, arg, seen)
reach = [set(ev_any[x]) for x in range(nexpr)]
for k in range(nexpr):
    for i in range(nexpr):
        if k in reach[i]:
            reach[i] |= reach[k]
dangerous = set()
for x in range(nexpr):
    for y in ev_needed[x]:
        if x == y or x in reach[y]:
            dangerous |= {x, y}
kept = {x for x in range(nexpr) if x in dangerous or reach[x] & dangerous}

# The lookup index: from each bitset, where a name's lookup ends when
# nothing has to be evaluated for it: the first case of the chain with the
# name, when it has no expression and no case before it has a kept
# expression (-1: no case has the name, and none of the walk's cases a kept
# expression); -2: the decoder walks.  Per bitset, an entry for each name of
# its chain, and one for every other name (they all end alike); written out
# for every name id, so that a lookup is one read (gk_ir3_lookup[bs][name]).
lookup_rows = []
for b in bitsets:
    ch = chain(b)
    cnames = set()
    for cb in ch:
        for ci in bitset_cases(cb):
            cnames |= set(case_fields(ci))
    ents = []
    for nm in sorted(cnames) + [None]:
        found = -1
        for cb in ch:
            if not looks_up(cb, nm):
                continue
            for ci in bitset_cases(cb):
                fe = cases_out[ci][0]
                cf = case_fields(ci)
                if fe >= 0 and (fe in kept or nm in cf):
                    found = -2
                    break
                if nm in cf:
                    found = cf[nm]
                    break
            if found != -1:
                break
        ents.append(found)
    rank = {nm: i for i, nm in enumerate(sorted(cnames))}
    lookup_rows.append((b['name'], [ents[rank.get(nm, -1)] for nm in range(len(names))]))


def cstr(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


o = []
w = o.append


def w_numbers(values, per_line=16, indent='\t', empty=False):
    """values as C initialiser lines, per_line a line; empty: a lone 0 when
    there are none (C has no empty arrays)"""
    for i in range(0, len(values), per_line):
        w('%s%s' % (indent, ' '.join('%d,' % x for x in values[i:i + per_line])))
    if empty and not values:
        w('%s0,' % indent)
# which Mesa commit the description is from: the first full commit hash its
# README.txt names (both reference folders have one)
commit = '(unknown commit)'
version = None
try:
    with open(os.path.join(XML_DIR, 'README.txt')) as rf:
        readme = rf.read()
        mc = re.search(r'\b[0-9a-f]{40}\b', readme)
        if mc:
            commit = mc.group(0)[:12]
        mv = re.search(r'VERSION file says ([0-9][0-9.a-z-]*[0-9a-z])', readme)
        if mv:
            version = mv.group(1)
except OSError:
    pass
w('/* ir3 instruction tables, generated by scripts/gen_ir3.py from Mesa\'s isaspec XML')
if commit == 'acba08b58f11':
    w(' * (src/freedreno/isa/ir3*.xml at acba08b58f11, MIT; seed 002 is its cat6 part).  Do not edit:')
elif version:
    w(' * (src/freedreno/isa/ir3*.xml of Mesa %s, imported at %s, MIT; a3xx..a8xx).  Do not edit:' % (
        version, commit))
else:
    w(' * (src/freedreno/isa/ir3*.xml at %s, MIT; a3xx..a7xx).  Do not edit:' % commit)
w(' * change the generator (python3 scripts/gen_ir3.py [XML_DIR [OUT_DIR [NAME]]]).  Data only;')
w(' * src/isa/ir3/ir3.c walks it.')
w(' *')
w(' * Format (types in ir3_tab.h):')
w(' *   gk_ir3_names[]      field names; an id is an index (0 is {NAME}, the mnemonic)')
w(' *   gk_ir3_enums[]      per enum a table sized by 1 << (widest field using it), filled with')
w(' *                       designated initializers, so a missing value is an explicit NULL')
w(' *   gk_ir3_exprs[]      C-like expressions as stack programs (gk_ir3_ops[]); per expression what')
w(' *                       it implies when assumed true or false (gk_ir3_assumes[]) and, for derived')
w(' *                       fields, how to get the source fields back from a value (inv)')
w(' *   gk_ir3_bitsets[]    one per <bitset>: parent, root, size, leaf?, a display without {NAME}?,')
w(' *                       merged generation range, its cases, merged match/mask/don\'t-care,')
w(' *                       whether a case has an expression, the set of its cases\' field names,')
w(' *                       the cases the assembler reads it by (gk_ir3_variant_cases[]: the')
w(' *                       cases with a display it can use, then the overrides without one that')
w(' *                       lend it fields)')
w(' *   gk_ir3_cases[]      overrides in document order, then the default case: expression (-1:')
w(' *                       always), display template (-1: none), fields, asserted bits, the set of')
w(' *                       its fields\' names (bit i: name id i)')
w(' *   gk_ir3_fields[]     name, bit range, type, enum or bitset root, derived expression,')
w(' *                       params passed to a nested bitset, bool display, encoder default, its case')
w(' *   gk_ir3_lookup[][]   per bitset and name id, the field a lookup of the name from it finds')
w(' *                       when no case expression decides (-1: none; -2: the cases are walked)')
w(' *   gk_ir3_tpls[]       display templates as literal / field segments (gk_ir3_segs[]); whether')
w(' *                       one shows {NAME}, and its literals longer than one character')
w(' *                       (gk_ir3_tpl_lits[]: segment indices)')
w(' *   gk_ir3_roots[]      each root bitset with the leaves that can match under it, for big roots')
w(' *                       grouped by key bits (decode) and by their names\' first two characters')
w(' *                       (encode)')
w(' */')
if NAME:
    w('#define IR3_COUNTS "%s"' % COUNTS_H)
w('#include "ir3_tab.h"')
w('')
w('const char *const gk_ir3_names[IR3_NNAMES] = {')
for i, n in enumerate(names):
    w('\t[%d] = %s,' % (i, cstr(n)))
w('};')
w('')
for e in enum_order:
    wd = enum_width[e]
    w('static const char *const enum_%s[%d] = {' % (e[1:].replace('-', '_'), 1 << wd))
    for v, d in enums[e]:
        if v < (1 << wd):
            w('\t[%d] = %s,' % (v, cstr(d)))
    w('};')
# Per enum, its values by their name's first character, for the assembler:
# by_first[first[c] .. first[c + 1]) are the values whose name starts with
# character c (c = 0: the empty name), each group in value order.
for e in enum_order:
    wd = enum_width[e]
    table = {}
    for v, d in enums[e]:
        if v < (1 << wd):
            table[v] = d
    assert len(table) <= 64, 'enum %s: more names than the assembler takes as candidates' % e
    assert all(ord(ch) < 128 for d in table.values() for ch in d), e
    order = sorted(table, key=lambda v: (ord(table[v][0]) if table[v] else 0, v))
    first = [0]
    for ch in range(128):
        first.append(first[-1] + sum(1 for v in table if (ord(table[v][0]) if table[v] else 0) == ch))
    c = e[1:].replace('-', '_')
    w('static const uint16_t enum_%s_by_first[] = { %s };' % (c, ', '.join(str(v) for v in order) or '0'))
    w('static const uint16_t enum_%s_first[129] = { %s };' % (c, ', '.join(str(x) for x in first)))
w('const struct ir3_enum gk_ir3_enums[IR3_NENUMS] = {')
for e in enum_order:
    c = e[1:].replace('-', '_')
    w('\t{ %s, enum_%s, %d, enum_%s_first, enum_%s_by_first },' % (cstr(e), c, 1 << enum_width[e], c, c))
w('};')
w('')
w('const struct ir3_op gk_ir3_ops[] = {')
op_start = []
n = 0
for text, ops, inv, ta, fa in expr_list:
    op_start.append(n)
    w('\t/* %d: %s */' % (len(op_start) - 1, text.replace('*/', '* /')))
    for op, arg in ops + [('END', 0)]:
        w('\t{ IR3_OP_%s, %dull },' % (op, arg))
        n += 1
w('};')
w('')
assumes = []
w('const struct ir3_assume gk_ir3_assumes[] = {')
as_start = []
for text, ops, inv, ta, fa in expr_list:
    s = len(assumes)
    for nm, v in ta + fa:
        assumes.append(1)
        w('\t{ %d, %dull },' % (nid(nm), v))
    as_start.append((s, len(ta), len(fa)))
if not assumes:
    w('\t{ 0, 0 },')
w('};')
w('')
w('const struct ir3_expr gk_ir3_exprs[IR3_NEXPRS] = {')
for i, (text, ops, inv, ta, fa) in enumerate(expr_list):
    k, a, bb, kk, nn = inv
    s, nt, nf = as_start[i]
    w('\t{ %d, { IR3_INV_%s, %d, %d, %d, %d }, %d, %d, %d, %d },' % (
        op_start[i], k, nid(a) if a else 0, nid(bb) if bb else 0, kk, nn, s, nt, nf, i in kept))
w('};')
w('')
w('const struct ir3_seg gk_ir3_segs[] = {')
for k, v in segs:
    if k == 'LIT':
        w('\t{ -1, %d, %s },' % (len(v), cstr(v)))
    else:
        w('\t{ %d, 0, NULL },' % v)
w('};')
# Per template, for the assembler's quick test of a text against it: whether
# it shows {NAME}, and its literals longer than one character, in order
# (gk_ir3_tpl_lits[]: segment indices), which the text must hold in that
# order.
tpl_lits = []
w('const struct ir3_tpl gk_ir3_tpls[IR3_NTPLS] = {')
for s, c in tpls:
    lits = [i for i in range(s, s + c) if segs[i][0] == 'LIT' and len(segs[i][1]) > 1]
    has_name = any(segs[i] == ('FIELD', 0) for i in range(s, s + c))
    w('\t{ %d, %d, %d, %d, %d },' % (s, c, len(tpl_lits), len(lits), has_name))
    tpl_lits.extend(lits)
w('};')
w('const uint16_t gk_ir3_tpl_lits[] = {')
w_numbers(tpl_lits)
w('};')
w('')
w('const struct ir3_param gk_ir3_params[] = {')
for a, b2 in params_out or [(0, 0)]:
    w('\t{ %d, %d },' % (a, b2))
w('};')
w('')
# A field is "plain" when ir3.c's display prints it, records it and proves
# it in one step whatever its value (see display there): raw bits, shown as
# a number, a one-bit bool or an enum name no two values share (a shared
# name reads back as the first value: ir3.c shows).  Wider bools (0/1 read
# back from more bits), offsets (a lone 0 prints nothing), branches (labels),
# floats and nested bitsets are not.
def enum_has_dup(ref):
    e = enum_order[ref]
    seen = set()
    for v, d in enums[e]:
        if v < (1 << enum_width[e]):
            if d in seen:
                return True
            seen.add(d)
    return False


def plain(lo, hi, t, ref, ex):
    if ex != -1:
        return 0
    if t in ('UINT', 'HEX', 'INT'):
        return 1
    if t in ('BOOL', 'BOOL_INV'):
        return int(lo == hi)
    if t == 'ENUM':
        return int(not enum_has_dup(ref))
    return 0


w('const struct ir3_field gk_ir3_fields[IR3_NFIELDS] = {')
for (nm, lo, hi, t, ref, ex, fp, np_, disp, force, ci) in fields_out:
    w('\t{ %d, %d, %d, IR3_T_%s, %d, %d, %d, %d, %s, %d, %d, %d, %d }, /* %s */' % (
        nm, lo, hi, t, ref, ex, fp, np_, cstr(disp) if disp is not None else 'NULL',
        force is not None, force or 0, ci, plain(lo, hi, t, ref, ex), names[nm]))
w('};')
w('')
w('const struct ir3_case gk_ir3_cases[IR3_NCASES] = {')
for fe, ft, first, nf, am, av in cases_out:
    held = 0
    for fo in fields_out[first:first + nf]:
        held |= 1 << fo[0]
    w('\t{ %d, %d, %d, %d, 0x%xull, 0x%xull, { %s } },' % (
        fe, ft, first, nf, am, av, ', '.join('0x%xull' % (held >> (64 * i) & ((1 << 64) - 1))
                                             for i in range((len(names) + 63) // 64))))
w('};')
w('')
# Per bitset and way the assembler reads it (its variants, in the order and
# number ir3.c's variants() makes them: display k = i / (nf + 1) of the
# first 8, override i % (nf + 1) - 1 of the first 4 without a display, at
# most 24), the steps that build its word from the text's values: the
# asserted bits of each case it applies (the chosen ones; a default case's
# when the display comes from another bitset of the chain), and each raw
# field of a case it sees that is what a lookup of its name finds there
# (efind in ir3.c: the chain leaf first, in each bitset the chosen display's
# case, the chosen override and the default case).  Written as
# gk_ir3_build_steps[]: a field index, or -(case + 1) for a case's asserts.
plan_start = []
build_steps = []


def scope_sees(cb, c, cas, fo):
    return c == cas or c in fo or c == cb['first_case'] + cb['ncases'] - 1


def scope_finds(b, cas, fo, nm):
    for cb in chain(b):
        for c in bitset_cases(cb):
            if not scope_sees(cb, c, cas, fo):
                continue
            first, nf = cases_out[c][2], cases_out[c][3]
            for k in range(first, first + nf):
                if fields_out[k][0] == nm:
                    return k
    return None


for b in bitsets:
    b['plan'] = len(plan_start)
    for i in range(nvariants(b)):
        cas, fo = variant_of(b, i)
        plan_start.append(len(build_steps))
        for cb in chain(b):
            owner = cas in bitset_cases(cb)
            for c in bitset_cases(cb):
                if not scope_sees(cb, c, cas, fo):
                    continue
                fe, ft, first, nfl, am, av = cases_out[c]
                if am and (c == cas or c in fo or not owner):
                    build_steps.append(-(c + 1))
                for k in range(first, first + nfl):
                    if fields_out[k][5] < 0 and fields_out[k][3] != 'BITSET' and \
                            scope_finds(b, cas, fo, fields_out[k][0]) == k:
                        build_steps.append(k)
plan_start.append(len(build_steps))
assert len(fields_out) < 32768 and len(cases_out) < 32768

# Per bitset and variant as above, for the assembler's test that a nested
# scope would fail at the first segment of its display (first_literal_misses
# in ir3.c): the number of assignments its assumptions make when none of
# them can fail -- with no override without a display, a display starting
# with a literal, and each assumption setting a distinct raw field that the
# lookup index finds in the bitset (so a fresh scope has not set it) --
# else -1.
lookup_of = {bn: row for bn, row in lookup_rows}
quick_miss = []
for b in bitsets:
    disp = variant_cases[b['disp']:b['disp'] + b['ndisp']]
    nf = b['nfos']
    row = lookup_of[b['name']]
    for i in range(nvariants(b)):
        q = -1
        if not nf and b['enc_when'] < 0:
            ts, tc = tpls[cases_out[disp[i]][1]]
            if tc and segs[ts][0] == 'LIT':
                seen = []
                for j in range(i + 1):
                    ex = cases_out[disp[j]][0]
                    if ex < 0:
                        continue
                    for nm, v in expr_list[ex][3] if j == i else expr_list[ex][4]:
                        k = row[nid(nm)]
                        if k < 0 or fields_out[k][5] >= 0 or len(seen) >= 8 or nid(nm) in seen:
                            seen = None
                            break
                        seen.append(nid(nm))
                    if seen is None:
                        break
                if seen is not None:
                    q = len(seen)
        quick_miss.append(q)
assert len(quick_miss) == len(plan_start) - 1

w('const struct ir3_bitset gk_ir3_bitsets[IR3_NBITSETS] = {')
for b in bitsets:
    held = 0
    overrides = 0
    for fe, ft, first, nf, am, av in cases_out[b['first_case']:b['first_case'] + b['ncases']]:
        overrides |= fe >= 0
        for fo in fields_out[first:first + nf]:
            held |= 1 << fo[0]
    w('\t{ %s, %d, %d, %d, %d, %d, %d, %d, %d, %d, 0x%016xull, 0x%016xull, 0x%016xull, %d, { %s }, %d, %d, %d, %d, %d, 0x%xull, %d, %d, %d, %d },' % (
        cstr(b['name']), bs_index[b['extends']] if b['extends'] else -1, roots.index(b['root']),
        b['size_'], b['leaf'], int(b['nameless']), b['gmin'], b['gmax'], b['first_case'], b['ncases'],
        b['match'], b['mask'], b['dc'], overrides,
        ', '.join('0x%xull' % (held >> (64 * i) & ((1 << 64) - 1)) for i in range((len(names) + 63) // 64)),
        b['disp'], b['ndisp'], b['nfos'], b['combo'], b['ncombo'], b['chain_may'], b['forced'], b['nforced'],
        b['plan'], b['enc_when']))
w('};')
w('')
w('const uint8_t gk_ir3_fo_combos[] = {')
w_numbers(fo_combos)
w('};')
w('')
w('const uint32_t gk_ir3_plan_start[] = {')
w_numbers(plan_start)
w('};')
w('const int8_t gk_ir3_quick_miss[] = {')
w_numbers(quick_miss)
w('};')
w('const int16_t gk_ir3_build_steps[] = {')
w_numbers(build_steps, empty=True)
w('};')
w('')
w('const uint16_t gk_ir3_forced_fields[] = {')
w_numbers(forced_fields, empty=True)
w('};')
w('')
# ir3.c's display takes a field the index names as one of a default case
# (no override to be chosen or passed over: its plain fields need no case
# test); the index names one only so
for bn, row in lookup_rows:
    for k in row:
        assert k < 0 or cases_out[fields_out[k][10]][0] == -1, (bn, k)
w('const int16_t gk_ir3_lookup[IR3_NBITSETS][IR3_NNAMES] = {')
for bn, row in lookup_rows:
    w('\t{ /* %s */' % bn)
    w_numbers(row, 32, '\t\t')
    w('\t},')
w('};')
w('')
w('const uint16_t gk_ir3_variant_cases[] = {')
for b in bitsets:
    vc = variant_cases[b['disp']:b['disp'] + b['ndisp'] + b['nfos']]
    if vc:
        w('\t%s, /* %s */' % (', '.join(str(x) for x in vc), b['name']))
w('};')
w('')
lv = []
for r in roots:
    w('static const uint16_t leaves_%s[] = { %s };' % (
        r[1:].replace('-', '_'), ', '.join(str(x) for x in leaves[r])))
# Decode index: the leaves of a big root grouped by up to 10 bits, so that
# decode looks at one small group instead of every leaf.  A leaf goes into
# every group whose key its fixed bits allow (a key bit it does not fix puts
# it in both halves); the bits are chosen one at a time, each the one that
# makes the groups smallest (sum of their squares: the work of a scan).
# `leaves` keeps the XML order (the assembler tries leaves in it); the
# grouped copies only serve decode, where no two leaves match one word.
KEY_BITS_MAX = 10
key_bits = {}


def key_groups(r, bits):
    groups = [[] for _ in range(1 << len(bits))]
    for x in leaves[r]:
        for k in range(1 << len(bits)):
            if all(not (bitsets[x]['mask'] >> bit & 1) or (bitsets[x]['match'] >> bit & 1) == (k >> i & 1)
                   for i, bit in enumerate(bits)):
                groups[k].append(x)
    return groups


for r in roots:
    key_bits[r] = []
    if len(leaves[r]) < 16:
        continue
    cost = len(leaves[r]) ** 2
    while len(key_bits[r]) < KEY_BITS_MAX:
        best = None
        for bit in range(63, -1, -1):
            if bit in key_bits[r] or not any(bitsets[x]['mask'] >> bit & 1 for x in leaves[r]):
                continue
            c = sum(len(g) ** 2 for g in key_groups(r, key_bits[r] + [bit]))
            if best is None or c < best[0]:
                best = (c, bit)
        if best is None or best[0] >= cost:
            break
        cost = best[0]
        key_bits[r].append(best[1])

# Encode index: where the text names a leaf.  Positions in leaves[] (XML
# order) grouped by IR3_PAIR_HASH (ir3_tab.h) of the name's first two
# characters, so the assembler finds every leaf whose name occurs in the text
# by looking at each character pair of the text once.  Leaves with a display
# without {NAME}, or a name shorter than two characters, are tried whatever
# the text holds ("always").
PAIR_BUCKETS = 1024


def pair_hash(a, b):
    return (ord(a) * 31 + ord(b)) & (PAIR_BUCKETS - 1)


# Per leaf of an indexed root, a character pair every display the assembler
# can read it by holds inside one of its literals of two characters or more
# (which the text must hold verbatim): when the text has no such pair, none
# of its displays fits, and the assembler passes the leaf over with one test
# (mov's mova/mova1/cov/mov all hold "ov").  Of the pairs all its displays
# share, the one the fewest templates of the root hold; PAIR_BUCKETS: none.


def tpl_pairs(t):
    s, c = tpls[t]
    return {lit[j:j + 2] for k, lit in segs[s:s + c] if k == 'LIT' and len(lit) > 1 for j in range(len(lit) - 1)}


def leaf_need(r):
    disp_tpls = {x: [cases_out[ci][1] for ci in variant_cases[bitsets[x]['disp']:bitsets[x]['disp'] + bitsets[x]['ndisp']]]
                 for x in leaves[r]}
    freq = {}
    for t in sorted({t for ts in disp_tpls.values() for t in ts}):
        for pr in tpl_pairs(t):
            freq[pr] = freq.get(pr, 0) + 1
    need = []
    for x in leaves[r]:
        common = None
        for t in disp_tpls[x]:
            common = tpl_pairs(t) if common is None else common & tpl_pairs(t)
        best = min(common, key=lambda pr: (freq[pr], pr)) if common else None
        need.append(pair_hash(best[0], best[1]) if best else PAIR_BUCKETS)
    return need


nalways = {}
nshort = {}
for r in roots:
    c = r[1:].replace('-', '_')
    if key_bits[r]:
        groups = key_groups(r, key_bits[r])
        order = [x for g in groups for x in g]
        starts = [0]
        for g in groups:
            starts.append(starts[-1] + len(g))
    else:
        order = leaves[r]
    # what decode compares of each leaf it scans, in the order it scans
    # them (by_key's, or leaves'), side by side: a scan reads consecutive
    # entries instead of a bitset row per leaf
    w('static const struct ir3_scan scan_%s[] = {' % c)
    for x in order:
        b = bitsets[x]
        w('\t{ 0x%016xull, 0x%016xull, %d, %d, %d },' % (b['match'], b['mask'], b['gmin'], b['gmax'], x))
    w('};')
    if key_bits[r]:
        w('static const uint16_t by_key_%s[] = { %s };' % (c, ', '.join(str(x) for x in order)))
        w('static const uint16_t key_start_%s[] = { %s };' % (c, ', '.join(str(x) for x in starts)))
        # each bucket in name order, with each name's common prefix with the
        # one before it (pair_lcp): the assembler compares a run of names
        # sharing a long prefix (the atomic.* family) with the text once
        named = [(pair_hash(bitsets[x]['name'][0], bitsets[x]['name'][1]), bitsets[x]['name'], i)
                 for i, x in enumerate(leaves[r]) if len(bitsets[x]['name']) >= 2]
        always = [i for i, x in enumerate(leaves[r]) if len(bitsets[x]['name']) < 2 or bitsets[x]['nameless']]
        named.sort()
        pstarts = [0]
        for h in range(PAIR_BUCKETS):
            pstarts.append(pstarts[-1] + sum(1 for k, _, _ in named if k == h))
        lcp = []
        for j, (h, nm, _) in enumerate(named):
            p = 0
            if j and named[j - 1][0] == h:
                prev = named[j - 1][1]
                while p < len(nm) and p < len(prev) and nm[p] == prev[p]:
                    p += 1
            lcp.append(p)
        assert max(lcp or [0]) < 256
        w('static const uint16_t by_pair_%s[] = { %s };' % (c, ', '.join(str(i) for _, _, i in named)))
        w('static const char *const pair_name_%s[] = { %s };' % (c, ', '.join(cstr(nm) for _, nm, _ in named)))
        w('static const uint8_t pair_lcp_%s[] = { %s };' % (c, ', '.join(str(x) for x in lcp)))
        w('static const uint16_t pair_start_%s[%d] = { %s };' % (c, PAIR_BUCKETS + 1,
                                                                  ', '.join(str(x) for x in pstarts)))
        w('static const uint16_t always_%s[] = { %s };' % (c, ', '.join(str(i) for i in always) or '0'))
        nalways[r] = len(always)
        w('static const uint16_t need_pair_%s[] = { %s };' % (c, ', '.join(str(h) for h in leaf_need(r))))
        # the same leaves as a set of positions (IR3_MAX_LEAVES bits), and
        # those of them whose name the pair index cannot find (shorter than
        # two characters), which the assembler looks for with strstr
        nwords = (max(len(v) for v in leaves.values()) + 63) // 64
        words = [sum(1 << (i % 64) for i in always if i // 64 == k) for k in range(nwords)]
        w('static const uint64_t always_set_%s[%d] = { %s };' % (c, nwords, ', '.join('0x%xull' % x for x in words)))
        short = [i for i in always if len(bitsets[leaves[r][i]]['name']) < 2]
        w('static const uint16_t short_name_%s[] = { %s };' % (c, ', '.join(str(i) for i in short) or '0'))
        nshort[r] = len(short)
w('const struct ir3_root gk_ir3_roots[IR3_NROOTS] = {')
for r in roots:
    c = r[1:].replace('-', '_')
    if key_bits[r]:
        w('\t{ %d, leaves_%s, %d, %d, { %s }, by_key_%s, key_start_%s, by_pair_%s, pair_start_%s, always_%s, %d,'
          ' need_pair_%s, always_set_%s, short_name_%s, %d, pair_name_%s, pair_lcp_%s, scan_%s },' % (
            bs_index[r], c, len(leaves[r]), len(key_bits[r]), ', '.join(str(b) for b in key_bits[r]), c, c, c, c,
            c, nalways[r], c, c, c, nshort[r], c, c, c))
    else:
        w('\t{ %d, leaves_%s, %d, 0, { 0 }, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, 0, NULL, NULL,'
          ' scan_%s },' % (bs_index[r], c, len(leaves[r]), c))
w('};')
w('const int gk_ir3_root_instruction = %d;' % roots.index('#instruction'))

# ---- encode: the characters a nested operand's variant can start with ----
# Per bitset and variant as the plans, for the assembler's rejection of a
# nested operand's variant before it is opened (cannot_start in ir3.c): the
# characters (1..127) its display can start with -- each segment's first
# characters up to the first that cannot read nothing: a literal's or the
# name's first, a bool's display (none: 0 and 1), digits ('-' for int and
# branch, a-f for hex), an offset's sign, an enum's names and digits (its
# number, the second pass), a nested operand's every variant, of any
# generation; a float, or a display that may read nothing, any character.
# A name the variant's own cases do not hold (a param: the operand's (r)
# flag lives in the instruction) adds nothing here: ir3.c follows it itself
# when the text's character is not in the set, and that test is exact
# whatever this set says; the set only spares it where it cannot succeed.
# Written once per distinct set (gk_ir3_start_sets[], four 32-bit words of
# character bits) and per variant its set (gk_ir3_start_of[]).
START_ALL = ((1 << 128) - 1) & ~1
START_DIGITS = sum(1 << ord(ch) for ch in '0123456789')


def start_bits(text):
    return sum(1 << ord(ch) for ch in text if 0 < ord(ch) < 128)


start_root_memo = {}


def start_of_root(r):
    if r in start_root_memo:
        return start_root_memo[r]
    start_root_memo[r] = START_ALL  # a root inside itself: anything
    st = 0
    for li in leaves[r]:
        lb = bitsets[li]
        for i in range(nvariants(lb)):
            st |= start_of_variant(lb, i)
    start_root_memo[r] = st
    return st


def start_of_variant(b, i):
    cas, fo = variant_of(b, i)
    ft = cases_out[cas][1]
    if ft < 0:
        return START_ALL
    ts, tc = tpls[ft]
    st = 0
    for kind, v in segs[ts:ts + tc]:
        if kind == 'LIT':
            if v:
                return st | start_bits(v[0])
            continue
        if v == 0:
            if b['name']:
                return st | start_bits(b['name'][0])
            continue
        k = scope_finds(b, cas, fo, v)
        if k is None:
            continue  # a param: ir3.c follows it
        t, ref, disp = fields_out[k][3], fields_out[k][4], fields_out[k][8]
        if t in ('BOOL', 'BOOL_INV'):
            if disp is None:
                return st | start_bits('01')
            st |= start_bits(disp[:1])
            continue
        if t == 'UINT':
            return st | START_DIGITS
        if t == 'HEX':
            return st | START_DIGITS | start_bits('abcdef')
        if t in ('INT', 'BRANCH'):
            return st | START_DIGITS | start_bits('-')
        if t in ('OFFSET', 'UOFFSET'):
            st |= start_bits('+-')
            continue
        if t == 'ENUM':
            e = enum_order[ref]
            named = [d for val, d in enums[e] if val < (1 << enum_width[e])]
            st |= START_DIGITS | start_bits(''.join(d[:1] for d in named))
            if any(not d for d in named):
                continue
            return st
        if t == 'BITSET':
            return st | start_of_root(roots[ref])
        return START_ALL
    return START_ALL


start_sets = []
start_index = {}
start_of = []
for b in bitsets:
    for i in range(nvariants(b)):
        st = start_of_variant(b, i)
        if st not in start_index:
            start_index[st] = len(start_sets)
            start_sets.append(st)
        start_of.append(start_index[st])
assert len(start_of) == len(plan_start) - 1 and len(start_sets) < 65536
w('')
w('const uint32_t gk_ir3_start_sets[][4] = {')
for st in start_sets:
    w('\t{ %s },' % ', '.join('0x%08xu' % (st >> (32 * i) & 0xffffffff) for i in range(4)))
w('};')
w('const uint16_t gk_ir3_start_of[] = {')
w_numbers(start_of)
w('};')

hdr = []
hdr.append('#define IR3_NNAMES %d' % len(names))
hdr.append('#define IR3_NENUMS %d' % len(enum_order))
hdr.append('#define IR3_NEXPRS %d' % len(expr_list))
hdr.append('#define IR3_NTPLS %d' % len(tpls))
hdr.append('#define IR3_NFIELDS %d' % len(fields_out))
hdr.append('#define IR3_NCASES %d' % len(cases_out))
hdr.append('#define IR3_NBITSETS %d' % len(bitsets))
hdr.append('#define IR3_NROOTS %d' % len(roots))
hdr.append('#define IR3_NSEGS %d' % len(segs))
hdr.append('#define IR3_MAX_LEAVES %d' % max(len(v) for v in leaves.values()))
TABLE_SYMBOLS = ['names', 'enums', 'ops', 'assumes', 'exprs', 'segs', 'tpls', 'tpl_lits', 'params', 'fields', 'cases',
                 'bitsets', 'variant_cases', 'fo_combos', 'lookup', 'forced_fields', 'plan_start', 'build_steps',
                 'quick_miss', 'roots', 'root_instruction', 'start_sets', 'start_of']
if NAME:
    # one library holds both descriptions: ir3_tab.h declares gk_ir3_X,
    # which in this description's files is gk_ir3_NAME_X
    hdr.append('/* this description\'s tables are gk_ir3_%s_* */' % NAME)
    for sym in TABLE_SYMBOLS:
        hdr.append('#define gk_ir3_%s gk_ir3_%s_%s' % (sym, NAME, sym))
hdr.append('/* the expressions as C (%s, included by ir3.c only) */' % EXPR_INC)
hdr.append('#define IR3_EXPR_INC "%s"' % EXPR_INC)


def expr_code(i, ops):
    """Expression i as a C function: the stack program of gk_ir3_ops[] run
    at generation time into one statement per op, each value a variable (s0,
    s1, ...: the stack slot it would occupy, so the order of the field reads
    -- and so of their lookups, caches and warnings -- is the program's, and
    every operand is read, && and || included, as ir3.c's interpreter
    does).  Same int64 arithmetic as eval_interpret."""
    body, sp, depth = [], 0, 0
    bin_c = {'MUL': '(int64_t)((uint64_t)%(x)s * (uint64_t)%(y)s)',
             'DIV': '(%(y)s && !(%(x)s == INT64_MIN && %(y)s == -1) ? %(x)s / %(y)s : 0)',
             'MOD': '(%(y)s && !(%(x)s == INT64_MIN && %(y)s == -1) ? %(x)s %% %(y)s : 0)',
             'ADD': '(int64_t)((uint64_t)%(x)s + (uint64_t)%(y)s)',
             'SUB': '(int64_t)((uint64_t)%(x)s - (uint64_t)%(y)s)',
             'SHL': '((uint64_t)%(y)s < 64 ? (int64_t)((uint64_t)%(x)s << %(y)s) : 0)',
             'SHR': '((uint64_t)%(y)s < 64 ? %(x)s >> %(y)s : (%(x)s < 0 ? -1 : 0))',
             'LT': '(%(x)s < %(y)s)', 'LE': '(%(x)s <= %(y)s)', 'GT': '(%(x)s > %(y)s)', 'GE': '(%(x)s >= %(y)s)',
             'EQ': '(%(x)s == %(y)s)', 'NE': '(%(x)s != %(y)s)', 'BAND': '(%(x)s & %(y)s)',
             'BXOR': '(%(x)s ^ %(y)s)', 'BOR': '(%(x)s | %(y)s)', 'LAND': '(%(x)s && %(y)s)',
             'LOR': '(%(x)s || %(y)s)'}
    for op, arg in ops:
        if op in ('CONST', 'FIELD', 'GPU_ID'):
            if op == 'CONST':
                v = '(int64_t)%dull' % arg
            elif op == 'FIELD':
                v = '(int64_t)field_value(sc, %d /* %s */)' % (arg, names[arg])
            else:
                v = '(int64_t)sc->st->gpu'
            body.append('s%d = %s;' % (sp, v))
            sp += 1
        elif op in ('NOT', 'NEG', 'BNOT'):
            a = 's%d' % (sp - 1)
            body.append('%s = %s;' % (a, {'NOT': '!%s', 'NEG': '(int64_t)(0 - (uint64_t)%s)',
                                          'BNOT': '(int64_t)~(uint64_t)%s'}[op] % a))
        elif op == 'COND':
            sp -= 2
            body.append('s%d = s%d ? s%d : s%d;' % (sp - 1, sp - 1, sp, sp + 1))
        else:
            sp -= 1
            body.append('s%d = %s;' % (sp - 1, bin_c[op] % {'x': 's%d' % (sp - 1), 'y': 's%d' % sp}))
        assert sp >= 1
        depth = max(depth, sp)
    # the interpreter's stack holds 32: none comes near
    assert sp == 1 and depth <= 32, ops
    decl = 'int64_t %s;' % ', '.join('s%d' % k for k in range(depth))
    return ['static uint64_t ir3_expr_%d(const struct dscope *sc)' % i, '{', '\t' + decl] + \
        ['\t' + b for b in body] + ['\t(void)sc;', '\treturn (uint64_t)s0;', '}']


x = ['/* ir3 expressions of %s as C, generated by scripts/gen_ir3.py with its tables' % TAB_C,
     ' * (gk_ir3_ops[] holds the same programs).  Do not edit.  Included by',
     ' * src/isa/ir3/ir3.c after field_value(): expression i is ir3_expr_code[i]. */', '']
for i, (text, ops, inv, ta, fa) in enumerate(expr_list):
    x.append('/* %d: %s */' % (i, text.replace('*/', '* /')))
    x += expr_code(i, ops)
    x.append('')
x.append('static uint64_t (*const ir3_expr_code[IR3_NEXPRS])(const struct dscope *sc) = {')
for i in range(len(expr_list)):
    x.append('\tir3_expr_%d,' % i)
x.append('};')
with open(os.path.join(OUT_DIR, EXPR_INC), 'w') as f:
    f.write('\n'.join(x) + '\n')
with open(os.path.join(OUT_DIR, TAB_C), 'w') as f:
    f.write('\n'.join(o) + '\n')
with open(os.path.join(OUT_DIR, COUNTS_H), 'w') as f:
    f.write('/* Table sizes of %s, written by scripts/gen_ir3.py. */\n' % TAB_C)
    f.write('\n'.join(hdr) + '\n')
for b in bitsets:
    if b['leaf'] and not b['name'].startswith('#') and children[b['name']]:
        print('note: concrete bitset with children: ' + b['name'], file=sys.stderr)
print('%d bitsets, %d leaves under #instruction, %d expressions, %d fields' % (
    len(bitsets), len(leaves['#instruction']), len(expr_list), len(fields_out)), file=sys.stderr)

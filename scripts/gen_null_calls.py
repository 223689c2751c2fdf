#!/usr/bin/env python3
"""Writes tests/core/null_calls.h: for every function the public headers
(include/gfxkit/*.h) declare, calls with NULL for each pointer argument and
with extreme values (SIZE_MAX, UINT64_MAX, INT_MAX, INT_MIN, ...) for each
integer argument.  tests/core/test_null_safety.c holds the valid objects
(fixtures) the calls use for the arguments they do not make extreme and runs
them (--fork: each function in a child process of its own).

    python3 scripts/gen_null_calls.py            # rewrite the file
    python3 scripts/gen_null_calls.py --check    # exit 1 when it is stale

The output is committed; the build never runs this script.  tests/cli/
test_null_coverage.sh fails when the library exports a function of the
headers that the table lacks, and says to rerun this script.

The cases of a function f(p1, ..., pk):
  null      every pointer NULL, every integer 0
  nullmax   every pointer NULL, every integer at its extreme
  ptr i     argument i NULL, the others valid (fixtures, TEXTS, SANE or 0)
  int j     integer j at each extreme, the others valid
  len       a buffer length 0 and 1, with its buffer valid
  strings   every const char * "" and then 70,000 characters long
  allmax    every integer at its extreme, the pointers valid
  valid     every argument valid (a destroy call ends its fixture)
A length that follows a buffer pointer (data, n) is made extreme only with
that pointer NULL: a caller who passes a short buffer with a long length
breaks the contract in a way no function can detect; so does an index
into a caller's array the call is not given the length of (UNCHECKABLE,
which the header must say).

A pointer to a type without a fixture below must be a struct the headers
define (it gets zeroed memory); an opaque type without one stops the
script: add its fixture to test_null_safety.c and to FIXTURES here.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'tests', 'core', 'null_calls.h')

# extreme values of each integer type (the first one is the one the cases
# that make every integer extreme use)
INTS = {
    'size_t': ['SIZE_MAX', 'SIZE_MAX - 1', 'SIZE_MAX / 2 + 1'],
    'uint64_t': ['UINT64_MAX', 'UINT64_MAX - 1', 'UINT64_MAX / 2 + 1'],
    'int64_t': ['INT64_MAX', 'INT64_MIN', '-1'],
    'uint32_t': ['UINT32_MAX', 'UINT32_MAX / 2 + 1'],
    'uint16_t': ['UINT16_MAX'],
    'uint8_t': ['UINT8_MAX'],
    'int32_t': ['INT32_MAX', 'INT32_MIN', '-1'],
    'int16_t': ['INT16_MAX', 'INT16_MIN', '-1'],
    'int8_t': ['INT8_MAX', 'INT8_MIN', '-1'],
    'unsigned long': ['ULONG_MAX'],
    'long long': ['LLONG_MAX', 'LLONG_MIN', '-1'],
    'unsigned long long': ['ULLONG_MAX'],
    'unsigned': ['UINT_MAX', 'UINT_MAX / 2 + 1'],
    'int': ['INT_MAX', 'INT_MIN', '-1'],
    'long': ['LONG_MAX', 'LONG_MIN', '-1'],
    'bool': ['true'],
}

# pointer types with a valid object made by test_null_safety.c: the C
# expression that gives it (FX_SLOT(k): zeroed memory of argument k)
FIXTURES = {
    'struct gk_mem': 'fx_mem()',
    'struct gk_engine': 'fx_engine()',
    'struct gk_engine_asm': 'fx_engine_asm()',
    'struct gk_asm': 'fx_asm()',
    'struct gk_exec': 'fx_exec()',
    'struct gk_input': 'fx_input()',
    'struct gk_format': 'fx_format()',
    'struct gk_packet': 'fx_packet()',
    'struct gk_unit': 'fx_unit()',
    'struct gk_check_state': 'fx_check_state()',
    'struct gk_out': 'fx_out()',
    'struct gk_png': 'fx_png()',
    'struct gk_tile_params': 'fx_tile_params()',
    'struct gk_tile_surface': 'fx_tile_surface()',
    'struct gk_tile_band': 'fx_tile_band()',
    'struct gk_amdgpu_gen': 'fx_amdgpu_gen()',
    'struct gk_amdgpu_asm': 'fx_amdgpu_asm()',
    'struct gk_amdgpu_syms': 'fx_amdgpu_syms()',
    'struct gk_amdgpu_insn': 'fx_amdgpu_insn()',
    'struct gk_ir3_insn': 'fx_ir3_insn()',
    'struct gk_reg_table': 'fx_reg_table()',
    'struct gk_reg': 'fx_reg()',
    'struct gk_reg_field': 'fx_reg_field()',
    'struct gk_field': 'fx_field()',
    'struct gk_enum': 'fx_enum()',
    'struct gk_lint_regs': 'fx_lint_regs()',
    'struct gk_lint': 'fx_lint()',
    'struct gk_adreno_summary': 'fx_adreno_summary()',
    'struct gk_gunzip': 'fx_gunzip()',
    'struct gk_bytes': 'fx_bytes()',
    'struct gk_modifier': 'fx_modifier()',
    'char': 'FX_STR',            # const char *: a NUL-terminated name or text
    'uint32_t': 'fx_words()',    # const uint32_t *: a PM4 packet's words
}
# the number of elements the fixture of a const buffer has
FIXTURE_LEN = {
    'char': 'FX_STR_LEN',
    'uint32_t': 'FX_NWORDS',
    'void': 'FX_DATA_LEN',
}
# (function, argument) -> the valid value, where the argument's type does
# not say what the function reads through it
OVERRIDES = {
    ('gk_free', 'p'): 'fx_malloc()',
    ('gk_read_stdio', 'file'): 'fx_file()',
    ('gk_read_bytes', 'bytes'): 'fx_bytes()',
    ('gk_gunzip_read', 'gunzip'): 'fx_gunzip()',
    ('gk_mem_reader', 'mem'): 'fx_mem()',
    ('gk_membuf_write', 'ctx'): 'fx_membuf()',
    ('gk_diags_add', 'fmt'): '"x"',
}
# integer arguments (by name, any function) whose 0 would end most calls at
# their first check: a valid value instead, so the other arguments' cases
# reach further
SANE = {
    'gpu_id': '630',           # Adreno 630 (ir3)
    'unit_bytes': '4',
    'bpp': '32',
    'width': '16',
    'height': '16',
    'slices': '1',
    'gfx': '9',
    'mode': 'GK_TILE_1D',
}
# (function, integer argument) -> why it takes no extreme value: the call
# cannot check it, and the header says so
UNCHECKABLE = {
    ('gk_field_present', 'i'): "an index into the caller's fields array, whose length the call is not given",
}
# (function, const char * argument) -> a text the function accepts, so the
# valid cases reach past the first lookup (an unknown name ends most calls
# there); a length that follows it is its strlen.  Other strings are FX_STR.
TEXTS = {
    ('gk_buffer_run', 'engine'): '"pm4"',
    ('gk_engine_reg_lookup', 'engine'): 'fx_engine()',
    ('gk_buffer_run', 'fmt'): '"bin"',
    ('gk_buffer_encode', 'engine'): '"pm4"',
    ('gk_buffer_encode', 'text'): '"NOP\\n    DATA_BLOCK 0x00000000\\n"',
    ('gk_engine_open', 'name'): '"pm4"',
    ('gk_engine_gpu_help', 'name'): '"pm4"',
    ('gk_engine_describe_unit', 'name'): '"SET_CONTEXT_REG"',
    ('gk_engine_asm_line', 'line'): '"NOP"',
    ('gk_engine_asm_text', 'text'): '"NOP\\n    DATA_BLOCK 0x00000000\\n"',
    ('gk_asm_line', 'line'): '"NOP"',
    ('gk_amdgpu_asm_line', 'line'): '"s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)"',
    ('gk_sendmsg_parse', 'line'): '"sendmsg(MSG_GS_DONE, GS_OP_NOP)"',
    ('gk_amdgpu_expr', 'line'): '"(1 << 4) + 2"',
    ('gk_ir3_encode', 'text'): '"nop"',
    ('gk_ir3_gpu', 'name'): '"a630"',
    ('gk_modifier_parse', 's'): '"0x0200000000000a01"',
    ('gk_modifier_field', 'name'): '"TILE"',
    ('gk_parse_uint', 's'): '"0x1000"',
    ('gk_in_format_parse', 'name'): '"hex"',
    ('gk_lint_select_parse', 'list'): '"2.2"',
    ('gk_tile_params_from_chip', 'chip'): '"bonaire"',
    ('gk_exec_set_reg', 'name'): '"PA_SC_SCREEN_SCISSOR_TL"',
    ('gk_packet_field', 'name'): '"DATA_BLOCK"',
    ('gk_unit_field', 'name'): '"DATA_BLOCK"',
    ('gk_format_find', 'name'): '"NOP"',
    ('gk_reg_by_name', 'name'): '"PA_SC_SCREEN_SCISSOR_TL"',
}
# callbacks: the typedef (or the inline declaration's text) -> a function
CALLBACKS = {
    'gk_diag_fn': 'fx_diag_cb',
    'gk_emit_fn': 'fx_emit_cb',
    'gk_read_fn': 'fx_read_cb',
    'gk_reg_lookup_fn': 'fx_reg_lookup_cb',
    'gk_write_fn': 'fx_write_cb',
    'int (*)(void *ctx, uint64_t value)': 'fx_enum_cb',
    'int (*)(void *ctx, const void *p, size_t n)': 'fx_write_cb',
    'void (*)(void *ctx, void *data, size_t size)': 'fx_release_cb',
}
# what a function returns that the caller must end
DESTROY = {
    'struct gk_mem *': 'gk_mem_destroy',
    'struct gk_engine *': 'gk_engine_close',
    'struct gk_engine_asm *': 'gk_engine_asm_close',
    'struct gk_asm *': 'gk_asm_destroy',
    'struct gk_exec *': 'gk_exec_destroy',
    'struct gk_lint *': 'gk_lint_close',
    'struct gk_input *': 'gk_input_destroy',
    'struct gk_gunzip *': 'gk_gunzip_close',
    'struct gk_amdgpu_asm *': 'gk_amdgpu_asm_destroy',
}
# functions that end the life of their first argument
CONSUMES = re.compile(r'(_destroy|_close)$|^gk_free$')


def strip(s):
    s = re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)
    s = re.sub(r'//[^\n]*', ' ', s)
    return re.sub(r'^\s*#.*$', ' ', s, flags=re.M)


def split_args(a):
    parts, cur, depth = [], '', 0
    for ch in a:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            parts.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


class Arg:
    def __init__(self, text, index):
        self.text = ' '.join(text.split())
        self.index = index
        self.kind = None     # 'int', 'enum', 'ptr', 'fn', 'va'
        self.ctype = None    # the type as C spells it
        self.base = None     # pointers: the pointee without const
        self.const = False
        self.depth = 0       # pointer depth
        self.name = None
        self.pair = None     # an integer: the buffer pointer it is the length of
        t = self.text
        if t == '...':
            self.kind = 'va'
            return
        m = re.match(r'^(.*)\(\s*\*\s*(\w+)\s*\)\s*\((.*)\)$', t)
        if m:
            self.kind = 'fn'
            self.name = m.group(2)
            self.ctype = '%s(*)(%s)' % (m.group(1).strip(), m.group(3).strip())
            self.cbkey = '%s (*)(%s)' % (m.group(1).strip(), m.group(3).strip())
            return
        m = re.match(r'^(.*?)\s*(\w+)\s*(\[[^\]]*\])?$', t)
        if not m:
            sys.exit('gen_null_calls.py: cannot read argument "%s"' % t)
        ty, self.name, arr = m.group(1).strip(), m.group(2), m.group(3)
        if arr:
            ty += ' *'
        self.depth = ty.count('*')
        ty = ' '.join(ty.replace('*', ' * ').split())
        self.ctype = ty.replace(' *', '*')
        if ty in CALLBACKS:
            self.kind = 'fn'
            self.cbkey = ty
        elif self.depth:
            self.kind = 'ptr'
            words = ty.replace('*', '').split()
            self.const = words[0] == 'const'
            self.base = ' '.join(w for w in words if w != 'const')
        elif ty.startswith('enum '):
            self.kind = 'enum'
        elif ty in INTS:
            self.kind = 'int'
        else:
            sys.exit('gen_null_calls.py: no values for argument type "%s"' % ty)


class Func:
    def __init__(self, header, ret, name, args):
        self.header, self.ret, self.name = header, ret, name
        self.args = [Arg(a, i) for i, a in enumerate(args) if a != 'void']
        prev = None
        for a in self.args:
            if a.kind == 'int' and a.ctype != 'bool' and prev is not None and prev.kind == 'ptr' \
                    and prev.depth == 1 and is_buffer(prev):
                a.pair = prev
            prev = a


STRUCTS = set()   # struct types the headers define (complete)
OPAQUE = set()    # declared only


def is_buffer(p):
    """A pointer whose pointee count the next integer gives (not an object)."""
    if p.base in ('char', 'void', 'uint8_t', 'uint32_t', 'uint64_t'):
        return True
    return p.base.startswith('struct ') and p.base not in FIXTURES


def read_headers():
    funcs = []
    hdir = os.path.join(ROOT, 'include', 'gfxkit')
    for h in sorted(os.listdir(hdir)):
        if not h.endswith('.h'):
            continue
        s = strip(open(os.path.join(hdir, h)).read())
        for m in re.finditer(r'\bstruct\s+(gk_\w+)\s*\{', s):
            STRUCTS.add('struct ' + m.group(1))
        for m in re.finditer(r'\bstruct\s+(gk_\w+)\s*;', s):
            OPAQUE.add('struct ' + m.group(1))
        proto = re.compile(r'(?:(?<=[;{}])|^)\s*((?:static\s+inline\s+)?[A-Za-z_][\w\s\*]*?)\b(gk_\w+)\s*\(((?:[^()]|\([^()]*\))*)\)'
                           r'\s*(?:__attribute__\s*\(\(.*?\)\))?\s*([;{])', re.S | re.M)
        for m in proto.finditer(s):
            ret = ' '.join(m.group(1).split())
            if 'typedef' in ret or ret.startswith('return') or ret in ('', 'struct', 'enum'):
                continue
            if re.search(r'\b(struct|enum)$', ret):
                continue
            funcs.append(Func(h, ret, m.group(2), split_args(m.group(3))))
    seen = set()
    out = []
    for f in funcs:
        if f.name not in seen:
            seen.add(f.name)
            out.append(f)
    return sorted(out, key=lambda f: f.name)


def valid(f, a):
    """The C expression of a valid value of argument a."""
    if (f.name, a.name) in OVERRIDES:
        return OVERRIDES[(f.name, a.name)]
    if (f.name, a.name) in TEXTS:
        return TEXTS[(f.name, a.name)]
    if a.kind == 'fn':
        if a.cbkey not in CALLBACKS:
            sys.exit('gen_null_calls.py: %s: no callback for "%s"' % (f.name, a.text))
        return CALLBACKS[a.cbkey]
    if a.kind == 'ptr':
        if a.depth == 2:
            return '(%s)FX_SLOT(%d)' % (a.ctype, a.index)
        if a.base in FIXTURES and (a.base not in ('char', 'uint32_t') or a.const):
            return '(%s)%s' % (a.ctype, FIXTURES[a.base])
        if a.base in OPAQUE and a.base not in STRUCTS:
            sys.exit('gen_null_calls.py: %s: no fixture for the opaque %s: add one to '
                     'tests/core/test_null_safety.c and FIXTURES' % (f.name, a.base))
        return '(%s)FX_SLOT(%d)' % (a.ctype, a.index)
    return sane(f, a)


def sane(f, a):
    if a.kind == 'enum':
        return '(%s)0' % a.ctype
    if a.ctype == 'bool':
        return 'false'
    if a.name in SANE:
        return SANE[a.name]
    if a.pair is not None:
        p = a.pair
        if (f.name, p.name) in TEXTS:
            return '(%s)(sizeof %s - 1)' % (a.ctype, TEXTS[(f.name, p.name)])
        if p.const and p.base in FIXTURE_LEN and (f.name, p.name) not in OVERRIDES:
            return FIXTURE_LEN[p.base]
        if p.const and p.base.startswith('struct '):
            return '1'
        if p.base in ('char', 'void', 'uint8_t'):
            return '(%s)FX_SLOT_BYTES' % a.ctype
        return '(%s)(FX_SLOT_BYTES / sizeof(%s))' % (a.ctype, p.base)
    return '0'


def extremes(a):
    if a.kind == 'enum':
        return ['(%s)INT_MAX' % a.ctype, '(%s)-1' % a.ctype]
    return INTS[a.ctype]


def null_value(a):
    if a.kind == 'fn':
        return '(%s)NULL' % a.ctype
    return '(%s)NULL' % a.ctype


def call(f, vals):
    args = ', '.join(vals)
    if f.args and f.args[-1].kind == 'va':
        args = ', '.join(vals[:-1])
    return '%s(%s)' % (f.name, args)


def cases(f):
    """(label, values) of every case."""
    real = [a for a in f.args if a.kind != 'va']
    out = []
    if not real:
        return [('no arguments', [])]

    def vals(pick):
        return [pick(a) for a in f.args if a.kind != 'va'] + (['...'] if f.args[-1].kind == 'va' else [])

    ptrs = [a for a in real if a.kind in ('ptr', 'fn')]
    ints = [a for a in real if a.kind in ('int', 'enum') and (f.name, a.name) not in UNCHECKABLE]
    out.append(('every pointer NULL', vals(lambda a: null_value(a) if a in ptrs else
                                          ('false' if a.ctype == 'bool' else
                                           sane(f, a) if a not in ints else '(%s)0' % a.ctype))))
    if ints and ptrs:
        out.append(('every pointer NULL, integers at their extremes',
                    vals(lambda a: null_value(a) if a in ptrs else extremes(a)[0] if a in ints else sane(f, a))))
    for p in ptrs:
        out.append(('%s NULL' % p.name, vals(lambda a: null_value(a) if a is p else valid(f, a))))
    for i in ints:
        for x in extremes(i):
            out.append(('%s = %s' % (i.name, x),
                        vals(lambda a: x if a is i else
                             (null_value(a) if i.pair is a else valid(f, a)))))
    for i in ints:
        if i.pair is not None:
            for x in ('0', '1'):
                out.append(('%s = %s, %s valid' % (i.name, x, i.pair.name),
                            vals(lambda a: x if a is i else valid(f, a))))
    strs = [a for a in real if a.kind == 'ptr' and a.base == 'char' and a.const and a.depth == 1
            and (f.name, a.name) not in OVERRIDES]
    for t in [a for a in strs if (f.name, a.name) in TEXTS]:
        # each text alone empty and long, the others as the function wants them
        for label, text, length in (('empty', 'FX_EMPTY', '0'), ('long', 'fx_long()', 'FX_LONG_LEN')):
            out.append(('%s %s' % (t.name, label), vals(lambda a: '(%s)%s' % (a.ctype, text) if a is t else
                                                        length if a.pair is t else valid(f, a))))
    for label, text, length in (('every string empty', 'FX_EMPTY', '0'), ('every string long', 'fx_long()', 'FX_LONG_LEN')):
        if strs:
            out.append((label, vals(lambda a: '(%s)%s' % (a.ctype, text) if a in strs else
                                    length if a.pair is not None and a.pair in strs else valid(f, a))))
    if len(ints) > 1:
        out.append(('every integer at its extreme',
                    vals(lambda a: extremes(a)[0] if a in ints else sane(f, a) if a.kind in ('int', 'enum') else
                         (null_value(a) if any(i.pair is a for i in ints) else valid(f, a)))))
    out.append(('every argument valid', vals(lambda a: valid(f, a))))
    return out


def emit(funcs):
    L = []
    w = L.append
    w('/* Generated by scripts/gen_null_calls.py from the headers in include/gfxkit:')
    w(' * do not edit; rerun the script when a header changes.  For each public function,')
    w(' * calls with NULL for every pointer argument and extreme values for every')
    w(' * integer argument (see the script for the cases); tests/core/')
    w(' * test_null_safety.c supplies the fixtures (fx_*) and runs them. */')
    w('')
    for f in funcs:
        w('static void nc_%s(void)' % f.name)
        w('{')
        consumes = CONSUMES.search(f.name) is not None
        done = set()
        for label, v in cases(f):
            if tuple(v) in done:
                continue
            done.add(tuple(v))
            c = call(f, v)
            w('\tFX_CASE("%s");' % label.replace('"', '\\"'))
            ret = ' '.join(f.ret.replace('static', '').replace('inline', '').replace('*', ' * ').split())
            if ret in DESTROY:
                w('\t%s(%s);' % (DESTROY[ret], c))
            elif ret == 'const char *':
                w('\tfx_string(%s);' % c)
            elif ret == 'void':
                w('\t%s;' % c)
            else:
                w('\t(void)%s;' % c)
            for a, x in zip(f.args, v):
                if a.kind == 'ptr' and a.depth == 2 and not a.const and 'NULL' not in x:
                    w('\tfx_free_out(FX_SLOT(%d)); /* what the call allocated */' % a.index)
            if consumes and f.args and 'NULL' not in v[0]:
                w('\tfx_forget((const void *)%s);' % v[0])
            w('\tfx_end_case();')
        w('}')
        w('')
    w('static const struct nc_func {')
    w('\tconst char *name;')
    w('\tvoid (*run)(void);')
    w('} nc_funcs[] = {')
    for f in funcs:
        w('\t{ "%s", nc_%s },' % (f.name, f.name))
    w('};')
    return '\n'.join(L) + '\n'


def main():
    funcs = read_headers()
    text = emit(funcs)
    if '--check' in sys.argv[1:]:
        old = open(OUT).read() if os.path.exists(OUT) else ''
        if old != text:
            print('%s is stale: run python3 scripts/gen_null_calls.py' % os.path.relpath(OUT, ROOT))
            return 1
        return 0
    with open(OUT, 'w') as fp:
        fp.write(text)
    print('%s: %d functions' % (os.path.relpath(OUT, ROOT), len(funcs)))
    return 0


if __name__ == '__main__':
    sys.exit(main())

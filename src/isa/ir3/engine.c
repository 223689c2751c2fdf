/* Adreno ir3 as an engine: 64-bit instructions (two words, low first),
 * decoded to the text Mesa prints; what cannot be shown exactly stays raw. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/ir3.h"
#include "ir3_tab.h" /* gk_ir3_decode_with */

#include "engine_ops.h" /* src/core */
#include "unit_engine.h" /* src/core: the line assembler */
#include "out.h"        /* src/core */

/* Branch labels (decode --labels, which the CLI passes as "GPU+labels"):
 * a label line "lN:" goes before instruction N when some branch of the
 * stream targets it, and targets print as "#lN", as Mesa's disassembler
 * does with labels (its freedreno CI logs).  A label can come after the
 * branch to it, so the text of every unit is kept (text) and written at the
 * end of the stream (end), through the output text was given. */
struct ir3_unit_text {
	size_t pos, len; /* in text */
	uint64_t index;
};

/* A memo of words already decoded in this stream, by word, two-way:
 * decode is a function of the gpu id and the word, and real shader code
 * repeats its words (the a6xx words of Mesa's freedreno CI logs,
 * tests/vectors/ir3_mesa_ci_a6xx.hex: 4,725 words, 1,261 different ones),
 * so a repeated word takes its text from here instead of decoding it
 * again.  Only a result without diagnostics, without field records (JSON
 * asks for those) and with a short text is kept, so what a unit gets from
 * here is the whole of what decoding it would give.  2048 sets of two
 * slots of 96 bytes (384 KiB, allocated with the engine, its pages touched
 * as slots are used), a new word in the first slot and the one there
 * moved to the second: on the bench's 100k words 91 % of the words are
 * found, where 4096 slots of one found 81 % (the 1,261 words collide);
 * callgrind figures in docs/ir3.md. */
#define IR3_MEMO_BITS 11
#define IR3_MEMO_SLOTS (2u << IR3_MEMO_BITS)
#define IR3_MEMO_TEXT 61

struct ir3_memo {
	uint64_t word;
	const char *name; /* NULL: an empty slot (every kept result has a name) */
	uint64_t dontcare;
	int64_t branch;
	bool exact, has_branch;
	uint8_t len;
	char text[IR3_MEMO_TEXT];
};

struct ir3_engine {
	unsigned gpu_id;
	char gpu[32];
	struct gk_ir3_insn insn; /* the unit last decoded */
	/* Field records are read by JSON only: text and check do not, and
	 * they are a ninth of decode's instructions (callgrind, real a6xx
	 * code).  So units are decoded without them until JSON asks for a
	 * unit's (ir3_json decodes that one again with them), and with them
	 * from then on: a stream is printed one way throughout. */
	bool fields;             /* decode units with their field records */
	bool have_fields;        /* insn has them */
	uint64_t offset;
	bool labels;
	bool failed;             /* out of memory while keeping the text: written without labels */
	struct gk_out *o;        /* where text went */
	char *text;              /* the kept units' text */
	size_t len, cap;
	struct ir3_unit_text *units;
	size_t nunits, capunits;
	uint64_t *targets;       /* branch targets (instruction indexes) */
	size_t ntargets, captargets;
	struct ir3_memo *memo;   /* IR3_MEMO_SLOTS */
};

static void *ir3_open(const char *gpu)
{
	unsigned id;
	char name[32];
	bool labels = false;
	size_t n = gpu ? strlen(gpu) : 0;
	if (n > 7 && n < sizeof name && !strcmp(gpu + n - 7, "+labels")) {
		memcpy(name, gpu, n - 7);
		name[n - 7] = 0;
		gpu = name;
		labels = true;
	}
	if (gk_ir3_gpu(gpu, &id) != 0)
		return NULL;
	struct ir3_engine *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->memo = calloc(IR3_MEMO_SLOTS, sizeof *e->memo);
	if (!e->memo) {
		free(e);
		return NULL;
	}
	e->gpu_id = id;
	e->labels = labels;
	snprintf(e->gpu, sizeof e->gpu, "a%u%s", id & ~GK_IR3_MESA_2025, id & GK_IR3_MESA_2025 ? "@mesa-2025" : "");
	return e;
}

static void ir3_close(void *fam)
{
	struct ir3_engine *e = fam;
	free(e->text);
	free(e->units);
	free(e->targets);
	free(e->memo);
	free(e);
}

static void ir3_begin(void *fam, const struct gk_bo *bos, unsigned nbos)
{
	struct ir3_engine *e = fam;
	(void)bos;
	(void)nbos;
	e->len = e->nunits = e->ntargets = 0;
	e->failed = false;
	e->o = NULL;
}

/* grow *p (of *cap elements of size sz) to hold need; false when memory runs out */
static bool grow(void **p, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return true;
	size_t c = *cap ? *cap : 64;
	while (c < need)
		c *= 2;
	void *q = realloc(*p, c * sz);
	if (!q)
		return false;
	*p = q;
	*cap = c;
	return true;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* the kept text, each unit after its label line when a branch targets it */
static void ir3_end(void *fam, uint64_t end, struct gk_diags *dg)
{
	struct ir3_engine *e = fam;
	(void)end;
	(void)dg;
	if (!e->labels || !e->o)
		return;
	if (e->ntargets) /* qsort wants a pointer even for none */
		qsort(e->targets, e->ntargets, sizeof *e->targets, cmp_u64);
	for (size_t i = 0; i < e->nunits; i++) {
		const struct ir3_unit_text *u = &e->units[i];
		if (e->ntargets && bsearch(&u->index, e->targets, e->ntargets, sizeof *e->targets, cmp_u64))
			gk_out_printf(e->o, "l%" PRIu64 ":\n", u->index);
		gk_out_put(e->o, e->text + u->pos, u->len);
	}
	e->len = e->nunits = e->ntargets = 0;
	e->o = NULL;
}

static const char *ir3_gpu(const void *fam)
{
	return ((const struct ir3_engine *)fam)->gpu;
}

static void ir3_unit(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg)
{
	struct ir3_engine *e = fam;
	(void)len; /* the reader gives whole 8-byte units only */
	uint64_t word = n >= 2 ? (uint64_t)w[1] << 32 | w[0] : w[0];
	e->offset = offset;
	/* Fibonacci hashing: the top bits of word * 2^64/phi */
	struct ir3_memo *set = &e->memo[2 * ((word * 0x9e3779b97f4a7c15ull) >> (64 - IR3_MEMO_BITS))], *m = set;
	if (m->word != word)
		m++;
	if (!e->fields && m->name && m->word == word) {
		struct gk_ir3_insn *in = &e->insn;
		in->word = word;
		in->name = m->name;
		memcpy(in->text, m->text, m->len);
		in->text[m->len] = 0;
		in->dontcare = m->dontcare;
		in->exact = m->exact;
		in->nfields = 0;
		in->has_branch = m->has_branch;
		in->branch = m->branch;
		e->have_fields = false;
		return;
	}
	unsigned first = dg->n, dropped = dg->dropped;
	int rc = gk_ir3_decode_with(e->gpu_id, word, &e->insn, dg,
				    IR3_EXACT_PROVE_OR_REASSEMBLE | (e->fields ? 0 : IR3_DECODE_NO_FIELDS));
	e->have_fields = e->fields;
	size_t tn = strlen(e->insn.text);
	if (!e->fields && rc == 0 && e->insn.name && dg->n == first && dg->dropped == dropped &&
	    tn < IR3_MEMO_TEXT) {
		m = set;
		set[1] = set[0];
		*m = (struct ir3_memo){ word, e->insn.name, e->insn.dontcare, e->insn.branch,
					e->insn.exact, e->insn.has_branch, (uint8_t)tn, { 0 } };
		memcpy(m->text, e->insn.text, tn);
	}
	for (unsigned i = first; i < dg->n && i < GK_MAX_DIAGS; i++)
		dg->d[i].offset = offset; /* the decoder does not know where the word was */
}

static void ir3_text(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o)
{
	struct ir3_engine *e = fam;
	(void)raw_words; /* a raw word is already the line's first part when the text is not exact */
	if (!e->labels && e->insn.exact) {
		/* the line is the text (gk_ir3_line): written as it is, not
		 * copied into a line first (the decoder ends it within the array) */
		gk_out_hex(o, e->offset, 8);
		gk_out_str(o, ": ");
		gk_out_put(o, e->insn.text, strlen(e->insn.text));
		gk_out_ch(o, '\n');
		gk_text_diags(dg, o);
		return;
	}
	char line[GK_IR3_TEXT_MAX + 64];
	size_t n = gk_ir3_line(&e->insn, line, sizeof line);
	uint64_t index = e->offset / 8;
	if (e->labels && !e->failed && e->insn.exact && e->insn.has_branch)
		n = gk_ir3_label_text(e->gpu_id, &e->insn, index, line, sizeof line);
	if (e->labels && !e->failed) {
		/* kept for ir3_end: the line and its diagnostics */
		char buf[GK_IR3_TEXT_MAX * 2 + GK_MAX_DIAGS * 200];
		struct gk_out m = gk_out_text(buf, sizeof buf);
		gk_out_hex(&m, e->offset, 8);
		gk_out_str(&m, ": ");
		gk_out_put(&m, line, n < sizeof line ? n : sizeof line - 1);
		gk_out_ch(&m, '\n');
		gk_text_diags(dg, &m);
		size_t k = gk_out_text_end(&m);
		if (k > sizeof buf - 1)
			k = sizeof buf - 1; /* the diagnostics are capped per unit, so this does not happen */
		if (grow((void **)&e->text, &e->cap, e->len + k, 1) &&
		    grow((void **)&e->units, &e->capunits, e->nunits + 1, sizeof *e->units) &&
		    (!e->insn.has_branch ||
		     grow((void **)&e->targets, &e->captargets, e->ntargets + 1, sizeof *e->targets))) {
			memcpy(e->text + e->len, buf, k);
			e->units[e->nunits++] = (struct ir3_unit_text){ e->len, k, index };
			e->len += k;
			if (e->insn.has_branch)
				e->targets[e->ntargets++] = index + (uint64_t)e->insn.branch;
			e->o = o;
			return;
		}
		/* no memory: what is kept so far, then the rest as it comes */
		e->o = o;
		ir3_end(e, 0, NULL);
		e->failed = true;
		n = gk_ir3_line(&e->insn, line, sizeof line);
	}
	gk_out_hex(o, e->offset, 8);
	gk_out_str(o, ": ");
	gk_out_put(o, line, n < sizeof line ? n : sizeof line - 1);
	gk_out_ch(o, '\n');
	gk_text_diags(dg, o);
}

static void ir3_json(void *fam, const struct gk_diags *dg, unsigned flags, struct gk_out *o)
{
	struct ir3_engine *e = fam;
	char buf[8192];
	if (!e->have_fields) {
		/* the same result with the records (its diagnostics are in dg already) */
		gk_ir3_decode_with(e->gpu_id, e->insn.word, &e->insn, NULL, IR3_EXACT_PROVE_OR_REASSEMBLE);
		e->fields = e->have_fields = true;
	}
	size_t n = gk_ir3_json(&e->insn, dg, e->offset, flags, buf, sizeof buf);
	gk_out_put(o, buf, n);
	gk_out_ch(o, '\n');
}

/* ---- assembler: one instruction a line, as decode prints it (the
 * shared line assembler strips the "0xOFFSET:" and the ';' comment) ---- */

/* The assembler keeps every line until the end of the text, where the
 * labels are known: a line "NAME:" (after an optional "0xOFFSET:") names
 * the next instruction, "#NAME" in an instruction is its distance from
 * there (Mesa's branch operand).  "#lN" with no such label is instruction N
 * (what Mesa prints for a target no label line marks).  Then each line goes
 * to the line assembler as it was, a label line as an empty one (so line
 * numbers stay). */
struct ir3_asm {
	void *inner;
	gk_diag_fn diag;
	void *diag_ctx;
	unsigned errors;
	char *text; /* the lines, each ending in '\n' */
	size_t len, cap;
	size_t nlines;
	bool failed; /* out of memory */
	unsigned gpu_id;
	struct ir3_line_memo *memo; /* IR3_LINE_MEMO_SLOTS; NULL: none (no memory for it) */
};

/* A memo of the lines already assembled in this text, by the exact bytes
 * the line assembler gives ir3_parse (the instruction, without "0xOFFSET:",
 * comment and blanks at the ends, labels already resolved to "#N", the
 * distance Mesa prints, by ir3_asm_finish).  gk_ir3_encode is a function
 * of the gpu id and those bytes alone: no state between calls, no option
 * (ir3_parse always passes the same), no warning on success, and a branch
 * operand is relative, so the same text is the same word at any address.
 * Real assembly repeats its lines (the text of the 4,725 a6xx words of
 * tests/vectors/ir3_mesa_ci_a6xx.hex has 1,262 different lines: nop,
 * (rpt)nop, the same movs and mads), so a line found here is not assembled
 * again.  Only a success is kept: a line that fails is assembled every
 * time, so each gets its own message, column included.  1024 sets of
 * eight 72-byte slots (576 KiB, allocated with the assembler of one text,
 * its pages touched as slots are used), a new line in the first slot and
 * the others moved down one: two ways of 2048 sets missed 10,942 of the
 * bench's 100,567 lines (its 4,725 lines over and over evict each other
 * where three share a set), eight ways miss only the 1,262 first sights.
 * Lines longer than 59 characters (9 of the CI-log text's 4,752) are not
 * kept.  Callgrind figures in docs/ir3.md (Encode, fourth round). */
#define IR3_LINE_MEMO_BITS 10
#define IR3_LINE_MEMO_WAYS 8
#define IR3_LINE_MEMO_SLOTS (IR3_LINE_MEMO_WAYS << IR3_LINE_MEMO_BITS)
#define IR3_LINE_MEMO_TEXT 59

struct ir3_line_memo {
	uint64_t word;
	uint32_t tag; /* the hash's low bits: most slots of the set are passed over on it */
	uint8_t len;  /* 0: an empty slot (the line assembler gives no empty text) */
	char text[IR3_LINE_MEMO_TEXT];
};

/* FNV-1a over the text, then a Fibonacci multiply so that the set index
 * (the top bits) depends on every byte: a few instructions a byte, against
 * the thousands a line's assembly takes */
static uint64_t line_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return h * 0x9e3779b97f4a7c15ull;
}

static int ir3_parse(const void *as, const char *s, size_t n, uint64_t *v, struct gk_diag *err)
{
	const struct ir3_asm *a = as;
	struct ir3_line_memo *set = NULL;
	uint32_t tag = 0;
	if (a->memo && n && n <= IR3_LINE_MEMO_TEXT) {
		uint64_t h = line_hash(s, n);
		tag = (uint32_t)h;
		set = &a->memo[IR3_LINE_MEMO_WAYS * (h >> (64 - IR3_LINE_MEMO_BITS))];
		for (int k = 0; k < IR3_LINE_MEMO_WAYS && set[k].len; k++)
			if (set[k].tag == tag && set[k].len == n && !memcmp(set[k].text, s, n)) {
				*v = set[k].word;
				return 0;
			}
	}
	if (gk_ir3_encode(a->gpu_id, s, n, v, err) != 0) {
		err->packet = NULL;
		return -1;
	}
	if (set) {
		memmove(set + 1, set, (IR3_LINE_MEMO_WAYS - 1) * sizeof *set);
		set[0].word = *v;
		set[0].tag = tag;
		set[0].len = (uint8_t)n;
		memcpy(set[0].text, s, n);
	}
	return 0;
}

struct ir3_label {
	const char *name;
	size_t n;
	uint64_t index;
};

static void *ir3_asm_open(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	const struct ir3_engine *en = fam;
	struct ir3_asm *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->gpu_id = en->gpu_id;
	/* without memory for the memo every line is assembled: slower, the same words */
	a->memo = calloc(IR3_LINE_MEMO_SLOTS, sizeof *a->memo);
	a->inner = gk_line_asm_open(a, ir3_parse, ";", emit, emit_ctx, diag, diag_ctx);
	if (!a->inner) {
		free(a->memo);
		free(a);
		return NULL;
	}
	a->diag = diag;
	a->diag_ctx = diag_ctx;
	return a;
}

static void ir3_asm_line(void *as, const char *line, size_t len)
{
	struct ir3_asm *a = as;
	if (a->failed)
		return;
	/* a line's own newline is not part of it */
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	if (!grow((void **)&a->text, &a->cap, a->len + len + 1, 1)) {
		a->failed = true;
		return;
	}
	/* one line, whatever it holds: a newline inside becomes a blank (a
	 * copy, then a search for one: the CLI's lines have none) */
	memcpy(a->text + a->len, line, len);
	for (char *nl = memchr(a->text + a->len, '\n', len); nl; nl = memchr(nl, '\n', (size_t)(a->text + a->len + len - nl)))
		*nl = ' ';
	a->text[a->len + len] = '\n';
	a->len += len + 1;
	a->nlines++;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool label_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && ((c >= '0' && c <= '9') || c == '.'));
}

/* The instruction part of a line: past blanks and an "0xOFFSET:" prefix, up
 * to a ';' comment, without blanks at the ends. */
static void body(const char *s, size_t n, size_t *b, size_t *e)
{
	size_t i = 0;
	while (i < n && is_space(s[i]))
		i++;
	if (i + 2 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
		size_t j = i + 2;
		while (j < n && ((s[j] >= '0' && s[j] <= '9') || ((s[j] | 0x20) >= 'a' && (s[j] | 0x20) <= 'f')))
			j++;
		if (j > i + 2 && j < n && s[j] == ':') {
			i = j + 1;
			while (i < n && is_space(s[i]))
				i++;
		}
	}
	const char *semi = memchr(s + i, ';', n - i);
	size_t k = semi ? (size_t)(semi - s) : n;
	while (k > i && is_space(s[k - 1]))
		k--;
	*b = i;
	*e = k;
}

/* s[b, e) is "NAME:" */
static bool label_def(const char *s, size_t b, size_t e)
{
	if (e - b < 2 || s[e - 1] != ':' || !label_char(s[b], true))
		return false;
	for (size_t i = b + 1; i + 1 < e; i++)
		if (!label_char(s[i], false))
			return false;
	return true;
}

static void asm_error(struct ir3_asm *a, size_t line, size_t col, const char *msg, const char *name, size_t n)
{
	struct gk_diag d;
	memset(&d, 0, sizeof d);
	d.severity = GK_ERROR;
	d.code = GK_D_SYNTAX;
	d.dw = d.lo = d.hi = -1;
	d.line = (uint32_t)line;
	d.col = (uint32_t)col;
	snprintf(d.message, sizeof d.message, "%s '%.*s'", msg, (int)(n < 64 ? n : 64), name);
	a->errors++;
	if (a->diag)
		a->diag(a->diag_ctx, &d);
}

static unsigned ir3_asm_finish(void *as)
{
	struct ir3_asm *a = as;
	if (a->failed) {
		asm_error(a, 0, 0, "out of memory keeping the text for its labels", "", 0);
		return a->errors + gk_line_asm_finish(a->inner);
	}
	/* the labels and the index of the instruction each names */
	struct ir3_label *labels = NULL;
	size_t nl = 0, capl = 0;
	uint64_t index = 0;
	size_t lineno = 0;
	for (size_t p = 0; p < a->len;) {
		const char *s = a->text + p;
		size_t n = (size_t)((const char *)memchr(s, '\n', a->len - p) - s), b, e;
		lineno++;
		body(s, n, &b, &e);
		if (label_def(s, b, e)) {
			bool dup = false;
			for (size_t i = 0; i < nl && !dup; i++)
				dup = labels[i].n == e - 1 - b && !memcmp(labels[i].name, s + b, e - 1 - b);
			if (dup)
				asm_error(a, lineno, b + 1, "label defined again:", s + b, e - 1 - b);
			else if (grow((void **)&labels, &capl, nl + 1, sizeof *labels))
				labels[nl++] = (struct ir3_label){ s + b, e - 1 - b, index };
		} else if (e > b) {
			index++;
		}
		p += n + 1;
	}
	/* each line to the line assembler, labels resolved */
	char out[GK_IR3_TEXT_MAX * 2 + 64];
	index = 0;
	lineno = 0;
	for (size_t p = 0; p < a->len;) {
		const char *s = a->text + p;
		size_t n = (size_t)((const char *)memchr(s, '\n', a->len - p) - s), b, e;
		lineno++;
		p += n + 1;
		body(s, n, &b, &e);
		if (label_def(s, b, e)) {
			gk_line_asm_line(a->inner, "", 0);
			continue;
		}
		if (e == b) {
			gk_line_asm_line(a->inner, s, n);
			continue;
		}
		if (n + 24 <= sizeof out && !memchr(s + b, '#', e - b)) {
			/* no label operand: the line as the copy below would give it
			 * (the most lines; the copy was a fifth of this function's
			 * cost on the bench text) */
			index++;
			gk_line_asm_line(a->inner, s, n);
			continue;
		}
		size_t o = 0;
		bool bad = false;
		for (size_t i = 0; i < n && o + 24 < sizeof out; i++) {
			if (i >= b && i < e && s[i] == '#' && i + 1 < e && label_char(s[i + 1], true)) {
				size_t j = i + 1;
				while (j < e && label_char(s[j], false))
					j++;
				int64_t target = -1;
				for (size_t k = 0; k < nl && target < 0; k++)
					if (labels[k].n == j - i - 1 && !memcmp(labels[k].name, s + i + 1, j - i - 1))
						target = (int64_t)labels[k].index;
				if (target < 0 && s[i + 1] == 'l' && j - i - 2 > 0 && j - i - 2 < 10) {
					/* "#lN" without a label line: instruction N */
					int64_t v = 0;
					size_t k = i + 2;
					while (k < j && s[k] >= '0' && s[k] <= '9')
						v = v * 10 + (s[k++] - '0');
					if (k == j)
						target = v;
				}
				if (target < 0) {
					asm_error(a, lineno, i + 1, "no label", s + i + 1, j - i - 1);
					bad = true;
					break;
				}
				o += (size_t)snprintf(out + o, sizeof out - o, "#%" PRId64, target - (int64_t)index);
				i = j - 1;
				continue;
			}
			out[o++] = s[i];
		}
		index++;
		if (bad)
			gk_line_asm_line(a->inner, "", 0); /* told; keeps the line count */
		else
			gk_line_asm_line(a->inner, out, o);
	}
	free(labels);
	return a->errors + gk_line_asm_finish(a->inner);
}

static void ir3_asm_close(void *as)
{
	struct ir3_asm *a = as;
	if (!a)
		return;
	gk_line_asm_close(a->inner);
	free(a->text);
	free(a->memo);
	free(a);
}

/* Each encoding: its 64 bits from bit 63 (0/1 fixed, x don't care, . a field), name, generations. */
static void ir3_list(void *fam, struct gk_out *o)
{
	struct ir3_engine *e = fam;
	size_t n = gk_ir3_encodings(e->gpu_id, NULL, 0);
	struct gk_ir3_encoding *enc = malloc((n ? n : 1) * sizeof *enc);
	if (!enc)
		return;
	n = gk_ir3_encodings(e->gpu_id, enc, n);
	for (size_t i = 0; i < n; i++) {
		char pat[80];
		unsigned k = 0;
		for (int b = 63; b >= 0; b--) {
			uint64_t m = 1ull << b;
			pat[k++] = (enc[i].mask & m) ? ((enc[i].match & m) ? '1' : '0') : (enc[i].dontcare & m) ? 'x' : '.';
			if (b && b % 8 == 0)
				pat[k++] = '_';
		}
		pat[k] = 0;
		gk_out_printf(o, "%s  %-20s gen %u..%u\n", pat, enc[i].name, enc[i].gen_min,
			      enc[i].gen_max > 9999 ? 9999 : enc[i].gen_max);
	}
	free(enc);
}

/* GK_UNIT_ENGINE_OPS with begin and end, for labels */
const struct gk_engine_ops gk_ir3_engine_ops = {
	.name = "ir3", .gpu_help = gk_ir3_gpu_help, .unit_bytes = 8, .open = ir3_open, .close = ir3_close,
	.gpu_name = ir3_gpu, .begin = ir3_begin, .unit = ir3_unit, .text = ir3_text, .json = ir3_json,
	.end = ir3_end, .asm_open = ir3_asm_open, .asm_line = ir3_asm_line, .asm_finish = ir3_asm_finish,
	.asm_close = ir3_asm_close, .list = ir3_list,
};

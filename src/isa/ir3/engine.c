/* Adreno ir3 as an engine: 64-bit instructions (two words, low first),
 * decoded to the text Mesa prints; what cannot be shown exactly stays raw. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/ir3.h"

#include "engine_ops.h" /* src/core */
#include "out.h"        /* src/core */

struct ir3_engine {
	unsigned gpu_id;
	char gpu[16];
	struct gk_ir3_insn insn; /* the unit last decoded */
	uint64_t offset;
};

static void *ir3_open(const char *gpu)
{
	unsigned id;
	if (gk_ir3_gpu(gpu, &id) != 0)
		return NULL;
	struct ir3_engine *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->gpu_id = id;
	snprintf(e->gpu, sizeof e->gpu, "a%u", id);
	return e;
}

static void ir3_close(void *fam)
{
	free(fam);
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
	unsigned first = dg->n;
	gk_ir3_decode(e->gpu_id, word, &e->insn, dg);
	e->offset = offset;
	for (unsigned i = first; i < dg->n && i < GK_MAX_DIAGS; i++)
		dg->d[i].offset = offset; /* the decoder does not know where the word was */
}

static void ir3_text(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o)
{
	struct ir3_engine *e = fam;
	(void)raw_words; /* a raw word is already the line's first part when the text is not exact */
	char line[GK_IR3_TEXT_MAX + 64];
	size_t n = gk_ir3_line(&e->insn, line, sizeof line);
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
	size_t n = gk_ir3_json(&e->insn, dg, e->offset, flags, buf, sizeof buf);
	gk_out_put(o, buf, n);
	gk_out_ch(o, '\n');
}

/* ---- assembler: one instruction a line, as decode prints it ---- */

struct ir3_asm {
	unsigned gpu_id;
	gk_emit_fn emit;
	void *emit_ctx;
	gk_diag_fn diag;
	void *diag_ctx;
	uint32_t line;
	unsigned errors;
};

static void *ir3_asm_open(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	struct ir3_engine *e = fam;
	struct ir3_asm *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->gpu_id = e->gpu_id;
	a->emit = emit;
	a->emit_ctx = emit_ctx;
	a->diag = diag;
	a->diag_ctx = diag_ctx;
	return a;
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* The instruction text of a line: without the "0xOFFSET:" decode prints in
 * front, a ';' comment or trailing blanks.  False for a line with none. */
static bool strip_line(const char *p, size_t n, size_t *s, size_t *e)
{
	size_t i = 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i + 2 < n && p[i] == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X')) {
		size_t j = i + 2;
		while (j < n && is_hex(p[j]))
			j++;
		if (j > i + 2 && j < n && p[j] == ':') {
			i = j + 1;
			while (i < n && (p[i] == ' ' || p[i] == '\t'))
				i++;
		}
	}
	size_t end = i;
	while (end < n && p[end] != ';')
		end++;
	while (end > i && (p[end - 1] == ' ' || p[end - 1] == '\t' || p[end - 1] == '\r'))
		end--;
	*s = i;
	*e = end;
	return end > i;
}

static void ir3_asm_line(void *as, const char *line, size_t len)
{
	struct ir3_asm *a = as;
	a->line++;
	size_t s, e;
	if (!strip_line(line, len, &s, &e))
		return;
	uint64_t w;
	struct gk_diag err;
	if (gk_ir3_encode(a->gpu_id, line + s, e - s, &w, &err) != 0) {
		a->errors++;
		err.line = a->line;
		err.col = (uint32_t)(s + (err.col ? err.col : 1));
		err.packet = NULL;
		if (a->diag)
			a->diag(a->diag_ctx, &err);
		return;
	}
	const uint32_t dw[2] = { (uint32_t)w, (uint32_t)(w >> 32) }; /* low word first */
	if (a->emit)
		a->emit(a->emit_ctx, dw, 2);
}

static unsigned ir3_asm_finish(void *as)
{
	return ((struct ir3_asm *)as)->errors;
}

static void ir3_asm_close(void *as)
{
	free(as);
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

const struct gk_engine_ops gk_ir3_engine_ops = {
	.name = "ir3",
	.gpu_help = gk_ir3_gpu_help,
	.unit_bytes = 8,
	.open = ir3_open,
	.close = ir3_close,
	.gpu_name = ir3_gpu,
	.format = NULL,
	.unit = ir3_unit,
	.text = ir3_text,
	.json = ir3_json,
	.asm_open = ir3_asm_open,
	.asm_line = ir3_asm_line,
	.asm_finish = ir3_asm_finish,
	.asm_close = ir3_asm_close,
	.list = ir3_list,
};

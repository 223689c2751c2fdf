/* Adreno ir3 as an engine: 64-bit instructions (two words, low first),
 * decoded to the text Mesa prints; what cannot be shown exactly stays raw. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/ir3.h"

#include "engine_ops.h" /* src/core */
#include "unit_engine.h" /* src/core: the line assembler */
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

/* ---- assembler: one instruction a line, as decode prints it (the
 * shared line assembler strips the "0xOFFSET:" and the ';' comment) ---- */

static int ir3_parse(const void *fam, const char *s, size_t n, uint64_t *v, struct gk_diag *err)
{
	const struct ir3_engine *e = fam;
	if (gk_ir3_encode(e->gpu_id, s, n, v, err) != 0) {
		err->packet = NULL;
		return -1;
	}
	return 0;
}

static void *ir3_asm_open(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	return gk_line_asm_open(fam, ir3_parse, ";", emit, emit_ctx, diag, diag_ctx);
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

const struct gk_engine_ops gk_ir3_engine_ops = GK_UNIT_ENGINE_OPS(ir3, gk_line_asm, "ir3", gk_ir3_gpu_help, 8, ir3_list);

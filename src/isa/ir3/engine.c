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

static void ir3_begin(void *fam, const struct gk_bo *bos, unsigned nbos)
{
	(void)fam; /* shader instructions touch no memory the stream describes */
	(void)bos;
	(void)nbos;
}

static size_t ir3_frame(void *fam, const uint32_t *w, size_t n)
{
	(void)fam;
	(void)w;
	(void)n;
	return 2;
}

static void ir3_unit(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg)
{
	struct ir3_engine *e = fam;
	(void)len; /* the reader gives whole 8-byte units only */
	uint64_t word = n >= 2 ? (uint64_t)w[1] << 32 | w[0] : w[0];
	gk_ir3_decode(e->gpu_id, word, &e->insn);
	e->offset = offset;
	unsigned nd = e->insn.ndiags < GK_IR3_MAX_DIAGS ? e->insn.ndiags : GK_IR3_MAX_DIAGS;
	for (unsigned i = 0; i < nd; i++)
		e->insn.diags[i].offset = offset; /* the decoder does not know where the word was */
	for (unsigned i = 0; i < nd && dg->n < GK_MAX_DIAGS; i++)
		dg->d[dg->n++] = e->insn.diags[i];
	dg->errors += e->insn.errors;
	dg->warnings += e->insn.warnings;
	dg->dropped += e->insn.errors + e->insn.warnings - dg->n;
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
	(void)dg; /* the instruction record holds them (same entries) */
	char buf[8192];
	size_t n = gk_ir3_json(&e->insn, e->offset, flags, buf, sizeof buf);
	gk_out_put(o, buf, n);
	gk_out_ch(o, '\n');
}

static void ir3_end(void *fam, uint64_t end, struct gk_diags *dg)
{
	(void)fam;
	(void)end;
	(void)dg;
}

const struct gk_engine_ops gk_ir3_engine_ops = {
	.name = "ir3",
	.gpu_help = gk_ir3_gpu_help,
	.unit_bytes = 8,
	.open = ir3_open,
	.close = ir3_close,
	.gpu_name = ir3_gpu,
	.format = NULL,
	.begin = ir3_begin,
	.frame = ir3_frame,
	.unit = ir3_unit,
	.text = ir3_text,
	.json = ir3_json,
	.end = ir3_end,
};

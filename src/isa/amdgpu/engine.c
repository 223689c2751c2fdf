/* AMDGPU instruction words as an engine: one 32-bit word a unit; s_sendmsg
 * and s_sendmsghalt decoded, every other word shown raw (.long). */
#include <stdlib.h>

#include "gfxkit/amdgpu.h"

#include "unit_engine.h" /* src/core */

struct amdgpu_engine {
	const struct gk_amdgpu_gen *gen;
	struct gk_amdgpu_insn insn; /* the unit last decoded */
};

static void *amdgpu_open(const char *gpu)
{
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(gpu);
	if (!g)
		return NULL;
	struct amdgpu_engine *a = calloc(1, sizeof *a);
	if (a)
		a->gen = g;
	return a;
}

static void amdgpu_close(void *fam)
{
	free(fam);
}

static const char *amdgpu_gpu(const void *fam)
{
	return gk_amdgpu_gen_name(((const struct amdgpu_engine *)fam)->gen);
}

static void amdgpu_unit(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg)
{
	struct amdgpu_engine *a = fam;
	(void)n;
	(void)len; /* always one whole word */
	gk_amdgpu_decode(a->gen, w[0], offset, &a->insn);
	gk_amdgpu_check(a->gen, &a->insn, dg);
}

static void amdgpu_text(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o)
{
	struct amdgpu_engine *a = fam;
	(void)raw_words; /* the word is the unit: .long shows it */
	gk_amdgpu_text_line(a->gen, &a->insn, dg, o);
}

static void amdgpu_json(void *fam, const struct gk_diags *dg, unsigned flags, struct gk_out *o)
{
	struct amdgpu_engine *a = fam;
	gk_amdgpu_json(a->gen, &a->insn, dg, flags, o);
}

static void *amdgpu_asm_open(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	struct amdgpu_engine *a = fam;
	return gk_amdgpu_asm_create(a->gen, emit, emit_ctx, diag, diag_ctx);
}

static void amdgpu_asm_line(void *as, const char *line, size_t len)
{
	gk_amdgpu_asm_line(as, line, len);
}

static unsigned amdgpu_asm_finish(void *as)
{
	return gk_amdgpu_asm_errors(as); /* every line is a whole unit */
}

static void amdgpu_asm_close(void *as)
{
	gk_amdgpu_asm_destroy(as);
}

const struct gk_engine_ops gk_amdgpu_engine_ops =
	GK_UNIT_ENGINE_OPS(amdgpu, amdgpu_asm, "amdgpu", gk_amdgpu_gpu_help, 4, NULL);

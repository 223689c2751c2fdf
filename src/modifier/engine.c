/* DRM format modifiers as an engine: a unit is one 64-bit value (8 bytes,
 * two words low first), decoded to the name that parses back to it
 * (gk_modifier_name_exact) and checked by gk_modifier_check. */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/modifier.h"

#include "out.h"         /* src/core */
#include "unit_engine.h" /* src/core */
#include "modifier_tab.h"

/* The GPUs -g names, with the TILE_VERSION their kernel driver writes
 * (amdgpu_display.c / amdgpu_dm_plane.c: GFX9 on gfx9, GFX10 on gfx10.1,
 * GFX10_RBPLUS on gfx10.3, GFX11, GFX12; seed 004: GFX6 on gfx6-8).  The
 * GPU selects what list shows; a value decodes and checks the same on every
 * GPU, since a modifier names its own TILE_VERSION. */
static const struct mod_gpu {
	const char *name;
	enum gk_mod_version version;
} gpus[] = {
	{ "gfx6", GK_MOD_GFX6 },   { "gfx7", GK_MOD_GFX6 },   { "gfx8", GK_MOD_GFX6 },
	{ "gfx9", GK_MOD_GFX9 },   { "gfx10", GK_MOD_GFX10 }, { "gfx10.3", GK_MOD_GFX10_RBPLUS },
	{ "gfx11", GK_MOD_GFX11 }, { "gfx12", GK_MOD_GFX12 },
};

static const char *modifier_gpu_help(void)
{
	return "gfx6, gfx7, gfx8, gfx9, gfx10, gfx10.3, gfx11, gfx12 (decoding is the same on every GPU; "
	       "list shows the GPU's TILE_VERSION)";
}

struct mod_engine {
	const struct mod_gpu *gpu;
	uint64_t value, offset; /* the unit last decoded */
};

static void *modifier_open(const char *gpu)
{
	for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (!strcmp(gpu, gpus[i].name)) {
			struct mod_engine *m = calloc(1, sizeof *m);
			if (m)
				m->gpu = &gpus[i];
			return m;
		}
	return NULL;
}

static void modifier_close(void *fam)
{
	free(fam);
}

static const char *modifier_gpu(const void *fam)
{
	return ((const struct mod_engine *)fam)->gpu->name;
}

static void modifier_unit(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg)
{
	struct mod_engine *m = fam;
	(void)len; /* the reader gives whole 8-byte units only */
	m->value = n >= 2 ? (uint64_t)w[1] << 32 | w[0] : w[0];
	m->offset = offset;
	unsigned first = dg->n;
	gk_modifier_check(m->value, dg);
	for (unsigned i = first; i < dg->n && i < GK_MAX_DIAGS; i++)
		dg->d[i].offset = offset; /* the check does not know where the value was */
}

/* A value's name (libdrm's where libdrm names it) and exact name (with
 * every set bit the name leaves out; equal to it unless lossy) */
struct names {
	char name[GK_MOD_NAME_MAX], exact[GK_MOD_NAME_MAX];
	size_t nl, el;
	bool lossy;
};

static size_t fitted(size_t n, size_t cap)
{
	return n < cap ? n : cap - 1;
}

static void names_of(uint64_t v, struct names *n)
{
	n->nl = fitted(gk_modifier_name(v, n->name, sizeof n->name), sizeof n->name);
	n->el = fitted(gk_modifier_name_exact(v, n->exact, sizeof n->exact), sizeof n->exact);
	n->lossy = n->nl != n->el || memcmp(n->name, n->exact, n->nl);
}

/* "0xOFFSET: NAME ; 0xVALUE" and a comment line with the fields and their
 * meanings (and libdrm's spelling when it leaves bits out): NAME is the
 * exact name, which the assembler reads back to the same value; n holds
 * the value's names (names_of: two walks of the value, done once a unit). */
static void unit_text(const struct mod_engine *m, const struct names *n, struct gk_out *o)
{
	char desc[1024];
	size_t dl = fitted(gk_modifier_describe(m->value, desc, sizeof desc), sizeof desc);
	gk_out_hex(o, m->offset, 8);
	gk_out_str(o, ": ");
	gk_out_put(o, n->exact, n->el);
	gk_out_str(o, " ; ");
	gk_out_hex(o, m->value, 16);
	gk_out_str(o, "\n    ; ");
	gk_out_put(o, desc, dl);
	if (n->lossy) {
		gk_out_str(o, "\n    ; libdrm name: ");
		gk_out_put(o, n->name, n->nl);
	}
	gk_out_ch(o, '\n');
}

static void modifier_text(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o)
{
	(void)raw_words; /* the value is on the line already */
	const struct mod_engine *m = fam;
	struct names n;
	names_of(m->value, &n);
	unit_text(m, &n, o);
	gk_text_diags(dg, o);
}

/* docs/json.md: the unit keys, "exact_name" when the name leaves bits out,
 * and "value" as the 16-digit hex string modifiers are written as. */
static void modifier_json(void *fam, const struct gk_diags *dg, unsigned flags, struct gk_out *o)
{
	struct mod_engine *m = fam;
	struct names n;
	names_of(m->value, &n);
	gk_out_str(o, "{\"offset\":");
	gk_json_uint(o, m->offset);
	gk_out_str(o, ",\"engine\":\"modifier\",\"name\":");
	gk_out_json_str(o, n.name, n.nl);
	if (n.lossy) {
		gk_out_str(o, ",\"exact_name\":");
		gk_out_json_str(o, n.exact, n.el);
	}
	gk_out_str(o, ",\"words\":[");
	gk_out_dec(o, (uint32_t)m->value);
	gk_out_ch(o, ',');
	gk_out_dec(o, m->value >> 32);
	gk_out_str(o, "],\"value\":\"");
	gk_out_hex(o, m->value, 16);
	gk_out_str(o, "\",\"fields\":");
	gk_mod_json_fields(m->value, 0, o);
	gk_out_str(o, ",\"enums\":");
	gk_mod_json_fields(m->value, 1, o);
	gk_json_diags(dg->d, dg->n < GK_MAX_DIAGS ? dg->n : GK_MAX_DIAGS, dg->dropped, o);
	if (flags & GK_JSON_TEXT) {
		char tb[2048];
		struct gk_out t = gk_out_text(tb, sizeof tb);
		unit_text(m, &n, &t); /* the names above: each is a walk of the value */
		size_t tl = fitted(gk_out_text_end(&t), sizeof tb);
		gk_out_str(o, ",\"text\":");
		gk_out_json_str(o, tb, tl && tb[tl - 1] == '\n' ? tl - 1 : tl);
	}
	gk_out_str(o, "}\n");
}

/* ---- assembler: a value a line, as decode prints it ---- */

static int parse_value(const void *fam, const char *s, size_t n, uint64_t *v, struct gk_diag *err)
{
	(void)fam; /* every GPU reads every name */
	struct gk_diags dg;
	gk_diags_reset(&dg);
	if (gk_modifier_parse(s, n, v, &dg) != 0) {
		if (dg.n)
			*err = dg.d[0];
		return -1;
	}
	return 0;
}

static void *modifier_asm_open(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	return gk_line_asm_open(fam, parse_value, ";#", emit, emit_ctx, diag, diag_ctx);
}

/* ---- list: the fields of the GPU's TILE_VERSION, and their values ---- */

static void modifier_list(void *fam, struct gk_out *o)
{
	const struct mod_engine *m = fam;
	unsigned ver = m->gpu->version;
	const struct gk_mod_verdesc *vd = &gk_mod_versions[ver];
	for (unsigned i = 0; i < gk_mod_nfields; i++) {
		const struct gk_mod_field *mf = &gk_mod_fields[i];
		if (mf->f.gens && !(mf->f.gens >> ver & 1))
			continue;
		uint64_t mask = (uint64_t)gk_field_mask(&mf->f, 1) << 32 | gk_field_mask(&mf->f, 0);
		unsigned lo = (unsigned)__builtin_ctzll(mask), hi = 63u - (unsigned)__builtin_clzll(mask);
		gk_out_printf(o, "%2u:%-2u %-24s", hi, lo, mf->f.name);
		if (i == GK_MOD_IX_TILE_VERSION) {
			gk_out_printf(o, " %u=%s", ver, vd->name);
		} else if (mf->f.kind == GK_FLAG) {
			gk_out_str(o, " flag");
		} else {
			const struct gk_enum *en = mf->show == GK_MS_TILE ? vd->tiles : mf->f.enm;
			unsigned shown = 0;
			for (uint64_t x = 0; en && x < (1ull << en->nbits); x++) {
				const char *nm = gk_enum_name(en, x);
				if (nm)
					gk_out_printf(o, "%s%llu=%s", shown++ ? "," : " ", (unsigned long long)x, nm);
			}
			if (!shown)
				gk_out_str(o, " number");
		}
		gk_out_ch(o, '\n');
	}
	gk_out_printf(o, "reserved 0x%016llx (must be zero on %s)\n", (unsigned long long)vd->reserved, vd->name);
}

const struct gk_engine_ops gk_modifier_engine_ops =
	GK_UNIT_ENGINE_OPS(modifier, gk_line_asm, "modifier", modifier_gpu_help, 8, modifier_list);

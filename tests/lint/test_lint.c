/* Lint rules ("Radeon Evergreen/Northern Islands Acceleration" §2-§8):
 * for each rule a register state that follows it (no diagnostic at all)
 * and one that breaks it (a diagnostic naming the rule, its section and
 * the register), on every generation it applies to; a correct draw and the
 * §3.2 compute example lint clean; the table's names all resolve. */
#include "evergreen_compute_s.h"
#include "testlib.h"

#include "gfxkit/desc.h"
#include "gfxkit/exec.h"
#include "gfxkit/lint.h"
#include "gfxkit/regdb.h"
#include "gfxkit/unit.h"
#include "lint/lint_rules.h"

/* ---- a register map: the test's gk_lint_regs ---- */
struct map {
	uint32_t val[0x10000];
	uint8_t w[0x10000];
};

static int map_get(void *ctx, uint32_t addr, uint32_t *v)
{
	struct map *m = ctx;
	if (addr >= 0x40000 || !m->w[addr >> 2])
		return 0;
	*v = m->val[addr >> 2];
	return 1;
}

/* The register's field, or its index-0 sibling's (the tables give an
 * indexed family's layout once). */
static const struct gk_reg_field *field_of(const struct gk_format *fmt, const char *reg, const char *field)
{
	const struct gk_reg *r = gk_reg_by_name(fmt->regs, reg, strlen(reg));
	const struct gk_reg_field *f = r ? gk_reg_field_by_name(r, field, strlen(field)) : NULL;
	if (f || !r)
		return f;
	char sib[64];
	size_t k = 0, p = 0;
	while (reg[p] && (reg[p] < '0' || reg[p] > '9') && k < 60)
		sib[k++] = reg[p++];
	sib[k++] = '0';
	while (reg[p] >= '0' && reg[p] <= '9')
		p++;
	while (reg[p] && k < 62)
		sib[k++] = reg[p++];
	sib[k] = 0;
	r = gk_reg_by_name(fmt->regs, sib, k);
	return r ? gk_reg_field_by_name(r, field, strlen(field)) : NULL;
}

/* Apply "REG=V REG.FIELD=V REG=-" (V a number or a value name; '-' : never
 * written); returns 0, or -1 naming what did not resolve. */
static int apply(struct map *m, const struct gk_format *fmt, const char *spec)
{
	char buf[2048];
	snprintf(buf, sizeof buf, "%s", spec ? spec : "");
	for (char *it = buf, *next; *it; it = next) {
		while (*it == ' ')
			it++;
		if (!*it)
			break;
		next = it + strcspn(it, " ");
		if (*next)
			*next++ = 0;
		char *eq = strchr(it, '=');
		if (!eq) {
			printf("# bad item %s\n", it);
			return -1;
		}
		*eq = 0;
		char *val = eq + 1, *dot = strchr(it, '.');
		if (dot)
			*dot = 0;
		const struct gk_reg *r = gk_reg_by_name(fmt->regs, it, strlen(it));
		if (!r) {
			printf("# %s: no register %s\n", fmt->gen, it);
			return -1;
		}
		uint32_t ix = r->offset >> 2;
		if (!strcmp(val, "-")) {
			m->w[ix] = 0;
			continue;
		}
		const struct gk_reg_field *f = dot ? field_of(fmt, it, dot + 1) : NULL;
		unsigned lo = 0, hi = 31;
		if (dot && f) {
			lo = f->lo;
			hi = f->hi;
		} else if (dot && !strncmp(dot + 1, "OUTPUT", 6)) { /* CB_SHADER_MASK's 4-bit groups */
			lo = 4u * (unsigned)(dot[7] - '0');
			hi = lo + 3;
		} else if (dot) {
			printf("# %s: no field %s.%s\n", fmt->gen, it, dot + 1);
			return -1;
		}
		uint32_t v;
		if (val[0] >= '0' && val[0] <= '9')
			v = (uint32_t)strtoul(val, NULL, 0);
		else if (!f || gk_reg_value_by_name(f, val, strlen(val), &v)) {
			printf("# %s: no value %s for %s\n", fmt->gen, val, it);
			return -1;
		}
		uint32_t mask = hi - lo >= 31 ? 0xffffffffu : ((1u << (hi - lo + 1)) - 1) << lo;
		uint32_t old = m->w[ix] ? m->val[ix] : 0;
		m->val[ix] = (old & ~mask) | ((v << lo) & mask);
		m->w[ix] = 1;
	}
	return 0;
}

/* A correct draw, written from the guide's requirements: one MRT
 * (COLOR_8_8_8_8, 2D tiled, no blending), the scissors inside the 16K
 * range, no htile, one interpolant. */
static const char draw_base[] =
	"CB_COLOR_CONTROL.MODE=CB_NORMAL CB_COLOR_CONTROL.ROP3=0xcc CB_SHADER_MASK=0xf CB_TARGET_MASK=0xf "
	"SQ_PGM_EXPORTS_PS.EXPORT_COLORS=1 "
	"CB_COLOR0_INFO.FORMAT=COLOR_8_8_8_8 CB_COLOR0_INFO.ARRAY_MODE=ARRAY_2D_TILED_THIN1 "
	"CB_COLOR0_INFO.NUMBER_TYPE=NUMBER_UNORM CB_COLOR0_ATTRIB=0 CB_COLOR0_BASE=0x1000 CB_COLOR0_PITCH=0x1f "
	"CB_COLOR0_SLICE=0x3ff CB_COLOR0_VIEW=0 CB_BLEND0_CONTROL=0 "
	"PA_SC_SCREEN_SCISSOR_TL=0 PA_SC_SCREEN_SCISSOR_BR.BR_X=1024 PA_SC_SCREEN_SCISSOR_BR.BR_Y=768 "
	"PA_SC_WINDOW_SCISSOR_TL=0x80000000 PA_SC_WINDOW_SCISSOR_BR.BR_X=1024 PA_SC_WINDOW_SCISSOR_BR.BR_Y=768 "
	"PA_SC_GENERIC_SCISSOR_TL=0x80000000 PA_SC_GENERIC_SCISSOR_BR.BR_X=1024 PA_SC_GENERIC_SCISSOR_BR.BR_Y=768 "
	"PA_SC_MODE_CNTL_0=0 DB_RENDER_CONTROL=0 DB_DEPTH_CONTROL=0 DB_Z_INFO=0 DB_RENDER_OVERRIDE=0 "
	"SPI_PS_IN_CONTROL_0.NUM_INTERP=1 SPI_PS_IN_CONTROL_1=0 SPI_PS_INPUT_CNTL_0=0 PA_SC_AA_CONFIG=0";
static const char draw_base_cm[] = "CP_VMID=0 CP_RINGID=0";

/* §3.2 compute state: what examples/evergreen_compute.s programs, plus
 * the items it leaves to the state loaded before (PA, SPI, SQ stacks). */
static const char disp_base[] =
	"SQ_THREAD_RESOURCE_MGMT_2.NUM_LS_THREADS=64 SQ_STACK_RESOURCE_MGMT_3.NUM_LS_STACK_ENTRIES=32 "
	"SQ_LSTMP_RING_BASE=0 SQ_LSTMP_RING_SIZE=0 DB_RENDER_CONTROL.COLOR_DISABLE=1 "
	"VGT_GS_MODE.COMPUTE_MODE=1 VGT_GS_MODE.PARTIAL_THD_AT_EOI=1 "
	"VGT_SHADER_STAGES_EN.LS_EN=CS_STAGE_ON VGT_SHADER_STAGES_EN.VS_EN=VS_STAGE_REAL "
	"VGT_PRIMITIVE_TYPE.PRIM_TYPE=DI_PT_POINTLIST VGT_NUM_INDICES=64 VGT_COMPUTE_START_X=0 "
	"VGT_COMPUTE_START_Y=0 VGT_COMPUTE_START_Z=0 VGT_COMPUTE_THREAD_GROUP_SIZE=64 SPI_COMPUTE_NUM_THREAD_X=64 "
	"SPI_COMPUTE_NUM_THREAD_Y=1 SPI_COMPUTE_NUM_THREAD_Z=1 PA_SU_LINE_CNTL=0 "
	"PA_SU_SC_MODE_CNTL.CULL_BACK=1 PA_SU_SC_MODE_CNTL.CULL_FRONT=1 PA_SU_SC_MODE_CNTL.FACE=1 "
	"PA_SU_SC_MODE_CNTL.POLYMODE_FRONT_PTYPE=2 PA_SU_SC_MODE_CNTL.POLYMODE_BACK_PTYPE=2 "
	"PA_SU_POINT_SIZE=0 PA_SU_POINT_MINMAX=0 SPI_COMPUTE_INPUT_CNTL=0 SQ_LDS_RESOURCE_MGMT.NUM_LS_LDS=0 SQ_LDS_ALLOC=0";

struct gen {
	const char *name;
	unsigned bit;
	struct gk_engine *e;
	const struct gk_format *fmt;
	struct gk_packet draw, disp, disp_gfx, disp_noen;
	uint32_t w_draw[3], w_disp[5], w_disp_gfx[5], w_disp_noen[5];
};

static void frame(struct gen *g, struct gk_packet *p, const uint32_t *w, size_t n)
{
	gk_packet_frame(g->fmt, w, n, 0x40, p);
}

static void gen_open(struct gen *g, const char *name, unsigned bit)
{
	memset(g, 0, sizeof *g);
	g->name = name;
	g->bit = bit;
	g->e = gk_engine_open("pm4", name, NULL);
	g->fmt = gk_engine_format(g->e);
	/* DRAW_INDEX_AUTO 3 vertices; DISPATCH_DIRECT 16x1x1 (compute header,
	 * a graphics header, COMPUTE_SHADER_EN clear) */
	const uint32_t draw[3] = { 0xc0012d00, 3, 2 };
	const uint32_t disp[5] = { 0xc0031502, 16, 1, 1, 1 };
	memcpy(g->w_draw, draw, sizeof draw);
	memcpy(g->w_disp, disp, sizeof disp);
	memcpy(g->w_disp_gfx, disp, sizeof disp);
	memcpy(g->w_disp_noen, disp, sizeof disp);
	g->w_disp_gfx[0] = 0xc0031500;
	g->w_disp_noen[4] = 0;
	frame(g, &g->draw, g->w_draw, 3);
	frame(g, &g->disp, g->w_disp, 5);
	frame(g, &g->disp_gfx, g->w_disp_gfx, 5);
	frame(g, &g->disp_noen, g->w_disp_noen, 5);
}

static void show(const struct gk_diags *dg)
{
	for (unsigned k = 0; k < dg->n && k < GK_MAX_DIAGS; k++)
		printf("#   %s %s\n", dg->d[k].severity == GK_ERROR ? "error" : "warning", dg->d[k].message);
}

/* ---- one case per rule: state that follows it, then what breaks it ---- */
struct lcase {
	const char *rule;
	unsigned gens, kind;
	const char *follow, *brk;
	const char *expect; /* a register or field the message names */
};

#define D GK_LINT_DRAW
#define X GK_LINT_DISPATCH
#define EGB GK_LINT_EVERGREEN
#define CMB GK_LINT_CAYMAN
#define BB (EGB | CMB)
/* MRT0 with blending on (SRC_ALPHA, ONE_MINUS_SRC_ALPHA, add) */
#define BLEND0 "CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE=1 CB_BLEND0_CONTROL.COLOR_SRCBLEND=BLEND_SRC_ALPHA " \
	"CB_BLEND0_CONTROL.COLOR_DESTBLEND=5 "
#define DUAL "CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE=1 CB_BLEND0_CONTROL.COLOR_SRCBLEND=BLEND_ONE " \
	"CB_BLEND0_CONTROL.COLOR_DESTBLEND=15 SQ_PGM_EXPORTS_PS.EXPORT_COLORS=2 CB_COLOR1_INFO=0 "
#define FCLEAR "CB_COLOR0_INFO.FAST_CLEAR=1 CB_COLOR0_CMASK=0x2000 CB_COLOR0_CMASK_SLICE=0 " \
	"CB_COLOR0_FMASK=0x1000 CB_COLOR0_FMASK_SLICE.TILE_MAX=0x3ff "
#define OP_BASE "CB_COLOR0_INFO.COMPRESSION=1 CB_COLOR0_CMASK=0x2000 CB_COLOR0_CMASK_SLICE=0 CB_COLOR0_FMASK=0x3000 " \
	"CB_COLOR0_FMASK_SLICE=0 "
#define HTILE "DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 DB_HTILE_SURFACE.HTILE_WIDTH=1 " \
	"DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 DB_HTILE_SURFACE.LINEAR=1 "
#define RESOLVE "CB_COLOR_CONTROL.MODE=CB_RESOLVE CB_COLOR1_BASE=0x8000 CB_COLOR1_INFO.FORMAT=COLOR_8_8_8_8 " \
	"CB_COLOR1_INFO.ARRAY_MODE=ARRAY_1D_TILED_THIN1 "
#define RAT2 "CB_SHADER_MASK=0xff CB_TARGET_MASK=0xff SQ_PGM_EXPORTS_PS.EXPORT_COLORS=2 CB_COLOR1_INFO.RAT=1 " \
	"CB_COLOR1_INFO.FORMAT=COLOR_32 CB_COLOR1_INFO.NUMBER_TYPE=NUMBER_UINT CB_COLOR1_INFO.ARRAY_MODE=ARRAY_LINEAR_ALIGNED " \
	"CB_COLOR1_INFO.RESOURCE_TYPE=BUFFER CB_COLOR1_ATTRIB.NON_DISP_TILING_ORDER=1 CB_COLOR1_BASE=0x9000 " \
	"CB_COLOR1_PITCH=0 CB_COLOR1_SLICE=0 CB_COLOR1_VIEW=0 CB_BLEND1_CONTROL=0 CB_IMMED1_BASE=0xa000 "

static const struct lcase cases[] = {
	/* §2.2 */
	{ "scissor-screen-tl-range", BB, D, NULL, "PA_SC_SCREEN_SCISSOR_TL.TL_X=16384", "PA_SC_SCREEN_SCISSOR_TL.TL_X=16384" },
	{ "scissor-screen-br-range", BB, D, "PA_SC_SCREEN_SCISSOR_BR.BR_Y=16384", "PA_SC_SCREEN_SCISSOR_BR.BR_Y=16385",
	  "PA_SC_SCREEN_SCISSOR_BR.BR_Y=16385" },
	{ "scissor-screen-tl-br", BB, D, "PA_SC_SCREEN_SCISSOR_TL.TL_X=1024", "PA_SC_SCREEN_SCISSOR_TL.TL_X=1025",
	  "PA_SC_SCREEN_SCISSOR_TL.TL_X=1025" },
	{ "scissor-window-tl-range", BB, D, "PA_SC_WINDOW_SCISSOR_TL.TL_Y=16383 PA_SC_WINDOW_SCISSOR_BR.BR_Y=16384", "PA_SC_WINDOW_SCISSOR_TL.TL_Y=20000 "
	  "PA_SC_WINDOW_SCISSOR_BR.BR_Y=16384", "PA_SC_WINDOW_SCISSOR_TL.TL_Y=20000" },
	{ "scissor-window-br-range", BB, D, NULL, "PA_SC_WINDOW_SCISSOR_BR.BR_X=0x7fff", "PA_SC_WINDOW_SCISSOR_BR.BR_X" },
	{ "scissor-window-tl-br", BB, D, NULL, "PA_SC_WINDOW_SCISSOR_TL.TL_Y=800", "PA_SC_WINDOW_SCISSOR_TL.TL_Y=800" },
	{ "scissor-generic-tl-range", BB, D, NULL, "PA_SC_GENERIC_SCISSOR_TL.TL_X=16384 PA_SC_GENERIC_SCISSOR_BR.BR_X=16384",
	  "PA_SC_GENERIC_SCISSOR_TL.TL_X" },
	{ "scissor-generic-br-range", BB, D, NULL, "PA_SC_GENERIC_SCISSOR_BR.BR_Y=16400", "PA_SC_GENERIC_SCISSOR_BR.BR_Y" },
	{ "scissor-generic-tl-br", BB, D, NULL, "PA_SC_GENERIC_SCISSOR_TL.TL_X=1025", "PA_SC_GENERIC_SCISSOR_TL.TL_X=1025" },
	{ "scissor-vport-tl-range", BB, D,
	  "PA_SC_MODE_CNTL_0.VPORT_SCISSOR_ENABLE=1 PA_SC_VPORT_SCISSOR_15_TL=0 PA_SC_VPORT_SCISSOR_15_BR.BR_X=16384",
	  "PA_SC_VPORT_SCISSOR_15_TL.TL_X=16384", "PA_SC_VPORT_SCISSOR_15_TL.TL_X=16384" },
	{ "scissor-vport-br-range", BB, D, "PA_SC_MODE_CNTL_0.VPORT_SCISSOR_ENABLE=1 PA_SC_VPORT_SCISSOR_3_TL=0",
	  "PA_SC_VPORT_SCISSOR_3_BR.BR_Y=30000", "PA_SC_VPORT_SCISSOR_3_BR.BR_Y" },
	{ "scissor-vport-tl-br", BB, D,
	  "PA_SC_MODE_CNTL_0.VPORT_SCISSOR_ENABLE=1 PA_SC_VPORT_SCISSOR_0_TL=0 PA_SC_VPORT_SCISSOR_0_BR.BR_X=8",
	  "PA_SC_VPORT_SCISSOR_0_TL.TL_X=9", "PA_SC_VPORT_SCISSOR_0_TL.TL_X=9" },
	/* §3 */
	{ "cs-rat-only-mrts", BB, X, "CB_COLOR10_INFO=0", "CB_COLOR10_INFO.FORMAT=COLOR_32", "CB_COLOR10_INFO.RAT" },
	{ "cs-shader-type", BB, X, NULL, NULL, "@SHADER_TYPE" },
	{ "cs-compute-shader-en", BB, X, NULL, NULL, "@DISPATCH_INITIATOR" },
	{ "cs-db-color-disable", BB, X, NULL, "DB_RENDER_CONTROL=-", "DB_RENDER_CONTROL never written" },
	{ "cs-gds-base", EGB, X, "GDS_ADDR_SIZE=0x100 GDS_ADDR_BASE=0 GDS_ORDERED_WAVE_PER_SE=1", "GDS_ADDR_BASE=-",
	  "GDS_ADDR_BASE never written" },
	{ "cs-gds-base", CMB, X, "GDS_ADDR_SIZE=0x100 GDS_ADDR_BASE=0", "GDS_ADDR_BASE=-", "GDS_ADDR_BASE never written" },
	{ "cs-gds-ordered-wave", EGB, X, "GDS_ADDR_SIZE=0x100 GDS_ADDR_BASE=0 GDS_ORDERED_WAVE_PER_SE=1",
	  "GDS_ORDERED_WAVE_PER_SE=4", "GDS_ORDERED_WAVE_PER_SE=4, required 1" },
	{ "cs-gds-ordered-wave", EGB, X, "GDS_ADDR_SIZE=0x100 GDS_ADDR_BASE=0 GDS_ORDERED_WAVE_PER_SE=1",
	  "GDS_ORDERED_WAVE_PER_SE=-", "GDS_ORDERED_WAVE_PER_SE never written" },
	{ "cs-lds", BB, X, NULL, "SQ_LDS_ALLOC=-", "SQ_LDS_ALLOC never written (must be programmed)" },
	{ "cs-lds", BB, X, NULL, "SQ_LDS_RESOURCE_MGMT=-", "SQ_LDS_RESOURCE_MGMT never written" },
	{ "cs-sq-ls-resources", BB, X, NULL, "SQ_STACK_RESOURCE_MGMT_3.NUM_LS_STACK_ENTRIES=0", "NUM_LS_STACK_ENTRIES=0" },
	{ "cs-lstmp-ring", BB, X, NULL, "SQ_LSTMP_RING_SIZE=-", "SQ_LSTMP_RING_SIZE" },
	{ "cs-vgt-gs-mode", BB, X, NULL, "VGT_GS_MODE.MODE=GS_SCENARIO_A", "VGT_GS_MODE.MODE=GS_SCENARIO_A" },
	{ "cs-vgt-shader-stages", BB, X, NULL, "VGT_SHADER_STAGES_EN.GS_EN=1", "VGT_SHADER_STAGES_EN.GS_EN=1" },
	{ "cs-pa-line-width", BB, X, NULL, "PA_SU_LINE_CNTL.WIDTH=8", "PA_SU_LINE_CNTL.WIDTH" },
	{ "cs-pa-cull", BB, X, NULL, "PA_SU_SC_MODE_CNTL.CULL_FRONT=0", "PA_SU_SC_MODE_CNTL.CULL_FRONT=0" },
	{ "cs-pa-su-sc-mode", BB, X, NULL, "PA_SU_SC_MODE_CNTL.MULTI_PRIM_IB_ENA=1", "MULTI_PRIM_IB_ENA=1" },
	{ "cs-pa-point", BB, X, NULL, "PA_SU_POINT_MINMAX=0x10", "PA_SU_POINT_MINMAX" },
	{ "cs-spi-input", BB, X, NULL, "SPI_COMPUTE_INPUT_CNTL.TGID_ENA=1", "SPI_COMPUTE_INPUT_CNTL.TGID_ENA=1" },
	{ "cs-prim-type", BB, X, NULL, "VGT_PRIMITIVE_TYPE.PRIM_TYPE=DI_PT_TRILIST", "DI_PT_TRILIST" },
	{ "cs-compute-start", BB, X, NULL, "VGT_COMPUTE_START_Y=4", "VGT_COMPUTE_START_Y" },
	{ "cs-thread-group", BB, X, NULL, "VGT_NUM_INDICES=32", "VGT_NUM_INDICES=0x20" },
	{ "cs-thread-group-size", BB, X, NULL, "SPI_COMPUTE_NUM_THREAD_X=32",
	  "SPI_COMPUTE_NUM_THREAD_X * SPI_COMPUTE_NUM_THREAD_Y * SPI_COMPUTE_NUM_THREAD_Z=0x20, required == VGT_NUM_INDICES=0x40" },
	{ "cs-thread-group-size", BB, X, "SPI_COMPUTE_NUM_THREAD_X=16 SPI_COMPUTE_NUM_THREAD_Y=2 SPI_COMPUTE_NUM_THREAD_Z=2",
	  "SPI_COMPUTE_NUM_THREAD_Z=4", "=0x80, required == VGT_NUM_INDICES=0x40" },
	{ "cs-thread-group-size", BB, X, NULL, "SPI_COMPUTE_NUM_THREAD_Z=-", "SPI_COMPUTE_NUM_THREAD_Z never written" },
	/* §3.2 registers the guide says to program, never written: broken at the dispatch */
	{ "cs-sq-ls-resources", BB, X, NULL, "SQ_THREAD_RESOURCE_MGMT_2=-", "SQ_THREAD_RESOURCE_MGMT_2 never written" },
	{ "cs-pa-line-width", BB, X, NULL, "PA_SU_LINE_CNTL=-", "PA_SU_LINE_CNTL never written (must be programmed: WIDTH = 0)" },
	{ "cs-pa-cull", BB, X, NULL, "PA_SU_SC_MODE_CNTL=-", "PA_SU_SC_MODE_CNTL never written" },
	{ "cs-pa-su-sc-mode", BB, X, NULL, "PA_SU_SC_MODE_CNTL=-", "PA_SU_SC_MODE_CNTL never written" },
	{ "cs-pa-point", BB, X, NULL, "PA_SU_POINT_SIZE=-", "PA_SU_POINT_SIZE never written" },
	{ "cs-spi-input", BB, X, NULL, "SPI_COMPUTE_INPUT_CNTL=-", "SPI_COMPUTE_INPUT_CNTL never written" },
	{ "cs-vgt-gs-mode", BB, X, NULL, "VGT_GS_MODE=-", "VGT_GS_MODE never written" },
	{ "cs-vgt-shader-stages", BB, X, NULL, "VGT_SHADER_STAGES_EN=-", "VGT_SHADER_STAGES_EN never written" },
	{ "cs-prim-type", BB, X, NULL, "VGT_PRIMITIVE_TYPE=-", "VGT_PRIMITIVE_TYPE never written" },
	{ "cs-compute-start", BB, X, NULL, "VGT_COMPUTE_START_Z=-", "VGT_COMPUTE_START_Z never written" },
	{ "cs-thread-group", BB, X, NULL, "SPI_COMPUTE_NUM_THREAD_Y=-", "SPI_COMPUTE_NUM_THREAD_Y never written" },
	/* §4 */
	{ "eg-no-scatter-export-base", EGB, X, NULL, "SX_MEMORY_EXPORT_BASE=0 GB_ADDR_CONFIG=0", NULL },
	{ "eg-no-cp-vmid-ringid", EGB, D, NULL, NULL, "CP_VMID" },
	{ "cm-scatter-export-base", CMB, X, "SX_MEMORY_EXPORT_BASE=0x100 SX_SCATTER_EXPORT_BASE=0x100",
	  "SX_SCATTER_EXPORT_BASE=-", "SX_SCATTER_EXPORT_BASE" },
	/* §5 */
	{ "interp-num-interp", BB, D, "SPI_PS_IN_CONTROL_0.NUM_INTERP=32", "SPI_PS_IN_CONTROL_0.NUM_INTERP=33", "NUM_INTERP=33" },
	{ "interp-fog-addr", BB, D, "SPI_FOG_CNTL=1 SPI_PS_IN_CONTROL_0.NUM_INTERP=4 SPI_PS_IN_CONTROL_1.FOG_ADDR=3",
	  "SPI_PS_IN_CONTROL_1.FOG_ADDR=4", "FOG_ADDR" },
	{ "interp-first20-only", BB, D, "SPI_PS_IN_CONTROL_0.NUM_INTERP=22 SPI_PS_INPUT_CNTL_21=0 SPI_PS_INPUT_CNTL_19.PT_SPRITE_TEX=1",
	  "SPI_PS_INPUT_CNTL_21.PT_SPRITE_TEX=1", "SPI_PS_INPUT_CNTL_21.PT_SPRITE_TEX=1" },
	{ "interp-removed-sel", BB, D, "SPI_PS_INPUT_CNTL_5.SEL_CENTROID=1", "SPI_PS_INPUT_CNTL_0.SEL_LINEAR=1",
	  "SPI_PS_INPUT_CNTL_0.SEL" },
	/* §6 */
	{ "db-decompress", BB, D, HTILE
	  "DB_RENDER_CONTROL.DEPTH_COMPRESS_DISABLE=1 DB_RENDER_OVERRIDE.DISABLE_PIXEL_RATE_TILES=1 CB_COLOR_CONTROL.MODE=CB_DISABLE",
	  "DB_DEPTH_CONTROL.Z_ENABLE=1", "DB_DEPTH_CONTROL.Z_ENABLE=1" },
	{ "db-copy-to-cb", BB, D,
	  "DB_RENDER_CONTROL.DEPTH_COPY_ENABLE=1 DB_RENDER_CONTROL.COPY_CENTROID=1 CB_TARGET_MASK=1 "
	  "CB_COLOR0_INFO.FORMAT=COLOR_32_FLOAT CB_COLOR0_INFO.NUMBER_TYPE=NUMBER_FLOAT",
	  "DB_RENDER_CONTROL.COPY_SAMPLE=2", "COPY_SAMPLE=2" },
	/* §7 */
	{ "htile-8x8", BB, D,
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 DB_HTILE_SURFACE.HTILE_WIDTH=1 "
	  "DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 DB_HTILE_SURFACE.LINEAR=1",
	  "DB_HTILE_SURFACE.HTILE_HEIGHT=0", "HTILE_HEIGHT=0" },
	{ "htile-full-cache", BB, D,
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 DB_HTILE_SURFACE.HTILE_WIDTH=1 "
	  "DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 DB_HTILE_SURFACE.LINEAR=1",
	  "DB_HTILE_SURFACE.FULL_CACHE=0", "FULL_CACHE=0" },
	{ "htile-preload", BB, D,
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 DB_HTILE_SURFACE.HTILE_WIDTH=1 "
	  "DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 DB_HTILE_SURFACE.LINEAR=1",
	  "DB_HTILE_SURFACE.PRELOAD=0", "PRELOAD=0" },
	{ "htile-linear-prefetch", BB, D,
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 DB_HTILE_SURFACE.HTILE_WIDTH=1 "
	  "DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 DB_HTILE_SURFACE.LINEAR=1",
	  "DB_HTILE_SURFACE.PREFETCH_WIDTH=16", "PREFETCH_WIDTH" },
	{ "htile-prefetch-window", BB, D,
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 DB_HTILE_SURFACE.HTILE_WIDTH=1 "
	  "DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 "
	  "DB_HTILE_SURFACE.PREFETCH_WIDTH=16 DB_HTILE_SURFACE.PREFETCH_HEIGHT=4 DB_HTILE_SURFACE.HTILE_USES_PRELOAD_WIN=1",
	  "DB_HTILE_SURFACE.PREFETCH_HEIGHT=8", "PREFETCH_HEIGHT" },
	{ "hiz-htile-base", BB, D,
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 DB_HTILE_SURFACE.HTILE_WIDTH=1 "
	  "DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 DB_HTILE_SURFACE.LINEAR=1",
	  "DB_HTILE_DATA_BASE=-", "DB_HTILE_DATA_BASE" },
	{ "hiz-forced-htile", BB, D, HTILE "DB_RENDER_OVERRIDE.FORCE_HIZ_ENABLE=1", "DB_Z_INFO.TILE_SURFACE_ENABLE=0",
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=0, required 1" },
	{ "hiz-forced-htile", BB, D, "DB_RENDER_OVERRIDE.FORCE_HIZ_ENABLE=1 DB_Z_INFO.TILE_SURFACE_ENABLE=1 DB_HTILE_DATA_BASE=0x100 "
	  "DB_HTILE_SURFACE.HTILE_WIDTH=1 DB_HTILE_SURFACE.HTILE_HEIGHT=1 DB_HTILE_SURFACE.FULL_CACHE=1 DB_HTILE_SURFACE.PRELOAD=1 "
	  "DB_HTILE_SURFACE.LINEAR=1", "DB_Z_INFO=-", "DB_Z_INFO never written (must be programmed: TILE_SURFACE_ENABLE = 1)" },
	{ "his-forced-htile", BB, D, HTILE "DB_RENDER_OVERRIDE.FORCE_HIS_ENABLE1=1", "DB_Z_INFO.TILE_SURFACE_ENABLE=0",
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=0, required 1" },
	/* HiS set 0 enabled with stencil on and DB_RENDER_OVERRIDE never written:
	 * the guide's "unless overridden" default FORCE_OFF applies */
	{ "his-enabled-htile", BB, D,
	  HTILE "DB_SRESULTS_COMPARE_STATE0=0x1000000 DB_DEPTH_CONTROL.STENCIL_ENABLE=1 DB_RENDER_OVERRIDE=-",
	  "DB_Z_INFO.TILE_SURFACE_ENABLE=0", "FORCE_HIS_ENABLE0 never written: the guide's default 0" },
	{ "his-enabled-htile", BB, D, HTILE "DB_SRESULTS_COMPARE_STATE1=0x1000000 DB_DEPTH_CONTROL.STENCIL_ENABLE=1",
	  "DB_HTILE_DATA_BASE=-", "DB_HTILE_DATA_BASE never written" },
	/* §8.1 */
	{ "cb-color-control", BB, D, NULL, "CB_COLOR_CONTROL=-", "CB_COLOR_CONTROL never written" },
	{ "cb-masks", BB, D, NULL, "CB_TARGET_MASK=-", "CB_TARGET_MASK" },
	{ "cb-shader-mask-exports", BB, D, NULL, "SQ_PGM_EXPORTS_PS.EXPORT_COLORS=2", "CB_SHADER_MASK" },
	{ "mrt-programmed", BB, D, NULL, "CB_COLOR0_VIEW=-", "CB_COLOR0_VIEW" },
	{ "mrt-compression-programmed", BB, D, OP_BASE, "CB_COLOR0_FMASK_SLICE=-", "CB_COLOR0_FMASK_SLICE" },
	{ "cb-blend-constant", BB, D,
	  BLEND0 "CB_BLEND0_CONTROL.COLOR_SRCBLEND=BLEND_CONST_COLOR CB_BLEND_RED=0 CB_BLEND_GREEN=0 CB_BLEND_BLUE=0 CB_BLEND_ALPHA=0",
	  "CB_BLEND_GREEN=-", "CB_BLEND_GREEN" },
	{ "cb-blend-constant-alpha", BB, D,
	  BLEND0 "CB_BLEND0_CONTROL.SEPARATE_ALPHA_BLEND=1 CB_BLEND0_CONTROL.ALPHA_DESTBLEND=20 CB_BLEND_RED=0 "
	  "CB_BLEND_GREEN=0 CB_BLEND_BLUE=0 CB_BLEND_ALPHA=0",
	  "CB_BLEND_ALPHA=-", "CB_BLEND_ALPHA" },
	{ "cm-cp-vmid-ringid", CMB, D, NULL, "CP_RINGID=-", "CP_RINGID" },
	{ "eg-aa-config", EGB, D, NULL, "PA_SC_AA_CONFIG=-", "PA_SC_AA_CONFIG" },
	{ "cb-rop3-blend", BB, D, BLEND0, "CB_COLOR_CONTROL.ROP3=0x33", "CB_COLOR_CONTROL.ROP3=51" },
	{ "cb-aa-not-1d", EGB, D, "PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES=2", "CB_COLOR0_INFO.ARRAY_MODE=ARRAY_1D_TILED_THIN1",
	  "ARRAY_1D_TILED_THIN1" },
	{ "cm-aa-not-1d", CMB, D, "CB_COLOR0_ATTRIB.NUM_SAMPLES=2", "CB_COLOR0_INFO.ARRAY_MODE=ARRAY_1D_TILED_THIN1",
	  "ARRAY_1D_TILED_THIN1" },
	{ "cm-linear-general-endian", CMB, D, "CB_COLOR0_INFO.ARRAY_MODE=ARRAY_LINEAR_GENERAL", "CB_COLOR0_INFO.ENDIAN=2",
	  "CB_COLOR0_INFO.ENDIAN=2" },
	/* §8.2 */
	{ "dual-src-mrt1-off", BB, D, DUAL, "CB_SHADER_MASK=0xff", "OUTPUT1_ENABLE" },
	{ "dual-src-other-outputs", BB, D, DUAL "CB_SHADER_MASK=0xf0f CB_COLOR2_INFO.RAT=1 CB_COLOR2_INFO.FORMAT=COLOR_32 "
	  "CB_COLOR2_INFO.NUMBER_TYPE=NUMBER_UINT CB_COLOR2_INFO.ARRAY_MODE=ARRAY_2D_TILED_THIN1 CB_COLOR2_INFO.RESOURCE_TYPE=TEXTURE2D "
	  "CB_COLOR2_ATTRIB=0 CB_COLOR2_BASE=0 CB_COLOR2_PITCH=0 CB_COLOR2_SLICE=0 CB_COLOR2_VIEW=0 CB_BLEND2_CONTROL=0",
	  "CB_COLOR2_INFO.RAT=0", "OUTPUT2_ENABLE" },
	{ "dual-src-source-format", BB, D, DUAL, "CB_COLOR1_INFO.SOURCE_FORMAT=EXPORT_4C_16BPC", "SOURCE_FORMAT" },
	{ "dual-src-blendable", BB, D, DUAL, "CB_COLOR0_INFO.BLEND_BYPASS=1", "BLEND_BYPASS=1" },
	{ "dual-src-add-sub", BB, D, DUAL, "CB_BLEND0_CONTROL.COLOR_COMB_FCN=COMB_MAX_DST_SRC", "COMB_MAX_DST_SRC" },
	/* §8.3 */
	{ "fast-clear-cmask", BB, D, FCLEAR, "CB_COLOR0_CMASK=-", "CB_COLOR0_CMASK" },
	{ "fast-clear-fmask", BB, D, FCLEAR, "CB_COLOR0_FMASK=0x4000", "CB_COLOR0_FMASK=0x4000" },
	{ "fast-clear-msaa", EGB, D, FCLEAR "PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES=2 CB_COLOR0_INFO.COMPRESSION=1 CB_COLOR0_FMASK=0x3000",
	  "CB_COLOR0_INFO.COMPRESSION=0 CB_COLOR0_FMASK=0x1000", "CB_COLOR0_INFO.COMPRESSION=0" },
	{ "cm-fast-clear-msaa", CMB, D, FCLEAR "CB_COLOR0_ATTRIB.NUM_SAMPLES=2 CB_COLOR0_INFO.COMPRESSION=1 CB_COLOR0_FMASK=0x3000",
	  "CB_COLOR0_INFO.COMPRESSION=0 CB_COLOR0_FMASK=0x1000", "CB_COLOR0_INFO.COMPRESSION=0" },
	{ "fast-clear-linear", BB, D, FCLEAR, "CB_COLOR0_INFO.ARRAY_MODE=ARRAY_LINEAR_ALIGNED", "ARRAY_LINEAR_ALIGNED" },
	{ "fast-clear-x24", EGB, D, FCLEAR "CB_COLOR0_INFO.FORMAT=COLOR_X24_8_32_FLOAT CB_COLOR0_INFO.NUMBER_TYPE=NUMBER_FLOAT "
	  "CB_COLOR0_CLEAR_WORD1=0xff", "CB_COLOR0_CLEAR_WORD1=0x1ff", "CB_COLOR0_CLEAR_WORD1" },
	/* §8.4, §8.5 */
	{ "cb-op-shader-mask", BB, D, OP_BASE "CB_COLOR_CONTROL.MODE=CB_DECOMPRESS", "CB_SHADER_MASK=0x3", "CB_SHADER_MASK=3" },
	{ "cb-op-target-mask", BB, D, OP_BASE "CB_COLOR_CONTROL.MODE=CB_FMASK_DECOMPRESS", "CB_TARGET_MASK=0x7",
	  "TARGET0_ENABLE=7" },
	{ "cb-op-no-blend", BB, D, OP_BASE "CB_COLOR_CONTROL.MODE=CB_ELIMINATE_FAST_CLEAR",
	  "CB_BLEND0_CONTROL.BLEND_CONTROL_ENABLE=1", "BLEND_CONTROL_ENABLE=1" },
	{ "cb-op-no-rop3", BB, D, OP_BASE "CB_COLOR_CONTROL.MODE=CB_DECOMPRESS", "CB_COLOR_CONTROL.ROP3=0", "ROP3=0" },
	{ "cb-decompress-compressed", BB, D, OP_BASE "CB_COLOR_CONTROL.MODE=CB_DECOMPRESS", "CB_COLOR0_INFO.COMPRESSION=0",
	  "COMPRESSION=0" },
	{ "resolve-mrt1-agrees", BB, D, RESOLVE, "CB_COLOR1_INFO.COMP_SWAP=SWAP_ALT", "CB_COLOR1_INFO.COMP_SWAP=SWAP_ALT" },
	{ "resolve-no-linear", BB, D, RESOLVE, "CB_COLOR1_INFO.ARRAY_MODE=ARRAY_LINEAR_GENERAL", "ARRAY_LINEAR_GENERAL" },
	{ "resolve-dst-not-fast-cleared", BB, D, RESOLVE, "CB_COLOR1_INFO.FAST_CLEAR=1", "CB_COLOR1_INFO.FAST_CLEAR=1" },
	{ "resolve-blendable", BB, D, RESOLVE, "CB_COLOR0_INFO.NUMBER_TYPE=NUMBER_UINT CB_COLOR1_INFO.NUMBER_TYPE=NUMBER_UINT",
	  "NUMBER_UINT" },
	{ "resolve-mrt1-programmed", BB, D, RESOLVE, "CB_COLOR1_BASE=-", "CB_COLOR1_BASE" },
	/* registers the guide says to set for these passes, never written */
	{ "cb-op-no-blend", BB, D, OP_BASE "CB_COLOR_CONTROL.MODE=CB_ELIMINATE_FAST_CLEAR", "CB_BLEND0_CONTROL=-",
	  "CB_BLEND0_CONTROL never written" },
	{ "cb-decompress-compressed", BB, D, OP_BASE "CB_COLOR_CONTROL.MODE=CB_DECOMPRESS", "CB_COLOR0_INFO=-",
	  "CB_COLOR0_INFO never written" },
	{ "resolve-mrt1-agrees", BB, D, RESOLVE, "CB_COLOR1_INFO=-", "CB_COLOR1_INFO never written" },
	{ "dual-src-source-format", BB, D, DUAL, "CB_COLOR1_INFO=-", "CB_COLOR1_INFO never written" },
	{ "fast-clear-x24", EGB, D, FCLEAR "CB_COLOR0_INFO.FORMAT=COLOR_X24_8_32_FLOAT CB_COLOR0_INFO.NUMBER_TYPE=NUMBER_FLOAT "
	  "CB_COLOR0_CLEAR_WORD1=0xff", "CB_COLOR0_CLEAR_WORD1=-", "CB_COLOR0_CLEAR_WORD1 never written" },
	{ "db-copy-to-cb", BB, D,
	  "DB_RENDER_CONTROL.DEPTH_COPY_ENABLE=1 DB_RENDER_CONTROL.COPY_CENTROID=1 CB_TARGET_MASK=1 "
	  "CB_COLOR0_INFO.FORMAT=COLOR_32_FLOAT CB_COLOR0_INFO.NUMBER_TYPE=NUMBER_FLOAT",
	  "DB_DEPTH_CONTROL=-", "DB_DEPTH_CONTROL never written" },
	/* §8.6 (checked at draws and dispatches; these at a dispatch) */
	{ "rat-attrib", BB, X, RAT2, "CB_COLOR1_ATTRIB=-", "CB_COLOR1_ATTRIB" },
	{ "rat-source-format", BB, X, RAT2, "CB_COLOR1_INFO.SOURCE_FORMAT=EXPORT_4C_16BPC", "EXPORT_4C_16BPC" },
	{ "rat-buffer-layout", BB, X, RAT2, "CB_COLOR1_ATTRIB.NON_DISP_TILING_ORDER=0", "NON_DISP_TILING_ORDER=0" },
	{ "rat-no-fast-clear", BB, X, RAT2, "CB_COLOR1_INFO.FAST_CLEAR=1", "CB_COLOR1_INFO.FAST_CLEAR=1" },
	{ "rat-immed-base", BB, X, RAT2, "CB_IMMED1_BASE=-", "CB_IMMED1_BASE" },
	{ "rat-format", BB, X, RAT2, "CB_COLOR1_INFO.FORMAT=COLOR_8_8_8_8", "COLOR_8_8_8_8" },
	{ "rat-buffer-layout", BB, X, RAT2, "CB_COLOR1_ATTRIB=-", "CB_COLOR1_ATTRIB never written" },
	{ "rat-above-normal", BB, X, RAT2, "CB_COLOR0_INFO.RAT=1 CB_COLOR0_INFO.FORMAT=COLOR_32 CB_COLOR1_INFO.RAT=0",
	  "CB_COLOR1_INFO.RAT" },
};

/* eg-no-scatter-export-base and eg-no-cp-vmid-ringid break with writes to
 * addresses the Evergreen table lacks: put by address. */
static void raw_put(struct map *m, uint32_t addr, uint32_t v)
{
	m->val[addr >> 2] = v;
	m->w[addr >> 2] = 1;
}

static int build(struct map *m, const struct gen *g, unsigned kind, const char *follow)
{
	memset(m, 0, sizeof *m);
	int r = 0;
	if (kind == GK_LINT_DRAW) {
		r |= apply(m, g->fmt, draw_base);
		if (g->bit == GK_LINT_CAYMAN)
			r |= apply(m, g->fmt, draw_base_cm);
	} else {
		r |= apply(m, g->fmt, disp_base);
	}
	return r | apply(m, g->fmt, follow);
}

static int lint(const struct gen *g, struct map *m, unsigned kind, const struct gk_packet *pkt, const char *only,
		struct gk_diags *dg)
{
	struct gk_lint_regs regs = { map_get, m, NULL, NULL, 0 };
	struct gk_lint_event ev = { kind, pkt };
	struct gk_lint_select sel, *ps = NULL;
	if (only) {
		if (gk_lint_select_parse(&sel, only, strlen(only), NULL))
			return -2;
		ps = &sel;
	}
	memset(dg, 0, sizeof *dg);
	return gk_lint_event(g->fmt, &ev, &regs, ps, dg);
}

/* The state as a stream: each run of written registers of one register
 * space as that space's SET_* packet (registers outside every space as
 * type-0 packets), then the event's packet; run through the executor with
 * lint on, as gfxkit lint runs it.  Returns the rules broken (errors +
 * warnings), -1 when the run did not complete; *text gets the output. */
static int lint_stream_on(struct gk_exec *x, bool linting, const struct gen *g, const struct map *m,
			  const struct gk_packet *ev, struct gk_membuf *text);

static int lint_stream(const struct gen *g, const struct map *m, const struct gk_packet *ev, struct gk_membuf *text)
{
	return lint_stream_on(NULL, true, g, m, ev, text);
}

/* lint_stream on executor x (NULL: a fresh one), with lint on or not (a
 * plain run: the rules broken are 0 when it completes) */
static int lint_stream_on(struct gk_exec *x, bool linting, const struct gen *g, const struct map *m,
			  const struct gk_packet *ev, struct gk_membuf *text)
{
	const struct gk_format *fmt = g->fmt;
	struct words w = { 0 };
	for (uint32_t ix = 0; ix < 0x10000;) {
		if (!m->w[ix]) {
			ix++;
			continue;
		}
		uint32_t addr = ix * 4, end = ix;
		while (end < 0x10000 && m->w[end])
			end++;
		/* the space holding addr, and its SET_* packet on this generation */
		const struct gk_packet_desc *set = NULL;
		uint32_t start = 0, limit = 0;
		for (size_t d = 0; d < fmt->ndescs && !set; d++) {
			const struct gk_packet_desc *pd = &fmt->descs[d];
			const struct gk_space *sp = pd->tail == GK_TAIL_REGS && pd->space < fmt->nspaces ? &fmt->spaces[pd->space]
													: NULL;
			if (sp && (pd->gens & fmt->gen_bit) && !strncmp(pd->name, "SET_", 4) && !strstr(pd->name, "INDEX") &&
			    addr >= sp->start && addr < sp->end)
				set = pd, start = sp->start, limit = sp->end;
		}
		uint32_t n = end - ix;
		if (set && addr + 4 * n > limit)
			n = (limit - addr) / 4;
		if (n > 0x3f00)
			n = 0x3f00;
		uint32_t hdr[2];
		if (set) {
			hdr[0] = 0xc0000000u | (n << 16) | ((uint32_t)set->opcode << 8);
			hdr[1] = (addr - start) / 4;
			words_emit(&w, hdr, 2);
		} else {
			hdr[0] = ((n - 1) << 16) | ix; /* type-0: BASE_INDEX, COUNT - 1 */
			words_emit(&w, hdr, 1);
		}
		words_emit(&w, m->val + ix, n);
		ix += n;
	}
	words_emit(&w, ev->dw, ev->ndw);
	struct gk_mem *mem = x ? NULL : gk_mem_create(0);
	struct gk_exec *own = x ? NULL : gk_exec_create(g->e, mem, NULL);
	if (!x)
		x = own;
	struct tl_reader rd = { (const uint8_t *)w.w, 4 * w.n, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_lint_select sel;
	gk_lint_select_all(&sel);
	struct gk_exec_opts o = { .lint = linting ? &sel : NULL, .name = "s" };
	struct gk_exec_result res;
	char buf[256];
	text->n = 0;
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, text);
	int rc = gk_exec_run(x, in, &o, &out, &res);
	gk_out_flush(&out);
	gk_membuf_write(text, "", 0);
	gk_input_destroy(in);
	gk_exec_destroy(own);
	gk_mem_destroy(mem);
	free(w.w);
	if (rc || res.status != GK_EXEC_COMPLETED || (linting && res.draws + res.dispatches != 1))
		return -1;
	return (int)(res.lint_errors + res.lint_warnings);
}

static void test_cases(struct gen *gens, struct map *m)
{
	struct gk_membuf text = { 0 };
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const struct lcase *k = &cases[c];
		for (int gi = 0; gi < 2; gi++) {
			struct gen *g = &gens[gi];
			if (!(k->gens & g->bit))
				continue;
			struct gk_diags dg;
			const struct gk_packet *pkt = k->kind == GK_LINT_DRAW ? &g->draw : &g->disp;
			int r = build(m, g, k->kind, k->follow);
			CHECK(r == 0, "%s %s: the follow state names what the tables have", g->name, k->rule);
			int n = lint(g, m, k->kind, pkt, NULL, &dg);
			CHECK(n == 0 && dg.n == 0, "%s %s: following it lints clean (%d broken)", g->name, k->rule, n);
			if (dg.n)
				show(&dg);
			int ns = lint_stream(g, m, pkt, &text);
			CHECK(ns == 0, "%s %s: as a stream through the executor it lints clean too (%d):\n%s", g->name,
			      k->rule, ns, text.p);
			/* break it */
			CHECK(apply(m, g->fmt, k->brk) == 0, "%s %s: the breaking state resolves", g->name, k->rule);
			if (!strcmp(k->rule, "eg-no-scatter-export-base"))
				raw_put(m, 0x28358, 0x100);
			if (!strcmp(k->rule, "eg-no-cp-vmid-ringid"))
				raw_put(m, 0x28368, 1);
			/* the rules about the dispatch packet break with another packet */
			if (!strcmp(k->rule, "cs-shader-type"))
				pkt = &g->disp_gfx;
			else if (!strcmp(k->rule, "cs-compute-shader-en"))
				pkt = &g->disp_noen;
			n = lint(g, m, k->kind, pkt, NULL, &dg);
			ns = lint_stream(g, m, pkt, &text);
			/* a dispatch with a graphics header: the checker says so too */
			ns -= !strcmp(k->rule, "cs-shader-type") && strstr(text.p, "(check): 1 error");
			CHECK(ns == (int)(dg.errors + dg.warnings) && strstr(text.p, k->rule),
			      "%s %s: as a stream through the executor, the same %u rules broken, this one named (%d):\n%s",
			      g->name, k->rule, dg.errors + dg.warnings, ns, text.p);
			const struct gk_diag *hit = NULL;
			for (unsigned d = 0; d < dg.n && d < GK_MAX_DIAGS; d++)
				if (dg.d[d].rule && !strcmp(dg.d[d].rule, k->rule))
					hit = &dg.d[d];
			CHECK(hit != NULL, "%s %s: breaking it is diagnosed (%d broken)", g->name, k->rule, n);
			if (!hit) {
				show(&dg);
				continue;
			}
			const char *expect = k->expect ? k->expect : "SX_SCATTER_EXPORT_BASE";
			char sect[32];
			snprintf(sect, sizeof sect, "(§%s)", hit->section ? hit->section : "?");
			CHECK(hit->code == GK_D_LINT && hit->section && strstr(hit->message, k->rule) &&
				      strstr(hit->message, sect) && strstr(hit->message, expect) && hit->offset == 0x40,
			      "%s %s: the message names rule, section and %s: \"%s\"", g->name, k->rule, expect, hit->message);
			/* only this rule selected: the same diagnostic, nothing else */
			n = lint(g, m, k->kind, pkt, k->rule, &dg);
			CHECK(n >= 1 && dg.n >= 1 && dg.d[0].rule && !strcmp(dg.d[0].rule, k->rule),
			      "%s %s: --rules %s alone finds it", g->name, k->rule, k->rule);
			/* excluded: not reported */
			char minus[80];
			snprintf(minus, sizeof minus, "-%s", k->rule);
			lint(g, m, k->kind, pkt, minus, &dg);
			bool seen = false;
			for (unsigned d = 0; d < dg.n && d < GK_MAX_DIAGS; d++)
				seen |= dg.d[d].rule && !strcmp(dg.d[d].rule, k->rule);
			CHECK(!seen, "%s %s: --rules -%s leaves it out", g->name, k->rule, k->rule);
		}
	}
	free(text.p);
}

/* ---- the table's names: every operand and value of every row resolves
 * on each generation it applies to (an unresolved name would make its
 * term unknown and the rule silently never fire) ---- */
static void subst_name(const char *pat, unsigned i, unsigned j, char *out, size_t cap)
{
	size_t k = 0;
	for (; *pat && k + 4 < cap; pat++) {
		if (*pat == '#' || *pat == '$')
			k += (size_t)snprintf(out + k, cap - k, "%u", *pat == '#' ? i : j);
		else
			out[k++] = *pat;
	}
	out[k] = 0;
}

static int guide_field(const char *reg, const char *field)
{
	for (size_t g = 0; g < gk_lint_nguide_fields; g++)
		if (!strcmp(gk_lint_guide_fields[g].reg, reg) && !strcmp(gk_lint_guide_fields[g].field, field))
			return 1;
	return 0;
}

/* 1 when operand pat resolves; *f: its field with value names, if any */
static int operand_ok(const struct gen *g, const char *pat, unsigned i, unsigned j, const struct gk_reg_field **f)
{
	*f = NULL;
	if (!pat)
		return 0;
	if (!strcmp(pat, "#") || pat[0] == '@')
		return 1;
	char name[96];
	subst_name(pat, i, j, name, sizeof name);
	char *dot = strchr(name, '.');
	if (dot)
		*dot = 0;
	char *at = strchr(name, '@');
	if (at) {
		*at = 0;
		return !dot; /* REG@ADDR: a whole register */
	}
	if (!gk_reg_by_name(g->fmt->regs, name, strlen(name)))
		return 0;
	if (!dot)
		return 1;
	*f = field_of(g->fmt, name, dot + 1);
	return *f || guide_field(name, dot + 1);
}

static void check_terms(const struct gen *g, const struct lint_rule *r, const struct lint_term *t, unsigned i,
			unsigned j)
{
	for (size_t k = 0; k < LINT_MAXT && t[k].a; k++) {
		const struct gk_reg_field *f, *fb;
		CHECK(operand_ok(g, t[k].a, i, j, &f), "%s %s[%u]: operand %s resolves", g->name, r->id, i, t[k].a);
		int has_b = t[k].op == L_EQF || t[k].op == L_LEF || t[k].op == L_GTF || t[k].op == L_NIBBLESF;
		CHECK(!has_b == !t[k].b && (!has_b || operand_ok(g, t[k].b, i, j, &fb)), "%s %s: operand b %s", g->name,
		      r->id, t[k].b ? t[k].b : "(none)");
		for (int mk = 0; mk < 2 && t[k].mul[mk]; mk++)
			CHECK(operand_ok(g, t[k].mul[mk], i, j, &fb), "%s %s: factor %s resolves", g->name, r->id, t[k].mul[mk]);
		size_t nv = 0;
		for (; nv < LINT_MAXV && t[k].v[nv]; nv++) {
			const char *v = t[k].v[nv];
			uint32_t x;
			CHECK((v[0] >= '0' && v[0] <= '9') || (f && gk_reg_value_by_name(f, v, strlen(v), &x) == 0),
			      "%s %s: value %s of %s resolves", g->name, r->id, v, t[k].a);
		}
		int want = t[k].op == L_EQ || t[k].op == L_NE ? 1 : t[k].op == L_RANGE || t[k].op == L_MASKEQ ? 2 : -1;
		CHECK(want < 0 ? (t[k].op == L_IN || t[k].op == L_NOTIN ? nv >= 1 : 1) : nv == (size_t)want,
		      "%s %s: %zu values for op %u", g->name, r->id, nv, t[k].op);
	}
}

static void test_names(struct gen *gens)
{
	for (size_t k = 0; k < gk_lint_nrules; k++) {
		const struct lint_rule *r = &gk_lint_rules[k];
		CHECK(r->req[0].a != NULL, "%s has a requirement", r->id);
		CHECK(!r->indexed ? !r->pair : r->i0 <= r->i1, "%s: index range", r->id);
		for (int gi = 0; gi < 2; gi++) {
			if (!(r->gens & gens[gi].bit))
				continue;
			unsigned i0 = r->indexed ? r->i0 : 0, i1 = r->indexed ? r->i1 : 0;
			for (unsigned i = i0; i <= i1; i++) {
				unsigned j = r->pair ? (i < i1 ? i1 : i) : 0;
				check_terms(&gens[gi], r, r->cond, i, j);
				check_terms(&gens[gi], r, r->req, i, j);
			}
		}
	}
}

/* Every rule of the table has a case on every generation it applies to. */
static void test_coverage(void)
{
	size_t n = gk_lint_rule_count();
	CHECK(n > 60 && n <= GK_LINT_MAX_RULES, "%zu rules", n);
	for (size_t i = 0; i < n; i++) {
		struct gk_lint_rule_info ri;
		CHECK(gk_lint_rule_at(i, &ri) == 0 && ri.id && ri.section && ri.text && ri.gens && ri.when,
		      "rule %zu described", i);
		unsigned covered = 0;
		for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
			if (!strcmp(cases[c].rule, ri.id))
				covered |= cases[c].gens;
		CHECK((covered & ri.gens) == ri.gens, "rule %s has a test on each of its generations", ri.id);
		for (size_t j = 0; j < i; j++) {
			struct gk_lint_rule_info rj;
			gk_lint_rule_at(j, &rj);
			CHECK(strcmp(ri.id, rj.id), "rule ids %zu and %zu are both %s", j, i, ri.id);
		}
	}
	struct gk_lint_rule_info ri;
	CHECK(gk_lint_rule_at(n, &ri) == -1 && gk_lint_rule_at(0, NULL) == -1, "past the end / NULL: -1");
}

/* Registers never written are said together; a message longer than a
 * diagnostic holds is cut with "..." at its end, never mid-garbage. */
static void test_unwritten_list(struct gen *g, struct map *m)
{
	struct gk_diags dg;
	build(m, g, GK_LINT_DISPATCH, "VGT_COMPUTE_START_X=- VGT_COMPUTE_START_Z=-");
	lint(g, m, GK_LINT_DISPATCH, &g->disp, "cs-compute-start", &dg);
	CHECK(dg.n == 1 && strstr(dg.d[0].message, ": VGT_COMPUTE_START_X, VGT_COMPUTE_START_Z never written (must be programmed)"),
	      "two registers never written, one list: %s", dg.n ? dg.d[0].message : "(none)");
	build(m, g, GK_LINT_DISPATCH,
	      "VGT_NUM_INDICES=- VGT_COMPUTE_THREAD_GROUP_SIZE=- SPI_COMPUTE_NUM_THREAD_X=- SPI_COMPUTE_NUM_THREAD_Y=- "
	      "SPI_COMPUTE_NUM_THREAD_Z=-");
	lint(g, m, GK_LINT_DISPATCH, &g->disp, "cs-thread-group", &dg);
	size_t len = dg.n ? strlen(dg.d[0].message) : 0;
	CHECK(dg.n == 1 && len == sizeof dg.d[0].message - 1 && !strcmp(dg.d[0].message + len - 3, "...") &&
		      strstr(dg.d[0].message, "SPI_COMPUTE_NUM_THREAD_Z never"),
	      "a long message cut with '...' (%zu bytes): %s", len, dg.n ? dg.d[0].message : "(none)");
}

/* Severity from the guide's words: a quote that says "must" (or requires,
 * cannot, is not supported ...) and not "should" is an error; one that
 * says "should" and no "must" is a warning.  Rows whose quote says
 * neither (a range, a settings table, a removed field) are decided in
 * docs/lint.md; every row quotes something. */
static void test_severity(void)
{
	static const char *const must[] = { "must", "has to", "is required", "requires", "cannot", "can only",
					    "can be only", "not supported", "not permitted", "illegal", "needs to" };
	for (size_t i = 0; i < gk_lint_rule_count(); i++) {
		struct gk_lint_rule_info ri;
		gk_lint_rule_at(i, &ri);
		CHECK(ri.quote && strlen(ri.quote) > 8, "%s quotes the guide", ri.id);
		if (!ri.quote)
			continue;
		bool m = false, sh = strstr(ri.quote, "should") != NULL;
		for (size_t k = 0; k < sizeof must / sizeof must[0]; k++)
			m |= strstr(ri.quote, must[k]) != NULL;
		if (m && !sh)
			CHECK(ri.severity == GK_ERROR, "%s: the guide says must (\"%s\"): an error", ri.id, ri.quote);
		if (sh && !m)
			CHECK(ri.severity == GK_WARNING, "%s: the guide says should (\"%s\"): a warning", ri.id, ri.quote);
	}
}

/* Clean states: the correct draw on both generations, under every rule. */
static void test_clean(struct gen *gens, struct map *m)
{
	for (int gi = 0; gi < 2; gi++) {
		struct gk_diags dg;
		build(m, &gens[gi], GK_LINT_DRAW, NULL);
		int n = lint(&gens[gi], m, GK_LINT_DRAW, &gens[gi].draw, NULL, &dg);
		CHECK(n == 0 && dg.n == 0, "%s: a correct draw lints clean (%d)", gens[gi].name, n);
		if (dg.n)
			show(&dg);
		/* nothing written at all: the must-program rules speak */
		memset(m, 0, sizeof *m);
		n = lint(&gens[gi], m, GK_LINT_DRAW, &gens[gi].draw, NULL, &dg);
		CHECK(n >= 1 && dg.n >= 1 && dg.d[0].severity == GK_ERROR, "%s: an empty state breaks must-program rules (%d)",
		      gens[gi].name, n);
		build(m, &gens[gi], GK_LINT_DISPATCH, NULL);
		n = lint(&gens[gi], m, GK_LINT_DISPATCH, &gens[gi].disp, NULL, &dg);
		CHECK(n == 0 && dg.n == 0, "%s: the §3.2 compute state lints clean (%d)", gens[gi].name, n);
		if (dg.n)
			show(&dg);
	}
}

/* examples/evergreen_compute.s (copied: tests do not read the examples),
 * assembled, its SET_* register runs replayed into a map, its
 * DISPATCH_DIRECT linted. */

struct asm_words {
	uint32_t w[256];
	size_t n;
};

static int emit(void *ctx, const uint32_t *w, size_t n)
{
	struct asm_words *ws = ctx;
	for (size_t i = 0; i < n && ws->n < 256; i++)
		ws->w[ws->n++] = w[i];
	return 0;
}

static void test_example(struct gen *g, struct map *m)
{
	struct asm_words ws = { { 0 }, 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(g->e, emit, &ws, NULL, NULL);
	CHECK(a != NULL, "assembler");
	if (!a)
		return;
	gk_engine_asm_text(a, evergreen_compute_s, strlen(evergreen_compute_s));
	CHECK(gk_engine_asm_finish(a) == 0, "example assembles");
	gk_engine_asm_close(a);
	CHECK(ws.n == 74, "example: 296 bytes (%zu dwords)", ws.n);
	memset(m, 0, sizeof *m);
	unsigned dispatches = 0, regs = 0;
	for (size_t pos = 0; pos < ws.n;) {
		struct gk_packet pkt;
		struct gk_unit u;
		gk_packet_frame(g->fmt, ws.w + pos, ws.n - pos, pos * 4, &pkt);
		if (!pkt.ndw)
			break;
		gk_unit_decode(g->fmt, &pkt, NULL, &u);
		if (u.desc && u.desc->tail == GK_TAIL_REGS)
			for (uint32_t i = u.tail_begin; i < u.tail_end; i++, regs++)
				raw_put(m, (uint32_t)u.reg_addr + 4 * (i - u.tail_begin), pkt.dw[i]);
		if (u.desc && !strcmp(u.desc->name, "DISPATCH_DIRECT")) {
			struct gk_diags dg;
			int n = lint(g, m, GK_LINT_DISPATCH, &pkt, NULL, &dg);
			CHECK(n == 0 && dg.n == 0, "examples/evergreen_compute: its DISPATCH_DIRECT lints clean (%d)", n);
			if (dg.n)
				show(&dg);
			dispatches++;
		}
		pos += pkt.frame.ndw ? pkt.frame.ndw : 1;
	}
	CHECK(dispatches == 1 && regs == 23, "example: one dispatch after 23 registers (%u, %u)", dispatches, regs);
}

/* The API's edges: NULL arguments, a generation without rules, no packet,
 * a state with every register all ones (every term read), the --rules
 * syntax. */
static void test_api_edges(struct gen *g, struct map *m)
{
	struct gk_diags dg;
	struct gk_lint_regs regs = { map_get, m, NULL, NULL, 0 };
	struct gk_lint_event ev = { GK_LINT_DRAW, NULL };
	memset(m, 0, sizeof *m);
	CHECK(gk_lint_event(NULL, &ev, &regs, NULL, &dg) == -1, "fmt NULL: -1");
	CHECK(gk_lint_event(g->fmt, NULL, &regs, NULL, &dg) == -1, "ev NULL: -1");
	CHECK(gk_lint_event(g->fmt, &ev, NULL, NULL, &dg) == -1, "regs NULL: -1");
	CHECK(gk_lint_event(g->fmt, &ev, &regs, NULL, NULL) == -1, "out NULL: -1");
	struct gk_engine *si = gk_engine_open("pm4", "si", NULL);
	if (si) {
		memset(&dg, 0, sizeof dg);
		CHECK(gk_lint_event(gk_engine_format(si), &ev, &regs, NULL, &dg) == -1, "SI: not a lint generation");
		gk_engine_close(si);
	}
	/* no packet: offset 0, packet rules skipped */
	memset(&dg, 0, sizeof dg);
	int n = gk_lint_event(g->fmt, &ev, &regs, NULL, &dg);
	CHECK(n > 0 && dg.d[0].offset == 0, "no packet: diagnostics at offset 0 (%d)", n);
	/* every register written with all ones: no crash, every rule's terms read */
	for (size_t i = 0; i < 0x10000; i++) {
		m->val[i] = 0xffffffff;
		m->w[i] = 1;
	}
	memset(&dg, 0, sizeof dg);
	n = gk_lint_event(g->fmt, &ev, &regs, NULL, &dg);
	CHECK(n > 0 && dg.n + dg.dropped == (unsigned)n, "all ones: %d broken, %u listed + %u dropped", n, dg.n, dg.dropped);
	/* past the container's capacity each is still counted by severity */
	unsigned listed_err = 0;
	for (unsigned i = 0; i < dg.n && i < GK_MAX_DIAGS; i++)
		listed_err += dg.d[i].severity == GK_ERROR;
	CHECK(dg.errors + dg.warnings == (unsigned)n && dg.errors >= listed_err && dg.warnings >= dg.n - listed_err,
	      "all ones: %u errors + %u warnings counted for %d broken", dg.errors, dg.warnings, n);
	/* a kept linter says the same at the same state again, when nothing
	 * changed and the broken rules past the container are counted in bulk */
	struct gk_lint *kept = gk_lint_open(g->fmt);
	for (int again = 0; kept && again < 2; again++) {
		struct gk_diags k;
		memset(&k, 0, sizeof k);
		int nk = gk_lint_check(kept, &ev, NULL, &regs, NULL, &k);
		CHECK(nk == n && k.n == dg.n && k.errors == dg.errors && k.warnings == dg.warnings && k.dropped == dg.dropped,
		      "all ones, kept linter, event %d: %d broken (%u errors, %u warnings, %u dropped), fresh %d (%u, %u, %u)",
		      again, nk, k.errors, k.warnings, k.dropped, n, dg.errors, dg.warnings, dg.dropped);
	}
	gk_lint_close(kept);
	/* selection syntax */
	struct gk_lint_select sel;
	struct gk_diag err;
	CHECK(gk_lint_select_parse(&sel, "8.3", 3, NULL) == 0 && sel.on[0] | sel.on[1], "section 8.3 selects");
	CHECK(gk_lint_select_parse(&sel, "-all", 4, NULL) == 0 && !(sel.on[0] | sel.on[1] | sel.on[2] | sel.on[3]),
	      "-all selects nothing");
	CHECK(gk_lint_select_parse(&sel, "2, -scissor-vport-tl-br", 23, NULL) == 0, "section and exclusion");
	CHECK(gk_lint_select_parse(&sel, "8.1.1,nosuch", 12, &err) == -1 && err.code == GK_D_SYNTAX &&
		      strstr(err.message, "nosuch"),
	      "unknown item named: %s", err.message);
	CHECK(gk_lint_select_parse(&sel, "8.", 2, &err) == -1, "\"8.\" names no section");
	CHECK(gk_lint_select_parse(&sel, "", 0, NULL) == 0 && !sel.on[0], "empty list: nothing");
}

/* docs/lint.md lists every rule with its section (run from the source
 * tree, as make check does). */
static void test_docs(void)
{
	FILE *f = fopen("docs/lint.md", "rb");
	CHECK(f != NULL, "docs/lint.md readable");
	if (!f)
		return;
	static char doc[65536];
	size_t n = fread(doc, 1, sizeof doc - 1, f);
	fclose(f);
	doc[n] = 0;
	for (size_t i = 0; i < gk_lint_rule_count(); i++) {
		struct gk_lint_rule_info ri;
		gk_lint_rule_at(i, &ri);
		char row[128];
		snprintf(row, sizeof row, "| `%s` | %s |", ri.id, ri.section);
		const char *at = strstr(doc, row);
		CHECK(at != NULL, "docs/lint.md lists %s with section %s", ri.id, ri.section);
		/* the row quotes the guide's words and says the severity */
		char quote[256];
		snprintf(quote, sizeof quote, "`%s` |", ri.quote ? ri.quote : "(none)");
		const char *eol = at ? strchr(at, '\n') : NULL;
		const char *q = at ? strstr(at, quote) : NULL;
		CHECK(q && eol && q < eol, "docs/lint.md's row of %s quotes the guide: %s", ri.id, quote);
		const char *sev = at ? strstr(at, ri.severity == GK_ERROR ? "| error" : "| warning") : NULL;
		CHECK(sev && eol && sev < eol, "docs/lint.md's row of %s says %s", ri.id,
		      ri.severity == GK_ERROR ? "error" : "warning");
	}
}

/* The Linux kernel's default-state stream (tests/vectors/<gen>_default_state.hex,
 * from evergreen_blit_shaders.h / cayman_blit_shaders.h) replayed, then a
 * correct draw's MRT0, masks and exports: lints clean on both generations. */
static void test_kernel_default(struct gen *g, struct map *m)
{
	char path[96];
	snprintf(path, sizeof path, "tests/vectors/%s_default_state.hex", g->name);
	FILE *f = fopen(path, "rb");
	CHECK(f != NULL, "%s readable (tests run from the repository root)", path);
	if (!f)
		return;
	static uint32_t w[4096];
	size_t n = 0;
	struct gk_input *in = gk_input_create(gk_read_stdio, f, GK_IN_AUTO, 4);
	long avail;
	while (in && (avail = gk_input_fill(in, 1024)) > 0) {
		for (long i = 0; i < avail && n < 4096; i++)
			w[n++] = gk_input_words(in)[i];
		gk_input_skip(in, (size_t)avail);
	}
	gk_input_destroy(in);
	fclose(f);
	CHECK(n > 200, "%s: %zu words", path, n);
	memset(m, 0, sizeof *m);
	unsigned regs = 0;
	for (size_t pos = 0; pos < n;) {
		struct gk_packet pkt;
		struct gk_unit u;
		gk_packet_frame(g->fmt, w + pos, n - pos, pos * 4, &pkt);
		if (!pkt.ndw)
			break;
		gk_unit_decode(g->fmt, &pkt, NULL, &u);
		if (u.desc && u.desc->tail == GK_TAIL_REGS)
			for (uint32_t i = u.tail_begin; i < u.tail_end; i++, regs++)
				raw_put(m, (uint32_t)u.reg_addr + 4 * (i - u.tail_begin), pkt.dw[i]);
		pos += pkt.frame.ndw ? pkt.frame.ndw : 1;
	}
	CHECK(regs > 150, "%s: %u registers replayed", g->name, regs);
	CHECK(apply(m, g->fmt, "CB_SHADER_MASK=0xf CB_TARGET_MASK=0xf SQ_PGM_EXPORTS_PS.EXPORT_COLORS=1 "
			       "CB_COLOR0_INFO.FORMAT=COLOR_8_8_8_8 CB_COLOR0_INFO.ARRAY_MODE=ARRAY_2D_TILED_THIN1 "
			       "CB_COLOR0_ATTRIB=0 CB_COLOR0_BASE=0x1000 CB_COLOR0_PITCH=0x1f CB_COLOR0_SLICE=0x3ff "
			       "CB_COLOR0_VIEW=0 CB_BLEND0_CONTROL=0") == 0,
	      "the draw's registers");
	struct gk_diags dg;
	int r = lint(g, m, GK_LINT_DRAW, &g->draw, NULL, &dg);
	CHECK(r == 0 && dg.n == 0, "%s: the kernel's default state and a correct draw lint clean (%d)", g->name, r);
	if (dg.n)
		show(&dg);
}

/* JSON: "rule" and "section" follow "message" on lint diagnostics only. */
static void test_json(struct gen *g, struct map *m)
{
	struct gk_diags dg;
	build(m, g, GK_LINT_DRAW, "CB_COLOR0_VIEW=-");
	lint(g, m, GK_LINT_DRAW, &g->draw, NULL, &dg);
	CHECK(dg.n == 1, "one diagnostic (%u)", dg.n);
	if (dg.n < 1)
		return;
	struct gk_diag plain = dg.d[0];
	plain.rule = plain.section = NULL;
	char buf[2048];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
	gk_json_diags(dg.d, 1, 0, &o);
	buf[o.len] = 0;
	CHECK(strstr(buf, "\"code\":\"lint\"") && strstr(buf, "\"rule\":\"mrt-programmed\",\"section\":\"8.1.1\"}]"),
	      "lint JSON: %s", buf);
	o = (struct gk_out)GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
	gk_json_diags(&plain, 1, 0, &o);
	buf[o.len] = 0;
	CHECK(!strstr(buf, "\"rule\"") && !strstr(buf, "\"section\""), "no rule/section keys when unset: %s", buf);
}

/* A prepared linter (gk_lint_open) says what gk_lint_event says, whether
 * the packet comes as words, as its decoded unit, or both; the generation
 * is the format's (lint_gen), and a format without rules has no linter. */
static void test_prepared(struct gen *gens, struct map *m)
{
	memset(m, 0, sizeof *m);
	for (size_t i = 0; i < 0x10000; i += 3) {
		m->val[i] = (uint32_t)(i * 2654435761u);
		m->w[i] = 1;
	}
	struct gk_lint_regs regs = { map_get, m, NULL, NULL, 0 };
	for (unsigned k = 0; k < 2; k++) {
		struct gen *g = &gens[k];
		CHECK(gk_lint_generation(g->fmt) == g->bit && g->fmt->lint_gen == g->bit, "%s: its lint generation", g->name);
		struct gk_lint *l = gk_lint_open(g->fmt);
		CHECK(l != NULL, "%s: a linter", g->name);
		const struct gk_packet *pkts[] = { &g->disp, &g->disp_gfx, &g->disp_noen, &g->draw };
		for (unsigned p = 0; l && p < sizeof pkts / sizeof pkts[0]; p++) {
			unsigned kind = p == 3 ? GK_LINT_DRAW : GK_LINT_DISPATCH;
			struct gk_unit u;
			gk_unit_decode(g->fmt, pkts[p], NULL, &u);
			struct gk_lint_event with_pkt = { kind, pkts[p] }, without = { kind, NULL };
			struct gk_diags a, b, c, d;
			memset(&a, 0, sizeof a);
			memset(&b, 0, sizeof b);
			memset(&c, 0, sizeof c);
			memset(&d, 0, sizeof d);
			int na = gk_lint_event(g->fmt, &with_pkt, &regs, NULL, &a);
			int nb = gk_lint_check(l, &with_pkt, NULL, &regs, NULL, &b);
			int nc = gk_lint_check(l, &without, &u, &regs, NULL, &c);
			int nd = gk_lint_check(l, &with_pkt, &u, &regs, NULL, &d);
			CHECK(na > 0 && na == nb && na == nc && na == nd, "%s packet %u: %d %d %d %d broken", g->name, p, na, nb,
			      nc, nd);
			bool same = a.n == b.n && a.n == c.n && a.n == d.n;
			for (unsigned i = 0; same && i < a.n && i < GK_MAX_DIAGS; i++)
				same = !strcmp(a.d[i].message, b.d[i].message) && !strcmp(a.d[i].message, c.d[i].message) &&
				       !strcmp(a.d[i].message, d.d[i].message) && a.d[i].offset == c.d[i].offset;
			CHECK(same, "%s packet %u: the same diagnostics whichever way the packet comes", g->name, p);
		}
		/* the packet rules read the unit: a dispatch without COMPUTE_SHADER_EN breaks one rule more */
		if (l) {
			struct gk_unit u;
			gk_unit_decode(g->fmt, &g->disp_noen, NULL, &u);
			struct gk_lint_event ev = { GK_LINT_DISPATCH, NULL };
			struct gk_lint_select sel;
			gk_lint_select_parse(&sel, "cs-compute-shader-en", 20, NULL);
			struct gk_diags dg;
			memset(&dg, 0, sizeof dg);
			CHECK(gk_lint_check(l, &ev, &u, &regs, &sel, &dg) == 1 && dg.n == 1 && dg.d[0].offset == 0x40,
			      "%s: DISPATCH_INITIATOR read from the unit", g->name);
		}
		struct gk_lint_event none = { GK_LINT_DRAW, NULL };
		struct gk_diags dg0;
		memset(&dg0, 0, sizeof dg0);
		CHECK(gk_lint_check(NULL, &none, NULL, &regs, NULL, &dg0) == -1, "no linter: -1");
		gk_lint_close(l);
	}
	struct gk_engine *si = gk_engine_open("pm4", "si", NULL);
	CHECK(si && !gk_lint_open(gk_engine_format(si)) && !gk_lint_generation(gk_engine_format(si)), "SI: no linter");
	gk_engine_close(si);
	struct gk_engine *dma = gk_engine_open("dma", "evergreen", NULL);
	CHECK(dma && !gk_lint_open(gk_engine_format(dma)), "Evergreen DMA: no linter (its format has no lint generation)");
	gk_engine_close(dma);
	CHECK(gk_lint_open(NULL) == NULL, "NULL: no linter");
	gk_lint_close(NULL);
}

/* A linter kept across events evaluates only the rules whose registers
 * changed; what it says must be what a fresh linter says of the same
 * state.  Random register states (registers the rules read, written with
 * values the conditions care about or left unwritten), draws and
 * dispatches alternating, some events with part of the rules selected
 * (what is not run then must still be evaluated when next selected). */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

/* nwritten: 0, the linter reads every register at each event; else the
 * test marks each register it changes in a bitmap of that many words (the
 * executor's gk_lint_regs.written) -- 64 words cover every register the
 * map holds, 40 leave the context registers (0x28000 up) past it, read
 * always -- and every 17th event goes without it */
static void test_incremental(struct gen *gens, struct map *m, size_t nwritten)
{
	static uint64_t written[64];
	for (int gi = 0; gi < 2; gi++) {
		struct gen *g = &gens[gi];
		/* the registers the rules name */
		static uint32_t addrs[4096];
		size_t na = 0;
		for (size_t k = 0; k < gk_lint_nrules; k++) {
			const struct lint_rule *r = &gk_lint_rules[k];
			for (unsigned i = 0; i < 16; i++)
				for (int part = 0; part < 2; part++)
					for (size_t t = 0; t < LINT_MAXT; t++) {
						const struct lint_term *tm = part ? &r->req[t] : &r->cond[t];
						if (!tm->a)
							break;
						for (int o = 0; o < 2; o++) {
							const char *pat = o ? tm->b : tm->a;
							if (!pat || pat[0] == '@' || !strcmp(pat, "#"))
								continue;
							char name[96];
							subst_name(pat, i, i + 1, name, sizeof name);
							char *dot = strchr(name, '.'), *at = strchr(name, '@');
							if (dot)
								*dot = 0;
							uint32_t a = 0;
							if (at) {
								a = (uint32_t)strtoul(at + 1, NULL, 0);
							} else {
								const struct gk_reg *rg = gk_reg_by_name(g->fmt->regs, name, strlen(name));
								if (!rg)
									continue;
								a = rg->offset;
							}
							if (na < 4096 && a < 0x40000)
								addrs[na++] = a;
						}
					}
		}
		CHECK(na > 200, "%s: %zu register operands", g->name, na);
		struct gk_lint *l = gk_lint_open(g->fmt);
		CHECK(l != NULL, "%s: a linter", g->name);
		if (!l)
			continue;
		build(m, g, GK_LINT_DRAW, NULL);
		apply(m, g->fmt, disp_base);
		/* the state built above is not in the bitmap: the first event
		 * with it must read every register */
		memset(written, 0, sizeof written);
		struct gk_lint_regs regs = { map_get, m, NULL, nwritten ? written : NULL, nwritten };
		struct gk_lint_regs plain = { map_get, m, NULL, NULL, 0 };
		unsigned mismatches = 0, broken_seen = 0;
		for (unsigned step = 0; step < 400; step++) {
			unsigned nmut = 1 + rnd() % 6;
			for (unsigned k = 0; k < nmut; k++) {
				uint32_t a = addrs[rnd() % na], ix = a >> 2, pick = rnd() % 8;
				uint32_t bit = ix / GK_LINT_WRITTEN_REGS;
				if (bit / 64 < 64)
					written[bit / 64] |= 1ull << (bit % 64);
				static const uint32_t vals[] = { 0, 1, 0xf, 0xff, 0x1000000, 0x20000000, 0xffffffff };
				if (pick == 0) {
					m->w[ix] = 0;
				} else {
					m->w[ix] = 1;
					m->val[ix] = pick == 1 ? rnd() : pick == 2 ? m->val[ix] ^ (1u << (rnd() % 32))
										 : vals[rnd() % 7];
				}
			}
			unsigned kind = step % 3 == 2 ? GK_LINT_DISPATCH : GK_LINT_DRAW;
			const struct gk_packet *pkt = kind == GK_LINT_DRAW ? &g->draw : step % 2 ? &g->disp : &g->disp_noen;
			struct gk_lint_event ev = { kind, pkt };
			struct gk_lint_select sel, *ps = NULL;
			/* selections that leave out the rules of one kind of event, or
			 * all of them: the registers those rules alone read are then not
			 * read, and a change in between must still be seen when they run */
			static const char *const sels[] = { "8", "3.2", "-all", "2,3.1" };
			unsigned si = step % 5 == 4 ? 0 : step % 7 == 6 ? 1 : step % 11 == 10 ? 2 : step % 13 == 12 ? 3 : 4;
			if (si < 4) {
				gk_lint_select_parse(&sel, sels[si], strlen(sels[si]), NULL);
				ps = &sel;
			}
			struct gk_diags a, b;
			memset(&a, 0, sizeof a);
			memset(&b, 0, sizeof b);
			int na2 = gk_lint_check(l, &ev, NULL, nwritten && step % 17 == 16 ? &plain : &regs, ps, &a);
			int nb = gk_lint_event(g->fmt, &ev, &plain, ps, &b);
			bool same = na2 == nb && a.n == b.n && a.errors == b.errors && a.warnings == b.warnings &&
				    a.dropped == b.dropped;
			for (unsigned d = 0; same && d < a.n && d < GK_MAX_DIAGS; d++)
				same = !strcmp(a.d[d].message, b.d[d].message) && a.d[d].rule == b.d[d].rule &&
				       a.d[d].offset == b.d[d].offset && a.d[d].severity == b.d[d].severity &&
				       (a.d[d].field == b.d[d].field || (a.d[d].field && b.d[d].field && !strcmp(a.d[d].field, b.d[d].field)));
			if (!same && mismatches++ < 3) {
				printf("# %s step %u: kept linter %d broken, fresh %d\n", g->name, step, na2, nb);
				show(&a);
				printf("# fresh:\n");
				show(&b);
			}
			broken_seen += nb > 0;
		}
		CHECK(mismatches == 0,
		      "%s: a linter kept over 400 events says what a fresh one says (%u differ; written bitmap of %zu words)",
		      g->name, mismatches, nwritten);
		CHECK(broken_seen > 100, "%s: the random states broke rules (%u events)", g->name, broken_seen);
		gk_lint_close(l);
	}
}

/* One executor over three runs: lint (a clean state), a plain run that
 * breaks a rule (the executor marks no written registers outside lint
 * runs), lint of a draw alone.  The kept linter must see what the plain
 * run changed, as a fresh executor's linter does. */
static void test_runs_kept(struct gen *g, struct map *m)
{
	struct gk_membuf text = { 0 };
	struct map *none = calloc(1, sizeof *none);
	struct gk_mem *mem = gk_mem_create(0);
	struct gk_exec *x = mem ? gk_exec_create(g->e, mem, NULL) : NULL;
	CHECK(none && x, "an executor");
	if (!none || !x)
		goto out;
	const struct lcase *k = &cases[0];
	build(m, g, k->kind, k->follow);
	CHECK(lint_stream_on(x, true, g, m, &g->draw, &text) == 0, "run 1 (lint) is clean:\n%s", text.p);
	apply(m, g->fmt, k->brk);
	int want = lint_stream(g, m, &g->draw, &text);
	CHECK(want > 0, "%s broken in a fresh executor (%d)", k->rule, want);
	CHECK(lint_stream_on(x, false, g, m, &g->draw, &text) == 0, "run 2 (plain) completes");
	int got = lint_stream_on(x, true, g, none, &g->draw, &text);
	CHECK(got == want, "run 3 (lint of a draw alone) sees run 2's state: %d broken, a fresh executor %d:\n%s", got,
	      want, text.p);
out:
	gk_exec_destroy(x);
	gk_mem_destroy(mem);
	free(none);
	free(text.p);
}

int main(void)
{
	struct gen gens[2];
	gen_open(&gens[0], "evergreen", GK_LINT_EVERGREEN);
	gen_open(&gens[1], "cayman", GK_LINT_CAYMAN);
	CHECK(gens[0].fmt && gens[1].fmt, "engines");
	struct map *m = calloc(1, sizeof *m);
	if (!gens[0].fmt || !gens[1].fmt || !m)
		return tl_done();
	test_coverage();
	test_names(gens);
	test_docs();
	test_severity();
	test_clean(gens, m);
	test_cases(gens, m);
	test_example(&gens[0], m);
	test_json(&gens[1], m);
	test_kernel_default(&gens[0], m);
	test_kernel_default(&gens[1], m);
	test_api_edges(&gens[0], m);
	test_prepared(gens, m);
	test_incremental(gens, m, 0);
	test_incremental(gens, m, 64);
	test_incremental(gens, m, 40);
	test_runs_kept(&gens[0], m);
	test_unwritten_list(&gens[0], m);
	free(m);
	gk_engine_close(gens[0].e);
	gk_engine_close(gens[1].e);
	return tl_done();
}

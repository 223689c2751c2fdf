/* PM4 framing (seed 001 §9.1): packet types, COUNT, generations and chips. */
#include <stdbool.h>
#include <string.h>

#include "gfxkit/lint.h"
#include "gfxkit/pm4.h"
#include "gfxkit/stream.h"
#include "gfxkit/unit.h"
#include "engine_ops.h" /* src/core */
#include "layout.h"     /* src/core */
#include "pm4_tab.h"

struct gpu_alias {
	const char *name;
	unsigned gen;
};

/* Chip names as aliases of their generation: R600-Cayman from the kernel's
 * radeon_family.h; GFX6+ from amdgpu_family / Mesa's chip names and LLVM's
 * AMDGPU processor table ("User Guide for AMDGPU Backend", Processors), whose
 * gfxNNN names are aliases too.  Compared without regard to case. */
static const struct gpu_alias gpus[] = {
	{ "r600", GK_PM4_R600 }, { "rv610", GK_PM4_R600 }, { "rv630", GK_PM4_R600 },
	{ "rv620", GK_PM4_R600 }, { "rv635", GK_PM4_R600 }, { "rv670", GK_PM4_R600 },
	{ "rs780", GK_PM4_R600 }, { "rs880", GK_PM4_R600 },
	{ "r700", GK_PM4_R700 }, { "rv770", GK_PM4_R700 }, { "rv730", GK_PM4_R700 },
	{ "rv710", GK_PM4_R700 }, { "rv740", GK_PM4_R700 },
	{ "evergreen", GK_PM4_EVERGREEN }, { "cypress", GK_PM4_EVERGREEN },
	{ "hemlock", GK_PM4_EVERGREEN }, { "juniper", GK_PM4_EVERGREEN },
	{ "redwood", GK_PM4_EVERGREEN }, { "cedar", GK_PM4_EVERGREEN }, { "sumo", GK_PM4_EVERGREEN },
	{ "sumo2", GK_PM4_EVERGREEN }, { "palm", GK_PM4_EVERGREEN }, { "barts", GK_PM4_EVERGREEN },
	{ "turks", GK_PM4_EVERGREEN }, { "caicos", GK_PM4_EVERGREEN },
	{ "cayman", GK_PM4_CAYMAN }, { "aruba", GK_PM4_CAYMAN },
	{ "gfx6", GK_PM4_GFX6 }, { "si", GK_PM4_GFX6 }, { "tahiti", GK_PM4_GFX6 }, { "pitcairn", GK_PM4_GFX6 },
	{ "verde", GK_PM4_GFX6 }, { "oland", GK_PM4_GFX6 }, { "hainan", GK_PM4_GFX6 },
	{ "gfx600", GK_PM4_GFX6 }, { "gfx601", GK_PM4_GFX6 }, { "gfx602", GK_PM4_GFX6 },
	{ "gfx7", GK_PM4_GFX7 }, { "cik", GK_PM4_GFX7 }, { "bonaire", GK_PM4_GFX7 }, { "hawaii", GK_PM4_GFX7 },
	{ "kaveri", GK_PM4_GFX7 }, { "kabini", GK_PM4_GFX7 }, { "mullins", GK_PM4_GFX7 },
	{ "gfx700", GK_PM4_GFX7 }, { "gfx701", GK_PM4_GFX7 }, { "gfx702", GK_PM4_GFX7 },
	{ "gfx703", GK_PM4_GFX7 }, { "gfx704", GK_PM4_GFX7 }, { "gfx705", GK_PM4_GFX7 },
	{ "gfx8", GK_PM4_GFX8 }, { "vi", GK_PM4_GFX8 }, { "iceland", GK_PM4_GFX8 }, { "topaz", GK_PM4_GFX8 },
	{ "tonga", GK_PM4_GFX8 }, { "fiji", GK_PM4_GFX8 }, { "polaris10", GK_PM4_GFX8 },
	{ "polaris11", GK_PM4_GFX8 }, { "polaris12", GK_PM4_GFX8 }, { "vegam", GK_PM4_GFX8 },
	{ "carrizo", GK_PM4_GFX8 }, { "gfx801", GK_PM4_GFX8 }, { "gfx802", GK_PM4_GFX8 },
	{ "gfx803", GK_PM4_GFX8 }, { "gfx805", GK_PM4_GFX8 },
	/* Mesa's ac_debug reads Stoney's registers from its gfx81 table */
	{ "gfx81", GK_PM4_GFX81 }, { "stoney", GK_PM4_GFX81 }, { "gfx810", GK_PM4_GFX81 },
	{ "gfx9", GK_PM4_GFX9 }, { "vega10", GK_PM4_GFX9 }, { "vega12", GK_PM4_GFX9 }, { "vega20", GK_PM4_GFX9 },
	{ "raven", GK_PM4_GFX9 }, { "raven2", GK_PM4_GFX9 }, { "picasso", GK_PM4_GFX9 },
	{ "arcturus", GK_PM4_GFX9 }, { "aldebaran", GK_PM4_GFX9 }, { "renoir", GK_PM4_GFX9 },
	{ "cezanne", GK_PM4_GFX9 }, { "green_sardine", GK_PM4_GFX9 }, { "lucienne", GK_PM4_GFX9 },
	{ "gfx900", GK_PM4_GFX9 }, { "gfx902", GK_PM4_GFX9 }, { "gfx904", GK_PM4_GFX9 },
	{ "gfx906", GK_PM4_GFX9 }, { "gfx908", GK_PM4_GFX9 }, { "gfx909", GK_PM4_GFX9 },
	{ "gfx90a", GK_PM4_GFX9 }, { "gfx90c", GK_PM4_GFX9 },
	{ "gfx10", GK_PM4_GFX10 }, { "navi10", GK_PM4_GFX10 }, { "navi12", GK_PM4_GFX10 },
	{ "navi14", GK_PM4_GFX10 }, { "cyan_skillfish", GK_PM4_GFX10 }, { "gfx1010", GK_PM4_GFX10 },
	{ "gfx1011", GK_PM4_GFX10 }, { "gfx1012", GK_PM4_GFX10 }, { "gfx1013", GK_PM4_GFX10 },
	{ "gfx10.3", GK_PM4_GFX103 }, { "gfx103", GK_PM4_GFX103 }, { "navi21", GK_PM4_GFX103 },
	{ "navi22", GK_PM4_GFX103 }, { "navi23", GK_PM4_GFX103 }, { "navi24", GK_PM4_GFX103 },
	{ "sienna_cichlid", GK_PM4_GFX103 }, { "navy_flounder", GK_PM4_GFX103 },
	{ "dimgrey_cavefish", GK_PM4_GFX103 }, { "beige_goby", GK_PM4_GFX103 }, { "vangogh", GK_PM4_GFX103 },
	{ "rembrandt", GK_PM4_GFX103 }, { "yellow_carp", GK_PM4_GFX103 }, { "raphael", GK_PM4_GFX103 },
	{ "mendocino", GK_PM4_GFX103 }, { "gfx1030", GK_PM4_GFX103 }, { "gfx1031", GK_PM4_GFX103 },
	{ "gfx1032", GK_PM4_GFX103 }, { "gfx1033", GK_PM4_GFX103 }, { "gfx1034", GK_PM4_GFX103 },
	{ "gfx1035", GK_PM4_GFX103 }, { "gfx1036", GK_PM4_GFX103 },
	{ "gfx11", GK_PM4_GFX11 }, { "navi31", GK_PM4_GFX11 }, { "navi32", GK_PM4_GFX11 },
	{ "navi33", GK_PM4_GFX11 }, { "phoenix", GK_PM4_GFX11 }, { "hawk_point", GK_PM4_GFX11 },
	{ "gfx1100", GK_PM4_GFX11 }, { "gfx1101", GK_PM4_GFX11 }, { "gfx1102", GK_PM4_GFX11 },
	{ "gfx1103", GK_PM4_GFX11 },
	{ "gfx11.5", GK_PM4_GFX115 }, { "gfx115", GK_PM4_GFX115 }, { "strix", GK_PM4_GFX115 },
	{ "strix_halo", GK_PM4_GFX115 }, { "krackan", GK_PM4_GFX115 }, { "gfx1150", GK_PM4_GFX115 },
	{ "gfx1151", GK_PM4_GFX115 }, { "gfx1152", GK_PM4_GFX115 }, { "gfx1153", GK_PM4_GFX115 },
	{ "gfx12", GK_PM4_GFX12 }, { "navi44", GK_PM4_GFX12 }, { "navi48", GK_PM4_GFX12 },
	{ "gfx1200", GK_PM4_GFX12 }, { "gfx1201", GK_PM4_GFX12 },
};

/* What each generation brings: its name, register table and spaces. */
struct gen_info {
	unsigned bit;
	const char *name;
	const struct gk_reg_table *regs;
	const struct gk_space *spaces;
	const struct gk_reg_link *links; /* answered registers (pm4_reg_links.c) */
	const unsigned *nlinks;
};

static const struct gen_info gens[] = {
	{ GK_PM4_R600, "r600", &gk_pm4_regs_r600, gk_pm4_spaces_r600, NULL, NULL },
	{ GK_PM4_R700, "r700", &gk_pm4_regs_r700, gk_pm4_spaces_r600, NULL, NULL },
	{ GK_PM4_EVERGREEN, "evergreen", &gk_pm4_regs_evergreen, gk_pm4_spaces_evergreen, NULL, NULL },
	{ GK_PM4_CAYMAN, "cayman", &gk_pm4_regs_cayman, gk_pm4_spaces_evergreen, NULL, NULL },
	{ GK_PM4_GFX6, "gfx6", &gk_pm4_regs_gfx6, gk_pm4_spaces_gfx6, gk_pm4_reg_links_gfx6, &gk_pm4_nreg_links_gfx6 },
	{ GK_PM4_GFX7, "gfx7", &gk_pm4_regs_gfx7, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx7, &gk_pm4_nreg_links_gfx7 },
	{ GK_PM4_GFX8, "gfx8", &gk_pm4_regs_gfx8, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx8, &gk_pm4_nreg_links_gfx8 },
	{ GK_PM4_GFX81, "gfx81", &gk_pm4_regs_gfx81, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx81, &gk_pm4_nreg_links_gfx81 },
	{ GK_PM4_GFX9, "gfx9", &gk_pm4_regs_gfx9, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx9, &gk_pm4_nreg_links_gfx9 },
	{ GK_PM4_GFX10, "gfx10", &gk_pm4_regs_gfx10, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx10, &gk_pm4_nreg_links_gfx10 },
	{ GK_PM4_GFX103, "gfx10.3", &gk_pm4_regs_gfx103, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx103, &gk_pm4_nreg_links_gfx103 },
	{ GK_PM4_GFX11, "gfx11", &gk_pm4_regs_gfx11, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx11, &gk_pm4_nreg_links_gfx11 },
	{ GK_PM4_GFX115, "gfx11.5", &gk_pm4_regs_gfx115, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx115, &gk_pm4_nreg_links_gfx115 },
	{ GK_PM4_GFX12, "gfx12", &gk_pm4_regs_gfx12, gk_pm4_spaces_gfx7, gk_pm4_reg_links_gfx12, &gk_pm4_nreg_links_gfx12 },
};

const char *gk_pm4_gpu_help(void)
{
	return "r600 (rv610 rv630 rv620 rv635 rv670 rs780 rs880), r700 (rv770 rv730 rv710 rv740), "
	       "evergreen (cypress hemlock juniper redwood cedar sumo sumo2 palm barts turks caicos), "
	       "cayman (aruba), "
	       "gfx6 (si tahiti pitcairn verde oland hainan gfx600-gfx602), "
	       "gfx7 (cik bonaire hawaii kaveri kabini mullins gfx700-gfx705), "
	       "gfx8 (vi iceland topaz tonga fiji polaris10 polaris11 polaris12 vegam carrizo gfx801-gfx805), "
	       "gfx81 (stoney gfx810), "
	       "gfx9 (vega10 vega12 vega20 raven raven2 picasso arcturus aldebaran renoir cezanne green_sardine "
	       "lucienne gfx900-gfx90c), "
	       "gfx10 (navi10 navi12 navi14 cyan_skillfish gfx1010-gfx1013), "
	       "gfx10.3 (gfx103 navi21 navi22 navi23 navi24 sienna_cichlid navy_flounder dimgrey_cavefish "
	       "beige_goby vangogh rembrandt yellow_carp raphael mendocino gfx1030-gfx1036), "
	       "gfx11 (navi31 navi32 navi33 phoenix hawk_point gfx1100-gfx1103), "
	       "gfx11.5 (gfx115 strix strix_halo krackan gfx1150-gfx1153), "
	       "gfx12 (navi44 navi48 gfx1200 gfx1201); any case";
}

static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
		if (x != *b)
			return false;
	}
	return *a == *b;
}

/* GFX6+: a NOP with COUNT 0x3FFF is a one-dword pad (the kernel's and
 * Mesa's PACKET3_NOP 0x3FFF ring filler; umr frames it so too) */
static inline bool nop_pad(const struct gk_format *fmt, uint32_t h)
{
	return (h & 0xffffff00u) == 0xffff1000u && (fmt->gen_bit & GK_PM4_GCN); /* type 3, COUNT 0x3fff, NOP */
}

/* pm4_frame's length from the header alone (pm4_span): types
 * 0 and 3 COUNT + 2, type 1 and 2 and a NOP pad one dword */
static uint32_t pm4_header_len(const struct gk_format *fmt, uint32_t h)
{
	unsigned type = h >> 30;
	if (type == 1 || type == 2 || nop_pad(fmt, h))
		return 1;
	return ((h >> 16) & 0x3fff) + 2;
}

static size_t pm4_span(const struct gk_format *fmt, const uint32_t *p, size_t avail, size_t goal, bool *cut)
{
	return gk_span_by_header(fmt, p, avail, goal, cut, pm4_header_len);
}

static void pm4_frame(const struct gk_format *fmt, const uint32_t *p, size_t avail, struct gk_frame *out)
{
	(void)avail;
	uint32_t h = p[0];
	unsigned type = h >> 30;
	out->type = (uint8_t)type;
	out->opcode = -1;
	out->sub_opcode = -1;
	out->unknown = 0;
	out->other_gen = 0;
	switch (type) {
	case 0:
		out->desc = fmt->special[0];
		out->ndw = ((h >> 16) & 0x3fff) + 2;
		return;
	case 1:
		/* §9.1.2: no R6xx+ engine understands it, so no length can be
		 * trusted; resynchronise on the next dword. */
		out->desc = fmt->special[1];
		out->ndw = 1;
		return;
	case 2:
		out->desc = fmt->special[2];
		out->ndw = 1;
		return;
	default: {
		unsigned op = (h >> 8) & 0xff;
		out->opcode = (int32_t)op;
		out->ndw = ((h >> 16) & 0x3fff) + 2;
		if (nop_pad(fmt, h)) {
			out->ndw = 1;
			out->desc = gk_pm4_nop_pad;
			return;
		}
		out->desc = fmt->by_op[op];
		if (!out->desc) {
			out->desc = fmt->any_op[op];
			if (out->desc) {
				out->other_gen = 1;
			} else {
				/* no generation defines it: the raw PACKET3 form */
				out->desc = fmt->special[3];
				out->unknown = 1;
			}
		}
		return;
	}
	}
}

/* §9.1.2: type-1 packets frame (one dword, to resynchronise) but no
 * R6xx+ engine executes them; their description has no generation. */
static void pm4_check_framing(const struct gk_format *fmt, const struct gk_packet *pkt, struct gk_diags *out)
{
	const struct gk_packet_desc *d = pkt->frame.desc;
	if (pkt->frame.type == 1 && !(d->gens & fmt->gen_bit))
		gk_diags_add(out, pkt, GK_ERROR, GK_D_TYPE1, 0, 30, 31, "TYPE", "%s is not supported by any %s generation",
			     d->name, fmt->family);
}

/* §9.1.4 SHADER_TYPE (type-3 header bit 1): dispatches are compute, draws graphics. */
static void pm4_check_unit(const struct gk_format *fmt, const struct gk_unit *u, struct gk_diags *out)
{
	(void)fmt;
	const struct gk_packet *pkt = &u->pkt;
	const struct gk_packet_desc *d = u->desc;
	if (pkt->frame.type != 3 || !(d->flags & (GK_P_COMPUTE | GK_P_GRAPHICS | GK_P_SHADER0)))
		return;
	/* the type-3 header's bit 1: read from the word, so checking leaves the
	 * unit's other fields unread (gk_unit_fill) */
	unsigned shader_type = (pkt->dw[0] >> 1) & 1u;
	if ((d->flags & GK_P_COMPUTE) && !shader_type)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_SHADER_TYPE, 0, 1, 1, "SHADER_TYPE",
			     "%s needs SHADER_TYPE=COMPUTE (header bit 1)", d->name);
	if ((d->flags & GK_P_SHADER0) && shader_type)
		gk_diags_add(out, pkt, GK_ERROR, GK_D_SHADER_TYPE, 0, 1, 1, "SHADER_TYPE",
			     "%s takes no compute state: SHADER_TYPE must be 0", d->name);
	else if ((d->flags & GK_P_GRAPHICS) && shader_type)
		gk_diags_add(out, pkt, GK_WARNING, GK_D_SHADER_TYPE, 0, 1, 1, "SHADER_TYPE", "%s with SHADER_TYPE=COMPUTE",
			     d->name);
}

/* The generation a GPU name stands for (NULL: none). */
static const struct gen_info *gen_of(const char *gpu)
{
	unsigned gen = 0;
	for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (gpu && same_name(gpu, gpus[i].name))
			gen = gpus[i].gen;
	for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++)
		if (gens[i].bit == gen)
			return &gens[i];
	return NULL;
}

int gk_pm4_format_registers(struct gk_format *fmt, const char *gpu)
{
	const struct gen_info *gi = gen_of(gpu);
	if (!gi || !fmt)
		return -1;
	fmt->regs = gi->regs;
	fmt->reg_links = gi->links;
	fmt->nreg_links = gi->nlinks ? *gi->nlinks : 0;
	return 0;
}

int gk_pm4_format_init(struct gk_format *fmt, const char *gpu)
{
	const struct gen_info *gi = gen_of(gpu);
	if (!gi || !fmt || gk_pm4_ndescs > GK_MAX_DESCS)
		return -1;
	unsigned gen = gi->bit;
	memset(fmt, 0, sizeof *fmt);
	fmt->family = "pm4";
	fmt->source = "Radeon Evergreen/Northern Islands Acceleration";
	/* by generation bit (GK_PM4_R600 = bit 0 ... GK_PM4_GFX12 = bit 13) */
	static const char *const gen_names[16] = { "r600", "r700", "evergreen", "cayman", "gfx6", "gfx7", "gfx8",
						   "gfx81", "gfx9", "gfx10", "gfx10.3", "gfx11", "gfx11.5", "gfx12" };
	fmt->gen_names = gen_names;
	fmt->gen_bit = (uint16_t)gen;
	fmt->gen = gi->name;
	/* the Evergreen/Northern Islands guide's rules (src/lint) */
	fmt->lint_gen = (uint8_t)(gen == GK_PM4_EVERGREEN ? GK_LINT_EVERGREEN : gen == GK_PM4_CAYMAN ? GK_LINT_CAYMAN : 0);
	gk_pm4_format_registers(fmt, gpu);
	fmt->spaces = gi->spaces;
	/* R6xx-Cayman and GFX6+ reuse opcodes and names for different packets
	 * (INDIRECT_BUFFER is 0x32 before GFX6, 0x3F after): a packet of the other
	 * era is not one of this generation's, so it reads back as raw PACKET3 */
	fmt->kin_gens = (uint16_t)((gen & GK_PM4_GCN) ? GK_PM4_GCN : (GK_PM4_R600 | GK_PM4_R700 | GK_PM4_EVERGREEN |
									   GK_PM4_CAYMAN));
	fmt->nspaces = GK_PM4_NSPACES;
	fmt->descs = gk_pm4_descs;
	fmt->ndescs = gk_pm4_ndescs;
	fmt->max_packet_dw = 0x3fff + 2;
	fmt->frame = pm4_frame;
	fmt->span = pm4_span;
	fmt->check_framing = pm4_check_framing;
	fmt->check_unit = pm4_check_unit;
	fmt->opcode_field = "IT_OPCODE";
	fmt->opcode_lo = 8;
	fmt->opcode_hi = 15;
	gk_format_prepare(fmt);
	for (size_t i = 0; i < gk_pm4_ndescs; i++) {
		const struct gk_packet_desc *d = &gk_pm4_descs[i];
		if (d == gk_pm4_nop_pad)
			continue; /* chosen by pm4_frame, never by opcode */
		if (d->hdr != gk_pm4_hdr3) {
			/* PACKET0/1/2 by their TYPE constant */
			unsigned t = (unsigned)d->hdr[d->nhdr - 1].min;
			fmt->special[t & 3] = d;
			continue;
		}
		if (d->gens & gen)
			fmt->by_op[d->opcode & 0xff] = d;
		else if (!fmt->any_op[d->opcode & 0xff] && (d->gens & fmt->kin_gens))
			fmt->any_op[d->opcode & 0xff] = d;
	}
	/* what the hooks above look at: pm4_check_framing type-1 packets only,
	 * pm4_check_unit the packets with a SHADER_TYPE rule; the checker
	 * calls neither for other packets (gk_desc_fast.hooks) */
	for (size_t i = 0; i < gk_pm4_ndescs; i++) {
		const struct gk_packet_desc *d = &gk_pm4_descs[i];
		bool type1 = d->hdr != gk_pm4_hdr3 && d != gk_pm4_nop_pad && (d->hdr[d->nhdr - 1].min & 3) == 1;
		unsigned st = d->flags & (GK_P_COMPUTE | GK_P_GRAPHICS | GK_P_SHADER0);
		fmt->fast[i].hooks = (uint8_t)((type1 ? GK_HOOK_FRAMING : 0) | (st ? GK_HOOK_UNIT : 0));
		/* pm4_check_unit reads only SHADER_TYPE (header bit 1): quiet
		 * when a compute packet has it set, a graphics or SHADER0 one
		 * clear (both kinds at once: never quiet, left to the hook) */
		fmt->fast[i].unit_quiet = st == GK_P_COMPUTE || (st && !(st & GK_P_COMPUTE));
		fmt->fast[i].unit_qmask = 1u << 1;
		fmt->fast[i].unit_qvalue = st == GK_P_COMPUTE ? 1u << 1 : 0;
	}
	gk_format_plan_quiet(fmt); /* after the hooks above: gk_check_packet and the desc engine ask it */
	return 0;
}

static void *pm4_open(const char *gpu)
{
	return gk_desc_engine_new(gpu, gk_pm4_format_init);
}

const struct gk_engine_ops gk_pm4_engine_ops = GK_DESC_ENGINE_OPS("pm4", gk_pm4_gpu_help, pm4_open);

/* DMA/SDMA framing (seed 000; VI and later: the kernel's SDMA packet
 * headers): which description explains a header, and how long the packet
 * is.  Every packet's length is fixed by its opcode, sub-opcode and constant
 * header bits, except WRITE, whose COUNT (in the header on r6xx-SI, in DW4 /
 * DW9 from CIK on) says how many data dwords follow, and the SDMA NOP of VI
 * and later, whose COUNT ([29:16]) says how many dwords after it are its own. */
#include <string.h>

#include "gfxkit/dma.h"
#include "gfxkit/pm4.h"
#include "layout.h" /* src/core */
#include "engine_ops.h" /* src/core */
#include "dma_tab.h"

struct gpu_alias {
	const char *name;
	unsigned gen;
};

/* Chip names as aliases of their generation (kernel radeon_family.h; the DMA
 * engine of barts/turks/caicos is the evergreen one: evergreen_cs.c gates the
 * Cayman-only copies on family < CHIP_CAYMAN). */
static const struct gpu_alias gpus[] = {
	{ "r600", GK_DMA_R600 }, { "rv610", GK_DMA_R600 }, { "rv630", GK_DMA_R600 }, { "rv620", GK_DMA_R600 },
	{ "rv635", GK_DMA_R600 }, { "rv670", GK_DMA_R600 }, { "rs780", GK_DMA_R600 }, { "rs880", GK_DMA_R600 },
	{ "r700", GK_DMA_R700 }, { "rv770", GK_DMA_R700 }, { "rv730", GK_DMA_R700 }, { "rv710", GK_DMA_R700 },
	{ "rv740", GK_DMA_R700 },
	{ "evergreen", GK_DMA_EVERGREEN }, { "cypress", GK_DMA_EVERGREEN }, { "hemlock", GK_DMA_EVERGREEN },
	{ "juniper", GK_DMA_EVERGREEN }, { "redwood", GK_DMA_EVERGREEN }, { "cedar", GK_DMA_EVERGREEN },
	{ "sumo", GK_DMA_EVERGREEN }, { "sumo2", GK_DMA_EVERGREEN }, { "palm", GK_DMA_EVERGREEN },
	{ "barts", GK_DMA_EVERGREEN }, { "turks", GK_DMA_EVERGREEN }, { "caicos", GK_DMA_EVERGREEN },
	{ "cayman", GK_DMA_CAYMAN }, { "ni", GK_DMA_CAYMAN }, { "aruba", GK_DMA_CAYMAN },
	{ "si", GK_DMA_SI }, { "tahiti", GK_DMA_SI }, { "pitcairn", GK_DMA_SI }, { "verde", GK_DMA_SI },
	{ "oland", GK_DMA_SI }, { "hainan", GK_DMA_SI },
	{ "cik", GK_DMA_CIK }, { "bonaire", GK_DMA_CIK }, { "kaveri", GK_DMA_CIK }, { "kabini", GK_DMA_CIK },
	{ "hawaii", GK_DMA_CIK }, { "mullins", GK_DMA_CIK },
	/* VI and later, as amdgpu names the chips (amd_asic_type.h), their SDMA
	 * IP versions and, where one SDMA version has the whole GFX generation,
	 * its gfxN name (gfx8: SDMA 3.0, which every VI chip but topaz has) */
	{ "sdma2.4", GK_DMA_SDMA24 }, { "topaz", GK_DMA_SDMA24 }, { "iceland", GK_DMA_SDMA24 },
	{ "sdma3.0", GK_DMA_SDMA30 }, { "sdma3.1", GK_DMA_SDMA30 }, { "gfx8", GK_DMA_SDMA30 }, { "tonga", GK_DMA_SDMA30 },
	{ "fiji", GK_DMA_SDMA30 }, { "carrizo", GK_DMA_SDMA30 }, { "stoney", GK_DMA_SDMA30 },
	{ "polaris10", GK_DMA_SDMA30 }, { "polaris11", GK_DMA_SDMA30 }, { "polaris12", GK_DMA_SDMA30 },
	{ "vegam", GK_DMA_SDMA30 },
	{ "sdma4", GK_DMA_SDMA4 }, { "sdma4.0", GK_DMA_SDMA4 }, { "sdma4.1", GK_DMA_SDMA4 }, { "sdma4.2", GK_DMA_SDMA4 },
	{ "sdma4.4", GK_DMA_SDMA4 }, { "sdma4.4.2", GK_DMA_SDMA4 }, { "gfx9", GK_DMA_SDMA4 }, { "vega10", GK_DMA_SDMA4 },
	{ "vega12", GK_DMA_SDMA4 }, { "vega20", GK_DMA_SDMA4 }, { "raven", GK_DMA_SDMA4 }, { "raven2", GK_DMA_SDMA4 },
	{ "picasso", GK_DMA_SDMA4 }, { "renoir", GK_DMA_SDMA4 }, { "green_sardine", GK_DMA_SDMA4 },
	{ "arcturus", GK_DMA_SDMA4 }, { "aldebaran", GK_DMA_SDMA4 }, { "aqua_vanjaram", GK_DMA_SDMA4 },
	{ "sdma5", GK_DMA_SDMA5 }, { "sdma5.0", GK_DMA_SDMA5 }, { "sdma5.2", GK_DMA_SDMA5 }, { "gfx10", GK_DMA_SDMA5 },
	{ "gfx10.3", GK_DMA_SDMA5 }, { "navi10", GK_DMA_SDMA5 }, { "navi12", GK_DMA_SDMA5 }, { "navi14", GK_DMA_SDMA5 },
	{ "cyan_skillfish", GK_DMA_SDMA5 }, { "sienna_cichlid", GK_DMA_SDMA5 }, { "navi21", GK_DMA_SDMA5 },
	{ "navy_flounder", GK_DMA_SDMA5 }, { "navi22", GK_DMA_SDMA5 }, { "dimgrey_cavefish", GK_DMA_SDMA5 },
	{ "navi23", GK_DMA_SDMA5 }, { "beige_goby", GK_DMA_SDMA5 }, { "navi24", GK_DMA_SDMA5 }, { "vangogh", GK_DMA_SDMA5 },
	{ "yellow_carp", GK_DMA_SDMA5 }, { "rembrandt", GK_DMA_SDMA5 }, { "raphael", GK_DMA_SDMA5 },
	{ "mendocino", GK_DMA_SDMA5 },
	{ "sdma6", GK_DMA_SDMA6 }, { "sdma6.0", GK_DMA_SDMA6 }, { "sdma6.1", GK_DMA_SDMA6 }, { "gfx11", GK_DMA_SDMA6 },
	{ "navi31", GK_DMA_SDMA6 }, { "navi32", GK_DMA_SDMA6 }, { "navi33", GK_DMA_SDMA6 }, { "phoenix", GK_DMA_SDMA6 },
	{ "hawk_point", GK_DMA_SDMA6 }, { "strix", GK_DMA_SDMA6 }, { "strix_halo", GK_DMA_SDMA6 },
	{ "sdma7", GK_DMA_SDMA7 }, { "sdma7.0", GK_DMA_SDMA7 }, { "gfx12", GK_DMA_SDMA7 }, { "navi44", GK_DMA_SDMA7 },
	{ "navi48", GK_DMA_SDMA7 },
	/* LLVM's processor names, as devcoredumps and the other engines give
	 * the GPU (gfx802 is both iceland, SDMA 2.4, and tonga, SDMA 3.0: not
	 * taken; gfx1013 is cyan_skillfish, SDMA 5.0; gfx940-942 aqua_vanjaram,
	 * SDMA 4.4.2) */
	{ "gfx801", GK_DMA_SDMA30 }, { "gfx803", GK_DMA_SDMA30 }, { "gfx805", GK_DMA_SDMA30 },
	{ "gfx810", GK_DMA_SDMA30 },
	{ "gfx900", GK_DMA_SDMA4 }, { "gfx902", GK_DMA_SDMA4 }, { "gfx904", GK_DMA_SDMA4 }, { "gfx906", GK_DMA_SDMA4 },
	{ "gfx908", GK_DMA_SDMA4 }, { "gfx909", GK_DMA_SDMA4 }, { "gfx90a", GK_DMA_SDMA4 }, { "gfx90c", GK_DMA_SDMA4 },
	{ "gfx940", GK_DMA_SDMA4 }, { "gfx941", GK_DMA_SDMA4 }, { "gfx942", GK_DMA_SDMA4 },
	{ "gfx1010", GK_DMA_SDMA5 }, { "gfx1011", GK_DMA_SDMA5 }, { "gfx1012", GK_DMA_SDMA5 }, { "gfx1013", GK_DMA_SDMA5 },
	{ "gfx1030", GK_DMA_SDMA5 }, { "gfx1031", GK_DMA_SDMA5 }, { "gfx1032", GK_DMA_SDMA5 }, { "gfx1033", GK_DMA_SDMA5 },
	{ "gfx1034", GK_DMA_SDMA5 }, { "gfx1035", GK_DMA_SDMA5 }, { "gfx1036", GK_DMA_SDMA5 },
	{ "gfx1100", GK_DMA_SDMA6 }, { "gfx1101", GK_DMA_SDMA6 }, { "gfx1102", GK_DMA_SDMA6 }, { "gfx1103", GK_DMA_SDMA6 },
	{ "gfx1150", GK_DMA_SDMA6 }, { "gfx1151", GK_DMA_SDMA6 }, { "gfx1152", GK_DMA_SDMA6 }, { "gfx1153", GK_DMA_SDMA6 },
	{ "gfx11.5", GK_DMA_SDMA6 },
	{ "gfx1200", GK_DMA_SDMA7 }, { "gfx1201", GK_DMA_SDMA7 },
};

/* The GFX9-12 surface configuration (a chip of include/gfxkit/swizzle.h)
 * SDMA 4+ tiled copies are laid out with, by GPU name: only the chips the
 * tiling table has a row of that name for (docs/tiling.md "Chips": vega10
 * is the real Vega10 GB_ADDR_CONFIG, the others Mesa's configurations of a
 * chip of that family), and LLVM's names of the same chips (AMDGPUUsage:
 * gfx900 Vega10, gfx902 Raven, gfx906 Vega20, gfx909 Raven2, gfx1010
 * Navi10, gfx1012 Navi14, gfx1030 Navi21, gfx1100 Navi31, gfx1103 Phoenix,
 * gfx1201 Navi48).  Another GPU has none: its tiled copies are not run. */
static const struct {
	const char *gpu, *swz;
} swz_chips[] = {
	{ "vega10", "vega10" }, { "gfx900", "vega10" }, { "vega20", "vega20" }, { "gfx906", "vega20" },
	{ "raven", "raven" },   { "gfx902", "raven" },  { "raven2", "raven2" }, { "gfx909", "raven2" },
	{ "navi10", "navi10" }, { "gfx1010", "navi10" }, { "navi14", "navi14" }, { "gfx1012", "navi14" },
	{ "navi21", "navi21" }, { "gfx1030", "navi21" }, { "navi31", "navi31" }, { "gfx1100", "navi31" },
	{ "phoenix", "phoenix" }, { "gfx1103", "phoenix" }, { "navi48", "navi48" }, { "gfx1201", "navi48" },
};

const char *gk_dma_gpu_help(void)
{
	return "r600 (rv610 rv630 rv620 rv635 rv670 rs780 rs880), r700 (rv770 rv730 rv710 rv740), "
	       "evergreen (cypress hemlock juniper redwood cedar sumo sumo2 palm barts turks caicos), "
	       "cayman (ni aruba), si (tahiti pitcairn verde oland hainan), "
	       "cik (bonaire kaveri kabini hawaii mullins), sdma2.4 (topaz iceland), "
	       "sdma3.0 (sdma3.1 gfx8 tonga fiji carrizo stoney polaris10 polaris11 polaris12 vegam), "
	       "sdma4 (sdma4.0 sdma4.1 sdma4.2 sdma4.4 sdma4.4.2 gfx9 vega10 vega12 vega20 raven raven2 picasso renoir "
	       "green_sardine arcturus aldebaran aqua_vanjaram), "
	       "sdma5 (sdma5.0 sdma5.2 gfx10 gfx10.3 navi10 navi12 navi14 cyan_skillfish sienna_cichlid navi21 "
	       "navy_flounder navi22 dimgrey_cavefish navi23 beige_goby navi24 vangogh yellow_carp rembrandt raphael "
	       "mendocino), sdma6 (sdma6.0 sdma6.1 gfx11 navi31 navi32 navi33 phoenix hawk_point strix strix_halo), "
	       "sdma7 (sdma7.0 gfx12 navi44 navi48), and LLVM's names gfx801-gfx810 (not gfx802), gfx900-gfx942, "
	       "gfx1010-gfx1036, gfx1100-gfx1153, gfx1200, gfx1201";
}

/* Generations that share a header layout: r6xx/r7xx (count [15:0]),
 * evergreen..SI (sub-command [27:20], count [19:0]), CIK, and every SDMA
 * after it (op [7:0], sub-op [15:8]). */
static unsigned header_kind(unsigned gen)
{
	if (gen & (GK_DMA_R600 | GK_DMA_R700))
		return GK_DMA_R600 | GK_DMA_R700;
	if (gen & (GK_DMA_EVERGREEN | GK_DMA_CAYMAN | GK_DMA_SI))
		return GK_DMA_EVERGREEN | GK_DMA_CAYMAN | GK_DMA_SI;
	/* CIK's packets and those after it share the layout, but are kept apart:
	 * a header CIK lacks stays unknown there (the seed's rule) */
	if (gen & GK_DMA_CIK)
		return GK_DMA_CIK;
	/* and SDMA 4 apart from 5-7: its DUMMY_TRAP is op 16, theirs 32 (16 is
	 * their GPUVM_INV), so a name must select the same header in a group */
	if (gen & (GK_DMA_SDMA24 | GK_DMA_SDMA30))
		return GK_DMA_SDMA24 | GK_DMA_SDMA30;
	if (gen & GK_DMA_SDMA4)
		return GK_DMA_SDMA4;
	return GK_DMA_SDMA5 | GK_DMA_SDMA6 | GK_DMA_SDMA7;
}

static void dma_frame(const struct gk_format *fmt, const uint32_t *p, size_t avail, struct gk_frame *out)
{
	uint32_t h = p[0];
	bool cik = (fmt->gen_bit & (GK_DMA_CIK | GK_DMA_SDMA_VI_PLUS)) != 0;
	unsigned op = cik ? (h & 0xffu) : (h >> 28);
	out->type = 0;
	out->opcode = (int32_t)op;
	/* the JSON contract: [27:20] on evergreen..SI, [15:8] on CIK */
	out->sub_opcode = cik ? (int32_t)((h >> 8) & 0xffu)
		       : (fmt->gen_bit & (GK_DMA_R600 | GK_DMA_R700)) ? -1 : (int32_t)((h >> 20) & 0xffu);
	out->unknown = 0;
	out->other_gen = 0;
	out->desc = 0;
	out->ndw = 1;

	/* the first description of this generation whose selecting header bits
	 * match, else one of another generation with the same header layout */
	const struct gk_packet_desc *mine = 0, *other = 0;
	unsigned found = 0xffu; /* the description's index: its framing plan */
	/* the chain holds this generation's descriptions, then its kin's
	 * (gk_format_prepare with kin_gens) */
	for (unsigned k = fmt->op_head[op & 0xffu]; k != 0xffu; k = fmt->sel[k].next) {
		if ((h & fmt->sel[k].mask) != fmt->sel[k].value)
			continue;
		const struct gk_packet_desc *d = &fmt->descs[k];
		if (d->gens & fmt->gen_bit) {
			mine = d;
			found = k;
			break;
		}
		if (!other) {
			other = d;
			found = k;
		}
	}
	const struct gk_packet_desc *d = mine ? mine : other;
	if (!d) {
		/* nothing has this header: one raw dword, then resynchronise
		 * (the kernel checkers reject the stream here) */
		out->unknown = 1;
		return;
	}
	out->desc = d;
	out->other_gen = !mine;
	/* the length by the plan gk_format_prepare made of the rule below
	 * (the count field found once, not per packet) */
	const struct gk_desc_sel *sel = &fmt->sel[found];
	if (sel->len_kind == GK_LEN_FIXED) {
		out->ndw = sel->len_add;
		return;
	}
	if (sel->len_kind == GK_LEN_COUNT && sel->len_dw < avail) {
		out->ndw = ((p[sel->len_dw] >> sel->len_lo) & sel->len_mask) + sel->len_add;
		return;
	}
	if (d->max_dw == d->min_dw) {
		out->ndw = d->min_dw;
		return;
	}
	const struct gk_field *cf = gk_count_field(d);
	unsigned at = cf ? cf->seg[0].dw : 0;
	if (!cf || at >= avail) {
		/* the count is past the end of the buffer: at least this long */
		out->ndw = at + 1u > d->min_dw ? at + 1u : d->min_dw;
		return;
	}
	out->ndw = (uint32_t)(gk_fget(cf, p, avail) + cf->min);
}

/* The registers a DMA ring names (SDMA's SRBM_WRITE ADDR and POLL_REGMEM
 * REGISTER and REQ_REGISTER; Evergreen-CIK's SRBM_WRITE, SRBM_READ and
 * POLL_REG_MEM REGISTER, byte addresses) are the GPU's, not the engine's: the same
 * tables the GPU's gfx and compute rings are read with (src/pm4), with the
 * register links that answer a write (the HDP flush request, the VM hubs'
 * TLB invalidation requests: sdma_v4_0_ring_emit_hdp_flush and
 * amdgpu_ring_emit_reg_write_reg_wait_helper).  A chip name finds its
 * generation there; an SDMA IP version is taken for the graphics IP it
 * ships with (amdgpu_discovery.c pairs them). */
static const struct {
	unsigned gen;
	const char *gfx;
} dma_gfx[] = {
	/* r6xx/r7xx DMA names no register */
	{ GK_DMA_EVERGREEN, "evergreen" }, { GK_DMA_CAYMAN, "cayman" }, { GK_DMA_SI, "gfx6" }, { GK_DMA_CIK, "gfx7" },
	{ GK_DMA_SDMA24, "gfx8" }, { GK_DMA_SDMA30, "gfx8" }, { GK_DMA_SDMA4, "gfx9" },
	{ GK_DMA_SDMA5, "gfx10" }, { GK_DMA_SDMA6, "gfx11" }, { GK_DMA_SDMA7, "gfx12" },
};
static const struct {
	const char *sdma, *gfx;
} sdma_ip_gfx[] = {
	{ "sdma3.1", "gfx81" }, { "sdma5.2", "gfx10.3" }, { "sdma6.1", "gfx11.5" },
};

static void dma_registers(struct gk_format *fmt, const char *gpu, unsigned gen)
{
	const char *name = gpu;
	for (size_t i = 0; i < sizeof sdma_ip_gfx / sizeof sdma_ip_gfx[0]; i++)
		if (strcmp(gpu, sdma_ip_gfx[i].sdma) == 0)
			name = sdma_ip_gfx[i].gfx;
	if (gk_pm4_format_registers(fmt, name) == 0)
		return;
	for (size_t i = 0; i < sizeof dma_gfx / sizeof dma_gfx[0]; i++)
		if (dma_gfx[i].gen == gen)
			gk_pm4_format_registers(fmt, dma_gfx[i].gfx);
}

int gk_dma_format_init(struct gk_format *fmt, const char *gpu)
{
	unsigned gen = 0;
	const char *name = 0;
	for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (gpu && strcmp(gpu, gpus[i].name) == 0)
			gen = gpus[i].gen;
	if (!gen || !fmt || gk_dma_ndescs > GK_MAX_DESCS)
		return -1;
	switch (gen) {
	case GK_DMA_R600: name = "r600"; break;
	case GK_DMA_R700: name = "r700"; break;
	case GK_DMA_EVERGREEN: name = "evergreen"; break;
	case GK_DMA_CAYMAN: name = "cayman"; break;
	case GK_DMA_SI: name = "si"; break;
	case GK_DMA_CIK: name = "cik"; break;
	case GK_DMA_SDMA24: name = "sdma2.4"; break;
	case GK_DMA_SDMA30: name = "sdma3.0"; break;
	case GK_DMA_SDMA4: name = "sdma4"; break;
	case GK_DMA_SDMA5: name = "sdma5"; break;
	case GK_DMA_SDMA6: name = "sdma6"; break;
	default: name = "sdma7"; break;
	}
	bool sdma = (gen & GK_DMA_SDMA_VI_PLUS) != 0;
	memset(fmt, 0, sizeof *fmt);
	fmt->family = "dma";
	fmt->source = sdma ? "the kernel's SDMA packet headers (*_sdma_pkt_open.h)" : "the DMA packet reference (r6xx-CIK)";
	/* by generation bit (GK_DMA_R600 = bit 0 ... GK_DMA_SDMA7 = bit 11) */
	static const char *const gen_names[16] = { "r600", "r700", "evergreen", "cayman", "si", "cik",
						   "sdma2.4", "sdma3.0", "sdma4", "sdma5", "sdma6", "sdma7" };
	fmt->gen_names = gen_names;
	fmt->gen = name;
	fmt->gen_bit = (uint16_t)gen;
	fmt->descs = gk_dma_descs;
	fmt->ndescs = gk_dma_ndescs;
	/* WRITE: a 16-bit count + 5 on r6xx/r7xx, 20 bits + 7 (EG-SI) or + 9 (CIK);
	 * from VI on a 22-bit WRITE_TILED count + 9 (+ 10 from SDMA 4 on) */
	fmt->max_packet_dw = gen & (GK_DMA_R600 | GK_DMA_R700) ? 0xffffu + 5u
			     : gen == GK_DMA_CIK			? 0xfffffu + 9u
			     : sdma					? 0x3fffffu + 10u
								: 0xfffffu + 7u;
	fmt->frame = dma_frame;
	fmt->frame_by_header = 1; /* dma_frame reads past p[0] only for a count past dword 0 */
	fmt->has_sub_opcode = 1;
	fmt->kin_gens = (uint16_t)header_kind(gen);
	fmt->opcode_field = sdma ? "OP" : gen == GK_DMA_CIK ? "OPCODE" : "COMMAND";
	for (size_t i = 0; i < sizeof swz_chips / sizeof swz_chips[0]; i++)
		if (strcmp(gpu, swz_chips[i].gpu) == 0)
			fmt->swz_chip = swz_chips[i].swz;
	fmt->opcode_lo = gen & (GK_DMA_CIK | GK_DMA_SDMA_VI_PLUS) ? 0 : 28;
	fmt->opcode_hi = gen & (GK_DMA_CIK | GK_DMA_SDMA_VI_PLUS) ? 7 : 31;
	dma_registers(fmt, gpu, gen);
	gk_format_prepare(fmt);
	/* what dma_frame reads of a header: the opcode and sub-opcode it
	 * reports and the bits that select a description; a count in dword
	 * 0 (a copy's byte count on Evergreen-SI, a NOP's on SDMA) is the
	 * plan's, so the desc engine frames headers that differ only there
	 * from one kept frame */
	uint32_t bits = gen & (GK_DMA_CIK | GK_DMA_SDMA_VI_PLUS) ? 0xffffu : 0xfff00000u;
	for (unsigned op = 0; op < 256; op++) /* the chains dma_frame walks */
		for (unsigned k = fmt->op_head[op], steps = 0; k != 0xffu && k < GK_MAX_DESCS && steps < GK_MAX_DESCS;
		     k = fmt->sel[k].next, steps++)
			bits |= fmt->sel[k].mask;
	fmt->frame_hdr_bits = bits;
	gk_format_plan_quiet(fmt); /* after the hooks above: gk_check_packet and the desc engine ask it */
	return 0;
}

static void *dma_open(const char *gpu)
{
	return gk_desc_engine_new(gpu, gk_dma_format_init);
}

const struct gk_engine_ops gk_dma_engine_ops = GK_DESC_ENGINE_OPS("dma", gk_dma_gpu_help, dma_open);

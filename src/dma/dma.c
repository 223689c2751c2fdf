/* DMA/SDMA framing (seed 000): which description explains a header, and
 * how long the packet is.  Every packet's length is fixed by its opcode,
 * sub-opcode and constant header bits, except WRITE, whose COUNT (in the
 * header on r6xx-SI, in DW4 / DW9 on CIK) says how many data dwords follow. */
#include <string.h>

#include "gfxkit/dma.h"
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
};

const char *gk_dma_gpu_help(void)
{
	return "r600 (rv610 rv630 rv620 rv635 rv670 rs780 rs880), r700 (rv770 rv730 rv710 rv740), "
	       "evergreen (cypress hemlock juniper redwood cedar sumo sumo2 palm barts turks caicos), "
	       "cayman (ni aruba), si (tahiti pitcairn verde oland hainan), "
	       "cik (bonaire kaveri kabini hawaii mullins)";
}

/* Generations that share a header layout: r6xx/r7xx (count [15:0]),
 * evergreen..SI (sub-command [27:20], count [19:0]), CIK (op [7:0]). */
static unsigned header_kind(unsigned gen)
{
	if (gen & (GK_DMA_R600 | GK_DMA_R700))
		return GK_DMA_R600 | GK_DMA_R700;
	if (gen & (GK_DMA_EVERGREEN | GK_DMA_CAYMAN | GK_DMA_SI))
		return GK_DMA_EVERGREEN | GK_DMA_CAYMAN | GK_DMA_SI;
	return GK_DMA_CIK;
}

static void dma_frame(const struct gk_format *fmt, const uint32_t *p, size_t avail, struct gk_frame *out)
{
	uint32_t h = p[0];
	bool cik = fmt->gen_bit == GK_DMA_CIK;
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
	/* the chain holds this generation's descriptions, then its kin's
	 * (gk_format_prepare with kin_gens) */
	for (unsigned k = fmt->op_head[op & 0xffu]; k != 0xffu; k = fmt->sel[k].next) {
		if ((h & fmt->sel[k].mask) != fmt->sel[k].value)
			continue;
		const struct gk_packet_desc *d = &fmt->descs[k];
		if (d->gens & fmt->gen_bit) {
			mine = d;
			break;
		}
		if (!other)
			other = d;
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
	default: name = "cik"; break;
	}
	memset(fmt, 0, sizeof *fmt);
	fmt->family = "dma";
	fmt->source = "the DMA packet reference (r6xx-CIK)";
	/* by generation bit (GK_DMA_R600 = bit 0 ... GK_DMA_CIK = bit 5) */
	static const char *const gen_names[16] = { "r600", "r700", "evergreen", "cayman", "si", "cik" };
	fmt->gen_names = gen_names;
	fmt->gen = name;
	fmt->gen_bit = (uint16_t)gen;
	fmt->descs = gk_dma_descs;
	fmt->ndescs = gk_dma_ndescs;
	/* WRITE: a 16-bit count + 5 on r6xx/r7xx, 20 bits + 7 (EG-SI) or + 9 (CIK) */
	fmt->max_packet_dw = gen & (GK_DMA_R600 | GK_DMA_R700) ? 0xffffu + 5u : gen == GK_DMA_CIK ? 0xfffffu + 9u
														    : 0xfffffu + 7u;
	fmt->frame = dma_frame;
	fmt->has_sub_opcode = 1;
	fmt->kin_gens = (uint16_t)header_kind(gen);
	fmt->opcode_field = gen == GK_DMA_CIK ? "OPCODE" : "COMMAND";
	fmt->opcode_lo = gen == GK_DMA_CIK ? 0 : 28;
	fmt->opcode_hi = gen == GK_DMA_CIK ? 7 : 31;
	gk_format_prepare(fmt);
	return 0;
}

static void *dma_open(const char *gpu)
{
	return gk_desc_engine_new(gpu, gk_dma_format_init);
}

const struct gk_engine_ops gk_dma_engine_ops = GK_DESC_ENGINE_OPS("dma", gk_dma_gpu_help, dma_open);

/* PM4 framing (seed 001 §9.1): packet types, COUNT, generations and chips. */
#include <string.h>

#include "gfxkit/pm4.h"
#include "gfxkit/stream.h"
#include "gfxkit/unit.h"
#include "engine_ops.h" /* src/core */
#include "pm4_tab.h"

struct gpu_alias {
	const char *name;
	unsigned gen;
};

/* Chip names as aliases of their generation (issue #2, kernel radeon_family.h). */
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
};

const char *gk_pm4_gpu_help(void)
{
	return "r600 (rv610 rv630 rv620 rv635 rv670 rs780 rs880), r700 (rv770 rv730 rv710 rv740), "
	       "evergreen (cypress hemlock juniper redwood cedar sumo sumo2 palm barts turks caicos), "
	       "cayman (aruba)";
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

int gk_pm4_format_init(struct gk_format *fmt, const char *gpu)
{
	unsigned gen = 0;
	for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		if (gpu && strcmp(gpu, gpus[i].name) == 0)
			gen = gpus[i].gen;
	if (!gen || !fmt || gk_pm4_ndescs > GK_MAX_DESCS)
		return -1;
	memset(fmt, 0, sizeof *fmt);
	fmt->family = "pm4";
	fmt->gen_bit = (uint16_t)gen;
	switch (gen) {
	case GK_PM4_R600:
		fmt->gen = "r600";
		fmt->regs = &gk_pm4_regs_r600;
		break;
	case GK_PM4_R700:
		fmt->gen = "r700";
		fmt->regs = &gk_pm4_regs_r700;
		break;
	case GK_PM4_EVERGREEN:
		fmt->gen = "evergreen";
		fmt->regs = &gk_pm4_regs_evergreen;
		break;
	default:
		fmt->gen = "cayman";
		fmt->regs = &gk_pm4_regs_cayman;
		break;
	}
	fmt->spaces = (gen & (GK_PM4_R600 | GK_PM4_R700)) ? gk_pm4_spaces_r600 : gk_pm4_spaces_evergreen;
	fmt->nspaces = GK_PM4_NSPACES;
	fmt->descs = gk_pm4_descs;
	fmt->ndescs = gk_pm4_ndescs;
	fmt->max_packet_dw = 0x3fff + 2;
	fmt->frame = pm4_frame;
	fmt->check_framing = pm4_check_framing;
	fmt->check_unit = pm4_check_unit;
	fmt->opcode_field = "IT_OPCODE";
	fmt->opcode_lo = 8;
	fmt->opcode_hi = 15;
	gk_format_prepare(fmt);
	for (size_t i = 0; i < gk_pm4_ndescs; i++) {
		const struct gk_packet_desc *d = &gk_pm4_descs[i];
		if (d->hdr != gk_pm4_hdr3) {
			/* PACKET0/1/2 by their TYPE constant */
			unsigned t = (unsigned)d->hdr[d->nhdr - 1].min;
			fmt->special[t & 3] = d;
			continue;
		}
		if (d->gens & gen)
			fmt->by_op[d->opcode & 0xff] = d;
		else if (!fmt->any_op[d->opcode & 0xff])
			fmt->any_op[d->opcode & 0xff] = d;
	}
	return 0;
}

static void *pm4_open(const char *gpu)
{
	return gk_desc_engine_new(gpu, gk_pm4_format_init);
}

const struct gk_engine_ops gk_pm4_engine_ops = GK_DESC_ENGINE_OPS("pm4", gk_pm4_gpu_help, pm4_open);

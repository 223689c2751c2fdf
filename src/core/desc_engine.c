/* The engine ops every table-described family shares (PM4, DMA): framing,
 * check, text and JSON are the generic walkers over struct gk_format. */
#include <stdio.h>
#include <stdlib.h>

#include "gfxkit/engine.h"
#include "gfxkit/memory.h"
#include "gfxkit/unit.h"

#include "engine_ops.h"
#include "layout.h"
#include "out.h"

struct desc_engine {
	struct gk_format fmt; /* large (prepared lookup tables): why this lives on the heap */
	struct gk_check_state check;
	struct gk_packet pkt; /* the packet last framed */
	struct gk_unit unit;  /* and decoded: what check added to, text and JSON print */
	const uint32_t *framed; /* the words gk_desc_engine_frame looked at last, and what it found */
	struct gk_frame frame;
};

void *gk_desc_engine_new(const char *gpu, int (*init)(struct gk_format *fmt, const char *gpu))
{
	struct desc_engine *d = calloc(1, sizeof *d); /* nothing decoded, nothing framed */
	if (!d)
		return NULL;
	if (init(&d->fmt, gpu) != 0) {
		free(d);
		return NULL;
	}
	gk_check_init(&d->check);
	return d;
}

void gk_desc_engine_close(void *fam)
{
	free(fam);
}

const char *gk_desc_engine_gpu(const void *fam)
{
	return ((const struct desc_engine *)fam)->fmt.gen;
}

const struct gk_format *gk_desc_engine_format(const void *fam)
{
	return &((const struct desc_engine *)fam)->fmt;
}

void gk_desc_engine_begin(void *fam, const struct gk_bo *bos, unsigned nbos)
{
	struct desc_engine *d = fam;
	gk_check_init(&d->check);
	gk_check_set_buffers(&d->check, bos, nbos);
}

size_t gk_desc_engine_frame(void *fam, const uint32_t *w, size_t n)
{
	struct desc_engine *d = fam;
	d->fmt.frame(&d->fmt, w, n, &d->frame);
	d->framed = w;
	return d->frame.ndw ? d->frame.ndw : 1;
}

void gk_desc_engine_unit(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg)
{
	struct desc_engine *d = fam;
	if (w == d->framed && len == d->frame.ndw) {
		/* framed already (the stream loop frames, then fetches the words) */
		d->pkt.offset = offset;
		d->pkt.dw = w;
		d->pkt.frame = d->frame;
		d->pkt.truncated = n < len;
		d->pkt.ndw = (uint32_t)(n < len ? n : len);
	} else {
		gk_packet_frame(&d->fmt, w, n, offset, &d->pkt);
	}
	d->framed = NULL;
	gk_unit_decode_lazy(&d->fmt, &d->pkt, dg, &d->unit); /* fields read when something asks */
	gk_unit_check(&d->fmt, &d->check, &d->unit);
}

void gk_desc_engine_text(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o)
{
	struct desc_engine *d = fam;
	gk_unit_text(&d->fmt, &d->unit, raw_words, o);
	gk_text_diags(dg, o);
}

void gk_desc_engine_json(void *fam, const struct gk_diags *dg, unsigned flags, struct gk_out *o)
{
	struct desc_engine *d = fam;
	(void)dg; /* the unit carries the container unit() was handed: the same one */
	gk_unit_json(&d->fmt, &d->unit, flags, o);
}

void gk_desc_engine_end(void *fam, uint64_t end, struct gk_diags *dg)
{
	struct desc_engine *d = fam;
	gk_check_end(&d->check, end, dg);
}

/* ---- assembler: gk_asm itself ---- */

void *gk_desc_engine_asm_open(void *fam, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag, void *diag_ctx)
{
	struct desc_engine *d = fam;
	return gk_asm_create(&d->fmt, emit, emit_ctx, diag, diag_ctx);
}

void gk_desc_engine_asm_line(void *as, const char *line, size_t len)
{
	gk_asm_line(as, line, len);
}

unsigned gk_desc_engine_asm_finish(void *as)
{
	return gk_asm_finish(as);
}

void gk_desc_engine_asm_close(void *as)
{
	gk_asm_destroy(as);
}

void gk_desc_engine_asm_check(void *as, bool on)
{
	gk_asm_check(as, on);
}

/* "OPCODE  NAME  SOURCE": the packets this generation has, in table order */
void gk_desc_engine_list(void *fam, struct gk_out *o)
{
	const struct gk_format *fmt = &((struct desc_engine *)fam)->fmt;
	for (size_t i = 0; i < fmt->ndescs; i++) {
		const struct gk_packet_desc *d = &fmt->descs[i];
		if (!(d->gens & fmt->gen_bit))
			continue; /* not on this generation (PACKET1: on none) */
		char op[16] = "   -";
		bool has_op = false, has_sub = false;
		for (unsigned l = 0; l < 2; l++)
			for (unsigned k = 0; k < (l ? d->nfields : d->nhdr); k++) {
				unsigned kind = (l ? d->fields : d->hdr)[k].kind;
				has_op |= kind == GK_OPCODE;
				has_sub |= kind == GK_SUBOP;
			}
		if (has_sub)
			snprintf(op, sizeof op, "0x%x/0x%02x", d->opcode, d->sub_opcode);
		else if (has_op)
			snprintf(op, sizeof op, "0x%02x", d->opcode);
		gk_out_printf(o, "%s  %-26s %s\n", op, d->name, d->note ? d->note : "");
	}
}

int gk_desc_engine_access(void *fam, unsigned k, struct gk_mem_access *a)
{
	struct desc_engine *d = fam;
	if (!d->unit.pkt.dw)
		return -1; /* nothing decoded yet */
	return gk_unit_access(&d->fmt, &d->unit, k, a);
}

const struct gk_unit *gk_desc_engine_record(const void *fam)
{
	const struct desc_engine *d = fam;
	if (!d->unit.pkt.dw)
		return NULL;
	gk_unit_fill(&d->unit); /* a client reads the fields directly */
	return &d->unit;
}

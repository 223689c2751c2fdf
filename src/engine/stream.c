/* The one stream loop: frame a unit, make its words available, decode and
 * check it, print it (text, JSON or check lines); at the end, what only the
 * end shows.  Every engine and every command that prints units goes through
 * here, so they agree on counting, caps and the end line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/engine.h"

#include "engine_ops.h"
#include "engine_priv.h"
#include "out.h"

/* words framing is shown at once: more than any header needs to say its
 * length, so a unit at the edge of the reader's window is framed whole */
#define FRAME_LOOKAHEAD 16

/* "NAME:0xOFFSET: error: PACKET: dw1[3:0]: message" */
static void check_line(const char *name, const struct gk_diag *d, struct gk_out *o)
{
	char buf[320];
	size_t n = gk_diag_format(d, buf, sizeof buf);
	gk_out_str(o, name);
	gk_out_ch(o, ':'); /* gk_out_hex writes the 0x */
	gk_out_hex(o, d->offset, 1);
	gk_out_str(o, d->severity == GK_ERROR ? ": error: " : ": warning: ");
	gk_out_put(o, buf, n < sizeof buf ? n : sizeof buf - 1);
	gk_out_ch(o, '\n');
}

static void check_lines(const char *name, uint64_t offset, const struct gk_diags *dg, struct gk_out *o)
{
	for (unsigned i = 0; i < dg->n; i++)
		check_line(name, &dg->d[i], o);
	if (dg->dropped) {
		gk_out_str(o, name);
		gk_out_ch(o, ':'); /* gk_out_hex writes the 0x */
		gk_out_hex(o, offset, 1);
		gk_out_str(o, ": note: ... ");
		gk_out_dec(o, dg->dropped);
		gk_out_str(o, " more diagnostics for this packet\n");
	}
}

/* words the unit at w takes: the engine's framing, or one unit of
 * unit_bytes for an instruction set without framing */
static size_t frame(const struct gk_engine_ops *ops, void *fam, const uint32_t *w, size_t n)
{
	return ops->frame ? ops->frame(fam, w, n) : ops->unit_bytes / 4;
}

/* A ring dump starts mid-packet (radeon prints 32 dwords before rptr; an
 * amdgpu ring file starts at index 0): the first offset from which the
 * units chain exactly onto the rptr word, found backwards in one pass
 * (lands[p]: the chain from p reaches rptr).  0 when there is no rptr
 * word, no framing, or the rptr word is not in the input. */
static size_t ring_start(const struct gk_engine_ops *ops, void *fam, struct gk_input *in)
{
	gk_input_fill(in, 64); /* the header and the marked word come first */
	struct gk_ring_marks m;
	gk_input_marks(in, &m);
	if (!m.have_rptr_word || !ops->frame || !m.rptr_word || m.rptr_word > GK_IN_MAX_WANT - FRAME_LOOKAHEAD)
		return 0;
	size_t k = (size_t)m.rptr_word;
	long avail = gk_input_fill(in, k + FRAME_LOOKAHEAD);
	if (avail <= 0 || (size_t)avail <= k)
		return 0;
	unsigned char *lands = malloc(k + 1);
	if (!lands)
		return 0; /* no memory to search: frame from the start */
	const uint32_t *w = gk_input_words(in);
	lands[k] = 1;
	size_t first = k;
	for (size_t p = k; p-- > 0;) {
		size_t q = p + frame(ops, fam, w + p, (size_t)avail - p);
		lands[p] = q <= k && lands[q];
		if (lands[p])
			first = p;
	}
	free(lands);
	return first;
}

/* Words shown as they are: before the first unit that chains onto rptr. */
static void raw_words(const struct gk_engine_ops *ops, struct gk_input *in, size_t n, const struct gk_stream_opts *o,
		      struct gk_out *out)
{
	const uint32_t *w = gk_input_words(in);
	uint64_t offset = gk_input_offset(in);
	if (o->check)
		return;
	if (o->json) {
		gk_out_str(out, "{\"offset\":");
		gk_json_uint(out, offset);
		gk_out_str(out, ",\"engine\":\"");
		gk_out_str(out, ops->name);
		gk_out_str(out, "\",\"name\":null,\"words\":[");
		for (size_t i = 0; i < n; i++) {
			if (i)
				gk_out_ch(out, ',');
			gk_out_dec(out, w[i]);
		}
		gk_out_str(out, "],\"fields\":{},\"enums\":{},\"diagnostics\":[]}\n");
		return;
	}
	for (size_t i = 0; i < n; i += 8) {
		gk_out_hex(out, offset + 4 * i, 8);
		gk_out_str(out, ": .long");
		for (size_t k = i; k < n && k < i + 8; k++)
			gk_out_sp_hex8(out, w[k]);
		if (!i)
			gk_out_str(out, " ; before the first packet that ends on rptr");
		gk_out_ch(out, '\n');
	}
}

/* "    ; <- rptr (ring index N)" under the unit where a ring pointer is */
static void ring_notes(const struct gk_ring_marks *m, uint64_t offset, size_t n, struct gk_out *out)
{
	static const char *const names[4] = { "rptr", "wptr", "saved rptr", "driver's wptr" };
	const uint64_t at[4] = { m->rptr, m->wptr, m->rptr_next, m->driver_wptr };
	for (unsigned b = 0; b < 4; b++) {
		if (!(m->have & (1u << b)) || at[b] < offset || at[b] >= offset + 4ull * n)
			continue;
		gk_out_str(out, "    ; <- ");
		gk_out_str(out, names[b]);
		if (at[b] != offset) {
			gk_out_str(out, " at ");
			gk_out_hex(out, at[b], 8);
		}
		gk_out_ch(out, '\n');
	}
}

int gk_stream_run(struct gk_engine *e, struct gk_input *in, const struct gk_stream_opts *o, struct gk_out *out,
		  struct gk_stream_stats *stats)
{
	if (!e || !in || !o || !out || !stats)
		return -1;
	const struct gk_engine_ops *ops = e->ops;
	void *fam = e->fam;
	const char *name = o->name ? o->name : "-";
	memset(stats, 0, sizeof *stats);
	if (ops->begin)
		ops->begin(fam, o->bos, o->nbos);
	struct gk_diags dg;
	size_t before = ring_start(ops, fam, in);
	if (before) {
		raw_words(ops, in, before, o, out);
		gk_input_skip(in, before);
	}
	struct gk_ring_marks marks;
	gk_input_marks(in, &marks);
	uint64_t skip = o->skip, shown = 0;
	long avail;
	while ((avail = gk_input_fill(in, FRAME_LOOKAHEAD)) > 0) {
		size_t len = frame(ops, fam, gk_input_words(in), (size_t)avail);
		while (len > (size_t)avail) {
			/* longer than the window holds so far: bring in the rest and
			 * frame again, since a length field may lie past what framing
			 * saw (CIK SDMA counts in a body dword); the end of the input
			 * may still cut the unit off */
			long more = gk_input_fill(in, len);
			if (more <= avail)
				break;
			avail = more;
			len = frame(ops, fam, gk_input_words(in), (size_t)avail);
		}
		size_t n = len < (size_t)avail ? len : (size_t)avail;
		uint64_t offset = gk_input_offset(in);
		if (skip) {
			skip--;
			gk_input_skip(in, n);
			continue;
		}
		if (o->count && shown == o->count) {
			stats->end = offset;
			return gk_input_error(in) ? -1 : 0; /* stopped by --count: no end diagnostics */
		}
		shown++;
		gk_diags_reset(&dg);
		ops->unit(fam, gk_input_words(in), n, len, offset, &dg);
		stats->units++;
		stats->errors += dg.errors;
		stats->warnings += dg.warnings;
		if (o->unit && o->unit(o->unit_ctx, e, offset, gk_input_words(in), n, &dg)) {
			stats->end = offset + 4ull * n;
			gk_input_skip(in, n);
			return gk_input_error(in) ? -1 : 0; /* stopped by the caller: no end diagnostics */
		}
		if (o->check && !o->json)
			check_lines(name, offset, &dg, out);
		else if (o->json && (!o->check || dg.n || dg.dropped))
			ops->json(fam, &dg, o->json_flags, out);
		else if (!o->json) {
			ops->text(fam, &dg, o->raw_words, out);
			if (marks.have)
				ring_notes(&marks, offset, n, out);
		}
		stats->end = offset + 4ull * n;
		gk_input_skip(in, n);
	}
	gk_diags_reset(&dg);
	if (ops->end)
		ops->end(fam, stats->end, &dg);
	stats->errors += dg.errors;
	stats->warnings += dg.warnings;
	if (o->json)
		gk_json_end(ops->name, stats->end, &dg, out);
	else if (o->check)
		check_lines(name, stats->end, &dg, out);
	else
		gk_text_diags(&dg, out);
	return gk_input_error(in) ? -1 : 0;
}

/* The one stream loop: frame a unit, make its words available, decode and
 * check it, print it (text, JSON or check lines); at the end, what only the
 * end shows.  Every engine and every command that prints units goes through
 * here, so they agree on counting, caps and the end line. */
#include <stdio.h>
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
		else if (!o->json)
			ops->text(fam, &dg, o->raw_words, out);
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

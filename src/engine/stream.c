/* The one stream loop: frame a unit, make its words available, decode and
 * check it, print it (text, JSON or check lines); at the end, what only the
 * end shows.  Every engine and every command that prints units goes through
 * here, so they agree on counting, caps and the end line. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/engine.h"

#include "engine_ops.h"
#include "engine_priv.h"
#include "layout.h" /* src/core: gk_unit_fill */
#include "out.h"
#include "par.h"

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
		gk_out_str(out, "\",\"name\":null,\"words\":");
		gk_out_json_words(out, w, n);
		gk_out_str(out, ",\"fields\":{},\"enums\":{},\"diagnostics\":[]}\n");
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

static const char *const mark_keys[4] = { "rptr", "wptr", "saved_rptr", "driver_wptr" };

/* The ring pointers inside the unit [offset, offset + 4n), as GK_MARK_* bits */
static unsigned marks_in(const struct gk_ring_marks *m, uint64_t offset, size_t n)
{
	const uint64_t at[4] = { m->rptr, m->wptr, m->rptr_next, m->driver_wptr };
	unsigned in = 0;
	for (unsigned b = 0; b < 4; b++)
		if ((m->have & (1u << b)) && at[b] >= offset && at[b] < offset + 4ull * n)
			in |= 1u << b;
	return in;
}

/* A JSON unit with "ring":[...] put first: the pointers it holds */
struct ring_json {
	struct gk_out *to;
	unsigned marks;
	bool done;
};

static int ring_json_write(void *ctx, const void *p, size_t n)
{
	struct ring_json *r = ctx;
	const char *c = p;
	if (n && !r->done && c[0] == '{') {
		r->done = true;
		gk_out_str(r->to, "{\"ring\":[");
		bool first = true;
		for (unsigned b = 0; b < 4; b++)
			if (r->marks & (1u << b)) {
				gk_out_str(r->to, first ? "\"" : ",\"");
				gk_out_str(r->to, mark_keys[b]);
				gk_out_ch(r->to, '"');
				first = false;
			}
		gk_out_str(r->to, "],");
		c++;
		n--;
	}
	gk_out_mem(r->to, c, n);
	return r->to->failed ? -1 : 0;
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

/* ---- following indirect buffers ---- */

#define FOLLOW_DEPTH 4      /* nesting followed when the caller says nothing */
#define FOLLOW_MAX 16       /* nesting followed at most */
#define FOLLOW_SEEN 64      /* buffers remembered for overlap warnings */
#define FOLLOW_CHAIN 4096   /* chained buffers followed in a row at one level */
/* what one stream may make following read in all: a hostile stream whose
 * buffers each call many others (100 calls a buffer, 4 deep: 10^8
 * buffers) would otherwise run for hours */
#define FOLLOW_BUFFERS 65536u
#define FOLLOW_BYTES (1ull << 30)

/* nested JSON units carry where they come from (nested text is indented:
 * gk_indent_write) */
struct nest_out {
	struct gk_out *to;
	unsigned depth;
	bool line_start;
	uint64_t ib, parent;
};

struct follow {
	const struct gk_stream_opts *o;
	struct gk_out *root;            /* the caller's output: every level writes there, once wrapped */
	unsigned max_depth;
	struct gk_engine *eng[FOLLOW_MAX + 1]; /* one per depth: each keeps its own stream state */
	/* per depth, the engine of buffers a format's follow hook names by
	 * another engine (shaders: "isa"), and its name */
	struct gk_engine *alt[FOLLOW_MAX + 1];
	char alt_name[FOLLOW_MAX + 1][16];
	uint64_t first[FOLLOW_MAX + 1], last[FOLLOW_MAX + 1]; /* the buffers being followed, by depth */
	uint64_t seen_first[FOLLOW_SEEN], seen_last[FOLLOW_SEEN];
	unsigned nseen;
	/* the top-level stream's units so far, when its offsets are GPU
	 * addresses: an indirect buffer inside it (the ring) is reported */
	bool top_known;
	uint64_t top_first, top_end;
	uint64_t shown_diags;           /* diagnostics printed, against o->max_diags */
	struct nest_out *nest[FOLLOW_MAX + 1]; /* each nested level's output wrapper (JSON "ib") */
	/* per level: chained buffers followed in a row (hops), and the buffers
	 * of that chain remembered for cycles (the first FOLLOW_SEEN) */
	unsigned nchain[FOLLOW_MAX + 1];
	uint64_t nfollowed, bytes_followed; /* buffers and bytes followed so far, in all */
	uint64_t chained[FOLLOW_MAX + 1][FOLLOW_SEEN];
	unsigned nchained[FOLLOW_MAX + 1];
	/* the bounds stage (check --bo): the memory model's, set when the
	 * caller declares buffers (NULL: no stage) */
	void (*bounds)(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_unit *u,
		       struct gk_diags *out);
	/* the helper threads of a decode on more threads (o->threads),
	 * started at the first window with work for them (par_tried) */
	struct gk_par *par;
	bool par_tried;
};

static void remember_chained(struct follow *f, unsigned depth, uint64_t addr)
{
	if (f->nchained[depth] < FOLLOW_SEEN)
		f->chained[depth][f->nchained[depth]++] = addr;
}

/* reads an indirect buffer out of the caller's memory */
struct ib_reader {
	gk_mem_fn read;
	void *ctx;
	uint64_t addr, left;
};

static long ib_read(void *ctx, void *buf, size_t cap)
{
	struct ib_reader *r = ctx;
	size_t n = r->left < cap ? (size_t)r->left : cap;
	if (!n)
		return 0;
	long got = r->read(r->ctx, r->addr, buf, n);
	if (got < 0 || (size_t)got > n)
		return -1;
	r->addr += (uint64_t)got;
	r->left = got ? r->left - (uint64_t)got : 0; /* an absent byte ends the buffer */
	return got;
}


/* nested JSON units: each object opens with where it comes from (nested
 * text goes through gk_indent_write instead) */
static int nest_write(void *ctx, const void *p, size_t n)
{
	struct nest_out *x = ctx;
	const char *c = p;
	for (size_t i = 0; i < n;) {
		if (x->line_start) {
			x->line_start = false;
			if (c[i] == '{') {
				gk_out_str(x->to, "{\"depth\":");
				gk_out_dec(x->to, x->depth);
				gk_out_str(x->to, ",\"ib\":");
				gk_json_uint(x->to, x->ib);
				gk_out_str(x->to, ",\"parent\":");
				gk_json_uint(x->to, x->parent);
				gk_out_ch(x->to, ',');
				i++;
				continue;
			}
		}
		const char *nl = memchr(c + i, '\n', n - i);
		size_t k = nl ? (size_t)(nl - (c + i)) + 1 : n - i;
		gk_out_mem(x->to, c + i, k);
		i += k;
		x->line_start = nl != NULL;
	}
	return x->to->failed ? -1 : 0;
}

static int run(struct follow *f, struct gk_engine *e, unsigned depth, struct gk_input *in, const char *name,
	       struct gk_out *out, struct gk_stream_stats *stats);

/* Whether the unit chains to its buffer (a GK_F_CHAIN field set) */
static bool chains(const struct gk_unit *u)
{
	for (unsigned i = 0; i < u->nfields; i++)
		if ((u->fields[i].desc->flags & GK_F_CHAIN) && u->fields[i].value && !u->fields[i].cut)
			return true;
	return false;
}

/* The unit just decoded at depth is an indirect buffer: say what stops it
 * being followed (as diagnostics of the packet), or return true with its
 * byte range, and in *chain whether it continues this level in place of
 * the rest of it (then it goes no deeper). */
/* Whether the buffer [a->first, a->last] a packet names may be followed
 * from depth (nesting, cycles, the budget, the bytes in memory), said as
 * diagnostics of the packet when not; true with the range of it memory has
 * in *first, *last.  inside: the packet's own bytes (no overlap warning). */
static bool admit(struct follow *f, unsigned depth, struct gk_diags *dg, const struct gk_packet *pkt,
		  const struct gk_mem_access *acc, bool chain, bool inside, uint64_t *first, uint64_t *last);

static bool ib_range(struct follow *f, struct gk_engine *e, unsigned depth, struct gk_diags *dg, uint64_t *first,
		     uint64_t *last, bool *chain)
{
	const struct gk_unit *u = e->ops->record ? e->ops->record(e->fam) : NULL; /* fields read only for an IB */
	struct gk_mem_access a; /* the unit's access, computed once for every stage (gk_unit_access) */
	if (!u || !u->desc || !(u->desc->flags & GK_P_IB) || gk_engine_access(e, 0, &a) != 1 || a.overflow)
		return false;
	gk_unit_fill(u);
	*chain = chains(u);
	return admit(f, depth, dg, &u->pkt, &a, *chain, false, first, last);
}

static bool admit(struct follow *f, unsigned depth, struct gk_diags *dg, const struct gk_packet *pkt,
		  const struct gk_mem_access *acc, bool chain, bool inside, uint64_t *first, uint64_t *last)
{

	if (chain && f->nchain[depth] >= FOLLOW_CHAIN) {
		gk_diags_add(dg, pkt, GK_ERROR, GK_D_IB, acc->dw, acc->lo, acc->hi, acc->field->name,
			     "indirect buffer at 0x%llx not followed: %u chained buffers in a row (following stops there)",
			     (unsigned long long)acc->first, FOLLOW_CHAIN);
		return false;
	}
	if (chain) {
		/* the buffer being read, or one this level chained through before */
		bool cycle = depth && f->first[depth] == acc->first;
		for (unsigned k = 0; k < f->nchained[depth]; k++)
			cycle |= f->chained[depth][k] == acc->first;
		if (cycle) {
			gk_diags_add(dg, pkt, GK_ERROR, GK_D_IB, acc->dw, acc->lo, acc->hi, acc->field->name,
				     "indirect buffer at 0x%llx chains back to a buffer of this chain: a cycle, not followed",
				     (unsigned long long)acc->first);
			return false;
		}
	}
	if (f->nfollowed >= FOLLOW_BUFFERS || f->bytes_followed >= FOLLOW_BYTES) {
		gk_diags_add(dg, pkt, GK_ERROR, GK_D_IB, acc->dw, acc->lo, acc->hi, acc->field->name,
			     "indirect buffer at 0x%llx not followed: %llu buffers (%llu MiB) followed already, the most "
			     "one stream may have followed",
			     (unsigned long long)acc->first, (unsigned long long)f->nfollowed,
			     (unsigned long long)(f->bytes_followed >> 20));
		return false;
	}
	if (depth >= f->max_depth && !chain) {
		gk_diags_add(dg, pkt, GK_ERROR, GK_D_IB, acc->dw, acc->lo, acc->hi, acc->field->name,
			     "indirect buffer at 0x%llx not followed: nested %u deep (following stops at %u)",
			     (unsigned long long)acc->first, depth + 1, f->max_depth);
		return false;
	}
	for (unsigned d = 1; d <= depth; d++)
		if (f->first[d] == acc->first) {
			gk_diags_add(dg, pkt, GK_ERROR, GK_D_IB, acc->dw, acc->lo, acc->hi, acc->field->name,
				     "indirect buffer at 0x%llx calls itself (followed %u level%s up): a cycle, not followed",
				     (unsigned long long)acc->first, depth + 1 - d, depth + 1 - d == 1 ? "" : "s");
			return false;
		}
	uint64_t size = acc->last - acc->first + 1;
	long have = f->o->mem_read(f->o->mem_ctx, acc->first, NULL, size > (uint64_t)LONG_MAX ? (size_t)LONG_MAX : (size_t)size);
	if (have > 0)
		have &= ~3L; /* whole dwords: a cut one is absent too */
	if (have <= 0) {
		gk_diags_add(dg, pkt, GK_ERROR, GK_D_IB, acc->dw, acc->lo, acc->hi, acc->field->name,
			     "indirect buffer 0x%llx..0x%llx (%llu bytes) is not in memory", (unsigned long long)acc->first,
			     (unsigned long long)acc->last, (unsigned long long)size);
		return false;
	}
	if ((uint64_t)have < size)
		gk_diags_add(dg, pkt, GK_ERROR, GK_D_IB, acc->dw, acc->lo, acc->hi, acc->field->name,
			     "indirect buffer 0x%llx..0x%llx: only %ld of its %llu bytes are in memory (decoded as far as they go)",
			     (unsigned long long)acc->first, (unsigned long long)acc->last, have, (unsigned long long)size);
	for (unsigned k = 0; k < f->nseen && !inside; k++)
		if (acc->first <= f->seen_last[k] && f->seen_first[k] <= acc->last && !(acc->first == f->seen_first[k] && acc->last == f->seen_last[k])) {
			gk_diags_add(dg, pkt, GK_WARNING, GK_D_IB_OVERLAP, acc->dw, acc->lo, acc->hi, acc->field->name,
				     "indirect buffer 0x%llx..0x%llx shares bytes with the one at 0x%llx..0x%llx",
				     (unsigned long long)acc->first, (unsigned long long)acc->last, (unsigned long long)f->seen_first[k],
				     (unsigned long long)f->seen_last[k]);
			break;
		}
	if (f->top_known && acc->first < f->top_end && f->top_first <= acc->last && !inside)
		gk_diags_add(dg, pkt, GK_WARNING, GK_D_IB_OVERLAP, acc->dw, acc->lo, acc->hi, acc->field->name,
			     "indirect buffer 0x%llx..0x%llx shares bytes with the top-level stream (0x%llx..0x%llx, as read so far)",
			     (unsigned long long)acc->first, (unsigned long long)acc->last, (unsigned long long)f->top_first,
			     (unsigned long long)(f->top_end - 1));
	if (f->nseen < FOLLOW_SEEN && !inside) {
		f->seen_first[f->nseen] = acc->first;
		f->seen_last[f->nseen++] = acc->last;
	}
	*first = acc->first;
	*last = acc->first + (uint64_t)have - 1;
	f->nfollowed++;
	f->bytes_followed += (uint64_t)have;
	return true;
}

/* reads an indirect buffer out of the caller's memory: an input over it */
static struct gk_input *ib_input(struct follow *f, struct ib_reader *r, uint64_t first, uint64_t last, unsigned unit)
{
	*r = (struct ib_reader){ f->o->mem_read, f->o->mem_ctx, first, last - first + 1 };
	struct gk_input *in = gk_input_create(ib_read, r, GK_IN_BIN, unit);
	if (in) {
		gk_input_set_base(in, first);
		gk_input_set_gzip(in, false); /* words out of GPU memory, never a file */
	}
	return in;
}

/* Decode the indirect buffer [first, last] one level down. */
static void follow_ib(struct follow *f, unsigned depth, uint64_t parent, const char *name, uint64_t first, uint64_t last,
		      struct gk_stream_stats *stats, const char *ename)
{
	unsigned d = depth + 1;
	struct gk_engine **ep = &f->eng[d];
	if (ename) {
		/* another engine for the GPU (shader instructions): one per depth, kept while the name is the same */
		ep = &f->alt[d];
		if (*ep && strcmp(f->alt_name[d], ename)) {
			gk_engine_close(*ep);
			*ep = NULL;
		}
		snprintf(f->alt_name[d], sizeof f->alt_name[d], "%s", ename);
	}
	if (!*ep) {
		*ep = gk_engine_open(ename ? ename : gk_engine_name(f->eng[0]), gk_engine_gpu(f->eng[0]), NULL);
		if (!*ep)
			return;
	}
	unsigned unit = gk_engine_unit_bytes(*ep);
	if (unit > 4)
		last = first + ((last - first + 1) / unit) * unit - 1; /* whole units */
	if (last < first)
		return;
	struct ib_reader r;
	struct gk_input *in = ib_input(f, &r, first, last, unit);
	if (!in)
		return;
	f->first[d] = first;
	f->last[d] = last;
	char path[256];
	snprintf(path, sizeof path, "%s:0x%llx->IB", name, (unsigned long long)parent);
	/* nested levels write to the root output, wrapped once for their depth */
	struct nest_out nest = { f->root, d, true, first, parent };
	struct gk_indent ind = { f->root, d, true };
	char buf[4096];
	struct gk_out nested = { buf, 0, sizeof buf, f->o->json ? nest_write : gk_indent_write,
				 f->o->json ? (void *)&nest : (void *)&ind, 0, 0 };
	struct gk_stream_stats sub;
	f->nest[d] = f->o->json ? &nest : NULL;
	run(f, *ep, d, in, path, f->o->check && !f->o->json ? f->root : &nested, &sub);
	f->nest[d] = NULL;
	gk_out_flush(&nested);
	stats->units += sub.units;
	stats->errors += sub.errors;
	stats->warnings += sub.warnings;
	stats->hidden += sub.hidden;
	f->first[d] = f->last[d] = 0;
	gk_input_destroy(in);
}

/* One level of the stream loop: a buffer (the caller's input, an indirect
 * buffer, or the buffers a chain continues it with) run a unit at a time
 * through the stages below. */
struct level {
	struct follow *f;
	unsigned depth;
	struct gk_engine *e;
	const struct gk_engine_ops *ops;
	void *fam;
	const char *name;
	struct gk_out *out;
	struct gk_stream_stats *stats;
	struct gk_input *top, *in;      /* the caller's input; the buffer being read */
	struct gk_ring_marks marks;
	uint64_t skip, shown;
	struct gk_diags dg;             /* the unit's diagnostics */
	struct gk_check_state bounds;   /* the bounds stage's buffers (o->bos) */
	/* a chained buffer (GFX9+ CHAIN) goes on at this level in place of the
	 * rest of the one that chains to it: read from chain_in, the first
	 * chain packet of a buffer wins (the CP jumps there) */
	struct gk_input *chain_in;
	struct ib_reader chain_r;
	bool chain_pending;
	uint64_t chain_first, chain_last, chain_parent;
	bool stopped;                   /* by --count or the caller's unit callback: no end diagnostics */
	/* the words the input said may be stepped through (gk_input_peek's
	 * run), and where: lag of them stepped through and not yet told to
	 * the input, run and unbroken left from next_w on, next_w at
	 * next_offset */
	size_t lag, run, unbroken;
	const uint32_t *next_w;
	uint64_t next_offset;
	/* gk_input_gpu_addressed(in), asked where the input is asked (it can
	 * change only as the input reads): the units framed among the words
	 * stepped through since read it here, not with a call each; asked
	 * only when the top-level range is kept (tops: the stream's own
	 * level, following on), as only following compares with it */
	bool tops, gpu_addressed;
	/* the engine's format has a follow hook (buffers other than indirect
	 * buffers: shaders, Adreno's state): else only a GK_P_IB unit has
	 * anything to follow, which follow_stage tells without a call */
	bool follow_hook;
	/* the unit at hand: its words (valid until the next read) */
	const uint32_t *w;
	uint64_t offset;
	size_t n, len;
	bool ib, chain;
	uint64_t ib_first, ib_last;
	/* the other buffers the unit points at (the format's follow hook), admitted */
	struct gk_follow_ref refs[GK_FOLLOW_REFS];
	uint64_t ref_first[GK_FOLLOW_REFS], ref_last[GK_FOLLOW_REFS];
	unsigned nrefs;
	long long submit;               /* a capture's submit the last unit shown was in (-1: none) */
	bool par;                       /* decoded on more threads where it can be (par_units) */
};

/* The words stepped through since the input was last asked, told to it
 * (see frame_stage); before anything else asks the input anything. */
static void catch_up(struct level *L)
{
	if (L->lag)
		gk_input_skip(L->in, L->lag);
	L->lag = 0;
	L->run = 0;
}

/* Past the unit at hand: stepped through, told to the input later. */
static void step(struct level *L)
{
	L->lag += L->n;
	L->next_w = L->w + L->n;
	L->next_offset = L->offset + 4ull * L->n;
	L->unbroken = L->unbroken > L->n ? L->unbroken - L->n : 0;
	L->run = L->run > L->n ? L->run - L->n : 0;
}

/* Stage: framing.  The next unit's length (len) and the words of it that
 * are there (n); false at the end of the buffer. */
static bool frame_stage(struct level *L)
{
	const uint32_t *w;
	size_t len;
	long avail;
	uint64_t offset;
	if (L->run >= FRAME_LOOKAHEAD) {
		/* the next unit is among the words the input said may be
		 * stepped through (gk_input_peek's run): framed where it is,
		 * with no call into the input; units one at a time through
		 * the reader were a fifth of a check's instructions */
		w = L->next_w;
		offset = L->next_offset;
		avail = (long)L->unbroken;
		len = frame(L->ops, L->fam, w, (size_t)avail);
		if (len <= (size_t)avail)
			goto framed;
	}
	catch_up(L);
	/* the words, where the submit ends and the offset in one call */
	struct gk_input_at at;
	avail = gk_input_peek(L->in, FRAME_LOOKAHEAD, &at);
	if (avail <= 0)
		return false;
	w = at.words;
	offset = at.offset;
	/* a capture's submit ends its units (the next submit's words are
	 * another buffer) */
	if (at.unbroken && (size_t)avail > at.unbroken)
		avail = (long)at.unbroken;
	L->unbroken = (size_t)avail;
	L->run = at.run;
	if (L->tops) /* not asked otherwise: text decode comes here at every unit */
		L->gpu_addressed = gk_input_gpu_addressed(L->in);
	len = frame(L->ops, L->fam, w, (size_t)avail);
	bool refilled = false;
	while (len > (size_t)avail && (size_t)avail == gk_input_unbroken(L->in)) {
		/* longer than the window holds so far: bring in the rest and
		 * frame again, since a length field may lie past what framing
		 * saw (CIK SDMA counts in a body dword); the end of the input
		 * (or of the submit) may still cut the unit off */
		long more = gk_input_fill(L->in, len);
		size_t unbroken = gk_input_unbroken(L->in);
		if (unbroken && (size_t)more > unbroken)
			more = (long)unbroken;
		refilled = true; /* the window may have moved */
		if (more <= avail)
			break;
		avail = more;
		len = frame(L->ops, L->fam, gk_input_words(L->in), (size_t)avail);
	}
	if (refilled) {
		w = gk_input_words(L->in);
		offset = gk_input_offset(L->in);
		L->run = 0; /* asked again next time */
		if (L->tops)
			L->gpu_addressed = gk_input_gpu_addressed(L->in);
	}
framed:
	L->w = w;
	L->len = len;
	L->n = len < (size_t)avail ? len : (size_t)avail;
	L->offset = offset;
	struct follow *f = L->f;
	if (L->tops && L->gpu_addressed) { /* only following compares with it */
		uint64_t end = L->offset + 4ull * L->n;
		f->top_first = f->top_known && f->top_first < L->offset ? f->top_first : L->offset;
		f->top_end = f->top_known && f->top_end > end ? f->top_end : end;
		f->top_known = true;
	}
	return true;
}

/* Stage: decode and check (the engine's unit op), then bounds (check
 * --bo): the memory model's stage, over the unit's accesses, which the
 * access model computes here once for the stages after it. */
static void decode_stage(struct level *L)
{
	L->dg.n = L->dg.dropped = L->dg.errors = L->dg.warnings = 0; /* gk_diags_reset, without a call */
	L->ops->unit(L->fam, L->w, L->n, L->len, L->offset, &L->dg);
	if (L->f->bounds && L->ops->record && L->ops->format) {
		const struct gk_unit *u = L->ops->record(L->fam);
		if (u)
			L->f->bounds(L->ops->format(L->fam), &L->bounds, u, &L->dg);
	}
}

/* Stage: following.  Whether the unit is an indirect buffer to follow
 * (its range from the unit's accesses); past a chain packet the CP runs
 * nothing more of this buffer, so its units are shown and not followed. */
static void follow_refs(struct level *L);

static inline void follow_stage(struct level *L)
{
	L->ib = L->chain = false;
	L->ib_first = L->ib_last = 0;
	L->nrefs = 0;
	if (!L->f->o->mem_read || L->chain_pending)
		return; /* nothing to follow into: no call (plain check and decode) */
	if (!L->follow_hook) {
		/* only an indirect buffer is followed: a unit that is none
		 * (most of a run's) asks nothing more (follow_refs' calls
		 * were ~70 instructions a packet, 3.1 M of `gfxkit run`'s
		 * 78.9 M on bench_exec's CIK stream, quarter size, callgrind) */
		const struct gk_unit *u = L->ops->record ? L->ops->record(L->fam) : NULL;
		if (!u || !u->desc || !(u->desc->flags & GK_P_IB))
			return;
	}
	follow_refs(L);
}

static void follow_refs(struct level *L)
{
	L->ib = ib_range(L->f, L->e, L->depth, &L->dg, &L->ib_first, &L->ib_last, &L->chain);
	const struct gk_format *fmt = L->ops->format ? L->ops->format(L->fam) : NULL;
	const struct gk_unit *u = L->ops->record ? L->ops->record(L->fam) : NULL;
	if (L->ib || !fmt || !fmt->follow || !u || !u->desc)
		return;
	/* the unit as decoded, fields maybe still pending: a hook that reads
	 * them asks gk_unit_field, which reads them then (filling every
	 * packet here was 6% of checking a real Adreno capture, callgrind,
	 * check shadow.rd.gz, where most packets are register writes) */
	struct gk_follow_ref refs[GK_FOLLOW_REFS];
	unsigned n = fmt->follow(fmt, u, refs, GK_FOLLOW_REFS);
	for (unsigned k = 0; k < n && k < GK_FOLLOW_REFS; k++) {
		if (!refs[k].bytes)
			continue;
		/* the packet's diagnostics name the field, as an IB's do */
		struct gk_mem_access a;
		memset(&a, 0, sizeof a);
		a.first = refs[k].addr;
		a.last = refs[k].addr + refs[k].bytes - 1;
		if (a.last < a.first)
			continue;
		a.dw = refs[k].dw;
		a.lo = refs[k].lo;
		a.hi = refs[k].hi;
		struct gk_field fd;
		memset(&fd, 0, sizeof fd);
		fd.name = refs[k].field;
		a.field = &fd;
		if (admit(L->f, L->depth, &L->dg, &u->pkt, &a, false, refs[k].inside, &L->ref_first[L->nrefs],
			  &L->ref_last[L->nrefs]))
			L->refs[L->nrefs++] = refs[k];
	}
}

/* Stage: the caller's unit callback (GK_UNIT_GO: go on).  false: the
 * caller stopped the stream here. */
static bool client_stage(struct level *L)
{
	const struct gk_stream_opts *o = L->f->o;
	int said = o->unit ? o->unit(o->unit_ctx, L->e, L->offset, L->w, L->n, &L->dg) : GK_UNIT_GO;
	if (said == GK_UNIT_NO_FOLLOW) {
		L->ib = L->chain = false; /* the caller does not run it (a skipped packet) */
	} else if (said != GK_UNIT_GO) {
		L->stats->end = L->offset + 4ull * L->n;
		catch_up(L);
		gk_input_skip(L->in, L->n);
		L->stopped = true;
		return false;
	}
	return true;
}

/* A capture's submit comment line, "; submit N", where the units shown
 * come to submit sub (-1: none), as cffdump's "cmdstream[N]" (the text
 * still encodes back): print_stage's, print_units' and par_units' */
static void submit_line(struct level *L, long long sub)
{
	if (sub < 0 || sub == L->submit)
		return;
	gk_out_str(L->out, "; submit ");
	gk_out_dec(L->out, (uint64_t)sub);
	gk_out_ch(L->out, '\n');
	L->submit = sub;
}

/* Stage: printing the unit (check lines, JSON or text), its diagnostics
 * counted against max_diags */
static void print_stage(struct level *L)
{
	const struct gk_stream_opts *o = L->f->o;
	struct gk_diags *dg = &L->dg;
	if (o->check && !dg->n && !dg->dropped)
		return; /* check: a clean unit prints nothing (most units of a stream) */
	bool over = o->max_diags && (dg->n || dg->dropped) && L->f->shown_diags >= o->max_diags && !(o->json && !o->check);
	if (over) {
		L->stats->hidden += dg->n + dg->dropped;
		if (o->check)
			return; /* check: past max_diags the unit shows nothing */
		dg->n = dg->dropped = 0; /* text decode: the unit without its diagnostic lines */
	} else {
		L->f->shown_diags += dg->n + dg->dropped;
	}
	if (o->check && !o->json) {
		check_lines(L->name, L->offset, dg, L->out);
	} else if (o->json && (!o->check || dg->n || dg->dropped)) {
		unsigned mk = L->marks.have ? marks_in(&L->marks, L->offset, L->n) : 0;
		if (!mk) {
			L->ops->json(L->fam, dg, o->json_flags, L->out);
		} else {
			gk_out_flush(L->out);
			struct ring_json rj = { L->out, mk, false };
			char jb[1024];
			struct gk_out jo = { jb, 0, sizeof jb, ring_json_write, &rj, 0, 0 };
			L->ops->json(L->fam, dg, o->json_flags, &jo);
			gk_out_flush(&jo);
		}
	} else if (!o->json) {
		/* a capture of submits: a comment line where each begins, as
		 * cffdump's "cmdstream[N]" (the text still encodes back) */
		/* the submit of this unit's words, lag words past the input's
		 * position: asked without catch_up, which ended frame_stage's
		 * run, so every unit of a text decode was framed through
		 * gk_input_peek again (callgrind, decode -g sdma4 -e dma,
		 * quarter bench stream: see docs/architecture.md) */
		submit_line(L, L->depth ? -1 : gk_input_submit_ahead(L->in, L->lag));
		L->ops->text(L->fam, dg, o->raw_words, L->out);
		if (L->marks.have)
			ring_notes(&L->marks, L->offset, L->n, L->out);
	}
}

/* Past the unit: a chain is remembered for the end of this buffer, an
 * indirect buffer followed one level down now. */
static void next_stage(struct level *L)
{
	L->stats->end = L->offset + 4ull * L->n;
	step(L);
	if (L->ib && L->chain) {
		if (!L->chain_pending) {
			L->chain_pending = true;
			L->chain_first = L->ib_first;
			L->chain_last = L->ib_last;
			L->chain_parent = L->offset;
		}
	} else if (L->ib) {
		gk_out_flush(L->out); /* the nested units go straight to the root: what this level holds first */
		follow_ib(L->f, L->depth, L->offset, L->name, L->ib_first, L->ib_last, L->stats, NULL);
	}
	for (unsigned k = 0; k < L->nrefs; k++) {
		gk_out_flush(L->out);
		follow_ib(L->f, L->depth, L->offset, L->name, L->ref_first[k], L->ref_last[k], L->stats, L->refs[k].engine);
	}
}

/* Every unit of the buffer being read, through the stages. */
/* Framing and decode_stage for a check that shows only what is wrong and
 * has nothing else to do per unit but the bounds stage of --bo (nothing
 * to follow, no caller's unit callback, no --count or --skip): the units among the
 * words the input said may be stepped through, one after another, with
 * the loop's state in locals; a clean unit takes no other stage (each
 * would do nothing for it).  true: stopped at a unit that said something,
 * framed and decoded, for the stages after decode_stage; false: no unit
 * at hand (frame_stage goes on).  The stages one call each, state in
 * *L between them, were a fifth of a check's instructions (callgrind,
 * `gfxkit check -g gfx9 -e pm4`, 1.25 MB bench stream). */
typedef void (*bounds_fn)(const struct gk_format *, struct gk_check_state *, const struct gk_unit *,
			  struct gk_diags *);

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool quiet_loop(struct level *L, bounds_fn bounds)
{
	const struct gk_engine_ops *ops = L->ops;
	void *fam = L->fam;
	const uint32_t *w = L->next_w;
	uint64_t offset = L->next_offset;
	size_t run = L->run, unbroken = L->unbroken, lag = L->lag;
	uint64_t clean = 0;
	bool said = false;
	while (run >= FRAME_LOOKAHEAD) {
		L->dg.n = L->dg.dropped = L->dg.errors = L->dg.warnings = 0;
		size_t len;
		if (ops->frame_units) {
			/* the clean units that leave no record in one call (a
			 * clean unit leaves the diagnostics as reset above), then
			 * the unit that stopped it, decoded, through the stages
			 * below as frame_unit's would be */
			size_t words;
			clean += ops->frame_units(fam, w, unbroken, run - FRAME_LOOKAHEAD + 1, offset, &L->dg,
						  bounds ? gk_bounds_quiet : NULL, &words, &len);
			w += words;
			offset += 4ull * words;
			lag += words;
			unbroken -= words;
			run = run > words ? run - words : 0;
			if (!len)
				break; /* none left to start, or not whole: frame_stage */
		} else if (ops->frame_unit) {
			/* check --bo: the memory model's words-only verdict, so a
			 * clean unit inside the buffers needs no record */
			len = ops->frame_unit(fam, w, unbroken, offset, &L->dg, bounds ? gk_bounds_quiet : NULL);
			if (len > unbroken)
				break; /* frame_stage brings in the rest */
		} else {
			len = frame(ops, fam, w, unbroken);
			if (len > unbroken)
				break;
			ops->unit(fam, w, len, len, offset, &L->dg);
		}
		if (bounds) {
			/* decode_stage's second half: the record is there when the
			 * unit touches memory (frame_unit's want_record) */
			const struct gk_unit *u = ops->record(fam);
			if (u)
				bounds(ops->format(fam), &L->bounds, u, &L->dg);
		}
		if (L->dg.n || L->dg.dropped || L->dg.errors || L->dg.warnings) {
			L->w = w; /* the unit at hand, as frame_stage leaves it */
			L->len = L->n = len;
			L->offset = offset;
			said = true;
			break;
		}
		clean++;
		w += len;
		offset += 4ull * len;
		lag += len;
		unbroken -= len;
		run = run > len ? run - len : 0;
	}
	if (clean) {
		L->stats->units += clean;
		L->stats->end = offset;
		L->shown += clean;
	}
	L->next_w = w;
	L->next_offset = offset;
	L->run = run;
	L->unbroken = unbroken;
	L->lag = lag;
	return said;
}

/* The loop twice, with the bounds stage (check --bo, an engine with
 * records) and without: one loop testing it per unit cost a plain check
 * 7 instructions a packet (callgrind, check -g gfx9 -e pm4, quarter
 * bench stream) */
static bool quiet_units(struct level *L)
{
	if (L->f->bounds && L->ops->record && L->ops->format)
		return quiet_loop(L, L->f->bounds);
	return quiet_loop(L, NULL);
}

/* The loop for a caller's unit callback that checks and prints nothing of
 * a clean unit (gfxkit run, lint: the executor's on_unit, check on, no
 * --bo, --skip or --count): among the words the input said may be stepped
 * through, each unit framed, decoded and handed to the callback with the
 * loop's state in locals, and stepped past, as the stages would do for a
 * clean unit that is no indirect buffer (follow_stage has nothing to
 * follow, print_stage nothing to print).  LEAN_AT: stopped at a unit that
 * needs more (diagnostics, something to follow), framed and decoded, for
 * the stages after decode_stage; LEAN_NONE: no unit at hand (frame_stage
 * goes on); LEAN_STOPPED: the callback stopped the stream.  The stages one
 * at a time, their state in *L, were ~130 instructions a packet, 5.9 M of
 * `gfxkit run`'s 75.6 M on bench_exec's CIK stream, quarter size
 * (callgrind). */
enum { LEAN_NONE, LEAN_AT, LEAN_STOPPED };

/* not inlined: a call per run of units costs a run nothing, and inlined
 * into run_buffer it cost text decode, which never takes it, ~3
 * instructions a unit in the general loop (callgrind, decode -g cik) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int lean_units(struct level *L)
{
	const struct gk_engine_ops *ops = L->ops;
	void *fam = L->fam;
	struct follow *f = L->f;
	const struct gk_stream_opts *o = f->o;
	/* what makes a unit need follow_stage: its record an indirect buffer,
	 * or any unit of a format with a follow hook (follow_stage's test) */
	bool follows = o->mem_read && !L->chain_pending;
	/* hook: every unit needs follow_stage; ibs: an indirect buffer does
	 * (both fixed for the level: read once, not at every unit) */
	bool hook = follows && L->follow_hook, ibs = follows && !L->follow_hook;
	bool top = L->tops && L->gpu_addressed;
	gk_unit_fn client = o->unit;
	void *client_ctx = o->unit_ctx;
	struct gk_engine *e = L->e;
	size_t last = 0; /* the length of the unit last handed to the client */
	size_t (*frame_record)(void *, const uint32_t *, size_t, uint64_t, struct gk_diags *, const struct gk_unit **) =
		ops->frame_record;
	const uint32_t *w = L->next_w;
	uint64_t offset = L->next_offset;
	size_t run = L->run, unbroken = L->unbroken, lag = L->lag;
	uint64_t units = 0;
	int rc = LEAN_NONE;
	while (run >= FRAME_LOOKAHEAD) {
		size_t len;
		const struct gk_unit *u = NULL;
		L->dg.n = L->dg.dropped = L->dg.errors = L->dg.warnings = 0;
		if (frame_record) {
			/* framed and decoded in one call, the record at hand */
			len = frame_record(fam, w, unbroken, offset, &L->dg, &u);
			if (len > unbroken)
				break; /* frame_stage brings in the rest */
		} else {
			len = frame(ops, fam, w, unbroken);
			if (len > unbroken)
				break;
			ops->unit(fam, w, len, len, offset, &L->dg);
			u = ops->record ? ops->record(fam) : NULL;
		}
		if (top) { /* frame_stage's */
			uint64_t end = offset + 4ull * len;
			f->top_first = f->top_known && f->top_first < offset ? f->top_first : offset;
			f->top_end = f->top_known && f->top_end > end ? f->top_end : end;
			f->top_known = true;
		}
		/* the four counts ORed: one test, where four were ~10
		 * instructions a packet (callgrind, bench_exec's 5 MB CIK run) */
		if ((L->dg.n | L->dg.dropped | L->dg.errors | L->dg.warnings) || hook ||
		    (ibs && u && u->desc && (u->desc->flags & GK_P_IB))) {
			rc = LEAN_AT;
			last = len; /* the unit at hand, as frame_stage leaves it (below) */
			break;
		}
		e->at_hand = u; /* gk_engine_unit_lazy's answer while the callback runs */
		int said = client(client_ctx, e, offset, w, len, &L->dg);
		e->at_hand = NULL;
		units++;
		last = len;
		if (said != GK_UNIT_GO && said != GK_UNIT_NO_FOLLOW) {
			/* client_stage's stop: the unit is not stepped past */
			rc = LEAN_STOPPED;
			break;
		}
		w += len;
		offset += 4ull * len;
		lag += len;
		unbroken -= len;
		run = run > len ? run - len : 0;
	}
	if (rc != LEAN_NONE || units) {
		/* the unit at hand (LEAN_AT, LEAN_STOPPED) or the last one
		 * handed over, as frame_stage leaves it: set here once, not at
		 * every unit (their stores were ~4 instructions a packet) */
		const uint32_t *at = rc != LEAN_NONE ? w : w - last;
		L->w = at;
		L->len = L->n = last;
		L->offset = offset - 4ull * (size_t)(w - at);
	}
	if (units) {
		L->stats->units += units;
		L->shown += units;
		if (rc != LEAN_STOPPED)
			L->stats->end = offset;
	}
	L->next_w = w;
	L->next_offset = offset;
	L->run = run;
	L->unbroken = unbroken;
	L->lag = lag;
	if (rc == LEAN_STOPPED) {
		L->stats->end = L->offset + 4ull * L->n;
		catch_up(L);
		gk_input_skip(L->in, L->n);
		L->stopped = true;
	}
	return rc;
}

/* The loop for a text decode (no check, JSON, caller's callback, --count,
 * --bo or ring marks): among the words the input said may be stepped
 * through, each unit framed, decoded and printed with the loop's state in
 * locals, and stepped past, as the stages would do for a unit that says
 * nothing and is no indirect buffer to follow (print_stage's submit line
 * and the unit's text; no diagnostic lines, nothing counted against
 * max_diags).  LEAN_AT: stopped at a unit that needs more (diagnostics,
 * something to follow), framed and decoded, for the stages after
 * decode_stage; LEAN_NONE: no unit at hand (frame_stage goes on).  The
 * stages one at a time, their state in *L, were ~170 instructions a
 * packet of a text decode (callgrind, decode -g sdma4 -e dma, quarter
 * bench stream: run and print_stage 10.4 M of 84.4 M, 62,150 packets). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int print_units(struct level *L)
{
	const struct gk_engine_ops *ops = L->ops;
	void *fam = L->fam;
	struct follow *f = L->f;
	const struct gk_stream_opts *o = f->o;
	bool follows = o->mem_read && !L->chain_pending; /* as lean_units */
	bool top = L->tops && L->gpu_addressed;
	bool raw = o->raw_words, json = o->json;
	const uint32_t *w = L->next_w;
	uint64_t offset = L->next_offset;
	size_t run = L->run, unbroken = L->unbroken, lag = L->lag;
	uint64_t units = 0;
	int rc = LEAN_NONE;
	while (run >= FRAME_LOOKAHEAD) {
		size_t len = frame(ops, fam, w, unbroken);
		if (len > unbroken)
			break; /* frame_stage brings in the rest */
		L->dg.n = L->dg.dropped = L->dg.errors = L->dg.warnings = 0;
		ops->unit(fam, w, len, len, offset, &L->dg);
		if (top) { /* frame_stage's */
			uint64_t end = offset + 4ull * len;
			f->top_first = f->top_known && f->top_first < offset ? f->top_first : offset;
			f->top_end = f->top_known && f->top_end > end ? f->top_end : end;
			f->top_known = true;
		}
		bool more = L->dg.n || L->dg.dropped || L->dg.errors || L->dg.warnings;
		if (!more && follows) {
			const struct gk_unit *u = L->follow_hook ? NULL : ops->record ? ops->record(fam) : NULL;
			more = L->follow_hook || (u && u->desc && (u->desc->flags & GK_P_IB));
		}
		if (more) {
			/* the unit at hand, as frame_stage leaves it */
			L->w = w;
			L->len = L->n = len;
			L->offset = offset;
			rc = LEAN_AT;
			break;
		}
		/* print_stage's text or JSON of a unit with no diagnostics */
		if (json) {
			ops->json(fam, &L->dg, o->json_flags, L->out);
		} else {
			submit_line(L, L->depth ? -1 : gk_input_submit_ahead(L->in, lag));
			ops->text(fam, &L->dg, raw, L->out);
		}
		units++;
		w += len;
		offset += 4ull * len;
		lag += len;
		unbroken -= len;
		run = run > len ? run - len : 0;
	}
	if (units) {
		L->stats->units += units;
		L->shown += units;
		L->stats->end = offset;
	}
	L->next_w = w;
	L->next_offset = offset;
	L->run = run;
	L->unbroken = unbroken;
	L->lag = lag;
	return rc;
}

/* The stages after decode_stage for the unit at hand.  false: the
 * caller's unit callback stopped the stream there. */
static bool after_decode(struct level *L)
{
	const struct gk_stream_opts *o = L->f->o;
	follow_stage(L);
	L->stats->units++;
	L->stats->errors += L->dg.errors;
	L->stats->warnings += L->dg.warnings;
	if (!client_stage(L))
		return false;
	if (!o->check || L->dg.n || L->dg.dropped)
		print_stage(L); /* a clean unit of a check prints nothing: no call */
	next_stage(L);
	return true;
}

/* A window of PAR_WIN words of stream, cut into pieces of about
 * PAR_PIECE words, is shared out (par.h): this thread takes pieces from
 * its front and the helpers from its back until the two ends meet, so
 * both sides work the window's whole time whatever its pieces cost or
 * the other work on the machine, and the side done first waits for one
 * piece at most (~4 us of a630 text).  The size is RSS's (8,192 to
 * 16,384 words measured the same): a helper keeps its share of two
 * windows' text, most of a window when it gets ahead (50 MB GFX11 text,
 * peak RSS 7.4-7.6 MB here, 7.8-7.9 at 12,288 words); JSON prints three
 * times the text (7.4-7.5 MB). */
#define PAR_WIN 8192u
#define PAR_PIECE 128u
#define PAR_WIN_JSON 1024u
#define PAR_PIECE_JSON 16u
_Static_assert(PAR_WIN / PAR_PIECE < GK_PAR_PIECES && PAR_WIN_JSON / PAR_PIECE_JSON < GK_PAR_PIECES,
	       "a window's pieces fit par.h's");

/* n words at w (offset) done and printed elsewhere (units of them): past
 * them, as next_stage passes one */
static void advance(struct level *L, const uint32_t *w, uint64_t offset, size_t n, uint64_t units)
{
	if (!n)
		return;
	L->w = w;
	L->n = n;
	L->offset = offset;
	step(L);
	L->stats->units += units;
	L->shown += units;
	L->stats->end = offset + 4ull * n;
}

/* what a helper printed, after what this thread has: straight to the
 * caller's writer when it has one, but for a short text with room in the
 * buffer, copied there (the last claims of a window are a piece or two,
 * and a write(2) of each with one of this thread's text before it: a630
 * -j 2 ~22,500 write calls) */
#define PAR_TEXT_COPY 16384u
static void put_run_text(struct gk_out *o, const char *t, size_t n)
{
	if (o->write && o->buf && (n >= PAR_TEXT_COPY || n > o->cap - o->len)) {
		gk_out_flush(o);
		if (!o->failed && o->write(o->ctx, t, n) != 0)
			o->failed = 1;
	} else {
		gk_out_mem(o, t, n);
	}
}

/* The units of w[done, end) (whole units, base the offset of w[0]) here,
 * on this thread's engine: printed as print_units would, and a unit with
 * diagnostics through the stages after decode_stage, in order.
 * LEAN_STOPPED: the caller's unit callback stopped the stream. */
static int units_here(struct level *L, const uint32_t *w, uint64_t base, size_t done, size_t end)
{
	const struct gk_stream_opts *o = L->f->o;
	const struct gk_engine_ops *ops = L->ops;
	void *fam = L->fam;
	const struct gk_par_print how = { o->json, o->raw_words, o->json_flags };
	bool held = false; /* the unit at done decoded, its diagnostics in L->dg */
	while (done < end) {
		if (!held) {
			struct gk_par_done r;
			gk_par_render(ops, fam, w + done, end - done, base + 4ull * done, &how, &L->dg, L->out, NULL, &r);
			advance(L, w + done, base + 4ull * done, r.words, r.units);
			done += r.words;
			held = r.held;
			if (r.words || held)
				continue;
		}
		L->w = w + done;
		L->len = frame(ops, fam, L->w, end - done);
		L->n = L->len < end - done ? L->len : end - done; /* whole: the runs were framed so */
		L->offset = base + 4ull * done;
		L->shown++;
		if (!held)
			decode_stage(L);
		held = false;
		if (!after_decode(L))
			return LEAN_STOPPED;
		done += L->n;
	}
	return LEAN_NONE;
}

/* A window framed by par_units: its words, from where the last one
 * ended, cut into pieces at cut[0] = 0 < ... < cut[np] (relative to its
 * first word); posted to the helpers in slot, or -1: this thread's alone */
struct par_window {
	unsigned np;
	int slot;
	size_t cut[GK_PAR_PIECES + 1];
};

/* Window x, at w (w[0] at byte offset base), decoded and printed: this
 * thread's pieces from its front, then the helpers' text of the rest in
 * order, written when this engine carries nothing at a claim's start, and
 * the rest of a claim decoded here (units_here).  rc: LEAN_STOPPED when
 * the caller's unit callback stopped the stream (the helpers' claims are
 * then waited for, not shown). */
static int par_window_run(struct level *L, const struct par_window *x, const uint32_t *w, uint64_t base, int rc)
{
	struct gk_par *par = L->f->par;
	const size_t *cut = x->cut;
	if (x->slot < 0)
		return rc == LEAN_STOPPED ? rc : units_here(L, w, base, 0, cut[x->np]);
	unsigned j, k;
	while (gk_par_claim(par, x->slot, &j, &k))
		if (rc != LEAN_STOPPED)
			rc = units_here(L, w, base, cut[j], cut[j + k]);
	/* the helpers' from j on */
	while (j < x->np) {
		size_t tlen, hd;
		uint64_t hu;
		const char *t = gk_par_take(par, x->slot, j, &tlen, &hd, &hu, &k);
		if (!k)
			k = x->np - j; /* no claim there (cannot be): this thread's */
		size_t done = cut[j], end = cut[j + k];
		j += k;
		if (rc == LEAN_STOPPED)
			continue;
		if (t && !L->ops->carries(L->fam)) {
			put_run_text(L->out, t, tlen);
			advance(L, w + done, base + 4ull * done, hd, hu);
			done += hd;
		}
		rc = units_here(L, w, base, done, end);
	}
	return rc;
}

/* print_units on more threads (gk_stream_opts.threads).  The input is
 * framed a window at a time (PAR_WIN words of whole units, in pieces), and
 * each window posted to the helpers before the last one is decoded, so a
 * helper done with one window goes on with the next while this thread
 * writes the last one's text and frames.  A helper's claim ends at a unit
 * with diagnostics, or where its engine last carried nothing
 * (gk_par_render), and units_here takes the rest of it.  So the output is
 * what one thread prints.  Returns as print_units. */
static int par_units(struct level *L)
{
	struct follow *f = L->f;
	const struct gk_stream_opts *o = f->o;
	const struct gk_engine_ops *ops = L->ops;
	void *fam = L->fam;
	if (ops->carries(fam) || (f->par_tried && !f->par))
		return print_units(L);
	size_t win = o->json ? PAR_WIN_JSON : PAR_WIN, piece = o->json ? PAR_PIECE_JSON : PAR_PIECE;
	/* x[0] the window framed last time round, to decode now (its words
	 * from this level's position on: pend of them), x[1] the next */
	struct par_window x[2];
	unsigned have = 0;
	size_t pend = 0;
	int rc = LEAN_NONE;
	for (;;) {
		/* the next window after the pending one: frame_stage's peek, asked for more */
		catch_up(L);
		struct gk_input_at at;
		long avail = gk_input_peek(L->in, pend + win + FRAME_LOOKAHEAD, &at);
		size_t lim = 0;
		if (avail > 0) {
			if (at.unbroken && (size_t)avail > at.unbroken)
				avail = (long)at.unbroken;
			L->next_w = at.words;
			L->next_offset = at.offset;
			L->unbroken = (size_t)avail;
			L->run = at.run;
			lim = L->run < L->unbroken ? L->run : L->unbroken;
		}
		const uint32_t *w = at.words;
		uint64_t base = at.offset;
		struct par_window *nx = &x[have];
		nx->np = 0;
		nx->cut[0] = 0;
		size_t pos = pend;
		while (rc != LEAN_STOPPED && lim >= pend + win && pos < pend + win && nx->np < GK_PAR_PIECES) {
			size_t goal = pos + piece;
			bool whole = true;
			if (ops->frame_span) { /* where units start, no frame made */
				bool cut;
				pos += ops->frame_span(fam, w + pos, lim - pos, goal - pos, &cut);
				whole = !cut;
			} else {
				while (pos < goal && pos < lim) {
					size_t len = frame(ops, fam, w + pos, lim - pos);
					if (len > lim - pos) {
						whole = false;
						break;
					}
					pos += len;
				}
			}
			if (pos - pend > nx->cut[nx->np])
				nx->cut[++nx->np] = pos - pend;
			if (!whole)
				break;
		}
		if (nx->np >= 2 && !f->par && !f->par_tried) {
			f->par_tried = true;
			f->par = gk_par_open(L->e, o->threads, o->json, o->json_flags, o->raw_words); /* at most GK_PAR_MAX helpers */
		}
		if (nx->np) {
			nx->slot = nx->np >= 2 && f->par ? gk_par_post(f->par, w + pend, nx->cut, nx->np, base + 4ull * pend)
							 : -1;
			have++;
		}
		/* the pending window, at this level's position */
		if (have == 2 || (have == 1 && !nx->np)) {
			/* a submit's words are one buffer (at.unbroken): its line once */
			if (rc != LEAN_STOPPED)
				submit_line(L, o->json || avail <= 0 ? -1 : gk_input_submit_ahead(L->in, 0));
			rc = par_window_run(L, &x[0], w, base, rc);
			if (have == 2)
				x[0] = x[1];
			have--;
		}
		pend = have ? x[0].cut[x[0].np] : 0;
		if (!have)
			break;
	}
	if (rc == LEAN_STOPPED)
		return rc;
	return L->run >= FRAME_LOOKAHEAD && L->unbroken ? print_units(L) : LEAN_NONE;
}

static void run_buffer(struct level *L)
{
	const struct gk_stream_opts *o = L->f->o;
	bool quiet = o->check && !o->unit && !o->mem_read && !o->count;
	bool lean = o->check && o->unit && !L->f->bounds && !o->count;
	/* a decode, text or JSON */
	bool shown = !o->check && !o->unit && !L->f->bounds && !o->count;
	bool batch = lean || shown; /* tested once a unit: the others take no batch loop */
	for (;;) {
		int at = !batch || L->skip ? LEAN_NONE
			 : lean		    ? lean_units(L)
			 : L->marks.have    ? LEAN_NONE
			 : L->par	    ? par_units(L)
					    : print_units(L);
		if (at == LEAN_STOPPED)
			return;
		if (at == LEAN_AT) {
			L->shown++; /* framed and decoded there */
		} else if (quiet && !L->skip && quiet_units(L)) {
			L->shown++; /* framed and decoded there */
		} else {
			if (!frame_stage(L))
				break;
			if (L->skip) {
				L->skip--;
				step(L);
				continue;
			}
			if (!L->depth && o->count && L->shown == o->count) {
				L->stats->end = L->offset;
				L->stopped = true;
				return;
			}
			L->shown++;
			decode_stage(L);
		}
		if (!after_decode(L))
			return;
	}
}

/* The end of a buffer that chained on: continue this level with the
 * buffer it chains to.  false: nothing to continue with. */
static bool next_chained(struct level *L)
{
	struct follow *f = L->f;
	unsigned depth = L->depth;
	catch_up(L); /* the buffer read so far is done with: its position told */
	if (!L->chain_pending || L->stopped)
		return false;
	L->chain_pending = false;
	if (depth && !f->nchain[depth])
		remember_chained(f, depth, f->first[depth]); /* the buffer the chain started from */
	remember_chained(f, depth, L->chain_first);
	f->nchain[depth]++;
	struct gk_input *next = ib_input(f, &L->chain_r, L->chain_first, L->chain_last, 4);
	if (!next)
		return false;
	gk_input_destroy(L->chain_in); /* the buffer that chained on (not the caller's input) */
	L->in = L->chain_in = next;
	f->first[depth] = L->chain_first;
	f->last[depth] = L->chain_last;
	gk_out_flush(L->out); /* the units so far were in the buffer that chained on */
	if (f->nest[depth]) { /* nested JSON units say which buffer they are in */
		f->nest[depth]->ib = L->chain_first;
		f->nest[depth]->parent = L->chain_parent;
	}
	L->marks.have = 0; /* ring marks belong to the ring */
	return true;
}

/* The start of a level: the engine told of a new stream; in a ring dump,
 * the words before the first unit that chains onto rptr shown raw. */
static void begin_stage(struct level *L)
{
	const struct gk_stream_opts *o = L->f->o;
	memset(L->stats, 0, sizeof *L->stats);
	if (L->ops->begin)
		L->ops->begin(L->fam, o->bos, o->nbos);
	gk_check_init(&L->bounds);
	gk_check_set_buffers(&L->bounds, o->bos, o->nbos);
	size_t before = ring_start(L->ops, L->fam, L->in);
	if (before) {
		raw_words(L->ops, L->in, before, o, L->out);
		gk_input_skip(L->in, before);
	}
	gk_input_marks(L->in, &L->marks);
	const struct gk_format *fmt = L->ops->format ? L->ops->format(L->fam) : NULL;
	L->follow_hook = fmt && fmt->follow;
	L->tops = !L->depth && o->mem_read;
	L->skip = L->depth ? 0 : o->skip;
	L->submit = -1;
	L->f->nchain[L->depth] = L->f->nchained[L->depth] = 0;
	/* more threads: the stream's own level of a decode whose units
	 * nothing reads in order but the printer (par_units) */
	L->par = !L->depth && o->threads > 1 && !o->check && !o->unit && !o->mem_read && !o->count && !o->skip &&
		 !L->f->bounds && L->ops->carries && L->ops->frame;
}

/* The end of a level: what only the end of the stream shows. */
static void end_stage(struct level *L)
{
	const struct gk_stream_opts *o = L->f->o;
	gk_diags_reset(&L->dg);
	if (L->ops->end)
		L->ops->end(L->fam, L->stats->end, &L->dg);
	L->stats->errors += L->dg.errors;
	L->stats->warnings += L->dg.warnings;
	if (o->json)
		gk_json_end(L->ops->name, L->stats->end, &L->dg, L->out);
	else if (o->check)
		check_lines(L->name, L->stats->end, &L->dg, L->out);
	else
		gk_text_diags(&L->dg, L->out);
}

static int run(struct follow *f, struct gk_engine *e, unsigned depth, struct gk_input *in, const char *name,
	       struct gk_out *out, struct gk_stream_stats *stats)
{
	struct level *L = calloc(1, sizeof *L); /* a diagnostics container and more: not on the stack of each nesting */
	if (!L) {
		memset(stats, 0, sizeof *stats);
		return -1;
	}
	L->f = f;
	L->depth = depth;
	L->e = e;
	L->ops = L->e->ops;
	L->fam = L->e->fam;
	L->name = name;
	L->out = out;
	L->stats = stats;
	L->top = L->in = in;
	begin_stage(L);
	do
		run_buffer(L);
	while (next_chained(L));
	gk_input_destroy(L->chain_in);
	if (!L->stopped)
		end_stage(L);
	int rc = gk_input_error(L->top) ? -1 : 0;
	free(L);
	return rc;
}

int gk_stream_run(struct gk_engine *e, struct gk_input *in, const struct gk_stream_opts *o, struct gk_out *out,
		  struct gk_stream_stats *stats)
{
	if (!e || !in || !o || !out || !stats)
		return -1;
	struct follow *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	f->o = o;
	f->root = out;
	f->max_depth = o->max_depth ? (o->max_depth < FOLLOW_MAX ? o->max_depth : FOLLOW_MAX) : FOLLOW_DEPTH;
	f->eng[0] = e;
	f->bounds = o->bos && o->nbos ? gk_check_bounds : NULL;
	int rc = run(f, e, 0, in, o->name ? o->name : "-", out, stats);
	gk_par_close(f->par);
	for (unsigned d = 1; d <= FOLLOW_MAX; d++) {
		gk_engine_close(f->eng[d]);
		gk_engine_close(f->alt[d]);
	}
	free(f);
	return rc;
}

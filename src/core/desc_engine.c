/* The engine ops every table-described family shares (PM4, DMA): framing,
 * check, text and JSON are the generic walkers over struct gk_format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/engine.h"
#include "gfxkit/unit.h"

#include "engine_ops.h"
#include "layout.h"
#include "out.h"
#include "suggest.h"

/* The last few packets of conditional descriptions (POLL_REG_MEM and
 * the like) that frame_unit found quiet, by their words.  The quiet check
 * of such a packet walks every field's condition (~1,230 instructions for
 * CIK's POLL_REG_MEM), and drivers emit the very same words again and
 * again (the HDP flush of every submission: cik_sdma_hdp_flush_ring_emit,
 * sdma_v4_0_ring_emit_hdp_flush; 3,700 of the 4,600 polls on the CIK bench
 * stream).  The verdict is a function of the description, the words and
 * the check state's open regions (none: asked at every hit), and the
 * bounds verdict of the buffers too (the memo is emptied when they are
 * set), so a packet with the same words as one here is quiet without the
 * walk; the same in the bits a verdict reads, that is (gk_desc_fast.q_care:
 * not VALUE and MASK of an SDMA poll).  Only packets this short: a compare
 * of their words.  Direct-mapped by a hash of those words: four slots
 * searched in turn cost ~195 instructions a poll of the SDMA 4 bench
 * stream (every slot's words compared), and its six kinds of poll (the
 * HDP flush, the VM invalidation, four fence addresses) took turns in
 * four slots, 677 of them walked again at ~1,140 instructions each. */
#define QUIET_MEMO 64
#define QUIET_MEMO_DW 8
_Static_assert(QUIET_MEMO_DW <= sizeof ((struct gk_desc_fast *)0)->q_care / sizeof(uint32_t), "q_care covers the memo");
struct quiet_memo {
	const struct gk_packet_desc *desc; /* NULL: empty */
	uint32_t ndw;
	bool in_bounds; /* and every range inside the buffers (gk_bounds_quiet) */
	uint32_t w[QUIET_MEMO_DW];
};

/* The frames of the last packets by their first dword, for a family whose
 * framing says a header alone decides them (gk_format.frame_by_header):
 * a NOP, a copy header, a fence header come again and again, and their
 * framing (a call, the description's chain, the frame written out) was
 * ~55 instructions a packet of the ~60 a clean NOP costs (callgrind, check
 * -g cik -e dma, quarter bench stream).  Direct-mapped by a hash of the
 * header's framing bits; a frame is a function of the header and the
 * format alone (and of a later dword's count, read by the description's
 * plan), so nothing is ever stale.  256 slots of 64 bytes: a
 * header's slot is a cache line of its own. */
#define FRAME_MEMO 256
struct frame_memo {
	/* Kept by the header's bits framing reads (gk_format.frame_hdr_bits),
	 * not the whole header: on Evergreen-SI a copy's byte count and a
	 * write's dword count lie in dword 0, so nearly every copy header
	 * was new to a memo by the whole header (14,778 of the 70,257
	 * packets of the SI bench quarter stream framed again, ~110
	 * instructions each).  h is the header last seen, fr its frame;
	 * count: the description's plan when its length is a count in
	 * dword 0, which gives another header's length */
	uint32_t key, h;
	bool valid;
	/* head: gk_check_quiet_head of h, the quiet check's steps that read
	 * dword 0 alone (~20 instructions a packet of the SI bench stream);
	 * qable: the plan checks nothing past them (no other dword, no rest,
	 * no register run: the SDMA NOP), so the header alone decides the
	 * quiet check of a packet with it while no region is open */
	bool head, qable;
	/* later: the description's count lies past dword 0 (count), read
	 * from each packet; head, qable, quiet unused then */
	bool later;
	bool quiet, quiet_rec; /* qable and head; and touching no memory (a --bo check's) */
	const struct gk_desc_sel *count;
	const struct gk_desc_fast *fast; /* the plan of fr.desc (NULL: none) */
	struct gk_frame fr;
	/* frame_record's: the record gk_unit_decode_lazy made of a whole
	 * packet this slot framed (gk_unit_laid), when it kept one: the hot
	 * packets' (NOP, FENCE, TRAP, COPY_LINEAR) slots are the frame memo's,
	 * which its hash keeps apart by design, where by a hash of the
	 * description's address two of them could share one in some builds
	 * and take turns (4 to 40 thousand of bench_exec's CIK packets decoded
	 * again, varying with unrelated code changes).  In the slot itself:
	 * in an array beside the memo, its index was a division by the slot's
	 * size a packet (~1.2 M instructions of bench_exec's 5 MB CIK run) */
	struct gk_unit_laid laid;
};

/* frame_record's memo of decoded records: a slot per kind of packet (a
 * description and a length) of the few a stream repeats (CIK's bench
 * stream: 9 descriptions, but WRITE_LINEAR and WRITE_PTE_PDE of some 60
 * lengths each: in 64 slots they took the fixed packets' turn, 4 to 40
 * thousand packets decoded again as the binary's table addresses moved
 * the hash) */
#define LAID_MEMO 256

/* frame_record's shapes of conditional descriptions' records: CIK's
 * bench stream has two kinds of poll (a register's, a fence's in memory);
 * a few more kinds of conditional packet keep their slots */
#define SHAPE_MEMO 4

/* The text of the last units that needed the general decoder (a
 * conditional description: SDMA's and CIK's POLL_REG_MEM), by their words.
 * A unit's line is a function of its description, its words and whether
 * its words are shown raw (the offset that starts it aside), and such a
 * packet comes again and again with the same words (the HDP flush and the
 * VM invalidation polls: 4,632 polls on the CIK quarter bench stream have 2
 * texts), where its fields and their records cost ~800 instructions to
 * print (callgrind, decode -g sdma4 -e dma, quarter bench stream).  The
 * line after its 12-byte offset kept when it is at most TEXT_MEMO_BYTES;
 * direct-mapped by a hash of the words, as the quiet memo.  Nothing is
 * ever stale: the format does not change. */
#define TEXT_MEMO 64
#define TEXT_MEMO_DW 8
#define TEXT_MEMO_BYTES 320
struct text_memo {
	const struct gk_packet_desc *desc; /* NULL: empty */
	uint32_t ndw;
	bool raw;
	uint16_t len;
	uint32_t w[TEXT_MEMO_DW];
	char text[TEXT_MEMO_BYTES];
};

struct desc_engine {
	struct gk_format fmt; /* large (prepared lookup tables): why this lives on the heap */
	struct gk_check_state check;
	struct gk_unit unit;  /* the packet last framed (unit.pkt) and decoded: what check added to, text and JSON print */
	const uint32_t *framed; /* the words gk_desc_engine_frame looked at last, and what it found */
	struct gk_frame frame;
	/* and the frame memo's slot that framed them by their header alone
	 * (the frame is its fr, frame not set; NULL: framed otherwise, into
	 * frame), for gk_desc_engine_unit to take the slot's verdicts and
	 * laid record as frame_record does.  Whatever else frames or touches
	 * the memo sets framed (to its words or NULL) */
	const struct frame_memo *framed_kept;
	struct quiet_memo memo[QUIET_MEMO];
	struct frame_memo frames[FRAME_MEMO];
	struct text_memo texts[TEXT_MEMO];
	/* the unit's decode put off (gk_desc_engine_unit): unit.pkt is this
	 * packet's, the rest of unit the last decode's until settle() */
	bool deferred;
	struct gk_diags *deferred_dg;
	/* some description of this generation is conditional and planned
	 * quiet: without one (Cayman) the memo is not looked at */
	bool memo_on;
	uint32_t frame_key; /* fmt.frame_hdr_bits, or every bit */
	/* frame_record's: the records decode_lazy made of the last kinds of
	 * whole simple packet (gk_unit_laid), direct-mapped by description
	 * and length */
	struct gk_unit_laid laid[LAID_MEMO];
	/* (and, for a unit the frame memo framed, the same in its slot:
	 * frame_memo.laid) */
	/* and the shapes of the last records of conditional descriptions
	 * (gk_unit_shape), looked for in turn, the oldest replaced */
	struct gk_unit_shape shapes[SHAPE_MEMO];
	unsigned shape_next;
	/* the JSON printer's plans of this format's registers and packet
	 * heads and fields (json.c, docs/json.md), made at the first unit
	 * printed as JSON; json_tried: asked already (NULL: none) */
	struct gk_json_plans *json_plans;
	bool json_tried;
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
	/* the quiet plans: the family's init made them (gk_format_plan_quiet,
	 * after its hooks) */
	for (size_t k = 0; k < d->fmt.ndescs && k < GK_MAX_DESCS; k++)
		if (d->fmt.fast[k].quiet && !d->fmt.fast[k].simple)
			d->memo_on = true;
	d->frame_key = d->fmt.frame_hdr_bits ? d->fmt.frame_hdr_bits : 0xffffffffu;
	gk_check_init(&d->check);
	return d;
}

void gk_desc_engine_close(void *fam)
{
	if (fam)
		gk_json_plans_free(((struct desc_engine *)fam)->json_plans);
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
	memset(d->memo, 0, sizeof d->memo); /* verdicts of other buffers */
	d->deferred = false; /* a put-off decode of another stream's words */
}

/* the memo slot of the words at w, framed as fr (fr->ndw <= QUIET_MEMO_DW):
 * a hash of the description and the bits a verdict reads */
static inline unsigned memo_slot(const struct gk_desc_fast *fast, const struct gk_frame *fr, const uint32_t *w)
{
	/* not the description's address (a hit compares it): with it the
	 * slots of the same stream's packets moved with unrelated changes to
	 * the binary, and two SDMA 6 polls of the bench stream came to take
	 * turns in one (check -g sdma6 -e dma, quarter bench stream, 12.69 M
	 * -> 13.20 M); the words' header holds the opcode */
	uint32_t x = fr->ndw;
	for (unsigned k = 0; k < fr->ndw && k < QUIET_MEMO_DW; k++)
		x = (x ^ (w[k] & fast->q_care[k])) * 0x9e3779b1u;
	_Static_assert(QUIET_MEMO == 64, "the hash's top 6 bits index the memo");
	return x >> 26;
}

/* a packet of the words at w, framed as fr, that the memo's slot holds
 * as quiet (and inside the buffers when want_record) */
static inline bool memo_hit(const struct desc_engine *d, const struct gk_desc_fast *fast, const struct gk_frame *fr,
			    const uint32_t *w, bool want_record, unsigned slot)
{
	if (d->check.nexec)
		return false; /* a region open: the quiet check says no */
	/* the words compared in a loop, not memcmp: with no call here the
	 * plan lookup frame_unit made for the memo serves gk_check_quiet's
	 * inline steps too (the frame's address has escaped, so a call would
	 * make the compiler read it again) */
	const struct quiet_memo *m = &d->memo[slot];
	if (m->desc != fr->desc || m->ndw != fr->ndw || (want_record && !m->in_bounds))
		return false;
	uint32_t diff = 0;
	/* only the bits the verdict can depend on (q_care): the SDMA VM
	 * invalidation polls differ in their VALUE and MASK alone (a bit per
	 * VMID), and compared whole they missed the memo (2,241 of 5,281
	 * polls walked on the SDMA 4 bench stream) */
	for (unsigned k = 0; k < m->ndw && k < QUIET_MEMO_DW; k++)
		diff |= (m->w[k] ^ w[k]) & fast->q_care[k];
	return !diff;
}

static void memo_put(struct desc_engine *d, const struct gk_frame *fr, const uint32_t *w, bool in_bounds, unsigned slot)
{
	struct quiet_memo *m = &d->memo[slot];
	m->desc = fr->desc;
	m->ndw = fr->ndw;
	m->in_bounds = in_bounds;
	memcpy(m->w, w, 4u * fr->ndw);
}

/* The frame memo's slot for header h (frame_by_header formats) and its
 * key.  This and the two below are frame_one's steps on the memo, for
 * gk_desc_engine_frame (frame_one keeps its own copy: see there) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline struct frame_memo *frame_slot(struct desc_engine *d, uint32_t h, uint32_t *key_out)
{
	uint32_t key = h & d->frame_key;
	/* the key's bits mixed (a shift, a multiply, a shift) before
	 * its top 8 index the memo: a key is a few opcode bits, at the
	 * top on Evergreen-SI and at the bottom on CIK/SDMA, and a bare
	 * multiply's top bits put the CIK stream's 14 keys in too few
	 * slots (5,557 of its 57,147 headers framed again, against 14
	 * mixed; SI 804 against 27, 64 slots against 256) */
	uint32_t x = (key ^ (key >> 15)) * 0x2c1b3c6du;
	_Static_assert(FRAME_MEMO == 256, "the hash's top 8 bits index the memo");
	*key_out = key;
	return &d->frames[(x ^ (x >> 12)) >> 24];
}

/* A kept frame (fm->valid, fm->key h's) brought to header h: the same frame
 * but for dword 0's count, and the header's verdicts again (of no use to
 * a later dword's count) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void frame_refresh(struct frame_memo *fm, uint32_t h)
{
	if (fm->h == h)
		return;
	fm->h = h;
	if (fm->count)
		fm->fr.ndw = ((h >> fm->count->len_lo) & fm->count->len_mask) + fm->count->len_add;
	fm->head = fm->fast && gk_check_quiet_head(fm->fast, &fm->fr, h);
	fm->quiet = fm->qable && fm->head;
	fm->quiet_rec = fm->quiet && !fm->fr.desc->naccess;
}

/* fr, just framed from header h (key its framing bits), kept in fm when
 * its length is the header's or a later dword's count (a header new to
 * the memo: rare) */
static void frame_keep(struct desc_engine *d, struct frame_memo *fm, uint32_t key, uint32_t h, const struct gk_frame *fr)
{
	const struct gk_desc_sel *sel = fr->desc ? &d->fmt.sel[fr->desc - d->fmt.descs] : NULL;
	/* a length the header alone gives: fixed, or a count in
	 * dword 0 (the SDMA NOP's, 26,936 of the SDMA bench
	 * stream's 62,067 packets); or a count in a later dword,
	 * read from each packet by the plan */
	if (sel && sel->len_kind != GK_LEN_FIXED && sel->len_kind != GK_LEN_COUNT)
		return;
	fm->key = key;
	fm->h = h;
	fm->fr = *fr;
	fm->valid = true;
	fm->count = sel && sel->len_kind == GK_LEN_COUNT ? sel : NULL;
	const struct gk_desc_fast *fast = fr->desc && fr->ndw ? gk_fast(&d->fmt, fr->desc) : NULL;
	fm->fast = fast;
	/* later: the length, so the head's verdict, is each packet's */
	fm->later = fm->count && fm->count->len_dw > 0;
	fm->head = !fm->later && fast && gk_check_quiet_head(fast, fr, h);
	/* gk_check_quiet reads only dword 0 and the open
	 * regions when the plan checks no other dword, has
	 * no rest and no register run; the desc memo (not
	 * simple descriptions) is left to its own step */
	fm->qable = !fm->later && fast && fast->q_nfix <= 1 && !fast->q_rest && fr->desc->tail != GK_TAIL_REGS &&
		    (fast->simple || !d->memo_on);
	fm->quiet = fm->qable && fm->head;
	fm->quiet_rec = fm->quiet && !fr->desc->naccess;
}

/* The frame of the packet at w (n >= 1 words there) through the frame
 * memo, for a family whose header alone decides it: the slot when its
 * kept frame is the packet's (nothing copied: the caller reads fm->fr),
 * else NULL with the frame in *out (a length from a later dword, or framed
 * by the family and kept for the next packet with this header).  Shared
 * by the unit-at-a-time framing and frame_record; inline in both, as each
 * was written before (a call a packet) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline struct frame_memo *memo_frame(struct desc_engine *d, const uint32_t *w, size_t n, struct gk_frame *out)
{
	uint32_t h = w[0], key;
	struct frame_memo *fm = frame_slot(d, h, &key);
	if (!fm->valid || fm->key != key) {
		d->fmt.frame(&d->fmt, w, n, out);
		frame_keep(d, fm, key, h, out);
		return NULL;
	}
	frame_refresh(fm, h);
	if (!fm->later)
		return fm;
	if (fm->count->len_dw < n) {
		const struct gk_desc_sel *c = fm->count;
		*out = fm->fr;
		out->ndw = ((w[c->len_dw] >> c->len_lo) & c->len_mask) + c->len_add;
	} else {
		d->fmt.frame(&d->fmt, w, n, out);
	}
	return NULL;
}

/* gk_desc_engine_frame of a family whose header alone decides a frame
 * (frame_by_header: DMA) through the frame memo frame_units keeps
 * (decode, decode --json and run frame here): a header seen before is
 * framed by a copy (callgrind, decode -g cik -e dma, quarter bench stream:
 * see docs/architecture.md "The quiet check").  A call of its own: in
 * gk_desc_engine_frame it cost PM4, which takes none of it, ~11
 * instructions a packet (decode -g gfx9 -e pm4, 98.44 M -> 98.89 M) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t frame_by_memo(struct desc_engine *d, const uint32_t *w, size_t n)
{
	/* a kept frame is the slot's: not copied to d->frame
	 * (gk_desc_engine_unit reads it there) */
	struct frame_memo *fm = memo_frame(d, w, n, &d->frame);
	d->framed_kept = fm;
	d->framed = w;
	const struct gk_frame *fr = fm ? &fm->fr : &d->frame;
	return fr->ndw ? fr->ndw : 1;
}

size_t gk_desc_engine_frame(void *fam, const uint32_t *w, size_t n)
{
	struct desc_engine *d = fam;
	if (d->fmt.frame_by_header && n)
		return frame_by_memo(d, w, n);
	/* framed set before the call (the family's frame sees only the
	 * format and the frame): w is then not kept in a saved register
	 * across it (callgrind, decode -j 1 of the a630 quarter bench
	 * stream, 54,135 units) */
	d->framed = w; /* framed_kept: NULL, as ever without frame_by_header */
	d->fmt.frame(&d->fmt, w, n, &d->frame);
	return d->frame.ndw ? d->frame.ndw : 1;
}

/* Where the units from w on start: the family's span where its headers
 * alone give the lengths (PM4, Adreno), no frame made (the window framing
 * of a decode on more threads framed every unit twice, once here and once
 * to decode it: ~55 instructions a unit here, callgrind, decode -j 2 of
 * the a630 quarter bench stream), else gk_desc_engine_frame's */
size_t gk_desc_engine_frame_span(void *fam, const uint32_t *w, size_t n, size_t goal, bool *cut)
{
	struct desc_engine *d = fam;
	if (d->fmt.span)
		return d->fmt.span(&d->fmt, w, n, goal, cut);
	size_t pos = 0;
	*cut = false;
	while (pos < goal && pos < n) {
		size_t len = gk_desc_engine_frame(fam, w + pos, n - pos);
		if (len > n - pos) {
			*cut = true;
			break;
		}
		pos += len;
	}
	return pos;
}

/* gk_check_quiet of a whole packet fr frames at w, for the units the
 * stream loop decodes anyway (decode, decode --json, run): the verdict
 * frame_one reaches, with its memo of conditional descriptions' packets
 * (a CIK POLL_REG_MEM's walk is ~1,230 instructions, the memo's compare a
 * few dozen: callgrind, decode -g cik -e dma, quarter bench stream,
 * 101.2 M -> see docs/architecture.md "The quiet check").  A verdict put in
 * the memo here says "inside the buffers" only of a packet that touches
 * no memory, as frame_one's without buffers does. */
static inline __attribute__((always_inline)) bool quiet_past_head(struct desc_engine *d, const struct gk_desc_fast *fast, const struct gk_frame *fr,
				   const uint32_t *w);

static inline __attribute__((always_inline)) bool unit_quiet_planned(struct desc_engine *d,
								       const struct gk_desc_fast *fast,
								       const struct gk_frame *fr, const uint32_t *w)
{
	if (!fast || d->check.nexec)
		return false;
	if (!gk_check_quiet_head(fast, fr, w[0]))
		return false;
	return quiet_past_head(d, fast, fr, w);
}

static inline __attribute__((always_inline)) bool unit_quiet(struct desc_engine *d, const struct gk_frame *fr, const uint32_t *w)
{
	return unit_quiet_planned(d, fr->desc ? gk_fast(&d->fmt, fr->desc) : NULL, fr, w);
}

/* unit_quiet's steps after the header's (fr->desc's plan fast, its head
 * passed, no region open): the memo, the body */
static inline bool quiet_past_head(struct desc_engine *d, const struct gk_desc_fast *fast, const struct gk_frame *fr,
				   const uint32_t *w)
{
	const struct gk_packet_desc *desc = fr->desc;
	bool memo = d->memo_on && fr->ndw <= QUIET_MEMO_DW && !fast->simple;
	unsigned slot = memo ? memo_slot(fast, fr, w) : 0;
	if (memo && memo_hit(d, fast, fr, w, false, slot))
		return true;
	if (!gk_check_quiet_body(&d->fmt, fast, fr, w))
		return false;
	if (memo)
		memo_put(d, fr, w, !desc->naccess, slot);
	return true;
}

/* The decode gk_desc_engine_unit put off, done before anything reads the
 * unit (text, JSON, the record).  A unit frame_one left without a record
 * (no words) has none to do.  The decode out of line: inline, its call's
 * registers cost the JSON op every unit (~15 instructions, callgrind,
 * decode --json -g sdma4 -e dma quarter bench stream) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void decode_deferred(struct desc_engine *d)
{
	d->deferred = false;
	if (d->unit.pkt.dw)
		gk_unit_decode_lazy(&d->fmt, &d->unit.pkt, d->deferred_dg, &d->unit);
}

static inline void settle(struct desc_engine *d)
{
	if (d->deferred)
		decode_deferred(d);
}

/* gk_desc_engine_unit of a whole packet the frame memo framed by its
 * header (d->framed_kept, w d->framed): a simple description's record as
 * gk_unit_decode_lazy made it for the same description and length (the
 * slot's gk_unit_laid, which frame_record keeps too), and the quiet check
 * from the slot's verdicts on the header (frame_record's steps), where
 * unit_quiet looked at the plan again and decode_lazy worked the layout
 * out: ~90 instructions a NOP, COPY or FENCE (callgrind, decode -e dma,
 * quarter bench streams: SDMA6 71.32 M -> 66.46 M, SI 79.6 M -> 74.06 M,
 * Cayman 78.9 M -> 73.47 M).  false: not such a unit, the frame copied to
 * d->frame for the general way.  Out of line: inline, its registers cost
 * PM4 (never framed by the memo) ~10 instructions a packet (GFX9
 * +0.48 M) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool unit_by_memo(struct desc_engine *d, const uint32_t *w, size_t n, size_t len, uint64_t offset,
			 struct gk_diags *dg)
{
	const struct frame_memo *kept = d->framed_kept;
	const struct gk_packet_desc *desc = kept->fr.desc;
	/* kept->fast: a description and a length (frame_keep) */
	if (len != kept->fr.ndw || n < len || !kept->fast || !kept->fast->simple || desc->tail == GK_TAIL_REGS) {
		d->frame = kept->fr; /* the general way's */
		return false;
	}
	struct gk_packet *pkt = &d->unit.pkt;
	pkt->offset = offset;
	pkt->dw = w;
	pkt->frame = kept->fr;
	pkt->truncated = false;
	pkt->ndw = (uint32_t)len;
	d->framed = NULL;
	d->deferred = false;
	struct gk_unit_laid *lay = &d->frames[kept - d->frames].laid; /* the slot's own (frame_record's too) */
	if (lay->desc == desc && lay->ndw == len) {
		gk_unit_decode_laid(&d->fmt, &d->unit, dg, lay);
	} else {
		gk_unit_decode_lazy(&d->fmt, pkt, dg, &d->unit);
		gk_unit_laid_keep(&d->unit, lay);
	}
	if (!d->check.nexec && (kept->quiet || (kept->head && quiet_past_head(d, kept->fast, &pkt->frame, w))))
		return true;
	gk_unit_check_framed(&d->fmt, &d->check, &d->unit);
	return true;
}

void gk_desc_engine_unit(void *fam, const uint32_t *w, size_t n, size_t len, uint64_t offset, struct gk_diags *dg)
{
	struct desc_engine *d = fam;
	if (d->framed_kept && w == d->framed && unit_by_memo(d, w, n, len, offset, dg))
		return;
	/* the packet is built in the unit's own record, which the decoder then
	 * does not copy: a copy read back right after these narrower stores
	 * stalled on store forwarding (a fifth of a check's decode time) */
	struct gk_packet *pkt = &d->unit.pkt;
	if (w == d->framed && len == d->frame.ndw) {
		/* framed already (the stream loop frames, then fetches the words) */
		pkt->offset = offset;
		pkt->dw = w;
		pkt->frame = d->frame;
		pkt->truncated = n < len;
		pkt->ndw = (uint32_t)(n < len ? n : len);
	} else {
		gk_packet_frame(&d->fmt, w, n, offset, pkt);
	}
	d->framed = NULL;
	/* decode, decode --json and run check every unit here.  The quiet
	 * check first (what `check` asks, docs/architecture.md "The quiet
	 * check"): a yes means the full check would add no diagnostic and
	 * leave the check state as it is, so it is not run; a no (something
	 * to say, or the plan cannot tell) runs it exactly as before.  The
	 * record is the same either way: the check writes only diagnostics
	 * and the state.  Only a whole packet of a known frame: a truncated
	 * one always takes the full check. */
	const struct gk_frame *fr = &pkt->frame;
	/* the plan looked up once, for the quiet check, the test below and
	 * the decode, where each looked it up (a division by the
	 * description's size: ~11 instructions a unit, callgrind, decode -j 1
	 * of the a630 quarter bench stream) */
	const struct gk_desc_fast *fast = fr->desc ? gk_fast(&d->fmt, fr->desc) : NULL;
	bool quiet = !pkt->truncated && fr->ndw && pkt->ndw == fr->ndw && unit_quiet_planned(d, fast, fr, pkt->dw);
	if (quiet && !fast->simple) {
		/* a conditional description's quiet unit is decoded when
		 * something reads it (settle): the text memo prints most of
		 * them without (their decode was ~1,050 instructions a poll,
		 * callgrind, decode -g sdma4 -e dma, quarter bench stream).
		 * unit_quiet asked once, above: from two places gcc made it a
		 * call (~30 instructions a packet more) */
		d->deferred = true;
		d->deferred_dg = dg;
		return;
	}
	d->deferred = false;
	gk_unit_decode_planned(&d->fmt, pkt, dg, &d->unit, fast); /* fields read when something asks */
	if (quiet)
		return;
	gk_unit_check_framed(&d->fmt, &d->check, &d->unit);
}

/* gk_desc_engine_frame, then gk_desc_engine_unit(w, len, len) in one call,
 * for the stream loop's lean loop (run, lint: every unit decoded and handed
 * to the client): the frame written into the record once (not framed into
 * d->frame, then copied), no second call, and a unit the frame memo holds
 * quiet by its header (a NOP: 37 % of bench_exec's CIK stream) not asked
 * the quiet check's steps again (frame_one's qable).  When the unit is not
 * whole within the n words there (len > n) nothing is decoded and there is
 * no record (*rec NULL), so no unit is half framed. */
size_t gk_desc_engine_frame_record(void *fam, const uint32_t *w, size_t n, uint64_t offset, struct gk_diags *dg,
				   const struct gk_unit **rec)
{
	struct desc_engine *d = fam;
	struct gk_packet *pkt = &d->unit.pkt;
	struct frame_memo *kept = NULL; /* the memo entry whose frame this is, when the header alone gives it */
	*rec = NULL;
	d->framed = NULL;
	d->deferred = false; /* the record is made here, whatever a put-off decode left */
	if (d->fmt.frame_by_header) {
		kept = memo_frame(d, w, n, &pkt->frame); /* n >= 1: the loop's */
		if (kept)
			pkt->frame = kept->fr;
	} else {
		d->fmt.frame(&d->fmt, w, n, &pkt->frame);
	}
	uint32_t ndw = pkt->frame.ndw;
	size_t len = ndw ? ndw : 1;
	if (len > n) {
		pkt->dw = NULL; /* not whole here: no record (the stream loop frames it again) */
		return len;
	}
	if (ndw) {
		pkt->offset = offset;
		pkt->dw = w;
		pkt->truncated = false;
		pkt->ndw = ndw;
	} else {
		gk_packet_frame(&d->fmt, w, len, offset, pkt); /* as gk_desc_engine_unit frames a 0-length frame */
	}
	/* the record as gk_unit_decode_lazy made it for a packet of the same
	 * description and length, when it kept one (gk_unit_laid) */
	const struct gk_packet_desc *desc = pkt->frame.desc;
	if (ndw && desc && desc->tail != GK_TAIL_REGS) {
		/* not a register run (PM4's most), which is never kept: its
		 * lookup cost GFX9's run 3.7 M (callgrind, bench_exec's 5 MB
		 * stream) */
		struct gk_unit_laid *lay;
		if (kept) {
			lay = &kept->laid;
		} else {
			/* a length from a later dword (WRITE_LINEAR,
			 * WRITE_PTE_PDE) or a family framed without the memo:
			 * by description and length, two slots tried */
			uint32_t hx = (uint32_t)((uintptr_t)desc >> 3) * 0x9e3779b1u ^ ndw * 0x85ebca6bu;
			hx = (hx ^ (hx >> 15)) * 0x2c1b3c6du;
			_Static_assert(LAID_MEMO == 256, "the hash's top 8 bits index the memo");
			lay = &d->laid[hx >> 24];
			if (lay->desc != desc || lay->ndw != ndw) {
				struct gk_unit_laid *other = &d->laid[(hx >> 24) ^ 1u];
				if ((other->desc == desc && other->ndw == ndw) || (lay->desc && !other->desc))
					lay = other; /* there, or where it goes */
			}
		}
		if (lay->desc == desc && lay->ndw == ndw) {
			gk_unit_decode_laid(&d->fmt, &d->unit, dg, lay);
		} else if (!gk_fast(&d->fmt, desc)->simple) {
			/* a conditional description (the polls): the record's
			 * shape kept by its key (gk_unit_shape), its values
			 * read from the words */
			struct gk_unit_shape *sh = NULL;
			for (unsigned k = 0; k < SHAPE_MEMO && !sh; k++)
				if (gk_unit_shape_fits(&d->shapes[k], desc, ndw, w))
					sh = &d->shapes[k];
			if (sh) {
				gk_unit_decode_shape(&d->fmt, &d->unit, dg, sh);
			} else {
				gk_unit_decode_lazy(&d->fmt, pkt, dg, &d->unit);
				if (gk_unit_shape_keep(&d->unit, &d->shapes[d->shape_next]))
					d->shape_next = (d->shape_next + 1u) % SHAPE_MEMO;
			}
		} else {
			gk_unit_decode_lazy(&d->fmt, pkt, dg, &d->unit);
			gk_unit_laid_keep(&d->unit, lay);
		}
	} else {
		gk_unit_decode_lazy(&d->fmt, pkt, dg, &d->unit);
	}
	*rec = &d->unit;
	/* gk_desc_engine_unit's check: the frame memo's verdict by the header
	 * (what frame_one takes as the quiet check's), then the quiet check,
	 * then the full one */
	bool quiet;
	if (kept) /* the plan and the head's verdict kept with the frame: unit_quiet's first steps */
		quiet = kept->fast && !d->check.nexec && (kept->quiet || (kept->head && quiet_past_head(d, kept->fast, &pkt->frame, w)));
	else
		quiet = ndw && unit_quiet(d, &pkt->frame, w);
	if (quiet)
		return len;
	gk_unit_check_framed(&d->fmt, &d->check, &d->unit);
	return len;
}

/* frame_unit's work on one unit, with *done: true when the unit was clean
 * and left no record (nothing decoded); false when it was decoded, and
 * checked unless already known quiet (len <= n), or not whole (len > n,
 * nothing done).  Inline in both loops below: the batch one
 * (frame_units) is why. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline size_t frame_one(struct desc_engine *d, const uint32_t *w, size_t n, uint64_t offset, struct gk_diags *dg,
			       gk_bounds_quiet_fn bounds_quiet, bool *done_out)
{
	bool want_record = bounds_quiet != NULL;
	struct gk_frame fr_new;
	const struct gk_frame *frp = &fr_new; /* the frame memo's, or fr_new: not copied */
	const struct gk_desc_fast *fast = NULL;
	int head = -1; /* gk_check_quiet_head of this packet, when the frame memo kept it */
	*done_out = false;
	if (d->fmt.frame_by_header) {
		/* frame_slot, frame_refresh and frame_keep's steps, written
		 * out: through the helpers (inline or not) gcc's code for this
		 * loop cost a check ~2 instructions a packet more (callgrind,
		 * check -g cik -e dma, quarter bench stream, 13.64 M -> 13.75 M;
		 * SI 12.89 M -> 13.06 M) */
		uint32_t h = w[0]; /* n >= 1: the loops' */
		uint32_t key = h & d->frame_key;
		/* the key's bits mixed (a shift, a multiply, a shift) before
		 * its top 8 index the memo: a key is a few opcode bits, at the
		 * top on Evergreen-SI and at the bottom on CIK/SDMA, and a bare
		 * multiply's top bits put the CIK stream's 14 keys in too few
		 * slots (5,557 of its 57,147 headers framed again, against 14
		 * mixed; SI 804 against 27, 64 slots against 256) */
		uint32_t x = (key ^ (key >> 15)) * 0x2c1b3c6du;
		struct frame_memo *fm = &d->frames[(x ^ (x >> 12)) >> 24];
		_Static_assert(FRAME_MEMO == 256, "the hash's top 8 bits index the memo");
		if (fm->valid && fm->key == key) {
			if (fm->h != h) {
				/* the same frame but for dword 0's count, and the
				 * header's verdicts again (of no use to a later
				 * dword's count, below) */
				fm->h = h;
				if (fm->count)
					fm->fr.ndw = ((h >> fm->count->len_lo) & fm->count->len_mask) + fm->count->len_add;
				fm->head = fm->fast && gk_check_quiet_head(fm->fast, &fm->fr, h);
				fm->quiet = fm->qable && fm->head;
				fm->quiet_rec = fm->quiet && !fm->fr.desc->naccess;
			}
			/* quiet by its header: done, no plan looked up (the
			 * SDMA NOP is 26,936 of the SDMA 4 bench stream's
			 * 62,067 packets; see frame_memo.qable) */
			if ((want_record ? fm->quiet_rec : fm->quiet) && fm->fr.ndw <= n && !d->check.nexec) {
				d->unit.pkt.dw = NULL; /* (a put-off decode: none to do, settle) */
				d->framed = NULL;
				*done_out = true;
				return fm->fr.ndw;
			}
			if (!fm->later) {
				frp = &fm->fr;
				fast = fm->fast;
				head = fm->head;
			} else if (fm->count->len_dw < n) {
				/* a count in a later dword (CIK's WRITE_LINEAR,
				 * SDMA's WRITE_UNTILED: 4,462 of the CIK bench
				 * quarter stream's packets framed again, ~85
				 * instructions each): this packet's by the plan,
				 * the header's quiet steps taken below (the length
				 * is the packet's) */
				const struct gk_desc_sel *c = fm->count;
				fr_new = fm->fr;
				fr_new.ndw = ((w[c->len_dw] >> c->len_lo) & c->len_mask) + c->len_add;
				fast = fm->fast;
			} else {
				d->fmt.frame(&d->fmt, w, n, &fr_new);
			}
		} else {
			struct gk_frame fr;
			d->fmt.frame(&d->fmt, w, n, &fr);
			const struct gk_desc_sel *sel = fr.desc ? &d->fmt.sel[fr.desc - d->fmt.descs] : NULL;
			fr_new = fr;
			/* a length the header alone gives: fixed, or a count in
			 * dword 0 (the SDMA NOP's, 26,936 of the SDMA bench
			 * stream's 62,067 packets); or a count in a later dword,
			 * read from each packet by the plan */
			if (!sel || sel->len_kind == GK_LEN_FIXED || sel->len_kind == GK_LEN_COUNT) {
				fm->key = key;
				fm->h = h;
				fm->fr = fr;
				fm->valid = true;
				fm->count = sel && sel->len_kind == GK_LEN_COUNT ? sel : NULL;
				fast = fr.desc && fr.ndw ? gk_fast(&d->fmt, fr.desc) : NULL;
				fm->fast = fast;
				/* later: the length, so the head's verdict, is
				 * each packet's (below) */
				fm->later = fm->count && fm->count->len_dw > 0;
				fm->head = !fm->later && fast && gk_check_quiet_head(fast, &fr, h);
				if (!fm->later)
					head = fm->head;
				/* gk_check_quiet reads only dword 0 and the open
				 * regions when the plan checks no other dword, has
				 * no rest and no register run; the desc memo (not
				 * simple descriptions) is left to its own step */
				fm->qable = !fm->later && fast && fast->q_nfix <= 1 && !fast->q_rest &&
					    fr.desc->tail != GK_TAIL_REGS && (fast->simple || !d->memo_on);
				fm->quiet = fm->qable && fm->head;
				fm->quiet_rec = fm->quiet && !fr.desc->naccess;
			}
		}
	} else {
		d->fmt.frame(&d->fmt, w, n, &fr_new);
	}
	const struct gk_frame *const fr = frp;
	size_t len = fr->ndw ? fr->ndw : 1;
	if (len > n)
		return len; /* not whole here: nothing decoded, the record as it was */
	const struct gk_packet_desc *desc = fr->ndw ? fr->desc : 0;
	if (head < 0) {
		if (desc && !fast)
			fast = gk_fast(&d->fmt, desc);
		head = desc && gk_check_quiet_head(fast, fr, w[0]);
	}
	bool memo = d->memo_on && desc && fr->ndw <= QUIET_MEMO_DW && !fast->simple;
	unsigned slot = memo ? memo_slot(fast, fr, w) : 0;
	bool done = memo && memo_hit(d, fast, fr, w, want_record, slot);
	bool quiet = false; /* the check would say nothing (its state as it was) */
	/* gk_check_quiet, its header steps taken from the frame memo */
	if (!done && head && !d->check.nexec && gk_check_quiet_body(&d->fmt, fast, fr, w)) {
		/* check --bo: a clean unit whose ranges, computed from its
		 * words, all lie inside the buffers says nothing in the bounds
		 * stage either, so it needs no record (callgrind, check --bo
		 * -g cik -e dma, quarter bench stream: 65.2 -> 61.6 M) */
		quiet = true;
		done = !want_record || !desc->naccess || bounds_quiet(&d->fmt, &d->check, desc, w, len);
		if (done && memo)
			memo_put(d, fr, w, want_record || !desc->naccess, slot);
	}
	if (done) {
		/* clean, and nothing in the quiet loop reads a clean unit's
		 * record but the bounds stage, which reads only the accesses of
		 * one that has some: none is made (the one of a unit before is
		 * no longer this unit's, so there is none to read) */
		d->unit.pkt.dw = NULL;
		d->framed = NULL;
		*done_out = true;
		return len;
	}
	/* what gk_desc_engine_frame, then gk_desc_engine_unit do, without the
	 * second call and the framing kept for it in between (a tenth of a
	 * clean packet's check) */
	struct gk_packet *pkt = &d->unit.pkt;
	if (fr->ndw) {
		pkt->offset = offset;
		pkt->dw = w;
		pkt->frame = *fr;
		pkt->truncated = false;
		pkt->ndw = (uint32_t)len;
	} else {
		gk_packet_frame(&d->fmt, w, len, offset, pkt);
	}
	d->framed = NULL;
	d->deferred = false;
	gk_unit_decode_lazy(&d->fmt, pkt, dg, &d->unit);
	/* a clean unit that touches memory (check --bo): the record only for
	 * the bounds stage's access model, which reads the few fields it needs
	 * from the words of a pending unit; the check itself would say
	 * nothing and leave the state as it is (gk_check_quiet), so it is not
	 * run (callgrind, check --bo -g cik -e dma, quarter bench stream:
	 * 68.7 -> 65.2 M) */
	if (!quiet)
		gk_unit_check_framed(&d->fmt, &d->check, &d->unit);
	return len;
}

size_t gk_desc_engine_frame_unit(void *fam, const uint32_t *w, size_t n, uint64_t offset, struct gk_diags *dg,
				 gk_bounds_quiet_fn bounds_quiet)
{
	bool done;
	return frame_one(fam, w, n, offset, dg, bounds_quiet, &done);
}

/* frame_unit over the units back to back: the loop here, so a clean unit
 * costs no call into the engine and no trip through the stream loop's
 * state (the call, its saved registers and the loop's bookkeeping were
 * ~45 instructions a packet: callgrind, check -g cik -e dma, quarter
 * bench stream) */
uint64_t gk_desc_engine_frame_units(void *fam, const uint32_t *w, size_t n, size_t starts, uint64_t offset,
				    struct gk_diags *dg, gk_bounds_quiet_fn bounds_quiet, size_t *words, size_t *last)
{
	struct desc_engine *d = fam;
	size_t p = 0;
	uint64_t units = 0;
	*last = 0;
	while (p < starts && p < n) {
		bool done;
		size_t len = frame_one(d, w + p, n - p, offset + 4ull * p, dg, bounds_quiet, &done);
		if (len > n - p)
			break; /* not whole: the stream loop's framing brings in the rest */
		if (!done) {
			*last = len; /* decoded: the stages after decode are the stream loop's */
			break;
		}
		p += len;
		units++;
	}
	*words = p;
	return units;
}

/* gk_unit_text of a unit the general decoder decoded (not pending, at
 * most TEXT_MEMO_DW words, an offset of 8 hex digits), through the text
 * memo: a line kept for the same description, words and raw is its offset
 * and the kept bytes; another is printed into a buffer of its own, kept
 * when it fits and copied to o */
static void memo_text(struct desc_engine *d, const struct gk_packet_desc *desc, bool raw, struct gk_out *o)
{
	const struct gk_unit *u = &d->unit;
	const uint32_t *w = u->pkt.dw;
	uint32_t ndw = u->pkt.ndw;
	uint32_t x = (uint32_t)(uintptr_t)desc ^ ndw;
	for (unsigned k = 0; k < ndw; k++)
		x = (x ^ w[k]) * 0x9e3779b1u;
	_Static_assert(TEXT_MEMO == 64, "the hash's top 6 bits index the memo");
	struct text_memo *m = &d->texts[x >> 26];
	char pre[12 + TEXT_MEMO_BYTES + 1];
	if (m->desc == desc && m->ndw == ndw && m->raw == raw && !memcmp(m->w, w, 4u * ndw)) {
		/* put_offset's "0x%08x: " and the rest as kept */
		gk_put_offset(pre, (uint32_t)u->pkt.offset);
		gk_out_put(o, pre, 12);
		gk_out_put(o, m->text, m->len);
		return;
	}
	settle(d);
	struct gk_out t = gk_out_text(pre, sizeof pre);
	gk_unit_text(&d->fmt, u, raw, &t);
	size_t n = gk_out_text_end(&t);
	if (n >= sizeof pre || n < 12 || pre[10] != ':' || pre[11] != ' ') {
		gk_unit_text(&d->fmt, u, raw, o); /* too long to keep: printed where it goes */
		return;
	}
	m->desc = desc;
	m->ndw = ndw;
	m->raw = raw;
	memcpy(m->w, w, 4u * ndw);
	m->len = (uint16_t)(n - 12);
	memcpy(m->text, pre + 12, n - 12);
	gk_out_put(o, pre, n);
}

/* The text of a unit put off or decoded by the general decoder: through
 * the text memo when it can be kept.  Out of line: inline, the tests and
 * their registers cost every unit of a PM4 decode, nearly all pending,
 * ~6 instructions (callgrind, decode -g gfx9 -e pm4 quarter bench stream) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void general_text(struct desc_engine *d, bool raw_words, struct gk_out *o)
{
	const struct gk_unit *u = &d->unit;
	/* a put-off decode is of a whole packet of a known frame: its
	 * description is the frame's, as the decode would set it */
	const struct gk_packet_desc *desc = d->deferred ? u->pkt.frame.desc : u->desc;
	if (desc && u->pkt.dw && u->pkt.ndw && u->pkt.ndw <= TEXT_MEMO_DW && u->pkt.offset <= UINT32_MAX &&
	    gk_out_usable(o)) {
		memo_text(d, desc, raw_words, o);
		return;
	}
	settle(d);
	gk_unit_text(&d->fmt, u, raw_words, o);
}

/* gk_desc_engine_text's unit text, then its diagnostics (a unit with some:
 * rare) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void text_and_diags(struct desc_engine *d, const struct gk_diags *dg, bool raw_words, struct gk_out *o)
{
	if (d->deferred || !d->unit.pending)
		general_text(d, raw_words, o);
	else
		gk_unit_text(&d->fmt, &d->unit, raw_words, o);
	gk_text_diags(dg, o);
}

/* a pending unit whose text may be put_direct_line's one line: that
 * line, or gk_unit_text when it is not written.  Its own function, so
 * gk_desc_engine_text's other ways are jumps with no frame: with this
 * call in it, every unit saved a register and made a frame for it
 * (callgrind, decode -j 1 of the a630 quarter bench stream, 54,135
 * units) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void line_text(struct desc_engine *d, struct gk_out *o)
{
	if (!gk_unit_text_line(&d->fmt, &d->unit, o))
		gk_unit_text(&d->fmt, &d->unit, false, o);
}

void gk_desc_engine_text(void *fam, const struct gk_diags *dg, bool raw_words, struct gk_out *o)
{
	struct desc_engine *d = fam;
	/* nearly every unit has no diagnostic (and print_units' never): then
	 * the text alone, its calls the last thing here, where a call of
	 * gk_text_diags after them each unit was ~15 instructions (callgrind,
	 * decode -g si -e dma, quarter bench stream) */
	if (dg && (dg->n || dg->dropped)) {
		text_and_diags(d, dg, raw_words, o);
		return;
	}
	if (d->deferred || !d->unit.pending) {
		general_text(d, raw_words, o);
		return;
	}
	/* a pending unit: simple, printed from its words; most in one line,
	 * whose tests (a few loads) are here, and only that path called
	 * (gk_unit_text_line): callgrind, decode on the quarter bench
	 * streams, SDMA6 64.27 M -> 63.2 M, SI 72.12 M -> 70.8 M; in
	 * gk_unit_text, split from its general way, it cost GFX9 and
	 * Evergreen ~0.9 M */
	/* A unit with words past its fixed dwords whose description's tail
	 * is a register run or data words (Adreno's CP_TYPE4_PKT, 35,235 of
	 * the a630 quarter bench stream's 54,135 units; PM4's SET_*_REG; a
	 * DMA write's data) is its line, then the tail: gk_unit_text_regs and
	 * _data, each this function's last call, where gk_unit_text's general
	 * path, its frame and tests cost ~100 instructions a unit (callgrind,
	 * decode -j 1 on the quarter bench streams: a630 96.44 M -> 94.04 M,
	 * GFX9 78.96 M -> 77.04 M, Evergreen 56.52 M -> 54.97 M, GFX11
	 * 95.73 M -> 95.45 M, CIK DMA 56.13 M -> 55.81 M).  A unit shorter
	 * than its fixed dwords (CP_DRAW_INDX_OFFSET of 4 of its 8, 7,041 of
	 * the a630 stream's units) likewise, gk_unit_text_short, tested last
	 * where the other units do not reach (text_short.c) */
	const struct gk_desc_fast *fast = d->unit.fast;
	if (fast->print_line_room && !raw_words) {
		if (d->unit.pkt.ndw == fast->fixed_len) {
			line_text(d, o);
			return;
		} else if (d->unit.pkt.ndw > fast->fixed_len) {
			unsigned tail = d->unit.desc->tail;
			if (tail == GK_TAIL_REGS) {
				gk_unit_text_regs(&d->fmt, &d->unit, o);
				return;
			}
			if (tail == GK_TAIL_DATA) {
				gk_unit_text_data(&d->fmt, &d->unit, o);
				return;
			}
		} else {
			gk_unit_text_short(&d->fmt, &d->unit, o);
			return;
		}
	}
	gk_unit_text(&d->fmt, &d->unit, raw_words, o);
}

void gk_desc_engine_json(void *fam, const struct gk_diags *dg, unsigned flags, struct gk_out *o)
{
	struct desc_engine *d = fam;
	(void)dg; /* the unit carries the container unit() was handed: the same one */
	settle(d);
	if (!d->json_tried) {
		d->json_plans = gk_json_plans_new(&d->fmt);
		d->json_tried = true;
	}
	gk_unit_json_plans(&d->fmt, &d->unit, d->unit.diags, flags, d->json_plans, o);
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
/* A row's note; one that cites the family's document only by section
 * ("§9.2.1", "seed 000 cik 1") names the document by its title. */
static void put_note(const struct gk_format *fmt, const char *note, struct gk_out *o)
{
	note = note ? note : "";
	bool seed = !strncmp(note, "seed ", 5) && note[5] && note[6] && note[7] && note[8] == ' ';
	if (fmt->source && (seed || !strncmp(note, "§", strlen("§"))))
		gk_out_printf(o, "%s, %s", fmt->source, seed ? note + 9 : note);
	else
		gk_out_str(o, note);
}

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
		gk_out_printf(o, "%s  %-26s ", op, d->name);
		put_note(fmt, d->note, o);
		gk_out_ch(o, '\n');
	}
}

const struct gk_unit *gk_desc_engine_record(const void *fam)
{
	const struct desc_engine *d = fam;
	if (!d->unit.pkt.dw)
		return NULL;
	/* the engine's own object (gk_desc_engine_new's calloc), const only
	 * in the op's signature: a put-off decode is done before the record
	 * is read */
	settle((struct desc_engine *)(uintptr_t)d);
	return &d->unit; /* fields maybe pending: gk_engine_unit fills them for clients */
}

/* ---- one description by name (gk_engine_describe_unit) ---- */

static const char *const kind_names[] = {
	[GK_UINT] = "number", [GK_ENUM] = "enum", [GK_FLAG] = "flag", [GK_FLAGS] = "flags",
	[GK_ADDR] = "address", [GK_REG] = "register", [GK_DONTCARE] = "ignored", [GK_CONST] = "constant",
	[GK_OPCODE] = "opcode", [GK_COUNT] = "count", [GK_SUBOP] = "sub-opcode",
	[GK_PARITY] = "parity",
};

static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if ((*a | 0x20) != (*b | 0x20) && !(*a == *b))
			return false;
	return *a == *b;
}

/* "dw1[31:2]" and, for a field in two pieces, "+dw2[7:0]" */
static void put_bits(const struct gk_field *f, struct gk_out *o)
{
	for (unsigned s = 0; s < f->nseg && s < 2; s++)
		gk_out_printf(o, "%sdw%u[%u:%u]", s ? "+" : "", f->seg[s].dw, f->seg[s].hi, f->seg[s].lo);
}

/* The next field of d present on fmt's generation, header first, from
 * position *k on (advanced past it); NULL after the last. */
static const struct gk_field *next_field(const struct gk_format *fmt, const struct gk_packet_desc *d, unsigned *k)
{
	while (*k < (unsigned)d->nhdr + d->nfields) {
		const struct gk_field *f = *k < d->nhdr ? &d->hdr[*k] : &d->fields[*k - d->nhdr];
		++*k;
		if (!f->gens || (f->gens & fmt->gen_bit))
			return f;
	}
	return NULL;
}

static void describe_text(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_out *o)
{
	gk_out_printf(o, "%s", d->name);
	if (d->hdr == fmt->descs[0].hdr || d->opcode)
		gk_out_printf(o, "  opcode 0x%02x", d->opcode);
	if (fmt->has_sub_opcode)
		gk_out_printf(o, "/0x%02x", d->sub_opcode);
	gk_out_str(o, "  on");
	for (unsigned b = 0; b < 16; b++)
		if ((d->gens >> b & 1) && fmt->gen_names && fmt->gen_names[b])
			gk_out_printf(o, " %s", fmt->gen_names[b]);
	gk_out_ch(o, '\n');
	if (d->note) {
		gk_out_str(o, "  source: ");
		put_note(fmt, d->note, o);
		gk_out_ch(o, '\n');
	}
	const struct gk_field *f;
	for (unsigned k = 0; (f = next_field(fmt, d, &k)) != NULL;) {
		char bits[48];
		struct gk_out bo = { bits, 0, sizeof bits, NULL, NULL, 0, 0 };
		put_bits(f, &bo);
		gk_out_printf(o, "  %-24.*s %-22s %s", (int)bo.len, bits, f->name,
			      f->kind < sizeof kind_names / sizeof kind_names[0] ? kind_names[f->kind] : "?");
		if (f->kind == GK_CONST)
			gk_out_printf(o, " %llu", (unsigned long long)f->min);
		if (f->kind == GK_PARITY && f->parity_of) {
			bool hdr = k - 1 < d->nhdr; /* next_field's index, past f */
			unsigned n = hdr ? d->nhdr : d->nfields;
			if (f->parity_of <= n)
				gk_out_printf(o, " of %s (computed when the text leaves it out)",
					      (hdr ? d->hdr : d->fields)[f->parity_of - 1].name);
		}
		if (f->align > 1)
			gk_out_printf(o, ", %u-byte aligned", f->align);
		if (f->cond)
			gk_out_str(o, ", when its condition holds");
		if ((f->kind == GK_ENUM || f->kind == GK_FLAGS) && f->enm && f->enm->nbits < 16) {
			gk_out_str(o, ":");
			for (uint64_t v = 0; v < (1ull << f->enm->nbits); v++)
				if (f->enm->names[v])
					gk_out_printf(o, f->kind == GK_FLAGS ? " %s=bit%llu" : " %s=%llu", f->enm->names[v],
						      (unsigned long long)v);
		}
		gk_out_ch(o, '\n');
	}
	if (d->tail)
		gk_out_printf(o, "  dw%u..  %s\n", d->tail_dw,
			      d->tail == GK_TAIL_REGS ? "register values from the start offset" :
			      d->tail == GK_TAIL_GROUPS ? "repeated groups" : d->tail_name ? d->tail_name : "data");
}

static void describe_json(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_out *o)
{
	gk_out_str(o, "{\"description\":");
	gk_out_json_str(o, d->name, strlen(d->name));
	gk_out_str(o, ",\"engine\":");
	gk_out_json_str(o, fmt->family, strlen(fmt->family));
	gk_out_str(o, ",\"gpu\":");
	gk_out_json_str(o, fmt->gen, strlen(fmt->gen));
	gk_out_printf(o, ",\"opcode\":%u,\"generations\":[", d->opcode);
	bool first = true;
	for (unsigned b = 0; b < 16; b++)
		if ((d->gens >> b & 1) && fmt->gen_names && fmt->gen_names[b]) {
			gk_out_str(o, first ? "" : ",");
			gk_out_json_str(o, fmt->gen_names[b], strlen(fmt->gen_names[b]));
			first = false;
		}
	gk_out_str(o, "],\"fields\":[");
	first = true;
	const struct gk_field *f;
	for (unsigned k = 0; (f = next_field(fmt, d, &k)) != NULL;) {
		gk_out_str(o, first ? "{\"name\":" : ",{\"name\":");
		first = false;
		gk_out_json_str(o, f->name, strlen(f->name));
		gk_out_str(o, ",\"bits\":[");
		for (unsigned s = 0; s < f->nseg && s < 2; s++)
			gk_out_printf(o, "%s{\"dw\":%u,\"hi\":%u,\"lo\":%u}", s ? "," : "", f->seg[s].dw, f->seg[s].hi,
				      f->seg[s].lo);
		gk_out_str(o, "],\"kind\":");
		const char *kn = f->kind < sizeof kind_names / sizeof kind_names[0] ? kind_names[f->kind] : "?";
		gk_out_json_str(o, kn, strlen(kn));
		gk_out_str(o, ",\"values\":{");
		bool fv = true;
		if ((f->kind == GK_ENUM || f->kind == GK_FLAGS) && f->enm && f->enm->nbits < 16)
			for (uint64_t v = 0; v < (1ull << f->enm->nbits); v++)
				if (f->enm->names[v]) {
					gk_out_str(o, fv ? "" : ",");
					gk_out_json_str(o, f->enm->names[v], strlen(f->enm->names[v]));
					gk_out_printf(o, ":%llu", (unsigned long long)v);
					fv = false;
				}
		gk_out_str(o, "}}");
	}
	gk_out_str(o, "]}\n");
}

int gk_desc_engine_describe(void *fam, const char *name, bool json, struct gk_out *o, struct gk_diag *err)
{
	const struct gk_format *fmt = &((struct desc_engine *)fam)->fmt;
	const struct gk_packet_desc *found = NULL, *elsewhere = NULL;
	const char *names[256];
	size_t n = 0;
	for (size_t i = 0; i < fmt->ndescs; i++) {
		const struct gk_packet_desc *d = &fmt->descs[i];
		bool here = d->gens & fmt->gen_bit;
		if (here && n < sizeof names / sizeof names[0])
			names[n++] = d->name;
		if (same_name(d->name, name)) {
			if (here && !found)
				found = d;
			else if (!here && !elsewhere)
				elsewhere = d;
		}
	}
	if (found) {
		if (json)
			describe_json(fmt, found, o);
		else
			describe_text(fmt, found, o);
		return o->failed ? -1 : 0;
	}
	if (err) {
		memset(err, 0, sizeof *err);
		err->severity = GK_ERROR;
		err->code = GK_D_RANGE;
		err->dw = -1;
		err->lo = err->hi = -1;
		if (elsewhere) {
			snprintf(err->message, sizeof err->message, "%s is not a %s packet on %s", elsewhere->name, fmt->family,
				 fmt->gen);
		} else {
			/* the closest name, if one is close; the list shows them all */
			char dym[sizeof err->message] = "";
			gk_suggest(dym, sizeof dym, name, strlen(name), "packets", names, n);
			char *q = strstr(dym, "; did you mean ") == dym ? strchr(dym, '?') : NULL;
			if (q)
				q[1] = 0;
			snprintf(err->message, sizeof err->message, "no %s packet %.40s on %s%.60s", fmt->family, name, fmt->gen,
				 q ? dym : ""); /* a longer suggestion is cut */
		}
	}
	return -1;
}

/* The check's predicated regions (COND_EXEC, PRED_EXEC) are the only thing
 * a unit leaves for the units after it: the memos are caches of what the
 * words alone decide, and a put-off decode is the last unit's own. */
bool gk_desc_engine_carries(const void *fam)
{
	const struct desc_engine *d = fam;
	return d->check.nexec != 0;
}

/* Where an Adreno CP stopped, from an msm devcoredump (include/gfxkit/msm.h
 * gk_adreno_crash_locate), estimated the way Mesa's crashdec does it
 * (src/freedreno/decode/crashdec.c dump_cmdstream, crashdec-prefetch.c
 * handle_prefetch, cffdec.c highlight_gpuaddr and cp_indirect), so the two
 * agree on the same dump:
 *
 * 1. The registers: CP_RB_BASE, CP_RB_RPTR, CP_IB1_BASE / CP_IB2_BASE
 *    (64-bit), CP_IB1_REM_SIZE / CP_IB2_REM_SIZE, and the dwords the ROQ
 *    fetched but the SQE has not used, CP_ROQ_AVAIL_RB / _IB1 / _IB2 bits
 *    [31:16] (less one for the IBs); CP_RB_RPTR and the ROQ's ring share
 *    are reported.  Only a6xx and a7xx have the remaining sizes (crashdec.h
 *    have_rem_info).
 * 2. The ring walked: from 12 dwords before the ring's rptr (the dump's
 *    "rptr:"), forward to the first valid type-4/type-7 header, up to
 *    wptr, across the wrap.  This is the crashdec of Mesa's reference logs
 *    (the Mesa of January 2025); later ones start from CP_RB_RPTR backed
 *    up by CP_ROQ_AVAIL_RB and 20 dwords, which walks more of the ring and
 *    finds the same packet on the dumps of Mesa's test suite.
 * 3. Prefetch: CP_INDIRECT_BUFFER reads ahead into up to three following
 *    CP_INDIRECT_BUFFERs, so CP_IBn_BASE may name a buffer after the one
 *    the SQE is in.  Runs of consecutive CP_INDIRECT_BUFFER packets (and the
 *    chains their buffers end with) are kept, four deep; at the one CP_IBn_BASE
 *    names, the remaining size is walked back over the run until a buffer
 *    is larger than what remains: that buffer, with that remainder, is
 *    where the SQE is (then the same for IB2 inside the IB1s of the run).
 * 4. The walk: the ring's packets, descending into each CP_INDIRECT_BUFFER
 *    and _PFD (one level per buffer); at each opcode packet (register
 *    writes and bad headers are not looked at, as crashdec -s does not
 *    dump them) and at each IB's entry, the address of its last byte (of
 *    the IB packet's payload at entry) is tested against the window of the
 *    level's buffer [base + 4 * (size - rem), base + 4 * size], when the
 *    buffer is the one the registers name and the level above has reached
 *    its own window.  The first packet found is the estimate; a level whose
 *    window is reached while the level below has its own estimate defers
 *    to it.
 *
 * Draw-state groups and CP_START_BIN bodies are not entered (crashdec
 * enters them without a level of their own: their buffers are never the
 * window's). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/adreno.h"
#include "gfxkit/msm.h"
#include "gfxkit/regdb.h"
#include "adreno_tab.h"

/* adreno_pm4.xml, adreno_pm4_type3_packets (a5xx+ type-7 opcodes) */
#define OP_INDIRECT_BUFFER 0x3fu
#define OP_INDIRECT_BUFFER_PFD 0x37u
#define OP_INDIRECT_BUFFER_CHAIN 0x57u

#define LOOKBACK 12u      /* crashdec's lookback */
#define HISTORY 4u        /* crashdec-prefetch.c MAX_PREFETCH_IBS */
#define LEVELS 4          /* cffdec's ibs[] */
#define BUDGET (1u << 22) /* packets walked at most: a dump whose buffers call each other ends */
#define WORDS_BUDGET (1u << 26) /* dwords of buffers read at most, for the same reason */

struct hist {
	uint64_t addr[HISTORY];
	uint32_t size[HISTORY];
	unsigned num, next;
};

struct walk {
	const struct gk_msm_dump *d;
	const struct gk_format *fmt;
	/* what the registers (and the prefetch correction) say: options->ibs */
	uint64_t obase[LEVELS];
	uint32_t orem[LEVELS];
	bool crash_found[LEVELS];
	/* the buffer being walked at each level: cffdec's ibs[] */
	uint64_t base[LEVELS];
	uint32_t size[LEVELS];
	bool triggered[LEVELS], base_seen[LEVELS];
	uint64_t from[LEVELS];
	int ib;
	unsigned long packets, words_read;
	bool out_of_budget;
	struct gk_adreno_crash *out;
};

static bool reg(const struct walk *w, const struct gk_reg_table *t, const char *name, uint32_t *v, uint32_t *off)
{
	const struct gk_reg *r = gk_reg_by_name(t, name, strlen(name));
	if (!r)
		return false;
	if (off)
		*off = r->offset;
	return gk_msm_dump_reg(w->d, r->offset, v);
}

/* a 64-bit register: NAME and the dword after it */
static bool reg64(const struct walk *w, const struct gk_reg_table *t, const char *name, uint64_t *v)
{
	uint32_t lo, hi, off;
	if (!reg(w, t, name, &lo, &off) || !gk_msm_dump_reg(w->d, off + 4, &hi))
		return false;
	*v = (uint64_t)hi << 32 | lo;
	return true;
}

/* the words of a buffer from addr: at most want of them, as many as the
 * dump holds in a row (NULL, *got 0: none) */
static uint32_t *read_buf(struct walk *w, uint64_t addr, uint32_t want, uint32_t *got)
{
	*got = 0;
	if (!want || addr % 4)
		return NULL;
	/* how many the dump holds first: a size the packet claims is no reason
	 * to allocate it */
	uint32_t n = 0, x;
	while (n < want && !gk_msm_dump_read_mem(w->d, addr + 4ull * n, &x, 1))
		n++;
	if (!n || w->words_read + n > WORDS_BUDGET) {
		w->out_of_budget |= n != 0;
		return NULL;
	}
	uint32_t *p = malloc((size_t)n * sizeof *p);
	if (!p || gk_msm_dump_read_mem(w->d, addr, p, n)) {
		free(p);
		return NULL;
	}
	w->words_read += n;
	*got = n;
	return p;
}

/* one packet's frame: kind 0 bad header, 1 register write, 2 opcode */
static int frame(const struct walk *w, const uint32_t *p, size_t avail, struct gk_frame *f)
{
	w->fmt->frame(w->fmt, p, avail, f);
	if (f->desc == &w->fmt->descs[GK_ADRENO_ROW_BAD])
		return 0;
	if (f->desc == &w->fmt->descs[GK_ADRENO_ROW_REGS])
		return 1;
	return 2;
}

static void push(struct hist *h, uint64_t addr, uint32_t size)
{
	h->addr[h->next % HISTORY] = addr;
	h->size[h->next % HISTORY] = size;
	h->next++;
	if (h->num < HISTORY)
		h->num++;
}

/* the n-th oldest kept: its slot */
static unsigned slot(const struct hist *h, unsigned n)
{
	return (h->next - (h->num - n)) % HISTORY;
}

/* walked back from the newest: the buffer larger than what remains */
static int reverse_prefetch(struct walk *w, const struct hist *h, int lvl)
{
	uint32_t rem = w->orem[lvl];
	for (int n = (int)h->num - 1; n >= 0; n--) {
		unsigned s = slot(h, (unsigned)n);
		if (h->size[s] > rem) {
			w->crash_found[lvl] = true;
			w->obase[lvl] = h->addr[s];
			w->orem[lvl] = rem;
			return n;
		}
		rem -= h->size[s];
	}
	return -1;
}

/* the IB packet's payload: its address and size (a5xx+: dwords 1-3) */
static bool ib_args(const uint32_t *p, size_t avail, uint32_t ndw, uint64_t *addr, uint32_t *size)
{
	if (ndw < 4 || avail < 4)
		return false;
	*addr = (uint64_t)p[2] << 32 | p[1];
	*size = p[3];
	return true;
}

/* does the buffer (n words) hold a CP_INDIRECT_BUFFER_CHAIN: its target */
static bool chain(struct walk *w, const uint32_t *p, uint32_t n, uint64_t *addr, uint32_t *size)
{
	for (uint32_t i = 0; i < n;) {
		struct gk_frame f;
		int kind = frame(w, p + i, n - i, &f);
		if (kind == 2 && (uint32_t)f.opcode == OP_INDIRECT_BUFFER_CHAIN)
			return ib_args(p + i, n - i, f.ndw, addr, size);
		i += f.ndw ? f.ndw : 1;
	}
	return false;
}

/* crashdec-prefetch.c scan_cmdstream: the run of IBs up to the one
 * CP_IBn_BASE names; the history index of the SQE's buffer, or -1 */
static int scan(struct walk *w, struct hist *h, int lvl, const uint32_t *p, uint32_t n)
{
	for (uint32_t i = 0; i < n;) {
		struct gk_frame f;
		int kind = frame(w, p + i, n - i, &f);
		uint32_t step = f.ndw ? f.ndw : 1;
		uint64_t addr;
		uint32_t size;
		if (kind == 2 && (uint32_t)f.opcode == OP_INDIRECT_BUFFER && ib_args(p + i, n - i, f.ndw, &addr, &size)) {
			for (unsigned hops = 0; hops < 64; hops++) {
				push(h, addr, size);
				if (addr == w->obase[lvl])
					return reverse_prefetch(w, h, lvl);
				uint32_t got;
				uint32_t *ib = read_buf(w, addr, size, &got);
				bool more = ib && chain(w, ib, got, &addr, &size);
				free(ib);
				if (!more)
					break;
			}
		} else {
			h->num = h->next = 0; /* prefetch spans consecutive IBs only */
		}
		i += step;
	}
	return -1;
}

static void handle_prefetch(struct walk *w, const uint32_t *p, uint32_t n)
{
	struct hist rb = { 0 }, ib1s = { 0 };
	int ib1 = scan(w, &rb, 1, p, n);
	if (ib1 < 0 || !w->orem[2])
		return;
	for (unsigned k = 0; k < rb.num; k++) {
		unsigned s = slot(&rb, k);
		uint32_t got;
		uint32_t *ib = read_buf(w, rb.addr[s], rb.size[s], &got);
		if (!ib)
			break;
		int ib2 = scan(w, &ib1s, 2, ib, got);
		free(ib);
		if (ib2 >= 0) {
			/* the crash is in an IB2 the SQE reached from the oldest
			 * IB1 of the run (crashdec resets IB1 to it) */
			unsigned first = slot(&rb, 0);
			w->obase[1] = rb.addr[first];
			w->orem[1] = rb.size[first];
			break;
		}
		if ((int)k == ib1)
			break;
	}
}

/* cffdec.c highlight_gpuaddr: is addr (at the current level) where the
 * CP stopped; the packet is recorded when it is */
static void highlight(struct walk *w, uint64_t addr, uint64_t packet, uint32_t ndw, const char *name)
{
	int ib = w->ib;
	if (!w->obase[ib])
		return;
	if (ib > 0 && w->obase[ib - 1] && !(w->triggered[ib - 1] || w->base_seen[ib - 1]))
		return;
	if (w->base_seen[ib] || w->triggered[ib])
		return;
	if (w->obase[ib] != w->base[ib])
		return;
	/* 32-bit arithmetic, as cffdec's: a remainder larger than the buffer
	 * wraps the same way there */
	uint64_t start = w->base[ib] + (uint32_t)(4u * (w->size[ib] - w->orem[ib]));
	uint64_t end = w->base[ib] + 4ull * w->size[ib];
	if (!(start <= addr && addr <= end))
		return;
	if (ib < 2 && w->crash_found[ib + 1]) {
		w->base_seen[ib] = true;
		return;
	}
	w->triggered[ib] = true;
	struct gk_adreno_crash *o = w->out;
	if (o->found)
		return; /* the first is the estimate */
	o->found = true;
	o->level = ib;
	o->packet = packet;
	o->ndw = ndw;
	snprintf(o->packet_name, sizeof o->packet_name, "%s", name ? name : "?");
	for (int k = 1; k <= ib && k < 3; k++) {
		o->ib[k] = w->base[k];
		o->ib_size[k] = w->size[k];
		o->ib_from[k] = w->from[k];
	}
}

/* cffdec.c dump_commands over n words at addr (addr_of: the address of
 * word i, which wraps for the ring) */
static void walk(struct walk *w, const uint32_t *p, uint32_t n, uint64_t base, uint32_t wrap_at, uint64_t wrap_base)
{
	for (uint32_t i = 0; i < n && !w->out_of_budget;) {
		if (++w->packets > BUDGET) {
			w->out_of_budget = true;
			return;
		}
		uint64_t at = i < wrap_at ? base + 4ull * i : wrap_base + 4ull * (i - wrap_at);
		struct gk_frame f;
		int kind = frame(w, p + i, n - i, &f);
		uint32_t step = f.ndw ? f.ndw : 1;
		if (kind == 2) {
			const char *name = f.desc ? f.desc->name : NULL;
			uint64_t addr;
			uint32_t size;
			bool is_ib = (uint32_t)f.opcode == OP_INDIRECT_BUFFER || (uint32_t)f.opcode == OP_INDIRECT_BUFFER_PFD;
			if (is_ib && ib_args(p + i, n - i, f.ndw, &addr, &size)) {
				uint32_t got;
				uint32_t *ib = w->ib + 1 < LEVELS ? read_buf(w, addr, size, &got) : NULL;
				if (ib) {
					/* a buffer the CP entered and never left: its
					 * window holds the IB packet's payload */
					highlight(w, at + 4, at, f.ndw, name);
					w->ib++;
					w->base[w->ib] = addr;
					w->size[w->ib] = size;
					w->from[w->ib] = at;
					walk(w, ib, got, addr, got, 0);
					w->ib--;
					free(ib);
				}
			}
			highlight(w, at + 4ull * f.ndw - 1, at, f.ndw, name);
		}
		i += step;
	}
}

/* crashdec.c dump_cmdstream: the ring's own rptr (the "rptr:" the kernel
 * read from its shadow in memory) backed up LOOKBACK dwords, then forward
 * to a valid header */
static void ring_window(const struct walk *w, const struct gk_msm_ring *r, uint32_t *start, uint32_t *count)
{
	uint32_t sz = r->size / 4;
	uint32_t s = (uint32_t)(((uint64_t)r->rptr % sz + sz - LOOKBACK % sz) % sz);
	for (unsigned k = 0; k < LOOKBACK; k++) {
		uint32_t word = s < r->nwords ? r->words[s] : 0;
		struct gk_frame f;
		if (frame(w, &word, 1, &f) != 0)
			break;
		s = (s + 1) % sz;
	}
	*start = s;
	*count = (uint32_t)(((uint64_t)r->wptr % sz + sz - s) % sz);
}

const struct gk_reg_table *gk_adreno_gmu_regs(const char *gpu)
{
	const struct gk_reg_table *t = gk_adreno_regs(gpu);
	return t == &gk_adreno_regs_a6xx ? &gk_adreno_regs_gmu6 : t == &gk_adreno_regs_a7xx ? &gk_adreno_regs_gmu7 : NULL;
}

int gk_adreno_ring_window(const struct gk_msm_ring *r, const char *gpu, uint32_t *start, uint32_t *count)
{
	if (!r || !start || !count || r->size < 4)
		return -1;
	struct gk_format *fmt = malloc(sizeof *fmt);
	if (!fmt || gk_adreno_format_init(fmt, gpu ? gpu : "a6xx")) {
		free(fmt);
		return -1;
	}
	struct walk w = { .fmt = fmt };
	ring_window(&w, r, start, count);
	free(fmt);
	return 0;
}

int gk_adreno_crash_locate(const struct gk_msm_dump *d, const char *gpu, struct gk_adreno_crash *out)
{
	if (out)
		memset(out, 0, sizeof *out);
	if (!d || !out)
		return -1;
	char chip[16];
	if (!gpu) {
		if (gk_msm_dump_gpu(d, chip, sizeof chip))
			return -1;
		gpu = chip;
	}
	struct gk_format *fmt = malloc(sizeof *fmt);
	if (!fmt)
		return -1;
	if (gk_adreno_format_init(fmt, gpu)) {
		free(fmt);
		return -1;
	}
	struct walk w = { .d = d, .fmt = fmt, .out = out };
	const struct gk_reg_table *t = fmt->regs;
	bool a6 = fmt->gen_bit == GK_ADRENO_A6XX, a7 = fmt->gen_bit == GK_ADRENO_A7XX;
	uint32_t rb_rptr, avail_rb, avail1, avail2;
	if (!a6 && !a7) {
		snprintf(out->why, sizeof out->why,
			 "%s has no CP_IBn_REM_SIZE: the position is estimated on a6xx and a7xx only (as Mesa's crashdec)", fmt->gen);
	} else if (!reg64(&w, t, "CP_RB_BASE", &out->rb_base) || !reg(&w, t, "CP_RB_RPTR", &rb_rptr, NULL) ||
		   !reg64(&w, t, "CP_IB1_BASE", &out->ib1_base) || !reg(&w, t, "CP_IB1_REM_SIZE", &out->ib1_rem, NULL) ||
		   !reg64(&w, t, "CP_IB2_BASE", &out->ib2_base) || !reg(&w, t, "CP_IB2_REM_SIZE", &out->ib2_rem, NULL) ||
		   !reg(&w, t, "CP_ROQ_AVAIL_RB", &avail_rb, NULL) || !reg(&w, t, "CP_ROQ_AVAIL_IB1", &avail1, NULL) ||
		   !reg(&w, t, "CP_ROQ_AVAIL_IB2", &avail2, NULL)) {
		snprintf(out->why, sizeof out->why,
			 "the 'registers:' section lacks one of CP_RB_BASE, CP_RB_RPTR, CP_IB1_BASE, CP_IB1_REM_SIZE, CP_IB2_BASE, "
			 "CP_IB2_REM_SIZE, CP_ROQ_AVAIL_RB/IB1/IB2");
	} else {
		out->rb_rptr = rb_rptr;
		out->rb_rem = avail_rb >> 16;
		out->ib1_rem += (avail1 >> 16) ? (avail1 >> 16) - 1 : 0;
		out->ib2_rem += (avail2 >> 16) ? (avail2 >> 16) - 1 : 0;
		const struct gk_msm_ring *r = NULL;
		for (size_t i = 0; i < d->nrings; i++)
			if (d->rings[i].iova == out->rb_base && d->rings[i].size >= 4)
				r = &d->rings[i];
		if (!r) {
			snprintf(out->why, sizeof out->why, "no ring of the dump is at CP_RB_BASE 0x%llx",
				 (unsigned long long)out->rb_base);
		} else {
			out->ring_id = r->id;
			uint32_t sz = r->size / 4;
			uint32_t start, n;
			ring_window(&w, r, &start, &n);
			out->ring_start = start;
			out->ring_dwords = n;
			uint32_t *buf = malloc(((size_t)n ? n : 1) * sizeof *buf);
			if (!buf) {
				free(fmt);
				return -1;
			}
			for (uint32_t k = 0; k < n; k++) {
				uint32_t ix = (start + k) % sz;
				buf[k] = ix < r->nwords ? r->words[ix] : 0;
			}
			w.obase[1] = out->ib1_base;
			w.orem[1] = out->ib1_rem;
			w.obase[2] = out->ib2_base;
			w.orem[2] = out->ib2_rem;
			handle_prefetch(&w, buf, n);
			out->est_ib1_base = w.obase[1];
			out->est_ib1_rem = w.orem[1];
			out->est_ib2_base = w.obase[2];
			out->est_ib2_rem = w.orem[2];
			uint32_t to_end = sz - start;
			walk(&w, buf, n, r->iova + 4ull * start, to_end, r->iova);
			free(buf);
			if (!out->found)
				snprintf(out->why, sizeof out->why, "%s",
					 w.out_of_budget ? "the buffers call each other past 4M packets: the walk stopped"
							 : "no packet of the ring's IBs lies at the remaining sizes the registers give "
							   "(the buffer they name is not in the dump, or not reached from the ring)");
		}
	}
	free(fmt);
	return 0;
}

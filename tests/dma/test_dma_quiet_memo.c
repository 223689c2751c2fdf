/* The quiet loop's memo of conditional packets (src/core/desc_engine.c,
 * struct quiet_memo): a packet with the words of one the check found quiet
 * is quiet without its walk of conditions, so the memo must never stand
 * for a verdict it does not hold: the same POLL_REG_MEM words inside and
 * outside the buffers, repeated, on one engine run without buffers and
 * then with them (its memo filled by the run before), and with a reserved
 * bit set in a copy of a clean one.  Each run must report exactly what the
 * full check reports of each packet. */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

static const char polls[] =
	/* memory polls: inside the buffer, outside it; a register poll (the HDP flush) */
	"POLL_REG_MEM M=MEMORY FUNC=EQUAL OP=WAIT_REG_MEM ADDR=0x100000 REFERENCE=0x0 MASK=0x0 RETRY_COUNT=4095 "
	"POLL_INTERVAL=10\n"
	"POLL_REG_MEM M=MEMORY FUNC=EQUAL OP=WAIT_REG_MEM ADDR=0x900000 REFERENCE=0x0 MASK=0x0 RETRY_COUNT=4095 "
	"POLL_INTERVAL=10\n"
	"POLL_REG_MEM M=REGISTER FUNC=EQUAL OP=WRITE_WAIT_WRITE REGISTER=0x54e0 PREPOLL_REGISTER=0x54dc "
	"REFERENCE=0x400 MASK=0x400 RETRY_COUNT=4095 POLL_INTERVAL=10\n";

#define REPEAT 5

static uint64_t check(struct gk_engine *e, const uint32_t *w, size_t n, const struct gk_bo *bos, unsigned nbos)
{
	struct tl_reader rd = { (const uint8_t *)w, 4 * n, 0, 12 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_stream_opts o = { .check = true, .bos = bos, .nbos = nbos };
	struct gk_membuf mb = { 0 };
	char buf[256];
	struct gk_out out = { buf, 0, sizeof buf, gk_membuf_write, &mb, 0, 0 };
	struct gk_stream_stats st;
	memset(&st, 0, sizeof st);
	CHECK(gk_stream_run(e, in, &o, &out, &st) == 0, "the stream runs");
	gk_out_flush(&out);
	gk_input_destroy(in);
	free(mb.p);
	return st.errors + st.warnings;
}

/* SDMA 4 polls the memo takes as one though their words differ: the VM
 * invalidation polls differ in VALUE and MASK only (a bit per VMID), bits
 * no verdict reads (gk_desc_fast.q_care).  Copies that differ in a bit a
 * verdict reads (a reserved header bit, a memory poll's address outside
 * the buffer) must still be reported, after a memo'd poll of the same
 * layout.  Each run's count is held to the sum of the packets checked one
 * at a time, where no memo has anything yet. */
static const char polls4[] =
	"POLL_REGMEM HDP_FLUSH=0 FUNC=EQUAL MEM_POLL=REGISTER REGISTER=0x1a000 REQ_REGISTER=0x0 VALUE=0x200 "
	"MASK=0x200 INTERVAL=10 RETRY_COUNT=4095\n"
	"POLL_REGMEM HDP_FLUSH=0 FUNC=EQUAL MEM_POLL=MEMORY ADDR=0x100100 VALUE=0x2 MASK=0xffffffff INTERVAL=4 "
	"RETRY_COUNT=4095\n";

static void care_bits(void)
{
	struct gk_engine *e = gk_engine_open("dma", "vega10", NULL);
	CHECK(e != NULL, "an SDMA 4 DMA engine");
	if (!e)
		return;
	struct words two = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &two, NULL, NULL);
	gk_engine_asm_text(a, polls4, strlen(polls4));
	CHECK(gk_engine_asm_finish(a) == 0 && two.n == 12, "the SDMA polls assemble (%zu dwords)", two.n);
	gk_engine_asm_close(a);
	if (two.n != 12) {
		free(two.w);
		gk_engine_close(e);
		return;
	}
	enum { NP = 10 };
	uint32_t w[6 * NP];
	for (unsigned i = 0; i < NP; i++)
		memcpy(w + 6 * i, two.w + (i < 5 ? 0 : 6), sizeof(uint32_t) * 6);
	w[6 * 1 + 3] = w[6 * 1 + 4] = 0x400;     /* another VMID: VALUE, MASK */
	w[6 * 2 + 0] |= 1u << 16;                /* a header bit no field claims */
	w[6 * 3 + 5] ^= 0x00010003u;             /* INTERVAL, RETRY_COUNT */
	w[6 * 4 + 1] ^= 0x40u;                   /* REGISTER: another register */
	w[6 * 6 + 3] = 0x7;                      /* VALUE */
	w[6 * 7 + 1] = 0x900100;                 /* ADDR: outside the buffer */
	w[6 * 8 + 0] |= 1u << 27;                /* a header bit no field claims */
	w[6 * 9 + 4] = 0x1;                      /* MASK */
	struct gk_bo bo = { 0x100000, 0x1000 };
	for (unsigned withbo = 0; withbo < 2; withbo++) {
		uint64_t one_by_one = 0;
		for (unsigned i = 0; i < NP; i++)
			one_by_one += check(e, w + 6 * i, 6, withbo ? &bo : NULL, withbo);
		uint64_t all = check(e, w, 6 * NP, withbo ? &bo : NULL, withbo);
		CHECK(one_by_one == (withbo ? 3u : 2u), "one at a time: %llu reports %s buffers", (unsigned long long)one_by_one,
		      withbo ? "with" : "without");
		CHECK(all == one_by_one, "in one run (the memo asked): %llu reports, one at a time %llu (%s buffers)",
		      (unsigned long long)all, (unsigned long long)one_by_one, withbo ? "with" : "without");
	}
	free(two.w);
	gk_engine_close(e);
}

/* check's quiet loop (frame_units: its memo of conditional packets by a
 * hash of their words, the buffer hints) against the unit-by-unit path, on
 * made streams with their headers' counts and bits changed: a unit
 * callback takes every unit through framing, decode and check one at a
 * time, so the two runs' check lines must be the same bytes.  The
 * unit-by-unit path asks the quiet check too (and the frame memo), and
 * the full check only on its "no": tests/core/test_unit_quiet.c holds
 * that path's diagnostics and lengths to the full path taken
 * independently (gk_packet_frame, gk_unit_decode, gk_unit_check). */
static int every_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
		      const struct gk_diags *dg)
{
	(void)ctx, (void)e, (void)offset, (void)words, (void)n, (void)dg;
	return 0;
}

static char *check_text(struct gk_engine *e, const uint32_t *w, size_t n, const struct gk_bo *bos, unsigned nbos,
			bool full, uint64_t *reports)
{
	struct tl_reader rd = { (const uint8_t *)w, 4 * n, 0, 4093 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_stream_opts o = { .check = true, .bos = bos, .nbos = nbos, .unit = full ? every_unit : NULL };
	struct gk_membuf mb = { 0 };
	char buf[256];
	struct gk_out out = { buf, 0, sizeof buf, gk_membuf_write, &mb, 0, 0 };
	struct gk_stream_stats st;
	memset(&st, 0, sizeof st);
	gk_stream_run(e, in, &o, &out, &st);
	gk_out_flush(&out);
	gk_membuf_write(&mb, "", 0);
	gk_input_destroy(in);
	*reports = st.errors + st.warnings;
	return mb.p;
}

static const struct {
	const char *gpu, *text;
} made[] = {
	{ "cayman", "WRITE_PTE_PDE COUNT=4 DEST_ADDR=0x2000000 MASK=0x3 VALUE=0x40000000 INCREMENT=0x1000\n"
		    "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x5480 DATA=1\n"
		    "COPY_L2L_DW COUNT=0x400 DEST_ADDR=0x10000000 SRC_ADDR=0x20000000\n"
		    "COPY_L2T COUNT=0x4000 BASE_256=0x30000000 DETILE=L2T ARRAY_MODE=ARRAY_2D_TILED_THIN1 SIZE=32BPP "
		    "BANK_HEIGHT=1 BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=63 PITCH_TILE_MAX=31 SLICE_TILE_MAX=255 "
		    "NUM_BANKS=8 TILE_SPLIT=2048 LINEAR_ADDR=0x20100000\n"
		    "SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x5000\nFENCE FENCE_ADDR=0x6000 FENCE_DATA=0x2a\nTRAP\nNOP\n" },
	{ "tahiti", "COPY_L2L_BYTE COUNT=48 DEST_ADDR=0x1229b10 SRC_ADDR=0x8d1cf8\n"
		    "SEMAPHORE SIGNAL=1 SEMAPHORE_ADDR=0x5000\nFENCE FENCE_ADDR=0x10010c FENCE_DATA=0x1\nTRAP\nNOP\n"
		    "SRBM_WRITE BYTE_ENABLE=0xf REGISTER=0x5480 DATA=1\n" },
	{ "bonaire", "COPY_TILED DETILE=L2T TILED_ADDR=0x200000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 PIPE_CONFIG=P2 "
		     "MACRO_TILE_ASPECT=1:1 NUM_BANKS=4 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=256 MICRO_TILE_MODE=THIN "
		     "ARRAY_MODE=ARRAY_2D_TILED_THIN1 ELEMENT_SIZE=32BPP Y=0 X=0 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 "
		     "LINEAR_ADDR=0x100000 LINEAR_PITCH=63 COUNT=4096\n"
		     "FENCE ADDR=0x300000 DATA=0xcafe0001\nTRAP\nNOP\n"
		     "WRITE_LINEAR ADDR=0x100040 SWAP=NONE\n    DATA 0x00000030 0x1\n" },
	{ "vega10", "NOP\nTRAP\nWRITE_UNTILED DST_ADDR=0x100ce0 SW=NONE\n    DATA 0x07698067 0x00000000\n" },
};

static void mutated_streams(void)
{
	static const struct gk_bo bos[] = { { 0x100000, 0x1000 }, { 0x200000, 0x4000 }, { 0x1000000, 0x400000 },
					    { 0x10000000, 0x10000 }, { 0x20000000, 0x200000 }, { 0x30000000, 0x100000 } };
	for (size_t g = 0; g < sizeof made / sizeof made[0]; g++) {
		struct gk_engine *e = gk_engine_open("dma", made[g].gpu, NULL);
		CHECK(e != NULL, "a %s DMA engine", made[g].gpu);
		if (!e)
			continue;
		/* the made packets, then the polls of this file for the
		 * generations that have them, each packet's words kept apart */
		struct words pk[16];
		unsigned npk = 0;
		const char *t = made[g].text;
		while (*t && npk < 14) {
			/* a packet's line and the indented ones after it (its DATA) */
			const char *nl = strchr(t, '\n');
			while (nl && nl[1] == ' ')
				nl = strchr(nl + 1, '\n');
			pk[npk] = (struct words){ 0 };
			struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &pk[npk], NULL, NULL);
			gk_engine_asm_text(a, t, (size_t)(nl - t + 1));
			CHECK(gk_engine_asm_finish(a) == 0 && pk[npk].n, "%s: %.*s assembles", made[g].gpu, (int)(nl - t), t);
			gk_engine_asm_close(a);
			npk += pk[npk].n != 0;
			t = nl + 1;
		}
		const char *extra = g == 2 ? polls : g == 3 ? polls4 : NULL;
		if (extra) {
			pk[npk] = (struct words){ 0 };
			struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &pk[npk], NULL, NULL);
			gk_engine_asm_text(a, extra, strlen(extra));
			CHECK(gk_engine_asm_finish(a) == 0, "%s: the polls assemble", made[g].gpu);
			gk_engine_asm_close(a);
			npk += pk[npk].n != 0;
		}
		struct words s = { 0 };
		uint64_t seed = 0x9e3779b97f4a7c15ull * (g + 1);
		unsigned runs = 0, same = 0;
		for (unsigned round = 0; round < 6; round++) {
			s.n = 0;
			for (unsigned i = 0; i < 3000; i++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				uint32_t r = (uint32_t)(seed >> 32);
				const struct words *p = &pk[r % npk];
				size_t at = s.n;
				words_emit(&s, p->w, p->n);
				/* a header count or bit changed (dword 0's low byte,
				 * a bit anywhere in it), or one bit of the packet */
				switch ((r >> 8) % 8) {
				case 0: s.w[at] = (s.w[at] & ~0xffu) | ((r >> 12) & 0xffu); break;
				case 1: s.w[at] ^= 1u << ((r >> 12) % 32); break;
				case 2: s.w[at + (r >> 12) % p->n] ^= 1u << ((r >> 20) % 32); break;
				case 3: s.w[at + (r >> 12) % p->n] ^= 1u << ((r >> 20) % 8); break;
				default: break; /* as made: the memos' hits */
				}
			}
			unsigned nb = round % 3 == 0 ? 0 : round % 3 == 1 ? 3 : 6;
			uint64_t rq, rf;
			char *quiet = check_text(e, s.w, s.n, nb ? bos : NULL, nb, false, &rq);
			char *full = check_text(e, s.w, s.n, nb ? bos : NULL, nb, true, &rf);
			runs++;
			if (quiet && full && !strcmp(quiet, full) && rq == rf)
				same++;
			else if (runs - same <= 2)
				printf("# %s round %u (%u buffers): %llu reports quiet, %llu full\n", made[g].gpu, round, nb,
				       (unsigned long long)rq, (unsigned long long)rf);
			free(quiet);
			free(full);
		}
		CHECK(same == runs, "%s: the quiet loop's check lines are the full path's on %u of %u mutated streams",
		      made[g].gpu, same, runs);
		for (unsigned i = 0; i < npk; i++)
			free(pk[i].w);
		free(s.w);
		gk_engine_close(e);
	}
}

int main(void)
{
	care_bits();
	mutated_streams();
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	CHECK(e != NULL, "a CIK DMA engine");
	if (!e)
		return tl_done();
	struct words one = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &one, NULL, NULL);
	gk_engine_asm_text(a, polls, strlen(polls));
	CHECK(gk_engine_asm_finish(a) == 0 && one.n == 18, "the polls assemble (%zu dwords)", one.n);
	gk_engine_asm_close(a);
	if (one.n != 18) {
		gk_engine_close(e);
		return tl_done();
	}
	/* the three polls REPEAT times, then the clean memory poll once more
	 * with a bit no field claims (dw5 bit 31) */
	uint32_t w[18 * REPEAT + 6];
	for (unsigned r = 0; r < REPEAT; r++)
		memcpy(w + 18 * r, one.w, sizeof(uint32_t) * 18);
	memcpy(w + 18 * REPEAT, one.w, sizeof(uint32_t) * 6);
	w[18 * REPEAT + 5] |= 0x80000000u;
	size_t n = sizeof w / sizeof w[0];
	struct gk_bo bo = { 0x100000, 0x1000 };
	uint64_t plain = check(e, w, n, NULL, 0);
	CHECK(plain == 1, "without buffers: the reserved bit only (%llu)", (unsigned long long)plain);
	uint64_t bounded = check(e, w, n, &bo, 1);
	CHECK(bounded == REPEAT + 1, "with a buffer: every poll outside it and the reserved bit (%llu)",
	      (unsigned long long)bounded);
	uint64_t again = check(e, w, n, NULL, 0);
	CHECK(again == 1, "without buffers again: the reserved bit only (%llu)", (unsigned long long)again);
	/* a buffer that holds both: the memo of the run before (outside) is
	 * not this run's */
	struct gk_bo big = { 0x100000, 0x900000 };
	uint64_t both = check(e, w, n, &big, 1);
	CHECK(both == 1, "with a buffer holding both: the reserved bit only (%llu)", (unsigned long long)both);
	CHECK(check(e, w, n, &bo, 1) == REPEAT + 1, "the small buffer again: every outside poll");
	free(one.w);
	gk_engine_close(e);
	return tl_done();
}

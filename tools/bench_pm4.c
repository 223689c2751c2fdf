/* gfxkit PM4 throughput benchmark (`make bench`).
 *
 * Generates, deterministically (fixed seed), a stream of realistic Evergreen
 * PM4 packets -- the mix a driver's command buffers have: SET_CONTEXT_REG
 * runs over real context registers, SET_CONFIG_REG, SET_RESOURCE,
 * SET_SAMPLER, SET_LOOP_CONST, SET_CTL_CONST, draws, SURFACE_SYNC,
 * EVENT_WRITE flushes, EVENT_WRITE_EOP fences, NOP / PACKET2 padding and
 * compute dispatches -- and measures single-threaded throughput (best of 3)
 * of check, text decode, JSON decode, the streaming gk_input reader over a
 * file, and the assembler.  Every timed run is followed by /usr/bin/cksum
 * over the same bytes (the stream file), and each row prints the median of
 * the per-run ratios gfxkit time / cksum time: the machine is shared and
 * noisy, and the ratio holds when both drift together.
 *
 * The same figures for GFX9 and GFX11 streams (emit_batch_gcn): the packets
 * Mesa's radeonsi emits there -- SET_CONTEXT_REG and SET_SH_REG runs over the
 * generation's real registers (GFX11: half of them as
 * SET_CONTEXT_REG_PAIRS_PACKED / SET_SH_REG_PAIRS_PACKED), SET_UCONFIG_REG
 * VGT_PRIMITIVE_TYPE, VGT_INDEX_TYPE (SET_UCONFIG_REG_INDEX on GFX9,
 * INDEX_TYPE after), NUM_INSTANCES, DRAW_INDEX_2 / DRAW_INDEX_AUTO,
 * EVENT_WRITE partial flushes, ACQUIRE_MEM and PFP_SYNC_ME, RELEASE_MEM
 * fences, compute set-up and DISPATCH_DIRECT, NOPs and the one-dword
 * NOP_PAD to 8 dwords.  GFXKIT_BENCH_PM4 (default evergreen,gfx9,gfx11)
 * picks the PM4 generations, each in its own process.
 *
 * The generator writes each packet as the assembly text `gfxkit decode`
 * prints, and the library's assembler makes the words (tools/bench.h,
 * struct bench_stream): the packet names, fields, enum values and register
 * names are the tables', never an opcode or offset written here.  One chunk
 * of CHUNK bytes is generated and repeated to the stream's size.
 *
 * Size: env GFXKIT_BENCH_MB (default 200, MB = 10^6 bytes);
 * GFXKIT_BENCH_ONLY=check,text,json,file,encode,cli runs only those
 * measurements (for profiling); GFXKIT_BENCH_KEEP=1 keeps the generated
 * stream files in the /tmp/gfxkit-bench-* directory it names.  Exit status
 * 1 only when a generated stream does not check clean, the assembler does
 * not give the words back or the command-line tool fails on a stream; missed
 * targets are reported, not fatal.
 *
 * "cli": the command-line tool (argv[1], default build/gfxkit) over a
 * quarter of each stream and the whole of it, its peak RSS from wait4: it
 * streams, so that must stay a few MB and not grow with the input.
 *
 * Each figure with a target ends in a "  target: " line; make bench
 * collects those of every bench program into one block at the end. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

/* the chunk the stream repeats: 1 MiB of packets, as the generator's
 * blocks always were, so the streaming runs' peak RSS stays a few MB */
#define CHUNK (1u << 20)

/* ---- generator ---- */

struct gen {
	struct bench_stream s;
	const struct gk_space *ctx_space, *cfg_space; /* SET_CONTEXT_REG / SET_CONFIG_REG offsets count from there */
	const struct gk_space *res_space, *smp_space, *loop_space, *ctl_space; /* R6xx-Cayman constants */
	struct regset ctx, cfg;
	const struct gk_reg *compute_cfg[8], *compute_ctx[8];
	unsigned ncompute_cfg, ncompute_ctx;
	/* GFX6+ streams (gfx: GK_PM4_GFX9, GK_PM4_GFX11, ...; 0 for R6xx-Cayman) */
	unsigned gfx;
	const struct gk_space *sh_space, *uc_space;
	struct regset sh_gfx, sh_cs;                       /* SPI_SHADER_* (0xB000..) and COMPUTE_* (0xB800..) */
	const struct gk_reg *prim_type, *index_type;       /* uconfig VGT_PRIMITIVE_TYPE, VGT_INDEX_TYPE */
	const struct gk_reg *cs_setup[4];                  /* COMPUTE_PGM_LO, _RSRC1, NUM_THREAD_X, USER_DATA_0 */
};

/* " SHADER_TYPE=COMPUTE" on a compute packet (the header's bit) */
static const char *shader(unsigned compute)
{
	return compute ? " SHADER_TYPE=COMPUTE" : "";
}

/* one register line, as decode prints it */
static void reg_line(struct gen *g, const struct gk_reg *r, uint32_t value)
{
	bench_line(&g->s, "    0x%05x %s <- 0x%x", r->offset, r->name, value);
}

/* SET_CONTEXT_REG and friends (pkt) over a run of consecutive registers of s */
static void set_regs(struct gen *g, const char *pkt, const struct regset *s, unsigned maxn, unsigned compute)
{
	size_t i = below((uint32_t)s->n);
	unsigned n = 1 + below(s->run[i] < maxn ? s->run[i] : maxn);
	bench_packet(&g->s, 2 + n, "%s%s", pkt, shader(compute));
	for (unsigned k = 0; k < n; k++)
		reg_line(g, s->r[i + k], bench_reg_value(s->r[i + k]));
}

static void set_named(struct gen *g, const char *pkt, const struct gk_reg *const *r, unsigned n, unsigned compute)
{
	/* r[] are consecutive registers */
	bench_packet(&g->s, 2 + n, "%s%s", pkt, shader(compute));
	for (unsigned k = 0; k < n; k++)
		reg_line(g, r[k], k == 0 && n == 1 ? 64 : bench_reg_value(r[k]));
}

/* n constants of per dwords each at index idx of space, from values v */
static void constants(struct gen *g, const char *pkt, const struct gk_space *space, unsigned idx, unsigned per,
		      unsigned n, const uint32_t *v)
{
	bench_packet(&g->s, 2 + (size_t)per * n, "%s CONST_OFFSET=0x%x", pkt, idx * per);
	for (unsigned k = 0; k < per * n; k++)
		bench_line(&g->s, "    0x%05x <- 0x%08x", space->start + 4 * (idx * per + k), v[k]);
}

static void set_resource(struct gen *g)
{
	/* 8 dwords per resource on Evergreen; the space holds 1024 */
	unsigned n = 1 + below(below(4) ? 1 : 4);
	unsigned idx = below(1024 - n);
	uint32_t v[8 * 4];
	for (unsigned k = 0; k < n; k++) {
		uint32_t *q = v + 8 * k;
		int tex = below(2);
		q[0] = tex ? (uint32_t)rnd64() & 0xfffffff0u : (uint32_t)rnd64() & ~0xffu; /* base */
		q[1] = tex ? (uint32_t)rnd64() : (below(64) << 8) | 0x80000000u;
		q[2] = (uint32_t)rnd64() & 0x3ffff;
		q[3] = tex ? (uint32_t)rnd64() & ~0xffu : 0x000688u;
		q[4] = tex ? (uint32_t)rnd64() & 0x00ffffffu : 0;
		q[5] = tex ? below(16) : 0;
		q[6] = 0;
		q[7] = tex ? 0x80000000u : 0xc0000000u; /* TYPE: texture / buffer */
	}
	constants(g, "SET_RESOURCE", g->res_space, idx, 8, n, v);
}

static void set_sampler(struct gen *g)
{
	/* 3 dwords per sampler; the space holds 128 */
	unsigned n = 1 + below(2);
	unsigned idx = below(128 - n);
	uint32_t v[3 * 2];
	for (unsigned k = 0; k < n; k++) {
		v[3 * k] = (uint32_t)rnd64() & 0x7fffffu;
		v[3 * k + 1] = (uint32_t)rnd64() & 0x00ffffffu;
		v[3 * k + 2] = below(2) ? 0 : (uint32_t)rnd64() & 0x3ff;
	}
	constants(g, "SET_SAMPLER", g->smp_space, idx, 3, n, v);
}

static void set_loop_const(struct gen *g)
{
	/* 192 loop constants */
	unsigned n = 1 + below(2);
	unsigned idx = below(192 - n);
	uint32_t v[2];
	for (unsigned k = 0; k < n; k++)
		v[k] = (below(256) << 16) | (below(4) << 8) | (1 + below(255));
	constants(g, "SET_LOOP_CONST", g->loop_space, idx, 1, n, v);
}

static void set_ctl_const(struct gen *g)
{
	/* SQ_VTX_BASE_VTX_LOC, SQ_VTX_START_INST_LOC: the first two */
	unsigned n = 1 + below(2);
	uint32_t v[2];
	for (unsigned k = 0; k < n; k++)
		v[k] = below(4) ? 0 : below(100000);
	constants(g, "SET_CTL_CONST", g->ctl_space, 0, 1, n, v);
}

/* NUM_INSTANCES, then an indexed draw (INDEX_BASE's high dword hi) or an
 * auto-index one: the tail of a draw on every generation */
static void instances_and_draw(struct gen *g, uint32_t hi)
{
	bench_packet(&g->s, 2, "NUM_INSTANCES NUM_INSTANCES=%u", below(8) ? 1 : 1 + below(1000));
	if (below(3)) {
		uint32_t max_size = 1 + below(1 << 20);
		uint32_t lo = (uint32_t)rnd64() & ~1u; /* word aligned */
		uint32_t count = 3 + below(65536);
		/* DRAW_INITIATOR 0: DI_SRC_SEL_DMA */
		bench_packet(&g->s, 6, "DRAW_INDEX_2 MAX_SIZE=%u INDEX_BASE=0x%llx INDEX_COUNT=%u DRAW_INITIATOR=0x0",
			     max_size, (unsigned long long)hi << 32 | lo, count);
	} else {
		/* DRAW_INITIATOR 2: DI_SRC_SEL_AUTO_INDEX */
		bench_packet(&g->s, 3, "DRAW_INDEX_AUTO INDEX_COUNT=%u DRAW_INITIATOR=0x2", 3 + below(65536));
	}
}

static void draw(struct gen *g)
{
	/* INDEX_16 / INDEX_32, no swap */
	bench_packet(&g->s, 2, "INDEX_TYPE INDEX_TYPE=%u SWAP_MODE=NONE", below(2));
	instances_and_draw(g, below(256)); /* INDEX_BASE hi: bits 39:32 */
}

static void surface_sync(struct gen *g)
{
	/* what evergreend.h's *_ACTION_ENA / *_DEST_BASE_ENA flushes name */
	static const char *const choices[] = {
		"TC_ACTION_ENA|VC_ACTION_ENA|SH_ACTION_ENA",
		"CB0_DEST_BASE_ENA|CB_ACTION_ENA",
		"DB_DEST_BASE_ENA|DB_ACTION_ENA",
		"TC_ACTION_ENA|SH_ACTION_ENA",
		"SX_ACTION_ENA",
	};
	unsigned engine = below(2);
	const char *cntl = choices[below(sizeof choices / sizeof choices[0])];
	uint32_t size = below(2) ? 0xffffffffu : (uint32_t)rnd64();
	uint32_t base = below(2) ? 0 : (uint32_t)rnd64(); /* 256-byte units */
	bench_packet(&g->s, 5, "SURFACE_SYNC ENGINE=%u COHER_CNTL=%s COHER_SIZE=0x%x COHER_BASE=0x%llx POLL_INTERVAL=10",
		     engine, cntl, size, (unsigned long long)base << 8);
}

static const char *const partial[] = { "PS_PARTIAL_FLUSH", "VS_PARTIAL_FLUSH", "CS_PARTIAL_FLUSH" };

static void event_write(struct gen *g)
{
	unsigned c = below(8);
	if (c == 0) {
		/* ZPASS_DONE with a QWORD-aligned address */
		uint32_t lo = (uint32_t)rnd64() & ~7u;
		bench_packet(&g->s, 4, "EVENT_WRITE EVENT_TYPE=ZPASS_DONE EVENT_INDEX=ZPASS_DONE ADDRESS=0x%llx",
			     (unsigned long long)below(256) << 32 | lo);
	} else if (c == 1) {
		bench_packet(&g->s, 2, "EVENT_WRITE EVENT_TYPE=CACHE_FLUSH_AND_INV_EVENT EVENT_INDEX=OTHER");
	} else {
		bench_packet(&g->s, 2, "EVENT_WRITE EVENT_TYPE=%s EVENT_INDEX=PARTIAL_FLUSH", partial[below(3)]);
	}
}

static void fence(struct gen *g)
{
	bool wide = below(2); /* 32-bit low / 64-bit */
	uint32_t lo = (uint32_t)rnd64() & (wide ? ~7u : ~3u);
	uint32_t hi = below(256);
	bool irq = below(2);
	uint32_t data_lo = (uint32_t)rnd64();
	uint32_t data_hi = wide ? (uint32_t)rnd64() : 0;
	bench_packet(&g->s, 6,
		     "EVENT_WRITE_EOP EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS DATA_SEL=%s INT_SEL=%s "
		     "ADDRESS=0x%llx DATA_LO=0x%x DATA_HI=0x%x",
		     wide ? "SEND_64BIT" : "SEND_32BIT_LOW", irq ? "SEND_INT_ON_CONFIRM" : "NONE",
		     (unsigned long long)hi << 32 | lo, data_lo, data_hi);
}

static void nop(struct gen *g)
{
	if (below(2)) {
		bench_packet(&g->s, 1, "PACKET2"); /* filler */
		return;
	}
	unsigned n = 1 + below(6);
	char data[6 * 11 + 1];
	size_t len = 0;
	for (unsigned k = 0; k < n; k++)
		len += (size_t)snprintf(data + len, sizeof data - len, " 0x%08x", below(2) ? 0 : (uint32_t)rnd64());
	bench_packet(&g->s, 1 + n, "NOP");
	bench_line(&g->s, "    DATA_BLOCK%s", data);
}

static void dispatch(struct gen *g)
{
	event_write(g);
	for (unsigned i = 0; i < g->ncompute_cfg; i++)
		set_named(g, "SET_CONFIG_REG", &g->compute_cfg[i], 1, 1);
	if (g->ncompute_ctx)
		set_named(g, "SET_CONTEXT_REG", g->compute_ctx, g->ncompute_ctx, 1);
	for (unsigned i = 0; i < 3; i++)
		set_regs(g, "SET_CONTEXT_REG", &g->ctx, 4, 1);
	uint32_t x = 1 + below(256), y = 1 + below(16);
	bench_packet(&g->s, 5, "DISPATCH_DIRECT SHADER_TYPE=COMPUTE DIM_X=%u DIM_Y=%u DIM_Z=1 DISPATCH_INITIATOR=0x1", x,
		     y); /* COMPUTE_SHADER_EN */
	fence(g);
}

/* ---- GFX9 and GFX11: the packets Mesa's radeonsi emits on those
 * generations (si_emit_draw_packets, si_emit_dispatch_packets,
 * si_cp_release_mem, si_emit_cache_flush / gfx10_emit_cache_flush,
 * radeon_set_*_reg and GFX11's packed register pairs), with the IB padded to
 * 8 dwords by the one-dword NOP as its winsys pads */

/* SET_SH_REG over a run of consecutive SH registers of s */
static void set_sh(struct gen *g, const struct regset *s, unsigned maxn, unsigned compute)
{
	if (s->n)
		set_regs(g, "SET_SH_REG", s, maxn, compute);
}

/* SET_*_REG_PAIRS_PACKED (GFX11+): REG_COUNT registers as pairs of
 * (offset, offset, value, value) */
static void set_pairs_packed(struct gen *g, const char *pkt, const struct regset *s, unsigned compute)
{
	unsigned groups = 1 + below(7);
	bench_packet(&g->s, 2 + 3 * groups, "%s%s REG_COUNT=%u", pkt, shader(compute), 2 * groups);
	for (unsigned k = 0; k < groups; k++) {
		const struct gk_reg *a = s->r[below((uint32_t)s->n)], *b = s->r[below((uint32_t)s->n)];
		uint32_t va = bench_reg_value(a);
		uint32_t vb = bench_reg_value(b);
		bench_line(&g->s, "    REG_OFFSET0=%s REG_OFFSET1=%s REG_VALUE0=0x%x REG_VALUE1=0x%x", a->name, b->name, va,
			   vb);
	}
}

/* one uconfig register by its (known present) entry */
static void set_uconfig(struct gen *g, const char *pkt, const struct gk_reg *r, unsigned index, uint32_t value)
{
	bench_packet(&g->s, 3, "%s INDEX=%u", pkt, index);
	reg_line(g, r, value);
}

static void gcn_event_write(struct gen *g, unsigned compute)
{
	if (below(4))
		bench_packet(&g->s, 2, "EVENT_WRITE%s EVENT_TYPE=%s EVENT_INDEX=PARTIAL_FLUSH", shader(compute),
			     compute ? "CS_PARTIAL_FLUSH" : partial[below(3)]);
	else
		bench_packet(&g->s, 2, "EVENT_WRITE%s EVENT_TYPE=CACHE_FLUSH_AND_INV_EVENT EVENT_INDEX=OTHER",
			     shader(compute));
}

/* ACQUIRE_MEM: GFX9 count 5 (COHER_CNTL action bits, whole range); GFX10+
 * count 6, the caches in GCR_CNTL */
static void gcn_acquire_mem(struct gen *g, unsigned compute)
{
	bool gfx10 = g->gfx >= GK_PM4_GFX10;
	/* GFX9 TC/TCL1/SH_KCACHE/SH_ICACHE action bits (Mesa sid.h S_0301F0_*) */
	uint32_t cntl = 0;
	if (!gfx10) {
		cntl = below(2) ? 1u << 23 : 0;
		cntl |= 1u << 22 | 1u << 27;
		cntl |= below(2) ? 1u << 29 : 0;
	}
	char gcr[48] = "";
	if (gfx10) /* GCR_CNTL: GLI/GLK/GLV/GL1/GL2 invalidate and write-back bits */
		snprintf(gcr, sizeof gcr, " PWS_ENA=0 GCR_CNTL=0x%x", (uint32_t)rnd64() & 0x7ffffu);
	bench_packet(&g->s, gfx10 ? 8 : 7,
		     "ACQUIRE_MEM%s COHER_CNTL=0x%x ENGINE_SEL=ME COHER_SIZE=0xffffffff COHER_SIZE_HI=0x%x "
		     "COHER_BASE_LO=0x0 COHER_BASE_HI=0x0 POLL_INTERVAL=10%s",
		     shader(compute), cntl, g->gfx >= GK_PM4_GFX11 ? 0x01ffffffu : 0x00ffffffu, gcr);
}

/* RELEASE_MEM: an end-of-pipe fence; GFX9 EVENT_*_ACTION_ENA, GFX11 GCR_CNTL */
static void gcn_release_mem(struct gen *g, unsigned compute)
{
	bool wide = below(2); /* 32-bit low / 64-bit */
	char caches[160];
	if (g->gfx >= GK_PM4_GFX11) {
		uint32_t gcr = (uint32_t)rnd64() & 0x1fffu;
		snprintf(caches, sizeof caches, "GCR_CNTL=0x%x CACHE_POLICY=%u", gcr, below(4));
	} else {
		bool wb = below(2); /* TC_WB|TC_NC, or TCL1_VOL|TC_VOL|TC_MD */
		snprintf(caches, sizeof caches,
			 "TCL1_VOL_ACTION_ENA=%u TC_VOL_ACTION_ENA=%u TC_WB_ACTION_ENA=%u TC_NC_ACTION_ENA=%u "
			 "TC_MD_ACTION_ENA=%u",
			 !wb, !wb, wb, wb, !wb);
	}
	bool irq = below(2);
	uint32_t lo = (uint32_t)rnd64() & ~7u;
	uint32_t hi = below(2) ? 0xffff8000u | below(256) : below(65536);
	uint32_t data_lo = (uint32_t)rnd64();
	uint32_t data_hi = wide ? (uint32_t)rnd64() : 0;
	bench_packet(&g->s, 8,
		     "RELEASE_MEM%s DATA_SEL=%s EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS %s "
		     "DST_SEL=MEMORY INT_SEL=%s ADDRESS=0x%llx DATA_LO=0x%x DATA_HI=0x%x INT_CTXID=0x0",
		     shader(compute), wide ? "SEND_64BIT" : "SEND_32BIT_LOW", caches,
		     irq ? "SEND_INT_ON_CONFIRM" : "NONE", (unsigned long long)hi << 32 | lo, data_lo, data_hi);
}

static void gcn_draw(struct gen *g)
{
	if (g->prim_type)
		set_uconfig(g, "SET_UCONFIG_REG", g->prim_type, 0, below(4) ? 4 : 1 + below(20)); /* TRILIST, others */
	uint32_t index = below(2);
	if (g->gfx < GK_PM4_GFX10 && g->index_type) /* GFX9: VGT_INDEX_TYPE, index 1 (Mesa) */
		set_uconfig(g, "SET_UCONFIG_REG_INDEX", g->index_type, 1, index);
	else
		bench_packet(&g->s, 2, "INDEX_TYPE INDEX_TYPE=%u SWAP_MODE=NONE", index);
	instances_and_draw(g, below(2) ? 0xffff8000u : below(65536)); /* a 64-bit INDEX_BASE */
}

static void gcn_dispatch(struct gen *g)
{
	gcn_event_write(g, 1);
	if (!below(4))
		gcn_acquire_mem(g, 1);
	static const unsigned runs[4] = { 2, 2, 3, 4 }; /* PGM_LO/HI, RSRC1/2, NUM_THREAD_X/Y/Z, USER_DATA_0..3 */
	for (unsigned i = 0; i < 4; i++) {
		const struct gk_reg *r = g->cs_setup[i];
		if (!r)
			continue;
		bench_packet(&g->s, 2 + runs[i], "SET_SH_REG SHADER_TYPE=COMPUTE");
		for (unsigned k = 0; k < runs[i]; k++)
			bench_line(&g->s, "    0x%05x <- 0x%x", r->offset + 4 * k,
				   i == 2 ? 1 + below(1024) : (uint32_t)rnd64());
	}
	if (g->gfx >= GK_PM4_GFX11 && !below(2))
		set_pairs_packed(g, "SET_SH_REG_PAIRS_PACKED", &g->sh_cs, 1);
	else
		set_sh(g, &g->sh_cs, 4, 1);
	uint32_t x = 1 + below(256), y = 1 + below(16);
	/* COMPUTE_SHADER_EN | FORCE_START_AT_000 | ORDER_MODE, and CS_W32_EN from GFX10 */
	uint32_t initiator = 0xdu | (g->gfx >= GK_PM4_GFX10 && below(2) ? 1u << 15 : 0);
	bench_packet(&g->s, 5, "DISPATCH_DIRECT SHADER_TYPE=COMPUTE DIM_X=%u DIM_Y=%u DIM_Z=1 DISPATCH_INITIATOR=0x%x", x,
		     y, initiator);
	gcn_release_mem(g, 1);
}

/* One draw worth of GFX9 / GFX11 packets. */
static void emit_batch_gcn(struct gen *g)
{
	bool gfx11 = g->gfx >= GK_PM4_GFX11;
	unsigned nctx = 2 + below(10);
	for (unsigned i = 0; i < nctx; i++) {
		if (gfx11 && below(2))
			set_pairs_packed(g, "SET_CONTEXT_REG_PAIRS_PACKED", &g->ctx, 0);
		else
			set_regs(g, "SET_CONTEXT_REG", &g->ctx, 16, 0);
	}
	for (unsigned i = 1 + below(4); i; i--) {
		if (gfx11 && below(2))
			set_pairs_packed(g, "SET_SH_REG_PAIRS_PACKED", &g->sh_gfx, 0);
		else
			set_sh(g, &g->sh_gfx, 8, 0);
	}
	gcn_draw(g);
	if (!below(6)) {
		gcn_event_write(g, 0);
		gcn_acquire_mem(g, 0);
		if (!below(2))
			bench_packet(&g->s, 2, "PFP_SYNC_ME");
	}
	if (!below(30))
		gcn_release_mem(g, 0);
	if (!below(30))
		nop(g);
	if (!below(40))
		gcn_dispatch(g);
	if (!below(20)) /* the end of an IB: padded to 8 dwords */
		while (g->s.n & 7)
			bench_packet(&g->s, 1, "NOP_PAD");
}

/* One "draw call" worth of packets, like a driver's state emission. */
static void emit_batch(struct gen *g)
{
	unsigned nctx = 2 + below(10);
	for (unsigned i = 0; i < nctx; i++)
		set_regs(g, "SET_CONTEXT_REG", &g->ctx, 16, 0);
	if (!below(4))
		set_regs(g, "SET_CONFIG_REG", &g->cfg, 4, 0);
	for (unsigned i = below(3); i; i--)
		set_resource(g);
	for (unsigned i = below(2); i; i--)
		set_sampler(g);
	if (!below(8))
		set_loop_const(g);
	if (!below(2))
		set_ctl_const(g);
	draw(g);
	if (!below(6))
		surface_sync(g);
	if (!below(5))
		event_write(g);
	if (!below(40))
		fence(g);
	if (!below(30))
		nop(g);
	if (!below(50))
		dispatch(g);
}

/* A register space of the format by its name (struct gk_space.name). */
static const struct gk_space *space_named(const struct gk_format *fmt, const char *name)
{
	for (unsigned i = 0; i < fmt->nspaces; i++)
		if (!strcmp(fmt->spaces[i].name, name))
			return &fmt->spaces[i];
	fprintf(stderr, "bench: no %s register space in the %s format\n", name, fmt->gen);
	exit(2);
}

/* The registers, and where each space starts, come from the format
 * gk_pm4_format_init filled (its regs and spaces). */
static void gen_init(struct gen *g, const struct gk_format *fmt)
{
	memset(g, 0, sizeof *g);
	g->ctx_space = space_named(fmt, "context");
	g->cfg_space = space_named(fmt, "config");
	const struct gk_reg_table *t = fmt->regs;
	if (!t) {
		fprintf(stderr, "bench: the %s format has no register table\n", fmt->gen);
		exit(2);
	}
	regset_build(&g->ctx, t, g->ctx_space->start, g->ctx_space->end);
	regset_build(&g->cfg, t, g->cfg_space->start, g->cfg_space->end);
	if (!g->ctx.n || !g->cfg.n) {
		fprintf(stderr, "bench: no context/config registers in the %s table\n", fmt->gen);
		exit(2);
	}
	if (fmt->gen_bit & GK_PM4_GCN) {
		g->gfx = fmt->gen_bit;
		g->sh_space = space_named(fmt, "sh");
		g->uc_space = space_named(fmt, "uconfig");
		/* SPI_SHADER_* below COMPUTE_*: where the compute registers start */
		const struct gk_reg *cs = gk_reg_by_name(t, "COMPUTE_DISPATCH_INITIATOR", 26);
		uint32_t cs_start = cs ? cs->offset : g->sh_space->end;
		regset_build(&g->sh_gfx, t, g->sh_space->start, cs_start);
		regset_build(&g->sh_cs, t, cs_start, g->sh_space->end);
		if (!g->sh_gfx.n || !g->sh_cs.n) {
			fprintf(stderr, "bench: no SH registers in the %s table\n", fmt->gen);
			exit(2);
		}
		static const char *const cs_regs[4] = { "COMPUTE_PGM_LO", "COMPUTE_PGM_RSRC1", "COMPUTE_NUM_THREAD_X",
							"COMPUTE_USER_DATA_0" };
		for (unsigned i = 0; i < 4; i++)
			g->cs_setup[i] = gk_reg_by_name(t, cs_regs[i], strlen(cs_regs[i]));
		g->prim_type = gk_reg_by_name(t, "VGT_PRIMITIVE_TYPE", 18);
		g->index_type = gk_reg_by_name(t, "VGT_INDEX_TYPE", 14);
		if (g->prim_type && g->prim_type->offset < g->uc_space->start)
			g->prim_type = 0; /* a config register before GFX7 */
		if (g->index_type && g->index_type->offset < g->uc_space->start)
			g->index_type = 0;
		return;
	}
	g->res_space = space_named(fmt, "resource");
	g->smp_space = space_named(fmt, "sampler");
	g->loop_space = space_named(fmt, "loop");
	g->ctl_space = space_named(fmt, "ctl_const");
	/* the compute set-up of examples/evergreen_compute.s */
	static const char *const cfg[] = { "SQ_LSTMP_RING_BASE", "VGT_NUM_INDICES", "VGT_COMPUTE_START_X",
					   "VGT_COMPUTE_THREAD_GROUP_SIZE" };
	static const char *const ctx[] = { "SPI_COMPUTE_NUM_THREAD_X", "SPI_COMPUTE_NUM_THREAD_Y",
					   "SPI_COMPUTE_NUM_THREAD_Z" };
	for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++) {
		const struct gk_reg *r = gk_reg_by_name(t, cfg[i], strlen(cfg[i]));
		if (r && r->offset >= g->cfg_space->start && r->offset < g->cfg_space->end)
			g->compute_cfg[g->ncompute_cfg++] = r;
	}
	for (size_t i = 0; i < sizeof ctx / sizeof ctx[0]; i++) {
		const struct gk_reg *r = gk_reg_by_name(t, ctx[i], strlen(ctx[i]));
		if (!r || (g->ncompute_ctx && r->offset != g->compute_ctx[g->ncompute_ctx - 1]->offset + 4))
			break;
		g->compute_ctx[g->ncompute_ctx++] = r;
	}
}

static void gen_free(struct gen *g)
{
	regset_free(&g->ctx);
	regset_free(&g->cfg);
	if (g->gfx) {
		regset_free(&g->sh_gfx);
		regset_free(&g->sh_cs);
	}
	bench_stream_free(&g->s);
}

/* The generator's seed for a format: BENCH_SEED for evergreen (its stream as
 * it always was), mixed with the generation bit for GFX6+. */
static uint64_t rng_seed_of(const struct gk_format *fmt)
{
	return (fmt->gen_bit & GK_PM4_GCN) ? BENCH_SEED ^ fmt->gen_bit : BENCH_SEED;
}

/* The chunk the stream repeats: batches up to CHUNK bytes (or the target,
 * when smaller), padded to 8 dwords with the generation's one-dword filler
 * so every copy starts where an IB may; *nchunk words, malloc'd. */
static uint32_t *make_chunk(const struct gk_format *fmt, size_t target, size_t *nchunk)
{
	bool gcn = (fmt->gen_bit & GK_PM4_GCN) != 0;
	void (*batch)(struct gen *) = gcn ? emit_batch_gcn : emit_batch;
	size_t bytes = target < CHUNK ? target : CHUNK;
	rng_seed(rng_seed_of(fmt));
	struct gen g;
	gen_init(&g, fmt);
	bench_stream_begin(&g.s, fmt, CHUNK / 4 + 8192);
	while (g.s.n * 4 < bytes)
		batch(&g);
	while (g.s.n & 7)
		bench_packet(&g.s, 1, gcn ? "NOP_PAD" : "PACKET2");
	bench_stream_end(&g.s);
	uint32_t *w = g.s.w;
	*nchunk = g.s.nw;
	g.s.w = NULL;
	gen_free(&g);
	return w;
}

/* The PM4 figures of one generation (evergreen: emit_batch; GFX6+:
 * emit_batch_gcn): returns 0, 1 when the stream did not check clean or
 * round-trip, 2 on a set-up failure. */
static int bench_pm4(const char *gpu, double mb, const char *dir)
{
	size_t target = (size_t)(mb * 1e6);
	int bad = 0;

	struct gk_format *fmt = xmalloc(sizeof *fmt);
	if (gk_pm4_format_init(fmt, gpu) != 0) {
		fprintf(stderr, "bench: no PM4 format for '%s'\n", gpu);
		return 2;
	}
	bool gcn = (fmt->gen_bit & GK_PM4_GCN) != 0;
	FILE *devnull = fopen("/dev/null", "w");
	if (!devnull) {
		fprintf(stderr, "bench: /dev/null: %s\n", strerror(errno));
		return 2;
	}

	/* 1. generate the chunk, and the stream into a file (and its first
	 * quarter, whole packets, into a second file, for the CLI's peak RSS
	 * at two sizes: main, cli_runs); the whole stream is held in memory
	 * only after the streaming runs */
	char path[512], qpath[512];
	snprintf(path, sizeof path, "%s/pm4-%s.bin", dir, gpu);
	snprintf(qpath, sizeof qpath, "%s/pm4-%s-quarter.bin", dir, gpu);
	double t0 = now();
	size_t nchunk;
	uint32_t *chunk = make_chunk(fmt, target, &nchunk);
	size_t nw = bench_cut(fmt, chunk, nchunk, target), total = 4 * nw;
	unsigned long long packets = bench_count(fmt, chunk, nchunk, nw);
	if (write_cyclic(path, chunk, nchunk, nw) != 0 ||
	    write_cyclic(qpath, chunk, nchunk, bench_cut(fmt, chunk, nchunk, target / 4)) != 0) {
		fprintf(stderr, "bench: %s: write error: %s\n", path, strerror(errno));
		return 2;
	}
	double tgen = now() - t0;
	double in_mb = (double)total / 1e6;
	printf("\ngfxkit bench: %s, %.1f MB stream, %llu packets (%.1f dwords/packet), seed 0x%llx, "
	       "generated in %.2f s\n",
	       fmt->gen, in_mb, packets, (double)total / 4 / (double)packets, (unsigned long long)rng_seed_of(fmt), tgen);
	printf("  (MB = 10^6 bytes of PM4 input; best of %d runs; single thread; the assembled text of %.1f MB of "
	       "packets, repeated)\n",
	       BENCH_RUNS, (double)nchunk * 4 / 1e6);

	struct row rows[8];
	unsigned nrows = 0;

	/* 2. streaming reader over the file (bounded memory) */
	static const struct {
		const char *name;
		enum mode m;
	} file_modes[] = { { "check   (file, gk_input)", M_CHECK }, { "text    (file, gk_input, /dev/null)", M_TEXT } };
	for (size_t k = 0; k < sizeof file_modes / sizeof file_modes[0] && selected("file"); k++) {
		struct row r = { file_modes[k].name, 1e30, in_mb, 0, 0, 0, { 0 } };
		for (int run = 0; run < BENCH_RUNS; run++) {
			double s = now();
			struct result res = run_file(fmt, path, file_modes[k].m, file_modes[k].m == M_CHECK ? 0 : devnull);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			pair_cksum(&r, run, t, path);
			r.out_mb = (double)res.out_bytes / 1e6;
			if (res.failed || res.errors || res.warnings || res.packets != packets) {
				if (run == 0)
					fprintf(stderr, "bench: %s: %llu packets (want %llu), %llu errors, %llu warnings%s\n",
						r.name, res.packets, packets, res.errors, res.warnings,
						res.failed ? ", I/O failure" : "");
				bad = 1;
			}
		}
		rows[nrows++] = r;
	}
	double rss_stream = peak_rss_mb();

	/* 3. the whole stream in memory */
	uint32_t *w = bench_fill(chunk, nchunk, nw);
	if (gcn)
		print_mix(fmt, w, nw < (1u << 22) ? nw : (1u << 22));

	unsigned long long errors = 0, warnings = 0;
	static const struct {
		const char *name, *key;
		enum mode m;
	} mem_modes[] = { { "check   (memory)", "check", M_CHECK },
			  { "text    (memory, /dev/null)", "text", M_TEXT },
			  { "json    (memory, /dev/null)", "json", M_JSON } };
	struct row mem[3] = { { 0 }, { 0 }, { 0 } };
	for (size_t k = 0; k < sizeof mem_modes / sizeof mem_modes[0]; k++) {
		if (!selected(mem_modes[k].key))
			continue;
		struct row r = { mem_modes[k].name, 1e30, in_mb, 0, 0, 0, { 0 } };
		for (int run = 0; run < BENCH_RUNS; run++) {
			double s = now();
			struct result res = run_memory(fmt, w, nw, mem_modes[k].m, mem_modes[k].m == M_CHECK ? 0 : devnull, 0, 0);
			double t = now() - s;
			if (t < r.best)
				r.best = t;
			pair_cksum(&r, run, t, path);
			r.out_mb = (double)res.out_bytes / 1e6;
			if (k == 0 && run == 0) {
				errors = res.errors;
				warnings = res.warnings;
			}
			if (res.failed || res.errors || res.warnings || res.packets != packets) {
				if (run == 0)
					fprintf(stderr, "bench: %s: %llu packets (want %llu), %llu errors, %llu warnings%s\n",
						r.name, res.packets, packets, res.errors, res.warnings,
						res.failed ? ", output failure" : "");
				bad = 1;
			}
		}
		mem[mem_modes[k].m] = r;
		rows[nrows++] = r;
	}

	/* 4. encode: the text of a ~20 MB slice back to words */
	struct encode enc;
	if (!measure_encode(fmt, w, nw, selected("encode"), "", &enc))
		return 2;
	if (!enc.ok)
		bad = 1;

	double rss_all = peak_rss_mb();

	print_table(rows, nrows, &enc);
	printf("\n  checker over the stream: %llu errors, %llu warnings\n", errors, warnings);
	printf("  peak RSS: %.1f MB after the streaming (gk_input) runs; %.1f MB overall "
	       "(includes the %.1f MB in-memory copy and %.1f MB of encode text)\n",
	       rss_stream, rss_all, (double)total / 1e6, (double)enc.text_bytes / 1e6);
	printf("\n");
	/* evergreen keeps its target names; the others say their generation */
	char what[96], pfx[32] = "PM4";
	if (gcn)
		snprintf(pfx, sizeof pfx, "PM4 %s", fmt->gen);
	snprintf(what, sizeof what, "%s check (memory)", pfx);
	report_target(what, true, TARGET_CHECK, mbs(&mem[M_CHECK]), "MB/s");
	snprintf(what, sizeof what, "%s check (memory) time / cksum", pfx);
	report_target(what, false, TARGET_CKSUM_X, mem[M_CHECK].ratio, "x");
	snprintf(what, sizeof what, "%s text decode (memory)", pfx);
	report_target(what, true, TARGET_TEXT, mbs(&mem[M_TEXT]), "MB/s");
	snprintf(what, sizeof what, "%s JSON decode (memory, no text)", pfx);
	report_target(what, true, TARGET_JSON, mbs(&mem[M_JSON]), "MB/s");
	if (bad)
		printf("  FAILED: the generated stream did not check clean or did not round-trip (see stderr)\n");

	free(w);
	free(chunk);
	free(fmt);
	fclose(devnull);
	return bad ? 1 : 0;
}

/* gfxkit lint on the Evergreen stream file, next to cksum on the same
 * file, medians of three (lint exits 1: the stream breaks rules) */
static void cli_lint(const char *cli, const char *path, double mb, int *rc)
{
	char cmd[1400], ck[700];
	snprintf(cmd, sizeof cmd, "'%s' lint -g evergreen '%s' >/dev/null 2>&1", cli, path);
	snprintf(ck, sizeof ck, "%s '%s' >/dev/null", BENCH_CKSUM, path);
	double t[3], c[3];
	for (int i = 0; i < 3; i++) {
		double s = now();
		int st = system(cmd);
		t[i] = now() - s;
		s = now();
		c[i] = system(ck) == 0 ? now() - s : 0;
		if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) > 1)
			*rc = *rc > 1 ? *rc : 1;
	}
	for (int i = 0; i < 3; i++) /* sort three: the median is [1] */
		for (int j = i + 1; j < 3; j++) {
			double x = t[i] < t[j] ? t[i] : t[j], y = c[i] < c[j] ? c[i] : c[j];
			t[j] = t[i] + t[j] - x, t[i] = x, c[j] = c[i] + c[j] - y, c[i] = y;
		}
	printf("  gfxkit lint   -g evergreen  %7.1f MB: %7.3f s %7.1f MB/s  %5.1fx cksum (median of 3)\n", mb, t[1],
	       t[1] > 0 ? mb / t[1] : 0, c[1] > 0 ? t[1] / c[1] : 0);
	report_target("CLI PM4 lint (Evergreen)", true, 100.0, t[1] > 0 ? mb / t[1] : 0, "MB/s");
}

int main(int argc, char **argv)
{
	struct bench_start b;
	if (bench_begin(&b, argc, argv))
		return 2;
	const char *cli = b.cli, *dir = b.dir;
	double mb = b.mb;
	bool keep = b.keep, cli_ok = b.cli_ok;
	int rc = 0;
	char path[600], qpath[600];
	const char *pm4 = getenv("GFXKIT_BENCH_PM4");
	if (!pm4 || !*pm4)
		pm4 = "evergreen,gfx9,gfx11";
	bool pm4_any = selected("check") || selected("text") || selected("json") || selected("file") ||
		       selected("encode") || selected("cli");
	for (const char *p = pm4; pm4_any && *p;) {
		size_t n = strcspn(p, ",");
		char gpu[32];
		if (n && n < sizeof gpu) {
			memcpy(gpu, p, n);
			gpu[n] = 0;
			int r = in_child(bench_pm4, gpu, mb, dir);
			if (r > rc)
				rc = r;
			snprintf(path, sizeof path, "%s/pm4-%s.bin", dir, gpu);
			snprintf(qpath, sizeof qpath, "%s/pm4-%s-quarter.bin", dir, gpu);
			if (cli_ok && r < 2 && access(path, R_OK) == 0) {
				char label[64];
				snprintf(label, sizeof label, "PM4 %s", gpu);
				/* GFX11's targets are lower: half its bytes are register
				 * pairs, each written out by name with its fields */
				bool g11 = !strcmp(gpu, "gfx11");
				cli_runs(cli, "pm4", gpu, 0, 0, qpath, path, label, g11 ? TARGET_TEXT_GFX11 : TARGET_TEXT,
					 g11 ? TARGET_JSON_GFX11 : TARGET_JSON, &rc);
				if (!strcmp(gpu, "evergreen"))
					cli_lint(cli, path, mb, &rc);
			}
			if (!keep) {
				unlink(path);
				unlink(qpath);
			}
		} else if (n) {
			fprintf(stderr, "bench: GFXKIT_BENCH_PM4: no GPU '%.*s'\n", (int)n, p);
			return 2;
		}
		p += n + (p[n] == ',');
	}
	if (keep)
		fprintf(stderr, "bench: kept the streams in %s\n", dir);
	else
		rmdir(dir);
	return rc;
}

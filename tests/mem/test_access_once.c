/* A unit's accesses are computed once: the bounds stage (check --bo), the
 * follower (an indirect buffer's range) and the executor (gfxkit run) all
 * read the ranges and surfaces the access model keeps on the unit
 * (struct gk_unit: acc_computed counts the computations since the decode). */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

#define MEM_BASE 0x100000ull
#define MEM_SIZE 0x100000ull
#define IB_ADDR 0x180000ull

/* a tiled copy (its surface resolved from every tiling field) and a
 * linear one */
static const char ib_text[] =
	"COPY_TILED DETILE=L2T TILED_ADDR=0x100000 HEIGHT=7 PITCH=0 SLICE_PITCH=0 PIPE_CONFIG=P8_32x32_16x16 "
	"MACRO_TILE_ASPECT=1:1 NUM_BANKS=16 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=256 MICRO_TILE_MODE=THIN "
	"ARRAY_MODE=ARRAY_1D_TILED_THIN1 ELEMENT_SIZE=32BPP Y=0 X=0 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 "
	"LINEAR_ADDR=0x140000 LINEAR_PITCH=7 COUNT=64\n"
	"COPY_LINEAR COUNT=16 SRC_ADDR=0x100000 DST_ADDR=0x160000\n";

static struct words assemble(const char *text)
{
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	struct words w = { 0 };
	struct gk_engine_asm *a = gk_engine_asm_open(e, words_emit, &w, NULL, NULL);
	gk_engine_asm_text(a, text, strlen(text));
	CHECK(gk_engine_asm_finish(a) == 0, "the stream assembles");
	gk_engine_asm_close(a);
	gk_engine_close(e);
	return w;
}

static struct gk_mem *memory(const struct words *ib)
{
	struct gk_mem *m = gk_mem_create(0);
	uint8_t *z = calloc(1, MEM_SIZE);
	if (m && z) {
		memcpy(z + (IB_ADDR - MEM_BASE), ib->w, 4 * ib->n);
		gk_mem_add_copy(m, MEM_BASE, z, MEM_SIZE, NULL);
	}
	free(z);
	return m;
}

struct seen {
	unsigned units, with_access, once, asked;
};

/* the unit callback: a client asking for every access twice, as the
 * executor does, after the bounds stage and the follower asked */
static int on_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *w, size_t n,
		   const struct gk_diags *dg)
{
	(void)offset, (void)w, (void)n, (void)dg;
	struct seen *s = ctx;
	for (unsigned round = 0; round < 2; round++)
		for (unsigned k = 0; k < 4; k++) {
			struct gk_mem_access a;
			s->asked += gk_engine_access(e, k, &a) == 1;
		}
	const struct gk_unit *u = gk_engine_unit(e);
	s->units++;
	if (u && u->desc && u->desc->naccess) {
		s->with_access++;
		s->once += u->acc_computed == 1;
		if (u->acc_computed != 1)
			printf("#   %s: accesses computed %u times\n", u->desc->name, u->acc_computed);
	}
	return GK_UNIT_GO;
}

/* check --bo and --follow over one stream, with a client reading the
 * accesses after them */
static void check_follow(const struct words *ring, struct gk_mem *m)
{
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	struct tl_reader rd = { (const uint8_t *)ring->w, 4 * ring->n, 0, 12 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_bo bo = { MEM_BASE, MEM_SIZE };
	struct seen s = { 0 };
	struct gk_stream_opts o = { .check = true, .bos = &bo, .nbos = 1, .mem_read = gk_mem_reader, .mem_ctx = m,
				    .unit = on_unit, .unit_ctx = &s };
	struct gk_membuf mb = { 0 };
	char buf[256];
	struct gk_out out = { buf, 0, sizeof buf, gk_membuf_write, &mb, 0, 0 };
	struct gk_stream_stats st;
	CHECK(gk_stream_run(e, in, &o, &out, &st) == 0, "the stream runs");
	gk_out_flush(&out);
	CHECK(st.errors == 0, "the stream checks clean against its buffer (%llu errors)", (unsigned long long)st.errors);
	/* the ring's two copies and IB, and the IB's two copies */
	CHECK(s.units == 5 && s.with_access == 5, "every unit seen (%u, %u with accesses)", s.units, s.with_access);
	CHECK(s.once == s.with_access, "accesses computed once per unit with bounds, following and a client (%u of %u)",
	      s.once, s.with_access);
	CHECK(s.asked == 2 * (1 + 2 + 2 + 2 + 2), "every access read from the unit (%u)", s.asked);
	gk_input_destroy(in);
	gk_engine_close(e);
	free(mb.p);
}

/* gfxkit run: the executor and the follower share the IB packet's access */
static void run_follow(const struct words *ring, struct gk_mem *m)
{
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	struct gk_exec *x = gk_exec_create(e, m, NULL);
	struct tl_reader rd = { (const uint8_t *)ring->w, 4 * ring->n, 0, 12 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_BIN, 4);
	struct gk_membuf mb = { 0 };
	char buf[256];
	struct gk_out out = { buf, 0, sizeof buf, gk_membuf_write, &mb, 0, 0 };
	struct gk_exec_opts o = { .trace = true };
	struct gk_exec_result res;
	CHECK(gk_exec_run(x, in, &o, &out, &res) == 0 && res.status == GK_EXEC_COMPLETED, "the stream runs (%s)",
	      res.why.message);
	gk_out_flush(&out);
	/* the last top-level unit: the indirect buffer the executor ran and the
	 * stream loop followed */
	const struct gk_unit *u = gk_engine_unit(e);
	CHECK(u && u->desc && !strcmp(u->desc->name, "INDIRECT_BUFFER") && u->acc_computed == 1,
	      "the IB's access computed once for following and running (%u)", u ? u->acc_computed : 0);
	gk_input_destroy(in);
	gk_exec_destroy(x);
	gk_engine_close(e);
	free(mb.p);
}

/* the record on its own: the first reader computes, the others reuse, a
 * new decode starts over */
static void record(void)
{
	struct gk_engine *e = gk_engine_open("dma", "bonaire", NULL);
	const struct gk_format *fmt = gk_engine_format(e);
	struct words w = assemble("COPY_LINEAR COUNT=16 SRC_ADDR=0x100000 DST_ADDR=0x160000\n");
	struct gk_packet pkt;
	gk_packet_frame(fmt, w.w, w.n, 0, &pkt);
	struct gk_unit u;
	gk_unit_decode(fmt, &pkt, NULL, &u);
	CHECK(u.acc_computed == 0, "nothing computed at decode");
	struct gk_mem_access a, b;
	CHECK(gk_unit_access(fmt, &u, 1, &a) == 1 && gk_unit_access(fmt, &u, 1, &b) == 1 && u.acc_computed == 1,
	      "two reads, one computation");
	CHECK(a.first == 0x160000 && a.last == 0x16000f && b.first == a.first && b.last == a.last &&
	      a.surf.layout == GK_LAYOUT_NONE, "the kept range is the range");
	CHECK(gk_unit_access(fmt, &u, 2, &a) == -1 && u.acc_computed == 1, "no access 2, nothing recomputed");
	gk_unit_decode(fmt, &pkt, NULL, &u);
	CHECK(u.acc_computed == 0, "a new decode forgets them");
	free(w.w);
	gk_engine_close(e);
}

int main(void)
{
	struct words ib = assemble(ib_text);
	char ring_text[1024];
	snprintf(ring_text, sizeof ring_text, "%sINDIRECT_BUFFER VMID=0 IB_BASE=0x%llx IB_SIZE=%zu\n", ib_text,
		 (unsigned long long)IB_ADDR, ib.n);
	struct words ring = assemble(ring_text);
	struct gk_mem *m = memory(&ib);
	check_follow(&ring, m);
	run_follow(&ring, m);
	record();
	gk_mem_destroy(m);
	free(ib.w);
	free(ring.w);
	return tl_done();
}

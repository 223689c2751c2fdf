/* gk_packet_access (src/mem/access.c) called directly: what each access
 * says besides its range (direction after DETILE, address field and bits,
 * exact or over-approximated, overflow, absent accesses), and a property
 * test that it never under-bounds: for random linear and 1D tiled copies
 * every element the engine moves, placed by the tiling module's gk_tile_addr
 * one at a time, lies inside the range.  The ranges themselves are checked
 * by hand-computed rows in tests/dma/test_dma_bounds.c. */
#include "dma/dma_testutil.h"
#include "gfxkit/memory.h"

static struct tu_asm asmres;
static struct gk_packet pkt;

/* Assemble text for gpu and frame its first packet into pkt; false when it does not assemble. */
static bool frame(const char *gpu, const char *text)
{
	return tu_assemble_packet(tu_fmt(gpu), text, &asmres, &pkt);
}

static int access_k(const char *gpu, unsigned k, struct gk_mem_access *a)
{
	memset(a, 0xa5, sizeof *a); /* what is not set shows */
	return gk_packet_access(tu_fmt(gpu), &pkt, k, a);
}

static void test_fields(void)
{
	struct gk_mem_access a;
	if (frame("si", "FENCE FENCE_ADDR=0x400100 FENCE_DATA=0x1")) {
		CHECK(access_k("si", 0, &a) == 1 && a.rw == GK_ACC_WRITE && a.first == 0x400100 && a.last == 0x400103 &&
			      a.exact && !a.overflow && a.addr == 0x400100,
		      "fence: rw %u 0x%llx..0x%llx", a.rw, (unsigned long long)a.first, (unsigned long long)a.last);
		CHECK(a.field && !strcmp(a.field->name, "FENCE_ADDR") && a.dw == a.field->seg[0].dw &&
			      a.lo == a.field->seg[0].lo && a.hi == a.field->seg[0].hi && a.dw == 1 &&
			      a.row == &pkt.frame.desc->access[0],
		      "fence: the address field and its place");
		CHECK(access_k("si", 1, &a) == -1, "fence: one access only");
		/* cut short, the packet does not execute */
		struct gk_packet cut;
		gk_packet_frame(tu_fmt("si"), asmres.w, asmres.n - 1, 0, &cut);
		CHECK(cut.truncated && gk_packet_access(tu_fmt("si"), &cut, 0, &a) == -1, "a truncated packet");
	}
	if (frame("si", "NOP"))
		CHECK(access_k("si", 0, &a) == -1, "NOP has no accesses");
	/* DETILE=T2L: the tiled side is read, the linear one written */
	if (frame("r600", "COPY_TILED COUNT=512 BASE_256=0x1000000 DETILE=T2L ARRAY_MODE=ARRAY_1D_TILED_THIN1 SIZE=32BPP "
			  "HEIGHT_MAX=7 PITCH_TILE_MAX=7 SLICE_TILE_MAX=7 Z=0 Y=0 X=0 TILED_SWAP=NONE "
			  "LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE")) {
		CHECK(access_k("r600", 0, &a) == 1 && a.rw == GK_ACC_READ && !strcmp(a.field->name, "BASE_256") &&
			      a.first == 0x1000000 && a.last == 0x10007ff && !a.exact,
		      "T2L tiled side: rw %u, exact %d", a.rw, a.exact);
		CHECK(access_k("r600", 1, &a) == 1 && a.rw == GK_ACC_WRITE && !strcmp(a.field->name, "LINEAR_ADDR") &&
			      a.first == 0x200000 && a.last == 0x2007ff && a.exact,
		      "T2L linear side: rw %u, exact %d", a.rw, a.exact);
	}
	/* a sub-window is exact only when its rows follow each other */
	if (frame("cayman", "COPY_L2L_PARTIAL SRC_ADDR=0x400000 SRC_PITCH=1024 SRC_SWAP=NONE SRC_SLICE_PITCH=262144 "
			    "DEST_ADDR=0x500000 DEST_PITCH=128 DEST_SWAP=NONE DEST_SLICE_PITCH=2048 DY=16 DX=32 "
			    "SIZE=32BPP DZ=2")) {
		CHECK(access_k("cayman", 0, &a) == 1 && a.first == 0x400000 && a.last == 0x400000 + 262144 + 15 * 1024 + 127 &&
			      !a.exact,
		      "rows with gaps: 0x%llx..0x%llx exact %d", (unsigned long long)a.first, (unsigned long long)a.last,
		      a.exact);
		CHECK(access_k("cayman", 1, &a) == 1 && a.first == 0x500000 && a.last == 0x500000 + 2 * 2048 - 1 && a.exact,
		      "rows and slices back to back: 0x%llx..0x%llx exact %d", (unsigned long long)a.first,
		      (unsigned long long)a.last, a.exact);
	}
	/* a register poll touches no memory */
	if (frame("si", "POLL_REG_MEM M=REGISTER REGISTER=0x1478 RETRY_COUNT=255 MASK=0x10 REFERENCE=0x0 FUNC=ALWAYS "
			"POLL_INTERVAL=32"))
		CHECK(access_k("si", 0, &a) == 0, "register poll");
	/* the top of the address space: up to 2^64 - 1 is fine, one more overflows */
	if (frame("cik", "WRITE_LINEAR ADDR=0xfffffffffffffff4 SWAP=NONE\n    DATA 1 2 3"))
		CHECK(access_k("cik", 0, &a) == 1 && a.last == UINT64_MAX && a.first == UINT64_MAX - 11 && !a.overflow &&
			      a.exact,
		      "ending at 2^64 - 1: overflow %d", a.overflow);
	if (frame("cik", "WRITE_LINEAR ADDR=0xfffffffffffffff8 SWAP=NONE\n    DATA 1 2 3"))
		CHECK(access_k("cik", 0, &a) == 1 && a.overflow && !a.exact && a.addr == 0xfffffffffffffff8,
		      "past 2^64: overflow %d", a.overflow);
	/* thick: slice 0 of an 8x8 32 bpp 1D-thick surface is spread over its 1 KiB group */
	if (frame("evergreen", "COPY_L2T COUNT=64 BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=ARRAY_1D_TILED_THICK "
			       "SIZE=32BPP BANK_HEIGHT=1 BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=7 PITCH_TILE_MAX=0 "
			       "SLICE_TILE_MAX=0 Z=0 X=0 NON_DISP=0 NUM_BANKS=2 TILE_SPLIT=64 Y=0 TILED_SWAP=NONE "
			       "LINEAR_ADDR=0x200000 LINEAR_SWAP=NONE")) {
		CHECK(access_k("evergreen", 0, &a) == 1 && a.rw == GK_ACC_WRITE && a.first == 0x1000000 &&
			      a.last == 0x10003ff && !a.exact,
		      "thick group: 0x%llx..0x%llx", (unsigned long long)a.first, (unsigned long long)a.last);
		/* a client: the ranges against a memory of declared regions */
		struct gk_mem *m = gk_mem_create(0);
		struct gk_mem_region r;
		gk_mem_declare(m, 0x1000000, 256, 0);
		gk_mem_declare(m, 0x200000, 256, 0);
		CHECK(gk_mem_find(m, a.first, a.last, &r) == 0 && r.base == 0x1000000, "256 bytes do not hold the group");
		CHECK(access_k("evergreen", 1, &a) == 1 && gk_mem_find(m, a.first, a.last, &r) == 1 && r.base == 0x200000,
		      "the linear side fits");
		gk_mem_destroy(m);
	}
}

/* Random COUNT-based copies onto linear and 1D surfaces (SI COPY_L2T):
 * every moved element inside the range; linear runs exact. */
static void test_never_under(void)
{
	static const char *const modes[3] = { "ARRAY_LINEAR_GENERAL", "ARRAY_LINEAR_ALIGNED", "ARRAY_1D_TILED_THIN1" };
	static const char *const sizes[5] = { "8BPP", "16BPP", "32BPP", "64BPP", "128BPP" };
	uint64_t seed = 0xfeedbeef;
	unsigned checked = 0, bad = 0, wrong_exact = 0, exact_seen = 0;
	for (unsigned t = 0; t < 400; t++) {
		unsigned mode = (unsigned)(tl_rand(&seed) % 3), lsize = (unsigned)(tl_rand(&seed) % 5);
		uint64_t elem = 1ull << lsize;
		uint64_t ptm = tl_rand(&seed) % 8, pitch = (ptm + 1) * 8;
		uint64_t rows = 8 * (1 + tl_rand(&seed) % 4), stm = pitch * rows / 64 - 1;
		uint64_t x = tl_rand(&seed) % pitch, y = tl_rand(&seed) % rows, z = tl_rand(&seed) % 4;
		uint64_t count = 1 + tl_rand(&seed) % (t % 2 ? 64 : 3000);
		char text[600];
		snprintf(text, sizeof text,
			 "COPY_L2T COUNT=%llu BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=%s SIZE=%s BANK_HEIGHT=1 "
			 "BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=%llu PITCH_TILE_MAX=%llu PIPE_CONFIG=P2 SLICE_TILE_MAX=%llu "
			 "Z=%llu X=%llu MT=THIN NUM_BANKS=2 TILE_SPLIT=64 Y=%llu TILED_SWAP=NONE LINEAR_ADDR=0x200000 "
			 "LINEAR_SWAP=NONE",
			 (unsigned long long)count, modes[mode], sizes[lsize], (unsigned long long)(rows - 1),
			 (unsigned long long)ptm, (unsigned long long)stm, (unsigned long long)z, (unsigned long long)x,
			 (unsigned long long)y);
		if (!frame("si", text))
			continue;
		struct gk_mem_access a;
		if (access_k("si", 0, &a) != 1 || a.overflow) {
			bad++;
			continue;
		}
		/* the engine's layout: linear is plain rows of the packet's pitch;
		 * 1D as the tiling module places it, when it has this layout */
		uint64_t n = (count * 4 + elem - 1) / elem, e0 = y * pitch + x, slice = pitch * rows;
		uint64_t nslices = z + (e0 + n - 1) / slice + 1;
		struct gk_tile_params p;
		gk_tile_params_simple(&p, mode == 2 ? GK_TILE_1D : GK_TILE_LINEAR, 8u << lsize, (uint32_t)pitch,
				      (uint32_t)rows, (uint32_t)nslices);
		struct gk_tile_surface s;
		bool module = gk_tile_surface_init(&s, &p) == 0 && s.pitch == pitch && s.slice_bytes == slice * elem;
		if (mode == 2 && !module)
			continue; /* padded by addrlib: not a layout the module gives for these fields */
		uint64_t lo = UINT64_MAX, hi = 0;
		for (uint64_t e = e0; e < e0 + n; e++) {
			uint64_t ex = e % pitch, ey = e / pitch % rows, ez = z + e / slice, off;
			if (mode == 2) {
				if (gk_tile_addr(&s, (uint32_t)ex, (uint32_t)ey, (uint32_t)ez, &off) != 0) {
					bad++;
					break;
				}
			} else {
				off = ((ez * rows + ey) * pitch + ex) * elem;
			}
			if (off < lo)
				lo = off;
			if (off + elem - 1 > hi)
				hi = off + elem - 1;
		}
		checked++;
		if (0x1000000 + lo < a.first || 0x1000000 + hi > a.last) {
			if (bad++ < 5)
				printf("  under-bound: %s: touches 0x%llx..0x%llx, range 0x%llx..0x%llx\n", text,
				       (unsigned long long)(0x1000000 + lo), (unsigned long long)(0x1000000 + hi),
				       (unsigned long long)a.first, (unsigned long long)a.last);
		}
		exact_seen += a.exact;
		if (a.exact && (0x1000000 + lo != a.first || 0x1000000 + hi != a.last))
			wrong_exact++;
		if (mode < 2 && module && !a.exact)
			wrong_exact++; /* a run on a linear surface the module lays out as the packet says */
	}
	CHECK(bad == 0, "%u of %u copies under-bounded or failed", bad, checked);
	CHECK(wrong_exact == 0, "%u ranges called exact are not, or linear runs not exact", wrong_exact);
	CHECK(exact_seen > 50, "only %u exact ranges", exact_seen);
	CHECK(checked > 200, "only %u copies checked", checked);
}

/* The access model lays linear and 1D thin surfaces out in closed form
 * (src/mem/access.c tiled_rows); the tiling module is the reference: on
 * random SI COPY_L2T runs, pitches and slices padded or not, the range is
 * the module's micro-tile rows from the first element to the last
 * (gk_tile_surface_init, gk_tile_range) whenever the module lays the
 * surface out with the packet's pitch and slice, and whole slices when it
 * does not. */
static void test_rows_as_module(void)
{
	static const char *const modes[3] = { "ARRAY_LINEAR_GENERAL", "ARRAY_LINEAR_ALIGNED", "ARRAY_1D_TILED_THIN1" };
	static const char *const sizes[5] = { "8BPP", "16BPP", "32BPP", "64BPP", "128BPP" };
	uint64_t seed = 0x5eedf00d;
	unsigned checked = 0, bad = 0, by_rows = 0, by_slices = 0;
	for (unsigned t = 0; t < 3000; t++) {
		unsigned mode = (unsigned)(tl_rand(&seed) % 3), lsize = (unsigned)(tl_rand(&seed) % 5);
		uint64_t elem = 1ull << lsize;
		uint64_t ptm = tl_rand(&seed) % (t % 3 ? 8 : 300), pitch = (ptm + 1) * 8;
		uint64_t rows = 1 + tl_rand(&seed) % (t % 2 ? 40 : 9);
		/* a slice of whole rows mostly, of any whole 64 elements sometimes */
		uint64_t stm = t % 5 ? (pitch * rows + 63) / 64 - 1 : tl_rand(&seed) % 64;
		uint64_t slice = (stm + 1) * 64;
		uint64_t x = tl_rand(&seed) % pitch, y = tl_rand(&seed) % (rows + 2), z = tl_rand(&seed) % 4;
		uint64_t count = 1 + tl_rand(&seed) % (t % 2 ? 64 : 5000);
		char text[600];
		snprintf(text, sizeof text,
			 "COPY_L2T COUNT=%llu BASE_256=0x1000000 DETILE=L2T ARRAY_MODE=%s SIZE=%s BANK_HEIGHT=1 "
			 "BANK_WIDTH=1 MT_ASPECT=1:1 HEIGHT_MAX=%llu PITCH_TILE_MAX=%llu PIPE_CONFIG=P2 SLICE_TILE_MAX=%llu "
			 "Z=%llu X=%llu MT=THIN NUM_BANKS=2 TILE_SPLIT=64 Y=%llu TILED_SWAP=NONE LINEAR_ADDR=0x200000 "
			 "LINEAR_SWAP=NONE",
			 (unsigned long long)count, modes[mode], sizes[lsize], (unsigned long long)(rows - 1),
			 (unsigned long long)ptm, (unsigned long long)stm, (unsigned long long)z, (unsigned long long)x,
			 (unsigned long long)y);
		if (!frame("si", text))
			continue;
		struct gk_mem_access a;
		if (access_k("si", 0, &a) != 1 || a.overflow) {
			bad++;
			continue;
		}
		/* the run's ends in (x, y, slice) on rows of slice / pitch */
		uint64_t n = (count * 4 + elem - 1) / elem, e0 = y * pitch + x, e1 = e0 + n - 1;
		uint64_t lo = 0, hi = 0;
		bool rows_ok = slice % pitch == 0 && slice / pitch <= GK_TILE_MAX_DIM;
		uint64_t r = rows_ok ? slice / pitch : 1;
		uint64_t f[3] = { e0 % pitch, e0 / pitch % r, z + e0 / slice }, l[3] = { e1 % pitch, e1 / pitch % r, z + e1 / slice };
		struct gk_tile_params p;
		struct gk_tile_surface s;
		if (rows_ok) {
			gk_tile_params_simple(&p, mode == 2 ? GK_TILE_1D : GK_TILE_LINEAR, 8u << lsize, (uint32_t)pitch,
					      (uint32_t)r, (uint32_t)l[2] + 1);
			uint64_t lo1, hi0;
			rows_ok = gk_tile_surface_init(&s, &p) == 0 && s.pitch == pitch && s.slice_bytes == slice * elem &&
				  gk_tile_range(&s, (uint32_t)f[0], (uint32_t)f[1], (uint32_t)f[2], 1, 1, 1, &lo, &hi0) == 0 &&
				  gk_tile_range(&s, (uint32_t)l[0], (uint32_t)l[1], (uint32_t)l[2], 1, 1, 1, &lo1, &hi) == 0;
		}
		if (rows_ok) {
			by_rows++;
			hi -= 1;
		} else {
			/* whole slices from the first element's to the last one's */
			by_slices++;
			lo = f[2] * slice * elem;
			hi = (l[2] + 1) * slice * elem - 1;
		}
		checked++;
		if (a.first != 0x1000000 + lo || a.last != 0x1000000 + hi) {
			if (bad++ < 5)
				printf("  not the module's: %s: range 0x%llx..0x%llx, module 0x%llx..0x%llx\n", text,
				       (unsigned long long)a.first, (unsigned long long)a.last,
				       (unsigned long long)(0x1000000 + lo), (unsigned long long)(0x1000000 + hi));
		}
	}
	CHECK(bad == 0, "%u of %u ranges differ from the tiling module's", bad, checked);
	CHECK(by_rows > 300 && by_slices > 300, "both layouts seen: %u by rows, %u by slices", by_rows, by_slices);
}

int main(void)
{
	test_fields();
	test_never_under();
	test_rows_as_module();
	return tl_done();
}

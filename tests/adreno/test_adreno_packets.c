/* Adreno packets with known answers: dwords copied from Mesa's reference
 * logs (../shared/reference/captures/mesa-freedreno-traces: fd-clouds on
 * a630, compute-a540, es2gears-a320, glxgears-a420), what gfxkit prints for
 * them (the names and values agree with what cffdump printed beside them,
 * quoted at each row), and that the text encodes back to the dwords; the
 * header parity rule on every opcode; GPU names; random streams that must
 * round-trip. */
#include "adreno/adreno_testutil.h"

static uint32_t parity(uint32_t v)
{
	/* counted bit by bit, not the library's nibble table */
	unsigned n = 0;
	for (; v; v >>= 1)
		n += v & 1u;
	return (n & 1u) ? 0u : 1u;
}

static uint32_t pkt7(uint32_t op, uint32_t cnt)
{
	return 0x70000000u | parity(op) << 23 | op << 16 | parity(cnt) << 15 | cnt;
}

static uint32_t pkt4(uint32_t off, uint32_t cnt)
{
	return 0x40000000u | parity(off) << 27 | off << 8 | parity(cnt) << 7 | cnt;
}

static void test_vectors(void)
{
	static const struct {
		const char *gpu;
		uint32_t w[8];
		size_t n;
		const char *text;
	} rows[] = {
		/* fd-clouds: GRAS_SC_CNTL: { CCUSINGLECACHELINESIZE = 0x2 | ... = 0 } */
		{ "a630", { 0x4080a001, 0x00000002 }, 2,
		  "CP_TYPE4_PKT OFFSET=0x80a0\n    0x20280 GRAS_SC_CNTL <- CCUSINGLECACHELINESIZE=2" },
		/* fd-clouds: VPC_SO_DISABLE: { DISABLE } */
		{ "a630", { 0x48930601, 0x00000001 }, 2,
		  "CP_TYPE4_PKT OFFSET=0x9306\n    0x24c18 VPC_SO_DISABLE <- DISABLE=1" },
		/* fd-clouds: CP_DRAW_INDX_OFFSET (38) (4 dwords) { PRIM_TYPE = DI_PT_TRISTRIP | SOURCE_SELECT =
		 * DI_SRC_SEL_AUTO_INDEX | VIS_CULL = USE_VISIBILITY | INDEX_SIZE = INDEX4_SIZE_8_BIT | PATCH_TYPE =
		 * TESS_QUADS } { NUM_INSTANCES = 1 } { NUM_INDICES = 4 } */
		{ "a630", { 0x70388003, 0x00000186, 0x00000001, 0x00000004 }, 4,
		  "CP_DRAW_INDX_OFFSET PRIM_TYPE=DI_PT_TRISTRIP SOURCE_SELECT=DI_SRC_SEL_AUTO_INDEX "
		  "VIS_CULL=USE_VISIBILITY INDEX_SIZE=INDEX4_SIZE_8_BIT PATCH_TYPE=TESS_QUADS GS_ENABLE=0 TESS_ENABLE=0 "
		  "NUM_INSTANCES=1 NUM_INDICES=4 COUNT=3" },
		/* the same on a7xx (a6xx.xml's variants) */
		{ "a750", { 0x70388003, 0x00000186, 0x00000001, 0x00000004 }, 4,
		  "CP_DRAW_INDX_OFFSET PRIM_TYPE=DI_PT_TRISTRIP SOURCE_SELECT=DI_SRC_SEL_AUTO_INDEX "
		  "VIS_CULL=USE_VISIBILITY INDEX_SIZE=INDEX4_SIZE_8_BIT PATCH_TYPE=TESS_QUADS GS_ENABLE=0 TESS_ENABLE=0 "
		  "NUM_INSTANCES=1 NUM_INDICES=4 COUNT=3" },
		/* fd-clouds: CP_LOAD_STATE6_FRAG (34) (4 dwords) { DST_OFF = 0 | STATE_TYPE = ST6_SHADER | STATE_SRC =
		 * SS6_INDIRECT | STATE_BLOCK = SB6_FS_SHADER | NUM_UNIT = 88 } { EXT_SRC_ADDR = 0x1013000 }
		 * { EXT_SRC_ADDR_HI = 0 } */
		{ "a630", { 0x70348003, 0x16320000, 0x01013000, 0x00000000 }, 4,
		  "CP_LOAD_STATE6_FRAG DST_OFF=0 STATE_TYPE=ST6_SHADER STATE_SRC=SS6_INDIRECT "
		  "STATE_BLOCK=SB6_FS_SHADER NUM_UNIT=88 EXT_SRC_ADDR=0x1013000 EXT_SRC_ADDR_HI=0" },
		/* fd-clouds: CP_INDIRECT_BUFFER (3f) (4 dwords) ibaddr:0000000001d8f000 ibsize:00000053 */
		{ "a630", { 0x70bf8003, 0x01d8f000, 0x00000000, 0x00000053 }, 4,
		  "CP_INDIRECT_BUFFER IB_BASE=0x1d8f000 IB_SIZE=83" },
		/* compute-a540: CP_EXEC_CS (33) (5 dwords) { 0 = 0 } { NGROUPS_X = 1 } { NGROUPS_Y = 2 } { NGROUPS_Z = 3 } */
		{ "a540", { 0x70b30004, 0, 1, 2, 3 }, 5, "CP_EXEC_CS DW1=0x0 NGROUPS_X=1 NGROUPS_Y=2 NGROUPS_Z=3" },
		/* es2gears-a320: write GRAS_SU_POINT_MINMAX (2068) ... GRAS_SU_POINT_SIZE (Mesa prints the
		 * fixed-point values: MIN = 1.0, MAX = 4092.0, SIZE 0.5; gfxkit their bits) */
		{ "a320", { 0x00012068, 0xffc00010, 0x00000008 }, 3,
		  /* ufixed radix 4, as Mesa prints them: "{ MIN = 1.000000 | MAX = 4092.000000 }", "0.500000" */
		  "CP_TYPE0_PKT OFFSET=0x2068\n    0x081a0 GRAS_SU_POINT_MINMAX <- MIN=1.000000 MAX=4092.000000\n"
		  "    0x081a4 GRAS_SU_POINT_SIZE <- 0.500000" },
		/* es2gears-a320: CP_INDIRECT_BUFFER_PFD (37) (3 dwords) ibaddr:11842370 ibsize:000018ba */
		{ "a320", { 0xc0013700, 0x11842370, 0x000018ba }, 3,
		  "CP_INDIRECT_BUFFER_PFD IB_BASE=0x11842370 IB_SIZE=6330" },
		/* glxgears-a420: write RBBM_PERFCTR_CTL (0170) RBBM_PERFCTR_CTL: 0x1 */
		{ "a420", { 0x00000170, 0x00000001 }, 2, "CP_TYPE0_PKT OFFSET=0x170\n    0x005c0 RBBM_PERFCTR_CTL <- 0x00000001" },
		/* a type-2 NOP */
		{ "a306", { 0x80000000 }, 1, "CP_TYPE2_PKT" },
		/* two registers: the second by its own name */
		{ "a630", { 0x4080a002, 0x00000002, 0 }, 3,
		  "CP_TYPE4_PKT OFFSET=0x80a0\n    0x20280 GRAS_SC_CNTL <- CCUSINGLECACHELINESIZE=2\n    0x20284 GRAS_BIN_CONTROL <- 0" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		tu_expect_row(i, rows[i].gpu, tu_fmt(rows[i].gpu), rows[i].w, rows[i].n, rows[i].text);
}

/* A header whose parity bits are wrong is no packet: one raw dword with an
 * error at it, which reads back to the same word. */
static void test_parity(void)
{
	const struct gk_format *f = tu_fmt("a630");
	unsigned good = 0, bad = 0;
	for (uint32_t op = 0; op < 128; op++) {
		for (uint32_t cnt = 0; cnt < 4; cnt++) {
			uint32_t h = pkt7(op, cnt);
			struct gk_packet p;
			uint32_t w[5] = { h, 0, 0, 0, 0 };
			gk_packet_frame(f, w, cnt + 1, 0, &p);
			good += p.frame.desc != &f->descs[GK_ADRENO_ROW_BAD] && p.ndw == cnt + 1;
			for (unsigned bit = 0; bit < 2; bit++) {
				w[0] = h ^ (bit ? 0x00800000u : 0x00008000u);
				gk_packet_frame(f, w, cnt + 1, 0, &p);
				bad += p.frame.desc == &f->descs[GK_ADRENO_ROW_BAD] && p.ndw == 1;
			}
		}
	}
	CHECK(good == 512 && bad == 1024, "type-7 parity: %u of 512 good headers framed, %u of 1024 bad ones refused", good,
	      bad);
	good = bad = 0;
	for (uint32_t off = 0; off < 0x80000; off += 0x1235) {
		uint32_t w[2] = { pkt4(off, 1), 0 };
		struct gk_packet p;
		gk_packet_frame(f, w, 2, 0, &p);
		good += p.frame.desc == &f->descs[GK_ADRENO_ROW_REGS] && p.ndw == 2;
		w[0] ^= 0x08000000u;
		gk_packet_frame(f, w, 2, 0, &p);
		bad += p.frame.desc == &f->descs[GK_ADRENO_ROW_BAD];
		w[0] ^= 0x08000080u;
		gk_packet_frame(f, w, 2, 0, &p);
		bad += p.frame.desc == &f->descs[GK_ADRENO_ROW_BAD];
	}
	CHECK(good == 0x80000 / 0x1235 + 1 && bad == 2 * good, "type-4 parity: %u good, %u bad", good, bad);

	/* known answers: the message and where */
	struct tu_check r;
	tu_check(f, (const uint32_t[]){ 0x48881a01, 0 }, 2, &r);
	CHECK(r.errors == 2 && r.npackets == 2 && r.d[0].dw == 0 && r.d[0].lo == 27 &&
		      strstr(r.d[0].message, "offset parity bit is 1, the odd parity of OFFSET 0x881a is 0"),
	      "a type-4 header with the offset parity bit wrong: %s", tu_diags_str(&r));
	tu_check(f, (const uint32_t[]){ 0x70bf0003 }, 1, &r);
	CHECK(r.errors == 1 && r.d[0].lo == 15 && strstr(r.d[0].message, "count parity bit is 0, the odd parity of COUNT 3 is 1"),
	      "a type-7 header with the count parity bit wrong: %s", tu_diags_str(&r));
	tu_check(f, (const uint32_t[]){ 0x70bfc003 }, 1, &r);
	CHECK(r.errors == 1 && strstr(r.d[0].message, "bit 14 is set"), "type-7 bit 14: %s", tu_diags_str(&r));
	tu_expect_row(100, "a630", f, (const uint32_t[]){ 0x48881a01 }, 1, "BAD_HEADER WORD=0x48881a01");
	/* an opcode no generation has keeps its number; one of a5xx only is an error on a6xx */
	tu_expect_row(101, "a630", f, (const uint32_t[]){ 0x70018000 }, 1, "CP_TYPE7_PKT OPCODE=0x1");
	tu_check(f, (const uint32_t[]){ 0x70018000 }, 1, &r);
	CHECK(r.errors == 1 && tu_find(&r, GK_D_UNKNOWN_OPCODE), "unknown opcode: %s", tu_diags_str(&r));
	tu_check(f, (const uint32_t[]){ 0x701c8000 }, 1, &r);
	CHECK(r.errors == 1 && tu_find(&r, GK_D_WRONG_GEN) && strstr(r.d[0].message, "CP_PREEMPT_ENABLE (0x1c) does not exist on a6xx"),
	      "a5xx-only opcode on a6xx: %s", tu_diags_str(&r));
	tu_check(tu_fmt("a530"), (const uint32_t[]){ 0x701c8000 }, 1, &r);
	CHECK(r.errors == 0, "CP_PREEMPT_ENABLE on a5xx: %s", tu_diags_str(&r));
	/* a payload shorter than the database's domain is no error (CP_EVENT_WRITE, 2 dwords) */
	tu_check(f, (const uint32_t[]){ 0x70460001, 0x00000031 }, 2, &r);
	CHECK(r.errors == 0 && r.warnings == 0, "short CP_EVENT_WRITE: %s", tu_diags_str(&r));
	/* a2xx type-1 */
	tu_check(tu_fmt("a2xx"), (const uint32_t[]){ 0x40000000 }, 1, &r);
	CHECK(r.errors == 1 && tu_find(&r, GK_D_TYPE1), "a2xx type-1: %s", tu_diags_str(&r));
}

static void test_gpus(void)
{
	static const struct {
		const char *name, *gen;
	} ok[] = {
		{ "a306", "a3xx" }, { "a420", "a4xx" }, { "a530", "a5xx" }, { "A540", "a5xx" }, { "a618", "a6xx" },
		{ "a630", "a6xx" }, { "a640", "a6xx" }, { "a650", "a6xx" }, { "a660", "a6xx" }, { "a690", "a6xx" },
		{ "a702", "a6xx" }, { "a730", "a7xx" }, { "a740", "a7xx" }, { "a750", "a7xx" }, { "a2xx", "a2xx" },
		{ "a6xx", "a6xx" }, { "0x06030002", "a6xx" }, { "6.3.0.2", "a6xx" }, { "0x07030001", "a7xx" },
		{ "0x07000200", "a6xx" }, { "0x05040001", "a5xx" },
	};
	struct gk_format *f = malloc(sizeof *f);
	for (size_t i = 0; f && i < sizeof ok / sizeof ok[0]; i++) {
		int rc = gk_adreno_format_init(f, ok[i].name);
		CHECK(rc == 0 && !strcmp(f->gen, ok[i].gen), "%s: %d %s, want %s", ok[i].name, rc, rc ? "" : f->gen, ok[i].gen);
	}
	static const char *const bad[] = { "a8xx", "a999", "0x08000000", "6.3", "", "gfx9", "0x", "0x1ffffffff" };
	for (size_t i = 0; f && i < sizeof bad / sizeof bad[0]; i++)
		CHECK(gk_adreno_format_init(f, bad[i]) == -1, "'%s' is no Adreno GPU", bad[i]);
	CHECK(gk_adreno_format_init(NULL, "a630") == -1 && gk_adreno_format_init(f, NULL) == -1, "NULL");
	free(f);
	CHECK(gk_adreno_regs("a630") && gk_adreno_regs("a750") && !gk_adreno_regs("x") && !gk_adreno_regs(NULL), "regs");
	CHECK(strstr(gk_adreno_gpu_help(), "a750") != NULL, "help names a750");
	/* registers by name, with their fields and enum values (a6xx.xml) */
	const struct gk_reg *r = gk_reg_by_name(gk_adreno_regs("a630"), "GRAS_SC_CNTL", 12);
	const struct gk_reg_field *fl = r ? gk_reg_field_by_name(r, "RASTER_MODE", 11) : NULL;
	CHECK(r && r->offset == 0x80a0 * 4 && fl && gk_reg_value_name(fl, 1) && !strcmp(gk_reg_value_name(fl, 1), "TYPE_WRITER"),
	      "GRAS_SC_CNTL.RASTER_MODE");
	/* an a7xx-only register is in a7xx's table, not in a6xx's */
	const struct gk_reg_table *a6 = gk_adreno_regs("a6xx"), *a7 = gk_adreno_regs("a7xx");
	CHECK(a7->nregs > a6->nregs, "a7xx has more registers than a6xx: %zu, %zu", a7->nregs, a6->nregs);
}

/* random streams of well-formed headers and random payloads: decode ->
 * encode is the identity on every generation */
static void test_random(void)
{
	static const char *const gpus[] = { "a2xx", "a306", "a420", "a530", "a630", "a750" };
	static uint32_t w[4096];
	static char text[1 << 21];
	static struct tu_asm a;
	uint64_t rng = 0xad5e0;
	for (size_t g = 0; g < 6; g++) {
		const struct gk_format *f = tu_fmt(gpus[g]);
		bool old = g < 3;
		for (unsigned s = 0; s < 20; s++) {
			size_t n = 0;
			while (n < 4000) {
				uint64_t r = tl_rand(&rng);
				uint32_t cnt = (uint32_t)(r >> 8) % 12;
				uint32_t kind = (uint32_t)r % 8;
				if (kind == 7) {
					w[n++] = (uint32_t)(r >> 32); /* anything */
					continue;
				}
				if (old)
					w[n++] = kind < 3 ? ((cnt << 16) | ((uint32_t)(r >> 20) & 0x7fffu))
							  : kind == 3 ? 0x80000000u : (0xc0000000u | cnt << 16 | ((uint32_t)(r >> 24) & 0xff) << 8);
				else
					w[n++] = kind < 3 ? pkt4((uint32_t)(r >> 20) & 0xffffu, cnt) : pkt7((uint32_t)(r >> 24) & 0x7fu, cnt);
				uint32_t body = old ? cnt + 1 : cnt;
				for (uint32_t k = 0; k < body; k++)
					w[n++] = (uint32_t)tl_rand(&rng);
			}
			tu_decode(f, w, n, false, text, sizeof text);
			unsigned errs = tu_assemble(f, text, &a);
			CHECK(errs == 0 && a.n == n && !memcmp(a.w, w, n * 4), "%s stream %u: decode -> encode (%u errors: %s)",
			      gpus[g], s, errs, tu_asm_first(&a));
		}
	}
}

/* The payload layouts another field selects (conditional fields): each
 * condition points back at a field of the same packet, and two fields of
 * one name are never shown together (JSON's "fields" is an object): both
 * depend on one selector, on values apart */
static void test_layouts(void)
{
	const struct {
		const struct gk_packet_desc *d;
		unsigned n;
	} sets[] = { { gk_adreno_pkt3_gen, gk_adreno_npkt3_gen }, { gk_adreno_pkt7_gen, gk_adreno_npkt7_gen } };
	unsigned conds = 0, same = 0;
	for (size_t s = 0; s < 2; s++)
		for (unsigned i = 0; i < sets[s].n; i++) {
			const struct gk_packet_desc *d = &sets[s].d[i];
			for (unsigned a = 0; a < d->nfields; a++) {
				const struct gk_field *fa = &d->fields[a];
				if (fa->cond) {
					conds++;
					CHECK(fa->cond - 1u < a && fa->cond_mask, "%s.%s: condition on field %u", d->name, fa->name,
					      fa->cond - 1u);
				}
				for (unsigned b = a + 1; b < d->nfields; b++) {
					const struct gk_field *fb = &d->fields[b];
					if (strcmp(fa->name, fb->name) || (fa->gens && fb->gens && !(fa->gens & fb->gens)))
						continue;
					same++;
					CHECK(fa->cond && fa->cond == fb->cond && !(fa->cond_mask & fb->cond_mask),
					      "%s: two fields %s that can be shown together", d->name, fa->name);
				}
			}
		}
	CHECK(conds >= 40 && same >= 5, "%u conditional fields, %u pairs of one name", conds, same);
	/* CP_SET_MARKER as fd-clouds writes it: the render-mode layout */
	char text[512];
	tu_decode(tu_fmt("a630"), (const uint32_t[]){ 0x70e50001, 0x00000014 }, 2, false, text, sizeof text);
	CHECK(strstr(text, "MARKER_MODE=SET_RENDER_MODE MODE=RM6_BIN_RENDER_START USES_GMEM=1") != NULL, "CP_SET_MARKER: %s",
	      text);
	tu_decode(tu_fmt("a630"), (const uint32_t[]){ 0x70e50001, 0x00000101 }, 2, false, text, sizeof text);
	CHECK(strstr(text, "MARKER_MODE=SET_IFPC_MODE IFPC_MODE=IFPC_DISABLE") && !strstr(text, "USES_GMEM"),
	      "CP_SET_MARKER, IFPC: %s", text);
}

/* Payload dwords are optional (GK_F_OPTIONAL): a packet shorter than its
 * domain whose fields are each whole or left out is decoded and checked
 * on the simple path (gk_desc_fast.short_ok).  Every description of each
 * generation at every length up to two dwords past its fields, with
 * random payloads, decodes, checks and prints the same through a copy of
 * the format whose short lengths all take the general path. */
static bool same_unit(const struct gk_unit *a, const struct gk_unit *b)
{
	if (a->desc != b->desc || a->nfields != b->nfields || a->fixed_end != b->fixed_end ||
	    a->tail_begin != b->tail_begin || a->tail_end != b->tail_end || a->ngroups != b->ngroups ||
	    a->extra_begin != b->extra_begin || a->natural != b->natural || a->reg_slot != b->reg_slot)
		return false;
	for (unsigned i = 0; i < a->nfields && i < GK_UNIT_FIELDS; i++) {
		const struct gk_unit_field *x = &a->fields[i], *y = &b->fields[i];
		if (x->desc != y->desc || x->value != y->value || x->symbol != y->symbol || x->cut != y->cut || x->dw != y->dw ||
		    x->in_hdr != y->in_hdr || x->index != y->index)
			return false;
	}
	for (unsigned k = 0; k < a->fixed_end && k < GK_UNIT_FIXED_DW; k++)
		if (a->claimed[k] != b->claimed[k])
			return false;
	return true;
}

static void print_packet(const struct gk_format *f, const struct gk_packet *pkt, char *buf, size_t cap)
{
	struct gk_check_state st;
	struct gk_diags dg;
	gk_check_init(&st);
	gk_diags_reset(&dg);
	gk_check_packet(f, &st, pkt, &dg);
	struct gk_out o = GK_OUT_INIT(buf, cap - 1, NULL, NULL);
	gk_text_packet(f, pkt, false, &o);
	gk_text_diags(&dg, &o);
	gk_json_packet(f, pkt, &dg, GK_JSON_TEXT, &o);
	buf[o.len < cap ? o.len : cap - 1] = 0;
}

static void test_short_packets(void)
{
	static const char *const gpus[] = { "a306", "a420", "a530", "a630", "a750" };
	static struct gk_format fast, general;
	static char ta[1 << 16], tb[1 << 16];
	uint64_t rng = 0x5407;
	unsigned packets = 0, short_simple = 0, bad = 0;
	for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
		CHECK(gk_adreno_format_init(&fast, gpus[g]) == 0 && gk_adreno_format_init(&general, gpus[g]) == 0, "%s",
		      gpus[g]);
		for (size_t k = 0; k < general.ndescs && k < GK_MAX_DESCS; k++)
			general.fast[k].short_ok = 0;
		bool old = g < 2;
		for (size_t k = 0; k < fast.ndescs && k < GK_MAX_DESCS; k++) {
			const struct gk_packet_desc *d = &fast.descs[k];
			if (!(d->gens & fast.gen_bit) || !d->opcode)
				continue;
			unsigned top = fast.fast[k].fixed_len + 2;
			for (unsigned n = 1; n <= top; n++)
				for (unsigned rep = 0; rep < 4; rep++) {
					uint32_t w[40];
					uint32_t cnt = old ? n - 2 : n - 1;
					if (old && n < 2)
						continue;
					w[0] = old ? 0xc0000000u | cnt << 16 | (uint32_t)d->opcode << 8 : pkt7((uint32_t)d->opcode, cnt);
					for (unsigned i = 1; i < n; i++) {
						uint64_t r = tl_rand(&rng);
						/* small values too, so enums and conditions take named values */
						w[i] = rep & 1 ? (uint32_t)r & 0x0f0f00ffu : (uint32_t)r;
					}
					struct gk_packet pa, pb;
					gk_packet_frame(&fast, w, n, 0x100, &pa);
					gk_packet_frame(&general, w, n, 0x100, &pb);
					if (pa.frame.desc != d)
						continue; /* another row of that opcode on this generation */
					struct gk_unit ua, ub;
					struct gk_diags da, db;
					gk_diags_reset(&da);
					gk_diags_reset(&db);
					gk_unit_decode(&fast, &pa, &da, &ua);
					gk_unit_decode(&general, &pb, &db, &ub);
					packets++;
					if (ua.simple && n < fast.fast[k].fixed_len)
						short_simple++;
					print_packet(&fast, &pa, ta, sizeof ta);
					print_packet(&general, &pb, tb, sizeof tb);
					/* the general copy's rows are its own: compare by index */
					bool ok = ua.nfields == ub.nfields && (ua.desc - fast.descs) == (ub.desc - general.descs) &&
						  !strcmp(ta, tb);
					ub.desc = ua.desc;
					ok = ok && same_unit(&ua, &ub);
					if (!ok && bad++ < 5)
						printf("  %s %s, %u dwords %s:\n%s\n  against\n%s\n", gpus[g], d->name, n, tu_words_str(w, n),
						       ta, tb);
				}
		}
	}
	CHECK(bad == 0, "%u of %u packets decode, check or print differently on the short simple path", bad, packets);
	/* the path is taken: most descriptions have optional payload dwords */
	CHECK(short_simple > packets / 4, "%u of %u packets took the short simple path", short_simple, packets);
}

/* The parity bits are computed by the assembler when the text leaves them
 * out (as the text printer does: decode -> encode above), of the count it
 * makes and of the offset or opcode; given, they are written as given,
 * and a wrong one is a header the checker refuses */
static void test_parity_asm(void)
{
	const struct gk_format *f = tu_fmt("a630");
	static struct tu_asm a;
	unsigned bad = 0, n = 0;
	for (uint32_t off = 0x8000; off < 0x8000 + 300; off += 7)
		for (uint32_t cnt = 1; cnt <= 3; cnt++, n++) {
			char text[256];
			int k = snprintf(text, sizeof text, "CP_TYPE4_PKT OFFSET=0x%x\n", off);
			for (uint32_t i = 0; i < cnt; i++)
				k += snprintf(text + k, sizeof text - (size_t)k, "    0x%05x <- 0x%x\n", (off + i) * 4, i + 1);
			unsigned errs = tu_assemble(f, text, &a);
			if ((errs || a.n != cnt + 1 || a.w[0] != pkt4(off, cnt)) && bad++ < 5)
				printf("# '%s': %u errors, header 0x%08x, want 0x%08x (%s)\n", text, errs, a.n ? a.w[0] : 0,
				       pkt4(off, cnt), tu_asm_first(&a));
		}
	/* type-7: the opcodes no generation has, in their raw form, and every
	 * packet's shortest text (its name): each header has both bits right */
	for (uint32_t op = 0; op < 128; op++, n++) {
		char text[64];
		snprintf(text, sizeof text, "CP_TYPE7_PKT OPCODE=0x%x", op);
		if (tu_assemble(f, text, &a) == 0 && (a.n != 1 || a.w[0] != pkt7(op, 0)) && bad++ < 5)
			printf("# '%s': 0x%08x, want 0x%08x\n", text, a.n ? a.w[0] : 0, pkt7(op, 0));
	}
	for (unsigned i = 0; i < gk_adreno_npkt7_gen; i++, n++) {
		uint32_t h;
		if (tu_assemble(f, gk_adreno_pkt7_gen[i].name, &a) || !a.n)
			continue; /* another generation's, or one that needs its fields */
		h = a.w[0];
		uint32_t want = h >> 28 == 7   ? pkt7(h >> 16 & 0x7fu, h & 0x3fffu)
				: h >> 28 == 4 ? pkt4(h >> 8 & 0x7ffffu, h & 0x7fu)
					       : h; /* a raw word (BAD_HEADER): no parity */
		if (h != want && bad++ < 5)
			printf("# '%s': 0x%08x, want 0x%08x\n", gk_adreno_pkt7_gen[i].name, h, want);
	}
	CHECK(bad == 0, "%u of %u headers assembled without their parity bits have them wrong", bad, n);
	/* every parity bit of every packet: one bit, of another field of its list */
	unsigned pars = 0, wrong = 0;
	for (size_t s = 0; s < 2; s++) {
		const struct gk_packet_desc *set = s ? gk_adreno_pkt3_gen : gk_adreno_pkt7_gen;
		unsigned nset = s ? gk_adreno_npkt3_gen : gk_adreno_npkt7_gen;
		for (unsigned i = 0; i < nset; i++)
			for (unsigned l = 0; l < 2; l++) {
				const struct gk_field *list = l ? set[i].fields : set[i].hdr;
				unsigned nl = l ? set[i].nfields : set[i].nhdr;
				for (unsigned k = 0; k < nl; k++) {
					const struct gk_field *pf = &list[k];
					if (pf->kind != GK_PARITY && !pf->parity_of)
						continue;
					pars++;
					if (pf->kind != GK_PARITY || !pf->parity_of || pf->parity_of > nl || pf->parity_of - 1u == k ||
					    pf->nseg != 1 || pf->seg[0].lo != pf->seg[0].hi)
						wrong++;
				}
			}
	}
	CHECK(pars > 0 && wrong == 0, "%u of %u parity fields not one bit of another field of their list", wrong, pars);
	/* given: as given, right or wrong */
	CHECK(tu_assemble(f, "CP_TYPE4_PKT OFFSET=0x9306 OFFSET_PARITY=1\n    0x24c18 <- 0x1", &a) == 0 && a.n == 2 &&
		      a.w[0] == 0x48930601,
	      "a right parity bit given: 0x%08x", a.w[0]);
	CHECK(tu_assemble(f, "CP_TYPE4_PKT OFFSET=0x9306 OFFSET_PARITY=0\n    0x24c18 <- 0x1", &a) == 0 && a.n == 2 &&
		      a.w[0] == 0x40930601,
	      "a wrong parity bit given is written as given: 0x%08x", a.w[0]);
	CHECK(tu_assemble(f, "CP_WAIT_FOR_IDLE", &a) == 0 && a.n == 1 && a.w[0] == pkt7(0x26, 0),
	      "CP_WAIT_FOR_IDLE alone: 0x%08x, want 0x%08x", a.n ? a.w[0] : 0, pkt7(0x26, 0));
}

int main(void)
{
	test_short_packets();
	test_layouts();
	test_vectors();
	test_parity();
	test_parity_asm();
	test_gpus();
	test_random();
	return tl_done();
}

/* Register value types (src/adreno/adreno_values.c, struct gk_format's
 * reg_value_text / reg_value_parse): every typed field of every
 * generation's table reads back to its bits from the text it is shown as,
 * over every value of narrow fields and a spread of wide ones; a few
 * registers decode as Mesa's cffdump prints them and encode back; JSON
 * carries the typed text in "values"; and, when ../shared is there, every
 * register line of Mesa's reference logs that prints a value beside its
 * decoding ("\t%08x\tNAME: { F = V | ... }", crashdec and cffdump -s) is
 * held to it: each typed field's text equal to Mesa's. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "gfxkit/gfxkit.h"
#include "adreno/adreno_tab.h"
#include "gzread.h"
#include "testlib.h"

static const struct gk_adreno_vtype *vt(const struct gk_reg_field *f)
{
	return &gk_adreno_reg_vtypes[f - gk_adreno_reg_fields];
}

static void roundtrip_all(void)
{
	unsigned typed = 0, checked = 0, bad = 0;
	for (unsigned i = 0; i < gk_adreno_nreg_fields; i++) {
		const struct gk_reg_field *f = &gk_adreno_reg_fields[i];
		unsigned w = (unsigned)(f->hi - f->lo) + 1;
		uint64_t top = w >= 32 ? 0xffffffffull : (1ull << w) - 1;
		bool any = false;
		for (uint64_t k = 0; k < 4096; k++) {
			/* every value of a field up to 12 bits; a spread of wider ones */
			uint64_t raw = top < 4096 ? k : (k * 0x9e3779b97f4a7c15ull >> 7) & top;
			if (top < 4096 && k > top)
				break;
			char buf[64];
			size_t n = gk_adreno_value_text(f, (uint32_t)raw, buf, sizeof buf);
			if (!n)
				continue;
			any = true;
			checked++;
			/* as the assembler reads it: the type's form, else a number */
			uint32_t back = 0;
			char *end;
			if (gk_adreno_value_parse(f, buf, n, &back))
				back = (uint32_t)strtoull(buf, &end, 0);
			/* a nameless field of some bits: the assembler takes a
			 * 0x%08x number with no bit of the field for the bits
			 * outside it, so no value may print so */
			uint32_t m = (uint32_t)((2ull << f->hi) - (1ull << f->lo));
			if (!f->namelen && w < 32 && n == 10 && buf[1] == 'x' && !(strtoull(buf, &end, 16) & m))
				back = ~(uint32_t)raw;
			if (back != raw) {
				if (bad++ < 10)
					printf("# field %s (type %u radix %u shr %u): 0x%llx -> '%s' -> 0x%x\n", f->name, vt(f)->type,
					       vt(f)->radix, vt(f)->shr, (unsigned long long)raw, buf, back);
			}
		}
		typed += any;
	}
	CHECK(typed > 300 && checked > 100000, "%u typed fields, %u values", typed, checked);
	CHECK(bad == 0, "%u values do not read back", bad);
	printf("# %u typed register fields, %u values read back to their bits\n", typed, checked);
}

/* a type-4 header writing count registers from dword offset off, parity
 * bits as the kernel's PM4_PARITY computes them */
static unsigned odd(uint32_t v)
{
	unsigned n = 0;
	for (; v; v &= v - 1)
		n++;
	return (n & 1) ^ 1;
}
static uint32_t pkt4(uint32_t off, uint32_t count)
{
	return 0x40000000u | odd(off) << 27 | off << 8 | odd(count) << 7 | count;
}

/* decode as Mesa prints it, and encode back */
static void mesa_rows(void)
{
	static const struct {
		const char *gpu, *reg;
		uint32_t n, v[2];
		const char *text;
	} rows[] = {
		/* fd-clouds.log: GRAS_SU_CNTL: { FRONT_CW | LINEHALFWIDTH = 0.500000 | LINE_MODE = BRESENHAM } */
		{ "a630", "GRAS_SU_CNTL", 1, { 0x14 }, "GRAS_SU_CNTL <- FRONT_CW=1 LINEHALFWIDTH=0.500000\n" },
		/* GRAS_SU_POINT_MINMAX: { MIN = 1.000000 | MAX = 1.000000 }, GRAS_SU_POINT_SIZE: 1.000000 */
		{ "a630", "GRAS_SU_POINT_MINMAX", 2, { 0x00100010, 0x10 },
		  "GRAS_SU_POINT_MINMAX <- MIN=1.000000 MAX=1.000000\n    0x20248 GRAS_SU_POINT_SIZE <- 1.000000\n" },
		/* GRAS_CL_VPORT[0].XOFFSET: 1080.000000 (a float register) */
		{ "a630", "GRAS_CL_VPORT[0].XOFFSET", 1, { 0x44870000 }, "GRAS_CL_VPORT[0].XOFFSET <- 1080.000000\n" },
		/* crash_prefetch.log: SP_FS_OUTPUT[0].REG: { REGID = r1.z } */
		{ "a618", "SP_FS_OUTPUT[0].REG", 1, { 6 }, "SP_FS_OUTPUT[0].REG <- REGID=r1.z\n" },
		/* es2gears-a320.log: GRAS_SU_POINT_MINMAX: { MIN = 1.000000 | MAX = 4092.000000 } (type-0) */
		{ "a320", "GRAS_SU_POINT_MINMAX", 1, { 0xffc00010 }, "GRAS_SU_POINT_MINMAX <- MIN=1.000000 MAX=4092.000000\n" },
		/* registers whose value is some of their bits (low/high on the
		 * reg): dEQP-VK's RB_2D_DST_FLAGS_PITCH: 64 | 0x4000 (bits 7:0,
		 * shr 6; the rest apart), fd-clouds' RB_UNKNOWN_8811: 0x1 (bits
		 * 6:4) and GRAS_UNKNOWN_80AF: FALSE (bit 0) */
		{ "a640", "RB_2D_DST_FLAGS_PITCH", 1, { 0x4001 }, "RB_2D_DST_FLAGS_PITCH <- 64 0x00004000\n" },
		{ "a640", "RB_2D_DST_FLAGS_PITCH", 1, { 0x4000 }, "RB_2D_DST_FLAGS_PITCH <- 0x00004000\n" },
		{ "a630", "RB_UNKNOWN_8811", 1, { 0x10 }, "RB_UNKNOWN_8811 <- 0x1\n" },
		{ "a630", "RB_UNKNOWN_8811", 1, { 0x80000070 }, "RB_UNKNOWN_8811 <- 0x7 0x80000000\n" },
		{ "a630", "GRAS_UNKNOWN_80AF", 1, { 1 }, "GRAS_UNKNOWN_80AF <- =1\n" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct gk_reg_table *t = gk_adreno_regs(rows[i].gpu);
		const struct gk_reg *r = gk_reg_by_name(t, rows[i].reg, strlen(rows[i].reg));
		CHECK(r != NULL, "%s on %s", rows[i].reg, rows[i].gpu);
		if (!r)
			continue;
		uint32_t w[3];
		bool old = rows[i].gpu[1] < '5';
		w[0] = old ? (rows[i].n - 1) << 16 | r->offset / 4 : pkt4(r->offset / 4, rows[i].n);
		memcpy(w + 1, rows[i].v, 4 * rows[i].n);
		size_t nb = 4 * (1 + rows[i].n);
		char *out = NULL;
		int rc = gk_buffer_run("adreno", rows[i].gpu, "bin", w, nb, 0, &out, NULL);
		char want[64];
		snprintf(want, sizeof want, "    0x%05x %s <- ", r->offset, rows[i].reg);
		const char *at = out ? strstr(out, want) : NULL;
		CHECK(rc == 0 && at && !strcmp(at + strlen(want) - strlen(rows[i].reg) - 4, rows[i].text),
		      "row %zu: got\n%s", i, out ? out : "(null)");
		void *bytes = NULL;
		size_t nbytes = 0;
		char *errs = NULL;
		int ne = out ? gk_buffer_encode("adreno", rows[i].gpu, out, strlen(out), &bytes, &nbytes, &errs) : -1;
		CHECK(ne == 0 && nbytes == nb && !memcmp(bytes, w, nb), "row %zu: encode back: %s", i, errs ? errs : "");
		gk_free(bytes);
		gk_free(errs);
		gk_free(out);
	}
	/* JSON: the typed text in "values" */
	char *js = NULL;
	const char *hex = "48809102 00100010 00000010";
	CHECK(gk_buffer_run("adreno", "a630", "hex", hex, strlen(hex), GK_BUF_JSON, &js, NULL) == 0 && js &&
		      strstr(js, "\"values\":{\"MIN\":\"1.000000\",\"MAX\":\"1.000000\"}") &&
		      strstr(js, "\"values\":{\"\":\"1.000000\"}"),
	      "json: %s", js ? js : "");
	gk_free(js);
	/* text the type does not take: an error, not a guess */
	const char *badtext = "CP_TYPE4_PKT OFFSET=0x8091 OFFSET_PARITY=1\n    0x20244 GRAS_SU_POINT_MINMAX <- MIN=1.0.0\n";
	void *b = NULL;
	char *errs = NULL;
	CHECK(gk_buffer_encode("adreno", "a630", badtext, strlen(badtext), &b, NULL, &errs) > 0 && errs && strstr(errs, "MIN"),
	      "bad value: %s", errs ? errs : "");
	gk_free(b);
	gk_free(errs);
}

/* Mesa's "FIELD = VALUE" for name in a "{ ... }" list, or the whole text */
static bool mesa_field(const char *dec, const char *name, char *val, size_t cap)
{
	if (!*name) {
		snprintf(val, cap, "%s", dec);
		return dec[0] != '{';
	}
	size_t nl = strlen(name);
	for (const char *p = dec; (p = strstr(p, name)) != NULL; p++) {
		if ((p != dec && p[-1] != ' ') || strncmp(p + nl, " = ", 3))
			continue;
		const char *v = p + nl + 3, *e = v;
		while (*e && *e != ' ' && *e != '}')
			e++;
		snprintf(val, cap, "%.*s", (int)(e - v), v);
		return true;
	}
	return false;
}

static void against_mesa(void)
{
	static const struct {
		const char *log, *gpu;
	} logs[] = {
		{ "fd-clouds", "a630" }, { "crash", "a630" }, { "crash_prefetch", "a618" },
		{ "dEQP-VK.draw.indirect_draw.indexed.indirect_draw_count.triangle_list", "a640" },
		{ "compute-a540", "a540" }, { "glxgears-a420", "a420" }, { "es2gears-a320", "a320" },
	};
	unsigned total = 0, equal = 0, shown = 0, kept = 0;
	for (size_t l = 0; l < sizeof logs / sizeof logs[0]; l++) {
		char path[256];
		snprintf(path, sizeof path, "../shared/reference/captures/mesa-freedreno-traces/%s.log.gz", logs[l].log);
		char *text = tl_read_gz(path);
		if (!text) {
			TL_SKIP("%s not readable (no ../shared, or no gzip)", path);
			continue;
		}
		const struct gk_reg_table *t = gk_adreno_regs(logs[l].gpu);
		for (char *p = text; p && *p;) {
			char *nl = strchr(p, '\n');
			if (nl)
				*nl = 0;
			/* "\t%08x\tNAME: decoding", after " +" / "!+" marks */
			char *q = p;
			while (*q == ' ' || *q == '!' || *q == '+')
				q++;
			unsigned long long v;
			char name[128];
			int at = 0;
			if (*q == '\t' && sscanf(q, "\t%llx\t%n", &v, &at) == 1 && at > 0 && v <= 0xffffffffull) {
				char *r = q + at;
				while (*r == '\t')
					r++;
				char *colon = strstr(r, ": ");
				if (colon && (size_t)(colon - r) < sizeof name) {
					snprintf(name, sizeof name, "%.*s", (int)(colon - r), r);
					const struct gk_reg *reg = gk_reg_by_name(t, name, strlen(name));
					for (unsigned i = 0; reg && i < reg->nfields; i++) {
						const struct gk_reg_field *f = &reg->fields[i];
						uint32_t fv = (uint32_t)(v >> f->lo) & (uint32_t)((2ull << (f->hi - f->lo)) - 1);
						char ours[64], theirs[64];
						size_t n = gk_adreno_value_text(f, fv, ours, sizeof ours);
						if (!n || vt(f)->type == GK_AV_HEX || vt(f)->type == GK_AV_ADDRESS ||
						    !mesa_field(colon + 2, f->name, theirs, sizeof theirs))
							continue;
						total++;
						uint32_t back;
						if (!strcmp(ours, theirs))
							equal++;
						else if (gk_adreno_value_parse(f, theirs, strlen(theirs), &back) || back != fv)
							kept++; /* Mesa's %f does not hold these bits: gfxkit prints the digits that do */
						else if (shown++ < 10)
							printf("# %s %s.%s: ours %s, Mesa %s\n", logs[l].log, name, f->name, ours, theirs);
					}
				}
			}
			p = nl ? nl + 1 : NULL;
		}
		free(text);
	}
	if (!total)
		return;
	printf("# typed field values equal to Mesa's logs: %u of %u; %u more where Mesa's %%f text loses the value "
	       "(gfxkit prints the digits that keep it, so the text encodes back), %u different\n",
	       equal, total, kept, total - equal - kept);
	CHECK(equal + kept == total, "%u of %u typed values differ from Mesa's", total - equal - kept, total);
	CHECK(equal * 100u >= total * 85u, "%u of %u typed values as Mesa prints them", equal, total);
}

/* every register of a generation written with a spread of values decodes
 * to text that encodes back (the nameless fields of some bits, their stray
 * bits, the typed values among the rest) */
static void registers_encode_back(void)
{
	static const char *const gpus[] = { "a306", "a420", "a530", "a630", "a750" };
	uint64_t rng = 0x5eed;
	for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
		const struct gk_reg_table *t = gk_adreno_regs(gpus[g]);
		bool old = gpus[g][1] < '5';
		size_t n = 0;
		static uint32_t w[1 << 17];
		for (size_t i = 0; i < t->nregs && n + 2 * 16 < sizeof w / sizeof w[0]; i++) {
			const struct gk_reg *r = gk_reg_at(t, i);
			for (unsigned k = 0; k < 16; k++) {
				w[n++] = old ? r->offset / 4 : pkt4(r->offset / 4, 1);
				uint32_t v = (uint32_t)tl_rand(&rng);
				w[n++] = k & 1 ? v : k & 2 ? v & 0xff : v & 0xf0000000u; /* any, low bits only, high bits only */
			}
		}
		char *out = NULL, *errs = NULL;
		void *bytes = NULL;
		size_t nbytes = 0;
		int rc = gk_buffer_run("adreno", gpus[g], "bin", w, 4 * n, 0, &out, NULL);
		int ne = rc == 0 && out ? gk_buffer_encode("adreno", gpus[g], out, strlen(out), &bytes, &nbytes, &errs) : -1;
		size_t bad = 0;
		while (ne == 0 && nbytes == 4 * n && bad < n && ((uint32_t *)bytes)[bad] == w[bad])
			bad++;
		CHECK(ne == 0 && nbytes == 4 * n && bad == n, "%s: %zu register writes encode back (first difference at dword %zu: %08x%s)",
		      gpus[g], n / 2, bad, bad < n ? w[bad] : 0, errs ? errs : "");
		gk_free(bytes);
		gk_free(errs);
		gk_free(out);
	}
}

/* The hand-written number forms of adreno_values.c against printf's: a
 * 32-bit float below 4e-7 is "%.9g" (its bits, both signs, subnormals
 * included, in a stride through the range), one whose fraction has at most
 * six binary digits is "%f" */
static void as_printf(void)
{
	const struct gk_reg_field *f = NULL;
	for (unsigned i = 0; i < gk_adreno_nreg_fields && !f; i++)
		if (gk_adreno_reg_vtypes[i].type == GK_AV_FLOAT && gk_adreno_reg_fields[i].hi - gk_adreno_reg_fields[i].lo == 31)
			f = &gk_adreno_reg_fields[i];
	CHECK(f != NULL, "a 32-bit float field");
	if (!f)
		return;
	unsigned checked = 0, bad = 0;
	for (uint32_t r = 1; r < 0x34d6bf00u; r += 4099) {
		for (uint32_t sign = 0; sign <= 1; sign++) {
			uint32_t raw = r | sign << 31;
			float x;
			memcpy(&x, &raw, sizeof x);
			char want[64], got[64];
			snprintf(want, sizeof want, "%.9g", (double)x);
			size_t n = gk_adreno_value_text(f, raw, got, sizeof got);
			checked++;
			if ((n != strlen(want) || strcmp(got, want)) && bad++ < 5)
				printf("# 0x%08x: '%s', printf '%s'\n", raw, n ? got : "", want);
		}
	}
	for (int k = -70000; k <= 70000; k += 7) {
		float x = (float)k / 64.0f;
		uint32_t raw;
		memcpy(&raw, &x, sizeof raw);
		char want[64], got[64];
		snprintf(want, sizeof want, "%f", (double)x);
		size_t n = gk_adreno_value_text(f, raw, got, sizeof got);
		checked++;
		if ((n != strlen(want) || strcmp(got, want)) && bad++ < 5)
			printf("# 0x%08x: '%s', printf '%s'\n", raw, n ? got : "", want);
	}
	CHECK(checked > 400000 && bad == 0, "%u of %u floats not as printf writes them", bad, checked);
}

/* struct gk_reg's maxline: text.c writes a register-run line unchecked into
 * that much room, so it must cover the longest line a register can print:
 * "    0xAAAAA NAME <-", each field's " F=" and longest value (a value name,
 * "0x" and 8 digits, or 64 bytes for a typed one), " 0xSTRAY" and "\n" */
static void maxline_covers(void)
{
	static const char *const gpus[] = { "a306", "a420", "a530", "a630", "a750" };
	unsigned short_ones = 0, checked = 0;
	for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
		const struct gk_reg_table *t = gk_adreno_regs(gpus[g]);
		for (size_t i = 0; t && i < t->nregs; i++) {
			const struct gk_reg *r = gk_reg_at(t, i);
			size_t longest = 12 + r->namelen + 3 + 12;
			for (unsigned k = 0; k < r->nfields; k++) {
				const struct gk_reg_field *f = &r->fields[k];
				const struct gk_adreno_vtype *ty = vt(f);
				size_t vl = ty->type != GK_AV_NONE || ty->shr ? 64 : 10;
				for (unsigned v = 0; v < f->nvalues; v++)
					if (strlen(f->values[v].name) > vl)
						vl = strlen(f->values[v].name);
				longest += 2 + f->namelen + vl;
			}
			checked++;
			if (r->maxline && r->maxline < longest && short_ones++ < 5)
				printf("# %s: %s has maxline %u, its longest line is %zu bytes\n", gpus[g], r->name, r->maxline,
				       longest);
		}
	}
	CHECK(checked > 1000 && short_ones == 0, "%u of %u registers with a maxline too short", short_ones, checked);
}

/* gk_adreno_value_text writes each field the way the generator chose for
 * it (struct gk_adreno_vtype's kind) and the common ways by direct code;
 * gk_adreno_value_text_general tests the type, shr and width at each
 * value: the same text (or none) for every field of every table, over
 * every value of narrow fields, a spread of wide ones and the edges (zero,
 * the sign bit, the largest, infinities, NaNs, denormals), into a buffer
 * of the printers' 64 bytes and into small ones */
static void direct_as_general(void)
{
	static const uint32_t edges[] = { 0, 1, 2, 3, 0x3f, 0x40, 0x41, 0x7fff, 0x8000, 0x8001, 0x7c00, 0xfc00, 0x7e00,
					  0x3ff, 0x400, 0xffff, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff,
					  0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x807fffff, 0x4f000000,
					  0xcf000000, 0x3f800000, 0xbf000000, 0x34d6bf94, 0x7f7fffff };
	static const size_t caps[] = { 64, 24, 23, 8, 2, 1, 0 };
	unsigned checked = 0, bad = 0, kinds[GK_AK_GENERAL + 1] = { 0 };
	/* a field's text depends only on its value type and width: each
	 * (type, radix, shr, kind, width) once (the whole walk of every field
	 * took 26 s here, ~100 distinct of 2,199 fields) */
	static uint64_t seen[GK_ADRENO_NREG_FIELDS];
	unsigned nseen = 0;
	for (unsigned i = 0; i < gk_adreno_nreg_fields; i++) {
		const struct gk_reg_field *f = &gk_adreno_reg_fields[i];
		unsigned w = (unsigned)(f->hi - f->lo) + 1;
		uint32_t top = w >= 32 ? 0xffffffffu : (1u << w) - 1;
		if (vt(f)->kind <= GK_AK_GENERAL)
			kinds[vt(f)->kind]++;
		uint64_t sig = (uint64_t)vt(f)->type << 40 | (uint64_t)vt(f)->radix << 32 | (uint64_t)vt(f)->shr << 24 |
			       (uint64_t)vt(f)->kind << 16 | w;
		unsigned j = 0;
		while (j < nseen && seen[j] != sig)
			j++;
		if (j < nseen)
			continue;
		seen[nseen++] = sig;
		unsigned nk = top < 4096 ? top + 1 : 2000;
		for (unsigned k = 0; k < nk + sizeof edges / sizeof edges[0]; k++) {
			uint32_t raw = k >= nk ? edges[k - nk] & top
				       : top < 4096 ? k : (uint32_t)((k * 0x9e3779b97f4a7c15ull >> 11) & top);
			for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
				char got[64], want[64];
				memset(got, 0x55, sizeof got);
				memset(want, 0x55, sizeof want);
				size_t n = gk_adreno_value_text(f, raw, got, caps[c]);
				size_t m = gk_adreno_value_text_general(f, raw, want, caps[c]);
				checked++;
				if ((n != m || (n && memcmp(got, want, n + 1))) && bad++ < 10)
					printf("# field %s (type %u radix %u shr %u kind %u) 0x%x cap %zu: '%.*s' general '%.*s'\n",
					       f->name, vt(f)->type, vt(f)->radix, vt(f)->shr, vt(f)->kind, raw, caps[c],
					       (int)n, got, (int)m, want);
			}
		}
	}
	CHECK(bad == 0, "%u of %u values not as the general code writes them", bad, checked);
	/* the tables hold every kind the direct code has a case for, so
	 * each case above was compared */
	for (unsigned k = 0; k <= GK_AK_GENERAL; k++)
		CHECK(kinds[k] > 0, "a field of kind %u", k);
}

/* gk_adreno_value_kind (the format's reg_value_kind) tells a printer how
 * gk_adreno_value_text writes a field at any value so it can write the
 * common kinds itself (the JSON plans): every field of every kind, over
 * every value of narrow fields and a spread of wide ones, gets from the
 * hook exactly what the kind promises (never typed: nothing; uint: %u;
 * hex: 0x%x, 0 as "0"; regid: r%u.%c) */
static void kinds_as_hook(void)
{
	unsigned bad = 0, checked = 0, kinds[GK_VK_REGID + 1] = { 0 };
	struct gk_format fmt;
	CHECK(gk_adreno_format_init(&fmt, "a630") == 0 && fmt.reg_value_kind == gk_adreno_value_kind,
	      "a630's reg_value_kind");
	CHECK(gk_adreno_value_kind(NULL) == GK_VK_HOOK, "no field: the hook");
	for (unsigned i = 0; i < gk_adreno_nreg_fields; i++) {
		const struct gk_reg_field *f = &gk_adreno_reg_fields[i];
		unsigned kind = gk_adreno_value_kind(f), w = (unsigned)(f->hi - f->lo) + 1;
		uint32_t top = w >= 32 ? 0xffffffffu : (1u << w) - 1;
		if (kind <= GK_VK_REGID)
			kinds[kind]++;
		if (kind == GK_VK_HOOK)
			continue;
		unsigned nk = top < 1024 ? top + 1 : 300;
		for (unsigned k = 0; k < nk + 3; k++) {
			uint32_t raw = k == nk ? 0 : k == nk + 1 ? top : k == nk + 2 ? top >> 1
				       : top < 1024 ? k : (uint32_t)((k * 0x9e3779b97f4a7c15ull >> 13) & top);
			char got[64], want[64] = "";
			size_t n = gk_adreno_value_text(f, raw, got, sizeof got);
			if (kind == GK_VK_UINT)
				snprintf(want, sizeof want, "%u", raw);
			else if (kind == GK_VK_HEX)
				snprintf(want, sizeof want, raw ? "0x%x" : "0", raw);
			else if (kind == GK_VK_REGID)
				snprintf(want, sizeof want, "r%u.%c", raw >> 2, "xyzw"[raw & 3]);
			checked++;
			if ((n != strlen(want) || (n && memcmp(got, want, n))) && bad++ < 10)
				printf("# field %s kind %u 0x%x: '%.*s' promised '%s'\n", f->name, kind, raw, (int)n, got,
				       want);
		}
	}
	CHECK(bad == 0, "%u of %u values not as their kind promises", bad, checked);
	for (unsigned k = 0; k <= GK_VK_REGID; k++)
		CHECK(kinds[k] > 0, "a field of value kind %u", k);
}

/* The generated kinds (gk_adreno_reg_vkinds, the format's reg_kinds,
 * which the text line writer reads where it asked the hook): one a field
 * of the table, each gk_adreno_value_kind's answer for it (which
 * kinds_as_hook holds to the hook's text), on every generation's format */
static void kinds_table(void)
{
	static const char *const gpus[] = { "a306", "a420", "a530", "a630", "a750" };
	unsigned bad = 0;
	for (unsigned g = 0; g < sizeof gpus / sizeof gpus[0]; g++) {
		struct gk_format fmt;
		CHECK(gk_adreno_format_init(&fmt, gpus[g]) == 0, "%s: format", gpus[g]);
		CHECK(fmt.reg_kind_fields == gk_adreno_reg_fields && fmt.reg_kinds == gk_adreno_reg_vkinds &&
			      fmt.nreg_kinds == gk_adreno_nreg_fields,
		      "%s: the kinds cover the field table", gpus[g]);
	}
	for (unsigned i = 0; i < gk_adreno_nreg_fields; i++) {
		const struct gk_reg_field *f = &gk_adreno_reg_fields[i];
		if (gk_adreno_reg_vkinds[i] != gk_adreno_value_kind(f) && bad++ < 10)
			printf("# field %u %s: table kind %u, gk_adreno_value_kind %u\n", i, f->name,
			       gk_adreno_reg_vkinds[i], gk_adreno_value_kind(f));
	}
	CHECK(bad == 0, "%u of %u fields' table kinds differ", bad, gk_adreno_nreg_fields);
}

/* The generated value rows of the sparse lists (gk_adreno_reg_value_slots
 * and _rows, the format's reg_value_slots and reg_value_rows, which the
 * text line writer reads where it searched a list by halving): every
 * value of every such field names the row gk_reg_value_at finds, or none
 * when it finds none; and every field whose list is not 0, 1, 2 ... has
 * them when it is 8 bits or narrower (the generator's rule, so a list
 * the writer would search is not left out by mistake) */
static void value_rows_table(void)
{
	struct gk_format fmt;
	CHECK(gk_adreno_format_init(&fmt, "a630") == 0, "a630: format");
	CHECK(fmt.reg_value_slots == gk_adreno_reg_value_slots && fmt.reg_value_rows == gk_adreno_reg_value_rows,
	      "the format carries the value rows");
	unsigned bad = 0, fields = 0, values = 0, missing = 0;
	for (unsigned i = 0; i < gk_adreno_nreg_fields; i++) {
		const struct gk_reg_field *f = &gk_adreno_reg_fields[i];
		unsigned width = (unsigned)(f->hi - f->lo) + 1u;
		bool sparse = false;
		for (unsigned k = 0; k < f->nvalues && f->values; k++)
			sparse |= f->values[k].value != k;
		if (!gk_adreno_reg_value_slots[i]) {
			if (sparse && width <= 8 && f->nvalues < 255 && missing++ < 10)
				printf("# field %u %s: a sparse list of %u bits without value rows\n", i, f->name, width);
			continue;
		}
		fields++;
		CHECK(width <= 8 && f->values && f->nvalues, "field %u %s: value rows for a list of %u bits", i,
		      f->name, width);
		if (width > 8)
			continue;
		for (uint32_t v = 0; v < 1u << width; v++, values++) {
			unsigned r = gk_adreno_reg_value_rows[gk_adreno_reg_value_slots[i] - 1u + v];
			const struct gk_reg_value *want = gk_reg_value_at(f, v);
			const struct gk_reg_value *got = r && r <= f->nvalues ? &f->values[r - 1] : NULL;
			if (got != want && bad++ < 10)
				printf("# field %u %s value %u: row %u, gk_reg_value_at %s\n", i, f->name, v, r,
				       want ? want->name : "none");
		}
	}
	CHECK(bad == 0, "%u of %u values' rows differ from the list's", bad, values);
	CHECK(missing == 0, "%u sparse lists without value rows", missing);
	CHECK(fields > 0, "%u fields with value rows", fields);
}

int main(void)
{
	roundtrip_all();
	direct_as_general();
	kinds_as_hook();
	kinds_table();
	value_rows_table();
	as_printf();
	maxline_covers();
	registers_encode_back();
	mesa_rows();
	against_mesa();
	return tl_done();
}

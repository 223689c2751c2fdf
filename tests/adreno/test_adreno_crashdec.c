/* The msm crash dumps of Mesa's decoder tests
 * (../shared/reference/adreno/captures/{crash,crash_prefetch,prefetch-test}.devcore.gz)
 * read whole (gk_msm_dump_read), and where the CP stopped
 * (gk_adreno_crash_locate) held to Mesa's crashdec output for them
 * (../shared/reference/captures/mesa-freedreno-traces/NAME.log.gz, crashdec
 * -sf): its "IB1: BASE, REM" and "IB2: BASE, REM" lines (the registers with
 * the ROQ's share), its "got cmdszdw=N" (the part of the ring walked), and
 * the packet after "ESTIMATED CRASH LOCATION!": its address, and its depth
 * (the tabs after the address: two for the ring, three for IB1, four for
 * IB2).  prefetch-test has no log: it must read, locate, and its ring and
 * IBs must decode with no error.  Every ring's window decodes with no error
 * on all three.  The shipped example (examples/msm_crash_a630.devcore, cut
 * from crash.devcore) runs always.  Read through `gzip -dc`; SKIPPED when
 * ../shared or gzip is absent. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>

#include "gfxkit/gfxkit.h"
#include "gzread.h"
#include "testlib.h"

#define CAPS "../shared/reference/adreno/captures"
#define LOGS "../shared/reference/captures/mesa-freedreno-traces"

struct ref {
	uint64_t ib1, ib2, loc;
	unsigned rem1, rem2, cmdszdw, level;
	bool has_ib, has_loc;
};

/* crashdec's lines of the log */
static void read_log(const char *log, struct ref *r)
{
	memset(r, 0, sizeof *r);
	for (const char *p = log; p && *p;) {
		const char *nl = strchr(p, '\n');
		unsigned long long a;
		unsigned u;
		if (sscanf(p, "IB1: %llx, %u", &a, &u) == 2) {
			r->ib1 = a;
			r->rem1 = u;
			r->has_ib = true;
		} else if (sscanf(p, "IB2: %llx, %u", &a, &u) == 2) {
			r->ib2 = a;
			r->rem2 = u;
		} else if (sscanf(p, "got cmdszdw=%u", &u) == 1) {
			r->cmdszdw = u;
		} else if (!strncmp(p, "ESTIMATED CRASH LOCATION!", 25) && nl && !r->has_loc) {
			const char *q = nl + 1;
			if (sscanf(q, "%llx:", &a) == 1) {
				const char *t = strchr(q, ':');
				unsigned tabs = 0;
				while (t && t[1 + tabs] == '\t')
					tabs++;
				r->loc = a;
				r->level = tabs - 2;
				r->has_loc = true;
			}
		}
		p = nl ? nl + 1 : NULL;
	}
}

/* every ring's crashdec window decoded with the adreno engine: no error */
static void rings_clean(const char *name, const struct gk_msm_dump *d, const char *gpu)
{
	for (size_t i = 0; i < d->nrings; i++) {
		uint32_t start, n;
		CHECK(gk_adreno_ring_window(&d->rings[i], gpu, &start, &n) == 0, "%s: window", name);
		uint32_t sz = d->rings[i].size / 4;
		unsigned char *b = malloc(4 * (size_t)n + 1);
		for (uint32_t k = 0; k < n; k++) {
			uint32_t ix = (start + k) % sz, w = ix < d->rings[i].nwords ? d->rings[i].words[ix] : 0;
			for (int j = 0; j < 4; j++)
				b[4 * k + (uint32_t)j] = (unsigned char)(w >> (8 * j));
		}
		char *out = NULL;
		int rc = gk_buffer_run("adreno", gpu, "bin", b, 4 * (size_t)n, GK_BUF_CHECK, &out, NULL);
		CHECK(rc == 0, "%s: ring %u: %s", name, d->rings[i].id, out ? out : "");
		gk_free(out);
		free(b);
	}
}

/* the buffer from base up to and including the packet at upto: its
 * errors are BAD_HEADER words only (the ones the crash tests planted);
 * how many */
static unsigned ib_clean(const char *name, const struct gk_msm_dump *d, const char *gpu, uint64_t base, uint64_t upto,
			 unsigned ndw)
{
	size_t n = (size_t)((upto - base) / 4) + ndw;
	uint32_t *w = calloc(n, 4);
	CHECK(w && gk_msm_dump_read_mem(d, base, w, n) == 0, "%s: IB 0x%" PRIx64 " read", name, base);
	char *out = NULL;
	int rc = w ? gk_buffer_run("adreno", gpu, "bin", w, 4 * n, GK_BUF_CHECK, &out, NULL) : -1;
	unsigned bad = 0, lines = 0;
	for (const char *p = out; p && *p; p++) {
		lines += *p == '\n';
		if (!strncmp(p, "error: BAD_HEADER: dw0[31:28]: 0xdeadd00d", 41))
			bad++;
	}
	CHECK(rc == (bad ? 1 : 0) && lines == bad, "%s: IB 0x%" PRIx64 ": %s", name, base, out ? out : "");
	gk_free(out);
	free(w);
	return bad;
}

/* cap read and located; want_level the depth of the packet, want_bad the
 * 0xdeadd00d words the test that crashed the GPU planted before it */
static void one(const char *cap, const char *logname, unsigned want_level, unsigned want_bad)
{
	char path[256];
	snprintf(path, sizeof path, CAPS "/%s.devcore.gz", cap);
	char *text = tl_read_gz(path);
	if (!text) {
		TL_SKIP("%s not readable (no ../shared, or no gzip)", path);
		return;
	}
	struct gk_msm_dump d;
	memset(&d, 0, sizeof d);
	struct gk_diag err;
	int rc = gk_msm_dump_read(&d, text, strlen(text), &err);
	CHECK(rc == 0, "%s: %u:%u: %s", cap, err.line, err.col, err.message);
	char gpu[16] = "";
	CHECK(gk_msm_dump_gpu(&d, gpu, sizeof gpu) == 0 && gk_adreno_regs(gpu), "%s: GPU %s", cap, gpu);
	CHECK(d.nrings >= 1 && d.nregs > 1000, "%s: %zu rings, %zu registers", cap, d.nrings, d.nregs);
	rings_clean(cap, &d, gpu);
	struct gk_adreno_crash c;
	CHECK(gk_adreno_crash_locate(&d, NULL, &c) == 0 && c.found, "%s: not located: %s", cap, c.why);
	CHECK(c.level == (int)want_level, "%s: level %d", cap, c.level);
	unsigned bad = 0;
	if (c.found)
		for (int l = 1; l <= c.level; l++)
			bad += ib_clean(cap, &d, gpu, c.ib[l], l == c.level ? c.packet : c.ib_from[l + 1], l == c.level ? c.ndw : 4);
	CHECK(bad == want_bad, "%s: %u planted bad headers on the way, not %u", cap, bad, want_bad);
	if (logname) {
		snprintf(path, sizeof path, LOGS "/%s.log.gz", logname);
		char *log = tl_read_gz(path);
		if (!log) {
			TL_SKIP("%s not readable", path);
		} else {
			struct ref r;
			read_log(log, &r);
			CHECK(r.has_ib && r.has_loc, "%s: the log has no IB1 or ESTIMATED line", logname);
			CHECK(c.ib1_base == r.ib1 && c.ib1_rem == r.rem1, "%s: IB1 0x%" PRIx64 ", %u; crashdec 0x%" PRIx64 ", %u",
			      cap, c.ib1_base, c.ib1_rem, r.ib1, r.rem1);
			CHECK(c.ib2_base == r.ib2 && c.ib2_rem == r.rem2, "%s: IB2 0x%" PRIx64 ", %u; crashdec 0x%" PRIx64 ", %u",
			      cap, c.ib2_base, c.ib2_rem, r.ib2, r.rem2);
			CHECK(c.ring_dwords == r.cmdszdw, "%s: ring walk %u dwords, crashdec %u", cap, c.ring_dwords, r.cmdszdw);
			CHECK(c.packet == r.loc && (unsigned)c.level == r.level,
			      "%s: stopped at 0x%" PRIx64 " (IB%d), crashdec 0x%" PRIx64 " (IB%u)", cap, c.packet, c.level, r.loc,
			      r.level);
			printf("# %s: IB%d 0x%" PRIx64 " %s, as crashdec\n", cap, c.level, c.packet, c.packet_name);
			free(log);
		}
	}
	gk_msm_dump_free(&d);
	free(text);
}

/* the example shipped in examples/: always here */
static void example(void)
{
	FILE *f = fopen("examples/msm_crash_a630.devcore", "rb");
	CHECK(f != NULL, "examples/msm_crash_a630.devcore");
	if (!f)
		return;
	static char text[1 << 16];
	size_t n = fread(text, 1, sizeof text, f);
	fclose(f);
	struct gk_msm_dump d;
	memset(&d, 0, sizeof d);
	struct gk_diag err;
	CHECK(gk_msm_dump_read(&d, text, n, &err) == 0, "example: %u:%u %s", err.line, err.col, err.message);
	struct gk_adreno_crash c;
	CHECK(gk_adreno_crash_locate(&d, NULL, &c) == 0 && c.found, "example: %s", c.why);
	/* crash.log: IB1 100000000, 5; the CP_NOP at 0x10000001c */
	CHECK(c.ib1_base == 0x100000000ull && c.ib1_rem == 5 && c.ring_dwords == 27, "example: registers");
	CHECK(c.level == 1 && c.packet == 0x10000001cull && !strcmp(c.packet_name, "CP_NOP"), "example: 0x%" PRIx64, c.packet);
	rings_clean("example", &d, "a630");
	gk_msm_dump_free(&d);
}

int main(void)
{
	example();
	one("crash", "crash", 1, 1);
	one("crash_prefetch", "crash_prefetch", 2, 0);
	one("prefetch-test", NULL, 2, 1);
	return tl_done();
}

/* The current umr listing of a real gfx1033 (Van Gogh, GFX10.3) gfx ring and
 * its IBs (../shared/reference/captures/umr-listings, PROVENANCE.md there):
 * every packet whose words umr printed in full is checked on its own with
 * gfxkit's gfx10.3 tables, and must check clean.  What made one of them
 * fail was a table mistake, fixed with its source: ACQUIRE_MEM
 * COHER_SIZE_HI = 0x01ffffff (radeonsi si_cp_acquire_mem writes it for
 * gfx_level >= GFX10) checked as reserved bits of a 24-bit field.
 *
 * umr leaves out some words (the register-offset dword of each SET_*_REG,
 * NOP bodies): a packet with a word missing is not checked, and the number
 * checked is asserted so a regression in reading it fails too.  Without
 * ../shared the test says SKIPPED. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "pm4_testutil.h"

#define LISTING "../shared/reference/captures/umr-listings/feipiao594_gfx1033_umr_ring_gfx.txt"
/* packets umr printed in full (measured: 122; the others lack a word) */
#define CHECKED_MIN 122u

struct pk {
	uint32_t w[64];
	unsigned want, have;
	uint64_t next; /* the offset the next word must have */
	char name[48];
	int open;
};

static unsigned checked, failed;

static void finish(const struct gk_format *fmt, struct pk *p)
{
	if (!p->open || p->have != p->want)
		return;
	struct tu_check r;
	tu_check(fmt, p->w, p->have, &r);
	checked++;
	/* a conditional checked alone covers packets that are not given: its
	 * count runs past the end of this one-packet buffer, which is the cut */
	unsigned cut = 0;
	for (unsigned i = 0; i < r.n; i++)
		cut += r.d[i].code == GK_D_EXEC_COUNT && r.d[i].severity == GK_ERROR;
	if (r.errors - cut || r.warnings) {
		failed++;
		printf("# %s: %s\n", p->name, tu_diags_str(&r));
	}
}

int main(void)
{
	FILE *f = fopen(LISTING, "r");
	if (!f) {
		TL_SKIP(LISTING " not found: the gfx1033 listing is not checked (a fresh clone has no ../shared)");
		return tl_done();
	}
	const struct gk_format *fmt = tu_fmt("gfx10.3");
	CHECK(fmt != NULL, "gfx10.3");
	char line[1024];
	struct pk p;
	memset(&p, 0, sizeof p);
	while (fmt && fgets(line, sizeof line, f)) {
		unsigned long long off;
		unsigned v;
		int at = 0;
		if (!strncmp(line, "Decoding IB", 11)) {
			finish(fmt, &p);
			p.open = 0;
			continue;
		}
		/* "[0x3@0x80010005a100 + 0x0668]\t[        0xc0065800]\t..." */
		const char *plus = strstr(line, " + 0x");
		if (line[0] != '[' || !plus || sscanf(plus, " + 0x%llx]%n", &off, &at) != 1)
			continue;
		const char *val = strchr(plus + at, '[');
		if (!val || sscanf(val, "[ 0x%x]", &v) != 1)
			continue;
		const char *op = strstr(line, "Opcode 0x");
		if (op) {
			finish(fmt, &p);
			memset(&p, 0, sizeof p);
			unsigned words = 0;
			const char *k = strstr(op, "] (");
			const char *nm = strstr(op, "[PKT3_");
			if (!k || sscanf(k, "] (%u words", &words) != 1 || words + 1 > 64)
				continue;
			if (nm)
				sscanf(nm, "[PKT3_%47[A-Z0-9_]", p.name);
			/* umr prints the body's length, COUNT + 1; its one-word pad
			 * (NOP with COUNT 0x3fff) as 0 */
			p.want = words + 1;
			p.open = 1;
		} else if (!p.open || off != p.next || p.have >= p.want) {
			p.open = 0; /* a word left out: not checked */
			continue;
		}
		p.w[p.have++] = v;
		p.next = off + 4;
	}
	finish(fmt, &p);
	fclose(f);
	printf("# gfx1033 listing: %u packets printed in full checked, %u with diagnostics\n", checked, failed);
	CHECK(checked >= CHECKED_MIN, "%u packets checked", checked);
	CHECK(failed == 0, "%u packets of a real stream with diagnostics", failed);
	return tl_done();
}

/* libFuzzer target for msm devcoredumps read whole (src/input/msm_devcore.c,
 * src/input/ascii85.c) and what is computed from them (src/adreno/
 * adreno_crash.c: the crash position, the ring window; adreno_values.c:
 * the register text).  Beyond no crash / no sanitizer report:
 *  (a) a failed read names a line within the input and says why;
 *  (b) a read dump's rings keep their pointers inside them and their data
 *      within their size, its buffers their data within theirs;
 *  (c) a located crash lies in a buffer the dump holds, with its path;
 *  (d) the ascii85 decoder agrees with itself counting and writing. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	const char *text = (const char *)p;
	/* (d) */
	long cnt = gk_ascii85_decode(text, n, NULL, 0, NULL);
	if (cnt > 0) {
		uint32_t *w = malloc((size_t)cnt * 4);
		if (w && gk_ascii85_decode(text, n, w, (size_t)cnt, NULL) != cnt)
			abort();
		free(w);
	}
	struct gk_msm_dump d;
	memset(&d, 0, sizeof d);
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	if (gk_msm_dump_read(&d, text, n, &err)) {
		/* (a) */
		uint32_t lines = 1;
		for (size_t i = 0; i < n; i++)
			lines += p[i] == '\n';
		if (err.line > lines || !err.message[0])
			abort();
		gk_msm_dump_free(&d);
		return 0;
	}
	/* (b) */
	for (size_t i = 0; i < d.nrings; i++) {
		const struct gk_msm_ring *r = &d.rings[i];
		if (!r->size || (r->has_ptrs && (r->rptr >= r->size / 4 || r->wptr >= r->size / 4)) || r->nwords > r->size / 4)
			abort();
		uint32_t start, count;
		if (gk_adreno_ring_window(r, NULL, &start, &count) || start >= r->size / 4 || count >= r->size / 4)
			abort();
	}
	for (size_t i = 0; i < d.nbos; i++)
		if (d.bos[i].nwords > (d.bos[i].size + 3) / 4)
			abort();
	/* (c) on the dump's GPU and on an a6xx */
	const char *gpus[] = { NULL, "a630", "a750" };
	for (int g = 0; g < 3; g++) {
		struct gk_adreno_crash c;
		if (gk_adreno_crash_locate(&d, gpus[g], &c))
			continue;
		uint32_t w;
		if (c.found && (c.level < 1 || c.level > 2 || gk_msm_dump_read_mem(&d, c.packet, &w, 1) || !c.ib[c.level]))
			abort();
	}
	const struct gk_reg_table *t = gk_adreno_regs("a630");
	char buf[256];
	for (size_t i = 0; i < d.nregs && i < 64; i++)
		gk_adreno_reg_fields_text(gk_reg_by_offset(t, d.regs[i].offset), d.regs[i].value, buf, sizeof buf);
	gk_msm_dump_free(&d);
	return 0;
}

FUZZ_HARNESS_END

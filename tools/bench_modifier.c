/* make bench: DRM format modifier speed (seed 004).  decode+name: split,
 * check and name a value; parse: a name back to its value; both over a
 * fixed mix of GFX6-8, GFX9-GFX12 and other-vendor values.  libdrm is not
 * linked (the build must not depend on it). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "gfxkit/modifier.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1Dull;
}

#define N 4096

static int count(void *ctx, uint64_t v)
{
	(void)v;
	++*(uint64_t *)ctx;
	return 0;
}

int main(void)
{
	static uint64_t vals[N];
	static char names[N][GK_MOD_NAME_MAX];
	uint64_t s = 42;
	for (unsigned i = 0; i < N; i++) {
		uint64_t r = rnd(&s);
		switch (i % 4) {
		case 0: /* valid GFX6-8 2D */
			vals[i] = 0x0200000000000000ull | 4 << 8 | 1 << 14 | (r & 0x1ff8e0000ull) | 0xcull << 17;
			break;
		case 1: /* GFX9 _X with DCC */
			vals[i] = 0x0200000000000001ull | 27 << 8 | 1 << 13 | (r & 0xfffc000ull);
			break;
		case 2: /* any AMD */
			vals[i] = 0x0200000000000000ull | (r & 0x00ffffffffffff00ull) | (r >> 61) % 6;
			break;
		default:
			vals[i] = r;
		}
		gk_modifier_name_exact(vals[i], names[i], GK_MOD_NAME_MAX);
	}
	uint64_t sink = 0;
	unsigned rounds = 200;
	double t0 = now();
	for (unsigned k = 0; k < rounds; k++)
		for (unsigned i = 0; i < N; i++) {
			struct gk_modifier m;
			struct gk_diags dg;
			char buf[GK_MOD_NAME_MAX];
			gk_modifier_split(vals[i], &m);
			dg.n = dg.dropped = dg.errors = dg.warnings = 0;
			sink += gk_modifier_check(vals[i], &dg);
			sink += gk_modifier_name(vals[i], buf, sizeof buf) + m.tile;
		}
	double t1 = now();
	for (unsigned k = 0; k < rounds; k++)
		for (unsigned i = 0; i < N; i++) {
			struct gk_diags dg;
			uint64_t v = 0;
			dg.n = dg.dropped = dg.errors = dg.warnings = 0;
			sink += (uint64_t)gk_modifier_parse(names[i], strlen(names[i]), &v, &dg) + v;
		}
	double t2 = now();
	uint64_t n8 = 0;
	gk_modifier_enumerate(8, count, &n8);
	double t3 = now();
	double total = (double)rounds * N;
	printf("modifier decode+check+name: %.2f M values/s (%.0f ns each)\n", total / (t1 - t0) / 1e6,
	       (t1 - t0) / total * 1e9);
	printf("modifier parse:             %.2f M names/s (%.0f ns each)\n", total / (t2 - t1) / 1e6,
	       (t2 - t1) / total * 1e9);
	printf("modifier list --all --gfx 8: %llu modifiers in %.1f ms (sink %llu)\n", (unsigned long long)n8,
	       (t3 - t2) * 1e3, (unsigned long long)(sink & 0xff));
	/* no absolute target: the figures go into make bench's targets block as they are */
	report_figure("modifier decode+check+name", total / (t1 - t0) / 1e6, "M/s");
	report_figure("modifier parse", total / (t2 - t1) / 1e6, "M/s");
	return 0;
}

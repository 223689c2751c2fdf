/* What every bench program (tools/bench.c, tools/bench_*.c) shares: the
 * clock and the "  target: " line that make bench collects from all of them.
 * Include after defining _POSIX_C_SOURCE (clock_gettime). */
#ifndef GK_BENCH_H
#define GK_BENCH_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

/* seconds on the monotonic clock */
static inline double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One line of the targets block.  ge: the value must be at least want,
 * else at most; value <= 0: not measured. */
static inline void report_target(const char *what, bool ge, double want, double value, const char *unit)
{
	printf("  target: %-44s %s %6g %-4s  measured %9.2f %-4s  ", what, ge ? ">=" : "<=", want, unit, value, unit);
	if (!(value > 0))
		printf("NOT MEASURED\n");
	else if (ge ? value >= want : value <= want)
		printf("MET\n");
	else
		printf("MISSED by %.2f %s (%.0f%%)\n", ge ? want - value : value - want, unit,
		       100.0 * (ge ? want - value : value - want) / want);
}

/* A figure without a target, in the same block. */
static inline void report_figure(const char *what, double value, const char *unit)
{
	printf("  target: %-44s (no target)  measured %9.2f %s\n", what, value, unit);
}

#endif

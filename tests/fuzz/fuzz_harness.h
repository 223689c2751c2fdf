/* For every libFuzzer target: the harness's own code and the JSON
 * validator stay out of the coverage instrumentation (between
 * FUZZ_HARNESS_BEGIN and FUZZ_HARNESS_END).  Their branches say nothing
 * about the library, and their per-byte and per-element loops, with a
 * libFuzzer callback at every comparison, cost more than the library code
 * they check.  AddressSanitizer and UBSan still check them. */
#ifndef FUZZ_HARNESS_H
#define FUZZ_HARNESS_H

#ifdef __clang__
#define FUZZ_HARNESS_BEGIN _Pragma("clang attribute push(__attribute__((no_sanitize(\"coverage\"))), apply_to = function)")
#define FUZZ_HARNESS_END _Pragma("clang attribute pop")
#else
#define FUZZ_HARNESS_BEGIN
#define FUZZ_HARNESS_END
#endif

/* AddressSanitizer's defaults for every target (the environment's
 * ASAN_OPTIONS still wins).  A freed block waits in a quarantine so that a
 * use after free is caught; with the default 256 MB quarantine every input
 * allocates fresh pages, and the page faults, madvise and TLB flushes took
 * a third of each target's time (perf).  16 MB still holds every block
 * freed by the last dozens of inputs, far more than one input allocates,
 * so a use after free within an input, or of the previous input's memory,
 * is still reported. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=16";
}

#endif

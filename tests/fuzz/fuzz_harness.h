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

#endif

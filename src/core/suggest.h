/* "Did you mean": the closest of a set of names to what a user typed, and
 * the list of valid ones, for the messages of the assemblers (suggest.c).
 * Not public. */
#ifndef GK_SUGGEST_H
#define GK_SUGGEST_H

#include <stddef.h>

/* Append to buf (NUL-terminated, cap bytes in all, what is there kept):
 * "; did you mean NAME?" when one of names[0, n) (NULL entries skipped) is
 * close to p[0, len) -- a case-insensitive edit distance of at most a third
 * of the typed length, at least 1 -- then " (WHAT: A, B, ...)" listing the
 * names as far as buf holds, "..." when cut. */
void gk_suggest(char *buf, size_t cap, const char *p, size_t len, const char *what, const char *const *names, size_t n);

#endif

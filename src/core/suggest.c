#include "suggest.h"

#include <string.h>

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Levenshtein distance, case-insensitive, capped at limit + 1 (names are
 * short: one row of 64 cells is enough, longer names are never close) */
static size_t distance(const char *a, size_t la, const char *b, size_t lb, size_t limit)
{
	size_t row[65];
	if (la > 64 || lb > 64)
		return limit + 1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0], best = row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t v = diag + (lower(a[i - 1]) != lower(b[j - 1]));
			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			row[j] = v;
			diag = up;
			if (v < best)
				best = v;
		}
		if (best > limit)
			return limit + 1;
	}
	return row[lb];
}

/* append s[0, n) to buf, keeping room for "...)"; false when it did not fit */
static int append(char *buf, size_t cap, const char *s, size_t n)
{
	size_t at = strlen(buf);
	if (at + n + 5 > cap)
		return 0;
	memcpy(buf + at, s, n);
	buf[at + n] = 0;
	return 1;
}

void gk_suggest(char *buf, size_t cap, const char *p, size_t len, const char *what, const char *const *names, size_t n)
{
	if (!buf || !cap || strlen(buf) + 8 > cap)
		return;
	size_t limit = len / 3 ? len / 3 : 1;
	const char *best = NULL;
	size_t best_d = limit + 1;
	for (size_t i = 0; i < n; i++) {
		if (!names[i])
			continue;
		size_t d = distance(p, len, names[i], strlen(names[i]), limit);
		if (d < best_d) {
			best_d = d;
			best = names[i];
		}
	}
	if (best && best_d <= limit) {
		append(buf, cap, "; did you mean ", 15);
		append(buf, cap, best, strlen(best));
		append(buf, cap, "?", 1);
	}
	if (!append(buf, cap, " (", 2) || !append(buf, cap, what, strlen(what)) || !append(buf, cap, ": ", 2))
		return;
	int first = 1;
	for (size_t i = 0; i < n; i++) {
		if (!names[i])
			continue;
		if ((!first && !append(buf, cap, ", ", 2)) || !append(buf, cap, names[i], strlen(names[i]))) {
			size_t at = strlen(buf);
			memcpy(buf + at, "...)", 5); /* append kept room for it */
			return;
		}
		first = 0;
	}
	append(buf, cap, ")", 1);
}

/* The whole of `gzip -dc path` as a NUL-terminated string (NULL when it
 * cannot be read): the captures in ../shared are gzipped, and the tests
 * that read them whole share this one reader.  Needs _POSIX_C_SOURCE for
 * popen, defined by the test before its first include. */
#ifndef GK_TESTS_GZREAD_H
#define GK_TESTS_GZREAD_H

#include <stdio.h>
#include <stdlib.h>

static inline char *tl_read_gz(const char *path)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
	FILE *f = popen(cmd, "r");
	if (!f)
		return NULL;
	size_t n = 0, cap = 0;
	char *buf = NULL;
	for (;;) {
		if (cap < n + 65537) {
			cap = 2 * (n + 65537);
			char *q = realloc(buf, cap);
			if (!q) {
				free(buf);
				pclose(f);
				return NULL;
			}
			buf = q;
		}
		size_t k = fread(buf + n, 1, 65536, f);
		n += k;
		if (k == 0)
			break;
	}
	if (pclose(f) != 0 || n == 0) {
		free(buf);
		return NULL;
	}
	buf[n] = 0;
	return buf;
}

#endif

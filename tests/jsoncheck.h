/* A tiny strict JSON validator for the tests and the fuzz target: one
 * object per newline-terminated line, no duplicate keys in an object. */
#ifndef GK_JSONCHECK_H
#define GK_JSONCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct js {
	const char *p, *e;
};

static inline void jc_ws(struct js *j)
{
	while (j->p < j->e && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r'))
		j->p++;
}

static inline bool jc_value(struct js *j, int depth);

static inline bool jc_string(struct js *j)
{
	if (j->p >= j->e || *j->p != '"')
		return false;
	j->p++;
	while (j->p < j->e) {
		unsigned char c = (unsigned char)*j->p++;
		if (c == '"')
			return true;
		if (c < 0x20)
			return false;
		if (c == '\\') {
			if (j->p >= j->e)
				return false;
			char x = *j->p++;
			if (x == 'u') {
				for (int k = 0; k < 4; k++, j->p++)
					if (j->p >= j->e || !strchr("0123456789abcdefABCDEF", *j->p))
						return false;
			} else if (!strchr("\"\\/bfnrt", x)) {
				return false;
			}
		}
	}
	return false;
}

static inline bool jc_number(struct js *j)
{
	const char *b = j->p;
	if (j->p < j->e && *j->p == '-')
		j->p++;
	if (j->p >= j->e || *j->p < '0' || *j->p > '9')
		return false;
	if (*j->p == '0' && j->p + 1 < j->e && j->p[1] >= '0' && j->p[1] <= '9')
		return false; /* leading zero */
	while (j->p < j->e && ((*j->p >= '0' && *j->p <= '9') || *j->p == '.' || *j->p == 'e' || *j->p == 'E' ||
			       *j->p == '+' || *j->p == '-'))
		j->p++;
	return j->p > b;
}

static inline bool jc_lit(struct js *j, const char *s)
{
	size_t n = strlen(s);
	if ((size_t)(j->e - j->p) < n || memcmp(j->p, s, n))
		return false;
	j->p += n;
	return true;
}

static inline bool jc_value(struct js *j, int depth)
{
	if (depth > 32)
		return false;
	jc_ws(j);
	if (j->p >= j->e)
		return false;
	switch (*j->p) {
	case '{':
		j->p++;
		jc_ws(j);
		if (j->p < j->e && *j->p == '}') {
			j->p++;
			return true;
		}
		const char *keys[64];
		size_t klen[64], nk = 0;
		for (;;) {
			jc_ws(j);
			const char *kb = j->p;
			if (!jc_string(j))
				return false;
			/* a key twice in one object: consumers keep only one */
			for (size_t k = 0; k < nk; k++)
				if (klen[k] == (size_t)(j->p - kb) && !memcmp(keys[k], kb, klen[k]))
					return false;
			if (nk < 64) {
				keys[nk] = kb;
				klen[nk++] = (size_t)(j->p - kb);
			}
			jc_ws(j);
			if (j->p >= j->e || *j->p++ != ':')
				return false;
			if (!jc_value(j, depth + 1))
				return false;
			jc_ws(j);
			if (j->p < j->e && *j->p == ',') {
				j->p++;
				continue;
			}
			return j->p < j->e && *j->p++ == '}';
		}
	case '[':
		j->p++;
		jc_ws(j);
		if (j->p < j->e && *j->p == ']') {
			j->p++;
			return true;
		}
		for (;;) {
			if (!jc_value(j, depth + 1))
				return false;
			jc_ws(j);
			if (j->p < j->e && *j->p == ',') {
				j->p++;
				continue;
			}
			return j->p < j->e && *j->p++ == ']';
		}
	case '"':
		return jc_string(j);
	case 't':
		return jc_lit(j, "true");
	case 'f':
		return jc_lit(j, "false");
	case 'n':
		return jc_lit(j, "null");
	default:
		return jc_number(j);
	}
}

/* One line: a single JSON object, newline-terminated, nothing after. */
static inline bool json_line_ok(const char *s, size_t n)
{
	if (n < 2 || s[n - 1] != '\n' || memchr(s, '\n', n - 1))
		return false;
	struct js j = { s, s + n - 1 };
	jc_ws(&j);
	if (j.p >= j.e || *j.p != '{')
		return false;
	if (!jc_value(&j, 0))
		return false;
	jc_ws(&j);
	return j.p == j.e;
}

#endif

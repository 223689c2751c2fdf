/* A tiny strict JSON validator (RFC 8259) for the tests and the fuzz
 * targets: one object per newline-terminated line, no duplicate keys in an
 * object, strings of well-formed UTF-8 with control characters escaped,
 * numbers in the RFC's exact grammar.  tests/core/test_jsoncheck.c tests it. */
#ifndef GK_JSONCHECK_H
#define GK_JSONCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct js {
	const char *p, *e;
};

static inline void jc_ws(struct js *j)
{
	while (j->p < j->e && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r'))
		j->p++;
}

/* After white space, the character c: taken, true; else false. */
static inline bool jc_eat(struct js *j, char c)
{
	jc_ws(j);
	if (j->p < j->e && *j->p == c) {
		j->p++;
		return true;
	}
	return false;
}

static inline bool jc_value(struct js *j, int depth);

/* One well-formed UTF-8 sequence at j->p whose lead byte (>= 0x80) was
 * just read (The Unicode Standard, chapter 3, "UTF-8").  Unlike the writer,
 * which checks byte ranges (table 3-7), this decodes the code point and
 * rejects by value: overlongs (below the least value of its length),
 * surrogates and anything above U+10FFFF, so the two are independent. */
static inline bool jc_utf8_tail(struct js *j, unsigned char c)
{
	static const uint32_t least[4] = { 0, 0x80, 0x800, 0x10000 };
	unsigned more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0; /* continuation bytes */
	if (!more || c >= 0xf8)
		return false;
	uint32_t cp = c & (0x3fu >> more);
	for (unsigned k = 0; k < more; k++) {
		if (j->p >= j->e)
			return false;
		unsigned char x = (unsigned char)*j->p++;
		if ((x & 0xc0) != 0x80)
			return false;
		cp = cp << 6 | (x & 0x3fu);
	}
	return cp >= least[more] && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
}

/* RFC 8259 section 7: control characters must be escaped; the text is UTF-8
 * (section 8.1). */
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
		if (c >= 0x80 && !jc_utf8_tail(j, c))
			return false;
		if (c == '\\') {
			if (j->p >= j->e)
				return false;
			char x = *j->p++;
			if (x == 'u') {
				for (int k = 0; k < 4; k++, j->p++)
					if (j->p >= j->e || !*j->p || !strchr("0123456789abcdefABCDEF", *j->p))
						return false;
			} else if (!x || !strchr("\"\\/bfnrt", x)) {
				return false;
			}
		}
	}
	return false;
}

static inline bool jc_digits(struct js *j)
{
	const char *b = j->p;
	while (j->p < j->e && *j->p >= '0' && *j->p <= '9')
		j->p++;
	return j->p > b;
}

/* RFC 8259 section 6: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
 * (no '+', no leading zeros, no ".5" or "5.", no bare exponent, no NaN or
 * Infinity). */
static inline bool jc_number(struct js *j)
{
	if (j->p < j->e && *j->p == '-')
		j->p++;
	if (j->p >= j->e || *j->p < '0' || *j->p > '9')
		return false;
	if (*j->p == '0')
		j->p++;
	else
		jc_digits(j);
	if (j->p < j->e && *j->p == '.') {
		j->p++;
		if (!jc_digits(j))
			return false;
	}
	if (j->p < j->e && (*j->p == 'e' || *j->p == 'E')) {
		j->p++;
		if (j->p < j->e && (*j->p == '+' || *j->p == '-'))
			j->p++;
		if (!jc_digits(j))
			return false;
	}
	return true;
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
		if (jc_eat(j, '}'))
			return true;
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
			if (!jc_eat(j, ':') || !jc_value(j, depth + 1))
				return false;
			if (!jc_eat(j, ','))
				return jc_eat(j, '}');
		}
	case '[':
		j->p++;
		if (jc_eat(j, ']'))
			return true;
		for (;;) {
			if (!jc_value(j, depth + 1))
				return false;
			if (!jc_eat(j, ','))
				return jc_eat(j, ']');
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

/* A strict JSON parser (into a tree) and a validator for the subset of JSON
 * Schema draft 2020-12 that docs/json-schema.json uses, for the tests (no
 * python, no jsonschema on CI).  The validator refuses every keyword it does
 * not implement, so the schema cannot rely on something that is silently
 * ignored.  Keywords: "JSON Schema Core" 2020-12 §8.2.3 ($ref, $defs),
 * §10.2.1.3 (oneOf), §10.3.1.3 (items), §10.3.2 (properties,
 * additionalProperties); "JSON Schema Validation" 2020-12 §6.1 (type, enum,
 * const), §6.2 (minimum, maximum), §6.3.3 (pattern), §6.4 (minItems,
 * maxItems), §6.5.3 (required).  "integer" is stricter than the
 * specification (which also accepts 1.0): a number without fraction or
 * exponent, which is what gfxkit writes. */
#ifndef GK_JSONSCHEMA_H
#define GK_JSONSCHEMA_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JS_NONE UINT32_MAX
#define JS_MAX_DEPTH 64
#define JS_MAX_NUMBER 300 /* longest number text accepted */

enum js_kind { JS_NULL, JS_BOOL, JS_NUM, JS_STR, JS_ARR, JS_OBJ };

struct js_node {
	uint8_t kind;
	bool b;                 /* JS_BOOL */
	bool isint, neg, big;   /* JS_NUM: no fraction/exponent; sign; magnitude past 2^64-1 */
	uint64_t mag;           /* JS_NUM integer magnitude (when !big) */
	double d;               /* JS_NUM value */
	uint32_t str, slen;     /* JS_STR: decoded UTF-8 in the pool */
	uint32_t key, klen;     /* member of an object: its key in the pool */
	uint32_t first, next;   /* JS_ARR/JS_OBJ children, chained */
	uint32_t count;         /* children */
};

struct js_doc {
	struct js_node *n;
	size_t nn, ncap;
	char *s;
	size_t ns, scap;
	const char *err;        /* parse error, or NULL */
	size_t errpos;
	const char *base, *p, *e;
};

static inline void js_free(struct js_doc *d)
{
	free(d->n);
	free(d->s);
	memset(d, 0, sizeof *d);
}

static inline bool js_fail(struct js_doc *d, const char *msg)
{
	if (!d->err) {
		d->err = msg;
		d->errpos = (size_t)(d->p - d->base);
	}
	return false;
}

static inline uint32_t js_new(struct js_doc *d, enum js_kind k)
{
	if (d->nn == d->ncap) {
		size_t cap = d->ncap ? d->ncap * 2 : 256;
		struct js_node *q = realloc(d->n, cap * sizeof *q);
		if (!q) {
			js_fail(d, "out of memory");
			return JS_NONE;
		}
		d->n = q;
		d->ncap = cap;
	}
	struct js_node *x = &d->n[d->nn];
	memset(x, 0, sizeof *x);
	x->kind = (uint8_t)k;
	x->first = x->next = x->key = JS_NONE;
	return (uint32_t)d->nn++;
}

static inline bool js_put(struct js_doc *d, const void *p, size_t n)
{
	if (d->ns + n > d->scap) {
		size_t cap = d->scap ? d->scap : 1024;
		while (d->ns + n > cap)
			cap *= 2;
		char *q = realloc(d->s, cap);
		if (!q)
			return js_fail(d, "out of memory");
		d->s = q;
		d->scap = cap;
	}
	memcpy(d->s + d->ns, p, n);
	d->ns += n;
	return true;
}

/* One UTF-8 sequence at p (RFC 3629 §4: no overlongs, no surrogates, at most
 * U+10FFFF); its length, or 0 when invalid. */
static inline size_t js_utf8_len(const unsigned char *p, const unsigned char *e)
{
	unsigned c = p[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xbf;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;
		if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;
		if (c == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	if ((size_t)(e - p) < n)
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

static inline int js_hex4(struct js_doc *d, unsigned *v)
{
	*v = 0;
	for (int k = 0; k < 4; k++) {
		if (d->p >= d->e)
			return -1;
		char c = *d->p++;
		unsigned x;
		if (c >= '0' && c <= '9')
			x = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			x = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			x = (unsigned)(c - 'A' + 10);
		else
			return -1;
		*v = *v << 4 | x;
	}
	return 0;
}

/* A string (RFC 8259 §7), decoded into the pool. */
static inline bool js_string(struct js_doc *d, uint32_t *off, uint32_t *len)
{
	if (d->p >= d->e || *d->p != '"')
		return js_fail(d, "string expected");
	d->p++;
	*off = (uint32_t)d->ns;
	for (;;) {
		if (d->p >= d->e)
			return js_fail(d, "unterminated string");
		unsigned char c = (unsigned char)*d->p;
		if (c == '"') {
			d->p++;
			break;
		}
		if (c < 0x20)
			return js_fail(d, "control character in string");
		if (c != '\\') {
			size_t n = js_utf8_len((const unsigned char *)d->p, (const unsigned char *)d->e);
			if (!n)
				return js_fail(d, "invalid UTF-8");
			if (!js_put(d, d->p, n))
				return false;
			d->p += n;
			continue;
		}
		d->p++;
		if (d->p >= d->e)
			return js_fail(d, "unterminated escape");
		char x = *d->p++;
		const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
		const char *k = x ? strchr(from, x) : NULL;
		if (k) {
			if (!js_put(d, to + (k - from), 1))
				return false;
			continue;
		}
		if (x != 'u')
			return js_fail(d, "bad escape");
		unsigned u, u2;
		if (js_hex4(d, &u))
			return js_fail(d, "bad \\u escape");
		if (u >= 0xdc00 && u <= 0xdfff)
			return js_fail(d, "lone low surrogate");
		if (u >= 0xd800 && u <= 0xdbff) {
			if (d->e - d->p < 2 || d->p[0] != '\\' || d->p[1] != 'u')
				return js_fail(d, "lone high surrogate");
			d->p += 2;
			if (js_hex4(d, &u2) || u2 < 0xdc00 || u2 > 0xdfff)
				return js_fail(d, "lone high surrogate");
			u = 0x10000 + ((u - 0xd800) << 10) + (u2 - 0xdc00);
		}
		unsigned char b[4];
		size_t n;
		if (u < 0x80)
			b[0] = (unsigned char)u, n = 1;
		else if (u < 0x800)
			b[0] = (unsigned char)(0xc0 | u >> 6), b[1] = (unsigned char)(0x80 | (u & 0x3f)), n = 2;
		else if (u < 0x10000)
			b[0] = (unsigned char)(0xe0 | u >> 12), b[1] = (unsigned char)(0x80 | (u >> 6 & 0x3f)),
			b[2] = (unsigned char)(0x80 | (u & 0x3f)), n = 3;
		else
			b[0] = (unsigned char)(0xf0 | u >> 18), b[1] = (unsigned char)(0x80 | (u >> 12 & 0x3f)),
			b[2] = (unsigned char)(0x80 | (u >> 6 & 0x3f)), b[3] = (unsigned char)(0x80 | (u & 0x3f)), n = 4;
		if (!js_put(d, b, n))
			return false;
	}
	*len = (uint32_t)(d->ns - *off);
	return js_put(d, "", 1); /* NUL after each string, for printing; not counted */
}

/* A number (RFC 8259 §6): -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)? */
static inline bool js_number(struct js_doc *d, struct js_node *x)
{
	const char *b = d->p;
	x->isint = true;
	if (d->p < d->e && *d->p == '-')
		x->neg = true, d->p++;
	if (d->p >= d->e || *d->p < '0' || *d->p > '9')
		return js_fail(d, "bad value");
	if (*d->p == '0') {
		d->p++;
		if (d->p < d->e && *d->p >= '0' && *d->p <= '9')
			return js_fail(d, "leading zero");
	} else {
		while (d->p < d->e && *d->p >= '0' && *d->p <= '9') {
			unsigned dig = (unsigned)(*d->p++ - '0');
			if (x->mag > (UINT64_MAX - dig) / 10)
				x->big = true;
			else
				x->mag = x->mag * 10 + dig;
		}
	}
	if (d->p < d->e && *d->p == '.') {
		x->isint = false;
		d->p++;
		if (d->p >= d->e || *d->p < '0' || *d->p > '9')
			return js_fail(d, "digit expected after '.'");
		while (d->p < d->e && *d->p >= '0' && *d->p <= '9')
			d->p++;
	}
	if (d->p < d->e && (*d->p == 'e' || *d->p == 'E')) {
		x->isint = false;
		d->p++;
		if (d->p < d->e && (*d->p == '+' || *d->p == '-'))
			d->p++;
		if (d->p >= d->e || *d->p < '0' || *d->p > '9')
			return js_fail(d, "digit expected in exponent");
		while (d->p < d->e && *d->p >= '0' && *d->p <= '9')
			d->p++;
	}
	size_t n = (size_t)(d->p - b);
	if (n > JS_MAX_NUMBER)
		return js_fail(d, "number too long");
	char tmp[JS_MAX_NUMBER + 1];
	memcpy(tmp, b, n);
	tmp[n] = 0;
	x->d = strtod(tmp, NULL);
	if (x->isint && x->neg && !x->mag && !x->big)
		x->neg = false; /* -0 is 0 */
	return true;
}

static inline void js_ws(struct js_doc *d)
{
	while (d->p < d->e && (*d->p == ' ' || *d->p == '\t' || *d->p == '\r' || *d->p == '\n'))
		d->p++;
}

static inline bool js_lit(struct js_doc *d, const char *s)
{
	size_t n = strlen(s);
	if ((size_t)(d->e - d->p) < n || memcmp(d->p, s, n))
		return js_fail(d, "bad literal");
	d->p += n;
	return true;
}

static inline const char *js_str(const struct js_doc *d, uint32_t off)
{
	return d->s + off;
}

/* The member of object o called k[0, n), or JS_NONE. */
static inline uint32_t js_getn(const struct js_doc *d, uint32_t o, const char *k, size_t n)
{
	if (o == JS_NONE || d->n[o].kind != JS_OBJ)
		return JS_NONE;
	for (uint32_t c = d->n[o].first; c != JS_NONE; c = d->n[c].next)
		if (d->n[c].klen == n && !memcmp(d->s + d->n[c].key, k, n))
			return c;
	return JS_NONE;
}

static inline uint32_t js_get(const struct js_doc *d, uint32_t o, const char *k)
{
	return js_getn(d, o, k, strlen(k));
}

static inline bool js_value(struct js_doc *d, uint32_t *out, int depth)
{
	if (depth > JS_MAX_DEPTH)
		return js_fail(d, "nested too deeply");
	js_ws(d);
	if (d->p >= d->e)
		return js_fail(d, "value expected");
	char c = *d->p;
	uint32_t x;
	if (c == '{' || c == '[') {
		bool obj = c == '{';
		x = js_new(d, obj ? JS_OBJ : JS_ARR);
		if (x == JS_NONE)
			return false;
		*out = x;
		d->p++;
		js_ws(d);
		if (d->p < d->e && *d->p == (obj ? '}' : ']')) {
			d->p++;
			return true;
		}
		uint32_t last = JS_NONE;
		for (;;) {
			uint32_t key = 0, klen = 0, v;
			js_ws(d);
			if (obj) {
				if (!js_string(d, &key, &klen))
					return false;
				for (uint32_t k = d->n[x].first; k != JS_NONE; k = d->n[k].next)
					if (d->n[k].klen == klen && !memcmp(d->s + d->n[k].key, d->s + key, klen))
						return js_fail(d, "duplicate key");
				js_ws(d);
				if (d->p >= d->e || *d->p != ':')
					return js_fail(d, "':' expected");
				d->p++;
			}
			if (!js_value(d, &v, depth + 1))
				return false;
			d->n[v].key = obj ? key : JS_NONE;
			d->n[v].klen = klen;
			if (last == JS_NONE)
				d->n[x].first = v;
			else
				d->n[last].next = v;
			last = v;
			d->n[x].count++;
			js_ws(d);
			if (d->p < d->e && *d->p == ',') {
				d->p++;
				continue;
			}
			if (d->p < d->e && *d->p == (obj ? '}' : ']')) {
				d->p++;
				return true;
			}
			return js_fail(d, obj ? "',' or '}' expected" : "',' or ']' expected");
		}
	}
	if (c == '"') {
		uint32_t off, len;
		x = js_new(d, JS_STR);
		if (x == JS_NONE || !js_string(d, &off, &len))
			return false;
		d->n[x].str = off;
		d->n[x].slen = len;
		*out = x;
		return true;
	}
	if (c == 't' || c == 'f' || c == 'n') {
		x = js_new(d, c == 'n' ? JS_NULL : JS_BOOL);
		if (x == JS_NONE || !js_lit(d, c == 't' ? "true" : c == 'f' ? "false" : "null"))
			return false;
		d->n[x].b = c == 't';
		*out = x;
		return true;
	}
	x = js_new(d, JS_NUM);
	if (x == JS_NONE)
		return false;
	*out = x;
	struct js_node tmp = d->n[x];
	if (!js_number(d, &tmp))
		return false;
	d->n[x] = tmp;
	return true;
}

/* Parse text[0, n) as one JSON value (whitespace around it allowed); the
 * root is node 0.  Reuses d's memory.  false with d->err on error. */
static inline bool js_parse(struct js_doc *d, const char *text, size_t n)
{
	d->nn = d->ns = 0;
	d->err = NULL;
	d->base = d->p = text;
	d->e = text + n;
	uint32_t root;
	if (!js_value(d, &root, 0))
		return false;
	js_ws(d);
	if (d->p != d->e)
		return js_fail(d, "text after the value");
	return true;
}

/* ---- the validator ---- */

/* A pattern of the form ^ATOM...$: each atom a literal character (or one
 * escaped with '\') or a class [a-z0-9_], optionally followed by + or {n}.
 * Anything else is refused, so an unsupported pattern cannot pass. */
#define JS_MAX_ATOMS 32
struct js_pattern {
	unsigned n;
	struct {
		uint8_t set[32];
		unsigned min, max;
	} a[JS_MAX_ATOMS];
};

static inline bool js_pattern_compile(const char *s, size_t len, struct js_pattern *pt)
{
	const char *specials = ".^$*+?()[]{}|\\";
	memset(pt, 0, sizeof *pt);
	if (len < 2 || s[0] != '^' || s[len - 1] != '$' || (len >= 3 && s[len - 2] == '\\'))
		return false;
	size_t i = 1, end = len - 1;
	while (i < end) {
		if (pt->n == JS_MAX_ATOMS)
			return false;
		uint8_t *set = pt->a[pt->n].set;
		unsigned char c = (unsigned char)s[i];
		if (c == '[') {
			i++;
			if (i < end && s[i] == '^')
				return false; /* negated classes: not needed, not implemented */
			bool any = false;
			while (i < end && s[i] != ']') {
				unsigned char lo = (unsigned char)s[i], hi = lo;
				if (lo == '\\' || lo == '[')
					return false;
				if (i + 2 < end && s[i + 1] == '-' && s[i + 2] != ']') {
					hi = (unsigned char)s[i + 2];
					if (hi < lo || hi == '\\' || hi == '[')
						return false;
					i += 2;
				}
				for (unsigned k = lo; k <= hi; k++)
					set[k >> 3] |= (uint8_t)(1u << (k & 7));
				any = true;
				i++;
			}
			if (i >= end || !any)
				return false;
			i++;
		} else if (c == '\\') {
			if (i + 1 >= end || !strchr(specials, s[i + 1]))
				return false;
			c = (unsigned char)s[i + 1];
			set[c >> 3] |= (uint8_t)(1u << (c & 7));
			i += 2;
		} else {
			if (strchr(specials, c) || c >= 0x80)
				return false;
			set[c >> 3] |= (uint8_t)(1u << (c & 7));
			i++;
		}
		unsigned mn = 1, mx = 1;
		if (i < end && s[i] == '+') {
			mx = UINT_MAX;
			i++;
		} else if (i < end && s[i] == '{') {
			i++;
			unsigned v = 0;
			bool dig = false;
			while (i < end && s[i] >= '0' && s[i] <= '9' && v < 1000)
				v = v * 10 + (unsigned)(s[i++] - '0'), dig = true;
			if (!dig || i >= end || s[i] != '}' || v == 0)
				return false;
			i++;
			mn = mx = v;
		}
		if (i < end && strchr("*?+{", s[i]))
			return false; /* stacked quantifiers */
		pt->a[pt->n].min = mn;
		pt->a[pt->n].max = mx;
		pt->n++;
	}
	return pt->n > 0;
}

static inline bool js_pattern_match_at(const struct js_pattern *pt, unsigned i, const unsigned char *s, size_t n)
{
	if (i == pt->n)
		return n == 0;
	size_t cnt = 0;
	while (cnt < n && cnt < pt->a[i].max && (pt->a[i].set[s[cnt] >> 3] >> (s[cnt] & 7) & 1))
		cnt++;
	for (size_t k = cnt + 1; k-- > pt->a[i].min;)
		if (js_pattern_match_at(pt, i + 1, s + k, n - k))
			return true;
	return false;
}

static inline bool js_pattern_match(const struct js_pattern *pt, const char *s, size_t n)
{
	return js_pattern_match_at(pt, 0, (const unsigned char *)s, n);
}

/* Where validation failed: the JSON Pointer in the instance, the keyword
 * and what was wrong. */
struct js_err {
	char path[256];
	char keyword[48];
	char msg[200];
};

struct js_schema {
	const struct js_doc *d;   /* the schema document; node 0 is "#" */
};

static const char *const js_annotations[] = { "$schema", "$id", "title", "description" };
static const char *const js_keywords[] = { "type",     "enum",     "const",   "properties", "required",
					   "additionalProperties", "items", "minItems", "maxItems", "minimum",
					   "maximum",  "pattern",  "oneOf",   "$ref",       "$defs" };

static inline bool js_key_is(const struct js_doc *d, uint32_t m, const char *k)
{
	return d->n[m].klen == strlen(k) && !memcmp(d->s + d->n[m].key, k, d->n[m].klen);
}

/* "#" or "#/$defs/NAME" */
static inline uint32_t js_resolve(const struct js_doc *d, uint32_t ref)
{
	if (d->n[ref].kind != JS_STR)
		return JS_NONE;
	const char *s = js_str(d, d->n[ref].str);
	if (!strcmp(s, "#"))
		return 0;
	if (strncmp(s, "#/$defs/", 8) || strchr(s + 8, '/') || strchr(s + 8, '~'))
		return JS_NONE;
	return js_get(d, js_get(d, 0, "$defs"), s + 8);
}

static inline bool js_equal(const struct js_doc *a, uint32_t x, const struct js_doc *b, uint32_t y)
{
	const struct js_node *p = &a->n[x], *q = &b->n[y];
	if (p->kind != q->kind)
		return false;
	switch (p->kind) {
	case JS_NULL:
		return true;
	case JS_BOOL:
		return p->b == q->b;
	case JS_NUM:
		if (p->isint && q->isint)
			return !p->big && !q->big && p->neg == q->neg && p->mag == q->mag;
		return p->d == q->d;
	case JS_STR:
		return p->slen == q->slen && !memcmp(a->s + p->str, b->s + q->str, p->slen);
	case JS_ARR: {
		if (p->count != q->count)
			return false;
		for (uint32_t i = p->first, j = q->first; i != JS_NONE; i = a->n[i].next, j = b->n[j].next)
			if (!js_equal(a, i, b, j))
				return false;
		return true;
	}
	default: {
		if (p->count != q->count)
			return false;
		for (uint32_t i = p->first; i != JS_NONE; i = a->n[i].next) {
			char k[256];
			if (a->n[i].klen >= sizeof k)
				return false;
			memcpy(k, a->s + a->n[i].key, a->n[i].klen);
			k[a->n[i].klen] = 0;
			uint32_t j = js_get(b, y, k);
			if (j == JS_NONE || !js_equal(a, i, b, j))
				return false;
		}
		return true;
	}
	}
}

/* instance number x compared with schema number lim: <0, 0, >0 */
static inline int js_cmp(const struct js_node *x, const struct js_node *lim)
{
	if (x->isint && lim->isint && !x->big && !lim->big) {
		if (x->neg != lim->neg)
			return x->neg ? -1 : 1;
		int c = x->mag < lim->mag ? -1 : x->mag > lim->mag;
		return x->neg ? -c : c;
	}
	return x->d < lim->d ? -1 : x->d > lim->d;
}

static inline bool js_type_is(const struct js_node *x, const char *t)
{
	switch (t[0]) { /* the first letter tells the type names apart, but for "null" and "number" */
	case 'o': return !strcmp(t, "object") && x->kind == JS_OBJ;
	case 'a': return !strcmp(t, "array") && x->kind == JS_ARR;
	case 's': return !strcmp(t, "string") && x->kind == JS_STR;
	case 'i': return !strcmp(t, "integer") && x->kind == JS_NUM && x->isint;
	case 'b': return !strcmp(t, "boolean") && x->kind == JS_BOOL;
	case 'n': return !strcmp(t, "null") ? x->kind == JS_NULL : !strcmp(t, "number") && x->kind == JS_NUM;
	default: return false;
	}
}

static inline bool js_type_name_ok(const char *t)
{
	static const char *const names[] = { "null", "boolean", "object", "array", "string", "number", "integer" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(t, names[i]))
			return true;
	return false;
}

static inline void js_path_add(char *path, size_t *len, const char *seg, size_t n)
{
	size_t l = *len;
	if (l + 1 < 256)
		path[l++] = '/';
	for (size_t i = 0; i < n && l + 2 < 256; i++) {
		if (seg[i] == '~' || seg[i] == '/') { /* RFC 6901 §3 */
			path[l++] = '~';
			path[l++] = seg[i] == '~' ? '0' : '1';
		} else {
			path[l++] = seg[i];
		}
	}
	path[l] = 0;
	*len = l;
}

/* strlcpy: copy what fits, always NUL-terminated */
static inline void js_copy(char *dst, size_t cap, const char *a, const char *b)
{
	size_t n = 0;
	for (const char *s = a; s && *s && n + 1 < cap; s++)
		dst[n++] = *s;
	for (const char *s = b; s && *s && n + 1 < cap; s++)
		dst[n++] = *s;
	dst[n] = 0;
}

static inline bool js_error(struct js_err *e, const char *path, const char *kw, const char *fmt, const char *arg)
{
	js_copy(e->path, sizeof e->path, path[0] ? path : "/", NULL);
	js_copy(e->keyword, sizeof e->keyword, kw, NULL);
	/* fmt has one %s (no other conversions): printf without its cost on
	 * the many failing branches of oneOf */
	const char *pc = strstr(fmt, "%s");
	size_t n = 0;
	for (const char *q = fmt; *q && n + 1 < sizeof e->msg; q++) {
		if (q == pc) {
			for (const char *r = arg; *r && n + 1 < sizeof e->msg; r++)
				e->msg[n++] = *r;
			q++;
			continue;
		}
		e->msg[n++] = *q;
	}
	e->msg[n] = 0;
	return false;
}

/* How telling a failed oneOf branch is: the deeper into the instance the
 * better; at the same depth, a branch that took the value's type and then
 * failed says more than one for another type. */
static inline size_t js_err_rank(const struct js_err *e)
{
	size_t k = strlen(e->keyword);
	bool type = k >= 4 && !strcmp(e->keyword + k - 4, "type");
	return strlen(e->path) * 2 + !type;
}

/* kw (k->klen bytes) is the keyword S: compile-time lengths keep the
 * per-line dispatch cheap */
#define JS_KW(S) (k->klen == sizeof(S) - 1 && !memcmp(kw, S, sizeof(S) - 1))

/* Validate instance node x of document id against schema node sn.  path is
 * x's JSON Pointer (plen bytes, room for 256).  false with *err set. */
static inline bool js_validate(const struct js_doc *sd, uint32_t sn, const struct js_doc *id, uint32_t x, char *path,
			       size_t plen, struct js_err *err, int depth);

/* js_validate of a child c of the node at path, which the child's segment
 * (seg, n bytes) extends while it is checked; cut back once it passes. */
static inline bool js_validate_child(const struct js_doc *sd, uint32_t sn, const struct js_doc *id, uint32_t c,
				     char *path, size_t plen, const char *seg, size_t n, struct js_err *err, int depth)
{
	size_t l = plen;
	js_path_add(path, &l, seg, n);
	if (!js_validate(sd, sn, id, c, path, l, err, depth))
		return false;
	path[plen] = 0;
	return true;
}

static inline bool js_validate(const struct js_doc *sd, uint32_t sn, const struct js_doc *id, uint32_t x, char *path,
			       size_t plen, struct js_err *err, int depth)
{
	const struct js_node *s = &sd->n[sn], *v = &id->n[x];
	path[plen] = 0;
	if (depth > JS_MAX_DEPTH)
		return js_error(err, path, "$ref", "%s", "schema references nest too deeply");
	if (s->kind == JS_BOOL)
		return s->b ? true : js_error(err, path, "false", "%s", "schema false allows nothing");
	if (s->kind != JS_OBJ)
		return js_error(err, path, "(schema)", "%s", "a schema must be an object or a boolean");
	for (uint32_t m = s->first; m != JS_NONE; m = sd->n[m].next) {
		const struct js_node *k = &sd->n[m];
		const char *kw = sd->s + k->key; /* NUL-terminated in the pool */
		if (strlen(kw) != k->klen)
			return js_error(err, path, "(schema)", "%s", "NUL in a keyword");
		if (JS_KW("$schema") || JS_KW("$id") || JS_KW("title") || JS_KW("description") || JS_KW("$defs"))
			continue;
		if (JS_KW("type")) {
			bool ok = false;
			if (k->kind == JS_STR)
				ok = js_type_is(v, js_str(sd, k->str));
			else if (k->kind == JS_ARR)
				for (uint32_t t = k->first; t != JS_NONE; t = sd->n[t].next)
					ok |= sd->n[t].kind == JS_STR && js_type_is(v, js_str(sd, sd->n[t].str));
			if (!ok)
				return js_error(err, path, "type", "%s", "wrong type");
		} else if (JS_KW("enum")) {
			bool ok = false;
			for (uint32_t t = k->kind == JS_ARR ? k->first : JS_NONE; t != JS_NONE && !ok; t = sd->n[t].next)
				ok = js_equal(sd, t, id, x);
			if (!ok)
				return js_error(err, path, "enum", "%s", v->kind == JS_STR ? js_str(id, v->str) : "(not a string)");
		} else if (JS_KW("const")) {
			if (!js_equal(sd, m, id, x))
				return js_error(err, path, "const", "%s", "not the constant");
		} else if (JS_KW("properties")) {
			if (v->kind != JS_OBJ)
				continue;
			for (uint32_t p = k->first; p != JS_NONE; p = sd->n[p].next) {
				const char *name = sd->s + sd->n[p].key;
				uint32_t c = js_getn(id, x, name, sd->n[p].klen);
				if (c != JS_NONE &&
				    !js_validate_child(sd, p, id, c, path, plen, name, sd->n[p].klen, err, depth + 1))
					return false;
			}
		} else if (JS_KW("required")) {
			if (v->kind != JS_OBJ)
				continue;
			for (uint32_t r = k->first; r != JS_NONE; r = sd->n[r].next)
				if (sd->n[r].kind != JS_STR || js_get(id, x, js_str(sd, sd->n[r].str)) == JS_NONE)
					return js_error(err, path, "required", "missing \"%s\"",
							sd->n[r].kind == JS_STR ? js_str(sd, sd->n[r].str) : "?");
		} else if (JS_KW("additionalProperties")) {
			if (v->kind != JS_OBJ)
				continue;
			uint32_t props = js_get(sd, sn, "properties");
			for (uint32_t c = v->first; c != JS_NONE; c = id->n[c].next) {
				const char *name = id->s + id->n[c].key; /* NUL-terminated in the pool */
				if (js_getn(sd, props, name, id->n[c].klen) != JS_NONE)
					continue;
				if (k->kind == JS_BOOL && !k->b) {
					size_t l = plen;
					js_path_add(path, &l, name, id->n[c].klen);
					return js_error(err, path, "additionalProperties", "key \"%s\" not allowed", name);
				}
				if (!js_validate_child(sd, m, id, c, path, plen, name, id->n[c].klen, err, depth + 1))
					return false;
			}
		} else if (JS_KW("items")) {
			if (v->kind != JS_ARR)
				continue;
			unsigned i = 0;
			for (uint32_t c = v->first; c != JS_NONE; c = id->n[c].next, i++) {
				char ix[16], *q = ix + sizeof ix;
				unsigned u = i;
				do
					*--q = (char)('0' + u % 10);
				while (u /= 10);
				if (!js_validate_child(sd, m, id, c, path, plen, q, (size_t)(ix + sizeof ix - q), err, depth + 1))
					return false;
			}
		} else if (JS_KW("minItems") || JS_KW("maxItems")) {
			if (v->kind != JS_ARR)
				continue;
			bool mn = kw[1] == 'i';
			if (k->kind != JS_NUM || !k->isint || k->neg || k->big || (mn ? v->count < k->mag : v->count > k->mag))
				return js_error(err, path, kw, "%s", mn ? "too few items" : "too many items");
		} else if (JS_KW("minimum") || JS_KW("maximum")) {
			if (v->kind != JS_NUM)
				continue;
			int c = k->kind == JS_NUM ? js_cmp(v, k) : 0;
			if (k->kind != JS_NUM || (kw[1] == 'i' ? c < 0 : c > 0))
				return js_error(err, path, kw, "%s", kw[1] == 'i' ? "below the minimum" : "above the maximum");
		} else if (JS_KW("pattern")) {
			if (v->kind != JS_STR)
				continue;
			struct js_pattern pt;
			if (k->kind != JS_STR || !js_pattern_compile(js_str(sd, k->str), k->slen, &pt))
				return js_error(err, path, "pattern", "%s", "unsupported pattern in the schema");
			if (!js_pattern_match(&pt, js_str(id, v->str), v->slen))
				return js_error(err, path, "pattern", "\"%s\" does not match", js_str(id, v->str));
		} else if (JS_KW("oneOf")) {
			unsigned ok = 0;
			struct js_err best, e;
			size_t bestlen = 0;
			memset(&best, 0, sizeof best);
			for (uint32_t b = k->kind == JS_ARR ? k->first : JS_NONE; b != JS_NONE; b = sd->n[b].next) {
				memset(&e, 0, sizeof e);
				if (js_validate(sd, b, id, x, path, plen, &e, depth + 1))
					ok++;
				else if (!best.keyword[0] || js_err_rank(&e) > bestlen)
					best = e, bestlen = js_err_rank(&e);
				path[plen] = 0;
			}
			if (ok == 1)
				continue;
			if (ok > 1)
				return js_error(err, path, "oneOf", "%s", "more than one branch matches");
			/* no branch: report the branch that got deepest into the instance */
			js_copy(err->path, sizeof err->path, best.path, NULL);
			js_copy(err->keyword, sizeof err->keyword, "oneOf/", best.keyword);
			js_copy(err->msg, sizeof err->msg,
				strncmp(best.msg, "no branch", 9) ? "no branch matches; closest: " : "", best.msg);
			return false;
		} else if (JS_KW("$ref")) {
			uint32_t t = js_resolve(sd, m);
			if (t == JS_NONE)
				return js_error(err, path, "$ref", "%s", "unresolvable reference");
			if (!js_validate(sd, t, id, x, path, plen, err, depth + 1))
				return false;
			path[plen] = 0;
		} else {
			return js_error(err, path, kw, "%s", "keyword the validator does not implement");
		}
	}
	return true;
}

/* Check that schema node sn (and every schema inside it) uses only the
 * implemented keywords, with values of the right shape, references that
 * resolve and patterns the matcher supports.  false with *err (path in the
 * schema). */
static inline bool js_schema_lint(const struct js_doc *sd, uint32_t sn, char *path, size_t plen, struct js_err *err,
				  int depth)
{
	const struct js_node *s = &sd->n[sn];
	path[plen] = 0;
	if (depth > JS_MAX_DEPTH)
		return js_error(err, path, "(schema)", "%s", "nested too deeply");
	if (s->kind == JS_BOOL)
		return true;
	if (s->kind != JS_OBJ)
		return js_error(err, path, "(schema)", "%s", "a schema must be an object or a boolean");
	for (uint32_t m = s->first; m != JS_NONE; m = sd->n[m].next) {
		const struct js_node *k = &sd->n[m];
		char kw[64];
		snprintf(kw, sizeof kw, "%.*s", (int)k->klen, sd->s + k->key);
		size_t l = plen;
		js_path_add(path, &l, kw, strlen(kw));
		bool known = false, ann = false;
		for (size_t i = 0; i < sizeof js_annotations / sizeof js_annotations[0]; i++)
			ann |= !strcmp(kw, js_annotations[i]);
		for (size_t i = 0; i < sizeof js_keywords / sizeof js_keywords[0]; i++)
			known |= !strcmp(kw, js_keywords[i]);
		if (ann) {
			if (k->kind != JS_STR)
				return js_error(err, path, kw, "%s", "annotation must be a string");
			continue;
		}
		if (!known)
			return js_error(err, path, kw, "%s", "keyword the validator does not implement");
		bool ok = true;
		if (!strcmp(kw, "type")) {
			if (k->kind == JS_STR)
				ok = js_type_name_ok(js_str(sd, k->str));
			else if (k->kind == JS_ARR && k->count)
				for (uint32_t t = k->first; t != JS_NONE; t = sd->n[t].next)
					ok &= sd->n[t].kind == JS_STR && js_type_name_ok(js_str(sd, sd->n[t].str));
			else
				ok = false;
		} else if (!strcmp(kw, "enum")) {
			ok = k->kind == JS_ARR && k->count;
		} else if (!strcmp(kw, "required")) {
			ok = k->kind == JS_ARR;
			for (uint32_t t = ok ? k->first : JS_NONE; t != JS_NONE; t = sd->n[t].next)
				ok &= sd->n[t].kind == JS_STR;
		} else if (!strcmp(kw, "minItems") || !strcmp(kw, "maxItems")) {
			ok = k->kind == JS_NUM && k->isint && !k->neg && !k->big;
		} else if (!strcmp(kw, "minimum") || !strcmp(kw, "maximum")) {
			ok = k->kind == JS_NUM;
		} else if (!strcmp(kw, "pattern")) {
			struct js_pattern pt;
			ok = k->kind == JS_STR && js_pattern_compile(js_str(sd, k->str), k->slen, &pt);
		} else if (!strcmp(kw, "$ref")) {
			ok = js_resolve(sd, m) != JS_NONE;
		} else if (!strcmp(kw, "properties") || !strcmp(kw, "$defs")) {
			ok = k->kind == JS_OBJ;
			for (uint32_t p = ok ? k->first : JS_NONE; p != JS_NONE && ok; p = sd->n[p].next) {
				size_t l2 = l;
				js_path_add(path, &l2, sd->s + sd->n[p].key, sd->n[p].klen);
				if (!js_schema_lint(sd, p, path, l2, err, depth + 1))
					return false;
			}
		} else if (!strcmp(kw, "oneOf")) {
			ok = k->kind == JS_ARR && k->count;
			unsigned i = 0;
			for (uint32_t p = ok ? k->first : JS_NONE; p != JS_NONE; p = sd->n[p].next, i++) {
				char ix[16];
				size_t l2 = l;
				snprintf(ix, sizeof ix, "%u", i);
				js_path_add(path, &l2, ix, strlen(ix));
				if (!js_schema_lint(sd, p, path, l2, err, depth + 1))
					return false;
			}
		} else if (!strcmp(kw, "additionalProperties") || !strcmp(kw, "items")) {
			if (!js_schema_lint(sd, m, path, l, err, depth + 1))
				return false;
		}
		path[l] = 0;
		if (!ok)
			return js_error(err, path, kw, "%s", "malformed or unsupported value");
		path[plen] = 0;
	}
	return true;
}

/* Parse the JSON file at path (docs/json-schema.json: tests run from the
 * repository root) into d: false when it cannot be read, is larger than
 * 128 KiB or is not JSON. */
static inline bool js_load(struct js_doc *d, const char *path)
{
	FILE *f = fopen(path, "rb");
	static char text[1 << 17];
	size_t n = f ? fread(text, 1, sizeof text, f) : 0;
	if (f)
		fclose(f);
	return n && n < sizeof text && js_parse(d, text, n);
}

/* Whether the JSON text json[0, n) parses (into inst) and is valid against
 * schema node sn of sd (0: the whole schema; js_get for a $defs entry). */
static inline bool js_valid_text(const struct js_doc *sd, uint32_t sn, struct js_doc *inst, const char *json, size_t n)
{
	struct js_err e;
	char path[256] = "";
	memset(&e, 0, sizeof e);
	return sn != JS_NONE && js_parse(inst, json, n) && js_validate(sd, sn, inst, 0, path, 0, &e, 0);
}

#endif

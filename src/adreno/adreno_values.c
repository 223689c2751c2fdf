/* Register field values as Mesa's rnndb types them (rules-fd.xsd: uint,
 * int, hex, fixed / ufixed with radix, float, address / waddress, shr), as
 * Mesa's cffdump prints them (envytools rnndec.c rnndec_decodeval, reached
 * through freedreno's rnnutil): uint and int in decimal, hex and addresses
 * as 0x..., fixed-point and float with %f ("LINEHALFWIDTH = 0.500000",
 * "GRAS_CL_VPORT[0].XOFFSET: 1080.000000"), a value with shr shifted back
 * into place, and a3xx_regid as the shader register it names (rN.x-w, the
 * id's bits [7:2] and [1:0]).  The text reads back to the same bits
 * (gk_adreno_value_parse): a float or fixed-point value %f would round is
 * printed with the digits that keep it (%.9g / %.17g).  Booleans and enums
 * keep the default (NAME=1, the value's name). */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/msm.h"
#include "adreno_tab.h"
#include "out.h"

static const struct gk_adreno_vtype *vtype_of(const struct gk_reg_field *f)
{
	/* one unsigned compare covers both ends (below the array wraps round) */
	uintptr_t off = (uintptr_t)f - (uintptr_t)gk_adreno_reg_fields;
	if (!f || off >= (uintptr_t)GK_ADRENO_NREG_FIELDS * sizeof *f || off % sizeof *f)
		return NULL;
	return &gk_adreno_reg_vtypes[off / sizeof *f];
}

static unsigned width(const struct gk_reg_field *f)
{
	return (unsigned)(f->hi - f->lo) + 1u;
}

/* IEEE half precision to double (a 16-bit float field) */
static double half_value(uint32_t h)
{
	unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
	double v = e ? (double)(m | 0x400) / 1024.0 : (double)m / 1024.0;
	int ex = e ? (int)e - 15 : -14;
	for (; ex > 0; ex--)
		v *= 2;
	for (; ex < 0; ex++)
		v /= 2;
	return (h & 0x8000) ? -v : v;
}

static double float_value(uint32_t raw, unsigned w, int *ok)
{
	*ok = 1;
	if (w == 32) {
		float x;
		memcpy(&x, &raw, sizeof x);
		if (x != x || x - x != 0) /* NaN, infinity: shown as the number */
			*ok = 0;
		return (double)x;
	}
	if (w == 16) {
		if (((raw >> 10) & 0x1f) == 0x1f)
			*ok = 0;
		return half_value(raw);
	}
	*ok = 0;
	return 0;
}

static double scale(unsigned radix)
{
	double s = 1;
	for (unsigned i = 0; i < radix; i++)
		s *= 2;
	return s;
}

/* fixed / ufixed: raw as a number of 2^-radix */
static double fixed_value(const struct gk_adreno_vtype *t, uint32_t raw, unsigned w)
{
	int64_t v = (int64_t)raw;
	if (t->type == GK_AV_FIXED && w < 64 && (raw >> (w - 1)) & 1)
		v -= (int64_t)1 << w;
	return (double)v / scale(t->radix);
}

/* The text written from s to d (into buf itself, or into a scratch buffer
 * when buf is too small to write in place) as the result: its length, with
 * a NUL after it in buf; 0 when it does not fit cap. */
static size_t put_done(char *buf, size_t cap, const char *s, const char *d)
{
	size_t n = (size_t)(d - s);
	if (n >= cap)
		return 0;
	if (s != buf)
		memcpy(buf, s, n);
	buf[n] = 0;
	return n;
}

/* A real number whose fraction has at most six binary digits (v * 64 is a
 * whole number) has an exact decimal form of at most six digits after the
 * point, so "%f" prints it exactly and it reads back to the same bits; that
 * covers every fixed-point field of radix <= 6 and most floats a driver
 * writes (0.5, 1080.0, -0.25).  Written here by hand: snprintf("%f") and the
 * strtod that checked it were ~45% of the a630 bench stream's decode text
 * (callgrind).  Returns 0 when v is not such a number (or does not fit). */
static size_t put_exact(double v, char *buf, size_t cap)
{
	double a = signbit(v) ? -v : v;
	if (!(a < 2147483648.0))
		return 0;
	double t = a * 64;
	uint64_t whole64 = (uint64_t)t;
	if ((double)whole64 != t)
		return 0;
	uint32_t ip = (uint32_t)(whole64 >> 6), frac = (uint32_t)(whole64 & 63) * 15625u; /* 1/64 = 0.015625 */
	/* at most "-2147483647.984375": 18 bytes and the NUL */
	char tmp[24], *d = cap >= sizeof tmp ? buf : tmp, *s = d;
	if (signbit(v))
		*d++ = '-';
	d = gk_put_dec32(d, ip);
	*d++ = '.';
	uint32_t h = frac / 10000; /* frac < 10^6: six digits, leading zeros */
	d = gk_put_pair(d, h);
	d = gk_put4(d, frac - 10000 * h);
	return put_done(buf, cap, s, d);
}

/* "%.9g" of a 32-bit float below 4e-7 (a 9-digit mantissa and an exponent
 * of -7 or below: always the exponent form), by hand: v times a power of
 * ten in double arithmetic is within 3e-7 of the exact product (relative
 * error under 2^-51; the product is below 1e9), so the rounded mantissa is
 * the correctly rounded one unless the product lies within 1e-4 of a half
 * or of the range's ends, where this returns 0 and the caller asks
 * snprintf.  The bench stream's random floats are mostly this small, and
 * snprintf's exact arithmetic was ~17% of its decode text (callgrind). */
static inline __attribute__((always_inline)) size_t put_tiny_g9(double v, char *buf, size_t cap)
{
	static const double pow10[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13,
					1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27,
					1e28, 1e29, 1e30, 1e31, 1e32, 1e33, 1e34, 1e35, 1e36, 1e37, 1e38, 1e39, 1e40, 1e41,
					1e42, 1e43, 1e44, 1e45, 1e46, 1e47, 1e48, 1e49, 1e50, 1e51, 1e52, 1e53, 1e54, 1e55 };
	double a = fabs(v);
	if (!(a > 0 && a < 4e-7))
		return 0;
	/* the first p with a * 10^p >= 1e8, searched from the binary
	 * exponent's estimate: a >= 2^e2, so a * 10^p >= 1e8 needs
	 * p >= 8 - log10(a) > 8 - (e2 + 1) log10(2), whose floor (0.30103
	 * over log10(2) moves it by under 5e-6) is at most the true p; from
	 * p = 0 it took 50 steps for the denormals the bench stream has (a
	 * fifth of put_real), from one below the estimate three or four
	 * compares more a value than from it (callgrind, decode of the a630
	 * quarter bench stream).  A start past the true p, were the estimate
	 * ever above it, gives x >= 1e9, which the test below turns away:
	 * the caller's snprintf then, never other digits. */
	uint64_t bits;
	memcpy(&bits, &a, sizeof bits);
	int e2 = (int)((bits >> 52) & 0x7ff) - 1023;
	int p0 = (int)(8.0 - (e2 + 1) * 0.30103);
	unsigned p = p0 > 0 ? (unsigned)p0 : 0;
	double x = 0;
	while (p < sizeof pow10 / sizeof pow10[0] && (x = a * pow10[p]) < 1e8)
		p++;
	if (!(x >= 1e8 + 1e-3 && x < 1e9 - 1e-3))
		return 0; /* not found, or too near a power of ten to say which */
	uint32_t m = (uint32_t)x;
	double frac = x - (double)m;
	if (frac > 0.5 - 1e-4 && frac < 0.5 + 1e-4)
		return 0; /* too near a tie */
	if (frac > 0.5)
		m++;
	int e = 8 - (int)p;
	if (m == 1000000000u) { /* rounded up to the next power of ten */
		m = 100000000u;
		e++;
	}
	/* at most "-1.23456789e-308": 16 bytes and the NUL; straight into buf
	 * when it has room for the longest (the printers give 64): the first
	 * digit, the point and the other eight always written (4 + 4 by
	 * gk_put4), the end then put after the last digit that is not a 0
	 * (%g drops trailing zeros, and a point with none after it) */
	char tmp[24], *d = cap >= sizeof tmp ? buf : tmp, *s = d;
	if (v < 0)
		*d++ = '-';
	uint32_t lead = m / 100000000u, rest = m - 100000000u * lead; /* 10^8 <= m < 10^9 */
	uint32_t hi = rest / 10000u;
	d[0] = (char)('0' + lead);
	d[1] = '.';
	gk_put4(d + 2, hi);
	gk_put4(d + 6, rest - 10000u * hi);
	unsigned keep = 8; /* digits after the point */
	while (keep && d[1 + keep] == '0')
		keep--;
	d += keep ? 2 + keep : 1;
	*d++ = 'e';
	*d++ = e < 0 ? '-' : '+';
	unsigned ae = (unsigned)(e < 0 ? -e : e);
	if (ae >= 100)
		*d++ = (char)('0' + ae / 100);
	d = gk_put_pair(d, ae % 100);
	return put_done(buf, cap, s, d);
}

/* a double as %f when that text reads back to the same bits, else with
 * the digits that do */
static __attribute__((noinline)) size_t put_real(const struct gk_reg_field *f, uint32_t raw, double v, char *buf, size_t cap)
{
	static const char *const forms[] = { "%f", "%.9g", "%.17g" };
	size_t exact = put_exact(v, buf, cap);
	if (exact)
		return exact;
	unsigned first = 0;
	if (width(f) == 32 && v != 0 && v > -4e-7 && v < 4e-7) {
		/* a 32-bit float this small: "%f" gives 0.000000, which reads
		 * back as zero, and "%.9g" (FLT_DECIMAL_DIG digits, in
		 * exponent form here) reads back to any float exactly */
		size_t tiny = put_tiny_g9(v, buf, cap);
		if (tiny)
			return tiny;
		int n = snprintf(buf, cap, "%.9g", v);
		if (n > 0 && (size_t)n < cap)
			return (size_t)n;
		first = 1;
	}
	for (unsigned i = first; i < 3; i++) {
		int n = snprintf(buf, cap, forms[i], v);
		uint32_t back;
		if (n > 0 && (size_t)n < cap && gk_adreno_value_parse(f, buf, (size_t)n, &back) == 0 && back == raw)
			return (size_t)n;
	}
	return 0;
}

/* a number (after a one-letter sign: '-', 'r', or 0 for none) into buf,
 * NUL-terminated, when it fits; hex as "0x..." except 0, which is "0" as
 * rnndec prints it.  Straight into buf: through a gk_out on the stack it
 * was ~200 instructions a value (callgrind, decode of the a630 bench
 * stream: 18 M of its 197 M). */
static size_t put_number(char sign, uint64_t v, bool hex, char *buf, size_t cap)
{
	char tmp[24], *d = cap >= sizeof tmp ? buf : tmp, *s = d; /* sign, 20 digits or 0x and 16 */
	if (sign)
		*d++ = sign;
	if (hex && v) {
		d = gk_put_hex64(d, v);
	} else if (v <= UINT32_MAX) {
		d = gk_put_dec32(d, (uint32_t)v);
	} else {
		char rev[20];
		unsigned k = 0;
		for (; v; v /= 10)
			rev[k++] = (char)('0' + v % 10);
		while (k)
			*d++ = rev[--k];
	}
	return put_done(buf, cap, s, d);
}

/* the other forms: shifted values, signed ones, reals; out of line, so
 * the common forms above take no frame for them */
static __attribute__((noinline)) size_t value_text_general(const struct gk_reg_field *f,
							    const struct gk_adreno_vtype *t, uint32_t raw,
							    char *buf, size_t cap)
{
	unsigned w = width(f);
	uint64_t shifted = (uint64_t)raw << t->shr;
	/* numbers by hand, not snprintf: every typed field of a register run
	 * comes through here (the printf family was a third of the a630 bench
	 * stream's text, callgrind) */
	switch (t->type) {
	case GK_AV_UINT:
		return put_number(0, shifted, false, buf, cap);
	case GK_AV_INT: {
		int64_t v = (int64_t)raw;
		if (w < 64 && (raw >> (w - 1)) & 1)
			v -= (int64_t)1 << w;
		v *= (int64_t)1 << t->shr;
		return put_number(v < 0 ? '-' : 0, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, false, buf, cap);
	}
	case GK_AV_HEX:
	case GK_AV_ADDRESS:
		return put_number(0, shifted, true, buf, cap); /* rnndec: 0 as "0" */
	case GK_AV_FIXED:
	case GK_AV_UFIXED:
		if (t->shr)
			return 0;
		return put_real(f, raw, fixed_value(t, raw, w), buf, cap);
	case GK_AV_FLOAT: {
		int ok;
		double v = float_value(raw, w, &ok);
		return ok && !t->shr ? put_real(f, raw, v, buf, cap) : 0;
	}
	case GK_AV_REGID: {
		if (w < 3 || t->shr)
			return 0;
		size_t n = put_number('r', raw >> 2, false, buf, cap);
		if (!n || n + 2 >= cap)
			return 0;
		buf[n] = '.';
		buf[n + 1] = "xyzw"[raw & 3];
		buf[n + 2] = 0;
		return n + 2;
	}
	default:
		if (!t->shr)
			return 0; /* booleans, enums, untyped: the default */
		return put_number(0, shifted, true, buf, cap);
	}
}

size_t gk_adreno_value_text_general(const struct gk_reg_field *f, uint32_t raw, char *buf, size_t cap)
{
	const struct gk_adreno_vtype *t = vtype_of(f);
	if (!t || !buf || cap < 2)
		return 0;
	return value_text_general(f, t, raw, buf, cap);
}

/* fixed / ufixed of radix <= 6 as put_exact writes it ("%f" of the value,
 * exact in six decimals), from the bits by integer arithmetic, no double:
 * the sign, the whole part, and the fraction's 2^-6 steps of 0.015625;
 * 0 when the whole part is 2^31 or more (put_exact's range: the general
 * code takes it).  buf has room for 24 bytes. */
static size_t put_fixed6(uint32_t raw, unsigned w, unsigned radix, bool is_signed, char *buf)
{
	uint64_t mag = raw;
	bool neg = is_signed && (raw >> (w - 1)) & 1;
	if (neg)
		mag = ((uint64_t)1 << w) - raw; /* |raw - 2^w| */
	uint64_t ip = mag >> radix;
	if (ip > INT32_MAX)
		return 0;
	uint32_t frac = (uint32_t)(mag & ((1u << radix) - 1)) << (6 - radix);
	frac *= 15625u; /* 1/64 = 0.015625: six digits */
	char *d = buf;
	if (neg)
		*d++ = '-';
	d = gk_put_dec32(d, (uint32_t)ip);
	*d++ = '.';
	uint32_t h = frac / 10000;
	d = gk_put_pair(d, h);
	d = gk_put4(d, frac - 10000 * h);
	*d = 0;
	return (size_t)(d - buf);
}

/* a non-zero 32-bit float (GK_AK_FLOAT32) into buf, which has room for
 * 24 bytes: a value below 4e-7 (no exact six-decimal form, so put_real
 * would come to %.9g after put_exact failed) asked of put_tiny_g9 first
 * (the bench stream's 16,000 random floats are all such; callgrind).  Its
 * own function, gk_adreno_value_text's jump where value_text_other's
 * frame, its tests of buffer and value and its switch came before it
 * (callgrind, decode -j 1 of the a630 quarter bench stream: 93.54 M ->
 * 93.39 M; put_tiny_g9 inline in it, 93.21 M) */
static __attribute__((noinline)) size_t float32_text(const struct gk_reg_field *f, uint32_t raw, char *buf,
						     size_t cap)
{
	int ok;
	double v = float_value(raw, width(f), &ok);
	if (!ok)
		return 0;
	/* (cap >= 24: the caller's test, said here so that put_tiny_g9
	 * inline writes into buf without its scratch copy, and put_real
	 * out of line: with either, this function saved four registers at
	 * each float, which its tiny writer, every float of the bench
	 * stream, has no use for) */
	if (cap < 24)
		return put_real(f, raw, v, buf, cap);
	size_t n = put_tiny_g9(v, buf, cap);
	return n ? n : put_real(f, raw, v, buf, cap);
}

/* the kinds gk_adreno_value_text does not write in place: a non-zero
 * real, and the general code's (or any kind into a buffer under 24
 * bytes); out of line, so the common kinds take no frame for them */
static __attribute__((noinline)) size_t value_text_other(const struct gk_reg_field *f,
							  const struct gk_adreno_vtype *t, uint32_t raw,
							  char *buf, size_t cap)
{
	if (cap >= 24 && raw) {
		int ok;
		switch (t->kind) {
		case GK_AK_FIXED:
		case GK_AK_UFIXED: {
			size_t n = put_fixed6(raw, width(f), t->radix, t->kind == GK_AK_FIXED, buf);
			if (n)
				return n;
			break;
		}
		case GK_AK_FLOAT32:
			return float32_text(f, raw, buf, cap);
		case GK_AK_FLOAT16: {
			double v = float_value(raw, width(f), &ok);
			return ok ? put_real(f, raw, v, buf, cap) : 0;
		}
		default:
			break;
		}
	}
	return value_text_general(f, t, raw, buf, cap);
}

size_t gk_adreno_value_text(const struct gk_reg_field *f, uint32_t raw, char *buf, size_t cap)
{
	const struct gk_adreno_vtype *t = vtype_of(f);
	/* one switch on the way the generator chose for the field (struct
	 * gk_adreno_vtype's kind), the common kinds written in place by a
	 * function that saves no register: the printers ask about every
	 * field without a value name (decode --json of the a630 quarter
	 * bench stream: 349,000 calls), and testing its type, shr and width
	 * at each, then calling the typed and the general writers in turn,
	 * was ~23.6 M instructions of its 207 M (callgrind) */
	if (!t || t->kind == GK_AK_NONE || !buf || cap < 2)
		return 0;
	char *d = buf;
	if (cap < 24)
		return value_text_other(f, t, raw, buf, cap); /* through a scratch buffer */
	switch (t->kind) {
	case GK_AK_UINT:
		d = gk_put_dec32(d, raw);
		break;
	case GK_AK_HEX:
		if (raw)
			d = gk_put_hex32(d, raw);
		else
			*d++ = '0'; /* rnndec: 0 as "0" */
		break;
	case GK_AK_REGID:
		*d++ = 'r';
		d = gk_put_dec32(d, raw >> 2);
		*d++ = '.';
		*d++ = "xyzw"[raw & 3];
		break;
	case GK_AK_FLOAT32:
		if (raw)
			return float32_text(f, raw, buf, cap); /* cap >= 24: tested above */
		memcpy(d, "0.000000", 8); /* a zero real, as put_exact writes it */
		d += 8;
		break;
	case GK_AK_FLOAT16:
	case GK_AK_FIXED:
	case GK_AK_UFIXED:
		if (!raw) {
			/* a zero real, as put_exact writes it (JSON shows
			 * every field: half the reals of the bench stream's
			 * JSON are zero) */
			memcpy(d, "0.000000", 8);
			d += 8;
			break;
		}
		return value_text_other(f, t, raw, buf, cap);
	case GK_AK_HEX_SHR:
		/* the 64-bit shifted value: the bench stream's addresses
		 * (~10,000 on the quarter stream, callgrind) */
		if (raw)
			d = gk_put_hex64(d, (uint64_t)raw << t->shr);
		else
			*d++ = '0';
		break;
	case GK_AK_UINT_SHR: {
		/* the shifted value in decimal when it is under 2^32 (the
		 * bench stream's ~11,000 shifted counts and sizes went through
		 * value_text_other, value_text_general and put_number, ~90
		 * instructions each, callgrind); the wider ones as before */
		uint64_t s = (uint64_t)raw << t->shr;
		if (s > UINT32_MAX)
			return value_text_other(f, t, raw, buf, cap);
		d = gk_put_dec32(d, (uint32_t)s);
		break;
	}
	default:
		return value_text_other(f, t, raw, buf, cap);
	}
	*d = 0;
	return (size_t)(d - buf);
}

/* The kind of gk_adreno_value_text's text for field f at every value, for
 * a printer that plans its registers (the format's reg_value_kind): the
 * generator's never-typed fields (GK_AK_NONE: the hook returns 0 for
 * them) and the three it writes as plain numbers above, the rest through
 * the hook.  The JSON plans of the a630 quarter bench stream asked the
 * hook 349,000 times, ~93,000 of them for untyped fields (callgrind). */
uint8_t gk_adreno_value_kind(const struct gk_reg_field *f)
{
	const struct gk_adreno_vtype *t = vtype_of(f);
	if (!t)
		return GK_VK_HOOK;
	switch (t->kind) {
	case GK_AK_NONE:
		return GK_VK_NUMBER;
	case GK_AK_UINT:
		return GK_VK_UINT;
	case GK_AK_HEX:
		return GK_VK_HEX;
	case GK_AK_REGID:
		return GK_VK_REGID;
	default:
		return GK_VK_HOOK;
	}
}

/* the field's bits for value v (a signed number for int / fixed), if it fits */
static int fit(unsigned w, int64_t v, int is_signed, uint32_t *raw)
{
	if (w > 32)
		return -1;
	int64_t lo = is_signed ? -((int64_t)1 << (w - 1)) : 0;
	int64_t hi = is_signed ? ((int64_t)1 << (w - 1)) - 1 : ((int64_t)1 << w) - 1;
	if (v < lo || v > hi)
		return -1;
	*raw = (uint32_t)((uint64_t)v & (w == 32 ? 0xffffffffu : ((1u << w) - 1)));
	return 0;
}

/* a real number the text gives ("1080.000000", "-0.5", "1e-05") */
static int real_of(const char *s, double *v)
{
	bool real = false;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return -1; /* a raw number, in hex */
	for (const char *p = s; *p; p++)
		if (*p == '.' || *p == 'e' || *p == 'E')
			real = true;
		else if (!((*p >= '0' && *p <= '9') || *p == '-' || *p == '+'))
			return -1;
	if (!real)
		return -1;
	char *end;
	*v = strtod(s, &end);
	return *end ? -1 : 0;
}

/* float (32 bits) or half (16 bits) whose value is v exactly as text
 * reads: the float nearest v; a half only when v is one */
static int float_bits(unsigned w, double v, uint32_t *raw)
{
	if (w == 32) {
		float x = (float)v;
		if (x - x != 0)
			return -1;
		memcpy(raw, &x, sizeof *raw);
		return 0;
	}
	if (w == 16) {
		for (uint32_t h = 0; h < 0x10000; h++)
			if (((h >> 10) & 0x1f) != 0x1f && half_value(h) == v && !(v == 0 && (h & 0x8000) != (1.0 / v < 0 ? 0x8000u : 0)))
				return (*raw = h), 0;
	}
	return -1;
}

int gk_adreno_value_parse(const struct gk_reg_field *f, const char *s, size_t n, uint32_t *raw)
{
	const struct gk_adreno_vtype *t = vtype_of(f);
	char b[64];
	if (!t || !s || !raw || !n || n >= sizeof b)
		return -1;
	memcpy(b, s, n);
	b[n] = 0;
	unsigned w = width(f);
	double v;
	char *end;
	switch (t->type) {
	case GK_AV_FIXED:
	case GK_AV_UFIXED: {
		if (t->shr || real_of(b, &v))
			return -1;
		double x = v * scale(t->radix);
		if (!(x > -9.2e18 && x < 9.2e18))
			return -1;
		int64_t r = (int64_t)(x + (x >= 0 ? 0.5 : -0.5));
		return fit(w, r, t->type == GK_AV_FIXED, raw);
	}
	case GK_AV_FLOAT:
		if (t->shr || real_of(b, &v))
			return -1;
		return float_bits(w, v, raw);
	case GK_AV_REGID: {
		unsigned reg;
		char c, tail;
		if (b[0] != 'r' || sscanf(b, "r%u.%c%c", &reg, &c, &tail) != 2 || !strchr("xyzw", c) || reg > (1u << 25))
			return -1;
		return fit(w, (int64_t)reg << 2 | (int64_t)(strchr("xyzw", c) - "xyzw"), 0, raw);
	}
	case GK_AV_INT:
		if (b[0] == '-') {
			long long x = strtoll(b, &end, 10);
			if (*end || end == b + 1 || x % ((long long)1 << t->shr))
				return -1;
			return fit(w, x / ((long long)1 << t->shr), 1, raw);
		}
		break;
	default:
		break;
	}
	if (!t->shr)
		return -1; /* a number or a name: the default reading */
	/* a value shown shifted into place (shr): its bits are value >> shr */
	if (b[0] == '-')
		return -1;
	unsigned long long x = strtoull(b, &end, 0);
	if (*end || end == b || (x & ((1ull << t->shr) - 1)))
		return -1;
	return fit(w, (int64_t)(x >> t->shr), 0, raw);
}

static void append(char *buf, size_t cap, size_t *len, const char *s)
{
	size_t n = strlen(s);
	if (buf && *len + n < cap)
		memcpy(buf + *len, s, n + 1);
	*len += n;
}

size_t gk_adreno_reg_fields_text(const struct gk_reg *r, uint32_t value, char *buf, size_t cap)
{
	size_t len = 0;
	if (buf && cap)
		buf[0] = 0;
	if (!r)
		return 0;
	uint32_t claimed = 0;
	for (unsigned i = 0; r->fields && i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		if (f->lo > 31 || f->hi > 31 || f->hi < f->lo)
			continue;
		uint32_t m = (uint32_t)((2ull << f->hi) - (1ull << f->lo));
		uint32_t fv = (value & m) >> f->lo;
		claimed |= m;
		if (!fv)
			continue;
		const struct gk_adreno_vtype *t = vtype_of(f);
		if (!f->namelen && t && (t->type == GK_AV_HEX || t->type == GK_AV_ADDRESS) && !t->shr)
			continue; /* the register in hex: the value beside it says so */
		char v[64], item[160];
		const char *name = f->nvalues ? gk_reg_value_name(f, fv) : NULL;
		if (!name && gk_adreno_value_text(f, fv, v, sizeof v))
			name = v;
		if (!name)
			snprintf(v, sizeof v, f->hi - f->lo < 8 ? "%u" : "0x%x", fv);
		snprintf(item, sizeof item, "%s%s%s%s", len ? " " : "", f->name ? f->name : "", f->name && f->name[0] ? "=" : "",
			 name ? name : v);
		append(buf, cap, &len, item);
	}
	if (r->nfields && (value & ~claimed)) {
		char item[24];
		snprintf(item, sizeof item, "%s0x%x", len ? " " : "", value & ~claimed);
		append(buf, cap, &len, item);
	}
	if (buf && cap && len >= cap)
		buf[0] = 0; /* cut: nothing rather than half */
	return len;
}

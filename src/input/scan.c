/* Scanning a dump line (scan.h): what the text readers share. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "scan.h"

bool gk_scan_hex(const char *s, size_t n, size_t *i, bool want_0x, unsigned max_digits, uint64_t *v)
{
	size_t k = *i;
	if (want_0x) {
		if (k + 2 > n || s[k] != '0' || (s[k + 1] | 0x20) != 'x')
			return false;
		k += 2;
	}
	size_t start = k;
	uint64_t x = 0;
	while (k < n && gk_scan_is_hex(s[k])) {
		if (k - start >= max_digits)
			return false;
		x = x << 4 | gk_scan_hexv(s[k]);
		k++;
	}
	if (k == start)
		return false;
	*v = x;
	*i = k;
	return true;
}

bool gk_scan_dec(const char *s, size_t n, size_t *i, uint64_t *v)
{
	size_t k = *i, start = k;
	uint64_t x = 0;
	while (k < n && s[k] >= '0' && s[k] <= '9' && k - start < 19)
		x = x * 10 + (unsigned)(s[k++] - '0');
	if (k == start || (k < n && s[k] >= '0' && s[k] <= '9'))
		return false;
	*v = x;
	*i = k;
	return true;
}

void gk_scan_spaces(const char *s, size_t n, size_t *i)
{
	while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
		(*i)++;
}

bool gk_scan_starts(const char *s, size_t n, size_t i, const char *lit)
{
	size_t l = strlen(lit);
	return i + l <= n && memcmp(s + i, lit, l) == 0;
}

size_t gk_scan_token_end(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
		i++;
	return i;
}

size_t gk_scan_trim_end(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return n;
}

void gk_in_line_error(struct gk_in_line *out, size_t at, const char *msg)
{
	if (out->err_col)
		return;
	out->err_col = (uint32_t)at + 1;
	snprintf(out->err, sizeof out->err, "%s", msg);
}

void gk_in_line_errorf(struct gk_in_line *out, size_t at, const char *fmt, ...)
{
	if (out->err_col)
		return;
	out->err_col = (uint32_t)at + 1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->err, sizeof out->err, fmt, ap);
	va_end(ap);
}

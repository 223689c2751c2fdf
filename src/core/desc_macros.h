/* Shorthands for writing description tables (<family>_tab.c).  Each macro
 * is one field; extra designators (.cond, .align, .min/.max, .gens, .why,
 * .flags) may follow.  Bit ranges are inclusive, dw counts the header as 0. */
#ifndef GK_DESC_MACROS_H
#define GK_DESC_MACROS_H

#include "gfxkit/desc.h"

#define GK_U(n, d, l, h, ...)  { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_UINT, __VA_ARGS__ }
#define GK_X(n, d, l, h, ...)  { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_UINT, .flags = GK_F_HEX, __VA_ARGS__ }
#define GK_E(n, d, l, h, e, ...) { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_ENUM, .enm = &(e), __VA_ARGS__ }
#define GK_B(n, d, b, ...)     { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, b, b, 0}}, .nseg = 1, .kind = GK_FLAG, __VA_ARGS__ }
#define GK_BITS(n, d, l, h, e, ...) { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_FLAGS, .enm = &(e), __VA_ARGS__ }
#define GK_REGIDX(n, d, l, h, ...) { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_REG, __VA_ARGS__ }
#define GK_DC(n, d, l, h, ...) { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_DONTCARE, .flags = GK_F_HEX, __VA_ARGS__ }
/* Address whose low part sits in place in dword dl bits [31:lb] and whose
 * high part is dword dh bits [hb:0] = address bits [32+hb:32]. */
#define GK_A(n, dl, lb, dh, hb, al, ...) \
	{ .name = n, .namelen = sizeof(n) - 1, .seg = {{dl, lb, 31, lb}, {dh, 0, hb, 32}}, .nseg = 2, .kind = GK_ADDR, .align = al, __VA_ARGS__ }
/* Address held in one dword, shifted: bits [h:l] of dword d are address bits [..:p]. */
#define GK_AS(n, d, l, h, p, ...) \
	{ .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, p}}, .nseg = 1, .kind = GK_ADDR, __VA_ARGS__ }
#define GK_CONSTF(n, d, l, h, v) { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_CONST, .min = v }
#define GK_OPC(n, d, l, h)     { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_OPCODE }
#define GK_CNT(n, d, l, h, bias) { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, l, h, 0}}, .nseg = 1, .kind = GK_COUNT, .min = bias }
/* bit b of dword d: the odd parity of field i (0-based in the same array) */
#define GK_PAR(n, d, b, i)     { .name = n, .namelen = sizeof(n) - 1, .seg = {{d, b, b, 0}}, .nseg = 1, .kind = GK_PARITY, .parity_of = (i) + 1 }

/* presence conditions: field index i (0-based in the same array) has value in mask */
#define GK_WHEN(i, mask) .cond = (i) + 1, .cond_mask = (mask)
#define GK_V(v) (1u << (v))

#define GK_ENUM_DEF(id, bits, ...) \
	static const char *const id##_names[1u << (bits)] = { __VA_ARGS__ }; \
	static const struct gk_enum id = { bits, id##_names, NULL }

/* An enum whose values carry meanings (enum gk_tag) beside their names:
 * GK_ENUM_TAGS(id, bits, [v] = GK_TAG_..., ...) first, then
 * GK_ENUM_DEF_TAGGED(id, bits, names...) takes them. */
#define GK_ENUM_TAGS(id, bits, ...) \
	static const uint8_t id##_tags[1u << (bits)] = { __VA_ARGS__ }
#define GK_ENUM_DEF_TAGGED(id, bits, ...) \
	static const char *const id##_names[1u << (bits)] = { __VA_ARGS__ }; \
	static const struct gk_enum id = { bits, id##_names, id##_tags }

#define GK_COUNTOF(a) (sizeof(a) / sizeof((a)[0]))

#endif

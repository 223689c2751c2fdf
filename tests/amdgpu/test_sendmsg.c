/* s_sendmsg (seed 003): the tables against the seed's own table, the seed's
 * examples, every message x operation x stream by name and by number, the
 * boundaries, expressions and symbols, errors with their columns, bad input,
 * the -e isa word engine (decode -> text -> encode for every immediate), check
 * diagnostics and JSON. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/amdgpu.h"
#include "jsoncheck.h"
#include "asmcap.h"
#include "testlib.h"

/* Seed 003's table, written out again here (independently of
 * src/isa/amdgpu/sendmsg_tab.c) so the two can be compared. */
struct seed_op {
	const char *name;
	int id;
	bool stream;
};
struct seed_msg {
	const char *name;
	int id;
	struct seed_op ops[5];
};
static const struct seed_msg seed[] = {
	{ "MSG_INTERRUPT", 1, { { NULL, 0, 0 } } },
	{ "MSG_GS", 2, { { "GS_OP_CUT", 1, 1 }, { "GS_OP_EMIT", 2, 1 }, { "GS_OP_EMIT_CUT", 3, 1 } } },
	{ "MSG_GS_DONE", 3,
	  { { "GS_OP_NOP", 0, 0 }, { "GS_OP_CUT", 1, 1 }, { "GS_OP_EMIT", 2, 1 }, { "GS_OP_EMIT_CUT", 3, 1 } } },
	{ "MSG_SAVEWAVE", 4, { { NULL, 0, 0 } } },
	{ "MSG_STALL_WAVE_GEN", 5, { { NULL, 0, 0 } } },
	{ "MSG_HALT_WAVES", 6, { { NULL, 0, 0 } } },
	{ "MSG_ORDERED_PS_DONE", 7, { { NULL, 0, 0 } } },
	{ "MSG_GS_ALLOC_REQ", 9, { { NULL, 0, 0 } } },
	{ "MSG_GET_DOORBELL", 10, { { NULL, 0, 0 } } },
	{ "MSG_GET_DDID", 11, { { NULL, 0, 0 } } },
	{ "MSG_SYSMSG", 15,
	  { { "SYSMSG_OP_ECC_ERR_INTERRUPT", 1, 0 }, { "SYSMSG_OP_REG_RD", 2, 0 }, { "SYSMSG_OP_TTRACE_PC", 4, 0 } } },
};
#define NSEED (sizeof seed / sizeof seed[0])

static const struct gk_amdgpu_gen *gfx10;

static const struct seed_msg *seed_msg(int id)
{
	for (size_t i = 0; i < NSEED; i++)
		if (seed[i].id == id)
			return &seed[i];
	return NULL;
}

/* parse one operand text; returns 0 with *v or -1 with *err */
static int parse(const char *text, uint16_t *v, struct gk_diag *err)
{
	size_t end = 0;
	int rc = gk_sendmsg_parse(gfx10, NULL, text, strlen(text), 0, &end, v, err);
	if (!rc && end != strlen(text)) {
		snprintf(err->message, sizeof err->message, "stopped at %zu", end);
		return -1;
	}
	return rc;
}

static void expect_ok(const char *text, unsigned want)
{
	uint16_t v = 0;
	struct gk_diag err;
	int rc = parse(text, &v, &err);
	CHECK(rc == 0 && v == want, "'%s': rc %d value 0x%04x, want 0x%04x (%s)", text, rc, v, want,
	      rc ? err.message : "");
}

static void expect_err(const char *text, unsigned col, const char *msg)
{
	uint16_t v = 0;
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	int rc = parse(text, &v, &err);
	CHECK(rc == -1 && err.col == col && !strcmp(err.message, msg), "'%s': rc %d col %u '%s', want col %u '%s'", text,
	      rc, err.col, err.message, col, msg);
}

static void test_table_against_seed(void)
{
	/* every seed row is named and decodes as the seed says, and nothing else is valid */
	for (int id = 0; id < 16; id++) {
		const struct seed_msg *s = seed_msg(id);
		for (int op = 0; op < 8; op++)
			for (int st = 0; st < 4; st++) {
				uint16_t v = (uint16_t)(id | op << 4 | st << 8);
				struct gk_sendmsg m;
				gk_sendmsg_decode(gfx10, v, &m);
				bool valid = false, shows_op = false, shows_stream = false;
				const char *opname = NULL;
				if (s) {
					if (!s->ops[0].name) {
						valid = op == 0 && st == 0;
					} else {
						shows_op = true;
						for (int k = 0; k < 5 && s->ops[k].name; k++)
							if (s->ops[k].id == op) {
								valid = s->ops[k].stream || st == 0;
								shows_stream = s->ops[k].stream;
								opname = s->ops[k].name;
							}
					}
				}
				CHECK((m.form == GK_SENDMSG_NAMED) == valid, "0x%04x: named %d, seed says valid %d", v,
				      m.form == GK_SENDMSG_NAMED, valid);
				if (!valid)
					continue;
				CHECK(!strcmp(m.msg_name, s->name), "0x%04x: %s, seed %s", v, m.msg_name, s->name);
				CHECK(m.shows_op == shows_op && m.shows_stream == shows_stream, "0x%04x: shows op/stream", v);
				if (opname)
					CHECK(m.op_name && !strcmp(m.op_name, opname), "0x%04x: op %s, seed %s", v,
					      m.op_name ? m.op_name : "-", opname);
			}
	}
}

static void test_generations(void)
{
	const char *names[] = { "gfx11", "gfx1100", "navi31", "gfx10", "gfx1010", "gfx1011", "gfx1012", "gfx1030", "navi10", "navi21", "gfx9",
				"gfx900", "vega10", "gfx8", "tonga", "gfx803", "gfx7", "bonaire", "gfx6", "tahiti" };
	const char *gens[] = { "gfx11", "gfx11", "gfx11", "gfx10", "gfx10", "gfx10", "gfx10", "gfx10", "gfx10", "gfx10", "gfx9",
			       "gfx9", "gfx9", "gfx8", "gfx8", "gfx8", "gfx7", "gfx7", "gfx6", "gfx6" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(names[i]);
		CHECK(g && !strcmp(gk_amdgpu_gen_name(g), gens[i]), "%s -> %s", names[i], g ? gk_amdgpu_gen_name(g) : "-");
	}
	/* only AMDGPU names: other engines (ir3, pm4) keep theirs */
	const char *not_amd[] = { "a630", "adreno", "ir3", "evergreen", "cayman", "si", "cik", "", "gfx", "gfx10 ",
				  "GFX10", "gfx12", "gfx1200", "navi", NULL };
	for (size_t i = 0; i < sizeof not_amd / sizeof not_amd[0]; i++)
		CHECK(gk_amdgpu_gen_find(not_amd[i]) == NULL, "'%s' claimed", not_amd[i] ? not_amd[i] : "(null)");
}

static void test_seed_examples(void)
{
	/* "numeric message code" and "strict arguments validation" */
	expect_ok("0x12", 0x12);
	expect_ok("sendmsg(MSG_INTERRUPT)", 0x1);
	expect_ok("sendmsg(MSG_GS, GS_OP_EMIT)", 0x22);
	expect_ok("sendmsg(MSG_GS, 2)", 0x22);
	expect_ok("sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 1)", 0x133);
	expect_ok("sendmsg(MSG_SYSMSG, SYSMSG_OP_TTRACE_PC)", 0x4f);
	expect_ok("sendmsg(MSG_GET_DOORBELL)", 0xa);
	expect_ok("sendmsg(2, GS_OP_CUT)", 0x12);
	/* with symbols: through the line assembler */
	struct gk_amdgpu_asm *a = gk_amdgpu_asm_create(gfx10, NULL, NULL, NULL, NULL);
	const char *lines[] = { "msg = 0x10", "s_sendmsg msg + 2", "msg = 2", "op = 3", "stream = 1",
				"s_sendmsg sendmsg(msg, op, stream)" };
	for (size_t i = 0; i < 6; i++)
		CHECK(gk_amdgpu_asm_line(a, lines[i], strlen(lines[i])) == 0, "'%s'", lines[i]);
	CHECK(gk_amdgpu_asm_errors(a) == 0, "%u errors", gk_amdgpu_asm_errors(a));
	uint16_t v;
	struct gk_diag err;
	const char *t = "sendmsg(msg, op, stream)";
	CHECK(gk_sendmsg_parse(gfx10, gk_amdgpu_asm_syms(a), t, strlen(t), 0, NULL, &v, &err) == 0 && v == 0x132, "0x%x", v);
	t = "msg + 2";
	CHECK(gk_sendmsg_parse(gfx10, gk_amdgpu_asm_syms(a), t, strlen(t), 0, NULL, &v, &err) == 0 && v == 4, "0x%x", v);
	gk_amdgpu_asm_destroy(a);
}

/* every message x operation x stream, by name (strict) and by number (ranges) */
static void test_all_combinations(void)
{
	unsigned named_ok = 0, named_bad = 0;
	for (size_t i = 0; i < NSEED; i++) {
		const struct seed_msg *s = &seed[i];
		char text[128];
		if (!s->ops[0].name) {
			snprintf(text, sizeof text, "sendmsg(%s)", s->name);
			expect_ok(text, (unsigned)s->id);
			snprintf(text, sizeof text, "sendmsg(%s, 0)", s->name);
			expect_err(text, (unsigned)strlen(s->name) + 11, "message does not support operations");
			named_ok++;
			continue;
		}
		snprintf(text, sizeof text, "sendmsg(%s)", s->name);
		expect_err(text, 9, "missing message operation");
		for (int op = -1; op <= 8; op++) {
			const struct seed_op *o = NULL;
			for (int k = 0; k < 5 && s->ops[k].name; k++)
				if (s->ops[k].id == op)
					o = &s->ops[k];
			unsigned opcol = (unsigned)strlen(s->name) + 11;
			for (int st = -2; st <= 4; st++) {
				char stream[16] = "";
				if (st >= -1)
					snprintf(stream, sizeof stream, ", %d", st);
				unsigned stcol = opcol + (unsigned)snprintf(NULL, 0, "%d", op) + 2;
				snprintf(text, sizeof text, "sendmsg(%s, %d%s)", s->name, op, stream);
				if (!o) {
					expect_err(text, opcol, "invalid operation id");
					named_bad++;
				} else if (!o->stream && st >= -1) {
					expect_err(text, stcol, "message operation does not support streams");
					named_bad++;
				} else if (st == -1 || st == 4) {
					expect_err(text, stcol, "invalid message stream id");
					named_bad++;
				} else {
					unsigned sv = st < 0 ? 0 : (unsigned)st;
					expect_ok(text, (unsigned)s->id | (unsigned)op << 4 | sv << 8);
					/* and with the operation's name */
					snprintf(text, sizeof text, "sendmsg(%s, %s%s)", s->name, o->name, stream);
					expect_ok(text, (unsigned)s->id | (unsigned)op << 4 | sv << 8);
					named_ok++;
				}
			}
		}
	}
	/* 8 messages without operations, MSG_GS 3 ops x 5 stream forms, MSG_GS_DONE NOP + 3 x 5, SYSMSG 3 */
	CHECK(named_ok == 8 + 3 * 5 + (1 + 3 * 5) + 3, "named_ok %u", named_ok);
	(void)named_bad;
	/* by number: each part only range-checked, all 16 x 8 x 4 accepted */
	for (int id = -1; id <= 16; id++)
		for (int op = -1; op <= 8; op++)
			for (int st = -1; st <= 4; st++) {
				char text[64];
				int k = snprintf(text, sizeof text, "sendmsg(%d, %d, %d)", id, op, st);
				(void)k;
				unsigned opcol = 9 + (unsigned)snprintf(NULL, 0, "%d", id) + 2;
				unsigned stcol = opcol + (unsigned)snprintf(NULL, 0, "%d", op) + 2;
				if (id < 0 || id > 15)
					expect_err(text, 9, "invalid message id");
				else if (op < 0 || op > 7)
					expect_err(text, opcol, "invalid operation id");
				else if (st < 0 || st > 3)
					expect_err(text, stcol, "invalid message stream id");
				else
					expect_ok(text, (unsigned)(id | op << 4 | st << 8));
			}
}

static void test_boundaries_and_expressions(void)
{
	expect_ok("0", 0);
	expect_ok("0xffff", 0xffff);
	expect_ok("65535", 0xffff);
	expect_err("0x10000", 1, "invalid immediate: only 16-bit values are legal");
	expect_err("-1", 1, "invalid immediate: only 16-bit values are legal");
	expect_ok("sendmsg(15, 7, 3)", 0x37f);
	expect_err("sendmsg(16)", 9, "invalid message id");
	expect_err("sendmsg(15, 8)", 13, "invalid operation id");
	expect_err("sendmsg(15, 7, 4)", 16, "invalid message stream id");
	/* integer forms and operators (GNU precedence: + below | & ^) */
	expect_ok("0b101", 5);
	expect_ok("017", 15);
	expect_ok("0X1f", 31);
	expect_ok("'a'", 97);
	expect_ok("4|4+4", 8);
	expect_ok("2*3+1", 7);
	expect_ok("(2+3)*2", 10);
	expect_ok("-7/2+10", 7);
	expect_ok("-7%4+10", 7);
	expect_ok("(-16)>>60", 15);
	expect_ok("1<<64", 1);
	expect_ok("~0xfffe&0xff", 1);
	expect_ok("2^3", 1);
	expect_ok("3!=3", 0);
	expect_err("3==3", 1, "invalid immediate: only 16-bit values are legal");
	expect_ok("1&&2", 1);
	expect_ok("18446744073709551615 & 0xff", 255);
	expect_err("1/0", 1, "expected a sendmsg macro or an absolute expression");
	expect_err("0x1ffffffffffffffff", 1, "literal value out of range for directive");
	expect_err("08", 1, "failed parsing operand.");
	expect_err("(1", 3, "expected ')'");
	/* gfxkit only: llvm-mc 14 crashes (SIGFPE) on these; gfxkit wraps */
	expect_ok("(-9223372036854775807-1) / -1 + 0x8000000000000000 + 3", 3);
	expect_ok("(-9223372036854775807-1) % -1 + 5", 5);
	/* gfxkit only: llvm-mc 14 hangs on a two-character quote */
	expect_err("'ab'", 1, "failed parsing operand.");
	/* deep nesting is bounded, not a stack overflow */
	char deep[2100];
	memset(deep, '(', 1000);
	strcpy(deep + 1000, "1");
	memset(deep + 1001, ')', 1000);
	deep[2001] = 0;
	uint16_t v;
	struct gk_diag err;
	CHECK(parse(deep, &v, &err) == -1 && !strcmp(err.message, "expression nested too deeply"), "%s", err.message);
	memset(deep, '-', 2000);
	strcpy(deep + 2000, "1");
	CHECK(parse(deep, &v, &err) == -1, "2000 unary minus");
}

/* decode -> text -> assemble for every immediate of both instructions, and
 * random words (printed .long) */
static bool roundtrip(const struct gk_amdgpu_gen *g, struct gk_amdgpu_asm *a, struct asmcap *s, uint32_t word)
{
	struct gk_amdgpu_insn in;
	char buf[160];
	gk_amdgpu_decode(g, word, 0x40, &in);
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
	gk_amdgpu_text_line(g, &in, NULL, &o);
	buf[o.len] = 0;
	size_t n = strcspn(buf, "\n");
	s->n = 0;
	s->errors = 0;
	gk_amdgpu_asm_line(a, buf, n);
	if (s->errors || s->n != 1 || s->w[0] != word) {
		printf("  0x%08x -> '%.*s' -> %s 0x%08x\n", word, (int)n, buf, s->errors ? s->msg : "", s->n ? s->w[0] : 0);
		return false;
	}
	return true;
}

static void test_isa_roundtrip(void)
{
	const char *gens[] = { "gfx6", "gfx8", "gfx9", "gfx10", "gfx11" };
	struct asmcap s;
	for (size_t gi = 0; gi < 5; gi++) {
		const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(gens[gi]);
		struct gk_amdgpu_asm *a = gk_amdgpu_asm_create(g, asmcap_emit, &s, asmcap_diag, &s);
		unsigned bad = 0;
		for (uint32_t v = 0; v < 0x10000; v++) {
			bad += !roundtrip(g, a, &s, 0xbf900000u | v);
			bad += !roundtrip(g, a, &s, 0xbf910000u | v);
		}
		uint64_t seedv = 0x9e3779b97f4a7c15ull;
		for (unsigned i = 0; i < 20000; i++)
			bad += !roundtrip(g, a, &s, (uint32_t)tl_rand(&seedv));
		/* other SOPP opcodes and near misses print raw */
		const uint32_t raw[] = { 0xbf810000, 0xbf800000, 0xbf920012, 0x3f900012, 0xff900012, 0xbfd00012, 0 };
		for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++) {
			struct gk_amdgpu_insn in;
			gk_amdgpu_decode(g, raw[i], 0, &in);
			CHECK(in.name == NULL, "0x%08x decoded as %s", raw[i], in.name);
			bad += !roundtrip(g, a, &s, raw[i]);
		}
		CHECK(bad == 0, "%s: %u words do not round-trip", gens[gi], bad);
		gk_amdgpu_asm_destroy(a);
	}
}

static void test_asm_lines(void)
{
	struct asmcap s;
	struct gk_amdgpu_asm *a = gk_amdgpu_asm_create(gfx10, asmcap_emit, &s, asmcap_diag, &s);
	struct {
		const char *line;
		uint32_t word; /* 0: none */
		const char *err;
	} t[] = {
		{ "0x00000000: s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 0)", 0xbf900012, NULL },
		{ "s_sendmsghalt sendmsg(MSG_GS, GS_OP_EMIT, 1) ; trailing comment", 0xbf910122, NULL },
		{ ".long 0xbf810000", 0xbf810000, NULL },
		{ ".long -1", 0xffffffff, NULL },
		{ ".long 0x100000000", 0, "7: out of range literal value" },
		{ ".long foo", 0, "7: expected absolute expression" },
		{ "   ", 0, NULL },
		{ "// only a comment", 0, NULL },
		{ ".set z, 0x33", 0, NULL },
		{ "s_sendmsg z", 0xbf900033, NULL },
		{ "z = z + 1", 0, NULL },
		{ "s_sendmsg z", 0xbf900034, NULL },
		{ "s_nop 0", 0, "1: instruction not supported by gfxkit's AMDGPU engine (it has s_sendmsg, s_sendmsghalt, .long and NAME = EXPR)" },
		{ "s_sendmsg", 0, "1: too few operands for instruction" },
		{ ")", 0, "1: unexpected token at start of statement" },
		{ "x =", 0, "4: missing expression" },
		{ "s_sendmsg sendmsg(MSG_FOO)", 0, "19: expected a message name or an absolute expression" },
		{ "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)", 0, "31: invalid operation id" },
		{ "s_sendmsg sendmsg(MSG_EARLY_PRIM_DEALLOC)", 0, "19: invalid message id" },
		{ "s_sendmsg sendmsg(15, SYSMSG_OP_HOST_TRAP_ACK)", 0xbf90003f, NULL },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		s.n = s.errors = 0;
		gk_amdgpu_asm_line(a, t[i].line, strlen(t[i].line));
		char want[256];
		snprintf(want, sizeof want, "%zu:%s", i + 1, t[i].err ? t[i].err : ""); /* line numbers count every line */
		if (t[i].err)
			CHECK(s.errors == 1 && s.n == 0 && !strcmp(s.msg, want), "'%s': %u errors '%s'", t[i].line, s.errors,
			      s.errors ? s.msg : "");
		else if (t[i].word)
			CHECK(s.errors == 0 && s.n == 1 && s.w[0] == t[i].word, "'%s': %u errors '%s', %u words 0x%08x",
			      t[i].line, s.errors, s.errors ? s.msg : "", s.n, s.n ? s.w[0] : 0);
		else
			CHECK(s.errors == 0 && s.n == 0, "'%s': %u errors, %u words", t[i].line, s.errors, s.n);
	}
	/* symbols: bounded table, long names refused */
	char line[200];
	memset(line, 'a', 100);
	strcpy(line + 100, " = 1");
	s.errors = 0;
	gk_amdgpu_asm_line(a, line, strlen(line));
	CHECK(s.errors == 1, "100-character symbol accepted");
	gk_amdgpu_asm_destroy(a);
	a = gk_amdgpu_asm_create(gfx10, asmcap_emit, &s, asmcap_diag, &s);
	s.errors = 0;
	for (unsigned i = 0; i < GK_AMDGPU_MAX_SYMS + 5; i++) {
		snprintf(line, sizeof line, "sym%u = %u", i, i);
		gk_amdgpu_asm_line(a, line, strlen(line));
	}
	CHECK(s.errors == 5 && !strcmp(strchr(s.msg, ' ') + 1, "too many symbols"), "%u errors, %s", s.errors, s.msg);
	/* garbage never crashes (the sanitized build would abort), and is mostly rejected */
	uint64_t seedv = 42;
	s.errors = 0;
	for (unsigned i = 0; i < 20000; i++) {
		char g[64];
		size_t n = tl_rand(&seedv) % sizeof g;
		for (size_t k = 0; k < n; k++) {
			uint64_t r = tl_rand(&seedv);
			const char *alpha = "s_sendmsg() ,+-*/%<>=!&|^~'\"#@$.0x1bfMSG_GS;";
			g[k] = (r & 1) ? (char)(r >> 8) : alpha[(r >> 8) % strlen(alpha)];
		}
		gk_amdgpu_asm_line(a, g, n);
	}
	CHECK(s.errors > 15000, "only %u of 20000 garbage lines rejected", s.errors);
	gk_amdgpu_asm_destroy(a);
}

/* GFX11 (llvm-mc 16): 8-bit ids, no operation or stream, SOPP 0x36/0x37 */
static void test_gfx11(void)
{
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find("gfx1100");
	char buf[GK_SENDMSG_TEXT_MAX];
	gk_sendmsg_format(g, 0x85, buf, sizeof buf);
	CHECK(!strcmp(buf, "sendmsg(MSG_RTN_GET_TBA)"), "%s", buf);
	gk_sendmsg_format(g, 0x12, buf, sizeof buf);
	CHECK(!strcmp(buf, "sendmsg(18, 0, 0)"), "%s", buf);
	gk_sendmsg_format(g, 0x101, buf, sizeof buf);
	CHECK(!strcmp(buf, "257"), "%s", buf);
	struct gk_amdgpu_insn in;
	gk_amdgpu_decode(g, 0xbfb60002, 0, &in);
	CHECK(in.name && !strcmp(in.name, "s_sendmsg") && !strcmp(in.msg.msg_name, "MSG_HS_TESSFACTOR"), "0xbfb60002");
	gk_amdgpu_decode(g, 0xbf900002, 0, &in);
	CHECK(in.name == NULL, "GFX10's s_sendmsg opcode is not GFX11's");
	uint16_t v = 0;
	struct gk_diag err;
	const char *t = "sendmsg(1, 1)";
	CHECK(gk_sendmsg_parse(g, NULL, t, strlen(t), 0, NULL, &v, &err) == -1 && err.col == 12 &&
	      !strcmp(err.message, "invalid operation id"), "%s: %s", t, err.message);
	t = "sendmsg(255, 0, 0)";
	CHECK(gk_sendmsg_parse(g, NULL, t, strlen(t), 0, NULL, &v, &err) == 0 && v == 255, "%s", t);
	t = "sendmsg(MSG_GS, GS_OP_CUT)";
	CHECK(gk_sendmsg_parse(g, NULL, t, strlen(t), 0, NULL, &v, &err) == -1 && err.col == 9 &&
	      !strcmp(err.message, "invalid message id"), "%s: %s", t, err.message);
	struct gk_diags dg;
	gk_diags_reset(&dg);
	gk_amdgpu_decode(g, 0xbfb6fe04, 0, &in);
	gk_amdgpu_check(g, &in, &dg);
	CHECK(dg.errors == 1 && dg.warnings == 1 && dg.d[0].hi == 7 && dg.d[0].lo == 0 && dg.d[1].hi == 15 &&
	      dg.d[1].lo == 9, "gfx11 check: %u errors %u warnings", dg.errors, dg.warnings);
}

static void test_check(void)
{
	struct {
		uint32_t word;
		unsigned errors, warnings;
		const char *field, *msg;
	} t[] = {
		{ 0xbf900012, 0, 0, NULL, NULL },
		{ 0xbf900008, 1, 0, "type", "invalid message id 8: gfx10 has no message 8" },
		{ 0xbf90003f, 1, 0, "op", "invalid operation id 3: MSG_SYSMSG has no operation 3" },
		{ 0xbf900011, 1, 0, "op", "invalid operation id 1: MSG_INTERRUPT does not support operations" },
		{ 0xbf900103, 1, 0, "stream", "invalid message stream id 1: MSG_GS_DONE GS_OP_NOP does not support streams" },
		{ 0xbf900101, 1, 0, "stream", "invalid message stream id 1: MSG_INTERRUPT does not support streams" },
		{ 0xbf900081, 0, 1, "unused", "unused bit 7 set; llvm-mc would print this operand without it" },
		{ 0xbf91fc01, 0, 1, "unused", "unused bits 15:10 set (0x3f); llvm-mc would print this operand without them" },
		{ 0xbf90fc88, 1, 2, "type", "invalid message id 8: gfx10 has no message 8" },
		{ 0xbf810000, 0, 0, NULL, NULL },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct gk_amdgpu_insn in;
		struct gk_diags dg;
		gk_diags_reset(&dg);
		gk_amdgpu_decode(gfx10, t[i].word, 8, &in);
		gk_amdgpu_check(gfx10, &in, &dg);
		CHECK(dg.errors == t[i].errors && dg.warnings == t[i].warnings, "0x%08x: %u errors %u warnings", t[i].word,
		      dg.errors, dg.warnings);
		if (t[i].msg && dg.n) {
			CHECK(!strcmp(dg.d[0].field, t[i].field) && !strcmp(dg.d[0].message, t[i].msg) && dg.d[0].offset == 8,
			      "0x%08x: %s '%s'", t[i].word, dg.d[0].field, dg.d[0].message);
		}
		/* JSON for every case is one valid line */
		char buf[2048];
		struct gk_out o = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
		gk_amdgpu_json(gfx10, &in, &dg, GK_JSON_TEXT, &o);
		CHECK(o.len < sizeof buf && json_line_ok(buf, o.len), "json for 0x%08x: %.*s", t[i].word, (int)o.len, buf);
	}
	const char *inputs[] = { "0x12", "sendmsg(MSG_GS, GS_OP_EMIT, 1)", "sendmsg(\"x", "\x01\xff\"\\" };
	for (size_t i = 0; i < 4; i++) {
		char buf[1024];
		struct gk_out o = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
		uint16_t v = 0;
		struct gk_diag err;
		memset(&err, 0, sizeof err);
		int ok = gk_sendmsg_parse(gfx10, NULL, inputs[i], strlen(inputs[i]), 0, NULL, &v, &err) == 0;
		gk_sendmsg_json(gfx10, inputs[i], ok, v, &err, &o);
		CHECK(o.len < sizeof buf && json_line_ok(buf, o.len), "json: %.*s", (int)o.len, buf);
	}
}

int main(void)
{
	gfx10 = gk_amdgpu_gen_find("gfx10");
	CHECK(gfx10 != NULL, "gfx10");
	if (!gfx10)
		return tl_done();
	test_generations();
	test_table_against_seed();
	test_seed_examples();
	test_all_combinations();
	test_boundaries_and_expressions();
	test_isa_roundtrip();
	test_asm_lines();
	test_check();
	test_gfx11();
	return tl_done();
}

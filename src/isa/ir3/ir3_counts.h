/* Table sizes of ir3_tab.c, written by scripts/gen_ir3.py. */
#define IR3_NNAMES 140
#define IR3_NENUMS 21
#define IR3_NEXPRS 75
#define IR3_NTPLS 166
#define IR3_NFIELDS 642
#define IR3_NCASES 440
#define IR3_NBITSETS 382
#define IR3_NROOTS 37
#define IR3_NSEGS 1333
#define IR3_MAX_LEAVES 265
/* the expressions as C (ir3_expr.inc, included by ir3.c only) */
#define IR3_EXPR_INC "ir3_expr.inc"

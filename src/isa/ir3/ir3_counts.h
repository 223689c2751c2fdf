/* Table sizes of ir3_tab.c, written by scripts/gen_ir3.py. */
#define IR3_NNAMES 121
#define IR3_NENUMS 19
#define IR3_NEXPRS 61
#define IR3_NTPLS 144
#define IR3_NFIELDS 559
#define IR3_NCASES 399
#define IR3_NBITSETS 354
#define IR3_NROOTS 33
#define IR3_NSEGS 1113
#define IR3_MAX_LEAVES 248

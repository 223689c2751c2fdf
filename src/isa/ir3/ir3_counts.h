/* Table sizes of ir3_tab.c, written by scripts/gen_ir3.py. */
#define IR3_NNAMES 106
#define IR3_NENUMS 12
#define IR3_NEXPRS 51
#define IR3_NTPLS 119
#define IR3_NFIELDS 487
#define IR3_NCASES 362
#define IR3_NBITSETS 326
#define IR3_NROOTS 28
#define IR3_NSEGS 946
#define IR3_MAX_LEAVES 233

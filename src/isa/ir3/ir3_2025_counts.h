/* Table sizes of ir3_2025_tab.c, written by scripts/gen_ir3.py. */
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
/* this description's tables are gk_ir3_2025_* */
#define gk_ir3_names gk_ir3_2025_names
#define gk_ir3_enums gk_ir3_2025_enums
#define gk_ir3_ops gk_ir3_2025_ops
#define gk_ir3_assumes gk_ir3_2025_assumes
#define gk_ir3_exprs gk_ir3_2025_exprs
#define gk_ir3_segs gk_ir3_2025_segs
#define gk_ir3_tpls gk_ir3_2025_tpls
#define gk_ir3_tpl_lits gk_ir3_2025_tpl_lits
#define gk_ir3_params gk_ir3_2025_params
#define gk_ir3_fields gk_ir3_2025_fields
#define gk_ir3_cases gk_ir3_2025_cases
#define gk_ir3_bitsets gk_ir3_2025_bitsets
#define gk_ir3_variant_cases gk_ir3_2025_variant_cases
#define gk_ir3_fo_combos gk_ir3_2025_fo_combos
#define gk_ir3_lookup gk_ir3_2025_lookup
#define gk_ir3_forced_fields gk_ir3_2025_forced_fields
#define gk_ir3_plan_start gk_ir3_2025_plan_start
#define gk_ir3_build_steps gk_ir3_2025_build_steps
#define gk_ir3_quick_miss gk_ir3_2025_quick_miss
#define gk_ir3_roots gk_ir3_2025_roots
#define gk_ir3_root_instruction gk_ir3_2025_root_instruction
#define gk_ir3_start_sets gk_ir3_2025_start_sets
#define gk_ir3_start_of gk_ir3_2025_start_of
/* the expressions as C (ir3_2025_expr.inc, included by ir3.c only) */
#define IR3_EXPR_INC "ir3_2025_expr.inc"

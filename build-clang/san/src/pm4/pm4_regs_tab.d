build-clang/san/src/pm4/pm4_regs_tab.o: src/pm4/pm4_regs_tab.c \
  include/gfxkit/regdb.h

include/gfxkit/regdb.h:

build-clang/obj/src/pm4/pm4_tab.o: src/pm4/pm4_tab.c src/pm4/pm4_tab.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h include/gfxkit/pm4.h \
  src/core/desc_macros.h

src/pm4/pm4_tab.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/pm4.h:

src/core/desc_macros.h:

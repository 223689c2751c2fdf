build-clang/obj/src/pm4/pm4.o: src/pm4/pm4.c include/gfxkit/pm4.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h src/pm4/pm4_tab.h

include/gfxkit/pm4.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/pm4/pm4_tab.h:

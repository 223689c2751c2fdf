build-clang/obj/src/core/regdb.o: src/core/regdb.c include/gfxkit/regdb.h

include/gfxkit/regdb.h:

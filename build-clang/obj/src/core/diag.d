build-clang/obj/src/core/diag.o: src/core/diag.c include/gfxkit/diag.h

include/gfxkit/diag.h:

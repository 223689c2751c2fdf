build-clang/obj/src/tiling/tiling_tab.o: src/tiling/tiling_tab.c \
  src/tiling/tiling_tab.h

src/tiling/tiling_tab.h:

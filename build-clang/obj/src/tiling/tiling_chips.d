build-clang/obj/src/tiling/tiling_chips.o: src/tiling/tiling_chips.c \
  src/tiling/tiling_tab.h

src/tiling/tiling_tab.h:

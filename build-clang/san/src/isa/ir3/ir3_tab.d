build-clang/san/src/isa/ir3/ir3_tab.o: src/isa/ir3/ir3_tab.c \
  src/isa/ir3/ir3_tab.h src/isa/ir3/ir3_counts.h

src/isa/ir3/ir3_tab.h:

src/isa/ir3/ir3_counts.h:

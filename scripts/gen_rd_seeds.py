#!/usr/bin/env python3
# The seed corpus of tests/fuzz/fuzz_rd.c (tests/fuzz/corpus_rd/): small
# .rd captures laid out as Mesa's redump.h says (sections: u32 type, u32
# size, bytes), each after the harness's mode byte: an a630 submit with an
# IB, a draw-state group and a shader load; the same gzipped and narrowed
# to submit 1; an a420 type-3 IB and draw state; a cut capture; CHIP_ID.
# Run once from the repository's top; the output is committed.
import gzip
import os
import struct


def sec(t, b):
    return struct.pack('<II', t, len(b)) + b


def words(*w):
    return b''.join(struct.pack('<I', x) for x in w)


def buf(addr, data):
    return sec(3, words(addr & 0xffffffff, len(data), addr >> 32)) + sec(12, data)


def sub(addr, n):
    return sec(6, words(addr & 0xffffffff, n, addr >> 32))


def odd(v):
    return 0 if bin(v).count('1') % 2 else 1


def t7(op, cnt):
    return 0x70000000 | op << 16 | odd(op) << 23 | odd(cnt) << 15 | cnt


def t4(reg, cnt):
    return 0x40000000 | reg << 8 | odd(reg) << 27 | odd(cnt) << 7 | cnt


def t3(op, cnt):
    return 0xc0000000 | (cnt - 1) << 16 | op << 8


d = 'tests/fuzz/corpus_rd/'
os.makedirs(d, exist_ok=True)
shader = words(0, 0x03000000) + words(0, 0) * 15
load = words(t7(0x32, 3), (2 << 16) | (8 << 18) | (1 << 22), 0x3000, 0)
group = load + words(t4(0x8e04, 1), 0)
ib = words(t7(0x43, 3), (len(group) // 4) | (7 << 24), 0x2000, 0) + words(t7(0x26, 0))
ring = words(t7(0x3f, 3), 0x1000, 0, len(ib) // 4, t7(0x26, 0))
cap = (sec(13, words(630)) + sec(2, b'fuzz/1: fence=1\0') + buf(0x1000, ib) + buf(0x2000, group) +
       buf(0x3000, shader) + buf(0x8000, ring) + sub(0x8000, len(ring) // 4))
cap += buf(0x8000, words(t7(0x26, 0))) + sub(0x8000, 1)
open(d + 'a630_draw_state.rd', 'wb').write(b'\x00' + cap)
open(d + 'a630_draw_state_submit1.rd', 'wb').write(b'\x13' + cap)
open(d + 'a630_gz.rd', 'wb').write(b'\x00' + gzip.compress(cap, mtime=0))
ib4 = words(t3(0x43, 2), 2, 0x5000)
cap4 = (sec(13, words(420)) + buf(0x5000, words(0x80000000, 0x80000000)) + buf(0x4000, ib4) +
        buf(0x6000, words(t3(0x3f, 2), 0x4000, 3)) + sub(0x6000, 3))
open(d + 'a420_ib.rd', 'wb').write(b'\x01' + cap4)
open(d + 'cut.rd', 'wb').write(b'\x01' + cap[:len(cap) - 5])
open(d + 'chip_id.rd', 'wb').write(b'\x00' + sec(14, words(0x06030002, 0)) + buf(0x1000, words(t7(0x26, 0))) +
                                   sub(0x1000, 1))

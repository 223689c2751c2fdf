#!/usr/bin/env python3
"""Writes examples/devcoredump_gfx1030.txt: an amdgpu devcoredump printed
with the formats of Linux 6.12's amdgpu_devcoredump_format
(drivers/gpu/drm/amd/amdgpu/amdgpu_dev_coredump.c) and the print_ip_state
of gfx_v10_0.c and sdma_v5_2.c, for a Navi21 (GC 10.3.0, SDMA 5.2.0) whose
gfx ring hung in a WAIT_REG_MEM on memory that never changes.  The values
are made up; the layout is the kernel's, line for line.

    python3 scripts/gen_example_devcoredump.py   # rewrite the example
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'examples', 'devcoredump_gfx1030.txt')

PAD = 0xffff1000  # type-3 NOP, COUNT 0x3fff: one dword of padding (gfx6+)


def ring(name, words, rptr, wptr, mask):
    out = ['ring name: %s' % name,
           'Rptr: 0x%x Wptr: 0x%x RB mask: %x' % (rptr, wptr, mask),
           'Ring size in dwords: %d' % len(words),
           'Ring contents',
           'Offset \t Value']
    out += ['0x%x \t 0x%x' % (4 * i, w) for i, w in enumerate(words)]
    return out


def reg(name, value):
    return '%-50s \t 0x%08x' % (name, value)


def main():
    L = ['**** AMDGPU Device Coredump ****', 'version: 1', 'kernel: 6.12.9-amd64', 'module: amdgpu',
         'time: 1742.096153887', 'process_name: vkcube PID: 4242', '',
         'SOC Information', 'SOC Device id: 29631', 'SOC PCI Revision id: 192', 'SOC Family: 143',
         'SOC Revision id: 1', 'SOC External Revision id: 41', '',
         'SOC Memory Information', 'real vram size: 17163091968', 'visible vram size: 268435456',
         'gtt size: 33554432000', '',
         'GDS Config', 'gds: total size: 4096', 'gds: compute partition size: 4096',
         'gds: gws per compute partition: 64', 'gds: os per compute partition: 16', '',
         'HW IP Version Information',
         'HWIP: GC[1][0]: v10.3.0.0.0', 'HWIP: HDP[2][0]: v5.0.3.0.0', 'HWIP: SDMA0[3][0]: v5.2.0.0.0',
         'HWIP: SDMA1[4][0]: v5.2.0.0.0', 'HWIP: MMHUB[12][0]: v2.1.0.0.0', 'HWIP: UVD/JPEG/VCN[17][0]: v3.0.0.0.0', '',
         'IP Firmwares',
         'ME feature version: 38, fw version: 0x00000060', 'PFP feature version: 38, fw version: 0x00000062',
         'MEC feature version: 38, fw version: 0x00000066', '',
         'Ring timed out details', 'IP Type: 0 Ring Name: gfx_0.0.0', '',
         '[gfxhub] Page fault observed', 'Faulty page starting at address: 0x0000800000100000',
         'Protection fault status register: 0x301031', '',
         'IP Dump', 'IP: gfx_v10_0',
         reg('mmGRBM_STATUS', 0xa0003028), reg('mmGRBM_STATUS2', 0x70000008), reg('mmCP_STALLED_STAT1', 0x00000000),
         reg('mmCP_BUSY_STAT', 0x00000044), reg('mmCP_RB0_RPTR', 0x0000000b), reg('mmCP_RB0_WPTR', 0x00000054),
         reg('mmCP_GFX_HPD_STATUS0', 0x00000001),
         '', 'num_mec: 1 num_pipe: 1 num_queue: 1', '', 'mec 0, pipe 0, queue 0',
         reg('mmCP_HQD_ACTIVE', 0x00000001), reg('mmCP_HQD_PQ_RPTR', 0x00000000), '',
         'IP: sdma_v5_2', 'num_instances:2', '', 'Instance:0', reg('mmSDMA0_STATUS_REG', 0x46dee557),
         reg('mmSDMA0_GFX_RB_RPTR', 0x00000014), '', 'Instance:1', reg('mmSDMA0_STATUS_REG', 0x46dee557),
         reg('mmSDMA0_GFX_RB_RPTR', 0x00000000), '',
         'Ring buffer information']
    # the gfx ring, 32 dwords: the stream at index 8, rptr on the
    # WAIT_REG_MEM (index 11), wptr after the NOP (index 20, 2 wraps on)
    gfx = [PAD] * 32
    stream = [0xc0012800, 0x80000000, 0x80000000,  # CONTEXT_CONTROL
              0xc0053c00, 0x00000013, 0x00100000, 0x00000000, 0x00000001, 0xffffffff, 0x00000004,  # WAIT_REG_MEM
              0xc0001000, 0x00000000]  # NOP
    gfx[8:8 + len(stream)] = stream
    comp = [PAD] * 8
    kiq = [PAD] * 8
    # sdma: WRITE (op 2) of one dword at 0x200000, then NOPs
    sdma0 = [0x00000002, 0x00200000, 0x00000000, 0x00000000, 0xdeadbeef] + [0] * 11
    sdma1 = [0] * 16
    vcn = [0x30000000 + i for i in range(16)]
    L += ring('gfx_0.0.0', gfx, 11, 2 * 32 + 20, 31)
    L += ring('comp_1.0.0', comp, 0, 0, 7)
    L += ring('kiq_0.2.1.0', kiq, 4, 4, 7)
    L += ring('sdma0', sdma0, 5, 5, 15)
    L += ring('sdma1', sdma1, 0, 0, 15)
    L += ring('vcn_dec_0', vcn, 4, 8, 15)
    L += ['VRAM is lost due to GPU reset!']
    with open(OUT, 'w') as f:
        f.write('\n'.join(L) + '\n')


if __name__ == '__main__':
    main()

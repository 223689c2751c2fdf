"""python/gfxkit.py against the shared library: run by tests/cli/test_python.sh
(GFXKIT_LIB names the library; the repository root is the working folder).
Prints "# passed=N failed=M" like every test."""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.getcwd(), "python"))
import gfxkit  # noqa: E402

passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def raises(fn, text):
    try:
        fn()
    except gfxkit.Error as e:
        return text in str(e)
    return False


check(gfxkit.version() == open("include/gfxkit/version.h").read().split('GK_VERSION_STRING "')[1].split('"')[0],
      "version matches the header")

# decode: the example stream, every unit a dict of the schema
data = open("examples/evergreen_compute.bin", "rb").read()
units = gfxkit.decode(data, gpu="evergreen")
check(len(units) > 5 and units[0]["name"] == "CONTEXT_CONTROL" and units[0]["offset"] == 0, "decode: first unit")
check(all("words" in u and "diagnostics" in u for u in units if not u.get("end")), "decode: schema keys")
check(sum(4 * len(u["words"]) for u in units if not u.get("end")) == len(data), "decode: every byte in a unit")
with_text = gfxkit.decode(data, gpu="evergreen", text=True)
check(with_text[0]["text"].startswith("0x00000000: CONTEXT_CONTROL"), "decode: text with each unit")

# round trip: decode's text assembles back to the same bytes
text = "".join(u["text"] + ("\n" if not u["text"].endswith("\n") else "") for u in with_text if "text" in u)
check(gfxkit.encode(text, gpu="evergreen") == data, "decode -> encode is the identity")

# dump forms: the same words as od -A x output decode to the same units
od = "".join("%06x %s\n" % (i, " ".join("%08x" % w for w in struct.unpack("<%dI" % (len(data[i:i + 16]) // 4),
                                                                           data[i:i + 16])))
             for i in range(0, len(data), 16)) + "%06x\n" % len(data)
check([u["name"] for u in gfxkit.decode(od, gpu="evergreen")] == [u["name"] for u in units], "od text decodes alike")

# check: a truncated packet, with its field and offset
found = gfxkit.check(b"\x00\x10\x00\xc0", gpu="cayman")
check(len(found) == 1 and found[0][0] == 0 and found[0][1]["code"] == "truncated", "check: truncated NOP")
check(gfxkit.check(data, gpu="evergreen") == [], "check: the example is clean")
dma = open("examples/cayman_dma.bin", "rb").read()
check(gfxkit.check(dma, gpu="cayman", engine="dma") == [], "check: DMA engine")

# errors raise with gfxkit's message
check(raises(lambda: gfxkit.decode("hello\n", gpu="cayman"), "1:1:"), "unreadable text: line and column")
check(raises(lambda: gfxkit.decode(b"", gpu="r900"), "unknown GPU 'r900'"), "unknown GPU")
check(raises(lambda: gfxkit.decode(b"", gpu="cayman", fmt="nosuch"), "unknown input format"), "unknown format")
check(raises(lambda: gfxkit.encode("NOP\nBOGUS\n", gpu="cayman"), "2:1: unknown packet BOGUS"), "encode error line")

# modifiers and tiling
m = gfxkit.modifier(0x02000001A9580400)
check(m["name"].startswith("GFX6,GFX6_2D_TILED_THIN1"), "modifier name")
info = gfxkit.tile_info(0x02000001A9580400, bpp=32, width=100, height=37)
check(info["pitch"] == 128 and info["surface_bytes"] > 0, "tile info")
check(raises(lambda: gfxkit.tile_info(0x02000001A9580400, bpp=33, width=100, height=37), "bpp 33"), "tile error")

# s_sendmsg and ir3 through the same calls
s = gfxkit.decode(struct.pack("<I", 0xbf900022), gpu="gfx10", engine="isa")
check(s[0]["name"] == "s_sendmsg", "isa: s_sendmsg")

print("# passed=%d failed=%d" % (passed, failed))
sys.exit(1 if failed else 0)

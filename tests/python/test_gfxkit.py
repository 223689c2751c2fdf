"""python/gfxkit.py against the shared library: run by tests/cli/test_python.sh
(GFXKIT_LIB names the library; the repository root is the working folder).
Prints "# passed=N failed=M" like every test."""
import array
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


def raises(fn, text, kind=None):
    """fn raises gfxkit.Error (and kind, when given) with text in its message;
    any other exception, or none, is a failure that says what happened."""
    try:
        got = fn()
    except gfxkit.Error as e:
        if kind is not None and not isinstance(e, kind):
            print("  raised %s, not %s: %s" % (type(e).__name__, kind.__name__, e))
            return False
        if text not in str(e):
            print("  message %r lacks %r" % (str(e), text))
            return False
        return True
    except Exception as e:  # noqa: BLE001 -- the failure to report
        print("  raised %s (not gfxkit.Error): %s" % (type(e).__name__, e))
        return False
    print("  returned %r" % (repr(got)[:100],))
    return False


def gives(fn, want):
    """fn returns want; an exception is a failure that says what it was"""
    try:
        got = fn()
    except Exception as e:  # noqa: BLE001 -- the failure to report
        print("  raised %s: %s" % (type(e).__name__, e))
        return False
    return got == want


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

# Arguments are checked before ctypes sees them: ctypes keeps an int's low
# bits (2**32 + 64 reaches a uint32_t as 64), so each C integer parameter
# is range-checked, negative values too, and named in the message
MOD = 0x02000001A9580400
U32 = "must be 0 to 4294967295 (uint32_t)"
for arg, u32 in (("width", True), ("height", True), ("slices", True), ("bpp", False)):
    for v in (2 ** 32 + 64, -1, 2 ** 70):
        kw = dict(bpp=32, width=100, height=37, slices=1)
        kw[arg] = v
        want = "%s %d out of range: " % (arg, v) + (U32 if u32 else "must be 0 to 4294967295 (unsigned int)")
        check(raises(lambda: gfxkit.tile_info(MOD, **kw), want, ValueError), "tile_info %s=%d refused" % (arg, v))
check(raises(lambda: gfxkit.tile_info(2 ** 64 + MOD, bpp=32, width=100, height=37),
             "modifier_value %d out of range: must be 0 to 18446744073709551615 (uint64_t)" % (2 ** 64 + MOD),
             ValueError), "tile_info: a 65-bit modifier refused")
check(raises(lambda: gfxkit.modifier(2 ** 64), "modifier 18446744073709551616 out of range", ValueError),
      "modifier: 2**64 refused")
check(raises(lambda: gfxkit.modifier(-1), "modifier -1 out of range", ValueError), "modifier: -1 refused")
check(raises(lambda: gfxkit.modifier(-(10 ** 5000)), "modifier (a negative 16610-bit integer) out of range",
             ValueError), "modifier: a 5000-digit value described, not printed")
check(gives(lambda: gfxkit.modifier(2 ** 64 - 1)["value"], "0xffffffffffffffff"), "modifier: 2**64-1 is the largest")
check(gives(lambda: gfxkit.tile_info(MOD, bpp=32, width=100, height=37, slices=1), info),
      "tile_info: in range still works")


class Index:
    """an integer-like object (as numpy's integers are): taken through __index__"""
    def __index__(self):
        return 100


check(gives(lambda: gfxkit.tile_info(MOD, bpp=32, width=Index(), height=37), info),
      "tile_info: __index__ integers taken")

# the two kinds of argument error are gfxkit.Error and the builtin one alike
check(all(issubclass(getattr(gfxkit, k, object), gfxkit.Error) and issubclass(getattr(gfxkit, k, object), b)
          for k, b in (("ArgumentTypeError", TypeError), ("ArgumentRangeError", ValueError))),
      "ArgumentTypeError and ArgumentRangeError")

# wrong types: an int is not data (bytes(16) would be sixteen zero bytes),
# bool and float are not integers, names are str, text is a bool
check(raises(lambda: gfxkit.decode(16, gpu="evergreen"), "data must be bytes-like or str, not int", TypeError),
      "decode: int data refused")
check(raises(lambda: gfxkit.check([0xc0001000], gpu="cayman"), "data must be bytes-like or str, not list",
             TypeError), "check: list data refused")
check(raises(lambda: gfxkit.decode(None, gpu="evergreen"), "data must be bytes-like or str, not NoneType",
             TypeError), "decode: None data refused")
check(raises(lambda: gfxkit.encode(3, gpu="cayman"), "text must be bytes-like or str, not int", TypeError),
      "encode: int text refused")
check(raises(lambda: gfxkit.modifier(True), "modifier must be an integer, not bool", TypeError),
      "modifier: bool refused")
check(raises(lambda: gfxkit.modifier(1.0), "modifier must be an integer, not float", TypeError),
      "modifier: float refused")
check(raises(lambda: gfxkit.modifier("0x1"), "modifier must be an integer, not str", TypeError),
      "modifier: str refused")
check(raises(lambda: gfxkit.tile_info(MOD, bpp=True, width=100, height=37), "bpp must be an integer, not bool",
             TypeError), "tile_info: bool bpp refused")
check(raises(lambda: gfxkit.tile_info(MOD, bpp=32, width=100.5, height=37), "width must be an integer, not float",
             TypeError), "tile_info: float width refused")
check(raises(lambda: gfxkit.decode(data, gpu=b"evergreen"), "gpu must be a str, not bytes", TypeError),
      "decode: bytes gpu refused")
check(raises(lambda: gfxkit.decode(data, gpu=None), "gpu must be a str, not NoneType", TypeError),
      "decode: no gpu refused")
check(raises(lambda: gfxkit.decode(data, gpu="evergreen", engine=1), "engine must be a str or None, not int",
             TypeError), "decode: int engine refused")
check(raises(lambda: gfxkit.decode(data, gpu="evergreen", fmt=b"bin"), "fmt must be a str or None, not bytes",
             TypeError), "decode: bytes fmt refused")
check(raises(lambda: gfxkit.encode("NOP\n", gpu="cayman", engine=["pm4"]), "engine must be a str or None, not list",
             TypeError), "encode: list engine refused")
check(raises(lambda: gfxkit.decode(data, gpu="evergreen", text=1), "text must be True or False, not int",
             TypeError), "decode: int text flag refused")
check(raises(lambda: gfxkit.modifier(MOD, gpu=9), "gpu must be a str, not int", TypeError),
      "modifier: int gpu refused")
# a NUL ends a C string: "evergreen\0x" must not be read as "evergreen"
check(raises(lambda: gfxkit.decode(data, gpu="evergreen\0x"), "gpu 'evergreen\\x00x' holds a NUL character"),
      "decode: NUL in the gpu refused")
check(raises(lambda: gfxkit.encode("NOP\n", gpu="cayman", engine="pm4\0"), "engine 'pm4\\x00' holds a NUL"),
      "encode: NUL in the engine refused")
check(raises(lambda: gfxkit.decode(b"", gpu="evergreen", fmt="bin\0hex"), "fmt 'bin\\x00hex' holds a NUL"),
      "decode: NUL in the format refused")
# every bytes-like object is data, read as its bytes; None takes the library's default
check(gives(lambda: gfxkit.decode(bytearray(data), gpu="evergreen"), units), "decode: bytearray data")
check(gives(lambda: gfxkit.decode(memoryview(data), gpu="evergreen"), units), "decode: memoryview data")
check(gives(lambda: gfxkit.decode(memoryview(data)[::1], gpu="evergreen", engine=None, fmt=None), units),
      "decode: engine and fmt None are pm4 and auto")
words = array.array("I", struct.unpack("<%dI" % (len(data) // 4), data))
if sys.byteorder == "little":
    check(gives(lambda: gfxkit.decode(words, gpu="evergreen"), units), "decode: an array of words is its bytes")
else:
    print("# SKIPPED: a big-endian host: an array of words is not the little-endian stream")
check(gives(lambda: gfxkit.encode(bytearray(b"NOP\n"), gpu="cayman"), gfxkit.encode("NOP\n", gpu="cayman")),
      "encode: bytearray")

# text that is not valid UTF-8 or Unicode: gfxkit.Error, never a Unicode*Error
# from inside the module.  The library quotes what it could not read, raw:
check(raises(lambda: gfxkit.encode(b"\xff\xfe\n", gpu="cayman"), "1:1: unknown packet \ufffd\ufffd"),
      "encode: invalid UTF-8 quoted as U+FFFD")
# a long name is cut to a length in bytes, which may split a character
for k in range(2):
    check(raises(lambda: gfxkit.decode(b"", gpu="a" * k + "\xe9" * 100), "unknown GPU"),
          "decode: a long non-ASCII gpu (%d) refused with the library's message" % k)
    check(raises(lambda: gfxkit.encode(b"", gpu="cayman", engine="a" * k + "\xe9" * 100), "unknown engine"),
          "encode: a long non-ASCII engine (%d) refused with the library's message" % k)
# a str holding a lone surrogate (os.fsdecode's escape for a raw byte) has no UTF-8
check(raises(lambda: gfxkit.decode("c0001000\udcff\n", gpu="cayman"),
             "data is not valid Unicode: '\\udcff' at index 8"),
      "decode: a surrogate in str data")
check(raises(lambda: gfxkit.encode("NOP\udcff\n", gpu="cayman"), "text is not valid Unicode"),
      "encode: a surrogate in the text")
check(raises(lambda: gfxkit.decode(b"", gpu="cay\udcffman"), "gpu is not valid Unicode"),
      "decode: a surrogate in the gpu")

print("# passed=%d failed=%d" % (passed, failed))
sys.exit(1 if failed else 0)

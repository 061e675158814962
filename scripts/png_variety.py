#!/usr/bin/env python3
"""Checks that a PNG screenshot is not blank: prints its size and how many
distinct colours it has, and how much of it is not the background colour;
exits 1 when it has fewer than MIN_COLOURS colours or less than MIN_INK of
its pixels differ from the most common one, or when a colour asked for with
--require-colour (exact RGB, e.g. d55e00:200 for at least 200 such pixels)
is missing: a chart's two sides drawn in their colours, not just "something".
Standard library only (zlib).

usage: png_variety.py FILE.png [--min-colours N] [--min-ink FRACTION] [--require-colour RRGGBB:PIXELS ...]
"""
import struct
import sys
import zlib
from collections import Counter


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA, non-interlaced PNGs are read (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    pixels = Counter()
    for line in rows:
        for i in range(0, stride, channels):
            pixels[line[i:i + 3]] += 1
    return width, height, pixels


def main(argv):
    args = argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    path, min_colours, min_ink, required = args[0], 16, 0.02, []
    rest = args[1:]
    while rest:
        if len(rest) < 2:
            print(f"{rest[0]} needs a value", file=sys.stderr)
            return 2
        option, value = rest[0], rest[1]
        if option == "--require-colour":
            colour, _, least = value.partition(":")
            try:
                required.append((bytes.fromhex(colour), int(least or "1")))
            except ValueError:
                print(f"--require-colour takes RRGGBB:PIXELS, not {value!r}", file=sys.stderr)
                return 2
            if len(required[-1][0]) != 3:
                print(f"--require-colour takes six hex digits, not {colour!r}", file=sys.stderr)
                return 2
        elif option == "--min-colours":
            min_colours = int(value)
        elif option == "--min-ink":
            min_ink = float(value)
        else:
            print(f"unknown option {option}", file=sys.stderr)
            return 2
        rest = rest[2:]
    width, height, pixels = decode(path)
    total = width * height
    background, count = pixels.most_common(1)[0]
    ink = 1 - count / total
    print(f"{path}: {width}x{height}, {len(pixels)} colours, {ink * 100:.1f}% not background #{background.hex()}")
    if len(pixels) < min_colours or ink < min_ink:
        print(f"{path}: looks blank (needs {min_colours} colours and {min_ink * 100:.0f}% ink)", file=sys.stderr)
        return 1
    missing = [(colour, least) for colour, least in required if pixels[colour] < least]
    for colour, least in required:
        print(f"{path}: #{colour.hex()} on {pixels[colour]} pixels (needs {least})")
    if missing:
        print(f"{path}: missing colours: {', '.join('#' + c.hex() for c, _ in missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

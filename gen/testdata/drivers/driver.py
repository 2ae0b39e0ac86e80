"""Checks the generated Python module against a vector file: driver.py VECTORS."""
import sys

import gen

n = bad = 0
with open(sys.argv[1]) as f:
    for line in f:
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        fld = (line.split("\t") + ["", "", "", ""])[:4]
        a, b = gen.dtype_from_name(fld[0]), gen.dtype_from_name(fld[1])
        try:
            out, weak = gen.promote_types(a, b)
            got = out.name + ("?" if weak else "") + "\t"
        except gen.PromotionError as e:
            got = "error\t" + e.rule.id
            if e.rule.id not in str(e):
                got += " (message names no rule)"
        want = fld[2] + "\t" + fld[3]
        if got != want:
            print("%s %s: got %r, want %r" % (fld[0], fld[1], got, want))
            bad += 1
        n += 1
if bad or not n:
    sys.exit(1)
print("ok", n)

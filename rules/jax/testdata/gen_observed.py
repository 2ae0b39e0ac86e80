#!/usr/bin/env python3
"""Writes observed_*.tsv from JAX's testObservedPromotionTable.

JAX's tests/dtypes_test.py (testObservedPromotionTable) holds the result of
v1 + v2 for every pair of 18 typecodes under three configurations: x64 on,
x64 off with jax_explicit_x64_dtypes=allow, and x64 off with the default
(warn). This script lifts the three tables out of that file as data, one
TSV matrix each, in the typecodes' own spelling; go test never runs it.

    python3 testdata/gen_observed.py /path/to/jax/tests/dtypes_test.py

Read at jax-ml/jax@cec06d116c05f0d52adfceee3d3b730fdbcb0ce5.
"""
import ast
import sys

BRANCHES = [
    ("x64", "if config.enable_x64.value:"),
    ("allow", "elif config.explicit_x64_dtypes.value == config.ExplicitX64Mode.ALLOW:"),
    ("x32", "else:"),
]


def tables(src):
    start = src.index("def testObservedPromotionTable")
    body = src[start:]
    typecodes = ast.literal_eval(body[body.index("["):body.index("]") + 1])
    out, pos = {}, 0
    for name, marker in BRANCHES:
        pos = body.index(marker, pos)
        lo = body.index("expected = [", pos) + len("expected = ")
        depth, i = 0, lo
        while True:
            depth += {"[": 1, "]": -1}.get(body[i], 0)
            i += 1
            if depth == 0:
                break
        out[name] = ast.literal_eval(body[lo:i])
        pos = i
    return typecodes, out


def main(path):
    src = open(path).read()
    typecodes, ts = tables(src)
    setting = {"x64": "x64=true", "allow": "explicit_x64_dtypes=allow", "x32": "the defaults (x64=false, explicit_x64_dtypes=warn)"}
    for name, rows in ts.items():
        with open(f"observed_{name}.tsv", "w") as f:
            f.write("# JAX's testObservedPromotionTable (tests/dtypes_test.py@cec06d11), the "
                    f"{name} table: jax rule set under {setting[name]}.\n")
            f.write("# Row v2, column v1: the typecode of v1 + v2. b1 bool, uN/iN unsigned/signed "
                    "of N bytes, bf bfloat16, f2/f4/f8 floats, c4/c8 complex64/128;\n")
            f.write("# i*, f*, c* weak: Python int, float, complex operands, and weak results of any width. "
                    "Written by gen_observed.py.\n")
            f.write("\t" + "\t".join(typecodes) + "\n")
            for tc, row in zip(typecodes, rows):
                f.write(tc + "\t" + "\t".join(row) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])

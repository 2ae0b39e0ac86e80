#!/usr/bin/env python3
"""Rebuild guide_tensor_tensor.tsv and guide_tensor_scalar.tsv from the guide.

Usage: extract_guide.py auto_type_promotion_en.md
(PaddlePaddle/docs@06be283a docs/guides/advanced/auto_type_promotion_en.md).
The two markdown tables that start with "+/-/*" are written out cell by cell.
"""
import sys

SRC = "PaddlePaddle/docs@06be283a docs/guides/advanced/auto_type_promotion_en.md"
LITERAL = {"bool": "true", "int": "1", "float": "1.5", "complex": "1j"}


def tables(lines):
    out, cur = [], None
    for line in lines:
        if line.startswith("+/-/*"):
            cur = [line]
            out.append(cur)
        elif cur is not None:
            if not line.strip():
                cur = None
            else:
                cur.append(line)
    return out


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(path):
    tt, ts = tables(open(path, encoding="utf-8").read().split("\n"))[:2]
    head = cells(tt[0])[1:]
    rows = ["# The auto type promotion guide's Tensor-to-Tensor table, cell by cell (row a, column b, result; \"-\" is",
            "# a cell the guide leaves out: TypeError). Source: " + SRC + ",",
            "# \"Type Promotion Rules in Tensor-to-Tensor\", extracted by extract_guide.py. Columns: a, b, result."]
    for line in tt[2:]:
        c = cells(line)
        rows += ["\t".join([c[0], b, v]) for b, v in zip(head, c[1:])]
    open("guide_tensor_tensor.tsv", "w").write("\n".join(rows) + "\n")
    head = cells(ts[0])[1:]
    rows = ["# The guide's Tensor-to-Scalar table (tensor dtype, Python scalar, result). Source: " + SRC + ",",
            "# \"Type Promotion Rules in Tensor-to-Scalar\", extracted by extract_guide.py; the scalar column is",
            "# written as a Python literal of that kind (bool true, int 1, float 1.5, complex 1j)."]
    for line in ts[2:]:
        c = cells(line)
        rows += ["\t".join([c[0], LITERAL[b], v]) for b, v in zip(head, c[1:])]
    open("guide_tensor_scalar.tsv", "w").write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])

"""Dump CPython's ast of Python files as canonical JSON, one line a file.

Used by the python package's fidelity tests (dump_test.go holds the Go
side of the same form). Reads file paths, one a line, on stdin; writes one
JSON object a line: {"file": path, "tree": ...} or {"file": path,
"error": {"msg": ..., "lineno": ..., "offset": ...}}.

Form: a node is {"_t": class name, field: value, ..., "_p": [lineno,
col_offset, end_lineno, end_col_offset]}; operators and contexts are their
class name; constants are tagged so that no value is lost in JSON.
"""
import ast
import json
import struct
import sys


def const(v):
    if v is None:
        return None
    if v is Ellipsis:
        return {"ellipsis": True}
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": str(v)}
    if isinstance(v, float):
        return {"float": struct.pack("<d", v).hex()}
    if isinstance(v, complex):
        return {"complex": struct.pack("<d", v.imag).hex()}
    if isinstance(v, str):
        return {"str": v.encode("utf-8", "surrogatepass").hex()}
    if isinstance(v, bytes):
        return {"bytes": v.hex()}
    raise TypeError(type(v))


def dump(n):
    if isinstance(n, list):
        return [dump(x) for x in n]
    if isinstance(n, (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)):
        return type(n).__name__
    if not isinstance(n, ast.AST):
        return n
    out = {"_t": type(n).__name__}
    for f in n._fields:
        v = getattr(n, f, None)
        if f == "value" and isinstance(n, (ast.Constant, ast.MatchSingleton)):
            out[f] = const(v)
        else:
            out[f] = dump(v)
    if "end_col_offset" in n._attributes:
        out["_p"] = [n.lineno, n.col_offset, n.end_lineno, n.end_col_offset]
    return out


def main():
    sys.setrecursionlimit(100000)
    for line in sys.stdin:
        path = line.rstrip("\n")
        if not path:
            continue
        rec = {"file": path}
        try:
            with open(path, "rb") as f:
                src = f.read()
            rec["tree"] = dump(ast.parse(src, path))
        except (SyntaxError, ValueError, UnicodeDecodeError, MemoryError, RecursionError) as e:
            rec["error"] = {"msg": str(getattr(e, "msg", e)), "lineno": getattr(e, "lineno", None), "offset": getattr(e, "offset", None)}
        sys.stdout.write(json.dumps(rec) + "\n")
        sys.stdout.flush()


main()

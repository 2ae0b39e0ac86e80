# Statement forms (Python 3.8-3.11).
import a.b.c as d; from .x.y import (z)
x = y = z = 0; x += 1; x -= 1; x *= 2; x /= 2; x //= 2; x %= 2; x **= 2
x >>= 1; x <<= 1; x &= 1; x |= 1; x ^= 1; m @= m
obj.attr: int
obj[0]: "str" = "a"
(paren): int = 1
del (a), [b, c], d.e, f[g]
a, b = b, a
[a, b] = c
a, *b, c = d
(a, b), [c, *d] = e
for x, in y: pass
for *a, b in c: pass
for [a, b] in c: pass


@property
@functools.lru_cache(maxsize=None)
@buttons[0].clicked.connect
@(lambda f: f)
def g(a, /): ...


def h(a, /, b, *, c): pass
def k(*args: int, **kwargs: str) -> None: pass
def l(a: int = 1, *, b: int = 2, **c): pass


class Empty: pass
class K(object, *bases, metaclass=M, **kw): x = 1


async def coro():
    async with a as (b, c), d as e.f, g as h[0]:
        pass
    async for x in y:
        await z
    else:
        pass
    r = [x async for x in aiter() if await x]
    s = {await y for y in z}
    return await (await x)


def gen():
    x = yield
    y = yield 1
    z = yield from w
    yield a, b
    yield *a, b
    await_ = yield (yield)
    return *a, b


while True:
    if a:
        break
    elif b:
        continue
    else:
        pass

try:
    pass
finally:
    pass

try:
    pass
except:
    pass

try:
    x
except Exception:
    raise
except (TypeError, ValueError):
    raise X
except E as e:
    raise X from e

with a: pass
with a, b: pass
with (a): pass
with (a, b): pass
with (a) as b: pass
with (a, b) as c: pass
with (a as b): pass
with (yield): pass
with a as b, c as (d, e): pass


def scopes():
    global a, b
    nonlocal_ = 1

    def inner():
        nonlocal nonlocal_
    return inner


assert isinstance(x, int), f"bad {x!r}"
if (n := len(a)) > 10: pass
print(f"{(y := 10)}")
[y := f(x), y ** 2]
data = {k: (v := k) for k in range(3)}
foo(x := 3, cat="vector")
a[b := 1]
a[b := 1, c := 2]
lambda: (yield)
x = lambda *a, **k: (a, k)
x = lambda a, *, b=1: a
x = lambda a=1, /, b=2: a
x = lambda *, a: a
x = 1 if a else 2 if b else 3
x = not a == b
x = -a ** -b
x = ~a + +b
x = a if b else lambda: c
x = [*a, *b]
x = {**a, 'b': 1, **c}
x = {*a, *b}
x = *a, *b
f(*a, b, *c, d=1, **e, f=2)
f(a)(b)(c)[d][e].f.g
x = a[1:2:3, ..., None]
x = a[:, None]
x = a[::2]
x = a[1:]
x = a[:-1]
x = a[()]
x = a[(1, 2)]
x = a[1,]
x = a[lambda: 1]
x = a[b if c else d]
x = 0 < a < b < 10
x = a is not b is c not in d in e
x = a or b and c or not d
x = (a for b in c for d in e if f if g)
x = [[y for y in z] for z in w]
x = ()
x = (1,)
x = (((1)))
x = (1, 2)
x = ((1, 2),)
x = 1e-10, 1E+10, 1_0.0_1e1_0j, 0j, 0.0, 00, 0_0, 0xdead_beef, 0O777, 0B1
x = 10000000000000000000000000000000000000000000000000 * 1.7976931348623157e308
x = 1.0e400, .1e-400
x = 'a' 'b' \
    'c'
x = ("multi"
     "line"
     f"{concat}")
x = ''; y = ""; z = ''''''; w = """"""
x = r'\''; y = r"\""; z = b'\''
x = '\'' "\"" '\\'
x = U'x' + BR'y' + Rb'z' + bR'w'
x = """a
b\
c"""

import os, sys as system
from . import a
from ..pkg.mod import (b as c, d,)
from ... import e

x = 1
y: int = 2
z += 3
a, *b = c = d
del x, y[0], z.w


def f(a, b=1, /, c=2, *args, d, e=3, **kw) -> int:
    """doc"""
    global g
    return a + b * c - d / e // 2 % 3 @ m ** -f ** 2


@decorator
@decorator.attr(1, 2, k=3)
class C(Base, metaclass=Meta):
    attr: list[int]

    async def m(self):
        async with a as b, c:
            await x
        async for i in aiter():
            yield i
        return [i async for i in y]


lambda: 0
lambda x, /, y=1, *a, z, **k: (x, y)
if a and b or not c:
    pass
elif d is not e and f not in g:
    ...
else:
    raise ValueError("x") from None

while (n := next(it)) is not None:
    break
else:
    continue

for i, (j, k) in enumerate(x):
    print(i, *j, **k, sep="")

try:
    pass
except (A, B) as e:
    pass
except C:
    pass
else:
    pass
finally:
    pass

with open(f) as fh, (yield) as q:
    pass
with (a as b, c as d,):
    pass
assert x, "msg"
s = {1, 2, *x}
d = {1: 2, **m, 'k': v}
l = [x for x in y if x if not x for z in x]
g = (x for x in y)
sc = {x for x in y}
dc = {k: v for k, v in m.items()}
sl = a[1:2, ::3, :, 4:, *b]
t = 1, 2,
e = ()
v = x if y else z
cmp = a < b <= c > d >= e == f != g
bits = ~a | b ^ c & d << 1 >> 2
num = 0x_FF + 0o17 + 0b1_0 + 1_000_000 + 1.5e-3 + 3j + .5 + 5. + 1E10 + 0
strs = u'uni' 'a' "b" '''c''' """d""" r'\n' 'e\n\t\x41\u00e9\U0001F600\101\q'
byts = b'x\x00' rb'\d' B"\n\x7f\777"

nl = "line \
cont"
i = 1 + \
    2
nonlocal_test = None


def outer():
    x = 1

    def inner():
        nonlocal x
        x = 2
    return inner


print(f(*a, *b, k=1, **c, **d), f(x for x in y))

__version__ = "0.0.stub"


class _Config:
    def __init__(self):
        self.values = {"jax_enable_x64": False}

    def read(self, name):
        return self.values.get(name, False)

    def update(self, name, value):
        self.values[name] = value


config = _Config()


def eval_shape(fun, *args):
    # As jit's abstractification of a Python int: it must fit the default
    # integer (int32 with x64 off).
    x64 = config.read("jax_enable_x64")
    bits = 64 if x64 else 32
    for a in args:
        if type(a) is int and not -(1 << (bits - 1)) <= a < 1 << (bits - 1):
            raise OverflowError("Python int %d too large to convert to int%d" % (a, bits))
    return fun(*args)

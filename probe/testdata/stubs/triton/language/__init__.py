class dtype:
    """triton.language.dtype as the probe uses it: a name (str gives
    Triton's short one, fp16), pointer-ness and the integer queries the
    type computation makes."""

    def __init__(self, name, short=None, bits=0, signed=None):
        self.name, self.short = name, short or name
        self.int_bitwidth = bits
        self.int_signedness = signed

    def is_ptr(self):
        return False

    def is_int(self):
        return self.int_signedness is not None

    def __str__(self):
        return self.short


int1 = dtype("int1", bits=1, signed=False)
int8, int16, int32, int64 = (dtype("int%d" % b, bits=b, signed=True) for b in (8, 16, 32, 64))
uint8, uint16, uint32, uint64 = (dtype("uint%d" % b, bits=b, signed=False) for b in (8, 16, 32, 64))
float16, bfloat16, float32, float64 = dtype("float16", "fp16"), dtype("bfloat16", "bf16"), dtype("float32", "fp32"), dtype("float64", "fp64")
float8e4nv, float8e5 = dtype("float8e4nv", "fp8e4nv"), dtype("float8e5", "fp8e5")
float8e4b8, float8e5b16 = dtype("float8e4b8", "fp8e4b8"), dtype("float8e5b16", "fp8e5b16")
float8e4b15 = dtype("float8e4b15", "fp8e4b15")

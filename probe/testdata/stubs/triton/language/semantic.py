# Triton 3.4 on: the type computation is a method of TritonSemantic, whose
# constructor takes an IR builder, and it calls self.integer_promote_impl
# for two integers (the call the probe once made with self=None).
from . import float16, bfloat16, float32, float64


class TritonSemantic:
    def __init__(self, builder):
        self.builder = builder

    def integer_promote_impl(self, a_ty, b_ty):
        if a_ty.int_signedness == b_ty.int_signedness:
            return a_ty if a_ty.int_bitwidth > b_ty.int_bitwidth else b_ty
        u, s = (a_ty, b_ty) if not a_ty.int_signedness else (b_ty, a_ty)
        return u if u.int_bitwidth >= s.int_bitwidth else s

    def computation_type_impl(self, a_ty, a_is_scalar, b_ty, b_is_scalar, div_or_mod):
        if a_ty.is_int() and b_ty.is_int():
            return self.integer_promote_impl(a_ty, b_ty)
        for t in (float64, float32, float16):
            if t in (a_ty, b_ty):
                return t
        if a_ty is bfloat16 and b_ty is bfloat16:
            return bfloat16
        if bfloat16 in (a_ty, b_ty):
            return float32
        if not a_ty.is_int() and not b_ty.is_int():
            return a_ty if a_ty is b_ty else float16
        raise TypeError("unexpected type %s and %s" % (a_ty, b_ty))

class TritonSemantic:
    def computation_type_impl(self, a_ty, a_is_scalar, b_ty, b_is_scalar, div_or_mod):
        order = ["int1", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
                 "fp16", "bf16", "fp32", "fp64"]
        return a_ty if order.index(a_ty.name) >= order.index(b_ty.name) else b_ty

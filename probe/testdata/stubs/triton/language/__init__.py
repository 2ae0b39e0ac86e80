class dtype:
    def __init__(self, name):
        self.name = name

    def is_ptr(self):
        return False

    def __str__(self):
        return self.name


int1 = dtype("int1")
int8, int16, int32, int64 = dtype("int8"), dtype("int16"), dtype("int32"), dtype("int64")
uint8, uint16, uint32, uint64 = dtype("uint8"), dtype("uint16"), dtype("uint32"), dtype("uint64")
float16, bfloat16, float32, float64 = dtype("fp16"), dtype("bf16"), dtype("fp32"), dtype("fp64")

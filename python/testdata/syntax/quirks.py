w = f"{self.__class__.__name__,}({w.__class__.__name__}<{w._w}>)" + f"{a, b!r}" + f"{(a, b)}" + f"{ a, }"
sub = a[*b], a[*b, c], a[1:2, *c]

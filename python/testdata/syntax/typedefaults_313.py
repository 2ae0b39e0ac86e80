type A[T = int] = list[T]
class B[T = int, *Ts = *tuple[int], **P = [int, str]]: pass
def c[T: int = bool](): pass

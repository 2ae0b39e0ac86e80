type Point = tuple[float, float]
type ListOrSet[T] = list[T] | set[T]
def first[T](xs: list[T]) -> T: return xs[0]
class Box[T: (int, str), *Ts, **P]:
    def get[U: int](self) -> U: ...
async def g[T](): pass
type = 1
type.x = 2
print(type)
x = f"{'a' if x else "b"}"
y = f"{x:{"<"}10}"
z = f"""{
    x  # a comment
}"""
w = f"{'\n'.join(a)}"

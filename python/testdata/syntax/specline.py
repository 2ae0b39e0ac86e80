print(
    (
        f"{a}x{b}\n"
        f"  {c}\n"
        f"  {'^':>{width(a, b)}}"
    )
)
y = (f"{z:>4}"
     f"{z:{a}}")
x = (f"a"
     f"{b:>{c}}")
x = (f"a"
     f"{b:>4}")
x = (f"a"
     f"{b:{c}>}")
x = (f"a"
  "b"
     f"{b:>{c}x{d}y}")

print(
    (
        f"{a}x{b}\n"
        f"  {c}\n"
        f"  {'^':>{width(a, b)}}"
    )
)
y = (f"{z:>4}"
     f"{z:{a}}")

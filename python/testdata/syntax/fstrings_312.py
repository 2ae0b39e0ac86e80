h = f"{'nested'} {"no" if 3.12 else 0!r}" if 0 else f"{'a' + "b"}"
n = f'{"\N{BULLET}" if 0 else 1}'
q = f"{f"{f"{x}"}"}"

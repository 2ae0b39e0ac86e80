match command.split():
    case [action]:
        pass
    case [action, obj]:
        pass
    case Point(x=0, y=0):
        print("Origin")
    case Point(x, y=0) if x > 0:
        pass
    case [Point(x=0, y=0), *rest]:
        pass
    case {"text": str(message), "color": c, **rest}:
        pass
    case {1: _, -1.5: _, 1+2j: _, None: _, True: a.b}:
        pass
    case 1 | 2 | 3 as num:
        pass
    case (1, 2, *_) | [3, 4] | ():
        pass
    case -1 | -2j | 1 - 2j | "s" "t" | b"x" | None | True | False:
        pass
    case a.b.c | d.e:
        pass
    case (x):
        pass
    case (x,) | [x, ] | [*x]:
        pass
    case str() | bytes():
        pass
    case _:
        pass
match x, y:
    case a, b if a > b:
        pass
    case *a, b:
        pass
match (x):
    case {}:
        pass
match *a, b:
    case []: pass
match = 1
match.x = 2
match[0] = 3
match(x)
case = match
print(match, case)
match -x:
    case _: pass
match not_a_keyword:
    case _: pass

name = "world"
a = f"hello {name}!"
b = f'{x!r} {y!s:>10} {z!a:{w}.{p}}'
c = f"{x=}" f'{y = !s}' f"{z=:>4}"
d = f"{{literal}} {x:{{}}>3}" if False else f"{{}}"
e = rf"\d{x}\n" + fr'{y}\t' + Rb'raw' + F"{1+2}" + f''
g = f"""multi
{line} and {
  value
}"""
i = f"{x:%Y-%m-%d}" "tail" f"{y}"
j = "plain" f"{k}" 'more'
k = f"{a['key']}" f"{b[1:2]}" f"{(lambda: 1)()}"
l = f"{x:{y}}"
m = f"{3.14:.2f}{'':>{width}}"
x = f"{ticklabels:=} {a:=^10} {(b:=1)} {c[d:=2]}"

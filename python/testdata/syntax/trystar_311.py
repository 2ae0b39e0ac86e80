try:
    raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
except* ValueError as e:
    pass
except* (TypeError, KeyError):
    pass
else:
    pass
finally:
    pass
x = a[*b]
def f(*args: *Ts): pass

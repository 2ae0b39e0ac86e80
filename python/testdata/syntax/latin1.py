# -*- coding: latin-1 -*-
x = "café"  # é
déf = 1

a = "\N{BULLET} \N{greek small letter alpha} \N{CJK UNIFIED IDEOGRAPH-4E00} \N{HANGUL SYLLABLE GAG} \N{LINE FEED}"
b = "\ud800 \udfff \x00 \0 \12 \777 \z"
c = f"\N{EM DASH}{x}\N{DEGREE SIGN}"
d = '\
'
e = "\N{LF}\N{nbsp}\N{ZWJ}"

# Writes the .npz fixtures TestReadNPZFixtures reads, with Debian's NumPy
# (python3-numpy, 1.24): /usr/bin/python3 npz_fixtures.py
# The arrays are small and their values are restated in npz_test.go.
import numpy as np

def arrays():
    return {
        'weight': np.arange(6, dtype='<f4').reshape(2, 3) / 4,
        'big_endian': np.array([1.5, -2.0], dtype='>f8'),
        'fortran': np.asfortranarray(np.arange(6, dtype='<i2').reshape(2, 3)),
        'flags': np.array([True, False, True]),
        'scalar': np.int64(-7),
        'empty': np.zeros((0, 3), dtype='u1'),
    }

np.savez('numpy_savez.npz', **arrays())
np.savez_compressed('numpy_savez_compressed.npz', **arrays())
# Positional arrays are named arr_0, arr_1, ...
np.savez('numpy_positional.npz', np.array([1, 2], dtype='<u2'), np.array(3.0, dtype='<f2'))
# An object array is pickled: promote must refuse it by name.
np.savez('numpy_object.npz', ok=np.array([1], dtype='<i4'), objects=np.array([1, 'a', None], dtype=object))

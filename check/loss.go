package check

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// Loss says which values of dtype from the dtype to cannot hold exactly,
// naming the first value lost (the smallest in magnitude, or the first
// above 1 for precision) where that is cheap to compute: "16777217 =
// 2^24+1 (f32 has 24 bits of precision)". It returns "" when to holds
// every value of from (dtype.Holds). The reasons are listed in the order
// a user meets them: sign, precision, range, the smallest values, then
// the special values.
func Loss(from, to dtype.DType) string {
	if dtype.Holds(from, to) {
		return ""
	}
	if from == dtype.Dynamic || to == dtype.Dynamic {
		return "dynamic has no fixed values: the type is decided at run time"
	}
	ff, tf := from.Format(), to.Format()
	if ff.Kind == dtype.KindComplex && tf.Kind != dtype.KindComplex {
		return "the imaginary part is lost (1j)"
	}
	if tf.Kind == dtype.KindComplex {
		// A complex type holds what its parts hold.
		inner := from
		if ff.Kind == dtype.KindComplex {
			inner = ff.Elem
		}
		if s := Loss(inner, tf.Elem); s != "" {
			return "in " + to.String() + "'s " + tf.Elem.String() + " parts: " + s
		}
		return "some values are lost"
	}
	var reasons []string
	switch ff.Kind {
	case dtype.KindBool, dtype.KindSigned, dtype.KindUnsigned:
		reasons = intLoss(ff, tf, to)
	case dtype.KindFloat:
		reasons = floatLoss(ff, tf, to)
	}
	if len(reasons) == 0 {
		return "some values are lost"
	}
	return strings.Join(reasons, "; ")
}

// intLoss lists what an integer or bool format loses in tf.
func intLoss(ff, tf dtype.Format, to dtype.DType) []string {
	lo, hi := ff.IntRange()
	var out []string
	switch tf.Kind {
	case dtype.KindBool, dtype.KindSigned, dtype.KindUnsigned:
		tlo, thi := tf.IntRange()
		if lo < tlo {
			out = append(out, fmt.Sprintf("%d is lost (%s holds %d to %d)", tlo-1, to, tlo, thi))
		}
		if hi > thi {
			out = append(out, fmt.Sprintf("%d is lost (%s holds %d to %d)", thi+1, to, tlo, thi))
		}
	case dtype.KindFloat:
		if lo < 0 && !tf.Signed {
			out = append(out, fmt.Sprintf("-1 is lost (%s has no negative values)", to))
		}
		if tf.NoZero {
			out = append(out, fmt.Sprintf("0 is lost (%s has no zero)", to))
		}
		p := tf.Precision()
		mag := new(big.Int).SetUint64(hi)
		if neg := new(big.Int).Neg(big.NewInt(lo)); lo < 0 && tf.Signed && neg.Cmp(mag) > 0 {
			mag = neg
		}
		first := new(big.Int).Lsh(big.NewInt(1), uint(p))
		first.Add(first, big.NewInt(1))
		if mag.Cmp(first) >= 0 {
			out = append(out, fmt.Sprintf("%s = 2^%d+1 is the first integer lost (%s has %d bits of precision)", first, p, to, p))
		} else if max := tf.MaxFiniteExact(); new(big.Float).SetInt(mag).Cmp(max) > 0 {
			out = append(out, fmt.Sprintf("integers above %s overflow %s", decimal(max, tf), to))
		}
	}
	return out
}

// floatLoss lists what a float format loses in tf.
func floatLoss(ff, tf dtype.Format, to dtype.DType) []string {
	if tf.Kind != dtype.KindFloat {
		return []string{fmt.Sprintf("0.5 is lost, and every other fraction, inf and NaN (%s holds integers only)", to)}
	}
	var out []string
	if ff.Signed && !tf.Signed {
		out = append(out, fmt.Sprintf("-1 is lost (%s has no negative values)", to))
	}
	if !ff.NoZero && tf.NoZero {
		out = append(out, fmt.Sprintf("0 is lost (%s has no zero)", to))
	}
	if pf, pt := ff.Precision(), tf.Precision(); pf > pt {
		out = append(out, fmt.Sprintf("1+2^-%d is the first value above 1 lost (precision %d bits, %s has %d)", pf-1, pf, to, pt))
	}
	if fmax, tmax := ff.MaxFiniteExact(), tf.MaxFiniteExact(); fmax.Cmp(tmax) > 0 {
		out = append(out, fmt.Sprintf("values above %s overflow %s", decimal(tmax, tf), to))
	}
	if fmin, tmin := smallest(ff), smallest(tf); fmin.Cmp(tmin) < 0 {
		out = append(out, fmt.Sprintf("2^%d is lost (the smallest positive %s is 2^%d)", fmin.MantExp(nil)-1, to, tmin.MantExp(nil)-1))
	}
	if ff.HasInf() && !tf.HasInf() {
		out = append(out, fmt.Sprintf("inf is lost (%s has no infinity)", to))
	}
	if ff.HasNaN() && !tf.HasNaN() {
		out = append(out, fmt.Sprintf("NaN is lost (%s has no NaN)", to))
	}
	if ff.NegZero && !tf.NegZero && tf.Signed {
		out = append(out, fmt.Sprintf("-0 is lost (%s has no negative zero)", to))
	}
	return out
}

// decimal writes x, a value of f: exactly when it is an integer below
// 2^64 (65504), else as the shortest decimal that reads back as x at f's
// precision (3.4028235e+38).
func decimal(x *big.Float, f dtype.Format) string {
	if x.IsInt() {
		if u, acc := x.Uint64(); acc == big.Exact {
			return fmt.Sprint(u)
		}
	}
	p := f.Precision()
	if p < 1 {
		p = 1
	}
	return new(big.Float).SetPrec(uint(p)).Set(x).Text('g', -1)
}

// smallest is a float format's smallest positive value.
func smallest(f dtype.Format) *big.Float {
	if s := f.MinSubnormalExact(); s.Sign() > 0 {
		return s
	}
	return f.MinNormalExact()
}

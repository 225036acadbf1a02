"""Where the constants of the generated `_gelu` come from (templates/helpers.py.j2).

GELU is x * Phi(x), Phi the standard normal CDF. The generated code computes the tail
q(t) = Phi(-t) = erfc(t / sqrt(2)) / 2 for t = |x| as exp2(p(t)), p a polynomial fitted
here to log2 q(t) on [0, T], and then Phi(x) = 1 - q for x >= 0, q below. The fit is a
weighted minimax (Lawson's iteratively reweighted least squares): the error that matters
is Phi's absolute error, q * ln 2 * (p - log2 q), so the weight is q, with a floor that
keeps q's relative error small far into the tail as well.

    python bench/fit_gelu.py [DEGREE] [T] [--relative]      (defaults: 9, 6.0)

--relative fits for q's relative error alone (weight 1 everywhere): what a result that
is rounded to 16 bits needs (`_gelu16`, degree 6 on [0, 6]): every value, down the
negative tail, to a small fraction of an f16 or bf16 unit in the last place.

prints the coefficients, rounded to f32 as the kernel holds them, and the errors of the
f32 evaluation against float64: Horner's rule with fused multiply-adds (each step rounded
to f32 once, as the GPU's FMA does) and a correctly rounded exp2. On the GPU, exp2 is the
hardware's ex2.approx, which is not correctly rounded: its error comes on top (measured on
the H100, see docs/language.md).
"""

import math
import sys

import numpy as np


def tail(t):
    """Phi(-t) in float64."""
    return np.array([0.5 * math.erfc(v / math.sqrt(2.0)) for v in np.ravel(t)])


def fit(degree, bound, rounds=80, points=20000, relative=False):
    t = np.linspace(0.0, bound, points)
    q = tail(t)
    target = np.log2(q)
    # Phi's absolute error, and q's relative error deep in the tail; or q's relative error alone.
    importance = np.ones_like(q) if relative else np.maximum(q, 1e-5)
    basis = np.vander(t / bound, degree + 1, increasing=True)  # scaled for conditioning
    weight = np.ones_like(t)
    for _ in range(rounds):
        w = weight * importance
        coef, *_ = np.linalg.lstsq(basis * w[:, None], target * w, rcond=None)
        err = np.abs(basis @ coef - target) * importance
        weight = weight * (err / err.max()) ** 0.5 + 1e-6  # Lawson: lift the weight where the error peaks
        weight /= weight.max()
    return (coef / bound ** np.arange(degree + 1)).astype(np.float32)


def gelu_f32(x, coef, bound):
    """The generated `_gelu`, evaluated in f32 the way the kernel does."""
    t = np.minimum(np.abs(x), np.float32(bound))
    p = np.full_like(t, coef[-1])
    for c in coef[-2::-1]:
        # An f32 product is exact in f64, so this rounds p * t + c to f32 once, like an FMA.
        p = (p.astype(np.float64) * t.astype(np.float64) + np.float64(c)).astype(np.float32)
    q = np.exp2(p.astype(np.float64)).astype(np.float32)
    phi = np.where(x >= 0, np.float32(1.0) - q, np.where(x > -bound, q, np.float32(0.0)))
    return (x * phi).astype(np.float32), phi


def main():
    args = [a for a in sys.argv[1:] if a != "--relative"]
    degree = int(args[0]) if args else 9
    bound = float(args[1]) if len(args) > 1 else 6.0
    coef = fit(degree, bound, relative="--relative" in sys.argv[1:])
    print(f"degree {degree} on [0, {bound}], highest power first:")
    for c in coef[::-1]:
        print(f"    {float(c)!r}")
    x = np.linspace(-12.0, 12.0, 240001, dtype=np.float32)
    got, phi = gelu_f32(x, coef, bound)
    phi64 = 1.0 - tail(x.astype(np.float64))
    want = x.astype(np.float64) * phi64
    # For comparison: the erf form, 0.5 * x * (1 + erf(x / sqrt(2))), with erf correctly rounded to f32.
    erf32 = np.array([math.erf(v / math.sqrt(2.0)) for v in x.astype(np.float64)], dtype=np.float32)
    phi_erf = (np.float32(0.5) * (np.float32(1.0) + erf32)).astype(np.float32)
    big = np.abs(want) > 1e-6
    for name, g, f in (("fitted", got, phi), ("erf form", x * phi_erf, phi_erf)):
        print(f"{name:9s} max |Phi - Phi64| {np.abs(f - phi64).max():.3g}, "
              f"max |gelu - gelu64| / max(1, |x|) {(np.abs(g - want) / np.maximum(1.0, np.abs(x))).max():.3g}, "
              f"max relative error where |gelu| > 1e-6 {(np.abs(g - want)[big] / np.abs(want[big])).max():.3g}")


if __name__ == "__main__":
    main()

package org.disktune.bench.stats;

/**
 * Student's t distribution for any positive degrees of freedom (Welch's are fractional): its CDF through the regularized
 * incomplete beta function, I_x(df/2, 1/2) with x = df/(df + t²), evaluated by Lentz's continued fraction (Press et al.,
 * <i>Numerical Recipes</i>, 3rd ed., §6.4), and its quantile by bisection on the CDF.
 */
final class StudentT {
    private StudentT() {
    }

    /** P(T &lt;= t) for T with {@code df} degrees of freedom. */
    static double cdf(double t, double df) {
        double tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
        return t >= 0 ? 1 - tail : tail;
    }

    /** The t with P(T &lt;= t) = p, for 0.5 &lt; p &lt; 1, to 1e-12. */
    static double quantile(double p, double df) {
        if (!(p > 0.5 && p < 1) || !(df > 0)) {
            throw new IllegalArgumentException("quantile " + p + " of t with " + df + " degrees of freedom");
        }
        double low = 0;
        double high = 1;
        while (cdf(high, df) < p) {
            high *= 2;
        }
        while (high - low > 1e-12 * Math.max(1, high)) {
            double mid = (low + high) / 2;
            if (cdf(mid, df) < p) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    /** I_x(a, b). */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * continuedFraction(x, a, b) / a;
        }
        return 1 - front * continuedFraction(1 - x, b, a) / b;
    }

    private static double continuedFraction(double x, double a, double b) {
        double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double h = d;
        for (int m = 1; m <= 10_000; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 / nonZero(1 + aa * d, tiny);
            c = nonZero(1 + aa / c, tiny);
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 / nonZero(1 + aa * d, tiny);
            c = nonZero(1 + aa / c, tiny);
            double step = d * c;
            h *= step;
            if (Math.abs(step - 1) < 1e-15) {
                break;
            }
        }
        return h;
    }

    private static double nonZero(double v, double tiny) {
        return Math.abs(v) < tiny ? tiny : v;
    }

    /** ln Γ(x) for x &gt; 0 (Lanczos, g = 7, n = 9; relative error below 1e-15). */
    static double logGamma(double x) {
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
                12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double y = x - 1;
        double sum = c[0];
        for (int i = 1; i < 9; i++) {
            sum += c[i] / (y + i);
        }
        double t = y + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}

package org.disktune.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.disktune.bench.Unit;
import org.junit.jupiter.api.Test;

/** The one-line verdicts, in the words. */
class VerdictTest {
    private static Verdict verdict(double estimate, double low, double high) {
        Interval i = new Interval(estimate, low, high);
        return new Verdict("seq-read-buffered", Unit.MB_S, 100, 100 * estimate, i, Direction.of(i));
    }

    @Test
    void aChangeIsItsPercentageWithTheInterval() {
        assertEquals("seq-read-buffered +7.9% [+3.1%, +12.4%]", verdict(1.079, 1.031, 1.124).text());
        assertEquals("seq-read-buffered -7.9% [-12.4%, -3.1%]", verdict(0.921, 0.876, 0.969).text());
    }

    @Test
    void noChangeSaysSoAndStillShowsTheInterval() {
        Verdict v = verdict(0.988, 0.960, 1.019);
        assertEquals(Direction.NONE, v.direction());
        assertEquals("seq-read-buffered: no detectable change (-1.2% [-4.0%, +1.9%])", v.text());
    }

    @Test
    void signsAreAlwaysShownAndZeroIsNeverNegative() {
        assertEquals("seq-read-buffered: no detectable change (+0.0% [-0.3%, +0.0%])", verdict(0.9996, 0.997, 1.0004).text());
        assertEquals("seq-read-buffered: no detectable change (+0.0% [+0.0%, +0.0%])", verdict(1, 1, 1).text());
        assertEquals("seq-read-buffered: no detectable change (+100.0% [-100.0%, +inf%])", verdict(2, 0, Double.POSITIVE_INFINITY).text());
    }

    @Test
    void aVerdictFromTrialsCarriesTheirMedians() {
        Verdict v = Verdict.of("rand-read-4k-qd32", Unit.IOPS, new double[] {1000, 1010, 990, 1005, 995},
                new double[] {1500, 1510, 1490, 1505, 1495});
        assertEquals(1000, v.medianA());
        assertEquals(1500, v.medianB());
        assertEquals(Direction.BETTER, v.direction());
        // k = 3 for 5 and 5 trials: the third smallest of the 25 ratios is 1490/1005 (after 1490/1010 and 1495/1010),
        // the third largest 1510/995 (after 1510/990 and 1505/990)
        assertEquals("rand-read-4k-qd32 +50.0% [+48.3%, +51.8%]", v.text());
    }

    @Test
    void theMediansDisagreeWithTheEstimateOnlyWhenTheyMoveTheOtherWayAsShown() {
        Interval up = new Interval(1.055, 0.329, 3.167);
        Verdict other = new Verdict("seq-read-buffered", Unit.MB_S, 1818, 1449, up, Direction.of(up));
        assertEquals(true, other.mediansDisagree());
        assertEquals("-20.3%", other.mediansChange());
        assertEquals(false, new Verdict("seq-read-buffered", Unit.MB_S, 1818, 1900, up, Direction.of(up)).mediansDisagree());
        assertEquals(false, new Verdict("seq-read-buffered", Unit.MB_S, 1818, 1818, up, Direction.of(up)).mediansDisagree(), "no change");
        Interval flat = new Interval(0.9996, 0.99, 1.01);
        assertEquals(false, new Verdict("seq-read-buffered", Unit.MB_S, 100, 103, flat, Direction.of(flat)).mediansDisagree(),
                "an estimate shown as +0.0% has no sign to disagree with");
    }
}

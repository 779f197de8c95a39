package org.disktune.tuning;

import java.util.Comparator;

/**
 * Orders kernel names as the kernel hands them out: sda .. sdz before sdaa, md2 before md10, nvme0n1 before
 * nvme0n10. Runs of digits compare as numbers; runs of letters alphabetically, except that after a common
 * prefix the shorter suffix comes first.
 */
final class DeviceOrder implements Comparator<String> {
    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ei = run(a, i);
            int ej = run(b, j);
            String ra = a.substring(i, ei);
            String rb = b.substring(j, ej);
            int cmp;
            if (Character.isDigit(ra.charAt(0)) && Character.isDigit(rb.charAt(0))) {
                String na = ra.replaceFirst("^0+(?=.)", "");
                String nb = rb.replaceFirst("^0+(?=.)", "");
                cmp = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
            } else {
                cmp = letters(ra, rb);
            }
            if (cmp != 0) {
                return cmp;
            }
            i = ei;
            j = ej;
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** Letter runs of one family ("sd" of sdz and sdaa) order their suffixes shorter first; other runs alphabetically. */
    private static int letters(String a, String b) {
        int common = 0;
        while (common < a.length() && common < b.length() && a.charAt(common) == b.charAt(common)) {
            common++;
        }
        boolean sameFamily = common > 0 && common < a.length() && common < b.length()
                && Character.isLetter(a.charAt(0)) && Character.isLetter(b.charAt(0));
        return sameFamily && a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
    }

    /** The end of the run of digits, letters or other characters that starts at {@code from}. */
    private static int run(String s, int from) {
        int kind = kind(s.charAt(from));
        int end = from + 1;
        while (end < s.length() && kind(s.charAt(end)) == kind) {
            end++;
        }
        return end;
    }

    private static int kind(char c) {
        return Character.isDigit(c) ? 0 : Character.isLetter(c) ? 1 : 2;
    }
}

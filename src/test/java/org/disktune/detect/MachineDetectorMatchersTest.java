package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.testing.RegexOracle;
import org.junit.jupiter.api.Test;

/**
 * The name and line readers of detection ({@link SysfsNames}, {@link SysfsAttributes}) against the regular
 * expressions (and String.split, replaceFirst, lines) written out here and, for SysfsNames, against the answers
 * recorded from the hand-written matchers its patterns replaced ({@link RegexOracle#recorded}), on many generated strings: random strings over an
 * alphabet with the edge characters (every \s blank, the line terminators . does not match, NBSP, surrogates,
 * digits, hex letters of both cases, the punctuation the patterns use), mutations of matching examples (a
 * character replaced, inserted or dropped; two joined), and the empty string.
 */
class MachineDetectorMatchersTest {
    private static final String ALPHABET = "0123456789abcdefgABCDEFG:.[]_- \t\n\u000B\f\r\u0085\u2028\u2029\u00a0"
            + "\ud800\udc00mdatiexyz+*(),=\u0660";
    private static final int RANDOM = 20_000;
    private static final int MUTATIONS = 20_000;

    /** The empty string, random strings over ALPHABET and mutations of the seeds, the same on every run. */
    private static List<String> strings(long seed, String... seeds) {
        Random random = new Random(seed);
        List<String> out = new ArrayList<>();
        out.add("");
        for (String s : seeds) {
            out.add(s);
        }
        for (int n = 0; n < RANDOM; n++) {
            out.add(randomString(random, random.nextInt(16)));
        }
        for (int n = 0; n < MUTATIONS && seeds.length > 0; n++) {
            StringBuilder s = new StringBuilder(seeds[random.nextInt(seeds.length)]);
            if (random.nextInt(8) == 0) {
                s.append(random.nextBoolean() ? " " : "").append(seeds[random.nextInt(seeds.length)]);
            }
            int edits = random.nextInt(4);
            for (int e = 0; e < edits; e++) {
                char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
                int at = s.length() == 0 ? 0 : random.nextInt(s.length());
                switch (random.nextInt(3)) {
                    case 0 -> {
                        if (s.length() > 0) {
                            s.setCharAt(at, c);
                        }
                    }
                    case 1 -> s.insert(random.nextInt(s.length() + 1), c);
                    default -> {
                        if (s.length() > 0) {
                            s.deleteCharAt(at);
                        }
                    }
                }
            }
            out.add(s.toString());
        }
        return out;
    }

    private static String randomString(Random random, int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }

    private static String[] groups(Matcher m) {
        String[] g = new String[m.groupCount()];
        for (int i = 0; i < g.length; i++) {
            g[i] = m.group(i + 1);
        }
        return g;
    }

    @Test
    void pciAddressIsThePattern() {
        Pattern p = Pattern.compile("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
        int matched = 0;
        List<String> inputs = strings(1, "0000:00:1f.2", "0000:03:00.0", "abcd:ef:09.7", "0000:00:1F.2", "0000:00:1f.8");
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            boolean expected = p.matcher(s).matches();
            assertEquals(expected, SysfsNames.isPciAddress(s), s);
            matched += expected ? 1 : 0;
            answers.add(s + "\u0000" + SysfsNames.isPciAddress(s));
        }
        assertTrue(matched > 1000, "too few matching strings: " + matched);
        RegexOracle.recorded("PCI address", inputs, answers);
    }

    @Test
    void ataPortAndIdeChannelAreThePatterns() {
        Pattern ata = Pattern.compile("ata(\\d+)");
        Pattern ide = Pattern.compile("ide\\d+");
        List<String> inputs = strings(2, "ata1", "ata12", "ata007", "ide0", "ide13", "ata", "ide", "ata1.00", "link1");
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            Matcher m = ata.matcher(s);
            assertEquals(m.matches() ? m.group(1) : null, SysfsNames.ataPortNumber(s), s);
            assertEquals(ide.matcher(s).matches(), SysfsNames.isIdeChannel(s), s);
            answers.add(s + "\u0000" + SysfsNames.ataPortNumber(s) + " " + SysfsNames.isIdeChannel(s));
        }
        RegexOracle.recorded("ATA port and IDE channel", inputs, answers);
    }

    @Test
    void scsiAddressIsThePattern() {
        Pattern p = Pattern.compile("(\\d+):(\\d+):(\\d+):(\\d+)");
        List<String> inputs = strings(3, "0:0:0:0", "12:0:3:0", "2:0:10:1", "target0:0:0", "0:0:0", "00:01:002:0003");
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            Matcher m = p.matcher(s);
            assertArrayEquals(m.matches() ? groups(m) : null, SysfsNames.scsiAddress(s), s);
            answers.add(s + "\u0000" + java.util.Arrays.toString(SysfsNames.scsiAddress(s)));
        }
        RegexOracle.recorded("SCSI address", inputs, answers);
    }

    @Test
    void activeSchedulerIsTheRegexVersion() {
        Pattern p = Pattern.compile("\\[([^\\]\\s]+)]");
        List<String> inputs = strings(4, "[mq-deadline] none", "none [bfq] kyber", "noop anticipatory deadline [cfq]", "[none]",
                "none", "[] none", "[ a]", "[[a]", "a [b c] [d]", "deadline");
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            Matcher m = p.matcher(s);
            assertEquals(m.find() ? m.group(1) : null, SysfsNames.firstBracketed(s), s);
            assertEquals(activeSchedulerWithRegex(s), DiskReader.activeScheduler(s), s);
            answers.add(s + "\u0000" + SysfsNames.firstBracketed(s) + " " + DiskReader.activeScheduler(s));
        }
        RegexOracle.recorded("active scheduler", inputs, answers);
    }

    /** The active scheduler found with a regex: the oracle for {@link DiskReader#activeScheduler}. */
    private static Optional<String> activeSchedulerWithRegex(String line) {
        Matcher m = Pattern.compile("\\[([^\\]\\s]+)]").matcher(line);
        if (m.find()) {
            return Optional.of(m.group(1));
        }
        String[] words = line.strip().split("\\s+");
        return words.length == 1 && !words[0].isEmpty() ? Optional.of(words[0]) : Optional.empty();
    }

    @Test
    void mdstatLineIsThePattern() {
        Pattern p = Pattern.compile("^(md\\w*)\\s*:\\s*\\S+\\s+(.*)$");
        List<String> inputs = strings(5, "md0 : active raid1 hdf1[1] hde1[0]", "md_d0 : active raid5 sdd1[3] sdc1[2] sdb1[1] sda1[0]",
                "md127:inactive sda[0](S)", "md1 : active\traid1 sdb2[1]", "Personalities : [raid1]", "md0 : active",
                "md0 : active ", "unused devices: <none>", "md0 : active raid1 a[0]\u2028");
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            Matcher m = p.matcher(s);
            assertArrayEquals(m.matches() ? groups(m) : null, SysfsNames.mdstatArray(s), s);
            answers.add(s + "\u0000" + java.util.Arrays.toString(SysfsNames.mdstatArray(s)));
        }
        RegexOracle.recorded("mdstat array line", inputs, answers);
    }

    @Test
    void mdstatMembersAreTheFinds() {
        Pattern p = Pattern.compile("(\\S+?)\\[\\d+]");
        List<String> inputs = strings(6, "raid1 hdf1[1] hde1[0]", "raid5 sdd1[3] sdc1[2](F) sdb1[1] sda1[0]", "sda[0](S)",
                "a[x]b[1]", "a[1][2]", "[1]", "x[]y[22]", "raid1 sdb2[1]\tsda2[0]");
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            List<String> expected = new ArrayList<>();
            Matcher m = p.matcher(s);
            while (m.find()) {
                expected.add(m.group(1));
            }
            assertEquals(expected, SysfsNames.mdstatMembers(s), s);
            answers.add(s + "\u0000" + SysfsNames.mdstatMembers(s));
        }
        RegexOracle.recorded("mdstat members", inputs, answers);
    }

    @Test
    void hexIsThePattern() {
        Pattern four = Pattern.compile("[0-9a-fA-F]{4}");
        Pattern uuid = Pattern.compile("[0-9a-fA-F]{32}");
        List<String> inputs = strings(7, "0040", "ffff", "3FfA", "00g0", "0123456789abcdefABCDEF0123456789",
                "0123456789abcdefABCDEF012345678", "0123456789abcdefABCDEF0123456789a");
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            assertEquals(four.matcher(s).matches(), SysfsNames.isHex(s, 4), s);
            assertEquals(uuid.matcher(s).matches(), SysfsNames.isHex(s, 32), s);
            answers.add(s + "\u0000" + SysfsNames.isHex(s, 4) + " " + SysfsNames.isHex(s, 32));
        }
        RegexOracle.recorded("hex of 4 and of 32", inputs, answers);
    }

    @Test
    void withoutLeadingZerosIsTheReplaceFirst() {
        for (String s : strings(8, "0", "00", "007", "100", "0\n", "00\n", "0\u2028", "000a", "\u0660")) {
            assertEquals(s.replaceFirst("^0+(?=.)", ""), SysfsAttributes.withoutLeadingZeros(s), s);
        }
    }

    @Test
    void wordsIsTheSplit() {
        for (String s : strings(9, "a b", " a  b ", "   ", "\t", "a\u00a0b", "Linux version 6.1.0 (gcc)", "a\u2028b")) {
            assertArrayEquals(s.split("\\s+"), SysfsAttributes.words(s), s);
        }
    }

    @Test
    void linesIsTheStreamOfLines() {
        for (String s : strings(10, "a\nb", "a\r\nb\r\n", "\n", "\r\r\n\n", "a\u2028b\u0085", "x\n\ny")) {
            assertEquals(s.lines().toList(), SysfsAttributes.lines(s), s);
        }
        assertThrows(UnsupportedOperationException.class, () -> SysfsAttributes.lines("a\nb").add("c"));
    }

    @Test
    void printableAsciiIsTheCharsTest() {
        for (String s : strings(11, "WDC WD7500AAKS", "~", "\u007f", "\u001f")) {
            assertEquals(s.chars().allMatch(c -> c >= 0x20 && c < 0x7f), SysfsAttributes.isPrintableAscii(s), s);
        }
    }

    @Test
    void twoDigitsIsTheFormatInAnAsciiDigitLocale() {
        Random random = new Random(14);
        List<Long> numbers = new ArrayList<>(List.of(0L, 1L, 9L, 10L, 99L, 100L, -1L, -9L, -10L, Long.MIN_VALUE, Long.MAX_VALUE,
                (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE));
        for (int n = 0; n < 20_000; n++) {
            numbers.add(random.nextInt(3) == 0 ? random.nextLong() : (long) random.nextInt(2000) - 1000);
        }
        for (long n : numbers) {
            assertEquals(String.format(java.util.Locale.ROOT, "%02d", n), SysfsNames.twoDigits(n), Long.toString(n));
            assertEquals(String.format(java.util.Locale.US, "ata%s.%02d", "1", n), "ata1." + SysfsNames.twoDigits(n));
        }
    }

    @Test
    void naturalOrderIsAsBefore() {
        Random random = new Random(12);
        List<String> pool = strings(12, "sda", "sdb", "sdaa", "ata2", "ata10", "ata010", "dev1.0", "dev1.00", "0", "00");
        for (int n = 0; n < 100_000; n++) {
            String a = pool.get(random.nextInt(pool.size()));
            String b = pool.get(random.nextInt(pool.size()));
            assertEquals(Integer.signum(naturalOrderWithRegex(a, b)), Integer.signum(SysfsAttributes.NATURAL_ORDER.compare(a, b)),
                    a + " / " + b);
            assertEquals(naturalOrderWithRegex(a, b), SysfsAttributes.naturalOrder(a, b), a + " / " + b);
        }
    }

    /** SysfsAttributes.naturalOrder as it was. */
    private static int naturalOrderWithRegex(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                String na = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String nb = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
                int cmp = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (cmp != 0) {
                    return cmp;
                }
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}

package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** SettingTable's hand parse of a kernel release against the regex it replaced. */
class KernelVersionParseTest {
    @Test
    void agreesWithTheRegexOnGeneratedReleases() {
        Pattern regex = Pattern.compile(SettingTable.KERNEL_VERSION_REGEX);
        Random random = new Random(6_1_0);
        String alphabet = "0123456789..-abx \u0660";
        String[] real = {"6.1.0-57-amd64", "2.6.18-8.el5", "2.6.32-71.el6.x86_64", "5.10", "4.19.0", "3.", ".1.2", "1..2", "10.0.a"};
        int matched = 0;
        int total = 0;
        for (int i = 0; i < 60_000; i++) {
            String s;
            if (i < real.length) {
                s = real[i];
            } else {
                StringBuilder b = new StringBuilder();
                for (int j = 0, n = random.nextInt(9); j < n; j++) {
                    b.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                s = b.toString();
            }
            Matcher m = regex.matcher(s);
            String[] parsed = SettingTable.kernelVersion(s);
            if (m.find()) {
                matched++;
                assertArrayEquals(new String[] {m.group(1), m.group(2), m.group(3)}, parsed, s);
            } else {
                assertNull(parsed, s);
            }
            total++;
        }
        assertTrue(matched > 1000 && total - matched > 1000, matched + " of " + total);
    }
}

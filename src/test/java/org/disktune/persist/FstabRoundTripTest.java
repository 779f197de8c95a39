package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every real fstab of src/test/resources/configs/fstab (see SOURCES.tsv), every mount point in it: setting
 * noatime changes only that options field, the result parses to the same entries otherwise, a second run
 * changes nothing, and setting the original access-time option back gives the original bytes.
 */
class FstabRoundTripTest {
    private static final Set<String> ATIME = Set.of("atime", "noatime", "relatime", "norelatime", "strictatime", "nostrictatime");
    private static final MountOptions NOATIME = new MountOptions("noatime", null);
    /** An independent reading of a mount line: leading blanks, three fields, blanks, then the options field. */
    private static final Pattern FOUR_FIELDS = Pattern.compile("^([ \\t]*[^ \\t]+[ \\t]+[^ \\t]+[ \\t]+[^ \\t]+[ \\t]+)([^ \\t]+)(.*)$",
            Pattern.DOTALL);
    private static final Pattern THREE_FIELDS = Pattern.compile("^([ \\t]*[^ \\t]+[ \\t]+[^ \\t]+([ \\t]+)[^ \\t]+)([ \\t]*)$",
            Pattern.DOTALL);

    private static int edits;
    private static int restored;

    static List<Path> fixtures() {
        try (Stream<Path> s = Files.walk(Path.of(FstabRoundTripTest.class.getResource("/configs/fstab").toURI()))) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theCorpusIsThere() {
        assertEquals(30, fixtures().size(), "the fstab fixtures copied from ../shared/fixtures/configs/fstab");
    }

    @AfterAll
    static void manyMountPointsWereEdited() {
        assertTrue(edits >= 130 && restored >= 50, edits + " mount points edited, " + restored + " restored");
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void everyMountPointRoundTrips(Path path) throws IOException {
        byte[] original = Files.readAllBytes(path);
        String file = path.getFileName().toString();
        Fstab fstab = Fstab.parse(original, file);
        Map<String, List<FstabEntry>> byMountPoint = new LinkedHashMap<>();
        for (FstabEntry e : fstab.entries()) {
            if (e.mountPoint().startsWith("/") && !e.swap()) {
                byMountPoint.computeIfAbsent(Fstab.normalize(e.mountPoint()), k -> new ArrayList<>()).add(e);
            }
        }
        for (Map.Entry<String, List<FstabEntry>> mp : byMountPoint.entrySet()) {
            FstabResult result = FstabEditor.set(original, file, mp.getKey(), NOATIME);
            boolean namedByBrokenLine = fstab.malformed().stream()
                    .anyMatch(m -> m.mountPoint() != null && Fstab.normalize(m.mountPoint()).equals(mp.getKey()));
            if (mp.getValue().size() > 1 || namedByBrokenLine) {
                assertInstanceOf(FstabResult.Refused.class, result, file + " " + mp.getKey());
                continue;
            }
            FstabEntry entry = mp.getValue().get(0);
            FstabResult.Edited edited = assertInstanceOf(FstabResult.Edited.class, result, file + " " + mp.getKey());
            assertEquals(entry.line(), edited.line());
            assertEquals(entry.rawOptions(), edited.oldOptions());
            byte[] after = edited.after();
            assertOnlyOptionsFieldDiffers(original, after, entry, edited.newOptions(), file);
            assertSameEntriesExcept(fstab, Fstab.parse(after, file), entry.line(), file);
            List<String> newOptions = Fstab.parse(after, file).entries().get(fstab.entries().indexOf(entry)).options();
            assertEquals(List.of("noatime"), newOptions.stream().filter(ATIME::contains).toList(), file + ":" + entry.line());

            FstabResult.Edited again = assertInstanceOf(FstabResult.Edited.class, FstabEditor.set(after, file, mp.getKey(), NOATIME));
            assertFalse(again.changed(), file + ":" + entry.line() + " changed on the second run");
            assertArrayEquals(after, again.after());

            List<String> atimeBefore = entry.options().stream().filter(ATIME::contains).toList();
            if (atimeBefore.size() == 1 && MountOptions.ATIME_MODES.contains(atimeBefore.get(0))) {
                FstabResult.Edited back = assertInstanceOf(FstabResult.Edited.class,
                        FstabEditor.set(after, file, mp.getKey(), new MountOptions(atimeBefore.get(0), null)));
                assertArrayEquals(original, back.after(), file + ":" + entry.line() + " not restored");
                restored++;
            }
            edits++;
        }
    }

    private static void assertOnlyOptionsFieldDiffers(byte[] before, byte[] after, FstabEntry entry, String newOptions, String file) {
        List<String> was = lines(before);
        List<String> now = lines(after);
        assertEquals(was.size(), now.size(), file);
        for (int i = 0; i < was.size(); i++) {
            if (i == entry.line() - 1) {
                String line = was.get(i);
                String cr = line.endsWith("\r") ? "\r" : "";
                String content = line.substring(0, line.length() - cr.length());
                String expected;
                if (entry.rawOptions() == null) {
                    Matcher m = THREE_FIELDS.matcher(content);
                    assertTrue(m.matches(), file + ":" + entry.line());
                    expected = m.group(1) + m.group(2) + newOptions + m.group(3) + cr;
                } else {
                    Matcher m = FOUR_FIELDS.matcher(content);
                    assertTrue(m.matches(), file + ":" + entry.line());
                    assertEquals(entry.rawOptions(), m.group(2));
                    expected = m.group(1) + newOptions + m.group(3) + cr;
                }
                assertEquals(expected, now.get(i), file + ":" + entry.line());
            } else {
                assertEquals(was.get(i), now.get(i), file + ":" + (i + 1) + " changed");
            }
        }
    }

    private static void assertSameEntriesExcept(Fstab before, Fstab after, int line, String file) {
        assertEquals(before.problems(), after.problems(), file);
        assertEquals(before.entries().size(), after.entries().size(), file);
        for (int i = 0; i < before.entries().size(); i++) {
            FstabEntry w = before.entries().get(i);
            FstabEntry n = after.entries().get(i);
            if (w.line() == line) {
                assertEquals(List.of(w.line(), w.spec(), w.mountPoint(), w.type()), List.of(n.line(), n.spec(), n.mountPoint(), n.type()));
            } else {
                assertEquals(w, n, file + ":" + w.line());
            }
        }
    }

    /** Lines split at \n with everything else kept (the last one without its newline, if any). */
    private static List<String> lines(byte[] bytes) {
        return List.of(new String(bytes, StandardCharsets.ISO_8859_1).split("\n", -1));
    }
}

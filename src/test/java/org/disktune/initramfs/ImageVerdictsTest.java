package org.disktune.initramfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.CRC32;

import org.disktune.core.Sha256;
import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The remembered image verdicts: used while the image is unchanged, dropped when it changes, kept inside --root. */
class ImageVerdictsTest {
    private static final String OPTIONS = "options libata force=noncq\n";
    private static final String OWN = "/etc/modprobe.d/disktune.conf";

    @TempDir
    Path root;

    private Host host() throws IOException {
        return host(Clock.offset(Clock.systemUTC(), java.time.Duration.ofMinutes(1)));
    }

    /** {@code clock}: the host's; a minute ahead lets the images just written count as settled. */
    private Host host(Clock clock) throws IOException {
        Files.createDirectories(root.resolve("etc/modprobe.d"));
        Files.createDirectories(root.resolve("boot"));
        Files.writeString(root.resolve("etc/modprobe.d/disktune.conf"), OPTIONS);
        return new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                clock, true);
    }

    private Path image(String options) throws IOException {
        Path image = root.resolve("boot/initrd.img-6.1.0-test");
        Files.write(image, GeneratorMachine.image(Map.of("etc/modprobe.d/disktune.conf", options, "init", "#!/bin/sh\n")));
        return image;
    }

    private static ImageCheck check(ImageContentVerifier verifier, Path image) {
        return verifier.check(image, "/boot/initrd.img-6.1.0-test", List.of(verifier.machineFile(OWN)));
    }

    private List<Path> records() throws IOException {
        Path dir = root.resolve(ImageVerdicts.DIRECTORY.substring(1));
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }

    /** Rewrites a record as disktune would have written it with {@code edit} applied: its CRC line made to match. */
    private static void forge(Path record, UnaryOperator<String> edit) throws IOException {
        String text = Files.readString(record);
        String lines = edit.apply(text.substring(0, text.lastIndexOf("crc32 ")));
        CRC32 crc = new CRC32();
        crc.update(lines.getBytes(StandardCharsets.UTF_8));
        Files.writeString(record, lines + String.format("crc32 %08x%n", crc.getValue()));
    }

    /** Inode times come from the kernel's coarse clock: a rewrite within one tick (up to 10 ms) could keep them. */
    private static void sleepPastOneClockTick() {
        try {
            Thread.sleep(30);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void anUnchangedImageIsNotReadAgainAndAChangedOneIs() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3"));
        assertEquals(FileCheckStatus.SAME, check(verifier, image).files().get(0).status());
        List<Path> records = records();
        assertEquals(1, records.size(), "one record for the image, under the root's " + ImageVerdicts.DIRECTORY);
        Path record = records.get(0);
        String text = Files.readString(record);
        assertTrue(text.contains("file " + Sha256.of(OPTIONS.getBytes(StandardCharsets.UTF_8)) + " " + OWN), text);

        // A forged finding in the record shows whether the next check used it instead of reading the image.
        String forged = "f".repeat(64);
        String sha = Sha256.of(OPTIONS.getBytes(StandardCharsets.UTF_8));
        forge(record, t -> t.replace("file " + sha, "file " + forged));
        FileCheck remembered = check(verifier, image).files().get(0);
        assertEquals(FileCheckStatus.DIFFERENT, remembered.status());
        assertEquals(forged, remembered.imageSha256(), "an unchanged image is answered from the record");

        // The same bytes written again: a new ctime (and mtime), so the image is read again and the record replaced.
        sleepPastOneClockTick();
        image(OPTIONS);
        FileCheck reread = check(verifier, image).files().get(0);
        assertEquals(FileCheckStatus.SAME, reread.status(), "a rewritten image is read again");
        assertFalse(Files.readString(record).contains(forged));
    }

    @Test
    void theHostFilesHashIsRememberedWhileItIsUnchangedAndTakenAgainWhenItChanges() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3"));
        assertEquals(FileCheckStatus.SAME, check(verifier, image).files().get(0).status());
        Path record = records().get(0);
        String sha = Sha256.of(OPTIONS.getBytes(StandardCharsets.UTF_8));
        Path own = root.resolve("etc/modprobe.d/disktune.conf");
        String hostLine = "host " + sha + " " + new ImageVerdicts(host, "1.2.3").identity(own).orElseThrow() + " " + own;
        String text = Files.readString(record);
        assertTrue(text.contains(hostLine + "\n"), text);
        assertTrue(text.startsWith("disktune-image-verdicts 3\nversion 1.2.3\npath " + image + "\nimage "), text);
        assertEquals(String.format("%08x", image.toString().hashCode()), record.getFileName().toString(), "named by its path's hash");

        // A forged host hash shows that an unchanged host file is not read again...
        String forged = "e".repeat(64);
        forge(record, t -> t.replace(hostLine, hostLine.replace(sha, forged)));
        FileCheck remembered = check(verifier, image).files().get(0);
        assertEquals(FileCheckStatus.DIFFERENT, remembered.status());
        assertEquals(forged, remembered.hostSha256());
        assertEquals(sha, remembered.imageSha256());

        // ...and a rewritten one (new ctime) is, and its new hash is remembered for the next call.
        sleepPastOneClockTick();
        Files.writeString(own, "options libata force=1.5G\n");
        String changed = Sha256.of("options libata force=1.5G\n".getBytes(StandardCharsets.UTF_8));
        FileCheck reread = check(verifier, image).files().get(0);
        assertEquals(FileCheckStatus.DIFFERENT, reread.status());
        assertEquals(changed, reread.hostSha256());
        assertTrue(Files.readString(record).contains("host " + changed + " "), Files.readString(record));
        assertFalse(Files.readString(record).contains(forged));

        // A host file gone is missing on the host, whatever the record says.
        Files.delete(own);
        assertEquals(FileCheckStatus.MISSING_ON_HOST, check(verifier, image).files().get(0).status());
    }

    @Test
    void aRecordOfAnotherPathWithTheSameNameIsNotTrusted() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3"));
        check(verifier, image);
        Path record = records().get(0);
        // As if another image path had the same hash: its record names that path, so this image is read again.
        forge(record, t -> t.replace("path " + image + "\n", "path /boot/other\n")
                .replace("file " + Sha256.of(OPTIONS.getBytes(StandardCharsets.UTF_8)), "file " + "f".repeat(64)));
        FileCheck f = check(verifier, image).files().get(0);
        assertEquals(FileCheckStatus.SAME, f.status(), "the image was read again, not answered from the other path's record");
        assertTrue(Files.readString(record).contains("path " + image + "\n"), "and the record is replaced");
    }

    @Test
    void aChangedImageReportsItsNewContent() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3"));
        assertEquals(FileCheckStatus.SAME, check(verifier, image).files().get(0).status());
        image("options libata force=1.5G\n");
        FileCheck changed = check(verifier, image).files().get(0);
        assertEquals(FileCheckStatus.DIFFERENT, changed.status());
        assertEquals(Sha256.of("options libata force=1.5G\n".getBytes(StandardCharsets.UTF_8)), changed.imageSha256());
        Path other = root.resolve("boot/initrd.img-6.1.0-other");
        Files.write(other, GeneratorMachine.image(Map.of("init", "#!/bin/sh\n")));
        assertEquals(FileCheckStatus.MISSING_IN_IMAGE, check(verifier, other).files().get(0).status());
        assertEquals(FileCheckStatus.MISSING_IN_IMAGE, check(verifier, other).files().get(0).status(), "absence is remembered too");
        assertEquals(2, records().size());
    }

    @Test
    void anotherVersionsRecordOrAnUnknownPathIsNotTrusted() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageVerdicts old = new ImageVerdicts(host, "1.2.3");
        String identity = old.identity(image).orElseThrow();
        assertTrue(identity.matches("dev=\\d+ ino=\\d+ size=\\d+ mtime=\\d+ ctime=\\d+"), identity);
        old.remember(image, old.identity(image), Map.of(OWN, java.util.Optional.of("f".repeat(64))));
        assertTrue(old.recall(image, List.of(OWN)).isPresent());
        assertTrue(old.recall(image, List.of(OWN, "/etc/other.conf")).isEmpty(), "a path the record does not hold");
        ImageVerdicts newer = new ImageVerdicts(host, "1.2.4");
        assertTrue(newer.recall(image, List.of(OWN)).isEmpty(), "a record of another disktune version");
        FileCheck f = check(new ImageContentVerifier(host, newer), image).files().get(0);
        assertEquals(FileCheckStatus.SAME, f.status());
        assertNotEquals("f".repeat(64), f.imageSha256());
    }

    @Test
    void findingsOfAnImageThatChangedWhileBeingReadAreNotRemembered() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageVerdicts verdicts = new ImageVerdicts(host, "1.2.3");
        var before = verdicts.identity(image);
        sleepPastOneClockTick();
        image(OPTIONS);
        verdicts.remember(image, before, Map.of(OWN, java.util.Optional.of("f".repeat(64))));
        assertFalse(Files.exists(root.resolve(ImageVerdicts.DIRECTORY.substring(1))));
        assertTrue(verdicts.recall(image, List.of(OWN)).isEmpty());
    }

    @Test
    void anImageChangedJustNowIsNotRemembered() throws IOException {
        Host host = host(Clock.systemUTC());
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3"));
        assertEquals(FileCheckStatus.SAME, check(verifier, image).files().get(0).status());
        assertFalse(Files.exists(root.resolve(ImageVerdicts.DIRECTORY.substring(1))),
                "a change in the last " + ImageVerdicts.SETTLED + " could hide in the coarse inode times");
    }

    @Test
    void withoutAVersionEveryImageIsRead() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, null);
        assertEquals(FileCheckStatus.SAME, check(verifier, image).files().get(0).status());
        assertFalse(Files.exists(root.resolve("var/lib/disktune")));
        assertFalse(Files.exists(root.resolve("var/cache/disktune")));
        assertNull(check(verifier, image).unpackError());
    }

    @Test
    void theRecordsAreACacheUnderVarCacheInsideTheRootAndNothingIsWrittenUnderVarLib() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        assertEquals(FileCheckStatus.SAME, check(new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3")), image).files().get(0).status());
        assertEquals("/var/cache/disktune/image-verdicts", ImageVerdicts.DIRECTORY);
        try (Stream<Path> files = Files.list(root.resolve("var/cache/disktune/image-verdicts"))) {
            assertEquals(List.of(String.format("%08x", image.toString().hashCode())), files.map(f -> f.getFileName().toString()).toList());
        }
        assertFalse(Files.exists(root.resolve("var/lib/disktune")), "a read-only command writes nothing outside a cache");
    }

    @Test
    void aCorruptRecordIsReadAgainNeverBelieved() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3"));
        check(verifier, image);
        Path record = records().get(0);
        String text = Files.readString(record);
        String sha = Sha256.of(OPTIONS.getBytes(StandardCharsets.UTF_8));
        List<String> corrupt = List.of(text.replace("file " + sha, "file " + "f".repeat(64)), // a flipped finding
                text.substring(0, text.length() / 2), // torn
                text.substring(0, text.lastIndexOf("crc32 ")), // its CRC line lost
                "\u0000\u00ff garbage\n", "");
        for (String bad : corrupt) {
            Files.writeString(record, bad);
            FileCheck f = check(verifier, image).files().get(0);
            assertEquals(FileCheckStatus.SAME, f.status(), "a corrupt record is not believed: " + bad);
            assertEquals(sha, f.imageSha256());
            assertEquals(text, Files.readString(record), "and it is replaced by a good one");
        }
    }

    @Test
    void aMissingOrUnwritableCacheChangesNoVerdictAndFailsNothing() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageContentVerifier verifier = new ImageContentVerifier(host, new ImageVerdicts(host, "1.2.3"));
        Files.createDirectories(root.resolve("var/cache"));
        Files.writeString(root.resolve("var/cache/disktune"), "not a directory\n"); // the cache cannot be made
        for (int i = 0; i < 2; i++) {
            FileCheck f = check(verifier, image).files().get(0);
            assertEquals(FileCheckStatus.SAME, f.status());
        }
        Files.delete(root.resolve("var/cache/disktune"));
        check(verifier, image);
        FileCheck recalled = check(verifier, image).files().get(0);
        assertEquals(1, records().size());
        deleteTree(root.resolve("var/cache/disktune")); // removable at any time
        FileCheck again = check(verifier, image).files().get(0);
        assertEquals(recalled, again);
        assertEquals(FileCheckStatus.SAME, again.status());
    }

    @Test
    void aRecordLeftUnderVarLibByAnOlderVersionIsIgnoredAndKept() throws IOException {
        Host host = host();
        Path image = image(OPTIONS);
        ImageVerdicts verdicts = new ImageVerdicts(host, "1.2.3");
        // What a disktune before the move wrote there: a record claiming other bytes for the unchanged image.
        Path old = root.resolve("var/lib/disktune/image-verdicts/" + String.format("%08x", image.toString().hashCode()));
        Files.createDirectories(old.getParent());
        String oldRecord = "disktune-image-verdicts 2\nversion 1.2.3\npath " + image + "\nimage " + verdicts.identity(image).orElseThrow()
                + "\nfile " + "f".repeat(64) + " " + OWN + "\n";
        Files.writeString(old, oldRecord);
        FileCheck f = check(new ImageContentVerifier(host, verdicts), image).files().get(0);
        assertEquals(FileCheckStatus.SAME, f.status(), "the old location is not read");
        assertEquals(oldRecord, Files.readString(old), "nor changed or removed: it is the admin's to delete");
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}

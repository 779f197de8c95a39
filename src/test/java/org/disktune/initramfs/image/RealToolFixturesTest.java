package org.disktune.initramfs.image;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Images written by the real lzop and lz4 -l (see src/test/resources/initramfs/README.md). */
class RealToolFixturesTest {
    private static final String CONF_SHA = "2398f4959c1ced1fcaa9ffa1f133317b7beb4e77e1e3bcd27ef3597fb8ff63be";
    private static final String BUSYBOX_SHA = "7088b4d966c4f72d88153f32d08ffcfb0fdd431f1a08ce177d8b9f296d695878";

    @ParameterizedTest
    @CsvSource({"lzop.img, LZO", "lz4-legacy.img, LZ4_LEGACY"})
    void readsTheFixture(String resource, Compression compression) throws IOException {
        try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build());
                InputStream in = getClass().getResourceAsStream("/initramfs/" + resource)) {
            Path image = fs.getPath("/" + resource);
            Files.copy(in, image);

            ImageListing listing = new InitramfsImageReader().list(image);

            assertEquals(List.of(new ImageSegment(1, compression, 0)), listing.segments());
            assertEquals(List.of("bin", "etc", "etc/modprobe.d", "etc/modprobe.d/disktune.conf", "usr", "usr/bin", "usr/bin/busybox",
                    "usr/bin/sh"), listing.entries().stream().map(ImageEntry::path).toList());
            assertEquals(new ImageEntry("etc/modprobe.d/disktune.conf", EntryType.FILE, 0644, 23, null, 1, compression, CONF_SHA),
                    listing.find("etc/modprobe.d/disktune.conf").orElseThrow());
            assertEquals(BUSYBOX_SHA, listing.find("usr/bin/busybox").orElseThrow().sha256());
            assertEquals(BUSYBOX_SHA, listing.resolve("bin/sh").orElseThrow().sha256());
            assertEquals("usr/bin", listing.find("bin").orElseThrow().linkTarget());
        }
    }
}

package org.disktune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.cpio.CpioArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SeedSamplesTest {

    private static final String DIR = "/org/disktune/samples/";

    static MachineFileChecker load(String name) throws IOException {
        try (InputStream in = SeedSamplesTest.class.getResourceAsStream(DIR + name + ".machine")) {
            assertNotNull(in, "sample " + name + " is bundled");
            return MachineFileChecker.parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Kernel version as a comparable number: 2.6.28 -> 20628. */
    static int kernel(MachineFileChecker m) {
        Matcher v = Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)").matcher(m.text("/proc/sys/kernel/osrelease").orElseThrow());
        assertTrue(v.find());
        return Integer.parseInt(v.group(1)) * 10000 + Integer.parseInt(v.group(2)) * 100 + Integer.parseInt(v.group(3));
    }

    static String text(MachineFileChecker m, String path) {
        return m.text(path).orElseThrow(() -> new AssertionError("missing " + path));
    }

    static String value(MachineFileChecker m, String path) {
        return text(m, path).strip();
    }

    static boolean isMdOrDm(String disk) {
        return disk.startsWith("md") || disk.startsWith("dm-");
    }

    @Test
    void indexListsTheFiveSeedsWithDescriptions() throws IOException {
        try (InputStream in = SeedSamplesTest.class.getResourceAsStream(DIR + "index.tsv")) {
            assertNotNull(in);
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> l.startsWith("seed-")).toList();
            assertEquals(List.of("seed-nforce4-arch", "seed-raid5-raptors", "seed-rhel6-ext4", "seed-arm-n2100-sil",
                    "seed-centos5-ide"), lines.stream().map(l -> l.split("\t")[0]).toList());
            for (String l : lines) {
                String[] f = l.split("\t");
                assertEquals(2, f.length, l);
                assertTrue(f[1].startsWith("Report 00"), l);
            }
        }
    }

    @Test
    void checkerReportsMalformedLinesWithTheirNumbers() {
        MachineFileChecker m = MachineFileChecker.parse("bad", "# c\n/a = 1\n/a = 2\nnot-a-path\n/b ?? x\n/c <<EOF\nx\n");
        assertEquals(List.of("bad:3: duplicate /a", "bad:4: not an entry: 'not-a-path'",
                "bad:5: unknown operator in '/b ?? x'", "bad:6: heredoc EOF not closed"), m.errors());
    }

    @Test
    void checkerResolvesRelativeLinksAgainstTheLinkDirectory() {
        MachineFileChecker m = MachineFileChecker.parse("t",
                "/sys/block/sda -> ../devices/x/block/sda\n/sys/devices/x/block/sda/size = 8\n/sys/devices/x/y -> ../nowhere\n");
        assertEquals("8\n", m.text("/sys/block/sda/size").orElseThrow());
        assertTrue(m.isDirectory("/sys/block/sda"));
        assertFalse(m.exists("/sys/devices/x/y"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"seed-nforce4-arch", "seed-raid5-raptors", "seed-rhel6-ext4", "seed-arm-n2100-sil", "seed-centos5-ide"})
    void wellFormedAndEveryLinkResolves(String name) throws IOException {
        MachineFileChecker m = load(name);
        assertEquals(List.of(), m.errors());
        // device nodes are not modelled: /dev/disk links must name a block device the machine has
        Set<String> blockDevices = new TreeSet<>();
        for (String d : m.list("/sys/block")) {
            blockDevices.add(d);
            m.list("/sys/block/" + d).stream().filter(p -> p.startsWith(d)).forEach(blockDevices::add);
        }
        List<String> dangling = m.links().stream()
                .filter(l -> l.startsWith("/dev/") ? !(((MachineFileChecker.Link) m.entries().get(l)).target()
                        .matches("\\.\\./\\.\\./[^/]+") && blockDevices.contains(
                        ((MachineFileChecker.Link) m.entries().get(l)).target().substring(6))) : !m.exists(l))
                .toList();
        assertEquals(List.of(), dangling, "dangling symlinks");
        for (String p : List.of("/proc/partitions", "/proc/version", "/proc/cmdline", "/proc/sys/kernel/osrelease",
                "/proc/modules", "/proc/mounts", "/etc/fstab", "/var/log/dmesg")) {
            assertTrue(m.text(p).isPresent(), p);
        }
        assertTrue(value(m, "/proc/sys/kernel/random/boot_id").matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"));
        assertTrue(text(m, "/proc/version").startsWith("Linux version " + value(m, "/proc/sys/kernel/osrelease") + " "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"seed-nforce4-arch", "seed-raid5-raptors", "seed-rhel6-ext4", "seed-arm-n2100-sil", "seed-centos5-ide"})
    void blockDevicesAreCompleteAndAgreeWithProcPartitionsAndTheKernelLog(String name) throws IOException {
        MachineFileChecker m = load(name);
        int k = kernel(m);
        Map<String, Long> partitions = new HashMap<>();
        for (String l : text(m, "/proc/partitions").lines().skip(2).toList()) {
            String[] f = l.trim().split("\\s+");
            partitions.put(f[3], Long.parseLong(f[2]));
        }
        List<Long> diskSizes = new ArrayList<>();
        for (String disk : m.list("/sys/block")) {
            String b = "/sys/block/" + disk;
            assertTrue(m.isDirectory(b), b);
            if (k < 20625) {
                assertFalse(m.entries().get(b) instanceof MachineFileChecker.Link, b + " is a directory before 2.6.25");
            } else {
                assertTrue(m.entries().get(b) instanceof MachineFileChecker.Link, b + " is a symlink from 2.6.25 on");
            }
            long size = Long.parseLong(value(m, b + "/size"));
            assertEquals(size / 2, partitions.get(disk), disk + " in /proc/partitions");
            assertTrue(value(m, b + "/dev").matches("\\d+:\\d+"), b + "/dev");
            assertEquals(k >= 20628, m.exists(b + "/ro"), b + "/ro exists from 2.6.28");
            boolean hasQueue = !isMdOrDm(disk) || k >= 20632;
            assertEquals(hasQueue, m.exists(b + "/queue/read_ahead_kb"), b + "/queue (md/dm only from 2.6.32)");
            if (isMdOrDm(disk)) {
                continue;
            }
            diskSizes.add(size);
            String sched = value(m, b + "/queue/scheduler");
            assertTrue(text(m, b + "/queue/scheduler").endsWith(" \n"), "2.6 elevator_show ends with a space");
            assertEquals(Set.of("noop", "anticipatory", "deadline", "cfq"),
                    Set.of(sched.replaceAll("[\\[\\]]", "").split(" ")), sched);
            assertEquals(1, sched.chars().filter(c -> c == '[').count(), sched);
            for (String q : List.of("nr_requests", "max_sectors_kb", "max_hw_sectors_kb")) {
                assertTrue(m.exists(b + "/queue/" + q), b + "/queue/" + q);
            }
            assertEquals(k >= 20629, m.exists(b + "/queue/rotational"), "rotational from 2.6.29");
            assertEquals(k >= 20631, m.exists(b + "/queue/logical_block_size"), "logical_block_size from 2.6.31");
            assertTrue(m.isDirectory(b + "/device"), b + "/device");
            if (disk.startsWith("sd")) {
                assertTrue(value(m, b + "/device/queue_depth").matches("\\d+"));
                assertEquals("ATA", value(m, b + "/device/vendor"));
            }
            for (String part : m.list(b).stream().filter(p -> p.startsWith(disk)).toList()) {
                String p = b + "/" + part;
                long start = Long.parseLong(value(m, p + "/start"));
                long psize = Long.parseLong(value(m, p + "/size"));
                assertTrue(start > 0 && start + psize <= size, p + " lies inside the disk");
                assertEquals(psize / 2, partitions.get(part), part + " in /proc/partitions");
                assertEquals(k >= 20628, m.exists(p + "/partition"), p + "/partition from 2.6.28");
            }
        }
        List<Long> logged = new ArrayList<>();
        Matcher s = Pattern.compile("(?m)(?:ata\\d+\\.\\d+|hd[a-z]): (\\d+) sectors").matcher(text(m, "/var/log/dmesg"));
        while (s.find()) {
            logged.add(Long.parseLong(s.group(1)));
        }
        assertEquals(diskSizes.stream().sorted().toList(), logged.stream().sorted().toList(), "disk sizes match the kernel log");
    }

    @ParameterizedTest
    @ValueSource(strings = {"seed-nforce4-arch", "seed-raid5-raptors", "seed-rhel6-ext4", "seed-arm-n2100-sil", "seed-centos5-ide"})
    void eraFeaturesAreAbsentBeforeTheirKernel(String name) throws IOException {
        MachineFileChecker m = load(name);
        int k = kernel(m);
        assertEquals(k >= 20626, m.exists("/proc/self/mountinfo"), "mountinfo from 2.6.26");
        assertFalse(m.exists("/sys/class/ata_port"), "ata transport class came in 2.6.37");
        assertFalse(m.links().stream().anyMatch(l -> m.resolve(l).orElse("").matches(".*/ata\\d+/.*")), "no ataN in paths");
        for (String d : m.list("/sys/block")) {
            String dev = m.resolve("/sys/block/" + d + "/device").orElse("");
            assertFalse(dev.matches(".*/ata\\d+/.*"), dev);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"seed-raid5-raptors", "seed-arm-n2100-sil", "seed-centos5-ide"})
    void mdArraysMatchProcMdstatAndTheirSlavesExist(String name) throws IOException {
        MachineFileChecker m = load(name);
        String mdstat = text(m, "/proc/mdstat");
        Matcher a = Pattern.compile("(?m)^(md\\d+) : active (raid\\d) ([^\\n]+)\\n\\s+(\\d+) blocks").matcher(mdstat);
        int arrays = 0;
        while (a.find()) {
            arrays++;
            String md = "/sys/block/" + a.group(1);
            assertEquals(a.group(2), value(m, md + "/md/level"));
            assertEquals(Long.parseLong(a.group(4)) * 2, Long.parseLong(value(m, md + "/size")));
            Set<String> members = new TreeSet<>();
            for (String t : a.group(3).trim().split(" ")) {
                members.add(t.replaceAll("\\[\\d+\\]", ""));
            }
            assertEquals(members, new TreeSet<>(m.list(md + "/slaves")), md + " slaves");
            assertEquals(String.valueOf(members.size()), value(m, md + "/md/raid_disks"));
            for (String member : members) {
                String real = m.resolve(md + "/slaves/" + member).orElseThrow();
                assertTrue(real.endsWith("/" + member) && m.exists(real + "/start"), real);
                assertTrue(m.exists(md + "/slaves/" + member + "/holders/" + a.group(1)), member + " holds " + a.group(1));
            }
        }
        assertEquals(m.list("/sys/block").stream().filter(d -> d.startsWith("md")).count(), arrays);
        assertTrue(arrays > 0);
    }

    @Test
    void nforce4BeforeTheFixHasAdmaOffAndNoNcq() throws IOException {
        MachineFileChecker m = load("seed-nforce4-arch");
        assertEquals("N\n", text(m, "/sys/module/sata_nv/parameters/adma"));
        String dmesg = text(m, "/var/log/dmesg");
        assertTrue(dmesg.contains("ata3.00: 1465149168 sectors, multi 1: LBA48 NCQ (depth 0/32)\n"));
        assertFalse(dmesg.contains("31/32"));
        assertEquals("1", value(m, "/sys/block/sda/device/queue_depth"));
        String pci = m.resolve("/sys/block/sda/device").orElseThrow().replaceAll("(/0000:00:[0-9a-f.]+)/.*", "$1");
        assertEquals("0x0054", value(m, pci + "/device"));
        assertEquals("0x10de", value(m, pci + "/vendor"));
        assertTrue(m.resolve(pci + "/driver").orElseThrow().endsWith("/bus/pci/drivers/sata_nv"));
        assertTrue(text(m, "/etc/mkinitcpio.conf").contains("\nFILES=\"\"\n"));
        assertTrue(text(m, "/etc/mkinitcpio.d/kernel26.preset").contains("default_image=\"/boot/kernel26.img\""));
        assertTrue(text(m, "/proc/mounts").contains("\n/dev/root / ext3 "));
        assertFalse(m.exists("/etc/modprobe.d/sata_nv"));
        for (String img : List.of("/boot/kernel26.img", "/boot/kernel26-fallback.img")) {
            byte[] data = m.bytes(img).orElseThrow();
            assertTrue(data.length < 4096, img + " stays small");
            Set<String> names = cpioNames(data);
            assertTrue(names.contains("lib/modules/2.6.28-ARCH/kernel/drivers/ata/sata_nv.ko"), names.toString());
            assertTrue(names.contains("config") && names.contains("init"), names.toString());
            assertFalse(names.stream().anyMatch(n -> n.contains("sata_nv") && n.startsWith("etc/")), names.toString());
        }
    }

    static Set<String> cpioNames(byte[] gz) throws IOException {
        Set<String> names = new TreeSet<>();
        try (CpioArchiveInputStream cpio = new CpioArchiveInputStream(new GZIPInputStream(new ByteArrayInputStream(gz)))) {
            CpioArchiveEntry e;
            while ((e = cpio.getNextCPIOEntry()) != null) {
                assertEquals(CpioArchiveEntry.FORMAT_NEW, e.getFormat());
                names.add(e.getName());
            }
        }
        return names;
    }

    @Test
    void raid5MembersReadAheadLessThanTheArrayButOnlyMembersAreVisible() throws IOException {
        MachineFileChecker m = load("seed-raid5-raptors");
        assertTrue(text(m, "/proc/mdstat").contains("md7 : active raid5 sda7[0] sdc7[2] sdb7[1]"));
        assertTrue(text(m, "/proc/mdstat").contains("level 5, 64k chunk, algorithm 2 [3/3] [UUU]"));
        for (String d : List.of("sda", "sdb", "sdc", "sdd")) {
            assertEquals("128", value(m, "/sys/block/" + d + "/queue/read_ahead_kb"));
            assertEquals("31", value(m, "/sys/block/" + d + "/device/queue_depth"));
        }
        assertFalse(m.exists("/sys/block/md7/queue"));
        assertEquals("65536", value(m, "/sys/block/md7/md/chunk_size"));
        String pci = m.resolve("/sys/block/sda/device").orElseThrow().replaceAll("(/0000:00:[0-9a-f.]+)/.*", "$1");
        assertTrue(m.resolve(pci + "/driver").orElseThrow().endsWith("/drivers/ahci"));
        assertEquals(4L, text(m, "/var/log/dmesg").lines().filter(l -> l.contains("NCQ (depth 31/32)")).count());
    }

    @Test
    void rhel6KeepsTheReportsSchedulerAndMountLines() throws IOException {
        MachineFileChecker m = load("seed-rhel6-ext4");
        assertEquals("noop anticipatory deadline [cfq] \n", text(m, "/sys/block/sdb/queue/scheduler"));
        assertTrue(text(m, "/proc/mounts").contains("\n/dev/sdb2 /ext4 ext4 rw,relatime,barrier=1,data=ordered 0 0\n"));
        assertTrue(text(m, "/proc/self/mountinfo").contains(" 8:18 / /ext4 rw,relatime - ext4 /dev/sdb2 "));
        assertEquals("Red Hat Enterprise Linux Server release 6.4 (Santiago)\n", text(m, "/etc/redhat-release"));
        assertEquals("104872320", value(m, "/sys/block/sdb/sdb2/size"));
        assertEquals(new MachineFileChecker.Link("../../sdb"), m.entries().get("/dev/disk/by-id/wwn-0x50014ee0018fdbb9"));
        assertEquals("WDC WD3200AAKS-7", value(m, "/sys/block/sdb/device/model"));
        assertTrue(text(m, "/var/log/dmesg").contains("io scheduler anticipatory registered\n"));
        assertTrue(text(m, "/etc/dracut.conf").contains("mdadmconf=\"yes\""));
        assertFalse(text(m, "/etc/fstab").contains("noatime"));
    }

    @Test
    void armN2100HasSataSilWithoutNcqAndTheDefaultReadahead() throws IOException {
        MachineFileChecker m = load("seed-arm-n2100-sil");
        assertEquals("0\n", text(m, "/sys/module/sata_sil/parameters/slow_down"));
        assertEquals("128", value(m, "/sys/block/sda/queue/read_ahead_kb"));
        assertEquals("1", value(m, "/sys/block/sda/device/queue_depth"));
        assertTrue(text(m, "/var/log/dmesg").contains("[   16.780000] ata1: SATA max UDMA/100 mmio m512@0x800a0000 tf 0x800a0080 irq 29\n"));
        assertTrue(text(m, "/proc/version").contains("#2 Fri May 9 20:10:52 UTC 2008"));
        String pci = m.resolve("/sys/block/sdb/device").orElseThrow().replaceAll("(/0000:00:[0-9a-f.]+)/.*", "$1");
        assertEquals("0x3512", value(m, pci + "/device"));
        assertTrue(m.exists("/etc/initramfs-tools/initramfs.conf"));
        assertFalse(text(m, "/etc/fstab").contains("noatime"));
    }

    @Test
    void centos5IdeHasDeprecatedSysfsAndProcIdeSettingsFromHdparmV() throws IOException {
        MachineFileChecker m = load("seed-centos5-ide");
        assertTrue(m.entries().get("/sys/block/hde/device") instanceof MachineFileChecker.Link);
        assertEquals("/sys/devices/pci0000:00/0000:00:11.0/ide2/2.0", m.resolve("/sys/block/hde/device").orElseThrow());
        assertEquals("/sys/devices/pci0000:00/0000:00:11.0/ide2/2.1", m.resolve("/sys/block/hdf/device").orElseThrow());
        for (String d : List.of("hde", "hdf")) {
            Map<String, String> settings = text(m, "/proc/ide/" + d + "/settings").lines().skip(2)
                    .map(l -> l.split("\\s+")).collect(Collectors.toMap(f -> f[0], f -> f[1]));
            assertEquals("16", settings.get("multcount"));
            assertEquals("0", settings.get("io_32bit"));
            assertEquals("0", settings.get("unmaskirq"));
            assertEquals("1", settings.get("using_dma"));
            assertEquals("0", settings.get("keepsettings"));
            assertEquals("write-only", settings.get("pio_mode"));
            assertEquals("128", value(m, "/sys/block/" + d + "/queue/read_ahead_kb"), "hdparm readahead 256 sectors");
            assertEquals("ide-disk version 1.18", value(m, "/proc/ide/" + d + "/driver"));
            assertEquals("disk", value(m, "/proc/ide/" + d + "/media"));
            assertEquals(value(m, "/sys/block/" + d + "/size"), value(m, "/proc/ide/" + d + "/capacity"));
            List<String> identify = text(m, "/proc/ide/" + d + "/identify").lines().toList();
            assertEquals(32, identify.size());
            assertTrue(identify.stream().allMatch(l -> l.matches("([0-9a-f]{4} ){7}[0-9a-f]{4}")));
        }
        assertEquals("IC35L120AVV207-0", value(m, "/proc/ide/hde/model"));
        assertEquals("MAXTOR 6L080J4", value(m, "/proc/ide/hdf/model"));
        String fstab = text(m, "/etc/fstab");
        assertTrue(fstab.contains("/dev/md1                /                       ext3    defaults"));
        assertFalse(fstab.contains("noatime"));
        assertTrue(text(m, "/etc/rc.local").contains("touch /var/lock/subsys/local"));
        assertFalse(text(m, "/etc/rc.local").contains("hdparm"));
        assertTrue(text(m, "/var/log/dmesg").contains("    ide2: BM-DMA at 0xbe00-0xbe07, BIOS settings: hde:DMA, hdf:DMA\n"));
    }
}

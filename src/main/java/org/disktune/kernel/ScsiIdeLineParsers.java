package org.disktune.kernel;

import static org.disktune.kernel.LineGroups.first;
import static org.disktune.kernel.LineGroups.whole;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The SCSI, IDE, controller and boot lines of {@link BootFactsCollector} and {@link BootStartDetector}: each reader
 * gives the groups 1..n of its pattern (null for a group that took no part), or null where the pattern does not match
 * the whole text ({@code matches()}; "first" readers take the first match anywhere, {@code find()}).
 */
final class ScsiIdeLineParsers {
    private ScsiIdeLineParsers() {
    }

    /** The patterns, compiled when a reader is first used. */
    private static final class Patterns {
        static final Pattern IDE = Pattern.compile("^(hd[a-z]{1,2}): (.*)$");
        static final Pattern IDE_MODEL = Pattern.compile("^(.*), ((?:ATA|ATAPI) .*)$");
        static final Pattern IDE_REQUEST = Pattern.compile("^max request size: (\\d{1,7}) ?KiB");
        static final Pattern IDE_SECTORS = Pattern.compile("^(\\d{1,19}) sectors \\((\\d{1,12}) MB\\)(?: w/(\\d{1,7}) ?KiB Cache)?"
                + "(?:, CHS=(\\d+/\\d+/\\d+))?(?:, ((?:UDMA|DMA|MWDMA|PIO)\\S*))?.*$");
        static final Pattern IDE_SELECTED = Pattern.compile("^(\\S+) mode selected");
        static final Pattern IDE_BIOS = Pattern.compile(WordBoundary.BEFORE + "(hd[a-z]{1,2}):(DMA|pio)" + WordBoundary.AFTER);
        /** 5.15 (and 5.14.y) {@code Unknown kernel command line parameters "a b", will be passed to user space.}; 5.14.0 {@code Unknown command line parameters: a b}. */
        static final Pattern UNKNOWN_PARAMETERS = Pattern.compile(
                "^Unknown (?:kernel command line parameters \"(.*)\", will be passed to user space\\.|command line parameters:(.*))$");
        static final Pattern COMMAND_LINE = Pattern.compile("^(?:Kernel )?[Cc]ommand line: (.*)$");
        static final Pattern VERSION = Pattern.compile("^Linux version (\\S+) .*");
        static final Pattern CONTROLLER = Pattern.compile("^(ahci|ata_piix|ata_generic|pata_\\w+|sata_\\w+|pdc_adma|acard-ahci|ahci_\\w+) "
                + "([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]): (.*)$");
        static final Pattern NV_MODE = Pattern.compile("^Using (ADMA|SWNCQ) mode");
        static final Pattern SCSI_HOST = Pattern.compile("^scsi(?: host(\\d{1,6}):|(\\d{1,6}) :) (\\S+)");
        static final Pattern SCSI_DEVICE = Pattern.compile("^scsi (\\d{1,6}):(\\d{1,4}):(\\d{1,6}):(\\d{1,6}): (.*?) PQ: .*$");
        static final Pattern SD_BRACKET = Pattern.compile("^sd (\\d{1,6}):(\\d{1,4}):(\\d{1,6}):(\\d{1,6}): \\[(\\w+)\\] (.*)$");
        static final Pattern SD_BLOCKS = Pattern.compile("^(\\d{1,19}) (\\d{3,6})-byte (?:logical blocks|hardware sectors|hdwr sectors)");
        static final Pattern SD_ATTACHED_OLD = Pattern.compile("^sd (\\d{1,6}):(\\d{1,4}):(\\d{1,6}):(\\d{1,6}): Attached scsi disk (\\w+)");
        static final Pattern SCSI_DEVICE_OLD = Pattern.compile("^SCSI device (\\w+): (\\d{1,19}) (\\d{3,6})-byte hdwr sectors");
        static final Pattern INQUIRY_OLD = Pattern.compile("^\\s*Vendor: (.{0,8}?)\\s*Model: (.{0,16}?)\\s*Rev: (.{0,4}?)\\s*$");
        static final Pattern TYPE_OLD = Pattern.compile("^\\s*Type:\\s+(\\S+)\\s+ANSI.*$");
        static final Pattern BLANKS = Pattern.compile("\\s+");
    }

    /** {@code hde: message}: drive, message. */
    static String[] ide(String s) {
        return whole(Patterns.IDE, s);
    }

    /** {@code IC35L120AVV207-0, ATA DISK drive}: model, the last ", ATA ..." or ", ATAPI ..." on. */
    static String[] ideModel(String s) {
        return whole(Patterns.IDE_MODEL, s);
    }

    /** {@code max request size: 128KiB}: KiB. */
    static String[] ideRequest(String s) {
        return first(Patterns.IDE_REQUEST, s);
    }

    /** {@code 241254720 sectors (123522 MB) w/1819KiB Cache, CHS=65535/16/63, UDMA(100)}: sectors, MB, cache, CHS, mode. */
    static String[] ideSectors(String s) {
        return whole(Patterns.IDE_SECTORS, s);
    }

    /** {@code UDMA/100 mode selected}: mode. */
    static String[] ideSelected(String s) {
        return first(Patterns.IDE_SELECTED, s);
    }

    /** {@code ... BIOS settings: hde:DMA, hdf:pio}: drive, setting, drive, setting... of every match in turn (empty: none). */
    static List<String> ideBios(String s) {
        return Patterns.IDE_BIOS.matcher(s).results().flatMap(m -> Stream.of(m.group(1), m.group(2))).toList();
    }

    /** {@code Kernel command line: ...}: the command line. */
    static String[] commandLine(String s) {
        return whole(Patterns.COMMAND_LINE, s);
    }

    /** init's {@code Unknown kernel command line parameters "..."} line: the arguments (new form), the arguments (5.14.0 form). */
    static String[] unknownParameters(String s) {
        return whole(Patterns.UNKNOWN_PARAMETERS, s);
    }

    /** {@code Linux version 6.1.0-57-amd64 (...)...}: the release. */
    static String[] version(String s) {
        return whole(Patterns.VERSION, s);
    }

    /** {@code ahci 0000:00:1f.2: message}: driver, PCI address, message. */
    static String[] controller(String s) {
        return whole(Patterns.CONTROLLER, s);
    }

    /** sata_nv's {@code Using ADMA mode}: ADMA or SWNCQ. */
    static String[] nvMode(String s) {
        return first(Patterns.NV_MODE, s);
    }

    /** {@code scsi host0: ahci} or 2.6.1x {@code scsi0 : sata_nv}: host (new form), host (old form), driver. */
    static String[] scsiHost(String s) {
        return first(Patterns.SCSI_HOST, s);
    }

    /** {@code scsi 0:0:0:0: Direct-Access ATA QEMU HARDDISK 2.5+ PQ: 0 ANSI: 5}: H, C, T, L, the inquiry before the first " PQ: ". */
    static String[] scsiDevice(String s) {
        return whole(Patterns.SCSI_DEVICE, s);
    }

    /** {@code sd 0:0:0:0: [sda] message}: H, C, T, L, disk, message. */
    static String[] sdBracket(String s) {
        return whole(Patterns.SD_BRACKET, s);
    }

    /** {@code 2097152 512-byte logical blocks...}: blocks, block size. */
    static String[] sdBlocks(String s) {
        return first(Patterns.SD_BLOCKS, s);
    }

    /** 2.6.1x: {@code sd 0:0:0:0: Attached scsi disk sda}: H, C, T, L, disk. */
    static String[] sdAttachedOld(String s) {
        return first(Patterns.SD_ATTACHED_OLD, s);
    }

    /** 2.6.1x: {@code SCSI device sda: 488397168 512-byte hdwr sectors}: disk, sectors, sector size. */
    static String[] scsiDeviceOld(String s) {
        return first(Patterns.SCSI_DEVICE_OLD, s);
    }

    /** 2.6.1x: {@code   Vendor: ATA       Model: ST3250620AS       Rev: 3.AA}: vendor, model, revision. */
    static String[] inquiryOld(String s) {
        return whole(Patterns.INQUIRY_OLD, s);
    }

    /** 2.6.1x: {@code   Type:   Direct-Access    ANSI SCSI revision: 05}: the type. */
    static String[] typeOld(String s) {
        return whole(Patterns.TYPE_OLD, s);
    }

    /** The words of a stripped text between runs of ASCII blanks ({@code \s}); [""] for "". */
    static List<String> blankSeparated(String text) {
        return List.of(Patterns.BLANKS.split(text));
    }
}

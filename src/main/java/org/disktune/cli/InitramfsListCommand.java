package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.initramfs.image.ImageEntry;
import org.disktune.initramfs.image.ImageListing;
import org.disktune.initramfs.image.ImageSegment;
import org.disktune.initramfs.image.InitramfsImageReader;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** disktune initramfs list IMAGE: every file the kernel would unpack, with the archive that supplies it. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List what the kernel would unpack from IMAGE: path, type, mode, size, and the archive (index and compression) "
                + "that supplies it; later archives override earlier ones. Where the kernel would stop at an error part way, "
                + "the entries before it and the error with its offset, and exit 2. IMAGE may be a unified kernel image "
                + "(its .initrd section is listed, and the kernel command line of its .cmdline section shown first).")
final class InitramfsListCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "IMAGE", description = "The initramfs image, or a unified kernel image (.efi).")
    private String image;

    InitramfsListCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        // the human table shows no hashes: the files' SHA-256 are computed for --json only
        InitramfsImageReader reader = new InitramfsImageReader(image);
        ImageListing listing = session.output().json() ? reader.list(session.treeFile(image)) : reader.listWithoutHashes(session.treeFile(image));
        session.output().render("initramfs list", listing, out -> {
            if (listing.commandLine() != null) {
                // a unified kernel image: the stub hands the kernel this command line
                out.println("command line (.cmdline of the unified kernel image): " + listing.commandLine());
                out.println();
            }
            TableRenderer segments = new TableRenderer("ARCHIVE", "OFFSET", "COMPRESSION");
            for (ImageSegment s : listing.segments()) {
                segments.row(s.index(), s.offset(), s.compression().kernelName());
            }
            segments.print(out);
            out.println();
            TableRenderer files = new TableRenderer("PATH", "TYPE", "MODE", "SIZE", "ARCHIVE");
            for (ImageEntry e : listing.entries()) {
                files.row(e.linkTarget() == null ? e.path() : e.path() + " -> " + e.linkTarget(),
                        e.type().name().toLowerCase(java.util.Locale.ROOT), octal(e.mode()), e.size(), e.archive());
            }
            files.print(out);
            if (listing.error() != null) {
                out.println();
                out.println("error: the kernel unpacks the " + listing.entries().size() + " entries above and stops at archive "
                        + listing.error().archive() + " (offset " + listing.error().offset() + "): " + listing.error().problem());
            }
        });
        if (listing.error() != null) {
            // the kernel logs "Initramfs unpacking failed: ..." and boots with what it has; the image is still bad
            throw new DisktuneException(ExitCode.USAGE, listing.error().message());
        }
        return ExitCode.OK.code();
    }

    /** {@code String.format("%04o", mode)} without a Formatter per entry (a thousand entries per image). */
    static String octal(int mode) {
        String digits = Integer.toOctalString(mode);
        return digits.length() >= 4 ? digits : "0000".substring(digits.length()) + digits;
    }
}
